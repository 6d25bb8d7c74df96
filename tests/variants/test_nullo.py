"""Two-handed Nullo: dealing, exchanges, the ladder with nullo between diamonds and hearts,
two-card tricks, nullo scoring. Polish lines quoted from seeds/000_5880f5de8f0d9f9d.txt."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.core.auction import check_calls
from bridgecli.core.calls import parse_call
from bridgecli.core.cards import Card, Seat, Strain
from bridgecli.core.contract import Contract
from bridgecli.core.errors import RuleError
from bridgecli.formats import read_boards
from bridgecli.variants import find_variant

NULLO = find_variant("nullo")
RANKS = "23456789TJQKA"


def calls(text: str) -> list:
    return [parse_call(t) for t in text.split()]


# "Każdy z graczy otrzymuje po 13 kart, reszta (26 kart) pozostaje zakryta w talonie."
def test_deal_gives_13_each_and_a_26_card_talon() -> None:
    for n in (1, 2):
        b = NULLO.deal_board(random.Random(n), n)
        assert b.deal is not None
        north, south = b.deal[Seat.NORTH], b.deal[Seat.SOUTH]
        assert north is not None and south is not None and len(north) == 13 and len(south) == 13
        assert b.deal[Seat.EAST] is None and b.deal[Seat.WEST] is None
        talon = NULLO.talon(b)
        assert len(talon) == 26 and len(set(talon) | set(north) | set(south)) == 52
    # "Gracze rozdają karty w kolejnych rozgrywkach na zmianę."
    assert NULLO.dealer(1) == Seat.NORTH and NULLO.dealer(2) == Seat.SOUTH


def _board_text(exchanges: str) -> str:
    return f"""- board: 1
  dealer: N
  deal:
    N: AKQJT98765432...
    S: .AKQJT98765432..
  variant: nullo
  extra:
    talon: {' '.join('D' + r for r in RANKS)} {' '.join('C' + r for r in RANKS)}
    exchanges: {exchanges}
"""


# "Po rozdaniu kart przeciwnik rozdającego ma prawo wymienić dowolną ilość kart ...
#  Po wymianie kart przez przeciwnika wymienia karty rozdający."
def test_exchanges_draw_from_the_talon_top_opponent_first() -> None:
    b = read_boards(_board_text("[{seat: S, discard: H2 H3}, {seat: N, discard: S2}]"), "yaml")[0]
    hands = NULLO.hands_in_play(b)
    assert Card.from_str("D2") in hands[Seat.SOUTH] and Card.from_str("D3") in hands[Seat.SOUTH]
    assert Card.from_str("H2") not in hands[Seat.SOUTH]
    assert Card.from_str("D4") in hands[Seat.NORTH] and Card.from_str("S2") not in hands[Seat.NORTH]


@pytest.mark.parametrize("exchanges, message", [
    ("[{seat: N, discard: S2}]", "opponent"),                       # dealer may not go first
    ("[{seat: S, discard: S2}]", "does not hold"),                  # S has no spades
    ("[{seat: S, discard: H2}, {seat: N, discard: S2}, {seat: S, discard: H3}]", "at most two"),
])
def test_bad_exchanges_are_rule_errors(exchanges: str, message: str) -> None:
    b = read_boards(_board_text(exchanges), "yaml")[0]
    with pytest.raises(RuleError, match=message):
        NULLO.hands_in_play(b)


# "Zapowiedź w nullo jest starsza od zapowiedzi karowej, lecz młodsza ... od zapowiedzi kierowej."
def test_nullo_ranks_between_diamonds_and_hearts() -> None:
    assert check_calls(Seat.NORTH, calls("1D 1NL P"), NULLO.auction).contract == Contract(
        1, Strain.NULLO, declarer=Seat.SOUTH)
    assert check_calls(Seat.NORTH, calls("1NL 1H P"), NULLO.auction).legal
    bad = check_calls(Seat.NORTH, calls("1H 1NL"), NULLO.auction)
    assert bad.reason == "insufficient" and bad.index == 1


# "Jeśli w licytacji obydwaj gracze spasują, rozdanie jest nieważne"
def test_two_passes_void_the_deal_and_one_pass_closes() -> None:
    assert check_calls(Seat.NORTH, calls("P P"), NULLO.auction).auction.is_passed_out
    assert not check_calls(Seat.NORTH, calls("P"), NULLO.auction).complete
    closed = check_calls(Seat.SOUTH, calls("2NL X P"), NULLO.auction)
    assert closed.complete and str(closed.contract) == "2NLX"
    assert check_calls(Seat.NORTH, calls("1S P P"), NULLO.auction).reason == "after-close"


def test_validate_auction_command(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["validate-auction", "--variant", "nullo", "--dealer", "N", "--calls", "1D 1NL P"])
    assert r.exit_code == 0 and r.stdout == "Auction: 1NL by S\n"
    r = runner.invoke(cli, ["validate-auction", "--variant", "nullo", "--dealer", "N", "--calls", "1H 1NL"])
    assert r.exit_code == 1 and "insufficient" in r.stdout
    r = runner.invoke(cli, ["validate-auction", "--variant", "nullo", "--dealer", "E", "--calls", "1H"])
    assert r.exit_code == 2


PLAYED = """- board: 1
  dealer: N
  deal:
    N: AKQJT98765432...
    S: .AKQJT98765432..
  auction: [7NL, Pass]
  variant: nullo
  extra:
    talon: {talon}
    exchanges: [{{seat: S, discard: H2 H3}}, {{seat: N, discard: S2}}]
  play_leader: S
  play:
{rows}
"""


def _played() -> str:
    talon = " ".join("D" + r for r in RANKS) + " " + " ".join("C" + r for r in RANKS)
    # after the exchanges: N holds S3..SA D4, S holds H4..HA D2 D3
    rows = []
    north = ["D4"] + ["S" + r for r in RANKS[1:11]]  # D4 first, then S3..SQ
    for k, r in enumerate(RANKS[2:]):  # S leads H4..HA; N discards
        rows.append(f"  - [H{r}, '-', {north[k]}, '-']")
    rows.append("  - [D2, '-', SK, '-']")
    rows.append("  - [D3, '-', SA, '-']")
    return PLAYED.format(talon=talon, rows="\n".join(rows))


# "Wszystkie lewy są dwukartowe"; "wychodzi przeciwnik rozgrywającego"; seven nullo: no trick.
def test_full_played_deal_seven_nullo_made(runner: CliRunner, tmp_path) -> None:
    f = tmp_path / "nullo.yaml"
    f.write_text(_played())
    r = runner.invoke(cli, ["play", "--variant", "nullo", str(f), "--json"])
    assert r.exit_code == 0, r.stderr
    obj = json.loads(r.stdout)
    assert obj["contract"] == "7NL" and obj["declarer"] == "N" and obj["declarer_tricks"] == 0
    assert obj["made"] is True and len(obj["played_tricks"]) == 13
    assert all(len(t["cards"]) == 2 and t["winner"] == "S" for t in obj["played_tricks"])
    # 7 x 30 below the line, grand slam 1000 not vulnerable
    assert obj["below"] == 210 and obj["above"] == 1000
    r = runner.invoke(cli, ["play", "--variant", "nullo", str(f)])
    assert r.stdout == "Board 1: 7NL by N, 0 tricks, made (+0), below the line 210, above 1000\n"


def test_a_card_discarded_in_the_exchange_cannot_be_played(runner: CliRunner, tmp_path) -> None:
    text = _played().replace("- [H4, '-', D4, '-']", "- [H4, '-', S2, '-']")
    f = tmp_path / "bad.yaml"
    f.write_text(text)
    r = runner.invoke(cli, ["play", "--variant", "nullo", str(f), "--json"])
    assert r.exit_code == 1
    err = json.loads(r.stdout)["error"]
    assert err["reason"] == "not-held" and err["trick"] == 1 and err["seat"] == "N"


def test_revoke_in_a_two_card_trick(runner: CliRunner, tmp_path) -> None:
    # N keeps D4 (discarding S3..SK on the hearts), then plays SA on the D2 lead
    talon = " ".join("D" + r for r in RANKS) + " " + " ".join("C" + r for r in RANKS)
    rows = [f"  - [H{r}, '-', S{s}, '-']" for r, s in zip(RANKS[2:], RANKS[1:12])]
    rows.append("  - [D2, '-', SA, '-']")
    f = tmp_path / "revoke.yaml"
    f.write_text(PLAYED.format(talon=talon, rows="\n".join(rows)))
    r = runner.invoke(cli, ["play", "--variant", "nullo", str(f), "--json"])
    assert r.exit_code == 1
    err = json.loads(r.stdout)["error"]
    assert err["reason"] == "revoke" and err["trick"] == 12 and err["card"] == "SA"


# "Za jedno nullo w zapisie liczy się trzydzieści punktów pod kreską."
@pytest.mark.parametrize("words, expected", [
    (["1NL", "6"], "below 30, above 0"),
    (["4NL", "3"], "below 120, above 0"),
    (["4NL", "1"], "below 120, above 60"),     # two tricks under the limit: overtricks at 30
    (["4NL", "5"], "below 0, above -100"),     # two tricks over the limit: down two, 50 each
    (["6NL", "1"], "below 180, above 500"),    # small slam in nullo
    (["2NLX", "5"], "below 120, above 50"),    # doubled: trick score doubled, insult 50
    (["3NT", "9"], "below 100, above 0"),      # the other bids score as in rubber bridge
])
def test_score(runner: CliRunner, words: list[str], expected: str) -> None:
    r = runner.invoke(cli, ["score", "--variant", "nullo", *words])
    assert r.exit_code == 0, r.stderr
    assert r.stdout == expected + "\n"


def test_score_vulnerable_and_json(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["score", "--variant", "nullo", "3NL", "6", "--vul", "yes", "--json"])
    obj = json.loads(r.stdout)
    assert obj["made"] is False and obj["undertricks"] == -200 and obj["below"] == 0


def test_deal_command_is_reproducible_and_refuses_pbn(runner: CliRunner) -> None:
    a = runner.invoke(cli, ["deal", "--variant", "nullo", "-n", "2", "--seed", "7"])
    b = runner.invoke(cli, ["deal", "--variant", "nullo", "-n", "2", "--seed", "7"])
    assert a.exit_code == 0 and a.stdout == b.stdout and "seed=7" in a.stdout
    boards = read_boards(a.stdout, "yaml")
    assert [x.dealer for x in boards] == [Seat.NORTH, Seat.SOUTH]
    for x in boards:
        NULLO.check_board(x)
    r = runner.invoke(cli, ["deal", "--variant", "nullo", "--format", "pbn"])
    assert r.exit_code == 2 and "yaml or json" in r.stderr
