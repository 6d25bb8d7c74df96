"""The stream of runs without conditions: plain Python and numpy deal the same boards, uniformly."""

from __future__ import annotations

import numpy as np
import pytest

from bridgecli.core.deal import deal_from_indices
from bridgecli.dealer import plain
from bridgecli.dealer.generate import plain_deals, plain_draws


def _python(key: int, start: int, n: int, fixed: tuple[int, ...] = (-1,) * 52) -> np.ndarray:
    return np.array([plain.owner_of(key, j, fixed) for j in range(start, start + n)], dtype=np.uint8).T


def test_splitmix64_reference_values() -> None:
    # SplitMix64 (Steele, Lea and Flood 2014) seeded with 0: its first outputs, as published
    # with the reference implementation (Vigna's splitmix64.c)
    assert plain.word(0, 0) == 0xE220A8397B1DCDAF
    assert plain.word(0, 1) == 0x6E789E6AA1B965F4
    assert plain.word(0, 2) == 0x06C45D188009454F


@pytest.mark.parametrize("start", [0, 8_000, 10**9])
def test_numpy_and_python_give_the_same_deals(start: int) -> None:
    key = plain.stream_key(5)
    assert (plain_deals(key, start, 1500) == _python(key, start, 1500)).all()


def test_the_same_with_a_predeal() -> None:
    fixed = [-1] * 52
    for c in (51, 50, 49, 12):  # spade A K Q and the club ace to South
        fixed[c] = 2
    fixed[0] = 1  # the club two to East
    key = plain.stream_key(77)
    assert (plain_deals(key, 40, 1200, tuple(fixed)) == _python(key, 40, 1200, tuple(fixed))).all()


def test_rejected_draws_are_replaced_alike() -> None:
    # find deals where a 16-bit draw falls in Lemire's rejection zone: both paths must redraw alike
    key = plain.stream_key(3)
    n, r = 4000, 52
    words = np.array([[plain.word(key, 16 * j + w) for w in range(13)] for j in range(n)], dtype=np.uint64)
    raw = words.view("<u2")[:, : r - 1].astype(np.uint32)
    m = np.arange(r, 1, -1, dtype=np.uint32)
    rejected = ((raw * m) & 0xFFFF) < (65536 % m)
    assert rejected.any(axis=1).sum() >= 10  # the case is exercised
    assert (plain_draws(key, 0, n, r) == np.array([plain.draws(key, j, r) for j in range(n)]).T).all()


def test_draws_are_in_range_and_deals_are_valid() -> None:
    key = plain.stream_key(11)
    steps = plain_draws(key, 0, 3000, 52)
    assert (steps < np.arange(52, 1, -1)[:, None]).all()
    owner = plain_deals(key, 0, 300)
    for k in range(300):
        deal = deal_from_indices(owner[:, k].tolist())  # 13 cards each, or it raises
        assert sum(len(h.cards) for h in deal.hands) == 52  # type: ignore[union-attr]


def test_every_card_goes_to_every_seat_equally() -> None:
    # 52 x 4 cells of 200,000 deals: each expects 50,000; a chi-square with 156 degrees of
    # freedom is below 230 with probability > 0.9999 for a uniform dealer
    owner = plain_deals(plain.stream_key(2024), 0, 200_000)
    counts = np.stack([(owner == s).sum(axis=1) for s in range(4)], axis=1)
    chi2 = float((((counts - 50_000) ** 2) / 50_000).sum())
    assert chi2 < 230


def test_seats_of_two_cards_are_independent_enough() -> None:
    # the pair (seat of the spade ace, seat of the spade king): 16 cells; the same card in the
    # same hand has probability 12/51
    owner = plain_deals(plain.stream_key(9), 0, 200_000)
    same = float((owner[51] == owner[50]).mean())
    assert abs(same - 12 / 51) < 0.005


def test_big_seeds_are_distinct() -> None:
    keys = {plain.stream_key(s) for s in (0, 1, 2**64, 2**64 + 1, 2**200, 2**48 - 1)}
    assert len(keys) == 6


def test_deal_string() -> None:
    owner = [0] * 13 + [1] * 13 + [2] * 13 + [3] * 13  # N clubs, E diamonds, S hearts, W spades
    assert plain.deal_string(owner, 0) == "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432..."
    assert plain.deal_string(owner, 3).startswith("W:AKQJT98765432... ...AKQJT98765432")
