"""Reading dealer input files (the subset ``deal --script`` runs).

Supported statements: ``generate N``, ``produce N``, ``dealer SEAT``,
``vulnerable none|NS|EW|all``, ``predeal SEAT SAQ5, HK ...``,
``pointcount`` and ``altcount`` (weights ace first), ``condition EXPR``
(the word may be left out), ``name = EXPR`` and ``action`` with
``printall``, ``printpbn``, ``average ["label"] EXPR`` and
``frequency ["label"] (EXPR, low, high)``. Comments: ``#`` lines, ``//``
and ``/* */``. Anything else dealer knows (``printes``, ``printoneline``,
two-way ``frequency``, suit-length predeals, ...) raises a ParseError naming
the keyword and its line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

from bridgecli.core.errors import ParseError

from . import tables
from .expr import MAX_NUMBER, SEAT_NAMES, Compiler, Node, Parser, Token, number_value, tokenize
from .generate import Predeal

#: dealer keywords deal does not run, with what to say about them.
UNSUPPORTED: MappingProxyType[str, str] = MappingProxyType({
    "print": "action", "printew": "action", "printcompact": "action", "printoneline": "action",
    "printes": "action", "evalcontract": "action", "printside": "action",
    "bias": "statement", "seed": "statement", "uppercase": "statement",
})

#: Widest ``frequency`` table (one row a value between low and high).
MAX_FREQUENCY_ROWS = 100_000
#: Most rows of all the ``frequency`` tables of a script together (each worker keeps a
#: count a row: a 33 KB script of wide tables reached 3 GB).
MAX_FREQUENCY_TOTAL = 1_000_000

_VULS = MappingProxyType({"none": "None", "ns": "NS", "ew": "EW", "all": "All", "both": "All"})


@dataclass
class Average:
    """``average "label" expr``: print the mean of ``expr`` over the produced deals."""

    label: str
    """Text printed before the mean (may be empty)."""
    node: Node
    """The expression."""


@dataclass
class Frequency:
    """``frequency "label" (expr, low, high)``: a table of the values of ``expr``."""

    label: str
    """Text printed before the table."""
    node: Node
    """The expression."""
    low: int
    """Values below are counted in a ``Low`` row."""
    high: int
    """Values above are counted in a ``High`` row."""


@dataclass
class Script:
    """What a dealer input file asks for."""

    generate: int | None = None
    """Most deals to try (dealer's default is 1,000,000)."""
    produce: int | None = None
    """Deals to produce."""
    dealer: int | None = None
    """Fixed dealer seat, if given."""
    vulnerable: str | None = None
    """Fixed vulnerability (PBN text), if given."""
    predeal: Predeal = field(default_factory=Predeal)
    """Cards placed before dealing."""
    condition: Node | None = None
    """The condition (None: every deal)."""
    variables: dict[str, Node] = field(default_factory=dict)
    """``name = expression`` definitions."""
    pointcount: tuple[int, ...] = tables.DEFAULT_POINTCOUNT
    """Weights of ``hcp``, ace first."""
    altcounts: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Replaced alternate counts."""
    printer: str | None = None
    """``printall`` or ``printpbn`` (the last print action given)."""
    stats: list[Average | Frequency] = field(default_factory=list)
    """Statistics actions in order."""

    def compiler(self) -> Compiler:
        """A compiler with this script's point counts and variables."""
        return Compiler(self.pointcount, self.altcounts, self.variables)


class _ScriptParser(Parser):
    def __init__(self, tokens: list[Token], source: str | None) -> None:
        super().__init__(tokens, source)
        self.script = Script()
        self.frequency_rows = 0  # of the frequency tables so far

    def number(self, what: str) -> int:
        t = self.tok
        sign = 1
        if self.op() == "-":
            self.advance()
            sign = -1
            t = self.tok
        if t.kind != "num":
            raise self.error(f"{what} needs a number, found {t.text!r}")
        value = number_value(t.text)
        if value is None:
            raise self.error(f"{what}: number too large: {t.text!r} (at most {MAX_NUMBER})")
        self.advance()
        return sign * value

    def unsupported(self, tok: Token, what: str | None = None) -> ParseError:
        kind = what or UNSUPPORTED.get(tok.text.lower(), "keyword")
        return self.error(f"unsupported {kind} {tok.text!r} (deal runs generate, produce, dealer, vulnerable, "
                          "predeal, pointcount, altcount, condition, action printall/printpbn/average/frequency)", tok)

    def run(self) -> Script:
        s = self.script
        while self.tok.kind != "end":
            t = self.tok
            word = t.text.lower() if t.kind == "word" else ""
            if t.kind == "word" and self.peek().kind == "op" and self.peek().text == "=":
                if word in ("generate", "produce", "dealer", "vulnerable", "predeal", "condition", "action"):
                    raise self.error(f"{t.text!r} is a keyword, not a variable name")
                self.advance()
                self.advance()
                s.variables[t.text] = self.expression()
                self.names.add(t.text)
            elif word == "generate":
                self.advance()
                s.generate = self.number("generate")
            elif word == "produce":
                self.advance()
                s.produce = self.number("produce")
            elif word == "dealer":
                self.advance()
                s.dealer = self.seat_arg()
            elif word == "vulnerable":
                self.advance()
                v = self.tok
                vul = _VULS.get(v.text.lower()) if v.kind == "word" else None
                if vul is None:
                    raise self.error(f"vulnerable needs none, NS, EW or all, found {v.text!r}")
                self.advance()
                s.vulnerable = vul
            elif word == "predeal":
                self.advance()
                self.predeal()
            elif word == "pointcount":
                self.advance()
                s.pointcount = tuple(self.numbers("pointcount"))
            elif word == "altcount":
                self.advance()
                k = self.number("altcount")
                if not 0 <= k <= 9:
                    raise self.error(f"altcount number must be 0..9, not {k}", t)
                s.altcounts[k] = tuple(self.numbers("altcount"))
            elif word == "condition":
                self.advance()
                s.condition = self.expression()
            elif word == "action":
                self.advance()
                self.actions()
            elif word in UNSUPPORTED:
                raise self.unsupported(t)
            else:
                s.condition = self.expression()
        return s

    def numbers(self, what: str) -> list[int]:
        out = [self.number(what)]
        while self.tok.kind == "num" or self.op() == ",":
            if self.op() == ",":
                self.advance()
            out.append(self.number(what))
        if len(out) > 13:
            raise self.error(f"{what} takes at most 13 numbers, found {len(out)}")
        return out

    def predeal(self) -> None:
        s = self.script
        seat = self.seat_arg()
        if self.op() == ",":
            self.advance()
        from bridgecli.core.errors import ParseError as PE

        while True:
            t = self.tok
            if t.kind == "word" and t.text.lower() in SEAT_NAMES and len(t.text) > 1:
                seat = self.seat_arg()
                if self.op() == ",":
                    self.advance()
                continue
            if t.kind == "word" and t.text.lower() in ("spades", "hearts", "diamonds", "clubs"):
                raise self.unsupported(t, "suit-length predeal")
            text = t.text.upper()
            if t.kind not in ("word", "num") or text[0] not in "SHDC" or any(ch not in "AKQJT98765432" for ch in text[1:]):
                raise self.error(f"expected a holding like 'SAQ5', found {t.text!r}")
            self.advance()
            suit = "CDHS".index(text[0])
            cards = [13 * suit + "23456789TJQKA".index(ch) for ch in text[1:]]
            try:
                s.predeal = s.predeal.with_cards(seat, cards, source=self.source)
            except PE as exc:
                raise exc.located(line=t.line, column=t.column)
            if self.op() != ",":
                break
            self.advance()

    def actions(self) -> None:
        s = self.script
        while True:
            t = self.tok
            word = t.text.lower() if t.kind == "word" else ""
            if word in ("printall", "printpbn"):
                self.advance()
                s.printer = word
            elif word == "average":
                self.advance()
                label = self.label()
                s.stats.append(Average(label, self.expression()))
            elif word == "frequency":
                self.advance()
                label = self.label()
                self.expect("(", " after frequency")
                node = self.expression()
                self.expect(",", " in frequency")
                low = self.number("frequency")
                self.expect(",", " in frequency")
                high = self.number("frequency")
                if not 0 <= high - low < MAX_FREQUENCY_ROWS:
                    raise self.error(f"frequency range {low}..{high}: give low <= high, at most "
                                     f"{MAX_FREQUENCY_ROWS:,} values apart", t)
                self.frequency_rows += high - low + 1
                if self.frequency_rows > MAX_FREQUENCY_TOTAL:
                    raise self.error(f"frequency tables of {self.frequency_rows:,} rows in all: at most "
                                     f"{MAX_FREQUENCY_TOTAL:,}", t)
                if self.op() == ",":
                    raise self.unsupported(t, "two-way")
                self.expect(")", " to close frequency(")
                s.stats.append(Frequency(label, node, low, high))
            elif word in UNSUPPORTED or word.startswith("print"):
                raise self.unsupported(t, "action")
            else:
                found = "the end" if t.kind == "end" else repr(t.text)
                raise self.error(f"expected an action (printall, printpbn, average, frequency), found {found}")
            if self.op() != ",":
                break
            self.advance()

    def label(self) -> str:
        if self.tok.kind == "str":
            return self.advance().text[1:-1]
        return ""


def parse_script(text: str, source: str | None = None) -> Script:
    """Read a dealer input file. Raises ParseError with the line of the problem."""
    tokens = tokenize(text, source=source, hash_comments=True)
    script = _ScriptParser(tokens, source).run()
    if script.printer is None and not script.stats:
        script.printer = "printall"  # dealer's default action
    return script
