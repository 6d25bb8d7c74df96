"""Double-dummy simulation: which contract, which lead, how often it makes, with error bars.

:func:`simulate` is the library form of ``bridgecli simulate``::

    from bridgecli.simulate import simulate
    from bridgecli.dealer.generate import Predeal

    result = simulate(["4S:N", "3NT:N"], n=200, seed=1, scoring="imps",
                      where=["hcp(north) + hcp(south) >= 25"])
    result["payoffs"]["table"][0][1]   # {"mean": ..., "se": ...}: 4S against 3NT in IMPs

Modules: :mod:`.contracts` (``4S:N``), :mod:`.stats` (means, standard errors,
payoffs), :mod:`.engine` (one chunk: deal, symmetrize, solve), :mod:`.aggregate`
(merging chunks), :mod:`.executors` (local processes, Dask), :mod:`.run` (a
whole run), :mod:`.report`, :mod:`.svg`, :mod:`.records` (output).
Needs the DDS solver (``pip install 'bridgecli[dds]'``) to run.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bridgecli.dealer.generate import Predeal

    from .contracts import SimContract

__all__ = ["simulate"]


def simulate(contracts: Sequence[str | SimContract] = (), *, lead: str | SimContract | None = None, n: int = 100,
             seed: int = 0, where: Sequence[str] = (), predeal: Predeal | None = None, script: str | None = None,
             vul: str = "None", scoring: str = "imps", symmetrize: Sequence[int] = (),
             until_se: float | None = None, jobs: int = 1, executor: str = "local",
             max_tries: int = 10_000_000) -> dict[str, Any]:
    """Simulate ``n`` deals (the most with ``until_se``) and return every figure as a dict
    (the object ``bridgecli simulate --json`` prints; see docs/commands/simulate.md).

    ``contracts`` are ``4S:N``-style texts; ``lead`` a contract whose opening leads are
    compared (the leader's 13 cards predealt); ``vul`` one of None, NS, EW, All;
    ``scoring`` imps, mp or total; ``symmetrize`` seat numbers (0 North .. 3 West).
    Raises ParseError or RuleError for bad arguments, SolverMissingError without DDS.
    """
    from .run import make_question, simulate_question

    question = make_question(contracts, lead, seed=seed, where=where, predeal=predeal, script=script,
                             symmetrize=symmetrize, max_tries=max_tries)
    return simulate_question(question, n, vul, scoring, until_se, jobs, executor)
