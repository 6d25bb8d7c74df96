"""What real programs write that PBN does not allow, read as other readers read it
(issue #15, "Real files"): tag values without quotes (Table Manager)."""

from __future__ import annotations

import subprocess
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.core.board import AnnotatedCall, Board
from bridgecli.core.calls import Bid
from bridgecli.core.cards import Card, Strain
from bridgecli.core.errors import BridgeError, ParseError, ReadWarning
from bridgecli.formats import pbn
from tests.conftest import bridgecli_cmd, subprocess_env

DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.AK .5432.JT98.QJT98"


def _read(text: str) -> tuple[list[object], list[str]]:
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        recs: list[object] = list(pbn.iter_records(text, "t.pbn"))
    return recs, [str(w.message) for w in seen if issubclass(w.category, ReadWarning)]


# -- tag values without quotes ---------------------------------------------------------

TM_GAME = '[Event Random Deal #]\n[Date  "2-Aug-2023"]\n[Board "{n}"]\n[Deal "' + DEAL + '"]\n'


def test_an_unquoted_value_is_the_text_up_to_the_bracket_trimmed() -> None:
    recs, told = _read("% PBN 2.0\n" + TM_GAME.format(n=1))
    (b,) = recs
    assert not isinstance(b, BridgeError), b
    assert b.tag("Event") == "Random Deal #"  # type: ignore[attr-defined]
    assert b.tag("Date") == "2-Aug-2023"  # type: ignore[attr-defined]
    assert told == ["t.pbn:2: tag value without quotes, read as 'Random Deal #' (PBN 3.2 wants \"...\")"]


def test_one_warning_a_file_names_the_first_line_and_counts_the_rest() -> None:
    text = "\n".join(TM_GAME.format(n=n) for n in (1, 2, 3)) + '[Site   Club  room 2 ]\n'
    recs, told = _read(text)
    assert [r.tag("Event") for r in recs] == ["Random Deal #"] * 3  # type: ignore[attr-defined]
    assert recs[2].tag("Site") == "Club  room 2"  # type: ignore[attr-defined]
    assert told == ["t.pbn:1: tag value without quotes, read as 'Random Deal #' (PBN 3.2 wants \"...\") (3 more)"]


def test_quoted_files_give_no_warning() -> None:
    _, told = _read(f'[Event "x"]\n[Deal "{DEAL}"]\n')
    assert told == []


def test_written_back_with_quotes() -> None:
    recs, _ = _read(TM_GAME.format(n=1))
    text = pbn.dumps(recs)  # type: ignore[arg-type]
    assert '[Event "Random Deal #"]\n' in text
    assert _read(text) == (recs, [])


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("[Event]", "unexpected ']'"),  # no value at all
        ('[Event Random "Deal"]', "without quotes"),  # half quoted
        ("[Event Random Deal", "no closing ']'"),
        ("[Event Random {Deal}]", "without quotes"),
        ("[Event Random; Deal]", "without quotes"),
        ('[Event "Random Deal]', "unterminated string"),
    ],
)
def test_broken_tag_lines_stay_errors(line: str, words: str) -> None:
    recs, told = _read(f'[Board "3"]\n{line}\n')
    (e,) = recs
    assert isinstance(e, ParseError), e
    assert (e.line, e.board) == (2, "3")
    assert words in e.message, e.message
    assert told == []


def test_the_command_line_prints_the_warning_once_and_exits_0(tmp_path: Path) -> None:
    f = tmp_path / "tm.pbn"
    f.write_text("\n".join(TM_GAME.format(n=n) for n in (1, 2)))
    res = CliRunner().invoke(cli, ["convert", "--to", "pbn", str(f)])
    assert res.exit_code == 0, res.output
    assert '[Event "Random Deal #"]' in res.stdout
    assert res.stderr == (f"bridgecli: warning: {f}:1: tag value without quotes, read as 'Random Deal #' "
                          "(PBN 3.2 wants \"...\") (1 more)\n")
    # a real process: the same single line, no Python warning text
    proc = subprocess.run([*bridgecli_cmd(), "show", str(f)], capture_output=True, text=True,
                          env=subprocess_env(), timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.splitlines() == [res.stderr.rstrip("\n")]


# -- commentary that looks nested, "--" cards, "=0=" notes (a BBO converter's file) ---------

HEAD = f'[Board "1"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n'


def test_comments_do_not_nest_and_the_lone_closing_brace_is_ignored() -> None:
    text = HEAD + '[Contract "3D"]\n[Declarer "E"]\n{\nstory {host: JC}\n}\n[Result "9"]\n'
    recs, told = _read(text)
    (b,) = recs
    assert not isinstance(b, BridgeError), b
    # the comment ends at the first "}" (PBN 3.8); the second closes nothing
    assert b.comments == (("Declarer", "{\nstory {host: JC}"),)  # type: ignore[attr-defined]
    assert b.result == 9  # type: ignore[attr-defined]
    assert told == [("t.pbn:8: '}' with no comment open ignored (a comment holds '{'; "
                     "comments do not nest, PBN 3.8)")]
    assert _read(pbn.dumps(recs)) == (recs, [])  # type: ignore[arg-type]


@pytest.mark.parametrize("text", [HEAD + "}\n", HEAD + "{a comment}\n}\n", HEAD + '[Event "x" }]\n'])
def test_a_closing_brace_with_no_nested_comment_is_still_an_error(text: str) -> None:
    recs, told = _read(text)
    (e,) = recs
    assert isinstance(e, ParseError) and "'}'" in e.message, e
    assert told == []


PLAY = HEAD + '[Declarer "S"]\n[Contract "3NT"]\n[Play "W"]\nD5 DA D2 D3\n'


def test_a_double_dash_is_an_unknown_card() -> None:
    recs, told = _read(PLAY + "-- C2 -- --\n*\n")
    (b,) = recs
    assert not isinstance(b, BridgeError), b
    row = b.play[1]  # type: ignore[attr-defined]
    assert [p.card for p in row] == [None, Card.from_str("C2"), None, None]
    assert told == ["t.pbn:8: card '--' read as '-' (an unknown card, PBN 3.6) (2 more)"]
    assert "\n- C2 - -\n" in pbn.dumps(recs)  # type: ignore[arg-type]


def test_a_note_numbered_zero_is_dropped_and_the_alert_kept() -> None:
    text = HEAD + '[Auction "N"]\n1C 2NT =0= ! 3H =0= Pass\nPass Pass\n'
    recs, told = _read(text)
    (b,) = recs
    assert not isinstance(b, BridgeError), b
    calls = b.auction  # type: ignore[attr-defined]
    assert calls[1] == AnnotatedCall(Bid(2, Strain.NOTRUMP), alert=True)
    assert calls[2] == AnnotatedCall(Bid(3, Strain.HEARTS))
    assert told == ["t.pbn:5: note reference '=0=' ignored (notes are numbered from 1, PBN 3.5) (1 more)"]


def test_the_same_in_a_game_the_fast_path_reads_gives_the_line() -> None:
    # no brace anywhere: the file takes the whole-game path first
    text = '[Event "x"]\n\n' + PLAY + "-- C2 - -\n"
    recs, told = _read(text)
    assert len(recs) == 2 and all(isinstance(r, Board) for r in recs)
    assert told == ["t.pbn:10: card '--' read as '-' (an unknown card, PBN 3.6)"]


@pytest.mark.parametrize(("row", "words"), [("S- C2 - -", "not a card: 'S-'"), ("-S C2 - -", "not a card")])
def test_other_dash_words_are_still_errors(row: str, words: str) -> None:
    recs, _ = _read(PLAY + row + "\n")
    (e,) = recs
    assert isinstance(e, ParseError) and words in e.message, e


def test_the_auction_reader_warns_once_a_file_with_lines_in_the_file(tmp_path: Path) -> None:
    # validate-auction's quick reader splits the file into games and hands these to the
    # full reader one by one: still one warning a kind, with the line in the whole file
    game = HEAD.replace('"1"', '"{n}"') + '[Auction "N"]\n1NT =0= Pass 3NT AP\n'
    text = "\n".join(game.format(n=n) for n in (1, 2, 3))
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        recs = list(pbn.iter_auction_records(text, "t.pbn"))
    assert [r.number for r in recs] == [1, 2, 3]  # type: ignore[union-attr]
    assert [str(w.message) for w in seen if issubclass(w.category, ReadWarning)] == [
        "t.pbn:5: note reference '=0=' ignored (notes are numbered from 1, PBN 3.5) (2 more)"]
    f = tmp_path / "v.pbn"
    f.write_text(text)
    res = CliRunner().invoke(cli, ["validate-auction", str(f)])
    assert res.exit_code == 0, res.output
    assert res.stderr == (f"bridgecli: warning: {f}:5: note reference '=0=' ignored "
                          "(notes are numbered from 1, PBN 3.5) (2 more)\n")
