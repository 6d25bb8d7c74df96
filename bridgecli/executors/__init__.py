"""Where work runs: in this process, in local worker processes, or on a Dask cluster; the
cores this process may use; the garbage collector tuned around a loop that streams board by
board (:func:`streaming_gc`).

Shared by ``simulate`` (chunks of deals) and ``solve`` (boards on a Dask cluster), so
below both: this package knows neither, and is handed the function each task runs.
:func:`run_processes` and :func:`dask_map` give the results in task order, whatever order
they finish in, so the numbers never depend on where the work ran. Closing their
iterator (the consumer stops, or Ctrl-C) stops the work at once: local workers are
killed, Dask tasks cancelled.

Importing this package costs the standard library's ``signal`` and ``itertools`` only
(multiprocessing and Dask are imported when used), so that every command may import it.
"""

from __future__ import annotations

import itertools
import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from bridgecli.core.errors import BridgeError
from bridgecli.core.numbers import is_digits

#: ``(task index, argument)`` pairs: ``run(index, argument)`` is one task's work.
Tasks = Iterator[tuple[int, Any]]
T = TypeVar("T")

#: Times a chunk may be rerun after its worker process died (Dask's ``allowed-failures`` is 3 too):
#: a chunk that kills every worker it meets then stops the run instead of looping for ever.
MAX_RETRIES = 3

#: Seconds a Dask executor waits for a first worker on a scheduler that has none.
WORKER_TIMEOUT = 60.0


class ExecutorError(BridgeError):
    """An executor that cannot be set up (unknown spec, Dask missing, scheduler unreachable)."""


CLUSTER_HINT = "the dask executors need the cluster extra: pip install 'bridgecli[cluster]'"


def parse_executor(spec: str) -> tuple[str, str | int | None]:
    """``local`` -> ("local", None); ``dask-local:N`` -> ("dask-local", N); ``dask://HOST:PORT`` ->
    ("dask", "tcp://HOST:PORT"); ``tcp://`` and ``tls://`` addresses as they are. N and PORT are
    ASCII digits (PORT 1 to 65535), HOST a name, an IPv4 address or an IPv6 one in brackets
    (``[::1]``). Raises ExecutorError."""
    text = spec.strip()
    if text == "local":
        return "local", None
    if text.startswith("dask-local:"):
        count = text.split(":", 1)[1]
        if not is_digits(count) or int(count) < 1:
            raise ExecutorError(f"executor {spec!r}: write dask-local:N with N workers, N >= 1")
        return "dask-local", int(count)
    for scheme in ("dask://", "tcp://", "tls://"):
        if text.startswith(scheme):
            address = text[len(scheme):]
            if not _host_and_port(address):
                raise ExecutorError(f"executor {spec!r}: write {scheme}HOST:PORT (PORT 1 to 65535; "
                                    "an IPv6 HOST in brackets, [::1])")
            return "dask", ("tcp://" if scheme == "dask://" else scheme) + address
    raise ExecutorError(f"unknown executor {spec!r} (local, dask-local:N, dask://HOST:PORT)")


def _host_and_port(address: str) -> bool:
    """Whether ``address`` is ``HOST:PORT`` as :func:`parse_executor` takes it."""
    import ipaddress
    import re

    match = re.fullmatch(r"(\[[^\]]*\]|[A-Za-z0-9._-]+):([0-9]{1,5})", address)
    if match is None or not 1 <= int(match[2]) <= 65535:
        return False
    host = match[1]
    if host.startswith("["):
        try:
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            return False
    return True


def usable_cores() -> int:
    """Cores this process may run on: its CPU affinity where the system has one, else the count."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


#: Allocations (less deallocations) between two young-generation collections inside
#: :func:`streaming_gc` (Python's default is 700).
STREAMING_GC_THRESHOLD = 10_000

_streaming_depth = 0


@contextmanager
def streaming_gc() -> Iterator[None]:
    """Tune the cyclic garbage collector for a loop that streams board by board.

    A streaming command makes many small objects a board (the board, its calls,
    the verdict, the output line), none of them in a reference cycle: reference
    counting frees them, and the collector's passes over them find nothing. Inside
    the block the objects alive on entry (modules, functions, tables: what the
    command has imported) are frozen, so that full collections no longer walk
    them (:func:`gc.freeze`), and a young collection runs every
    :data:`STREAMING_GC_THRESHOLD` net allocations instead of 700. The collector
    stays on, so a cycle made inside the block is still collected and memory stays
    flat however long the input. On exit, or an error or interrupt on the way in, the
    thresholds are restored and the frozen objects thawed. When some objects were
    frozen before the block, it freezes none and thaws none: the frozen set stays the
    caller's. Nesting is allowed: only the outermost block acts. Process-wide, like
    :mod:`gc` itself.

    Usage, around the loop of a command::

        with streaming_gc():
            for record in records:
                out.write(line_of(record))
    """
    import gc

    global _streaming_depth
    if _streaming_depth:
        _streaming_depth += 1
        try:
            yield
        finally:
            _streaming_depth -= 1
        return
    thresholds = gc.get_threshold()
    freeze = gc.get_freeze_count() == 0  # objects frozen already: the frozen set is left as it is
    try:  # (all set up inside: a Ctrl-C on the way in is undone too)
        _streaming_depth = 1
        if freeze:
            gc.freeze()
        gc.set_threshold(max(thresholds[0], STREAMING_GC_THRESHOLD), *thresholds[1:])
        yield
    finally:
        _streaming_depth = 0
        gc.set_threshold(*thresholds)
        if freeze:
            gc.unfreeze()


def local_workers(count: int) -> int:
    """The worker processes a ``dask-local:N`` cluster starts: N, at most the cores this process may use."""
    return max(1, min(count, usable_cores()))


def _worker(run: Callable[[int, Any], Any], setup: Callable[[], None] | None, conn: Any) -> None:
    """A local worker process: tasks in, results out, until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and kills us
    if setup is not None:
        setup()
    while True:
        task = conn.recv()
        if task is None:
            return
        conn.send(run(*task))


def run_processes(run: Callable[[int, Any], T], tasks: Tasks, jobs: int,
                  setup: Callable[[], None] | None = None) -> Iterator[T]:
    """``run(index, argument)`` for each task, on ``jobs`` worker processes (each calls ``setup()``
    first), the results in task order; a worker that dies has its task run again by a fresh one,
    :data:`MAX_RETRIES` times at most. Raises ExecutorError when a task's worker died once more."""
    import multiprocessing
    from multiprocessing.connection import wait

    ctx = multiprocessing.get_context("fork") if hasattr(signal, "SIGKILL") else multiprocessing.get_context()
    workers: dict[Any, tuple[Any, tuple[int, Any] | None]] = {}  # connection -> (process, task)

    def start() -> Any:
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_worker, args=(run, setup, child), daemon=True)
        proc.start()
        child.close()
        workers[parent] = (proc, None)
        return parent

    done: dict[int, T] = {}
    retry: list[tuple[int, Any]] = []
    deaths: dict[int, int] = {}  # task index -> workers it saw die
    order: list[int] = []
    it = iter(tasks)
    exhausted = False
    try:
        for _ in range(jobs):
            start()
        while True:
            # hand a task to every idle worker
            for idle, (proc, task) in list(workers.items()):
                if task is None:
                    nxt = retry.pop() if retry else (None if exhausted else next(it, None))
                    if nxt is None:
                        exhausted = True
                        continue
                    if nxt[0] not in order:
                        order.append(nxt[0])
                    idle.send(nxt)
                    workers[idle] = (proc, nxt)
            while order and order[0] in done:
                yield done.pop(order.pop(0))
            busy = [c for c, (_, t) in workers.items() if t is not None]
            if not busy:
                break
            for ready in wait(busy):
                conn: Any = ready
                proc, task = workers[conn]
                try:
                    result = conn.recv()
                except (EOFError, OSError):
                    # the worker died: run its task again in a new one
                    conn.close()
                    del workers[conn]
                    proc.join(1)
                    assert task is not None
                    deaths[task[0]] = deaths.get(task[0], 0) + 1
                    if deaths[task[0]] > MAX_RETRIES:
                        raise ExecutorError(f"chunk {task[0]}: its worker process died {deaths[task[0]]} times "
                                            "(out of memory? a crash in the solver?); the run stops")
                    retry.append(task)
                    start()
                    continue
                assert task is not None
                done[task[0]] = result
                workers[conn] = (proc, None)
        while order and order[0] in done:
            yield done.pop(order.pop(0))
    finally:
        for conn, (proc, _) in workers.items():
            if proc.is_alive():
                proc.kill()
            conn.close()
        for proc, _ in workers.values():
            proc.join(2)


def dask_map(fn: Callable[..., T], args: Iterator[tuple[Any, ...]], target: str | int,
             ahead: int | None = None, on_wait: Callable[[str], None] | None = None,
             worker_timeout: float | None = None) -> Iterator[T]:
    """``fn(*a)`` for each ``a`` of ``args``, as Dask tasks on the scheduler at ``target`` (an
    address) or on a LocalCluster of ``target`` worker processes of one thread; the results come
    out in the order of ``args``, a few tasks ahead. Dask reruns the task of a worker that dies;
    closing the iterator cancels the tasks still queued or running.

    A scheduler with no worker is waited on for ``worker_timeout`` seconds (default
    :data:`WORKER_TIMEOUT`), after telling ``on_wait`` what it waits for. Raises ExecutorError
    (Dask missing, scheduler unreachable, no worker in time)."""
    import importlib

    try:
        dist: Any = importlib.import_module("distributed")
    except ImportError as exc:
        raise ExecutorError(CLUSTER_HINT) from exc
    cluster: Any = None
    client: Any
    try:
        if isinstance(target, int):
            import logging

            _start_resource_tracker()
            # its HTTP server on a free port: on 8787, the default, another cluster made a warning
            cluster = dist.LocalCluster(n_workers=local_workers(target), threads_per_worker=1, processes=True,
                                        dashboard_address=":0", silence_logs=logging.ERROR)
            client = dist.Client(cluster)
        else:
            client = dist.Client(target, timeout=10)
    except (OSError, ValueError, TypeError) as exc:  # unreachable, refused, or a TLS address with no TLS set up
        if cluster is not None:
            cluster.close()
        raise ExecutorError(f"cannot reach the Dask scheduler at {target}: {exc}") from exc
    futures: dict[Any, int] = {}
    finished = False
    local_pids: list[int] = []
    try:
        if cluster is not None:
            local_pids = list(client.run(os.getpid).values())
        if not client.nthreads():
            _wait_for_workers(client, target, WORKER_TIMEOUT if worker_timeout is None else worker_timeout, on_wait)
        workers = max(1, sum(client.nthreads().values()))
        window = ahead or 2 * workers
        it = iter(args)
        pending = dist.as_completed()
        done: dict[int, T] = {}
        order: list[int] = []
        counter = itertools.count()

        def submit() -> bool:
            a = next(it, None)
            if a is None:
                return False
            k = next(counter)
            fut = client.submit(fn, *a, pure=False, retries=2)
            futures[fut] = k
            order.append(k)
            pending.add(fut)
            return True

        for _ in range(window):
            if not submit():
                break
        for fut in pending:
            try:
                done[futures.pop(fut)] = fut.result()
            except dist.KilledWorker as exc:  # the scheduler's allowed-failures used up
                raise ExecutorError(f"a task killed every Dask worker it ran on ({exc}); the run stops") from exc
            submit()
            while order and order[0] in done:
                yield done.pop(order.pop(0))
        finished = True
    finally:
        if futures:
            client.cancel(list(futures))
        if not finished and local_pids:
            # interrupted: our own LocalCluster's workers go at once, not after the nanny's grace period
            _kill(local_pids)
        _quietly(client.close, 5)
        if cluster is not None and not _quietly(cluster.close, 10 if finished else 2):
            _kill(local_pids)  # the nanny did not stop its worker in time


def _wait_for_workers(client: Any, target: str | int, timeout: float, on_wait: Callable[[str], None] | None) -> None:
    """Wait up to ``timeout`` seconds for a first worker to join; ExecutorError if none does."""
    where = "the local Dask cluster" if isinstance(target, int) else f"the Dask scheduler at {target}"
    if on_wait is not None:
        on_wait(f"{where} has no worker: waiting up to {timeout:g} s for one to join")
    import asyncio

    try:
        client.wait_for_workers(1, timeout=timeout)
    except (TimeoutError, asyncio.TimeoutError) as exc:  # one class from Python 3.11 on
        raise ExecutorError(f"no Dask worker joined {where} within {timeout:g} s "
                            "(start one: dask worker ADDRESS --nthreads 1)") from exc


def _start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker (which a LocalCluster's processes use) now, with
    SIGHUP blocked in it for good: it ignores SIGINT and SIGTERM itself but died of a hangup sent
    to the process group, and the one started in its place printed a ``KeyError`` traceback for
    every semaphore it had never seen. This process takes SIGHUP as any stop signal, once
    unblocked here."""
    if not hasattr(signal, "SIGHUP") or not hasattr(signal, "pthread_sigmask"):
        return
    from multiprocessing import resource_tracker

    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGHUP})
    try:
        resource_tracker.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _kill(pids: list[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def _quietly(close: Any, timeout: float) -> bool:
    """Call ``close(timeout=...)``; False when it timed out or failed (the run's result stands)."""
    try:
        close(timeout=timeout)
    except Exception:  # noqa: BLE001 - shutting down: nothing left to report it to
        return False
    return True

