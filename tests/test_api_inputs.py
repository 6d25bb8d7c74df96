"""Small input edges of the API and of numeric options (issue #32): each mistake is a
documented error that names it, raised at once; no call loops for ever."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgecli as bc
from bridgecli.cli import cli

PBN = '[Board "1"]\n[Dealer "N"]\n'


@pytest.mark.parametrize("source, words", [
    (None, "not NoneType"),
    (42, "not int"),
    (b"[Board]", "not bytes"),
    (io.BytesIO(PBN.encode()), "not a binary one"),
])
def test_read_wrong_kinds_are_type_errors_at_the_call(source: object, words: str) -> None:
    with pytest.raises(TypeError, match=words) as exc:
        bc.read(source)  # type: ignore[arg-type]  # (not iterated: raised at the call)
    assert "path" in str(exc.value)


def test_read_a_file_opened_in_binary_mode(tmp_path: Path) -> None:
    path = tmp_path / "b.pbn"
    path.write_text(PBN)
    with path.open("rb") as fp, pytest.raises(TypeError, match="text mode"):
        bc.read(fp)  # type: ignore[arg-type]
    with path.open() as fp:
        assert [b.number for b in bc.read(fp)] == [1]


def test_read_a_closed_file_and_a_nul_path_are_value_errors(tmp_path: Path) -> None:
    path = tmp_path / "b.pbn"
    path.write_text(PBN)
    with path.open() as fp:
        pass
    with pytest.raises(ValueError, match="closed file"):
        bc.read(fp)
    with pytest.raises(ValueError, match="NUL byte"):
        bc.read("a\0b.pbn")


def test_read_paths_that_cannot_be_read_are_os_errors(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        list(bc.read(str(tmp_path / "missing.pbn")))
    with pytest.raises(FileNotFoundError):
        list(bc.read(tmp_path / "missing.pbn"))
    with pytest.raises(IsADirectoryError):
        list(bc.read(str(tmp_path)))


@pytest.mark.parametrize("kw, words", [
    ({"seed": -1}, "the seed"),
    ({"seed": 10**18}, "the seed"),
    ({"seed": True}, "the seed"),
    ({"n": -1}, "the count"),
    ({"n": 1.5}, "the count"),
    ({"start": 0}, "the first board"),
    ({"max_tries": 0}, "max_tries"),
    ({"n": 2, "start": 10**18 - 1}, "below 10\\*\\*18"),
])
def test_deal_numbers_out_of_range_are_refused_before_any_board(kw: dict[str, object], words: str) -> None:
    n = kw.pop("n", 1)
    with pytest.raises(bc.ParseError, match=words):
        bc.deal(n, **kw)  # type: ignore[arg-type]


def test_deal_edges_of_the_ranges_are_dealt() -> None:
    assert len(list(bc.deal(1, seed=0))) == 1
    assert [b.number for b in bc.deal(1, seed=10**18 - 1, start=10**18 - 1)] == [10**18 - 1]
    assert list(bc.deal(0, seed=1)) == []


@pytest.mark.parametrize("args, option, words", [
    (["deal", "--max-tries", "9" * 20], "'--max-tries'", "has more than 18 digits"),
    (["deal", "-n", "1" + "0" * 18], "'-n' / '--count'", "has more than 18 digits"),
    (["deal", "--seed", "9" * 19], "'--seed'", "has more than 18 digits"),
    (["deal", "--start-board", "1_0"], "'--start-board'", "is not a valid integer range"),
    (["deal", "-n", "\u0663"], "'-n' / '--count'", "is not a valid integer range"),
    (["deal", "-n", "+3"], "'-n' / '--count'", "is not a valid integer range"),
    (["deal", "--jobs", "9" * 19], "'--jobs' / '-j'", "has more than 18 digits"),
    (["solve", "-j", "9" * 19, "-"], "'-j' / '--jobs'", "has more than 18 digits"),
    (["validate-auction", "-j", " 2", "-"], "'-j' / '--jobs'", "is not a valid integer range"),
    (["rubber", "--partscore-bonus", "9" * 19, "-"], "'--partscore-bonus'", "has more than 18 digits"),
    (["simulate", "-j", "1_0", "--contract", "4S:N"], "'-j' / '--jobs'", "is not a valid integer range"),
    (["movement", "show", "howell", "--tables", "\u0664"], "'--tables' / '-t'", "is not a valid integer range"),
    (["movement", "show", "howell", "-t", "4", "-b", "1_0"], "'--boards-per-round' / '-b'", "not a valid integer"),
    (["movement", "show", "howell", "-t", "4", "--arrow-switch", "2,\u0663"], "'--arrow-switch'", "round numbers"),
    (["movement", "show", "howell", "-t", "4", "--arrow-switch", "+3"], "'--arrow-switch'", "round numbers"),
])
def test_numeric_options_take_ascii_digits_up_to_18(args: list[str], option: str, words: str) -> None:
    r = CliRunner().invoke(cli, args, input="")
    assert r.exit_code == 2
    assert r.stderr.startswith(f"bridgecli: error: invalid value for {option}: "), r.stderr
    assert words in r.stderr


def test_deal_too_many_boards_names_both_options() -> None:
    # -n 10**18 blamed --start-board alone; a count of 19 digits is refused as a count now
    r = CliRunner().invoke(cli, ["deal", "-n", "9" * 18, "--start-board", "2"])
    assert r.exit_code == 2 and "'--start-board' + '-n': board numbers must stay below 10**18" in r.stderr
    r = CliRunner().invoke(cli, ["deal", "-n", "1", "--start-board", "9" * 18, "--format", "text"])
    assert r.exit_code == 0 and r.stdout.count("\n") == 1


@pytest.mark.parametrize("source", [None, b"4S= -d N\n", io.BytesIO(b"4S= -d N\n"), 7])
def test_rubber_session_wrong_kinds_are_type_errors(source: object) -> None:
    with pytest.raises(TypeError, match="session reads"):
        bc.rubber_session(source)  # type: ignore[arg-type]
