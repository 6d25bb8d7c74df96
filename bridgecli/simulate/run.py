"""A whole simulation: chunks out, results merged in order, stopping rules, records."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from bridgecli.core.deal import Deal
from bridgecli.core.errors import ParseError, RuleError
from bridgecli.dealer.generate import Predeal
from bridgecli.dealer.run import Spec

from .aggregate import Aggregator
from .contracts import SimContract
from .engine import CHUNK_SIZE, ChunkResult, GivenDeals, Question, run_chunk
from .stats import SCORINGS

if TYPE_CHECKING:
    from bridgecli.core.board import Board

#: Clusters merged before ``until_se`` may stop a run.
MIN_DEALS_FOR_SE = 30

VULS = ("None", "NS", "EW", "All")


def tasks(count: int | None, chunk_size: int) -> Iterator[tuple[int, int]]:
    """``(chunk index, deals)`` covering ``count`` deals (for ever when None)."""
    for k in itertools.count():
        if count is None:
            yield k, chunk_size
            continue
        size = min(chunk_size, count - k * chunk_size)
        if size <= 0:
            return
        yield k, size


def _one_dds_thread() -> None:
    """Hold DDS to one thread in this process (a worker: the processes share the cores)."""
    from bridgecli.solver import dds

    dds.set_threads(1)


def _dask_chunks(question: Question, pieces: list[tuple[int, Any]]) -> list[ChunkResult]:
    _one_dds_thread()
    return [run_chunk(question, index, size) for index, size in pieces]


#: Chunks sent to a Dask worker in one task: fewer, larger tasks cost the scheduler less
#: (each chunk keeps its own seed, so the numbers are those of any other executor).
DASK_GROUP = 4


def run_dask(question: Question, work: Iterator[tuple[int, int | GivenDeals]], target: str | int,
             ahead: int | None = None, group: int = DASK_GROUP, on_wait: Callable[[str], None] | None = None,
             worker_timeout: float | None = None) -> Iterator[ChunkResult]:
    """Chunks as Dask tasks (``group`` chunks a task) on the scheduler at ``target`` (an
    address) or on a LocalCluster of ``target`` workers; results stream back and come out
    in chunk order (:func:`bridgecli.executors.dask_map`)."""
    from bridgecli.executors import dask_map

    def groups() -> Iterator[tuple[Question, list[tuple[int, Any]]]]:
        pieces: list[tuple[int, Any]] = []
        for index, size in work:
            pieces.append((index, size))
            if len(pieces) == group:
                yield question, pieces
                pieces = []
        if pieces:
            yield question, pieces

    for done in dask_map(_dask_chunks, groups(), target, ahead, on_wait=on_wait, worker_timeout=worker_timeout):
        yield from done


def chunk_results(question: Question, work: Iterator[tuple[int, int | GivenDeals]], executor: str = "local",
                  jobs: int = 1, *, on_wait: Callable[[str], None] | None = None,
                  worker_timeout: float | None = None) -> Iterator[ChunkResult]:
    """The chunk results of ``work`` (``(chunk index, size or deals)``) in order, from the executor
    named by ``executor`` (:func:`bridgecli.executors.parse_executor`): in this process, on
    ``jobs`` local processes of one DDS thread each, or on Dask (``on_wait`` and
    ``worker_timeout`` as :func:`bridgecli.executors.dask_map` takes them). Raises ExecutorError."""
    import functools

    from bridgecli.executors import parse_executor, run_processes

    kind, arg = parse_executor(executor)
    if kind == "local":
        if jobs <= 1:
            _one_dds_thread()
            return (run_chunk(question, index, size) for index, size in work)
        return run_processes(functools.partial(run_chunk, question), work, jobs, setup=_one_dds_thread)
    assert arg is not None
    return run_dask(question, work, arg, on_wait=on_wait, worker_timeout=worker_timeout)


def make_question(contracts: Sequence[str | SimContract] = (), lead: str | SimContract | None = None,
                  seed: int = 0, where: Sequence[str] = (), predeal: Predeal | None = None,
                  script: str | None = None, script_source: str | None = None,
                  symmetrize: Sequence[int] = (), max_tries: int = 10_000_000,
                  chunk_size: int = CHUNK_SIZE) -> Question:
    """Check the parts of a simulation and bundle them. Raises ParseError or RuleError."""
    from .contracts import SimContract

    cs = [c if isinstance(c, SimContract) else SimContract.from_str(c) for c in contracts]
    ld = lead if isinstance(lead, SimContract) or lead is None else SimContract.from_str(lead)
    if not cs and ld is None:
        raise ParseError("nothing to simulate: give a contract (4S:N) or a lead question (3NT:S)")
    fixed = (predeal or Predeal()).fixed
    if script is not None:
        from bridgecli.dealer.script import parse_script

        parsed = parse_script(script, script_source)
        base = parsed.predeal.fixed
        merged = list(base)
        for c, s in enumerate(fixed):
            if s >= 0:
                if merged[c] >= 0 and merged[c] != s:
                    from bridgecli.core.cards import DECK

                    raise ParseError(f"--predeal gives {str(DECK[c])!r} to another seat than the script's predeal")
                merged[c] = s
        fixed = tuple(merged)
    if ld is not None:
        held = sum(1 for s in fixed if s == int(ld.leader))
        if held != 13:
            raise RuleError(f"a lead question needs the opening leader's 13 cards: predeal "
                            f"{ld.leader.name.lower()}'s hand ({held} given)")
    seats = tuple(dict.fromkeys(int(s) for s in symmetrize))
    if seats:
        if len(seats) < 2:
            raise ParseError("--symmetrize permutes two or more seats (E,W or E,W,N)")
        for s in seats:
            if any(x == s for x in fixed):
                from bridgecli.core.cards import Seat

                raise RuleError(f"--symmetrize: {Seat(s).name.lower()} has predealt cards; "
                                "only unknown hands are permuted")
    spec = Spec(seed=seed, fixed=fixed, wheres=tuple(where), script=script, script_source=script_source,
                max_tries=max_tries)
    from bridgecli.dealer.run import compile_spec

    compile_spec(spec)  # a bad condition is reported here, not in a worker
    return Question(spec, tuple(str(c) for c in cs), None if ld is None else str(ld), seats, chunk_size)


#: Why a run stopped (``stopped`` in the summary).
STOP_REASONS = ("count", "until-se", "max-tries", "input", "bad-board", "interrupted")
"""``count``: ``n`` deals done; ``until-se``: every payoff's standard error below ``until_se``;
``max-tries``: a chunk tried ``max_tries`` deals without filling up; ``input``: the given deals
ran out; ``bad-board``: a board of the given deals could not be simulated (no four full
hands, another leader's hand: the figures cover the deals before it); ``interrupted``: Ctrl-C (or another signal) stopped it."""


class SimulationInterrupted(KeyboardInterrupt):
    """A simulation stopped by Ctrl-C (or SIGTERM, SIGHUP): a ``KeyboardInterrupt`` that carries the
    figures over the deals merged before it (:attr:`summary`, ``stopped`` ``interrupted``); the
    interrupt itself is its ``__cause__``."""

    def __init__(self, summary: dict[str, Any]) -> None:
        super().__init__("simulation interrupted")
        self.summary = summary
        """The summary dict over the deals done."""


def simulate_question(question: Question, n: int | None = 100, vul: str = "None", scoring: str = "imps",
                      until_se: float | None = None, jobs: int = 1, executor: str = "local",
                      on_chunk: Callable[[Aggregator, Any, dict[str, Any], int], None] | None = None,
                      deals: Iterable[GivenDeals] | None = None, on_wait: Callable[[str], None] | None = None,
                      worker_timeout: float | None = None, source: str | None = None,
                      bad: list[RuleError] | None = None) -> dict[str, Any]:
    """Run ``question`` on ``n`` deals (the cap with ``until_se``) and return the summary dict
    (:meth:`Aggregator.summary`, plus ``seed``, ``stopped``, and with ``until_se`` the
    ``until_se`` asked and ``max_se`` reached). ``on_chunk(aggregator, chunk, scores,
    first_deal)`` is called after each merged chunk (progress, records).

    ``deals`` (chunks from :func:`given_chunks`, ``n`` deals at most) are evaluated instead of
    dealing; ``source`` names where they come from (the summary's ``source``; ``seed`` is then
    None). ``on_wait(message)`` is told when a Dask executor waits for workers; ``worker_timeout``
    bounds that wait (seconds; :data:`bridgecli.executors.WORKER_TIMEOUT`). ``bad`` is the list
    :func:`given_chunks` puts the error of a board it cannot use in: the run then stopped at
    that board (``bad-board``), not at the end of the input.

    ``stopped`` is one of :data:`STOP_REASONS`. With ``max-tries`` (a chunk tried ``max_tries``
    deals without filling up) the figures cover the deals found. Figures that need a deal are
    None when there was none.

    Raises:
        SimulationInterrupted: on KeyboardInterrupt (Ctrl-C), with the figures so far, once the
            workers are stopped.
        ParseError, RuleError: bad arguments; a board of ``deals`` without four full hands.
        ExecutorError: an executor that cannot run (Dask missing, no scheduler or worker).
    """
    if scoring not in SCORINGS:
        raise ParseError(f"unknown scoring {scoring!r} (imps, mp, total)")
    if vul not in VULS:
        raise ParseError(f"unknown vulnerability {vul!r} (None, NS, EW, All)")
    contracts = [SimContract.from_str(t) for t in question.contracts]
    lead = SimContract.from_str(question.lead) if question.lead else None
    agg = Aggregator(contracts, vul, scoring, lead, question.leader_cards())
    if until_se is not None and len(contracts) < 2 and lead is None:
        raise ParseError("--until-se bounds the payoffs' standard errors: give two contracts or a lead question")
    stopped = "count"
    work: Iterator[tuple[int, int | GivenDeals]]
    if deals is None:
        work = tasks(n, question.chunk_size)
    else:
        stopped = "input"
        work = enumerate(deals)
    stream = chunk_results(question, work, executor, jobs, on_wait=on_wait, worker_timeout=worker_timeout)

    def summary(reason: str) -> dict[str, Any]:
        out = agg.summary()
        out["seed"] = None if deals is not None else question.spec.seed
        if source is not None:
            out["source"] = source
        out["stopped"] = reason
        if until_se is not None:
            ses = agg.payoff_ses()
            worst = max(ses) if ses else math.inf
            out["until_se"] = until_se
            out["max_se"] = worst if math.isfinite(worst) else None
        return out

    try:
        for chunk in stream:
            first = agg.deals
            extra = agg.add(chunk)
            if on_chunk is not None:
                on_chunk(agg, chunk, extra, first)
            if chunk.short:
                stopped = "max-tries"
                break
            if until_se is not None and agg.deals >= MIN_DEALS_FOR_SE:
                ses = agg.payoff_ses()
                if ses and max(ses) < until_se:
                    stopped = "until-se"
                    break
        if stopped == "input" and n is not None and agg.deals >= n:
            stopped = "count"  # -n took the first n deals given
        elif stopped == "input" and bad:
            stopped = "bad-board"  # the chunks ended before a board that cannot be used
    except KeyboardInterrupt as exc:
        _close(stream)  # the workers stop first
        raise SimulationInterrupted(summary("interrupted")) from exc
    finally:
        _close(stream)
    return summary(stopped)


def stop_error(summary: dict[str, Any], max_tries: int | None = None) -> RuleError | None:
    """What was missed, as the RuleError to raise after the figures are out (the command exits
    1): no deal met the conditions, a chunk used up ``max_tries``, or ``until_se`` was not
    reached. None for a run that did what it was asked (or was interrupted)."""
    source = summary.get("source")
    if summary["stopped"] == "interrupted":
        return None
    if summary["deals"] == 0:
        return RuleError(f"no deal {f'of {source} ' if source else ''}met the conditions "
                         f"({summary['tried']:,} tried)")
    if summary["stopped"] == "max-tries":
        tries = f"its {max_tries:,} tries" if max_tries is not None else "its tries"
        return RuleError(f"only {summary['deals']:,} deals met the conditions before a chunk used up {tries}; "
                         "relax the conditions or raise --max-tries")
    if summary.get("until_se") is not None and summary["stopped"] != "until-se":
        worst = summary.get("max_se")
        return RuleError(f"--until-se {summary['until_se']:g} not reached: the largest payoff standard error is "
                         f"{'-' if worst is None else format(worst, '.3g')} after {summary['deals']:,} deals"
                         + ("" if source else "; raise -n"))
    return None


def _close(stream: Any) -> None:
    close = getattr(stream, "close", None)
    if close is not None:
        close()


def owner_of(deal: Deal) -> list[int]:
    """The seat (0 North .. 3 West) of each card index of a full deal. Raises RuleError
    naming the hand that is unknown or not of 13 cards."""
    owner = [-1] * 52
    for seat, hand in deal:
        if hand is None:
            raise RuleError(f"the {seat.name.lower()} hand is unknown: simulate needs four full hands")
        if len(hand) != 13:
            raise RuleError(f"the {seat.name.lower()} hand has {len(hand)} cards: simulate needs four full hands")
        for card in hand:
            owner[card.index] = int(seat)
    return owner


def given_chunks(deals: Iterable[Deal | Board], question: Question, n: int | None = None,
                 source: str | None = None, bad: list[RuleError] | None = None) -> Iterator[GivenDeals]:
    """The deals (or boards) given that meet the question's conditions (its ``where`` and
    script), in chunks of ``question.chunk_size``, up to ``n`` of them (all: None); each chunk
    counts the deals read for it (``tried``). Read lazily, a deal at a time.

    With a lead question every deal must give the opening leader the hand of
    ``question.leader_cards()``. Raises RuleError, located with ``source`` and the board
    number, for a board without four full hands of 13 cards, or with another leader's hand;
    with a ``bad`` list the error is put there instead and the chunks end before that board
    (the deals before it are evaluated, whatever the executor, and their figures can be told).
    """
    import numpy as np

    from bridgecli.core.board import Board

    from .engine import dealer_of

    _, accept, _ = dealer_of(question.spec)
    leader = SimContract.from_str(question.lead).leader if question.lead else None
    lead_cards = set(question.leader_cards())
    block: list[list[int]] = []
    read = kept = 0
    for seen, item in enumerate(deals if n is None or n > 0 else (), 1):
        board = item if isinstance(item, Board) else None
        try:
            deal = item.deal if isinstance(item, Board) else item
            if deal is None:
                raise RuleError("no deal: simulate needs four full hands")
            owner = owner_of(deal)
            if leader is not None and {c for c in range(52) if owner[c] == int(leader)} != lead_cards:
                raise RuleError(f"{leader.name.lower()}'s hand is not the one of the first deal: a lead question "
                                "compares the leads of one hand")
        except RuleError as exc:
            number = board.number if board is not None else None
            exc.located(source=source, board=str(number) if number is not None else str(seen))
            if bad is None:
                raise
            bad.append(exc)
            break
        read += 1
        if accept is not None and not bool(accept(np.array(owner, dtype=np.uint8).reshape(52, 1), {})[0]):
            continue
        block.append(owner)
        kept += 1
        if n is not None and kept >= n:
            break  # no deal read past the n-th
        if len(block) == question.chunk_size:
            yield GivenDeals(np.ascontiguousarray(np.array(block, dtype=np.uint8).T), read)
            block, read = [], 0
    if block or read:
        yield GivenDeals(np.ascontiguousarray(np.array(block, dtype=np.uint8).T.reshape(52, len(block))), read)


def with_leader_hand(boards: Iterable[Deal | Board], lead: str | SimContract | None,
                     predeal: Predeal | None = None) -> tuple[Iterator[Deal | Board], Predeal]:
    """The deals given, and the predeal of a question asked of them: for a lead question, the
    opening leader's hand of the first deal (every deal must hold it: :func:`given_chunks`).
    Raises RuleError when there is no deal, or the leader's hand of the first one is not 13 cards."""
    it = iter(boards)
    fixed = predeal or Predeal()
    if lead is None:
        return it, fixed
    first = next(it, None)
    deal = first.deal if first is not None and not isinstance(first, Deal) else first
    contract = lead if isinstance(lead, SimContract) else SimContract.from_str(lead)
    hand = None if deal is None else deal[contract.leader]
    if hand is None or len(hand) != 13:
        raise RuleError(f"a lead question needs the opening leader's 13 cards: the first deal has no "
                        f"{contract.leader.name.lower()} hand of 13 cards")
    assert first is not None
    return itertools.chain([first], it), fixed.with_cards(int(contract.leader), [c.index for c in hand])
