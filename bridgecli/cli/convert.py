"""``bridgecli convert``: boards between PBN, YAML, JSON and LIN."""

from __future__ import annotations

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

EXAMPLES = (
    "\b\nExamples:\n"
    "  bridgecli convert sample_deals/valid/club_session.pbn -o club.yaml\n"
    "  bridgecli convert sample_deals/valid/club_session.lin --to pbn | bridgecli show - --brief\n"
    "  bridgecli convert docs/examples/polish.yaml --to json\n"
)
"""The examples at the end of ``bridgecli convert --help`` (run by the tests, from the repository root)."""


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
    from bridgecli.formats import write_boards

    to = output_format(output, to, FORMAT_NAMES, option="--to")
    if not to:
        raise click.UsageError("no output format: give --to pbn|yaml|json|lin (or -o FILE with a known extension)")
    boards: list[Board] = []
    bad: list[BridgeError] = []
    for rec in read_records(infile, from_, skip_empty=True)[0]:
        if isinstance(rec, BridgeError):
            bad.append(rec)
        else:
            boards.append(rec)
    source = "<stdin>" if infile == "-" else infile
    if bad and not skip_bad:
        code = max(report(ctx, e) for e in bad)
        if len(bad) > 1:
            click.echo(f"bridgecli: {len(bad)} bad records, nothing written (--skip-bad converts the rest)",
                       err=True)
        ctx.exit(code)
    if not boards:
        for exc in bad:
            report(ctx, exc)
        raise BridgeCliError(f"{source}: no boards" + (" left after skipping bad records" if bad else ""),
                             ExitCode.USAGE)
    try:
        text = write_boards(boards, to.lower())
    except BridgeError as unwritable:
        raise unwritable.located(source=source) from None
    try:
        with AtomicOutput(output) as fp:
            fp.write(text)
    except BrokenPipeError:
        quiet_stdout()
        return
    if bad:
        for exc in bad:
            where = exc.where()
            report_capped(f"bridgecli: skipped: {localise(f'{where}: {exc}' if where else str(exc))}", exc.source)
        click.echo(f"bridgecli: converted {len(boards)} board{'s' * (len(boards) != 1)}, skipped {len(bad)}",
                   err=True)
        ctx.exit(ExitCode.RULES)
