"""``bridgecli show``: hand diagrams, auctions, contracts and play in the terminal."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import IO, Any

import click

from bridgecli.cli import BridgeCliError, ExitCode
from bridgecli.cli.common import (
    FORMAT_NAMES,
    AtomicOutput,
    get_lang,
    input_argument,
    json_option,
    keep_going_option,
    output_format,
    parse_board_numbers,
    quiet_stdout,
    records_done,
    report,
    table_style_option,
    variant_option,
)
from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError

__all__ = ["show"]


def read_records(infile: str, fmt: str | None) -> Iterator[Board | BridgeError]:
    """The records of FILE (or stdin) in the given or detected format; none for an empty file."""
    from bridgecli.cli.common import read_records as read

    return read(infile, fmt, skip_empty=True)[0]


def _red(text: str) -> str:
    return click.style(text, fg="red")


def _colour(option: bool | None, output: str | None, fp: IO[Any]) -> bool:
    if option is not None:
        return option
    if output not in (None, "-") or "NO_COLOR" in os.environ:
        return False
    try:
        return bool(fp.isatty())
    except (AttributeError, ValueError):
        return False


EXAMPLES = (
    "\b\nExamples:\n"
    "  bridgecli show sample_deals/valid/club_session.pbn --board 3\n"
    "  bridgecli show docs/examples/club.pbn --brief --lang pl\n"
    "  bridgecli show sample_deals/valid/club_session.pbn -o sheet.html\n"
)
"""The examples at the end of ``bridgecli show --help`` (run by the tests, from the repository root)."""


@click.command("show", epilog=EXAMPLES)
@input_argument
@click.option("--from", "from_", type=click.Choice(FORMAT_NAMES, case_sensitive=False), default=None,
              help="Input format (default: from the extension, else the content).")
@click.option("-b", "--board", "board_specs", multiple=True, metavar="N",
              help="Show only these boards: 3, 1-4,7; may be repeated.")
@click.option("--ascii", "ascii_", is_flag=True, help="Suit letters S H D C instead of ♠♥♦♣.")
@click.option("--ten", type=click.Choice(["10", "T"], case_sensitive=False), default="10", show_default=True,
              help="How to write the ten.")
@click.option("--brief", is_flag=True, help="One line a board: contract, result and calls.")
@click.option("--no-play", is_flag=True, help="Leave out the trick-by-trick play record.")
@table_style_option("tabulate style of the auction and play grids (plain, simple, grid, github...).")
@click.option("--color/--no-color", "colour", default=None,
              help="Red hearts and diamonds (default: only on a terminal, and not with NO_COLOR).")
@click.option("--html", is_flag=True, help="A printable hand record: one self-contained HTML page (A4).")
@click.option("--per-page", type=click.Choice(["1", "2", "4", "6"]), default=None,
              help="Boards on each printed page of --html (default 4).")
@click.option("--solve", "solve_", is_flag=True,
              help="Compute the makeable contracts and par (needs the DDS solver) instead of taking them "
                   "from the file's tags.")
@click.option("--svg", is_flag=True, help="One SVG diagram a board: to -o FILE.svg or stdout for one board, "
              "else into the folder -o DIR as board-01.svg...")
@json_option
@click.option("-o", "--output", "output", type=click.Path(writable=True, allow_dash=True), default=None,
              metavar="FILE|DIR",
              help="Write to FILE (atomically) instead of stdout; with --svg a FILE.svg or a folder.")
@keep_going_option
@variant_option
@click.pass_context
def show(ctx: click.Context, infile: str, from_: str | None, board_specs: tuple[str, ...], ascii_: bool,
         ten: str, brief: bool, no_play: bool, tablefmt: str, colour: bool | None, html: bool,
         per_page: str | None, solve_: bool, svg: bool, as_json: bool, output: str | None,
         keep_going: bool = False, variant_name: str | None = None) -> None:
    """Draw the boards of FILE (or - for stdin): hand diagrams in compass layout,
    the auction as a W N E S grid, contract and result, and the play.

    A record that cannot be read is reported on stderr, the other boards are
    still shown, and the exit code is 2; -o FILE is then left as it was,
    unless --keep-going (the readable boards are written, exit 1).
    --json writes the selected boards as JSON lines instead.

    --html writes a hand record for printing: every board with its diagram,
    auction, contract and result, makeable contracts and par (from the tags
    DoubleDummyTricks, OptimumScore, ParContract that solve writes).
    --svg draws each board's diagram as an SVG image. --solve computes the
    makeable contracts and par with the DDS solver, for every output but --brief.
    """
    kind = output_format(output, "html" if html else "svg" if svg else "json" if as_json else None,
                         ("text",) if variant_name else ("text", "json", "html", "svg"), "text",
                         option="" if variant_name else "--html, --svg or --json")
    html, svg, as_json = html or kind == "html", svg or kind == "svg", as_json or kind == "json"
    if variant_name is not None:
        from bridgecli.cli.common.variants import run_show

        ctx.exit(run_show(variant_name, infile, from_, ascii_, output))
    if html or svg or per_page:
        _hand_records(ctx, infile, from_, board_specs, ascii_, ten, brief, html, per_page, solve_, svg,
                      as_json, output, keep_going)
        return
    if output not in (None, "-") and os.path.isdir(output):
        raise click.BadParameter(f"{output!r} is a directory", param_hint="-o")
    from bridgecli.core.errors import visible
    from bridgecli.executors import streaming_gc
    from bridgecli.render.text import paint_red, render_board, render_brief

    if solve_ and brief:
        raise click.UsageError("--solve and --brief exclude each other")
    wanted = parse_board_numbers(board_specs)
    lang = get_lang(ctx)
    records = read_records(infile, from_)
    skipped = [0]
    if solve_:
        from bridgecli.cli.common.hand_records import solving

        records = solving(records, wanted, skipped)
    code: int = ExitCode.OK
    read = shown = 0
    try:
        with AtomicOutput(output) as fp, streaming_gc():
            red = _red if not ascii_ and not as_json and _colour(colour, output, fp) else None
            for rec in records:
                if isinstance(rec, BridgeError):
                    code = max(code, report(ctx, rec))
                    continue
                read += 1
                if wanted and rec.number not in wanted:
                    continue
                if as_json:
                    from bridgecli.formats import write_boards

                    fp.write(write_boards([rec], "json"))
                elif brief:
                    fp.write(render_brief(rec, lang=lang, ascii=ascii_, red=red) + "\n")
                else:
                    text = _with_claim(rec, render_board(rec, lang=lang, ascii=ascii_, tens=ten == "10",
                                                         tablefmt=tablefmt, play=not no_play), lang, ascii_)
                    fp.write(("\n" if shown else "") + paint_red(visible(text), red) + "\n")
                shown += 1
            # inside the block: an error here leaves -o as it was
            source = "<stdin>" if infile == "-" else infile
            read += skipped[0]
            if read == 0 and code == ExitCode.OK:
                raise BridgeCliError(f"{source}: no boards", ExitCode.USAGE)
            code = records_done(code, keep_going and read > 0, output)
            if read and not shown:
                raise BridgeCliError(f"{source}: no board numbered {', '.join(board_specs)}", ExitCode.RULES)
    except BrokenPipeError:
        quiet_stdout()
        return
    if code:
        ctx.exit(code)


def _with_claim(board: Board, text: str, lang: Any, ascii_: bool) -> str:
    """``text`` (a drawn board) with the claim that ended its play on the contract line,
    as play reports it: ``Contract: 2HX by N, down 1 (claimed after 9)``."""
    from bridgecli.render.text import result_text

    if board.play is None or board.play_end != "*" or board.result is None or board.contract is None:
        return text
    done = sum(1 for row in board.play if len(row) == 4 and all(pc is not None and pc.card is not None for pc in row))
    line = result_text(board, lang=lang, ascii=ascii_)
    if done >= 13 or not line:
        return text
    return text.replace(line, f"{line} {lang.word('claimed_after').format(n=done)}", 1)


def _hand_records(ctx: click.Context, infile: str, from_: str | None, board_specs: tuple[str, ...], ascii_: bool,
                  ten: str, brief: bool, html: bool, per_page: str | None, solve_: bool, svg: bool, as_json: bool,
                  output: str | None, keep_going: bool = False) -> None:
    """``show --html`` / ``--svg`` (see :mod:`bridgecli.cli.common.hand_records`)."""
    from bridgecli.cli.common import hand_records

    if html and svg:
        raise click.UsageError("--html and --svg exclude each other")
    if not (html or svg):
        raise click.UsageError("--per-page goes with --html")
    if per_page and not html:
        raise click.UsageError("--per-page goes with --html")
    if as_json or brief:
        raise click.UsageError(f"{'--json' if as_json else '--brief'} and --{'html' if html else 'svg'} "
                               "exclude each other")
    if html and output not in (None, "-") and os.path.isdir(output):
        raise click.BadParameter(f"{output!r} is a directory", param_hint="-o")
    wanted = parse_board_numbers(board_specs)
    lang = get_lang(ctx)
    import warnings

    from bridgecli.core.errors import ReadWarning

    with hand_records.two_passes(infile, from_) as records:
        scan, code = hand_records.scan_boards(ctx, records(), wanted, infile, board_specs)
        if not scan.count:
            ctx.exit(code)  # every record was unreadable and is reported: nothing to draw
        if output not in (None, "-") or keep_going:
            code = records_done(code, keep_going, output)  # exit 2 here: nothing written to -o
        tens = ten == "10"
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ReadWarning)  # said in the first pass
            boards = hand_records.boards_of(records(), wanted)
            if solve_:
                boards = (b for b in hand_records.solving(boards) if isinstance(b, Board))
            if html:
                hand_records.write_html(boards, scan, output, lang=lang, per_page=int(per_page or 4), ascii=ascii_,
                                        tens=tens)
            else:
                hand_records.write_svgs(boards, scan, output, lang=lang, ascii=ascii_, tens=tens)
    if code:
        ctx.exit(code)
