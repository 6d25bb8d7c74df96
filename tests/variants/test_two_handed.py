"""Two-handed bridge: four packets, the dealer must bid and chooses the dummy, one pass closes,
the chosen dummy sits opposite declarer, 26 cards face up. Polish lines quoted from the seed."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.core.auction import check_calls
from bridgecli.core.calls import parse_call
from bridgecli.core.cards import Seat, Strain
from bridgecli.core.contract import Contract
from bridgecli.core.errors import RuleError
from bridgecli.formats import read_boards
from bridgecli.variants import find_variant

TWO = find_variant("two-handed")
RANKS = "23456789TJQKA"


def calls(text: str) -> list:
    return [parse_call(t) for t in text.split()]


# "Rozdający rozdaje cztery razy po 13 kart - sobie, przeciwnikowi oraz na stół."
def test_deal_four_packets_of_13() -> None:
    b = TWO.deal_board(random.Random(4), 1)
    assert b.deal is not None and b.deal.is_complete
    assert b.dealer == Seat.SOUTH and TWO.deal_board(random.Random(4), 2).dealer == Seat.WEST
    assert b.extra["open_dummy"] == "N"


# "Licytację rozpoczyna zawsze rozdający, któremu w pierwszej odzywce nie wolno pasować."
def test_dealer_may_not_pass_first() -> None:
    bad = check_calls(Seat.SOUTH, calls("P"), TWO.auction)
    assert bad.reason == "opening-pass" and bad.index == 0
    assert check_calls(Seat.WEST, calls("1C P"), TWO.auction).complete
    assert [str(c) for c in check_calls(Seat.SOUTH, [], TWO.auction).auction.legal_calls()[:2]] == ["1C", "1D"]


# "Licytacja toczy się w kolejnych zapowiedziach do chwili, gdy jeden z licytujących spasuje."
def test_one_pass_closes() -> None:
    c = check_calls(Seat.SOUTH, calls("1S 2H 2S P"), TWO.auction)
    assert c.complete and c.contract == Contract(2, Strain.SPADES, declarer=Seat.SOUTH)
    assert check_calls(Seat.SOUTH, calls("1S P 2S"), TWO.auction).reason == "after-close"
    x = check_calls(Seat.SOUTH, calls("1S X XX P"), TWO.auction)
    assert str(x.contract) == "1SXX" and x.contract is not None and x.contract.declarer == Seat.SOUTH


def test_validate_auction_command(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["validate-auction", "--variant", "two-handed", "--dealer", "S", "--calls", "P"])
    assert r.exit_code == 1 and "may not be a pass" in r.stdout
    r = runner.invoke(cli, ["validate-auction", "--variant", "two-handed", "--dealer", "W", "--calls", "1NT 3C P"])
    assert r.exit_code == 0 and r.stdout == "Auction: 3C by S\n"


BOARD = """- board: 1
  dealer: {dealer}
  deal:
    N: ..AKQJT98765432.
    E: ...AKQJT98765432
    S: AKQJT98765432...
    W: .AKQJT98765432..
  auction: {auction}
  variant: two-handed
  extra: {{open_dummy: N, dummy: {dummy}}}
  play_leader: {leader}
  play:
{rows}
"""


def _rows(first_cols: str) -> str:
    # columns from the leader: suits in the seat order of the columns
    return "\n".join(f"  - [{', '.join(s + r for s in first_cols)}]" for r in RANKS)


# "Do pierwszej lewy wychodzi zawsze przeciwnik wygrywającego licytację. ... (karty grającego
#  dziadka na przeciw rozgrywającego)"
def test_full_deal_with_the_open_dummy(runner: CliRunner, tmp_path) -> None:
    # S declares 1S with the open dummy (N); W leads; columns W N E S: hearts, diamonds, clubs, spades
    f = tmp_path / "th.yaml"
    f.write_text(BOARD.format(dealer="S", auction="[1S, Pass]", dummy="open", leader="W", rows=_rows("HDCS")))
    r = runner.invoke(cli, ["play", "--variant", "two-handed", str(f), "--json"])
    assert r.exit_code == 0, r.stderr
    obj = json.loads(r.stdout)
    assert obj["declarer_tricks"] == 13 and obj["result"] == 13 and obj["over_under"] == 6
    assert obj["seating"] == {"S": "declarer", "W": "defender", "N": "open dummy", "E": "closed dummy"}
    assert obj["played_tricks"][0]["leader"] == "W" and obj["played_tricks"][1]["leader"] == "S"
    # rubber values: 30 below, six overtricks at 30 above (honours are not scored here)
    assert obj["below"] == 30 and obj["above"] == 180
    # S holds the five spade honours: 150 above (rubber honours)
    assert obj["honours"] == {"S": 150}


def test_the_chosen_dummy_moves_opposite_declarer(runner: CliRunner, tmp_path) -> None:
    # W declares 1H (dealer W) with the open dummy: the diamonds (dealt North) move opposite W
    # and the closed dummy (clubs) goes North, opposite the defender S, who leads
    board = BOARD.format(dealer="W", auction="[1H, Pass]", dummy="open", leader="S", rows=_rows("SHCD"))
    f = tmp_path / "th.yaml"
    f.write_text(board)
    b = read_boards(board, "yaml")[0]
    table = TWO.table(b, TWO.contract(b))
    assert table.deal[Seat.EAST] == b.deal[Seat.NORTH] and table.deal[Seat.NORTH] == b.deal[Seat.EAST]
    assert table.seating["E"] == "open dummy" and table.seating["N"] == "closed dummy"
    r = runner.invoke(cli, ["play", "--variant", "two-handed", str(f), "--json"])
    assert r.exit_code == 0, r.stderr
    obj = json.loads(r.stdout)
    assert obj["declarer"] == "W" and obj["declarer_tricks"] == 13
    # with the closed dummy W keeps the packets where they were dealt
    b2 = read_boards(board.replace("dummy: open", "dummy: closed"), "yaml")[0]
    assert TWO.table(b2, TWO.contract(b2)).deal == b2.deal


def test_missing_dummy_choice_is_an_error(runner: CliRunner, tmp_path) -> None:
    board = BOARD.format(dealer="S", auction="[1S, Pass]", dummy="open", leader="W", rows=_rows("HDCS"))
    b = read_boards(board.replace(", dummy: open", ""), "yaml")[0]
    with pytest.raises(RuleError, match="no dummy chosen"):
        TWO.table(b, TWO.contract(b))


def test_opening_lead_by_declarer_side_is_illegal(runner: CliRunner, tmp_path) -> None:
    f = tmp_path / "th.yaml"
    f.write_text(BOARD.format(dealer="S", auction="[1S, Pass]", dummy="open", leader="N", rows=_rows("DCSH")))
    r = runner.invoke(cli, ["play", "--variant", "two-handed", str(f), "--json"])
    assert r.exit_code == 1 and json.loads(r.stdout)["error"]["reason"] == "out-of-turn"


@pytest.mark.parametrize("words, expected", [
    (["4S", "10"], "below 120, above 0"),
    (["3NT", "10"], "below 100, above 30"),
    (["6H", "12"], "below 180, above 500"),
    (["4SX", "8"], "below 0, above -300"),
])
def test_score_is_rubber_bridge(runner: CliRunner, words: list[str], expected: str) -> None:
    r = runner.invoke(cli, ["score", "--variant", "two-handed", *words])
    assert r.exit_code == 0 and r.stdout == expected + "\n"


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_pbn_and_lin_refuse_variant_boards(fmt: str) -> None:
    from bridgecli.core.errors import ParseError
    from bridgecli.formats import write_boards

    b = TWO.deal_board(random.Random(1), 1)
    with pytest.raises(ParseError, match="cannot hold a two-handed board"):
        write_boards([b], fmt)


def test_yaml_and_json_round_trip_variant_boards() -> None:
    from bridgecli.formats import write_boards

    for name in ("booby", "chinese", "nullo", "szlem", "two-handed"):
        b = find_variant(name).deal_board(random.Random(2), 3)
        for fmt in ("yaml", "json"):
            assert read_boards(write_boards([b], fmt), fmt) == [b]


def test_a_board_of_another_game_is_refused(runner: CliRunner) -> None:
    from ..conftest import ROOT

    booby = str(ROOT / "docs" / "examples" / "variants" / "booby.yaml")
    for command in (["play", "--variant", "nullo", booby], ["show", "--variant", "two-handed", booby],
                    ["validate-auction", "--variant", "szlem", booby]):
        r = runner.invoke(cli, command)
        assert r.exit_code == 2 and "is a booby board" in r.stderr, command
