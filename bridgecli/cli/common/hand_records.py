"""``bridgecli show --html`` and ``--svg``: hand records for printing and diagrams for the web.

Helpers of the ``show`` command (see :mod:`bridgecli.cli.show`): they read the
selected boards, optionally solve them, and write one HTML sheet or one SVG
file a board.

SVG output:

* one board and no ``-o`` (or ``-o -``): the SVG on stdout;
* ``-o FILE.svg``: that one board's SVG in FILE (several boards: usage error);
* ``-o DIR`` (any other name; created when missing): ``DIR/board-01.svg``,
  ``DIR/board-02.svg``... named from the board numbers (two digits at least,
  more when a number needs them; a number met again gets ``-2``, ``-3``).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable, Container, Iterable, Iterator

import click

from bridgecli.cli import BridgeCliError, ExitCode
from bridgecli.cli.common import AtomicOutput, close_input, open_input, read_records, report
from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError
from bridgecli.executors import usable_cores


class Scan:
    """The first pass over the input: how many boards are drawn, their heading and the width
    of their numbers (what the hand record and the SVG names need before the first board)."""

    def __init__(self) -> None:
        from bridgecli.render.sheet import HeadingScan

        self.count = 0
        self.heading = HeadingScan()
        self.digits = 2

    def add(self, board: Board) -> None:
        self.count += 1
        self.heading.add(board)
        if board.number is not None:
            self.digits = max(self.digits, len(str(board.number)))


def scan_boards(ctx: click.Context, records: Iterable[Board | BridgeError], wanted: Container[int],
                infile: str, board_specs: tuple[str, ...]) -> tuple[Scan, int]:
    """Count the boards to draw (the first pass) and return the exit code so far (2 when a
    record could not be read).

    Records that cannot be read are reported on stderr. Raises BridgeCliError
    when the input holds no board (exit 2) or none of the numbers asked for (exit 1).
    """
    code: int = ExitCode.OK
    read = 0
    scan = Scan()
    for rec in records:
        if isinstance(rec, BridgeError):
            code = max(code, report(ctx, rec))
            continue
        read += 1
        if not wanted or rec.number in wanted:
            scan.add(rec)
    source = "<stdin>" if infile == "-" else infile
    if read == 0 and code == ExitCode.OK:
        raise BridgeCliError(f"{source}: no boards", ExitCode.USAGE)
    if read and not scan.count:
        raise BridgeCliError(f"{source}: no board numbered {', '.join(board_specs)}", ExitCode.RULES)
    return scan, code


@contextlib.contextmanager
def two_passes(infile: str, fmt: str | None) -> Iterator[Callable[[], Iterator[Board | BridgeError]]]:
    """A function giving the records of FILE afresh each time it is called, so that the hand
    record can be drawn in two passes (count, then draw) in flat memory. A regular file is
    read again; stdin or a FIFO is first copied to an unnamed temp file (on disk, gone when
    the process ends however it ends)."""
    from bridgecli.formats.inputs import records_of

    if infile != "-" and os.path.isfile(infile):
        yield lambda: read_records(infile, fmt)[0]
        return
    src, source = open_input(infile)
    with tempfile.TemporaryFile() as spool:
        try:
            shutil.copyfileobj(src, spool, 1 << 20)
        finally:
            close_input(src)

        def again() -> Iterator[Board | BridgeError]:
            spool.seek(0)
            return records_of(spool, source, fmt, None if infile == "-" else infile)

        yield again


def boards_of(records: Iterable[Board | BridgeError], wanted: Container[int]) -> Iterator[Board]:
    """The boards to draw, in the second pass (its unreadable records were reported in the first)."""
    for rec in records:
        if isinstance(rec, Board) and (not wanted or rec.number in wanted):
            yield rec


def solving(records: Iterable[Board | BridgeError], wanted: Container[int] | None = None,
            skipped: list[int] | None = None) -> Iterator[Board | BridgeError]:
    """``records`` with the solver's tags (DoubleDummyTricks, OptimumScore, ParContract,
    OptimumResultTable) set on every board, streamed in input order, errors passed on.

    Boards whose number is not in a non-empty ``wanted`` are not solved and not yielded;
    they are counted in ``skipped[0]``. A board that cannot be solved (a hand unknown) is
    yielded as it is, with a warning on stderr. Raises BridgeCliError (exit 2) when the
    DDS solver is not installed.
    """
    from bridgecli.solver import dds

    try:
        dds.load()  # here, before the first board is asked for (or anything written)
    except dds.SolverMissingError as exc:
        raise BridgeCliError(f"--solve: {exc.message}", ExitCode.USAGE) from exc
    return _solved(records, wanted, skipped)


def _solved(records: Iterable[Board | BridgeError], wanted: Container[int] | None,
            skipped: list[int] | None) -> Iterator[Board | BridgeError]:
    from bridgecli.solver.analysis import BoardAnalysis, Unsolvable, analyse_stream

    def chosen() -> Iterator[Board | BridgeError]:
        for rec in records:
            if wanted and isinstance(rec, Board) and rec.number not in wanted:
                if skipped is not None:
                    skipped[0] += 1
                continue
            yield rec

    for item in analyse_stream(chosen(), jobs=usable_cores()):
        if isinstance(item, BoardAnalysis):
            yield item.annotated()
        elif isinstance(item, Unsolvable):
            click.echo(f"bridgecli: warning: {item.board.label}: not solved: {item.error.message}", err=True)
            yield item.board
        else:
            yield item


def write_html(boards: Iterable[Board], scan: Scan, output: str | None, *, lang: object, per_page: int,
               ascii: bool, tens: bool) -> None:
    """Write the hand record of ``boards`` (``scan`` counted them) as one HTML document to
    ``output`` (stdout for None/``-``), a page at a time."""
    from bridgecli.core.notation import Language
    from bridgecli.render.html import iter_html

    assert isinstance(lang, Language)
    with AtomicOutput(output) as fp:
        for piece in iter_html(boards, count=scan.count, heading=scan.heading.heading, lang=lang, per_page=per_page,
                               ascii=ascii, tens=tens):
            fp.write(piece)


def write_svgs(boards: Iterable[Board], scan: Scan, output: str | None, *, lang: object, ascii: bool,
               tens: bool) -> None:
    """Write one SVG diagram a board: to stdout or ``-o FILE.svg`` for one board, else into
    the folder ``output`` (see the module docstring).

    Raises click.UsageError when several boards would go to one file or stdout.
    """
    from bridgecli.core.notation import Language
    from bridgecli.render.svg import render_svg, svg_name

    assert isinstance(lang, Language)
    to_file = output not in (None, "-") and output.lower().endswith(".svg")
    if output in (None, "-") or to_file:
        if scan.count > 1:
            where = "stdout" if not to_file else repr(output)
            raise click.UsageError(
                f"--svg draws one file a board: {scan.count} boards cannot go to {where}; "
                "give a folder with -o DIR, or one board with --board N")
        with AtomicOutput(output) as fp:
            fp.write(render_svg(next(iter(boards)), lang=lang, ascii=ascii, tens=tens))
        return
    assert output is not None
    if os.path.exists(output) and not os.path.isdir(output):
        raise BridgeCliError(f"{output}: not a folder (name a folder, or a FILE.svg for one board)", ExitCode.USAGE)
    try:
        os.makedirs(output, exist_ok=True)
    except OSError as exc:
        raise BridgeCliError(f"{output}: cannot create the folder: {exc.strerror}", ExitCode.USAGE) from exc
    width = max(scan.digits, len(str(scan.count)))
    used: set[str] = set()
    for index, board in enumerate(boards, 1):
        name = svg_name(board, index, width)
        stem, k = name[:-4], 2
        while name in used:
            name, k = f"{stem}-{k}.svg", k + 1
        used.add(name)
        with AtomicOutput(os.path.join(output, name)) as fp:
            fp.write(render_svg(board, lang=lang, ascii=ascii, tens=tens))
