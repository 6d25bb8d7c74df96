"""A deal: the four hands, any of which may be unknown."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .cards import DECK, SEATS, Card, Hand, Seat
from .errors import InvalidDealError, ParseError


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands indexed by :class:`Seat`; ``None`` marks an unknown hand (PBN ``-``).

    Invariants checked on construction: no card in two hands, at most 13 cards
    a hand, and a deal whose four hands are all known and hold 13 cards each
    uses the 52 cards exactly once.
    """

    hands: tuple[Hand | None, Hand | None, Hand | None, Hand | None]
    """The hands of North, East, South and West."""

    def __post_init__(self) -> None:
        if len(self.hands) != 4:
            raise InvalidDealError(f"a deal has four hands, not {len(self.hands)}")
        seen: dict[Card, Seat] = {}
        for seat, hand in zip(SEATS, self.hands):
            if hand is None:
                continue
            if len(hand) > 13:
                raise InvalidDealError(f"{seat.name.lower()} holds {len(hand)} cards, more than 13")
            for card in hand.cards:
                other = seen.get(card)
                if other is not None:
                    raise InvalidDealError(
                        f"card {str(card)!r} is in both {other.name.lower()} and {seat.name.lower()}"
                    )
                seen[card] = seat

    def __getitem__(self, seat: Seat) -> Hand | None:
        return self.hands[seat]

    def __iter__(self) -> Iterator[tuple[Seat, Hand | None]]:
        return iter(zip(SEATS, self.hands))

    @property
    def is_complete(self) -> bool:
        """All four hands known with 13 cards each."""
        return all(h is not None and len(h) == 13 for h in self.hands)

    @property
    def is_full(self) -> bool:
        """All four hands known (any size: a full deal or an end position)."""
        return all(h is not None for h in self.hands)

    def holder(self, card: Card) -> Seat | None:
        """The seat holding ``card``, or None."""
        for seat, hand in zip(SEATS, self.hands):
            if hand is not None and card in hand.cards:
                return seat
        return None

    def missing(self) -> frozenset[Card]:
        """The cards of the 52 that no known hand holds."""
        held: set[Card] = set()
        for h in self.hands:
            if h is not None:
                held |= h.cards
        return frozenset(DECK) - held

    def replace(self, seat: Seat, hand: Hand | None) -> Deal:
        """A copy with ``seat``'s hand replaced."""
        hands = list(self.hands)
        hands[seat] = hand
        return Deal(tuple(hands))  # type: ignore[arg-type]

    @classmethod
    def from_hands(cls, north: Hand | None, east: Hand | None, south: Hand | None, west: Hand | None) -> Deal:
        """Build from the four hands in N, E, S, W order."""
        return cls((north, east, south, west))

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Parse a PBN deal ``N:hand hand hand hand`` (clockwise from the first seat,
        ``-`` for an unknown hand). Raises ParseError or InvalidDealError.
        """
        from .notation import ENGLISH

        t = text.strip()
        if len(t) < 2 or t[1] != ":":
            raise ParseError(f"a deal starts with a seat and a colon, like 'N:': {text!r}")
        first = ENGLISH.parse_seat(t[0])
        parts = t[2:].split()
        if len(parts) != 4:
            raise ParseError(f"a deal has four hands, found {len(parts)}: {text!r}")
        hands: list[Hand | None] = [None, None, None, None]
        for i, part in enumerate(parts):
            hands[(first + i) % 4] = None if part == "-" else ENGLISH.parse_hand(part)
        return cls(tuple(hands))  # type: ignore[arg-type]

    @classmethod
    def from_str(cls, text: str) -> Deal:
        """Same as :meth:`from_pbn`."""
        return cls.from_pbn(text)

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        """``N:AKQ.. ...``: hands clockwise from ``first``; ``-`` for unknown."""
        parts = []
        for i in range(4):
            h = self.hands[(first + i) % 4]
            parts.append("-" if h is None else h.to_pbn())
        return f"{first.letter}:" + " ".join(parts)

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"


def deal_from_indices(owner: list[int] | tuple[int, ...]) -> Deal:
    """A deal from a 52-entry list giving the seat (0..3) of each card index."""
    hands: list[list[Card]] = [[], [], [], []]
    for idx, seat in enumerate(owner):
        hands[seat].append(DECK[idx])
    return Deal(tuple(Hand(h) for h in hands))  # type: ignore[arg-type]
