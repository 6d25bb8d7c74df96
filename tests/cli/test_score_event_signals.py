"""``score --event -`` interrupted while its results are in a temporary file (real
subprocesses): the file is made in ``$TMPDIR``, and a signal ends the run at once with
nothing left there and ``-o FILE`` as it was."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ..conftest import subprocess_env
from .test_signals import BOUND, MESSAGE, OLD, stop, wait_until

pytestmark = pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="POSIX signals and /proc")


def _open_in(pid: int, folder: Path) -> list[str]:
    """The files process ``pid`` holds open in ``folder``."""
    found = []
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            link = os.readlink(fd)
        except OSError:
            continue
        if link.startswith(str(folder) + os.sep):
            found.append(link)
    return found


def test_ctrl_c_while_the_results_are_spilled_leaves_no_file(tmp_path: Path) -> None:
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    out = tmp_path / "event.json"
    out.write_bytes(OLD)
    proc = subprocess.Popen([sys.executable, "-m", "bridgecli", "score", "--event", "-", "--json", "-o", str(out)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**subprocess_env(), "TMPDIR": str(tmp)}, cwd=tmp_path)
    assert proc.stdin is not None
    # 2,000 boards of ten tables: more records than are held before they go to the file
    rows = "".join(f"{b},{t},{t + 10},4S,N,{'=' if (b + t) % 3 else '-1'}\n" for b in range(1, 2001)
                   for t in range(1, 11))
    proc.stdin.write(b"board,ns,ew,contract,declarer,result\n" + rows.encode())
    proc.stdin.flush()  # stdin stays open: the run waits for more rows
    wait_until(lambda: bool(_open_in(proc.pid, tmp)), proc)
    code, err, took = stop(proc, signal.SIGINT)
    assert code == 130
    assert err.splitlines()[-1] == MESSAGE[signal.SIGINT]
    assert "Traceback" not in err
    assert list(tmp.iterdir()) == []
    assert out.read_bytes() == OLD
    assert took < BOUND
