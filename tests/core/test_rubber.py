"""Rubber bridge and Chicago sheets: hand-checked sheets from RULES.md sections 7 and 8.

Every expected number is worked out by hand in the test from the tables
(trick values 20/30/40+30, undertricks, slams, insult, honours, rubber bonus).
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core.cards import Seat, Side, Strain, Vulnerability
from bridgecli.core.contract import Contract, Risk
from bridgecli.core.deal import Deal
from bridgecli.core.errors import ParseError, RuleError
from bridgecli.core.rubber import (
    CHICAGO,
    CHICAGO_B,
    RUBBER,
    DealResult,
    Entry,
    Honours,
    Rubber,
    Session,
    honours_in_deal,
    settlement,
    standings,
)
from bridgecli.core.scoring import DUPLICATE, breakdown, find_rules, score

NS, EW = Side.NS, Side.EW


def d(text: str, tricks: int | None = None, honours: tuple[Side, int] | None = None) -> DealResult:
    """``d("4SN", 10)``: contract with declarer, tricks (default: made exactly)."""
    c = Contract.from_str(text)
    t = c.required_tricks if tricks is None else tricks
    return DealResult(c, t, None if honours is None else Honours(*honours))


def play(*results: DealResult, rules=RUBBER, first: Seat = Seat.NORTH) -> Rubber:  # type: ignore[no-untyped-def]
    r = Rubber(rules, first)
    for x in results:
        r = r.add(x)
    return r


def sheet(r: Rubber) -> list[tuple[str, str, int, str]]:
    return [(e.side.name, e.place, e.amount, e.reason) for e in r.entries]


# -- the registry: data, duplicate unchanged ------------------------------------------


def test_registry_holds_rubber_and_chicago() -> None:
    assert find_rules("rubber") is RUBBER
    assert find_rules("Chicago") is CHICAGO
    assert find_rules("chicago-b") is CHICAGO_B


def test_duplicate_unchanged() -> None:
    # RULES.md 3.4 examples 2, 3, 7 and 14
    assert score(Contract.from_str("2S"), 9, False) == 60 + 50 + 30
    assert score(Contract.from_str("3NT"), 10, True) == 100 + 500 + 30
    assert score(Contract.from_str("2HX"), 8, False) == 120 + 300 + 50
    assert score(Contract.from_str("4SX"), 6, False) == -(100 + 200 + 200 + 300)
    assert not DUPLICATE.partscores_carry and DUPLICATE.deals_per_round == 0


def test_rubber_deal_has_no_game_or_partscore_premium() -> None:
    # RULES.md 7: the rubber bonus replaces the per-deal 300/500 and 50
    bd = breakdown(Contract.from_str("4S"), 11, False, RUBBER)
    assert (bd.trick_score, bd.overtricks, bd.game_bonus, bd.partscore_bonus, bd.total) == (120, 30, 0, 0, 150)


def test_chicago_a_single_deal_has_no_partscore_premium() -> None:
    # variant A's 100 comes only on deal 4, which one deal's score cannot know
    bd = breakdown(Contract.from_str("2S"), 8, False, CHICAGO)
    assert (bd.partscore_bonus, bd.total) == (0, 60)
    assert breakdown(Contract.from_str("4S"), 10, True, CHICAGO).game_bonus == 500


# -- rubber sheets -----------------------------------------------------------------------


def test_game_by_two_partscores() -> None:
    # 2S by N = : 60 below; 2D by S = : 40 below; 60 + 40 = 100 = game (RB 73)
    r = play(d("2SN"), d("2DS"))
    assert sheet(r) == [("NS", "below", 60, "tricks"), ("NS", "below", 40, "tricks")]
    assert r.games == (1, 0) and r.below == (0, 0) and r.game == 2
    assert r.vulnerability == Vulnerability.NS
    assert r.deals[1].game_won == NS and r.deals[0].game_won is None


def test_the_line_wipes_the_opponents_partscore() -> None:
    # N-S 60, E-W 60, N-S 40 makes game: E-W's 60 stays on the sheet but does not count toward
    # the next game, so E-W's later 2H (60) leaves them at 60, no game
    r = play(d("2SN"), d("2HE"), d("2DS"), d("2HW"))
    assert r.games == (1, 0)
    assert r.below == (0, 60)
    assert [e.game for e in r.entries] == [1, 1, 1, 2]
    assert r.ew_total == 120 and r.ns_total == 100


def test_two_nil_rubber() -> None:
    # 4S by N = 120 (game), 3NT by S = 40 + 30 + 30 = 100 (game, vulnerable): rubber 700
    r = play(d("4SN"), d("3NTS"))
    assert r.finished and r.winner == NS and r.games == (2, 0)
    assert sheet(r) == [("NS", "below", 120, "tricks"), ("NS", "below", 100, "tricks"),
                        ("NS", "above", 700, "rubber")]
    assert (r.ns_total, r.ew_total, r.rubber_bonus) == (920, 0, 700)
    assert settlement(r.difference) == 9
    with pytest.raises(RuleError):
        r.add(d("1NTE"))


def test_two_one_rubber() -> None:
    # N-S 4S= (120, game); E-W 4H= (120, game); now both vulnerable: N-S 3NT+1 = 100 below
    # + 30 overtrick above, game and rubber 500 (2-1)
    r = play(d("4SN"), d("4HE"), d("3NTS", 10))
    assert r.finished and r.winner == NS and r.games == (2, 1)
    assert r.deals[2].vulnerability == Vulnerability.ALL
    assert r.ns_total == 120 + 100 + 30 + 500
    assert r.ew_total == 120
    assert r.difference == 630 and settlement(r.difference) == 6
    assert r.rubber_bonus == 500


def test_doubled_partscore_makes_game() -> None:
    # 2HX by N = : 2 x 30 x 2 = 120 below = game, insult 50 above (RULES 3.1: doubling counts)
    r = play(d("2HXN"))
    assert sheet(r) == [("NS", "below", 120, "tricks"), ("NS", "above", 50, "insult")]
    assert r.games == (1, 0)
    # now vulnerable: 1CX by S + 2 = 40 below (part-score), insult 50, 2 doubled overtricks
    # vulnerable 2 x 200
    r = r.add(d("1CXS", 9))
    assert sheet(r)[2:] == [("NS", "below", 40, "tricks"), ("NS", "above", 400, "overtricks"),
                            ("NS", "above", 50, "insult")]
    assert r.games == (1, 0) and r.below == (40, 0)
    # redoubled: 1DXX by N = : 20 x 4 = 80; with 40 already = 120 -> game and rubber 700
    r = r.add(d("1DXXN"))
    assert sheet(r)[5:] == [("NS", "below", 80, "tricks"), ("NS", "above", 100, "insult"),
                            ("NS", "above", 700, "rubber")]
    assert r.finished and r.games == (2, 0)


def test_honours_when_the_contract_fails() -> None:
    # 4S by N down 2, not vulnerable, undoubled: 100 to E-W; N holds four trump honours:
    # 100 to N-S all the same (RULES 7: whether or not the contract made)
    r = play(d("4SN", 8, (NS, 100)))
    assert sorted(sheet(r)) == [("EW", "above", 100, "undertricks"), ("NS", "above", 100, "honours")]
    assert r.difference == 0 and r.games == (0, 0)


def test_defenders_honours() -> None:
    # 3NT by E =, N holds the four aces: 150 to N-S, 100 below to E-W
    r = play(d("3NTE", None, (NS, 150)))
    assert sheet(r) == [("EW", "below", 100, "tricks"), ("NS", "above", 150, "honours")]


def test_honours_checked_against_the_strain() -> None:
    with pytest.raises(ParseError, match="four aces"):
        play(d("3NTE", None, (NS, 100)))
    with pytest.raises(ParseError, match="100 or 150"):
        play(d("4SN", None, (NS, 50)))
    with pytest.raises(ParseError, match="counts no honours"):
        play(d("4SN", None, (NS, 100)), rules=CHICAGO)


def test_slams_by_vulnerability() -> None:
    # N-S game first (vulnerable), then 6S by N =: 180 below, small slam vulnerable 750,
    # rubber 700; E-W not vulnerable 7NT =: 220 below, grand slam 1000
    r = play(d("7NTE"))
    assert sheet(r) == [("EW", "below", 220, "tricks"), ("EW", "above", 1000, "grand slam")]
    r = play(d("4SN"), d("6SN"))
    assert sheet(r)[1:] == [("NS", "below", 180, "tricks"), ("NS", "above", 750, "small slam"),
                            ("NS", "above", 700, "rubber")]


def test_undertricks_follow_the_rubber_vulnerability() -> None:
    # E-W won a game, so E-W are vulnerable: 4SX by W down 4 = 200 + 300 + 300 + 300 = 1100;
    # N-S not vulnerable: 4SX by N down 4 = 100 + 200 + 200 + 300 = 800
    r = play(d("4HE"), d("4SXW", 6), d("4SXN", 6))
    assert sheet(r)[1:] == [("NS", "above", 1100, "undertricks"), ("EW", "above", 800, "undertricks")]


def test_unfinished_rubber_with_partscore() -> None:
    # N-S won a game (4S=), E-W have 60 below in the unfinished game: 300 and 100 (RB 80);
    # with the other reading of the law the part-score is worth 50
    r = play(d("4SN"), d("2HE")).close()
    assert not r.finished and r.closed and r.winner is None
    assert sheet(r)[2:] == [("NS", "above", 300, "unfinished game"), ("EW", "above", 100, "unfinished part-score")]
    assert r.difference == 120 + 300 - 60 - 100
    r50 = Rubber(dataclasses.replace(RUBBER, unfinished_partscore=50)).add(d("4SN")).add(d("2HE")).close()
    assert sheet(r50)[3] == ("EW", "above", 50, "unfinished part-score")


def test_unfinished_rubber_without_partscore() -> None:
    # a game each and nothing below since: 300 to each side
    r = play(d("4SN"), d("5DE")).close()
    assert sheet(r)[2:] == [("NS", "above", 300, "unfinished game"), ("EW", "above", 300, "unfinished game")]
    assert r.difference == 120 - 100
    # no game, no part-score: nothing added
    assert play(d("4SN", 9)).close().entries == play(d("4SN", 9)).entries


def test_passed_out_deal_scores_nothing() -> None:
    r = play(d("4SN"), DealResult(Contract.passed_out()))
    assert r.deals_played == 2 and len(r.entries) == 1
    with pytest.raises(ParseError, match="passed-out"):
        DealResult(Contract.passed_out(), 0, Honours(NS, 100))


def test_deal_result_checks() -> None:
    with pytest.raises(ParseError, match="0 to 13"):
        DealResult(Contract.from_str("4SN"), 14)
    with pytest.raises(ParseError, match="no declarer"):
        DealResult(Contract.from_str("4S"), 10)


# -- settlement ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("diff", "nearest", "half_down", "down", "up", "exact"),
    [
        (650, 7, 6, 6, 7, 6.5),
        (610, 6, 6, 6, 7, 6.1),
        (690, 7, 7, 6, 7, 6.9),
        (700, 7, 7, 7, 7, 7.0),
        (-650, -7, -6, -6, -7, -6.5),
        (40, 0, 0, 0, 1, 0.4),
        (0, 0, 0, 0, 0, 0.0),
    ],
)
def test_settlement(diff: int, nearest: int, half_down: int, down: int, up: int, exact: float) -> None:
    assert [settlement(diff, m) for m in ("nearest", "half-down", "down", "up", "exact")] == \
        [nearest, half_down, down, up, exact]


def test_settlement_unknown_rounding() -> None:
    with pytest.raises(ParseError, match="rounding"):
        settlement(100, "banker")


# -- Chicago ----------------------------------------------------------------------------


def test_chicago_vulnerability_by_deal() -> None:
    # deal 1 none; deals 2 and 3 the dealer's side (E deals 2, S deals 3); deal 4 both
    r = play(d("1CN"), d("1CN"), d("1CN"), d("1CN"), rules=CHICAGO_B)
    assert [x.vulnerability for x in r.deals] == [Vulnerability.NONE, Vulnerability.EW, Vulnerability.NS,
                                                  Vulnerability.ALL]
    assert [x.dealer for x in r.deals] == [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]
    switched = play(d("1CN"), d("1CN"), d("1CN"), rules=dataclasses.replace(CHICAGO_B, dealer_vulnerable=False))
    assert [x.vulnerability for x in switched.deals][1:] == [Vulnerability.NS, Vulnerability.EW]
    # E deals first: deal 2 is dealt by S, so N-S are vulnerable
    assert play(d("1CN"), d("1CN"), rules=CHICAGO, first=Seat.EAST).deals[1].vulnerability == Vulnerability.NS


def test_chicago_variant_a_round() -> None:
    # 1: 1NT by N = (none vul): 40 below, no premium
    # 2: 2H by E +1 (E-W vul): 60 below, 30 over
    # 3: 3C by S = (N-S vul): 60 below; N-S 40 + 60 = 100 completes a game: 500 (vulnerable on
    #    the deal), the line wipes E-W's 60
    # 4: 2S by W = (both vul): 60 below, a part-score on deal 4: 100
    r = play(d("1NTN"), d("2HE", 9), d("3CS"), d("2SW"), rules=CHICAGO)
    assert sheet(r) == [
        ("NS", "below", 40, "tricks"),
        ("EW", "below", 60, "tricks"), ("EW", "above", 30, "overtricks"),
        ("NS", "below", 60, "tricks"), ("NS", "above", 500, "game"),
        ("EW", "below", 60, "tricks"), ("EW", "above", 100, "part-score"),
    ]
    assert r.finished and r.winner == NS and r.games == (1, 0)
    assert (r.ns_total, r.ew_total) == (600, 250)
    assert r.rubber_bonus == 0
    with pytest.raises(RuleError):
        r.add(d("1CN"))


def test_chicago_variant_a_game_premium_not_vulnerable() -> None:
    # 4S by N on deal 1: 120 and 300 (nobody vulnerable); a game on deal 4 is 500; a game
    # completed on deal 4 earns no part-score premium
    r = play(d("4SN"), d("1CE"), d("1CE"), d("4HS"), rules=CHICAGO)
    premiums = [(e.side.name, e.amount, e.reason) for e in r.entries if e.place == "above"]
    assert premiums == [("NS", 300, "game"), ("NS", 500, "game")]
    assert r.ew_total == 40 and r.below == (0, 0)


def test_chicago_variant_b_is_duplicate_deal_by_deal() -> None:
    # each deal alone with the duplicate table: 1NT= none 90; 2H+1 by E (E-W vul) 140;
    # 3C= by S (N-S vul) 110 (no carry: 40 + 60 is no game); 2S= by W (both vul) 110
    results = [d("1NTN"), d("2HE", 9), d("3CS"), d("2SW")]
    r = play(*results, rules=CHICAGO_B)
    assert (r.ns_total, r.ew_total) == (90 + 110, 140 + 110)
    assert r.games == (0, 0)
    for rec in r.deals:
        c = rec.result.contract
        assert c.declarer is not None
        side = c.declarer.side
        got = sum(e.amount for e in r.entries if e.deal == rec.number and e.side == side)
        assert got == score(c, rec.result.tricks, rec.vulnerability.is_vul(side), DUPLICATE)


def test_chicago_passed_out_redealt_or_counted() -> None:
    # redeal (default): the same dealer deals again, the deal does not count
    r = play(d("1CN"), DealResult(Contract.passed_out()), d("1CN"), rules=CHICAGO)
    assert [x.number for x in r.deals] == [1, None, 2]
    assert r.deals[1].dealer == r.deals[2].dealer == Seat.EAST
    # counted: it is deal 2 and scores nothing
    counted = dataclasses.replace(CHICAGO, passout_redeal=False)
    r = play(d("1CN"), DealResult(Contract.passed_out()), d("1CN"), d("1CN"), rules=counted)
    assert [x.number for x in r.deals] == [1, 2, 3, 4] and r.finished


# -- sessions -------------------------------------------------------------------------


def test_session_with_partners_drawn_anew() -> None:
    # a round of three rubbers (rules text: each pair only once): A-C v B-D, A-B v C-D, A-D v B-C
    s = Session().seat(["A", "B", "C", "D"])
    for x in (d("4SN"), d("3NTS")):  # N-S 120 + 100 + 700 = 920: A, C +920 (9 units)
        s = s.add(x)
    s = s.seat(["A", "C", "B", "D"])
    for x in (d("4HE"), d("4SW")):  # E-W (C at E, D at W) 120 + 120 + 700 = 940 (9 units)
        s = s.add(x)
    s = s.seat(["A", "B", "D", "C"])  # N-S A and D, E-W B and C
    for x in (d("4SN"), d("4HE"), d("2SN", 7)):  # N-S (A, D) 120; E-W (B, C) 120, then N-S
        s = s.add(x)                               # vulnerable down 1: 100 to E-W; unfinished
    s = s.close()
    # third rubber: N-S 120 + 300 = 420, E-W 120 + 100 + 300 = 520: E-W by 100 -> 1 unit
    assert [r.players for r in s.rubbers] == [("A", "B", "C", "D"), ("A", "C", "B", "D"), ("A", "B", "D", "C")]
    table = standings(s.rubbers)
    final = {p.name: (p.points, p.total_points, p.total_units) for p in table[-1]}
    assert final == {
        "A": (-100, 920 - 940 - 100, 9 - 9 - 1),
        "B": (100, -920 - 940 + 100, -9 - 9 + 1),
        "C": (100, 920 + 940 + 100, 9 + 9 + 1),
        "D": (-100, -920 + 940 - 100, -9 + 9 - 1),
    }
    assert sum(p.total_points for p in table[-1]) == 0


def test_players_change_only_between_rubbers() -> None:
    s = Session().seat(["A", "B", "C", "D"]).add(d("2SN"))
    with pytest.raises(RuleError, match="between rubbers"):
        s.seat(["A", "C", "B", "D"])
    assert s.seat(["A", "B", "C", "D"]) == s
    with pytest.raises(ParseError):
        Session().seat(["A", "B", "C"])
    with pytest.raises(ParseError, match="twice"):
        Session().seat(["A", "B", "A", "D"])


def test_player_sitting_out_keeps_the_total() -> None:
    s = Session().seat(["A", "B", "C", "D"]).add(d("4SN")).add(d("4SN"))
    s = s.seat(["E", "B", "C", "D"]).add(d("4HE")).add(d("4HE"))
    table = standings(s.rubbers)
    final = {p.name: (p.points, p.total_points) for p in table[-1]}
    assert final["A"] == (0, 940) and final["E"] == (-940, -940) and final["C"] == (-940, 0)


# -- honours from the hands ------------------------------------------------------------------


def test_honours_in_deal() -> None:
    deal = Deal.from_pbn("N:AKQJ2.K3.T98.A32 T943.Q92.KQ7.J54 8.AJT854.A65.KQ7 765.76.J432.T986")
    assert honours_in_deal(deal, Contract.from_str("4SN")) == Honours(NS, 100)
    assert honours_in_deal(deal, Contract.from_str("4SE")) == Honours(NS, 100)
    assert honours_in_deal(deal, Contract.from_str("4HS")) is None
    assert honours_in_deal(deal, Contract.from_str("3NTN")) is None
    aces = Deal.from_pbn("N:AKQJ.A32.A32.A32 T987.KQJ.KQJ.KQJ 6543.T98.T98.T98 2.7654.7654.7654")
    assert honours_in_deal(aces, Contract.from_str("3NTE")) == Honours(NS, 150)
    assert honours_in_deal(aces, Contract.from_str("4SN")) == Honours(NS, 100)
    assert honours_in_deal(aces, Contract.from_str("4SN"), CHICAGO) is None


# -- properties ---------------------------------------------------------------------------

_contracts = st.builds(
    lambda level, strain, risk, seat: Contract(level, Strain(strain), Risk(risk), Seat(seat)),
    st.integers(1, 7), st.integers(0, 4), st.integers(0, 2), st.integers(0, 3),
)


@st.composite
def _deals(draw: st.DrawFn) -> DealResult:
    if draw(st.integers(0, 9)) == 0:
        return DealResult(Contract.passed_out())
    c = draw(_contracts)
    tricks = draw(st.integers(0, 13))
    h = None
    if draw(st.booleans()):
        amount = 150 if c.strain == Strain.NOTRUMP else draw(st.sampled_from([100, 150]))
        h = Honours(Side(draw(st.integers(0, 1))), amount)
    return DealResult(c, tricks, h)


def _session(results: list[DealResult], rules=RUBBER, first: Seat = Seat.NORTH) -> Session:  # type: ignore[no-untyped-def]
    s = Session(rules, first)
    for x in results:
        s = s.add(x)
    return s.close()


_RULES = st.sampled_from([RUBBER, dataclasses.replace(CHICAGO, honours=True),
                          dataclasses.replace(CHICAGO_B, honours=True)])


@settings(max_examples=60, deadline=None)
@given(st.lists(_deals(), max_size=14), _RULES)
def test_totals_are_the_sum_of_entries(results: list[DealResult], rules) -> None:  # type: ignore[no-untyped-def]
    s = _session(results, rules)
    for r in s.rubbers:
        assert r.ns_total == sum(e.amount for e in r.entries if e.side == NS)
        assert r.ew_total == sum(e.amount for e in r.entries if e.side == EW)
        assert all(e.amount > 0 for e in r.entries)
        assert all(e.reason == "tricks" for e in r.entries if e.place == "below")
        if not rules.deals_per_round:
            assert r.games[0] <= 2 and r.games[1] <= 2
            assert r.finished == (max(r.games) == 2)
            assert r.rubber_bonus in ((700 if min(r.games) == 0 else 500) if r.finished else 0,)
    assert s.ns_total == sum(r.ns_total for r in s.rubbers)
    assert sum(len(r.deals) for r in s.rubbers) == len(results)


def _mirror_entry(e: Entry) -> Entry:
    return dataclasses.replace(e, side=e.side.opponents)


@settings(max_examples=60, deadline=None)
@given(st.lists(_deals(), max_size=14), _RULES, st.integers(0, 3))
def test_swapping_sides_mirrors_the_sheet(results: list[DealResult], rules, first: int) -> None:  # type: ignore[no-untyped-def]
    a = _session(results, rules, Seat(first))
    b = _session([x.mirrored() for x in results], rules, Seat(first).next())
    assert len(a.rubbers) == len(b.rubbers)
    for ra, rb in zip(a.rubbers, b.rubbers):
        # deal by deal in the same order; the end-of-rubber premiums in either order
        assert [_mirror_entry(e) for e in ra.entries if e.deal is not None] == [e for e in rb.entries
                                                                               if e.deal is not None]
        assert Counter(_mirror_entry(e) for e in ra.entries) == Counter(rb.entries)
        assert (ra.ns_total, ra.ew_total) == (rb.ew_total, rb.ns_total)
        assert ra.games == rb.games[::-1]
        assert ra.winner == (None if rb.winner is None else rb.winner.opponents)


# -- partners drawn anew: no partnership twice in a round of three rubbers (seed rules text) --------


def _sheet(*seatings: tuple[str, str, str, str] | None) -> list[Rubber]:
    from bridgecli.core.rubber import RUBBER as _R

    return [Rubber(_R, Seat.NORTH, players) for players in seatings]


def test_a_full_round_has_each_partnership_once() -> None:
    from bridgecli.core.rubber import repeated_partnerships

    # A-C/B-D, A-B/C-D, A-D/B-C: the three ways four players pair up, each once
    rubbers = _sheet(("A", "B", "C", "D"), ("A", "C", "B", "D"), ("A", "B", "D", "C"))
    assert repeated_partnerships(rubbers) == []


def test_partners_again_in_the_same_round() -> None:
    from bridgecli.core.rubber import RepeatedPartnership, repeated_partnerships

    # rubber 2 keeps rubber 1's seating (no new draw): both partnerships repeat
    rubbers = _sheet(("A", "B", "C", "D"), ("B", "A", "D", "C"))
    assert repeated_partnerships(rubbers) == [RepeatedPartnership(2, 1, ("B", "D")),
                                              RepeatedPartnership(2, 1, ("A", "C"))]


def test_a_new_round_starts_after_three_rubbers() -> None:
    from bridgecli.core.rubber import RepeatedPartnership, repeated_partnerships

    round_one = [("A", "B", "C", "D"), ("A", "C", "B", "D"), ("A", "B", "D", "C")]
    # rubber 4 opens round two with A-C again (allowed); rubber 5 pairs A-C a second time in it
    rubbers = _sheet(*round_one, ("A", "B", "C", "D"), ("C", "B", "A", "D"))
    assert repeated_partnerships(rubbers) == [RepeatedPartnership(5, 4, ("C", "A")),
                                              RepeatedPartnership(5, 4, ("B", "D"))]


def test_other_players_or_unknown_players_start_the_count_again() -> None:
    from bridgecli.core.rubber import repeated_partnerships

    assert repeated_partnerships(_sheet(("A", "B", "C", "D"), ("A", "B", "C", "E"), ("A", "B", "C", "D"))) == []
    assert repeated_partnerships(_sheet(("A", "B", "C", "D"), None, ("A", "B", "C", "D"))) == []


def test_a_players_name_is_one_player_whatever_its_case() -> None:
    from bridgecli.core.rubber import RepeatedPartnership, repeated_partnerships

    # issue #31: "Ann" in rubber 1 and "ann" in rubber 2 are the same player, so the two
    # rubbers are one round and Ann-Cid partner twice in it
    rubbers = _sheet(("Ann", "Bob", "Cid", "Dan"), ("ann", "bob", "cid  ", "DAN"))
    assert repeated_partnerships(rubbers) == [RepeatedPartnership(2, 1, ("ann", "cid  ")),
                                              RepeatedPartnership(2, 1, ("bob", "DAN"))]
    # and a name that differs in more than case is another player
    assert repeated_partnerships(_sheet(("Ann", "Bob", "Cid", "Dan"), ("Anne", "Bob", "Cid", "Dan"))) == []


# -- a long evening: adding a deal does not copy the sheet --------------------------------


def test_adding_deals_is_linear() -> None:
    # each deal copied every deal and entry before it, and counted them (16,000 passed-out
    # deals: 6 s; a million never finished)
    from ..timing import assert_linear

    passed = DealResult(Contract.passed_out())
    down = d("1NTN", 6)

    def run(n: int) -> None:
        s = Session(RUBBER)
        for k in range(n):
            s = s.add(passed if k % 2 else down)
        assert s.rubbers[0].deals_played == n and len(s.rubbers[0].entries) == n // 2

    assert_linear(run, 3000)


def test_sheets_grown_from_the_same_sheet_keep_their_own_deals() -> None:
    # a sheet shares its deals with the sheet grown from it: growing an older one copies
    base = play(d("1CN"), d("1DE", 6))
    a = base.add(d("2HN"))
    b = base.add(DealResult(Contract.passed_out()))
    c = a.add(d("1SE", 6))
    assert [x.result for x in base.deals] == [d("1CN"), d("1DE", 6)]
    assert [x.result for x in a.deals] == [d("1CN"), d("1DE", 6), d("2HN")]
    assert [x.result for x in b.deals] == [d("1CN"), d("1DE", 6), DealResult(Contract.passed_out())]
    assert len(c.deals) == 4 and len(c.entries) == len(a.entries) + 1
    assert base.deals_played == 2 and a.deals_played == b.deals_played == 3
    assert a.deals == tuple(a.deals) and a.deals[-1] == a.deals[2] and a.deals[:1] == (base.deals[0],)
    assert a == play(d("1CN"), d("1DE", 6), d("2HN")) and hash(a.deals) == hash(tuple(a.deals))
    # a sheet built by hand (deals as a tuple) counts its deals
    redealt = dataclasses.replace(CHICAGO)
    hand = Rubber(redealt, Seat.NORTH, None, (), b.deals)
    assert hand.deals_played == 3 and hand.dealer == Seat.WEST
