"""The pure rules core: cards, deals, calls, boards, scoring. No I/O here.

The names below are loaded from their modules on first use (PEP 562), so that
``import bridgecli.core.errors`` — which every command does — costs nothing
more than that module: ``bridgecli score`` is typed interactively.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: public name -> submodule that defines it: the one list of the core's names (``__all__`` and
#: the lazy loading come from it; the imports under ``TYPE_CHECKING`` say the same for type
#: checkers, and tests/test_exports.py keeps them equal)
_EXPORTS: dict[str, str] = {
    **dict.fromkeys(("AnnotatedCall", "Board", "PlayedCard", "Section"), "board"),
    **dict.fromkeys(("DOUBLE", "PASS", "REDOUBLE", "Bid", "Call", "Double", "Pass", "Redouble", "parse_call"), "calls"),
    **dict.fromkeys(("Contract", "Risk"), "contract"),
    **dict.fromkeys(("DECK", "Card", "Hand"), "cards"),
    **dict.fromkeys(("SEATS", "STRAINS", "Rank", "Seat", "Side", "Strain", "Suit", "Vulnerability", "dealer_of_board"),
                    "enums"),
    "Deal": "deal",
    **dict.fromkeys(("BridgeError", "IllegalCallError", "IllegalPlayError", "InvalidDealError", "MismatchError",
                     "ParseError", "RuleError"), "errors"),
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


# The names again, for type checkers: each re-exported as itself (``X as X``), which mypy
# --strict needs to see them exported; tests/test_exports.py checks they match _EXPORTS.
# isort: off
if TYPE_CHECKING:
    from .board import AnnotatedCall as AnnotatedCall, Board as Board, PlayedCard as PlayedCard, Section as Section
    from .calls import (
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
    from .cards import DECK as DECK, Card as Card, Hand as Hand
    from .contract import Contract as Contract, Risk as Risk
    from .deal import Deal as Deal
    from .enums import (
        SEATS as SEATS,
        STRAINS as STRAINS,
        Rank as Rank,
        Seat as Seat,
        Side as Side,
        Strain as Strain,
        Suit as Suit,
        Vulnerability as Vulnerability,
        dealer_of_board as dealer_of_board,
    )
    from .errors import (
        BridgeError as BridgeError,
        IllegalCallError as IllegalCallError,
        IllegalPlayError as IllegalPlayError,
        InvalidDealError as InvalidDealError,
        MismatchError as MismatchError,
        ParseError as ParseError,
        RuleError as RuleError,
    )
