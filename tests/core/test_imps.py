"""The IMP scale (RULES.md §5), Butler datum and cross-IMPs, by hand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgecli.core.imps import butler_datum, butler_imps, cross_imps, imps, imps_of, round_to_10, victory_points
from bridgecli.core.scoring import imps as imps_from_scoring

# (lowest difference, highest difference, IMPs) typed in from the Law 78B table
SCALE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
    (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
    (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18),
    (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23),
]


@pytest.mark.parametrize(("lo", "hi", "n"), SCALE)
def test_scale_boundaries(lo: int, hi: int, n: int) -> None:
    for d in range(lo, hi + 1, 10):
        assert imps(d) == n
        assert imps(-d) == -n
    assert imps(hi + 10) == n + 1


def test_top_of_scale() -> None:
    assert imps(4000) == 24
    assert imps(7600) == 24
    assert imps(-12000) == -24


def test_re_exported_from_scoring() -> None:
    assert imps_from_scoring(720) == 12


def test_not_whole_number() -> None:
    assert imps(620.0) == 12  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        imps(1.5)  # type: ignore[arg-type]


def test_round_to_10() -> None:
    assert [round_to_10(x) for x in (247.5, 415, -415, 414.9, 0, -4.9, 5)] == [250, 420, -420, 410, 0, 0, 10]


def test_butler_datum_small_field_uses_all() -> None:
    # 420 + 450 - 50 + 170 = 990, / 4 = 247.5 -> 250
    assert butler_datum([420, 450, -50, 170]) == 250
    assert butler_imps([420, 450, -50, 170]) == [5, 5, -7, -2]


def test_butler_datum_drops_top_and_bottom_from_five() -> None:
    # sorted -50 170 420 450 1000 -> 170 420 450, mean 346.67 -> 350
    assert butler_datum([420, 450, -50, 170, 1000]) == 350
    assert butler_datum([100, 200, 300, 400, 2000]) == 300
    with pytest.raises(ValueError):
        butler_datum([])


def test_cross_imps_by_hand() -> None:
    # 420: -1 +10 +6 = 15/3; 450: 1 +11 +7 = 19/3; -50: -10 -11 -6 = -27/3; 170: -6 -7 +6 = -7/3
    got = cross_imps([420, 450, -50, 170])
    assert got == pytest.approx([5.0, 19 / 3, -9.0, -7 / 3])
    assert sum(got) == pytest.approx(0)
    assert cross_imps([620]) == [0.0]


# -- victory points: the WBF continuous 20-point scale (2013) ----------------------------------

@pytest.mark.parametrize(("margin", "boards", "home"), [
    (0, 8, 10.0),
    # 17 IMPs over 8 boards: b = 15 x sqrt(8) = 42.43; 10 + 10 x (1 - t^(51/42.43)) / (1 - t^3) = 15.75
    (17, 8, 15.75),
    (-15, 8, 4.77),
    (43, 8, 20.0), (500, 8, 20.0),  # at and past the margin worth 20
    (2, 3, 8.62 + 2.76),  # 11.38
])
def test_victory_points(margin: int, boards: int, home: float) -> None:
    h, v = victory_points(margin, boards)
    assert h == pytest.approx(home, abs=1e-9)
    assert h + v == pytest.approx(20)


@pytest.mark.parametrize("boards", [0, -1, True, 2.5])
def test_victory_points_need_boards(boards: object) -> None:
    with pytest.raises(ValueError):
        victory_points(1, boards)  # type: ignore[arg-type]


def test_victory_points_equal_magic_contest() -> None:
    # every match of the corpus's Magic Contest team event: "imps" of home and away in its
    # MatchDetails cell, VP_Home and VP_Away after it (8-board matches)
    path = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "realworld" / "pbn" / "magic_team.pbn"
    if not path.exists():
        pytest.skip("the real-world corpus is not beside this checkout")
    rows = re.findall(r'^\d+ +\d+ +\d+ +\d+ "\d+,(\d+),(\d+)" +([\d.]+) +([\d.]+)', path.read_bytes().decode("latin-1"),
                      re.MULTILINE)
    assert len(rows) == 30
    for home, away, vp_home, vp_away in rows:
        assert victory_points(int(home) - int(away), 8) == (float(vp_home), float(vp_away))


def test_butler_datum_rounded_as_asked() -> None:
    # 100 + 110 + 110 + 110 = 430, / 4 = 107.5: to 10 -> 110, to 1 -> 108 (halves away
    # from zero), not rounded -> 107.5
    scores = [100, 110, 110, 110]
    assert [butler_datum(scores, round_to=r) for r in (10, 1, None)] == [110, 108, 107.5]
    assert [butler_datum([-s for s in scores], round_to=r) for r in (10, 1, None)] == [-110, -108, -107.5]
    assert butler_datum([420, 420, 400], round_to=None) == 413.333333
    with pytest.raises(ValueError):
        butler_datum(scores, round_to=0)


def test_imps_of_a_difference_that_is_not_whole() -> None:
    # the step whose range holds it, as 15 is 1 IMP: 0-10 none, over 10 to 40 one ...
    assert [imps_of(x) for x in (6.67, 10.0, 13.33, 36.67, 40.5, -463.33, 620.0)] == [0, 0, 1, 1, 2, -10, 12]


def test_butler_imps_against_a_datum_not_rounded() -> None:
    # datum 1640 / 5 = 328 (all five kept): 92 -> 3, 122 -> 4, 72 -> 2, -378 -> -9
    assert butler_imps([420, 450, 400, -50, 420], trim_from=100, round_to=None) == [3, 4, 2, -9, 3]
