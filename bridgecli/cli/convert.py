"""``bridgecli convert``: boards between PBN, YAML, JSON and LIN."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import click

from bridgecli.cli import BridgeCliError, ExitCode, localise
from bridgecli.cli.common import (
    FORMAT_NAMES,
    AtomicOutput,
    input_argument,
    output_format,
    output_option,
    quiet_stdout,
    read_records,
    report,
    report_capped,
)
from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError
from bridgecli.executors import streaming_gc

EXAMPLES = (
    "\b\nExamples:\n"
    "  bridgecli convert sample_deals/valid/club_session.pbn -o club.yaml\n"
    "  bridgecli convert sample_deals/valid/club_session.lin --to pbn | bridgecli show - --brief\n"
    "  bridgecli convert docs/examples/polish.yaml --to json\n"
)
"""The examples at the end of ``bridgecli convert --help`` (run by the tests, from the repository root)."""


#: Output to stdout is held back up to this many characters, so that a bad record
#: early in the input leaves stdout empty; past it, the output streams (with
#: ``-o`` nothing is written on a bad record: the temporary file is dropped).
HOLD = 1 << 20


@click.command("convert", epilog=EXAMPLES)
@input_argument
@click.option("--from", "from_", type=click.Choice(FORMAT_NAMES, case_sensitive=False), default=None,
              help="Input format (default: from the extension, else the content).")
@click.option("--to", "to", type=click.Choice(FORMAT_NAMES, case_sensitive=False), default=None,
              help="Output format (default: from the -o extension).")
@output_option
@click.option("--skip-bad", "--keep-going", "skip_bad", is_flag=True,
              help="Convert the good boards, report the bad ones on stderr and exit 1.")
@click.pass_context
def convert(ctx: click.Context, infile: str, from_: str | None, to: str | None, output: str | None,
            skip_bad: bool) -> None:
    """Convert the boards of FILE (or - for stdin) to PBN, YAML, JSON or LIN.

    The input format comes from --from, else the file extension, else the
    content. A board that cannot be read stops the conversion (exit 2) and
    nothing is written: -o is replaced atomically, so an
    existing file is left untouched, and -o may name the input file.
    With --skip-bad (or --keep-going, as other commands call it) the good
    boards are written and each bad one is reported.
    An input without any board is an error (exit 2).
    """
    from bridgecli.formats import iter_write

    to = output_format(output, to, FORMAT_NAMES, option="--to")
    if not to:
        raise click.UsageError("no output format: give --to pbn|yaml|json|lin (or -o FILE with a known extension)")
    source = "<stdin>" if infile == "-" else infile
    # read and written a board at a time; the counts and the exit code are kept as it goes
    state = {"good": 0, "bad": 0, "code": 0}

    def good_boards() -> Iterator[Board]:
        for rec in read_records(infile, from_, skip_empty=True)[0]:
            if isinstance(rec, BridgeError):
                state["bad"] += 1
                if skip_bad:
                    where = rec.where()
                    report_capped(f"bridgecli: skipped: {localise(f'{where}: {rec}' if where else str(rec))}",
                                  rec.source)
                else:
                    state["code"] = max(state["code"], report(ctx, rec))
                continue
            if state["bad"] and not skip_bad:
                continue  # read on only to report every bad record
            state["good"] += 1
            yield rec

    def failed(streamed: bool = False) -> None:
        if state["bad"] > 1 or streamed:
            what = "the boards before the first were written" if streamed else "nothing written"
            click.echo(f"bridgecli: {state['bad']} bad record{'s' * (state['bad'] != 1)}, {what}"
                       " (--skip-bad converts the rest)", err=True)
        ctx.exit(state["code"])

    boards = good_boards()
    first = next(boards, None)
    if first is None:
        if state["bad"] and not skip_bad:
            failed()
        raise BridgeCliError(f"{source}: no boards" + (" left after skipping bad records" if state["bad"] else ""),
                             ExitCode.USAGE)
    try:
        with AtomicOutput(output) as fp, streaming_gc():
            held: list[str] | None = [] if output in (None, "-") else None  # see HOLD
            size = 0
            try:
                for text in iter_write(itertools.chain([first], boards), to.lower()):
                    if held is None:
                        fp.write(text)
                        continue
                    held.append(text)
                    size += len(text)
                    if size > HOLD:
                        fp.write("".join(held))
                        held = None
            except BridgeError as unwritable:
                raise unwritable.located(source=source) from None
            if state["bad"] and not skip_bad:
                failed(output in (None, "-") and held is None)  # -o: the temporary file goes
            if held:
                fp.write("".join(held))
    except BrokenPipeError:
        quiet_stdout()
        return
    if state["bad"]:
        good, bad = state["good"], state["bad"]
        click.echo(f"bridgecli: converted {good} board{'s' * (good != 1)}, skipped {bad}", err=True)
        ctx.exit(ExitCode.RULES)
