"""One chunk of a simulation: deal it from its seed, symmetrize, solve double dummy.

A :class:`Question` holds everything that decides the numbers (it is small and
picklable, so that worker processes and Dask workers rebuild the dealer
themselves). Chunk ``k`` holds the accepted deals ``k * chunk_size`` onwards:
it draws batches from the streams ``SeedSequence(seed, spawn_key=(k, j))``,
``j = 0, 1, ...``, until it has its deals, so a chunk is the same wherever and
whenever it runs.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from bridgecli.dealer.run import Spec

U8 = npt.NDArray[np.uint8]
I8 = npt.NDArray[np.int8]

#: Accepted deals in a chunk: the unit of work sent to a process or a Dask worker.
CHUNK_SIZE = 25

#: Deals tried at a time while filling a chunk (64 for double-dummy conditions).
SUB_BATCH = 1024


@dataclass(frozen=True)
class Question:
    """What a simulation deals and asks of each deal."""

    spec: Spec
    """Seed, predeal and conditions of the dealing (``max_tries`` caps each chunk's tries)."""
    contracts: tuple[str, ...] = ()
    """Contracts with declarer, canonical text (``4S:N``)."""
    lead: str | None = None
    """The contract whose opening leads are compared (``3NT:S``), if any."""
    symmetrize: tuple[int, ...] = ()
    """Seats whose hands are also permuted among themselves (Martelli)."""
    chunk_size: int = CHUNK_SIZE
    """Accepted deals a chunk."""
    per_call: int = 8
    """Boards a DDS call (small calls let Ctrl-C through quickly)."""

    def leader_cards(self) -> tuple[int, ...]:
        """Card indices of the opening leader's (predealt) hand, spades first, high first."""
        if self.lead is None:
            return ()
        from .contracts import SimContract

        leader = int(SimContract.from_str(self.lead).leader)
        cards = [c for c, s in enumerate(self.spec.fixed) if s == leader]
        return tuple(sorted(cards, key=lambda c: (-(c // 13), -(c % 13))))


@dataclass
class ChunkResult:
    """What one chunk gives back."""

    index: int
    """The chunk's number."""
    tried: int
    """Deals dealt to find its deals."""
    owner: U8
    """``(52, rows)``: every deal solved (with ``--symmetrize``, each deal then its permutations)."""
    cluster: npt.NDArray[np.int64]
    """Cluster (accepted deal, 0-based within the chunk) of each row."""
    tricks: I8
    """``(rows, contracts)``: declarer's double-dummy tricks."""
    leads: I8 | None = None
    """``(rows, leader's cards)``: tricks for the defence after each opening lead."""
    short: bool = False
    """The chunk used up ``max_tries`` before it was full."""
    clusters: int = field(default=0)
    """Accepted deals in the chunk."""


@dataclass(frozen=True)
class GivenDeals:
    """A chunk of deals given (``simulate FILE``) instead of dealt: they are solved as they are."""

    owner: U8
    """``(52, deals)``: the seat of each card in each deal (those that met the conditions)."""
    read: int
    """Deals read for this chunk (those that did not meet the conditions too)."""


@functools.lru_cache(maxsize=1)
def dealer_of(spec: Spec) -> tuple[Any, Any, int]:
    """``(dealer, accept, sub-batch)`` of ``spec``, built once a process: the Dealer, its batch
    filter (None without conditions; ``accept(owner, {})`` gives a mask of the deals that meet
    them) and the deals tried at a time. The last spec's are kept (a cache of one: a worker
    deals chunk after chunk of the same spec)."""
    from bridgecli.dealer.run import build, compile_spec

    dealer, accept = build(spec)
    return dealer, accept, 64 if compile_spec(spec).costly else SUB_BATCH


def deal_chunk(spec: Spec, index: int, size: int) -> tuple[U8, int, bool]:
    """The ``size`` accepted deals of chunk ``index``: ``(owner (52, size), tried, short)``.

    ``tried`` counts the deals looked at: up to the one that filled the chunk, and never more
    than ``spec.max_tries`` (deals of the last batch past the limit are not looked at).
    ``short`` is True when ``spec.max_tries`` deals were tried without finding them all.
    """
    dealer, accept, sub = dealer_of(spec)
    found: list[U8] = []
    have = tried = 0
    limit = spec.max_tries
    for j in itertools.count():
        if have >= size or (limit is not None and tried >= limit):
            break
        rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(spec.seed, spawn_key=(index, j))))
        owner, dealt, positions = dealer.deal_kept(rng, accept, sub if accept is not None else size - have)
        room = dealt if limit is None else min(dealt, limit - tried)  # deals of this batch within the limit
        if positions is None:
            positions = np.arange(owner.shape[1])
        take = int(np.searchsorted(positions, room))  # kept deals among the first ``room``
        take = min(take, size - have)
        if take:
            found.append(owner[:, :take])
            have += take
        # the deal that filled the chunk is the last one looked at
        tried += int(positions[take - 1]) + 1 if have >= size else room
    owner = np.concatenate(found, axis=1) if found else np.zeros((52, 0), dtype=np.uint8)
    return np.ascontiguousarray(owner), tried, have < size


def symmetrized(owner: U8, seats: tuple[int, ...], accept: Any) -> tuple[U8, npt.NDArray[np.int64]]:
    """Each deal followed by its hands permuted among ``seats`` (those the conditions accept).

    Returns the rows and the deal (cluster) each row comes from.
    """
    n = owner.shape[1]
    perms = list(itertools.permutations(seats))
    variants = []
    keeps = []
    for p in perms:
        table = np.arange(256, dtype=np.uint8)
        for src, dst in zip(seats, p):
            table[src] = dst
        moved = table[owner]
        keep = np.ones(n, dtype=bool)
        if accept is not None and p != tuple(seats):
            keep = np.asarray(accept(moved, {}), dtype=bool)
        variants.append(moved)
        keeps.append(keep)
    # rows in deal order, each deal's accepted permutations together (identity first)
    stacked = np.stack(variants, axis=2)  # (52, n, perms)
    keep_all = np.stack(keeps, axis=1)  # (n, perms)
    cols = stacked.reshape(52, n * len(perms))[:, keep_all.reshape(-1)]
    cluster = np.repeat(np.arange(n, dtype=np.int64), len(perms))[keep_all.reshape(-1)]
    return np.ascontiguousarray(cols), cluster


def run_chunk(question: Question, index: int, size: int | GivenDeals | None = None) -> ChunkResult:
    """Deal, symmetrize and solve chunk ``index`` of ``question`` (``size`` deals, default a full
    chunk); or solve the deals given (:class:`GivenDeals`) as they are."""
    from .contracts import SimContract

    if isinstance(size, GivenDeals):
        owner, tried, short = size.owner, size.read, False
    else:
        owner, tried, short = deal_chunk(question.spec, index, question.chunk_size if size is None else size)
    clusters = owner.shape[1]
    if question.symmetrize:
        _, accept, _ = dealer_of(question.spec)
        rows, cluster = symmetrized(owner, question.symmetrize, accept)
    else:
        rows, cluster = owner, np.arange(clusters, dtype=np.int64)
    contracts = [SimContract.from_str(t) for t in question.contracts]
    tricks = solve_contracts(rows, [(int(c.strain), int(c.declarer)) for c in contracts], question.per_call)
    leads = None
    if question.lead is not None:
        leads = solve_leads(rows, SimContract.from_str(question.lead), question.leader_cards(), question.per_call)
    return ChunkResult(index, tried, rows, cluster, tricks, leads, short, clusters)


def solve_contracts(rows: U8, jobs: list[tuple[int, int]], per_call: int | None = None) -> I8:
    """Declarer's tricks ``(rows, len(jobs))`` for (strain, declarer) jobs: each distinct pair
    solved once; a strain with three or four declarers asked through ``CalcAllTables``."""
    from . import _dds

    n = rows.shape[1]
    out = np.zeros((n, len(jobs)), dtype=np.int8)
    if not jobs or n == 0:
        return out
    distinct = list(dict.fromkeys(jobs))
    by_strain: dict[int, set[int]] = {}
    for strain, declarer in distinct:
        by_strain.setdefault(strain, set()).add(declarer)
    table_strains = [s for s, seats in by_strain.items() if len(seats) >= 3]
    single = [j for j in distinct if j[0] not in table_strains]
    found: dict[tuple[int, int], I8] = {}
    if table_strains:
        full = _dds.tables(rows, table_strains, per_call)
        for strain, declarer in distinct:
            if strain in table_strains:
                found[strain, declarer] = full[:, declarer, strain]
    if single:
        solved = _dds.declarer_tricks(rows, single, per_call)
        for k, job in enumerate(single):
            found[job] = solved[:, k]
    for k, job in enumerate(jobs):
        out[:, k] = found[job]
    return out


def solve_leads(rows: U8, contract: Any, cards: tuple[int, ...], per_call: int | None = None) -> I8:
    """Tricks for the defence ``(rows, len(cards))`` after each opening lead in ``cards``
    (the leader's hand) against ``contract``, through :func:`bridgecli.solver.dds.solve_leads`."""
    from bridgecli.core.deal import deal_from_indices
    from bridgecli.solver import dds

    n = rows.shape[1]
    out = np.zeros((n, len(cards)), dtype=np.int8)
    column = {c: k for k, c in enumerate(cards)}
    step = max(1, (per_call or 4 * n) // 4)  # a lead board (every card scored) costs several plain ones
    for start in range(0, n, step):
        deals = [deal_from_indices(rows[:, d].tolist()) for d in range(start, min(n, start + step))]
        solved = dds.solve_leads([(deal, contract.strain, contract.declarer) for deal in deals])
        for k, leads in enumerate(solved):
            for card, tricks in leads:
                out[start + k, column[card.index]] = tricks
    return out
