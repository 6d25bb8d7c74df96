"""Booby, with the worked example of the rules text (players A, B, C = N, E, S; C deals).
Polish lines quoted from seeds/000_5880f5de8f0d9f9d.txt."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.core.auction import check_calls
from bridgecli.core.calls import parse_call
from bridgecli.core.cards import Card, Hand, Seat
from bridgecli.core.errors import RuleError
from bridgecli.formats import read_boards
from bridgecli.variants import find_variant

BOOBY = find_variant("booby")


def calls(text: str) -> list:
    return [parse_call(t) for t in text.split()]


# "Każdy z trzech grających otrzymuje po 17 kart, ostatnia karta zostaje zakryta"
def test_deal_17_each_and_one_card_to_dummy() -> None:
    b = BOOBY.deal_board(random.Random(3), 1)
    dealt = BOOBY.dealt(b)
    assert dealt is not None and sorted(len(h) for h in dealt.values()) == [17, 17, 17]
    first = Card.from_str(str(b.extra["dummy_card"]))
    assert all(first not in h for h in dealt.values())
    assert [BOOBY.dealer(n) for n in (1, 2, 3, 4)] == [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.NORTH]


# The example's hands: A = North, B = East, C = South (dealer); dummy's first card the ace of hearts.
EXAMPLE = """- board: 1
  dealer: S
  variant: booby
  extra:
    dealt:
      N: A753.T542.J98432.J42
      E: KQJT862.QJ3.KQT.T863
      S: 94.K9876.A765.AKQ975
    dummy_card: HA
    discards: {N: HT H5 H4 H2, E: CT C8 C6 C3, S: S9 S4 D6 D5}
"""

# The play as the text tells it (tricks 1-6), then declarer's small diamond and the rest, in
# which he takes no further trick. Columns from the opening leader B (East): E, S (dummy), W (C), N (A).
PLAY = """  auction: [4NL, Pass, Pass]
  play_leader: E
  play:
  - [SK, S9, DA, SA]
  - [DK, D6, D7, D2]
  - [DQ, D5, CA, DJ]
  - [HQ, HT, H9, CJ]
  - [HJ, HA, H6, S7]
  - [S2, S4, C5, S5]
  - [DT, H2, H7, D3]
  - [SQ, C3, C7, S3]
  - [SJ, C6, C9, D9]
  - [ST, C8, H8, D8]
  - [S8, CT, CQ, D4]
  - [S6, H4, CK, C4]
  - [H3, H5, HK, C2]
"""


# "W ten sposób na stole znajduje się w sumie zakryte trzynaście kart"
def test_discards_make_dummy_of_the_example() -> None:
    b = read_boards(EXAMPLE, "yaml")[0]
    deal = BOOBY.hands_in_play(b)
    # the text's dummy: "Piki: 9, 4 Kiery: A, 10, 5, 4, 2 Kara: 6, 5 Trefle: 10, 8, 6, 3"
    assert deal[Seat.WEST] == Hand.from_pbn("94.AT542.65.T863")
    assert deal[Seat.NORTH] == Hand.from_pbn("A753..J98432.J42")
    # the text still lists "Piki: 9, 4" for C after the discard; C discarded them
    assert deal[Seat.SOUTH] == Hand.from_pbn(".K9876.A7.AKQ975")


@pytest.mark.parametrize("discards, message", [
    ("{N: HT H5 H4, E: CT C8 C6 C3, S: S9 S4 D6 D5}", "4 cards"),
    ("{N: HT H5 H4 HA, E: CT C8 C6 C3, S: S9 S4 D6 D5}", "not dealt"),
    ("{N: HT H5 H4 H2, E: CT C8 C6 C3}", "has not discarded"),
])
def test_bad_discards(discards: str, message: str) -> None:
    b = read_boards(EXAMPLE.replace("{N: HT H5 H4 H2, E: CT C8 C6 C3, S: S9 S4 D6 D5}", discards), "yaml")[0]
    with pytest.raises(RuleError, match=message):
        BOOBY.hands_in_play(b)


# "Licytację rozpoczyna gracz siedzący po lewej stronie rozdającego"
def test_dealers_left_opens_and_two_passes_close() -> None:
    c = check_calls(Seat.SOUTH, calls("4NL P P"), BOOBY.auction)
    assert c.complete and c.declarer == Seat.NORTH and str(c.contract) == "4NL"
    assert c.auction.seat_of(0) == Seat.NORTH
    assert check_calls(Seat.SOUTH, calls("P P P"), BOOBY.auction).auction.is_passed_out
    assert not check_calls(Seat.SOUTH, calls("1S P"), BOOBY.auction).complete
    # each for himself: any other player may double, the bidder redouble
    assert str(check_calls(Seat.SOUTH, calls("1S P X XX P P"), BOOBY.auction).contract) == "1SXX"
    # the third player may not redouble the double of another's bid
    bad = check_calls(Seat.SOUTH, calls("1S X XX"), BOOBY.auction)
    assert (bad.index, bad.reason) == (2, "redouble-not-bidder")


# "Zapowiedź nullo jest w licytacji starsza niż zapowiedź kierowa, młodsza niż zapowiedź pikowa."
def test_nullo_between_hearts_and_spades() -> None:
    assert check_calls(Seat.SOUTH, calls("1H 1NL 1S"), BOOBY.auction).legal
    bad = check_calls(Seat.SOUTH, calls("1S 1NL"), BOOBY.auction)
    assert bad.reason == "insufficient" and bad.index == 1


def test_validate_auction_command(runner: CliRunner, tmp_path) -> None:
    r = runner.invoke(cli, ["validate-auction", "--variant", "booby", "--dealer", "S", "--calls", "4NL P P"])
    assert r.exit_code == 0 and r.stdout == "Auction: 4NL by N\n"
    r = runner.invoke(cli, ["validate-auction", "--variant", "booby", "--dealer", "W", "--calls", "1S"])
    assert r.exit_code == 2
    f = tmp_path / "b.yaml"
    f.write_text(EXAMPLE + "  auction: [1H, Pass, 1NL, Pass, Pass]\n")
    r = runner.invoke(cli, ["validate-auction", "--variant", "booby", str(f)])
    assert r.exit_code == 0 and r.stdout.startswith("Board 1: 1NL by S")


# "gracze w rozgrywce siedzą, poczynając od lewej, w następującej kolejności: B, dziadek, C, A"
# "wygrywa swoją zapowiedź: cztery nullo" (four nullo "oznacza zrobienie partii": 120 below)
def test_the_worked_example_played(runner: CliRunner, tmp_path) -> None:
    f = tmp_path / "booby.yaml"
    f.write_text(EXAMPLE + PLAY)
    r = runner.invoke(cli, ["play", "--variant", "booby", str(f), "--json"])
    assert r.exit_code == 0, r.stderr
    obj = json.loads(r.stdout)
    assert obj["seating"] == {"N": "N", "E": "E", "S": "dummy", "W": "S"}
    assert obj["contract"] == "4NL" and obj["declarer"] == "N"
    assert obj["declarer_tricks"] == 3 and obj["made"] is True and obj["below"] == 120
    winners = [t["winner"] for t in obj["played_tricks"]]
    # A wins 1, B 2-4, dummy 5, A 6 ("rozgrywający ma więc już trzy lewy")
    assert winners[:6] == ["N", "E", "E", "E", "S", "N"]
    assert winners[6:].count("N") == 0 and winners[6:].count("S") == 0


def test_revoke_in_the_example_is_caught(runner: CliRunner, tmp_path) -> None:
    # C (sitting West in the play) discards the ace of clubs on the spade lead: legal; but a
    # diamond discard by A on trick 4 (hearts led) is legal too -- so break trick 2 instead:
    # C plays a club on a diamond lead while holding the seven of diamonds
    f = tmp_path / "booby.yaml"
    f.write_text(EXAMPLE + PLAY.replace("[DK, D6, D7, D2]", "[DK, D6, C5, D2]").replace("[S2, S4, C5, S5]",
                                                                                     "[S2, S4, D7, S5]"))
    r = runner.invoke(cli, ["play", "--variant", "booby", str(f), "--json"])
    assert r.exit_code == 1
    err = json.loads(r.stdout)["error"]
    assert err["reason"] == "revoke" and err["trick"] == 2 and err["seat"] == "W"


@pytest.mark.parametrize("words, expected", [
    (["4NL", "3"], "below 120, above 0"),
    (["1NL", "7"], "below 0, above -50, each defender 50 above"),
    (["7NL", "0"], "below 210, above 1000"),
    (["2S", "8"], "below 60, above 0"),
])
def test_score(runner: CliRunner, words: list[str], expected: str) -> None:
    r = runner.invoke(cli, ["score", "--variant", "booby", *words])
    assert r.exit_code == 0 and r.stdout == expected + "\n"


def test_deal_command(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["deal", "--variant", "booby", "-n", "3", "--seed", "11", "--format", "json"])
    assert r.exit_code == 0
    boards = read_boards(r.stdout, "json")
    assert [b.dealer for b in boards] == [Seat.NORTH, Seat.EAST, Seat.SOUTH]
    assert all(b.variant == "booby" for b in boards)
