"""``bridgecli validate-auction``: check auctions against the Laws, board by board.

The checking is :mod:`bridgecli.checks.auctions` (``bc.check_auction``,
``bc.check_auctions``); this module reads the options and prints.
"""

from __future__ import annotations

from typing import NoReturn

import click

from bridgecli.cli import BridgeCliError, ExitCode
from bridgecli.cli.common import (
    FORMAT_NAMES,
    AtomicOutput,
    Count,
    get_lang,
    input_argument,
    json_option,
    keep_going_option,
    output_format,
    output_option,
    records_done,
    variant_option,
)
from bridgecli.core.auction import BRIDGE
from bridgecli.core.errors import ParseError

#: Below this many games a file is checked in one process (without --jobs).
PARALLEL_MIN_GAMES = 20_000

EXAMPLES = (
    "\b\nExamples:\n"
    '  bridgecli validate-auction --dealer N --calls "1NT P 3NT P P P"\n'
    '  bridgecli validate-auction --dealer S --calls "1H X XX" --legal-calls\n'
    "  bridgecli validate-auction sample_deals/valid/club_session.pbn --json\n"
)
"""The examples at the end of ``bridgecli validate-auction --help`` (run by the tests, from the repository root)."""


@click.command("validate-auction", epilog=EXAMPLES)
@input_argument
@click.option("--dealer", metavar="SEAT", default=None, help="Dealer of an inline auction (N, E, S, W).")
@click.option("--calls", "calls_text", metavar="CALLS", default=None,
              help='An inline auction from the dealer, e.g. "1NT P 3NT P P P".')
@click.option("--from", "from_", type=click.Choice(FORMAT_NAMES, case_sensitive=False), default=None,
              help="Input format (default: from extension or content).")
@click.option("--format", "old_format", type=click.Choice(FORMAT_NAMES, case_sensitive=False), default=None,
              hidden=True, help="The old name of --from.")
@click.option("--require-complete", is_flag=True, help="An auction that has not closed is an error.")
@click.option("--legal-calls", "want_legal_calls", is_flag=True,
              help="For an open auction, list the legal next calls.")
@click.option("-j", "--jobs", type=Count(1), default=None, metavar="N",
              help=f"Worker processes for a PBN file (default: one an idle core from {PARALLEL_MIN_GAMES:,} boards).")
@json_option
@output_option
@keep_going_option
@variant_option
@click.pass_context
def validate_auction(
    ctx: click.Context,
    infile: str,
    dealer: str | None,
    calls_text: str | None,
    from_: str | None,
    old_format: str | None,
    require_complete: bool,
    want_legal_calls: bool,
    jobs: int | None,
    as_json: bool,
    output: str | None,
    keep_going: bool = False,
    variant_name: str | None = None,
) -> None:
    """Check the auction of every board of FILE (or stdin), or one inline
    auction, against the Laws (18-22): sufficient bids, doubles and redoubles,
    closing passes; report the contract and declarer.

    One line a board: the contract ("4SX by W"), "passed out", "incomplete",
    or the first illegal call with its reason. A board whose Contract/Declarer
    tags disagree with its auction is a mismatch. Text output numbers calls
    from 1; the JSON "error.index" counts from 0.

    Exit status: 0 all legal (an open auction is legal unless
    --require-complete); 1 an illegal call, a mismatch or an open auction under
    --require-complete (every board is still reported); 2 unreadable input,
    no boards, or an unknown call. After exit 2, -o FILE is left as it was
    (--keep-going writes the report anyway, exit 1).
    """
    as_json = output_format(output, "json" if as_json else None, ("text", "json"), "text", option="--json") == "json"
    lang = get_lang(ctx)
    if from_ and old_format and from_.lower() != old_format.lower():
        raise click.UsageError("--from and --format (its old name) say different formats")
    format = from_ or old_format
    rules = BRIDGE
    if variant_name is not None:
        from bridgecli.cli.common.variants import auction_rules, is_point_auction, run_point_validate

        if is_point_auction(variant_name):
            ctx.exit(run_point_validate(variant_name, infile, dealer, calls_text, format, require_complete, as_json,
                                        output, lang))

        rules = auction_rules(variant_name)
        if jobs is not None and jobs > 1:
            raise click.UsageError("--variant runs in one process: no --jobs")
    from bridgecli.checks.auctions import check_auction, check_auctions
    from bridgecli.render.auctions import write_checks

    inline = calls_text is not None or dealer is not None
    if inline:
        if calls_text is None:
            raise click.UsageError("--dealer needs --calls")
        if dealer is None:
            raise click.UsageError("--calls needs --dealer")
        if infile != "-":
            raise click.UsageError("give FILE or --calls, not both")
        try:
            seat = lang.parse_seat(dealer)
        except ParseError as exc:
            raise click.BadParameter(str(exc), param_hint="--dealer") from None
        if seat not in rules.seats:
            raise click.BadParameter(f"{seat.letter!r} does not play {rules.name}", param_hint="--dealer")
        verdict = check_auction(seat, calls_text, require_complete=require_complete, legal_calls=want_legal_calls,
                                lang=lang, rules=rules)
        with AtomicOutput(output) as fp:
            code, n = write_checks(fp, [verdict], as_json=as_json, lang=lang, inline=True)
            _exit(ctx, code, n, None, output)
    if variant_name is not None:
        from bridgecli.cli.common import read_records
        from bridgecli.cli.common.variants import with_dealers

        records, source, _ = read_records(infile, format)
        checks = check_auctions(with_dealers(records, variant_name), require_complete=require_complete,
                                legal_calls=want_legal_calls, rules=rules)
        with AtomicOutput(output) as fp:
            code, _ = write_checks(fp, checks, as_json=as_json, lang=lang)
            code = records_done(code, keep_going, output)
        ctx.exit(code)
    from bridgecli.cli.common import cap_jobs, close_input, open_input
    from bridgecli.executors import streaming_gc

    stream, source = open_input(infile)
    try:
        try:
            checks = check_auctions(stream, fmt=format, jobs=cap_jobs(jobs), require_complete=require_complete,
                                    legal_calls=want_legal_calls, name=source)
        except ModuleNotFoundError as exc:
            raise BridgeCliError(str(exc), ExitCode.USAGE) from None
        with AtomicOutput(output) as fp:
            with streaming_gc():
                code, n = write_checks(fp, checks, as_json=as_json, lang=lang)
            close_input(stream)
            _exit(ctx, code, n, source, output)  # inside the block: exit 2 keeps -o as it was
    finally:
        close_input(stream)


def _exit(ctx: click.Context, code: int, records: int, source: str | None, output: str | None) -> NoReturn:
    """End the command with ``code`` (inside the ``-o`` block: exit 2 keeps the old
    file, see :func:`~bridgecli.cli.common.records_done`); an input without a single
    board is an error."""
    if records == 0 and source is not None:
        raise BridgeCliError(f"{source}: no boards", ExitCode.USAGE)
    ctx.exit(records_done(code, None, output))
