"""Every built-in movement, at every size it is made for, keeps the rules: checked by
``movements.check`` and, independently, by counting here."""

from __future__ import annotations

from collections import Counter

import pytest

from bridgecli import movements
from bridgecli.core.errors import ParseError

SIZES = [(b.name, n) for b in movements.BUILTINS.values() for n in b.tables]


def _get(name: str, n: int, **kw) -> movements.Movement:
    return movements.get(name, teams=n, **kw) if name == "teams-round-robin" else movements.get(name, n, **kw)


def _played(m):
    return [s for s in m.seatings if m.played(s)]


@pytest.mark.parametrize(("name", "n"), SIZES, ids=[f"{a}-{b}" for a, b in SIZES])
def test_every_builtin_passes_its_checks(name: str, n: int) -> None:
    m = _get(name, n)
    report = movements.check(m)
    assert report.ok, report.errors[:3]
    # the same rules counted here, not by the checks
    for r in range(1, m.rounds + 1):
        seated = [p for s in m.round(r) for p in s.pairs() if p not in m.phantoms]
        assert len(seated) == len(set(seated))
    pair_sets = Counter((p, s.set) for s in _played(m) for p in s.pairs())
    assert max(pair_sets.values()) == 1
    if not m.duplicated:
        for r in range(1, m.rounds + 1):
            at = Counter(s.set for s in m.round(r))
            for s in m.round(r):
                assert at[s.set] == 1 or (at[s.set] == 2 and s.shared)
    if m.kind != "teams":
        meetings = Counter(frozenset(s.pairs()) for s in m.seatings)
        assert max(meetings.values()) == 1
    if m.complete:
        everyone = {p for s in m.seatings for p in s.pairs()}
        assert len(meetings) == len(everyone) * (len(everyone) - 1) // 2


@pytest.mark.parametrize("n", range(2, 11))
def test_complete_howells_have_the_size_of_the_rule(n: int) -> None:
    m = movements.get("howell", n)
    assert (m.tables, m.rounds, len(m.pairs), m.complete) == (n, 2 * n - 1, 2 * n, True)


def test_the_four_table_howell_is_the_published_one() -> None:
    """Round 1 of the published 4-table Howell: 8-1, 2-7, 3-6, 5-4 with board sets 1, 3, 5, 2
    (the pairs shift by one each round, pair 8 stays)."""
    m = movements.get("howell", 4)
    assert [(s.ns, s.ew, s.set) for s in m.round(1)] == [(8, 1, 1), (2, 7, 3), (3, 6, 5), (5, 4, 2)]
    assert movements.check(m).balance.figure == 100.0  # all 4-table Howells are balanced


@pytest.mark.parametrize(("name", "tables", "rounds"), [("mitchell", 5, 5), ("mitchell", 6, 5),
                                                         ("mitchell-skip", 8, 7), ("mitchell-relay", 8, 8)])
def test_mitchell_rounds(name: str, tables: int, rounds: int) -> None:
    m = movements.get(name, tables)
    assert m.rounds == rounds
    # N-S pairs stay at their table, every E-W pair meets a different N-S pair each round
    assert all(s.ns == s.table for s in m.seatings)


def test_a_plain_mitchell_with_an_even_count_is_broken() -> None:
    from bridgecli.movements import rules

    report = movements.check(rules.mitchell(6, fix="none"))
    assert not report.ok
    assert "plays board set" in report.errors[0].message


def test_relay_mitchell_shares_tables_one_and_last_and_rests_a_set() -> None:
    m = movements.get("mitchell-relay", 6)
    for r in range(1, m.rounds + 1):
        rows = m.round(r)
        assert rows[0].set == rows[-1].set and rows[0].shared and rows[-1].shared
        assert len({s.set for s in rows}) == 5  # six sets: one shared, one on the bye stand


def test_arrow_switch_makes_one_field() -> None:
    plain = movements.check(movements.get("mitchell", 7))
    switched = movements.check(movements.get("mitchell", 7, arrow_switch=[6, 7]))
    assert plain.balance.pairs == 2 * 21  # two fields of 7 pairs
    assert switched.balance.pairs == 91  # one field of 14
    m = movements.get("mitchell", 7, arrow_switch=[7])
    assert all(s.ew == s.table for s in m.round(7)) and m.arrow_switch == (7,)


def test_half_table_sits_a_pair_out_each_round() -> None:
    m = movements.get("howell", 4, half_table=True)
    assert m.phantoms == (8,) and len(m.pairs) == 7
    outs = [m.sits_out(s) for s in m.seatings if m.sits_out(s) is not None]
    assert sorted(outs) == list(range(1, 8))  # each of the seven sits out once
    assert movements.get("howell-3.5").phantoms == (8,)
    mitchell = movements.get("mitchell", 5, half_table=True)
    assert movements.check(mitchell).ok and mitchell.phantoms == (10,)


def test_teams_round_robin_every_team_meets_every_other() -> None:
    m = movements.get("teams-round-robin", teams=6)
    met = {frozenset(((s.ns + 1) // 2, (s.ew + 1) // 2)) for s in m.seatings}
    assert len(met) == 15 and m.rounds == 5
    odd = movements.get("teams-round-robin", teams=5)
    assert odd.phantoms == (11, 12) and movements.check(odd).ok


@pytest.mark.parametrize(("args", "kw", "text"), [
    (("howell", 11), {}, "2 to 10 tables, not 11"),
    (("mitchell-skip", 5), {}, "(even) tables, not 5"),
    (("howel", 4), {}, "did you mean 'howell'"),
    (("howell",), {}, "--tables"),
    (("teams-round-robin",), {}, "--teams"),
    (("howell", 4), {"rounds": 8}, "1 to 7 rounds, not 8"),
    (("mitchell", 5), {"arrow_switch": [6]}, "arrow-switch round 6"),
    (("teams-round-robin", 4), {"teams": 4}, "sized by its teams"),
    (("howell", 4), {"teams": 4}, "--teams is for teams-round-robin"),
    (("teams",), {"half_table": True}, "teams has no half table"),
])
def test_builtin_misuse_names_the_mistake(args, kw, text) -> None:
    with pytest.raises(ParseError, match=None) as info:
        movements.get(*args, **kw)
    assert text in str(info.value)


def test_find_takes_a_name_or_a_path(tmp_path) -> None:
    """How a session file names its movement: a built-in's name, or a movement file's path."""
    by_name, source = movements.find("howell", 4, rounds=3)
    assert source == "howell" and by_name == movements.first_rounds(movements.get("howell", 4), 3)
    f = tmp_path / "mine.yaml"
    f.write_text(movements.dumps(movements.get("mitchell", 5)))
    by_path, source = movements.find(str(f), boards_per_round=3)
    assert source == str(f) and by_path == movements.get("mitchell", 5, boards_per_round=3)
    with pytest.raises(ParseError, match="for built-in movements"):
        movements.find(str(f), 5)
    with pytest.raises(ParseError, match="did you mean 'mitchell'"):
        movements.find("mitchel")


SHORTENED = [(name, n) for name in ("howell-3q", "howell-2t") for n in range(5, 11)]


@pytest.mark.parametrize(("name", "n"), SHORTENED, ids=[f"{a}-{b}" for a, b in SHORTENED])
def test_shortened_howells_from_5_tables_name_the_boards_played_unevenly(name: str, n: int) -> None:
    """A 3/4 Howell plays ceil(3/4) of the 2n-1 rounds, a 2/3 Howell ceil(2/3); its sets are not
    all played equally often, and the check's note names exactly those counted here otherwise
    than the most common count (of two as common, the count of the lower set)."""
    m = _get(name, n)
    full = 2 * n - 1
    assert m.rounds == -(-full * (3 if name.endswith("3q") else 2) // (4 if name.endswith("3q") else 3))
    assert not m.complete and len(m.pairs) == 2 * n
    report = movements.check(m)
    assert report.ok
    counted = Counter(s.set for s in _played(m))
    plays = {k: counted[k] for k in sorted(counted)}
    # the most common count (of two as common, the one of the lower set)
    usual = max(plays.values(), key=lambda v: (list(plays.values()).count(v), -list(plays.values()).index(v)))
    uneven = {k for k, v in plays.items() if v != usual}
    notes = [f for f in report.findings if f.level == "note"]
    if not uneven:
        assert notes == []
        return
    (note,) = notes
    assert f"not played {usual} times" in note.message
    named = {int(part.split()[1]) for part in note.message.partition(": ")[2].split(", ")}
    assert named == uneven
