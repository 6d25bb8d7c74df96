"""The DDS layer: tables, endings checkable by hand, opening leads, par against DDS's own."""

from __future__ import annotations

import random
import sys

import pytest

from bridgecli.core.cards import SEATS, STRAINS, Card, Seat, Strain, Vulnerability
from bridgecli.core.ddtable import DDTable
from bridgecli.core.deal import Deal
from bridgecli.core.errors import RuleError
from bridgecli.solver import dds
from bridgecli.solver.par import par

from .ddsdata import cases

if not dds.available():
    pytest.skip("the DDS solver (endplay, pip install 'bridgecli[dds]') is not installed", allow_module_level=True)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
NT = Strain.NOTRUMP


def test_loading_does_not_import_endplay_package_or_matplotlib() -> None:
    import subprocess

    from tests.conftest import subprocess_env

    code = ("import sys; from bridgecli.solver import dds; dds.load(); "
            "print('endplay' in sys.modules, 'matplotlib' in sys.modules, 'endplay._dds' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=subprocess_env(), check=True)
    assert out.stdout.split() == ["False", "False", "True"]


def test_full_deals_against_dds_test_file() -> None:
    data = cases()[5:]  # the first five are solved in test_batches_are_cut_to_the_dds_limit
    tables = dds.solve_tables([c.deal for c in data])
    for case, t in zip(data, tables):
        assert t.total == 13
        for (seat, strain), tricks in case.table.items():
            assert t[seat, strain] == tricks, (case.deal, seat, strain)


def test_batches_are_cut_to_the_dds_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # with the limit lowered to 10 boards (2 deals) a call, 5 deals take three CalcAllTables calls
    lib = dds.load()
    calls: list[int] = []
    real = lib.CalcAllTables

    def counting(deals: object, *args: object) -> object:
        calls.append(deals.noOfTables)  # type: ignore[attr-defined]
        return real(deals, *args)

    monkeypatch.setattr(lib, "MAXNOOFBOARDS", 10)
    monkeypatch.setattr(lib, "CalcAllTables", counting)
    data = cases()[:5]
    tables = dds.solve_tables([c.deal for c in data])
    assert calls == [2, 2, 1]
    for case, t in zip(data, tables):
        assert t == DDTable.from_cells(case.table)


def test_dds_refuses_41_tables_a_call() -> None:
    # the reason for the batches: DDS takes at most 200 boards, 40 deals of 5 strains
    lib = dds.load()
    deals = lib.ddTableDeals()
    deals.noOfTables = 41
    dds._remain_cards(cases()[0].deal, deals.ddTableDeal[0].cards)
    for i in range(1, 41):
        deals.ddTableDeal[i] = deals.ddTableDeal[0]
    with pytest.raises(lib.DDSError):
        lib.CalcAllTables(deals, -1, [0] * 5, lib.ddTablesRes(), lib.allParResults())


def test_opening_leads_against_dds_test_file() -> None:
    for case in cases()[::3]:
        declarer = case.first.rho  # the file's FUT line is the first hand's leads
        [leads] = dds.solve_leads([(case.deal, case.trump, declarer)])
        assert dict(leads) == case.leads
        assert len(leads) == len(case.deal[case.first] or ())
        assert [t for _, t in leads] == sorted((t for _, t in leads), reverse=True)


def test_one_card_ending() -> None:
    # N SA, E SK, S S2, W S3: the ace takes the only trick whoever leads
    t = dds.solve_tables([Deal.from_pbn("N:A... K... 2... 3...")])[0]
    assert t.total == 1
    assert t.to_pbn() == "11111111110000000000"


def test_simple_finesse() -> None:
    # N SAQ, E SJT, S S43, W SK5. Led from anywhere but North the queen wins: NS take both tricks;
    # with North on lead (West declaring) the king scores.
    t = dds.solve_tables([Deal.from_pbn("N:AQ... JT... 43... K5...")])[0]
    for strain in STRAINS:
        assert t[N, strain] == 2  # East leads
        assert t[S, strain] == 2  # West leads
        assert t[E, strain] == 0  # South leads
        assert t[W, strain] == 1  # North leads


def test_simple_squeeze() -> None:
    # N SQ HAQ, E D432, S CA (the squeeze card) S2 H2, W SK HK5; notrump.
    # South leads the club ace: West cannot keep both kings guarded, so NS take all three tricks.
    deal = Deal.from_pbn("N:Q.AQ.. ..432. 2.2..A K.K5..")
    t = dds.solve_tables([deal])[0]
    assert t[E, NT] == 0  # South on lead: the squeeze works
    # West on lead attacks first (SK, or a heart) before the club ace is cashed: NS take only two
    assert t[S, NT] == 2


def test_ending_leads() -> None:
    [leads] = dds.solve_leads([(Deal.from_pbn("N:AQ... JT... 43... K5..."), NT, Seat.SOUTH)])
    assert dict(leads) == {Card.from_str("SK"): 0, Card.from_str("S5"): 0}


def test_unsolvable_positions_raise_rule_errors() -> None:
    with pytest.raises(RuleError):
        dds.solve_tables([Deal.from_pbn("N:AQ... JT... 43... -")])
    with pytest.raises(RuleError):
        dds.solve_leads([(Deal.from_pbn("N:AQ... JT... 43... K..."), NT, Seat.SOUTH)])


def test_both_solving_paths_agree_on_full_deals() -> None:
    # the table path (CalcAllTables) and the board path (SolveAllBoardsBin) answer the same question
    deal = cases()[1].deal
    t = dds.solve_tables([deal])[0]
    jobs = [(deal, strain, declarer) for declarer in SEATS for strain in (NT, Strain.HEARTS)]
    leads = dds.solve_leads(jobs)
    for (_, strain, declarer), options in zip(jobs, leads):
        assert 13 - max(tricks for _, tricks in options) == t[declarer, strain]


DDS_VUL = {Vulnerability.NONE: 0, Vulnerability.ALL: 1, Vulnerability.NS: 2, Vulnerability.EW: 3}
DDS_SEATS = {0: "N", 1: "E", 2: "S", 3: "W", 4: "NS", 5: "EW"}
DDS_DENOM = "NSHDC"  # DealerParBin numbers strains NT, S, H, D, C


def dds_dealer_par(t: DDTable, vul: Vulnerability, dealer: Seat) -> tuple[int, list[str]]:
    lib = dds.load()
    res = lib.ddTableResults()
    for s, row in enumerate(t.to_dds()):
        for h, v in enumerate(row):
            res.resTable[s][h] = v
    pres = lib.parResultsMaster()
    lib.DealerParBin(res, pres, int(dealer), DDS_VUL[vul])
    out = []
    for i in range(pres.number):
        c = pres.contracts[i]
        if c.level == 0:
            continue
        r = f"-{c.underTricks}" if c.underTricks else (f"+{c.overTricks}" if c.overTricks else "")
        out.append(f"{c.level}{DDS_DENOM[c.denom]}{'*' if c.underTricks else ''}-{DDS_SEATS[c.seats]}{r}")
    return int(pres.score), out or ["pass"]


def random_table(rng: random.Random) -> DDTable:
    """A plausible table: per strain, N-S and E-W tricks near 13 apart, partners within a trick."""
    cells = {}
    for strain in STRAINS:
        ns = rng.choice([rng.randint(0, 13), rng.randint(5, 9)])
        ew = max(0, min(13, 13 - ns + rng.choice([-1, 0, 0, 1])))
        for seat, base in ((N, ns), (S, ns), (E, ew), (W, ew)):
            cells[seat, strain] = max(0, min(13, base - rng.choice([0, 0, 0, 1])))
    return DDTable.from_cells(cells)


def test_par_against_dds_dealer_par_on_random_tables() -> None:
    # par needs only a table, so DDS's DealerPar can judge many tables quickly
    rng = random.Random(20261130)
    tables = [random_table(rng) for _ in range(100)] + [DDTable.from_cells(c.table) for c in cases()]
    for t in tables:
        for vul in Vulnerability:
            for dealer in Seat:
                mine = par(t, vul, dealer)
                score, contracts = dds_dealer_par(t, vul, dealer)
                assert mine.score == score, (t, vul, dealer)
                assert sorted(mine.dds_text()) == sorted(contracts), (t, vul, dealer)


def test_analyse_play_against_dds_traces() -> None:
    for case in cases()[:2]:
        assert dds.analyse_play(case.deal, case.trump, case.first, case.play) == case.trace


def test_analysed_ending_marks_the_card_that_costs_a_trick() -> None:
    from bridgecli.solver.analysis import analyse_played

    # the finesse ending, West declaring (North leads): EW have one trick, the king, unless
    # West throws it under North's ace.
    deal = Deal.from_pbn("N:AQ... JT... 43... K5...")
    seq = [(N, Card.from_str("SA")), (E, Card.from_str("ST")), (S, Card.from_str("S3")), (W, Card.from_str("SK")),
           (N, Card.from_str("SQ")), (E, Card.from_str("SJ")), (S, Card.from_str("S4")), (W, Card.from_str("S5"))]
    a = analyse_played(deal, NT, W, "1NT", seq)
    assert a.tricks_start == 1
    assert [v.tricks_after for v in a.cards] == [1, 1, 1, 0, 0, 0, 0, 0]
    assert [v.cost for v in a.cards] == [0, 0, 0, 1, 0, 0, 0, 0]
    assert [v.trick for v in a.cards] == [1, 1, 1, 1, 2, 2, 2, 2]
    assert a.declarer_cost == 1 and a.defence_cost == 0
