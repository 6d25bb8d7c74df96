"""The checks catch a deliberately broken movement of each kind, naming the round, table and pair."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings

from bridgecli import movements
from bridgecli.movements import Seating
from bridgecli.movements.model import build

from .test_fileformat import movement_values

KINDS = {"mitchell": ("mitchell", 5), "howell": ("howell", 4), "teams": ("teams", 2)}


def _edit(m: movements.Movement, r: int, t: int, **changes) -> movements.Movement:
    rows = tuple(replace(s, **changes) if (s.round, s.table) == (r, t) else s for s in m.seatings)
    return replace(m, seatings=rows)


def _errors(m):
    report = movements.check(m)
    assert not report.ok
    return report.errors


@pytest.mark.parametrize("kind", KINDS)
def test_a_pair_playing_a_set_twice(kind: str) -> None:
    m = movements.get(*KINDS[kind])
    first = m.round(1)[0]
    broken = _edit(m, 2, 1, set=first.set, shared=False)  # table 1's N-S pair is at table 1 in both rounds
    found = [e for e in _errors(broken) if "again" in e.message and "set" in e.message]
    assert found and found[0].round == 2 and found[0].table == 1
    assert first.ns in {p for e in found for p in e.pairs}
    assert f"pair {first.ns} plays board set {first.set}" in " ".join(e.message for e in found)


@pytest.mark.parametrize("kind", KINDS)
def test_a_pair_at_two_tables(kind: str) -> None:
    m = movements.get(*KINDS[kind])
    other = m.round(1)[1]
    broken = _edit(m, 1, 1, ns=other.ns)
    found = [e for e in _errors(broken) if "also at table" in e.message]
    assert found and found[0].message.startswith("round 1, table ") and other.ns in found[0].pairs


@pytest.mark.parametrize("kind", ["mitchell", "howell"])
def test_a_set_in_play_at_two_tables(kind: str) -> None:
    m = movements.get(*KINDS[kind])
    r3 = m.round(3)
    broken = _edit(m, 3, 2, set=r3[0].set)
    found = [e for e in _errors(broken) if "in play at table" in e.message]
    assert [(e.round, e.table, e.pairs) for e in found] == [(3, 2, r3[1].pairs())]
    assert f"need board set {r3[0].set}" in found[0].message and "at table 1 at the same time" in found[0].message


def test_a_set_at_two_teams_rooms_without_sharing() -> None:
    m = movements.get("teams")
    broken = _edit(_edit(m, 1, 1, shared=False), 1, 2, shared=False)
    assert any("in play at table 1 at the same time" in e.message for e in _errors(broken))
    lone = _edit(m, 1, 2, set=5)
    assert any("marked shared but no other table" in e.message for e in _errors(lone))


def test_a_howell_pair_meeting_twice_and_never() -> None:
    m = movements.get("howell", 4)
    # round 2, table 1 is 8-2: make it 8-1 again (pair 2 then plays nowhere)
    broken = _edit(m, 2, 1, ew=1)
    messages = [e.message for e in _errors(broken)]
    assert "round 2, table 1: pairs 8 and 1 meet again (first in round 1 at table 1)" in messages
    assert "pairs 2 and 8 never meet in a complete Howell" in messages


def test_a_mitchell_pair_meeting_twice() -> None:
    m = movements.get("mitchell", 5)
    first = m.round(1)[0]
    broken = _edit(m, 2, 1, ew=first.ew)
    assert any(e.pairs == (first.ns, first.ew) and e.round == 2 for e in _errors(broken))


def test_team_mates_never_meet() -> None:
    m = movements.get("teams")
    broken = _edit(m, 1, 1, ew=2)  # pair 1 against its team mate, pair 2
    assert any("pairs 1 and 2 are of one team" in e.message for e in _errors(broken))


def test_uneven_board_plays_are_a_note_naming_the_sets() -> None:
    m = build("short", "howell", 2, [(1, 1, 1, 2, 1), (1, 2, 3, 4, 2), (2, 1, 5, 6, 1)])
    report = movements.check(m)
    assert report.ok
    assert report.plays == {1: 2, 2: 1}
    (note,) = report.findings
    assert note.level == "note" and "set 2 (boards 3-4) 1 time" in note.message


def test_balance_figure_known_answers() -> None:
    """A 3-table Mitchell: every N-S pair plays every board N-S, so two N-S pairs (and two E-W
    pairs) are compared on all 6 boards: 3 + 3 two-pair combinations, balance 100. Two tables
    of four pairs playing one set each, one round: pairs 1 and 3 (both N-S) compared on nothing."""
    b = movements.check(movements.get("mitchell", 3)).balance
    assert (b.pairs, b.least, b.most, b.figure) == (6, 6, 6, 100.0)
    m = build("two", "mitchell", 2, [(1, 1, 1, 2, 1), (1, 2, 3, 4, 2)])
    b = movements.check(m).balance
    assert (b.pairs, b.least, b.most, b.figure) == (2, 0, 0, 0.0)


def test_errors_carry_the_file_line() -> None:
    text = movements.dumps(movements.get("mitchell", 3)).replace("2: {ns: 2, ew: 5, set: 2}", "2: {ns: 2, ew: 5, set: 1}")
    m = movements.loads(text, "m.yaml")
    errors = _errors(m)
    line = text.splitlines().index("    2: {ns: 2, ew: 5, set: 1}") + 1
    assert errors[0].line == line


@settings(max_examples=80, deadline=None)
@given(movement_values())
def test_check_never_raises_and_its_verdict_is_its_errors(m) -> None:
    report = movements.check(m)
    assert report.ok == (not [f for f in report.findings if f.level == "error"])
    assert set(report.plays) == set(m.sets)
    for f in report.errors:
        assert f.round is None or f.message.startswith(f"round {f.round}, table {f.table}: ")


def test_check_never_raises_on_a_phantom_only_table() -> None:
    m = build("odd", "howell", 1, [Seating(1, 1, 1, 2, 1)], phantoms=(2,))
    report = movements.check(m)
    assert report.ok and report.balance is None
