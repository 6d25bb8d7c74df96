"""The writers' fast paths agree with the general ones: the JSON line put together by
hand is ``json.dumps`` of ``schema.to_dict`` (same options), and a PBN game copied
as read is what :func:`pbn.board_text` writes for the board."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bridgecli.core.board import AnnotatedCall, Board, PlayedCard
from bridgecli.core.calls import PASS
from bridgecli.core.cards import DECK
from bridgecli.core.errors import BridgeError
from bridgecli.formats import json_format, pbn, schema

from .strategies import boards, complete_deals, names, texts


def _reference(board: Board) -> str:
    """What the JSON writer wrote before it was put together by hand."""
    return json.dumps(schema.to_dict(board), ensure_ascii=False)


@settings(max_examples=60, deadline=None)
@given(boards())
def test_json_by_hand_is_json_dumps_of_to_dict(board: Board) -> None:
    assert json_format.board_json(board) == _reference(board)


def _read_back(board: Board) -> Board | None:
    """The board written as PBN and read again (a LazyBoard where its deal or play is
    canonical); None when PBN cannot hold it."""
    try:
        text = pbn.board_text(board)  # no header: the game is read as the reader's fast path reads it
    except BridgeError:
        return None
    records = list(pbn.iter_records(text))
    return records[0] if len(records) == 1 and isinstance(records[0], Board) else None


@st.composite
def export_boards(draw: st.DrawFn) -> Board:
    """Boards as the PBN writer writes them in its plainest form (the export-style
    games of the reader's fast path), with now and then something less plain."""
    board: Board = draw(boards())
    n = draw(st.integers(0, 52))
    cards = [PlayedCard(c) for c in draw(st.permutations(DECK))[:n]]
    play = tuple(tuple(cards[i:i + 4]) for i in range(0, n, 4))
    tags = {k: v for k, v in board.tags.items() if k.isascii() and k.isalnum() and "\n" not in v and "\r" not in v}
    return dataclasses.replace(
        board, variant=None, extra={}, sections=draw(st.sampled_from([(), board.sections])),
        comments=draw(st.sampled_from([(), (), board.comments])), tags=tags,
        deal=draw(st.sampled_from([board.deal, draw(complete_deals())])),
        play=draw(st.sampled_from([board.play, play, play])),
        play_end=draw(st.sampled_from(["", "*", board.play_end])),
    )


@settings(max_examples=80, deadline=None)
@given(export_boards())
def test_json_by_hand_of_boards_read_from_pbn(board: Board) -> None:
    again = _read_back(board)
    assume(again is not None)
    assert again is not None
    assert json_format.board_json(again) == _reference(again)


@settings(max_examples=80, deadline=None)
@given(boards().map(lambda b: dataclasses.replace(b, sections=(), comments=(), variant=None, extra={})))
def test_json_by_hand_of_plain_boards(board: Board) -> None:
    # the fields written by hand (no sections, comments or variant, which go the general way)
    assert json_format.board_json(board) == _reference(board)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(names, texts, max_size=6), complete_deals())
def test_json_by_hand_escapes_as_json_does(tags: dict[str, str], deal: object) -> None:
    # names as players write them, quotes, backslashes, control and non-ASCII characters
    tags = {**tags, "West": "Wiśniewska, Ewa", "Event": 'say "hi"\\ \x01\t\u2028'}
    board = Board(number=3, deal=deal, tags=tags)  # type: ignore[arg-type]
    assert json_format.board_json(board) == _reference(board)


def test_json_by_hand_of_odd_values_a_caller_may_give() -> None:
    # not str tags and int subclasses: what the encoder makes of them, as before
    for board in (Board(tags={"Event": 1}), Board(tags={"Event": None}),  # type: ignore[dict-item]
                  Board(number=True), Board(result=False),  # type: ignore[arg-type]
                  Board(auction=(AnnotatedCall(PASS, alert=True, note=2, nags=(3,)),),
                        play=((PlayedCard(None), PlayedCard(DECK[0], note=1)),))):
        assert json_format.board_json(board) == _reference(board)


SAMPLES = Path(__file__).resolve().parents[2] / "sample_deals"


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("valid/*.pbn")), ids=lambda p: p.name)
def test_json_by_hand_of_lazy_boards_read_from_pbn(path: Path) -> None:
    for board in pbn.iter_records(path.read_text(encoding="utf-8"), source=str(path)):
        if isinstance(board, Board):
            assert json_format.board_json(board) == _reference(board)
