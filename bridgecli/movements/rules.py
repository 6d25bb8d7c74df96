"""Movements that follow from a rule, for any number of tables: the Mitchell (and its fixes for
an even number of tables), the cyclic Howell, a two-room teams match and a round-robin of teams.

Each function returns a :class:`~bridgecli.movements.model.Movement`: the same data a movement
file holds. The rules (docs/commands/movement.md says them in words):

* **Mitchell**, ``T`` tables: N-S pair ``t`` stays at table ``t``; E-W pair ``T+t`` starts at
  table ``t`` and moves up one table a round; board set ``t`` starts at table ``t`` and moves
  down one table a round. With an even ``T`` that would bring each E-W pair back to boards it
  has played, so one of the usual fixes is used: ``skip`` (the E-W pairs move up two tables
  once, after round ``T/2``; ``T-1`` rounds) or ``relay`` (a bye stand between tables ``T/2``
  and ``T/2+1`` holds a set for a round, and tables 1 and ``T`` share a set).
* **Howell** (cyclic), ``n`` tables, ``2n`` pairs, ``2n-1`` rounds: pair ``2n`` stays at table 1;
  in round ``r`` it meets pair ``r`` and, at table ``k+1``, pair ``r+k`` meets pair ``r-k``
  (numbers taken 1..2n-1 cyclically). The board sets of each table are a fixed shift of the
  round's number (the published Howell tables have this form); the shifts and directions
  for each size are in the built-in files, found by :func:`howell_shifts`.
* **Teams**: a two-room match, the home pairs N-S in room 1 and E-W in room 2, each set
  shared by the rooms; a round-robin of ``k`` teams (``k-1`` rounds, a bye team when ``k`` is
  odd), every table with its own copy of the round's boards.

Pure.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from bridgecli.core.errors import ParseError
from bridgecli.movements.model import Movement, Seating, build, swapped

MITCHELL_FIXES = ("none", "skip", "relay")
"""What a Mitchell with an even number of tables does: ``none`` (only right for an odd number),
``skip``, ``relay`` (relay and bye stand)."""


def mitchell(tables: int, *, fix: str | None = None, rounds: int | None = None,
             arrow_switch: Sequence[int] = (), half_table: bool = False, boards_per_round: int = 2) -> Movement:
    """A Mitchell movement (see the module docstring).

    Args:
        tables: how many tables (3 or more).
        fix: for an even number of tables ``skip`` (the default) or ``relay``; ``none`` keeps
            the plain rule (broken for an even number: for tests and demonstrations).
        rounds: play fewer rounds than the full movement.
        arrow_switch: rounds in which N-S and E-W swap at every table (one winner).
        half_table: the last E-W pair is missing: its opponents sit out.
        boards_per_round: boards in a set.

    Raises:
        ParseError: too few tables, an unknown fix, more rounds than the movement has.
    """
    if tables < 2:
        raise ParseError(f"a Mitchell needs 2 tables or more, not {tables}")
    even = tables % 2 == 0
    fix = fix or ("skip" if even else "none")
    if fix not in MITCHELL_FIXES:
        raise ParseError(f"a Mitchell's fix is one of {', '.join(MITCHELL_FIXES)}, not {fix!r}")
    if not even and fix != "none":
        fix = "none"  # an odd number needs no fix
    full = tables - 1 if fix == "skip" else tables
    rows = list(_mitchell_rows(tables, fix, _rounds(rounds, full)))
    name = "mitchell" if fix == "none" else f"mitchell-{fix}"
    rows = list(swapped(rows, arrow_switch))
    what = {"none": "", "skip": ", E-W skip a table after round " + str(tables // 2),
            "relay": f", relay (tables 1 and {tables} share) and bye stand after table {tables // 2}"}[fix]
    return build(name, "mitchell", tables, rows, boards_per_round=boards_per_round,
                 phantoms=(2 * tables,) if half_table else (), arrow_switch=tuple(sorted(set(arrow_switch))),
                 description=f"Mitchell, {tables} tables{what}")


def _rounds(asked: int | None, full: int) -> int:
    if asked is None:
        return full
    if not 1 <= asked <= full:
        raise ParseError(f"this movement has 1 to {full} rounds, not {asked}")
    return asked


def _mitchell_rows(tables: int, fix: str, rounds: int) -> Iterator[Seating]:
    t_ = tables
    # the places boards visit, in the order they move down: tables, and with a relay the bye stand
    if fix == "relay":
        half = t_ // 2
        places = list(range(1, half + 1)) + [0] + list(range(half + 1, t_))  # 0: the bye stand
    else:
        places = list(range(1, t_ + 1))
    n = len(places)
    for r in range(rounds):
        skip = 1 if fix == "skip" and r >= t_ // 2 else 0
        for table in range(1, t_ + 1):
            ew = (table - 1 - r - skip) % t_ + 1
            if fix == "relay" and table == t_:
                where, shared = places.index(1), True
            else:
                where, shared = places.index(table), fix == "relay" and table == 1
            board_set = (where + r) % n + 1
            yield Seating(r + 1, table, table, t_ + ew, board_set, shared)


def howell(tables: int, shifts: Sequence[int], directions: Sequence[bool], *, rounds: int | None = None,
           name: str | None = None, half_table: bool = False, shared: Sequence[Sequence[int]] = (),
           boards_per_round: int = 2) -> Movement:
    """The cyclic Howell of ``tables`` tables (module docstring) with the given board shifts.

    Args:
        tables: ``n``, 2 or more.
        shifts: ``n`` numbers: table ``k+1`` plays set ``r + shifts[k]`` in round ``r`` (cyclically).
        directions: ``n-1`` flags: at table ``k+2`` pair ``r+k+1`` sits N-S (True) or E-W.
        rounds: fewer rounds than ``2n-1`` (a shortened Howell: pairs meet at most once).
        name: the movement's name.
        half_table: pair ``2n`` is missing (the pair it meets sits out at table 1).
        shared: for each round, tables that share a set (the shifts give them the same one).
        boards_per_round: boards in a set.

    Raises:
        ParseError: wrong lengths, too many rounds.
    """
    m = 2 * tables - 1
    if len(shifts) != tables or len(directions) != tables - 1:
        raise ParseError(f"a {tables}-table Howell needs {tables} shifts and {tables - 1} directions")
    count = _rounds(rounds, m)
    rows = []
    for r in range(count):
        share = set(shared[r]) if r < len(shared) else set()
        rows.append(Seating(r + 1, 1, 2 * tables, r + 1, (r + shifts[0]) % m + 1, 1 in share))
        for k in range(1, tables):
            up, down = (r + k) % m + 1, (r - k) % m + 1
            ns, ew = (up, down) if directions[k - 1] else (down, up)
            rows.append(Seating(r + 1, k + 1, ns, ew, (r + shifts[k]) % m + 1, k + 1 in share))
    complete = count == m
    return build(name or f"howell-{tables}", "howell", tables, rows, boards_per_round=boards_per_round,
                 complete=complete, phantoms=(2 * tables,) if half_table else (),
                 description=f"Howell, {tables - 1 if half_table else tables}{'½' if half_table else ''} tables, "
                             f"{count} of {m} rounds")


def howell_shifts(tables: int) -> Iterator[tuple[int, ...]]:
    """Every set of board shifts (first shift 0) that gives the cyclic Howell of ``tables`` tables
    one board set a table a round, each pair playing each set once: a shift ``s_k`` for table
    ``k+1`` with ``s_0`` and all ``s_k ± k`` distinct modulo ``2n-1`` (none for 2 and 3 tables,
    whose Howells share boards). Used by tools/movement_tables.py to write the built-in files."""
    m = 2 * tables - 1

    def extend(chosen: list[int], used: set[int], sets: set[int]) -> Iterator[tuple[int, ...]]:
        k = len(chosen)
        if k == tables:
            yield tuple(chosen)
            return
        for s in range(m):
            a, b = (s - k) % m, (s + k) % m
            if s in sets or a in used or b in used or a == b:
                continue
            yield from extend([*chosen, s], used | {a, b}, sets | {s})

    yield from extend([0], {0}, {0})


def teams_match(rounds: int = 2, *, boards_per_round: int = 8) -> Movement:
    """A two-room teams match of ``rounds`` stanzas: team 1 is pairs 1 and 2, team 2 pairs 3 and 4;
    room 1 (table 1) has 1 N-S against 3, room 2 (table 2) has 4 N-S against 2; each stanza's set is
    shared by the rooms (each plays half, then they swap)."""
    count = _rounds(rounds, 99)
    rows = [Seating(r, t, ns, ew, r, True) for r in range(1, count + 1) for t, ns, ew in ((1, 1, 3), (2, 4, 2))]
    return build("teams", "teams", 2, rows, boards_per_round=boards_per_round, teams=((1, 2), (3, 4)),
                 description=f"teams match, two rooms, {count} stanza{'s' if count != 1 else ''}")


def teams_round_robin(teams: int, *, boards_per_round: int = 8) -> Movement:
    """A round-robin of ``teams`` teams (3 to 40): team ``t`` is pairs ``2t-1`` (always N-S) and
    ``2t`` (always E-W); each round every match is played at two tables, the home team's N-S pair
    in the first; every table has a copy of the round's boards. With an odd number a bye team
    (a phantom) is added: whoever meets it sits out."""
    if not 3 <= teams <= 40:
        raise ParseError(f"a round-robin is of 3 to 40 teams, not {teams}")
    k = teams + teams % 2
    rows = []
    for r in range(k - 1):
        # the circle method: team k stays, the others turn
        others = [(r + i) % (k - 1) + 1 for i in range(k - 1)]
        circle = [k, *others]
        for j in range(k // 2):
            a, b = circle[j], circle[k - 1 - j]
            if (r + j) % 2:
                a, b = b, a
            rows.append(Seating(r + 1, 2 * j + 1, 2 * a - 1, 2 * b, r + 1))
            rows.append(Seating(r + 1, 2 * j + 2, 2 * b - 1, 2 * a, r + 1))
    phantoms = (2 * k - 1, 2 * k) if teams % 2 else ()
    return build("teams-round-robin", "teams", k, rows, boards_per_round=boards_per_round, duplicated=True,
                 phantoms=phantoms, teams=tuple((2 * t - 1, 2 * t) for t in range(1, k + 1)),
                 description=f"round-robin of {teams} teams, {k - 1} rounds"
                             + (", a bye each round" if teams % 2 else ""))


__all__ = ["MITCHELL_FIXES", "Movement", "howell", "howell_shifts", "mitchell", "teams_match", "teams_round_robin"]
