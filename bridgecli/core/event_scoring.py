"""The conventions of a pairs event's scoring that scoring programs differ on
(:class:`EventScoring`): how the Butler datum is taken, how cross-IMPs and IMP totals are
counted, the matchpoint scale, what ranks the pairs, one or two winners, sections.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

__all__ = ["DEFAULT_SCORING", "EventScoring", "with_conventions"]


_CROSS = ("mean", "sum")
_TOTALS = ("sum", "factored", "per-board")
_RANK_BY = ("mp", "cross", "butler")
_WINNERS = ("one", "two")
_SECTIONS = ("apart", "across")
_BUTLER_ROUND = ("10", "1", "none")
_MP_SCALES = ("mp1", "mp2")


@dataclass(frozen=True, slots=True)
class EventScoring:
    """How a pairs event's IMPs are counted and its pairs ranked: the conventions scoring
    programs differ on. The defaults are bridgecli's; :meth:`from_pbn` reads what a PBN
    ``Scoring`` tag says (Magic Contest writes ``IMP;Butler-2;Mean``, ``IMP;Cross``,
    ``IMP;Cross2``)."""

    butler_trim_from: int = 5
    """A board's highest and lowest scores are left out of its Butler datum when it has at
    least this many results (3: whenever a score is left; a large number: never)."""
    cross: str = "mean"
    """A result's cross-IMPs on a board: ``mean`` of its IMPs against each other result (a
    board is worth the same whatever its number of results) or their ``sum``."""
    totals: str = "sum"
    """A pair's IMP totals: the ``sum`` over the boards it played; ``factored`` to every
    board of the event (sum x boards of the event / boards played, for a pair that sat out);
    or the mean ``per-board``."""
    rank_by: str = "mp"
    """What ranks the pairs: percentage (``mp``), ``cross`` IMPs or ``butler`` IMPs."""
    individual: bool = False
    """An individual event: each player is ranked, on the results of the pairs it played in
    (a pair's label is its two players joined by `` & ``, as a ScoreTable's ``PlayerId``
    columns give them)."""
    mp_top: int | None = None
    """Matchpoints as they are counted, 2 a score beaten and 1 a score equalled (``None``,
    the default: a board's top is ``2(N-1)``), or scaled so that every board's top is this
    number (100: a percentage a board)."""
    winners: str | None = None
    """``one`` ranking of all the pairs, or ``two`` (one per direction); ``None``, the
    default: two when no pair changed direction, else one."""
    sections: str | None = None
    """Results that name their section: ``apart`` (each section's results of a board
    compared among themselves, Neuberg to the section's tables, pairs ranked per section)
    or ``across`` the field (every result of a board compared with every other, one
    ranking); ``None``, the default: across when no pair number stands in two sections,
    else apart."""
    butler_round: str = "10"
    """How a board's Butler datum (the mean of its scores) is rounded: to the nearest ``10``
    (the default, as the EBU and most programs do), to the nearest ``1``, or ``none`` (the
    mean itself; IMPs of a difference that is not whole count in the step holding it).
    Halves are rounded away from zero. The whole numbers 10 and 1 are taken too."""
    mp_scale: str = "mp1"
    """The matchpoint scale (PBN 2.1 3.4.12): ``mp1`` (the default; Law 78A as the EBU and
    Europe count, 2 a score beaten and 1 a score equalled, top ``2(N-1)``) or ``mp2`` (the
    ACBL's, 1 a score beaten and half a score equalled, top ``N-1``; Neuberg
    ``(MP + 1/2) * N / n - 1/2``). Percentages are the same on either; :attr:`mp_top`, when
    given, scales to its top instead."""

    def __post_init__(self) -> None:
        rounding: object = self.butler_round
        if isinstance(rounding, int) and not isinstance(rounding, bool) and rounding in (10, 1):
            object.__setattr__(self, "butler_round", str(rounding))
        for name, value, allowed in (("cross", self.cross, _CROSS), ("totals", self.totals, _TOTALS),
                                     ("rank_by", self.rank_by, _RANK_BY),
                                     ("winners", self.winners or "one", _WINNERS),
                                     ("sections", self.sections or "apart", _SECTIONS),
                                     ("butler_round", self.butler_round, _BUTLER_ROUND),
                                     ("mp_scale", self.mp_scale, _MP_SCALES)):
            if value not in allowed:
                raise ValueError(f"{name} is one of {', '.join(allowed)}, not {value!r}")
        if self.mp_top is not None and (isinstance(self.mp_top, bool) or not isinstance(self.mp_top, int)
                                        or self.mp_top < 1):
            raise ValueError(f"mp_top is a whole number from 1, not {self.mp_top!r}")
        if isinstance(self.butler_trim_from, bool) or not isinstance(self.butler_trim_from, int) \
                or self.butler_trim_from < 3:
            raise ValueError(f"butler_trim_from is a whole number of at least 3, not {self.butler_trim_from!r}")

    @property
    def butler_round_to(self) -> int | None:
        """The multiple a Butler datum is rounded to (None: not rounded), as
        :func:`~bridgecli.core.imps.butler_datum` takes it."""
        return None if self.butler_round == "none" else int(self.butler_round)

    @classmethod
    def from_pbn(cls, text: str | None) -> EventScoring | None:
        """The conventions a PBN ``Scoring`` tag names (PBN 2.1 3.4.12: a base ``IMP`` and the
        modifiers ``Butler``, ``Butler-2``, ``Cross``, ``Cross1``, ``Cross2``), or None when it
        names none of them (an empty tag, matchpoints on the default scale ``MP1``;
        ``MP;MP2`` or ``MatchPoints;MP2`` is :attr:`mp_scale` ``mp2``). ``Butler-2`` leaves the highest and
        lowest score out of every datum that keeps a score, and its totals are factored to
        every board; ``Cross`` and ``Cross1`` sum a result's IMPs against the others;
        ``Cross2`` takes their mean and the pairs' totals a board."""
        fields = [f.strip().lower() for f in (text or "").split(";")]
        if fields[0] in ("mp", "matchpoints") and "mp2" in fields[1:]:
            return cls(mp_scale="mp2")
        if "imp" not in fields[:1]:
            return None
        mods = set(fields[1:])
        if "butler-2" in mods:
            return cls(butler_trim_from=3, totals="factored", rank_by="butler")
        if "butler" in mods:
            return cls(rank_by="butler")
        if "cross2" in mods:
            return cls(cross="mean", totals="per-board", rank_by="cross")
        if mods & {"cross", "cross1"}:
            return cls(cross="sum", totals="factored", rank_by="cross")
        return None


DEFAULT_SCORING = EventScoring()
"""bridgecli's conventions (see :class:`EventScoring`)."""


def with_conventions(base: EventScoring | None, **given: Any) -> EventScoring:
    """``base`` (bridgecli's conventions when None: what a file's ``Scoring`` tag or a
    SESSION's ``scoring:`` says) with the fields ``given`` in its place (a value None is
    not given): options a user gives override what a file says. Raises ValueError for a
    value a field does not take."""
    chosen = {k: v for k, v in given.items() if v is not None}
    base = base or DEFAULT_SCORING
    return replace(base, **chosen) if chosen else base
