"""Solving a stream of boards: :func:`solve_boards` for Python, and what ``bridgecli solve`` reads with.

:func:`solve_boards` is the library form of the command: boards in, one
:class:`~bridgecli.solver.analysis.BoardAnalysis` out per board, in input order,
solved in batches of :data:`BATCH` (DDS's limit for full tables) on several
threads or worker processes. Memory is bounded by the batches in flight, not by
the length of the input.

:func:`read_pieces` reads a file for the command in pieces of about
:data:`BATCH` records, so that a long stream is never held whole and a pipe
that goes quiet has the boards read so far solved at once (it yields
:data:`~bridgecli.solver.analysis.FLUSH` then). :func:`analyse_on_dask` runs
the batches as Dask tasks.
"""

from __future__ import annotations

import io
import itertools
import os
import stat
from collections import deque
from collections.abc import Iterable, Iterator
from typing import IO, Any, cast

from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError
from bridgecli.executors import usable_cores
from bridgecli.formats.inputs import PrefixedStream

from .analysis import FLUSH, BoardAnalysis, Unsolvable, analyse_stream

#: Boards a DDS call solves at once in this process (its limit for full tables).
BATCH = 40
#: Boards a worker process gets at once with ``processes=True``.
JOB_BATCH = 10
#: Seconds without input after which the records read so far are solved.
IDLE = 0.25


def solve_boards(boards: Iterable[Board], *, jobs: int | None = None, leads: bool = False,
                 processes: bool = False) -> Iterator[BoardAnalysis]:
    """The double-dummy table, par (and opening leads) of every board, as ``bridgecli solve`` finds them.

    Boards are taken from ``boards`` as they are needed and solved 40 at a
    time (DDS's batch), so an iterator such as :func:`bridgecli.read` of a
    large file streams through in bounded memory; results come in input order.

    Args:
        boards: the boards (any iterable; it is read lazily).
        jobs: cores to use, by default all this process may run on (never more).
        leads: also find every opening lead against the board's contract (or
            each par contract) and the tricks the defence then takes.
        processes: spread batches of 10 boards over ``jobs`` worker processes of
            one DDS thread each, instead of ``jobs`` DDS threads in this process.

    Returns:
        An iterator of :class:`BoardAnalysis` (``board``, ``table``, ``par``,
        ``leads``, ``position``; ``annotated()`` gives the board with the
        solver's PBN tags), one a board.

    Raises:
        SolverMissingError: when the DDS solver is not installed (on the first board).
        RuleError: for a board that cannot be solved (no deal, a hand unknown,
            hands of unequal size), located with its board number, when it is reached.
    """
    cores = usable_cores()
    n_jobs = cores if jobs is None else max(1, min(jobs, cores))
    for item in analyse_stream(boards, leads=leads, jobs=n_jobs, processes=processes, batch=BATCH,
                               job_batch=JOB_BATCH):
        if isinstance(item, BoardAnalysis):
            yield item
        elif isinstance(item, Unsolvable):
            raise item.error
        else:
            raise item


# -- Dask ---------------------------------------------------------------------------------


def _solve_group(boards: list[Board], leads: bool, source: str | None) -> list[Any]:
    """One Dask task: the analyses of a batch of boards, on one DDS thread."""
    return list(analyse_stream(boards, leads=leads, jobs=1, source=source))


def analyse_on_dask(items: Iterable[Board | BridgeError | object], target: str | int, *, leads: bool = False,
                    source: str | None = None) -> Iterator[BoardAnalysis | Unsolvable | BridgeError]:
    """Like :func:`~bridgecli.solver.analysis.analyse_stream`, with batches of :data:`BATCH`
    boards solved as Dask tasks on ``target`` (a scheduler address, or a number of local
    worker processes: see :func:`bridgecli.executors.dask_map`); errors read from the
    input pass through in place.

    Raises:
        ExecutorError: when Dask is missing or the scheduler cannot be reached.
    """
    from bridgecli.executors import dask_map

    groups: deque[list[Any]] = deque()

    def tasks() -> Iterator[tuple[Any, ...]]:
        group: list[Any] = []
        for item in itertools.chain(items, [FLUSH]):
            if item is not FLUSH:
                group.append(item)
            if group and (item is FLUSH or sum(isinstance(x, Board) for x in group) >= BATCH):
                groups.append(group)
                yield ([x for x in group if isinstance(x, Board)], leads, source)
                group = []

    for solved in dask_map(_solve_group, tasks(), target):
        results = iter(solved)
        for item in groups.popleft():
            yield next(results) if isinstance(item, Board) else item


# -- reading in pieces ------------------------------------------------------------------


def read_pieces(fp: IO[bytes], fmt: str | None, source: str,
                batch: int | None = None) -> Iterator[Board | BridgeError | object]:
    """Boards of the binary file ``fp`` in input order, read a piece at a time so a long stream is never held whole.

    PBN is cut at blank lines between games (outside ``{}`` comments, with the
    ``%`` header lines repeated), JSON Lines between lines, about ``batch``
    records (default :data:`BATCH`) a piece, and error lines are shifted back
    to the file's numbering. When a pipe goes quiet, the complete records read
    so far are passed on at once, followed by
    :data:`~bridgecli.solver.analysis.FLUSH`, so that they are solved without
    waiting for a full batch. YAML, LIN and JSON that is not JSON Lines (an
    array, ``{"boards": [...]}``, pretty-printed objects) go through the format's
    streaming reader (:func:`bridgecli.formats.stream.iter_file`), a board at
    a time, so that they too are read in flat memory (a pipe's records then
    wait for a batch or the end of input: those readers cannot tell a record
    is complete before the next one starts).

    Args:
        fp: the input, opened for reading bytes.
        fmt: ``pbn``, ``yaml``, ``json`` or ``lin``; None to tell from the content.
        source: the file's name in error messages.
        batch: records a piece.

    Raises:
        ParseError: for input that is not text (binary data).
    """
    from bridgecli.formats import iter_records, sniff

    head, kind, lines_of_records = _first_line(fp, fmt, source)
    if kind is not None and not lines_of_records:
        from bridgecli.formats.stream import iter_file, text_chunks

        stream = cast("IO[bytes]", PrefixedStream(head, fp)) if head else fp
        yield from iter_file(text_chunks(stream, source), kind, source)
        return
    for text, offset, chunk_fmt, quiet in _chunks(fp, fmt, source, batch or BATCH, head):
        for item in iter_records(text, chunk_fmt or fmt or sniff(text), source=source):
            if isinstance(item, BridgeError) and item.line is not None:
                item.line += offset
            yield item
        if quiet:
            yield FLUSH


def _first_line(fp: IO[bytes], fmt: str | None, source: str) -> tuple[bytes, str | None, bool]:
    """Look at the input up to its first line holding more than white space: ``(bytes
    taken from fp, format, whether it is read by lines)``.

    The format is ``fmt``, else what that line shows (None for an input of only white
    space); PBN and JSON whose first line is one whole object (JSON Lines) are read by
    lines (:func:`_chunks`). A regular file is sought back to where it was (no bytes
    taken); from a pipe or terminal the bytes read are returned, to be read first.
    """
    from bridgecli.formats import sniff
    from bridgecli.formats.inputs import decode_piece
    from bridgecli.formats.stream import CHUNK

    fd = _select_fd(fp)
    seekable = fd is None and _seekable(fp)
    start = fp.tell() if seekable else 0
    head = b""
    if fd is not None:  # a pipe or terminal: read as _lines reads it, straight from the descriptor
        pos = 0  # where the line being looked at starts in head
        eof = False
        while True:
            end = head.find(b"\n", pos)
            if end < 0 and not eof and len(head) - pos < CHUNK:
                data = os.read(fd, 1 << 16)
                head += data
                eof = not data
                continue
            end = len(head) if end < 0 else end + 1
            line = head[pos:end]
            if line.strip() or (eof and end == len(head)):
                break
            pos = end
    else:
        while True:
            line = fp.readline(CHUNK) if seekable else fp.readline()
            head += line
            if line.strip() or not line:
                break
    if seekable:
        fp.seek(start)
        head = b""
    stripped = line.strip()
    if not stripped:
        return head, None, True
    kind = fmt or sniff(decode_piece(line, source, 1, True)[0])  # (a look: the pieces warn)
    by_lines = kind == "pbn" or (kind == "json" and stripped.startswith(b"{") and stripped.endswith(b"}"))
    return head, kind, by_lines


def _select_fd(fp: IO[bytes]) -> int | None:
    """The descriptor of ``fp`` when it is a pipe or terminal to be waited on with select (else None)."""
    try:
        fd = fp.fileno()
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return None
    return None if regular or os.name == "nt" else fd


def _seekable(fp: IO[bytes]) -> bool:
    try:
        return bool(fp.seekable())
    except (AttributeError, OSError, ValueError):
        return False


def _lines(fp: IO[bytes], head: bytes = b"") -> Iterator[bytes | None]:
    """Lines of ``head`` (bytes already taken from ``fp`` by :func:`_first_line`), then of
    ``fp``; from a pipe or terminal also None each time the input goes quiet."""
    *done, buf = head.split(b"\n")
    for line in done:
        yield line + b"\n"
    fd = _select_fd(fp)
    if fd is None:  # head holds whole lines here (or the last one)
        if buf:
            yield buf
        yield from fp
        return
    import select

    told = False
    while True:
        ready, _, _ = select.select([fd], [], [], None if told else IDLE)
        if not ready:
            told = True
            yield None
            continue
        data = os.read(fd, 1 << 16)
        if not data:
            break
        told = False
        buf += data
        *done, buf = buf.split(b"\n")
        for line in done:
            yield line + b"\n"
    if buf:
        yield buf


def _chunks(fp: IO[bytes], fmt: str | None, source: str, batch: int = BATCH,
            head: bytes = b"") -> Iterator[tuple[str, int, str | None, bool]]:
    """(text, line offset, format, cut because the input went quiet) pieces of about ``batch`` records
    (``head``: bytes already taken from ``fp``, read first)."""
    from bridgecli.formats import sniff
    from bridgecli.formats.inputs import decode_piece

    body: list[bytes] = []       # lines of the current piece
    first_line = 1               # file line of body[0]
    header: list[bytes] = []     # PBN "%" lines at the top, repeated before every later piece
    header_done = False
    first_piece = True
    records = 0                  # records started in body
    safe = 0                     # body index just after the last record boundary
    safe_records = 0             # records in body[:safe]
    in_comment = False
    splittable = True            # JSON: every line so far is one whole object
    kind = fmt
    warned = False               # the mixed-charset warning given (once a file)

    def cut(upto: int, quiet: bool) -> tuple[str, int, str | None, bool]:
        nonlocal body, first_line, records, safe, safe_records, first_piece, warned
        prefix = header if kind == "pbn" and not first_piece else []
        text, warned = decode_piece(b"".join(prefix + body[:upto]), source, first_line - len(prefix), warned)
        piece = (text, first_line - 1 - len(prefix), kind, quiet)
        body = body[upto:]
        first_line += upto
        records -= safe_records
        safe = safe_records = 0
        first_piece = False
        return piece

    for raw in _lines(fp, head):
        if raw is None:
            if safe_records and kind in ("pbn", "json"):
                yield cut(safe, True)
            continue
        body.append(raw)
        stripped = raw.strip()
        if kind is None:
            if not stripped:
                continue
            kind = sniff(decode_piece(raw, source, first_line + len(body) - 1, True)[0])
        if kind == "pbn" and not header_done:
            if raw.startswith(b"%"):
                header.append(raw)
            elif stripped:
                header_done = True
        if kind == "json" and stripped and not (stripped.startswith(b"{") and stripped.endswith(b"}")):
            splittable = False
        records, in_comment = _scan(raw, kind, records, in_comment)
        if (kind == "pbn" and not stripped and not in_comment) or (kind == "json" and splittable and stripped):
            safe, safe_records = len(body), records
            if safe_records >= batch:
                yield cut(safe, False)
    if any(line.strip() for line in body) or first_piece:
        yield cut(len(body), False)


def _scan(raw: bytes, fmt: str | None, records: int, in_comment: bool) -> tuple[int, bool]:
    """Update the record count and brace-comment state with one line."""
    if fmt == "pbn":
        text = raw
        if not in_comment and b";" in text and b"{" not in text.split(b";", 1)[0]:
            text = text.split(b";", 1)[0]
        opens, closes = text.count(b"{"), text.count(b"}")
        if in_comment:
            in_comment = closes == 0 or text.rfind(b"{") > text.rfind(b"}")
        else:
            in_comment = opens > 0 and text.rfind(b"{") > text.rfind(b"}")
        if text.lstrip().upper().startswith(b"[DEAL "):
            records += 1
    elif fmt == "json" and raw.strip():
        records += 1
    return records, in_comment
