"""A dealing run: batches in order, from one process or several, same deals either way.

A :class:`Spec` says everything that decides the deals (seed, predeal,
conditions as source text, batch size, try limit); it is small and
picklable so that worker processes rebuild the compiled condition
themselves. :func:`chunks` yields a :class:`Chunk` for batch 0, 1, 2 ...
in order. A run without conditions deals from the counter-based stream of
:mod:`.plain`; one with conditions from the seeded batch streams of
:mod:`.generate`. With ``jobs > 1``, worker ``w`` of ``J`` deals batches
``w, w + J, w + 2J ...`` and sends each down its own pipe (which holds it
at most a batch ahead); the parent reads the pipes in turn. For a run
without conditions the workers also write the finished output bytes of
their batches (:class:`Render`), so that the parent only copies them out,
or, given the output's file descriptor, write them there themselves, in
order: then they take the batches as they get to them (:func:`_deal_in_turn`).
Workers ignore Ctrl-C: the parent ends them when it stops, for whatever reason
(:mod:`.workers` keeps the register of forked ones, and starts them early where the
script's entry point asks).

Where the system can fork, the workers are forked directly (``os.fork``,
pipes of length-prefixed pickles: :class:`_Pipe`): importing
``multiprocessing`` and its connections would add tens of milliseconds to
the parent's start-up, all of it before the first deal. Elsewhere
``multiprocessing`` starts them (spawn).
"""

from __future__ import annotations

import itertools
import os
import signal
import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import forked, plain, workers
from .plain import BATCH_SIZE

if TYPE_CHECKING:  # numpy is imported where batches are dealt: a parent of workers need not load it
    import numpy as np
    import numpy.typing as npt

    from .expr import Compiled
    from .generate import Accept, Dealer


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
    render: Render | None = None
    """For a run without conditions: the output each batch is written as, where it is dealt."""


@dataclass(frozen=True)
class Render:
    """Output written where the deals are dealt (runs without conditions: board numbers are known)."""

    fmt: str
    """``pbn`` (records, no file header) or ``text`` (a deal string a line)."""
    generator: str = ""
    """The value of the PBN ``Generator`` tag."""
    start_board: int = 1
    """Number of the first board of the run."""
    dealer: int | None = None
    """A fixed dealer seat (else from the board number)."""
    vul: str | None = None
    """A fixed vulnerability (else from the board number)."""


def compile_spec(spec: Spec) -> Compiled:
    """The condition of ``spec`` compiled (script condition AND every ``--where``).

    Raises ParseError.
    """
    from .expr import all_of, parse

    if spec.script is not None:
        from bridgecli.core.errors import BridgeError

        from .script import parse_script

        script = parse_script(spec.script, spec.script_source)
        compiler = script.compiler()
        try:
            parts = [compiler.compile(script.condition)] if script.condition is not None else []
        except BridgeError as exc:  # (a variable's definition too deep: at its place in the script)
            raise exc.located(source=spec.script_source) from None
        names = list(script.variables)
    else:
        from .expr import Compiler

        compiler = Compiler()
        parts = []
        names = []
    for text in spec.wheres:
        parts.append(compiler.compile(parse(text, names=names)))
    return all_of(compiler, parts)


def build(spec: Spec) -> tuple[Dealer, Accept | None]:
    """The dealer and batch filter of ``spec``."""
    from .expr import Hands
    from .generate import Dealer, Predeal

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


Batch = tuple["npt.NDArray[np.uint8] | None", int, "npt.NDArray[np.uint8] | None", int]
"""``(owner, dealt, deal strings, kept)``: what one batch gives back."""


@dataclass
class Chunk:
    """What one batch gives back."""

    index: int
    """The batch number."""
    dealt: int
    """Deals dealt (and tested)."""
    kept: int
    """Deals that met the conditions."""
    owner: npt.NDArray[np.uint8] | None = None
    """The kept deals ``(52, kept)`` (None when ``spec.owners`` is off)."""
    rows: npt.NDArray[np.uint8] | None = None
    """Their PBN deal strings from North ``(kept, 69)`` when ``spec.strings`` is on."""
    data: bytes | None = None
    """The finished output of the batch, when ``spec.render`` applies."""
    positions: npt.NDArray[np.intp] | None = None
    """Where in the batch the kept deals were (None: all were kept)."""
    written: bool = False
    """The worker wrote the batch's output itself (see :func:`chunks`)."""

    def examined(self, take: int) -> int:
        """Deals of the batch looked at to find its first ``take`` kept ones."""
        if take <= 0:
            return 0
        if self.positions is None:
            return take
        return int(self.positions[min(take, self.kept) - 1]) + 1


class _Producer:
    """Deals (and writes) the batches of a spec, in any process."""

    def __init__(self, spec: Spec) -> None:
        from .generate import batch_generator, plain_deals

        self._batch_generator, self._plain_deals = batch_generator, plain_deals
        self.spec = spec
        self.dealer: Dealer | None = None
        self.accept: Accept | None = None
        if spec.wheres or spec.script is not None:  # else no condition: nothing to compile (nor to import)
            self.dealer, self.accept = build(spec)
        self.key = plain.stream_key(spec.seed)

    def make_group(self, indices: list[int]) -> list[Chunk]:
        """Batches ``indices`` (:meth:`make` of each), dealt together where that costs less."""
        if self.accept is None or self.dealer is None or len(indices) < 2:
            return [self.make(index) for index in indices]
        spec = self.spec
        dealt = self.dealer.deal_kept_many([self._batch_generator(spec.seed, index) for index in indices],
                                           self.accept, spec.batch_size)
        return [self._chunk(index, owner, positions, None) for index, (owner, _, positions) in zip(indices, dealt)]

    def make(self, index: int, pieces: list[bytes | memoryview] | None = None) -> Chunk:
        """Batch ``index``; with ``pieces`` (a list) rendered output goes there instead of ``data``."""
        spec = self.spec
        n = batch_size_of(spec, index)
        positions = None
        if self.accept is None or self.dealer is None:
            owner = self._plain_deals(self.key, index * spec.batch_size, n, spec.fixed)
        else:
            owner, _, positions = self.dealer.deal_kept(self._batch_generator(spec.seed, index), self.accept,
                                                        spec.batch_size)
        return self._chunk(index, owner, positions, pieces)

    def _chunk(self, index: int, owner: npt.NDArray[np.uint8], positions: npt.NDArray[np.intp] | None,
               pieces: list[bytes | memoryview] | None) -> Chunk:
        """The :class:`Chunk` of batch ``index`` from its kept deals (and where they were)."""
        spec = self.spec
        n = batch_size_of(spec, index)
        if self.accept is not None and n < spec.batch_size and positions is not None:
            # the whole batch was dealt, and is cut to the try limit: the deals never depend on --max-tries
            import numpy as np

            within = int(np.searchsorted(positions, n))
            owner, positions = np.ascontiguousarray(owner[:, :within]), positions[:within]
        chunk = Chunk(index, n, owner.shape[1], positions=positions)
        if spec.render is not None and self.accept is None:
            parts = render_pieces(spec.render, owner, index * spec.batch_size)
            if pieces is None:
                chunk.data = b"".join(parts)
            else:
                pieces.extend(parts)
        elif spec.strings:
            from .pbnfast import deal_strings

            chunk.rows = deal_strings(owner, 0)
        if spec.owners:
            chunk.owner = owner
        return chunk


def render_chunk(render: Render, owner: npt.NDArray[np.uint8], first: int) -> bytes:
    """The output of deals ``first ..`` of a run without conditions (``owner`` ``(52, n)``)."""
    return b"".join(render_pieces(render, owner, first))


def render_pieces(render: Render, owner: npt.NDArray[np.uint8], first: int) -> list[bytes | memoryview]:
    """:func:`render_chunk` as bytes-like pieces, to write without joining them."""
    from . import pbnfast

    if render.fmt == "text":
        return [pbnfast.text_lines(owner)]
    fixed_dealer, fixed_vul = render.dealer, render.vul
    records = pbnfast.RecordWriter(plain.pbn_render(render.generator),
                                   lambda b: plain.board_dealer(b, fixed_dealer),
                                   lambda b: plain.board_vul(b, fixed_vul))
    records.started = first > 0
    start = render.start_board + first
    deals = pbnfast.deal_strings(owner, records.dealers(start, owner.shape[1]))
    return list(records.write(deals, start))


def batch_count(spec: Spec) -> int | None:
    """Batches of the run: enough for ``max_tries`` deals (None: no end)."""
    return None if spec.max_tries is None else -(-spec.max_tries // spec.batch_size)


def batch_indices(spec: Spec) -> Iterator[int]:
    """Batch numbers of the run: up to ``max_tries``, or forever."""
    total = batch_count(spec)
    return itertools.count() if total is None else iter(range(total))


def _worker(spec: Spec, first: int, step: int, conn: Any, out_fd: int | None = None,
            turns: list[tuple[int, int]] | None = None, main_fd: int = -1) -> None:
    """Worker ``first`` of ``step``: deal batches ``first, first + step, ...`` and send them in order.

    With ``out_fd`` (and ``turns``, :func:`_order_pipes`) the workers take the batches in turn
    instead (:func:`_deal_in_turn`), write each one's output there themselves, in order, and
    send only the counts. ``main_fd``: a process file descriptor of the main process when it is
    not this worker's parent (a worker an early worker forked), -1 otherwise.
    """
    workers.in_worker()
    keep_freed_memory()
    parent = os.getppid()
    try:
        producer = _Producer(spec)
        if out_fd is not None and turns is not None and spec.render is not None:
            _deal_in_turn(producer, first, step, conn, out_fd, turns, _Watch(parent, main_fd))
        else:
            for index in itertools.islice(batch_indices(spec), first, None, step):
                chunk = producer.make(index)
                data, chunk.data = chunk.data, None
                conn.send((chunk, data is not None))
                if data is not None:
                    conn.send_bytes(data)
        conn.send(None)
    except (EOFError, ConnectionError) as exc:
        if isinstance(exc, BrokenPipeError) and out_fd is not None:
            try:  # the reader of the output went away (`| head`): the parent stops quietly
                conn.send(BrokenPipeError("output closed"))
            except OSError:
                pass
    except Exception as exc:  # noqa: BLE001 - any failure is reported to the parent, which raises
        try:
            conn.send(RuntimeError(f"a dealing worker failed: {type(exc).__name__}: {exc}"))
        except (OSError, EOFError):
            pass
    finally:
        conn.close()
        workers.wait_children()  # the workers a first early worker forked die with it: they finish first
        os._exit(0)


def _order_pipes(jobs: int) -> list[tuple[int, int]]:
    """The pipes that keep the output of ``jobs`` workers in order (:func:`_deal_in_turn`): one a
    worker, for its write turn, and last the one the claim token travels in (put in it here)."""
    pipes = [os.pipe() for _ in range(jobs + 1)]
    claim_r, claim_w = pipes[jobs]
    os.set_blocking(claim_r, False)  # the workers wait for it with select: whoever reads it first holds it
    # who took each batch not yet written (at most jobs * AHEAD of them), one 16-bit slot each
    os.write(claim_w, _CLAIM.pack(0, 0) + bytes(2 * jobs * AHEAD))
    return pipes


#: The claim token's head: the next batch to take, and the batch whose write turn nobody holds (-1: none).
_CLAIM = struct.Struct("<qq")


#: Batches a worker that takes them in turn holds dealt and not yet written (:func:`_deal_in_turn`).
AHEAD = 2

#: Most workers that write the output themselves: the claim token must fit in one pipe write of
#: ``PIPE_BUF`` (4,096 bytes on Linux, POSIX's least 512) bytes, to be read whole. More workers
#: send their output to the main process.
MOST_IN_TURN = (512 - 16) // (2 * AHEAD)


def _deal_in_turn(producer: _Producer, w: int, jobs: int, conn: Any, out_fd: int, turns: list[tuple[int, int]],
                  watch: _Watch) -> None:
    """Worker ``w`` of ``jobs``: take batches, deal and render them, and write each to ``out_fd``
    when its turn comes (passing the turn on), until the batches run out.

    The batches are taken as the workers get to them, not shared out in advance, and a worker
    waiting for the turn of one takes and deals the next meanwhile (:data:`AHEAD` at most, and
    only while more batches are left than workers): so a worker slowed down (by another program
    on its core, say) does not hold up the others, which take more of the batches.

    Whoever holds the claim token (the last of ``turns``, :func:`_order_pipes`) takes the next
    batch, noting in the token who has it. The write turn of batch ``i + 1`` is a byte down its
    holder's own turn pipe, sent by whoever wrote batch ``i`` (no byte when that is the same
    worker); when nobody has taken ``i + 1`` yet, the token keeps the turn for whoever will.
    """
    spec = producer.spec
    total = batch_count(spec)
    claim_r, claim_w = turns[jobs]
    turn_r = turns[w][0]
    held: list[tuple[Chunk, list[bytes | memoryview]]] = []  # dealt and rendered, not written: in order
    unsent: list[Chunk] = []  # written, not yet reported to the main process
    passing = -1  # the batch just written, whose successor's turn is still to be passed on
    more = True
    left = total  # batches not taken yet, as the token last said (None: no end)

    def room() -> bool:
        # take one now: none held, or fewer than AHEAD while more are left than workers (else the few left are
        # for workers with none)
        return more and (not held or (len(held) < AHEAD and (left is None or left > jobs)))

    while True:
        taking = room()
        if taking or passing >= 0:
            token = watch.read(claim_r, _CLAIM.size + 2 * jobs * AHEAD)
            index, free = _CLAIM.unpack_from(token)
            holders = memoryview(bytearray(token[_CLAIM.size:])).cast("H")  # who took each batch not written, by number
            left = None if total is None else total - index
            if passing >= 0:
                if passing + 1 < index:
                    os.write(turns[holders[(passing + 1) % len(holders)]][1], b"t")
                else:
                    free = passing + 1
                passing = -1
            taken = -1
            if taking:
                more = total is None or index < total
                if room():  # again, with what the token says now
                    taken, index = index, index + 1
                    holders[taken % len(holders)] = w
                    if free == taken:  # the turn is this worker's already
                        os.write(turns[w][1], b"t")
                        free = -1
            os.write(claim_w, _CLAIM.pack(index, free) + holders.tobytes())
            left = None if total is None else total - index
            for chunk in unsent:
                conn.send((chunk, False))
            unsent.clear()
            if taken >= 0:
                pieces: list[bytes | memoryview] = []
                held.append((producer.make(taken, pieces), pieces))
        if not held:
            if not more:
                return
            continue
        # write while this worker holds the turn; wait for it only when there is nothing else to do
        if not watch.turn(turn_r, wait=not room()):
            continue
        while True:
            chunk, pieces = held.pop(0)
            for piece in pieces:
                view = memoryview(piece).cast("B")
                while view:
                    view = view[os.write(out_fd, view):]
            chunk.written = True
            unsent.append(chunk)
            if not held or held[0][0].index != chunk.index + 1:
                break
        passing = chunk.index


class _Watch:
    """Waits of a worker that give up (EOFError) once the main process is gone."""

    def __init__(self, parent: int, main_fd: int = -1) -> None:
        self.parent = parent
        """The worker's parent when it started (the main process, or the first early worker)."""
        self.main_fd = main_fd
        """A process file descriptor of the main process when it is not the parent (-1: none): it
        turns readable when the main process ends (with the parent, a first early worker, waiting
        for this one)."""

    def turn(self, fd: int, wait: bool) -> bool:
        """Whether the byte of a write turn came down ``fd`` (taken now); ``wait``: until it does."""
        if wait:
            self.read(fd, 1)
            return True
        return bool(self.read(fd, 1, 0.0))

    def read(self, fd: int, size: int, timeout: float | None = None) -> bytes:
        """``size`` bytes from the pipe ``fd`` (all of them written at once), when they come (with
        a ``timeout``: if they come within it, else nothing)."""
        import select

        poll = select.poll()  # not select.select: descriptors may be numbered past 1,024
        for waited in (fd, self.main_fd):
            if waited >= 0:
                poll.register(waited, select.POLLIN)
        while True:
            ready = [waited for waited, _event in poll.poll(1000 if timeout is None else int(timeout * 1000))]
            if self.main_fd in ready or os.getppid() != self.parent:
                raise EOFError("the main process is gone")
            if ready:
                try:
                    data = os.read(fd, size)
                except BlockingIOError:  # another worker read it first
                    continue
                if len(data) != size:
                    raise EOFError("a dealing worker ended unexpectedly")
                return data
            if timeout is not None:
                return b""


def keep_freed_memory() -> None:
    """Ask glibc's malloc to keep freed batch arrays for the next batch: measured, a forked
    worker otherwise spends a third of its time in the kernel, mapping and unmapping them
    (and the main process of 100,000 accepted deals a tenth of its time). Process-wide: for a
    command's own process, not for a library call inside someone else's."""
    try:
        import ctypes

        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError, ImportError):
        return  # not glibc: nothing to tune
    m_trim_threshold, m_mmap_threshold = -1, -3
    mallopt(m_mmap_threshold, 64 << 20)
    mallopt(m_trim_threshold, 256 << 20)


#: Most batches one process deals together (see :meth:`.generate.Dealer.deal_kept_many`).
GROUP = 8


def chunks(spec: Spec, jobs: int = 1, out_fd: int | None = None, ahead: Callable[[], int] | None = None) -> Iterator[Chunk]:
    """The :class:`Chunk` of batch 0, 1, 2 ... until ``max_tries`` is used up (or forever).

    ``ahead()``, asked before each group of batches a single process deals, says how many more
    batches the caller expects to take for sure (1 when not given): up to :data:`GROUP` of them are
    dealt together, and none that the caller may not need.

    With several ``jobs``, ``out_fd`` (a file descriptor open for writing, all earlier output
    flushed) and ``spec.render`` set, the workers write the output there themselves, in
    order, and the chunks come back with :attr:`Chunk.written` set instead of data.

    Raises ParseError for a bad condition (before any work), RuntimeError if a worker fails,
    BrokenPipeError if ``out_fd`` is a pipe whose reader went away.
    """
    if jobs <= 1:
        producer = _Producer(spec)
        indices = batch_indices(spec)
        for index in indices:
            more = max(0, min(GROUP, ahead() if ahead is not None else 1) - 1)
            yield from producer.make_group([index, *itertools.islice(indices, more)])
        return
    if spec.wheres or spec.script is not None:
        build(spec)  # report a bad condition here, not in a worker
    total = batch_count(spec)
    if total is not None:
        jobs = max(1, min(jobs, total))
    fork = hasattr(os, "fork")
    direct = fork and out_fd is not None and spec.render is not None and 1 < jobs <= MOST_IN_TURN
    early = workers.take_early(jobs, out_fd if direct else None) if fork else None
    if fork and early is None:
        from . import generate, pbnfast  # noqa: F401 - numpy and the writer loaded once, before the fork, and shared
    # early workers make their own (this process needs none of their ends)
    turns = _order_pipes(jobs) if direct and early is None else []
    procs: list[Any] = []
    conns: list[Any] = []
    # signals stay blocked while the workers start, so that none dies of a Ctrl-C before it ignores it
    old_mask = workers.block_stop_signals()
    try:
        try:
            if early is not None:
                _start_early(early, spec, out_fd if direct else None, procs, conns)
            elif fork:
                _fork_workers(spec, jobs, out_fd if direct else None, turns, procs, conns)
            else:
                _spawn_workers(spec, jobs, procs, conns)
        finally:
            workers.set_mask(old_mask)  # a signal held back meanwhile is raised here: the workers are ended below
    except BaseException:
        _stop(procs, conns, turns)
        raise
    last = total - 1 if total is not None else -1
    done = False  # every batch is in: the workers end by themselves (and so are counted in this one's CPU time)
    try:
        for chunk in _taken(conns) if direct else _shared_out(spec, conns):
            if chunk is None:
                done = True
                return
            done = chunk.index == last
            yield chunk
    finally:
        _stop(procs, conns, turns, done)


def _message(conn: Any) -> Chunk | None:
    """The next message of a worker: a chunk (with its data), or None when it has sent them all.

    Raises what the worker sent (an exception), or RuntimeError when it ended without a word."""
    try:
        message = conn.recv()
    except EOFError:
        raise RuntimeError("a dealing worker ended unexpectedly") from None
    if isinstance(message, Exception):
        raise message
    if message is None:
        return None
    chunk, has_data = message
    if has_data:
        chunk.data = conn.recv_bytes()
    return chunk  # type: ignore[no-any-return]


def _shared_out(spec: Spec, conns: list[Any]) -> Iterator[Chunk | None]:
    """The chunks of workers that deal batches ``w, w + J, ...`` (worker ``w`` of ``J``), in order;
    None once one has sent all of its own."""
    for index in batch_indices(spec):
        chunk = _message(conns[index % len(conns)])
        yield chunk
        if chunk is None:
            return


def _taken(conns: list[Any]) -> Iterator[Chunk | None]:
    """The chunks of workers that take the batches in turn (:func:`_deal_in_turn`), in order of
    their batch numbers; None once all have sent everything.

    A worker holds at most :data:`AHEAD` batches not written yet, so this holds at most that many
    chunks a worker."""
    import select

    held: dict[int, Chunk] = {}
    following = 0
    live = {conn.fd: conn for conn in conns}
    poll = select.poll()  # not select.select: a process may hold more than 1,024 descriptors
    for fd in live:
        poll.register(fd, select.POLLIN)
    while live:
        for fd, _event in poll.poll():
            chunk = _message(live[fd])
            if chunk is None:
                del live[fd]
                poll.unregister(fd)
            else:
                held[chunk.index] = chunk
        while following in held:
            yield held.pop(following)
            following += 1
    if held:
        raise RuntimeError("a dealing worker ended unexpectedly")
    yield None


def _fork_workers(spec: Spec, jobs: int, out_fd: int | None, turns: list[tuple[int, int]], procs: list[Any],
                  conns: list[Any]) -> None:
    """Fork ``jobs`` workers (:func:`_worker`), appending each one's process id to ``procs`` and
    the reading end of its pipe to ``conns`` as it starts (signals are blocked by the caller)."""
    forked.fork_workers(jobs, lambda w, conn: _worker(spec, w, jobs, conn, out_fd,
                                                      turns if out_fd is not None else None), procs, conns)


def _start_early(early: workers.Early, spec: Spec, out_fd: int | None, procs: list[Any], conns: list[Any]) -> None:
    """Hand the run to workers started early (:mod:`.workers`), as :func:`_fork_workers` would start it."""
    procs.append(early.pid)
    conns.extend(_Pipe(fd) for fd in early.results)
    controls = [_Pipe(fd) for fd in early.controls]
    try:
        for control in controls:
            control.send((spec, out_fd))
    except OSError:
        raise RuntimeError("a dealing worker ended unexpectedly") from None
    finally:
        for control in controls:
            control.close()


def start_early(jobs: int) -> None:
    """Start ``jobs`` workers for a run not planned yet (:func:`.workers.start_early`; the script's
    entry point calls this before it imports click, where the command line asks for workers)."""
    workers.start_early(jobs, _first_early_worker)


def _first_early_worker(jobs: int, controls: list[int], results: list[int]) -> None:
    """The first early worker: load what dealing needs, fork the others (each dies with it), then
    each waits for the run and deals its share (never returns).

    The others also watch the main process (:func:`.workers.watch_parent`): with it gone, they
    stop waiting for a write turn, for the first one may be waiting for them to end."""
    main = os.getppid()
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # dealing uses no BLAS (see .session)
    from . import generate, pbnfast  # noqa: F401 - loaded now, while the main process starts

    main_fd = workers.watch_parent()
    if os.getppid() != main:
        os._exit(0)  # the main process ended meanwhile (while loading, or before the watch began)
    turns = _order_pipes(jobs) if jobs <= MOST_IN_TURN else []
    first = os.getpid()
    w = 0
    for k in range(1, jobs):
        if os.fork() == 0:
            w = k
            _die_with(first)
            break
    if w == 0 and main_fd >= 0:
        os.close(main_fd)  # the main process is the first one's parent: watched as such
        main_fd = -1
    for k in range(jobs):
        if k != w:
            os.close(controls[k])
            os.close(results[k])
    conn = _Pipe(controls[w])
    try:
        message = conn.recv()
    except (EOFError, OSError):
        os._exit(0)  # not taken: the main process ended or went without us
    conn.close()
    spec, out_fd = message
    _worker(spec, w, jobs, _Pipe(results[w]), out_fd, turns if out_fd is not None and turns else None, main_fd)


def _die_with(parent: int) -> None:
    """Have the kernel SIGKILL this process when its parent ``parent`` ends (Linux's ``prctl``)."""
    import ctypes

    pr_set_pdeathsig = 1
    ctypes.CDLL(None).prctl(pr_set_pdeathsig, signal.SIGKILL)
    if os.getppid() != parent:  # it ended before the call
        os._exit(0)


def _spawn_workers(spec: Spec, jobs: int, procs: list[Any], conns: list[Any]) -> None:
    """Start ``jobs`` workers with ``multiprocessing`` (systems without fork), as :func:`_fork_workers`."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    for w in range(jobs):
        reader, writer = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=_worker, args=(spec, w, jobs, writer), daemon=True)
        proc.start()
        writer.close()
        procs.append(proc)
        conns.append(reader)


_Pipe = forked.Pipe


def _stop(procs: list[Any], conns: list[Any], turns: list[tuple[int, int]], done: bool = False) -> None:
    """End the workers now (they may be dealing or blocked on a full pipe) and close the pipes;
    ``done``: they have sent everything and are ending by themselves (forked ones are given half
    a second to, so that a first early worker reaps the others and their CPU time is counted).

    A second Ctrl-C (or SIGTERM) waits until this is done, then takes effect.
    """
    old_mask = workers.block_stop_signals()
    try:
        _end(procs, conns, done)
        for pair in turns:
            for fd in pair:
                os.close(fd)
    finally:
        workers.set_mask(old_mask)


def _end(procs: list[Any], conns: list[Any], done: bool = False) -> None:
    if procs and isinstance(procs[0], int):
        _end_forked(procs, conns, done)
        return
    for proc in procs:
        if proc.is_alive():
            proc.terminate()
    for conn in conns:
        conn.close()
    for proc in procs:
        proc.join(0.5)
        if proc.is_alive():
            proc.kill()
            proc.join()


def _end_forked(pids: list[int], conns: list[Any], done: bool = False) -> None:
    """:func:`_end` for forked workers (:func:`.forked.end_forked`)."""
    forked.end_forked(pids, conns, done)


def batches(spec: Spec, jobs: int = 1) -> Iterator[Batch]:
    """``(owner, dealt, strings, kept)`` of batch 0, 1, 2 ... until ``max_tries`` is used up (or forever)."""
    for chunk in chunks(spec, jobs):
        yield chunk.owner, chunk.dealt, chunk.rows, chunk.kept
