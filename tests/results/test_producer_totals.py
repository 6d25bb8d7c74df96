"""``score --event`` against the producers' own rankings: the real files of the corpus that
carry both the table results (ScoreTable) and the producer's totals (TotalScoreTable).

The producer's totals are read here from the file's text with a regular expression of this
test's own (not bridgecli's reader); the conventions come from each file's ``Scoring`` tag
(:meth:`EventScoring.from_pbn`), as ``score --event`` reads them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgecli.results.event import score_event

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "realworld" / "pbn"

_TOKEN = re.compile(r'"([^"]*)"|(\S+)')


def _producer_totals(path: Path) -> dict[str, dict[str, str]]:
    """The first TotalScoreTable of ``path``: a row a pair (or player), by its PairId (PlayerId)."""
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    text = text.replace("\r\n", "\n")
    m = re.search(r'\[TotalScoreTable "([^"]*)"\]\n(.*?)(?:\n\s*\n|\n\[|\Z)', text, re.DOTALL)
    assert m is not None
    columns = [c.split("\\")[0] for c in m.group(1).split(";")]
    rows = {}
    for line in m.group(2).split("\n"):
        values = [a or b for a, b in _TOKEN.findall(line)]
        row = dict(zip(columns, values))
        rows[row.get("PairId") or row["PlayerId"]] = row
    return rows


# file, the producer's total column, our standing's field, tolerance (the producer prints
# one or two decimals), and pairs whose totals differ by a documented rule
CASES = [
    ("magic_butler.pbn", "TotalScoreIMP", "butler", 0.051, {}),  # Butler-2, factored to 28 boards
    ("ruter71.pbn", "TotalScoreIMP", "butler", 0.0, {}),  # Butler-2, every pair played every board
    ("magic_liigaButler1b.pbn", "TotalScoreIMP", "cross_imps", 0.0051, {}),  # Cross2: a board's mean
    # Cross: sums over the other results. Board 15 has an A+ for both sides of one table:
    # we count Law 12C2's +3 IMPs against each of the 39 real results (117), Magic Contest
    # counts half of that (58.5)
    ("magic_impcross.pbn", "TotalScoreIMP", "cross_imps", 0.0, {"635": 58.5, "658": 58.5}),
    ("magic_sm1.pbn", "TotalPercentage", "percentage", 0.0051, {}),  # matchpoints, MP1
    ("magic_indi.pbn", "TotalPercentage", "percentage", 0.0051, {}),  # an individual: players ranked
]


@pytest.mark.parametrize(("name", "column", "field", "tolerance", "differ"), CASES, ids=[c[0] for c in CASES])
def test_totals_equal_the_producers(name: str, column: str, field: str, tolerance: float,
                                    differ: dict[str, float]) -> None:
    path = CORPUS / name
    if not path.exists():
        pytest.skip("the real-world corpus is not beside this checkout")
    theirs = _producer_totals(path)
    event = score_event(path)
    assert event.pairs is not None
    ours = {p.pair: p for p in event.pairs.standings}
    assert set(ours) == set(theirs)
    for pair, row in theirs.items():
        expected = float(row[column]) + differ.get(pair, 0.0)
        assert getattr(ours[pair], field) == pytest.approx(expected, abs=tolerance + 1e-9), pair
