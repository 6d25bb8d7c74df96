"""Cards, seats, strains, hands and deals: notation round trips and invariants."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgecli.core import (
    DECK,
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Card,
    Contract,
    Deal,
    Hand,
    InvalidDealError,
    ParseError,
    Rank,
    Risk,
    Seat,
    Strain,
    Vulnerability,
    dealer_of_board,
    parse_call,
)


def test_enum_order_is_bridge_order():
    assert Strain.CLUBS < Strain.DIAMONDS < Strain.HEARTS < Strain.SPADES < Strain.NOTRUMP
    assert Rank.TWO < Rank.TEN < Rank.ACE
    assert Seat.NORTH.next() is Seat.EAST and Seat.WEST.next() is Seat.NORTH
    assert Seat.NORTH.partner is Seat.SOUTH and Seat.EAST.lho is Seat.SOUTH and Seat.EAST.rho is Seat.NORTH


@pytest.mark.parametrize("text,expected", [
    ("SA", "SA"), ("as", "SA"), ("♠A", "SA"), ("10h", "HT"), ("hT", "HT"), ("kh", "HK"), ("♦2", "D2"), ("C10", "CT"),
])
def test_card_forms(text, expected):
    assert str(Card.from_str(text)) == expected


@pytest.mark.parametrize("bad", ["", "S", "1H", "SX", "ZZ", "S11"])
def test_card_rejects(bad):
    with pytest.raises(ParseError):
        Card.from_str(bad)


@pytest.mark.parametrize("text,expected", [
    ("p", PASS), ("Pass", PASS), ("x", DOUBLE), ("Dbl", DOUBLE), ("xx", REDOUBLE), ("Rdbl", REDOUBLE),
    ("redbl", REDOUBLE), ("1n", Bid(1, Strain.NOTRUMP)), ("3NT", Bid(3, Strain.NOTRUMP)), ("4♠", Bid(4, Strain.SPADES)),
    ("7c", Bid(7, Strain.CLUBS)),
])
def test_call_forms(text, expected):
    assert parse_call(text) == expected


@pytest.mark.parametrize("bad", ["8H", "0C", "1Q", "XXX", "", "P1"])
def test_call_rejects(bad):
    with pytest.raises(ParseError):
        parse_call(bad)


@pytest.mark.parametrize("text,level,strain,risk,decl", [
    ("4S", 4, Strain.SPADES, Risk.UNDOUBLED, None),
    ("4SX", 4, Strain.SPADES, Risk.DOUBLED, None),
    ("3NTXX", 3, Strain.NOTRUMP, Risk.REDOUBLED, None),
    ("3n", 3, Strain.NOTRUMP, Risk.UNDOUBLED, None),
    ("4♠", 4, Strain.SPADES, Risk.UNDOUBLED, None),
    ("4SXS", 4, Strain.SPADES, Risk.DOUBLED, Seat.SOUTH),
    ("3NS", 3, Strain.NOTRUMP, Risk.UNDOUBLED, Seat.SOUTH),
    ("2H by W", 2, Strain.HEARTS, Risk.UNDOUBLED, Seat.WEST),
])
def test_contract_forms(text, level, strain, risk, decl):
    c = Contract.from_str(text)
    assert (c.level, c.strain, c.risk, c.declarer) == (level, strain, risk, decl)


def test_contract_pass():
    assert Contract.from_str("pass").is_passout
    assert str(Contract.from_str("Pass")) == "Pass"


def test_board_cycle_matches_rules_table():
    # RULES.md section 4
    vul = {1: "None", 2: "NS", 3: "EW", 4: "All", 5: "NS", 6: "EW", 7: "All", 8: "None",
           9: "EW", 10: "All", 11: "None", 12: "NS", 13: "All", 14: "None", 15: "NS", 16: "EW"}
    dealer = "NESW" * 4
    for b in range(1, 33):
        k = (b - 1) % 16 + 1
        assert str(Vulnerability.from_board(b)) == vul[k]
        assert dealer_of_board(b).letter == dealer[k - 1]


def test_deal_parse_and_rotate():
    text = "W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4"
    d = Deal.from_pbn(text)
    assert d[Seat.NORTH] == Hand.from_pbn(".63.AKQ987.A9732")
    assert d.to_pbn(Seat.WEST) == text
    assert d.is_complete


def test_deal_rejects_card_twice():
    with pytest.raises(InvalidDealError):
        Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ A... - -")


def test_deal_rejects_fourteen_cards():
    with pytest.raises(InvalidDealError):
        Deal.from_pbn("N:AKQJT98765432.2.. - - -")


def test_partial_deal_allowed():
    d = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ - - -")
    assert not d.is_complete and d[Seat.EAST] is None


@given(st.permutations(range(52)))
def test_random_deal_invariants(perm):
    hands = tuple(Hand(DECK[i] for i in perm[13 * k: 13 * k + 13]) for k in range(4))
    d = Deal(hands)
    assert d.is_complete
    assert sum(len(h) for h in d.hands) == 52
    assert len(set().union(*(h.cards for h in d.hands))) == 52
    assert Deal.from_pbn(d.to_pbn(Seat.EAST)) == d
