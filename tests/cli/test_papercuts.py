"""Issue #17, papercuts of the first hour: one -o rule, hints at a terminal, capped
error floods, user-facing help and docs, claims in show, event tables, metavars,
help examples that run, --lang after the command."""

from __future__ import annotations

import json

import pytest

from bridgecli.cli import cli

from ..conftest import ROOT, SAMPLES

CLUB = str(SAMPLES / "valid" / "club_session.pbn")


# -- 1. -o: the extension picks the format, an unknown one is a usage error ------------------


def _one_error_line(res) -> str:
    lines = res.stderr.splitlines()
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith("bridgecli: error: -o ")
    return lines[0]


def test_deal_txt_writes_text(runner, tmp_path):
    out = tmp_path / "x.txt"
    res = runner.invoke(cli, ["deal", "-n", "2", "--seed", "1", "-o", str(out)])
    assert res.exit_code == 0, res.stderr
    text = runner.invoke(cli, ["deal", "-n", "2", "--seed", "1", "--format", "text"]).stdout
    assert out.read_text(encoding="utf-8") == text
    lines = text.splitlines()
    assert len(lines) == 2 and all(line.startswith("N:") and line.count(" ") == 3 for line in lines)


@pytest.mark.parametrize("args", [
    ["deal", "-n", "1", "--seed", "1"],
    ["convert", CLUB],
    ["show", CLUB],
    ["validate-auction", CLUB],
    ["play", CLUB],
    ["score", "4S=", "--vul", "none"],
    ["rubber", str(ROOT / "docs" / "examples" / "evening.txt")],
])
def test_unknown_extension_is_a_usage_error(runner, tmp_path, args):
    out = tmp_path / "x.dat"
    res = runner.invoke(cli, [*args, "-o", str(out)])
    assert res.exit_code == 2
    assert "unknown extension '.dat'" in _one_error_line(res)
    assert not out.exists()


@pytest.mark.parametrize("args, option", [
    (["deal", "-n", "1", "--seed", "1"], ["--format", "text"]),
    (["convert", CLUB], ["--to", "yaml"]),
])
def test_format_option_says_what_to_write(runner, tmp_path, args, option):
    out = tmp_path / "x.dat"
    res = runner.invoke(cli, [*args, *option, "-o", str(out)])
    assert res.exit_code == 0, res.stderr
    assert out.read_text(encoding="utf-8") == runner.invoke(cli, [*args, *option]).stdout


@pytest.mark.parametrize("args, name", [
    (["convert", CLUB], "x.txt"),  # convert has no text format
    (["show", CLUB], "x.pbn"),
    (["validate-auction", CLUB], "x.yaml"),
    (["score", "4S="], "x.lin"),
])
def test_known_extension_the_command_does_not_write(runner, tmp_path, args, name):
    res = runner.invoke(cli, [*args, "-o", str(tmp_path / name)])
    assert res.exit_code == 2
    line = _one_error_line(res)
    assert f"{args[0]} does not write" in line
    assert not (tmp_path / name).exists()


@pytest.mark.parametrize("args", [
    ["validate-auction", CLUB],
    ["play", CLUB],
    ["score", "4S=", "--vul", "none"],
    ["rubber", str(ROOT / "docs" / "examples" / "evening.txt")],
])
def test_json_extension_writes_json(runner, tmp_path, args):
    out = tmp_path / "x.json"
    res = runner.invoke(cli, [*args, "-o", str(out)])
    assert res.exit_code == 0, res.stderr
    assert out.read_text(encoding="utf-8") == runner.invoke(cli, [*args, "--json"]).stdout
    json.loads(out.read_text(encoding="utf-8").splitlines()[0])


def test_show_html_extension_writes_the_hand_record(runner, tmp_path):
    out = tmp_path / "sheet.html"
    res = runner.invoke(cli, ["show", CLUB, "-b", "1", "-o", str(out)])
    assert res.exit_code == 0, res.stderr
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_no_extension_and_devices_take_the_default(runner, tmp_path):
    out = tmp_path / "boards"
    res = runner.invoke(cli, ["deal", "-n", "1", "--seed", "1", "-o", str(out)])
    assert res.exit_code == 0
    assert out.read_text(encoding="utf-8").startswith("% PBN 2.1")
    assert runner.invoke(cli, ["deal", "-n", "1", "-o", "/dev/null"]).exit_code == 0
