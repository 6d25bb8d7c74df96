"""A rubber kept player by player: the score sheet of the variants.

Contract bridge keeps a rubber per side (``bridgecli.core.rubber``); in the
variants each player plays for himself (Booby) or against one opponent
(Nullo, Szlem, Chinese and two-handed bridge), so the sheet has a column a
player. A player who has won a game is vulnerable; a game is ``scale.game``
points below the line (100; Szlem 20), after which a line is drawn and every
player starts the next game from nothing; the first player to win two games
wins the rubber and its premium (2-0 or 2-1). "Gdy jeden z przeciwników zrobi
drugą z kolejnej partię (robra), sumuje się wszystkie zdobyte punkty obydwu
graczy - różnica ich stanowi przegraną."
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from bridgecli.core.cards import Seat
from bridgecli.core.rubber import PlayerScore, settlement
from bridgecli.core.scoring import ScoreBreakdown


@dataclass(frozen=True, slots=True)
class RubberScale:
    """The numbers of a rubber."""

    game: int
    """Points below the line that make a game."""
    two_nil: int
    """Rubber premium when the winner's opponents have no game."""
    two_one: int
    """Rubber premium when an opponent has won a game."""
    unfinished_game: int = 0
    """Premium to a player with a game in a rubber the session stops before it is won."""
    unfinished_partscore: int = 0
    """Premium to a player with a part-score in the unfinished game of such a rubber."""


#: Contract bridge's rubber (RULES.md section 7): game 100, rubber 700 or 500; a rubber the
#: session stops unfinished pays 300 for a game and 100 for a part-score in the game in
#: progress, as ``rubber`` pays them in contract bridge. Nullo, Chinese and two-handed bridge
#: score "jak w brydżu tradycyjnym" (as in traditional bridge), so they take these numbers, and
#: Booby, which the text gives no table of its own, too.
BRIDGE_SCALE = RubberScale(100, 700, 500, 300, 100)
#: Szlem: "Partia składa się z 20 punktów"; "Premia za robra po dwóch partiach - 150pkt;
#: premia za robra po trzech partiach - 100pkt." Szlem has its own table, which says nothing
#: of an unfinished rubber: it is settled as it stands.
SZLEM_SCALE = RubberScale(20, 150, 100)


@dataclass(frozen=True, slots=True)
class DealPlayed:
    """One deal for the sheet: who declared, what the score is for a vulnerability, who
    else writes the penalty, and the honours held."""

    declarer: Seat
    """The declarer."""
    score: Callable[[bool], ScoreBreakdown]
    """The deal's score from declarer's side, given declarer's vulnerability."""
    defenders: tuple[Seat, ...]
    """The players who each write the penalty of a failed contract above their line."""
    honours: Mapping[Seat, int] = field(default_factory=dict)
    """Honours premiums, by the player who writes them."""
    label: str = ""
    """How the deal is named on the sheet (``Board 3``)."""


@dataclass(slots=True)
class Column:
    """One player's column of the sheet."""

    below: int = 0
    """Points below the line, all games."""
    game: int = 0
    """Points below the line in the game in progress."""
    above: int = 0
    """Points above the line, rubber premium included."""
    games: int = 0
    """Games won in this rubber."""

    @property
    def total(self) -> int:
        """Below plus above."""
        return self.below + self.above


@dataclass(frozen=True, slots=True)
class SheetLine:
    """What one deal wrote, for the record."""

    label: str
    """The deal's label."""
    declarer: Seat
    """The declarer."""
    vulnerable: bool
    """Declarer's vulnerability on this deal."""
    breakdown: ScoreBreakdown
    """The deal's score."""
    game_won: bool
    """The deal completed a game for declarer."""


@dataclass(slots=True)
class RubberSheet:
    """The running sheet of one rubber, a column a player."""

    players: tuple[Seat, ...]
    """The players, in seating order."""
    scale: RubberScale
    """Game and rubber premiums."""
    columns: dict[Seat, Column] = field(default_factory=dict)
    """The columns by player."""
    lines: list[SheetLine] = field(default_factory=list)
    """What each deal wrote."""
    winner: Seat | None = None
    """Who won the rubber, once over."""
    unfinished: dict[Seat, int] = field(default_factory=dict)
    """The premiums :meth:`close` wrote above the line, by player (none while the rubber runs)."""

    def __post_init__(self) -> None:
        for p in self.players:
            self.columns.setdefault(p, Column())

    @property
    def over(self) -> bool:
        """A player has won two games."""
        return self.winner is not None

    def vulnerable(self, player: Seat) -> bool:
        """Whether ``player`` has won a game ("po partii")."""
        return self.columns[player].games >= 1

    def add(self, deal: DealPlayed) -> None:
        """Write a deal. Raises ValueError once the rubber is over or for an unknown player."""
        if self.over:
            raise ValueError("the rubber is over")
        if deal.declarer not in self.columns:
            raise ValueError(f"{deal.declarer.letter} does not play in this rubber")
        vul = self.vulnerable(deal.declarer)
        bd = deal.score(vul)
        col = self.columns[deal.declarer]
        won_game = False
        if bd.made:
            col.below += bd.trick_score
            col.game += bd.trick_score
            col.above += bd.above_the_line
            if col.game >= self.scale.game:
                won_game = True
                col.games += 1
                for other in self.columns.values():
                    other.game = 0
        else:
            for d in deal.defenders:
                self.columns[d].above += -bd.undertricks
        for player, points in deal.honours.items():
            self.columns[player].above += points
        self.lines.append(SheetLine(deal.label, deal.declarer, vul, bd, won_game))
        if col.games == 2:
            self.winner = deal.declarer
            col.above += self.rubber_bonus

    def close(self) -> None:
        """Score a rubber the session stopped before anyone won it: ``scale.unfinished_game``
        to each player with a game, ``scale.unfinished_partscore`` to each with a part-score in
        the game in progress. A rubber won, or closed already, is unchanged."""
        if self.over or self.unfinished:
            return
        for player, col in self.columns.items():
            premium = (self.scale.unfinished_game if col.games else 0) + (
                self.scale.unfinished_partscore if col.game else 0)
            if premium:
                col.above += premium
                self.unfinished[player] = premium

    @property
    def rubber_bonus(self) -> int:
        """The winner's rubber premium (2-0 or 2-1); 0 while nobody has won."""
        if self.winner is None:
            return 0
        others = any(c.games for p, c in self.columns.items() if p != self.winner)
        return self.scale.two_one if others else self.scale.two_nil

    def totals(self) -> dict[Seat, int]:
        """Each player's total, below and above the line."""
        return {p: c.total for p, c in self.columns.items()}


def player_points(sheet: RubberSheet, rounding: str = "nearest") -> dict[Seat, tuple[int, int | float]]:
    """Each player's result in the rubber as (points, units): against each other player he
    wins (or loses) the difference of their totals, settled in hundreds with
    :func:`bridgecli.core.rubber.settlement`; with two players that is the one difference
    ("różnica ich stanowi przegraną"), with three (Booby) each pair settles apart.
    Raises ParseError for an unknown rounding."""
    totals = sheet.totals()
    out: dict[Seat, tuple[int, int | float]] = {}
    for p in sheet.players:
        points = 0
        units: int | float = 0
        for q in sheet.players:
            if q != p:
                points += totals[p] - totals[q]
                units += settlement(totals[p] - totals[q], rounding)
        out[p] = (points, units)
    return out


def standings(sheets: Sequence[RubberSheet], names: Mapping[Seat, str], rounding: str = "nearest"
              ) -> list[list[PlayerScore]]:
    """For each rubber, every player's :func:`player_points` and running totals, as the
    core's :class:`~bridgecli.core.rubber.PlayerScore` rows named by ``names``."""
    running: dict[Seat, tuple[int, int | float]] = {}
    out: list[list[PlayerScore]] = []
    for sheet in sheets:
        rows = []
        for p, (points, units) in player_points(sheet, rounding).items():
            tp, tu = running.get(p, (0, 0))
            running[p] = (tp + points, tu + units)
            rows.append(PlayerScore(names.get(p, p.letter), points, units, *running[p]))
        out.append(rows)
    return out


def keep_rubbers(players: Sequence[Seat], scale: RubberScale, deals: Sequence[DealPlayed]) -> list[RubberSheet]:
    """The rubbers the deals make, in order: a new sheet starts after each rubber won. The
    last one is left as the deals leave it; a session that ends there closes it
    (:meth:`RubberSheet.close`).

    Raises ValueError for a declarer who is not one of ``players``.
    """
    sheets = [RubberSheet(tuple(players), scale)]
    for deal in deals:
        if sheets[-1].over:
            sheets.append(RubberSheet(tuple(players), scale))
        sheets[-1].add(deal)
    return sheets
