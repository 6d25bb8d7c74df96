"""The checks of a movement (``bridgecli movement check``).

Errors break the movement; notes tell the director something (boards played unevenly):

* a pair sits at one table a round;
* each pair plays each board set at most once;
* a board set is at one table a round, or at two that share it (both rows ``shared``),
  unless every table has its own copy (``duplicated``);
* in a Howell or a Mitchell two pairs meet at most once, in a complete Howell exactly once;
  in teams, team mates never meet;
* each board set is played the same number of times (a note names the sets that are not);
* the comparison balance: how often two pairs of one field play a board in the same
  direction, as a figure (:class:`Balance`).

Pure: a movement in, a :class:`MovementReport` out.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from bridgecli.movements.model import Movement, Seating


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the checks found."""

    level: str
    """``error`` (the movement is broken) or ``note``."""
    message: str
    """What, naming the round, table and pair where there is one (``round 3, table 2: ...``)."""
    line: int | None = None
    """The file line of the row concerned, when read from a file."""
    round: int | None = None
    """The round concerned, if one."""
    table: int | None = None
    """The table concerned, if one."""
    pairs: tuple[int, ...] = ()
    """The pairs concerned."""

    def to_dict(self) -> dict[str, Any]:
        """``{"level", "message", "line", "round", "table", "pairs"}``."""
        return {"level": self.level, "message": self.message, "line": self.line, "round": self.round,
                "table": self.table, "pairs": list(self.pairs)}


@dataclass(frozen=True, slots=True)
class Balance:
    """How evenly the pairs of a field are compared: for each two pairs of one field, the boards
    on which both sat in the same direction (their scores are compared directly)."""

    pairs: int
    """How many two-pair combinations were counted."""
    least: int
    """The fewest boards on which two pairs are compared."""
    most: int
    """The most."""
    mean: float
    """The mean."""
    figure: float
    """100 × (1 − standard deviation / mean): 100 when every two pairs are compared equally often."""

    def to_dict(self) -> dict[str, Any]:
        """The fields as a dict."""
        return {"pairs": self.pairs, "least": self.least, "most": self.most, "mean": round(self.mean, 2),
                "figure": round(self.figure, 1)}


@dataclass(frozen=True)
class MovementReport:
    """What :func:`check` found in one movement."""

    movement: Movement
    """The movement checked."""
    findings: tuple[Finding, ...]
    """Errors first, then notes, each in the order of the rounds."""
    plays: dict[int, int] = field(default_factory=dict)
    """How often each board set is played (sit-outs not counted)."""
    balance: Balance | None = None
    """The comparison balance (None where no two pairs are ever in one field)."""

    @property
    def errors(self) -> tuple[Finding, ...]:
        """The findings that break the movement."""
        return tuple(f for f in self.findings if f.level == "error")

    @property
    def ok(self) -> bool:
        """No error."""
        return not self.errors

    def to_dict(self) -> dict[str, Any]:
        """The report as ``movement check --json`` writes it."""
        m = self.movement
        return {"movement": m.name, "kind": m.kind, "tables": m.tables, "rounds": m.rounds,
                "ok": self.ok, "findings": [f.to_dict() for f in self.findings],
                "plays": {str(k): v for k, v in sorted(self.plays.items())},
                "balance": self.balance.to_dict() if self.balance else None}


def check(movement: Movement) -> MovementReport:
    """Check ``movement`` (see the module docstring); never raises."""
    errors = _one_place(movement) + _boards_once(movement) + _sets_in_play(movement) + _meetings(movement)
    errors.sort(key=lambda f: (f.round or 0, f.table or 0))
    plays = _plays(movement)
    notes = _uneven(movement, plays)
    return MovementReport(movement, tuple(errors + notes), plays, balance(movement))


def _err(s: Seating, text: str, *pairs: int) -> Finding:
    return Finding("error", f"round {s.round}, table {s.table}: {text}", s.line, s.round, s.table, pairs)


def _one_place(m: Movement) -> list[Finding]:
    out = []
    for r in range(1, m.rounds + 1):
        where: dict[int, Seating] = {}
        for s in m.round(r):
            for p in s.pairs():
                if p in where and p not in m.phantoms:
                    out.append(_err(s, f"pair {p} is also at table {where[p].table} this round", p))
                where.setdefault(p, s)
    return out


def _boards_once(m: Movement) -> list[Finding]:
    out = []
    first: dict[tuple[int, int], Seating] = {}
    for s in m.seatings:
        if not m.played(s):
            continue
        for p in s.pairs():
            before = first.setdefault((p, s.set), s)
            if before is not s:
                out.append(_err(s, f"pair {p} plays board set {s.set} ({_span(m, s.set)}) again"
                                   f" (first in round {before.round} at table {before.table})", p))
    return out


def _sets_in_play(m: Movement) -> list[Finding]:
    if m.duplicated:
        return []
    out = []
    for r in range(1, m.rounds + 1):
        by_set: dict[int, list[Seating]] = defaultdict(list)
        for s in m.round(r):
            by_set[s.set].append(s)
        for number, rows in sorted(by_set.items()):
            if len(rows) == 1 and rows[0].shared:
                out.append(_err(rows[0], f"board set {number} is marked shared but no other table has it",
                                *rows[0].pairs()))
            elif len(rows) == 2 and rows[0].shared and rows[1].shared:
                continue
            elif len(rows) > 1:
                for later in rows[1:]:
                    out.append(_err(later, f"pairs {later.ns} and {later.ew} need board set {number}"
                                           f" ({_span(m, number)}), in play at table {rows[0].table} at the same time",
                                    *later.pairs()))
    return out


def _meetings(m: Movement) -> list[Finding]:
    out = []
    met: dict[frozenset[int], Seating] = {}
    mates = {p: team for team in m.teams for p in team}
    for s in m.seatings:
        a, b = s.ns, s.ew
        if a in mates and b in mates[a]:
            out.append(_err(s, f"pairs {a} and {b} are of one team", a, b))
        if m.kind == "teams":
            continue
        key = frozenset((a, b))
        before = met.setdefault(key, s)
        if before is not s:
            out.append(_err(s, f"pairs {a} and {b} meet again (first in round {before.round}"
                               f" at table {before.table})", a, b))
    if m.kind == "howell" and m.complete:
        everyone = sorted({p for s in m.seatings for p in s.pairs()})
        for a, b in combinations(everyone, 2):
            if frozenset((a, b)) not in met and not (a in m.phantoms and b in m.phantoms):
                out.append(Finding("error", f"pairs {a} and {b} never meet in a complete Howell", m.line, pairs=(a, b)))
    return out


def _plays(m: Movement) -> dict[int, int]:
    counts: Counter[int] = Counter(s.set for s in m.seatings if m.played(s))
    return {n: counts.get(n, 0) for n in m.sets}


def _uneven(m: Movement, plays: dict[int, int]) -> list[Finding]:
    if len(set(plays.values())) <= 1:
        return []
    usual = Counter(plays.values()).most_common(1)[0][0]
    odd = [f"set {n} ({_span(m, n)}) {k} time{'s' if k != 1 else ''}" for n, k in plays.items() if k != usual]
    return [Finding("note", f"boards not played {usual} times like the rest: {', '.join(odd)}", m.line)]


def _span(m: Movement, number: int) -> str:
    boards = m.board_numbers(number)
    return f"board {boards[0]}" if len(boards) == 1 else f"boards {boards[0]}-{boards[-1]}"


def fields(m: Movement) -> list[set[int]]:
    """The pairs ranked together: a pair that sits N-S in every round it plays is in the N-S field,
    always E-W in the E-W field, and a pair that changes (Howell, arrow switch) joins them into one."""
    directions: dict[int, set[str]] = defaultdict(set)
    for s in m.seatings:
        if m.played(s):
            directions[s.ns].add("ns")
            directions[s.ew].add("ew")
    ns = {p for p, d in directions.items() if d == {"ns"}}
    ew = {p for p, d in directions.items() if d == {"ew"}}
    if len(ns) + len(ew) < len(directions):
        return [set(directions)]
    return [f for f in (ns, ew) if f]


def balance(m: Movement) -> Balance | None:
    """The comparison balance of ``m`` (see :class:`Balance`); None when no field has two pairs."""
    direction: dict[tuple[int, int], set[int]] = defaultdict(set)  # (set, 0 ns / 1 ew) -> pairs
    for s in m.seatings:
        if m.played(s):
            direction[(s.set, 0)].add(s.ns)
            direction[(s.set, 1)].add(s.ew)
    together: Counter[frozenset[int]] = Counter()
    for pairs in direction.values():
        for a, b in combinations(sorted(pairs), 2):
            together[frozenset((a, b))] += m.boards_per_round
    counts = [together.get(frozenset(ab), 0) for f in fields(m) for ab in combinations(sorted(f), 2)]
    if not counts:
        return None
    mean = statistics.fmean(counts)
    spread = statistics.pstdev(counts)
    figure = 100.0 * (1 - spread / mean) if mean else 0.0
    return Balance(len(counts), min(counts), max(counts), mean, figure)
