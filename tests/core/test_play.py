"""The play engine: legality (Law 44), trick winners, revokes, claims, record replay."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core import (
    DECK,
    Board,
    Card,
    Contract,
    Deal,
    Hand,
    IllegalPlayError,
    PlayedCard,
    RuleError,
    Seat,
    Side,
    Strain,
    Suit,
)
from bridgecli.core.deal import deal_from_indices
from bridgecli.core.play import BRIDGE, TWO_HANDED, PlayState, replay_board, trick_winner
from bridgecli.core.playbot import choose_card, play_out


def independent_winner(plays: list[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    """Law 44E-F written out independently: trumps beat everything, else the suit led."""
    trumps = [(s, c) for s, c in plays if trump is not None and c.suit == trump]
    pool = trumps if trumps else [(s, c) for s, c in plays if c.suit == plays[0][1].suit]
    return max(pool, key=lambda sc: sc[1].rank)[0]


def random_deal(rng: random.Random) -> Deal:
    owner = [i // 13 for i in range(52)]
    rng.shuffle(owner)
    return deal_from_indices(owner)


def C(text: str) -> Card:
    return Card.from_str(text)


# one suit per hand: N spades, E hearts, S diamonds, W clubs
SUITED = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), strain=st.sampled_from(list(Strain)[:5]), declarer=st.sampled_from(list(Seat)))
def test_random_legal_play_gives_13_tricks_with_right_winners(seed: int, strain: Strain, declarer: Seat) -> None:
    rng = random.Random(seed)
    deal = random_deal(rng)
    state = PlayState(deal, Contract(3, strain, declarer=declarer))
    trump = strain.suit
    assert state.to_play == declarer.lho
    seen: set[Card] = set()
    while not state.is_complete:
        legal = state.legal_cards()
        assert legal, "a player to move always has a legal card"
        seat = state.to_play
        assert seat is not None
        hand = deal[seat]
        assert hand is not None
        # follow suit when able, independently checked
        trick = state.current_trick
        if trick:
            led = trick[0][1].suit
            holding = [c for c in state.hand(seat).cards if c.suit == led]
            assert set(legal) == (set(holding) if holding else set(state.hand(seat).cards))
        card = rng.choice(legal)
        assert card in hand and card not in seen
        seen.add(card)
        state = state.play(card)
    assert len(state.tricks) == 13 and len(seen) == 52
    assert sum(state.tricks_won) == 13
    assert state.declarer_tricks + state.defender_tricks == 13
    leader = declarer.lho
    ns = 0
    for t in state.tricks:
        assert t.leader == leader
        assert t.seats == tuple(leader.next(i) for i in range(4))
        assert t.winner == independent_winner(list(zip(t.seats, t.cards)), trump)
        leader = t.winner
        ns += t.winner in (Seat.NORTH, Seat.SOUTH)
    assert state.tricks_won == (ns, 13 - ns)
    assert state.declarer_tricks == (ns if declarer.side == Side.NS else 13 - ns)
    assert state.to_play is None and state.legal_cards() == []
    # the record of this play replays to the same outcome
    rep = replay_board(state.to_board(Board(number=1)))
    assert rep.legal and rep.complete and not rep.claimed and rep.mismatch is None
    assert rep.tricks == state.tricks and rep.declarer_tricks == state.declarer_tricks
    assert rep.sequence == state.history


def test_known_play_declarer_ruffs_everything() -> None:
    # 7S by North, East leads: North trumps each trick and leads trumps; all 13 to declarer (worked by hand)
    state = PlayState(SUITED, Contract(7, Strain.SPADES, declarer=Seat.NORTH))
    assert state.to_play == Seat.EAST
    state = state.play_all([C("H2"), C("D2"), C("C2"), C("S2")])
    assert state.tricks[0].winner == Seat.NORTH and state.to_play == Seat.NORTH
    assert state.legal_cards(Seat.EAST) == []


def test_notrump_highest_of_suit_led_wins() -> None:
    deal = Deal.from_pbn("N:A2.KQ.. K3.A4.. Q4.J3.. J5.T2..")  # 4 cards each: an end position
    state = PlayState(deal, Contract(1, Strain.NOTRUMP, declarer=Seat.SOUTH), rules=BRIDGE.__class__(tricks=4))
    # West leads S5, North SA, East S3, South S4 -> North wins
    state = state.play_all([C("S5"), C("SA"), C("S3"), C("S4")])
    assert state.tricks[0].winner == Seat.NORTH
    # North leads HK, East HA wins
    state = state.play_all([C("HK"), C("HA"), C("HJ"), C("HT")])
    assert state.tricks[1].winner == Seat.EAST


def test_trick_winner_function() -> None:
    cards = [C("H5"), C("HA"), C("S2"), C("H9")]
    assert trick_winner(cards, Suit.SPADES) == 2
    assert trick_winner(cards, None) == 1
    assert trick_winner(cards, Suit.CLUBS) == 1
    assert trick_winner([C("S2"), C("S3"), C("D4"), C("SA")], Suit.DIAMONDS) == 2


@pytest.mark.parametrize("position", [1, 2, 3])
@pytest.mark.parametrize("seed", range(4))
def test_revoke_at_every_position_of_a_trick(position: int, seed: int) -> None:
    rng = random.Random(seed * 10 + position)
    for _ in range(200):
        state = PlayState(random_deal(rng), Contract(4, Strain.HEARTS, declarer=Seat(rng.randrange(4))))
        while not state.is_complete:
            trick = state.current_trick
            seat = state.to_play
            assert seat is not None
            if len(trick) == position:
                led = trick[0][1].suit
                hand = state.hand(seat).cards
                off = [c for c in hand if c.suit != led]
                if off and any(c.suit == led for c in hand):
                    with pytest.raises(IllegalPlayError) as exc:
                        state.play(off[0])
                    assert exc.value.reason == "revoke"
                    assert exc.value.trick == state.trick_number
                    assert not state.is_legal(off[0])
                    return
            state = state.play(rng.choice(state.legal_cards()))
    pytest.fail("no revoke situation found")


def test_not_held_already_played_out_of_turn() -> None:
    state = PlayState(SUITED, Contract(3, Strain.NOTRUMP, declarer=Seat.SOUTH))
    assert state.to_play == Seat.WEST
    # East's card, East is not on lead
    with pytest.raises(IllegalPlayError) as exc:
        state.play(C("H5"))
    assert exc.value.reason == "out-of-turn" and exc.value.trick == 1
    assert str(exc.value).endswith("(Law 54)")  # the opening lead out of turn
    with pytest.raises(IllegalPlayError) as exc:
        state.play(C("S5"), seat=Seat.NORTH)
    assert exc.value.reason == "out-of-turn"
    # West names a card North holds
    with pytest.raises(IllegalPlayError) as exc:
        state.play(C("SA"), seat=Seat.WEST)
    assert exc.value.reason == "not-held"
    state = state.play(C("C2"))
    with pytest.raises(IllegalPlayError) as exc:
        state.play(C("C2"))
    assert exc.value.reason == "already-played"
    # queries never raise
    assert state.is_legal(C("C2")) is False
    assert state.legal_cards(Seat.EAST) == []


def test_later_lead_out_of_turn_cites_law_53() -> None:
    state = PlayState(SUITED, Contract(3, Strain.NOTRUMP, declarer=Seat.SOUTH))
    for _ in range(4):
        state = state.play(choose_card(state))
    leader = state.to_play
    assert leader is not None
    other = leader.next(1)
    card = min(state.hand(other).cards)
    with pytest.raises(IllegalPlayError) as exc:
        state.play(card, seat=other)
    assert exc.value.reason == "out-of-turn" and exc.value.trick == 2
    assert str(exc.value).endswith("(Law 53)")


def test_play_after_the_end_is_refused() -> None:
    state = play_out(PlayState(SUITED, Contract(1, Strain.CLUBS, declarer=Seat.EAST)))
    assert state.is_complete and state.to_play is None
    # clubs trumps, South leads first: West (clubs) wins every trick
    assert state.tricks_won == (0, 13) and state.declarer_tricks == 13
    with pytest.raises(IllegalPlayError):
        state.play(C("SA"))


def test_declarer_and_defenders_claims() -> None:
    rng = random.Random(7)
    state = PlayState(random_deal(rng), Contract(4, Strain.SPADES, declarer=Seat.SOUTH))
    for _ in range(5 * 4):
        state = state.play(choose_card(state))
    won = state.tricks_won[Side.NS]
    claimed = state.claim(6)
    assert claimed.is_complete and claimed.claim_made == (Side.NS, 6)
    assert claimed.declarer_tricks == won + 6 and claimed.defender_tricks == 13 - won - 6
    conceded = state.defenders_claim(3)
    assert conceded.declarer_tricks == won + 8 - 3
    with pytest.raises(RuleError):
        state.claim(9)
    with pytest.raises(RuleError):
        claimed.claim(1)
    # claim in the middle of a trick: that trick counts among the remaining ones
    mid = state.play(choose_card(state))
    assert mid.remaining_tricks == 8 and mid.claim(8).declarer_tricks == won + 8


def test_two_card_tricks_plug_in_as_data() -> None:
    deal = Deal.from_pbn("N:AK... - Q2... -")
    state = PlayState(deal, Contract(1, Strain.NOTRUMP, declarer=Seat.NORTH), rules=TWO_HANDED.__class__(
        name="t", order=(0, 2), opening_leader=2, tricks=2))
    assert state.to_play == Seat.SOUTH
    state = state.play(C("S2"))
    assert state.to_play == Seat.NORTH
    state = state.play_all([C("SA"), C("SK"), C("SQ")])
    assert state.is_complete and state.tricks_won == (2, 0)
    assert [t.winner for t in state.tricks] == [Seat.NORTH, Seat.NORTH]


def test_contract_needs_declarer_and_hands() -> None:
    with pytest.raises(RuleError):
        PlayState(SUITED, Contract(4, Strain.SPADES))
    with pytest.raises(RuleError):
        PlayState(SUITED, Contract.passed_out().with_declarer(Seat.NORTH))
    with pytest.raises(RuleError):
        PlayState(SUITED.replace(Seat.EAST, None), Contract(4, Strain.SPADES, declarer=Seat.NORTH))


# -- replaying PBN-style records ------------------------------------------------


def rows(text: str) -> tuple[tuple[PlayedCard, ...], ...]:
    return tuple(tuple(PlayedCard(None if t == "-" else C(t)) for t in line.split()) for line in text.strip().splitlines())


def board_7s(play: str, **kw: object) -> Board:
    return Board(number=1, deal=SUITED, contract=Contract(7, Strain.SPADES, declarer=Seat.NORTH),
                 play=rows(play), play_leader=kw.pop("leader", Seat.EAST), **kw)  # type: ignore[arg-type]


def test_replay_columns_are_fixed_from_the_opening_leader() -> None:
    # columns E S W N; North wins trick 1 and leads the next ones, yet the columns do not rotate
    b = board_7s("H2 D2 C2 S2\nH3 D3 C3 S3\nH4 D4 C4 S4")
    rep = replay_board(b)
    assert rep.legal and not rep.complete and rep.declarer_tricks == 3
    assert rep.sequence[:8] == ((Seat.EAST, C("H2")), (Seat.SOUTH, C("D2")), (Seat.WEST, C("C2")),
                                (Seat.NORTH, C("S2")), (Seat.NORTH, C("S3")), (Seat.EAST, C("H3")),
                                (Seat.SOUTH, C("D3")), (Seat.WEST, C("C3")))
    assert [t.leader for t in rep.tricks] == [Seat.EAST, Seat.NORTH, Seat.NORTH]


def test_replay_claim_and_mismatch() -> None:
    b = board_7s("H2 D2 C2 S2\nH3 D3 C3 S3", play_end="*", result=13)
    rep = replay_board(b)
    assert rep.claimed and rep.complete and rep.declarer_tricks == 13 and rep.mismatch is None
    bad = replay_board(board_7s("H2 D2 C2 S2\nH3 D3 C3 S3", play_end="*", result=1))
    assert bad.mismatch is not None and bad.legal


def test_replay_unknown_card_ends_the_replay() -> None:
    rep = replay_board(board_7s("H2 D2 C2 S2\n- - - S3"))
    # North leads S3 (last column) to trick 2, then East's card is unknown
    assert rep.legal and not rep.complete and len(rep.tricks) == 1 and rep.sequence[-1] == (Seat.NORTH, C("S3"))


def test_replay_reports_revoke_not_held_already_played_out_of_turn() -> None:
    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.AK .5432.JT98.QJT98")
    contract = Contract(4, Strain.SPADES, declarer=Seat.SOUTH)
    # West leads DJ; North D5, East plays a club while holding diamonds: revoke
    rep = replay_board(Board(deal=deal, contract=contract, play=rows("DJ D5 C7 DA"), play_leader=Seat.WEST))
    assert rep.error is not None and rep.error.reason == "revoke" and rep.error.trick == 1
    assert rep.error_seat == Seat.EAST and rep.error_card == C("C7")
    rep = replay_board(Board(deal=deal, contract=contract, play=rows("DJ DA D2 D6"), play_leader=Seat.WEST))
    assert rep.error is not None and rep.error.reason == "not-held" and rep.error_seat == Seat.NORTH
    rep = replay_board(Board(deal=deal, contract=contract, play=rows("DJ D5 D2 DA\nDT D6 D3 DA"),
                             play_leader=Seat.WEST))
    assert rep.error is not None and rep.error.reason == "already-played" and rep.error.trick == 2
    rep = replay_board(Board(deal=deal, contract=contract, play=rows("SA TS 2D 5S"), play_leader=Seat.NORTH))
    assert rep.error is not None and rep.error.reason == "out-of-turn" and rep.error_seat == Seat.NORTH


def test_replay_needs_contract_and_deal() -> None:
    with pytest.raises(RuleError):
        replay_board(Board(deal=SUITED))
    with pytest.raises(RuleError):
        replay_board(Board(contract=Contract(1, Strain.CLUBS, declarer=Seat.NORTH)))


def test_bot_never_plays_illegal_cards() -> None:
    rng = random.Random(3)
    for _ in range(30):
        d = random_deal(rng)
        strain = rng.choice(list(Strain)[:5])
        state = PlayState(d, Contract(rng.randint(1, 7), strain, declarer=Seat(rng.randrange(4))))
        while not state.is_complete:
            card = choose_card(state)
            assert card in state.legal_cards()
            state = state.play(card)
        assert sum(state.tricks_won) == 13


def test_deck_and_hand_helpers_agree() -> None:
    state = PlayState(SUITED, Contract(2, Strain.HEARTS, declarer=Seat.WEST))
    assert state.hand(Seat.NORTH) == SUITED[Seat.NORTH]
    assert state.dummy == Seat.EAST and state.opening_leader == Seat.NORTH
    assert len(DECK) == 52 and Hand(()) == Hand()


# -- Law 64A trick transfer --------------------------------------------------------

from bridgecli.core.play import revoke_transfer


def tricks_won_by(winners: str) -> list:
    """13 tricks whose winners are given as seat letters (cards do not matter here)."""
    from bridgecli.core.play import Trick

    out = []
    for i, w in enumerate(winners):
        out.append(Trick(i + 1, Seat.NORTH, tuple(DECK[4 * i:4 * i + 4]), tuple(Seat), Seat.from_str(w)))
    return out


@pytest.mark.parametrize("winners,revoke,expected", [
    # offender (East) won the revoke trick (3) and E-W won a later trick: 2 tricks to N-S (64A1)
    ("NNENNNNWNNNNN", (3, Seat.EAST), (2, 0)),
    # offender won the revoke trick, no later E-W trick: 1 (64A1)
    ("NNENNNNNNNNNN", (3, Seat.EAST), (1, 0)),
    # offender's partner won the revoke trick: 1 (64A2)
    ("NNWNNNNNNNNNN", (3, Seat.EAST), (1, 0)),
    # offending side won neither the revoke trick nor a later one: none (64B1)
    ("WWNNNNNNNNNNN", (3, Seat.EAST), (0, 0)),
    # revoke on trick 12: none (64B)
    ("NNNNNNNNNNNEN", (12, Seat.EAST), (0, 0)),
    # declarer South revokes, dummy North wins the trick: a trick won in dummy is not declarer's -> 1 (64A2)
    ("EENEEEEEEEEEE", (3, Seat.SOUTH), (0, 1)),
    # declarer South revokes and wins that trick and a later one: 2 to E-W
    ("EESENEEEEEEEE", (3, Seat.SOUTH), (0, 2)),
])
def test_law_64a_transfer(winners, revoke, expected):
    trick, offender = revoke
    assert revoke_transfer(tricks_won_by(winners), [(trick, offender, Suit.CLUBS)], dummy=Seat.NORTH) == expected


def test_law_64b_exceptions():
    tricks = tricks_won_by("NNENNNNWNNNNN")
    # dummy's revoke: no transfer
    assert revoke_transfer(tricks, [(3, Seat.NORTH, Suit.CLUBS)], dummy=Seat.NORTH) == (0, 0)
    # both sides revoked: no automatic transfer
    assert revoke_transfer(tricks, [(3, Seat.EAST, Suit.CLUBS), (5, Seat.SOUTH, Suit.HEARTS)],
                           dummy=Seat.NORTH) == (0, 0)
    # second revoke in the same suit by the same player counts once
    assert revoke_transfer(tricks, [(3, Seat.EAST, Suit.CLUBS), (4, Seat.EAST, Suit.CLUBS)],
                           dummy=Seat.NORTH) == (2, 0)


def test_replay_can_let_a_revoke_stand():
    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.AK .5432.JT98.QJT98")
    contract = Contract(4, Strain.SPADES, declarer=Seat.SOUTH)
    board = Board(deal=deal, contract=contract, play=rows("DJ D5 C7 DA\nD8 D6 D2 DK"), play_leader=Seat.WEST)
    assert replay_board(board).error is not None
    rep = replay_board(board, allow_revokes=True)
    assert rep.legal and rep.revokes == ((1, Seat.EAST, Suit.DIAMONDS),) and rep.tricks_played == 2


# -- the fast replay of regular records agrees with the full one ------------------


def _replay_key(board: Board, fast: bool, monkeypatch: pytest.MonkeyPatch) -> object:
    import contextlib

    from bridgecli.core import fastpaths

    with contextlib.nullcontext() if fast else fastpaths.off():
        try:
            r = replay_board(board)
        except RuleError as exc:
            return ("error", str(exc))
    err = r.error
    return (r.legal, err and (err.message, err.reason, err.trick), r.error_seat, r.error_card, r.claimed,
            r.tricks_won, r.declarer_tricks, r.complete, r.mismatch, r.tricks, r.current_trick, r.sequence,
            r.tricks_played)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), strain=st.sampled_from(list(Strain)[:5]), declarer=st.sampled_from(list(Seat)),
       tricks=st.integers(1, 13), swaps=st.integers(0, 2), claim=st.booleans())
def test_fast_replay_agrees_with_the_full_replay(seed: int, strain: Strain, declarer: Seat, tricks: int, swaps: int,
                                                 claim: bool) -> None:
    """Random legal plays, cut short (a claim) and with cards swapped (revokes, cards not
    held, cards twice): the replay that skips the per-card walk must give the same answer."""
    rng = random.Random(seed)
    deal = random_deal(rng)
    state = PlayState(deal, Contract(3, strain, declarer=declarer))
    while len(state.tricks) < tricks:
        state = state.play(rng.choice(state.legal_cards()))
    board = state.to_board(Board(deal=deal))
    rows = [list(row) for row in board.play or ()]
    for _ in range(swaps):
        r1, r2 = rng.randrange(len(rows)), rng.randrange(len(rows))
        c1, c2 = rng.randrange(4), rng.randrange(4)
        rows[r1][c1], rows[r2][c2] = rows[r2][c2], rows[r1][c1]
        if rng.random() < 0.2:
            rows[r1][c1] = PlayedCard(DECK[rng.randrange(52)])
    result = state.declarer_tricks + (rng.randrange(14 - tricks) if claim else 0)
    board = board.replace(play=tuple(tuple(r) for r in rows), play_end="*" if claim and tricks < 13 else "",
                          result=min(result, 13))
    mp = pytest.MonkeyPatch()
    try:
        assert _replay_key(board, True, mp) == _replay_key(board, False, mp)
    finally:
        mp.undo()


def test_a_discard_while_holding_the_suit_led_is_a_revoke() -> None:
    # 4S by S, W leads DJ (won by S's DA); S leads DK and E, still holding D4 D3, plays HA
    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.AK .5432.JT98.QJT98")

    def row(text: str) -> tuple[PlayedCard, ...]:
        return tuple(PlayedCard(C(t)) for t in text.split())

    board = Board(deal=deal, contract=Contract(4, Strain.SPADES, declarer=Seat.SOUTH), play_leader=Seat.WEST,
                  play=(row("DJ D5 D2 DA"), row("D8 D6 HA DK")))  # columns W N E S
    rep = replay_board(board)
    assert not rep.legal and rep.error is not None
    assert (rep.error.reason, rep.error.trick, rep.error_seat, rep.error_card) == ("revoke", 2, Seat.EAST, C("HA"))
    assert rep.tricks_played == 1 and rep.tricks[0].winner == Seat.SOUTH
    fine = board.replace(play=(row("DJ D5 D2 DA"), row("D8 D6 D3 DK")))
    rep = replay_board(fine)
    assert rep.legal and [t.winner for t in rep.tricks] == [Seat.SOUTH, Seat.SOUTH] and rep.tricks_won == (2, 0)
