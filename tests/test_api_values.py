"""The library returns values (issue #28 item 8): typed scores, one argument order for the
checkers, call and seat texts taken where calls and seats are expected, mistakes named."""

from __future__ import annotations

import pickle

import pytest

import bridgecli as bc

from .conftest import ROOT

CLUB = ROOT / "docs" / "examples" / "club.pbn"  # 1: 4H by S, 10 tricks, none vul; 2: 3NTX by E, 7, N-S vul


def test_score_takes_text_a_contract_with_tricks_or_a_board() -> None:
    one, two = bc.read(CLUB)
    # Law 77: 4H made, not vulnerable: 120 + 300 game
    assert bc.score(one) == 420 and isinstance(bc.score(one), int)
    # 3NTX by E down 2, E-W not vulnerable: -100 - 200; N-S get +300
    s = bc.score(two)
    assert (s, s.ns, s.ew, s.declarer) == (-300, 300, -300, bc.Seat.EAST)
    assert s.breakdown.undertricks == -300 and s.breakdown.over_under == -2 and not s.breakdown.made
    assert bc.score(one.contract, 11) == 450
    assert bc.score(two.contract, 9, vul="both") == 750  # 3NTX made, vulnerable: 200 + 500 game + 50 insult
    assert bc.score("4S", 10, vul="ew", declarer="E").ns == -620
    assert bc.score("4SX-1", vul="both") == -200 and bc.score("4SX-1", vul="both").ns == -200
    assert bc.score("pass").ns == 0 and bc.score(bc.Contract.from_str("pass")) == 0
    assert str(bc.score("3NT+1")) == "430" and repr(bc.score("3NT+1")) == "430"
    assert pickle.loads(pickle.dumps(s)).ns == 300
    assert bc.breakdown(one).game_bonus == 300


def test_score_names_the_mistake() -> None:
    one, _ = bc.read(CLUB)
    with pytest.raises(TypeError, match="needs the tricks"):
        bc.score(one.contract)
    with pytest.raises(TypeError, match="not int"):
        bc.score(420)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="tricks"):
        bc.score("4S", "10")  # type: ignore[arg-type]
    with pytest.raises(bc.ParseError, match="0 to 13"):
        bc.score("4S", 14)
    with pytest.raises(bc.ParseError, match="no contract"):
        bc.score(bc.Board(number=3))
    with pytest.raises(bc.ParseError, match="records no result"):
        bc.score(one.replace(result=None))
    with pytest.raises(bc.ParseError, match="the contract says"):
        bc.score("4SE=", declarer="N")
