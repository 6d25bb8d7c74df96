"""Forked workers: the pipes they send pickles down, their ending, and indexed work done by
them in order.

:class:`Pipe` carries length-prefixed pickles between a worker and the main process (cheaper
to load than ``multiprocessing``'s connections); :func:`end_forked` ends workers entered in
the register of :mod:`.workers`; :func:`in_order` runs indexed work on forked workers and
yields the results in order. ``deal --jobs`` (:mod:`.run`) deals with these pieces, and
``validate-auction --jobs`` checks its batches through :func:`in_order`: workers that ignore
Ctrl-C, die of SIGTERM and SIGHUP, are never replaced, and are ended and reaped before an
interrupted run exits.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Generator
from typing import Any

from .workers import block_stop_signals, enter, in_worker, reap, send, set_mask


class Pipe:
    """One end of an ``os.pipe`` carrying pickled objects and byte strings, each behind its length
    (the part of ``multiprocessing.connection.Connection`` the workers use)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        """The pipe end's file descriptor (-1 once closed)."""

    def send_bytes(self, data: bytes) -> None:
        """Write ``data`` (raises BrokenPipeError when the reader is gone)."""
        for part in (len(data).to_bytes(8, "little"), data):
            view = memoryview(part)
            while view:
                view = view[os.write(self.fd, view):]

    def send(self, obj: object) -> None:
        """Write ``obj`` pickled."""
        import pickle

        self.send_bytes(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL))

    def recv_bytes(self) -> bytes:
        """The next byte string (raises EOFError when the writer is gone first)."""
        size = int.from_bytes(self._read(8), "little")
        return self._read(size)

    def recv(self) -> Any:
        """The next object (raises EOFError when the writer is gone first)."""
        import pickle

        return pickle.loads(self.recv_bytes())

    def _read(self, size: int) -> bytes:
        buf = bytearray(size)
        view = memoryview(buf)
        got = 0
        while got < size:
            n = os.readv(self.fd, [view[got:]])
            if n == 0:
                raise EOFError("the pipe's writer is gone")
            got += n
        return bytes(buf)

    def close(self) -> None:
        """Close this end (again: nothing)."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def end_forked(pids: list[int], conns: list[Any], done: bool = False) -> None:
    """End the registered forked workers ``pids`` and close their pipes ``conns``: SIGTERM (they die
    of it; when ``done``, only if they have not ended by themselves within half a second), then
    SIGKILL after half a second. Every one is reaped before this returns."""
    import time

    if not done:
        for pid in pids:
            send(pid, signal.SIGTERM)
    for conn in conns:
        conn.close()
    deadline = time.monotonic() + 0.5
    for pid in pids:
        while not reap(pid):
            if time.monotonic() > deadline:
                if done:  # not ending after all
                    done = False
                    for other in pids:
                        send(other, signal.SIGTERM)
                    deadline = time.monotonic() + 0.5
                    continue
                send(pid, signal.SIGKILL)
                reap(pid, wait=True)
                break
            time.sleep(0.001)


def in_order(work: Callable[[int], Any], count: int, jobs: int) -> Generator[Any, None, None]:
    """``work(0)``, ``work(1)`` ... ``work(count - 1)``, computed by ``jobs`` forked workers and
    yielded in that order (worker ``w`` of ``J`` does ``w, w + J ...``), as ``deal --jobs`` deals.

    The workers inherit ``work`` and all it reads through the fork: only the results travel,
    pickled down each worker's own pipe (which holds a worker at most a result ahead). They are
    entered in the register, ignore Ctrl-C and die of SIGTERM and SIGHUP (:func:`in_worker`);
    nothing replaces a worker that dies. Closing the iterator, an exception or an interrupt ends
    them at once (:func:`end_forked`), stop signals held back meanwhile, so that none is left
    running and none is waited for long. Where the system cannot fork, the work is done here.

    Raises what ``work`` raised in a worker (a RuntimeError naming it when it cannot be sent
    back), or RuntimeError when a worker ended without a word.
    """
    if jobs <= 1 or count <= 1 or not hasattr(os, "fork"):
        for index in range(count):
            yield work(index)
        return
    jobs = min(jobs, count)
    pids: list[int] = []
    conns: list[Pipe] = []
    done = False
    try:
        old_mask = block_stop_signals()  # no worker dies of a Ctrl-C before it ignores it
        try:
            _fork_in_order(work, count, jobs, pids, conns)
        finally:
            set_mask(old_mask)  # a signal held back meanwhile is raised here: the workers are ended below
        for index in range(count):
            try:
                kind, value = conns[index % jobs].recv()
            except EOFError:
                raise RuntimeError("a worker process ended unexpectedly") from None
            if kind == "error":
                raise value
            yield value
        done = True
    finally:
        old_mask = block_stop_signals()  # a second Ctrl-C waits until the workers are gone
        try:
            end_forked(pids, conns, done)
        finally:
            set_mask(old_mask)


def fork_workers(jobs: int, body: Callable[[int, Pipe], Any], pids: list[int], conns: list[Any]) -> None:
    """Fork ``jobs`` workers, each entered in the register of :mod:`.workers` and in ``pids``,
    and the reading end of its pipe in ``conns``, as it starts; worker ``w`` runs
    ``body(w, its writing end)`` and never returns (signals are blocked by the caller)."""
    import gc

    gc.freeze()  # what is alive now stays shared: the workers' collections leave it (and its pages) alone
    try:
        for w in range(jobs):
            reader, writer = os.pipe()
            pid = os.fork()
            if pid == 0:  # the worker: it never returns from here
                try:
                    os.close(reader)
                    for earlier in conns:  # else an earlier worker would not see the parent go
                        earlier.close()
                    body(w, Pipe(writer))
                finally:
                    os._exit(1)
            enter(pid)
            os.close(writer)
            pids.append(pid)
            conns.append(Pipe(reader))
    finally:
        gc.unfreeze()


def _fork_in_order(work: Callable[[int], Any], count: int, jobs: int, pids: list[int], conns: list[Pipe]) -> None:
    """Fork the ``jobs`` workers of :func:`in_order`, each entered in ``pids`` and ``conns`` as it starts."""

    def body(w: int, conn: Pipe) -> None:
        in_worker()
        _work_in_order(work, range(w, count, jobs), conn)

    fork_workers(jobs, body, pids, conns)


def _work_in_order(work: Callable[[int], Any], indices: range, conn: Pipe) -> None:
    """A worker of :func:`in_order`: ``("ok", result)`` for each index, or ``("error", exception)`` and stop."""
    try:
        for index in indices:
            conn.send(("ok", work(index)))
    except (BrokenPipeError, EOFError):
        pass  # the parent went away, or stopped reading
    except BaseException as exc:  # noqa: BLE001 - any failure is reported to the parent, which raises it
        try:
            conn.send(("error", exc))
        except (OSError, EOFError):
            pass
        except Exception:  # noqa: BLE001 - an exception that cannot be pickled
            try:
                conn.send(("error", RuntimeError(f"a worker process failed: {type(exc).__name__}: {exc}")))
            except (OSError, EOFError):
                pass
    finally:
        conn.close()
        os._exit(0)
