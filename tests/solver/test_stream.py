"""``bc.solve_boards``: a stream of boards solved lazily, in input order, with the answers the
rules give (a deal of four solid suits) and the ones DDS's own test data gives."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import bridgecli as bc
from bridgecli.solver import dds, stream
from tests.solver.ddsdata import cases

pytestmark = pytest.mark.skipif(not dds.available(), reason="the DDS solver (endplay) is not installed")

# each hand one whole suit: North spades, East hearts, South diamonds, West clubs
SOLID = bc.Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
SUIT_OF = {bc.Seat.NORTH: bc.Strain.SPADES, bc.Seat.EAST: bc.Strain.HEARTS, bc.Seat.SOUTH: bc.Strain.DIAMONDS,
           bc.Seat.WEST: bc.Strain.CLUBS}


def solid_tricks(declarer: bc.Seat, strain: bc.Strain) -> int:
    """Declarer's tricks with four solid suits: the lead (declarer's LHO) is won by its holder
    unless declarer's side holds the trump suit and ruffs, then draws trumps."""
    if strain == bc.Strain.NOTRUMP:
        return 0  # the opening leader runs the suit
    return 13 if SUIT_OF[declarer] == strain or SUIT_OF[declarer.partner] == strain else 0


def board(number: int, deal: bc.Deal = SOLID) -> bc.Board:
    return bc.Board(number=number, dealer=bc.Seat.NORTH, vulnerability=bc.Vulnerability.NONE, deal=deal)


def test_tables_and_par_of_four_solid_suits() -> None:
    (a,) = bc.solve_boards([board(1)], jobs=1)
    assert isinstance(a, bc.BoardAnalysis) and a.board.number == 1
    for seat in bc.Seat:
        for strain in (bc.Strain.CLUBS, bc.Strain.DIAMONDS, bc.Strain.HEARTS, bc.Strain.SPADES, bc.Strain.NOTRUMP):
            assert a.table[seat, strain] == solid_tricks(seat, strain), (seat, strain)
    # N-S make 7S (or 7D); E-W can outbid 7S only with 7NT, down 13: par is 7S, 210 + 300 + 1000
    assert a.par is not None and a.par.score == 1510
    assert sorted(a.par.labels()) == ["7SN", "7SS"]


def test_the_par_of_dds_test_data() -> None:
    case = cases()[0]  # dealer N, EW vulnerable: par EW 620 in 4S by East
    b = bc.Board(number=7, dealer=bc.Seat.NORTH, vulnerability=bc.Vulnerability.from_str("EW"), deal=case.deal)
    (a,) = bc.solve_boards(iter([b]))
    assert a.par is not None and a.par.score == -620
    assert a.table.as_dict() == bc.solve(b).table.as_dict()


def test_boards_are_pulled_lazily_and_come_out_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stream, "BATCH", 2)
    pulled: list[int] = []

    def source() -> Iterator[bc.Board]:
        for n in range(1, 6):
            pulled.append(n)
            yield board(n)

    results = bc.solve_boards(source(), jobs=1)
    first = next(results)
    assert first.board.number == 1 and pulled == [1, 2]  # one batch read, not the whole input
    assert [a.board.number for a in results] == [2, 3, 4, 5]


def test_an_unsolvable_board_raises_a_located_rule_error() -> None:
    ending = bc.Deal.from_pbn("N:AQ... JT... 43... -")  # West's hand unknown
    results = bc.solve_boards([board(1), board(2, ending)], jobs=1)
    assert next(results).board.number == 1
    with pytest.raises(bc.RuleError) as info:
        next(results)
    assert info.value.board == "2"


def test_leads_against_the_par_contract() -> None:
    (a,) = bc.solve_boards([board(3)], jobs=1, leads=True)
    # against 7S by N East leads, against 7S by S West leads: every lead gives the defence nothing
    assert {(la.contract, la.declarer) for la in a.leads} == {("7S", bc.Seat.NORTH), ("7S", bc.Seat.SOUTH)}
    for la in a.leads:
        assert la.leads and all(tricks == 0 for _card, tricks in la.leads)
        assert {card.suit for card, _ in la.leads} == {SUIT_OF[la.leader].suit}


def test_annotated_board_and_text() -> None:
    (a,) = bc.solve_boards([board(4)], jobs=1)
    tagged = a.annotated()
    # PBN DoubleDummyTricks: declarers N S E W, strains NT S H D C, base-14 digits (13 = "d");
    # N-S take all 13 in spades and diamonds, E-W in hearts and clubs, nobody any in notrump
    assert tagged.tags["DoubleDummyTricks"] == "0d0d0" "0d0d0" "00d0d" "00d0d"
    assert tagged.tags["OptimumScore"] == "NS 1510"
    text = bc.render_analysis(a)
    assert text.splitlines()[0] == "Board 4  Dealer N  Vul None"
    assert text.splitlines()[-1] == "Par: NS 1510 (7S= NS)"


def test_jobs_never_exceed_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    from bridgecli.solver.analysis import analyse_stream as real

    def spy(items: object, **kw: object) -> object:
        seen.append(int(kw["jobs"]))  # type: ignore[call-overload]
        return real(items, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(stream, "analyse_stream", spy)
    list(bc.solve_boards([board(5)], jobs=10_000))
    assert seen == [stream.usable_cores()]
