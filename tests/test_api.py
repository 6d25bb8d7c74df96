"""The Python API (``import bridgecli as bc``): known answers from the Laws, and the
same boards and deals as the commands it mirrors."""

from __future__ import annotations

import io
import re

import pytest
from click.testing import CliRunner

import bridgecli as bc
from bridgecli.cli import cli

from .conftest import ROOT

VALID = ROOT / "sample_deals" / "valid"


# -- score, breakdown, imps (Law 77 and the WBF IMP scale) -------------------------------


@pytest.mark.parametrize("result,vul,declarer,expected", [
    ("3NT=", "none", None, 400),        # 100 trick score + 300 game
    ("3NT=", "both", None, 600),        # + 500 game vulnerable
    ("4SX-1", "both", None, -200),      # doubled, vulnerable, down one
    ("4SX-1", "none", None, -100),
    ("4SX=", "both", None, 790),        # 240 + 500 game + 50 for the insult
    ("7NTXX=", "both", None, 2980),     # 880 + 500 + 1500 grand slam + 100
    ("1C+2", "none", None, 110),        # 20 a trick, 50 part score
    ("4S-1", "ns", "E", -50),           # E-W not vulnerable
    ("4S-1", "ew", "E", -100),
    ("4SE-1", "ew", None, -100),        # declarer in the contract
    ("4S 8", "none", None, -100),       # tricks taken instead of a result
    ("pass", "both", None, 0),
])
def test_score_known_answers(result: str, vul: str, declarer: str | None, expected: int) -> None:
    assert bc.score(result, vul=vul, declarer=declarer) == expected


def test_breakdown_parts_add_up() -> None:
    bd = bc.breakdown("4SX=", vul="both")
    assert (bd.trick_score, bd.game_bonus, bd.insult, bd.total) == (240, 500, 50, 790)
    assert bd.made


@pytest.mark.parametrize("bad", [
    {"result": "8H="}, {"result": "4S", "vul": "sometimes"}, {"result": "4SN-1", "declarer": "E"},
    {"result": "4S=", "scoring": "no-such-scheme"},
])
def test_score_raises_parse_error(bad: dict[str, str]) -> None:
    with pytest.raises(bc.ParseError):
        bc.score(**bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("diff,expected", [(0, 0), (10, 0), (20, 1), (50, 2), (720, 12), (750, 13), (-430, -10),
                                           (4000, 24), (5000, 24)])
def test_imps_on_the_wbf_scale(diff: int, expected: int) -> None:
    assert bc.imps(diff) == expected


# -- reading and writing boards -------------------------------------------------------


def test_read_a_path_a_text_and_a_file_alike() -> None:
    path = VALID / "club_session.pbn"
    text = path.read_text(encoding="utf-8")
    from_path = list(bc.read(path))
    assert from_path
    assert list(bc.read(str(path))) == from_path
    assert list(bc.read(text)) == from_path
    assert list(bc.read(io.StringIO(text))) == from_path
    assert bc.loads(text) == from_path


def test_every_format_reads_the_same_boards() -> None:
    deals = {fmt: [b.deal for b in bc.read(VALID / f"club_session.{fmt}")] for fmt in ("pbn", "yaml", "json", "lin")}
    assert deals["pbn"] == deals["yaml"] == deals["json"] == deals["lin"]


@pytest.mark.parametrize("fmt", ["pbn", "yaml", "json", "lin"])
def test_dumps_then_loads_round_trips(fmt: str) -> None:
    boards = bc.loads((VALID / "club_session.pbn").read_text(encoding="utf-8"))
    again = bc.loads(bc.dumps(boards, fmt), fmt)
    assert [b.deal for b in again] == [b.deal for b in boards]
    if fmt != "lin":  # LIN separates names with commas: 'Nowak, Anna' cannot come back as it was
        assert bc.dumps(again, fmt) == bc.dumps(boards, fmt)


def test_write_takes_the_format_from_the_extension(tmp_path) -> None:
    boards = list(bc.read(VALID / "club_session.pbn"))
    out = tmp_path / "club.yaml"
    bc.write(boards, out)
    assert out.read_text(encoding="utf-8") == bc.dumps(boards, "yaml")
    buf = io.StringIO()
    bc.write(boards, buf, "json")
    assert buf.getvalue() == bc.dumps(boards, "json")
    with pytest.raises(bc.ParseError):
        bc.write(boards, io.StringIO())  # no format given or implied
    with pytest.raises(bc.ParseError):
        bc.write(boards, tmp_path / "x.pbn", "docx")
    assert not (tmp_path / "x.pbn").exists()


def test_bad_input_raises_the_documented_errors() -> None:
    with pytest.raises(bc.ParseError):
        bc.loads('[Board "1"]\n[Deal "N:AKQ"]\n', "pbn")
    with pytest.raises(bc.BridgeError):
        list(bc.read(ROOT / "sample_deals" / "invalid" / "card_twice.lin"))
    with pytest.raises(FileNotFoundError):
        list(bc.read("no-such-file.pbn"))


# -- dealing: the same deals as the command for the same seed ------------------------


def _cli_deals(*args: str) -> list[str]:
    res = CliRunner().invoke(cli, ["deal", *args], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    return re.findall(r'\[Deal "([^"]+)"\]', res.stdout)


def test_deal_matches_the_command_without_conditions() -> None:
    boards = list(bc.deal(6, seed=11))
    assert [b.number for b in boards] == [1, 2, 3, 4, 5, 6]
    assert [b.dealer for b in boards] == [bc.Seat.NORTH, bc.Seat.EAST, bc.Seat.SOUTH, bc.Seat.WEST] + [
        bc.Seat.NORTH, bc.Seat.EAST]
    expected = [bc.Deal.from_pbn(d) for d in _cli_deals("-n", "6", "--seed", "11")]
    assert [b.deal for b in boards] == expected
    predealt = list(bc.deal(3, predeal="N:AKQJ.AKQ.AKQ.AKQ", seed=11))
    assert all(b.deal[bc.Seat.NORTH].hcp == 37 for b in predealt)
    expected = [bc.Deal.from_pbn(d) for d in _cli_deals("-n", "3", "--seed", "11", "--predeal", "N:AKQJ.AKQ.AKQ.AKQ")]
    assert [b.deal for b in predealt] == expected


def test_deal_matches_the_command_with_a_condition_and_a_predeal() -> None:
    where, predeal = "hcp(north) >= 15", "S:AKQ.-.-.-"
    boards = list(bc.deal(4, where=where, predeal=predeal, seed=5))
    expected = [bc.Deal.from_pbn(d) for d in _cli_deals("-n", "4", "--seed", "5", "--where", where,
                                                         "--predeal", predeal)]
    assert [b.deal for b in boards] == expected
    for b in boards:
        assert b.deal[bc.Seat.NORTH].hcp >= 15
        assert {str(c) for c in b.deal[bc.Seat.SOUTH].cards} >= {"SA", "SK", "SQ"}


def test_deal_raises_for_a_bad_condition_or_too_few_deals() -> None:
    with pytest.raises(bc.ParseError):
        list(bc.deal(1, where="hcp(north) >=", seed=1))
    with pytest.raises(bc.ParseError):
        list(bc.deal(1, predeal="N:AKQ", seed=1))
    with pytest.raises(bc.RuleError):
        list(bc.deal(1, where="hcp(north) >= 38", seed=1, max_tries=2000))


# -- solving --------------------------------------------------------------------------


def test_solve_a_deal_of_four_long_suits() -> None:
    pytest.importorskip("endplay", reason="solve needs the dds extra")
    # North holds the spades, East the hearts, South the diamonds, West the clubs
    sol = bc.solve("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    north, east = bc.Seat.NORTH, bc.Seat.EAST
    assert sol.table[north, bc.Strain.SPADES] == 13   # every trick a trump
    assert sol.table[north, bc.Strain.NOTRUMP] == 0   # East leads and runs the hearts
    assert sol.table[east, bc.Strain.NOTRUMP] == 0    # South leads and runs the diamonds
    assert sol.par.score > 0  # North-South, first to bid, make a grand slam in spades


def test_api_names_are_documented_and_listed() -> None:
    for name in bc.__all__:
        obj = getattr(bc, name)
        if callable(obj) and not isinstance(obj, bc.Seat) and getattr(obj, "__module__", "") != "typing":
            # (a type alias such as bc.Place has its text in the source: tests/test_reference_entries.py)
            assert obj.__doc__, name
    with pytest.raises(AttributeError):
        bc.no_such_name  # noqa: B018


def test_read_takes_an_open_file_a_piece_at_a_time(tmp_path):
    """bc.read streams: the first board comes before the rest of a big file is read."""
    one = (ROOT / "sample_deals" / "valid" / "club_session.pbn").read_text(encoding="utf-8")
    text = "\n".join([one] * 400)  # a few MB
    assert len(text) > 3 * (1 << 20)

    class Counting(io.StringIO):
        taken = 0

        def read(self, size=-1):
            out = super().read(size)
            Counting.taken += len(out)
            return out

    boards = bc.read(Counting(text), "pbn")
    first = next(boards)
    assert first.number == 1
    assert Counting.taken < len(text) // 2
    boards.close()
    path = tmp_path / "big.pbn"
    path.write_text(text, encoding="utf-8")
    assert sum(1 for _ in bc.read(path)) == sum(1 for _ in bc.read(text, "pbn"))


# -- short reprs (issue 28, item 9) -------------------------------------------------------------

def test_a_board_and_what_holds_it_print_in_a_line() -> None:
    import inspect

    import bridgecli as bc

    board = next(bc.read(str(ROOT / "sample_deals" / "valid" / "club_session.pbn")))
    # board 1 of the sample: North deals, none vulnerable, South plays 4H and takes 12 tricks
    assert repr(board) == "<Board number=1 dealer=N vul=None contract=4H by S result=12>"
    assert repr(bc.Board()) == "<Board>"
    scored = next(iter(bc.score_boards([board])))
    assert "\n" not in repr(scored) and len(repr(scored)) < 400
    assert repr(bc.get_language("hu")) == "<Language hu>"
    assert len(str(inspect.signature(bc.render_board))) < 400


def test_a_double_dummy_table_prints_as_a_table() -> None:
    import bridgecli as bc

    cells = {(seat, strain): 7 for seat in bc.Seat for strain in bc.Strain}
    cells[bc.Seat.NORTH, bc.Strain.NOTRUMP] = 9
    cells[bc.Seat.EAST, bc.Strain.NOTRUMP] = 4
    text = str(bc.DDTable.from_cells(cells))
    lines = text.splitlines()
    assert lines[0].split() == ["NT", "S", "H", "D", "C"]
    assert lines[1].split() == ["N", "9", "7", "7", "7", "7"]
    assert lines[2].split() == ["E", "4", "7", "7", "7", "7"]
    assert [line.split()[0] for line in lines[1:]] == ["N", "E", "S", "W"]


def test_a_board_takes_seat_and_vulnerability_names_and_refuses_wrong_types() -> None:
    import bridgecli as bc

    board = bc.Board(number=1, dealer="N", vulnerability="NS")
    assert board.dealer is bc.Seat.NORTH and board.vulnerability is bc.Vulnerability.NS
    assert "[Dealer \"N\"]" in bc.dumps([board])
    for wrong in ({"number": "1"}, {"number": True}, {"dealer": 3.5}, {"contract": "4S"}, {"result": "9"},
                  {"deal": "N:AKQ"}, {"tags": {"Event": 1}}):
        with pytest.raises(TypeError):
            bc.Board(**wrong)  # type: ignore[arg-type]
    for wrong in ({"number": 0}, {"number": -1}, {"result": -1}):
        with pytest.raises(ValueError):
            bc.Board(**wrong)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="dealer 'Q'"):
        bc.Board(dealer="Q")  # type: ignore[arg-type]
