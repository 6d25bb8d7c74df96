"""The Python API of validate-auction: ``bc.check_auction``, ``bc.check_auctions``, ``bc.AuctionVerdict``.

Expected values come from the Laws (18-22) and the boards written out below."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgecli as bc
from bridgecli.checks.auctions import check_board, verdict_json, verdict_json_line
from bridgecli.core.board import AnnotatedCall, Board
from bridgecli.core.cards import Seat, Vulnerability
from bridgecli.core.contract import Risk
from bridgecli.core.notation import ENGLISH
from bridgecli.render.auctions import verdict_text, write_checks

from ..formats.strategies import contracts, legal_auctions

# Board 1: N deals, 1NT P 3NT all pass: 3NT by N, the tags agree.
# Board 2: E deals, 1S X 2S P P P: 2S by E, but the tags say 3S (a mismatch).
# Board 3: S deals, 1H P 1S 1D: the fourth call (E) is insufficient.
# Board 4: W deals, P 1C: open, E to call.
# Board 5: N deals, four passes: passed out.
# Board 6: a call that is not a call: unreadable.
PBN = """\
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Contract "3NT"]
[Declarer "N"]
[Auction "N"]
1NT Pass 3NT Pass
Pass Pass

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Contract "3S"]
[Declarer "E"]
[Auction "E"]
1S X 2S Pass
Pass Pass

[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Auction "S"]
1H Pass 1S 1D

[Board "4"]
[Dealer "W"]
[Vulnerable "All"]
[Auction "W"]
Pass 1C

[Board "5"]
[Dealer "N"]
[Vulnerable "NS"]
[Auction "N"]
Pass Pass Pass Pass

[Board "6"]
[Dealer "E"]
[Vulnerable "EW"]
[Auction "E"]
1C 1Q
"""

TEXT = [
    "Board 1: 3NT by N, neither vulnerable",
    "Board 2: 2S by E, N-S vulnerable; mismatch: tags say 3S by E",
    "Board 3: illegal call 4 (E) '1D': insufficient, 1S was the last bid (Law 27)",
    "Board 4: incomplete after 2 calls, E to call, both vulnerable",
    "Board 5: passed out, N-S vulnerable",
]


def test_the_names_are_public_and_lazy() -> None:
    for name in ("check_auction", "check_auctions", "AuctionVerdict"):
        assert name in bc.__all__
    assert bc.check_auctions.__module__.startswith("bridgecli.checks.auctions")


def test_one_auction_from_text() -> None:
    v = bc.check_auction("N", "1NT P 3NT P P P")
    assert isinstance(v, bc.AuctionVerdict)
    assert v.ok and v.status == 0
    assert v.contract is not None
    assert (v.contract.level, v.contract.strain, v.contract.risk) == (3, bc.Strain.NOTRUMP, Risk.UNDOUBLED)
    assert v.contract.declarer == bc.Seat.NORTH
    assert verdict_text(v, ENGLISH, inline=True) == "Auction: 3NT by N"


def test_one_auction_from_calls_is_the_same() -> None:
    calls = [bc.Bid(1, bc.Strain.SPADES), bc.DOUBLE, bc.REDOUBLE, bc.PASS, bc.PASS, bc.PASS]
    v = bc.check_auction(bc.Seat.EAST, calls)
    assert v.contract == bc.check_auction("E", "1S X XX P P P").contract
    # E opened 1S, redoubled by W: 1SXX by East (the first of E-W to name spades)
    assert v.contract is not None and v.contract.risk == Risk.REDOUBLED and v.contract.declarer == bc.Seat.EAST


def test_an_insufficient_bid() -> None:
    # W deals: W 1H, N P, E 1S, S P, W 1D: the fifth call, W's, does not outrank 1S (Law 18B)
    v = bc.check_auction("W", "1H P 1S P 1D")
    assert not v.ok and v.status == 1
    assert v.check is not None and v.check.index == 4 and v.check.reason == "insufficient"
    assert v.check.seat == bc.Seat.WEST
    assert v.to_json()["error"]["index"] == 4


def test_doubles_and_redoubles_out_of_place() -> None:
    # N deals 1H, E passes, S doubles partner's bid (Law 19A1)
    assert bc.check_auction("N", "1H P X").check.reason == "double-own-side"  # type: ignore[union-attr]
    # a redouble of an undoubled bid (Law 19B1)
    assert bc.check_auction("N", "1H XX").check.reason == "redouble-undoubled"  # type: ignore[union-attr]
    # a call after the auction closed (Law 22)
    assert bc.check_auction("N", "P P P P 1C").check.reason == "after-close"  # type: ignore[union-attr]


def test_open_auction_options() -> None:
    # S deals 1H, W doubles: N may pass, redouble or bid 1S and up; not double
    v = bc.check_auction("S", "1H X", legal_calls=True)
    assert v.ok and v.contract is None
    assert v.legal_calls is not None
    assert v.legal_calls[:3] == (bc.PASS, bc.REDOUBLE, bc.Bid(1, bc.Strain.SPADES))
    assert len(v.legal_calls) == 2 + 32  # 1S .. 7NT: 35 bids less 1C 1D 1H
    assert bc.check_auction("S", "1H X", require_complete=True).status == 1


def test_all_pass_and_languages() -> None:
    assert bc.check_auction("N", "1C AP").contract == bc.check_auction("N", "1C P P P").contract
    v = bc.check_auction("N", "1BA pas 3BA pas pas pas", lang="pl")
    assert v.contract is not None and v.contract.level == 3 and v.contract.strain == bc.Strain.NOTRUMP


def test_bad_input_raises() -> None:
    with pytest.raises(bc.ParseError):
        bc.check_auction("N", "1NT P 8C")
    with pytest.raises(bc.ParseError):
        bc.check_auction("Q", "1NT")


def _texts(verdicts: object) -> list[str]:
    return [verdict_text(v, ENGLISH) for v in verdicts]  # type: ignore[attr-defined]


def test_boards_of_a_text() -> None:
    verdicts = list(bc.check_auctions(PBN))
    assert [v.record for v in verdicts] == [1, 2, 3, 4, 5, 6]
    assert _texts(verdicts[:5]) == TEXT
    assert [v.status for v in verdicts] == [0, 1, 1, 0, 0, 2]
    assert [v.mismatch for v in verdicts] == [False, True, False, False, False, False]
    bad = verdicts[5]
    assert bad.board is None and bad.read_error is not None and bad.read_error.line == 41
    assert bad.to_json()["error"]["reason"] == "unknown-call"


def test_require_complete_and_legal_calls_on_boards() -> None:
    verdicts = list(bc.check_auctions(PBN, require_complete=True, legal_calls=True))
    assert verdicts[3].status == 1  # board 4 is open
    assert verdicts[3].legal_calls is not None and verdicts[3].legal_calls[0] == bc.PASS
    assert verdicts[3].legal_calls[1] == bc.DOUBLE  # E may double N's 1C
    assert verdicts[0].legal_calls is None  # closed


def test_every_kind_of_source_gives_the_same(tmp_path: Path) -> None:
    path = tmp_path / "boards.pbn"
    path.write_text(PBN, encoding="utf-8")
    expected = _texts(bc.check_auctions(PBN, name=str(path)))
    assert expected[5].startswith(f"Board 6: unreadable record ({path}:41): ")
    assert _texts(bc.check_auctions(path)) == expected
    with open(path, "rb") as fp:
        assert _texts(bc.check_auctions(fp)) == expected
    with open(path, encoding="utf-8") as fp:
        assert _texts(bc.check_auctions(fp)) == expected
    assert _texts(bc.check_auctions(io.StringIO(PBN.replace("\n", "\r\n")), name=str(path))) == expected
    boards = [b for b in bc.read(PBN.replace("1C 1Q", "1C 1D"))][:5]
    assert _texts(bc.check_auctions(boards)) == expected[:5]


def test_other_formats(tmp_path: Path) -> None:
    boards = list(bc.read(PBN.replace("1C 1Q", "1C 1D")))
    path = tmp_path / "boards.jsonl"
    bc.write(boards, path, "json")
    assert _texts(bc.check_auctions(path))[:5] == TEXT


def test_write_gives_the_command_lines() -> None:
    out = io.StringIO()
    assert write_checks(out, bc.check_auctions(PBN)) == (2, 6)
    assert out.getvalue().splitlines()[:5] == TEXT
    out = io.StringIO()
    assert write_checks(out, bc.check_auctions(PBN), as_json=True) == (2, 6)
    objs = [json.loads(line) for line in out.getvalue().splitlines()]
    assert objs == [v.to_json() for v in bc.check_auctions(PBN)]
    assert [o["contract"] for o in objs] == ["3NT", "2S", None, None, "Pass", None]
    assert [o["declarer"] for o in objs] == ["N", "E", None, None, None, None]


def test_workers_give_the_same_verdicts_in_order() -> None:
    many = "\n".join(PBN.replace('[Board "', f'[Board "{k}') for k in range(1, 5))  # boards 11-16, 21-26 ...
    assert many.count("[Board") == 24
    one = list(bc.check_auctions(many))
    two = list(bc.check_auctions(many, jobs=2))
    assert _texts(two) == _texts(one)
    assert [v.record for v in two] == list(range(1, 25))
    out1, out2 = io.StringIO(), io.StringIO()
    assert write_checks(out1, bc.check_auctions(many, jobs=1), as_json=True) == write_checks(
        out2, bc.check_auctions(many, jobs=2), as_json=True)
    assert out1.getvalue() == out2.getvalue()


def test_unknown_format_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(bc.ParseError):
        bc.check_auctions(PBN, fmt="xml")
    with pytest.raises(OSError):
        bc.check_auctions(tmp_path / "nope.pbn")
    with pytest.raises(OSError):
        bc.check_auctions(str(tmp_path / "nope.pbn"))


# -- the JSON line written directly agrees with json.dumps of the verdict's object --------------

@st.composite
def judged_boards(draw: st.DrawFn) -> Board:
    """A board with a legal auction, its tags agreeing, disagreeing or absent; an open one now and then."""
    dealer = draw(st.sampled_from(list(Seat)))
    calls, reached = draw(legal_auctions(dealer))
    if draw(st.booleans()):
        calls = calls[:draw(st.integers(0, len(calls)))]
    return Board(number=draw(st.none() | st.integers(1, 99)), dealer=draw(st.none() | st.just(dealer)),
                 vulnerability=draw(st.none() | st.sampled_from(list(Vulnerability))),
                 auction=tuple(AnnotatedCall(c) for c in calls), auction_from=dealer,
                 contract=draw(st.sampled_from([None, reached, reached.with_declarer(None)]) | contracts))


@settings(max_examples=100, deadline=None)
@given(st.lists(judged_boards(), min_size=1, max_size=4), st.booleans())
def test_the_json_line_is_json_dumps_of_the_object(boards: list[Board], require_complete: bool) -> None:
    for board in boards + boards:  # the second time, the contracts' texts are remembered
        v = check_board(board, require_complete=require_complete)
        assert verdict_json_line(v) == json.dumps(verdict_json(v), ensure_ascii=False)


def _game(board: str, event: str = "Club") -> str:
    return (f'[Event "{event}"]\n[Site "x"]\n[Date "2026.12.01"]\n[Board "{board}"]\n[West "w"]\n[North "n"]\n'
            f'[East "e"]\n[South "s"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "?"]\n[Scoring "?"]\n'
            '[Declarer "N"]\n[Contract "1NT"]\n[Result "?"]\n[Auction "N"]\n1NT Pass Pass Pass\n')


@pytest.mark.skipif((__import__("os").cpu_count() or 1) < 2, reason="workers need two cores")
@pytest.mark.parametrize("last", ["#", "##"])
def test_workers_keep_inheritance_across_the_pieces_of_a_file(tmp_path: Path, last: str) -> None:
    """PBN §4.8: ``#`` copies the tag's value from the game before, ``##`` sets a value for
    the games after that lack the tag. A file is read a megabyte at a time; the text left
    after the last blank line, here the last game, is a piece of its own. Workers give the
    same boards as one process when that piece copies a value from the pieces before
    (``#``), or lacks a value that one of them set (``##``)."""
    n = 6000  # about 1.4 MB of games without inheritance
    games = [_game(str(k)) for k in range(1, n + 1)]
    if last == "#":
        games.append(_game("#", event="#"))
        expected = [(n, "Club"), (n, "Club")]  # the board before, and its Event
    else:
        games[-1] = _game(str(n), event="##Cup")
        games.append(_game("1").replace('[Event "Club"]\n', ""))
        expected = [(n, "Cup"), (1, "Cup")]
    path = tmp_path / "late.pbn"
    path.write_text("\n".join(games))
    assert path.stat().st_size > 1 << 20

    def key(jobs: int) -> list[tuple[object, ...]]:
        return [(v.board.number, v.board.tags.get("Event")) if v.board is not None else (v.read_error,)
                for v in bc.check_auctions(path, jobs=jobs)]

    two = key(2)
    assert two[-2:] == expected
    assert two == key(1)
