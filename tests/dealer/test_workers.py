"""Worker processes of ``deal --jobs``: the register that never signals a pid it no longer owns,
and workers started early by the script's entry point (:mod:`bridgecli.dealer.workers`)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from bridgecli.dealer import run, workers
from bridgecli.dealer.run import Render, Spec, chunks
from bridgecli.executors import usable_cores
from bridgecli.launch import early_jobs

from ..conftest import alive, live_processes

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")

#: An endless run without conditions, written where it is dealt (what `deal -n BIG --jobs 2` runs).
ENDLESS = Spec(seed=4, batch_size=512, render=Render("pbn", "test", 1), owners=False)
#: Five batches, the last one short, with and without a condition.
PLAIN = Spec(seed=4, max_tries=5 * 512 - 100, batch_size=512, render=Render("pbn", "test", 3), owners=False)
KEPT = Spec(seed=4, wheres=("hcp(north) >= 14",), max_tries=5 * 512 - 100, batch_size=512, strings=True)


@pytest.fixture(autouse=True)
def _no_workers_left() -> Any:
    assert not workers.FORKED and not workers.early_started()
    yield
    workers.discard_early()
    left = list(workers.FORKED)
    for pid in left:
        workers.send(pid, signal.SIGKILL)
        workers.reap(pid, wait=True)
    assert not left, "workers left registered"


def _gone(pid: int) -> bool:
    """Whether ``pid`` is no child of this process any more (reaped)."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


@pytest.mark.parametrize("pidfd", [True, False], ids=["pidfd", "waitid"])
def test_a_worker_reaped_elsewhere_is_never_signalled(monkeypatch: pytest.MonkeyPatch, pidfd: bool) -> None:
    """A program embedding bridgecli that reaps any child itself frees a worker's pid for reuse:
    from then on nothing is sent to that pid (the other worker is still ended)."""
    if pidfd and not hasattr(os, "pidfd_open"):
        pytest.skip("no pidfd_open here")
    if not pidfd:
        monkeypatch.delattr(os, "pidfd_open", raising=False)
    batches = chunks(ENDLESS, 2)
    next(batches)
    pids = list(workers.FORKED)
    assert len(pids) == 2
    victim, other = pids
    os.kill(victim, signal.SIGKILL)
    os.waitpid(victim, 0)  # the embedding program reaps it
    sent: list[tuple[int, int]] = []
    kill = os.kill

    def recording_kill(pid: int, signum: int) -> None:
        sent.append((pid, signum))
        kill(pid, signum)

    monkeypatch.setattr(os, "kill", recording_kill)
    workers.kill_workers()  # as a second Ctrl-C does
    batches.close()  # the run's own ending: SIGTERM, then reaping
    assert victim not in [pid for pid, _ in sent]
    if not pidfd:
        assert (other, signal.SIGKILL) in sent
    assert _gone(other) and not workers.FORKED


@pytest.mark.parametrize("spec", [PLAIN, KEPT], ids=["plain", "condition"])
def test_early_workers_deal_what_one_process_deals(monkeypatch: pytest.MonkeyPatch, spec: Spec) -> None:
    alone = list(chunks(spec, 1))

    def no_fork(*args: Any) -> None:
        raise AssertionError("the early workers were not taken")

    monkeypatch.setattr(run, "_fork_workers", no_fork)
    run.start_early(2)
    assert workers.early_started()
    together = list(chunks(spec, 2))
    assert not workers.early_started() and not workers.FORKED
    assert [(c.index, c.dealt, c.kept, c.data) for c in together] == [(c.index, c.dealt, c.kept, c.data) for c in alone]
    if spec.strings:
        assert all((a.rows == b.rows).all() for a, b in zip(alone, together) if a.rows is not None)


def test_early_workers_write_to_the_standard_output_they_inherited(capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    expected = b"".join(c.data or b"" for c in chunks(PLAIN, 1))
    run.start_early(2)
    got = list(chunks(PLAIN, 2, out_fd=1))
    assert all(c.written and c.data is None for c in got)
    assert capfdbinary.readouterr().out == expected


def test_early_workers_that_do_not_fit_are_ended(tmp_path: Any) -> None:
    """Another output than the inherited one, or another number of workers: the early ones are
    ended and reaped, and the run forks its own."""
    expected = b"".join(c.data or b"" for c in chunks(PLAIN, 1))
    for jobs, target in ((2, tmp_path / "out.pbn"), (3, None)):
        run.start_early(2)
        early = list(workers.FORKED)
        if target is None:
            got = b"".join(c.data or b"" for c in chunks(PLAIN, jobs))
        else:
            with open(target, "wb") as fp:
                assert all(c.written for c in chunks(PLAIN, jobs, out_fd=fp.fileno()))
            got = target.read_bytes()
        assert got == expected
        assert all(_gone(pid) for pid in early) and not workers.FORKED


def test_unused_early_workers_are_ended() -> None:
    """The first early worker is this process's child; the others, its own, die with it."""
    if not Path("/proc/self/stat").exists():
        pytest.skip("needs /proc to find the workers")
    run.start_early(2)
    first = list(workers.FORKED)
    assert len(first) == 1
    deadline = time.monotonic() + 30
    others: list[int] = []
    while not others and time.monotonic() < deadline:  # forked once numpy is loaded
        others = live_processes(1, first[0])
        time.sleep(0.01)
    assert len(others) == 1
    workers.discard_early()
    assert _gone(first[0]) and not workers.FORKED and not workers.early_started()
    deadline = time.monotonic() + 5
    while alive(others[0]) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not alive(others[0])


@pytest.mark.parametrize("args, jobs", [
    ("deal -n 1000000 --jobs 2", 2),
    ("deal -n1000000 -j2 --seed 1", 2),
    ("deal --count=20000 --jobs=2 --format text", 2),
    ("deal --jobs 2 -n 8193", 2),  # two batches of 8,192
    ("deal --jobs 2 -n 8192", 0),  # one batch: one process deals it
    ("deal -n 100000", 0),
    ("deal -n 100000 --jobs 1", 0),
    ("deal -n 100000 --jobs 2 -o x.pbn", 0),  # the workers could not write to x.pbn
    ("deal -n 100000 --jobs 2 -ox.pbn", 0),
    ("deal -n 100000 --jobs 2 --output=x.pbn", 0),
    ("deal -n 100000 --jobs 2 --variant pairs", 0),
    ("deal -n 100000 --jobs 2 --help", 0),
    ("deal -n 1e6 --jobs 2", 0),  # not a count: the command says so
    ("deal -n 100000 --jobs", 0),
    ("show -n 100000 --jobs 2", 0),
    ("--debug deal -n 100000 --jobs 2", 0),  # unsure: group options before the command
])
def test_the_command_lines_that_start_workers_early(args: str, jobs: int) -> None:
    expected = min(jobs, usable_cores())
    assert early_jobs(args.split()) == (expected if expected >= 2 else 0)


def test_early_workers_never_exceed_the_cores() -> None:
    cores = usable_cores()
    assert early_jobs(["deal", "-n", "100000000", "--jobs", "10000"]) == (cores if cores >= 2 else 0)


def test_the_glance_counts_batches_as_the_dealer_deals_them() -> None:
    """launch keeps its own copy of the batch size (importing the dealer would slow the glance)."""
    from bridgecli import launch
    from bridgecli.dealer.plain import BATCH_SIZE

    assert launch._BATCH == BATCH_SIZE


#: Twenty batches, the last one short: enough for every worker to take several.
MANY = Spec(seed=6, max_tries=20 * 256 - 50, batch_size=256, render=Render("pbn", "test", 1), owners=False)


@pytest.mark.parametrize("jobs", [2, 3, 4])
def test_workers_that_take_the_batches_write_what_one_process_writes(tmp_path: Path, jobs: int) -> None:
    expected = b"".join(c.data or b"" for c in chunks(MANY, 1))
    target = tmp_path / "out.pbn"
    with open(target, "wb") as fp:
        got = list(chunks(MANY, jobs, out_fd=fp.fileno()))
    assert [c.index for c in got] == list(range(20)) and all(c.written and c.data is None for c in got)
    assert target.read_bytes() == expected


def test_a_slow_worker_leaves_the_batches_to_the_others(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers take the batches as they get to them, and deal ahead while they wait for a write
    turn: one slowed down (by another program on its core, say) deals fewer than its share."""
    deal_in_turn = run._deal_in_turn

    def one_slow(producer: Any, w: int, *args: Any) -> None:
        make = producer.make

        def marked(index: int, pieces: Any = None) -> Any:
            if w == 1:
                time.sleep(0.03)  # much longer than a batch of 256 deals takes
            chunk = make(index, pieces)
            chunk.dealt_by = w
            return chunk

        producer.make = marked
        deal_in_turn(producer, w, *args)

    monkeypatch.setattr(run, "_deal_in_turn", one_slow)
    expected = b"".join(c.data or b"" for c in chunks(MANY, 1))
    target = tmp_path / "out.pbn"
    with open(target, "wb") as fp:
        by = [c.dealt_by for c in chunks(MANY, 2, out_fd=fp.fileno())]  # type: ignore[attr-defined]
    assert target.read_bytes() == expected
    assert by.count(1) <= 8 < by.count(0), by  # half each, were they shared out in advance


def test_early_workers_end_when_the_main_process_is_killed_mid_write() -> None:
    """The main process SIGKILLed, then the first early worker fails writing while another waits
    for the write turn it would pass on (and it waits for that one to end): both end."""
    import subprocess
    import sys

    if not Path("/proc/self/stat").exists():
        pytest.skip("needs /proc to find the workers")
    main = ("import os, sys\n"
            "from bridgecli.dealer import run\n"
            "run.start_early(2)\n"
            "spec = run.Spec(seed=1, batch_size=512, render=run.Render('text'), owners=False)\n"
            "for chunk in run.chunks(spec, 2, out_fd=1):\n"
            "    sys.stderr.write('dealing\\n'); sys.stderr.flush()\n")
    from ..conftest import subprocess_env

    proc = subprocess.Popen([sys.executable, "-c", main], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=subprocess_env(), start_new_session=True)
    try:
        assert proc.stderr is not None and proc.stdout is not None
        assert proc.stderr.readline() == b"dealing\n"  # the workers write; nobody reads: the pipe fills up
        deadline = time.monotonic() + 30  # the second worker is forked by the first, once numpy is loaded
        group: list[int] = []
        while len(group) < 2 and time.monotonic() < deadline:
            group = [pid for pid in live_processes(3, proc.pid) if pid != proc.pid]
            time.sleep(0.02)
        assert len(group) == 2
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()  # the worker writing now fails
        deadline = time.monotonic() + 10
        while [pid for pid in group if alive(pid)] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [pid for pid in group if alive(pid)], "workers left running"
    finally:
        for pid in live_processes(3, proc.pid):
            os.kill(pid, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
