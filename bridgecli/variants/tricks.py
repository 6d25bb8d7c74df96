"""Tricks of two players who each add more than one card: Chinese bridge and Szlem.

The core's :class:`~bridgecli.core.play.PlayState` gives every seat one card a
trick. Here two players alternate inside a trick (``A B A B``) and some cards
only come into play later: a face-down card of Chinese bridge once the card
on it has been played, the reserve of Szlem after the hand cards. A play is
data too: :class:`Phase` rows (how many tricks, who plays each card) and
:class:`Lock` entries (when a card joins the play).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bridgecli.core.cards import Card, Seat, Suit
from bridgecli.core.errors import IllegalPlayError
from bridgecli.core.play import Trick, trick_winner


@dataclass(frozen=True, slots=True)
class Phase:
    """A run of tricks of the same shape."""

    tricks: int
    """How many tricks."""
    order: tuple[int, ...]
    """Who plays each card of a trick: 0 the leader, 1 the other player."""


@dataclass(frozen=True, slots=True)
class Lock:
    """A card its holder may not play yet."""

    card: Card
    """The locked card."""
    under: Card | None = None
    """Freed at the end of the trick in which this card (lying on it) is played."""
    after_trick: int = 0
    """Freed once this many tricks are complete (0: not by count)."""


@dataclass(frozen=True, slots=True)
class TrickPlay:
    """What replaying a two-player play found."""

    tricks: tuple[Trick, ...]
    """The completed tricks."""
    won: Mapping[Seat, int]
    """Tricks won by each player."""
    complete: bool
    """All tricks of every phase were played."""
    error: IllegalPlayError | None = None
    """The first illegal card, or None."""
    error_seat: Seat | None = None
    """Who played it."""
    error_card: Card | None = None
    """The illegal card."""
    total: int = field(default=0)
    """Tricks of a complete play."""

    @property
    def legal(self) -> bool:
        """True when no illegal card was found."""
        return self.error is None


def play_tricks(players: tuple[Seat, Seat], cards: Mapping[Seat, Sequence[Card]],
                locks: Mapping[Seat, Sequence[Lock]], phases: Sequence[Phase], trump: Suit | None,
                leader: Seat, record: Sequence[Sequence[Card]]) -> TrickPlay:
    """Replay ``record`` (each trick's cards in time order) from ``leader``.

    ``cards`` holds every card of each player, locked ones included. A player
    must follow the suit led with a card in play (Law 44C); the highest trump,
    else the highest card of the suit led, wins. The replay stops at the first
    illegal card or at the end of the record. Never raises.
    """
    held = {p: set(cards[p]) for p in players}
    pending = {p: list(locks.get(p, ())) for p in players}
    locked = {p: {lk.card for lk in pending[p]} for p in players}
    played: set[Card] = set()
    won = {p: 0 for p in players}
    done: list[Trick] = []
    shapes = [ph.order for ph in phases for _ in range(ph.tricks)]
    total = len(shapes)
    for number, trick_cards in enumerate(record[:total], 1):
        order = shapes[number - 1]
        other = players[1] if leader == players[0] else players[0]
        seats: list[Seat] = []
        made: list[Card] = []
        for pos, card in enumerate(trick_cards):
            if pos >= len(order):
                err = IllegalPlayError(f"trick {number} has {len(order)} cards, not {len(trick_cards)}",
                                       reason="out-of-turn", trick=number)
                return TrickPlay(tuple(done), won, False, err, None, card, total)
            who = leader if order[pos] == 0 else other
            name = who.name.lower()
            problem: IllegalPlayError | None = None
            if card in played:
                problem = IllegalPlayError(f"{str(card)!r} has already been played", reason="already-played",
                                           trick=number)
            elif card not in held[who]:
                problem = IllegalPlayError(f"{name} does not hold {str(card)!r}", reason="not-held", trick=number)
            elif card in locked[who]:
                problem = IllegalPlayError(f"{name} cannot play {str(card)!r} yet: it is not in play",
                                           reason="not-held", trick=number)
            elif made:
                led = made[0].suit
                if card.suit != led and any(c.suit == led for c in held[who] - locked[who]):
                    problem = IllegalPlayError(f"revoke: {name} plays {str(card)!r} holding"
                                               f" {led.name.lower()} (Law 44C)", reason="revoke", trick=number)
            if problem is not None:
                return TrickPlay(tuple(done), won, False, problem, who, card, total)
            held[who].discard(card)
            played.add(card)
            seats.append(who)
            made.append(card)
        if len(made) < len(order):
            break
        w = seats[trick_winner(made, trump)]
        won[w] += 1
        done.append(Trick(number, leader, tuple(made), tuple(seats), w))
        leader = w
        # cards freed by this trick join the play from the next one on
        for p in players:
            keep = []
            for lk in pending[p]:
                if (lk.under is not None and lk.under in played) or (lk.after_trick and number >= lk.after_trick):
                    locked[p].discard(lk.card)
                else:
                    keep.append(lk)
            pending[p] = keep
    return TrickPlay(tuple(done), won, len(done) == total, None, None, None, total)
