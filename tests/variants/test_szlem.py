"""Szlem, with the worked example of the rules text (A = North, B = South, B deals).
Polish lines quoted from seeds/000_5880f5de8f0d9f9d.txt."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.core.cards import Card, Seat, Strain
from bridgecli.core.contract import Risk
from bridgecli.core.errors import IllegalCallError
from bridgecli.formats import read_boards
from bridgecli.variants import find_variant
from bridgecli.variants.szlem import SzlemContract, breakdown, check_auction, declare, honours, parse_rounds

SZLEM = find_variant("szlem")


def cards(text: str) -> list[Card]:
    return [Card.from_str(t) for t in text.split()]


# "Talia skatowa (32 karty). Starszeństwo kart od asa do siódemki."
# "Początkowo każdy z graczy otrzymuje po dziesięć kart ... po dwie karty ... po dwie ... po dwie ostatnie"
def test_deal_sixteen_each_from_the_skat_deck() -> None:
    b = SZLEM.deal_board(random.Random(5), 1)
    got = SZLEM.cards(b)
    assert all(len(v) == 16 for v in got.values())
    every = got[Seat.NORTH] + got[Seat.SOUTH]
    assert len(set(every)) == 32 and min(c.rank for c in every) == 7
    # the dealer's opponent gets the first cards
    assert list(b.extra["cards"]) == ["S", "N"]


def judge(text: str, dealer: Seat = Seat.SOUTH):
    return check_auction(dealer, parse_rounds(text))


# The example: "A - od minimalnej zapowiedzi 6 punktów. B ... 8 punktów"; "9 punktów"; "14 punktów
# (o pięć więcej od poprzedniej zapowiedzi)"; "A ... pasuje"; "szlemika w karach (24 punkty)".
def test_the_example_auction() -> None:
    a = judge("6 8 / 9 14 / P 24")
    assert a.complete and a.declarer == Seat.SOUTH and a.points == 24 and a.slam_exception


@pytest.mark.parametrize("text, index, reason", [
    ("6 12", 1, "raise-limit"),             # "przelicytować swego przeciwnika co najwyżej o pięć punktów"
    ("6 8 / 9 15", 3, "raise-limit"),
    ("6 8 / 9 14 / P 20", 5, "raise-limit"),  # "maksymalnie o 5 punktów więcej niż poprzednio ... 19"
    ("6 8 / 8", 2, "insufficient"),
    ("5 8", 0, "unknown-call"),             # the lowest score is one trick in a minor: 6
    ("6 8 / 9 14 / 15 P 16", 6, "after-close"),
])
def test_illegal_auctions(text: str, index: int, reason: str) -> None:
    with pytest.raises(IllegalCallError) as info:
        judge(text)
    assert (info.value.index, info.value.reason) == (index, reason)


@pytest.mark.parametrize("text, points, complete", [
    ("6 8 / 9 14 / 20 25 30 P", 30, True),   # round 3 "toczy się aż do ... spasowania"
    ("6 11 / 16 21 / 24 P", 24, True),         # 24 as a plain raise of 21 (3 over the bid)
    ("6 P / 11 / 16", 16, True),             # after a pass: own bid + 5 a round
    ("6 P / 11 / 40", 40, True),             # "szlemika lub szlema ... niezależnie" (40: NT small slam)
    ("6 8 / 9", 9, False),
])
def test_legal_auctions(text: str, points: int, complete: bool) -> None:
    a = judge(text)
    assert a.points == points and a.complete is complete


def test_both_pass_is_void() -> None:
    assert judge("P P").void


# "Gracz B chętnie zmieniłby teraz kolor rozgrywki, ponieważ jednak 24 punkty w kierach nie stanowią
#  szlema (lecz tylko trzy kiery), nie może zmienić koloru"
def test_declaration_and_switch() -> None:
    a = judge("6 8 / 9 14 / P 24")
    assert declare(a, ["D", "X"]) == SzlemContract(24, Strain.DIAMONDS, Risk.DOUBLED, Seat.SOUTH)
    with pytest.raises(IllegalCallError, match="no slam"):
        declare(a, ["D", "X", "H"])
    # a slam in hearts needs 32: 24 in clubs is a slam too, so that switch is allowed, undoubled
    assert declare(a, ["D", "X", "C"]).risk == Risk.UNDOUBLED
    plain = judge("6 8 / 9 14 / 19 P")
    assert declare(plain, ["D", "X", "H", "X", "XX"]) == SzlemContract(19, Strain.HEARTS, Risk.REDOUBLED,
                                                                      Seat.NORTH)
    with pytest.raises(IllegalCallError, match="cannot be made"):
        declare(judge("6 11 / 16 21 / 26 31 P"), ["D"])       # 31 > 5 x 6
    with pytest.raises(IllegalCallError):
        declare(plain, ["H", "XX"])                            # no redouble before a double


EXAMPLE = """- board: 2
  dealer: S
  variant: szlem
  extra:
    cards:
      N: SJ ST S7 HQ HJ H9 DK CQ CT C9 SA S8 DJ SK CK C8
      S: SQ S9 HK HT DQ DT D9 D7 CA C7 HA H8 DA CJ D8 H7
    auction: [[6, 8], [9, 14], [Pass, 24]]
    declaration: D X
    reserve: {N: SA DK DJ, S: SQ DQ DA}
    play:
    - S8 S9 SK DT
    - D8 S7 D7 ST
    - HT HJ HA H9
    - H8 HQ HK C8
    - H7 C9 C7 SJ
    - CA CT CJ CQ
    - D9 CK
    - SQ SA
    - DK DA
    - DQ DJ
"""


# "W sumie w jednej rozgrywce gracz B uzyskał 188 punktów": 48 below (24 doubled), 15 for the
# sequence 10-9-8-7 of diamonds, 25 for making it doubled, 100 for the small slam.
def test_the_worked_example_played(runner: CliRunner, tmp_path) -> None:
    f = tmp_path / "szlem.yaml"
    f.write_text(EXAMPLE)
    r = runner.invoke(cli, ["play", "--variant", "szlem", str(f), "--json"])
    assert r.exit_code == 0, r.stderr
    obj = json.loads(r.stdout)
    assert obj["contract"] == "24DX" and obj["declarer"] == "S" and obj["declarer_tricks"] == 9
    assert obj["made"] is True and obj["below"] == 48 and obj["above"] == 125
    assert obj["honours"] == {"N": 0, "S": 15}
    assert obj["below"] + obj["above"] + obj["honours"]["S"] == 188
    shapes = [len(t["cards"]) for t in obj["played_tricks"]]
    assert shapes == [4] * 6 + [2] * 4
    assert [t["winner"] for t in obj["played_tricks"]] == ["S"] * 7 + ["N", "S", "S"]


# "karty z rezerwy nie biorą udziału w rozgrywce, w jej pierwszym etapie"
def test_reserve_cards_wait_for_trick_8(runner: CliRunner, tmp_path) -> None:
    f = tmp_path / "szlem.yaml"
    f.write_text(EXAMPLE.replace("- S8 S9 SK DT", "- S8 SQ SK DT"))
    r = runner.invoke(cli, ["play", "--variant", "szlem", str(f), "--json"])
    err = json.loads(r.stdout)["error"]
    assert r.exit_code == 1 and err["card"] == "SQ" and err["trick"] == 1 and err["reason"] == "not-held"


# "Istnieje obowiązek dorzucania do koloru (lecz tylko posiadanych w ręku ...)": in trick 2 A
# "zrzuca 7" on the lead of a diamond because his diamonds are in the reserve; with DJ in hand he
# would have to follow.
def test_follow_suit_counts_hand_cards_only() -> None:
    b = read_boards(EXAMPLE, "yaml")[0]
    obj = SZLEM.outcome(b)
    assert obj["legal"] is True
    moved = EXAMPLE.replace("reserve: {N: SA DK DJ", "reserve: {N: SA DK SJ").replace(
        "- H7 C9 C7 SJ", "- H7 C9 C7 DJ")
    bad = SZLEM.outcome(read_boards(moved, "yaml")[0])
    assert bad["error"]["reason"] == "revoke" and bad["error"]["trick"] == 2


# "Za grę przegraną: przed partią - 3 razy ... z kontrą - 10 ... z rekontrą - 20 ...;
#  po partii - 5 razy ..., 15 ..., 30 ..."; "zalicytował 20pkt, rozgrywał kiery i zdobył siedem lew
#  ... Przegrał więc 4 punkty"
@pytest.mark.parametrize("contract, tricks, vul, below, above", [
    ("20H", 7, False, 0, -12),
    ("20H", 7, True, 0, -20),
    ("20HX", 7, False, 0, -40),
    ("20HXX", 7, True, 0, -120),
    ("20H", 8, False, 20, 0),            # no premium for overtricks: 24 made, 20 written
    ("24DX", 9, False, 48, 125),
    ("24DXX", 9, True, 96, 150 + 80),    # redoubled: "Z rekontrą - podwójnie"
    ("50NT", 10, False, 50, 200),        # grand slam not vulnerable
    ("40NL", 1, True, 40, 150),          # four nullo: one trick, small slam
    ("10NL", 5, False, 0, -30),          # one nullo (at most 4 tricks) with 5: 10 missing
])
def test_scale(contract: str, tricks: int, vul: bool, below: int, above: int) -> None:
    bd = breakdown(SzlemContract.from_str(contract), tricks, vul)
    assert (bd.trick_score, bd.above_the_line) == (below, above)


@pytest.mark.parametrize("held, strain, points", [
    ("SA HA DA C7", Strain.NOTRUMP, 30),
    ("SA HA DA CA", Strain.NOTRUMP, 40),
    ("S7 H7 D7 C7", Strain.NULLO, 40),
    ("DT D9 D8 D7 DA DQ", Strain.DIAMONDS, 15),
    ("SA SK SQ SJ ST S9 S8 S7", Strain.SPADES, 75),
    ("SA SK SQ SJ ST S9 S7", Strain.SPADES, 45),
    ("SA SK SQ", Strain.SPADES, 0),
])
def test_honours(held: str, strain: Strain, points: int) -> None:
    assert honours(cards(held), strain) == points


def test_commands(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["score", "--variant", "szlem", "24DX", "9"])
    assert r.exit_code == 0 and r.stdout == "below 48, above 125\n"
    r = runner.invoke(cli, ["validate-auction", "--variant", "szlem", "--dealer", "S", "--calls", "6 8 / 9 14 / P 24"])
    assert r.exit_code == 0 and r.stdout == "Auction: 24 by S (slam bid past the limit)\n"
    r = runner.invoke(cli, ["validate-auction", "--variant", "szlem", "--dealer", "S", "--calls", "6 12"])
    assert r.exit_code == 1 and "raise-limit" in r.stdout
    r = runner.invoke(cli, ["deal", "--variant", "szlem", "-n", "2", "--seed", "4"])
    assert r.exit_code == 0 and [b.dealer for b in read_boards(r.stdout, "yaml")] == [Seat.NORTH, Seat.SOUTH]
