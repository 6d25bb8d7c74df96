"""A session's results out to other programs: PBN boards with a ``ScoreTable`` each and the
ranking in a ``TotalScoreTable`` (PBN 2.1 §5), the layout Magic Contest and Ruter write.

Each board of the session becomes a PBN game: its deal when the session has it (with the
deal's own tags: double-dummy table, par...), the event's ``Event``/``Date``/``Site``,
``Scoring "MP"`` for a matchpoint ranking (``MP;MP2`` on the ACBL scale), and a ``ScoreTable`` a row a table
(``PairId_NS;PairId_EW;Contract;Declarer;Result;Lead;Score_NS;Score_EW;MP_NS;MP_EW;
Percentage_NS;Percentage_EW``, after ``Table;Round`` when the results say where each was
played: ``Result`` is the tricks declarer took, a score is on its side's column, ``-`` an
empty cell). The first board also carries the ``TotalScoreTable``:
``Rank;PairId;Direction;TotalScoreMP;TotalPercentage;Names;NrBoards;Club;MemberID1;MemberID2``.
``bridgecli score --event`` and ``results`` read such a file back to the same results.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bridgecli.core.board import Board, Section
from bridgecli.core.events import PairsEvent, ResultScore

from .session import Session

__all__ = ["USEBIO_SCORING", "results_boards", "results_pbn", "results_usebio"]

_SCORE_COLUMNS = (("PairId_NS", "R"), ("PairId_EW", "R"), ("Contract", "L"), ("Declarer", "R"), ("Result", "R"),
                  ("Lead", "L"), ("Score_NS", "R"), ("Score_EW", "R"), ("MP_NS", "R"), ("MP_EW", "R"),
                  ("Percentage_NS", "R"), ("Percentage_EW", "R"))
_TOTAL_COLUMNS = (("Rank", "R"), ("PairId", "R"), ("Direction", "R"), ("TotalScoreMP", "R"),
                  ("TotalPercentage", "R"), ("Names", "L"), ("NrBoards", "R"), ("Club", "L"), ("MemberID1", "R"),
                  ("MemberID2", "R"))


def _cell(text: str) -> str:
    """A table cell: ``-`` when empty, quoted when it holds a space, a quote or a ``;``."""
    if not text:
        return "-"
    if any(ch in text for ch in ' \t";{}[]') or text == "-":
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return text


def _section(name: str, columns: Sequence[tuple[str, str]], rows: Sequence[Sequence[str]]) -> Section:
    """A table section whose header gives each column's width and alignment (``PairId_NS\\2R``)."""
    cells = [[_cell(v) for v in row] for row in rows]
    widths = [max([1, *(len(r[i]) for r in cells)]) for i in range(len(columns))]
    header = ";".join(f"{col}\\{w}{align}" for (col, align), w in zip(columns, widths))
    lines = tuple(" ".join(v.rjust(w) if align == "R" else v.ljust(w)
                           for v, w, (_col, align) in zip(row, widths, columns)).rstrip() for row in cells)
    return Section(name, header, lines)


def _num(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".") if x != int(x) else str(int(x))


def _score_row(rs: ResultScore) -> list[str]:
    r = rs.result
    c = r.contract
    if c is not None and c.is_passout:
        contract, declarer, tricks = "Pass", "", ""
    else:
        contract = "" if c is None else c.pbn
        declarer = "" if c is None or c.declarer is None else c.declarer.letter
        tricks = "" if r.tricks is None else str(r.tricks)
    if r.adjusted is not None:
        ns_text, _, ew_text = r.adjusted.text.partition("/")
        ns, ew = ns_text, ew_text or ns_text
    elif r.assigned is not None:
        ns, ew = r.assigned.text, ""
    else:
        ns, ew = (str(r.score), "") if r.score > 0 else ("", str(-r.score)) if r.score < 0 else ("0", "")
    top = rs.top or 1
    return [r.ns, r.ew, contract, declarer, tricks, r.lead or "", ns, ew, _num(rs.mp_ns), _num(rs.mp_ew),
            _num(round(100 * rs.mp_ns / top)), _num(round(100 * rs.mp_ew / top))]


def results_boards(session: Session, event: PairsEvent) -> list[Board]:
    """The session's boards in board order, each with its ``ScoreTable``, the first with the
    ``TotalScoreTable`` (see the module docstring)."""
    by_board: dict[str, list[ResultScore]] = {}
    for rs in event.results:
        by_board.setdefault(rs.result.board, []).append(rs)
    seated = any(rs.result.table or rs.result.round for rs in event.results)
    out: list[Board] = []
    for i, label in enumerate(session.board_labels()):
        board = session.boards.get(label) or Board(number=int(label) if label.isdigit() else None)
        tags = {k: v for k, v in board.tags.items() if k not in ("Board", "Event", "Date", "Site", "Scoring")}
        for key, value in (("Event", session.name), ("Date", session.date), ("Site", session.club)):
            tags[key] = (value or "").replace("-", ".") if key == "Date" else value or ""
        if not label.isdigit():
            tags["Board"] = label
        if event.conventions.rank_by == "mp":
            tags["Scoring"] = "MP;MP2" if event.conventions.mp_scale == "mp2" and event.conventions.mp_top is None else "MP"
        sections = [s for s in board.sections if s.name not in ("ScoreTable", "TotalScoreTable")]
        rows = [_score_row(rs) for rs in by_board[label]]
        columns: tuple[tuple[str, str], ...] = _SCORE_COLUMNS
        if seated:  # where each result was played, first, as Magic Contest writes it
            columns = (("Table", "R"), ("Round", "R"), *_SCORE_COLUMNS)
            rows = [[rs.result.table or "", rs.result.round or "", *row] for rs, row in zip(by_board[label], rows)]
        sections.append(_section("ScoreTable", columns, rows))
        if i == 0:
            sections.append(_section("TotalScoreTable", _TOTAL_COLUMNS, _total_rows(session, event)))
        out.append(board.replace(tags=tags, sections=tuple(sections)))
    return out


def _total_rows(session: Session, event: PairsEvent) -> list[list[str]]:
    from .session import standings_by_direction

    rows = []
    for p in (p for _d, group in standings_by_direction(event.standings) for p in group):
        info = session.pair(p.pair)
        members = [*info.members, "", ""][:2]
        direction = {"NS": "N-S", "EW": "E-W"}.get(p.direction, "")
        rows.append([p.rank, p.pair, direction, _num(round(p.mp, 2)), _num(round(p.percentage, 2)),
                     " - ".join(info.names), str(p.boards), info.club or "", *members])
    return rows


def results_pbn(session: Session, event: PairsEvent) -> str:
    """The PBN text of :func:`results_boards`."""
    from bridgecli import formats

    return formats.write_boards(results_boards(session, event), "pbn")


# -- USEBIO 1.2 -----------------------------------------------------------------------
#
# The XML file national federations take for master points (EBU, NZB, SBU...). Its document
# type definition could not be read while this was written; the layout follows what
# independent producers of USEBIO 1.2 files agree on (a club scorer, a stratification
# program, a results appliance and the readers of such files), as facts, with the
# choices made where they differ named below (docs/commands/results.md says the same).

#: The board scoring a ranking gives (USEBIO ``BOARD_SCORING_METHOD``).
USEBIO_SCORING = {"mp": "MATCH_POINTS", "butler": "BUTLER_IMPS", "cross": "CROSS_IMPS"}


def _usebio_date(date: str | None) -> str:
    """A date as USEBIO 1.2 files give it, ``DD/MM/YYYY`` (an ISO date turned round; any other
    text as written)."""
    text = (date or "").strip()
    parts = text.split("-")
    if len(parts) == 3 and all(p.isdigit() for p in parts) and len(parts[0]) == 4:
        return f"{parts[2]:0>2}/{parts[1]:0>2}/{parts[0]}"
    return text


def _usebio_number(x: float) -> str:
    """A matchpoint, IMP or percentage figure: whole numbers bare, else up to two decimals."""
    return _num(round(x, 2))


def _section_number(section: str | None, label: str) -> str:
    """The pair's number within its section (``A1`` -> ``1``; see
    :func:`~bridgecli.core.events.section_pair`)."""
    if section and label.startswith(section) and label != section:
        return label[len(section):].strip()
    return label


def results_usebio(session: Session, event: PairsEvent, program_version: str | None = None) -> str:
    """The session as a USEBIO 1.2 XML document (UTF-8, declared): ``USEBIO`` > ``CLUB``
    (``CLUB_NAME``, ``CLUB_ID_NUMBER``) and ``EVENT EVENT_TYPE="PAIRS"`` (the program, the
    event's description and ``DD/MM/YYYY`` date, ``BOARD_SCORING_METHOD``,
    ``BOARDS_PLAYED``, ``WINNER_TYPE``), then the ``PARTICIPANTS`` (a ``PAIR`` each:
    ``PAIR_NUMBER``, ``DIRECTION``, ``PLACE``, ``PERCENTAGE`` or the IMPs' ``TOTAL_SCORE``,
    its ``PLAYER``\\ s with ``PLAYER_NAME`` and ``NATIONAL_ID_NUMBER``) and a ``BOARD`` a
    board (``BOARD_NUMBER``, a ``TRAVELLER_LINE`` a table: pairs, ``CONTRACT``,
    ``PLAYED_BY``, ``LEAD``, ``TRICKS``, N-S ``SCORE``, each side's ``..._MATCH_POINTS``
    or ``..._IMPS``). Results that name two or more sections are written a ``SECTION`` each
    (in one ``SESSION``), pairs numbered within their section. ``program_version`` is written
    as ``PROGRAM_VERSION`` when given (the command gives bridgecli's). Raises ValueError for an
    individual event (USEBIO's layout of one is not written)."""
    import xml.etree.ElementTree as ET

    conv = event.conventions
    if conv.individual:
        raise ValueError("USEBIO is written for pairs events, not an individual")
    imps = conv.rank_by != "mp"

    def sub(parent: ET.Element, tag: str, text: object = None, **attrs: str) -> ET.Element:
        elem = ET.SubElement(parent, tag, attrs)
        if text is not None:
            elem.text = str(text)
        return elem

    root = ET.Element("USEBIO", {"Version": "1.2"})
    club = sub(root, "CLUB")
    sub(club, "CLUB_NAME", session.club or "")
    sub(club, "CLUB_ID_NUMBER", "")
    ev = sub(root, "EVENT", EVENT_TYPE="PAIRS")
    sub(ev, "PROGRAM_NAME", "bridgecli")
    if program_version:
        sub(ev, "PROGRAM_VERSION", program_version)
    sub(ev, "EVENT_DESCRIPTION", session.name or "")
    sub(ev, "DATE", _usebio_date(session.date))
    sub(ev, "BOARD_SCORING_METHOD", USEBIO_SCORING[conv.rank_by])
    sub(ev, "BOARDS_PLAYED", len({rs.result.board for rs in event.results}))
    two = any(p.field.endswith(("NS", "EW")) for p in event.standings)
    sub(ev, "WINNER_TYPE", 2 if two else 1)

    sections = sorted({rs.result.section or "" for rs in event.results})
    if len(sections) > 1:
        sess = sub(ev, "SESSION", SESSION_ID="1")
        holders = {name: sub(sess, "SECTION", SECTION_ID=name) for name in sections}
    else:
        holders = {sections[0] if sections else "": ev}
    pair_section: dict[tuple[str, str], str] = {}
    for rs in event.results:
        r = rs.result
        pair_section.setdefault((r.ns, "NS"), r.section or "")
        pair_section.setdefault((r.ew, "EW"), r.section or "")
    by_section: dict[str, list[ResultScore]] = {name: [] for name in holders}
    for rs in event.results:
        by_section[rs.result.section or ""].append(rs)

    from .session import standings_by_direction

    ranked = [p for _d, group in standings_by_direction(event.standings) for p in group]
    for name, holder in holders.items():
        participants = sub(holder, "PARTICIPANTS")
        for p in ranked:
            direction = p.direction if p.direction in ("NS", "EW") else ""
            where = pair_section.get((p.pair, direction or "NS"), pair_section.get((p.pair, "EW"), ""))
            if where != name:
                continue
            pair = sub(participants, "PAIR")
            sub(pair, "PAIR_NUMBER", _section_number(name, p.pair))
            if direction:
                sub(pair, "DIRECTION", direction)
            sub(pair, "PLACE", p.rank.rstrip("="))
            if imps:
                sub(pair, "TOTAL_SCORE", _usebio_number(p.cross_imps if conv.rank_by == "cross" else p.butler))
            else:
                sub(pair, "PERCENTAGE", f"{p.percentage:.2f}")
            info = session.pair(p.pair)
            for i, player in enumerate(info.names):
                person = sub(pair, "PLAYER")
                sub(person, "PLAYER_NAME", player)
                if i < len(info.members) and info.members[i]:
                    sub(person, "NATIONAL_ID_NUMBER", info.members[i])
        boards: dict[str, list[ResultScore]] = {}
        for rs in by_section[name]:
            boards.setdefault(rs.result.board, []).append(rs)
        for label, lines in boards.items():
            board = sub(holder, "BOARD")
            sub(board, "BOARD_NUMBER", label)
            for rs in lines:
                _usebio_line(sub(board, "TRAVELLER_LINE"), rs, name, conv.rank_by, sub)
    ET.indent(root, "  ")
    body = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">\n'
            f"{body}\n")


def _usebio_line(line: Any, rs: ResultScore, section: str, rank_by: str, sub: Any) -> None:
    """The children of one ``TRAVELLER_LINE``: an artificial adjusted score is its ``SCORE``,
    ``A`` and each side's percentage (``A6040``), with no contract."""
    r = rs.result
    sub(line, "NS_PAIR_NUMBER", _section_number(section, r.ns))
    sub(line, "EW_PAIR_NUMBER", _section_number(section, r.ew))
    c = r.contract
    if r.adjusted is not None:
        sub(line, "SCORE", f"A{r.adjusted.ns:g}{r.adjusted.ew:g}")
    else:
        if c is not None:
            sub(line, "CONTRACT", c.pbn)
            if c.declarer is not None and not c.is_passout:
                sub(line, "PLAYED_BY", c.declarer.letter)
        if r.lead:
            sub(line, "LEAD", r.lead)
        if r.tricks is not None and c is not None and not c.is_passout:
            sub(line, "TRICKS", r.tricks)
        sub(line, "SCORE", r.score)
    if rank_by == "mp":
        sub(line, "NS_MATCH_POINTS", _usebio_number(rs.mp_ns))
        sub(line, "EW_MATCH_POINTS", _usebio_number(rs.mp_ew))
        return
    if rank_by == "cross":
        ns, ew = rs.cross_ns, -rs.cross_ns if rs.cross_ew is None else rs.cross_ew
    else:
        ns, ew = rs.butler_ns, -rs.butler_ns if rs.butler_ew is None else rs.butler_ew
    sub(line, "NS_IMPS", _usebio_number(ns))
    sub(line, "EW_IMPS", _usebio_number(ew))
