"""Building ``owner`` batches from PBN deal strings, for tests."""

from __future__ import annotations

import numpy as np

from bridgecli.core.deal import Deal


def owner_of(*pbn: str) -> np.ndarray:
    """A ``(52, n)`` owner array from PBN deal strings (complete deals)."""
    cols = []
    for text in pbn:
        deal = Deal.from_pbn(text)
        col = np.full(52, 255, dtype=np.uint8)
        for seat, hand in deal:
            assert hand is not None
            for card in hand.cards:
                col[card.index] = int(seat)
        cols.append(col)
    return np.stack(cols, axis=1)
