"""``bridgecli validate-auction``: check auctions against the Laws, board by board."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from typing import IO, Any, NamedTuple, NoReturn

import click

from bridgecli.cli import BridgeCliError, ExitCode
from bridgecli.cli.common import (
    FORMAT_NAMES,
    AtomicOutput,
    get_lang,
    input_argument,
    json_option,
    keep_going_option,
    output_format,
    output_option,
    records_done,
)
from bridgecli.cli.variants import variant_option
from bridgecli.core.auction import BRIDGE, AuctionCheck, AuctionRules, check_calls
from bridgecli.core.board import AnnotatedCall, Board
from bridgecli.core.calls import PASS, Bid, Call, Contract
from bridgecli.core.cards import Seat
from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.core.numbers import is_digits

_VUL_WORDS = ("vul_none", "vul_ns", "vul_ew", "vul_all")
_SEAT_LETTERS = ("N", "E", "S", "W")


class Verdict(NamedTuple):
    """What validate-auction found about one record of the input."""

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
    def exit_code(self) -> int:
        """The exit code this record alone calls for."""
        if self.read_error is not None:
            return ExitCode.USAGE
        return ExitCode.OK if self.ok else ExitCode.RULES


def judge_board(
    board: Board,
    record: int,
    *,
    require_complete: bool = False,
    want_legal_calls: bool = False,
    rules: AuctionRules = BRIDGE,
) -> Verdict:
    """Judge one board: legality of its auction, completeness, and agreement with its
    Contract/Declarer tags. Never raises for rule problems; a board without a known
    dealer comes back with a ``read_error``.
    """
    dealer = board.effective_dealer
    if dealer is None:
        if not board.auction:
            return Verdict(record, board, None, ok=not require_complete)
        err = ParseError("no dealer (no Dealer tag and no board number), cannot judge the auction",
                         board=None if board.number is None else str(board.number))
        return Verdict(record, board, None, read_error=err, ok=False)
    if board.auction is None:
        return Verdict(record, board, None, ok=not require_complete)
    calls = [a.call for a in board.auction]
    marks: tuple[tuple[int, str, bool], ...] = ()
    if board.irregular:
        # a marked irregularity is recorded as it happened: an insufficient bid marked
        # ^I was accepted (Law 27A1) and stands; a ^S holds a skipped player's turn
        accepted = frozenset(i for i, a in enumerate(board.auction) if a.irregular == "I")
        marks = tuple((i, a.irregular, a.irregular != "I" or _insufficient(dealer, calls, i, accepted, rules))
                      for i, a in enumerate(board.auction) if a.irregular)
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
        elif board.contract is not None:
            mismatch = _disagree(contract, board.contract)
            ok = not mismatch
    if not all(fits for _, _, fits in marks):
        ok = False  # a ^I on a bid that was not insufficient: the record contradicts itself
    legal = None
    if want_legal_calls and check.error is None and not check.auction.is_complete:
        legal = check.auction.legal_calls()
    return Verdict(record, board, check, contract, None, mismatch, ok, legal, marks)


def _insufficient(dealer: Seat, calls: list[Call], i: int, accepted: frozenset[int], rules: AuctionRules) -> bool:
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


def judge_records(
    records: Iterable[Board | BridgeError],
    *,
    require_complete: bool = False,
    want_legal_calls: bool = False,
    rules: AuctionRules = BRIDGE,
    start: int = 1,
) -> Iterator[Verdict]:
    """A verdict for every record, in order, numbered from ``start``; unreadable
    records give a verdict too."""
    for i, rec in enumerate(records, start):
        if isinstance(rec, BridgeError):
            yield Verdict(i, None, None, read_error=rec, ok=False)
        else:
            yield judge_board(rec, i, require_complete=require_complete, want_legal_calls=want_legal_calls,
                              rules=rules)


def _board_number(v: Verdict) -> int | str | None:
    if v.board is not None:
        return v.board.number
    if v.read_error is not None and v.read_error.board is not None:
        b = v.read_error.board
        return int(b) if is_digits(b) and len(b) <= 18 else b
    return None


def _label(v: Verdict, inline: bool, lang: Any) -> str:
    if inline:
        return str(lang.word("auction"))
    number = _board_number(v)
    return f"{lang.word('board')} {number}" if number is not None else f"{lang.word('record')} {v.record}"


def _ladder_text(calls: tuple[Call, ...], lang: Any) -> str:
    """Legal calls with the run of bids shortened: ``Pass X 2D-7NT``."""
    words = [lang.call_str(c) for c in calls if not isinstance(c, Bid)]
    bids = [c for c in calls if isinstance(c, Bid)]
    if len(bids) == 1:
        words.append(lang.call_str(bids[0]))
    elif bids:
        words.append(f"{lang.call_str(bids[0])}-{lang.call_str(bids[-1])}")
    return " ".join(words)


def _read_error_text(err: BridgeError, lang: Any) -> str:
    where = err.where()
    return f"{lang.word('unreadable')}{f' ({where})' if where else ''}: {lang.translate_error(err.message)}"


_WHY = {
    "insufficient": "why_insufficient", "double-own-side": "why_double_own_side",
    "double-nothing": "why_double_nothing", "redouble-undoubled": "why_redouble_undoubled",
    "redouble-own-double": "why_redouble_own_double", "after-close": "why_after_close",
}


def _call_error_text(err: Any, board: Board, lang: Any, seat: Seat | None = None) -> str:
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


def verdict_text(v: Verdict, lang: Any, *, inline: bool = False) -> str:
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


def _marks_text(v: Verdict, lang: Any) -> str:
    """``; irregularity noted in the record: ...`` for an auction with marks, else ``""``."""
    if not v.marks:
        return ""
    return "; " + str(lang.word("irregular_noted").format(what=", ".join(_mark_text(v, m, lang) for m in v.marks)))


def _mark_text(v: Verdict, mark: tuple[int, str, bool], lang: Any) -> str:
    """One irregularity of the record, e.g. ``call 2 (E) 1♦, insufficient, accepted (Law 27A1)``."""
    assert v.board is not None and v.board.auction is not None
    index, kind, fits = mark
    dealer = v.board.effective_dealer
    seat = "?" if dealer is None else lang.seat_str(dealer.next(index))
    call = lang.call_str(v.board.auction[index].call)
    key = "irregular_s" if kind == "S" else "irregular_i" if fits else "irregular_i_unfit"
    return str(lang.word(key).format(n=index + 1, seat=seat, call=call))


def verdict_json(v: Verdict) -> dict[str, Any]:
    """The JSON object of a verdict (canonical English)."""
    board = v.board
    check = v.check
    out: dict[str, Any] = {"board": _board_number(v), "record": v.record}
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
            mismatch=False, ok=False,
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
    out["mismatch"] = v.mismatch
    if v.mismatch and board.contract is not None:
        tag = board.contract
        out["recorded"] = {"contract": tag.pbn,
                           "declarer": None if tag.declarer is None else _SEAT_LETTERS[tag.declarer]}
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


_VUL_JSON = ('"None"', '"NS"', '"EW"', '"All"')
_SEAT_JSON = ('"N"', '"E"', '"S"', '"W"')


def verdict_json_line(v: Verdict) -> str:
    """``json.dumps(verdict_json(v), ensure_ascii=False)``, written directly for the
    common case of a legal board with nothing else to say.
    """
    board, check, contract = v.board, v.check, v.contract
    if (board is None or check is None or check.error is not None or v.mismatch or v.legal_calls is not None
            or v.read_error is not None or v.marks):
        return json.dumps(verdict_json(v), ensure_ascii=False)
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
        text = f'"{contract.pbn}"'
        declarer = "null" if contract.declarer is None else _SEAT_JSON[contract.declarer]
    return (
        f'{{"board": {"null" if number is None else number}, "record": {v.record}, '
        f'"dealer": {"null" if dealer is None else _SEAT_JSON[dealer]}, '
        f'"vulnerable": {"null" if vul is None else _VUL_JSON[vul]}, "legal": true, "complete": {complete}, '
        f'"contract": {text}, "declarer": {declarer}, "calls": {len(check.calls)}, "mismatch": false, '
        f'"ok": {"true" if v.ok else "false"}}}'
    )


_NOTE = re.compile(r"^=(\d+)=$")
_NAG = re.compile(r"^\$(\d+)$")


def parse_calls_text(text: str, dealer: Seat, lang: Any, rules: AuctionRules = BRIDGE) -> tuple[AnnotatedCall, ...]:
    """Calls typed on the command line: ``1NT P 3NT P P P``, any case, ``!`` alerts,
    ``=n=`` notes and ``$n`` NAGs kept; ``AP`` (all pass), or the words ``show`` prints
    for it (``All Pass``, Polish ``pasy``, Hungarian ``mind passz``), adds the passes that close.

    Raises ParseError naming the position of an unknown token.
    """
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


def _write(fp: IO[str], verdicts: Iterable[Verdict], as_json: bool, lang: Any, inline: bool) -> tuple[int, int]:
    """Write one line a verdict; return the worst exit code and the number of lines."""
    worst = ExitCode.OK
    write = fp.write
    n = 0
    for v in verdicts:
        if as_json:
            write(verdict_json_line(v) + "\n")
        else:
            write(verdict_text(v, lang, inline=inline) + "\n")
        n += 1
        code = v.exit_code
        if code != ExitCode.OK:
            worst = _worse(worst, code)
    return int(worst), n


def _worse(a: int, b: int) -> ExitCode:
    """The more serious of two exit codes (2 over 1 over 0)."""
    return ExitCode(max(a, b))


#: Below this many games a file is checked in one process.
PARALLEL_MIN_GAMES = 20_000

_Batch = tuple[list[tuple[str, int]], "str | None", int, bool, bool, bool, str]


def _render_batch(task: _Batch) -> tuple[str, int, int]:
    """Check a batch of PBN games (run in a worker process): the output text, the
    worst exit code and the number of records."""
    import io

    from bridgecli.core.notation import get_language
    from bridgecli.formats.pbn import iter_game_records

    games, source, start, as_json, require_complete, want_legal_calls, lang_code = task
    verdicts = judge_records(iter_game_records(games, source), require_complete=require_complete,
                             want_legal_calls=want_legal_calls, start=start)
    out = io.StringIO()
    worst, n = _write(out, verdicts, as_json, get_language(lang_code), False)
    return out.getvalue(), worst, n


#: PBN games checked in one worker task.
TASK_GAMES = 2000


def _pbn_units(chunks: Iterable[str]) -> Iterator[tuple[list[tuple[str, int]] | None, str, int]]:
    """Pieces of a PBN stream as ``(games, "", line)`` for plain ones the quick reader
    takes, or ``(None, text, line)`` for the full reader (all of them once the first
    piece needs it: ``#`` inheritance reaches across games)."""
    from bridgecli.formats.pbn import _pieces, split_games

    full = False
    for piece, line in _pieces(chunks):
        games = None if full else split_games(piece)
        if games is None:
            full = full or line == 1
            yield None, piece, line
        else:
            yield [(chunk, first + line - 1) for chunk, first in games], "", line


def _check_pbn(fp: IO[str], chunks: Iterable[str], source: str, jobs: int | None, size: int, as_json: bool,
               require_complete: bool, want_legal_calls: bool, lang: Any) -> tuple[int, int]:
    """Check the games of a PBN stream a piece at a time, writing as it goes (in worker
    processes when the file is big: see :func:`_jobs`); the worst exit code and the
    number of records."""
    import itertools

    from bridgecli.formats.pbn import _batched, _Reader, iter_game_records, warn_lenient

    reader = _Reader("", source)
    found: list[tuple[str, int, str]] = []  # what was read leniently, warned about once at the end
    units = _pbn_units(chunks)
    first = next(units, None)
    if first is None:
        return int(ExitCode.OK), 0
    workers = 1
    if first[0] is not None and first[0]:
        # games in the file, estimated from the first piece
        per_game = max(1, sum(len(chunk) + 1 for chunk, _ in first[0]) // len(first[0]))
        workers = _jobs(jobs, max(len(first[0]), size // per_game))
    worst = ExitCode.OK
    n = 0
    window: list[_Batch] = []

    def run_window() -> None:
        # the forked workers inherit the window's tasks: only their indexes go through the
        # pipe, which therefore never fills (a full pipe made Pool.terminate hang on Ctrl-C)
        global _forked_tasks
        nonlocal worst, n
        import multiprocessing

        _forked_tasks = list(window)
        try:
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                for task, (text, code, k) in zip(window, pool.imap(_render_forked, range(len(window)))):
                    if task[2] != n + 1:
                        text, code, k = _render_batch(task[:2] + (n + 1,) + task[3:])
                    fp.write(text)
                    worst = _worse(worst, code)
                    n += k
        finally:
            _forked_tasks = []
        window.clear()

    planned = 1
    for games, piece, line in itertools.chain([first], units):
        if games is not None and workers > 1:
            for i in range(0, len(games), TASK_GAMES):
                batch = games[i:i + TASK_GAMES]
                window.append((batch, source, planned, as_json, require_complete, want_legal_calls, lang.code))
                planned += sum(1 for chunk, _ in batch if not _directives_only(chunk))
                if len(window) >= workers * 2:
                    run_window()
                    planned = n + 1
            continue
        if window:
            run_window()
        records = (iter_game_records(games, source, found) if games is not None
                   else _batched(reader.games(piece, line), source, found))
        verdicts = judge_records(records, require_complete=require_complete, want_legal_calls=want_legal_calls,
                                 start=n + 1)
        code, k = _write(fp, verdicts, as_json, lang, False)
        worst = _worse(worst, code)
        n += k
        planned = n + 1
    if window:
        run_window()
    if found:
        warn_lenient(found, source)  # once for the whole file, not once a piece
    return int(worst), n


#: The batches of one window of :func:`_check_pbn`, set before its workers are forked.
_forked_tasks: list[_Batch] = []


def _render_forked(index: int) -> tuple[str, int, int]:
    """:func:`_render_batch` of the ``index``-th batch (run in a forked worker)."""
    return _render_batch(_forked_tasks[index])


def _directives_only(chunk: str) -> bool:
    """True for a game made only of ``%`` lines (it gives no record)."""
    return chunk.startswith("%") and all(line.startswith("%") for line in chunk.split("\n") if line)


def _jobs(requested: int | None, games: int) -> int:
    """Worker processes to use: as requested, else, for a large file, one an idle core
    (cores less the load average): workers cost more CPU in all, so they pay only
    where a core would otherwise wait."""
    import multiprocessing
    import os

    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    from bridgecli.cli.common import cap_jobs, usable_cores

    if requested is not None:
        return cap_jobs(requested) or 1
    if games < PARALLEL_MIN_GAMES:
        return 1
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = 0.0
    idle = round(usable_cores() - load)
    return max(1, min(idle, 8))


EXAMPLES = (
    "\b\nExamples:\n"
    '  bridgecli validate-auction --dealer N --calls "1NT P 3NT P P P"\n'
    '  bridgecli validate-auction --dealer S --calls "1H X XX" --legal-calls\n'
    "  bridgecli validate-auction sample_deals/valid/club_session.pbn --json\n"
)
"""The examples at the end of ``bridgecli validate-auction --help`` (run by the tests, from the repository root)."""


@click.command("validate-auction", epilog=EXAMPLES)
@input_argument
@click.option("--dealer", metavar="SEAT", default=None, help="Dealer of an inline auction (N, E, S, W).")
@click.option("--calls", "calls_text", metavar="CALLS", default=None,
              help='An inline auction from the dealer, e.g. "1NT P 3NT P P P".')
@click.option("--from", "from_", type=click.Choice(FORMAT_NAMES, case_sensitive=False), default=None,
              help="Input format (default: from extension or content).")
@click.option("--format", "old_format", type=click.Choice(FORMAT_NAMES, case_sensitive=False), default=None,
              hidden=True, help="The old name of --from.")
@click.option("--require-complete", is_flag=True, help="An auction that has not closed is an error.")
@click.option("--legal-calls", "want_legal_calls", is_flag=True,
              help="For an open auction, list the legal next calls.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None, metavar="N",
              help=f"Worker processes for a PBN file (default: one an idle core from {PARALLEL_MIN_GAMES:,} boards).")
@json_option
@output_option
@keep_going_option
@variant_option
@click.pass_context
def validate_auction(
    ctx: click.Context,
    infile: str,
    dealer: str | None,
    calls_text: str | None,
    from_: str | None,
    old_format: str | None,
    require_complete: bool,
    want_legal_calls: bool,
    jobs: int | None,
    as_json: bool,
    output: str | None,
    keep_going: bool = False,
    variant_name: str | None = None,
) -> None:
    """Check the auction of every board of FILE (or stdin), or one inline
    auction, against the Laws (18-22): sufficient bids, doubles and redoubles,
    closing passes; report the contract and declarer.

    One line a board: the contract ("4SX by W"), "passed out", "incomplete",
    or the first illegal call with its reason. A board whose Contract/Declarer
    tags disagree with its auction is a mismatch. Text output numbers calls
    from 1; the JSON "error.index" counts from 0.

    Exit status: 0 all legal (an open auction is legal unless
    --require-complete); 1 an illegal call, a mismatch or an open auction under
    --require-complete (every board is still reported); 2 unreadable input,
    no boards, or an unknown call. After exit 2, -o FILE is left as it was
    (--keep-going writes the report anyway, exit 1).
    """
    as_json = output_format(output, "json" if as_json else None, ("text", "json"), "text", option="--json") == "json"
    lang = get_lang(ctx)
    if from_ and old_format and from_.lower() != old_format.lower():
        raise click.UsageError("--from and --format (its old name) say different formats")
    format = from_ or old_format
    rules = BRIDGE
    if variant_name is not None:
        from bridgecli.cli.variants import auction_rules, is_point_auction, run_point_validate

        if is_point_auction(variant_name):
            ctx.exit(run_point_validate(variant_name, infile, dealer, calls_text, format, require_complete, as_json,
                                        output, lang))

        rules = auction_rules(variant_name)
        if jobs is not None and jobs > 1:
            raise click.UsageError("--variant runs in one process: no --jobs")
    inline = calls_text is not None or dealer is not None
    if inline:
        if calls_text is None:
            raise click.UsageError("--dealer needs --calls")
        if dealer is None:
            raise click.UsageError("--calls needs --dealer")
        if infile != "-":
            raise click.UsageError("give FILE or --calls, not both")
        try:
            seat = lang.parse_seat(dealer)
        except ParseError as exc:
            raise click.BadParameter(str(exc), param_hint="--dealer") from None
        if seat not in rules.seats:
            raise click.BadParameter(f"{seat.letter!r} does not play {rules.name}", param_hint="--dealer")
        board = Board(dealer=seat, auction=parse_calls_text(calls_text, seat, lang, rules))
        verdicts: Iterable[Verdict] = [
            judge_board(board, 1, require_complete=require_complete, want_legal_calls=want_legal_calls,
                        rules=rules)
        ]
    else:
        from bridgecli.cli.common import read_records
        from bridgecli.formats import resolve_format
        from bridgecli.formats.stream import peek, text_chunks

        if variant_name is not None:
            from bridgecli.cli.variants import with_dealers

            records, source, fmt = read_records(infile, format)
            judged = with_dealers(records, variant_name)
            verdicts = judge_records(judged, require_complete=require_complete, want_legal_calls=want_legal_calls,
                                     rules=rules)
            with AtomicOutput(output) as fp:
                code, _ = _write(fp, verdicts, as_json, lang, inline)
                code = records_done(code, keep_going, output)
            ctx.exit(code)
        from bridgecli.cli.common import close_input, closing_records, open_input
        from bridgecli.formats.stream import iter_file

        stream, source = open_input(infile)
        try:
            head, chunks = peek(text_chunks(stream, source))
            fmt = resolve_format(infile, head, format)
            if fmt == "pbn":
                try:
                    size = os.fstat(stream.fileno()).st_size
                except (OSError, ValueError, AttributeError):
                    size = 0
                with AtomicOutput(output) as fp:
                    code, n = _check_pbn(fp, chunks, source, jobs, size, as_json, require_complete,
                                         want_legal_calls, lang)
                    close_input(stream)
                    _exit(ctx, code, n, source, output)  # inside the block: exit 2 keeps -o as it was
            try:
                records = closing_records(iter_file(chunks, fmt, source), stream)
            except ModuleNotFoundError as exc:
                raise BridgeCliError(f"the {fmt} format is not available ({exc.name})", ExitCode.USAGE) from None
        except BaseException:
            close_input(stream)
            raise
        verdicts = judge_records(records, require_complete=require_complete, want_legal_calls=want_legal_calls)

    with AtomicOutput(output) as fp:
        code, n = _write(fp, verdicts, as_json, lang, inline)
        _exit(ctx, code, n, None if inline else source, output)


def _exit(ctx: click.Context, code: int, records: int, source: str | None, output: str | None) -> NoReturn:
    """End the command with ``code`` (inside the ``-o`` block: exit 2 keeps the old
    file, see :func:`~bridgecli.cli.common.records_done`); an input without a single
    board is an error."""
    if records == 0 and source is not None:
        raise BridgeCliError(f"{source}: no boards", ExitCode.USAGE)
    ctx.exit(records_done(code, None, output))
