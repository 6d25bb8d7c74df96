"""The movement file: canonical round trips, and one located error for each kind of bad file."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli import movements
from bridgecli.core.errors import ParseError
from bridgecli.movements import Seating
from bridgecli.movements.model import build

from .test_builtins import SIZES, _get

SMALL = [(n, t) for n, t in SIZES if t <= 8]


@pytest.mark.parametrize(("name", "n"), SMALL, ids=[f"{a}-{b}" for a, b in SMALL])
def test_builtins_round_trip(name: str, n: int) -> None:
    m = _get(name, n)
    text = movements.dumps(m)
    assert movements.loads(text) == m
    assert movements.dumps(movements.loads(text)) == text


@st.composite
def movement_values(draw):
    tables = draw(st.integers(1, 4))
    rounds = draw(st.integers(1, 4))
    rows = []
    for r in range(1, rounds + 1):
        for t in range(1, tables + 1):
            if draw(st.booleans()) or t == 1:
                ns = draw(st.integers(1, 12))
                ew = draw(st.integers(1, 12).filter(lambda x, ns=ns: x != ns))
                rows.append(Seating(r, t, ns, ew, draw(st.integers(1, 9)), draw(st.booleans())))
    name = draw(st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=20))
    description = draw(st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=30))
    return build(name, draw(st.sampled_from(["mitchell", "howell", "teams"])), tables, rows,
                 boards_per_round=draw(st.integers(1, 5)), description=description,
                 phantoms=tuple(draw(st.lists(st.integers(1, 12), max_size=2))),
                 complete=draw(st.booleans()), duplicated=draw(st.booleans()))


@settings(max_examples=60, deadline=None)
@given(movement_values())
def test_any_movement_round_trips(m) -> None:
    assert movements.loads(movements.dumps(m)) == m


GOOD = movements.dumps(movements.get("mitchell", 3))


@pytest.mark.parametrize(("text", "line", "words"), [
    (GOOD.replace("kind: mitchell", "kind: mitchel"), 2, "kind is one of mitchell, howell, teams, not 'mitchel'"),
    (GOOD.replace("tables: 3\n", "tables: 3\ncolour: red\n"), 4, "unknown key 'colour'"),
    (GOOD.replace("tables: 3\n", "tables: 3\ntables: 4\n"), 4, "'tables' given twice"),
    (GOOD.replace("rounds: 3", "rounds: 4"), 4, "rounds says 4 but the seatings have 3"),
    (GOOD.replace("{ns: 1, ew: 4, set: 1}", "{ns: 1, ew: 4}"), 9, "round 1, table 1: no 'set'"),
    (GOOD.replace("{ns: 1, ew: 4, set: 1}", "{ns: 1, ew: 4, set: 1, seat: 2}"), 9, "unknown key 'seat'"),
    (GOOD.replace("{ns: 1, ew: 4, set: 1}", "{ns: 1, ew: 1, set: 1}"), 9, "pair 1 against itself"),
    (GOOD.replace("{ns: 1, ew: 4, set: 1}", "{ns: one, ew: 4, set: 1}"), 9, "a pair is a whole number, not 'one'"),
    (GOOD.replace("    3: {ns: 3, ew: 6, set: 3}", "    4: {ns: 3, ew: 6, set: 3}", 1), 11, "table 4 in a movement of 3"),
    (GOOD.replace("  2:\n", "  4:\n"), 1, "round 2 is missing"),
    (GOOD.replace("{ns: 1, ew: 4, set: 1}", "{ns: 1, ew: 4, set: 999}"), 9, "set is a whole number from 1 to 200"),
    (GOOD.replace("boards-per-round: 2", "boards-per-round: 2\narrow-switch: [9]"), 1, "arrow-switch round 9"),
    ("movement: x\nkind: howell\n", 1, "a movement file needs 'tables'"),
    ("- 1\n- 2\n", 1, "a movement file is a mapping"),
    ("movement: x\nkind: howell\ntables: &t 2\nseatings: *t\n", 4, "no aliases"),
    ("movement: [x\n", 2, "not a movement file"),
    ("", 1, "an empty movement file"),
    ("movement: x\nkind: how\x01ell\n", 2, "character '\\x01' is not allowed in YAML"),
    ("# nothing\n", 1, "an empty movement file"),
])
def test_a_bad_file_is_one_located_error(text: str, line: int, words: str) -> None:
    with pytest.raises(ParseError) as info:
        movements.loads(text, "m.yaml")
    assert words in str(info.value)
    assert info.value.where() == f"m.yaml:{line}"


def test_binary_and_huge_files_are_refused() -> None:
    with pytest.raises(ParseError, match="binary"):
        movements.loads("movement: \x00", "m.yaml")
    with pytest.raises(ParseError, match="at most"):
        movements.loads("#" * 1_000_001, "m.yaml")


def test_the_docs_example_file_reads() -> None:
    from ..conftest import ROOT

    with open(ROOT / "docs" / "examples" / "movement.yaml", encoding="utf-8") as fp:
        m = movements.load(fp)
    assert (m.name, m.kind, m.tables, m.rounds, m.boards_per_round, m.boards) == ("tuesday", "mitchell", 3, 3, 3, 9)
    assert movements.check(m).ok
