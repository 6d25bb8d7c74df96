"""The player-by-player rubber sheet of the variants (Szlem's scale, Booby's defenders)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.core.cards import Seat
from bridgecli.core.contract import Contract
from bridgecli.variants import find_variant
from bridgecli.variants.rubber import BRIDGE_SCALE, SZLEM_SCALE, DealPlayed, RubberSheet, keep_rubbers
from bridgecli.variants.szlem import SzlemContract, breakdown

from ..conftest import ROOT

N, E, S = Seat.NORTH, Seat.EAST, Seat.SOUTH


def szlem(text: str, tricks: int, honours: dict[Seat, int] | None = None) -> DealPlayed:
    c = SzlemContract.from_str(text)
    assert c.declarer is not None
    return DealPlayed(c.declarer, lambda vul: breakdown(c, tricks, vul), (c.declarer.partner,), honours or {})


# "Partia składa się z 20 punktów; rober - z dwóch partii." "Premia za robra po dwóch partiach - 150pkt"
def test_szlem_rubber_two_nil() -> None:
    sheets = keep_rubbers((N, S), SZLEM_SCALE, [
        szlem("24DXN", 9, {N: 15}),   # 48 below: a game; 25 + 100 above; 15 honours
        szlem("20HS", 7),             # S fails by 4 not vulnerable: N writes 12 above
        szlem("10NTN", 6),            # 10 below, no game yet
        szlem("12SN", 7),             # 12 below: 22 in this game, the second game
    ])
    assert len(sheets) == 1
    sheet = sheets[0]
    assert sheet.winner == N and sheet.columns[N].games == 2 and sheet.columns[S].games == 0
    assert sheet.columns[N].below == 70 and sheet.columns[N].above == 125 + 15 + 12 + 150
    assert sheet.totals() == {N: 372, S: 0}
    assert [ln.vulnerable for ln in sheet.lines] == [False, False, True, True]


def test_szlem_rubber_two_one_and_a_new_rubber() -> None:
    sheets = keep_rubbers((N, S), SZLEM_SCALE, [
        szlem("20SN", 8),   # N game (24 scored, 20 written)
        szlem("20SS", 8),   # S game
        szlem("30CS", 10),  # S second game: grand slam, vulnerable 300, rubber 2-1: 100
        szlem("6CN", 6),    # a new rubber
    ])
    assert len(sheets) == 2
    first = sheets[0]
    assert first.winner == S and first.columns[S].above == 300 + 100
    assert sheets[1].winner is None and sheets[1].columns[N].below == 6
    # "po partii - 5 razy ilość punktów niedogranych": S is vulnerable in the first rubber only
    assert first.lines[2].vulnerable is True and sheets[1].lines[0].vulnerable is False


# Booby: "Każdy z graczy gra na własny rachunek" -- each defender writes the penalty.
def test_booby_defenders_each_write_the_penalty() -> None:
    booby = find_variant("booby")
    c = Contract.from_str("1NL by N")
    sheet = RubberSheet((N, E, S), BRIDGE_SCALE)
    sheet.add(DealPlayed(N, lambda vul: booby.breakdown(c, 8, vul), (E, S)))  # two over the limit of 6
    assert sheet.totals() == {N: 0, E: 100, S: 100}
    c4 = Contract.from_str("4NL by E")
    sheet.add(DealPlayed(E, lambda vul: booby.breakdown(c4, 3, vul), (N, S)))
    assert sheet.columns[E].games == 1 and sheet.columns[E].below == 120


def test_a_finished_rubber_takes_no_more_deals() -> None:
    sheet = RubberSheet((N, S), SZLEM_SCALE)
    sheet.add(szlem("20SN", 8))
    sheet.add(szlem("20SN", 8))
    with pytest.raises(ValueError):
        sheet.add(szlem("20SN", 8))


def test_score_file_command(runner: CliRunner) -> None:
    path = str(ROOT / "docs" / "examples" / "variants" / "szlem.yaml")
    r = runner.invoke(cli, ["score", "--variant", "szlem", path])
    assert r.exit_code == 0
    assert r.stdout.splitlines() == ["Rubber 1: not finished",
                                     "  Board 2: declarer S: S 48 below, 125 above; game S",
                                     "  totals: N 0, S 188"]
    r = runner.invoke(cli, ["score", "--variant", "szlem", path, "--json"])
    obj = json.loads(r.stdout)
    assert obj["players"]["S"] == {"below": 48, "above": 140, "games": 1, "total": 188}
