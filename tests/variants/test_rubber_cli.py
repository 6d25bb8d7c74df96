"""``bridgecli rubber --variant NAME``: the variants' rubbers a column a player, settled in hundreds.

Every expected number is worked out here from the rules (shared/reference/VARIANTS.md and
docs/VARIANTS.md), not read from the program.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bridgecli.cli import cli

from ..conftest import ROOT

EXAMPLES = ROOT / "docs" / "examples" / "variants"


def boards(name: str, numbers: list[int], edit: dict[int, tuple[str, str]] | None = None) -> str:
    """The example board of ``name`` repeated as ``numbers``, with a text replaced in some."""
    text = (EXAMPLES / f"{name}.yaml").read_text()
    first = text.split("\n", 1)[0]
    assert first.startswith("- board: ")
    out = []
    for n in numbers:
        b = f"- board: {n}\n" + text.split("\n", 1)[1]
        if edit and n in edit:
            old, new = edit[n]
            assert old in b
            b = b.replace(old, new)
        out.append(b)
    return "".join(out)


def run(runner: CliRunner, tmp_path: Path, text: str, *args: str) -> Result:
    path = tmp_path / "boards.yaml"
    path.write_text(text)
    return runner.invoke(cli, ["rubber", str(path), *args])


# -- Booby: each player for himself -----------------------------------------------------------
# The example board: N bids 4 nullo and takes no more than 3 tricks. "cztery nullo (której
# wykonanie oznacza zrobienie partii)": 4 x 30 = 120 below the line, a game; no overtricks.
# Rubber premium 700 (2-0), the core's RUBBER, as docs/VARIANTS.md decides. Booby has three
# players, each on his own account: each pair settles its difference in hundreds.


def test_booby_session_per_player(runner: CliRunner, tmp_path: Path) -> None:
    r = run(runner, tmp_path, boards("booby", [1, 2, 3]), "--variant", "booby", "--json",
            "--players", "Ann,Bob,Cid")
    assert r.exit_code == 0, r.stderr
    obj = json.loads(r.stdout)
    first, second = obj["rubbers"]
    # rubber 1: N 120 + 120 below (the second deal vulnerable, 4NL= still 120), 700 premium
    assert first["finished"] is True and first["winner"] == "N"
    assert first["games"] == {"N": 2, "E": 0, "S": 0}
    assert first["rubber_bonus"] == 700
    assert first["totals"] == {"N": 940, "E": 0, "S": 0}
    assert [d["declarer_vulnerable"] for d in first["lines"]] == [False, True]
    # 940 against each of E and S: 9.4 -> 9 units each (nearest)
    assert first["settlement"] == {"N": 18, "E": -9, "S": -9}
    # rubber 2: board 3, N 120, one game, unfinished: scored as in contract bridge (issue #31),
    # 300 for the game -> 420, 4.2 -> 4 against each
    assert second["finished"] is False and second["totals"] == {"N": 420, "E": 0, "S": 0}
    assert second["unfinished"] == {"N": 300}
    assert second["settlement"] == {"N": 8, "E": -4, "S": -4}
    assert obj["totals"] == {"N": 1360, "E": 0, "S": 0}
    # points: N wins 940 from each in rubber 1 and 420 from each in rubber 2
    assert obj["players"] == [{"name": "Ann", "points": 2 * 940 + 2 * 420, "units": 26},
                              {"name": "Bob", "points": -1360, "units": -13},
                              {"name": "Cid", "points": -1360, "units": -13}]


def test_booby_text_sheet(runner: CliRunner, tmp_path: Path) -> None:
    r = run(runner, tmp_path, boards("booby", [1, 2]), "--variant", "booby")
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "Rubber 1: N won it 2-0 [booby]"
    assert lines[1] == "  Board 1: By N: made, 120 below the line, 0 above the line; game 1: N"
    assert lines[2] == "  Board 2: By N (vul): made, 120 below the line, 0 above the line; game 2: N"
    assert lines[5].split() == ["below", "the", "line", "240", "0", "0"]
    assert lines[6].split() == ["above", "the", "line", "700", "0", "0"]
    assert lines[7].split() == ["total", "940", "0", "0"]
    assert "settlement (nearest): N +18, E -9, S -9" in lines


# -- Szlem: game 20, rubber 150 (2-0) / 100 (2-1) -------------------------------------------------
# The example board: S bids 24 in diamonds, doubled, and makes 9 tricks. "Doubled: the points
# below the line are doubled" -> 48 below, a game (20). Nine tricks are the small slam
# (docs/VARIANTS.md): 100 not vulnerable, 150 vulnerable; made doubled 25 / 40; honours: a
# four-card trump sequence 15. Not vulnerable: 100 + 25 + 15 = 140 above; vulnerable: 150 + 40 +
# 15 = 205; the second game ends the rubber 2-0: 150.


@pytest.mark.parametrize(("rounding", "units"), [("nearest", 6), ("down", 5), ("up", 6), ("exact", 5.91)])
def test_szlem_rubber(runner: CliRunner, tmp_path: Path, rounding: str, units: float) -> None:
    r = run(runner, tmp_path, boards("szlem", [2, 4]), "--variant", "szlem", "--json", "--rounding", rounding)
    assert r.exit_code == 0, r.stderr
    obj = json.loads(r.stdout)
    (rubber,) = obj["rubbers"]
    assert rubber["winner"] == "S" and rubber["games"] == {"N": 0, "S": 2}
    assert rubber["rubber_bonus"] == 150
    assert rubber["columns"]["S"] == {"below": 96, "above": 140 + 205 + 150, "games": 2, "total": 591}
    assert rubber["columns"]["N"] == {"below": 0, "above": 0, "games": 0, "total": 0}
    assert [(d["below"], d["above"], d["game_won"]) for d in rubber["lines"]] == [(48, 125, True), (48, 190, True)]
    assert rubber["settlement"] == {"N": -units, "S": units}


def test_szlem_text_difference(runner: CliRunner, tmp_path: Path) -> None:
    r = run(runner, tmp_path, boards("szlem", [2, 4]), "--variant", "szlem")
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "Rubber 1: S won it 2-0 [szlem]"
    assert "(rubber bonus 150: S)" in lines
    assert "Difference: S by 591, settlement 6 (nearest)" in lines


# -- two-handed bridge: traditional rubber scoring --------------------------------------------------
# W holds the thirteen hearts, S the spades; the play of the example: S leads a spade to each
# trick. 4H by W: hearts ruff, W takes 13: 4 x 30 = 120 below (game), 3 overtricks 90, and
# all five trump honours in one hand 150. 7NT by W: no trumps, S wins all 13 spade tricks; W
# is vulnerable after his game: 13 undertricks x 100 = 1300 to S. The third deal is W's second
# game: 120 + 90 + 150 and the rubber 2-0: 700.


def test_two_handed_rubber(runner: CliRunner, tmp_path: Path) -> None:
    text = boards("two-handed", [1, 3, 5], {3: ("auction: [1H, Pass]", "auction: [7NT, Pass]")}).replace(
        "auction: [1H, Pass]", "auction: [4H, Pass]")
    r = run(runner, tmp_path, text, "--variant", "two-handed", "--json")
    assert r.exit_code == 0, r.stderr
    obj = json.loads(r.stdout)
    (rubber,) = obj["rubbers"]
    assert rubber["winner"] == "W" and rubber["rubber_bonus"] == 700
    assert [(d["made"], d["below"], d["defenders_above"], d["declarer_vulnerable"]) for d in rubber["lines"]] == \
        [(True, 120, 0, False), (False, 0, 1300, True), (True, 120, 0, True)]
    assert rubber["columns"]["W"] == {"below": 240, "above": 90 + 150 + 90 + 150 + 700, "games": 2, "total": 1420}
    assert rubber["columns"]["S"] == {"below": 0, "above": 1300, "games": 0, "total": 1300}
    # W by 120: 1.2 hundreds -> 1
    assert rubber["settlement"] == {"S": -1, "W": 1}
    r = run(runner, tmp_path, text, "--variant", "two-handed", "--players", "Sue,Walt")
    assert "Difference: Walt by 120, settlement 1 (nearest)" in r.stdout.splitlines()


# -- bad input ------------------------------------------------------------------------------------


def test_another_games_board_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    r = run(runner, tmp_path, boards("szlem", [2]), "--variant", "booby")
    assert r.exit_code == 2
    assert r.stdout == ""
    assert "szlem board, not booby" in r.stderr


def test_unfinished_play_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    text = boards("two-handed", [1]).replace("  - [SA, HA, CA, DA]\n", "")
    r = run(runner, tmp_path, text, "--variant", "two-handed")
    assert r.exit_code == 2
    assert "Board 1: the play is not finished" in r.stderr


def test_unknown_variant_and_wrong_players_exit_2(runner: CliRunner, tmp_path: Path) -> None:
    text = boards("szlem", [2])
    assert run(runner, tmp_path, text, "--variant", "pirate").exit_code == 2
    r = run(runner, tmp_path, text, "--variant", "szlem", "--players", "Ann,Bob,Cid")
    assert r.exit_code == 2 and "szlem has 2 players" in r.stderr
    r = run(runner, tmp_path, text, "--variant", "szlem", "--chicago")
    assert r.exit_code == 2 and "no --chicago" in r.stderr
    r = run(runner, tmp_path, text, "--variant", "szlem", "--honors", "auto", "--chicago-rule", "a")
    assert r.exit_code == 2 and "no --chicago-rule, --honors" in r.stderr
    r = run(runner, tmp_path, text, "--variant", "b")
    assert r.exit_code == 2 and "--chicago-rule each" in r.stderr


def test_malformed_file_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    r = run(runner, tmp_path, "- board: [\n", "--variant", "szlem")
    assert r.exit_code == 2
    assert "Traceback" not in r.stderr and r.stderr.startswith("bridgecli: error:")


# -- Nullo: a void deal is listed, not scored ---------------------------------------------------------
# Board 1: N bids 7 nullo and takes no trick: 7 x 30 = 210 below, a game, and the grand slam
# ("szlem w nullo") 1000 not vulnerable. Board 2: both pass, the deal is void and dealt again.


def test_nullo_void_deal_is_listed(runner: CliRunner, tmp_path: Path) -> None:
    played = boards("nullo", [1])
    void = boards("nullo", [2]).replace("auction: [7NL, Pass]", "auction: [Pass, Pass]").split("  play_leader")[0]
    r = run(runner, tmp_path, played + void, "--variant", "nullo", "--json")
    assert r.exit_code == 0, r.stderr
    obj = json.loads(r.stdout)
    assert obj["void_deals"] == ["Board 2"]
    # one game and the session stops: 300 for it above the line, as in contract bridge (issue #31)
    assert obj["rubbers"][0]["columns"]["N"] == {"below": 210, "above": 1000 + 300, "games": 1, "total": 1510}
    assert obj["rubbers"][0]["unfinished"] == {"N": 300}
    assert obj["players"] == [{"name": "N", "points": 1510, "units": 15}, {"name": "S", "points": -1510, "units": -15}]
    r = run(runner, tmp_path, played + void, "--variant", "nullo")
    assert r.stdout.splitlines()[-1] == "passed out, dealt again: Board 2"


# -- result lines: deals played at the table ----------------------------------------------------------
# Booby: N 4 nullo made (120, a game); a passed-out deal; E 1 spade two down, not vulnerable,
# undoubled: 50 a trick, 100 written by each defender (N and S); S holds honours 100; N 4 nullo
# again, vulnerable, his second game: 700. N 240 + 100 + 700 = 1040, E 0, S 100 + 100 = 200.
# Pairs: N-E 1040 -> 10, N-S 840 -> 8, S-E 200 -> 2: N +18, E -12, S -6.


def test_booby_result_lines(runner: CliRunner) -> None:
    text = "4NL= -d N\n# the next deal nobody bid\npass\n1S-2 -d E --honors S:100\n4NL 3 -d N\n"
    r = runner.invoke(cli, ["rubber", "--variant", "booby", "--json"], input=text)
    assert r.exit_code == 0, r.stderr
    obj = json.loads(r.stdout)
    (rubber,) = obj["rubbers"]
    assert rubber["totals"] == {"N": 1040, "E": 0, "S": 200}
    assert rubber["settlement"] == {"N": 18, "E": -12, "S": -6}
    assert [(d["deal_label"], d["declarer"], d["defenders_above"]) for d in rubber["lines"]] == \
        [("Deal 1", "N", 0), ("Deal 3", "E", 100), ("Deal 4", "N", 0)]
    assert obj["void_deals"] == ["Deal 2"]


# Szlem from lines: the same two deals as the boards above give the same sheet (591 to S).


def test_szlem_result_lines_match_the_boards(runner: CliRunner) -> None:
    text = "24DX 9 -d S --honors S:15\n24DX = -d S --honors S:15\n"
    r = runner.invoke(cli, ["rubber", "--variant", "szlem", "--json"], input=text)
    assert r.exit_code == 0, r.stderr
    (rubber,) = json.loads(r.stdout)["rubbers"]
    assert rubber["columns"]["S"] == {"below": 96, "above": 495, "games": 2, "total": 591}


@pytest.mark.parametrize(("line", "message"), [
    ("4H+3 -d N", "<stdin>:1: declarer 'N' does not play two-handed bridge (S/W)"),
    ("4H+3", "<stdin>:1: no declarer"),
    ("4H+9 -d W", "<stdin>:1: result '+9' means 19 tricks"),
    ("4X+3 -d W", "<stdin>:1: not a contract"),
    ("4H+3 -d W --vul yes", "<stdin>:1: no such option"),
    ("pass -d W", "<stdin>:1: a passed-out deal has no declarer"),
    ("4H+3 -d W --honors E:100", "<stdin>:1: honours 'E' does not play"),
])
def test_bad_result_line_exits_2(runner: CliRunner, line: str, message: str) -> None:
    r = runner.invoke(cli, ["rubber", "--variant", "two-handed"], input=line + "\n")
    assert r.exit_code == 2, r.output
    assert r.stdout == ""
    assert r.stderr.startswith(f"bridgecli: error: {message}")


def test_polish_words(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "boards.yaml"
    path.write_text(boards("szlem", [2, 4]))
    r = runner.invoke(cli, ["--lang", "pl", "rubber", "--variant", "szlem", str(path)])
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "Rober 1: S wygrywa 2-0 [szlem]"
    assert "Różnica: S 591, rozliczenie 6 (nearest)" in lines


# -- an unfinished rubber (issue #31): the games scored "jak w brydżu tradycyjnym" pay contract
# bridge's 300 for a game and 100 for a part-score in the game in progress; Szlem, with its own
# table, nothing ------------------------------------------------------------------------------


def test_unfinished_rubber_premiums_follow_the_scale() -> None:
    from bridgecli.core.cards import Seat
    from bridgecli.core.scoring import ScoreBreakdown
    from bridgecli.variants.rubber import BRIDGE_SCALE, SZLEM_SCALE, DealPlayed, RubberSheet

    def made(below: int) -> DealPlayed:
        bd = ScoreBreakdown(trick_score=below, total=below)
        return DealPlayed(Seat.NORTH, lambda vul: bd, (Seat.SOUTH,))

    for scale, game, part in ((BRIDGE_SCALE, 300, 100), (SZLEM_SCALE, 0, 0)):
        sheet = RubberSheet((Seat.NORTH, Seat.SOUTH), scale)
        sheet.add(made(scale.game))        # a game
        sheet.add(made(scale.game // 2))   # and a part-score in the next one
        sheet.close()
        assert sheet.unfinished == ({Seat.NORTH: game + part} if game else {})
        assert sheet.columns[Seat.NORTH].above == game + part
        sheet.close()  # closing twice adds nothing
        assert sheet.columns[Seat.NORTH].above == game + part
