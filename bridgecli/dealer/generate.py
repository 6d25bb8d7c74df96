"""Seeded, vectorised dealing of batches of deals.

Deals come in batches of :data:`BATCH_SIZE`. Batch ``i`` of a run with seed
``s`` draws from its own PCG64 stream seeded by ``SeedSequence(s,
spawn_key=(i,))``, so a batch is the same whichever process deals it and in
whatever order: output depends on the seed and the arguments only.

Each batch is a vectorised Fisher-Yates shuffle of the cards not fixed by a
predeal: every arrangement is equally likely (the random indices come from
``Generator.integers``, which is exactly uniform). When a condition looks at
some seats only, those seats' cards are dealt first (the first steps of the
shuffle), the condition is tested, and the shuffle is completed for the
accepted rows only: the result has the same distribution as dealing all
four hands first, for a fraction of the work.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .plain import BATCH_SIZE, Predeal

__all__ = ["BATCH_SIZE", "UNDEALT", "Accept", "Dealer", "Predeal", "batch_generator", "plain_deals",
           "plain_draws", "uniform_below"]

U8Array = npt.NDArray[np.uint8]
BoolArray = npt.NDArray[np.bool_]


#: ``owner`` value of a card not dealt (yet).
UNDEALT = 255

#: A test on a batch: ``(owner, hands) -> keep`` with ``owner`` ``(52, n)`` and ``hands`` empty, or,
#: when only some seats are dealt yet, ``owner`` None and ``hands`` mapping each dealt seat to
#: its cards as 52-bit masks (bit = card index, one ``uint64`` a deal).
Accept = Callable[["U8Array | None", "dict[int, npt.NDArray[np.uint64]]"], BoolArray]

_CARD_BIT = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))


def batch_generator(seed: int, index: int) -> np.random.Generator:
    """The random stream of batch ``index`` of a run seeded with ``seed``."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(index,))))


class Dealer:
    """Deals batches around a :class:`Predeal`, dealing the seats in ``first`` first.

    ``accept`` (optional) filters each batch; when ``first`` names fewer
    than four seats the filter is called before the other seats are dealt,
    with those seats' cards as 52-bit masks, and must not look at other seats.
    """

    def __init__(self, predeal: Predeal | None = None, first: Sequence[int] = (), batch_size: int = BATCH_SIZE) -> None:
        self.predeal = predeal or Predeal()
        self.batch_size = batch_size
        fixed = np.asarray(self.predeal.fixed, dtype=np.int64)
        self.free = np.flatnonzero(fixed < 0).astype(np.uint8)
        """Card indices dealt at random."""
        counts = self.predeal.counts
        order = [s for s in dict.fromkeys(first) if 0 <= s < 4]
        order += [s for s in range(4) if s not in order]
        self.order = tuple(order)
        """Seats in dealing order: the constrained ones first."""
        self.need = tuple(13 - counts[s] for s in self.order)
        """Cards still to deal to each seat of :attr:`order`."""
        self.base = np.full(52, UNDEALT, dtype=np.uint8)
        self.base[fixed >= 0] = fixed[fixed >= 0].astype(np.uint8)
        n_first = len([s for s in dict.fromkeys(first) if 0 <= s < 4])
        self.split = sum(self.need[:n_first]) if 0 < n_first < 4 else 0
        """Shuffle positions dealt before the filter (0: deal everything first)."""
        self.single = n_first == 1 and self.split > 0
        """One seat is dealt first: its hand is drawn as a random subset (Floyd), not by shuffling."""
        self._free_mask = self.base == UNDEALT
        """Which card indices are dealt at random."""
        self._fixed_bits = [np.bitwise_or.reduce(_CARD_BIT[np.flatnonzero(self.base == seat)])
                            if (self.base == seat).any() else np.uint64(0) for seat in range(4)]

    def _shuffle(self, rng: np.random.Generator, perm: U8Array, start: int, stop: int) -> None:
        """Fisher-Yates steps ``start``..``stop - 1`` on each column of ``perm`` ``(r, n)`` in place.

        Step ``i`` swaps position ``i`` with a position drawn uniformly from ``i..r-1``.
        """
        r, n = perm.shape
        stop = min(stop, r - 1)
        if n == 0 or stop <= start:
            return
        _swap(perm, uniform_below(rng, r - np.arange(start, stop, dtype=np.int64), n), start)

    def _assign(self, owner: U8Array, perm: U8Array, seats: range) -> None:
        """Give the cards at each seat's shuffle positions to that seat."""
        n = owner.shape[1]
        lo = sum(self.need[: seats.start])
        hi = sum(self.need[: seats.stop])
        if hi <= lo:
            return
        values = np.repeat(np.asarray(self.order, dtype=np.uint8)[list(seats)], [self.need[k] for k in seats])
        cols = np.arange(n, dtype=np.int64)
        idx = perm[lo:hi].astype(np.int64) * n + cols
        owner.reshape(-1)[idx] = values[:, None]

    def deal(self, rng: np.random.Generator, accept: Accept | None = None, n: int | None = None) -> tuple[U8Array, int]:
        """Deal one batch of ``n`` (default :attr:`batch_size`) deals; keep those ``accept`` passes.

        Returns the kept deals as an ``owner`` array ``(52, kept)`` and the number dealt.
        """
        owner, dealt, _positions = self.deal_kept(rng, accept, n)
        return owner, dealt

    def deal_kept(self, rng: np.random.Generator, accept: Accept | None = None,
                  n: int | None = None) -> tuple[U8Array, int, npt.NDArray[np.intp] | None]:
        """:meth:`deal`, and where in the batch the kept deals were (None: all were kept)."""
        n = self.batch_size if n is None else n
        r = len(self.free)
        if accept is not None and self.single:
            owner, keep = self._deal_single(rng, accept, n)
            return owner, n, np.flatnonzero(keep)
        if accept is not None and self.split:
            perm = np.repeat(self.free[:, None], n, axis=1)
            self._shuffle(rng, perm, 0, self.split)
            keep = np.asarray(accept(None, self._hand_bits(perm)), dtype=bool)
            if not keep.all():
                perm = np.ascontiguousarray(perm[:, keep])
            self._shuffle(rng, perm, self.split, r - 1)
            owner = np.repeat(self.base[:, None], perm.shape[1], axis=1)
            self._assign(owner, perm, range(4))
            return owner, n, np.flatnonzero(keep)
        owner = np.repeat(self.base[:, None], n, axis=1)
        labels = np.repeat(np.repeat(np.asarray(self.order, dtype=np.uint8), self.need)[:, None], n, axis=1)
        self._shuffle(rng, labels, 0, r - 1)
        if r == 52:
            owner = labels
        else:
            owner[self.free.astype(np.int64)] = labels
        if accept is None:
            return owner, n, None
        keep = np.asarray(accept(owner, {}), dtype=bool)
        if not keep.all():
            owner = np.ascontiguousarray(owner[:, keep])
        return owner, n, np.flatnonzero(keep)

    def deal_kept_many(self, rngs: Sequence[np.random.Generator], accept: Accept | None = None,
                       n: int | None = None) -> list[tuple[U8Array, int, npt.NDArray[np.intp] | None]]:
        """:meth:`deal_kept` of several batches, each from its own generator: the same deals. With one
        seat dealt first, the kept deals of all of them are completed together (the completion costs
        about as much for a few hundred deals as for a few thousand)."""
        n = self.batch_size if n is None else n
        if accept is None or not self.single or len(rngs) < 2:
            return [self.deal_kept(rng, accept, n) for rng in rngs]
        firsts = [self._single_seat(rng, accept, n) for rng in rngs]
        owners = self._single_rest(rngs, [hand for hand, _keep in firsts])
        return [(owner, n, np.flatnonzero(keep)) for owner, (_hand, keep) in zip(owners, firsts)]

    def _deal_single(self, rng: np.random.Generator, accept: Accept, n: int) -> tuple[U8Array, BoolArray]:
        """One seat first: draw its cards as a uniform random subset of the free cards
        (Floyd's algorithm on 52-bit masks), test, then share the rest out for the kept deals."""
        hand, keep = self._single_seat(rng, accept, n)
        return self._single_rest([rng], [hand])[0], keep

    def _single_seat(self, rng: np.random.Generator, accept: Accept, n: int) -> tuple[npt.NDArray[np.uint64], BoolArray]:
        """The first seat's cards (52-bit masks) of the ``n`` deals of a batch that ``accept`` keeps, and which."""
        r, k = len(self.free), self.need[0]
        seat = self.order[0]
        # step i picks a place uniform on 0..r-k+i; with no predeal the places are the card indices
        picks = _below(rng, np.arange(r - k + 1, r + 1, dtype=np.int64), n)
        cards = (picks if r == 52 else self.free[picks]).astype(np.uint64)
        drawn = np.left_shift(np.uint64(1), cards)
        hand = drawn[0].copy()
        spare = np.empty(n, dtype=np.uint64)
        for i in range(1, k):
            # Floyd: if the picked card is already in, take card r-k+i instead (never picked before)
            np.bitwise_and(hand, drawn[i], out=spare)  # the picked card's bit if held, else 0
            np.right_shift(spare, cards[i], out=spare)  # 1 if held, else 0
            np.left_shift(spare, np.uint64(self.free[r - k + i]), out=spare)  # card r-k+i's bit, or 0
            hand |= drawn[i]
            hand |= spare
        keep = np.asarray(accept(None, {seat: hand | self._fixed_bits[seat]}), dtype=bool)
        return hand[keep], keep

    def _single_rest(self, rngs: Sequence[np.random.Generator], hands: Sequence[npt.NDArray[np.uint64]]) -> list[U8Array]:
        """Whole deals (``owner`` arrays) from the first seat's cards of kept deals, batch by batch: the
        other seats' cards shuffled with each batch's own generator, the swaps done for all batches at once."""
        r, k = len(self.free), self.need[0]
        seat = self.order[0]
        sizes = [len(h) for h in hands]
        m = sum(sizes)
        if m == 0:
            return [np.repeat(self.base[:, None], 0, axis=1) for _ in hands]
        hand = hands[0] if len(hands) == 1 else np.concatenate(hands)
        # deal by deal (rows): the seat's cards, then the other free cards in index order get the
        # shuffled labels of the other seats
        held = np.unpackbits(hand.astype("<u8", copy=False).view(np.uint8).reshape(m, 8), axis=1,
                             count=52, bitorder="little").view(np.bool_)
        by_deal = np.repeat(self.base[None, :], m, axis=0)
        by_deal[held] = seat
        labels = np.repeat(np.repeat(np.asarray(self.order[1:], dtype=np.uint8), self.need[1:])[:, None], m, axis=1)
        if r - k - 1 > 0:
            # Fisher-Yates steps 0 .. r-k-2 of each batch's deals, drawn from the batch's own generator
            bounds = (r - k) - np.arange(r - k - 1, dtype=np.int64)
            draws = [uniform_below(rng, bounds, size) for rng, size in zip(rngs, sizes) if size]
            _swap(labels, draws[0] if len(draws) == 1 else np.concatenate(draws, axis=1), 0)
        held ^= self._free_mask
        by_deal[held] = labels.T.reshape(-1)
        owner = np.ascontiguousarray(by_deal.T)
        if len(hands) == 1:
            return [owner]
        return [np.ascontiguousarray(part) for part in np.split(owner, np.cumsum(sizes)[:-1].tolist(), axis=1)]

    def _hand_bits(self, perm: U8Array) -> dict[int, npt.NDArray[np.uint64]]:
        """The cards of the seats dealt first, as 52-bit masks (predealt cards included)."""
        out: dict[int, npt.NDArray[np.uint64]] = {}
        lo = 0
        for k, seat in enumerate(self.order):
            if lo >= self.split:
                break
            hi = lo + self.need[k]
            bits = np.bitwise_or.reduce(_CARD_BIT[perm[lo:hi]], axis=0)
            fixed = np.flatnonzero(self.base == seat)
            if len(fixed):
                bits |= np.bitwise_or.reduce(_CARD_BIT[fixed])
            out[seat] = bits
            lo = hi
        return out


def _swap(perm: U8Array, idx: npt.NDArray[np.int64], start: int) -> None:
    """Fisher-Yates steps ``start, start + 1 ...`` on each column of ``perm`` ``(r, n)`` in place: step
    ``start + k`` swaps that position with position ``start + k + idx[k]`` (``idx`` ``(steps, n)``, changed)."""
    n = perm.shape[1]
    idx += np.arange(start, start + len(idx), dtype=np.int64)[:, None]
    idx *= n
    idx += np.arange(n, dtype=np.int64)
    flat = perm.reshape(-1)
    for k in range(len(idx)):
        i = start + k
        row = perm[i].copy()
        perm[i] = flat[idx[k]]
        flat[idx[k]] = row


def uniform_below(rng: np.random.Generator, bounds: npt.NDArray[np.int64], n: int) -> npt.NDArray[np.int64]:
    """``(len(bounds), n)`` integers, row ``k`` uniform on ``0..bounds[k]-1`` (``bounds`` <= 256), exactly.

    Lemire's multiply-and-reject method on 16-bit draws: ``(u * m) >> 16``,
    where the few draws that would bias the result are drawn again.
    """
    return _below(rng, bounds, n).astype(np.int64)


def raw_u16(rng: np.random.Generator, count: int) -> npt.NDArray[np.uint16]:
    """``count`` 16-bit draws: ``np.frombuffer(rng.bytes(2 * count), "<u2")``, the same values and the
    same generator state after, in a third of the time where it can be.

    ``Generator.bytes`` strings 32-bit draws together, and PCG64 serves those as the low, then the
    high half of each 64-bit output. So when no half is left over from an earlier draw, and whole
    64-bit outputs are wanted, the bytes are those of the outputs themselves, read little-endian
    (``tests/dealer/test_generate.py`` holds numpy to this).
    """
    if count > 0 and count % 4 == 0:  # (rng.bytes(0) draws 32 bits all the same)
        bitgen = rng.bit_generator
        if isinstance(bitgen, np.random.PCG64) and not bitgen.state.get("has_uint32"):
            out: npt.NDArray[np.uint16] = bitgen.random_raw(count // 4).astype("<u8", copy=False).view("<u2")
            return out
    return np.frombuffer(rng.bytes(2 * count), dtype="<u2")


def _below(rng: np.random.Generator, bounds: npt.NDArray[np.int64], n: int) -> npt.NDArray[np.uint32]:
    """:func:`uniform_below` as ``uint32`` (the same draws: used where no ``int64`` copy is needed)."""
    m = np.asarray(bounds).astype(np.uint32)[:, None]
    raw = raw_u16(rng, len(m) * n).reshape(len(m), n)
    threshold = (np.uint32(65536) % m).astype(np.uint16)
    # the low half of u * m, in wrapping 16-bit arithmetic: below the threshold, the draw is biased
    bad_mask = np.multiply(raw, m.astype(np.uint16)) < threshold
    prod = raw.astype(np.uint32)
    prod *= m
    bad = np.flatnonzero(bad_mask) if bad_mask.any() else ()
    if len(bad):
        rows, cols = np.divmod(bad, n)
        while len(rows):
            redraw = np.frombuffer(rng.bytes(2 * len(rows)), dtype="<u2").astype(np.uint32) * m[rows, 0]
            prod[rows, cols] = redraw
            still = redraw.astype(np.uint16) < threshold[rows, 0]
            rows, cols = rows[still], cols[still]
    prod >>= np.uint32(16)
    return prod


def _mix_words(key: int, counters: npt.NDArray[Any]) -> npt.NDArray[np.uint64]:
    """Words ``counters`` of the SplitMix64 stream keyed ``key`` (see :mod:`.plain`), in place."""
    from . import plain

    z = counters
    z += np.uint64(1)
    z *= np.uint64(plain.GAMMA)
    z += np.uint64(plain.key_bits(key))
    z ^= z >> np.uint64(30)
    z *= np.uint64(plain.M1)
    z ^= z >> np.uint64(27)
    z *= np.uint64(plain.M2)
    z ^= z >> np.uint64(31)
    return z


def plain_draws(key: int, start: int, n: int, r: int) -> npt.NDArray[np.uint8]:
    """``(r - 1, n)``: :func:`bridgecli.dealer.plain.draws` of deals ``start .. start + n - 1``."""
    from . import plain

    per = plain.WORDS_PER_DEAL
    counters = np.arange(start, start + n, dtype=np.uint64)
    counters *= np.uint64(per)
    words = _mix_words(key, counters[:, None] + np.arange(plain.MAIN_WORDS, dtype=np.uint64))
    raw = words.astype("<u8", copy=False).view("<u2")[:, : r - 1]
    m = np.arange(r, 1, -1, dtype=np.uint32)
    threshold = np.uint32(65536) % m
    prod = raw.astype(np.uint32)
    prod *= m
    bad = prod.astype(np.uint16) < threshold.astype(np.uint16)
    some = np.flatnonzero(bad.any(axis=1))
    rows, cols = np.nonzero(bad[some])  # by deal, then step: the order spare draws are used in
    rows = some[rows]
    if len(rows):
        deals, first, count = np.unique(rows, return_index=True, return_counts=True)
        rank = np.arange(len(rows)) - np.repeat(first, count)
        spare_words = _mix_words(key, (deals + start).astype(np.uint64)[:, None] * np.uint64(per)
                                 + np.arange(plain.MAIN_WORDS, per, dtype=np.uint64))
        spares = spare_words.astype("<u8", copy=False).view("<u2")
        n_spare = spares.shape[1]
        value = spares[np.repeat(np.arange(len(deals)), count), np.minimum(rank, n_spare - 1)].astype(np.uint32)
        value *= m[cols]
        prod[rows, cols] = value
        # a spare rejected in turn, or too many: that deal draws in Python (rare)
        again = (rank >= n_spare) | ((value & np.uint32(0xFFFF)) < threshold[cols])
        # (a plain np.unique would load numpy.ma, ~40 ms of start-up, for a handful of deals)
        for d in sorted(set(rows[again].tolist())):
            prod[d] = np.asarray(plain.draws(key, start + d, r), dtype=np.uint32) << np.uint32(16)
    prod >>= np.uint32(16)
    return np.ascontiguousarray(prod.T.astype(np.uint8))


def plain_deals(key: int, start: int, n: int, fixed: Sequence[int] = (-1,) * 52) -> U8Array:
    """Deals ``start .. start + n - 1`` of the unconditioned stream keyed ``key`` as an ``owner``
    array ``(52, n)``: the same deals as :func:`bridgecli.dealer.plain.owner_of`, thousands at a time."""
    owner = np.empty((52, n), dtype=np.uint8)
    owner[:] = np.asarray([max(s, 0) for s in fixed], dtype=np.uint8)[:, None]
    free = [c for c in range(52) if fixed[c] < 0]
    r = len(free)
    if n == 0 or r == 0:
        return owner
    left = [13, 13, 13, 13]
    for s in fixed:
        if s >= 0:
            left[s] -= 1
    # open places below each boundary: N's, N's + E's, N's + E's + S's
    cum = [np.full(n, sum(left[: k + 1]), dtype=np.uint8) for k in range(3)]
    steps = plain_draws(key, start, n, r) if r >= 2 else np.zeros((0, n), dtype=np.uint8)
    below = np.empty(n, dtype=np.bool_)
    seat = np.empty(n, dtype=np.uint8)
    zero = np.zeros(n, dtype=np.uint8)
    for t, c in enumerate(free):
        x = steps[t] if t < r - 1 else zero
        seat.fill(3)
        for k in range(3):
            np.less(x, cum[k], out=below)
            seat -= below
            cum[k] -= below
        owner[c] = seat
    return owner
