"""``bridgecli play --analyse``: double-dummy tricks after each card (expected values by hand and from DDS)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.solver import dds
from tests.solver.ddsdata import cases

needs_dds = pytest.mark.skipif(not dds.available(), reason="the DDS solver (endplay) is not installed")

FINESSE = ["play", "--deal", "N:AQ... JT... 43... K5...", "--contract", "1NT", "--declarer", "W", "--analyse"]


@needs_dds
def test_text_marks_the_costly_card(runner: CliRunner) -> None:
    result = runner.invoke(cli, [*FINESSE, "--cards", "SA ST S3 SK SQ SJ S4 S5"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [
        "Play: 1NT by W, double-dummy 1 trick at the start; declarer gave away 1, the defence 0",
        "  1  N SA 1  E ST 1  S S3 1  W SK 0*",
        "  2  N SQ 0  E SJ 0  S S4 0  W S5 0",
    ]


@needs_dds
def test_json_of_a_good_play(runner: CliRunner) -> None:
    result = runner.invoke(cli, [*FINESSE, "--cards", "SA ST S3 S5 SQ SJ S4 SK", "--json"])
    assert result.exit_code == 0, result.stderr
    obj = json.loads(result.stdout)
    assert obj["dd_start"] == 1 and obj["declarer_cost"] == 0 and obj["defence_cost"] == 0
    assert [c["dd"] for c in obj["cards"]] == [1] * 8
    assert obj["cards"][0] == {"trick": 1, "seat": "N", "card": "SA", "dd": 1, "cost": 0}


@needs_dds
def test_full_deal_against_dds_trace(runner: CliRunner) -> None:
    # DDS's test file: this play of deal 1 (clubs, North leads, so West declares) keeps West at 8 tricks
    case = cases()[0]
    cards = " ".join(str(c) for c in case.play)
    result = runner.invoke(cli, ["play", "--deal", case.deal.to_pbn(), "--contract", "2C", "--declarer", "W",
                                 "--cards", cards, "--analyse", "--json"])
    assert result.exit_code == 0, result.stderr
    obj = json.loads(result.stdout)
    assert obj["dd_start"] == case.trace[0] == 8
    assert [c["dd"] for c in obj["cards"]][:48] == case.trace[1:]
    assert len(obj["cards"]) == 52
    assert obj["declarer_cost"] == obj["defence_cost"] == 0


def test_missing_solver(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> None:
        raise dds.SolverMissingError(dds.INSTALL_HINT)

    monkeypatch.setattr(dds, "load", missing)
    result = runner.invoke(cli, [*FINESSE, "--cards", "SA"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == "bridgecli: error: play --analyse needs the DDS solver: pip install 'bridgecli[dds]'\n"


def test_not_with_complete(runner: CliRunner) -> None:
    result = runner.invoke(cli, [*FINESSE, "--cards", "SA", "--complete"])
    assert result.exit_code == 2
    assert "--analyse does not go with --complete" in result.stderr
