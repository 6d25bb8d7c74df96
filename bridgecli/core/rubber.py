"""Rubber bridge and Chicago score sheets: pure state, no I/O.

A :class:`Rubber` is the sheet of one rubber (or one Chicago round of four
deals). :meth:`Rubber.add` scores a deal and returns the new sheet, writing
:class:`Entry` values to the side that earns them, below the line (trick
points bid and made) or above it (everything else). The numbers come from a
:class:`~bridgecli.core.scoring.ScoringRules` value (:data:`RUBBER`,
:data:`CHICAGO`, :data:`CHICAGO_B`); the rules of the sheet are those of
RULES.md sections 7 and 8:

* rubber: a side that has won a game is vulnerable; 100 trick points below
  the line make a game, then a line is drawn and both sides start the next
  game from nothing; two games win the rubber, with 700 (2-0) or 500 (2-1);
  honours go to the side holding them whether or not the contract made; an
  unfinished rubber gives 300 for a game and a premium for a part-score in
  the unfinished game (:meth:`Rubber.close`);
* Chicago: four deals a round; deal 1 nobody vulnerable, deals 2 and 3 the
  dealer's side, deal 4 both; a game premium (300/500) on the deal that
  completes a game; part-scores carry with 100 for a part-score on deal 4
  (variant A) or each deal stands alone with 50 a part-score (variant B); a
  passed-out deal is dealt again unless the rules say it counts.

A :class:`Session` strings rubbers together (a new one starts after a side
wins one), with the players of each; :func:`standings` gives every player's
running total in points and in settlement units (:func:`settlement`: the
difference divided by 100 and rounded).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, TypeVar, overload

from .cards import Seat, Side, Strain, Vulnerability
from .contract import Contract
from .deal import Deal
from .errors import ParseError, RuleError
from .scoring import CHICAGO, CHICAGO_B, RUBBER, ScoringRules, breakdown, honours_points

__all__ = [
    "CHICAGO",
    "CHICAGO_B",
    "ROUNDINGS",
    "RUBBER",
    "DealRecord",
    "DealResult",
    "Entry",
    "Honours",
    "Log",
    "PartnershipRounds",
    "PlayerScore",
    "RepeatedPartnership",
    "Rubber",
    "Session",
    "Standings",
    "honours_in_deal",
    "repeated_partnerships",
    "settlement",
    "standings",
]

Place = Literal["above", "below"]
"""Where an entry of the score sheet stands: above or below the line."""

_T = TypeVar("_T")


class Log(Sequence[_T]):
    """An immutable sequence that grows by sharing: the first ``n`` items of a list that
    later logs may extend. A sheet adds a deal by making a log one item longer, which costs
    one append while no other sheet has grown the same list (a tuple copied every item,
    and 16,000 passed-out deals took 6 s); an older sheet grown again copies its items.
    Equal to a tuple or log of the same items."""

    __slots__ = ("_items", "_n")

    def __init__(self, items: Iterable[_T] = ()) -> None:
        self._items: list[_T] = list(items)
        self._n = len(self._items)

    def plus(self, more: Iterable[_T]) -> Log[_T]:
        """This log with ``more`` after it."""
        items = self._items
        if len(items) != self._n:  # an older sheet grown again: its own copy
            items = items[: self._n]
        items.extend(more)
        out: Log[_T] = Log.__new__(Log)
        out._items, out._n = items, len(items)
        return out

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> _T: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[_T, ...]: ...
    def __getitem__(self, i: int | slice) -> _T | tuple[_T, ...]:
        if isinstance(i, slice):
            return tuple(self)[i]
        if not -self._n <= i < self._n:
            raise IndexError("log index out of range")
        return self._items[i % self._n]

    def __iter__(self) -> Iterator[_T]:
        items = self._items
        return (items[k] for k in range(self._n))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Log, tuple)):
            return len(other) == self._n and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


def _log(items: Sequence[_T]) -> Log[_T]:
    return items if isinstance(items, Log) else Log(items)
"""Where an entry is written: above the line (premiums) or below it (trick points)."""

ROUNDINGS = ("nearest", "half-down", "down", "up", "exact")
"""Ways to turn a difference into settlement units (hundreds): to the nearest hundred with 50
going up or down, always down or up (toward or away from zero), or not at all."""


@dataclass(frozen=True, slots=True)
class Honours:
    """Honours held in one hand, scored to that hand's side."""

    side: Side
    """The side holding them (declarer's or defenders')."""
    amount: int
    """100 (four trump honours), 150 (all five, or four aces at notrump)."""

    def __str__(self) -> str:
        return f"{self.side.name}:{self.amount}"


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal as played: the contract with its declarer, the tricks declarer took, and
    honours. Raises ParseError for a missing declarer, tricks outside 0..13 or honours
    on a passed-out deal.
    """

    contract: Contract
    """The final contract with declarer; ``Contract.passed_out()`` for a passed-out deal."""
    tricks: int = 0
    """Tricks taken by declarer (0 when passed out)."""
    honours: Honours | None = None
    """Honours held, if any were claimed."""

    def __post_init__(self) -> None:
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int) or not 0 <= self.tricks <= 13:
            raise ParseError(f"declarer takes 0 to 13 tricks, not {self.tricks!r}")
        if self.contract.is_passout:
            if self.honours is not None:
                raise ParseError(f"honours {str(self.honours)!r} on a passed-out deal")
            if self.tricks:
                raise ParseError("a passed-out deal has no tricks")
        elif self.contract.declarer is None:
            raise ParseError(f"no declarer for {self.contract.pbn!r} (give --declarer N, or 4SXN-1)")

    def mirrored(self) -> DealResult:
        """The same deal with every seat turned one place clockwise (N-S and E-W swap)."""
        c = self.contract
        if not c.is_passout and c.declarer is not None:
            c = c.with_declarer(c.declarer.next())
        h = None if self.honours is None else Honours(self.honours.side.opponents, self.honours.amount)
        return DealResult(c, self.tricks, h)


@dataclass(frozen=True, slots=True)
class Entry:
    """One figure on the score sheet."""

    side: Side
    """The side it is written for."""
    place: Place
    """``below`` the line (trick points bid and made) or ``above`` it (premiums)."""
    amount: int
    """Points, always positive."""
    reason: str
    """``tricks``, ``overtricks``, ``undertricks``, ``insult``, ``small slam``, ``grand slam``,
    ``honours``, ``game``, ``part-score``, ``rubber``, ``unfinished game`` or
    ``unfinished part-score``."""
    deal: int | None
    """1-based number of the deal it was scored on; None for end-of-rubber premiums."""
    game: int
    """1-based game of the rubber (or round) it was written in."""


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A deal as it went onto the sheet."""

    number: int | None
    """1-based deal number in the rubber or round; None for a passed-out deal dealt again."""
    result: DealResult
    """What was played."""
    vulnerability: Vulnerability
    """Who was vulnerable on the deal."""
    dealer: Seat | None
    """The dealer (Chicago, where vulnerability follows the dealer); None in a rubber."""
    game_won: Side | None = None
    """The side that completed a game on this deal."""


def _check_honours(h: Honours, contract: Contract, rules: ScoringRules) -> None:
    if not rules.honours:
        raise ParseError(f"honours {str(h)!r}: the {rules.name!r} scoring counts no honours")
    allowed = (rules.honours_aces,) if contract.strain == Strain.NOTRUMP else (rules.honours_four, rules.honours_five)
    if h.amount not in allowed:
        what = "four aces" if contract.strain == Strain.NOTRUMP else "four or five trump honours"
        raise ParseError(f"honours {str(h)!r} at {contract.pbn}: {what} score "
                         f"{' or '.join(str(a) for a in allowed)}")


@dataclass(frozen=True, slots=True)
class Rubber:
    """The sheet of one rubber, or one Chicago round when ``rules.deals_per_round`` > 0.

    Immutable: :meth:`add` and :meth:`close` return a new sheet.
    """

    rules: ScoringRules = RUBBER
    """The scoring scheme."""
    first_dealer: Seat = Seat.NORTH
    """Dealer of the first deal (Chicago vulnerability follows the dealer)."""
    players: tuple[str, str, str, str] | None = None
    """Player names at North, East, South and West, when known."""
    entries: Sequence[Entry] = ()
    """Every figure written, in order (a tuple or a :class:`Log`)."""
    deals: Sequence[DealRecord] = ()
    """Every deal, including passed-out ones (a tuple or a :class:`Log`)."""
    games: tuple[int, int] = (0, 0)
    """Games won by N-S and E-W."""
    below: tuple[int, int] = (0, 0)
    """Trick points of N-S and E-W toward the current game."""
    game: int = 1
    """The game being played (1-based); a line is drawn when a game is won."""
    finished: bool = False
    """True when a side has won two games (a rubber) or four deals were played (Chicago)."""
    closed: bool = False
    """True once :meth:`close` scored the premiums of an unfinished rubber."""
    _played: int = field(default=-1, init=False, repr=False, compare=False)

    @property
    def is_chicago(self) -> bool:
        """True for a Chicago round (vulnerability by deal)."""
        return self.rules.deals_per_round > 0

    @property
    def deals_played(self) -> int:
        """Deals that count (a redealt passed-out deal does not)."""
        if self._played < 0:  # (known when the sheet comes from add: counting made add quadratic)
            object.__setattr__(self, "_played", sum(1 for d in self.deals if d.number is not None))
        return self._played

    @property
    def dealer(self) -> Seat:
        """Dealer of the next deal: the first dealer, then clockwise; a redealt deal keeps it."""
        return self.first_dealer.next(self.deals_played)

    @property
    def vulnerability(self) -> Vulnerability:
        """Who is vulnerable on the next deal: a side with a game (rubber); in Chicago deal 1
        nobody, deals 2 and 3 the dealer's side (or the other side), deal 4 both."""
        if not self.is_chicago:
            return Vulnerability.from_sides(self.games[0] >= 1, self.games[1] >= 1)
        k = self.deals_played % self.rules.deals_per_round
        if k == 0:
            return Vulnerability.NONE
        if k == self.rules.deals_per_round - 1:
            return Vulnerability.ALL
        side = self.dealer.side if self.rules.dealer_vulnerable else self.dealer.side.opponents
        return Vulnerability.NS if side == Side.NS else Vulnerability.EW

    def total(self, side: Side) -> int:
        """All points written for ``side``, above and below the line."""
        return sum(e.amount for e in self.entries if e.side == side)

    @property
    def ns_total(self) -> int:
        """N-S total."""
        return self.total(Side.NS)

    @property
    def ew_total(self) -> int:
        """E-W total."""
        return self.total(Side.EW)

    @property
    def difference(self) -> int:
        """N-S total minus E-W total."""
        return self.ns_total - self.ew_total

    @property
    def winner(self) -> Side | None:
        """The side that won the rubber (two games); in Chicago the side with more points after
        the four deals. None while unfinished, or for a tied Chicago round."""
        if not self.finished:
            return None
        if not self.is_chicago:
            return Side.NS if self.games[0] > self.games[1] else Side.EW
        d = self.difference
        return None if d == 0 else Side.NS if d > 0 else Side.EW

    @property
    def rubber_bonus(self) -> int:
        """The rubber premium scored (700 or 500), 0 when none."""
        return sum(e.amount for e in self.entries if e.reason == "rubber")

    def add(self, result: DealResult) -> Rubber:
        """The sheet after ``result``. Raises RuleError when the rubber (round) is already over,
        ParseError for honours the rules do not allow."""
        if self.finished or self.closed:
            raise RuleError("the rubber is over; a new deal starts a new one")
        rules = self.rules
        c = result.contract
        vul = self.vulnerability
        dealer = self.dealer if self.is_chicago else None
        number = self.deals_played + 1
        last = self.is_chicago and number == rules.deals_per_round
        if c.is_passout:
            redeal = rules.passout_redeal
            record = DealRecord(None if redeal else number, result, vul, dealer)
            out = replace(self, deals=_log(self.deals).plus((record,)), finished=last and not redeal)
            object.__setattr__(out, "_played", number - 1 if redeal else number)
            return out
        if result.honours is not None:
            _check_honours(result.honours, c, rules)
        assert c.declarer is not None
        side = c.declarer.side
        opp = side.opponents
        v = vul.is_vul(side)
        bd = breakdown(c, result.tricks, v, rules)
        new: list[Entry] = []

        def write(who: Side, place: Place, amount: int, reason: str) -> None:
            if amount:
                new.append(Entry(who, place, amount, reason, number, self.game))

        if bd.made:
            write(side, "below", bd.trick_score, "tricks")
            write(side, "above", bd.overtricks, "overtricks")
            write(side, "above", bd.slam_bonus, "grand slam" if c.level == 7 else "small slam")
            write(side, "above", bd.insult, "insult")
        else:
            write(opp, "above", -bd.undertricks, "undertricks")
        if result.honours is not None:
            write(result.honours.side, "above", result.honours.amount, "honours")
        below = list(self.below) if rules.partscores_carry else [0, 0]
        if bd.made:
            below[side] += bd.trick_score
        games = list(self.games)
        game = self.game
        finished = last
        won: Side | None = None
        if bd.made and below[side] >= rules.game_threshold:
            won = side
            games[side] += 1
            if self.is_chicago:
                write(side, "above", rules.game_bonus[1 if v else 0], "game")
            elif games[side] == 2:
                write(side, "above", rules.rubber_bonus[min(games[opp], 1)], "rubber")
                finished = True
            below = [0, 0]
            game += 1
        elif bd.made and rules.bonuses_per_deal and (last or not rules.partscore_bonus_last_deal):
            write(side, "above", rules.partscore_bonus, "part-score")
        record = DealRecord(number, result, vul, dealer, won)
        out = Rubber(rules, self.first_dealer, self.players, _log(self.entries).plus(new),
                     _log(self.deals).plus((record,)), (games[0], games[1]), (below[0], below[1]), game, finished,
                     False)
        object.__setattr__(out, "_played", number)
        return out

    def close(self) -> Rubber:
        """The sheet of a rubber stopped before its end: 300 to a side with one game and the
        part-score premium to a side with a part-score in the unfinished game (RB Law 80;
        ``rules.unfinished_partscore``). A finished rubber or a Chicago round is unchanged."""
        if self.finished or self.closed or self.is_chicago:
            return self if self.closed else replace(self, closed=True)
        new: list[Entry] = []
        for side in (Side.NS, Side.EW):
            if self.games[side] >= 1:
                new.append(Entry(side, "above", self.rules.unfinished_game, "unfinished game", None, self.game))
        for side in (Side.NS, Side.EW):
            if self.below[side] > 0:
                new.append(Entry(side, "above", self.rules.unfinished_partscore, "unfinished part-score",
                                 None, self.game))
        return replace(self, entries=_log(self.entries).plus(new), closed=True)


def honours_in_deal(deal: Deal, contract: Contract, rules: ScoringRules = RUBBER) -> Honours | None:
    """The honours of ``deal`` at ``contract``: the hand holding four or five trump honours, or
    the four aces at notrump. None when no hand holds them, for a passed-out deal, or when
    ``rules`` count no honours. Raises ParseError when a hand is unknown."""
    if contract.is_passout or not rules.honours:
        return None
    for seat, hand in deal:
        if hand is None:
            raise ParseError(f"honours need all four hands; {seat.name.lower()}'s is unknown")
        points = honours_points(hand, contract.strain, rules)
        if points:
            return Honours(seat.side, points)
    return None


def settlement(difference: int, rounding: str = "nearest") -> int | float:
    """``difference`` in units of 100 points, rounded as ``rounding`` says (see
    :data:`ROUNDINGS`), symmetric in sign: 650 -> 7 (nearest), 6 (half-down); 610 -> 6 (down),
    7 (up); 650 -> 6.5 (exact). Raises ParseError for an unknown rounding."""
    if rounding not in ROUNDINGS:
        raise ParseError(f"unknown rounding {rounding!r} (known: {', '.join(ROUNDINGS)})")
    if rounding == "exact":
        return difference / 100
    sign = -1 if difference < 0 else 1
    hundreds, rest = divmod(abs(difference), 100)
    if rounding == "up":
        up = rest > 0
    elif rounding == "down":
        up = False
    elif rounding == "nearest":
        up = rest >= 50
    else:
        up = rest > 50
    return sign * (hundreds + (1 if up else 0))


@dataclass(frozen=True, slots=True)
class Session:
    """Rubbers (or Chicago rounds) played one after another; a deal after a finished rubber
    starts the next one, with the players last seated."""

    rules: ScoringRules = RUBBER
    """The scoring scheme of every rubber."""
    first_dealer: Seat = Seat.NORTH
    """Dealer of each rubber's (round's) first deal."""
    players: tuple[str, str, str, str] | None = None
    """Players (N, E, S, W) of the next rubber to start."""
    done: Sequence[Rubber] = field(default=())
    """The rubbers before the last one (a tuple or a :class:`Log`)."""
    last: Rubber | None = None
    """The last rubber started (in play, finished or closed); None before the first deal."""

    @property
    def rubbers(self) -> tuple[Rubber, ...]:
        """Every rubber so far, in order; the last may still be in play."""
        return tuple(self.done) if self.last is None else (*self.done, self.last)

    @property
    def current(self) -> Rubber | None:
        """The rubber in play, None when none is (before the first deal, after a finished one)."""
        last = self.last
        if last is not None and not (last.finished or last.closed):
            return last
        return None

    def seat(self, players: Sequence[str]) -> Session:
        """Seat new players (N, E, S, W) for the next rubber. Raises RuleError in the middle of
        a rubber (partners change only between rubbers), ParseError without four names."""
        names = tuple(n.strip() for n in players)
        if len(names) != 4 or not all(names):
            raise ParseError(f"players are four names N, E, S, W, not {', '.join(names)!r}")
        if len(set(names)) != 4:
            raise ParseError(f"a player sits twice in {', '.join(names)!r}")
        seated = (names[0], names[1], names[2], names[3])
        cur = self.current
        if cur is not None and cur.deals:
            if cur.players == seated:
                return self
            raise RuleError("players change only between rubbers")
        last = self.last if cur is None else replace(cur, players=seated)
        return Session(self.rules, self.first_dealer, seated, self.done, last)

    def add(self, result: DealResult) -> Session:
        """The session after one more deal. Raises as :meth:`Rubber.add`."""
        cur = self.current
        done = self.done
        if cur is None:
            if self.last is not None:
                done = _log(done).plus((self.last,))
            cur = Rubber(self.rules, self.first_dealer, self.players)
        return Session(self.rules, self.first_dealer, self.players, done, cur.add(result))

    def close(self) -> Session:
        """The session with its last rubber closed (unfinished premiums scored)."""
        if self.last is None:
            return self
        return replace(self, last=self.last.close())

    @property
    def ns_total(self) -> int:
        """N-S points over all rubbers."""
        return sum(r.ns_total for r in self.rubbers)

    @property
    def ew_total(self) -> int:
        """E-W points over all rubbers."""
        return sum(r.ew_total for r in self.rubbers)


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """A player's result in one rubber and the running total up to it."""

    name: str
    """The player."""
    points: int
    """Points won (negative: lost) in this rubber: the side's difference."""
    units: int | float
    """The same in settlement units."""
    total_points: int
    """Points over the session so far."""
    total_units: int | float
    """Settlement units over the session so far."""


class Standings:
    """The players' running totals over rubbers given one at a time (:meth:`add`); see
    :func:`standings`."""

    def __init__(self, rounding: str = "nearest") -> None:
        self.rounding = rounding
        self.totals: dict[str, tuple[int, int | float]] = {}

    def add(self, r: Rubber) -> list[PlayerScore]:
        """Every player's score in ``r`` and running totals so far, in order of first
        appearance; an empty list for a rubber without players (the totals kept)."""
        if r.players is None:
            return []
        totals = self.totals
        diff = r.difference
        units = settlement(diff, self.rounding)
        here: dict[str, tuple[int, int | float]] = {}
        for seat, name in zip((Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST), r.players):
            sign = 1 if seat.side == Side.NS else -1
            here[name] = (sign * diff, sign * units)
            p, u = totals.get(name, (0, 0))
            totals[name] = (p + sign * diff, u + sign * units)
        return [PlayerScore(name, *here.get(name, (0, 0)), *totals[name]) for name in totals]


def standings(rubbers: Iterable[Rubber], rounding: str = "nearest") -> list[list[PlayerScore]]:
    """For each rubber with players, every player's score in it and running totals so far, in
    order of first appearance. Each partner wins (or loses) the difference from one opponent,
    so a player's points are the side's total minus the opponents'. A player sitting out a
    rubber keeps the total. Rubbers without players are skipped (an empty list for them)."""
    running = Standings(rounding)
    return [running.add(r) for r in rubbers]


@dataclass(frozen=True, slots=True)
class RepeatedPartnership:
    """Two players partnering again inside one round of three rubbers."""

    rubber: int
    """The rubber (1-based, in the session) where they partner again."""
    earlier: int
    """The rubber of the same round where they were partners first."""
    partners: tuple[str, str]
    """The two players, in seat order of ``rubber``."""


def _person(name: str) -> str:
    """A player's name as the partner rule compares it: case and runs of spaces left out."""
    return " ".join(name.casefold().split())


def repeated_partnerships(rubbers: Iterable[Rubber]) -> list[RepeatedPartnership]:
    """Partnerships that repeat inside a round (a *tura*) of three rubbers.

    The rules of rubber bridge: after each rubber partners are drawn anew, and two players who
    were partners may not partner again in the same round; in the third rubber the two
    partnerships not yet formed play. A round is three consecutive rubbers of the same four
    players, counted from the first rubber those four play together; a rubber without players,
    or with another four, starts the count again. Names are one player whatever their case
    and spacing (``Ann`` is ``ann``, as at the table); the warning gives them as this rubber writes them.
    """
    rounds = PartnershipRounds()
    return [rep for r in rubbers for rep in rounds.add(r)]


class PartnershipRounds:
    """:func:`repeated_partnerships` a rubber at a time (:meth:`add`), keeping only the round in play."""

    def __init__(self) -> None:
        self.number = 0
        self.four: frozenset[str] | None = None
        self.position = 0
        self.seen: dict[frozenset[str], int] = {}

    def add(self, r: Rubber) -> list[RepeatedPartnership]:
        """The partnerships of the next rubber, ``r``, that repeat one of its round."""
        self.number += 1
        if r.players is None:
            self.four = None
            return []
        here = frozenset(_person(p) for p in r.players)
        if here != self.four or self.position == 3:
            self.four, self.position, self.seen = here, 0, {}
        self.position += 1
        out = []
        n, e, s_, w = r.players
        for a, b in ((n, s_), (e, w)):
            pair = frozenset((_person(a), _person(b)))
            if pair in self.seen:
                out.append(RepeatedPartnership(self.number, self.seen[pair], (a, b)))
            else:
                self.seen[pair] = self.number
        return out
