"""Table-driven notation: how cards, calls, seats and contracts are written.

A :class:`Language` is pure data: tables from input tokens to core values and
the words used on output. English is :data:`ENGLISH`; another language is
another table (see :data:`LANGUAGES`), not new code. Input is
case-insensitive and accepts the suit symbols ♠♥♦♣ wherever a suit letter is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Contract, Risk
from .cards import Card, Hand, Rank, Seat, Strain, Suit, Vulnerability
from .errors import ParseError

_SYMBOLS: dict[str, Suit] = {
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
}
_DIGIT_RANKS: dict[str, Rank] = {str(r): Rank(r) for r in range(2, 11)}


@dataclass(frozen=True)
class Language:
    """One language's bridge notation, for reading and for writing."""

    code: str
    """Short code: ``en``, ``pl``, ``hu``."""
    ranks: Mapping[str, Rank]
    """Upper-case rank tokens (``A``, ``K``, ``T``...); digits 2..10 are always accepted."""
    suits: Mapping[str, Suit]
    """Upper-case suit tokens (``S``, ``SPADES``...); symbols are always accepted."""
    notrump: tuple[str, ...]
    """Upper-case tokens for notrump (``NT``, ``N``...)."""
    nullo: tuple[str, ...]
    """Upper-case tokens for the nullo strain of the variants."""
    calls: Mapping[str, Call]
    """Upper-case tokens for pass, double and redouble."""
    seats: Mapping[str, Seat]
    """Upper-case seat tokens (``N``, ``NORTH``...)."""
    vulnerability: Mapping[str, Vulnerability]
    """Upper-case vulnerability tokens."""
    rank_out: tuple[str, ...]
    """Output letter of each rank, two first."""
    suit_out: tuple[str, ...]
    """Output letter of each suit, clubs first."""
    strain_out: tuple[str, ...]
    """Output text of each strain, clubs first (then NT, nullo)."""
    call_out: tuple[str, str, str]
    """Output text of pass, double, redouble."""
    seat_out: tuple[str, ...]
    """Output letter of each seat, North first."""
    seat_names: tuple[str, ...]
    """Full seat names, North first."""
    vul_out: tuple[str, ...]
    """Output text of each vulnerability, None first."""
    words: Mapping[str, str] = field(default_factory=dict)
    """Other words for text output (``board``, ``dealer``, ``by``...)."""

    # -- reading -----------------------------------------------------------

    def parse_rank(self, text: str) -> Rank:
        """A rank token. Raises ParseError."""
        t = text.strip().upper()
        r = self.ranks.get(t) or _DIGIT_RANKS.get(t)
        if r is None:
            raise ParseError(f"not a rank: {text!r}")
        return r

    def parse_suit(self, text: str) -> Suit:
        """A suit token or symbol. Raises ParseError."""
        t = text.strip()
        s = _SYMBOLS.get(t)
        if s is None:
            s = self.suits.get(t.upper())
        if s is None:
            raise ParseError(f"not a suit: {text!r}")
        return s

    def _strain_token(self, t: str) -> Strain | None:
        if t in _SYMBOLS:
            return _SYMBOLS[t].strain
        if t in self.notrump:
            return Strain.NOTRUMP
        if t in self.nullo:
            return Strain.NULLO
        s = self.suits.get(t)
        return None if s is None else s.strain

    def parse_strain(self, text: str) -> Strain:
        """A strain: a suit token, or notrump (``NT``, ``N``), or nullo. Raises ParseError."""
        s = self._strain_token(text.strip().upper())
        if s is None:
            raise ParseError(f"not a strain: {text!r}")
        return s

    def parse_card(self, text: str) -> Card:
        """A card: suit then rank (``SA``, ``♠10``) or rank then suit (``AS``, ``10h``).

        Raises ParseError.
        """
        t = text.strip().upper()
        for i in range(1, len(t)):
            a, b = t[:i], t[i:]
            suit = _SYMBOLS.get(a) or self.suits.get(a)
            if suit is not None:
                rank = self.ranks.get(b) or _DIGIT_RANKS.get(b)
                if rank is not None:
                    return Card(suit, rank)
            rank = self.ranks.get(a) or _DIGIT_RANKS.get(a)
            if rank is not None:
                suit = _SYMBOLS.get(b) or self.suits.get(b)
                if suit is not None:
                    return Card(suit, rank)
        raise ParseError(f"not a card: {text!r}")

    def parse_call(self, text: str) -> Call:
        """A call: pass, double, redouble or a bid ``1C``..``7NT``. Raises ParseError."""
        t = text.strip().upper()
        call = self.calls.get(t)
        if call is not None:
            return call
        if len(t) >= 2 and t[0] in "1234567":
            strain = self._strain_token(t[1:])
            if strain is not None:
                return Bid(int(t[0]), strain)
        if len(t) >= 2 and t[0].isdigit():
            raise ParseError(f"not a call: {text!r} (bids go from 1 to 7)")
        raise ParseError(f"not a call: {text!r}")

    def parse_seat(self, text: str) -> Seat:
        """A seat: ``N``, ``north``... Raises ParseError."""
        s = self.seats.get(text.strip().upper())
        if s is None:
            raise ParseError(f"not a seat: {text!r}")
        return s

    def parse_vul(self, text: str) -> Vulnerability:
        """A vulnerability: ``None``, ``NS``, ``EW``, ``All`` and synonyms. Raises ParseError."""
        v = self.vulnerability.get(text.strip().upper())
        if v is None:
            raise ParseError(f"not a vulnerability: {text!r}")
        return v

    def parse_hand(self, text: str) -> Hand:
        """A PBN-style hand ``S.H.D.C`` (ranks in any order, ``10`` allowed, ``-`` = void).

        Raises ParseError.
        """
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise ParseError(f"a hand needs four suits separated by dots: {text!r}")
        cards: list[Card] = []
        for suit, part in zip((Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS), parts):
            part = part.strip().upper()
            if part in ("-", "—"):
                continue
            i = 0
            while i < len(part):
                if part.startswith("10", i):
                    tok, i = "10", i + 2
                else:
                    tok, i = part[i], i + 1
                rank = self.ranks.get(tok) or _DIGIT_RANKS.get(tok)
                if rank is None:
                    raise ParseError(f"not a rank: {tok!r} in hand {text!r}")
                card = Card(suit, rank)
                if card in cards:
                    raise ParseError(f"card {str(card)!r} twice in hand {text!r}")
                cards.append(card)
        return Hand(cards)

    def parse_contract(self, text: str) -> Contract:
        """``4S``, ``4SX``, ``3NTXX``, ``4♠``, ``pass``; a trailing seat (``4SXS``,
        ``4SX by S``) names the declarer. Raises ParseError.
        """
        t = " ".join(text.strip().upper().split())
        if self.calls.get(t) is PASS or t in ("PASS", "PASSED", "PASSED OUT", "AP"):
            return Contract.passed_out()
        declarer: Seat | None = None
        words = t.split(" ")
        if len(words) == 3 and words[1] in ("BY", self.words.get("by", "BY").upper()):
            declarer = self.parse_seat(words[2])
            t = words[0]
        elif len(words) == 2:
            declarer = self.parse_seat(words[1])
            t = words[0]
        elif len(words) != 1:
            raise ParseError(f"not a contract: {text!r}")
        if len(t) < 2 or t[0] not in "1234567":
            if t[:1].isdigit():
                raise ParseError(f"not a contract: {text!r} (levels go from 1 to 7)")
            raise ParseError(f"not a contract: {text!r}")
        level = int(t[0])
        rest = t[1:]
        # longest strain token first, then risk, then an optional seat
        for j in range(len(rest), 0, -1):
            strain = self._strain_token(rest[:j])
            if strain is None:
                continue
            tail = rest[j:]
            risk = Risk.UNDOUBLED
            for tok, rk in (("XX", Risk.REDOUBLED), ("X", Risk.DOUBLED)):
                if tail.startswith(tok):
                    risk, tail = rk, tail[len(tok):]
                    break
            else:
                for tok, call in self.calls.items():
                    if call is REDOUBLE and tail.startswith(tok) and tok:
                        risk, tail = Risk.REDOUBLED, tail[len(tok):]
                        break
                    if call is DOUBLE and tail.startswith(tok) and tok:
                        risk, tail = Risk.DOUBLED, tail[len(tok):]
                        break
            if tail:
                if declarer is not None:
                    continue
                try:
                    seat = self.parse_seat(tail)
                except ParseError:
                    continue
                return Contract(level, strain, risk, seat)
            return Contract(level, strain, risk, declarer)
        raise ParseError(f"not a contract: {text!r}")

    # -- writing -----------------------------------------------------------

    def rank_str(self, rank: Rank) -> str:
        """The rank's letter in this language."""
        return self.rank_out[rank - 2]

    def suit_str(self, suit: Suit, symbols: bool = False) -> str:
        """The suit's letter, or its symbol when ``symbols``."""
        return suit.symbol if symbols else self.suit_out[suit]

    def strain_str(self, strain: Strain, symbols: bool = False) -> str:
        """The strain's text (symbol for suits when ``symbols``)."""
        if symbols and strain.suit is not None:
            return strain.suit.symbol
        return self.strain_out[strain]

    def card_str(self, card: Card, symbols: bool = False) -> str:
        """Suit then rank: ``SA`` or ``♠A``."""
        return self.suit_str(card.suit, symbols) + self.rank_str(card.rank)

    def call_str(self, call: Call, symbols: bool = False) -> str:
        """A call in this language."""
        if isinstance(call, Bid):
            return f"{call.level}{self.strain_str(call.strain, symbols)}"
        if call is PASS or type(call).__name__ == "Pass":
            return self.call_out[0]
        if call is DOUBLE or type(call).__name__ == "Double":
            return self.call_out[1]
        return self.call_out[2]

    def contract_str(self, contract: Contract, symbols: bool = False, declarer: bool = False) -> str:
        """``4SX`` (``4♠X``), or the pass word; ``declarer`` appends ``by S``."""
        if contract.is_passout:
            return self.words.get("passed_out", self.call_out[0])
        text = f"{contract.level}{self.strain_str(contract.strain, symbols)}"
        text += ("", self.call_out[1], self.call_out[2])[contract.risk] if self.code != "en" else str(contract.risk)
        if declarer and contract.declarer is not None:
            text += f" {self.words.get('by', 'by')} {self.seat_out[contract.declarer]}"
        return text

    def seat_str(self, seat: Seat) -> str:
        """The seat's letter."""
        return self.seat_out[seat]

    def vul_str(self, vul: Vulnerability) -> str:
        """The vulnerability's text."""
        return self.vul_out[vul]

    def word(self, key: str) -> str:
        """A text-output word; the key itself when the table lacks it."""
        return self.words.get(key, key)

    def hand_str(self, hand: Hand, symbols: bool = False, sep: str = " ") -> str:
        """A hand by suits, spades first, with suit letters or symbols and ``-`` for a void."""
        out = []
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
            ranks = "".join(self.rank_str(c.rank) for c in hand.suit(suit)) or "-"
            out.append(self.suit_str(suit, symbols) + ranks)
        return sep.join(out)


def _upper(d: Mapping[str, object]) -> dict:  # type: ignore[type-arg]
    return {k.upper(): v for k, v in d.items()}


ENGLISH = Language(
    code="en",
    ranks=_upper({"A": Rank.ACE, "K": Rank.KING, "Q": Rank.QUEEN, "J": Rank.JACK, "T": Rank.TEN}),
    suits=_upper({
        "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
        "SPADE": Suit.SPADES, "SPADES": Suit.SPADES, "HEART": Suit.HEARTS, "HEARTS": Suit.HEARTS,
        "DIAMOND": Suit.DIAMONDS, "DIAMONDS": Suit.DIAMONDS, "CLUB": Suit.CLUBS, "CLUBS": Suit.CLUBS,
    }),
    notrump=("NT", "N", "NOTRUMP", "NOTRUMPS", "NO TRUMP"),
    nullo=("NL", "NULLO"),
    calls=_upper({
        "PASS": PASS, "P": PASS,
        "X": DOUBLE, "DBL": DOUBLE, "DOUBLE": DOUBLE,
        "XX": REDOUBLE, "RDBL": REDOUBLE, "REDBL": REDOUBLE, "REDOUBLE": REDOUBLE,
    }),
    seats=_upper({
        "N": Seat.NORTH, "E": Seat.EAST, "S": Seat.SOUTH, "W": Seat.WEST,
        "NORTH": Seat.NORTH, "EAST": Seat.EAST, "SOUTH": Seat.SOUTH, "WEST": Seat.WEST,
    }),
    vulnerability=_upper({
        "NONE": Vulnerability.NONE, "LOVE": Vulnerability.NONE, "-": Vulnerability.NONE, "O": Vulnerability.NONE,
        "NS": Vulnerability.NS, "N-S": Vulnerability.NS, "EW": Vulnerability.EW, "E-W": Vulnerability.EW,
        "ALL": Vulnerability.ALL, "BOTH": Vulnerability.ALL, "B": Vulnerability.ALL,
    }),
    rank_out=tuple("23456789TJQKA"),
    suit_out=("C", "D", "H", "S"),
    strain_out=("C", "D", "H", "S", "NT", "NL"),
    call_out=("Pass", "X", "XX"),
    seat_out=("N", "E", "S", "W"),
    seat_names=("North", "East", "South", "West"),
    vul_out=("None", "NS", "EW", "All"),
    words={
        "by": "by", "passed_out": "Pass",
        # text output (bridgecli.render.text)
        "board": "Board", "dealer": "Dealer", "vulnerable": "Vulnerable", "contract": "Contract",
        "result": "Result", "made": "made", "down": "down", "tricks": "tricks", "all_pass": "All Pass",
        "board_passed_out": "Passed out", "trick": "Trick", "lead": "Lead", "won": "Won",
        "notes": "Notes", "play": "Play", "unknown": "unknown",
        # hand records (bridgecli.render.html, bridgecli.render.svg)
        "par": "Par", "makeable": "Makeable contracts", "hand_record": "Hand record",
    },
)

#: Languages by code; a new language is a new entry here.
LANGUAGES: dict[str, Language] = {"en": ENGLISH}


def get_language(code: str | None) -> Language:
    """The language for ``code`` (``en`` when None). Raises ParseError for an unknown code."""
    if code is None:
        return ENGLISH
    lang = LANGUAGES.get(code.lower())
    if lang is None:
        raise ParseError(f"unknown language {code!r} (known: {', '.join(sorted(LANGUAGES))})")
    return lang
