"""Scoring an event from its table results: matchpoints, Neuberg, cross-IMPs, Butler, team matches.

Input is a list of :class:`TableResult` (one line of a traveller: board,
pairs, N-S score, optionally contract, room, lead). Everything is pure.

* Matchpoints (Law 78A, PBN ``MP1``): 2 for each score beaten, 1 for each
  equal score, on each board; N-S and E-W are compared separately (E-W
  matchpoints = top - N-S matchpoints).
* Neuberg: a board with ``n`` results when ``N`` were expected (``N`` = the
  most results any board of the event has, unless given) scores
  ``(MP + 1) * N / n - 1`` (RULES.md §6), so every board has top ``2(N-1)``.
* Percentages: a pair's adjusted matchpoints over the tops of the boards it played.
* Cross-IMPs: :func:`~bridgecli.core.imps.cross_imps` (average over the other results).
* Butler: :func:`~bridgecli.core.imps.butler_imps` (datum = trimmed mean, rounded to 10).
* Teams: two rooms (``open``/``closed``) per board; the home team sits N-S in
  the open room and E-W in the closed room, and wins ``imps(open N-S - closed N-S)``.
* Artificial adjusted scores (Law 12C2, :class:`Adjusted`): average plus, average and
  average minus (``A+``, ``A``, ``A-``) are 60, 50 and 40 per cent in pairs and +3, 0 and
  -3 IMPs in teams; the two sides of a table may get different ones (``A+/A-``, N-S first),
  and a director may give percentages (``60%``, ``40/60%``). In pairs an artificial score
  takes no part in the matchpoint comparison (EBU White Book, Bavin's Neuberg article): the
  other results of the board are matchpointed among themselves and factored up to the full
  board with Neuberg's formula, and each averaged side gets its percentage of the top.
  In IMP scoring a percentage ``p`` counts ``(p - 50) * 3 / 10`` IMPs (60% is +3).
"""

from __future__ import annotations

import math
import re
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from .contract import Contract
from .errors import ParseError, RuleError
from .imps import butler_datum, butler_imps, cross_imps, imps, victory_points
from .numbers import is_digits

__all__ = [
    "DEFAULT_SCORING",
    "Adjusted",
    "Assigned",
    "BoardResults",
    "EventScoring",
    "NumberedResults",
    "PairStanding",
    "PairsEvent",
    "PairsStream",
    "ResultScore",
    "ResultStore",
    "TableResult",
    "TeamBoard",
    "TeamMatch",
    "adjusted_pair",
    "board_key",
    "check_board",
    "field_order",
    "field_parts",
    "is_team_event",
    "matchpoints",
    "neuberg",
    "parse_adjusted",
    "parse_assigned",
    "score_pairs",
    "section_pair",
    "section_plan",
    "team_match",
    "with_conventions",
]


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


def _imps_int(x: float) -> int:
    """IMPs rounded half away from zero (a percentage's IMPs for Butler totals)."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


_CROSS = ("mean", "sum")
_TOTALS = ("sum", "factored", "per-board")
_RANK_BY = ("mp", "cross", "butler")
_WINNERS = ("one", "two")
_SECTIONS = ("apart", "across")


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

    def __post_init__(self) -> None:
        for name, value, allowed in (("cross", self.cross, _CROSS), ("totals", self.totals, _TOTALS),
                                     ("rank_by", self.rank_by, _RANK_BY),
                                     ("winners", self.winners or "one", _WINNERS),
                                     ("sections", self.sections or "apart", _SECTIONS)):
            if value not in allowed:
                raise ValueError(f"{name} is one of {', '.join(allowed)}, not {value!r}")
        if self.mp_top is not None and (isinstance(self.mp_top, bool) or not isinstance(self.mp_top, int)
                                        or self.mp_top < 1):
            raise ValueError(f"mp_top is a whole number from 1, not {self.mp_top!r}")
        if isinstance(self.butler_trim_from, bool) or not isinstance(self.butler_trim_from, int) \
                or self.butler_trim_from < 3:
            raise ValueError(f"butler_trim_from is a whole number of at least 3, not {self.butler_trim_from!r}")

    @classmethod
    def from_pbn(cls, text: str | None) -> EventScoring | None:
        """The conventions a PBN ``Scoring`` tag names (PBN 2.1 3.4.12: a base ``IMP`` and the
        modifiers ``Butler``, ``Butler-2``, ``Cross``, ``Cross1``, ``Cross2``), or None when it
        names none of them (matchpoints, an empty tag). ``Butler-2`` leaves the highest and
        lowest score out of every datum that keeps a score, and its totals are factored to
        every board; ``Cross`` and ``Cross1`` sum a result's IMPs against the others;
        ``Cross2`` takes their mean and the pairs' totals a board."""
        fields = [f.strip().lower() for f in (text or "").split(";")]
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


@dataclass(frozen=True, slots=True)
class TableResult:
    """One result of a board at one table."""

    board: str
    """Board label (the number as text)."""
    ns: str
    """The N-S pair (number or names)."""
    ew: str
    """The E-W pair."""
    score: int
    """The N-S score (negative when E-W scored); 0 for an artificial adjusted score."""
    contract: Contract | None = None
    """The contract with declarer, when known."""
    tricks: int | None = None
    """Tricks taken by declarer, when known."""
    room: str | None = None
    """``open`` or ``closed`` in a team match."""
    lead: str | None = None
    """The opening lead, as written."""
    line: int | None = None
    """Line (or record) of the input the result came from."""
    adjusted: Adjusted | None = None
    """The artificial adjusted score the director gave instead of a result (Law 12C2)."""
    assigned: Assigned | None = None
    """The assigned adjusted score the director gave instead of a result (Law 12C1); then
    :attr:`score` is N-S's weighted score, rounded."""
    round: str | None = None
    """The round the board was played in, when the results say (a ``round`` column)."""
    table: str | None = None
    """The table it was played at, when the results say (a ``table`` column)."""
    section: str | None = None
    """The section it was played in, when the results say (a ``section`` column, a
    ScoreTable's ``Section``)."""


@dataclass(frozen=True, slots=True)
class ResultScore:
    """A table result with what it earned."""

    result: TableResult
    """The result scored."""
    mp_ns: float
    """N-S matchpoints (Neuberg-adjusted when the board had fewer or more results)."""
    mp_ew: float
    """E-W matchpoints, likewise."""
    top: int
    """The top of the board, ``2(N-1)``."""
    cross_ns: float
    """N-S cross-IMPs (E-W get the negation)."""
    datum: int
    """The board's Butler datum."""
    butler_ns: int
    """N-S Butler IMPs (E-W get the negation)."""
    cross_ew: float | None = None
    """E-W cross-IMPs of an adjusted score (which need not balance); None: ``-cross_ns``."""
    butler_ew: int | None = None
    """E-W Butler IMPs of an adjusted score; None: ``-butler_ns``."""


@dataclass(frozen=True, slots=True)
class PairStanding:
    """A pair's total over the boards it played."""

    rank: str
    """``1``, ``2``, or ``3=`` for a tie."""
    pair: str
    """The pair."""
    direction: str
    """``NS``, ``EW`` or ``NS/EW`` (a pair that sat both ways)."""
    boards: int
    """Boards played."""
    mp: float
    """Matchpoints (adjusted)."""
    top: int
    """Sum of the tops of the boards played."""
    percentage: float
    """``mp / top * 100``."""
    cross_imps: float
    """Cross-IMPs total (as :attr:`EventScoring.totals` says)."""
    butler: float
    """Butler IMPs total (as :attr:`EventScoring.totals` says; a whole number when summed)."""
    field: str = ""
    """The ranking the pair is placed in: ``NS`` or ``EW`` (two winners) or ``""`` (one),
    after its section and a space when sections are scored apart (``A NS``, ``B``)."""


@dataclass(frozen=True, slots=True)
class PairsEvent:
    """A pairs event scored."""

    results: tuple[ResultScore, ...]
    """Every table result with its scores, by board then input order."""
    standings: tuple[PairStanding, ...]
    """Pairs ranked by percentage, per direction when no pair changed direction."""
    expected: int
    """Results expected on a board (``N`` of the Neuberg formula)."""
    conventions: EventScoring = DEFAULT_SCORING
    """How IMPs were counted and pairs (or players) ranked."""


@dataclass(frozen=True, slots=True)
class TeamBoard:
    """One board of a team match: the two rooms' results."""

    board: str
    """Board label."""
    open: TableResult
    """The open-room result (home team N-S)."""
    closed: TableResult
    """The closed-room result (home team E-W)."""
    imps_home: float
    """IMPs of the board to the home team (negative: to the visitors). A whole number, but for
    a board decided by artificial adjusted scores that do not balance, where it is the mean of
    the two teams' own scores (Law 86A), which may end in .5."""

@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A team match scored board by board."""

    home: str
    """The home team: N-S of the open room and E-W of the closed room."""
    visitors: str
    """The visiting team."""
    boards: tuple[TeamBoard, ...]
    """Boards with both rooms' results."""
    home_imps: float
    """IMPs won by the home team: the sum of the boards it won (a whole number unless a
    board was adjusted with scores that do not balance)."""
    visitors_imps: float
    """IMPs won by the visitors, likewise."""
    home_vp: float = 10.0
    """The home team's victory points on the WBF continuous 20-point scale for the match's
    margin and number of boards (:func:`~bridgecli.core.imps.victory_points`)."""
    visitors_vp: float = 10.0
    """The visitors' victory points (20 less the home team's)."""


def matchpoints(scores: Sequence[int]) -> list[int]:
    """Matchpoints of each score among ``scores`` (Law 78A, MP1): 2 per score beaten, 1 per equal one."""
    return [sum(2 if s > t else 1 if s == t else 0 for t in scores) - 1 for s in scores]


def neuberg(mp: float, results: int, expected: int) -> float:
    """Neuberg-adjusted matchpoints (RULES.md §6): ``(mp + 1) * expected / results - 1``.

    ``results`` is how many results the board got, ``expected`` how many it
    should have had. Raises ValueError when ``results`` is not positive.
    """
    if results <= 0:
        raise ValueError("a board needs at least one result")
    if results == expected:
        return mp
    return round((mp + 1) * expected / results - 1, 9)


def board_key(label: str) -> tuple[int, int | str]:
    """The sort key of a board label: numbers in their order, then other labels as text.
    Labels with equal keys (``1`` and ``01``) are kept in the order they first came."""
    return (0, int(label)) if is_digits(label) and len(label) <= 18 else (1, label)


def _group(results: Sequence[TableResult]) -> dict[str, list[TableResult]]:
    boards: dict[str, list[TableResult]] = {}
    for r in results:
        boards.setdefault(r.board, []).append(r)
    return dict(sorted(boards.items(), key=lambda kv: board_key(kv[0])))


def check_board(label: str, rs: Iterable[TableResult]) -> bool:
    """Check one board's pairs: raise RuleError for the first result of a pair that plays
    the board twice in one direction. Returns True when a number stands both as an N-S and
    as an E-W pair on the board (N-S 1 meeting E-W 1 at table 1): the event numbers its N-S
    and E-W pairs apart, as a Mitchell's travellers do (no pair of a Howell plays a board
    twice)."""
    seen: dict[str, set[str]] = {"NS": set(), "EW": set()}
    crossed = False
    for r in rs:
        for p, side, other in ((r.ns, "NS", "EW"), (r.ew, "EW", "NS")):
            if p in seen[side]:
                raise RuleError(f"pair {p!r} has two results", board=label, line=r.line)
            crossed = crossed or p in seen[other]
            seen[side].add(p)
    return crossed


def _score_board(rs: Sequence[TableResult], n_expected: int,
                 conv: EventScoring = DEFAULT_SCORING, per_section: dict[str, int] | None = None
                 ) -> Iterator[ResultScore]:
    """The scores of one board's results (checked by :func:`check_board`), in their order,
    matchpoints scaled to :attr:`EventScoring.mp_top` when it names a top. With sections
    apart, each section's results are scored among themselves (``per_section``: the results
    each section's boards should have; else ``n_expected``)."""
    if conv.sections == "apart" and any(r.section for r in rs):
        groups: dict[str | None, list[TableResult]] = {}
        for r in rs:
            groups.setdefault(r.section, []).append(r)
        by_id: dict[int, ResultScore] = {}
        for section, group in groups.items():
            expected = n_expected if per_section is None else per_section.get(section or "", n_expected)
            for one in _score_board(group, expected, replace(conv, sections="across")):
                by_id[id(one.result)] = one
        yield from (by_id[id(r)] for r in rs)
        return
    scored = _board_scores(rs, n_expected, conv)
    to = conv.mp_top
    if to is None:
        yield from scored
        return
    for one in scored:
        if one.top <= 0:  # a board of one result: nothing compared, nothing to scale
            yield one
            continue
        f = to / one.top
        yield replace(one, mp_ns=round(one.mp_ns * f, 9), mp_ew=round(one.mp_ew * f, 9), top=to)


def _board_scores(rs: Sequence[TableResult], n_expected: int,
                  conv: EventScoring = DEFAULT_SCORING) -> Iterator[ResultScore]:
    """The scores of one board's results, matchpoints as counted (MP1)."""
    top = 2 * (n_expected - 1)
    # artificial scores take no part in the comparison: the real ones are matchpointed
    # among themselves and factored up with Neuberg; an averaged side gets its share of the top
    real = [r for r in rs if r.adjusted is None]
    scores = [r.score for r in real]
    board_top = 2 * (len(real) - 1)
    if any(r.assigned is not None for r in real):
        yield from _score_weighted_board(rs, real, n_expected, conv)
        return
    mps = matchpoints(scores)
    cross = cross_imps(scores) if scores else []
    if conv.cross == "sum":
        cross = [round(c * (len(scores) - 1), 6) for c in cross]
    datum = butler_datum(scores, conv.butler_trim_from) if scores else 0
    butler = butler_imps(scores, conv.butler_trim_from) if scores else []
    by_result = {id(r): (mp, cx, bt) for r, mp, cx, bt in zip(real, mps, cross, butler)}
    for r in rs:
        adj = r.adjusted
        if adj is not None:
            yield _artificial_score(r, adj, top, datum, len(real), conv)
            continue
        mp, cx, bt = by_result[id(r)]
        ns_mp = neuberg(mp, len(real), n_expected)
        ew_mp = neuberg(board_top - mp, len(real), n_expected)
        yield ResultScore(r, ns_mp, ew_mp, top, cx, datum, bt)


def _artificial_score(r: TableResult, adj: Adjusted, top: int, datum: int, real: int,
                      conv: EventScoring) -> ResultScore:
    """The scores of a table given an artificial adjusted score (Law 12C2)."""
    # in cross-IMP sums an averaged side's IMPs count against each real result
    times = max(real, 1) if conv.cross == "sum" else 1
    return ResultScore(r, round(adj.ns * top / 100, 9), round(adj.ew * top / 100, 9), top,
                       round(adj.ns_imps * times, 6), datum, _imps_int(adj.ns_imps),
                       round(adj.ew_imps * times, 6), _imps_int(adj.ew_imps))


def _compare(a: int, b: int) -> int:
    """Matchpoints of N-S score ``a`` against ``b``: 2 above, 1 equal, 0 below (MP1)."""
    return 2 if a > b else 1 if a == b else 0


def _score_weighted_board(rs: Sequence[TableResult], real: Sequence[TableResult], n_expected: int,
                          conv: EventScoring) -> Iterator[ResultScore]:
    """The scores of a board with assigned scores (Law 12C1): each side is compared on the
    outcomes it was given, each outcome counted by its weight against each outcome of every
    other result; split scores make each side's matchpoints and IMPs its own."""
    n = len(real)
    ns_out = [r.assigned.ns if r.assigned is not None else ((1.0, r.score),) for r in real]
    ew_out = [r.assigned.ew if r.assigned is not None else ((1.0, r.score),) for r in real]

    def against(outs: list[Outcomes], i: int, f: Callable[[int, int], float]) -> float:
        return sum(wa * wb * f(a, b) for j in range(n) if j != i for wa, a in outs[i] for wb, b in outs[j])

    top = 2 * (n_expected - 1)
    datum = butler_datum([round(sum(w * x for w, x in o)) for o in ns_out], conv.butler_trim_from)
    per = 1 if conv.cross == "sum" else max(n - 1, 1)
    scored: dict[int, ResultScore] = {}
    for i, r in enumerate(real):
        mp_ns = neuberg(round(against(ns_out, i, _compare), 9), n, n_expected)
        mp_ew = neuberg(round(against(ew_out, i, lambda a, b: 2 - _compare(a, b)), 9), n, n_expected)
        cx_ns = round(against(ns_out, i, lambda a, b: imps(a - b)) / per, 6)
        cx_ew = -round(against(ew_out, i, lambda a, b: imps(a - b)) / per, 6)
        bt_ns = _imps_int(sum(w * imps(x - datum) for w, x in ns_out[i]))
        bt_ew = -_imps_int(sum(w * imps(x - datum) for w, x in ew_out[i]))
        mirrored = cx_ew == -cx_ns and bt_ew == -bt_ns
        scored[id(r)] = ResultScore(r, mp_ns, mp_ew, top, cx_ns, datum, bt_ns,
                                    None if mirrored else cx_ew, None if mirrored else bt_ew)
    for r in rs:
        if r.adjusted is not None:
            yield _artificial_score(r, r.adjusted, top, datum, n, conv)
        else:
            yield scored[id(r)]


def section_plan(results: Iterable[TableResult], conv: EventScoring = DEFAULT_SCORING
                 ) -> tuple[EventScoring, bool]:
    """How results that name their sections are scored: ``conv`` with
    :attr:`EventScoring.sections` decided (when it is None: ``across`` unless a pair
    number stands in two sections, then ``apart``; left None when no result names a
    section), and whether the pairs are told apart by their section (a number in two
    sections: pair 1 of section A is ``A1``, see :func:`section_pair`)."""
    seen: dict[str, str | None] = {}
    any_section = clash = False
    for r in results:
        any_section = any_section or bool(r.section)
        for pair in (r.ns, r.ew):
            if seen.setdefault(pair, r.section) != r.section:
                clash = True
    if not any_section:
        return conv, False
    return replace(conv, sections=conv.sections or ("apart" if clash else "across")), clash


def field_parts(field: str) -> tuple[str, str]:
    """The section and direction of a ranking's :attr:`PairStanding.field` (``A NS`` ->
    ``("A", "NS")``, ``EW`` -> ``("", "EW")``, ``B`` -> ``("B", "")``)."""
    head, _, last = field.rpartition(" ")
    if last in ("NS", "EW"):
        return head, last
    return field, ""


def field_order(field: str) -> tuple[str, int, str]:
    """The order rankings are printed in: by section, N-S before E-W."""
    section, direction = field_parts(field)
    return section, {"NS": 0, "EW": 1}.get(direction, 2), direction


def section_pair(section: str | None, pair: str) -> str:
    """A pair's label told apart by its section: ``A1`` for pair 1 of section A (a section of
    one letter), ``North 1`` otherwise; ``pair`` itself without a section."""
    if not section:
        return pair
    return f"{section}{pair}" if len(section) == 1 and pair[:1].isdigit() else f"{section} {pair}"


def _qualified(r: TableResult) -> TableResult:
    """``r`` with its pairs told apart by its section."""
    return replace(r, ns=section_pair(r.section, r.ns), ew=section_pair(r.section, r.ew)) if r.section else r


def _section_expected(boards: Iterable[Sequence[TableResult]]) -> dict[str, int]:
    """The most results a board has in each section (by name; ``""``: no section)."""
    most: dict[str, int] = {}
    for rs in boards:
        count: dict[str, int] = {}
        for r in rs:
            count[r.section or ""] = count.get(r.section or "", 0) + 1
        for section, n in count.items():
            most[section] = max(most.get(section, 0), n)
    return most


def score_pairs(results: Sequence[TableResult], expected: int | None = None,
                conventions: EventScoring = DEFAULT_SCORING) -> PairsEvent:
    """Matchpoints, Neuberg, percentages, cross-IMPs and Butler IMPs of a pairs event.

    ``expected`` is the number of results a board should have (default: the
    most any board has); ``conventions`` how IMPs are counted and pairs ranked. A number
    that stands as an N-S and as an E-W pair on one board (N-S 1 against E-W 1) makes the
    event's N-S and E-W pairs numbered apart (a Mitchell): each direction ranked on its own.
    Results that name their sections are scored as :func:`section_plan` says.
    Raises RuleError when a pair plays a board twice in one direction.
    """
    conventions, qualify = section_plan(results, conventions)
    boards = _group([_qualified(r) for r in results] if qualify else results)
    if not boards:
        return PairsEvent((), (), 0)
    n_expected = expected if expected is not None else max(len(rs) for rs in boards.values())
    per_section = _section_expected(boards.values()) if conventions.sections == "apart" and expected is None else None
    apart = False
    for label, rs in boards.items():
        apart = check_board(label, rs) or apart
    scored: list[ResultScore] = []
    for rs in boards.values():
        scored.extend(_score_board(rs, n_expected, conventions, per_section))
    return PairsEvent(tuple(scored), _standings(scored, len(boards), conventions, apart), n_expected, conventions)


def _standings(scored: Iterable[ResultScore], n_boards: int, conv: EventScoring,
               apart: bool = False) -> tuple[PairStanding, ...]:
    totals = _Totals(apart, conv.individual)
    for rs in scored:
        totals.add(rs)
    return totals.standings(n_boards, conv)


def _side_marks(adj: Adjusted) -> tuple[str, str]:
    """Each side's mark of an artificial score as written (``A+``, ``A``, ``A-`` or a
    percentage): N-S's, then E-W's."""
    parts = adj.text.split("/")
    return parts[0], parts[-1]


class _Totals:
    """Each pair's totals, added up a result at a time (in the order of the event's results),
    and the ranking they give."""

    __slots__ = ("adjusted", "apart", "directions", "individual", "sections", "totals")

    def __init__(self, apart: bool = False, individual: bool = False) -> None:
        self.apart = apart
        self.individual = individual
        """Each player of a pair (``a & b``) counted apart."""
        """N-S and E-W pairs numbered apart: a pair is its number and its direction."""
        self.totals: dict[tuple[str, str], list[float]] = {}
        self.directions: dict[tuple[str, str], set[str]] = {}
        self.adjusted: dict[tuple[str, str], list[tuple[str, float, int]]] = {}
        """A pair's artificial scores: its mark, the matchpoints it got and the board's top."""
        self.sections: dict[tuple[str, str], str] = {}
        """The section each pair played in (pairs of results that name one)."""

    def add(self, rs: ResultScore) -> None:
        """Count one scored result for both its pairs."""
        totals, directions = self.totals, self.directions
        for pair, direction, mp, cx, bt in (
            (rs.result.ns, "NS", rs.mp_ns, rs.cross_ns, rs.butler_ns),
            (rs.result.ew, "EW", rs.mp_ew, -rs.cross_ns if rs.cross_ew is None else rs.cross_ew,
             -rs.butler_ns if rs.butler_ew is None else rs.butler_ew),
        ):
            for key in self._keys(pair, direction):
                t = totals.setdefault(key, [0, 0.0, 0, 0.0, 0])
                t[0] += 1
                t[1] += mp
                t[2] += rs.top
                t[3] += cx
                t[4] += bt
                directions.setdefault(key, set()).add(direction)
                if rs.result.section:
                    self.sections[key] = rs.result.section
        adj = rs.result.adjusted
        if adj is not None:
            ns_mark, ew_mark = _side_marks(adj)
            for key in self._keys(rs.result.ns, "NS"):
                self.adjusted.setdefault(key, []).append((ns_mark, rs.mp_ns, rs.top))
            for key in self._keys(rs.result.ew, "EW"):
                self.adjusted.setdefault(key, []).append((ew_mark, rs.mp_ew, rs.top))

    def _keys(self, pair: str, direction: str) -> list[tuple[str, str]]:
        """Who is credited with a side's result: the pair (with its direction when pairs are
        numbered apart), or each of its players in an individual event."""
        side = direction if self.apart else ""
        if self.individual:
            return [(player.strip(), side) for player in pair.split(" & ")]
        return [(pair, side)]

    def _matchpoints(self, pair: tuple[str, str], mp_sum: float, top_sum: float) -> float:
        """A pair's matchpoints with Law 12C2(b) applied: on a board where it got average
        plus (``A+``) a pair whose percentage on the boards it played is over 60 gets that
        percentage, and one with average minus (``A-``) under 40 gets that (a percentage the
        director wrote stands as written)."""
        marks = self.adjusted.get(pair)
        if not marks:
            return mp_sum
        played_mp = mp_sum - sum(mp for _, mp, _ in marks)
        played_top = top_sum - sum(top for _, _, top in marks)
        if played_top <= 0:
            return mp_sum
        session = 100.0 * played_mp / played_top
        out = mp_sum
        for mark, mp, top in marks:
            if mark == "A+" and session > 60 or mark == "A-" and session < 40:
                out += round(session * top / 100, 9) - mp
        return out

    def standings(self, n_boards: int = 0, conv: EventScoring = DEFAULT_SCORING) -> tuple[PairStanding, ...]:
        """The pairs ranked (by percentage or the IMPs ``conv`` says), per direction when no
        pair changed direction; ``n_boards`` is the number of boards of the event (for IMP
        totals factored to every board)."""
        directions = self.directions
        fixed = all(len(d) == 1 for d in directions.values())
        if conv.winners == "two" and not fixed:
            moved = min((p[0] for p, d in directions.items() if len(d) > 1), key=board_key)
            raise RuleError(f"two winners need pairs that keep their direction: pair {moved!r} sat N-S and E-W")
        two = fixed and conv.winners != "one"
        rank_at = {"mp": 6, "cross": 7, "butler": 8}[conv.rank_by]
        rows: list[tuple[str, str, str, int, float, int, float, float, float]] = []
        for pair, (n_boards_played, mp_sum, top_sum, cx_sum, bt_sum) in self.totals.items():
            mp_sum = self._matchpoints(pair, mp_sum, top_sum)
            direction = "/".join(sorted(directions[pair])) if not fixed else next(iter(directions[pair]))
            pct = 100.0 * mp_sum / top_sum if top_sum else 0.0
            played = int(n_boards_played)
            cx, bt = _imp_total(cx_sum, played, n_boards, conv), _imp_total(bt_sum, played, n_boards, conv)
            field = direction if two else ""
            if conv.sections == "apart" and pair in self.sections:
                field = f"{self.sections[pair]} {field}".strip()
            rows.append((field, pair[0], direction, played, mp_sum, int(top_sum), pct, cx, bt))
        def ranked_by(row: tuple[str, str, str, int, float, int, float, float, float]) -> float:
            return round(float(row[rank_at]), 9)

        rows.sort(key=lambda r: (r[0], -ranked_by(r), r[1]))
        out: list[PairStanding] = []
        for row in rows:
            group = [r for r in rows if r[0] == row[0]]
            key = ranked_by(row)
            place = 1 + sum(1 for r in group if ranked_by(r) > key)
            tied = sum(1 for r in group if ranked_by(r) == key) > 1
            out.append(PairStanding(f"{place}=" if tied else str(place), row[1], row[2], row[3], row[4], row[5],
                                    row[6], row[7], row[8], row[0]))
        return tuple(out)


def _imp_total(total: float, played: int, n_boards: int, conv: EventScoring) -> float:
    """A pair's IMP total over the ``played`` boards it played, as ``conv.totals`` says."""
    if conv.totals == "per-board":
        return round(total / played, 6) if played else 0.0
    if conv.totals == "factored" and 0 < played < n_boards:
        return round(total * n_boards / played, 6)
    return total


def is_team_event(results: Sequence[TableResult]) -> bool:
    """True when every result names a room."""
    return bool(results) and all(r.room for r in results)


def _whole(x: float) -> float:
    """``x`` as an int when it is whole (IMPs print as 3, not 3.0)."""
    return int(x) if float(x).is_integer() else x


def _adjusted_team_board(o: TableResult, c: TableResult) -> float:
    """The home team's IMPs on a board where a room has an artificial adjusted score.

    The artificial score decides the board: each team gets its own IMPs (average plus +3,
    average minus -3), summed over the rooms where it was given, home sitting N-S in the open
    room and E-W in the closed. The board is counted once: when the two teams' scores
    balance (home -3, visitors +3) the board is 3 IMPs to the visitors, not a swing of 6;
    when they do not (both average plus), the board is the mean of the home team's score and
    the negation of the visitors' (Law 86A for a match: each side's score calculated apart
    and their average given to both).
    """
    home = away = 0.0
    for room_result, home_ns in ((o, True), (c, False)):
        adj = room_result.adjusted
        if adj is not None:
            home += adj.ns_imps if home_ns else adj.ew_imps
            away += adj.ew_imps if home_ns else adj.ns_imps
    return _whole(round((home - away) / 2, 6))


def _assigned_team_board(o: TableResult, c: TableResult) -> float:
    """The home team's IMPs on a board with an assigned score (Law 12C1) in a room: each
    outcome's IMPs by its weight; when a split score gives the teams different outcomes, the
    board is the mean of the IMPs home's outcomes give and those the visitors' give (Law 86A)."""
    def outcomes(r: TableResult, side: str) -> Outcomes:
        if r.assigned is None:
            return ((1.0, r.score),)
        return r.assigned.ns if side == "ns" else r.assigned.ew

    def weighted(open_: Outcomes, closed: Outcomes) -> float:
        return sum(wa * wb * imps(a - b) for wa, a in open_ for wb, b in closed)

    home = weighted(outcomes(o, "ns"), outcomes(c, "ew"))  # home: N-S in the open room, E-W in the closed
    visitors = weighted(outcomes(o, "ew"), outcomes(c, "ns"))
    return _whole(round((home + visitors) / 2, 6))


def team_match(results: Sequence[TableResult]) -> TeamMatch:
    """Score a team match from results in the open and closed rooms.

    Boards played in only one room are left out. Raises RuleError for a
    room that is neither open nor closed, or a board played twice in a room.
    """
    rooms: dict[str, dict[str, TableResult]] = {}
    for r in results:
        room = (r.room or "").strip().lower()
        if room not in ("open", "closed"):
            raise RuleError(f"room must be open or closed, not {r.room!r}", board=r.board, line=r.line)
        per_board = rooms.setdefault(r.board, {})
        if room in per_board:
            raise RuleError(f"two results in the {room} room", board=r.board, line=r.line)
        per_board[room] = r
    boards: list[TeamBoard] = []
    home_names: list[str] = []
    away_names: list[str] = []
    for label in sorted(rooms, key=board_key):
        pair = rooms[label]
        if "open" not in pair or "closed" not in pair:
            continue
        o, c = pair["open"], pair["closed"]
        for name, names in ((o.ns, home_names), (c.ew, home_names), (o.ew, away_names), (c.ns, away_names)):
            if name and name not in names:
                names.append(name)
        if o.adjusted is None and c.adjusted is None:
            if o.assigned is None and c.assigned is None:
                boards.append(TeamBoard(label, o, c, imps(o.score - c.score)))
            else:
                boards.append(TeamBoard(label, o, c, _assigned_team_board(o, c)))
            continue
        boards.append(TeamBoard(label, o, c, _adjusted_team_board(o, c)))
    home = _whole(sum(b.imps_home for b in boards if b.imps_home > 0))
    away = _whole(-sum(b.imps_home for b in boards if b.imps_home < 0))
    home_vp, away_vp = victory_points(home - away, len(boards)) if boards else (10.0, 10.0)
    return TeamMatch(" + ".join(home_names) or "home", " + ".join(away_names) or "visitors",
                     tuple(boards), home, away, home_vp, away_vp)


# -- an event too big to hold as objects ---------------------------------------------


#: The mark of an int column's value kept aside (a score or line outside 32 bits), or of a line not given.
_BIG = -(1 << 31)


def adjusted_pair(value: object) -> tuple[Adjusted | None, Assigned | None]:
    """A result's adjusted scores as a store keeps them in one numbered value: the
    :class:`Adjusted`, or (``adjusted``, ``assigned``) when the result has an assigned score."""
    if isinstance(value, tuple):
        return value[0], value[1]
    return value, None  # type: ignore[return-value]


class NumberedResults:
    """What the stores of an event's results share: :class:`ResultStore` and a store that
    keeps its results elsewhere (``bridgecli.results._spill.SpilledResults``). Each distinct
    value of the results (a pair, a contract with its tricks, a room, a lead, an adjusted
    score) is held once and referred to by number, so that two pairs are compared as
    numbers; :attr:`all_rooms` says whether every result names its room."""

    __slots__ = ("_index", "_values", "all_rooms", "has_sections")

    def __init__(self) -> None:
        self._values: list[Any] = [None]  # number -> value; 0 is None
        self._index: dict[Any, int] = {}  # value -> number
        self.all_rooms = True
        """True while every result added names its room (an empty store too)."""
        self.has_sections = False
        """True once a result added names its section."""

    def _where(self, r: TableResult) -> int:
        """The number of a result's room and section, kept as one value (the room alone
        when the result names no section, as most do)."""
        if r.section:
            self.has_sections = True
            return self._number((r.room, r.section))
        return self._number(r.room)

    @staticmethod
    def room_section(value: object) -> tuple[str | None, str | None]:
        """The room and section of a value :meth:`_where` numbered."""
        if isinstance(value, tuple):
            return value[0], value[1]
        return value, None  # type: ignore[return-value]

    def _number(self, value: object) -> int:
        """The number of ``value`` (a new one for a value not seen before; 0 for None)."""
        if value is None:
            return 0
        n = self._index.get(value)
        if n is None:
            n = self._index[value] = len(self._values)
            self._values.append(value)
        return n

    @staticmethod
    def _pairs_clash(numbers: Sequence[int]) -> bool:
        """True when a board's pairs (the numbers of each result's N-S and E-W pairs, in
        any order) hold one twice: a pair that meets itself or plays the board twice (the
        board's results then go to :func:`check_board`, which says which)."""
        return len(set(numbers)) < len(numbers)


class ResultStore(NumberedResults):
    """Table results kept compactly, for an event of a million results: a row a result in
    arrays of 32-bit ints (36 bytes a result), every text, contract or adjusted score held
    once and referred to by number, and the rows of each board listed as they came (a
    ``range`` while they come together, as in a traveller sorted by board).

    :meth:`add` results in input order; :meth:`boards` gives each board's results back as
    :class:`TableResult` objects (equal to those added), one board at a time, in the order
    :func:`score_pairs` scores them; :meth:`results` gives them all in input order.
    """

    __slots__ = (
        "_adjusted",
        "_big",
        "_board",
        "_boards",
        "_ew",
        "_lead",
        "_line",
        "_ns",
        "_played",
        "_room",
        "_score",
    )

    def __init__(self) -> None:
        super().__init__()
        self._boards: dict[str, range | array[int]] = {}  # board label -> its rows, input order
        # the columns, a row a result
        self._board, self._ns, self._ew, self._played, self._room, self._lead, self._adjusted = (
            array("i") for _ in range(7))
        self._score, self._line = array("i"), array("i")
        self._big: dict[tuple[int, int], int] = {}  # (row, 0 score or 1 line) -> a value outside 32 bits

    def add(self, r: TableResult) -> None:
        """Keep one result (the results of a board need not be together)."""
        row = len(self._score)
        number = self._number
        board = r.board
        rows = self._boards.get(board)
        if rows is None:
            self._boards[board] = range(row, row + 1)
        elif isinstance(rows, array):
            rows.append(row)
        elif rows.stop == row:
            self._boards[board] = range(rows.start, row + 1)
        else:  # the board's results are apart: listed one by one
            self._boards[board] = array("i", [*rows, row])
        self._board.append(number(board))
        self._ns.append(number(r.ns))
        self._ew.append(number(r.ew))
        self._played.append(number((r.contract, r.tricks)))
        self._room.append(self._where(r))
        self._lead.append(number(r.lead))
        self._adjusted.append(number(r.adjusted if r.assigned is None else (r.adjusted, r.assigned)))
        for column, kind, value in ((self._score, 0, r.score), (self._line, 1, r.line)):
            if value is not None and _BIG < value < (1 << 31):
                column.append(value)
            else:  # the mark: the value kept aside (a line not given: nothing kept)
                column.append(_BIG)
                if value is not None:
                    self._big[row, kind] = value
        if not r.room:
            self.all_rooms = False

    def __len__(self) -> int:
        return len(self._score)

    def _result(self, row: int) -> TableResult:
        v = self._values
        played: tuple[Contract | None, int | None] = v[self._played[row]]
        contract, tricks = played
        score = self._score[row]
        if score == _BIG:
            score = self._big[row, 0]
        line: int | None = self._line[row]
        if line == _BIG:
            line = self._big.get((row, 1))
        room, section = self.room_section(v[self._room[row]])
        return TableResult(v[self._board[row]], v[self._ns[row]], v[self._ew[row]],
                           score, contract, tricks, room, v[self._lead[row]], line,
                           *adjusted_pair(v[self._adjusted[row]]), section=section)

    def results(self) -> Iterator[TableResult]:
        """Every result, in input order."""
        return map(self._result, range(len(self)))

    def most_results(self) -> int:
        """The most results a board has (0 when there is none)."""
        return max(map(len, self._boards.values()), default=0)

    def boards(self) -> Iterator[tuple[str, list[TableResult]]]:
        """Each board's label and results (in input order), boards in :func:`score_pairs`'s order."""
        for label in sorted(self._boards, key=board_key):
            yield label, [self._result(row) for row in self._boards[label]]

    def check_pairs(self) -> bool:
        """Raise what :func:`score_pairs` raises for this event's results (a pair that plays
        a board twice), before anything is scored: the pairs are compared as numbers. Returns
        whether N-S and E-W pairs are numbered apart (see :func:`check_board`)."""
        ns_col, ew_col = self._ns, self._ew
        apart = False
        for label in sorted(self._boards, key=board_key):
            rows = self._boards[label]
            if self._pairs_clash([*map(ns_col.__getitem__, rows), *map(ew_col.__getitem__, rows)]):
                apart = check_board(label, map(self._result, rows)) or apart
        return apart


class BoardResults(Protocol):
    """What :class:`PairsStream` reads an event from: a :class:`ResultStore`, or a store
    that keeps its results elsewhere (``bridgecli.results.event.SpilledResults``)."""

    def __len__(self) -> int:
        """The number of results."""

    def results(self) -> Iterator[TableResult]:
        """Every result, in input order."""

    def check_pairs(self) -> bool:
        """Raise what :func:`score_pairs` raises for a pair that plays a board twice; return
        whether N-S and E-W pairs are numbered apart."""

    def most_results(self) -> int:
        """The most results a board has (0 when there is none)."""

    def boards(self) -> Iterator[tuple[str, list[TableResult]]]:
        """Each board's label and results (in input order), boards in :func:`score_pairs`'s order."""


class PairsStream:
    """A pairs event scored a board at a time from a :class:`ResultStore` (or any
    :class:`BoardResults`): the same numbers, in the same order, as :func:`score_pairs` of
    the store's results, without holding them.

    Creating one checks the pairs (raises RuleError as :func:`score_pairs` does). Then
    :meth:`results` yields each scored result, board by board (anew on each call), and
    once it has been read to the end :meth:`standings` ranks the pairs.
    """

    __slots__ = ("_apart", "_boards", "_per_section", "_totals", "conventions", "expected", "store")

    def __init__(self, store: BoardResults, expected: int | None = None,
                 conventions: EventScoring = DEFAULT_SCORING) -> None:
        self._per_section: dict[str, int] | None = None
        if getattr(store, "has_sections", True):  # (a store that does not say: looked at)
            conventions, qualify = section_plan(store.results(), conventions)
            if qualify:
                store = _Qualified(store)
            if conventions.sections == "apart" and expected is None:
                self._per_section = _section_expected(rs for _, rs in store.boards())
        self._apart = store.check_pairs()
        self.store = store
        self.conventions = conventions
        """How IMPs are counted and pairs ranked (sections decided: :func:`section_plan`)."""
        self._boards = 0
        self.expected = 0 if not len(store) else expected if expected is not None else store.most_results()
        """Results expected on a board (``N`` of the Neuberg formula)."""
        self._totals = _Totals(self._apart, self.conventions.individual)

    def results(self) -> Iterator[ResultScore]:
        """Every table result with its scores, by board then input order."""
        self._totals = totals = _Totals(self._apart, self.conventions.individual)
        add = totals.add
        self._boards = 0
        for _label, rs in self.store.boards():
            self._boards += 1
            for scored in _score_board(rs, self.expected, self.conventions, self._per_section):
                add(scored)
                yield scored

    def standings(self) -> tuple[PairStanding, ...]:
        """The pairs ranked (as :attr:`PairsEvent.standings`), once :meth:`results` has been read to the end."""
        return self._totals.standings(self._boards, self.conventions)


class _Qualified:
    """A store's results with their pairs told apart by their sections (a
    :class:`BoardResults` over another)."""

    __slots__ = ("_store",)

    def __init__(self, store: BoardResults) -> None:
        self._store = store

    def __len__(self) -> int:
        return len(self._store)

    def most_results(self) -> int:
        return self._store.most_results()

    def results(self) -> Iterator[TableResult]:
        return map(_qualified, self._store.results())

    def boards(self) -> Iterator[tuple[str, list[TableResult]]]:
        for label, rs in self._store.boards():
            yield label, [_qualified(r) for r in rs]

    def check_pairs(self) -> bool:
        apart = False
        for label, rs in self.boards():
            apart = check_board(label, rs) or apart
        return apart
