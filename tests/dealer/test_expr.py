"""The condition language: C precedence and integer rules, errors with their column."""

from __future__ import annotations

import pytest

from bridgecli.core.errors import ParseError
from bridgecli.dealer.expr import Compiler, Hands, caret, parse

from .helpers import owner_of

DEAL = "N:AKQ2.KJT.Q98.432 JT98.Q98.AKJ.AKQ 7653.A765.T76.T9 4.432.5432.J8765"


def ev(text: str) -> int:
    return int(Compiler().compile(parse(text)).values(Hands(owner_of(DEAL)))[0])


@pytest.mark.parametrize(
    "text, expected",
    [
        # the expectations of dealer's own operator-order test script
        ("1 ? 0 ? 3 : 2 : 1", 2), ("0 ? 0 ? 3 : 2 : 1", 1), ("1 ? 3 : 1 ? 2 : 1", 3), ("0 ? 3 : 1 ? 2 : 1", 2),
        ("1 || 0 ? 1 : 0", 1), ("1 ? 0 : 1 || 1", 0), ("0 && 0 || 1", 1), ("1 || 0 && 0", 1),
        ("0 || 0 || 1 && 0 && 0", 0), ("2 == 2 != 0", 1), ("0 != 2 == 1", 1), ("-2 < -1 <= 0", 0),
        ("2 > 3 >= 1", 0), ("4 > 3 < 1", 0), ("1 < 1 == 0", 1), ("1 - 1 + 1", 1), ("1 + 0 < 1", 0),
        ("3 * 3 % 2", 1), ("3 % 2 * 2", 2), ("10 % 8 / 2", 1), ("1 + 2 * 3", 7), ("!0 * 2", 2),
        ("2 * !0", 2), ("-1 - 2", -3), ("2 - -1", 3),
        # C integer division and remainder
        ("7 / 2", 3), ("-7 / 2", -3), ("-7 % 3", -1), ("7 % -3", 1), ("5 / 0", 0),
        # words for logic, case of seat and suit words
        ("1 and not 0", 1), ("0 or 0", 0), ("not 1", 0), ("hcp(NORTH) == hcp(n)", 1),
        # per-deal values mixed with constants
        ("hcp(north) > 10 ? 1 : 2", 1), ("hcp(north) * 2 - 30", 0), ("-hcp(north) / 4", -3),
        ("(hcp(north) + hcp(south)) % 7", (15 + 4) % 7), ("hcp(north) >= 15 && shape(north, any 4333)", 1),
    ],
)
def test_values(text: str, expected: int) -> None:
    assert ev(text) == expected


@pytest.mark.parametrize(
    "text, column, message",
    [
        ("hcp(north) >= ", 15, "ends too early"),
        ("hcp(north) >= 15 &&& 1", 20, "unexpected"),
        ("hcp(nort) > 1", 5, "expected a seat"),
        ("hcp(north, spadez)", 12, "expected a suit"),
        ("hcpp(north)", 1, "unknown name 'hcpp' (known: "),
        ("shape(north, 4333 + 44)", 21, "expected a shape"),
        ("shape(north, 5333)", 14, "cannot hold 13 cards"),
        ("hascard(north, 1S)", 16, "expected a card"),
        ("(1 + 2", 7, "expected ')'"),
        ("score(nv, 3N, 9)", 11, "contract like 'x3N'"),
        ("tricks(north, bananas) > 9", 15, "expected a strain"),
        ("hcp(north) $ 1", 12, "unexpected character"),
        ("1 2", 3, "after the expression"),
    ],
)
def test_errors_point_at_the_column(text: str, column: int, message: str) -> None:
    with pytest.raises(ParseError) as info:
        parse(text)
    assert info.value.column == column
    assert message in info.value.message


def test_unknown_name_lists_known_ones() -> None:
    with pytest.raises(ParseError) as info:
        parse("foo > 1", names=["opener"])
    assert "hcp" in info.value.message and "opener" in info.value.message and "shape" in info.value.message


def test_caret() -> None:
    assert caret("hcp(nort)", 1, 5) == "  hcp(nort)\n      ^"


def test_seats_are_recorded() -> None:
    c = Compiler().compile(parse("hcp(north) > 10 && spades(south) >= 5 && imps(10) == 0"))
    assert c.seats == frozenset({0, 2})
    assert Compiler().compile(parse("1 + 2 * 3")).const == 7
