"""Issue #31, the first hour: what a new user meets in the first minutes, command by command.

Usage errors of score and rubber read as every other command's; ``bridgecli help CMD``;
the environment's language named when it is wrong; the usual Polish and Hungarian seat and
vulnerability words under ``--lang``.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner, Result

from bridgecli.cli import cli


def _usage(r: Result, command: str) -> str:
    """The one usage line of a run that ended in a usage error (exit 2, nothing on stdout)."""
    assert r.exit_code == 2 and r.stdout == "", (r.stdout, r.stderr)
    err = r.stderr
    assert err.count("\n") == 1 and err.startswith("bridgecli: error: ")
    assert err.endswith(f" {command} --help'\n"), err
    return err


@pytest.mark.parametrize("args, says", [
    (["score", "3NT=", "--declarr", "N"], "no such option '--declarr' (did you mean '--declarer'?)"),
    (["score", "3NT=", "--bogus"], "no such option '--bogus'"),
    (["score", "3NT=", "--vul", "sideways"], "--vul must be none, ns, ew or both, not 'sideways'"),
    (["score", "3NT=", "-d", "Q"], "--declarer: not a seat: 'Q'"),
    (["score", "3NT=", "--scoring", "foo"], "unknown scoring 'foo'"),
    (["rubber", "--players", "Ann,Bob"], "players are four names N, E, S, W"),
    (["rubber", "--chicago", "--dealer", "Q"], "not a seat: 'Q'"),
])
def test_usage_errors_of_score_and_rubber_say_where_the_help_is(runner: CliRunner, args: list[str],
                                                                 says: str) -> None:
    err = _usage(runner.invoke(cli, args, input=""), args[0])
    assert says in err


def test_a_score_line_on_stdin_keeps_its_located_error(runner: CliRunner) -> None:
    # in a batch the line's own error, located, is what helps (not the command's help)
    r = runner.invoke(cli, ["score", "-"], input="3NT= --declarr N\n")
    assert r.exit_code == 2 and "<stdin>:1: no such option: '--declarr'" in r.stderr


def test_help_command(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["help", "score"])
    assert r.exit_code == 0 and r.stdout == runner.invoke(cli, ["score", "--help"]).stdout
    r = runner.invoke(cli, ["help"])
    assert r.exit_code == 0 and r.stdout == runner.invoke(cli, ["--help"]).stdout
    r = runner.invoke(cli, ["help", "scor"])
    assert r.exit_code == 2 and "no such command 'scor' (did you mean 'score'?)" in r.stderr


def test_a_bad_language_in_the_environment_names_the_variable(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["score", "3NT="], env={"BRIDGECLI_LANG": "fr"})
    assert r.exit_code == 2 and "invalid value for BRIDGECLI_LANG: unknown language 'fr'" in r.stderr
    r = runner.invoke(cli, ["--lang", "fr", "score", "3NT="])
    assert r.exit_code == 2 and "--lang" in r.stderr and "BRIDGECLI_LANG" not in r.stderr


# N-S view with --ns: 3NT= is 400 not vulnerable, 600 vulnerable, for N-S declaring; E-W's negated
@pytest.mark.parametrize("lang, declarer, vul, score", [
    ("pl", "Płd", "oba", "600"), ("pl", "płn", "żadna", "400"), ("pl", "Wsch", "obie", "-600"),
    ("pl", "Zach", "nikt", "-400"), ("pl", "S", "NS po", "600"),
    ("hu", "D", "mindkettő", "600"), ("hu", "Dél", "nincs", "400"), ("hu", "Ny", "mind", "-600"),
    ("hu", "K", "senki", "-400"), ("hu", "É", "É-D", "600"),
])
def test_polish_and_hungarian_seats_and_vulnerabilities(runner: CliRunner, lang: str, declarer: str, vul: str,
                                                        score: str) -> None:
    r = runner.invoke(cli, ["--lang", lang, "score", "3NT=", "--declarer", declarer, "--vul", vul, "--ns"])
    assert (r.exit_code, r.stdout, r.stderr) == (0, score + "\n", "")


@pytest.mark.parametrize("lang, option, words", [
    ("pl", "--declarer", "Płn, Wsch, Płd, Zach"),
    ("pl", "--vul", "nikt, NS, EW, obie"),
    ("hu", "--declarer", "É, K, D, Ny"),
    ("hu", "--vul", "senki, É-D, K-Ny, mindenki"),
])
def test_a_word_the_language_does_not_read_lists_its_words(runner: CliRunner, lang: str, option: str,
                                                          words: str) -> None:
    r = runner.invoke(cli, ["--lang", lang, "score", "3NT=", option, "xyz"])
    err = _usage(r, "score")
    assert words in err and "'xyz'" in err


@pytest.mark.parametrize("lang, seed_note, warning", [
    ("pl", "bridgecli: note: ziarno ", ("wartość znacznika bez cudzysłowu, odczytana jako 'x' (PBN 3.2 wymaga \"...\")"
                                       " (i jeszcze 1)")),
    ("hu", "bridgecli: note: mag: ", ("idézőjel nélküli címkeérték, így olvasva: 'x' (a PBN 3.2 \"...\"-t kér)"
                                     " (és még 1)")),
])
def test_notes_and_warnings_speak_the_language(runner: CliRunner, lang: str, seed_note: str,
                                               warning: str) -> None:
    r = runner.invoke(cli, ["--lang", lang, "deal", "-n", "1", "--format", "text"])
    assert r.exit_code == 0 and r.stderr.startswith(seed_note)
    pbn = '[Event x]\n[Board "1"]\n\n[Event y]\n[Board "2"]\n'
    r = runner.invoke(cli, ["--lang", lang, "show", "-"], input=pbn)
    assert r.exit_code == 0 and r.stderr == f"bridgecli: warning: <stdin>:1: {warning}\n"
    # English stays as it was
    r = runner.invoke(cli, ["show", "-"], input=pbn)
    assert r.stderr == "bridgecli: warning: <stdin>:1: tag value without quotes, read as 'x' (PBN 3.2 wants \"...\") (1 more)\n"


def test_docs_and_help_teach_shell_redirection_to_throw_output_away(runner: CliRunner) -> None:
    # issue #31: `> /dev/null` is what a shell user knows; `-o /dev/null` taught a detour
    from ..conftest import ROOT

    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    taught = [p.name for p in pages if "-o /dev/null" in p.read_text(encoding="utf-8")]
    from bridgecli.cli import COMMANDS

    taught += [name for name in COMMANDS if "-o /dev/null" in runner.invoke(cli, [name, "--help"]).stdout]
    assert taught == []
    assert "> /dev/null" in runner.invoke(cli, ["deal", "--help"]).stdout


def test_command_pages_say_what_to_type_and_internals_live_on_one_developer_page(runner: CliRunner) -> None:
    # issue #31: SplitMix64, prctl, pidfd, module paths, test files and bench results were on the
    # pages a user reads first; they moved to docs/DEVELOPMENT.md
    from ..conftest import ROOT

    pages = [ROOT / "docs" / "commands" / f"{name}.md" for name in
             ("deal", "play", "score", "show", "solve", "validate-auction", "convert")]
    pages += [ROOT / "docs" / "LANGUAGES.md", ROOT / "docs" / "FORMATS.md"]
    internals = ("SplitMix64", "prctl", "pidfd", "tests/", "bench/", "play/batch", "bridgecli.launch",
                 "lexicon.py", "notation.py")
    found = {(p.name, w) for p in pages for w in internals if w in p.read_text(encoding="utf-8")}
    assert found == set()
    dev = (ROOT / "docs" / "DEVELOPMENT.md").read_text(encoding="utf-8")
    assert all(w in dev for w in ("SplitMix64", "prctl", "pidfd", "tests/checks/test_replay_batch.py"))
    assert "DEVELOPMENT.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/DEVELOPMENT.md)" in readme[readme.index("## Development"):]
    assert "bench" not in runner.invoke(cli, ["solve", "--help"]).stdout


@pytest.mark.parametrize("command", ["deal", "solve", "simulate"])
def test_progress_is_a_switch_everywhere(runner: CliRunner, command: str) -> None:
    text = runner.invoke(cli, [command, "--help"], terminal_width=200).stdout
    assert "--progress / --no-progress" in text


def test_par_is_written_one_way(runner: CliRunner) -> None:
    # issue #31: show wrote "Par: NS 420 (4S= NS)", solve "Par NS 140: 3S by N/S" and
    # "Par NS 300: 4SX by E/W -2"; solve now writes it as show does
    from bridgecli.core.cards import Seat, Vulnerability
    from bridgecli.core.ddtable import DDTable
    from bridgecli.render.sheet import par_of_tags
    from bridgecli.solver.par import par

    cases = [
        # N-S make 3S and 3H (140); E-W would go one down in 3D doubled
        (DDTable(((9, 5, 9, 9, 7), (4, 8, 4, 4, 4), (9, 5, 9, 9, 7), (4, 8, 4, 4, 4))), Vulnerability.NONE,
         "Par: NS 140 (3S= NS, 3H= NS)"),
        # N-S make 4S vulnerable (620); E-W save in 5C doubled two down (-300)
        (DDTable(((3, 5, 6, 10, 6), (9, 7, 6, 3, 5), (3, 5, 6, 10, 6), (9, 7, 6, 3, 5))), Vulnerability.NS,
         "Par: NS 300 (5CX-2 EW)"),
    ]
    for table, vul, line in cases:
        p = par(table, vul, Seat.NORTH)
        shown = par_of_tags(p.optimum_score, p.par_contract, ascii=True)
        assert shown is not None and shown.text() == line
    # show reads the same tags from a board and prints the same line (with suit symbols)
    pbn = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "N:AKQJ.T98.765.432 T987.AKQ.432.765 '
           '65432.J76.AKQ.AK .5432.JT98.QJT98"]\n[OptimumScore "NS 300"]\n[ParContract "EW 5CX-2"]\n')
    r = runner.invoke(cli, ["show", "-", "--ascii"], input=pbn)
    assert r.exit_code == 0 and "Par: NS 300 (5CX-2 EW)" in r.stdout
