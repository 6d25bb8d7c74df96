"""The conventions programs differ on, as options (issue #30 item 5): matchpoints scaled to
a top, one or two winners, options overriding what a file says. Expected values worked by
hand from Law 78A (MP1: 2 a score beaten, 1 a score equalled)."""

from __future__ import annotations

import pytest

from bridgecli.core.errors import RuleError
from bridgecli.core.event_adjusted import parse_adjusted
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


# One board of five tables, none vulnerable: 4S= 420, 4S+1 450, 3NT= 400, 4S-1 -50, 4S= 420.
FIVE = [TableResult("1", str(ns), str(ew), s) for ns, ew, s in
        ((1, 6, 420), (2, 7, 450), (3, 8, 400), (4, 9, -50), (5, 10, 420))]


@pytest.mark.parametrize(("rounding", "datum", "butler"), [
    # top (450) and bottom (-50) left out: (420 + 420 + 400) / 3 = 413.33
    ("10", 410, [0, 1, 0, -10, 0]),       # 10, 40, -10, -460, 10
    ("1", 413, [0, 1, -1, -10, 0]),       # 7, 37, -13, -463, 7
    ("none", 413.333333, [0, 1, -1, -10, 0]),  # 6.67, 36.67, -13.33, -463.33
])
def test_butler_datum_rounding(rounding: str, datum: float, butler: list[int]) -> None:
    ev = score_pairs(FIVE, conventions=EventScoring(butler_round=rounding))
    assert {r.datum for r in ev.results} == {datum}
    assert [r.butler_ns for r in ev.results] == butler
    assert {p.pair: p.butler for p in ev.standings if p.direction == "EW"} == {
        str(ew): -b for ew, b in zip(range(6, 11), butler)}


def test_butler_datum_of_every_score_rounded_to_1() -> None:
    # no score left out: 1640 / 5 = 328; 92 -> 3, 122 -> 4, 72 -> 2, -378 -> -9
    ev = score_pairs(FIVE, conventions=EventScoring(butler_trim_from=100, butler_round=1))
    assert [(r.datum, r.butler_ns) for r in ev.results] == [(328, 3), (328, 4), (328, 2), (328, -9), (328, 3)]


def test_acbl_matchpoints_one_a_score_beaten() -> None:
    ev = score_pairs(MITCHELL, conventions=EventScoring(mp_scale="mp2"))
    # MP2: 1 a score beaten, 1/2 a score equalled, top n-1 = 2 (half the MP1 numbers)
    assert [(r.mp_ns, r.mp_ew, r.top) for r in ev.results] == [
        (1, 1, 2), (2, 0, 2), (0, 2, 2), (0.5, 1.5, 2), (0.5, 1.5, 2), (2, 0, 2)]
    by_pair = {p.pair: (p.mp, p.top, p.percentage) for p in ev.standings}
    assert by_pair["2"] == (2.5, 4, 62.5)  # the percentage of MP1: 5 of 8
    assert by_pair["6"] == (3.5, 4, 87.5)


def test_acbl_matchpoints_with_neuberg() -> None:
    # board 2 played twice of three: the two 100s tie (1/2 each of a top of 1); Neuberg on
    # the 1 and 1/2 scale, (MP + 1/2) * N / n - 1/2 = (1/2 + 1/2) * 3/2 - 1/2 = 1 of a top of 2
    ev = score_pairs(MITCHELL[:3] + MITCHELL[3:5], conventions=EventScoring(mp_scale="mp2"))
    assert [(r.mp_ns, r.mp_ew, r.top) for r in ev.results][3:] == [(1, 1, 2), (1, 1, 2)]


def test_acbl_matchpoints_of_an_average_plus() -> None:
    # 420 and 450 compared alone (top 1 of 2 results), factored to 3: 450 beats one,
    # (1 + 1/2) * 3/2 - 1/2 = 1.75; 420 (0 + 1/2) * 3/2 - 1/2 = 0.25; A+/A- gets 60% and 40% of 2
    rs = [TableResult("1", "1", "4", 420), TableResult("1", "2", "5", 450),
          TableResult("1", "3", "6", 0, adjusted=parse_adjusted("A+/A-"))]
    ev = score_pairs(rs, conventions=EventScoring(mp_scale="mp2"))
    assert [(r.mp_ns, r.mp_ew) for r in ev.results] == [(0.25, 1.75), (1.75, 0.25), (1.2, 0.8)]


def test_the_scales_and_roundings_read_from_a_tag_and_as_numbers() -> None:
    assert EventScoring.from_pbn("MP;MP2") == EventScoring(mp_scale="mp2")
    assert EventScoring.from_pbn("MatchPoints;MP2") == EventScoring(mp_scale="mp2")
    assert EventScoring.from_pbn("MatchPoints;MP1") is None
    assert EventScoring(butler_round=10) == DEFAULT_SCORING
    assert EventScoring(butler_round=1).butler_round_to == 1
    assert EventScoring(butler_round="none").butler_round_to is None


@pytest.mark.parametrize("kwargs", [{"butler_round": 5}, {"butler_round": True}, {"butler_round": "0"},
                                    {"mp_scale": "mp3"}, {"mp_scale": 2}])
def test_bad_roundings_and_scales(kwargs: dict) -> None:
    with pytest.raises(ValueError):
        EventScoring(**kwargs)
