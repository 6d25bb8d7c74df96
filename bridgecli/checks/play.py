"""Checking the play of many boards: the library behind ``bridgecli play``.

:func:`check_play` replays every board of a file (or any iterable of boards)
and yields one :class:`PlayCheck` a board: what kind of record it is (a
finished or unfinished play, a passed-out board, an end position, a lead
problem, no play at all), its :class:`~bridgecli.core.play.Replay` and, for
JSON, :meth:`PlayCheck.as_dict`. :func:`play_outcome` is the JSON object of one
replay (result, score, error, Law 64 transfer, mismatch). Nothing here prints:
the words for people are in :mod:`bridgecli.render.play`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any

from bridgecli.core import fastpaths
from bridgecli.core.board import Board
from bridgecli.core.cards import Card, Vulnerability, dealer_of_board
from bridgecli.core.contract import Contract
from bridgecli.core.deal import Deal
from bridgecli.core.errors import BridgeError, ParseError, RuleError
from bridgecli.core.play import (
    Replay,
    contract_of,
    end_position,
    replay_board,
    replay_cards,
    replay_indices,
    revoke_transfer,
)
from bridgecli.core.scoring import score as contract_score

if TYPE_CHECKING:
    from bridgecli.core.notation import Language
    from bridgecli.core.play.batch import Job
    from bridgecli.solver.analysis import PlayAnalysis

#: What :attr:`PlayCheck.kind` can be.
KINDS = ("played", "passed-out", "end-position", "no-card", "no-play", "no-deal", "error")


@dataclass(slots=True)
class PlayCheck:
    """What :func:`check_play` found on one board (or one record that could not be read)."""

    board: Board | None
    """The board (after ``complete``: the finished one); None for a record that could not be read."""
    kind: str
    """One of :data:`KINDS`: ``played`` (a play record, or inline cards, replayed), ``passed-out``,
    ``end-position`` (PBN 3.10, replayed with its trump strain), ``no-card`` (a play section
    without a card: a lead problem), ``no-play`` and ``no-deal`` (nothing to replay: not an
    error in the record), ``error`` (see :attr:`error`)."""
    replay: Replay | None = None
    """The replay of ``played`` and ``end-position`` boards."""
    error: BridgeError | None = None
    """Why the record could not be read or replayed (kind ``error``)."""
    finished: Board | None = field(default=None, repr=False)
    """With ``complete``: the board to write out (played to the end when it was legal), else None."""

    @property
    def ok(self) -> bool:
        """False for an illegal play, a disagreement with the Result, or an error."""
        if self.kind == "error":
            return False
        rep = self.replay
        return rep is None or (rep.legal and (self.kind != "played" or rep.mismatch is None))

    def as_dict(self, *, with_tricks: bool = False) -> dict[str, Any] | None:
        """The JSON object of this board (None for ``no-play``, ``no-deal`` and ``error``),
        ``"record": "play"`` first (a report line, not a board: the board readers refuse it).

        ``with_tricks`` adds the ``tricks`` list to a replayed play.
        """
        obj = self._fields(with_tricks)
        return None if obj is None else {"record": "play", **obj}

    def _fields(self, with_tricks: bool) -> dict[str, Any] | None:
        board, rep = self.board, self.replay
        if board is None:
            return None
        if self.kind == "played":
            assert rep is not None
            return play_outcome(board, rep, with_tricks=with_tricks)
        if self.kind == "passed-out":
            return {"board": board.number, "legal": True, "contract": "Pass", "declarer": None,
                    "declarer_tricks": None, "result": None, "over_under": None, "score": 0, "claimed": False, "complete": True}
        if self.kind == "end-position":
            assert rep is not None
            leader = board.play_leader
            won = rep.tricks_won
            obj: dict[str, Any] = {
                "board": board.number, "legal": rep.legal, "end_position": True,
                "strain": board.tags.get("Contract", "").strip().upper(),
                "leader": leader.letter if leader is not None else None,
                "tricks_played": rep.tricks_played, "tricks_ns": won[0], "tricks_ew": won[1],
            }
            if rep.error is not None:
                obj["error"] = {"trick": rep.error.trick, "reason": rep.error.reason, "message": rep.error.message}
            return obj
        if self.kind == "no-card":
            leader = board.play_leader
            return {"board": board.number, "legal": True, "tricks_played": 0, "no_card": True,
                    "leader": leader.letter if leader is not None else None}
        return None

    def to_dict(self, *, with_tricks: bool = False) -> dict[str, Any] | None:
        """The board's ``play --json`` record as a dict (:meth:`as_dict`; the keys of
        docs/KEYS.md); None for a board with no play to report."""
        return self.as_dict(with_tricks=with_tricks)

    def to_json(self, *, with_tricks: bool = False) -> dict[str, Any] | None:
        """:meth:`to_dict` (a dict, as ``AuctionVerdict.to_json()``; until 0.2.0 the JSON
        text, which :func:`json_line` writes)."""
        return self.as_dict(with_tricks=with_tricks)


def json_line(check: PlayCheck, *, with_tricks: bool = False) -> str:
    """The ``play --json`` line of ``check``: :meth:`PlayCheck.as_dict` as one line of JSON
    (``null`` when there is no object), the common case written directly."""
    rep, board = check.replay, check.board
    if (check.kind == "played" and not with_tricks and rep is not None and board is not None
            and rep.error is None and rep.mismatch is None and fastpaths.ON):
        # the common case written directly: the same text as json.dumps of as_dict(); the
        # part after the board number is remembered per contract, tricks and vulnerability
        contract = rep.contract
        number = board.number
        tricks = rep.declarer_tricks
        vul = board.effective_vulnerability if rep.complete else None
        key = (id(contract), tricks, vul, rep.complete, rep.claimed)
        known = _JSON_TAIL.get(key)
        if known is None:  # (an entry keeps its contract alive: its id is no other contract's)
            known = (contract, _json_tail(contract, tricks, vul, rep.complete, rep.claimed))
            if len(_JSON_TAIL) >= _JSON_TAIL_MAX:
                _JSON_TAIL.clear()
            _JSON_TAIL[key] = known
        return f'{{"record": "play", "board": {"null" if number is None else int(number)}, "legal": true, {known[1]}'
    return json.dumps(check.as_dict(with_tricks=with_tricks), ensure_ascii=check.kind in ("passed-out", "no-card"))


#: (id of the contract, declarer's tricks, vulnerability, complete, claimed) -> (the contract,
#: :func:`_json_tail`); the contract is kept so that its id is not reused while it is here.
#: At most :data:`_JSON_TAIL_MAX` entries.
_JSON_TAIL: dict[tuple[int, int, Vulnerability | None, bool, bool], tuple[Contract, str]] = {}
_JSON_TAIL_MAX = 4096


def _json_tail(contract: Contract, tricks: int, vul: Vulnerability | None, complete: bool, claimed: bool) -> str:
    """The JSON text of a legal replay without mismatch after ``"legal": true, `` (to the closing brace)."""
    assert contract.declarer is not None
    if complete:
        result, over_under = str(tricks), str(tricks - contract.required_tricks)
        score = str(play_score(contract, tricks, vul))
    else:
        result = over_under = score = "null"
    return (f'"contract": "{contract.pbn}", "declarer": "{contract.declarer.letter}", '
            f'"declarer_tricks": {tricks}, "result": {result}, "over_under": {over_under}, "score": {score}, '
            f'"claimed": {"true" if claimed else "false"}, '
            f'"complete": {"true" if complete else "false"}}}')


def play_score(contract: Contract, tricks: int, vul: Vulnerability | None) -> int:
    """Declarer's duplicate score for ``tricks`` in ``contract`` (``vul`` None: not vulnerable)."""
    assert contract.declarer is not None
    vulnerable = vul.is_vul(contract.declarer) if vul is not None else False
    return int(contract_score(contract, tricks, vulnerable))


def law64(board: Board, rep: Replay) -> tuple[int, int] | None:
    """Law 64A for a recorded revoke: (tricks transferred, declarer's tricks after the transfer).

    Defined when the first error of ``rep`` is a revoke and the play, with the
    revoke let stand, is otherwise legal and finished; else None.
    """
    if rep.error is None or rep.error.reason != "revoke" or board.play is None:
        return None
    again = replay_board(board, rep.contract, allow_revokes=True)
    if not again.legal or not again.complete or again.claimed:
        return None
    declarer = rep.contract.declarer
    assert declarer is not None
    moved = revoke_transfer(again.tricks, again.revokes, declarer.partner)
    side = declarer.side
    return (moved[0] + moved[1], again.declarer_tricks + moved[side] - moved[1 - side])


def play_outcome(board: Board, rep: Replay | None = None, *, with_tricks: bool = False) -> dict[str, Any]:
    """The JSON object of one replayed board, as ``bridgecli play --json`` writes it.

    Args:
        board: The board.
        rep: Its replay (default: :func:`~bridgecli.core.play.replay_board` of ``board``).
        with_tricks: Add ``tricks`` (leader, cards in play order, winner of each).

    Returns:
        ``board``, ``legal``, ``contract``, ``declarer``, ``declarer_tricks`` (won in the
        record so far), ``result`` (tricks declarer won), ``over_under`` (over or under the
        contract) and ``score`` (the three None unless legal and complete),
        ``claimed``, ``complete``; ``error`` (with ``law64`` for a revoke whose transfer
        can be worked out) and ``mismatch`` when present.

    Raises:
        RuleError: (without ``rep``) when the board has no deal or contract to play.
    """
    if rep is None:
        rep = replay_board(board)
    contract = rep.contract
    assert contract.declarer is not None
    finished = rep.legal and rep.complete
    obj: dict[str, Any] = {
        "board": board.number,
        "legal": rep.legal,
        "contract": contract.pbn,
        "declarer": contract.declarer.letter,
        "declarer_tricks": rep.declarer_tricks,
        "result": rep.declarer_tricks if finished else None,
        "over_under": rep.declarer_tricks - contract.required_tricks if finished else None,
        "score": play_score(contract, rep.declarer_tricks, board.effective_vulnerability) if finished else None,
        "claimed": rep.claimed,
        "complete": rep.complete,
    }
    if rep.error is not None:
        obj["error"] = {
            "trick": rep.error.trick,
            "seat": rep.error_seat.letter if rep.error_seat is not None else None,
            "card": str(rep.error_card) if rep.error_card is not None else None,
            "reason": rep.error.reason,
            "message": rep.error.message,
        }
        transfer = law64(board, rep)
        if transfer is not None:
            obj["error"]["law64"] = {"transferred": transfer[0], "declarer_tricks": transfer[1]}
    if rep.mismatch is not None:
        obj["mismatch"] = {"recorded": board.result, "message": rep.mismatch}
    if with_tricks:
        obj["played_tricks"] = [
            {"leader": t.leader.letter, "cards": [str(c) for c in t.cards], "winner": t.winner.letter}
            for t in rep.tricks
        ]
    return obj


def is_passed_out(board: Board) -> bool:
    """Whether the board's contract (tags, else a complete auction) is a pass-out; never raises."""
    try:
        contract = contract_of(board)
    except BridgeError:
        return False
    return contract is not None and contract.is_passout


def check_board(board: Board, cards: Sequence[Card] | None = None) -> PlayCheck:
    """Replay one board's play record (or ``cards``, in time order, against its deal).

    Args:
        board: The board: a deal, a contract with declarer (or an auction that gives
            one) and a play record.
        cards: Cards in time order to play instead of the record (seats follow the turn).

    Returns:
        A :class:`PlayCheck`: kind ``played`` with its replay, or what else the board is
        (``passed-out``, ``end-position``, ``no-card``, ``no-play``, ``no-deal``); a board
        that cannot be replayed gives kind ``error``, with the error (this never raises).
    """
    if cards is None and type(board) is not Board and fastpaths.ON:
        fast = _replay_read(board)
        if fast is not None:
            return PlayCheck(board, "played", fast)
    try:
        if not cards and board.play is None:
            if is_passed_out(board):
                return PlayCheck(board, "passed-out")
            if cards is None:
                return PlayCheck(board, "no-play")
        if cards is None and board.play is not None:
            if board.deal is None:
                return PlayCheck(board, "no-deal")
            if not any(pc.card is not None for row in board.play for pc in row):
                return PlayCheck(board, "no-card")
            stand_in = end_position(board)
            if stand_in is not None:
                return PlayCheck(board, "end-position", replay_board(board, stand_in))
        contract = contract_of(board)
        if cards is not None:
            if board.deal is None or contract is None:
                raise RuleError(f"{board.label}: needs a deal and a contract with declarer to play")
            rep = replay_cards(board.deal, contract, cards, board=board)
        else:
            rep = replay_board(board, contract)
    except BridgeError as exc:
        return PlayCheck(board, "error", error=exc)
    return PlayCheck(board, "played", rep)


def _replay_read(board: Board) -> Replay | None:
    """What :func:`check_board` finds on a board read from PBN whose deal and regular play
    are still the text read (a ``played`` replay, from small ints: no Deal or play objects
    built); None for anything else, which the full path then checks."""
    job = _read_job(board)
    return replay_indices(*job) if job is not None else None


def _read_job(board: Board) -> tuple[Board, Contract, Sequence[int], bytes] | None:
    """What :func:`_replay_read` replays ``board`` from (the arguments of
    :func:`~bridgecli.core.play.replay_indices`), or None. Never raises."""
    return _job_of(board, (_play_ints or _load_play_ints())(board))


def _job_of(board: Board, ints: tuple[Sequence[int], bytes] | None) -> tuple[Board, Contract, Sequence[int], bytes] | None:
    """:func:`_read_job` of ``board`` given its :func:`~bridgecli.formats.pbn.play_ints`."""
    if ints is None or (board.contract is None and end_position(board) is not None):
        return None
    try:
        contract = contract_of(board)
    except BridgeError:
        return None
    return (board, contract, *ints) if contract is not None else None


_play_ints: Callable[[Board], tuple[tuple[int, int, int, int], bytes] | None] | None = None
"""A cache of :func:`bridgecli.formats.pbn.play_ints`, imported when first needed (only boards
read from PBN take the path that uses it; a ``from ... import`` in the function would cost
about 2 µs a board)."""


def _play_ints_many(records: Sequence[object]) -> list[tuple[tuple[int, int, int, int], bytes] | None]:
    """:func:`bridgecli.formats.pbn.play_ints_many` (imported when first called)."""
    from bridgecli.formats.pbn import play_ints_many

    return play_ints_many(records)


def _load_play_ints() -> Callable[[Board], tuple[tuple[int, int, int, int], bytes] | None]:
    """:func:`bridgecli.formats.pbn.play_ints`, imported and kept in :data:`_play_ints`."""
    global _play_ints
    from bridgecli.formats.pbn import play_ints

    _play_ints = play_ints
    return play_ints


def complete_board(board: Board, cards: Sequence[Card] | None = None) -> PlayCheck:
    """Finish the play of ``board`` (after its record, or ``cards``) with the bot of
    :mod:`bridgecli.core.playbot`; a claim in the record is kept.

    Never raises. :attr:`PlayCheck.finished` is the board to write out: the
    finished board (kind ``played``, its replay complete), the board as it was
    when its play is illegal or it is passed out, None when it cannot be
    replayed (kind ``error``; a board without a deal or a contract with
    declarer is an error but is still written out as it was).
    """
    from bridgecli.core.play import state_after
    from bridgecli.core.playbot import play_out

    try:
        contract = contract_of(board)
        if contract is None or contract.is_passout or board.deal is None:
            if contract is not None and contract.is_passout:
                return PlayCheck(board, "passed-out", finished=board)
            error = RuleError(f"{board.label}: needs a deal and a contract with declarer to complete")
            return PlayCheck(board, "error", error=error, finished=board)
        if cards is not None:
            rep = replay_cards(board.deal, contract, cards, board=board)
        else:
            rep = replay_board(board, contract)
    except BridgeError as exc:
        return PlayCheck(board, "error", error=exc)
    if not rep.legal:
        return PlayCheck(board, "played", rep, finished=board)
    state = state_after(rep, board.deal)
    if rep.claimed:
        state = state.claim(rep.declarer_tricks - state.tricks_won[state.declarer.side])
    done = play_out(state).to_board(board)
    return PlayCheck(done, "played", replay_board(done, state.contract), finished=done)


@dataclass(slots=True)
class PlayTally:
    """Counts that :func:`check_play` keeps while it runs."""

    read: int = 0
    """Records read (boards and records that could not be read)."""
    selected: int = 0
    """Boards among the ``numbers`` asked for (every board when none were)."""


def check_play(records: Iterable[Board | BridgeError], *, numbers: Container[int] | None = None,
               cards: Sequence[Card] | None = None, complete: bool = False,
               tally: PlayTally | None = None, batched: bool = True) -> Iterator[PlayCheck]:
    """Replay the play of many boards, one :class:`PlayCheck` a board, in the order read.

    Args:
        records: Boards, e.g. ``bc.read(path)``; a :class:`BridgeError` among them (a
            record a lenient reader could not read) comes out as kind ``error``.
        numbers: Only the boards with these numbers (None or empty: all).
        cards: Cards in time order to play on every board instead of its play record.
        complete: Finish each play with the bot (see :func:`complete_board`).
        tally: Counts to update as the boards go by.
        batched: Read up to 1,024 records ahead and replay them together (faster, the
            default); False answers each record as soon as it is read (records that come
            slowly, from a pipe: ``bridgecli play`` batches a regular file only).

    Returns:
        An iterator of :class:`PlayCheck`; it never raises for a bad board.

    Example: ``sum(not c.ok for c in bc.check_play(bc.read("session.pbn")))``
    counts the illegal plays and the plays that disagree with their Result.
    """
    count = tally if tally is not None else PlayTally()
    pairs: Iterable[tuple[Board | BridgeError, Replay | None]]
    if complete or cards is not None:
        pairs = ((rec, None) for rec in records)
    else:
        def job(rec: Board | BridgeError, ints: tuple[Sequence[int], bytes] | None) -> Job | None:
            if ints is None or isinstance(rec, BridgeError) or (numbers and rec.number not in numbers):
                return None
            return _job_of(rec, ints)

        # many boards of a file are replayed at once (core.play.batch), the rest one by one
        from bridgecli.core.play.batch import replayed_ahead

        pairs = replayed_ahead(records, job, _play_ints_many, batched)
    for rec, rep in pairs:
        count.read += 1
        if isinstance(rec, BridgeError):
            yield PlayCheck(None, "error", error=rec)
            continue
        if numbers and rec.number not in numbers:
            continue
        count.selected += 1
        if rep is not None:
            yield PlayCheck(rec, "played", rep)
        else:
            yield complete_board(rec, cards) if complete else check_board(rec, cards)


class BoardSpool:
    """Boards kept for writing at the end (``play --complete``): pickled to a temporary
    file past the first few hundred, so that memory stays flat whatever their number."""

    def __init__(self, size: int = 256) -> None:
        self._buf: list[Board] = []
        self._size = size
        self._spool: IO[bytes] | None = None

    def append(self, board: Board) -> None:
        """Keep ``board`` (after those already kept)."""
        self._buf.append(board)
        if len(self._buf) >= self._size:
            import pickle

            if self._spool is None:
                import tempfile

                self._spool = tempfile.SpooledTemporaryFile(1 << 20)  # noqa: SIM115
            pickle.dump(self._buf, self._spool, protocol=pickle.HIGHEST_PROTOCOL)
            self._buf = []

    def __iter__(self) -> Iterator[Board]:
        if self._spool is not None:
            import pickle

            self._spool.seek(0)
            while True:
                try:
                    batch = pickle.load(self._spool)
                except EOFError:
                    break
                yield from batch
        yield from self._buf


def parse_cards(text: str, lang: Language | None = None) -> list[Card]:
    """Cards separated by spaces or commas, in any notation ``lang`` reads (``HK kh 10h``).

    Raises ParseError for a word that is not a card.
    """
    from bridgecli.core.notation import ENGLISH

    lang = lang if lang is not None else ENGLISH
    return [lang.parse_card(tok) for tok in text.replace(",", " ").split()]


def _inline_deal(text: str, lang: Language) -> Deal:
    """A PBN deal string, its ranks read in ``lang`` too (``N:AKDW.10...``)."""
    try:
        return Deal.from_pbn(text)
    except ParseError:
        t = text.strip()
        if len(t) < 2 or t[1] != ":":
            raise
        first = lang.parse_seat(t[0])
        hands = [lang.parse_hand(h) if h != "-" else None for h in t[2:].split()]
        if len(hands) != 4:
            raise
        return Deal.from_pbn(f"{first.letter}:" + " ".join("-" if h is None else h.to_pbn() for h in hands))


def inline_board(deal: str, contract: str | None, *, declarer: str | None = None, number: int | None = None,
                 vul: str | None = None, lang: Language | None = None) -> Board:
    """A board from the texts of ``play --deal ... --contract ... --declarer ...``.

    Args:
        deal: A PBN deal, ``"N:AKQJ.T98.765.432 ..."`` (ranks in ``lang`` too).
        contract: ``"4S"``, ``"3NTX"``, ``"4S by S"``, ``"Pass"``.
        declarer: The declarer's seat when ``contract`` does not name it.
        number: The board number (gives dealer and, unless ``vul``, vulnerability).
        vul: ``"None"``, ``"NS"``, ``"EW"``, ``"All"`` (default: from ``number``, else none).
        lang: The notation of the texts (default English).

    Raises:
        ParseError: for bad notation, or a contract without declarer.
    """
    from bridgecli.core.notation import ENGLISH

    lang = lang if lang is not None else ENGLISH
    the_deal = _inline_deal(deal, lang)
    if contract is None:
        raise ParseError("--deal needs --contract (e.g. --contract 4S --declarer S)")
    the_contract = lang.parse_contract(contract)
    if declarer is not None:
        the_contract = the_contract.with_declarer(lang.parse_seat(declarer))
    if the_contract.declarer is None and not the_contract.is_passout:
        raise ParseError(f"contract {contract!r} needs a declarer (--declarer S or '4S by S')")
    vulnerability = lang.parse_vul(vul) if vul is not None else (None if number is not None else Vulnerability.NONE)
    dealer = dealer_of_board(number) if number is not None else None
    return Board(number=number, dealer=dealer, vulnerability=vulnerability, deal=the_deal, contract=the_contract)


def analyse_play(board: Board, rep: Replay) -> PlayAnalysis:
    """Judge the legal cards of ``rep`` (up to an illegal or unknown card) double-dummy.

    Needs the DDS solver (``bridgecli[dds]``). Raises RuleError when the board's
    deal is not four known hands of equal size, SolverMissingError without DDS.
    """
    from bridgecli.solver.analysis import analyse_played

    contract = rep.contract
    if board.deal is None:
        raise RuleError(f"{board.label}: play analysis needs the deal")
    assert contract.declarer is not None
    return analyse_played(board.deal, contract.strain, contract.declarer, contract.pbn, rep.sequence)


def analysis_json(board: Board, rep: Replay, analysis: PlayAnalysis) -> str:
    """The JSON line of ``play --analyse --json``: the board number, the analysis, ``legal``."""
    return json.dumps({"record": "play", "board": board.number, **analysis.as_json(), "legal": rep.legal},
                      ensure_ascii=False)


def first_board(records: Iterable[Board | BridgeError], numbers: Container[int] | None = None, *,
                source: str | None = None) -> Board | None:
    """The first board among ``numbers`` (any board when none are asked for; a board
    without a number is taken as the one meant), or None.

    Raises the first :class:`BridgeError` among ``records`` before it (located in ``source``).
    """
    for rec in records:
        if isinstance(rec, BridgeError):
            raise rec.located(source=source)
        if not numbers or rec.number in numbers or rec.number is None:
            return rec
    return None


__all__ = [
    "KINDS",
    "BoardSpool",
    "PlayCheck",
    "PlayTally",
    "analyse_play",
    "analysis_json",
    "check_board",
    "check_play",
    "complete_board",
    "first_board",
    "inline_board",
    "is_passed_out",
    "json_line",
    "law64",
    "parse_cards",
    "play_outcome",
    "play_score",
]
