"""``--records FILE``: one row a solved deal, as CSV, JSON Lines or Parquet.

Columns: ``deal`` (1-based), ``variant`` (0 as dealt, 1.. the ``--symmetrize``
permutations), ``weight`` (the row's share of its deal), ``pbn`` (the deal from
North), ``hcp_N`` .. ``hcp_W``, ``shape_N`` .. ``shape_W`` (suit lengths S-H-D-C),
then ``tricks_C`` and ``score_C`` for each contract C (declarer's view) and
``lead_CARD`` (tricks for the defence) for each opening lead.
Parquet goes through pyarrow, imported only for a ``.parquet`` file.
"""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from typing import Any

import numpy as np

from bridgecli.core.cards import DECK
from bridgecli.core.errors import ParseError

from .engine import ChunkResult, Question

_HCP = np.array([max(0, c % 13 - 8) for c in range(52)], dtype=np.int64)
_SUIT = np.array([c // 13 for c in range(52)], dtype=np.int64)


class Records:
    """A records file being written: rows go to a temporary file renamed into place by :meth:`close`."""

    def __init__(self, path: str, question: Question) -> None:
        self.path = path
        self.kind = os.path.splitext(path)[1].lower().lstrip(".")
        if self.kind not in ("csv", "jsonl", "parquet"):
            raise ParseError(f"--records {path!r}: name a .csv, .jsonl or .parquet file")
        if self.kind == "parquet":
            import importlib

            try:
                importlib.import_module("pyarrow")
            except ImportError as exc:
                raise ParseError("--records FILE.parquet needs pyarrow: pip install 'bridgecli[parquet]'") from exc
        self.contracts = list(question.contracts)
        self.lead_cards = [str(DECK[c]) for c in question.leader_cards()]
        self.columns = (["deal", "variant", "weight", "pbn"] + [f"hcp_{s}" for s in "NESW"]
                        + [f"shape_{s}" for s in "NESW"])
        for c in self.contracts:
            self.columns += [f"tricks_{c}", f"score_{c}"]
        self.columns += [f"lead_{c}" for c in self.lead_cards]
        directory = os.path.dirname(os.path.abspath(path))
        fd, self.tmp = tempfile.mkstemp(prefix=".bridgecli-", dir=directory)
        self.fp: io.TextIOWrapper | None = None
        self.table: dict[str, list[Any]] = {c: [] for c in self.columns}
        if self.kind == "parquet":
            os.close(fd)
        else:
            self.fp = os.fdopen(fd, "w", encoding="utf-8", newline="")
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
            assert self.fp is not None
            self.fp.write(json.dumps(dict(zip(self.columns, row))) + "\n")
        else:
            for name, value in zip(self.columns, row):
                self.table[name].append(value)

    def close(self) -> None:
        """Finish the file and move it into place."""
        if self.fp is not None:
            self.fp.close()
        else:
            import importlib

            pa: Any = importlib.import_module("pyarrow")
            pq: Any = importlib.import_module("pyarrow.parquet")

            pq.write_table(pa.table(self.table), self.tmp)
        if os.path.exists(self.path):
            os.chmod(self.tmp, os.stat(self.path).st_mode & 0o7777)
        else:
            os.chmod(self.tmp, 0o644)
        os.replace(self.tmp, self.path)

    def abort(self) -> None:
        """Drop the temporary file (the target is left as it was)."""
        if self.fp is not None:
            self.fp.close()
        if os.path.exists(self.tmp):
            os.unlink(self.tmp)


def open_records(path: str, question: Question) -> Records:
    """Start a records file. Raises ParseError for an unknown extension or missing pyarrow."""
    return Records(path, question)
