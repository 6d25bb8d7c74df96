"""``bridgecli deal``: deal boards at random or to dealer-style constraints, fast and reproducibly."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING, Any

import click

from bridgecli import __version__
from bridgecli.cli import BridgeCliError, ExitCode
from bridgecli.cli.common import (
    AtomicOutput,
    cap_jobs,
    get_lang,
    output_format,
    output_option,
    read_text,
    variant_option,
    where_error,
)
from bridgecli.core.errors import ParseError, RuleError

FORMATS = ("pbn", "yaml", "json", "lin", "text")

_SEATS = {"n": 0, "north": 0, "e": 1, "east": 1, "s": 2, "south": 2, "w": 3, "west": 3}
_VULS = {"none": "None", "love": "None", "-": "None", "ns": "NS", "ew": "EW", "all": "All", "both": "All"}
_VUL_CODE = {"None": 0, "NS": 1, "EW": 2, "All": 3}


class _Progress:
    """Progress on stderr: dealt, accepted, rate, ETA; at most five updates a second, the first
    after a second (a run that ends sooner shows none)."""

    #: Seconds before the first line.
    DELAY = 1.0

    def __init__(self, enabled: bool, target: int | None) -> None:
        self.enabled = enabled
        self.target = target
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
        if self.target and rate > 0 and not final:
            eta = f", ETA {max(0.0, (self.target - accepted) / rate):.0f} s"
        pct = 100.0 * accepted / tried if tried else 0.0
        click.echo(f"\rdeal: {accepted:,}/{tried:,} accepted ({pct:.3g}%), {rate:,.0f}/s{eta}   ",
                   err=True, nl=final)


def _printall(owner: Any, start: int) -> str:
    """dealer's ``printall`` layout: four hands side by side, N E S W."""
    lines: list[str] = []
    ranks = "23456789TJQKA"
    for k in range(owner.shape[1]):
        col = owner[:, k]
        lines.append(f"{start + k:4d}.")
        for s in (3, 2, 1, 0):
            cells = []
            for seat in range(4):
                held = [ranks[r] for r in range(12, -1, -1) if col[13 * s + r] == seat]
                cells.append(" ".join(held) + " " if held else "- ")
            lines.append("".join(c.ljust(20) for c in cells[:3]) + cells[3])
        lines.append("")
    return "\n".join(lines) + "\n"


EXAMPLES = (
    "\b\nExamples:\n"
    "  bridgecli deal -n 4 --seed 1 | bridgecli show -\n"
    "  bridgecli deal -n 3 --seed 7 -o 1nt.txt \\\n"
    "      --where 'hcp(north) >= 15 && shape(north, any 4333 + any 4432)'\n"
    "  bridgecli deal -n 10000 --seed 1 --stats 'hcp(south)' -o /dev/null\n"
)
"""The examples at the end of ``bridgecli deal --help`` (run by the tests, from the repository root)."""


@click.command("deal", epilog=EXAMPLES)
@click.option("-n", "--count", "count", type=click.IntRange(min=0), default=1, metavar="N", show_default=True,
              help="Number of boards to deal.")
@click.option("--seed", type=click.IntRange(min=0), default=None, metavar="N",
              help="Random seed (default: a fresh one, written into the output).")
@click.option("--start-board", type=click.IntRange(min=1), default=1, metavar="N", show_default=True,
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
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, metavar="J", show_default=True,
              help="Deal in J processes (same output).")
@click.option("--max-tries", type=click.IntRange(min=1), default=10_000_000, metavar="N", show_default=True,
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
        raise click.BadParameter("board numbers must stay below 10**18", param_hint="--start-board")
    if variant_name is not None:
        if wheres or predeals or script_path or stats is not None or dealer_opt or vul_opt:
            raise click.UsageError("--variant deals by its own procedure: no --where, --predeal, --script,"
                                   " --stats, --dealer or --vul")
        from bridgecli.cli.variants import run_deal

        ctx.exit(run_deal(variant_name, count, seed, start_board, fmt, output))
    jobs = cap_jobs(jobs) or 1
    from bridgecli.dealer.plain import Predeal

    source = ctx.get_parameter_source
    # --- the conditions: each --where checked on its own, for a caret under the problem (these
    # need the numpy evaluator; a run without any deals from a stream plain Python can also compute)
    conditioned = bool(wheres) or script_path is not None or bool(stats)
    if conditioned:
        if "numpy" not in sys.modules:
            # dealing uses no BLAS: spare the start-up of OpenBLAS's thread pool
            os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        from bridgecli.dealer import expr as expr_mod
    if TYPE_CHECKING:
        from bridgecli.dealer.script import Script

    # --- the script, if any
    script: Script | None = None
    script_text: str | None = None
    script_name: str | None = None
    if script_path is not None:
        from bridgecli.dealer.script import parse_script

        script_text, script_name = read_text(script_path)
        script = parse_script(script_text, script_name)
    names = list(script.variables) if script else []
    for text in wheres:
        try:
            expr_mod.parse(text, names=names)
        except ParseError as exc:
            raise where_error(exc, text, "--where") from exc
    stats_expr: Any = None
    compiler: Any = None
    if conditioned:
        compiler = script.compiler() if script else expr_mod.Compiler()
    if stats:
        try:
            stats_expr = compiler.compile(expr_mod.parse(stats, names=names))
        except ParseError as exc:
            raise where_error(exc, stats, "--stats") from exc
    # --- predeal
    predeal = script.predeal if script else Predeal()
    for spec_text in predeals:
        from bridgecli.dealer.predeal import parse_predeal

        seat, cards = parse_predeal(spec_text, get_lang(ctx))
        try:
            predeal = predeal.with_cards(seat, cards)
        except ParseError as exc:
            raise ParseError(f"--predeal {spec_text!r}: {exc.message}") from exc
    # --- dealer and vulnerability
    fixed_dealer: int | None = script.dealer if script else None
    if dealer_opt is not None:
        d = _SEATS.get(dealer_opt.lower())
        if d is None:
            d = _lang_value(get_lang(ctx).parse_seat, dealer_opt)
        if d is None:
            raise click.BadParameter(f"unknown seat {dealer_opt!r} (N, E, S, W)", param_hint="--dealer")
        fixed_dealer = d
    fixed_vul: str | None = script.vulnerable if script else None
    if vul_opt is not None:
        v = _VULS.get(vul_opt.lower())
        if v is None:
            found = _lang_value(get_lang(ctx).parse_vul, vul_opt)
            v = None if found is None else ("None", "NS", "EW", "All")[found]
        if v is None:
            raise click.BadParameter(f"unknown vulnerability {vul_opt!r} (none, NS, EW, all)", param_hint="--vul")
        fixed_vul = v
    # --- how many, how long
    explicit_n = source("count") not in (click.core.ParameterSource.DEFAULT, None)
    target: int | None = count
    limit = max_tries
    soft_limit = False
    if script is not None:
        if not explicit_n:
            if script.produce is not None:
                target = script.produce
            elif script.printer is None and script.stats:
                target = None  # statistics only: run to the generate limit, as dealer does
            else:
                target = 40 if script.printer else 1
        generate = script.generate if script.generate is not None else 1_000_000
        if source("max_tries") in (click.core.ParameterSource.DEFAULT, None) or generate < max_tries:
            limit = generate
            soft_limit = True
    if fmt is None:
        named = output_format(output, None, FORMATS)
        fmt = named or "pbn"
        if script is not None and named is None:
            if script.printer == "printall":
                fmt = "printall"
            elif script.printer is None:
                fmt = "none"  # statistics only, as in dealer
    fmt = fmt.lower()
    random_seed = seed is None
    if seed is None:
        import secrets

        seed = secrets.randbits(48)
    if random_seed and fmt in ("text", "printall", "none", "lin"):
        # these formats have no Generator tag: say the seed first (`| head` keeps it), so the run can be repeated
        click.echo(f"deal: seed {seed} (repeat with --seed {seed})", err=True)
    show_progress = progress if progress is not None else sys.stderr.isatty()
    meter = _Progress(show_progress, target)
    generator = f"bridgecli {__version__} seed={seed}"
    if not conditioned and target is not None and min(target, limit) <= PLAIN_PYTHON_MAX:
        # few deals and no condition: plain Python deals the same boards without numpy's start-up
        wanted = min(target, limit)
        with AtomicOutput(output, binary=True) as out:
            _write_plain(fmt, out, seed, generator, predeal.fixed, wanted, start_board, fixed_dealer, fixed_vul)
        meter.update(wanted, wanted, final=True)
        _finish(stats, target, wanted, wanted, 0, {}, soft_limit)
        return

    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    from bridgecli.dealer.run import Render, Spec, chunks, compile_spec

    needs_owner = bool(stats) or bool(script is not None and script.stats) or fmt not in ("pbn", "text")
    spec = Spec(seed=seed, fixed=predeal.fixed, wheres=tuple(wheres), script=script_text,
                script_source=script_name, max_tries=limit, strings=fmt in ("pbn", "text") and jobs > 1,
                owners=needs_owner or jobs == 1)
    every = not conditioned  # every deal is accepted
    if conditioned:
        import numpy as np

        cond = compile_spec(spec)  # script errors surface here, before any output
        if cond.costly:
            import dataclasses

            # double-dummy conditions: small batches, so that -n 5 does not solve thousands of deals
            spec = dataclasses.replace(spec, batch_size=64)
        every = cond.const is not None and cond.const != 0
    # (without conditions the main process needs no numpy: with --jobs, only the workers load it)
    if every:
        # every deal is accepted: deal just the boards wanted; pbn and text are written where dealt
        import dataclasses

        render = None
        if fmt in ("pbn", "text"):
            render = Render(fmt, generator, start_board, fixed_dealer, fixed_vul)
        spec = dataclasses.replace(spec, max_tries=limit if target is None else min(limit, target), render=render,
                                   strings=False, owners=needs_owner or render is None)

    # --- statistics accumulators
    script_stats = script.stats if script else []
    if script is not None:
        from bridgecli.dealer.script import Frequency
    compiled_stats = [compiler.compile(s.node) for s in script_stats]
    sums = [0] * len(script_stats)
    hists: list[Any] = [np.zeros(s.high - s.low + 3, dtype=np.int64) if isinstance(s, Frequency) else None
                        for s in script_stats]
    stat_values: dict[int, int] = {}
    stat_sum = 0

    def dealer_of(board: int) -> int:
        return fixed_dealer if fixed_dealer is not None else (board - 1) % 4

    def vul_of(board: int) -> str:
        if fixed_vul is not None:
            return fixed_vul
        i = board - 1
        return ("None", "NS", "EW", "All")[(i + i // 4) % 4]

    counts = {"accepted": 0, "tried": 0}

    def produced() -> Iterator[tuple[Any, int, Any, bytes | None]]:
        """Accepted batches in order (deals, first board, deal strings or None, finished bytes or None),
        cut to the target, with statistics gathered on the way."""
        nonlocal stat_sum
        if target == 0:
            return
        for chunk in chunks(spec, jobs, out_fd):
            owner, rows, kept = chunk.owner, chunk.rows, chunk.kept
            accepted = counts["accepted"]
            take = kept if target is None else min(kept, target - accepted)
            # deals looked at: the whole batch, or up to the last one taken when the target is reached
            reached = target is not None and accepted + take >= target
            counts["tried"] += chunk.examined(take) if reached else chunk.dealt
            if take < kept:
                import numpy

                if owner is not None:
                    owner = numpy.ascontiguousarray(owner[:, :take])
                if rows is not None:
                    rows = rows[:take]
            if take and (compiled_stats or stats_expr is not None):
                hands = expr_mod.Hands(owner)
                for k, (st, comp) in enumerate(zip(script_stats, compiled_stats)):
                    vals = comp.values(hands)
                    if not isinstance(st, Frequency):
                        sums[k] += int(vals.sum())
                    else:
                        clipped = np.clip(vals - st.low + 1, 0, st.high - st.low + 2)
                        hists[k] += np.bincount(clipped, minlength=len(hists[k]))
                if stats_expr is not None:
                    vals = stats_expr.values(hands)
                    stat_sum += int(vals.sum())
                    uniq, cnt = np.unique(vals, return_counts=True)
                    for u, c in zip(uniq.tolist(), cnt.tolist()):
                        stat_values[u] = stat_values.get(u, 0) + c
            counts["accepted"] = accepted + take
            if take:
                yield owner, start_board + accepted, rows, b"" if chunk.written else chunk.data
            meter.update(counts["accepted"], counts["tried"])
            if target is not None and counts["accepted"] >= target:
                break

    out_fd: int | None = None
    with AtomicOutput(output, binary=True) as out:
        if jobs > 1 and spec.render is not None and target != 0 and _direct_ok(fmt):
            # the workers write the boards to the output themselves, in turn: the header goes first
            try:
                out_fd = out.fileno()
            except (OSError, ValueError, AttributeError):
                out_fd = None
            if out_fd is not None and fmt == "pbn":
                out.write(PBN_HEADER)
            out.flush()
        try:
            _write(fmt, out, seed, dealer_of, vul_of, produced(),
                   lambda: target is None or counts["accepted"] >= target, header=out_fd is not None)
        finally:
            meter.update(counts["accepted"], counts["tried"], final=True)
        if script_stats:
            out.write(_script_stats_text(script_stats, sums, hists, counts["accepted"]).encode("utf-8"))
    _finish(stats, target, counts["accepted"], counts["tried"], stat_sum, stat_values, soft_limit)


#: Runs without conditions of at most this many deals are dealt in plain Python (same deals), which
#: costs less than numpy's import.
PLAIN_PYTHON_MAX = 1000


def _finish(stats: str | None, target: int | None, accepted: int, tried: int, stat_sum: int,
            stat_values: dict[int, int], soft_limit: bool) -> None:
    """The --stats report and the verdict on a run that found too few deals."""
    if stats is not None:
        _print_stats(stats, accepted, tried, stat_sum, stat_values)
    if target is not None and accepted < target:
        rate = f"{100.0 * accepted / tried:.4g}%" if tried else "0%"
        message = (f"only {accepted:,} of {target:,} deals met the conditions in {tried:,} tries "
                   f"(acceptance rate {rate})")
        if soft_limit:
            click.echo(f"bridgecli: note: {message}; the script's generate limit was reached", err=True)
            return
        raise RuleError(message + "; raise --max-tries or relax the conditions")


def _write_plain(fmt: str, out: IO[bytes], seed: int, generator: str, fixed: tuple[int, ...], n: int,
                 start_board: int, fixed_dealer: int | None, fixed_vul: str | None) -> None:
    """Deal ``n`` boards without conditions in plain Python and write them in ``fmt``."""
    from bridgecli.dealer import plain

    key = plain.stream_key(seed)
    owners = (plain.owner_of(key, j, fixed) for j in range(n))
    if fmt == "pbn":
        render = plain.pbn_render(generator)
        out.write(PBN_HEADER)
        for j, owner in enumerate(owners):
            number = start_board + j
            dealer = plain.board_dealer(number, fixed_dealer)
            record = render(str(number), "NESW"[dealer], plain.board_vul(number, fixed_vul),
                            plain.deal_string(owner, dealer))
            out.write((record if j == 0 else "\n" + record).encode("ascii"))
    elif fmt == "text":
        localize = _text_localizer()
        out.write(localize("".join(plain.deal_string(o, 0) + "\n" for o in owners).encode("ascii")))
    else:
        def dealer_of(board: int) -> int:
            return plain.board_dealer(board, fixed_dealer)

        def vul_of(board: int) -> str:
            return plain.board_vul(board, fixed_vul)

        _write_boards(fmt, out, _boards(((start_board + j, o) for j, o in enumerate(owners)), seed,
                                        dealer_of, vul_of))


def _lang_value(parse: Any, text: str) -> int | None:
    """``parse(text)`` as an int (a seat or vulnerability of the ``--lang`` reader), None if unread."""
    try:
        return int(parse(text))
    except ParseError:
        return None


def _contexts(ctx: click.Context | None) -> Iterator[click.Context]:
    while ctx is not None:
        yield ctx
        ctx = ctx.parent


def _text_localizer() -> Any:
    """A bytes -> bytes function writing the ``text`` lines' seat and ranks in the ``--lang`` language
    (the identity for English)."""
    ctx = click.get_current_context(silent=True)
    if not any(isinstance(c.obj, dict) and "lang" in c.obj for c in _contexts(ctx)):
        return lambda data: data  # English (--lang en or none), without loading the notation tables
    from bridgecli.cli.common import get_lang
    from bridgecli.core.notation import ENGLISH

    lang = get_lang()
    english = "".join(ENGLISH.rank_out) + ENGLISH.seat_out[0]
    mine = "".join(lang.rank_out) + lang.seat_out[0]
    if mine == english:
        return lambda data: data
    table = {ord(e): lang.rank_out[i] for i, e in enumerate(ENGLISH.rank_out)}
    table[ord(ENGLISH.seat_out[0])] = lang.seat_out[0]
    return lambda data: data.decode("ascii").translate(table).encode("utf-8")


PBN_HEADER = b"% PBN 2.1\n% EXPORT\n"


def _direct_ok(fmt: str) -> bool:
    """Whether workers may write ``fmt`` straight to the output (pbn, and English text)."""
    if fmt == "pbn":
        return True
    probe = b"N:AKQJT98765432"
    return fmt == "text" and _text_localizer()(probe) == probe


def _write(fmt: str, out: IO[bytes], seed: int, dealer_of: Any, vul_of: Any,
           produced: Iterator[tuple[Any, int, Any, bytes | None]], complete: Any, header: bool = False) -> None:
    """Stream the produced batches to ``out`` in ``fmt``; ``complete()`` says whether all were found.

    A PBN file gets its header before the first board (unless ``header`` says it is
    written), or at the end of a complete run without boards (``-n 0``); a run that
    found nothing writes nothing.
    """
    if fmt == "pbn":
        records = None
        for owner, start, rows, data in produced:
            if not header:
                out.write(PBN_HEADER)
                header = True
            if data is not None:
                out.write(data)
                continue
            from bridgecli.dealer import pbnfast, plain

            if records is None:
                records = pbnfast.RecordWriter(plain.pbn_render(f"bridgecli {__version__} seed={seed}"),
                                               dealer_of, vul_of)
            if rows is None:
                deals = pbnfast.deal_strings(owner, records.dealers(start, owner.shape[1]))
            else:
                deals = pbnfast.rotate(rows, records.dealers(start, rows.shape[0]))
            for chunk in records.write(deals, start):
                out.write(chunk)
        if not header and complete():
            out.write(PBN_HEADER)
    elif fmt == "text":
        localize = _text_localizer()
        for owner, _start, rows, data in produced:
            if data is None:
                from bridgecli.dealer import pbnfast

                data = pbnfast.text_lines(owner) if rows is None else pbnfast.lines_of(rows)
            out.write(localize(data))
    elif fmt == "printall":
        for owner, start, _rows, _data in produced:
            out.write(_printall(owner, start).encode("ascii"))
    elif fmt == "none":
        for _batch in produced:
            pass
    else:
        owners = ((start + k, owner[:, k].tolist()) for owner, start, _rows, _data in produced
                  for k in range(owner.shape[1]))
        _write_boards(fmt, out, _boards(owners, seed, dealer_of, vul_of))


def _write_boards(fmt: str, out: IO[bytes], boards: Iterator[Any]) -> None:
    """``boards`` written by the general writer of ``fmt`` (yaml, json, lin)."""
    from bridgecli.formats import iter_write

    try:
        chunks = iter_write(boards, fmt)
    except ModuleNotFoundError as exc:
        raise BridgeCliError(f"format {fmt!r} is not available in this build", ExitCode.USAGE) from exc
    for text in chunks:
        out.write(text.encode("utf-8"))


def _boards(owners: Iterator[tuple[int, list[int]]], seed: int, dealer_of: Any, vul_of: Any) -> Iterator[Any]:
    """Board objects of ``(board number, seat of each card)`` pairs (for the general format writers)."""
    from bridgecli.core.board import Board
    from bridgecli.core.cards import Seat, Vulnerability
    from bridgecli.core.deal import deal_from_indices

    tags = {"Event": "", "Site": "", "Date": "", "West": "", "North": "", "East": "", "South": "",
            "Scoring": "", "Generator": f"bridgecli {__version__} seed={seed}"}
    for number, owner in owners:
        yield Board(number=number, dealer=Seat(dealer_of(number)),
                    vulnerability=Vulnerability.from_str(vul_of(number)),
                    deal=deal_from_indices(owner), tags=dict(tags))


def _script_stats_text(items: list[Any], sums: list[int], hists: list[Any], produced: int) -> str:
    from bridgecli.dealer.script import Average

    lines: list[str] = []
    for st, total, hist in zip(items, sums, hists):
        if isinstance(st, Average):
            mean = total / produced if produced else 0.0
            lines.append(f"{st.label + ': ' if st.label else ''}{mean:g}")
        else:
            lines.append(f"Frequency {st.label}:")
            if hist[0]:
                lines.append(f"Low\t{hist[0]:8d}")
            for k, value in enumerate(range(st.low, st.high + 1)):
                lines.append(f"{value:5d}\t{hist[k + 1]:8d}")
            if hist[-1]:
                lines.append(f"High\t{hist[-1]:8d}")
    return "\n".join(lines) + "\n"


def _print_stats(expr_text: str, accepted: int, tried: int, total: int, values: dict[int, int]) -> None:
    rate = 100.0 * accepted / tried if tried else 0.0
    click.echo(f"accepted {accepted:,} of {tried:,} dealt ({rate:.4g}%)", err=True)
    if not expr_text or not accepted:
        return
    click.echo(f"{expr_text}: mean {total / accepted:.4g} over {accepted:,} deals", err=True)
    peak = max(values.values())
    width = max(len(str(v)) for v in values)
    for v in range(min(values), max(values) + 1):
        c = values.get(v, 0)
        bar = "#" * (round(40 * c / peak) if peak else 0)
        click.echo(f"  {v:>{width}}  {c:>9,}  {100.0 * c / accepted:6.2f}%  {bar}", err=True)
