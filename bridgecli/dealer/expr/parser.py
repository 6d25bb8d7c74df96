"""Reading the condition language: tokens, the names it knows, the syntax tree and the parser.

:func:`tokenize` splits a text into :class:`Token`; :class:`Parser` builds a tree of
:class:`Node` from them (C precedence, arguments of each built-in function checked
and decoded: seats, suits, cards, shape lists, contracts), and :func:`parse` reads a
whole text as one expression. :mod:`.compiler` turns the tree into batch functions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations
from types import MappingProxyType
from typing import Any

import numpy as np
import numpy.typing as npt

from bridgecli.core.errors import ParseError

from .. import tables

# ---------------------------------------------------------------- tokens


class Token:
    """A token with its place: ``kind`` is ``num``, ``word``, ``str``, ``op`` or ``end``."""

    __slots__ = ("column", "kind", "line", "text")

    def __init__(self, kind: str, text: str, line: int, column: int) -> None:
        self.kind = kind
        """Token class."""
        self.text = text
        """The text as written."""
        self.line = line
        """1-based line."""
        self.column = column
        """1-based column."""

    def __repr__(self) -> str:
        return f"Token({self.kind!r}, {self.text!r}, {self.line}, {self.column})"


_TOKEN_RE = re.compile(
    r"""
    (?P<ws>[ \t\r\f\v]+)
  | (?P<nl>\n)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<str>"[^"]*")
  | (?P<word>\w+)
  | (?P<op>&&|\|\||==|!=|<=|>=|[-+*/%<>!?:(),=])
    """,
    re.VERBOSE | re.DOTALL,
)


def tokenize(text: str, *, source: str | None = None, hash_comments: bool = False) -> list[Token]:
    """Split ``text`` into tokens; ``hash_comments`` drops lines starting with ``#`` (scripts).

    Raises ParseError on a character that starts no token.
    """
    out: list[Token] = []
    pos = 0
    line = 1
    line_start = 0
    n = len(text)
    while pos < n:
        if hash_comments and text[pos] == "#" and text[line_start:pos].strip() == "":
            end = text.find("\n", pos)
            pos = n if end < 0 else end
            continue
        m = _TOKEN_RE.match(text, pos)
        if m is None:
            raise ParseError(f"unexpected character {text[pos]!r}", source=source, line=line,
                             column=pos - line_start + 1)
        kind = m.lastgroup or ""
        tok_text = m.group()
        if kind in ("word", "op", "str"):
            if kind == "word" and tok_text.isascii() and tok_text.isdigit():
                kind = "num"
            out.append(Token(kind, tok_text, line, pos - line_start + 1))
        newlines = tok_text.count("\n")
        if newlines:
            line += newlines
            line_start = pos + tok_text.rindex("\n") + 1
        pos = m.end()
    out.append(Token("end", "", line, pos - line_start + 1))
    return out


# ---------------------------------------------------------------- names

SEAT_NAMES: MappingProxyType[str, int] = MappingProxyType(
    {"north": 0, "n": 0, "east": 1, "e": 1, "south": 2, "s": 2, "west": 3, "w": 3})
"""Seat words accepted where a seat is expected."""

SUIT_NAMES: MappingProxyType[str, int] = MappingProxyType({
    "clubs": 0, "club": 0, "c": 0, "diamonds": 1, "diamond": 1, "d": 1,
    "hearts": 2, "heart": 2, "h": 2, "spades": 3, "spade": 3, "s": 3,
})
"""Suit words accepted where a suit is expected (0 clubs .. 3 spades)."""

_LENGTH_FUNCS = MappingProxyType(
    {"clubs": 0, "club": 0, "diamonds": 1, "diamond": 1, "hearts": 2, "heart": 2, "spades": 3, "spade": 3})

# pt0..pt9 by number and by name, singular too (``ten`` as ``tens``)
_ALT_NAMES: MappingProxyType[str, int] = MappingProxyType(
    {alias: i for i, (name, _w) in enumerate(tables.DEFAULT_ALTCOUNTS)
     for alias in (f"pt{i}", name, *((name[:-1],) if name.endswith("s") else ()))})

_HAND_FUNCS = MappingProxyType({"hcp": "hcp", "hcps": "hcp", "control": "control", "controls": "control",
                                "loser": "loser", "losers": "loser"})

def _foreign(text: str, how: str) -> Any:
    """``text`` read as a Polish or Hungarian token (``północ``, ``kier``, ``SW``) by the
    default reader of :mod:`bridgecli.core.notation`; None when it reads nothing.
    Seats and suits come back as ints (0 north / 0 clubs), cards as Card."""
    from bridgecli.core.errors import ParseError
    from bridgecli.core.notation import default_reader

    try:
        value = getattr(default_reader(), how)(text)
    except ParseError:
        return None
    return value if how == "parse_card" else int(value)


#: Every function name the language knows.
FUNCTIONS: tuple[str, ...] = tuple(sorted(
    set(_LENGTH_FUNCS) | set(_ALT_NAMES) | set(_HAND_FUNCS)
    | {"quality", "cccc", "shape", "hascard", "score", "imps", "imp", "tricks", "trick"}
))

_KEYWORD_OPS = MappingProxyType({"and": "&&", "or": "||", "not": "!"})


# ---------------------------------------------------------------- syntax tree


class Node:
    """A parsed expression node; ``token`` locates it for messages."""

    __slots__ = ("token",)

    def __init__(self, token: Token) -> None:
        self.token = token
        """Where the node starts."""


class Num(Node):
    """An integer literal."""

    __slots__ = ("value",)

    def __init__(self, token: Token, value: int) -> None:
        super().__init__(token)
        self.value = value
        """The value."""


class Name(Node):
    """A reference to a defined variable."""

    __slots__ = ("name",)

    def __init__(self, token: Token, name: str) -> None:
        super().__init__(token)
        self.name = name
        """The variable name."""


class Unary(Node):
    """``!x`` or ``-x``."""

    __slots__ = ("op", "operand")

    def __init__(self, token: Token, op: str, operand: Node) -> None:
        super().__init__(token)
        self.op = op
        """``!`` or ``-``."""
        self.operand = operand
        """The operand."""


class Binary(Node):
    """``a op b``."""

    __slots__ = ("left", "op", "right")

    def __init__(self, token: Token, op: str, left: Node, right: Node) -> None:
        super().__init__(token)
        self.op = op
        """One of ``|| && == != < <= > >= + - * / %``."""
        self.left = left
        """Left operand."""
        self.right = right
        """Right operand."""


class Cond(Node):
    """``test ? then : other``."""

    __slots__ = ("other", "test", "then")

    def __init__(self, token: Token, test: Node, then: Node, other: Node) -> None:
        super().__init__(token)
        self.test = test
        """The condition."""
        self.then = then
        """Value when true."""
        self.other = other
        """Value when false."""


class Call(Node):
    """A built-in function call, arguments already checked and decoded."""

    __slots__ = ("args", "extra", "func", "seat", "suit")

    def __init__(self, token: Token, func: str, seat: int = -1, suit: int = -1, extra: object = None,
                 args: list[Node] | None = None) -> None:
        super().__init__(token)
        self.func = func
        """Canonical function: ``length hcp control loser alt quality cccc shape hascard score imps``."""
        self.seat = seat
        """The seat argument (-1 when none)."""
        self.suit = suit
        """The suit argument (-1 for the whole hand)."""
        self.extra = extra
        """Other decoded arguments: alt-count number, card index, shape table, (vul, level, strain)."""
        self.args = args or []
        """Expression arguments (``score``'s tricks, ``imps``'s difference)."""


# ---------------------------------------------------------------- parser


#: Binding strength of each binary operator (a larger number binds tighter).
_PRECEDENCE: MappingProxyType[str | None, int] = MappingProxyType({
    "||": 1, "&&": 2, "==": 3, "!=": 3, "<": 4, "<=": 4, ">": 4, ">=": 4, "+": 5, "-": 5, "*": 6, "/": 6, "%": 6,
})

#: Deepest nesting of parentheses, arguments, ``?:`` and prefix operators read.
MAX_NESTING = 100

#: Largest number written in an expression (dealer's own integers are 32-bit).
MAX_NUMBER = 2**31 - 1


def number_value(text: str) -> int | None:
    """The value of a number token, or None when it is larger than MAX_NUMBER."""
    digits = text.lstrip("0") or "0"
    if len(digits) > 10 or int(digits) > MAX_NUMBER:
        return None
    return int(digits)


class Parser:
    """Recursive-descent parser over a token list (shared with the script reader)."""

    def __init__(self, tokens: list[Token], source: str | None = None, names: Sequence[str] = ()) -> None:
        self.tokens = tokens
        self.pos = 0
        self.source = source
        self.names = set(names)
        """Variable names defined so far (scripts)."""
        self.depth = 0
        """Expressions open around the current token (parentheses, arguments, ``?:``)."""

    # helpers
    @property
    def tok(self) -> Token:
        """The current token."""
        return self.tokens[self.pos]

    def peek(self, k: int = 1) -> Token:
        """The token ``k`` places ahead."""
        return self.tokens[min(self.pos + k, len(self.tokens) - 1)]

    def advance(self) -> Token:
        """Consume and return the current token."""
        t = self.tokens[self.pos]
        if t.kind != "end":
            self.pos += 1
        return t

    def error(self, message: str, tok: Token | None = None) -> ParseError:
        """A ParseError located at ``tok`` (default: the current token)."""
        t = tok or self.tok
        return ParseError(message, source=self.source, line=t.line, column=t.column)

    def op(self, tok: Token | None = None) -> str | None:
        """The operator a token stands for (``and`` -> ``&&``), or None."""
        t = tok or self.tok
        if t.kind == "op":
            return t.text
        if t.kind == "word":
            return _KEYWORD_OPS.get(t.text.lower())
        return None

    def expect(self, text: str, what: str = "") -> Token:
        """Consume the operator ``text`` or raise."""
        if self.op() != text:
            found = "the end" if self.tok.kind == "end" else repr(self.tok.text)
            raise self.error(f"expected {text!r}{what}, found {found}")
        return self.advance()

    # grammar
    def expression(self) -> Node:
        """Parse one full expression (a ternary)."""
        self.depth += 1
        try:
            if self.depth > MAX_NESTING + 1:  # the outermost expression is not nested
                raise self.error(f"expression too deeply nested (more than {MAX_NESTING} levels)")
            test = self.binary()
            if self.op() == "?":
                q = self.advance()
                then = self.expression()
                self.expect(":", " of '?:'")
                other = self.expression()
                return Cond(q, test, then, other)
            return test
        finally:
            self.depth -= 1

    def binary(self) -> Node:
        """Operands joined by binary operators, read in a loop (no recursion a
        precedence level) and built into a tree of bounded depth: ``a && b && ...``
        of any length is a balanced tree."""
        operands = [self.unary()]
        ops: list[Token] = []
        while self.op() in _PRECEDENCE:
            ops.append(self.advance())
            operands.append(self.unary())
        return self._tree(operands, ops)

    def _tree(self, operands: list[Node], ops: list[Token]) -> Node:
        if not ops:
            return operands[0]
        # split at the loosest operators present: each part binds tighter
        loosest = min(_PRECEDENCE[self.op(t) or ""] for t in ops)
        parts: list[list[Node]] = [[operands[0]]]
        part_ops: list[list[Token]] = [[]]
        joins: list[Token] = []
        for t, right in zip(ops, operands[1:], strict=True):
            if _PRECEDENCE[self.op(t) or ""] == loosest:
                joins.append(t)
                parts.append([right])
                part_ops.append([])
            else:
                parts[-1].append(right)
                part_ops[-1].append(t)
        nodes = [self._tree(p, o) for p, o in zip(parts, part_ops, strict=True)]
        names = {self.op(t) for t in joins}
        if len(names) == 1 and names <= {"&&", "||", "+", "*"}:
            return self._balanced(nodes, joins)
        if names <= {"+", "-"}:
            # a - b + c ... as a + (-b) + c ...: the same in 64-bit integers, and balanced
            terms = [nodes[0]] + [Unary(t, "-", n) if self.op(t) == "-" else n for t, n in zip(joins, nodes[1:],
                                                                                                strict=True)]
            plus = [Token("op", "+", t.line, t.column) for t in joins]
            return self._balanced(terms, plus)
        if len(joins) > MAX_NESTING:
            raise self.error(f"more than {MAX_NESTING} {self.op(joins[0])!r} in a row (the chain is too long)",
                             joins[MAX_NESTING])
        left = nodes[0]
        for t, right in zip(joins, nodes[1:], strict=True):
            left = Binary(t, self.op(t) or "", left, right)
        return left

    def _balanced(self, nodes: list[Node], joins: list[Token]) -> Node:
        """``n0 op n1 op n2 ...`` (one associative operator) as a balanced tree."""
        items: list[Node] = list(nodes)
        tokens = list(joins)
        while len(items) > 1:
            merged: list[Node] = []
            merged_tokens: list[Token] = []
            for i in range(0, len(items) - 1, 2):
                t = tokens[i]
                merged.append(Binary(t, self.op(t) or "", items[i], items[i + 1]))
                if i + 2 < len(items):
                    merged_tokens.append(tokens[i + 1])
            if len(items) % 2:
                merged.append(items[-1])
            items, tokens = merged, merged_tokens
        return items[0]

    def unary(self) -> Node:
        """``!x``, ``not x``, ``-x``, ``+x`` (prefixes read in a loop)."""
        prefixes: list[Token] = []
        while self.op() in ("!", "-", "+"):
            prefixes.append(self.advance())
        if len(prefixes) + self.depth > MAX_NESTING + 1:
            raise self.error(f"expression too deeply nested (more than {MAX_NESTING} levels)", prefixes[0])
        node = self.primary()
        for t in reversed(prefixes):
            if self.op(t) != "+":
                node = Unary(t, self.op(t) or "", node)
        return node

    def primary(self) -> Node:
        """A number, a parenthesised expression, a function call or a variable."""
        t = self.tok
        if t.kind == "num":
            value = number_value(t.text)
            if value is None:
                raise self.error(f"number too large: {t.text!r} (at most {MAX_NUMBER})")
            self.advance()
            return Num(t, value)
        if self.op() == "(":
            self.advance()
            inner = self.expression()
            self.expect(")")
            return inner
        if t.kind == "word" and t.text.lower() not in _KEYWORD_OPS:
            low = t.text.lower()
            if self.peek().kind == "op" and self.peek().text == "(" and (
                    low in FUNCTIONS or (len(low) > 2 and t.text not in self.names
                                         and _foreign(low, "parse_suit") is not None)):
                return self.call()
            if t.text in self.names:
                self.advance()
                return Name(t, t.text)
            if low in FUNCTIONS:
                raise self.error(f"{t.text!r} is a function: write {low}(...)")
            known = ", ".join(sorted(set(FUNCTIONS) | self.names))
            raise self.error(f"unknown name {t.text!r} (known: {known})")
        if t.kind == "end":
            raise self.error("expression ends too early")
        raise self.error(f"unexpected {t.text!r}")

    # function arguments
    def seat_arg(self) -> int:
        """A seat word."""
        t = self.tok
        seat = SEAT_NAMES.get(t.text.lower()) if t.kind == "word" else None
        if seat is None and t.kind == "word":
            seat = _foreign(t.text, "parse_seat")
        if seat is None:
            raise self.error(f"expected a seat (north, east, south, west), found {t.text!r}")
        self.advance()
        return seat

    def suit_arg(self) -> int:
        """A suit word."""
        t = self.tok
        suit = SUIT_NAMES.get(t.text.lower()) if t.kind == "word" else None
        if suit is None and t.kind == "word":
            suit = _foreign(t.text, "parse_suit")
        if suit is None:
            raise self.error(f"expected a suit (spades, hearts, diamonds, clubs), found {t.text!r}")
        self.advance()
        return suit

    def card_arg(self) -> int:
        """A card like ``AS`` (dealer's order) or ``SA``; returns its index."""
        t = self.tok
        text = t.text.upper()
        ranks, suits = "23456789TJQKA", "CDHS"
        idx = None
        if t.kind in ("word", "num") and len(text) == 2:
            if text[0] in ranks and text[1] in suits:
                idx = 13 * suits.index(text[1]) + ranks.index(text[0])
            elif text[0] in suits and text[1] in ranks:
                idx = 13 * suits.index(text[0]) + ranks.index(text[1])
        if idx is None and t.kind in ("word", "num"):
            card = _foreign(t.text, "parse_card")
            idx = None if card is None else card.index
        if idx is None:
            raise self.error(f"expected a card like 'AS' or 'TC', found {t.text!r}")
        self.advance()
        return idx

    def shape_arg(self) -> npt.NDArray[np.bool_]:
        """A shape list ``any 4333 + 54xx - any 0xxx``; returns the table of accepted shapes."""
        accepted = np.zeros(14 * 14 * 14, dtype=bool)
        sign = "+"
        first = True
        while True:
            op = self.op()
            if op in ("+", "-"):
                sign = op
                self.advance()
            elif not first:
                break
            is_any = False
            if self.tok.kind == "word" and self.tok.text.lower() == "any":
                is_any = True
                self.advance()
            t = self.tok
            pattern = t.text.lower()
            if t.kind not in ("num", "word") or not re.fullmatch(r"[0-9x]{4}", pattern):
                raise self.error(f"expected a shape like '4333' or '5xxx', found {t.text!r}")
            digits = [int(ch) for ch in pattern if ch != "x"]
            if sum(digits) > 13 or ("x" not in pattern and sum(digits) != 13):
                raise self.error(f"shape {t.text!r} cannot hold 13 cards")
            self.advance()
            match = _shape_table(pattern, is_any)
            if sign == "+":
                accepted |= match
            else:
                accepted &= ~match
            first = False
        return accepted

    def call(self) -> Node:
        """A function call: name, ``(``, the function's own arguments, ``)``."""
        t = self.advance()
        name = t.text.lower()
        self.expect("(", f" after {name!r}")
        node: Call
        length_of = _LENGTH_FUNCS.get(name)
        if length_of is None and name not in FUNCTIONS:
            length_of = _foreign(name, "parse_suit")  # a Polish or Hungarian suit name: kiery(north)
        if length_of is not None:
            node = Call(t, "length", self.seat_arg(), length_of)
        elif name in _HAND_FUNCS or name in _ALT_NAMES:
            func = _HAND_FUNCS.get(name, "alt")
            seat = self.seat_arg()
            suit = -1
            if self.op() == ",":
                self.advance()
                suit = self.suit_arg()
            node = Call(t, func, seat, suit, _ALT_NAMES.get(name))
        elif name == "quality":
            seat = self.seat_arg()
            self.expect(",", " between seat and suit")
            node = Call(t, "quality", seat, self.suit_arg())
        elif name == "cccc":
            node = Call(t, "cccc", self.seat_arg())
        elif name == "hascard":
            seat = self.seat_arg()
            self.expect(",", " between seat and card")
            node = Call(t, "hascard", seat, -1, self.card_arg())
        elif name == "shape":
            seat = self.seat_arg()
            self.expect(",", " between seat and shapes")
            node = Call(t, "shape", seat, -1, self.shape_arg())
        elif name in ("imps", "imp"):
            node = Call(t, "imps", args=[self.expression()])
        elif name == "score":
            node = self.score_call(t)
        else:  # tricks
            seat = self.seat_arg()
            self.expect(",", " between seat and strain")
            st = self.tok
            word = st.text.lower() if st.kind == "word" else ""
            if word in ("notrump", "notrumps", "nt", "n"):
                strain = 4
            elif word in SUIT_NAMES:
                strain = SUIT_NAMES[word]
            else:
                raise self.error(f"expected a strain (spades, hearts, diamonds, clubs, notrump), found {st.text!r}")
            self.advance()
            node = Call(t, "tricks", seat, strain)
        self.expect(")", f" to close {name}(")
        return node

    def score_call(self, t: Token) -> Call:
        """``score(vul, x3N, tricks)``."""
        v = self.tok
        vul_word = v.text.lower()
        if vul_word not in ("vul", "nv", "nonvul", "vulnerable"):
            raise self.error(f"expected 'vul' or 'nv', found {v.text!r}")
        self.advance()
        self.expect(",", " after the vulnerability")
        c = self.tok
        m = re.fullmatch(r"x([1-7])(c|d|h|s|n|nt)", c.text.lower()) if c.kind == "word" else None
        if m is None:
            raise self.error(f"expected a contract like 'x3N' or 'x4S', found {c.text!r}")
        self.advance()
        self.expect(",", " after the contract")
        tricks = self.expression()
        strain = "cdhsn".index(m.group(2)[0])
        return Call(t, "score", extra=(vul_word in ("vul", "vulnerable"), int(m.group(1)), strain), args=[tricks])


_ALL_SHAPES = np.array([(sp, h, d, 13 - sp - h - d) for sp in range(14) for h in range(14 - sp)
                        for d in range(14 - sp - h)], dtype=np.int64)


@lru_cache(maxsize=256)
def _shape_table(pattern: str, is_any: bool) -> npt.NDArray[np.bool_]:
    """Table over ``spades*196 + hearts*14 + diamonds`` of the shapes ``pattern`` matches
    (read-only; the last 256 patterns are kept, as a script names the same few often)."""
    patterns = set(permutations(pattern)) if is_any else {tuple(pattern)}
    hit = np.zeros(len(_ALL_SHAPES), dtype=bool)
    for p in patterns:
        ok = np.ones(len(_ALL_SHAPES), dtype=bool)
        for k, ch in enumerate(p):
            if ch != "x":
                ok &= _ALL_SHAPES[:, k] == int(ch)
        hit |= ok
    out = np.zeros(14 * 14 * 14, dtype=bool)
    sel = _ALL_SHAPES[hit]
    out[sel[:, 0] * 196 + sel[:, 1] * 14 + sel[:, 2]] = True
    out.flags.writeable = False
    return out


def parse(text: str, source: str | None = None, names: Sequence[str] = ()) -> Node:
    """Parse a whole string as one expression. Raises ParseError (with line and column)."""
    p = Parser(tokenize(text, source=source), source=source, names=names)
    node = p.expression()
    if p.tok.kind != "end":
        raise p.error(f"unexpected {p.tok.text!r} after the expression")
    return node


def caret(text: str, line: int | None, column: int | None) -> str:
    """The line of ``text`` at ``line`` with a caret under ``column`` (two lines, indented)."""
    lines = text.split("\n")
    row = lines[(line or 1) - 1] if 0 < (line or 1) <= len(lines) else ""
    col = max(1, column or 1)
    if len(row) > 80:
        # a window of 80 characters around the column, cut ends marked with an ellipsis
        start = max(0, min(col - 40, len(row) - 80))
        piece = row[start:start + 80]
        if start > 0:
            piece, col = "\u2026" + piece[1:], col - start
        if start + 80 < len(row):
            piece = piece[:-1] + "\u2026"
        row = piece
    return f"  {row}\n  {' ' * (col - 1)}^"
