"""``render_brief`` remembers the texts of calls and results by identity (the PBN reader
shares one object for each plain call and contract): it must print what the general
path (:func:`~bridgecli.render.text._render_brief_general`, built from ``auction_rows``
and ``result_text``) prints, board after board, whatever the memo holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core.board import AnnotatedCall, Board
from bridgecli.core.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE
from bridgecli.core.notation import LANGUAGES
from bridgecli.formats import read_boards
from bridgecli.render import text
from bridgecli.render.text import _render_brief_general, render_brief

from ..conftest import SAMPLES
from ..formats.strategies import annotated_calls, contracts, ends, seats, vuls

# the objects a reader shares between boards, as the PBN reader does
PLAIN = [AnnotatedCall(c) for c in (*ALL_BIDS, PASS, DOUBLE, REDOUBLE)]
PASS_CALL = PLAIN[len(ALL_BIDS)]


@st.composite
def runs(draw: Any) -> list[Board]:
    """Boards whose calls and contracts come from one pool of objects, as a file's do."""
    pool = PLAIN + draw(st.lists(annotated_calls(), max_size=6))
    outcomes = [None, *draw(st.lists(contracts, min_size=1, max_size=4))]
    # now and then closed by three passes from the pool (All Pass, unless one is annotated)
    tails = st.sampled_from([(), (PASS_CALL,) * 3, (PASS_CALL, PASS_CALL, pool[-1])])
    calls = st.tuples(st.lists(st.sampled_from(pool), max_size=13), tails).map(lambda t: (*t[0], *t[1]))
    maybe = lambda s: draw(st.none() | s)
    return [
        Board(number=maybe(st.integers(1, 10_000)), dealer=maybe(seats), vulnerability=maybe(vuls),
              auction=maybe(calls), auction_end=draw(ends),
              contract=draw(st.sampled_from(outcomes)), result=maybe(st.integers(0, 13)), auction_from=maybe(seats))
        for _ in range(draw(st.integers(1, 6)))
    ]


def _red(s: str) -> str:
    return f"<{s}>"


@settings(max_examples=100, deadline=None)
@given(runs(), st.sampled_from(sorted(LANGUAGES)), st.booleans(), st.booleans(), st.booleans())
def test_the_brief_line_agrees_with_the_general_path(run: list[Board], code: str, ascii: bool, red: bool,
                                                     small: bool) -> None:
    lang = LANGUAGES[code]
    style = _red if red else None
    with mock.patch.object(text, "_MEMO_SIZE", 2 if small else text._MEMO_SIZE):  # small: the memo starts again
        for board in run + run:
            assert render_brief(board, lang=lang, ascii=ascii, red=style) == _render_brief_general(
                board, lang=lang, ascii=ascii, red=style)


def test_the_sample_files_read_as_the_general_path_draws_them() -> None:
    files = sorted(Path(SAMPLES, "valid").glob("*.pbn"))
    assert files
    for path in files:
        for board in read_boards(path.read_text(encoding="utf-8"), "pbn"):
            for lang in LANGUAGES.values():
                for ascii in (False, True):
                    assert render_brief(board, lang=lang, ascii=ascii) == _render_brief_general(
                        board, lang=lang, ascii=ascii)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.none() | seats, st.none() | vuls, contracts, st.integers(0, 13)), min_size=2,
                max_size=8),
       st.sampled_from(sorted(LANGUAGES)), st.booleans())
def test_the_brief_columns_line_up_in_every_language(rows: list[Any], code: str, ascii: bool) -> None:
    # issue #31: "Rozdanie 1  N  obie przed" and "Rozdanie 2  E  NS po" put the contract and the
    # calls at different columns; the columns are as wide as the language's widest words
    lang = LANGUAGES[code]
    calls = (PLAIN[0], PASS_CALL, PASS_CALL, PASS_CALL)
    firsts, starts = set(), set()
    for dealer, vul, contract, result in rows:
        board = Board(number=7, dealer=dealer, vulnerability=vul, auction=calls, contract=contract, result=result)
        line = render_brief(board, lang=lang, ascii=ascii)
        result_part = text.result_text(board, lang=lang, ascii=ascii).removeprefix(lang.word("contract") + ": ")
        calls_part = text._brief_calls(board, calls, text._brief_memo(lang, ascii))
        assert line.endswith("  " + calls_part)
        firsts.add(line.rindex(result_part, 0, len(line) - len(calls_part)))
        starts.add(len(line) - len(calls_part))
    assert len(firsts) == 1 and len(starts) == 1, (firsts, starts)
