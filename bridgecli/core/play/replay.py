"""Recorded plays replayed: the first illegal card, the tricks, the result (Laws 41-71).

:func:`replay_board` checks a recorded play (a :class:`Board` with PBN-style
rows whose columns are fixed from the opening leader) in one fast pass over
card bitmasks and reports the first illegal card; :func:`replay_cards` replays
cards given in time order through :class:`~bridgecli.core.play.state.PlayState`.
A regular record (rows of four known cards, every card legal) takes a fast lane,
:func:`replay_indices`, over card indices (:mod:`bridgecli.core.kernel`);
:mod:`bridgecli.core.play.batch` replays many such records at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .. import fastpaths
from ..board import Board, PlayedCard
from ..cards import DECK, SEATS, Card, Seat, Strain, Suit
from ..contract import Contract
from ..deal import Deal
from ..errors import IllegalPlayError, RuleError
from ..kernel import BB_CARDS, BB_SUITS, OPENING_LEADER, STRENGTH, SUIT_OF, trump_of
from .state import BRIDGE, PlayRules, PlayState, Trick, hand_mask

# The hand masks of the deck's cards by the cards' identities, for the hands of a board
# (52 lookups a board): the deck's cards are shared objects that live as long as the
# program, so an id here is never reused; a dict of ints costs a fraction of hashing a
# Card by value (a Python call a card) or of its :attr:`Card.index`. A card not of the
# deck is found by value.
_BIT_BY_ID: dict[int, int] = {id(c): 1 << i for i, c in enumerate(DECK)}


class Replay:
    """What :func:`replay_board` / :func:`replay_cards` found in a recorded play.

    Tricks and the card sequence are built on first access from the compact
    form the fast replay loop keeps (card indices and seat numbers).
    """

    __slots__ = (
        "_partial",
        "_rawlist",
        "_regular",
        "_rules",
        "claimed",
        "complete",
        "contract",
        "declarer_tricks",
        "error",
        "error_card",
        "error_seat",
        "mismatch",
        "revokes",
        "tricks_won",
    )

    contract: Contract
    """The contract played, with declarer."""
    error: IllegalPlayError | None
    """The first illegal card, or None."""
    error_seat: Seat | None
    """Who played the illegal card."""
    error_card: Card | None
    """The illegal card."""
    claimed: bool
    """The record ends early with ``*`` and a Result (a claim)."""
    tricks_won: tuple[int, int]
    """Tricks won in play by N-S and E-W."""
    declarer_tricks: int
    """Declarer's tricks: the Result when claimed, else those won in play."""
    complete: bool
    """All tricks played, or ended by a claim."""
    mismatch: str | None
    """Why the record disagrees with the board's Result, or None."""
    revokes: tuple[tuple[int, Seat, Suit], ...]
    """(trick, offender, suit led) of each revoke let stand (``allow_revokes``)."""

    def __init__(self, contract: Contract, raw: list[tuple[int, Sequence[int], Sequence[int], int]],
                 partial: list[tuple[int, int]], error: IllegalPlayError | None, error_seat: Seat | None,
                 error_card: Card | None, claimed: bool, tricks_won: tuple[int, int], declarer_tricks: int,
                 complete: bool, mismatch: str | None, rules: PlayRules = BRIDGE,
                 regular: tuple[list[int], list[int], int] | None = None) -> None:
        self.contract = contract
        self.error = error
        self.error_seat = error_seat
        self.error_card = error_card
        self.claimed = claimed
        self.tricks_won = tricks_won
        self.declarer_tricks = declarer_tricks
        self.complete = complete
        self.mismatch = mismatch
        self.revokes = ()
        self._rawlist: list[tuple[int, Sequence[int], Sequence[int], int]] | None = None if regular else raw
        self._regular = regular
        self._partial = partial
        self._rules = rules

    @property
    def _raw(self) -> list[tuple[int, Sequence[int], Sequence[int], int]]:
        """(leader, card indices in play order, their seats, winner) of each trick."""
        raw = self._rawlist
        if raw is None:
            assert self._regular is not None
            flat, winners, leader = self._regular
            first = leader
            raw = []
            for t, w in enumerate(winners):
                row = flat[4 * t:4 * t + 4]
                lc = (leader - first) & 3
                raw.append((leader, row[lc:] + row[:lc], [(leader + k) & 3 for k in range(4)], w))
                leader = w
            self._rawlist = raw
        return raw

    @property
    def legal(self) -> bool:
        """True when no illegal card was found."""
        return self.error is None

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks."""
        return tuple(
            Trick(n + 1, SEATS[leader], tuple(DECK[i] for i in idxs), tuple(SEATS[s] for s in seats), SEATS[w])
            for n, (leader, idxs, seats, w) in enumerate(self._raw)
        )

    @property
    def current_trick(self) -> tuple[tuple[Seat, Card], ...]:
        """Cards of the unfinished trick the record stops in, as (seat, card)."""
        return tuple((SEATS[s], DECK[i]) for s, i in self._partial)

    @property
    def sequence(self) -> tuple[tuple[Seat, Card], ...]:
        """The legal cards of the record in time order, up to an unknown or illegal card."""
        out: list[tuple[Seat, Card]] = []
        for _leader, idxs, seats, _w in self._raw:
            out.extend((SEATS[s], DECK[i]) for s, i in zip(seats, idxs))
        out.extend(self.current_trick)
        return tuple(out)

    @property
    def tricks_played(self) -> int:
        """Number of completed tricks in the record."""
        return len(self._regular[1]) if self._regular is not None else len(self._raw)

    def __repr__(self) -> str:
        return (f"<Replay {self.contract.pbn}: {self.tricks_played} tricks, declarer {self.declarer_tricks},"
                f" {'legal' if self.error is None else self.error.reason}>")


def contract_of(board: Board) -> Contract | None:
    """The board's contract with declarer: the Contract/Declarer tags, else the auction.

    Returns None when neither gives a declarer. Raises IllegalCallError for an
    illegal auction that is needed to find the contract.
    """
    c = board.contract
    if c is not None and (c.declarer is not None or c.is_passout):
        return c
    if board.auction and not any(a.irregular for a in board.auction):  # ^I/^S: the Laws' order does not hold
        from ..auction import Auction  # type: ignore[import-not-found,unused-ignore]

        dealer = board.effective_dealer
        if dealer is None:
            return c
        auction = Auction.from_calls(dealer, board.calls)
        found: Contract | None = auction.contract if auction.is_complete else None
        if found is not None:
            return found
    return c


_STRAIN_TAG = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES,
               "N": Strain.NOTRUMP, "NT": Strain.NOTRUMP}


def end_position(board: Board) -> Contract | None:
    """The stand-in contract of an end position (PBN 3.10: a Contract tag naming only
    the trump strain, ``[Contract "H"]``), else None.

    It has level 1 of that strain; its declarer is the Declarer tag's seat, else the
    player on the right of the Play tag's leader (so that the recorded leader
    leads). None when neither gives a seat. Never raises.
    """
    strain = _STRAIN_TAG.get(board.tags.get("Contract", "").strip().upper())
    if strain is None or board.contract is not None:
        return None
    declarer: Seat | None = None
    text = board.tags.get("Declarer", "").strip().upper().lstrip("^")
    if text in ("N", "E", "S", "W"):
        declarer = Seat("NESW".index(text))
    elif board.play_leader is not None:
        declarer = SEATS[OPENING_LEADER.index(board.play_leader)]  # the leader's right-hand opponent
    return None if declarer is None else Contract(1, strain, declarer=declarer)


def _start(board_deal: Deal | None, contract: Contract | None, label: str, rules: PlayRules) -> PlayState:
    if contract is None or (contract.declarer is None and not contract.is_passout):
        raise RuleError(f"{label}: no contract with declarer to play")
    if board_deal is None:
        raise RuleError(f"{label}: no deal to play")
    return PlayState(board_deal, contract, rules)


def _names(seat: int) -> str:
    return SEATS[seat].name.lower()


def replay_board(board: Board, contract: Contract | None = None, rules: PlayRules = BRIDGE, *,
                 allow_revokes: bool = False) -> Replay:
    """Replay the play record of ``board`` (rows with columns fixed from :attr:`Board.play_leader`).

    Trick winners are computed to put the cards in time order; the replay stops
    at the first unknown card (``-``) or the first illegal one. A record ending
    with ``*`` and a Result is a claim. A record disagreeing with the Result is
    a mismatch (unless the Result tag says ``^n``: tricks agreed, not as played).
    With ``allow_revokes`` a revoke is recorded in :attr:`Replay.revokes`
    and the replay goes on (as with a revoke that stood).

    PBN 3.9 marks are followed: a card marked ``^R`` is a revoke that stood
    (recorded in :attr:`Replay.revokes`; an error if it is no revoke) and one
    marked ``^L`` a lead out of turn that was accepted (its player leads that
    trick; an error if that player was on lead anyway). A hand the deal leaves
    unknown (``-``) plays the cards the record gives it, from the cards no
    known hand holds; whether it followed suit cannot be told. Raises RuleError
    when the board has no usable deal or contract.
    """
    contract = contract if contract is not None else contract_of(board)
    revokes: list[tuple[int, Seat, Suit]] = []
    if contract is None or contract.declarer is None:
        raise RuleError(f"{board.label}: no contract with declarer to play")
    deal = board.deal
    if deal is None:
        raise RuleError(f"{board.label}: no deal to play")
    if contract.is_passout:
        raise RuleError("a passed-out board has no play")
    if rules is BRIDGE and not allow_revokes and board.play and None not in deal.hands and fastpaths.ON:
        fast = _replay_regular(board, contract)
        if fast is not None:
            return fast
    order = rules.order
    ncards = len(order)
    leader = (contract.declarer + rules.opening_leader) % 4
    hands = [0, 0, 0, 0]
    bit_by_id = _BIT_BY_ID
    unknown: set[int] = set()  # seats whose hand the deal does not give
    for seat in {(leader + off) % 4 for off in order}:
        hand = deal.hands[seat]
        if hand is None:
            unknown.add(seat)
            continue
        try:
            hands[seat] = sum(map(bit_by_id.__getitem__, map(id, hand.cards)))
        except KeyError:
            hands[seat] = hand_mask(hand)
    if len(unknown) == len(order):
        raise RuleError(f"{board.label}: no hand is known: no play to replay")
    if len({hands[(leader + off) % 4].bit_count() for off in order if (leader + off) % 4 not in unknown}) != 1:
        raise RuleError("every player must hold the same number of cards to play")
    pool = 0  # cards an unknown hand may hold: those of no known hand
    if unknown:
        pool = (1 << 52) - 1
        for seat in range(4):
            pool &= ~hands[seat]
        for seat in unknown:
            hands[seat] = pool
    strength = STRENGTH[trump_of(contract.strain) + 1]  # a card's weight in a trick: the heaviest wins
    first_col = int(board.play_leader) if board.play_leader is not None else leader
    pos_seat = [[(lead + off) % 4 for off in order] for lead in range(4)]
    pos_col = [[((lead + off) % 4 - first_col) % 4 for off in order] for lead in range(4)]
    played = 0
    won = [0, 0]
    raw: list[tuple[int, Sequence[int], Sequence[int], int]] = []
    partial: list[tuple[int, int]] = []
    error: IllegalPlayError | None = None
    err_seat: Seat | None = None
    err_card: Card | None = None
    rows = board.play or ()
    suit_mask = BB_SUITS
    suit_of = SUIT_OF
    follow = rules.follow_suit
    side_of = rules.sides
    marked = any(pc.irregular for row in rows for pc in row)
    # the record's first column is the player of the first card: it must be the opening leader (Law 41A, 54)
    if rows and rows[0] and rows[0][0].card is not None and first_col != leader and not (
            marked and rows[0][0].irregular == "L"):
        err_seat, err_card = SEATS[first_col], rows[0][0].card
        error = IllegalPlayError(
            f"opening lead out of turn: {_names(first_col)} leads {str(err_card)!r},"
            f" {_names(leader)} is on lead (Law 54)", reason="out-of-turn", trick=1)
        rows = ()
    table = _index_rows(rows[:rules.tricks])
    for rowno, row in enumerate(table):
        marks: dict[int, str] = {}
        if marked:
            marks = {col: pc.irregular for col, pc in enumerate(rows[rowno]) if pc.irregular}
            for col, mark in marks.items():
                if mark == "L":
                    out_of_turn = (first_col + col) % 4
                    if out_of_turn == leader:
                        card = rows[rowno][col].card
                        err_seat, err_card = SEATS[leader], card
                        error = IllegalPlayError(
                            f"{_names(leader)}'s lead {str(card)!r} is marked as out of turn (^L),"
                            f" but {_names(leader)} was on lead", reason="bad-mark", trick=rowno + 1)
                        break
                    leader = out_of_turn  # an accepted lead out of turn (Law 53, 55)
            if error is not None:
                break
        seats = pos_seat[leader]
        cols = pos_col[leader]
        nrow = len(row)
        idxs: list[int] = []
        led = best = best_pos = 0
        weight = strength[0]
        stopped = False
        for pos in range(ncards):
            col = cols[pos]
            idx = row[col] if col < nrow else None
            if idx is None:
                stopped = True
                break
            seat = seats[pos]
            suit = suit_of[idx]
            bit = 1 << idx
            hmask = hands[seat]
            if not hmask & bit:
                card = DECK[idx]
                if played & bit:
                    error = IllegalPlayError(f"{str(card)!r} has already been played", reason="already-played",
                                             trick=rowno + 1)
                else:
                    error = IllegalPlayError(f"{_names(seat)} does not hold {str(card)!r}", reason="not-held",
                                             trick=rowno + 1)
            elif pos == 0:
                led = suit
                weight = strength[led]
                best = weight[idx]
            else:
                rmark = marks.get(col) if marks else None
                if rmark == "R":
                    if seat in unknown or suit == led or not hmask & suit_mask[led]:
                        error = IllegalPlayError(
                            f"{str(DECK[idx])!r} of {_names(seat)} is marked as a revoke (^R), but it is none",
                            reason="bad-mark", trick=rowno + 1)
                    else:
                        revokes.append((rowno + 1, SEATS[seat], Suit(led)))
                elif suit != led and follow and seat not in unknown and hmask & suit_mask[led]:
                    if not allow_revokes:
                        error = IllegalPlayError(f"revoke: {_names(seat)} plays {str(DECK[idx])!r} holding"
                                                 f" {Suit(led).name.lower()} (Law 44C, 61)", reason="revoke",
                                                 trick=rowno + 1)
                    else:
                        revokes.append((rowno + 1, SEATS[seat], Suit(led)))
                if weight[idx] > best:
                    best, best_pos = weight[idx], pos
            if marks and pos == 0 and marks.get(col) == "R":
                error = IllegalPlayError(f"the lead {str(DECK[idx])!r} is marked as a revoke (^R): a lead"
                                         " cannot revoke", reason="bad-mark", trick=rowno + 1)
            if error is not None:
                err_seat, err_card = SEATS[seat], DECK[idx]
                stopped = True
                break
            if seat in unknown:
                pool &= ~bit
                for other in unknown:
                    hands[other] = pool
            else:
                hands[seat] = hmask ^ bit
            played |= bit
            idxs.append(idx)
        if stopped:
            partial = list(zip(seats, idxs))
            break
        w = seats[best_pos]
        won[side_of[w]] += 1
        raw.append((leader, idxs, seats, w))
        leader = w
    rep = _finish(board, contract, raw, partial, error, err_seat, err_card, won, rules)
    rep.revokes = tuple(revokes)
    return rep


#: A cache: id of a PlayedCard object -> its card's index, for regular cards only (no
#: mark), at most _PLAIN_MAX of them (the readers share one PlayedCard a card, so these are
#: the cards of most boards); the objects are kept alive in _PLAIN_KEEP so that their ids
#: cannot be reused. Keyed by identity: hashing a PlayedCard by value costs more than the
#: lookup saves.
_PLAIN_IDX: dict[int, int] = {}
_PLAIN_KEEP: list[PlayedCard] = []  # the cards whose ids are keys of _PLAIN_IDX, kept alive
_PLAIN_MAX = 1024

# _SEAT_AT[first][col]: the seat of a play record's column when ``first`` is its first column
_SEAT_AT: tuple[tuple[int, ...], ...] = tuple(tuple((first + col) & 3 for col in range(4)) for first in range(4))


def _plain_indices(rows: Sequence[Sequence[PlayedCard]]) -> list[int] | None:
    """The cards of ``rows`` as indices, row after row, when every row has four cards
    and none is unknown or marked (^R, ^L); else None."""
    from itertools import chain

    if max(map(len, rows)) != 4 or min(map(len, rows)) != 4:
        return None
    get = _PLAIN_IDX.get
    flat = list(map(get, map(id, chain.from_iterable(rows))))
    if None not in flat:
        return flat  # type: ignore[return-value]
    out: list[int] = []
    for pc in chain.from_iterable(rows):
        i = get(id(pc))
        if i is None:
            if pc.card is None or pc.irregular:
                return None
            i = pc.card.index
            if len(_PLAIN_KEEP) < _PLAIN_MAX and pc.note is None and not pc.nags:
                _PLAIN_KEEP.append(pc)
                _PLAIN_IDX[id(pc)] = i
        out.append(i)
    return out


def _replay_regular(board: Board, contract: Contract) -> Replay | None:
    """The replay of a four-handed play record without anything irregular (see
    :func:`replay_indices`), from the board's Deal and PlayedCard objects; None when the
    record is not of that kind (the full replay then finds what is wrong)."""
    rows = board.play or ()
    if len(rows) > 13:
        return None
    flat = _plain_indices(rows)
    if flat is None:
        return None
    hands: list[int] = []
    assert board.deal is not None
    bit_by_id = _BIT_BY_ID
    for hand in board.deal.hands:
        if hand is None:
            return None
        try:
            hands.append(sum(map(bit_by_id.__getitem__, map(id, hand.cards))))
        except KeyError:
            return None
    return replay_indices(board, contract, hands, flat)


def replay_indices(board: Board, contract: Contract, hands: Sequence[int], flat: Sequence[int]) -> Replay | None:
    """The replay of a regular four-handed play record given as small ints, or None.

    ``hands`` are the four hands as dealt (North, East, South, West), each a 52-bit mask
    of card indices (``13 * suit + rank - 2``); ``flat`` the indices of the record's cards
    row after row, its columns from the opening leader. ``board`` gives what else the
    replay reads: :attr:`~Board.play_leader`, :attr:`~Board.play_end`, the Result (its
    :attr:`~Board.deal` and :attr:`~Board.play` are not read).

    The answer is the :class:`Replay` that :func:`replay_board` gives when the record is
    regular: disjoint hands of one size, rows of four known cards (at most 13), the first
    column the opening leader, every card legal (Law 44C). Anything else (an illegal or
    unknown card, a short row, an empty record, no declarer) gives None, and the full
    replay tells what is wrong. Never raises.

    Each column's cards must be distinct cards of its player's hand (one sum of bits a
    column: a card twice carries into another bit); a card off the suit led is a revoke
    when its player held the suit led before that trick.
    """
    declarer = contract.declarer
    n = len(flat)
    nrows = n >> 2
    if (declarer is None or contract.is_passout or n & 3 or not 0 < n <= 52 or len(hands) != 4
            or min(flat) < 0 or max(flat) > 51):
        return None
    first = OPENING_LEADER[declarer]  # the record's first column
    if board.play_leader is not None and board.play_leader != first:
        return None
    size = hands[0].bit_count()
    if (hands[0] | hands[1] | hands[2] | hands[3]).bit_count() != 4 * size or size > 13:
        return None  # hands of different sizes, or a card in two hands
    bits = BB_CARDS
    suit_mask = BB_SUITS
    unplayed = []  # the cards each column's player keeps after the record
    for col in range(4):
        hand = hands[(first + col) & 3]
        if hand.bit_count() != size:
            return None
        mask = sum(map(bits.__getitem__, flat[col::4]))
        if mask.bit_count() != nrows or mask & ~hand:
            return None  # a card not held, or played twice
        unplayed.append(hand & ~mask)
    ua, ub, uc, ud = unplayed
    strain = contract.strain
    tables = STRENGTH[trump_of(strain) + 1]
    suits = list(map(SUIT_OF.__getitem__, flat))
    wins: list[int] = []  # the column of each trick's winner (who leads the next trick)
    lc = 0  # the leader's column
    t = 4
    it = iter(flat)
    si = iter(suits)
    for row, srow in zip(zip(it, it, it, it), zip(si, si, si, si)):
        sa, sb, sc, sd = srow
        if sa == sb == sc == sd:
            lc = row.index(max(row))
        else:
            led = srow[lc]
            sm = suit_mask[led]
            # off the suit led: a revoke if the player still held that suit (Law 44C): it
            # plays one later, or keeps one after the record
            if ((sa != led and (led in suits[t::4] or ua & sm)) or (sb != led and (led in suits[t + 1::4] or ub & sm))
                    or (sc != led and (led in suits[t + 2::4] or uc & sm))
                    or (sd != led and (led in suits[t + 3::4] or ud & sm))):
                return None
            tbl = tables[led]
            a, b, c, d = row
            scores = (tbl[a], tbl[b], tbl[c], tbl[d])
            lc = scores.index(max(scores))
        wins.append(lc)
        t += 4
    ew = wins.count(1) + wins.count(3) if first & 1 == 0 else wins.count(0) + wins.count(2)  # E-W's columns
    return _finish(board, contract, [], [], None, None, None, [nrows - ew, ew], BRIDGE,
                   (list(flat), list(map(_SEAT_AT[first].__getitem__, wins)), first))


def _index_rows(rows: Sequence[Sequence[PlayedCard]]) -> list[list[int | None]]:
    """The play rows as card indices (None for ``-``)."""
    return [[None if pc.card is None else pc.card.index for pc in row] for row in rows]


def _finish(board: Board | None, contract: Contract, raw: list[tuple[int, Sequence[int], Sequence[int], int]],
            partial: list[tuple[int, int]], error: IllegalPlayError | None, err_seat: Seat | None,
            err_card: Card | None, won: list[int], rules: PlayRules,
            regular: tuple[list[int], list[int], int] | None = None) -> Replay:
    assert contract.declarer is not None
    n_done = len(raw) if regular is None else len(regular[1])
    in_play = won[rules.sides[contract.declarer]]
    result = board.result if board is not None else None
    end = board.play_end if board is not None else ""
    claimed = end == "*" and result is not None and error is None and n_done < rules.tricks
    complete = n_done == rules.tricks or claimed
    declarer_tricks = result if claimed and result is not None else in_play
    mismatch: str | None = None
    agreed = board is not None and board.tags.get("Result", "")[:1] == "^"  # PBN "^9": not as played
    if error is None and result is not None and not agreed:
        if claimed:
            if not in_play <= result <= in_play + rules.tricks - n_done:
                mismatch = (f"result {result} cannot follow from the play: declarer has {in_play} tricks"
                            f" with {rules.tricks - n_done} to play")
        elif complete and result != in_play:
            mismatch = f"result {result} disagrees with the play, where declarer won {in_play} tricks"
    return Replay(contract, raw, partial, error, err_seat, err_card, claimed, (won[0], won[1]), declarer_tricks,
                  complete, mismatch, rules, regular)


def finish_regular(board: Board, contract: Contract, flat: bytes, winners: list[int], ew: int, first: int) -> Replay:
    """:func:`_finish` of a regular record (no error, :data:`BRIDGE`'s rules) replayed in a
    batch (:mod:`bridgecli.core.play.batch`): its card indices, the seat of each trick's
    winner, the tricks E-W won and the opening leader. The same Replay, made with fewer
    steps; a Result the play may disagree with goes to :func:`_finish`, which says why."""
    n = len(winners)
    regular = (list(flat), winners, first)
    in_play = ew if BRIDGE.sides[contract.declarer] else n - ew  # type: ignore[index]
    result = board.result
    claimed = False
    if result is not None:
        claimed = n < 13 and board.play_end == "*"
        if not in_play <= result <= in_play + 13 - n if claimed else n == 13 and result != in_play:
            return _finish(board, contract, [], [], None, None, None, [n - ew, ew], BRIDGE, regular)
    return Replay(contract, [], [], None, None, None, claimed, (n - ew, ew), result if claimed else in_play,  # type: ignore[arg-type]
                  n == 13 or claimed, None, BRIDGE, regular)


def replay_cards(deal: Deal, contract: Contract, cards: Iterable[Card], rules: PlayRules = BRIDGE,
                 board: Board | None = None) -> Replay:
    """Replay cards given in time order (seats implied by the turn) through :class:`PlayState`.

    Stops at the first illegal card; a card another player holds counts as
    that player playing out of turn. ``board`` supplies a Result to check
    against. Raises RuleError when the deal or contract cannot be played.
    """
    state = _start(deal, contract, board.label if board is not None else "board ?", rules)
    error: IllegalPlayError | None = None
    err_seat: Seat | None = None
    err_card: Card | None = None
    for card in cards:
        who = state.to_play
        try:
            state = state.play(card)
        except IllegalPlayError as exc:
            error, err_card = exc, card
            holder = state.deal.holder(card)
            err_seat = holder if exc.reason == "out-of-turn" and holder is not None else who
            break
    raw: list[tuple[int, Sequence[int], Sequence[int], int]] = [
        (int(t.leader), [c.index for c in t.cards], [int(s) for s in t.seats], int(t.winner)) for t in state.tricks]
    partial = [(int(s), c.index) for s, c in state.current_trick]
    return _finish(board, state.contract, raw, partial, error, err_seat, err_card, list(state.tricks_won), rules)


def state_after(replay: Replay, deal: Deal) -> PlayState:
    """The :class:`PlayState` reached by the legal cards of ``replay`` (to go on playing)."""
    state = PlayState(deal, replay.contract, replay._rules)
    for _seat, card in replay.sequence:
        state = state._play_unchecked(card.index)
    return state


def revoke_transfer(tricks: Sequence[Trick], revokes: Sequence[tuple[int, Seat, Suit]], dummy: Seat) -> tuple[int, int]:
    """Tricks moved by Law 64A after established revokes, as (to N-S, to E-W).

    ``revokes`` holds (1-based trick, offender, suit led). Law 64A: if the offender
    won the revoke trick, that trick and one more if the offending side won a later
    trick go to the other side; otherwise one trick if the offending side won the
    revoke trick or a later one (a trick won in dummy is not won by declarer).
    Law 64B: nothing for a revoke by dummy, on trick 12, a second revoke in the same
    suit by the same player, or when both sides revoked; the transfer never takes
    more tricks than the offending side won from the revoke trick on.
    """
    moved = [0, 0]
    if len({off.side for _, off, _ in revokes}) > 1:
        return (0, 0)
    seen: set[tuple[Seat, Suit]] = set()
    for trick_no, offender, suit in revokes:
        if (offender, suit) in seen:
            continue
        seen.add((offender, suit))
        if offender == dummy or trick_no == 12 or trick_no > len(tricks):
            continue
        side = offender.side
        revoke_trick = tricks[trick_no - 1]
        won_from = sum(1 for t in tricks[trick_no - 1:] if t.winner.side == side)
        later = any(t.winner.side == side for t in tricks[trick_no:])
        if revoke_trick.winner == offender:
            n = 2 if later else 1
        else:
            n = 1 if (revoke_trick.winner.side == side or later) else 0
        n = min(n, won_from - moved[1 - side])
        moved[1 - side] += max(n, 0)
    return (moved[0], moved[1])
