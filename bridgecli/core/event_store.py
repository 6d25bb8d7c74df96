"""An event's table results kept compactly (:class:`ResultStore`, for a million results) and
a pairs event scored from such a store a board at a time (:class:`PairsStream`), with the
same numbers as :func:`~bridgecli.core.events.score_pairs`.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from .contract import Contract
from .event_adjusted import Adjusted, Assigned
from .event_scoring import DEFAULT_SCORING, EventScoring
from .events import (
    PairStanding,
    PairTotals,
    ResultScore,
    TableResult,
    board_key,
    check_board,
    score_board,
    section_expected,
    section_plan,
    section_qualified,
)

__all__ = ["BoardResults", "NumberedResults", "PairsStream", "ResultStore", "adjusted_pair"]


#: The mark of an int column's value kept aside (a score or line outside 32 bits), or of a line not given.
_BIG = -(1 << 31)


def adjusted_pair(value: object) -> tuple[Adjusted | None, Assigned | None]:
    """A result's adjusted scores as a store keeps them in one numbered value: the
    :class:`Adjusted`, or (``adjusted``, ``assigned``) when the result has an assigned score."""
    if isinstance(value, tuple):
        return value[0], value[1]
    return value, None  # type: ignore[return-value]


class NumberedResults:
    """What the stores of an event's results share: :class:`ResultStore` and a store that
    keeps its results elsewhere (``bridgecli.results._spill.SpilledResults``). Each distinct
    value of the results (a pair, a contract with its tricks, a room, a lead, an adjusted
    score) is held once and referred to by number, so that two pairs are compared as
    numbers; :attr:`all_rooms` says whether every result names its room."""

    __slots__ = ("_index", "_values", "all_rooms", "has_sections")

    def __init__(self) -> None:
        self._values: list[Any] = [None]  # number -> value; 0 is None
        self._index: dict[Any, int] = {}  # value -> number
        self.all_rooms = True
        """True while every result added names its room (an empty store too)."""
        self.has_sections = False
        """True once a result added names its section."""

    def _where(self, r: TableResult) -> int:
        """The number of a result's room and section, kept as one value (the room alone
        when the result names no section, as most do)."""
        if r.section:
            self.has_sections = True
            return self._number((r.room, r.section))
        return self._number(r.room)

    @staticmethod
    def room_section(value: object) -> tuple[str | None, str | None]:
        """The room and section of a value :meth:`_where` numbered."""
        if isinstance(value, tuple):
            return value[0], value[1]
        return value, None  # type: ignore[return-value]

    def _number(self, value: object) -> int:
        """The number of ``value`` (a new one for a value not seen before; 0 for None)."""
        if value is None:
            return 0
        n = self._index.get(value)
        if n is None:
            n = self._index[value] = len(self._values)
            self._values.append(value)
        return n

    @staticmethod
    def _pairs_clash(numbers: Sequence[int]) -> bool:
        """True when a board's pairs (the numbers of each result's N-S and E-W pairs, in
        any order) hold one twice: a pair that meets itself or plays the board twice (the
        board's results then go to :func:`~bridgecli.core.events.check_board`, which says which)."""
        return len(set(numbers)) < len(numbers)


class ResultStore(NumberedResults):
    """Table results kept compactly, for an event of a million results: a row a result in
    arrays of 32-bit ints (36 bytes a result), every text, contract or adjusted score held
    once and referred to by number, and the rows of each board listed as they came (a
    ``range`` while they come together, as in a traveller sorted by board).

    :meth:`add` results in input order; :meth:`boards` gives each board's results back as
    :class:`TableResult` objects (equal to those added), one board at a time, in the order
    :func:`~bridgecli.core.events.score_pairs` scores them; :meth:`results` gives them all in input order.
    """

    __slots__ = (
        "_adjusted",
        "_big",
        "_board",
        "_boards",
        "_ew",
        "_lead",
        "_line",
        "_ns",
        "_played",
        "_room",
        "_score",
    )

    def __init__(self) -> None:
        super().__init__()
        self._boards: dict[str, range | array[int]] = {}  # board label -> its rows, input order
        # the columns, a row a result
        self._board, self._ns, self._ew, self._played, self._room, self._lead, self._adjusted = (
            array("i") for _ in range(7))
        self._score, self._line = array("i"), array("i")
        self._big: dict[tuple[int, int], int] = {}  # (row, 0 score or 1 line) -> a value outside 32 bits

    def add(self, r: TableResult) -> None:
        """Keep one result (the results of a board need not be together)."""
        row = len(self._score)
        number = self._number
        board = r.board
        rows = self._boards.get(board)
        if rows is None:
            self._boards[board] = range(row, row + 1)
        elif isinstance(rows, array):
            rows.append(row)
        elif rows.stop == row:
            self._boards[board] = range(rows.start, row + 1)
        else:  # the board's results are apart: listed one by one
            self._boards[board] = array("i", [*rows, row])
        self._board.append(number(board))
        self._ns.append(number(r.ns))
        self._ew.append(number(r.ew))
        self._played.append(number((r.contract, r.tricks)))
        self._room.append(self._where(r))
        self._lead.append(number(r.lead))
        self._adjusted.append(number(r.adjusted if r.assigned is None else (r.adjusted, r.assigned)))
        for column, kind, value in ((self._score, 0, r.score), (self._line, 1, r.line)):
            if value is not None and _BIG < value < (1 << 31):
                column.append(value)
            else:  # the mark: the value kept aside (a line not given: nothing kept)
                column.append(_BIG)
                if value is not None:
                    self._big[row, kind] = value
        if not r.room:
            self.all_rooms = False

    def __len__(self) -> int:
        return len(self._score)

    def _result(self, row: int) -> TableResult:
        v = self._values
        played: tuple[Contract | None, int | None] = v[self._played[row]]
        contract, tricks = played
        score = self._score[row]
        if score == _BIG:
            score = self._big[row, 0]
        line: int | None = self._line[row]
        if line == _BIG:
            line = self._big.get((row, 1))
        room, section = self.room_section(v[self._room[row]])
        return TableResult(v[self._board[row]], v[self._ns[row]], v[self._ew[row]],
                           score, contract, tricks, room, v[self._lead[row]], line,
                           *adjusted_pair(v[self._adjusted[row]]), section=section)

    def results(self) -> Iterator[TableResult]:
        """Every result, in input order."""
        return map(self._result, range(len(self)))

    def most_results(self) -> int:
        """The most results a board has (0 when there is none)."""
        return max(map(len, self._boards.values()), default=0)

    def boards(self) -> Iterator[tuple[str, list[TableResult]]]:
        """Each board's label and results (in input order), boards in :func:`~bridgecli.core.events.score_pairs`'s order."""
        for label in sorted(self._boards, key=board_key):
            yield label, [self._result(row) for row in self._boards[label]]

    def check_pairs(self) -> bool:
        """Raise what :func:`~bridgecli.core.events.score_pairs` raises for this event's results (a pair that plays
        a board twice), before anything is scored: the pairs are compared as numbers. Returns
        whether N-S and E-W pairs are numbered apart (see :func:`~bridgecli.core.events.check_board`)."""
        ns_col, ew_col = self._ns, self._ew
        apart = False
        for label in sorted(self._boards, key=board_key):
            rows = self._boards[label]
            if self._pairs_clash([*map(ns_col.__getitem__, rows), *map(ew_col.__getitem__, rows)]):
                apart = check_board(label, map(self._result, rows)) or apart
        return apart


class BoardResults(Protocol):
    """What :class:`PairsStream` reads an event from: a :class:`ResultStore`, or a store
    that keeps its results elsewhere (``bridgecli.results.event.SpilledResults``)."""

    def __len__(self) -> int:
        """The number of results."""

    def results(self) -> Iterator[TableResult]:
        """Every result, in input order."""

    def check_pairs(self) -> bool:
        """Raise what :func:`~bridgecli.core.events.score_pairs` raises for a pair that plays a board twice; return
        whether N-S and E-W pairs are numbered apart."""

    def most_results(self) -> int:
        """The most results a board has (0 when there is none)."""

    def boards(self) -> Iterator[tuple[str, list[TableResult]]]:
        """Each board's label and results (in input order), boards in :func:`~bridgecli.core.events.score_pairs`'s order."""


class PairsStream:
    """A pairs event scored a board at a time from a :class:`ResultStore` (or any
    :class:`BoardResults`): the same numbers, in the same order, as :func:`~bridgecli.core.events.score_pairs` of
    the store's results, without holding them.

    Creating one checks the pairs (raises RuleError as :func:`~bridgecli.core.events.score_pairs` does). Then
    :meth:`results` yields each scored result, board by board (anew on each call), and
    once it has been read to the end :meth:`standings` ranks the pairs.
    """

    __slots__ = ("_apart", "_boards", "_per_section", "_totals", "conventions", "expected", "store")

    def __init__(self, store: BoardResults, expected: int | None = None,
                 conventions: EventScoring = DEFAULT_SCORING) -> None:
        self._per_section: dict[str, int] | None = None
        if getattr(store, "has_sections", True):  # (a store that does not say: looked at)
            conventions, qualify = section_plan(store.results(), conventions)
            if qualify:
                store = _Qualified(store)
            if conventions.sections == "apart" and expected is None:
                self._per_section = section_expected(rs for _, rs in store.boards())
        self._apart = store.check_pairs()
        self.store = store
        self.conventions = conventions
        """How IMPs are counted and pairs ranked (sections decided: :func:`~bridgecli.core.events.section_plan`)."""
        self._boards = 0
        self.expected = 0 if not len(store) else expected if expected is not None else store.most_results()
        """Results expected on a board (``N`` of the Neuberg formula)."""
        self._totals = PairTotals(self._apart, self.conventions.individual)

    def results(self) -> Iterator[ResultScore]:
        """Every table result with its scores, by board then input order."""
        self._totals = totals = PairTotals(self._apart, self.conventions.individual)
        add = totals.add
        self._boards = 0
        for _label, rs in self.store.boards():
            self._boards += 1
            for scored in score_board(rs, self.expected, self.conventions, self._per_section):
                add(scored)
                yield scored

    def standings(self) -> tuple[PairStanding, ...]:
        """The pairs ranked (as :attr:`~bridgecli.core.events.PairsEvent.standings`), once :meth:`results` has been read to the end."""
        return self._totals.standings(self._boards, self.conventions)


class _Qualified:
    """A store's results with their pairs told apart by their sections (a
    :class:`BoardResults` over another)."""

    __slots__ = ("_store",)

    def __init__(self, store: BoardResults) -> None:
        self._store = store

    def __len__(self) -> int:
        return len(self._store)

    def most_results(self) -> int:
        return self._store.most_results()

    def results(self) -> Iterator[TableResult]:
        return map(section_qualified, self._store.results())

    def boards(self) -> Iterator[tuple[str, list[TableResult]]]:
        for label, rs in self._store.boards():
            yield label, [section_qualified(r) for r in rs]

    def check_pairs(self) -> bool:
        apart = False
        for label, rs in self.boards():
            apart = check_board(label, rs) or apart
        return apart
