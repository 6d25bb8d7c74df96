"""The PBN reader builds a deal or play in the export style on first use
(:class:`~bridgecli.formats.pbn.LazyBoard`): the board is the same as one built at
once, the writers copy the text read, and every error is still found, at its line,
as the game is read."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from bridgecli.core.board import AnnotatedCall, Board, PlayedCard
from bridgecli.core.calls import PASS, Bid
from bridgecli.core.cards import Card, Seat, Strain
from bridgecli.core.deal import Deal
from bridgecli.core.errors import BridgeError, InvalidDealError, ParseError
from bridgecli.formats import json_format, pbn
from bridgecli.formats.pbn import export, lazy

pytestmark = pytest.mark.usefixtures("fast_lanes_on")  # (LazyBoard: the parts the reader's lanes keep as text, in both passes)

DEAL = "E:AJT96.K.Q432.Q65 74.T72.KJ97.AT42 KQ52.AQ9543.AT.7 83.J86.865.KJ983"
GAME = f"""[Event "Club"]
[Site "?"]
[Date "2026.11.26"]
[Board "2"]
[West "W"]
[North "N"]
[East "E"]
[South "S"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "{DEAL}"]
[Scoring "MP"]
[Declarer "E"]
[Contract "4S"]
[Result "11"]
[Room "Open"]
[Auction "E"]
1S Pass 4S Pass
Pass Pass
[Play "S"]
CA C7 C3 C5
D7 DA D5 D2
H2
"""


def _slot(board: Board, name: str) -> object:
    return Board.__dict__[name].__get__(board)  # the stored value, without building it


def test_deal_and_play_wait_until_asked_and_are_then_what_they_say() -> None:
    (b,) = pbn.loads(GAME)
    assert isinstance(b, pbn.LazyBoard)
    assert _slot(b, "deal") is not None and not isinstance(_slot(b, "deal"), Deal)
    # the deal: East holds AJT96.K.Q432.Q65, South the next hand, and so on clockwise
    assert b.deal == Deal.from_pbn(DEAL)
    assert isinstance(_slot(b, "deal"), Deal)
    assert b.play_leader == Seat.SOUTH and b.play_end == ""
    c = Card.from_str
    assert b.play == ((PlayedCard(c("CA")), PlayedCard(c("C7")), PlayedCard(c("C3")), PlayedCard(c("C5"))),
                      (PlayedCard(c("D7")), PlayedCard(c("DA")), PlayedCard(c("D5")), PlayedCard(c("D2"))),
                      (PlayedCard(c("H2")),))


def test_a_lazy_board_equals_prints_and_pickles_as_a_board() -> None:
    (b,) = pbn.loads(GAME)
    built = Board(**{f.name: getattr(b, f.name) for f in dataclasses.fields(Board)})
    (fresh,) = pbn.loads(GAME)
    assert fresh == built and built == fresh
    assert repr(fresh).startswith("<Board number=2 ")
    assert repr(fresh) == repr(built)
    (waiting,) = pbn.loads(GAME)
    back = pickle.loads(pickle.dumps(waiting))  # the parts not built travel as text
    assert pbn.play_text(back) == "CA C7 C3 C5\nD7 DA D5 D2\nH2\n" and back == built
    back = pickle.loads(pickle.dumps(fresh))  # built, and still the text the writer copies
    assert type(back) is pbn.LazyBoard and back == built
    assert pbn.board_text(back) == pbn.board_text(built) == GAME and lazy.copy_text(back) == GAME
    (odd,) = pbn.loads(GAME.replace('[Room "Open"]', '[Room "Open"]\n[Annotator "A"]'))  # not the writer's order
    assert odd.deal is not None and odd.auction is not None and odd.play is not None
    back = pickle.loads(pickle.dumps(odd))  # built, and no copy to keep: a plain Board
    assert type(back) is Board and back == odd and pbn.board_text(back) == pbn.board_text(odd)
    assert dataclasses.replace(fresh, result=10) == dataclasses.replace(built, result=10)


def test_writers_copy_the_text_read_and_write_what_a_built_board_gives() -> None:
    (lazy,) = pbn.loads(GAME)
    assert pbn.deal_text(lazy, Seat.NORTH) == "N:83.J86.865.KJ983 " + DEAL[2:].rsplit(" ", 1)[0]
    assert pbn.play_text(lazy) == "CA C7 C3 C5\nD7 DA D5 D2\nH2\n"
    text, js = pbn.dumps([lazy]), json_format.dumps([lazy])
    (built,) = pbn.loads(GAME)
    built.deal, built.play  # noqa: B018  (builds both)
    assert pbn.deal_text(built, Seat.NORTH) is None and pbn.play_text(built) is None
    assert pbn.dumps([built]) == text and json_format.dumps([built]) == js
    assert '[Deal "E:AJT96' in text and "\nCA C7 C3 C5\nD7 DA D5 D2\nH2\n" in text
    assert '"deal": {"N": "83.J86.865.KJ983", "E": "AJT96.K.Q432.Q65"' in js


def test_a_claim_mark_after_the_play_stays_lazy_and_is_kept() -> None:
    (b,) = pbn.loads(GAME + "*\n")
    assert b.play_end == "*" and pbn.play_text(b) == "CA C7 C3 C5\nD7 DA D5 D2\nH2\n"
    assert pbn.dumps([b]).endswith("H2\n*\n")
    assert len(b.play or ()) == 3


@pytest.mark.parametrize(("deal", "words"), [
    ("E:AJT96.K.Q432.Q65 74.T72.KJ97.AT42 KQ52.AQ9543.AT.7 A3.J86.865.KJ983", "SA"),  # a card twice
    ("E:AJT96.K.Q432.Q65 74.T72.KJ97.AT42 KQ52.AQ9543.AT.7 83.J86.865.KJ983Q", "north holds 14 cards"),
])
def test_a_bad_deal_is_an_error_at_its_line_when_read(deal: str, words: str) -> None:
    text = "[Event \"x\"]\n\n" + GAME.replace(DEAL, deal)
    first, rec = pbn.iter_records(text, "t.pbn")
    assert isinstance(first, Board)
    assert isinstance(rec, (ParseError, InvalidDealError)), rec
    assert rec.source == "t.pbn" and rec.line == 13  # the Deal tag: line 11 of the game, which starts on 3
    assert words in str(rec)


def test_a_bad_card_in_the_play_is_an_error_at_its_line_when_read() -> None:
    text = "[Event \"x\"]\n\n" + GAME.replace("D7 DA D5 D2", "D7 DA D5 D1")
    recs = list(pbn.iter_records(text, "t.pbn"))
    assert isinstance(recs[1], BridgeError) and recs[1].line == 24 and "D1" in str(recs[1])


def _masks(deal: Deal) -> tuple[int, ...]:
    """Each hand (N, E, S, W) as a 52-bit mask, bit 13 * suit + rank - 2 (clubs 0 .. spades 3)."""
    return tuple(sum(1 << (13 * c.suit + c.rank - 2) for c in deal[seat]) for seat in Seat)


def test_the_auction_waits_until_asked_and_is_then_what_it_says() -> None:
    (b,) = pbn.loads(GAME)
    assert _slot(b, "auction") is lazy.PENDING and b.auction_end == "" and b.auction_from is None
    one, four = Bid(1, Strain.SPADES), Bid(4, Strain.SPADES)
    assert b.auction == tuple(AnnotatedCall(c) for c in (one, PASS, four, PASS, PASS, PASS))
    assert isinstance(_slot(b, "auction"), tuple)
    # calls with notes and alerts in the writer's form wait too; the end mark is read at once
    rows = "1S =1= Pass 4S $1 Pass\nPass Pass\n*\n"
    (b,) = pbn.loads(GAME.replace("1S Pass 4S Pass\nPass Pass\n", rows + '[Note "1:five spades"]\n'))
    assert _slot(b, "auction") is lazy.PENDING and b.auction_end == "*"
    assert b.auction == (AnnotatedCall(one, note=1), AnnotatedCall(PASS), AnnotatedCall(four, alert=True),
                         AnnotatedCall(PASS), AnnotatedCall(PASS), AnnotatedCall(PASS))
    assert b.auction_notes == {1: "five spades"}
    back = pickle.loads(pickle.dumps(pbn.loads(GAME)[0]))  # travels as its text
    assert _slot(back, "auction") is lazy.PENDING and back.auction == pbn.loads(GAME)[0].auction


def test_an_auction_that_does_not_start_with_the_dealer_is_an_error_at_its_line_when_read() -> None:
    text = "[Event \"x\"]\n\n" + GAME.replace('[Auction "E"]', '[Auction "N"]')
    recs = list(pbn.iter_records(text, "t.pbn"))
    assert isinstance(recs[1], ParseError) and recs[1].line == 19  # the Auction tag: line 17 of the game
    assert "the auction starts with N but the dealer is E" in str(recs[1])


def test_the_hands_found_when_the_deal_is_checked_are_kept_for_the_replay() -> None:
    (b,) = pbn.loads(GAME)
    expected = _masks(Deal.from_pbn(DEAL))
    assert b.source_hands == expected[1:] + expected[:1]  # from the Deal value's first seat, East
    assert pbn.deal_masks(b) == expected
    back = pickle.loads(pickle.dumps(b))  # (not pickled: worked out again)
    assert not hasattr(back, "source_hands") and pbn.deal_masks(back) == expected


def test_a_board_keeps_only_what_decides_the_copy_and_pickles_without_deciding() -> None:
    (b,) = pbn.loads(GAME)
    keys = b.game_keys
    assert keys is not None and sum(len(k) for k in keys if isinstance(k, str)) < 40  # no holdings, no rows
    back = pickle.loads(pickle.dumps(b))
    assert b.game_keys is keys and back.game_keys == keys  # not checked yet, on either side
    assert pbn.board_text(back) == GAME and back.game_keys is None
    (odd,) = pbn.loads(GAME.replace('[Room "Open"]', '[Room "Open"]\n[Annotator "A"]'))
    back = pickle.loads(pickle.dumps(odd))
    assert pbn.board_text(back) == pbn.board_text(odd) != GAME and back.game_source is None


def test_a_later_hash_takes_the_latest_value_of_each_tag_from_games_read_the_export_way() -> None:
    # the export games' values are kept for "#" only when asked for: a tag that the game
    # before the latest one had (Room; the latest has another), and one the latest one
    # gives (Site), both reach it
    second = GAME.replace('[Site "?"]', '[Site "Hall"]').replace('[Room "Open"]\n', '[Annotator "A"]\n')
    assert export.export_groups(second) is not None
    third = GAME.replace('[Site "?"]', '[Site "#"]').replace('[Room "Open"]', '[Room "#"]')
    unplayed = GAME[:GAME.index("[Play ")].replace('[Site "?"]', '[Site "Hall"]')
    for two_games in (second, second + "\n" + unplayed):
        first, *middle, three = pbn.loads(GAME + "\n" + two_games + "\n" + third)
        assert "Room" not in middle[0].tags and middle[-1].tags["Site"] == "Hall"
        assert three.tags["Room"] == "Open" and three.tags["Site"] == "Hall"
        assert three == dataclasses.replace(first, tags={**first.tags, "Site": "Hall"})
