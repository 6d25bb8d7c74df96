"""Reading LIN: the ``key|value|`` pairs, a board built pair by pair, the match headers
that hold for the boards after them, a text or a stream of chunks."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from typing import IO

from bridgecli.core import fastpaths
from bridgecli.core.board import AnnotatedCall, Board, PlayedCard
from bridgecli.core.calls import Call
from bridgecli.core.cards import DECK, Card, Hand, Rank, Seat, Suit, Vulnerability
from bridgecli.core.contract import Contract
from bridgecli.core.deal import Deal
from bridgecli.core.errors import BridgeError, IllegalPlayError, InvalidDealError, ParseError, ReadWarning
from bridgecli.core.numbers import is_digits, small_int
from bridgecli.formats import plumbing

from .common import (
    CARD_TOKEN,
    LIN_SEATS,
    PLAYER_TAGS,
    ROOMS,
    SUIT_LETTERS,
    VUL_IN,
    annotate,
    final_contract,
    first_board,
    lin_call,
    opening_leader,
    trick_winner,
    vg_tags,
)
from .fast import FAST_BOARD, fast_board

_KEY = re.compile(r"[A-Za-z][A-Za-z0-9]{0,3}")
#: a board heading: ``ah|Board 12|`` (its number) or ``ah|Board 1-1|`` (a label); any other
#: ``ah`` text (``ah|Goal: take 2 tricks|``, a teaching file's title) gives no number
_BOARD_NO = re.compile(r"\s*board\s+(\S+)\s*", re.IGNORECASE)
#: several calls in one ``mb`` value (``mb|1nppp|``, as BBO teaching files write)
_CALL_RUN = re.compile(r"(?:(?:[1-7][CDHSN]|P|D|R)!?){2,}", re.IGNORECASE)
_ONE_CALL = re.compile(r"(?:[1-7][CDHSN]|P|D|R)!?", re.IGNORECASE)
_RANK_LETTERS = {r.letter: r for r in Rank}
_CARD = {(c.suit, c.rank): c for c in DECK}


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
    fast = FAST_BOARD.match
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
        if ch in SUIT_LETTERS:
            suit = SUIT_LETTERS[ch]
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
        if head[:1].lower() in ROOMS:
            rec.room = ROOMS[head[0].lower()]
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
        vul = VUL_IN.get(v.strip().lower())
        if vul is None:
            raise ParseError(f"not a LIN vulnerability: {v!r} (o, n, e or b)")
        rec.vulnerability = vul
    elif k == "mb":
        if _CALL_RUN.fullmatch(v.strip()):
            for one in _ONE_CALL.findall(v.strip()):
                rec.calls.append((*lin_call(one), None))
        else:
            call, alert = lin_call(v)
            rec.calls.append((call, alert, None))
    elif k == "an":
        if not rec.calls:
            raise ParseError(f"an explanation before any call: {v!r}")
        call, alert, _ = rec.calls[-1]
        rec.calls[-1] = (call, alert, v.strip())
    elif k == "pc":
        card = CARD_TOKEN.get(v) or CARD_TOKEN.get(v.strip())
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



def _build(rec: _Record, source: str | None) -> Board:
    """Turn a record into a Board. Raises ParseError or a RuleError."""
    tags: dict[str, str] = {}
    bare = not rec.calls and not rec.cards and rec.claim is None and not rec.paged
    outcome = vg_tags(rec.vg, rec.rs, rec.number, rec.room, tags, bare, rec.own_rs)
    if rec.names:
        names = rec.names
        if len(names) >= 8 and rec.room == "Closed":
            names = names[4:8]
        for tag, name in zip(PLAYER_TAGS, names[:4]):
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
        auction = annotate(rec.calls, notes)
    eff_dealer = dealer if dealer is not None else (
        Seat((rec.number - 1) % 4) if rec.number else None
    )
    contract = None
    result = rec.claim
    if auction is not None and eff_dealer is not None:
        contract = final_contract([a.call for a in auction], eff_dealer)
    if outcome is not None:
        contract, result = outcome  # a board with no auction: its result from rs|
    play: tuple[tuple[PlayedCard, ...], ...] | None = None
    leader: Seat | None = None
    play_end = ""
    if rec.cards:
        if contract is None or contract.is_passout or contract.declarer is None:
            raise ParseError("cards played (pc) without a finished auction to fix the contract",
                             source=source, line=rec.cards[0][1])
        leader = opening_leader(contract)
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


_FLAT_PAIR = re.compile(r"([a-z]{2})\|([^|]*)\|")


class _Fast:
    """A board the tokenizer matched with ``FAST_BOARD``: its text and where it starts."""

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
    fast = FAST_BOARD.match
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
        first = first_board(tags.get("LinVg", ""))
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
                board = fast_board(g, shared_vg)
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
    return plumbing.collect(iter_records(text, source))


def load(fp: IO[str], source: str | None = None) -> list[Board]:
    """All boards of an open LIN text file."""
    return loads(fp.read(), plumbing.file_source(fp, source))
