"""``bridgecli convert``: formats by extension/content, atomic -o, --skip-bad, bad input."""

from __future__ import annotations

import subprocess

import pytest

from bridgecli.cli import cli
from bridgecli.core import Seat
from bridgecli.formats import read_boards

from ..conftest import bridgecli_cmd, subprocess_env
from ._boards import BOARDS, write

BAD_LINE = '{"board": 9, "deal": {"N": "AKQ2.KJ3.T98"}}'


@pytest.fixture
def boards_json(tmp_path):
    return write(tmp_path / "boards.json", BOARDS, "json")


@pytest.fixture
def bad_json(tmp_path, boards_json):
    """The three boards with a malformed record on line 2."""
    lines = boards_json.read_text(encoding="utf-8").splitlines()
    lines.insert(1, BAD_LINE)
    path = tmp_path / "bad.json"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _essentials(boards):
    """What every format carries (LIN has no Event tag)."""
    return [(b.number, b.deal, b.auction, b.auction_notes, b.contract, b.result, b.play, b.play_leader,
             b.player(Seat.NORTH)) for b in boards]


@pytest.mark.parametrize("fmt", ["pbn", "yaml", "json", "lin"])
def test_convert_by_output_extension_round_trips(runner, tmp_path, boards_json, fmt):
    out = tmp_path / f"out.{fmt}"
    res = runner.invoke(cli, ["convert", str(boards_json), "-o", str(out)])
    assert res.exit_code == 0, res.stderr
    assert res.stdout == "" and res.stderr == ""
    back = read_boards(out.read_text(encoding="utf-8"), fmt)
    assert _essentials(back) == _essentials(BOARDS)
    if fmt != "lin":
        assert back == BOARDS


@pytest.mark.parametrize("fmt", ["pbn", "yaml", "json", "lin"])
def test_format_from_extension_and_content(runner, tmp_path, fmt):
    path = write(tmp_path / f"boards.{fmt}", BOARDS, fmt)
    by_name = runner.invoke(cli, ["convert", str(path), "--to", "json"])
    assert by_name.exit_code == 0, by_name.stderr
    by_content = runner.invoke(cli, ["convert", "-", "--to", "json"], input=path.read_text(encoding="utf-8"))
    assert by_content.exit_code == 0, by_content.stderr
    assert by_content.stdout == by_name.stdout
    assert _essentials(read_boards(by_name.stdout, "json")) == _essentials(BOARDS)


def test_convert_to_stdout_needs_to(runner, boards_json):
    res = runner.invoke(cli, ["convert", str(boards_json)])
    assert res.exit_code == 2 and "--to" in res.stderr and res.stdout == ""
    res = runner.invoke(cli, ["convert", str(boards_json), "--to", "yaml"])
    assert res.exit_code == 0
    assert read_boards(res.stdout, "yaml") == BOARDS


def test_format_from_content_on_stdin_and_from_override(runner, tmp_path, boards_json):
    yaml_text = runner.invoke(cli, ["convert", str(boards_json), "--to", "yaml"]).stdout
    res = runner.invoke(cli, ["convert", "-", "--to", "json"], input=yaml_text)
    assert res.exit_code == 0, res.stderr
    assert read_boards(res.stdout, "json") == BOARDS
    # a YAML text in a file named .txt: by content; --from overrides
    odd = tmp_path / "boards.txt"
    odd.write_text(yaml_text, encoding="utf-8")
    assert runner.invoke(cli, ["convert", str(odd), "--to", "json"]).exit_code == 0
    assert runner.invoke(cli, ["convert", str(odd), "--from", "yaml", "--to", "json"]).stdout == res.stdout
    res = runner.invoke(cli, ["convert", str(odd), "--from", "json", "--to", "yaml"])
    assert res.exit_code == 2 and res.stdout == ""


def test_bad_record_writes_nothing(runner, tmp_path, bad_json):
    out = tmp_path / "out.yaml"
    out.write_text("precious\n", encoding="utf-8")
    res = runner.invoke(cli, ["convert", str(bad_json), "-o", str(out)])
    assert res.exit_code == 2
    assert res.stdout == ""
    err = res.stderr.splitlines()
    assert len(err) == 1 and err[0].startswith(f"bridgecli: error: {bad_json}:2: board 9: ")
    assert out.read_text(encoding="utf-8") == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json", "boards.json", "out.yaml"]
    # nothing on stdout either
    res = runner.invoke(cli, ["convert", str(bad_json), "--to", "yaml"])
    assert res.exit_code == 2 and res.stdout == ""


def test_skip_bad_converts_the_rest(runner, tmp_path, bad_json):
    out = tmp_path / "out.json"
    res = runner.invoke(cli, ["convert", str(bad_json), "-o", str(out), "--skip-bad"])
    assert res.exit_code == 1
    assert read_boards(out.read_text(encoding="utf-8"), "json") == BOARDS
    err = res.stderr.splitlines()
    assert err[0].startswith(f"bridgecli: skipped: {bad_json}:2: board 9: ")
    assert err[-1] == "bridgecli: converted 3 boards, skipped 1"


def test_output_may_name_the_input(runner, tmp_path):
    # a pretty-printed JSON array, rewritten in place as canonical JSON lines
    import json

    path = tmp_path / "boards.json"
    lines = write(tmp_path / "tmp.json", BOARDS, "json").read_text(encoding="utf-8").splitlines()
    path.write_text(json.dumps([json.loads(x) for x in lines], indent=2), encoding="utf-8")
    res = runner.invoke(cli, ["convert", str(path), "-o", str(path)])
    assert res.exit_code == 0, res.stderr
    assert path.read_text(encoding="utf-8").splitlines() == lines


def test_output_naming_the_input_survives_failure(runner, bad_json):
    before = bad_json.read_bytes()
    res = runner.invoke(cli, ["convert", str(bad_json), "-o", str(bad_json)])
    assert res.exit_code == 2
    assert bad_json.read_bytes() == before


@pytest.mark.parametrize("name,content,message", [
    ("empty.json", b"", "no boards"),
    ("blank.yaml", b"\n  \n", "no boards"),
    ("binary.json", b"\x00\x01\x02\xff\xfe" * 20, "binary data"),
    ("garbage.json", b"{{{ this is not json\n", "json"),
    ("garbage.pbn", b"hello world\nthis is not bridge\n", "hello world"),
    ("unterminated.pbn", b'[Event "x"\n', "tag"),
    ("bad.lin", b"pn|a,b,c,d|md|9SAK|\n", "md"),
])
def test_unusable_input_one_line_exit_2(runner, tmp_path, name, content, message):
    path = tmp_path / name
    path.write_bytes(content)
    out = tmp_path / "out.yaml"
    res = runner.invoke(cli, ["convert", str(path), "-o", str(out)])
    assert res.exit_code == 2
    assert res.stdout == ""
    assert res.stderr.count("\n") == 1, res.stderr
    assert res.stderr.startswith(f"bridgecli: error: {path}") and message in res.stderr
    assert "Traceback" not in res.stderr
    assert not out.exists()


def test_debug_shows_a_traceback(tmp_path):
    path = tmp_path / "binary.json"
    path.write_bytes(b"\x00\x01" * 10)
    proc = subprocess.run(bridgecli_cmd() + ["--debug", "convert", str(path), "--to", "yaml"],
                          capture_output=True, text=True, env=subprocess_env(), timeout=60, check=False)
    assert proc.returncode != 0
    assert "Traceback (most recent call last)" in proc.stderr and "ParseError" in proc.stderr


def test_invalid_deal_in_pbn_names_board_and_line(runner, tmp_path):
    text = write(tmp_path / "ok.pbn", BOARDS, "pbn").read_text(encoding="utf-8")
    # board 2: a fourteenth card (the club two, also held by East) for North
    lines = text.splitlines()
    deal_lines = [i for i, line in enumerate(lines) if line.startswith("[Deal ")]
    i = deal_lines[1]
    assert lines[i].endswith('T986"]')
    lines[i] = lines[i][:-2] + '2"]'
    bad = tmp_path / "bad.pbn"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = runner.invoke(cli, ["convert", str(bad), "--to", "yaml"])
    assert res.exit_code == 2 and res.stdout == ""
    assert res.stderr.startswith(f"bridgecli: error: {bad}:{i + 1}: board 2: ")
    res = runner.invoke(cli, ["convert", str(bad), "--to", "yaml", "--skip-bad"])
    assert res.exit_code == 1
    assert [b.number for b in read_boards(res.stdout, "yaml")] == [1, 3]
    assert res.stderr.splitlines()[-1] == "bridgecli: converted 2 boards, skipped 1"


def test_pipe_convert_into_show(tmp_path, boards_json):
    conv = subprocess.run(bridgecli_cmd() + ["convert", str(boards_json), "--to", "pbn"],
                          capture_output=True, env=subprocess_env(), timeout=60, check=True)
    show = subprocess.run(bridgecli_cmd() + ["show", "-", "--ascii"], input=conv.stdout,
                          capture_output=True, env=subprocess_env(), timeout=60, check=False)
    assert show.returncode == 0, show.stderr
    out = show.stdout.decode("utf-8")
    assert "Board 2   Dealer: East   Vulnerable: NS" in out
    assert "Contract: 3NTX by E, down 2" in out
    assert show.stderr == b""


def test_pipe_lin_into_show_brief(boards_json):
    conv = subprocess.run(bridgecli_cmd() + ["convert", str(boards_json), "--to", "lin"],
                          capture_output=True, env=subprocess_env(), timeout=60, check=True)
    show = subprocess.run(bridgecli_cmd() + ["show", "-", "--brief"], input=conv.stdout,
                          capture_output=True, env=subprocess_env(), timeout=60, check=False)
    assert show.returncode == 0, show.stderr
    assert show.stdout.decode("utf-8").splitlines() == [
        "Board   1  N  None  4♥ by S, made 10 tricks     1♣!(1) Pass 1♥ Pass 2NT Pass 4♥ All Pass",
        "Board   2  E  NS    3NTX by E, down 2           1NT Pass 3NT X All Pass",
        "Board   3  S  EW    -",
    ]


def test_board_lin_cannot_hold_names_the_file(runner, tmp_path):
    p = tmp_path / "po.pbn"
    # a contract with neither auction nor declarer (with a declarer it would go to rs|)
    p.write_text('[Board "5"]\n[Deal "N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.AK .5432.JT98.QJT98"]\n'
                 '[Contract "4S"]\n', encoding="utf-8")
    r = runner.invoke(cli, ["convert", str(p), "--to", "lin"])
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.startswith(f"bridgecli: error: {p}: board 5: LIN needs the auction")


def test_output_in_a_missing_folder_names_the_file(runner, tmp_path, boards_json):
    target = tmp_path / "missing" / "out.pbn"
    r = runner.invoke(cli, ["convert", str(boards_json), "-o", str(target)])
    assert r.exit_code == 2 and r.stdout == ""
    assert f"cannot write {str(target)!r}: No such file or directory" in r.stderr
    assert ".bridgecli-" not in r.stderr


def test_skip_bad_keeps_a_lin_header_result_of_the_skipped_board(runner, tmp_path):
    # board 1 holds rs|4SN=| (its own result), boards 2 and 3 carry it (tag LinRs); with
    # board 1 skipped (east holds 14 cards), the list goes on a header line of its own
    deal = "md|1SAKQJHAKQDAKQCAKQ,S{}345H2345D2345C2,S6789H6789D6789C3,|"
    src = tmp_path / "match.lin"
    src.write_text(f"pn|a,b,c,d|rs|4SN=|st||{deal.format('A')}rh||ah|Board 1|mb|1S|mb|p|mb|p|mb|p|pg||\n"
                   + "".join(f"pn|a,b,c,d|st||{deal.format('2')}rh||ah|Board {n}|\n" for n in (2, 3)),
                   encoding="utf-8")
    out = tmp_path / "out.lin"
    res = runner.invoke(cli, ["convert", str(src), "-o", str(out), "--to", "lin", "--skip-bad"])
    assert res.exit_code == 1, res.stderr
    assert res.stderr.splitlines()[-1] == "bridgecli: converted 2 boards, skipped 1"
    assert out.read_text(encoding="utf-8").startswith("pn|,,,,,,,|rs|4SN=|pg||\npn|a,b,c,d|st||")
    kept = read_boards(out.read_text(encoding="utf-8"), "lin")
    assert [(b.number, b.contract, b.tag("LinRs")) for b in kept] == [(2, None, "4SN="), (3, None, "4SN=")]
    from bridgecli.formats import lin

    assert kept == [b for b in lin.iter_records(src.read_text(encoding="utf-8")) if not isinstance(b, Exception)]


def _segments_file(tmp_path):
    from ..formats.test_lin import TWO_SEGMENTS

    src = tmp_path / "final.lin"
    src.write_text(TWO_SEGMENTS, encoding="utf-8")
    return src


def _games(pbn_text):
    """The tags of each game of a PBN text (name -> value)."""
    import re

    return [dict(re.findall(r'^\[(\w+) "(.*)"\]$', game, re.MULTILINE)) for game in pbn_text.split("\n\n")]


def test_lin_segments_convert_to_pbn_each_with_its_own_header(runner, tmp_path):
    # a vugraph file of two segments (each opens with vg|, rs|, pn| of 8, pg||): every board
    # gets the Event, Stage, teams, players and rs| entry of the segment it is in
    res = runner.invoke(cli, ["convert", str(_segments_file(tmp_path)), "--to", "pbn"])
    assert res.exit_code == 0, res.stderr
    keys = ("Board", "Room", "Event", "Stage", "HomeTeam", "VisitTeam", "South", "West", "North", "East", "LinResult")
    assert [tuple(g.get(k) for k in keys) for g in _games(res.stdout)] == [
        ("1", "Open", "Cup final", "Segment 1 of 2", "Lions", "Tigers", "Ann", "Bob", "Cat", "Dan", "3NN="),
        ("1", "Closed", "Cup final", "Segment 1 of 2", "Lions", "Tigers", "Eve", "Fay", "Gus", "Hal", "3NN-1"),
        ("3", "Open", "Cup final", "Segment 2 of 2", "Lions", "Tigers", "Ivy", "Jon", "Kim", "Leo", "2HS="),
        ("3", "Closed", "Cup final", "Segment 2 of 2", "Lions", "Tigers", "Max", "Ned", "Oli", "Pam", "2HS+1"),
    ]
    assert [g["Result"] for g in _games(res.stdout)] == ["9", "8", "", ""]


@pytest.mark.parametrize("command", [["convert", "--to", "pbn"], ["show"], ["score"], ["play", "--json"],
                                     ["validate-auction"]])
def test_results_of_boards_a_lin_file_lacks_are_warned_about_in_every_reading_command(runner, tmp_path, command):
    # no board keeps them, whatever the command does with the boards (docs/FORMATS.md says why)
    src = _segments_file(tmp_path)
    res = runner.invoke(cli, [*command, str(src)])
    assert res.exit_code == 0, res.stderr
    said = "rs holds results of boards not read, not kept (each board keeps its own)"
    # (play also counts the boards it has no line for: segment 2's two boards have no play)
    noted = [f"bridgecli: note: {src}: 2 of 4 boards have no play record"] if command[0] == "play" else []
    assert res.stderr.splitlines() == [
        f"bridgecli: warning: {src}:2: {said}: board 2 open '4SE+1', board 2 closed '4SE='",
        f"bridgecli: warning: {src}:7: {said}: board 4 open '1NE-1', board 4 closed '1NE-2'", *noted]


def test_pbn_boards_with_no_deal_come_back_from_lin(runner, tmp_path):
    # boards with no Deal tag (one with no Dealer either) go to LIN and back unchanged
    src = tmp_path / "nodeal.pbn"
    src.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Auction "N"]\n1NT Pass Pass Pass\n'
                   '[Contract "1NT"]\n[Declarer "N"]\n[Result "8"]\n\n[Board "2"]\n\n[Board "3"]\n[Dealer "E"]\n'
                   '[Vulnerable "NS"]\n', encoding="utf-8")
    direct = runner.invoke(cli, ["convert", str(src), "--to", "pbn"])
    to_lin = runner.invoke(cli, ["convert", str(src), "--to", "lin", "-o", str(tmp_path / "x.lin")])
    assert to_lin.exit_code == 0 and to_lin.stderr == ""
    assert (tmp_path / "x.lin").read_text(encoding="utf-8").splitlines() == [
        "pn|,,,|st||md|3,,,|rh||ah|Board 1|sv|o|mb|1N|mb|p|mb|p|mb|p|pg||mc|8|pg||",
        "pn|,,,|st||md|,,,|rh||ah|Board 2|",
        "pn|,,,|st||md|4,,,|rh||ah|Board 3|sv|n|"]
    back = runner.invoke(cli, ["convert", str(tmp_path / "x.lin"), "--to", "pbn"])
    assert back.exit_code == 0 and back.stderr == ""
    assert back.stdout == direct.stdout and [g["Board"] for g in _games(back.stdout)] == ["1", "2", "3"]
