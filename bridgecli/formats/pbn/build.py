"""Building a Board from the tag pairs and sections of one game (:func:`build_board`):
mandatory tags, the outcome (contract, declarer, result), the auction and play
sections, notes, table sections and comments."""

from __future__ import annotations

import re
from typing import Any

from bridgecli.core import fastpaths
from bridgecli.core.board import AnnotatedCall, Board, Section
from bridgecli.core.cards import Seat, Vulnerability
from bridgecli.core.contract import Contract
from bridgecli.core.deal import Deal
from bridgecli.core.errors import BridgeError, ParseError, cut
from bridgecli.core.numbers import is_digits, small_int
from bridgecli.formats.pbn.canon import CANON_PLAY, canon_auction, lazy_deal
from bridgecli.formats.pbn.lazy import PENDING, new_board
from bridgecli.formats.pbn.tokens import (
    EMPTY_KEPT,
    KIND,
    MTS_TAGS,
    MTS_TEXT,
    OPTIMUM_SCORE,
    PLAIN_CALL,
    TABLE_SECTIONS,
    Entry,
    lenient,
    parse_auction_tokens,
    parse_contract,
    parse_deal,
    parse_leader,
    parse_notes,
    parse_number,
    parse_play,
    parse_seat,
    parse_vul,
    section_tokens,
)


def _is_section(name: str, rows: object) -> bool:
    """Whether tag ``name`` (with data ``rows`` after it, or None) starts a table section."""
    return name in TABLE_SECTIONS or (rows is not None and name[-5:] == "Table" and name != "Table")


def _unexpected(e: Entry) -> None:
    for line, text in e[3]:
        words = [w for w in text.split() if w[:1] != "%"]
        if words:
            raise ParseError(f"unexpected text {words[0]!r} after tag {e[0]}").located(line=line)


def build_board(entries: list[Entry], tags: dict[str, str], comments: list[tuple[int, str]] | None = None) -> Board:
    """The Board of a game's tags; ``tags`` may already hold the plain ones.
    ``comments`` are (number of entries before it, text)."""
    number: int | None = None
    dealer: Seat | None = None
    vul: Vulnerability | None = None
    deal: Deal | None = None
    deal_v = ""
    contract_e: Entry | None = None
    declarer_e: Entry | None = None
    result_e: Entry | None = None
    auction_e: Entry | None = None
    play_e: Entry | None = None
    notes: list[list[Entry]] = [[], []]
    section = 0  # 0: notes go with the auction, 1: with the play
    sections: list[Section] = []
    seen: set[str] = set()
    firsts: dict[str, str] = {}  # the Board and Deal values taken
    kinds = KIND
    for e in entries:
        name = e[0]
        kind = kinds.get(name)
        if kind is None and not _is_section(name, e[3]):
            if e[3]:
                try:
                    _unexpected(e)
                except BridgeError as exc:
                    raise exc.located(line=e[2])
            if name not in tags:
                v = e[1]
                if name == "OptimumScore" and v not in ("", "?") and OPTIMUM_SCORE.match(v) is None:
                    raise ParseError(f"bad OptimumScore {v!r} (expected like 'NS 420' or 'EW -100',"
                                     " PBN 4.2)").located(line=e[2])
                if v != "?" or name not in MTS_TEXT:
                    tags[name] = v  # "?" in a mandatory tag means unknown: the same as absent
            continue
        if kind == "Note":
            notes[section].append(e)
            if e[3]:
                _unexpected(e)
            continue
        if name in seen or name in tags:
            # a repeated tag is ignored (PBN §3.4); a second Board or Deal that differs is
            # said: two games with no blank line between them (two files joined) read as one
            if (kind == "Board" or kind == "Deal") and e[1] != firsts.get(name):
                lenient("repeat", e[2], f"a second {name} tag {cut(e[1], 60)!r} in one game ignored"
                                         " (PBN 3.4): two games with no blank line between them?")
            continue
        seen.add(name)
        v = e[1]
        if kind == "Board" or kind == "Deal":
            firsts[name] = v
        if v == "" and kind in EMPTY_KEPT and not e[3]:
            tags[name] = ""  # "" (not applicable) is not "?" (unknown): keep which one it was
            continue
        try:
            if kind is not None:
                if kind == "Auction":
                    auction_e = e
                    section = 0
                    continue
                if kind == "Play":
                    play_e = e
                    section = 1
                    continue
                if e[3]:
                    _unexpected(e)
                if kind == "Deal":
                    if fastpaths.ON and lazy_deal(v):  # (a fast lane: the deal checked whole)
                        deal = PENDING
                        deal_v = v
                    else:
                        deal = parse_deal(v)
                elif kind == "Board":
                    number = parse_number(v)
                    if number is None and v not in ("", "?"):
                        tags["Board"] = v  # a label ("1-1"): kept as written
                        lenient("label", e[2], f"board label {v!r} kept as written: no board number "
                                 "(dealer and vulnerability from their tags)")
                elif kind == "Dealer":
                    dealer = parse_seat(v, "dealer")
                elif kind == "Vulnerable":
                    vul = parse_vul(v)
                elif kind == "Contract":
                    contract_e = e
                elif kind == "Declarer":
                    declarer_e = e
                elif kind == "Result":
                    result_e = e
            else:
                rows = tuple(
                    s for _, t in e[3] or () for s in (r.strip() for r in t.split("\n")) if s and s[0] != "%"
                )
                sections.append(Section(name, v, rows))
        except BridgeError as exc:
            raise exc.located(line=e[2])

    contract, result = _outcome(contract_e, declarer_e, result_e, tags)
    fields: dict[str, object] = {}
    if auction_e is not None:
        auction_fields(fields, auction_e, dealer, number)
    play_lazy = False
    if play_e is not None:
        rows = play_e[3]
        play_lazy = play_fields(fields, play_e, rows[0][1] if rows and len(rows) == 1 else None)
    if notes[0]:
        fields["auction_notes"] = parse_notes(notes[0])
    if notes[1]:
        fields["play_notes"] = parse_notes(notes[1])
    if sections:
        fields["sections"] = tuple(sections)
    if comments:
        fields["comments"] = _anchor_comments(entries, comments)
    return new_board(number, dealer, vul, deal, deal_v, contract, result, tags, fields,
                      play_e if play_lazy else None)


def _anchor_comments(entries: list[Entry], comments: list[tuple[int, str]]) -> tuple[tuple[str, str], ...]:
    """Each comment with the tag or section it followed: Note tags belong to the
    Auction or Play section before them; "" is the start of the game."""
    after = [""]
    section = "Auction"
    for e in entries:
        name = e[0]
        if name == "Note":
            after.append(section)
            continue
        if name in ("Auction", "Play"):
            section = name
        after.append(name)
    anchored = [(after[min(k, len(after) - 1)], text) for k, text in comments]
    sections = {e[0] for e in entries if e[0] not in KIND and _is_section(e[0], e[3])}
    # in the order the writer puts the tags (and so a written board reads back the same)
    return tuple(sorted(anchored, key=lambda c: _writer_rank(c[0], sections)))


_MTS_RANK = {name: k for k, name in enumerate(MTS_TAGS)}


def _writer_rank(after: str, sections: set[str]) -> tuple[int, int, str]:
    """Where :func:`board_text` writes the tag or section ``after``: the start, the mandatory
    tags in their order, the others by name, the auction, the play, the table sections by name."""
    if not after:
        return (0, 0, "")
    k = _MTS_RANK.get(after)
    if k is not None:
        return (1, k, "")
    if after in ("Auction", "Play"):
        return (3, after == "Play", "")
    return (4, 0, after) if after in sections else (2, 0, after)


#: A cache: (contract, declarer) -> the contract with that declarer (at most 2,000 pairs).
_WITH_DECLARER: dict[tuple[Contract, Seat], Contract] = {}
_RESULT_SIDES = re.compile(r"(NS|EW)\s+(\d+)(?:\s+(NS|EW)\s+(\d+))?\Z", re.IGNORECASE)


def _outcome(
    contract_e: Entry | None, declarer_e: Entry | None, result_e: Entry | None, tags: dict[str, str]
) -> tuple[Contract | None, int | None]:
    """Contract (with declarer) and declarer's tricks; values that do not fit
    those fields (an end-position strain, ``^`` marks, side-only results) stay
    in ``tags`` so that nothing is lost."""
    contract: Contract | None = None
    declarer: Seat | None = None
    if contract_e is not None and contract_e[1] not in ("", "?"):
        try:
            contract = parse_contract(contract_e[1])
        except ParseError as exc:
            raise exc.located(line=contract_e[2])
        if contract is None:
            tags["Contract"] = contract_e[1]
    if declarer_e is not None and declarer_e[1] not in ("", "?"):
        v = declarer_e[1]
        try:
            if v[:1] == "^":
                # "^S": declarer and dummy were swapped (PBN 3.4.13); S plays the hand
                tags["Declarer"] = v
                if contract is not None and contract.level > 0 and len(v) == 2:
                    declarer = parse_seat(v[1], "declarer")
                    contract = contract.with_declarer(declarer)
                else:
                    parse_seat(v[1:], "declarer")
            elif contract is None:
                parse_seat(v, "declarer")
                tags["Declarer"] = v
            else:
                declarer = parse_seat(v, "declarer")
                key = (contract, declarer)
                c = _WITH_DECLARER.get(key)  # type: ignore[arg-type]
                if c is None:
                    c = contract.with_declarer(declarer)
                    if len(_WITH_DECLARER) < 2000:
                        _WITH_DECLARER[key] = c  # type: ignore[index]
                contract = c
        except ParseError as exc:
            raise exc.located(line=declarer_e[2])
    result: int | None = None
    if result_e is not None and result_e[1] not in ("", "?"):
        v = result_e[1].strip()
        agreed = v[:1] == "^" and is_digits(v[1:])  # "^9": tricks agreed, not as played (PBN 3.4.15)
        if is_digits(v) or agreed:
            result = small_int(v[1:] if agreed else v)
            if result is None or result > 13:
                raise ParseError(f"bad result {result_e[1]!r}: at most 13 tricks").located(line=result_e[2])
            if agreed:
                tags["Result"] = result_e[1]
        else:
            m = _RESULT_SIDES.match(v)
            if m is None and v[:1] != "^":
                raise ParseError(
                    f"bad result {result_e[1]!r} (expected tricks like '9' or 'NS 9')"
                ).located(line=result_e[2])
            if m is not None and declarer is not None:
                side = "NS" if declarer in (Seat.NORTH, Seat.SOUTH) else "EW"
                for s, n in ((m.group(1), m.group(2)), (m.group(3), m.group(4))):
                    if s is not None and s.upper() == side and is_digits(n) and len(n) <= 2 and int(n) <= 13:
                        result = int(n)
            if result is None:
                tags["Result"] = result_e[1]
    return contract, result

# ---------------------------------------------------------------------------
# token tables (built once; values are shared immutable objects)

_SEAT_BY_INDEX: tuple[Seat, ...] = tuple(Seat)


def _parse_auction(e: Entry, dealer: Seat | None) -> tuple[tuple[AnnotatedCall, ...], str, Seat | None]:
    """The calls of an Auction section, from the dealer on, its end mark and the
    seat of its first call (None when the tag gives no seat). Raises ParseError
    when a Dealer tag (``dealer``) says another seat starts."""
    try:
        seat = parse_seat(e[1], "auction")
    except ParseError as exc:
        raise exc.located(line=e[2])
    try:
        out, fillers, end = list(map(PLAIN_CALL.__getitem__, section_tokens(e))), 0, ""
    except KeyError:
        rows = e[3]
        canon = canon_auction(rows[0][1]) if len(rows) == 1 and fastpaths.ON else None
        if canon is None:
            out, fillers, end = parse_auction_tokens(e)
        else:
            (out, end), fillers = canon, 0
    start = None if seat is None else _SEAT_BY_INDEX[(seat + fillers) % 4]
    if start is not None and dealer is not None and start != dealer:
        raise ParseError(
            f"the auction starts with {start.letter} but the dealer is {dealer.letter}"
        ).located(line=e[2])
    return tuple(out), end, start


def auction_fields(fields: dict[str, Any], entry: Any, dealer: Seat | None, number: int | None) -> None:
    """Set the auction fields of a game from its Auction section ``entry``."""
    fields["auction"], fields["auction_end"], start = _parse_auction(entry, dealer)
    if dealer is None and start is not None and (number is None or start != (number - 1) % 4):
        fields["auction_from"] = start  # the Auction tag names the first caller: never guess another


def lazy_auction_fields(fields: dict[str, Any], seat: str, rows: str, dealer: Seat | None,
                         number: int | None) -> None:
    """Set the auction fields of a game whose Auction section (its value ``seat``, its rows
    ``rows``) is in the writer's form (``CANON_AUCTION``, a call a unit: no filler), as
    :func:`auction_fields` sets them, the calls to be built on first use. Raises
    ParseError as :func:`_parse_auction` does (without a line)."""
    start = parse_seat(seat, "auction")
    if start is not None and dealer is not None and start != dealer:
        raise ParseError(f"the auction starts with {start.letter} but the dealer is {dealer.letter}")
    fields["auction"] = PENDING
    fields["auction_end"] = rows[-2] if rows[-2:] in ("*\n", "+\n") else ""
    if dealer is None and start is not None and (number is None or start != (number - 1) % 4):
        fields["auction_from"] = start


def play_fields(fields: dict[str, Any], entry: Any, rows: str | None, canonical: bool | None = None) -> bool:
    """Set the play fields of a game from its Play section ``entry``: when its one row of
    text ``rows`` is canonical (``canonical``, when the caller knows), the leader now and
    the cards on first use (True); else all of it parsed now (False)."""
    if canonical is None:
        canonical = bool(rows) and fastpaths.ON and CANON_PLAY.fullmatch(rows) is not None  # type: ignore[arg-type]
    if not canonical:
        fields["play_leader"], fields["play"], fields["play_end"] = parse_play(entry)
        return False
    fields["play_leader"] = parse_leader(entry)
    fields["play"] = PENDING
    if rows[-2:] == "*\n":  # type: ignore[index]
        fields["play_end"] = "*"
    return True
