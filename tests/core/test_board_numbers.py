"""``bc.BoardNumbers``: the board ranges ``--board`` takes (``3``, ``1-4,7``)."""

from __future__ import annotations

import pytest

import bridgecli as bc
from tests.conftest import SAMPLES


@pytest.mark.parametrize("specs,inside,outside", [
    ("3", [3], [2, 4]),
    ("1-4,7", [1, 2, 3, 4, 7], [0, 5, 6, 8]),
    (["1-2", "9"], [1, 2, 9], [3, 8, 10]),
    ("1-1000000000", [1, 999_999_999, 1_000_000_000], [1_000_000_001]),
    (" 5 - 6 ", [5, 6], [4, 7]),
])
def test_membership(specs: str | list[str], inside: list[int], outside: list[int]) -> None:
    wanted = bc.BoardNumbers.parse(specs)
    assert all(n in wanted for n in inside)
    assert not any(n in wanted for n in outside)
    assert "3" not in wanted and None not in wanted  # only integers are board numbers


def test_text_round_trip_and_single() -> None:
    wanted = bc.BoardNumbers.parse("1-4,7")
    assert str(wanted) == "1-4,7" and repr(wanted) == "BoardNumbers.parse('1-4,7')"
    assert bc.BoardNumbers.parse("12").single() == 12
    assert bc.BoardNumbers.parse([]).single() is None and not bc.BoardNumbers.parse([])
    with pytest.raises(bc.ParseError, match="one board number here, not '1-4,7'"):
        wanted.single()


@pytest.mark.parametrize("bad", ["", ",", "0", "4-2", "2-x", "x", "-3", "1-"])
def test_bad_ranges_are_parse_errors(bad: str) -> None:
    with pytest.raises(bc.ParseError, match="not a board number or range"):
        bc.BoardNumbers.parse(bad)


def test_choosing_boards_of_a_file() -> None:
    boards = [b for b in bc.read(SAMPLES / "valid" / "club_session.pbn") if b.number in bc.BoardNumbers.parse("2-3")]
    assert [b.number for b in boards] == [2, 3]
