"""``--records FILE``: one row a solved deal, as CSV, JSON Lines or Parquet.

Columns: ``deal`` (1-based), ``variant`` (0 as dealt, 1.. the ``--symmetrize``
permutations), ``weight`` (the row's share of its deal), ``pbn`` (the deal from
North), ``hcp_N`` .. ``hcp_W``, ``shape_N`` .. ``shape_W`` (suit lengths S-H-D-C),
then ``tricks_C`` and ``score_C`` for each contract C (declarer's view) and
``lead_CARD`` (tricks for the defence) for each opening lead.
Parquet goes through pyarrow, imported only for a ``.parquet`` file, and is written a row
group at a time (memory does not grow with the run).
"""

from __future__ import annotations

import csv
import json
import os
import sys
from collections.abc import Callable
from typing import IO, Any

import numpy as np

from bridgecli.core.cards import DECK
from bridgecli.core.errors import ParseError
from bridgecli.output import AtomicOutput

from .engine import ChunkResult, Question

_HCP = np.array([max(0, c % 13 - 8) for c in range(52)], dtype=np.int64)
_SUIT = np.array([c // 13 for c in range(52)], dtype=np.int64)


#: Rows a Parquet row group holds: the rows are kept in memory only until a group is full.
ROW_GROUP = 16_384

Opener = Callable[..., AtomicOutput]
"""Makes the output of a records file: ``opener(path, binary=...)`` (the CLI's words its errors as ``-o``'s)."""


class Records:
    """A records file being written through :class:`bridgecli.output.AtomicOutput`, as every
    ``-o`` is: a regular file gets a temporary file renamed into place by :meth:`close` (its
    mode kept), a device or FIFO is written directly, a symlink's target is replaced;
    :meth:`abort` leaves the target as it was. CSV and JSON Lines rows are written as they
    come; Parquet rows in row groups of :data:`ROW_GROUP`."""

    def __init__(self, path: str, question: Question, opener: Opener = AtomicOutput) -> None:
        self.path = path
        self.kind = os.path.splitext(path)[1].lower().lstrip(".")
        if self.kind not in ("csv", "jsonl", "parquet"):
            raise ParseError(f"--records {path!r}: name a .csv, .jsonl or .parquet file")
        if self.kind == "parquet":
            import importlib

            try:
                importlib.import_module("pyarrow.parquet")
            except ImportError as exc:
                raise ParseError("--records FILE.parquet needs pyarrow: pip install 'bridgecli[parquet]'") from exc
        self.contracts = list(question.contracts)
        self.lead_cards = [str(DECK[c]) for c in question.leader_cards()]
        self.columns = (["deal", "variant", "weight", "pbn"] + [f"hcp_{s}" for s in "NESW"]
                        + [f"shape_{s}" for s in "NESW"])
        for c in self.contracts:
            self.columns += [f"tricks_{c}", f"score_{c}"]
        self.columns += [f"lead_{c}" for c in self.lead_cards]
        self.table: dict[str, list[Any]] = {c: [] for c in self.columns}
        self._parquet: Any = None
        self._out = opener(path, binary=self.kind == "parquet")
        self._ended = False
        self.fp: IO[Any] = self._out.__enter__()
        if self.kind == "csv":
            self.writer = csv.writer(self.fp)
            self.writer.writerow(self.columns)

    def write(self, agg: Any, chunk: ChunkResult, extra: dict[str, Any], first: int) -> None:
        """Add the rows of a merged chunk (``first``: deals merged before it)."""
        from bridgecli.dealer.pbnfast import deal_strings

        owner = chunk.owner
        n = owner.shape[1]
        strings = deal_strings(owner, 0)
        hcp = np.zeros((n, 4), dtype=np.int64)
        lengths = np.zeros((n, 4, 4), dtype=np.int64)
        for seat in range(4):
            held = owner == seat
            hcp[:, seat] = (_HCP[:, None] * held).sum(axis=0)
            for suit in range(4):
                lengths[:, seat, suit] = held[_SUIT == suit].sum(axis=0)
        variant = np.zeros(n, dtype=np.int64)
        for k in range(1, n):
            if chunk.cluster[k] == chunk.cluster[k - 1]:
                variant[k] = variant[k - 1] + 1
        scores = extra["scores"]
        for r in range(n):
            row: list[Any] = [first + int(chunk.cluster[r]) + 1, int(variant[r]), float(extra["weights"][r]),
                              "N:" + strings[r].tobytes().decode("ascii")[2:]
                              if strings[r].tobytes()[:2] == b"N:" else strings[r].tobytes().decode("ascii")]
            row += [int(h) for h in hcp[r]]
            row += ["-".join(str(int(x)) for x in lengths[r, seat, ::-1]) for seat in range(4)]
            for i in range(len(self.contracts)):
                row += [int(chunk.tricks[r, i]), int(scores[r, i])]
            if chunk.leads is not None:
                row += [int(x) for x in chunk.leads[r]]
            self._row(row)

    def _row(self, row: list[Any]) -> None:
        if self.kind == "csv":
            self.writer.writerow(row)
        elif self.kind == "jsonl":
            self.fp.write(json.dumps(dict(zip(self.columns, row))) + "\n")
        else:
            for name, value in zip(self.columns, row):
                self.table[name].append(value)
            if len(self.table["deal"]) >= ROW_GROUP:
                self._row_group()

    def _schema(self) -> Any:
        import importlib

        pa: Any = importlib.import_module("pyarrow")
        kinds = {"weight": pa.float64(), "pbn": pa.string(), **{f"shape_{s}": pa.string() for s in "NESW"}}
        return pa.schema([(name, kinds.get(name, pa.int64())) for name in self.columns])

    def _row_group(self) -> None:
        """Write the Parquet rows held as a row group (starting the file at the first)."""
        import importlib

        pa: Any = importlib.import_module("pyarrow")
        if self._parquet is None:
            pq: Any = importlib.import_module("pyarrow.parquet")
            self._parquet = pq.ParquetWriter(self.fp, self._schema())
        if self.table["deal"]:
            self._parquet.write_table(pa.Table.from_pydict(self.table, schema=self._parquet.schema))
            self.table = {c: [] for c in self.columns}

    def close(self) -> None:
        """Finish the file and move it into place.

        Raises:
            OSError: the file cannot be written (naming :attr:`path`).
        """
        if self.kind == "parquet":
            try:
                self._row_group()
                self._parquet.close()
            except BaseException:
                self.abort()
                raise
        self._ended = True
        self._out.__exit__(None, None, None)

    def abort(self) -> None:
        """Drop what was written (the target is left as it was). Called while an exception is
        being handled, that exception ends the output; a failed write of this file is then
        raised as the output's error (:meth:`bridgecli.output.AtomicOutput._error`)."""
        if self._ended:
            return
        self._ended = True
        writer, self._parquet = self._parquet, None
        if writer is not None:
            import contextlib

            with contextlib.suppress(Exception):  # the file is dropped anyway
                writer.close()  # now, while its file is open (else at garbage collection, into a closed file)
        exc = sys.exc_info()[1] or KeyboardInterrupt()
        self._out.__exit__(type(exc), exc, exc.__traceback__)


def open_records(path: str, question: Question, opener: Opener = AtomicOutput) -> Records:
    """Start a records file, its output made by ``opener`` (:class:`bridgecli.output.AtomicOutput`
    by default). Raises ParseError for an unknown extension or missing pyarrow, OSError for a
    target that cannot be written."""
    return Records(path, question, opener)
