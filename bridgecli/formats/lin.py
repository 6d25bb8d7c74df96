"""LIN, the hand-record format of Bridge Base Online, <-> :class:`Board`.

A LIN record is a run of ``key|value|`` pairs. The keys read here:

* ``qx|o3|`` room (``o`` open, ``c`` closed) and board number;
* ``pn|S,W,N,E|`` player names, South first (8 names: open then closed room);
* ``md|3S...,S...,S...,S...|`` the deal: dealer digit (1 S, 2 W, 3 N, 4 E), then
  the hands of South, West, North and East as suit letters followed by ranks;
  an empty hand is unknown, except that an empty fourth hand after three full
  ones holds the remaining 13 cards;
* ``ah|Board 3|`` the board number; ``sv|o|`` vulnerability (o/0 none, n NS,
  e EW, b both);
* ``mb|1C!|`` a call (``p``, ``d``, ``r``, ``1N``...; ``!`` = alerted), ``an|text|``
  the explanation of the call just made;
* ``pc|SA|`` a card played, in time order; ``mc|10|`` a claim: tricks for declarer.

* ``vg|title,segment,scoring,first,last,team1,carry1,team2,carry2|`` the vugraph
  header: tags ``Event``, ``Stage``, ``Scoring`` (I = IMP, P = MP, B = BAM),
  ``HomeTeam`` and ``VisitTeam`` of every board after it, and the whole value in
  tag ``LinVg`` when it holds more than those tags;
* ``rs|4HE=,...|`` the results of the match, two a board (open, closed room):
  tag ``LinResult`` of each board holds its own (the whole list in ``LinRs``
  when the board cannot be placed in it); a list of one entry is the result of
  the board it comes with, its contract and result when the board has no calls,
  cards, claim or page break ``pg`` (with the entry in ``LinResult`` when it is spelt
  otherwise than BBO spells it: ``4snX=``, `` 4SN=``), else ``LinResult`` (the boards after it
  only carry it: ``LinRs``); entries are kept as read, spaces too; the entries of a
  match's list that no board keeps (boards not read) are warned about (ReadWarning:
  the reading drops them, whatever the caller does with the boards);
* ``nt|text|`` commentary: kept as a board comment (:attr:`Board.comments`)
  after the start of the board, the auction or the play, where it came.

The writer writes them back (:func:`dump_board`): ``vg`` and ``rs`` after ``pn``,
``nt`` where the reader puts its comments; a ``pg`` ends a board that has nothing but
its ``LinResult``, so that the entry comes back as the tag, not as the contract; a
spelling kept in ``LinResult`` is written only while it says the board's result (else the
board's own, in BBO's spelling); a one-entry ``LinRs`` no board before holds goes on a
match header line of its own (``pn|,,,,,,,|rs|4HE=|pg||``); every board gets its ``md``,
``md|3,,,|`` when no card is known, so that the next board's ``pn`` starts a board. Tags ``LinResult`` and
``LinRs``, and a contract with no auction, that a reader of the line would not give back
are refused.

``st``, ``rh``, ``pg``, ``sk`` and other keys are skipped.
A line holding a BBO handviewer link (``...?lin=pn%7C...``) or percent-encoded
LIN is decoded first.
A new board starts at ``qx``, or at ``pn``/``st``/``md`` once the current
board has its deal, so a file of one board a line (BBO hand records) and a
stream of ``qx``-separated boards both read. A match header of its own (only ``vg``,
``rs``, ``pn`` of 8 players and ``pg``, a ``pg`` among them, then a line that opens a
board) is no board: it holds for the boards after it. A ``vg`` after a board (once it has
its deal, calls or cards) opens a new match header, a later segment of a vugraph file: its
``vg``, ``rs`` and players hold for the boards after it, those of the header before no longer.

The final contract and declarer follow from the auction; the play rows of
:attr:`Board.play` come from the cards in time order and the trick winners
under that contract. LIN has no place for other tags, NAGs, play notes,
auction notes no call refers to, unknown cards inside the play, or a known
empty hand; see ``docs/FORMATS.md``.

Boards in the usual one-line form are read by a fast path (one regular expression
a board); every other board, and every board a check rejects, by the pair-by-pair
reader, so that boards and errors are the same either way.
"""

from __future__ import annotations

import functools
import itertools
import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import IO, cast

from bridgecli.core import fastpaths
from bridgecli.core.board import AnnotatedCall, Board, PlayedCard
from bridgecli.core.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Double, Pass, Redouble, parse_call
from bridgecli.core.cards import DECK, SEATS, Card, Hand, Rank, Seat, Strain, Suit, Vulnerability
from bridgecli.core.contract import Contract, Risk
from bridgecli.core.deal import Deal
from bridgecli.core.errors import BridgeError, IllegalPlayError, InvalidDealError, ParseError, ReadWarning
from bridgecli.core.kernel import BB_SUITS, OPENING_LEADER, STRENGTH, SUIT_OF, declarer_call
from bridgecli.core.numbers import is_digits, small_int
from bridgecli.core.play import trick_winner as winner_index
from bridgecli.formats import _api

#: LIN lists hands and players South, West, North, East; the dealer digit counts from 1 = South.
LIN_SEATS: tuple[Seat, ...] = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)

_VUL_IN = {"o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE,
           "n": Vulnerability.NS, "e": Vulnerability.EW, "b": Vulnerability.ALL}
_VUL_OUT = ("o", "n", "e", "b")
_CALLS_IN: dict[str, Call] = {"P": PASS, "PASS": PASS, "D": DOUBLE, "X": DOUBLE, "DBL": DOUBLE,
                              "R": REDOUBLE, "XX": REDOUBLE, "RDBL": REDOUBLE}
_KEY = re.compile(r"[A-Za-z][A-Za-z0-9]{0,3}")
#: a board heading: ``ah|Board 12|`` (its number) or ``ah|Board 1-1|`` (a label); any other
#: ``ah`` text (``ah|Goal: take 2 tricks|``, a teaching file's title) gives no number
_BOARD_NO = re.compile(r"\s*board\s+(\S+)\s*", re.IGNORECASE)
#: several calls in one ``mb`` value (``mb|1nppp|``, as BBO teaching files write)
_CALL_RUN = re.compile(r"(?:(?:[1-7][CDHSN]|P|D|R)!?){2,}", re.IGNORECASE)
_ONE_CALL = re.compile(r"(?:[1-7][CDHSN]|P|D|R)!?", re.IGNORECASE)
_PLAYER_TAGS = ("South", "West", "North", "East")
_ROOMS = {"o": "Open", "c": "Closed"}
_SUIT_LETTERS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_RANK_LETTERS = {r.letter: r for r in Rank}
_CARD = {(c.suit, c.rank): c for c in DECK}
_CARD_TOKEN = {t: c for c in DECK for t in (str(c), str(c).lower(), str(c)[0] + str(c)[1].lower(), str(c)[0].lower() + str(c)[1])}


# -- small rules helpers (pure) ----------------------------------------------


def trick_winner(cards: Sequence[Card], leader: Seat, trump: Suit | None) -> Seat:
    """The seat that wins a trick of ``cards`` played clockwise from ``leader`` (Law 44)."""
    return leader.next(winner_index(cards, trump))


def _opening_leader(contract: Contract) -> Seat:
    """The opening leader against ``contract`` (which has a declarer)."""
    return SEATS[OPENING_LEADER[contract.declarer]]  # type: ignore[index]


def _final_contract(calls: Sequence[Call], dealer: Seat, strains: Sequence[int] | None = None) -> Contract | None:
    """The contract a finished auction reached, with its declarer; None if not finished.

    Declarer is the first player of the side that won the auction to name the final
    strain (:func:`bridgecli.core.kernel.declarer_call`). ``strains``: the strain of
    each call, -1 for a call that is not a bid, when the caller has them.
    """
    n = len(calls)
    if n < 4 or not (isinstance(calls[-1], Pass) and isinstance(calls[-2], Pass) and isinstance(calls[-3], Pass)):
        return None
    last = -1
    risk = Risk.UNDOUBLED
    for i, call in enumerate(calls):
        if isinstance(call, Bid):
            last, risk = i, Risk.UNDOUBLED
        elif isinstance(call, Double):
            risk = Risk.DOUBLED
        elif isinstance(call, Redouble):
            risk = Risk.REDOUBLED
    if last < 0:
        return Contract.passed_out() if n == 4 else None
    bid = calls[last]
    assert isinstance(bid, Bid)
    if strains is None:
        strains = [call.strain if type(call) is Bid else -1 for call in calls]  # type: ignore[union-attr]
    key = (bid.level, bid.strain, risk, (dealer + declarer_call(strains, last)) % 4)
    contract = _CONTRACTS.get(key)
    if contract is None:
        contract = _CONTRACTS[key] = Contract(bid.level, bid.strain, risk, Seat(key[3]))
    return contract


#: A cache: (level, strain, risk, declarer) -> the Contract (the values are immutable; at
#: most 7 x 5 x 3 x 4 entries)
_CONTRACTS: dict[tuple[int, Strain, Risk, int], Contract] = {}


# -- tokens ------------------------------------------------------------------


class _Pair:
    __slots__ = ("first", "key", "line", "value")

    def __init__(self, key: str, value: str, line: int, first: bool) -> None:
        self.key = key
        self.value = value
        self.line = line
        self.first = first


_PAIR = re.compile(r"[ \t\r\n\f\v]*([A-Za-z][A-Za-z0-9]{0,3})\|([^|]*)\|")
_SPACE = re.compile(r"[ \t\r\n\f\v]*")


def _pairs(text: str, source: str | None) -> Iterator[_Pair | _Fast | ParseError]:
    """``key|value|`` pairs of the text (a board in the usual form as one :class:`_Fast`
    item); a malformed spot yields an error and reading resumes on the next line."""
    pos, line, n = 0, 1, len(text)
    counted = 0  # text[:counted] holds line - 1 newlines
    last_line = 0
    match = _PAIR.match
    fast = _FAST_BOARD.match
    while pos < n:
        m = match(text, pos)
        if m is not None:
            start = m.start(1)
            line += text.count("\n", counted, start)
            counted = start
            first = line != last_line
            last_line = line
            if m.group(1) == "pn" and fastpaths.ON:  # the fast lane (fastpaths.LANES)
                fm = fast(text, start)
                if fm is not None:
                    yield _Fast(fm, line, first)
                    pos = fm.end()
                    continue
            yield _Pair(m.group(1).lower(), m.group(2), line, first)
            pos = m.end()
            continue
        start = _SPACE.match(text, pos).end()  # type: ignore[union-attr]
        if start == n:
            return
        line += text.count("\n", counted, start)
        counted = start
        eol = text.find("\n", start)
        bar = text.find("|", start)
        key = text[start:bar].strip() if bar >= 0 and (eol < 0 or bar < eol) else None
        if key is not None and _KEY.fullmatch(key) and text.find("|", bar + 1) < 0:
            # the last value of the text without its closing bar
            value = text[bar + 1:]
            if "\n" in value.rstrip():
                yield ParseError(f"unterminated value of {key!r} (no closing '|')", source=source, line=line)
                return
            yield _Pair(key.lower(), value.strip(), line, line != last_line)
            return
        shown = (text[start:eol] if eol >= 0 else text[start:])[:30]
        yield ParseError(f"not a LIN key|value| pair: {shown!r}", source=source, line=line)
        if eol < 0:
            return
        pos = eol + 1


# -- reading -----------------------------------------------------------------


def _parse_hand(text: str) -> Hand:
    """A LIN hand ``SAKQHT98DC5432`` (suit letters, then ranks). Raises ParseError."""
    cards: set[Card] = set()
    suit: Suit | None = None
    t = text.strip().upper()
    i = 0
    while i < len(t):
        ch = t[i]
        if ch in _SUIT_LETTERS:
            suit = _SUIT_LETTERS[ch]
            i += 1
            continue
        if ch == " ":
            i += 1
            continue
        if suit is None:
            raise ParseError(f"a LIN hand starts with a suit letter: {text!r}")
        if t.startswith("10", i):
            rank, i = Rank.TEN, i + 2
        else:
            r = _RANK_LETTERS.get(ch)
            if r is None:
                raise ParseError(f"not a rank: {ch!r} in hand {text!r}")
            rank, i = r, i + 1
        card = _CARD[suit, rank]
        if card in cards:
            raise ParseError(f"card {str(card)!r} twice in hand {text!r}")
        cards.add(card)
    return Hand(cards)


def _parse_md(value: str) -> tuple[Seat | None, Deal | None]:
    """Dealer and deal of an ``md`` value. Raises ParseError (notation) or
    InvalidDealError (a hand over 13 cards, a card in two hands), as PBN does."""
    v = value.strip()
    dealer: Seat | None = None
    if is_digits(v[:1]):
        digit = int(v[0])
        if not 1 <= digit <= 4:
            raise ParseError(f"the dealer digit of md is 1 to 4, not {v[0]!r}")
        dealer = LIN_SEATS[digit - 1]
        v = v[1:]
    parts = v.split(",")
    if len(parts) > 4:
        if any(p.strip() for p in parts[4:]):
            raise ParseError(f"md holds at most four hands, found {len(parts)}: {value!r}")
        parts = parts[:4]
    parts += [""] * (4 - len(parts))
    hands: list[Hand | None] = [None, None, None, None]
    for seat, part in zip(LIN_SEATS, parts):
        if part.strip():
            hand = _parse_hand(part)
            if len(hand) > 13:
                raise InvalidDealError(f"{seat.name.lower()} holds {len(hand)} cards, more than 13: {part!r}")
            hands[seat] = hand
    east = Seat.EAST
    known = [hands[s] for s in LIN_SEATS[:3]]
    if hands[east] is None and all(h is not None and len(h) == 13 for h in known):
        held = set().union(*(h.cards for h in known if h is not None))
        hands[east] = Hand(c for c in DECK if c not in held)
    if all(h is None for h in hands):
        return dealer, None
    return dealer, Deal(tuple(hands))  # type: ignore[arg-type]


def _parse_call(value: str) -> tuple[Call, bool]:
    t = value.strip()
    alert = t.endswith("!")
    if alert:
        t = t[:-1].strip()
    call = _CALLS_IN.get(t.upper())
    if call is None:
        try:
            call = parse_call(t)
        except ParseError:
            raise ParseError(f"not a LIN call: {value!r}") from None
    return call, alert


class _Record:
    """What one board's pairs said, before it becomes a Board."""

    def __init__(self, line: int) -> None:
        self.line = line
        self.number: int | None = None
        self.heading: str | None = None
        self.room: str | None = None
        self.names: list[str] | None = None
        self.dealer: Seat | None = None
        self.vulnerability: Vulnerability | None = None
        self.deal: Deal | None = None
        self.has_md = False
        self.calls: list[tuple[Call, bool, str | None]] = []
        self.cards: list[tuple[Card, int]] = []
        self.claim: int | None = None
        self.paged = False  # a pg|| pair: a one-entry rs| is then a tag, not the contract
        self.content = False
        self.vg: str | None = None
        self.rs: str | None = None
        self.own_rs = False  # rs| came with this board (not carried from a header before it)
        self.head_only = True  # only vg|, rs|, pn| of 8 players and pg|| pairs so far: a match header?
        self.comments: list[tuple[str, str]] = []

    @property
    def label(self) -> str | None:
        return None if self.number is None else str(self.number)


def _apply(rec: _Record, pair: _Pair) -> None:
    """Take one pair into the record. Raises ParseError."""
    rec.content = True
    k, v = pair.key, pair.value
    if k == "qx":
        head = v.split(",")[0].strip()
        if head[:1].lower() in _ROOMS:
            rec.room = _ROOMS[head[0].lower()]
            head = head[1:]
        if is_digits(head):
            if small_int(head) is None:
                raise ParseError(f"board number too large: {head!r}")
            rec.number = small_int(head) or None
    elif k == "pn":
        rec.names = [n.strip() for n in v.split(",")]
    elif k == "md":
        rec.has_md = True
        rec.dealer, rec.deal = _parse_md(v)
    elif k == "ah":
        m = _BOARD_NO.fullmatch(v)
        head = m.group(1) if m else ""
        if is_digits(head):
            if small_int(head) is None:
                raise ParseError(f"board number too large: {head!r}")
            if (small_int(head) or 0) > 0:
                rec.number = small_int(head)
        elif m:
            rec.heading = head  # kept as the Board tag, as a PBN label is
        elif v.strip():
            text = " ".join(v.split())  # a heading that is no board's: kept as commentary
            rec.comments.append(("", "% " + text if "}" in text else "{" + text + "}"))
    elif k == "sv":
        vul = _VUL_IN.get(v.strip().lower())
        if vul is None:
            raise ParseError(f"not a LIN vulnerability: {v!r} (o, n, e or b)")
        rec.vulnerability = vul
    elif k == "mb":
        if _CALL_RUN.fullmatch(v.strip()):
            for one in _ONE_CALL.findall(v.strip()):
                rec.calls.append((*_parse_call(one), None))
        else:
            call, alert = _parse_call(v)
            rec.calls.append((call, alert, None))
    elif k == "an":
        if not rec.calls:
            raise ParseError(f"an explanation before any call: {v!r}")
        call, alert, _ = rec.calls[-1]
        rec.calls[-1] = (call, alert, v.strip())
    elif k == "pc":
        card = _CARD_TOKEN.get(v) or _CARD_TOKEN.get(v.strip())
        if card is None:
            try:
                card = Card.from_str(v.strip())
            except ParseError:
                raise ParseError(f"not a card: {v!r}") from None
        rec.cards.append((card, pair.line))
    elif k == "vg":
        rec.vg = v
    elif k == "rs":
        rec.rs = v
        rec.own_rs = True
    elif k == "pg":
        rec.paged = True
    elif k == "nt":
        text = " ".join(v.split())
        after = "Play" if rec.cards else "Auction" if rec.calls else ""
        rec.comments.append((after, "% " + text if "}" in text else "{" + text + "}"))
    elif k == "mc":
        t = v.strip()
        if not is_digits(t) or len(t) > 2 or int(t) > 13:
            raise ParseError(f"a claim is a number of tricks 0 to 13, not {v!r}")
        rec.claim = int(t)


_SCORING = {"I": "IMP", "P": "MP", "B": "BAM"}
_SCORING_OUT = {v: k for k, v in _SCORING.items()}
#: the fields of ``vg`` kept as tags: (position, tag)
_VG_FIELDS = ((0, "Event"), (1, "Stage"), (2, "Scoring"), (5, "HomeTeam"), (7, "VisitTeam"))
#: a result as ``rs`` lists it: level, strain, declarer, ``x``/``xx``, tricks against the contract
_RS_ENTRY = re.compile(r"([1-7])([CDHSN])([NESW])(X{0,2})(=|[+-][0-9]{1,2})?", re.IGNORECASE)
_STRAIN_LETTERS = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES,
                   "N": Strain.NOTRUMP}
_SEAT_LETTERS = {s.letter: s for s in Seat}


def _vg_clean(text: str) -> str:
    """A vg field: no ``|``, no comma, no line breaks or runs of spaces."""
    return " ".join(text.replace("|", "/").replace(",", " ").split())


def _vg_text(lin_vg: str | None, tags: Mapping[str, str]) -> str:
    """The ``vg`` value of a board: its tag ``LinVg`` (the header as read) with the
    fields whose tag says otherwise written from the tags; without ``LinVg``, the tags
    alone (title, segment, scoring, teams)."""
    f = [] if lin_vg is None else lin_vg.replace("|", "/").replace("\r", " ").replace("\n", " ").split(",")
    f += [""] * (9 - len(f))
    for i, name in _VG_FIELDS:
        have = f[i].strip()
        if i == 2:
            have = _SCORING.get(have.upper(), have)
        want = tags.get(name, "")
        if have != want:
            f[i] = (_SCORING_OUT.get(want) or _vg_clean(want)) if i == 2 else _vg_clean(want)
    return ",".join(f)


def _rs_outcome(entry: str) -> tuple[Contract, int | None] | None:
    """The contract and tricks of an ``rs`` entry (``4SN=``, ``3NWx-2``, ``P``), or None."""
    e = entry.strip()
    if e.upper() in ("P", "PASS"):
        return Contract.passed_out(), None
    m = _RS_ENTRY.fullmatch(e)
    if m is None:
        return None
    level = int(m.group(1))
    strain = _STRAIN_LETTERS[m.group(2).upper()]
    contract = Contract(level, strain, Risk(len(m.group(4))), _SEAT_LETTERS[m.group(3).upper()])
    if m.group(5) is None:
        return contract, None
    tricks = level + 6 + (0 if m.group(5) == "=" else int(m.group(5)))
    return (contract, tricks) if 0 <= tricks <= 13 else None


def _rs_text(contract: Contract, result: int | None) -> str:
    """An ``rs`` entry: ``4SN=``, ``3NWx-2``, ``4HExx+1``; ``4SN`` without the tricks; ``P``."""
    if contract.is_passout or contract.declarer is None:
        return "P"
    strain = "N" if contract.strain == Strain.NOTRUMP else contract.strain.letter
    text = f"{contract.level}{strain}{contract.declarer.letter}{'x' * contract.risk}"
    if result is None:
        return text
    over = result - contract.level - 6
    return text + ("=" if over == 0 else f"{over:+d}")


def _first_board(vg: str) -> int | None:
    """The first board of the match a ``vg`` value names (its fourth field), or None
    (ASCII digits only: ``²`` is a digit to :meth:`str.isdigit`, not to :func:`int`)."""
    head = vg.split(",", 4)
    t = head[3].strip() if len(head) > 3 else ""
    return small_int(t) if is_digits(t) else None


@functools.lru_cache(maxsize=64)
def _header_tags(vg: str) -> tuple[tuple[str, str], ...]:
    """The tags of a ``vg`` value (the boards of a file share one or a few)."""
    f = [x.strip() for x in vg.split(",")]
    f += [""] * (9 - len(f))
    tags: dict[str, str] = {}
    for name, value in (("Event", f[0]), ("Stage", f[1]), ("Scoring", _SCORING.get(f[2].upper(), f[2])),
                        ("HomeTeam", f[5]), ("VisitTeam", f[7])):
        if value:
            tags[name] = value
    if vg != _vg_text(None, tags):
        tags["LinVg"] = vg  # it holds more than the tags (boards, carry-over, spacing)
    return tuple(tags.items())


def _vg_tags(vg: str | None, rs: str | None, number: int | None, room: str | None, tags: dict[str, str],
             bare: bool, own: bool) -> tuple[Contract, int | None] | None:
    """Tags from the vugraph header ``vg|`` and the results list ``rs|`` a board holds
    (an empty value holds nothing). A one-entry list is the result of the board it
    came with (``own``: the ``rs`` pair is the board's, not a header's carried to it):
    returned as (contract, tricks) when the board is ``bare`` (no call, card or claim
    of its own) and the entry reads (its text also in tag ``LinResult`` when it is spelt
    otherwise than :func:`_rs_text` writes it), else kept in tag ``LinResult``. A board that only
    carries the list keeps it in tag ``LinRs``, as any list it has no place in."""
    if vg is not None and vg.strip():
        tags.update(_header_tags(vg))
    if rs is not None and rs.strip():
        results = rs.split(",")
        first = None if vg is None else _first_board(vg)
        if first is not None and number is not None and room in ("Open", "Closed"):
            k = 2 * (number - first) + (room == "Closed")
            if 0 <= k < len(results):
                tags["LinResult"] = results[k]  # as read, spaces and all
                return None
        if len(results) == 1 and own:
            entry = results[0]
            outcome = _rs_outcome(entry) if bare else None
            if outcome is None or entry != _rs_text(*outcome):
                tags["LinResult"] = entry  # as spelt (``4snX=``, `` 4SN=``): the writer writes it back
            return outcome
        tags["LinRs"] = rs
    return None


def _annotate(calls: Iterable[tuple[Call, bool, str | None]], notes: dict[int, str]) -> tuple[AnnotatedCall, ...]:
    """The auction of ``(call, alert, explanation)`` items; the explanations go to
    ``notes``, one note for each distinct text, numbered in order of first use."""
    annotated = []
    by_text: dict[str, int] = {}
    for call, alert, text in calls:
        if not text:
            annotated.append(AnnotatedCall(call, alert=alert))
            continue
        note = by_text.get(text)
        if note is None:
            note = by_text[text] = len(by_text) + 1
            notes[note] = text
        annotated.append(AnnotatedCall(call, alert=alert, note=note))
    return tuple(annotated)


def _build(rec: _Record, source: str | None) -> Board:
    """Turn a record into a Board. Raises ParseError or a RuleError."""
    tags: dict[str, str] = {}
    bare = not rec.calls and not rec.cards and rec.claim is None and not rec.paged
    outcome = _vg_tags(rec.vg, rec.rs, rec.number, rec.room, tags, bare, rec.own_rs)
    if rec.names:
        names = rec.names
        if len(names) >= 8 and rec.room == "Closed":
            names = names[4:8]
        for tag, name in zip(_PLAYER_TAGS, names[:4]):
            if name:
                tags[tag] = name
    if rec.room is not None:
        tags["Room"] = rec.room
    if rec.heading is not None and rec.number is None:
        tags["Board"] = rec.heading
    dealer = rec.dealer
    auction: tuple[AnnotatedCall, ...] | None = None
    notes: dict[int, str] = {}
    if rec.calls:
        auction = _annotate(rec.calls, notes)
    eff_dealer = dealer if dealer is not None else (
        Seat((rec.number - 1) % 4) if rec.number else None
    )
    contract = None
    result = rec.claim
    if auction is not None and eff_dealer is not None:
        contract = _final_contract([a.call for a in auction], eff_dealer)
    if outcome is not None:
        contract, result = outcome  # a board with no auction: its result from rs|
    play: tuple[tuple[PlayedCard, ...], ...] | None = None
    leader: Seat | None = None
    play_end = ""
    if rec.cards:
        if contract is None or contract.is_passout or contract.declarer is None:
            raise ParseError("cards played (pc) without a finished auction to fix the contract",
                             source=source, line=rec.cards[0][1])
        leader = _opening_leader(contract)
        play = _rows(rec.cards, leader, contract.strain.suit, rec.deal, source)
        if rec.claim is not None and len(rec.cards) < 52:
            play_end = "*"
        elif rec.claim is None and len(rec.cards) == 52 and result is None:
            result = _tricks_won(play, leader, contract)  # played out: the result follows from the play
    return Board(
        number=rec.number,
        dealer=dealer,
        vulnerability=rec.vulnerability,
        deal=rec.deal,
        auction=auction,
        auction_notes=notes,
        contract=contract,
        result=result,
        play=play,
        play_leader=leader,
        play_end=play_end,
        tags=tags,
        comments=tuple(rec.comments),
    )


def _tricks_won(play: tuple[tuple[PlayedCard, ...], ...], leader: Seat, contract: Contract) -> int:
    """The tricks declarer's side won in a play of 13 full tricks (rows from ``leader``)."""
    assert contract.declarer is not None
    won = 0
    trump = contract.strain.suit
    first = leader  # the rows' columns are in seat order from the opening leader
    for row in play:
        cards = [row[(leader - first + i) % 4].card for i in range(4)]
        leader = trick_winner(cards, leader, trump)  # type: ignore[arg-type]
        won += leader in (contract.declarer, contract.declarer.partner)
    return won


def _rows(
    cards: list[tuple[Card, int]], leader: Seat, trump: Suit | None, deal: Deal | None, source: str | None
) -> tuple[tuple[PlayedCard, ...], ...]:
    """Cards in time order -> rows of :attr:`Board.play` (columns from the opening leader)."""
    rows: list[tuple[PlayedCard, ...]] = []
    seen: set[Card] = set()
    trick_leader = leader
    for start in range(0, len(cards), 4):
        trick = cards[start:start + 4]
        row: list[PlayedCard] = [PlayedCard(None)] * 4
        for i, (card, line) in enumerate(trick):
            seat = trick_leader.next(i)
            if card in seen:
                raise IllegalPlayError(f"card {str(card)!r} played twice", reason="played-twice",
                                       trick=start // 4 + 1, source=source, line=line)
            seen.add(card)
            if deal is not None:
                hand = deal[seat]
                if hand is not None and card not in hand:
                    raise IllegalPlayError(
                        f"card {str(card)!r} is not in {seat.name.lower()}'s hand",
                        reason="not-held", trick=start // 4 + 1, source=source, line=line,
                    )
            row[(seat - leader) % 4] = PlayedCard(card)
        rows.append(tuple(row))
        if len(trick) == 4:
            trick_leader = trick_winner([c for c, _ in trick], trick_leader, trump)
    return tuple(rows)


# -- the fast path -------------------------------------------------------------
# A board as bridgecli and BBO's hand records write it (one line: ``pn``, an optional
# ``qx``, ``vg`` and ``rs``, ``st||md|...|rh||ah|Board N|sv|.|``, the calls with their
# explanations, the cards, the claim) is matched by one regular expression and built
# from tables, without a Python step per pair. Anything else, and any board the checks
# would reject, is read pair by pair (:func:`_apply`, :func:`_build`), which words the
# error: the fast path never raises and gives the same Board as the general one.

# Python 3.11+ has possessive repeats: the same matches (nothing after a repeat here can
# start like it) without keeping every step to go back to, about twice as fast
_ONCE = "+" if sys.version_info >= (3, 11) else ""
_RANKS = "[2-9TJQKA]*" + _ONCE
_HAND_RE = f"S({_RANKS})H({_RANKS})D({_RANKS})C({_RANKS})"
_VALUE = r"[^|\n]*" + _ONCE + r"\|"
_FAST_BOARD = re.compile(
    rf"pn\|({_VALUE[:-2]})\|"
    r"(?:qx\|([oc])([1-9][0-9]{0,5})\|)?"
    rf"(?:vg\|({_VALUE[:-2]})\|)?"
    rf"(?:rs\|({_VALUE[:-2]})\|)?"
    rf"st\|\|md\|([1-4]){_HAND_RE},{_HAND_RE},{_HAND_RE},(?:{_HAND_RE})?\|"
    r"(?:rh\|\|)?(?:ah\|Board ([1-9][0-9]{0,5})\|)?(?:sv\|([oneb0-])\|)?"
    rf"((?:mb\|{_VALUE}(?:an\|{_VALUE})?)*{_ONCE})(pg\|\|)?"
    rf"((?:pc\|{_VALUE}(?:pg\|\|)?)*{_ONCE})"
    r"(?:mc\|([0-9]{1,2})\|(?:pg\|\|)?)?"
    # what follows starts a new board (see _starts_board), so the board is whole
    r"(?=[ \t\r\n\f\v]*(?:(?:pn|qx|st|md|vg)\||\Z))"
)
_FLAT_PAIR = re.compile(r"([a-z]{2})\|([^|]*)\|")

_RANK_INDEX = {r.letter: r - 2 for r in Rank}
#: a suit's ranks as read (any order) -> (the suit's cards as a 52-bit set, or -1 for a
#: rank twice; the frozenset of its cards), one table a suit: spades, hearts, diamonds, clubs
_HOLDINGS: tuple[dict[str, tuple[int, frozenset[Card]]], ...] = ({}, {}, {}, {})
_SUIT_BASES = (39, 26, 13, 0)  # the index of the two of spades, hearts, diamonds, clubs
#: a suit's cards as a 52-bit set -> their frozenset (at most 4 x 8192 entries)
_SUIT_SETS: dict[int, frozenset[Card]] = {}
_UNKNOWN_CARD = PlayedCard(None)
_NO_HAND = Hand()
_NEW_DEAL = object.__new__
_SET_HANDS = Deal.__dict__["hands"].__set__  # the slot of the frozen dataclass
_PLAYED = tuple(PlayedCard(c) for c in DECK)  # by card index
_FAST_CARD: dict[str, int] = {}  # a ``pc`` value -> the card index
#: an ``mb`` value -> (call, alert, the call without a note, its strain or -1 for no bid)
#: for the usual spellings
_FAST_CALLS: dict[str, tuple[Call, bool, AnnotatedCall, int]] = {}


def _fast_tables() -> None:
    index = {c: i for i, c in enumerate(DECK)}
    _FAST_CARD.update((t, index[c]) for t, c in _CARD_TOKEN.items())
    for text in ("p", "P", "d", "D", "r", "R", *(f"{n}{s}" for n in range(1, 8) for s in "CDHSN"),
                 *(f"{n}{s}" for n in range(1, 8) for s in "cdhsn")):
        for mark in ("", "!"):
            call, alert = _parse_call(text + mark)
            strain = call.strain if type(call) is Bid else -1  # type: ignore[union-attr]
            _FAST_CALLS[text + mark] = (call, alert, AnnotatedCall(call, alert=alert), strain)


def _holding(suit: int, ranks: str) -> tuple[int, frozenset[Card]]:
    """The entry of ``_HOLDINGS[suit]`` for ``ranks``, made and kept (not kept for more
    than 13 ranks: a rank twice, and a text as long as the input may make it)."""
    if len(ranks) > 13:
        return -1, frozenset()
    table = _HOLDINGS[suit]
    base = _SUIT_BASES[suit]
    bits = 0
    for ch in ranks:
        bit = 1 << (base + _RANK_INDEX[ch])
        if bits & bit:
            bits = -1
            break
        bits |= bit
    if len(table) > 20_000:
        table.clear()  # bounded: the ranks of a suit may come in any order
    entry = table[ranks] = (bits, _suit_set(bits, base) if bits >= 0 else frozenset())
    return entry


def _suit_set(bits: int, base: int) -> frozenset[Card]:
    """The cards of the 52-bit set ``bits``, all of the suit whose two is card ``base``
    (one frozenset a holding, whatever order its ranks were written in)."""
    cards = _SUIT_SETS.get(bits)
    if cards is None:
        cards = _SUIT_SETS[bits] = frozenset(DECK[i] for i in range(base, base + 13) if bits >> i & 1)
    return cards


def _fast_hand(s: str, h: str, d: str, c: str) -> tuple[int, Hand]:
    """(52-bit card set, Hand) of a hand's four suits; the set is negative for a rank twice."""
    hs, hh, hd, hc = _HOLDINGS
    es = hs.get(s) or _holding(0, s)
    eh = hh.get(h) or _holding(1, h)
    ed = hd.get(d) or _holding(2, d)
    ec = hc.get(c) or _holding(3, c)
    bits = es[0] | eh[0] | ed[0] | ec[0]
    if bits < 0:
        return bits, _NO_HAND
    return bits, Hand(es[1] | eh[1] | ed[1] | ec[1])


def _complement(held: int) -> Hand:
    """The hand of the cards outside the 52-bit set ``held``."""
    out: frozenset[Card] = frozenset()
    for base in _SUIT_BASES:
        out |= _suit_set(~held & BB_SUITS[base // 13], base)
    return Hand(out)


def _fast_board(g: tuple[str | None, ...], shared_vg: tuple[str | None, str | None]) -> Board | None:
    """The Board of a board matched by ``_FAST_BOARD`` (groups ``g``), or None when the
    general path must read it (something irregular, or a board it rejects)."""
    if not _FAST_CALLS:
        _fast_tables()
    names_v, room_v, qx_v, vg, rs, dealer_v = g[0], g[1], g[2], g[3], g[4], g[5]
    ah_v, sv_v, auction_v, paged, play_v, claim_v = g[22], g[23], g[24], g[25], g[26], g[27]
    names = [n.strip() for n in names_v.split(",")]  # type: ignore[union-attr]
    if len(names) >= 8:
        return None  # a vugraph header's players: they hold for the boards after it
    # the deal: South, West, North, East
    masks: list[int] = [0, 0, 0, 0]  # by Seat
    hands: list[Hand | None] = [None, None, None, None]
    held = 0
    for i, seat in enumerate(LIN_SEATS if g[18] is not None else LIN_SEATS[:3]):
        bits, hand = _fast_hand(g[6 + 4 * i], g[7 + 4 * i], g[8 + 4 * i], g[9 + 4 * i])  # type: ignore[arg-type]
        if bits < 0 or held & bits or bits.bit_count() > 13:
            return None  # a card twice, more than 13 cards: the general path says so
        held |= bits
        masks[seat], hands[seat] = bits, hand
    if hands[Seat.EAST] is None:
        if held.bit_count() == 39 and all(masks[s].bit_count() == 13 for s in LIN_SEATS[:3]):
            masks[Seat.EAST], hands[Seat.EAST] = ~held & ((1 << 52) - 1), _complement(held)
        else:
            masks[Seat.EAST] = -1  # unknown
    # Deal's own checks (no card twice, at most 13 a hand) were made above on the bit
    # sets; building it past __post_init__ saves hashing the 52 cards again
    deal = _NEW_DEAL(Deal)
    _SET_HANDS(deal, tuple(hands))
    dealer = LIN_SEATS[int(dealer_v) - 1]  # type: ignore[arg-type]
    # the auction
    auction: tuple[AnnotatedCall, ...] | None = None
    notes: dict[int, str] = {}
    contract: Contract | None = None
    if auction_v:
        parts = auction_v.split("|")
        found = [_FAST_CALLS.get(v) for v in parts[1::2]]
        if "an" not in parts:
            if None in found:
                return None
            auction = tuple([f[2] for f in found])  # type: ignore[index]
            calls = [f[0] for f in found]  # type: ignore[index]
            strains = [f[3] for f in found]  # type: ignore[index]
        else:
            explained: list[tuple[Call, bool, str | None]] = []
            strains: list[int] = []
            for key, f, value in zip(parts[0::2], found, parts[1::2]):
                if key == "mb":
                    if f is None:
                        return None
                    explained.append((f[0], f[1], None))
                    strains.append(f[3])
                else:
                    call, alert, _ = explained[-1]
                    explained[-1] = (call, alert, value.strip())
            auction = _annotate(explained, notes)
            calls = [c for c, _, _ in explained]
        contract = _final_contract(calls, dealer, strains)
    # the play
    play: tuple[tuple[PlayedCard, ...], ...] | None = None
    leader: Seat | None = None
    result = None if claim_v is None else int(claim_v)
    if result is not None and result > 13:
        return None
    play_end = ""
    if play_v:
        if contract is None or contract.declarer is None or contract.is_passout or masks[Seat.EAST] < 0:
            return None
        got = list(map(_FAST_CARD.get, play_v.replace("pg||", "").split("|")[1::2]))
        n = len(got)
        if None in got or len(set(got)) != n:
            return None  # not a card, or a card played twice: the general path says which
        cards = cast("list[int]", got)
        leader = _opening_leader(contract)
        suit = contract.strain.suit
        trump = -1 if suit is None else int(suit)
        first = int(leader)
        m0, m1, m2, m3 = masks
        has = (m0, m1, m2, m3, m0, m1, m2)  # has[s + i]: the cards of seat (s + i) % 4
        pl = _PLAYED
        strength = STRENGTH[trump + 1]  # the trick's winner weighs the most (Law 44)
        suit_of = SUIT_OF
        rows: list[tuple[PlayedCard, ...]] = []
        tl = first  # the trick's leader
        full = n - n % 4
        side = int(contract.declarer) & 1  # N-S 0, E-W 1
        won = 0  # tricks of declarer's side
        for start in range(0, full, 4):
            a, b, c, d = cards[start:start + 4]
            if not (has[tl] >> a & has[tl + 1] >> b & has[tl + 2] >> c & has[tl + 3] >> d & 1):
                return None  # a card not in the player's hand
            k = (tl - first) & 3  # the column of the trick's leader
            if k == 0:
                rows.append((pl[a], pl[b], pl[c], pl[d]))
            elif k == 1:
                rows.append((pl[d], pl[a], pl[b], pl[c]))
            elif k == 2:
                rows.append((pl[c], pl[d], pl[a], pl[b]))
            else:
                rows.append((pl[b], pl[c], pl[d], pl[a]))
            # the winner: the card that weighs the most (the led card weighs more than any
            # card of a third suit, and no two others weigh the same)
            weight = strength[suit_of[a]]
            wa, wb, wc, wd = weight[a], weight[b], weight[c], weight[d]
            at = 0
            if wb > wa:
                at, wa = 1, wb
            if wc > wa:
                at, wa = 2, wc
            if wd > wa:
                at = 3
            tl = (tl + at) & 3
            won += (tl & 1) == side
        if result is None and n == 52:
            result = won  # played out, no claim: the result follows from the play
        if full < n:
            row = [_UNKNOWN_CARD] * 4
            for i, x in enumerate(cards[full:]):
                if not has[tl + i] >> x & 1:
                    return None
                row[(tl + i - first) & 3] = pl[x]
            rows.append(tuple(row))
        play = tuple(rows)
        if result is not None and n < 52:
            play_end = "*"
    number = int(ah_v) if ah_v is not None else int(qx_v) if qx_v is not None else None
    room = None if room_v is None else _ROOMS[room_v]
    if vg is None:
        vg = shared_vg[0]
    own_rs = rs is not None  # the board's own rs| pair, not the header's before it
    if rs is None:
        rs = shared_vg[1]
    tags: dict[str, str] = {}
    if vg is not None or rs is not None:
        bare = not auction_v and not paged and not play_v and claim_v is None
        outcome = _vg_tags(vg, rs, number, room, tags, bare, own_rs)
        if outcome is not None:
            contract, result = outcome
    for tag, name in zip(_PLAYER_TAGS, names):
        if name:
            tags[tag] = name
    if room is not None:
        tags["Room"] = room
    return Board(
        number=number,
        dealer=dealer,
        vulnerability=None if sv_v is None else _VUL_IN[sv_v],
        deal=deal,
        auction=auction,
        auction_notes=notes,
        contract=contract,
        result=result,
        play=play,
        play_leader=leader,
        play_end=play_end,
        tags=tags,
        comments=(),
    )


class _Fast:
    """A board the tokenizer matched with ``_FAST_BOARD``: its text and where it starts."""

    __slots__ = ("first", "line", "match")

    def __init__(self, match: re.Match[str], line: int, first: bool) -> None:
        self.match = match
        self.line = line
        self.first = first

    def pairs(self) -> list[_Pair]:
        """The board's pairs, for the general path (all on one line)."""
        found = _FLAT_PAIR.findall(self.match.group(0))
        return [_Pair(k, v, self.line, self.first and not i) for i, (k, v) in enumerate(found)]


_LIN_PARAM = re.compile(r"[?&]lin=([^&#\r\n]*)", re.IGNORECASE)


def _may_link(text: str) -> bool:
    """Whether ``text`` holds ``%7c`` or ``lin=`` in any case (the plain tests first:
    lowering a long text that is not ASCII is slow)."""
    if "%7" in text:
        low = text.lower()
        return "%7c" in low or "lin=" in low
    return ("n=" in text or "N=" in text) and "lin=" in text.lower()


def _from_urls(text: str) -> str:
    """Lines holding a BBO handviewer link (``...handviewer.html?lin=pn%7C...``) or
    percent-encoded LIN become plain LIN, a line for a line."""
    if not _may_link(text):
        return text
    from urllib.parse import unquote

    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = _LIN_PARAM.search(line)
        if m:
            line = m.group(1)
        elif "|" in line or "%7c" not in line.lower():
            continue
        lines[i] = " ".join(unquote(line).split("\n"))
    return "\n".join(lines)


_HEAD_KEYS = ("qx", "pn", "st", "md")
#: the keys of a match header (BBO's vugraph files open with ``vg|...|rs|...|pn|...|pg||``)
_HEADER_KEYS = ("vg", "rs", "pn", "pg")


def _is_header(rec: _Record, first: bool, key: str) -> bool:
    """Whether ``rec`` is a match header of its own, ended by a pair ``key`` (``first`` on
    its line) that opens a board: it holds only ``vg``, ``rs``, ``pn`` of 8 players and
    ``pg`` pairs, a ``pg`` among them (BBO's ends with one). It is no board: what it holds goes to the
    boards after it (a one-entry ``rs`` too, as a list they carry: tag ``LinRs``)."""
    return first and rec.head_only and rec.paged and key in _HEAD_KEYS


def _starts_board(rec: _Record, pair: _Pair, after_error: bool) -> bool:
    """Whether ``pair`` opens a new board, or a new segment's match header (``vg`` once
    the board has its deal, calls or cards: a later segment of a vugraph file; see the
    module docstring)."""
    if pair.key == "qx" and (rec.has_md or bool(rec.calls) or bool(rec.cards) or rec.room is not None):
        return True
    if pair.key in _HEAD_KEYS and rec.has_md:
        return True
    if pair.key == "vg" and (rec.has_md or bool(rec.calls) or bool(rec.cards)):
        return True
    return after_error and pair.first and (pair.key in _HEAD_KEYS or pair.key == "vg")


def iter_records(text: str, source: str | None = None) -> Iterator[Board | BridgeError]:
    """Every board of a LIN text in order; a bad board is yielded as its error and
    reading goes on with the next board. An empty text is an error."""
    text = _from_urls(text.lstrip("\ufeff"))
    if not text.strip():
        yield ParseError("empty input: no boards", source=source, line=1)
        return
    yield from _boards(_pairs(text, source), source)


def iter_stream(chunks: Iterable[str], source: str | None = None) -> Iterator[Board | BridgeError]:
    """Like :func:`iter_records` for a text given in pieces (``chunks``): the pairs are
    read as they come, so a file of any length (also all on one line) reads in flat memory."""
    pairs = _stream_pairs(chunks, source)
    first = next(pairs, None)
    if first is None:
        yield ParseError("empty input: no boards", source=source, line=1)
        return
    yield from _boards(itertools.chain([first], pairs), source)


#: Pairs are read from a stream while at least this much of it is buffered.
_LOW = 1 << 16
# the start of a pair whose end has not been read yet
_PARTIAL = re.compile(r"[ \t\r\n\f\v]*(?:[A-Za-z][A-Za-z0-9]{0,3}(?:\|[^|]*)?)?\Z")


class _Feed:
    """The text of a stream's pieces, handed out a little at a time; a link or
    percent-encoded LIN is decoded a whole line at a time."""

    def __init__(self, chunks: Iterable[str]) -> None:
        self.it = iter(chunks)
        self.held = ""  # read, not yet handed out (the start of a line to decode)
        self.started = False
        self.eof = False

    def more(self, have: int, force: bool) -> str:
        """Text to add to a buffer of ``have`` characters: up to about ``2 * _LOW`` in all,
        at least one piece when ``force``; ``""`` and :attr:`eof` set at the end."""
        out: list[str] = []
        while not self.eof and (force or have < 2 * _LOW):
            chunk = next(self.it, None)
            if chunk is None:
                self.eof = True
                out.append(_from_urls(self.held))
                self.held = ""
                break
            if not self.started:
                chunk, self.started = chunk.lstrip("\ufeff"), True
            text = self.held + chunk
            if _may_link(text):
                cut = text.rfind("\n") + 1
                self.held, text = text[cut:], _from_urls(text[:cut])
            else:
                self.held = ""
            if text:
                out.append(text)
                have += len(text)
                force = False
        return "".join(out)


def _stream_pairs(chunks: Iterable[str], source: str | None) -> Iterator[_Pair | _Fast | ParseError]:
    """:func:`_pairs` of a text given in pieces, holding only a little of it at a time."""
    feed = _Feed(chunks)
    buf = ""
    pos = 0
    line = 1       # the line of buf[counted]
    counted = 0
    last_line = 0
    match = _PAIR.match
    fast = _FAST_BOARD.match
    while True:
        if not feed.eof and len(buf) - pos < _LOW:
            line += buf.count("\n", counted, pos)
            buf = buf[pos:]
            buf += feed.more(len(buf), False)
            pos = counted = 0
        # pairs, as long as a whole pair surely fits in what is left (or all is read)
        limit = len(buf) if feed.eof else len(buf) - _LOW
        m = match(buf, pos)
        while m is not None:
            start = m.start(1)
            line += buf.count("\n", counted, start)
            counted = start
            if m.group(1) == "pn" and fastpaths.ON:  # the fast lane (fastpaths.LANES)
                fm = fast(buf, start)
                if fm is not None and (fm.end() < limit or feed.eof):
                    yield _Fast(fm, line, line != last_line)
                    last_line = line
                    pos = fm.end()
                    if pos >= limit:
                        break
                    m = match(buf, pos)
                    continue
            yield _Pair(m.group(1).lower(), m.group(2), line, line != last_line)
            last_line = line
            pos = m.end()
            if pos >= limit:
                break
            m = match(buf, pos)
        if m is not None:
            continue
        if not feed.eof:
            if _PARTIAL.match(buf, pos) or buf.find("\n", pos) < 0:
                # a pair (or a bad line) not read to its end yet
                line += buf.count("\n", counted, pos)
                buf = buf[pos:]
                buf += feed.more(len(buf), True)
                pos = counted = 0
                continue
            # a bad line, with pairs after it: say so, and go on at the next line
            start = _SPACE.match(buf, pos).end()  # type: ignore[union-attr]
            line += buf.count("\n", counted, start)
            counted = start
            eol = buf.find("\n", start)
            yield ParseError(f"not a LIN key|value| pair: {buf[start:eol][:30]!r}", source=source, line=line)
            pos = eol + 1
            continue
        # the end of the text: as _pairs reads it
        base = line + buf.count("\n", counted, pos) - 1
        for item in _pairs(buf[pos:], source):
            if isinstance(item, ParseError):
                if item.line is not None:
                    item.line += base
            else:
                item.line += base
                item.first = item.line != last_line
                last_line = item.line
            yield item
        return


class _Ledger:
    """The entries of an ``rs`` list of several entries that the boards reading it keep:
    each its own (tag ``LinResult``, placed in the match) or the whole list (``LinRs``).
    The others, results of boards the file does not hold (or that did not read), are
    warned about when the list is done with (:meth:`close`), not dropped silently."""

    __slots__ = ("entries", "first", "kept", "line", "whole")

    def __init__(self, rs: str, line: int) -> None:
        self.entries = rs.split(",")
        self.line = line
        self.kept: set[int] = set()
        self.whole = False  # a board keeps the whole list
        self.first: int | None = None  # the first board of the match (vg|)

    def take(self, board: Board) -> None:
        """Note what ``board`` (which read the list) keeps of it."""
        tags = board.tags
        first = _first_board(tags.get("LinVg", ""))
        if "LinResult" in tags and first is not None and board.number is not None:
            self.first = first
            self.kept.add(2 * (board.number - first) + (tags.get("Room") == "Closed"))
        else:
            self.whole = True  # LinRs (or no place in the match: the list is the board's)

    def close(self, source: str | None) -> None:
        """Warn (ReadWarning) about the entries no board keeps."""
        if self.whole:
            return
        lost = [(k, e) for k, e in enumerate(self.entries) if e.strip() and k not in self.kept]
        if not lost:
            return
        import warnings

        def where(k: int) -> str:
            if self.first is None:
                return f"entry {k + 1}"
            return f"board {self.first + k // 2} {'closed' if k % 2 else 'open'}"

        shown = ", ".join(f"{where(k)} {e!r}" for k, e in lost[:3])
        more = f" and {len(lost) - 3} more" if len(lost) > 3 else ""
        warnings.warn(f"{source or '-'}:{self.line}: rs holds results of boards not read, not kept "
                      f"(each board keeps its own): {shown}{more}", ReadWarning, stacklevel=3)


def _ledger(old: _Ledger | None, rs: str, line: int, source: str | None) -> _Ledger | None:
    """The ledger of a new ``rs`` list read at ``line`` (None for fewer than two entries:
    every board keeps such a list whole or as its own); the old one is closed, unless the
    new list is the old one again or with entries filled in or added (as results come in):
    then what the boards kept of the old carries over."""
    new = _Ledger(rs, line) if "," in rs and rs.strip() else None
    if old is not None:
        if new is not None and len(new.entries) >= len(old.entries) and all(
                not e.strip() or e == f for e, f in zip(old.entries, new.entries)):
            new.kept, new.whole, new.first = old.kept, old.whole, old.first
        else:
            old.close(source)
    return new


def _boards(pairs: Iterator[_Pair | _Fast | ParseError], source: str | None) -> Iterator[Board | BridgeError]:
    """The boards (and errors) of a run of LIN pairs."""
    rec: _Record | None = None
    error: BridgeError | None = None
    shared_names: list[str] | None = None  # a vugraph header's 8 players hold for the boards after it
    shared_vg: tuple[str | None, str | None] = (None, None)  # and so do its vg| and rs|
    pending: list[_Pair] = []  # pairs of a _Fast item the fast path did not take, last first
    ledger: _Ledger | None = None  # what the boards keep of the rs| list they read

    def finish() -> Iterator[Board | BridgeError]:
        if rec is None or not rec.content:
            return
        if error is not None:
            yield error.located(source=source, board=rec.label)
            return
        try:
            board = _build(rec, source)
        except BridgeError as e:
            yield e.located(source=source, line=rec.line, board=rec.label)
            return
        if ledger is not None:
            ledger.take(board)
        yield board

    while True:
        if pending:
            item: _Pair | _Fast | ParseError = pending.pop()
        else:
            got = next(pairs, None)
            if got is None:
                break
            item = got
        if type(item) is _Fast:
            # it opens a board where a pn| pair would (_starts_board)
            header = rec is not None and error is None and _is_header(rec, item.first, "pn")
            if rec is None or rec.has_md or (error is not None and item.first) or header:
                if rec is not None and rec.names is not None and len(rec.names) >= 8:
                    shared_names = rec.names
                if rec is not None and (rec.vg is not None or rec.rs is not None):
                    shared_vg = (rec.vg, rec.rs)
                g = item.match.groups()
                board = _fast_board(g, shared_vg)
                if board is not None:
                    if not header:
                        yield from finish()
                    rec, error = None, None
                    if g[4] is not None:
                        ledger = _ledger(ledger, g[4], item.line, source)
                    if ledger is not None:
                        ledger.take(board)
                    yield board
                    vg = g[3] if g[3] is not None else shared_vg[0]
                    rs = g[4] if g[4] is not None else shared_vg[1]
                    if vg is not None or rs is not None:
                        shared_vg = (vg, rs)
                    continue
            pending = item.pairs()[::-1]
            continue
        if isinstance(item, ParseError):
            if rec is not None and rec.content and error is None:
                error = item
            else:
                yield from finish()
                rec, error = _Record(item.line or 1), item
                rec.content = True
            continue
        assert isinstance(item, _Pair)
        header = rec is not None and error is None and _is_header(rec, item.first, item.key)
        if rec is None or header or _starts_board(rec, item, error is not None):
            if not header:
                yield from finish()
            if item.key == "vg":
                # a new match header (a later segment): the players, header and results
                # of the one before hold no longer, and its rs| list is done with
                shared_names, shared_vg = None, (None, None)
                if ledger is not None:
                    ledger.close(source)
                    ledger = None
            else:
                if rec is not None and rec.names is not None and len(rec.names) >= 8:
                    shared_names = rec.names
                if rec is not None and (rec.vg is not None or rec.rs is not None):
                    shared_vg = (rec.vg, rec.rs)
            rec, error = _Record(item.line), None
            rec.names = shared_names
            rec.vg, rec.rs = shared_vg
        if error is None:
            try:
                _apply(rec, item)
            except BridgeError as e:
                error = e.located(source=source, line=item.line)
            if item.key == "rs":
                ledger = _ledger(ledger, item.value, item.line, source)
            if rec.head_only and (item.key not in _HEADER_KEYS or (item.key == "pn" and len(rec.names or ()) < 8)):
                rec.head_only = False
        else:
            rec.content = True
            if item.key in ("qx", "ah") and rec.number is None:
                try:
                    _apply(rec, item)
                except BridgeError:
                    pass
    yield from finish()
    if ledger is not None:
        ledger.close(source)


def loads(text: str, source: str | None = None) -> list[Board]:
    """All boards of a LIN text. Raises the first ParseError/RuleError."""
    return _api.collect(iter_records(text, source))


def load(fp: IO[str], source: str | None = None) -> list[Board]:
    """All boards of an open LIN text file."""
    return loads(fp.read(), _api.file_source(fp, source))


# -- writing -----------------------------------------------------------------


def _clean(text: str) -> str:
    """A value LIN can hold: no ``|`` and no line breaks."""
    return " ".join(text.replace("|", "/").split())


def _hand_lin(hand: Hand) -> str:
    out = []
    for letter, suit in _SUIT_LETTERS.items():
        out.append(letter + "".join(c.rank.letter for c in hand.suit(suit)))
    return "".join(out)


def _call_lin(call: Call) -> str:
    if isinstance(call, Pass):
        return "p"
    if isinstance(call, Double):
        return "d"
    if isinstance(call, Redouble):
        return "r"
    return f"{call.level}{'N' if call.strain == Strain.NOTRUMP else call.strain.letter}"


def _time_order(board: Board, contract: Contract | None) -> list[Card]:
    """The cards of the play record in the order they were played, up to the first unknown one."""
    if board.play is None or board.play_leader is None or contract is None or contract.is_passout:
        return []
    trump = contract.strain.suit
    leader = board.play_leader
    trick_leader = leader
    out: list[Card] = []
    for row in board.play:
        trick: list[Card] = []
        for i in range(4):
            seat = trick_leader.next(i)
            col = (seat - leader) % 4
            pc = row[col] if col < len(row) else None
            if pc is None or pc.card is None:
                break
            trick.append(pc.card)
        out.extend(trick)
        if len(trick) < 4:
            break
        trick_leader = trick_winner(trick, trick_leader, trump)
    return out


def dump_board(board: Board) -> str:
    """One board as one LIN line (with the newline); a one-entry tag ``LinRs`` (a results
    list the board carries, not its own) on a match header line of its own before it.

    Raises ParseError for a board of a variant (LIN has no place for its talon,
    discards or dummies) and for a board whose contract (or play) the auction
    does not carry: LIN has no contract field, so a reader can only learn the
    contract, and the declarer the play starts from, from a finished auction
    (a board without auction or play keeps its contract and result in ``rs``),
    and for tags ``LinResult`` and ``LinRs`` a reader of the line would not give back.
    """
    return _board_line(board, False, None)[0]


def _rs_value(board: Board, outcome: Contract | None) -> str | None:
    """The ``rs`` value of a board: the contract and result LIN has no other place
    for (``outcome``: a contract no auction carries), else the results list as read
    (this board's entry at its place in the match, or the whole list), else None."""
    tags = board.tags
    entry = tags.get("LinResult")
    if outcome is not None:
        # the entry as spelt when read (_board_line has checked that it says the same)
        return _rs_text(outcome, board.result) if entry is None else _entry_clean(entry)
    if entry is not None:
        entry = _entry_clean(entry)
        first = _first_board(tags.get("LinVg", ""))
        room = tags.get("Room")
        if first is not None and board.number is not None and room in ("Open", "Closed"):
            k = 2 * (board.number - first) + (room == "Closed")
            if 0 <= k < 2000:
                # the list through the board's two rooms, its entry at its place
                return "," * k + entry + "," * (1 - k % 2)
        return entry
    listed = tags.get("LinRs")
    return None if listed is None else _rs_list_clean(listed)


def _entry_clean(entry: str) -> str:
    """Tag ``LinResult`` as an ``rs`` entry: a comma as a space (it would split the list),
    else as :func:`_rs_list_clean` (spaces around it kept, as read)."""
    return _rs_list_clean(entry).replace(",", " ")


def _rs_list_clean(listed: str) -> str:
    """Tag ``LinRs`` as an ``rs`` value: no ``|`` (written as ``/``), line breaks as spaces."""
    return " ".join(listed.replace("|", "/").replace("\r\n", "\n").replace("\r", "\n").split("\n"))


def _refusal(board: Board, message: str) -> ParseError:
    """The error of a board LIN cannot hold as it is (``message`` says why)."""
    return ParseError(message + "; write PBN, YAML or JSON",
                      board=str(board.number) if board.number is not None else "?")


def _check_rs(board: Board, vg: str | None, rs: str | None, room: str | None, own: bool, bare: bool,
              outcome: Contract | None) -> None:
    """Raise ParseError when a reader of the board's line would not give back its
    contract with no auction (``outcome``) and its tags ``LinResult`` and ``LinRs`` as
    the writer cleans them (:func:`_entry_clean`, :func:`_rs_list_clean`): ``vg``, ``rs``
    and ``room`` (of ``qx``) are the values the reader has for the board, ``own`` whether
    ``rs`` is on the board's line, ``bare`` whether the line has no call, card, claim or ``pg``."""
    tags = board.tags
    got: dict[str, str] = {}
    read = _vg_tags(vg, rs, board.number, room, got, bare, own)
    want_entry = tags.get("LinResult")
    if want_entry is not None:
        want_entry = _entry_clean(want_entry)
    want_list = tags.get("LinRs")
    if want_list is not None:
        want_list = _rs_list_clean(want_list)
    want = None if outcome is None else (outcome, board.result)
    if (read, got.get("LinResult"), got.get("LinRs")) == (want, want_entry, want_list):
        return
    name = "LinRs" if "LinRs" in tags else "LinResult" if "LinResult" in tags else None
    what = "the contract with no auction" if name is None else f"tag {name} {tags[name]!r}"
    if read is not None:
        back = "the contract and result of the board"
    elif "LinResult" in got or "LinRs" in got:
        back = " and ".join(f"tag {t} {got[t]!r}" for t in ("LinResult", "LinRs") if t in got)
    else:
        back = "nothing"
    raise _refusal(board, f"LIN cannot carry {what} here: "
                          f"rs|{rs or ''}| {'on the board' if own else 'before it'} reads back as {back}")


def _nt(comment: str) -> str:
    """A comment (``{text}``, a ``%`` or ``;`` line) as an ``nt`` pair."""
    t = comment.strip()
    if t.startswith("{") and t.endswith("}"):
        t = t[1:-1]
    elif t.startswith(("%", ";")):
        t = t[1:]
    return f"nt|{_clean(t)}|"


def _board_line(board: Board, reset_vg: bool, carried_rs: str | None) -> tuple[str, bool, str | None]:
    """(the LIN line of ``board``, whether it holds ``vg``, the ``rs`` a reader carries
    to the next board). ``reset_vg``: write an empty ``vg`` where the board has none, so
    that it does not take the header of the board before it; ``carried_rs``: the same for
    ``rs`` (the value the lines before carry to this board, None for none). Raises as
    :func:`dump_board`."""
    if board.variant is not None:
        raise ParseError(f"LIN cannot hold a {board.variant} board; write YAML or JSON")
    dealer = board.effective_dealer
    carried = _final_contract(board.calls, dealer) if board.auction is not None and dealer is not None else None
    recorded = board.contract
    # a contract with no auction (and no play) goes to rs| with its result
    outcome = recorded if (
        carried is None and board.auction is None and board.play is None and recorded is not None
        and (recorded.declarer is not None if not recorded.is_passout else board.result is None)
    ) else None
    if carried is None and outcome is None and (board.contract is not None or board.play is not None):
        raise _refusal(board, "LIN needs the auction to carry the contract")
    if carried is not None and recorded is not None and (
        recorded.with_declarer(None) != carried.with_declarer(None)
        or (recorded.declarer is not None and recorded.declarer != carried.declarer)
    ):
        # the tags say another contract than the auction: LIN would keep only the auction's
        raise _refusal(
            board,
            f"LIN needs the auction to carry the contract: the auction reaches {carried.pbn}"
            f"{' by ' + carried.declarer.letter if carried.declarer is not None else ''}, the tags say {recorded.pbn}"
            f"{' by ' + recorded.declarer.letter if recorded.declarer is not None else ''}",
        )
    entry = board.tags.get("LinResult")
    if outcome is not None and entry is not None:
        entry = _entry_clean(entry)
        said = _rs_outcome(entry)
        if "LinRs" not in board.tags and said not in (None, (outcome, board.result)):
            # the spelling of a result (4snX=) since edited: it says another contract or result
            # than the board's, so the board's own is written, in BBO's spelling (4SNx-1)
            board = board.replace(tags={k: v for k, v in board.tags.items() if k != "LinResult"})
            entry = None
    if outcome is not None and ("LinRs" in board.tags or (entry is not None and (
            said != (outcome, board.result) or entry == _rs_text(outcome, board.result)))):
        # rs| holds the one or the other: the tag would be lost (LinResult may only be
        # the contract and result spelt another way, as read: 4snX= for 4SNx=)
        raise _refusal(board, f"LIN has one rs| for the contract with no auction and tag "
                              f"{'LinRs' if 'LinRs' in board.tags else 'LinResult'}")
    parts: list[str] = []
    # pn| opens every board, names or not, as BBO writes it (readers split boards there)
    names = [board.tags.get(t, "") for t in _PLAYER_TAGS]
    parts.append("pn|" + ",".join(_clean(n).replace(",", " ") for n in names) + "|")
    room = board.tags.get("Room", "").strip().lower()
    qx_room = _ROOMS[room[0]] if board.number is not None and room in ("open", "closed") else None
    if qx_room is not None:
        parts.append(f"qx|{room[0]}{board.number}|")
    # the match header and results (after pn|: a reader starts the board there)
    lin_vg = board.tags.get("LinVg")
    vg = _vg_text(lin_vg, board.tags) if lin_vg is not None or any(n in board.tags for _, n in _VG_FIELDS) else None
    if vg is not None or reset_vg:
        parts.append(f"vg|{vg or ''}|")
    rs = _rs_value(board, outcome)
    seen, own = carried_rs, False  # the rs| a reader has for the board, and whether on its line
    head = ""  # a match header of its own before the board's line
    if rs is not None and "," not in rs and "LinResult" not in board.tags and outcome is None:
        # a one-entry list the board only carries (tag LinRs): on the board's own line a
        # reader would take it for the board's result, so the header before it holds it:
        # the board before (that held it, or carried it too), else a header line of its own
        if rs != carried_rs:
            head = f"pn|,,,,,,,|rs|{rs}|pg||\n"
            carried_rs = seen = rs
    elif rs is not None or carried_rs is not None:
        parts.append(f"rs|{rs or ''}|")
        carried_rs = seen = rs
        own = True
    parts.append("st||")
    first = board.dealer if board.dealer is not None else board.auction_from  # who made the first call
    # md| on every board, also one with no card known (four empty hands, ``md|3,,,|``, or
    # ``md|,,,|`` with no dealer either): a reader starts the next board at its pn| only
    # once this one has its md|, else the two would read as one
    digit = "" if first is None else str(LIN_SEATS.index(first) + 1)
    hands = [board.deal[s] if board.deal is not None else None for s in LIN_SEATS]
    if board.deal is not None and board.deal.is_complete:
        hands[3] = None
    parts.append("md|" + digit + ",".join("" if h is None else _hand_lin(h) for h in hands) + "|")
    parts.append("rh||")
    if board.number is not None:
        parts.append(f"ah|Board {board.number}|")
    elif board.tags.get("Board"):
        label = "".join(board.tags["Board"].replace("|", "/").split())  # a label: one word in the heading
        parts.append(f"ah|Board {label}|")
    if board.vulnerability is not None:
        parts.append(f"sv|{_VUL_OUT[board.vulnerability]}|")
    cards = _time_order(board, carried)
    # commentary where the reader puts it: the start, after the auction, after the play
    notes: dict[str, list[str]] = {"": [], "Auction": [], "Play": []}
    for after, text in board.comments:
        place = after if after in ("Auction", "Play") else ""
        if place == "Play" and not cards:
            place = "Auction"
        if place == "Auction" and board.auction is None:
            place = ""
        notes[place].append(_nt(text))
    parts.extend(notes[""])
    paged = (outcome is None and board.auction is None and board.result is None and rs is not None
             and "," not in rs and "LinResult" in board.tags and _rs_outcome(rs) is not None)
    if paged:
        # a board with nothing but its entry would read it as its contract and result:
        # after a page break the entry reads as the tag it is
        parts.append("pg||")
    if board.auction is not None:
        for a in board.auction:
            parts.append(f"mb|{_call_lin(a.call)}{'!' if a.alert else ''}|")
            if a.note is not None and board.auction_notes.get(a.note):
                parts.append(f"an|{_clean(board.auction_notes[a.note])}|")
        parts.extend(notes["Auction"])
        parts.append("pg||")
    for i, card in enumerate(cards):
        parts.append(f"pc|{card}|")
        if i % 4 == 3:
            parts.append("pg||")
    parts.extend(notes["Play"])
    if board.result is not None and outcome is None:
        parts.append(f"mc|{board.result}|pg||")
    if outcome is not None or "LinResult" in board.tags or "LinRs" in board.tags:
        # (a contract with no auction too: placed in a match, or one rs| cannot spell (a
        # nullo), it would read back as tag LinResult)
        bare = board.auction is None and not cards and not paged and (board.result is None or outcome is not None)
        _check_rs(board, vg, seen, qx_room, own, bare, outcome)
    return head + "".join(parts) + "\n", vg is not None, carried_rs


def iter_dumps(boards: Iterable[Board]) -> Iterator[str]:
    """LIN text a board a line."""
    had_vg, carried_rs = False, None
    for board in boards:
        text, had_vg, carried_rs = _board_line(board, had_vg, carried_rs)
        yield text


def dumps(boards: Iterable[Board]) -> str:
    """The boards as LIN, one board a line."""
    return "".join(iter_dumps(boards))


def dump(boards: Iterable[Board], fp: IO[str]) -> None:
    """Write the boards as LIN to an open text file."""
    _api.write_chunks(iter_dumps(boards), fp)
