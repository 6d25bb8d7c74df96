"""Issue #17, papercuts of the first hour: one -o rule, hints at a terminal, capped
error floods, user-facing help and docs, claims in show, event tables, metavars,
help examples that run, --lang after the command."""

from __future__ import annotations

import json
from pathlib import Path

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
    (["show", "--variant", "nullo", str(ROOT / "docs" / "examples" / "variants" / "nullo.yaml")], "x.json"),
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


# -- 2. FILE omitted or - at a terminal: say what is expected -----------------------------------


def _at_terminal(args: list[str], typed: bytes = b"") -> tuple[str, int]:
    """Run bridgecli with stdin a pseudo-terminal; wait for its first stderr line, type
    ``typed`` and Ctrl-D; return (stderr, exit code)."""
    import os
    import pty
    import select
    import subprocess

    from ..conftest import bridgecli_cmd, subprocess_env

    master, slave = pty.openpty()
    proc = subprocess.Popen([*bridgecli_cmd(), *args], stdin=slave, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=subprocess_env(), cwd=ROOT)
    os.close(slave)
    try:
        assert proc.stderr is not None
        ready, _, _ = select.select([proc.stderr], [], [], 60)
        assert ready, "no hint on stderr: the command waits in silence"
        first = proc.stderr.readline().decode("utf-8")
        os.write(master, typed + b"\x04")
        _, rest = proc.communicate(timeout=60)
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
    return first + rest.decode("utf-8"), proc.returncode


@pytest.mark.parametrize("args, expects", [
    (["show"], "boards"),
    (["show", "-"], "boards"),
    (["validate-auction"], "--calls"),
    (["rubber"], "results, one a line"),
    (["convert", "--to", "json"], "boards"),
    (["score", "-"], "results, one a line"),
])
def test_terminal_stdin_gets_a_hint(args, expects):
    err, code = _at_terminal(args)
    first = err.splitlines()[0]
    assert first.startswith(f"bridgecli {args[0]}: reading ")
    assert expects in first and "Ctrl-D" in first
    assert code in (0, 2)  # empty input: nothing to do, or "no boards"


def test_terminal_input_is_still_read_after_the_hint():
    err, code = _at_terminal(["rubber"], b"2S= -d N\n")
    assert code == 0
    assert "Ctrl-D" in err


def test_no_hint_for_a_pipe(runner):
    res = runner.invoke(cli, ["show", "-"], input=Path(CLUB).read_text(encoding="utf-8"))
    assert res.exit_code == 0 and res.stderr == ""


# -- 5c. score - reads '#' comment lines as rubber - does --------------------------------------


def test_score_stdin_takes_comment_lines(runner):
    res = runner.invoke(cli, ["score", "-"], input="# the first evening\n4S=\n\n  # round 2\n3NT-1 --vul both\n")
    assert res.exit_code == 0, res.stderr
    # one output line an input line: comments and blank lines give empty ones
    assert res.stdout == "\n420\n\n\n-100\n"


# -- 3. a file read with the wrong --from: a handful of errors, then a count -------------------


@pytest.mark.parametrize("args", [
    ["convert", CLUB, "--from", "lin", "--to", "json"],
    ["show", CLUB, "--from", "lin"],
    ["play", CLUB, "--from", "lin"],
])
def test_wrong_from_does_not_flood(runner, args):
    res = runner.invoke(cli, args)
    assert res.exit_code == 2
    errors = [line for line in res.stderr.splitlines() if line.startswith("bridgecli: error: ")]
    assert len(errors) == 5
    # every non-blank PBN line is a line LIN cannot read: one error each
    lines = sum(1 for line in Path(CLUB).read_text(encoding="utf-8").splitlines() if line.strip())
    assert f"bridgecli: {CLUB}: {lines - 5} more errors not shown" in res.stderr.splitlines()
    assert len(res.stderr.splitlines()) <= 8


def test_few_errors_are_all_shown(runner, tmp_path):
    bad = tmp_path / "bad.pbn"
    good = Path(CLUB).read_text(encoding="utf-8").split("\n\n")[0]
    bad.write_text(good.replace('[Deal "', '[Deal "X') + "\n", encoding="utf-8")
    res = runner.invoke(cli, ["show", str(bad)])
    assert res.exit_code == 2
    assert "more errors not shown" not in res.stderr
    assert res.stderr.count("bridgecli: error: ") == 1


# -- 5a. show says that a claim ended the play, as play does -----------------------------------


def test_show_reports_the_claim_play_reports(runner):
    played = runner.invoke(cli, ["play", CLUB, "--board", "3"]).stdout
    assert "(claimed after 9)" in played  # Board 3: 9 tricks played, then [Play] ends with '*'
    res = runner.invoke(cli, ["show", CLUB, "--board", "3", "--ascii"])
    assert res.exit_code == 0
    assert "Contract: 2HX by N, down 1 (claimed after 9)" in res.stdout.splitlines()
    # a play record played to the end has no claim
    full = runner.invoke(cli, ["show", CLUB, "--board", "2", "--ascii"]).stdout
    assert "claimed" not in full


# -- 5b. event tables: numbers alike, no empty columns ------------------------------------------

TRAVELLER = """board,ns,ew,contract,declarer,result
1,1,11,4S,N,=
1,2,12,4S,N,+1
1,3,13,3NT,S,-1
1,4,14,2S,N,+2
"""


def test_event_table_numbers_have_two_decimals_and_no_empty_lead(runner, tmp_path):
    trav = tmp_path / "trav.csv"
    trav.write_text(TRAVELLER, encoding="utf-8")
    res = runner.invoke(cli, ["score", "--event", str(trav)])
    assert res.exit_code == 0, res.stderr
    lines = res.stdout.splitlines()
    assert "Lead" not in lines[0] and "Contract" in lines[0]
    # 420 beats 170 and -50 and loses to 450: 4 of a top of 6 (MP1), i.e. 2 for E-W
    first = lines[2].split()
    assert first[:6] == ["1", "1", "11", "4S", "N", "="]
    assert first[7:9] == ["4.00", "2.00"]
    ranking = lines[lines.index("") + 3].split()
    # pair 2 (450) beat all three: 6 MP of 6, 100.00%
    assert ranking[:6] == ["1", "2", "1", "6.00", "6", "100.00"]
    trav.write_text("board,ns,ew,contract,declarer,result,lead\n1,1,11,4S,N,=,HK\n1,2,12,4S,N,+1,\n",
                    encoding="utf-8")
    res = runner.invoke(cli, ["score", "--event", str(trav)])
    assert res.exit_code == 0, res.stderr
    assert "Lead" in res.stdout.splitlines()[0]


# -- 6. help: metavars, examples that run, --lang after the command -----------------------------

COMMANDS = ["convert", "show", "deal", "validate-auction", "play", "score", "rubber", "solve", "results"]


def _help(runner, *command: str) -> str:
    res = runner.invoke(cli, [*command, "--help"], terminal_width=200)
    assert res.exit_code == 0, res.output
    return res.stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_metavars_say_what_an_option_takes(runner, command):
    import re

    text = _help(runner, command)
    options = text[text.index("Options:"):text.index("Examples:")]
    for generic in ("TEXT", "INTEGER", "FLOAT", "PATH", "FILENAME", "BOOLEAN"):
        assert not re.search(rf"\b{generic}\b", options), (command, generic)


def _examples(text: str) -> list[str]:
    """The example commands at the end of a help text (continuation lines joined)."""
    lines = text[text.rindex("Examples:"):].splitlines()[1:]
    commands: list[str] = []
    for line in lines:
        if not line.strip():
            break
        if commands and commands[-1].endswith("\\"):
            commands[-1] = commands[-1][:-1] + " " + line.strip()
        else:
            commands.append(line.strip())
    return commands


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_ends_with_examples_that_run(runner, command, tmp_path):
    """Each example of the help runs, as printed, in a shell from a folder that has the
    repository's sample_deals/ and docs/ (so that files it writes land in tmp_path)."""
    import os
    import stat
    import subprocess
    import sys

    from ..conftest import subprocess_env

    text = _help(runner, *([command] if command else []))
    assert text.rstrip("\n").splitlines()[-1].startswith("    ")  # the examples close the help
    examples = _examples(text)
    assert 2 <= len(examples) <= 4
    if command == "solve" or any("solve" in e for e in examples):
        pytest.importorskip("endplay", reason="solve needs the dds extra")
    for name in ("sample_deals", "docs"):
        (tmp_path / name).symlink_to(ROOT / name)
    shim = tmp_path / "bin" / "bridgecli"
    shim.parent.mkdir()
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m bridgecli "$@"\n')
    shim.chmod(shim.stat().st_mode | stat.S_IEXEC)
    env = subprocess_env()
    env["PATH"] = str(shim.parent) + os.pathsep + env.get("PATH", "")
    env.pop("BRIDGECLI_LANG", None)
    for example in examples:
        assert example.split()[0] in ("bridgecli", "printf")
        proc = subprocess.run(["bash", "-o", "pipefail", "-c", example], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, (example, proc.stderr)
        assert "error" not in proc.stderr, (example, proc.stderr)
        if " -o " in example and "/dev/null" not in example:
            written = tmp_path / example.split(" -o ")[1].split()[0]
            assert written.stat().st_size > 0, example
        else:
            assert (proc.stdout + proc.stderr).strip(), example  # --stats reports on stderr
        if "  # " in example:  # the example says what it prints
            assert proc.stdout.strip() == example.split("  # ")[1].strip()


def test_lang_after_the_command(runner):
    before = runner.invoke(cli, ["--lang", "pl", "show", CLUB, "--board", "3"])
    after = runner.invoke(cli, ["show", CLUB, "--board", "3", "--lang", "pl"])
    assert before.exit_code == after.exit_code == 0
    assert after.stdout == before.stdout
    assert "Kontrakt: " in after.stdout
    # the language after the command wins over the one before it
    last = runner.invoke(cli, ["--lang", "pl", "score", "4S=", "--lang", "en", "--vul", "none"])
    assert last.exit_code == 0 and last.stdout == "420\n"
    res = runner.invoke(cli, ["validate-auction", "--lang", "xx", "--dealer", "N", "--calls", "P P P P"])
    assert res.exit_code == 2 and "unknown language 'xx'" in res.stderr


# -- 4. help and docs speak to users --------------------------------------------------------------

#: Phrases that speak to the developers, or name files a user does not have.
DEVELOPER_TALK = ("RULES.md", "PBN.md", "seeds/", "shared seeds", "seed text", "another branch",
                  "not edited here", "**OPEN", "(rubber.py)")


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_cites_no_file_users_lack(runner, command):
    text = _help(runner, *([command] if command else []))
    for phrase in DEVELOPER_TALK:
        assert phrase not in text, (command, phrase)


@pytest.mark.parametrize("page", [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
                                  *sorted((ROOT / "docs" / "commands").glob("*.md"))],
                         ids=lambda p: p.name)
def test_docs_speak_to_users(page):
    text = page.read_text(encoding="utf-8")
    for phrase in DEVELOPER_TALK:
        assert phrase not in text, (page.name, phrase)


def test_lang_in_a_score_batch_line_is_refused(runner):
    # a result line cannot change the language the run reads in: said, not ignored
    res = runner.invoke(cli, ["score", "-", "--keep-going"], input="4C= --lang pl\n4C=\n")
    assert res.exit_code == 1
    assert res.stdout == "error\n130\n"
    assert "--lang is not allowed in a batch line" in res.stderr


def test_show_svg_extension_draws_the_diagram(runner, tmp_path):
    out = tmp_path / "board.svg"
    res = runner.invoke(cli, ["show", CLUB, "-b", "1", "-o", str(out)])
    assert res.exit_code == 0, res.stderr
    text = out.read_text(encoding="utf-8")
    assert "<svg" in text and text.rstrip().endswith("</svg>")
