"""A simple card-play bot: sensible, fast, never illegal.

It sees what a player at the table could work out (its own hand, the cards
played so far) plus the hand it is playing from, and follows old rules of
thumb: lead a winner or from length, second hand low, third hand high,
win as cheaply as possible, follow low when partner is winning, ruff when
it helps and discard from the weakest suit. It always picks one of
:meth:`PlayState.legal_cards`, so it cannot revoke.
"""

from __future__ import annotations

from .cards import Card, Seat, Suit
from .play import PlayState, trick_winner


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
