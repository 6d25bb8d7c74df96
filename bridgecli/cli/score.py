"""``bridgecli score``: duplicate scores, IMPs, and event results.

The command translates; :mod:`bridgecli.results` does the work. Start-up matters here
(``bridgecli score 4S=`` at the table, a million piped lines): this module imports click
only; the scoring core, files, tables and JSON are imported where used.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import click

from bridgecli.cli import BridgeCliError, ExitCode, common, localise
from bridgecli.cli.common import (
    event_options,
    format_option,
    get_lang,
    json_option,
    output_format,
    output_option,
    table_style_option,
    variant_option,
)
from bridgecli.cli.common.options import batch_line_parser
from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.formats import inputs

#: ``score FILE`` prints its table this many rows at a time (each part a table with
#: its headings), so that memory does not grow with the file.
TABLE_ROWS = 10_000
#: Options a batch line may not give (the command line's alone).
BATCH_REFUSED = (("event_file", "--event"), ("output", "-o"), ("keep_going", "--keep-going"), ("lang", "--lang"),
                 ("to", "--to"), *event_options.EVENT_SCORING_OPTIONS)


def _error(exc: BridgeError) -> None:
    click.echo(f"bridgecli: error: {localise(f'{exc.where()}: {exc}')}", err=True)


# -- batch: one result a line, from stdin or a FILE--------------------------------------


def _run_batch(ctx: click.Context, keep_going: bool, output: str | None, head: bytes, ended: bool,
               read: Callable[[], bytes] | None = None, source: str = "<stdin>") -> int:
    """Score stdin (or what ``read`` gives) line by line into stdout (or ``output``); returns the exit code."""
    import contextlib
    import json

    from bridgecli.results.line_scores import iter_lines, iter_scored_lines

    if ctx.params.get("to"):
        raise click.UsageError("--to writes the boards of a FILE back (with Score tags), not result lines")
    if read is None:
        common.stdin_buffer()  # a closed stdin is an error before anything is written
        read = inputs.stdin_reader()
    outs: list[str] = []
    failures, as_json = 0, ctx.params["as_json"]
    with contextlib.nullcontext(sys.stdout) if output in (None, "-") else common.AtomicOutput(output) as out:
        def flush() -> None:
            if outs:
                out.write("\n".join(outs) + "\n")
                out.flush()
                outs.clear()

        lines = iter_lines(read, head, ended, on_wait=flush)
        try:
            for line, text, error in iter_scored_lines(lines, ctx.params, get_lang(ctx), keep_going, source,
                                                        batch_line_parser(ctx, BATCH_REFUSED), common.echo_warning,
                                                        True):
                if error is not None:
                    failures += 1
                    _error(error)
                if as_json:  # JSON Lines still, a line for each line: null for a blank or comment line
                    text = json.dumps({"line": line, "error": str(error)}) if error is not None else text or "null"
                outs.append(text)
        finally:
            flush()  # the lines scored before a bad one are written before its error
    return ExitCode.RULES if failures else ExitCode.OK


# -- FILE: every board of a file ---------------------------------------------------


def _run_file(path: str, ctx: click.Context, fmt_override: str | None, output: str | None, keep_going: bool,
              style: str, stdin_head: bytes | None = None) -> int:
    """Score every board of a file (``stdin_head``: stdin's start, already read); returns the exit code."""
    from click.core import ParameterSource

    from bridgecli import formats
    from bridgecli.core.errors import cut_quoted
    from bridgecli.results.boards import BoardTable, json_line, score_boards

    items, source, _fmt = inputs.open_records(path, fmt_override, stdin_head)
    params, lang = ctx.params, get_lang()
    # a board's Scoring tag may choose OldMP, unless --scoring was given
    scoring = params["scoring"] if ctx.get_parameter_source("scoring") != ParameterSource.DEFAULT else None
    failures = 0
    rows: list[str] = []  # --json: the records' lines (else the rows go to the table)
    table, as_json = BoardTable(lang, style), bool(params.get("as_json"))
    if as_json and params.get("to"):
        raise click.UsageError("--json and --to exclude each other")
    # -o FILE gets what stdout would: the table (--json: its records), or with --to (or -o's
    # board extension) the boards written back with their Score tags
    out_fmt = None if as_json else output_format(output, params.get("to"), (*formats.FORMATS, "text"), "text",
                                                 option="--to")
    boards_out = out_fmt if out_fmt != "text" else None
    printed = False

    def print_rows(fp: Any) -> None:
        """The rows so far, as JSON lines or a table (a table of none when there were no rows)."""
        nonlocal printed
        if as_json and rows:
            fp.write("\n".join(rows) + "\n")
        elif not as_json and (len(table) or not printed):
            fp.write(table.text() + "\n")
        printed = True
        rows.clear()
        table.clear()

    def boards(fp: Any) -> Iterator[Any]:
        """The boards to write back (a board that could not be scored as it was), or the
        rows printed a :data:`TABLE_ROWS` at a time."""
        nonlocal failures
        keep = None if boards_out else rows.append if as_json else table.add  # (JSON: the small row)
        held = 0
        for sb in score_boards(items, scoring=scoring, keep_going=keep_going, source=source,
                               batched=inputs.whole_input(path)):
            if sb.error is not None:
                failures += 1
                _error(sb.error)
                if sb.board is not None:
                    yield sb.board
                continue
            if sb.warning is not None:
                common.echo_warning(cut_quoted(f"{source}: {sb.warning}"))
            if keep is not None:
                keep(json_line(sb) if as_json else sb)  # type: ignore[arg-type]
                held += 1
            else:
                yield sb.updated()
            if held >= TABLE_ROWS:
                print_rows(fp)
                held = 0

    with common.streaming_gc(), common.AtomicOutput(output) as fp:
        if boards_out:
            fp.writelines(formats.iter_write(boards(fp), boards_out))
        else:
            for _ in boards(fp):
                pass
            print_rows(fp)
    return ExitCode.RULES if failures else ExitCode.OK


# -- events -------------------------------------------------------------------------


def _run_event(path: str, params: Mapping[str, Any], fmt_override: str | None, output: str | None,
               style: str, lang: Any) -> int:
    """Score an event: pairs (matchpoints, Neuberg, cross-IMPs, Butler) or a team match."""
    from bridgecli.core.scoring import find_rules
    from bridgecli.formats.stream import text_chunks
    from bridgecli.results.event import EventHints, SpilledResults, StreamedEvent, iter_results_of_chunks

    rules, (stream, source) = find_rules(params.get("scoring") or "duplicate"), common.open_input(path)
    hints = EventHints()  # a PBN Scoring tag names the producer's IMP conventions
    with SpilledResults() as store:  # the results in a temp file, written as they are scored
        try:
            for result in iter_results_of_chunks(text_chunks(stream, source), path, fmt_override, source, lang,
                                                 rules, hints):
                store.add(result)
        finally:
            common.close_input(stream)
        conv = event_options.event_conventions(hints.conventions(), params)  # options over the file's tag
        event = StreamedEvent(store, source=path, conventions=conv)
        with common.AtomicOutput(output) as fp:
            event.write(fp, bool(params.get("as_json")), lang, style)
    return ExitCode.OK


# -- the command -----------------------------------------------------------------


EXAMPLES = (
    "\b\nExamples:\n"
    "  bridgecli score 4SX -1 --vul both     # -200\n"
    "  printf '4S=\\n3NT-1 --vul both\\n' | bridgecli score -\n"
    "  bridgecli score sample_deals/valid/club_session.pbn\n"
)
"""The examples at the end of ``bridgecli score --help`` (run by the tests, from the repository root)."""


@click.command(context_settings={"ignore_unknown_options": True}, epilog=EXAMPLES)
@click.argument("args", nargs=-1, metavar="CONTRACT [RESULT] | - | FILE")
@click.option("--vul", default=None, metavar="none|ns|ew|both",
              help="Which sides are vulnerable (also all, -, n-s, e-w). Default: none.")
@click.option("--declarer", "-d", default=None, metavar="SEAT", help="Declarer N, E, S or W (default N).")
@click.option("--ns", is_flag=True, help="Print the score signed for N-S (needs --declarer).")
@json_option
@click.option("--imps", "imps_mode", is_flag=True, help="Print the IMPs of a difference: --imps 620 -100.")
@click.option("--event", "event_file", default=None, metavar="FILE",
              help="Score an event: PBN with several tables a board, or a CSV/YAML traveller.")
@click.option("--keep-going", is_flag=True, help="On a bad line or board: write 'error', go on, exit 1.")
@click.option("--scoring", default="duplicate", show_default=True, metavar="NAME",
              help="Scoring scheme (duplicate, oldmp).")
@format_option("--from", "Format of FILE (default: from extension or content).")
@format_option("--to", "Write FILE's boards back in this format, with Score tags added (as -o FILE.pbn does).")
@table_style_option()
@event_options.event_scoring_options
@output_option
@variant_option
@click.pass_context
def score(ctx: click.Context, /, args: tuple[str, ...], vul: str | None, declarer: str | None, ns: bool,
          as_json: bool, imps_mode: bool, event_file: str | None, keep_going: bool, scoring: str,
          tablefmt: str, output: str | None, variant_name: str | None = None, **kw: Any) -> None:
    """Score a contract's result (duplicate, Law 77), IMPs, a file of boards, or an event.

    CONTRACT is 4S, 4SX, 3NTXX, 3N, 4♠ or pass; RESULT is =, +1, -2 or the
    tricks taken (10), or joined to the contract (4SX-1). The output is the
    declarer side's score. With - (or no argument and piped input) every
    stdin line is scored like command-line arguments, one output line each
    (empty for a blank line or a comment line; '#' starts a comment, also after
    a result: 6NT= -d W # slam!). A FILE of such lines (found by content, as
    with -) is scored the same way; a FILE of boards gets a table.
    """
    from bridgecli.core.scoring import find_rules
    from bridgecli.formats.result_lines import is_board_text, names_board_file, open_result_lines
    from bridgecli.results.line_scores import read_head, result_line

    fmt_override = kw.get("from")
    a_file = len(args) == 1 and names_board_file(args[0], fmt_override)
    if not (variant_name is None and event_file is None and a_file and not imps_mode):
        # a file of boards is written back as boards (_run_file); everything else is text or --json
        ctx.params["as_json"] = as_json = output_format(output, "json" if as_json else None, ("text", "json"),
                                                        "text", option="--json") == "json"
    lang = get_lang(ctx)
    if variant_name is not None:
        if event_file or imps_mode or ns or declarer or not args or args == ("-",):
            raise click.UsageError("--variant scores one CONTRACT RESULT or a FILE: no --event, --imps, --ns,"
                                   " --declarer or stdin")
        from bridgecli.cli.common.variants import run_rubber, run_score

        if a_file:
            ctx.exit(run_rubber(variant_name, args[0], fmt_override, as_json, output))

        vul_words = {"yes": True, "vul": True, "both": True, "all": True, "no": False, "none": False}
        if vul is not None and vul.lower() not in vul_words:
            raise click.BadParameter("with --variant, --vul is yes or no (the declarer's vulnerability)",
                                     param_hint="--vul")
        line = run_score(variant_name, args, vul_words.get((vul or "no").lower(), False), as_json, lang)
        with common.AtomicOutput(output) as fp:
            fp.write(line + "\n")
        ctx.exit(0)
    try:
        find_rules(scoring)
    except ParseError as exc:
        raise click.UsageError(localise(exc.message), ctx) from None
    event_options.event_scoring_given(kw, event_file is not None)  # conventions only with --event
    if event_file is not None:
        if args:
            raise ParseError(f"--event takes no other arguments, not {args[0]!r}")
        try:
            ctx.exit(_run_event(event_file, ctx.params, fmt_override, output, tablefmt, lang))
        except BridgeError as exc:
            # rule errors of the event core know the line, not the file
            raise exc.located(source="<stdin>" if event_file == "-" else event_file) from None
    if not args and not imps_mode:
        if inputs.stdin_is_terminal():
            raise BridgeCliError("give CONTRACT [RESULT], - to read results from stdin, or a FILE of boards")
        args = ("-",)
    if args == ("-",) and not imps_mode and fmt_override is None:
        common.stdin_buffer()  # a closed stdin is an error before anything is read
        common.stdin_hint()
        # a board file on stdin (PBN, JSON, YAML, LIN) is scored as a FILE, as show and rubber do
        head, ended = read_head(inputs.stdin_reader())
        if is_board_text(head.decode("utf-8", "replace")):
            ctx.exit(_run_file("-", ctx, None, output, keep_going, tablefmt, stdin_head=head))
        ctx.exit(_run_batch(ctx, keep_going, output, head, ended))
    if a_file and not imps_mode:
        lines = open_result_lines(args[0], fmt_override)  # a FILE of result lines is scored as - is
        if lines is not None:
            with lines:  # (-o's extension picks text or JSON Lines, as for the lines on stdin)
                ctx.params["as_json"] = as_json or output_format(output, None, ("text", "json"), option="--json") == "json"
                ctx.exit(_run_batch(ctx, keep_going, output, b"", False, lambda: lines.read(1 << 16), args[0]))
        ctx.exit(_run_file(args[0], ctx, fmt_override, output, keep_going, tablefmt))
    if kw.get("to"):
        raise click.UsageError("--to writes the boards of a FILE back (with Score tags), not a result")
    if not imps_mode:
        common.check_result_words(ctx, args, lang)
    line = result_line(args, ctx.params, lang)
    if output not in (None, "-"):
        with common.AtomicOutput(output) as fp:
            fp.write(line + "\n")
    else:
        click.echo(line)


