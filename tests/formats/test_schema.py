"""The board schema shared by YAML and JSON: Board <-> plain data."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given, settings

from bridgecli.core import (
    DOUBLE,
    PASS,
    AnnotatedCall,
    Bid,
    Board,
    Card,
    Contract,
    Deal,
    InvalidDealError,
    ParseError,
    PlayedCard,
    Risk,
    Seat,
    Section,
    Strain,
    Vulnerability,
)
from bridgecli.formats import schema
from bridgecli.formats.schema import SchemaError, from_dict, to_dict

from .strategies import boards

DEAL = "N:AKQ2.T98.-.AJ5432 J543.AK32.QJ2.KQ T9.QJ7654.A5.T98 876.-.KT987643.76"


def example_board() -> Board:
    return Board(
        number=7,
        dealer=Seat.SOUTH,
        vulnerability=Vulnerability.ALL,
        deal=Deal.from_pbn(DEAL),
        auction=(
            AnnotatedCall(Bid(1, Strain.NOTRUMP), alert=True, note=1),
            AnnotatedCall(DOUBLE, alert=True),
            AnnotatedCall(PASS, nags=(3,)),
        ),
        auction_end="+",
        auction_notes={1: "15-17"},
        contract=Contract(4, Strain.SPADES, Risk.DOUBLED, Seat.SOUTH),
        result=9,
        play_leader=Seat.WEST,
        play=((PlayedCard(Card.from_str("D3")), PlayedCard(None), PlayedCard(Card.from_str("DA"), note=1)),),
        play_end="*",
        play_notes={1: "a fine card"},
        tags={"Event": "Club \"pairs\"", "West": "Zoë"},
        sections=(Section("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R", ("N NT 9",)),),
        variant="pirate",
        extra={"talon": ["SA", "HK"]},
        auction_from=Seat.WEST,
        comments=(("", "%Creator: by hand"), ("Auction", "{a sound double}")),
    )


def test_to_dict_canonical_form() -> None:
    assert to_dict(example_board()) == {
        "board": 7,
        "dealer": "S",
        "vulnerable": "All",
        "deal": {
            "N": "AKQ2.T98..AJ5432",
            "E": "J543.AK32.QJ2.KQ",
            "S": "T9.QJ7654.A5.T98",
            "W": "876..KT987643.76",
        },
        "auction_from": "W",
        "auction": [{"call": "1NT", "alert": True, "note": 1}, "X!", {"call": "Pass", "nags": [3]}],
        "auction_end": "+",
        "auction_notes": {1: "15-17"},
        "contract": "4SX",
        "declarer": "S",
        "result": 9,
        "play_leader": "W",
        "play": [["D3", None, {"card": "DA", "note": 1}]],
        "play_end": "*",
        "play_notes": {1: "a fine card"},
        "tags": {"Event": "Club \"pairs\"", "West": "Zoë"},
        "sections": [{"name": "OptimumResultTable", "header": "Declarer;Denomination\\2R;Result\\2R", "rows": ["N NT 9"]}],
        "comments": [{"after": "", "text": "%Creator: by hand"}, {"after": "Auction", "text": "{a sound double}"}],
        "variant": "pirate",
        "extra": {"talon": ["SA", "HK"]},
    }


def solved_example_board() -> Board:
    """The example board with solve's findings (the dd, par and leads fields) as PBN keeps them."""
    from bridgecli.core.ddtable import DDTable

    b = example_board()
    table = DDTable.from_pbn("65a8965a891824018240")
    return b.replace(tags={**b.tags, "DoubleDummyTricks": table.to_pbn(), "OptimumScore": "EW 110",
                           "ParContract": "EW 2H=", "OpeningLeads": "2H E: SA 5, HJ 4; 2H W: S6 5",
                           "DoubleDummyPosition": "4SX S after 3 cards: 0 won, 9 in all"},
                     sections=(Section("ScoreTable", "Score\\4R", ("100",)), table.optimum_result_table()))


def test_key_order_is_the_documented_one() -> None:
    assert list(to_dict(solved_example_board())) == [k for k in schema.KEYS]


def test_solver_findings_are_fields_and_come_back_as_their_tags() -> None:
    b = solved_example_board()
    d = to_dict(b)
    assert d["dd"]["N"] == {"NT": 6, "S": 5, "H": 10, "D": 8, "C": 9}  # N's row of 65a89 (base 14)
    assert d["par"] == {"score": -110, "contract": "EW 2H="}  # North-South's view of EW 110
    assert d["leads"] == [{"contract": "2H", "declarer": "E", "leader": "S", "tricks": {"SA": 5, "HJ": 4}},
                          {"contract": "2H", "declarer": "W", "leader": "N", "tricks": {"S6": 5}}]
    assert d["position"] == {"contract": "4SX", "declarer": "S", "cards_played": 3, "declarer_tricks": 0,
                             "dd_tricks": 9}
    assert set(d["tags"]) == {"Event", "West"} and [s["name"] for s in d["sections"]] == ["ScoreTable"]
    assert from_dict(d) == b


def test_findings_not_in_solve_form_stay_tags() -> None:
    b = example_board().replace(tags={"DoubleDummyTricks": "65a8965a891824018240", "OptimumScore": "NS +300",
                                      "ParContract": "EW 4SX-2", "OpeningLeads": "anything"})
    d = to_dict(b)  # the example's OptimumResultTable section is not this table: both stay as read
    assert "dd" not in d and "par" not in d and "leads" not in d and d["tags"] == dict(b.tags)
    assert from_dict(d) == b


@pytest.mark.parametrize(("data", "message"), [
    ({"dd": {"N": {"NT": 6}}}, "dd.N: no tricks for S, H, D, C"),
    ({"dd": {"N": {"NT": 14, "S": 0, "H": 0, "D": 0, "C": 0}}}, "dd.N.NT: expected tricks from 0 to 13"),
    ({"par": {"score": "300"}}, "par.score: expected North-South's par score"),
    ({"par": {"score": 300, "contract": "EW 4SX-2", "results": {}}}, "par.results: unknown key"),
    ({"leads": [{"contract": "4S", "declarer": "E", "leader": "N", "tricks": {"SA": 5}}]}, "the leader against E is S"),
    ({"par": {"score": 0, "contract": "NS Pass"}, "tags": {"OptimumScore": "NS 0"}}, "given twice"),
])
def test_bad_findings_are_schema_errors(data: dict, message: str) -> None:
    with pytest.raises(SchemaError) as exc:
        from_dict(data)
    assert message in str(exc.value)


def test_round_trip_example() -> None:
    b = example_board()
    assert from_dict(to_dict(b)) == b


def test_empty_board_is_empty_mapping() -> None:
    assert to_dict(Board()) == {}
    assert from_dict({}) == Board()


def test_absent_and_empty_auction_differ() -> None:
    assert "auction" not in to_dict(Board())
    assert to_dict(Board(auction=()))["auction"] == []
    assert from_dict({"auction": []}).auction == ()
    assert from_dict({"auction": None}).auction is None


def test_unknown_hands_are_null_and_dash() -> None:
    d = from_dict({"deal": {"N": "AKQ.JT9.876.5432", "E": None, "south": "-"}})
    assert d.deal is not None
    assert d.deal[Seat.NORTH] is not None and len(d.deal[Seat.NORTH]) == 13  # type: ignore[arg-type]
    assert d.deal[Seat.EAST] is None and d.deal[Seat.SOUTH] is None and d.deal[Seat.WEST] is None


def test_deal_as_pbn_string() -> None:
    assert from_dict({"deal": DEAL}).deal == Deal.from_pbn(DEAL)


def test_auction_rows_are_flattened_and_strings_parsed() -> None:
    b = from_dict({"auction": [["1nt", "p", "2♣!"], ["Dbl", {"call": "XX!", "note": 2}]]})
    assert b.calls == [Bid(1, Strain.NOTRUMP), PASS, Bid(2, Strain.CLUBS), DOUBLE, from_dict({"auction": ["XX"]}).calls[0]]
    assert b.auction is not None
    assert b.auction[2].alert and b.auction[4].alert and b.auction[4].note == 2


def test_note_keys_may_be_strings_as_in_json() -> None:
    assert from_dict({"auction_notes": {"1": "x", "12": "y"}}).auction_notes == {1: "x", 12: "y"}


def test_tag_values_numbers_and_dates_become_text() -> None:
    b = from_dict({"tags": {"Round": 3, "Date": datetime.date(2024, 3, 1)}})
    assert b.tags == {"Round": "3", "Date": "2024-03-01"}


def test_play_dash_and_null_are_unknown() -> None:
    b = from_dict({"play": [["SA", "-", None, {"card": "-", "nags": [7]}]]})
    assert b.play == ((PlayedCard(Card.from_str("SA")), PlayedCard(None), PlayedCard(None), PlayedCard(None, nags=(7,))),)


def test_contract_with_declarer_in_text() -> None:
    assert from_dict({"contract": "3NT by W"}).contract == Contract(3, Strain.NOTRUMP, Risk.UNDOUBLED, Seat.WEST)
    assert from_dict({"contract": "Pass"}).contract == Contract.passed_out()


@pytest.mark.parametrize(
    ("data", "path", "fragment"),
    [
        ({"deal": {"N": "AKQ.JT9.876.5432X"}}, ("deal", "N"), "not a rank"),
        ({"deal": {"N": "AKQJT98765432.A.."}}, ("deal", "N"), "14"),
        ({"deal": {"N": "A...", "S": "A..."}}, ("deal",), "'SA' is in both"),
        ({"deal": {"Q": "A..."}}, ("deal", "Q"), "not a seat"),
        ({"dealer": "Z"}, ("dealer",), "not a seat"),
        ({"auction": ["1C", "8H"]}, ("auction", 1), "not a call"),
        ({"auction": "1C 1H"}, ("auction",), "expected a list of calls"),
        ({"auction": [{"alert": True}]}, ("auction", 0), "'call'"),
        ({"board": "three"}, ("board",), "expected an integer"),
        ({"board": True}, ("board",), "expected an integer"),
        ({"board": 0}, ("board",), "at least 1"),
        ({"vulnerable": "some"}, ("vulnerable",), "not a vulnerability"),
        ({"result": -1}, ("result",), "at least 0"),
        ({"play": [["SA", "ZZ"]]}, ("play", 0, 1), "not a card"),
        ({"play": ["SA"]}, ("play", 0), "a trick"),
        ({"tags": {"Event": ["x"]}}, ("tags", "Event"), "expected a string"),
        ({"auction_notes": {"one": "x"}}, ("auction_notes", "one"), "note number"),
        ({"contract": "8S"}, ("contract",), "not a contract"),
        ({"declarer": "S"}, ("declarer",), "without a contract"),
        ({"auction_end": "x"}, ("auction_end",), "'*'"),
        ({"colour": "red"}, ("colour",), "unknown key"),
    ],
)
def test_errors_name_the_path(data: dict, path: tuple, fragment: str) -> None:  # type: ignore[type-arg]
    with pytest.raises((SchemaError, InvalidDealError)) as info:
        from_dict(data)
    assert info.value.path == path
    assert fragment in str(info.value)
    assert schema.path_str(path) in str(info.value)


def test_a_card_twice_is_a_rule_error_not_a_parse_error() -> None:
    with pytest.raises(InvalidDealError):
        from_dict({"deal": {"N": "A...", "S": "A..."}})


def test_not_a_mapping() -> None:
    with pytest.raises(ParseError, match="expected a board mapping"):
        from_dict(["board", 1])


@settings(max_examples=100, deadline=None)
@given(boards())
def test_round_trip_any_board(board: Board) -> None:
    back = from_dict(to_dict(board))
    assert back == board
    assert list(back.tags) == list(board.tags)


def test_extra_becomes_plain_data() -> None:
    b = Board(extra={"seats": (Seat.NORTH, Seat.SOUTH), "set": frozenset({2, 1}), "obj": Card.from_str("SA")})
    assert to_dict(b)["extra"] == {"seats": [0, 2], "set": [1, 2], "obj": "SA"}


@pytest.mark.parametrize("auction, calls", [
    (["1NT", "pas", "3NT", "pasy"], ["1NT", "Pass", "3NT", "Pass", "Pass", "Pass"]),   # Polish: pasy
    (["1NT", "Pass", "3NT", "Mind  passz"], ["1NT", "Pass", "3NT", "Pass", "Pass", "Pass"]),
    (["1NT", "X", "All Pass"], ["1NT", "X", "Pass", "Pass", "Pass"]),
    ([["1NT", "X", "AP"]], ["1NT", "X", "Pass", "Pass", "Pass"]),                      # PBN's AP, in rows
    (["P", "P", "AP"], ["Pass"] * 4),                                                  # nothing bid: four passes
    (["1C", "P", "P", "PASY"], ["1C", "Pass", "Pass", "Pass"]),
])
def test_all_pass_words_close_the_auction(auction, calls) -> None:
    board = from_dict({"board": 1, "dealer": "N", "auction": auction})
    assert [str(c.call) for c in board.auction] == calls


def test_vul_key_is_read_as_vulnerable() -> None:
    assert from_dict({"board": 2, "vul": "NS"}).vulnerability == Vulnerability.NS
    assert from_dict({"board": 2, "vul": "NS", "vulnerable": "NS"}).vulnerability == Vulnerability.NS
    assert from_dict({"board": 2, "vul": None, "vulnerable": "EW"}).vulnerability == Vulnerability.EW
    with pytest.raises(SchemaError, match="'vul' and 'vulnerable' differ"):
        from_dict({"board": 2, "vul": "NS", "vulnerable": "EW"})
    assert "vul" not in to_dict(from_dict({"board": 2, "vul": "NS"}))
