"""The contracts a simulation compares: ``4S:N``, ``3NTX:S``, ``5DXX:E`` (declarer after the colon).

Pure: parsing and scoring lookups, no solver, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from bridgecli.core.cards import Seat, Strain
from bridgecli.core.contract import Contract
from bridgecli.core.errors import ParseError

if TYPE_CHECKING:
    from bridgecli.core.notation import Language

_SEATS = MappingProxyType({"N": Seat.NORTH, "E": Seat.EAST, "S": Seat.SOUTH, "W": Seat.WEST,
                          "NORTH": Seat.NORTH, "EAST": Seat.EAST, "SOUTH": Seat.SOUTH, "WEST": Seat.WEST})


@dataclass(frozen=True, slots=True)
class SimContract:
    """A contract with its declarer, as a simulation scores it."""

    contract: Contract
    """Level, strain and risk; :attr:`Contract.declarer` is always set."""

    def __post_init__(self) -> None:
        if self.contract.is_passout or self.contract.declarer is None:
            raise ParseError(f"a simulated contract needs a level and a declarer, not {str(self.contract)!r}")

    @classmethod
    def from_str(cls, text: str, lang: Language | None = None) -> SimContract:
        """Parse ``4S:N``, ``3NTX:S``, ``5DXX:W`` (in ``lang`` too: ``4P:S``, ``3BA:N``).

        Raises ParseError.
        """
        body, colon, seat_text = text.strip().rpartition(":")
        if not colon or not body.strip() or not seat_text.strip():
            raise ParseError(f"contract {text!r}: write it with its declarer, as '4S:N' or '3NTX:S'")
        seat = _SEATS.get(seat_text.strip().upper())
        if seat is None and lang is not None:
            try:
                seat = lang.parse_seat(seat_text.strip())
            except ParseError:
                seat = None
        if seat is None:
            raise ParseError(f"contract {text!r}: unknown declarer {seat_text.strip()!r} (N, E, S or W)")
        try:
            contract = lang.parse_contract(body.strip()) if lang is not None else Contract.from_str(body.strip())
        except ParseError as exc:
            raise ParseError(f"contract {text!r}: {exc.message}") from exc
        if contract.is_passout:
            raise ParseError(f"contract {text!r}: a passed-out board has no declarer")
        return cls(contract.with_declarer(seat))

    @property
    def declarer(self) -> Seat:
        """The declarer."""
        assert self.contract.declarer is not None
        return self.contract.declarer

    @property
    def strain(self) -> Strain:
        """The strain."""
        return self.contract.strain

    @property
    def level(self) -> int:
        """The level, 1..7."""
        return self.contract.level

    @property
    def leader(self) -> Seat:
        """The opening leader: declarer's left-hand opponent."""
        return self.declarer.lho

    def is_vulnerable(self, vul: str) -> bool:
        """Whether declarer's side is vulnerable under ``vul`` (``None``, ``NS``, ``EW``, ``All``)."""
        side = "NS" if self.declarer in (Seat.NORTH, Seat.SOUTH) else "EW"
        return vul == "All" or vul == side

    def scores(self, vul: str) -> tuple[int, ...]:
        """Declarer side's duplicate score for 0..13 tricks."""
        from bridgecli.core.scoring import score

        vulnerable = self.is_vulnerable(vul)
        return tuple(score(self.contract, t, vulnerable) for t in range(14))

    def __str__(self) -> str:
        return f"{self.contract.pbn}:{self.declarer.letter}"

    def __repr__(self) -> str:
        return f"SimContract.from_str({str(self)!r})"
