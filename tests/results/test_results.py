"""The library behind ``bridgecli score``: ``bc.score_lines``, ``bc.score_boards``,
``bc.board_table``, ``bc.read_results``, ``bc.score_event``.

Expected scores come from the Law 77 tables (and the pre-1987 doubled undertricks
for OldMP), IMPs from the WBF scale, matchpoints from Law 78A.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgecli as bc
from bridgecli.core.errors import BridgeError
from bridgecli.core.event_store import ResultStore
from bridgecli.core.events import TableResult
from bridgecli.core.notation import ENGLISH, POLISH
from bridgecli.results.event import StreamedEvent, event_of
from tests.cli._boards import SCORED_PBN_HEAD, TEAMS_CSV
from tests.core.test_events import _RESULTS

# -- result lines -------------------------------------------------------------------


def texts(lines: list[str], **options: object) -> list[str]:
    return [s.text for s in bc.score_lines(lines, **options)]  # type: ignore[arg-type]


def test_lines_with_their_own_options() -> None:
    # 4S= not vulnerable 420; 3NT-1 vulnerable -100; 4SX-2 by E vulnerable: 500 to N-S
    assert texts(["4S=", "3NT-1 --vul both", "", "# a comment", "4SX-2 --declarer E --ns --vul ew"]) == [
        "420", "-100", "", "", "500"]


def test_keyword_arguments_are_every_lines_defaults() -> None:
    assert texts(["4S=", "4S= --vul none", "6NT="], vul="both") == ["620", "420", "1440"]
    assert texts(["3NT+1"], declarer="E", vul="ew", ns=True) == ["-630"]
    assert texts(["620 -100", "50"], imps=True) == ["12", "2"]  # 720: 12 IMPs; 50: 2 IMPs
    # doubled, not vulnerable, 4 down: 100, 300, 500, 800 today; 100, 200, 200, 200 before 1987
    assert texts(["7CX -4"]) == ["-800"]
    assert texts(["7CX -4"], scoring="oldmp") == ["-700"]


def test_option_forms_without_click() -> None:
    assert texts(["4S= --vul=ns", "4S= -dE --vul=ew", "4S -- -1"]) == ["620", "620", "-50"]


def test_json_line_is_the_breakdown() -> None:
    (line,) = texts(["4SX -1 --json"], vul="both")  # a line that asks for its JSON object
    record = json.loads(line)
    assert record["score"] == record["undertricks"] == -200
    assert record["declarer_vulnerable"] is True and record["made"] is False


def test_a_bad_line_raises_with_its_line_number() -> None:
    with pytest.raises(bc.ParseError) as info:
        list(bc.score_lines(["4S=", "4Q"], source="results.txt"))
    assert info.value.line == 2 and info.value.source == "results.txt"
    with pytest.raises(bc.ParseError, match="no such option"):
        list(bc.score_lines(["4S= --bogus"]))


def test_keep_going_yields_the_error_and_goes_on() -> None:
    got = list(bc.score_lines(["4S=", "4Q", "3NT="], keep_going=True))
    assert [s.text for s in got] == ["420", "error", "400"]
    assert [s.line for s in got] == [1, 2, 3]
    assert got[0].error is None and isinstance(got[1].error, bc.ParseError) and got[1].error.line == 2


def test_a_first_line_declares_the_language() -> None:
    # in Polish and Hungarian "C" is hearts (kier, kőr): 4C= reads as 4H=, 420 either way but
    # 5C= is 5H= (450 not 400)
    assert texts(["# lang: pl", "5C="]) == ["", "450"]
    assert texts(["5C="]) == ["400"]


def test_lines_are_scored_lazily() -> None:
    seen: list[str] = []

    def lines() -> object:
        for line in ("4S=", "4H="):
            seen.append(line)
            yield line

    it = bc.score_lines(lines())  # type: ignore[arg-type]
    assert next(it).text == "420" and seen == ["4S="]


# -- every board of a file ----------------------------------------------------------

BOARDS = SCORED_PBN_HEAD + """[Board "4"]
[Dealer "W"]
[Vulnerable "None"]
[Scoring "IMP;OldMP"]
[Declarer "W"]
[Contract "4HX"]
[Result "6"]
"""


def test_score_boards_from_text() -> None:
    scored = list(bc.score_boards(BOARDS))
    # 420; 3NTX-2 by E not vulnerable: 300 to N-S; passed out 0; 4HX-4 by W not
    # vulnerable, pre-1987 table (100, 200, 200, 200): 700 to N-S
    assert [s.ns for s in scored] == [420, 300, 0, 700]
    assert [s.result_text for s in scored] == ["=", "-2", "", "-4"]
    assert all(s.error is None for s in scored)
    assert scored[1].as_dict() == {"record": "score", "board": 2, "vulnerable": "NS", "contract": "3NTX", "declarer": "E",
                                   "result": 7, "over_under": -2, "ns": 300}


def test_scoring_given_overrides_the_boards_tag() -> None:
    # today's table: 100, 300, 500, 800
    assert [s.ns for s in bc.score_boards(BOARDS, scoring="duplicate")][3] == 800


def test_updated_board_carries_the_score_tag(tmp_path: Path) -> None:
    path = tmp_path / "b.pbn"
    path.write_text(BOARDS, encoding="utf-8")
    scored = list(bc.score_boards(path))
    updated = [s.updated() for s in scored]
    assert [b.tag("Score") for b in updated if b is not None] == ["NS 420", "NS 300", "NS 0", "NS 700"]
    assert scored[0].board is not None and scored[0].board.tag("Score") is None  # the board as read is kept


def test_a_board_that_cannot_be_scored() -> None:
    text = '[Board "7"]\n[Dealer "S"]\n[Vulnerable "All"]\n[Contract "4S"]\n[Result "10"]\n'
    with pytest.raises(bc.RuleError, match="no declarer") as info:
        list(bc.score_boards(bc.loads(text), source="x.pbn"))
    assert info.value.board == "7" and info.value.source == "x.pbn"
    (only,) = bc.score_boards(bc.loads(text), keep_going=True)
    assert isinstance(only.error, bc.RuleError) and only.ns is None and only.updated() is only.board


def test_a_recorded_score_that_disagrees_is_a_warning() -> None:
    text = BOARDS.split("\n\n")[0] + '\n[Score "NS 400"]\n'
    (only,) = bc.score_boards(text)
    assert only.ns == 420 and only.warning is not None and "'NS 400'" in only.warning


def test_board_table_is_tabulates_table() -> None:
    tabulate = pytest.importorskip("tabulate").tabulate
    scored = list(bc.score_boards(BOARDS))
    rows = [s.cells(bc.get_language("en")) for s in scored]
    headers = ["Board", "Vul", "Contract", "By", "Result", "Tricks", "NS", "EW"]
    align = ["right", "left", "left", "left", "left", "right", "right", "right"]
    for style in ("simple", "github", "plain"):
        want = tabulate(rows, headers=headers, tablefmt=style, disable_numparse=True, colalign=align)
        assert bc.board_table(scored, style=style) == want
        assert bc.board_table(rows, style=style) == want  # cells kept instead of boards: the same table
    assert bc.board_table(scored).splitlines()[2].split() == ["1", "None", "4S", "N", "=", "10", "420"]


# -- events -------------------------------------------------------------------------


PAIRS = """board,ns,ew,contract,declarer,result
1,1,4,4S,N,=
1,2,5,4S,N,=
1,3,6,4S,N,-1
"""


def test_team_match(tmp_path: Path) -> None:
    path = tmp_path / "teams.csv"
    path.write_text(TEAMS_CSV, encoding="utf-8")
    event = bc.score_event(path)
    assert event.is_teams and event.match is not None and event.pairs is None
    # board 1: 420 - (-50) = 470: 10 IMPs home; board 2 (N-S vulnerable): -100 - 600 = -700:
    # 12 IMPs to the visitors; board 3 flat
    assert [b.imps_home for b in event.match.boards] == [10, -12, 0]
    assert (event.match.home_imps, event.match.visitors_imps) == (10, 12)
    records = list(event.records())
    assert [r["record"] for r in records] == ["board", "board", "board", "match"]
    assert records[-1]["home"] == "A1 + A2"
    assert "A1 + A2      10" in event.table()


def test_pairs_event_from_text_and_from_results() -> None:
    event = bc.score_event(PAIRS)
    assert not event.is_teams and event.pairs is not None
    # 420, 420, -50: each 420 beats one score and ties one (3 of top 4); -50 beats none
    assert [r.mp_ns for r in event.pairs.results] == [3, 3, 0]
    assert [r.mp_ew for r in event.pairs.results] == [1, 1, 4]
    results = bc.read_results(PAIRS)
    assert [r.score for r in results] == [420, 420, -50]
    assert bc.score_event(results).pairs == event.pairs
    ranking = [r for r in event.records() if r["record"] == "pair"]
    assert [(r["pair"], r["percentage"]) for r in ranking if r["direction"] == "NS"] == [
        (1, 75.0), (2, 75.0), (3, 0.0)]


def test_event_from_boards_keeps_only_table_results() -> None:
    text = "".join(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[PairNS "{ns}"]\n[PairEW "{ew}"]\n'
                   f'[Declarer "N"]\n[Contract "4S"]\n[Result "{res}"]\n\n'
                   for ns, ew, res in (("1", "4", 10), ("2", "5", 9)))
    results = bc.read_results(bc.loads(text))
    assert all(isinstance(r, bc.TableResult) for r in results)
    assert [(r.ns, r.ew, r.score) for r in results] == [("1", "4", 420), ("2", "5", -50)]
    assert bc.read_results(text) == results


def test_event_errors() -> None:
    with pytest.raises(bc.ParseError, match="no results"):
        bc.score_event([])
    with pytest.raises(bc.RuleError, match="both rooms"):
        bc.score_event("board,room,ns,ew,contract,declarer,result\n1,open,A,B,4S,N,=\n")
    with pytest.raises(bc.MismatchError):
        bc.read_results("board,ns,ew,contract,declarer,result,score\n1,1,2,4S,N,=,400\n")


# -- an event written as it is scored (score --event's path) against Event ----------------


def _event_bytes(results: list[TableResult], as_json: bool, style: str, lang: object) -> str:
    """What score --event wrote before it streamed: the whole Event, then its text."""
    try:
        event = event_of(results, source="f")
    except BridgeError as exc:
        return f"error {type(exc).__name__}: {exc.where()}: {exc}"
    if as_json:
        return "\n".join(json.dumps(rec, ensure_ascii=False) for rec in event.records()) + "\n"
    return event.table(lang, style) + "\n"  # type: ignore[arg-type]


def _streamed_bytes(results: list[TableResult], as_json: bool, style: str, lang: object) -> str:
    import io

    store = ResultStore()
    for r in results:
        store.add(r)
    try:
        event = StreamedEvent(store, source="f")
    except BridgeError as exc:
        return f"error {type(exc).__name__}: {exc.where()}: {exc}"
    out = io.StringIO()
    event.write(out, as_json, lang, style)  # type: ignore[arg-type]
    return out.getvalue()


@settings(max_examples=100, deadline=None)
@given(st.lists(_RESULTS, max_size=25), st.booleans(), st.sampled_from(["simple", "simple", "grid", "github"]),
       st.sampled_from([ENGLISH, POLISH]))
def test_streamed_event_writes_what_event_wrote(results: list[TableResult], as_json: bool, style: str,
                                                lang: object) -> None:
    assert _streamed_bytes(results, as_json, style, lang) == _event_bytes(results, as_json, style, lang)


def test_streamed_event_many_lines_and_odd_cells() -> None:
    # more lines than one write; a pair name tabulate measures its own way (not ASCII)
    rows = [TableResult(str(b), f"pär {t}" if b == 7 else str(t), str(t + 10), 420 - 10 * t, lead="SQ" if t else None)
            for b in range(1, 700) for t in range(1, 8)]
    for as_json in (True, False):
        assert _streamed_bytes(rows, as_json, "simple", ENGLISH) == _event_bytes(rows, as_json, "simple", ENGLISH)
    plain = [r for r in rows if r.board != "7"]
    assert _streamed_bytes(plain, False, "simple", ENGLISH) == _event_bytes(plain, False, "simple", ENGLISH)
