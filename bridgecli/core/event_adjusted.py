"""Adjusted scores in an event (Laws 12C1 and 12C2), as directors write them on a traveller.

* Artificial adjusted scores (Law 12C2, :class:`Adjusted`): average plus, average and
  average minus (``A+``, ``A``, ``A-``) are 60, 50 and 40 per cent in pairs and +3, 0 and
  -3 IMPs in teams; the two sides of a table may get different ones (``A+/A-``, N-S first),
  and a director may give percentages (``60%``, ``40/60%``). In IMP scoring a percentage
  ``p`` counts ``(p - 50) * 3 / 10`` IMPs (60% is +3).
* Assigned adjusted scores (Law 12C1, :class:`Assigned`): scores put in place of the
  table's result, split between the sides or weighted over several outcomes.

How they are scored is in :mod:`bridgecli.core.events` (pairs) and
:mod:`bridgecli.core.event_teams` (teams). Everything is pure.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from .errors import ParseError
from .numbers import is_digits

__all__ = ["Adjusted", "Assigned", "Outcomes", "parse_adjusted", "parse_assigned", "round_imps"]


#: Average plus, average, average minus (Law 12C2) as directors write them.
_AVERAGES = {"A+": 60.0, "A": 50.0, "A-": 40.0, "AV+": 60.0, "AV": 50.0, "AV-": 40.0, "AVE+": 60.0,
             "AVE": 50.0, "AVE-": 40.0, "AVG+": 60.0, "AVG": 50.0, "AVG-": 40.0}
_PERCENT = re.compile(r"(\d{1,3}(?:\.\d+)?)(%?)")


@dataclass(frozen=True, slots=True)
class Adjusted:
    """An artificial adjusted score (Law 12C2): what each side of the table gets."""

    ns: float
    """N-S's percentage of the board (60 for average plus)."""
    ew: float
    """E-W's percentage."""
    text: str
    """As written, canonical: ``A+``, ``A+/A-``, ``60%``, ``60%/40%``."""

    @staticmethod
    def imps_of(percentage: float) -> float:
        """IMPs of a percentage: average plus (60) +3, average 0, average minus (40) -3."""
        return round((percentage - 50.0) * 0.3, 6)

    @property
    def ns_imps(self) -> float:
        """N-S's IMPs in IMP scoring."""
        return self.imps_of(self.ns)

    @property
    def ew_imps(self) -> float:
        """E-W's IMPs in IMP scoring."""
        return self.imps_of(self.ew)

    def __str__(self) -> str:
        return self.text


def _one_side(text: str, percent: bool) -> tuple[float, str] | None:
    avg = _AVERAGES.get(text)
    if avg is not None:
        return avg, {60.0: "A+", 50.0: "A", 40.0: "A-"}[avg]
    m = _PERCENT.fullmatch(text)
    if m is None or not (m.group(2) or percent):
        return None
    value = float(m.group(1))
    if value > 100:
        raise ParseError(f"an adjusted score is 0% to 100%, not {text!r}")
    return value, f"{m.group(1)}%"


def parse_adjusted(text: str) -> Adjusted | None:
    """The artificial adjusted score ``text`` writes, or None when it is none (a score, a
    contract). ``A+``, ``A``, ``A-`` (also ``Ave+``, ``Avg-`` ...) and ``60%`` apply to both
    sides; ``A+/A-``, ``60/40%`` or ``60%/40%`` give N-S's then E-W's. Raises ParseError
    for a percentage over 100.
    """
    t = text.strip().upper().replace(" ", "")
    if not t or t[0].isdigit() and "%" not in t:
        return None
    parts = t.split("/")
    if len(parts) > 2:
        return None
    percent = t.endswith("%")
    sides = [_one_side(p, percent) for p in parts]
    if any(side is None for side in sides):
        return None
    ns, ew = sides[0], sides[-1]
    assert ns is not None and ew is not None
    return Adjusted(ns[0], ew[0], ns[1] if len(parts) == 1 else f"{ns[1]}/{ew[1]}")


Outcomes = tuple[tuple[float, int], ...]
"""Weighted N-S scores: (weight, N-S score) pairs whose weights add up to 1."""

_WEIGHTED_PART = re.compile(r"(\d{1,3}(?:\.\d+)?)%\s*(?:of\s+)?(\S+)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Assigned:
    """An assigned adjusted score (Law 12C1): scores the director put in place of the
    table's result. The two sides' scores need not balance (12C1(b): ``420/-450``, N-S
    scored as +420 and E-W as if N-S had -450) and each may weight several outcomes
    (12C1(c): ``30% 420 + 70% -50``). Unlike an artificial score (:class:`Adjusted`) it is
    compared with the board's other results, each outcome by its weight."""

    ns: Outcomes
    """The outcomes N-S are scored on (N-S scores)."""
    ew: Outcomes
    """The outcomes E-W are scored on (N-S scores, so E-W get their negation)."""
    text: str
    """As written, canonical: ``420/-450``, ``30% 420 + 70% -50``."""

    @property
    def balanced(self) -> bool:
        """True when both sides are scored on the same outcomes."""
        return self.ns == self.ew

    @property
    def mean_ns(self) -> float:
        """N-S's weighted N-S score."""
        return sum(w * s for w, s in self.ns)

    def __str__(self) -> str:
        return self.text


def _outcomes(text: str, score_of: Callable[[str], int] | None) -> tuple[Outcomes, str] | None:
    """One side of an assigned score: a signed score, or weighted parts ``30% 420 + 70%
    4S-1`` (a contract and result part scored by ``score_of``); None when ``text`` is none."""
    t = text.strip()
    n = _signed(t)
    if n is not None:
        return ((1.0, n),), str(n)
    parts = [p.strip() for p in re.split(r"\s*[+,]\s*(?=\d{1,3}(?:\.\d+)?%)", t) if p.strip()]
    if len(parts) < 2:
        return None
    out: list[tuple[float, int]] = []
    shown: list[str] = []
    for part in parts:
        m = _WEIGHTED_PART.fullmatch(part)
        if m is None:
            return None
        what = m.group(2)
        value = _signed(what)
        if value is None:
            if score_of is None:
                return None
            value = score_of(what)
        weight = float(m.group(1))
        out.append((weight / 100, value))
        shown.append(f"{m.group(1)}% {what}")
    total = sum(w for w, _ in out)
    if abs(total - 1) > 1e-9:
        raise ParseError(f"the weights of an assigned score add up to 100%, not {round(total * 100, 6):g}%: {text!r}")
    return tuple(out), " + ".join(shown)


def _signed(text: str) -> int | None:
    body = text[1:] if text[:1] in "+-" else text
    if not is_digits(body) or len(body) > 6:
        return None
    return -int(body) if text.startswith("-") else int(body)


def parse_assigned(text: str, score_of: Callable[[str], int] | None = None) -> Assigned | None:
    """The assigned adjusted score ``text`` writes (Law 12C1), or None when it is none: two
    N-S scores split by ``/`` (N-S's, then the one E-W are scored on), and on either side
    weighted outcomes (``30% 420 + 70% -50``; with ``score_of``, which gives the N-S score of
    a contract and result such as ``4S=``, also ``30% 4S= + 70% 4S-1``). A single score is
    no assigned score (it is the table's score). Raises ParseError when weights do not add
    up to 100%."""
    sides = text.split("/")
    if len(sides) > 2:
        return None
    read = [_outcomes(side, score_of) for side in sides]
    if any(r is None for r in read):
        return None
    ns, ew = read[0], read[-1]
    assert ns is not None and ew is not None
    if len(sides) == 1 and len(ns[0]) == 1:
        return None
    return Assigned(ns[0], ew[0], ns[1] if len(sides) == 1 else f"{ns[1]}/{ew[1]}")


def round_imps(x: float) -> int:
    """``x`` IMPs rounded to a whole number, halves away from zero (an adjusted score's IMPs
    in Butler totals)."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))
