"""``bridgecli solve``: double-dummy tables, par and opening leads for every board."""

from __future__ import annotations

import json
import os
import sys
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
    output_option,
)
from bridgecli.core.board import Board
from bridgecli.core.cards import STRAINS
from bridgecli.core.errors import BridgeError

if TYPE_CHECKING:
    from bridgecli.solver.analysis import BoardAnalysis

#: Boards a DDS call solves at once (its limit for full tables).
BATCH = 40


@click.command("solve")
@input_argument
@click.option("--from", "from_", type=click.Choice(FORMAT_NAMES, case_sensitive=False), default=None,
              help="Input format (default: from extension or content).")
@click.option("-j", "--jobs", type=click.IntRange(min=0), default=None, metavar="J",
              help="Cores to use (default: all). DDS threads inside one process; see docs for J worker processes.")
@click.option("--processes", is_flag=True,
              help="Spread batches over J worker processes (one DDS thread each) instead of J DDS threads.")
@json_option
@output_option
@click.option("--to", type=click.Choice(FORMAT_NAMES, case_sensitive=False), default=None,
              help="Write the boards back in this format, with the solver's tags added.")
@click.option("--leads", is_flag=True, help="Tricks for the defence for every opening lead of the contract "
              "(or of each par contract).")
@click.option("--progress", is_flag=True, help="Report progress on stderr.")
@click.pass_context
def solve(ctx: click.Context, infile: str, from_: str | None, jobs: int | None, processes: bool, as_json: bool,
          output: str | None, to: str | None, leads: bool, progress: bool) -> None:
    """Double-dummy tables, par score and par contracts (and opening leads) of every board.

    Needs the optional DDS solver: pip install 'bridgecli[dds]'. Boards are
    solved 40 at a time and each is written as soon as its batch is done.
    With -o FILE.pbn (or --to FORMAT) the boards are written back with the
    tags DoubleDummyTricks, OptimumScore, ParContract and the
    OptimumResultTable section. A board that cannot be solved (unknown hand,
    hands of unequal size) is reported on stderr and written back unchanged;
    the exit code is then 1.

    \b
    Examples:
      bridgecli deal -n 4 | bridgecli solve -
      bridgecli solve session.pbn --json
      bridgecli deal -n 32 | bridgecli solve - -o session.pbn
      bridgecli solve hand.pbn --leads
    """
    from bridgecli.formats import format_from_path
    from bridgecli.solver import dds

    try:
        dds.load()
    except dds.SolverMissingError as exc:
        raise BridgeCliError(exc.message, ExitCode.USAGE) from exc

    if as_json and to:
        raise click.UsageError("--json and --to exclude each other")
    out_fmt = to.lower() if to else (format_from_path(output) if output and not as_json else None)
    cores = os.cpu_count() or 1
    want = cores if not jobs else jobs
    n_proc, threads = (want, 1) if processes and want > 1 else (1, want)

    source = "<stdin>" if infile == "-" else infile
    worst = [ExitCode.OK]

    def report(exc: BridgeError) -> None:
        from bridgecli.cli import error_from

        err = error_from(exc.located(source=source))
        err.show()
        worst[0] = max(worst[0], ExitCode(err.exit_code))

    from bridgecli.solver.analysis import BoardAnalysis, Unsolvable, analyse_stream

    records = _read_records(infile, source, from_)
    stream = analyse_stream(records, leads=leads, jobs=n_proc, batch=BATCH, threads=threads, source=source)
    if progress:
        stream = _with_progress(stream)

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
    ctx.exit(int(worst[0]))


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


def _read_records(path: str, source: str, override: str | None) -> Iterator[Board | BridgeError]:
    """Boards of FILE or ``-`` in input order, read in chunks so a long stream is never held whole.

    PBN is cut at blank lines between games (outside ``{}`` comments, with the
    ``%`` header lines repeated), JSON Lines after each line; YAML and LIN
    are read whole. Error lines are shifted back to the file's numbering.
    """
    from bridgecli.formats import format_from_path, iter_records, sniff

    fmt = override.lower() if override else format_from_path(path)
    with nullcontext(sys.stdin.buffer) if path == "-" else open(path, "rb") as fp:
        for text, offset, chunk_fmt in _chunks(fp, fmt, source):
            for item in iter_records(text, chunk_fmt or fmt or sniff(text), source=source):
                if isinstance(item, BridgeError) and item.line is not None:
                    item.line += offset
                yield item


def _chunks(fp: IO[bytes], fmt: str | None, source: str) -> Iterator[tuple[str, int, str | None]]:
    """(text, line offset, format) pieces of the input, each holding about BATCH records."""
    from bridgecli.formats import sniff

    lines: list[bytes] = []
    header: list[bytes] = []     # PBN "%" lines at the top, repeated in every piece
    header_done = False
    offset = 0                   # file lines before the current piece (header copies excluded)
    records = 0
    in_comment = False
    splittable = True            # JSON: every line so far is one whole object
    kind = fmt
    line_no = 0
    for raw in fp:
        line_no += 1
        lines.append(raw)
        if kind is None:
            if not raw.strip():
                continue
            kind = sniff(decode_bytes(raw, source))
        stripped = raw.strip()
        if kind == "pbn" and not header_done:
            if raw.startswith(b"%"):
                header.append(raw)
            elif stripped:
                header_done = True
        if kind == "json" and stripped and not (stripped.startswith(b"{") and stripped.endswith(b"}")):
            splittable = False
        records, in_comment = _scan(raw, kind, records, in_comment)
        cut = (kind == "pbn" and not stripped and not in_comment and records >= BATCH) or (
            kind == "json" and splittable and records >= BATCH)
        if cut:
            yield decode_bytes(b"".join(lines), source), offset, kind
            if kind == "pbn":
                lines = list(header)
                offset = line_no - len(header)
            else:
                lines = []
                offset = line_no
            records = 0
    if lines and (offset == 0 or any(ln.strip() for ln in lines[len(header) if kind == "pbn" else 0:])):
        yield decode_bytes(b"".join(lines), source), offset, kind


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
    from tabulate import tabulate

    from bridgecli.core.calls import Contract
    from bridgecli.core.notation import ENGLISH

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
    full = a.table.total == 13
    rows = []
    from bridgecli.core.cards import Seat

    for seat in (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST):
        row: list[Any] = [lang.seat_str(seat)] + [a.table[seat, strain] for strain in STRAINS]
        if full:
            row.append(" ".join(lang.call_str(bid) for bid in reversed(a.table.makeable(seat))) or "-")
        rows.append(row)
    headers = [""] + [lang.strain_str(s) for s in STRAINS] + ([lang.word("makes")] if full else [])
    lines = ["  ".join(head), tabulate(rows, headers=headers, tablefmt="plain", disable_numparse=True,
                                       colalign=("left",) + ("right",) * 5 + (("left",) if full else ()))]
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
    for la in a.leads:
        groups: dict[int, list[str]] = {}
        for card, tricks in la.leads:
            groups.setdefault(tricks, []).append(lang.card_str(card))
        text = "; ".join(f"{t}: {' '.join(cards)}" for t, cards in sorted(groups.items(), reverse=True))
        lines.append(lang.word("leads_line").format(
            contract=lang.contract_str(la.contract if isinstance(la.contract, Contract) else Contract.from_str(str(la.contract))), by=f" {by}" if by else "", declarer=lang.seat_str(la.declarer),
            leader=lang.seat_str(la.leader), tricks=text))
    return "\n".join(lines)

