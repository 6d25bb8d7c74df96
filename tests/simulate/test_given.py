"""``simulate FILE|-`` (issue #28 item 6): the contracts and leads of the deals given, not dealt."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from bridgecli.cli import cli
from bridgecli.core.cards import Strain
from bridgecli.core.deal import Deal
from bridgecli.core.imps import imps
from bridgecli.core.scoring import score
from bridgecli.simulate.contracts import SimContract
from bridgecli.solver import dds

pytestmark = pytest.mark.skipif(not dds.available(), reason="the DDS solver (endplay) is not installed")

NORTH = "N:AKJ32.K2.Q32.A32"
SOUTH = "S:Q54.AQ3.KJ4.8765"


def _deals(runner, n, *args):
    r = runner.invoke(cli, ["deal", "-n", str(n), "--seed", "9", *args])
    assert r.exit_code == 0, r.output
    return r.stdout


def _pbn_deals(text):
    return [Deal.from_pbn(line.split('"')[1]) for line in text.splitlines() if line.startswith("[Deal ")]


def test_the_figures_of_a_file_equal_a_plain_loop_over_its_deals(runner, tmp_path):
    path = tmp_path / "d.pbn"
    path.write_text(_deals(runner, 7, "--predeal", NORTH, "--predeal", SOUTH))
    r = runner.invoke(cli, ["simulate", str(path), "--contract", "4S:N", "--contract", "3NT:S", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["deals"] == 7 and out["tried"] == 7 and out["stopped"] == "input"
    assert out["seed"] is None and out["source"] == str(path)
    # the independent loop: solve's tables and the scoring core, deal by deal
    sims = [SimContract.from_str("4S:N"), SimContract.from_str("3NT:S")]
    tables = dds.solve_tables(_pbn_deals(path.read_text()))
    tricks = [[t[c.declarer, c.strain] for c in sims] for t in tables]
    scores = [[score(c.contract, row[i], False) for i, c in enumerate(sims)] for row in tricks]
    for i, c in enumerate(out["contracts"]):
        assert c["tricks_estimate"]["mean"] == pytest.approx(np.mean([row[i] for row in tricks]))
        assert c["make"]["mean"] == pytest.approx(100 * np.mean([row[i] >= sims[i].level + 6 for row in tricks]))
        assert c["score_estimate"]["se"] == pytest.approx(np.std([row[i] for row in scores], ddof=1) / math.sqrt(7))
    pay = [imps(a - b) for a, b in scores]
    assert out["payoffs"]["matrix"][0][1]["mean"] == pytest.approx(np.mean(pay))


def test_stdin_n_and_where(runner):
    text = _deals(runner, 12)
    piped = runner.invoke(cli, ["simulate", "-", "--contract", "4S:N", "--json"], input=text)
    assert piped.exit_code == 0, piped.output
    assert json.loads(piped.stdout)["deals"] == 12
    first = runner.invoke(cli, ["simulate", "-", "-n", "5", "--contract", "4S:N", "--json"], input=text)
    out = json.loads(first.stdout)
    assert first.exit_code == 0 and out["deals"] == 5 and out["tried"] == 5 and out["stopped"] == "count"
    # --where filters: the deals kept are those whose north has 10 HCP or more, the rest count as tried
    keep = [d for d in _pbn_deals(text)
            if sum(max(0, c.rank - 10) for c in d[0]) >= 10]  # type: ignore[index, union-attr]
    r = runner.invoke(cli, ["simulate", "-", "--where", "hcp(north) >= 10", "--contract", "4S:N", "--json"],
                      input=text)
    out = json.loads(r.stdout)
    assert r.exit_code == (0 if keep else 1)
    assert out["deals"] == len(keep) and out["tried"] == 12


def test_same_numbers_whatever_jobs(runner, tmp_path):
    path = tmp_path / "d.pbn"
    path.write_text(_deals(runner, 30, "--predeal", NORTH))
    args = ["simulate", str(path), "--contract", "4S:N", "--contract", "3NT:N", "--json"]
    one, two = runner.invoke(cli, args), runner.invoke(cli, [*args, "--jobs", "2"])
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout and json.loads(one.stdout)["deals"] == 30


@pytest.mark.parametrize("option", [["--predeal", NORTH], ["--seed", "0"], ["--max-tries", "5"]])
def test_options_that_deal_are_refused_with_a_file(runner, option):
    r = runner.invoke(cli, ["simulate", "-", "--contract", "4S:N", *option], input=_deals(runner, 2))
    assert r.exit_code == 2
    assert option[0] in r.stderr


def test_a_board_without_four_hands_names_the_board(runner):
    full = _pbn_deals(_deals(runner, 2))
    text = "\n".join([f'[Board "1"]\n[Deal "{full[0].to_pbn()}"]\n',
                      '[Board "2"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n',
                      f'[Board "3"]\n[Deal "{full[1].to_pbn()}"]\n'])
    r = runner.invoke(cli, ["simulate", "-", "--contract", "4S:N"], input=text)
    assert r.exit_code == 1
    assert "board 2" in r.stderr and "east hand is unknown" in r.stderr and "four full hands" in r.stderr
    # the figures of the deals before it are printed first (docs: exit 1 after printing the figures)
    r = runner.invoke(cli, ["simulate", "-", "--contract", "4S:N", "--json"], input=text)
    assert r.exit_code == 1 and "board 2" in r.stderr
    out = json.loads(r.stdout)
    assert out["deals"] == 1 and out["tried"] == 1  # board 1 alone: board 3, after the bad one, is not read
    assert out["stopped"] == "bad-board"  # not the end of the input: board 3 was never read
    r = runner.invoke(cli, ["simulate", "-", "--contract", "4S:N"], input=text)
    assert "stopped: a board that cannot be simulated (1 deals read before it)" in r.stdout
    table = dds.solve_tables([full[0]])[0]
    assert out["contracts"][0]["tricks_estimate"]["mean"] == table[SimContract.from_str("4S:N").declarer, Strain.SPADES]


def test_a_lead_question_of_given_deals(runner):
    west = "W:KQJ2.K32.T98.542"
    text = _deals(runner, 4, "--predeal", west)
    r = runner.invoke(cli, ["simulate", "-", "--lead", "3NT:S", "--json"], input=text)
    assert r.exit_code == 0, r.output
    leads = json.loads(r.stdout)["lead_analysis"]["leads"]
    assert sorted(c for x in leads for c in x["cards"]) == sorted(
        ["SK", "SQ", "SJ", "S2", "HK", "H3", "H2", "DT", "D9", "D8", "C5", "C4", "C2"])
    other = text + "\n\n" + _deals(runner, 1)  # a fifth deal where west holds another hand
    r = runner.invoke(cli, ["simulate", "-", "--lead", "3NT:S"], input=other)
    assert r.exit_code == 1
    assert "west's hand is not the one of the first deal" in r.stderr


def test_bc_simulation_of_given_deals_is_the_commands_json(runner):
    import bridgecli as bc

    text = _deals(runner, 6, "--predeal", NORTH)
    r = runner.invoke(cli, ["simulate", "-", "--contract", "4S:N", "--contract", "3NT:N", "--json"], input=text)
    result = bc.simulation(["4S:N", "3NT:N"], n=None, deals=_pbn_deals(text))
    expected = json.loads(r.stdout)
    del expected["source"]  # the command names its input
    assert json.loads(json.dumps(result)) == expected
    with pytest.raises(bc.ParseError):
        bc.simulation("4S:N", deals=_pbn_deals(text), predeal="N:AKJ32.K2.Q32.A32")


def test_piped_deals_without_file_are_not_silently_ignored(runner):
    # `deal | simulate --contract 4S:N` deals its own hands: a note says how to use the piped ones
    import subprocess

    from ..conftest import bridgecli_cmd, subprocess_env

    piped = _deals(runner, 1)
    proc = subprocess.run([*bridgecli_cmd(), "simulate", "-n", "1", "--seed", "1", "--contract", "4S:N",
                           "--predeal", NORTH], input=piped, capture_output=True, text=True, env=subprocess_env(),
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "give - to simulate the deals piped in" in proc.stderr


def test_given_deals_are_read_lazily():
    # an endless stream of deals: -n 30 reads 30 of them, a chunk at a time, and stops
    import itertools

    from bridgecli.simulate.run import given_chunks, make_question

    deal = Deal.from_pbn("N:AKJ32.K2.Q32.A32 9.J9875.T987.QJ4 Q54.AQ3.KJ4.8765 T876.T64.A65.KT9")
    pulled = []

    def endless():
        for k in itertools.count():
            pulled.append(k)
            yield deal

    chunks = given_chunks(endless(), make_question(["4S:N"]), n=30)
    first = next(chunks)
    assert first.owner.shape == (52, 25) and len(pulled) == 25
    rest = list(chunks)
    assert [c.owner.shape[1] for c in rest] == [5] and len(pulled) == 30
