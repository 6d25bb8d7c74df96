"""The IMP scale (Law 78B) and IMP comparisons of several results.

Everything here is pure arithmetic on N-S scores (integers, multiples of 10).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

__all__ = ["IMP_BOUNDS", "butler_datum", "butler_imps", "cross_imps", "imps", "imps_of", "round_to_10", "victory_points"]

#: Upper bound of each step of the WBF IMP scale: a difference up to ``IMP_BOUNDS[k]``
#: is worth ``k`` IMPs; anything above the last bound is 24.
IMP_BOUNDS: tuple[int, ...] = (
    10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590,
    740, 890, 1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990,
)


def imps(difference: int) -> int:
    """IMPs for a score difference on the WBF scale (Law 78B); the sign follows the difference.

    A difference that is not a multiple of 10 counts in the step whose range
    holds it (15 -> 1, 9 -> 0). Raises ValueError for a non-integer.
    """
    value: object = difference
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"a score difference must be a whole number, not {difference!r}")  # noqa: TRY004
    difference = value
    size = -difference if difference < 0 else difference
    # ranges 0-10, 20-40, ... are gap-free once 11..19 belong to the next step
    n = bisect_left(IMP_BOUNDS, size)
    return -n if difference < 0 else n


def round_to_10(value: float) -> int:
    """``value`` rounded to the nearest multiple of 10, halves away from zero (415 -> 420, -415 -> -420)."""
    q = abs(value) / 10.0
    r = int(q + 0.5)
    return 10 * r if value >= 0 else -10 * r


def butler_datum(scores: Sequence[int], trim_from: int = 5, round_to: int | None = 10) -> float:
    """The Butler datum of a board's N-S ``scores``.

    Rule used by bridgecli: the arithmetic mean of the scores, leaving out the
    single highest and the single lowest score when the board has at least
    ``trim_from`` results (default 5; with fewer results all count), then
    rounded to the nearest multiple of ``round_to`` (10 by default, 1 for a whole
    number; halves away from zero), or not rounded (``None``: the mean itself,
    to 6 decimals). Raises ValueError for no scores or a ``round_to`` below 1.
    """
    if not scores:
        raise ValueError("no scores to take a datum from")
    pool = sorted(scores)
    if len(pool) >= trim_from:
        pool = pool[1:-1]
    mean = sum(pool) / len(pool)
    if round_to is None:
        whole = round(mean, 6)
        return int(whole) if whole.is_integer() else whole
    if round_to == 10:
        return round_to_10(mean)
    if isinstance(round_to, bool) or not isinstance(round_to, int) or round_to < 1:
        raise ValueError(f"a datum is rounded to a whole number from 1, not {round_to!r}")
    steps = int(abs(mean) / round_to + 0.5)
    return round_to * steps if mean >= 0 else -round_to * steps


def imps_of(difference: float) -> int:
    """IMPs for a score difference that need not be whole (a result against a datum that
    was not rounded): the step of the WBF scale whose range holds it, as :func:`imps`
    counts 15 (1 IMP); the sign follows the difference."""
    if isinstance(difference, int) or difference.is_integer():
        return imps(int(difference))
    n = bisect_left(IMP_BOUNDS, abs(difference))
    return -n if difference < 0 else n


def butler_imps(scores: Sequence[int], trim_from: int = 5, round_to: int | None = 10) -> list[int]:
    """N-S IMPs of each score against the board's :func:`butler_datum` (E-W get the negation)."""
    datum = butler_datum(scores, trim_from, round_to)
    if isinstance(datum, int):
        return [imps(s - datum) for s in scores]
    return [imps_of(s - datum) for s in scores]


def cross_imps(scores: Sequence[int]) -> list[float]:
    """N-S cross-IMPs of each score: the IMPs against every other score on the board,
    summed and divided by the number of other scores (so a board is worth the same
    whatever its number of results). A lone score gets 0.
    """
    n = len(scores)
    if n < 2:
        return [0.0] * n
    return [sum(imps(s - t) for j, t in enumerate(scores) if j != i) / (n - 1) for i, s in enumerate(scores)]


def victory_points(margin: float, boards: int) -> tuple[float, float]:
    """The victory points of a team match on the WBF continuous 20-point scale (2013): the
    home team's, then the visitors', for an IMP ``margin`` (home's IMPs less the visitors')
    over ``boards`` boards.

    The winner gets ``10 + 10 * (1 - t ** (3 * x / b)) / (1 - t ** 3)``, where ``t`` is the
    golden ratio's inverse, ``b = 15 * sqrt(boards)`` is the margin worth 20 and ``x`` the
    margin up to ``b``; rounded to hundredths (halves up), the loser gets the rest of 20.
    Raises ValueError for fewer than one board.
    """
    import math

    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ValueError(f"a match has at least one board, not {boards!r}")
    tau = (math.sqrt(5) - 1) / 2
    blitz = 15 * math.sqrt(boards)
    x = min(abs(margin), blitz)
    winner = 10 + 10 * (1 - tau ** (3 * x / blitz)) / (1 - tau ** 3)
    winner = math.floor(winner * 100 + 0.5 + 1e-9) / 100
    loser = round(20 - winner, 2)
    return (winner, loser) if margin >= 0 else (loser, winner)
