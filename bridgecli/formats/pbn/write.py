"""Writing PBN in the export style of the standard (:func:`board_text`, :func:`dumps`); a game
read in that style is copied when the writer would write just that
(:func:`~bridgecli.formats.pbn.lazy.copy_text`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import IO

from bridgecli.core.board import STRUCTURED_TAGS, AnnotatedCall, Board, PlayedCard
from bridgecli.core.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Pass
from bridgecli.core.cards import DECK, Seat
from bridgecli.core.deal import Deal
from bridgecli.core.errors import ParseError
from bridgecli.formats import plumbing
from bridgecli.formats.pbn.escape import ESCAPED, escape_value, note_lines, outcome_text
from bridgecli.formats.pbn.lazy import LazyBoard, copy_text, deal_text, play_text
from bridgecli.formats.pbn.tokens import HOLD_TXT, MTS_TAGS, NAME_TOKEN, PLAIN_CALL, PLAIN_CARD, hold_table, number_like

_SET = object.__setattr__


# ---------------------------------------------------------------------------
# writing

#: The header lines of every file the writer emits.
HEADER = "% PBN 2.1\n% EXPORT\n"
# Tables of the shared, immortal cards and calls (DECK, ALL_BIDS, the reader's plain tokens) keyed by
# identity: on every card and call written, a dataclass hash would cost twice the lookup.
_BIT_BY_ID: dict[int, int] = {id(c): 1 << i for i, c in enumerate(DECK)}
_CARD_TXT_BY_ID: dict[int, str] = {id(c): str(c) for c in DECK}
_CALL_TXT_BY_ID: dict[int, str] = {id(b): str(b) for b in ALL_BIDS}
_CALL_TXT_BY_ID.update({id(PASS): "Pass", id(DOUBLE): "X", id(REDOUBLE): "XX"})
# the shared plain calls and cards the reader hands out, by identity
_ANN_TXT_BY_ID: dict[int, str] = {id(a): str(a.call) for a in PLAIN_CALL.values()}
_PLAYED_TXT_BY_ID: dict[int, str] = {id(p): str(p) for p in PLAIN_CARD.values()}
# A cache: tag names known to need no check (names repeat from board to board).
_SAFE_NAMES: set[str] = set()
_MTS_SET = frozenset(MTS_TAGS)
_SKIP_TAGS = _MTS_SET | STRUCTURED_TAGS


def _deal_txt(deal: Deal, first: Seat) -> str:
    hold = HOLD_TXT or hold_table()
    hs = deal.hands
    parts = []
    for i in range(4):
        h = hs[(first + i) % 4]
        if h is None:
            parts.append("-")
            continue
        try:
            m = sum(map(_BIT_BY_ID.__getitem__, map(id, h.cards)))
        except KeyError:  # cards not from DECK
            m = sum(1 << c.index for c in h.cards)
        parts.append(f"{hold[m >> 39]}.{hold[m >> 26 & 8191]}.{hold[m >> 13 & 8191]}.{hold[m & 8191]}")
    return f"{'NESW'[first]}:{' '.join(parts)}"


def _call_txt(a: AnnotatedCall) -> str:
    if a.irregular == "S":
        return "^S"
    call = a.call
    t = _CALL_TXT_BY_ID.get(id(call))
    if t is None:
        t = "Pass" if isinstance(call, Pass) else str(call)
    if a.alert or a.note is not None or a.nags:
        if a.note is not None:
            t += f" ={a.note}="
        nags = sorted(set(a.nags) | ({1} if a.alert else set()))
        for n in nags:
            t += f" ${n}"
    if a.irregular:
        t = f"^{a.irregular} {t}"
    return t


def _card_txt(p: PlayedCard) -> str:
    c = p.card
    if c is None:
        t = "-"
    else:
        t = _CARD_TXT_BY_ID.get(id(c)) or str(c)
    if p.note is not None or p.nags:
        if p.note is not None:
            t += f" ={p.note}="
        for n in sorted(set(p.nags)):
            t += f" ${n}"
    if p.irregular:
        t = f"^{p.irregular} {t}"
    return t


def board_text(b: Board) -> str:
    """One board in canonical PBN export style, lines ending with LF (no header).

    Rules for the mandatory tags: a missing Event, Site, Date, player or
    Scoring tag, board number, dealer, vulnerability or deal is written as
    ``"?"`` (unknown); with no contract, Declarer, Contract and Result are
    ``""``; a passed-out board has ``[Declarer ""]`` and ``[Result ""]``; a
    contract without declarer or result has ``"?"`` for them.
    Raises ParseError for a tag value or name PBN cannot hold, and for a board of a
    variant (talon, discards, dummies have no PBN tags; use YAML or JSON).
    """
    if type(b) is LazyBoard:
        same = copy_text(b)
        if same is not None:
            return same  # read in the export style, and this is what the lines below write for it
    if b.variant is not None:
        raise ParseError(f"PBN cannot hold a {b.variant} board (its variant data has no PBN tags);"
                         " write YAML or JSON")
    tags = b.tags
    get = tags.get
    esc = escape_value
    eg = ESCAPED.get  # the text of a value seen before (esc() checks and adds new ones)
    dealer = b.dealer
    number = b.number
    if dealer is not None:
        eff = dealer
    elif b.auction_from is not None:
        eff = b.auction_from
    elif number:
        eff = Seat((number - 1) % 4)
    else:
        eff = None  # nobody says who dealt: the deal is written from N, the auction from "?"
    declarer_v, contract_v, result_v = outcome_text(b.contract, b.result, get)
    vul = b.vulnerability
    deal_v = deal_text(b, eff or Seat.NORTH)
    if deal_v is None:
        deal = b.deal
        deal_v = _deal_txt(deal, eff or Seat.NORTH) if deal is not None else get("Deal", "?") and "?"
    head = (
        f'[Event "{(eg(v := get("Event", "?")) or esc(v, "Event"))}"]\n'
        f'[Site "{(eg(v := get("Site", "?")) or esc(v, "Site"))}"]\n'
        f'[Date "{(eg(v := get("Date", "?")) or esc(v, "Date"))}"]\n'
        f'[Board "{number if number is not None else _board_value(get("Board", "?"))}"]\n'
        f'[West "{(eg(v := get("West", "?")) or esc(v, "West"))}"]\n'
        f'[North "{(eg(v := get("North", "?")) or esc(v, "North"))}"]\n'
        f'[East "{(eg(v := get("East", "?")) or esc(v, "East"))}"]\n'
        f'[South "{(eg(v := get("South", "?")) or esc(v, "South"))}"]\n'
        f'[Dealer "{"NESW"[dealer] if dealer is not None else get("Dealer", "?") and "?"}"]\n'
        f'[Vulnerable "{("None", "NS", "EW", "All")[vul] if vul is not None else get("Vulnerable", "?") and "?"}"]\n'
        f'[Deal "{deal_v}"]\n'
        f'[Scoring "{(eg(v := get("Scoring", "?")) or esc(v, "Scoring"))}"]\n'
        f'[Declarer "{declarer_v}"]\n'
        f'[Contract "{contract_v}"]\n'
        f'[Result "{result_v}"]'
    )
    out = [head]
    if tags:
        for name in sorted(tags):
            if name in _SKIP_TAGS:
                continue
            if name not in _SAFE_NAMES:
                if not NAME_TOKEN.match(name):
                    raise ParseError(f"tag name {name!r} is not a PBN name (letters, digits, '_')")
                if len(_SAFE_NAMES) < 10000:
                    _SAFE_NAMES.add(name)
            v = tags[name]
            out.append(f'[{name} "{eg(v) or esc(v, name)}"]')
    auction = b.auction
    if auction is not None:
        out.append(f'[Auction "{"NESW"[eff] if eff is not None else "?"}"]')
        got = list(map(_ANN_TXT_BY_ID.get, map(id, auction)))
        if None in got:
            got = [t if t is not None else _call_txt(a) for t, a in zip(got, auction)]
        toks: list[str] = got  # type: ignore[assignment]
        for i in range(0, len(toks), 4):
            out.append(" ".join(toks[i:i + 4]))
        if b.auction_end:
            out.append(b.auction_end)
        if b.auction_notes:
            note_lines(b.auction_notes.items(), out)
    else:
        if get("Auction") is not None:
            out.append(f'[Auction "{get("Auction") and "?"}"]')
        if b.auction_notes:
            note_lines(b.auction_notes.items(), out)
    play_v = play_text(b)
    play = None if play_v is not None else b.play
    if play_v is not None or play is not None or b.play_leader is not None:  # a leader alone is kept: [Play "W"]
        leader = b.play_leader
        out.append(f'[Play "{"NESW"[leader] if leader is not None else "?"}"]')
        if play_v:
            out.append(play_v[:-1])
        ptxt = _PLAYED_TXT_BY_ID.get
        for row in play or ():
            got = list(map(ptxt, map(id, row)))
            if None in got:
                out.append(" ".join([t if t is not None else _card_txt(p) for t, p in zip(got, row)]))
            else:
                out.append(" ".join(got))  # type: ignore[arg-type]
        if b.play_end:
            out.append(b.play_end)
        if b.play_notes:
            note_lines(b.play_notes.items(), out)
    elif get("Play") is not None:
        out.append(f'[Play "{get("Play") and "?"}"]')
    if b.sections:
        for s in sorted(b.sections, key=lambda s: s.name):
            out.append(f'[{s.name} "{esc(s.header, s.name)}"]')
            for text in s.rows:
                text = text.strip()
                if text:
                    if "\n" in text or "\r" in text:
                        raise ParseError(f"a row of {s.name} holds a line break: {text!r}")
                    out.append(text)
    out.append("")
    text = "\n".join(out)
    return _place_comments(text, b.comments) if b.comments else text


def _board_value(v: str) -> str:
    """The Board tag of a board without number: "" kept, a label as read, else "?"."""
    return v if v in ("", "?") else "?" if number_like(v) else escape_value(v, "Board")


_TAG_NAME = re.compile(r"\[([A-Za-z0-9_]+) ")


def _place_comments(text: str, comments: Iterable[tuple[str, str]]) -> str:
    """``text`` (a board as the writer makes it) with each comment on its own
    line(s) after the tag or section it belongs to; at the start for ``""``,
    at the end when that tag is not written."""
    lines = text.split("\n")[:-1]
    end_of: dict[str, int] = {}  # anchor -> index of the last line of its block
    anchor = ""
    for k, line in enumerate(lines):
        m = _TAG_NAME.match(line)
        if m is not None and not (m.group(1) == "Note" and anchor in ("Auction", "Play")):
            anchor = m.group(1)
        end_of[anchor] = k
    by_line: dict[int, list[str]] = {}
    for after, body in comments:
        if not (body[:1] in ("%", ";") and "\n" not in body) and not (
                body[:1] == "{" and body[-1:] == "}" and "}" not in body[1:-1]):
            raise ParseError(f"a PBN comment is '{{...}}', a '%' line or a ';' one, not {body[:80]!r}")
        by_line.setdefault(end_of.get(after, len(lines) - 1) if after else -1, []).append(body)
    out = by_line.get(-1, [])
    for k, line in enumerate(lines):
        out.append(line)
        out.extend(by_line.get(k, ()))
    out.append("")
    return "\n".join(out)


def iter_dumps(boards: Iterable[Board], crlf: bool = False) -> Iterator[str]:
    """Text chunks of ``boards`` in PBN export style: the header, then each
    board (an empty line before every board but the first). Raises ParseError
    for a value PBN cannot hold."""
    nl = "\r\n" if crlf else "\n"
    yield HEADER.replace("\n", nl)
    sep = ""
    for b in boards:
        text = board_text(b)
        if crlf:
            text = text.replace("\n", "\r\n")
        yield sep + text
        sep = nl


def dumps(boards: Iterable[Board], crlf: bool = False) -> str:
    """``boards`` as one PBN text (LF line ends, CRLF with ``crlf=True``)."""
    return "".join(iter_dumps(boards, crlf))


def dump(boards: Iterable[Board], fp: IO[str], crlf: bool = False) -> None:
    """Write ``boards`` as PBN to an open text file, in chunks."""
    plumbing.write_chunks(iter_dumps(boards, crlf), fp, gather=1 << 16)
