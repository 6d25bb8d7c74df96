"""``-o`` onto every kind of target (issue 14): regular files replaced atomically with their
mode kept, devices/FIFOs/sockets written in place, symlinks followed, failed runs leave
the target alone, ``--keep-going`` writes what was read."""

from __future__ import annotations

import os
import signal
import socket
import stat
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.cli.common import AtomicOutput
from bridgecli.solver import dds

from ..conftest import SAMPLES

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"
CLUB = SAMPLES / "valid" / "club_session.pbn"
ONE_BAD = SAMPLES / "invalid" / "one_bad_board.pbn"
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
# four two-card spade hands: solved in no time
ENDING = '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AK... QJ... T9... 87..."]\n'
TEAMS = ("board,room,ns,ew,contract,declarer,result\n1,open,A1,B1,4S,N,=\n1,closed,B2,A2,4S,N,-1\n")

needs_dds = pytest.mark.skipif(not dds.available(), reason="the DDS solver (endplay) is not installed")


def temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".bridgecli-"))


def run(runner: CliRunner, args: list[str], input: str | None = None) -> Any:
    return runner.invoke(cli, [str(a) for a in args], input=input)


def expected_stdout(runner: CliRunner, args: list[str], input: str | None = None) -> bytes:
    """What the command writes to stdout: what -o must receive."""
    r = run(runner, args, input)
    assert r.exit_code in (0, 1), r.stderr
    return r.stdout_bytes


class Reader:
    """Reads everything a FIFO or Unix socket receives, in a thread."""

    def __init__(self, path: Path, sock: socket.socket | None = None) -> None:
        self.data = b""
        self.sock = sock
        self.thread = threading.Thread(target=self._read, args=(path,), daemon=True)
        self.thread.start()

    def _read(self, path: Path) -> None:
        if self.sock is not None:
            conn, _ = self.sock.accept()
            with conn:
                while chunk := conn.recv(1 << 16):
                    self.data += chunk
        else:
            with open(path, "rb") as fp:
                self.data = fp.read()

    def result(self) -> bytes:
        self.thread.join(10)
        assert not self.thread.is_alive(), "nothing was written to the target"
        return self.data


def make_null_device(path: Path) -> None:
    """A character device node with /dev/null's numbers (needs root). Linux numbers it 1, 3,
    which is taken when /dev/null itself is no device (as the bug fixed here could leave it)."""
    st = os.stat("/dev/null")
    rdev = st.st_rdev if stat.S_ISCHR(st.st_mode) else os.makedev(1, 3)
    os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(os.major(rdev), os.minor(rdev)))


# -- the target kinds --------------------------------------------------------------


@pytest.mark.skipif(not IS_ROOT, reason="os.mknod needs root (the FIFO test covers special files)")
def test_a_device_node_is_written_not_replaced(runner: CliRunner, tmp_path: Path) -> None:
    node = tmp_path / "null"
    make_null_device(node)
    before = os.stat(node)
    r = run(runner, ["deal", "-n", "3", "--seed", "1", "-o", node])
    assert r.exit_code == 0, r.stderr
    after = os.stat(node)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev and after.st_ino == before.st_ino
    assert temps(tmp_path) == []


def test_a_fifo_gets_the_output(runner: CliRunner, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = Reader(fifo)
    r = run(runner, ["convert", CLUB, "--to", "json", "-o", fifo])
    assert r.exit_code == 0, r.stderr
    assert reader.result() == expected_stdout(runner, ["convert", CLUB, "--to", "json"])
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert temps(tmp_path) == []


def test_a_unix_socket_gets_the_output(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "s"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(str(path))
        server.listen(1)
        reader = Reader(path, server)
        r = run(runner, ["deal", "-n", "2", "--seed", "4", "-o", path])
        assert r.exit_code == 0, r.stderr
        assert reader.result() == expected_stdout(runner, ["deal", "-n", "2", "--seed", "4"])
        assert stat.S_ISSOCK(os.stat(path).st_mode)
    finally:
        server.close()


def test_a_socket_nobody_listens_on_is_an_error_and_stays(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "s"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.close()  # the socket file stays, nobody accepts
    r = run(runner, ["deal", "-n", "1", "--seed", "1", "-o", path])
    assert r.exit_code == 2
    assert r.stderr.startswith(f"bridgecli: error: cannot write {str(path)!r}: ")
    assert stat.S_ISSOCK(os.stat(path).st_mode)


def test_a_symlink_stays_and_its_target_is_replaced(runner: CliRunner, tmp_path: Path) -> None:
    real = tmp_path / "real.pbn"
    real.write_text("old\n")
    real.chmod(0o640)
    link = tmp_path / "link.pbn"
    link.symlink_to("real.pbn")
    r = run(runner, ["deal", "-n", "1", "--seed", "2", "-o", link])
    assert r.exit_code == 0, r.stderr
    assert link.is_symlink() and os.readlink(link) == "real.pbn"
    assert real.read_bytes() == expected_stdout(runner, ["deal", "-n", "1", "--seed", "2"])
    assert stat.S_IMODE(os.stat(real).st_mode) == 0o640
    assert temps(tmp_path) == []


def test_a_dangling_symlink_gets_its_target_created(runner: CliRunner, tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    link = tmp_path / "link.json"
    link.symlink_to("sub/new.json")
    r = run(runner, ["convert", CLUB, "-o", link])
    assert r.exit_code == 0, r.stderr
    assert link.is_symlink()
    assert (tmp_path / "sub" / "new.json").read_bytes() == expected_stdout(runner, ["convert", CLUB, "--to", "json"])


def test_a_symlink_loop_is_an_error(runner: CliRunner, tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.symlink_to("b")
    b.symlink_to("a")
    r = run(runner, ["deal", "-n", "1", "--seed", "1", "-o", a])
    assert r.exit_code == 2
    assert r.stderr.startswith(f"bridgecli: error: cannot write {str(a)!r}: ")
    assert a.is_symlink() and b.is_symlink() and temps(tmp_path) == []


@pytest.mark.parametrize("mode", [0o640, 0o600, 0o664, 0o755])
def test_an_existing_file_keeps_its_mode(runner: CliRunner, tmp_path: Path, mode: int) -> None:
    out = tmp_path / "out.pbn"
    out.write_text("old\n")
    out.chmod(mode)
    r = run(runner, ["deal", "-n", "1", "--seed", "1", "-o", out])
    assert r.exit_code == 0, r.stderr
    assert stat.S_IMODE(os.stat(out).st_mode) == mode
    assert out.read_text().startswith("% PBN")


@pytest.mark.skipif(not IS_ROOT, reason="giving a file away needs root")
def test_root_keeps_the_owner_of_a_file(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "theirs.pbn"
    out.write_text("old\n")
    os.chown(out, 4321, 4322)
    r = run(runner, ["deal", "-n", "1", "--seed", "1", "-o", out])
    assert r.exit_code == 0, r.stderr
    assert (out.stat().st_uid, out.stat().st_gid) == (4321, 4322)
    assert out.read_text().startswith("% PBN")


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o027, 0o640), (0o077, 0o600), (0o002, 0o664)])
def test_a_new_file_follows_the_umask(runner: CliRunner, tmp_path: Path, umask: int, mode: int) -> None:
    out = tmp_path / "new.pbn"
    old = os.umask(umask)
    try:
        r = run(runner, ["deal", "-n", "1", "--seed", "1", "-o", out])
    finally:
        os.umask(old)
    assert r.exit_code == 0, r.stderr
    assert stat.S_IMODE(os.stat(out).st_mode) == mode


def test_dev_fd_appends_where_stdout_appends(tmp_path: Path) -> None:
    """``-o /dev/fd/1`` (or /dev/stdout) writes through the open descriptor: a ``>>`` redirection
    keeps its text."""
    import subprocess
    import sys

    from ..conftest import subprocess_env

    log = tmp_path / "log"
    log.write_text("first\n")
    with open(log, "a") as fp:
        proc = subprocess.run([sys.executable, "-m", "bridgecli", "score", "4S=", "-o", "/dev/fd/1"],
                              stdout=fp, stderr=subprocess.PIPE, env=subprocess_env(), timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert log.read_text() == "first\n420\n"


@pytest.mark.parametrize("path, fd", [("/dev/stdout", 1), ("/dev/stderr", 2), ("/dev/fd/7", 7),
                                      ("/proc/self/fd/12", 12), ("/dev/fd/x", None), ("/dev/null", None),
                                      ("out.txt", None), ("/dev/fd/\u0661", None)])
def test_descriptor_paths(path: str, fd: int | None) -> None:
    from bridgecli.output import _fd_path

    assert _fd_path(path) == fd


# -- every command's -o goes through the same door ----------------------------------------

COMMANDS: list[tuple[list[Any], str | None]] = [
    (["deal", "-n", "2", "--seed", "1"], None),
    (["deal", "--variant", "nullo", "--seed", "5"], None),
    (["show", CLUB], None),
    (["show", CLUB, "--html"], None),
    (["show", CLUB, "--svg", "--board", "1"], None),
    (["show", "--variant", "szlem", EXAMPLES / "variants" / "szlem.yaml"], None),
    (["convert", CLUB, "--to", "yaml"], None),
    (["validate-auction", CLUB], None),
    (["validate-auction", "--variant", "szlem", "--dealer", "S", "--calls", "6 8 / 9 14 / P 24"], None),
    (["play", CLUB], None),
    (["play", "--variant", "nullo", EXAMPLES / "variants" / "nullo.yaml"], None),
    (["score", "4S=", "--vul", "none"], None),
    (["score", "-"], "4S=\n3NT-1 --vul both\n"),
    (["score", CLUB, "--json"], None),
    (["score", "--event", "@teams.csv"], TEAMS),
    (["score", "--variant", "szlem", EXAMPLES / "variants" / "szlem.yaml"], None),
    (["rubber", EXAMPLES / "evening.txt"], None),
    (["rubber", "--variant", "szlem", EXAMPLES / "variants" / "szlem-rubber.yaml"], None),
    (["movement", "cards", "howell", "--tables", "3"], None),
    (["movement", "check", EXAMPLES / "movement.yaml", "--json"], None),
    pytest.param(["solve", "@ending.pbn", "--json"], ENDING, marks=needs_dds),  # type: ignore[list-item]
]


@pytest.fixture
def special() -> Iterator[Any]:
    """Make a special file at a path: a /dev/null device node as root, else a FIFO with a reader.

    An argument ``@NAME`` of the command is a file NAME made of its input."""
    readers: list[Reader] = []

    def make(path: Path) -> None:
        if IS_ROOT:
            make_null_device(path)
        else:
            os.mkfifo(path)
            readers.append(Reader(path))

    yield make
    for reader in readers:
        reader.result()


@pytest.mark.parametrize("args, stdin", COMMANDS, ids=lambda v: " ".join(map(str, v)) if isinstance(v, list) else "")
def test_every_command_writes_a_special_file_in_place(runner: CliRunner, tmp_path: Path, special: Any,
                                                      args: list[Any], stdin: str | None) -> None:
    for i, arg in enumerate(args):
        if isinstance(arg, str) and arg.startswith("@"):  # a file holding the input
            (tmp_path / arg[1:]).write_text(stdin or "")
            args, stdin = [*args[:i], tmp_path / arg[1:], *args[i + 1:]], None
    target = tmp_path / ("out.svg" if "--svg" in args else "out")
    special(target)
    before = os.stat(target)
    r = run(runner, [*args, "-o", target], stdin)
    assert r.exit_code == 0, r.stderr
    after = os.stat(target)
    assert (after.st_ino, after.st_mode, after.st_rdev) == (before.st_ino, before.st_mode, before.st_rdev)
    assert temps(tmp_path) == []


# -- a failed run never replaces the target --------------------------------------------------

FAILING = [
    ["show", ONE_BAD],
    ["show", ONE_BAD, "--brief"],
    ["show", ONE_BAD, "--json"],
    ["show", ONE_BAD, "--html"],
    ["play", ONE_BAD],
    ["play", ONE_BAD, "--json"],
    ["play", ONE_BAD, "--complete", "--to", "pbn"],
    ["validate-auction", ONE_BAD],
    ["validate-auction", ONE_BAD, "--json"],
    ["convert", ONE_BAD, "--to", "json"],
    ["score", ONE_BAD, "--json"],
]


def old_target(tmp_path: Path, args: list[Any] = ()) -> tuple[Path, bytes]:  # type: ignore[assignment]
    # the extension must fit what the command writes there (-o picks the format by it)
    out = tmp_path / ("out.json" if "--json" in args else "out.txt")
    content = b"old content\n" * 3
    out.write_bytes(content)
    return out, content


@pytest.mark.parametrize("args", FAILING, ids=lambda a: " ".join(str(x) for x in a[:1] + a[2:]))
def test_an_unreadable_record_leaves_the_target_byte_identical(runner: CliRunner, tmp_path: Path,
                                                                 args: list[Any]) -> None:
    out, content = old_target(tmp_path, args)
    r = run(runner, [*args, "-o", out])
    assert r.exit_code == 2
    assert out.read_bytes() == content
    assert temps(tmp_path) == []
    assert r.stdout == ""


@needs_dds
@pytest.mark.parametrize("extra", [["--json"], ["--to", "pbn"], ["--table"]])
def test_solve_with_an_unreadable_record_leaves_the_target(runner: CliRunner, tmp_path: Path,
                                                           extra: list[str]) -> None:
    out, content = old_target(tmp_path)
    r = run(runner, ["solve", "-", *extra, "-o", out], ENDING + '\n[Board "2"]\n[Deal "N:AK... QJ... T9... 8X..."]\n')
    assert r.exit_code == 2
    assert r.stderr.splitlines()[-1] == (f"bridgecli: error: {out} not written: some input could not be read"
                                         " (--keep-going writes the rest)")
    assert out.read_bytes() == content and temps(tmp_path) == []
    kept = run(runner, ["solve", "-", *extra, "-o", out, "--keep-going"],
               ENDING + '\n[Board "2"]\n[Deal "N:AK... QJ... T9... 8X..."]\n')
    assert kept.exit_code == 1
    assert out.read_bytes() != content


KEEP_GOING = [
    ["show", ONE_BAD],
    ["show", ONE_BAD, "--html"],
    ["play", ONE_BAD, "--json"],
    ["play", ONE_BAD, "--complete", "--to", "pbn"],
    ["validate-auction", ONE_BAD],
    ["convert", ONE_BAD, "--to", "json"],
    ["score", ONE_BAD, "--json"],
]


@pytest.mark.parametrize("args", KEEP_GOING, ids=lambda a: " ".join(str(x) for x in a[:1] + a[2:]))
def test_keep_going_writes_what_was_read_and_exits_1(runner: CliRunner, tmp_path: Path, args: list[Any]) -> None:
    out, content = old_target(tmp_path, args)
    r = run(runner, [*args, "--keep-going", "-o", out])
    assert r.exit_code == 1, r.stderr
    assert out.read_bytes() != content and out.stat().st_size > 0
    # the bad record is still reported (validate-auction reports it in its output)
    assert "bridgecli: error:" in r.stderr or "skipped" in r.stderr or "unreadable record" in out.read_text()
    assert temps(tmp_path) == []


def test_keep_going_output_is_what_stdout_gets(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    r = run(runner, ["show", ONE_BAD, "--brief", "--keep-going", "-o", out])
    assert r.exit_code == 1
    to_stdout = run(runner, ["show", ONE_BAD, "--brief"])
    assert to_stdout.exit_code == 2  # stdout has the rest already; the failure shows in the code
    assert out.read_bytes() == to_stdout.stdout_bytes


def test_an_svg_folder_gets_nothing_from_a_failed_run(runner: CliRunner, tmp_path: Path) -> None:
    folder = tmp_path / "svgs"
    r = run(runner, ["show", ONE_BAD, "--svg", "-o", folder])
    assert r.exit_code == 2
    assert not folder.exists()
    r = run(runner, ["show", ONE_BAD, "--svg", "--keep-going", "-o", folder])
    assert r.exit_code == 1
    # board 6 of 18 deals the spade ace twice
    assert sorted(p.name for p in folder.iterdir()) == [f"board-{n:02d}.svg" for n in range(1, 19) if n != 6]


def test_a_rule_breaking_input_is_still_written(runner: CliRunner, tmp_path: Path) -> None:
    """Exit 1 means the input was read: the report goes to -o."""
    out, _ = old_target(tmp_path)
    r = run(runner, ["validate-auction", "--dealer", "N", "--calls", "1NT 1C", "-o", out])
    assert r.exit_code == 1
    # East's 1C after North's 1NT is insufficient (Law 27)
    assert out.read_text() == "Auction: illegal call 2 (E) '1C': insufficient, 1NT was the last bid (Law 27)\n"
    assert temps(tmp_path) == []


def test_no_boards_leaves_the_target(runner: CliRunner, tmp_path: Path) -> None:
    out, content = old_target(tmp_path)
    empty = tmp_path / "empty.pbn"
    empty.write_text("\n")
    for command in (["show"], ["validate-auction"], ["play"]):
        r = run(runner, [*command, empty, "-o", out])
        assert r.exit_code == 2, command
        assert out.read_bytes() == content, command
    assert temps(tmp_path) == []


# -- AtomicOutput itself ----------------------------------------------------------------------------


@pytest.mark.parametrize("code, replaced", [(0, True), (1, True), (2, False), (130, False)])
def test_ending_the_block_with_an_exit_code(tmp_path: Path, code: int, replaced: bool) -> None:
    out = tmp_path / "f"
    out.write_text("old")
    with pytest.raises(click.exceptions.Exit), AtomicOutput(str(out)) as fp:
        fp.write("new")
        raise click.exceptions.Exit(code)
    assert out.read_text() == ("new" if replaced else "old")
    assert temps(tmp_path) == []


def test_an_exception_in_the_block_keeps_the_old_file(tmp_path: Path) -> None:
    out = tmp_path / "f"
    out.write_text("old")
    with pytest.raises(KeyboardInterrupt), AtomicOutput(str(out)) as fp:
        fp.write("new")
        raise KeyboardInterrupt
    assert out.read_text() == "old" and temps(tmp_path) == []


# -- names and modes (issue 32) ---------------------------------------------------------------------


def test_an_empty_output_name_is_an_error_that_writes_nothing(runner: CliRunner, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """``-o ''`` names no file: no temp file in the working folder or its parent on the way."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    r = run(runner, ["score", "3NT=", "-o", ""])
    assert r.exit_code == 2
    assert r.stderr == "bridgecli: error: cannot write '': No such file or directory\n"
    assert temps(tmp_path) == [] and temps(work) == []


def test_a_folder_name_that_does_not_exist_yet_is_no_file(runner: CliRunner, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    r = run(runner, ["score", "3NT=", "-o", "new/"])
    assert r.exit_code == 2
    assert "'new/'" in r.stderr and "directory" in r.stderr.lower()
    assert sorted(os.listdir(tmp_path)) == []


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="Linux /proc")
def test_a_proc_file_that_refuses_the_write_is_named(runner: CliRunner) -> None:
    """/proc/self/status opens for writing (as root) but refuses the bytes: the error names it."""
    r = run(runner, ["score", "3NT=", "-o", "/proc/self/status"])
    assert r.exit_code == 2
    assert r.stderr.startswith("bridgecli: error: cannot write '/proc/self/status': ")
    assert "Errno" not in r.stderr and r.stderr.count("\n") == 1


@pytest.mark.parametrize("before, after", [(0o4755, 0o755), (0o6755, 0o755), (0o2775, 0o775), (0o4644, 0o644),
                                           (0o2745, 0o2745), (0o1644, 0o1644)],
                         ids=lambda m: oct(m))
def test_set_id_bits_are_cleared_as_a_write_clears_them(runner: CliRunner, tmp_path: Path, before: int,
                                                         after: int) -> None:
    """New content is not the program that was marked set-user-ID: that bit goes, and set-group-ID
    with group execute; set-group-ID without it (a mandatory-locking mark) and the rest stay."""
    out = tmp_path / "out.txt"
    out.write_text("old\n")
    os.chmod(out, before)
    r = run(runner, ["score", "3NT=", "-o", out])
    assert r.exit_code == 0, r.stderr
    assert out.read_text() == "400\n"  # 3NT made, not vulnerable: 100 + 300 game bonus
    assert stat.S_IMODE(os.stat(out).st_mode) == after


@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="POSIX file size limits")
@pytest.mark.parametrize("args", [["deal", "-n", "200", "--seed", "1"], ["deal", "-n", "3000", "--seed", "1", "-j", "2"],
                                  ["convert", CLUB, "--to", "json"]],
                         ids=["deal", "deal --jobs 2", "convert"])
def test_a_write_that_fails_names_the_output_and_leaves_no_temp_file(tmp_path: Path, args: list[Any]) -> None:
    """A full disk found mid-run (here a file size limit, which fails the write with EFBIG as a
    full disk fails it with ENOSPC): one line naming the -o file, the old file kept, no temp file."""
    import resource
    import subprocess
    import sys

    from ..conftest import subprocess_env

    out = tmp_path / ("out.json" if "json" in args else "out.pbn")
    out.write_bytes(b"old\n")

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))

    proc = subprocess.run([sys.executable, "-m", "bridgecli", *map(str, args), "-o", str(out)], capture_output=True,
                          text=True, env=subprocess_env(), preexec_fn=limited, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith(f"bridgecli: error: cannot write {str(out)!r}: ")
    assert proc.stderr.count("\n") == 1 and "Errno" not in proc.stderr
    assert out.read_bytes() == b"old\n" and temps(tmp_path) == []


def test_a_full_disk_in_the_python_api_names_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """ENOSPC from the kernel (made here by a write that raises it): the OSError names the path asked
    for, not the temp file, and the temp file is gone."""
    import errno

    from bridgecli import output

    def no_space(self: Any, data: Any) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(output, "_raw_write", no_space)
    out = tmp_path / "out.txt"
    with pytest.raises(OSError) as caught, output.AtomicOutput(out) as fp:
        fp.write("x" * 100_000)
    assert caught.value.errno == errno.ENOSPC and caught.value.filename == str(out)
    assert temps(tmp_path) == [] and not out.exists()
