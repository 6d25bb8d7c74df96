"""Double-dummy tables: tricks for each declarer in each strain.

A :class:`DDTable` is indexed ``table[seat, strain]`` with our own enums. This
module also knows the other orders a table is written in:

* DDS: ``resTable[strain][hand]`` with strains spades, hearts, diamonds, clubs,
  notrump and hands N, E, S, W;
* PBN ``DoubleDummyTricks`` (BridgeComposer): 20 base-14 digits, declarers
  N, S, E, W, each with strains NT, S, H, D, C;
* PBN ``OptimumResultTable``: rows ``Declarer Denomination Result``.

Pure: no solver import, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType

from bridgecli.core.board import Board, Section
from bridgecli.core.calls import Bid
from bridgecli.core.cards import SEATS, STRAINS, Seat, Side, Strain
from bridgecli.core.deal import Deal
from bridgecli.core.errors import ParseError, RuleError

#: DDS's strain order (``resTable`` rows, ``trump`` numbers 0..4).
DDS_STRAINS: tuple[Strain, ...] = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)

#: Declarer order of PBN ``DoubleDummyTricks`` and BridgeComposer's ``OptimumResultTable``.
PBN_SEATS: tuple[Seat, ...] = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)

#: Strain order of PBN ``DoubleDummyTricks`` and BridgeComposer's ``OptimumResultTable``.
PBN_STRAINS: tuple[Strain, ...] = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)

#: Column header of the ``OptimumResultTable`` section.
OPTIMUM_RESULT_HEADER_1 = "Declarer;Denomination\\2R;Result\\1R"
OPTIMUM_RESULT_HEADER_2 = "Declarer;Denomination\\2R;Result\\2R"

_DIGITS = "0123456789abcd"
_STRAIN_WORDS = MappingProxyType({"NT": Strain.NOTRUMP, "N": Strain.NOTRUMP, "S": Strain.SPADES, "H": Strain.HEARTS,
                                  "D": Strain.DIAMONDS, "C": Strain.CLUBS})
_SEAT_WORDS = MappingProxyType({"N": Seat.NORTH, "E": Seat.EAST, "S": Seat.SOUTH, "W": Seat.WEST})


@dataclass(frozen=True, slots=True)
class DDTable:
    """Double-dummy tricks for each declarer (N, E, S, W) in each strain (C, D, H, S, NT).

    ``tricks[seat][strain]`` counts the tricks declarer's side takes against
    best defence with declarer's left-hand opponent on lead. ``total`` is the
    number of tricks in the position: 13 for a full deal, fewer for an ending.
    """

    tricks: tuple[tuple[int, int, int, int, int], ...]
    """Four rows (seats in :class:`Seat` order) of five cells (strains in :class:`Strain` order)."""
    total: int = 13
    """Tricks left to play in the position solved."""

    def __post_init__(self) -> None:
        if len(self.tricks) != 4 or any(len(row) != 5 for row in self.tricks):
            raise ValueError("a double-dummy table has 4 rows of 5 cells")
        if not 0 <= self.total <= 13:
            raise ValueError(f"a position has 0 to 13 tricks, not {self.total}")
        for row in self.tricks:
            for cell in row:
                if not isinstance(cell, int) or not 0 <= cell <= self.total:
                    raise ValueError(f"tricks must be 0 to {self.total}, not {cell!r}")

    def __getitem__(self, key: tuple[Seat, Strain]) -> int:
        seat, strain = key
        return self.tricks[seat][strain]

    @classmethod
    def from_cells(cls, cells: dict[tuple[Seat, Strain], int], total: int = 13) -> DDTable:
        """Build from a ``{(seat, strain): tricks}`` mapping holding all 20 cells."""
        rows = tuple(
            (cells[seat, STRAINS[0]], cells[seat, STRAINS[1]], cells[seat, STRAINS[2]], cells[seat, STRAINS[3]],
             cells[seat, STRAINS[4]])
            for seat in SEATS
        )
        return cls(rows, total)

    def best(self, side: Side, strain: Strain) -> int:
        """The tricks of the side's better declarer in ``strain``."""
        a, b = side.seats
        return max(self.tricks[a][strain], self.tricks[b][strain])

    def makeable(self, seat: Seat) -> list[Bid]:
        """The highest contract ``seat`` makes in each strain (strains where it makes one), C to NT.

        Only meaningful for a full deal (``total == 13``).
        """
        out = []
        for strain in STRAINS:
            level = self.tricks[seat][strain] - 6
            if level >= 1:
                out.append(Bid(level, strain))
        return out

    # -- DDS order -------------------------------------------------------

    @classmethod
    def from_dds(cls, res_table: Sequence[Sequence[int]], total: int = 13) -> DDTable:
        """From DDS's ``resTable[dds_strain][hand]`` (strains S, H, D, C, NT; hands N, E, S, W)."""
        cells = {(seat, strain): int(res_table[i][seat]) for i, strain in enumerate(DDS_STRAINS) for seat in SEATS}
        return cls.from_cells(cells, total)

    def to_dds(self) -> list[list[int]]:
        """DDS's ``resTable`` layout: ``[dds_strain][hand]``."""
        return [[self.tricks[seat][strain] for seat in SEATS] for strain in DDS_STRAINS]

    # -- PBN DoubleDummyTricks -------------------------------------------

    def to_pbn(self) -> str:
        """The 20-character ``DoubleDummyTricks`` value: N, S, E, W × NT, S, H, D, C in base 14."""
        return "".join(_DIGITS[self.tricks[seat][strain]] for seat in PBN_SEATS for strain in PBN_STRAINS)

    @classmethod
    def from_pbn(cls, text: str) -> DDTable:
        """Parse a ``DoubleDummyTricks`` value (digits ``0-9a-d``, either case). Raises ParseError."""
        value = text.strip().lower()
        if len(value) != 20 or any(ch not in _DIGITS for ch in value):
            raise ParseError(f"DoubleDummyTricks needs 20 digits 0-9 or a-d, not {text!r}")
        cells: dict[tuple[Seat, Strain], int] = {}
        for i, ch in enumerate(value):
            cells[PBN_SEATS[i // 5], PBN_STRAINS[i % 5]] = _DIGITS.index(ch)
        return cls.from_cells(cells)

    # -- PBN OptimumResultTable ------------------------------------------

    def optimum_result_table(self) -> Section:
        """The ``OptimumResultTable`` section in BridgeComposer's layout (N, S, E, W × NT, S, H, D, C)."""
        width = 2 if any(cell >= 10 for row in self.tricks for cell in row) else 1
        header = OPTIMUM_RESULT_HEADER_2 if width == 2 else OPTIMUM_RESULT_HEADER_1
        rows = tuple(
            f"{seat.letter} {strain.letter:>2} {self.tricks[seat][strain]:>{width}}"
            for seat in PBN_SEATS
            for strain in PBN_STRAINS
        )
        return Section("OptimumResultTable", header, rows)

    @classmethod
    def from_optimum_result_table(cls, section: Section) -> DDTable:
        """Read an ``OptimumResultTable`` whatever its row order.

        Accepts the 10-row form that lists only one seat of each side (partners
        then get the same tricks). Raises ParseError for a malformed row or
        missing cells.
        """
        columns = [c.split("\\")[0].lstrip("+-").strip().lower() for c in section.header.split(";")]
        try:
            i_decl, i_den, i_res = columns.index("declarer"), columns.index("denomination"), columns.index("result")
        except ValueError:
            raise ParseError(f"OptimumResultTable needs Declarer, Denomination and Result columns: "
                             f"{section.header!r}") from None
        cells: dict[tuple[Seat, Strain], int] = {}
        for row in section.rows:
            parts = row.split()
            if not parts:
                continue
            try:
                seat = _SEAT_WORDS[parts[i_decl].upper()]
                strain = _STRAIN_WORDS[parts[i_den].upper()]
                tricks = int(parts[i_res])
            except (IndexError, KeyError, ValueError):
                raise ParseError(f"bad OptimumResultTable row {row!r}") from None
            if not 0 <= tricks <= 13:
                raise ParseError(f"bad OptimumResultTable row {row!r}: tricks must be 0 to 13")
            cells[seat, strain] = tricks
        for seat in SEATS:
            for strain in STRAINS:
                if (seat, strain) not in cells and (seat.partner, strain) in cells:
                    cells[seat, strain] = cells[seat.partner, strain]
        missing = [f"{seat.letter} {strain.letter}" for seat in SEATS for strain in STRAINS if (seat, strain) not in cells]
        if missing:
            raise ParseError(f"OptimumResultTable lacks {', '.join(missing)}")
        return cls.from_cells(cells)

    # -- JSON ------------------------------------------------------------

    def as_dict(self) -> dict[str, dict[str, int]]:
        """``{"N": {"NT": t, "S": t, "H": t, "D": t, "C": t}, "E": ..., "S": ..., "W": ...}``: strains
        in the order hand records and the printed tables use."""
        return {seat.letter: {strain.letter: self.tricks[seat][strain] for strain in PBN_STRAINS} for seat in SEATS}

    @classmethod
    def from_dict(cls, data: dict[str, dict[str, int]], total: int = 13) -> DDTable:
        """Inverse of :meth:`as_dict`. Raises ParseError on missing keys."""
        try:
            cells = {(seat, strain): int(data[seat.letter][strain.letter]) for seat in SEATS for strain in STRAINS}
        except (KeyError, TypeError, ValueError):
            raise ParseError("a double-dummy table needs N, E, S, W rows with C, D, H, S, NT cells") from None
        return cls.from_cells(cells, total)

    def __str__(self) -> str:
        """The table as it prints: a row a declarer, a column a strain (NT first)."""
        head = "   " + "".join(f"{strain.letter:>4}" for strain in PBN_STRAINS)
        rows = [f"{seat.letter}  " + "".join(f"{self.tricks[seat][strain]:>4}" for strain in PBN_STRAINS)
                for seat in SEATS]
        return "\n".join([head, *rows])

    def __repr__(self) -> str:
        if self.total == 13:
            return f"DDTable.from_pbn({self.to_pbn()!r})"
        return f"DDTable({self.tricks!r}, total={self.total})"


def position_size(deal: Deal | None) -> int:
    """Cards in each hand of a position double-dummy analysis can start from.

    That is a deal whose four hands are known and hold the same number of
    cards (13 for a full deal, fewer for an ending between tricks). Raises
    RuleError naming what is missing otherwise.
    """
    if deal is None:
        raise RuleError("no deal to solve")
    sizes = []
    for seat, hand in deal:
        if hand is None:
            raise RuleError(f"the {seat.name.lower()} hand is unknown: double-dummy analysis needs all four hands")
        sizes.append(len(hand))
    if len(set(sizes)) != 1:
        shown = ", ".join(f"{s.letter} {n}" for s, n in zip(SEATS, sizes))
        raise RuleError(f"hands of unequal size ({shown}): double-dummy analysis needs a position between tricks")
    if sizes[0] == 0:
        raise RuleError("the hands are empty: nothing to solve")
    return sizes[0]


#: Tag values that stand for no value (PBN's ``?``, ``#``, ``-`` and empty).
EMPTY_VALUES = ("", "?", "#", "-")


def dd_table(board: Board) -> DDTable | None:
    """The board's double-dummy table: from ``DoubleDummyTricks``, else from the
    ``OptimumResultTable`` section; None when neither is present or readable.

    Only full-deal tables (13 tricks) are returned.
    """
    value = board.tag("DoubleDummyTricks")
    if value and value.strip() not in EMPTY_VALUES:
        try:
            return DDTable.from_pbn(value)
        except ParseError:
            pass
    for section in board.sections:
        if section.name == "OptimumResultTable":
            try:
                return DDTable.from_optimum_result_table(section)
            except ParseError:
                return None
    return None
