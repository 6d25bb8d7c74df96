"""Movements for a duplicate evening: who sits where, with which boards, round by round.

* :mod:`.model`: :class:`Movement` and :class:`Seating`, the data;
* :mod:`.fileformat`: the movement file (YAML) a director writes or extends: :func:`loads`,
  :func:`dumps`;
* :mod:`.checks`: :func:`check`, the rules every movement must keep, and the comparison balance;
* :mod:`.rules`: movements made by a rule (Mitchell and its fixes, cyclic Howell, teams);
* :mod:`.builtins`: the built-in movements by name (:func:`get`), the Howells read from files.

Pure: no printing; files are read as text by the caller (built-ins from the package's data).
A session file can refer to a movement by built-in name or by path: :func:`find` resolves both.
``bridgecli`` itself exports ``Movement``, ``Seating``, ``MovementReport``, ``find_movement``
(:func:`find`) and ``check_movement`` (:func:`check`).
"""

from __future__ import annotations

from bridgecli.movements.builtins import BUILTINS as BUILTINS
from bridgecli.movements.builtins import find as find
from bridgecli.movements.builtins import find as find_movement
from bridgecli.movements.builtins import first_rounds as first_rounds
from bridgecli.movements.builtins import get as get
from bridgecli.movements.builtins import names as names
from bridgecli.movements.builtins import with_arrow_switch as with_arrow_switch
from bridgecli.movements.checks import MovementReport as MovementReport
from bridgecli.movements.checks import check as check
from bridgecli.movements.checks import check as check_movement
from bridgecli.movements.fileformat import dump as dump
from bridgecli.movements.fileformat import dumps as dumps
from bridgecli.movements.fileformat import load as load
from bridgecli.movements.fileformat import loads as loads
from bridgecli.movements.model import Movement as Movement
from bridgecli.movements.model import Seating as Seating


def is_builtin(name: str) -> bool:
    """Whether ``name`` is a built-in movement's name (not a file)."""
    return name.strip().lower() in BUILTINS


__all__ = ["BUILTINS", "Movement", "MovementReport", "Seating", "check", "check_movement", "dump", "dumps", "find",
           "find_movement", "first_rounds", "get", "is_builtin", "load", "loads", "names", "with_arrow_switch"]
