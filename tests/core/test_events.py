"""Matchpoints, Neuberg, pair standings and team matches, checked against hand computation."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core.cards import Seat
from bridgecli.core.contract import Contract
from bridgecli.core.errors import ParseError, RuleError
from bridgecli.core.event_adjusted import Adjusted, Assigned, parse_adjusted, parse_assigned
from bridgecli.core.event_scoring import EventScoring
from bridgecli.core.event_store import PairsStream, ResultStore
from bridgecli.core.event_teams import is_team_event, team_match
from bridgecli.core.events import TableResult, matchpoints, neuberg, score_pairs


def test_matchpoints_mp1() -> None:
    # 2 per score beaten, 1 per equal score (Law 78A)
    assert matchpoints([420, 450, -50, 170]) == [4, 6, 0, 2]
    assert matchpoints([600, 600, 50]) == [3, 3, 0]
    assert matchpoints([100]) == [0]


def test_neuberg_bavin_example() -> None:
    # RULES.md §6: 11 results expected, 10 obtained
    assert neuberg(18, 10, 11) == pytest.approx(19.9)
    assert neuberg(16, 10, 11) == pytest.approx(17.7)
    assert neuberg(0, 10, 11) == pytest.approx(0.1)
    assert neuberg(7, 11, 11) == 7
    with pytest.raises(ValueError):
        neuberg(0, 0, 4)


def _r(board: str, ns: str, ew: str, s: int, room: str | None = None) -> TableResult:
    return TableResult(board, ns, ew, s, room=room)


EVENT = [
    _r("1", "1", "11", 420), _r("1", "2", "12", 450), _r("1", "3", "13", -50), _r("1", "4", "14", 170),
    _r("2", "1", "12", 600), _r("2", "2", "13", 600), _r("2", "3", "14", 50),
]


def test_pairs_event_by_hand() -> None:
    ev = score_pairs(EVENT)
    assert ev.expected == 4
    by = {(rs.result.board, rs.result.ns): rs for rs in ev.results}
    # board 1: full field, top 6
    assert [by[("1", p)].mp_ns for p in "1234"] == [4, 6, 0, 2]
    assert [by[("1", p)].mp_ew for p in "1234"] == [2, 0, 6, 4]
    assert by[("1", "1")].datum == 250
    assert [by[("1", p)].butler_ns for p in "1234"] == [5, 5, -7, -2]
    assert by[("1", "2")].cross_ns == pytest.approx(19 / 3)
    # board 2: 3 results of 4 -> Neuberg (MP + 1) * 4/3 - 1
    assert by[("2", "1")].mp_ns == pytest.approx(13 / 3)
    assert by[("2", "3")].mp_ns == pytest.approx(1 / 3)
    assert by[("2", "3")].mp_ew == pytest.approx(17 / 3)
    assert by[("2", "1")].mp_ew == pytest.approx(5 / 3)
    assert all(rs.top == 6 for rs in ev.results)
    pct = {p.pair: p.percentage for p in ev.standings}
    assert pct["1"] == pytest.approx(100 * (4 + 13 / 3) / 12)
    assert pct["2"] == pytest.approx(100 * (6 + 13 / 3) / 12)
    assert pct["3"] == pytest.approx(100 * (1 / 3) / 12)
    assert pct["4"] == pytest.approx(100 * 2 / 6)
    assert pct["11"] == pytest.approx(100 * 2 / 6)
    assert pct["14"] == pytest.approx(100 * (4 + 17 / 3) / 12)
    ranks = {p.pair: (p.rank, p.direction) for p in ev.standings}
    assert ranks["2"] == ("1", "NS") and ranks["1"] == ("2", "NS") and ranks["4"] == ("3", "NS")
    assert ranks["14"] == ("1", "EW") and ranks["13"] == ("2", "EW") and ranks["11"] == ("3", "EW")
    butler = {p.pair: p.butler for p in ev.standings}
    assert butler["3"] == -7 + (-9)  # board 2: 3 results, datum (600+600+50)/3 = 416.67 -> 420, 50-420 = -370 -> -9


def test_ties_share_a_rank() -> None:
    ev = score_pairs([_r("1", "1", "3", 100), _r("1", "2", "4", 100)])
    assert {p.rank for p in ev.standings} == {"1="}


def test_pair_twice_on_a_board_is_an_error() -> None:
    with pytest.raises(RuleError):
        score_pairs([_r("1", "1", "2", 100), _r("1", "1", "3", 100)])
    with pytest.raises(RuleError):
        score_pairs([_r("1", "2", "1", 100), _r("1", "3", "1", 100)])


def test_a_mitchell_numbers_its_directions_apart() -> None:
    # three tables, N-S pairs 1-3 and E-W pairs 1-3: N-S 1 meets E-W 1 at table 1 in round 1
    scores = {"1": [420, 450, 400], "2": [-100, 110, 140]}
    results = [_r(board, str(t), str(e), scores[board][t - 1])
               for board, ews in (("1", (1, 2, 3)), ("2", (3, 1, 2))) for t, e in zip((1, 2, 3), ews)]
    ev = score_pairs(results)
    assert {(p.pair, p.direction) for p in ev.standings} == {(str(n), d) for n in "123" for d in ("NS", "EW")}
    by = {(p.pair, p.direction): p for p in ev.standings}
    # N-S 2: 450 (top: 4) and 110 (2 of 4); E-W 1 met N-S 1 (420: 2) and N-S 2 on board 2 (110: 2)
    assert by["2", "NS"].mp == 6 and by["1", "EW"].mp == 4
    assert by["1", "NS"].mp == 2 + 0 and by["1", "EW"].boards == 2
    # a number twice in one direction is still an error
    with pytest.raises(RuleError, match="two results"):
        score_pairs([*results, _r("2", "1", "9", 0)])


def test_team_match_by_hand() -> None:
    results = [
        _r("1", "A1", "B1", 420, "Open"), _r("1", "B2", "A2", -50, "Closed"),
        _r("2", "A1", "B1", -100, "open"), _r("2", "B2", "A2", 600, "closed"),
        _r("3", "A1", "B1", -110, "open"), _r("3", "B2", "A2", -110, "closed"),
        _r("4", "A1", "B1", 50, "open"),
    ]
    assert is_team_event(results)
    m = team_match(results)
    assert [b.imps_home for b in m.boards] == [10, -12, 0]
    assert (m.home_imps, m.visitors_imps) == (10, 12)
    assert m.home == "A1 + A2" and m.visitors == "B1 + B2"
    with pytest.raises(RuleError):
        team_match([_r("1", "A", "B", 0, "lounge")])
    with pytest.raises(RuleError):
        team_match([_r("1", "A", "B", 0, "open"), _r("1", "C", "D", 0, "open")])


def test_howell_pairs_ranked_together() -> None:
    # pairs 1 and 2 change direction between the boards: one ranking for all
    ev = score_pairs([_r("1", "1", "2", 100), _r("1", "3", "4", 50), _r("2", "2", "3", 200), _r("2", "4", "1", 200)])
    assert {p.direction for p in ev.standings} == {"EW/NS"}
    ranks = {p.pair: p.rank for p in ev.standings}
    # pair 1: 2 + 1 = 3 of 4; pair 2: 0 + 1; pair 3: 0 + 1; pair 4: 2 + 1
    assert ranks == {"1": "1=", "4": "1=", "2": "3=", "3": "3="}


# -- artificial adjusted scores (Law 12C2), issue 15 -----------------------------------------------


@pytest.mark.parametrize("text, ns, ew, canonical", [
    ("A+", 60, 60, "A+"), ("A", 50, 50, "A"), ("a-", 40, 40, "A-"), ("Ave+", 60, 60, "A+"),
    ("AVG-", 40, 40, "A-"), ("A+/A-", 60, 40, "A+/A-"), ("A-/A+", 40, 60, "A-/A+"), ("A/A-", 50, 40, "A/A-"),
    ("60%", 60, 60, "60%"), ("40/60%", 40, 60, "40%/60%"), ("60%/40%", 60, 40, "60%/40%"),
    ("57.5%", 57.5, 57.5, "57.5%"),
])
def test_parse_adjusted(text: str, ns: float, ew: float, canonical: str) -> None:
    adj = parse_adjusted(text)
    assert adj == Adjusted(ns, ew, canonical)


@pytest.mark.parametrize("text", ["420", "-50", "4S", "Pass", "60", "60/40", "-", "A+/A-/A", "B+"])
def test_not_adjusted(text: str) -> None:
    assert parse_adjusted(text) is None


def test_adjusted_over_100_percent() -> None:
    with pytest.raises(ParseError):
        parse_adjusted("120%")


def test_adjusted_imps() -> None:
    # Law 12C2: average plus +3 IMPs, average 0, average minus -3
    adj = parse_adjusted("A+/A-")
    assert adj is not None and (adj.ns_imps, adj.ew_imps) == (3, -3)
    assert Adjusted.imps_of(50) == 0


def _adj(board: str, ns: str, ew: str, text: str, room: str | None = None) -> TableResult:
    return TableResult(board, ns, ew, 0, room=room, adjusted=parse_adjusted(text))


def test_matchpoints_around_an_artificial_score() -> None:
    # 5 tables, top 8. The 3 real scores are matchpointed among themselves (450: 4, 420: 2,
    # 400: 0, top 4) and factored up with Neuberg (N = 5, n = 3): (MP + 1) x 5/3 - 1 =
    # 7.333, 4, 0.667. A+/A- gives N-S 60% of 8 = 4.8 and E-W 40% = 3.2; A gives 4 and 4.
    results = [_r("1", "1", "11", 420), _r("1", "2", "12", 450), _r("1", "3", "13", 400),
               _adj("1", "4", "14", "A+/A-"), _adj("1", "5", "15", "A")]
    ev = score_pairs(results)
    got = {rs.result.ns: (rs.mp_ns, rs.mp_ew) for rs in ev.results}
    assert got["1"] == pytest.approx((4, 4))
    assert got["2"] == pytest.approx((22 / 3, 2 / 3))
    assert got["3"] == pytest.approx((2 / 3, 22 / 3))
    assert got["4"] == pytest.approx((4.8, 3.2))
    assert got["5"] == pytest.approx((4, 4))
    pct = {p.pair: p.percentage for p in ev.standings}
    assert pct["4"] == pytest.approx(60) and pct["14"] == pytest.approx(40)
    # Butler and cross-IMPs: the datum leaves the artificial scores out (mean of 420, 450,
    # 400 = 423.3, rounded to 420); A+ is +3 IMPs to N-S, A- is -3 to E-W
    four = next(rs for rs in ev.results if rs.result.ns == "4")
    assert four.datum == 420 and (four.butler_ns, four.butler_ew) == (3, -3)
    assert (four.cross_ns, four.cross_ew) == (3, -3)
    butler = {p.pair: p.butler for p in ev.standings}
    assert butler["4"] == 3 and butler["14"] == -3


def test_a_board_of_artificial_scores_only() -> None:
    ev = score_pairs([_r("1", "1", "11", 420), _r("1", "2", "12", 100),
                      _adj("2", "1", "12", "60%/40%"), _adj("2", "2", "11", "A")])
    by = {(rs.result.board, rs.result.ns): (rs.mp_ns, rs.mp_ew) for rs in ev.results}
    # top 2: 60% of 2 = 1.2, 40% = 0.8
    assert by["2", "1"] == pytest.approx((1.2, 0.8)) and by["2", "2"] == pytest.approx((1, 1))


def test_team_board_with_an_adjusted_room() -> None:
    # the home team sits N-S in the open room, E-W in the closed room
    match = team_match([_r("1", "A1", "B1", 420, "open"), _adj("1", "B2", "A2", "A+/A-", "closed"),
                        _adj("2", "A1", "B1", "A-", "open"), _r("2", "B2", "A2", -110, "closed"),
                        _r("3", "A1", "B1", -100, "open"), _r("3", "B2", "A2", 600, "closed")])
    one, two, three = match.boards
    # board 1: closed-room N-S (visitors) A+, E-W (home) A-: the board is 3 IMPs to the
    # visitors, counted once
    assert one.imps_home == -3
    # board 2: both open-room sides average minus: each team -3 (Law 12C2 need not balance);
    # in a match the mean of home's -3 and the negation of the visitors' -3 (Law 86A): 0
    assert two.imps_home == 0
    # board 3: -100 against 600 is 700 = 12 IMPs to the visitors
    assert three.imps_home == -12
    assert (match.home_imps, match.visitors_imps) == (0, 15)


@pytest.mark.parametrize(("open_mark", "closed_mark", "home"), [
    ("A+/A-", None, 3),      # home N-S in the open room: +3, visitors -3 -> 3 to home
    ("A/A-", None, 1.5),     # home 0, visitors -3: do not balance, mean of 0 and +3
    (None, "A", 0),          # both average
    ("A+/A-", "A-/A+", 6),   # home average plus in both rooms: +6, visitors -6
    ("A+/A-", "A+/A-", 0),   # each team +3 in one room, -3 in the other
])
def test_adjusted_team_boards_count_once(open_mark: str | None, closed_mark: str | None, home: float) -> None:
    o = _adj("1", "A1", "B1", open_mark, "open") if open_mark else _r("1", "A1", "B1", 420, "open")
    c = _adj("1", "B2", "A2", closed_mark, "closed") if closed_mark else _r("1", "B2", "A2", -420, "closed")
    match = team_match([o, c])
    assert match.boards[0].imps_home == home
    assert (match.home_imps, match.visitors_imps) == (max(home, 0), max(-home, 0))


# -- a big event kept compactly: ResultStore and PairsStream against score_pairs -------------

_CONTRACTS = [None, Contract(3, declarer=Seat.NORTH), Contract.passed_out(), Contract(4, declarer=Seat.EAST)]
_RESULTS = st.builds(
    TableResult,
    board=st.sampled_from(["1", "2", "10", "9", "a", "02"]),
    ns=st.sampled_from(["1", "2", "3", "4", "x"]),
    ew=st.sampled_from(["1", "11", "12", "13", "x"]),
    score=st.sampled_from([420, 450, -50, 170, 0, -100, 1 << 70, -(1 << 31), (1 << 31) - 1, 1 << 31]),
    contract=st.sampled_from(_CONTRACTS),
    tricks=st.sampled_from([None, 9, 10]),
    room=st.sampled_from([None, None, "open", "closed", ""]),
    lead=st.sampled_from([None, "SQ", "HK"]),
    line=st.one_of(st.none(), st.integers(-5, 10**12), st.sampled_from([(1 << 31) - 1, 1 << 31, -(1 << 31)])),
    adjusted=st.sampled_from([None, None, None, parse_adjusted("A+"), parse_adjusted("60%/40%")]),
    assigned=st.sampled_from([None, None, None, parse_assigned("420/-450"), parse_assigned("30% 420 + 70% -50")]),
)


def _stored(results: list[TableResult]) -> ResultStore:
    store = ResultStore()
    for r in results:
        store.add(r)
    return store


@settings(max_examples=100, deadline=None)
@given(st.lists(_RESULTS, max_size=30), st.sampled_from([None, 3, 6]))
def test_store_scores_as_score_pairs(results: list[TableResult], expected: int | None) -> None:
    """The store gives back the results added; the stream's scores, their order, the
    standings and the first error are score_pairs'."""
    store = _stored(results)
    assert list(store.results()) == results
    assert len(store) == len(results)
    assert store.all_rooms == (not results or all(r.room for r in results))
    # boards by number (labels first seen first among equal numbers), each board's results in input order
    labels = sorted(dict.fromkeys(r.board for r in results),
                    key=lambda b: (0, int(b)) if b.isdigit() else (1, b))
    assert [(label, rs) for label, rs in store.boards()] == [
        (label, [r for r in results if r.board == label]) for label in labels]
    try:
        want = score_pairs(results, expected)
    except RuleError as exc:
        with pytest.raises(RuleError) as got:
            PairsStream(store, expected)
        assert (str(got.value), got.value.where()) == (str(exc), exc.where())
        return
    stream = PairsStream(store, expected)
    assert stream.expected == want.expected
    assert tuple(stream.results()) == want.results
    assert stream.standings() == want.standings


def test_store_holds_each_value_once() -> None:
    rows = [TableResult(str(b), str(t), str(t + 10), 420 if t % 2 else -50, _CONTRACTS[1], 9, None, "SQ", b * 10 + t)
            for b in range(1, 6) for t in range(1, 5)]
    store = _stored(rows)
    back = list(store.results())
    assert back == rows
    # equal values come back as one object (what keeps a million results small)
    assert back[0].contract is back[5].contract and back[0].lead is back[7].lead
    assert back[0].ns is back[4].ns
    stream = PairsStream(store)
    want = score_pairs(rows)
    assert tuple(stream.results()) == want.results
    # results anew on each call; the standings of a pass read to the end
    assert tuple(stream.results()) == want.results
    assert stream.standings() == want.standings


def test_law_12c2b_session_percentage_beyond_average_plus_and_minus() -> None:
    # three tables (top 4); board 1 at the third table was averaged, A+ to N-S pair 5, A- to E-W 6
    results = [_r("1", "1", "2", 420), _r("1", "3", "4", -50), _adj("1", "5", "6", "A+/A-"),
               _r("2", "1", "2", 630), _r("2", "3", "4", -100), _r("2", "5", "6", 600),
               _r("3", "1", "2", 120), _r("3", "3", "4", -50), _r("3", "5", "6", 490)]
    by = {s.pair: s for s in score_pairs(results).standings}
    # pair 5 played boards 2 and 3: 2 + 4 of 8 = 75% > 60%, so board 1 gets 75% of 4 = 3 MP
    assert by["5"].mp == pytest.approx(9.0) and by["5"].percentage == pytest.approx(75.0)
    # pair 6 (at fault): 2 + 0 of 8 = 25% < 40%, so board 1 gets 25% of 4 = 1 MP
    assert by["6"].mp == pytest.approx(3.0)
    # a pair under 60% keeps the 60% of average plus: swap board 3's results of pairs 1 and 5
    results[6], results[8] = _r("3", "1", "2", 490), _r("3", "5", "6", 120)
    by = {s.pair: s for s in score_pairs(results).standings}
    # pair 5: board 2 600 beats -100 (2), board 3 120 beats -50 (2): 4 of 8 = 50%, A+ stays 2.4
    assert by["5"].mp == pytest.approx(2 + 2 + 2.4)


@pytest.mark.parametrize(("tag", "expected"), [
    ("IMP;Butler-2;Mean", EventScoring(butler_trim_from=3, totals="factored", rank_by="butler")),
    ("IMP;Butler", EventScoring(rank_by="butler")),
    ("IMP;Cross", EventScoring(cross="sum", totals="factored", rank_by="cross")),
    ("imp; cross1", EventScoring(cross="sum", totals="factored", rank_by="cross")),
    ("IMP;Cross2", EventScoring(totals="per-board", rank_by="cross")),
    ("MatchPoints;MP1", None), ("IMP", None), ("", None), (None, None), ("Butler", None),
])
def test_event_scoring_of_a_pbn_scoring_tag(tag: str | None, expected: EventScoring | None) -> None:
    assert EventScoring.from_pbn(tag) == expected


@pytest.mark.parametrize("bad", [{"cross": "median"}, {"totals": "avg"}, {"rank_by": "vp"},
                                 {"butler_trim_from": 2}, {"butler_trim_from": True}])
def test_event_scoring_refuses_unknown_conventions(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        EventScoring(**bad)  # type: ignore[arg-type]


def test_imp_conventions() -> None:
    # board 1: N-S scores 50, -50, -100; board 2 played at two tables only (pairs 5-6 sat out)
    results = [_r("1", "1", "2", 50), _r("1", "3", "4", -50), _r("1", "5", "6", -100),
               _r("2", "1", "2", 420), _r("2", "3", "4", 170)]
    default = {p.pair: p for p in score_pairs(results).standings}
    # bridgecli's datum keeps all three scores under 5 results: -33.3 -> -30; 50 - -30 = 80: 2 IMPs
    # board 2: datum 295 -> 300 (halves away from zero); 420 - 300 = 120: 3 IMPs
    assert default["1"].butler == 2 + 3
    magic = EventScoring(butler_trim_from=3, cross="sum", totals="factored", rank_by="butler")
    ours = {p.pair: p for p in score_pairs(results, conventions=magic).standings}
    # datum leaves out the top and bottom of three: -50; 50 - -50 = 100: 3 IMPs; board 2 as above
    assert ours["1"].butler == 3 + 3
    # pair 5 played one of the two boards: -100 - -50 = -50: -2 IMPs, factored to 2 boards
    assert ours["5"].butler == -4
    # cross-IMP sums: board 1 pair 1: 100 (3) and 150 (4); board 2: 250 (6)
    assert ours["1"].cross_imps == 3 + 4 + 6
    assert default["1"].cross_imps == pytest.approx((3 + 4) / 2 + 6)
    per_board = EventScoring(totals="per-board", rank_by="cross")
    assert {p.pair: p for p in score_pairs(results, conventions=per_board).standings}["1"].cross_imps == \
        pytest.approx(((3 + 4) / 2 + 6) / 2)
    assert [p.pair for p in score_pairs(results, conventions=magic).standings if p.direction == "NS"] == \
        ["1", "3", "5"]



# -- assigned adjusted scores (Law 12C1) ---------------------------------------------------

def _scores(what: str) -> int:
    return {"4S=": 420, "4S-1": -50, "4SX-1": -100}[what]


@pytest.mark.parametrize(("text", "ns", "ew", "canonical"), [
    ("420/-450", ((1.0, 420),), ((1.0, -450),), "420/-450"),
    ("30% 420 + 70% -50", ((0.3, 420), (0.7, -50)), ((0.3, 420), (0.7, -50)), "30% 420 + 70% -50"),
    ("30% of 4S=, 70% of 4S-1", ((0.3, 420), (0.7, -50)), ((0.3, 420), (0.7, -50)), "30% 4S= + 70% 4S-1"),
    ("50% 4S= + 50% 4SX-1/-100", ((0.5, 420), (0.5, -100)), ((1.0, -100),), "50% 4S= + 50% 4SX-1/-100"),
])
def test_parse_assigned(text: str, ns: tuple[tuple[float, int], ...], ew: tuple[tuple[float, int], ...],
                        canonical: str) -> None:
    a = parse_assigned(text, _scores)
    assert a is not None
    assert (a.ns, a.ew, a.text) == (ns, ew, canonical)


@pytest.mark.parametrize("text", ["420", "-50", "A+", "A+/A-", "4S=", "60%", "420/-450/10", "30% 4S="])
def test_not_assigned(text: str) -> None:
    assert parse_assigned(text, _scores) is None


def test_assigned_weights_must_add_up() -> None:
    with pytest.raises(ParseError, match="100%"):
        parse_assigned("30% 420 + 60% -50")


def test_assigned_scores_are_compared_by_weight() -> None:
    # N-S 5 were assigned 30% of 4S= (420) and 70% of 4S-1 (-50); table 4 got a split score:
    # N-S 7 +420, E-W 8 scored as if N-S had -450
    results = [_r("1", "1", "2", 420), _r("1", "3", "4", -50),
               TableResult("1", "5", "6", 91, assigned=parse_assigned("30% 420 + 70% -50")),
               TableResult("1", "7", "8", 420, assigned=parse_assigned("420/-450"))]
    by = {(s.result.ns, s.result.ew): s for s in score_pairs(results).results}
    # N-S 1 (420): 2 against -50, 1.7 against the weighted result (.3 x 1 + .7 x 2), 1 against 420
    assert by["1", "2"].mp_ns == pytest.approx(4.7)
    # N-S 5: .3 x 1 + 0 against 420; .3 x 2 + .7 x 1 against -50; .3 against N-S 7's 420
    assert by["5", "6"].mp_ns == pytest.approx(1.9)
    # E-W 8 are scored on -450: beats every other E-W score
    assert by["7", "8"].mp_ns == pytest.approx(4.7) and by["7", "8"].mp_ew == pytest.approx(6)
    # E-W 6 on the weighted result: .3 x 1 + .7 x 2 against 420, .7 x 1 against -50, 0 against -450
    assert by["5", "6"].mp_ew == pytest.approx(2.4)


def test_assigned_scores_in_a_team_match() -> None:
    # board 1 (none vul): the closed room assigned half 4S= (420), half 4S-1 (-50): 0 and 10 IMPs
    # board 2 (N-S vul): 620 in the open room; closed N-S (visitors) -420, E-W (home) as if -50:
    # home's outcomes give 670 = 12, the visitors' 1040 = 14; the mean is 13 to home (Law 86A)
    match = team_match([_r("1", "A1", "B1", 420, "open"),
                        TableResult("1", "B2", "A2", 185, room="closed", assigned=parse_assigned("50% 420 + 50% -50")),
                        _r("2", "A1", "B1", 620, "open"),
                        TableResult("2", "B2", "A2", -420, room="closed", assigned=parse_assigned("-420/-50"))])
    assert [b.imps_home for b in match.boards] == [5, 13]
    assert isinstance(Assigned, type)
