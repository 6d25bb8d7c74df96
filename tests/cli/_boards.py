"""Boards built in code for the show/convert CLI tests, and files holding them."""

from __future__ import annotations

from pathlib import Path

from bridgecli.core import Board, Card, Contract, Deal, Seat, parse_call
from bridgecli.core.board import AnnotatedCall, PlayedCard

DEALS = [
    "N:AKQ2.KJ3.T98.A32 J943.Q92.KQ7.J54 T8.AT854.A65.KQ7 765.76.J432.T986",
    "E:AK2.KJ3.T98.AQ32 J943.Q92.KQ7.J54 QT8.AT854.A65.K7 765.76.J432.T986",
    "S:KQJT9876.2.32.32 A.AKQJT.AKQ.AKQJ 5432.9876.54.654 -.543.JT9876.T987",
]


def board(number: int) -> Board:
    """Board ``number`` (1..3): board 1 has an alerted, noted auction and a play record."""
    deal = Deal.from_pbn(DEALS[number - 1])
    if number == 1:
        auction = tuple(AnnotatedCall(parse_call(c)) for c in "1C P 1H P 2NT P 4H P P P".split())
        auction = (AnnotatedCall(parse_call("1C"), alert=True, note=1),) + auction[1:]
        play = tuple(tuple(PlayedCard(Card.from_str(c)) for c in trick.split())
                     for trick in ("CT C2 C4 CK", "H6 H3 H2 HA"))
        return Board(number=1, deal=deal, auction=auction, auction_notes={1: "16+ any shape"},
                     contract=Contract.from_str("4H by S"), result=10, play=play, play_leader=Seat.WEST,
                     play_end="*", tags={"Event": "Club pairs", "North": "Smith", "South": "Jones"})
    if number == 2:
        auction = tuple(AnnotatedCall(parse_call(c)) for c in "1NT P 3NT X P P P".split())
        return Board(number=2, deal=deal, auction=auction, contract=Contract.from_str("3NTX by E"), result=7)
    return Board(number=3, deal=deal)


BOARDS = [board(n) for n in (1, 2, 3)]


def write(path: Path, boards: list[Board], fmt: str) -> Path:
    """Write ``boards`` to ``path`` in ``fmt``; returns the path."""
    from bridgecli.formats import write_boards

    path.write_text(write_boards(boards, fmt), encoding="utf-8")
    return path


# Boards 1-3 of the score tests' PBN files (contract and result, no deal): 4S= by N, 3NTX-2 by E
# vulnerable, passed out; each test file appends its own board 4.
SCORED_PBN_HEAD = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Declarer "N"]
[Contract "4S"]
[Result "10"]

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Declarer "E"]
[Contract "3NTX"]
[Result "7"]

[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Contract "Pass"]

"""

# A teams traveller (CSV) of three boards, two rooms each: the score --event tests' input.
TEAMS_CSV = """board,room,ns,ew,contract,declarer,result
1,open,A1,B1,4S,N,=
1,closed,B2,A2,4S,N,-1
2,open,A1,B1,3NT,N,-1
2,closed,B2,A2,3NT,N,=
3,open,A1,B1,2H,E,=
3,closed,B2,A2,2H,E,=
"""
