"""``score --event``'s results in a temporary file (``results._spill.SpilledResults``) against
the in-memory :class:`~bridgecli.core.event_store.ResultStore`: the same results, boards, first
error and scores, whatever the order of the input, whether the records went to the file or
not, and whether the boards were merged from the file or held in memory after all."""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core.errors import BridgeError, RuleError
from bridgecli.core.event_store import PairsStream, ResultStore
from bridgecli.core.events import TableResult
from bridgecli.core.notation import ENGLISH
from bridgecli.results import _spill
from bridgecli.results._spill import SpilledResults
from bridgecli.results.event import StreamedEvent
from tests.core.test_events import _RESULTS


def _both(results: list[TableResult]) -> tuple[ResultStore, SpilledResults]:
    store, spilled = ResultStore(), SpilledResults()
    for r in results:
        store.add(r)
        spilled.add(r)
    return store, spilled


def _written(store: ResultStore | SpilledResults, as_json: bool) -> str:
    try:
        event = StreamedEvent(store, source="f")
    except BridgeError as exc:
        return f"error {type(exc).__name__}: {exc.where()}: {exc}"
    out = io.StringIO()
    event.write(out, as_json, ENGLISH, "simple")
    return out.getvalue()


# spill every record at once or never; merge up to 64 stretches, or hold the results in memory past 2
@settings(max_examples=150, deadline=None)
@given(st.lists(_RESULTS, max_size=30), st.sampled_from([0, 1 << 20]), st.sampled_from([2, 64]),
       st.sampled_from([None, 4]))
def test_spilled_results_are_the_store_s(results: list[TableResult], spill: int, sequences: int,
                                         expected: int | None) -> None:
    with mock.patch.object(_spill, "SPILL_BYTES", spill), mock.patch.object(_spill, "MAX_SEQUENCES", sequences):
        store, spilled = _both(results)
        with spilled:
            assert len(spilled) == len(store)
            assert spilled.all_rooms == store.all_rooms
            assert list(spilled.results()) == results
            assert list(spilled.boards()) == list(store.boards())
            try:
                want = PairsStream(store, expected)
            except RuleError as exc:
                with pytest.raises(RuleError) as got:
                    PairsStream(spilled, expected)
                assert (str(got.value), got.value.where()) == (str(exc), exc.where())
                return
            got_stream = PairsStream(spilled, expected)
            assert got_stream.expected == want.expected
            assert list(got_stream.results()) == list(want.results())
            assert got_stream.standings() == want.standings()


def _traveller(boards: int, order: str) -> list[TableResult]:
    """Ten tables a board (pairs 1-10 N-S, 11-20 E-W), a board short of a table now and then
    (Neuberg), scores that tie; the rows sorted by board, by table, or boards backwards."""
    rows = [TableResult(str(b), str(t), str(t + 10), (420, -50, 450, 420, -100)[(b + t) % 5], line=b * 10 + t)
            for b in range(1, boards + 1) for t in range(1, 11) if (b + 2 * t) % 13]
    if order == "tables":
        rows.sort(key=lambda r: int(r.ns))
    elif order == "backwards":
        rows.sort(key=lambda r: -int(r.board))
    return rows


@pytest.mark.parametrize("order", ["boards", "tables", "backwards"])
def test_a_big_event_in_any_order_is_written_as_from_memory(order: str) -> None:
    # the records fill many reads of the file (some records longer than a read); by table,
    # ten stretches merged; backwards, every board a stretch of its own: held in memory
    results = _traveller(150, order)
    with mock.patch.object(_spill, "SPILL_BYTES", 1 << 12), mock.patch.object(_spill, "READ_BYTES", 1 << 12):
        store, spilled = _both(results)
        with spilled:
            for as_json in (True, False):
                assert _written(spilled, as_json) == _written(store, as_json)
            assert (spilled._store is not None) == (order == "backwards")


def _open_in(folder: Path) -> list[str]:
    fds = Path("/proc/self/fd")
    return [link for fd in fds.iterdir() if (link := os.path.realpath(fd)).startswith(str(folder))]


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc")
def test_the_temporary_file_is_in_tmpdir_and_leaves_nothing(tmp_path: Path) -> None:
    with mock.patch.object(tempfile, "tempdir", str(tmp_path)), mock.patch.object(_spill, "SPILL_BYTES", 0):
        with SpilledResults() as spilled:
            assert _open_in(tmp_path) == []  # nothing made for an event of nothing
            for r in _traveller(20, "boards"):
                spilled.add(r)
            assert len(_open_in(tmp_path)) == 1
            assert list(os.listdir(tmp_path)) == []  # no name to leave behind
            assert [label for label, _ in spilled.boards()] == [str(b) for b in range(1, 21)]
        assert _open_in(tmp_path) == []


def test_without_a_temporary_file_the_results_stay_in_memory() -> None:
    results = _traveller(50, "tables")
    with mock.patch.object(_spill, "SPILL_BYTES", 0), \
            mock.patch.object(tempfile, "TemporaryFile", side_effect=OSError(28, "No space left on device")) as made:
        store, spilled = _both(results)
        assert made.call_count == 1  # tried once, not at every board
        assert _written(spilled, True) == _written(store, True)


def test_a_full_disk_after_spilling_keeps_the_results_in_memory() -> None:
    # the file takes 3,000 bytes (the last write only in part), then the disk is full:
    # what was written is read back and every record is held in memory, as when no file can be made
    real = tempfile.TemporaryFile

    class Full:
        def __init__(self, *args: object, **kwargs: object) -> None:
            self.file = real(*args, **kwargs)  # type: ignore[call-overload]
            self.room = 3000

        def write(self, data: memoryview) -> int:
            if not self.room:
                raise OSError(28, "No space left on device")
            n = min(len(data), self.room)
            self.room -= n
            return int(self.file.write(data[:n]))

        def __getattr__(self, name: str) -> object:
            return getattr(self.file, name)

    results = _traveller(50, "tables")
    with mock.patch.object(_spill, "SPILL_BYTES", 1000), mock.patch.object(tempfile, "TemporaryFile", Full):
        store, spilled = _both(results)
        with spilled:
            assert spilled._file is None
            for as_json in (True, False):
                assert _written(spilled, as_json) == _written(store, as_json)
            assert list(spilled.results()) == results


@pytest.mark.parametrize("spill", [0, 1 << 20])
def test_a_pair_twice_on_a_board_is_found_across_its_stretches(spill: int) -> None:
    # board 2 comes in two stretches (merged when read back), and E-W pair 13 plays it in
    # both: its second result is the error, at its line
    rows = [TableResult("1", "3", "13", 420, line=2), TableResult("2", "3", "13", 420, line=3),
            TableResult("1", "4", "14", -50, line=4), TableResult("2", "4", "13", 450, line=5)]
    with mock.patch.object(_spill, "SPILL_BYTES", spill), SpilledResults() as spilled:
        for r in rows:
            spilled.add(r)
        with pytest.raises(RuleError) as got:
            PairsStream(spilled)
    assert (str(got.value), got.value.line) == ("board 2: pair '13' has two results", 5)
