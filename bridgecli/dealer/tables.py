"""Evaluation tables indexed by a 13-bit suit holding, and dealer's score and IMPs.

A *holding* is the cards one hand holds in one suit as a 13-bit mask: bit
``r - 2`` set when the hand holds rank ``r`` (bit 0 the two, bit 12 the ace).
Every per-suit measure of dealer's language (length, points, controls,
losers, Kaplan-Rubens suit quality, the suit part of CCCC, alternate
counts) depends on the holding only, so each becomes one table of 8192
entries and evaluating it on a batch is one array lookup.

Definitions follow the manual of the classic C ``dealer`` (Hans van Staveren
et al.); ``quality`` and ``cccc`` follow the Kaplan-Rubens algorithms of The
Bridge World, October 1982, scaled by 100, as dealer computes them.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]

#: Number of distinct holdings.
NMASKS = 1 << 13

_BITS = (np.arange(NMASKS)[:, None] >> np.arange(13)[None, :]) & 1
"""(8192, 13): bit r of each holding (r = 0 is the two)."""

ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT = 12, 11, 10, 9, 8, 7, 6
"""Bit numbers of the honours and spot cards used by the evaluations."""


def _has(bit: int) -> IntArray:
    return _BITS[:, bit].astype(np.int64)


def length_table() -> IntArray:
    """Cards in the holding."""
    out: IntArray = _BITS.sum(axis=1).astype(np.int64)
    return out


def count_table(weights_ace_first: Sequence[int]) -> IntArray:
    """Sum of ``weights`` (given ace first, down to the two) over the cards held.

    This is dealer's ``pointcount`` / ``altcount`` rule.
    """
    w = np.zeros(13, dtype=np.int64)
    for i, value in enumerate(weights_ace_first[:13]):
        w[12 - i] = int(value)
    return (_BITS @ w).astype(np.int64)


#: dealer's default ``pointcount``: A 4, K 3, Q 2, J 1.
DEFAULT_POINTCOUNT: tuple[int, ...] = (4, 3, 2, 1)

#: dealer's default alternate counts ``pt0``..``pt9`` (weights ace first) and their names.
DEFAULT_ALTCOUNTS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("tens", (0, 0, 0, 0, 1)),
    ("jacks", (0, 0, 0, 1)),
    ("queens", (0, 0, 1)),
    ("kings", (0, 1)),
    ("aces", (1,)),
    ("top2", (1, 1)),
    ("top3", (1, 1, 1)),
    ("top4", (1, 1, 1, 1)),
    ("top5", (1, 1, 1, 1, 1)),
    ("c13", (6, 4, 2, 1)),
)


def control_table() -> IntArray:
    """Controls: ace 2, king 1."""
    return 2 * _has(ACE) + _has(KING)


def loser_table() -> IntArray:
    """Losers in one suit, by dealer's rule.

    Void 0; singleton: 0 if the ace, else 1; doubleton: AK 0, Ax or Kx 1,
    other 2; three cards or more: 3 minus one for each of A, K, Q held.
    """
    n = length_table()
    a, k, q = _has(ACE), _has(KING), _has(QUEEN)
    out = np.where(n >= 3, 3 - a - k - q, 0)
    out = np.where(n == 2, 2 - a - k, out)
    out = np.where(n == 1, 1 - a, out)
    return out.astype(np.int64)


def quality_table() -> IntArray:
    """Kaplan-Rubens suit quality times 100 (dealer's ``quality``).

    With ``f = 10 * length``: ace 4f, king 3f, queen 2f, jack f. Suits of
    seven cards or more count up to ``length - 6`` missing honours among
    Q and J as held (3, less 2 for the queen and 1 for the jack). Shorter
    suits: the ten adds f with two or more higher honours or with the
    jack, else f/2; the nine adds f/2 with exactly two higher honours, or
    with the ten or the eight.
    """
    n = length_table()
    f = 10 * n
    a, k, q, j, t = _has(ACE), _has(KING), _has(QUEEN), _has(JACK), _has(TEN)
    nine, eight = _has(NINE), _has(EIGHT)
    higher = a + k + q + j
    base = (4 * a + 3 * k + 2 * q + j) * f
    replace = np.minimum(3 - 2 * q - j, np.maximum(n - 6, 0))
    long_part = replace * f
    ten_part = np.where(t == 1, np.where((higher > 1) | (j == 1), f, f // 2), 0)
    nine_part = np.where((nine == 1) & ((higher == 2) | (t == 1) | (eight == 1)), f // 2, 0)
    short_part = ten_part + nine_part
    return (base + np.where(n > 6, long_part, short_part)).astype(np.int64)


def cccc_suit_table() -> IntArray:
    """The part of Kaplan-Rubens CCCC (times 100) that one suit contributes.

    Ace 300; king 200, less 150 when singleton; queen 100, less 75 when
    singleton, less 25 when doubleton, less 25 without a higher honour;
    jack 50 with two higher honours, 25 with one; ten 25 with two higher
    honours (A, K, Q, J held), or with one and the nine; plus the suit
    quality. The shape part is added by :func:`cccc_shape`.
    """
    n = length_table()
    a, k, q, j, t = _has(ACE), _has(KING), _has(QUEEN), _has(JACK), _has(TEN)
    nine = _has(NINE)
    ev = 300 * a
    ev = ev + k * (200 - 150 * (n == 1))
    above_q = a + k
    ev = ev + q * (100 - 75 * (n == 1) - 25 * (n == 2) - 25 * (above_q == 0))
    above_j = above_q + q
    ev = ev + j * (50 * (above_j == 2) + 25 * (above_j == 1))
    above_t = above_j + j
    ev = ev + t * (25 * (above_t == 2) + 25 * ((above_t == 1) & (nine == 1)))
    out: IntArray = (ev + quality_table()).astype(np.int64)
    return out


def shape_points_table() -> IntArray:
    """CCCC shape points of one suit: 100 for each card short of three."""
    return (np.maximum(0, 3 - length_table()) * 100).astype(np.int64)


def cccc_shape(shape_points: IntArray) -> IntArray:
    """CCCC shape adjustment from the summed shape points: -50 if none, else points - 100."""
    return np.where(shape_points == 0, -50, shape_points - 100)


#: Upper bounds of the IMP scale (Law 78B): difference <= bound[i] -> i IMPs.
IMP_BOUNDS: tuple[int, ...] = (
    10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890,
    1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990,
)


def imps(diff: IntArray | int) -> IntArray | int:
    """IMPs for a score difference (sign kept), by the scale of Law 78B."""
    arr = np.asarray(diff, dtype=np.int64)
    mag = np.searchsorted(np.asarray(IMP_BOUNDS), np.abs(arr), side="left").astype(np.int64)
    out = np.where(arr < 0, -mag, mag)
    if np.ndim(diff) == 0:
        return int(out)
    return out


def score(vulnerable: bool, level: int, strain: int, tricks: IntArray | int, doubled: int = 0) -> IntArray | int:
    """Duplicate score (Law 77) of ``level``/``strain`` (0 clubs .. 4 notrump) for declarer.

    ``tricks`` is what declarer takes (0..13, an array for a batch);
    ``doubled`` is 0, 1 or 2 (redoubled). Positive when made, negative
    (the defenders' score) when down.
    """
    t = np.asarray(tricks, dtype=np.int64)
    mult = (1, 2, 4)[doubled]
    per_trick = 20 if strain < 2 else 30
    first_extra = 10 if strain == 4 else 0
    trick_score = (per_trick * level + first_extra) * mult
    if trick_score >= 100:
        premium = 500 if vulnerable else 300
    else:
        premium = 50
    if level == 6:
        premium += 750 if vulnerable else 500
    elif level == 7:
        premium += 1500 if vulnerable else 1000
    premium += (0, 50, 100)[doubled]
    over = np.maximum(t - 6 - level, 0)
    if doubled:
        over_value = (200 if vulnerable else 100) * mult // 2
    else:
        over_value = per_trick
    made = trick_score + premium + over * over_value
    down = np.maximum(6 + level - t, 0)
    if doubled == 0:
        pen = down * (100 if vulnerable else 50)
    else:
        if vulnerable:
            pen = 200 + 300 * (down - 1)
        else:
            pen = 100 + 200 * np.minimum(down - 1, 2) + 300 * np.maximum(down - 3, 0)
        pen = pen * (mult // 2)
    out = np.where(down > 0, -pen, made)
    if np.ndim(tricks) == 0:
        return int(out)
    return out
