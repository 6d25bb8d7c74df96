"""``bridgecli play``: inline and file replays, JSON keys, mismatches, --complete, --interactive."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bridgecli.cli import cli

pytest.importorskip("bridgecli.core.scoring")

# one suit per hand: N spades, E hearts, S diamonds, W clubs
SUITED = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
# a normal deal (13 cards each, checked by the Deal invariants)
DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.AK .5432.JT98.QJT98"
RANKS = "23456789TJQKA"


def grand_slam_cards() -> str:
    # 7S by N: East leads H2, North ruffs, then North leads spades from 3 up; every trick to North
    cards = ["H2", "D2", "C2", "S2"]
    for r in RANKS[1:]:
        cards += [f"S{r}", f"H{r}", f"D{r}", f"C{r}"]
    return " ".join(cards)


def pbn_board(play: str, result: str = "13", number: int = 1, contract: str = "7S") -> str:
    return (f'[Event "t"]\n[Board "{number}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{SUITED}"]\n'
            f'[Declarer "N"]\n[Contract "{contract}"]\n[Result "{result}"]\n[Play "E"]\n{play}\n')


def full_rows() -> str:
    # columns E S W N; North wins every trick and leads, the columns stay fixed
    return "\n".join(f"H{r} D{r} C{r} S{r}" for r in RANKS)


def test_inline_full_play_text(runner):
    r = runner.invoke(cli, ["play", "--deal", SUITED, "--contract", "7S", "--declarer", "N",
                            "--cards", grand_slam_cards()])
    assert r.exit_code == 0, r.stderr
    # 7S made, not vulnerable: 7 x 30 + 300 game + 1000 grand slam = 1510 (Law 77)
    assert r.stdout == "Play: 7S by N, 13 tricks, made (=), N-S +1510\n"
    assert r.stderr == ""


def test_inline_card_forms_and_json_keys(runner):
    cards = grand_slam_cards().replace("H2", "♥2").replace("DT", "10d").replace("CK", "kc")
    r = runner.invoke(cli, ["play", "--deal", SUITED, "--contract", "7S", "--declarer", "N", "--vul", "All",
                            "--cards", cards, "--json"])
    assert r.exit_code == 0, r.stderr
    obj = json.loads(r.stdout)
    assert {"board", "legal", "contract", "declarer", "declarer_tricks", "result", "score", "claimed"} <= set(obj)
    assert "error" not in obj
    # vulnerable grand slam: 210 + 500 + 1500 = 2210
    assert obj["legal"] is True and obj["contract"] == "7S" and obj["declarer"] == "N"
    assert obj["declarer_tricks"] == 13 and obj["result"] == 13 and obj["over_under"] == 0 and obj["score"] == 2210
    assert obj["claimed"] is False


def test_inline_revoke_is_reported_with_exit_1(runner):
    # West leads DJ, North D5, East plays C7 while holding diamonds
    r = runner.invoke(cli, ["play", "--deal", DEAL, "--contract", "4S", "--declarer", "S",
                            "--cards", "DJ D5 C7 DA", "--json"])
    assert r.exit_code == 1
    obj = json.loads(r.stdout)
    assert obj["legal"] is False
    assert obj["error"]["trick"] == 1 and obj["error"]["seat"] == "E" and obj["error"]["card"] == "C7"
    assert obj["error"]["reason"] == "revoke"


@pytest.mark.parametrize("cards,reason,seat,trick", [
    ("SA", "out-of-turn", "N", 1),  # North leads, West is on lead
    ("DJ D5 D2 DA DA", "already-played", "S", 2),
])
def test_inline_other_illegal_cards(runner, cards, reason, seat, trick):
    r = runner.invoke(cli, ["play", "--deal", DEAL, "--contract", "4S", "--declarer", "S", "--cards", cards,
                            "--json"])
    assert r.exit_code == 1
    err = json.loads(r.stdout)["error"]
    assert (err["reason"], err["seat"], err["trick"]) == (reason, seat, trick)


def test_inline_text_for_illegal_and_unfinished(runner):
    r = runner.invoke(cli, ["play", "--deal", DEAL, "--contract", "4S", "--declarer", "S", "--cards", "DJ D5 C7"])
    assert r.exit_code == 1
    assert r.stdout == ("Play: 4S by S, illegal play at trick 1 by E: revoke: east plays 'C7' holding diamonds"
                        " (Law 44C, 61)\n")
    r = runner.invoke(cli, ["play", "--deal", DEAL, "--contract", "4S", "--declarer", "S", "--cards", "DJ D5 D2 DA"])
    assert r.exit_code == 0
    assert r.stdout == "Play: 4S by S, play stops after 1 trick, declarer has 1\n"


def test_bad_inline_input_is_exit_2(runner):
    r = runner.invoke(cli, ["play", "--deal", DEAL, "--contract", "4S", "--declarer", "S", "--cards", "ZZ"])
    assert r.exit_code == 2 and "not a card" in r.stderr and r.stdout == ""
    r = runner.invoke(cli, ["play", "--deal", DEAL, "--contract", "4S"])
    assert r.exit_code == 2 and "declarer" in r.stderr


@pytest.fixture
def pbn_file(tmp_path: Path) -> Path:
    pytest.importorskip("bridgecli.formats.pbn")
    p = tmp_path / "boards.pbn"
    p.write_text(pbn_board(full_rows()) + "\n" + pbn_board(full_rows(), result="12", number=2) + "\n"
                 + pbn_board("H2 D2 C2 S2\nH3 D3 C3 S3\n*", result="13", number=3), encoding="utf-8")
    return p


def test_file_replay_with_mismatch_and_claim(runner, pbn_file):
    r = runner.invoke(cli, ["play", str(pbn_file)])
    assert r.exit_code == 1  # board 2's Result disagrees with its play
    lines = r.stdout.splitlines()
    assert lines[0] == "Board 1: 7S by N, 13 tricks, made (=), N-S +1510"
    assert lines[1].startswith("Board 2: 7S by N, 13 tricks, made (=), N-S +1510; mismatch:")
    assert lines[2] == "Board 3: 7S by N, 13 tricks (claimed after 2), made (=), N-S +1510"
    r = runner.invoke(cli, ["play", str(pbn_file), "--json"])
    objs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [o["board"] for o in objs] == [1, 2, 3]
    assert "mismatch" not in objs[0] and objs[1]["mismatch"]["recorded"] == 12
    assert objs[2]["claimed"] is True and objs[2]["declarer_tricks"] == 13


def test_file_board_selection_and_tricks_table(runner, pbn_file):
    r = runner.invoke(cli, ["play", str(pbn_file), "--board", "1", "--tricks"])
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("Board 1:")
    assert "trick" in lines[1] and "lead" in lines[1] and "won" in lines[1]
    row2 = lines[4].split()
    assert row2 == ["2", "N", "S3", "H3", "D3", "C3", "N", "2", "0"]
    r = runner.invoke(cli, ["play", str(pbn_file), "--board", "9"])
    assert r.exit_code == 2 and "no board 9" in r.stderr


@pytest.mark.parametrize("specs, boards", [
    (["1-2"], [1, 2]), (["-b", "3", "-b", "1"], [1, 3]), (["1,3"], [1, 3]), (["2-9"], [2, 3]),
])
def test_file_board_ranges(runner, pbn_file, specs, boards):
    args = specs if specs[0] == "-b" else ["--board", *specs]
    r = runner.invoke(cli, ["play", str(pbn_file), *args, "--json"])
    assert r.exit_code in (0, 1), r.stderr
    assert [json.loads(line)["board"] for line in r.stdout.splitlines()] == boards


def test_board_ranges_that_cannot_be(runner, pbn_file):
    r = runner.invoke(cli, ["play", str(pbn_file), "--board", "2-x"])
    assert r.exit_code == 2 and "not a board number or range: '2-x'" in r.stderr
    r = runner.invoke(cli, ["play", str(pbn_file), "--board", "7-9"])
    assert r.exit_code == 2 and "no board 7-9" in r.stderr
    # an inline deal is one board: one number
    r = runner.invoke(cli, ["play", "--deal", DEAL, "--contract", "4S", "--declarer", "S", "--cards", "DJ",
                            "--board", "1-3"])
    assert r.exit_code == 2 and "one board number here, not '1-3'" in r.stderr


def test_file_illegal_record(runner, tmp_path):
    pytest.importorskip("bridgecli.formats.pbn")
    p = tmp_path / "bad.pbn"
    # trick 2: North's column shows a heart, which North does not hold
    p.write_text(pbn_board("H2 D2 C2 S2\nH3 D3 C3 H4"), encoding="utf-8")
    r = runner.invoke(cli, ["play", str(p), "--json"])
    assert r.exit_code == 1
    err = json.loads(r.stdout)["error"]
    assert err == {**err, "trick": 2, "seat": "N", "card": "H4", "reason": "not-held"}


def test_unreadable_input_is_exit_2(runner, tmp_path):
    r = runner.invoke(cli, ["play", str(tmp_path / "missing.pbn")])
    assert r.exit_code == 2 and r.stdout == "" and "bridgecli: error:" in r.stderr


def test_complete_writes_a_legal_13_trick_play(runner, tmp_path):
    pytest.importorskip("bridgecli.formats.pbn")
    src = tmp_path / "in.pbn"
    src.write_text(f'[Board "4"]\n[Dealer "W"]\n[Vulnerable "All"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n'
                   f'[Contract "4S"]\n[Play "W"]\nDJ D5 D2 DA\n', encoding="utf-8")
    out = tmp_path / "out.pbn"
    r = runner.invoke(cli, ["play", str(src), "--complete", "-o", str(out)])
    assert r.exit_code == 0, r.stderr
    assert r.stderr.startswith("Board 4: 4S by S, ")
    r = runner.invoke(cli, ["play", str(out), "--json", "--tricks"])
    assert r.exit_code == 0, r.stderr
    obj = json.loads(r.stdout)
    assert obj["legal"] and obj["complete"] and not obj["claimed"]
    assert len(obj["played_tricks"]) == 13
    assert obj["played_tricks"][0]["cards"] == ["DJ", "D5", "D2", "DA"]
    played = [c for t in obj["played_tricks"] for c in t["cards"]]
    assert len(set(played)) == 52


def test_complete_inline_to_yaml(runner, tmp_path):
    pytest.importorskip("bridgecli.formats.yaml_format")
    out = tmp_path / "out.yaml"
    r = runner.invoke(cli, ["play", "--deal", DEAL, "--contract", "3NT", "--declarer", "N", "--complete",
                            "-o", str(out)])
    assert r.exit_code == 0, r.stderr
    from bridgecli.core.play import replay_board
    from bridgecli.formats import read_boards

    (board,) = read_boards(out.read_text(encoding="utf-8"), "yaml")
    rep = replay_board(board)
    assert rep.legal and rep.complete and sum(rep.tricks_won) == 13
    assert board.result == rep.declarer_tricks


def test_complete_to_lin_without_auction_is_refused(runner, tmp_path):
    # LIN carries the contract only through the auction; a Contract tag alone cannot go there
    src = tmp_path / "in.pbn"
    src.write_text(f'[Board "4"]\n[Dealer "W"]\n[Vulnerable "All"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n'
                   f'[Contract "4S"]\n', encoding="utf-8")
    out = tmp_path / "out.lin"
    r = runner.invoke(cli, ["play", str(src), "--complete", "--to", "lin", "-o", str(out)])
    assert r.exit_code == 2
    assert r.stdout == ""
    assert r.stderr.endswith(
        "bridgecli: error: board 4: LIN needs the auction to carry the contract; write PBN, YAML or JSON\n")
    assert not out.exists()


def test_interactive_session(runner, tmp_path):
    pytest.importorskip("bridgecli.formats.pbn")
    out = tmp_path / "mine.pbn"
    # South declares 4S; West (bot) leads. The human plays North (dummy) and South.
    # "sa" revokes or is otherwise refused unless North can play it; "undo" with nothing to undo is refused;
    # then a legal card from the list, undo it, play again, then claim the rest.
    script = "\n".join(["xx", "S9", "", "claim 99", "claim 10", ""]) + "\n"
    r = runner.invoke(cli, ["play", "--interactive", "--deal", DEAL, "--contract", "4S", "--declarer", "S",
                            "-o", str(out)], input=script)
    assert r.exit_code == 0, r.stderr
    assert "West plays" in r.stdout
    assert "North: dummy, you" in r.stdout and "South: declarer, you" in r.stdout
    assert re.search(r"^-\s+-$", r.stdout, re.MULTILINE)  # both defenders' hands hidden
    assert "refused: not a card: 'xx'" in r.stdout
    assert "refused: north does not hold 'S9' [not-held]" in r.stdout
    assert "legal cards:" in r.stdout
    assert "refused: cannot claim 99" in r.stdout
    assert "claim of 10 more tricks accepted" in r.stdout
    assert "Play: 4S by S, 10 tricks (claimed after 0), made (=), N-S +420" in r.stdout
    text = out.read_text(encoding="utf-8")
    assert '[Result "10"]' in text and "*" in text


def test_interactive_illegal_undo_and_play_on(runner, tmp_path):
    # West leads; North must follow the suit led: the bot's lead is unknown here, so play the first legal card
    # shown by the empty-input help, revoke with a card of another suit, undo, and quit.
    r = runner.invoke(cli, ["play", "--interactive", "--deal", DEAL, "--contract", "4S", "--declarer", "S"],
                      input="\n")
    legal_line = next(line for line in r.stdout.splitlines() if "legal cards:" in line)
    first = legal_line.split("legal cards: ")[1].split()[0]
    other = next(c for c in ["SA", "HT", "D7", "C4"] if c[0] != first[0])
    script = "\n".join([other, first, "undo", first, "quit"]) + "\n"
    r = runner.invoke(cli, ["play", "--interactive", "--deal", DEAL, "--contract", "4S", "--declarer", "S"],
                      input=script)
    assert r.exit_code == 0, r.stderr
    assert "[revoke]" in r.stdout
    assert r.stdout.count("undone") == 1
    assert "stopped after" in r.stdout


REVOKE_DEAL = "N:AKQJT98765432... .AKQJT9.AKQJT9.A .8765432..KQJT98 ..8765432.765432"
# 3NT by N; East wins every trick. West shows out of diamonds at trick 7 (C2) while holding D3-D8.
REVOKE_PLAY = """HA H2 C7 S2
HK H3 C6 S3
HQ H4 C5 S4
HJ H5 C4 S5
HT H6 C3 S6
H9 H7 D2 S7
DA H8 C2 S8
DK C8 D3 S9
DQ C9 D4 ST
DJ CT D5 SJ
DT CJ D6 SQ
D9 CQ D7 SK
CA CK D8 SA"""


def test_recorded_revoke_with_law_64_transfer(runner, tmp_path):
    pytest.importorskip("bridgecli.formats.pbn")
    p = tmp_path / "revoke.pbn"
    p.write_text(f'[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{REVOKE_DEAL}"]\n[Declarer "N"]\n'
                 f'[Contract "3NT"]\n[Result "0"]\n[Play "E"]\n{REVOKE_PLAY}\n', encoding="utf-8")
    r = runner.invoke(cli, ["play", str(p), "--json"])
    assert r.exit_code == 1
    err = json.loads(r.stdout)["error"]
    assert (err["trick"], err["seat"], err["card"], err["reason"]) == (7, "W", "C2", "revoke")
    # the revoker's partner won the revoke trick: one trick to declarer (Law 64A2)
    assert err["law64"] == {"transferred": 1, "declarer_tricks": 1}
    r = runner.invoke(cli, ["play", str(p)])
    assert r.stdout.startswith("Board 2: 3NT by N, illegal play at trick 7 by W: revoke: west plays 'C2'")
    assert r.stdout.rstrip().endswith("Law 64A transfers 1 trick: declarer 1")


def test_contract_from_the_auction_and_stdin(runner):
    pytest.importorskip("bridgecli.formats.pbn")
    pytest.importorskip("bridgecli.core.auction")
    # no Contract/Declarer tags: North opens 1S and bids the grand slam, so North declares 7S
    text = (f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{SUITED}"]\n[Result "13"]\n'
            f'[Auction "N"]\n1S Pass 7S Pass\nPass Pass\n[Play "E"]\n{full_rows()}\n')
    r = runner.invoke(cli, ["play", "-", "--json"], input=text)
    assert r.exit_code == 0, r.stderr
    obj = json.loads(r.stdout)
    assert (obj["contract"], obj["declarer"], obj["declarer_tricks"], obj["score"]) == ("7S", "N", 13, 1510)


def test_boards_without_play_are_skipped_with_a_note(runner):
    pytest.importorskip("bridgecli.formats.pbn")
    r = runner.invoke(cli, ["play", "-"], input=f'[Board "1"]\n[Deal "{DEAL}"]\n')
    assert r.exit_code == 0 and r.stdout == ""
    assert "no board has a play record (1 read)" in r.stderr


@pytest.mark.parametrize("name", ["card_twice.pbn", "fourteen_cards.pbn", "card_twice.lin"])
def test_invalid_deal_is_exit_2_as_in_every_command(runner, name):
    path = Path(__file__).parents[2] / "sample_deals" / "invalid" / name
    r = runner.invoke(cli, ["play", str(path)])
    assert r.exit_code == 2, r.stderr
    assert f"{name}:" in r.stderr and ("both" in r.stderr or "14 cards" in r.stderr)


def test_passed_out_board_is_reported_not_dropped(runner):
    pytest.importorskip("bridgecli.formats.pbn")
    text = (f'[Board "9"]\n[Dealer "N"]\n[Vulnerable "EW"]\n[Deal "{DEAL}"]\n[Contract "Pass"]\n'
            f'[Auction "N"]\nPass Pass Pass Pass\n')
    r = runner.invoke(cli, ["play", "-"], input=text)
    assert r.exit_code == 0, r.stderr
    assert r.stdout == "Board 9: passed out\n" and r.stderr == ""
    r = runner.invoke(cli, ["play", "-", "--json"], input=text)
    assert r.exit_code == 0, r.stderr
    obj = json.loads(r.stdout)
    assert (obj["board"], obj["contract"], obj["declarer"], obj["score"], obj["legal"]) == (9, "Pass", None, 0, True)
    r = runner.invoke(cli, ["play", "--deal", DEAL, "--contract", "Pass"])
    assert r.exit_code == 0 and r.stdout == "Play: passed out\n"


def test_empty_input_is_no_boards_exit_2(runner):
    pytest.importorskip("bridgecli.formats.pbn")
    r = runner.invoke(cli, ["play", "-"], input="")
    assert r.exit_code == 2 and r.stdout == "" and "<stdin>: no boards" in r.stderr


def test_complete_keeps_the_old_output_when_a_board_is_unreadable(runner, tmp_path):
    bad = Path(__file__).parents[2] / "sample_deals" / "invalid" / "one_bad_board.pbn"
    out = tmp_path / "out.pbn"
    out.write_text("old\n", encoding="utf-8")
    r = runner.invoke(cli, ["play", str(bad), "--complete", "-o", str(out)])
    assert r.exit_code == 2
    assert "board 6: east holds 14 cards" in r.stderr and f"{out} not written" in r.stderr
    assert out.read_text(encoding="utf-8") == "old\n"


def test_report_goes_to_output_file(runner, tmp_path):
    out = tmp_path / "report.txt"
    r = runner.invoke(cli, ["play", "--deal", DEAL, "--contract", "4S", "--declarer", "S", "--cards", "DJ D5 D2 DA",
                            "-o", str(out)])
    assert r.exit_code == 0, r.stderr
    assert r.stdout == ""
    assert out.read_text(encoding="utf-8").startswith("Play: 4S by S, ")
    plain = runner.invoke(cli, ["play", "--deal", DEAL, "--contract", "4S", "--declarer", "S", "--cards",
                                "DJ D5 D2 DA"])
    assert out.read_text(encoding="utf-8") == plain.stdout


def test_unknown_table_style_is_a_usage_error(runner):
    r = runner.invoke(cli, ["play", "--deal", DEAL, "--contract", "4S", "--declarer", "S", "--cards", "DJ D5 D2 DA",
                            "--tricks", "--fmt", "bogus"])
    assert r.exit_code == 2 and r.stdout == "" and "unknown table style 'bogus'" in r.stderr


def test_report_on_a_stdout_that_cannot_encode_it(tmp_path):
    """Hungarian words on a stdout set to ASCII: the report still comes out (UTF-8), exit 0."""
    import subprocess

    from ..conftest import ROOT, bridgecli_cmd, subprocess_env

    env = subprocess_env() | {"PYTHONIOENCODING": "ascii"}
    proc = subprocess.run([*bridgecli_cmd(), "play", "--lang", "hu", "sample_deals/valid/club_session.pbn", "-b", "1"],
                          capture_output=True, env=env, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode("utf-8").startswith("Leosztás 1: ")
