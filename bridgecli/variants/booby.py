"""Booby: three players, each for himself, 17 cards each and a dummy built from discards.

Layout of a board: the players sit North, East and South, calling in that
order (clockwise); they deal in turn (North the first board). As dealt:
``extra.dealt`` holds the three 17-card hands (PBN hand notation) and
``extra.dummy_card`` the 52nd card, face down as dummy's first card. Each
player's four discards to dummy are ``extra.discards`` (``{N: "HT H5 H4 H2",
...}``). ``deal`` then holds the 13-card hands of N, E, S and dummy's 13 in
the West slot (a board may also give ``deal`` alone, after the discards).

The player on the dealer's left calls first; nullo ranks above hearts and
below spades; an auction closes with two passes after a call (the other two
players pass) and is passed out with three. Dummy sits opposite declarer for
the play: declarer keeps his seat, his left-hand opponent sits on his left,
dummy opposite, his right-hand opponent on his right (one player may move to
West; ``seating`` of the play says who sits where).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from bridgecli.core.auction import AuctionRules
from bridgecli.core.board import Board
from bridgecli.core.cards import DECK, Card, Hand, Seat, Strain
from bridgecli.core.contract import Contract
from bridgecli.core.deal import Deal
from bridgecli.core.errors import InvalidDealError, ParseError, RuleError
from bridgecli.core.play import BRIDGE as FOUR_HANDED

from .base import Table, Variant, cards_of, hand_of, seat_of, shuffled

PLAYERS = (Seat.NORTH, Seat.EAST, Seat.SOUTH)

AUCTION = AuctionRules(
    name="booby",
    seats=PLAYERS,
    sides=(0, 1, 2),
    strains=(Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.NULLO, Strain.SPADES, Strain.NOTRUMP),
    passes_to_close=2,
    passes_to_pass_out=3,
    first_caller=1,
)
"""Three players each on his own side; C < D < H < nullo < S < NT; the dealer's left opens."""


class Booby(Variant):
    """Booby for three players."""

    name = "booby"
    title = "Booby"
    players = PLAYERS
    auction = AUCTION
    defenders_each = True

    def deal_board(self, rng: random.Random, number: int) -> Board:
        """17 cards to each player, the last card to dummy (no discards made yet)."""
        cards = shuffled(rng)
        dealt = {seat.letter: Hand(cards[17 * i:17 * i + 17]).to_pbn() for i, seat in enumerate(PLAYERS)}
        return Board(number=number, dealer=self.dealer(number), vulnerability=self.vulnerability(number),
                     variant=self.name, extra={"dealt": dealt, "dummy_card": str(cards[51]), "discards": {}})

    def dealt(self, board: Board) -> dict[Seat, Hand] | None:
        """The three 17-card hands as dealt, None when the board does not record them.

        Raises ParseError or InvalidDealError.
        """
        raw = board.extra.get("dealt")
        if raw is None:
            return None
        if not isinstance(raw, Mapping):
            raise ParseError("extra.dealt must map N, E, S to 17-card hands")
        out: dict[Seat, Hand] = {}
        for seat in PLAYERS:
            text = raw.get(seat.letter)
            if not isinstance(text, str):
                raise ParseError(f"extra.dealt.{seat.letter} must be a hand like 'AK2.Q7.J432.9876'")
            hand = Hand.from_pbn(text)
            if len(hand) != 17:
                raise InvalidDealError(f"{seat.letter} is dealt 17 cards, not {len(hand)}")
            out[seat] = hand
        return out

    def hands_in_play(self, board: Board) -> Deal:
        """N, E, S after their discards and dummy (in the West slot) with 13 cards each.

        Raises ParseError, InvalidDealError or RuleError for a board that breaks the procedure.
        """
        dealt = self.dealt(board)
        if dealt is None:
            deal = board.deal
            if deal is None or not deal.is_complete:
                raise RuleError(f"{board.label}: booby needs extra.dealt or the four 13-card hands after"
                                " the discards")
            return deal
        if "dummy_card" not in board.extra:
            raise ParseError("extra.dummy_card (the 52nd card) is missing")
        first = cards_of(str(board.extra["dummy_card"]), "extra.dummy_card")
        if len(first) != 1:
            raise ParseError("extra.dummy_card is one card")
        held = set(first)
        for hand in dealt.values():
            if held & hand.cards:
                raise InvalidDealError(f"card {str(min(held & hand.cards))!r} is dealt twice")
            held |= hand.cards
        if len(held) != len(DECK):
            raise InvalidDealError("the three hands and dummy's card must hold the 52 cards")
        raw = board.extra.get("discards", {})
        if not isinstance(raw, Mapping):
            raise ParseError("extra.discards must map N, E, S to four cards each")
        hands: list[Hand | None] = [None, None, None, None]
        dummy: list[Card] = list(first)
        for seat in PLAYERS:
            if seat.letter not in raw:
                raise RuleError(f"{board.label}: {seat.letter} has not discarded his four cards to dummy")
            discard = cards_of(raw[seat.letter], f"extra.discards.{seat.letter}")
            if len(discard) != 4:
                raise RuleError(f"{seat.letter} discards 4 cards to dummy, not {len(discard)}")
            for card in discard:
                if card not in dealt[seat]:
                    raise RuleError(f"{seat.letter} discards {str(card)!r}, which he was not dealt")
            hands[seat] = hand_of([c for c in dealt[seat] if c not in discard])
            dummy.extend(discard)
        hands[Seat.WEST] = hand_of(dummy)
        deal = Deal(tuple(hands))  # type: ignore[arg-type]
        if board.deal is not None and board.deal != deal:
            raise InvalidDealError(f"{board.label}: deal disagrees with extra.dealt and extra.discards")
        return deal

    def owner(self, seat: str, seating: Mapping[str, str], declarer: Seat) -> Seat:
        """The player sitting at ``seat`` for the play; dummy's honours are declarer's."""
        who = seating.get(seat, seat)
        return declarer if who == "dummy" else seat_of(who, "seat")

    def layout(self, board: Board) -> list[tuple[str, Sequence[Card] | str]]:
        """The hands after the discards and dummy; before them, the 17-card hands as dealt."""
        rows: list[tuple[str, Sequence[Card] | str]] = []
        dealt = self.dealt(board)
        discards = board.extra.get("discards")
        if dealt is not None and not (isinstance(discards, Mapping) and len(discards) == 3):
            for seat in PLAYERS:
                rows.append((f"{seat.letter} dealt", list(dealt[seat])))
            rows.append(("dummy's first card", str(board.extra.get("dummy_card", "?"))))
            return rows
        deal = self.hands_in_play(board)
        for seat in PLAYERS:
            rows.append((seat.letter, list(deal[seat] or ())))
        rows.append(("dummy", list(deal[Seat.WEST] or ())))
        return rows

    def check_board(self, board: Board) -> None:
        """The dealt hands, the dummy card and the discards (when recorded) follow the procedure."""
        if self.dealt(board) is not None and board.extra.get("discards"):
            self.hands_in_play(board)

    def table(self, board: Board, contract: Contract) -> Table:
        """Declarer keeps his seat, dummy opposite him, the opponents on his left and right."""
        declarer = contract.declarer
        if declarer not in PLAYERS:
            raise RuleError(f"booby: declarer must be N, E or S, not {declarer!r}")
        deal = self.hands_in_play(board)
        i = PLAYERS.index(declarer)
        left, right = PLAYERS[(i + 1) % 3], PLAYERS[(i + 2) % 3]
        who = {declarer: declarer.letter, declarer.lho: left.letter, declarer.partner: "dummy",
               declarer.rho: right.letter}
        hands: list[Hand | None] = [None, None, None, None]
        hands[declarer] = deal[declarer]
        hands[declarer.lho] = deal[left]
        hands[declarer.partner] = deal[Seat.WEST]
        hands[declarer.rho] = deal[right]
        return Table(Deal(tuple(hands)), contract, FOUR_HANDED,  # type: ignore[arg-type]
                     {seat.letter: name for seat, name in who.items()})



BOOBY = Booby()
"""The Booby variant."""
