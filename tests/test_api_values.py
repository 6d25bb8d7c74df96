"""The library returns values (issue #28 item 8): typed scores, one argument order for the
checkers, call and seat texts taken where calls and seats are expected, mistakes named."""

from __future__ import annotations

import pickle

import pytest

import bridgecli as bc

from .conftest import ROOT

CLUB = ROOT / "docs" / "examples" / "club.pbn"  # 1: 4H by S, 10 tricks, none vul; 2: 3NTX by E, 7, N-S vul


def test_score_takes_text_a_contract_with_tricks_or_a_board() -> None:
    one, two = bc.read(CLUB)
    # Law 77: 4H made, not vulnerable: 120 + 300 game
    assert bc.score(one) == 420 and isinstance(bc.score(one), int)
    # 3NTX by E down 2, E-W not vulnerable: -100 - 200; N-S get +300
    s = bc.score(two)
    assert (s, s.ns, s.ew, s.declarer) == (-300, 300, -300, bc.Seat.EAST)
    assert s.breakdown.undertricks == -300 and s.breakdown.over_under == -2 and not s.breakdown.made
    assert bc.score(one.contract, 11) == 450
    assert bc.score(two.contract, 9, vul="both") == 750  # 3NTX made, vulnerable: 200 + 500 game + 50 insult
    assert bc.score("4S", 10, vul="ew", declarer="E").ns == -620
    assert bc.score("4SX-1", vul="both") == -200 and bc.score("4SX-1", vul="both").ns == -200
    assert bc.score("pass").ns == 0 and bc.score(bc.Contract.from_str("pass")) == 0
    assert str(bc.score("3NT+1")) == "430" and repr(bc.score("3NT+1")) == "430"
    assert pickle.loads(pickle.dumps(s)).ns == 300
    assert bc.breakdown(one).game_bonus == 300


def test_score_names_the_mistake() -> None:
    one, _ = bc.read(CLUB)
    with pytest.raises(TypeError, match="needs the tricks"):
        bc.score(one.contract)
    with pytest.raises(TypeError, match="not int"):
        bc.score(420)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="tricks"):
        bc.score("4S", "10")  # type: ignore[arg-type]
    with pytest.raises(bc.ParseError, match="0 to 13"):
        bc.score("4S", 14)
    with pytest.raises(bc.ParseError, match="no contract"):
        bc.score(bc.Board(number=3))
    with pytest.raises(bc.ParseError, match="records no result"):
        bc.score(one.replace(result=None))
    with pytest.raises(bc.ParseError, match="the contract says"):
        bc.score("4SE=", declarer="N")


def test_checkers_take_the_dealer_then_the_calls_as_texts_or_calls() -> None:
    # 1H 1S 1D: the 1D is insufficient after 1S (Law 27)
    v = bc.check_auction("N", ["1H", "1S", "1D", "P"])
    assert v.check is not None and v.check.error is not None and v.check.error.index == 2
    assert v.check.reason == "insufficient"  # type: ignore[union-attr]
    assert bc.check_auction(bc.Seat.NORTH, ["1H", bc.PASS, "P", "P"]).contract == bc.Contract.from_str("1H by N")
    check = bc.check_calls("N", ["1H", "P", "2H", "P", "P", "P"])
    assert check.error is None and check.contract == bc.Contract.from_str("2H by N")  # North bid hearts first
    assert bc.check_calls("N", ["1H", "P", "2H"]) == bc.check_calls(bc.Seat.NORTH, [bc.parse_call(c) for c in ("1H", "P", "2H")])
    with pytest.raises(TypeError, match="dealer first"):
        bc.check_auction("1NT P 3NT P P P", "N")
    with pytest.raises(TypeError, match="dealer first"):
        bc.check_auction(["1H", "P"], "N")  # type: ignore[arg-type]
    with pytest.raises(bc.ParseError, match="call 2: not a call: '1Q'"):
        bc.check_calls("N", ["1H", "1Q"])
    with pytest.raises(bc.ParseError, match="not a seat"):
        bc.check_calls("Q", ["1H"])
    with pytest.raises(TypeError, match="not a call"):
        bc.check_auction("N", ["1H", 2])  # type: ignore[list-item]


def test_read_of_a_word_that_names_no_file_is_file_not_found(tmp_path) -> None:
    for name in ("nosuchfile", str(tmp_path / "nosuch"), "nosuch.pbn"):
        with pytest.raises(FileNotFoundError):
            list(bc.read(name))
    # a one-line deal is text, not a path
    (board,) = bc.read("N:AKQ2.KJ3.T98.A32 J943.Q92.KQ7.J54 T8.AT854.A65.KQ7 765.76.J432.T986")
    assert board.deal is not None


def test_a_scored_line_has_its_number() -> None:
    lines = list(bc.score_lines(["4S=", "", "3NT+1 --vul both", "4SX-1 --vul both"]))
    # Law 77: 420; a blank line; 3NT+1 vulnerable 630; 4SX-1 vulnerable -200
    assert [ln.value for ln in lines] == [420, None, 630, -200]
    assert [ln.value for ln in bc.score_lines(["4S= --json"])] == [420]  # a line that asks for its JSON object
    assert [ln.value for ln in bc.score_lines(["620 -100"], imps=True)] == [12]


def test_score_lines_takes_lang_as_the_other_functions_do() -> None:
    """``lang=`` (a code or a Language), as ``check_auction`` and ``read_results`` take it.
    Polish reads ``2C`` as two hearts (``C``: kier, 110), so an English ``2C=`` (90) is
    warned about when the caller's language is Polish."""
    from bridgecli.core.notation import get_language

    def warnings(**kw: object) -> list[str]:
        seen: list[str] = []
        assert [ln.value for ln in bc.score_lines(["4S=", "2C="], warn=seen.append, **kw)] == [420, 90]  # type: ignore[arg-type]
        return seen

    assert warnings() == []
    polish = warnings(lang="pl")
    assert len(polish) == 1 and "2C=" in polish[0]
    assert warnings(lang=get_language("pl")) == polish


def test_an_artificial_score_is_adjusted_not_result() -> None:
    text = '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Contract "4S"]\n[Declarer "N"]\n[Score "A+"]\n\n'
    (scored,) = bc.score_boards(bc.loads(text, "pbn"))
    assert scored.to_dict()["adjusted"] == "A+" and scored.to_dict()["result"] is None
    assert scored.result_text == "A+" and scored.over_under is None
