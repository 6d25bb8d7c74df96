"""What real producers write, from small hand-written files (issue #15, "Real files"):
no Dealer tag, the Table tag, "" against "?", end positions and lead problems,
irregularities, commentary and LIN vugraph headers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.core.board import AnnotatedCall, PlayedCard
from bridgecli.core.calls import PASS, Bid
from bridgecli.core.cards import Seat, Strain
from bridgecli.core.errors import ParseError
from bridgecli.formats import json_format, lin, pbn, yaml_format

DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.AK .5432.JT98.QJT98"


def _round_trips(text: str) -> list:
    boards = pbn.loads(text)
    assert pbn.loads(pbn.dumps(boards)) == boards
    for fmt in (json_format, yaml_format):
        assert fmt.loads(fmt.dumps(boards)) == boards
        assert pbn.loads(pbn.dumps(fmt.loads(fmt.dumps(boards)))) == boards
    return boards


# -- no Dealer tag -------------------------------------------------------------------

NO_DEALER = f'[Board "1"]\n[Deal "{DEAL}"]\n[Auction "E"]\n1C Pass 1S Pass\n2S AP\n'


def test_the_auction_seat_is_the_dealer_when_no_dealer_tag_says_otherwise() -> None:
    (b,) = _round_trips(NO_DEALER)
    # board 1 would be dealt by N, but the Auction tag says E made the first call
    assert b.dealer is None and b.auction_from == Seat.EAST and b.effective_dealer == Seat.EAST
    text = pbn.dumps([b])
    assert '[Dealer "?"]' in text and '[Auction "E"]' in text  # no dealer invented, no call moved


def test_convert_keeps_who_made_each_call(tmp_path: Path) -> None:
    src = tmp_path / "nodealer.pbn"
    src.write_text(NO_DEALER)
    r = CliRunner().invoke(cli, ["convert", str(src), "--to", "pbn"])
    assert r.exit_code == 0, r.output
    assert '[Auction "E"]\n1C Pass 1S Pass\n2S Pass Pass Pass' in r.output
    r = CliRunner().invoke(cli, ["convert", str(src), "--to", "json"])
    assert json.loads(r.output.splitlines()[0])["auction_from"] == "E"


def test_lin_gives_the_first_caller_the_dealer_digit() -> None:
    (b,) = pbn.loads(NO_DEALER)
    (back,) = lin.loads(lin.dumps([b]))
    assert back.effective_dealer == Seat.EAST and back.calls == b.calls


def test_a_dealer_tag_that_disagrees_with_the_auction_is_still_an_error() -> None:
    with pytest.raises(ParseError, match="the auction starts with E but the dealer is N"):
        pbn.loads(NO_DEALER.replace('[Board "1"]', '[Board "1"]\n[Dealer "N"]'))


def test_filler_dashes_count_from_the_auction_seat() -> None:
    (b,) = pbn.loads('[Auction "W"]\n- 1C Pass Pass\nPass\n')
    assert b.auction_from == Seat.NORTH and b.calls[0] == Bid(1, Strain.CLUBS)


# -- the Table tag -------------------------------------------------------------------


def test_the_table_number_is_a_tag_not_a_section() -> None:
    text = ('[Board "1"]\n[Table "2"]\n[Contract "3NT"]\n[Declarer "N"]\n[Result "9"]\n'
            '[ScoreTable "Table;Score_NS"]\n2 400\n')
    (b,) = _round_trips(text)
    assert b.tag("Table") == "2"
    assert [s.name for s in b.sections] == ["ScoreTable"]


def test_an_unknown_table_with_rows_is_a_section() -> None:
    (b,) = pbn.loads('[Board "1"]\n[MyTable "A;B"]\n1 2\n')
    assert b.sections[0].name == "MyTable" and b.sections[0].rows == ("1 2",)
    with pytest.raises(ParseError, match="unexpected text"):
        pbn.loads('[Board "1"]\n[Table "2"]\n1 2\n')


def test_score_event_reads_the_table_tag(tmp_path: Path) -> None:
    games = []
    for table, (ns, ew, res) in enumerate((("a", "b", 9), ("c", "d", 10)), 1):
        games.append(f'[Board "1"]\n[Table "{table}"]\n[PairNS "{ns}"]\n[PairEW "{ew}"]\n[Vulnerable "None"]\n'
                     f'[Contract "3NT"]\n[Declarer "N"]\n[Result "{res}"]\n')
    src = tmp_path / "event.pbn"
    src.write_text("\n".join(games))
    r = CliRunner().invoke(cli, ["score", "--event", str(src)])
    assert r.exit_code == 0, r.output
    assert "no NS pair" not in r.output


# -- "" is not "?" --------------------------------------------------------------------


def test_empty_and_unknown_values_stay_apart() -> None:
    text = ('[Board "7"]\n[Dealer ""]\n[Vulnerable "?"]\n[Deal ""]\n[Contract "Pass"]\n[Declarer ""]\n'
            '[Result ""]\n[Auction "?"]\nPass Pass Pass Pass\n[Play ""]\n')
    (b,) = _round_trips(text)
    out = pbn.dumps([b])
    for tag in ('[Dealer ""]', '[Vulnerable "?"]', '[Deal ""]', '[Play ""]', '[Declarer ""]', '[Result ""]'):
        assert tag in out
    assert b.play is None


def test_play_of_a_passed_out_board_with_an_empty_play_tag(tmp_path: Path) -> None:
    src = tmp_path / "ben.pbn"
    src.write_text(f'[Board "9"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n[Declarer ""]\n[Contract "Pass"]\n'
                   '[Result ""]\n[Auction "N"]\nPass Pass Pass Pass\n[Play ""]\n')
    r = CliRunner().invoke(cli, ["play", str(src)])
    assert r.exit_code == 0 and r.output.strip() == "Board 9: passed out"


# -- end positions and lead problems ------------------------------------------------------

END_POSITION = ('[Deal "N:AK... T9... QJ... 87..."]\n[Contract "S"]\n[Play "E"]\nST SQ S7 SA\nS9 SJ S8 SK\n')


def test_an_end_position_replays(tmp_path: Path) -> None:
    src = tmp_path / "end.pbn"
    src.write_text(END_POSITION)
    r = CliRunner().invoke(cli, ["play", str(src)])
    assert r.exit_code == 0, r.output
    assert r.output.strip() == "Play: end position in S, E leads: 2 tricks played, N-S 2, E-W 0"
    r = CliRunner().invoke(cli, ["play", str(src), "--json"])
    obj = json.loads(r.output)
    assert obj["end_position"] and obj["tricks_ns"] == 2 and obj["legal"]


def test_a_lead_problem_is_no_broken_play(tmp_path: Path) -> None:
    src = tmp_path / "lead.pbn"
    src.write_text('[Board "5"]\n[Dealer "E"]\n[Deal "S:A7.Q86.97542.Q74 - - -"]\n[Contract "6S"]\n'
                   '[Declarer "E"]\n[Play "S"]\n+\n')
    r = CliRunner().invoke(cli, ["play", str(src)])
    assert r.exit_code == 0 and r.output.strip() == "Board 5: no card played yet (S to lead)"


def test_a_play_with_hands_unknown_replays_from_the_record(tmp_path: Path) -> None:
    # East and West unknown: their cards come from the record (no revoke can be told)
    src = tmp_path / "partial.pbn"
    src.write_text('[Board "1"]\n[Dealer "N"]\n[Deal "N:AKQJ.T98.765.432 - 65432.J76.AKQ.AK -"]\n'
                   '[Contract "1NT"]\n[Declarer "N"]\n[Play "E"]\nS7 S2 H2 SA\n')
    r = CliRunner().invoke(cli, ["play", str(src)])
    assert r.exit_code == 0, r.output
    assert "play stops after 1 trick, declarer has 1" in r.output


# -- irregularities -----------------------------------------------------------------------

IRREGULAR = (
    '[Board "3"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    '[Deal "W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4"]\n'
    '[Declarer "^S"]\n[Contract "5HX"]\n[Result "^9"]\n'
    '[Auction "N"]\n^S 1D ^I 1C 4S\n^I 3NT ^S ^S X\n5H X AP\n'
    '[Play "W"]\nSK H3 S4 S3\nC5 C2 ^R S5 ^L CK\n*\n'
)


def test_irregularities_are_read_and_kept() -> None:
    (b,) = _round_trips(IRREGULAR)
    assert b.auction is not None and b.auction[0] == AnnotatedCall(PASS, irregular="S")
    assert b.auction[2] == AnnotatedCall(Bid(1, Strain.CLUBS), irregular="I")
    assert b.play is not None and b.play[1][2] == PlayedCard(b.play[1][2].card, irregular="R")
    assert b.play[1][3].irregular == "L"
    assert b.contract is not None and b.contract.declarer == Seat.SOUTH and b.result == 9
    out = pbn.dumps([b])
    assert '[Declarer "^S"]' in out and '[Result "^9"]' in out and "^S 1D ^I 1C" in out
    assert "C5 C2 ^R S5 ^L CK" in out


def test_irregularities_in_show_score_and_play(tmp_path: Path) -> None:
    src = tmp_path / "irr.pbn"
    src.write_text(IRREGULAR)
    r = CliRunner().invoke(cli, ["show", str(src)])
    assert r.exit_code == 0, r.output
    assert "^I 1♣" in r.output and "^S" in r.output and "^R ♠5" in r.output
    assert "5♥X by S, down 2" in r.output
    r = CliRunner().invoke(cli, ["score", str(src), "--json"])
    assert r.exit_code == 0, r.output
    assert '"ns": -300' in r.output.replace(" ", "").replace('"ns":-300', '"ns": -300')
    r = CliRunner().invoke(cli, ["play", str(src)])
    assert r.exit_code == 0, r.output  # the revoke and the lead out of turn stood, the result was agreed


@pytest.mark.parametrize("play, reason", [
    ("^R SK H3 S4 S3", "a lead cannot revoke"),
    ("SK ^R H3 S4 S3", "marked as a revoke (^R), but it is none"),
    ("^L SK H3 S4 S3", "marked as out of turn (^L)"),
])
def test_marks_that_do_not_fit_the_play_are_reported(tmp_path: Path, play: str, reason: str) -> None:
    src = tmp_path / "bad.pbn"
    src.write_text(IRREGULAR.split("[Play")[0].replace('[Result "^9"]\n', "") + f'[Play "W"]\n{play}\n')
    r = CliRunner().invoke(cli, ["play", str(src)])
    assert r.exit_code == 1 and reason in r.output


def test_misplaced_marks_are_parse_errors() -> None:
    with pytest.raises(ParseError, match="does not belong in the auction"):
        pbn.loads('[Dealer "N"]\n[Auction "N"]\n^R 1C\n')
    with pytest.raises(ParseError, match="insufficient bid"):
        pbn.loads('[Dealer "N"]\n[Auction "N"]\n^I Pass\n')
    with pytest.raises(ParseError, match="after '\\^R'"):
        pbn.loads('[Play "W"]\n^R ^L SK\n')


# -- commentary ------------------------------------------------------------------------------

COMMENTED = (
    "% PBN 2.1\n%BCOptions Center\n"
    '{ before the tags }\n[Event "Club"]\n[Board "1"] { on the board line }\n[Dealer "N"]\n'
    '[Auction "N"]\n1NT Pass 3NT AP\n{ the auction,\n\n  over two paragraphs }\n'
    '[ScoreTable "Table;Score_NS"]\n1 400\n% between rows\n2 430\n'
)


def test_comments_are_kept_where_they_stood() -> None:
    (b,) = pbn.loads(COMMENTED)
    assert b.comments == (
        ("", "%BCOptions Center"), ("", "{ before the tags }"), ("Board", "{ on the board line }"),
        ("Auction", "{ the auction,\n\n  over two paragraphs }"), ("ScoreTable", "% between rows"),
    )
    assert b.sections[0].rows == ("1 400", "2 430")
    _round_trips(COMMENTED)
    text = pbn.dumps([b])
    assert pbn.dumps(pbn.loads(text)) == text
    assert text.startswith("% PBN 2.1\n% EXPORT\n%BCOptions Center\n{ before the tags }\n[Event")


def test_comments_in_yaml_and_json() -> None:
    (b,) = pbn.loads(COMMENTED)
    d = json.loads(json_format.dumps([b]).splitlines()[0])
    assert d["comments"][2] == {"after": "Board", "text": "{ on the board line }"}
    with pytest.raises(ParseError, match="a comment is"):
        json_format.loads('{"board": 1, "comments": [{"after": "", "text": "no braces"}]}')


# -- LIN --------------------------------------------------------------------------------------

VUGRAPH = (
    "vg|Club final,Segment 2 of 4,I,7,8,Lions,3,Tigers,0|\n"
    "rs|3NN=,4SE-1,,|\n"
    "pn|s1,w1,n1,e1,s2,w2,n2,e2|pg||\n"
    "qx|o7|md|3SAKQJHT98D765C432,ST987HAKQD432C765,S65432HJ76DAKQCAK,|sv|b|"
    "nt|hello from the commentators|pg||mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||"
    "pc|H2|nt|a sharp lead}|pc|HT|pc|HA|pc|H6|pg||\n"
)


def test_lin_vugraph_header_results_and_commentary_reach_pbn() -> None:
    from bridgecli.core.errors import ReadWarning

    with pytest.warns(ReadWarning, match="board 7 closed '4SE-1'$"):  # a board not in the file
        (b,) = lin.loads(VUGRAPH)
    assert b.tag("Event") == "Club final" and b.tag("Stage") == "Segment 2 of 4"
    assert b.tag("Scoring") == "IMP" and b.tag("HomeTeam") == "Lions" and b.tag("VisitTeam") == "Tigers"
    assert b.tag("LinResult") == "3NN=" and b.tag("LinVg", "").startswith("Club final,")
    assert b.comments == (("", "{hello from the commentators}"), ("Play", "% a sharp lead}"))
    assert pbn.loads(pbn.dumps([b])) == [b]


def test_lin_writes_pn_on_every_board() -> None:
    boards = pbn.loads(f'[Board "1"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n\n[Board "2"]\n[Dealer "E"]\n[Deal "{DEAL}"]\n')
    lines = lin.dumps(boards).splitlines()
    assert all(line.startswith("pn|,,,|st||md|") for line in lines)


def test_endplay_reads_our_lin_board_for_board() -> None:
    elin = pytest.importorskip("endplay.parsers.lin")
    text = (f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Auction "N"]\n1S Pass 4S AP\n'
            '[Play "E"]\nH2 D5 HA C2\n\n'
            f'[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n[Auction "E"]\nPass Pass 1NT AP\n')
    ours = pbn.loads(text)
    theirs = elin.loads(lin.dumps(ours))
    assert [b.board_num for b in theirs] == [1, 2]
    for mine, other in zip(ours, theirs):
        assert mine.deal is not None
        for seat, hand in (("north", Seat.NORTH), ("east", Seat.EAST), ("south", Seat.SOUTH), ("west", Seat.WEST)):
            assert getattr(other.deal, seat).to_pbn() == mine.deal[hand].to_pbn()  # type: ignore[union-attr]
        assert len(other.auction) == len(mine.auction or ())
    assert [str(c)[-1] for c in theirs[0].play] == ["2", "5", "A", "2"]
