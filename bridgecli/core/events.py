"""Scoring a pairs event from its table results: matchpoints, Neuberg, cross-IMPs, Butler.

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
* Butler: :func:`~bridgecli.core.imps.butler_imps` (datum = trimmed mean, rounded to 10
  unless :attr:`~bridgecli.core.event_scoring.EventScoring.butler_round` says otherwise).
* Adjusted scores (:mod:`bridgecli.core.event_adjusted`): in pairs an artificial score
  takes no part in the matchpoint comparison (EBU White Book, Bavin's Neuberg article): the
  other results of the board are matchpointed among themselves and factored up to the full
  board with Neuberg's formula, and each averaged side gets its percentage of the top.

The conventions programs differ on are :class:`~bridgecli.core.event_scoring.EventScoring`;
team matches are :mod:`bridgecli.core.event_teams`; an event too big to hold as objects is
:mod:`bridgecli.core.event_store`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from .contract import Contract
from .errors import RuleError
from .event_adjusted import Adjusted, Assigned, Outcomes, round_imps
from .event_scoring import DEFAULT_SCORING, EventScoring
from .imps import butler_datum, butler_imps, cross_imps, imps, imps_of
from .numbers import is_digits

__all__ = [
    "PairStanding",
    "PairTotals",
    "PairsEvent",
    "ResultScore",
    "TableResult",
    "board_key",
    "check_board",
    "field_order",
    "field_parts",
    "matchpoints",
    "neuberg",
    "score_board",
    "score_pairs",
    "section_expected",
    "section_pair",
    "section_plan",
    "section_qualified",
]


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
    datum: float
    """The board's Butler datum (a whole number unless :attr:`EventScoring.butler_round`
    is ``none``)."""
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


def score_board(rs: Sequence[TableResult], n_expected: int,
                 conv: EventScoring = DEFAULT_SCORING, per_section: dict[str, int] | None = None
                 ) -> Iterator[ResultScore]:
    """The scores of one board's results (checked by :func:`check_board`), in their order,
    matchpoints on the scale :attr:`EventScoring.mp_scale` names, or scaled to
    :attr:`EventScoring.mp_top` when it names a top. With sections
    apart, each section's results are scored among themselves (``per_section``: the results
    each section's boards should have; else ``n_expected``)."""
    if conv.sections == "apart" and any(r.section for r in rs):
        groups: dict[str | None, list[TableResult]] = {}
        for r in rs:
            groups.setdefault(r.section, []).append(r)
        by_id: dict[int, ResultScore] = {}
        for section, group in groups.items():
            expected = n_expected if per_section is None else per_section.get(section or "", n_expected)
            for one in score_board(group, expected, replace(conv, sections="across")):
                by_id[id(one.result)] = one
        yield from (by_id[id(r)] for r in rs)
        return
    scored = _board_scores(rs, n_expected, conv)
    to = conv.mp_top
    if to is None:
        if conv.mp_scale == "mp1":
            yield from scored
            return
        for one in scored:  # mp2: 1 a score beaten, half a score equalled
            yield replace(one, mp_ns=round(one.mp_ns / 2, 9), mp_ew=round(one.mp_ew / 2, 9), top=one.top // 2)
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
    round_to = conv.butler_round_to
    datum = butler_datum(scores, conv.butler_trim_from, round_to) if scores else 0
    butler = butler_imps(scores, conv.butler_trim_from, round_to) if scores else []
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


def _artificial_score(r: TableResult, adj: Adjusted, top: int, datum: float, real: int,
                      conv: EventScoring) -> ResultScore:
    """The scores of a table given an artificial adjusted score (Law 12C2)."""
    # in cross-IMP sums an averaged side's IMPs count against each real result
    times = max(real, 1) if conv.cross == "sum" else 1
    return ResultScore(r, round(adj.ns * top / 100, 9), round(adj.ew * top / 100, 9), top,
                       round(adj.ns_imps * times, 6), datum, round_imps(adj.ns_imps),
                       round(adj.ew_imps * times, 6), round_imps(adj.ew_imps))


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
    datum = butler_datum([round(sum(w * x for w, x in o)) for o in ns_out], conv.butler_trim_from,
                         conv.butler_round_to)
    per = 1 if conv.cross == "sum" else max(n - 1, 1)
    scored: dict[int, ResultScore] = {}
    for i, r in enumerate(real):
        mp_ns = neuberg(round(against(ns_out, i, _compare), 9), n, n_expected)
        mp_ew = neuberg(round(against(ew_out, i, lambda a, b: 2 - _compare(a, b)), 9), n, n_expected)
        cx_ns = round(against(ns_out, i, lambda a, b: imps(a - b)) / per, 6)
        cx_ew = -round(against(ew_out, i, lambda a, b: imps(a - b)) / per, 6)
        bt_ns = round_imps(sum(w * imps_of(x - datum) for w, x in ns_out[i]))
        bt_ew = -round_imps(sum(w * imps_of(x - datum) for w, x in ew_out[i]))
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


def section_qualified(r: TableResult) -> TableResult:
    """``r`` with its pairs told apart by its section."""
    return replace(r, ns=section_pair(r.section, r.ns), ew=section_pair(r.section, r.ew)) if r.section else r


def section_expected(boards: Iterable[Sequence[TableResult]]) -> dict[str, int]:
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
    boards = _group([section_qualified(r) for r in results] if qualify else results)
    if not boards:
        return PairsEvent((), (), 0)
    n_expected = expected if expected is not None else max(len(rs) for rs in boards.values())
    per_section = section_expected(boards.values()) if conventions.sections == "apart" and expected is None else None
    apart = False
    for label, rs in boards.items():
        apart = check_board(label, rs) or apart
    scored: list[ResultScore] = []
    for rs in boards.values():
        scored.extend(score_board(rs, n_expected, conventions, per_section))
    return PairsEvent(tuple(scored), _standings(scored, len(boards), conventions, apart), n_expected, conventions)


def _standings(scored: Iterable[ResultScore], n_boards: int, conv: EventScoring,
               apart: bool = False) -> tuple[PairStanding, ...]:
    totals = PairTotals(apart, conv.individual)
    for rs in scored:
        totals.add(rs)
    return totals.standings(n_boards, conv)


def _side_marks(adj: Adjusted) -> tuple[str, str]:
    """Each side's mark of an artificial score as written (``A+``, ``A``, ``A-`` or a
    percentage): N-S's, then E-W's."""
    parts = adj.text.split("/")
    return parts[0], parts[-1]


class PairTotals:
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
