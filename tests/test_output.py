"""``bridgecli.output`` and ``bc.write``: atomic replacement of real files."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

import bridgecli as bc
from bridgecli import output

from .conftest import SAMPLES

CLUB = SAMPLES / "valid" / "club_session.pbn"


def temps(folder: Path) -> list[Path]:
    return sorted(folder.glob(".bridgecli-*"))


@pytest.fixture
def boards() -> list[bc.Board]:
    return list(bc.read(CLUB))


# -- bc.write is atomic ----------------------------------------------------------------------


def test_write_replaces_a_file_and_keeps_its_mode(tmp_path: Path, boards: list[bc.Board]) -> None:
    out = tmp_path / "record.pbn"
    out.write_text("old\n", encoding="utf-8")
    out.chmod(0o640)
    bc.write(boards, out)
    assert out.read_text(encoding="utf-8") == bc.dumps(boards, "pbn")
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    assert temps(tmp_path) == []


def test_a_new_file_gets_0666_less_the_umask(tmp_path: Path, boards: list[bc.Board]) -> None:
    old = os.umask(0o027)
    try:
        bc.write(boards[:1], tmp_path / "new.json")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o640  # not mkstemp's 0600


def test_a_failure_part_way_leaves_the_old_file(tmp_path: Path, boards: list[bc.Board]) -> None:
    out = tmp_path / "record.pbn"
    out.write_text("old\n", encoding="utf-8")

    def some_then_fail() -> Iterator[bc.Board]:
        yield from boards[:3]
        raise bc.RuleError("board 4 breaks the rules")

    with pytest.raises(bc.RuleError):
        bc.write(some_then_fail(), out)
    assert out.read_text(encoding="utf-8") == "old\n"
    assert temps(tmp_path) == []


def test_a_bad_board_read_lazily_leaves_the_old_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pbn"
    good = CLUB.read_text(encoding="utf-8")
    bad.write_text(good + '\n[Board "99"]\n[Deal "N:AKQ.x.x.x"]\n', encoding="utf-8")
    out = tmp_path / "copy.yaml"
    out.write_text("old\n", encoding="utf-8")
    with pytest.raises(bc.ParseError):
        bc.write(bc.read(bad), out)
    assert out.read_text(encoding="utf-8") == "old\n" and temps(tmp_path) == []


def test_a_symlink_keeps_pointing_at_the_replaced_file(tmp_path: Path, boards: list[bc.Board]) -> None:
    target = tmp_path / "real.pbn"
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.pbn"
    link.symlink_to(target)
    bc.write(boards[:2], link)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text(encoding="utf-8") == bc.dumps(boards[:2], "pbn")


def test_a_device_is_written_directly(boards: list[bc.Board]) -> None:
    bc.write(boards, "/dev/null", "pbn")  # neither replaced nor an error
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_fifo_is_written_directly(tmp_path: Path, boards: list[bc.Board]) -> None:
    import threading

    fifo = tmp_path / "pipe.pbn"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    bc.write(boards[:1], fifo)
    reader.join(10)
    assert got == [bc.dumps(boards[:1], "pbn").encode("utf-8")]
    assert stat.S_ISFIFO(fifo.stat().st_mode) and temps(tmp_path) == []


def test_a_folder_is_an_os_error_naming_it(tmp_path: Path, boards: list[bc.Board]) -> None:
    folder = tmp_path / "dir.pbn"
    folder.mkdir()
    with pytest.raises(IsADirectoryError) as info:
        bc.write(boards, folder)
    assert info.value.filename == str(folder)


# -- AtomicOutput ---------------------------------------------------------------------------


def test_an_open_block_has_its_temp_file_registered(tmp_path: Path) -> None:
    out = tmp_path / "f.txt"
    with output.AtomicOutput(out) as fp:
        (tmp,) = temps(tmp_path)
        assert str(tmp) in output.TEMP_FILES  # what the CLI removes on a second Ctrl-C
        fp.write("ünïcode\n")
        assert not out.exists()  # nothing is replaced before the block ends
    assert output.TEMP_FILES == set() and out.read_bytes() == "ünïcode\n".encode()


def test_binary_output_and_an_exception(tmp_path: Path) -> None:
    out = tmp_path / "f.bin"
    out.write_bytes(b"old")
    with pytest.raises(KeyboardInterrupt), output.AtomicOutput(str(out), binary=True) as fp:
        fp.write(b"new")
        raise KeyboardInterrupt
    assert out.read_bytes() == b"old" and temps(tmp_path) == []


def test_none_is_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    with output.AtomicOutput(None) as fp:
        fp.write("to stdout\n")
    assert capsys.readouterr().out == "to stdout\n"


# -- an interrupt while the temp file is made ---------------------------------------------------


@pytest.mark.parametrize("when", ["as the file is made", "as it is wrapped"])
def test_an_interrupt_while_the_temp_file_is_made_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 when: str) -> None:
    # Ctrl-C lands before the block is entered (so no __exit__ runs): the temp file goes, and
    # while it existed its name was in TEMP_FILES, for a signal handler that must exit at once
    target = tmp_path / "out.pbn"
    target.write_text("old")
    seen: list[bool] = []
    if when == "as the file is made":
        real_open = os.open

        def interrupted_open(path: str, flags: int, mode: int = 0o777) -> int:
            real_open(path, flags, mode)
            seen.append(path in output.TEMP_FILES)
            raise KeyboardInterrupt

        monkeypatch.setattr(output.os, "open", interrupted_open)
    else:
        def interrupted_wrap(self: output.AtomicOutput, fd: int) -> None:
            seen.append(self._tmp in output.TEMP_FILES and Path(self._tmp).exists())
            raise KeyboardInterrupt

        monkeypatch.setattr(output.AtomicOutput, "_wrap", interrupted_wrap)
    with pytest.raises(KeyboardInterrupt), output.AtomicOutput(target) as fp:
        fp.write("new")
    assert seen == [True]
    assert temps(tmp_path) == [] and output.TEMP_FILES == set()
    assert target.read_text() == "old"
