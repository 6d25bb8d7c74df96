"""The auction: calls in rotation from the dealer, per Laws 18-22.

An :class:`Auction` is an immutable value. :meth:`Auction.add` returns a new
auction or raises :class:`~bridgecli.core.errors.IllegalCallError`; the
queries (:meth:`Auction.legal_calls`, :meth:`Auction.is_legal`,
:attr:`Auction.to_move`, :attr:`Auction.contract` ...) never raise.

The rules of a game are data, an :class:`AuctionRules`: who sits in what
order and on which side, the strain ladder (so that a variant can rank nullo
between hearts and spades), the highest level and the closing rule.
:data:`BRIDGE` is contract bridge.

:func:`check_calls` judges a whole sequence without raising; it is the fast
path of ``bridgecli validate-auction``: the state is a handful of ints and a
call costs one small function call.

Error reasons (the fixed vocabulary of :attr:`IllegalCallError.reason`):
``insufficient``, ``double-own-side``, ``double-nothing``, ``double-doubled``,
``redouble-undoubled``, ``redouble-own-double``, ``redouble-redoubled``,
``after-close``, ``unknown-call``, ``opening-pass`` (a variant whose first call must be a bid),
``not-the-dealer`` (a variant where only the dealer bids), ``redouble-not-bidder`` (three or
more sides: only the side whose bid was doubled redoubles).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .calls import DOUBLE, PASS, REDOUBLE, Bid, Call, Double, Pass, Redouble
from .cards import SEATS, STRAINS, Seat, Strain
from .contract import Contract, Risk
from .errors import IllegalCallError
from .kernel import SIDE_OF

#: The reasons an illegal call can have, in a fixed order.
REASONS: tuple[str, ...] = (
    "insufficient",
    "double-own-side",
    "double-nothing",
    "double-doubled",
    "redouble-undoubled",
    "redouble-own-double",
    "redouble-redoubled",
    "after-close",
    "unknown-call",
    "opening-pass",
    "not-the-dealer",
    "redouble-not-bidder",
)

# Internal call codes: a bid is its position on the rules' ladder (0, 1, ...).
_PASS = -1
_DOUBLE = -2
_REDOUBLE = -3
_UNKNOWN = -4


@dataclass(frozen=True, slots=True)
class AuctionRules:
    """How an auction runs: players and sides, the strain ladder, the closing rule.

    Raises ValueError from the constructor when the data do not fit together.
    """

    name: str = "bridge"
    """Name of the game these rules belong to."""
    seats: tuple[Seat, ...] = SEATS
    """The players in calling order (clockwise); the dealer is one of them."""
    sides: tuple[int, ...] = SIDE_OF
    """Side number of each entry of :attr:`seats` (partners share a number)."""
    strains: tuple[Strain, ...] = STRAINS
    """Strains in rank order, lowest first (bridge: C D H S NT)."""
    max_level: int = 7
    """Highest level a bid may name (Law 38: seven)."""
    passes_to_close: int = 3
    """Passes in rotation after a call that close an auction with a bid (Law 22A1)."""
    passes_to_pass_out: int = 4
    """Passes from the start that pass a board out (Law 22A2)."""
    first_caller: int = 0
    """Offset in :attr:`seats` of the first caller from the dealer (bridge 0; Booby 1, the dealer's left)."""
    opener_must_bid: bool = False
    """True when the first call may not be a pass (two-handed bridge: the dealer must bid)."""
    dealer_only_bids: bool = False
    """True when only the first caller may bid; the others pass or double (Chinese bridge)."""
    bids: tuple[Bid, ...] = field(init=False, repr=False, compare=False)
    """Every bid of the ladder, lowest first (derived)."""
    strain_rank: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Rank on the ladder of each :class:`Strain` value, -1 when not on it (derived)."""
    seat_index: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Position in :attr:`seats` of each :class:`Seat` value, -1 when absent (derived)."""
    contracts: dict[int, Contract] = field(init=False, repr=False, compare=False)
    """Cache of the contracts built so far, by bid code, risk and declarer (derived)."""

    def __post_init__(self) -> None:
        if not self.seats or len(set(self.seats)) != len(self.seats):
            raise ValueError("auction rules need distinct seats")
        if len(self.sides) != len(self.seats):
            raise ValueError("auction rules need one side number a seat")
        if not self.strains or len(set(self.strains)) != len(self.strains):
            raise ValueError("auction rules need distinct strains")
        if not 1 <= self.max_level <= 7:
            raise ValueError("the highest level must be 1 to 7")
        if self.passes_to_close < 1 or self.passes_to_pass_out < 1:
            raise ValueError("closing needs at least one pass")
        ranks = [-1] * len(Strain)
        for i, strain in enumerate(self.strains):
            ranks[strain] = i
        where = [-1] * len(Seat)
        for i, seat in enumerate(self.seats):
            where[seat] = i
        object.__setattr__(self, "strain_rank", tuple(ranks))
        object.__setattr__(self, "seat_index", tuple(where))
        object.__setattr__(self, "contracts", {})
        object.__setattr__(
            self, "bids", tuple(Bid(level, s) for level in range(1, self.max_level + 1) for s in self.strains)
        )

    @property
    def players(self) -> int:
        """How many players call."""
        return len(self.seats)

    def code(self, call: object) -> int:
        """The internal code of ``call``: its ladder position for a bid, a negative
        number for pass (-1), double (-2), redouble (-3), anything else (-4).
        """
        kind = type(call)
        if kind is Bid:
            rank = self.strain_rank[call.strain]  # type: ignore[attr-defined]
            level: int = call.level  # type: ignore[attr-defined]
            if rank < 0 or level > self.max_level:
                return _UNKNOWN
            return (level - 1) * len(self.strains) + rank
        if kind is Pass:
            return _PASS
        if kind is Double:
            return _DOUBLE
        if kind is Redouble:
            return _REDOUBLE
        return _UNKNOWN

    def call_of(self, code: int) -> Call:
        """The call with internal code ``code`` (inverse of :meth:`code`).

        Raises IndexError for a code that names no call.
        """
        if code >= 0:
            return self.bids[code]
        return (PASS, DOUBLE, REDOUBLE)[-1 - code]


#: Contract bridge (Laws 17-22): four players in two partnerships, C < D < H < S < NT.
BRIDGE = AuctionRules()

# State of an auction, all ints: (calls made, last bid code or -1, player index of
# the last bid or -1, risk 0/1/2, player index of the last double/redouble or -1,
# passes in a row, closed 0/1).
_State = tuple[int, int, int, int, int, int, int]
_START: _State = (0, -1, -1, 0, -1, 0, 0)
_RISKS: tuple[Risk, ...] = tuple(Risk)


def _step(rules: AuctionRules, first: int, st: _State, code: int) -> _State | str:
    """One call with code ``code`` made on state ``st``: the next state, or the reason
    (a str of :data:`REASONS`) that the call is illegal.
    """
    n, last, last_by, risk, risk_by, passes, closed = st
    if closed:
        return "after-close"
    player = (first + n) % len(rules.seats)
    if code >= 0:
        if rules.dealer_only_bids and player != first:
            return "not-the-dealer"
        # Law 18B: a bid must rank above the last bid
        if code <= last:
            return "insufficient"
        return (n + 1, code, player, 0, -1, 0, 0)
    if code == _PASS:
        if n == 0 and rules.opener_must_bid:
            return "opening-pass"
        passes += 1
        # Law 22A: three passes after a call, or four passes from the start
        if passes >= (rules.passes_to_close if last >= 0 else rules.passes_to_pass_out):
            closed = 1
        return (n + 1, last, last_by, risk, risk_by, passes, closed)
    sides = rules.sides
    if code == _DOUBLE:
        # Law 19A1: only the last bid, made by an opponent, not yet doubled
        if last < 0:
            return "double-nothing"
        if sides[last_by] == sides[player]:
            return "double-own-side"
        if risk:
            return "double-doubled"
        return (n + 1, last, last_by, 1, player, 0, 0)
    if code == _REDOUBLE:
        # Law 19B1: only the last double, made by an opponent, not yet redoubled
        if risk == 0:
            return "redouble-undoubled"
        if risk == 2:
            return "redouble-redoubled"
        if sides[risk_by] == sides[player]:
            return "redouble-own-double"
        if sides[last_by] != sides[player]:
            return "redouble-not-bidder"
        return (n + 1, last, last_by, 2, player, 0, 0)
    return "unknown-call"


def _run(rules: AuctionRules, first: int, seq: tuple[Call, ...] | list[Call],
         accepted: frozenset[int] = frozenset()) -> tuple[_State, str | None]:
    """Replay ``seq`` from the start: the state reached before the first illegal call
    and that call's reason (None when all are legal; the index is the state's count).

    The same rules as :func:`_step`, unrolled over plain ints for speed: this is the
    loop ``validate-auction`` runs for every board.
    """
    players = len(rules.seats)
    sides = rules.sides
    strain_rank = rules.strain_rank
    width = len(rules.strains)
    max_level = rules.max_level
    to_close = rules.passes_to_close
    to_pass_out = rules.passes_to_pass_out
    must_bid = rules.opener_must_bid
    dealer_only = rules.dealer_only_bids
    last = last_by = risk_by = -1
    n = risk = passes = closed = 0
    player = first
    reason: str | None = None
    for call in seq:
        if closed:
            reason = "after-close"
            break
        kind = type(call)
        if kind is Pass:
            if must_bid and n == 0:
                reason = "opening-pass"
                break
            passes += 1
            if passes >= (to_close if last >= 0 else to_pass_out):
                closed = 1
        elif kind is Bid:
            rank = strain_rank[call.strain]  # type: ignore[union-attr]
            level = call.level  # type: ignore[union-attr]
            if rank < 0 or level > max_level:
                reason = "unknown-call"
                break
            code = (level - 1) * width + rank
            if dealer_only and player != first:
                reason = "not-the-dealer"
                break
            # Law 18B; Law 27A1: an insufficient bid accepted stands as the last bid
            if code <= last and n not in accepted:
                reason = "insufficient"
                break
            last, last_by, risk, risk_by, passes = code, player, 0, -1, 0
        elif kind is Double:
            # Law 19A1
            if last < 0:
                reason = "double-nothing"
                break
            if sides[last_by] == sides[player]:
                reason = "double-own-side"
                break
            if risk:
                reason = "double-doubled"
                break
            risk, risk_by, passes = 1, player, 0
        elif kind is Redouble:
            # Law 19B1
            if risk == 0:
                reason = "redouble-undoubled"
                break
            if risk == 2:
                reason = "redouble-redoubled"
                break
            if sides[risk_by] == sides[player]:
                reason = "redouble-own-double"
                break
            if sides[last_by] != sides[player]:
                reason = "redouble-not-bidder"
                break
            risk, risk_by, passes = 2, player, 0
        else:
            reason = "unknown-call"
            break
        n += 1
        player += 1
        if player == players:
            player = 0
    return (n, last, last_by, risk, risk_by, passes, closed), reason


def _seat_of(dealer: object) -> Seat:
    """The seat ``dealer`` names: a Seat, a seat number 0..3, or a letter or name (``"N"``)."""
    if isinstance(dealer, str):
        return Seat.from_str(dealer)
    if isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer <= 3:
        return Seat(dealer)
    raise IllegalCallError(f"{dealer!r} does not take part in bridge", reason="unknown-call")


def _calls_of(seq: tuple[object, ...]) -> tuple[Call, ...]:
    """``seq`` with each call text read (ParseError naming the first that is no call)."""
    from .calls import parse_call
    from .errors import ParseError

    out: list[Call] = []
    for i, c in enumerate(seq):
        if type(c) is str:
            try:
                c = parse_call(c)
            except ParseError:
                raise ParseError(f"call {i + 1}: not a call: {c!r}") from None
        out.append(c)  # type: ignore[arg-type]
    return tuple(out)


def _first_index(rules: AuctionRules, dealer: Seat) -> int:
    """Position of ``dealer`` in the rules' calling order. Raises IllegalCallError."""
    try:
        i = rules.seat_index[dealer] if dealer >= 0 else -1
    except (IndexError, TypeError):
        i = -1
    if i < 0:
        raise IllegalCallError(f"{dealer!r} does not take part in {rules.name}", reason="unknown-call")
    return (i + rules.first_caller) % len(rules.seats)


def _explain(rules: AuctionRules, st: _State, call: object, reason: str, first: int = 0) -> str:
    """The message of an illegal call, citing the Law that rectifies it (``first``: the
    dealer's index, which names the calls left to a player who may not bid)."""
    last = st[1]
    last_text = str(rules.bids[last]) if last >= 0 else ""
    if reason == "insufficient":
        return f"insufficient, {last_text} was the last bid (Law 27)"
    if reason == "double-own-side":
        return f"{last_text} was bid by the doubler's own side (Law 36)"
    if reason == "double-nothing":
        return "no bid to double yet (Law 36)"
    if reason == "double-doubled":
        return f"{last_text} is already {'re' if st[3] == 2 else ''}doubled (Law 36)"
    if reason == "redouble-undoubled":
        return f"{last_text} is not doubled (Law 36)" if last >= 0 else "no bid to redouble yet (Law 36)"
    if reason == "redouble-own-double":
        return f"the double of {last_text} came from the redoubler's own side (Law 36)"
    if reason == "redouble-redoubled":
        return f"{last_text} is already redoubled (Law 36)"
    if reason == "redouble-not-bidder":
        return f"only the side that bid {last_text} may redouble (Law 19B)"
    if reason == "not-the-dealer":
        left = [word for code, word in ((_PASS, "pass"), (_DOUBLE, "double"), (_REDOUBLE, "redouble"))
                if not isinstance(_step(rules, first, st, code), str)]
        return f"only the dealer bids in {rules.name}; {' or '.join(left) or 'no call'} here"
    if reason == "opening-pass":
        return f"the first call may not be a pass in {rules.name}"
    if reason == "after-close":
        return f"the auction closed after call {st[0]} (Law 39)"
    if isinstance(call, Bid) and call.level > rules.max_level:
        return f"no bid above {rules.max_level} in {rules.name} (Law 38)"
    if isinstance(call, Bid):
        return f"no {call.strain.letter} bids in {rules.name}"
    return f"not a call: {call!r}"


def _error(rules: AuctionRules, first: int, st: _State, call: object, reason: str) -> IllegalCallError:
    """The IllegalCallError for ``call`` made on state ``st``."""
    n = st[0]
    seat = rules.seats[(first + n) % len(rules.seats)]
    shown = str(call) if isinstance(call, (Bid, Pass, Double, Redouble)) else repr(call)
    message = f"illegal call {n + 1} ({seat.letter}) {shown!r}: {_explain(rules, st, call, reason, first)}"
    return IllegalCallError(message, reason=reason, index=n)


class Auction:
    """An auction in progress or closed: the dealer, the rules and the calls so far.

    Immutable: :meth:`add` returns a new Auction. Construct empty with
    ``Auction(Seat.NORTH)``, or replay calls with :meth:`from_calls`.
    """

    __slots__ = ("_calls", "_dealer", "_first", "_rules", "_st")

    _dealer: Seat
    _rules: AuctionRules
    _calls: tuple[Call, ...]
    _first: int
    _st: _State

    def __init__(self, dealer: Seat, calls: Iterable[Call] = (), *, rules: AuctionRules = BRIDGE) -> None:
        """Start an auction with ``dealer`` to call first and replay ``calls``.

        Raises IllegalCallError at the first illegal call (its ``index`` set), or
        when ``dealer`` does not take part under ``rules``.
        """
        first = _first_index(rules, dealer)
        seq = calls if isinstance(calls, tuple) else tuple(calls)
        st, reason = _run(rules, first, seq)
        if reason is not None:
            raise _error(rules, first, st, seq[st[0]], reason)
        object.__setattr__(self, "_dealer", Seat(dealer))
        object.__setattr__(self, "_rules", rules)
        object.__setattr__(self, "_calls", seq)
        object.__setattr__(self, "_first", first)
        object.__setattr__(self, "_st", st)

    @classmethod
    def from_calls(cls, dealer: Seat, calls: Iterable[Call], *, rules: AuctionRules = BRIDGE) -> Auction:
        """The auction ``calls`` make from ``dealer``.

        Raises IllegalCallError at the first illegal call, with its 0-based ``index``.
        """
        return cls(dealer, calls, rules=rules)

    @classmethod
    def _make(cls, dealer: Seat, rules: AuctionRules, calls: tuple[Call, ...], first: int, st: _State) -> Auction:
        obj = _NEW(cls)
        # the slots' own setters: the immutable object is built without __setattr__
        _SET_DEALER(obj, dealer)
        _SET_RULES(obj, rules)
        _SET_CALLS(obj, calls)
        _SET_FIRST(obj, first)
        _SET_ST(obj, st)
        return obj

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Auction is immutable; add() returns a new one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Auction is immutable")

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return _unpickle, (self._dealer, None if self._rules is BRIDGE else self._rules, self._calls, self._first,
                           self._st)

    # -- making calls ------------------------------------------------------

    def add(self, call: Call) -> Auction:
        """A new auction with ``call`` made by the player to move.

        Raises IllegalCallError (with ``reason`` and ``index``) when the Laws forbid it.
        """
        nxt = _step(self._rules, self._first, self._st, self._rules.code(call))
        if type(nxt) is str:
            raise _error(self._rules, self._first, self._st, call, nxt)
        return Auction._make(self._dealer, self._rules, self._calls + (call,), self._first, nxt)  # type: ignore[arg-type]

    def extend(self, calls: Iterable[Call]) -> Auction:
        """A new auction with ``calls`` made in turn. Raises IllegalCallError."""
        auction = self
        for call in calls:
            auction = auction.add(call)
        return auction

    def reason(self, call: object) -> str | None:
        """Why ``call`` would be illegal now (a word of :data:`REASONS`), None if legal."""
        nxt = _step(self._rules, self._first, self._st, self._rules.code(call))
        return nxt if type(nxt) is str else None

    def is_legal(self, call: object) -> bool:
        """True when the player to move may make ``call`` now. Never raises."""
        return type(_step(self._rules, self._first, self._st, self._rules.code(call))) is not str

    def legal_calls(self) -> tuple[Call, ...]:
        """Every call the player to move may make, pass first, then double or
        redouble, then the bids from lowest. Empty when the auction is closed.
        """
        rules, first, st = self._rules, self._first, self._st
        if st[6]:
            return ()
        out: list[Call] = []
        for code, call in ((_PASS, PASS), (_DOUBLE, DOUBLE), (_REDOUBLE, REDOUBLE)):
            if type(_step(rules, first, st, code)) is not str:
                out.append(call)
        if not rules.dealer_only_bids or (first + st[0]) % len(rules.seats) == first:
            out.extend(rules.bids[st[1] + 1:])
        return tuple(out)

    # -- queries -----------------------------------------------------------

    @property
    def dealer(self) -> Seat:
        """The player who called first."""
        return self._dealer

    @property
    def rules(self) -> AuctionRules:
        """The rules this auction follows."""
        return self._rules

    @property
    def calls(self) -> tuple[Call, ...]:
        """The calls made so far, the dealer's first."""
        return self._calls

    def __len__(self) -> int:
        return len(self._calls)

    def seat_of(self, index: int) -> Seat:
        """The player who makes (or made) call number ``index`` (0-based)."""
        return self._rules.seats[(self._first + index) % len(self._rules.seats)]

    @property
    def to_move(self) -> Seat | None:
        """The player whose turn it is to call; None once the auction is closed."""
        if self._st[6]:
            return None
        return self.seat_of(self._st[0])

    @property
    def is_complete(self) -> bool:
        """True once the auction has closed (Law 22)."""
        return bool(self._st[6])

    @property
    def is_passed_out(self) -> bool:
        """True when the auction closed without a bid (Law 22A2)."""
        return bool(self._st[6]) and self._st[1] < 0

    @property
    def last_bid(self) -> Bid | None:
        """The highest bid so far, or None."""
        return self._rules.bids[self._st[1]] if self._st[1] >= 0 else None

    @property
    def last_bidder(self) -> Seat | None:
        """The player who made the last bid, or None."""
        return self._rules.seats[self._st[2]] if self._st[2] >= 0 else None

    @property
    def risk(self) -> Risk:
        """Whether the last bid stands doubled or redoubled."""
        return _RISKS[self._st[3]]

    @property
    def passes(self) -> int:
        """Passes in a row at the end of the auction."""
        return self._st[5]

    @property
    def declarer(self) -> Seat | None:
        """The first player of the side that made the last bid to name its strain
        (Laws, Definitions). Known as soon as there is a bid; final once closed.
        """
        return _declarer(self._rules, self._first, self._calls, self._st)

    @property
    def contract(self) -> Contract | None:
        """The final contract with declarer; ``Contract.passed_out()`` for a board
        passed out; None while the auction is still open.
        """
        if not self._st[6]:
            return None
        return _contract(self._rules, self._first, self._calls, self._st)

    @property
    def current_contract(self) -> Contract | None:
        """The contract if the auction closed now: the last bid with its risk and
        declarer; None before any bid.
        """
        if self._st[1] < 0:
            return None
        return _contract(self._rules, self._first, self._calls, self._st)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Auction):
            return NotImplemented
        return (self._dealer, self._rules, self._calls) == (other._dealer, other._rules, other._calls)

    def __hash__(self) -> int:
        return hash((self._dealer, self._calls))

    def __str__(self) -> str:
        return " ".join(str(c) for c in self._calls)

    def __repr__(self) -> str:
        rules = "" if self._rules is BRIDGE else f", rules={self._rules.name!r}"
        return f"Auction.from_calls({self._dealer!r}, {list(self._calls)!r}{rules})"


def _unpickle(dealer: Seat, rules: AuctionRules | None, calls: tuple[Call, ...], first: int, st: _State) -> Auction:
    return Auction._make(dealer, BRIDGE if rules is None else rules, calls, first, st)


_NEW = object.__new__
_SET_DEALER, _SET_RULES, _SET_CALLS, _SET_FIRST, _SET_ST = (
    getattr(Auction, name).__set__ for name in ("_dealer", "_rules", "_calls", "_first", "_st"))


def _declarer(rules: AuctionRules, first: int, calls: tuple[Call, ...] | list[Call], st: _State) -> Seat | None:
    """Declarer of the state ``st`` reached by ``calls``: the first player of the side that
    made the final bid to name its strain. The readable form, for any :class:`AuctionRules`,
    of :func:`bridgecli.core.kernel.declarer_call` (tests/core/test_kernel.py ties the two);
    a loop over the calls themselves, which costs less than making their codes first."""
    last, last_by = st[1], st[2]
    if last < 0:
        return None
    n_strains = len(rules.strains)
    strain_rank = last % n_strains
    sides = rules.sides
    side = sides[last_by]
    players = len(rules.seats)
    for i, call in enumerate(calls):
        if type(call) is Bid:
            player = (first + i) % players
            if sides[player] == side and rules.strain_rank[call.strain] == strain_rank:
                return rules.seats[player]
    return rules.seats[last_by]


def _contract(rules: AuctionRules, first: int, calls: tuple[Call, ...] | list[Call], st: _State) -> Contract:
    """The contract of state ``st`` (passed out when there is no bid)."""
    last = st[1]
    if last < 0:
        return _PASSED_OUT
    declarer = _declarer(rules, first, calls, st)
    key = (last * 3 + st[3]) * 8 + (declarer if declarer is not None else 7)
    contract = rules.contracts.get(key)
    if contract is None:
        bid = rules.bids[last]
        contract = rules.contracts[key] = Contract(bid.level, bid.strain, _RISKS[st[3]], declarer)
    return contract


_PASSED_OUT = Contract.passed_out()


@dataclass(frozen=True, slots=True)
class AuctionCheck:
    """What :func:`check_calls` found about a sequence of calls."""

    dealer: Seat
    """The dealer the calls were read from."""
    calls: tuple[Call, ...]
    """The calls judged, the dealer's first (including any after an illegal one)."""
    error: IllegalCallError | None
    """The first illegal call's error (``index``, ``reason``, message), or None."""
    auction: Auction
    """The auction up to (not including) the first illegal call."""

    @property
    def legal(self) -> bool:
        """True when every call was legal."""
        return self.error is None

    @property
    def complete(self) -> bool:
        """True when the legal calls closed the auction and nothing illegal followed."""
        return self.error is None and self.auction.is_complete

    @property
    def contract(self) -> Contract | None:
        """The final contract when complete and legal, else None."""
        return self.auction.contract if self.error is None else None

    @property
    def declarer(self) -> Seat | None:
        """Declarer of the final contract, else None."""
        c = self.contract
        return None if c is None else c.declarer

    @property
    def index(self) -> int | None:
        """0-based position of the first illegal call, or None."""
        return None if self.error is None else self.error.index

    @property
    def reason(self) -> str | None:
        """Reason word of the first illegal call, or None."""
        return None if self.error is None else self.error.reason

    @property
    def seat(self) -> Seat | None:
        """Who made the first illegal call, or None."""
        return None if self.error is None or self.error.index is None else self.auction.seat_of(self.error.index)

    @property
    def illegal_call(self) -> Call | None:
        """The first illegal call, or None."""
        return None if self.error is None or self.error.index is None else self.calls[self.error.index]


def check_calls(dealer: Seat | str, calls: Iterable[Call | str], rules: AuctionRules = BRIDGE, *,
                accepted: frozenset[int] = frozenset()) -> AuctionCheck:
    """Judge ``calls`` made from ``dealer`` without raising: the first illegal call
    (its index and reason) and, when complete, the contract.

    The dealer comes first, then the calls, as in :class:`Auction` and
    :func:`~bridgecli.check_auction`. ``dealer`` is a :class:`Seat` or its letter
    (``"N"``); ``calls`` are :class:`~bridgecli.Call` objects or their texts (``"1NT"``,
    ``"P"``, ``"X"``).

    ``accepted`` holds the 0-based positions of insufficient bids the next player
    accepted (Law 27A1, PBN's ``^I``): each stands as a legal bid, the last bid that
    later bids must supersede.

    Raises IllegalCallError only when ``dealer`` does not take part under ``rules``;
    ParseError for a seat or call text that cannot be read.
    """
    if type(dealer) is not Seat:
        dealer = _seat_of(dealer)
    first = _first_index(rules, dealer)
    # texts among the calls are judged unknown by _run, then read below (off the hot path)
    seq: tuple[Call, ...] = calls if type(calls) is tuple else tuple(calls)  # type: ignore[arg-type]
    st, reason = _run(rules, first, seq, accepted) if accepted else _run(rules, first, seq)
    if reason is not None and any(isinstance(c, str) for c in seq):  # call texts: read, then judged
        return check_calls(dealer, _calls_of(seq), rules, accepted=accepted)
    if reason is None:
        check = _NEW(AuctionCheck)
        # the slots' own setters: cheaper than the frozen dataclass's __init__
        _SET_CHECK_DEALER(check, dealer)
        _SET_CHECK_CALLS(check, seq)
        _SET_CHECK_ERROR(check, None)
        _SET_CHECK_AUCTION(check, Auction._make(dealer, rules, seq, first, st))
        return check
    n = st[0]
    error = _error(rules, first, st, seq[n], reason)
    return AuctionCheck(dealer, seq, error, Auction._make(dealer, rules, seq[:n], first, st))


def closed_contract(dealer: Seat, calls: tuple[Call, ...] | list[Call], rules: AuctionRules = BRIDGE) -> Contract | None:
    """The contract (with declarer; ``Contract.passed_out()`` for a board passed out) that
    ``calls`` made from ``dealer`` reach when every call is legal and the last one closes
    the auction; None for anything else (an illegal call, an open auction, calls after
    the close). ``check_calls(dealer, calls, rules).contract`` without the check and the
    auction objects: the quick path of ``validate-auction`` for the common board.

    Raises IllegalCallError only when ``dealer`` does not take part under ``rules``.
    """
    first = _first_index(rules, dealer)
    st, reason = _run(rules, first, calls)
    if reason is not None or not st[6]:
        return None
    return _contract(rules, first, calls, st)


_SET_CHECK_DEALER, _SET_CHECK_CALLS, _SET_CHECK_ERROR, _SET_CHECK_AUCTION = (
    getattr(AuctionCheck, name).__set__ for name in ("dealer", "calls", "error", "auction"))
