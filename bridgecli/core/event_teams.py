"""A team match from its table results: the two rooms' scores of each board compared in
IMPs, the totals and the victory points.

The home team sits N-S in the open room and E-W in the closed room, and wins
``imps(open N-S - closed N-S)`` on a board. An artificial adjusted score (Law 12C2) in either
room decides the board, counted once (Law 86). Everything is pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import RuleError
from .event_adjusted import Outcomes
from .events import TableResult, board_key
from .imps import imps, victory_points

__all__ = ["TeamBoard", "TeamMatch", "is_team_event", "team_match"]


@dataclass(frozen=True, slots=True)
class TeamBoard:
    """One board of a team match: the two rooms' results."""

    board: str
    """Board label."""
    open: TableResult
    """The open-room result (home team N-S)."""
    closed: TableResult
    """The closed-room result (home team E-W)."""
    imps_home: float
    """IMPs of the board to the home team (negative: to the visitors). A whole number, but for
    a board decided by artificial adjusted scores that do not balance, where it is the mean of
    the two teams' own scores (Law 86A), which may end in .5."""


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A team match scored board by board."""

    home: str
    """The home team: N-S of the open room and E-W of the closed room."""
    visitors: str
    """The visiting team."""
    boards: tuple[TeamBoard, ...]
    """Boards with both rooms' results."""
    home_imps: float
    """IMPs won by the home team: the sum of the boards it won (a whole number unless a
    board was adjusted with scores that do not balance)."""
    visitors_imps: float
    """IMPs won by the visitors, likewise."""
    home_vp: float = 10.0
    """The home team's victory points on the WBF continuous 20-point scale for the match's
    margin and number of boards (:func:`~bridgecli.core.imps.victory_points`)."""
    visitors_vp: float = 10.0
    """The visitors' victory points (20 less the home team's)."""


def is_team_event(results: Sequence[TableResult]) -> bool:
    """True when every result names a room."""
    return bool(results) and all(r.room for r in results)


def _whole(x: float) -> float:
    """``x`` as an int when it is whole (IMPs print as 3, not 3.0)."""
    return int(x) if float(x).is_integer() else x


def _adjusted_team_board(o: TableResult, c: TableResult) -> float:
    """The home team's IMPs on a board where a room has an artificial adjusted score.

    The artificial score decides the board: each team gets its own IMPs (average plus +3,
    average minus -3), summed over the rooms where it was given, home sitting N-S in the open
    room and E-W in the closed. The board is counted once: when the two teams' scores
    balance (home -3, visitors +3) the board is 3 IMPs to the visitors, not a swing of 6;
    when they do not (both average plus), the board is the mean of the home team's score and
    the negation of the visitors' (Law 86A for a match: each side's score calculated apart
    and their average given to both).
    """
    home = away = 0.0
    for room_result, home_ns in ((o, True), (c, False)):
        adj = room_result.adjusted
        if adj is not None:
            home += adj.ns_imps if home_ns else adj.ew_imps
            away += adj.ew_imps if home_ns else adj.ns_imps
    return _whole(round((home - away) / 2, 6))


def _assigned_team_board(o: TableResult, c: TableResult) -> float:
    """The home team's IMPs on a board with an assigned score (Law 12C1) in a room: each
    outcome's IMPs by its weight; when a split score gives the teams different outcomes, the
    board is the mean of the IMPs home's outcomes give and those the visitors' give (Law 86A)."""
    def outcomes(r: TableResult, side: str) -> Outcomes:
        if r.assigned is None:
            return ((1.0, r.score),)
        return r.assigned.ns if side == "ns" else r.assigned.ew

    def weighted(open_: Outcomes, closed: Outcomes) -> float:
        return sum(wa * wb * imps(a - b) for wa, a in open_ for wb, b in closed)

    home = weighted(outcomes(o, "ns"), outcomes(c, "ew"))  # home: N-S in the open room, E-W in the closed
    visitors = weighted(outcomes(o, "ew"), outcomes(c, "ns"))
    return _whole(round((home + visitors) / 2, 6))


def team_match(results: Sequence[TableResult]) -> TeamMatch:
    """Score a team match from results in the open and closed rooms.

    Boards played in only one room are left out. Raises RuleError for a
    room that is neither open nor closed, or a board played twice in a room.
    """
    rooms: dict[str, dict[str, TableResult]] = {}
    for r in results:
        room = (r.room or "").strip().lower()
        if room not in ("open", "closed"):
            raise RuleError(f"room must be open or closed, not {r.room!r}", board=r.board, line=r.line)
        per_board = rooms.setdefault(r.board, {})
        if room in per_board:
            raise RuleError(f"two results in the {room} room", board=r.board, line=r.line)
        per_board[room] = r
    boards: list[TeamBoard] = []
    home_names: list[str] = []
    away_names: list[str] = []
    for label in sorted(rooms, key=board_key):
        pair = rooms[label]
        if "open" not in pair or "closed" not in pair:
            continue
        o, c = pair["open"], pair["closed"]
        for name, names in ((o.ns, home_names), (c.ew, home_names), (o.ew, away_names), (c.ns, away_names)):
            if name and name not in names:
                names.append(name)
        if o.adjusted is None and c.adjusted is None:
            if o.assigned is None and c.assigned is None:
                boards.append(TeamBoard(label, o, c, imps(o.score - c.score)))
            else:
                boards.append(TeamBoard(label, o, c, _assigned_team_board(o, c)))
            continue
        boards.append(TeamBoard(label, o, c, _adjusted_team_board(o, c)))
    home = _whole(sum(b.imps_home for b in boards if b.imps_home > 0))
    away = _whole(-sum(b.imps_home for b in boards if b.imps_home < 0))
    home_vp, away_vp = victory_points(home - away, len(boards)) if boards else (10.0, 10.0)
    return TeamMatch(" + ".join(home_names) or "home", " + ".join(away_names) or "visitors",
                     tuple(boards), home, away, home_vp, away_vp)
