"""``validate-auction --jobs`` stopped by a signal to its whole process group (issue 32): a
``multiprocessing.Pool`` re-forked the workers SIGTERM killed and the run could wait for them
for ever, leaving its temp file. The workers are now those of ``deal --jobs``: every run ends
within a bound, with 128 + the signal, no worker left and no temp file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ..conftest import SAMPLES, live_processes, subprocess_env
from .test_signals import BOUND, MESSAGE, OLD, temps, wait_until

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists() or not hasattr(os, "fork"),
                                reason="POSIX signals, fork and /proc")


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The club session 2,000 times over (36,000 boards): with two workers, nine windows of four
    2,000-game batches, each window forking its workers afresh."""
    club = (SAMPLES / "valid" / "club_session.pbn").read_text().rstrip("\n") + "\n\n"
    path = tmp_path_factory.mktemp("big") / "big.pbn"
    path.write_text(club * 2000)
    return path


def _workers_of(pid: int) -> list[int]:
    return live_processes(1, pid)


#: Bytes of verdicts a window of four 2,000-game batches writes, about (35 a line).
WINDOW_BYTES = 8000 * 35


@pytest.mark.parametrize("sig, windows", [(signal.SIGTERM, -1), (signal.SIGHUP, -1), (signal.SIGTERM, 0), (signal.SIGHUP, 1), (signal.SIGTERM, 2),
                                          (signal.SIGHUP, 3), (signal.SIGINT, 1)],
                         ids=lambda v: v.name if isinstance(v, signal.Signals) else f"after{v}")
def test_a_signal_to_the_process_group_ends_the_run_and_its_workers(tmp_path: Path, big: Path, sig: int,
                                                                    windows: int) -> None:
    """The signal lands at a different point of the run each time (after so many windows): the
    Pool hung about one run in five, at no point in particular."""
    out = tmp_path / "out.txt"
    out.write_bytes(OLD)
    proc = subprocess.Popen([sys.executable, "-m", "bridgecli", "validate-auction", str(big), "--jobs", "2",
                             "-o", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=subprocess_env(), cwd=tmp_path, start_new_session=True)
    try:
        # in the middle: a window's workers at work, and (but for -1) so many windows' verdicts written
        wait_until(lambda: (windows < 0 or any(p.stat().st_size > windows * WINDOW_BYTES for p in temps(tmp_path)))
                   and _workers_of(proc.pid) != [], proc)
        t0 = time.monotonic()
        os.killpg(proc.pid, sig)  # as a terminal's Ctrl-C, a closed terminal or `kill -- -PGID` send it
        _, err = proc.communicate(timeout=30)
        took = time.monotonic() - t0
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    text = err.decode()
    assert proc.returncode == 128 + sig, text
    assert text.splitlines()[-1] == MESSAGE[sig] and "Traceback" not in text and "error" not in text
    assert took < BOUND * 2  # loaded machine
    assert temps(tmp_path) == [] and out.read_bytes() == OLD
    assert live_processes(3, proc.pid) == [], "worker processes outlived the run"
