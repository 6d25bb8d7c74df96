"""simulate against an independent loop over `solve`'s tables and `score`, known positions, the CLI."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from bridgecli.cli import cli
from bridgecli.core.cards import Seat, Strain
from bridgecli.core.deal import deal_from_indices
from bridgecli.core.imps import imps
from bridgecli.core.scoring import score
from bridgecli.dealer.generate import Predeal
from bridgecli.simulate.contracts import SimContract
from bridgecli.simulate.run import make_question, simulate_question
from bridgecli.solver import dds

pytestmark = pytest.mark.skipif(not dds.available(), reason="the DDS solver (endplay) is not installed")

NORTH = "N:AKJ32.K2.Q32.A32"
SOUTH = "S:Q54.AQ3.KJ4.8765"

# the finesse position: N holds the top hearts, diamonds and clubs, S the ♠AQ; 7NT by S makes
# exactly when the ♠K lies with East (the finesse) or is singleton with West (the ace drops it)
FIN_N = "N:32.AKQJ.AKQJ.AKQ"
FIN_S = "S:AQ.5432.5432.432"

# the lead position: West's running clubs beat 3NT; any other lead lets South cash nine tricks
LEAD_N = "N:AKQ2.AKQ2.AKQ2.2"
LEAD_W = "W:543.43.43.AKQJT9"


def _predeal(*texts):
    from bridgecli.dealer.predeal import parse_predeal

    p = Predeal()
    for t in texts:
        seat, cards = parse_predeal(t)
        p = p.with_cards(seat, cards)
    return p


def _run(question, n, **kw):
    deals = []

    def keep(agg, chunk, extra, first):
        deals.append((chunk.owner.copy(), chunk.cluster.copy()))

    out = simulate_question(question, n, on_chunk=keep, **kw)
    return out, deals


def test_figures_equal_a_plain_loop_over_solve_and_score():
    texts = ["4S:N", "3NT:S", "5DX:E"]
    q = make_question(texts, seed=11, predeal=_predeal(NORTH, SOUTH))
    out, chunks = _run(q, 8, vul="NS", scoring="imps")
    owners = np.concatenate([o for o, _ in chunks], axis=1)
    assert owners.shape[1] == 8
    # the independent loop: full tables from solve's DDS binding, scores from the scoring core
    tables = dds.solve_tables([deal_from_indices(owners[:, d].tolist()) for d in range(8)])
    sims = [SimContract.from_str(t) for t in texts]
    per_deal = []
    for t in tables:
        row = []
        for c in sims:
            tricks = t[c.declarer, c.strain]
            vul = c.declarer in (Seat.NORTH, Seat.SOUTH)  # NS vulnerable
            s = score(c.contract, tricks, vul)
            row.append((tricks, s, s if c.declarer in (Seat.NORTH, Seat.SOUTH) else -s))
        per_deal.append(row)
    for i, c in enumerate(out["contracts"]):
        assert c["make"]["mean"] == pytest.approx(100 * np.mean([r[i][0] >= sims[i].level + 6 for r in per_deal]))
        assert c["tricks_estimate"]["mean"] == pytest.approx(np.mean([r[i][0] for r in per_deal]))
        assert c["score_estimate"]["mean"] == pytest.approx(np.mean([r[i][1] for r in per_deal]))
    for i in range(3):
        for j in range(3):
            if i == j:
                continue
            values = [imps(r[i][2] - r[j][2]) for r in per_deal]
            cell = out["payoffs"]["matrix"][i][j]
            assert cell["mean"] == pytest.approx(np.mean(values))
            assert cell["se"] == pytest.approx(np.std(values, ddof=1) / math.sqrt(8))


def _finesse_makes(owner):
    """The rule of the finesse position, read off the deal: ♠K with East, or singleton with West."""
    king = owner[13 * 3 + 11]
    west_spades = sum(1 for r in range(13) if owner[13 * 3 + r] == 3)
    return king == 1 or (king == 3 and west_spades == 1)


def test_symmetrize_keeps_the_mean_and_shrinks_the_error():
    p = _predeal(FIN_N, FIN_S)
    plain, chunks = _run(make_question(["7NT:S"], seed=5, predeal=p), 30)
    owners = np.concatenate([o for o, _ in chunks], axis=1)
    expected = 100 * np.mean([_finesse_makes(owners[:, d]) for d in range(30)])
    assert plain["contracts"][0]["make"]["mean"] == pytest.approx(expected)

    sym, chunks = _run(make_question(["7NT:S"], seed=5, predeal=p, symmetrize=[1, 3]), 30)
    rows = np.concatenate([o for o, _ in chunks], axis=1)
    cluster = np.concatenate([c + 25 * k for k, (_, c) in enumerate(chunks)])
    assert rows.shape[1] == 60 and sym["deals"] == 30
    # the same 30 deals, each with East and West swapped: every cluster is worth 50% or 100%
    values = [100 * np.mean([_finesse_makes(rows[:, r]) for r in np.flatnonzero(cluster == k)]) for k in range(30)]
    assert set(values) <= {50.0, 100.0}
    assert sym["contracts"][0]["make"]["mean"] == pytest.approx(np.mean(values))
    assert sym["contracts"][0]["make"]["se"] == pytest.approx(np.std(values, ddof=1) / math.sqrt(30))
    # expected value 50% + P(singleton king) either way; the error shrinks by far
    assert sym["contracts"][0]["make"]["se"] < plain["contracts"][0]["make"]["se"] / 2


def test_the_lead_that_sets_is_positive_for_the_defence():
    q = make_question([], "3NT:S", seed=3, predeal=_predeal(LEAD_N, LEAD_W))
    out, _ = _run(q, 4, vul="None", scoring="imps")
    lead = out["lead_analysis"]
    by_cards = {"".join(x["cards"]): x for x in lead["leads"]}
    assert by_cards["CACKCQCJCTC9"]["set"]["mean"] == 100.0
    assert by_cards["CACKCQCJCTC9"]["defence_tricks"]["mean"] >= 6
    others = [x for k, x in by_cards.items() if not k.startswith("C")]
    assert others and all(x["set"]["mean"] == 0.0 for x in others)
    names = ["".join(x["cards"]) for x in lead["leads"]]
    club = names.index("CACKCQCJCTC9")
    for k, x in enumerate(lead["leads"]):
        if k != club:
            assert lead["payoffs"]["matrix"][club][k]["mean"] > 0
            assert lead["payoffs"]["matrix"][k][club]["mean"] < 0


def test_lead_needs_the_leaders_hand():
    from bridgecli.core.errors import RuleError

    with pytest.raises(RuleError, match="13 cards"):
        make_question([], "3NT:S", seed=1)


def test_same_seed_same_numbers_whatever_jobs(runner):
    args = ["simulate", "-n", "30", "--seed", "4", "--predeal", NORTH, "--predeal", SOUTH,
            "--contract", "4S:N", "--contract", "3NT:N", "--json"]
    one = runner.invoke(cli, args)
    two = runner.invoke(cli, [*args, "--jobs", "2"])
    assert one.exit_code == 0, one.output
    assert two.exit_code == 0, two.output
    assert one.stdout == two.stdout
    assert json.loads(one.stdout)["deals"] == 30


def test_text_output_has_tables_and_bars(runner):
    r = runner.invoke(cli, ["simulate", "-n", "5", "--seed", "1", "--predeal", NORTH, "--predeal", SOUTH,
                            "--contract", "4S:N", "--contract", "3NT:N"])
    assert r.exit_code == 0, r.output
    assert "5 deals, seed 1" in r.stdout
    assert "Payoffs in IMPs for NS" in r.stdout
    assert "#" in r.stdout


def test_until_se_stops_when_the_errors_are_small(runner):
    r = runner.invoke(cli, ["simulate", "--until-se", "15", "-n", "100", "--seed", "1", "--predeal", NORTH,
                            "--predeal", SOUTH, "--contract", "4S:N", "--contract", "3NT:N", "--json",
                            "--scoring", "total", "--progress"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    table = out["payoffs"]["matrix"]
    # merged a chunk of 25 at a time, checked from 30 deals on: the first check is at 50
    assert out["stopped"] == "until-se"
    assert table[0][1]["se"] < 15
    assert out["deals"] in (50, 75)
    assert "simulate:" in r.stderr and "deals" in r.stderr


def test_records_csv_and_jsonl(runner, tmp_path):
    csv_path = tmp_path / "r.csv"
    jl = tmp_path / "r.jsonl"
    base = ["simulate", "-n", "4", "--seed", "2", "--predeal", NORTH, "--contract", "4S:N", "--json",
            "--symmetrize", "E,W"]
    r = runner.invoke(cli, [*base, "--records", str(csv_path)])
    assert r.exit_code == 0, r.output
    lines = csv_path.read_text().splitlines()
    assert lines[0].startswith("deal,variant,weight,pbn,hcp_N")
    assert "tricks_4S:N,score_4S:N" in lines[0]
    r = runner.invoke(cli, [*base, "--records", str(jl)])
    rows = [json.loads(x) for x in jl.read_text().splitlines()]
    assert len(rows) == len(lines) - 1
    for row in rows:
        assert row["hcp_N"] == 4 + 3 + 1 + 3 + 2 + 4  # the predealt north: AKJ32.K2.Q32.A32
        assert row["shape_N"] == "5-2-3-3"
        total = score(SimContract.from_str("4S:N").contract, row["tricks_4S:N"], False)
        assert row["score_4S:N"] == total
    weights = {}
    for row in rows:
        weights[row["deal"]] = weights.get(row["deal"], 0) + row["weight"]
    assert all(w == pytest.approx(1.0) for w in weights.values())


def test_bad_contract_is_a_usage_error(runner):
    r = runner.invoke(cli, ["simulate", "--contract", "4S"])
    assert r.exit_code == 2
    assert "4S:N" in r.stderr


def test_nothing_asked_is_a_usage_error(runner):
    r = runner.invoke(cli, ["simulate", "-n", "1"])
    assert r.exit_code == 2


def test_an_error_in_the_script_names_the_script(runner, tmp_path):
    # not the first --where: the script is read before the expressions that use it
    bad = tmp_path / "bad.dl"
    bad.write_text("strong = hcp(north) >= 15\nshape = hearts(north) >>\n")
    r = runner.invoke(cli, ["simulate", "--contract", "4S:N", "--script", str(bad), "--where", "hcp(south) > 5",
                            "-n", "1", "--seed", "1"])
    assert r.exit_code == 2
    assert r.stderr.startswith(f"bridgecli: error: {bad}:2:")
    assert "--where" not in r.stderr and "hcp(south)" not in r.stderr
    good = tmp_path / "good.dl"
    good.write_text("strong = hcp(north) >= 15\n")
    r = runner.invoke(cli, ["simulate", "--contract", "4S:N", "--script", str(good), "--where", "strong and",
                            "-n", "1", "--seed", "1"])
    assert r.exit_code == 2
    assert r.stderr.startswith("bridgecli: error: --where 'strong and': ")


def test_symmetrize_refuses_predealt_seats(runner):
    # options that contradict each other, before anything is dealt: a usage error
    r = runner.invoke(cli, ["simulate", "--predeal", NORTH, "--contract", "4S:N", "--symmetrize", "N,S"])
    assert r.exit_code == 2
    assert "predealt" in r.stderr


@pytest.mark.parametrize("lang", ["pl", "hu"])
def test_other_languages(runner, lang):
    r = runner.invoke(cli, ["--lang", lang, "simulate", "-n", "3", "--seed", "1", "--predeal", NORTH,
                            "--predeal", SOUTH, "--contract", "4S:N", "--contract", "3NT:N"])
    assert r.exit_code == 0, r.output
    assert "Contract" not in r.stdout
    assert {"pl": "Kontrakt", "hu": "Felvétel"}[lang] in r.stdout


def test_svg(runner, tmp_path):
    svg = tmp_path / "c.svg"
    r = runner.invoke(cli, ["simulate", "-n", "3", "--seed", "1", "--predeal", NORTH, "--predeal", SOUTH,
                            "--contract", "4S:N", "--contract", "3NT:N", "--svg", str(svg)])
    assert r.exit_code == 0, r.output
    text = svg.read_text()
    assert text.startswith("<svg") and "4S:N" in text and "<rect" in text


def test_strain_enum_order_matches_dds_mapping():
    # our strain numbers (clubs 0 .. notrump 4) against the DDS numbers used by simulate._dds
    from bridgecli.simulate import _dds

    assert [_dds._DDS_STRAIN[s] for s in (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS,
                                           Strain.NOTRUMP)] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_exits_130_quickly(jobs, tmp_path):
    import os
    import signal
    import subprocess
    import time

    from ..conftest import bridgecli_cmd, live_processes, subprocess_env

    proc = subprocess.Popen([*bridgecli_cmd(), "simulate", "-n", "100000", "--seed", "1", "--contract", "4S:N",
                             "--contract", "3NT:S", "--jobs", jobs, "--no-progress",
                             "--records", str(tmp_path / "r.csv")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=subprocess_env(), cwd=tmp_path)
    # mid-run: the records' temporary file is open and, with --jobs 2, the workers run; then
    # work under way: the first records written to it (a sign, not a fixed time)
    def records_written() -> bool:
        return any(os.path.getsize(tmp_path / name) > 0 for name in os.listdir(tmp_path))

    waited = time.monotonic() + 60
    while not (os.listdir(tmp_path) and (jobs == "1" or live_processes(1, proc.pid)) and records_written()):
        assert proc.poll() is None, proc.stderr.read()
        assert time.monotonic() < waited, "no records written and workers after 60 s"
        time.sleep(0.05)
    assert proc.poll() is None
    start = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    elapsed = time.monotonic() - start
    assert proc.returncode == 130, proc.stderr.read()
    # a second on a quiet machine; the shared test machine gets some slack
    assert elapsed < 5
    assert os.listdir(tmp_path) == []  # no records file, no temporary file left


def test_records_parquet(runner, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "r.parquet"
    r = runner.invoke(cli, ["simulate", "-n", "3", "--seed", "2", "--predeal", NORTH, "--predeal", SOUTH,
                            "--contract", "4S:N", "--contract", "3NT:N", "--records", str(path), "--json"])
    assert r.exit_code == 0, r.output
    table = pq.read_table(path)
    assert table.num_rows == 3
    assert table.column("hcp_S").to_pylist() == [2 + 6 + 4 + 0] * 3  # Q54.AQ3.KJ4.8765
    out = json.loads(r.stdout)
    made = [t >= 10 for t in table.column("tricks_4S:N").to_pylist()]
    assert out["contracts"][0]["make"]["mean"] == pytest.approx(100 * sum(made) / 3)


def test_records_bad_extension(runner, tmp_path):
    r = runner.invoke(cli, ["simulate", "-n", "1", "--predeal", NORTH, "--contract", "4S:N",
                            "--records", str(tmp_path / "r.txt")])
    assert r.exit_code == 2
    assert ".csv, .jsonl or .parquet" in r.stderr


def test_simulate_help_loads_no_heavy_module():
    from ..cli.test_startup import loaded

    assert loaded(["simulate", "--help"], ["numpy", "tabulate", "pyarrow", "distributed", "endplay._dds"]) == []


def test_bc_simulation_is_the_commands_json() -> None:
    from click.testing import CliRunner

    import bridgecli as bc

    pytest.importorskip("endplay", reason="simulate needs the dds extra")
    predeal = ["N:AKJ32.K2.Q32.A32", "S:Q54.AQ3.KJ4.8765"]
    result = bc.simulation(["4S:N", "3NT:N"], n=6, seed=4, predeal=predeal, vul="both")
    args = ["simulate", "-n", "6", "--seed", "4", "--contract", "4S:N", "--contract", "3NT:N", "--vul", "all",
            "--json", *(x for p in predeal for x in ("--predeal", p))]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout) == json.loads(json.dumps(result))
    # North-South hold 26 cards: the side's tricks in spades and notrump are whole numbers from 0 to 13
    for c in result["contracts"]:
        assert 0 <= c["tricks_estimate"]["mean"] <= 13 and result["deals"] == 6
    with pytest.raises(bc.ParseError):
        bc.simulation("4S:N", n=1, vul="sideways")


def test_bc_simulation_gives_typed_figures() -> None:
    import bridgecli as bc

    pytest.importorskip("endplay", reason="simulate needs the dds extra")
    predeal = ["N:AKJ32.K2.Q32.A32", "S:Q54.AQ3.KJ4.8765"]
    result = bc.simulation(["4S:N", "3NT:N"], n=6, seed=4, predeal=predeal, payoff="total")
    four = result.contracts["4S:N"]
    assert isinstance(result, bc.Simulation) and isinstance(four, bc.ContractEstimate)
    assert isinstance(four.make, float) and 0.0 <= four.make <= 100.0
    raw = result.to_dict()
    assert type(raw) is dict and raw["payoff"] == "total" and raw["contracts"][0]["make"]["mean"] == four.make
    assert four.tricks == raw["contracts"][0]["tricks_estimate"]["mean"] and result.deals == 6
    # the percentages of the trick distribution add up to 100, keyed by tricks as numbers
    assert sum(four.distribution.values()) == pytest.approx(100.0) and all(0 <= t <= 13 for t in four.distribution)
    assert bc.simulation(["4S:N"], n=2, seed=4, predeal=predeal, scoring="mp")["payoff"] == "mp"  # the older name
