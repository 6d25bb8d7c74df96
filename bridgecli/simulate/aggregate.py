"""Merging chunk results, in chunk order, into every figure a simulation reports.

:class:`Aggregator` turns each chunk's double-dummy tricks into scores and
payoffs, averages them within clusters (a deal and its ``--symmetrize``
permutations) and merges the cluster values into running means and standard
errors (:class:`~bridgecli.simulate.stats.Moments`). :meth:`Aggregator.summary`
gives the whole result as one JSON-able dict.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from bridgecli.core.cards import DECK, Seat

from .contracts import SimContract
from .engine import ChunkResult
from .stats import Moments, pairs, payoff, wilson

F64 = npt.NDArray[np.float64]


def side_of(seat: Seat) -> str:
    """``NS`` or ``EW``."""
    return "NS" if seat in (Seat.NORTH, Seat.SOUTH) else "EW"


class Aggregator:
    """Running figures of a simulation (see the module docstring)."""

    def __init__(self, contracts: list[SimContract], vul: str, scoring: str, lead: SimContract | None = None,
                 leader_cards: tuple[int, ...] = ()) -> None:
        self.contracts = contracts
        self.vul = vul
        self.scoring = scoring
        self.lead = lead
        self.leader_cards = leader_cards
        k = len(contracts)
        self.us = side_of(contracts[0].declarer) if contracts else None
        """The side whose view the contract payoffs take: the first contract's declarer's."""
        self.score_tables = [np.array(c.scores(vul), dtype=np.int64) for c in contracts]
        self.pairs = pairs(k)
        self.mp_field = scoring == "mp" and k >= 2
        nl = len(leader_cards)
        self.lead_pairs = pairs(nl)
        self.lead_scores = (np.array([-s for s in reversed(lead.scores(vul))], dtype=np.int64)
                            if lead is not None else None)
        """Defence's score by tricks for the defence (0..13)."""
        width = 3 * k + len(self.pairs) + (k if self.mp_field else 0) + 3 * nl + len(self.lead_pairs)
        self.moments = Moments(width)
        self.hist = np.zeros((k, 14))
        self.differs = np.zeros(max(nl - 1, 0), dtype=bool)
        self.tried = 0
        self.rows = 0
        self.short = False

    @property
    def deals(self) -> int:
        """Clusters (accepted deals) merged."""
        return self.moments.n

    def row_values(self, chunk: ChunkResult) -> tuple[F64, dict[str, Any]]:
        """Per-row statistics ``(rows, width)`` of a chunk, and the per-row scores for records."""
        k = len(self.contracts)
        n = chunk.owner.shape[1]
        cols: list[F64] = []
        extra: dict[str, Any] = {}
        scores = np.zeros((n, k), dtype=np.int64)
        for i, c in enumerate(self.contracts):
            t = chunk.tricks[:, i].astype(np.int64)
            scores[:, i] = self.score_tables[i][t]
            cols += [t.astype(np.float64), np.where(t >= c.level + 6, 100.0, 0.0), scores[:, i].astype(np.float64)]
        extra["scores"] = scores
        ours = scores.copy()
        for i, c in enumerate(self.contracts):
            if side_of(c.declarer) != self.us:
                ours[:, i] = -ours[:, i]
        pay = {(i, j): payoff(self.scoring, ours[:, i], ours[:, j]) for i, j in self.pairs}
        cols += [pay[p] for p in self.pairs]
        if self.mp_field:
            for i in range(k):
                parts = [pay[i, j] if i < j else 100.0 - pay[j, i] for j in range(k) if j != i]
                cols.append(np.mean(parts, axis=0))
        if self.lead is not None and chunk.leads is not None and self.lead_scores is not None:
            d = chunk.leads.astype(np.int64)
            need = 8 - self.lead.level  # defensive tricks that set the contract
            dscore = self.lead_scores[d]
            extra["lead_scores"] = dscore
            for x in range(d.shape[1]):
                cols += [d[:, x].astype(np.float64), np.where(d[:, x] >= need, 100.0, 0.0),
                         dscore[:, x].astype(np.float64)]
            cols += [payoff(self.scoring, dscore[:, a], dscore[:, b]) for a, b in self.lead_pairs]
        values = np.stack(cols, axis=1) if cols else np.zeros((n, 0))
        return values, extra

    def add(self, chunk: ChunkResult) -> dict[str, Any]:
        """Merge the next chunk; returns the per-row scores (for records).

        The new figures are worked out aside and take the place of the old ones in one
        step, so that an interrupt (Ctrl-C) leaves the aggregator as it was before or after
        the chunk, never half-merged: the figures of an interrupted run are sound."""
        values, extra = self.row_values(chunk)
        m = chunk.clusters
        counts = np.bincount(chunk.cluster, minlength=m).astype(np.float64)
        weights = 1.0 / counts[chunk.cluster]
        sums = np.zeros((m, values.shape[1]))
        np.add.at(sums, chunk.cluster, values)
        hist = self.hist.copy()
        for i in range(len(self.contracts)):
            hist[i] += np.bincount(chunk.tricks[:, i].astype(np.int64), weights=weights, minlength=14)
        differs = self.differs
        if chunk.leads is not None and len(self.differs):
            d = chunk.leads
            differs = differs | (d[:, :-1] != d[:, 1:]).any(axis=0)
        self.__dict__.update(moments=self.moments.merged(sums / counts[:, None]), hist=hist, differs=differs,
                             tried=self.tried + chunk.tried, rows=self.rows + chunk.owner.shape[1],
                             short=self.short or chunk.short)
        extra["weights"] = weights
        return extra

    # -- reading the figures ------------------------------------------------

    def lead_groups(self) -> list[list[int]]:
        """The leader's cards in groups: same suit, next to each other in the hand, and the same
        double-dummy result on every deal so far (positions in :attr:`leader_cards`)."""
        groups: list[list[int]] = []
        for k, c in enumerate(self.leader_cards):
            if groups and DECK[self.leader_cards[k - 1]].suit == DECK[c].suit and not self.differs[k - 1]:
                groups[-1].append(k)
            else:
                groups.append([k])
        return groups

    def payoff_ses(self) -> list[float]:
        """Standard errors of every payoff (contract pairs, and pairs of distinct lead groups)."""
        se = self.moments.se()
        k = len(self.contracts)
        out = [float(se[3 * k + p]) for p in range(len(self.pairs))]
        if self.lead is not None:
            base = 3 * k + len(self.pairs) + (k if self.mp_field else 0) + 3 * len(self.leader_cards)
            reps = [g[0] for g in self.lead_groups()]
            index = {p: q for q, p in enumerate(self.lead_pairs)}
            out += [float(se[base + index[a, b]]) for a in reps for b in reps if a < b]
        return out

    def rate_interval(self, p: float, se: float) -> tuple[float, float]:
        """The 95% interval of a rate ``p`` (0..1, a make or set rate) with standard error ``se``:
        Wilson's (:func:`~bridgecli.simulate.stats.wilson`) over the deals merged. With
        ``--symmetrize`` a deal counts as several rows; the interval then takes the effective
        number of deals ``p(1 - p) / se**2`` (more than the deals when the permutations took
        out variance), or the single value ``p`` when ``se`` is 0 with ``0 < p < 1``."""
        n: float = self.deals
        if self.rows > self.deals and 0.0 < p < 1.0:
            if not se > 0.0:
                return p, p
            n = p * (1.0 - p) / (se * se)
        return wilson(p, n)

    def summary(self) -> dict[str, Any]:
        """Every figure, as one JSON-able dict (see docs/commands/simulate.md)."""
        mean, se = self.moments.mean, self.moments.se()
        k = len(self.contracts)

        def est(i: int, flip: bool = False, mp: bool = False) -> dict[str, Any]:
            if not self.deals:
                return {"mean": None, "se": None}  # no deal: no figure (JSON has no NaN)
            m = float(mean[i])
            if flip:
                m = 100.0 - m if mp else -m
            s = float(se[i])
            return {"mean": m, "se": s if math.isfinite(s) else None}

        def rate(i: int) -> dict[str, Any]:
            out = est(i)
            if self.deals:
                low, high = self.rate_interval(float(mean[i]) / 100.0, float(se[i]) / 100.0)
                out["interval"] = [100.0 * low, 100.0 * high]
            return out

        # a report, not boards: the board readers refuse it by its "record" key (issue #28)
        out: dict[str, Any] = {"record": "simulate", "deals": self.deals, "solved": self.rows, "tried": self.tried,
                               "payoff": self.scoring, "vulnerable": self.vul}
        contracts = []
        total = self.hist.sum(axis=1)
        for i, c in enumerate(self.contracts):
            entry = {"contract": str(c), "side": side_of(c.declarer), "tricks_estimate": est(3 * i),
                     "make": rate(3 * i + 1), "score_estimate": est(3 * i + 2),
                     "distribution": {str(t): (100.0 * float(self.hist[i, t] / total[i]) if total[i] else 0.0)
                                      for t in range(14) if self.hist[i, t] > 0}}
            if self.mp_field:
                entry["field"] = est(3 * k + len(self.pairs) + i)
            contracts.append(entry)
        out["contracts"] = contracts
        if k >= 2:
            mp = self.scoring == "mp"
            table: list[list[Any]] = [[None] * k for _ in range(k)]
            for p, (i, j) in enumerate(self.pairs):
                table[i][j] = est(3 * k + p)
                table[j][i] = est(3 * k + p, flip=True, mp=mp)
            out["payoffs"] = {"view": self.us, "items": [str(c) for c in self.contracts], "matrix": table}
        if self.lead is not None:
            base = 3 * k + len(self.pairs) + (k if self.mp_field else 0)
            groups = self.lead_groups()
            leads = []
            for g in groups:
                r = g[0]
                leads.append({"cards": [str(DECK[self.leader_cards[x]]) for x in g],
                              "defence_tricks": est(base + 3 * r), "set": rate(base + 3 * r + 1),
                              "score_estimate": est(base + 3 * r + 2)})
            lbase = base + 3 * len(self.leader_cards)
            index = {p: q for q, p in enumerate(self.lead_pairs)}
            n = len(groups)
            ltable: list[list[Any]] = [[None] * n for _ in range(n)]
            for a in range(n):
                for b in range(a + 1, n):
                    q = index[groups[a][0], groups[b][0]]
                    ltable[a][b] = est(lbase + q)
                    ltable[b][a] = est(lbase + q, flip=True, mp=self.scoring == "mp")
            out["lead_analysis"] = {"contract": str(self.lead), "leader": self.lead.leader.letter, "leads": leads,
                           "payoffs": {"view": "defence", "matrix": ltable}}
        return out
