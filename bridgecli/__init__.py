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

#: The public API: each name of ``bridgecli`` -> the module that defines it. The one list of
#: the public names: ``__all__``, the lazy loading (``__getattr__``) and the reference pages
#: (tools/docs_api.py, which places each name by its module and the comment above its block)
#: are made from it. The imports under ``TYPE_CHECKING`` at the end say the same for type
#: checkers, which do not run code; tests/test_exports.py keeps the two equal.
_EXPORTS: dict[str, str] = {
    # boards in and out (convert, show)
    **dict.fromkeys(("read", "write", "loads", "dumps"), "bridgecli.formats.boards"),
    # scoring (score, rubber)
    **dict.fromkeys(("score", "breakdown"), "bridgecli.core.score"),
    **dict.fromkeys(("imps", "victory_points"), "bridgecli.core.imps"),
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
    **dict.fromkeys(("solve", "Solution"), "bridgecli.solver.solution"),
    **dict.fromkeys(("deal", "deal_stats", "write_deals"), "bridgecli.dealer.session"),
    **dict.fromkeys(("DealStats", "AverageResult", "FrequencyResult"), "bridgecli.dealer.stats"),
    "Predeal": "bridgecli.dealer.plain",
    "simulation": "bridgecli.simulate",
    **dict.fromkeys(("Simulation", "ContractEstimate"), "bridgecli.simulate.result"),
    "SimContract": "bridgecli.simulate.contracts",
    "DDTable": "bridgecli.core.ddtable",
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
    **dict.fromkeys(("Card", "Hand"), "bridgecli.core.cards"),
    **dict.fromkeys(("Rank", "Seat", "Side", "Strain", "Suit", "Vulnerability"), "bridgecli.core.enums"),
    **dict.fromkeys(("Bid", "Call", "Pass", "Double", "Redouble", "PASS", "DOUBLE", "REDOUBLE", "parse_call"),
                    "bridgecli.core.calls"),
    **dict.fromkeys(("Contract", "Risk"), "bridgecli.core.contract"),
    **dict.fromkeys(("Auction", "AuctionCheck", "check_calls", "AuctionRules"), "bridgecli.core.auction"),
    **dict.fromkeys(("PlayState", "PlayRules", "Trick"), "bridgecli.core.play.state"),
    **dict.fromkeys(("Replay", "replay_board"), "bridgecli.core.play.replay"),
    # checking the play of many boards (play)
    **dict.fromkeys(("check_play", "check_board", "complete_board", "play_outcome", "PlayCheck", "PlayTally"),
                    "bridgecli.checks.play"),
    "BotGame": "bridgecli.core.playbot",
    "render_play": "bridgecli.render.play",
    # the variants board by board (deal, validate-auction, play --variant NAME)
    **dict.fromkeys(("variant_deals", "check_variant_play", "VariantPlay", "point_auction_verdicts"),
                    "bridgecli.checks.variants"),
    # checking the auctions of boards (validate-auction)
    **dict.fromkeys(("check_auction", "AuctionVerdict"), "bridgecli.checks.auctions.verdicts"),
    **dict.fromkeys(("check_auctions", "AuctionChecks"), "bridgecli.checks.auctions.files"),
    # drawing boards (show)
    "render_board": "bridgecli.render.text",
    "render_html": "bridgecli.render.html",
    "render_svg": "bridgecli.render.svg",
    # movements for a duplicate evening (movement)
    **dict.fromkeys(("Movement", "Seating"), "bridgecli.movements.model"),
    **dict.fromkeys(("find_movement", "check_movement"), "bridgecli.movements"),  # movements.find and .check
    **dict.fromkeys(("MovementReport", "Balance", "Finding"), "bridgecli.movements.checks"),
    # variants and languages
    "find_variant": "bridgecli.variants",
    **dict.fromkeys(("get_language", "Language"), "bridgecli.core.notation"),
    "Tokens": "bridgecli.core.lexicon",
    # errors
    **dict.fromkeys(("BridgeError", "ParseError", "RuleError", "IllegalCallError", "IllegalPlayError",
                     "InvalidDealError", "MismatchError"), "bridgecli.core.errors"),
    "SolverMissingError": "bridgecli.solver.dds",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name, "bridgecli.version" if name == "__version__" else None)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


# The public names again, for type checkers: each re-exported as itself (``X as X``), which
# mypy --strict needs to see them exported. Written from _EXPORTS, one import a module.
# isort: off
if TYPE_CHECKING:
    from bridgecli.checks.auctions.files import (
        AuctionChecks as AuctionChecks,
        check_auctions as check_auctions,
    )
    from bridgecli.checks.auctions.verdicts import (
        AuctionVerdict as AuctionVerdict,
        check_auction as check_auction,
    )
    from bridgecli.checks.play import (
        PlayCheck as PlayCheck,
        PlayTally as PlayTally,
        check_board as check_board,
        check_play as check_play,
        complete_board as complete_board,
        play_outcome as play_outcome,
    )
    from bridgecli.checks.variants import (
        VariantPlay as VariantPlay,
        check_variant_play as check_variant_play,
        point_auction_verdicts as point_auction_verdicts,
        variant_deals as variant_deals,
    )
    from bridgecli.core.auction import (
        Auction as Auction,
        AuctionCheck as AuctionCheck,
        AuctionRules as AuctionRules,
        check_calls as check_calls,
    )
    from bridgecli.core.board import (
        AnnotatedCall as AnnotatedCall,
        Board as Board,
        PlayedCard as PlayedCard,
        Section as Section,
    )
    from bridgecli.core.board_numbers import BoardNumbers as BoardNumbers
    from bridgecli.core.calls import (
        DOUBLE as DOUBLE,
        PASS as PASS,
        REDOUBLE as REDOUBLE,
        Bid as Bid,
        Call as Call,
        Double as Double,
        Pass as Pass,
        Redouble as Redouble,
        parse_call as parse_call,
    )
    from bridgecli.core.cards import Card as Card, Hand as Hand
    from bridgecli.core.contract import Contract as Contract, Risk as Risk
    from bridgecli.core.deal import Deal as Deal
    from bridgecli.core.enums import (
        Rank as Rank,
        Seat as Seat,
        Side as Side,
        Strain as Strain,
        Suit as Suit,
        Vulnerability as Vulnerability,
    )
    from bridgecli.core.errors import (
        BridgeError as BridgeError,
        IllegalCallError as IllegalCallError,
        IllegalPlayError as IllegalPlayError,
        InvalidDealError as InvalidDealError,
        MismatchError as MismatchError,
        ParseError as ParseError,
        RuleError as RuleError,
    )
    from bridgecli.core.event_adjusted import Adjusted as Adjusted, Assigned as Assigned, Outcomes as Outcomes
    from bridgecli.core.event_scoring import EventScoring as EventScoring
    from bridgecli.core.event_teams import TeamBoard as TeamBoard, TeamMatch as TeamMatch, team_match as team_match
    from bridgecli.core.events import (
        PairsEvent as PairsEvent,
        PairStanding as PairStanding,
        ResultScore as ResultScore,
        TableResult as TableResult,
        matchpoints as matchpoints,
        score_pairs as score_pairs,
    )
    from bridgecli.core.imps import imps as imps, victory_points as victory_points
    from bridgecli.core.lexicon import Tokens as Tokens
    from bridgecli.core.notation import Language as Language, get_language as get_language
    from bridgecli.core.play.replay import Replay as Replay, replay_board as replay_board
    from bridgecli.core.play.state import PlayRules as PlayRules, PlayState as PlayState, Trick as Trick
    from bridgecli.core.playbot import BotGame as BotGame
    from bridgecli.core.rubber import (
        DealRecord as DealRecord,
        DealResult as DealResult,
        Entry as Entry,
        Honours as Honours,
        Place as Place,
        PlayerScore as PlayerScore,
        Rubber as Rubber,
        Session as Session,
    )
    from bridgecli.core.score import breakdown as breakdown, score as score
    from bridgecli.core.scoring import (
        Score as Score,
        ScoreBreakdown as ScoreBreakdown,
        ScoringRules as ScoringRules,
        Undertricks as Undertricks,
        find_rules as find_rules,
    )
    from bridgecli.dealer.plain import Predeal as Predeal
    from bridgecli.dealer.session import deal as deal, deal_stats as deal_stats, write_deals as write_deals
    from bridgecli.dealer.stats import (
        AverageResult as AverageResult,
        DealStats as DealStats,
        FrequencyResult as FrequencyResult,
    )
    from bridgecli.formats.boards import dumps as dumps, loads as loads, read as read, write as write
    from bridgecli.movements import check_movement as check_movement, find_movement as find_movement
    from bridgecli.movements.checks import Balance as Balance, Finding as Finding, MovementReport as MovementReport
    from bridgecli.movements.model import Movement as Movement, Seating as Seating
    from bridgecli.render.analysis import render_analysis as render_analysis
    from bridgecli.render.html import render_html as render_html
    from bridgecli.render.play import render_play as render_play
    from bridgecli.render.scoresheet import render_sheet as render_sheet
    from bridgecli.render.svg import render_svg as render_svg
    from bridgecli.render.text import render_board as render_board
    from bridgecli.results.boards import (
        ScoredBoard as ScoredBoard,
        board_table as board_table,
        score_boards as score_boards,
    )
    from bridgecli.results.event import (
        Event as Event,
        EventHints as EventHints,
        read_results as read_results,
        score_event as score_event,
    )
    from bridgecli.results.line_scores import ScoredLine as ScoredLine, score_lines as score_lines
    from bridgecli.results.rubber_sessions import (
        VariantSession as VariantSession,
        rubber_session as rubber_session,
        variant_session as variant_session,
    )
    from bridgecli.simulate import simulation as simulation
    from bridgecli.simulate.contracts import SimContract as SimContract
    from bridgecli.simulate.result import ContractEstimate as ContractEstimate, Simulation as Simulation
    from bridgecli.solver.analysis import (
        BoardAnalysis as BoardAnalysis,
        LeadAnalysis as LeadAnalysis,
        PlayPosition as PlayPosition,
    )
    from bridgecli.solver.dds import SolverMissingError as SolverMissingError
    from bridgecli.solver.par import ParContract as ParContract, ParResult as ParResult
    from bridgecli.solver.solution import Solution as Solution, solve as solve
    from bridgecli.solver.stream import solve_boards as solve_boards
    from bridgecli.core.ddtable import DDTable as DDTable
    from bridgecli.variants import find_variant as find_variant
    from bridgecli.variants.base import PlayOutcome as PlayOutcome, Table as Table, Variant as Variant
    from bridgecli.variants.rubber import (
        Column as Column,
        DealPlayed as DealPlayed,
        RubberScale as RubberScale,
        RubberSheet as RubberSheet,
        SheetLine as SheetLine,
    )
    from bridgecli.version import __version__ as __version__
