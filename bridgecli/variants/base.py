"""What every variant shares: the :class:`Variant` base, traditional scoring, nullo scoring.

A variant is data plugged into the core: :class:`~bridgecli.core.auction.AuctionRules`
for the bidding ladder and closing rule, :class:`~bridgecli.core.play.PlayRules`
for the trick structure, :class:`~bridgecli.core.scoring.ScoringRules` for the
scale. The few steps that are not a table (how the cards are dealt, how the
table is seated once the auction is over) are methods of a :class:`Variant`
subclass, as python-chess does for its variant boards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from bridgecli.core.auction import AuctionRules, check_calls
from bridgecli.core.board import Board
from bridgecli.core.cards import DECK, Card, Hand, Seat, Strain, Vulnerability
from bridgecli.core.contract import Contract
from bridgecli.core.deal import Deal
from bridgecli.core.errors import IllegalPlayError, InvalidDealError, ParseError, RuleError
from bridgecli.core.numbers import is_digits, small_int
from bridgecli.core.play import PlayRules, Trick, replay_board
from bridgecli.core.scoring import RUBBER, ScoreBreakdown, ScoringRules, breakdown

from .rubber import BRIDGE_SCALE, DealPlayed, RubberScale

#: The rules text's "Zapis i punktacja": rubber bridge (trick values 20/30/40+30 below the
#: line, no per-deal game premium, honours, Law 77 undertricks and slams), the core's RUBBER.
TRADITIONAL = RUBBER


def nullo_limit(level: int) -> int:
    """Most tricks declarer may take in ``level`` nullo in a 13-trick game: ``7 - level``."""
    return 7 - level


def traditional_breakdown(contract: Contract, tricks: int, vulnerable: bool,
                          rules: ScoringRules = TRADITIONAL) -> ScoreBreakdown:
    """The score of a deal under ``rules``, nullo included.

    A nullo contract of level *n* (at most ``7 - n`` of 13 tricks) scores as a
    contract of level *n* worth 30 a trick (hearts' values) in which declarer
    took the tricks the defence took: ``13 - tricks``. So one nullo is 30
    below the line, each trick under the limit an overtrick, each trick over
    it an undertrick, six and seven nullo are slams. Raises ParseError.
    """
    if contract.level and contract.strain == Strain.NULLO:
        if not 0 <= tricks <= 13:
            raise ParseError(f"tricks must be 0 to 13, not {tricks!r}")
        mirror = Contract(contract.level, Strain.HEARTS, contract.risk, contract.declarer)
        return breakdown(mirror, 13 - tricks, vulnerable, rules)
    return breakdown(contract, tricks, vulnerable, rules)


def required_tricks(contract: Contract) -> int:
    """Tricks declarer undertakes to take (bridge) or may take at most (nullo)."""
    if contract.strain == Strain.NULLO and contract.level:
        return nullo_limit(contract.level)
    return contract.required_tricks


def result_of(contract: Contract, tricks: int) -> int:
    """Tricks over (positive) or short of (negative) the contract; for nullo, tricks
    under the limit count as over, tricks above it as short.
    """
    if contract.strain == Strain.NULLO and contract.level:
        return nullo_limit(contract.level) - tricks
    return tricks - contract.required_tricks


def cards_of(value: object, what: str) -> list[Card]:
    """Cards from a list of card texts (``["SA", "H7"]``) or a space-separated string.

    Raises ParseError naming ``what``.
    """
    if isinstance(value, str):
        items: Sequence[object] = value.split()
    elif isinstance(value, (list, tuple)):
        items = value
    else:
        raise ParseError(f"{what} must be a list of cards, not {value!r}")
    out: list[Card] = []
    for item in items:
        if isinstance(item, Card):
            out.append(item)
        elif isinstance(item, str):
            out.append(Card.from_str(item))
        else:
            raise ParseError(f"{what}: not a card: {item!r}")
    if len(set(out)) != len(out):
        raise InvalidDealError(f"{what} names a card twice")
    return out


def card_texts(cards: Sequence[Card]) -> str:
    """Cards for ``extra``, space separated in the order given (``"SA H7"``)."""
    return " ".join(str(c) for c in cards)


def seat_of(value: object, what: str) -> Seat:
    """A seat from ``N``/``E``/``S``/``W`` text. Raises ParseError."""
    if isinstance(value, Seat):
        return value
    if isinstance(value, str) and value.strip().upper() in ("N", "E", "S", "W"):
        return Seat("NESW".index(value.strip().upper()))
    raise ParseError(f"{what} must be a seat N, E, S or W, not {value!r}")


def shuffled(rng: random.Random, cards: Sequence[Card] = DECK) -> list[Card]:
    """A shuffled copy of ``cards``."""
    out = list(cards)
    rng.shuffle(out)
    return out


@dataclass(frozen=True, slots=True)
class Table:
    """A board seated for the play: four hands at four seats, the contract and the trick rules."""

    deal: Deal
    """The hands as they sit for the play."""
    contract: Contract
    """The contract with its declarer (a seat of :attr:`deal`)."""
    rules: PlayRules
    """How tricks are formed."""
    seating: Mapping[str, str]
    """Who sits where, by seat letter (``{"N": "open dummy", ...}``), for the record."""


@dataclass(frozen=True, slots=True)
class PlayOutcome:
    """A variant board's play, replayed."""

    seating: Mapping[str, str]
    """Who sits where for the play."""
    tricks: tuple[Trick, ...]
    """The completed tricks."""
    declarer_tricks: int
    """Tricks won by declarer (with dummy)."""
    complete: bool
    """Every trick was played."""
    error: IllegalPlayError | None = None
    """The first illegal card, or None."""
    error_seat: Seat | None = None
    """Who played it."""
    error_card: Card | None = None
    """The illegal card."""
    mismatch: str | None = None
    """Why the record disagrees with the board's Result, or None."""

    @property
    def legal(self) -> bool:
        """True when no illegal card was found."""
        return self.error is None


class Variant:
    """A game of the rules text: players, deck, dealing, ladder, tricks, scale.

    Subclasses set the class attributes and implement :meth:`deal_board` and
    :meth:`table`; the rest works from the data.
    """

    name: str = ""
    """Registry name (``--variant NAME``)."""
    title: str = ""
    """Human name."""
    players: tuple[Seat, ...] = ()
    """The seats of the players, in calling order (clockwise)."""
    auction: AuctionRules
    """Bidding ladder and closing rule."""
    scoring: ScoringRules = TRADITIONAL
    """The scale of a deal."""
    rubber_scale: RubberScale = BRIDGE_SCALE
    """Game and rubber premiums of the player-by-player sheet."""
    point_auction: bool = False
    """True when the auction is not on the bridge ladder (Szlem bids points) and the
    variant judges it with :meth:`judge_text`."""
    defenders_each: bool = False
    """True when each defender plays for himself and writes the undertricks of a failed
    contract above his own line (Booby); False when the one opponent (or side) does."""

    def dealer(self, number: int) -> Seat:
        """Dealer of board ``number`` (1, 2, ...): the players deal in turn."""
        return self.players[(number - 1) % len(self.players)]

    def vulnerability(self, number: int) -> Vulnerability:
        """Vulnerability written on a dealt board: none (a rubber decides it)."""
        return Vulnerability.NONE

    def deal_board(self, rng: random.Random, number: int) -> Board:
        """A freshly dealt board ``number``: hands, and what the procedure leaves in ``extra``."""
        raise RuleError(f"{self.name}: dealing is not available")

    def check_board(self, board: Board) -> None:
        """Check the variant data of ``board`` (its ``extra``). Raises ParseError or RuleError."""

    def auction_dealer(self, board: Board, number: int = 1) -> Seat:
        """The dealer whose auction is judged (the board's, else by number).

        Raises RuleError when the dealer is not one of the players.
        """
        dealer = board.dealer if board.dealer is not None else self.dealer(board.number or number)
        if dealer not in self.players:
            raise RuleError(f"{self.name}: the dealer must be one of {'/'.join(s.letter for s in self.players)},"
                            f" not {dealer.letter!r}")
        return dealer

    def contract(self, board: Board) -> Contract:
        """The board's contract with declarer: its auction under the variant's ladder, else the
        Contract tag. Raises RuleError or IllegalCallError.
        """
        if board.auction:
            check = check_calls(self.auction_dealer(board), board.calls, self.auction)
            if check.error is not None:
                raise check.error
            if not check.complete:
                raise RuleError(f"{board.label}: the auction has not closed")
            contract = check.contract
            assert contract is not None
            return contract
        if board.contract is not None and (board.contract.declarer is not None or board.contract.is_passout):
            return board.contract
        raise RuleError(f"{board.label}: no auction or contract with declarer")

    def table(self, board: Board, contract: Contract) -> Table:
        """The board seated for the play of ``contract``. Raises RuleError."""
        raise RuleError(f"{self.name}: play is not available")

    def replay(self, board: Board, contract: Contract) -> PlayOutcome:
        """Replay the board's play record at the seated table. Raises BridgeError when the
        board cannot be played.
        """
        table = self.table(board, contract)
        seated = board.replace(deal=table.deal, contract=contract)
        rep = replay_board(seated, contract, table.rules)
        return PlayOutcome(dict(table.seating), rep.tricks, rep.declarer_tricks, rep.complete, rep.error,
                           rep.error_seat, rep.error_card, rep.mismatch)

    def layout(self, board: Board) -> list[tuple[str, Sequence[Card] | str]]:
        """What lies on the table, as (label, cards or text) rows for ``show``: the hands by
        seat, then what the game adds (talon, dummy, piles, reserves, choices).
        """
        rows: list[tuple[str, Sequence[Card] | str]] = []
        if board.deal is not None:
            for seat, hand in board.deal:
                if hand is not None:
                    rows.append((seat.letter, list(hand)))
        return rows

    def holdings(self, board: Board, contract: Contract) -> dict[Seat, list[Card]]:
        """Each hand at the table as the play starts (for honours)."""
        table = self.table(board, contract)
        return {seat: list(hand) for seat, hand in table.deal if hand is not None}

    def honours(self, board: Board, contract: Contract) -> dict[str, int]:
        """Honours held (rubber values: four or five trump honours, four aces at notrump; none
        in nullo), by seat letter, for the hands that hold any."""
        from bridgecli.core.scoring import honours_points

        out: dict[str, int] = {}
        for seat, cards in self.holdings(board, contract).items():
            points = honours_points(cards, contract.strain, self.scoring)
            if points:
                out[seat.letter] = points
        return out

    def breakdown(self, contract: Contract, tricks: int, vulnerable: bool) -> ScoreBreakdown:
        """The score of one deal, from declarer's side."""
        return traditional_breakdown(contract, tricks, vulnerable, self.scoring)

    def outcome(self, board: Board) -> dict[str, object]:
        """The board's auction, play and score as one JSON-ready object (keys: ``board``,
        ``variant``, ``legal``, ``contract``, ``declarer``, ``seating``, ``declarer_tricks``,
        ``required``, ``complete``, and when finished ``result``, ``made``, ``below``,
        ``above``; ``error`` for an illegal card; ``tricks``; ``void`` for a deal nobody bid).

        Raises BridgeError when the board cannot be played.
        """
        self.check_board(board)
        contract = self.contract(board)
        obj: dict[str, object] = {"board": board.number, "variant": self.name}
        if contract.is_passout:
            obj.update({"legal": True, "contract": "Pass", "void": True})
            return obj
        rep = self.replay(board, contract)
        assert contract.declarer is not None
        obj.update({
            "legal": rep.legal,
            "contract": contract.pbn,
            "declarer": contract.declarer.letter,
            "seating": dict(rep.seating),
            "declarer_tricks": rep.declarer_tricks,
            "required": required_tricks(contract),
            "complete": rep.complete,
        })
        if rep.legal and rep.complete:
            bd = self.breakdown(contract, rep.declarer_tricks, False)
            obj.update({"result": rep.declarer_tricks, "over_under": result_of(contract, rep.declarer_tricks), "made": bd.made,
                        "below": bd.trick_score, "above": bd.above_the_line})
            if self.defenders_each and not bd.made:
                obj["each_defender_above"] = -bd.undertricks
        obj["honours"] = self.honours(board, contract)
        add_play_details(obj, rep, board)
        return obj

    def owner(self, seat: str, seating: Mapping[str, str], declarer: Seat) -> Seat:
        """The player who writes the honours of the hand at ``seat`` (a letter of the seated
        table): a player's own, or a dummy's player, who sits opposite it."""
        at = seat_of(seat, "seat")
        return at if at in self.players else at.partner

    def deal_played(self, board: Board) -> DealPlayed | None:
        """The board as a deal of the rubber sheet; None when it has no finished legal play
        (a void deal, a record that stops early). Raises BridgeError for an illegal one.
        """
        obj = self.outcome(board)
        if obj.get("void") or not obj.get("complete"):
            return None
        if not obj.get("legal"):
            err = obj.get("error")
            message = err.get("message") if isinstance(err, dict) else "illegal play"
            raise RuleError(f"{board.label}: {message}")
        contract = self.contract(board)
        declarer = contract.declarer
        assert declarer is not None
        tricks = int(str(obj["declarer_tricks"]))
        seating = obj.get("seating")
        held = obj.get("honours")
        honours: dict[Seat, int] = {}
        if isinstance(held, dict) and isinstance(seating, dict):
            for letter, points in held.items():
                who = self.owner(letter, seating, declarer)
                honours[who] = honours.get(who, 0) + int(points)
        return DealPlayed(declarer, lambda vul: self.breakdown(contract, tricks, vul),
                          tuple(p for p in self.players if p != declarer), honours, deal_label(board))

    def deal_from_words(self, words: Sequence[str], declarer: Seat | None,
                        parse_contract: Callable[[str], Contract], honours: Mapping[Seat, int] | None = None,
                        label: str = "") -> DealPlayed:
        """A written result (``4NL 3``, ``3NT+1``, with its declarer) as a deal of the rubber
        sheet, for a deal played at the table rather than recorded card by card.

        ``declarer`` may instead be inside the contract (``4NLN``). Raises ParseError for bad
        words, a strain the variant has no bid in, no declarer, or one who does not play.
        """
        ctext, rtext = split_result(list(words))
        contract = parse_contract(ctext)
        if contract.is_passout:
            raise ParseError("a passed-out deal is the word 'pass' alone")
        if contract.level and self.auction.strain_rank[contract.strain] < 0:
            raise ParseError(f"no {contract.strain.letter} contracts in {self.title}")
        seat = declarer if declarer is not None else contract.declarer
        self._check_player(seat, honours)
        assert seat is not None
        tricks = tricks_of(contract, rtext)
        return DealPlayed(seat, lambda vul: self.breakdown(contract, tricks, vul),
                          tuple(p for p in self.players if p != seat), dict(honours or {}), label)

    def _check_player(self, declarer: Seat | None, honours: Mapping[Seat, int] | None) -> None:
        """Raise ParseError unless ``declarer`` and every honours holder play this game."""
        seats = "/".join(p.letter for p in self.players)
        if declarer is None:
            raise ParseError(f"no declarer: give --declarer ({seats})")
        for who, what in [(declarer, "declarer")] + [(h, "honours") for h in (honours or {})]:
            if who not in self.players:
                raise ParseError(f"{what} {who.letter!r} does not play {self.title} ({seats})")

    def score_words(self, words: Sequence[str], vulnerable: bool, parse_contract: Callable[[str], Contract]
                    ) -> dict[str, object]:
        """Score ``CONTRACT RESULT`` words (``4NL 3``, ``3NT+1``): the JSON-ready record.

        Raises ParseError for bad words or a strain the variant has no bid in.
        """
        ctext, rtext = split_result(list(words))
        contract = parse_contract(ctext)
        if contract.level and self.auction.strain_rank[contract.strain] < 0:
            raise ParseError(f"no {contract.strain.letter} contracts in {self.title}")
        tricks = tricks_of(contract, rtext)
        bd = self.breakdown(contract, tricks, vulnerable)
        return {"variant": self.name, "contract": contract.pbn, "result": tricks, "declarer_vulnerable": vulnerable,
                "made": bd.made, "below": bd.trick_score, "above": bd.above_the_line,
                "overtricks": bd.overtricks, "slam_bonus": bd.slam_bonus, "insult": bd.insult,
                "undertricks": bd.undertricks, "score": bd.total,
                "each_defender_above": -bd.undertricks if self.defenders_each and not bd.made else None}

    def __repr__(self) -> str:
        return f"find_variant({self.name!r})"


def deal_label(board: Board) -> str:
    """``Board 3`` (``Board ?`` without a number)."""
    return f"Board {board.number if board.number is not None else '?'}"


def add_play_details(obj: dict[str, object], rep: PlayOutcome, board: Board) -> None:
    """Add the ``error``, ``mismatch`` and ``played_tricks`` keys of a replay of ``board`` to ``obj``."""
    if rep.error is not None:
        obj["error"] = {"trick": rep.error.trick,
                        "seat": rep.error_seat.letter if rep.error_seat is not None else None,
                        "card": str(rep.error_card) if rep.error_card is not None else None,
                        "reason": rep.error.reason, "message": rep.error.message}
    if rep.mismatch is not None:
        obj["mismatch"] = {"recorded": board.result, "message": rep.mismatch}
    obj["played_tricks"] = [{"leader": t.leader.letter, "cards": [str(c) for c in t.cards], "winner": t.winner.letter}
                     for t in rep.tricks]


def split_result(words: Sequence[str]) -> tuple[str, str]:
    """``["4NL", "3"]`` or ``["3NT+1"]`` into contract and result text (``=`` when none).

    Raises ParseError for more words.
    """
    if len(words) == 2:
        return words[0], words[1]
    if len(words) == 1:
        w = words[0]
        if w.endswith("="):
            return w[:-1], "="
        for k in range(len(w) - 1, 0, -1):
            if w[k] in "+-" and is_digits(w[k + 1:]):
                return w[:k], w[k:]
        return w, "="
    raise ParseError(f"give CONTRACT RESULT, not {' '.join(words)!r}")


def tricks_of(contract: Contract, text: str, total: int = 13) -> int:
    """Tricks declarer took from a result: a number, ``=``, ``+1`` or ``-2`` (for nullo a trick
    "over" is one fewer taken). Raises ParseError.
    """
    t = text.strip()
    if is_digits(t) and small_int(t) is not None:
        n = int(t)
    elif t in ("=", "=="):
        n = required_tricks(contract)
    elif len(t) > 1 and t[0] in "+-" and (delta_or_none := small_int(t)) is not None:
        delta = delta_or_none
        n = required_tricks(contract) + (-delta if contract.strain == Strain.NULLO else delta)
    else:
        raise ParseError(f"not a result: {text!r} (use =, +1, -2 or tricks 0 to {total})")
    if not 0 <= n <= total:
        raise ParseError(f"result {text!r} means {n} tricks; declarer takes 0 to {total}")
    return n


def hand_of(cards: Sequence[Card]) -> Hand:
    """A :class:`Hand` of ``cards``."""
    return Hand(cards)
