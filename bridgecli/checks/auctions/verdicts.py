"""Checking the auctions of boards against the Laws: the library behind ``bridgecli validate-auction``.

:func:`check_auction` judges one auction (a text such as ``"1NT P 3NT P P P"``
or a sequence of calls) from its dealer; :func:`check_auctions` judges every
board of a file, a text or an iterable of boards, streaming, one
:class:`AuctionVerdict` a board, or writes the lines the command prints (text
or JSON Lines, :meth:`AuctionChecks.write`), with worker processes for a big
PBN file. A verdict renders itself: :meth:`AuctionVerdict.text` and
:meth:`AuctionVerdict.to_json`.

Nothing here prints, exits or imports click: problems come back in the
verdicts, and what cannot be read raises the errors of
:mod:`bridgecli.core.errors` (or OSError for a file that cannot be opened).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import IO, TYPE_CHECKING, Any, NamedTuple

from bridgecli.core import fastpaths
from bridgecli.core.auction import BRIDGE, AuctionCheck, AuctionRules, check_calls, closed_contract
from bridgecli.core.board import AnnotatedCall, Board
from bridgecli.core.calls import PASS, Bid, Call, Double, Pass, Redouble
from bridgecli.core.cards import Seat
from bridgecli.core.contract import Contract
from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.core.numbers import is_digits
from bridgecli.executors import usable_cores
from bridgecli.formats.inputs import names_a_file

if TYPE_CHECKING:
    from bridgecli.core.notation import Language
    from bridgecli.formats.pbn.games import Reader

__all__ = ["AuctionChecks", "AuctionVerdict", "check_auction", "check_auctions", "check_board", "check_records",
           "parse_calls_text", "write_verdicts"]

#: Status of a verdict: the board passes.
OK = 0
#: Status of a verdict: the board reads fine but breaks the rules (or the options).
RULES = 1
#: Status of a verdict: the record could not be read or judged.
UNREADABLE = 2

_VUL_WORDS = ("vul_none", "vul_ns", "vul_ew", "vul_all")
_SEAT_LETTERS = ("N", "E", "S", "W")


@dataclass(frozen=True, slots=True)
class AuctionVerdict:
    """What an auction check found about one board (one record of the input).

    ``verdict.status`` is 0 (the board passes), 1 (it breaks the rules) or 2 (the
    record could not be read); ``verdict.text(lang)`` is the line ``validate-auction``
    prints and ``verdict.to_json()`` its ``--json`` object.
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

    def text(self, lang: Language | str | None = None, *, inline: bool = False) -> str:
        """The line ``validate-auction`` prints, e.g. ``Board 3: 4SX by W, N-S vulnerable``,
        in ``lang`` (a :class:`~bridgecli.core.notation.Language` or its code; English by
        default). ``inline`` labels it ``Auction:`` and leaves out the vulnerability.

        Raises ParseError for an unknown language code.
        """
        return verdict_text(self, _language(lang), inline=inline)

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


# -- the lines of the report ----------------------------------------------------------


def _board_number(v: AuctionVerdict) -> int | str | None:
    if v.board is not None:
        return v.board.number
    if v.read_error is not None and v.read_error.board is not None:
        b = v.read_error.board
        return int(b) if is_digits(b) and len(b) <= 18 else b
    return None


def _label(v: AuctionVerdict, inline: bool, lang: Language) -> str:
    if inline:
        return str(lang.word("auction"))
    number = _board_number(v)
    return f"{lang.word('board')} {number}" if number is not None else f"{lang.word('record')} {v.record}"


def _ladder_text(calls: tuple[Call, ...], lang: Language) -> str:
    """Legal calls with the run of bids shortened: ``Pass X 2D-7NT``."""
    words = [lang.call_str(c) for c in calls if not isinstance(c, Bid)]
    bids = [c for c in calls if isinstance(c, Bid)]
    if len(bids) == 1:
        words.append(lang.call_str(bids[0]))
    elif bids:
        words.append(f"{lang.call_str(bids[0])}-{lang.call_str(bids[-1])}")
    return " ".join(words)


def _read_error_text(err: BridgeError, lang: Language) -> str:
    where = err.where()
    return f"{lang.word('unreadable')}{f' ({where})' if where else ''}: {lang.translate_error(err.message)}"


_WHY = {
    "insufficient": "why_insufficient", "double-own-side": "why_double_own_side",
    "double-nothing": "why_double_nothing", "redouble-undoubled": "why_redouble_undoubled",
    "redouble-own-double": "why_redouble_own_double", "after-close": "why_after_close",
}


def _call_error_text(err: Any, board: Board, lang: Language, seat: Seat | None = None) -> str:
    """The illegal-call message in ``lang`` for the common reasons (the core's text otherwise);
    ``seat`` is who made the call (default: the dealer's turn order of bridge)."""
    key = _WHY.get(getattr(err, "reason", ""))
    index = getattr(err, "index", None)
    calls = [a.call for a in (board.auction or ())]
    dealer = board.effective_dealer
    if key is None or index is None or dealer is None or not 0 <= index < len(calls):
        return str(lang.translate_error(err.message))
    bids = [c for c in calls[:index] if isinstance(c, Bid)]
    if key == "why_redouble_undoubled" and not bids:
        key = "why_redouble_nothing"
    why = lang.message(key, last=lang.call_str(bids[-1]) if bids else "", n=index)
    who = seat if seat is not None else dealer.next(index)
    return str(lang.message("illegal_call", n=index + 1, seat=lang.seat_str(who),
                            call=repr(lang.call_str(calls[index])), why=why))


def verdict_text(v: AuctionVerdict, lang: Language, *, inline: bool = False) -> str:
    """One line for a verdict, e.g. ``Board 3: 4SX by W, N-S vulnerable``."""
    label = _label(v, inline, lang)
    if v.read_error is not None:
        return f"{label}: {_read_error_text(v.read_error, lang)}"
    board = v.board
    assert board is not None
    check = v.check
    if check is None:
        text = lang.word("no_auction")
    elif check.error is not None:
        return f"{label}: {_call_error_text(check.error, board, lang, check.seat)}{_marks_text(v, lang)}"
    else:
        a = check.auction
        contract = v.contract
        if contract is None:
            n = len(a.calls)
            seat = a.to_move
            assert seat is not None  # open: someone is to call
            text = lang.word("incomplete_1" if n == 1 else "incomplete_n").format(n=n, seat=lang.seat_str(seat))
        elif contract.is_passout:
            text = lang.word("auction_passed_out")
        else:
            text = lang.contract_str(contract, declarer=True)
    vul = board.effective_vulnerability
    if vul is not None and not inline:
        text += f", {lang.word(_VUL_WORDS[vul])}"
    if v.mismatch and board.contract is not None:
        text += "; " + lang.word("mismatch").format(contract=lang.contract_str(board.contract, declarer=True))
    if v.legal_calls is not None:
        text += f"; {lang.word('legal_calls')}: {_ladder_text(v.legal_calls, lang)}"
    return f"{label}: {text}{_marks_text(v, lang)}"


def _marks_text(v: AuctionVerdict, lang: Language) -> str:
    """``; irregularity noted in the record: ...`` for an auction with marks, else ``""``."""
    if not v.marks:
        return ""
    return "; " + str(lang.word("irregular_noted").format(what=", ".join(_mark_text(v, m, lang) for m in v.marks)))


def _mark_text(v: AuctionVerdict, mark: tuple[int, str, bool], lang: Language) -> str:
    """One irregularity of the record, e.g. ``call 2 (E) 1♦, insufficient, accepted (Law 27A1)``."""
    assert v.board is not None and v.board.auction is not None
    index, kind, fits = mark
    dealer = v.board.effective_dealer
    seat = "?" if dealer is None else lang.seat_str(dealer.next(index))
    call = lang.call_str(v.board.auction[index].call)
    key = "irregular_s" if kind == "S" else "irregular_i" if fits else "irregular_i_unfit"
    return str(lang.word(key).format(n=index + 1, seat=seat, call=call))


def verdict_json(v: AuctionVerdict) -> dict[str, Any]:
    """The JSON object of a verdict (canonical English)."""
    board = v.board
    check = v.check
    out: dict[str, Any] = {"record": "auction", "board": _board_number(v), "record_number": v.record}
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
    return _plain_json_line(board, v.record, contract, len(check.calls), v.ok)


def _plain_json_line(board: Board, record: int, contract: Contract | None, calls: int, ok: bool) -> str:
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


def write_verdicts(fp: IO[str], verdicts: Iterable[AuctionVerdict], *, as_json: bool = False,
                   lang: Language | str | None = None, inline: bool = False) -> tuple[int, int]:
    """Write one line a verdict to ``fp`` (text in ``lang``, or JSON); return the worst
    :attr:`~AuctionVerdict.status` and the number of lines."""
    language = _language(lang)
    worst = OK
    write = fp.write
    n = 0
    for v in verdicts:
        if as_json:
            write(verdict_json_line(v) + "\n")
        else:
            write(verdict_text(v, language, inline=inline) + "\n")
        n += 1
        if v.read_error is not None:
            worst = UNREADABLE
        elif not v.ok and worst == OK:
            worst = RULES
    return worst, n


class _Records(NamedTuple):
    """Records to check and write with :func:`_write_records` (what a run gives instead of
    their verdicts when it writes the lines)."""

    records: Iterable[Board | BridgeError]
    start: int
    """The number of the first record."""


def _write_records(write: Any, records: Iterable[Board | BridgeError], start: int, opts: _Options,
                   lang: Language) -> tuple[int, int]:
    """Check ``records`` (numbered from ``start``) and ``write`` one line each, as
    ``write_verdicts(check_records(...))`` does; return the worst status and the number of
    lines. A board with nothing to say but its contract (:func:`_quick_contract`) is
    written from that alone, with no verdict; every other record goes the full way."""
    as_json = bool(opts.as_json)
    quick = opts.rules is BRIDGE and not opts.legal_calls and fastpaths.ON  # (a fast lane: a board that passes)
    board_word = lang.word("board")
    # the text after "Board N: " of a board that passes, by vulnerability (4: none) and contract
    tails: tuple[dict[int, tuple[Contract, str]], ...] = ({}, {}, {}, {}, {})
    worst = OK
    n = 0
    for i, rec in enumerate(records, start):
        n += 1
        if quick and not isinstance(rec, BridgeError):
            contract = _quick_contract(rec)
            if contract is not None:
                if as_json:
                    write(_plain_json_line(rec, i, contract, len(rec.auction), True) + "\n")  # type: ignore[arg-type]
                    continue
                vul = rec.effective_vulnerability
                number = rec.number
                got = tails[4 if vul is None else vul].get(id(contract))
                if got is None:
                    got = _learn_tail(tails, contract, vul, lang)
                if number is None:
                    write(f"{lang.word('record')} {i}: {got[1]}\n")
                else:
                    write(f"{board_word} {number}: {got[1]}\n")
                continue
        if isinstance(rec, BridgeError):
            v = AuctionVerdict(i, None, None, read_error=rec, ok=False)
        else:
            v = check_board(rec, i, require_complete=opts.require_complete, legal_calls=opts.legal_calls,
                            rules=opts.rules)
        write((verdict_json_line(v) if as_json else verdict_text(v, lang)) + "\n")
        if v.read_error is not None:
            worst = UNREADABLE
        elif not v.ok and worst == OK:
            worst = RULES
    return worst, n


def _quick_contract(board: Board) -> Contract | None:
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


def _learn_tail(tails: tuple[dict[int, tuple[Contract, str]], ...], contract: Contract, vul: int | None,
                lang: Language) -> tuple[Contract, str]:
    """What :func:`verdict_text` writes after the label of a board that passes with
    ``contract`` under ``vul``, remembered in ``tails`` (the contract kept with it, so
    that its id stays its own)."""
    text = lang.word("auction_passed_out") if contract.is_passout else lang.contract_str(contract, declarer=True)
    if vul is not None:
        text += f", {lang.word(_VUL_WORDS[vul])}"
    got = tails[4 if vul is None else vul][id(contract)] = (contract, text)
    return got


# -- boards of a file -------------------------------------------------------------------


Source = str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[Board | BridgeError]
"""What :func:`check_auctions` reads: a path, an open file
(text or binary), a text holding a newline, or boards (and errors for bad records)."""


class _Options(NamedTuple):
    """What every batch of a run is checked and written with."""

    require_complete: bool
    legal_calls: bool
    rules: AuctionRules
    as_json: bool | None
    """True: JSON lines; False: text lines; None: the verdicts themselves."""
    lang: str


def check_auctions(
    source: Source,
    *,
    fmt: str | None = None,
    jobs: int | None = 1,
    require_complete: bool = False,
    legal_calls: bool = False,
    rules: AuctionRules = BRIDGE,
    name: str | None = None,
) -> AuctionChecks:
    """The verdicts of every board of ``source``, as ``bridgecli validate-auction FILE``
    judges them: an iterator of :class:`AuctionVerdict`, one a board, in order, read a
    piece at a time. A record that cannot be read gives a verdict with its
    ``read_error``; the others are still checked. Instead of iterating,
    ``check_auctions(path).write(out, as_json=False, lang=None)`` writes the command's
    lines to ``out`` and returns (worst status, boards); ``.close()`` closes a file
    left unread.

    ``source`` is a path, an open file (text or binary), a text (a ``str`` holding a
    newline) or an iterable of boards. ``fmt`` (``pbn``, ``yaml``, ``json``, ``lin``)
    defaults to the path's extension, else the content. ``jobs`` worker processes check
    a PBN file in batches (at most the cores; None: one an idle core for a big file);
    the verdicts are the same and in the same order whatever ``jobs`` is. ``name`` is
    the input's name in messages (default: the path, or the open file's name).

    Raises ParseError for an unknown format, OSError for a path that cannot be read,
    ModuleNotFoundError when the format needs a package that is not installed (PyYAML);
    while iterating, ParseError for input that proves not to be text.
    """
    opts = _Options(require_complete, legal_calls, rules, None, "en")
    if not isinstance(source, (str, os.PathLike)) and not hasattr(source, "read"):
        return AuctionChecks(iter(source), False, None, None, 1, 0, opts)
    from bridgecli.formats import resolve_format
    from bridgecli.formats.stream import iter_file, peek

    stream, known, opened = _open(source)  # type: ignore[arg-type]
    name = name or known
    own: IO[bytes] | None = stream if opened else None  # type: ignore[assignment]
    try:
        head, chunks = peek(_chunks(stream, name))
        chosen = resolve_format(name, head, fmt)
        if chosen == "pbn":
            return AuctionChecks(chunks, True, name, own, jobs, _size(stream), opts)
        try:
            records = iter_file(chunks, chosen, name)
        except ModuleNotFoundError as exc:
            raise ModuleNotFoundError(f"the {chosen} format is not available ({exc.name})", name=exc.name) from exc
        return AuctionChecks(records, False, name, own, 1, 0, opts)
    except BaseException:
        if opened:
            stream.close()  # type: ignore[union-attr]
        raise


class AuctionChecks(Iterator[AuctionVerdict]):
    """The verdicts of the boards of one input, as :func:`check_auctions` gives them:
    iterate for the :class:`AuctionVerdict` of each board, or :meth:`write` the lines
    of ``validate-auction``. Use it once; a file it opened is closed at the end, or
    by :meth:`close`."""

    def __init__(self, items: Iterator[Board | BridgeError] | Iterator[str], pbn: bool, source: str | None,
                 stream: IO[bytes] | None, jobs: int | None, size: int, opts: _Options) -> None:
        # items: the text pieces of a PBN file (pbn), else records
        self._items = items
        self._pbn = pbn
        self._source = source
        self._stream = stream
        self._jobs = jobs
        self._size = size
        self._opts = opts
        self._verdicts: Iterator[AuctionVerdict] | None = None

    def _parts(self, opts: _Options) -> Iterator[AuctionVerdict | _Done | _Records]:
        try:
            if self._pbn:
                yield from _pbn_parts(self._items, self._source, self._jobs, self._size, opts)  # type: ignore[arg-type]
            elif opts.as_json is not None:
                yield _Records(self._items, 1)  # type: ignore[arg-type]
            else:
                yield from check_records(self._items, require_complete=opts.require_complete,  # type: ignore[arg-type]
                                         legal_calls=opts.legal_calls, rules=opts.rules)
        finally:
            self.close()

    def __next__(self) -> AuctionVerdict:
        if self._verdicts is None:
            self._verdicts = self._flat(self._parts(self._opts))
        return next(self._verdicts)

    @staticmethod
    def _flat(parts: Iterator[AuctionVerdict | _Done | _Records]) -> Iterator[AuctionVerdict]:
        for part in parts:
            if isinstance(part, AuctionVerdict):
                yield part
            else:
                yield from part[0]  # type: ignore[misc]

    def write(self, out: IO[str], *, as_json: bool = False, lang: Language | str | None = None) -> tuple[int, int]:
        """Write to ``out`` the lines ``bridgecli validate-auction`` prints for the boards
        (those not yet iterated): one a board, text in ``lang`` or (``as_json``) JSON
        Lines in canonical English. Worker processes write the lines of their batches;
        the bytes are the same whatever ``jobs`` is.

        Returns the worst :attr:`AuctionVerdict.status` (0 all pass, 1 some board breaks
        the rules, 2 some record could not be read) and the number of boards. Raises
        ParseError for input that proves not to be text.
        """
        language = _language(lang)
        if self._verdicts is not None:
            return write_verdicts(out, self._verdicts, as_json=as_json, lang=language)
        self._verdicts = iter(())  # used once
        worst, n = OK, 0
        write = out.write
        opts = self._opts._replace(as_json=as_json, lang=language.code)
        for part in self._parts(opts):
            if isinstance(part, AuctionVerdict):
                write(verdict_json_line(part) + "\n" if as_json else verdict_text(part, language) + "\n")
                n += 1
                if part.read_error is not None:
                    worst = UNREADABLE
                elif not part.ok and worst == OK:
                    worst = RULES
            elif isinstance(part, _Records):
                code, k = _write_records(write, part.records, part.start, opts, language)
                worst, n = max(worst, code), n + k
            else:
                text, code, k = part
                write(text)  # type: ignore[arg-type]
                worst, n = max(worst, code), n + k
        return worst, n

    def close(self) -> None:
        """Close the file :func:`check_auctions` opened, if any."""
        if self._stream is not None:
            self._stream.close()
            self._stream = None


_Done = tuple["str | list[AuctionVerdict]", int, int]
"""What a batch gives: its lines (or verdicts), its worst status and its record count."""

_Batch_done = tuple["str | list[AuctionVerdict]", int, int, "dict[str, str]"]
"""What a worker's batch gives: a :data:`_Done` and the value of each tag in the latest
game that had it (its reader's ``last``)."""


def _open(source: str | os.PathLike[str] | IO[str] | IO[bytes]) -> tuple[IO[str] | IO[bytes] | str, str | None, bool]:
    """(stream or text, name, whether it was opened here) of a path, an open file or a text:
    a ``str`` is a path when it is one line naming a file or with a board file's extension."""
    if isinstance(source, str) and not names_a_file(source):
        return source, None, False
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        return open(path, "rb"), path, True
    name = getattr(source, "name", None)
    return source, name if isinstance(name, str) else None, False


def _chunks(stream: IO[str] | IO[bytes] | str, name: str | None) -> Iterator[str]:
    """Text pieces of a binary or text stream, or of a text (a BOM dropped, line ends made ``\\n``)."""
    from bridgecli.formats.stream import CHUNK, text_chunks

    if isinstance(stream, str):
        return _plain_text([stream])
    if isinstance(stream.read(0), bytes):
        return text_chunks(stream, name or "-")  # type: ignore[arg-type]
    text_stream: IO[str] = stream  # type: ignore[assignment]
    return _plain_text(iter(lambda: text_stream.read(CHUNK), ""))


def _plain_text(pieces: Iterable[str]) -> Iterator[str]:
    """``pieces`` of a text with a leading BOM dropped and ``\\r\\n`` or ``\\r`` made ``\\n``."""
    first = True
    carry = ""
    for piece in pieces:
        if first:
            piece, first = piece.removeprefix("\ufeff"), False
        piece = carry + piece
        carry = ""
        if piece.endswith("\r"):
            piece, carry = piece[:-1], "\r"  # a \r\n cut between two pieces
        if "\r" in piece:
            piece = piece.replace("\r\n", "\n").replace("\r", "\n")
        if piece:
            yield piece
    if carry:
        yield "\n"


def _size(stream: object) -> int:
    """Size of the file behind ``stream`` (0 when unknown)."""
    try:
        return os.fstat(stream.fileno()).st_size  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):
        return 0


# -- the read step of a PBN file ----------------------------------------------------------
# The one place that knows how a PBN file is read for an auction check. In one process:
# the PBN reader's own stream (formats.pbn.iter_stream, as show and convert read), a run
# of whole games at a time. With workers: the text cut into games (_pbn_units), batches
# of them read in the workers (_game_records).

_Unit = tuple["list[tuple[str, int]] | None", "Iterator[Board | BridgeError]"]
"""A run of games of a PBN stream: ``(games, ())``, plain games as ``(text, first line)``
that :func:`_game_records` reads (in a worker if need be), or ``(None, records)``, the
records of games read here, in order."""


def _auction_records(chunks: Iterable[str], source: str | None) -> Iterator[Board | BridgeError]:
    """Every record of a PBN text given in pieces (``chunks``): a Board holding at least
    what an auction check reads, or the error that spoils it, in order. What is read
    leniently is warned about once, at the end.

    The reader reads a piece of the stream (a run of whole games) at once: cutting it
    into games first, as the workers' batches need, would cost about a sixth more."""
    from bridgecli.formats.pbn import iter_stream

    return iter_stream(chunks, source)


def _game_records(games: list[tuple[str, int]], source: str | None, reader: Reader,
                  found: list[tuple[str, int, str]] | None = None) -> Iterator[Board | BridgeError]:
    """The records of plain games, each ``(text, first line)`` (a worker's batch), read by
    ``reader`` in turn; what is read leniently goes to ``found``, else is warned about at
    the end.

    The quick reader hands every game with a play record to the full reader, one game
    at a time; a run of such games is given to the full reader here as one text (its
    lines where they were), which reads it in about half the time."""
    from bridgecli.formats.pbn import warn_lenient
    from bridgecli.formats.pbn.games import batched_games

    seen: list[tuple[str, int, str]] = [] if found is None else found
    i, end = 0, len(games)
    while i < end:
        j = i
        played = '[Play "' in games[i][0]
        while j < end and ('[Play "' in games[j][0]) == played:
            j += 1
        if played:
            yield from batched_games(reader.games(_joined(games[i:j]), games[i][1]), source, seen)
        else:
            yield from batched_games((r for chunk, line in games[i:j] for r in reader.games(chunk, line)), source, seen)
        i = j
    if found is None and seen:
        warn_lenient(seen, source)


def _joined(games: list[tuple[str, int]]) -> str:
    """The text of consecutive games, each ``(text, first line)``, with blank lines
    between them so that each starts on its own line again."""
    parts: list[str] = []
    line = games[0][1]
    for text, first in games:
        if parts:
            parts.append("\n" * (first - line))
        parts.append(text)
        line = first + text.count("\n")
    return "".join(parts)


def _pbn_units(chunks: Iterable[str], source: str | None, found: list[tuple[str, int, str]],
               tags: dict[str, str]) -> Iterator[_Unit]:
    """The runs of games of a PBN stream (see :data:`_Unit`): plain ones for the quick
    reader, the others read here by the full reader, and every piece after the first that
    needs it (``#``/``##`` inheritance reaches across games). ``tags`` is the value of each
    tag in the latest game of the plain runs before (the workers' readers' ``last``, filled
    in by the caller): the full reader takes it on before it reads on from them. What is
    read leniently goes to ``found`` and is warned about once, after the last unit."""
    from bridgecli.formats.pbn import split_games, warn_lenient
    from bridgecli.formats.pbn.games import Reader, batched_games, stream_pieces

    reader = Reader("", source)
    full = False

    def after_plain(records: Iterator[Board | BridgeError]) -> Iterator[Board | BridgeError]:
        reader.last.update(tags)  # run when the records are first asked for: after the runs before
        yield from records

    for piece, line in stream_pieces(chunks):
        games = None if full else split_games(piece)
        if games is None:
            if line == 1:
                piece = piece.removeprefix("\ufeff")  # (as iter_stream and split_games drop it)
            records = batched_games(reader.games(piece, line), source, found)
            yield None, records if full or line == 1 else after_plain(records)
            full = True
        else:
            yield [(chunk, first + line - 1) for chunk, first in games], iter(())
    if found:
        warn_lenient(found, source)


# -- worker processes -----------------------------------------------------------------------

#: Below this many games a file is checked in one process.
PARALLEL_MIN_GAMES = 20_000

#: PBN games checked in one worker task.
TASK_GAMES = 2000

_Batch = tuple[list[tuple[str, int]], "str | None", int, _Options]


def _run_batch(task: _Batch) -> _Batch_done:
    """Check a batch of PBN games (in a worker process): its lines (or its verdicts),
    the worst status, the number of records and its reader's tag values."""
    import io

    from bridgecli.formats.pbn.games import Reader

    games, source, start, opts = task
    reader = Reader("", source)
    records = _game_records(games, source, reader)
    if opts.as_json is None:
        done = list(check_records(records, require_complete=opts.require_complete, legal_calls=opts.legal_calls,
                                  rules=opts.rules, start=start))
        worst = max((v.status for v in done), default=OK)
        return done, worst, len(done), reader.last
    out = io.StringIO()
    worst, n = _write_records(out.write, records, start, opts, _language(opts.lang))
    return out.getvalue(), worst, n, reader.last


def _pbn_parts(chunks: Iterable[str], source: str | None, jobs: int | None, size: int,
               opts: _Options) -> Iterator[AuctionVerdict | _Done | _Records]:
    """The verdicts of a PBN stream, a piece at a time: one by one from this process, or
    in batches from worker processes when the file is big (see :func:`_workers`)."""
    import itertools

    pieces = iter(chunks)
    first = next(pieces, None)
    if first is None:
        return
    # games in the file, estimated from the first piece
    blocks = first.count("\n\n") + 1
    workers = _workers(jobs, max(blocks, size // max(1, len(first) // blocks)))
    pieces = itertools.chain([first], pieces)
    if workers == 1:
        if opts.as_json is not None:
            yield _Records(_auction_records(pieces, source), 1)  # the lines are written from the records
            return
        yield from check_records(_auction_records(pieces, source), require_complete=opts.require_complete,
                                 legal_calls=opts.legal_calls, rules=opts.rules)
    else:
        tags: dict[str, str] = {}
        yield from _pooled(_pbn_units(pieces, source, [], tags), source, workers, opts, tags)


def _pooled(units: Iterable[_Unit], source: str | None, workers: int, opts: _Options,
            tags: dict[str, str]) -> Iterator[AuctionVerdict | _Done]:
    """The verdicts of the units of a PBN stream, plain games in batches by ``workers``
    forked processes, in order (each batch numbers its records from the count so far;
    a batch whose planned start proves wrong is done again here). The batches' tag
    values go into ``tags``, in order.

    The workers are those of ``deal --jobs`` (:func:`bridgecli.dealer.forked.in_order`), forked
    for each window of batches, which they inherit: only the results travel back. None is ever
    replaced, and an interrupted run ends and reaps them all before it goes on (a
    ``multiprocessing.Pool`` re-forked workers that SIGTERM had killed, and could then wait
    for them for ever)."""
    from bridgecli.dealer.forked import in_order

    n = 0
    window: list[_Batch] = []

    def run_window() -> Iterator[_Done]:
        nonlocal n
        tasks = list(window)
        window.clear()
        results = in_order(lambda i: _run_batch(tasks[i]), len(tasks), workers)
        try:
            for task, done in zip(tasks, results):
                if task[2] != n + 1:
                    done = _run_batch((task[0], task[1], n + 1, task[3]))
                n += done[2]
                tags.update(done[3])
                yield done[:3]
        finally:
            results.close()  # the workers end now, also when the reader stops early

    planned = 1
    for games, records in units:
        if games is not None:
            for i in range(0, len(games), TASK_GAMES):
                batch = games[i:i + TASK_GAMES]
                window.append((batch, source, planned, opts))
                planned += sum(1 for chunk, _ in batch if not _directives_only(chunk))
                if len(window) >= workers * 2:
                    yield from run_window()
                    planned = n + 1
            continue
        if window:
            yield from run_window()
        for v in check_records(records, require_complete=opts.require_complete, legal_calls=opts.legal_calls,
                               rules=opts.rules, start=n + 1):
            n += 1
            yield v
        planned = n + 1
    if window:
        yield from run_window()


def _directives_only(chunk: str) -> bool:
    """True for a game made only of ``%`` lines (it gives no record)."""
    return chunk.startswith("%") and all(line.startswith("%") for line in chunk.split("\n") if line)


def _workers(requested: int | None, games: int) -> int:
    """Worker processes to use: as requested (at most the cores), else, for a large file,
    one an idle core (cores less the load average): workers cost more CPU in all, so
    they pay only where a core would otherwise wait."""
    if not hasattr(os, "fork"):
        return 1
    cores = usable_cores()
    if requested is not None:
        return max(1, min(requested, cores))
    if games < PARALLEL_MIN_GAMES:
        return 1
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = 0.0
    idle = round(cores - load)
    return max(1, min(idle, 8))
