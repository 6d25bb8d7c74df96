"""SIGINT, SIGTERM and SIGHUP against real processes (issue 14): exit 128 + the signal,
``bridgecli: interrupted`` on stderr, no temp file left, the old ``-o`` target intact,
within a second or two even in the middle of a DDS call or with worker processes."""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.solver import dds

from ..conftest import subprocess_env

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
needs_dds = pytest.mark.skipif(not dds.available(), reason="the DDS solver (endplay) is not installed")

OLD = b"the old content\n"
#: Seconds a signalled run may take to end (the issue asks for about one).
BOUND = 2.0
MESSAGE = {signal.SIGINT: "bridgecli: interrupted", signal.SIGTERM: "bridgecli: interrupted (SIGTERM)",
           signal.SIGHUP: "bridgecli: interrupted (SIGHUP)"}


def start(args: list[Any], cwd: Path, **kw: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "bridgecli", *map(str, args)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=subprocess_env(), cwd=cwd, **kw)


def temps(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(".bridgecli-")]


def wait_until(check: Any, proc: subprocess.Popen[bytes], timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert proc.poll() is None, proc.communicate()[1].decode()
        assert time.monotonic() < end, "the run never got there"
        time.sleep(0.02)


def stop(proc: subprocess.Popen[bytes], *signals: int, gap: float = 0.05) -> tuple[int, str, float]:
    """Send the signals (``gap`` seconds apart); the exit code, stderr and seconds until the exit."""
    t0 = time.monotonic()
    for i, sig in enumerate(signals):
        if i:
            time.sleep(gap)
        proc.send_signal(sig)
    try:
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    return proc.returncode, err.decode(), time.monotonic() - t0


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP], ids=lambda s: s.name)
def test_a_signal_mid_run_removes_the_temp_file_and_keeps_the_target(tmp_path: Path, sig: int) -> None:
    out = tmp_path / "scores.txt"
    out.write_bytes(OLD)
    proc = start(["score", "-", "-o", out], tmp_path)
    assert proc.stdin is not None
    proc.stdin.write(b"4S=\n3NT-1 --vul both\n")
    proc.stdin.flush()
    # the scores so far are in the temp file: the run is in the middle of its output
    wait_until(lambda: any(p.stat().st_size > 0 for p in temps(tmp_path)), proc)
    code, err, took = stop(proc, sig)
    assert code == 128 + sig
    assert err.splitlines()[-1] == MESSAGE[sig]
    assert "Traceback" not in err
    assert temps(tmp_path) == []
    assert out.read_bytes() == OLD
    assert took < BOUND


def test_an_ignored_hangup_stays_ignored(tmp_path: Path) -> None:
    """Started under nohup (SIGHUP ignored), a run goes on through a hangup."""
    out = tmp_path / "scores.txt"
    proc = start(["score", "-", "-o", out], tmp_path,
                 preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    assert proc.stdin is not None
    proc.stdin.write(b"4S=\n")
    proc.stdin.flush()
    wait_until(lambda: any(p.stat().st_size > 0 for p in temps(tmp_path)), proc)
    proc.send_signal(signal.SIGHUP)
    _, err = proc.communicate(b"3NT-1 --vul both\n", timeout=30)
    assert proc.returncode == 0, err
    assert out.read_text() == "420\n-100\n"


# -- in the middle of DDS ------------------------------------------------------------------


def solving(proc: subprocess.Popen[bytes]) -> bool:
    """The sign that a run is solving: the DDS library is loaded (just before the first call)."""
    maps = Path(f"/proc/{proc.pid}/maps")
    if not Path("/proc/self/maps").exists():
        pytest.skip("needs /proc to see the solver loaded")
    try:
        return "libdds" in maps.read_text()
    except OSError:  # the run ended
        return False


@pytest.fixture(scope="module")
def forty_deals(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """40 full deals: solving them takes many seconds, a batch of DDS calls."""
    path = tmp_path_factory.mktemp("deals") / "forty.pbn"
    r = CliRunner().invoke(cli, ["deal", "-n", "40", "--seed", "14", "-o", str(path)])
    assert r.exit_code == 0
    return path


SOLVERS = [
    ["solve", "{deals}", "--to", "pbn"],
    ["solve", "{deals}", "--json", "-j", "1"],
    ["solve", "{deals}", "--to", "pbn", "--processes", "-j", "2"],
    ["show", "{deals}", "--html", "--solve"],
]


@needs_dds
@pytest.mark.parametrize("args, sig", [(args, signal.SIGINT) for args in SOLVERS]
                         + [(SOLVERS[0], signal.SIGTERM), (SOLVERS[2], signal.SIGHUP)],
                         ids=lambda v: " ".join(v[:1] + v[2:]) if isinstance(v, list) else v.name)
def test_a_signal_stops_the_solver_at_once(tmp_path: Path, forty_deals: Path, args: list[str], sig: int) -> None:
    out = tmp_path / "out.txt"
    out.write_bytes(OLD)
    proc = start([a.format(deals=forty_deals) for a in args] + ["-o", out], tmp_path)
    wait_until(lambda: solving(proc), proc)  # forty boards take many seconds from here
    code, err, took = stop(proc, sig)
    assert code == 128 + sig, err
    assert err.splitlines()[-1] == MESSAGE[sig]
    assert "Traceback" not in err
    assert took < BOUND
    assert temps(tmp_path) == [] and out.read_bytes() == OLD


@needs_dds
@pytest.mark.parametrize("args", [SOLVERS[0], SOLVERS[2]], ids=["threads", "processes"])
def test_a_second_ctrl_c_prints_no_traceback(tmp_path: Path, forty_deals: Path, args: list[str]) -> None:
    out = tmp_path / "out.txt"
    out.write_bytes(OLD)
    # a terminal's Ctrl-C goes to the whole process group, workers included
    proc = start([a.format(deals=forty_deals) for a in args] + ["-o", out], tmp_path, start_new_session=True)
    wait_until(lambda: solving(proc), proc)
    t0 = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    time.sleep(0.05)
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGINT)
    _, err_bytes = proc.communicate(timeout=30)
    err = err_bytes.decode()
    assert proc.returncode == 130, err
    assert time.monotonic() - t0 < BOUND
    assert "Traceback" not in err and err.count("bridgecli: interrupted") == 1
    assert temps(tmp_path) == [] and out.read_bytes() == OLD
    if shutil.which("pgrep"):
        # killed at once, but reaped by the system a moment later
        end = time.monotonic() + 10
        while (left := subprocess.run(["pgrep", "-s", str(proc.pid)], capture_output=True, text=True).stdout):
            assert time.monotonic() < end, f"worker processes outlived the run: {left}"
            time.sleep(0.05)


@pytest.mark.parametrize("sig, code, saved", [(signal.SIGTERM, 143, False), (signal.SIGINT, 0, True)],
                         ids=["SIGTERM", "SIGINT"])
def test_a_signal_at_the_interactive_prompt(tmp_path: Path, sig: int, code: int, saved: bool) -> None:
    """Ctrl-C at the card prompt quits the game and saves it, as 'quit' does; SIGTERM ends the run."""
    from ..conftest import SAMPLES

    out = tmp_path / "mine.pbn"
    proc = start(["play", SAMPLES / "valid" / "club_session.pbn", "--board", "3", "--interactive", "-o", out],
                 tmp_path)
    assert proc.stdout is not None
    # wait for the first prompt itself (the table is drawn on stdout before it)
    shown = b""
    while not shown.endswith(b" to play> "):
        wait_until(lambda: select.select([proc.stdout], [], [], 0)[0] != [], proc)
        chunk = os.read(proc.stdout.fileno(), 65536)
        assert chunk, shown[-300:]
        shown += chunk
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == code, err
    assert out.exists() == saved
    assert temps(tmp_path) == []


# -- a Ctrl-C at any moment, from the start (issue #31) --------------------------------------

PACKAGE = Path(__file__).resolve().parents[2] / "bridgecli"


def _armed_from_line() -> int:
    """The line of bridgecli/__init__.py after which a signal is the program's to handle."""
    lines = (PACKAGE / "__init__.py").read_text().splitlines()
    return next(n for n, line in enumerate(lines, 1) if "launch.arm()" in line)


def before_the_package(err: str) -> bool:
    """A traceback from before bridgecli's first lines armed the handling: the interpreter's
    own start-up (``site``, the environment's .pth files, runpy, the script's first imports)."""
    frames = re.findall(r'File "([^"]+)", line (\d+), in (\S+)', err)
    for path, line, where in frames:
        if not Path(path).resolve().is_relative_to(PACKAGE):
            continue
        name = Path(path).name
        if not ((name == "__init__.py" and where == "<module>" and int(line) <= _armed_from_line())
                or (name == "launch.py" and where in ("<module>", "arm"))):
            return False
    return "Traceback" in err


@pytest.mark.parametrize("args", [["score", "4S="], ["show", "{sample}", "--brief"],
                                  pytest.param(["solve", "{sample}", "--table"], marks=needs_dds)],
                         ids=["score", "show", "solve"])
def test_ctrl_c_at_any_moment(tmp_path: Path, args: list[str]) -> None:
    """SIGINT at a series of moments from the process's start: 130 and the one line, or the
    finished run (0); never a traceback once bridgecli's first line has run."""
    from ..conftest import SAMPLES

    args = [a.format(sample=SAMPLES / "valid" / "club_session.pbn") for a in args]
    seen = set()
    for step in range(40):
        proc = start(args, tmp_path)
        time.sleep(step * 0.004)
        proc.send_signal(signal.SIGINT)
        _, err_bytes = proc.communicate(timeout=30)
        err = err_bytes.decode()
        if proc.returncode == -signal.SIGINT and err == "":
            seen.add("killed before Python's own handler")  # the shell shows 130 too
        elif before_the_package(err):
            seen.add("Python's start-up")
        else:
            assert "Traceback" not in err, err
            # (click ends the terminal's "^C" with a newline first, as an interrupt inside it comes;
            # a process ended by the signal as Python exits is 130 to a shell too)
            code = 130 if proc.returncode == -signal.SIGINT else proc.returncode
            assert (code, err.lstrip("\n")) in ((130, "bridgecli: interrupted\n"), (0, "")), (step, err)
            seen.add(str(code))
        if "0" in seen and step > 5:
            break  # the runs finish before the signal from here on
    assert "130" in seen


def test_a_signal_swallowed_in_a_callback_ends_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    # a Ctrl-C landing while Python runs a callback it cannot raise from (an import lock's
    # weak reference) was printed as "Exception ignored in ... Traceback" and the run went on
    from types import SimpleNamespace

    from bridgecli.cli import interrupts

    ended: list[bool] = []
    monkeypatch.setattr(interrupts, "leave_now", lambda code=None: ended.append(True))
    interrupts._unraisable(SimpleNamespace(exc_value=interrupts.Interrupted(signal.SIGINT)))
    assert ended == [True]
    passed_on: list[object] = []
    monkeypatch.setattr(interrupts, "_unraisable_before", passed_on.append)
    other = SimpleNamespace(exc_value=ValueError("x"))
    interrupts._unraisable(other)
    assert passed_on == [other]  # anything else goes to the hook before


def test_a_signal_wrapped_in_another_error_is_still_an_interrupt() -> None:
    # Python 3.11 wraps an exception raised in __set_name__ (a signal landing while a class is
    # made) in a RuntimeError: the safety net took it for an internal error
    from bridgecli.cli import interrupts

    signalled = interrupts.Interrupted(signal.SIGINT)
    wrapped = RuntimeError("Error calling __set_name__")
    wrapped.__cause__ = signalled
    with pytest.raises(interrupts.Interrupted) as got:
        interrupts.raise_cause(wrapped)
    assert got.value is signalled
    interrupts.raise_cause(ValueError("a bug"))  # nothing behind it: returns
