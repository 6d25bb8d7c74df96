"""The built-in movements, by name: the Howells read from the files in ``movements/data/``
(written by tools/movement_tables.py, checked by the tests), the others made by their rule
(:mod:`bridgecli.movements.rules`) for the number of tables asked.

:func:`get` gives one; :data:`BUILTINS` lists them with the table counts each supports.
Every option applies to every movement where it makes sense: fewer rounds, an arrow switch on
chosen rounds, a half table (the highest pair missing), boards a round.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources

from bridgecli.core.errors import ParseError
from bridgecli.movements import fileformat, rules
from bridgecli.movements.model import Movement, swapped


@dataclass(frozen=True)
class Builtin:
    """One built-in movement name."""

    name: str
    """What to type (``howell``, ``mitchell-relay``...)."""
    description: str
    """One line of what it is."""
    tables: tuple[int, ...]
    """The table counts it is made for (for a round-robin: the numbers of teams)."""
    file: str | None = None
    """The data file of each size, ``{n}`` for the number of tables; None: made by its rule."""


BUILTINS: dict[str, Builtin] = {b.name: b for b in (
    Builtin("mitchell", "Mitchell: N-S stay, E-W move up, boards down; an even count skips (as mitchell-skip)",
            tuple(range(3, 41))),
    Builtin("mitchell-skip", "Mitchell for an even count: E-W skip a table after half the rounds (T-1 rounds)",
            tuple(range(4, 41, 2))),
    Builtin("mitchell-relay", "Mitchell for an even count: relay (tables 1 and T share) and a bye stand",
            tuple(range(4, 41, 2))),
    Builtin("howell", "complete Howell: every pair meets every other once", tuple(range(2, 11)), "howell-{n}"),
    Builtin("howell-3q", "3/4 Howell: the first three quarters of the rounds of a Howell", tuple(range(5, 11)),
            "howell-{n}-3q"),
    Builtin("howell-2t", "2/3 Howell: the first two thirds of the rounds of a Howell", tuple(range(5, 11)),
            "howell-{n}-2t"),
    Builtin("howell-3.5", "3½-table Howell: seven pairs, one sits out each round", (4,), "howell-3.5"),
    Builtin("teams", "a two-room teams match (two tables, each stanza's boards shared)", (2,)),
    Builtin("teams-round-robin", "a round-robin of teams, every match at two tables (--teams N)",
            tuple(range(3, 41))),
)}


def names() -> list[str]:
    """The built-in names, in the order of :data:`BUILTINS`."""
    return list(BUILTINS)


@cache
def _file(name: str) -> Movement:
    path = resources.files("bridgecli.movements") / "data" / f"{name}.yaml"
    return fileformat.loads(path.read_text(encoding="utf-8"), f"{name}.yaml")


def get(name: str, tables: int | None = None, *, rounds: int | None = None, arrow_switch: Sequence[int] = (),
        half_table: bool = False, teams: int | None = None, boards_per_round: int | None = None) -> Movement:
    """The built-in movement ``name`` for ``tables`` tables (``teams`` teams for a round-robin).

    Raises:
        ParseError: an unknown name, a table count it is not made for, an option that does not fit.
    """
    b = BUILTINS.get(name.strip().lower())
    if b is None:
        import difflib

        close = difflib.get_close_matches(name, names(), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ParseError(f"no movement file or built-in movement {name!r}{hint}; 'bridgecli movement list' lists"
                         " the built-ins")
    robin = b.name == "teams-round-robin"
    count = teams if robin else tables
    if robin and teams is None:
        raise ParseError("a round-robin needs the number of teams (--teams N)")
    if robin and tables is not None:
        raise ParseError("a round-robin is sized by its teams (--teams N), not by tables")
    if teams is not None and not robin:
        raise ParseError(f"--teams is for teams-round-robin; {b.name} takes --tables")
    if half_table and b.name.startswith("teams"):
        raise ParseError(f"{b.name} has no half table (a round-robin of an odd number of teams has a bye)")
    if b.name == "howell-3.5":
        count = 4 if count is None else count
    if b.name == "teams":
        count = 2 if count is None else count
    if count is None:
        raise ParseError(f"{b.name} needs the number of tables (--tables N)")
    if count not in b.tables:
        what = "teams" if b.name == "teams-round-robin" else "tables"
        raise ParseError(f"{b.name} is made for {_span(b.tables)} {what}, not {count}")
    if b.file is not None:
        movement = _file(b.file.format(n=count))
        if half_table and not movement.phantoms:
            movement = replace(movement, phantoms=(2 * count,), name=f"{movement.name}-half",
                               description=movement.description.replace(f"{count} tables", f"{count - 1}½ tables"))
        if rounds is not None:
            movement = first_rounds(movement, rounds)
    elif b.name.startswith("mitchell"):
        fix = b.name.partition("-")[2] or None
        movement = rules.mitchell(count, fix=fix, rounds=rounds, half_table=half_table)
    elif b.name == "teams":
        movement = rules.teams_match(rounds if rounds is not None else 2)
    else:
        movement = rules.teams_round_robin(count)
        if rounds is not None:
            movement = first_rounds(movement, rounds)
    return _arranged(movement, arrow_switch, boards_per_round)


def _arranged(movement: Movement, arrow_switch: Sequence[int], boards_per_round: int | None) -> Movement:
    """``movement`` with the arrow switched in ``arrow_switch``'s rounds and ``boards_per_round``
    boards a round, when given (what :func:`get` and :func:`find` do last)."""
    if arrow_switch:
        movement = with_arrow_switch(movement, arrow_switch)
    if boards_per_round is not None:
        movement = movement.with_boards_per_round(boards_per_round)
    return movement


def _span(numbers: tuple[int, ...]) -> str:
    if len(numbers) == 1:
        return str(numbers[0])
    step = numbers[1] - numbers[0]
    return f"{numbers[0]} to {numbers[-1]}" + (" (even)" if step == 2 else "")


def first_rounds(movement: Movement, rounds: int) -> Movement:
    """The first ``rounds`` rounds of ``movement`` (a shortened movement: no longer complete).

    Raises:
        ParseError: more rounds than it has, or fewer than one.
    """
    if not 1 <= rounds <= movement.rounds:
        raise ParseError(f"{movement.name} has 1 to {movement.rounds} rounds, not {rounds}")
    if rounds == movement.rounds:
        return movement
    kept = tuple(s for s in movement.seatings if s.round <= rounds)
    return replace(movement, seatings=kept, complete=False,
                   arrow_switch=tuple(r for r in movement.arrow_switch if r <= rounds),
                   description=f"{movement.description}; first {rounds} rounds")


def with_arrow_switch(movement: Movement, rounds: Sequence[int]) -> Movement:
    """``movement`` with N-S and E-W swapped at every table in ``rounds`` (for one winner).

    Raises:
        ParseError: a round the movement does not have.
    """
    for r in rounds:
        if not 1 <= r <= movement.rounds:
            raise ParseError(f"arrow-switch round {r}: {movement.name} has rounds 1 to {movement.rounds}")
    chosen = set(rounds)
    switched = tuple(sorted(set(movement.arrow_switch) ^ chosen))
    return replace(movement, seatings=tuple(swapped(movement.seatings, chosen)), arrow_switch=switched)


def find(spec: str, tables: int | None = None, *, teams: int | None = None, rounds: int | None = None,
         arrow_switch: Sequence[int] = (), half_table: bool = False, boards_per_round: int | None = None,
         read: Callable[[str], tuple[str, str]] | None = None) -> tuple[Movement, str]:
    """The movement ``spec`` names: a built-in name (:func:`get`, with every option), else a movement
    file (a path, ``-`` for stdin) read with ``read`` (:func:`bridgecli.formats.inputs.read_text` by default),
    with ``rounds``, ``arrow_switch`` and ``boards_per_round`` applied. This is how a session file
    refers to its movement, by name or by path.

    Returns:
        ``(movement, source)``: the movement and the name its errors go under (the file's, or the
        built-in's name).

    Raises:
        ParseError: an unknown name that is no file either, a file that is not a movement file,
            ``tables``/``teams``/``half_table`` given for a file (the file says them), an option
            that does not fit.
        OSError: a file that cannot be read.
    """
    import os

    if spec != "-" and spec.strip().lower() in BUILTINS:
        return get(spec, tables, rounds=rounds, arrow_switch=arrow_switch, half_table=half_table, teams=teams,
                   boards_per_round=boards_per_round), spec
    if spec != "-" and not os.path.lexists(spec) and not spec.endswith((".yaml", ".yml")):
        get(spec)  # neither: the error of an unknown name, with the nearest built-in
    if tables is not None or teams is not None or half_table:
        raise ParseError("--tables, --teams and --half-table are for built-in movements:"
                         " a movement file says its tables and missing pairs")
    if read is None:
        from bridgecli.formats.inputs import read_text

        read = read_text
    text, source = read(spec)
    movement = fileformat.loads(text, source)
    if rounds is not None:
        movement = first_rounds(movement, rounds)
    return _arranged(movement, arrow_switch, boards_per_round), source
