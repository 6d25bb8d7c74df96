"""Tests of the PBN 2.1 reader and writer (bridgecli.formats.pbn).

Expected values come from the PBN 2.1 standard (see shared reference PBN.md),
not from running the code.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bridgecli.core import (
    DOUBLE,
    PASS,
    REDOUBLE,
    AnnotatedCall,
    Bid,
    Board,
    BridgeError,
    Card,
    Contract,
    Deal,
    InvalidDealError,
    ParseError,
    PlayedCard,
    Risk,
    Seat,
    Strain,
    Vulnerability,
)
from bridgecli.core.board import Section
from bridgecli.formats import pbn

DATA = Path(__file__).parent / "data"

SPEC_DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"


def C(text: str) -> Card:
    return Card.from_str(text)


def one(text: str) -> Board:
    boards = pbn.loads(text)
    assert len(boards) == 1
    return boards[0]


def err(text: str) -> BridgeError:
    recs = list(pbn.iter_records(text, source="t.pbn"))
    errors = [r for r in recs if isinstance(r, BridgeError)]
    assert errors, recs
    return errors[0]


# --- the worked example of the standard (PBN.md §11) --------------------------


def test_spec_example_reads() -> None:
    text = (DATA / "spec_example.pbn").read_text()
    b = one(text)
    assert b.number == 1
    assert b.dealer is Seat.NORTH
    assert b.vulnerability is Vulnerability.NONE
    assert b.deal == Deal.from_pbn(SPEC_DEAL)
    assert b.contract == Contract(5, Strain.HEARTS, Risk.DOUBLED, Seat.SOUTH)
    assert b.result == 9
    assert b.tags["Event"] == "International Amsterdam Airport Schiphol Bridgetournament"
    assert b.player(Seat.WEST) == "Podgor"
    assert b.tags["Scoring"] == "IMP"
    assert len(b.auction or ()) == 15
    assert b.auction[2] == AnnotatedCall(Bid(3, Strain.HEARTS), note=1)  # type: ignore[index]
    assert b.auction[4] == AnnotatedCall(Bid(4, Strain.NOTRUMP), note=2)  # type: ignore[index]
    assert b.calls[5] == DOUBLE and b.calls[-1] == PASS
    assert b.auction_notes == {1: "non-forcing 6-9 points, 6-card", 2: "two colors: clubs and diamonds"}
    assert b.play_leader is Seat.WEST
    assert b.play is not None and len(b.play) == 7
    assert b.play[0][0] == PlayedCard(C("SK"), note=1)
    assert b.play[1] == tuple(PlayedCard(C(t)) for t in ("C5", "C2", "C6", "CK"))
    assert b.play[6] == (PlayedCard(None),) * 3 + (PlayedCard(C("H2")),)
    assert b.play_end == "*"
    assert b.play_notes == {1: "highest of series"}
    assert b.auction_end == ""


def test_spec_example_is_canonical() -> None:
    text = (DATA / "spec_example.pbn").read_text()
    assert pbn.dumps(pbn.loads(text)) == text


def test_crlf_reads_the_same_and_writes_crlf() -> None:
    text = (DATA / "spec_example.pbn").read_text()
    crlf = text.replace("\n", "\r\n")
    assert pbn.loads(crlf) == pbn.loads(text)
    assert pbn.dumps(pbn.loads(text), crlf=True) == crlf


def test_load_and_dump_file_objects() -> None:
    text = (DATA / "spec_example.pbn").read_text()
    boards = pbn.load(io.StringIO(text))
    buf = io.StringIO()
    pbn.dump(boards, buf)
    assert buf.getvalue() == text
    assert "".join(pbn.iter_dumps(boards)) == text


# --- games, comments, directives ------------------------------------------------


def test_empty_input_yields_no_boards() -> None:
    assert pbn.loads("") == []
    assert pbn.loads("\n\n  \n") == []
    assert pbn.loads("% PBN 2.1\n% EXPORT\n") == []
    assert pbn.loads("; only a comment\n{ and a\n\nbrace comment }\n") == []


def test_games_split_on_semi_empty_lines() -> None:
    text = '[Board "1"]\n[Dealer "N"]\n \t\n[Board "2"]\n\n\n[Board "3"]\n'
    assert [b.number for b in pbn.loads(text)] == [1, 2, 3]


def test_blank_line_inside_brace_comment_does_not_split() -> None:
    text = '[Board "1"]\n{ a comment\n\nstill the comment }\n[Dealer "E"]\n'
    b = one(text)
    assert b.number == 1 and b.dealer is Seat.EAST


def test_comments_and_several_tags_per_line() -> None:
    text = (
        '[Event "x"] ; end-of-line comment [Site "no"]\n'
        '[Board "7"] [Dealer "s"] {brace} [Vulnerable "both"]\n'
        '[ West\n  "Smith" ]\n'
        '%directive line\n'
        '[Deal "n:- - - -"]\n'
    )
    b = one(text)
    assert b.tags == {"Event": "x", "West": "Smith"}
    assert b.number == 7 and b.dealer is Seat.SOUTH and b.vulnerability is Vulnerability.ALL
    assert b.deal == Deal((None, None, None, None))


def test_escapes_in_strings() -> None:
    b = one('[Event "say \\"hi\\" \\\\ back"]\n[Board "1"]\n')
    assert b.tags["Event"] == 'say "hi" \\ back'
    assert pbn.loads(pbn.dumps([b])) == [b]


def test_vulnerability_synonyms() -> None:
    for word, vul in (("None", Vulnerability.NONE), ("love", Vulnerability.NONE), ("-", Vulnerability.NONE),
                      ("ns", Vulnerability.NS), ("EW", Vulnerability.EW), ("Both", Vulnerability.ALL),
                      ("all", Vulnerability.ALL)):
        assert one(f'[Vulnerable "{word}"]\n').vulnerability is vul


def test_repeated_tag_first_wins() -> None:
    b = one('[Event "a"]\n[Event "b"]\n[Board "2"]\n[Board "3"]\n')
    assert b.tags["Event"] == "a" and b.number == 2


def test_unknown_tags_kept_in_order() -> None:
    b = one('[Zeta "1"]\n[Board "1"]\n[Alpha "2"]\n[DoubleDummyTricks "746b5747b55862758627"]\n')
    assert list(b.tags) == ["Zeta", "Alpha", "DoubleDummyTricks"]


def test_question_mark_in_mandatory_tag_means_unknown() -> None:
    b = one('[Event "?"]\n[Site ""]\n[Board "?"]\n[Dealer "?"]\n[Room "?"]\n')
    assert b.tags == {"Site": "", "Room": "?"}
    assert b.number is None and b.dealer is None
