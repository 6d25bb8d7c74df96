"""The writer's own forms, recognized whole (fast lanes): a Deal value, Auction rows and
Play rows written as :mod:`bridgecli.formats.pbn.write` writes them. A part in that form
is checked at once (:func:`lazy_deal`, :func:`canon_auction`, :data:`CANON_PLAY`) and its
objects are built only when asked for (:mod:`bridgecli.formats.pbn.lazy`); anything else
goes the token by token way (:mod:`bridgecli.formats.pbn.tokens`). Each lane asks
:data:`bridgecli.core.fastpaths.ON` when it is taken."""

from __future__ import annotations

import re
from collections.abc import Iterable

from bridgecli.core.board import AnnotatedCall
from bridgecli.core.calls import ALL_BIDS
from bridgecli.formats.pbn.tokens import PLAIN_CALL, hold_table

# ---------------------------------------------------------------------------
# lazy parts: a deal or play in canonical export form is checked when read (so
# that every error is found, and located, as the game is read) but its objects
# are built only when asked for; the writers copy the text instead

_H = "([AKQJT98765432]*)"
CANON_HAND = rf"{_H}\.{_H}\.{_H}\.{_H}"
#: A Deal value of four known hands in upper case; that the ranks run from the ace
#: down (as the writer writes them), at most 13 cards a hand and no card twice are
#: checked apart (:func:`lazy_deal`).
_CANON_DEAL = re.compile(rf"[NESW]:{CANON_HAND} {CANON_HAND} {CANON_HAND} {CANON_HAND}")
_HOLDING_MASK: dict[str, int] = {}  # each of the 8192 holdings of a suit written from the ace down -> its ranks


def _holding_masks() -> dict[str, int]:
    if not _HOLDING_MASK:
        _HOLDING_MASK.update((text, mask) for mask, text in enumerate(hold_table()))
    return _HOLDING_MASK


_C = "[SHDC][2-9TJQKA]"
PLAY_ROWS = rf"(?:{_C} {_C} {_C} {_C}\n)*(?:{_C}(?: {_C}){{0,2}}\n)?(?:\*\n)?"
#: Play rows as the writer writes them: four upper-case cards a line, one space apart.
CANON_PLAY = re.compile(PLAY_ROWS)


def hand_masks(holdings: Iterable[str]) -> tuple[int, int, int, int] | None:
    """The four hands of a Deal value's 16 suit holdings (spades to clubs, hand after hand)
    as 52-bit card masks (bit ``13 * suit + rank - 2``); None when a holding's ranks do
    not run from the ace down."""
    try:  # each holding's ranks (13 bits)
        s0, h0, d0, c0, s1, h1, d1, c1, s2, h2, d2, c2, s3, h3, d3, c3 = map(
            (_HOLDING_MASK or _holding_masks()).__getitem__, holdings)
    except KeyError:
        return None
    return (s0 << 39 | h0 << 26 | d0 << 13 | c0, s1 << 39 | h1 << 26 | d1 << 13 | c1,
            s2 << 39 | h2 << 26 | d2 << 13 | c2, s3 << 39 | h3 << 26 | d3 << 13 | c3)


def lazy_deal(v: str) -> bool:
    """Whether the Deal value ``v`` is canonical and a deal (no card twice): then it is
    parsed only when asked for."""
    m = _CANON_DEAL.fullmatch(v)
    return m is not None and _is_deal(m.groups())


def _is_deal(holdings: Iterable[str]) -> bool:
    """Whether the 16 suit holdings of a canonical Deal value (spades to clubs, hand after
    hand) are a deal: ranks from the ace down, at most 13 cards a hand, no card twice."""
    return deal_hands(holdings) is not None


def deal_hands(holdings: Iterable[str]) -> tuple[int, int, int, int] | None:
    """The card masks of the four hands (:func:`hand_masks`, from the Deal value's first
    seat) when the 16 suit holdings are a deal (see :func:`_is_deal`), else None."""
    hands = hand_masks(holdings)
    if hands is None:
        return None
    # at most 13 cards a hand, and no card in two hands
    a, b, c, d = hands
    na, nb, nc, nd = a.bit_count(), b.bit_count(), c.bit_count(), d.bit_count()
    if na <= 13 and nb <= 13 and nc <= 13 and nd <= 13 and (a | b | c | d).bit_count() == na + nb + nc + nd:
        return hands
    return None
PLAIN_CALL_TXT = r"(?:Pass|XX?|[1-7](?:[CDHS]|NT))"
_CALL_TXT = PLAIN_CALL_TXT + r"(?: =[1-9][0-9]?=)?(?: \$[1-9][0-9]?)?"


def auction_rows(call: str) -> str:
    """Auction rows as the writer writes them: four ``call``s a line, one space apart,
    an end mark on a line of its own."""
    return rf"(?:{call} {call} {call} {call}\n)*(?:{call}(?: {call}){{0,2}}\n)?(?:[*+]\n)?"


#: Auction rows as the writer writes them, the calls with a note and a NAG (``$1``: the alert).
CANON_AUCTION = re.compile(auction_rows(_CALL_TXT))
#: One call of such rows, with its note and NAG.
_CALL_UNIT = re.compile(_CALL_TXT)
OTHER_TAG = re.compile(r'\[([A-Za-z0-9_]+) "([^"\\\n]*)"\]\n')


#: Each call of auction rows in the writer's form (``1NT =1= $1``, ``Pass``) -> the call read
#: (shared: the calls are frozen); the plain calls from the start, annotated ones as they come.
_CANON_CALLS: dict[str, AnnotatedCall] = {}


def canon_auction(text: str) -> tuple[list[AnnotatedCall], str] | None:
    """The calls and end mark of auction rows ``text`` (lines ending in LF) when they are
    in the writer's form (``CANON_AUCTION``: a call with at most a note and a NAG, ``$1``
    being the alert), as :func:`parse_auction_tokens` reads them; else None."""
    if CANON_AUCTION.fullmatch(text) is None:
        return None
    get = (_CANON_CALLS or _canon_calls()).get
    return [get(unit) or _canon_call(unit) for unit in _CALL_UNIT.findall(text)], \
        text[-2] if text[-2:] in ("*\n", "+\n") else ""


def canon_calls_of(text: str) -> tuple[AnnotatedCall, ...]:
    """The calls of auction rows ``text`` known to be in the writer's form (``CANON_AUCTION``),
    as :func:`canon_auction` reads them."""
    get = (_CANON_CALLS or _canon_calls()).get
    return tuple([get(unit) or _canon_call(unit) for unit in _CALL_UNIT.findall(text)])


def _canon_calls() -> dict[str, AnnotatedCall]:
    for word in ("Pass", "X", "XX", *map(str, ALL_BIDS)):
        _CANON_CALLS[word] = PLAIN_CALL[word]
    return _CANON_CALLS


def _canon_call(unit: str) -> AnnotatedCall:
    """The call of a unit like ``1NT =1= $1`` (a call of ``_CALL_UNIT``)."""
    word, *marks = unit.split(" ")
    note = None
    nags: tuple[int, ...] = ()
    alert = False
    for mark in marks:
        if mark[0] == "=":
            note = int(mark[1:-1])
        elif mark == "$1":
            alert = True
        else:
            nags = (int(mark[1:]),)
    a = AnnotatedCall(PLAIN_CALL[word].call, alert, note, nags)
    if len(_CANON_CALLS) < 5000:
        _CANON_CALLS[unit] = a
    return a
