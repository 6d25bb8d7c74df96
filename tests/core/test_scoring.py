"""Duplicate scoring against the Law 77 numbers (RULES.md §3), typed in here."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core.cards import Card, Strain
from bridgecli.core.contract import Contract, Risk
from bridgecli.core.errors import ParseError
from bridgecli.core.scoring import (
    DUPLICATE,
    OLDMP,
    RULES,
    ScoringRules,
    breakdown,
    find_rules,
    honours_points,
    parse_result,
    register_rules,
    score,
    tricks_from_result,
)

# -- the Law's own numbers (RULES.md §3.1-3.3), independent of the code under test --

# per odd trick, undoubled: C D H S; NT first 40, later 30
LAW_TRICK = {"C": 20, "D": 20, "H": 30, "S": 30}
LAW_NT_FIRST, LAW_NT_LATER = 40, 30
LAW_GAME = {False: 300, True: 500}
LAW_PART = 50
LAW_SMALL = {False: 500, True: 750}
LAW_GRAND = {False: 1000, True: 1500}
LAW_INSULT = {"": 0, "X": 50, "XX": 100}
LAW_OVER_X = {False: 100, True: 200}
LAW_OVER_XX = {False: 200, True: 400}
# cumulative penalties, down 1..13 (RULES.md §3.3 table)
LAW_DOWN = {
    (False, ""): [50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650],
    (True, ""): [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300],
    (False, "X"): [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500],
    (True, "X"): [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800],
    (False, "XX"): [200, 600, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000],
    (True, "XX"): [400, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000, 7600],
}
MULT = {"": 1, "X": 2, "XX": 4}


def law_score(level: int, strain: str, dbl: str, vul: bool, tricks: int) -> int:
    """Declarer's score by Law 77, from the tables above."""
    need = level + 6
    if tricks < need:
        return -LAW_DOWN[(vul, dbl)][need - tricks - 1]
    if strain == "NT":
        below = (LAW_NT_FIRST + LAW_NT_LATER * (level - 1)) * MULT[dbl]
        per_over = LAW_NT_LATER
    else:
        below = LAW_TRICK[strain] * level * MULT[dbl]
        per_over = LAW_TRICK[strain]
    total = below + (LAW_GAME[vul] if below >= 100 else LAW_PART)
    if level == 6:
        total += LAW_SMALL[vul]
    if level == 7:
        total += LAW_GRAND[vul]
    total += LAW_INSULT[dbl]
    over = tricks - need
    total += over * {"": per_over, "X": LAW_OVER_X[vul], "XX": LAW_OVER_XX[vul]}[dbl]
    return total


STRAIN_OF = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES, "NT": Strain.NOTRUMP}
RISK_OF = {"": Risk.UNDOUBLED, "X": Risk.DOUBLED, "XX": Risk.REDOUBLED}
ALL = [
    (level, strain, dbl, vul, tricks)
    for level in range(1, 8)
    for strain in ("C", "D", "H", "S", "NT")
    for dbl in ("", "X", "XX")
    for vul in (False, True)
    for tricks in range(14)
]


def test_all_2940_combinations_match_the_law() -> None:
    assert len(ALL) == 2940
    wrong = []
    for level, strain, dbl, vul, tricks in ALL:
        c = Contract(level, STRAIN_OF[strain], RISK_OF[dbl])
        expected = law_score(level, strain, dbl, vul, tricks)
        got = score(c, tricks, vul)
        bd = breakdown(c, tricks, vul)
        if got != expected or bd.total != expected:
            wrong.append((f"{level}{strain}{dbl}", vul, tricks, expected, got, bd.total))
    assert wrong == []


@pytest.mark.parametrize(
    ("contract", "vul", "tricks", "expected"),
    [
        ("1NT", False, 7, 90), ("2S", False, 9, 140), ("3NT", True, 10, 630), ("4H", False, 10, 420),
        ("4S", True, 11, 650), ("5C", False, 11, 400), ("2HX", False, 8, 470), ("2DX", True, 10, 580),
        ("1NTXX", True, 8, 1160), ("6S", False, 12, 980), ("7NT", True, 13, 2220), ("6NTXX", True, 13, 2510),
        ("3NT", True, 7, -200), ("4SX", False, 6, -800), ("4SX", True, 6, -1100), ("3CXX", False, 5, -1600),
        ("7CX", False, 6, -1700), ("pass", False, 0, 0),
    ],
)
def test_rules_worked_examples(contract: str, vul: bool, tricks: int, expected: int) -> None:
    c = Contract.from_str(contract)
    assert score(c, tricks, vul) == expected
    assert breakdown(c, tricks, vul).total == expected


def test_breakdown_parts_of_worked_examples() -> None:
    # RULES.md §3.4 #9: 1NTXX V 8 tricks = 160 + 500 + 100 + 400
    bd = breakdown(Contract.from_str("1NTXX"), 8, True)
    assert (bd.trick_score, bd.game_bonus, bd.insult, bd.overtricks, bd.slam_bonus) == (160, 500, 100, 400, 0)
    assert bd.made and bd.over_under == 1 and bd.partscore_bonus == 0 and bd.undertricks == 0
    # #2: 2S NV 9 tricks = 60 + 50 + 30
    bd = breakdown(Contract.from_str("2S"), 9, False)
    assert (bd.trick_score, bd.partscore_bonus, bd.overtricks, bd.game_bonus) == (60, 50, 30, 0)
    # #17: 7CX NV down 7
    bd = breakdown(Contract.from_str("7CX"), 6, False)
    assert (bd.undertricks, bd.total, bd.made, bd.over_under, bd.trick_score) == (-1700, -1700, False, -7, 0)
    assert bd.above_the_line == -1700


def test_passed_out_is_zero() -> None:
    assert score(Contract.passed_out(), 0, True) == 0
    assert breakdown(Contract.passed_out(), 0, False).total == 0


@pytest.mark.parametrize("tricks", [-1, 14, 100])
def test_tricks_outside_0_13_raise(tricks: int) -> None:
    with pytest.raises(ParseError):
        score(Contract.from_str("4S"), tricks, False)
    with pytest.raises(ValueError):
        breakdown(Contract.from_str("4S"), tricks, False)


def test_oldmp_lacks_the_fourth_undertrick_bonus() -> None:
    # RULES.md §3.3: OldMP NV doubled = 100, 300, 500, 700, 900, ...
    c = Contract.from_str("7NTX")
    assert [-score(c, 13 - d, False, OLDMP) for d in range(1, 6)] == [100, 300, 500, 700, 900]
    assert score(c, 9, True, OLDMP) == score(c, 9, True, DUPLICATE)
    assert score(Contract.from_str("4SX"), 10, False, OLDMP) == 590


def test_registry() -> None:
    assert find_rules("Duplicate") is DUPLICATE
    assert find_rules("oldmp") is OLDMP
    with pytest.raises(ParseError):
        find_rules("bogus")
    custom = dataclasses.replace(DUPLICATE, name="test-no-bonus", bonuses_per_deal=False)
    try:
        register_rules(custom)
        assert find_rules("TEST-NO-BONUS") is custom
        # without per-deal premiums, 4S= is only the trick score
        assert score(Contract.from_str("4S"), 10, False, custom) == 120
        assert score(Contract.from_str("6S"), 12, True, custom) == 180 + 750
    finally:
        RULES.pop("test-no-bonus", None)


def test_undertrick_rows_need_13_values() -> None:
    with pytest.raises(ValueError):
        ScoringRules("bad", "", (20,) * 5, (20,) * 5, (((1,),) * 3,) * 2, (1, 1), (1, 1))  # type: ignore[arg-type]


def test_honours() -> None:
    rubberish = dataclasses.replace(DUPLICATE, name="h", honours=True)
    hand = [Card.from_str(c) for c in ("SA", "SK", "SQ", "SJ", "HA", "DA", "CA")]
    assert honours_points(hand, Strain.SPADES, rubberish) == 100
    assert honours_points(hand + [Card.from_str("ST")], Strain.SPADES, rubberish) == 150
    assert honours_points(hand, Strain.NOTRUMP, rubberish) == 150
    assert honours_points(hand, Strain.HEARTS, rubberish) == 0
    assert honours_points(hand, Strain.SPADES, DUPLICATE) == 0


@pytest.mark.parametrize(
    ("words", "contract", "tricks"),
    [
        (["4SX-1"], "4SX", 9), (["3NT="], "3NT", 9), (["4S+1"], "4S", 11), (["4S", "-1"], "4S", 9),
        (["4S", "10"], "4S", 10), (["4S", "+2"], "4S", 12), (["4s", "="], "4S", 10), (["4♠"], "4S", 10),
        (["3N", "7"], "3NT", 7), (["pass"], "Pass", 0), (["7NTXX-13"], "7NTXX", 0), (["1C", "0"], "1C", 0),
        (["4SXN-1"], "4SX", 9), (["4S", "by", "E", "="], "4S", 10),
    ],
)
def test_parse_result(words: list[str], contract: str, tricks: int) -> None:
    c, t = parse_result(words)
    assert (c.pbn, t) == (contract, tricks)


@pytest.mark.parametrize(
    "words", [["9S"], ["4S+4"], ["4Q"], ["4S", "-11"], ["4S", "14"], ["4S", "x1"], [], ["4S", "=", "3"],
              ["pass", "-1"], ["="]],
)
def test_parse_result_rejects(words: list[str]) -> None:
    with pytest.raises(ParseError):
        parse_result(words)


def test_tricks_from_result_int() -> None:
    assert tricks_from_result(Contract.from_str("2H"), 8) == 8
    with pytest.raises(ParseError):
        tricks_from_result(Contract.from_str("2H"), 14)


contracts = st.builds(
    Contract,
    st.integers(1, 7),
    st.sampled_from(list(STRAIN_OF.values())),
    st.sampled_from(list(Risk)),
)


@settings(max_examples=300, deadline=None)
@given(contracts, st.integers(0, 13), st.booleans())
def test_breakdown_adds_up_and_sign_follows_result(c: Contract, tricks: int, vul: bool) -> None:
    bd = breakdown(c, tricks, vul)
    parts = bd.trick_score + bd.overtricks + bd.game_bonus + bd.partscore_bonus + bd.slam_bonus + bd.insult
    assert bd.total == parts + bd.undertricks == score(c, tricks, vul)
    assert bd.made == (tricks >= c.level + 6) == (bd.total > 0)
    assert bd.over_under == tricks - c.level - 6
    assert (bd.game_bonus > 0) != (bd.partscore_bonus > 0) if bd.made else bd.game_bonus == 0
    # vulnerability never helps a failing declarer, nor hurts a making one
    other = score(c, tricks, not vul)
    assert (bd.total >= other) == (vul == bd.made) or bd.total == other
