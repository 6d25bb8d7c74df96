"""YAML boards: layout, round trips, errors with line numbers."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core import BridgeError, InvalidDealError, ParseError, Seat
from bridgecli.core.board import Board
from bridgecli.formats import yaml_format as Y

from .strategies import boards
from .test_schema import example_board

TWO = """\
# a comment before the list
- board: 1
  dealer: N
  vulnerable: None
  deal:
    N: AKQ2.T98..AJ5432
    E: J543.AK32.QJ2.KQ
    S: T9.QJ7654.A5.T98
    W: 876..KT987643.76
  auction: [1C, Pass, 1H!, Pass, Pass, Pass]
  contract: 1H
  declarer: S
- board: 2
  dealer: E
  deal:
    N: null
    E: AKQJT98765432...
    S: null
    W: null
"""


def test_reads_a_hand_written_file() -> None:
    b1, b2 = Y.loads(TWO)
    assert b1.number == 1 and b1.dealer == Seat.NORTH
    assert [str(a) for a in b1.auction or ()] == ["1C", "Pass", "1H!", "Pass", "Pass", "Pass"]
    assert str(b1.contract) == "1H" and b1.contract is not None and b1.contract.declarer == Seat.SOUTH
    assert b2.deal is not None and b2.deal[Seat.EAST] is not None and b2.deal[Seat.NORTH] is None


def test_writes_block_style_with_flow_rows() -> None:
    text = Y.dumps([example_board()])
    assert text.startswith("- board: 7\n  dealer: S\n  vulnerable: All\n  deal:\n    N: AKQ2.T98..AJ5432\n")
    assert "  auction: [{call: 1NT, alert: true, note: 1}, X!, {call: Pass, nags: [3]}]\n" in text
    assert "  play:\n  - [D3, null, {card: DA, note: 1}]\n" in text
    assert "  tags:\n    Event: Club \"pairs\"\n    West: Zoë\n" in text


def test_iter_dumps_yields_one_chunk_a_board() -> None:
    bs = [example_board(), example_board().replace(number=8)]
    chunks = list(Y.iter_dumps(bs))
    assert len(chunks) == 2 and all(c.startswith("- board: ") for c in chunks)
    assert "".join(chunks) == Y.dumps(bs)


def test_empty_list() -> None:
    assert Y.dumps([]) == "[]\n"
    assert Y.loads("[]\n") == []


def test_empty_text_is_an_error() -> None:
    with pytest.raises(ParseError, match="empty") as info:
        Y.loads("  \n", source="e.yaml")
    assert info.value.source == "e.yaml" and info.value.line == 1


def test_boards_mapping_single_board_and_documents() -> None:
    one = "board: 3\ndealer: S\n"
    assert [b.number for b in Y.loads(one)] == [3]
    assert [b.number for b in Y.loads("boards:\n- board: 1\n- board: 2\n")] == [1, 2]
    assert [b.number for b in Y.loads("--- \nboard: 1\n---\n- board: 2\n- board: 3\n")] == [1, 2, 3]


def test_dump_and_load_file_objects() -> None:
    fp = io.StringIO()
    Y.dump([example_board()], fp)
    fp.seek(0)
    assert Y.load(fp) == [example_board()]


def test_fourteen_cards_line_is_the_hand_line() -> None:
    text = TWO.replace("    E: J543.AK32.QJ2.KQ\n", "    E: J543.AK32.QJ2.KQ9\n")
    err, ok = list(Y.iter_records(text, source="t.yaml"))
    assert isinstance(err, InvalidDealError) and not isinstance(ok, BridgeError)
    assert (err.source, err.line, err.board) == ("t.yaml", 7, "1")
    assert "14 cards" in err.message


def test_card_twice_line_is_the_deal_line() -> None:
    text = TWO.replace("    W: 876..KT987643.76\n", "    W: 876..KT987643.T6\n")
    err, ok = list(Y.iter_records(text, source="t.yaml"))
    assert isinstance(err, InvalidDealError) and not isinstance(ok, BridgeError)
    assert (err.line, err.board) == (6, "1")
    assert "'CT' is in both south and west" in err.message


def test_bad_call_points_at_the_auction_line_and_reading_goes_on() -> None:
    text = TWO.replace("[1C, Pass, 1H!", "[1C, Pass, 8H!")
    recs = list(Y.iter_records(text, source="t.yaml"))
    assert isinstance(recs[0], ParseError) and not isinstance(recs[1], BridgeError)
    assert recs[0].line == 10 and "8H" in recs[0].message and recs[0].board == "1"
    assert str(recs[0]).startswith("board 1: auction[2]")


def test_unknown_seat_and_wrong_type() -> None:
    text = TWO.replace("  dealer: E\n", "  dealer: Q\n").replace("  vulnerable: None\n", "  vulnerable: [None]\n")
    e1, e2 = list(Y.iter_records(text, source="t.yaml"))
    assert isinstance(e1, ParseError) and e1.line == 4 and "expected a string" in e1.message
    assert isinstance(e2, ParseError) and e2.line == 14 and "not a seat: 'Q'" in e2.message


def test_syntax_error_has_a_line_and_other_items_survive() -> None:
    text = TWO.replace("  auction: [1C, Pass, 1H!, Pass, Pass, Pass]\n", "  auction: [1C, Pass, 1H!, Pass\n")
    recs = list(Y.iter_records(text, source="t.yaml"))
    assert len(recs) == 2
    assert isinstance(recs[0], ParseError) and "yaml syntax error" in recs[0].message
    assert recs[0].line is not None and 10 <= recs[0].line <= 12
    assert not isinstance(recs[1], BridgeError) and recs[1].number == 2


def test_syntax_error_in_a_mapping_file() -> None:
    with pytest.raises(ParseError, match="yaml syntax error") as info:
        Y.loads("board: 1\ndealer: [N\n", source="m.yaml")
    assert info.value.line == 3 and info.value.source == "m.yaml"


def test_not_boards() -> None:
    with pytest.raises(ParseError, match="expected a list of boards"):
        Y.loads("just text\n")
    with pytest.raises(ParseError, match="a board mapping"):
        Y.loads("- 1\n- 2\n")


def test_unsafe_tags_are_errors_not_objects() -> None:
    text = "- board: !!python/object/apply:os.system ['true']\n- board: 2\n"
    recs = list(Y.iter_records(text))
    assert isinstance(recs[0], ParseError) and recs[0].line == 1
    assert not isinstance(recs[1], BridgeError)


def test_yaml_is_imported_lazily() -> None:
    code = "import sys, bridgecli.formats.yaml_format; print('yaml' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@settings(max_examples=40, deadline=None)
@given(st.lists(boards(), max_size=3))
def test_round_trip(bs: list) -> None:  # type: ignore[type-arg]
    text = Y.dumps(bs)
    assert Y.loads(text) == bs
    assert "".join(Y.iter_dumps(bs)) == text


def test_a_key_twice_is_an_error() -> None:
    recs = list(Y.iter_records("- board: 1\n  dealer: N\n  dealer: S\n- board: 2\n"))
    assert isinstance(recs[0], ParseError) and recs[0].line == 3 and "'dealer' given twice" in recs[0].message
    assert not isinstance(recs[1], BridgeError)


def test_anchors_and_aliases_still_read() -> None:
    text = "- board: 1\n  tags: &t {Event: Cup}\n- board: 2\n  tags: *t\n"
    assert [b.tags for b in Y.loads(text)] == [{"Event": "Cup"}, {"Event": "Cup"}]


# -- issue #32: YAML 1.1's integer forms are not numbers ---------------------------------


@pytest.mark.parametrize("value", ["0x1F", "1:20:30", "0b101", "1_0_0", "0o17", "٣"])
def test_yaml11_integer_forms_are_text_not_numbers(value: str) -> None:
    with pytest.raises(BridgeError) as exc:
        Y.loads(f"board: {value}\n")
    assert repr(value) in str(exc.value) and exc.value.line == 1


def test_yaml_decimal_integers_are_read_in_base_ten() -> None:
    assert [b.number for b in Y.loads("- board: 017\n- board: +4\n- board: 31\n")] == [17, 4, 31]


def test_yaml_explicit_int_tag_of_another_form_is_an_error() -> None:
    with pytest.raises(BridgeError, match="not a whole number: '0x1F'"):
        Y.loads("board: !!int 0x1F\n")


def test_a_text_the_reader_takes_for_a_number_is_written_quoted() -> None:
    # '09' is text to YAML 1.1 (not octal, not decimal), so PyYAML wrote it bare; bridgecli's
    # reader takes ASCII digits for a number (017 is 17), and read it back as 9
    board = Board(tags={"Event": "09", "Round": "007", "Site": "0x1F"})
    text = Y.dumps([board])
    assert "'09'" in text and "'007'" in text and "'0x1F'" in text
    assert Y.loads(text)[0].tags == board.tags
