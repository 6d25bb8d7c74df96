"""Two-handed bridge (*Brydż dwuosobowy*): two players, an open and a closed dummy.

Layout of a board: the players sit South and West (South deals the odd
boards, West the even ones); as dealt, the open dummy lies North and the
closed dummy East (``extra.open_dummy`` says which seat holds the open one).
The dealer must bid first and with that bid chooses the dummy declarer will
play (``extra.dummy``: ``open`` or ``closed``). The auction closes when a
player passes. For the play the chosen dummy is put opposite declarer (the
dummies swap seats when needed), the other dummy opposite the defender, who
plays it; the defender leads from his own hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bridgecli.core.auction import AuctionRules
from bridgecli.core.board import Board
from bridgecli.core.cards import STRAINS, Card, Seat
from bridgecli.core.contract import Contract
from bridgecli.core.deal import Deal
from bridgecli.core.errors import ParseError, RuleError
from bridgecli.core.play import PlayRules

from .base import Table, Variant, hand_of, seat_of, shuffled

#: The dummy choices of ``extra.dummy``.
DUMMY_CHOICES = ("open", "closed")

AUCTION = AuctionRules(
    name="two-handed bridge",
    seats=(Seat.SOUTH, Seat.WEST),
    sides=(0, 1),
    strains=STRAINS,
    passes_to_close=1,
    passes_to_pass_out=2,
    opener_must_bid=True,
)
"""Dealer opens and may not pass; the auction closes at the first pass after a call."""


class TwoHanded(Variant):
    """Two-handed bridge with an open and a closed dummy."""

    name = "two-handed"
    title = "two-handed bridge"
    players = (Seat.SOUTH, Seat.WEST)
    auction = AUCTION

    def deal_board(self, rng: random.Random, number: int) -> Board:
        """Four packets of 13: the two players, the open dummy (North), the closed dummy (East)."""
        cards = shuffled(rng)
        hands = [hand_of(cards[13 * i:13 * i + 13]) for i in range(4)]
        deal = Deal((hands[2], hands[3], hands[0], hands[1]))  # N open, E closed, S, W
        return Board(number=number, dealer=self.dealer(number), vulnerability=self.vulnerability(number),
                     deal=deal, variant=self.name, extra={"open_dummy": "N"})

    def open_dummy(self, board: Board) -> Seat:
        """The seat (N or E) of the open dummy as the board lies. Raises ParseError."""
        seat = seat_of(board.extra.get("open_dummy", "N"), "extra.open_dummy")
        if seat not in (Seat.NORTH, Seat.EAST):
            raise ParseError(f"extra.open_dummy must be N or E, not {seat.letter!r}")
        return seat

    def dummy_choice(self, board: Board) -> str | None:
        """``open`` or ``closed`` (the dealer's choice), None when not recorded. Raises ParseError."""
        choice = board.extra.get("dummy")
        if choice is None:
            return None
        if not isinstance(choice, str) or choice.lower() not in DUMMY_CHOICES:
            raise ParseError(f"extra.dummy must be 'open' or 'closed', not {choice!r}")
        return choice.lower()

    def layout(self, board: Board) -> list[tuple[str, Sequence[Card] | str]]:
        """The players and the two dummies, named, and the dummy chosen."""
        names = {Seat.SOUTH: "S", Seat.WEST: "W"}
        open_seat = self.open_dummy(board)
        names[open_seat] = f"{open_seat.letter} open dummy"
        closed = Seat.EAST if open_seat == Seat.NORTH else Seat.NORTH
        names[closed] = f"{closed.letter} closed dummy"
        rows: list[tuple[str, Sequence[Card] | str]] = []
        if board.deal is not None:
            for seat in (Seat.SOUTH, Seat.WEST, open_seat, closed):
                hand = board.deal[seat]
                if hand is not None:
                    rows.append((names[seat], list(hand)))
        choice = self.dummy_choice(board)
        if choice is not None:
            rows.append(("dummy played", choice))
        return rows

    def check_board(self, board: Board) -> None:
        """The dummy fields, when present, are well formed."""
        self.open_dummy(board)
        self.dummy_choice(board)

    def table(self, board: Board, contract: Contract) -> Table:
        """The chosen dummy opposite declarer, the other opposite the defender, who leads.

        Raises RuleError when the board has no deal or no dummy choice.
        """
        declarer = contract.declarer
        if declarer not in self.players:
            raise RuleError(f"two-handed: declarer must be S or W, not {contract.declarer!r}")
        if board.deal is None or not board.deal.is_complete:
            raise RuleError(f"{board.label}: two-handed play needs all four packets")
        choice = self.dummy_choice(board)
        if choice is None:
            raise RuleError(f"{board.label}: no dummy chosen (extra.dummy: open or closed, the dealer's"
                            " choice with his first bid)")
        open_seat = self.open_dummy(board)
        closed_seat = Seat.EAST if open_seat == Seat.NORTH else Seat.NORTH
        chosen = open_seat if choice == "open" else closed_seat
        deal = board.deal
        if chosen != declarer.partner:
            deal = Deal((deal[Seat.EAST], deal[Seat.NORTH], deal[Seat.SOUTH], deal[Seat.WEST]))
            open_seat, closed_seat = closed_seat, open_seat
        defender = Seat.WEST if declarer == Seat.SOUTH else Seat.SOUTH
        rules = PlayRules(name="two-handed bridge", opening_leader=(defender - declarer) % 4)
        seating = {
            declarer.letter: "declarer",
            defender.letter: "defender",
            open_seat.letter: "open dummy",
            closed_seat.letter: "closed dummy",
        }
        return Table(deal, contract, rules, seating)

    def seated_extra(self, board: Board, table: Table) -> dict[str, object]:
        """``extra`` after seating: where the open dummy now lies."""
        extra = dict(board.extra)
        extra["open_dummy"] = next(s for s, who in table.seating.items() if who == "open dummy")
        return extra


TWO_HANDED = TwoHanded()
"""The two-handed bridge variant."""
