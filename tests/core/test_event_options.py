"""The conventions programs differ on, as options (issue #30 item 5): matchpoints scaled to
a top, one or two winners, options overriding what a file says. Expected values worked by
hand from Law 78A (MP1: 2 a score beaten, 1 a score equalled)."""

from __future__ import annotations

import pytest

from bridgecli.core.errors import RuleError
from bridgecli.core.event_scoring import DEFAULT_SCORING, EventScoring, with_conventions
from bridgecli.core.events import TableResult, score_pairs

# A three-table Mitchell of two boards: N-S 1-3 stay, E-W 4-6 move.
MITCHELL = [
    TableResult("1", "1", "4", 420), TableResult("1", "2", "5", 450), TableResult("1", "3", "6", -50),
    TableResult("2", "1", "5", 100), TableResult("2", "2", "6", 100), TableResult("2", "3", "4", 110),
]


def test_matchpoints_as_counted_by_default() -> None:
    ev = score_pairs(MITCHELL)
    # board 1: 450 beats two (4), 420 one (2), -50 none (0); board 2: 110 beats two (4),
    # each 100 beats none and equals one (1); top 2(3-1) = 4
    assert [(r.mp_ns, r.mp_ew, r.top) for r in ev.results] == [
        (2, 2, 4), (4, 0, 4), (0, 4, 4), (1, 3, 4), (1, 3, 4), (4, 0, 4)]


def test_matchpoints_scaled_to_a_top_of_100() -> None:
    ev = score_pairs(MITCHELL, conventions=EventScoring(mp_top=100))
    assert [(r.mp_ns, r.mp_ew, r.top) for r in ev.results] == [
        (50, 50, 100), (100, 0, 100), (0, 100, 100), (25, 75, 100), (25, 75, 100), (100, 0, 100)]
    by_pair = {p.pair: (p.mp, p.top, p.percentage) for p in ev.standings}
    # pair 2: 100 + 25 of 200; the percentage is the same as unscaled (every board's top is 4)
    assert by_pair["2"] == (125, 200, 62.5)
    assert by_pair["6"] == (175, 200, 87.5)


def test_scaling_applies_after_neuberg() -> None:
    # board 2 loses a result: its two 100s get 1 MP each of a top of 2, factored by Neuberg
    # to (1 + 1) * 3 / 2 - 1 = 2 of the full top 4, then scaled to 5 of a top of 10
    rs = MITCHELL[:3] + MITCHELL[3:5]
    ev = score_pairs(rs, conventions=EventScoring(mp_top=10))
    assert [(r.mp_ns, r.mp_ew, r.top) for r in ev.results] == [
        (5, 5, 10), (10, 0, 10), (0, 10, 10), (5, 5, 10), (5, 5, 10)]


def test_one_winner_ranks_a_mitchell_together() -> None:
    ev = score_pairs(MITCHELL, conventions=EventScoring(winners="one"))
    ranking = [(p.rank, p.pair, p.direction, p.field) for p in ev.standings]
    # 6 87.5%, 2 62.5%, 3 50%, 1 and 5 37.5%, 4 25%
    assert ranking == [("1", "6", "EW", ""), ("2", "2", "NS", ""), ("3", "3", "NS", ""),
                       ("4=", "1", "NS", ""), ("4=", "5", "EW", ""), ("6", "4", "EW", "")]


def test_two_winners_by_default_when_pairs_keep_their_direction() -> None:
    ev = score_pairs(MITCHELL)
    assert {(p.pair, p.rank, p.field) for p in ev.standings} == {
        ("2", "1", "NS"), ("3", "2", "NS"), ("1", "3", "NS"), ("6", "1", "EW"), ("5", "2", "EW"), ("4", "3", "EW")}


def test_two_winners_refused_when_a_pair_changed_direction() -> None:
    howell = [TableResult("1", "1", "2", 420), TableResult("2", "2", "1", 420)]
    assert {p.field for p in score_pairs(howell).standings} == {""}
    with pytest.raises(RuleError, match="pair '1' sat N-S and E-W"):
        score_pairs(howell, conventions=EventScoring(winners="two"))


def test_options_override_what_a_file_says() -> None:
    tag = EventScoring.from_pbn("IMP;Butler-2")
    assert tag is not None
    merged = with_conventions(tag, rank_by="mp", cross=None)
    assert (merged.rank_by, merged.butler_trim_from, merged.totals) == ("mp", 3, "factored")
    assert with_conventions(None) is DEFAULT_SCORING
    assert with_conventions(None, mp_top=100).mp_top == 100


@pytest.mark.parametrize("kwargs", [{"mp_top": 0}, {"mp_top": True}, {"winners": "three"}])
def test_bad_conventions(kwargs: dict) -> None:
    with pytest.raises(ValueError):
        EventScoring(**kwargs)
