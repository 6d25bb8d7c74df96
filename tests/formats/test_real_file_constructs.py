"""Constructs of real files that were refused or lost (issue #31, field test 2), each from a
small file written here: BridgeComposer's board labels and quiz marks, BBO teaching files'
``mb`` runs and ``ah`` headings, a LIN play to trick 13, ``;`` comments, ``^`` results, an
``A+`` Score tag, a Polish file saved in Windows-1250."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.core import fastpaths
from bridgecli.core.calls import PASS, Bid, parse_call
from bridgecli.core.cards import Seat, Strain, Vulnerability
from bridgecli.core.errors import MismatchError, ParseError, ReadWarning
from bridgecli.formats import json_format, lin, pbn, yaml_format
from bridgecli.formats.stream import text_chunks
from bridgecli.formats.traveller import contract_and_tricks, iter_results_from_boards

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _game(board: str, extra: str = "", dealer: str = "E", vul: str = "NS") -> str:
    return f'[Event "Lesson"]\n[Board "{board}"]\n[Dealer "{dealer}"]\n[Vulnerable "{vul}"]\n[Deal "{DEAL}"]\n{extra}'


# -- board labels (BridgeComposer lessons: [Board "1-1"]) ---------------------------------

LABELS = _game("1-1") + "\n" + _game("1-2", dealer="S", vul="None")


def test_a_board_label_is_read_kept_and_warned_once() -> None:
    with pytest.warns(ReadWarning) as seen:
        boards = pbn.loads(LABELS)
    assert len([w for w in seen if "label" in str(w.message)]) == 1
    assert "'1-1'" in str(seen[0].message) and "(1 more)" in str(seen[0].message)
    first, second = boards
    # no number: dealer and vulnerability come from their tags, never from a number
    assert first.number is None and first.tags["Board"] == "1-1" and first.label == "board 1-1"
    assert (first.effective_dealer, first.effective_vulnerability) == (Seat.EAST, Vulnerability.NS)
    assert (second.effective_dealer, second.effective_vulnerability) == (Seat.SOUTH, Vulnerability.NONE)
    # the label as written, whatever the way round
    assert '[Board "1-1"]' in pbn.dumps(boards)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ReadWarning)
        assert pbn.loads(pbn.dumps(boards)) == boards
        for fmt in (json_format, yaml_format):
            assert fmt.loads(fmt.dumps(boards)) == boards
        assert "ah|Board 1-1|" in lin.dumps(boards)
        assert [b.tags.get("Board") for b in lin.loads(lin.dumps(boards))] == ["1-1", "1-2"]


@pytest.mark.parametrize("value", ["0", "-3", "+0"])
def test_a_number_that_is_not_positive_is_still_refused(value: str) -> None:
    (rec,) = pbn.iter_records(_game(value))
    assert isinstance(rec, ParseError) and "positive integer" in rec.message


def test_show_names_the_board_by_its_label(tmp_path: Path) -> None:
    path = tmp_path / "lesson.pbn"
    path.write_text(LABELS)
    r = CliRunner().invoke(cli, ["show", str(path), "--brief"])
    assert r.exit_code == 0, r.stderr
    assert [line.split()[:4] for line in r.stdout.splitlines()] == [["Board", "1-1", "E", "NS"],
                                                                    ["Board", "1-2", "S", "None"]]
    assert r.stderr.count("warning") == 1


# -- quiz marks in auctions (BridgeComposer: "____", "+ $2") -------------------------------


@pytest.mark.parametrize(("section", "calls", "end"), [
    ("1D 1S 2D Pass\nPass ____\n", ["1D", "1S", "2D", "Pass", "Pass"], "____"),
    ("1C Pass\n+ $2\n", ["1C", "Pass"], "+ $2"),
    ("1C ___ $1\n", ["1C"], "___ $1"),
])
def test_a_quiz_question_ends_the_auction_and_is_kept(section: str, calls: list[str], end: str) -> None:
    (b,) = pbn.loads(_game("1", '[Auction "E"]\n' + section))
    assert b.calls == [parse_call(c) for c in calls] and b.auction_end == end
    assert pbn.loads(pbn.dumps([b])) == [b]
    for fmt in (json_format, yaml_format):
        assert fmt.loads(fmt.dumps([b])) == [b]


@pytest.mark.parametrize("section", ["1C ____ 1D\n", "1C * ____\n", "1C $2\n+ ____\n"])
def test_calls_after_the_question_are_refused(section: str) -> None:
    (rec,) = pbn.iter_records(_game("1", '[Auction "E"]\n' + section))
    assert isinstance(rec, ParseError) and "after" in rec.message


# -- LIN: several calls in one mb, ah headings, a play to trick 13 ------------------------

# N deals; one suit a hand: S all spades, W all clubs, N all diamonds, E (left out) all hearts
ONE_SUIT = "md|3SAKQJT98765432,CAKQJT98765432,DAKQJT98765432,|"


def _lin(calls: str, cards: list[str], head: str = "ah|Board 3|") -> str:
    return f"pn|s,w,n,e|st||{ONE_SUIT}rh||{head}sv|o|{calls}" + "".join(f"pc|{c}|" for c in cards) + "\n"


def test_several_calls_in_one_mb() -> None:
    (b,) = lin.loads(_lin("mb|1nppp|", []))
    assert b.calls == [Bid(1, Strain.NOTRUMP), PASS, PASS, PASS]
    (b,) = lin.loads(_lin("mb|p|mb|1S!p|mb|2sp|mb|p|", []))
    assert b.calls == [PASS, Bid(1, Strain.SPADES), PASS, Bid(2, Strain.SPADES), PASS, PASS]
    assert b.auction is not None and b.auction[1].alert


def test_only_a_board_heading_gives_a_number() -> None:
    (b,) = lin.loads(_lin("", [], head="ah|Goal: take 2 tricks|"))
    assert b.number is None and b.vulnerability == Vulnerability.NONE  # (from sv|o|, not from a number 2)
    assert b.comments == (("", "{Goal: take 2 tricks}"),)
    assert lin.loads(_lin("", [], head="ah|board 12|"))[0].number == 12


def _suit_run(suit: str) -> list[str]:
    return [suit + r for r in "AKQJT98765432"]


@pytest.mark.parametrize("fast", [True, False])
def test_a_play_to_trick_13_without_a_claim_gives_the_result(monkeypatch: pytest.MonkeyPatch, fast: bool) -> None:
    if not fast:
        monkeypatch.setattr(fastpaths, "ON", False)  # the fast lanes off
    # 1NT by N: E leads hearts and wins every trick (no one else holds one)
    east_wins = [c for e, s, w, n in zip(_suit_run("H"), _suit_run("S"), _suit_run("C"), _suit_run("D"))
                 for c in (e, s, w, n)]
    (b,) = lin.loads(_lin("mb|1N|mb|p|mb|p|mb|p|", east_wins))
    assert b.contract is not None and b.contract.declarer == Seat.NORTH and b.result == 0 and b.play_end == ""
    # 7S by N: E leads a heart, dummy ruffs, then leads spades: declarer's side takes all 13
    first = ["HA", "S2", "CA", "DA"]
    rest = [c for s, w, n, e in zip(_suit_run("S")[:-1], _suit_run("C")[1:], _suit_run("D")[1:], _suit_run("H")[1:])
            for c in (s, w, n, e)]
    (b,) = lin.loads(_lin("mb|7S|mb|p|mb|p|mb|p|", first + rest))
    assert b.result == 13
    # fewer than 13 tricks and no claim: no result
    (b,) = lin.loads(_lin("mb|7S|mb|p|mb|p|mb|p|", first + rest[:8]))
    assert b.result is None


# -- PBN ';' comments ---------------------------------------------------------------------


def test_semicolon_comments_are_kept_and_written_back() -> None:
    text = ('; before the game\n[Event "Cup"] ; the event\n[Board "1"]\n[VisitTeam "Sweden"] ; this is also a comment\n'
            f'[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Auction "N"]\n1S Pass ; a quiet start\nPass Pass\n')
    (b,) = pbn.loads(text)
    assert b.comments == (("", "; before the game"), ("Event", "; the event"),
                          ("VisitTeam", "; this is also a comment"), ("Auction", "; a quiet start"))
    again = pbn.dumps([b])
    assert "\n[VisitTeam \"Sweden\"]\n; this is also a comment\n" in again
    assert pbn.loads(again) == [b]
    for fmt in (json_format, yaml_format):
        assert fmt.loads(fmt.dumps([b])) == [b]
    assert "nt|this is also a comment|" in lin.dumps([b])


# -- a '^' result: tricks agreed, not as played -------------------------------------------


def test_an_agreed_result_is_never_a_mismatch() -> None:
    # E leads three top clubs, then the fourth: S ruffs, declarer has won 1 trick
    play = '[Play "E"]\nCA C8 C5 C2\nCK C9 C6 C3\nCQ CT C7 C4\nCJ S5 HA D5\n*\n'
    outcome = '[Declarer "N"]\n[Contract "4S"]\n[Result "{}"]\n[Auction "N"]\n4S Pass Pass Pass\n'
    (agreed,) = pbn.loads(_game("1", outcome.format("^0") + play, dealer="N", vul="None"))
    assert contract_and_tricks(agreed)[1] == 0
    (played,) = pbn.loads(_game("1", outcome.format("0") + play, dealer="N", vul="None"))
    with pytest.raises(MismatchError, match="cannot follow from the play"):
        contract_and_tricks(played)


# -- a table's artificial adjusted score ([Score "A+"]) ------------------------------------


def test_an_artificial_score_tag_is_a_table_result(tmp_path: Path) -> None:
    table = '[PairNS "{}"]\n[PairEW "{}"]\n'
    text = (_game("1", table.format(1, 2) + '[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n', "N", "None") + "\n"
            + _game("1", table.format(3, 4) + '[Score "A+"]\n', "N", "None"))
    results = list(iter_results_from_boards(pbn.loads(text)))
    assert [r.adjusted.text if r.adjusted else None for r in results] == [None, "A+"]
    path = tmp_path / "t.pbn"
    path.write_text(_game("2", "", "N", "None") + "\n" + text)  # first a board with no result yet (its own line)
    r = CliRunner().invoke(cli, ["score", str(path), "--json"])
    assert r.exit_code == 0, r.stderr
    assert [line.count('"adjusted": "A+"') for line in r.stdout.splitlines()] == [0, 0, 1]


# -- a Polish file saved in Windows-1250 ---------------------------------------------------

POLISH = '[Event "Mistrzostwa Polski"]\n[Board "1"]\n[West "Łukasz Żak"]\n[North "Michał Ślęzak"]\n'


class _Pipe(io.RawIOBase):
    """Bytes that can only be read forward, a few at a time (as from a pipe)."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        n = min(len(buffer), 16, len(self.data))
        buffer[:n], self.data = self.data[:n], self.data[n:]
        return n


def _decoded(data: bytes, pipe: bool = False) -> tuple[str, list[str]]:
    fp = io.BufferedReader(_Pipe(data)) if pipe else io.BytesIO(data)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        text = "".join(text_chunks(fp, "f.pbn", size=16))
    return text, [str(w.message) for w in seen]


@pytest.mark.parametrize("pipe", [False, True], ids=["file", "pipe"])
def test_windows_1250_is_told_by_its_letters_and_said(pipe: bool) -> None:
    text, said = _decoded(POLISH.encode("cp1250"), pipe)
    assert text == POLISH
    assert len(said) == 1 and "Windows-1250" in said[0] and said[0].startswith("f.pbn:3:"), said


@pytest.mark.parametrize("value", ["Hélène Côté", "£5 entry", "Müller ¼ board", "10¹"])
def test_latin_1_stays_latin_1(value: str) -> None:
    text = f'[Event "{value}"]\n'
    assert _decoded(text.encode("latin-1")) == (text, [])


def test_a_command_reads_a_windows_1250_file(tmp_path: Path) -> None:
    path = tmp_path / "pl.pbn"
    path.write_bytes((POLISH + f'[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n').encode("cp1250"))
    r = CliRunner().invoke(cli, ["convert", str(path), "--to", "json"])
    assert r.exit_code == 0 and '"West": "Łukasz Żak"' in r.stdout
    assert "read as Windows-1250" in r.stderr
