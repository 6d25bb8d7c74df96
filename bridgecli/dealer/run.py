"""A dealing run: batches in order, from one process or several, same deals either way.

A :class:`Spec` says everything that decides the deals (seed, predeal,
conditions as source text, batch size, try limit); it is small and
picklable so that worker processes rebuild the compiled condition
themselves. :func:`batches` yields ``(owner, dealt)`` for batch 0, 1, 2 ...
in order; with ``jobs > 1`` the batches are dealt by a process pool, a few
ahead, and handed out in order.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .expr import Compiled, Hands, compile_conditions, parse
from .generate import BATCH_SIZE, Accept, Dealer, Predeal, batch_generator


@dataclass(frozen=True)
class Spec:
    """What decides the deals of a run."""

    seed: int
    """The run's seed."""
    fixed: tuple[int, ...] = (-1,) * 52
    """Predealt cards: seat of each card index or -1."""
    wheres: tuple[str, ...] = ()
    """Condition texts, ANDed."""
    script: str | None = None
    """Text of a dealer script whose condition also applies."""
    script_source: str | None = None
    """Name of the script file, for messages."""
    max_tries: int | None = None
    """Deal at most this many (the last batch is cut short)."""
    batch_size: int = BATCH_SIZE
    """Deals per batch."""
    strings: bool = False
    """Workers also write the PBN deal strings (from North) of the deals they keep."""
    owners: bool = True
    """Workers send the deals themselves back (not needed when ``strings`` is all the output needs)."""


def compile_spec(spec: Spec) -> Compiled:
    """The condition of ``spec`` compiled (script condition AND every ``--where``).

    Raises ParseError.
    """
    if spec.script is not None:
        from .script import parse_script

        script = parse_script(spec.script, spec.script_source)
        compiler = script.compiler()
        parts = [compiler.compile(script.condition)] if script.condition is not None else []
        names = list(script.variables)
    else:
        from .expr import Compiler

        compiler = Compiler()
        parts = []
        names = []
    for text in spec.wheres:
        parts.append(compiler.compile(parse(text, names=names)))
    if not parts:
        return compile_conditions([], compiler)
    result = parts[0]
    for p in parts[1:]:
        result = compiler._binary("&&", result, p)
    return result


def build(spec: Spec) -> tuple[Dealer, Accept | None]:
    """The dealer and batch filter of ``spec``."""
    cond = compile_spec(spec)
    if cond.const is not None and cond.const != 0:
        return Dealer(Predeal(spec.fixed), batch_size=spec.batch_size), None
    fn = cond.test

    def accept(owner: npt.NDArray[np.uint8] | None, hands: dict[int, npt.NDArray[np.uint64]]) -> npt.NDArray[np.bool_]:
        return fn(Hands(owner, hands))

    return Dealer(Predeal(spec.fixed), first=sorted(cond.seats), batch_size=spec.batch_size), accept


def batch_size_of(spec: Spec, index: int) -> int:
    """Deals in batch ``index`` (the last one before ``max_tries`` is shorter; 0 past it)."""
    if spec.max_tries is None:
        return spec.batch_size
    return max(0, min(spec.batch_size, spec.max_tries - index * spec.batch_size))


_WORKER: tuple[Spec, Dealer, Accept | None] | None = None


def _init_worker(spec: Spec) -> None:
    global _WORKER
    dealer, accept = build(spec)
    _WORKER = (spec, dealer, accept)


Batch = tuple["npt.NDArray[np.uint8] | None", int, "npt.NDArray[np.uint8] | None", int]
"""``(owner, dealt, deal strings, kept)``: what one batch gives back."""


def _work(index: int) -> Batch:
    assert _WORKER is not None
    spec, dealer, accept = _WORKER
    owner, dealt = dealer.deal(batch_generator(spec.seed, index), accept, batch_size_of(spec, index))
    rows = None
    if spec.strings:
        from .pbnfast import deal_strings

        rows = deal_strings(owner, 0)
    return (owner if spec.owners else None), dealt, rows, owner.shape[1]


def batches(spec: Spec, jobs: int = 1) -> Iterator[Batch]:
    """``(owner, dealt, strings, kept)`` of batch 0, 1, 2 ... until ``max_tries`` is used up (or forever).

    In one process ``strings`` is None (the caller formats); with several,
    the workers format when ``spec.strings`` is set.
    """
    indices = itertools.count() if spec.max_tries is None else range(-(-spec.max_tries // spec.batch_size))
    if jobs <= 1:
        dealer, accept = build(spec)
        for i in indices:
            owner, dealt = dealer.deal(batch_generator(spec.seed, i), accept, batch_size_of(spec, i))
            yield owner, dealt, None, owner.shape[1]
        return
    import multiprocessing

    build(spec)  # report a bad condition here, not in a worker
    ctx = multiprocessing.get_context("fork") if hasattr(__import__("os"), "fork") else multiprocessing.get_context()
    pool = ctx.Pool(jobs, initializer=_init_worker, initargs=(spec,))
    try:
        pending: deque[object] = deque()
        it = iter(indices)
        for i in itertools.islice(it, 2 * jobs):
            pending.append(pool.apply_async(_work, (i,)))
        while pending:
            result = pending.popleft().get()  # type: ignore[attr-defined]
            nxt = next(it, None)
            if nxt is not None:
                pending.append(pool.apply_async(_work, (nxt,)))
            yield result
    finally:
        # let the batches in flight arrive first: terminating while a worker is
        # still writing a result into the pipe can deadlock the pool
        for result in pending:
            result.wait()  # type: ignore[attr-defined]
        pool.terminate()
        pool.join()
