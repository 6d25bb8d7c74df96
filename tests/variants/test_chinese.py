"""Chinese bridge: 4 hand cards and 11 piles each, only the dealer bids, four-card tricks of
two cards a player, face-down cards joining the play. Polish lines quoted from the seed."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.core.auction import check_calls
from bridgecli.core.calls import parse_call
from bridgecli.core.cards import Seat
from bridgecli.core.errors import RuleError
from bridgecli.formats import read_boards
from bridgecli.variants import find_variant

CHINESE = find_variant("chinese")


def calls(text: str) -> list:
    return [parse_call(t) for t in text.split()]


# "Rozdający daje najpierw przeciwnikowi i sobie po cztery karty zakryte, następnie rozdaje
#  pozostałe 44 karty (po 22) również zakryte."
def test_deal_4_and_22_each() -> None:
    b = CHINESE.deal_board(random.Random(8), 2)
    assert b.dealer == Seat.SOUTH
    hand, table = b.extra["hand"], b.extra["table"]
    assert all(len(hand[s].split()) == 4 and len(table[s].split()) == 22 for s in "NS")
    every = [c for s in "NS" for c in hand[s].split() + table[s].split()]
    assert len(set(every)) == 52


# "Rozdający deklaruje rodzaj i wysokość gry; jego przeciwnik może tę zapowiedź tylko skontrować
#  lub spasować. Po kontrze rozdający może zrekontrować lub zmienić zapowiedź na inną, wyższą."
@pytest.mark.parametrize("text, contract", [
    ("1S P", "1S"),
    ("1S X XX P", "1SXX"),
    ("1S X 2H P", "2H"),
    ("1S X 2H X P", "2HX"),
    ("3NT X P", "3NTX"),
])
def test_legal_auctions(text: str, contract: str) -> None:
    c = check_calls(Seat.NORTH, calls(text), CHINESE.auction)
    assert c.complete and str(c.contract) == contract and c.declarer == Seat.NORTH


@pytest.mark.parametrize("text, index, reason", [
    ("P", 0, "opening-pass"),
    ("1S 2H", 1, "not-the-dealer"),
    ("1S X 1H", 2, "insufficient"),
    ("1S P 2S", 2, "after-close"),
])
def test_illegal_auctions(text: str, index: int, reason: str) -> None:
    c = check_calls(Seat.NORTH, calls(text), CHINESE.auction)
    assert (c.index, c.reason) == (index, reason)


def test_validate_auction_command(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["validate-auction", "--variant", "chinese", "--dealer", "S", "--calls", "2D 3C"])
    assert r.exit_code == 1 and "only the dealer bids" in r.stdout
    r = runner.invoke(cli, ["validate-auction", "--variant", "chinese", "--dealer", "S", "--calls", "2D X XX P"])
    assert r.exit_code == 0 and r.stdout == "Auction: 2DXX by S\n"


BOARD = """- board: 1
  dealer: N
  variant: chinese
  auction: [1S, Pass]
  extra:
    hand: {N: SA SK SQ SJ, S: C2 C3 C4 C5}
    piles:
      N: ST/S9 S8/S7 S6/S5 S4/S3 S2/HA HK/HQ HJ/HT H9/H8 H7/H6 H5/H4 H3/H2
      S: CA/CK CQ/CJ CT/C9 C8/C7 C6/DA DK/DQ DJ/DT D9/D8 D7/D6 D5/D4 D3/D2
    play:
"""
# "Do pierwszej lewy wychodzi zawsze przeciwnik rozdającego." -- S leads; cards S N S N, then
# the winner (N) leads: N S N S. Face-down cards are played only after the card on them.
PLAY = [
    "C2 SJ C3 H3",
    "SQ C4 ST C5",
    "SA CA S8 CQ",
    "SK CT S6 C8",
    "S9 C6 S7 CK",
    "S5 CJ S4 C9",
    "S3 C7 S2 DA",
    "HA DK HK DJ",
    "HJ D9 H9 D7",
    "H7 D5 H5 D3",
    "HQ DQ HT DT",
    "H8 D8 H6 D6",
    "H4 D4 H2 D2",
]


def _board(play: list[str]) -> str:
    return BOARD + "".join(f"    - {t}\n" for t in play)


def test_full_played_deal(runner: CliRunner, tmp_path) -> None:
    f = tmp_path / "c.yaml"
    f.write_text(_board(PLAY))
    r = runner.invoke(cli, ["play", "--variant", "chinese", str(f), "--json"])
    assert r.exit_code == 0, r.stderr
    obj = json.loads(r.stdout)
    assert obj["declarer"] == "N" and obj["declarer_tricks"] == 13 and obj["complete"] is True
    assert obj["played_tricks"][0]["leader"] == "S" and obj["played_tricks"][0]["winner"] == "N"
    assert all(len(t["cards"]) == 4 for t in obj["played_tricks"])
    # "Zasady zapisu - jak w brydżu tradycyjnym": 1S +6, 30 below, 180 above
    assert obj["below"] == 30 and obj["above"] == 180
    assert obj["honours"] == {"N": 150}


# "Po zgraniu odkrytej karty ze stołu należy natychmiast odkryć znajdującą się pod nią kartę ...
#  która bierze udział w dalszej rozgrywce (od następnej kolejnej lewy)."
@pytest.mark.parametrize("first, card", [
    ("C2 S9 C3 H3", "S9"),   # S9 lies under ST, which is still on it
    ("C2 H3 C3 H2", "H2"),   # H2 turned up in this trick plays only from the next one
])
def test_face_down_cards_are_not_in_play(runner: CliRunner, tmp_path, first: str, card: str) -> None:
    f = tmp_path / "c.yaml"
    f.write_text(_board([first]))
    r = runner.invoke(cli, ["play", "--variant", "chinese", str(f), "--json"])
    err = json.loads(r.stdout)["error"]
    assert r.exit_code == 1 and err["card"] == card and err["trick"] == 1 and err["seat"] == "N"
    assert "not in play" in err["message"]


# "Istnieje obowiązek dorzucania do koloru" -- for the second card of a player too
def test_revoke_on_the_second_card() -> None:
    b = read_boards(_board(["C2 SJ DK H3"]), "yaml")[0]
    rep = CHINESE.replay(b, CHINESE.contract(b))
    assert rep.error is not None and rep.error.reason == "revoke" and rep.error_seat == Seat.SOUTH


def test_piles_must_be_laid_out() -> None:
    b = read_boards(_board([]).replace("    piles:", "    x:"), "yaml")[0]
    with pytest.raises(RuleError, match="piles"):
        CHINESE.replay(b, CHINESE.contract(b))


def test_score(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["score", "--variant", "chinese", "4S", "10"])
    assert r.exit_code == 0 and r.stdout == "below 120, above 0\n"
    r = runner.invoke(cli, ["score", "--variant", "chinese", "1NL", "6"])
    assert r.exit_code == 2


def test_play_of_dealt_boards_without_play_is_a_note(runner: CliRunner, tmp_path) -> None:
    f = tmp_path / "dealt.yaml"
    f.write_text(runner.invoke(cli, ["deal", "--variant", "chinese", "-n", "2", "--seed", "3"]).stdout)
    r = runner.invoke(cli, ["play", "--variant", "chinese", str(f)])
    assert r.exit_code == 0 and r.stdout == "" and "no board has a play record (2 read)" in r.stderr
    r = runner.invoke(cli, ["play", "--variant", "chinese", str(f), "--board", "7"])
    assert r.exit_code == 2 and "no board 7" in r.stderr


@pytest.mark.parametrize("text, left", [
    ("2D 3C", "pass or double"),      # nothing doubled yet: the other player passes or doubles
    ("2D X XX 3C", "pass"),           # after the redouble only a pass is left (issue #31)
])
def test_the_refusal_names_the_calls_left(runner: CliRunner, text: str, left: str) -> None:
    r = runner.invoke(cli, ["validate-auction", "--variant", "chinese", "--dealer", "S", "--calls", text])
    assert r.exit_code == 1
    assert r.stdout.endswith(f": only the dealer bids in chinese bridge; {left} here\n")


def test_a_new_bid_makes_a_double_possible_again() -> None:
    # 3C (the dealer's) ends the doubled 2D: the other player may pass or double it
    c = check_calls(Seat.SOUTH, calls("2D X 3C 4C"), CHINESE.auction)
    assert (c.index, c.reason) == (3, "not-the-dealer")
    assert c.error is not None and str(c.error).endswith("only the dealer bids in chinese bridge; pass or double here")
