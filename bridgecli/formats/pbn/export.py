"""The export-style lane (a fast lane): a game written as the writer (and most programs)
write it, matched by one regular expression and made a Board without a Python loop over
its lines (:func:`export_groups`, :func:`export_board`); anything else goes the general
way of :class:`~bridgecli.formats.pbn.games.Reader`. The reader asks
:data:`bridgecli.core.fastpaths.ON` before it takes this lane."""

from __future__ import annotations

import re
from typing import Any

from bridgecli.core.board import STRUCTURED_TAGS, Board
from bridgecli.core.calls import ALL_BIDS
from bridgecli.core.cards import Seat, Vulnerability
from bridgecli.core.contract import Contract, Risk
from bridgecli.core.errors import BridgeError
from bridgecli.formats.pbn.build import auction_fields, lazy_auction_fields, play_fields
from bridgecli.formats.pbn.canon import (
    CANON_AUCTION,
    CANON_HAND,
    OTHER_TAG,
    PLAIN_CALL_TXT,
    PLAY_ROWS,
    auction_rows,
    deal_hands,
)
from bridgecli.formats.pbn.lazy import PENDING, SLOT_SETTERS, LazyBoard, new_board
from bridgecli.formats.pbn.tokens import MTS_TAGS, TABLE_SECTIONS, parse_notes

_SET = object.__setattr__
_OBJECT_NEW = object.__new__

# ---------------------------------------------------------------------------
# the export style in one regular expression: a game as the writer (and most
# programs) write it, the 15 mandatory tags in their order, other tags, the
# auction with its notes, the play; read without a Python loop over its lines.
# The deal, the auction and the play have a branch of their own for the form the
# writer writes them in, so that the match says whether they are in that form.

_V = r'"((?!#)[^"\\\n]*)"'  # a tag value; one starting with "#" (inheritance?) goes the general way
_EXPORT_HEAD_TEXT = (
    "".join(rf"\[{name} {_V}\]\n" for name in MTS_TAGS[:3])
    + r'\[Board "([1-9][0-9]{0,5}|\?)"\]\n'  # a number as the writer writes it, or unknown
    + "".join(rf"\[{name} {_V}\]\n" for name in MTS_TAGS[4:10])
    # the deal: canonical (its 16 holdings in groups of their own), or another value
    + rf'\[Deal "(?:([NESW]:{CANON_HAND} {CANON_HAND} {CANON_HAND} {CANON_HAND})|([^"\\\n]*))"\]\n'
    + "".join(rf"\[{name} {_V}\]\n" for name in MTS_TAGS[11:])
)
_DATA = r'(?:[^\[\]"{};%\n]+\n)'  # a line of data: no tag, string, comment or directive in it
_EXPORT_TAIL_TEXT = (
    r'((?:\[[A-Za-z0-9_]+ "(?!#)[^"\\\n]*"\]\n)*)'
    # the auction: plain calls as the writer writes them, or other data lines; its notes
    + rf"(?:\[Auction {_V}\]\n(?:({auction_rows(PLAIN_CALL_TXT)})|({_DATA}*))((?:\[Note \"(?!#)[^\"\\\n]*\"\]\n)*))?"
    # the play: canonical rows (CANON_PLAY), or other data lines
    + rf"(?:\[Play {_V}\]\n(?:({PLAY_ROWS})|({_DATA}*)))?"
)
# A game in the export style is _EXPORT_HEAD_TEXT + _EXPORT_TAIL_TEXT, matched in two parts
# (export_groups). The head, the mandatory tags, matches one way only and ends where it
# ends (each tag line is read one way; the deal's two branches end at the same place), so
# the tail matched from there finds what the whole pattern would. Two parts, because the
# regular expression engine copies the marks of every group matched so far at each try of
# a repeated group: the tail's rows after the head's 27 groups cost ~40% more.
_EXPORT_HEAD = re.compile(_EXPORT_HEAD_TEXT)
_EXPORT_TAIL = re.compile(_EXPORT_TAIL_TEXT)


def export_groups(game: str) -> tuple[str, ...] | None:
    """The groups of a game in the export style (the head's, then the tail's: see
    ``_G_*`` below), or None when ``game`` is not one."""
    head = _EXPORT_HEAD.match(game)
    if head is None:
        return None
    tail = _EXPORT_TAIL.fullmatch(game, head.end())
    return None if tail is None else head.groups() + tail.groups()


# the groups of export_groups: the mandatory tags (the deal in three parts: the canonical
# value, its holdings, another value), the other tags, the auction's seat, its rows (plain or
# other) and notes, the play's seat and its rows (canonical or other)
(_G_EVENT, _G_SITE, _G_DATE, _G_BOARD, _G_WEST, _G_NORTH, _G_EAST, _G_SOUTH, _G_DEALER, _G_VUL, _G_DEAL) = range(11)
_G_HOLDINGS = slice(11, 27)
(_G_DEAL_OTHER, _G_SCORING, _G_DECLARER, _G_CONTRACT, _G_RESULT, _G_OTHERS, _G_AUCTION, _G_AUCTION_PLAIN,
 _G_AUCTION_OTHER, _G_NOTES, _G_PLAY, _G_PLAY_CANON, _G_PLAY_OTHER) = range(27, 40)
# other tags that need the general path: structured, mandatory (a repeat), sections
_NOT_OTHER = STRUCTURED_TAGS | frozenset(MTS_TAGS) | TABLE_SECTIONS | {"OptimumScore"}

_FAST_SEAT: dict[str, Seat | None] = {"?": None, **{s.letter: s for s in Seat}}
_FAST_VUL: dict[str, Vulnerability | None] = {"?": None, **{v.pbn: v for v in Vulnerability}}
_FAST_RESULT: dict[str, int | None] = {"": None, "?": None, **{str(n): n for n in range(14)}}
# A table filled on first use (_fast_outcome_table), then read only.
_FAST_OUTCOME: dict[tuple[str, str], Contract | None] = {}


def _fast_outcome_table() -> dict[tuple[str, str], Contract | None]:
    """(Contract, Declarer) values -> the contract with declarer, for the plain values."""
    t = _FAST_OUTCOME
    for c in ("", "?"):
        for d in ("", "?"):
            t[c, d] = None
    t["Pass", ""] = t["Pass", "?"] = Contract.passed_out()
    for bid in ALL_BIDS:
        for risk in Risk:
            plain = Contract(bid.level, bid.strain, risk)
            t[plain.pbn, ""] = t[plain.pbn, "?"] = plain
            for seat in Seat:
                t[plain.pbn, seat.letter] = plain.with_declarer(seat)
    return t
_NOTE_VALUE = re.compile(r'\[Note "([^"\\\n]*)"\]\n')


def export_board(g: tuple[str, ...], text: str) -> Board | None:
    """The Board of a game in the export style (its groups ``g`` from :func:`export_groups`; ``text`` the game),
    or None when a value is not plain: the general path then reads the game (and words
    any error); :func:`remember_export` keeps the game's values for a later ``#``. A LazyBoard keeps
    ``text`` and ``g``: the writer copies the text when it would write just that for the
    board (:func:`copy_text`)."""
    event, site, date, board_v, west, north, east, south, dealer_v, vul_v, deal_v = g[:_G_HOLDINGS.start]
    (deal_other, scoring, declarer_v, contract_v, result_v, others, auction_v, auction_plain, auction_other,
     notes_block, play_v, play_canon, play_other) = g[_G_DEAL_OTHER:]
    dealer = _FAST_SEAT.get(dealer_v, _BAD)
    vul = _FAST_VUL.get(vul_v, _BAD)
    contract = (_FAST_OUTCOME or _fast_outcome_table()).get((contract_v, declarer_v), _BAD)
    result = _FAST_RESULT.get(result_v, _BAD)
    if dealer is _BAD or vul is _BAD or contract is _BAD or result is _BAD:
        return None
    if deal_v is not None:
        hands = deal_hands(g[_G_HOLDINGS])
        if hands is None:
            return None
        deal = PENDING
    elif deal_other == "?":
        deal, deal_v, hands = None, "?", None
    else:
        return None
    number = None if board_v == "?" else int(board_v)
    tags = {"Event": event, "Site": site, "Date": date, "West": west, "North": north, "East": east,
            "South": south, "Scoring": scoring}
    if "?" in (event, site, date, west, north, east, south, scoring):
        tags = {name: v for name, v in tags.items() if v != "?"}  # unknown: the same as absent
    if others:
        for name, v in OTHER_TAG.findall(others):
            if name in _NOT_OTHER or name in tags:
                return None
            tags[name] = v
    if deal is PENDING and (auction_v is None or (auction_plain and not notes_block)) \
            and (play_v is None or play_canon):
        board = _export_lazy(g, text, number, dealer, vul, deal_v, hands, contract, result, tags)
        if board is not None:
            return board
    fields: dict[str, Any] = {}
    notes: list[Any] = []
    play_e: Any = None
    play_lazy = False
    auction_text = None
    try:
        if auction_v is not None:
            if not auction_v:
                return None
            rows = auction_other if auction_plain is None else auction_plain
            if rows and (auction_plain is not None or CANON_AUCTION.fullmatch(rows) is not None):
                auction_text = rows  # the calls in the writer's form: built on first use
                lazy_auction_fields(fields, auction_v, rows, dealer, number)
            else:
                auction_fields(fields, ["Auction", auction_v, None, [(None, rows)] if rows else None], dealer, number)
            if notes_block:
                notes = [["Note", v, None, None] for v in _NOTE_VALUE.findall(notes_block)]
                fields["auction_notes"] = parse_notes(notes)
        if play_v is not None:
            if not play_v:
                return None
            rows = play_canon or play_other
            play_e = ["Play", play_v, None, [(None, rows)] if rows else None]
            play_lazy = play_fields(fields, play_e, rows, bool(play_canon))
    except BridgeError:
        return None
    board = new_board(number, dealer, vul, deal, deal_v, contract, result, tags, fields,
                       play_e if play_lazy else None, auction_text, hands)
    if type(board) is LazyBoard:
        _SET(board, "game_source", text)
        # (only what decides the copy: the groups hold the game's text again)
        _SET(board, "game_keys", _copy_keys(g, auction_text is not None))
    return board


_BAD: Any = object()


def _export_lazy(g: tuple[str, ...], text: str, number: int | None, dealer: Seat | None, vul: Vulnerability | None,
                 deal_v: str, hands: tuple[int, int, int, int], contract: Contract | None, result: int | None,
                 tags: dict[str, str]) -> Board | None:
    """The LazyBoard of the commonest game :func:`export_board` reads (its groups ``g``; the
    values it has read from them): a canonical deal, no auction or one of plain calls in
    the writer's form without notes, no play or canonical play rows, their seats ``N``,
    ``E``, ``S``, ``W`` or ``?``. Its fields are those :func:`new_board` sets for the game,
    set here at once; None for anything else (:func:`export_board` goes the general way)."""
    auction_v, rows, play_v, play_rows = g[_G_AUCTION], g[_G_AUCTION_PLAIN], g[_G_PLAY], g[_G_PLAY_CANON]
    auction: Any = None
    end = ""
    start = None
    if auction_v is not None:
        start = _FAST_SEAT.get(auction_v, _BAD)
        if start is _BAD or (start is not None and dealer is not None and start != dealer):
            return None  # (a seat spelt otherwise, or the error: the general way)
        auction = PENDING
        if rows[-2:] in ("*\n", "+\n"):
            end = rows[-2]
        if dealer is None and start is not None and number is not None and start == (number - 1) % 4:
            start = None  # (the first caller the board number gives: not kept)
        elif dealer is not None:
            start = None
    play: Any = None
    leader = None
    play_end = ""
    if play_v is not None:
        leader = _FAST_SEAT.get(play_v, _BAD)
        if leader is _BAD:
            return None
        play = PENDING
        if play_rows[-2:] == "*\n":
            play_end = "*"
    board = _OBJECT_NEW(LazyBoard)
    (number_, dealer_, vul_, deal_, auction_, auction_end_, auction_notes_, play_, play_leader_, play_end_,
     play_notes_, contract_, result_, tags_, sections_, variant_, extra_, auction_from_, comments_) = SLOT_SETTERS
    number_(board, number)
    dealer_(board, dealer)
    vul_(board, vul)
    deal_(board, PENDING)
    auction_(board, auction)
    auction_end_(board, end)
    auction_notes_(board, {})
    play_(board, play)
    play_leader_(board, leader)
    play_end_(board, play_end)
    play_notes_(board, {})
    contract_(board, contract)
    result_(board, result)
    tags_(board, tags)
    sections_(board, ())
    variant_(board, None)
    extra_(board, {})
    auction_from_(board, start)
    comments_(board, ())
    deal_text_, hands_, play_entry_, auction_text_, game_text_, game_groups_ = _LAZY_SETTERS
    deal_text_(board, deal_v)
    hands_(board, hands)
    if play is not None:
        play_entry_(board, ["Play", play_v, None, [(None, play_rows)]])
    if auction is not None:
        auction_text_(board, rows)
    game_text_(board, text)
    game_groups_(board, _copy_keys(g, True))
    return board


#: The slots of a LazyBoard that :func:`_export_lazy` sets.
_LAZY_SETTERS = tuple(LazyBoard.__dict__[name].__set__
                      for name in ("deal_source", "source_hands", "play_entry", "auction_source", "game_source", "game_keys"))


_TAG_NAME = re.compile(r"\[([A-Za-z0-9_]+) ")


def covers(g: tuple[str, ...], before: tuple[str, ...]) -> bool:
    """Whether the game that :func:`export_board` read (its groups ``g``) gives a value to
    every tag of the game ``before`` it (its groups), the other tags in the same order: then
    the values of ``g`` alone are what :func:`remember_export` leaves after both."""
    if (before[_G_AUCTION] is not None and g[_G_AUCTION] is None) or (before[_G_NOTES] and not g[_G_NOTES]) \
            or (before[_G_PLAY] is not None and g[_G_PLAY] is None):
        return False
    a, b = before[_G_OTHERS], g[_G_OTHERS]
    return not a or a == b or _TAG_NAME.findall(a) == _TAG_NAME.findall(b)


def remember_export(last: dict[str, str], g: tuple[str, ...]) -> None:
    """Put into ``last`` the values of a game that :func:`export_board` read (its groups
    ``g``), as a later ``#`` takes them: every tag's, ``"?"`` and the Deal value included."""
    last.update(zip(("Event", "Site", "Date", "West", "North", "East", "South", "Scoring"),
                    (g[_G_EVENT], g[_G_SITE], g[_G_DATE], g[_G_WEST], g[_G_NORTH], g[_G_EAST], g[_G_SOUTH],
                     g[_G_SCORING])))
    others = g[_G_OTHERS]
    if others:
        last.update(OTHER_TAG.findall(others))
    last["Board"] = g[_G_BOARD]
    last["Dealer"] = g[_G_DEALER]
    last["Vulnerable"] = g[_G_VUL]
    last["Deal"] = g[_G_DEAL] or g[_G_DEAL_OTHER]
    last["Declarer"] = g[_G_DECLARER]
    last["Contract"] = g[_G_CONTRACT]
    last["Result"] = g[_G_RESULT]
    auction = g[_G_AUCTION]
    if auction is not None:
        last["Auction"] = auction
        notes = g[_G_NOTES]
        if notes:
            last["Note"] = _NOTE_VALUE.findall(notes)[-1]
    play = g[_G_PLAY]
    if play is not None:
        last["Play"] = play


def _copy_keys(g: tuple[str, ...], auction_checked: bool) -> tuple[Any, ...]:
    """What :func:`_written_as_read` needs of the groups ``g`` of a game in the export style
    (``auction_checked``: its auction rows are known to be in the writer's form):
    the groups hold most of the game's text again, kept until a writer asks."""
    deal = g[_G_DEAL]
    return (g[_G_OTHERS], "?" if deal is None else deal[0], g[_G_DECLARER], g[_G_CONTRACT], g[_G_RESULT],
            g[_G_AUCTION], None if auction_checked else g[_G_AUCTION_OTHER], g[_G_NOTES], g[_G_PLAY],
            g[_G_PLAY_CANON] is not None)
