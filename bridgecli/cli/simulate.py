"""``bridgecli simulate``: double-dummy simulation of contracts and opening leads."""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import click

from bridgecli.cli import BridgeCliError, ExitCode
from bridgecli.cli.common import AtomicOutput, get_lang, json_option, output_option, read_text
from bridgecli.cli.common.options import Count, PositiveFloat
from bridgecli.core.errors import ParseError, RuleError


def _pick(text: str, option: str, readers: tuple[Any, ...], message: str) -> Any:
    """The first reading of ``text`` by ``readers`` (English words, then the ``--lang`` ones); else a usage error."""
    for read in readers:
        try:
            return read(text.strip())
        except ParseError:
            continue
    raise click.BadParameter(message.format(text), param_hint=option)


def _seat(text: str, option: str, lang: Any) -> int:
    from bridgecli.dealer.session import seat_of

    return int(_pick(text, option, (seat_of, lang.parse_seat), "unknown seat {!r} (N, E, S, W)"))


def _contract(text: str, option: str, lang: Any) -> Any:
    from bridgecli.simulate.contracts import SimContract

    try:
        return SimContract.from_str(text, lang)
    except ParseError as exc:
        raise click.BadParameter(exc.message, param_hint=option) from exc


class _Progress:
    """The progress line on stderr (:func:`bridgecli.simulate.report.progress_text`), five updates a second at most."""

    def __init__(self, enabled: bool, cap: int | None, until_se: float | None) -> None:
        self.enabled, self.cap, self.until_se = enabled, cap, until_se
        self.start = time.monotonic()
        self.last = 0.0

    def update(self, agg: Any, final: bool = False) -> None:
        now = time.monotonic()
        if not self.enabled or (not final and now - self.last < 0.2):
            return
        from bridgecli.simulate.report import progress_text

        self.last = now
        click.echo("\r" + progress_text(agg, now - self.start, self.cap, self.until_se, final) + "   ",
                   err=True, nl=final)


EXAMPLES = (
    "\b\nExamples:\n"
    "  bridgecli simulate -n 200 --seed 1 --predeal 'N:AKJ32.K2.Q32.A32' \\\n"
    "      --predeal 'S:Q54.AQ3.KJ4.8765' --contract 4S:N --contract 3NT:N\n"
    "  bridgecli simulate --predeal 'W:KQJ2.K32.T98.542' --lead 3NT:S \\\n"
    "      --where 'hcp(north) + hcp(south) >= 25' -n 100 --seed 2\n"
    "  bridgecli deal -n 20 --seed 3 | bridgecli simulate - --contract 4S:N --contract 3NT:S\n"
)
"""The examples at the end of ``bridgecli simulate --help``."""

@click.command("simulate", epilog=EXAMPLES)
@click.argument("infile", metavar="[FILE]", required=False, type=click.Path(allow_dash=True))
@click.option("-n", "--count", "count", type=Count(1), default=None, metavar="N",
              help="Deals to simulate (default 100; with FILE, all; with --until-se, the most).")
@click.option("--contract", "contracts", multiple=True, metavar="C",
              help="A contract with its declarer: 4S:N, 3NTX:S, 5DXX:E. Repeat to compare.")
@click.option("--lead", "lead", default=None, metavar="C",
              help="Compare every opening lead against this contract (e.g. 3NT:S); predeal the leader's hand.")
@click.option("--scoring", type=click.Choice(["imps", "mp", "total"], case_sensitive=False), default="imps",
              show_default=True, help="Payoff scoring: IMPs, matchpoints against the listed contracts, total points.")
@click.option("--vul", "vul_opt", default="none", show_default=True, metavar="V",
              help="Vulnerability: none, NS, EW, all.")
@click.option("--dealer", "dealer_opt", default=None, metavar="SEAT", help="Dealer, reported in --json (no double-dummy result depends on it).")
@click.option("--where", "wheres", multiple=True, metavar="EXPR",
              help="Condition in dealer's language, as in `deal`; several are ANDed (with FILE: a filter).")
@click.option("--predeal", "predeals", multiple=True, metavar="SPEC",
              help="Fix cards, as in `deal`: 'W:KQJ2.K32.T98.54' or 'north=SAKQ,HA'.")
@click.option("--script", "script_path", default=None, metavar="FILE",
              type=click.Path(dir_okay=False, allow_dash=True), help="A dealer input file (its condition and predeal).")
@click.option("--seed", type=Count(0), default=None, metavar="N",
              help="Random seed (default: a fresh one, reported).")
@click.option("--until-se", "until_se", type=PositiveFloat(), default=None, metavar="X",
              help="Deal until every payoff's standard error is below X (-n caps it; missed: exit 1).")
@click.option("--symmetrize", "symmetrize", default=None, metavar="SEATS",
              help="Also count each deal with the hands of these seats permuted (E,W or E,W,N).")
@click.option("-j", "--jobs", type=Count(1), default=1, show_default=True, metavar="J",
              help="Local worker processes (at most the cores); same numbers whatever J is.")
@click.option("--executor", default="local", show_default=True, metavar="SPEC",
              help="local, dask-local:N or dask://HOST:PORT (needs bridgecli[cluster]).")
@click.option("--worker-timeout", type=PositiveFloat(), default=60.0, show_default=True,
              metavar="SECONDS", help="How long a Dask scheduler with no worker is waited on.")
@click.option("--max-tries", type=Count(1), default=10_000_000, show_default=True, metavar="N",
              help="Deals a chunk may try to find its deals before the run stops (exit 1).")
@click.option("--records", "records_path", default=None, metavar="FILE",
              type=click.Path(dir_okay=False, writable=True),
              help="One row a deal to FILE.csv, FILE.jsonl or FILE.parquet (needs pyarrow).")
@click.option("--svg", "svg_path", default=None, metavar="FILE", type=click.Path(dir_okay=False, writable=True),
              help="Draw the trick distributions and payoffs to an SVG file.")
@click.option("--progress/--no-progress", default=None, help="Progress on stderr (default: when stderr is a terminal).")
@json_option
@output_option
@click.pass_context
def simulate(ctx: click.Context, infile: str | None, count: int | None, contracts: tuple[str, ...], lead: str | None,
             scoring: str, vul_opt: str, dealer_opt: str | None, wheres: tuple[str, ...], predeals: tuple[str, ...],
             script_path: str | None, seed: int | None, until_se: float | None, symmetrize: str | None, jobs: int,
             executor: str, worker_timeout: float, max_tries: int, records_path: str | None, svg_path: str | None,
             progress: bool | None, as_json: bool, output: str | None) -> None:
    """Answer bidding and lead questions by double-dummy simulation.

    Deals as `deal` does (or reads the deals of FILE, - for stdin), solves
    each deal double dummy for the contracts asked (or every opening lead),
    and reports make % with a 95% interval, tricks and scores with standard
    errors, the trick distribution, the payoff of every contract (or lead)
    against every other with 95% intervals, and why the run stopped. The
    same --seed gives the same numbers whatever --jobs or --executor is.
    Needs the DDS solver: pip install 'bridgecli[dds]'.
    """
    from bridgecli.cli.common import output_format

    fmt = output_format(output, "json" if as_json else None, ("text", "json"), "text", option="--json")
    from bridgecli.solver import dds

    try:
        dds.load()
    except dds.SolverMissingError as exc:
        raise BridgeCliError(exc.message, ExitCode.USAGE) from exc
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from bridgecli.cli.common import where_error
    from bridgecli.dealer import expr as expr_mod
    from bridgecli.dealer.generate import Predeal
    from bridgecli.dealer.predeal import parse_predeal
    from bridgecli.simulate import run

    given = {"--predeal": predeals, "--script": script_path, "--seed": seed is not None,
             "--max-tries": ctx.get_parameter_source("max_tries") != click.core.ParameterSource.DEFAULT}
    if infile is not None and any(given.values()):
        raise click.UsageError(f"FILE gives the deals: {', '.join(k for k, v in given.items() if v)} "
                               "would deal them (--where filters FILE's deals)")
    if infile is None:
        _note_ignored_stdin()
    lang = get_lang(ctx)
    sims = [_contract(text, "--contract", lang) for text in contracts]
    lead_c = None if lead is None else _contract(lead, "--lead", lang)
    if not sims and lead_c is None:
        raise click.UsageError("give at least one --contract (4S:N) or a --lead question (3NT:S)")
    from bridgecli.dealer.session import vul_of

    vul = _pick(vul_opt, "--vul", (vul_of, lambda t: vul_of(lang.parse_vul(t))),
                "unknown vulnerability {!r} (none, NS, EW, all)")
    if dealer_opt is not None:
        _seat(dealer_opt, "--dealer", lang)
    seats: tuple[int, ...] = ()
    if symmetrize is not None:
        seats = tuple(_seat(s, "--symmetrize", lang) for s in symmetrize.replace(" ", "").split(",") if s)
        if len(set(seats)) < 2:
            raise click.BadParameter("name two or more seats, as E,W or E,W,N", param_hint="--symmetrize")
    from bridgecli.cli.common import cap_jobs
    from bridgecli.cli.common.options import check_executor

    executor = check_executor(executor)

    jobs = cap_jobs(jobs) or 1
    script_text = script_name = None
    if script_path is not None:
        script_text, script_name = read_text(script_path)
    names: list[str] = []  # the script's variables, which --where may use
    if script_text is not None and wheres:
        from bridgecli.dealer.script import parse_script

        # outside the --where loop: an error in the script names the script (FILE:LINE:COL)
        names = list(parse_script(script_text, script_name).variables)
    for text in wheres:
        try:
            expr_mod.parse(text, names=names)
        except ParseError as exc:
            raise where_error(exc, text, "--where") from exc
    predeal = Predeal()
    for spec_text in predeals:
        seat, cards = parse_predeal(spec_text, lang)
        try:
            predeal = predeal.with_cards(seat, cards)
        except ParseError as exc:
            raise ParseError(f"--predeal {spec_text!r}: {exc.message}") from exc
    deals = source = None
    if infile is not None:
        boards, source = _given(infile)
        deals, predeal = run.with_leader_hand(boards, lead_c, predeal)
    random_seed = seed is None and infile is None
    if seed is None:
        import secrets

        seed = secrets.randbits(48) if infile is None else 0
    try:
        question = run.make_question(sims, lead_c, seed=seed, where=wheres, predeal=predeal, script=script_text,
                                     script_source=script_name, symmetrize=seats, max_tries=max_tries)
    except RuleError as exc:  # options that contradict each other: nothing was read or dealt
        raise BridgeCliError(str(exc), ExitCode.USAGE) from exc
    n = count if count is not None else None if infile is not None else 1_000_000 if until_se is not None else 100
    meter = _Progress(progress if progress is not None else sys.stderr.isatty(), n, until_se)
    records = None
    if records_path is not None:
        from bridgecli.simulate.records import open_records

        records = open_records(records_path, question, AtomicOutput)  # worded as -o's

    def on_chunk(agg: Any, chunk: Any, extra: dict[str, Any], first: int) -> None:
        if records is not None:
            records.write(agg, chunk, extra, first)
        meter.update(agg)

    interrupt: BaseException | None = None
    bad: list[RuleError] = []  # a board of FILE simulate cannot use: the figures before it, then exit 1
    try:
        chunks = None if deals is None else run.given_chunks(deals, question, n, source, bad)
        summary = run.simulate_question(question, n, vul, scoring.lower(), until_se, jobs, executor, on_chunk,
                                        deals=chunks, worker_timeout=worker_timeout, source=source, bad=bad,
                                        on_wait=lambda text: click.echo(f"bridgecli: note: {text}", err=True))
    except run.SimulationInterrupted as exc:
        summary, interrupt = exc.summary, exc.__cause__ or exc  # the figures so far are written, then exit 130
    except BaseException:
        if records is not None:
            records.abort()
        raise
    if records is not None:
        (records.close if interrupt is None else records.abort)()  # no partial records file
    if meter.enabled:
        click.echo("", err=True)
    if dealer_opt is not None:
        summary["dealer"] = "NESW"[_seat(dealer_opt, "--dealer", lang)]
    if svg_path is not None:
        from bridgecli.simulate.svg import render_svg

        with AtomicOutput(svg_path) as fp:
            fp.write(render_svg(summary, lang))
    import json

    with AtomicOutput(output) as out:
        if fmt == "json":
            out.write(json.dumps(summary, ensure_ascii=False, allow_nan=False) + "\n")
        else:
            from bridgecli.simulate.report import render_text

            out.write(render_text(summary, lang))
    if random_seed:
        click.echo(f"simulate: seed {seed} (repeat with --seed {seed})", err=True)
    if interrupt is not None:
        raise interrupt
    missed = bad[0] if bad else run.stop_error(summary, max_tries)
    if missed is not None:
        raise missed


def _given(infile: str) -> tuple[Any, str]:
    """The boards of FILE (a record that cannot be read is raised where it is met), and its name."""
    from bridgecli.cli.common import read_records
    from bridgecli.core.errors import BridgeError

    records, source, _ = read_records(infile, None)

    def boards() -> Any:
        for item in records:
            if isinstance(item, BridgeError):
                raise item
            yield item

    return boards(), source


def _note_ignored_stdin() -> None:
    """Say that piped input is not read without FILE (simulate deals its own hands)."""
    import stat

    try:
        piped = stat.S_ISFIFO(os.fstat(sys.stdin.fileno()).st_mode)
    except (AttributeError, OSError, ValueError):
        piped = False
    if piped:
        click.echo("bridgecli: note: simulate deals its own hands and does not read stdin; "
                   "give - to simulate the deals piped in", err=True)
