"""The library behind ``bridgecli play``: bc.check_play, bc.check_board, bc.play_outcome,
bc.complete_board, bc.render_play and bc.BotGame (expected values from the Laws and the scoring table)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import bridgecli as bc
from bridgecli.checks.play import PlayTally, inline_board, json_line, parse_cards

ROOT = Path(__file__).resolve().parents[2]
RANKS = "23456789TJQKA"
# one suit per hand: N spades, E hearts, S diamonds, W clubs
SUITED = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.AK .5432.JT98.QJT98"


def board_text(number: int, play: str | None, contract: str = "7S", result: str = "13", vul: str = "None",
               deal: str = SUITED, declarer: str = "N", leader: str = "E") -> str:
    text = (f'[Event "t"]\n[Board "{number}"]\n[Dealer "N"]\n[Vulnerable "{vul}"]\n[Deal "{deal}"]\n'
            f'[Declarer "{declarer}"]\n[Contract "{contract}"]\n[Result "{result}"]\n')
    return text + (f'[Play "{leader}"]\n{play}\n' if play is not None else "")


# 7S by N: East leads, every trick to North's spades (columns E S W N)
GRAND = "\n".join(f"H{r} D{r} C{r} S{r}" for r in RANKS)


def test_check_play_reports_each_board_by_kind() -> None:
    text = "\n".join([
        board_text(1, GRAND),
        board_text(2, None, contract="Pass", result="0"),
        board_text(3, None),
        board_text(4, GRAND, result="12"),  # a Result that the play contradicts
    ])
    tally = PlayTally()
    checks = list(bc.check_play(bc.loads(text, "pbn"), tally=tally))
    assert [(c.board.number if c.board else None, c.kind, c.ok) for c in checks] == [
        (1, "played", True), (2, "passed-out", True), (3, "no-play", True), (4, "played", False)]
    assert (tally.read, tally.selected) == (4, 4)
    grand = checks[0].replay
    assert grand is not None and grand.legal and grand.complete and grand.declarer_tricks == 13
    assert all(t.winner == bc.Seat.NORTH for t in grand.tricks)
    assert checks[3].replay is not None and checks[3].replay.mismatch is not None


def test_check_play_keeps_the_numbers_asked_for() -> None:
    boards = bc.loads("\n".join(board_text(n, GRAND) for n in (1, 2, 3)), "pbn")
    tally = PlayTally()
    assert [c.board.number for c in bc.check_play(boards, numbers={2}, tally=tally) if c.board] == [2]
    assert (tally.read, tally.selected) == (3, 1)


def test_play_outcome_scores_the_grand_slam() -> None:
    (board,) = bc.loads(board_text(1, GRAND), "pbn")
    # 7S made, not vulnerable: 7 x 30 trick points + 300 game + 1000 grand slam (Law 77)
    assert bc.play_outcome(board) == {
        "board": 1, "legal": True, "contract": "7S", "declarer": "N", "declarer_tricks": 13, "result": 13,
        "over_under": 0, "score": 1510, "claimed": False, "complete": True}
    (vul,) = bc.loads(board_text(1, GRAND, vul="All"), "pbn")
    # vulnerable: 210 + 500 game + 1500 grand slam
    assert bc.play_outcome(vul)["score"] == 2210
    assert bc.play_outcome(board, with_tricks=True)["played_tricks"][0] == {
        "leader": "E", "cards": ["H2", "D2", "C2", "S2"], "winner": "N"}


def test_a_revoke_is_reported_with_law_64() -> None:
    # 4S by S, W leads DJ (won by S), S leads DK and E, holding D4 D3, plays HA; the play then goes on legally
    play = "DJ D5 D2 DA\nD8 D6 HA DK"
    (board,) = bc.loads(board_text(1, play, contract="4S", result="2", deal=DEAL, declarer="S", leader="W"), "pbn")
    check = bc.check_board(board)
    assert check.kind == "played" and not check.ok
    obj = check.as_dict()
    assert obj is not None and obj["legal"] is False and obj["result"] is None and obj["score"] is None
    assert {k: obj["error"][k] for k in ("trick", "seat", "card", "reason")} == {
        "trick": 2, "seat": "E", "card": "HA", "reason": "revoke"}
    assert "law64" not in obj["error"]  # the play stops after trick 2: no transfer to work out
    assert bc.render_play(check) == ("Board 1: 4S by S, illegal play at trick 2 by E:"
                                     " revoke: east plays 'HA' holding diamonds (Law 44C, 61)")


def test_json_line_is_json_dumps_of_as_dict() -> None:
    """The direct JSON line of a finished play is the text json.dumps gives for the same object."""
    seen = 0
    for name in ("club_session.pbn", "club_session.json", "club_session.lin"):
        for check in bc.check_play(bc.read(ROOT / "sample_deals" / "valid" / name)):
            obj = check.as_dict()
            if obj is None:
                continue
            ascii_only = check.kind in ("passed-out", "no-card")
            assert json_line(check) == json.dumps(obj, ensure_ascii=ascii_only)
            assert json.loads(json_line(check)) == obj
            assert check.to_json() == obj == check.to_dict()  # a dict, as AuctionVerdict.to_json()
            seen += 1
    assert seen >= 3 * 17


def test_complete_board_finishes_the_play_with_the_bot() -> None:
    (board,) = bc.loads(board_text(1, "H2 D2 C2 S2\nH3 D3 C3 S3", result="13"), "pbn")
    check = bc.complete_board(board)
    assert check.kind == "played" and check.finished is check.board
    done = check.finished
    assert done is not None and done.play is not None and len(done.play) == 13
    rep = bc.replay_board(done)
    assert rep.legal and rep.complete and sum(rep.tricks_won) == 13
    assert done.result == rep.declarer_tricks == 13  # North holds all thirteen trumps
    (passed,) = bc.loads(board_text(2, None, contract="Pass", result="0"), "pbn")
    out = bc.complete_board(passed)
    assert out.kind == "passed-out" and out.finished is passed


def test_render_play_lines() -> None:
    (board,) = bc.loads(board_text(5, GRAND), "pbn")
    check = bc.check_board(board)
    assert bc.render_play(check) == "Board 5: 7S by N, 13 tricks, made (=), N-S +1510"
    table = bc.render_play(check, tablefmt="plain")  # the line, then the table
    assert table is not None and table.splitlines()[1].split() == ["trick", "lead", "1st", "2nd", "3rd", "4th", "won",
                                                                   "decl", "def"]
    assert table.splitlines()[-1].split() == ["13", "N", "SA", "HA", "DA", "CA", "N", "13", "0"]
    (passed,) = bc.loads(board_text(9, None, contract="Pass", result="0"), "pbn")
    assert bc.render_play(bc.check_board(passed)) == "Board 9: passed out"


def test_inline_board_and_cards() -> None:
    board = inline_board(DEAL, "4S", declarer="S", number=5)
    assert board.vulnerability is None and board.effective_vulnerability == bc.Vulnerability.NS  # board 5: N-S vul
    check = bc.check_board(board, parse_cards("DJ D5 C7"))
    assert check.replay is not None and check.replay.error is not None
    assert (check.replay.error.reason, check.replay.error_seat) == ("revoke", bc.Seat.EAST)
    with pytest.raises(bc.ParseError):
        inline_board(DEAL, "4S")  # no declarer


def test_bot_game_at_the_table() -> None:
    (board,) = bc.loads(board_text(1, None), "pbn")
    game = bc.BotGame(board, seat=bc.Seat.SOUTH)  # South is dummy here: you play North's and South's cards
    assert game.you == {bc.Seat.NORTH, bc.Seat.SOUTH} and game.bot_to_play  # East leads
    seat, card = game.bot_move()
    assert seat == bc.Seat.EAST and card.suit == bc.Suit.HEARTS
    assert game.state.to_play == bc.Seat.SOUTH
    assert game.enter("") == ("legal", "legal cards: " + " ".join(f"D{r}" for r in reversed(RANKS)))
    kind, message = game.enter("SA")
    assert kind == "refused" and "not-held" in message
    assert game.enter("D2") == ("played", "")
    assert game.enter("undo") == ("undo", "undone") and game.state.to_play == bc.Seat.SOUTH
    assert game.enter("undo") == ("undo", "nothing to undo")
    assert game.enter("claim 14")[0] == "refused"
    assert game.enter("claim 13") == ("claim", "claim of 13 more tricks accepted")
    assert game.is_over and game.board_now().result == 13
