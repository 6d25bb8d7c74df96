"""Forked dealing workers: the register of the ones not yet reaped, and workers started early.

**The register.** Every worker :mod:`.run` forks is entered in :data:`FORKED`
with a process file descriptor (``os.pidfd_open``, Linux 5.3 and later) where
the system has them. Workers are signalled and reaped through it, so a worker
that something else reaped first (a program embedding bridgecli that waits for
any child itself) is never confused with a later process given the same pid.
Without pidfds a pid is signalled only while ``waitid(..., WNOWAIT)`` shows it
is still this process's own unreaped child (whose pid cannot have been reused).

**Early workers.** ``numpy``'s import (about 0.1 s) is most of what a dealing
run does before its first deal, and every process that deals needs it. When
the command line asks for workers (:func:`start_early`, through
:func:`.run.start_early`, which the script's entry point calls before it even
imports click), the first is forked at once: it imports numpy while the main
process imports click, reads its options and plans the run, then forks the
others, and all wait for the run's :class:`~.run.Spec` (:func:`take_early`,
from :func:`.run.chunks`). Only the first is this
process's child; the others die with it (and it waits for them before it ends).
They inherit the process's standard output as it was, so they can write a run's
output only if that is still where it goes. Workers nobody takes are ended
(:func:`discard_early`); ones whose main process goes away end by themselves.

The pipes of forked workers, their ending, and indexed work done by them in order live in
:mod:`.forked`.

Importing this module costs only ``os`` and ``signal``: it runs before click is imported.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable

#: Forked workers not yet reaped: process id -> its process file descriptor (-1: none). State of
#: the process, not a cache: the children are the process's own, and the exit and signal paths
#: reap and stop them through it (bounded by the workers forked, at most the cores).
FORKED: dict[int, int] = {}

#: Signals that stop a run (Ctrl-C, kill, a closed terminal).
STOP_SIGNALS = frozenset({signal.SIGINT} | {getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n)})


def enter(pid: int) -> None:
    """Register the forked worker ``pid`` (right after the fork, before anyone could reap it)."""
    fd = -1
    if hasattr(os, "pidfd_open"):
        try:
            fd = os.pidfd_open(pid)
        except OSError:  # an older kernel, or a sandbox without the call
            fd = -1
    FORKED[pid] = fd


def send(pid: int, signum: int) -> None:
    """Send ``signum`` to the registered worker ``pid``, if it is still this process's own (else nothing)."""
    fd = FORKED.get(pid)
    if fd is None:
        return  # reaped already: the pid may belong to anyone now
    try:
        if fd >= 0:
            signal.pidfd_send_signal(fd, signum)
        elif _unreaped_child(pid):
            os.kill(pid, signum)
    except OSError:
        pass


def _unreaped_child(pid: int) -> bool:
    """Whether ``pid`` is a child of this process that nobody has reaped (running or a zombie)."""
    if not hasattr(os, "waitid"):
        return True  # no way to tell without reaping it (not a POSIX system with waitid)
    try:
        os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return False
    except OSError:
        return True
    return True


def reap(pid: int, wait: bool = False) -> bool:
    """Reap the registered worker ``pid`` if it has ended (``wait``: wait until it has); True once it
    is gone (also when something else reaped it), and then forgotten."""
    fd = FORKED.get(pid)
    if fd is None:
        return True
    flags = 0 if wait else os.WNOHANG
    try:
        try:
            done = fd >= 0 and os.waitid(os.P_PIDFD, fd, os.WEXITED | flags) is not None
        except ChildProcessError:
            raise
        except OSError:  # a kernel with pidfd_open but not waitid(P_PIDFD) (Linux 5.3)
            fd = -1
        if fd < 0:
            done = os.waitpid(pid, flags)[0] != 0
    except ChildProcessError:
        done = True  # reaped by something else
    if done:
        forget(pid)
    return done


def forget(pid: int) -> None:
    """Drop ``pid`` from the register (closing its process file descriptor)."""
    fd = FORKED.pop(pid, -1)
    if fd >= 0:
        os.close(fd)


def kill_workers() -> None:
    """SIGKILL every registered worker still this process's own, at once (for a process leaving
    with ``os._exit``: they are not reaped)."""
    for pid in list(FORKED):
        send(pid, signal.SIGKILL)


def watch_parent() -> int:
    """A process file descriptor of this process's parent, readable once the parent has ended (-1
    where the system has none, or the parent is gone already)."""
    parent = os.getppid()
    if not hasattr(os, "pidfd_open"):
        return -1
    try:
        fd = os.pidfd_open(parent)
    except OSError:
        return -1
    if os.getppid() != parent:  # it ended before the call: the pid may be another process's now
        os.close(fd)
        return -1
    return fd


def wait_children() -> None:
    """Wait until every child of this process has ended (none: at once)."""
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return
        except InterruptedError:
            continue


def block_stop_signals() -> set[int | signal.Signals]:
    """Block :data:`STOP_SIGNALS` (where the system can); returns the mask before."""
    if hasattr(signal, "pthread_sigmask"):
        return signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    return set()


def set_mask(mask: set[int | signal.Signals]) -> None:
    """Restore a mask :func:`block_stop_signals` returned."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def in_worker() -> None:
    """A worker's start, right after the fork: an empty register (the entries were its parent's
    children, not its own), Ctrl-C ignored (the main process ends the workers), SIGTERM and
    SIGHUP as the system does (they die of it), nothing blocked."""
    for fd in FORKED.values():
        if fd >= 0:
            os.close(fd)
    FORKED.clear()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    set_mask(set())


class Early:
    """Workers started by :func:`start_early`, waiting for a run."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        """How many."""
        self.pid = 0
        """The first worker, the only one that is this process's child (the others are its own)."""
        self.controls: list[int] = []
        """Write ends: each worker's run is sent down its own."""
        self.results: list[int] = []
        """Read ends: what each worker sends back (:class:`.forked.Pipe` messages)."""
        self.stdout: tuple[int, int] | None = None
        """Device and inode of the standard output the workers inherited (None: none open)."""


#: The workers :func:`start_early` started, until a run takes them or they are discarded
#: (process state, as :data:`FORKED`).
_early: Early | None = None

FirstWorker = Callable[[int, list[int], list[int]], None]
"""What the first early worker runs: ``(jobs, control read ends, result write ends)``."""


def start_early(jobs: int, first_worker: FirstWorker) -> None:
    """Start ``jobs`` dealing workers now (see the module notes); at most one set at a time.

    This process forks the first worker, which runs ``first_worker(jobs, controls, results)``
    (:func:`.run.start_early`'s: it imports numpy and then forks the others, each dying with it,
    and never returns): numpy is loaded once, and only the first worker is this process's
    child. Linux only (a worker's death signal is ``prctl``'s); signals that stop a run are
    blocked meanwhile, so that none reaches a worker before it ignores Ctrl-C.
    """
    global _early
    if _early is not None or jobs < 2 or not hasattr(os, "fork") or not sys.platform.startswith("linux"):
        return
    early = Early(jobs)
    try:
        st = os.fstat(1)
        early.stdout = (st.st_dev, st.st_ino)
    except OSError:
        early.stdout = None
    controls = [os.pipe() for _ in range(jobs)]
    results = [os.pipe() for _ in range(jobs)]
    old_mask = block_stop_signals()
    try:
        pid = os.fork()
        if pid == 0:
            try:
                in_worker()
                for fd in [w for _r, w in controls] + [r for r, _w in results]:  # this process's ends
                    os.close(fd)
                first_worker(jobs, [r for r, _w in controls], [w for _r, w in results])
            finally:
                os._exit(1)
        enter(pid)
    finally:
        set_mask(old_mask)
    early.pid = pid
    for (control_r, control_w), (result_r, result_w) in zip(controls, results):
        os.close(control_r)
        os.close(result_w)
        early.controls.append(control_w)
        early.results.append(result_r)
    _early = early


def take_early(jobs: int, out_fd: int | None) -> Early | None:
    """The early workers for a run of ``jobs`` workers writing to ``out_fd`` (None: they send their
    output back), or None when there are none that fit (any there were are then ended).

    They fit when they are as many, and ``out_fd`` is the standard output they inherited.
    """
    global _early
    early, _early = _early, None
    if early is None:
        return None
    fits = early.jobs == jobs
    if fits and out_fd is not None:
        try:
            st = os.fstat(out_fd)
            fits = out_fd == 1 and early.stdout == (st.st_dev, st.st_ino)
        except OSError:
            fits = False
    if not fits:
        _end(early)
        return None
    return early


def discard_early() -> None:
    """End the early workers no run took (the process is about to exit)."""
    global _early
    early, _early = _early, None
    if early is not None:
        _end(early)


def _end(early: Early) -> None:
    for fd in [*early.controls, *early.results]:
        try:
            os.close(fd)
        except OSError:
            pass
    send(early.pid, signal.SIGKILL)
    reap(early.pid, wait=True)


def early_started() -> bool:
    """Whether early workers are waiting for a run."""
    return _early is not None

