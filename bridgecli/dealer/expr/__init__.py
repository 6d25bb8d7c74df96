"""The condition language of the classic C ``dealer``, compiled to batch functions.

An expression such as ``hcp(north) >= 15 && shape(north, any 4333 + any 4432)``
is tokenized, parsed (C precedence: ``?:``, ``||``, ``&&``, ``== !=``,
``< <= > >=``, ``+ -``, ``* / %``, unary ``! - not``) and compiled into a
function that takes a :class:`Hands` view of a whole batch and returns one
integer per deal. Integers follow C: division truncates toward zero and
``%`` takes the sign of the dividend; comparisons and logic give 0 or 1.
Division or remainder by zero gives 0 (the C program would crash).

Functions (seats ``north``/``n`` ..., suits ``spades``/``s`` ...; names as
in dealer's manual, singular and plural forms alike):

* ``hcp(seat[, suit])``, ``spades(seat)`` .. ``clubs(seat)``;
* ``control(seat[, suit])`` (A 2, K 1), ``loser(seat[, suit])``;
* ``quality(seat, suit)``, ``cccc(seat)`` (Kaplan-Rubens, times 100);
* ``pt0``..``pt9(seat[, suit])`` and their names ``tens jacks queens kings
  aces top2 top3 top4 top5 c13``;
* ``shape(seat, any 4333 + 5xxx - any 0xxx)``, ``hascard(seat, AS)``;
* ``score(vul|nv, x3N, tricks)``, ``imps(difference)``;
* ``tricks(seat, strain)``: double-dummy tricks (needs the DDS solver of
  ``bridgecli[dds]``); ``a && tricks(...)`` solves only the deals where
  ``a`` holds.

The language is read in :mod:`.parser` (tokens, names, syntax tree) and compiled in
:mod:`.compiler` (batch functions over :class:`Hands`); the names below are its API.
"""

from __future__ import annotations

from .compiler import MAX_DEPTH, Compiled, Compiler, Fn, Hands, Truth, Value, all_of, compile_conditions, dd_tables
from .parser import (
    FUNCTIONS,
    MAX_NESTING,
    MAX_NUMBER,
    SEAT_NAMES,
    SUIT_NAMES,
    Binary,
    Call,
    Cond,
    Name,
    Node,
    Num,
    Parser,
    Token,
    Unary,
    caret,
    number_value,
    parse,
    tokenize,
)

__all__ = [
    "FUNCTIONS", "MAX_DEPTH", "MAX_NESTING", "MAX_NUMBER", "SEAT_NAMES", "SUIT_NAMES", "Binary", "Call", "Compiled",
    "Compiler", "Cond", "Fn", "Hands", "Name", "Node", "Num", "Parser", "Token", "Truth", "Unary", "Value", "all_of",
    "caret", "compile_conditions", "dd_tables", "number_value", "parse", "tokenize",
]
