"""bridgecli: a contract bridge toolkit for the shell, and its Python API.

``import bridgecli as bc`` costs almost nothing: each public name below is
loaded from its module on first use (PEP 562), so that numpy, PyYAML,
tabulate and the DDS solver are imported only by what needs them. The
names are listed, with the command each mirrors, in docs/API.md.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: public name -> module that defines it
_EXPORTS: dict[str, str] = {
    # boards in and out (convert, show)
    **dict.fromkeys(("read", "write", "loads", "dumps"), "bridgecli.api"),
    # scoring (score, rubber)
    **dict.fromkeys(("score", "breakdown", "imps"), "bridgecli.api"),
    "ScoreBreakdown": "bridgecli.core.scoring",
    **dict.fromkeys(("ScoringRules", "find_rules"), "bridgecli.core.scoring"),
    **dict.fromkeys(("TableResult", "score_pairs", "team_match", "matchpoints"), "bridgecli.core.events"),
    **dict.fromkeys(("Rubber", "Session", "DealResult", "Honours"), "bridgecli.core.rubber"),
    # dealing and solving (deal, solve)
    **dict.fromkeys(("deal", "solve", "Solution"), "bridgecli.api"),
    "DDTable": "bridgecli.solver.tables",
    "ParResult": "bridgecli.solver.par",
    # the rules core
    **dict.fromkeys(("Board",), "bridgecli.core.board"),
    "Deal": "bridgecli.core.deal",
    **dict.fromkeys(("Card", "Hand", "Rank", "Seat", "Side", "Strain", "Suit", "Vulnerability"), "bridgecli.core.cards"),
    **dict.fromkeys(("Bid", "Call", "Contract", "Pass", "Double", "Redouble", "PASS", "DOUBLE", "REDOUBLE",
                     "parse_call"), "bridgecli.core.calls"),
    **dict.fromkeys(("Auction", "AuctionCheck", "check_calls"), "bridgecli.core.auction"),
    **dict.fromkeys(("PlayState", "Replay", "replay_board"), "bridgecli.core.play"),
    # checking the auctions of boards (validate-auction)
    **dict.fromkeys(("check_auction", "check_auctions", "AuctionVerdict"), "bridgecli.checks.auctions"),
    # drawing boards (show)
    "render_board": "bridgecli.render.text",
    "render_html": "bridgecli.render.html",
    "render_svg": "bridgecli.render.svg",
    # variants and languages
    "find_variant": "bridgecli.variants",
    "get_language": "bridgecli.core.notation",
    # errors
    **dict.fromkeys(("BridgeError", "ParseError", "RuleError", "IllegalCallError", "IllegalPlayError",
                     "InvalidDealError", "MismatchError"), "bridgecli.core.errors"),
    "SolverMissingError": "bridgecli.solver.dds",
}

__all__ = [
    "DOUBLE",
    "PASS",
    "REDOUBLE",
    "Auction",
    "AuctionCheck",
    "AuctionVerdict",
    "Bid",
    "Board",
    "BridgeError",
    "Call",
    "Card",
    "Contract",
    "DDTable",
    "Deal",
    "DealResult",
    "Double",
    "Hand",
    "Honours",
    "IllegalCallError",
    "IllegalPlayError",
    "InvalidDealError",
    "MismatchError",
    "ParResult",
    "ParseError",
    "Pass",
    "PlayState",
    "Rank",
    "Redouble",
    "Replay",
    "Rubber",
    "RuleError",
    "ScoreBreakdown",
    "ScoringRules",
    "Seat",
    "Session",
    "Side",
    "Solution",
    "SolverMissingError",
    "Strain",
    "Suit",
    "TableResult",
    "Vulnerability",
    "breakdown",
    "check_auction",
    "check_auctions",
    "check_calls",
    "deal",
    "dumps",
    "find_rules",
    "find_variant",
    "get_language",
    "imps",
    "loads",
    "matchpoints",
    "parse_call",
    "read",
    "render_board",
    "render_html",
    "render_svg",
    "replay_board",
    "score",
    "score_pairs",
    "solve",
    "team_match",
    "write",
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
    from bridgecli.api import Solution, breakdown, deal, dumps, imps, loads, read, score, solve, write
    from bridgecli.checks.auctions import AuctionVerdict, check_auction, check_auctions
    from bridgecli.core.auction import Auction, AuctionCheck, check_calls
    from bridgecli.core.board import Board
    from bridgecli.core.calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Contract, Double, Pass, Redouble, parse_call
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
    from bridgecli.core.events import TableResult, matchpoints, score_pairs, team_match
    from bridgecli.core.notation import get_language
    from bridgecli.core.play import PlayState, Replay, replay_board
    from bridgecli.core.rubber import DealResult, Honours, Rubber, Session
    from bridgecli.core.scoring import ScoreBreakdown, ScoringRules, find_rules
    from bridgecli.render.html import render_html
    from bridgecli.render.svg import render_svg
    from bridgecli.render.text import render_board
    from bridgecli.solver.dds import SolverMissingError
    from bridgecli.solver.par import ParResult
    from bridgecli.solver.tables import DDTable
    from bridgecli.variants import find_variant
