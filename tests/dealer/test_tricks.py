"""``tricks(seat, strain)``: double-dummy tricks, solved only where they decide the condition."""

from __future__ import annotations

import numpy as np
import pytest

from bridgecli.dealer.expr import Compiler, Hands, parse
from bridgecli.solver import dds

from .helpers import owner_of

pytestmark = pytest.mark.skipif(not dds.available(), reason="the DDS solver (bridgecli[dds]) is not installed")

# each hand one whole suit: a side whose suit is trumps ruffs every lead and wins all 13 tricks;
# at notrump the opening leader (declarer's left) runs 13 tricks in his suit
SUITS = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("tricks(north, spades)", 13), ("tricks(n, nt)", 0), ("tricks(south, diamonds)", 13),
        ("tricks(east, hearts)", 13), ("tricks(west, notrump)", 0),
        ("tricks(east, clubs)", 13),  # south leads a diamond, west ruffs: partner's trumps count
        ("tricks(north, spades) + tricks(east, spades)", 13),
    ],
)
def test_known_positions(text: str, expected: int) -> None:
    value = Compiler().compile(parse(text)).values(Hands(owner_of(SUITS)))
    assert int(value[0]) == expected


def test_only_the_deals_that_matter_are_solved(monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgecli.dealer.expr import compiler as expr

    solved: list[int] = []
    real = expr.dd_tables

    def counting(h: Hands) -> np.ndarray:
        solved.append(h.n)
        return real(h)

    monkeypatch.setattr(expr, "dd_tables", counting)
    other = "N:AKQ2.KJT.Q98.432 JT98.Q98.AKJ.AKQ 7653.A765.T76.T9 4.432.5432.J8765"
    hands = Hands(owner_of(SUITS, other, SUITS))
    cond = Compiler().compile(parse("tricks(north, spades) >= 13 && hcp(north) == 10"))
    assert cond.costly and cond.seats == frozenset(range(4))
    assert cond.values(hands).tolist() == [1, 0, 1]
    assert solved == [2]  # the middle deal has 15 HCP in the north: never solved
