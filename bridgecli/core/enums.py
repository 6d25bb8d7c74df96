"""The enumerations of bridge: suits, strains, ranks, seats, sides and vulnerability.

Enum values are chosen so that ``<`` means bridge order: clubs < diamonds <
hearts < spades < notrump, two < ... < ace, and seats go clockwise from North.

The objects built from them live in their own modules: cards and hands in
:mod:`bridgecli.core.cards` (which offers these names too), contracts in
:mod:`bridgecli.core.contract`. Scoring a contract (``bridgecli score 4S=``) needs a strain
and a seat but no card: kept in one module with the card and hand classes, these would cost
that command about 3% more start-up time.
"""

from __future__ import annotations

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
