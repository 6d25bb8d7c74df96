"""Szlem: two players, the 32-card skat deck, bids in points, reserves, ten tricks.

Layout of a board: the players sit North and South (North deals the odd
boards; the dealer's opponent calls first in every round). ``extra.cards``
holds each player's 16 cards in the order dealt (10, then 2, 2 and 2).
``extra.auction`` is the list of the three rounds of calls (points or
``Pass``, the dealer's opponent first), ``extra.declaration`` what followed:
the strain named, then ``X`` (the opponent's double), then ``XX`` or a new
strain (the switch), which the opponent may double again (``X``) and
declarer redouble (``XX``): ``"D X"``, ``"D X H"``, ``"NT X XX"``.
``extra.reserve`` holds each player's three reserve cards, ``extra.play`` the
ten tricks, each trick's cards in the order played (``"S8 S9 SK DT"``).

A contract is a number of points in a strain: declarer must take five
tricks, and each trick over five scores 10 at notrump, 8 in spades or
hearts, 6 in diamonds or clubs; *n* nullo (10 points a level) is to take at
most ``5 - n`` tricks. Nine tricks (one in nullo) are a small slam, ten
(none in nullo) a grand slam.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from bridgecli.core.auction import AuctionRules
from bridgecli.core.board import Board
from bridgecli.core.cards import STRAINS, Card, Rank, Seat, Strain, Suit
from bridgecli.core.contract import Contract, Risk
from bridgecli.core.errors import IllegalCallError, InvalidDealError, ParseError, RuleError
from bridgecli.core.numbers import is_digits
from bridgecli.core.scoring import ScoreBreakdown

from .base import PlayOutcome, Variant, add_play_details, card_texts, cards_of, deal_label, seat_of, shuffled
from .rubber import SZLEM_SCALE, DealPlayed
from .tricks import Lock, Phase, play_tricks

PLAYERS = (Seat.NORTH, Seat.SOUTH)

#: The skat deck: ace down to seven in each suit.
DECK32: tuple[Card, ...] = tuple(Card(s, r) for s in Suit for r in Rank if r >= Rank.SEVEN)

#: Points of each trick over five (nullo: of each trick under five), by strain.
TRICK_VALUE: Mapping[Strain, int] = MappingProxyType({Strain.NOTRUMP: 10, Strain.SPADES: 8, Strain.HEARTS: 8,
                                                      Strain.DIAMONDS: 6, Strain.CLUBS: 6, Strain.NULLO: 10})

#: Tricks of a deal, the tricks declarer must take before any point, and the lowest bid.
TRICKS, BOOK, LOWEST_BID = 10, 5, 6

#: Most a bid may raise the last bid of the opponent (rounds 1 and 2) or, once the
#: opponent has passed, the bidder's own last bid.
RAISE_LIMIT = 5

#: Six four-card tricks of hand cards (A B A B), the seventh of two, three of two from the reserves.
PHASES = (Phase(6, (0, 1, 0, 1)), Phase(1, (0, 1)), Phase(3, (0, 1)))

#: Honours of a suit contract by the length of the trump sequence.
SEQUENCE_BONUS = MappingProxyType({4: 15, 5: 30, 6: 45, 7: 60, 8: 75})

#: Premium for a made contract doubled, by vulnerability (twice that redoubled).
DOUBLED_BONUS = (25, 40)
#: Slam premiums, by vulnerability.
SMALL_SLAM, GRAND_SLAM = (100, 150), (200, 300)
#: Multiplier of the points missing in a failed contract, [vulnerable][risk].
FAILURE = ((3, 10, 20), (5, 15, 30))
#: Below the line: a game, and the rubber premium after two games (2-0) or three (2-1).
GAME, RUBBER_2_0, RUBBER_2_1 = 20, 150, 100

#: Szlem's strains as the core's ladder (the auction itself is in points: see :func:`check_auction`).
AUCTION = AuctionRules(name="szlem", seats=PLAYERS, sides=(0, 1),
                       strains=STRAINS + (Strain.NULLO,), passes_to_close=1, passes_to_pass_out=2)


def points_needed(points: int, strain: Strain) -> int:
    """Tricks over five (nullo: under five) that ``points`` need in ``strain``."""
    return math.ceil(points / TRICK_VALUE[strain])


def reachable(points: int, strain: Strain) -> bool:
    """True when ``points`` can be scored in ``strain`` (at most five tricks over the book)."""
    return points_needed(points, strain) <= TRICKS - BOOK


def slam_kind(points: int, strain: Strain) -> int:
    """0 no slam, 1 small slam (nine tricks, one in nullo), 2 grand slam (ten, none in nullo)."""
    over = points_needed(points, strain)
    return max(0, over - 3)


#: Bid points that are a small or grand slam in some strain: they may be bid regardless of the limit.
SLAM_POINTS = frozenset(p for p in range(LOWEST_BID, 51) for s in TRICK_VALUE
                        if reachable(p, s) and slam_kind(p, s) and p % TRICK_VALUE[s] == 0)


@dataclass(frozen=True, slots=True)
class SzlemContract:
    """A Szlem contract: points in a strain, doubled or not, and its declarer."""

    points: int
    """Points bid (6 to 50)."""
    strain: Strain
    """The strain named after the auction."""
    risk: Risk = Risk.UNDOUBLED
    """Undoubled, doubled or redoubled."""
    declarer: Seat | None = None
    """Who plays it."""

    @property
    def required(self) -> int:
        """Tricks to take (nullo: the most declarer may take)."""
        over = points_needed(self.points, self.strain)
        return BOOK - over if self.strain == Strain.NULLO else BOOK + over

    @property
    def slam(self) -> int:
        """0, 1 (small slam) or 2 (grand slam)."""
        return slam_kind(self.points, self.strain)

    def achieved(self, tricks: int) -> int:
        """Points declarer's ``tricks`` are worth in this strain."""
        over = BOOK - tricks if self.strain == Strain.NULLO else tricks - BOOK
        return max(0, over) * TRICK_VALUE[self.strain]

    @classmethod
    def from_str(cls, text: str) -> SzlemContract:
        """Parse ``24D``, ``24DX``, ``30NTXX``, ``20NL``; ``24DXS`` names declarer S. Raises ParseError."""
        m = re.fullmatch(r"\s*(\d+)\s*(NT|N|S|H|D|C|NL|NULLO)\s*(XX|X)?\s*([NS])?\s*", text.upper())
        if m is None:
            raise ParseError(f"not a szlem contract: {text!r} (points and strain, like 24D or 30NTX)")
        points = int(m.group(1))
        strain = Strain.from_str(m.group(2))
        if not LOWEST_BID <= points <= 50 or not reachable(points, strain):
            raise ParseError(f"{points} points cannot be made in {strain.letter}")
        risk = Risk(len(m.group(3) or ""))
        declarer = seat_of(m.group(4), "declarer") if m.group(4) else None
        return cls(points, strain, risk, declarer)

    def __str__(self) -> str:
        return f"{self.points}{self.strain.letter}{self.risk}"


def breakdown(contract: SzlemContract, tricks: int, vulnerable: bool) -> ScoreBreakdown:
    """Szlem's scale for ``contract`` when declarer took ``tricks`` (0..10).

    Made: the points bid below the line (doubled x2, redoubled x4), the slam
    premium if one was bid, 25/40 (twice redoubled) for making it doubled; no
    premium for overtricks. Failed: the points missing times 3/10/20 (not
    vulnerable) or 5/15/30 (vulnerable), as a negative number. Raises ParseError.
    """
    if not 0 <= tricks <= TRICKS:
        raise ParseError(f"tricks must be 0 to {TRICKS}, not {tricks!r}")
    v = 1 if vulnerable else 0
    got = contract.achieved(tricks)
    result = got - contract.points
    if result < 0:
        penalty = contract.points - got
        value = -penalty * FAILURE[v][contract.risk]
        return ScoreBreakdown(undertricks=value, total=value, made=False, over_under=result)
    below = contract.points * contract.risk.multiplier
    slam = (0, SMALL_SLAM[v], GRAND_SLAM[v])[contract.slam]
    insult = DOUBLED_BONUS[v] * (0, 1, 2)[contract.risk]
    return ScoreBreakdown(trick_score=below, slam_bonus=slam, insult=insult, total=below + slam + insult,
                          made=True, over_under=result)


def honours(cards: Sequence[Card], strain: Strain) -> int:
    """Honours of a player's 16 cards: at notrump 4 aces 40, 3 aces 30; in nullo 4 sevens 40,
    3 sevens 30; in a suit the longest run of trumps: 4 cards 15, 5 30, 6 45, 7 60, 8 75.
    """
    if strain in (Strain.NOTRUMP, Strain.NULLO):
        rank = Rank.ACE if strain == Strain.NOTRUMP else Rank.SEVEN
        n = sum(1 for c in cards if c.rank == rank)
        return 40 if n == 4 else 30 if n == 3 else 0
    trump = strain.suit
    held = {c.rank for c in cards if c.suit == trump}
    best = run = 0
    for r in range(Rank.SEVEN, Rank.ACE + 1):
        run = run + 1 if r in held else 0
        best = max(best, run)
    return SEQUENCE_BONUS.get(best, 0)


@dataclass(frozen=True, slots=True)
class SzlemAuction:
    """What the three rounds came to."""

    declarer: Seat | None
    """Who made the highest bid; None when nobody bid."""
    points: int
    """The highest bid (0 when none)."""
    slam_exception: bool
    """The highest bid went past the 5-point limit as a slam bid."""
    complete: bool
    """The auction is over."""

    @property
    def void(self) -> bool:
        """Over without a bid: the deal is void."""
        return self.complete and self.declarer is None


def _call(value: object, where: str) -> int | None:
    """Points of a bid, None for a pass. Raises ParseError."""
    if isinstance(value, bool):
        raise ParseError(f"{where}: not a call: {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        t = value.strip().lower()
        if t in ("p", "pass", "-"):
            return None
        if is_digits(t) and len(t) <= 18:
            return int(t)
    raise ParseError(f"{where}: not a call: {value!r} (points or Pass)")


def parse_rounds(raw: object) -> list[list[int | None]]:
    """``[[6, 8], [9, 14], [Pass, 24]]`` or ``"6 8 / 9 14 / P 24"`` as rounds of calls. Raises ParseError."""
    if isinstance(raw, str):
        raw = [part.split() for part in raw.split("/")]
    if not isinstance(raw, (list, tuple)):
        raise ParseError("the szlem auction is a list of rounds, like [[6, 8], [9, 14], [Pass, 24]]")
    rounds: list[list[int | None]] = []
    for r, rnd in enumerate(raw, 1):
        items = rnd.split() if isinstance(rnd, str) else rnd
        if not isinstance(items, (list, tuple)):
            raise ParseError(f"round {r} of the auction must be a list of calls")
        rounds.append([_call(c, f"round {r}") for c in items])
    return rounds


def check_auction(dealer: Seat, rounds: Sequence[Sequence[int | None]]) -> SzlemAuction:
    """Judge the three rounds from ``dealer``. Raises IllegalCallError (``reason``, ``index``
    counting calls from 0) at the first call the rules forbid.

    Rounds 1 and 2: one call each (the dealer's opponent first); round 3 goes on
    until a player passes, once each player still in has called in it (so after
    a pass the other has his call, as in the rules text's example). A pass is final: the passer makes no more calls. A bid
    must top the highest so far (6 to 50); in rounds 1-2 it may top the
    opponent's last bid by at most 5; once the opponent has passed, it may top
    the bidder's own last bid by at most 5. A bid that is a slam in some strain
    (24, 30, 32, 40, 50) may be made regardless.
    """
    first = dealer.partner
    order = (first, dealer)
    passed: set[Seat] = set()
    last: dict[Seat, int | None] = {first: None, dealer: None}
    highest, high_by, exception = 0, None, False
    index = 0
    over = False
    for r, rnd in enumerate(rounds, 1):
        if over or r > 3:
            raise IllegalCallError(f"round {r}: the auction is over (szlem has three rounds)",
                                   reason="after-close", index=index)
        active = [p for p in order if p not in passed]
        k = 0
        round_pass = False
        for pos, call in enumerate(rnd):
            if over:
                raise IllegalCallError(f"round {r}, call {pos + 1}: the auction is over", reason="after-close",
                                       index=index)
            if r < 3 and pos >= len(active):
                raise IllegalCallError(f"round {r} has one call a player, {len(active)} in all",
                                       reason="after-close", index=index)
            who = active[k % len(active)]
            other = order[1 - order.index(who)]
            k += 1
            if call is None:
                passed.add(who)
            else:
                if not LOWEST_BID <= call <= 50:
                    raise IllegalCallError(f"round {r}: a bid is 6 to 50 points, not {call}",
                                           reason="unknown-call", index=index)
                if call <= highest:
                    raise IllegalCallError(f"round {r}: {call} does not top {highest}", reason="insufficient",
                                           index=index)
                limit: int | None = None
                if other in passed:
                    own = last[who]
                    limit = own + RAISE_LIMIT if own is not None else None
                elif r < 3 and last[other] is not None:
                    limit = last[other] + RAISE_LIMIT  # type: ignore[operator]
                needs = limit is not None and call > limit
                if needs and call not in SLAM_POINTS:
                    raise IllegalCallError(f"round {r}: {call} tops the limit of {limit} and is no slam",
                                           reason="raise-limit", index=index)
                highest, high_by, exception = call, who, needs
                last[who] = call
            index += 1
            # round 3 ends at a pass once everyone in it has called (alone: after one call)
            if r == 3 and k >= len(active) and (len(active) == 1 or round_pass or call is None):
                over = True
            if call is None:
                round_pass = True
        if r < 3 and k < len(active):
            return SzlemAuction(high_by, highest, exception, False)
        if len(passed) == 2:
            over = True
        if r == 3 and not over:
            return SzlemAuction(high_by, highest, exception, False)
    return SzlemAuction(high_by, highest, exception, over)


def declare(auction: SzlemAuction, tokens: Sequence[str]) -> SzlemContract:
    """The contract after the auction: strain, the opponent's double, the switch or redouble.

    Grammar: ``STRAIN [X [XX | STRAIN [X [XX]]]]``. A strain must make the points
    reachable; after a slam bid past the limit it must make them a slam. Raises
    ParseError or IllegalCallError.
    """
    if auction.declarer is None or not auction.complete:
        raise IllegalCallError("no contract: the auction is not over or nobody bid", reason="after-close")
    points = auction.points

    def strain_of(tok: str, k: int) -> Strain:
        strain = Strain.from_str(tok)
        if not reachable(points, strain):
            raise IllegalCallError(f"{points} points cannot be made in {strain.letter}", reason="unreachable",
                                   index=k)
        if auction.slam_exception and not slam_kind(points, strain):
            raise IllegalCallError(f"{points} was bid as a slam; in {strain.letter} it is no slam",
                                   reason="not-a-slam", index=k)
        return strain

    toks = [t.upper() for t in tokens]
    if not toks:
        raise ParseError("the declaration names a strain first")
    strain = strain_of(toks[0], 0)
    risk = Risk.UNDOUBLED
    k = 1
    switched = False
    while k < len(toks):
        tok = toks[k]
        if tok == "X" and risk == Risk.UNDOUBLED:
            risk = Risk.DOUBLED
        elif tok == "XX" and risk == Risk.DOUBLED:
            risk = Risk.REDOUBLED
        elif tok not in ("X", "XX") and risk == Risk.DOUBLED and not switched:
            new = strain_of(tok, k)
            if new == strain:
                raise IllegalCallError(f"a switch names another strain than {strain.letter}", reason="insufficient",
                                       index=k)
            strain, risk, switched = new, Risk.UNDOUBLED, True
        else:
            raise IllegalCallError(f"{tok!r} is not allowed here in the declaration", reason="after-close", index=k)
        k += 1
    return SzlemContract(points, strain, risk, auction.declarer)


class Szlem(Variant):
    """Szlem for two players with the 32-card deck."""

    name = "szlem"
    title = "Szlem"
    players = PLAYERS
    auction = AUCTION
    point_auction = True
    rubber_scale = SZLEM_SCALE

    def deal_board(self, rng: random.Random, number: int) -> Board:
        """Sixteen cards each in the order dealt: ten (two at a time), then two, two and two."""
        cards = shuffled(rng, DECK32)
        dealer = self.dealer(number)
        other = dealer.partner
        got: dict[Seat, list[Card]] = {other: [], dealer: []}
        pos = 0
        for size in (10, 2, 2, 2):
            for seat in (other, dealer):
                got[seat].extend(cards[pos:pos + size])
                pos += size
        return Board(number=number, dealer=dealer, vulnerability=self.vulnerability(number), variant=self.name,
                     extra={"cards": {s.letter: card_texts(got[s]) for s in (other, dealer)}})

    def cards(self, board: Board) -> dict[Seat, list[Card]]:
        """Each player's 16 cards in the order dealt. Raises ParseError, InvalidDealError."""
        raw = board.extra.get("cards")
        if not isinstance(raw, Mapping):
            raise ParseError(f"{board.label}: szlem needs extra.cards (16 cards each, N and S)")
        out = {s: cards_of(raw.get(s.letter, ""), f"extra.cards.{s.letter}") for s in PLAYERS}
        every = out[Seat.NORTH] + out[Seat.SOUTH]
        if any(len(v) != 16 for v in out.values()):
            raise InvalidDealError("each szlem player holds 16 cards")
        if len(set(every)) != 32 or set(every) != set(DECK32):
            raise InvalidDealError("the two players must hold the 32 cards A to 7 once each")
        return out

    def judge(self, board: Board) -> SzlemAuction:
        """The board's auction (``extra.auction``). Raises ParseError or IllegalCallError."""
        return check_auction(self.auction_dealer(board), parse_rounds(board.extra.get("auction", [])))

    def szlem_contract(self, board: Board) -> SzlemContract:
        """The contract: auction and declaration, else the ``extra.contract`` text. Raises BridgeError."""
        if "auction" in board.extra:
            result = self.judge(board)
            if result.void:
                raise RuleError(f"{board.label}: nobody bid, the deal is void")
            if not result.complete:
                raise RuleError(f"{board.label}: the auction is not over")
            decl = board.extra.get("declaration")
            if not isinstance(decl, str):
                raise RuleError(f"{board.label}: no declaration (extra.declaration: the strain, X, XX ...)")
            return declare(result, decl.split())
        text = board.extra.get("contract")
        if isinstance(text, str):
            c = SzlemContract.from_str(text)
            if c.declarer is None:
                raise RuleError(f"{board.label}: contract {text!r} names no declarer (like 24DXS)")
            return c
        raise RuleError(f"{board.label}: no auction or contract")

    def verdict(self, board: Board, number: int = 1) -> dict[str, object]:
        """The JSON-ready verdict on the board's auction and declaration (``ok``, ``complete``,
        ``points``, ``declarer``, ``contract``, ``void``, ``error``). Never raises for rule problems.

        Raises ParseError for calls that are not points or Pass.
        """
        out: dict[str, object] = {"board": board.number, "variant": self.name}
        try:
            result = check_auction(self.auction_dealer(board, number), parse_rounds(board.extra.get("auction", [])))
            out.update({"ok": True, "complete": result.complete, "void": result.void,
                        "points": result.points or None,
                        "declarer": result.declarer.letter if result.declarer is not None else None,
                        "slam_bid": result.slam_exception})
            decl = board.extra.get("declaration")
            if result.complete and not result.void and isinstance(decl, str):
                out["contract"] = str(declare(result, decl.split()))
        except IllegalCallError as exc:
            out.update({"ok": False, "error": {"index": exc.index, "reason": exc.reason, "message": exc.message}})
        return out

    def layout(self, board: Board) -> list[tuple[str, Sequence[Card] | str]]:
        """Each player's 16 cards, his reserve, and the contract when declared."""
        rows: list[tuple[str, Sequence[Card] | str]] = []
        if "cards" not in board.extra:
            return rows
        cards = self.cards(board)
        for seat in PLAYERS:
            rows.append((seat.letter, cards[seat]))
        raw = board.extra.get("reserve")
        if isinstance(raw, Mapping):
            for seat in PLAYERS:
                rows.append((f"{seat.letter} reserve", cards_of(raw.get(seat.letter, ""), "extra.reserve")))
        return rows

    def check_board(self, board: Board) -> None:
        """Cards (when given) and the reserves are well formed."""
        if "cards" in board.extra:
            self.cards(board)

    def reserves(self, board: Board, cards: Mapping[Seat, Sequence[Card]]) -> dict[Seat, list[Card]]:
        """Each player's three reserve cards. Raises ParseError or RuleError."""
        raw = board.extra.get("reserve")
        if not isinstance(raw, Mapping):
            raise RuleError(f"{board.label}: no reserves (extra.reserve: three cards each)")
        out: dict[Seat, list[Card]] = {}
        for s in PLAYERS:
            res = cards_of(raw.get(s.letter, ""), f"extra.reserve.{s.letter}")
            if len(res) != 3:
                raise RuleError(f"{s.letter} puts 3 cards in reserve, not {len(res)}")
            if not set(res) <= set(cards[s]):
                raise RuleError(f"{s.letter}'s reserve holds a card he does not have")
            out[s] = res
        return out

    def play_record(self, board: Board) -> list[list[Card]]:
        """``extra.play``: the tricks in time order. Raises ParseError."""
        raw = board.extra.get("play", [])
        if isinstance(raw, str) or not isinstance(raw, (list, tuple)):
            raise ParseError("extra.play must be a list of tricks like 'S8 S9 SK DT'")
        return [cards_of(t, f"extra.play[{i}]") for i, t in enumerate(raw)]

    def szlem_replay(self, board: Board, contract: SzlemContract) -> PlayOutcome:
        """Six four-card tricks, one two-card trick, three reserve tricks; declarer's opponent leads."""
        assert contract.declarer is not None
        cards = self.cards(board)
        reserve = self.reserves(board, cards)
        locks = {s: [Lock(c, after_trick=7) for c in reserve[s]] for s in PLAYERS}
        rep = play_tricks(PLAYERS, cards, locks, PHASES, contract.strain.suit, contract.declarer.partner,
                          self.play_record(board))
        return PlayOutcome({"N": "player", "S": "player"}, rep.tricks, rep.won[contract.declarer], rep.complete,
                           rep.error, rep.error_seat, rep.error_card)

    def outcome(self, board: Board) -> dict[str, object]:
        """Auction, declaration, play, honours and score of a Szlem board."""
        self.check_board(board)
        contract = self.szlem_contract(board)
        assert contract.declarer is not None
        rep = self.szlem_replay(board, contract)
        obj: dict[str, object] = {
            "board": board.number, "variant": self.name, "legal": rep.legal, "contract": str(contract),
            "declarer": contract.declarer.letter, "seating": dict(rep.seating),
            "declarer_tricks": rep.declarer_tricks, "required": contract.required, "complete": rep.complete,
        }
        cards = self.cards(board)
        obj["honours"] = {s.letter: honours(cards[s], contract.strain) for s in PLAYERS}
        if rep.legal and rep.complete:
            bd = breakdown(contract, rep.declarer_tricks, False)
            obj.update({"result": rep.declarer_tricks, "over_under": bd.over_under, "made": bd.made, "below": bd.trick_score,
                        "above": bd.above_the_line})
        add_play_details(obj, rep, board)
        return obj

    def deal_played(self, board: Board) -> DealPlayed | None:
        """The board as a deal of the rubber sheet (Szlem's scale); None without a finished play."""
        obj = self.outcome(board)
        if not obj.get("complete"):
            return None
        if not obj.get("legal"):
            raise RuleError(f"{board.label}: illegal play")
        contract = self.szlem_contract(board)
        declarer = contract.declarer
        assert declarer is not None
        tricks = int(str(obj["declarer_tricks"]))
        held = obj.get("honours")
        honours = {seat_of(k, "seat"): int(v) for k, v in held.items() if v} if isinstance(held, dict) else {}
        return DealPlayed(declarer, lambda vul: breakdown(contract, tricks, vul), (declarer.partner,), honours,
                          deal_label(board))

    def deal_from_words(self, words: Sequence[str], declarer: Seat | None,
                        parse_contract: Callable[[str], Contract], honours: Mapping[Seat, int] | None = None,
                        label: str = "") -> DealPlayed:
        """``24DX 9`` (or ``24DX =``) with its declarer, or ``24DXS 9``: a deal of the rubber
        sheet. Raises ParseError for bad words, no declarer or one who does not play."""
        if len(words) != 2:
            raise ParseError("give a szlem CONTRACT and the tricks taken, like 24DX 9")
        contract = SzlemContract.from_str(words[0])
        t = words[1].strip()
        if t not in ("=",) and not (is_digits(t) and len(t) <= 2 and 0 <= int(t) <= 10):
            raise ParseError(f"not a szlem result: {t!r} (tricks 0 to 10, or =)")
        tricks = contract.required if t == "=" else int(t)
        seat = declarer if declarer is not None else contract.declarer
        self._check_player(seat, honours)
        assert seat is not None
        return DealPlayed(seat, lambda vul: breakdown(contract, tricks, vul), (seat.partner,), dict(honours or {}),
                          label)

    def score_words(self, words: Sequence[str], vulnerable: bool, parse_contract: Callable[[str], Contract]
                    ) -> dict[str, object]:
        """``24DX 9`` (points, strain, risk; then tricks 0..10 or ``=``). Raises ParseError."""
        if len(words) != 2:
            raise ParseError("give a szlem CONTRACT and the tricks taken, like 24DX 9")
        contract = SzlemContract.from_str(words[0])
        t = words[1].strip()
        tricks = contract.required if t == "=" else int(t) if is_digits(t) and len(t) <= 2 else -1
        bd = breakdown(contract, tricks, vulnerable)
        return {"variant": self.name, "contract": str(contract), "result": tricks, "declarer_vulnerable": vulnerable,
                "made": bd.made, "below": bd.trick_score, "above": bd.above_the_line, "slam_bonus": bd.slam_bonus,
                "insult": bd.insult, "undertricks": bd.undertricks, "score": bd.total, "each_defender_above": None}


SZLEM = Szlem()
"""The Szlem variant."""
