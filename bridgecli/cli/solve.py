"""``bridgecli solve``: double-dummy tables, par and opening leads for every board."""

from __future__ import annotations

import io
import itertools
import json
import os
import stat
import time
from collections.abc import Iterable, Iterator
from contextlib import nullcontext
from typing import IO, TYPE_CHECKING, Any

import click

from bridgecli.cli import BridgeCliError, ExitCode
from bridgecli.cli.common import (
    FORMAT_NAMES,
    AtomicOutput,
    decode_bytes,
    get_lang,
    input_argument,
    json_option,
    keep_going_option,
    output_format,
    output_option,
    records_done,
    stdin_buffer,
)
from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError

if TYPE_CHECKING:
    from bridgecli.solver.analysis import BoardAnalysis

#: Boards a DDS call solves at once in this process (its limit for full tables).
BATCH = 40
#: Boards a worker process gets at once with ``--processes``.
JOB_BATCH = 10


EXAMPLES = (
    "\b\nExamples:\n"
    "  bridgecli deal -n 2 --seed 1 | bridgecli solve -\n"
    "  bridgecli solve docs/examples/hands.pbn --json\n"
    "  bridgecli deal -n 2 --seed 1 | bridgecli solve - | bridgecli show - --brief\n"
)
"""The examples at the end of ``bridgecli solve --help`` (run by the tests, from the repository root)."""


@click.command("solve", epilog=EXAMPLES)
@input_argument
@click.option("--from", "from_", type=click.Choice(FORMAT_NAMES, case_sensitive=False), default=None,
              help="Input format (default: from extension or content).")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, metavar="J",
              help="Cores to use (default: all): DDS threads, or worker processes with --processes.")
@click.option("--processes", is_flag=True,
              help="Spread batches of 10 boards over J worker processes of one DDS thread each.")
@json_option
@output_option
@click.option("--to", type=click.Choice(FORMAT_NAMES, case_sensitive=False), default=None,
              help="Write the boards back in this format, with the solver's tags added.")
@click.option("--leads", is_flag=True, help="Tricks for the defence for every opening lead of the contract "
              "(or of each par contract).")
@click.option("--progress", is_flag=True, help="Report progress on stderr.")
@click.option("--executor", default="local", show_default=True, metavar="SPEC",
              help="local, or batches of 40 boards as tasks on dask-local:N or dask://HOST:PORT "
              "(needs bridgecli[cluster]).")
@click.option("--table", "force_table", is_flag=True,
              help="Print the tables even when stdout is a pipe (where the boards go on by default).")
@keep_going_option
@click.pass_context
def solve(ctx: click.Context, infile: str, from_: str | None, jobs: int | None, processes: bool, as_json: bool,
          output: str | None, to: str | None, leads: bool, progress: bool, force_table: bool,
          keep_going: bool = False, executor: str = "local") -> None:
    """Double-dummy tables, par score and par contracts (and opening leads) of every board.

    At a terminal it prints a table a board; into a pipe (or a file by >) it
    passes the boards on as PBN with the solver's tags added, so that
    `bridgecli deal | bridgecli solve - | bridgecli show -` shows the deals with
    their makeable contracts and par; --table prints the tables anyway.

    Needs the optional DDS solver: pip install 'bridgecli[dds]'. Boards are
    read and solved in batches of 40 (DDS's limit) on J threads, and each is
    written as soon as its batch is done, in input order. --processes spreads
    batches of 10 over J worker processes instead (measured: no faster, see
    bench/results/solve.md).
    With -o FILE.pbn (or --to FORMAT) the boards are written back with the
    tags DoubleDummyTricks, OptimumScore, ParContract and the
    OptimumResultTable section. A board that cannot be solved (unknown hand,
    hands of unequal size) is reported on stderr and written back unchanged;
    the exit code is then 1. If some input cannot be read at all, -o FILE is
    left as it was (exit 2); --keep-going writes the rest (exit 1).
    Ctrl-C stops at once, also in the middle of a DDS call.
    """
    from bridgecli.cli import common
    from bridgecli.solver import dds

    try:
        dds.load()
    except dds.SolverMissingError as exc:
        raise BridgeCliError(exc.message, ExitCode.USAGE) from exc

    if as_json and to:
        raise click.UsageError("--json and --to exclude each other")
    kind = output_format(output, "analysis" if as_json else to, (*FORMAT_NAMES, "text"), "text", option="--to")
    out_fmt = None if kind in ("analysis", "text") else kind
    if out_fmt and force_table:
        raise click.UsageError("--table prints tables; it does not go with --to or -o FILE.pbn")
    if not (out_fmt or as_json or force_table) and output in (None, "-") and not common.stdout_is_terminal():
        out_fmt = "pbn"  # in a pipeline the boards go on, annotated
    n_jobs = common.cap_jobs(jobs) or common.usable_cores()

    source = "<stdin>" if infile == "-" else infile
    worst = [ExitCode.OK]

    def report(exc: BridgeError) -> None:
        from bridgecli.cli import error_from
        from bridgecli.cli.common import report_capped

        err = error_from(exc.located(source=source))
        report_capped(f"bridgecli: error: {err.format_message()}", source)
        worst[0] = max(worst[0], ExitCode(err.exit_code))

    from bridgecli.solver.analysis import BoardAnalysis, Unsolvable, analyse_stream

    records = _read_records(infile, source, from_)
    if executor != "local":
        stream = _cluster_stream(records, executor, leads, source)
    else:
        stream = analyse_stream(records, leads=leads, jobs=n_jobs, processes=processes, batch=BATCH,
                                job_batch=JOB_BATCH, source=source)
    if progress:
        stream = _with_progress(stream)
    items = iter(stream)
    head = next(items, None)
    if head is None:  # said before anything is written, even a PBN header
        raise BridgeCliError(f"{source}: no boards", ExitCode.USAGE)
    stream = itertools.chain([head], items)

    with AtomicOutput(output) as fp:
        if out_fmt:
            from bridgecli.formats import iter_write

            def boards() -> Iterator[Board]:
                for item in stream:
                    if isinstance(item, BoardAnalysis):
                        yield item.annotated()
                    elif isinstance(item, Unsolvable):
                        report(item.error)
                        yield item.board
                    else:
                        report(item)

            for chunk in iter_write(boards(), out_fmt):
                fp.write(chunk)
                fp.flush()
        else:
            first = True
            for item in stream:
                if not isinstance(item, BoardAnalysis):
                    report(item.error if isinstance(item, Unsolvable) else item)
                    continue
                if as_json:
                    fp.write(json.dumps(item.as_json(), separators=(", ", ": ")) + "\n")
                else:
                    fp.write(("" if first else "\n") + render_text(item, get_lang(ctx)) + "\n")
                    first = False
                fp.flush()
        # a board that could not be read would be missing: exit 2 keeps the old -o FILE
        code = records_done(int(worst[0]), keep_going, output)
    ctx.exit(code)


def _solve_group(boards: list[Board], leads: bool, source: str) -> list[Any]:
    """One ``--executor`` task: the analyses of a batch of boards, on one DDS thread."""
    from bridgecli.solver.analysis import analyse_stream

    return list(analyse_stream(boards, leads=leads, jobs=1, source=source))


def _cluster_stream(items: Iterator[Any], executor: str, leads: bool, source: str) -> Iterator[Any]:
    """Like ``analyse_stream``, with batches of :data:`BATCH` boards solved as Dask tasks
    (``bridgecli.simulate.executors.dask_map``); input errors pass through in place."""
    from collections import deque

    from bridgecli.simulate.executors import ExecutorError, dask_map, parse_executor
    from bridgecli.solver.analysis import FLUSH

    try:
        kind, target = parse_executor(executor)
    except ExecutorError as exc:
        raise click.BadParameter(exc.message, param_hint="--executor") from exc
    if kind == "local" or target is None:
        raise click.BadParameter("name a Dask executor (dask-local:N, dask://HOST:PORT)", param_hint="--executor")
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


def _with_progress(stream: Iterable[Any]) -> Iterator[Any]:
    """Pass ``stream`` through, reporting boards done and the rate on stderr."""
    start = time.perf_counter()
    n = 0
    last = 0.0
    for item in stream:
        n += 1
        now = time.perf_counter()
        if now - last >= 0.5:
            click.echo(f"solve: {n} boards, {now - start:.1f} s, {n / max(now - start, 1e-9):.2f} boards/s", err=True)
            last = now
        yield item
    took = time.perf_counter() - start
    click.echo(f"solve: done, {n} boards in {took:.1f} s ({n / max(took, 1e-9):.2f} boards/s)", err=True)


# -- reading --------------------------------------------------------------


def _read_records(path: str, source: str, override: str | None) -> Iterator[Board | BridgeError | object]:
    """Boards of FILE or ``-`` in input order, read in pieces so a long stream is never held whole.

    PBN is cut at blank lines between games (outside ``{}`` comments, with the
    ``%`` header lines repeated), JSON Lines between lines; YAML and LIN are
    read whole. Error lines are shifted back to the file's numbering. When a
    pipe goes quiet, the complete records read so far are passed on at once,
    followed by :data:`~bridgecli.solver.analysis.FLUSH`, so that they are
    solved without waiting for a full batch.
    """
    from bridgecli.formats import format_from_path, iter_records, sniff
    from bridgecli.solver.analysis import FLUSH

    fmt = override.lower() if override else format_from_path(path)
    if path == "-":
        from bridgecli.cli.common import stdin_hint

        stdin_hint()
    with nullcontext(stdin_buffer()) if path == "-" else open(path, "rb") as fp:
        for text, offset, chunk_fmt, quiet in _chunks(fp, fmt, source):
            for item in iter_records(text, chunk_fmt or fmt or sniff(text), source=source):
                if isinstance(item, BridgeError) and item.line is not None:
                    item.line += offset
                yield item
            if quiet:
                yield FLUSH


#: Seconds without input after which the records read so far are solved.
IDLE = 0.25


def _lines(fp: IO[bytes]) -> Iterator[bytes | None]:
    """Lines of ``fp``; from a pipe or terminal also None each time the input goes quiet."""
    try:
        fd = fp.fileno()
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        yield from fp
        return
    if regular or os.name == "nt":
        yield from fp
        return
    import select

    buf = b""
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


def _chunks(fp: IO[bytes], fmt: str | None, source: str) -> Iterator[tuple[str, int, str | None, bool]]:
    """(text, line offset, format, cut because the input went quiet) pieces of about BATCH records."""
    from bridgecli.formats import sniff

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

    def cut(upto: int, quiet: bool) -> tuple[str, int, str | None, bool]:
        nonlocal body, first_line, records, safe, safe_records, first_piece
        prefix = header if kind == "pbn" and not first_piece else []
        piece = (decode_bytes(b"".join(prefix + body[:upto]), source), first_line - 1 - len(prefix), kind, quiet)
        body = body[upto:]
        first_line += upto
        records -= safe_records
        safe = safe_records = 0
        first_piece = False
        return piece

    for raw in _lines(fp):
        if raw is None:
            if safe_records and kind in ("pbn", "json"):
                yield cut(safe, True)
            continue
        body.append(raw)
        stripped = raw.strip()
        if kind is None:
            if not stripped:
                continue
            kind = sniff(decode_bytes(raw, source))
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
            if safe_records >= BATCH:
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


# -- text output ------------------------------------------------------------


def render_text(a: BoardAnalysis, lang: Any = None) -> str:
    """A compact block: heading, the tricks table with makeable contracts, par and leads
    (words and tokens from ``lang``, English by default)."""
    from bridgecli.core.calls import Contract
    from bridgecli.core.notation import ENGLISH
    from bridgecli.render.text import render_dd_table

    lang = lang or ENGLISH
    b = a.board
    head = [f"{lang.word('board')} {b.number}" if b.number is not None else f"{lang.word('board')} ?"]
    dealer, vul = b.effective_dealer, b.effective_vulnerability
    if dealer is not None:
        head.append(f"{lang.word('dealer')} {lang.seat_str(dealer)}")
    if vul is not None:
        head.append(f"{lang.word('vul')} {lang.vul_str(vul)}")
    if a.table.total != 13:
        head.append(lang.word("ending_1" if a.table.total == 1 else "ending_n").format(n=a.table.total))
    lines = ["  ".join(head), render_dd_table(a.table, lang=lang)]
    by = lang.word("by")
    if a.par is not None:
        p = a.par
        if p.is_passout:
            lines.append(f"{lang.word('par')} 0: {lang.word('auction_passed_out')}")
        else:
            side = lang.word("ns" if p.score > 0 else "ew")
            lines.append(f"{lang.word('par')} {side} {abs(p.score)}: " + ", ".join(
                f"{c.level}{lang.strain_str(c.strain)}{'X' if c.doubled else ''}{f' {by}' if by else ''} "
                f"{'/'.join(lang.seat_str(s) for s in c.declarers)}"
                + (f" {c.result:+d}" if c.result else "") for c in p.contracts))
    if a.position is not None:
        pos = a.position
        lines.append(f"Play record stops after {pos.cards_played} cards: {pos.contract} by {pos.declarer.letter} "
                     f"has {pos.declarer_tricks}, double-dummy {pos.dd_tricks} in all")
    for la in a.leads:
        groups: dict[int, list[str]] = {}
        for card, tricks in la.leads:
            groups.setdefault(tricks, []).append(lang.card_str(card))
        text = "; ".join(f"{t}: {' '.join(cards)}" for t, cards in sorted(groups.items(), reverse=True))
        lines.append(lang.word("leads_line").format(
            contract=lang.contract_str(la.contract if isinstance(la.contract, Contract) else Contract.from_str(str(la.contract))), by=f" {by}" if by else "", declarer=lang.seat_str(la.declarer),
            leader=lang.seat_str(la.leader), tricks=text))
    return "\n".join(lines)

