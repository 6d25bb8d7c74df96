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

import os
from collections.abc import Container, Iterable, Iterator

import click

from bridgecli.cli import BridgeCliError, ExitCode
from bridgecli.cli.common import AtomicOutput, report
from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError


def select_boards(ctx: click.Context, records: Iterable[Board | BridgeError], wanted: Container[int],
                  infile: str, board_specs: tuple[str, ...]) -> tuple[list[Board], int]:
    """The boards to draw and the exit code so far (2 when a record could not be read).

    Records that cannot be read are reported on stderr. Raises BridgeCliError
    when the input holds no board (exit 2) or none of the numbers asked for (exit 1).
    """
    code: int = ExitCode.OK
    read = 0
    boards: list[Board] = []
    for rec in records:
        if isinstance(rec, BridgeError):
            code = max(code, report(ctx, rec))
            continue
        read += 1
        if not wanted or rec.number in wanted:
            boards.append(rec)
    source = "<stdin>" if infile == "-" else infile
    if read == 0 and code == ExitCode.OK:
        raise BridgeCliError(f"{source}: no boards", ExitCode.USAGE)
    if read and not boards:
        raise BridgeCliError(f"{source}: no board numbered {', '.join(board_specs)}", ExitCode.RULES)
    return boards, code


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
        dds.load()
    except dds.SolverMissingError as exc:
        raise BridgeCliError(f"--solve: {exc.message}", ExitCode.USAGE) from exc
    from bridgecli.solver.analysis import BoardAnalysis, Unsolvable, analyse_stream

    def chosen() -> Iterator[Board | BridgeError]:
        for rec in records:
            if wanted and isinstance(rec, Board) and rec.number not in wanted:
                if skipped is not None:
                    skipped[0] += 1
                continue
            yield rec

    from bridgecli.solver.stream import usable_cores

    for item in analyse_stream(chosen(), jobs=usable_cores()):
        if isinstance(item, BoardAnalysis):
            yield item.annotated()
        elif isinstance(item, Unsolvable):
            click.echo(f"bridgecli: warning: {item.board.label}: not solved: {item.error.message}", err=True)
            yield item.board
        else:
            yield item


def solved(boards: Iterable[Board]) -> list[Board]:
    """The boards with the solver's tags set (see :func:`solving`), as a list: the hand record
    needs them all (its heading and page count), so ``boards`` is solved as it is read and held once."""
    return [b for b in solving(boards) if isinstance(b, Board)]


def write_html(boards: list[Board], output: str | None, *, lang: object, per_page: int, ascii: bool,
               tens: bool) -> None:
    """Write the hand record of ``boards`` as one HTML document to ``output`` (stdout for None/``-``)."""
    from bridgecli.core.notation import Language
    from bridgecli.render.html import render_html

    assert isinstance(lang, Language)
    text = render_html(boards, lang=lang, per_page=per_page, ascii=ascii, tens=tens)
    with AtomicOutput(output) as fp:
        fp.write(text)


def write_svgs(boards: list[Board], output: str | None, *, lang: object, ascii: bool, tens: bool) -> None:
    """Write one SVG diagram a board: to stdout or ``-o FILE.svg`` for one board, else into
    the folder ``output`` (see the module docstring).

    Raises click.UsageError when several boards would go to one file or stdout.
    """
    from bridgecli.core.notation import Language
    from bridgecli.render.svg import render_svg, svg_name

    assert isinstance(lang, Language)
    to_file = output not in (None, "-") and output.lower().endswith(".svg")
    if output in (None, "-") or to_file:
        if len(boards) > 1:
            where = "stdout" if not to_file else repr(output)
            raise click.UsageError(
                f"--svg draws one file a board: {len(boards)} boards cannot go to {where}; "
                "give a folder with -o DIR, or one board with --board N")
        with AtomicOutput(output) as fp:
            fp.write(render_svg(boards[0], lang=lang, ascii=ascii, tens=tens))
        return
    assert output is not None
    if os.path.exists(output) and not os.path.isdir(output):
        raise BridgeCliError(f"{output}: not a folder (name a folder, or a FILE.svg for one board)", ExitCode.USAGE)
    try:
        os.makedirs(output, exist_ok=True)
    except OSError as exc:
        raise BridgeCliError(f"{output}: cannot create the folder: {exc.strerror}", ExitCode.USAGE) from exc
    width = max([2] + [len(str(b.number)) for b in boards if b.number is not None] + [len(str(len(boards)))])
    used: set[str] = set()
    for index, board in enumerate(boards, 1):
        name = svg_name(board, index, width)
        stem, k = name[:-4], 2
        while name in used:
            name, k = f"{stem}-{k}.svg", k + 1
        used.add(name)
        with AtomicOutput(os.path.join(output, name)) as fp:
            fp.write(render_svg(board, lang=lang, ascii=ascii, tens=tens))
