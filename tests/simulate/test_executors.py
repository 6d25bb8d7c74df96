"""Executors: chunks come back in order, a dead worker's chunk is rerun, Dask gives the same numbers."""

from __future__ import annotations

import json
import os

import pytest

from bridgecli import executors
from bridgecli.cli import cli
from bridgecli.core.errors import BridgeError
from bridgecli.executors import parse_executor
from bridgecli.simulate.engine import ChunkResult
from bridgecli.solver import dds

NORTH = "N:AKJ32.K2.Q32.A32"
SOUTH = "S:Q54.AQ3.KJ4.8765"


@pytest.mark.parametrize(("spec", "expected"), [
    ("local", ("local", None)),
    ("dask-local:3", ("dask-local", 3)),
    ("dask://10.0.0.5:8786", ("dask", "tcp://10.0.0.5:8786")),
    ("tcp://sched:8786", ("dask", "tcp://sched:8786")),
])
def test_parse_executor(spec, expected):
    assert parse_executor(spec) == expected


@pytest.mark.parametrize("spec", ["dask-local:0", "dask-local:x", "dask://host", "ray://x:1", ""])
def test_bad_executor(spec):
    with pytest.raises(BridgeError):
        parse_executor(spec)


def _fake_chunk(index, size):
    import numpy as np

    return ChunkResult(index, size, np.zeros((52, 0), dtype=np.uint8), np.zeros(0, dtype=np.int64),
                       np.zeros((0, 0), dtype=np.int8), None, False, 0)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="worker processes are forked")
def test_processes_rerun_the_chunk_of_a_dead_worker(tmp_path):
    marker = tmp_path / "died"

    def dying(index, size):
        if index == 2 and not marker.exists():
            marker.write_text("x")
            os._exit(1)  # the worker dies in the middle of chunk 2
        return _fake_chunk(index, size)

    tasks = iter([(k, 5) for k in range(6)])
    got = [r.index for r in executors.run_processes(dying, tasks, 2)]
    assert got == [0, 1, 2, 3, 4, 5]
    assert marker.exists()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="worker processes are forked")
def test_processes_yield_in_task_order():
    import time

    def slow_even(index, size):
        if index % 2 == 0:
            time.sleep(0.2)
        return _fake_chunk(index, size)

    got = [r.index for r in executors.run_processes(slow_even, iter([(k, 1) for k in range(5)]), 2)]
    assert got == [0, 1, 2, 3, 4]


def test_dask_local_cluster_gives_the_local_numbers(runner):
    pytest.importorskip("distributed")
    if not dds.available():
        pytest.skip("the DDS solver (endplay) is not installed")
    args = ["simulate", "-n", "50", "--seed", "4", "--predeal", NORTH, "--predeal", SOUTH,
            "--contract", "4S:N", "--contract", "3NT:N", "--json"]
    local = runner.invoke(cli, args)
    cluster = runner.invoke(cli, [*args, "--executor", "dask-local:2"])
    assert local.exit_code == 0, local.output
    assert cluster.exit_code == 0, cluster.output
    assert json.loads(cluster.stdout) == json.loads(local.stdout)
    assert cluster.stdout == local.stdout


def test_missing_dask_is_a_clear_error(monkeypatch):
    import importlib

    real = importlib.import_module

    def no_distributed(name, *a, **k):
        if name == "distributed":
            raise ImportError("no distributed")
        return real(name, *a, **k)

    monkeypatch.setattr(importlib, "import_module", no_distributed)
    with pytest.raises(executors.ExecutorError, match=r"bridgecli\[cluster\]"):
        next(executors.dask_map(len, iter([]), 2))


def test_solve_on_a_dask_cluster_matches_local(runner, tmp_path):
    pytest.importorskip("distributed")
    if not dds.available():
        pytest.skip("the DDS solver (endplay) is not installed")
    from ..conftest import ROOT

    hands = str(ROOT / "docs" / "examples" / "hands.pbn")
    local = runner.invoke(cli, ["solve", hands, "--json"])
    cluster = runner.invoke(cli, ["solve", hands, "--json", "--executor", "dask-local:2"])
    assert local.exit_code == 0, local.output
    assert cluster.exit_code == 0, cluster.output
    assert cluster.stdout == local.stdout


def test_solve_unknown_executor(runner, tmp_path):
    if not dds.available():
        pytest.skip("the DDS solver (endplay) is not installed")
    from ..conftest import ROOT

    r = runner.invoke(cli, ["solve", str(ROOT / "docs" / "examples" / "hands.pbn"), "--json", "--executor", "ray://x"])
    assert r.exit_code == 2
    assert "executor" in r.stderr


def test_a_scheduler_without_workers_is_waited_on_then_refused(runner):
    # an in-process scheduler with no worker: the run says it waits, then gives up after --worker-timeout
    dist = pytest.importorskip("distributed")
    if not dds.available():
        pytest.skip("the DDS solver (endplay) is not installed")
    import time

    with dist.LocalCluster(n_workers=0, processes=False, dashboard_address=None, protocol="tcp") as cluster:
        address = cluster.scheduler_address.removeprefix("tcp://")
        start = time.monotonic()
        r = runner.invoke(cli, ["simulate", "-n", "5", "--seed", "1", "--predeal", NORTH, "--contract", "4S:N",
                                "--executor", f"dask://{address}", "--worker-timeout", "1"])
        elapsed = time.monotonic() - start
    assert r.exit_code == 2, r.output
    assert "has no worker: waiting up to 1 s" in r.stderr
    assert "no Dask worker joined the Dask scheduler at" in r.stderr
    assert r.stdout == ""
    assert elapsed < 30  # 1 s of waiting, plus connecting and closing on a loaded machine


def test_dask_map_tells_what_it_waits_for(runner):
    dist = pytest.importorskip("distributed")
    told: list[str] = []
    with (dist.LocalCluster(n_workers=0, processes=False, dashboard_address=None, protocol="tcp") as cluster,
          pytest.raises(executors.ExecutorError, match="within 0.5 s")):
        list(executors.dask_map(abs, iter([(-1,)]), cluster.scheduler_address, on_wait=told.append,
                                worker_timeout=0.5))
    assert len(told) == 1 and "no worker" in told[0]


def test_a_task_that_kills_its_dask_worker_stops_the_run():
    # Dask reruns the task of a dead worker a few times (allowed-failures; 0 here to keep the test short),
    # then the run stops with a clear error instead of an internal one
    pytest.importorskip("distributed")
    import dask

    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
            pytest.raises(executors.ExecutorError, match="killed every Dask worker"):
        list(executors.dask_map(os._exit, iter([(3,)]), 1))
