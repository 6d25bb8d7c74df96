"""A simple card-play bot: sensible, fast, never illegal.

It sees what a player at the table could work out (its own hand, the cards
played so far) plus the hand it is playing from, and follows old rules of
thumb: lead a winner or from length, second hand low, third hand high,
win as cheaply as possible, follow low when partner is winning, ruff when
it helps and discard from the weakest suit. It always picks one of
:meth:`PlayState.legal_cards`, so it cannot revoke.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .board import Board
from .cards import Card, Seat, Suit
from .errors import IllegalPlayError, ParseError, RuleError
from .play import PlayState, Trick, trick_winner

if TYPE_CHECKING:
    from .notation import Language


def _is_top(card: Card, state: PlayState, hand: list[Card]) -> bool:
    """True when every higher card of the suit is played or in ``hand``."""
    gone = {c for _, c in state.history}
    mine = set(hand)
    for rank in range(card.rank + 1, 15):
        higher = Card.from_index(13 * card.suit + rank - 2)
        if higher not in gone and higher not in mine:
            return False
    return True


def _partner(seat: Seat) -> Seat:
    return seat.partner


def _weakest_suit_low(cards: list[Card], trump: Suit | None) -> Card:
    """The lowest card of the weakest suit (fewest high-card points, then shortest), sparing trumps."""
    by_suit: dict[Suit, list[Card]] = {}
    for c in cards:
        by_suit.setdefault(c.suit, []).append(c)
    non_trump = [s for s in by_suit if s != trump] or list(by_suit)
    suit = min(non_trump, key=lambda s: (sum(c.rank.hcp for c in by_suit[s]), len(by_suit[s]), s))
    return min(by_suit[suit], key=lambda c: c.rank)


def choose_card(state: PlayState) -> Card:
    """The card the bot plays for the player to move. Raises RuleError if the play is over."""
    from .errors import RuleError

    seat = state.to_play
    if seat is None:
        raise RuleError("the play is over; there is no card to choose")
    legal = state.legal_cards()
    if len(legal) == 1:
        return legal[0]
    trump = state.trump
    trick = state.current_trick
    hand = state.hand(seat).cards

    if not trick:
        return _lead(state, seat, legal, trump, list(hand))

    led = trick[0][1].suit
    cards = [c for _, c in trick]
    win_pos = trick_winner(cards, trump)
    winning_seat = trick[win_pos][0]
    partner_winning = winning_seat == _partner(seat)
    last_to_play = len(trick) == state.rules.cards_per_trick - 1
    following = legal[0].suit == led

    def beats(c: Card) -> bool:
        return trick_winner(cards + [c], trump) == len(cards)

    winners = sorted((c for c in legal if beats(c)), key=lambda c: (c.suit == trump, c.rank))
    if following:
        low = min(legal, key=lambda c: c.rank)
        if partner_winning:
            # partner has it: follow low, unless partner's card is beaten later and we are last (not the case)
            return low
        if len(trick) == 1 and not last_to_play:
            # second hand low, but cover with a sure winner of the suit
            top = max(legal, key=lambda c: c.rank)
            if top in winners and _is_top(top, state, list(hand)):
                return top
            return low
        # third hand high / fourth hand wins cheaply
        if winners:
            return winners[0] if last_to_play else (
                winners[0] if _is_top(winners[0], state, list(hand)) else max(winners, key=lambda c: c.rank))
        return low
    # void in the suit led
    if not partner_winning and winners:
        return winners[0]  # cheapest ruff or overruff
    return _weakest_suit_low(legal, trump)


def _lead(state: PlayState, seat: Seat, legal: list[Card], trump: Suit | None, hand: list[Card]) -> Card:
    by_suit: dict[Suit, list[Card]] = {}
    for c in legal:
        by_suit.setdefault(c.suit, []).append(c)
    # cash a sure winner (declaring side draws trumps first)
    declaring = seat in (state.declarer, state.dummy)
    if declaring and trump is not None and trump in by_suit:
        top = max(by_suit[trump], key=lambda c: c.rank)
        outstanding = _outstanding(state, trump, seat)
        if outstanding and _is_top(top, state, hand):
            return top
    for suit in sorted(by_suit, key=lambda s: (-len(by_suit[s]), -s)):
        if suit == trump and len(by_suit) > 1 and not declaring:
            continue
        top = max(by_suit[suit], key=lambda c: c.rank)
        if _is_top(top, state, hand) and _outstanding(state, suit, seat):
            return top
    # otherwise from the longest side suit (trumps last for defenders): top of an honour sequence, else low
    suits = sorted(by_suit, key=lambda s: (s == trump and not declaring, -len(by_suit[s]), -s))
    cards = sorted(by_suit[suits[0]], key=lambda c: c.rank, reverse=True)
    if len(cards) >= 2 and cards[0].rank >= 11 and cards[0].rank - cards[1].rank == 1:
        return cards[0]
    return cards[-1]


def _outstanding(state: PlayState, suit: Suit, seat: Seat) -> bool:
    """True when the opponents of ``seat`` may still hold a card of ``suit`` (by elimination)."""
    gone = {c for _, c in state.history if c.suit == suit}
    mine = {c for c in state.hand(seat).cards if c.suit == suit}
    # partner's cards are not known to a defender; only the faced dummy is
    dummy = state.dummy
    if (state.trick_number > 1 or state.current_trick) and seat in (state.declarer, dummy):
        mine |= {c for c in state.hand(seat.partner).cards if c.suit == suit}
    return len(gone) + len(mine) < 13


def play_out(state: PlayState) -> PlayState:
    """Finish the play with the bot playing every seat."""
    while not state.is_complete:
        state = state.play(choose_card(state))
    return state


class BotGame:
    """One board played against the bot: you hold some seats, the bot plays the others.

    The game logic of ``bridgecli play --interactive`` without the terminal: feed
    it what the player types with :meth:`enter`, let the bot move with
    :meth:`bot_move` while :attr:`bot_to_play`. The play starts after the
    board's play record (or ``cards``, in time order); when that is illegal,
    :attr:`replay` says why and the game cannot start (:attr:`is_over` is True).
    """

    def __init__(self, board: Board, cards: Sequence[Card] | None = None, seat: Seat | None = None,
                 lang: Language | None = None) -> None:
        """Set up the table; ``seat`` is yours (default: declarer, who also plays dummy).

        Raises RuleError when the board has no deal or no contract with declarer.
        """
        from .notation import ENGLISH
        from .play import contract_of, replay_board, replay_cards, state_after

        contract = contract_of(board)
        if contract is None or contract.is_passout or board.deal is None:
            raise RuleError(f"{board.label}: needs a deal and a contract with declarer to play")
        if cards:
            rep = replay_cards(board.deal, contract, cards, board=board)
        elif board.play:
            rep = replay_board(board, contract)
        else:
            rep = replay_cards(board.deal, contract, [], board=board)
        self.board = board
        """The board played."""
        self.replay = rep
        """The replay of the record the game starts after."""
        self.lang = lang if lang is not None else ENGLISH
        """The notation of the cards typed and the legal cards shown."""
        self.state = state_after(rep, board.deal)
        """The position now."""
        you_seat = seat if seat is not None else self.state.declarer
        if you_seat == self.state.dummy:
            you_seat = self.state.declarer
        self.you_seat = you_seat
        """The seat you play (declarer when ``seat`` named dummy)."""
        self.you = {you_seat, self.state.dummy} if you_seat == self.state.declarer else {you_seat}
        """The seats whose cards you choose."""
        self.stopped = rep.error is not None
        """True once you quit (or when the record was illegal)."""
        self._marks: list[PlayState] = []

    @property
    def is_over(self) -> bool:
        """True when the play is over (all tricks, or a claim) or you quit."""
        return self.stopped or self.state.is_complete

    @property
    def bot_to_play(self) -> bool:
        """True when the player to move is the bot's."""
        who = self.state.to_play
        return who is not None and who not in self.you

    def visible(self) -> set[Seat]:
        """The hands you see: yours, and dummy's after the opening lead (Law 41D)."""
        shown = set(self.you)
        if self.state.tricks or self.state.current_trick:
            shown.add(self.state.dummy)
        return shown

    def bot_move(self) -> tuple[Seat, Card]:
        """The bot plays for the seat to move; returns (seat, card). Raises RuleError when the play is over."""
        who = self.state.to_play
        if who is None:
            raise RuleError("the play is over; there is no card to choose")
        card = choose_card(self.state)
        self.state = self.state.play(card)
        return who, card

    def trick_just_won(self) -> Trick | None:
        """The last trick, if the last card completed it; else None."""
        state = self.state
        return state.tricks[-1] if state.tricks and not state.current_trick else None

    def enter(self, text: str) -> tuple[str, str]:
        """Act on a line you typed: a card, an empty line, ``undo``, ``claim N`` or ``quit``.

        Returns (what happened, the message to show): ``played`` (message empty),
        ``refused``, ``legal`` (the legal cards), ``undo``, ``claim`` or ``quit``.
        """
        lang = self.lang
        state = self.state
        text = text.strip()
        words = text.lower().split()
        if not words:
            return "legal", "legal cards: " + " ".join(lang.card_str(c) for c in reversed(state.legal_cards()))
        if words[0] in ("quit", "q", "exit"):
            self.stopped = True
            return "quit", ""
        if words[0] == "undo":
            if not self._marks:
                return "undo", "nothing to undo"
            self.state = self._marks.pop()
            return "undo", "undone"
        if words[0] == "claim":
            try:
                n = int(words[1]) if len(words) == 2 else -1
                self.state = state.claim(n, self.you_seat.side)
            except (ValueError, RuleError) as exc:
                msg = exc.message if isinstance(exc, RuleError) else f"not a number: {text!r}"
                return "refused", f"refused: {msg} (claim N, N = 0..{state.remaining_tricks})"
            return "claim", f"claim of {n} more tricks accepted"
        try:
            new = state.play(lang.parse_card(text), seat=state.to_play)
        except ParseError as exc:
            return "refused", f"refused: {exc.message}"
        except IllegalPlayError as exc:
            return "refused", f"refused: {exc.message} [{exc.reason}]"
        self._marks.append(state)
        self.state = new
        return "played", ""

    def board_now(self) -> Board:
        """The board with the play so far (and the Result once the play is over)."""
        return self.state.to_board(self.board)
