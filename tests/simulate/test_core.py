"""The pure parts of simulate: contracts, payoffs by hand, running moments, aggregation of chunks."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgecli.core.errors import ParseError
from bridgecli.simulate.aggregate import Aggregator
from bridgecli.simulate.contracts import SimContract
from bridgecli.simulate.engine import ChunkResult, symmetrized
from bridgecli.simulate.stats import Moments, payoff, payoff_matrix


@pytest.mark.parametrize(("text", "level", "strain", "risk", "declarer"), [
    ("4S:N", 4, "S", "", "N"),
    ("3NTX:S", 3, "NT", "X", "S"),
    ("5DXX:e", 5, "D", "XX", "E"),
    ("1C:West", 1, "C", "", "W"),
])
def test_contract_parsing(text, level, strain, risk, declarer):
    c = SimContract.from_str(text)
    assert c.level == level
    assert c.strain.letter == strain
    assert str(c.contract.risk) == risk
    assert c.declarer.letter == declarer
    assert SimContract.from_str(str(c)) == c


@pytest.mark.parametrize("text", ["4S", "4S:", ":N", "4S:Q", "8S:N", "pass:N", "4Z:N"])
def test_bad_contracts(text):
    with pytest.raises(ParseError):
        SimContract.from_str(text)


def test_contract_scores_follow_the_laws():
    # 4S non-vulnerable: 420 for ten tricks, 450 for eleven, -50 a trick down
    s = SimContract.from_str("4S:N").scores("EW")
    assert (s[10], s[11], s[9], s[7]) == (420, 450, -50, -150)
    # 3NTX vulnerable: 750 just made (100 + 50 insult + 500 game + 100 doubled... i.e. 200+50+500), -200 one down
    v = SimContract.from_str("3NTX:S").scores("NS")
    assert (v[9], v[8], v[10]) == (750, -200, 950)


def test_imp_payoffs_by_hand():
    ours = np.array([620, 420, -50, 1430])
    theirs = np.array([600, 450, -100, 680])
    # differences 20, -30, 50, 750 -> 1, -1, 2, 13 IMPs (Law 78B)
    assert payoff("imps", ours, theirs).tolist() == [1.0, -1.0, 2.0, 13.0]


def test_matchpoint_and_total_payoffs_by_hand():
    ours = np.array([620, 420, 450])
    theirs = np.array([600, 420, 630])
    assert payoff("mp", ours, theirs).tolist() == [100.0, 50.0, 0.0]
    assert payoff("total", ours, theirs).tolist() == [20.0, 0.0, -180.0]


def test_payoff_matrix_mirrors():
    m = payoff_matrix("imps", [1.5, -2.0, 0.5], 3)
    assert m[0][1] == 1.5 and m[1][0] == -1.5 and m[2][0] == 2.0 and m[0][0] is None
    mp = payoff_matrix("mp", [70.0], 2)
    assert mp[1][0] == 30.0


def test_moments_merge_in_blocks_equals_whole():
    rng = np.random.default_rng(1)
    data = rng.normal(size=(101, 3))
    m = Moments(3)
    for start in range(0, 101, 17):
        m.add(data[start:start + 17])
    assert m.n == 101
    assert np.allclose(m.mean, data.mean(axis=0))
    assert np.allclose(m.se(), data.std(axis=0, ddof=1) / math.sqrt(101))


def _chunk(tricks, cluster=None, leads=None):
    tricks = np.array(tricks, dtype=np.int8)
    n = tricks.shape[0]
    cluster = np.arange(n) if cluster is None else np.array(cluster)
    owner = np.zeros((52, n), dtype=np.uint8)
    return ChunkResult(0, n, owner, cluster.astype(np.int64), tricks,
                       None if leads is None else np.array(leads, dtype=np.int8), False, int(cluster.max()) + 1)


def test_aggregate_make_scores_and_imps_by_hand():
    agg = Aggregator([SimContract.from_str("4S:N"), SimContract.from_str("3NT:N")], "None", "imps")
    # deal 1: 4S 10 tricks (420) vs 3NT 9 (400): +1; deal 2: 9 (-50) vs 9 (400): -450 -> -10;
    # deal 3: 11 (450) vs 10 (430): +1
    agg.add(_chunk([[10, 9], [9, 9], [11, 10]]))
    s = agg.summary()
    c4s, c3n = s["contracts"]
    assert c4s["make"]["mean"] == pytest.approx(200 / 3)
    assert c3n["make"]["mean"] == pytest.approx(100.0)
    assert c4s["score_estimate"]["mean"] == pytest.approx((420 - 50 + 450) / 3)
    assert c4s["distribution"] == {"9": pytest.approx(100 / 3), "10": pytest.approx(100 / 3),
                                   "11": pytest.approx(100 / 3)}
    cell = s["payoffs"]["matrix"][0][1]
    assert cell["mean"] == pytest.approx(-8 / 3)
    assert cell["se"] == pytest.approx(np.std([1, -10, 1], ddof=1) / math.sqrt(3))
    assert s["payoffs"]["matrix"][1][0]["mean"] == pytest.approx(8 / 3)


def test_matchpoints_against_the_field_by_hand():
    cs = [SimContract.from_str(t) for t in ("4S:N", "3NT:N", "4H:N")]
    agg = Aggregator(cs, "None", "mp")
    # one deal: 4S 10 (420), 3NT 10 (430), 4H 9 (-50): 4S beats 4H, loses to 3NT -> 50%;
    # 3NT beats both -> 100%; 4H -> 0%
    agg.add(_chunk([[10, 10, 9]]))
    s = agg.summary()
    assert [c["field"]["mean"] for c in s["contracts"]] == [50.0, 100.0, 0.0]
    assert s["payoffs"]["matrix"][0][1]["mean"] == 0.0
    assert s["payoffs"]["matrix"][1][0]["mean"] == 100.0


def test_contract_of_the_other_side_counts_against_us():
    # 4S by N making (420) against 5DX by E two down (+300 for NS): NS lose 120 = 3 IMPs with 4S... i.e.
    # 4S (+420) against the sacrifice (+300): NS gain 120 -> +3 IMPs on the 4S row
    cs = [SimContract.from_str("4S:N"), SimContract.from_str("5DX:E")]
    agg = Aggregator(cs, "None", "imps")
    agg.add(_chunk([[10, 9]]))
    assert agg.summary()["payoffs"]["view"] == "NS"
    assert agg.summary()["payoffs"]["matrix"][0][1]["mean"] == 3.0


def test_clusters_are_averaged_before_the_standard_error():
    agg = Aggregator([SimContract.from_str("4S:N")], "None", "imps")
    # deal 0 and its permutation: 10 and 9 tricks; deal 1 twice 10; deal 2 twice 9
    agg.add(_chunk([[10], [9], [10], [10], [9], [9]], cluster=[0, 0, 1, 1, 2, 2]))
    s = agg.summary()
    values = [50.0, 100.0, 0.0]
    assert agg.deals == 3
    assert s["contracts"][0]["make"]["mean"] == pytest.approx(50.0)
    assert s["contracts"][0]["make"]["se"] == pytest.approx(np.std(values, ddof=1) / math.sqrt(3))


def test_lead_payoffs_are_positive_for_the_lead_that_sets():
    lead = SimContract.from_str("3NT:S")
    # leader's cards: two of them; the first gives the defence 5 tricks (one down, +50), the second 3 (3NT+1, -430)
    agg = Aggregator([], "None", "imps", lead, (51, 50))
    agg.add(_chunk(np.zeros((2, 0)), leads=[[5, 3], [5, 3]]))
    s = agg.summary()["lead_analysis"]
    assert [x["set"]["mean"] for x in s["leads"]] == [100.0, 0.0]
    assert [x["score_estimate"]["mean"] for x in s["leads"]] == [50.0, -430.0]
    assert s["payoffs"]["view"] == "defence"
    assert s["payoffs"]["matrix"][0][1]["mean"] == 10.0  # 480 points = 10 IMPs for the defence (Law 78B)


def test_equal_leads_are_grouped():
    lead = SimContract.from_str("3NT:S")
    # SA SK SQ C2: SA and SK always alike, SQ differs once, C2 is another suit
    agg = Aggregator([], "None", "imps", lead, (51, 50, 49, 0))
    agg.add(_chunk(np.zeros((2, 0)), leads=[[4, 4, 4, 4], [3, 3, 5, 3]]))
    assert [x["cards"] for x in agg.summary()["lead_analysis"]["leads"]] == [["SA", "SK"], ["SQ"], ["C2"]]


def test_symmetrized_rows_swap_the_seats():
    owner = np.array([[0, 1, 2, 3] * 13], dtype=np.uint8).T.repeat(2, axis=1)  # card c to seat c % 4
    rows, cluster = symmetrized(owner, (1, 3), None)
    assert cluster.tolist() == [0, 0, 1, 1]
    swapped = rows[:, 1]
    assert swapped.tolist() == [[0, 3, 2, 1][c % 4] for c in range(52)]


_scores = st.lists(st.integers(-800, 800).map(lambda x: 10 * x), min_size=1, max_size=20)


@given(_scores, _scores)
def test_payoffs_mirror(a, b):
    n = min(len(a), len(b))
    ours, theirs = np.array(a[:n]), np.array(b[:n])
    assert (payoff("imps", ours, theirs) == -payoff("imps", theirs, ours)).all()
    assert (payoff("total", ours, theirs) == -payoff("total", theirs, ours)).all()
    assert (payoff("mp", ours, theirs) + payoff("mp", theirs, ours) == 100.0).all()


@given(st.lists(st.floats(-1000, 1000), min_size=2, max_size=60), st.integers(1, 7))
def test_moments_do_not_depend_on_the_blocks(values, block):
    data = np.array(values)[:, None]
    m = Moments(1)
    for start in range(0, len(values), block):
        m.add(data[start:start + block])
    assert m.mean[0] == pytest.approx(data.mean(), abs=1e-6)
    assert m.se()[0] == pytest.approx(data.std(ddof=1) / math.sqrt(len(values)), abs=1e-6)


def test_svg_whiskers_are_the_95_percent_interval():
    # a whisker spans mean ± z·se with z the normal quantile of 0.975 (two-sided 95%),
    # drawn on the axis: the line through zero at `mid`, the longest reach at mid + half
    import re
    from statistics import NormalDist

    from bridgecli.simulate.svg import render_svg

    z = NormalDist().inv_cdf(0.975)
    numbers = re.compile(r'<line x1="([-0-9.]+)" y1="[-0-9.]+" x2="([-0-9.]+)"')
    for k in range(1, 401):
        mean, se = 0.05 * k, 1.0
        summary = {"contracts": [], "payoff": "imps",
                   "payoffs": {"items": ["4S:N", "3NT:N"], "matrix": [[None, {"mean": mean, "se": se}], [None, None]]}}
        (axis_x, _), (lo_x, hi_x) = numbers.findall(render_svg(summary))
        mid = float(axis_x)
        half = float(hi_x) - mid  # the upper end, mean + z·se, is the longest reach
        reach = mean + z * se
        assert lo_x == f"{mid + half * (mean - z * se) / reach:.1f}", (mean, lo_x)
