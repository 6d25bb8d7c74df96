"""The terminal renderer: diagram layout, auction grid, result line, play grid, brief line."""

from __future__ import annotations

import dataclasses

import pytest

from bridgecli.core import Board, Card, Contract, Deal, Seat, Suit, Vulnerability, parse_call
from bridgecli.core.board import AnnotatedCall, PlayedCard
from bridgecli.core.notation import ENGLISH
from bridgecli.render.text import (
    auction_rows,
    hand_lines,
    play_rows,
    render_auction,
    render_board,
    render_brief,
    render_diagram,
    render_header,
    result_text,
    trick_winner,
)

DEAL = Deal.from_pbn("N:AKQ2.KJ3.T98.A32 J943.Q92.KQ7.J54 T8.AT854.A65.KQ7 765.76.J432.T986")


def calls(text: str, **first: object) -> tuple[AnnotatedCall, ...]:
    out = [AnnotatedCall(parse_call(t)) for t in text.split()]
    if first:
        out[0] = dataclasses.replace(out[0], **first)  # type: ignore[arg-type]
    return tuple(out)


BOARD = Board(number=1, deal=DEAL, auction=calls("1C P 1H P 2NT P 4H P P P", alert=True, note=1),
              auction_notes={1: "16+ any shape"}, contract=Contract.from_str("4H by S"), result=10)


def test_diagram_compass_layout():
    # West's widest line is "♣ 10986" (7), so North/South start at 7 + 4 = 11;
    # the middle column is as wide as "♥ A10854" (8), so East starts at 11 + 8 + 4 = 23.
    expected = "\n".join([
        " " * 11 + "North",
        " " * 11 + "♠ AKQ2",
        " " * 11 + "♥ KJ3",
        " " * 11 + "♦ 1098",
        " " * 11 + "♣ A32",
        "West" + " " * 19 + "East",
        "♠ 765" + " " * 18 + "♠ J943",
        "♥ 76" + " " * 19 + "♥ Q92",
        "♦ J432" + " " * 17 + "♦ KQ7",
        "♣ 10986" + " " * 16 + "♣ J54",
        " " * 11 + "South",
        " " * 11 + "♠ 108",
        " " * 11 + "♥ A10854",
        " " * 11 + "♦ A65",
        " " * 11 + "♣ KQ7",
    ])
    assert render_diagram(BOARD) == expected


def test_diagram_ascii_and_ten_letter():
    text = render_diagram(BOARD, ascii=True, tens=False)
    assert not any(sym in text for sym in "♠♥♦♣")
    lines = text.splitlines()
    assert lines[1].strip() == "S AKQ2" and lines[3].strip() == "D T98"
    assert lines[9].startswith("C T986")
    assert "10" not in text


def test_hand_lines_void_and_order():
    hand = DEAL[Seat.NORTH].without(Card.from_str("C2")).without(Card.from_str("C3")).without(Card.from_str("CA"))
    assert hand_lines(hand) == ["♠ AKQ2", "♥ KJ3", "♦ 1098", "♣ -"]


def test_player_names_label_the_hands():
    board = BOARD.replace(tags={"North": "Smith", "West": "Kowalski"})
    lines = render_diagram(board).splitlines()
    assert lines[0].strip() == "North: Smith"
    assert lines[5].startswith("West: Kowalski")
    assert lines[10].strip() == "South"


def test_partial_deal_draws_a_dash():
    deal = Deal.from_pbn("N:AKQ2.KJ3.T98.A32 - - -")
    lines = render_diagram(Board(number=1, deal=deal)).splitlines()
    assert lines[0].strip() == "North" and lines[1].strip() == "♠ AKQ2"
    assert lines[5].split() == ["West", "East"]
    assert lines[6].split() == ["-", "-"]
    assert lines[7].strip() == "South" and lines[8].strip() == "-"
    assert len(lines) == 9


def test_no_deal_no_diagram():
    assert render_diagram(Board(number=1)) == ""
    assert render_board(Board(number=5)) == "Board 5   Dealer: North   Vulnerable: NS"


def test_header_from_board_cycle_and_explicit_fields():
    # board 7: dealer South, vulnerable All (16-board cycle)
    assert render_header(Board(number=7)) == "Board 7   Dealer: South   Vulnerable: All"
    b = Board(number=7, dealer=Seat.WEST, vulnerability=Vulnerability.NONE)
    assert render_header(b) == "Board 7   Dealer: West   Vulnerable: None"


@pytest.mark.parametrize("dealer,blanks", [(Seat.WEST, 0), (Seat.NORTH, 1), (Seat.EAST, 2), (Seat.SOUTH, 3)])
def test_auction_grid_starts_at_the_dealer(dealer, blanks):
    board = Board(dealer=dealer, auction=calls("1S 2H 3S P 4S P P P"))
    rows = auction_rows(board)
    flat = [c for row in rows for c in row]
    assert flat[:blanks] == [""] * blanks
    assert flat[blanks:blanks + 5] == ["1♠", "2♥", "3♠", "Pass", "4♠"]
    assert flat[blanks + 5] == "All Pass"
    assert all(len(r) == 4 for r in rows)
    grid = render_auction(board).splitlines()
    assert grid[0].split() == ["West", "North", "East", "South"]
    # the first call sits under the dealer's column
    col = grid[0].index(("West", "North", "East", "South")[blanks])
    assert grid[2][col:].startswith("1♠")


def test_auction_dealer_from_board_number():
    # board 2: East deals, two blanks (West, North)
    rows = auction_rows(Board(number=2, auction=calls("P P P P")))
    assert rows == [["", "", "Pass", "Pass"], ["Pass", "Pass", "", ""]]


def test_passed_out_shows_four_passes_and_result():
    board = Board(number=1, auction=calls("P P P P"), contract=Contract.passed_out())
    assert [c for r in auction_rows(board) for c in r if c] == ["Pass"] * 4
    assert result_text(board) == "Passed out"


def test_alerts_and_notes():
    text = render_auction(BOARD, ascii=True)
    assert "1C!(1)" in text
    assert text.splitlines()[-1] == "(1) 16+ any shape"


def test_unfinished_auction_keeps_its_passes():
    board = Board(dealer=Seat.NORTH, auction=calls("1NT P P"), auction_end="*")
    assert [c for r in auction_rows(board) for c in r] == ["", "1NT", "Pass", "Pass", "...", "", "", ""]


@pytest.mark.parametrize("contract,result,expected", [
    ("4S by S", 10, "Contract: 4♠ by S, made 10 tricks"),
    ("4S by S", 11, "Contract: 4♠ by S, made 11 tricks"),
    ("3NTX by W", 7, "Contract: 3NTX by W, down 2"),
    ("6HXX by N", 12, "Contract: 6♥XX by N, made 12 tricks"),
    ("2D by E", None, "Contract: 2♦ by E"),
])
def test_result_text(contract, result, expected):
    board = Board(contract=Contract.from_str(contract), result=result)
    assert result_text(board) == expected


def test_result_without_contract():
    assert result_text(Board(result=9)) == "Result: 9 tricks"
    assert result_text(Board()) == ""


@pytest.mark.parametrize("cards,trump,winner", [
    # highest of the suit led wins when no trump is played
    ("SK SA S2 S3", None, Seat.EAST),
    # a discard of a higher card in another suit does not win
    ("S5 HA S2 S3", Suit.CLUBS, Seat.NORTH),
    # a ruff wins; the higher of two ruffs wins
    ("SA C2 S3 S4", Suit.CLUBS, Seat.EAST),
    ("SA C2 C3 S4", Suit.CLUBS, Seat.SOUTH),
    # leading trumps
    ("C2 CA S3 S4", Suit.CLUBS, Seat.EAST),
])
def test_trick_winner(cards, trump, winner):
    # the lead is North's; play goes clockwise
    played = [(Seat.NORTH.next(i), Card.from_str(c)) for i, c in enumerate(cards.split())]
    assert trick_winner(played, trump) is winner


def _play(rows: list[str]) -> tuple[tuple[PlayedCard, ...], ...]:
    return tuple(tuple(PlayedCard(None if t == "-" else Card.from_str(t)) for t in r.split()) for r in rows)


def test_play_rows_follow_the_winner():
    # 4H by S, West leads. Columns of the record: W N E S (fixed).
    board = BOARD.replace(play_leader=Seat.WEST, play=_play([
        "CT C2 C4 CK",   # W leads, South's king wins
        "H6 H3 H2 HA",   # S leads the ace of hearts
        "D2 DT DK DA",   # S leads, wins with the ace
        "S5 SA S3 S8",   # S leads spade 8 to North's ace
        "- - - -",       # unknown
    ]))
    rows = play_rows(board)
    assert rows[0] == ["1", "W", "♣10", "♣2", "♣4", "♣K", "S"]
    assert rows[1][1] == "S" and rows[1][-1] == "S"
    assert rows[2][1] == "S" and rows[2][-1] == "S"
    assert rows[3][1] == "S" and rows[3][-1] == "N"
    assert rows[4] == ["5", "N", "-", "-", "-", "-", ""]
    text = render_board(board)
    assert text.splitlines()[-7].split() == ["Trick", "Lead", "West", "North", "East", "South", "Won"]


def test_play_ruff_and_unknown_contract():
    board = Board(contract=Contract.from_str("4S by E"), play_leader=Seat.SOUTH,
                  play=_play(["HA SK H2 H3"]))
    # columns S W N E; South leads HA, West ruffs with the king of spades
    assert play_rows(board)[0][-1] == "W"
    assert play_rows(board.replace(contract=None))[0][-1] == ""


def test_render_board_parts_and_no_play_option():
    board = BOARD.replace(play_leader=Seat.WEST, play=_play(["CT C2 C4 CK"]))
    text = render_board(board)
    blocks = text.split("\n\n")
    assert blocks[0] == "Board 1   Dealer: North   Vulnerable: None"
    assert blocks[1] == render_diagram(board)
    assert blocks[3] == "Contract: 4♥ by S, made 10 tricks"
    assert "Trick" in blocks[4]
    assert "Trick" not in render_board(board, play=False)


def test_red_suits_painted_after_layout():
    def red(s: str) -> str:
        return f"<{s}>"

    text = render_board(BOARD, red=red)
    assert "<♥> KJ3" in text and "<♦> 1098" in text and "♠ AKQ2" in text
    assert "<♠>" not in text and "<♣>" not in text
    assert "<" not in render_board(BOARD, ascii=True, red=red)


def test_brief_line():
    assert render_brief(BOARD) == "Board   1  N  None  4♥ by S, made 10 tricks     1♣!(1) Pass 1♥ Pass 2NT Pass 4♥ All Pass"
    assert render_brief(Board(number=12)) == "Board  12  W  NS    -"


def test_words_come_from_the_language():
    words = dict(ENGLISH.words, board="Rozdanie", dealer="Rozdaje", vulnerable="Założenia", contract="Kontrakt",
                 made="ugrane", tricks="lew", all_pass="pas, pas, pas", down="bez")
    lang = dataclasses.replace(ENGLISH, words=words, seat_names=("N", "E", "S", "W"), call_out=("pas", "ktr", "rktr"))
    text = render_board(BOARD, lang=lang)
    assert text.startswith("Rozdanie 1   Rozdaje: N   Założenia: None")
    assert "Kontrakt: 4♥ by S, ugrane 10 lew" in text
    assert "pas, pas, pas" in text and "Pass" not in text


def test_pbn_spec_example_play_winners():
    # the PBN standard's example game: 5HX by South, West leads; winners worked out by hand (Law 44)
    from pathlib import Path

    from bridgecli.formats import read_boards

    path = Path(__file__).resolve().parent.parent / "formats" / "data" / "spec_example.pbn"
    (board,) = read_boards(path.read_text(encoding="utf-8"), "pbn")
    rows = play_rows(board)
    assert [r[1] for r in rows] == ["W", "N", "S", "N", "N", "N", "S"]
    assert [r[-1] for r in rows] == ["N", "S", "N", "N", "N", "S", ""]
    assert rows[0][2:6] == ["♠K(1)", "♥3", "♠4", "♠3"]
    assert auction_rows(board)[-1] == ["X", "All Pass", "", ""]
