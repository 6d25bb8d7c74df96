"""The auction engine against the Laws (RULES.md §1, Laws 17-22 and 27/36/39).

Expected values come from the rules text, not from running the engine. The
property tests check the engine against a second, deliberately simple reading
of the same rules written here.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core.auction import BRIDGE, REASONS, Auction, AuctionRules, check_calls
from bridgecli.core.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Bid, Call, parse_call
from bridgecli.core.cards import Seat, Strain
from bridgecli.core.contract import Contract, Risk
from bridgecli.core.errors import IllegalCallError, ParseError, RuleError

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def calls(text: str) -> list[Call]:
    return [parse_call(t) for t in text.split()]


def auction(dealer: Seat, text: str) -> Auction:
    return Auction.from_calls(dealer, calls(text))


def reason_of(dealer: Seat, text: str) -> tuple[str, int]:
    with pytest.raises(IllegalCallError) as info:
        auction(dealer, text)
    assert info.value.reason in REASONS
    assert info.value.index is not None
    return info.value.reason, info.value.index


# -- 1.1 order of calls ------------------------------------------------------


def test_dealer_calls_first_then_clockwise() -> None:
    a = Auction(E)
    assert a.to_move == E
    a = a.add(PASS)
    assert a.to_move == S
    a = a.add(PASS).add(PASS)
    assert a.to_move == N
    a = a.add(parse_call("1C"))
    assert a.to_move == E
    assert a.seat_of(0) == E and a.seat_of(3) == N and a.seat_of(4) == E


def test_add_returns_new_auction_and_leaves_old_one() -> None:
    a = Auction(N)
    b = a.add(parse_call("1NT"))
    assert a.calls == () and b.calls == (Bid(1, Strain.NOTRUMP),)
    assert a != b
    with pytest.raises(AttributeError):
        b._calls = ()  # type: ignore[misc]


def test_empty_auction_is_open_with_every_opening_call() -> None:
    a = Auction(W)
    assert not a.is_complete and a.contract is None and a.declarer is None and a.last_bid is None
    legal = a.legal_calls()
    assert legal[0] == PASS
    assert DOUBLE not in legal and REDOUBLE not in legal
    assert legal[1:] == ALL_BIDS
    assert len(legal) == 36


# -- 1.2 bids (Law 18, insufficient Law 27) -------------------------------------


def test_denominations_rank_nt_above_spades_above_hearts_above_diamonds_above_clubs() -> None:
    for low, high in (("1C", "1D"), ("1D", "1H"), ("1H", "1S"), ("1S", "1NT")):
        auction(N, f"{low} {high}")  # same level, higher denomination: sufficient
        assert reason_of(N, f"{high} {low}") == ("insufficient", 1)


def test_higher_level_in_any_denomination_is_sufficient() -> None:
    auction(N, "1NT 2C")
    auction(N, "3NT P 4C")
    assert auction(N, "6NT 7C").last_bid == Bid(7, Strain.CLUBS)


def test_same_bid_again_is_insufficient() -> None:
    assert reason_of(N, "1H 1H") == ("insufficient", 1)
    assert reason_of(S, "1H P P 1H") == ("insufficient", 3)


def test_lower_level_is_insufficient_even_in_a_higher_denomination() -> None:
    assert reason_of(N, "2C 1NT") == ("insufficient", 1)


def test_insufficient_message_names_last_bid_and_law_27() -> None:
    with pytest.raises(IllegalCallError) as info:
        auction(W, "1H P 1S P 1D")
    # W 1H, N P, E 1S, S P, W 1D: the fifth call, by West
    assert info.value.message == "illegal call 5 (W) '1D': insufficient, 1S was the last bid (Law 27)"
    assert isinstance(info.value, RuleError)


def test_engine_ladder_index_matches_rules_formula() -> None:
    # RULES.md §1.2: index = 5*(level-1) + rank(C=0 .. NT=4)
    for bid in ALL_BIDS:
        assert BRIDGE.code(bid) == 5 * (bid.level - 1) + int(bid.strain)
    assert BRIDGE.code(Bid(7, Strain.NOTRUMP)) == 34


def test_nothing_above_seven_notrump() -> None:
    a = auction(N, "7NT")
    assert [c for c in a.legal_calls() if isinstance(c, Bid)] == []
    assert a.legal_calls() == (PASS, DOUBLE)


def test_bid_above_seven_is_not_notation() -> None:
    # Law 38: a bid above seven is inadmissible; it cannot even be written
    with pytest.raises(ParseError):
        parse_call("8C")
    with pytest.raises(ParseError):
        Bid(8, Strain.CLUBS)


# -- 1.3 double and redouble (Law 19, inadmissible Law 36) --------------------


def test_double_of_opponents_last_bid() -> None:
    a = auction(N, "1H X")
    assert a.risk is Risk.DOUBLED
    assert not a.is_complete


def test_double_with_passes_in_between() -> None:
    # N 1H, E P, S P, W X: West doubles North's bid in the pass-out seat
    a = auction(N, "1H P P X")
    assert a.risk is Risk.DOUBLED


def test_double_of_partners_bid() -> None:
    # N 1H, E P, S X: South doubles partner
    assert reason_of(N, "1H P X") == ("double-own-side", 2)


def test_double_of_own_bid() -> None:
    # N 1H, E X, S XX, W P, N X: North doubles his own (redoubled) bid; own side is checked first
    assert reason_of(N, "1H X XX P X") == ("double-own-side", 4)


def test_redouble_by_the_doubled_side_after_passes() -> None:
    # E 1S, S P, W P, N X, E P, S P, W XX: West redoubles for East's bid
    assert auction(E, "1S P P X P P XX").risk is Risk.REDOUBLED


def test_double_before_any_bid() -> None:
    assert reason_of(N, "X") == ("double-nothing", 0)
    assert reason_of(E, "P P X") == ("double-nothing", 2)


def test_double_of_a_doubled_bid() -> None:
    # N 1H, E X, S P, W X: West doubles again
    assert reason_of(N, "1H X P X") == ("double-doubled", 3)


def test_double_of_a_redoubled_bid() -> None:
    # N 1H, E X, S XX, W X
    assert reason_of(N, "1H X XX X") == ("double-doubled", 3)


def test_double_not_of_the_last_bid_after_another_call() -> None:
    # N 1H, E X, S XX, W P, N P, E X: only passes may follow the bid (and it is redoubled)
    assert reason_of(N, "1H X XX P P X") == ("double-doubled", 5)


def test_redouble_of_opponents_double() -> None:
    a = auction(N, "1H X XX")
    assert a.risk is Risk.REDOUBLED
    # passes may intervene: N 1H, E X, S P, W P, N XX
    assert auction(N, "1H X P P XX").risk is Risk.REDOUBLED


def test_redouble_of_an_undoubled_bid() -> None:
    assert reason_of(N, "1H P XX") == ("redouble-undoubled", 2)
    assert reason_of(N, "1H XX") == ("redouble-undoubled", 1)


def test_redouble_before_any_bid() -> None:
    assert reason_of(S, "XX") == ("redouble-undoubled", 0)


def test_redouble_of_own_sides_double() -> None:
    # N 1H, E X, S P, W XX: West redoubles partner's double
    assert reason_of(N, "1H X P XX") == ("redouble-own-double", 3)


def test_second_redouble() -> None:
    # N 1H, E X, S XX, W P, N P, E XX
    assert reason_of(N, "1H X XX P P XX") == ("redouble-redoubled", 5)
    assert reason_of(N, "1H X XX XX") == ("redouble-redoubled", 3)


def test_new_bid_cancels_double_and_redouble() -> None:
    # Law 19C: N 1H, E X, S XX, W 1S: undoubled again; N may double it
    a = auction(N, "1H X XX 1S")
    assert a.risk is Risk.UNDOUBLED
    assert a.is_legal(DOUBLE) and not a.is_legal(REDOUBLE)
    assert auction(N, "1H X XX 1S X").risk is Risk.DOUBLED


def test_legal_calls_after_double_include_redouble_for_bidding_side_only() -> None:
    a = auction(N, "1H X")  # South to move: bidder's side
    assert a.legal_calls()[:2] == (PASS, REDOUBLE)
    b = auction(N, "1H X P")  # West: doubler's side
    assert REDOUBLE not in b.legal_calls() and DOUBLE not in b.legal_calls()
    assert b.legal_calls()[1] == Bid(1, Strain.SPADES)


def test_is_legal_never_raises() -> None:
    a = auction(N, "1NT P 3NT P P P")
    for call in (PASS, DOUBLE, REDOUBLE, Bid(7, Strain.NOTRUMP), "junk", None, 3):
        assert a.is_legal(call) is False  # type: ignore[arg-type]
    assert Auction(N).is_legal("1C") is False  # type: ignore[arg-type]


# -- 1.4 end of the auction (Law 22, calls after it Law 39) ---------------------


def test_three_passes_after_a_bid_close() -> None:
    a = auction(N, "1NT P 3NT P P P")
    assert a.is_complete and a.to_move is None and a.legal_calls() == ()
    assert a.contract == Contract(3, Strain.NOTRUMP, Risk.UNDOUBLED, N)


def test_three_passes_after_double_close_doubled() -> None:
    a = auction(N, "1S X P P P")
    assert a.is_complete
    assert a.contract == Contract(1, Strain.SPADES, Risk.DOUBLED, N)


def test_double_in_pass_out_seat_reopens() -> None:
    # N 1S, E P, S P, W X, N P, E P: South still to call
    a = auction(N, "1S P P X P P")
    assert not a.is_complete and a.to_move == S
    a = a.add(PASS)
    assert a.is_complete
    assert a.contract == Contract(1, Strain.SPADES, Risk.DOUBLED, N)


def test_redoubled_contract() -> None:
    a = auction(E, "1C X XX P P P")
    assert a.contract == Contract(1, Strain.CLUBS, Risk.REDOUBLED, E)


def test_two_passes_do_not_close() -> None:
    assert not auction(N, "1H P P").is_complete
    assert not auction(N, "P P P").is_complete


def test_four_passes_pass_the_board_out() -> None:
    a = auction(S, "P P P P")
    assert a.is_complete and a.is_passed_out
    assert a.contract == Contract.passed_out()
    assert a.declarer is None


def test_passes_before_the_opening_bid_do_not_count_towards_closing() -> None:
    a = auction(N, "P P P 1C P P")
    assert not a.is_complete
    assert a.add(PASS).contract == Contract(1, Strain.CLUBS, Risk.UNDOUBLED, W)


def test_no_call_after_the_auction_closed() -> None:
    for extra in ("P", "X", "XX", "7NT"):
        assert reason_of(N, f"1NT P P P {extra}") == ("after-close", 4)
        assert reason_of(N, f"P P P P {extra}") == ("after-close", 4)


def test_after_close_message_cites_law_39() -> None:
    with pytest.raises(IllegalCallError) as info:
        auction(N, "P P P P 1C")
    assert info.value.message == "illegal call 5 (N) '1C': the auction closed after call 4 (Law 39)"


def test_open_auction_has_no_contract_yet() -> None:
    a = auction(N, "1H P 2H")
    assert a.contract is None
    assert a.current_contract == Contract(2, Strain.HEARTS, Risk.UNDOUBLED, N)


# -- 1.5 declarer ------------------------------------------------------------


def test_declarer_first_of_side_to_bid_the_strain() -> None:
    # N 1H, S 4H -> North declares
    assert auction(N, "1H P 4H P P P").declarer == N


def test_declarer_in_competitive_auction() -> None:
    # N 1H, E 1S, S 2H, W 2S, N 3H, all pass -> North
    a = auction(N, "1H 1S 2H 2S 3H P P P")
    assert a.contract == Contract(3, Strain.HEARTS, Risk.UNDOUBLED, N)


def test_declarer_is_partner_of_final_bidder_when_partner_named_strain_first() -> None:
    # N 1C, S 1S, N 4S: South named spades first and declares
    assert auction(N, "1C P 1S P 4S P P P").declarer == S


def test_opponents_naming_the_strain_first_does_not_count() -> None:
    # N 1H, E 2S, S 3H, W P, N 4S? North bids 4S after East named spades: North declares
    a = auction(N, "1H 2S 3H P 4S P P P")
    assert a.declarer == N


def test_pbn_reference_auction() -> None:
    # PBN.md example: N 1D E 1S S 3H W 4S N 4NT E X S P W P N 5C E X S 5H W X, 3 passes
    a = auction(N, "1D 1S 3H 4S 4NT X Pass Pass 5C X 5H X Pass Pass Pass")
    assert a.contract == Contract(5, Strain.HEARTS, Risk.DOUBLED, S)
    assert a.last_bidder == S


def test_last_bid_and_bidder() -> None:
    a = auction(W, "1D 1H")
    assert a.last_bid == Bid(1, Strain.HEARTS) and a.last_bidder == N


# -- check_calls: the non-raising form -----------------------------------------


def test_check_calls_legal_complete() -> None:
    r = check_calls(N, calls("1NT P 3NT P P P"))
    assert r.legal and r.complete and r.error is None
    assert r.contract == Contract(3, Strain.NOTRUMP, Risk.UNDOUBLED, N)
    assert r.declarer == N


def test_check_calls_first_illegal_call() -> None:
    # E 1H, S P, W P, N 1D
    r = check_calls(E, calls("1H P P 1D X XX"))
    assert not r.legal and not r.complete and r.contract is None
    assert (r.index, r.reason, r.seat, r.illegal_call) == (3, "insufficient", N, Bid(1, Strain.DIAMONDS))
    assert r.auction.calls == tuple(calls("1H P P"))
    assert len(r.calls) == 6


def test_check_calls_incomplete() -> None:
    r = check_calls(S, calls("1C"))
    assert r.legal and not r.complete and r.contract is None
    assert r.auction.to_move == W


def test_unknown_call_object() -> None:
    r = check_calls(N, [1])  # type: ignore[list-item]  (a text such as "1C" is read as the call)
    assert r.reason == "unknown-call" and r.index == 0


def test_check_calls_dealer_not_at_table() -> None:
    with pytest.raises(IllegalCallError):
        check_calls(W, [], rules=AuctionRules(name="two", seats=(N, S), sides=(0, 1),
                                              passes_to_close=1, passes_to_pass_out=2))


# -- rules as data ---------------------------------------------------------------


BOOBY = AuctionRules(
    name="booby",
    seats=(N, E, W),
    sides=(0, 1, 2),
    strains=(Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.NULLO, Strain.SPADES, Strain.NOTRUMP),
    passes_to_close=2,
    passes_to_pass_out=3,
)


def test_variant_ladder_puts_nullo_between_hearts_and_spades() -> None:
    a = Auction.from_calls(N, [Bid(1, Strain.HEARTS), Bid(1, Strain.NULLO)], rules=BOOBY)
    assert a.to_move == W
    assert a.legal_calls()[2] == Bid(1, Strain.SPADES)
    with pytest.raises(IllegalCallError) as info:
        a.add(Bid(1, Strain.HEARTS))
    assert info.value.reason == "insufficient"


def test_variant_three_players_close_after_two_passes() -> None:
    a = Auction.from_calls(E, [Bid(4, Strain.NULLO), PASS, PASS], rules=BOOBY)
    assert a.is_complete
    assert a.contract == Contract(4, Strain.NULLO, Risk.UNDOUBLED, E)
    # each plays for himself: anyone else may double
    assert Auction.from_calls(E, [Bid(1, Strain.CLUBS), PASS, DOUBLE], rules=BOOBY).risk is Risk.DOUBLED
    assert Auction.from_calls(N, [PASS, PASS, PASS], rules=BOOBY).is_passed_out


def test_nullo_is_unknown_in_bridge() -> None:
    r = check_calls(N, [Bid(1, Strain.NULLO)])
    assert r.reason == "unknown-call"


def test_rules_reject_inconsistent_data() -> None:
    with pytest.raises(ValueError):
        AuctionRules(seats=(N, E), sides=(0, 1, 0))
    with pytest.raises(ValueError):
        AuctionRules(max_level=8)


def test_bridge_default_rules() -> None:
    assert BRIDGE.players == 4 and len(BRIDGE.bids) == 35 and BRIDGE.bids[0] == Bid(1, Strain.CLUBS)
    assert BRIDGE.call_of(-1) == PASS and BRIDGE.call_of(34) == Bid(7, Strain.NOTRUMP)


# -- properties against an independent reading of the rules ----------------------

UNIVERSE: tuple[Call, ...] = (PASS, DOUBLE, REDOUBLE) + ALL_BIDS


def ref_closed(seq: list[Call]) -> bool:
    """Law 22 read directly: four passes from the start, or a non-pass call followed by three passes."""
    if len(seq) == 4 and all(c == PASS for c in seq):
        return True
    return len(seq) >= 4 and all(c == PASS for c in seq[-3:]) and any(c != PASS for c in seq[:-3])


def ref_reason(seq: list[Call], call: Call) -> str | None:
    """Law 18/19/22 read directly from positions: same parity of position = same side."""
    if any(ref_closed(seq[:k]) for k in range(len(seq) + 1)):
        return "after-close"
    bid_positions = [i for i, c in enumerate(seq) if isinstance(c, Bid)]
    n = len(seq)
    if isinstance(call, Bid):
        if bid_positions and call.index <= seq[bid_positions[-1]].index:  # type: ignore[union-attr]
            return "insufficient"
        return None
    if call == PASS:
        return None
    if not bid_positions:
        return "double-nothing" if call == DOUBLE else "redouble-undoubled"
    j = bid_positions[-1]
    since = [(i, c) for i, c in enumerate(seq) if i > j and c != PASS]
    if call == DOUBLE:
        if (n - j) % 2 == 0:
            return "double-own-side"
        return "double-doubled" if since else None
    if not since:
        return "redouble-undoubled"
    if any(c == REDOUBLE for _, c in since):
        return "redouble-redoubled"
    d = since[-1][0]
    return "redouble-own-double" if (n - d) % 2 == 0 else None


def ref_declarer(dealer: Seat, seq: list[Call]) -> Seat | None:
    bids = [(i, c) for i, c in enumerate(seq) if isinstance(c, Bid)]
    if not bids:
        return None
    j, final = bids[-1]
    for i, c in bids:
        if (i - j) % 2 == 0 and c.strain == final.strain:  # type: ignore[union-attr]
            return dealer.next(i)
    raise AssertionError("unreachable")


@st.composite
def legal_sequences(draw: st.DrawFn) -> tuple[Seat, list[Call], Auction]:
    dealer = draw(st.sampled_from(list(Seat)))
    a = Auction(dealer)
    length = draw(st.integers(0, 40))
    for _ in range(length):
        legal = a.legal_calls()
        if not legal:
            break
        # favour passes so that auctions close, else walk the ladder
        if draw(st.booleans()):
            call = PASS
        else:
            call = draw(st.sampled_from(legal))
        a = a.add(call)
    return dealer, list(a.calls), a


@settings(max_examples=100, deadline=None)
@given(legal_sequences())
def test_auctions_from_legal_calls_are_accepted_and_close_per_law_22(data: tuple[Seat, list[Call], Auction]) -> None:
    dealer, seq, a = data
    r = check_calls(dealer, seq)
    assert r.legal
    for k in range(len(seq)):
        assert ref_reason(seq[:k], seq[k]) is None
        assert not ref_closed(seq[:k])
    assert r.complete == ref_closed(seq) == a.is_complete
    assert (a.legal_calls() == ()) == a.is_complete
    if a.is_complete:
        bids = [c for c in seq if isinstance(c, Bid)]
        if not bids:
            assert a.contract == Contract.passed_out() and len(seq) == 4
        else:
            assert a.contract is not None and a.contract.bid == bids[-1]
            assert a.contract.declarer == ref_declarer(dealer, seq)
            after = seq[seq.index(bids[-1]) + 1:]
            expected_risk = Risk.REDOUBLED if REDOUBLE in after else Risk.DOUBLED if DOUBLE in after else Risk.UNDOUBLED
            assert a.contract.risk is expected_risk
    else:
        assert a.to_move == dealer.next(len(seq))
        # every open auction has a legal call, and the engine's list matches the reference
        expected = [c for c in UNIVERSE if ref_reason(seq, c) is None]
        assert set(a.legal_calls()) == set(expected)


@settings(max_examples=100, deadline=None)
@given(legal_sequences(), st.data())
def test_one_inserted_illegal_call_is_reported_at_its_index(
    data: tuple[Seat, list[Call], Auction], more: st.DataObject
) -> None:
    dealer, seq, _ = data
    k = more.draw(st.integers(0, len(seq)))
    prefix = seq[:k]
    illegal = [c for c in UNIVERSE if ref_reason(prefix, c) is not None]
    if not illegal:
        return
    bad = more.draw(st.sampled_from(illegal))
    spoiled = prefix + [bad] + seq[k:]
    r = check_calls(dealer, spoiled)
    assert not r.legal and not r.complete and r.contract is None
    assert r.index == k
    assert r.reason == ref_reason(prefix, bad)
    assert r.seat == dealer.next(k)
    with pytest.raises(IllegalCallError) as info:
        Auction.from_calls(dealer, spoiled)
    assert info.value.index == k and info.value.reason == r.reason
    # the call-by-call path agrees with the whole-sequence path
    before = Auction(dealer).extend(prefix)
    assert before.reason(bad) == r.reason and not before.is_legal(bad)
    with pytest.raises(IllegalCallError) as info:
        before.add(bad)
    assert info.value.index == k and info.value.message == r.error.message  # type: ignore[union-attr]
