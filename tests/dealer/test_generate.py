"""Dealing: every deal valid, reproducible, uniform (chi-square against exact distributions)."""

from __future__ import annotations

from math import comb, sqrt

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core.errors import ParseError
from bridgecli.dealer.expr import Hands, compile_conditions
from bridgecli.dealer.generate import Dealer, Predeal, batch_generator, raw_u16, uniform_below


def _check_valid(owner: np.ndarray) -> None:
    assert owner.shape[0] == 52
    counts = np.stack([(owner == s).sum(axis=0) for s in range(4)])
    assert (counts == 13).all(), "every hand holds 13 cards"


def chi2_critical(df: int) -> float:
    """Upper 0.1% point of chi-square with ``df`` degrees of freedom (Wilson-Hilferty)."""
    z = 3.090
    return df * (1 - 2 / (9 * df) + z * sqrt(2 / (9 * df))) ** 3


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63), index=st.integers(min_value=0, max_value=10**6),
       fixed=st.lists(st.tuples(st.integers(0, 51), st.integers(0, 3)), max_size=20))
def test_every_deal_is_valid(seed: int, index: int, fixed: list[tuple[int, int]]) -> None:
    predeal = Predeal()
    for card, seat in fixed:
        try:
            predeal = predeal.with_cards(seat, [card])
        except ParseError:
            pass
    owner, dealt = Dealer(predeal, batch_size=64).deal(batch_generator(seed, index))
    assert dealt == 64
    _check_valid(owner)
    for card, seat in enumerate(predeal.fixed):
        if seat >= 0:
            assert (owner[card] == seat).all()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), seat=st.integers(0, 3))
def test_partial_dealing_gives_valid_accepted_deals(seed: int, seat: int) -> None:
    cond = compile_conditions([f"hcp({'nesw'[seat]}) >= 12"])
    dealer = Dealer(first=sorted(cond.seats), batch_size=256)
    assert dealer.split == 13
    owner, dealt = dealer.deal(batch_generator(seed, 0), lambda o, h: cond.test(Hands(o, h)))
    _check_valid(owner)
    assert (cond.values(Hands(owner)) == 1).all()
    assert 0 < owner.shape[1] < dealt


def test_reproducible_and_batches_independent() -> None:
    d = Dealer(batch_size=128)
    a, _ = d.deal(batch_generator(42, 3))
    b, _ = d.deal(batch_generator(42, 3))
    c, _ = d.deal(batch_generator(42, 4))
    e, _ = d.deal(batch_generator(43, 3))
    assert (a == b).all()
    assert not (a == c).all()
    assert not (a == e).all()


def test_uniform_below_is_uniform() -> None:
    rng = np.random.Generator(np.random.PCG64(7))
    draws = uniform_below(rng, np.array([52, 3, 37]), 60_000)
    for row, m in zip(draws, (52, 3, 37)):
        assert row.min() == 0 and row.max() == m - 1
        counts = np.bincount(row, minlength=m)
        expected = len(row) / m
        assert ((counts - expected) ** 2 / expected).sum() < chi2_critical(m - 1)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), before=st.lists(st.integers(min_value=0, max_value=9), max_size=3),
       count=st.sampled_from([0, 1, 2, 3, 4, 8, 12, 13, 4096, 4 * 8192]))
def test_raw_draws_are_numpys_own_bytes(seed: int, before: list[int], count: int) -> None:
    # the fast path reads the generator's 64-bit outputs: numpy's Generator.bytes must give the same
    # values, and leave the generator in the same state, from any state (a half draw left over or not)
    ours, numpys = (np.random.Generator(np.random.PCG64(seed)) for _ in range(2))
    for n in before:
        assert ours.bytes(n) == numpys.bytes(n)
    got = raw_u16(ours, count)
    assert got.tolist() == np.frombuffer(numpys.bytes(2 * count), dtype="<u2").tolist()
    a, b = ours.bit_generator.state, numpys.bit_generator.state
    assert (a["state"], a["has_uint32"]) == (b["state"], b["has_uint32"])
    if a["has_uint32"]:  # (the left-over half; numpy keeps a stale one when there is none)
        assert a["uinteger"] == b["uinteger"]
    for n in (6, 5, 8):
        assert ours.bytes(n) == numpys.bytes(n)


@pytest.mark.parametrize("fixed", [(-1,) * 52, tuple([0] * 5 + [-1] * 40 + [2] * 3 + [-1] * 4)])
@pytest.mark.parametrize("where", ["hcp(north) >= 15 && shape(north, any 4333 + any 4432)", "hcp(south) > 30",
                                   "hcp(east) + hcp(west) >= 20"])
def test_batches_dealt_together_are_the_batches_dealt_alone(fixed: tuple[int, ...], where: str) -> None:
    cond = compile_conditions([where])
    d = Dealer(Predeal(fixed), first=sorted(cond.seats), batch_size=512)
    accept = lambda owner, hands: cond.test(Hands(owner, hands))
    together = d.deal_kept_many([batch_generator(5, i) for i in range(6)], accept)
    assert len(together) == 6
    for i, (owner, dealt, positions) in enumerate(together):
        alone = d.deal_kept(batch_generator(5, i), accept)
        assert dealt == alone[1] == 512
        assert owner.flags.c_contiguous and np.array_equal(owner, alone[0])
        assert positions is not None and alone[2] is not None and np.array_equal(positions, alone[2])


def test_card_placement_is_uniform() -> None:
    d = Dealer()
    owner = np.concatenate([d.deal(batch_generator(2024, i))[0] for i in range(4)], axis=1)
    n = owner.shape[1]
    # each card equally likely in each seat: 52 x 4 table, 52 * 3 degrees of freedom
    table = np.stack([(owner == s).sum(axis=1) for s in range(4)], axis=1)
    expected = n / 4
    stat = ((table - expected) ** 2 / expected).sum()
    assert stat < chi2_critical(52 * 3)


def _exact_hcp_distribution() -> np.ndarray:
    """P(HCP = h) of a 13-card hand, by counting hands: a dynamic program over the 52 cards."""
    points = [4, 3, 2, 1] * 4 + [0] * 36
    ways = np.zeros((14, 41), dtype=object)
    ways[0, 0] = 1
    for p in points:
        new = ways.copy()
        new[1:, p:] += ways[:-1, : 41 - p]
        ways = new
    return np.array([ways[13, h] / comb(52, 13) for h in range(41)], dtype=float)


def test_hcp_distribution_matches_exact() -> None:
    exact = _exact_hcp_distribution()
    assert abs(exact.sum() - 1) < 1e-12
    d = Dealer()
    hcp = compile_conditions(["hcp(south)"])
    values = np.concatenate([hcp.values(Hands(d.deal(batch_generator(99, i))[0])) for i in range(8)])
    n = len(values)
    observed = np.bincount(values, minlength=41)
    expected = exact * n
    keep = expected >= 5  # pool the sparse tails
    obs = np.append(observed[keep], observed[~keep].sum())
    exp = np.append(expected[keep], expected[~keep].sum())
    stat = ((obs - exp) ** 2 / exp).sum()
    assert stat < chi2_critical(len(obs) - 1)


def test_partial_dealing_has_the_same_distribution() -> None:
    # with North constrained, East's HCP must be distributed as with full dealing then filtering
    cond = compile_conditions(["hcp(north) >= 15"])
    east = compile_conditions(["hcp(east)"])
    fast = Dealer(first=[0])
    slow = Dealer()
    a = np.concatenate([east.values(Hands(fast.deal(batch_generator(5, i), lambda o, h: cond.test(Hands(o, h)))[0]))
                        for i in range(12)])
    b = np.concatenate([east.values(Hands(slow.deal(batch_generator(6, i), lambda o, h: cond.test(Hands(o, h)))[0]))
                        for i in range(12)])
    ca, cb = np.bincount(a, minlength=41)[:26], np.bincount(b, minlength=41)[:26]
    keep = (ca + cb) >= 10
    ca, cb = ca[keep], cb[keep]
    # two-sample chi-square
    na, nb = ca.sum(), cb.sum()
    stat = (((ca * sqrt(nb / na) - cb * sqrt(na / nb)) ** 2) / (ca + cb)).sum()
    assert stat < chi2_critical(len(ca) - 1)


def test_predeal_errors() -> None:
    p = Predeal().with_cards(0, [51, 50])
    with pytest.raises(ParseError, match="both north and east"):
        p.with_cards(1, [51])
    with pytest.raises(ParseError, match="more than 13"):
        Predeal().with_cards(2, list(range(14)))


def test_one_seat_first_is_uniform() -> None:
    # a condition on North alone deals North first (a random subset): both North's and
    # East's HCP must follow the exact distribution when the condition keeps everything
    exact = _exact_hcp_distribution()
    keep_all = compile_conditions(["hcp(north) >= 0"])
    dealer = Dealer(first=sorted(keep_all.seats))
    assert dealer.single
    batches = [dealer.deal(batch_generator(77, i), lambda o, h: keep_all.test(Hands(o, h)))[0] for i in range(8)]
    owner = np.concatenate(batches, axis=1)
    _check_valid(owner)
    for seat in ("north", "east"):
        values = compile_conditions([f"hcp({seat})"]).values(Hands(owner))
        observed = np.bincount(values, minlength=41)
        expected = exact * len(values)
        keep = expected >= 5
        obs = np.append(observed[keep], observed[~keep].sum())
        exp = np.append(expected[keep], expected[~keep].sum())
        assert ((obs - exp) ** 2 / exp).sum() < chi2_critical(len(obs) - 1)
    table = np.stack([(owner == s).sum(axis=1) for s in range(4)], axis=1)
    assert ((table - owner.shape[1] / 4) ** 2 / (owner.shape[1] / 4)).sum() < chi2_critical(52 * 3)
