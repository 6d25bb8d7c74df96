"""Running means and standard errors, and the per-deal payoff of one result against another.

A simulation's unit of sampling is a *cluster*: one accepted deal, or with
``--symmetrize`` that deal and its accepted permutations. Each statistic is
averaged within a cluster first, so the clusters are independent samples and
the standard error is the plain one of their means, however correlated the
deals inside a cluster are.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

SCORINGS = ("imps", "mp", "total")
"""Payoff scorings: IMPs, matchpoints (percent of the board), total points."""

#: Normal quantile of a two-sided 95% interval (of 0.975).
Z95 = 1.959963984540054


class Moments:
    """Count, mean and sum of squared deviations of ``width`` statistics over clusters,
    merged a block at a time (Chan et al.), so that the result depends on the order of
    the blocks only."""

    def __init__(self, width: int) -> None:
        self.n = 0
        """Clusters merged."""
        self.mean: F64 = np.zeros(width)
        """Mean of each statistic."""
        self.m2: F64 = np.zeros(width)
        """Sum of squared deviations from the mean, per statistic."""

    def add(self, values: F64) -> None:
        """Merge a block of cluster values ``(clusters, width)``."""
        merged = self.merged(values)
        self.n, self.mean, self.m2 = merged.n, merged.mean, merged.m2

    def merged(self, values: F64) -> Moments:
        """A new :class:`Moments` of these clusters and the block ``values`` (this one unchanged)."""
        out = Moments(0)
        out.n, out.mean, out.m2 = self.n, self.mean, self.m2
        m = values.shape[0]
        if m == 0:
            return out
        block_mean = values.mean(axis=0)
        block_m2 = ((values - block_mean) ** 2).sum(axis=0)
        total = self.n + m
        delta = block_mean - self.mean
        out.mean = self.mean + delta * (m / total)
        out.m2 = self.m2 + block_m2 + delta * delta * (self.n * m / total)
        out.n = total
        return out

    def se(self) -> F64:
        """Standard error of each mean (``inf`` with fewer than two clusters)."""
        if self.n < 2:
            return np.full(self.mean.shape, math.inf)
        return np.sqrt(np.maximum(self.m2, 0.0) / (self.n - 1) / self.n)


def wilson(p: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` of a proportion ``p`` (0..1) seen over ``n``
    independent trials, at the level of the normal quantile ``z`` (95% by default).

    Unlike ``p ± z·se`` it stays inside 0..1 and does not shrink to a point when
    ``p`` is 0 or 1 (0 of 25 deals gives 0%–13.3%), and it covers the true rate about as
    often as it says also for small ``n`` and rates near the ends. ``n`` may be an effective
    count (not a whole number). ``(0, 1)`` when ``n`` is 0.
    """
    if n <= 0:
        return 0.0, 1.0
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2.0 * n)) / denom
    half = z * math.sqrt(max(p * (1.0 - p), 0.0) / n + z2 / (4.0 * n * n)) / denom
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    return (0.0 if p <= 0.0 else low), (1.0 if p >= 1.0 else high)  # no rounding dust at the ends


def imps_of(differences: I64) -> I64:
    """IMPs (Law 78B, :func:`bridgecli.core.imps.imps`) of each score difference."""
    from bridgecli.core.imps import imps

    uniq, inverse = np.unique(differences, return_inverse=True)
    table = np.array([imps(int(d)) for d in uniq.tolist()], dtype=np.int64)
    out: I64 = table[inverse.reshape(differences.shape)]
    return out


def payoff(scoring: str, ours: I64, theirs: I64) -> F64:
    """Per-deal payoff of scoring ``ours`` where the other table scores ``theirs`` (same side's view).

    ``imps``: IMPs of the difference; ``mp``: percent of the board won between the
    two tables (100 better, 50 equal, 0 worse); ``total``: the difference in points.
    """
    out: F64
    if scoring == "imps":
        out = imps_of(ours - theirs).astype(np.float64)
    elif scoring == "mp":
        out = 50.0 * (np.sign(ours - theirs).astype(np.float64) + 1.0)
    elif scoring == "total":
        out = (ours - theirs).astype(np.float64)
    else:
        raise ValueError(f"unknown scoring {scoring!r} (imps, mp, total)")
    return out



def pairs(k: int) -> list[tuple[int, int]]:
    """The pairs ``(i, j)``, ``i < j``, of ``k`` items, in the order their payoffs are stored."""
    return [(i, j) for i in range(k) for j in range(i + 1, k)]


def payoff_matrix(scoring: str, pair_means: Sequence[float], k: int) -> list[list[float | None]]:
    """The ``k`` x ``k`` table of row-against-column payoffs from the ``i < j`` pair means:
    antisymmetric for IMPs and total points, ``100 - x`` across the diagonal for matchpoints."""
    out: list[list[float | None]] = [[None] * k for _ in range(k)]
    for (i, j), value in zip(pairs(k), pair_means):
        out[i][j] = value
        out[j][i] = 100.0 - value if scoring == "mp" else -value
    return out
