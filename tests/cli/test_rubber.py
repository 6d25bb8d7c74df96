"""``bridgecli rubber``: sheets from lines and boards, JSON keys, options, bad input.

Expected numbers are worked out by hand from RULES.md sections 7 and 8.
"""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.cli import cli

DEAL = "N:AKQJ2.K3.T98.A32 T943.Q92.KQ7.J54 8.AJT854.A65.KQ7 765.76.J432.T986"

# 2-1 rubber: N-S 60 + 40 = game (E-W's 60 under the same game); E-W 3NT = 100, game, with
# honours EW:150 (four aces); 4SX by N down 1 vulnerable: 200 to E-W; 6H by S = 180 below,
# small slam vulnerable 750, honours 100, rubber 500 (2-1)
TWO_ONE = """\
# a 2-1 rubber
players: Ann, Bob, Cid, Dan
2S= -d N
2H= --declarer E
2D= -d N
3NT= -d E --honors EW:150
4SX-1 -d N
6H= -d S --honors NS:100
"""


def run(runner: CliRunner, *args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(cli, ["rubber", *args], input=input)


def test_text_sheet(runner: CliRunner) -> None:
    r = run(runner, input=TWO_ONE)
    assert r.exit_code == 0, r.stderr
    assert r.stderr == ""
    out = r.stdout
    assert out.startswith("Rubber 1: N-S won it 2-1 [rubber]\nN-S: Ann (N) & Cid (S)    E-W: Bob (E) & Dan (W)\n")
    lines = out.splitlines()
    # above the line, latest nearest the top; rule lines under each game
    assert "   500  rubber (6)            |    200  undertricks (5)" in lines
    assert "------------------------------+------------------------------ game 1: N-S" in lines
    assert "------------------------------+------------------------------ game 2: E-W" in lines
    assert "------------------------------+------------------------------ game 3: N-S" in lines
    # N-S 60 + 40 + 180 + 750 + 100 + 500 = 1630; E-W 60 + 100 + 150 + 200 = 510
    assert "  1630  total                 |    510  total" in lines
    assert "Difference: N-S by 1120, settlement 11 (nearest)" in lines
    assert "  Ann             +1120    +1120     +11" in lines
    assert "  Bob             -1120    -1120     -11" in lines


def test_json_keys_and_entries(runner: CliRunner) -> None:
    r = run(runner, "--json", input=TWO_ONE.replace("players: Ann, Bob, Cid, Dan\n", ""))
    assert (r.exit_code, r.stderr) == (0, "")
    assert r.stdout.count("\n") == 1
    doc = json.loads(r.stdout)
    assert set(doc) == {"rubbers", "ns_total", "ew_total"}
    (rub,) = doc["rubbers"]
    assert set(rub) == {"ns_total", "ew_total", "finished", "winner", "games", "rubber_bonus", "entries"}
    assert (rub["ns_total"], rub["ew_total"], rub["finished"], rub["winner"]) == (1630, 510, True, "NS")
    assert rub["games"] == {"NS": 2, "EW": 1} and rub["rubber_bonus"] == 500
    assert (doc["ns_total"], doc["ew_total"]) == (1630, 510)
    assert rub["entries"][0] == {"side": "NS", "place": "below", "amount": 60, "reason": "tricks", "deal_number": 1, "game": 1}
    assert sum(e["amount"] for e in rub["entries"] if e["side"] == "EW") == 510
    assert [(e["side"], e["amount"]) for e in rub["entries"] if e["reason"] == "honours"] == [("EW", 150), ("NS", 100)]


def test_unfinished_rubber_and_partscore_setting(runner: CliRunner) -> None:
    text = "4S= -d N\n2H= -d E\n"
    doc = json.loads(run(runner, "--json", input=text).stdout)
    rub = doc["rubbers"][0]
    assert (rub["finished"], rub["winner"], rub["rubber_bonus"]) == (False, None, 0)
    # N-S 120 + 300 (a game), E-W 60 + 100 (part-score in the unfinished game)
    assert (rub["ns_total"], rub["ew_total"]) == (420, 160)
    doc = json.loads(run(runner, "--json", "--partscore-bonus", "50", input=text).stdout)
    assert doc["rubbers"][0]["ew_total"] == 110


@pytest.mark.parametrize(("rounding", "units"), [("nearest", "7"), ("half-down", "6"), ("down", "6"),
                                                  ("up", "7"), ("exact", "6.5")])
def test_rounding(runner: CliRunner, rounding: str, units: str) -> None:
    text = "4S= -d N\n1C-1 -d E\n2C+2 -d N\n"
    # N-S: 120 (game), 50 (E down 1, E-W not vulnerable), 40 + 40 over (2C+2 by N), unfinished
    # game 300 and part-score 100 -> 120 + 50 + 80 + 300 + 100 = 650; E-W nothing
    r = run(runner, "--rounding", rounding, input=text)
    assert r.exit_code == 0, r.stderr
    assert f"Difference: N-S by 650, settlement {units} ({rounding})" in r.stdout.splitlines()


def test_chicago_rule_carry_and_each(runner: CliRunner) -> None:
    text = "1NT= -d N\n2H+1 -d E\npass\n3C= -d S\n2S= -d W\n"
    a = json.loads(run(runner, "--chicago", "--json", input=text).stdout)
    # A: N-S 40 + 60 + 500 (game completed on deal 3, N-S vulnerable); E-W 60 + 30 + 60 + 100
    assert [(r["ns_total"], r["ew_total"], r["finished"], r["winner"]) for r in a["rubbers"]] == \
        [(600, 250, True, "NS")]
    assert a["rubbers"][0]["games"] == {"NS": 1, "EW": 0}
    b = json.loads(run(runner, "--chicago", "--chicago-rule", "each", "--json", input=text).stdout)
    # B: duplicate deal by deal: 90 (none), 140 (E-W vul), 110 (3C N-S vul), 110 (2S both vul)
    assert [(r["ns_total"], r["ew_total"]) for r in b["rubbers"]] == [(200, 250)]
    # 'b' (RULES.md's variant B) is an alias of 'each'
    assert json.loads(run(runner, "--chicago", "--chicago-rule", "b", "--json", input=text).stdout) == b
    counted = json.loads(run(runner, "--chicago", "--chicago-rule", "each", "--passout", "count", "--json",
                             input=text).stdout)
    # the passed-out deal is deal 3; 3C by S becomes deal 4 (both vul: 110), 2S by W opens round 2 (110)
    assert [(r["ns_total"], r["ew_total"], r["finished"]) for r in counted["rubbers"]] == \
        [(200, 140, True), (0, 110, False)]


def test_chicago_text_shows_dealer_and_redeal(runner: CliRunner) -> None:
    r = run(runner, "--chicago", "--dealer", "E", input="pass\n1NT= -d N\n")
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "Chicago round 1: unfinished [chicago]"
    assert lines[1].startswith("   -. passed out, dealt again") and "dealer E, vul None" in lines[1]
    assert lines[2].startswith("   1. 1NT by N =") and "dealer E, vul None" in lines[2]


PBN = f"""% PBN 2.1
[Board "1"]
[North "Ann"]
[East "Bob"]
[South "Cid"]
[West "Dan"]
[Dealer "N"]
[Deal "{DEAL}"]
[Declarer "N"]
[Contract "4S"]
[Result "9"]

[Board "2"]
[North "Ann"]
[East "Bob"]
[South "Cid"]
[West "Dan"]
[Dealer "E"]
[Deal "{DEAL}"]
[Declarer "S"]
[Contract "4H"]
[Result "10"]
"""


def test_boards_with_honours_auto(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "g.pbn"
    f.write_text(PBN)
    # N holds S AKQJ: 100 honours to N-S in 4S down 1 (50 to E-W); 4H by S = 120, game;
    # unfinished: N-S 300. N-S 100 + 120 + 300 = 520, E-W 50
    doc = json.loads(run(runner, str(f), "--honors", "auto", "--json").stdout)
    assert (doc["ns_total"], doc["ew_total"]) == (520, 50)
    assert doc["players"] == [{"name": "Ann", "points": 470, "units": 5}, {"name": "Bob", "points": -470, "units": -5},
                              {"name": "Cid", "points": 470, "units": 5}, {"name": "Dan", "points": -470, "units": -5}]
    # without auto and without an Honours tag: no honours
    doc = json.loads(run(runner, str(f), "--json").stdout)
    assert (doc["ns_total"], doc["ew_total"]) == (420, 50)


def test_boards_honours_tag_and_mismatch(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "g.pbn"
    f.write_text(PBN.replace('[Result "10"]', '[Result "10"]\n[Honours "NS:100"]'))
    doc = json.loads(run(runner, str(f), "--json").stdout)
    assert (doc["ns_total"], doc["ew_total"]) == (520, 50)
    r = run(runner, str(f), "--honors", "auto")
    assert r.exit_code == 1 and r.stdout == ""
    assert "board 2: honours tag 'NS:100' but the deal gives 'none'" in r.stderr


def test_yaml_boards(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "g.yaml"
    f.write_text("- board: 1\n  contract: 2HX\n  declarer: E\n  result: 8\n"
                 "- board: 2\n  contract: Pass\n"
                 "- board: 3\n  contract: 1NT\n  declarer: N\n  result: 6\n")
    # 2HX by E =: 120 game + 50 insult; 1NT by N down 1 (N-S not vulnerable) 50 to E-W;
    # unfinished: E-W 300
    doc = json.loads(run(runner, str(f), "--json").stdout)
    assert (doc["ns_total"], doc["ew_total"]) == (0, 120 + 50 + 50 + 300)


def test_board_without_result(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "g.pbn"
    f.write_text('[Board "4"]\n[Declarer "N"]\n[Contract "4S"]\n')
    r = run(runner, str(f))
    assert r.exit_code == 2 and r.stdout == ""
    assert "board 4: no result for '4S'" in r.stderr


def test_chicago_boards_dealer_checked(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "g.pbn"
    f.write_text(PBN.replace('[Dealer "E"]', '[Dealer "W"]'))
    r = run(runner, str(f), "--chicago")
    assert r.exit_code == 1
    assert "board 2: dealer W but the Chicago rotation gives E" in r.stderr


@pytest.mark.parametrize(
    ("line", "code", "needle"),
    [
        ("4S+4 -d N", 2, "14 tricks"),
        ("4S=", 2, "no declarer for '4S'"),
        ("pass --honors NS:100", 2, "passed-out"),
        ("4Q= -d N", 2, "'4Q'"),
        ("4S= -d N --vul both", 2, "vulnerability comes from the rubber"),
        ("4S= -d N --honors NS:120", 2, "100 or 150"),
        ("3NT= -d N --honors NS:100", 2, "four aces score 150"),
        ("4S= -d N --honors banana", 2, "'banana'"),
        ("4S= -d N --bogus", 2, "no such option: '--bogus'"),
        ('"4S=', 2, "cannot split"),
        ("players: A, B", 2, "four names"),
        ("4S= -d E\nplayers: A, B, C, D", 1, "between rubbers"),
    ],
)
def test_bad_lines_name_the_line(runner: CliRunner, line: str, code: int, needle: str) -> None:
    r = run(runner, input="2S= -d N\n" + line + "\n")
    assert r.exit_code == code
    assert r.stdout == ""
    where = "<stdin>:3:" if "\n" in line else "<stdin>:2:"
    assert r.stderr.startswith(f"bridgecli: error: {where}")
    assert needle in r.stderr


def test_honours_auto_needs_boards(runner: CliRunner) -> None:
    r = run(runner, "--honors", "auto", input="4S= -d N\n")
    assert r.exit_code == 2 and "needs deals" in r.stderr


def test_output_file_and_empty_input(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "sheet.txt"
    r = run(runner, "-o", str(out), input="4S= -d N\n3NT= -d S\n")
    assert (r.exit_code, r.stdout, r.stderr) == (0, "", "")
    assert "Difference: N-S by 920, settlement 9 (nearest)" in out.read_text()
    # issue #32: only comments is an input with no results, as an empty one has no boards (exit 2)
    r = run(runner, "--json", input="# nothing yet\n\n")
    assert (r.exit_code, r.stdout) == (2, "")
    assert r.stderr == "bridgecli: error: <stdin>: no results (only blank lines and comments)\n"


def test_players_option_and_session(runner: CliRunner) -> None:
    text = ("4S= -d N\n3NT= -d S\n"          # A, C +920 (9)
            "players: A, C, B, D\n4H= -d E\n4S= -d W\n")  # C, D +940 (9)
    doc = json.loads(run(runner, "--players", "A,B,C,D", "--json", input=text).stdout)
    assert doc["players"] == [{"name": "A", "points": 920 - 940, "units": 0}, {"name": "B", "points": -920 - 940, "units": -18},
                              {"name": "C", "points": 920 + 940, "units": 18}, {"name": "D", "points": -920 + 940, "units": 0}]
    r = run(runner, "--players", "A,B,C,D", input=text)
    assert "Players after rubber 2:" in r.stdout
    assert "  C                +940    +1860     +18" in r.stdout.splitlines()


_TOKENS = st.sampled_from(["4S=", "3NTX-1", "pass", "-1", "=", "10", "-d", "--declarer", "N", "E", "--honors",
                           "--honours", "NS:100", "--vul", "-x", "-", "--", "2H+1"])


@click.command(context_settings={"ignore_unknown_options": True}, add_help_option=False)
@click.argument("words", nargs=-1)
@click.option("--declarer", "-d", default=None)
@click.option("--honors", "--honours", "honours", default=None)
def _line_command(words: tuple[str, ...], declarer: str | None, honours: str | None) -> None:
    """The options of a result line as a click command: what bridgecli.formats.result_lines.line_options must match."""


@settings(max_examples=300, deadline=None)
@given(st.lists(_TOKENS, max_size=6))
def test_line_options_parse_as_click(tokens: list[str]) -> None:
    from bridgecli.cli.common import parse_line_options
    from bridgecli.core.errors import ParseError
    from bridgecli.formats.result_lines import line_options

    try:
        slow = parse_line_options(_line_command, tokens, "result line").params
    except ParseError as exc:
        with pytest.raises(ParseError) as caught:
            line_options(tokens)
        assert str(caught.value) == str(exc)
        return
    fast = line_options(tokens)
    assert {"words": fast.words, "declarer": fast.declarer, "honours": fast.honours} == slow


_LINES = st.sampled_from(["4S= -d N", "4H= -d E", "2S= -d S", "1NT+1 -d W", "3NTX-2 -d N",
                          "6C= -d E --honors EW:100", "pass", "2DXX= -d S", "4S-1 -d W --honors NS:150"])


@settings(max_examples=30, deadline=None)
@given(st.lists(_LINES, min_size=1, max_size=12), st.booleans())  # an empty input is an error (no boards)
def test_text_totals_match_json(lines: list[str], chicago: bool) -> None:
    runner = CliRunner()
    text = "\n".join(lines) + "\n"
    extra = ["--chicago", "--chicago-honours"] if chicago else []
    doc = json.loads(runner.invoke(cli, ["rubber", "--json", *extra], input=text).stdout)
    sheet = runner.invoke(cli, ["rubber", *extra], input=text).stdout.splitlines()
    totals = [ln for ln in sheet if ln.endswith("total") and "|" in ln]
    assert len(totals) == len(doc["rubbers"])
    for ln, rub in zip(totals, doc["rubbers"]):
        left, right = ln.split("|")
        assert (int(left.split()[0]), int(right.split()[0])) == (rub["ns_total"], rub["ew_total"])
        # every figure of the sheet is one entry
        assert rub["ns_total"] == sum(e["amount"] for e in rub["entries"] if e["side"] == "NS")
    assert doc["ns_total"] == sum(r["ns_total"] for r in doc["rubbers"])


def test_board_contract_from_the_auction(runner: CliRunner, tmp_path: Path) -> None:
    # dealer N: 1S by N, raised to 4S by S; N bid spades first, so N declares; 10 tricks = 120
    f = tmp_path / "g.yaml"
    f.write_text("- board: 1\n  dealer: N\n  auction: [1S, Pass, 4S, Pass, Pass, Pass]\n  result: 10\n")
    doc = json.loads(run(runner, str(f), "--json").stdout)
    assert doc["rubbers"][0]["entries"][0] == {"side": "NS", "place": "below", "amount": 120, "reason": "tricks",
                                               "deal_number": 1, "game": 1}


def test_players_table_stays_aligned_with_long_names(runner):
    text = "players: Wiśniewska Ewa Maria, B, C, D\n4S= -d N\n4S= -d N\n"
    r = runner.invoke(cli, ["rubber", "-"], input=text)
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Players after"))
    table = lines[start + 1:start + 6]
    assert len({len(line) for line in table}) == 1, table
    assert table[1].startswith("  Wiśniewska Ewa Maria ")


def test_partners_again_in_a_round_warn_and_exit_1(tmp_path: Path) -> None:
    # issue 15: partners are drawn anew after each rubber and may not pair again in the same
    # round of three. Two rubbers of 7NT= by N (2 deals each) with the same seating.
    text = "players: Ann, Bob, Cid, Dan\n7NT= -d N\n7NT= -d N\n7NT= -d N\n7NT= -d N\n"
    path = tmp_path / "same.txt"
    path.write_text(text)
    runner = CliRunner()
    result = runner.invoke(cli, ["rubber", str(path)])
    assert result.exit_code == 1
    assert "Rubber 2" in result.stdout  # the sheet is still written
    assert result.stderr.splitlines() == [
        f"bridgecli: warning: {path}: Ann and Cid partner again in rubber 2, as in rubber 1 of the same round of three",
        f"bridgecli: warning: {path}: Bob and Dan partner again in rubber 2, as in rubber 1 of the same round of three",
    ]
    pl = runner.invoke(cli, ["--lang", "pl", "rubber", str(path)])
    assert pl.exit_code == 1
    assert "Ann i Cid znów grają w parze w robrze 2, jak w robrze 1 tej samej tury" in pl.stderr
    drawn = tmp_path / "drawn.txt"
    drawn.write_text(text.replace("7NT= -d N\n7NT= -d N\n7NT", "7NT= -d N\n7NT= -d N\nplayers: Ann, Cid, Bob, Dan\n7NT", 1))
    ok = runner.invoke(cli, ["rubber", str(drawn)])
    assert ok.exit_code == 0, ok.stderr
    assert ok.stderr == ""
    chicago = runner.invoke(cli, ["rubber", "--chicago", str(path)])  # Chicago rounds: no such rule
    assert chicago.exit_code == 0, chicago.stderr


def test_a_bad_line_after_a_finished_rubber_keeps_o_file(runner: CliRunner, tmp_path: Path) -> None:
    # issue #32: sheets are written a rubber at a time; a run stopped by a bad line has
    # written the rubbers before it to stdout, and never replaces -o FILE
    text = "7NT= -d N\n7NT= -d N\n2S= -d E\n4Q= -d N\n"  # (rubber 1 is over when rubber 2 starts)
    r = run(runner, input=text)
    assert r.exit_code == 2 and r.stdout.startswith("Rubber 1: N-S won it 2-0")
    assert "Rubber 2" not in r.stdout
    assert r.stderr == "bridgecli: error: <stdin>:4: not a contract: '4Q'\n"
    out = tmp_path / "sheet.txt"
    out.write_text("old\n")
    r = run(runner, "-o", str(out), input=text)
    assert (r.exit_code, r.stdout, out.read_text()) == (2, "", "old\n")
    r = run(runner, "--json", input=text)
    assert r.exit_code == 2 and r.stdout.startswith('{"rubbers": [{"ns_total": ')
