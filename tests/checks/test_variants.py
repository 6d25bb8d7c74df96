"""The variants board by board from Python (bridgecli.checks.variants), checked against the
rules of docs/VARIANTS.md: a fresh deal is complete and unique, a finished play is legal."""

from __future__ import annotations

import pytest

import bridgecli as bc
from bridgecli.core.errors import BridgeError, ParseError


def test_variant_deals_are_numbered_seeded_and_tagged():
    first = list(bc.variant_deals("booby", 3, seed=7, start=5, generator="test"))
    again = list(bc.variant_deals("booby", 3, seed=7, start=5, generator="test"))
    assert [b.number for b in first] == [5, 6, 7]
    assert first == again
    assert all(b.tags == {"Generator": "test"} for b in first)
    assert list(bc.variant_deals("booby", 3, seed=8, start=5)) != first


def test_an_unknown_variant_is_a_parse_error():
    with pytest.raises(ParseError):
        list(bc.variant_deals("no-such-game", 1, seed=1))


def test_point_verdicts_need_a_point_auction():
    with pytest.raises(ParseError, match="ladder"):
        list(bc.point_auction_verdicts("booby", []))


def test_check_variant_play_passes_errors_and_boards_without_play():
    boards = list(bc.variant_deals("booby", 2, seed=3))
    err = ParseError("x.pbn:1: bad record")
    items = list(bc.check_variant_play("booby", [err, *boards]))
    assert items[0].board is None and items[0].error is err and not items[0].ok
    assert [i.board.number for i in items[1:]] == [1, 2]
    assert not any(i.has_play for i in items[1:])
    only = list(bc.check_variant_play("booby", boards, numbers={2}))
    assert [i.board.number for i in only] == [2]


def test_a_board_of_another_game_is_an_error():
    board = next(bc.variant_deals("booby", 1, seed=3)).replace(variant="nullo")
    from bridgecli.checks.variants import with_dealers

    (out,) = with_dealers("booby", [board])
    assert isinstance(out, BridgeError) and "nullo" in str(out)


EXAMPLES = __import__("pathlib").Path(__file__).resolve().parents[2] / "docs" / "examples" / "variants"


@pytest.mark.parametrize("name, contract, tricks, below", [
    ("booby", "4NL", 3, 4 * 30),    # 4 nullo: at most 7 - 4 = 3 tricks, 30 a level below the line
    ("nullo", "7NL", 0, 7 * 30),    # 7 nullo: no trick at all
])
def test_a_finished_nullo_play_is_legal_and_scores_its_levels(name, contract, tricks, below):
    (item,) = bc.check_variant_play(name, bc.read(EXAMPLES / f"{name}.yaml"))
    assert item.ok and item.has_play
    out = item.outcome
    assert (out["contract"], out["declarer_tricks"], out["made"], out["below"]) == (contract, tricks, True, below)
