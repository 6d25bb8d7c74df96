"""The pure rules core: cards, deals, calls, boards, scoring. No I/O here."""

from .board import AnnotatedCall, Board, PlayedCard, Section
from .calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Contract, Double, Pass, Redouble, Risk, parse_call
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

__all__ = [
    "AnnotatedCall", "Board", "PlayedCard", "Section",
    "DOUBLE", "PASS", "REDOUBLE", "Bid", "Call", "Contract", "Double", "Pass", "Redouble", "Risk", "parse_call",
    "DECK", "SEATS", "STRAINS", "Card", "Hand", "Rank", "Seat", "Side", "Strain", "Suit", "Vulnerability",
    "dealer_of_board", "Deal",
    "BridgeError", "IllegalCallError", "IllegalPlayError", "InvalidDealError", "MismatchError", "ParseError",
    "RuleError",
]
