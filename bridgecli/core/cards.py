"""Cards and hands: :class:`Card`, :class:`Hand` and the :data:`DECK`.

The enumerations (:class:`Suit`, :class:`Rank`, :class:`Seat`, :class:`Strain`,
:class:`Vulnerability`...) are defined in :mod:`bridgecli.core.enums` and offered here too,
so that code about cards takes its words from one import.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from . import lexicon
from .enums import (
    RANKS_DESC,
    SEATS,
    STRAINS,
    SUITS_DESC,
    Rank,
    Seat,
    Side,
    Strain,
    Suit,
    Vulnerability,
    dealer_of_board,
)

__all__ = ["DECK", "RANKS_DESC", "SEATS", "STRAINS", "SUITS_DESC", "Card", "Hand", "Rank", "Seat", "Side", "Strain",
           "Suit", "Vulnerability", "dealer_of_board"]


@dataclass(frozen=True, slots=True, order=True, repr=False)  # own __repr__: a generated one would only cost start-up
class Card:
    """A playing card. Cards order by suit, then rank (♣2 lowest, ♠A highest)."""

    suit: Suit
    """The card's suit."""
    rank: Rank
    """The card's rank."""

    @property
    def index(self) -> int:
        """0..51: ``13 * suit + rank - 2``."""
        return 13 * self.suit + self.rank - 2

    @property
    def hcp(self) -> int:
        """High-card points of this card."""
        return self.rank.hcp

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with :attr:`index` ``index`` (0..51)."""
        return _ALL_CARDS[index]

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse ``SA`` (PBN), ``AS``, ``♠A``, ``10h``, ``kh``.

        Raises ParseError for anything that is not a card.
        """
        card = _BY_TEXT.get(text)
        if card is not None:
            return card
        suit, rank = lexicon.read_card(lexicon.default_reader(), text)
        return _ALL_CARDS[suit * 13 + rank - 2]

    def __str__(self) -> str:
        return self.suit.letter + self.rank.letter

    def __repr__(self) -> str:
        return f"Card.from_str({str(self)!r})"


_ALL_CARDS: tuple[Card, ...] = tuple(Card(s, r) for s in Suit for r in sorted(Rank))
_BY_TEXT: dict[str, Card] = {str(c): c for c in _ALL_CARDS}

#: The 52 cards, clubs 2 first.
DECK: tuple[Card, ...] = _ALL_CARDS


@dataclass(frozen=True, slots=True, init=False, repr=False)  # own __init__ and __repr__ (start-up)
class Hand:
    """A set of cards held by one player (any number, for end positions)."""

    cards: frozenset[Card]
    """The cards in the hand."""

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        object.__setattr__(self, "cards", frozenset(cards))

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self.cards, reverse=True))

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def suit(self, suit: Suit) -> list[Card]:
        """The cards of ``suit``, highest first."""
        return sorted((c for c in self.cards if c.suit == suit), reverse=True)

    def length(self, suit: Suit) -> int:
        """How many cards of ``suit``."""
        return sum(1 for c in self.cards if c.suit == suit)

    @property
    def hcp(self) -> int:
        """High-card points (4-3-2-1)."""
        return sum(c.rank.hcp for c in self.cards)

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths in the order spades, hearts, diamonds, clubs."""
        counts = [0, 0, 0, 0]
        for c in self.cards:
            counts[c.suit] += 1
        return (counts[3], counts[2], counts[1], counts[0])

    def without(self, card: Card) -> Hand:
        """A copy with ``card`` removed."""
        return Hand(self.cards - {card})

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """Parse ``AKQ.T98.-.5432`` style: four suits S.H.D.C, ranks any order.

        Raises ParseError on a bad rank, a card twice, or not four suits.
        """
        return Hand(_ALL_CARDS[suit * 13 + rank - 2] for suit, rank in lexicon.read_hand(lexicon.ENGLISH, text))

    @classmethod
    def from_str(cls, text: str) -> Hand:
        """Same as :meth:`from_pbn`."""
        return cls.from_pbn(text)

    def to_pbn(self) -> str:
        """``AKQ.T98..5432``: spades first, ranks descending, void empty."""
        by_suit: list[list[int]] = [[], [], [], []]
        for c in self.cards:
            by_suit[c.suit].append(c.rank)
        return ".".join(
            "".join("23456789TJQKA"[r - 2] for r in sorted(by_suit[s], reverse=True)) for s in (3, 2, 1, 0)
        )

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Hand.from_pbn({self.to_pbn()!r})"
