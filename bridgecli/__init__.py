"""bridgecli: a contract bridge toolkit for the shell, and its Python API.

``import bridgecli as bc`` costs almost nothing: each public name below is
loaded from its module on first use (PEP 562), so that numpy, PyYAML,
tabulate and the DDS solver are imported only by what needs them. The
command each name mirrors is in docs/API.md; the reference pages
(docs/reference/, built by mkdocs) list every name of ``_EXPORTS``.
"""

from __future__ import annotations

import sys as _sys

_main_file = getattr(_sys.modules.get("__main__"), "__file__", None)
if _sys.argv[:1] and (_sys.argv[0] == "-m" or (_sys.argv[0] == _main_file and _sys.argv[0].endswith("bridgecli"))):
    # maybe the bridgecli program starting (not a library import): a Ctrl-C from here on ends
    # it with its one line, never a traceback
    from bridgecli import launch

    if launch.started_as_program(_sys.argv, getattr(_sys, "orig_argv", []), _main_file):
        launch.arm()
del _main_file

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.2.0"

#: public name -> module that defines it
_EXPORTS: dict[str, str] = {
    # boards in and out (convert, show)
    **dict.fromkeys(("read", "write", "loads", "dumps"), "bridgecli.api"),
    # scoring (score, rubber)
    **dict.fromkeys(("score", "breakdown", "imps"), "bridgecli.api"),
    "victory_points": "bridgecli.core.imps",
    **dict.fromkeys(("Score", "ScoreBreakdown"), "bridgecli.core.scoring"),
    **dict.fromkeys(("ScoringRules", "find_rules"), "bridgecli.core.scoring"),
    **dict.fromkeys(("TableResult", "score_pairs"), "bridgecli.core.events"),
    "EventScoring": "bridgecli.core.event_scoring",
    "team_match": "bridgecli.core.event_teams",
    "matchpoints": "bridgecli.core.events",
    "PairsEvent": "bridgecli.core.events",
    "TeamMatch": "bridgecli.core.event_teams",
    **dict.fromkeys(("Adjusted", "Assigned", "Outcomes"), "bridgecli.core.event_adjusted"),
    **dict.fromkeys(("PairStanding", "ResultScore"), "bridgecli.core.events"),
    "TeamBoard": "bridgecli.core.event_teams",
    "Undertricks": "bridgecli.core.scoring",
    **dict.fromkeys(("Rubber", "Session", "DealResult", "Honours", "DealRecord", "Entry", "PlayerScore", "Place"),
                    "bridgecli.core.rubber"),
    **dict.fromkeys(("RubberSheet", "Column", "DealPlayed", "SheetLine", "RubberScale"), "bridgecli.variants.rubber"),
    **dict.fromkeys(("Variant", "PlayOutcome", "Table"), "bridgecli.variants.base"),
    # rubber and variant sessions from results or boards, and their sheets (rubber, rubber --variant)
    **dict.fromkeys(("rubber_session", "variant_session", "VariantSession"), "bridgecli.results.rubber_sessions"),
    "render_sheet": "bridgecli.render.scoresheet",
    # score -, score FILE, score --event
    **dict.fromkeys(("score_lines", "ScoredLine"), "bridgecli.results.line_scores"),
    **dict.fromkeys(("score_boards", "ScoredBoard", "board_table"), "bridgecli.results.boards"),
    **dict.fromkeys(("read_results", "score_event", "Event", "EventHints"), "bridgecli.results.event"),
    # dealing and solving (deal, solve)
    **dict.fromkeys(("solve", "Solution"), "bridgecli.api"),
    **dict.fromkeys(("deal", "deal_stats", "write_deals", "DealStats"), "bridgecli.dealer.session"),
    **dict.fromkeys(("AverageResult", "FrequencyResult"), "bridgecli.dealer.stats"),
    "Predeal": "bridgecli.dealer.plain",
    "simulation": "bridgecli.simulate",
    **dict.fromkeys(("Simulation", "ContractEstimate"), "bridgecli.simulate.result"),
    "SimContract": "bridgecli.simulate.contracts",
    "DDTable": "bridgecli.solver.tables",
    **dict.fromkeys(("ParResult", "ParContract"), "bridgecli.solver.par"),
    # solving a stream of boards (solve FILE)
    "solve_boards": "bridgecli.solver.stream",
    **dict.fromkeys(("BoardAnalysis", "LeadAnalysis", "PlayPosition"), "bridgecli.solver.analysis"),
    "render_analysis": "bridgecli.render.analysis",
    # choosing boards by number (--board 1-4,7)
    "BoardNumbers": "bridgecli.core.board_numbers",
    # the rules core
    **dict.fromkeys(("Board", "AnnotatedCall", "PlayedCard", "Section"), "bridgecli.core.board"),
    "Deal": "bridgecli.core.deal",
    **dict.fromkeys(("Card", "Hand", "Rank", "Seat", "Side", "Strain", "Suit", "Vulnerability"), "bridgecli.core.cards"),
    **dict.fromkeys(("Bid", "Call", "Contract", "Pass", "Double", "Redouble", "PASS", "DOUBLE", "REDOUBLE",
                     "parse_call", "Risk"), "bridgecli.core.calls"),
    **dict.fromkeys(("Auction", "AuctionCheck", "check_calls", "AuctionRules"), "bridgecli.core.auction"),
    **dict.fromkeys(("PlayState", "Replay", "replay_board", "PlayRules", "Trick"), "bridgecli.core.play"),
    # checking the play of many boards (play)
    **dict.fromkeys(("check_play", "check_board", "complete_board", "play_outcome", "PlayCheck", "PlayTally"),
                    "bridgecli.checks.play"),
    "BotGame": "bridgecli.core.playbot",
    "render_play": "bridgecli.render.play",
    # the variants board by board (deal, validate-auction, play --variant NAME)
    **dict.fromkeys(("variant_deals", "check_variant_play", "VariantPlay", "point_auction_verdicts"),
                    "bridgecli.checks.variants"),
    # checking the auctions of boards (validate-auction)
    **dict.fromkeys(("check_auction", "check_auctions", "AuctionVerdict", "AuctionChecks"), "bridgecli.checks.auctions"),
    # drawing boards (show)
    "render_board": "bridgecli.render.text",
    "render_html": "bridgecli.render.html",
    "render_svg": "bridgecli.render.svg",
    # movements for a duplicate evening (movement)
    **dict.fromkeys(("Movement", "Seating"), "bridgecli.movements.model"),
    **dict.fromkeys(("MovementReport", "find_movement", "check_movement"), "bridgecli.movements"),
    **dict.fromkeys(("Balance", "Finding"), "bridgecli.movements.checks"),
    # variants and languages
    "find_variant": "bridgecli.variants",
    **dict.fromkeys(("get_language", "Language"), "bridgecli.core.notation"),
    "Tokens": "bridgecli.core.lexicon",
    # errors
    **dict.fromkeys(("BridgeError", "ParseError", "RuleError", "IllegalCallError", "IllegalPlayError",
                     "InvalidDealError", "MismatchError"), "bridgecli.core.errors"),
    "SolverMissingError": "bridgecli.solver.dds",
}

__all__ = [
    "DOUBLE",
    "PASS",
    "REDOUBLE",
    "Adjusted",
    "AnnotatedCall",
    "Assigned",
    "Auction",
    "AuctionCheck",
    "AuctionChecks",
    "AuctionRules",
    "AuctionVerdict",
    "AverageResult",
    "Balance",
    "Bid",
    "Board",
    "BoardAnalysis",
    "BoardNumbers",
    "BotGame",
    "BridgeError",
    "Call",
    "Card",
    "Column",
    "Contract",
    "ContractEstimate",
    "DDTable",
    "Deal",
    "DealPlayed",
    "DealRecord",
    "DealResult",
    "DealStats",
    "Double",
    "Entry",
    "Event",
    "EventHints",
    "EventScoring",
    "Finding",
    "FrequencyResult",
    "Hand",
    "Honours",
    "IllegalCallError",
    "IllegalPlayError",
    "InvalidDealError",
    "Language",
    "LeadAnalysis",
    "MismatchError",
    "Movement",
    "MovementReport",
    "Outcomes",
    "PairStanding",
    "PairsEvent",
    "ParContract",
    "ParResult",
    "ParseError",
    "Pass",
    "Place",
    "PlayCheck",
    "PlayOutcome",
    "PlayPosition",
    "PlayRules",
    "PlayState",
    "PlayTally",
    "PlayedCard",
    "PlayerScore",
    "Predeal",
    "Rank",
    "Redouble",
    "Replay",
    "ResultScore",
    "Risk",
    "Rubber",
    "RubberScale",
    "RubberSheet",
    "RuleError",
    "Score",
    "ScoreBreakdown",
    "ScoredBoard",
    "ScoredLine",
    "ScoringRules",
    "Seat",
    "Seating",
    "Section",
    "Session",
    "SheetLine",
    "Side",
    "SimContract",
    "Simulation",
    "Solution",
    "SolverMissingError",
    "Strain",
    "Suit",
    "Table",
    "TableResult",
    "TeamBoard",
    "TeamMatch",
    "Tokens",
    "Trick",
    "Undertricks",
    "Variant",
    "VariantPlay",
    "VariantSession",
    "Vulnerability",
    "board_table",
    "breakdown",
    "check_auction",
    "check_auctions",
    "check_board",
    "check_calls",
    "check_movement",
    "check_play",
    "check_variant_play",
    "complete_board",
    "deal",
    "deal_stats",
    "dumps",
    "find_movement",
    "find_rules",
    "find_variant",
    "get_language",
    "imps",
    "loads",
    "matchpoints",
    "parse_call",
    "play_outcome",
    "point_auction_verdicts",
    "read",
    "read_results",
    "render_analysis",
    "render_board",
    "render_html",
    "render_play",
    "render_sheet",
    "render_svg",
    "replay_board",
    "rubber_session",
    "score",
    "score_boards",
    "score_event",
    "score_lines",
    "score_pairs",
    "simulation",
    "solve",
    "solve_boards",
    "team_match",
    "variant_deals",
    "variant_session",
    "victory_points",
    "write",
    "write_deals",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:
    from bridgecli.api import Solution, breakdown, dumps, imps, loads, read, score, solve, write
    from bridgecli.checks.auctions import AuctionChecks, AuctionVerdict, check_auction, check_auctions
    from bridgecli.checks.play import PlayCheck, PlayTally, check_board, check_play, complete_board, play_outcome
    from bridgecli.checks.variants import VariantPlay, check_variant_play, point_auction_verdicts, variant_deals
    from bridgecli.core.auction import Auction, AuctionCheck, AuctionRules, check_calls
    from bridgecli.core.board import AnnotatedCall, Board, PlayedCard, Section
    from bridgecli.core.board_numbers import BoardNumbers
    from bridgecli.core.calls import (
        DOUBLE,
        PASS,
        REDOUBLE,
        Bid,
        Call,
        Contract,
        Double,
        Pass,
        Redouble,
        Risk,
        parse_call,
    )
    from bridgecli.core.cards import Card, Hand, Rank, Seat, Side, Strain, Suit, Vulnerability
    from bridgecli.core.deal import Deal
    from bridgecli.core.errors import (
        BridgeError,
        IllegalCallError,
        IllegalPlayError,
        InvalidDealError,
        MismatchError,
        ParseError,
        RuleError,
    )
    from bridgecli.core.event_adjusted import Adjusted, Assigned, Outcomes
    from bridgecli.core.event_scoring import EventScoring
    from bridgecli.core.event_teams import TeamBoard, TeamMatch, team_match
    from bridgecli.core.events import PairsEvent, PairStanding, ResultScore, TableResult, matchpoints, score_pairs
    from bridgecli.core.imps import victory_points
    from bridgecli.core.lexicon import Tokens
    from bridgecli.core.notation import Language, get_language
    from bridgecli.core.play import PlayRules, PlayState, Replay, Trick, replay_board
    from bridgecli.core.playbot import BotGame
    from bridgecli.core.rubber import DealRecord, DealResult, Entry, Honours, Place, PlayerScore, Rubber, Session
    from bridgecli.core.scoring import Score, ScoreBreakdown, ScoringRules, Undertricks, find_rules
    from bridgecli.dealer.plain import Predeal
    from bridgecli.dealer.session import DealStats, deal, deal_stats, write_deals
    from bridgecli.dealer.stats import AverageResult, FrequencyResult
    from bridgecli.movements import MovementReport, check_movement, find_movement
    from bridgecli.movements.checks import Balance, Finding
    from bridgecli.movements.model import Movement, Seating
    from bridgecli.render.analysis import render_analysis
    from bridgecli.render.html import render_html
    from bridgecli.render.play import render_play
    from bridgecli.render.scoresheet import render_sheet
    from bridgecli.render.svg import render_svg
    from bridgecli.render.text import render_board
    from bridgecli.results.boards import ScoredBoard, board_table, score_boards
    from bridgecli.results.event import Event, EventHints, read_results, score_event
    from bridgecli.results.line_scores import ScoredLine, score_lines
    from bridgecli.results.rubber_sessions import VariantSession, rubber_session, variant_session
    from bridgecli.simulate import simulation
    from bridgecli.simulate.contracts import SimContract
    from bridgecli.simulate.result import ContractEstimate, Simulation
    from bridgecli.solver.analysis import BoardAnalysis, LeadAnalysis, PlayPosition
    from bridgecli.solver.dds import SolverMissingError
    from bridgecli.solver.par import ParContract, ParResult
    from bridgecli.solver.stream import solve_boards
    from bridgecli.solver.tables import DDTable
    from bridgecli.variants import find_variant
    from bridgecli.variants.base import PlayOutcome, Table, Variant
    from bridgecli.variants.rubber import Column, DealPlayed, RubberScale, RubberSheet, SheetLine
