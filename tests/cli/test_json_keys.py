"""One JSON key for a board's vulnerability across commands: ``vulnerable``, valued as PBN's
Vulnerable tag (``None``, ``NS``, ``EW``, ``All``); a side's own vulnerability is
``declarer_vulnerable``. ``vul`` (what score and solve wrote before) is still read as input."""

from __future__ import annotations

import json

import pytest

from bridgecli.cli import cli

from ..conftest import ROOT

CLUB = ROOT / "docs" / "examples" / "club.pbn"  # board 1: no one vulnerable; board 2: N-S


def records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines() if line.strip()]


@pytest.mark.parametrize("args", [
    ["convert", str(CLUB), "--to", "json"],
    ["show", str(CLUB), "--json"],
    ["validate-auction", str(CLUB), "--json"],
    ["score", str(CLUB), "--json"],
    ["solve", str(CLUB), "--json"],
])
def test_board_vulnerability_key(runner, args):
    if args[0] == "solve":
        pytest.importorskip("endplay", reason="solve needs the dds extra")
    res = runner.invoke(cli, args)
    assert res.exit_code == 0, res.stderr
    recs = records(res.stdout)
    assert [r["vulnerable"] for r in recs] == ["None", "NS"]
    assert all("vul" not in r for r in recs)


def test_score_one_contract(runner):
    res = runner.invoke(cli, ["score", "4S=", "--vul", "ns", "--declarer", "E", "--json"])
    assert res.exit_code == 0, res.stderr
    rec = json.loads(res.stdout)
    assert rec["vulnerable"] == "NS" and rec["declarer_vulnerable"] is False and "vul" not in rec


def test_vul_is_read_as_vulnerable(runner, tmp_path):
    src = tmp_path / "old.json"
    src.write_text('{"board": 3, "dealer": "S", "vul": "EW"}\n', encoding="utf-8")
    res = runner.invoke(cli, ["convert", str(src), "--to", "pbn"])
    assert res.exit_code == 0, res.stderr
    assert '[Vulnerable "EW"]' in res.stdout
    src.write_text('{"board": 3, "vul": "EW", "vulnerable": "EW"}\n', encoding="utf-8")
    assert runner.invoke(cli, ["convert", str(src), "--to", "pbn"]).exit_code == 0
    src.write_text('{"board": 3, "vul": "EW", "vulnerable": "NS"}\n', encoding="utf-8")
    res = runner.invoke(cli, ["convert", str(src), "--to", "pbn"])
    assert res.exit_code == 2 and "'vul' and 'vulnerable' differ" in res.stderr
