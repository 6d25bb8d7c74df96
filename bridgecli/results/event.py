"""An event scored from its table results, as ``bridgecli score --event`` scores it:
a pairs event (matchpoints, Neuberg, cross-IMPs, Butler) or a team match.

The results come from a CSV or YAML traveller, or from boards played at several
tables (a board record a table, or a board whose ScoreTable lists every table):
see :mod:`bridgecli.formats.traveller`. Boards are read one at a time, and only the
small :class:`~bridgecli.core.events.TableResult` of each is kept for the ranking;
``score --event`` keeps even those in a temporary file, a board at a time
(:class:`SpilledResults`), and writes the event as it is scored (:class:`StreamedEvent`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import IO, TYPE_CHECKING, Any, cast

from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError, ParseError, RuleError
from bridgecli.core.event_scoring import DEFAULT_SCORING, EventScoring
from bridgecli.core.event_store import PairsStream, ResultStore
from bridgecli.core.event_teams import TeamMatch, is_team_event, team_match
from bridgecli.core.events import (
    PairsEvent,
    PairStanding,
    ResultScore,
    TableResult,
    field_order,
    field_parts,
    score_pairs,
)
from bridgecli.core.scoring import ScoringRules, find_rules
from bridgecli.formats import traveller
from bridgecli.formats.inputs import names_a_file
from bridgecli.formats.traveller import result_text
from bridgecli.results._spill import SpilledResults

if TYPE_CHECKING:
    from bridgecli.core.notation import Language

__all__ = ["Event", "EventHints", "EventScoring", "SpilledResults", "StreamedEvent", "iter_results_of_chunks", "read_results", "results_of_chunks", "score_event"]

Source = str | os.PathLike[str] | IO[str] | Iterable[Board]
"""An event's input: a path, a text, an open text file, or boards."""


class EventHints:
    """What an event's boards say of how to score it, gathered while they are read: the
    first non-empty PBN ``Scoring`` tag (the producer's conventions) and whether a
    ScoreTable lists the four players of each table (an individual event)."""

    __slots__ = ("individual", "scoring_tag")

    def __init__(self) -> None:
        self.scoring_tag: str | None = None
        """The first non-empty ``Scoring`` tag of the boards read."""
        self.individual = False
        """True when a board's ScoreTable gives the four players (``PlayerId_North`` ...)."""

    def see(self, board: Board) -> None:
        """Take what ``board`` says."""
        if self.scoring_tag is None:
            self.scoring_tag = board.tags.get("Scoring") or None
        if not self.individual:
            self.individual = any(t.name == "ScoreTable" and "playerid_north" in t.header.lower()
                                  for t in board.sections)

    def conventions(self) -> EventScoring | None:
        """The conventions the boards name (None: bridgecli's)."""
        conv = EventScoring.from_pbn(self.scoring_tag)
        if self.individual:
            conv = replace(conv or DEFAULT_SCORING, individual=True)
        return conv


def _boards(chunks: Iterable[str], fmt: str, source: str | None, hints: EventHints | None = None
            ) -> Iterator[Board]:
    from bridgecli.formats.stream import iter_file

    for item in iter_file(chunks, fmt, source):
        if isinstance(item, BridgeError):
            raise item
        if hints is not None:
            hints.see(item)
        yield item


def results_of_chunks(chunks: Iterable[str], path: str | None = None, fmt: str | None = None,
                      source: str | None = None, lang: Language | None = None,
                      rules: ScoringRules | None = None) -> list[TableResult]:
    """The table results of an event file given as text pieces: a CSV traveller (by
    ``.csv``, or a first line ``board,...`` in a file with no extension), a YAML
    traveller, or boards (PBN, JSON, YAML, LIN) read one at a time. ``path`` (its
    extension) and ``fmt`` choose the format as :func:`bridgecli.formats.resolve_format`
    does. Raises ParseError or RuleError (see :func:`read_results`).
    """
    return list(iter_results_of_chunks(chunks, path, fmt, source, lang, rules))


def iter_results_of_chunks(chunks: Iterable[str], path: str | None = None, fmt: str | None = None,
                           source: str | None = None, lang: Language | None = None,
                           rules: ScoringRules | None = None,
                           hints: EventHints | None = None) -> Iterator[TableResult]:
    """The results of :func:`results_of_chunks`, each as soon as it is read (an error may
    come after some results: see :func:`bridgecli.formats.traveller.iter_csv`). ``hints``
    gathers what the boards say of how to score the event (:class:`EventHints`)."""
    from bridgecli import formats
    from bridgecli.core.notation import ENGLISH
    from bridgecli.formats.stream import peek

    lang = lang or ENGLISH
    rules = rules or find_rules("duplicate")
    head, rest = peek(chunks)
    ext = os.path.splitext(path or "")[1].lower()
    first = head.lstrip("\ufeff \t\r\n").split("\n", 1)[0].lower()
    if ext == ".csv" or (ext == "" and not fmt and "," in first and first.lstrip().startswith("board")):
        return traveller.iter_csv(rest, source, lang, rules)
    name = formats.resolve_format(path, head, fmt)
    if name == "yaml":  # a traveller is told from boards by its start, then read a row at a time
        results, rest = traveller.yaml_traveller(rest, source, lang, rules)
        if results is not None:
            return results
    return traveller.iter_results_from_boards(_boards(rest, name, source, hints), source, rules)


def _chunks_of(fp: IO[str]) -> Iterator[str]:
    while True:
        piece = fp.read(1 << 16)
        if not piece:
            return
        yield piece


def read_results(source: Source, *, fmt: str | None = None, scoring: str | ScoringRules = "duplicate",
                 lang: Language | None = None, hints: EventHints | None = None) -> list[TableResult]:
    """The table results of an event, as ``score --event FILE`` reads them.

    ``source`` is a path, a text (a ``str`` holding a newline), an open text file, or
    boards. A path ending in ``.csv`` (or a text whose first line is ``board,...``) is a
    CSV traveller; a YAML list of results is a YAML traveller; anything else holds boards
    (``fmt``: ``pbn``, ``yaml``, ``json`` or ``lin``; by default from the extension or
    the content). ``scoring`` checks the scores a traveller gives against their
    contracts; ``lang`` reads a traveller's contracts and seats (English by default).

    Raises ParseError for bad notation or a result without pairs or score, RuleError (a
    MismatchError) for a score its contract does not give, located at the line or board;
    OSError when a path cannot be read. ``hints``: see :func:`iter_results_of_chunks`.
    """
    rules = find_rules(scoring) if isinstance(scoring, str) else scoring
    if isinstance(source, os.PathLike) or (isinstance(source, str) and names_a_file(source, (".csv",))):
        path = os.fspath(source)
        from bridgecli.formats.stream import text_chunks

        with open(path, "rb") as raw:
            return list(iter_results_of_chunks(text_chunks(raw, path), path, fmt, path, lang, rules, hints))
    if isinstance(source, str):
        return list(iter_results_of_chunks(iter((source,)), None, fmt, None, lang, rules, hints))
    if hasattr(source, "read"):
        fp = cast("IO[str]", source)  # an open text file
        name = getattr(fp, "name", None)
        name = name if isinstance(name, str) else None
        return list(iter_results_of_chunks(_chunks_of(fp), name, fmt, name, lang, rules, hints))
    return traveller.results_from_boards(source, None, rules)


# -- the event ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """An event scored: a pairs event or, when every result names its room, a team match."""

    results: tuple[TableResult, ...]
    """The table results, as read."""
    pairs: PairsEvent | None = None
    """The pairs event: every result's matchpoints and IMPs, and the pairs ranked (None for teams)."""
    match: TeamMatch | None = None
    """The team match, board by board (None for pairs)."""

    @property
    def is_teams(self) -> bool:
        """True for a team match."""
        return self.match is not None

    def records(self) -> Iterator[dict[str, Any]]:
        """The records of ``score --event --json``: for a pairs event a ``result`` record a
        table result, then a ``pair`` record a pair in ranking order; for a team match a
        ``board`` record a board, then one ``match`` record."""
        if self.match is not None:
            match = self.match
            for b in match.boards:
                yield {"record": "board", "board": label(b.board), "open": _room(b.open), "closed": _room(b.closed),
                       "imps_home": b.imps_home}
            yield {"record": "match", "home": match.home, "visitors": match.visitors,
                   "home_imps": match.home_imps, "visitors_imps": match.visitors_imps,
                   "home_vp": match.home_vp, "visitors_vp": match.visitors_vp}
            return
        assert self.pairs is not None
        yield from map(_result_record, self.pairs.results)
        yield from map(_pair_record, self.pairs.standings)

    def table(self, lang: Language | None = None, style: str = "simple") -> str:
        """The text ``score --event`` prints (without the last newline): for a team match the
        boards and the two teams' IMPs; for pairs the traveller (scores, matchpoints,
        cross-IMPs, Butler) and one ranking per direction. Words in ``lang`` (English by
        default), tables in a tabulate ``style``."""
        from bridgecli.core.notation import ENGLISH

        lang = lang or ENGLISH
        if self.match is not None:
            return "\n".join(_team_tables(self.match, lang, style))
        assert self.pairs is not None
        pairs = self.pairs
        return "\n".join(_pairs_tables(lambda: pairs.results, lambda: pairs.standings, lang, style,
                                       pairs.conventions.individual))


def _result_record(rs: ResultScore) -> dict[str, Any]:
    """The ``result`` record of a scored table result."""
    r = rs.result
    return {
        "record": "result", "board": label(r.board), "pair_ns": label(r.ns), "pair_ew": label(r.ew),
        "contract": _contract(r) or None, "declarer": _by(r) or None,
        "result": _tricks(r), "over_under": _over_under(r), "lead": r.lead,
        "score_ns": None if r.adjusted or r.assigned else r.score,
        **({"adjusted": r.adjusted.text} if r.adjusted is not None else {}),
        **({"assigned": r.assigned.text} if r.assigned is not None else {}),
        "mp_ns": rs.mp_ns, "mp_ew": rs.mp_ew, "top": rs.top,
        "cross_imps_ns": round(rs.cross_ns, 6), "datum": rs.datum, "butler_ns": rs.butler_ns,
        **({"cross_imps_ew": round(rs.cross_ew, 6), "butler_ew": rs.butler_ew}
           if rs.cross_ew is not None else {}),
    }


def _pair_record(p: PairStanding) -> dict[str, Any]:
    """The ``pair`` record of a pair's standing."""
    return {
        "record": "pair", "rank": p.rank, "pair": label(p.pair), "direction": p.direction,
        "boards": p.boards, "mp": round(p.mp, 6), "top": p.top, "percentage": round(p.percentage, 6),
        "cross_imps": round(p.cross_imps, 6), "butler": p.butler,
    }


def score_event(source: Source | Sequence[TableResult], *, fmt: str | None = None,
                scoring: str | ScoringRules = "duplicate", lang: Language | None = None,
                expected: int | None = None, conventions: EventScoring | None = None) -> Event:
    """Score an event, as ``bridgecli score --event`` does: a team match when every result
    names its room (``open``/``closed``), else a pairs event.

    ``source`` is what :func:`read_results` reads (``fmt``, ``scoring`` and ``lang`` are
    passed on), or the table results themselves. ``expected`` is the number of results a
    board should have (Neuberg; default: the most any board has). ``conventions`` says how
    IMPs are counted and pairs ranked; by default what the boards' PBN ``Scoring`` tag names
    (:meth:`EventScoring.from_pbn`) and whether they list players (:class:`EventHints`), else
    bridgecli's (:data:`DEFAULT_SCORING`).

    Raises what :func:`read_results` raises; ParseError when there is no result;
    RuleError for a pair that meets itself or plays a board twice, a room that is neither
    open nor closed, or a team match with no board played in both rooms.
    """
    if isinstance(source, Sequence) and not isinstance(source, str) and all(
            isinstance(r, TableResult) for r in source):
        results: Sequence[TableResult] = source  # type: ignore[assignment]
    else:
        hints = EventHints()
        results = read_results(source, fmt=fmt, scoring=scoring, lang=lang,  # type: ignore[arg-type]
                               hints=hints)
        if conventions is None:
            conventions = hints.conventions()
    return event_of(results, expected, conventions=conventions)


def event_of(results: Sequence[TableResult], expected: int | None = None, source: str | None = None,
             conventions: EventScoring | None = None) -> Event:
    """The :class:`Event` of ``results`` (see :func:`score_event`); errors name ``source``."""
    if not results:
        raise ParseError("no results in the event file", source=source)
    if is_team_event(results):
        match = team_match(results)
        if not match.boards:
            raise RuleError("no board was played in both rooms", source=source)
        return Event(tuple(results), match=match)
    return Event(tuple(results), pairs=score_pairs(results, expected, conventions or DEFAULT_SCORING))


class StreamedEvent:
    """An event scored from a :class:`~bridgecli.core.event_store.ResultStore` or a
    :class:`SpilledResults` and written as it is scored: ``score --event``'s output for an event too big to hold as objects. The same
    bytes as :class:`Event`'s :meth:`~Event.records` (one JSON line each) or
    :meth:`~Event.table`, plus a newline.

    Creating one raises what :func:`event_of` raises (before anything is written). A
    pairs event is then scored a board at a time (:class:`~bridgecli.core.event_store.PairsStream`);
    a team match is small (two results a board) and is scored as :class:`Event`.
    """

    def __init__(self, store: ResultStore | SpilledResults, expected: int | None = None,
                 source: str | None = None, conventions: EventScoring | None = None) -> None:
        if not len(store):
            raise ParseError("no results in the event file", source=source)
        self._event: Event | None = None
        self._pairs: PairsStream | None = None
        if store.all_rooms:
            self._event = event_of(list(store.results()), expected, source, conventions)
        else:
            self._pairs = PairsStream(store, expected, conventions or DEFAULT_SCORING)

    def write(self, fp: IO[str], as_json: bool = False, lang: Language | None = None,
              style: str = "simple") -> None:
        """Write the event to ``fp``: JSON lines (``as_json``) or the text tables (``lang``, ``style``)."""
        from bridgecli.core.notation import ENGLISH

        lang = lang or ENGLISH
        event, pairs = self._event, self._pairs
        texts: Iterable[str]
        if as_json:
            import json

            if event is not None:
                records: Iterable[dict[str, Any]] = event.records()
            else:
                assert pairs is not None
                records = _pairs_records(pairs)
            texts = (json.dumps(r, ensure_ascii=False) for r in records)
        elif event is not None:
            texts = (event.table(lang, style),)
        else:
            assert pairs is not None
            texts = _pairs_tables(pairs.results, pairs.standings, lang, style, pairs.conventions.individual)
        lines: list[str] = []
        for text in texts:
            lines.append(text)
            if len(lines) >= _LINES_A_WRITE:
                fp.write("\n".join(lines) + "\n")
                lines.clear()
        fp.write("\n".join(lines) + "\n" if lines else "")


def _pairs_records(pairs: PairsStream) -> Iterator[dict[str, Any]]:
    """The records of :meth:`Event.records` for a pairs event scored a board at a time."""
    yield from map(_result_record, pairs.results())
    yield from map(_pair_record, pairs.standings())  # once every result is scored


#: Lines written at a time by :meth:`StreamedEvent.write`.
_LINES_A_WRITE = 4096


# -- text --------------------------------------------------------------------------


def label(text: str) -> int | str:
    """A board or pair label as a JSON value: a number when it is one as written (``"7"``
    → 7), else the text (``"7a"``, ``"07"``, ``"A1"``), so that nothing given is changed."""
    if text.isascii() and text.isdigit() and (text == "0" or text[0] != "0") and len(text) <= 18:
        return int(text)
    return text


def _tricks(r: TableResult) -> int | None:
    """The tricks declarer won (None for a passed-out board, an adjusted or unknown result)."""
    c = r.contract
    return None if c is None or c.is_passout else r.tricks


def _over_under(r: TableResult) -> int | None:
    """Tricks over (+) or under (-) the contract; None where :func:`_tricks` is None."""
    tricks = _tricks(r)
    return None if tricks is None or r.contract is None else tricks - r.contract.required_tricks


def _contract(r: TableResult) -> str:
    return "" if r.contract is None else r.contract.pbn


def _by(r: TableResult) -> str:
    c = r.contract
    return "" if c is None or c.declarer is None else c.declarer.letter


def _room(r: TableResult) -> dict[str, Any]:
    out: dict[str, Any] = {"contract": _contract(r), "declarer": _by(r) or None,
                           "result": _tricks(r), "over_under": _over_under(r),
                           "ns": None if r.adjusted or r.assigned else r.score}
    if r.adjusted is not None:
        out["adjusted"] = r.adjusted.text
    if r.assigned is not None:
        out["assigned"] = r.assigned.text
    return out


def _shown(r: TableResult, lang: Language) -> str:
    """Contract and declarer for a text table, in ``lang``."""
    c = r.contract
    if c is None:
        return ""
    return f"{lang.contract_str(c)} {lang.seat_str(c.declarer)}" if c.declarer is not None else lang.contract_str(c)


def _ns_shown(r: TableResult) -> Any:
    return r.adjusted.text if r.adjusted is not None else r.assigned.text if r.assigned is not None else r.score


def _team_tables(match: TeamMatch, lang: Language, style: str) -> list[str]:
    from bridgecli.results.tables import fmt_num, table

    w = lang.word
    rows = []
    for b in match.boards:
        home = b.imps_home if b.imps_home > 0 else ""
        visitors = -b.imps_home if b.imps_home < 0 else ""
        rows.append([b.board,
                     _shown(b.open, lang), result_text(b.open.contract, b.open.tricks), _ns_shown(b.open),
                     _shown(b.closed, lang), result_text(b.closed.contract, b.closed.tricks), _ns_shown(b.closed),
                     home, visitors])
    headers = [w(k) for k in ("board", "open", "res", "ns", "closed", "res", "ns", "home", "visitors")]
    return [table(rows, headers, style, right=(0, 3, 6, 7, 8)), "",
            table([[match.home, match.home_imps, fmt_num(match.home_vp)],
                   [match.visitors, match.visitors_imps, fmt_num(match.visitors_vp)]],
                  [w("team"), w("imps"), w("vp")], style, right=(1, 2))]


def _adjusted_cells(r: TableResult) -> tuple[Any, Any]:
    """The +NS/+EW cells: a score on its side's column, or an adjusted score's two marks."""
    adj = r.adjusted
    if adj is not None:
        ns_text, _, ew_text = adj.text.partition("/")
        return ns_text, ew_text or ns_text
    a = r.assigned
    if a is not None:  # N-S's assigned score; E-W's own (their score, signed) when it is split
        ns_text, _, ew_text = a.text.partition("/")
        if ew_text and len(a.ew) == 1:
            ew_text = str(-a.ew[0][1])
        return ns_text, ew_text
    return (r.score if r.score > 0 else "", -r.score if r.score < 0 else "")


def _pairs_tables(results: Callable[[], Iterable[ResultScore]], standings: Callable[[], Sequence[PairStanding]],
                  lang: Language, style: str, individual: bool = False) -> Iterator[str]:
    """The lines of the traveller of ``results()`` (called twice: the table is measured, then
    written, a row at a time) and of the ranking tables of ``standings()`` (asked for once
    every result is read)."""
    from bridgecli.results.tables import fmt_num, streamed_table, table

    w = lang.word

    def rows() -> Iterator[list[Any]]:
        for rs in results():
            r = rs.result
            c = r.contract
            yield [r.board, r.ns, r.ew, "" if c is None else lang.contract_str(c),
                   "" if c is None or c.declarer is None else lang.seat_str(c.declarer),
                   result_text(r.contract, r.tricks), r.lead or "", *_adjusted_cells(r),
                   fmt_num(rs.mp_ns), fmt_num(rs.mp_ew), fmt_num(rs.cross_ns),
                   rs.datum if isinstance(rs.datum, int) else fmt_num(rs.datum), rs.butler_ns]

    ns, ew = w("ns"), w("ew")
    yield from streamed_table(
        rows, [*(w(k) for k in ("board", "ns", "ew", "contract", "declarer", "result", "opening_lead")), f"+{ns}",
               f"+{ew}", f"{w('mp')} {ns}", f"{w('mp')} {ew}", f"XIMP {ns}", w("datum"), f"{w('butler')} {ns}"],
        style, right=(0, 7, 8, 9, 10, 11, 12, 13), optional=(3, 4, 5, 6))
    ranked = standings()
    # a table a ranking: one a direction (two winners) or all the pairs together (one), per section
    for d in sorted({p.field for p in ranked}, key=field_order):
        group = [p for p in ranked if p.field == d]
        yield ""
        section, direction = field_parts(d)
        side = " ".join(x for x in (section, {"NS": ns, "EW": ew}.get(direction, direction)) if x)
        who = w("player_title" if individual else "pair")
        title = f"{who} ({side})" if d else who
        yield table([[p.rank, p.pair, p.boards, fmt_num(p.mp), p.top, fmt_num(p.percentage),
                      fmt_num(p.cross_imps), p.butler if isinstance(p.butler, int) else fmt_num(p.butler)]
                     for p in group],
                    [w("rank"), title, *(w(k) for k in ("boards", "mp", "top", "percent", "ximps", "butler"))],
                    style, right=(2, 3, 4, 5, 6, 7))
