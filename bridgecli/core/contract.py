"""Contracts: the final contract of a board (:class:`Contract`) and its risk (:class:`Risk`).

The calls that lead to one (:class:`~bridgecli.core.calls.Bid`, pass, double, redouble) are in
:mod:`bridgecli.core.calls`; scoring a contract (``bridgecli score 4S=``) needs none of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING

from . import lexicon
from .enums import Seat, Strain
from .errors import ParseError

if TYPE_CHECKING:
    from .calls import Bid

__all__ = ["Contract", "Risk"]


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
        if self.level == 0:
            return None
        from .calls import Bid

        return Bid(self.level, self.strain)

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
