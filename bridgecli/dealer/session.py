"""Dealing runs as ``bridgecli deal`` makes them, from Python: boards, output bytes, statistics.

:func:`plan` reads what a user gives (counts, conditions, predeals, a dealer
script, fixed dealer or vulnerability) into a :class:`DealPlan`, checking every
piece; :func:`run` deals a plan and writes it in a format to a binary handle
(the command's job, ``--jobs`` included); :func:`deal` yields the boards and
:func:`deal_stats` gives only the statistics. The same seed and options give the
same deals everywhere. No click, no printing: errors are ParseError and RuleError.

One process-wide setting: when a plan or a run with conditions, a script,
statistics or numpy batches is the first to load numpy, ``OPENBLAS_NUM_THREADS``
is set to ``1`` first (dealing uses no BLAS, and OpenBLAS's thread pool only
costs time), so numpy's BLAS in the caller's process, and in processes it starts
later, keeps one thread. A value the caller set is kept; import numpy (or set the
variable) before dealing to keep your own.
"""

from __future__ import annotations

import dataclasses
import io
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import IO, TYPE_CHECKING, Any

from bridgecli.core.errors import BridgeError, ParseError

from . import plain
from .output import PBN_HEADER, Produced, coalesce, direct_ok, generator_tag, unchanged, write_batches, write_plain
from .predeal import SEATS
from .stats import DealStats, Tally

if TYPE_CHECKING:
    from bridgecli.core.board import Board
    from bridgecli.core.cards import Seat, Vulnerability

    from .script import Script

__all__ = ["PLAIN_PYTHON_MAX", "DealPlan", "DealStats", "ExpressionError", "deal", "deal_stats", "plan", "run",
           "uses_numpy", "write_deals"]

#: Runs without conditions of at most this many deals are dealt in plain Python (same deals),
#: which costs less than numpy's import.
PLAIN_PYTHON_MAX = 1000

#: The try limit when none is given (a script's ``generate`` replaces it).
DEFAULT_MAX_TRIES = 10_000_000

#: dealer's ``generate`` default.
SCRIPT_GENERATE = 1_000_000

_VULS = MappingProxyType({"none": "None", "love": "None", "-": "None", "ns": "NS", "ew": "EW", "all": "All",
                          "both": "All"})

Progress = Callable[[int, int, bool], None]
"""``progress(accepted, tried, final)``: called as batches come in, and once at the end."""


class ExpressionError(ParseError):
    """A condition (``where``) or statistics expression (``stats``) that does not parse."""

    def __init__(self, cause: ParseError, expression: str, option: str) -> None:
        super().__init__(cause.message, source=cause.source, line=cause.line, column=cause.column)
        self.expression = expression
        """The text that failed."""
        self.option = option
        """``--where`` or ``--stats``: the command option that gave it."""


@dataclass(frozen=True)
class DealPlan:
    """Everything that decides a dealing run, read and checked by :func:`plan`."""

    seed: int
    """The run's seed."""
    target: int | None
    """Deals wanted (None: a statistics-only script, run to the try limit)."""
    limit: int
    """Most deals to try."""
    soft_limit: bool = False
    """The limit is a script's ``generate``: falling short is a note, not an error."""
    wheres: tuple[str, ...] = ()
    """Conditions, ANDed."""
    fixed: tuple[int, ...] = (-1,) * 52
    """Predealt cards: seat of each card index or -1."""
    script: str | None = None
    """Text of a dealer script."""
    script_source: str | None = None
    """Its file name, for messages."""
    printer: str | None = None
    """The script's print action (``printall``, ``printpbn``), None without one."""
    start_board: int = 1
    """Number of the first board."""
    dealer: int | None = None
    """A fixed dealer seat (else from the board number)."""
    vul: str | None = None
    """A fixed vulnerability, PBN text (else from the board number)."""
    stats: str | None = None
    """Expression whose distribution is gathered (empty: acceptance only; None: no report)."""

    @property
    def conditioned(self) -> bool:
        """Whether deals are tested or measured (a condition, a script or a statistic)."""
        return bool(self.wheres) or self.script is not None or bool(self.stats)

    def default_format(self) -> str:
        """``pbn``; a script without ``printpbn`` says ``printall``, or ``none`` for statistics only."""
        if self.script is not None:
            if self.printer == "printall":
                return "printall"
            if self.printer is None:
                return "none"
        return "pbn"


def _texts(value: str | Sequence[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def seat_of(value: int | str | Seat) -> int:
    """A seat (0 North .. 3 West) from ``N``, ``north``, a number or a :class:`~bridgecli.core.cards.Seat`.

    Raises ParseError for anything else.
    """
    if isinstance(value, str):
        seat = SEATS.get(value.strip().lower())
        if seat is None:
            raise ParseError(f"unknown seat {value!r} (N, E, S, W)")
        return seat
    if not 0 <= int(value) <= 3:
        raise ParseError(f"unknown seat {value!r} (N, E, S, W)")
    return int(value)


def vul_of(value: str | Vulnerability) -> str:
    """PBN vulnerability text (``None``, ``NS``, ``EW``, ``All``) of ``none``/``ns``/``ew``/``all``/``both``
    or a :class:`~bridgecli.core.cards.Vulnerability`.

    Raises ParseError for anything else.
    """
    if not isinstance(value, str):
        return plain.VULS[int(value)]
    vul = _VULS.get(value.strip().lower())
    if vul is None:
        raise ParseError(f"unknown vulnerability {value!r} (none, NS, EW, all)")
    return vul


_BELOW = 10**18  # (whole numbers of at most 18 digits, as every reader and option takes)


def _whole(value: object, what: str, low: int) -> None:
    """Raise ParseError unless ``value`` is None or an int from ``low`` to 10**18 - 1."""
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value < _BELOW:
        raise ParseError(f"{what} must be a whole number from {low} below 10**18, not {value!r}")


def plan(count: int | None = None, *, seed: int | None = None, where: str | Sequence[str] = (),
         predeal: str | Sequence[str] = (), script: str | None = None, script_source: str | None = None,
         start_board: int = 1, dealer: int | str | Seat | None = None, vul: str | Vulnerability | None = None,
         max_tries: int | None = None, stats: str | None = None, lang: Any = None) -> DealPlan:
    """Read and check the parts of a dealing run, as ``bridgecli deal`` takes them.

    With conditions, a script or statistics (which load numpy), sets ``OPENBLAS_NUM_THREADS``
    to ``1`` when numpy is not loaded yet and the variable is unset (see the module notes).

    Args:
        count: Deals wanted; None: 1, or a script's ``produce`` (40 with a print action,
            up to the try limit for a script with statistics only).
        seed: The seed (None: a fresh one).
        where: Conditions in dealer's language, ANDed.
        predeal: Cards given first: ``N:AKQJ.AKQ.AKQ.AKQ`` or ``north=SAKQ,HA``.
        script: The text of a dealer input file (its predeal, dealer, vulnerability,
            ``generate`` and ``produce`` apply; options given here win).
        script_source: The script's file name, for messages.
        start_board: Number of the first board.
        dealer: A fixed dealer seat (else each board's own).
        vul: A fixed vulnerability (else each board's own).
        max_tries: Most deals to try (None: 10,000,000, or the script's ``generate``).
        stats: An expression whose distribution to gather ("" for the acceptance rate only).
        lang: A :class:`~bridgecli.core.notation.Language` for predeals in its notation.

    Returns:
        The checked plan.

    Raises:
        ExpressionError: a condition or the statistics expression does not parse.
        ParseError: a bad script, predeal, seat or vulnerability; a count, seed, first board
            or try limit that is not a whole number of its range (see :func:`deal`).
    """
    from .predeal import parse_predeal

    _whole(count, "the count", 0)
    _whole(seed, "the seed", 0)
    _whole(start_board, "the first board", 1)
    _whole(max_tries, "max_tries", 1)
    if start_board + max(count or 1, 1) - 1 >= _BELOW:
        raise ParseError(f"board numbers must stay below 10**18: {count} boards from {start_board}")

    wheres = _texts(where)
    if wheres or stats or script is not None:
        _quiet_blas()  # reading a condition or a script loads numpy
    parsed: Script | None = None
    if script is not None:
        from .script import parse_script

        parsed = parse_script(script, script_source)
    names = list(parsed.variables) if parsed else []
    if wheres or stats:
        from . import expr

        for text in wheres:
            try:
                expr.parse(text, names=names)
            except ParseError as exc:
                raise ExpressionError(exc, text, "--where") from exc
        if stats:
            compiler = parsed.compiler() if parsed else expr.Compiler()
            try:
                compiler.compile(expr.parse(stats, names=names))
            except ParseError as exc:
                raise ExpressionError(exc, stats, "--stats") from exc
    fixed = parsed.predeal if parsed else plain.Predeal()
    for spec_text in _texts(predeal):
        seat, cards = parse_predeal(spec_text, lang)
        try:
            fixed = fixed.with_cards(seat, cards)
        except ParseError as exc:
            raise ParseError(f"--predeal {spec_text!r}: {exc.message}") from exc
    fixed_dealer = seat_of(dealer) if dealer is not None else parsed.dealer if parsed else None
    fixed_vul = vul_of(vul) if vul is not None else parsed.vulnerable if parsed else None
    # how many, how long
    target: int | None = 1 if count is None else count
    limit = DEFAULT_MAX_TRIES if max_tries is None else max_tries
    soft_limit = False
    if parsed is not None:
        if count is None:
            if parsed.produce is not None:
                target = parsed.produce
            elif parsed.printer is None and parsed.stats:
                target = None  # statistics only: run to the generate limit, as dealer does
            else:
                target = 40 if parsed.printer else 1
        generate = parsed.generate if parsed.generate is not None else SCRIPT_GENERATE
        if max_tries is None or generate < max_tries:
            limit = generate
            soft_limit = True
    if seed is None:
        import secrets

        seed = secrets.randbits(48)
    return DealPlan(seed=seed, target=target, limit=limit, soft_limit=soft_limit, wheres=wheres,
                    fixed=fixed.fixed, script=script, script_source=script_source,
                    printer=parsed.printer if parsed else None, start_board=start_board, dealer=fixed_dealer,
                    vul=fixed_vul, stats=stats)


def uses_numpy(the_plan: DealPlan) -> bool:
    """Whether :func:`run` deals ``the_plan`` in numpy batches (else in plain Python)."""
    p = the_plan
    return p.conditioned or p.target is None or min(p.target, p.limit) > PLAIN_PYTHON_MAX


def _quiet_blas() -> None:
    """Ask OpenBLAS for one thread, unless numpy is loaded already (the user's own setting wins).

    A process-wide change (``os.environ``, inherited by child processes), documented in the
    module notes: the Python API's callers see it too, not only the command.
    """
    if "numpy" not in sys.modules:
        # dealing uses no BLAS: spare the start-up of OpenBLAS's thread pool (measured: its threads
        # also cost about 70 ms of CPU in a run of 10,000 conditioned deals)
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


class _Run:
    """A plan being dealt in batches: the accepted ones in order, counted and measured."""

    def __init__(self, the_plan: DealPlan, fmt: str, jobs: int) -> None:
        _quiet_blas()
        from .run import Render, Spec, compile_spec

        p = self.plan = the_plan
        self.jobs = jobs
        script = None
        if p.script is not None:
            from .script import parse_script

            script = parse_script(p.script, p.script_source)
        needs_owner = bool(p.stats) or bool(script is not None and script.stats) or fmt not in ("pbn", "text")
        spec = Spec(seed=p.seed, fixed=p.fixed, wheres=p.wheres, script=p.script, script_source=p.script_source,
                    max_tries=p.limit, strings=fmt in ("pbn", "text") and jobs > 1, owners=needs_owner or jobs == 1)
        every = not p.conditioned  # every deal is accepted
        compiler: Any = None
        stats_expr: Any = None
        if p.conditioned:
            from . import expr

            cond = compile_spec(spec)  # script errors surface here, before any output
            if cond.costly:
                # double-dummy conditions: small batches, so that -n 5 does not solve thousands of deals
                spec = dataclasses.replace(spec, batch_size=64)
            every = cond.const is not None and cond.const != 0
            compiler = script.compiler() if script else expr.Compiler()
            if p.stats:
                stats_expr = compiler.compile(expr.parse(p.stats, names=list(script.variables) if script else []))
        if every:
            # every deal is accepted: deal just the boards wanted; pbn and text are written where dealt
            render = None
            if fmt in ("pbn", "text"):
                render = Render(fmt, generator_tag(p.seed), p.start_board, p.dealer, p.vul)
            spec = dataclasses.replace(spec, max_tries=p.limit if p.target is None else min(p.limit, p.target),
                                       render=render, strings=False, owners=needs_owner or render is None)
        self.spec = spec
        self.stats = DealStats(target=p.target, soft_limit=p.soft_limit, expr=p.stats)
        try:
            self.tally = Tally(self.stats, compiler, stats_expr, script.stats if script else [])
        except BridgeError as exc:  # (an action's expression too deep: at its place in the script)
            raise exc.located(source=p.script_source) from None

    @property
    def complete(self) -> bool:
        return self.plan.target is None or self.stats.accepted >= self.plan.target

    def produced(self, out_fd: int | None = None, progress: Progress | None = None) -> Iterator[Produced]:
        """Accepted batches in order (deals, first board, deal strings or None, finished bytes or None),
        cut to the target, with statistics gathered on the way."""
        from .run import GROUP, chunks

        target, stats = self.plan.target, self.stats
        if target == 0:
            return
        taken = 0

        def ahead() -> int:
            # batches surely still needed: three quarters of what the acceptance so far predicts
            if target is None:
                return GROUP  # every batch up to the try limit
            if not stats.accepted:
                return 1
            return int(0.75 * (target - stats.accepted) * taken / stats.accepted)

        for chunk in chunks(self.spec, self.jobs, out_fd, ahead):
            taken += 1
            owner, rows, kept = chunk.owner, chunk.rows, chunk.kept
            accepted = stats.accepted
            take = kept if target is None else min(kept, target - accepted)
            # deals looked at: the whole batch, or up to the last one taken when the target is reached
            reached = target is not None and accepted + take >= target
            stats.tried += chunk.examined(take) if reached else chunk.dealt
            if take < kept:
                import numpy

                if owner is not None:
                    owner = numpy.ascontiguousarray(owner[:, :take])
                if rows is not None:
                    rows = rows[:take]
            if take:
                self.tally.add(owner)
            stats.accepted = accepted + take
            if take:
                yield owner, self.plan.start_board + accepted, rows, b"" if chunk.written else chunk.data
            if progress is not None:
                progress(stats.accepted, stats.tried, False)
            if target is not None and stats.accepted >= target:
                break


def run(the_plan: DealPlan, out: IO[bytes], fmt: str | None = None, *, jobs: int = 1,
        localize: Callable[[bytes], bytes] = unchanged, progress: Progress | None = None) -> DealStats:
    """Deal ``the_plan`` and write the boards to ``out`` in ``fmt``, as ``bridgecli deal`` does.

    Args:
        the_plan: What to deal (see :func:`plan`).
        out: A binary handle; with ``jobs > 1`` and a real file descriptor behind it, the
            workers write PBN or text there themselves, in order.
        fmt: ``pbn``, ``text`` (a deal string a line), ``yaml``, ``json``, ``lin``,
            ``printall`` or ``none`` (default: :meth:`DealPlan.default_format`).
        jobs: Processes dealing (the output is the same for any number).
        localize: Rewrites ``text`` lines in another language (see :func:`.output.localizer`).
        progress: Called with the counts as batches come in.

    Returns:
        The run's :class:`~bridgecli.dealer.stats.DealStats` (a script's actions were
        written after the boards); check :meth:`~bridgecli.dealer.stats.DealStats.shortfall`.

    Raises:
        ParseError: a bad condition or script.
        ModuleNotFoundError: the format's writer needs a package that is not installed.
        RuntimeError: a dealing worker failed.
    """
    p = the_plan
    fmt = (fmt or p.default_format()).lower()
    if p.target is not None and not uses_numpy(p):
        # few deals and no condition: plain Python deals the same boards without numpy's start-up
        wanted = min(p.target, p.limit)
        if fmt != "none":
            write_plain(fmt, out, p.seed, p.fixed, wanted, p.start_board, p.dealer, p.vul, localize)
        if progress is not None:
            progress(wanted, wanted, True)
        return DealStats(accepted=wanted, tried=wanted, target=p.target, soft_limit=p.soft_limit, expr=p.stats)
    r = _Run(p, fmt, jobs)
    out_fd: int | None = None
    if jobs > 1 and r.spec.render is not None and p.target != 0 and direct_ok(fmt, localize):
        # the workers write the boards to the output themselves, in turn: the header goes first
        try:
            out_fd = out.fileno()
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            out_fd = None
        if out_fd is not None and fmt == "pbn":
            out.write(PBN_HEADER)
        out.flush()
    batches = r.produced(out_fd, progress)
    if fmt in ("pbn", "text") and r.spec.render is None:
        batches = coalesce(batches)  # conditions keep a few deals a batch: write them thousands at a time
    try:
        write_batches(fmt, out, p.seed, p.dealer, p.vul, batches, lambda: r.complete,
                      header=out_fd is not None, localize=localize)
    finally:
        if progress is not None:
            progress(r.stats.accepted, r.stats.tried, True)
    stats = r.tally.finish()
    if stats.actions:
        out.write(stats.actions_text().encode("utf-8"))
    return stats


def deal(n: int | None = None, *, where: str | Sequence[str] = (), predeal: str | Sequence[str] = (),
         seed: int | None = None, start: int = 1, max_tries: int | None = None, script: str | None = None,
         dealer: int | str | Seat | None = None, vul: str | Vulnerability | None = None) -> Iterator[Board]:
    """``n`` boards dealt at random, each meeting every condition, as ``bridgecli deal`` deals them.

    The same seed and options give the same deals as the command
    (``bridgecli deal -n N --where ... --predeal ... --seed S``). Conditions
    need numpy; plain dealing does not.

    Args:
        n: Boards wanted (None: 1, or the script's ``produce``).
        where: Conditions of the ``dealer`` language (``"hcp(north) >= 15"``), ANDed.
        predeal: Cards given first (``"N:AKQ.J.T98.76"``, ``"south=SAKQ,HA"``).
        seed: The seed (None: a fresh one).
        start: Number of the first board.
        max_tries: Most deals to try (None: 10,000,000, or the script's ``generate``).
        script: The text of a dealer input file (condition, predeal, dealer, vulnerable,
            generate, produce).
        dealer: A fixed dealer (``"N"``, ``"west"``, a Seat); else each board's own.
        vul: A fixed vulnerability (``"none"``, ``"ns"``, ``"ew"``, ``"all"``); else each board's own.

    Yields:
        Boards numbered from ``start``, with their dealer, vulnerability and deal.

    Raises:
        ParseError: a bad condition, predeal, script, seat or vulnerability, or a number out
            of its range (before any board): ``n`` and ``seed`` from 0, ``start`` and
            ``max_tries`` from 1, each a whole number of at most 18 digits (as the command's
            options: a negative seed is refused, never reduced), and the last board's number
            below 10**18. ParseError is a ValueError.
        RuleError: fewer than ``n`` deals met the conditions within ``max_tries`` (after the
            boards found). A script's own ``generate`` limit just ends the boards.
    """
    p = plan(n, seed=seed, where=where, predeal=predeal, script=script, start_board=start, dealer=dealer, vul=vul,
             max_tries=max_tries)
    return _boards(p)


def _boards(p: DealPlan) -> Iterator[Board]:
    from bridgecli.core.board import Board
    from bridgecli.core.cards import Seat, Vulnerability
    from bridgecli.core.deal import deal_from_indices

    def board(number: int, owner: Sequence[int]) -> Board:
        return Board(number=number, dealer=Seat(plain.board_dealer(number, p.dealer)),
                     vulnerability=Vulnerability.from_str(plain.board_vul(number, p.vul)),
                     deal=deal_from_indices(list(owner)))

    if p.target is not None and not uses_numpy(p):
        # the command's plain stream: deal j of a seed is the same with or without numpy
        key = plain.stream_key(p.seed)
        for j in range(min(p.target, p.limit)):
            yield board(p.start_board + j, plain.owner_of(key, j, p.fixed))
        stats = DealStats(accepted=min(p.target, p.limit), tried=min(p.target, p.limit), target=p.target,
                          soft_limit=p.soft_limit)
    else:
        r = _Run(p, "yaml", 1)  # a format that needs the deals themselves
        for owner, first, _rows, _data in r.produced():
            for k in range(owner.shape[1]):
                yield board(first + k, owner[:, k].tolist())
        stats = r.stats
    stats.shortfall()


def deal_stats(n: int | None = None, *, stats: str = "", where: str | Sequence[str] = (),
               predeal: str | Sequence[str] = (), seed: int | None = None, max_tries: int | None = None,
               script: str | None = None) -> DealStats:
    """The statistics of a dealing run, as ``bridgecli deal --stats EXPR`` and a script's
    ``average``/``frequency`` actions give them, without writing the boards.

    Args:
        n: Deals to gather (None: 1, or the script's ``produce``; a script with statistics
            only runs to its ``generate`` limit).
        stats: An expression of the condition language (``"hcp(south)"``) whose mean and
            distribution to gather; "" for the acceptance rate (and the script's actions) only.
        where: Conditions the deals must meet, ANDed.
        predeal: Cards given first.
        seed: The seed (None: a fresh one).
        max_tries: Most deals to try (None: 10,000,000, or the script's ``generate``).
        script: The text of a dealer input file; its ``average`` and ``frequency`` actions
            fill :attr:`DealStats.actions`.

    Returns:
        The counts (:attr:`~DealStats.accepted`, :attr:`~DealStats.tried`), the
        distribution of ``stats`` (:attr:`~DealStats.counts`, :attr:`~DealStats.mean`) and the
        script's results; :meth:`~DealStats.report` and :meth:`~DealStats.actions_text`
        write them as the command does.

    Raises:
        ParseError: a bad expression, condition, predeal or script.
        RuleError: fewer than ``n`` deals met the conditions within ``max_tries``.
    """
    p = plan(n, seed=seed, where=where, predeal=predeal, script=script, max_tries=max_tries, stats=stats)
    result = run(p, io.BytesIO(), "none")
    result.shortfall()
    return result


def write_deals(dest: str | os.PathLike[str] | IO[bytes], n: int | None = None, *, fmt: str | None = None,
                jobs: int = 1, where: str | Sequence[str] = (), predeal: str | Sequence[str] = (),
                seed: int | None = None, start: int = 1, max_tries: int | None = None, script: str | None = None,
                dealer: int | str | Seat | None = None, vul: str | Vulnerability | None = None) -> DealStats:
    """Deal boards straight into a file, as ``bridgecli deal -o FILE`` does: the fast path
    (deals formatted thousands at a time, ``jobs`` processes), the same bytes as the command.

    Args:
        dest: A path (written as ``-o`` writes it, :class:`bridgecli.output.AtomicOutput`: a
            failed run leaves a file as it was), or a binary file open for writing.
        n: Boards wanted (None: 1, or the script's ``produce``).
        fmt: ``pbn``, ``text`` (a PBN deal string a line), ``yaml``, ``json``, ``lin``, or
            ``printall``/``none`` (dealer's layout, nothing); default from the path's
            extension, else ``pbn`` (or the script's print action).
        jobs: Processes dealing (any number gives the same bytes; at most the cores is sensible).
        where: Conditions of the ``dealer`` language, ANDed.
        predeal: Cards given first.
        seed: The seed (None: a fresh one; PBN records name it in their ``Generator`` tag).
        start: Number of the first board.
        max_tries: Most deals to try (None: 10,000,000, or the script's ``generate``).
        script: The text of a dealer input file (its actions' results follow the boards).
        dealer: A fixed dealer seat; else each board's own.
        vul: A fixed vulnerability; else each board's own.

    Returns:
        The run's :class:`DealStats`.

    Raises:
        ParseError: a bad condition, predeal, script, seat, vulnerability or format.
        RuleError: fewer than ``n`` deals met the conditions within ``max_tries`` (the ones
            found are written).
        OSError: the file cannot be written.
    """
    from .output import FORMATS

    p = plan(n, seed=seed, where=where, predeal=predeal, script=script, start_board=start, dealer=dealer, vul=vul,
             max_tries=max_tries)
    if fmt is None and isinstance(dest, (str, os.PathLike)):
        from bridgecli.formats import format_from_path

        fmt = format_from_path(os.fspath(dest))
    chosen = (fmt or p.default_format()).lower()
    if chosen not in (*FORMATS, "printall", "none"):
        raise ParseError(f"unknown format {fmt!r} (pbn, text, yaml, json, lin, printall, none)")
    if isinstance(dest, (str, os.PathLike)):
        from bridgecli.output import AtomicOutput

        with AtomicOutput(dest, binary=True) as fp:  # as -o writes it
            result = run(p, fp, chosen, jobs=jobs)
    else:
        result = run(p, dest, chosen, jobs=jobs)
    result.shortfall()
    return result
