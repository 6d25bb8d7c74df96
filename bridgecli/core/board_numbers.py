"""Board numbers asked for by range: ``3``, ``1-4,7``, as ``--board`` takes them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .errors import ParseError

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self from Python 3.11


class BoardNumbers:
    """A set of board numbers kept as ranges (``1-1000000000`` costs nothing).

    Supports ``n in numbers``; false when no board was asked for (a caller then
    takes every board). ``str()`` gives the ranges back (``1-4,7``).

    Example::

        wanted = BoardNumbers.parse("1-4,7")
        boards = [b for b in bc.read(path) if b.number in wanted]
    """

    def __init__(self, ranges: list[tuple[int, int]]) -> None:
        self.ranges = ranges
        """Inclusive ``(first, last)`` ranges."""

    @classmethod
    def parse(cls, specs: str | Iterable[str]) -> Self:
        """The numbers of one text (``"1-4,7"``) or several (one a ``--board`` option).

        Raises:
            ParseError: for anything but numbers from 1 and ranges ``first-last``
                with ``first <= last``, separated by commas.
        """
        ranges: list[tuple[int, int]] = []
        for spec in (specs,) if isinstance(specs, str) else specs:
            parts = [part for part in spec.replace(" ", "").split(",") if part]
            if not parts:
                raise ParseError(f"not a board number or range: {spec!r}")
            for part in parts:
                lo, dash, hi = part.partition("-")
                try:
                    first = int(lo)
                    last = int(hi) if dash else first
                except ValueError:
                    raise ParseError(f"not a board number or range: {part!r}") from None
                if first < 1 or last < first:
                    raise ParseError(f"not a board number or range: {part!r}")
                ranges.append((first, last))
        return cls(ranges)

    def __contains__(self, number: object) -> bool:
        return isinstance(number, int) and any(lo <= number <= hi for lo, hi in self.ranges)

    def __bool__(self) -> bool:
        return bool(self.ranges)

    def __str__(self) -> str:
        return ",".join(str(lo) if lo == hi else f"{lo}-{hi}" for lo, hi in self.ranges)

    def __repr__(self) -> str:
        return f"BoardNumbers.parse({str(self)!r})"

    def single(self) -> int | None:
        """The one board number asked for; None when none was.

        Raises:
            ParseError: for a range or several numbers (where only one board can be meant).
        """
        if not self.ranges:
            return None
        if len(self.ranges) == 1 and self.ranges[0][0] == self.ranges[0][1]:
            return self.ranges[0][0]
        raise ParseError(f"one board number here, not {str(self)!r}")
