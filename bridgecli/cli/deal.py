"""``bridgecli deal``: deal boards at random or to dealer-style constraints, fast and reproducibly."""

from __future__ import annotations

import sys
import time
from typing import Any

import click

from bridgecli.cli import BridgeCliError, ExitCode
from bridgecli.cli.common import (
    AtomicOutput,
    Count,
    cap_jobs,
    get_lang,
    note,
    output_format,
    output_option,
    read_text,
    variant_option,
    where_error,
)
from bridgecli.core.errors import ParseError

FORMATS = ("pbn", "yaml", "json", "lin", "text")


class _Progress:
    """Progress on stderr: dealt, accepted, rate, ETA; at most five updates a second, the first
    after a second (a run that ends sooner shows none)."""

    #: Seconds before the first line.
    DELAY = 1.0

    def __init__(self, enabled: bool, target: int | None, limit: int | None = None) -> None:
        self.enabled = enabled
        self.target = target
        self.limit = limit  # --max-tries: the run may stop there first
        self.start = time.monotonic()
        self.last = 0.0
        self.shown = False

    def update(self, accepted: int, tried: int, final: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if final and not self.shown:
            return
        if not final and (now - self.last < 0.2 or now - self.start < self.DELAY):
            return
        self.last = now
        self.shown = True
        elapsed = max(now - self.start, 1e-9)
        rate = accepted / elapsed
        eta = ""
        if not final and (self.target or self.limit):
            # the sooner of the two ends: the boards asked for, or --max-tries
            ends = [((self.target - accepted) / rate, "") if self.target and rate > 0 else None,
                    ((self.limit - tried) / (tried / elapsed), " at --max-tries") if self.limit and tried else None]
            left, why = min((e for e in ends if e is not None), default=(None, ""))
            if left is not None:
                eta = f", ETA {max(0.0, left):.0f} s{why}"
        pct = 100.0 * accepted / tried if tried else 0.0
        click.echo(f"\rdeal: {accepted:,}/{tried:,} accepted ({pct:.3g}%), {rate:,.0f}/s{eta}   ",
                   err=True, nl=final)


EXAMPLES = (
    "\b\nExamples:\n"
    "  bridgecli deal -n 4 --seed 1 | bridgecli show -\n"
    "  bridgecli deal -n 3 --seed 7 -o 1nt.txt \\\n"
    "      --where 'hcp(north) >= 15 && shape(north, any 4333 + any 4432)'\n"
    "  bridgecli deal -n 10000 --seed 1 --stats 'hcp(south)' > /dev/null\n"
)
"""The examples at the end of ``bridgecli deal --help`` (run by the tests, from the repository root)."""


@click.command("deal", epilog=EXAMPLES)
@click.option("-n", "--count", "count", type=Count(1), default=1, metavar="N", show_default=True,
              help="Number of boards to deal (1 or more).")
@click.option("--seed", type=Count(0), default=None, metavar="N",
              help="Random seed (default: a fresh one, written into the output).")
@click.option("--start-board", type=Count(1), default=1, metavar="N", show_default=True,
              help="Number of the first board.")
@click.option("--dealer", "dealer_opt", default=None, metavar="N|E|S|W",
              help="Fixed dealer (default: from the board number).")
@click.option("--vul", "vul_opt", default=None, metavar="none|ns|ew|all",
              help="Fixed vulnerability none/NS/EW/all (default: from the board number).")
@click.option("--where", "wheres", multiple=True, metavar="EXPR",
              help="Condition in dealer's language, e.g. 'hcp(north) >= 15'; several are ANDed.")
@click.option("--predeal", "predeals", multiple=True, metavar="SPEC",
              help="Fix cards: 'N:AKQJ.AKQ.AKQ.AKQ' or 'north=SAKQ,HA'.")
@click.option("--script", "script_path", default=None, metavar="FILE",
              type=click.Path(allow_dash=True), help="A dealer input file.")
@click.option("--format", "fmt", type=click.Choice(FORMATS, case_sensitive=False), default=None,
              help="Output format (default pbn; from -o's extension; text = one line a deal).")
@output_option
@click.option("--jobs", "-j", type=Count(1), default=1, metavar="J", show_default=True,
              help="Deal in J processes (same output).")
@click.option("--max-tries", type=Count(1), default=10_000_000, metavar="N", show_default=True,
              help="Give up (exit 1) after dealing this many without finding enough.")
@click.option("--progress/--no-progress", default=None,
              help="Progress on stderr (default: when stderr is a terminal).")
@click.option("--stats", "stats", is_flag=False, flag_value="", default=None, metavar="[EXPR]",
              help="Print the acceptance rate on stderr; with EXPR, its mean and distribution.")
@variant_option
@click.pass_context
def deal(ctx: click.Context, count: int, seed: int | None, start_board: int, dealer_opt: str | None,
         vul_opt: str | None, wheres: tuple[str, ...], predeals: tuple[str, ...], script_path: str | None,
         fmt: str | None, output: str | None, jobs: int, max_tries: int, progress: bool | None,
         stats: str | None, variant_name: str | None = None) -> None:
    """Deal boards at random, or to constraints in the classic dealer's language.

    Every deal is equally likely; the same seed and options give the same
    output, whatever --jobs is. Conditions that look at some seats only
    deal those seats first.
    """
    if start_board + max(count, 1) - 1 >= 10**18:
        # the readers take board numbers of up to 18 digits: a larger one could not be read back
        from click.core import ParameterSource

        start_given = ctx.get_parameter_source("start_board") != ParameterSource.DEFAULT
        raise click.BadParameter("board numbers must stay below 10**18",
                                 param_hint="'--start-board' + '-n'" if start_given else "-n")
    if variant_name is not None:
        if wheres or predeals or script_path or stats is not None or dealer_opt or vul_opt:
            raise click.UsageError("--variant deals by its own procedure: no --where, --predeal, --script,"
                                   " --stats, --dealer or --vul")
        from bridgecli.cli.common.variants import run_deal

        ctx.exit(run_deal(variant_name, count, seed, start_board, fmt, output))
    jobs = cap_jobs(jobs) or 1
    from bridgecli.dealer import session

    lang = get_lang(ctx) if predeals or dealer_opt is not None or vul_opt is not None else None
    fixed_dealer = None if dealer_opt is None else _option(session.seat_of, lang and lang.parse_seat, dealer_opt,
                                                           "--dealer", "unknown seat {!r} (N, E, S, W)")
    fixed_vul = None if vul_opt is None else _option(
        session.vul_of, lang and (lambda t: session.vul_of(lang.parse_vul(t))), vul_opt, "--vul",
        "unknown vulnerability {!r} (none, NS, EW, all)")
    script_text: str | None = None
    script_name: str | None = None
    if script_path is not None:
        script_text, script_name = read_text(script_path)
    given = (click.core.ParameterSource.DEFAULT, None)
    try:
        plan = session.plan(None if ctx.get_parameter_source("count") in given else count, seed=seed, where=wheres,
                            predeal=predeals, script=script_text, script_source=script_name,
                            start_board=start_board, dealer=fixed_dealer, vul=fixed_vul,
                            max_tries=None if ctx.get_parameter_source("max_tries") in given else max_tries,
                            stats=stats, lang=lang)
    except session.ExpressionError as exc:
        raise where_error(exc, exc.expression, exc.option) from exc
    if fmt is None:
        named = output_format(output, None, FORMATS)
        fmt = named or plan.default_format()
    fmt = fmt.lower()
    if seed is None and fmt in ("text", "printall", "none", "lin"):
        # these formats have no Generator tag: say the seed first (`| head` keeps it), so the run can be repeated
        note(f"seed {plan.seed} (repeat with --seed {plan.seed})")
    if fmt == "text" and (start_board != 1 or fixed_dealer is not None or fixed_vul is not None):
        note("--format text writes the deals alone: a reader numbers them from 1, with the dealer and"
             " vulnerability those numbers give (--start-board, --dealer and --vul are not written)")
    meter = _Progress(progress if progress is not None else sys.stderr.isatty(), plan.target, plan.limit)
    from bridgecli.dealer.output import localizer

    localize = localizer(get_lang(ctx) if fmt == "text" and _has_lang(ctx) else None)
    if session.uses_numpy(plan):
        from bridgecli.dealer.run import keep_freed_memory

        keep_freed_memory()  # this process's own malloc: fewer page faults between batches
    with AtomicOutput(output, binary=True) as out:
        try:
            result = session.run(plan, out, fmt, jobs=jobs, localize=localize, progress=meter.update)
        except ModuleNotFoundError as exc:
            raise BridgeCliError(f"format {fmt!r} is not available in this build", ExitCode.USAGE) from exc
    if stats is not None:
        click.echo(result.report(), err=True, nl=False)
    short = result.shortfall()  # raises RuleError when too few were found
    if short:
        note(short)
    from bridgecli.cli.interrupts import allow_quick_exit

    allow_quick_exit()  # the output is closed and the workers are gone: nothing left to tear down


def _option(read: Any, read_lang: Any, text: str, option: str, message: str) -> Any:
    """``read(text)``, else ``read_lang(text)`` (the ``--lang`` reading); a usage error when neither reads it."""
    for reader in (read, read_lang):
        if reader is None:
            continue
        try:
            return reader(text)
        except ParseError:
            continue
    raise click.BadParameter(message.format(text), param_hint=option)


def _has_lang(ctx: click.Context | None) -> bool:
    """Whether a ``--lang`` was given on the command line (English otherwise, without the notation tables)."""
    while ctx is not None:
        if isinstance(ctx.obj, dict) and "lang" in ctx.obj:
            return True
        ctx = ctx.parent
    return False
