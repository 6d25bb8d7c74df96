"""Scoring every board of a file, as ``bridgecli score FILE`` does: one board at a time.

A board is scored from its Contract, Declarer, Result and Vulnerable tags, or, where
they are missing, from the contract its auction reached and the tricks of its complete
(or claimed) play; a Result the play record cannot lead to is a MismatchError.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, fields
from typing import IO, TYPE_CHECKING, Any, TypeVar

from bridgecli.core import fastpaths
from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError, RuleError
from bridgecli.core.event_adjusted import parse_adjusted
from bridgecli.core.scoring import ScoringRules, find_rules
from bridgecli.formats.traveller import (
    contract_and_tricks,
    ns_from,
    parse_score_tag,
    result_text,
    score_many,
    score_tag,
    unscored_reason,
)

if TYPE_CHECKING:
    from bridgecli.core.cards import Vulnerability
    from bridgecli.core.contract import Contract
    from bridgecli.core.notation import Language

__all__ = ["HEADINGS", "BoardTable", "ScoredBoard", "board_table", "json_line", "score_boards"]

HEADINGS = ("board", "vul", "contract", "declarer", "result", "tricks_header", "ns", "ew")
"""The words (see :meth:`~bridgecli.core.notation.Language.word`) heading the columns of
:func:`board_table`."""


@dataclass(frozen=True, slots=True)
class ScoredBoard:
    """One board of a file with its score, or the reason it has none."""

    board: Board | None
    """The board as read (None when it could not be read: see :attr:`error`)."""
    contract: Contract | None = None
    """The contract with its declarer: the tags', else the one the auction reached."""
    tricks: int | None = None
    """Declarer's tricks: the Result tag, else those of a complete or claimed play."""
    ns: int | None = None
    """The N-S score; None for a board that records no result (a bidding problem)."""
    error: BridgeError | None = None
    """Why the board could not be read or scored (then the fields above are None)."""
    warning: str | None = None
    """A note on the board: a recorded Score that disagrees with the one computed."""

    @property
    def result_text(self) -> str:
        """``=``, ``+1``, ``-2``; an artificial adjusted score the Score tag gives instead of a
        result (``A+``, ``60%``); empty when unknown or passed out (before 0.2.0: ``result``)."""
        if self.ns is None and self.tricks is None and self.board is not None:
            tag = self.board.tags.get("Score")
            if tag and parse_adjusted(tag) is not None:
                return tag
        return result_text(self.contract, self.tricks)

    @property
    def over_under(self) -> int | None:
        """Tricks over (positive) or under (negative) the contract, 0 for made exactly;
        None when the tricks are unknown or the board was passed out."""
        c = self.contract
        if c is None or c.is_passout or self.tricks is None:
            return None
        return self.tricks - c.required_tricks

    @property
    def vulnerability(self) -> Vulnerability | None:
        """The board's vulnerability, or the one its number implies."""
        return None if self.board is None else self.board.effective_vulnerability

    def updated(self) -> Board | None:
        """The board with its score written in: a ``Score`` tag (``NS 620``, ``EW 200``),
        and the Contract, Declarer and Result found from the auction and play. A board
        that could not be scored comes back as read."""
        board = self.board
        if board is None or self.error is not None:
            return board
        c, tricks = self.contract, self.tricks
        changes: dict[str, Any] = {}
        if board.contract != c:
            changes["contract"] = c  # derived from the auction
        if board.result != tricks and c is not None and not c.is_passout:
            changes["result"] = tricks  # derived from the play
        if self.ns is not None:
            tags = dict(board.tags)
            tags["Score"] = score_tag(self.ns)
            changes["tags"] = tags
        return board.replace(**changes) if changes else board

    def as_dict(self) -> dict[str, Any]:
        """The board's record of ``score FILE --json``: record (``"score"``: a report
        line, not a board), board, vulnerable, contract, declarer, result (tricks declarer won), over_under
        (over or under the contract), ns, and ``adjusted`` for an artificial score the Score
        tag gives instead of a result (``A+``, ``60%``) (keys renamed in 0.2.0: ``tricks`` →
        ``result``, the ``=``/``+1``/``-2`` text ``result`` → the number ``over_under``)."""
        c = self.contract
        vul = self.vulnerability
        out = {
            "record": "score",
            "board": None if self.board is None else self.board.number,
            "vulnerable": vul.pbn if vul is not None else None,
            "contract": c.pbn if c is not None else None,
            "declarer": c.declarer.letter if c is not None and c.declarer is not None else None,
            "result": self.tricks,
            "over_under": self.over_under,
            "ns": self.ns,
        }
        if self.ns is None and self.tricks is None and self.result_text:
            out["adjusted"] = self.result_text
        return out

    def to_dict(self) -> dict[str, Any]:
        """The board's ``score FILE --json`` record as a dict (:meth:`as_dict`; the keys of
        docs/KEYS.md)."""
        return self.as_dict()

    def as_json(self) -> dict[str, Any]:
        """:meth:`as_dict` (a dict, as ``AuctionVerdict.to_json()``; until 0.2.0 the JSON
        text, which :func:`json_line` writes)."""
        return self.as_dict()

    def cells(self, lang: Language) -> list[Any]:
        """The board's row of :func:`board_table`, its words in ``lang``."""
        number = None if self.board is None else self.board.number
        return [number if number is not None else "", *_row_of(self, lang).cells]


def json_line(sb: ScoredBoard) -> str:
    """The ``score FILE --json`` line of ``sb``: :meth:`ScoredBoard.as_dict` as a line of
    JSON, as :func:`json.dumps` writes it; the part after the board number is worked out
    once for each contract, vulnerability, tricks and score (see :data:`_JSON_TAILS`)."""
    if not fastpaths.ON:
        import json

        return json.dumps(sb.as_dict())
    c, tricks, ns = sb.contract, sb.tricks, sb.ns
    board = sb.board
    vul = None if board is None else board.effective_vulnerability
    key = (id(c), id(vul), tricks, ns)
    adjusted = ns is None and tricks is None and bool(sb.result_text)  # an artificial score (A+): not shared
    known = None if adjusted else _JSON_TAILS.get(key)
    if known is None:
        import json

        record = sb.as_dict()
        del record["record"], record["board"]
        known = (json.dumps(record)[1:], c, vul)  # '"vulnerable": ..., "ns": ...}'
        if not adjusted:
            _keep(_JSON_TAILS, key, known)
    number = None if board is None else board.number
    if number is None:
        return '{"record": "score", "board": null, ' + known[0]
    if type(number) is int:
        return '{"record": "score", "board": ' + str(number) + ", " + known[0]
    import json

    return '{"record": "score", "board": ' + json.dumps(number) + ", " + known[0]


class _Row:
    """The cells of a row of :func:`board_table` after the board number, the same for every
    board with that contract, vulnerability, tricks and score: worked out once (see
    :func:`_row_of`). ``texts`` are the cells as the ``simple`` table writes them (None when
    one is not a line of ASCII text); ``keep`` holds the objects whose ids key the row."""

    __slots__ = ("cells", "keep", "texts")

    def __init__(self, cells: list[Any], keep: tuple[Any, ...]) -> None:
        self.cells = cells
        self.keep = keep
        texts = tuple(str(c).strip() for c in cells)
        joined = "".join(map(str, cells))
        plain = joined.isascii() and joined.isprintable() and float not in map(type, cells)
        self.texts = texts if plain else None  # tabulate formats a float its own way


#: The rows worked out so far, by the identities of contract, vulnerability and language,
#: the tricks and the score (at most :data:`_ROWS_MAX`; each keeps its objects alive).
_ROWS: dict[tuple[int, int, int | None, int | None, int], _Row] = {}
_ROWS_MAX = 4096

_K = TypeVar("_K")
_V = TypeVar("_V")


def _keep(table: dict[_K, _V], key: _K, value: _V) -> _V:
    """Keep ``value`` under ``key`` in the memo ``table`` (emptied first once it holds
    :data:`_ROWS_MAX` entries); returns ``value``."""
    if len(table) >= _ROWS_MAX:
        table.clear()
    table[key] = value
    return value
#: :meth:`ScoredBoard.as_json`'s text after the board number, by the identities of contract
#: and vulnerability, the tricks and the score (each entry keeps its objects alive).
_JSON_TAILS: dict[tuple[int, int, int | None, int | None], tuple[str, Any, Any]] = {}


def _row_of(scored: ScoredBoard, lang: Language) -> _Row:
    """The row of a scored board after its number, in ``lang`` (from :data:`_ROWS`)."""
    c, tricks, ns = scored.contract, scored.tricks, scored.ns
    board = scored.board
    vul = None if board is None else board.effective_vulnerability
    adjusted = scored.result_text if ns is None and tricks is None else ""  # an artificial score (A+)
    key = (id(c), id(vul), tricks, ns, id(lang))
    row = None if adjusted else _ROWS.get(key)
    if row is None:
        row = _Row([
            "" if vul is None else lang.vul_str(vul),
            "" if c is None else lang.contract_str(c),
            "" if c is None or c.declarer is None else lang.seat_str(c.declarer),
            adjusted or result_text(c, tricks), "" if tricks is None else tricks,
            "" if ns is None else (ns if ns >= 0 else ""), "" if ns is None else (-ns if ns < 0 else ""),
        ], (c, vul, lang))
        if not adjusted:
            _keep(_ROWS, key, row)
    return row


def board_table(rows: Iterable[ScoredBoard | Sequence[Any]], lang: Language | None = None,
                style: str = "simple") -> str:
    """The table ``score FILE`` prints (a tabulate ``style``), headed in ``lang`` (English by
    default). ``rows`` are scored boards (those with an error are left out) or the
    :meth:`ScoredBoard.cells` of each: a caller that prints a long file a part at a time
    keeps the small cells, not the boards."""
    from bridgecli.core.notation import ENGLISH
    from bridgecli.results.tables import table

    lang = lang or ENGLISH
    cells = [row.cells(lang) if isinstance(row, ScoredBoard) else row for row in rows
             if not isinstance(row, ScoredBoard) or (row.error is None and row.board is not None)]
    return table(cells, [lang.word(k) for k in HEADINGS], style, right=_RIGHT)


class BoardTable:
    """The table ``score FILE`` prints (:func:`board_table`), filled a scored board at a time
    and printed a part at a time: it keeps each row small (the board number and a row
    shared by every board with the same contract, vulnerability, tricks and score), and
    writes the ``simple`` style from those shared rows, each formatted once a part."""

    def __init__(self, lang: Language | None = None, style: str = "simple") -> None:
        from bridgecli.core.notation import ENGLISH

        self.lang = lang or ENGLISH
        self.style = style
        self._numbers: list[int | str] = []
        self._rows: list[_Row] = []

    def __len__(self) -> int:
        return len(self._numbers)

    def add(self, scored: ScoredBoard) -> None:
        """Add the row of ``scored`` (a board with an error or not read has none)."""
        board = scored.board
        if board is None or scored.error is not None:
            return
        number = board.number
        self._numbers.append(number if number is not None else "")
        # (_row_of, its memo looked up here: a call less a board)
        c, lang = scored.contract, self.lang
        row = _ROWS.get((id(c), id(board.effective_vulnerability), scored.tricks, scored.ns, id(lang)))
        self._rows.append(row if row is not None else _row_of(scored, lang))

    def text(self) -> str:
        """The table of the rows added since the last :meth:`clear` (headings only when none),
        byte for byte what :func:`board_table` gives for the same boards."""
        from bridgecli.results.tables import table

        headers = [self.lang.word(k) for k in HEADINGS]
        if self.style == "simple" and self._numbers and fastpaths.ON:
            text = self._simple(headers)
            if text is not None:
                return text
        return table([[n, *r.cells] for n, r in zip(self._numbers, self._rows)], headers, self.style,
                     right=_RIGHT)

    def clear(self) -> None:
        """Forget the rows added so far."""
        self._numbers.clear()
        self._rows.clear()

    def _simple(self, headers: list[str]) -> str | None:
        """The ``simple`` table, as :func:`bridgecli.results.tables.table` writes it, or None
        when a cell or heading is not one line of ASCII text."""
        from bridgecli.results.tables import MIN_PADDING, simple_frame

        if not all(h.isascii() and h.isprintable() for h in headers):
            return None
        shared = list(dict.fromkeys(self._rows))  # each distinct row once
        if any(r.texts is None for r in shared):
            return None
        if float in map(type, self._numbers):
            return None
        numbers = list(map(str, self._numbers))
        widths = [max(len(headers[0]) + MIN_PADDING, max(map(len, numbers)))]
        for k, head in enumerate(headers[1:]):
            widths.append(max(len(head) + MIN_PADDING, max(len(r.texts[k]) for r in shared)))  # type: ignore[index]
        line, out = simple_frame(headers, widths, _RIGHT)
        # each distinct row's cells after the number, justified once
        w0 = widths[0]
        tails = {r: line("", *r.texts)[w0:] for r in shared}  # type: ignore[misc]
        out.extend((n.rjust(w0) + tails[r]).rstrip() for n, r in zip(numbers, self._rows))
        return "\n".join(out)


_RIGHT = (0, 5, 6, 7)  # the columns of numbers: board, tricks, N-S and E-W scores


def _recorded_ns(text: str) -> int | None:
    """The N-S score of a recorded ``Score`` tag (``NS -100`` is ``EW 100``), None if unreadable."""
    try:
        return parse_score_tag(text)
    except BridgeError:
        return None


class _Rules:
    """The scheme of each board: the one given, else OldMP where the board's ``Scoring``
    tag names it, else duplicate."""

    def __init__(self, scoring: str | ScoringRules | None) -> None:
        self.fixed = find_rules(scoring) if isinstance(scoring, str) else scoring
        self.default = find_rules("duplicate")
        self.by_tag: dict[str, ScoringRules] = {}  # the scheme of each Scoring tag seen

    def __call__(self, board: Board) -> ScoringRules:
        if self.fixed is not None:
            return self.fixed
        tag = board.tags.get("Scoring")
        if not tag:
            return self.default
        rules = self.by_tag.get(tag)
        if rules is None:
            oldmp = "oldmp" in [t.strip().lower() for t in tag.split(";")]
            rules = find_rules("oldmp") if oldmp else self.default
            if len(self.by_tag) < 256:
                self.by_tag[tag] = rules
        return rules


def score_board(board: Board, rules: ScoringRules, source: str | None = None) -> ScoredBoard:
    """One board scored under ``rules``.

    Raises RuleError for a board that records a result it cannot be scored from (no
    declarer, no contract), IllegalCallError when an illegal auction is needed to find
    the contract, MismatchError for a Result the play cannot lead to: each located at
    ``source`` and the board.
    """
    try:
        c, tricks = contract_and_tricks(board)
    except BridgeError as exc:
        exc.located(source=source, board=None if board.number is None else str(board.number))
        raise
    return _scored(board, rules, source, c, tricks)


def _scored(board: Board, rules: ScoringRules, source: str | None, c: Contract | None,
            tricks: int | None) -> ScoredBoard:
    """:func:`score_board` of a board whose :func:`contract_and_tricks` are known."""
    try:
        ns = ns_from(board, c, tricks, rules)
        reason = unscored_reason(c, tricks) if ns is None else None
        if reason is not None:
            raise RuleError(reason)
    except BridgeError as exc:
        exc.located(source=source, board=None if board.number is None else str(board.number))
        raise
    warning = None
    if ns is not None:
        old = board.tags.get("Score")
        if old:
            new = _SCORE_TAGS.get(ns) or _score_tag(ns)
            if old != new:  # (``NS -100`` says ``EW 100`` another way)
                seen = _RECORDED.get(old) or _recorded(old)
                if seen[0] and seen[1] != ns:
                    warning = f"{board.label}: Score was {old!r}, now {new!r}"
    return _scored_board(board, c, tricks, ns, warning)


#: :func:`~bridgecli.formats.traveller.score_tag` of the scores met so far (at most 4,096).
_SCORE_TAGS: dict[int, str] = {}
#: :func:`_recorded` of the Score values met so far (at most 4,096).
_RECORDED: dict[str, tuple[bool, int | None]] = {}


def _recorded(text: str) -> tuple[bool, int | None]:
    """Whether a recorded ``Score`` value is two words (a side and a number), and the N-S
    score it stands for (None if unreadable); kept in :data:`_RECORDED`."""
    return _keep(_RECORDED, text, (len(text.split()) == 2, _recorded_ns(text)))


def _score_tag(ns: int) -> str:
    """:func:`~bridgecli.formats.traveller.score_tag`, kept in :data:`_SCORE_TAGS`."""
    return _keep(_SCORE_TAGS, ns, score_tag(ns))


_NEW = object.__new__
_SET_BOARD, _SET_CONTRACT, _SET_TRICKS, _SET_NS, _SET_ERROR, _SET_WARNING = (
    ScoredBoard.__dict__[name].__set__ for name in ("board", "contract", "tricks", "ns", "error", "warning"))
if tuple(f.name for f in fields(ScoredBoard)) != (
        "board", "contract", "tricks", "ns", "error", "warning"):
    raise ImportError("bridgecli.results.boards._scored_board does not know every field of ScoredBoard")


def _scored_board(board: Board, contract: Contract | None, tricks: int | None, ns: int | None,
                  warning: str | None) -> ScoredBoard:
    """``ScoredBoard(board, contract, tricks, ns, None, warning)`` at a third of the cost: the
    slots set one by one (a frozen dataclass's ``__init__`` goes through ``object.__setattr__``
    for each field; ScoredBoard checks nothing on the way)."""
    scored: ScoredBoard = _NEW(ScoredBoard)
    _SET_BOARD(scored, board)
    _SET_CONTRACT(scored, contract)
    _SET_TRICKS(scored, tricks)
    _SET_NS(scored, ns)
    _SET_ERROR(scored, None)
    _SET_WARNING(scored, warning)
    return scored


def score_boards(boards: Iterable[Board | BridgeError] | str | os.PathLike[str] | IO[str], *,
                 scoring: str | ScoringRules | None = None, keep_going: bool = False,
                 source: str | None = None, batched: bool = True) -> Iterator[ScoredBoard]:
    """Score every board, one at a time, as ``bridgecli score FILE`` does.

    ``boards`` is an iterable of boards (a reader's errors may stand among them, as
    :func:`bridgecli.formats.iter_records` yields them), or a path, text or open file
    read with :func:`bridgecli.read`. ``scoring`` names the scheme (or is one); by
    default it is duplicate, or OldMP for a board whose ``Scoring`` tag says so.
    ``source`` names the input in error messages. ``batched`` (the default) reads up to
    1,024 boards ahead and replays them together (faster); False answers each board as soon
    as it is read (boards that come slowly, from a pipe).

    Returns an iterator of :class:`ScoredBoard`. Raises the first board's error
    (ParseError for a board that cannot be read; RuleError, IllegalCallError or
    MismatchError for one that cannot be scored, see :func:`score_board`); with
    ``keep_going`` such a board is yielded with its :attr:`~ScoredBoard.error` instead.
    """
    if isinstance(boards, (str, os.PathLike)) or hasattr(boards, "read"):
        from bridgecli.formats.boards import read

        if source is None and (isinstance(boards, os.PathLike) or (isinstance(boards, str) and os.path.isfile(boards))):
            source = os.fspath(boards)  # a path names the file in messages
        return _score(read(boards), _Rules(scoring), keep_going, source, batched)  # type: ignore[arg-type]
    return _score(boards, _Rules(scoring), keep_going, source, batched)


def _score(boards: Iterable[Board | BridgeError], rules: _Rules, keep_going: bool,
           source: str | None, batched: bool = True) -> Iterator[ScoredBoard]:
    from bridgecli.core.play.batch import worked_ahead

    # many boards of a file are replayed at once (their contract and tricks found by
    # score_many), the rest one by one
    fixed, scheme = rules.fixed, rules.__call__
    for item, found in worked_ahead(boards, score_many, batched):
        if isinstance(item, BridgeError):
            if not keep_going:
                raise item
            yield ScoredBoard(None, error=item)
            continue
        try:
            scored = (score_board(item, fixed if fixed is not None else scheme(item), source) if found is None
                      else _scored(item, fixed if fixed is not None else scheme(item), source, found[0], found[1]))
        except BridgeError as exc:
            if not keep_going:
                raise
            scored = ScoredBoard(item, error=exc)
        yield scored
