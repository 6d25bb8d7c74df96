"""Par when partners differ: a side names a strain first only if it gets to bid it in time
(issue #31). The seat-by-seat auction is brute-forced here, call by call, and par must give
its value; where the DDS library is installed, par must also agree with its DealerPar."""

from __future__ import annotations

import ctypes
from functools import cache

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bridgecli.core.cards import STRAINS, Seat, Vulnerability
from bridgecli.core.contract import Risk
from bridgecli.core.ddtable import DDTable
from bridgecli.solver import dds
from bridgecli.solver.par import contract_score, par, par_score

#: the issue's table: rows N, E, S, W; columns C, D, H, S, NT
ISSUE = DDTable(((6, 5, 6, 6, 7), (8, 7, 6, 5, 8), (5, 6, 6, 7, 6), (8, 8, 6, 6, 8)))
#: the same effect with partners differing in one cell only (North 7 tricks in notrump, South 6)
ONE_CELL = DDTable(((6, 5, 6, 6, 7), (8, 7, 6, 5, 8), (6, 5, 6, 6, 6), (8, 7, 6, 5, 8)))


def auction_value(table: DDTable, vul: Vulnerability, dealer: Seat) -> int:
    """The N-S value of the auction game, call by call: the seats call in turn from the dealer,
    each passing or bidding above the last bid; three passes after a bid end it (four at the
    start: 0). The final contract is played by the partner of the bidding side who bid its
    strain first, undoubled if it makes and doubled if it fails; N-S maximise, E-W minimise."""

    def score(bid: int, declarer: int) -> int:
        level, strain = bid // 5 + 1, STRAINS[bid % 5]
        took = table.tricks[declarer][bid % 5]
        side_vul = vul.is_vul(Seat(declarer).side)
        s = contract_score(level, strain, Risk.UNDOUBLED if took >= level + 6 else Risk.DOUBLED, side_vul, took)
        return s if declarer % 2 == 0 else -s

    @cache
    def value(to_call: int, last: int, bidder: int, passes: int, first: frozenset[tuple[int, int, int]]) -> int:
        """``first``: (side, strain, seat) for each strain a side has bid, with who bid it first."""
        if passes == 4 and last < 0:
            return 0
        if passes == 3 and last >= 0:
            named = [seat for side, strain, seat in first if (side, strain) == (bidder % 2, last % 5)]
            return score(last, named[0] if named else bidder)
        options = [value((to_call + 1) % 4, last, bidder, passes + 1, first)]
        for bid in range(last + 1, 35):
            side, strain = to_call % 2, bid % 5
            # who names a strain matters only where partners take different tricks in it: the
            # others are left out of the state (the same game, fewer states)
            alike = table.tricks[side][strain] == table.tricks[side + 2][strain]
            named = alike or any((s, k) == (side, strain) for s, k, _ in first)
            more = first if named else first | {(side, strain, to_call)}
            options.append(value((to_call + 1) % 4, bid, to_call, 0, more))
        return max(options) if to_call % 2 == 0 else min(options)

    return value(int(dealer), -1, -1, 0, frozenset())


@st.composite
def tables(draw: st.DrawFn, differ_at_most: int) -> DDTable:
    """A double-dummy table whose partners differ in at most ``differ_at_most`` cells."""
    ns = [draw(st.integers(1, 12)) for _ in range(5)]
    ew = [min(13, max(0, 13 - t + draw(st.integers(-1, 1)))) for t in ns]
    south, west = list(ns), list(ew)
    cells = draw(st.lists(st.tuples(st.booleans(), st.integers(0, 4)), max_size=differ_at_most, unique=True))
    for is_ns, k in cells:
        row = south if is_ns else west
        row[k] = min(13, max(0, row[k] + draw(st.sampled_from([-2, -1, 1, 2]))))
    return DDTable((tuple(ns), tuple(ew), tuple(south), tuple(west)))


def test_the_issue_table_when_west_calls_before_north() -> None:
    # N-S make 1NT only with North declaring (7 tricks; South 6), and South deals: West
    # bids 2NT (8 tricks, 120) before North can name notrump, so N-S cannot take the
    # 2NT doubled one down (-100) that North's better hand would give
    result = par(ISSUE, Vulnerability.NONE, Seat.SOUTH)
    assert result.score == -120 and par_score(ISSUE, Vulnerability.NONE, Seat.SOUTH) == -120
    assert result.par_contract == "EW 2NT="
    # with North dealing, North names notrump first: N-S save in 2NT doubled, one down
    assert par(ISSUE, Vulnerability.NONE, Seat.NORTH).score == -100
    # the brute force agrees where it is quick (one cell where partners differ)
    for dealer, value in ((Seat.SOUTH, -120), (Seat.NORTH, -100)):
        assert auction_value(ONE_CELL, Vulnerability.NONE, dealer) == value
        assert par_score(ONE_CELL, Vulnerability.NONE, dealer) == value


@settings(max_examples=25, deadline=None)
@given(tables(2), st.sampled_from(list(Vulnerability)), st.sampled_from(list(Seat)))
@example(ONE_CELL, Vulnerability.NONE, Seat.SOUTH)
@example(ONE_CELL, Vulnerability.NONE, Seat.WEST)
def test_par_is_the_value_of_the_auction_played_seat_by_seat(table: DDTable, vul: Vulnerability,
                                                              dealer: Seat) -> None:
    assert par_score(table, vul, dealer) == auction_value(table, vul, dealer)


def _dealer_par(table: DDTable, vul: Vulnerability, dealer: Seat) -> int:
    """DDS's DealerPar score of ``table``."""
    m = dds.load()
    res_table = m.ddTableResults()
    for i, row in enumerate(table.to_dds()):
        for j, cell in enumerate(row):
            res_table.resTable[i][j] = cell
    out = m.parResultsDealer()
    dds_vul = {Vulnerability.NONE: 0, Vulnerability.ALL: 1, Vulnerability.NS: 2, Vulnerability.EW: 3}[vul]
    m.DealerPar(res_table, out, int(dealer), dds_vul)
    return int(ctypes.c_int(out.score).value)


@pytest.mark.skipif(not dds.available(), reason="the DDS solver (endplay) is not installed")
@settings(max_examples=150, deadline=None)
@given(tables(10), st.sampled_from(list(Vulnerability)), st.sampled_from(list(Seat)))
def test_par_agrees_with_dds_dealer_par(table: DDTable, vul: Vulnerability, dealer: Seat) -> None:
    assert par_score(table, vul, dealer) == _dealer_par(table, vul, dealer)
