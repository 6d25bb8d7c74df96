"""JSON boards: JSON Lines out; lines, arrays and {"boards": [...]} in; errors with lines."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core import Board, BridgeError, InvalidDealError, ParseError, Seat
from bridgecli.formats import json_format as J
from bridgecli.formats import schema

from .strategies import boards
from .test_schema import example_board

LINES = (
    '{"board": 1, "dealer": "N", "auction": ["1C", "Pass", "1H!"]}\n'
    '{"board": 2, "dealer": "E", "deal": {"N": null, "E": "AKQJT98765432...", "S": null, "W": null}}\n'
    '{"board": 3, "tags": {"Event": "Zoë \\"cup\\""}}\n'
)


def test_one_object_a_line_in_schema_order() -> None:
    b = example_board()
    text = J.dumps([b, b.replace(number=8)])
    lines = text.splitlines()
    assert len(lines) == 2 and text.endswith("\n")
    first = json.loads(lines[0])
    assert first == json.loads(json.dumps(schema.to_dict(b)))
    assert list(first) == list(schema.to_dict(b))
    assert "Zoë" in lines[0]  # UTF-8, not \\u escapes


def test_reads_json_lines() -> None:
    b1, b2, b3 = J.loads(LINES)
    assert b1.number == 1 and str(b1.auction[2]) == "1H!"  # type: ignore[index]
    assert b2.deal is not None and b2.deal[Seat.EAST] is not None
    assert b3.tags == {"Event": 'Zoë "cup"'}


def test_reads_an_array_and_a_boards_object() -> None:
    want = J.loads(LINES)
    arr = "[\n" + ",\n".join(LINES.strip().split("\n")) + "\n]\n"
    assert J.loads(arr) == want
    assert J.loads('{"boards": ' + arr + "}") == want
    pretty = json.dumps({"boards": [schema.to_dict(b) for b in want]}, indent=2)
    assert J.loads(pretty) == want


def test_concatenated_pretty_objects() -> None:
    bs = [example_board(), example_board().replace(number=9)]
    text = "".join(json.dumps(schema.to_dict(b), indent=2) + "\n" for b in bs)
    assert J.loads(text) == bs


def test_empty() -> None:
    assert J.dumps([]) == "[]\n"
    assert J.loads("[]") == [] and J.loads('{"boards": []}') == []
    with pytest.raises(ParseError, match="empty input") as info:
        J.loads("\n\n", source="e.json")
    assert info.value.line == 1 and info.value.source == "e.json"


def test_bad_record_names_line_and_board_and_reading_goes_on() -> None:
    text = LINES.replace('"1H!"', '"8H"')
    recs = list(J.iter_records(text, source="x.jsonl"))
    assert [type(r).__name__ for r in recs][1:] == ["Board", "Board"]
    err = recs[0]
    assert isinstance(err, ParseError) and (err.source, err.line, err.board) == ("x.jsonl", 1, "1")
    assert "auction[2]" in err.message and "'8H'" in err.message


def test_syntax_error_in_json_lines_skips_that_line_only() -> None:
    text = LINES.replace('{"board": 2, "dealer": "E",', '{"board": 2, "dealer": E,')
    recs = list(J.iter_records(text, source="x.jsonl"))
    assert len(recs) == 3
    assert isinstance(recs[1], ParseError) and recs[1].line == 2 and "json syntax error" in recs[1].message
    assert not isinstance(recs[0], BridgeError) and not isinstance(recs[2], BridgeError)


def test_card_twice_and_fourteen_cards() -> None:
    text = (
        '{"board": 4, "deal": {"N": "A...", "S": "A..."}}\n'
        '{"board": 5, "deal": {"N": "AKQJT98765432.A.."}}\n'
    )
    e1, e2 = list(J.iter_records(text, source="d.json"))
    assert isinstance(e1, InvalidDealError) and e1.line == 1 and e1.board == "4"
    assert isinstance(e2, InvalidDealError) and e2.line == 2 and "14 cards" in e2.message


def test_wrong_types() -> None:
    recs = list(J.iter_records('{"board": "7x"}\n[1]\n'))
    assert isinstance(recs[0], ParseError) and "expected an integer" in recs[0].message and recs[0].board == "7x"
    assert isinstance(recs[1], ParseError) and recs[1].line == 2


def test_array_item_lines() -> None:
    text = '[\n  {"board": 1},\n  {"board": 2, "dealer": "Q"},\n  {"board": 3}\n]\n'
    recs = list(J.iter_records(text))
    assert isinstance(recs[1], ParseError) and recs[1].line == 3
    assert [r.number for r in recs if not isinstance(r, BridgeError)] == [1, 3]


def test_array_syntax_error_stops_with_its_line() -> None:
    recs = list(J.iter_records('[\n{"board": 1},\n{"board": 2,,\n{"board": 3}]'))
    assert not isinstance(recs[0], BridgeError)
    assert isinstance(recs[1], ParseError) and recs[1].line == 3 and len(recs) == 2


def test_garbage_never_raises_a_json_error() -> None:
    for text in ["{", "[" * 5000, "}", '{"board": 1e999999}', "\x00\x01", "nul", '"x"', "[1,]"]:
        for rec in J.iter_records(text):
            assert isinstance(rec, BridgeError) or rec is not None


def test_dump_and_load_file_objects() -> None:
    fp = io.StringIO()
    J.dump([example_board()], fp)
    fp.seek(0)
    assert J.load(fp) == [example_board()]


@settings(max_examples=40, deadline=None)
@given(st.lists(boards(), max_size=3))
def test_round_trip(bs: list) -> None:  # type: ignore[type-arg]
    text = J.dumps(bs)
    assert J.loads(text) == bs
    assert "".join(J.iter_dumps(bs)) == text
    if bs:
        assert len(text.splitlines()) == len(bs)


def test_a_key_twice_is_an_error() -> None:
    recs = list(J.iter_records('{"board": 1}\n{"board": 2, "dealer": "N", "dealer": "S"}\n{"board": 3}\n'))
    assert isinstance(recs[1], ParseError) and recs[1].line == 2 and "'dealer' given twice" in recs[1].message
    assert [r.number for r in recs if not isinstance(r, BridgeError)] == [1, 3]


# -- a JSON array read a piece at a time -------------------------------------------

_ITEMS = [json.dumps({"board": n, "dealer": "NESW"[n % 4], "vulnerable": "None",
                      "auction": ["1C", "Pass", "Pass", "Pass"], "contract": "1C", "declarer": "NESW"[n % 4]})
          for n in range(1, 5)]
ARRAYS = [
    "[\n" + ",\n".join(_ITEMS) + "\n]\n",
    "[" + ", ".join(_ITEMS) + "]",                      # one line
    "\ufeff  [\n  " + ",\n  ".join(_ITEMS) + "\n  ]  \n",
    "[]", "[ ]\n", "[]\nx", "[\n]\n  1", "[", "[\n", "[1,", "[{}, ]", "[\n{\"board\": 1}\n,\n",
    "[\n" + ",\n".join(_ITEMS) + "\n",                  # no closing bracket
    "[\n" + ",\n".join(_ITEMS) + "\n]\n[",              # data after the array
    "[\n" + " x,\n".join(_ITEMS) + "\n]\n",             # junk between items
    "[\n" + ",\n".join(_ITEMS).replace('"board": 2', '"board": 2, "board": 3') + "\n]\n",
    "[\n" + ",\n".join(_ITEMS).replace('"board": 3', '"board": -3') + "\n]\n",
]


def _key(r: object) -> tuple[object, ...]:
    if isinstance(r, BridgeError):
        return ("error", str(r), r.line, r.column)
    return ("board", r)


@pytest.mark.parametrize("text", ARRAYS)
def test_an_array_in_pieces_reads_as_the_whole_text(text: str) -> None:
    whole = [_key(r) for r in J.iter_records(text, "a.json")]
    for size in (1, 2, 3, 7, 64, len(text) + 1):
        pieces = [text[i:i + size] for i in range(0, len(text), size)]
        assert [_key(r) for r in J.iter_stream(pieces, "a.json")] == whole, size


def test_an_array_streams_item_by_item() -> None:
    # a board comes out before the rest of the array is read, and the text read
    # is dropped as it goes: the unread part never holds more than a few items
    items = [_ITEMS[n % 4].replace(f'"board": {n % 4 + 1}', f'"board": {n + 1}') for n in range(2000)]
    lines = ["[\n"] + [item + (",\n" if n < 1999 else "\n") for n, item in enumerate(items)] + ["]\n"]
    taken = [0]

    def pieces() -> object:
        for line in lines:
            taken[0] += 1
            yield line

    records = J.iter_stream(pieces(), "a.json")  # type: ignore[arg-type]
    first = next(records)
    assert isinstance(first, Board) and first.number == 1
    assert taken[0] < 10
    numbers = [first.number] + [r.number for r in records]  # type: ignore[union-attr]
    assert numbers == list(range(1, 2001))
