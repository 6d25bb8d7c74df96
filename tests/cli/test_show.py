"""``bridgecli show``: diagrams on stdout, bad records on stderr, board selection, exit codes."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from bridgecli.cli import cli
from bridgecli.formats import read_boards

from ..conftest import bridgecli_cmd, subprocess_env
from ._boards import BOARDS, write


@pytest.fixture
def boards_json(tmp_path):
    return write(tmp_path / "boards.json", BOARDS, "json")


def test_show_all_boards(runner, boards_json):
    res = runner.invoke(cli, ["show", str(boards_json)])
    assert res.exit_code == 0, res.stderr
    assert res.stderr == ""
    out = res.stdout
    assert out.count("Board ") == 3
    assert "Board 1   Dealer: North   Vulnerable: None" in out
    assert "Board 2   Dealer: East   Vulnerable: NS" in out
    assert "North: Smith" in out and "♠ AKQ2" in out
    assert "1♣!(1)" in out and "(1) 16+ any shape" in out
    assert "Contract: 4♥ by S, made 10 tricks" in out
    assert "Contract: 3NTX by E, down 2" in out
    assert "\x1b[" not in out  # no colour in a pipe


def test_board_selection(runner, boards_json):
    res = runner.invoke(cli, ["show", str(boards_json), "--board", "2-3"])
    assert res.exit_code == 0
    assert "Board 1 " not in res.stdout and "Board 2 " in res.stdout and "Board 3 " in res.stdout
    res = runner.invoke(cli, ["show", str(boards_json), "-b", "1", "-b", "3", "--brief"])
    assert res.stdout.splitlines() == [
        "Board   1  N  None  4♥ by S, made 10 tricks     1♣!(1) Pass 1♥ Pass 2NT Pass 4♥ All Pass",
        "Board   3  S  EW    -",
    ]


def test_board_selection_errors(runner, boards_json):
    res = runner.invoke(cli, ["show", str(boards_json), "--board", "4-2"])
    assert res.exit_code == 2 and "--board" in res.stderr and res.stdout == ""
    res = runner.invoke(cli, ["show", str(boards_json), "--board", "x"])
    assert res.exit_code == 2
    res = runner.invoke(cli, ["show", str(boards_json), "--board", "9"])
    assert res.exit_code == 1
    assert res.stderr == f"bridgecli: error: {boards_json}: no board numbered 9\n"


def test_ascii_and_ten_letter(runner, boards_json):
    res = runner.invoke(cli, ["show", str(boards_json), "--ascii", "--ten", "T", "--board", "1"])
    assert res.exit_code == 0
    assert not any(s in res.stdout for s in "♠♥♦♣")
    assert "S AKQ2" in res.stdout and "D T98" in res.stdout and "1C!(1)" in res.stdout


def test_no_play_and_table_style(runner, boards_json):
    res = runner.invoke(cli, ["show", str(boards_json), "-b", "1"])
    assert "Trick" in res.stdout
    res = runner.invoke(cli, ["show", str(boards_json), "-b", "1", "--no-play", "--fmt", "github"])
    assert "Trick" not in res.stdout and "| West" in res.stdout
    res = runner.invoke(cli, ["show", str(boards_json), "--fmt", "nonsense"])
    assert res.exit_code == 2 and "--table-style" in res.stderr


def test_table_style_is_the_option_and_fmt_its_unlisted_old_name(runner, boards_json):
    # issue #31: show --fmt sat beside deal --format; the option says what it is now, and
    # scripts that pass --fmt keep working
    new = runner.invoke(cli, ["show", str(boards_json), "-b", "1", "--table-style", "github"])
    old = runner.invoke(cli, ["show", str(boards_json), "-b", "1", "--fmt", "github"])
    assert new.exit_code == old.exit_code == 0 and new.stdout == old.stdout and "| West" in new.stdout
    for command in ("show", "score", "play"):
        text = runner.invoke(cli, [command, "--help"]).stdout
        assert "--table-style STYLE" in text and "--fmt" not in text


def test_colour_on_request_only(runner, boards_json):
    res = runner.invoke(cli, ["show", str(boards_json), "-b", "1", "--color"])
    assert "\x1b[31m♥\x1b[0m" in res.stdout and "\x1b[31m♠" not in res.stdout
    res = runner.invoke(cli, ["show", str(boards_json), "-b", "1", "--color", "--ascii"])
    assert "\x1b[" not in res.stdout


def test_stdin_format_from_content(runner, boards_json):
    res = runner.invoke(cli, ["show", "-", "--brief"], input=boards_json.read_text(encoding="utf-8"))
    assert res.exit_code == 0, res.stderr
    assert len(res.stdout.splitlines()) == 3


def test_bad_record_reported_rest_shown(runner, tmp_path, boards_json):
    lines = boards_json.read_text(encoding="utf-8").splitlines()
    lines.insert(1, '{"board": 9, "deal": {"N": "AKQ2.KJ3.T98"}}')
    bad = tmp_path / "bad.json"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = runner.invoke(cli, ["show", str(bad), "--brief"])
    assert res.exit_code == 2
    assert [line[:9] for line in res.stdout.splitlines()] == ["Board   1", "Board   2", "Board   3"]
    err = res.stderr.splitlines()
    assert len(err) == 1 and err[0].startswith(f"bridgecli: error: {bad}:2: board 9: ")
    assert "Traceback" not in res.stderr


@pytest.mark.parametrize("content", [b"", b"   \n\n", b"[]\n"])
def test_no_boards(runner, tmp_path, content):
    path = tmp_path / "empty.json"
    path.write_bytes(content)
    res = runner.invoke(cli, ["show", str(path)])
    assert res.exit_code == 2
    assert res.stderr == f"bridgecli: error: {path}: no boards\n"
    assert res.stdout == ""


def test_binary_input(runner, tmp_path):
    path = tmp_path / "junk.json"
    path.write_bytes(b"\x7fELF\x02\x01\x01\x00\x00\x00garbage")
    res = runner.invoke(cli, ["show", str(path)])
    assert res.exit_code == 2
    assert res.stderr.count("\n") == 1 and res.stderr.startswith(f"bridgecli: error: {path}:1: binary data")


def test_missing_file(runner, tmp_path):
    res = runner.invoke(cli, ["show", str(tmp_path / "nope.pbn")])
    assert res.exit_code == 2 and res.stderr.startswith("bridgecli: error:") and "nope.pbn" in res.stderr


def test_output_file_and_json(runner, tmp_path, boards_json):
    out = tmp_path / "shown.txt"
    res = runner.invoke(cli, ["show", str(boards_json), "-o", str(out), "--color"])
    assert res.exit_code == 0 and res.stdout == ""
    text = out.read_text(encoding="utf-8")
    assert "Board 3   Dealer: South   Vulnerable: EW" in text
    res = runner.invoke(cli, ["show", str(boards_json), "--json", "-b", "2"])
    assert res.exit_code == 0
    records = [json.loads(line) for line in res.stdout.splitlines()]
    assert [r["board"] for r in records] == [2]
    assert read_boards(res.stdout, "json") == [BOARDS[1]]


def test_debug_raises(runner, tmp_path):
    path = tmp_path / "junk.json"
    path.write_text("{not json\n", encoding="utf-8")
    res = runner.invoke(cli, ["--debug", "show", str(path)])
    assert res.exit_code != 0 and res.exception is not None
    assert type(res.exception).__name__ == "ParseError"


def test_reader_going_away_is_not_an_error(tmp_path, boards_json):
    # `bridgecli show big | head -1`: more output than a pipe buffer holds
    big = tmp_path / "big.json"
    big.write_text(boards_json.read_text(encoding="utf-8") * 200, encoding="utf-8")
    proc = subprocess.Popen(bridgecli_cmd() + ["show", str(big)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=subprocess_env())
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0, err
    assert first.startswith(b"Board 1 ") and err == b""


def test_board_selection_huge_range_and_empty_value(runner, tmp_path):
    p = tmp_path / "s.pbn"
    p.write_text(Path(__file__).parents[2].joinpath("sample_deals/valid/club_session.pbn").read_text(encoding="utf-8"),
                 encoding="utf-8")
    r = runner.invoke(cli, ["show", str(p), "--brief", "--board", "17-1000000000000"])
    assert r.exit_code == 0, r.stderr
    assert [line.split()[1] for line in r.stdout.splitlines()] == ["17", "18"]
    r = runner.invoke(cli, ["show", str(p), "--brief", "--board", ",,"])
    assert r.exit_code == 2 and r.stdout == "" and "not a board number or range: ',,'" in r.stderr


def test_missing_file_is_file_colon_message(runner, tmp_path):
    missing = tmp_path / "nope.pbn"
    r = runner.invoke(cli, ["show", str(missing)])
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr == f"bridgecli: error: {missing}: no such file or directory\n"
