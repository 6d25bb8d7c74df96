"""One deal a line (``deal --format text``, GIB, dealer's printoneline) read by content (issue #28 item 3)."""

from __future__ import annotations

import pytest

from bridgecli import formats
from bridgecli.core import Seat
from bridgecli.core.cards import Vulnerability
from bridgecli.core.deal import Deal
from bridgecli.core.errors import ParseError
from bridgecli.formats import oneline

D1 = "N:T3.T965.8.AKQJ98 J7.K8742.654.752 62.AQJ3.AKT73.43 AKQ9854..QJ92.T6"
D2 = "N:6.K.AJT42.KT8643 Q975.873.K765.QJ AKJT82.J42.83.52 43.AQT965.Q9.A97"


def test_lines_are_boards_numbered_in_order_with_dealer_and_vulnerability_of_the_number() -> None:
    boards = oneline.loads(f"{D1}\n\n# a comment\n{D2}\n")
    assert [b.number for b in boards] == [1, 2]
    assert boards[0].deal == Deal.from_pbn(D1)
    # board 2: East deals, N-S vulnerable (the board-number cycle)
    assert (boards[1].dealer, boards[1].vulnerability) == (Seat.EAST, Vulnerability.NS)


@pytest.mark.parametrize("prefix", ["7 ", "7: ", "7. ", "Board 7: "])
def test_a_line_may_give_its_board_number_and_the_next_lines_count_on(prefix: str) -> None:
    boards = oneline.loads(f"{prefix}{D1}\n{D2}\n")
    assert [b.number for b in boards] == [7, 8]
    assert boards[0].dealer == Seat.SOUTH  # board 7: South deals


def test_other_first_seat_and_dealer_printoneline_form() -> None:
    east_first = "E:" + " ".join(D1[2:].split()[1:] + D1[2:].split()[:1])
    dealer_form = "n {} e {} s {} w {}".format(*D1[2:].split())
    assert oneline.loads(east_first)[0].deal == Deal.from_pbn(D1)
    assert oneline.loads(dealer_form)[0].deal == Deal.from_pbn(D1)


def test_sniffed_by_the_first_line_only_when_it_is_a_deal() -> None:
    assert formats.sniff(f"\n{D1}\n") == "text"
    assert formats.sniff(f"12 {D1}\n") == "text"
    assert formats.sniff("N: not a deal\n") != "text"
    assert formats.sniff(f'[Deal "{D1}"]\n') == "pbn"


def test_a_bad_line_is_its_error_at_its_line_and_reading_goes_on() -> None:
    recs = list(oneline.iter_records(f"{D1}\nN:AKQ\n{D2}\n", source="x"))
    assert isinstance(recs[1], ParseError) and recs[1].line == 2 and recs[1].source == "x"
    assert [getattr(r, "number", None) for r in recs] == [1, None, 3]


def test_written_as_deal_writes_it() -> None:
    assert oneline.dumps(oneline.loads(f"{D1}\n{D2}\n")) == f"{D1}\n{D2}\n"


def test_the_example_of_formats_md_reads() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "FORMATS.md").read_text(encoding="utf-8")
    block = doc.split("**One deal a line**")[1].split("```text\n")[1].split("```")[0]
    boards = oneline.loads(block)
    assert [b.number for b in boards] == [1, 7, 8]
    assert boards[0].deal == boards[2].deal == Deal.from_pbn(D1)


@pytest.mark.parametrize(("seat", "ranks"), [("N", {"Q": "D", "J": "W", "T": "10"}),
                                             ("É", {"Q": "D", "J": "B", "T": "10"})])
def test_lines_deal_writes_in_polish_and_hungarian_read_as_the_same_deal(seat: str, ranks: dict[str, str]) -> None:
    # deal --lang pl|hu --format text: queen D, jack W (Polish) or B (Hungarian), ten 10; North is É
    text = seat + ":" + "".join(ranks.get(ch, ch) for ch in D1[2:])
    assert formats.sniff(text + "\n") == "text"
    assert oneline.loads(text)[0].deal == Deal.from_pbn(D1)
