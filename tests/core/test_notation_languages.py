"""Polish and Hungarian notation: tables, tiered reading, clashes decided by the language."""

from __future__ import annotations

import pytest

from bridgecli.core.calls import DOUBLE, PASS, REDOUBLE, Bid, parse_call
from bridgecli.core.cards import Card, Rank, Seat, Strain, Suit, Vulnerability
from bridgecli.core.contract import Contract, Risk
from bridgecli.core.errors import ParseError
from bridgecli.core.notation import _MESSAGES_EN, ENGLISH, HUNGARIAN, LANGUAGES, POLISH, get_language, merge_tables

EN, PL, HU = get_language("en"), get_language("pl"), get_language("hu")


def card(suit: Suit, rank: Rank) -> Card:
    return Card(suit, rank)


# -- calls ---------------------------------------------------------------------

@pytest.mark.parametrize("token, call", [
    ("pas", PASS), ("PAS", PASS), ("kontra", DOUBLE), ("ktr", DOUBLE), ("x", DOUBLE),
    ("rekontra", REDOUBLE), ("rktr", REDOUBLE), ("xx", REDOUBLE),
    ("1BA", Bid(1, Strain.NOTRUMP)), ("3ba", Bid(3, Strain.NOTRUMP)), ("2 bez atu", Bid(2, Strain.NOTRUMP)),
    ("4P", Bid(4, Strain.SPADES)), ("2T", Bid(2, Strain.CLUBS)), ("1K", Bid(1, Strain.DIAMONDS)),
    ("1C", Bid(1, Strain.HEARTS)), ("4♥", Bid(4, Strain.HEARTS)), ("2pik", Bid(2, Strain.SPADES)),
    ("3kiery", Bid(3, Strain.HEARTS)),
    # English still reads where Polish has no meaning
    ("Pass", PASS), ("P", PASS), ("1NT", Bid(1, Strain.NOTRUMP)), ("4S", Bid(4, Strain.SPADES)),
])
def test_polish_calls(token: str, call: object) -> None:
    assert PL.parse_call(token) == call


@pytest.mark.parametrize("token, call", [
    ("passz", PASS), ("p", PASS), ("kontra", DOUBLE), ("*", DOUBLE), ("rekontra", REDOUBLE), ("**", REDOUBLE),
    ("1szan", Bid(1, Strain.NOTRUMP)), ("3SZANZADU", Bid(3, Strain.NOTRUMP)), ("2SA", Bid(2, Strain.NOTRUMP)),
    ("1treff", Bid(1, Strain.CLUBS)), ("1káró", Bid(1, Strain.DIAMONDS)), ("2kőr", Bid(2, Strain.HEARTS)),
    ("4pikk", Bid(4, Strain.SPADES)), ("1C", Bid(1, Strain.HEARTS)), ("3K", Bid(3, Strain.DIAMONDS)),
])
def test_hungarian_calls(token: str, call: object) -> None:
    assert HU.parse_call(token) == call


def test_english_reader_takes_unambiguous_foreign_tokens() -> None:
    assert EN.parse_call("pas") == PASS
    assert EN.parse_call("passz") == PASS
    assert EN.parse_call("3BA") == Bid(3, Strain.NOTRUMP)
    assert EN.parse_call("1szan") == Bid(1, Strain.NOTRUMP)
    assert EN.parse_call("rktr") == REDOUBLE
    assert EN.parse_call("4P") == Bid(4, Strain.SPADES)  # P = pik/pikk in both languages
    # module-level helpers (YAML, JSON, LIN values) use the same reader
    assert parse_call("kontra") == DOUBLE


def test_bare_tables_stay_strict() -> None:
    with pytest.raises(ParseError):
        ENGLISH.parse_call("pas")
    with pytest.raises(ParseError):
        POLISH.parse_call("Pass")
    with pytest.raises(ParseError):
        HUNGARIAN.parse_call("3BA")


# -- the clashes, decided by --lang ----------------------------------------------------

def test_c_is_clubs_in_english_hearts_in_polish_and_hungarian() -> None:
    assert EN.parse_call("4C") == Bid(4, Strain.CLUBS)
    assert PL.parse_call("4C") == Bid(4, Strain.HEARTS)
    assert HU.parse_call("4C") == Bid(4, Strain.HEARTS)


def test_w_is_west_as_a_seat_and_the_polish_jack_in_a_card() -> None:
    for lang in (EN, PL, HU):
        assert lang.parse_seat("W") == Seat.WEST
    assert PL.parse_card("♠W") == card(Suit.SPADES, Rank.JACK)
    assert EN.parse_card("SW") == card(Suit.SPADES, Rank.JACK)  # English has no rank W: Polish reading


def test_k_and_d_as_seats() -> None:
    # Hungarian Kelet and Dél; neither letter is an English or Polish seat
    assert HU.parse_seat("K") == Seat.EAST and HU.parse_seat("D") == Seat.SOUTH
    assert EN.parse_seat("K") == Seat.EAST and EN.parse_seat("D") == Seat.SOUTH
    assert HU.parse_seat("Ny") == Seat.WEST and HU.parse_seat("É") == Seat.NORTH
    assert PL.parse_seat("Zachód") == Seat.WEST and PL.parse_seat("północ") == Seat.NORTH


@pytest.mark.parametrize("token, en, pl, hu", [
    # English: D diamonds + K king; Polish and Hungarian: K karo/káró + D dama/dáma
    ("KD", (Suit.DIAMONDS, Rank.KING), (Suit.DIAMONDS, Rank.QUEEN), (Suit.DIAMONDS, Rank.QUEEN)),
    ("DK", (Suit.DIAMONDS, Rank.KING), (Suit.DIAMONDS, Rank.QUEEN), (Suit.DIAMONDS, Rank.QUEEN)),
    # C: clubs in English, kier/kőr elsewhere
    ("CA", (Suit.CLUBS, Rank.ACE), (Suit.HEARTS, Rank.ACE), (Suit.HEARTS, Rank.ACE)),
    # T: ten in English, trefl/treff elsewhere
    ("TK", (Suit.CLUBS, Rank.KING), (Suit.CLUBS, Rank.KING), (Suit.CLUBS, Rank.KING)),
    ("HT", (Suit.HEARTS, Rank.TEN), (Suit.HEARTS, Rank.TEN), (Suit.HEARTS, Rank.TEN)),
    ("♥B", (Suit.HEARTS, Rank.JACK), (Suit.HEARTS, Rank.JACK), (Suit.HEARTS, Rank.JACK)),
    ("PA", (Suit.SPADES, Rank.ACE), (Suit.SPADES, Rank.ACE), (Suit.SPADES, Rank.ACE)),
])
def test_ambiguous_cards(token: str, en: tuple[Suit, Rank], pl: tuple[Suit, Rank], hu: tuple[Suit, Rank]) -> None:
    assert EN.parse_card(token) == card(*en)
    assert PL.parse_card(token) == card(*pl)
    assert HU.parse_card(token) == card(*hu)


def test_hands_in_polish_and_hungarian_ranks() -> None:
    hand = PL.parse_hand("AKDW.109.-.2")
    assert {str(c) for c in hand.cards} == {"SA", "SK", "SQ", "SJ", "HT", "H9", "C2"}
    assert HU.parse_hand("AKDB.10.-.-") == HU.parse_hand("AKQJ.T.-.-")


@pytest.mark.parametrize("lang, token, contract", [
    (PL, "3BA", Contract(3, Strain.NOTRUMP)),
    (PL, "4PX", Contract(4, Strain.SPADES, Risk.DOUBLED)),
    (PL, "4C W", Contract(4, Strain.HEARTS, declarer=Seat.WEST)),
    (PL, "pas", Contract.passed_out()),
    (HU, "3SZAN", Contract(3, Strain.NOTRUMP)),
    (HU, "4CXX", Contract(4, Strain.HEARTS, Risk.REDOUBLED)),
    (HU, "4P K", Contract(4, Strain.SPADES, declarer=Seat.EAST)),
    (EN, "4C", Contract(4, Strain.CLUBS)),
    (EN, "3BA", Contract(3, Strain.NOTRUMP)),
])
def test_contracts(lang: object, token: str, contract: Contract) -> None:
    assert lang.parse_contract(token) == contract  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang, token, vul", [
    (PL, "obie", Vulnerability.ALL), (PL, "nikt", Vulnerability.NONE), (PL, "WE", Vulnerability.EW),
    (HU, "mindenki", Vulnerability.ALL), (HU, "É-D", Vulnerability.NS), (HU, "K-Ny", Vulnerability.EW),
    (HU, "senki", Vulnerability.NONE), (EN, "both", Vulnerability.ALL),
])
def test_vulnerability(lang: object, token: str, vul: Vulnerability) -> None:
    assert lang.parse_vul(token) == vul  # type: ignore[attr-defined]


# -- output ---------------------------------------------------------------------------

def test_output_tokens() -> None:
    c = Contract(3, Strain.NOTRUMP, Risk.DOUBLED, Seat.WEST)
    assert PL.contract_str(c, declarer=True) == "3BAX W"
    assert HU.contract_str(c, declarer=True) == "3SAX Ny"
    assert EN.contract_str(c, declarer=True) == "3NTX by W"
    assert PL.call_str(PASS) == "pas" and HU.call_str(DOUBLE) == "kontra"
    assert PL.card_str(card(Suit.HEARTS, Rank.QUEEN)) == "♥D"
    assert PL.card_str(card(Suit.HEARTS, Rank.TEN)) == "♥10"
    assert PL.card_str(card(Suit.HEARTS, Rank.JACK), symbols=False) == "CW"
    assert HU.card_str(card(Suit.DIAMONDS, Rank.JACK)) == "♦J"
    assert EN.card_str(card(Suit.DIAMONDS, Rank.JACK)) == "DJ"
    assert PL.seat_names[Seat.SOUTH] == "Południe" and HU.seat_str(Seat.WEST) == "Ny"


def test_output_reads_back_in_the_same_language() -> None:
    for lang in (PL, HU):
        for level in (1, 7):
            for strain in Strain:
                if strain == Strain.NULLO:
                    continue
                bid = Bid(level, strain)
                assert lang.parse_call(lang.call_str(bid)) == bid
                assert lang.parse_call(lang.call_str(bid, symbols=False)) == bid
        for suit in Suit:
            for rank in Rank:
                c = card(suit, rank)
                assert lang.parse_card(lang.card_str(c)) == c
                assert lang.parse_card(lang.card_str(c, symbols=False)) == c
        for seat in Seat:
            assert lang.parse_seat(lang.seat_str(seat)) == seat
            assert lang.parse_seat(lang.seat_names[seat]) == seat
        for vul in Vulnerability:
            assert lang.parse_vul(lang.vul_str(vul)) == vul


def test_error_messages_in_the_language() -> None:
    with pytest.raises(ParseError, match="to nie jest odzywka: 'xyz'"):
        PL.parse_call("xyz")
    with pytest.raises(ParseError, match="nem bemondás: 'xyz'"):
        HU.parse_call("xyz")
    with pytest.raises(ParseError, match="not a call: 'xyz'"):
        EN.parse_call("xyz")
    with pytest.raises(ParseError, match="to nie jest karta"):
        PL.parse_card("Z9")
    with pytest.raises(ParseError, match="nem felvétel"):
        HU.parse_contract("9SA")


def test_every_table_has_every_word_and_message() -> None:
    keys = set(ENGLISH.words)
    for lang in LANGUAGES.values():
        assert set(lang.words) == keys or lang is ENGLISH, lang.code
        assert lang is ENGLISH or set(lang.messages) == set(_MESSAGES_EN), lang.code
        assert len(lang.rank_out) == 13 and len(lang.seat_names) == 4 and len(lang.vul_out) == 4


def test_merge_drops_tokens_the_others_disagree_on() -> None:
    a = merge_tables(ENGLISH, (POLISH, HUNGARIAN))
    assert a.seats["K"] == Seat.EAST  # only Hungarian has it
    assert a.suits["C"] == Suit.CLUBS  # English, the first table, wins
    assert a.ranks["W"] == Rank.JACK and a.ranks["B"] == Rank.JACK


def test_unknown_language() -> None:
    with pytest.raises(ParseError, match="unknown language 'xx'"):
        get_language("xx")
    assert get_language("PL") is get_language("pl")
    assert Card.from_str("♠W") == card(Suit.SPADES, Rank.JACK)
    assert Seat.from_str("Północ") == Seat.NORTH
