"""Write the built-in Howell movements (bridgecli/movements/data/howell-*.yaml).

Run from the repository root: ``python tools/movement_tables.py``. The files are data; this
tool is how they were made, and says why each is as it is:

* the pairs of every Howell follow the cyclic rule (pair 2n stays at table 1, pair r+k meets
  pair r-k at table k+1 in round r): the published Howell tables have this form;
* the board sets: a fixed shift per table (``rules.howell_shifts``) where one exists (4 and
  6-10 tables; the 4-table one found first is the published 8-1 2-7 3-6 5-4 with sets 1 3 5 2),
  else a search of set assignments in which each pair plays each set at most once, with as few
  sets and then as few shared sets (two tables playing one set, swapping halves) as can be
  (2, 3 and 5 tables: 3 tables need a sixth set, so their boards are not all played equally);
* the directions at each table (who sits N-S): the choice, of those tried, with the best
  comparison balance (``checks.balance``);
* the shortened Howells (3/4 and 2/3 of the rounds, 5 to 10 tables) are the first rounds of
  the cyclic pairing, with as many board sets as rounds, each set played once at every table
  (a shift per table modulo the rounds, found by a search); where no such shifts exist, the
  first rounds of a complete one, whose boards are then not all played equally often (for 5
  tables, whose complete Howell has no fixed shift either: the first rounds of the searched one);
* the 3½-table Howell is the 4-table one with pair 8 missing (its opponent sits out at table 1).

Every file written passes ``bridgecli movement check`` (tests/movements/ checks them all).
"""

from __future__ import annotations

import itertools
import math
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridgecli.movements import checks, fileformat, rules
from bridgecli.movements.model import Movement, Seating, build

DATA = ROOT / "bridgecli" / "movements" / "data"


def _pairs(n: int, r: int, k: int) -> tuple[int, int]:
    """The pairs (0-based, 2n-1 for the stationary one) of table k+1 in round r, before directions."""
    m = 2 * n - 1
    if k == 0:
        return m, r
    return (r + k) % m, (r - k) % m


def _place(n: int, slots: list[tuple[int, int]], i: int, count: int, allowed: int, shares: int,
           sets: list[list[int]], played: set[tuple[int, int]]) -> bool:
    """Fill ``sets`` from slot ``i`` on (backtracking): each pair plays each of ``count`` sets at most
    once, a set is at two tables of a round at most, and at most ``allowed`` such shares in all."""
    if i == len(slots):
        return True
    r, k = slots[i]
    a, b = _pairs(n, r, k)
    in_round = Counter(sets[r][:k])
    for s in range(count):
        if (a, s) in played or (b, s) in played or in_round[s] >= 2 or shares + in_round[s] > allowed:
            continue
        sets[r][k] = s
        played.update(((a, s), (b, s)))
        if _place(n, slots, i + 1, count, allowed, shares + in_round[s], sets, played):
            return True
        played.difference_update(((a, s), (b, s)))
    sets[r][k] = -1
    return False


def searched_sets(n: int) -> tuple[list[list[int]], list[list[int]]]:
    """Board sets for each round and table of the cyclic pairing of n tables, each pair playing each
    set at most once (once each where there are 2n-1 sets), with as few sets, then as few shared
    sets, as can be; and the tables that share in each round."""
    m = 2 * n - 1
    slots = [(r, k) for r in range(m) for k in range(n)]
    for count in range(m, 2 * m):
        for allowed in range(m * n):
            sets = [[-1] * n for _ in range(m)]
            if _place(n, slots, 0, count, allowed, 0, sets, set()):
                shared = [[k + 1 for k in range(n) if Counter(sets[r])[sets[r][k]] == 2] for r in range(m)]
                return sets, shared
    raise SystemExit(f"no assignment for {n} tables")


def from_sets(n: int, sets: list[list[int]], shared: list[list[int]], directions: tuple[bool, ...],
              rounds: int, name: str, half: bool = False) -> Movement:
    m = 2 * n - 1
    rows = []
    for r in range(rounds):
        for k in range(n):
            a, b = _pairs(n, r, k)
            ns, ew = (a, b) if k == 0 or directions[k - 1] else (b, a)
            rows.append(Seating(r + 1, k + 1, ns + 1, ew + 1, sets[r][k] + 1, k + 1 in shared[r]))
    table_word = f"{n - 1}½" if half else str(n)
    return build(name, "howell", n, rows, complete=rounds == m, phantoms=(2 * n,) if half else (),
                 description=f"Howell, {table_word} tables, {rounds} of {m} rounds")


def best_directions(n: int, make) -> Movement:
    """The movement ``make(directions)`` with the best balance: every choice up to 6 tables, else a
    climb from all N-S flipping one table at a time."""
    def score(m: Movement) -> float:
        b = checks.balance(m)
        return b.figure if b else 0.0

    if n <= 6:
        options = [make(d) for d in itertools.product((True, False), repeat=n - 1)]
        return max(options, key=score)
    current = tuple([True] * (n - 1))
    best = make(current)
    improved = True
    while improved:
        improved = False
        for i in range(n - 1):
            trial = current[:i] + (not current[i],) + current[i + 1:]
            m = make(trial)
            if score(m) > score(best) + 1e-9:
                best, current, improved = m, trial, True
    return best


def complete(n: int) -> Movement:
    m = 2 * n - 1
    shifts = list(itertools.islice(rules.howell_shifts(n), 12 if n <= 6 else 4))
    if shifts:
        candidates = []
        for s in shifts:
            sets = [[(r + x) % m for x in s] for r in range(m)]
            candidates.append(best_directions(n, lambda d, sets=sets: from_sets(n, sets, [[]] * m, d, m, f"howell-{n}")))
        return max(candidates, key=lambda mv: checks.balance(mv).figure)  # type: ignore[union-attr]
    sets, shared = searched_sets(n)
    return best_directions(n, lambda d: from_sets(n, sets, shared, d, m, f"howell-{n}"))


def shortened(n: int, rounds: int, name: str, full: Movement | None = None) -> Movement:
    """The first ``rounds`` rounds of the cyclic pairing, with ``rounds`` board sets: table k+1 plays
    set ``r + s_k`` modulo ``rounds`` (so each set is played at every table once), the shifts
    ``s_k`` found by a search in which no pair meets a set twice. ``full`` is the complete Howell
    of ``n`` tables (made when not given) for the last resort (see below)."""
    m = 2 * n - 1

    def extend(chosen: list[int], played: set[tuple[int, int]]) -> list[int] | None:
        k = len(chosen)
        if k == n:
            return chosen
        for s in range(rounds):
            if s in chosen:
                continue
            new = set()
            for r in range(rounds):
                a, b = _pairs(n, r, k)
                new.update(((a, (r + s) % rounds), (b, (r + s) % rounds)))
            if len(new) == 2 * rounds and not new & played:
                found = extend([*chosen, s], played | new)
                if found is not None:
                    return found
        return None

    shifts = extend([], set())
    if shifts is not None:
        sets = [[(r + x) % rounds for x in shifts] for r in range(rounds)]
        return best_directions(n, lambda d: from_sets(n, sets, [[]] * m, d, rounds, name))
    # none: the first rounds of a complete one, the shifts that play the boards most evenly
    best = None
    for s in itertools.islice(rules.howell_shifts(n), 10):
        sets = [[(r + x) % m for x in s] for r in range(m)]
        mv = best_directions(n, lambda d, sets=sets: from_sets(n, sets, [[]] * m, d, rounds, name))
        plays = Counter(x.set for x in mv.seatings)
        key = (max(plays.values()) - min(plays.values()), -checks.balance(mv).figure)  # type: ignore[union-attr]
        if best is None or key < best[0]:
            best = (key, mv)
    if best is not None:
        return best[1]
    # no fixed shift either (5 tables): the first rounds of the complete one found by the search
    rows = [x for x in (full or complete(n)).seatings if x.round <= rounds]
    return build(name, "howell", n, rows, complete=False, description=f"Howell, {n} tables, {rounds} of {m} rounds")


def main() -> None:
    DATA.mkdir(exist_ok=True)
    written = {}
    for n in range(2, 11):
        written[f"howell-{n}"] = complete(n)
    for n in range(5, 11):
        m = 2 * n - 1
        full = written[f"howell-{n}"]
        written[f"howell-{n}-3q"] = shortened(n, math.ceil(3 * m / 4), f"howell-{n}-3q", full)
        written[f"howell-{n}-2t"] = shortened(n, math.ceil(2 * m / 3), f"howell-{n}-2t", full)
    four = written["howell-4"]
    written["howell-3.5"] = build("howell-3.5", "howell", 4, four.seatings, complete=True, phantoms=(8,),
                                  description="Howell, 3½ tables, 7 rounds, pair 8 missing (one pair sits out)")
    for name, mv in written.items():
        report = checks.check(mv)
        if not report.ok:
            raise SystemExit(f"{name}: {report.errors[0].message}")
        head = (f"# {mv.description}.\n# Written by tools/movement_tables.py (the cyclic Howell, checked by"
                f" bridgecli movement check);\n# balance {report.balance.figure:.1f}.\n")  # type: ignore[union-attr]
        (DATA / f"{name}.yaml").write_text(head + fileformat.dumps(mv), encoding="utf-8")
        print(name, mv.rounds, "rounds, balance", round(report.balance.figure, 1),  # type: ignore[union-attr]
              [f.message for f in report.findings])


if __name__ == "__main__":
    main()
