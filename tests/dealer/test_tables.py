"""Every evaluation function on hands whose values are worked out by hand from the rules."""

from __future__ import annotations

import pytest

from bridgecli.dealer import tables
from bridgecli.dealer.expr import Compiler, Hands, parse

from .helpers import owner_of

# North: S AKQ2 H KJT D Q98 C 432 (4333). Values below are worked out by hand from
# dealer's manual (HCP 4-3-2-1, controls A2 K1, losers) and the Kaplan-Rubens rules.
DEAL = "N:AKQ2.KJT.Q98.432 JT98.Q98.AKJ.AKQ 7653.A765.T76.T9 4.432.5432.J8765"


def value(text: str) -> int:
    return int(Compiler().compile(parse(text)).values(Hands(owner_of(DEAL)))[0])


@pytest.mark.parametrize(
    "text, expected",
    [
        ("hcp(north)", 15), ("hcp(north, spades)", 9), ("hcp(n, h)", 4), ("hcp(north, clubs)", 0),
        ("hcp(east)", 4 * 0 + 1 + 2 + 4 + 3 + 1 + 4 + 3 + 2), ("hcp(west)", 1),
        ("spades(north)", 4), ("hearts(west)", 3), ("clubs(west)", 5), ("diamonds(south)", 3),
        ("control(north)", 4), ("control(east)", 2 + 1 + 2 + 1), ("control(north, hearts)", 1),
        ("loser(north, spades)", 0), ("loser(north, hearts)", 2), ("loser(north, diamonds)", 2),
        ("loser(north, clubs)", 3), ("loser(north)", 7),
        ("loser(west, spades)", 1),  # singleton other than the ace
        ("loser(south, clubs)", 2),  # doubleton without A or K
        ("loser(south, hearts)", 2),  # A and small cards: 3 - 1
        ("quality(north, spades)", 360), ("quality(north, hearts)", 150), ("quality(north, diamonds)", 75),
        ("quality(north, clubs)", 0),
        ("cccc(north)", 960 + 400 + 150 + 0 - 50),
        ("tens(north)", 1), ("jacks(north)", 1), ("queens(north)", 2), ("kings(north)", 2), ("aces(north)", 1),
        ("top2(north)", 3), ("top3(north)", 5), ("top4(north)", 6), ("top5(north)", 7),
        ("c13(north)", 6 + 4 + 2 + 4 + 1 + 2), ("c13(north, spades)", 12), ("pt9(north)", 19),
        ("pt4(east, clubs)", 1), ("top3(east, diamonds)", 2),
        ("hascard(north, AS)", 1), ("hascard(north, SA)", 1), ("hascard(south, AS)", 0), ("hascard(west, 2D)", 1),
        ("shape(north, any 4333)", 1), ("shape(north, 4333)", 1), ("shape(north, 3433)", 0),
        ("shape(north, any 4333 - 4xxx)", 0), ("shape(west, 1345)", 1), ("shape(west, any 5431)", 1),
        ("shape(west, xxx5 - any 0xxx)", 1), ("shape(west, any 4333 + any 5332)", 0),
    ],
)
def test_hand_values(text: str, expected: int) -> None:
    assert value(text) == expected


@pytest.mark.parametrize(
    "holding, quality",
    [
        ("AKQJT98", 700),  # 7 cards, f=70: 4f+3f+2f+f, nothing to replace
        ("AK", 140),  # f=20: 80 + 60
        ("AQT9", 300),  # f=40: 160 + 80, ten with 2 higher honours +40, nine with 2 higher +20
        ("KJT98", 275),  # f=50: 150 + 50, ten +50, nine with 2 higher +25
        ("T9", 20),  # f=20: ten alone +10, nine with the ten +10
        ("AK65432", 490 + 2 * 0 + 70),  # f=70: 280 + 210, replace min(3, 1) = 1 -> +70
        ("", 0),
    ],
)
def test_quality_table(holding: str, quality: int) -> None:
    mask = sum(1 << "23456789TJQKA".index(ch) for ch in holding)
    assert tables.quality_table()[mask] == quality


@pytest.mark.parametrize(
    "vul, level, strain, tricks, doubled, expected",
    # RULES.md 3.4 worked examples (strain 0 clubs .. 4 notrump)
    [
        (False, 1, 4, 7, 0, 90), (False, 2, 3, 9, 0, 140), (True, 3, 4, 10, 0, 630), (False, 4, 2, 10, 0, 420),
        (True, 4, 3, 11, 0, 650), (False, 5, 0, 11, 0, 400), (False, 2, 2, 8, 1, 470), (True, 2, 1, 10, 1, 580),
        (True, 1, 4, 8, 2, 1160), (False, 6, 3, 12, 0, 980), (True, 7, 4, 13, 0, 2220), (True, 6, 4, 13, 2, 2510),
        (True, 3, 4, 7, 0, -200), (False, 4, 3, 6, 1, -800), (True, 4, 3, 6, 1, -1100), (False, 3, 0, 5, 2, -1600),
        (False, 7, 0, 6, 1, -1700),
    ],
)
def test_score(vul: bool, level: int, strain: int, tricks: int, doubled: int, expected: int) -> None:
    assert tables.score(vul, level, strain, tricks, doubled) == expected


@pytest.mark.parametrize(
    "diff, imps",
    # RULES.md 5 (Law 78B)
    [(0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (360, 8), (370, 9), (420, 9), (430, 10), (1290, 15),
     (1300, 16), (3990, 23), (4000, 24), (9999, 24), (-620, -12), (-20, -1)],
)
def test_imps(diff: int, imps: int) -> None:
    assert tables.imps(diff) == imps


def test_score_and_imps_in_expressions() -> None:
    assert value("score(vul, x3N, 10)") == 630
    assert value("score(nv, x4S, 6)") == -200
    assert value("imps(score(vul, x4S, 10) - score(nv, x4S, 10))") == tables.imps(620 - 420)
