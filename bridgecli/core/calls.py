"""Calls (pass, double, redouble, bids) and contracts."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from . import lexicon
from .cards import Seat, Strain
from .errors import ParseError


@dataclass(frozen=True, slots=True, repr=False)  # own __repr__: a generated one would only cost start-up
class Pass:
    """The call *pass*."""

    def __str__(self) -> str:
        return "Pass"

    def __repr__(self) -> str:
        return "PASS"


@dataclass(frozen=True, slots=True, repr=False)  # own __repr__: a generated one would only cost start-up
class Double:
    """The call *double* (X)."""

    def __str__(self) -> str:
        return "X"

    def __repr__(self) -> str:
        return "DOUBLE"


@dataclass(frozen=True, slots=True, repr=False)  # own __repr__: a generated one would only cost start-up
class Redouble:
    """The call *redouble* (XX)."""

    def __str__(self) -> str:
        return "XX"

    def __repr__(self) -> str:
        return "REDOUBLE"


PASS = Pass()
DOUBLE = Double()
REDOUBLE = Redouble()

#: pass, double, redouble by the numbers of bridgecli.core.lexicon
_CALLS: tuple[Pass, Double, Redouble] = (PASS, DOUBLE, REDOUBLE)


@dataclass(frozen=True, slots=True, repr=False)  # own __repr__: a generated one would only cost start-up
class Bid:
    """A bid: a level 1..7 and a strain. Standard bids order 1C < 1D < ... < 7NT."""

    level: int
    """Odd tricks undertaken, 1..7."""
    strain: Strain
    """The denomination named."""

    def __post_init__(self) -> None:
        if not isinstance(self.level, int) or not 1 <= self.level <= 7:
            raise ParseError(f"bid level must be 1 to 7, not {self.level!r}")

    @property
    def index(self) -> int:
        """Position on the standard ladder: 1C = 0 ... 7NT = 34 (nullo not on it)."""
        return 5 * (self.level - 1) + int(self.strain)

    def __lt__(self, other: Bid) -> bool:
        return (self.level, self.strain) < (other.level, other.strain)

    def __le__(self, other: Bid) -> bool:
        return (self.level, self.strain) <= (other.level, other.strain)

    def __gt__(self, other: Bid) -> bool:
        return (self.level, self.strain) > (other.level, other.strain)

    def __ge__(self, other: Bid) -> bool:
        return (self.level, self.strain) >= (other.level, other.strain)

    def __str__(self) -> str:
        return f"{self.level}{self.strain.letter}"

    def __repr__(self) -> str:
        return f"Bid({self.level}, {self.strain!r})"


Call = Bid | Pass | Double | Redouble

#: The 35 standard bids, 1C first.
ALL_BIDS: tuple[Bid, ...] = tuple(
    Bid(level, strain)
    for level in range(1, 8)
    for strain in (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
)


def parse_call(text: str) -> Call:
    """Parse a call token: ``Pass``/``P``, ``X``/``Dbl``, ``XX``/``Rdbl``, ``1NT``, ``4♠``.

    Raises ParseError for anything else.
    """
    level, value = lexicon.read_call(lexicon.default_reader(), text)
    return _CALLS[value] if level == 0 else Bid(level, Strain(value))


class Risk(IntEnum):
    """Undoubled, doubled or redoubled; the value is the power of two that multiplies."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def multiplier(self) -> int:
        """1, 2 or 4."""
        return 1 << self

    def __str__(self) -> str:
        return ("", "X", "XX")[self]


@dataclass(frozen=True, slots=True, repr=False)  # own __repr__: a generated one would only cost start-up
class Contract:
    """A final contract. ``level == 0`` means the board was passed out."""

    level: int
    """1..7, or 0 when passed out."""
    strain: Strain = Strain.NOTRUMP
    """The denomination (meaningless when passed out)."""
    risk: Risk = Risk.UNDOUBLED
    """Undoubled, doubled or redoubled."""
    declarer: Seat | None = None
    """The declarer, when known."""

    def __post_init__(self) -> None:
        if not isinstance(self.level, int) or not 0 <= self.level <= 7:
            raise ParseError(f"contract level must be 1 to 7, not {self.level!r}")
        if not isinstance(self.risk, Risk):
            object.__setattr__(self, "risk", Risk(self.risk))

    @classmethod
    def passed_out(cls) -> Contract:
        """The contract of a board all four players passed."""
        return cls(0)

    @property
    def is_passout(self) -> bool:
        """True when the board was passed out."""
        return self.level == 0

    @property
    def bid(self) -> Bid | None:
        """The final bid, None when passed out."""
        return None if self.level == 0 else Bid(self.level, self.strain)

    @property
    def required_tricks(self) -> int:
        """Tricks declarer needs: level + 6 (0 when passed out)."""
        return self.level + 6 if self.level else 0

    def with_declarer(self, declarer: Seat | None) -> Contract:
        """A copy naming ``declarer``."""
        return Contract(self.level, self.strain, self.risk, declarer)

    @classmethod
    def from_str(cls, text: str) -> Contract:
        """Parse ``4S``, ``4SX``, ``3NTXX``, ``3N``, ``4♠``, ``pass``; ``4SXS`` or ``4SX by S``
        also names the declarer. Raises ParseError.
        """
        level, strain, risk, seat = lexicon.read_contract(lexicon.default_reader(), text)
        if level == 0:
            return cls.passed_out()
        return cls(level, Strain(strain), Risk(risk), None if seat is None else Seat(seat))

    @property
    def pbn(self) -> str:
        """``Pass`` or ``4SX`` (declarer not included)."""
        if self.level == 0:
            return "Pass"
        return f"{self.level}{self.strain.letter}{self.risk}"

    def __str__(self) -> str:
        return self.pbn

    def __repr__(self) -> str:
        return f"Contract.from_str({self.pbn + (' by ' + self.declarer.letter if self.declarer is not None else '')!r})"
