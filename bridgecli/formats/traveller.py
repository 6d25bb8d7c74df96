"""Travellers: the results of an event, one line a table result, from CSV, YAML or boards.

CSV (first line a header; column names are case-insensitive, and spaces,
``_`` and ``-`` in them are ignored):

=========  ========  ==========================================================
column     needed    value
=========  ========  ==========================================================
board      yes       board number (or any label)
ns         yes       the N-S pair (number or names); also ``pairns``, ``nspair``
ew         yes       the E-W pair; also ``pairew``, ``ewpair``
contract   yes [1]_  ``4S``, ``4SX``, ``3NTXX``, ``pass``; may carry the declarer
                     and the result (``4SXN-1``)
declarer   yes [2]_  ``N``, ``E``, ``S`` or ``W``
result     yes [2]_  ``=``, ``+1``, ``-2``, or tricks taken ``10``
lead       no        the opening lead, kept as written
room       no        ``open`` or ``closed`` (a team match)
vul        no        ``None``, ``NS``, ``EW``, ``All``; default: from the board number
score      no [1]_   the N-S score; checked against the contract when both are given
=========  ========  ==========================================================

.. [1] a row needs a contract or a score.
.. [2] unless the contract carries it, or the board was passed out.

YAML: a list of mappings with the same keys (or a mapping whose ``results``
key holds that list). Boards read by a format module (PBN, JSON ...) become
results through :func:`results_from_boards`: pairs from the ``PairNS`` /
``PairEW`` tags, else the players' names, else the ``Table`` tag; the room
from the ``Room`` tag.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from bridgecli.core.board import Board
from bridgecli.core.cards import Seat, Vulnerability
from bridgecli.core.contract import Contract
from bridgecli.core.errors import BridgeError, MismatchError, ParseError, RuleError
from bridgecli.core.event_adjusted import parse_adjusted, parse_assigned
from bridgecli.core.events import TableResult
from bridgecli.core.kernel import OPENING_LEADER
from bridgecli.core.notation import ENGLISH, Language
from bridgecli.core.numbers import is_digits, small_int
from bridgecli.core.scoring import DUPLICATE, ScoringRules, parse_result, score

if TYPE_CHECKING:
    from bridgecli.core.play import Replay

__all__ = [
    "COLUMNS",
    "board_ns_score",
    "contract_and_tricks",
    "is_traveller_yaml",
    "iter_csv",
    "iter_results_from_boards",
    "loads_csv",
    "loads_yaml",
    "ns_from",
    "ns_score",
    "parse_score_tag",
    "read_csv",
    "result_text",
    "results_from_boards",
    "results_from_rows",
    "score_tag",
    "unscored_reason",
    "yaml_traveller",
]

#: Canonical column -> accepted header spellings (normalised: lower case, no space, ``_`` or ``-``).
COLUMNS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "board": ("board", "bd", "boardno", "boardnumber"),
    "ns": ("ns", "pairns", "nspair"),
    "ew": ("ew", "pairew", "ewpair"),
    "contract": ("contract", "con"),
    "declarer": ("declarer", "decl", "by"),
    "result": ("result", "res", "tricks"),
    "lead": ("lead", "openinglead"),
    "room": ("room",),
    "vul": ("vul", "vulnerable", "vulnerability"),
    "score": ("score", "nsscore", "scorens"),
    "round": ("round", "rnd"),
    "table": ("table", "tableno", "tbl"),
    "section": ("section", "sect", "sec"),
})
_ALIASES = MappingProxyType({alias: name for name, aliases in COLUMNS.items() for alias in aliases})


def _norm(header: str) -> str:
    return "".join(ch for ch in header.strip().lower() if ch not in " _-")


def ns_score(contract: Contract, tricks: int, vul: Vulnerability, rules: ScoringRules = DUPLICATE) -> int:
    """The N-S score of ``contract`` (which must name its declarer unless passed out)."""
    if contract.is_passout:
        return 0
    if contract.declarer is None:
        raise ParseError(f"contract {contract.pbn!r} has no declarer")
    s = score(contract, tricks, vul.is_vul(contract.declarer), rules)
    return s if contract.declarer in (Seat.NORTH, Seat.SOUTH) else -s


def score_tag(ns: int) -> str:
    """The PBN ``Score`` value of an N-S score: ``NS 620`` or ``EW 200``."""
    return f"NS {ns}" if ns >= 0 else f"EW {-ns}"


def parse_score_tag(text: str, declarer: Seat | None = None) -> int:
    """The N-S score of a PBN ``Score`` value (``NS 620``, ``EW -50``, ``NS 620 EW -620``,
    or a bare number for the declarer's side). Raises ParseError.
    """
    words = text.replace("+", "").split()
    try:
        if len(words) in (2, 4) and words[0].upper() in ("NS", "EW"):
            n = int(words[1])
            return n if words[0].upper() == "NS" else -n
        if len(words) == 1 and declarer is not None:
            n = int(words[0])
            return n if declarer in (Seat.NORTH, Seat.SOUTH) else -n
    except ValueError:
        pass
    raise ParseError(f"not a score: {text!r}")


def _cell(row: Mapping[str, Any], name: str) -> str:
    value = row.get(name)
    return "" if value is None else str(value).strip()


def _result_from_row(row: Mapping[str, Any], line: int | None, source: str | None, lang: Language,
                     rules: ScoringRules) -> TableResult:
    try:
        board = _cell(row, "board")
        if not board:
            raise ParseError("no board number")
        ns, ew = _cell(row, "ns"), _cell(row, "ew")
        if not ns or not ew:
            raise ParseError("a result needs both pairs (ns and ew columns)")
        text = _cell(row, "contract")
        given = _cell(row, "score")
        contract: Contract | None = None
        tricks: int | None = None
        # an artificial adjusted score (Law 12C2) in the score column, or alone in the contract one
        adjusted = parse_adjusted(given) if given else None
        if adjusted is None and text and not _cell(row, "result"):
            adjusted = parse_adjusted(text)
            if adjusted is not None:
                text = ""
        if adjusted is not None:
            if text and text != "-":
                # the contract played before the director adjusted: kept, not scored
                words = [text] + ([_cell(row, "result")] if _cell(row, "result") else [])
                contract, tricks = parse_result(words, lang.parse_contract)
                decl = _cell(row, "declarer")
                if decl and decl != "-":
                    contract = contract.with_declarer(lang.parse_seat(decl))
            return TableResult(board, ns, ew, 0, contract, tricks, _cell(row, "room") or None,
                               _cell(row, "lead") or None, line, adjusted)
        if given and not text or given and parse_assigned(given) is not None:
            assigned = parse_assigned(given, lambda what: _contract_score(what, row, board, lang, rules))
            if assigned is not None:
                if text and text != "-":  # the contract played before the director assigned: kept
                    words = [text] + ([_cell(row, "result")] if _cell(row, "result") else [])
                    contract, tricks = parse_result(words, lang.parse_contract)
                return TableResult(board, ns, ew, round(assigned.mean_ns), contract, tricks,
                                   _cell(row, "room") or None, _cell(row, "lead") or None, line, None, assigned)
        if text:
            words = [text]
            res = _cell(row, "result")
            if res:
                words.append(res)
            contract, tricks = parse_result(words, lang.parse_contract)
            decl = _cell(row, "declarer")
            if decl:
                seat = lang.parse_seat(decl)
                if contract.declarer is not None and contract.declarer != seat:
                    raise ParseError(f"declarer {decl!r} but the contract says {contract.declarer.letter!r}")
                contract = contract.with_declarer(seat)
            if not contract.is_passout and contract.declarer is None:
                raise ParseError(f"contract {text!r} has no declarer")
            if not contract.is_passout and not res and not _has_result(text):
                raise ParseError(f"contract {text!r} has no result (add a result column)")
            vul_text = _cell(row, "vul")
            vul = lang.parse_vul(vul_text) if vul_text else (
                Vulnerability.from_board(int(board)) if is_digits(board) and 0 < len(board) <= 18 and int(board) > 0
                else Vulnerability.NONE)
            value = ns_score(contract, tricks, vul, rules)
            if given:
                stated = _int(given, "score")
                if stated != value:
                    raise MismatchError(f"score {stated} but {contract.pbn} by {contract.declarer} "
                                        f"taking {tricks} scores {value} for n-s")
        elif given:
            value = _int(given, "score")
        else:
            raise ParseError("a result needs a contract or a score")
        return TableResult(board, ns, ew, value, contract, tricks, _cell(row, "room") or None,
                           _cell(row, "lead") or None, line)
    except BridgeError as exc:
        raise exc.located(source=source, line=line)


def _contract_score(text: str, row: Mapping[str, Any], board: str, lang: Language, rules: ScoringRules) -> int:
    """The N-S score of one outcome of an assigned score (``4S=``, ``4SX-1``, ``4SN-1``): by
    the row's declarer unless the contract names one, vulnerable as the row's board."""
    contract, tricks = parse_result([text], lang.parse_contract)
    decl = _cell(row, "declarer")
    if contract.declarer is None and decl and decl != "-":
        contract = contract.with_declarer(lang.parse_seat(decl))
    if not contract.is_passout and (contract.declarer is None or tricks is None):
        raise ParseError(f"an assigned score's contract needs a declarer and a result, not {text!r}")
    vul_text = _cell(row, "vul")
    vul = lang.parse_vul(vul_text) if vul_text else (
        Vulnerability.from_board(int(board)) if is_digits(board) and 0 < len(board) <= 18 and int(board) > 0
        else Vulnerability.NONE)
    return ns_score(contract, tricks, vul, rules)


def _has_result(text: str) -> bool:
    t = text.rstrip()
    if t.endswith("="):
        return True
    digits = len(t) - len(t.rstrip("0123456789"))
    return 0 < digits < len(t) and t[-digits - 1] in "+-"


def _int(text: str, what: str) -> int:
    n = small_int(text)
    if n is None:
        raise ParseError(f"{what} must be a whole number, not {text!r}")
    return n


def results_from_rows(rows: Iterable[tuple[int | None, Mapping[str, Any]]], source: str | None = None,
                      lang: Language = ENGLISH, rules: ScoringRules = DUPLICATE) -> list[TableResult]:
    """Results from ``(line, mapping)`` rows whose keys are column names or their aliases.

    Raises ParseError (bad notation, unknown column) or RuleError (a score that
    disagrees with its contract), located at the row's line.
    """
    return [_row_result(line, raw, source, lang, rules) for line, raw in rows]


def _row_result(line: int | None, raw: Mapping[str, Any], source: str | None, lang: Language,
                rules: ScoringRules) -> TableResult:
    row: dict[str, Any] = {}
    for key, value in raw.items():
        name = _ALIASES.get(_norm(str(key)))
        if name is None:
            raise ParseError(f"unknown column {str(key)!r} (known: {', '.join(COLUMNS)})", source=source, line=line)
        row[name] = value
    return _seated(row, _result_from_row(row, line, source, lang, rules))


def _seated(row: Mapping[str, Any], result: TableResult) -> TableResult:
    """``result`` with the round, table and section of ``row`` (where it was played: the
    round and table kept for the movement, the section to score it in)."""
    rnd, table, section = _cell(row, "round"), _cell(row, "table"), _cell(row, "section")
    if not (rnd or table or section):
        return result
    return replace(result, round=rnd or None, table=table or None, section=section or None)


def loads_csv(text: str, source: str | None = None, lang: Language = ENGLISH,
              rules: ScoringRules = DUPLICATE) -> list[TableResult]:
    """Results of a CSV traveller (see the module docstring). Raises ParseError/RuleError."""
    return read_csv((text,), source, lang, rules)


def read_csv(chunks: Iterable[str], source: str | None = None, lang: Language = ENGLISH,
             rules: ScoringRules = DUPLICATE) -> list[TableResult]:
    """Results of a CSV traveller given as text pieces (``chunks``), read a row at a time:
    only the results are kept. Raises what :func:`loads_csv` raises: a malformed row
    (a CSV error, more fields than the header) wherever it is, else the first row
    that is no result."""
    return list(iter_csv(chunks, source, lang, rules))


def iter_csv(chunks: Iterable[str], source: str | None = None, lang: Language = ENGLISH,
             rules: ScoringRules = DUPLICATE) -> Iterator[TableResult]:
    """The results of a CSV traveller as :func:`read_csv` reads them, each as soon as its
    row is read. An error comes at the end, once every row is read (as :func:`read_csv`
    raises it); no result is given after the first row that is none."""
    import csv

    reader = csv.reader(_csv_lines(chunks))
    header: list[str] | None = None
    columns: dict[str, str] = {}
    bad: BridgeError | None = None  # the first row that is no result: raised once every row is read
    while True:
        try:
            fields = next(reader, None)
        except csv.Error as exc:
            raise ParseError(f"csv error: {exc}", source=source, line=max(reader.line_num, 1)) from None
        if fields is None:
            break
        line = reader.line_num
        if not any(f.strip() for f in fields) or fields[0].lstrip().startswith("#"):
            continue
        if header is None:
            header = fields
            # each known heading's column, worked out once
            columns = {h: name for h in header if (name := _ALIASES.get(_norm(h))) is not None}
            continue
        if len(fields) > len(header):
            raise ParseError(f"{len(fields)} fields but the header has {len(header)}", source=source, line=line)
        if bad is None:
            try:
                raw = dict(zip(header, fields))
                if all(k in columns for k in raw):
                    row = {columns[k]: v for k, v in raw.items()}
                    result = _seated(row, _result_from_row(row, line, source, lang, rules))
                else:  # an unknown column: its error
                    result = _row_result(line, raw, source, lang, rules)
            except BridgeError as exc:
                bad = exc
                continue
            yield result
    if header is None:
        raise ParseError("empty traveller: no header line", source=source, line=1)
    if bad is not None:
        raise bad


def _csv_lines(chunks: Iterable[str]) -> Iterator[str]:
    """The lines of text pieces, each with its "\\n", as a text file opened with universal
    newlines gives them: ``\\r\\n`` and a lone ``\\r`` end a line too."""
    carry = ""
    cr = False  # the last piece ended in "\\r": a "\\n" starting the next one belongs to it
    for chunk in chunks:
        if not chunk:
            continue
        if cr and chunk.startswith("\n"):
            chunk = chunk[1:]
        cr = chunk.endswith("\r")
        if "\r" in chunk:
            chunk = chunk.replace("\r\n", "\n").replace("\r", "\n")
        lines = (carry + chunk).split("\n")
        carry = lines.pop()
        for one in lines:
            yield one + "\n"
    if carry:
        yield carry


def loads_yaml(text: str, source: str | None = None, lang: Language = ENGLISH,
               rules: ScoringRules = DUPLICATE) -> list[TableResult]:
    """Results of a YAML traveller: a list of mappings, or ``results:`` holding one."""
    from bridgecli.formats.yaml_events import ItemReader

    reader = ItemReader((text,), source, "results")
    try:
        if reader.start() is None:
            raise ParseError("a YAML traveller is a list of results (mappings)", source=source, line=1)
        return list(_yaml_results(reader.items(), source, lang, rules))
    finally:
        reader.close()


def names_a_pair(row: object) -> bool:
    """Whether ``row`` is a mapping with an ``ns`` or ``ew`` column (or an alias of one)."""
    return isinstance(row, Mapping) and any(_ALIASES.get(_norm(str(k))) in ("ns", "ew") for k in row)


def is_traveller_yaml(text: str) -> bool:
    """True when YAML ``text`` is a traveller (a ``results:`` list, or a list of mappings
    with ``ns``/``ew`` columns) rather than boards, told from its start as
    :func:`yaml_traveller` tells it. False for text that is not YAML there."""
    results, _ = yaml_traveller((text,))
    return results is not None


def yaml_traveller(chunks: Iterable[str], source: str | None = None, lang: Language = ENGLISH,
                   rules: ScoringRules = DUPLICATE) -> tuple[Iterator[TableResult] | None, Iterator[str]]:
    """The results of a YAML text given in pieces when it is a traveller, told from its start:
    its first document is a mapping whose ``results`` key (not after a ``boards`` key) holds
    a list, or a list whose first item is a mapping with an ``ns`` or ``ew`` column. Then
    the results are read a row at a time (what is wrong further on, a syntax error, a second
    document, is the traveller's error) and the second value is empty. Else (boards, or
    YAML that goes wrong before it tells) None, and ``chunks`` again from the start.
    """
    from bridgecli.formats.yaml_events import ItemReader

    reader = ItemReader(chunks, source, "results")
    try:
        shape = reader.start()
        rows = reader.items()
        if shape == "list":
            first = next(rows, None)
            if first is None or not names_a_pair(first[1]):
                shape = None
            else:
                rows = itertools.chain((first,), rows)
    except ParseError:
        shape = None
    if shape is None:
        reader.close()
        return None, reader.again()
    reader.forget()
    return _closing(_yaml_results(rows, source, lang, rules), reader), iter(())


def _closing(results: Iterator[TableResult], reader: Any) -> Iterator[TableResult]:
    try:
        yield from results
    finally:
        reader.close()


def _yaml_results(rows: Iterable[tuple[int, object]], source: str | None, lang: Language,
                  rules: ScoringRules) -> Iterator[TableResult]:
    """The results of a YAML traveller's rows, each as soon as it is read; as for a whole
    text read first, an item that is no mapping (or a YAML error) is raised at once, the
    first row that is no result once every row is read."""
    bad: BridgeError | None = None
    for _line, row in rows:
        if not isinstance(row, Mapping):
            raise ParseError("a YAML traveller is a list of results (mappings)", source=source, line=1)
        if bad is None:
            try:
                result = _row_result(None, row, source, lang, rules)
            except BridgeError as exc:
                bad = exc
                continue
            yield result
    if bad is not None:
        raise bad


def _pair(board: Board, side: str) -> str:
    tag = board.tag("Pair" + side)
    if tag:
        return tag
    a, b = (board.tag("North"), board.tag("South")) if side == "NS" else (board.tag("East"), board.tag("West"))
    if a or b:
        return " & ".join(x for x in (a, b) if x)
    table = board.tag("Table")
    if table:
        return f"table {table} {side}"
    raise ParseError(f"no {side} pair: give PairNS/PairEW, player names or a Table tag",
                     board=None if board.number is None else str(board.number))


def contract_and_tricks(board: Board, replayed: Replay | None = None) -> tuple[Contract | None, int | None]:
    """The board's contract (with declarer) and declarer's tricks: the Contract, Declarer
    and Result tags, else the contract its auction reached and the tricks of a complete (or
    claimed) legal play record. Either may be None when nothing gives it. Raises
    IllegalCallError when an illegal auction is needed to find the contract, and
    MismatchError when the Result cannot follow from the play record (fewer tricks than
    declarer has already won in it, or more than declarer can still reach; never for a
    ``^9`` Result, tricks agreed rather than played).

    ``replayed`` is the board's :class:`~bridgecli.core.play.Replay` when it was already
    made from its ints (replayed in a batch), its contract the board's.
    """
    contract: Contract | None
    if replayed is not None:
        contract, tricks = replayed.contract, board.result
    else:
        contract, tricks = board.contract, board.result
        if (contract is None or (contract.declarer is None and not contract.is_passout)) and board.auction:
            from bridgecli.core.play import contract_of

            contract = contract_of(board)
    if contract is not None and not contract.is_passout and contract.declarer is not None:
        play_ints, replay_indices, replay_board = _replays()
        replay = replayed
        if replay is None and type(board) is not Board:
            # read from PBN, its deal and regular play still the text read: replayed from ints
            ints = play_ints(board)
            replay = replay_indices(board, contract, *ints) if ints is not None else None
        if replay is None:
            if not board.play or board.deal is None:
                return contract, tricks
            try:
                replay = replay_board(board, contract)
            except BridgeError:
                return contract, tricks
        if tricks is None:
            if replay.legal and replay.complete:
                tricks = replay.declarer_tricks
        elif replay.error is None and board.tags.get("Result", "")[:1] != "^":
            _check_result(replay, tricks)  # (a "^9" Result is tricks agreed, not as played: never a mismatch)
    return contract, tricks


def score_many(boards: Sequence[object]) -> list[tuple[Contract, int | None] | None] | None:
    """:func:`contract_and_tricks` of each of ``boards`` read from PBN whose play record is
    regular (whole tricks, from the opening leader; :func:`~bridgecli.core.play.batch.replay_packed`
    replays them together), without making a Replay; None for any other board (one of
    another kind, without a Contract and Declarer, a record that is not regular, a Result
    off the play), or for every one (None) when fewer than
    :data:`~bridgecli.core.play.batch.FEW` can be replayed so: the caller then works
    such a board the full way (:func:`contract_and_tricks`), which says what is wrong.
    Never raises.

    Declarer has won ``in_play`` of the tricks played. No Result: declarer's tricks are
    those won when all 13 were played, else unknown. A Result stands when declarer can
    reach it from there (the test of :func:`_check_result`; with 13 tricks played, or a
    claim the Result must match, it is the tricks won).
    """
    from bridgecli.core.play.batch import FEW, ROWS, replay_packed
    from bridgecli.formats.pbn import play_texts_many, rows_indices

    at: list[int] = []  # the records replayed: where each is in ``boards``
    contracts: list[Contract] = []
    hands: list[tuple[int, int, int, int]] = []
    texts: list[str] = []
    leaders: list[int] = []
    trumps: list[int] = []
    for k, (board, got) in enumerate(zip(boards, play_texts_many(boards))):
        if got is None:
            continue
        c: Contract | None = board.contract  # type: ignore[attr-defined]
        # (contract_of's contract: the tags', when they give a declarer)
        if c is None or not c.level or c.declarer is None:
            continue
        text = got[1]
        if len(text) % 12 or len(text) > 12 * ROWS:  # (12 characters a row of four cards)
            continue
        first = OPENING_LEADER[c.declarer]  # the record's first column
        leader = board.play_leader  # type: ignore[attr-defined]
        if leader is not None and leader != first:
            continue
        at.append(k)
        contracts.append(c)
        hands.append(got[0])
        texts.append(text)
        leaders.append(first)
        trumps.append(int(c.strain) if c.strain < 4 else 4)
    if len(at) < FEW:
        return None
    flat = rows_indices("".join(texts))
    if flat is None:  # (never for rows the reader kept, _CANON_PLAY: then every board goes the full way)
        return None
    bad, rows, ew = replay_packed(hands, flat, [len(t) // 3 for t in texts], leaders, trumps)
    out: list[tuple[Contract, int | None] | None] = [None] * len(boards)
    for k, c, b, played, e in zip(at, contracts, bad, rows, ew):
        if b:
            continue
        in_play = e if c.declarer & 1 else played - e  # type: ignore[operator]  # (E-W's seats are odd)
        result = boards[k].result  # type: ignore[attr-defined]
        if result is None:
            out[k] = (c, in_play if played == 13 else None)
        elif in_play <= result <= in_play + 13 - played or boards[k].tags.get("Result", "")[:1] == "^":  # type: ignore[attr-defined]
            out[k] = (c, result)  # (a "^9" Result: tricks agreed, not as played)
    return out


@functools.cache
def _replays() -> tuple[Callable[..., Any], Callable[..., Any], Callable[..., Any]]:
    """The int lane's :func:`~bridgecli.formats.pbn.play_ints` and
    :func:`~bridgecli.core.play.replay_indices`, and :func:`~bridgecli.core.play.replay_board`,
    imported on first use (``score --event`` on a CSV traveller needs none of them) and
    then kept: a ``from ... import`` in :func:`contract_and_tricks` costs 2-3 µs a board
    here (Python 3.11 raises and drops an AttributeError for a module's ``__path__``)."""
    from bridgecli.core.play import replay_board, replay_indices
    from bridgecli.formats.pbn import play_ints

    return play_ints, replay_indices, replay_board


def _check_result(replay: Any, result: int) -> None:
    """Raise MismatchError when ``result`` cannot follow from a legal (partial) play record."""
    if replay.mismatch:
        raise MismatchError(replay.mismatch)
    declarer = replay.contract.declarer
    won = replay.tricks_won[0 if declarer in (Seat.NORTH, Seat.SOUTH) else 1]
    left = 13 - sum(replay.tricks_won)
    if not won <= result <= won + left:
        raise MismatchError(f"result {result} cannot follow from the play: declarer has already won {won}"
                            f" tricks with {left} to play")


def unscored_reason(contract: Contract | None, tricks: int | None) -> str | None:
    """Why a board that records a result cannot be scored (when no Score tag gives its score):
    a contract and result without declarer, or a result without contract. None when the board
    can be scored or records no result (a hand record, a bidding problem, a play in progress).
    """
    if tricks is None or (contract is not None and contract.is_passout):
        return None
    if contract is None:
        return f"result {tricks} but no contract"
    if contract.declarer is None:
        return f"cannot score {contract.pbn} with result {tricks}: no declarer (a Declarer tag, or the auction)"
    return None


def board_ns_score(board: Board, rules: ScoringRules = DUPLICATE) -> int | None:
    """The N-S score of a board from its contract and result (derived from the auction and
    play when the tags lack them, see :func:`contract_and_tricks`), else its ``Score`` tag,
    else None.
    """
    c, tricks = contract_and_tricks(board)
    return ns_from(board, c, tricks, rules)


#: A cache of :func:`ns_from`'s scores, by the identities of contract, vulnerability and
#: scheme and the tricks: a file of boards has few distinct ones, and the reader gives the
#: same Contract object for the same tags. Keyed by id(), not by the values: hashing a
#: Contract and a ScoringRules field by field costs more a board than the score it saves.
#: Each entry keeps its contract, vulnerability and scheme alive, so that their ids are not
#: reused while it stands. At most :data:`_NS_SCORES_MAX` entries (cleared when full).
_NS_SCORES: dict[tuple[int, int, int | None, int], tuple[int, Contract, Vulnerability, ScoringRules]] = {}
_NS_SCORES_MAX = 4096


def ns_from(board: Board, contract: Contract | None, tricks: int | None,
            rules: ScoringRules = DUPLICATE) -> int | None:
    """:func:`board_ns_score` of a board whose :func:`contract_and_tricks` are known."""
    c = contract
    if c is not None and (c.is_passout or (tricks is not None and c.declarer is not None)):
        vul = board.effective_vulnerability or Vulnerability.NONE
        key = (id(c), id(vul), tricks, id(rules))
        known = _NS_SCORES.get(key)
        if known is not None:
            return known[0]
        ns = ns_score(c, 0 if c.is_passout else tricks or 0, vul, rules)
        if len(_NS_SCORES) >= _NS_SCORES_MAX:
            _NS_SCORES.clear()
        _NS_SCORES[key] = (ns, c, vul, rules)
        return ns
    tag = board.tags.get("Score")
    if tag:
        if tricks is None and parse_adjusted(tag) is not None:
            return None  # an artificial adjusted score (A+, 60%): no points (see iter_results_from_boards)
        return parse_score_tag(tag, c.declarer if c is not None else None)
    return None


#: ScoreTable column (PBN 5.9, as Ruter, Magic Contest and others write it) -> traveller column.
_SCORE_TABLE_COLUMNS = MappingProxyType({"pairid_ns": "ns", "pairid_ew": "ew", "contract": "contract", "declarer": "declarer",
                        "result": "result", "lead": "lead", "room": "room", "round": "round", "table": "table",
                        "section": "section"})


def table_cells(row: str) -> list[str]:
    """The cells of a PBN table row (``ScoreTable``, ``TotalScoreTable``): words, or quoted texts
    without their quotes."""
    import re

    return [t[1:-1] if t.startswith('"') else t for t in re.findall(r'"[^"]*"|\S+', row)]


def _score_table_rows(board: Board, header: str, rows: Sequence[str],
                      label: str) -> list[tuple[int | None, dict[str, str]]]:
    """Traveller rows of a board's ScoreTable section: pairs (or the four players), contract,
    declarer, tricks, lead and the N-S score (``Score_NS``, else minus ``Score_EW``); an
    ``A+``/``60%`` in ``Score_NS``/``Score_EW`` is the side's artificial adjusted score."""
    names = [c.split("\\", 1)[0].strip().lstrip("+-").lower() for c in header.split(";")]
    vul = board.effective_vulnerability
    out: list[tuple[int | None, dict[str, str]]] = []
    for row_text in rows:
        cells = {name: ("" if v.strip() == "-" else v.strip()) for name, v in zip(names, table_cells(row_text))}
        cell = cells.get  # "" for a "-" cell
        row = {col: cells[name] for name, col in _SCORE_TABLE_COLUMNS.items() if cell(name)}
        if "ns" not in row and (cell("playerid_north") or cell("playerid_south")):
            row["ns"] = f"{cell('playerid_north', '')} & {cell('playerid_south', '')}"
            row["ew"] = f"{cell('playerid_east', '')} & {cell('playerid_west', '')}"
        if "ns" not in row and cell("table"):
            row["ns"], row["ew"] = f"table {cells['table']} NS", f"table {cells['table']} EW"
        ns_text, ew_text = cells.get("score_ns", ""), cells.get("score_ew", "")
        if "bye" in (ns_text.lower(), ew_text.lower()):
            continue  # a pair sitting out: no table, no result
        ns_adj = parse_adjusted(ns_text) if ns_text else None
        ew_adj = parse_adjusted(ew_text) if ew_text else None
        if ns_adj is not None or ew_adj is not None:
            a = ns_adj or ew_adj
            b = ew_adj or ns_adj
            assert a is not None and b is not None
            row["score"] = a.text if a.text == b.text else f"{a.text}/{b.text}"
        elif ns_text:
            row["score"] = ns_text
        elif ew_text:
            row["score"] = ew_text[1:] if ew_text.startswith("-") else f"-{ew_text}"
        row["board"] = label
        if vul is not None:
            row["vul"] = vul.pbn
        out.append((None, row))
    return out


def _is_result_table(header: str) -> bool:
    """True for a ScoreTable of table results (with ``Score_NS``/``Score_EW`` columns, or
    the contract and result the scores follow from, as Bridgewebs writes them), not a team
    or ranking summary."""
    names = {c.split("\\", 1)[0].strip().lstrip("+-").lower() for c in header.split(";")}
    scored = bool(names & {"score_ns", "score_ew"}) or {"contract", "result"} <= names
    return scored and bool(names & {"pairid_ns", "playerid_north", "table"})


def results_from_boards(boards: Iterable[Board], source: str | None = None,
                        rules: ScoringRules = DUPLICATE) -> list[TableResult]:
    """Results of boards played at several tables: one board record a table result, or a
    board whose ``ScoreTable`` section lists every table's result (a row each)."""
    return list(iter_results_from_boards(boards, source, rules))


def iter_results_from_boards(boards: Iterable[Board], source: str | None = None,
                             rules: ScoringRules = DUPLICATE) -> Iterator[TableResult]:
    """The results of :func:`results_from_boards`, a board's as soon as it is read."""
    for i, b in enumerate(boards, 1):
        table = next((t for t in b.sections if t.name == "ScoreTable" and t.rows and _is_result_table(t.header)),
                     None)
        if table is not None:
            label = str(b.number) if b.number is not None else b.tag("Board") or str(i)
            try:
                yield from results_from_rows(_score_table_rows(b, table.header, table.rows, label), source,
                                             ENGLISH, rules)
            except BridgeError as exc:
                raise exc.located(source=source, board=label)
            continue
        try:
            label = str(b.number) if b.number is not None else b.tag("Board") or str(i)
            score_tag = b.tags.get("Score")
            if score_tag and b.result is None and parse_adjusted(score_tag) is not None:
                # the table's artificial adjusted score (Law 12C2), as a ScoreTable row gives it
                row = {"board": label, "ns": _pair(b, "NS"), "ew": _pair(b, "EW"), "score": score_tag}
                vul = b.effective_vulnerability
                if vul is not None:
                    row["vul"] = vul.pbn
                yield from results_from_rows([(None, row)], source, ENGLISH, rules)
                continue
            contract, tricks = contract_and_tricks(b)
            value = ns_from(b, contract, tricks, rules)
            if value is None:
                reason = unscored_reason(contract, tricks)
                if reason is not None:
                    raise RuleError(reason, board=label)
                raise ParseError("no contract and result, and no Score tag", board=label)
            lead = None
            if b.play and b.play[0] and b.play[0][0].card is not None:
                lead = str(b.play[0][0].card)
            result = TableResult(label, _pair(b, "NS"), _pair(b, "EW"), value, contract, tricks,
                                 (b.tag("Room") or "").lower() or None, lead, None)
        except BridgeError as exc:
            raise exc.located(source=source, board=str(b.number) if b.number is not None else None)
        yield result


def result_text(contract: Contract | None, tricks: int | None) -> str:
    """``=``, ``+1`` or ``-2`` for a result, empty when unknown or passed out."""
    if contract is None or tricks is None or contract.is_passout:
        return ""
    d = tricks - contract.required_tricks
    return "=" if d == 0 else f"{d:+d}"
