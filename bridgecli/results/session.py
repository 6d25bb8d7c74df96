"""A duplicate session as ``bridgecli results`` reads it: the event's name, its pairs
with their players, the table results, the deals and how the event is scored.

A SESSION file is YAML (see docs/commands/results.md)::

    event: Thursday Pairs
    date: 2026-11-26
    club: KS Kraków
    pairs:
      1: [Jan Kowalski, Anna Nowak]
      2: {names: [Éva Szabó, Péter Kiss], club: BC Pécs, members: ["10234", "10877"]}
    results: evening.csv        # a CSV/YAML traveller, PBN with ScoreTables, or inline rows
    boards: evening.pbn         # optional: the deals (diagrams, double-dummy table, par)
    scoring: {rank_by: mp}      # optional: EventScoring's fields

A bare results file (a CSV or YAML traveller, or PBN boards with ScoreTables) is a session
too: its pairs have no names and, for boards, the deals are its own. ``movement:`` names
the evening's movement (a built-in name, ``{name: mitchell, tables: 3}``, or a movement
file): each result is then placed in it (its round and table), and a result the movement
does not seat is an error.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any

from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError, ParseError, RuleError
from bridgecli.core.event_scoring import DEFAULT_SCORING, EventScoring
from bridgecli.core.events import PairStanding, TableResult, board_key, field_order
from bridgecli.results.event import Event, EventHints, event_of, label, read_results

if TYPE_CHECKING:
    from bridgecli.core.notation import Language

__all__ = ["MARKER", "SESSION_KEYS", "SITE_WORDS", "PairInfo", "Session", "load_session", "session_records"]

#: The keys a SESSION file may have.
SESSION_KEYS = ("event", "date", "club", "pairs", "results", "boards", "scoring", "movement")

#: The file that marks a directory as a site bridgecli wrote (``-o`` may replace it).
MARKER = ".bridgecli-site"

#: The site's own words, by language code (the rest come from :class:`Language`).
SITE_WORDS: dict[str, dict[str, str]] = {
    "en": {"players": "Players", "club": "Club", "ranking": "Ranking", "boards_played": "Boards", "movement": "Movement", "score_card": "Score card",
           "opponents": "Opponents", "traveller": "Traveller", "results": "Results", "index": "Ranking",
           "previous": "Previous", "next": "Next", "direction": "Direction", "no_deal": "The deal was not given.",
           "met": "Boards against", "names": "Players", "total": "Total", "member": "Member no.", "round": "Round", "table": "Table"},
    "pl": {"players": "Gracze", "club": "Klub", "ranking": "Klasyfikacja", "boards_played": "Rozdania", "movement": "Ruch", "score_card": "Karta wyników",
           "opponents": "Przeciwnicy", "traveller": "Protokół", "results": "Wyniki", "index": "Klasyfikacja",
           "previous": "Poprzednie", "next": "Następne", "direction": "Linia", "no_deal": "Brak rozkładu kart.",
           "met": "Rozdania z parą", "names": "Gracze", "total": "Razem", "member": "Nr członkowski", "round": "Runda", "table": "Stół"},
    "hu": {"players": "Játékosok", "club": "Klub", "ranking": "Eredménylista", "boards_played": "Leosztások", "movement": "Vándorlás",
           "score_card": "Eredménylap", "opponents": "Ellenfelek", "traveller": "Leosztáslap",
           "results": "Eredmények", "index": "Eredménylista", "previous": "Előző", "next": "Következő",
           "direction": "Irány", "no_deal": "A leosztás nincs megadva.", "met": "Leosztások ellene",
           "names": "Játékosok", "total": "Összesen", "member": "Tagszám", "round": "Forduló",
           "table": "Asztal"},
}

_SCORING_KEYS = tuple(f.name for f in fields(EventScoring) if f.name != "individual")


@dataclass(frozen=True, slots=True)
class PairInfo:
    """Who plays as one pair number."""

    number: str
    """The pair's number, as the results name it."""
    names: tuple[str, ...] = ()
    """Its players' names."""
    club: str | None = None
    """The club it plays for."""
    members: tuple[str, ...] = ()
    """The players' federation member numbers, in the order of ``names``."""

    @property
    def label(self) -> str:
        """The players' names joined by `` – ``, or the pair's number."""
        return " – ".join(self.names) if self.names else self.number


@dataclass(frozen=True, slots=True)
class Session:
    """A duplicate session: see the module docstring."""

    results: tuple[TableResult, ...]
    """The table results."""
    name: str | None = None
    """The event's name."""
    date: str | None = None
    """Its date, as written."""
    club: str | None = None
    """The club that ran it."""
    pairs: Mapping[str, PairInfo] = field(default_factory=dict)
    """The pairs by number (empty: none named)."""
    boards: Mapping[str, Board] = field(default_factory=dict)
    """The deals by board label (empty: none given)."""
    scoring: EventScoring = DEFAULT_SCORING
    """How IMPs are counted and pairs ranked."""
    problems: tuple[RuleError, ...] = ()
    """What the results break of the movement (``movement:``), each naming its line: the
    results it names are left out of :attr:`results`, and a board without all its results
    is scored with Neuberg."""
    expected: int | None = None
    """Results a board should have (the movement's tables that play it; None: the most any
    board has)."""

    def event(self) -> Event:
        """The session scored. Raises RuleError for a team match (a session is a pairs event)
        and what :func:`~bridgecli.results.event.event_of` raises."""
        event = event_of(self.results, self.expected, conventions=self.scoring)
        if event.pairs is None:
            raise RuleError("a session is a pairs event: these results name rooms (a team match)")
        return event

    def pair(self, number: str) -> PairInfo:
        """The pair ``number`` (a bare one when the session names no pairs)."""
        return self.pairs.get(number) or PairInfo(number)

    def board_labels(self) -> list[str]:
        """The boards played, in board order."""
        return sorted({r.board for r in self.results}, key=board_key)


def session_records(session: Session, event: Event) -> Iterator[dict[str, Any]]:
    """The records of ``results --json``: one ``session`` record, then the records of
    :meth:`Event.records` (``result`` a table result, ``pair`` a pair), each ``result``
    record with its ``round`` and ``table`` when the results give them, each ``pair`` record
    with the players' ``names`` (and ``club``, ``members`` when given)."""
    yield {"record": "session", "event": session.name, "date": session.date, "club": session.club,
           "boards": len(session.board_labels()), "tables": len(session.results)}
    seats = {(label(r.board), label(r.ns), label(r.ew)): (r.round and label(r.round), r.table and label(r.table))
             for r in session.results if r.round or r.table}
    for record in event.records():
        if record["record"] == "result" and seats:
            rnd, table = seats.get((record["board"], record["pair_ns"], record["pair_ew"]), (None, None))
            record = {"record": "result", "round": rnd, "table": table,
                      **{k: v for k, v in record.items() if k != "record"}}
        if record["record"] == "pair":
            info = session.pair(str(record["pair"]))
            record["names"] = list(info.names)
            if info.club:
                record["club"] = info.club
            if info.members:
                record["members"] = list(info.members)
        yield record


def text_report(session: Session, event: Event, lang: Language | None = None, style: str = "simple") -> str:
    """The text of ``results SESSION``: the event's name, club and date, the travellers
    and rankings of :meth:`Event.table`, then the pairs' players (when ``pairs:`` names
    them). Words in ``lang``, tables in a tabulate ``style``."""
    from bridgecli.core.notation import ENGLISH
    from bridgecli.results.tables import table

    lang = lang or ENGLISH
    head = [" · ".join(x for x in (session.name, session.club, session.date) if x)]
    out = [*(h for h in head if h), event.table(lang, style)]
    named = [session.pairs[p.pair] for p in (event.pairs.standings if event.pairs else ()) if p.pair in session.pairs]
    if named:
        rows = [[p.number, ", ".join(p.names), p.club or ""] for p in sorted(named, key=lambda p: board_key(p.number))]
        words = SITE_WORDS.get(lang.code, SITE_WORDS["en"])
        out += ["", table(rows, [lang.word("pair"), words["players"], words["club"]], style)]
    return "\n".join(out)


def standings_by_direction(standings: tuple[PairStanding, ...]) -> list[tuple[str, list[PairStanding]]]:
    """The rankings: one a direction (two winners), else one group with the direction
    ``""``, per section when sections are scored apart (:attr:`PairStanding.field`: ``NS``,
    ``A EW``); by section, N-S first."""
    keys = sorted({p.field for p in standings}, key=field_order)
    return [(d, [p for p in standings if p.field == d]) for d in keys]


# -- reading -----------------------------------------------------------------------


def load_session(path: str, *, solve: bool = False, text: str | None = None) -> Session:
    """The session of ``path``: a SESSION file (YAML whose mapping has a ``results`` key)
    or a bare results file. ``text`` is the file's content when it is read already (the
    standard input: ``path`` then names it in errors, and the files a SESSION names are
    taken from the current directory). ``solve`` adds double-dummy tables and par to the
    deals that lack them (needs DDS).

    Raises ParseError for a file that cannot be read as a session (unknown key, bad
    value, unreadable results or boards), RuleError for a pair in the results that
    ``pairs:`` does not list and what the event scorer raises; OSError when a file
    cannot be opened. Every error names its file and line.
    """
    if text is None:
        with open(path, "rb") as fp:
            raw = fp.read()
        text = decode(raw, path)
        doc = _session_doc(text, path) if path.lower().endswith((".yaml", ".yml")) else None
        session = _bare(path) if doc is None else _from_doc(doc, path)
    else:
        doc = _session_doc(text, path) if not text.lstrip("\ufeff \t\r\n").startswith(("[", "%")) else None
        session = _bare_text(text, path) if doc is None else _from_doc(doc, path, base="")
    if solve and session.boards:
        session = _solved(session)
    return session


def decode(raw: bytes, path: str) -> str:
    """``raw`` as UTF-8 text (a BOM dropped). Raises ParseError naming ``path``."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ParseError(f"not UTF-8 text (byte {exc.start})", source=path) from None


class _Doc:
    """A SESSION file's mapping with the line of each key and of each item of its lists."""

    def __init__(self, node: Any, path: str) -> None:
        import yaml

        self.path = path
        self.node = node
        self._loader = yaml.SafeLoader("")

    def value(self, node: Any) -> Any:
        import yaml

        try:
            return self._loader.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            raise ParseError(f"bad YAML value ({getattr(exc, 'problem', exc)})", source=self.path,
                             line=node.start_mark.line + 1) from None

    def items(self) -> Iterator[tuple[str, Any, int]]:
        for key, val in self.node.value:
            yield str(self.value(key)), val, key.start_mark.line + 1


def _session_doc(text: str, path: str) -> _Doc | None:
    """The SESSION mapping of ``text``, or None when it is no mapping with ``results``
    (a YAML traveller or boards: read as a bare results file)."""
    import yaml

    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise ParseError(f"bad YAML ({getattr(exc, 'problem', None) or exc})", source=path,
                         line=mark.line + 1 if mark is not None else None) from None
    if not isinstance(node, yaml.MappingNode):
        return None
    if not any(isinstance(k, yaml.ScalarNode) and k.value == "results" for k, _ in node.value):
        return None
    return _Doc(node, path)


def _text(value: Any, what: str, path: str, line: int) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)) and value is not None \
            and not hasattr(value, "isoformat"):
        raise ParseError(f"{what} is a text, not {value!r}", source=path, line=line)
    return "" if value is None else str(value)


def _from_doc(doc: _Doc, path: str, base: str | None = None) -> Session:
    import yaml

    base = os.path.dirname(path) if base is None else base
    values: dict[str, Any] = {}
    results: tuple[TableResult, ...] = ()
    pairs: dict[str, PairInfo] = {}
    boards: dict[str, Board] = {}
    scoring = DEFAULT_SCORING
    hints = EventHints()
    movement: Any = None
    results_where = path  # where the results' lines are
    boards_given = False
    items = list(doc.items())
    seen: set[str] = set()
    for key, _node, line in items:  # every key checked before any file is read
        if key in seen:
            raise ParseError(f"{key!r} is given twice", source=path, line=line)
        seen.add(key)
        if key not in SESSION_KEYS:
            raise ParseError(f"unknown key {key!r} (known: {', '.join(SESSION_KEYS)})", source=path, line=line)
    for key, node, line in items:  # the movement before the results it seats
        if key == "movement":
            movement = _movement(doc.value(node), base, path, line)
    for key, node, line in items:
        if key in ("event", "date", "club"):
            values[key] = _text(doc.value(node), key, path, line) or None
        elif key == "pairs":
            pairs = _pairs(doc, node, path, line)
        elif key == "scoring":
            scoring = _scoring(doc.value(node), path, line)
        elif key == "results":
            if isinstance(node, yaml.SequenceNode):
                results = _inline_results(doc, node, path)
            else:
                where = results_where = _path(doc.value(node), "results", base, path, line)
                results = tuple(_located(lambda w=where: read_results(w, hints=hints), where))
                if not boards_given:
                    boards = _deals_of(where)
        elif key == "movement":
            continue  # read first, above
        else:
            where = _path(doc.value(node), "boards", base, path, line)
            boards, boards_given = _boards_of(where), True
    session = Session(results, values.get("event"), values.get("date"), values.get("club"), pairs, boards,
                      scoring if scoring is not DEFAULT_SCORING else hints.conventions() or DEFAULT_SCORING)
    _check_pairs(session, results_where)
    if movement is not None:
        placed, problems, expected = _placed(session.results, movement, results_where)
        session = replace(session, results=placed, problems=problems, expected=expected)
    return session


def _movement(value: Any, base: str, path: str, line: int) -> Any:
    """The movement ``movement:`` names: a built-in name or a movement file (relative to the
    session file), or a mapping with ``name`` and ``tables`` (and ``boards-per-round``)."""
    from bridgecli.movements import find, is_builtin

    spec = value
    options: dict[str, Any] = {}
    if isinstance(value, dict):
        unknown = sorted(str(k) for k in value if str(k).replace("_", "-") not in ("name", "tables", "boards-per-round"))
        if unknown:
            raise ParseError(f"movement: unknown key {unknown[0]!r} (known: name, tables, boards-per-round)",
                             source=path, line=line)
        spec = value.get("name")
        for key, v in value.items():
            if str(key) != "name":
                if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                    raise ParseError(f"movement: {key} is a whole number, not {v!r}", source=path, line=line)
                options[str(key).replace("-", "_")] = v
    if not isinstance(spec, str) or not spec.strip():
        raise ParseError("movement is a built-in name, a file, or {name: NAME, tables: N}", source=path, line=line)
    joined = os.path.join(base, spec)
    if not is_builtin(spec) and (os.path.lexists(joined) or spec.endswith((".yaml", ".yml")) or "/" in spec):
        spec = joined  # a movement file, beside the session file
    try:
        return find(spec, options.pop("tables", None), **options)[0]
    except OSError as exc:
        raise ParseError(f"cannot read {spec!r}: {exc.strerror or exc}", source=path, line=line) from None
    except BridgeError as exc:
        raise exc if exc.source is not None else exc.located(source=path, line=line) from None


def _placed(results: tuple[TableResult, ...], movement: Any, source: str
            ) -> tuple[tuple[TableResult, ...], tuple[RuleError, ...], int]:
    """``results`` checked against the movement and seated in it: each kept result with the
    round and table the movement seats it at (pairs ``ns`` and ``ew`` at a table whose set
    holds the board). Returns the results kept, the problems (each a RuleError naming its
    line: a result the movement does not seat, a board not in play at that table that
    round, a result whose own round and table say otherwise, a result given twice; and a
    movement slot with no result) and the number of results each board should have (the
    tables that play it, for Neuberg). A result named as a problem is left out."""
    per_set = movement.boards_per_round
    phantoms = set(movement.phantoms)
    live = [s for s in movement.seatings if s.ns not in phantoms and s.ew not in phantoms]
    seat = {(s.ns, s.ew, s.set): s for s in live}
    met = {(s.ns, s.ew): s for s in live}
    out: list[TableResult] = []
    problems: list[RuleError] = []
    first: dict[tuple[str, str, str, str], TableResult] = {}

    def problem(message: str, r: TableResult | None = None) -> None:
        problems.append(RuleError(message, source=source, line=r.line if r is not None else None))

    for r in results:
        numbered = r.ns.isdigit() and r.ew.isdigit() and r.board.isdigit() and int(r.board) > 0
        found = seat.get((int(r.ns), int(r.ew), (int(r.board) - 1) // per_set + 1)) if numbered else None
        if found is None:
            where = met.get((int(r.ns), int(r.ew))) if numbered else None
            if where is None:
                problem(f"board {r.board}: the movement {movement.name!r} never seats N-S {r.ns} against "
                        f"E-W {r.ew}", r)
            else:
                problem(f"board {r.board} is not in play at table {where.table} in round {where.round}, where "
                        f"the movement {movement.name!r} seats N-S {r.ns} against E-W {r.ew} (boards "
                        f"{(where.set - 1) * per_set + 1}-{where.set * per_set})", r)
            continue
        rnd, table = str(found.round), str(found.table)
        if (r.round or rnd, r.table or table) != (rnd, table):
            problem(f"board {r.board}: round {r.round}, table {r.table}, but the movement {movement.name!r} seats "
                    f"N-S {r.ns} and E-W {r.ew} at round {rnd}, table {table}", r)
            continue
        key = (r.board, r.ns, r.ew, r.section or "")  # (each section plays the movement)
        if key in first:
            at = first[key].line
            problem(f"board {r.board}: N-S {r.ns} against E-W {r.ew} is given twice"
                    f"{f' (first at line {at})' if at is not None else ''}", r)
            continue
        first[key] = r
        out.append(r if (r.round, r.table) == (rnd, table) else replace(r, round=rnd, table=table))
    played = {(r.board, int(r.ns), int(r.ew), r.section or "") for r in out}
    sections = sorted({r.section or "" for r in out}) or [""]
    tables_a_set: dict[int, int] = {}
    for s in live:
        tables_a_set[s.set] = tables_a_set.get(s.set, 0) + 1
    for section in sections:
        for s in sorted(live, key=lambda s: (s.round, s.table)):
            for board in range((s.set - 1) * per_set + 1, s.set * per_set + 1):
                if (str(board), s.ns, s.ew, section) not in played:
                    problem(f"board {board} has no result from {f'section {section}, ' if section else ''}round "
                            f"{s.round}, table {s.table} (N-S {s.ns}, E-W {s.ew}): scored with Neuberg without it")
    return tuple(out), tuple(problems), max(tables_a_set.values(), default=0)


def _path(value: Any, key: str, base: str, path: str, line: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ParseError(f"{key} is a file name, not {value!r}", source=path, line=line)
    return os.path.join(base, value)


def _located(read: Any, where: str) -> Any:
    try:
        return read()
    except OSError as exc:
        raise ParseError(f"cannot read {where!r}: {exc.strerror or exc}") from None
    except BridgeError as exc:
        if exc.source is None:
            raise exc.located(source=where) from None
        raise


def _pairs(doc: _Doc, node: Any, path: str, line: int) -> dict[str, PairInfo]:
    import yaml

    if not isinstance(node, yaml.MappingNode):
        raise ParseError("pairs is a mapping of pair numbers to names", source=path, line=line)
    out: dict[str, PairInfo] = {}
    for key_node, val_node in node.value:
        at = key_node.start_mark.line + 1
        number = str(doc.value(key_node)).strip()
        if number in out:
            raise ParseError(f"pair {number!r} is listed twice", source=path, line=at)
        value = doc.value(val_node)
        if isinstance(value, str):
            value = {"names": [n.strip() for n in value.split("&")]} if "&" in value else {"names": [value]}
        elif isinstance(value, list):
            value = {"names": value}
        if not isinstance(value, dict):
            raise ParseError(f"pair {number!r}: names, or a mapping with names, club, members", source=path, line=at)
        unknown = set(value) - {"names", "club", "members"}
        if unknown:
            raise ParseError(f"pair {number!r}: unknown key {min(map(str, unknown))!r} (known: names, club, members)",
                             source=path, line=at)
        names = value.get("names") or []
        members = value.get("members") or []
        if not isinstance(names, list) or not isinstance(members, list):
            raise ParseError(f"pair {number!r}: names and members are lists", source=path, line=at)
        if len(members) > len(names):
            raise ParseError(f"pair {number!r}: {len(members)} member numbers for {len(names)} names",
                             source=path, line=at)
        out[number] = PairInfo(number, tuple(_text(n, "a name", path, at) for n in names),
                               _text(value.get("club"), "club", path, at) or None,
                               tuple(_text(m, "a member number", path, at) for m in members))
    return out


def _scoring(value: Any, path: str, line: int) -> EventScoring:
    if isinstance(value, str):  # a PBN Scoring tag: MP, IMP;Butler-2, IMP;Cross2 ...
        return EventScoring.from_pbn(value) or DEFAULT_SCORING
    if not isinstance(value, dict):
        raise ParseError(f"scoring is a mapping ({', '.join(_SCORING_KEYS)}) or a PBN Scoring tag",
                         source=path, line=line)
    kwargs: dict[str, Any] = {}
    for key, v in value.items():
        name = str(key).replace("-", "_")
        if name not in _SCORING_KEYS:
            raise ParseError(f"unknown scoring key {str(key)!r} (known: {', '.join(_SCORING_KEYS)})",
                             source=path, line=line)
        kwargs[name] = v
    try:
        return EventScoring(**kwargs)
    except ValueError as exc:
        raise ParseError(f"scoring: {exc}", source=path, line=line) from None


def _inline_results(doc: _Doc, node: Any, path: str) -> tuple[TableResult, ...]:
    from bridgecli.formats.traveller import results_from_rows

    rows: list[tuple[int | None, Mapping[str, Any]]] = []
    for item in node.value:
        at = item.start_mark.line + 1
        value = doc.value(item)
        if not isinstance(value, dict):
            raise ParseError("a result is a mapping (board, ns, ew, contract, ...)", source=path, line=at)
        rows.append((at, value))
    return tuple(results_from_rows(rows, path))


def _boards_of(where: str) -> dict[str, Board]:
    from bridgecli import formats

    def read() -> list[Board]:
        with open(where, "rb") as fp:
            text = decode(fp.read(), where)
        return formats.read_boards(text, formats.resolve_format(where, text, None), where)

    out: dict[str, Board] = {}
    for board in _located(read, where):
        if board.deal is not None and board.number is not None:
            out.setdefault(str(board.number), board)
    return out


def _deals_of(where: str) -> dict[str, Board]:
    """The deals of a results file that holds boards (none for a traveller)."""
    from bridgecli import formats

    if where.lower().endswith(".csv") or formats.format_from_path(where) in (None, "yaml"):
        return {}
    return _boards_of(where)


def _bare(path: str) -> Session:
    hints = EventHints()
    results = tuple(_located(lambda: read_results(path, hints=hints), path))
    return _named_by_boards(Session(results, boards=_deals_of(path), scoring=hints.conventions() or DEFAULT_SCORING))


def _bare_text(text: str, source: str) -> Session:
    """The session of a bare results file read already (the standard input)."""
    from bridgecli import formats

    hints = EventHints()
    results = tuple(_located(lambda: read_results(text if "\n" in text else text + "\n", hints=hints), source))
    boards: dict[str, Board] = {}
    first_line = text.lstrip("\ufeff \t\r\n").split("\n", 1)[0].lower()
    fmt = None if first_line.startswith("board") and "," in first_line else formats.sniff(text)
    if fmt in ("pbn", "json", "lin"):
        for board in formats.read_boards(text, fmt, source):
            if board.deal is not None and board.number is not None:
                boards.setdefault(str(board.number), board)
    return _named_by_boards(Session(results, boards=boards, scoring=hints.conventions() or DEFAULT_SCORING))


def _named_by_boards(session: Session) -> Session:
    """``session`` with the event, date and site of its first board's tags."""
    first = next(iter(session.boards.values()), None)
    if first is None:
        return session
    return Session(session.results, first.tag("Event") or None, first.tag("Date") or None,
                   first.tag("Site") or None, _total_score_pairs(session.boards.values()), session.boards,
                   session.scoring)


def _total_score_pairs(boards: Iterable[Board]) -> dict[str, PairInfo]:
    """The pairs a ``TotalScoreTable`` names (``PairId``, ``Names`` joined by `` - ``,
    ``Club``, ``MemberID1``/``MemberID2``), as Magic Contest, Ruter and ``results --to pbn``
    write it; empty when no board has one."""
    from bridgecli.formats.traveller import table_cells

    for board in boards:
        for section in board.sections:
            if section.name != "TotalScoreTable":
                continue
            names = [c.split("\\", 1)[0].strip().lstrip("+-").lower() for c in section.header.split(";")]
            if "pairid" not in names or "names" not in names:
                return {}
            out: dict[str, PairInfo] = {}
            for row in section.rows:
                cells = {n: ("" if v.strip() == "-" else v.strip()) for n, v in zip(names, table_cells(row))}
                number = cells.get("pairid", "")
                if number:
                    out[number] = PairInfo(number, tuple(n.strip() for n in cells.get("names", "").split(" - ")
                                                         if n.strip()), cells.get("club") or None,
                                           tuple(m for m in (cells.get("memberid1"), cells.get("memberid2")) if m))
            return out
    return {}


def _check_pairs(session: Session, path: str) -> None:
    """Every pair of the results is in ``pairs:`` (pair 1 of section A as ``A1`` when two
    sections number their pairs alike: see :func:`~bridgecli.core.events.section_plan`)."""
    from bridgecli.core.events import section_pair, section_plan

    if not session.pairs:
        return
    told_apart = section_plan(session.results, session.scoring)[1]
    for r in session.results:
        for number in (r.ns, r.ew):
            number = section_pair(r.section, number) if told_apart else number
            if number not in session.pairs:
                raise RuleError(f"pair {number!r} of board {r.board} is not in pairs:", source=path,
                                line=r.line)


def _solved(session: Session) -> Session:
    from bridgecli.core.ddtable import dd_table
    from bridgecli.solver.analysis import analyse_stream

    todo = [b for b in session.boards.values() if dd_table(b) is None]
    if not todo:
        return session
    boards = dict(session.boards)
    for item in analyse_stream(todo):
        if isinstance(item, BridgeError):
            raise item
        board = getattr(item, "annotated", None)
        if board is not None:
            solved = item.annotated()  # type: ignore[union-attr]
            boards[str(solved.number)] = solved
    return replace(session, boards=boards)


# -- the site on disk --------------------------------------------------------------


def write_site(pages: Mapping[str, str], target: str) -> None:
    """Write ``pages`` (name -> text) as the directory ``target``, never half-written: into a
    temporary directory beside it, renamed into place at the end. An existing ``target``
    must be empty or a site written before (it holds the marker file
    :data:`MARKER`); it is replaced whole. A symbolic link's target is replaced, the link kept.

    Raises ParseError for a target that is a file or a directory of something else,
    OSError when it cannot be written (the target is then left as it was).
    """
    import shutil
    import tempfile

    target = os.path.normpath(target)
    if os.path.islink(target):  # the link's target is replaced, the link kept
        target = os.path.realpath(target)
    if os.path.lexists(target):
        if not os.path.isdir(target):
            raise ParseError(f"{target!r} is not a directory")
        if os.listdir(target) and not os.path.isfile(os.path.join(target, MARKER)):
            raise ParseError(f"{target!r} is not empty and holds no site written by bridgecli ({MARKER})")
    parent = os.path.dirname(os.path.abspath(target))
    temp = tempfile.mkdtemp(prefix=".site-", dir=parent)
    old = None
    try:
        for name, text in {**pages, MARKER: _MARKER_TEXT}.items():
            with open(os.path.join(temp, name), "w", encoding="utf-8", newline="\n") as fp:
                fp.write(text)
        os.chmod(temp, 0o777 & ~_umask())
        if os.path.isdir(target):
            old = tempfile.mkdtemp(prefix=".site-old-", dir=parent)
            os.rmdir(old)
            os.rename(target, old)
        os.rename(temp, target)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        if old is not None and not os.path.exists(target):
            os.rename(old, target)
            old = None
        raise
    finally:
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)


_MARKER_TEXT = "A results site written by bridgecli: `bridgecli results -o` may replace this directory.\n"


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
