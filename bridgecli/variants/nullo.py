"""Two-handed Nullo: two players, a 26-card talon, exchanges, nullo between diamonds and hearts.

Layout of a board: the players sit North and South (North deals the odd
boards); ``deal`` holds the hands as dealt, ``extra.talon`` the 26 undealt
cards top first, ``extra.exchanges`` the exchanges made: the dealer's
opponent first, then the dealer, each ``{"seat": "S", "discard": [cards]}``
drawing as many cards from the top of the talon. The auction and play use
the hands after the exchanges; tricks have two cards, the opponent of
declarer leads.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from bridgecli.core.auction import AuctionRules
from bridgecli.core.board import Board
from bridgecli.core.cards import DECK, Card, Seat, Strain
from bridgecli.core.contract import Contract
from bridgecli.core.deal import Deal
from bridgecli.core.errors import InvalidDealError, ParseError, RuleError
from bridgecli.core.play import TWO_HANDED as TWO_CARD_TRICKS

from .base import Table, Variant, card_texts, cards_of, hand_of, seat_of, shuffled

AUCTION = AuctionRules(
    name="nullo",
    seats=(Seat.NORTH, Seat.SOUTH),
    sides=(0, 1),
    strains=(Strain.CLUBS, Strain.DIAMONDS, Strain.NULLO, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP),
    passes_to_close=1,
    passes_to_pass_out=2,
)
"""Dealer opens; C < D < nullo < H < S < NT; one pass after a call closes; two passes void the deal."""


class Nullo(Variant):
    """Two-handed Nullo."""

    name = "nullo"
    title = "two-handed Nullo"
    players = (Seat.NORTH, Seat.SOUTH)
    auction = AUCTION

    def deal_board(self, rng: random.Random, number: int) -> Board:
        """13 cards to each player, 26 to the talon (no exchange made yet)."""
        cards = shuffled(rng)
        deal = Deal((hand_of(cards[:13]), None, hand_of(cards[13:26]), None))
        return Board(number=number, dealer=self.dealer(number), vulnerability=self.vulnerability(number),
                     deal=deal, variant=self.name, extra={"talon": card_texts(cards[26:]), "exchanges": []})

    def talon(self, board: Board) -> list[Card]:
        """The talon, top card first. Raises ParseError or InvalidDealError."""
        if "talon" not in board.extra:
            raise ParseError(f"{board.label}: nullo needs extra.talon (26 cards)")
        talon = cards_of(board.extra["talon"], "extra.talon")
        if len(talon) != 26:
            raise InvalidDealError(f"the talon holds 26 cards, not {len(talon)}")
        return talon

    def exchanges(self, board: Board) -> list[tuple[Seat, list[Card]]]:
        """The recorded exchanges as (seat, discards). Raises ParseError."""
        raw = board.extra.get("exchanges", [])
        if not isinstance(raw, (list, tuple)):
            raise ParseError("extra.exchanges must be a list")
        out: list[tuple[Seat, list[Card]]] = []
        for i, item in enumerate(raw):
            if not isinstance(item, Mapping):
                raise ParseError(f"extra.exchanges[{i}] must be a mapping with seat and discard")
            out.append((seat_of(item.get("seat"), f"extra.exchanges[{i}].seat"),
                        cards_of(item.get("discard", []), f"extra.exchanges[{i}].discard")))
        return out

    def hands_in_play(self, board: Board) -> Deal:
        """The hands after the exchanges (opponent first, then dealer, drawing from the talon top).

        Raises ParseError, InvalidDealError or RuleError for a board that breaks the procedure.
        """
        deal = board.deal
        if deal is None or deal[Seat.NORTH] is None or deal[Seat.SOUTH] is None:
            raise RuleError(f"{board.label}: nullo needs the hands of N and S")
        if deal[Seat.EAST] is not None or deal[Seat.WEST] is not None:
            raise InvalidDealError("nullo has two players, N and S; E and W hold no cards")
        talon = self.talon(board)
        hands = {Seat.NORTH: list(deal[Seat.NORTH] or ()), Seat.SOUTH: list(deal[Seat.SOUTH] or ())}
        if any(len(h) != 13 for h in hands.values()):
            raise InvalidDealError("each nullo player is dealt 13 cards")
        if set(talon) & (set(hands[Seat.NORTH]) | set(hands[Seat.SOUTH])) or len(
                set(talon) | set(hands[Seat.NORTH]) | set(hands[Seat.SOUTH])) != len(DECK):
            raise InvalidDealError("the hands and the talon must hold the 52 cards once each")
        dealer = self.auction_dealer(board)
        order = [dealer.partner, dealer]
        exchanges = self.exchanges(board)
        if len(exchanges) > 2:
            raise RuleError("each player exchanges once: at most two exchanges")
        top = 0
        for k, (seat, discard) in enumerate(exchanges):
            if seat != order[k]:
                who = "the dealer's opponent" if k == 0 else "the dealer"
                raise RuleError(f"exchange {k + 1} is {who}'s ({order[k].letter}), not {seat.letter}'s")
            missing = [c for c in discard if c not in hands[seat]]
            if missing:
                raise RuleError(f"{seat.letter} discards {str(missing[0])!r}, which he does not hold")
            kept = [c for c in hands[seat] if c not in discard]
            hands[seat] = kept + talon[top:top + len(discard)]
            top += len(discard)
        return Deal((hand_of(hands[Seat.NORTH]), None, hand_of(hands[Seat.SOUTH]), None))

    def layout(self, board: Board) -> list[tuple[str, Sequence[Card] | str]]:
        """The two hands as dealt, the talon (top first) and the exchanges."""
        rows = super().layout(board)
        if "talon" in board.extra:
            rows.append(("talon", self.talon(board)))
        for seat, discard in self.exchanges(board):
            rows.append((f"{seat.letter} exchanges", discard))
        return rows

    def check_board(self, board: Board) -> None:
        """Talon and exchanges follow the procedure (when the board has hands)."""
        if board.deal is not None:
            self.hands_in_play(board)

    def table(self, board: Board, contract: Contract) -> Table:
        """The hands after the exchanges, two-card tricks, declarer's opponent leads."""
        deal = self.hands_in_play(board)
        return Table(deal, contract, TWO_CARD_TRICKS, {"N": "player", "S": "player"})


NULLO = Nullo()
"""The two-handed Nullo variant."""
