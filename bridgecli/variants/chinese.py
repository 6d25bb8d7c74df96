"""Chinese bridge (*Chiński brydż*): two players, four hand cards and eleven piles each.

Layout of a board: the players sit North and South (North deals the odd
boards). ``extra.hand`` holds each player's four hand cards, ``extra.table``
the 22 cards each was dealt to the table, and ``extra.piles`` how he laid
them out: eleven ``UP/DOWN`` pairs (``"SA/H2 ..."``), the first card face up on
the second. Only the dealer bids; his opponent passes or doubles; after a
double the dealer passes, redoubles or bids higher. Tricks have four cards,
two from each player in turn (leader, other, leader, other); the dealer's
opponent leads first. ``extra.play`` records the tricks, each trick's four
cards in the order played (``"SA S2 SK S3"``).

In play are the hand cards and the face-up cards. A face-down card joins the
play from the trick after the one in which the card lying on it was played;
until then it counts for nothing, also not for following suit.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from bridgecli.core.auction import AuctionRules
from bridgecli.core.board import Board
from bridgecli.core.cards import DECK, STRAINS, Card, Seat
from bridgecli.core.contract import Contract
from bridgecli.core.errors import InvalidDealError, ParseError, RuleError

from .base import PlayOutcome, Variant, card_texts, cards_of, shuffled
from .tricks import Lock, Phase, play_tricks

PLAYERS = (Seat.NORTH, Seat.SOUTH)

AUCTION = AuctionRules(
    name="chinese bridge",
    seats=PLAYERS,
    sides=(0, 1),
    strains=STRAINS,
    passes_to_close=1,
    passes_to_pass_out=2,
    opener_must_bid=True,
    dealer_only_bids=True,
)
"""The dealer names a contract; the opponent passes or doubles; one pass closes."""

#: Thirteen tricks of four cards: leader, other, leader, other.
PHASES = (Phase(13, (0, 1, 0, 1)),)


class Chinese(Variant):
    """Chinese bridge for two players."""

    name = "chinese"
    title = "Chinese bridge"
    players = PLAYERS
    auction = AUCTION

    def deal_board(self, rng: random.Random, number: int) -> Board:
        """Four cards to the opponent and the dealer, then 22 each for the table (piles not laid yet)."""
        cards = shuffled(rng)
        dealer = self.dealer(number)
        other = dealer.partner
        extra = {
            "hand": {other.letter: card_texts(cards[0:4]), dealer.letter: card_texts(cards[4:8])},
            "table": {other.letter: card_texts(cards[8:30]), dealer.letter: card_texts(cards[30:52])},
        }
        return Board(number=number, dealer=dealer, vulnerability=self.vulnerability(number),
                     variant=self.name, extra=extra)

    def _per_player(self, board: Board, key: str, size: int) -> dict[Seat, list[Card]] | None:
        raw = board.extra.get(key)
        if raw is None:
            return None
        if not isinstance(raw, Mapping):
            raise ParseError(f"extra.{key} must map N and S to cards")
        out: dict[Seat, list[Card]] = {}
        for seat in PLAYERS:
            if seat.letter not in raw:
                raise ParseError(f"extra.{key}.{seat.letter} is missing")
            cards = cards_of(raw[seat.letter], f"extra.{key}.{seat.letter}")
            if len(cards) != size:
                raise InvalidDealError(f"extra.{key}.{seat.letter} holds {size} cards, not {len(cards)}")
            out[seat] = cards
        return out

    def piles(self, board: Board) -> dict[Seat, list[tuple[Card, Card]]]:
        """Each player's eleven (face-up, face-down) piles. Raises ParseError, InvalidDealError, RuleError."""
        raw = board.extra.get("piles")
        if raw is None:
            raise RuleError(f"{board.label}: the piles are not laid out (extra.piles: eleven UP/DOWN pairs each)")
        if not isinstance(raw, Mapping):
            raise ParseError("extra.piles must map N and S to eleven UP/DOWN pairs")
        out: dict[Seat, list[tuple[Card, Card]]] = {}
        for seat in PLAYERS:
            text = raw.get(seat.letter)
            if not isinstance(text, str):
                raise ParseError(f"extra.piles.{seat.letter} must be eleven pairs like 'SA/H2'")
            pairs = []
            for item in text.split():
                up, sep, down = item.partition("/")
                if not sep:
                    raise ParseError(f"extra.piles.{seat.letter}: {item!r} is not an UP/DOWN pair")
                pairs.append((Card.from_str(up), Card.from_str(down)))
            if len(pairs) != 11:
                raise InvalidDealError(f"{seat.letter} lays out 11 piles, not {len(pairs)}")
            out[seat] = pairs
        return out

    def holdings(self, board: Board, contract: Contract | None = None) -> dict[Seat, list[Card]]:
        """Each player's 26 cards (hand and piles), for honours."""
        return self.cards_and_locks(board)[0]

    def cards_and_locks(self, board: Board) -> tuple[dict[Seat, list[Card]], dict[Seat, list[Lock]]]:
        """Every card of each player (hand and piles) and the locks of the face-down cards.

        Raises ParseError, InvalidDealError or RuleError.
        """
        hand = self._per_player(board, "hand", 4)
        if hand is None:
            raise RuleError(f"{board.label}: chinese needs extra.hand (four cards each)")
        piles = self.piles(board)
        table = self._per_player(board, "table", 22)
        cards: dict[Seat, list[Card]] = {}
        locks: dict[Seat, list[Lock]] = {}
        for seat in PLAYERS:
            laid = [c for pair in piles[seat] for c in pair]
            if table is not None and set(laid) != set(table[seat]):
                raise RuleError(f"{seat.letter}'s piles are not the 22 cards he was dealt to the table")
            cards[seat] = hand[seat] + laid
            locks[seat] = [Lock(down, under=up) for up, down in piles[seat]]
        every = cards[Seat.NORTH] + cards[Seat.SOUTH]
        if len(set(every)) != len(every) or set(every) != set(DECK):
            raise InvalidDealError("the hands and piles must hold the 52 cards once each")
        return cards, locks

    def layout(self, board: Board) -> list[tuple[str, Sequence[Card] | str]]:
        """Each player's hand cards and piles (face-up card / card beneath)."""
        rows: list[tuple[str, Sequence[Card] | str]] = []
        hand = self._per_player(board, "hand", 4) or {}
        for seat, cards in hand.items():
            rows.append((f"{seat.letter} hand", cards))
        if "piles" in board.extra:
            for seat, pairs in self.piles(board).items():
                rows.append((f"{seat.letter} piles", " ".join(f"{u}/{d}" for u, d in pairs)))
        else:
            for seat, cards in (self._per_player(board, "table", 22) or {}).items():
                rows.append((f"{seat.letter} table", cards))
        return rows

    def check_board(self, board: Board) -> None:
        """Hands, table cards and piles (when laid out) follow the procedure."""
        if "piles" in board.extra:
            self.cards_and_locks(board)

    def record(self, board: Board) -> list[list[Card]]:
        """``extra.play``: the tricks, each trick's cards in the order played. Raises ParseError."""
        raw = board.extra.get("play", [])
        if isinstance(raw, str) or not isinstance(raw, (list, tuple)):
            raise ParseError("extra.play must be a list of tricks like 'SA S2 SK S3'")
        return [cards_of(t, f"extra.play[{i}]") for i, t in enumerate(raw)]

    def replay(self, board: Board, contract: Contract) -> PlayOutcome:
        """Four-card tricks from the dealer's opponent's lead, face-down cards joining later."""
        declarer = contract.declarer
        if declarer not in PLAYERS:
            raise RuleError(f"chinese: declarer must be N or S, not {declarer!r}")
        cards, locks = self.cards_and_locks(board)
        dealer = self.auction_dealer(board)
        strain = contract.strain
        trump = strain.suit
        rep = play_tricks(PLAYERS, cards, locks, PHASES, trump, dealer.partner, self.record(board))
        return PlayOutcome({"N": "player", "S": "player"}, rep.tricks, rep.won[declarer], rep.complete,
                           rep.error, rep.error_seat, rep.error_card)


CHINESE = Chinese()
"""The Chinese bridge variant."""
