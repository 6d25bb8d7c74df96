"""Par and duplicate scores, from the rules (RULES.md §3, §9) and DDS's stored results."""

from __future__ import annotations

import pytest

from bridgecli.core.cards import STRAINS, Seat, Strain, Vulnerability
from bridgecli.core.contract import Risk
from bridgecli.core.ddtable import DDTable
from bridgecli.solver.par import contract_score, par, par_score

from .ddsdata import cases

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
C, D, H, SP, NT = Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP
U, X, XX = Risk.UNDOUBLED, Risk.DOUBLED, Risk.REDOUBLED


# RULES.md §3.4 worked examples: (level, strain, risk, vulnerable, tricks, score)
@pytest.mark.parametrize("level,strain,risk,vul,tricks,score", [
    (1, NT, U, False, 7, 90),
    (2, SP, U, False, 9, 140),
    (3, NT, U, True, 10, 630),
    (4, H, U, False, 10, 420),
    (4, SP, U, True, 11, 650),
    (5, C, U, False, 11, 400),
    (2, H, X, False, 8, 470),
    (2, D, X, True, 10, 580),
    (1, NT, XX, True, 8, 1160),
    (6, SP, U, False, 12, 980),
    (7, NT, U, True, 13, 2220),
    (6, NT, XX, True, 13, 2510),
    (3, NT, U, True, 7, -200),
    (4, SP, X, False, 6, -800),
    (4, SP, X, True, 6, -1100),
    (3, C, XX, False, 5, -1600),
    (7, C, X, False, 6, -1700),
])
def test_contract_score_worked_examples(level: int, strain: Strain, risk: Risk, vul: bool, tricks: int,
                                        score: int) -> None:
    assert contract_score(level, strain, risk, vul, tricks) == score


# RULES.md §3.3 cumulative penalty rows, down 1..13
NV_X = [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500]
V_X = [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800]


@pytest.mark.parametrize("down", range(1, 14))
def test_undertrick_tables(down: int) -> None:
    tricks = 13 - down
    assert contract_score(7, NT, U, False, tricks) == -50 * down
    assert contract_score(7, NT, U, True, tricks) == -100 * down
    assert contract_score(7, NT, X, False, tricks) == -NV_X[down - 1]
    assert contract_score(7, NT, X, True, tricks) == -V_X[down - 1]
    assert contract_score(7, NT, XX, True, tricks) == -2 * V_X[down - 1]


def table(rows: dict[Seat, dict[Strain, int]], default: int = 0) -> DDTable:
    return DDTable.from_cells({(seat, s): rows.get(seat, {}).get(s, default) for seat in Seat for s in STRAINS})


def test_par_example_of_the_pbn_standard() -> None:
    # RULES.md §9 / PBN 2.1: NS make 3NT with 10 tricks (630) and 5D with 11 (600); EW can
    # sacrifice in 5CX for -500, so NS must bid 5D: par NS 600.
    ns = {NT: 10, D: 11, C: 5, H: 6, SP: 6}
    ew = {NT: 3, D: 2, C: 8, H: 6, SP: 6}
    t = table({N: ns, S: ns, E: ew, W: ew})
    result = par(t, Vulnerability.NS, N)
    assert result.score == 600
    assert result.labels() == ["5DN", "5DS"]
    assert result.optimum_score == "NS 600"
    assert result.par_contract == "NS 5D="
    assert result.dds_text() == ["5D-NS"]


def test_par_grand_slam_for_one_declarer() -> None:
    # only North takes 13 tricks in notrump (South 12): 7NT by North, 2220 vulnerable
    t = table({N: {NT: 13, SP: 12}, S: {NT: 12, SP: 12}, E: {NT: 0, SP: 1}, W: {NT: 0, SP: 1}}, default=6)
    result = par(t, Vulnerability.ALL, E)
    assert result.score == 2220
    assert result.labels() == ["7NTN"]
    assert result.dds_text() == ["7N-N"]
    assert result.par_contract == "N 7NT="


def test_par_contract_keeps_the_overtricks() -> None:
    # issue 15, board 5 of the club session: EW take 9 tricks in hearts, NS are vulnerable and
    # make nothing worth more. 1H+2 = 3 x 30 + 50 = 140 (1H making exactly would be 80); par
    # is written at its lowest level with the overtricks, as BridgeComposer and DDS do.
    ns = {C: 6, D: 4, H: 4, SP: 5, NT: 5}
    ew = {C: 7, D: 8, H: 9, SP: 7, NT: 8}
    t = table({N: ns, S: ns, E: ew, W: ew})
    result = par(t, Vulnerability.NS, N)
    assert result.score == -140
    assert result.par_contract == "EW 1H+2"
    assert result.dds_text() == ["1H-EW+2"]
    [c] = result.contracts
    assert c.result == 2 and c.result_text == "+2"
    assert contract_score(c.level, c.strain, U, False, c.tricks) == 140


def test_par_contract_lists_each_strain_with_its_result() -> None:
    # NS make exactly 4S and 4H (420 each, nobody vulnerable), nothing else scores more
    ns = {SP: 10, H: 10, D: 7, C: 7, NT: 8}
    ew = {SP: 3, H: 3, D: 6, C: 6, NT: 5}
    t = table({N: ns, S: ns, E: ew, W: ew})
    result = par(t, Vulnerability.NONE, N)
    assert result.score == 420
    assert result.par_contract == "NS 4S=; NS 4H="


def test_par_passed_out() -> None:
    t = table({}, default=6)
    result = par(t, Vulnerability.NONE, N)
    assert result.score == 0 and result.is_passout
    assert result.labels() == ["Pass"]
    assert result.par_contract == "NS Pass"
    assert result.optimum_score == "NS 0"


@pytest.mark.parametrize("dealer,score,side", [(N, 90, "NS"), (S, 90, "NS"), (E, -90, "EW"), (W, -90, "EW")])
def test_par_goes_to_the_dealers_side_when_both_make_1nt(dealer: Seat, score: int, side: str) -> None:
    # every declarer takes 7 tricks in notrump and 6 in suits: whoever bids 1NT first keeps it
    t = table({seat: {NT: 7} for seat in Seat}, default=6)
    result = par(t, Vulnerability.NONE, dealer)
    assert result.score == score
    assert result.par_contract == f"{side} 1NT="
    assert par_score(t, Vulnerability.NONE, dealer) == score


def test_par_sacrifice_when_cheaper() -> None:
    # NS make 4S (620 vulnerable); EW, not vulnerable, go two down in 5C doubled (-300)
    ns = {SP: 10, H: 6, D: 5, C: 3, NT: 6}
    ew = {SP: 3, H: 6, D: 7, C: 9, NT: 5}
    t = table({N: ns, S: ns, E: ew, W: ew})
    result = par(t, Vulnerability.NS, N)
    assert result.score == 300
    assert result.dds_text() == ["5C*-EW-2"]
    assert result.par_contract == "EW 5CX-2"
    assert result.labels() == ["5CXE", "5CXW"]


def test_par_of_an_ending_is_refused() -> None:
    with pytest.raises(ValueError):
        par(DDTable(((1, 1, 1, 1, 1),) * 4, total=1), Vulnerability.NONE, N)


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.deal.to_pbn()[:20])
def test_par_against_dds_dealer_par_of_its_test_files(case: object) -> None:
    from .ddsdata import Case

    assert isinstance(case, Case)
    result = par(DDTable.from_cells(case.table), case.vul, case.dealer)
    assert result.score == case.par_score
    assert sorted(result.dds_text()) == sorted(case.par_contracts)
