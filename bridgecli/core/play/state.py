"""The play of the cards position by position: follow suit, trick winners, claims (Laws 41-71).

:class:`PlayState` is an immutable position: ``state.play(card)`` returns the
next position or raises :class:`~bridgecli.core.errors.IllegalPlayError`;
queries (``legal_cards()``, ``to_play``, ``tricks``...) never raise.

How a trick is made up is data, a frozen :class:`PlayRules`: the number of
cards in a trick and which seats play them (offsets from the leader), who
makes the opening lead and how many tricks there are. :data:`BRIDGE` is the
four-handed game; variants with two-card tricks plug in another instance.

The rules themselves (following suit, the trick winner, the opening leader) are the
kernel's (:mod:`bridgecli.core.kernel`); the recorded plays are replayed by
:mod:`bridgecli.core.play.replay`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..board import Board, PlayedCard
from ..cards import DECK, SEATS, Card, Hand, Seat, Side, Strain, Suit
from ..contract import Contract
from ..deal import Deal
from ..errors import IllegalPlayError, RuleError
from ..kernel import (
    BB_CARDS,
    LEADER_OFFSET,
    NO_TRUMP,
    SUIT_OF,
    legal_mask,
)
from ..kernel import trick_winner as winner_position

#: Reasons an :class:`IllegalPlayError` can carry.
REASONS = ("revoke", "not-held", "already-played", "out-of-turn")

_SEAT_NAMES = ("north", "east", "south", "west")


@dataclass(frozen=True, slots=True)
class PlayRules:
    """How tricks are formed: pure data, so that variants are new instances."""

    name: str = "bridge"
    """Short name of the rule set."""
    order: tuple[int, ...] = (0, 1, 2, 3)
    """Seat offsets (clockwise, from the trick's leader) of the cards of a trick, in play order."""
    opening_leader: int = LEADER_OFFSET
    """Offset of the opening leader from declarer (1 = declarer's left-hand opponent)."""
    tricks: int = 13
    """Number of tricks in a complete play."""
    follow_suit: bool = True
    """Whether a player must follow suit when able (Law 44C)."""
    sides: tuple[int, int, int, int] = (0, 1, 0, 1)
    """Side (0 or 1) whose tricks a card of each seat N, E, S, W wins; bridge: N-S 0, E-W 1.
    Two players facing each other (Nullo, North against South) need ``(0, 1, 1, 0)``."""

    @property
    def cards_per_trick(self) -> int:
        """How many cards make a trick."""
        return len(self.order)


#: Contract bridge: four cards a trick clockwise, declarer's LHO leads, 13 tricks.
BRIDGE = PlayRules()

#: Two players sitting North and South, two-card tricks (the Nullo variant's play): North and
#: South are opponents, so they count their tricks for different sides.
TWO_HANDED = PlayRules(name="two-handed", order=(0, 2), opening_leader=2, tricks=13, sides=(0, 1, 1, 0))

#: Rule sets by name.
PLAY_RULES: dict[str, PlayRules] = {r.name: r for r in (BRIDGE, TWO_HANDED)}


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick."""

    number: int
    """1-based trick number."""
    leader: Seat
    """The seat that led."""
    cards: tuple[Card, ...]
    """The cards in the order played."""
    seats: tuple[Seat, ...]
    """Who played each card of :attr:`cards`."""
    winner: Seat
    """The seat that won the trick (Law 44E-F)."""

    def card_of(self, seat: Seat) -> Card | None:
        """The card ``seat`` played to this trick, or None."""
        for s, c in zip(self.seats, self.cards):
            if s == seat:
                return c
        return None

    @property
    def suit_led(self) -> Suit:
        """The suit of the lead."""
        return self.cards[0].suit


def trick_winner(cards: Sequence[Card], trump: Suit | None) -> int:
    """Index in ``cards`` (play order, lead first) of the winning card:
    the highest trump if any was played, else the highest card of the suit led (Law 44E-F;
    :func:`bridgecli.core.kernel.trick_winner`).
    """
    return winner_position([c.index for c in cards], NO_TRUMP if trump is None else int(trump))


def hand_mask(hand: Hand) -> int:
    """The hand mask (:mod:`~bridgecli.core.kernel`) of ``hand``."""
    m = 0
    for c in hand.cards:
        m |= 1 << (13 * c.suit + c.rank - 2)
    return m


def _cards_of(mask: int) -> list[Card]:
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return out


def _trump_of(contract: Contract) -> Suit | None:
    return contract.strain.suit if contract.strain != Strain.NULLO else None


class PlayState:
    """An immutable position in the play of one board.

    Build the start with :meth:`start`; every :meth:`play` returns a new state.
    """

    __slots__ = (
        "_claim",
        "_hands",
        "_leader",
        "_played",
        "_trick",
        "_tricks",
        "_won",
        "contract",
        "deal",
        "rules",
    )

    deal: Deal
    """The deal as dealt (13 cards a hand)."""
    contract: Contract
    """The contract, with its declarer."""
    rules: PlayRules
    """How tricks are formed."""
    _hands: tuple[int, ...]
    _played: int
    _leader: Seat
    _trick: tuple[int, ...]
    _tricks: tuple[Trick, ...]
    _won: tuple[int, int]
    _claim: tuple[Side, int] | None

    def __init__(self, deal: Deal, contract: Contract, rules: PlayRules = BRIDGE) -> None:
        """The position before the opening lead.

        Raises RuleError when the contract has no declarer, is passed out, or
        the deal does not give every player the same number of cards.
        """
        if contract.declarer is None:
            raise RuleError(f"contract {contract.pbn!r} has no declarer")
        if contract.is_passout:
            raise RuleError("a passed-out board has no play")
        seats = {(contract.declarer + rules.opening_leader + off) % 4 for off in rules.order}
        hands = []
        for seat in SEATS:
            hand = deal[seat]
            if hand is None:
                if seat in seats:
                    raise RuleError(f"the play needs {_SEAT_NAMES[seat]}'s hand, which is unknown")
                hands.append(0)
            else:
                hands.append(hand_mask(hand))
        sizes = {hands[s].bit_count() for s in seats}
        if len(sizes) != 1:
            raise RuleError("every player must hold the same number of cards to play")
        self._set(deal, contract, rules, tuple(hands), 0, SEATS[(contract.declarer + rules.opening_leader) % 4],
                  (), (), (0, 0), None)

    def _set(self, deal: Deal, contract: Contract, rules: PlayRules, hands: tuple[int, ...], played: int,
             leader: Seat, trick: tuple[int, ...], tricks: tuple[Trick, ...], won: tuple[int, int],
             claim: tuple[Side, int] | None) -> None:
        object.__setattr__(self, "deal", deal)
        object.__setattr__(self, "contract", contract)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "_hands", hands)
        object.__setattr__(self, "_played", played)
        object.__setattr__(self, "_leader", leader)
        object.__setattr__(self, "_trick", trick)
        object.__setattr__(self, "_tricks", tricks)
        object.__setattr__(self, "_won", won)
        object.__setattr__(self, "_claim", claim)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("PlayState is immutable")

    @classmethod
    def start(cls, deal: Deal, contract: Contract, rules: PlayRules = BRIDGE) -> PlayState:
        """The position before the opening lead (same as the constructor)."""
        return cls(deal, contract, rules)

    # -- queries (never raise) ----------------------------------------------

    @property
    def declarer(self) -> Seat:
        """The declarer."""
        assert self.contract.declarer is not None
        return self.contract.declarer

    @property
    def dummy(self) -> Seat:
        """Declarer's partner, whose hand is faced after the opening lead (Law 41D)."""
        return self.declarer.partner

    @property
    def trump(self) -> Suit | None:
        """The trump suit, None at notrump."""
        return _trump_of(self.contract)

    @property
    def opening_leader(self) -> Seat:
        """The seat that leads to the first trick (declarer's LHO in bridge, Law 41A)."""
        return SEATS[(self.declarer + self.rules.opening_leader) % 4]

    @property
    def is_complete(self) -> bool:
        """True when all tricks are played or a claim ended the play."""
        return self._claim is not None or len(self._tricks) == self.rules.tricks

    @property
    def to_play(self) -> Seat | None:
        """The seat to play the next card; None when the play is over."""
        if self.is_complete:
            return None
        return SEATS[(self._leader + self.rules.order[len(self._trick)]) % 4]

    @property
    def leader(self) -> Seat:
        """The seat that leads (or led) the current trick."""
        return self._leader

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds."""
        return Hand(_cards_of(self._hands[seat]))

    def legal_cards(self, seat: Seat | None = None) -> list[Card]:
        """The cards the player to move (or ``seat``, if it is to move) may play, lowest first.

        Empty when the play is over or ``seat`` is not to play.
        """
        who = self.to_play
        if who is None or (seat is not None and seat != who):
            return []
        return _cards_of(self._legal_mask(who))

    def _legal_mask(self, who: Seat) -> int:
        hand = self._hands[who]
        if self._trick and self.rules.follow_suit:
            return legal_mask(hand, SUIT_OF[self._trick[0]])
        return hand

    def is_legal(self, card: Card, seat: Seat | None = None) -> bool:
        """Whether playing ``card`` now is legal."""
        return self._problem(card, seat) is None

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, first trick first."""
        return self._tricks

    @property
    def current_trick(self) -> tuple[tuple[Seat, Card], ...]:
        """The cards of the trick in progress, as (seat, card), lead first."""
        return tuple(
            (SEATS[(self._leader + self.rules.order[i]) % 4], DECK[c]) for i, c in enumerate(self._trick)
        )

    @property
    def history(self) -> tuple[tuple[Seat, Card], ...]:
        """Every card played so far in time order, as (seat, card)."""
        out: list[tuple[Seat, Card]] = []
        for t in self._tricks:
            out.extend(zip(t.seats, t.cards))
        out.extend(self.current_trick)
        return tuple(out)

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks won in play so far, indexed by :class:`Side` (N-S, E-W); claims not included."""
        return self._won

    @property
    def declarer_tricks(self) -> int:
        """Tricks won by declarer's side: in play, plus what a claim gave them."""
        side = self.rules.sides[self.declarer]
        won = self._won[side]
        if self._claim is not None:
            claimer, n = self._claim
            remaining = self.rules.tricks - len(self._tricks)
            won += n if claimer == side else remaining - n
        return won

    @property
    def defender_tricks(self) -> int:
        """Tricks won by the defenders (claims included once the play is over)."""
        if self.is_complete:
            return self.rules.tricks - self.declarer_tricks
        return self._won[1 - self.rules.sides[self.declarer]]

    @property
    def claim_made(self) -> tuple[Side, int] | None:
        """(side, further tricks claimed) when a claim ended the play, else None."""
        return self._claim

    @property
    def trick_number(self) -> int:
        """1-based number of the trick in progress (or the next one)."""
        return len(self._tricks) + 1

    @property
    def remaining_tricks(self) -> int:
        """Tricks not yet completed."""
        return self.rules.tricks - len(self._tricks)

    # -- moves --------------------------------------------------------------

    def _problem(self, card: Card, seat: Seat | None) -> IllegalPlayError | None:
        trick_no = len(self._tricks) + 1
        who = self.to_play
        if who is None:
            return IllegalPlayError(f"the play is over; {str(card)!r} cannot be played", reason="out-of-turn",
                                    trick=min(trick_no, self.rules.tricks))
        idx = card.index
        bit = BB_CARDS[idx]
        if self._played & bit:
            return IllegalPlayError(f"{str(card)!r} has already been played", reason="already-played",
                                    trick=trick_no)
        if seat is None:
            holder = next((s for s in SEATS if self._hands[s] & bit), None)
            if holder is not None and holder != who and self._hands[who] & bit == 0:
                seat = holder
        if seat is not None and seat != who:
            what = "lead" if not self._trick else "play"
            # the opening lead out of turn has its own Law (54); later leads Law 53, plays Law 57
            law = 57 if what == "play" else 54 if trick_no == 1 else 53
            return IllegalPlayError(
                f"{_SEAT_NAMES[seat]} cannot {what} {str(card)!r}: it is {_SEAT_NAMES[who]}'s turn"
                f" (Law {law})", reason="out-of-turn", trick=trick_no)
        hand = self._hands[who]
        if not hand & bit:
            return IllegalPlayError(f"{_SEAT_NAMES[who]} does not hold {str(card)!r}", reason="not-held",
                                    trick=trick_no)
        if self._trick and self.rules.follow_suit:
            led = SUIT_OF[self._trick[0]]
            if not legal_mask(hand, led) & bit:
                return IllegalPlayError(
                    f"revoke: {_SEAT_NAMES[who]} plays {str(card)!r} holding {Suit(led).name.lower()}"
                    f" (Law 44C, 61)", reason="revoke", trick=trick_no)
        return None

    def play(self, card: Card, seat: Seat | None = None) -> PlayState:
        """The position after ``card`` is played (by ``seat``, default: the player to move).

        Raises IllegalPlayError (reason ``revoke``, ``not-held``, ``already-played``
        or ``out-of-turn``); without ``seat``, a card that another player holds
        is taken as that player playing out of turn.
        """
        err = self._problem(card, seat)
        if err is not None:
            raise err
        return self._play_unchecked(card.index)

    def _play_unchecked(self, idx: int) -> PlayState:
        who = SEATS[(self._leader + self.rules.order[len(self._trick)]) % 4]
        bit = 1 << idx
        hands = list(self._hands)
        hands[who] ^= bit
        trick = self._trick + (idx,)
        leader, tricks, won = self._leader, self._tricks, self._won
        if len(trick) == self.rules.cards_per_trick:
            trump = self.trump
            w = winner_position(trick, NO_TRUMP if trump is None else int(trump))
            order = self.rules.order
            seats = tuple(SEATS[(leader + order[i]) % 4] for i in range(len(trick)))
            winner = seats[w]
            tricks = tricks + (Trick(len(tricks) + 1, leader, tuple(DECK[c] for c in trick), seats, winner),)
            won = (won[0] + 1, won[1]) if self.rules.sides[winner] == 0 else (won[0], won[1] + 1)
            leader, trick = winner, ()
        new = PlayState.__new__(PlayState)
        new._set(self.deal, self.contract, self.rules, tuple(hands), self._played | bit, leader, trick, tricks,
                 won, self._claim)
        return new

    def play_all(self, cards: Iterable[Card]) -> PlayState:
        """Play ``cards`` in order; raises IllegalPlayError at the first illegal one."""
        state = self
        for c in cards:
            state = state.play(c)
        return state

    def claim(self, tricks: int, side: Side | None = None) -> PlayState:
        """End the play with a claim of ``tricks`` of the remaining tricks (Law 68).

        ``side`` defaults to declarer's side; the other side gets the rest.
        A claim made during a trick counts that trick among the remaining ones.
        Raises RuleError when the play is over or ``tricks`` is out of range.
        """
        if self.is_complete:
            raise RuleError("the play is over; nothing left to claim")
        remaining = self.rules.tricks - len(self._tricks)
        if not 0 <= tricks <= remaining:
            raise RuleError(f"cannot claim {tricks} of the {remaining} remaining tricks")
        who = Side(self.rules.sides[self.declarer]) if side is None else side
        new = PlayState.__new__(PlayState)
        new._set(self.deal, self.contract, self.rules, self._hands, self._played, self._leader, self._trick,
                 self._tricks, self._won, (who, tricks))
        return new

    def defenders_claim(self, tricks: int) -> PlayState:
        """End the play with the defenders claiming ``tricks`` of the remaining tricks."""
        return self.claim(tricks, Side(1 - self.rules.sides[self.declarer]))

    def __repr__(self) -> str:
        return (f"<PlayState {self.contract.pbn} by {self.declarer.letter}, trick {self.trick_number},"
                f" {self.to_play.letter if self.to_play is not None else 'over'} to play>")

    # -- records ----------------------------------------------------------------

    def play_rows(self) -> tuple[tuple[PlayedCard, ...], ...]:
        """The play as PBN rows: one a trick, columns fixed from the opening leader,
        ``-`` for cards not played in the last, unfinished trick.
        """
        first = self.opening_leader
        seat_cols = [(first + i) % 4 for i in range(4)]
        rows: list[tuple[PlayedCard, ...]] = []

        def row(pairs: Iterable[tuple[Seat, Card]]) -> tuple[PlayedCard, ...]:
            by_seat = {s: c for s, c in pairs}
            return tuple(PlayedCard(by_seat.get(SEATS[s])) for s in seat_cols)

        for t in self._tricks:
            rows.append(row(zip(t.seats, t.cards)))
        if self._trick:
            rows.append(row(self.current_trick))
        return tuple(rows)

    def to_board(self, board: Board | None = None) -> Board:
        """``board`` (or a new one) with this deal, contract, the play record and,
        when the play is over, the Result.
        """
        base = board if board is not None else Board(deal=self.deal)
        return base.replace(
            deal=base.deal if base.deal is not None else self.deal,
            contract=self.contract,
            play=self.play_rows(),
            play_leader=self.opening_leader,
            play_end="*" if self._claim is not None else "",
            result=self.declarer_tricks,
        )
