"""CSV/YAML travellers and Score tags."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core.board import Board
from bridgecli.core.cards import Seat, Vulnerability
from bridgecli.core.contract import Contract
from bridgecli.core.errors import MismatchError, ParseError
from bridgecli.core.events import score_pairs
from bridgecli.formats import pbn as _pbn
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
    yaml_traveller,
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


# -- adjusted scores and ScoreTable sections (issue 15) ---------------------------------------------


def test_csv_and_yaml_adjusted_scores() -> None:
    text = ("board,ns,ew,contract,declarer,result,score\n"
            "1,1,11,4S,N,=,\n1,2,12,,,,A+/A-\n1,3,13,A,,,\n1,4,14,,,,40/60%\n1,5,15,3NT,S,-1,A-\n")
    rs = loads_csv(text)
    assert [r.adjusted.text if r.adjusted else None for r in rs] == [None, "A+/A-", "A", "40%/60%", "A-"]
    assert rs[0].score == 420 and rs[1].score == 0
    # the contract played before the director adjusted is kept, not scored
    assert rs[4].contract is not None and rs[4].contract.pbn == "3NT" and rs[4].contract.declarer == Seat.SOUTH
    assert rs[4].tricks == 8
    yaml_rs = loads_yaml("- {board: 1, ns: 1, ew: 11, score: 'A+'}\n- {board: 1, ns: 2, ew: 12, score: 620}\n")
    assert yaml_rs[0].adjusted is not None and yaml_rs[0].adjusted.ns == 60 and yaml_rs[1].score == 620


_SCORE_TABLE = '''[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[ScoreTable "Table\\\\1R;Round\\\\1R;PairId_NS\\\\1R;PairId_EW\\\\1R;Contract\\\\3L;Declarer\\\\1R;Result\\\\2R;Lead\\\\2L;Score_NS\\\\5R;Score_EW\\\\5R"]
1 1 1 4 2HX  W  7 SA   "200"      -
2 1 2 5 4S   N 10 D2   "420"      -
3 1 3 6 -    -  - -     "A+"   "A-"
4 1 7 8 -    -  - -    "Bye"  "Bye"
'''


def test_score_table_rows_are_the_boards_results() -> None:
    [board] = _pbn.loads(_SCORE_TABLE)
    rs = results_from_boards([board])
    # 2HX by W taking 7 tricks, E-W vulnerable: one down doubled, 200 to N-S (Law 77)
    assert [(r.ns, r.score) for r in rs] == [("1", 200), ("2", 420), ("3", 0)]  # the bye row is no result


def test_score_table_checks_scores_and_reads_adjustments() -> None:
    # 1H by W making 7 tricks, E-W vulnerable: 30 + 50 part-score = 80 to E-W
    text = _SCORE_TABLE.replace('2HX  W  7 SA   "200"      -', '1H   W  7 SA       -  "80"')
    [board] = _pbn.loads(text)
    rs = results_from_boards([board])
    assert [(r.ns, r.ew, r.score, r.adjusted.text if r.adjusted else None) for r in rs] == [
        ("1", "4", -80, None), ("2", "5", 420, None), ("3", "6", 0, "A+/A-")]
    ev = score_pairs(rs)
    mp = {rs_.result.ns: (rs_.mp_ns, rs_.mp_ew) for rs_ in ev.results}
    # 3 results, top 4: 420 beats -80 (2 of top 2 among the 2 real ones), Neuberg 3/2:
    # (2 + 1) x 1.5 - 1 = 3.5 and (0 + 1) x 1.5 - 1 = 0.5; A+/A-: 60% and 40% of 4
    assert mp["2"] == pytest.approx((3.5, 0.5)) and mp["1"] == pytest.approx((0.5, 3.5))
    assert mp["3"] == pytest.approx((2.4, 1.6))
    wrong = text.replace('"420"', '"450"')
    with pytest.raises(MismatchError):
        results_from_boards(_pbn.loads(wrong))


def test_real_score_tables_agree_with_their_producer() -> None:
    """Magic Contest's own matchpoints (MP_NS/MP_EW, one decimal) for 1,188 table results, among
    them average-plus rows matchpointed around with Neuberg, are what score_pairs gives."""
    import re

    path = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "realworld" / "pbn" / "magic_sm1.pbn"
    if not path.exists():
        pytest.skip(f"real-world corpus not found at {path}")
    boards = _pbn.loads(path.read_bytes().decode("latin-1"))
    ev = score_pairs(results_from_boards(boards))
    ours = {(rs.result.board, rs.result.ns, rs.result.ew): (rs.mp_ns, rs.mp_ew) for rs in ev.results}
    checked = adjusted = 0
    for b in boards:
        for section in b.sections:
            if section.name != "ScoreTable":
                continue
            names = [c.split("\\", 1)[0] for c in section.header.split(";")]
            for row in section.rows:
                cells = dict(zip(names, (t.strip('"') for t in re.findall(r'"[^"]*"|\S+', row))))
                got = ours[(str(b.number), cells["PairId_NS"], cells["PairId_EW"])]
                assert got[0] == pytest.approx(float(cells["MP_NS"]), abs=0.051)
                assert got[1] == pytest.approx(float(cells["MP_EW"]), abs=0.051)
                checked += 1
                adjusted += cells["Score_NS"] == "A+"
    assert checked == 1188 and adjusted > 0


# -- telling YAML boards from a traveller by the start of the text ---------------------

_YAML_ITEMS = [
    "- {board: 1, ns: 1, ew: 11, score: 420}\n", "- board: 2\n  pair_ns: 1\n  ew: 11\n  score: 50\n",
    "- board: 3\n  deal: 'N:AKQJ.T98.765.432 - - -'\n", "- number: 4\n  players: {north: A}\n",
    "- x: &m {ns: 1}\n  <<: *m\n", "- 1\n", "- [unclosed\n", "---\n", "- ! ns: 1\n", "- {'NS': 2}\n",
    "- &a {board: 5}\n", "- *a\n", "- ? [k]\n  : v\n", "- !!map {board: 6}\n", "# note\n", "- {}\n",
    "- {board: 7, ns: 3, ew: 13, contract: 4S, declarer: N, result: '='}\n", "- {board: 8, ns: 4, ew: 14}\n",
    "- {board: 9, ns: 5, ew: 15, score: 620, ns: 6}\n", "- {board: 10, ns: 7, ew: 17, score: =}\n",
]


def _whole_rule(text: str) -> list[object] | None:
    """The reference, where yaml's safe loader reads the whole text: the traveller's
    results as the rule before streaming gave them (the whole data, then the rows), or
    a ParseError; None for boards."""
    import yaml

    from bridgecli.formats.traveller import results_from_rows

    data = yaml.safe_load(text)
    if isinstance(data, dict) and isinstance(data.get("results"), list):
        data = data["results"]
    elif not (isinstance(data, list) and data and isinstance(data[0], dict)
              and any(str(k).lower() in ("ns", "ew", "pairns", "pair_ns") for k in data[0])):
        return None
    if not all(isinstance(r, dict) for r in data):
        return ["error", "a YAML traveller is a list of results (mappings)", 1]
    try:
        return [repr(r) for r in results_from_rows((None, r) for r in data)]
    except ParseError as exc:
        return ["error", exc.message, exc.line]


def _streamed_rule(chunks: list[str]) -> tuple[list[object] | None, list[str]]:
    results, again = yaml_traveller(iter(chunks))
    if results is None:
        return None, list(again)
    assert list(again) == []
    try:
        return [repr(r) for r in results], []
    except ParseError as exc:
        return ["error", exc.message, exc.line], []


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(_YAML_ITEMS), max_size=5), st.sampled_from(["", "results:\n", "[", "\ufeff"]),
       st.integers(1, 40))
def test_yaml_traveller_told_from_its_start_as_the_whole_text_tells_it(items: list[str], head: str,
                                                                        size: int) -> None:
    """Where the whole text loads, the start tells what the whole told (and the same results
    or error); boards get every piece back; a traveller is never called boards by what follows."""
    import yaml

    text = head + "".join(items)
    chunks = [text[i:i + size] for i in range(0, len(text), size)]
    got, again = _streamed_rule(chunks)
    if got is None:
        assert again == chunks
    try:
        whole = _whole_rule(text.lstrip("\ufeff"))
    except yaml.YAMLError:
        # the whole text is no YAML: the board reader says what is wrong, or the traveller does
        assert got is None or got[0] == "error"
        return
    assert got == whole


def test_yaml_traveller_on_the_plain_shapes() -> None:
    row = "- {board: 1, ns: 1, ew: 11, score: 420}\n"
    for text in (row, "results:\n  " + row, "event: Cup\nresults:\n" + row, "results: []\n"):
        results, again = yaml_traveller(iter([text]))
        assert results is not None and list(again) == [], text
        assert [r.score for r in results] == ([420] if "ns" in text else [])
    # boards, or what goes wrong before the start tells
    for text in ("- board: 1\n  deal: 'N:AKQJ.T98.765.432 - - -'\n- board: 2\n", "[]\n", "boards:\n  - {}\n",
                 "boards: []\nresults:\n" + row, "results: 5\n", "- {board: 1, ns: [unclosed\n", "just text\n",
                 "", "--- !!omap\n- ns: 1\n"):
        results, again = yaml_traveller(iter([text[:5], text[5:]]))
        assert results is None and "".join(again) == text, text


@pytest.mark.parametrize(("text", "message", "line"), [
    # what goes wrong after the start told a traveller is the traveller's (not boards any more)
    ("- {board: 1, ns: 1, ew: 11, score: 420}\n- {board: 2, ns: [1\n", "yaml syntax error", 3),
    ("- {board: 1, ns: 1, ew: 11, score: 420}\n---\n- {board: 2}\n", "but found another document", 2),
    ("results:\n- {board: 1, ns: 1, ew: 11, score: 420}\nresults: []\n", "key 'results' given twice", 3),
    ("- {board: 1, ns: 1, ew: 11, score: 420}\n- {board: 2, ns: 1, ew: 11, score: =}\n",
     "yaml error: ", 2),  # an unknown tag: the rest of the message is PyYAML's
    # as before: an item that is no mapping, wherever it is, before the first row that is no result
    ("- {board: 1, ns: 1, ew: 11}\n- {board: 2, ns: 1, ew: 11, score: 1}\n- 7\n",
     "a YAML traveller is a list of results (mappings)", 1),
    ("- {board: 1, ns: 1, ew: 11}\n- {board: 2, ns: 1, ew: 11, score: x}\n", "a result needs a contract", None),
])
def test_yaml_traveller_errors(text: str, message: str, line: int | None) -> None:
    results, _ = yaml_traveller(iter([text]), "t.yaml")
    assert results is not None
    with pytest.raises(ParseError) as info:
        list(results)
    assert message in info.value.message and info.value.line == line and info.value.source == "t.yaml"


def test_yaml_traveller_anchors_reach_later_rows() -> None:
    text = "- {board: 1, ns: &p 1, ew: 11, score: 420}\n- {board: 1, ns: 2, ew: *p, score: 50}\n- &r {board: 2, ns: 3, ew: 4, score: 0}\n- *r\n"
    results, _ = yaml_traveller(iter(text))
    assert results is not None
    assert [(r.board, r.ns, r.ew) for r in results] == [("1", "1", "11"), ("1", "2", "1"), ("2", "3", "4"),
                                                       ("2", "3", "4")]
