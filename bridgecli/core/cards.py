"""Suits, ranks, cards, seats, strains, hands and vulnerability.

Enum values are chosen so that ``<`` means bridge order: clubs < diamonds <
hearts < spades < notrump, two < ... < ace, and seats go clockwise from North.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum

from . import lexicon


class Suit(IntEnum):
    """A suit; ``Suit.SPADES > Suit.CLUBS``."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣ ♦ ♥ ♠``."""
        return "♣♦♥♠"[self]

    @property
    def strain(self) -> Strain:
        """The strain of the same name."""
        return Strain(int(self))

    @classmethod
    def from_str(cls, text: str) -> Suit:
        """Parse ``S``, ``s``, ``♠`` (English letters or symbols).

        Raises ParseError on anything else.
        """
        return Suit(lexicon.read_suit(lexicon.ENGLISH, text))

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


#: Suits from spades down to clubs, the order of a PBN hand.
SUITS_DESC: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Strain(IntEnum):
    """A denomination; ``Strain.NOTRUMP`` is the highest of the standard five.

    ``NULLO`` exists for variants (Booby, Nullo, Szlem); where it ranks is
    decided by a variant's bidding ladder, not by this value.
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4
    NULLO = 5

    @property
    def letter(self) -> str:
        """``C D H S NT`` (and ``NL`` for nullo)."""
        return ("C", "D", "H", "S", "NT", "NL")[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None for notrump and nullo."""
        return Suit(int(self)) if self < 4 else None

    @property
    def is_major(self) -> bool:
        """Hearts or spades."""
        return self in (Strain.HEARTS, Strain.SPADES)

    @property
    def is_minor(self) -> bool:
        """Clubs or diamonds."""
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @classmethod
    def from_str(cls, text: str) -> Strain:
        """Parse ``NT``, ``N``, ``S``, ``♠`` ... Raises ParseError."""
        return Strain(lexicon.read_strain(lexicon.ENGLISH, text))

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Strain.{self.name}"


#: The five standard strains in bidding order.
STRAINS: tuple[Strain, ...] = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)


class Rank(IntEnum):
    """A card rank, 2 to 14 (ace)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """``2``..``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return "23456789TJQKA"[self - 2]

    @property
    def hcp(self) -> int:
        """Milton Work points: A 4, K 3, Q 2, J 1."""
        return max(0, self - 10)

    @classmethod
    def from_str(cls, text: str) -> Rank:
        """Parse ``A``, ``k``, ``T``, ``10`` ... Raises ParseError."""
        return Rank(lexicon.read_rank(lexicon.ENGLISH, text))

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


#: Ranks from ace down to two.
RANKS_DESC: tuple[Rank, ...] = tuple(sorted(Rank, reverse=True))


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


class Seat(IntEnum):
    """A compass seat; ``next()`` goes clockwise N → E → S → W."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        """``N``, ``E``, ``S`` or ``W``."""
        return "NESW"[self]

    def next(self, n: int = 1) -> Seat:
        """The seat ``n`` places clockwise (``n`` may be negative)."""
        return Seat((self + n) % 4)

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return Seat((self + 2) % 4)

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise."""
        return Seat((self + 1) % 4)

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous seat clockwise."""
        return Seat((self + 3) % 4)

    @property
    def side(self) -> Side:
        """The partnership this seat belongs to."""
        return Side(self % 2)

    @classmethod
    def from_str(cls, text: str) -> Seat:
        """Parse ``N``, ``north``, ``n`` ... Raises ParseError."""
        return Seat(lexicon.read_seat(lexicon.default_reader(), text))

    def __str__(self) -> str:
        return self.letter

    def __repr__(self) -> str:
        return f"Seat.{self.name}"


SEATS: tuple[Seat, ...] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


class Side(IntEnum):
    """A partnership: N-S or E-W."""

    NS = 0
    EW = 1

    @property
    def opponents(self) -> Side:
        """The other partnership."""
        return Side(1 - self)

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of this side."""
        return (Seat(self), Seat(self + 2))

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Side.{self.name}"


class Vulnerability(IntEnum):
    """Which sides are vulnerable: None, NS, EW or All (PBN names)."""

    NONE = 0
    NS = 1
    EW = 2
    ALL = 3

    def is_vul(self, who: Seat | Side) -> bool:
        """True when the side of ``who`` is vulnerable."""
        side = who.side if isinstance(who, Seat) else who
        return bool(self & (1 << side))

    @classmethod
    def from_sides(cls, ns: bool, ew: bool) -> Vulnerability:
        """Build from the two flags."""
        return cls(int(ns) | (int(ew) << 1))

    @classmethod
    def from_board(cls, board: int) -> Vulnerability:
        """Vulnerability of a board number by the 16-board cycle (Law 2)."""
        i = board - 1
        return cls((0, 1, 2, 3)[(i + i // 4) % 4])

    @classmethod
    def from_str(cls, text: str) -> Vulnerability:
        """Parse ``None``/``Love``/``-``, ``NS``, ``EW``, ``All``/``Both``.

        Raises ParseError.
        """
        return Vulnerability(lexicon.read_vul(lexicon.default_reader(), text))

    @property
    def pbn(self) -> str:
        """``None``, ``NS``, ``EW`` or ``All``."""
        return ("None", "NS", "EW", "All")[self]

    def __str__(self) -> str:
        return self.pbn

    def __repr__(self) -> str:
        return f"Vulnerability.{self.name}"


def dealer_of_board(board: int) -> Seat:
    """Dealer of a board number by the 16-board cycle: 1 N, 2 E, 3 S, 4 W, ..."""
    return Seat((board - 1) % 4)


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
