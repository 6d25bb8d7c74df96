"""Inputs that cost minutes or gigabytes (issue #32): every reader is linear in its input,
and an error message never formats a whole value. Each test builds a small input of the
shape of a large one and bounds CPU time loosely (see tests/timing.py)."""

from __future__ import annotations

import tracemalloc

import pytest

from bridgecli.core.contract import Contract
from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.formats import pbn, schema, yaml_nodes
from bridgecli.formats import yaml_format as Y

from ..timing import assert_linear

GAME = ('[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:AT9.K73.KT62.QJ3 KQJ7.9.Q85.A9652 .AQJT852.AJ4.KT8 865432.64.973.74"]\n')
PLAYED = GAME + ('[Declarer "S"]\n[Contract "4H"]\n[Auction "N"]\nPass Pass 1H Pass\n4H Pass Pass Pass\n'
                 '[Play "W"]\nS2 SA S7 ')


def _read(text: str) -> list[object]:
    return list(pbn.iter_records(text, source="f"))


def _stream(chunks: list[str]) -> list[object]:
    return list(pbn.iter_stream(chunks, source="f"))


def test_a_run_of_blank_lines_across_pieces_is_read_in_linear_time() -> None:
    # the cut between pieces looked for blank lines then '[': a run not followed by a tag was
    # read again from each of its newlines (1,100,000 blank lines over a 1 MiB piece: hours)
    def run(n: int) -> None:
        got = _stream(["\n" * n, "\n" * n, GAME])
        assert len(got) == 1 and not isinstance(got[0], BridgeError)

    assert_linear(run, 10_000)


def test_a_run_of_blank_lines_takes_no_memory_a_line() -> None:
    # the blank-run patterns repeated a group, (?:[ \t]*\n)+, and the regex engine kept an
    # entry a line: 8,000,000 blank lines then a game took 1.1 GB; now the run's text alone
    tracemalloc.start()
    try:
        got = _stream(["\n" * 500_000, "\n" * 500_000 + " \n\t\n", GAME])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(got) == 1 and not isinstance(got[0], BridgeError)
    assert peak < 20_000_000  # the 1 MB run held a few times; was about 120 MB
    assert [b.number for b in _read("\n" * 200_000 + GAME + "\n \n\t\n" + GAME)] == [1, 1]  # type: ignore[attr-defined]


def test_blank_lines_before_the_first_game_keep_its_line_number() -> None:
    got = _stream(["\n" * 5000, "\n" * 5000 + " \n\t\n" + GAME])
    assert [b.number for b in got] == [1]  # type: ignore[union-attr]
    bad = _stream(["\n" * 3000, GAME + '[Contract "9Z"]\n'])
    assert isinstance(bad[0], BridgeError) and bad[0].line == 3000 + 6


@pytest.mark.parametrize("fmt", ["any", "yaml", "json"])
def test_looking_at_a_stream_after_a_long_blank_start_is_linear(fmt: str) -> None:
    # a look at a stream's start (its format, a YAML list, a JSON "boards" object) read the
    # whole start again at each piece (20 MB of blank lines: 13 s)
    from bridgecli.formats import json_format, stream

    first = {"any": GAME, "yaml": "- board: 1\n", "json": '{"boards": []}\n'}[fmt]

    def run(n: int) -> None:
        chunks = ["\n" * 65536] * n + [first]
        if fmt == "json":
            found, again = json_format._is_boards_object(chunks)
            assert found
        else:
            head, again = (stream.peek if fmt == "any" else Y._head)(chunks)
            assert head.endswith(first)
        assert "".join(again).endswith(first)

    assert_linear(run, 100)


@pytest.mark.parametrize("token", ["C", "8"])
def test_a_long_card_token_is_refused_in_linear_time(token: str) -> None:
    # every split of the token into suit and rank was tried (200 KB: 12 s)
    def run(n: int) -> None:
        got = _read(PLAYED + "S" * (token == "8") + token * n + "\n")
        assert isinstance(got[0], ParseError) and "not a card" in str(got[0])
        assert len(str(got[0])) < 200

    assert_linear(run, 30_000)


def test_a_long_contract_token_is_refused_in_linear_time() -> None:
    # every length of strain token was tried (200 KB: 8 s)
    def run(n: int) -> None:
        with pytest.raises(ParseError, match="not a contract"):
            Contract.from_str("4" + "H" * n)

    assert_linear(run, 30_000)
    assert Contract.from_str("3NTXX").level == 3  # the short ones as before
    assert str(Contract.from_str("4♠X")) == "4SX"


def test_stray_braces_after_a_comment_holding_many_braces_are_linear() -> None:
    # each stray '}' counted the '{' of the whole comment before it again
    def run(n: int) -> None:
        got = _read(GAME + "{" + "{" * n + "}" + "}" * n + "\n")
        assert len(got) == 1 and not isinstance(got[0], BridgeError)

    with pbn.lenient_into([]):
        assert_linear(run, 20_000)


# -- YAML size bombs ---------------------------------------------------------------------

BOARD = ("- board: 1\n  dealer: N\n  vulnerable: None\n  deal:\n    N: AT9.K73.KT62.QJ3\n"
         "    E: KQJ7.9.Q85.A9652\n    S: .AQJT852.AJ4.KT8\n    W: 865432.64.973.74\n")


def _bomb(size: int, refs: int, where: str = "tags") -> str:
    aliases = ", ".join(["*a"] * refs)
    if where == "tags":
        return BOARD + f'  tags:\n    Event: &a "{"A" * size}"\n    Site: [{aliases}]\n'
    return f'boards:\n- board: 1\n  x: &a "{"A" * size}"\n  y: [{aliases}]\n'


@pytest.mark.parametrize("where", ["tags", "boards"])
def test_aliases_expanding_past_a_million_characters_are_refused(where: str) -> None:
    # few values (the alias limit counted values only) but 2 MB once expanded; the
    # original: a 1 MB anchor named 20,000 times (20 GB)
    text = _bomb(100_000, 20, where)
    got = list(Y.iter_records(text, source="f"))
    assert len(got) == 1 and isinstance(got[0], ParseError)
    assert "1,000,000 extra characters" in str(got[0]) and got[0].line == 1
    with pytest.raises(ParseError, match="extra characters"):
        yaml_nodes.safe_load(text)
    streamed = list(Y.iter_stream([text[:50_000], text[50_000:]], source="f"))
    assert [str(e) for e in streamed] == [str(e) for e in got]


def test_aliases_under_the_character_limit_still_read() -> None:
    text = BOARD + '  auction: [1C, Pass]\n  auction_notes:\n    1: &a "' + "n" * 1000 + '"\n    2: *a\n    3: *a\n'
    (board,) = Y.iter_records(text, source="f")
    assert not isinstance(board, BridgeError)
    assert board.auction_notes[3] == "n" * 1000  # type: ignore[union-attr]


def test_an_error_on_an_aliased_value_formats_only_its_start() -> None:
    # a value under the limits, but 900 KB formatted whole into the message before it was cut
    text = _bomb(100_000, 9)
    tracemalloc.start()
    try:
        got = list(Y.iter_records(text, source="f"))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    (err,) = got
    assert isinstance(err, ParseError) and "tags.Site: expected a string, got list ['AAA" in str(err)
    assert len(str(err)) <= 800
    assert peak < 600_000  # the text is 100 KB; the list formatted whole was 900 KB more


def test_schema_messages_are_bounded_for_long_values() -> None:
    big = ["B" * 10_000] * 1_000  # 10 MB if formatted whole
    for data in ({"board": big}, {"board": 1, "tags": {"Event": big}}, {"board": 1, "tags": {"Event": {"k": big}}}):
        tracemalloc.start()
        try:
            with pytest.raises(ParseError) as info:
                schema.from_dict(data)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert len(str(info.value)) <= 800 and "'BBB" in str(info.value)
        assert peak < 1_000_000
