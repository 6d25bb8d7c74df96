"""``results --to pbn``: a ScoreTable a board and the TotalScoreTable (PBN 2.1 §5), read back
by our reader and by endplay (:mod:`bridgecli.results.export`)."""

from __future__ import annotations

import io

import pytest

from bridgecli.cli import cli
from bridgecli.results.export import results_boards, results_pbn
from bridgecli.results.session import load_session

from ..conftest import ROOT

EXAMPLE = ROOT / "docs" / "examples" / "session.yaml"


def _key(session):
    return sorted((r.board, r.ns, r.ew, str(r.contract), r.tricks, r.lead, r.score, r.round, r.table)
                  for r in session.results)


@pytest.fixture(scope="module")
def exported():
    session = load_session(str(EXAMPLE))
    event = session.event()
    return session, event, results_pbn(session, event.pairs)


def test_our_reader_reads_back_the_same_session(exported, tmp_path):
    session, event, text = exported
    path = tmp_path / "out.pbn"
    path.write_text(text, encoding="utf-8")
    again = load_session(str(path))
    assert _key(again) == _key(session)
    assert [(p.pair, p.rank, p.mp) for p in again.event().pairs.standings] == \
        [(p.pair, p.rank, p.mp) for p in event.pairs.standings]
    # the TotalScoreTable gives the pairs' players, club and member numbers back
    assert {n: (p.names, p.club, p.members) for n, p in again.pairs.items()} == \
        {n: (p.names, p.club, p.members) for n, p in session.pairs.items()}
    assert (again.name, again.club, again.date) == ("Thursday Pairs", "KS Kraków", "2026.11.26")
    assert set(again.boards) == set(session.boards)


def test_the_tables_follow_the_spec_layout(exported):
    session, event, _text = exported
    boards = results_boards(session, event.pairs)
    assert [b.number for b in boards] == [1, 2, 3, 4, 5, 6]
    first = {s.name: s for s in boards[0].sections}
    header = first["ScoreTable"].header
    assert [c.split("\\")[0] for c in header.split(";")] == [
        "Table", "Round", "PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Lead", "Score_NS", "Score_EW", "MP_NS",
        "MP_EW", "Percentage_NS", "Percentage_EW"]
    assert all(c.split("\\")[1][-1] in "LR" and c.split("\\")[1][:-1].isdigit() for c in header.split(";"))
    # board 1, table 1, round 1: 2NT by S made 9 tricks, +150 to N-S, the top of 4 on the board
    assert first["ScoreTable"].rows[0].split() == ["1", "1", "1", "4", "2NT", "S", "9", "SA", "150", "-", "4", "0", "100", "0"]
    total = first["TotalScoreTable"]
    assert total.rows[0].split()[:5] == ["1", "2", "N-S", "16", "66.67"]
    assert all("TotalScoreTable" not in {s.name for s in b.sections} for b in boards[1:])
    assert all(b.tags["Scoring"] == "MP" for b in boards)


def test_endplay_reads_the_tables(exported):
    pbn = pytest.importorskip("endplay.parsers.pbn")
    session, _event, text = exported
    boards = pbn.load(io.StringIO(text))
    assert len(boards) == 6
    table = boards[0].info["ScoreTable"]
    assert [h["name"] for h in table["headers"]][:5] == ["Table", "Round", "PairId_NS", "PairId_EW", "Contract"]
    rows = [r for b in boards for r in b.info["ScoreTable"]["rows"]]
    assert len(rows) == 18
    assert sorted((r[2], r[3], r[8], r[9]) for r in rows) == sorted(
        (r.ns, r.ew, str(r.score) if r.score > 0 else "-", str(-r.score) if r.score < 0 else "-")
        for r in session.results)
    assert len(boards[0].info["TotalScoreTable"]["rows"]) == 6


def test_to_pbn_through_the_command(runner, tmp_path):
    out = tmp_path / "r.pbn"
    res = runner.invoke(cli, ["results", str(EXAMPLE), "--to", "pbn", "-o", str(out)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(cli, ["results", "-", "--json"], input=out.read_text(encoding="utf-8"))
    assert res.exit_code == 0, res.output
    first = res.output.splitlines()[0]
    assert '"event": "Thursday Pairs"' in first and '"tables": 18' in first
