"""The PBN reader's quick ways agree with its general ones: auction rows in the writer's
form (calls with a note and a NAG, ``1NT =1= $1``) read as the token-by-token reader reads
them, and edited rows either the same way or not at all (then the general way reads them)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core.board import AnnotatedCall
from bridgecli.core.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE
from bridgecli.core.errors import BridgeError
from bridgecli.formats.pbn import canon, export, games, tokens, write

CALLS = [PASS, DOUBLE, REDOUBLE, *ALL_BIDS]


@st.composite
def writer_rows(draw: st.DrawFn) -> str:
    """Auction rows as the writer writes them: four calls a line, some with a note, an
    alert or another NAG, an end mark now and then."""
    calls = []
    for _ in range(draw(st.integers(1, 14))):
        call = draw(st.sampled_from(CALLS))
        note = draw(st.none() | st.integers(1, 99))
        nag = draw(st.sampled_from([0, 0, 1, 2, 5, 99]))
        calls.append(AnnotatedCall(call, alert=nag == 1, note=note, nags=(nag,) if nag > 1 else ()))
    words = [write._call_txt(a) for a in calls]
    rows = "".join(" ".join(words[i:i + 4]) + "\n" for i in range(0, len(words), 4))
    return rows + draw(st.sampled_from(["", "", "*\n", "+\n"]))


def _token_way(text: str) -> tuple[list[AnnotatedCall], str] | None:
    try:
        out, fillers, end = tokens.parse_auction_tokens(["Auction", "N", 1, [(1, text)]])
    except BridgeError:
        return None
    assert fillers == 0
    return out, end


@settings(max_examples=100, deadline=None)
@given(writer_rows())
def test_rows_in_the_writers_form_read_as_token_by_token(rows: str) -> None:
    quick = canon.canon_auction(rows)
    assert quick is not None
    assert quick == _token_way(rows)


EDITS = [" =1=", " $1", " $0", " =0=", " =01=", "!", " $1 $2", " =1= =2=", " ^I", " *", " AP", "  ", "\n", " 1n", " pass",
         " -", " $100", " =100=", " + ", "x"]


@settings(max_examples=100, deadline=None)
@given(writer_rows(), st.integers(0, 2**32))
def test_edited_rows_read_the_same_or_go_the_general_way(rows: str, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 3)):
        at = rng.randrange(len(rows))
        rows = rows[:at] + rng.choice(EDITS) + rows[at:]
    quick = canon.canon_auction(rows)
    if quick is not None:
        assert quick == _token_way(rows)


def test_a_call_read_in_the_writers_form_is_shared_and_written_back_the_same() -> None:
    (one, two) = (canon.canon_auction("Pass 1NT =1= $1 2H\n") for _ in range(2))
    assert one is not None and two is not None
    assert one[0][1] is two[0][1] == AnnotatedCall(ALL_BIDS[4], alert=True, note=1)
    assert write._call_txt(one[0][1]) == "1NT =1= $1"


def test_export_game_in_two_parts_matches_as_the_whole_pattern() -> None:
    # _export_groups matches the head, then the tail from where it ends: the same groups as
    # the whole pattern (or None with it) on games written by the writer and edited at random
    import re

    from tests.conftest import SAMPLES

    whole = re.compile(export._EXPORT_HEAD_TEXT + export._EXPORT_TAIL_TEXT)
    games = [g + "\n" for path in sorted(SAMPLES.rglob("*.pbn"))
             for g in re.split(r"\n(?:[ \t]*\n)+", path.read_text(encoding="utf-8", errors="replace").strip())]
    rnd = random.Random(19)
    base = [g for g in games if g.startswith("[Event ")]
    assert base
    for _ in range(1500):
        g = rnd.choice(base)
        i = rnd.randrange(len(g))
        kind = rnd.randrange(3)
        if kind == 0:
            g = g[:i] + g[i + 1:]
        elif kind == 1:
            g = g[:i] + rnd.choice('[]"#\n *+ 1NTPassXSHDCAKQ=$!') + g[i:]
        else:
            lines = g.split("\n")
            a, b = rnd.randrange(len(lines)), rnd.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            g = "\n".join(lines)
        games.append(g if g.endswith("\n") else g + "\n")
    matched = 0
    for g in games:
        m = whole.fullmatch(g)
        assert export.export_groups(g) == (None if m is None else m.groups()), g
        matched += m is not None
    assert 0 < matched < len(games)


def test_the_cut_found_in_the_tail_first_is_the_whole_searchs(monkeypatch: pytest.MonkeyPatch) -> None:
    # _last_cut looks at the last _CUT_TAIL characters first: the cut it gives is the one the
    # search over the whole piece gives, wherever the tail starts (in a blank run, a brace
    # comment over blank lines, commentary, a '%' line)
    frags = ['[Event "x"]\n', '[Board "1"]\n', "\n", "\n", " \n", "\t\n", "{c\n\nd}\n", "{open\n", "}\n",
             "% dir\n", "; c\n", "1C Pass\n", "{a} 1C\n", "1C {b}\n"]
    rnd = random.Random(8)
    for _ in range(3000):
        text = "".join(rnd.choice(frags) for _ in range(rnd.randint(1, 30)))
        start = rnd.randint(0, len(text))
        whole = games._last_cut_from(text, max(0, start - 1000))
        for size in (1, 5, 17, 40):
            monkeypatch.setattr(games, "_CUT_TAIL", size)
            assert games._last_cut(text, start) == whole, (text, start, size)
