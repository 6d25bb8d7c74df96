"""What the LIN reader, its fast lane and the writer share: the tables of the format's
letters and the rules they apply (the trick winner, the final contract), the ``vg``
and ``rs`` match headers, the calls' explanations."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence

from bridgecli.core.board import AnnotatedCall
from bridgecli.core.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Double, Pass, Redouble, parse_call
from bridgecli.core.cards import DECK, SEATS, Card, Seat, Strain, Suit, Vulnerability
from bridgecli.core.contract import Contract, Risk
from bridgecli.core.errors import ParseError
from bridgecli.core.kernel import OPENING_LEADER, declarer_call
from bridgecli.core.numbers import is_digits, small_int
from bridgecli.core.play import trick_winner as winner_index

#: LIN lists hands and players South, West, North, East; the dealer digit counts from 1 = South.
LIN_SEATS: tuple[Seat, ...] = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)

VUL_IN = {"o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE,
           "n": Vulnerability.NS, "e": Vulnerability.EW, "b": Vulnerability.ALL}
VUL_OUT = ("o", "n", "e", "b")
_CALLS_IN: dict[str, Call] = {"P": PASS, "PASS": PASS, "D": DOUBLE, "X": DOUBLE, "DBL": DOUBLE,
                              "R": REDOUBLE, "XX": REDOUBLE, "RDBL": REDOUBLE}
PLAYER_TAGS = ("South", "West", "North", "East")
ROOMS = {"o": "Open", "c": "Closed"}
SUIT_LETTERS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
CARD_TOKEN = {t: c for c in DECK for t in (str(c), str(c).lower(), str(c)[0] + str(c)[1].lower(), str(c)[0].lower() + str(c)[1])}


# -- small rules helpers (pure) ----------------------------------------------


def trick_winner(cards: Sequence[Card], leader: Seat, trump: Suit | None) -> Seat:
    """The seat that wins a trick of ``cards`` played clockwise from ``leader`` (Law 44)."""
    return leader.next(winner_index(cards, trump))


def opening_leader(contract: Contract) -> Seat:
    """The opening leader against ``contract`` (which has a declarer)."""
    return SEATS[OPENING_LEADER[contract.declarer]]  # type: ignore[index]


def final_contract(calls: Sequence[Call], dealer: Seat, strains: Iterable[int] | None = None) -> Contract | None:
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
        strains = (call.strain if type(call) is Bid else -1 for call in calls)
    # (the side of the final bid: the parity of its position, as the kernel's CALL_SIDES say)
    key = (bid.level, bid.strain, risk, (dealer + declarer_call(strains, bid.strain, last & 1)) % 4)
    contract = _CONTRACTS.get(key)
    if contract is None:
        contract = _CONTRACTS[key] = Contract(bid.level, bid.strain, risk, Seat(key[3]))
    return contract


#: A cache: (level, strain, risk, declarer) -> the Contract (the values are immutable; at
#: most 7 x 5 x 3 x 4 entries)
_CONTRACTS: dict[tuple[int, Strain, Risk, int], Contract] = {}



def lin_call(value: str) -> tuple[Call, bool]:
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



_SCORING = {"I": "IMP", "P": "MP", "B": "BAM"}
_SCORING_OUT = {v: k for k, v in _SCORING.items()}
#: the fields of ``vg`` kept as tags: (position, tag)
VG_FIELDS = ((0, "Event"), (1, "Stage"), (2, "Scoring"), (5, "HomeTeam"), (7, "VisitTeam"))
#: a result as ``rs`` lists it: level, strain, declarer, ``x``/``xx``, tricks against the contract
_RS_ENTRY = re.compile(r"([1-7])([CDHSN])([NESW])(X{0,2})(=|[+-][0-9]{1,2})?", re.IGNORECASE)
_STRAIN_LETTERS = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES,
                   "N": Strain.NOTRUMP}
_SEAT_LETTERS = {s.letter: s for s in Seat}


def _vg_clean(text: str) -> str:
    """A vg field: no ``|``, no comma, no line breaks or runs of spaces."""
    return " ".join(text.replace("|", "/").replace(",", " ").split())


def vg_text(lin_vg: str | None, tags: Mapping[str, str]) -> str:
    """The ``vg`` value of a board: its tag ``LinVg`` (the header as read) with the
    fields whose tag says otherwise written from the tags; without ``LinVg``, the tags
    alone (title, segment, scoring, teams)."""
    f = [] if lin_vg is None else lin_vg.replace("|", "/").replace("\r", " ").replace("\n", " ").split(",")
    f += [""] * (9 - len(f))
    for i, name in VG_FIELDS:
        have = f[i].strip()
        if i == 2:
            have = _SCORING.get(have.upper(), have)
        want = tags.get(name, "")
        if have != want:
            f[i] = (_SCORING_OUT.get(want) or _vg_clean(want)) if i == 2 else _vg_clean(want)
    return ",".join(f)


def rs_outcome(entry: str) -> tuple[Contract, int | None] | None:
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


def rs_text(contract: Contract, result: int | None) -> str:
    """An ``rs`` entry: ``4SN=``, ``3NWx-2``, ``4HExx+1``; ``4SN`` without the tricks; ``P``."""
    if contract.is_passout or contract.declarer is None:
        return "P"
    strain = "N" if contract.strain == Strain.NOTRUMP else contract.strain.letter
    text = f"{contract.level}{strain}{contract.declarer.letter}{'x' * contract.risk}"
    if result is None:
        return text
    over = result - contract.level - 6
    return text + ("=" if over == 0 else f"{over:+d}")


def first_board(vg: str) -> int | None:
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
    if vg != vg_text(None, tags):
        tags["LinVg"] = vg  # it holds more than the tags (boards, carry-over, spacing)
    return tuple(tags.items())


def vg_tags(vg: str | None, rs: str | None, number: int | None, room: str | None, tags: dict[str, str],
             bare: bool, own: bool) -> tuple[Contract, int | None] | None:
    """Tags from the vugraph header ``vg|`` and the results list ``rs|`` a board holds
    (an empty value holds nothing). A one-entry list is the result of the board it
    came with (``own``: the ``rs`` pair is the board's, not a header's carried to it):
    returned as (contract, tricks) when the board is ``bare`` (no call, card or claim
    of its own) and the entry reads (its text also in tag ``LinResult`` when it is spelt
    otherwise than :func:`rs_text` writes it), else kept in tag ``LinResult``. A board that only
    carries the list keeps it in tag ``LinRs``, as any list it has no place in."""
    if vg is not None and vg.strip():
        tags.update(_header_tags(vg))
    if rs is not None and rs.strip():
        results = rs.split(",")
        first = None if vg is None else first_board(vg)
        if first is not None and number is not None and room in ("Open", "Closed"):
            k = 2 * (number - first) + (room == "Closed")
            if 0 <= k < len(results):
                tags["LinResult"] = results[k]  # as read, spaces and all
                return None
        if len(results) == 1 and own:
            entry = results[0]
            outcome = rs_outcome(entry) if bare else None
            if outcome is None or entry != rs_text(*outcome):
                tags["LinResult"] = entry  # as spelt (``4snX=``, `` 4SN=``): the writer writes it back
            return outcome
        tags["LinRs"] = rs
    return None


def annotate(calls: Iterable[tuple[Call, bool, str | None]], notes: dict[int, str]) -> tuple[AnnotatedCall, ...]:
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
