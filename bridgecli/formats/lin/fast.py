"""LIN's fast lane: a board in the usual one-line form read by one regular expression
and built from tables (:func:`fast_board`); anything else goes the pair-by-pair way
(:mod:`bridgecli.formats.lin.read`)."""

from __future__ import annotations

import re
import sys
from typing import cast

from bridgecli.core.board import AnnotatedCall, Board, PlayedCard
from bridgecli.core.calls import Bid, Call
from bridgecli.core.cards import DECK, Card, Hand, Rank, Seat
from bridgecli.core.contract import Contract
from bridgecli.core.deal import Deal
from bridgecli.core.kernel import BB_SUITS, STRENGTH, SUIT_OF

from .common import (
    CARD_TOKEN,
    LIN_SEATS,
    PLAYER_TAGS,
    ROOMS,
    VUL_IN,
    annotate,
    final_contract,
    lin_call,
    opening_leader,
    vg_tags,
)

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
FAST_BOARD = re.compile(
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

_RANK_INDEX = {r.letter: r - 2 for r in Rank}
#: A cache: a suit's ranks as read (any order) -> (the suit's cards as a 52-bit set, or -1
#: for a rank twice; the frozenset of its cards), one table a suit: spades, hearts, diamonds,
#: clubs (each emptied past 20,000 entries: :func:`_holding`)
_HOLDINGS: tuple[dict[str, tuple[int, frozenset[Card]]], ...] = ({}, {}, {}, {})
_SUIT_BASES = (39, 26, 13, 0)  # the index of the two of spades, hearts, diamonds, clubs
#: A cache: a suit's cards as a 52-bit set -> their frozenset (at most 4 x 8192 entries)
_SUIT_SETS: dict[int, frozenset[Card]] = {}
_UNKNOWN_CARD = PlayedCard(None)
_NO_HAND = Hand()
_NEW_DEAL = object.__new__
_SET_HANDS = Deal.__dict__["hands"].__set__  # the slot of the frozen dataclass
_PLAYED = tuple(PlayedCard(c) for c in DECK)  # by card index
#: Tables filled once, by the first board (:func:`_fast_tables`; start-up time): a ``pc``
#: value -> the card index, and an ``mb`` value -> (call, alert, the call without a note,
#: its strain or -1 for no bid) for the usual spellings
_FAST_CARD: dict[str, int] = {}
_FAST_CALLS: dict[str, tuple[Call, bool, AnnotatedCall, int]] = {}  # (filled once, as above)


def _fast_tables() -> None:
    index = {c: i for i, c in enumerate(DECK)}
    _FAST_CARD.update((t, index[c]) for t, c in CARD_TOKEN.items())
    for text in ("p", "P", "d", "D", "r", "R", *(f"{n}{s}" for n in range(1, 8) for s in "CDHSN"),
                 *(f"{n}{s}" for n in range(1, 8) for s in "cdhsn")):
        for mark in ("", "!"):
            call, alert = lin_call(text + mark)
            strain = call.strain if type(call) is Bid else -1
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


def fast_board(g: tuple[str | None, ...], shared_vg: tuple[str | None, str | None]) -> Board | None:
    """The Board of a board matched by ``FAST_BOARD`` (groups ``g``), or None when the
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
            strains: list[int] = [f[3] for f in found]  # type: ignore[index]
        else:
            explained: list[tuple[Call, bool, str | None]] = []
            strains = []
            for key, f, value in zip(parts[0::2], found, parts[1::2]):
                if key == "mb":
                    if f is None:
                        return None
                    explained.append((f[0], f[1], None))
                    strains.append(f[3])
                else:
                    call, alert, _ = explained[-1]
                    explained[-1] = (call, alert, value.strip())
            auction = annotate(explained, notes)
            calls = [c for c, _, _ in explained]
        contract = final_contract(calls, dealer, strains)
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
        leader = opening_leader(contract)
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
    room = None if room_v is None else ROOMS[room_v]
    if vg is None:
        vg = shared_vg[0]
    own_rs = rs is not None  # the board's own rs| pair, not the header's before it
    if rs is None:
        rs = shared_vg[1]
    tags: dict[str, str] = {}
    if vg is not None or rs is not None:
        bare = not auction_v and not paged and not play_v and claim_v is None
        outcome = vg_tags(vg, rs, number, room, tags, bare, own_rs)
        if outcome is not None:
            contract, result = outcome
    for tag, name in zip(PLAYER_TAGS, names):
        if name:
            tags[tag] = name
    if room is not None:
        tags["Room"] = room
    return Board(
        number=number,
        dealer=dealer,
        vulnerability=None if sv_v is None else VUL_IN[sv_v],
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
