"""The JSON writer writes the parts of a board read from PBN that are still the text
read (:func:`bridgecli.formats.pbn.lazy_texts`: the deal, the auction rows, the play
rows) from that text; the line is what ``json.dumps(schema.to_dict(board))`` gives,
and a part once built (or set) is written from the built part instead."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core.board import Board
from bridgecli.formats import json_format, pbn, schema

pytestmark = pytest.mark.usefixtures("fast_lanes_on")  # (the JSON of the parts still text: a lane, in both passes)

HANDS = ("AJT96.K.Q432.Q65", "74.T72.KJ97.AT42", "KQ52.AQ9543.AT.7", "83.J86.865.KJ983")  # from East

# auction rows in the writer's form, each with the notes its calls name
AUCTIONS = {
    "plain": ("Pass Pass 1H Pass\n4H Pass Pass Pass\n", ""),
    "annotated": ("1NT =1= $1 2H X $3 XX\nPass Pass 3C =2= Pass\nPass Pass\n",
                  '[Note "1:15-17"]\n[Note "2:natural, \u2028 ś"]\n'),
    "alert only": ("1S $1 Pass 2S $5 Pass\nPass Pass\n", ""),
    "end mark *": ("1C Pass\n*\n", ""),
    "end mark +": ("1C =1= Pass\n+\n", '[Note "1:short"]\n'),
    "end mark alone": ("*\n", ""),
    "none": (None, ""),
}
PLAYS = {
    "tricks": "CA C7 C3 C5\nD7 DA D5 D2\nH2 H3\n",
    "end mark": "CA C7 C3 C5\n*\n",
    "end mark alone": "*\n",
    "none": None,
}


def game(first: int, auction: str, play: str, dealer: str = "E") -> str:
    """A game in the export style: the deal from seat ``first`` (0 North), the auction
    rows ``AUCTIONS[auction]``, the play rows ``PLAYS[play]``."""
    from_east = (first - 1) % 4
    deal = f"{'NESW'[first]}:{' '.join(HANDS[from_east:] + HANDS[:from_east])}"
    text = (f'[Event "Club"]\n[Site "Kraków"]\n[Date "2026.11.26"]\n[Board "2"]\n[West "Wiśniewska, Ewa"]\n'
            f'[North "N"]\n[East "E"]\n[South "S"]\n[Dealer "{dealer}"]\n[Vulnerable "NS"]\n[Deal "{deal}"]\n'
            '[Scoring "MP"]\n[Declarer "E"]\n[Contract "4S"]\n[Result "11"]\n[Room "Open"]\n')
    rows, notes = AUCTIONS[auction]
    if rows is not None:
        text += f'[Auction "{dealer}"]\n{rows}{notes}'
    if PLAYS[play] is not None:
        text += f'[Play "S"]\n{PLAYS[play]}'
    return text


def _read(text: str) -> pbn.LazyBoard:
    (board,) = pbn.loads(text)
    assert isinstance(board, pbn.LazyBoard)
    return board


def _reference(board: Board) -> str:
    return json.dumps(schema.to_dict(board), ensure_ascii=False)


@pytest.mark.parametrize(("first", "auction", "play"), itertools.product(range(4), AUCTIONS, PLAYS))
def test_each_part_written_from_the_text_read(first: int, auction: str, play: str) -> None:
    board = _read(game(first, auction, play))
    deal_v, auction_v, play_v = pbn.lazy_texts(board)
    # every part there is the text read: the writer's own path for each
    assert deal_v is not None and deal_v[0] == "NESW"[first]
    assert (auction_v is None) == (AUCTIONS[auction][0] is None)
    assert (play_v is None) == (PLAYS[play] is None)
    line = json_format.board_json(board)
    assert line == _reference(board)
    assert json_format.dump_board(board) == line.replace("\u2028", "\\u2028") + "\n"
    # the JSON says what was read: North's hand, the calls, the cards
    data = json.loads(line)
    assert data["deal"]["N"] == HANDS[3] and data["deal"]["E"] == HANDS[0]
    if auction == "annotated":
        assert data["auction"][0] == {"call": "1NT", "alert": True, "note": 1}
        assert data["auction"][2] == {"call": "X", "nags": [3]}
        assert data["auction_notes"] == {"1": "15-17", "2": "natural, \u2028 ś"}
    elif auction == "alert only":
        assert data["auction"][0] == "1S!" and data["auction"][2] == {"call": "2S", "nags": [5]}
    elif auction.startswith("end mark"):
        assert data["auction_end"] == AUCTIONS[auction][0][-2]
        assert len(data["auction"]) == {"end mark *": 2, "end mark +": 2, "end mark alone": 0}[auction]
    if play == "tricks":
        assert data["play"] == [["CA", "C7", "C3", "C5"], ["D7", "DA", "D5", "D2"], ["H2", "H3"]]
    elif play.startswith("end mark"):
        assert data["play_end"] == "*" and len(data["play"]) == (play == "end mark")
    # the same line once the parts are built (each written the general way now)
    built = _read(game(first, auction, play))
    assert (built.deal, built.auction, built.play) is not None
    assert pbn.lazy_texts(built) == (None, None, None)
    assert json_format.board_json(built) == line


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 3), st.sampled_from(sorted(AUCTIONS)), st.sampled_from(sorted(PLAYS)),
       st.sampled_from("NESW"), st.lists(st.sampled_from(["deal", "auction", "play"]), unique=True))
def test_some_parts_built_some_not(first: int, auction: str, play: str, dealer: str, built: list[str]) -> None:
    board = _read(game(first, auction, play, dealer))
    for part in built:
        getattr(board, part)  # built now: no longer the text read
    assert json_format.board_json(board) == _reference(board)


def test_calls_not_seen_lately_are_worded_again() -> None:
    # the table of annotated calls is cleared when full: a call written after that is the same
    json_format._UNIT_JSON.clear()
    board = _read(game(0, "annotated", "none"))
    first = json_format.board_json(board)
    json_format._UNIT_JSON.clear()
    assert json_format.board_json(_read(game(0, "annotated", "none"))) == first == _reference(board)
