"""The pure rules core: cards, deals, calls, boards, scoring. No I/O here.

The names below are loaded from their modules on first use (PEP 562), so that
``import bridgecli.core.errors`` — which every command does — costs nothing
more than that module: ``bridgecli score`` is typed interactively.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: public name -> submodule that defines it
_EXPORTS: dict[str, str] = {
    **dict.fromkeys(("AnnotatedCall", "Board", "PlayedCard", "Section"), "board"),
    **dict.fromkeys(("DOUBLE", "PASS", "REDOUBLE", "Bid", "Call", "Double", "Pass", "Redouble", "parse_call"), "calls"),
    **dict.fromkeys(("Contract", "Risk"), "contract"),
    **dict.fromkeys(("DECK", "SEATS", "STRAINS", "Card", "Hand", "Rank", "Seat", "Side", "Strain", "Suit",
                     "Vulnerability", "dealer_of_board"), "cards"),
    "Deal": "deal",
    **dict.fromkeys(("BridgeError", "IllegalCallError", "IllegalPlayError", "InvalidDealError", "MismatchError",
                     "ParseError", "RuleError"), "errors"),
}

__all__ = [
    "DECK",
    "DOUBLE",
    "PASS",
    "REDOUBLE",
    "SEATS",
    "STRAINS",
    "AnnotatedCall",
    "Bid",
    "Board",
    "BridgeError",
    "Call",
    "Card",
    "Contract",
    "Deal",
    "Double",
    "Hand",
    "IllegalCallError",
    "IllegalPlayError",
    "InvalidDealError",
    "MismatchError",
    "ParseError",
    "Pass",
    "PlayedCard",
    "Rank",
    "Redouble",
    "Risk",
    "RuleError",
    "Seat",
    "Section",
    "Side",
    "Strain",
    "Suit",
    "Vulnerability",
    "dealer_of_board",
    "parse_call",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:
    from .board import AnnotatedCall, Board, PlayedCard, Section
    from .calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Double, Pass, Redouble, parse_call
    from .cards import (
        DECK,
        SEATS,
        STRAINS,
        Card,
        Hand,
        Rank,
        Seat,
        Side,
        Strain,
        Suit,
        Vulnerability,
        dealer_of_board,
    )
    from .contract import Contract, Risk
    from .deal import Deal
    from .errors import (
        BridgeError,
        IllegalCallError,
        IllegalPlayError,
        InvalidDealError,
        MismatchError,
        ParseError,
        RuleError,
    )
