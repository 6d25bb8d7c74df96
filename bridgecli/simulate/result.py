"""What :func:`bridgecli.simulation` returns: the ``simulate --json`` object, with typed views.

:class:`Simulation` is that object (a ``dict``, so ``result["payoffs"]["matrix"]`` keeps
working) whose :attr:`Simulation.contracts` gives each contract's figures as floats in a
:class:`ContractEstimate`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["ContractEstimate", "Simulation"]


@dataclass(frozen=True, slots=True)
class ContractEstimate:
    """One contract's figures over the deals simulated (None where no deal gave one)."""

    contract: str
    """The contract with its declarer, as asked (``4S:N``)."""
    side: str
    """The declaring side, ``NS`` or ``EW``."""
    make: float | None
    """How often it makes, in percent (0 to 100)."""
    make_se: float | None
    """The standard error of :attr:`make`, in percentage points."""
    make_interval: tuple[float, float] | None
    """The Wilson interval of :attr:`make`, ``(low, high)`` in percent."""
    tricks: float | None
    """Declarer's mean tricks."""
    tricks_se: float | None
    """The standard error of :attr:`tricks`."""
    score: float | None
    """The mean score, from the declaring side."""
    score_se: float | None
    """The standard error of :attr:`score`."""
    distribution: dict[int, float]
    """Percent of deals by declarer's tricks (tricks as int keys)."""


class Simulation(dict[str, Any]):
    """The figures of a simulation: the ``simulate --json`` object (see docs/KEYS.md for
    its keys), with typed views: :attr:`contracts`, :attr:`deals`, :attr:`stopped`;
    :meth:`to_dict` is a plain dict (what ``--json`` writes)."""

    __slots__ = ()

    @property
    def contracts(self) -> dict[str, ContractEstimate]:
        """Each contract's figures by its text as asked: ``result.contracts["4S:N"].make``."""
        out: dict[str, ContractEstimate] = {}
        for c in self.get("contracts", ()):
            make, tricks, score = c["make"], c["tricks_estimate"], c["score_estimate"]
            interval = make.get("interval")
            out[c["contract"]] = ContractEstimate(
                contract=c["contract"], side=c["side"], make=make["mean"], make_se=make["se"],
                make_interval=(interval[0], interval[1]) if interval else None,
                tricks=tricks["mean"], tricks_se=tricks["se"], score=score["mean"], score_se=score["se"],
                distribution={int(t): p for t, p in c["distribution"].items()})
        return out

    @property
    def deals(self) -> int:
        """How many deals the figures are over."""
        return int(self["deals"])

    @property
    def stopped(self) -> str:
        """Why the run stopped (:data:`bridgecli.simulate.run.STOP_REASONS`)."""
        return str(self["stopped"])

    def to_dict(self) -> dict[str, Any]:
        """A plain dict of the figures: the object ``bridgecli simulate --json`` writes."""
        return dict(self)
