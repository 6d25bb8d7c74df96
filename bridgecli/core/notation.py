"""Table-driven notation: how cards, calls, seats and contracts are written.

A :class:`Language` is pure data: tables from input tokens to core values and
the words used on output. English is :data:`ENGLISH`, Polish :data:`POLISH`,
Hungarian :data:`HUNGARIAN`; another language is another table (see
:data:`LANGUAGES`), not new code. Input is case-insensitive and accepts the
suit symbols ♠♥♦♣ wherever a suit letter is.

Reading in tiers: :func:`get_language` returns a *reader*, the language's
table plus fallbacks, so that a token is read

1. as the chosen language reads it (its meaning wins where languages clash:
   ``W`` is West in English, but the jack inside a Polish card ``♠W``);
2. else as English reads it (PBN and the bridge world's lingua franca);
3. else as the other known languages read it, when they agree.

A whole token is read in one tier, so ``KD`` is the king of diamonds in
English and the queen of diamonds (``K`` karo, ``D`` dama) in Polish. The
bare tables (``ENGLISH``...) have no fallbacks and read strictly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING

from . import lexicon
from .contract import Contract, Risk
from .enums import Rank, Seat, Strain, Suit, Vulnerability
from .errors import ParseError
from .notation_errors import ERRORS_HU, ERRORS_PL, TERMS_EN, TERMS_HU, TERMS_PL, error_table

if TYPE_CHECKING:
    from .calls import Bid, Call
    from .cards import Card, Hand

_SEAT_WORDS = ("north", "east", "south", "west")
_SEAT_LETTERS = ("N", "E", "S", "W")


@cache
def _call_values() -> tuple[tuple[Call, Call, Call], type[Bid]]:
    """Pass, double, redouble (by the numbers of bridgecli.core.lexicon) and the bid class,
    imported when a call is first read or written: a contract needs none (start-up time)."""
    from .calls import DOUBLE, PASS, REDOUBLE, Bid

    return (PASS, DOUBLE, REDOUBLE), Bid


@cache
def _card_types() -> tuple[type[Card], type[Hand]]:
    """The card and hand classes, imported when a card is first read or written (start-up time)."""
    from .cards import Card, Hand

    return Card, Hand


#: A warning's count of further cases, at its end (``... (3 more)``).
_MORE = r" \((\d+) more\)$"


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled once, when a message first needs it (not at import)."""
    return re.compile(pattern)

#: English parse-error messages, the fallback of every table's ``messages``.
_MESSAGES_EN = lexicon.MESSAGES_EN


@dataclass(frozen=True, eq=False)  # compared by identity; a generated __eq__ costs start-up
class Language:
    """One language's bridge notation, for reading and for writing."""

    def __repr__(self) -> str:
        return f"<Language {self.code}>"

    code: str
    """Short code: ``en``, ``pl``, ``hu``."""
    tokens: lexicon.Tokens
    """The input tokens (ranks, suits, calls, seats...) this table reads, from
    :mod:`bridgecli.core.lexicon`; its messages and card letters are this table's."""
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
    """Other words for text output (``board``, ``dealer``, ``by``...); a key the
    table lacks falls back to English (:meth:`word`)."""
    risk_out: tuple[str, str, str] = ("", "X", "XX")
    """Suffix of an undoubled, doubled, redoubled contract."""
    messages: Mapping[str, str] = field(default_factory=dict)
    """Templates of parse-error messages by key (``not_call``...); missing keys
    fall back to English. Placeholders: ``{text}`` (already quoted), ``{tok}``."""
    symbols: bool = False
    """Write suits as ♠♥♦♣ unless a caller asks for letters (``symbols=False``);
    Polish and Hungarian letters (``C`` hearts, ``K`` diamonds) clash with ranks and English."""
    fallbacks: tuple[Language, ...] = ()
    """Tables tried in order when this one cannot read a token (set by
    :func:`get_language`; the bare tables have none)."""
    error_patterns: tuple[tuple[str, str], ...] = ()
    """(regular expression over an English error message, template in this
    language) pairs, tried in order by :meth:`translate_error`; built by
    :func:`bridgecli.core.notation_errors.error_table`. English has none."""

    def __post_init__(self) -> None:
        # the tokens report errors as this table words them
        tokens = replace(self.tokens, code=self.code, messages=self.messages, rank_out=self.rank_out,
                         suit_out=self.suit_out, symbols=self.symbols, by=self.word("by").upper())
        object.__setattr__(self, "tokens", tokens)

    # -- messages ----------------------------------------------------------

    def message(self, key: str, **values: object) -> str:
        """The parse-error message ``key`` in this language, filled with ``values``."""
        template = self.messages.get(key) or _MESSAGES_EN[key]
        return template.format(**values)

    def translate_error(self, text: str) -> str:
        """``text``, an English error message, in this language where a pattern of
        :attr:`error_patterns` reads it; unchanged otherwise (and always in English).

        A warning's count of further cases at its end (``(3 more)``) is written in this
        language too. The message may start with where it comes from (``FILE:LINE: board 5: ...``):
        the place is kept and ``board 5`` translated. Quoted input, numbers and Law
        numbers are copied; seat names go through the seat table, nested messages
        are translated in turn. Only the first line is read (a caret line follows
        deal-expression errors and is kept as it is).
        """
        if not self.error_patterns:
            return text
        head, nl, tail = text.partition("\n")
        more = re.search(_MORE, head)  # a warning's count of further cases: "(3 more)"
        if more is not None:
            return (self._translate_line(head[: more.start()]) + " " + self.word("more_n").format(n=more.group(1))
                    + nl + tail)
        return self._translate_line(head) + nl + tail

    def _translate_line(self, text: str) -> str:
        starts = [0] + [m.end() for m in re.finditer(": ", text)]
        for pos in starts:
            body = self._translate_whole(text[pos:])
            if body is not None:
                place = text[:pos].split(": ")
                return ": ".join(self._translate_whole(part) or part for part in place) + body
        return text

    def _translate_whole(self, text: str) -> str | None:
        for pattern, template in self.error_patterns:
            m = _compiled(pattern).fullmatch(text)
            if m is None:
                continue
            values = {name: self._error_value(name, value or "") for name, value in m.groupdict().items()}
            return template.format_map(values)
        return None

    def _error_value(self, name: str, value: str) -> str:
        if name.startswith("seat"):
            if value in _SEAT_WORDS:
                return self.seat_names[_SEAT_WORDS.index(value)]
            if value in _SEAT_LETTERS:
                return self.seat_out[_SEAT_LETTERS.index(value)]
        elif name.startswith("msg"):
            return self._translate_line(value)
        elif name.startswith("term"):
            return self.words.get(f"term_{value}", value)
        return value

    # -- reading (bridgecli.core.lexicon reads; the tokens' numbers become values here) --

    @property
    def ranks(self) -> Mapping[str, int]:
        """Upper-case rank tokens (``A``, ``K``, ``T``...) -> rank; digits 2..10 are always accepted."""
        return self.tokens.ranks

    @property
    def suits(self) -> Mapping[str, int]:
        """Upper-case suit tokens (``S``, ``SPADES``...) -> suit; symbols are always accepted."""
        return self.tokens.suits

    @property
    def notrump(self) -> tuple[str, ...]:
        """Upper-case tokens for notrump (``NT``, ``N``...)."""
        return self.tokens.notrump

    @property
    def nullo(self) -> tuple[str, ...]:
        """Upper-case tokens for the nullo strain of the variants."""
        return self.tokens.nullo

    @property
    def calls(self) -> Mapping[str, Call]:
        """Upper-case tokens for pass, double and redouble."""
        calls = _call_values()[0]
        return {tok: calls[code] for tok, code in self.tokens.calls.items()}

    @property
    def seats(self) -> Mapping[str, int]:
        """Upper-case seat tokens (``N``, ``NORTH``...) -> seat."""
        return self.tokens.seats

    @property
    def vulnerability(self) -> Mapping[str, int]:
        """Upper-case vulnerability tokens -> vulnerability."""
        return self.tokens.vulnerability

    @property
    def passout(self) -> tuple[str, ...]:
        """Upper-case tokens for a passed-out contract (besides the pass call)."""
        return self.tokens.passout

    def parse_rank(self, text: str) -> Rank:
        """A rank token. Raises ParseError."""
        return Rank(lexicon.read_rank(self.tokens, text))

    def parse_suit(self, text: str) -> Suit:
        """A suit token or symbol. Raises ParseError."""
        return Suit(lexicon.read_suit(self.tokens, text))

    def parse_strain(self, text: str) -> Strain:
        """A strain: a suit token, or notrump (``NT``, ``N``), or nullo. Raises ParseError."""
        return Strain(lexicon.read_strain(self.tokens, text))

    def parse_card(self, text: str) -> Card:
        """A card: suit then rank (``SA``, ``♠10``) or rank then suit (``AS``, ``10h``).

        Raises ParseError.
        """
        suit, rank = lexicon.read_card(self.tokens, text)
        return _card_types()[0].from_index(suit * 13 + rank - 2)

    def parse_call(self, text: str) -> Call:
        """A call: pass, double, redouble or a bid ``1C``..``7NT``. Raises ParseError."""
        level, value = lexicon.read_call(self.tokens, text)
        calls, bid = _call_values()
        return calls[value] if level == 0 else bid(level, Strain(value))

    def parse_seat(self, text: str) -> Seat:
        """A seat: ``N``, ``north``... Raises ParseError."""
        return Seat(lexicon.read_seat(self.tokens, text))

    def parse_vul(self, text: str) -> Vulnerability:
        """A vulnerability: ``None``, ``NS``, ``EW``, ``All`` and synonyms. Raises ParseError."""
        return Vulnerability(lexicon.read_vul(self.tokens, text))

    def parse_hand(self, text: str) -> Hand:
        """A PBN-style hand ``S.H.D.C`` (ranks in any order, ``10`` allowed, ``-`` = void).

        Raises ParseError.
        """
        card, hand = _card_types()
        return hand(card.from_index(suit * 13 + rank - 2) for suit, rank in lexicon.read_hand(self.tokens, text))

    def parse_contract(self, text: str) -> Contract:
        """``4S``, ``4SX``, ``3NTXX``, ``4♠``, ``pass``; a trailing seat (``4SXS``,
        ``4SX by S``) names the declarer. Raises ParseError.
        """
        level, strain, risk, seat = lexicon.read_contract(self.tokens, text)
        if level == 0:
            return Contract.passed_out()
        return Contract(level, Strain(strain), Risk(risk), None if seat is None else Seat(seat))

    # -- writing -----------------------------------------------------------

    def rank_str(self, rank: Rank) -> str:
        """The rank's letter in this language."""
        return self.rank_out[rank - 2]

    def suit_str(self, suit: Suit, symbols: bool | None = None) -> str:
        """The suit's letter, or its symbol when ``symbols`` (None: the table's :attr:`symbols`)."""
        if symbols is None:
            symbols = self.symbols
        return suit.symbol if symbols else self.suit_out[suit]

    def strain_str(self, strain: Strain, symbols: bool | None = None) -> str:
        """The strain's text (symbol for suits when ``symbols``; None: the table's :attr:`symbols`)."""
        if symbols is None:
            symbols = self.symbols
        if symbols and strain.suit is not None:
            return strain.suit.symbol
        return self.strain_out[strain]

    def card_str(self, card: Card, symbols: bool | None = None) -> str:
        """Suit then rank: ``SA`` or ``♠A``."""
        return self.suit_str(card.suit, symbols) + self.rank_str(card.rank)

    def call_str(self, call: Call, symbols: bool | None = None) -> str:
        """A call in this language."""
        (pass_, double, _redouble), bid = _call_values()
        if isinstance(call, bid):
            return f"{call.level}{self.strain_str(call.strain, symbols)}"
        if call is pass_ or type(call).__name__ == "Pass":
            return self.call_out[0]
        if call is double or type(call).__name__ == "Double":
            return self.call_out[1]
        return self.call_out[2]

    def contract_str(self, contract: Contract, symbols: bool | None = None, declarer: bool = False) -> str:
        """``4SX`` (``4♠X``), or the pass word; ``declarer`` appends ``by S``."""
        if contract.is_passout:
            return self.word("passed_out")
        text = f"{contract.level}{self.strain_str(contract.strain, symbols)}"
        text += self.risk_out[contract.risk]
        if declarer and contract.declarer is not None:
            by = self.word("by")
            text += f" {by} {self.seat_out[contract.declarer]}" if by else f" {self.seat_out[contract.declarer]}"
        return text

    def seat_str(self, seat: Seat) -> str:
        """The seat's letter."""
        return self.seat_out[seat]

    def vul_str(self, vul: Vulnerability) -> str:
        """The vulnerability's text."""
        return self.vul_out[vul]

    def word(self, key: str) -> str:
        """A text-output word: this table's, else English's, else the key itself."""
        w = self.words.get(key)
        if w is None:
            w = _WORDS_EN.get(key, key)
        return w

    def hand_str(self, hand: Hand, symbols: bool | None = None, sep: str = " ") -> str:
        """A hand by suits, spades first, with suit letters or symbols and ``-`` for a void."""
        out = []
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
            ranks = "".join(self.rank_str(c.rank) for c in hand.suit(suit)) or "-"
            out.append(self.suit_str(suit, symbols) + ranks)
        return sep.join(out)


#: English output words, the fallback of every table's ``words``.
_WORDS_EN: dict[str, str] = {
    "by": "by", "passed_out": "Pass",
    # bridgecli.render.text
    "board": "Board", "dealer": "Dealer", "vulnerable": "Vulnerable", "contract": "Contract",
    "result": "Result", "made": "made", "down": "down", "tricks": "tricks", "all_pass": "All Pass", "more_n": "({n} more)",
    "board_passed_out": "Passed out", "trick": "Trick", "lead": "Lead", "won": "Won",
    "notes": "Notes", "play": "Play", "unknown": "unknown",
    # hand records (bridgecli.render.html, bridgecli.render.svg)
    "makeable": "Makeable contracts", "hand_record": "Hand record",
    "result_made": "{contract}, {made} {tricks} {tricks_word}", "result_down": "{contract}, {down} {under}",
    "result_tricks": "{tricks} {tricks_word}",
    # tables of score, solve, rubber
    "vul": "Vul", "declarer": "By", "tricks_header": "Tricks", "ending_1": "ending of {n} trick", "ending_n": "ending of {n} tricks",
    "leads_line": "Leads v {contract}{by} {declarer} ({leader} leads), defence tricks {tricks}", "side_ns": "N-S", "side_ew": "E-W", "opening_lead": "Lead", "ns": "NS", "ew": "EW", "score": "Score",
    "open": "Open", "closed": "Closed", "res": "Res", "home": "Home", "visitors": "Visitors",
    "team": "Team", "imps": "IMPs", "vp": "VP", "pair": "Pair", "player_title": "Player", "rank": "Rank", "boards": "Boards",
    "mp": "MP", "top": "Top", "percent": "%", "ximps": "XIMPs", "butler": "Butler",
    "datum": "Datum", "makes": "makes", "par": "Par", "leads": "Leads", "leader_leads": "leads",
    "versus": "v",
    # validate-auction
    "record": "Record", "auction": "Auction", "no_auction": "no auction recorded",
    "incomplete_1": "incomplete after {n} call, {seat} to call",
    "incomplete_n": "incomplete after {n} calls, {seat} to call",
    "auction_passed_out": "passed out", "mismatch": "mismatch: tags say {contract}",
    "legal_calls": "legal calls", "unreadable": "unreadable record",
    "call_position": "call {n}, column {column}", "unknown_call_in": "unknown call {token} in --calls ({pos})",
    "vul_none": "neither vulnerable", "vul_ns": "N-S vulnerable", "vul_ew": "E-W vulnerable",
    "vul_all": "both vulnerable",
    "irregular_noted": "irregularity noted in the record: {what}",
    "irregular_i": "call {n} ({seat}) {call}, insufficient, accepted (Law 27A1)",
    "irregular_s": "call {n} ({seat}) skipped by a call out of rotation (Laws 29-32)",
    "irregular_i_unfit": "call {n} ({seat}) {call} is marked ^I but is not insufficient",
    "irregular_play": "Marked in the play: {marks}", "trick_mark": "trick {n} {seat} {card}",
    # play
    "claimed_after": "(claimed after {n})", "illegal_play": "illegal play at trick {trick} by {seat}",
    "play_stops_1": "play stops after {n} trick, declarer has {d}",
    "play_stops_n": "play stops after {n} tricks, declarer has {d}",
    "col_trick": "trick", "col_lead": "lead", "col_1st": "1st", "col_2nd": "2nd", "col_3rd": "3rd",
    "col_4th": "4th", "col_won": "won", "col_decl": "decl", "col_def": "def",
    "and": "and", "play_hint": "Type a card (HK, kh, 10h), 'undo', 'claim N', 'quit'.",
    "plays": "plays", "to_play": "to play", "you_play": "you play", "no_card_yet": "(no card yet)",
    "trick_to": "trick {n} to {seat}",
    # rubber (bridgecli.cli.rubber): score sheet words
    "we": "We", "they": "They", "above": "above the line", "below": "below the line", "game": "Game",
    "rubber": "Rubber", "rubber_bonus": "rubber bonus", "honours": "honours", "total": "Total",
    "deal": "Deal", "part_score": "part score", "chicago": "Chicago",
    "chicago_round": "Chicago round", "four_deals_played": "four deals played", "ahead": "{side} ahead",
    "level": "level", "won_it": "{side} won it {a}-{b}", "unfinished": "unfinished",
    "scored_as_stopped": "(scored as stopped)", "dealer_lc": "dealer", "vul_lc": "vul", "game_n": "game {n}",
    "we_col": "WE (N-S)", "they_col": "THEY (E-W)", "total_lc": "total", "difference": "Difference",
    "settlement": "settlement", "players_after": "Players after {what}:", "player": "player", "this": "this",
    "points": "points", "units": "units", "all_rubbers": "All rubbers", "all_rounds": "All rounds",
    "no_deals_rubber": "no deals, no rubber", "no_deals_round": "no deals, no round", "dealt_again": "dealt again",
    "reason_tricks": "tricks", "reason_overtricks": "overtricks", "reason_grand_slam": "grand slam",
    "reason_small_slam": "small slam", "reason_insult": "insult", "reason_undertricks": "undertricks",
    "reason_honours": "honours", "reason_game": "game", "reason_rubber": "rubber", "reason_part_score": "part-score",
    "reason_unfinished_game": "unfinished game", "reason_unfinished_part_score": "unfinished part-score",
    "rubber_lc": "rubber", "round_lc": "round",
    # rubber: the scoring scheme a sheet names, and the rounding of its settlement
    "scheme_rubber": "rubber", "scheme_chicago": "chicago", "scheme_chicago-b": "chicago-b",
    "rounding_nearest": "nearest", "rounding_half-down": "half-down", "rounding_down": "down", "rounding_up": "up",
    "rounding_exact": "exact",
    # movement (bridgecli.cli.movement): guide cards, table cards, the board-movement sheet
    "mv_round": "Round", "mv_table": "Table", "mv_direction": "Direction", "mv_boards": "Boards",
    "mv_opponents": "Opponents", "mv_next": "Boards go to", "mv_set": "Set",
    "mv_sits_out": "sits out", "mv_not_in_play": "not in play", "mv_end": "end", "mv_table_n": "table {t}",
    "mv_shared": "shared with table {t}", "mv_guide_card": "Guide card: pair {p}",
    "mv_table_card": "Table card: table {t}", "mv_board_sheet": "Board movement",
    "mv_summary": "{tables} tables, {rounds} rounds, boards 1-{boards} ({per} a round), pairs {pairs}",
    "mv_missing": "missing pairs: {pairs}", "mv_arrow": "arrow switch in rounds {rounds}",
    "mv_copies": "every table has its own copy of the boards",
    "mv_later": "rest, then table {t} in round {r}",
    "mv_shared_mark": "*: two tables share the boards (each plays half, then they swap)",
    **TERMS_EN,
}

ENGLISH = Language(
    code="en",
    tokens=lexicon.ENGLISH,
    rank_out=tuple("23456789TJQKA"),
    suit_out=("C", "D", "H", "S"),
    strain_out=("C", "D", "H", "S", "NT", "NL"),
    call_out=("Pass", "X", "XX"),
    seat_out=("N", "E", "S", "W"),
    seat_names=("North", "East", "South", "West"),
    vul_out=("None", "NS", "EW", "All"),
    words=_WORDS_EN,
)

#: Polish, as the seeds and Polish club pages write it: ranks A K D W 10 (as,
#: król, dama, walet); suits pik/kier/karo/trefl with the letters P C K T of
#: Polish plain-text records; BA (bez atu); pas, kontra/ktr, rekontra/rktr; seats
#: N E S W (the letters Polish players use) and Północ, Wschód, Południe, Zachód.
POLISH = Language(
    code="pl",
    symbols=True,
    tokens=lexicon.POLISH,
    rank_out=("2", "3", "4", "5", "6", "7", "8", "9", "10", "W", "D", "K", "A"),
    suit_out=("T", "K", "C", "P"),
    strain_out=("T", "K", "C", "P", "BA", "NULLO"),
    call_out=("pas", "ktr", "rktr"),
    seat_out=("N", "E", "S", "W"),
    seat_names=("Północ", "Wschód", "Południe", "Zachód"),
    vul_out=("obie przed", "NS po", "EW po", "obie po"),
    risk_out=("", "X", "XX"),
    words={
        "by": "", "passed_out": "pas",
        "board": "Rozdanie", "dealer": "Rozdający", "vulnerable": "Założenia", "contract": "Kontrakt",
        "result": "Wynik", "made": "ugrany", "down": "bez", "tricks": "lew", "all_pass": "pasy", "more_n": "(i jeszcze {n})",
        "board_passed_out": "Rozdanie spasowane", "trick": "Lewa", "lead": "Wist", "won": "Bierze",
        "notes": "Uwagi", "play": "Rozgrywka", "unknown": "nieznany",
        "makeable": "Kontrakty do ugrania", "hand_record": "Rozkłady",
        "result_made": "{contract}, {made} ({tricks} {tricks_word})", "result_down": "{contract}, {down} {under}",
        "result_tricks": "{tricks} {tricks_word}",
        "vul": "Zał.", "declarer": "Rozgr.", "tricks_header": "Lewy", "ending_1": "końcówka {n} lewy", "ending_n": "końcówka {n} lew",
        "leads_line": "Wisty przeciw {contract}{by} {declarer} (wistuje {leader}), lewy obrońców {tricks}", "side_ns": "NS", "side_ew": "EW", "opening_lead": "Wist", "ns": "NS", "ew": "EW", "score": "Zapis",
        "open": "Otwarty", "closed": "Zamknięty", "res": "Wynik", "home": "Gospodarze", "visitors": "Goście",
        "team": "Drużyna", "imps": "IMP", "vp": "PZ", "pair": "Para", "player_title": "Gracz", "rank": "Miejsce", "boards": "Rozdania",
        "mp": "PM", "top": "Top", "percent": "%", "ximps": "XIMP", "butler": "Butler",
        "datum": "Datum", "makes": "ugrywa", "par": "Par", "leads": "Wisty", "leader_leads": "wistuje",
        "versus": "przeciw",
        "record": "Zapis", "auction": "Licytacja", "no_auction": "brak licytacji",
        "incomplete_1": "licytacja niedokończona po {n} odzywce, licytuje {seat}",
        "incomplete_n": "licytacja niedokończona po {n} odzywkach, licytuje {seat}",
        "auction_passed_out": "rozdanie spasowane", "mismatch": "niezgodność: w nagłówku {contract}",
        "legal_calls": "dozwolone odzywki", "unreadable": "nieczytelny zapis",
        "call_position": "odzywka {n}, kolumna {column}",
        "unknown_call_in": "nieznana odzywka {token} w --calls ({pos})",
        "vul_none": "obie przed partią", "vul_ns": "NS po partii", "vul_ew": "EW po partii",
        "vul_all": "obie po partii",
        "irregular_noted": "nieprawidłowość odnotowana w zapisie: {what}",
        "irregular_i": "odzywka {n} ({seat}) {call} niewystarczająca, przyjęta (prawo 27A1)",
        "irregular_s": "odzywka {n} ({seat}) pominięta przez odzywkę poza kolejnością (prawa 29-32)",
        "irregular_i_unfit": "odzywka {n} ({seat}) {call} oznaczona ^I, choć nie jest niewystarczająca",
        "irregular_play": "Oznaczone w rozgrywce: {marks}", "trick_mark": "lewa {n} {seat} {card}",
        "claimed_after": "(zgłoszone po {n})", "illegal_play": "niedozwolona zagrywka w lewie {trick}, gracz {seat}",
        "play_stops_1": "rozgrywka przerwana po {n} lewie, rozgrywający ma {d}",
        "play_stops_n": "rozgrywka przerwana po {n} lewach, rozgrywający ma {d}",
        "col_trick": "lewa", "col_lead": "wist", "col_1st": "1.", "col_2nd": "2.", "col_3rd": "3.",
        "col_4th": "4.", "col_won": "bierze", "col_decl": "rozgr.", "col_def": "obr.",
        "and": "i", "play_hint": "Wpisz kartę (♥K, CK, 10c), 'undo', 'claim N', 'quit'.",
        "plays": "zagrywa", "to_play": "gra", "you_play": "grasz", "no_card_yet": "(jeszcze bez karty)",
        "trick_to": "lewa {n} dla {seat}",
        "we": "My", "they": "Oni", "above": "nad kreską", "below": "pod kreską", "game": "Partia",
        "rubber": "Rober", "rubber_bonus": "premia za robra", "honours": "honory", "total": "Razem",
        "deal": "Rozdanie", "part_score": "częściówka", "chicago": "Chicago",

        "chicago_round": "Runda chicago", "four_deals_played": "rozegrano cztery rozdania",
        "ahead": "prowadzi {side}", "level": "remis", "won_it": "{side} wygrywa {a}-{b}",
        "unfinished": "niedokończony", "scored_as_stopped": "(zapisany jako przerwany)", "dealer_lc": "rozdaje",
        "vul_lc": "zał.", "game_n": "partia {n}", "we_col": "MY (NS)", "they_col": "ONI (EW)",
        "total_lc": "razem", "difference": "Różnica", "settlement": "rozliczenie",
        "players_after": "Gracze po {what}:", "player": "gracz", "this": "teraz", "points": "punkty",
        "units": "jednostki", "all_rubbers": "Wszystkie robry", "all_rounds": "Wszystkie rundy",
        "no_deals_rubber": "brak rozdań, brak robra", "no_deals_round": "brak rozdań, brak rundy",
        "dealt_again": "rozdane ponownie", "reason_tricks": "lewy", "reason_overtricks": "nadróbki",
        "reason_grand_slam": "szlem", "reason_small_slam": "szlemik", "reason_insult": "za kontrę",
        "reason_undertricks": "wpadki", "reason_honours": "honory", "reason_game": "dograna",
        "reason_rubber": "rober", "reason_part_score": "częściówka",
        "reason_unfinished_game": "partia w niedokończonym", "reason_unfinished_part_score": "częściówka w niedok.",
        "rubber_lc": "robrze", "round_lc": "rundzie",
        "scheme_rubber": "rober", "scheme_chicago": "chicago", "scheme_chicago-b": "chicago, wariant B",
        "rounding_nearest": "do najbliższej setki", "rounding_half-down": "połowa w dół", "rounding_down": "w dół",
        "rounding_up": "w górę", "rounding_exact": "bez zaokrąglenia",
        "mv_round": "Runda", "mv_table": "Stół", "mv_direction": "Linia", "mv_boards": "Rozdania",
        "mv_opponents": "Przeciwnicy", "mv_next": "Rozdania idą do", "mv_set": "Komplet",
        "mv_sits_out": "pauzuje", "mv_not_in_play": "poza grą", "mv_end": "koniec", "mv_table_n": "stół {t}",
        "mv_shared": "wspólne ze stołem {t}", "mv_guide_card": "Karta przejść: para {p}",
        "mv_table_card": "Karta stołu: stół {t}", "mv_board_sheet": "Ruch rozdań",
        "mv_summary": "stoły: {tables}, rundy: {rounds}, rozdania 1-{boards} (po {per} w rundzie), pary {pairs}",
        "mv_missing": "brakujące pary: {pairs}", "mv_arrow": "zmiana linii w rundach {rounds}",
        "mv_copies": "każdy stół ma własną kopię rozdań",
        "mv_later": "odpoczywają, potem stół {t} w rundzie {r}",
        "mv_shared_mark": "*: dwa stoły dzielą rozdania (każdy gra połowę, potem się wymieniają)",
        **TERMS_PL,
    },
    messages={
        "not_rank": "to nie jest wysokość karty: {text}",
        "not_suit": "to nie jest kolor: {text}",
        "not_strain": "to nie jest miano: {text}",
        "not_card": "to nie jest karta: {text}",
        "not_call": "to nie jest odzywka: {text}",
        "not_call_level": "to nie jest odzywka: {text} (odzywki od 1 do 7)",
        "not_seat": "to nie jest strona świata: {text} (N, E, S, W; Płn, Wsch, Płd, Zach; Północ, Wschód, Południe, Zachód)",
        "not_vul": "to nie są założenia: {text} (nikt, NS, EW, obie; obie przed, NS po, EW po, obie po)",
        "hand_suits": "ręka ma cztery kolory rozdzielone kropkami: {text}",
        "hand_rank": "to nie jest wysokość karty: {tok} w ręce {text}",
        "hand_twice": "karta {tok} dwa razy w ręce {text}",
        "not_contract": "to nie jest kontrakt: {text}",
        "not_contract_level": "to nie jest kontrakt: {text} (wysokość od 1 do 7)",
        "unknown_language": "nieznany język {text} (znane: {known})",
        "illegal_call": "niedozwolona odzywka {n} ({seat}) {call}: {why}",
        "why_insufficient": "niewystarczająca, ostatnia odzywka to {last} (prawo 27)",
        "why_double_own_side": "{last} zgłosiła strona kontrującego (prawo 36)",
        "why_double_nothing": "nie ma jeszcze czego kontrować (prawo 36)",
        "why_redouble_undoubled": "{last} nie jest skontrowane (prawo 36)",
        "why_redouble_nothing": "nie ma jeszcze czego rekontrować (prawo 36)",
        "why_redouble_own_double": "kontrę {last} dała strona rekontrującego (prawo 36)",
        "why_after_close": "licytacja zakończyła się po odzywce {n} (prawo 39)",
    },
)

#: Hungarian, as the seed and Hungarian club pages write it: suits pikk, kőr,
#: káró, treff with the letters P C K T of Hungarian bidding notes; szan,
#: szanzadu or SA for no trump; passz, kontra, rekontra; seats Észak, Kelet,
#: Dél, Nyugat (É K D Ny). Hungarian diagrams print ranks A K Q J; the
#: Hungarian initials D (dáma) and B (bubi) are read too.
HUNGARIAN = Language(
    code="hu",
    symbols=True,
    tokens=lexicon.HUNGARIAN,
    rank_out=("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"),
    suit_out=("T", "K", "C", "P"),
    strain_out=("T", "K", "C", "P", "SA", "NULLO"),
    call_out=("passz", "kontra", "rekontra"),
    seat_out=("É", "K", "D", "Ny"),
    seat_names=("Észak", "Kelet", "Dél", "Nyugat"),
    vul_out=("senki", "É-D", "K-Ny", "mindenki"),
    risk_out=("", "X", "XX"),
    words={
        "by": "", "passed_out": "passz",
        "board": "Leosztás", "dealer": "Osztó", "vulnerable": "Bell", "contract": "Felvétel",
        "result": "Eredmény", "made": "teljesítve", "down": "bukás", "tricks": "ütés", "all_pass": "mind passz", "more_n": "(és még {n})",
        "board_passed_out": "Bepasszolt leosztás", "trick": "Ütés", "lead": "Hív", "won": "Viszi",
        "notes": "Megjegyzések", "play": "Lejátszás", "unknown": "ismeretlen",
        "makeable": "Teljesíthető felvételek", "hand_record": "Leosztások",
        "result_made": "{contract}, {made} ({tricks} {tricks_word})", "result_down": "{contract}, {under} {down}",
        "result_tricks": "{tricks} {tricks_word}",
        "vul": "Bell", "declarer": "Felvevő", "tricks_header": "Ütés", "ending_1": "végjáték {n} ütéssel", "ending_n": "végjáték {n} ütéssel",
        "leads_line": "Indítások {contract}{by} {declarer} ellen ({leader} indít), ellenjáték ütései {tricks}", "side_ns": "É-D", "side_ew": "K-Ny", "opening_lead": "Indítás", "ns": "É-D", "ew": "K-Ny", "score": "Pont",
        "open": "Nyitott", "closed": "Zárt", "res": "Ered.", "home": "Hazai", "visitors": "Vendég",
        "team": "Csapat", "imps": "IMP", "vp": "GYP", "pair": "Pár", "player_title": "Játékos", "rank": "Hely", "boards": "Leosztás",
        "mp": "MP", "top": "Top", "percent": "%", "ximps": "XIMP", "butler": "Butler",
        "datum": "Datum", "makes": "teljesít", "par": "Par", "leads": "Indítások", "leader_leads": "indít",
        "versus": "ellen",
        "record": "Rekord", "auction": "Licit", "no_auction": "nincs licit",
        "incomplete_1": "befejezetlen licit {n} bemondás után, {seat} következik",
        "incomplete_n": "befejezetlen licit {n} bemondás után, {seat} következik",
        "auction_passed_out": "bepasszolt leosztás", "mismatch": "eltérés: a fejléc szerint {contract}",
        "legal_calls": "szabályos bemondások", "unreadable": "olvashatatlan rekord",
        "call_position": "{n}. bemondás, {column}. oszlop",
        "unknown_call_in": "ismeretlen bemondás {token} a --calls értékében ({pos})",
        "vul_none": "senki sincs bellben", "vul_ns": "É-D bell", "vul_ew": "K-Ny bell",
        "vul_all": "bell-bell",
        "irregular_noted": "szabálytalanság a jegyzőkönyvben: {what}",
        "irregular_i": "{n}. bemondás ({seat}) {call} elégtelen, elfogadva (27A1. szabály)",
        "irregular_s": "{n}. bemondás ({seat}) kimaradt egy soron kívüli bemondás miatt (29-32. szabály)",
        "irregular_i_unfit": "{n}. bemondás ({seat}) {call} ^I jelölésű, de nem elégtelen",
        "irregular_play": "Jelölve a játékban: {marks}", "trick_mark": "{n}. ütés {seat} {card}",
        "claimed_after": "(claim {n} ütés után)", "illegal_play": "szabálytalan lap a(z) {trick}. ütésben, {seat}",
        "play_stops_1": "a lejátszás {n} ütés után megáll, a felvevőnek {d} van",
        "play_stops_n": "a lejátszás {n} ütés után megáll, a felvevőnek {d} van",
        "col_trick": "ütés", "col_lead": "hív", "col_1st": "1.", "col_2nd": "2.", "col_3rd": "3.",
        "col_4th": "4.", "col_won": "viszi", "col_decl": "felv.", "col_def": "ellenj.",
        "and": "és", "play_hint": "Írj be egy lapot (♥K, CK, 10c), 'undo', 'claim N', 'quit'.",
        "plays": "hív", "to_play": "következik", "you_play": "te játszod", "no_card_yet": "(még nincs lap)",
        "trick_to": "a(z) {n}. ütést {seat} viszi",
        "we": "Mi", "they": "Ők", "above": "vonal felett", "below": "vonal alatt", "game": "Játszma",
        "rubber": "Robber", "rubber_bonus": "robberjutalom", "honours": "honőrök", "total": "Összesen",
        "deal": "Leosztás", "part_score": "részpontszám", "chicago": "Chicago",

        "chicago_round": "Chicago kör", "four_deals_played": "négy leosztás lejátszva", "ahead": "{side} vezet",
        "level": "döntetlen", "won_it": "{side} nyerte {a}-{b}", "unfinished": "befejezetlen",
        "scored_as_stopped": "(megszakítottként pontozva)", "dealer_lc": "osztó", "vul_lc": "bell",
        "game_n": "{n}. játszma", "we_col": "MI (É-D)", "they_col": "ŐK (K-Ny)", "total_lc": "összesen",
        "difference": "Különbség", "settlement": "elszámolás", "players_after": "Játékosok {what} után:",
        "player": "játékos", "this": "most", "points": "pont", "units": "egység",
        "all_rubbers": "Összes robber", "all_rounds": "Összes kör", "no_deals_rubber": "nincs leosztás, nincs robber",
        "no_deals_round": "nincs leosztás, nincs kör", "dealt_again": "újraosztva", "reason_tricks": "ütések",
        "reason_overtricks": "felülütések", "reason_grand_slam": "nagyszlem", "reason_small_slam": "kisszlem",
        "reason_insult": "kontrás teljesítés", "reason_undertricks": "bukások", "reason_honours": "honőrök",
        "reason_game": "gém", "reason_rubber": "robber", "reason_part_score": "részpontszám",
        "reason_unfinished_game": "befejezetlen játszma", "reason_unfinished_part_score": "befejezetlen részp.",
        "rubber_lc": "robber", "round_lc": "kör",
        "scheme_rubber": "robber", "scheme_chicago": "chicago", "scheme_chicago-b": "chicago, B változat",
        "rounding_nearest": "a legközelebbi százra", "rounding_half-down": "fél lefelé", "rounding_down": "lefelé",
        "rounding_up": "felfelé", "rounding_exact": "kerekítés nélkül",
        "mv_round": "Forduló", "mv_table": "Asztal", "mv_direction": "Irány", "mv_boards": "Leosztások",
        "mv_opponents": "Ellenfél", "mv_next": "A leosztások útja", "mv_set": "Sorozat",
        "mv_sits_out": "pihen", "mv_not_in_play": "nincs játékban", "mv_end": "vége", "mv_table_n": "{t}. asztal",
        "mv_shared": "közös: {t}. asztal", "mv_guide_card": "Vándorlási kártya: {p}. pár",
        "mv_table_card": "Asztalkártya: {t}. asztal", "mv_board_sheet": "A leosztások vándorlása",
        "mv_summary": "{tables} asztal, {rounds} forduló, 1-{boards}. leosztás (fordulónként {per}), párok: {pairs}",
        "mv_missing": "hiányzó párok: {pairs}", "mv_arrow": "irányváltás a(z) {rounds}. fordulóban",
        "mv_copies": "minden asztalnak saját példánya van a leosztásokból",
        "mv_later": "pihennek, majd {t}. asztal, {r}. forduló",
        "mv_shared_mark": "*: két asztal közösen játssza a leosztásokat (mindkettő a felét, aztán cserélnek)",
        **TERMS_HU,
    },
    messages={
        "not_rank": "nem lapérték: {text}",
        "not_suit": "nem szín: {text}",
        "not_strain": "nem aduszín: {text}",
        "not_card": "nem kártyalap: {text}",
        "not_call": "nem bemondás: {text}",
        "not_call_level": "nem bemondás: {text} (licit 1-től 7-ig)",
        "not_seat": "nem égtáj: {text} (É, K, D, Ny; Észak, Kelet, Dél, Nyugat)",
        "not_vul": "nem bell-állapot: {text} (senki, É-D, K-Ny, mindenki; mind, mindkettő)",
        "hand_suits": "egy kéz négy színét pont választja el: {text}",
        "hand_rank": "nem lapérték: {tok} a(z) {text} kézben",
        "hand_twice": "a(z) {tok} lap kétszer szerepel a(z) {text} kézben",
        "not_contract": "nem felvétel: {text}",
        "not_contract_level": "nem felvétel: {text} (szint 1-től 7-ig)",
        "unknown_language": "ismeretlen nyelv {text} (ismert: {known})",
        "illegal_call": "szabálytalan bemondás: {n}. ({seat}) {call}: {why}",
        "why_insufficient": "elégtelen, az utolsó licit {last} volt (27. szabály)",
        "why_double_own_side": "a(z) {last} licitet a kontrázó saját oldala mondta (36. szabály)",
        "why_double_nothing": "még nincs mit kontrázni (36. szabály)",
        "why_redouble_undoubled": "a(z) {last} nincs megkontrázva (36. szabály)",
        "why_redouble_nothing": "még nincs mit rekontrázni (36. szabály)",
        "why_redouble_own_double": "a(z) {last} kontráját a rekontrázó saját oldala mondta (36. szabály)",
        "why_after_close": "a licit a(z) {n}. bemondás után véget ért (39. szabály)",
    },
)

# error messages: the English patterns of notation_errors with each language's templates
POLISH = replace(POLISH, error_patterns=error_table(ERRORS_PL, POLISH.messages, _MESSAGES_EN))
HUNGARIAN = replace(HUNGARIAN, error_patterns=error_table(ERRORS_HU, HUNGARIAN.messages, _MESSAGES_EN))

#: Languages by code; a new language is a new entry here.
LANGUAGES: dict[str, Language] = {"en": ENGLISH, "pl": POLISH, "hu": HUNGARIAN}

def merge_tables(first: Language, others: tuple[Language, ...] = ()) -> Language:
    """``first``'s output with the input tokens of ``first`` then ``others``.

    A token of ``first`` keeps its meaning; a token ``others`` give two
    different meanings (and ``first`` none) is left out, as ambiguous
    (:func:`bridgecli.core.lexicon.merge`).
    """
    return replace(first, fallbacks=(), tokens=lexicon.merge(first.tokens, (lang.tokens for lang in others)))


def reader(table: Language) -> Language:
    """``table`` with its reading fallbacks: English, then the other languages where they agree."""
    tokens = lexicon.reader(table.tokens, [lang.tokens for lang in LANGUAGES.values()])
    tiers = tuple(replace(table, fallbacks=(), tokens=tier) for tier in tokens.fallbacks)
    return replace(table, fallbacks=tiers, tokens=tokens)


#: A cache: each language's reader (:func:`get_language`), made on first use; one entry a
#: language of :data:`LANGUAGES`, so it never grows past them.
_READERS: dict[str, Language] = {}


def get_language(code: str | None) -> Language:
    """The reader for ``code`` (``en`` when None): the language's table with the
    fallbacks of :func:`reader`, cached. Raises ParseError for an unknown code.
    """
    key = (code or "en").lower()
    lang = _READERS.get(key)
    if lang is None:
        table = LANGUAGES.get(key)
        if table is None:
            raise ParseError(ENGLISH.message("unknown_language", text=repr(code), known=", ".join(sorted(LANGUAGES))))
        lang = _READERS[key] = reader(table)
    return lang


def default_reader() -> Language:
    """The reader used where no ``--lang`` reaches (YAML, JSON and LIN values):
    English first, then every foreign token the other languages agree on."""
    return get_language("en")
