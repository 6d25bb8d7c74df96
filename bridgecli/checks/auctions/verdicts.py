"""Checking the auctions of boards against the Laws: the library behind ``bridgecli validate-auction``.

:func:`check_auction` judges one auction (a text such as ``"1NT P 3NT P P P"``
or a sequence of calls) from its dealer, :func:`check_board` and :func:`check_records`
the auctions of boards; each gives an :class:`AuctionVerdict`, whose ``--json`` object
is :meth:`AuctionVerdict.to_dict` (:func:`verdict_json`; :func:`verdict_json_line`
writes its line). The lines for people are :mod:`bridgecli.render.auctions`'s; a whole
file is :mod:`bridgecli.checks.auctions.files`'s.

Nothing here prints, exits or imports click: problems come back in the
verdicts, and what cannot be read raises the errors of
:mod:`bridgecli.core.errors`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from bridgecli.core import fastpaths
from bridgecli.core.auction import BRIDGE, AuctionCheck, AuctionRules, check_calls, closed_contract
from bridgecli.core.board import AnnotatedCall, Board
from bridgecli.core.calls import PASS, Bid, Call, Double, Pass, Redouble
from bridgecli.core.cards import Seat
from bridgecli.core.contract import Contract
from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.core.numbers import is_digits

if TYPE_CHECKING:
    from bridgecli.core.notation import Language


#: Status of a verdict: the board passes.
OK = 0
#: Status of a verdict: the board reads fine but breaks the rules (or the options).
RULES = 1
#: Status of a verdict: the record could not be read or judged.
UNREADABLE = 2

_SEAT_LETTERS = ("N", "E", "S", "W")


@dataclass(frozen=True, slots=True)
class AuctionVerdict:
    """What an auction check found about one board (one record of the input).

    ``verdict.status`` is 0 (the board passes), 1 (it breaks the rules) or 2 (the
    record could not be read); ``verdict.to_dict()`` is its ``--json`` object, and
    :func:`bridgecli.render.auctions.verdict_text` the line ``validate-auction`` prints.
    """

    record: int
    """1-based position of the record in the input."""
    board: Board | None
    """The board read, None when the record was unreadable."""
    check: AuctionCheck | None
    """The engine's judgement of the board's auction (None: no auction or no dealer)."""
    contract: Contract | None = None
    """The contract the auction reached (with declarer) when it is legal and complete."""
    read_error: BridgeError | None = None
    """Why the record could not be read or judged, if so."""
    mismatch: bool = False
    """The board's Contract/Declarer tags disagree with its complete, legal auction."""
    ok: bool = True
    """The board passes under the options given."""
    legal_calls: tuple[Call, ...] | None = None
    """The legal next calls, when asked for and the auction is open."""
    marks: tuple[tuple[int, str, bool], ...] = ()
    """The PBN irregularity marks of the auction (PBN 3.9), as recorded: (0-based index,
    ``"I"`` or ``"S"``, whether it fits: a ``^I`` bid must be insufficient)."""

    @property
    def status(self) -> int:
        """0 the board passes, 1 it breaks the rules (or the options), 2 it could not be
        read or judged: the exit status ``validate-auction`` gives for this board alone."""
        if self.read_error is not None:
            return UNREADABLE
        return OK if self.ok else RULES

    def to_dict(self) -> dict[str, Any]:
        """The object ``validate-auction --json`` prints for this board (canonical English;
        the keys of docs/KEYS.md)."""
        return verdict_json(self)

    def to_json(self) -> dict[str, Any]:
        """:meth:`to_dict` (the older name; it returns a dict, not JSON text)."""
        return verdict_json(self)


_NEW = object.__new__
(_S_RECORD, _S_BOARD, _S_CHECK, _S_CONTRACT, _S_READ_ERROR, _S_MISMATCH, _S_OK, _S_LEGAL, _S_MARKS) = (
    getattr(AuctionVerdict, f.name).__set__ for f in fields(AuctionVerdict))


def _verdict(record: int, board: Board, check: AuctionCheck, contract: Contract | None, read_error: None,
             mismatch: bool, ok: bool, legal: tuple[Call, ...] | None,
             marks: tuple[tuple[int, str, bool], ...]) -> AuctionVerdict:
    """``AuctionVerdict(...)`` of all nine fields, built by the slots' own setters: a frozen
    dataclass's ``__init__`` costs about as much as the check of a whole auction."""
    v = _NEW(AuctionVerdict)
    _S_RECORD(v, record)
    _S_BOARD(v, board)
    _S_CHECK(v, check)
    _S_CONTRACT(v, contract)
    _S_READ_ERROR(v, read_error)
    _S_MISMATCH(v, mismatch)
    _S_OK(v, ok)
    _S_LEGAL(v, legal)
    _S_MARKS(v, marks)
    return v


def _language(lang: Language | str | None) -> Language:
    from bridgecli.core.notation import get_language

    return get_language(lang) if lang is None or isinstance(lang, str) else lang


# -- judging ------------------------------------------------------------------------


def check_board(
    board: Board,
    record: int = 1,
    *,
    require_complete: bool = False,
    legal_calls: bool = False,
    rules: AuctionRules = BRIDGE,
) -> AuctionVerdict:
    """Judge the auction of ``board``: legality (Laws 18-22), completeness, and agreement
    with its Contract/Declarer tags. ``record`` is its place in the input.

    ``require_complete`` makes an open auction fail; ``legal_calls`` lists the legal
    next calls of an open auction. Never raises for rule problems: a board without a
    known dealer comes back with a ``read_error``.
    """
    dealer = board.effective_dealer
    auction = board.auction
    if dealer is None:
        if not auction:
            return AuctionVerdict(record, board, None, ok=not require_complete)
        err = ParseError("no dealer (no Dealer tag and no board number), cannot judge the auction",
                         board=None if board.number is None else str(board.number))
        return AuctionVerdict(record, board, None, read_error=err, ok=False)
    if auction is None:
        return AuctionVerdict(record, board, None, ok=not require_complete)
    calls = tuple(map(_CALL, auction))
    marks: tuple[tuple[int, str, bool], ...] = ()
    if any(map(_IRREGULAR, auction)):
        # a marked irregularity is recorded as it happened: an insufficient bid marked
        # ^I was accepted (Law 27A1) and stands; a ^S holds a skipped player's turn
        accepted = frozenset(i for i, a in enumerate(auction) if a.irregular == "I")
        marks = tuple((i, a.irregular, a.irregular != "I" or _insufficient(dealer, calls, i, accepted, rules))
                      for i, a in enumerate(auction) if a.irregular)
        check = check_calls(dealer, calls, rules, accepted=accepted)
    else:
        check = check_calls(dealer, calls, rules)
    ok = check.error is None
    mismatch = False
    contract = None
    if ok:
        contract = check.auction.contract
        if contract is None:
            ok = not require_complete
        else:
            tags = board.contract
            if tags is not None and not _same(contract, tags):
                mismatch = _disagree(contract, tags)
                ok = not mismatch
    if marks and not all(fits for _, _, fits in marks):
        ok = False  # a ^I on a bid that was not insufficient: the record contradicts itself
    legal = None
    if legal_calls and check.error is None and not check.auction.is_complete:
        legal = check.auction.legal_calls()
    return _verdict(record, board, check, contract, None, mismatch, ok, legal, marks)


_CALL = attrgetter("call")
_IRREGULAR = attrgetter("irregular")


def _same(auction: Contract, tags: Contract) -> bool:
    """A quick :func:`_disagree` for the common case: True when the tags surely agree
    (the same level, strain and risk; the same declarer or none recorded)."""
    return (tags.level == auction.level and tags.strain is auction.strain and tags.risk is auction.risk
            and (tags.declarer is None or tags.declarer is auction.declarer))


def _insufficient(dealer: Seat, calls: tuple[Call, ...], i: int, accepted: frozenset[int], rules: AuctionRules) -> bool:
    """Whether call ``i`` is an insufficient bid where it stands (earlier ``^I`` bids accepted)."""
    check = check_calls(dealer, calls[:i + 1], rules, accepted=accepted - {i})
    return check.index == i and check.reason == "insufficient"


def _disagree(auction: Contract, tags: Contract) -> bool:
    """True when the recorded contract (declarer only if recorded) differs from the auction's."""
    if auction.is_passout or tags.is_passout:
        return auction.is_passout != tags.is_passout
    if (auction.level, auction.strain, auction.risk) != (tags.level, tags.strain, tags.risk):
        return True
    return tags.declarer is not None and tags.declarer != auction.declarer


def check_records(
    records: Iterable[Board | BridgeError],
    *,
    require_complete: bool = False,
    legal_calls: bool = False,
    rules: AuctionRules = BRIDGE,
    start: int = 1,
) -> Iterator[AuctionVerdict]:
    """A verdict for every record (a board, or the error that spoiled it), in order,
    numbered from ``start``; unreadable records give a verdict too."""
    for i, rec in enumerate(records, start):
        if isinstance(rec, BridgeError):
            yield AuctionVerdict(i, None, None, read_error=rec, ok=False)
        else:
            yield check_board(rec, i, require_complete=require_complete, legal_calls=legal_calls, rules=rules)


def check_auction(
    dealer: Seat | str,
    calls: str | Iterable[Call | AnnotatedCall | str],
    *,
    require_complete: bool = False,
    legal_calls: bool = False,
    lang: Language | str | None = None,
    rules: AuctionRules = BRIDGE,
) -> AuctionVerdict:
    """Judge one auction from ``dealer``, as ``validate-auction --dealer D --calls "..."`` does.

    The dealer comes first, then the calls, as in :func:`~bridgecli.check_calls` and
    :class:`~bridgecli.Auction` (before 0.2.0 this function took ``(calls, dealer)``).
    ``dealer`` is a :class:`Seat` or its name (``"N"``, ``"north"``). ``calls`` is a text
    (``"1NT P 3NT P P P"``: see :func:`parse_calls_text`, read in ``lang``) or a sequence of
    calls: :class:`~bridgecli.Call` objects or their texts (``["1H", "P", "2H", "AP"]``).

    Raises:
        ParseError: a call or seat that cannot be read (naming its position).
        TypeError: the arguments the old way round (``check_auction("1NT P", "N")``), or a
            call that is neither a Call nor a text.
        IllegalCallError: ``dealer`` does not play under ``rules``.
    """
    language = _language(lang)
    if not isinstance(dealer, Seat):
        if not isinstance(dealer, str):
            if isinstance(calls, Seat) or (isinstance(calls, str) and _is_seat(calls, language)):
                raise TypeError(f"check_auction takes the dealer first, then the calls:"
                                f" check_auction({str(calls)!r}, {list(dealer)!r})"
                                if isinstance(dealer, (list, tuple)) else "check_auction takes the dealer first,"
                                " then the calls")
            raise TypeError(f"check_auction(dealer, calls): the dealer is a Seat or its name, not {type(dealer).__name__}")
        try:
            seat = language.parse_seat(dealer)
        except ParseError:
            if isinstance(calls, Seat) or (isinstance(calls, str) and _is_seat(calls, language)):
                raise TypeError(f"check_auction takes the dealer first, then the calls:"
                                f" check_auction({str(calls)!r}, {dealer!r})") from None
            raise
    else:
        seat = dealer
    if seat not in rules.seats:
        from bridgecli.core.errors import IllegalCallError

        raise IllegalCallError(f"{seat.letter!r} does not play {rules.name}", reason="unknown-call")
    if isinstance(calls, str):
        auction = parse_calls_text(calls, seat, language, rules)
    else:
        given = list(calls)
        if given and all(isinstance(c, str) for c in given):
            auction = parse_calls_text(" ".join(map(str, given)), seat, language, rules)
        else:
            auction = tuple(_annotated(c, i, language) for i, c in enumerate(given))
    return check_board(Board(dealer=seat, auction=auction), 1, require_complete=require_complete,
                       legal_calls=legal_calls, rules=rules)


def _is_seat(text: str, lang: Language) -> bool:
    try:
        lang.parse_seat(text)
    except ParseError:
        return False
    return True


def _annotated(c: object, index: int, lang: Language) -> AnnotatedCall:
    """A call of a sequence given to :func:`check_auction`, its text parsed."""
    if isinstance(c, AnnotatedCall):
        return c
    if isinstance(c, str):
        try:
            return AnnotatedCall(lang.parse_call(c))
        except ParseError:
            raise ParseError(f"call {index + 1}: not a call: {c!r}") from None
    if isinstance(c, (Bid, Pass, Double, Redouble)):
        return AnnotatedCall(c)
    raise TypeError(f"call {index + 1} is a {type(c).__name__}, not a call (a Call, or its text such as '1NT')")


_NOTE = re.compile(r"^=(\d+)=$")
_NAG = re.compile(r"^\$(\d+)$")


def parse_calls_text(text: str, dealer: Seat, lang: Language | None = None,
                     rules: AuctionRules = BRIDGE) -> tuple[AnnotatedCall, ...]:
    """Calls typed on the command line: ``1NT P 3NT P P P``, any case, ``!`` alerts,
    ``=n=`` notes and ``$n`` NAGs kept; ``AP`` (all pass), or the words ``show`` prints
    for it (``All Pass``, Polish ``pasy``, Hungarian ``mind passz``), adds the passes that close.

    Raises ParseError naming the position of an unknown token.
    """
    lang = _language(lang)
    out: list[AnnotatedCall] = []
    phrases = {" ".join(w.split()) for w in ("All Pass", lang.word("all_pass")) if w}
    all_pass = "|".join(r"\s+".join(map(re.escape, p.split())) for p in sorted(phrases, key=len, reverse=True))
    for m in re.finditer(rf"(?i:(?:{all_pass})(?![^\s,]))|[^\s,]+", text):
        token = m.group()
        if token.upper() != "AP" and " ".join(token.split()).lower() in {p.lower() for p in phrases}:
            token = "AP"
        pos = lang.word("call_position").format(n=len(out) + 1, column=m.start() + 1)
        note = _NOTE.match(token)
        nag = _NAG.match(token)
        if note or nag:
            if not out:
                raise ParseError(f"annotation {token!r} before any call ({pos})")
            last = out[-1]
            if note:
                out[-1] = AnnotatedCall(last.call, last.alert, int(note.group(1)), last.nags)
            else:
                out[-1] = AnnotatedCall(last.call, last.alert, last.note, last.nags + (int(nag.group(1)),))  # type: ignore[union-attr]
            continue
        alert = token.endswith("!")
        bare = token.rstrip("!?")
        if bare.upper() == "AP":
            out.extend(AnnotatedCall(PASS) for _ in range(_passes_to_close(dealer, [a.call for a in out], rules)))
            continue
        try:
            call = lang.parse_call(bare)
        except ParseError:
            raise ParseError(lang.word("unknown_call_in").format(token=repr(token), pos=pos)) from None
        out.append(AnnotatedCall(call, alert))
    return tuple(out)


def _passes_to_close(dealer: Seat, calls: list[Call], rules: AuctionRules) -> int:
    """How many passes close the auction ``calls`` (the PBN ``AP``)."""
    check = check_calls(dealer, calls, rules)
    if check.error is not None:
        return rules.passes_to_close
    a = check.auction
    n = 0
    while not a.is_complete:
        a = a.add(PASS)
        n += 1
    return n


# -- the --json object ------------------------------------------------------------------


def board_number(v: AuctionVerdict) -> int | str | None:
    """The number of the verdict's board, or the Board value of a record that could not be read
    (an int when it is one), else None."""
    if v.board is not None:
        return v.board.number
    if v.read_error is not None and v.read_error.board is not None:
        b = v.read_error.board
        return int(b) if is_digits(b) and len(b) <= 18 else b
    return None


def verdict_json(v: AuctionVerdict) -> dict[str, Any]:
    """The JSON object of a verdict (canonical English)."""
    board = v.board
    check = v.check
    out: dict[str, Any] = {"record": "auction", "board": board_number(v), "record_number": v.record}
    if v.read_error is not None:
        err = v.read_error
        reason = "unknown-call" if "not a call" in err.message else "unreadable"
        dealer = board.effective_dealer if board is not None else None
        vul = board.effective_vulnerability if board is not None else None
        out.update(
            dealer=None if dealer is None else _SEAT_LETTERS[dealer],
            vulnerable=None if vul is None else vul.pbn,
            legal=False, complete=False, contract=None, declarer=None,
            calls=len(board.auction) if board is not None and board.auction else 0,
            error={"index": None, "seat": None, "call": None, "reason": reason, "message": err.message,
                   "line": err.line},
            ok=False,
        )
        return out
    assert board is not None
    dealer = board.effective_dealer
    vul = board.effective_vulnerability
    out["dealer"] = None if dealer is None else _SEAT_LETTERS[dealer]
    out["vulnerable"] = None if vul is None else vul.pbn
    if check is None:
        out.update(legal=True, complete=False, contract=None, declarer=None, calls=0)
    else:
        contract = v.contract
        out["legal"] = check.error is None
        out["complete"] = contract is not None
        out["contract"] = None if contract is None else contract.pbn
        out["declarer"] = None if contract is None or contract.declarer is None else _SEAT_LETTERS[contract.declarer]
        out["calls"] = len(check.calls)
        if check.error is not None:
            index = check.error.index
            seat = check.seat
            bad = check.illegal_call
            out["error"] = {
                "index": index,
                "seat": None if seat is None else _SEAT_LETTERS[seat],
                "call": str(bad) if bad is not None else None,
                "reason": check.error.reason,
                "message": check.error.message,
            }
    if v.mismatch and board.contract is not None:
        out["mismatch"] = _mismatch_json(board.contract, v.contract)
    if v.legal_calls is not None:
        out["legal_calls"] = [str(c) for c in v.legal_calls]
    if v.marks:
        dealer = board.effective_dealer
        out["irregularities"] = [
            {"index": i, "seat": None if dealer is None else _SEAT_LETTERS[dealer.next(i)], "mark": f"^{kind}",
             "call": None if kind == "S" else str(board.auction[i].call),  # type: ignore[index]
             "law": "29-32" if kind == "S" else "27A1", "fits": fits}
            for i, kind, fits in v.marks]
    out["ok"] = v.ok
    return out


def _mismatch_json(tag: Contract, reached: Contract | None) -> dict[str, Any]:
    """``mismatch`` of a board whose Contract and Declarer tags disagree with its auction:
    ``recorded`` (what the tags say) and ``message``, as ``play --json`` writes it."""
    declarer = None if tag.declarer is None else _SEAT_LETTERS[tag.declarer]
    said = tag.pbn if declarer is None else f"{tag.pbn} by {declarer}"
    message = f"the tags say {said}"
    if reached is not None:
        by = "" if reached.declarer is None else f" by {_SEAT_LETTERS[reached.declarer]}"
        message += f", the auction reaches {reached.pbn}{by}"
    return {"recorded": {"contract": tag.pbn, "declarer": declarer}, "message": message}


_VUL_JSON = ('"None"', '"NS"', '"EW"', '"All"')
_SEAT_JSON = ('"N"', '"E"', '"S"', '"W"')


def verdict_json_line(v: AuctionVerdict) -> str:
    """``json.dumps(verdict_json(v), ensure_ascii=False)``, written directly for the
    common case of a legal board with nothing else to say.
    """
    board, check, contract = v.board, v.check, v.contract
    if (not fastpaths.ON or board is None or check is None or check.error is not None or v.mismatch or v.legal_calls is not None
            or v.read_error is not None or v.marks):
        return json.dumps(verdict_json(v), ensure_ascii=False)
    return plain_json_line(board, v.record, contract, len(check.calls), v.ok)


def plain_json_line(board: Board, record: int, contract: Contract | None, calls: int, ok: bool) -> str:
    """The JSON line of a board whose auction is legal, with nothing to say but its
    contract (None: not closed), its number of calls and whether it passes."""
    number = board.number
    dealer = board.dealer
    if dealer is None:
        dealer = board.effective_dealer
    vul = board.vulnerability
    if vul is None:
        vul = board.effective_vulnerability
    if contract is None:
        complete, text, declarer = "false", "null", "null"
    else:
        complete = "true"
        got = _CONTRACT_JSON.get(id(contract))
        if got is None or got[0] is not contract:
            got = _contract_json(contract)
        text, declarer = got[1], got[2]
    return (
        f'{{"record": "auction", "board": {"null" if number is None else number}, "record_number": {record}, '
        f'"dealer": {"null" if dealer is None else _SEAT_JSON[dealer]}, '
        f'"vulnerable": {"null" if vul is None else _VUL_JSON[vul]}, "legal": true, "complete": {complete}, '
        f'"contract": {text}, "declarer": {declarer}, "calls": {calls}, '
        f'"ok": {"true" if ok else "false"}}}'
    )


# the JSON texts of the contracts met so far, by identity (the engine shares one object
# for each contract it reaches); each entry keeps its contract so that the id stays its own
_CONTRACT_JSON: dict[int, tuple[Contract, str, str]] = {}


def _contract_json(contract: Contract) -> tuple[Contract, str, str]:
    """``(contract, '"4SX"', '"W"')``: its "contract" and "declarer" values, remembered."""
    got = (contract, f'"{contract.pbn}"', "null" if contract.declarer is None else _SEAT_JSON[contract.declarer])
    if len(_CONTRACT_JSON) > 4096:
        _CONTRACT_JSON.clear()
    _CONTRACT_JSON[id(contract)] = got
    return got



def quick_contract(board: Board) -> Contract | None:
    """The contract of ``board`` when :func:`check_board` (under bridge's rules) would find
    nothing else to say: a known dealer, calls with no irregularity mark, every one legal,
    the last closing the auction, and Contract/Declarer tags (if any) that agree; else None."""
    dealer = board.effective_dealer
    auction = board.auction
    if dealer is None or not auction or any(map(_IRREGULAR, auction)):
        return None
    contract = closed_contract(dealer, tuple(map(_CALL, auction)))
    if contract is None:
        return None
    tags = board.contract
    if tags is not None and tags is not contract and not _same(contract, tags):
        return None
    return contract
