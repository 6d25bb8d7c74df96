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
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import permutations
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from bridgecli.core.errors import ParseError

from . import tables

Value = int | npt.NDArray[np.int64]
"""What an expression gives: one integer for all deals, or one per deal."""


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

SEAT_NAMES: dict[str, int] = {"north": 0, "n": 0, "east": 1, "e": 1, "south": 2, "s": 2, "west": 3, "w": 3}
"""Seat words accepted where a seat is expected."""

SUIT_NAMES: dict[str, int] = {
    "clubs": 0, "club": 0, "c": 0, "diamonds": 1, "diamond": 1, "d": 1,
    "hearts": 2, "heart": 2, "h": 2, "spades": 3, "spade": 3, "s": 3,
}
"""Suit words accepted where a suit is expected (0 clubs .. 3 spades)."""

_LENGTH_FUNCS = {"clubs": 0, "club": 0, "diamonds": 1, "diamond": 1, "hearts": 2, "heart": 2, "spades": 3, "spade": 3}

_ALT_NAMES: dict[str, int] = {}
for _i, (_name, _w) in enumerate(tables.DEFAULT_ALTCOUNTS):
    _ALT_NAMES[f"pt{_i}"] = _i
    _ALT_NAMES[_name] = _i
    if _name.endswith("s"):
        _ALT_NAMES[_name[:-1]] = _i

_HAND_FUNCS = {"hcp": "hcp", "hcps": "hcp", "control": "control", "controls": "control",
               "loser": "loser", "losers": "loser"}

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

_KEYWORD_OPS = {"and": "&&", "or": "||", "not": "!"}


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
_PRECEDENCE: dict[str | None, int] = {
    "||": 1, "&&": 2, "==": 3, "!=": 3, "<": 4, "<=": 4, ">": 4, ">=": 4, "+": 5, "-": 5, "*": 6, "/": 6, "%": 6,
}

#: Deepest nesting of parentheses, arguments, ``?:`` and prefix operators read.
MAX_NESTING = 100

#: Deepest an expression may go once the variables it names are put in its place (each
#: level a step of compiling and of evaluating: deeper, Python's stack ran out and the
#: error named no place).
MAX_DEPTH = 400

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
    """Table over ``spades*196 + hearts*14 + diamonds`` of the shapes ``pattern`` matches."""
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


# ---------------------------------------------------------------- evaluation


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


_BINOPS: dict[str, Callable[[Value, Value], Value]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": _c_div,
    "%": _c_mod,
}
_CMPOPS: dict[str, Callable[[Value, Value], object]] = {
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}


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
