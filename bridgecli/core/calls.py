"""The calls: pass, double, redouble and the bids, and :func:`parse_call`.

The contract an auction ends in is in :mod:`bridgecli.core.contract`.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import lexicon
from .enums import Strain
from .errors import ParseError

__all__ = ["ALL_BIDS", "DOUBLE", "PASS", "REDOUBLE", "Bid", "Call", "Double", "Pass", "Redouble", "parse_call"]


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
"""The call *pass* (all passes are equal)."""
DOUBLE = Double()
"""The call *double*."""
REDOUBLE = Redouble()
"""The call *redouble*."""

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
"""Any call: a :class:`Bid`, :data:`PASS`, :data:`DOUBLE` or :data:`REDOUBLE`."""

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
