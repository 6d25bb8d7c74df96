"""CSV/YAML travellers and Score tags."""

from __future__ import annotations

import pytest

from bridgecli.core.board import Board
from bridgecli.core.calls import Contract
from bridgecli.core.cards import Seat, Vulnerability
from bridgecli.core.errors import MismatchError, ParseError
from bridgecli.formats.traveller import (
    board_ns_score,
    is_traveller_yaml,
    loads_csv,
    loads_yaml,
    ns_score,
    parse_score_tag,
    result_text,
    results_from_boards,
    score_tag,
)


def test_csv_columns_and_aliases() -> None:
    text = "Board,Pair NS,PAIR_EW,Contract,By,Tricks,Lead,Room,Vul\n" \
           "2,1,2,3NT,N,9,SQ,open,\n" \
           "2,3,4,4SX-1,E,,,closed,None\n" \
           "# a comment\n\n" \
           "3,5,6,pass,,,,,\n"
    rs = loads_csv(text, "t.csv")
    # board 2 is N-S vulnerable by the cycle (RULES.md §4): 3NT= 600; the vul column overrides
    assert [(r.board, r.ns, r.ew, r.score) for r in rs] == [("2", "1", "2", 600), ("2", "3", "4", 100),
                                                            ("3", "5", "6", 0)]
    assert rs[0].lead == "SQ" and rs[0].room == "open" and rs[0].tricks == 9 and rs[0].line == 2
    assert rs[1].contract == Contract.from_str("4SX by E") and rs[1].tricks == 9


def test_csv_score_only_row() -> None:
    rs = loads_csv("board,ns,ew,score\n1,1,2,-110\n")
    assert rs[0].score == -110 and rs[0].contract is None


@pytest.mark.parametrize(
    ("row", "needle"),
    [
        ("1,1,2,4S,N,", "no result"),
        ("1,1,2,4S,,=", "no declarer"),
        (",1,2,4S,N,=", "no board"),
        ("1,,2,4S,N,=", "both pairs"),
        ("1,1,2,,,", "contract or a score"),
        ("1,1,2,4S,N,=,extra", "fields"),
        ("1,1,2,4SN,E,=", "declarer"),
    ],
)
def test_csv_bad_rows(row: str, needle: str) -> None:
    with pytest.raises(ParseError) as info:
        loads_csv("board,ns,ew,contract,declarer,result\n" + row + "\n", "t.csv")
    assert needle in str(info.value)
    assert info.value.line == 2 and info.value.source == "t.csv"


def test_csv_unknown_column_and_empty() -> None:
    with pytest.raises(ParseError, match="unknown column"):
        loads_csv("board,ns,ew,colour\n1,1,2,red\n")
    with pytest.raises(ParseError, match="header"):
        loads_csv("\n\n")


def test_csv_score_mismatch_is_a_rule_error() -> None:
    with pytest.raises(MismatchError):
        loads_csv("board,ns,ew,contract,declarer,result,score\n1,1,2,4S,N,=,+400\n")
    assert loads_csv("board,ns,ew,contract,declarer,result,score\n1,1,2,4S,W,=,-420\n")[0].score == -420


def test_yaml_traveller() -> None:
    text = "- {board: 1, ns: 1, ew: 2, contract: 4S, declarer: N, result: '='}\n- {board: 1, ns: 3, ew: 4, score: 50}\n"
    assert is_traveller_yaml(text)
    assert [r.score for r in loads_yaml(text)] == [420, 50]
    assert not is_traveller_yaml("boards:\n  - number: 1\n")
    with pytest.raises(ParseError):
        loads_yaml("just text")


def test_score_tags() -> None:
    assert score_tag(620) == "NS 620" and score_tag(-200) == "EW 200" and score_tag(0) == "NS 0"
    assert parse_score_tag("NS 620") == 620
    assert parse_score_tag("EW +200") == -200
    assert parse_score_tag("NS -50 EW 50") == -50
    assert parse_score_tag("420", Seat.WEST) == -420
    with pytest.raises(ParseError):
        parse_score_tag("lots")


def test_ns_score_and_result_text() -> None:
    c = Contract.from_str("3NT by E")
    assert ns_score(c, 10, Vulnerability.EW) == -630
    assert ns_score(Contract.passed_out(), 0, Vulnerability.ALL) == 0
    with pytest.raises(ParseError):
        ns_score(Contract.from_str("3NT"), 9, Vulnerability.NONE)
    assert [result_text(c, t) for t in (9, 10, 7)] == ["=", "+1", "-2"]
    assert result_text(None, None) == ""


def test_results_from_boards() -> None:
    b1 = Board(number=1, contract=Contract.from_str("4S by N"), result=10,
               tags={"PairNS": "1", "PairEW": "2", "Room": "Open"})
    b2 = Board(number=1, contract=Contract.from_str("4S by N"), result=9,
               tags={"North": "Ann", "South": "Bob", "East": "Cy", "West": "Di"})
    b3 = Board(number=4, tags={"Score": "EW 100", "Table": "3"})
    rs = results_from_boards([b1, b2, b3])
    assert [(r.ns, r.ew, r.score, r.room) for r in rs] == [
        ("1", "2", 420, "open"), ("Ann & Bob", "Cy & Di", -50, None), ("table 3 NS", "table 3 EW", -100, None)]
    assert board_ns_score(Board(number=5)) is None
    with pytest.raises(ParseError, match="no contract"):
        results_from_boards([Board(number=5, tags={"Table": "1"})])
