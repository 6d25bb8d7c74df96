"""Bad and hostile input never shows a traceback: one ``bridgecli: error:`` line, exit 2 (issue #14).

Each test feeds one of the inputs that used to escape as a Python exception
(exit 1, "breaks the rules") and checks the one-line error and exit 2.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgecli.cli import cli
from tests.conftest import ROOT, bridgecli_cmd, subprocess_env

SAMPLES = ROOT / "sample_deals" / "valid"
ONES = "1" * 5000


def one_error(r: Result, code: int = 2) -> str:
    """The single error line of a run that must fail cleanly with ``code``."""
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    assert r.exit_code == code, (r.exit_code, r.stdout[:300], r.stderr[:300])
    # the dealer language's errors add the expression and a caret, indented, under the line
    lines = [ln for ln in r.stderr.splitlines() if not ln.startswith("  ")]
    assert len(lines) == 1, r.stderr[:600]
    assert all(len(ln) < 100 for ln in r.stderr.splitlines()[1:])
    assert lines[0].startswith("bridgecli: error: ")
    assert "internal error" not in lines[0] and "Traceback" not in r.stderr
    assert len(lines[0]) < 400, lines[0]
    return lines[0]


def write(tmp_path: Path, name: str, text: str | bytes) -> str:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return str(p)


# -- integers over Python's 4,300-digit limit, and non-ASCII digits ---------------


@pytest.mark.parametrize("args", [
    ["score", "4S+" + ONES],
    ["score", "4S", ONES],
    ["score", "4S-" + ONES],
    ["score", "4S=", "--declarer", "N", "--vul", ONES],
    ["validate-auction", "--dealer", "N", "--calls", ONES + "NT P P P"],
    ["deal", "--where", ONES + " > 1", "--seed", "1"],
    ["deal", "--where", "hcp(north) > " + ONES, "--seed", "1"],
])
def test_huge_numbers_on_the_command_line(runner: CliRunner, args: list[str]) -> None:
    line = one_error(runner.invoke(cli, args))
    assert "1" * 100 not in line  # the value is cut short


def test_board_option_huge(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["show", "--board", ONES, str(SAMPLES / "club_session.pbn")])
    # a click usage error (its usual four lines), the value cut short
    assert isinstance(r.exception, SystemExit) and r.exit_code == 2
    assert "not a board number or range" in r.stderr and "1" * 100 not in r.stderr


def test_rubber_honours_huge(runner: CliRunner) -> None:
    line = one_error(runner.invoke(cli, ["rubber", "-"], input=f"4S= -d N --honors NS:{ONES}\n"))
    assert "1" * 100 not in line


@pytest.mark.parametrize("name, text", [
    ("board.pbn", f'[Board "{ONES}"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'),
    ("result.pbn", ('[Board "1"]\n[Contract "4S"]\n[Declarer "N"]\n' f'[Result "{ONES}"]\n')),
    ("note.pbn", '[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1S =' + ONES + "= Pass Pass Pass\n"),
    ("board.lin", f"ah|Board {ONES}|md|1SAKQJHAKQDAKQCAKQ,,,|sv|o|\n"),
    ("claim.lin", f"md|1SAKQJHAKQDAKQCAKQ,,,|sv|o|mc|{ONES}|\n"),
    ("board.yaml", f"- board: {ONES}\n  dealer: N\n"),
    ("board.json", f'{{"board": {ONES}, "dealer": "N"}}\n'),
    ("digits.pbn", '[Board "\u00b2"]\n[Dealer "N"]\n'),
    ("digits.lin", "ah|Board \u00b2|md|\u00b2SAKQJHAKQDAKQCAKQ,,,|\n"),
])
def test_huge_or_unicode_numbers_in_files(runner: CliRunner, tmp_path: Path, name: str, text: str) -> None:
    path = write(tmp_path, name, text)
    for args in (["show", path], ["convert", path, "--to", "yaml"]):
        r = runner.invoke(cli, args)
        assert r.exception is None or isinstance(r.exception, SystemExit), (args, repr(r.exception))
        assert r.exit_code == 2, (args, r.stderr)
        assert r.stderr.startswith("bridgecli: error: ") and "internal error" not in r.stderr
        assert "1" * 100 not in r.stderr


def test_huge_number_in_traveller(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "t.csv", f"board,ns,ew,contract,declarer,result,score\n1,A,B,4S,N,=,{ONES}\n")
    assert ":2:" in one_error(runner.invoke(cli, ["score", "--event", path]))


def test_unicode_digits_are_refused(runner: CliRunner) -> None:
    # only ASCII digits are numbers: '²' is a character int() refuses, '٣' one it reads as 3
    line = one_error(runner.invoke(cli, ["score", "4S+\u00b2"]))
    assert "'4S+\u00b2'" in line
    one_error(runner.invoke(cli, ["score", "4S", "\u0661\u0660"]))
    assert runner.invoke(cli, ["score", "4S", "10"]).stdout == "420\n"


# -- CSV, YAML ------------------------------------------------------------------------


def test_bare_cr_in_csv_traveller(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "t.csv", b"board,ns,ew,contract,declarer,result\r1,A,B,4S,N,=\n")
    r = runner.invoke(cli, ["score", "--event", path])
    assert r.exit_code == 0, r.stderr  # a bare CR ends a line, as in old Mac files
    assert "420" in r.stdout


def test_csv_field_too_large(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "t.csv", 'board,ns\n1,"' + "x" * 200_000 + '"\n')
    assert ":2: csv error" in one_error(runner.invoke(cli, ["score", "--event", path]))


@pytest.mark.parametrize("value", ['!!int ""', "!!int [1]", "!!float x", "!!int 0x",
                                   "!!timestamp nope"])
def test_yaml_bad_number_tags(runner: CliRunner, tmp_path: Path, value: str) -> None:
    path = write(tmp_path, "b.yaml", f"- board: {value}\n  dealer: N\n")
    line = one_error(runner.invoke(cli, ["show", path]))
    assert line.startswith(f"bridgecli: error: {path}:1: yaml error")


def test_yaml_traveller_nested_5000_deep(runner: CliRunner, tmp_path: Path) -> None:
    # our depth guard or PyYAML's own (6.0.4 and later stop flow nesting first): either way one clean
    # error at the file's first line, whatever the library's wording
    path = write(tmp_path, "t.yaml", "[" * 5000 + "]" * 5000 + "\n")
    assert one_error(runner.invoke(cli, ["score", "--event", path])).startswith(f"bridgecli: error: {path}:1: ")
    assert one_error(runner.invoke(cli, ["show", path])).startswith(f"bridgecli: error: {path}:1: ")


def test_yaml_nested_200_000_deep_does_not_crash_the_parser(tmp_path: Path) -> None:
    # libyaml's composer overflows the C stack (a segfault) long before this depth
    path = write(tmp_path, "deep.yaml", "- " * 200_000 + "x\n")
    r = subprocess.run([*bridgecli_cmd(), "convert", path, "--to", "json"], capture_output=True, text=True,
                       env=subprocess_env(), timeout=120)
    assert r.returncode == 2, r.stderr[-500:]
    assert r.stderr.startswith("bridgecli: error: ") and "nested more than" in r.stderr


def _alias_bomb() -> str:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    prev = "a"
    for name in "bcdefghi":
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
        prev = name
    return ("- board: 1\n  dealer: N\n  deal:\n    N: AKQJ.AKQ.AKQ.AKQ\n  tags:\n    X: {"
            + ", ".join(lines) + "}\n")


@pytest.mark.parametrize("args", [["show"], ["convert", "--to", "pbn"], ["validate-auction"],
                                  ["score", "--event"], ["play"], ["score"]])
def test_yaml_alias_bomb_is_refused_at_once(runner: CliRunner, tmp_path: Path, args: list[str]) -> None:
    text = _alias_bomb()
    assert len(text) < 1300  # nine levels of nine: 387 million strings when expanded
    path = write(tmp_path, "bomb.yaml", text)
    started = time.monotonic()
    r = runner.invoke(cli, [*args, path])
    assert time.monotonic() - started < 10
    assert r.exit_code == 2 and "internal error" not in r.stderr
    assert "aliases expand to more than 100,000" in r.stderr + r.stdout


def test_yaml_small_aliases_still_read(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "a.yaml", "- board: 1\n  dealer: &d N\n  tags: {Annotator: *d}\n")
    r = runner.invoke(cli, ["convert", path, "--to", "pbn"])
    assert r.exit_code == 0, r.stderr
    assert '[Annotator "N"]' in r.stdout


# -- show --svg, stdin closed, directories, empty files, unknown commands -----------


def test_svg_when_no_board_is_readable(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, "g.pbn", "garbage\n")
    line = one_error(runner.invoke(cli, ["show", "--svg", path]))
    assert "before the first tag" in line
    out = tmp_path / "out"
    one_error(runner.invoke(cli, ["show", "--svg", path, "-o", str(out)]))
    assert not out.exists()


@pytest.mark.parametrize("args", [["show", "-"], ["convert", "-", "--to", "pbn"], ["validate-auction", "-"],
                                  ["play", "-"], ["score", "-"], ["score", "--from", "pbn", "-"], ["score"],
                                  ["score", "--event", "-"], ["rubber", "-"], ["solve", "-"],
                                  ["deal", "--script", "-"]])
def test_stdin_closed(args: list[str]) -> None:
    r = subprocess.run([*bridgecli_cmd(), *args], capture_output=True, text=True, env=subprocess_env(), timeout=60,
                       preexec_fn=_close_stdin)
    assert r.returncode == 2, r.stderr
    assert r.stderr == "bridgecli: error: <stdin>: stdin is closed: give a FILE, or pipe the input in\n"


def _close_stdin() -> None:
    import os

    os.close(0)  # as the shell's `<&-` does


@pytest.mark.parametrize("args", [["show"], ["convert", "--to", "pbn"], ["validate-auction"], ["play"],
                                  ["score"], ["score", "--event"], ["rubber"], ["solve"], ["show", "--svg"],
                                  ["show", "--html"], ["deal", "--script"]])
def test_directory_as_file(runner: CliRunner, tmp_path: Path, args: list[str]) -> None:
    line = one_error(runner.invoke(cli, [*args, str(tmp_path)]))
    assert line == f"bridgecli: error: {tmp_path}: is a directory"


@pytest.mark.parametrize("args", [["score"], ["rubber"], ["show"], ["convert", "--to", "yaml"],
                                  ["validate-auction"], ["play"]])
@pytest.mark.parametrize("content", ["", "\n\n  \n"])
def test_empty_file_is_no_boards(runner: CliRunner, tmp_path: Path, args: list[str], content: str) -> None:
    path = write(tmp_path, "empty.pbn", content)
    line = one_error(runner.invoke(cli, [*args, path]))
    assert line.endswith("no boards"), line


def test_empty_stdin_is_no_boards_in_rubber(runner: CliRunner) -> None:
    assert one_error(runner.invoke(cli, ["rubber", "-"], input="")) == "bridgecli: error: <stdin>: no boards"


@pytest.mark.parametrize("typo, hint", [("shwo", "'show'"), ("scroe", "'score' or 'solve'"),
                                        ("convrt", "'convert'"), ("validate-auctoin", "'validate-auction'")])
def test_unknown_command_suggests(runner: CliRunner, typo: str, hint: str) -> None:
    line = one_error(runner.invoke(cli, [typo, "x"]))
    assert line == f"bridgecli: error: no such command {typo!r} (did you mean {hint}?); see 'bridgecli --help'"


def test_unknown_command_without_a_near_name(runner: CliRunner) -> None:
    assert one_error(runner.invoke(cli, ["xyzzy"])) == "bridgecli: error: no such command 'xyzzy'; see 'bridgecli --help'"


def test_unknown_command_subprocess() -> None:
    r = subprocess.run([*bridgecli_cmd(), "shwo"], capture_output=True, text=True, env=subprocess_env(), timeout=60)
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == "bridgecli: error: no such command 'shwo' (did you mean 'show'?); see 'bridgecli --help'\n"


# -- echoed values are cut ---------------------------------------------------------------


def test_echoed_values_are_cut(runner: CliRunner) -> None:
    long_call = "Z" * 500
    line = one_error(runner.invoke(cli, ["validate-auction", "--dealer", "N", "--calls", long_call]))
    quoted = line[line.index("'"):line.rindex("'") + 1]
    assert len(quoted) <= 80 and quoted.endswith("\u2026'")


def test_click_errors_are_cut_too(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["convert", "x.pbn", "--to", "Q" * 500])
    assert r.exit_code == 2
    assert "Q" * 100 not in r.stderr


# -- control characters in names -------------------------------------------------------------


def test_svg_and_html_with_control_characters_are_well_formed(runner: CliRunner, tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    path = write(tmp_path, "c.pbn", f'[Board "1"]\n[North "Ann\x01\x08\x0b\x1b<&>\x7f\x85"]\n[Event "E\x02"]\n'
                                    f'[Dealer "N"]\n[Deal "{deal}"]\n')
    r = runner.invoke(cli, ["show", "--svg", path])
    assert r.exit_code == 0, r.stderr
    root = ET.fromstring(r.stdout.encode("utf-8"))  # raises on invalid XML
    texts = "".join(root.itertext())
    assert "Ann\ufffd\ufffd\ufffd\ufffd<&>\ufffd\ufffd" in texts
    r = runner.invoke(cli, ["show", "--html", path])
    assert r.exit_code == 0, r.stderr
    assert not any(ord(ch) < 32 and ch not in "\t\n\r" for ch in r.stdout)
    assert "Ann\ufffd" in r.stdout and "&lt;&amp;&gt;" in r.stdout


# -- the dealer language ---------------------------------------------------------------------


def test_dealer_100_nested_parentheses(runner: CliRunner) -> None:
    where = "(" * 100 + "hcp(north) >= 0" + ")" * 100
    r = runner.invoke(cli, ["deal", "--where", where, "--seed", "1", "--format", "text"])
    assert r.exit_code == 0, r.stderr
    assert len(r.stdout.splitlines()) == 1


def test_dealer_too_deeply_nested(runner: CliRunner) -> None:
    for where in ("(" * 10_000 + "1" + ")" * 10_000, "!" * 10_000 + "1", "imps(" * 5000 + "1" + ")" * 5000):
        r = runner.invoke(cli, ["deal", "--where", where, "--seed", "1"])
        assert r.exit_code == 2, r.stderr[:300]
        assert "too deeply nested (more than 100 levels)" in r.stderr
        assert r.stderr.startswith("bridgecli: error: --where ") and "internal error" not in r.stderr
        assert max(len(ln) for ln in r.stderr.splitlines()) < 300


@pytest.mark.parametrize("op", ["&&", "||", "+", "-", "*", "and"])
def test_dealer_long_chains(runner: CliRunner, tmp_path: Path, op: str) -> None:
    term = {"&&": "hcp(north) >= 0", "and": "hcp(north) >= 0", "||": "hcp(north) >= 0"}.get(op, "hcp(north)")
    expr = f" {op} ".join([term] * 2000)
    if op not in ("&&", "||", "and"):
        expr = f"({expr}) > -1000000000"
    script = write(tmp_path, "chain.dl", f"produce 2\ncondition {expr}\n")
    r = runner.invoke(cli, ["deal", "--script", script, "--seed", "1", "--format", "text"])
    assert r.exit_code == 0, r.stderr[:300]
    assert len(r.stdout.splitlines()) == 2


def test_dealer_chain_values() -> None:
    # the balanced trees give the values the left-to-right reading gives
    import numpy as np

    from bridgecli.dealer.expr import Compiler, Hands, parse

    empty = Hands(np.zeros((52, 0), dtype=np.uint8))
    for text, want in [("10 - 3 - 2 - 1", 4), ("1 - 2 + 3 - 4 + 5", 3), ("2 * 3 * 4", 24), ("100 / 5 / 2", 10),
                       ("1 && 0 || 1", 1), ("0 || 0 || 0 && 1", 0), ("1 + 2 * 3 - 4 / 2", 5),
                       (" - ".join(["1"] * 1000), -998), (" && ".join(["1"] * 999) + " && 0", 0)]:
        assert Compiler().compile(parse(text))(empty) == want, text


def test_dealer_score_overflow(runner: CliRunner) -> None:
    line = one_error(runner.invoke(cli, ["deal", "--where", "score(vul, x7N, 99999999999999999999) > 0",
                                         "--seed", "1"]))
    assert "number too large" in line


def test_dealer_constant_overflow(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["deal", "--where", "score(vul, x7N, 2000000000*2000000000*2000000000) > 0",
                            "--seed", "1"])
    assert r.exit_code == 2 and "constant out of range" in r.stderr and "internal error" not in r.stderr


def test_dealer_frequency_range_is_capped(runner: CliRunner, tmp_path: Path) -> None:
    script = write(tmp_path, "f.dl", "produce 1\naction frequency (hcp(north), 0, 99999999999)\n")
    assert "number too large" in one_error(runner.invoke(cli, ["deal", "--script", script, "--seed", "1"]))
    script = write(tmp_path, "g.dl", "produce 1\naction frequency (hcp(north), 0, 2000000000)\n")
    line = one_error(runner.invoke(cli, ["deal", "--script", script, "--seed", "1"]))
    assert "at most 100,000 values apart" in line
    script = write(tmp_path, "h.dl", "produce 1\naction frequency (hcp(north), 10, 0)\n")
    assert "give low <= high" in one_error(runner.invoke(cli, ["deal", "--script", script, "--seed", "1"]))
    script = write(tmp_path, "ok.dl", "produce 1\naction frequency (hcp(north), 0, 37)\n")
    assert runner.invoke(cli, ["deal", "--script", script, "--seed", "1"]).exit_code == 0


def test_zero_is_still_a_number(runner: CliRunner, tmp_path: Path) -> None:
    # bounded numbers keep 0: a LIN claim of no tricks, a PBN result "NS 0"
    path = write(tmp_path, "r.pbn", '[Board "1"]\n[Dealer "N"]\n[Contract "4S"]\n[Declarer "N"]\n[Result "NS 0"]\n')
    r = runner.invoke(cli, ["convert", path, "--to", "yaml"])
    assert r.exit_code == 0 and "result: 0" in r.stdout, r.stderr
    path = write(tmp_path, "c.lin", "md|1SAKQJHAKQDAKQCAKQ,S2H2D2C2,,|sv|o|mc|0|\n")
    r = runner.invoke(cli, ["convert", path, "--to", "yaml"])
    assert "a claim is" not in r.stderr


@pytest.mark.parametrize("name, text", [
    ("b.yaml", "- board: " + "1" * 3000 + "\n  dealer: N\n"),
    ("b.json", '{"board": ' + "1" * 3000 + ', "dealer": "N"}\n'),
    ("r.yaml", "- board: 1\n  contract: 4S\n  declarer: N\n  result: " + "9" * 19 + "\n"),
])
def test_numbers_under_pythons_limit_are_bounded_too(runner: CliRunner, tmp_path: Path, name: str,
                                                     text: str) -> None:
    # 3,000 digits read as a Python int, but no reader may take what PBN cannot write back
    path = write(tmp_path, name, text)
    r = runner.invoke(cli, ["convert", path, "--to", "pbn"])
    assert r.exit_code == 2 and r.stdout == ""
    assert "at most 18 digits" in r.stderr and "1" * 100 not in r.stderr


def test_opening_leader_without_play_survives_pbn(runner: CliRunner, tmp_path: Path) -> None:
    # found by tools/fuzz.py (seed 577215, case 5942): PBN dropped a leader with no card
    path = write(tmp_path, "l.yaml", "- board: 1\n  dealer: N\n  contract: 2NT\n  declarer: S\n  play_leader: W\n")
    r = runner.invoke(cli, ["convert", path, "--to", "pbn"])
    assert r.exit_code == 0 and '[Play "W"]' in r.stdout, r.stderr
    back = write(tmp_path, "l.pbn", r.stdout)
    assert "play_leader: W" in runner.invoke(cli, ["convert", back, "--to", "yaml"]).stdout
