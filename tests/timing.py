"""Loose time bounds for tests on a loaded machine: CPU time, at n and at 4n."""

from __future__ import annotations

import time
from collections.abc import Callable


def cpu_seconds(run: Callable[[], object]) -> float:
    """The CPU time ``run()`` takes in this process (other processes' load does not count)."""
    start = time.process_time()
    run()
    return time.process_time() - start


def assert_linear(run: Callable[[int], object], n: int, *, slack: float = 0.3) -> None:
    """``run(4 * n)`` takes at most 8 times ``run(n)``'s CPU time (plus ``slack`` seconds for
    noise): a linear reader takes about 4 times, a quadratic one 16. ``n`` is chosen so that
    the quadratic code this guards against took well over ``slack`` at ``n``."""
    small = min(cpu_seconds(lambda: run(n)) for _ in range(2))
    big = cpu_seconds(lambda: run(4 * n))
    assert big <= 8 * small + slack, f"n={n}: {small:.3f} s, 4n: {big:.3f} s (not linear)"
