"""The movement model: who sits where with which boards, round by round.

A :class:`Movement` is a list of :class:`Seating` rows (round, table, N-S pair, E-W pair,
board set) and a little metadata. It says nothing of results: a session file can name a
movement (built-in name or path) and read pairs and boards from it.

Pure: no I/O. Building a movement checks its shape (numbers in range, one row a table and
round, rounds 1..R); whether it is a *good* movement is :func:`bridgecli.movements.checks.check`'s
question.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from bridgecli.core.errors import ParseError

KINDS = ("mitchell", "howell", "teams")
"""The kinds of movement: pairs in two fields (Mitchell), pairs all in one field (Howell),
teams (two rooms compared)."""

LIMIT = 200
"""The largest table, round, pair and board-set number a movement may use."""


@dataclass(frozen=True, slots=True)
class Seating:
    """One table in one round: who sits N-S and E-W, and which board set they play."""

    round: int
    """The round, from 1."""
    table: int
    """The table, from 1."""
    ns: int
    """The pair sitting North-South."""
    ew: int
    """The pair sitting East-West."""
    set: int
    """The board set played (set ``s`` holds boards ``(s-1)*B+1 .. s*B`` for B boards a round)."""
    shared: bool = False
    """The set is shared with one other table this round: each plays half the boards, then
    they swap (the other table's row is shared too)."""
    line: int | None = field(default=None, compare=False)
    """The line of a movement file this row was read from (for messages)."""

    def pairs(self) -> tuple[int, int]:
        """``(ns, ew)``."""
        return self.ns, self.ew

    def to_dict(self) -> dict[str, Any]:
        """The row as the file format writes it (without round and table)."""
        out: dict[str, Any] = {"ns": self.ns, "ew": self.ew, "set": self.set}
        if self.shared:
            out["shared"] = True
        return out


@dataclass(frozen=True)
class Movement:
    """A movement: its seatings, round by round, and what a director needs to know of it.

    Raises:
        ParseError: (at construction) a number out of range, a table or round twice, rounds
            not numbered 1..R, a pair against itself, an unknown kind.
    """

    name: str
    """What the movement is called (``howell-4``, ``my club's 5½``)."""
    kind: str
    """``mitchell``, ``howell`` or ``teams`` (:data:`KINDS`)."""
    tables: int
    """How many tables."""
    seatings: tuple[Seating, ...]
    """Every table of every round, by round then table."""
    boards_per_round: int = 2
    """Boards in a set (a round); a printout may ask for another number."""
    phantoms: tuple[int, ...] = ()
    """Pairs that are not there: whoever meets one sits out that round (a half table)."""
    arrow_switch: tuple[int, ...] = ()
    """Rounds whose N-S and E-W pairs swap directions (already so in :attr:`seatings`)."""
    complete: bool = False
    """A Howell where every pair meets every other exactly once."""
    duplicated: bool = False
    """Each table has its own copy of the boards (team round-robins): a set may be in play at
    many tables in one round."""
    teams: tuple[tuple[int, ...], ...] = ()
    """The pairs of each team (teams kind): team mates never meet."""
    description: str = ""
    """A line or two for the director."""
    line: int | None = field(default=None, compare=False)
    """The file line the movement starts on, when read from a file."""
    _by_round: dict[int, tuple[Seating, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ParseError(f"kind is one of {', '.join(KINDS)}, not {self.kind!r}", line=self.line)
        _positive("tables", self.tables, self.line)
        _positive("boards-per-round", self.boards_per_round, self.line)
        rows = sorted(self.seatings, key=lambda s: (s.round, s.table))
        seen: dict[tuple[int, int], Seating] = {}
        for s in rows:
            for what, value in (("round", s.round), ("table", s.table), ("pair", s.ns), ("pair", s.ew),
                                ("set", s.set)):
                _positive(what, value, s.line)
            if s.table > self.tables:
                raise ParseError(f"round {s.round}: table {s.table} in a movement of {self.tables} tables",
                                 line=s.line)
            if s.ns == s.ew:
                raise ParseError(f"round {s.round}, table {s.table}: pair {s.ns} against itself", line=s.line)
            if (s.round, s.table) in seen:
                raise ParseError(f"round {s.round}, table {s.table} given twice", line=s.line)
            seen[(s.round, s.table)] = s
        if not rows:
            raise ParseError("a movement needs at least one round", line=self.line)
        numbers = sorted({s.round for s in rows})
        if numbers != list(range(1, len(numbers) + 1)):
            missing = min(set(range(1, numbers[-1] + 1)) - set(numbers))
            raise ParseError(f"round {missing} is missing (rounds are numbered 1 to {numbers[-1]})", line=self.line)
        for r in self.arrow_switch:
            if r not in numbers:
                raise ParseError(f"arrow-switch round {r} is not a round of the movement", line=self.line)
        object.__setattr__(self, "seatings", tuple(rows))
        by_round: dict[int, list[Seating]] = {}
        for s in rows:
            by_round.setdefault(s.round, []).append(s)
        object.__setattr__(self, "_by_round", {r: tuple(v) for r, v in by_round.items()})

    # -- queries -------------------------------------------------------------

    @property
    def rounds(self) -> int:
        """How many rounds."""
        return self.seatings[-1].round

    @property
    def pairs(self) -> tuple[int, ...]:
        """Every pair number that plays (phantoms left out), in order."""
        return tuple(sorted({p for s in self.seatings for p in s.pairs()} - set(self.phantoms)))

    @property
    def sets(self) -> tuple[int, ...]:
        """Every board set in play, in order."""
        return tuple(sorted({s.set for s in self.seatings}))

    @property
    def boards(self) -> int:
        """The highest board number in play."""
        return max(self.sets) * self.boards_per_round

    def round(self, number: int) -> tuple[Seating, ...]:
        """The tables of round ``number``."""
        return self._by_round.get(number, ())

    def board_numbers(self, set_number: int) -> range:
        """The boards of a set."""
        b = self.boards_per_round
        return range((set_number - 1) * b + 1, set_number * b + 1)

    def sits_out(self, seating: Seating) -> int | None:
        """The pair that sits out at ``seating`` (its opponents are a phantom), or None."""
        if seating.ew in self.phantoms and seating.ns not in self.phantoms:
            return seating.ns
        if seating.ns in self.phantoms and seating.ew not in self.phantoms:
            return seating.ew
        return None

    def played(self, seating: Seating) -> bool:
        """Whether boards are played at ``seating`` (no phantom there)."""
        return seating.ns not in self.phantoms and seating.ew not in self.phantoms

    def of_pair(self, pair: int) -> Iterator[Seating]:
        """The seatings of ``pair``, by round."""
        return (s for s in self.seatings if pair in (s.ns, s.ew))

    def next_place(self, seating: Seating) -> Seating | None:
        """Where the set of ``seating`` is played in the next round (None: not in play then, or the last round).

        With copies at every table (:attr:`duplicated`) the boards stay at their table.
        """
        if self.duplicated:
            return None
        for s in self.round(seating.round + 1):
            if s.set == seating.set:
                return s
        return None

    def with_boards_per_round(self, boards: int) -> Movement:
        """The movement with ``boards`` boards a round."""
        from dataclasses import replace

        return replace(self, boards_per_round=boards)

    def to_dict(self) -> dict[str, Any]:
        """The movement as the file format writes it (:func:`bridgecli.movements.fileformat.dumps`)."""
        out: dict[str, Any] = {"movement": self.name, "kind": self.kind, "tables": self.tables,
                               "rounds": self.rounds, "boards-per-round": self.boards_per_round}
        if self.description:
            out["description"] = self.description
        if self.phantoms:
            out["phantoms"] = list(self.phantoms)
        if self.arrow_switch:
            out["arrow-switch"] = list(self.arrow_switch)
        if self.complete:
            out["complete"] = True
        if self.duplicated:
            out["duplicated"] = True
        if self.teams:
            out["teams"] = [list(t) for t in self.teams]
        out["seatings"] = {r: {s.table: s.to_dict() for s in self.round(r)} for r in range(1, self.rounds + 1)}
        return out


def _positive(what: str, value: object, line: int | None) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= LIMIT:
        raise ParseError(f"{what} is a whole number from 1 to {LIMIT}, not {value!r}", line=line)


def build(name: str, kind: str, tables: int, rows: Iterable[tuple[int, int, int, int, int] | Seating],
          **meta: Any) -> Movement:
    """A :class:`Movement` from rows ``(round, table, ns, ew, set)`` (or seatings) and metadata
    (the other fields of :class:`Movement`)."""
    seatings = tuple(r if isinstance(r, Seating) else Seating(*r) for r in rows)
    return Movement(name, kind, tables, seatings, **meta)


def swapped(rows: Iterable[Seating], rounds: Mapping[int, bool] | Iterable[int]) -> Iterator[Seating]:
    """``rows`` with N-S and E-W swapped in the given rounds (an arrow switch)."""
    chosen = set(rounds)
    for s in rows:
        if s.round in chosen:
            yield Seating(s.round, s.table, s.ew, s.ns, s.set, s.shared, s.line)
        else:
            yield s
