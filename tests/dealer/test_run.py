"""Dealing runs in worker processes (``--jobs``): the batches are the ones a single process deals,
whether the workers are forked (``os.fork``) or, on a system without fork, spawned by
``multiprocessing``."""

from __future__ import annotations

import os
import signal
from typing import Any

import numpy as np
import pytest

from bridgecli.dealer.run import Chunk, Render, Spec, chunks


def _same(a: list[Chunk], b: list[Chunk]) -> None:
    assert [(c.index, c.dealt, c.kept, c.data) for c in a] == [(c.index, c.dealt, c.kept, c.data) for c in b]
    for x, y in zip(a, b):
        for name in ("owner", "rows", "positions"):
            u, v = getattr(x, name), getattr(y, name)
            assert (u is None) == (v is None), name
            if u is not None:
                assert np.array_equal(u, v), name


@pytest.mark.parametrize("spawn", [False, True], ids=["fork", "spawn"])
def test_workers_deal_the_batches_one_process_deals(monkeypatch: pytest.MonkeyPatch, spawn: bool) -> None:
    if not spawn and not hasattr(os, "fork"):
        pytest.skip("no fork on this system")
    plain = Spec(seed=4, max_tries=5 * 512 - 100, batch_size=512, render=Render("pbn", "test", 3), owners=False)
    kept = Spec(seed=4, wheres=("hcp(north) >= 14",), max_tries=5 * 512 - 100, batch_size=512, strings=True)
    expected = [list(chunks(spec, 1)) for spec in (plain, kept)]
    if spawn:
        monkeypatch.delattr(os, "fork")  # as on a system without it
    for spec, alone in zip((plain, kept), expected):
        together = list(chunks(spec, 2))
        assert len(together) == 5
        _same(alone, together)
        assert together[-1].dealt == 512 - 100


class _Stopped(Exception):
    pass


def _raise_stopped(signum: int, frame: object) -> None:
    raise _Stopped(signum)


@pytest.mark.skipif(not hasattr(os, "fork") or not hasattr(signal, "pthread_sigmask"), reason="no fork")
def test_a_signal_while_the_workers_start_ends_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """A signal held back while the workers are forked takes effect as they are unblocked: the
    workers are ended and reaped all the same (none is left running on its own)."""
    from bridgecli.dealer import run, workers

    forked: list[int] = []
    fork_workers = run._fork_workers

    def fork_then_signal(*args: Any) -> None:
        fork_workers(*args)
        forked.extend(args[4])  # procs: the process ids
        os.kill(os.getpid(), signal.SIGTERM)  # blocked here: pending until the mask is restored

    monkeypatch.setattr(run, "_fork_workers", fork_then_signal)
    old = signal.signal(signal.SIGTERM, _raise_stopped)
    try:
        spec = Spec(seed=4, batch_size=512, render=Render("pbn", "test", 1), owners=False)
        with pytest.raises(_Stopped):
            next(chunks(spec, 2))
    finally:
        signal.signal(signal.SIGTERM, old)
        left = set(workers.FORKED)
        for pid in forked:
            if pid in left:
                os.kill(pid, signal.SIGKILL)
                workers.reap(pid, wait=True)
    assert len(forked) == 2
    assert not left & set(forked)
