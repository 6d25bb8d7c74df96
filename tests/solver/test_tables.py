"""DDTable: orders of DDS, PBN DoubleDummyTricks and OptimumResultTable."""

from __future__ import annotations

import pytest

from bridgecli.core.board import Section
from bridgecli.core.calls import Bid
from bridgecli.core.cards import SEATS, STRAINS, Seat, Strain
from bridgecli.core.ddtable import DDTable, position_size
from bridgecli.core.deal import Deal
from bridgecli.core.errors import ParseError, RuleError

from .ddsdata import cases

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
C, D, H, SP, NT = Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP

# PBN.md §9: "746b5747b55862758627" -> N: NT 7, S 4, H 6, D 11, C 5; S: 7,4,7,11,5; E: 5,8,6,2,7; W: 5,8,6,2,7
PBN_EXAMPLE = "746b5747b55862758627"
PBN_EXAMPLE_CELLS = {
    N: {NT: 7, SP: 4, H: 6, D: 11, C: 5},
    S: {NT: 7, SP: 4, H: 7, D: 11, C: 5},
    E: {NT: 5, SP: 8, H: 6, D: 2, C: 7},
    W: {NT: 5, SP: 8, H: 6, D: 2, C: 7},
}


def test_double_dummy_tricks_order_matches_pbn_md() -> None:
    t = DDTable.from_pbn(PBN_EXAMPLE)
    for seat, row in PBN_EXAMPLE_CELLS.items():
        for strain, tricks in row.items():
            assert t[seat, strain] == tricks, (seat, strain)
    assert t.to_pbn() == PBN_EXAMPLE


def test_double_dummy_tricks_upper_case_and_round_trip() -> None:
    assert DDTable.from_pbn(PBN_EXAMPLE.upper()).to_pbn() == PBN_EXAMPLE
    t = DDTable.from_pbn("d0d0d0d0d00d0d0d0d0d")
    assert t[N, NT] == 13 and t[N, SP] == 0 and t[E, NT] == 0 and t[W, C] == 13


@pytest.mark.parametrize("bad", ["", "746b5747b5586275862", "746b5747b558627586277", "746b5747b5586275862e",
                                 "746b5747b55862758 27"])
def test_double_dummy_tricks_rejects_bad_values(bad: str) -> None:
    with pytest.raises(ParseError):
        DDTable.from_pbn(bad)


def test_optimum_result_table_layout() -> None:
    section = DDTable.from_pbn(PBN_EXAMPLE).optimum_result_table()
    assert section.name == "OptimumResultTable"
    assert section.header == "Declarer;Denomination\\2R;Result\\2R"
    assert section.rows[:6] == ("N NT  7", "N  S  4", "N  H  6", "N  D 11", "N  C  5", "S NT  7")
    assert section.rows[-1] == "W  C  7"
    assert len(section.rows) == 20


def test_optimum_result_table_one_digit_width() -> None:
    section = DDTable.from_pbn("43367433678a9668a966".replace("a", "9")).optimum_result_table()
    assert section.header == "Declarer;Denomination\\2R;Result\\1R"
    assert section.rows[0] == "N NT 4"


def test_optimum_result_table_read_any_order_and_ten_rows() -> None:
    t = DDTable.from_pbn(PBN_EXAMPLE)
    rows = tuple(reversed(t.optimum_result_table().rows))
    assert DDTable.from_optimum_result_table(Section("OptimumResultTable", "Declarer;Denomination;Result", rows)) == t
    # endplay's sample writes only N and W rows, C..NT order
    ten = tuple(f"{seat.letter} {strain.letter} {t[seat, strain]}" for seat in (N, W) for strain in STRAINS)
    assert DDTable.from_optimum_result_table(Section("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R",
                                                     ten)) == DDTable.from_pbn("746b5746b55862758627")


@pytest.mark.parametrize("rows", [("N NT  7",), ("X NT 7",) * 20, ("N QQ 7",) * 20, ("N NT x",) * 20,
                                  ("N NT 14",) * 20])
def test_optimum_result_table_rejects_bad_rows(rows: tuple[str, ...]) -> None:
    with pytest.raises(ParseError):
        DDTable.from_optimum_result_table(Section("OptimumResultTable", "Declarer;Denomination;Result", rows))


def test_dds_order_against_dds_test_file() -> None:
    case = cases()[0]
    # TABLE 3 10 3 9 7 6 ...: spades N 3, E 10, S 3, W 9; hearts N 7 ...
    t = DDTable.from_cells(case.table)
    assert t.to_dds()[0] == [3, 10, 3, 9]
    assert t.to_dds()[4] == [5, 7, 5, 7]
    assert DDTable.from_dds(t.to_dds()) == t
    assert t[E, SP] == 10 and t[W, SP] == 9


def test_as_dict_and_back() -> None:
    t = DDTable.from_pbn(PBN_EXAMPLE)
    d = t.as_dict()
    assert list(d) == ["N", "E", "S", "W"]
    assert list(d["N"]) == ["NT", "S", "H", "D", "C"]  # the order of the printed tables
    assert d["S"]["H"] == 7
    assert DDTable.from_dict(d) == t
    with pytest.raises(ParseError):
        DDTable.from_dict({"N": {}})


def test_makeable_and_best() -> None:
    t = DDTable.from_pbn(PBN_EXAMPLE)
    assert t.makeable(N) == [Bid(5, D), Bid(1, NT)]
    assert t.makeable(S) == [Bid(5, D), Bid(1, H), Bid(1, NT)]
    assert t.makeable(E) == [Bid(1, C), Bid(2, SP)]
    assert t.best(S.side, H) == 7


def test_cells_are_checked() -> None:
    with pytest.raises(ValueError):
        DDTable(((0, 0, 0, 0, 14),) * 4)
    with pytest.raises(ValueError):
        DDTable(((0, 0, 0, 0, 2),) * 4, total=1)
    with pytest.raises(ValueError):
        DDTable(((0, 0, 0, 0),) * 4)  # type: ignore[arg-type]


def test_repr_round_trips() -> None:
    t = DDTable.from_pbn(PBN_EXAMPLE)
    assert eval(repr(t)) == t
    e = DDTable(((1, 1, 1, 1, 1), (0, 0, 0, 0, 0), (1, 1, 1, 1, 1), (0, 0, 0, 0, 0)), total=1)
    assert eval(repr(e)) == e


def test_position_size() -> None:
    assert position_size(Deal.from_pbn(cases()[0].deal.to_pbn())) == 13
    assert position_size(Deal.from_pbn("N:A... K... 2... 3...")) == 1
    with pytest.raises(RuleError, match="west hand is unknown"):
        position_size(Deal.from_pbn("N:A... K... 2... -"))
    with pytest.raises(RuleError, match="unequal size"):
        position_size(Deal.from_pbn("N:AQ... K... 2... 3..."))
    with pytest.raises(RuleError, match="empty"):
        position_size(Deal.from_pbn("N:... ... ... ..."))
    with pytest.raises(RuleError, match="no deal"):
        position_size(None)
    assert {s for s in SEATS} == {N, E, S, W}
