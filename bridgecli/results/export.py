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

from bridgecli.core.board import Board, Section
from bridgecli.core.events import PairsEvent, ResultScore

from .session import Session

__all__ = ["results_boards", "results_pbn"]

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
