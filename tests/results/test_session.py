"""The SESSION file of ``bridgecli results``: reading, checks and records
(:mod:`bridgecli.results.session`)."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from bridgecli.core.errors import ParseError, RuleError
from bridgecli.core.event_scoring import EventScoring
from bridgecli.results.session import MARKER, load_session, session_records, text_report, write_site

from ..conftest import ROOT

EXAMPLE = ROOT / "docs" / "examples" / "session.yaml"

# Two tables, two boards. Board 1 (none vulnerable): 4S= by N is +420, 4S-1 by N is -50.
# Board 2 (N-S vulnerable): 3NT= by S is +600, 3NT+1 by S is +630.
TWO_TABLES = """\
event: Wtorek
date: 2026-12-01
club: Klub Brydżowy Łódź
pairs:
  1: [Zażółć Gęślą, Jaźń Świętokrzyska]
  2: {names: [Ödön Győri, Árpád Fűzfa], club: BC Győr, members: ["H-1", "H-2"]}
  3: Jan Kowalski & Anna Nowak
  4: [Éva Szabó, Péter Kiss]
results:
  - {board: 1, ns: 1, ew: 3, contract: 4S, declarer: N, result: "="}
  - {board: 1, ns: 2, ew: 4, contract: 4S, declarer: N, result: "-1"}
  - {board: 2, ns: 1, ew: 4, contract: 3NT, declarer: S, result: "="}
  - {board: 2, ns: 2, ew: 3, contract: 3NT, declarer: S, result: "+1"}
"""


def write(tmp_path: Path, text: str, name: str = "session.yaml") -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


def test_a_session_file_with_inline_results(tmp_path):
    session = load_session(write(tmp_path, TWO_TABLES))
    assert (session.name, session.date, session.club) == ("Wtorek", "2026-12-01", "Klub Brydżowy Łódź")
    assert session.pair("1").names == ("Zażółć Gęślą", "Jaźń Świętokrzyska")
    assert session.pair("2").club == "BC Győr" and session.pair("2").members == ("H-1", "H-2")
    assert session.pair("3").names == ("Jan Kowalski", "Anna Nowak")  # "A & B" is two players
    assert [r.score for r in session.results] == [420, -50, 600, 630]
    event = session.event()
    assert event.pairs is not None
    # each board has two results: the better score takes the top (2), the other 0; board 1
    # goes to N-S 1 and E-W 4, board 2 to N-S 2 and E-W 4
    standing = {p.pair: (p.direction, p.mp, p.percentage) for p in event.pairs.standings}
    assert standing == {"1": ("NS", 2.0, 50.0), "2": ("NS", 2.0, 50.0), "3": ("EW", 0.0, 0.0),
                        "4": ("EW", 4.0, 100.0)}


def test_records_carry_the_players(tmp_path):
    session = load_session(write(tmp_path, TWO_TABLES))
    records = list(session_records(session, session.event()))
    assert records[0] == {"record": "session", "event": "Wtorek", "date": "2026-12-01",
                          "club": "Klub Brydżowy Łódź", "boards": 2, "tables": 4}
    assert [r["record"] for r in records[1:]] == ["result"] * 4 + ["pair"] * 4
    two = next(r for r in records if r["record"] == "pair" and r["pair"] == 2)
    assert two["names"] == ["Ödön Győri", "Árpád Fűzfa"] and two["club"] == "BC Győr"
    assert two["members"] == ["H-1", "H-2"]


def test_text_lists_the_players_after_the_rankings(tmp_path):
    session = load_session(write(tmp_path, TWO_TABLES))
    text = text_report(session, session.event())
    assert text.splitlines()[0] == "Wtorek · Klub Brydżowy Łódź · 2026-12-01"
    assert "Ödön Győri, Árpád Fűzfa" in text.split("Players")[1]


def test_a_pair_missing_from_pairs_is_named_with_its_line(tmp_path):
    path = write(tmp_path, TWO_TABLES.replace("ew: 4, contract: 3NT", "ew: 7, contract: 3NT"))
    with pytest.raises(RuleError, match=r"pair '7' of board 2 is not in pairs") as info:
        load_session(path)
    assert info.value.line == 12 and info.value.source == path


def test_a_pair_missing_from_a_results_file_is_named_at_the_file_line(tmp_path):
    (tmp_path / "t.csv").write_text("board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=\n1,3,9,4S,N,-1\n")
    path = write(tmp_path, "pairs: {1: [A, B], 2: [C, D], 3: [E, F]}\nresults: t.csv\n")
    with pytest.raises(RuleError, match="pair '9' of board 1") as info:
        load_session(path)
    assert info.value.line == 3 and info.value.source.endswith("t.csv")


@pytest.mark.parametrize(("text", "message", "line"), [
    ("results: []\nfoo: 1\n", "unknown key 'foo'", 2),
    ("results: t.csv\nmovement: {name: mitchell, seats: 3}\n", "movement: unknown key 'seats'", 2),
    ("results: t.csv\nmovement: {name: mitchel, tables: 3}\n", "did you mean 'mitchell'", 2),
    ("results: []\nscoring: {rank_by: votes}\n", "scoring: rank_by is one of", 2),
    ("results: []\nscoring: {ties: 1}\n", "unknown scoring key 'ties'", 2),
    ("results: []\npairs: {1: [A, B], 1: [C, D]}\n", "pair '1' is listed twice", 2),
    ("results:\n  - {board: 1, ns: 1, ew: 2, contract: 4S, declarer: N, result: 11}\n  - 7\n",
     "a result is a mapping", 3),
    ("results: 3\n", "results is a file name", 1),
    ("results: []\nevent: A\nevent: B\n", "'event' is given twice", 3),
    ("results: []\npairs:\n  1: {names: [A], members: ['1', '2']}\n", "2 member numbers for 1 names", 3),
    ("results: [\n", "bad YAML", None),
])
def test_bad_session_files_say_what_and_where(tmp_path, text, message, line):
    path = write(tmp_path, text)
    with pytest.raises(ParseError, match=message) as info:
        load_session(path)
    if line is not None:
        assert info.value.line == line


def test_a_results_file_that_is_missing_is_named(tmp_path):
    with pytest.raises(ParseError, match=r"cannot read '.*nothere.csv'"):
        load_session(write(tmp_path, "results: nothere.csv\n"))


def test_scoring_maps_to_the_event_conventions(tmp_path):
    session = load_session(write(tmp_path, TWO_TABLES + "scoring: {rank-by: butler, butler_trim_from: 3}\n"))
    assert session.scoring == EventScoring(rank_by="butler", butler_trim_from=3)
    session = load_session(write(tmp_path, TWO_TABLES + "scoring: IMP;Cross2\n"))
    assert session.scoring == EventScoring(cross="mean", totals="per-board", rank_by="cross")


def test_a_bare_pbn_results_file_is_a_session_with_its_deals():
    session = load_session(str(ROOT / "sample_deals" / "valid" / "club_session.pbn"))
    assert session.name == "Thursday Club Pairs" and session.club == "Kraków POL"
    assert len(session.boards) == 18 and set(session.boards) == set(session.board_labels())
    assert session.pairs == {}


def test_the_example_session_reads_its_deals_and_results():
    session = load_session(str(EXAMPLE))
    assert session.board_labels() == ["1", "2", "3", "4", "5", "6"]
    assert set(session.boards) == set(session.board_labels())
    assert len(session.results) == 18  # three tables, three rounds of two boards
    assert len(session.pairs) == 6


# -- the site on disk ----------------------------------------------------------------


def test_write_site_replaces_only_a_site_it_wrote(tmp_path):
    target = tmp_path / "site"
    write_site({"index.html": "one"}, str(target))
    assert (target / "index.html").read_text() == "one" and (target / MARKER).is_file()
    write_site({"index.html": "two"}, str(target))
    assert (target / "index.html").read_text() == "two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no temp dir left
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    with pytest.raises(ParseError, match="not empty and holds no site"):
        write_site({"index.html": "x"}, str(other))
    assert [p.name for p in other.iterdir()] == ["notes.txt"]
    (tmp_path / "file").write_text("x")
    with pytest.raises(ParseError, match="is not a directory"):
        write_site({"index.html": "x"}, str(tmp_path / "file"))


def test_write_site_that_fails_leaves_the_old_site(tmp_path):
    target = tmp_path / "site"
    write_site({"index.html": "old"}, str(target))
    with pytest.raises(OSError):
        write_site({"index.html": "new", "sub/page.html": "no such folder"}, str(target))
    assert (target / "index.html").read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_round_and_table_columns_are_kept_for_the_movement(tmp_path):
    from bridgecli.formats import boards
    from bridgecli.formats.traveller import loads_csv, results_from_boards

    rows = loads_csv("board,ns,ew,contract,declarer,result,round,table\n1,1,2,4S,N,=,3,7\n1,3,4,4S,N,-1,,\n")
    assert [(r.round, r.table) for r in rows] == [("3", "7"), (None, None)]
    assert rows[0].score == 420  # where it was played changes nothing of the score
    pbn = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
           '[Deal "N:AKQJ.AKQ.AK.AKQJ T987.JT9.QJ.T987 6543.876.T98.654 2.5432.765432.32"]\n'
           '[ScoreTable "Table\\1R;Round\\1R;PairId_NS\\1R;PairId_EW\\1R;Contract\\2L;Declarer\\1R;'
           'Result\\2R;Score_NS\\3R;Score_EW\\3R"]\n2 5 1 4 4S N 10 420 -\n')
    results = results_from_boards(boards.loads(pbn, "pbn"))
    assert [(r.table, r.round, r.ns, r.ew, r.score) for r in results] == [("2", "5", "1", "4", 420)]
    session = load_session(write(tmp_path, TWO_TABLES.replace('result: "="}', 'result: "=", round: 1, table: 2}', 1)))
    assert (session.results[0].round, session.results[0].table) == ("1", "2")


def test_write_site_through_a_link_replaces_its_target(tmp_path):
    real = tmp_path / "real"
    write_site({"index.html": "one"}, str(real))
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    write_site({"index.html": "two"}, str(link))
    assert link.is_symlink() and (real / "index.html").read_text() == "two"


def _example_without_seats(tmp_path, movement: str) -> str:
    """The example session, its traveller without the round and table columns, with ``movement``."""
    rows = (EXAMPLE.parent / "session-results.csv").read_text(encoding="utf-8").splitlines()
    (tmp_path / "r.csv").write_text("\n".join(",".join(r.split(",")[:7]) for r in rows) + "\n", encoding="utf-8")
    shutil.copy(EXAMPLE.parent / "session-boards.pbn", tmp_path / "session-boards.pbn")
    text = _without_movement().replace("results: session-results.csv", "results: r.csv")
    return write(tmp_path, text + movement)


def _without_movement() -> str:
    return "".join(line for line in EXAMPLE.read_text(encoding="utf-8").splitlines(keepends=True)
                   if not line.startswith("movement:"))


def test_the_movement_seats_each_result(tmp_path):
    given = load_session(str(EXAMPLE))  # its traveller says the round and table of each result
    assert all(r.round and r.table for r in given.results)
    placed = load_session(_example_without_seats(tmp_path, "movement: {name: mitchell, tables: 3}\n"))
    # the example is the built-in three-table Mitchell: the same rounds and tables
    assert sorted((r.board, r.ns, r.round, r.table) for r in placed.results) == \
        sorted((r.board, r.ns, r.round, r.table) for r in given.results)
    # the traveller's own columns agree with the movement: accepted as they are
    assert load_session(write(tmp_path, _without_movement().replace(
        "results: session-results.csv", f"results: {EXAMPLE.parent / 'session-results.csv'}")
        .replace("boards: session-boards.pbn", "") + "movement: {name: mitchell, tables: 3}\n", "e.yaml")).results


def _slots() -> list[tuple[int, int, int, int, int]]:
    """(board, ns, ew, round, table) of every board of the three-table Mitchell of the
    example: N-S 1-3 stay at tables 1-3, E-W 4-6 move up a table a round, boards 1-2 start
    at table 1, 3-4 at table 2, 5-6 at table 3 and move down a table a round."""
    out = []
    for rnd in (1, 2, 3):
        for table in (1, 2, 3):
            ew = 4 + (table - rnd) % 3
            first = 1 + 2 * ((table - 1 + rnd - 1) % 3)
            out += [(b, table, ew, rnd, table) for b in (first, first + 1)]
    return out


def test_results_are_checked_against_the_movement(tmp_path):
    header = "board,ns,ew,contract,declarer,result,round,table"
    rows = [f"{b},{ns},{ew},1NT,N,=,{r},{t}" for b, ns, ew, r, t in _slots()]
    # board 1: +420 at table 1 round 1 (1 v 4), +450 at table 3 round 2 (3 v 5), and no
    # result from table 2 round 3 (2 v 6)
    rows = [row.replace("1NT,N,=", "4S,N,=") if row.startswith("1,1,4,") else
            row.replace("1NT,N,=", "4S,N,+1") if row.startswith("1,3,5,") else row
            for row in rows if not row.startswith("1,2,6,")]
    lines = [header, *rows,
             "2,1,4,1NT,N,=,1,1",     # line 19: given twice
             "1,1,5,1NT,N,=,,",       # line 20: 1 and 5 meet in round 3 at table 1, on boards 5-6
             "3,1,2,1NT,N,=,,",       # line 21: two N-S pairs
             "3,1,4,1NT,N,=,1,2"]     # line 22: board 3 is not played by 1 v 4 (boards 1-2)
    (tmp_path / "r.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    path = write(tmp_path, "results: r.csv\nmovement: {name: mitchell, tables: 3}\n")
    session = load_session(path)
    named = [(p.line, str(p)) for p in session.problems]
    assert named == [
        (19, "board 2: N-S 1 against E-W 4 is given twice (first at line 3)"),
        (20, ("board 1 is not in play at table 1 in round 3, where the movement 'mitchell' seats N-S 1 against "
             "E-W 5 (boards 5-6)")),
        (21, "board 3: the movement 'mitchell' never seats N-S 1 against E-W 2"),
        (22, ("board 3 is not in play at table 1 in round 1, where the movement 'mitchell' seats N-S 1 against "
             "E-W 4 (boards 1-2)")),
        (None, "board 1 has no result from round 3, table 2 (N-S 2, E-W 6): scored with Neuberg without it"),
    ]
    assert all(p.source.endswith("r.csv") for p in session.problems)
    assert len(session.results) == 17 and session.expected == 3  # the rest kept
    board1 = [r for r in session.event().pairs.results if r.result.board == "1"]
    # two results of three: +450 beats +420 (2 of a top of 2), Neuberg (2 + 1) * 3 / 2 - 1 = 3.5
    # of the full top 4, +420 (0 + 1) * 3 / 2 - 1 = 0.5
    assert [(r.result.ns, r.mp_ns, r.mp_ew, r.top) for r in board1] == [("1", 0.5, 3.5, 4), ("3", 3.5, 0.5, 4)]


def test_a_result_at_the_wrong_table_is_named(tmp_path):
    path = _example_without_seats(tmp_path, "movement: {name: mitchell, tables: 3}\n")
    (tmp_path / "r.csv").write_text("board,ns,ew,contract,declarer,result,round,table\n1,1,4,4S,N,=,2,1\n")
    problems = load_session(path).problems
    assert (problems[0].line, str(problems[0])) == (
        2, "board 1: round 2, table 1, but the movement 'mitchell' seats N-S 1 and E-W 4 at round 1, table 1")
    # left out, so every slot of the movement, its own too, has no result
    assert len(problems) == 1 + 18


def test_two_sections_play_the_movement_each(tmp_path):
    header = "board,section,ns,ew,contract,declarer,result"
    rows = [f"{b},{sec},{ns},{ew},1NT,N,=" for sec in "AB" for b, ns, ew, _r, _t in _slots()]
    rows.remove("1,B,2,6,1NT,N,=")  # section B, round 3, table 2
    (tmp_path / "r.csv").write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    names = "".join(f"  {sec}{n}: [Player {sec}{n}a, Player {sec}{n}b]\n" for sec in "AB" for n in range(1, 7))
    path = write(tmp_path, f"pairs:\n{names}results: r.csv\nmovement: {{name: mitchell, tables: 3}}\n")
    session = load_session(path)
    assert [str(p) for p in session.problems] == [
        "board 1 has no result from section B, round 3, table 2 (N-S 2, E-W 6): scored with Neuberg without it"]
    event = session.event()
    # the sections number their pairs alike: scored apart, pairs A1 ... B6, ranked per section
    assert event.pairs.conventions.sections == "apart"
    assert sorted({p.field for p in event.pairs.standings}) == ["A EW", "A NS", "B EW", "B NS"]
    assert {p.pair for p in event.pairs.standings} == {f"{s}{n}" for s in "AB" for n in range(1, 7)}
    with pytest.raises(RuleError, match="pair 'A1' of board 1 is not in pairs:"):
        load_session(write(tmp_path, f"pairs:\n{names.replace('  A1:', '  X1:')}results: r.csv\n", "n.yaml"))


def test_scoring_takes_the_datum_rounding_and_the_matchpoint_scale(tmp_path):
    session = load_session(write(tmp_path, TWO_TABLES + "scoring: {butler-round: none, mp-scale: mp2}\n"))
    assert session.scoring == EventScoring(butler_round="none", mp_scale="mp2")
    assert load_session(write(tmp_path, TWO_TABLES + "scoring: {butler_round: 1}\n")).scoring.butler_round == "1"
    # board 1: +420 and -50, both kept: (420 - 50) / 2 = 185, not rounded to 190; MP2 top 1
    records = [r for r in session_records(session, session.event()) if r["record"] == "result"]
    assert [(r["board"], r["datum"], r["mp_ns"], r["top"]) for r in records] == [
        (1, 185, 1, 1), (1, 185, 0, 1), (2, 615, 0, 1), (2, 615, 1, 1)]
    with pytest.raises(ParseError, match="butler_round is one of 10, 1, none, not 5"):
        load_session(write(tmp_path, TWO_TABLES + "scoring: {butler-round: 5}\n"))
