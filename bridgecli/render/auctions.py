"""The lines ``bridgecli validate-auction`` prints: a verdict as a line of text in a language
(:func:`verdict_text`), and the command's report written to a file, text or JSON Lines
(:func:`write_checks`), with the lines of a big PBN file's batches written in the
worker processes (:func:`write_records`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import IO, TYPE_CHECKING, Any

from bridgecli.checks.auctions.files import AuctionChecks, Records, run_parts
from bridgecli.checks.auctions.verdicts import (
    OK,
    RULES,
    UNREADABLE,
    AuctionVerdict,
    board_number,
    check_board,
    plain_json_line,
    quick_contract,
    verdict_json_line,
)
from bridgecli.core import fastpaths
from bridgecli.core.auction import BRIDGE
from bridgecli.core.board import Board
from bridgecli.core.calls import Bid, Call
from bridgecli.core.cards import Seat
from bridgecli.core.contract import Contract
from bridgecli.core.errors import BridgeError

if TYPE_CHECKING:
    from bridgecli.core.notation import Language

__all__ = ["verdict_text", "write_checks", "write_records"]

_VUL_WORDS = ("vul_none", "vul_ns", "vul_ew", "vul_all")


def _language(lang: Language | str | None) -> Language:
    from bridgecli.core.notation import get_language

    return get_language(lang) if lang is None or isinstance(lang, str) else lang


def _label(v: AuctionVerdict, inline: bool, lang: Language) -> str:
    if inline:
        return str(lang.word("auction"))
    number = board_number(v)
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

def write_checks(out: IO[str], verdicts: AuctionChecks | Iterable[AuctionVerdict], *, as_json: bool = False,
                 lang: Language | str | None = None, inline: bool = False) -> tuple[int, int]:
    """Write to ``out`` the lines ``bridgecli validate-auction`` prints for ``verdicts`` (the
    run of :func:`~bridgecli.checks.auctions.check_auctions`, or any verdicts): one a board,
    text in ``lang`` (a :class:`~bridgecli.core.notation.Language` or its code; English by
    default), or (``as_json``) JSON Lines in canonical English; ``inline`` labels a text line
    ``Auction:`` and leaves out the vulnerability (an auction given alone). Of a run not yet
    iterated, worker processes write the lines of their batches; the bytes are the same
    whatever its ``jobs`` is.

    Returns the worst :attr:`~bridgecli.checks.auctions.AuctionVerdict.status` (0 all pass,
    1 some board breaks the rules, 2 some record could not be read) and the number of lines.
    Raises ParseError for an unknown language code, or for input that proves not to be text.
    """
    language = _language(lang)
    if not isinstance(verdicts, AuctionChecks):
        return _write_verdicts(out.write, verdicts, as_json, language, inline)
    worst, n = OK, 0
    write = out.write
    for part in run_parts(verdicts, write_records, (as_json, language)):
        if isinstance(part, AuctionVerdict):
            write(verdict_json_line(part) + "\n" if as_json else verdict_text(part, language) + "\n")
            n += 1
            if part.read_error is not None:
                worst = UNREADABLE
            elif not part.ok and worst == OK:
                worst = RULES
        elif isinstance(part, Records):
            code, k = write_records(write, part.records, part.start, part.opts)
            worst, n = max(worst, code), n + k
        else:
            text, code, k = part
            write(text)  # type: ignore[arg-type]
            worst, n = max(worst, code), n + k
    return worst, n


def _write_verdicts(write: Callable[[str], object], verdicts: Iterable[AuctionVerdict], as_json: bool,
                    language: Language, inline: bool) -> tuple[int, int]:
    """Write one line a verdict (text in ``language``, or JSON); return the worst
    :attr:`~AuctionVerdict.status` and the number of lines."""
    worst = OK
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


def write_records(write: Callable[[str], object], records: Iterable[Board | BridgeError], start: int,
                  opts: Any) -> tuple[int, int]:
    """Check ``records`` (numbered from ``start``) under ``opts`` and ``write`` one line each,
    as :func:`write_checks` writes their verdicts (``opts.style``: ``(as_json, language)``);
    return the worst status and the number of lines. The line writer of a run
    (:func:`~bridgecli.checks.auctions.files.run_parts`): the workers of a big PBN file call it.
    A board with nothing to say but its contract (:func:`quick_contract`) is written from that
    alone, with no verdict; every other record goes the full way."""
    as_json, lang = opts.style
    quick = opts.rules is BRIDGE and not opts.legal_calls and fastpaths.ON  # (a fast lane: a board that passes)
    board_word = lang.word("board")
    # the text after "Board N: " of a board that passes, by vulnerability (4: none) and contract
    tails: tuple[dict[int, tuple[Contract, str]], ...] = ({}, {}, {}, {}, {})
    worst = OK
    n = 0
    for i, rec in enumerate(records, start):
        n += 1
        if quick and not isinstance(rec, BridgeError):
            contract = quick_contract(rec)
            if contract is not None:
                if as_json:
                    write(plain_json_line(rec, i, contract, len(rec.auction), True) + "\n")  # type: ignore[arg-type]
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
