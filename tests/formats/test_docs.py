"""The examples of docs/FORMATS.md are real: they read, agree and are canonical output."""

from __future__ import annotations

import re
from pathlib import Path

from bridgecli.core import PlayedCard
from bridgecli.formats import json_format, lin, yaml_format

DOC = Path(__file__).resolve().parents[2] / "docs" / "FORMATS.md"


def _block(lang: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    m = re.search(rf"^```{lang}\n(.*?)^```", text, re.DOTALL | re.MULTILINE)
    assert m, f"no ```{lang} block in FORMATS.md"
    return m.group(1)


def test_yaml_and_json_examples_are_the_same_board_and_canonical() -> None:
    y, j = _block("yaml"), _block("json")
    boards = yaml_format.loads(y)
    assert json_format.loads(j) == boards
    assert yaml_format.dumps(boards) == y
    assert json_format.dumps(boards) == j


def test_lin_example_is_the_lin_part_of_the_board() -> None:
    (board,) = yaml_format.loads(_block("yaml"))
    text = lin.dumps([board])
    assert text in DOC.read_text(encoding="utf-8")
    (back,) = lin.loads(text)
    assert board.play is not None
    plain_play = tuple(tuple(PlayedCard(p.card) for p in row) for row in board.play)  # LIN has no play notes
    assert (back.deal, back.auction, back.auction_notes, back.contract, back.result, back.play) == (
        board.deal, board.auction, board.auction_notes, board.contract, board.result, plain_play
    )
