"""Unconditioned dealing that needs no numpy: the deal stream of a seed, one deal at a time.

A run without conditions deals from a counter-based stream, so that deal
``j`` of a seed can be computed on its own, in pure Python here (cheap for a
few hundred deals: no numpy import) or for thousands at once with numpy
(:func:`bridgecli.dealer.generate.plain_deals`); both give the same deals.

The stream is SplitMix64 keyed by the seed: word ``i`` is
``mix(key + (i + 1) * GAMMA)``, and deal ``j`` owns words ``16 j .. 16 j + 15``,
read as 64 little-endian 16-bit draws. The ``r`` cards not predealt are dealt in index order; card ``t`` takes draw ``t``,
mapped to ``0 .. r - t - 1`` by Lemire's multiply-and-reject method
(exactly uniform; a rejected draw is replaced by the next spare draw: draws
52 to 63, then a second keyed stream), and goes to the seat whose share of
the open places (N, E, S, W in turn) holds it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from bridgecli.core.errors import ParseError

MASK = (1 << 64) - 1
#: SplitMix64's increment and finaliser multipliers.
GAMMA = 0x9E3779B97F4A7C15
M1 = 0xBF58476D1CE4E5B9
M2 = 0x94D049BB133111EB
#: Words of the stream each deal owns, and how many of them feed the main draws.
WORDS_PER_DEAL = 16
MAIN_WORDS = 13
_SPARE_KEY = 0xD1B54A32D192ED03
RANKS = "23456789TJQKA"
#: Deals per batch. Part of the reproducibility contract of runs with conditions: changing it
#: changes the deals of a seed.
BATCH_SIZE = 8192
VULS = ("None", "NS", "EW", "All")


def stream_key(seed: int) -> int:
    """The 64-bit key of the deal stream of ``seed`` (any size of seed: its 64-bit limbs are mixed in turn)."""
    z = mix(0x6272696467656C69)  # "bridgecli": a fixed start
    while True:
        z = mix((z ^ (seed & MASK)) + GAMMA & MASK)
        seed >>= 64
        if not seed:
            return z


def key_bits(key: int) -> int:
    """``key`` as an unsigned 64-bit value."""
    return key & MASK


def mix(z: int) -> int:
    """SplitMix64's finaliser of a 64-bit value."""
    z = ((z ^ (z >> 30)) * M1) & MASK
    z = ((z ^ (z >> 27)) * M2) & MASK
    return z ^ (z >> 31)


def word(key: int, i: int) -> int:
    """Word ``i`` of the stream keyed ``key``."""
    return mix((key + (i + 1) * GAMMA) & MASK)


def _chunks(x: int) -> tuple[int, int, int, int]:
    return x & 0xFFFF, (x >> 16) & 0xFFFF, (x >> 32) & 0xFFFF, x >> 48


def _spares(key: int, j: int) -> Iterator[int]:
    """The spare draws of deal ``j``: the last three words of its own, then a second stream."""
    base = WORDS_PER_DEAL * j
    for w in range(MAIN_WORDS, WORDS_PER_DEAL):
        yield from _chunks(word(key, base + w))
    key2 = mix(key ^ _SPARE_KEY)
    i = 0
    while True:
        yield from _chunks(word(key2, (j << 32) + i))
        i += 1


def draws(key: int, j: int, r: int) -> list[int]:
    """The ``r - 1`` shuffle steps of deal ``j`` with ``r`` free cards: step ``t`` in ``0 .. r - t - 1``."""
    base = WORDS_PER_DEAL * j
    raw: list[int] = []
    for w in range(MAIN_WORDS):
        raw.extend(_chunks(word(key, base + w)))
    spare: Iterator[int] | None = None
    out: list[int] = []
    for t in range(r - 1):
        m = r - t
        threshold = 65536 % m
        x = raw[t] * m
        while (x & 0xFFFF) < threshold:
            if spare is None:
                spare = _spares(key, j)
            x = next(spare) * m
        out.append(x >> 16)
    return out


def owner_of(key: int, j: int, fixed: Sequence[int] = (-1,) * 52) -> list[int]:
    """Deal ``j`` of the stream: the seat (0 North .. 3 West) of each card index 0..51.

    The free cards are dealt in index order: card ``t`` goes to the seat
    whose share of the ``r - t`` places still open holds draw ``t`` (seats in
    the order N, E, S, W), so each seat gets it with probability open places
    of the seat / open places: a uniform deal.
    """
    owner = list(fixed)
    free = [c for c in range(52) if fixed[c] < 0]
    r = len(free)
    left = [13, 13, 13, 13]
    for s in fixed:
        if s >= 0:
            left[s] -= 1
    steps = draws(key, j, r) + [0] if r else []
    for c, x in zip(free, steps):
        seat = 0
        while x >= left[seat]:
            x -= left[seat]
            seat += 1
        left[seat] -= 1
        owner[c] = seat
    return owner


def deal_string(owner: Sequence[int], first: int = 0) -> str:
    """The PBN ``Deal`` value of ``owner``, hands clockwise from seat ``first``."""
    hands: list[list[list[str]]] = [[[], [], [], []] for _ in range(4)]
    for c in range(51, -1, -1):
        hands[owner[c]][3 - c // 13].append(RANKS[c % 13])
    return "NESW"[first] + ":" + " ".join(".".join("".join(s) for s in hands[(first + k) % 4]) for k in range(4))


def board_dealer(number: int, fixed: int | None = None) -> int:
    """Dealer seat of board ``number`` (or the fixed one)."""
    return fixed if fixed is not None else (number - 1) % 4


def board_vul(number: int, fixed: str | None = None) -> str:
    """Vulnerability text of board ``number`` (or the fixed one)."""
    if fixed is not None:
        return fixed
    i = number - 1
    return VULS[(i + i // 4) % 4]


def pbn_render(generator: str) -> Callable[[str, str, str, str], str]:
    """``render(number, dealer, vulnerability, deal)``: the PBN record of one dealt board."""

    def render(number: str, dealer: str, vul: str, deal: str) -> str:
        return (
            '[Event ""]\n[Site ""]\n[Date ""]\n'
            f'[Board "{number}"]\n'
            '[West ""]\n[North ""]\n[East ""]\n[South ""]\n'
            f'[Dealer "{dealer}"]\n[Vulnerable "{vul}"]\n[Deal "{deal}"]\n'
            '[Scoring ""]\n[Declarer ""]\n[Contract ""]\n[Result ""]\n'
            f'[Generator "{generator}"]\n'
        )

    return render


@dataclass(frozen=True)
class Predeal:
    """Cards fixed to seats before dealing: ``fixed[c]`` is a seat 0..3 or -1 (free)."""

    fixed: tuple[int, ...] = (-1,) * 52
    """Seat of each card index, -1 when the card is dealt at random."""

    def __post_init__(self) -> None:
        if len(self.fixed) != 52:
            raise ValueError("a predeal covers 52 cards")

    @property
    def counts(self) -> tuple[int, int, int, int]:
        """How many cards are fixed to each seat."""
        c = [0, 0, 0, 0]
        for s in self.fixed:
            if s >= 0:
                c[s] += 1
        return (c[0], c[1], c[2], c[3])

    def with_cards(self, seat: int, cards: Sequence[int], source: str | None = None) -> Predeal:
        """A copy with ``cards`` (indices) given to ``seat``.

        Raises ParseError when a card is already placed or the seat gets more than 13.
        """
        from bridgecli.core.cards import Card, Seat

        fixed = list(self.fixed)
        for c in cards:
            if fixed[c] >= 0:
                where = "twice" if fixed[c] == seat else f"to both {Seat(fixed[c]).name.lower()} and {Seat(seat).name.lower()}"
                raise ParseError(f"predeal gives card {str(Card.from_index(c))!r} {where}", source=source)
            fixed[c] = seat
        n = sum(1 for s in fixed if s == seat)
        if n > 13:
            raise ParseError(f"predeal gives {Seat(seat).name.lower()} {n} cards, more than 13", source=source)
        return Predeal(tuple(fixed))
