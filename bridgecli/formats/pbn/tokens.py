"""PBN tokens and values: the tags and tables every part of the reader shares, the
calls, cards, seats, numbers and deals of tag values and of the Auction and Play
sections read token by token (PBN §3), and how input read leniently is noted."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from bridgecli.core.board import STRUCTURED_TAGS, AnnotatedCall, PlayedCard
from bridgecli.core.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Bid, Call, Pass
from bridgecli.core.cards import DECK, Card, Hand, Seat, Vulnerability
from bridgecli.core.contract import Contract, Risk
from bridgecli.core.deal import Deal
from bridgecli.core.errors import ParseError, ReadWarning
from bridgecli.core.notation import ENGLISH
from bridgecli.core.numbers import count, is_digits, small_int

#: The Mandatory Tag Set of PBN 2.x, in export order.
MTS_TAGS: tuple[str, ...] = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)

# mandatory tags kept as text in Board.tags
MTS_TEXT = frozenset({"Event", "Site", "Date", "West", "North", "East", "South", "Scoring"})

#: The table sections of PBN 2.1 (§5): a tag with one of these names starts a
#: section of data rows. Another name ending in ``Table`` is a section only
#: when data rows follow it; ``[Table "2"]`` (the table number, §4.4.7) is a tag.
TABLE_SECTIONS = frozenset({
    "ActionTable", "AuctionTimeTable", "InstantScoreTable", "OptimumPlayTable", "OptimumResultTable",
    "PlayTimeTable", "ScoreTable", "TotalScoreTable",
})


# values of structured tags kept as text when they are "" (not applicable):
# a writer must not turn them into "?" (unknown), PBN §3.4
EMPTY_KEPT = frozenset({"Board", "Dealer", "Vulnerable", "Deal", "Auction", "Play"})
SEAT_OF: dict[str, Seat] = {s.letter: s for s in Seat}
SEAT_OF.update({k.lower(): v for k, v in SEAT_OF.items()})

_RANK_BIT: dict[str, int] = {ch: 1 << i for i, ch in enumerate("23456789TJQKA")}

_CALL_OF: dict[str, Call] = {"PASS": PASS, "X": DOUBLE, "XX": REDOUBLE}
for _bid in ALL_BIDS:
    _CALL_OF[str(_bid)] = _bid
    if _bid.strain == 4:
        _CALL_OF[f"{_bid.level}N"] = _bid
PLAIN_CALL: dict[str, AnnotatedCall] = {}
for _tok, _call in list(_CALL_OF.items()):
    PLAIN_CALL[_tok] = PLAIN_CALL[_tok.lower()] = PLAIN_CALL[_tok.capitalize()] = AnnotatedCall(_call)

_CARD_OF: dict[str, Card] = {}
for _c in DECK:
    _s = str(_c)
    _CARD_OF[_s] = _CARD_OF[_s.lower()] = _CARD_OF[_s[0] + _s[1].lower()] = _CARD_OF[_s[0].lower() + _s[1]] = _c
PLAIN_CARD: dict[str, PlayedCard] = {k: PlayedCard(v) for k, v in _CARD_OF.items()}
_UNKNOWN_CARD = PlayedCard(None)
PLAIN_CARD["-"] = _UNKNOWN_CARD

# suffix annotations -> NAG numbers (PBN §3.7); for calls "!" is an alert
_CALL_SUFFIX = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
_CARD_SUFFIX = {"!": 7, "?": 8, "!!": 9, "??": 10, "!?": 11, "?!": 12}
NAME_TOKEN = re.compile(r"[A-Za-z0-9_]+\Z")
_SUB_TOKEN = re.compile(r"([A-Za-z0-9-]+)|([!?]{1,2})|=(\d+)=|\$(\d+)|([*+])|(\^[A-Za-z]?)|(.)")
_NOTE = re.compile(r"\s*(\d+)\s*:(.*)\Z", re.DOTALL)
_QUIZ_PART = re.compile(r"_+|\$\d{1,3}")
OPTIMUM_SCORE = re.compile(r"\s*(NS|EW)\s+[+-]?\d+(?:\s+(NS|EW)\s+[+-]?\d+)?\s*\Z", re.IGNORECASE)
_CONTRACT = re.compile(r"([1-7])(C|D|H|S|NT|N)(X{0,2})\Z", re.IGNORECASE)

# an entry is a list [name, value, line, rows]: one tag pair and the data lines
# after it, rows being [(line, text), ...] or None; line is None on the fast path
Entry = list[Any]

KIND = {name: name for name in STRUCTURED_TAGS}


#: Where the reader of the running ``iter_records`` collects what it read leniently
#: (kind, line, message); outside one, each case is warned at once.
LENIENT: ContextVar[list[tuple[str, int, str]] | None] = ContextVar("pbn_lenient", default=None)


def lenient(kind: str, line: int | None, message: str) -> None:
    """Note that input was read leniently (not valid PBN, but read as other programs
    read it). Raises ParseError when the line is not known (the whole-game fast path),
    so that the game is read again line by line."""
    if line is None:
        raise ParseError(message)
    sink = LENIENT.get()
    if sink is None:
        import warnings

        warnings.warn(f"{line}: {message}", ReadWarning, stacklevel=2)
    else:
        sink.append((kind, line, message))


def number_like(v: str) -> bool:
    """Whether a Board value reads as a number (``0``, ``-3``, ``²``: refused when it is no
    positive one in ASCII digits) rather than a label (``1-1``, ``12a``, ``A3``: BridgeComposer's
    lessons)."""
    t = v.strip()
    t = t[1:] if t[:1] in ("+", "-") else t
    return not t or t.isnumeric()


def parse_number(v: str) -> int | None:
    """The board number of a Board value; None for unknown, "" and a label (the caller keeps it)."""
    if v in ("", "?"):
        return None
    t = v.strip()
    n = small_int(t) if is_digits(t) else None
    if n is None or n < 1:
        if not number_like(v):
            return None
        raise ParseError(f"board number must be a positive integer, not {v!r}")
    return n


def parse_seat(v: str, what: str) -> Seat | None:
    if v in ("", "?"):
        return None
    seat = SEAT_OF.get(v)
    if seat is None:
        try:
            seat = ENGLISH.parse_seat(v)
        except ParseError:
            raise ParseError(f"unknown seat {v!r} for the {what} (expected N, E, S or W)") from None
    return seat


def parse_vul(v: str) -> Vulnerability | None:
    if v in ("", "?"):
        return None
    return ENGLISH.parse_vul(v)


# A cache for each suit (emptied past 50,000 holdings): a holding's text -> its cards and mask.
_HOLDINGS: list[dict[str, tuple[frozenset[Card], int]]] = [{}, {}, {}, {}]  # spades, hearts, diamonds, clubs
_SUIT_BASE = (39, 26, 13, 0)  # DECK index of the two of each suit, spades first
_NOT_PLAIN: tuple[frozenset[Card], int] = (frozenset(), -1)


def _holding(k: int, text: str) -> tuple[frozenset[Card], int]:
    """Cards of suit ``k`` (0 = spades) from ``AKT``-style ranks, with their
    bit mask over DECK indices; mask -1 when the text is not plain ranks."""
    bits = 0
    for ch in text.upper():
        b = _RANK_BIT.get(ch)
        if b is None or bits & b:
            return _NOT_PLAIN
        bits |= b
    base = _SUIT_BASE[k]
    held = (frozenset([DECK[base + r] for r in range(13) if bits >> r & 1]), bits << base)
    cache = _HOLDINGS[k]
    if len(cache) > 50000:
        cache.clear()
    cache[text] = held
    return held


_HAND_NEW = Hand.__new__
_SET = object.__setattr__


def parse_deal(v: str) -> Deal | None:
    """A Deal tag value; the fast path builds hands from cached suit holdings."""
    t = v.strip()
    if t in ("", "?"):
        return None
    if len(t) < 2 or t[1] != ":":
        raise ParseError(f"bad deal {v!r}: it starts with a seat and a colon, like 'N:'")
    first = SEAT_OF.get(t[0])
    if first is None:
        raise ParseError(f"bad deal {v!r}: unknown seat {t[0]!r}")
    parts = t[2:].split()
    if len(parts) != 4:
        raise ParseError(f"bad deal {v!r}: four hands expected, found {len(parts)}")
    hands: list[Hand | None] = [None, None, None, None]
    total = 0
    mask = 0
    h0, h1, h2, h3 = _HOLDINGS
    for i, part in enumerate(parts):
        if part == "-":
            continue
        suits = part.split(".")
        cards = None
        if len(suits) == 4:
            a, b, c, d = suits
            s0, m0 = h0.get(a) or _holding(0, a)
            s1, m1 = h1.get(b) or _holding(1, b)
            s2, m2 = h2.get(c) or _holding(2, c)
            s3, m3 = h3.get(d) or _holding(3, d)
            if m0 >= 0 and m1 >= 0 and m2 >= 0 and m3 >= 0:
                cards = s0.union(s1, s2, s3)
                m = m0 | m1 | m2 | m3
        if cards is None:
            try:
                cards = frozenset([DECK[c.index] for c in ENGLISH.parse_hand(part).cards])
            except ParseError as exc:
                raise ParseError(f"bad deal {v!r}: {exc.message}") from None
            m = sum(1 << c.index for c in cards)
        n = len(cards)
        if n > 13 or mask & m:
            break  # Deal() below says what is wrong
        hand = _HAND_NEW(Hand)
        _SET(hand, "cards", cards)
        hands[(first + i) % 4] = hand
        total += n
        mask |= m
    else:
        deal = _DEAL_NEW(Deal)  # invariants checked above, as Deal.__post_init__ does
        _SET(deal, "hands", tuple(hands))
        return deal
    hands = [None if p == "-" else Hand.from_pbn(p) for p in parts]
    return Deal(tuple(hands[(4 - first + i) % 4] for i in range(4)))  # type: ignore[arg-type]  # raises


_DEAL_NEW = Deal.__new__


#: A cache: a Contract tag value -> its contract (at most 1,000 values).
_CONTRACTS: dict[str, Contract] = {}


def parse_contract(v: str) -> Contract | None:
    """A Contract tag value without declarer; None for a bare strain (end position)."""
    c = _CONTRACTS.get(v)
    if c is not None:
        return c
    t = v.strip().upper()
    if t == "PASS":
        c = Contract.passed_out()
    else:
        m = _CONTRACT.match(t)
        if m is not None:
            c = Contract(int(m.group(1)), ENGLISH.parse_strain(m.group(2)), Risk(len(m.group(3))))
        elif t in ("C", "D", "H", "S", "NT", "N"):
            return None
        else:
            raise ParseError(f"bad contract {v!r} (expected like '4S', '3NTX', 'Pass')")
    if len(_CONTRACTS) < 1000:
        _CONTRACTS[v] = c
    return c


def section_tokens(e: Entry) -> list[str]:
    rows = e[3]
    if not rows:
        return []
    if len(rows) == 1:
        return rows[0][1].split()  # type: ignore[no-any-return]
    return " ".join(t for _, t in rows).split()


def parse_auction_tokens(e: Entry) -> tuple[list[AnnotatedCall], int, str]:
    """Token by token: fillers, ``AP``, suffixes, notes, NAGs, end marks and the
    irregularities ``^I`` (before an accepted insufficient bid) and ``^S`` (a
    skipped turn), PBN §3.9."""
    out: list[AnnotatedCall] = []
    fillers = 0
    end = ""
    plain = PLAIN_CALL
    line = e[2]
    ann: list[object] | None = None  # [call, alert, note, nags, irregular] of the last call while annotating
    mark_i = False  # a "^I" waits for its bid
    try:
        for line, text in e[3] or ():
            for tok in text.split():
                a = plain.get(tok)
                if a is not None and not end and not mark_i:
                    if ann is not None:
                        out[-1] = _annotated(ann)
                        ann = None
                    out.append(a)
                    continue
                if tok[0] in "_$" and _QUIZ_PART.fullmatch(tok) and (tok[0] == "_" or end[:1] in ("+", "_")):
                    # a quiz's question (BridgeComposer): "____" where the next call goes, a NAG after it
                    # or after "+"; kept with the end mark, as written
                    if ann is not None:
                        out[-1] = _annotated(ann)
                        ann = None
                    if tok[0] == "_" and (end or mark_i):
                        raise ParseError(f"unexpected {tok!r} after {'^I' if mark_i else end!r} in the auction")
                    end = f"{end} {tok}" if end else tok
                    continue
                for m in _SUB_TOKEN.finditer(tok):
                    word, suffix, note, nag, mark, irr, bad = m.groups()
                    if irr is not None and irr.upper() in ("^I", "^S"):
                        if ann is not None:
                            out[-1] = _annotated(ann)
                            ann = None
                        if end or mark_i:
                            raise ParseError(f"unexpected {irr!r} after {'^I' if mark_i else end!r} in the auction")
                        if irr.upper() == "^S":
                            out.append(_SKIPPED)
                        else:
                            mark_i = True
                        continue
                    if word is not None or mark is not None:
                        if ann is not None:
                            out[-1] = _annotated(ann)
                            ann = None
                        if end:
                            raise ParseError(f"unexpected {m.group()!r} after {end!r} in the auction")
                        if mark_i and (mark is not None or word == "-" or word.upper() == "AP"):
                            raise ParseError(f"'^I' must stand before an insufficient bid, not {m.group()!r}")
                        if mark is not None:
                            end = mark
                        elif word == "-":
                            if out:
                                raise ParseError("'-' is only allowed before the dealer's first call")
                            fillers += 1
                        elif word.upper() == "AP":
                            bid = any(not isinstance(c.call, Pass) for c in out)
                            trailing = 0
                            for c in reversed(out):
                                if not isinstance(c.call, Pass):
                                    break
                                trailing += 1
                            out.extend([plain["PASS"]] * max(0, (3 if bid else 4) - trailing))
                        else:
                            a = plain.get(word.upper())
                            if a is None:
                                try:
                                    a = AnnotatedCall(ENGLISH.parse_call(word))
                                except ParseError:
                                    raise ParseError(f"not a call: {word!r}") from None
                            if mark_i:
                                if not isinstance(a.call, Bid):
                                    raise ParseError(f"'^I' must stand before an insufficient bid, not {word!r}")
                                a = AnnotatedCall(a.call, irregular="I")
                                mark_i = False
                            out.append(a)
                        continue
                    if irr is not None:
                        raise ParseError(f"irregularity {irr!r} does not belong in the auction (^I or ^S)")
                    if bad is not None:
                        raise ParseError(f"unexpected {bad!r} in the auction")
                    if not out or end or mark_i or out[-1].irregular == "S":
                        raise ParseError(f"annotation {m.group()!r} without a call before it")
                    if ann is None:
                        last = out[-1]
                        ann = [last.call, last.alert, last.note, list(last.nags), last.irregular]
                    if suffix is not None:
                        code = _CALL_SUFFIX.get(suffix)
                        if code is None:
                            raise ParseError(f"bad suffix {suffix!r}")
                        if code == 1:
                            ann[1] = True
                        else:
                            ann[3].append(code)  # type: ignore[attr-defined]
                    elif note is not None:
                        if ann[2] is not None:
                            raise ParseError(f"second note {m.group()!r} on one call")
                        number = _NOTE_NUMBER.get(note) or count(note, "a note number")
                        if number < 1:
                            _note_zero(m.group(), line)
                            continue
                        ann[2] = number
                    else:
                        n = count(nag, "a NAG")
                        if n == 1:
                            ann[1] = True
                        else:
                            ann[3].append(n)  # type: ignore[attr-defined]
        if ann is not None:
            out[-1] = _annotated(ann)
        if mark_i:
            raise ParseError("'^I' at the end of the auction, with no bid after it")
    except ParseError as exc:
        raise exc.located(line=line)
    return out, fillers, end


_NOTE_NUMBER = {str(n): n for n in range(1, 100)}  # the usual note numbers (count() words the errors)


def _note_zero(token: str, line: int | None) -> None:
    """``=0=`` (BBO's alert with no explanation): no note can have number 0 (PBN 3.5
    numbers them from 1), so the reference is dropped, with a warning."""
    lenient("note0", line, f"note reference {token!r} ignored (notes are numbered from 1, PBN 3.5)")


def _annotated(ann: list[object]) -> AnnotatedCall:
    return AnnotatedCall(ann[0], bool(ann[1]), ann[2], tuple(sorted(set(ann[3]))),  # type: ignore[arg-type, call-overload]
                         ann[4])  # type: ignore[arg-type]


#: The place of a player whose turn was skipped by a call out of rotation (``^S``).
_SKIPPED = AnnotatedCall(PASS, irregular="S")


def parse_leader(e: Entry) -> Seat | None:
    """The seat of a Play tag."""
    try:
        return parse_seat(e[1], "play")
    except ParseError as exc:
        raise exc.located(line=e[2])


def parse_play(e: Entry) -> tuple[Seat | None, tuple[tuple[PlayedCard, ...], ...], str]:
    """Leader, rows of four cards (columns in seat order from the leader) and end mark."""
    leader = parse_leader(e)
    try:
        cards, end = list(map(PLAIN_CARD.__getitem__, section_tokens(e))), ""
    except KeyError:
        cards, end = _parse_play_tokens(e)
    n = len(cards)
    full = n - n % 4
    rows = tuple(zip(*[iter(cards[:full] if n % 4 else cards)] * 4))
    if full < n:
        rows += (tuple(cards[full:]),)
    return leader, rows, end


def _parse_play_tokens(e: Entry) -> tuple[list[PlayedCard], str]:
    """Token by token: suffixes, notes, NAGs, ``*`` and ``+``.

    A ``+`` followed by more cards holds the place of the card to be played
    next (``S3 C3 + SA``): it becomes an unknown card in its column.
    """
    cards: list[PlayedCard] = []
    end = ""
    plus_open = False  # a "+" seen and no card after it yet
    plain = PLAIN_CARD
    line = e[2]
    ann: list[object] | None = None  # [card, note, nags, irregular]
    irr_mark = ""  # "R" or "L": a "^R"/"^L" waits for its card
    try:
        for line, text in e[3] or ():
            for tok in text.split():
                p = plain.get(tok)
                if p is not None and end != "*" and not irr_mark:
                    if ann is not None:
                        cards[-1] = _played(ann)
                        ann = None
                    if plus_open:
                        cards.append(_UNKNOWN_CARD)
                        plus_open = False
                    cards.append(p)
                    continue
                for m in _SUB_TOKEN.finditer(tok):
                    word, suffix, note, nag, mark, irr, bad = m.groups()
                    if irr is not None and irr.upper() in ("^R", "^L"):
                        if ann is not None:
                            cards[-1] = _played(ann)
                            ann = None
                        if end == "*" or irr_mark:
                            raise ParseError(f"unexpected {irr!r} after {'^' + irr_mark if irr_mark else end!r}"
                                             " in the play")
                        irr_mark = irr[1].upper()
                        continue
                    if word is not None or mark is not None:
                        if ann is not None:
                            cards[-1] = _played(ann)
                            ann = None
                        if end == "*" or (mark is not None and end):
                            raise ParseError(f"unexpected {m.group()!r} after {end!r} in the play")
                        if irr_mark and (mark is not None or word == "-"):
                            raise ParseError(f"'^{irr_mark}' must stand before a card, not {m.group()!r}")
                        if mark is not None:
                            end = mark
                            plus_open = mark == "+"
                            continue
                        if plus_open:
                            cards.append(_UNKNOWN_CARD)
                            plus_open = False
                        p = plain.get(word) or plain.get(word.upper())
                        if p is None and word.strip("-") == "":
                            # "--" (a BBO converter's unknown card): read as "-", PBN 3.6
                            lenient("dashes", line, f"card {word!r} read as '-' (an unknown card, PBN 3.6)")
                            p = _UNKNOWN_CARD
                        if p is None:
                            try:
                                p = PlayedCard(DECK[ENGLISH.parse_card(word).index])
                            except ParseError:
                                raise ParseError(f"not a card: {word!r}") from None
                        if irr_mark:
                            p = PlayedCard(p.card, irregular=irr_mark)
                            irr_mark = ""
                        cards.append(p)
                        continue
                    if irr is not None:
                        raise ParseError(f"irregularity {irr!r} does not belong in the play (^R or ^L)")
                    if bad is not None:
                        raise ParseError(f"unexpected {bad!r} in the play")
                    if not cards or end == "*" or plus_open or irr_mark:
                        raise ParseError(f"annotation {m.group()!r} without a card before it")
                    if ann is None:
                        last = cards[-1]
                        ann = [last.card, last.note, list(last.nags), last.irregular]
                    if suffix is not None:
                        code = _CARD_SUFFIX.get(suffix)
                        if code is None:
                            raise ParseError(f"bad suffix {suffix!r}")
                        ann[2].append(code)  # type: ignore[attr-defined]
                    elif note is not None:
                        if ann[1] is not None:
                            raise ParseError(f"second note {m.group()!r} on one card")
                        number = _NOTE_NUMBER.get(note) or count(note, "a note number")
                        if number < 1:
                            _note_zero(m.group(), line)
                            continue
                        ann[1] = number
                    else:
                        ann[2].append(count(nag, "a NAG"))  # type: ignore[attr-defined]
        if ann is not None:
            cards[-1] = _played(ann)
        if irr_mark:
            raise ParseError(f"'^{irr_mark}' at the end of the play, with no card after it")
    except ParseError as exc:
        raise exc.located(line=line)
    return cards, end


def _played(ann: list[object]) -> PlayedCard:
    return PlayedCard(ann[0], ann[1], tuple(sorted(set(ann[2]))), ann[3])  # type: ignore[arg-type, call-overload]


def parse_notes(entries: list[Entry]) -> dict[int, str]:
    notes: dict[int, str] = {}
    for e in entries:
        m = _NOTE.match(e[1])
        number = count(m.group(1), "a note number") if m is not None else 0
        if m is None or number < 1:
            raise ParseError(f"bad note {e[1]!r} (expected 'number:text', numbers from 1)").located(line=e[2])
        notes.setdefault(number, m.group(2))
    return notes


@contextmanager
def lenient_into(found: list[tuple[str, int, str]]) -> Iterator[None]:
    """Inside the block, :func:`iter_records` adds what it reads leniently to ``found``
    ((kind, line, message) items) instead of warning: for a caller that reads a file
    game by game and warns once for the whole file with :func:`warn_lenient`."""
    token = LENIENT.set(found)
    try:
        yield
    finally:
        LENIENT.reset(token)


def warn_lenient(found: list[tuple[str, int, str]], source: str | None) -> None:
    """One :class:`ReadWarning` for each kind of thing read leniently in a file: the
    first place, and how many more."""
    import warnings

    counts: dict[str, int] = {}
    for kind, _, _ in found:
        counts[kind] = counts.get(kind, 0) + 1
    for kind, line, message in found:
        n = counts.pop(kind, 0)
        if n:
            more = f" ({n - 1} more)" if n > 1 else ""
            warnings.warn(f"{source or '-'}:{line}: {message}{more}", ReadWarning, stacklevel=3)

HOLD_TXT: list[str] = []  # 13-bit rank mask -> ranks, ace first


def hold_table() -> list[str]:
    if not HOLD_TXT:
        letters = "23456789TJQKA"
        HOLD_TXT.extend("".join(letters[r] for r in range(12, -1, -1) if m >> r & 1) for m in range(8192))
    return HOLD_TXT
