"""Compiling the condition language: syntax trees to functions over a whole batch of deals.

:class:`Compiler` turns a tree of :mod:`.parser` into a :class:`Compiled`, a function
that takes a :class:`Hands` view of a batch and gives one integer per deal (or one for
all, when the value does not depend on the deal). The per-suit measures are looked up
in the 8192-entry tables of :mod:`bridgecli.dealer.tables`, sub-expressions are kept on
the batch (``Hands.memo``) and double-dummy tricks are solved only where they decide.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from bridgecli.core.errors import ParseError

from .. import tables
from .parser import FUNCTIONS, Binary, Call, Cond, Name, Node, Num, Unary, parse

Value = int | npt.NDArray[np.int64]
"""What an expression gives: one integer for all deals, or one per deal."""

#: Deepest an expression may go once the variables it names are put in its place (each
#: level a step of compiling and of evaluating: deeper, Python's stack ran out and the
#: error named no place).
MAX_DEPTH = 400


class Hands:
    """A batch seen by compiled expressions: suit holdings per seat, computed on demand."""

    def __init__(self, owner: npt.NDArray[np.uint8] | None,
                 hands: Mapping[int, npt.NDArray[np.uint64]] | None = None) -> None:
        self.owner = owner
        """``(52, n)`` seat of each card, or None when only ``hands`` are known."""
        self.hands = hands or {}
        """Cards of some seats as 52-bit masks (bit = card index), one per deal."""
        if owner is not None:
            self.n = owner.shape[1]
            """Deals in the batch."""
        else:
            self.n = len(next(iter(self.hands.values()))) if self.hands else 0
        self._masks: dict[int, npt.NDArray[np.intp]] = {}
        self.memo: dict[str, Value] = {}
        """Values of sub-expressions already computed on this batch."""

    def subset(self, rows: npt.NDArray[np.intp]) -> Hands:
        """The deals at ``rows`` as a batch of their own."""
        owner = None if self.owner is None else np.ascontiguousarray(self.owner[:, rows])
        return Hands(owner, {seat: bits[rows] for seat, bits in self.hands.items()})

    def masks(self, seat: int) -> npt.NDArray[np.intp]:
        """``(4, n)`` 13-bit holdings of ``seat`` in clubs, diamonds, hearts, spades (as indices: the
        tables are looked up with them, and numpy converts any other index type first)."""
        got = self._masks.get(seat)
        if got is None and seat in self.hands:
            bits = self.hands[seat]
            got = np.empty((4, self.n), dtype=np.intp)
            part = np.empty(self.n, dtype=np.uint64)
            for suit in range(4):
                np.right_shift(bits, np.uint64(13 * suit), out=part)
                np.bitwise_and(part, np.uint64(0x1FFF), out=part)
                got[suit] = part
            self._masks[seat] = got
        if got is None:
            if self.owner is None:
                raise KeyError(f"seat {seat} is not dealt in this batch")
            held = (self.owner == seat).view(np.uint8)
            got = np.empty((4, self.n), dtype=np.intp)
            for suit in range(4):
                acc = held[13 * suit].astype(np.uint16)
                for r in range(1, 13):
                    acc |= held[13 * suit + r].astype(np.uint16) << r
                got[suit] = acc
            self._masks[seat] = got
        return got


Fn = Callable[[Hands], Value]
Truth = Callable[[Hands], Any]
"""``Hands -> bools``: one bool per deal (an array), or one for all."""


class Compiled:
    """A compiled expression: the batch function and the seats it looks at."""

    __slots__ = ("const", "costly", "fn", "seats", "truth")

    def __init__(self, fn: Fn, seats: frozenset[int], const: int | None = None, costly: bool = False,
                 truth: Truth | None = None) -> None:
        self.fn = fn
        """``Hands -> Value``."""
        self.truth = truth
        """``Hands -> bools``: whether the value is non-zero, for expressions where that costs less than
        the value itself (comparisons, logic, shapes); None: ``value != 0``."""
        self.seats = seats
        """Seats whose cards the value depends on."""
        self.const = const
        """The value when it does not depend on the deal."""
        self.costly = costly
        """True when the value needs double-dummy solving (evaluated on as few deals as possible)."""

    def __call__(self, hands: Hands) -> Value:
        return self.fn(hands)

    def values(self, hands: Hands) -> npt.NDArray[np.int64]:
        """One integer per deal."""
        v = self.fn(hands)
        return np.broadcast_to(np.asarray(v, dtype=np.int64), (hands.n,))

    def test(self, hands: Hands) -> npt.NDArray[np.bool_]:
        """True for the deals where the value is non-zero."""
        v = self.truth(hands) if self.truth is not None else self.fn(hands)
        if isinstance(v, np.ndarray):
            if v.dtype == np.bool_:
                return cast("npt.NDArray[np.bool_]", v)
            hit: npt.NDArray[np.bool_] = v != 0
            return hit
        return np.full(hands.n, bool(v))


def _truth_of(c: Compiled) -> Truth:
    """Whether ``c``'s value is non-zero, as bools (or one bool)."""
    if c.truth is not None:
        return c.truth
    fc = c.fn
    return lambda h: np.asarray(fc(h)) != 0


def _c_div(a: Value, b: Value) -> Value:
    if isinstance(a, int) and isinstance(b, int):
        if b == 0:
            return 0
        q = abs(a) // abs(b)
        return -q if (a < 0) != (b < 0) else q
    an, bn = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    safe = np.where(bn == 0, 1, bn)
    mag = np.abs(an) // np.abs(safe)
    signed = np.where((an < 0) != (safe < 0), -mag, mag)
    out: npt.NDArray[np.int64] = np.where(bn == 0, 0, signed).astype(np.int64)
    return out


def _c_mod(a: Value, b: Value) -> Value:
    q = _c_div(a, b)
    if isinstance(a, int) and isinstance(b, int):
        return 0 if b == 0 else a - q * b
    r = np.asarray(a, dtype=np.int64) - np.asarray(q) * np.asarray(b, dtype=np.int64)
    return np.where(np.asarray(b) == 0, 0, r)


def _truth(v: Value) -> Value:
    return int(v != 0) if isinstance(v, int) else (v != 0).astype(np.int64)


_BINOPS: MappingProxyType[str, Callable[[Value, Value], Value]] = MappingProxyType({
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": _c_div,
    "%": _c_mod,
})
_CMPOPS: MappingProxyType[str, Callable[[Value, Value], object]] = MappingProxyType({
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
})


def _as_int(v: object) -> Value:
    if isinstance(v, np.ndarray):
        return v.astype(np.int64)
    return int(v)  # type: ignore[call-overload,no-any-return]


class Compiler:
    """Compiles syntax trees against point-count tables and named variables.

    ``pointcount`` (ace first) changes ``hcp``; ``altcounts`` maps 0..9 to
    replacement weights of ``pt0``..``pt9``. ``variables`` holds the
    definitions of a script (``name = expression``).
    """

    def __init__(self, pointcount: Sequence[int] = tables.DEFAULT_POINTCOUNT,
                 altcounts: Mapping[int, Sequence[int]] | None = None,
                 variables: dict[str, Node] | None = None) -> None:
        self.pointcount = tuple(pointcount)
        self.altcounts = {i: tuple(w) for i, (_n, w) in enumerate(tables.DEFAULT_ALTCOUNTS)}
        self.altcounts.update({k: tuple(v) for k, v in (altcounts or {}).items()})
        self.variables = dict(variables or {})
        self._tables: dict[str, npt.NDArray[np.int64]] = {}
        self._compiled_vars: dict[str, Compiled] = {}
        self._compiling: set[str] = set()
        self._depth = 0  # of the node being compiled, variables put in place
        self._reach = 0  # the deepest level reached (by a variable's definition compiled before too)
        self._heights: dict[str, int] = {}  # levels each compiled variable's definition goes down

    def table(self, name: str) -> npt.NDArray[np.int64]:
        """The 8192-entry table of a per-suit measure (computed once)."""
        got = self._tables.get(name)
        if got is None:
            if name == "length":
                got = tables.length_table()
            elif name == "hcp":
                got = tables.count_table(self.pointcount)
            elif name.startswith("alt"):
                got = tables.count_table(self.altcounts[int(name[3:])])
            elif name == "control":
                got = tables.control_table()
            elif name == "loser":
                got = tables.loser_table()
            elif name == "quality":
                got = tables.quality_table()
            elif name == "cccc":
                got = tables.cccc_suit_table()
            elif name == "shapepoints":
                got = tables.shape_points_table()
            else:
                raise KeyError(name)
            self._tables[name] = got
        return got

    def compile(self, node: Node) -> Compiled:
        """Compile ``node``. Raises ParseError for a variable defined through itself, or an
        expression deeper than MAX_DEPTH once its variables are put in place."""
        self._depth += 1
        try:
            self._deeper(node, self._depth)
            if isinstance(node, Num):
                v = node.value
                return Compiled(lambda h: v, frozenset(), v)
            if isinstance(node, Name):
                return self._variable(node)
            if isinstance(node, Unary):
                assert node.operand is not None
                x = self.compile(node.operand)
                if node.op == "-":
                    if x.const is not None:
                        c = -x.const
                        return Compiled(lambda h: c, frozenset(), c)
                    fx = x.fn
                    return Compiled(lambda h: -fx(h), x.seats, costly=x.costly)
                if x.const is not None:
                    c = int(x.const == 0)
                    return Compiled(lambda h: c, frozenset(), c)
                fx = x.fn
                return Compiled(lambda h: _as_int(fx(h) == 0), x.seats, costly=x.costly)
            if isinstance(node, Binary):
                assert node.left is not None and node.right is not None
                return self._binary(node.op, self.compile(node.left), self.compile(node.right))
            if isinstance(node, Cond):
                assert node.test is not None and node.then is not None and node.other is not None
                t, a, b = self.compile(node.test), self.compile(node.then), self.compile(node.other)
                if t.const is not None:
                    return a if t.const else b
                ft, fa, fb = t.fn, a.fn, b.fn

                def cond(h: Hands) -> Value:
                    return np.where(np.asarray(ft(h)) != 0, fa(h), fb(h)).astype(np.int64)

                return Compiled(cond, t.seats | a.seats | b.seats, costly=t.costly or a.costly or b.costly)
            if isinstance(node, Call):
                return self._call(node)
            raise TypeError(f"not an expression node: {node!r}")
        finally:
            self._depth -= 1

    def _deeper(self, node: Node, depth: int) -> None:
        """Note that compiling ``node`` reaches ``depth``; raise ParseError past MAX_DEPTH."""
        if depth > MAX_DEPTH:
            t = node.token
            raise ParseError(f"expression too deep once its variables are put in place (more than "
                             f"{MAX_DEPTH} levels)", line=t.line, column=t.column)
        self._reach = max(self._reach, depth)

    def _variable(self, node: Name) -> Compiled:
        name = node.name
        got = self._compiled_vars.get(name)
        if got is not None:
            self._deeper(node, self._depth + self._heights[name])
            return got
        if name in self._compiling:
            raise ParseError(f"variable {name!r} is defined through itself", line=node.token.line,
                             column=node.token.column)
        definition = self.variables.get(name)
        if definition is None:
            known = ", ".join(sorted(set(FUNCTIONS) | set(self.variables)))
            raise ParseError(f"unknown name {name!r} (known: {known})", line=node.token.line,
                             column=node.token.column)
        self._compiling.add(name)
        reach, self._reach = self._reach, self._depth
        try:
            inner = self.compile(definition)
        finally:
            self._compiling.discard(name)
        self._heights[name] = self._reach - self._depth
        self._reach = max(reach, self._reach)
        key = f"var:{name}"
        fi = inner.fn

        def var(h: Hands) -> Value:
            got = h.memo.get(key)
            if got is None:
                got = fi(h)
                h.memo[key] = got
            return got

        compiled = inner if inner.const is not None else Compiled(var, inner.seats, costly=inner.costly)
        self._compiled_vars[name] = compiled
        return compiled

    def _binary(self, op: str, a: Compiled, b: Compiled) -> Compiled:
        seats = a.seats | b.seats
        costly = a.costly or b.costly
        if op in ("&&", "||") and costly and not (a.costly and b.costly):
            return _lazy_logic(op, b if a.costly else a, a if a.costly else b)
        fa, fb = a.fn, b.fn
        truth: Truth | None = None
        if op in ("&&", "||"):
            # on bools: a comparison, a shape or another && gives them without an int64 array
            ta, tb = _truth_of(a), _truth_of(b)
            if op == "&&":
                def truth(h: Hands) -> Any:
                    return ta(h) & tb(h)
            else:
                def truth(h: Hands) -> Any:
                    return ta(h) | tb(h)
        elif op in _CMPOPS:
            cmp = _CMPOPS[op]

            def truth(h: Hands) -> Any:
                return cmp(fa(h), fb(h))
        else:
            arith = _BINOPS[op]

            def f(h: Hands) -> Value:
                return arith(fa(h), fb(h))
        if truth is not None:
            t = truth

            def f(h: Hands) -> Value:
                return _as_int(t(h))
        if a.const is not None and b.const is not None:
            c = f(Hands(np.zeros((52, 0), dtype=np.uint8)))
            if isinstance(c, int) and not -(2**63) <= c < 2**63:
                raise ParseError(f"a constant out of range: {c:.3g} (64-bit integers)")
            ci = int(np.asarray(c))
            return Compiled(lambda h: ci, frozenset(), ci)
        return Compiled(f, seats, costly=costly, truth=truth)

    def _call(self, node: Call) -> Compiled:
        func, seat, suit = node.func, node.seat, node.suit
        seats = frozenset([seat]) if seat >= 0 else frozenset()
        key = f"{func}:{seat}:{suit}:{node.extra if func in ('alt',) else ''}"
        if func == "shape":
            shape_ok = np.asarray(node.extra, dtype=bool)
            length = self.table("length").astype(np.int16)  # the index fits: 13 * 196 + 13 * 14 + 13

            def fits(h: Hands) -> npt.NDArray[np.bool_]:
                m = h.masks(seat)
                idx = length[m[3]] * np.int16(196)
                idx += length[m[2]] * np.int16(14)
                idx += length[m[1]]
                out: npt.NDArray[np.bool_] = shape_ok[idx]
                return out

            def shape(h: Hands) -> Value:
                out: npt.NDArray[np.int64] = fits(h).astype(np.int64)
                return out

            return Compiled(shape, seats, truth=fits)
        if func == "hascard":
            card = int(node.extra)  # type: ignore[call-overload]

            suit_of, bit = card // 13, card % 13

            def hascard(h: Hands) -> Value:
                out: npt.NDArray[np.int64] = ((h.masks(seat)[suit_of] >> bit) & 1).astype(np.int64)
                return out

            return Compiled(hascard, seats)
        if func == "imps":
            x = self.compile(node.args[0])
            fx = x.fn
            if x.const is not None:
                c = int(tables.imps(x.const))
                return Compiled(lambda h: c, frozenset(), c)
            return Compiled(lambda h: tables.imps(fx(h)), x.seats, costly=x.costly)
        if func == "score":
            vul, level, strain = cast("tuple[bool, int, int]", node.extra)
            x = self.compile(node.args[0])
            fx = x.fn
            if x.const is not None:
                c = int(tables.score(vul, level, strain, x.const))
                return Compiled(lambda h: c, frozenset(), c)
            return Compiled(lambda h: tables.score(vul, level, strain, fx(h)), x.seats, costly=x.costly)
        if func == "tricks":
            return self._tricks(node)
        if func == "cccc":
            suit_part, shape_part = self.table("cccc"), self.table("shapepoints")

            def cccc(h: Hands) -> Value:
                m = h.masks(seat)
                total: npt.NDArray[np.int64] = suit_part[m].sum(axis=0)
                return total + tables.cccc_shape(shape_part[m].sum(axis=0))

            return Compiled(self._memo(key, cccc), seats)
        name = {"length": "length", "hcp": "hcp", "control": "control", "loser": "loser",
                "quality": "quality"}.get(func) or f"alt{node.extra}"
        table = self.table(name)
        if suit >= 0:
            def per_suit(h: Hands) -> Value:
                out: npt.NDArray[np.int64] = table[h.masks(seat)[suit]]
                return out

            return Compiled(self._memo(key, per_suit), seats)

        def whole(h: Hands) -> Value:
            m = h.masks(seat)
            out: npt.NDArray[np.int64] = table[m[0]]
            out += table[m[1]]
            out += table[m[2]]
            out += table[m[3]]
            return out

        return Compiled(self._memo(key, whole), seats)

    def _tricks(self, node: Call) -> Compiled:
        """``tricks(seat, strain)``: double-dummy tricks, all 20 of a deal solved at once and kept."""
        from bridgecli.solver import dds

        if not dds.available():
            raise ParseError("tricks() needs the DDS solver: pip install 'bridgecli[dds]'",
                             line=node.token.line, column=node.token.column)
        seat, strain = node.seat, node.suit

        def tricks(h: Hands) -> Value:
            table = h.memo.get("dd")
            if table is None:
                table = dd_tables(h)
                h.memo["dd"] = table
            out: npt.NDArray[np.int64] = np.asarray(table)[:, seat, strain]
            return out

        return Compiled(tricks, frozenset(range(4)), costly=True)

    @staticmethod
    def _memo(key: str, fn: Fn) -> Fn:
        def memo(h: Hands) -> Value:
            got = h.memo.get(key)
            if got is None:
                got = fn(h)
                h.memo[key] = got
            return got

        return memo


def dd_tables(hands: Hands) -> npt.NDArray[np.int64]:
    """``(n, 4, 5)`` double-dummy tricks of each deal: declarer seat by strain (C, D, H, S, NT)."""
    from bridgecli.core.deal import deal_from_indices
    from bridgecli.solver.dds import solve_tables

    if hands.owner is None:
        raise ValueError("double-dummy solving needs whole deals")
    owner = hands.owner
    deals = [deal_from_indices(owner[:, k].tolist()) for k in range(hands.n)]
    out = np.zeros((hands.n, 4, 5), dtype=np.int64)
    for k, table in enumerate(solve_tables(deals)):
        out[k] = np.asarray(table.tricks, dtype=np.int64)
    return out


def _lazy_logic(op: str, cheap: Compiled, costly: Compiled) -> Compiled:
    """``cheap && costly`` / ``cheap || costly`` evaluating ``costly`` only where it decides the result."""
    fc, fx = cheap.fn, costly.fn

    def f(h: Hands) -> Value:
        first = np.broadcast_to(np.asarray(fc(h)) != 0, (h.n,))
        need = first if op == "&&" else ~first
        out = first.astype(np.int64) if op == "||" else np.zeros(h.n, dtype=np.int64)
        rows = np.flatnonzero(need)
        if len(rows):
            sub = h.subset(rows)
            out[rows] = (np.broadcast_to(np.asarray(fx(sub)), (len(rows),)) != 0).astype(np.int64)
        return out

    return Compiled(f, cheap.seats | costly.seats, costly=True)


def compile_conditions(texts: Sequence[str], compiler: Compiler | None = None) -> Compiled:
    """Parse and compile ``--where`` texts, ANDed. Raises ParseError (column set, line 1)."""
    compiler = compiler or Compiler()
    return all_of(compiler, [compiler.compile(parse(t)) for t in texts])


def all_of(compiler: Compiler, parts: Sequence[Compiled]) -> Compiled:
    """``parts`` ANDed (true when there is none), as a balanced tree: a chain of 1,000
    ``--where`` went 1,000 calls deep at each batch and ran out of stack."""
    if not parts:
        return Compiled(lambda h: 1, frozenset(), 1)
    if len(parts) == 1:
        return parts[0]
    half = len(parts) // 2
    return compiler._binary("&&", all_of(compiler, parts[:half]), all_of(compiler, parts[half:]))
