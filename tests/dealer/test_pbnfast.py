"""Batch text output equals the one-board-at-a-time rendering."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from bridgecli.core.cards import Seat, Vulnerability
from bridgecli.core.deal import deal_from_indices
from bridgecli.dealer.generate import Dealer, batch_generator
from bridgecli.dealer.pbnfast import RecordWriter, deal_strings, text_lines


def _owner(n: int, seed: int = 3) -> np.ndarray:
    return Dealer(batch_size=n).deal(batch_generator(seed, 0))[0]


def test_deal_strings_match_core() -> None:
    owner = _owner(300)
    firsts = np.arange(300) % 4
    rows = deal_strings(owner, firsts)
    for k in range(300):
        deal = deal_from_indices(owner[:, k].tolist())
        assert rows[k].tobytes().decode() == deal.to_pbn(Seat(int(firsts[k])))


def test_text_lines() -> None:
    owner = _owner(5)
    lines = text_lines(owner).decode().splitlines()
    assert lines == [deal_from_indices(owner[:, k].tolist()).to_pbn() for k in range(5)]


def _render(number: str, dealer: str, vul: str, deal: str) -> str:
    return f'[Board "{number}"]\n[Dealer "{dealer}"]\n[Vulnerable "{vul}"]\n[Deal "{deal}"]\n'


@pytest.mark.parametrize("start, n, chunks", [(1, 200, 1), (5, 37, 1), (90, 40, 3), (995, 30, 2), (1, 3, 1)])
def test_records_match_one_by_one(start: int, n: int, chunks: int) -> None:
    owner = _owner(n, seed=start)

    def dealer_of(b: int) -> int:
        return (b - 1) % 4

    def vul_of(b: int) -> str:
        return Vulnerability.from_board(b).pbn

    writer = RecordWriter(_render, dealer_of, vul_of)
    got = b""
    bounds = np.linspace(0, n, chunks + 1).astype(int)
    for a, b in itertools.pairwise(bounds):
        part = owner[:, a:b]
        rows = deal_strings(part, writer.dealers(start + a, b - a))
        got += b"".join(writer.write(rows, start + a))
    expected = []
    for k in range(n):
        number = start + k
        deal = deal_from_indices(owner[:, k].tolist())
        expected.append(_render(str(number), "NESW"[dealer_of(number)], vul_of(number),
                                deal.to_pbn(Seat(dealer_of(number)))))
    assert got.decode() == "\n".join(expected)
