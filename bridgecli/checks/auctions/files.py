"""Checking the auctions of a whole input, as ``bridgecli validate-auction FILE`` does:
:func:`check_auctions` reads a path, an open file, a text or boards a piece at a time and
gives an :class:`AuctionChecks` run, one verdict a board, with worker processes for a big
PBN file; :func:`run_parts` hands the run to a renderer that writes its lines (in the
workers too: :mod:`bridgecli.render.auctions`)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any, NamedTuple

from bridgecli.checks.auctions.verdicts import OK, AuctionVerdict, check_records
from bridgecli.core.auction import BRIDGE, AuctionRules
from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError
from bridgecli.executors import usable_cores
from bridgecli.formats.inputs import names_a_file

if TYPE_CHECKING:
    from bridgecli.formats.pbn.games import Reader


class Records(NamedTuple):
    """Records to check and write with a run's line writer (what :func:`run_parts` gives
    instead of their verdicts where the lines are written in this process)."""

    records: Iterable[Board | BridgeError]
    start: int
    """The number of the first record."""
    opts: _RunOptions
    """The options of the run."""


# -- boards of a file -------------------------------------------------------------------


Source = str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[Board | BridgeError]
"""What :func:`check_auctions` reads: a path, an open file
(text or binary), a text holding a newline, or boards (and errors for bad records)."""


LineWriter = Callable[[Callable[[str], object], Iterable[Board | BridgeError], int, "_RunOptions"], tuple[int, int]]
"""What writes the lines of records (numbered from the int) with a ``write`` function, as a
renderer writes their verdicts, and returns the worst status and the number of lines: the
workers of a big PBN file call it (:func:`bridgecli.render.auctions.write_records`)."""


class _RunOptions(NamedTuple):
    """What every batch of a run is checked (and written) with."""

    require_complete: bool
    legal_calls: bool
    rules: AuctionRules
    writer: LineWriter | None
    """The run's line writer; None: the verdicts themselves."""
    style: Any
    """The line writer's own options (the library does not look at them)."""


def check_auctions(
    source: Source,
    *,
    fmt: str | None = None,
    jobs: int | None = 1,
    require_complete: bool = False,
    legal_calls: bool = False,
    rules: AuctionRules = BRIDGE,
    name: str | None = None,
) -> AuctionChecks:
    """The verdicts of every board of ``source``, as ``bridgecli validate-auction FILE``
    judges them: an iterator of :class:`AuctionVerdict`, one a board, in order, read a
    piece at a time. A record that cannot be read gives a verdict with its
    ``read_error``; the others are still checked. Instead of iterating,
    :func:`bridgecli.render.auctions.write_checks` writes the command's lines
    (``write_checks(out, check_auctions(path))``); ``.close()`` closes a file left unread.

    ``source`` is a path, an open file (text or binary), a text (a ``str`` holding a
    newline) or an iterable of boards. ``fmt`` (``pbn``, ``yaml``, ``json``, ``lin``)
    defaults to the path's extension, else the content. ``jobs`` worker processes check
    a PBN file in batches (at most the cores; None: one an idle core for a big file);
    the verdicts are the same and in the same order whatever ``jobs`` is. ``name`` is
    the input's name in messages (default: the path, or the open file's name).

    Raises ParseError for an unknown format, OSError for a path that cannot be read,
    ModuleNotFoundError when the format needs a package that is not installed (PyYAML);
    while iterating, ParseError for input that proves not to be text.
    """
    opts = _RunOptions(require_complete, legal_calls, rules, None, None)
    if not isinstance(source, (str, os.PathLike)) and not hasattr(source, "read"):
        return AuctionChecks(iter(source), False, None, None, 1, 0, opts)
    from bridgecli.formats import resolve_format
    from bridgecli.formats.stream import iter_file, peek

    stream, known, opened = _open(source)  # type: ignore[arg-type]
    name = name or known
    own: IO[bytes] | None = stream if opened else None  # type: ignore[assignment]
    try:
        head, chunks = peek(text_chunks_of(stream, name))
        chosen = resolve_format(name, head, fmt)
        if chosen == "pbn":
            return AuctionChecks(chunks, True, name, own, jobs, _size(stream), opts)
        try:
            records = iter_file(chunks, chosen, name)
        except ModuleNotFoundError as exc:
            raise ModuleNotFoundError(f"the {chosen} format is not available ({exc.name})", name=exc.name) from exc
        return AuctionChecks(records, False, name, own, 1, 0, opts)
    except BaseException:
        if opened:
            stream.close()  # type: ignore[union-attr]
        raise


class AuctionChecks(Iterator[AuctionVerdict]):
    """The verdicts of the boards of one input, as :func:`check_auctions` gives them:
    iterate for the :class:`AuctionVerdict` of each board, or write the lines of
    ``validate-auction`` with :func:`bridgecli.render.auctions.write_checks`. Use it once; a file it opened is closed at the end, or
    by :meth:`close`."""

    def __init__(self, items: Iterator[Board | BridgeError] | Iterator[str], pbn: bool, source: str | None,
                 stream: IO[bytes] | None, jobs: int | None, size: int, opts: _RunOptions) -> None:
        # items: the text pieces of a PBN file (pbn), else records
        self._items = items
        self._pbn = pbn
        self._source = source
        self._stream = stream
        self._jobs = jobs
        self._size = size
        self._opts = opts
        self._verdicts: Iterator[AuctionVerdict] | None = None

    def _parts(self, opts: _RunOptions) -> Iterator[AuctionVerdict | _Done | Records]:
        try:
            if self._pbn:
                yield from _pbn_parts(self._items, self._source, self._jobs, self._size, opts)  # type: ignore[arg-type]
            elif opts.writer is not None:
                yield Records(self._items, 1, opts)  # type: ignore[arg-type]
            else:
                yield from check_records(self._items, require_complete=opts.require_complete,  # type: ignore[arg-type]
                                         legal_calls=opts.legal_calls, rules=opts.rules)
        finally:
            self.close()

    def __next__(self) -> AuctionVerdict:
        if self._verdicts is None:
            self._verdicts = self._flat(self._parts(self._opts))
        return next(self._verdicts)

    @staticmethod
    def _flat(parts: Iterator[AuctionVerdict | _Done | Records]) -> Iterator[AuctionVerdict]:
        for part in parts:
            if isinstance(part, AuctionVerdict):
                yield part
            else:
                yield from part[0]  # type: ignore[misc]

    def close(self) -> None:
        """Close the file :func:`check_auctions` opened, if any."""
        if self._stream is not None:
            self._stream.close()
            self._stream = None


def run_parts(checks: AuctionChecks, writer: LineWriter, style: object) -> Iterator[AuctionVerdict | _Done | Records]:
    """The rest of ``checks`` for a renderer that writes its lines with ``writer`` (a function
    of the module level: worker processes call it) and its options ``style``, in order:
    a verdict at a time; a batch's lines written in a worker, ``(text, worst status,
    records)``; or :class:`Records` to write here. A run already iterated gives its
    remaining verdicts; the run is used once."""
    if checks._verdicts is not None:
        yield from checks._verdicts
        return
    checks._verdicts = iter(())  # used once
    yield from checks._parts(checks._opts._replace(writer=writer, style=style))


_Done = tuple["str | list[AuctionVerdict]", int, int]
"""What a batch gives: its lines (or verdicts), its worst status and its record count."""

_Batch_done = tuple["str | list[AuctionVerdict]", int, int, "dict[str, str]"]
"""What a worker's batch gives: a :data:`_Done` and the value of each tag in the latest
game that had it (its reader's ``last``)."""


def _open(source: str | os.PathLike[str] | IO[str] | IO[bytes]) -> tuple[IO[str] | IO[bytes] | str, str | None, bool]:
    """(stream or text, name, whether it was opened here) of a path, an open file or a text:
    a ``str`` is a path when it is one line naming a file or with a board file's extension."""
    if isinstance(source, str) and not names_a_file(source):
        return source, None, False
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        return open(path, "rb"), path, True
    name = getattr(source, "name", None)
    return source, name if isinstance(name, str) else None, False


def text_chunks_of(stream: IO[str] | IO[bytes] | str, name: str | None) -> Iterator[str]:
    """Text pieces of a binary or text stream, or of a text (a BOM dropped, line ends made ``\\n``)."""
    from bridgecli.formats.stream import CHUNK, text_chunks

    if isinstance(stream, str):
        return _plain_text([stream])
    if isinstance(stream.read(0), bytes):
        return text_chunks(stream, name or "-")  # type: ignore[arg-type]
    text_stream: IO[str] = stream  # type: ignore[assignment]
    return _plain_text(iter(lambda: text_stream.read(CHUNK), ""))


def _plain_text(pieces: Iterable[str]) -> Iterator[str]:
    """``pieces`` of a text with a leading BOM dropped and ``\\r\\n`` or ``\\r`` made ``\\n``."""
    first = True
    carry = ""
    for piece in pieces:
        if first:
            piece, first = piece.removeprefix("\ufeff"), False
        piece = carry + piece
        carry = ""
        if piece.endswith("\r"):
            piece, carry = piece[:-1], "\r"  # a \r\n cut between two pieces
        if "\r" in piece:
            piece = piece.replace("\r\n", "\n").replace("\r", "\n")
        if piece:
            yield piece
    if carry:
        yield "\n"


def _size(stream: object) -> int:
    """Size of the file behind ``stream`` (0 when unknown)."""
    try:
        return os.fstat(stream.fileno()).st_size  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):
        return 0


# -- the read step of a PBN file ----------------------------------------------------------
# The one place that knows how a PBN file is read for an auction check. In one process:
# the PBN reader's own stream (formats.pbn.iter_stream, as show and convert read), a run
# of whole games at a time. With workers: the text cut into games (_pbn_units), batches
# of them read in the workers (_game_records).

_Unit = tuple["list[tuple[str, int]] | None", "Iterator[Board | BridgeError]"]
"""A run of games of a PBN stream: ``(games, ())``, plain games as ``(text, first line)``
that :func:`_game_records` reads (in a worker if need be), or ``(None, records)``, the
records of games read here, in order."""


def auction_records(chunks: Iterable[str], source: str | None) -> Iterator[Board | BridgeError]:
    """Every record of a PBN text given in pieces (``chunks``): a Board holding at least
    what an auction check reads, or the error that spoils it, in order. What is read
    leniently is warned about once, at the end.

    The reader reads a piece of the stream (a run of whole games) at once: cutting it
    into games first, as the workers' batches need, would cost about a sixth more."""
    from bridgecli.formats.pbn import iter_stream

    return iter_stream(chunks, source)


def _game_records(games: list[tuple[str, int]], source: str | None, reader: Reader,
                  found: list[tuple[str, int, str]] | None = None) -> Iterator[Board | BridgeError]:
    """The records of plain games, each ``(text, first line)`` (a worker's batch), read by
    ``reader`` in turn; what is read leniently goes to ``found``, else is warned about at
    the end.

    The quick reader hands every game with a play record to the full reader, one game
    at a time; a run of such games is given to the full reader here as one text (its
    lines where they were), which reads it in about half the time."""
    from bridgecli.formats.pbn import warn_lenient
    from bridgecli.formats.pbn.games import batched_games

    seen: list[tuple[str, int, str]] = [] if found is None else found
    i, end = 0, len(games)
    while i < end:
        j = i
        played = '[Play "' in games[i][0]
        while j < end and ('[Play "' in games[j][0]) == played:
            j += 1
        if played:
            yield from batched_games(reader.games(_joined(games[i:j]), games[i][1]), source, seen)
        else:
            yield from batched_games((r for chunk, line in games[i:j] for r in reader.games(chunk, line)), source, seen)
        i = j
    if found is None and seen:
        warn_lenient(seen, source)


def _joined(games: list[tuple[str, int]]) -> str:
    """The text of consecutive games, each ``(text, first line)``, with blank lines
    between them so that each starts on its own line again."""
    parts: list[str] = []
    line = games[0][1]
    for text, first in games:
        if parts:
            parts.append("\n" * (first - line))
        parts.append(text)
        line = first + text.count("\n")
    return "".join(parts)


def _pbn_units(chunks: Iterable[str], source: str | None, found: list[tuple[str, int, str]],
               tags: dict[str, str]) -> Iterator[_Unit]:
    """The runs of games of a PBN stream (see :data:`_Unit`): plain ones for the quick
    reader, the others read here by the full reader, and every piece after the first that
    needs it (``#``/``##`` inheritance reaches across games). ``tags`` is the value of each
    tag in the latest game of the plain runs before (the workers' readers' ``last``, filled
    in by the caller): the full reader takes it on before it reads on from them. What is
    read leniently goes to ``found`` and is warned about once, after the last unit."""
    from bridgecli.formats.pbn import split_games, warn_lenient
    from bridgecli.formats.pbn.games import Reader, batched_games, stream_pieces

    reader = Reader("", source)
    full = False

    def after_plain(records: Iterator[Board | BridgeError]) -> Iterator[Board | BridgeError]:
        reader.last.update(tags)  # run when the records are first asked for: after the runs before
        yield from records

    for piece, line in stream_pieces(chunks):
        games = None if full else split_games(piece)
        if games is None:
            if line == 1:
                piece = piece.removeprefix("\ufeff")  # (as iter_stream and split_games drop it)
            records = batched_games(reader.games(piece, line), source, found)
            yield None, records if full or line == 1 else after_plain(records)
            full = True
        else:
            yield [(chunk, first + line - 1) for chunk, first in games], iter(())
    if found:
        warn_lenient(found, source)


# -- worker processes -----------------------------------------------------------------------

#: Below this many games a file is checked in one process.
PARALLEL_MIN_GAMES = 20_000

#: PBN games checked in one worker task.
TASK_GAMES = 2000

_Batch = tuple[list[tuple[str, int]], "str | None", int, _RunOptions]


def _run_batch(task: _Batch) -> _Batch_done:
    """Check a batch of PBN games (in a worker process): its lines (or its verdicts),
    the worst status, the number of records and its reader's tag values."""
    import io

    from bridgecli.formats.pbn.games import Reader

    games, source, start, opts = task
    reader = Reader("", source)
    records = _game_records(games, source, reader)
    if opts.writer is None:
        done = list(check_records(records, require_complete=opts.require_complete, legal_calls=opts.legal_calls,
                                  rules=opts.rules, start=start))
        worst = max((v.status for v in done), default=OK)
        return done, worst, len(done), reader.last
    out = io.StringIO()
    worst, n = opts.writer(out.write, records, start, opts)
    return out.getvalue(), worst, n, reader.last


def _pbn_parts(chunks: Iterable[str], source: str | None, jobs: int | None, size: int,
               opts: _RunOptions) -> Iterator[AuctionVerdict | _Done | Records]:
    """The verdicts of a PBN stream, a piece at a time: one by one from this process, or
    in batches from worker processes when the file is big (see :func:`_workers`)."""
    import itertools

    pieces = iter(chunks)
    first = next(pieces, None)
    if first is None:
        return
    # games in the file, estimated from the first piece
    blocks = first.count("\n\n") + 1
    workers = _workers(jobs, max(blocks, size // max(1, len(first) // blocks)))
    pieces = itertools.chain([first], pieces)
    if workers == 1:
        if opts.writer is not None:
            yield Records(auction_records(pieces, source), 1, opts)  # the lines are written from the records
            return
        yield from check_records(auction_records(pieces, source), require_complete=opts.require_complete,
                                 legal_calls=opts.legal_calls, rules=opts.rules)
    else:
        tags: dict[str, str] = {}
        yield from _pooled(_pbn_units(pieces, source, [], tags), source, workers, opts, tags)


def _pooled(units: Iterable[_Unit], source: str | None, workers: int, opts: _RunOptions,
            tags: dict[str, str]) -> Iterator[AuctionVerdict | _Done]:
    """The verdicts of the units of a PBN stream, plain games in batches by ``workers``
    forked processes, in order (each batch numbers its records from the count so far;
    a batch whose planned start proves wrong is done again here). The batches' tag
    values go into ``tags``, in order.

    The workers are those of ``deal --jobs`` (:func:`bridgecli.dealer.forked.in_order`), forked
    for each window of batches, which they inherit: only the results travel back. None is ever
    replaced, and an interrupted run ends and reaps them all before it goes on (a
    ``multiprocessing.Pool`` re-forked workers that SIGTERM had killed, and could then wait
    for them for ever)."""
    from bridgecli.dealer.forked import in_order

    n = 0
    window: list[_Batch] = []

    def run_window() -> Iterator[_Done]:
        nonlocal n
        tasks = list(window)
        window.clear()
        results = in_order(lambda i: _run_batch(tasks[i]), len(tasks), workers)
        try:
            for task, done in zip(tasks, results):
                if task[2] != n + 1:
                    done = _run_batch((task[0], task[1], n + 1, task[3]))
                n += done[2]
                tags.update(done[3])
                yield done[:3]
        finally:
            results.close()  # the workers end now, also when the reader stops early

    planned = 1
    for games, records in units:
        if games is not None:
            for i in range(0, len(games), TASK_GAMES):
                batch = games[i:i + TASK_GAMES]
                window.append((batch, source, planned, opts))
                planned += sum(1 for chunk, _ in batch if not _directives_only(chunk))
                if len(window) >= workers * 2:
                    yield from run_window()
                    planned = n + 1
            continue
        if window:
            yield from run_window()
        for v in check_records(records, require_complete=opts.require_complete, legal_calls=opts.legal_calls,
                               rules=opts.rules, start=n + 1):
            n += 1
            yield v
        planned = n + 1
    if window:
        yield from run_window()


def _directives_only(chunk: str) -> bool:
    """True for a game made only of ``%`` lines (it gives no record)."""
    return chunk.startswith("%") and all(line.startswith("%") for line in chunk.split("\n") if line)


def _workers(requested: int | None, games: int) -> int:
    """Worker processes to use: as requested (at most the cores), else, for a large file,
    one an idle core (cores less the load average): workers cost more CPU in all, so
    they pay only where a core would otherwise wait."""
    if not hasattr(os, "fork"):
        return 1
    cores = usable_cores()
    if requested is not None:
        return max(1, min(requested, cores))
    if games < PARALLEL_MIN_GAMES:
        return 1
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = 0.0
    idle = round(cores - load)
    return max(1, min(idle, 8))
