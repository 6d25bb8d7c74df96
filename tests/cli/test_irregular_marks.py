"""PBN irregularity marks (PBN 3.9) as the commands report them (issue #15): a ^I bid
is an insufficient bid accepted (Law 27A1) and stands; a ^S holds a skipped turn."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bridgecli.cli import cli
from bridgecli.core.auction import check_calls
from bridgecli.core.calls import PASS, Bid
from bridgecli.core.cards import Seat, Strain
from bridgecli.core.contract import Contract

DEAL = "N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.AK .5432.JT98.QJT98"


def _pbn(tmp_path: Path, auction: str, dealer: str = "N", extra: str = "") -> Path:
    f = tmp_path / "irr.pbn"
    f.write_text(f'[Board "1"]\n[Dealer "{dealer}"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n{extra}'
                 f'[Auction "{dealer}"]\n{auction}\n')
    return f


# -- the engine: Law 27A1 ----------------------------------------------------------------


def test_an_accepted_insufficient_bid_stands_and_later_bids_supersede_it() -> None:
    calls = [Bid(1, Strain.SPADES), Bid(1, Strain.HEARTS), Bid(1, Strain.NOTRUMP), PASS, PASS, PASS]
    # 1S (N), 1H (E) insufficient: without acceptance the second call is illegal
    plain = check_calls(Seat.NORTH, calls)
    assert (plain.index, plain.reason) == (1, "insufficient")
    # accepted (Law 27A1): 1H is the last bid, so S's 1NT is sufficient; 1NT by S closes
    ok = check_calls(Seat.NORTH, calls, accepted=frozenset({1}))
    assert ok.legal and ok.complete
    assert ok.contract == Contract(1, Strain.NOTRUMP, declarer=Seat.SOUTH)


def test_acceptance_covers_only_the_marked_bid() -> None:
    calls = [Bid(1, Strain.SPADES), Bid(1, Strain.HEARTS), Bid(1, Strain.DIAMONDS)]
    check = check_calls(Seat.NORTH, calls, accepted=frozenset({1}))
    assert (check.index, check.reason) == (2, "insufficient")  # 1D does not supersede 1H


# -- validate-auction ----------------------------------------------------------------------


def test_validate_auction_reports_an_accepted_insufficient_bid_as_recorded(runner: Any, tmp_path: Path) -> None:
    f = _pbn(tmp_path, "1S ^I 1H 2S Pass\n4S Pass Pass Pass")
    res = runner.invoke(cli, ["validate-auction", str(f)])
    assert res.exit_code == 0, res.output
    # N opened 1S, so 4S is played by N (first of the side to name spades)
    assert res.stdout == ("Board 1: 4S by N, neither vulnerable; irregularity noted in the record: "
                          "call 2 (E) 1H, insufficient, accepted (Law 27A1)\n")
    res = runner.invoke(cli, ["validate-auction", "--json", str(f)])
    assert res.exit_code == 0
    out = json.loads(res.stdout)
    assert (out["legal"], out["complete"], out["contract"], out["declarer"], out["ok"]) == (True, True, "4S", "N", True)
    assert out["irregularities"] == [{"index": 1, "seat": "E", "mark": "^I", "call": "1H", "law": "27A1",
                                      "fits": True}]


def test_a_skipped_turn_is_noted(runner: Any, tmp_path: Path) -> None:
    # E deals 1H; S's turn is skipped (W bids 1S out of rotation); E's 2S: W named spades first
    f = _pbn(tmp_path, "1H ^S 1S Pass\n2S Pass Pass Pass", dealer="E")
    res = runner.invoke(cli, ["validate-auction", str(f)])
    assert res.exit_code == 0, res.output
    assert res.stdout == ("Board 1: 2S by W, neither vulnerable; irregularity noted in the record: "
                          "call 2 (S) skipped by a call out of rotation (Laws 29-32)\n")


def test_a_mark_on_a_sufficient_bid_contradicts_the_record(runner: Any, tmp_path: Path) -> None:
    f = _pbn(tmp_path, "1H ^I 1S Pass Pass\nPass")
    res = runner.invoke(cli, ["validate-auction", str(f)])
    assert res.exit_code == 1, res.output
    assert res.stdout == ("Board 1: 1S by E, neither vulnerable; irregularity noted in the record: "
                          "call 2 (E) 1S is marked ^I but is not insufficient\n")
    out = json.loads(runner.invoke(cli, ["validate-auction", "--json", str(f)]).stdout)
    assert out["irregularities"][0]["fits"] is False and out["ok"] is False


@pytest.mark.parametrize(
    ("auction", "words"),
    [
        # the accepted 1H stands; W's 1D after it is insufficient and not marked
        ("1S ^I 1H Pass 1D", "illegal call 4 (W) '1D': insufficient, 1H was the last bid (Law 27)"),
        ("1S ^I 1H X XX\nX", "illegal call 5 (N) 'X'"),
    ],
)
def test_other_faults_are_still_illegal(runner: Any, tmp_path: Path, auction: str, words: str) -> None:
    res = runner.invoke(cli, ["validate-auction", str(_pbn(tmp_path, auction))])
    assert res.exit_code == 1, res.output
    assert words in res.stdout, res.stdout
    assert "irregularity noted in the record: call 2 (E) 1H, insufficient, accepted (Law 27A1)" in res.stdout


def test_the_mark_is_said_in_polish(runner: Any, tmp_path: Path) -> None:
    f = _pbn(tmp_path, "1S ^I 1H 2S Pass\n4S Pass Pass Pass")
    res = runner.invoke(cli, ["--lang", "pl", "validate-auction", str(f)])
    assert res.exit_code == 0
    assert "odzywka 2 (E) 1♥ niewystarczająca, przyjęta (prawo 27A1)" in res.stdout


# -- show: text and HTML show the same marks ------------------------------------------------

MARKED = (f'[Board "3"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "2S"]\n'
          '[Auction "N"]\n1S Pass 2S ^S\nPass Pass\n'
          '[Play "W"]\nC8 C2 C5 CA\nD8 ^R H8 D2 DA\nH2 ^L H9 HA H6\n*\n')


def _cells(html: str) -> list[str]:
    import re

    table = re.search(r'<table class="auction">.*?</table>', html, re.DOTALL)
    assert table is not None
    return [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td>(.*?)</td>", table.group())]


def test_a_skipped_turn_among_the_closing_passes_is_not_all_pass(runner: Any, tmp_path: Path) -> None:
    f = tmp_path / "m.pbn"
    f.write_text(MARKED)
    # N 1S, E Pass, S 2S, then W's turn skipped (^S) and the two passes that close
    text = runner.invoke(cli, ["show", str(f)])
    assert text.exit_code == 0, text.output
    assert "All Pass" not in text.stdout
    grid = [line.split() for line in text.stdout.splitlines()]
    assert ["1♠", "Pass", "2♠"] in grid and ["^S", "Pass", "Pass"] in grid
    html = runner.invoke(cli, ["show", "--html", str(f)])
    assert html.exit_code == 0, html.output
    assert _cells(html.stdout) == ["", "1♠", "Pass", "2♠", "^S", "Pass", "Pass", ""]


def test_the_html_hand_record_lists_the_marked_cards(runner: Any, tmp_path: Path) -> None:
    import re

    f = tmp_path / "m.pbn"
    f.write_text(MARKED)
    html = runner.invoke(cli, ["show", "--html", str(f)]).stdout
    # columns W N E S: trick 2, S leads the DA and N (holding diamonds) plays the H8, a
    # revoke; trick 3, N leads the H9 out of turn (S won trick 2)
    line = re.search(r'<p class="irregular">(.*?)</p>', html)
    assert line is not None
    assert re.sub(r"<[^>]+>", "", line.group(1)) == "Marked in the play: trick 2 N ^R ♥8, trick 3 N ^L ♥9"
    text = runner.invoke(cli, ["show", str(f)]).stdout
    assert "^R ♥8" in text and "^L ♥9" in text  # the text renderer's play table shows the same


def test_no_line_without_marks(runner: Any, tmp_path: Path) -> None:
    f = tmp_path / "plain.pbn"
    f.write_text(MARKED.replace("^R ", "").replace("^L ", "").replace("^S", "Pass"))
    html = runner.invoke(cli, ["show", "--html", str(f)]).stdout
    assert 'class="irregular"' not in html
    assert _cells(html) == ["", "1♠", "Pass", "2♠", "All Pass", "", "", ""]
