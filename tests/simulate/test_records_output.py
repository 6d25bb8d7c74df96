"""``simulate --records FILE`` goes through the one output path of ``-o`` (issue 32): devices
and FIFOs written in place, a symlink's target replaced, the mode kept or the umask followed,
a failed write named, no temp file left; Parquet written a row group at a time (issue 33)."""

from __future__ import annotations

import csv
import os
import signal
import stat
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.solver import dds

from ..conftest import subprocess_env

pytestmark = pytest.mark.skipif(not dds.available(), reason="the DDS solver (endplay) is not installed")

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
RUN = ["simulate", "-n", "4", "--seed", "1", "--contract", "4S:N", "--no-progress"]


def temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".bridgecli-"))


def simulate(runner: CliRunner, records: Path, *extra: str) -> Any:
    return runner.invoke(cli, [*RUN, *extra, "--records", str(records)])


def rows_of(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(text.splitlines()))


@pytest.fixture(scope="module")
def expected() -> str:
    """The records of RUN, written to a new regular file."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "r.csv"
        r = CliRunner().invoke(cli, [*RUN, "--records", str(path)])
        assert r.exit_code == 0, r.output
        text = path.read_bytes().decode()  # CSV's own \r\n line ends, as written
    rows = rows_of(text)
    assert [row["deal"] for row in rows] == ["1", "2", "3", "4"]  # one row a deal, no --symmetrize
    assert all(row["pbn"].startswith("N:") for row in rows)
    return text


@pytest.mark.skipif(not IS_ROOT, reason="os.mknod needs root")
def test_a_device_node_is_written_not_replaced(runner: CliRunner, tmp_path: Path) -> None:
    node = tmp_path / "nul.csv"
    os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # /dev/null's numbers on Linux
    before = os.stat(node)
    r = simulate(runner, node)
    assert r.exit_code == 0, r.output
    after = os.stat(node)
    assert stat.S_ISCHR(after.st_mode) and (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)
    assert temps(tmp_path) == []


def test_a_fifo_gets_the_rows_and_stays_a_fifo(runner: CliRunner, tmp_path: Path, expected: str) -> None:
    fifo = tmp_path / "rows.csv"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    r = simulate(runner, fifo)
    assert r.exit_code == 0, r.output
    reader.join(30)
    assert got == [expected.encode()]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and temps(tmp_path) == []


def test_a_symlinks_target_is_replaced_and_the_link_kept(runner: CliRunner, tmp_path: Path, expected: str) -> None:
    target = tmp_path / "real.csv"
    target.write_text("old\n")
    link = tmp_path / "link.csv"
    link.symlink_to(target.name)
    r = simulate(runner, link)
    assert r.exit_code == 0, r.output
    assert link.is_symlink() and os.readlink(link) == "real.csv"
    assert target.read_bytes() == expected.encode() and temps(tmp_path) == []


def test_the_mode_is_kept_and_a_new_file_follows_the_umask(runner: CliRunner, tmp_path: Path) -> None:
    old = tmp_path / "old.csv"
    old.write_text("old\n")
    os.chmod(old, 0o640)
    mask = os.umask(0o027)
    try:
        assert simulate(runner, old).exit_code == 0
        assert simulate(runner, tmp_path / "new.csv").exit_code == 0
    finally:
        os.umask(mask)
    assert stat.S_IMODE(os.stat(old).st_mode) == 0o640
    assert stat.S_IMODE(os.stat(tmp_path / "new.csv").st_mode) == 0o666 & ~0o027


def test_the_temp_file_is_registered_for_a_quick_second_signal(tmp_path: Path) -> None:
    """A second Ctrl-C ends the process at once, removing the temp files the register names:
    the records' temp file is among them while the run goes on, and gone after an abort."""
    from bridgecli import output
    from bridgecli.simulate.records import open_records
    from bridgecli.simulate.run import make_question

    question = make_question(["4S:N"], None, seed=1)
    records = open_records(str(tmp_path / "r.jsonl"), question)
    held = [t for t in output.TEMP_FILES if Path(t).parent == tmp_path]
    assert len(held) == 1 and temps(tmp_path) == [Path(held[0]).name]
    try:
        raise KeyboardInterrupt
    except KeyboardInterrupt:
        records.abort()
    assert not any(Path(t).parent == tmp_path for t in output.TEMP_FILES)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="POSIX file size limits")
def test_a_full_disk_is_named_and_leaves_the_old_file(tmp_path: Path) -> None:
    """A write that fails (a file size limit here, EFBIG as a full disk gives ENOSPC)."""
    import resource

    out = tmp_path / "r.csv"
    out.write_bytes(b"old\n")

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (300, 300))

    proc = subprocess.run([sys.executable, "-m", "bridgecli", *RUN, "--records", str(out)], capture_output=True,
                          text=True, env=subprocess_env(), preexec_fn=limited, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr == f"bridgecli: error: cannot write {str(out)!r}: File too large\n"
    assert out.read_bytes() == b"old\n" and temps(tmp_path) == []


def test_parquet_is_written_a_row_group_at_a_time(runner: CliRunner, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch, expected: str) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    from bridgecli.simulate import records

    monkeypatch.setattr(records, "ROW_GROUP", 3)
    path = tmp_path / "r.parquet"
    r = simulate(runner, path)
    assert r.exit_code == 0, r.output
    parquet = pq.ParquetFile(path)
    assert [parquet.metadata.row_group(i).num_rows for i in range(parquet.num_row_groups)] == [3, 1]
    table = parquet.read()
    want = rows_of(expected)
    assert table.column_names == list(want[0])
    assert [str(v) for v in table.column("pbn").to_pylist()] == [row["pbn"] for row in want]
    assert table.column("tricks_4S:N").to_pylist() == [int(row["tricks_4S:N"]) for row in want]
    assert temps(tmp_path) == []
