"""Every usage error is one line on stderr, ``bridgecli: error: ...; see 'bridgecli CMD --help'``,
exit 2, nothing on stdout: a bad option value, an unknown option, an option without its
value, a command's own usage error, through ``python -m bridgecli``, the console script
and CliRunner alike."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.cli.common.usage import usage_line

from ..conftest import ROOT, bridgecli_cmd, subprocess_env

#: command -> (an option with a value it refuses, that value, an option that needs a value)
BAD_VALUES = {
    "convert": ("--to", "xml", "--from"),
    "show": ("--per-page", "5", "--from"),
    "deal": ("-n", "x", "--seed"),
    "validate-auction": ("-j", "x", "--from"),
    "play": ("--to", "xml", "--from"),
    "score": ("--from", "xml", "--from"),
    "rubber": ("--rounding", "sideways", "--passout"),
    "solve": ("-j", "0", "--to"),
    "simulate": ("--scoring", "rubber", "--seed"),
    "movement show": ("--tables", "x", "--rounds"),
    "results": ("--to", "xml", "--table-style"),  # a group: its sub-command's options
}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*bridgecli_cmd(), *args], capture_output=True, text=True, env=subprocess_env(),
                          stdin=subprocess.DEVNULL, timeout=60, cwd=ROOT)


def one_line(proc: subprocess.CompletedProcess[str], command: str) -> str:
    """The one error line of ``proc``, checked for its shape."""
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    assert proc.stderr.endswith("\n") and proc.stderr.count("\n") == 1, proc.stderr
    line = proc.stderr[:-1]
    assert line.startswith("bridgecli: error: ")
    assert line.endswith(f"; see '{command} --help'"), line
    assert "Usage:" not in line and "Try '" not in line and "Error:" not in line
    return line


def test_every_command_is_covered() -> None:
    from bridgecli.cli import COMMANDS

    assert {c.split()[0] for c in BAD_VALUES} == set(COMMANDS)


@pytest.mark.parametrize("command", sorted(BAD_VALUES))
def test_bad_option_value_is_one_line(command: str) -> None:
    option, value, _ = BAD_VALUES[command]
    line = one_line(run(*command.split(), option, value), f"bridgecli {command}")
    assert line.startswith(f"bridgecli: error: invalid value for '{option}'"), line
    assert f"'{value}'" in line or f" {value} " in line  # click quotes strings, not numbers


@pytest.mark.parametrize("command", sorted(BAD_VALUES))
def test_option_without_its_value_is_one_line(command: str) -> None:
    option = BAD_VALUES[command][2]
    line = one_line(run(*command.split(), option), f"bridgecli {command}")
    assert line == f"bridgecli: error: option '{option}' requires an argument; see 'bridgecli {command} --help'"


def test_the_examples_of_the_task() -> None:
    assert run("deal", "-n", "x").stderr == (
        "bridgecli: error: invalid value for '-n' / '--count': 'x' is not a valid integer range;"
        " see 'bridgecli deal --help'\n")
    assert run("deal", "--cuont").stderr == (
        "bridgecli: error: no such option '--cuont' (did you mean '--count'?); see 'bridgecli deal --help'\n")


def test_unknown_option_without_a_near_name() -> None:
    line = one_line(run("show", "--zzzz", "-"), "bridgecli show")
    assert line == "bridgecli: error: no such option '--zzzz'; see 'bridgecli show --help'"


def test_extra_argument() -> None:
    line = one_line(run("deal", "surplus"), "bridgecli deal")
    assert "'surplus'" in line or "(surplus)" in line


def test_a_commands_own_usage_error() -> None:
    line = one_line(run("simulate"), "bridgecli simulate")
    assert line.startswith("bridgecli: error: give at least one --contract")


@pytest.mark.parametrize("args, start", [
    (["--zzzz", "show"], "bridgecli: error: no such option '--zzzz'"),
    (["--lang"], "bridgecli: error: option '--lang' requires an argument"),
    (["--lang", "xx", "score", "3NT="], "bridgecli: error: invalid value for --lang: unknown language 'xx'"),
])
def test_group_options(args: list[str], start: str) -> None:
    line = one_line(run(*args), "bridgecli")
    assert line.startswith(start), line


def test_lang_after_the_command_names_the_command() -> None:
    line = one_line(run("show", "--lang", "xx", "-"), "bridgecli show")
    assert "'xx'" in line


def test_long_values_are_cut() -> None:
    value = "7" * 500 + "x"
    line = one_line(run("deal", "-n", value), "bridgecli deal")
    assert value not in line and "\u2026" in line and len(line) < 200
    line = one_line(run("deal", "--" + "q" * 500), "bridgecli deal")
    assert "q" * 100 not in line and len(line) < 200
    line = one_line(run("deal", "a", "b" * 500), "bridgecli deal")  # unexpected extra arguments (a bbb...)
    assert "b" * 100 not in line and "\u2026)" in line and len(line) < 200


def test_console_script(tmp_path: Path) -> None:
    """The script pip writes for ``[project.scripts]`` calls ``bridgecli.launch:entry``."""
    script = tmp_path / "bridgecli"
    script.write_text("import sys\nfrom bridgecli.launch import entry\nsys.exit(entry())\n")
    proc = subprocess.run([sys.executable, str(script), "convert", "--to", "xml", "-"], capture_output=True,
                          text=True, env=subprocess_env(), stdin=subprocess.DEVNULL, timeout=60)
    assert one_line(proc, "bridgecli convert").startswith("bridgecli: error: invalid value for '--to': 'xml'")


def test_clirunner_sees_the_same_line(runner: CliRunner) -> None:
    res = runner.invoke(cli, ["deal", "--seed", "-1"], prog_name="bridgecli")
    assert res.exit_code == 2 and res.stdout == ""
    assert res.stderr == ("bridgecli: error: invalid value for '--seed': -1 is not in the range x>=0;"
                          " see 'bridgecli deal --help'\n")


def test_missing_parameter_and_caret_lines() -> None:
    """No command has a required argument today; the shape holds for one all the same."""
    ctx = click.Context(click.Command("deal"), info_name="deal")
    param = click.Argument(["file"], metavar="FILE")
    line = usage_line(click.MissingParameter(ctx=ctx, param=param), "bridgecli deal").format_message()
    assert line == "missing argument 'FILE'; see 'deal --help'"
    line = usage_line(click.UsageError("unexpected '>'\n  a >>\n     ^"), "bridgecli deal").format_message()
    assert line == "unexpected '>'; see 'bridgecli deal --help'\n  a >>\n     ^"


def test_no_command_still_shows_the_help() -> None:
    # `bridgecli` alone is no mistake to report: click shows the whole help (exit 2)
    proc = run()
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("Usage: bridgecli [OPTIONS] COMMAND [ARGS]...\n")
    assert "Commands:" in proc.stderr and "bridgecli: error" not in proc.stderr
