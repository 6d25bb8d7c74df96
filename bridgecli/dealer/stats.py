"""What a dealing run counts: accepted and tried deals, one expression's distribution
(``deal --stats EXPR``) and the results of a script's ``average`` and ``frequency`` actions.

:class:`DealStats` holds the numbers and writes them as the command does:
:meth:`DealStats.report` (the ``--stats`` lines) and :meth:`DealStats.actions_text`
(dealer's output of the script actions). :class:`Tally` gathers them from the
accepted batches. No click, no printing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bridgecli.core.errors import RuleError

if TYPE_CHECKING:
    from .script import Average, Frequency

__all__ = ["AverageResult", "DealStats", "FrequencyResult", "Tally"]


@dataclass(frozen=True, slots=True)
class AverageResult:
    """The result of a script's ``average "label" EXPR`` action."""

    label: str
    """The label (may be empty)."""
    total: int
    """Sum of the expression over the accepted deals."""
    deals: int
    """Accepted deals."""

    @property
    def mean(self) -> float:
        """The mean (0.0 without deals)."""
        return self.total / self.deals if self.deals else 0.0

    def text(self) -> str:
        """dealer's line: ``label: mean``."""
        return f"{self.label + ': ' if self.label else ''}{self.mean:g}"


@dataclass(frozen=True, slots=True)
class FrequencyResult:
    """The result of a script's ``frequency "label" (EXPR, low, high)`` action."""

    label: str
    """The label."""
    low: int
    """Lowest value with its own row."""
    high: int
    """Highest value with its own row."""
    counts: tuple[int, ...]
    """Deals with each value ``low .. high``."""
    below: int = 0
    """Deals with a value under ``low``."""
    above: int = 0
    """Deals with a value over ``high``."""

    def count(self, value: int) -> int:
        """Deals whose value was ``value`` (0 outside ``low .. high``)."""
        return self.counts[value - self.low] if self.low <= value <= self.high else 0

    def text(self) -> str:
        """dealer's table: a row a value, ``Low`` and ``High`` rows when not empty."""
        lines = [f"Frequency {self.label}:"]
        if self.below:
            lines.append(f"Low\t{self.below:8d}")
        for k, value in enumerate(range(self.low, self.high + 1)):
            lines.append(f"{value:5d}\t{self.counts[k]:8d}")
        if self.above:
            lines.append(f"High\t{self.above:8d}")
        return "\n".join(lines)


@dataclass
class DealStats:
    """How a dealing run went, and the statistics it was asked for."""

    accepted: int = 0
    """Deals that met the conditions (and were kept: at most the target)."""
    tried: int = 0
    """Deals dealt to find them."""
    target: int | None = None
    """Deals asked for (None: a statistics run to the try limit)."""
    soft_limit: bool = False
    """The try limit was a script's ``generate``: falling short is a note, not an error."""
    expr: str | None = None
    """The ``--stats`` expression (empty: the acceptance rate only; None: no report)."""
    total: int = 0
    """Sum of ``expr`` over the accepted deals."""
    counts: dict[int, int] = field(default_factory=dict)
    """Accepted deals by value of ``expr``."""
    actions: list[AverageResult | FrequencyResult] = field(default_factory=list)
    """Results of the script's ``average`` and ``frequency`` actions, in order."""

    @property
    def rate(self) -> float:
        """Accepted / tried (0.0 before any deal)."""
        return self.accepted / self.tried if self.tried else 0.0

    @property
    def mean(self) -> float | None:
        """Mean of ``expr`` over the accepted deals (None without deals or expression)."""
        return self.total / self.accepted if self.expr and self.accepted else None

    @property
    def complete(self) -> bool:
        """Whether the run found every deal asked for."""
        return self.target is None or self.accepted >= self.target

    def report(self) -> str:
        """The ``deal --stats`` lines: acceptance, then the mean and a bar chart of ``expr``."""
        lines = [f"accepted {self.accepted:,} of {self.tried:,} dealt ({100.0 * self.rate:.4g}%)"]
        if self.expr and self.accepted and self.counts:
            values = self.counts
            lines.append(f"{self.expr}: mean {self.total / self.accepted:.4g} over {self.accepted:,} deals")
            peak = max(values.values())
            width = max(len(str(v)) for v in values)
            for v in range(min(values), max(values) + 1):
                c = values.get(v, 0)
                bar = "#" * (round(40 * c / peak) if peak else 0)
                lines.append(f"  {v:>{width}}  {c:>9,}  {100.0 * c / self.accepted:6.2f}%  {bar}")
        return "\n".join(lines) + "\n"

    def actions_text(self) -> str:
        """The script actions' output as dealer prints it after the deals ("" without actions)."""
        if not self.actions:
            return ""
        return "\n".join(a.text() for a in self.actions) + "\n"

    def shortfall(self) -> str | None:
        """None when complete; else the message that says how many deals were found.

        Raises RuleError when the run fell short of a hard limit (``max_tries``);
        a script's ``generate`` limit gives the message back as a note instead.
        """
        if self.complete:
            return None
        rate = f"{100.0 * self.accepted / self.tried:.4g}%" if self.tried else "0%"
        message = (f"only {self.accepted:,} of {self.target:,} deals met the conditions in {self.tried:,} tries "
                   f"(acceptance rate {rate})")
        if self.soft_limit:
            return message + "; the script's generate limit was reached"
        raise RuleError(message + "; raise --max-tries or relax the conditions")


class Tally:
    """Gathers :class:`DealStats` from accepted batches (``owner`` arrays ``(52, n)``)."""

    def __init__(self, stats: DealStats, compiler: Any = None, expr: Any = None,
                 items: list[Average | Frequency] | None = None) -> None:
        self.stats = stats
        self.items = list(items or [])
        self._expr = expr
        self._compiled = [compiler.compile(s.node) for s in self.items] if self.items else []
        self._sums = [0] * len(self.items)
        self._hists: list[Any] = []
        if self.items:
            import numpy as np

            from .script import Frequency

            self._hists = [np.zeros(s.high - s.low + 3, dtype=np.int64) if isinstance(s, Frequency) else None
                           for s in self.items]

    @property
    def needed(self) -> bool:
        """Whether the deals themselves are looked at (an expression or script actions)."""
        return self._expr is not None or bool(self.items)

    def add(self, owner: Any) -> None:
        """Count the deals of ``owner``."""
        if not self.needed or owner.shape[1] == 0:
            return
        import numpy as np

        from .expr import Hands
        from .script import Frequency

        hands = Hands(owner)
        for k, (st, comp) in enumerate(zip(self.items, self._compiled)):
            vals = comp.values(hands)
            if not isinstance(st, Frequency):
                self._sums[k] += int(vals.sum())
            else:
                clipped = np.clip(vals - st.low + 1, 0, st.high - st.low + 2)
                self._hists[k] += np.bincount(clipped, minlength=len(self._hists[k]))
        if self._expr is not None:
            vals = self._expr.values(hands)
            self.stats.total += int(vals.sum())
            uniq, cnt = np.unique(vals, return_counts=True)
            counts = self.stats.counts
            for u, c in zip(uniq.tolist(), cnt.tolist()):
                counts[u] = counts.get(u, 0) + c

    def finish(self) -> DealStats:
        """The statistics, with the script actions' results filled in."""
        if not self.items:
            self.stats.actions = []
            return self.stats
        from .script import Frequency  # (loads the condition language and numpy: only for a script's actions)

        results: list[AverageResult | FrequencyResult] = []
        for st, total, hist in zip(self.items, self._sums, self._hists or [None] * len(self.items)):
            if isinstance(st, Frequency):
                h = [int(x) for x in hist]
                results.append(FrequencyResult(st.label, st.low, st.high, tuple(h[1:-1]), h[0], h[-1]))
            else:
                results.append(AverageResult(st.label, total, self.stats.accepted))
        self.stats.actions = results
        return self.stats
