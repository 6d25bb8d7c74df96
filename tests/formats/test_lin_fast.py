"""LIN's fast path (one regular expression a board) against the pair-by-pair reader.

Every test reads the same text twice: as shipped, and with the fast path switched off
(its pattern replaced by one that never matches), so that every board goes through
``_apply``/``_build``. Boards, errors, their lines and board numbers must be equal.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgecli.core import Board, BridgeError, fastpaths
from bridgecli.core.cards import Seat, Strain
from bridgecli.core.contract import Contract, Risk
from bridgecli.formats import lin
from bridgecli.formats.lin import fast as lin_fast
from bridgecli.formats.lin import read as lin_read

from .strategies import lin_boards
from .test_lin import SAMPLE

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus" / "realworld" / "lin"
NEVER = re.compile(r"(?!)")

# Board 14 as bridgecli writes it (ranks from the ace down, qx with the room), and a
# second board with its players, a claim before the end and an explanation
WRITTEN = (
    "pn|sara,wendy,nils,erik|qx|o14|st||md|4ST9HQJ7654DA5CT98,S876HDKT987643C76,SAKQ2HT98DCAJ5432,|rh||"
    "ah|Board 14|sv|o|mb|1N!|an|15-17|mb|2H|mb|p|mb|p|mb|d!|an|takeout|mb|p|mb|p|mb|p|pg||"
    "pc|DK|pc|H8|pc|D2|pc|D5|pg||pc|CA|pc|CK|pc|C8|pc|C6|pg||pc|HT|pc|HA|pc|H4|pc|D3|pg||"
    "pc|S3|pc|S9|pc|S6|pc|SK|pg||mc|8|pg||\n"
)


# the same with a match header, a result list and commentary
HEADED = WRITTEN.replace("|qx|o14|", "|qx|o14|vg|Cup,,I,14,15,A,0,B,0|rs|2HSx=,|").replace(
    "|sv|o|", "|sv|o|nt|hello|").replace("mc|8|", "nt|played}|mc|8|")


@pytest.fixture(autouse=True)
def _lanes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are of the fast lane itself (each turns it off for the general reading):
    it is on whatever BRIDGECLI_FAST_PATHS says."""
    monkeypatch.setattr(fastpaths, "ON", True)


def _key(rec: Board | BridgeError) -> object:
    if isinstance(rec, BridgeError):
        return ("error", type(rec).__name__, str(rec), rec.source, rec.line, rec.board)
    return rec


def _pieces(text: str, size: int) -> Iterator[str]:
    for i in range(0, len(text), size):
        yield text[i:i + size]


def _read_both(text: str, monkeypatch: pytest.MonkeyPatch, size: int = 7) -> tuple[list[object], list[object]]:
    """(fast, general) readings of ``text``; each checked whole and streamed in pieces."""
    fast = [_key(r) for r in lin.iter_records(text, source="f.lin")]
    assert [_key(r) for r in lin.iter_stream(_pieces(text, size), source="f.lin")] == fast
    with monkeypatch.context() as m:
        m.setattr(fastpaths, "ON", False)  # the fast lanes off
        general = [_key(r) for r in lin.iter_records(text, source="f.lin")]
        assert [_key(r) for r in lin.iter_stream(_pieces(text, size), source="f.lin")] == general
    return fast, general


def _fast_items(text: str) -> int:
    return sum(isinstance(p, lin_read._Fast) for p in lin_read._pairs(text, None))


def test_bbo_and_bridgecli_boards_take_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    text = SAMPLE + WRITTEN + SAMPLE.replace("Board 14", "Board 15")
    assert _fast_items(text) == 3
    fast, general = _read_both(text, monkeypatch)
    assert fast == general and len(fast) == 3
    assert all(isinstance(b, Board) for b in fast)


def test_a_board_on_many_lines_or_with_more_keys_takes_the_general_path(monkeypatch: pytest.MonkeyPatch) -> None:
    # nt after the board belongs to it, so the board is not whole at the next pn
    text = WRITTEN.replace("pg||\n", "pg||nt|well played|\n") + SAMPLE.replace("|pg||pc|", "|pg||\npc|")
    assert _fast_items(text) == 0
    fast, general = _read_both(text, monkeypatch)
    assert fast == general and len(fast) == 2


BAD = [
    ("S9TH4567JQ", "S9TH4567JJ"),  # a rank twice
    ("S9TH4567JQ", "SA9TH4567JQ"),  # a card in two hands
    ("S9TH4567JQD5AC89T", "S9TH4567JQD5AC89TK"),  # 14 cards
    ("pc|DK|", "pc|SA|"),  # not in west's hand
    ("pc|H8|", "pc|DK|"),  # played twice
    ("pc|DK|", "pc|ZZ|"),  # not a card
    ("mb|2H|", "mb|8H|"),  # not a call
    ("mb|2H|", "mb|2H !|"),  # a spelling the fast path leaves to the general one
    ("mc|8|", "mc|14|"),  # claim over 13
    ("mb|1N|an|15-17|mb|2H|mb|p|mb|p|mb|d!|an|takeout|mb|p|mb|p|mb|p|", "mb|1N|mb|2H|"),  # play, no contract
    ("sv|o|", "sv|q|"),
    ("md|4S9", "md|5S9"),
    ("pn|sara,wendy,nils,erik|", "pn|a,b,c,d,e,f,g,h|"),  # a vugraph header's players
]


@pytest.mark.parametrize(("old", "new"), BAD)
def test_irregular_boards_read_as_before(old: str, new: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for good in (SAMPLE, WRITTEN):
        assert old in good or old not in WRITTEN
        text = good + good.replace(old, new, 1) + good
        fast, general = _read_both(text, monkeypatch)
        assert fast == general


def test_header_and_commentary_read_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    text = HEADED + HEADED.replace("o14", "c14").replace("nt|hello|", "") + WRITTEN
    fast, general = _read_both(text, monkeypatch)
    assert fast == general
    # the closed room's entry of board 14 is empty; the last board takes the header before it
    assert [(b.tag("LinResult"), len(b.comments)) for b in fast if isinstance(b, Board)] == [
        ("2HSx=", 2), ("", 1), ("2HSx=", 0)]


def test_vugraph_header_holds_for_fast_boards(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "vg|Final,Set 1,I,14,15,Home,0,Away,0|\nrs|2HSx=,3NN-1|\n" + WRITTEN + WRITTEN.replace("o14", "c14")
    fast, general = _read_both(text, monkeypatch)
    assert fast == general
    assert [b.tag("LinResult") for b in fast if isinstance(b, Board)] == ["2HSx=", "3NN-1"]


def test_an_error_before_a_board(monkeypatch: pytest.MonkeyPatch) -> None:
    for lead in ("garbage\n", "md|1SA,,,|mb|9Q|\n", "pn|a,b,c,d|md|1SA,,,|mb|9Q|", "qx|o3|", "md|1SA,,,|"):
        fast, general = _read_both(lead + WRITTEN + SAMPLE, monkeypatch)
        assert fast == general


_fuzz = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NOISE = st.text(alphabet=st.sampled_from(list("|,\n pcmbnqxdhs!0123456789SHDCAKQJTNpgrah")), max_size=10)


@_fuzz
@given(st.integers(0, len(WRITTEN + SAMPLE)), st.integers(0, 10), NOISE, st.integers(1, 40))
def test_fuzz_same_records_as_the_general_path(at: int, cut: int, noise: str, size: int) -> None:
    base = WRITTEN + SAMPLE + HEADED
    text = base[:at] + noise + base[at + cut:]
    with pytest.MonkeyPatch.context() as mp:
        fast, general = _read_both(text, mp, size)
    assert fast == general


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(lin_boards(), min_size=1, max_size=4), st.booleans())
def test_random_boards_same_as_the_general_path(boards: list[Board], one_line: bool) -> None:
    text = lin.dumps(boards)
    if one_line:
        text = text.replace("\n", "")
    # what bridgecli writes is in the fast path's form, and it takes every such board
    items = [p for p in lin_read._pairs(text, None) if isinstance(p, lin_read._Fast)]
    assert len(items) == len(boards)
    assert all(lin_fast.fast_board(p.match.groups(), (None, None)) is not None for p in items)
    with pytest.MonkeyPatch.context() as mp:
        fast, general = _read_both(text, mp, 50)
    assert fast == general


@pytest.mark.skipif(not CORPUS.is_dir(), reason="real-world corpus not found next to the checkout")
@pytest.mark.parametrize("name", sorted(p.name for p in CORPUS.glob("*.lin")) if CORPUS.is_dir() else [])
def test_real_world_files_same_as_the_general_path(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (CORPUS / name).read_text(encoding="utf-8", errors="replace")
    fast, general = _read_both(text, monkeypatch, 4096)
    assert fast == general


def test_the_holding_cache_keeps_no_overlong_suit(monkeypatch: pytest.MonkeyPatch) -> None:
    # a suit of more than 13 ranks has a rank twice: the general path reports it, and
    # the fast path's table of holdings (bounded in entries) must not keep its text
    long_suit = "AKQJT98765432" * 50
    text = WRITTEN.replace("md|4ST9HQJ7654", "md|4S" + long_suit + "HQJ7654", 1)
    fast, general = _read_both(text, monkeypatch, 4096)
    assert fast == general and isinstance(fast[0], tuple)
    assert all(len(ranks) <= 13 for table in lin_fast._HOLDINGS for ranks in table)


def test_a_one_entry_header_result_reads_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    # the board the rs| pair comes with takes it as its result (bare); the boards after
    # it, bare or not and on the fast path or not, only carry it: tag LinRs
    bare = SAMPLE[:SAMPLE.index("|mb|")] + "|\n"
    text = "rs|4HE=|\n" + bare + bare + WRITTEN + bare.replace("|st||", "|rs|3NW-1|st||") + bare
    assert _fast_items(text) >= 3
    fast, general = _read_both(text, monkeypatch)
    assert fast == general
    assert [(b.contract, b.result, b.tag("LinRs")) for b in fast if isinstance(b, Board)] == [
        (Contract(4, Strain.HEARTS, Risk.UNDOUBLED, Seat.EAST), 10, None),
        (None, None, "4HE="),
        (Contract(2, Strain.HEARTS, Risk.DOUBLED, Seat.SOUTH), 8, "4HE="),  # its own auction and claim
        (Contract(3, Strain.NOTRUMP, Risk.UNDOUBLED, Seat.WEST), 8, None),
        (None, None, "3NW-1")]


def test_a_page_break_after_a_one_entry_result_reads_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    bare = SAMPLE[:SAMPLE.index("|mb|")] + "|"
    text = "\n".join([bare.replace("|st||", "|rs|4HE=|st||"), bare.replace("|st||", "|rs|4HE=|st||") + "pg||",
                      bare + "pg||"]) + "\n"
    assert _fast_items(text) == 3
    fast, general = _read_both(text, monkeypatch)
    assert fast == general
    assert [(b.contract, b.tag("LinResult"), b.tag("LinRs")) for b in fast if isinstance(b, Board)] == [
        (Contract(4, Strain.HEARTS, Risk.UNDOUBLED, Seat.EAST), None, None), (None, "4HE=", None),
        (None, None, "4HE=")]
