"""``--executor`` (simulate and solve, issue 32): addresses checked before any connection, one
usage line for a bad one; ``dask-local:N`` in ASCII digits and capped at the cores; a hangup to a
``dask-local`` run's process group ends it without tracebacks."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from click.testing import CliRunner

from bridgecli import executors
from bridgecli.cli import cli
from bridgecli.executors import ExecutorError, parse_executor
from bridgecli.solver import dds

from ..conftest import ROOT, live_processes, subprocess_env

HANDS = ROOT / "docs" / "examples" / "hands.pbn"

BAD = ["dask://host:notaport", "dask://[::1:1", "tcp://:", "tls://:", "dask://host:", "dask://:8786",
       "dask://host:0", "dask://host:65536", "dask://host:٨٧٨٦", "dask://[not:an:ip]:1", "dask://a b:1",
       "dask-local:٢", "dask-local:²", "dask-local:-1", "dask-local: 2"]


@pytest.mark.parametrize("spec", BAD)
def test_a_malformed_spec_is_refused_before_any_connection(spec: str) -> None:
    with pytest.raises(ExecutorError) as caught:
        parse_executor(spec)
    assert repr(spec) in str(caught.value)


@pytest.mark.parametrize(("spec", "expected"), [
    ("dask://[::1]:8786", ("dask", "tcp://[::1]:8786")),
    ("tls://sched.example.org:8786", ("dask", "tls://sched.example.org:8786")),
    ("tcp://10.0.0.5:1", ("dask", "tcp://10.0.0.5:1")),
    ("dask://my-host_2:65535", ("dask", "tcp://my-host_2:65535")),
    ("dask-local:12", ("dask-local", 12)),
])
def test_well_formed_specs(spec: str, expected: tuple[str, Any]) -> None:
    assert parse_executor(spec) == expected


@pytest.mark.parametrize("command", [["simulate", "-n", "2", "--contract", "4S:N"], ["solve", str(HANDS)]],
                         ids=["simulate", "solve"])
@pytest.mark.parametrize("spec", ["dask://host:notaport", "dask://[::1:1", "tcp://:", "dask-local:٢"])
def test_a_bad_spec_is_one_usage_line(runner: CliRunner, command: list[str], spec: str) -> None:
    r = runner.invoke(cli, [*command, "--executor", spec])
    assert r.exit_code == 2
    assert r.stderr.startswith("bridgecli: error: invalid value for --executor: ")
    assert r.stderr.count("\n") == 1 and "internal error" not in r.stderr


def test_an_unreachable_or_unusable_address_is_an_executor_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the Dask client raises for an address it cannot use (a TLS one with no TLS set up raised
    TypeError) is the one-line ExecutorError, whatever its type."""
    for error in (OSError("refused"), ValueError("bad address"), TypeError("TLS expects an ssl_context")):
        def client(*args: Any, error: Exception = error, **kw: Any) -> Any:
            raise error

        monkeypatch.setitem(sys.modules, "distributed", SimpleNamespace(Client=client))
        with pytest.raises(ExecutorError, match=r"cannot reach the Dask scheduler at tls://h:1: "):
            next(executors.dask_map(len, iter([("x",)]), "tls://h:1"))


def test_dask_local_is_capped_at_the_cores(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
                                           ) -> None:
    from bridgecli.cli.common.options import check_executor

    monkeypatch.setattr(executors, "usable_cores", lambda: 2)
    assert check_executor("dask-local:24") == "dask-local:2"
    assert capsys.readouterr().err == "bridgecli: note: --executor dask-local:24 lowered to dask-local:2, the cores available\n"
    assert check_executor("dask-local:2") == "dask-local:2" and capsys.readouterr().err == ""

    # the library caps too: the LocalCluster is asked for the cores, not 24
    asked: list[int] = []

    def local_cluster(n_workers: int, **kw: Any) -> Any:
        asked.append(n_workers)
        raise OSError("stop here")

    monkeypatch.setitem(sys.modules, "distributed", SimpleNamespace(LocalCluster=local_cluster))
    with pytest.raises(ExecutorError):
        next(executors.dask_map(len, iter([("x",)]), 24))
    assert asked == [2]


@pytest.mark.skipif(not hasattr(signal, "SIGHUP") or not Path("/proc/self/stat").exists(), reason="POSIX, /proc")
def test_a_hangup_to_a_dask_local_run_ends_it_without_tracebacks(tmp_path: Path) -> None:
    """multiprocessing's resource tracker died of the hangup, and the one started in its place
    printed a KeyError traceback for every semaphore."""
    pytest.importorskip("distributed")
    if not dds.available():
        pytest.skip("the DDS solver (endplay) is not installed")
    proc = subprocess.Popen([sys.executable, "-m", "bridgecli", "simulate", "-n", "100000", "--seed", "1",
                             "--contract", "4S:N", "--progress", "--executor", "dask-local:1"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=subprocess_env(), cwd=tmp_path,
                            start_new_session=True)
    assert proc.stderr is not None
    try:
        # the run is under way: the cluster is up and the first chunks are in (the progress line says so)
        shown = b""
        end = time.monotonic() + 120
        while b"simulate: " not in shown:
            assert time.monotonic() < end, f"no progress after 120 s: {shown!r}"
            if select.select([proc.stderr], [], [], 1)[0]:
                piece = os.read(proc.stderr.fileno(), 1 << 16)
                assert piece, shown
                shown += piece
        os.killpg(proc.pid, signal.SIGHUP)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    text = (shown + err).decode()
    assert proc.returncode == 129, text
    assert text.splitlines()[-1] == "bridgecli: interrupted (SIGHUP)"
    assert "Traceback" not in text and "Error" not in text, text
    end = time.monotonic() + 10
    while live_processes(3, proc.pid) and time.monotonic() < end:  # the tracker goes when it sees the end
        time.sleep(0.1)
    assert live_processes(3, proc.pid) == []

