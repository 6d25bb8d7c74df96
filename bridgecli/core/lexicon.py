"""The input side of bridge notation: the tokens each language reads, and the one reading
algorithm over them.

This is the layer under the value types. :mod:`bridgecli.core.cards` and
:mod:`bridgecli.core.calls` parse their text here (``Card.from_str``, ``parse_call``...),
and :mod:`bridgecli.core.notation` builds each ``Language`` (output words, messages) on
these tokens, so that the value types never import the language tables. Values are the
plain numbers of the value types (``Suit.SPADES`` is 3, ``Rank.ACE`` 14, ``Seat.NORTH``
0, ``Vulnerability.ALL`` 3); the readers return numbers and the types wrap them.

Reading is tiered (see :mod:`bridgecli.core.notation`): a :class:`Tokens` table with
``fallbacks`` reads a token with itself first, then with each fallback, and reports
the first table's error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TypeVar

from .errors import ParseError

# the numbers of the value types (bridgecli.core.cards, bridgecli.core.calls)
CLUBS, DIAMONDS, HEARTS, SPADES, NOTRUMP, NULLO = 0, 1, 2, 3, 4, 5
TEN, JACK, QUEEN, KING, ACE = 10, 11, 12, 13, 14
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
VUL_NONE, VUL_NS, VUL_EW, VUL_ALL = 0, 1, 2, 3
CALL_PASS, CALL_DOUBLE, CALL_REDOUBLE = 0, 1, 2
UNDOUBLED, DOUBLED, REDOUBLED = 0, 1, 2

#: suit symbols, read wherever a suit letter is
SYMBOLS: dict[str, int] = {
    "♠": SPADES, "♥": HEARTS, "♦": DIAMONDS, "♣": CLUBS,
    "♤": SPADES, "♡": HEARTS, "♢": DIAMONDS, "♧": CLUBS,
}
#: the symbol of each suit, clubs first (``Suit.symbol``)
SUIT_SYMBOLS = "♣♦♥♠"
DIGIT_RANKS: dict[str, int] = {str(r): r for r in range(2, 11)}

#: English messages, the fallback of every table's ``messages``.
MESSAGES_EN: dict[str, str] = {
    "not_rank": "not a rank: {text}",
    "not_suit": "not a suit: {text}",
    "not_strain": "not a strain: {text}",
    "not_card": "not a card: {text}",
    "not_call": "not a call: {text}",
    "not_call_level": "not a call: {text} (bids go from 1 to 7)",
    "not_seat": "not a seat: {text}",
    "not_vul": "not a vulnerability: {text}",
    "hand_suits": "a hand needs four suits separated by dots: {text}",
    "hand_rank": "not a rank: {tok} in hand {text}",
    "hand_twice": "card {tok} twice in hand {text}",
    "not_contract": "not a contract: {text}",
    "not_contract_level": "not a contract: {text} (levels go from 1 to 7)",
    "unknown_language": "unknown language {text} (known: {known})",
    # illegal calls (validate-auction), worded as bridgecli.core.auction words them
    "illegal_call": "illegal call {n} ({seat}) {call}: {why}",
    "why_insufficient": "insufficient, {last} was the last bid (Law 27)",
    "why_double_own_side": "{last} was bid by the doubler's own side (Law 36)",
    "why_double_nothing": "no bid to double yet (Law 36)",
    "why_redouble_undoubled": "{last} is not doubled (Law 36)",
    "why_redouble_nothing": "no bid to redouble yet (Law 36)",
    "why_redouble_own_double": "the double of {last} came from the redoubler's own side (Law 36)",
    "why_after_close": "the auction closed after call {n} (Law 39)",
}

T = TypeVar("T")


def message(messages: Mapping[str, str], key: str, **values: object) -> str:
    """The message ``key`` from ``messages``, else English, filled with ``values``."""
    template = messages.get(key) or MESSAGES_EN[key]
    return template.format(**values)


@dataclass(frozen=True, eq=False)  # compared by identity, as Language is
class Tokens:
    """The input tokens of one language, upper case, mapped to the numbers of the value types."""

    code: str
    """Short code: ``en``, ``pl``, ``hu``."""
    ranks: Mapping[str, int]
    """Rank tokens (``A``, ``K``, ``T``...); digits 2..10 are always read."""
    suits: Mapping[str, int]
    """Suit tokens (``S``, ``SPADES``...); symbols are always read."""
    notrump: tuple[str, ...]
    """Tokens for notrump (``NT``, ``N``...)."""
    nullo: tuple[str, ...]
    """Tokens for the nullo strain of the variants."""
    calls: Mapping[str, int]
    """Tokens for pass, double and redouble (:data:`CALL_PASS`...)."""
    seats: Mapping[str, int]
    """Seat tokens (``N``, ``NORTH``...)."""
    vulnerability: Mapping[str, int]
    """Vulnerability tokens."""
    passout: tuple[str, ...] = ("PASS", "PASSED", "PASSED OUT", "AP")
    """Tokens for a passed-out contract (besides the pass call)."""
    by: str = "BY"
    """The language's word between a contract and its declarer (``4S by N``); ``BY`` is always read."""
    messages: Mapping[str, str] = field(default_factory=dict)
    """Parse-error templates by key; missing keys fall back to :data:`MESSAGES_EN`."""
    rank_out: tuple[str, ...] = tuple("23456789TJQKA")
    """Rank letters, two first, for messages that quote a card."""
    suit_out: tuple[str, ...] = ("C", "D", "H", "S")
    """Suit letters, clubs first, for messages that quote a card."""
    symbols: bool = False
    """Quote a card's suit as a symbol."""
    fallbacks: tuple[Tokens, ...] = ()
    """Tables tried in order when this one cannot read a token (set by :func:`reader`)."""

    def error(self, key: str, text: str, **values: object) -> ParseError:
        """The ParseError ``key`` about ``text``, in this table's language."""
        return ParseError(message(self.messages, key, text=repr(text), **values))

    def card_text(self, suit: int, rank: int) -> str:
        """A card as this table's messages quote it."""
        return (SUIT_SYMBOLS[suit] if self.symbols else self.suit_out[suit]) + self.rank_out[rank - 2]


def _upper(d: Mapping[str, int]) -> dict[str, int]:
    return {k.upper(): v for k, v in d.items()}


ENGLISH = Tokens(
    code="en",
    ranks=_upper({"A": ACE, "K": KING, "Q": QUEEN, "J": JACK, "T": TEN}),
    suits=_upper({
        "S": SPADES, "H": HEARTS, "D": DIAMONDS, "C": CLUBS,
        "SPADE": SPADES, "SPADES": SPADES, "HEART": HEARTS, "HEARTS": HEARTS,
        "DIAMOND": DIAMONDS, "DIAMONDS": DIAMONDS, "CLUB": CLUBS, "CLUBS": CLUBS,
    }),
    notrump=("NT", "N", "NOTRUMP", "NOTRUMPS", "NO TRUMP"),
    nullo=("NL", "NULLO"),
    calls=_upper({
        "PASS": CALL_PASS, "P": CALL_PASS,
        "X": CALL_DOUBLE, "DBL": CALL_DOUBLE, "DOUBLE": CALL_DOUBLE,
        "XX": CALL_REDOUBLE, "RDBL": CALL_REDOUBLE, "REDBL": CALL_REDOUBLE, "REDOUBLE": CALL_REDOUBLE,
    }),
    seats=_upper({
        "N": NORTH, "E": EAST, "S": SOUTH, "W": WEST,
        "NORTH": NORTH, "EAST": EAST, "SOUTH": SOUTH, "WEST": WEST,
    }),
    vulnerability=_upper({
        "NONE": VUL_NONE, "LOVE": VUL_NONE, "-": VUL_NONE, "O": VUL_NONE,
        "NS": VUL_NS, "N-S": VUL_NS, "EW": VUL_EW, "E-W": VUL_EW,
        "ALL": VUL_ALL, "BOTH": VUL_ALL, "B": VUL_ALL,
    }),
)

#: Polish: ranks A K D W 10 (as, król, dama, walet); suits pik/kier/karo/trefl with the
#: letters P C K T; BA (bez atu); pas, kontra/ktr, rekontra/rktr; seats N E S W and
#: Północ, Wschód, Południe, Zachód (see bridgecli.core.notation.POLISH).
POLISH = Tokens(
    code="pl",
    ranks=_upper({"A": ACE, "AS": ACE, "K": KING, "KRÓL": KING, "D": QUEEN,
                  "DAMA": QUEEN, "W": JACK, "WALET": JACK, "DZIESIĄTKA": TEN}),
    suits=_upper({
        "P": SPADES, "C": HEARTS, "K": DIAMONDS, "T": CLUBS,
        "PIK": SPADES, "PIKI": SPADES, "PIKÓW": SPADES, "PIKACH": SPADES,
        "KIER": HEARTS, "KIERY": HEARTS, "KIERÓW": HEARTS, "KIERACH": HEARTS,
        "KARO": DIAMONDS, "KARA": DIAMONDS, "KAR": DIAMONDS, "KARACH": DIAMONDS,
        "TREFL": CLUBS, "TREFLE": CLUBS, "TREFLI": CLUBS, "TREFLACH": CLUBS,
    }),
    notrump=("BA", "BEZ ATU", "BEZATU"),
    nullo=("NULLO",),
    calls=_upper({
        "PAS": CALL_PASS,
        "KONTRA": CALL_DOUBLE, "KTR": CALL_DOUBLE, "X": CALL_DOUBLE,
        "REKONTRA": CALL_REDOUBLE, "RKTR": CALL_REDOUBLE, "REKTR": CALL_REDOUBLE, "XX": CALL_REDOUBLE,
    }),
    seats=_upper({
        "N": NORTH, "E": EAST, "S": SOUTH, "W": WEST,
        "PÓŁNOC": NORTH, "WSCHÓD": EAST, "POŁUDNIE": SOUTH, "ZACHÓD": WEST,
        "POLNOC": NORTH, "WSCHOD": EAST, "POLUDNIE": SOUTH, "ZACHOD": WEST,
        "PŁN": NORTH, "WSCH": EAST, "PŁD": SOUTH, "ZACH": WEST,
        "PLN": NORTH, "PLD": SOUTH, "PN": NORTH, "PD": SOUTH,
    }),
    vulnerability=_upper({
        "NIKT": VUL_NONE, "OBIE PRZED": VUL_NONE, "PRZED": VUL_NONE,
        "NS": VUL_NS, "N-S": VUL_NS, "NS PO": VUL_NS,
        "EW": VUL_EW, "E-W": VUL_EW, "WE": VUL_EW, "W-E": VUL_EW,
        "EW PO": VUL_EW, "WE PO": VUL_EW,
        "OBIE": VUL_ALL, "OBIE PO": VUL_ALL, "WSZYSCY": VUL_ALL, "OBA": VUL_ALL, "OBAJ": VUL_ALL,
        "ŻADNA": VUL_NONE, "ZADNA": VUL_NONE, "ŻADNI": VUL_NONE, "NIKT PO": VUL_NONE,
    }),
    passout=("PAS", "PASY", "SPASOWANE", "4 PASY"),
)

#: Hungarian: suits pikk, kőr, káró, treff with the letters P C K T; szan, szanzadu or
#: SA; passz, kontra, rekontra; seats Észak, Kelet, Dél, Nyugat (É K D Ny); ranks
#: A K Q J and the initials D (dáma), B (bubi) (see bridgecli.core.notation.HUNGARIAN).
HUNGARIAN = Tokens(
    code="hu",
    ranks=_upper({"A": ACE, "ÁSZ": ACE, "K": KING, "KIRÁLY": KING, "Q": QUEEN,
                  "D": QUEEN, "DÁMA": QUEEN, "J": JACK, "B": JACK, "BUBI": JACK,
                  "T": TEN}),
    suits=_upper({
        "P": SPADES, "C": HEARTS, "K": DIAMONDS, "T": CLUBS,
        "PIKK": SPADES, "PIK": SPADES, "KŐR": HEARTS, "KÖR": HEARTS, "KOR": HEARTS,
        "KÁRÓ": DIAMONDS, "KARO": DIAMONDS, "KÁRO": DIAMONDS, "TREFF": CLUBS,
    }),
    notrump=("SZAN", "SZANZADU", "SZANADU", "SZ", "SA"),
    nullo=("NULLO",),
    calls=_upper({
        "PASSZ": CALL_PASS, "P": CALL_PASS,
        "KONTRA": CALL_DOUBLE, "*": CALL_DOUBLE, "X": CALL_DOUBLE,
        "REKONTRA": CALL_REDOUBLE, "**": CALL_REDOUBLE, "XX": CALL_REDOUBLE,
    }),
    seats=_upper({
        "É": NORTH, "K": EAST, "D": SOUTH, "NY": WEST,
        "ÉSZAK": NORTH, "KELET": EAST, "DÉL": SOUTH, "NYUGAT": WEST,
        "ÉSZ": NORTH, "NYUG": WEST, "ESZAK": NORTH, "DEL": SOUTH,
    }),
    vulnerability=_upper({
        "SENKI": VUL_NONE, "MANS": VUL_NONE, "MANS-MANS": VUL_NONE,
        "É-D": VUL_NS, "ÉD": VUL_NS, "É-D BELL": VUL_NS,
        "K-NY": VUL_EW, "KNY": VUL_EW, "K-NY BELL": VUL_EW,
        "MINDENKI": VUL_ALL, "MIND": VUL_ALL, "BELL-BELL": VUL_ALL,
        "MINDKETTŐ": VUL_ALL, "MINDKETTO": VUL_ALL, "MINDKÉT": VUL_ALL, "NINCS": VUL_NONE, "EGYIK SEM": VUL_NONE,
        "ÉD BELL": VUL_NS, "KNY BELL": VUL_EW,
    }),
    passout=("PASSZ", "MIND PASSZ", "BEPASSZOLVA"),
)

#: The tokens of every known language, by code; bridgecli.core.notation.LANGUAGES has a
#: Language on each of them.
TOKENS: dict[str, Tokens] = {"en": ENGLISH, "pl": POLISH, "hu": HUNGARIAN}


# -- tables with fallbacks --------------------------------------------------------------------

_MAPPINGS = ("ranks", "suits", "calls", "seats", "vulnerability")
_TUPLES = ("notrump", "nullo", "passout")


def merge(first: Tokens, others: Iterable[Tokens] = ()) -> Tokens:
    """``first`` with the tokens of ``others`` it lacks.

    A token of ``first`` keeps its meaning; a token ``others`` give two different
    meanings (and ``first`` none) is left out, as ambiguous.
    """
    others = tuple(others)
    fields: dict[str, object] = {}
    for name in _MAPPINGS:
        table = dict(getattr(first, name))
        votes: dict[str, set[int]] = {}
        for tokens in others:
            for tok, value in getattr(tokens, name).items():
                votes.setdefault(tok, set()).add(value)
        for tok, values in votes.items():
            if tok not in table and len(values) == 1:
                table[tok] = next(iter(values))
        fields[name] = table
    # tokens of one kind that another kind of ``first`` reads differently stay unread
    taken = set(first.notrump) | set(first.nullo) | set(first.suits)
    for name in _TUPLES:
        toks = list(getattr(first, name))
        for tokens in others:
            toks += [t for t in getattr(tokens, name) if t not in toks and (name == "passout" or t not in taken)]
        fields[name] = tuple(toks)
    return replace(first, fallbacks=(), **fields)  # type: ignore[arg-type]


def reader(table: Tokens, known: Iterable[Tokens] | None = None) -> Tokens:
    """``table`` with its reading fallbacks: ``table`` merged with English, then with the
    other ``known`` languages (default :data:`TOKENS`) where they agree."""
    known = tuple(TOKENS.values() if known is None else known)
    others = tuple(t for t in known if t.code not in (table.code, ENGLISH.code))
    tiers: list[Tokens] = []
    if table.code != ENGLISH.code:
        tiers.append(merge(table, (ENGLISH,)))
    tiers.append(merge(tiers[-1] if tiers else table, others))
    return replace(table, fallbacks=tuple(tiers))


@cache
def default_reader() -> Tokens:
    """The English reader with its fallbacks: what ``Card.from_str``, ``Seat.from_str``,
    ``parse_call`` and YAML, JSON and LIN values read (any foreign token the other
    languages agree on)."""
    return reader(ENGLISH)


def _tiers(table: Tokens, read: Callable[[Tokens], T]) -> T:
    """``read`` with ``table``, then with each fallback; the first error if all fail."""
    try:
        return read(table)
    except ParseError:
        for other in table.fallbacks:
            try:
                return read(other)
            except ParseError:
                continue
        raise


# -- reading -------------------------------------------------------------------------------

def read_rank(table: Tokens, text: str) -> int:
    """A rank token: 2..14. Raises ParseError."""
    return _tiers(table, lambda t: _rank(t, text))


def _rank(table: Tokens, text: str) -> int:
    t = text.strip().upper()
    r = table.ranks.get(t) or DIGIT_RANKS.get(t)
    if r is None:
        raise table.error("not_rank", text)
    return r


def read_suit(table: Tokens, text: str) -> int:
    """A suit token or symbol: 0 (clubs)..3 (spades). Raises ParseError."""
    return _tiers(table, lambda t: _suit(t, text))


def _suit(table: Tokens, text: str) -> int:
    t = text.strip()
    s = SYMBOLS.get(t)
    if s is None:
        s = table.suits.get(t.upper())
    if s is None:
        raise table.error("not_suit", text)
    return s


def _strain_token(table: Tokens, t: str) -> int | None:
    if t in SYMBOLS:
        return SYMBOLS[t]
    if t in table.notrump:
        return NOTRUMP
    if t in table.nullo:
        return NULLO
    return table.suits.get(t)


def read_strain(table: Tokens, text: str) -> int:
    """A strain: a suit token (0..3), notrump (4: ``NT``, ``N``) or nullo (5). Raises ParseError."""
    return _tiers(table, lambda t: _strain(t, text))


def _strain(table: Tokens, text: str) -> int:
    s = _strain_token(table, text.strip().upper())
    if s is None:
        raise table.error("not_strain", text)
    return s


def read_card(table: Tokens, text: str) -> tuple[int, int]:
    """(suit, rank) of a card: suit then rank (``SA``, ``♠10``) or rank then suit
    (``AS``, ``10h``). Raises ParseError."""
    return _tiers(table, lambda t: _card(t, text))


#: Tokens longer than this are read by trying only the splits that can give two tokens.
_SHORT_CARD = 24


def _card(table: Tokens, text: str) -> tuple[int, int]:
    t = text.strip().upper()
    lo, hi = 1, len(t)
    if hi > _SHORT_CARD:
        # a card is two tokens: no part longer than the longest token can read, so a long
        # token tries the few splits that can (trying every one took 12 s for 200 KB)
        longest = max(2, *map(len, SYMBOLS), *map(len, table.suits), *map(len, table.ranks))
        lo, hi = max(1, hi - longest), min(hi, longest + 1)
    for i in range(lo, hi):
        a, b = t[:i], t[i:]
        suit = SYMBOLS.get(a, table.suits.get(a))
        if suit is not None:
            rank = table.ranks.get(b) or DIGIT_RANKS.get(b)
            if rank is not None:
                return suit, rank
        rank = table.ranks.get(a) or DIGIT_RANKS.get(a)
        if rank is not None:
            suit = SYMBOLS.get(b, table.suits.get(b))
            if suit is not None:
                return suit, rank
    raise table.error("not_card", text)


def read_call(table: Tokens, text: str) -> tuple[int, int]:
    """A call: ``(0, CALL_PASS | CALL_DOUBLE | CALL_REDOUBLE)``, or ``(level, strain)`` for a
    bid ``1C``..``7NT``. Raises ParseError."""
    return _tiers(table, lambda t: _call(t, text))


def _call(table: Tokens, text: str) -> tuple[int, int]:
    t = text.strip().upper()
    call = table.calls.get(t)
    if call is not None:
        return 0, call
    if len(t) >= 2 and t[0] in "1234567":
        strain = _strain_token(table, t[1:].strip())
        if strain is not None:
            return int(t[0]), strain
    if len(t) >= 2 and t[0].isdigit():
        raise table.error("not_call_level", text)
    raise table.error("not_call", text)


def read_seat(table: Tokens, text: str) -> int:
    """A seat: 0 (North)..3 (West) from ``N``, ``north``... Raises ParseError."""
    return _tiers(table, lambda t: _seat(t, text))


def _seat(table: Tokens, text: str) -> int:
    s = table.seats.get(text.strip().upper())
    if s is None:
        raise table.error("not_seat", text)
    return s


def read_vul(table: Tokens, text: str) -> int:
    """A vulnerability: 0 (none), 1 (NS), 2 (EW), 3 (all), from ``None``, ``NS``, ``All``
    and synonyms. Raises ParseError."""
    return _tiers(table, lambda t: _vul(t, text))


def _vul(table: Tokens, text: str) -> int:
    v = table.vulnerability.get(text.strip().upper())
    if v is None:
        raise table.error("not_vul", text)
    return v


def read_hand(table: Tokens, text: str) -> list[tuple[int, int]]:
    """(suit, rank) of each card of a PBN-style hand ``S.H.D.C`` (ranks in any order,
    ``10`` allowed, ``-`` a void). Raises ParseError."""
    return _tiers(table, lambda t: _hand(t, text))


def _hand(table: Tokens, text: str) -> list[tuple[int, int]]:
    parts = text.strip().split(".")
    if len(parts) != 4:
        raise table.error("hand_suits", text)
    cards: list[tuple[int, int]] = []
    for suit, part in zip((SPADES, HEARTS, DIAMONDS, CLUBS), parts):
        part = part.strip().upper()
        if part in ("-", "—"):
            continue
        i = 0
        while i < len(part):
            if part.startswith("10", i):
                tok, i = "10", i + 2
            else:
                tok, i = part[i], i + 1
            rank = table.ranks.get(tok) or DIGIT_RANKS.get(tok)
            if rank is None:
                raise table.error("hand_rank", text, tok=repr(tok))
            if (suit, rank) in cards:
                raise table.error("hand_twice", text, tok=repr(table.card_text(suit, rank)))
            cards.append((suit, rank))
    return cards


def read_contract(table: Tokens, text: str) -> tuple[int, int, int, int | None]:
    """(level, strain, risk, declarer or None) of ``4S``, ``4SX``, ``3NTXX``, ``4♠``; level 0
    for a passed-out board (``pass``). A trailing seat (``4SXS``, ``4SX by S``) names the
    declarer. Raises ParseError."""
    return _tiers(table, lambda t: _contract(t, text))


def _contract(table: Tokens, text: str) -> tuple[int, int, int, int | None]:
    t = " ".join(text.strip().upper().split())
    if table.calls.get(t) == CALL_PASS or t in table.passout:
        return 0, NOTRUMP, UNDOUBLED, None
    declarer: int | None = None
    words = t.split(" ")
    if len(words) == 3 and words[1] in ("BY", table.by):
        declarer = _seat(table, words[2])
        t = words[0]
    elif len(words) == 2:
        declarer = _seat(table, words[1])
        t = words[0]
    elif len(words) != 1:
        raise table.error("not_contract", text)
    if len(t) < 2 or t[0] not in "1234567":
        if t[:1].isdigit():
            raise table.error("not_contract_level", text)
        raise table.error("not_contract", text)
    level = int(t[0])
    rest = t[1:]
    # longest strain token first, then risk, then an optional seat
    top = len(rest)
    if top > _SHORT_CARD:  # (no strain token is longer: trying every length was quadratic)
        top = max(2, *map(len, SYMBOLS), *map(len, table.notrump), *map(len, table.nullo), *map(len, table.suits))
    for j in range(min(top, len(rest)), 0, -1):
        strain = _strain_token(table, rest[:j])
        if strain is None:
            continue
        tail = rest[j:]
        risk = UNDOUBLED
        for tok, rk in (("XX", REDOUBLED), ("X", DOUBLED)):
            if tail.startswith(tok):
                risk, tail = rk, tail[len(tok):]
                break
        else:
            for tok, call in table.calls.items():
                if call == CALL_REDOUBLE and tail.startswith(tok) and tok:
                    risk, tail = REDOUBLED, tail[len(tok):]
                    break
                if call == CALL_DOUBLE and tail.startswith(tok) and tok:
                    risk, tail = DOUBLED, tail[len(tok):]
                    break
        if tail:
            if declarer is not None:
                continue
            try:
                seat = _seat(table, tail)
            except ParseError:
                continue
            return level, strain, risk, seat
        return level, strain, risk, declarer
    raise table.error("not_contract", text)
