"""``dealer.forked.in_order``: indexed work on forked workers, results in order, failures raised,
the workers ended and reaped however the caller stops."""

from __future__ import annotations

import os

import pytest

from bridgecli.dealer import forked, workers

from ..conftest import live_processes

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="forked workers")


def _square_with_pid(i: int) -> tuple[int, int]:
    return i * i, os.getpid()


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_results_come_in_order_from_several_processes(jobs: int) -> None:
    got = list(forked.in_order(_square_with_pid, 7, jobs))
    assert [value for value, _ in got] == [i * i for i in range(7)]
    pids = {pid for _, pid in got}
    assert (pids == {os.getpid()}) if jobs == 1 else (os.getpid() not in pids and len(pids) == jobs)
    assert workers.FORKED == {} and live_processes(1, os.getpid()) == []


def test_the_workers_read_what_the_parent_held_at_the_fork() -> None:
    tasks = [f"batch {i}" for i in range(5)]  # not pickled: inherited
    assert list(forked.in_order(lambda i: tasks[i].upper(), len(tasks), 2)) == [t.upper() for t in tasks]


def test_an_error_in_a_worker_is_raised_in_order_and_the_others_end() -> None:
    def work(i: int) -> int:
        if i == 3:
            raise ValueError(f"bad batch {i}")
        return i

    results = forked.in_order(work, 6, 2)
    assert [next(results) for _ in range(3)] == [0, 1, 2]
    with pytest.raises(ValueError, match="bad batch 3"):
        next(results)
    assert workers.FORKED == {} and live_processes(1, os.getpid()) == []


def test_closing_early_ends_and_reaps_the_workers() -> None:
    results = forked.in_order(lambda i: "x" * 100_000, 50, 2)  # the workers block on full pipes
    assert next(results) == "x" * 100_000
    assert len(workers.FORKED) == 2
    results.close()
    assert workers.FORKED == {} and live_processes(1, os.getpid()) == []


def test_a_worker_that_dies_is_not_replaced() -> None:
    import signal

    def work(i: int) -> int:
        if i == 1:
            os.kill(os.getpid(), signal.SIGKILL)
        return i

    with pytest.raises(RuntimeError, match="ended unexpectedly"):
        list(forked.in_order(work, 4, 2))
    assert workers.FORKED == {} and live_processes(1, os.getpid()) == []
