"""LIN (BBO hand records): reading, writing, trick winners, contracts, errors."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core import (
    DOUBLE,
    PASS,
    REDOUBLE,
    AnnotatedCall,
    Bid,
    Board,
    BridgeError,
    Card,
    Contract,
    Deal,
    IllegalPlayError,
    InvalidDealError,
    ParseError,
    PlayedCard,
    Risk,
    Seat,
    Strain,
    Suit,
    Vulnerability,
)
from bridgecli.core.calls import parse_call
from bridgecli.core.errors import ReadWarning
from bridgecli.formats import lin
from bridgecli.formats.lin import trick_winner
from bridgecli.formats.lin.common import final_contract

from .strategies import lin_boards

# Board 14 of a club night, written in the BBO style (ranks low to high, East's hand omitted).
SAMPLE = (
    "pn|sara,wendy,nils,erik|st||md|4S9TH4567JQD5AC89T,S678HD346789TKC67,S2QKAH89TDC2345JA,|rh||"
    "ah|Board 14|sv|o|mb|1N|an|15-17|mb|2H|mb|p|mb|p|mb|d!|an|takeout|mb|p|mb|p|mb|p|pg||"
    "pc|DK|pc|H8|pc|D2|pc|D5|pg||pc|CA|pc|CK|pc|C8|pc|C6|pg||pc|HT|pc|HA|pc|H4|pc|D3|pg||"
    "pc|S3|pc|S9|pc|S6|pc|SK|pg||mc|8|\n"
)
DEAL = Deal.from_pbn("N:AKQ2.T98..AJ5432 J543.AK32.QJ2.KQ T9.QJ7654.A5.T98 876..KT987643.76")


def row(*cards: str) -> tuple[PlayedCard, ...]:
    return tuple(PlayedCard(None if c == "-" else Card.from_str(c)) for c in cards)


def test_reads_the_sample_board() -> None:
    (b,) = lin.loads(SAMPLE, source="club.lin")
    assert b.number == 14
    assert b.dealer == Seat.EAST
    assert b.vulnerability == Vulnerability.NONE
    assert b.deal == DEAL
    assert b.tags == {"South": "sara", "West": "wendy", "North": "nils", "East": "erik"}
    assert [str(a) for a in b.auction or ()] == ["1NT", "2H", "Pass", "Pass", "X!", "Pass", "Pass", "Pass"]
    assert b.auction is not None and b.auction[0].note == 1 and b.auction[4].note == 2
    assert b.auction_notes == {1: "15-17", 2: "takeout"}
    assert b.contract == Contract(2, Strain.HEARTS, Risk.DOUBLED, Seat.SOUTH)
    assert b.play_leader == Seat.WEST
    assert b.play == (
        row("DK", "H8", "D2", "D5"),
        row("C6", "CA", "CK", "C8"),
        row("D3", "HT", "HA", "H4"),
        row("S6", "SK", "S3", "S9"),
    )
    assert b.result == 8 and b.play_end == "*"


def test_writes_canonical_bbo_line() -> None:
    (b,) = lin.loads(SAMPLE)
    assert lin.dumps([b]) == (
        "pn|sara,wendy,nils,erik|st||md|4ST9HQJ7654DA5CT98,S876HDKT987643C76,SAKQ2HT98DCAJ5432,|rh||"
        "ah|Board 14|sv|o|mb|1N|an|15-17|mb|2H|mb|p|mb|p|mb|d!|an|takeout|mb|p|mb|p|mb|p|pg||"
        "pc|DK|pc|H8|pc|D2|pc|D5|pg||pc|CA|pc|CK|pc|C8|pc|C6|pg||pc|HT|pc|HA|pc|H4|pc|D3|pg||"
        "pc|S3|pc|S9|pc|S6|pc|SK|pg||mc|8|pg||\n"
    )
    assert lin.loads(lin.dumps([b])) == [b]


def test_several_boards_one_a_line_and_qx_streams() -> None:
    second = SAMPLE.replace("ah|Board 14|", "ah|Board 15|")
    assert [b.number for b in lin.loads(SAMPLE + second)] == [14, 15]
    stream = "qx|o1|md|1SA,,,|mb|p|qx|c1|md|1SA,,,|mb|p|\nqx|o2|md|2,SK,,|"
    bs = lin.loads(stream)
    assert [(b.number, b.tag("Room")) for b in bs] == [(1, "Open"), (1, "Closed"), (2, "Open")]
    assert bs[2].dealer == Seat.WEST and bs[2].deal is not None and bs[2].deal[Seat.WEST] is not None


def test_eight_players_pick_the_room() -> None:
    text = "qx|c5|pn|a,b,c,d,e,f,g,h|md|1SA,,,|"
    (b,) = lin.loads(text)
    assert b.tags == {"South": "e", "West": "f", "North": "g", "East": "h", "Room": "Closed"}


def test_fourth_hand_filled_only_after_three_full_hands() -> None:
    (b,) = lin.loads("md|3SAKQ,,,|")
    assert b.deal is not None and b.deal[Seat.SOUTH] is not None
    assert [b.deal[s] is None for s in (Seat.NORTH, Seat.EAST, Seat.WEST)] == [True, True, True]
    (c,) = lin.loads(SAMPLE)
    assert c.deal is not None and c.deal.is_complete


def test_lower_case_and_ten_as_10() -> None:
    text = SAMPLE.replace("pc|DK|", "pc|dk|").replace("S9TH4567JQ", "S910H4567JQ")
    (b,) = lin.loads(text)
    assert b.deal == DEAL and b.play is not None and b.play[0][0].card == Card.from_str("DK")


def test_no_dealer_digit_and_no_vulnerability() -> None:
    (b,) = lin.loads("md|SA,,,|ah|Board 2|")
    assert b.dealer is None and b.vulnerability is None and b.number == 2
    assert lin.loads(lin.dumps([b])) == [b]


@pytest.mark.parametrize(
    ("trick", "leader", "trump", "winner"),
    [
        (["SA", "S2", "S3", "S4"], Seat.NORTH, None, Seat.NORTH),
        (["S2", "SA", "S3", "S4"], Seat.NORTH, None, Seat.EAST),
        (["S2", "H3", "SK", "HA"], Seat.WEST, None, Seat.EAST),  # W S2, N H3, E SK, S HA (no trump)
        (["S2", "H3", "SK", "HA"], Seat.WEST, Suit.HEARTS, Seat.SOUTH),  # HA is the top trump
        (["S2", "H3", "SK", "D4"], Seat.SOUTH, Suit.HEARTS, Seat.WEST),  # ruff by W
        (["HQ", "H3", "HK", "H2"], Seat.SOUTH, Suit.HEARTS, Seat.NORTH),
        (["C5", "D2", "D3", "C4"], Seat.EAST, Suit.SPADES, Seat.EAST),
    ],
)
def test_trick_winner(trick: list[str], leader: Seat, trump: Suit | None, winner: Seat) -> None:
    assert trick_winner([Card.from_str(c) for c in trick], leader, trump) == winner


@pytest.mark.parametrize(
    ("calls", "dealer", "contract"),
    [
        ("P P P P", Seat.NORTH, Contract.passed_out()),
        ("1C P P P", Seat.NORTH, Contract(1, Strain.CLUBS, Risk.UNDOUBLED, Seat.NORTH)),
        ("1H X XX P P P", Seat.EAST, Contract(1, Strain.HEARTS, Risk.REDOUBLED, Seat.EAST)),
        ("1H X P P P", Seat.EAST, Contract(1, Strain.HEARTS, Risk.DOUBLED, Seat.EAST)),
        ("1H X 2H P P P", Seat.EAST, Contract(2, Strain.HEARTS, Risk.UNDOUBLED, Seat.EAST)),
        ("P 1H P 3H P 4H P P P", Seat.NORTH, Contract(4, Strain.HEARTS, Risk.UNDOUBLED, Seat.EAST)),
        ("1S 2H 2S 3H P P P", Seat.SOUTH, Contract(3, Strain.HEARTS, Risk.UNDOUBLED, Seat.WEST)),
        ("1C P 1H P 1NT P 3NT P P P", Seat.WEST, Contract(3, Strain.NOTRUMP, Risk.UNDOUBLED, Seat.WEST)),
        ("1C P 1H P 2C P 2NT P 3NT P P P", Seat.WEST, Contract(3, Strain.NOTRUMP, Risk.UNDOUBLED, Seat.EAST)),
        ("1C P P", Seat.NORTH, None),
        ("P P P", Seat.NORTH, None),
        ("1C P P P P", Seat.NORTH, Contract(1, Strain.CLUBS, Risk.UNDOUBLED, Seat.NORTH)),
    ],
)
def test_final_contract(calls: str, dealer: Seat, contract: Contract | None) -> None:
    assert final_contract([parse_call(c) for c in calls.split()], dealer) == contract


def test_board_without_auction_keeps_no_contract() -> None:
    (b,) = lin.loads("md|1SA,,,|mc|9|")
    assert b.auction is None and b.contract is None and b.result == 9 and b.play is None


def test_claim_after_full_play_is_not_marked_incomplete() -> None:
    (b,) = lin.loads(SAMPLE)
    assert b.play_end == "*"
    (c,) = lin.loads(SAMPLE.replace("mc|8|", ""))
    assert c.result is None and c.play_end == ""


def test_shared_explanations_share_a_note() -> None:
    text = "md|1SA,,,|mb|1C!|an|art|mb|p|mb|1D!|an|art|mb|1H|an|other|"
    (b,) = lin.loads(text)
    assert [a.note for a in b.auction or ()] == [1, None, 1, 2]
    assert b.auction_notes == {1: "art", 2: "other"}


def test_writer_cleans_bars_and_newlines() -> None:
    b = Board(
        number=1, dealer=Seat.NORTH,
        auction=(AnnotatedCall(Bid(1, Strain.CLUBS), alert=True, note=1), AnnotatedCall(PASS)),
        auction_notes={1: "a|b\nc"}, tags={"North": "x,y"},
    )
    text = lin.dumps([b])
    assert "an|a/b c|" in text and "pn|,,x y,|" in text
    (back,) = lin.loads(text)
    assert back.auction_notes == {1: "a/b c"} and back.tags == {"North": "x y"}


NO_AUCTION_CONTRACT = Contract(4, Strain.HEARTS, Risk.UNDOUBLED, Seat.SOUTH)


def test_writer_keeps_a_contract_without_the_auction_in_rs() -> None:
    # LIN has no contract field: a contract with no auction (nor play) goes to the
    # results list rs| with its result, as BBO lists results: 4H by South, 10 tricks
    b = Board(number=3, dealer=Seat.SOUTH, deal=DEAL, contract=NO_AUCTION_CONTRACT, result=10)
    text = lin.dumps([b])
    assert "|rs|4HS=|st||" in text and "mc|" not in text
    assert lin.loads(text) == [b]


def test_writer_refuses_a_contract_it_cannot_carry() -> None:
    # cards after it would be unreadable (LIN fixes declarer from the auction), and
    # rs| needs the declarer
    (played,) = lin.loads(SAMPLE)
    for b in (played.replace(auction=None, contract=NO_AUCTION_CONTRACT),
              Board(number=3, dealer=Seat.SOUTH, deal=DEAL, contract=NO_AUCTION_CONTRACT.with_declarer(None))):
        with pytest.raises(ParseError) as err:
            lin.dumps([b])
        assert str(err.value).endswith(": LIN needs the auction to carry the contract; write PBN, YAML or JSON")


def test_writer_refuses_play_after_an_unfinished_auction() -> None:
    (b,) = lin.loads(SAMPLE)
    assert b.auction is not None
    cut = Board(number=b.number, dealer=b.dealer, deal=b.deal, auction=b.auction[:3],
                contract=b.contract, play=b.play, play_leader=b.play_leader)
    with pytest.raises(ParseError, match=r"^board 14: LIN needs the auction to carry the contract"):
        lin.dumps([cut])


def test_writer_keeps_a_board_with_neither_auction_nor_contract() -> None:
    b = Board(number=5, dealer=Seat.NORTH, deal=DEAL)
    (back,) = lin.loads(lin.dumps([b]))
    assert back.deal == DEAL and back.contract is None and back.auction is None


def test_write_and_read_file_objects() -> None:
    fp = io.StringIO()
    lin.dump(lin.loads(SAMPLE), fp)
    fp.seek(0)
    assert lin.load(fp) == lin.loads(SAMPLE)


# -- errors -------------------------------------------------------------------


def records(text: str) -> list[Board | BridgeError]:
    return list(lin.iter_records(text, source="bad.lin"))


def test_empty_input_is_an_error() -> None:
    (e,) = records("\n \n")
    assert isinstance(e, ParseError) and e.line == 1 and "empty" in e.message


def test_bad_deal_string_names_line_and_board_and_goes_on() -> None:
    bad = SAMPLE.replace("S9TH4567JQ", "S9TH4567ZQ")
    recs = records(SAMPLE + bad + SAMPLE)
    assert [isinstance(r, BridgeError) for r in recs] == [False, True, False]
    e = recs[1]
    assert isinstance(e, ParseError) and (e.source, e.line, e.board) == ("bad.lin", 2, "14")
    assert "'Z'" in e.message


def test_fourteen_card_hand() -> None:
    (e,) = records("md|1SAKQJT98765432HA,,,|")
    assert isinstance(e, InvalidDealError) and "14 cards" in e.message and e.line == 1


def test_card_twice_in_the_deal() -> None:
    (e,) = records("md|1SA,SA,,|")
    assert isinstance(e, InvalidDealError) and "'SA'" in e.message


def test_bad_call_bad_vulnerability_bad_claim() -> None:
    e1, e2, e3 = records("md|1SA,,,|mb|8H|\nmd|1SA,,,|sv|q|\nmd|1SA,,,|mc|x|\n")
    assert isinstance(e1, ParseError) and "'8H'" in e1.message and e1.line == 1
    assert isinstance(e2, ParseError) and "vulnerability" in e2.message and e2.line == 2
    assert isinstance(e3, ParseError) and "claim" in e3.message and e3.line == 3


def test_card_not_in_hand_is_a_rule_error() -> None:
    (e,) = records(SAMPLE.replace("pc|DK|", "pc|SA|"))
    assert isinstance(e, IllegalPlayError) and "west" in e.message and e.board == "14"


def test_play_without_auction() -> None:
    (e,) = records("md|1SA,,,|pc|SA|")
    assert isinstance(e, ParseError) and "without a finished auction" in e.message


def test_garbage_line_then_good_board() -> None:
    recs = records("hello world\n" + SAMPLE)
    assert isinstance(recs[0], ParseError) and recs[0].line == 1 and "not a LIN" in recs[0].message
    assert not isinstance(recs[1], BridgeError) and recs[1].number == 14


def test_multiline_record_error_line() -> None:
    text = "pn|a,b,c,d|st||\nmd|1SA,,,|\nmb|1C|\nmb|9Q|\n"
    (e,) = records(text)
    assert isinstance(e, ParseError) and e.line == 4


# -- round trips -------------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(st.lists(lin_boards(), min_size=1, max_size=3))
def test_round_trip(bs: list[Board]) -> None:
    text = lin.dumps(bs)
    assert len(text.splitlines()) == len(bs)
    assert lin.loads(text) == bs


def test_round_trip_keeps_calls_of_every_kind() -> None:
    b = Board(
        number=3, dealer=Seat.SOUTH, vulnerability=Vulnerability.EW, deal=DEAL,
        auction=tuple(AnnotatedCall(c) for c in (Bid(1, Strain.SPADES), DOUBLE, REDOUBLE, PASS, PASS, PASS)),
        contract=Contract(1, Strain.SPADES, Risk.REDOUBLED, Seat.SOUTH),
    )
    assert "mb|1S|mb|d|mb|r|mb|p|mb|p|mb|p|" in lin.dumps([b])
    assert lin.loads(lin.dumps([b])) == [b]


def test_last_value_may_lack_its_bar() -> None:
    (b,) = lin.loads("md|1SA,,,|mc|10")
    assert b.result == 10
    (e,) = records("md|1SA,,,|mb|1C|an|some\ntext")
    assert isinstance(e, ParseError) and "unterminated" in e.message and e.line == 1


def test_byte_order_mark_and_crlf() -> None:
    (b,) = lin.loads("\ufeff" + SAMPLE.replace("|pg||", "|pg||\r\n"))
    assert b == lin.loads(SAMPLE)[0]


def test_vugraph_header_players_hold_for_both_rooms() -> None:
    text = (
        "vg|Club teams,Round 1,I,1,2,Home,0,Away,0|\n"
        "pn|s1,w1,n1,e1,s2,w2,n2,e2|pg||\n"
        "qx|o1|md|1SA,,,|sv|o|mb|p|mb|p|mb|p|mb|p|pg||\n"
        "qx|c1|md|1SA,,,|sv|o|mb|p|mb|p|mb|p|mb|p|pg||\n"
    )
    bs = lin.loads(text)
    assert [(b.number, b.tag("Room"), b.tag("South"), b.tag("East")) for b in bs] == [
        (1, "Open", "s1", "e1"), (1, "Closed", "s2", "e2")
    ]
    assert all(b.contract == Contract.passed_out() for b in bs)


def test_handviewer_links_and_percent_encoding() -> None:
    from urllib.parse import quote

    line = SAMPLE.strip()
    url = "https://www.bridgebase.com/tools/handviewer.html?bbo=y&lin=" + quote(line, safe="") + "&x=1"
    assert lin.loads(url + "\n" + quote(line, safe="") + "\n") == lin.loads(SAMPLE) * 2


def test_handviewer_link_with_plain_spaces() -> None:
    url = ("https://www.bridgebase.com/tools/handviewer.html?lin=st||md|1SAKQ%2C%2C%2C|ah|Board 5|"
           "mb|1C!|an|16%2B any shape%3B forcing|mb|p|")
    (b,) = lin.loads(url)
    assert b.number == 5 and b.auction_notes == {1: "16+ any shape; forcing"}


def test_dump_refuses_tags_that_disagree_with_the_auction() -> None:
    from bridgecli.formats import read_boards

    text = ('[Board "1"]\n[Dealer "N"]\n'
            '[Deal "N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.AK .5432.JT98.QJT98"]\n'
            '[Declarer "{d}"]\n[Contract "{c}"]\n[Result "10"]\n[Auction "N"]\n1S Pass 4S Pass\nPass Pass\n')
    (agreeing,) = read_boards(text.format(d="N", c="4S"), "pbn")
    assert "mb|4S|" in lin.dumps([agreeing])
    (board,) = read_boards(text.format(d="S", c="4H"), "pbn")
    with pytest.raises(ParseError, match="the auction reaches 4S by N, the tags say 4H by S"):
        lin.dumps([board])


# -- the match header, results and commentary (vg, rs, nt) ---------------------------

# not "?": in PBN a tag value "?" is "unknown", the same as no tag, so it does not come back from PBN
_plain = st.text(alphabet="abcXYZ09 üé♠-:;.!?'", min_size=1, max_size=14).map(lambda t: " ".join(t.split())).filter(
    lambda t: t not in ("", "?"))
_comment_text = st.one_of(
    _plain.map(lambda t: "{" + t + "}"),
    _plain.map(lambda t: "% " + t + "}"),  # LIN writes a text with "}" as a % line
    st.just("{}"),
)
_VG = ("Event", "Stage", "Scoring", "HomeTeam", "VisitTeam")


@st.composite
def boards_with_extras(draw: st.DrawFn) -> Board:
    """A board LIN carries whole, with the match header's tags, commentary where LIN
    puts it (start, after the auction, after the play), or a result with no auction."""
    b: Board = draw(lin_boards())
    tags = dict(b.tags)
    for name in _VG:
        if draw(st.booleans()):
            tags[name] = draw(st.sampled_from(["IMP", "MP", "BAM", "Butler"]) if name == "Scoring" else _plain)
    if draw(st.integers(0, 3)) == 0:  # a result only: no auction, no play, the contract in rs|
        level, strain = draw(st.integers(1, 7)), draw(st.sampled_from(list(Strain)[:5]))
        contract = Contract(level, strain, draw(st.sampled_from(list(Risk))), draw(st.sampled_from(list(Seat))))
        b = b.replace(auction=None, auction_notes={}, play=None, play_leader=None, play_end="",
                      contract=contract, result=draw(st.none() | st.integers(0, 13)))
        if draw(st.booleans()):  # its rs entry spelt in small letters, as read: 4snx=
            over = "" if b.result is None else "=" if b.result == level + 6 else f"{b.result - level - 6:+d}"
            tags["LinResult"] = (f"{level}{'n' if strain == Strain.NOTRUMP else strain.letter.lower()}"
                                 f"{contract.declarer.letter.lower()}{'x' * contract.risk}{over}")
    elif draw(st.integers(0, 4)) == 0:  # nothing but a result entry: tag LinResult
        entry = draw(st.from_regex(r"[1-7][CDHSNcdhsn][NESWnesw](x|X|xx|XX)?(=|[+-][1-6])?|P|8SN=|A\+1",
                                   fullmatch=True))
        b = b.replace(auction=None, auction_notes={}, play=None, play_leader=None, play_end="",
                      contract=None, result=None)
        tags["LinResult"] = entry
    places = [""] + ["Auction"] * (b.auction is not None) + ["Play"] * (b.play is not None)
    comments = [(p, draw(_comment_text)) for p in places for _ in range(draw(st.integers(0, 2)))]
    return b.replace(tags=tags, comments=tuple(comments))


@settings(max_examples=80, deadline=None)
@given(st.lists(boards_with_extras(), min_size=1, max_size=4))
def test_round_trip_with_header_results_and_commentary(bs: list[Board]) -> None:
    from bridgecli.formats import pbn

    text = lin.dumps(bs)
    assert len(text.splitlines()) == len(bs)
    assert lin.loads(text) == bs  # PBN -> LIN -> PBN keeps what LIN can hold
    assert lin.loads(lin.dumps(pbn.loads(pbn.dumps(lin.loads(text))))) == bs  # LIN -> PBN -> LIN
    assert [_key(r) for r in lin.iter_stream([text[i:i + 29] for i in range(0, len(text), 29)])] == bs


def _key(rec: Board | BridgeError) -> object:
    return (type(rec).__name__, str(rec)) if isinstance(rec, BridgeError) else rec


def test_writes_vg_rs_nt_where_bbo_does() -> None:
    (b,) = lin.loads(SAMPLE)
    b = b.replace(tags={**b.tags, "Event": "Club, teams", "Scoring": "IMP", "HomeTeam": "Lions"},
                  comments=(("", "{welcome}"), ("Auction", "{a bold double}"), ("Play", "% well {played}")))
    line = lin.dumps([b])
    assert line.startswith("pn|sara,wendy,nils,erik|vg|Club teams,,I,,,Lions,,,|st||md|")
    assert "|sv|o|nt|welcome|mb|1N|an|15-17|" in line and "|mb|p|nt|a bold double|pg||pc|DK|" in line
    assert line.endswith("|pc|SK|pg||nt|well {played}|mc|8|pg||\n")
    (back,) = lin.loads(line)
    assert back == b.replace(tags={**b.tags, "Event": "Club teams"})  # vg| is comma-separated


def test_a_board_without_header_after_one_with_it() -> None:
    # a header holds for the boards after it when read, so the writer clears it
    (b,) = lin.loads(SAMPLE)
    rs_only = Board(number=2, dealer=Seat.EAST, contract=Contract.passed_out())
    bs = [b.replace(tags={**b.tags, "Event": "Cup"}), b, rs_only, b]
    lines = lin.dumps(bs).splitlines()
    assert ["|vg|" in x for x in lines] == [True, True, False, False]
    assert "|vg||" in lines[1] and "|rs|P|" in lines[2] and "|rs||" in lines[3]
    assert lin.loads("\n".join(lines)) == bs


def test_vugraph_results_go_back_to_their_place() -> None:
    text = ("vg|Final,Set 1,I,14,15,Home,0,Away,0|\nrs|2HSx=,3NN-1,,4SE+1|\npn|a,b,c,d,e,f,g,h|\n"
            "qx|o14|md|4ST9HQJ7654DA5CT98,S876HDKT987643C76,SAKQ2HT98DCAJ5432,|sv|o|pg||\n"
            "qx|c15|md|4ST9HQJ7654DA5CT98,S876HDKT987643C76,SAKQ2HT98DCAJ5432,|sv|o|pg||\n")
    with pytest.warns(ReadWarning, match="board 14 closed '3NN-1'"):  # no board keeps it
        bs = lin.loads(text)
    assert [b.tag("LinResult") for b in bs] == ["2HSx=", "4SE+1"]
    assert [b.contract for b in bs] == [None, None]  # a list's entry stays a tag
    written = lin.dumps(bs)
    assert "|rs|2HSx=,|" in written and "|rs|,,,4SE+1|" in written
    assert lin.loads(written) == bs


_MATCH_DEAL = "md|4ST9HQJ7654DA5CT98,S876HDKT987643C76,SAKQ2HT98DCAJ5432,|sv|o|"


@pytest.mark.parametrize("rooms", [("o14", "c14", "o15", "c15"), ("o14", "c15"), ("c15",), ()])
def test_results_of_boards_not_read_are_warned_about(rooms: tuple[str, ...]) -> None:
    # each board keeps its own entry of a match's rs|: the entries of boards the file does
    # not hold are not kept, and a warning names them (nothing dropped silently)
    import warnings

    head = "vg|Final,Set 1,I,14,15,Home,0,Away,0|\nrs|2HSx=,3NN-1,,4SE+1|\npn|a,b,c,d,e,f,g,h|pg||\n"
    text = head + "".join(f"qx|{r}|{_MATCH_DEAL}pg||\n" for r in rooms)
    lost = [f"board {n} {room} {e!r}" for (n, room, e) in
            [(14, "open", "2HSx="), (14, "closed", "3NN-1"), (15, "closed", "4SE+1")]
            if f"{room[0]}{n}" not in rooms]
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        whole = [_key(r) for r in lin.iter_records(text, "m.lin")]
        pieces = [_key(r) for r in lin.iter_stream([text[i:i + 9] for i in range(0, len(text), 9)], "m.lin")]
    assert whole == pieces and len(whole) == max(len(rooms), 1)
    messages = [str(w.message) for w in seen if issubclass(w.category, ReadWarning)]
    if lost and rooms:
        want = f"m.lin:2: rs holds results of boards not read, not kept (each board keeps its own): {', '.join(lost)}"
        assert messages == [want] * 2
    else:  # all kept; or no board but the header, which keeps the whole list (LinRs)
        assert messages == []


def test_a_list_written_a_board_at_a_time_warns_of_nothing() -> None:
    # the writer's lists through each board's two rooms (fast path), and lists kept whole
    import warnings

    line = "pn|a,b,c,d|qx|{}|vg|Final,Set 1,I,14,15,Home,0,Away,0|rs|{}|st||md|1SA,,,|rh||ah|Board {}|\n"
    text = line.format("c14", ",4SE+1", 14) + line.format("o15", ",,3NN=,", 15)
    plain = "rs|4HE=,3NN=|pn|a,b,c,d|st||md|1SA,,,|ah|Board 1|\n"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert [b.tag("LinResult") for b in lin.loads(text)] == ["4SE+1", "3NN="]
        assert lin.loads(plain)[0].tag("LinRs") == "4HE=,3NN="
    with pytest.warns(ReadWarning, match=r":1: .*: board 14 open '2HSx='$"):
        lin.loads(line.format("c14", "2HSx=,4SE+1", 14))


def test_header_as_read_is_kept_only_when_the_tags_miss_something() -> None:
    (plain,) = lin.loads("vg|Cup,,P,,,,,,|" + SAMPLE)
    assert plain.tags["Event"] == "Cup" and plain.tags["Scoring"] == "MP" and "LinVg" not in plain.tags
    (full,) = lin.loads("vg|Cup,,P,1,8,A,0,B,2|" + SAMPLE)
    assert full.tags["LinVg"] == "Cup,,P,1,8,A,0,B,2"
    edited = full.replace(tags={**full.tags, "Event": "Spring Cup"})
    assert "|vg|Spring Cup,,P,1,8,A,0,B,2|" in lin.dumps([edited])


@pytest.mark.parametrize(("entry", "contract", "tricks"), [
    # BBO's own spelling (its vugraph files: 4HE=, 4SWx-4, 3NN+3; P passed out)
    ("4SN=", Contract(4, Strain.SPADES, Risk.UNDOUBLED, Seat.NORTH), 10),
    ("3NWx-2", Contract(3, Strain.NOTRUMP, Risk.DOUBLED, Seat.WEST), 7),
    ("1CExx+6", Contract(1, Strain.CLUBS, Risk.REDOUBLED, Seat.EAST), 13),
    ("6HS", Contract(6, Strain.HEARTS, Risk.UNDOUBLED, Seat.SOUTH), None),
    ("P", Contract.passed_out(), None),
])
def test_a_result_with_no_auction_reads_from_rs(entry: str, contract: Contract, tricks: int | None) -> None:
    (b,) = lin.loads(f"pn|a,b,c,d|rs|{entry}|st||md|1SA,,,|ah|Board 1|")
    assert (b.contract, b.result, b.tag("LinResult")) == (contract, tricks, None)
    assert lin.loads(lin.dumps([b])) == [b]
    assert f"|rs|{entry}|" in lin.dumps([b])


@pytest.mark.parametrize(("entry", "contract", "tricks"), [
    # another spelling of the same: case, PASS for P, +0 for =, a leading zero
    ("1cexx+6", Contract(1, Strain.CLUBS, Risk.REDOUBLED, Seat.EAST), 13),
    ("4snX=", Contract(4, Strain.SPADES, Risk.DOUBLED, Seat.NORTH), 10),
    ("4SN+0", Contract(4, Strain.SPADES, Risk.UNDOUBLED, Seat.NORTH), 10),
    ("3NW-01", Contract(3, Strain.NOTRUMP, Risk.UNDOUBLED, Seat.WEST), 8),
    ("6hs", Contract(6, Strain.HEARTS, Risk.UNDOUBLED, Seat.SOUTH), None),
    ("PASS", Contract.passed_out(), None),
    ("p", Contract.passed_out(), None),
])
def test_an_rs_result_keeps_its_spelling(entry: str, contract: Contract, tricks: int | None) -> None:
    from bridgecli.formats import json_format, pbn

    line = f"pn|a,b,c,d|rs|{entry}|st||md|1SAHDC,,,|rh||ah|Board 1|\n"
    (b,) = lin.loads(line)
    assert (b.contract, b.result, b.tag("LinResult")) == (contract, tricks, entry)
    assert lin.dumps([b]) == line  # LIN -> LIN, byte for byte
    assert lin.dumps(pbn.loads(pbn.dumps([b]))) == line  # LIN -> PBN -> LIN
    assert lin.dumps(json_format.loads(json_format.dumps([b]))) == line  # LIN -> JSON -> LIN


def test_a_spelling_is_written_back_only_while_it_says_the_boards_result() -> None:
    # 4snX= is kept as read; once the result (or contract) is edited, it says another
    # result than the board's: the board's own is written, in BBO's spelling
    import dataclasses

    line = "pn|a,b,c,d|rs|4snX=|st||md|1SAHDC,,,|rh||ah|Board 1|\n"
    (b,) = lin.loads(line)
    down = dataclasses.replace(b, result=9)
    assert lin.dumps([down]) == line.replace("4snX=", "4SNx-1")
    (back,) = lin.loads(lin.dumps([down]))
    assert (back.contract, back.result, back.tag("LinResult")) == (b.contract, 9, None)
    other = b.replace(contract=Contract(3, Strain.NOTRUMP, Risk.UNDOUBLED, Seat.WEST), result=None)
    assert "|rs|3NW|" in lin.dumps([other])
    assert lin.dumps([down.replace(result=10)]) == line  # it says the result again
    assert lin.dumps([b.replace(result=None)]) == line.replace("4snX=", "4SNx")


@pytest.mark.parametrize("entry", [" 4SN= ", "4SN= ", "\t4sn="])
def test_spaces_around_an_rs_entry_are_kept(entry: str) -> None:
    # the entry as read, spaces and all, in LinResult: written back byte for byte
    from bridgecli.formats import pbn

    line = f"pn|a,b,c,d|rs|{entry}|st||md|1SAHDC,,,|rh||ah|Board 1|\n"
    (b,) = lin.loads(line)
    assert (b.contract, b.result, b.tag("LinResult")) == (Contract(4, Strain.SPADES, Risk.UNDOUBLED, Seat.NORTH),
                                                         10, entry)
    assert lin.dumps([b]) == line
    assert lin.dumps(pbn.loads(pbn.dumps([b]))) == line


def test_spaces_around_the_entries_of_a_match_are_kept() -> None:
    text = ("vg|Final,Set 1,I,14,15,Home,0,Away,0|\nrs| 2HSx= ,3NN-1,, 4SE+1|\npn|a,b,c,d,e,f,g,h|pg||\n"
            "qx|o14|md|4ST9HQJ7654DA5CT98,S876HDKT987643C76,SAKQ2HT98DCAJ5432,|sv|o|pg||\n"
            "qx|c14|md|4ST9HQJ7654DA5CT98,S876HDKT987643C76,SAKQ2HT98DCAJ5432,|sv|o|pg||\n"
            "qx|o15|md|4ST9HQJ7654DA5CT98,S876HDKT987643C76,SAKQ2HT98DCAJ5432,|sv|o|pg||\n"
            "qx|c15|md|4ST9HQJ7654DA5CT98,S876HDKT987643C76,SAKQ2HT98DCAJ5432,|sv|o|pg||\n")
    bs = lin.loads(text)
    assert [b.tag("LinResult") for b in bs] == [" 2HSx= ", "3NN-1", "", " 4SE+1"]
    written = lin.dumps(bs)
    assert "|rs| 2HSx= ,|" in written and "|rs|,,, 4SE+1|" in written
    assert lin.loads(written) == bs and lin.dumps(lin.loads(written)) == written


def test_an_rs_entry_that_does_not_read_stays_a_tag() -> None:
    for entry in ("8SN=", "4SN-11", "A+1"):
        (b,) = lin.loads(f"pn|a,b,c,d|rs|{entry}|st||md|1SA,,,|")
        assert b.contract is None and b.tag("LinResult") == entry
    (c,) = lin.loads("pn|a,b,c,d|rs|4SN=|st||md|1SA,,,|mb|p|")  # the board's own auction rules
    assert c.contract is None and c.tag("LinResult") == "4SN="


def test_a_header_result_is_the_own_result_of_the_first_board_only() -> None:
    # rs| holds for every board after it when read; a one-entry list is the result of
    # the board it came with, not of the bare boards that only carry the header
    text = ("rs|4HE=|\npn|a,b,c,d|st||md|1SA,,,|ah|Board 1|\n"
            "pn|a,b,c,d|st||md|1SA,,,|ah|Board 2|\npn|a,b,c,d|st||md|1SA,,,|ah|Board 3|\n")
    first, *later = lin.loads(text)
    assert (first.contract, first.result) == (Contract(4, Strain.HEARTS, Risk.UNDOUBLED, Seat.EAST), 10)
    assert [(b.contract, b.result, b.tag("LinRs"), b.tag("LinResult")) for b in later] == [
        (None, None, "4HE=", None)] * 2
    assert lin.loads(lin.dumps([first, *later])) == [first, *later]


@pytest.mark.parametrize("entry", ["4SN=", "3nwX-2", "P", "6HS"])
def test_a_result_tag_of_a_bare_board_stays_a_tag(entry: str) -> None:
    # a PBN board with a LinResult and nothing else (no contract, auction, play or
    # result): on its own a one-entry rs| would read as the contract; a page break
    # after it keeps it the tag it was (PBN -> LIN -> PBN and LIN -> LIN)
    from bridgecli.formats import pbn

    (b,) = pbn.loads(f'[Board "3"]\n[Dealer "S"]\n[LinResult "{entry}"]\n')
    text = lin.dumps([b])
    assert f"|rs|{entry}|" in text and text.endswith("|pg||\n")
    (back,) = lin.loads(text)
    assert back.contract is None and back.result is None and back.tag("LinResult") == entry
    assert back == b and lin.dumps([back]) == text
    assert pbn.dumps(pbn.loads(pbn.dumps([back]))) == pbn.dumps([b])


def test_a_page_break_makes_a_one_entry_rs_a_tag_when_read() -> None:
    (plain,) = lin.loads("pn|a,b,c,d|rs|4SN=|st||md|1SA,,,|ah|Board 1|")
    (paged,) = lin.loads("pn|a,b,c,d|rs|4SN=|st||md|1SA,,,|ah|Board 1|pg||")
    assert (plain.contract, plain.result, plain.tag("LinResult")) == (
        Contract(4, Strain.SPADES, Risk.UNDOUBLED, Seat.NORTH), 10, None)
    assert (paged.contract, paged.result, paged.tag("LinResult")) == (None, None, "4SN=")


def test_a_tag_that_does_not_read_as_a_result_needs_no_page_break() -> None:
    b = Board(number=3, dealer=Seat.SOUTH, tags={"LinResult": "8SN="})
    assert lin.dumps([b]) == "pn|,,,|rs|8SN=|st||md|1,,,|rh||ah|Board 3|\n"
    assert lin.loads(lin.dumps([b])) == [b]


@pytest.mark.parametrize("value", ["3NN=", "4HS="])
def test_a_contract_with_no_auction_and_a_results_list_is_refused(value: str) -> None:
    # one rs| cannot hold both: writing the contract would lose the tag LinRs
    # (a LinResult of another result is the spelling of an edited one: see above)
    b = Board(number=3, dealer=Seat.SOUTH, deal=DEAL, contract=NO_AUCTION_CONTRACT, result=10,
              tags={"LinRs": value})
    with pytest.raises(ParseError, match="^board 3: LIN has one rs\\| for the contract with no auction and tag LinRs"):
        lin.dumps([b])


@pytest.mark.parametrize("entry", ["4HS=", "4hs=", "4HSx=", "4HS+1", "8SN="])
def test_a_contract_with_no_auction_and_a_result_entry(entry: str) -> None:
    # tag LinResult beside a contract with no auction is the spelling of a result: written
    # when it says the board's own (4hs= for 4H by South making 10), the board's own in
    # BBO's spelling when it says another (4HSx=, 4HS+1: the board was edited); BBO's own
    # spelling, or an entry that is no result, would be lost: refused
    b = Board(number=3, dealer=Seat.SOUTH, deal=DEAL, contract=NO_AUCTION_CONTRACT, result=10,
              tags={"LinResult": entry})
    if entry == "4hs=":
        assert "|rs|4hs=|" in lin.dumps([b]) and lin.loads(lin.dumps([b])) == [b]
    elif entry in ("4HSx=", "4HS+1"):
        assert "|rs|4HS=|" in lin.dumps([b])
        assert lin.loads(lin.dumps([b])) == [b.replace(tags={})]
    else:
        with pytest.raises(ParseError, match="^board 3: LIN has one rs\\| for the contract with no auction and tag "
                                             "LinResult; write PBN, YAML or JSON$"):
            lin.dumps([b])


# -- tags LinRs and LinResult a reader would not give back: refused, one line -----------

def test_a_contract_with_no_auction_that_reads_back_otherwise_is_refused() -> None:
    # rs| on a board placed in a match (LinVg's first board, Room) is its entry there, not
    # its contract: the line would read back with no contract and tag LinResult
    b = Board(number=14, dealer=Seat.SOUTH, deal=DEAL, contract=NO_AUCTION_CONTRACT, result=10,
              tags={**MATCH, "Room": "Open"})
    with pytest.raises(ParseError, match=r"^board 14: LIN cannot carry the contract with no auction here: "
                                         r"rs\|4HS=\| on the board reads back as tag LinResult '4HS='; write PBN"):
        lin.dumps([b])
    unplaced = b.replace(tags={**b.tags, "Room": ""})  # no place in the match: its own result
    assert lin.loads(lin.dumps([unplaced])) == [unplaced.replace(tags=MATCH)]
    # a contract rs| cannot spell (a nullo) would read back as tag LinResult too
    nullo = Board(number=3, dealer=Seat.SOUTH, deal=DEAL, contract=Contract(1, Strain.NULLO, Risk.UNDOUBLED, Seat.EAST),
                  result=7)
    with pytest.raises(ParseError, match=r"^board 3: LIN cannot carry the contract with no auction here: "
                                         r"rs\|1NLE=\| on the board reads back as tag LinResult '1NLE='; write PBN"):
        lin.dumps([nullo])


def _refused(bs: list[Board]) -> str:
    with pytest.raises(ParseError) as err:
        lin.dumps(bs)
    assert "\n" not in str(err.value)
    return str(err.value)


def test_a_one_entry_list_no_board_before_holds_goes_on_a_header_line() -> None:
    # a one-entry rs| on a board's line is that board's own result (BBO: one board, one
    # entry): a board that only carries it (tag LinRs) takes it from the board before it
    # that holds it, else from a match header of its own (rs|...|pg|| on a line of its own)
    bare = Board(number=3, dealer=Seat.SOUTH, tags={"LinRs": "4HE="})
    assert lin.dumps([bare]) == "pn|,,,,,,,|rs|4HE=|pg||\npn|,,,|st||md|1,,,|rh||ah|Board 3|\n"
    assert lin.loads(lin.dumps([bare])) == [bare]
    played = lin.loads(SAMPLE)[0]
    played = played.replace(tags={**played.tags, "LinRs": "4HE="})
    assert lin.dumps([played]).startswith("pn|,,,,,,,|rs|4HE=|pg||\npn|sara,wendy,nils,erik|st||")
    # after a board that holds the same entry, it is carried, not written again
    first = Board(number=2, dealer=Seat.EAST, tags={"LinResult": "4HE="})
    assert lin.loads(lin.dumps([first, bare, played])) == [first, bare, played]
    assert "pn|,,,,,,,|" not in lin.dumps([first, bare, played])
    between = [first, Board(number=4, dealer=Seat.WEST), bare, played]
    text = lin.dumps(between)
    assert text.count("\n") == 5 and "\npn|,,,,,,,|rs|4HE=|pg||\n" in text
    assert lin.loads(text) == between
    assert [_key(r) for r in lin.iter_stream([text[i:i + 7] for i in range(0, len(text), 7)])] == between


def test_a_one_entry_list_read_from_a_header_is_written_back() -> None:
    text = ("rs|4HE=|\npn|a,b,c,d|st||md|1SA,,,|ah|Board 1|\n"
            "pn|a,b,c,d|st||md|1SA,,,|ah|Board 2|\npn|a,b,c,d|st||md|1SA,,,|ah|Board 3|\n")
    bs = lin.loads(text)
    assert [b.tag("LinRs") for b in bs] == [None, "4HE=", "4HE="]
    assert lin.loads(lin.dumps(bs)) == bs
    # the board that held it is not written (convert --skip-bad, a selection): a header line
    assert lin.dumps(bs[1:]).startswith("pn|,,,,,,,|rs|4HE=|pg||\npn|a,b,c,d|st||")
    assert lin.loads(lin.dumps(bs[1:])) == bs[1:]
    spelt = lin.loads(text.replace("4HE=", "4he="))  # the first board keeps the spelling
    assert [b.tag("LinResult") or b.tag("LinRs") for b in spelt] == ["4he="] * 3
    assert lin.loads(lin.dumps(spelt)) == spelt


@pytest.mark.parametrize("board", ["pn|a,b,c,d|st||md|1SA,,,|ah|Board 1|",  # the fast path's form
                                   "pn|a,b,c,d|md|1SA,,,|ah|Board 1|", "qx|o1|md|1SA,,,|", "md|1SA,,,|"])
def test_a_match_header_of_its_own_is_no_board(board: str) -> None:
    # vg, rs, pn of 8 players, closed by pg|| (BBO's vugraph files open so), then a line
    # that opens a board: the header holds for the boards after it, the first one too
    for head, tags in [("rs|4HE=|pg||", {"LinRs": "4HE="}), ("pn|,,,,,,,|rs|4HE=|pg||", {"LinRs": "4HE="}),
                       ("vg|Cup,,P,,,,,,|\nrs|4HE=,3NN=|pn|a,b,c,d,e,f,g,h|pg||",
                        {"Event": "Cup", "Scoring": "MP", "LinRs": "4HE=,3NN="})]:
        text = f"{head}\n{board}\n{board}\n"
        bs = lin.loads(text)
        assert len(bs) == 2 and all({k: b.tags[k] for k in tags} == tags for b in bs)
        assert [b.contract for b in bs] == [None, None]
        assert [_key(r) for r in lin.iter_stream([text[i:i + 5] for i in range(0, len(text), 5)])] == bs
    # without its page break, or on the board's line, it is the board's: its own result
    for text in (f"rs|4HE=|\n{board}\n", f"rs|4HE=|pg||{board}\n"):
        (b,) = lin.loads(text)
        assert "LinRs" not in b.tags
    # after a board, a header opens with pn| (as the writer's does), which starts a record
    first, second = lin.loads(f"{board}\npn|,,,,,,,|rs|4HE=|pg||\n{board}\n")
    assert (first.tag("LinRs"), second.tag("LinRs")) == (None, "4HE=")
    # a header at the end of the text, with no board after it, reads as a board, as before
    assert len(lin.loads(f"{board}\npn|,,,,,,,|rs|4HE=|pg||\n")) == 2


#: the tags of a match header as read: vg|Final,Set 1,I,14,15,Home,0,Away,0|
MATCH = {"Event": "Final", "Stage": "Set 1", "Scoring": "IMP", "HomeTeam": "Home", "VisitTeam": "Away",
         "LinVg": "Final,Set 1,I,14,15,Home,0,Away,0"}


def test_a_list_a_reader_would_place_is_refused() -> None:
    # vg| names the first board (14): board 14's open room takes the list's first
    # entry as its own result (LinResult), so the whole list cannot be its LinRs
    tags = {**MATCH, "Room": "Open", "LinRs": "2HSx=,3NN-1"}
    b = Board(number=14, dealer=Seat.EAST, tags=tags)
    assert "reads back as tag LinResult '2HSx='" in _refused([b])
    later = b.replace(number=16)  # past the list: it stays the list
    assert lin.loads(lin.dumps([later])) == [later]


@pytest.mark.parametrize("tags", [
    {"LinRs": "4HE=,3NN=", "LinResult": "4HE="},  # one rs| holds one of them
    {"LinRs": "  "},  # an empty list holds nothing
    {"LinResult": ""},  # an empty entry with no place in a match
])
def test_results_tags_lin_cannot_hold_are_refused(tags: dict[str, str]) -> None:
    msg = _refused([Board(number=3, dealer=Seat.SOUTH, tags=tags)])
    assert msg.startswith("board 3: LIN cannot carry tag ") and msg.endswith("; write PBN, YAML or JSON")


_ENTRY = st.from_regex(r"[1-7][CDHSNcdhsn][NESWnesw](x|X|xx)?(=|[+-][0-9]{1,2})?|P|p|PASS| ?|8SN=|4H,E", fullmatch=True)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["", "LinResult", "LinRs", "both"]),
                          st.lists(_ENTRY, min_size=1, max_size=3).map(",".join),
                          st.booleans(), st.booleans()), min_size=1, max_size=4))
def test_results_tags_are_written_faithfully_or_refused(spec: list[tuple[str, str, bool, bool]]) -> None:
    # hand-built tags, on bare boards or played ones, in or out of a match: LIN gives
    # them back as they were (a comma in LinResult as a space, spaces kept), or the writer refuses
    (played,) = lin.loads(SAMPLE)
    bs = []
    for i, (which, value, play, in_match) in enumerate(spec):
        b = played if play else Board(dealer=Seat.SOUTH)
        tags = dict(b.tags)
        if in_match:
            tags.update(MATCH, Room="Closed" if i % 2 else "Open")
        if which in ("LinResult", "both"):
            tags["LinResult"] = value.split(",")[0] if which == "both" else value.replace(",", " ")
        if which in ("LinRs", "both"):
            tags["LinRs"] = value
        bs.append(b.replace(number=14 + i // 2, tags=tags))
    try:
        text = lin.dumps(bs)
    except ParseError as e:
        assert "LIN cannot carry tag Lin" in str(e) and "\n" not in str(e)
        return
    back = lin.loads(text)
    assert back == [b.replace(tags={k: v.replace(",", " ") if k == "LinResult" else v for k, v in b.tags.items()})
                    for b in bs]


@pytest.mark.parametrize("first", ["\u00b2", "1" * 5000, "+14"])
def test_a_first_board_that_is_no_ascii_number_places_nothing(first: str) -> None:
    # str.isdigit takes '²' (int() does not); a number past the bound: no place in the match
    text = f"vg|Cup,,I,{first},15,A,0,B,0|\nrs|4HE=,3NN=|\nqx|o14|md|1SA,,,|\n"
    (b,) = lin.loads(text)
    assert (b.tag("LinRs"), b.tag("LinResult")) == ("4HE=,3NN=", None)
    assert lin.loads(lin.dumps([b])) == [b]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([None, "LinResult", "LinRs"]), _ENTRY, st.sampled_from([None, 8, 10, 11]),
                          st.booleans(), st.sampled_from([None, "Open", "Closed"])), min_size=1, max_size=4))
def test_a_contract_with_no_auction_is_written_faithfully_or_refused(
        spec: list[tuple[str | None, str, int | None, bool, str | None]]) -> None:
    # a contract with no auction and a results tag, in a match or not: LIN gives the boards
    # back, a LinResult that says another result than the board's dropped (the spelling of
    # an edited result) and a comma in it as a space, or the writer refuses
    from bridgecli.formats.lin.common import rs_outcome as _rs_outcome

    bs = []
    for i, (tag, entry, result, in_match, room) in enumerate(spec):
        tags = dict(MATCH) if in_match else {}
        if room is not None:
            tags["Room"] = room
        if tag is not None:
            tags[tag] = entry
        bs.append(Board(number=14 + i // 2, dealer=Seat.SOUTH, deal=DEAL, contract=NO_AUCTION_CONTRACT, result=result,
                        tags=tags))
    try:
        text = lin.dumps(bs)
    except ParseError as e:
        assert str(e).startswith("board 1") and "; write PBN, YAML or JSON" in str(e) and "\n" not in str(e)
        return

    def kept(b: Board) -> Board:
        entry = b.tags.get("LinResult")
        if entry is None:
            return b
        tags = {**b.tags, "LinResult": entry.replace(",", " ")}
        if _rs_outcome(tags["LinResult"]) not in (None, (b.contract, b.result)):
            del tags["LinResult"]
        return b.replace(tags=tags)

    assert lin.loads(text) == [kept(b) for b in bs]
    assert lin.dumps(lin.loads(text)) == text


@pytest.mark.parametrize("again", ["2HSx=,3NN-1,1NN=,4SE+1", "2HSx=,3NN-1,,", "2HSx=,3NN-1"])
def test_a_results_list_sent_again_warns_of_nothing(again: str) -> None:
    # the list again mid-file, the same or with entries still to come: every board read
    # keeps its own, so nothing is lost (the boards before it kept theirs of the old one)
    import warnings

    text = (f"vg|Final,Set 1,I,14,15,Home,0,Away,0|\nrs|{again}|\npn|a,b,c,d,e,f,g,h|pg||\n"
            f"qx|o14|{_MATCH_DEAL}pg||\nqx|c14|{_MATCH_DEAL}pg||\nrs|2HSx=,3NN-1,1NN=,4SE+1|\n"
            f"qx|o15|{_MATCH_DEAL}pg||\nqx|c15|{_MATCH_DEAL}pg||\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        bs = lin.loads(text)
        assert [_key(r) for r in lin.iter_stream([text[i:i + 9] for i in range(0, len(text), 9)])] == bs
    assert [b.tag("LinResult") for b in bs] == ["2HSx=", "3NN-1", "1NN=", "4SE+1"]
    with warnings.catch_warnings(record=True) as seen:  # another list: warned about, as before
        warnings.simplefilter("always")
        lin.loads(text.replace("rs|2HSx=,3NN-1,1NN=,4SE+1|\nqx|o15", "rs|2HSx=,3NN-2,1NN=,4SE+1|\nqx|o15"))
    assert str(seen[0].message).startswith("-:2: rs holds results of boards not read")


# -- later segments of a vugraph file; boards with no deal ----------------------------

_HAND3 = "md|3SAKQH432D432CA432,SJ98H8765DK8765C8,S765HAKQDAQ9CK765,|sv|o|"
#: two segments of one match, each opening with its own header (vg, rs, pn of 8, pg), as
#: BBO's vugraph files of a segment each do: the first holds boards 1-2, the second 3-4
TWO_SEGMENTS = (
    "vg|Cup final,Segment 1 of 2,I,1,2,Lions,0,Tigers,0|\n"
    "rs|3NN=,3NN-1,4SE+1,4SE=|\n"
    "pn|Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal|pg||\n"
    f"qx|o1|st||{_HAND3}mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||mc|9|pg||\n"
    f"qx|c1|st||{_HAND3}mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||mc|8|pg||\n"
    "vg|Cup final,Segment 2 of 2,I,3,4,Lions,12,Tigers,3|\n"
    "rs|2HS=,2HS+1,1NE-1,1NE-2|\n"
    "pn|Ivy,Jon,Kim,Leo,Max,Ned,Oli,Pam|pg||\n"
    f"qx|o3|st||{_HAND3}mb|p|mb|p|mb|p|mb|p|pg||\n"
    f"qx|c3|st||{_HAND3}mb|p|mb|p|mb|p|mb|p|pg||\n"
)


def _segment_view(b: Board) -> tuple[object, ...]:
    return (b.number, b.tag("Room"), b.tag("Stage"), b.tag("VisitTeam"), b.tag("South"), b.tag("East"),
            b.tag("LinResult"), b.tag("LinRs"), b.tag("LinVg"))


def test_a_later_match_header_starts_a_new_segment() -> None:
    # the second header (vg after a board) holds for the boards after it; the board before
    # it keeps the first segment's header, players and entry of the first rs| list
    import warnings

    vg1, vg2 = "Cup final,Segment 1 of 2,I,1,2,Lions,0,Tigers,0", "Cup final,Segment 2 of 2,I,3,4,Lions,12,Tigers,3"
    want = [
        (1, "Open", "Segment 1 of 2", "Tigers", "Ann", "Dan", "3NN=", None, vg1),
        (1, "Closed", "Segment 1 of 2", "Tigers", "Eve", "Hal", "3NN-1", None, vg1),
        (3, "Open", "Segment 2 of 2", "Tigers", "Ivy", "Leo", "2HS=", None, vg2),
        (3, "Closed", "Segment 2 of 2", "Tigers", "Max", "Pam", "2HS+1", None, vg2),
    ]
    text = TWO_SEGMENTS
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        bs = lin.loads(text, "m.lin")
        pieces = [_key(r) for r in lin.iter_stream([text[i:i + 7] for i in range(0, len(text), 7)], "m.lin")]
    assert [_segment_view(b) for b in bs] == want and pieces == bs
    assert [b.result for b in bs] == [9, 8, None, None]
    # each list warns of its own boards not read (board 2 of the first, board 4 of the second), once
    messages = [str(w.message) for w in seen if issubclass(w.category, ReadWarning)]
    said = "rs holds results of boards not read, not kept (each board keeps its own)"
    assert messages == [f"m.lin:2: {said}: board 2 open '4SE+1', board 2 closed '4SE='",
                        f"m.lin:7: {said}: board 4 open '1NE-1', board 4 closed '1NE-2'"] * 2
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert lin.loads(lin.dumps(bs)) == bs


def test_a_later_header_in_the_one_line_form_and_without_players_or_results() -> None:
    # boards in the writer's one-line form (the fast path) around a later header; a header
    # of its own holds alone: no players or results list of the segment before carry over
    board = "pn|a,b,c,d|st||md|1SA,,,|rh||ah|Board {}|sv|o|mb|p|mb|p|mb|p|mb|p|pg||\n"
    text = ("vg|Cup,Set 1,I,1,1,Home,0,Away,0|rs|P,P|pn|a1,b1,c1,d1,e1,f1,g1,h1|pg||\n"
            + "pn|a1,b1,c1,d1|qx|o1|st||md|1SA,,,|rh||ah|Board 1|sv|o|mb|p|mb|p|mb|p|mb|p|pg||\n"
            + board.format(7) + "vg|Cup,Set 2,I,8,8,Home,5,Away,0|pg||\n"
            + board.format(8).replace("pn|a,b,c,d|", "pn|,,,|"))
    bs = lin.loads(text)
    assert [(b.number, b.tag("Stage"), b.tag("South"), b.tag("LinResult"), b.tag("LinRs")) for b in bs] == [
        (1, "Set 1", "a1", "P", None), (7, "Set 1", "a", None, "P,P"), (8, "Set 2", None, None, None)]
    assert [_key(r) for r in lin.iter_stream([text[i:i + 11] for i in range(0, len(text), 11)])] == bs


@pytest.mark.parametrize("no_deal", [
    Board(number=3),  # nothing known but the number
    Board(number=2, dealer=Seat.EAST, vulnerability=Vulnerability.NS),
    Board(),
    Board(number=5, dealer=Seat.NORTH, auction=tuple(AnnotatedCall(c) for c in (Bid(1, Strain.NOTRUMP), PASS, PASS, PASS)),
          contract=Contract(1, Strain.NOTRUMP, Risk.UNDOUBLED, Seat.NORTH), result=8),
])
def test_a_board_with_no_deal_round_trips(no_deal: Board) -> None:
    # md| with no card known (four empty hands after the dealer digit, if any) keeps the
    # board apart from the next one, whose pn| would else be read as this board's
    (full,) = lin.loads(SAMPLE)
    for bs in ([no_deal, full], [full, no_deal, no_deal], [no_deal]):
        text = lin.dumps(bs)
        assert len(text.splitlines()) == len(bs)
        assert lin.loads(text) == bs
    digit = "" if no_deal.dealer is None else str(lin.LIN_SEATS.index(no_deal.dealer) + 1)
    assert f"|st||md|{digit},,,|rh||" in lin.dumps([no_deal])


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(lin_boards(), st.sampled_from(["deal", "no deal", "number only"])), min_size=1, max_size=4))
def test_boards_with_and_without_deal_round_trip(spec: list[tuple[Board, str]]) -> None:
    bare = {"dealer": None, "vulnerability": None, "auction": None, "auction_notes": {}, "contract": None,
            "result": None, "play": None, "play_leader": None, "play_end": ""}
    bs = [b if kind == "deal" else b.replace(deal=None) if kind == "no deal" else b.replace(deal=None, **bare)
          for b, kind in spec]
    assert lin.loads(lin.dumps(bs)) == bs
