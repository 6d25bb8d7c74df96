"""What ``solve`` computes for a board, and how it is run over a stream of boards.

:func:`analyse_stream` takes boards (and reading errors) in input order and
yields one :class:`BoardAnalysis` (or the board's error) each, in the same
order. Boards are solved in batches (DDS works 40 full deals a call); with
``jobs > 1`` batches go to worker processes while the next ones are read,
and results are still yielded in input order. Memory stays bounded: at most
``2 * jobs`` batches are in flight.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from bridgecli.core.board import Board, Section
from bridgecli.core.cards import Card, Seat, Strain, Vulnerability
from bridgecli.core.deal import Deal
from bridgecli.core.errors import BridgeError, RuleError

from .par import ParResult, par
from .tables import DDTable, position_size

#: Tags ``solve`` writes into a board (and replaces when present).
SOLVER_TAGS = ("DoubleDummyTricks", "OptimumScore", "ParContract")


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

    def annotated(self) -> Board:
        """The board with DoubleDummyTricks, OptimumScore, ParContract and OptimumResultTable set.

        An ending gets only the OptimumResultTable (the other tags describe full deals).
        """
        tags = {k: v for k, v in self.board.tags.items() if k not in SOLVER_TAGS}
        if self.table.total == 13:
            tags["DoubleDummyTricks"] = self.table.to_pbn()
        if self.par is not None:
            tags["OptimumScore"] = self.par.optimum_score
            tags["ParContract"] = self.par.par_contract
        sections: list[Section] = [s for s in self.board.sections if s.name != "OptimumResultTable"]
        sections.append(self.table.optimum_result_table())
        return self.board.replace(tags=tags, sections=tuple(sections))

    def as_json(self) -> dict[str, Any]:
        """The ``--json`` object: board, dealer, vul, deal, dd, par (and tricks, leads)."""
        b = self.board
        dealer = b.effective_dealer
        vul = b.effective_vulnerability
        out: dict[str, Any] = {
            "board": b.number,
            "dealer": dealer.letter if dealer is not None else None,
            "vul": vul.pbn if vul is not None else None,
            "deal": b.deal.to_pbn() if b.deal is not None else None,
        }
        if self.table.total != 13:
            out["tricks"] = self.table.total
        out["dd"] = self.table.as_dict()
        out["par"] = None if self.par is None else {
            "score": self.par.score,
            "contracts": self.par.labels(),
        }
        if self.leads:
            out["leads"] = [
                {
                    "contract": la.contract,
                    "declarer": la.declarer.letter,
                    "leader": la.leader.letter,
                    "tricks": {str(card): tricks for card, tricks in la.leads},
                }
                for la in self.leads
            ]
        return out


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


def _job_of(board: Board, leads: bool) -> _Job:
    """Check the board can be solved (RuleError otherwise) and extract its job."""
    position_size(board.deal)
    assert board.deal is not None
    contract = None
    c = board.contract
    if leads and c is not None and not c.is_passout and c.declarer is not None:
        contract = (c.level, c.strain, c.pbn, c.declarer)
    return _Job(board.deal, board.effective_vulnerability, board.effective_dealer, contract, leads)


_Result = tuple[DDTable, "ParResult | None", tuple[LeadAnalysis, ...]]


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
    for table, p, want in zip(tables, pars, wanted):
        las = []
        for strain, declarer, text in want:
            las.append(LeadAnalysis(strain, declarer, text, tuple(solved[k])))
            k += 1
        out.append((table, p, tuple(las)))
    return out


def _worker_init(threads: int) -> None:
    from . import dds

    dds.set_threads(threads)


def analyse_stream(
    items: Iterable[Board | BridgeError],
    *,
    leads: bool = False,
    jobs: int = 1,
    batch: int = 40,
    threads: int = 0,
    source: str | None = None,
) -> Iterator[BoardAnalysis | Unsolvable | BridgeError]:
    """Solve every board of ``items`` and yield its analysis, or its error, in input order.

    Errors read from the input pass through; a board that cannot be solved
    (unknown hand, hands of unequal size, no deal) is yielded as
    :class:`Unsolvable` with a located RuleError. ``jobs`` worker processes (1: solve in this process) each let
    DDS use ``threads`` threads (0: all cores). Raises SolverMissingError when
    DDS is not installed.
    """
    from . import dds

    dds.load()
    if jobs <= 1:
        if threads:
            dds.set_threads(threads)
        for group in _groups(items, batch):
            yield from _finish(group, _run_group(group, leads), source)
        return
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_init, initargs=(threads,))
    pending: deque[tuple[list[Board | BridgeError], Future[list[_Result]] | None]] = deque()
    try:
        for group in _groups(items, batch):
            todo = [it for it in group if isinstance(it, Board) and _solvable(it)]
            fut = pool.submit(_solve_jobs, [_job_of(b, leads) for b in todo]) if todo else None
            pending.append((group, fut))
            while len(pending) > 2 * jobs or (pending and pending[0][1] is not None and pending[0][1].done()):
                g, f = pending.popleft()
                yield from _finish(g, f.result() if f is not None else [], source)
        while pending:
            g, f = pending.popleft()
            yield from _finish(g, f.result() if f is not None else [], source)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _solvable(board: Board) -> bool:
    try:
        position_size(board.deal)
    except RuleError:
        return False
    return True


def _groups(items: Iterable[Board | BridgeError], size: int) -> Iterator[list[Board | BridgeError]]:
    """Cut the stream into groups holding ``size`` solvable boards (errors ride along)."""
    group: list[Board | BridgeError] = []
    n = 0
    for it in items:
        group.append(it)
        if isinstance(it, Board):
            n += 1
        if n >= size:
            yield group
            group, n = [], 0
    if group:
        yield group


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
        table, p, las = next(it)
        yield BoardAnalysis(item, table, p, las)
