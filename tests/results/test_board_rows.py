"""``score FILE``'s fast row and table: :class:`bridgecli.results.boards.BoardTable`, the rows
it shares between boards, and :func:`bridgecli.formats.traveller.ns_from`'s remembered scores.

The references: tabulate's own table of the cells the docs describe (board, vulnerability,
contract, declarer, result, tricks, N-S and E-W score), and scores from the Law 77 tables
through :func:`bridgecli.core.scoring.breakdown` (not the remembered path).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgecli as bc
from bridgecli.core.contract import Risk
from bridgecli.core.notation import Language
from bridgecli.core.scoring import breakdown, find_rules
from bridgecli.formats import traveller
from bridgecli.results import boards as results_boards
from bridgecli.results.boards import BoardTable, ScoredBoard, board_table, json_line, score_boards

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus" / "realworld"

contracts = st.one_of(
    st.none(),
    st.just(bc.Contract(0)),
    st.builds(bc.Contract, st.integers(1, 7), st.sampled_from(list(bc.Strain)[:5]), st.sampled_from(list(Risk)),
              st.one_of(st.none(), st.sampled_from(list(bc.Seat)))),
)


@st.composite
def scored_boards(draw: st.DrawFn) -> ScoredBoard:
    number = draw(st.one_of(st.none(), st.integers(1, 10**6)))
    vul = draw(st.one_of(st.none(), st.sampled_from(list(bc.Vulnerability))))
    c = draw(contracts)
    tricks = draw(st.one_of(st.none(), st.integers(0, 13)))
    ns = draw(st.one_of(st.none(), st.integers(-7600, 7600)))
    return ScoredBoard(bc.Board(number=number, vulnerability=vul), c, tricks, ns)


def expected_cells(sb: ScoredBoard, lang: Language) -> list[object]:
    """A row as docs/commands/score.md describes it, worked out here field by field."""
    board = sb.board
    assert board is not None
    vul = board.vulnerability
    if vul is None and board.number:
        vul = bc.Vulnerability.from_board(board.number)
    c, tricks, ns = sb.contract, sb.tricks, sb.ns
    result = ""
    if c is not None and tricks is not None and c.level:
        d = tricks - c.level - 6
        result = "=" if d == 0 else f"{d:+d}"
    return [
        "" if board.number is None else board.number,
        "" if vul is None else lang.vul_str(vul),
        "" if c is None else lang.contract_str(c),
        "" if c is None or c.declarer is None else lang.seat_str(c.declarer),
        result,
        "" if tricks is None else tricks,
        "" if ns is None or ns < 0 else ns,
        "" if ns is None or ns >= 0 else -ns,
    ]


def tabulated(rows: list[ScoredBoard], lang: Language, style: str) -> str:
    from tabulate import tabulate

    headers = [lang.word(k) for k in results_boards.HEADINGS]
    align = ["right", "left", "left", "left", "left", "right", "right", "right"]
    return str(tabulate([expected_cells(r, lang) for r in rows], headers=headers, tablefmt=style,
                        disable_numparse=True, colalign=align))


@settings(max_examples=80, deadline=None)
@given(st.lists(scored_boards(), max_size=12), st.sampled_from(["en", "pl", "hu"]),
       st.sampled_from(["simple", "plain", "github"]))
def test_board_table_is_tabulates_table_of_the_rows(rows: list[ScoredBoard], code: str, style: str) -> None:
    lang = bc.get_language(code)
    table = BoardTable(lang, style)
    for sb in rows:
        table.add(sb)
    assert len(table) == len(rows)
    assert table.text() == tabulated(rows, lang, style) == board_table(rows, lang, style)
    assert [sb.cells(lang) for sb in rows] == [expected_cells(sb, lang) for sb in rows]


@settings(max_examples=30, deadline=None)
@given(st.lists(scored_boards(), min_size=1, max_size=10), st.lists(scored_boards(), max_size=10))
def test_a_table_printed_in_parts_is_each_parts_own_table(first: list[ScoredBoard],
                                                          second: list[ScoredBoard]) -> None:
    table = BoardTable()
    for sb in first:
        table.add(sb)
    assert table.text() == board_table(first)
    table.clear()
    assert len(table) == 0
    for sb in second:
        table.add(sb)
    assert table.text() == board_table(second)  # the headings alone when the part is empty


@settings(max_examples=80, deadline=None)
@given(st.lists(scored_boards(), max_size=6))
def test_json_line_is_json_dumps_of_the_record(rows: list[ScoredBoard]) -> None:
    for sb in [*rows, *rows, ScoredBoard(None, error=bc.ParseError("bad"))]:  # twice: the shared part remembered
        assert json_line(sb) == json.dumps(sb.as_dict()) and sb.as_json() == sb.as_dict()
        assert json.loads(json_line(sb))["board"] == (None if sb.board is None else sb.board.number)


def test_boards_not_scored_have_no_row() -> None:
    table = BoardTable()
    table.add(ScoredBoard(None, error=bc.ParseError("bad")))
    table.add(ScoredBoard(bc.Board(number=1), error=bc.RuleError("no")))
    assert len(table) == 0 and table.text() == board_table([])


def test_shared_rows_stay_few() -> None:
    lang = bc.get_language("en")
    for n in range(results_boards._ROWS_MAX + 10):
        ScoredBoard(bc.Board(number=1), bc.Contract(1), 7, n).cells(lang)
    assert 0 < len(results_boards._ROWS) <= results_boards._ROWS_MAX


def test_a_fast_scored_board_is_the_dataclasss() -> None:
    board = bc.Board(number=3)
    c = bc.Contract(4, bc.Strain.SPADES, Risk.UNDOUBLED, bc.Seat.EAST)
    fast = results_boards._scored_board(board, c, 10, -620, "a note")
    slow = ScoredBoard(board, c, 10, -620, None, "a note")
    assert fast == slow and repr(fast) == repr(slow)
    with pytest.raises(AttributeError):
        fast.ns = 1  # type: ignore[misc]  # still frozen


# -- ns_from's remembered scores ------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 7), st.sampled_from(list(bc.Strain)[:5]), st.sampled_from(list(Risk)),
       st.sampled_from(list(bc.Seat)), st.sampled_from(list(bc.Vulnerability)), st.integers(0, 13),
       st.sampled_from(["duplicate", "oldmp"]))
def test_ns_from_is_law_77s_score(level: int, strain: bc.Strain, risk: Risk, seat: bc.Seat,
                                   vul: bc.Vulnerability, tricks: int, scheme: str) -> None:
    rules = find_rules(scheme)
    c = bc.Contract(level, strain, risk, seat)
    total = breakdown(c, tricks, vul.is_vul(seat), rules).total
    want = total if seat in (bc.Seat.NORTH, bc.Seat.SOUTH) else -total
    board = bc.Board(number=1, vulnerability=vul)
    assert traveller.ns_from(board, c, tricks, rules) == want
    assert traveller.ns_from(board, c, tricks, rules) == want  # remembered
    twin = bc.Contract(level, strain, risk, seat)  # an equal contract, another object
    assert traveller.ns_from(board, twin, tricks, rules) == want


def test_ns_from_remembers_a_bounded_number() -> None:
    board = bc.Board(number=1)
    for _ in range(traveller._NS_SCORES_MAX + 10):
        c = bc.Contract(3, bc.Strain.NOTRUMP, Risk.UNDOUBLED, bc.Seat.NORTH)  # a new object each time
        assert traveller.ns_from(board, c, 9) == 400
    assert 0 < len(traveller._NS_SCORES) <= traveller._NS_SCORES_MAX


# -- files: the shared rows and the table against the general table ------------------------


def _files() -> list[Path]:
    paths = sorted((ROOT / "sample_deals").rglob("*.pbn"))
    if CORPUS.is_dir():
        paths += sorted(CORPUS.rglob("*.pbn")) + sorted(CORPUS.rglob("*.lin"))
    return paths


@pytest.mark.filterwarnings("ignore::bridgecli.core.errors.ReadWarning")  # other programs' files: warned of, read
def test_files_table_is_the_general_table() -> None:
    checked = 0
    for path in _files():
        text = path.read_text(encoding="utf-8", errors="replace")
        if len(text) > 60_000:  # a fast slice: the games of a big PBN file's first 60 KB
            if path.suffix != ".pbn":
                continue
            text = text[:max(text.rfind("\n\n", 0, 60_000), 0)] or text
        try:
            scored = list(score_boards(text, keep_going=True))
        except bc.BridgeError:
            continue  # a file that cannot be read at all: no table either way
        for code in ("en", "pl"):
            lang = bc.get_language(code)
            table = BoardTable(lang)
            for sb in scored:
                table.add(sb)
            rows = [sb for sb in scored if sb.error is None and sb.board is not None]
            assert table.text() == tabulated(rows, lang, "simple"), path.name
            checked += len(rows)
    assert checked > 0
