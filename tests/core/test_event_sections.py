"""Sections (issue #30 item 5): scored apart (each section's results of a board compared
among themselves) or across the field; pairs numbered alike in two sections told apart.
Expected values worked by hand (Law 78A, MP1; Neuberg)."""

from __future__ import annotations

from bridgecli.core.event_scoring import EventScoring
from bridgecli.core.event_store import PairsStream, ResultStore
from bridgecli.core.events import TableResult, score_pairs, section_plan
from bridgecli.formats import boards
from bridgecli.formats.traveller import loads_csv, results_from_boards
from bridgecli.results._spill import SpilledResults


def _r(section: str, ns: str, ew: str, score: int, board: str = "1") -> TableResult:
    return TableResult(board, ns, ew, score, section=section)


# Two sections numbering their pairs alike (N-S 1-2, E-W 3-4): board 1 scores A +420 and
# +450, B +400 and -50.
ALIKE = [_r("A", "1", "3", 420), _r("A", "2", "4", 450), _r("B", "1", "3", 400), _r("B", "2", "4", -50)]


def test_numbers_in_two_sections_are_scored_apart_by_default() -> None:
    conv, told_apart = section_plan(ALIKE)
    assert (conv.sections, told_apart) == ("apart", True)
    ev = score_pairs(ALIKE)
    # A: +450 beats +420 (2 of a top of 2); B: +400 beats -50
    assert [(r.result.ns, r.result.ew, r.mp_ns, r.mp_ew, r.top) for r in ev.results] == [
        ("A1", "A3", 0, 2, 2), ("A2", "A4", 2, 0, 2), ("B1", "B3", 2, 0, 2), ("B2", "B4", 0, 2, 2)]
    ranking = sorted((p.field, p.rank, p.pair) for p in ev.standings)
    assert ranking == [("A EW", "1", "A3"), ("A EW", "2", "A4"), ("A NS", "1", "A2"), ("A NS", "2", "A1"),
                       ("B EW", "1", "B4"), ("B EW", "2", "B3"), ("B NS", "1", "B1"), ("B NS", "2", "B2")]


def test_across_the_field_compares_every_result() -> None:
    ev = score_pairs(ALIKE, conventions=EventScoring(sections="across"))
    # +450 beats three (6), +420 two (4), +400 one (2), -50 none (0): top 2(4-1) = 6
    assert [(r.result.ns, r.mp_ns, r.top) for r in ev.results] == [("A1", 4, 6), ("A2", 6, 6), ("B1", 2, 6),
                                                                     ("B2", 0, 6)]
    ns = [(p.rank, p.pair, p.field) for p in ev.standings if p.direction == "NS"]
    assert ns == [("1", "A2", "NS"), ("2", "A1", "NS"), ("3", "B1", "NS"), ("4", "B2", "NS")]


def test_unique_numbers_are_scored_across_the_field_by_default() -> None:
    unique = [_r("A", "1", "3", 420), _r("A", "2", "4", 450), _r("B", "5", "7", 400), _r("B", "6", "8", -50)]
    assert section_plan(unique)[0].sections == "across"
    ev = score_pairs(unique)
    assert [(r.result.ns, r.mp_ns) for r in ev.results] == [("1", 4), ("2", 6), ("5", 2), ("6", 0)]
    apart = score_pairs(unique, conventions=EventScoring(sections="apart"))
    assert [(r.result.ns, r.mp_ns, r.top) for r in apart.results] == [("1", 0, 2), ("2", 2, 2), ("5", 2, 2),
                                                                       ("6", 0, 2)]
    assert {p.field for p in apart.standings} == {"A NS", "A EW", "B NS", "B EW"}


def test_each_section_has_its_own_neuberg_top() -> None:
    # board 1 played at three tables in A and two in B; board 2 at two tables in A (one
    # result missing) and two in B
    rs = [_r("A", "1", "4", 420), _r("A", "2", "5", 450), _r("A", "3", "6", 400),
          _r("B", "1", "3", 100), _r("B", "2", "4", 110),
          _r("A", "1", "5", 100, "2"), _r("A", "2", "6", 90, "2"),
          _r("B", "1", "4", 50, "2"), _r("B", "2", "3", 50, "2")]
    ev = score_pairs(rs)
    got = [(r.result.board, r.result.ns, r.mp_ns, r.top) for r in ev.results]
    # A board 1: 450 4, 420 2, 400 0 of top 4; B: 110 2, 100 0 of top 2; A board 2: 100 beats
    # 90 (2 of 2), Neuberg (2 + 1) * 3 / 2 - 1 = 3.5 of 4, 90: (0 + 1) * 3 / 2 - 1 = 0.5; B: 1 each of 2
    assert got == [("1", "A1", 2, 4), ("1", "A2", 4, 4), ("1", "A3", 0, 4), ("1", "B1", 0, 2), ("1", "B2", 2, 2),
                   ("2", "A1", 3.5, 4), ("2", "A2", 0.5, 4), ("2", "B1", 1, 2), ("2", "B2", 1, 2)]


def test_the_stores_keep_sections_and_score_alike() -> None:
    store = ResultStore()
    for r in ALIKE:
        store.add(r)
    assert list(store.results()) == ALIKE
    with SpilledResults() as spilled:
        for r in ALIKE:
            spilled.add(r)
        assert [r.section for r in spilled.results()] == ["A", "A", "B", "B"]
        for s in (store, spilled):
            stream = PairsStream(s)
            assert list(stream.results()) == list(score_pairs(ALIKE).results)
            assert stream.standings() == score_pairs(ALIKE).standings


def test_section_columns_are_read() -> None:
    rows = loads_csv("board,section,ns,ew,contract,declarer,result\n1,A,1,3,4S,N,=\n1,B,1,3,4S,N,-1\n")
    assert [(r.section, r.ns, r.score) for r in rows] == [("A", "1", 420), ("B", "1", -50)]
    pbn = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
           '[Deal "N:AKQJ.AKQ.AK.AKQJ T987.JT9.QJ.T987 6543.876.T98.654 2.5432.765432.32"]\n'
           '[ScoreTable "Section\\3R;Table\\1R;PairId_NS\\1R;PairId_EW\\1R;Contract\\2L;Declarer\\1R;'
           'Result\\2R;Score_NS\\3R;Score_EW\\3R"]\n"A" 1 1 3 4S N 10 420 -\n"B" 1 1 3 4S N 9 - 50\n')
    results = results_from_boards(boards.loads(pbn, "pbn"))
    assert [(r.section, r.table, r.ns, r.score) for r in results] == [("A", "1", "1", 420), ("B", "1", "1", -50)]
