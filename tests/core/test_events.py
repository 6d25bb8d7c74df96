"""Matchpoints, Neuberg, pair standings and team matches, checked against hand computation."""

from __future__ import annotations

import pytest

from bridgecli.core.errors import RuleError
from bridgecli.core.events import TableResult, is_team_event, matchpoints, neuberg, score_pairs, team_match


def test_matchpoints_mp1() -> None:
    # 2 per score beaten, 1 per equal score (Law 78A)
    assert matchpoints([420, 450, -50, 170]) == [4, 6, 0, 2]
    assert matchpoints([600, 600, 50]) == [3, 3, 0]
    assert matchpoints([100]) == [0]


def test_neuberg_bavin_example() -> None:
    # RULES.md §6: 11 results expected, 10 obtained
    assert neuberg(18, 10, 11) == pytest.approx(19.9)
    assert neuberg(16, 10, 11) == pytest.approx(17.7)
    assert neuberg(0, 10, 11) == pytest.approx(0.1)
    assert neuberg(7, 11, 11) == 7
    with pytest.raises(ValueError):
        neuberg(0, 0, 4)


def _r(board: str, ns: str, ew: str, s: int, room: str | None = None) -> TableResult:
    return TableResult(board, ns, ew, s, room=room)


EVENT = [
    _r("1", "1", "11", 420), _r("1", "2", "12", 450), _r("1", "3", "13", -50), _r("1", "4", "14", 170),
    _r("2", "1", "12", 600), _r("2", "2", "13", 600), _r("2", "3", "14", 50),
]


def test_pairs_event_by_hand() -> None:
    ev = score_pairs(EVENT)
    assert ev.expected == 4
    by = {(rs.result.board, rs.result.ns): rs for rs in ev.results}
    # board 1: full field, top 6
    assert [by[("1", p)].mp_ns for p in "1234"] == [4, 6, 0, 2]
    assert [by[("1", p)].mp_ew for p in "1234"] == [2, 0, 6, 4]
    assert by[("1", "1")].datum == 250
    assert [by[("1", p)].butler_ns for p in "1234"] == [5, 5, -7, -2]
    assert by[("1", "2")].cross_ns == pytest.approx(19 / 3)
    # board 2: 3 results of 4 -> Neuberg (MP + 1) * 4/3 - 1
    assert by[("2", "1")].mp_ns == pytest.approx(13 / 3)
    assert by[("2", "3")].mp_ns == pytest.approx(1 / 3)
    assert by[("2", "3")].mp_ew == pytest.approx(17 / 3)
    assert by[("2", "1")].mp_ew == pytest.approx(5 / 3)
    assert all(rs.top == 6 for rs in ev.results)
    pct = {p.pair: p.percentage for p in ev.standings}
    assert pct["1"] == pytest.approx(100 * (4 + 13 / 3) / 12)
    assert pct["2"] == pytest.approx(100 * (6 + 13 / 3) / 12)
    assert pct["3"] == pytest.approx(100 * (1 / 3) / 12)
    assert pct["4"] == pytest.approx(100 * 2 / 6)
    assert pct["11"] == pytest.approx(100 * 2 / 6)
    assert pct["14"] == pytest.approx(100 * (4 + 17 / 3) / 12)
    ranks = {p.pair: (p.rank, p.direction) for p in ev.standings}
    assert ranks["2"] == ("1", "NS") and ranks["1"] == ("2", "NS") and ranks["4"] == ("3", "NS")
    assert ranks["14"] == ("1", "EW") and ranks["13"] == ("2", "EW") and ranks["11"] == ("3", "EW")
    butler = {p.pair: p.butler for p in ev.standings}
    assert butler["3"] == -7 + (-9)  # board 2: 3 results, datum (600+600+50)/3 = 416.67 -> 420, 50-420 = -370 -> -9


def test_ties_share_a_rank() -> None:
    ev = score_pairs([_r("1", "1", "3", 100), _r("1", "2", "4", 100)])
    assert {p.rank for p in ev.standings} == {"1="}


def test_pair_twice_on_a_board_is_an_error() -> None:
    with pytest.raises(RuleError):
        score_pairs([_r("1", "1", "2", 100), _r("1", "1", "3", 100)])
    with pytest.raises(RuleError):
        score_pairs([_r("1", "1", "1", 100)])


def test_team_match_by_hand() -> None:
    results = [
        _r("1", "A1", "B1", 420, "Open"), _r("1", "B2", "A2", -50, "Closed"),
        _r("2", "A1", "B1", -100, "open"), _r("2", "B2", "A2", 600, "closed"),
        _r("3", "A1", "B1", -110, "open"), _r("3", "B2", "A2", -110, "closed"),
        _r("4", "A1", "B1", 50, "open"),
    ]
    assert is_team_event(results)
    m = team_match(results)
    assert [b.imps_home for b in m.boards] == [10, -12, 0]
    assert (m.home_imps, m.visitors_imps) == (10, 12)
    assert m.home == "A1 + A2" and m.visitors == "B1 + B2"
    with pytest.raises(RuleError):
        team_match([_r("1", "A", "B", 0, "lounge")])
    with pytest.raises(RuleError):
        team_match([_r("1", "A", "B", 0, "open"), _r("1", "C", "D", 0, "open")])


def test_howell_pairs_ranked_together() -> None:
    # pairs 1 and 2 change direction between the boards: one ranking for all
    ev = score_pairs([_r("1", "1", "2", 100), _r("1", "3", "4", 50), _r("2", "2", "3", 200), _r("2", "4", "1", 200)])
    assert {p.direction for p in ev.standings} == {"EW/NS"}
    ranks = {p.pair: p.rank for p in ev.standings}
    # pair 1: 2 + 1 = 3 of 4; pair 2: 0 + 1; pair 3: 0 + 1; pair 4: 2 + 1
    assert ranks == {"1": "1=", "4": "1=", "2": "3=", "3": "3="}
