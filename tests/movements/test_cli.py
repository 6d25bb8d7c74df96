"""``bridgecli movement``: what each subcommand prints, its exit codes, and -o never half-written."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgecli import movements
from bridgecli.cli import cli

from ..conftest import ROOT
from ..render._dom import parse

EXAMPLES = ROOT / "docs" / "examples"


def run(runner: CliRunner, *args: str, input: str | None = None):
    return runner.invoke(cli, ["movement", *args], input=input, prog_name="bridgecli")


def test_list_names_every_builtin(runner) -> None:
    res = run(runner, "list", "--json")
    assert res.exit_code == 0
    assert [b["name"] for b in json.loads(res.stdout)] == movements.names()


def test_show_yaml_is_a_movement_file_of_the_same_movement(runner) -> None:
    res = run(runner, "show", "howell", "--tables", "5", "--yaml")
    assert res.exit_code == 0
    assert movements.loads(res.stdout) == movements.get("howell", 5)


def test_show_json(runner) -> None:
    res = run(runner, "show", "mitchell", "-t", "3", "--json")
    d = json.loads(res.stdout)
    assert (d["kind"], d["tables"], d["rounds"]) == ("mitchell", 3, 3)
    assert d["seatings"]["1"]["1"] == {"ns": 1, "ew": 4, "set": 1}


def test_check_ok_and_broken(runner, tmp_path: Path) -> None:
    res = run(runner, "check", str(EXAMPLES / "movement.yaml"))
    assert res.exit_code == 0 and res.stdout.endswith("ok\n") and res.stderr == ""
    res = run(runner, "check", str(EXAMPLES / "movement-typo.yaml"), "--json")
    assert res.exit_code == 1
    report = json.loads(res.stdout)
    assert report["ok"] is False
    lines = res.stderr.splitlines()
    assert len(lines) == len(report["findings"]) - 1  # one line an error, none for the note
    assert all(line.startswith("bridgecli: error: ") and "movement-typo.yaml:1" in line and ": round 3, table" in line
               for line in lines)


def test_a_broken_movement_prints_no_cards_and_keeps_the_old_output(runner, tmp_path: Path) -> None:
    target = tmp_path / "cards.txt"
    target.write_text("old\n")
    res = run(runner, "cards", str(EXAMPLES / "movement-typo.yaml"), "-o", str(target))
    assert res.exit_code == 1 and res.stdout == ""
    assert target.read_text() == "old\n"
    assert not [p for p in os.listdir(tmp_path) if p != "cards.txt"]


@pytest.mark.parametrize(("args", "words"), [
    (("show", "howel", "-t", "4"), "no movement file or built-in movement 'howel' (did you mean 'howell'?)"),
    (("show", "howell", "-t", "12"), "howell is made for 2 to 10 tables, not 12"),
    (("show", "howell"), "howell needs the number of tables (--tables N)"),
    (("check", str(EXAMPLES / "movement.yaml"), "--tables", "3"), "for built-in movements"),
    (("cards", "howell", "-t", "3", "--one-a-page"), "--one-a-page is for --html"),
    (("show", "howell", "-t", "3", "--yaml", "--json"), "choose one of --yaml, --json"),
    (("show", "mitchell", "-t", "3", "--arrow-switch", "x"), "round numbers separated by commas"),
    (("show", "nothing.yaml"), "nothing.yaml"),
])
def test_usage_and_input_errors_are_one_line_exit_2(runner, args, words) -> None:
    res = run(runner, *args)
    assert res.exit_code == 2
    assert res.stdout == ""
    assert len(res.stderr.splitlines()) == 1 and words in res.stderr, res.stderr


def test_a_malformed_file_on_stdin(runner) -> None:
    res = run(runner, "check", "-", input="movement: x\nkind: howell\ntables: two\nseatings: {}\n")
    assert res.exit_code == 2
    assert res.stderr == "bridgecli: error: <stdin>:3: tables is a whole number, not 'two'\n"


def test_cards_text_holds_every_card(runner) -> None:
    res = run(runner, "cards", "howell", "-t", "3")
    assert res.exit_code == 0
    for title in [f"Guide card: pair {p}" for p in range(1, 7)] + [f"Table card: table {t}" for t in (1, 2, 3)]:
        assert f"\n{title}\n" in res.stdout
    assert "\nBoard movement\n" in res.stdout


def test_table_card_says_where_the_boards_go(runner) -> None:
    res = run(runner, "cards", "mitchell", "-t", "5", "--table-cards")
    card = res.stdout.split("Table card: table 2\n")[1].split("\n\n")[0].splitlines()
    # boards move down one table: from table 2 to table 1, and the last round says end
    assert card[2].split()[-2:] == ["table", "1"] and card[-1].split()[-1] == "end"


def test_relay_card_names_the_rest_on_the_bye_stand(runner) -> None:
    res = run(runner, "cards", "mitchell-relay", "-t", "4", "--table-cards")
    assert "rest, then table 2 in round 3" in res.stdout


@pytest.mark.parametrize(("lang", "words"), [("pl", ["Karta przejść: para 1", "Przeciwnicy", "Ruch rozdań"]),
                                             ("hu", ["Vándorlási kártya: 1. pár", "É-D", "Asztalkártya: 1. asztal"])])
def test_cards_in_polish_and_hungarian(runner, lang, words) -> None:
    res = run(runner, "cards", "howell", "-t", "3", "--lang", lang)
    assert res.exit_code == 0
    for w in words:
        assert w in res.stdout


def test_html_cards_are_well_formed_a4(runner, tmp_path: Path) -> None:
    out = tmp_path / "cards.html"
    res = run(runner, "cards", "howell-3.5", "-o", str(out), "--one-a-page")
    assert res.exit_code == 0 and res.stdout == ""
    html = out.read_text(encoding="utf-8")
    assert "size: A4" in html
    doc = parse(html)
    sections = doc.find_all("section", "card")
    assert len(sections) == 7 + 4 + 1  # seven pairs, four tables, the board sheet
    first = sections[0]
    assert first.find("h2").text() == "Guide card: pair 1"
    rows = first.find_all("tr")
    assert len(rows) == 1 + 7 and "sits out" in rows[1].text()


def test_html_escapes_the_names_of_a_file(runner, tmp_path: Path) -> None:
    text = movements.dumps(movements.get("mitchell", 3)).replace("movement: mitchell", 'movement: "<b>&"')
    f = tmp_path / "m.yaml"
    f.write_text(text)
    res = run(runner, "show", str(f), "--html")
    assert res.exit_code == 0 and "<b>&" not in res.stdout and "&lt;b&gt;&amp;" in res.stdout
    parse(res.stdout)


def test_options_apply_to_a_file(runner) -> None:
    res = run(runner, "show", str(EXAMPLES / "movement.yaml"), "--rounds", "2", "--arrow-switch", "2",
              "-b", "4", "--json")
    d = json.loads(res.stdout)
    assert (d["rounds"], d["boards-per-round"], d["arrow-switch"]) == (2, 4, [2])
    assert d["seatings"]["2"]["1"] == {"ns": 6, "ew": 1, "set": 2}


def test_many_errors_do_not_flood_stderr(runner, tmp_path: Path) -> None:
    rows = "\n".join(f"  {r}:\n    1: {{ns: 1, ew: 2, set: 1}}" for r in range(1, 41))
    f = tmp_path / "m.yaml"
    f.write_text(f"movement: same\nkind: howell\ntables: 1\nseatings:\n{rows}\n")
    res = run(runner, "check", str(f))
    assert res.exit_code == 1
    lines = res.stderr.splitlines()
    assert len(lines) == 6 and lines[-1].endswith("more errors not shown")
    # the report keeps them all: from round 2 on, pairs 1 and 2 each replay set 1 and meet again
    assert res.stdout.count("\nerror: ") == 3 * 39


def test_help_examples_run(runner, tmp_path: Path, monkeypatch) -> None:
    """The examples of `movement --help` and of each sub-command run, in that order, in an empty folder."""
    import shlex

    from bridgecli.cli.movement import movement

    monkeypatch.chdir(tmp_path)
    epilogs = [movement.epilog] + [movement.commands[c].epilog for c in ("show", "check", "cards")]
    commands = [line.strip() for text in epilogs for line in (text or "").splitlines()
                if line.strip().startswith("bridgecli ")]
    assert len(commands) >= 10
    for command in commands:
        res = runner.invoke(cli, shlex.split(command)[1:], prog_name="bridgecli")
        assert res.exit_code == 0, (command, res.stderr)
    assert (tmp_path / "cards.html").exists() and movements.check(movements.loads((tmp_path / "mine.yaml").read_text()))
