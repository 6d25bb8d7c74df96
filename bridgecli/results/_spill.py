"""An event's table results kept in a temporary file, so that ``score --event`` holds about
the same memory for a million results as for a thousand (issue #19).

The results of a board come together in a traveller (a run of rows with one board label).
Each run is written as one record once the next board starts: the board's label and its rows,
eight 64-bit numbers a row (the pairs, the contract and tricks, the room, the lead and the
adjusted score by number, each distinct value held once in memory; the N-S score; the line).
The records stay in memory until they fill :data:`SPILL_BYTES`, then go to an unnamed
temporary file (:func:`tempfile.TemporaryFile`: in ``$TMPDIR``, with no name to leave
behind, whatever ends the run).

The boards are scored in their order (:func:`~bridgecli.core.events.board_key`), which is
the order of the records when the input comes sorted by board, the usual case: the records
are then read back in one sweep. Input that is not sorted is cut into *sequences*, the
longest stretches of runs in ascending board order; each sequence is sorted, and the
records of all of them are merged (a board's runs are joined in input order). Past
:data:`MAX_SEQUENCES` sequences (boards in no order at all) the merge would keep too many
readers, and the results are held in memory instead (a
:class:`~bridgecli.core.event_store.ResultStore`, about 40 bytes a result). When no temporary
file can be made, or it can take no more (a full disk), the records stay in memory (about 70
bytes a result).
"""

from __future__ import annotations

import heapq
import pickle
from array import array
from collections.abc import Iterator
from typing import IO, Any, Self

from bridgecli.core.event_store import NumberedResults, ResultStore, adjusted_pair
from bridgecli.core.events import TableResult, board_key, check_board

__all__ = ["MAX_SEQUENCES", "READ_BYTES", "SPILL_BYTES", "SpilledResults"]

#: Bytes of records held in memory before they are written to the temporary file.
SPILL_BYTES = 1 << 20

#: Bytes read from the temporary file at a time (shared among the sequences merged, at
#: least a 64th each).
READ_BYTES = 1 << 20

#: The most sequences (stretches of boards in ascending order) merged from the file.
MAX_SEQUENCES = 64

#: The mark of a number kept aside in a record (a score outside 64 bits), or of no line.
_MARK = -(1 << 63)

#: Numbers a row: ns, ew, (contract, tricks), room, lead, adjusted, score, line.
_WIDTH = 8

#: A board's runs as read back: (rows, numbers kept aside) of each, in input order.
_Runs = list[tuple["array[int]", dict[tuple[int, int], int] | None]]


class SpilledResults(NumberedResults):
    """Table results of an event, added in input order and given back a board at a time in
    :func:`~bridgecli.core.events.score_pairs`'s order (a
    :class:`~bridgecli.core.event_store.BoardResults`, as a
    :class:`~bridgecli.core.event_store.ResultStore` is), with only the board being read, the
    distinct names, contracts and leads, and a few numbers a sequence in memory.

    Use it as a context manager (or call :meth:`close`): the temporary file is closed, and
    so removed, on the way out.
    """

    __slots__ = ("_asides", "_count", "_file", "_filed", "_key", "_label", "_most", "_no_file", "_pending", "_rows",
                 "_starts", "_store")

    def __init__(self) -> None:
        super().__init__()
        self._label: str | None = None  # the board of the run being gathered
        self._key: tuple[int, int | str] | None = None  # its board_key
        self._rows: array[int] = array("q")  # the run's rows
        self._asides: dict[tuple[int, int], int] = {}  # (row of the run, 0 score or 1 line) -> a number kept aside
        self._pending = bytearray()  # records not yet in the file
        self._file: IO[bytes] | None = None  # the temporary file, once made
        self._no_file = False  # True once no temporary file could be made
        self._filed = 0  # bytes written to the file
        self._starts: list[int] = [0]  # where each sequence's records start
        self._count = 0
        self._most: int | None = None  # the most results a board has, once counted
        self._store: ResultStore | None = None  # the results held in memory instead

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close (and so remove) the temporary file; the results are gone."""
        if self._file is not None:
            self._file.close()
            self._file = None
        self._pending = bytearray()

    def __len__(self) -> int:
        return self._count

    def add(self, r: TableResult) -> None:
        """Keep one result (the results of a board need not be together)."""
        self._count += 1
        if not r.room:
            self.all_rooms = False
        if r.section:
            self.has_sections = True
        if self._store is not None:
            self._store.add(r)
            return
        if r.board != self._label:
            self._end_run()
            key = board_key(r.board)
            if self._key is not None and not key > self._key:  # a new sequence starts here
                self._starts.append(self._end())
                if len(self._starts) > MAX_SEQUENCES:
                    self._to_memory(r)
                    return
            self._label, self._key = r.board, key
        number = self._number
        score, line = r.score, r.line
        if not _MARK < score < (1 << 63):
            self._asides[len(self._rows) // _WIDTH, 0] = score
            score = _MARK
        if line is None:
            line = _MARK
        elif not _MARK < line < (1 << 63):
            self._asides[len(self._rows) // _WIDTH, 1] = line
            line = _MARK
        self._rows.extend((number(r.ns), number(r.ew), number((r.contract, r.tricks)), self._where(r),
                           number(r.lead), number(r.adjusted if r.assigned is None else (r.adjusted, r.assigned)),
                           score, line))

    def _end_run(self) -> None:
        """Write the run gathered so far as a record."""
        if not self._rows:
            return
        record = pickle.dumps((self._label, self._rows.tobytes(), self._asides or None), pickle.HIGHEST_PROTOCOL)
        self._pending += len(record).to_bytes(4, "little")
        self._pending += record
        self._rows = array("q")
        self._asides = {}
        if len(self._pending) >= SPILL_BYTES:
            self._spill()

    def _end(self) -> int:
        """Where the next record starts."""
        return self._filed + len(self._pending)

    def _spill(self) -> None:
        """Write the records held to the temporary file (made on the first call; when none can
        be made, or it can take no more, the records stay in memory)."""
        if self._file is None:
            if self._no_file:
                return
            import tempfile  # only for an event big enough to need the file

            try:
                self._file = tempfile.TemporaryFile(prefix="bridgecli-event-", buffering=0)  # noqa: SIM115
            except OSError:
                self._no_file = True
                return
        try:
            self._file.seek(self._filed)
            data = memoryview(self._pending)
            while data:  # a raw file may write less than it is given
                data = data[self._file.write(data) or 0:]
        except OSError:  # a full disk, a size limit: the records written are read back, all held from now on
            self._file.seek(0)
            self._pending = bytearray(self._file.read()[:self._filed]) + self._pending
            self._file.close()
            self._file, self._filed, self._no_file = None, 0, True
            return
        self._filed += len(self._pending)
        self._pending = bytearray()

    def _finish(self) -> None:
        """End the last run: every record is then written (or held)."""
        if self._store is None:
            self._end_run()
            if self._file is not None and self._pending:
                self._spill()

    def _to_memory(self, r: TableResult) -> None:
        """Hold every result in memory from now on (boards in too little order to merge),
        ``r`` the result being added."""
        store = ResultStore()
        for old in self._records_in_input_order():
            store.add(old)
        store.add(r)
        self.close()
        self._store, self._values, self._index = store, [None], {}

    # -- reading back ---------------------------------------------------------------

    def _read(self, start: int, end: int) -> Iterator[tuple[tuple[int, int | str], str, Any, Any]]:
        """The records from ``start`` to ``end``: (board_key, label, rows, asides) each."""
        chunk = max(READ_BYTES // 64, READ_BYTES // len(self._starts))
        buf, at, pos = b"", 0, start
        while pos < end or at < len(buf):
            if len(buf) - at < 4 or len(buf) - at < 4 + int.from_bytes(buf[at:at + 4], "little"):
                need = 4 if len(buf) - at < 4 else 4 + int.from_bytes(buf[at:at + 4], "little")
                more = self._read_at(pos, min(max(chunk, need), end - pos))
                if not more:
                    raise OSError(f"the event's temporary file ends early, at byte {pos}")
                pos += len(more)
                buf, at = buf[at:] + more, 0
                continue
            size = int.from_bytes(buf[at:at + 4], "little")
            label, rows, asides = pickle.loads(buf[at + 4:at + 4 + size])
            at += 4 + size
            yield board_key(label), label, rows, asides

    def _read_at(self, pos: int, size: int) -> bytes:
        if self._file is None:
            return bytes(self._pending[pos:pos + size])
        self._file.seek(pos)
        return self._file.read(size) or b""

    def _sequences(self) -> list[Iterator[tuple[tuple[int, int | str], str, Any, Any]]]:
        ends = [*self._starts[1:], self._end()]
        return [self._read(start, end) for start, end in zip(self._starts, ends)]

    def _runs_by_board(self) -> Iterator[tuple[str, _Runs]]:
        """Each board's label and runs, boards in their order (labels of equal keys in the
        order they first came)."""
        self._finish()
        sequences = self._sequences()
        merged = sequences[0] if len(sequences) == 1 else heapq.merge(*sequences, key=lambda rec: rec[0])
        group_key: object = None
        group: dict[str, _Runs] = {}
        for key, label, rows, asides in merged:
            if key != group_key:
                yield from group.items()
                group_key, group = key, {}
            runs = group.get(label)
            if runs is None:
                runs = group[label] = []
            runs.append((array("q", rows), asides))
        yield from group.items()

    def _results(self, label: str, runs: _Runs) -> list[TableResult]:
        v = self._values
        out: list[TableResult] = []
        for rows, asides in runs:
            it = iter(rows)
            for i, (ns, ew, played, room, lead, adjusted, score, line) in enumerate(zip(*[it] * _WIDTH)):
                if score == _MARK and asides is not None:
                    score = asides[i, 0]
                if line == _MARK:
                    line = asides.get((i, 1)) if asides else None
                contract, tricks = v[played]
                where, section = self.room_section(v[room])
                out.append(TableResult(label, v[ns], v[ew], score, contract, tricks, where, v[lead], line,
                                       *adjusted_pair(v[adjusted]), section=section))
        return out

    def _records_in_input_order(self) -> Iterator[TableResult]:
        self._finish()
        for _key, label, rows, asides in self._read(0, self._end()):
            yield from self._results(label, [(array("q", rows), asides)])

    def results(self) -> Iterator[TableResult]:
        """Every result, in input order."""
        if self._store is not None:
            return self._store.results()
        return self._records_in_input_order()

    def boards(self) -> Iterator[tuple[str, list[TableResult]]]:
        """Each board's label and results (in input order), boards in :func:`score_pairs`'s order."""
        if self._store is not None:
            yield from self._store.boards()
            return
        for label, runs in self._runs_by_board():
            yield label, self._results(label, runs)

    def check_pairs(self) -> bool:
        """Raise what :func:`~bridgecli.core.events.score_pairs` raises for this event's
        results (a pair that plays a board twice); count the most results a board has on the
        way. Returns whether N-S and E-W pairs are numbered apart."""
        if self._store is not None:
            return self._store.check_pairs()
        most = 0
        apart = False
        for label, runs in self._runs_by_board():
            pairs = array("q")
            for rows, _asides in runs:
                pairs += rows[::_WIDTH]
                pairs += rows[1::_WIDTH]
            if self._pairs_clash(pairs):
                apart = check_board(label, self._results(label, runs)) or apart
            most = max(most, len(pairs) // 2)
        self._most = most
        return apart

    def most_results(self) -> int:
        """The most results a board has (0 when there is none)."""
        if self._store is not None:
            return self._store.most_results()
        if self._most is None:
            self._most = max((sum(len(rows) for rows, _ in runs) // _WIDTH for _, runs in self._runs_by_board()),
                             default=0)
        return self._most
