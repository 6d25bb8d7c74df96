"""What ``solve`` computes for a board, and how it is run over a stream of boards.

:func:`analyse_stream` takes boards (and reading errors) in input order and
yields one :class:`BoardAnalysis` (or the board's error) each, in the same
order. Boards are solved in batches (DDS works 40 full deals a call, on
several threads); optionally batches go to worker processes while the next
ones are read, and results are still yielded in input order. Memory stays bounded: at most
``2 * jobs`` batches are in flight.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from bridgecli.core.board import Board, Section
from bridgecli.core.cards import Card, Seat, Strain, Vulnerability
from bridgecli.core.ddtable import DDTable, position_size
from bridgecli.core.deal import Deal
from bridgecli.core.errors import BridgeError, RuleError

from .par import ParResult, par


class _Flush:
    """Marker type of :data:`FLUSH`."""

    def __repr__(self) -> str:
        return "FLUSH"


#: Put in the input stream to have the boards read so far solved now (the input went quiet).
FLUSH = _Flush()

#: Tags ``solve`` writes into a board (and replaces when present).
SOLVER_TAGS = ("DoubleDummyTricks", "OptimumScore", "ParContract", "OpeningLeads", "DoubleDummyPosition")


@dataclass(frozen=True, slots=True)
class LeadAnalysis:
    """Opening leads against one contract: each card and the tricks the defence then takes."""

    strain: Strain
    """Strain of the contract."""
    declarer: Seat
    """Declarer; the opening leader is declarer's left-hand opponent."""
    contract: str
    """The contract as text (``4S``, ``5DX``)."""
    leads: tuple[tuple[Card, int], ...]
    """(lead, tricks for the defence), best lead first."""

    @property
    def leader(self) -> Seat:
        """The player on lead."""
        return self.declarer.lho


@dataclass(frozen=True, slots=True)
class PlayPosition:
    """Where a board's unfinished play record stops, solved double-dummy from there."""

    contract: str
    """The contract (``4S``)."""
    declarer: Seat
    """The declarer."""
    cards_played: int
    """Cards of the record (legal, in time order)."""
    declarer_tricks: int
    """Tricks declarer's side has won so far."""
    dd_tricks: int
    """Declarer's tricks in all with best play from the position on."""

    def as_json(self) -> dict[str, Any]:
        """``contract``, ``declarer``, ``cards_played``, ``declarer_tricks``, ``dd_tricks``."""
        return {"contract": self.contract, "declarer": self.declarer.letter, "cards_played": self.cards_played,
                "declarer_tricks": self.declarer_tricks, "dd_tricks": self.dd_tricks}


@dataclass(frozen=True, slots=True)
class BoardAnalysis:
    """The double-dummy table, par and (on request) opening leads of one board."""

    board: Board
    """The board as read."""
    table: DDTable
    """Tricks for each declarer and strain from the position given."""
    par: ParResult | None
    """Par for the board's vulnerability and dealer; None for an ending (fewer than 13 tricks)."""
    leads: tuple[LeadAnalysis, ...] = ()
    """Opening-lead analyses, when asked for."""
    position: PlayPosition | None = None
    """For a play record that stops before the end (no claim): the position it stops in, solved."""

    def annotated(self) -> Board:
        """The board with DoubleDummyTricks, OptimumScore, ParContract, OpeningLeads (when
        leads were asked for), DoubleDummyPosition (for a play record that stops early) and
        OptimumResultTable set: the ``dd``, ``par``, ``leads`` and ``position`` fields of the
        board schema (:mod:`bridgecli.formats.findings`).

        An ending gets only the OptimumResultTable (the other tags describe full deals).
        """
        tags = {k: v for k, v in self.board.tags.items() if k not in SOLVER_TAGS}
        if self.table.total == 13:
            tags["DoubleDummyTricks"] = self.table.to_pbn()
        if self.par is not None:
            tags["OptimumScore"] = self.par.optimum_score
            tags["ParContract"] = self.par.par_contract
        if self.leads:
            from bridgecli.formats.findings import leads_tag

            tags["OpeningLeads"] = leads_tag([{"contract": la.contract, "declarer": la.declarer.letter,
                                               "tricks": {str(c): t for c, t in la.leads}} for la in self.leads])
        if self.position is not None:
            from bridgecli.formats.findings import position_tag

            tags["DoubleDummyPosition"] = position_tag(self.position.as_json())
        sections: list[Section] = [s for s in self.board.sections if s.name != "OptimumResultTable"]
        sections.append(self.table.optimum_result_table())
        return self.board.replace(tags=tags, sections=tuple(sections))

    def to_dict(self) -> dict[str, Any]:
        """:meth:`as_json`: the board with its findings as a dict of the board schema."""
        return self.as_json()

    def as_json(self) -> dict[str, Any]:
        """The ``--json`` object: :meth:`annotated` as a board of the schema
        (:func:`bridgecli.formats.schema.to_dict`), the findings in its ``dd``, ``par``,
        ``leads`` and ``position`` fields."""
        from bridgecli.formats.schema import to_dict

        return to_dict(self.annotated())


@dataclass(frozen=True, slots=True)
class Unsolvable:
    """A board double-dummy analysis cannot start from, and why."""

    board: Board
    """The board as read."""
    error: RuleError
    """What is missing (located with the source and board number)."""


@dataclass(frozen=True, slots=True)
class _Job:
    """What a worker needs for one board (boards themselves stay in the parent)."""

    deal: Deal
    vul: Vulnerability | None
    dealer: Seat | None
    contract: tuple[int, Strain, str, Seat] | None
    leads: bool
    play: tuple[str, Strain, Seat, int, tuple[tuple[Seat, Card], ...]] | None = None


def _job_of(board: Board, leads: bool) -> _Job:
    """Check the board can be solved (RuleError otherwise) and extract its job."""
    position_size(board.deal)
    assert board.deal is not None
    contract = None
    c = board.contract
    if leads and c is not None and not c.is_passout and c.declarer is not None:
        contract = (c.level, c.strain, c.pbn, c.declarer)
    return _Job(board.deal, board.effective_vulnerability, board.effective_dealer, contract, leads,
                _unfinished_play(board))


def _unfinished_play(board: Board) -> tuple[str, Strain, Seat, int, tuple[tuple[Seat, Card], ...]] | None:
    """(contract, strain, declarer, declarer's tricks so far, cards) of a legal play record that stops early."""
    if not board.play:
        return None
    from bridgecli.core.play import replay_board

    try:
        position_size(board.deal)
        rep = replay_board(board)
    except BridgeError:
        return None
    contract = rep.contract
    if not rep.legal or rep.complete or not rep.sequence or contract.declarer is None:
        return None
    return (contract.pbn, contract.strain, contract.declarer, rep.tricks_won[contract.declarer.side], rep.sequence)


_Result = tuple[DDTable, "ParResult | None", tuple[LeadAnalysis, ...], "PlayPosition | None"]


def _solve_jobs(jobs: Sequence[_Job]) -> list[_Result]:
    """Tables, par and leads for a batch: one DDS pass for the tables, one for the leads."""
    from . import dds

    tables = dds.solve_tables([j.deal for j in jobs])
    pars: list[ParResult | None] = []
    wanted: list[list[tuple[Strain, Seat, str]]] = []
    for job, table in zip(jobs, tables):
        full = table.total == 13
        p = par(table, job.vul or Vulnerability.NONE, job.dealer or Seat.NORTH) if full else None
        pars.append(p)
        want: list[tuple[Strain, Seat, str]] = []
        if job.leads:
            if job.contract is not None:
                _, strain, text, declarer = job.contract
                want.append((strain, declarer, text))
            elif p is not None:
                for pc in p.contracts:
                    for seat in pc.declarers:
                        want.append((pc.strain, seat, pc.pbn))
        wanted.append(want)
    flat = [(job.deal, strain, declarer) for job, want in zip(jobs, wanted) for strain, declarer, _ in want]
    solved = dds.solve_leads(flat) if flat else []
    out: list[_Result] = []
    k = 0
    for job, table, p, want in zip(jobs, tables, pars, wanted):
        las = []
        for strain, declarer, text in want:
            las.append(LeadAnalysis(strain, declarer, text, tuple(solved[k])))
            k += 1
        pos = None
        if job.play is not None:
            text, strain, declarer, won, seq = job.play
            dd = dds.analyse_play(job.deal, strain, declarer.lho, [card for _, card in seq])[-1]
            pos = PlayPosition(text, declarer, len(seq), won, dd)
        out.append((table, p, tuple(las), pos))
    return out


def _worker_init(threads: int) -> None:
    import signal

    from . import dds

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole group: the parent ends the workers

    dds.set_threads(threads)


def analyse_stream(
    items: Iterable[Board | BridgeError | object],
    *,
    leads: bool = False,
    jobs: int = 1,
    processes: bool = False,
    batch: int = 40,
    job_batch: int = 10,
    source: str | None = None,
) -> Iterator[BoardAnalysis | Unsolvable | BridgeError]:
    """Solve every board of ``items`` and yield its analysis, or its error, in input order.

    Errors read from the input pass through; :data:`FLUSH` in ``items``
    has the boards read so far solved and yielded at once. A board that cannot be solved
    (unknown hand, hands of unequal size, no deal) is yielded as
    :class:`Unsolvable` with a located RuleError.

    By default everything runs in this process, ``batch`` boards a DDS call,
    DDS using ``jobs`` threads. With ``processes`` (and ``jobs > 1``) groups
    of ``job_batch`` boards go to ``jobs`` worker processes running one DDS
    thread each; an input smaller than ``batch`` boards is still solved here
    (no start-up cost for a worker pool). Raises SolverMissingError when DDS
    is not installed.
    """
    from . import dds

    dds.load()
    it = iter(items)
    if jobs <= 1 or not processes:
        dds.set_threads(max(1, jobs))
        for group, _ in _groups(it, batch):
            yield from _finish(group, _run_group(group, leads), source)
        return
    first, first_quiet = next(_groups(it, batch), ([], False))
    rest = None if first_quiet else next(_groups(it, 1), None)
    if rest is None:
        dds.set_threads(jobs)
        yield from _finish(first, _run_group(first, leads), source)
        if not first_quiet:
            return
        chained: Iterator[Board | BridgeError | object] = it
    else:
        chained = itertools.chain(first, rest[0], [FLUSH] if rest[1] else [], it)
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_init, initargs=(1,))
    pending: deque[tuple[list[Board | BridgeError], Future[list[_Result]] | None]] = deque()
    try:
        for group, quiet in _groups(chained, job_batch):
            todo = [x for x in group if isinstance(x, Board) and _solvable(x)]
            fut = pool.submit(_solve_jobs, [_job_of(b, leads) for b in todo]) if todo else None
            pending.append((group, fut))
            while pending and (quiet or len(pending) > 2 * jobs or pending[0][1] is None or pending[0][1].done()):
                g, f = pending.popleft()
                yield from _finish(g, f.result() if f is not None else [], source)
        while pending:
            g, f = pending.popleft()
            yield from _finish(g, f.result() if f is not None else [], source)
    except BaseException:
        # interrupted (or the reader stopped): end the workers now, not after their batches
        _end_workers(pool)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """Kill the pool's worker processes (a batch in a DDS call takes seconds to finish)."""
    processes = getattr(pool, "_processes", None) or {}
    for proc in list(processes.values()):
        try:
            proc.kill()
        except (OSError, AttributeError):
            pass
    for proc in list(processes.values()):
        proc.join(1)


def _solvable(board: Board) -> bool:
    try:
        position_size(board.deal)
    except RuleError:
        return False
    return True


def _groups(items: Iterable[Board | BridgeError | object],
            size: int) -> Iterator[tuple[list[Board | BridgeError], bool]]:
    """Cut the stream into groups holding ``size`` boards (errors ride along); a group ended
    early by :data:`FLUSH` comes with True.
    """
    group: list[Board | BridgeError] = []
    n = 0
    for it in items:
        if it is FLUSH:
            if group:
                yield group, True
                group, n = [], 0
            continue
        assert isinstance(it, (Board, BridgeError))
        group.append(it)
        if isinstance(it, Board):
            n += 1
        if n >= size:
            yield group, False
            group, n = [], 0
    if group:
        yield group, False


def _run_group(group: list[Board | BridgeError], leads: bool) -> list[_Result]:
    todo = [it for it in group if isinstance(it, Board) and _solvable(it)]
    return _solve_jobs([_job_of(b, leads) for b in todo]) if todo else []


def _finish(group: list[Board | BridgeError], results: list[_Result],
            source: str | None) -> Iterator[BoardAnalysis | Unsolvable | BridgeError]:
    it = iter(results)
    for item in group:
        if isinstance(item, BridgeError):
            yield item
            continue
        try:
            position_size(item.deal)
        except RuleError as exc:
            number = item.number
            exc.located(source=source, board=str(number) if number is not None else "?")
            yield Unsolvable(item, exc)
            continue
        table, p, las, pos = next(it)
        yield BoardAnalysis(item, table, p, las, pos)


@dataclass(frozen=True, slots=True)
class CardVerdict:
    """One card of a played board judged double-dummy."""

    trick: int
    """1-based trick number."""
    seat: Seat
    """Who played it."""
    card: Card
    """The card."""
    tricks_after: int
    """Declarer's double-dummy tricks (whole deal) once the card is played."""
    cost: int
    """Tricks the card gave away to the other side (0 for a best card)."""


@dataclass(frozen=True, slots=True)
class PlayAnalysis:
    """The double-dummy result after every card of a board's play."""

    contract: str
    """The contract (``4S``, ``3NTX``)."""
    declarer: Seat
    """The declarer."""
    tricks_start: int
    """Declarer's double-dummy tricks before the opening lead."""
    cards: tuple[CardVerdict, ...]
    """Every card played, in time order."""

    @property
    def declarer_cost(self) -> int:
        """Tricks declarer's side gave away."""
        return sum(v.cost for v in self.cards if v.seat.side == self.declarer.side)

    @property
    def defence_cost(self) -> int:
        """Tricks the defenders gave away."""
        return sum(v.cost for v in self.cards if v.seat.side != self.declarer.side)

    def as_json(self) -> dict[str, Any]:
        """``contract``, ``declarer``, ``dd_start``, ``cards`` (trick, seat, card, dd, cost), costs per side."""
        return {
            "contract": self.contract,
            "declarer": self.declarer.letter,
            "dd_start": self.tricks_start,
            "cards": [{"trick": v.trick, "seat": v.seat.letter, "card": str(v.card), "dd": v.tricks_after,
                       "cost": v.cost} for v in self.cards],
            "declarer_cost": self.declarer_cost,
            "defence_cost": self.defence_cost,
        }


def analyse_played(deal: Deal, strain: Strain, declarer: Seat, contract: str,
                   sequence: Sequence[tuple[Seat, Card]]) -> PlayAnalysis:
    """Judge every card of ``sequence`` (time order, from the opening lead) double-dummy.

    A card costs tricks when declarer's double-dummy total moves against
    its player's side. Raises RuleError for a deal that is not a position
    between tricks; SolverMissingError without DDS.
    """
    from . import dds

    size = position_size(deal)
    per_trick = 4
    results = dds.analyse_play(deal, strain, declarer.lho, [card for _, card in sequence])
    # DDS stops before the last trick, whose cards are forced: the result cannot move there
    results += [results[-1]] * (len(sequence) + 1 - len(results))
    verdicts = []
    for i, (seat, card) in enumerate(sequence):
        before, after = results[i], results[i + 1]
        delta = after - before
        cost = max(0, -delta) if seat.side == declarer.side else max(0, delta)
        verdicts.append(CardVerdict(min(i // per_trick + 1, size), seat, card, after, cost))
    return PlayAnalysis(contract, declarer, results[0], tuple(verdicts))
