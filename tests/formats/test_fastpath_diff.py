"""The fast lanes of session 4 give what the general, checked paths give.

The cases here were found by tools/fastpath_diff.py, which runs every command on
mutated sample and corpus files once as shipped and once with every fast lane
switched off; a seeded slice of that run closes the file. The expected values come
from docs/FORMATS.md and from the general path (the reader line by line)."""

from __future__ import annotations

import importlib.util
import sys
import tempfile
import warnings
from pathlib import Path
from types import ModuleType

import pytest

from bridgecli.core import fastpaths
from bridgecli.core.board import Board
from bridgecli.formats import pbn

ROOT = Path(__file__).resolve().parent.parent.parent


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bridgecli_fastpath_diff", ROOT / "tools" / "fastpath_diff.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bridgecli_fastpath_diff"] = module
    spec.loader.exec_module(module)
    return module


tool = _tool()

# the fuzzer holds the lanes to the general paths: they are on in both passes of the suite
pytestmark = pytest.mark.usefixtures("fast_lanes_on")

GAME = '[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'


def test_commentary_before_a_blank_line_goes_with_the_next_game() -> None:
    # FORMATS.md: "% lines before the first game go with the first board"; commentary
    # belongs to the next game, also with a blank line between them
    text = "% PBN 2.1\n% from the club's scorer\n\n" + GAME.format(n=1) + "\n% board two next\n\n" + GAME.format(n=2)
    one, two = pbn.loads(text)
    assert one.comments == (("", "% from the club's scorer"),)
    assert two.comments == (("", "% board two next"),)
    assert pbn.loads(text.replace("\n\n", "\n\n\n")) == [one, two]
    # and the lines of what follows are still counted right
    bad = "% a note\n\n" + GAME.format(n=1) + "\n% x\n\n" + GAME.format(n=2).replace('"None"', '"Nobody"')
    recs = list(pbn.iter_records(bad, "t.pbn"))
    assert isinstance(recs[1], Exception) and recs[1].line == 11  # the Vulnerable tag; type: ignore[attr-defined]


def test_commentary_after_blank_lines_at_the_start_goes_with_the_first_game() -> None:
    # the text may open with blank lines (of spaces, too) before its commentary
    for lead in ("\n", "\n\n", " \n", "\t\n\n"):
        for gap in ("\n\n", "\n \n"):
            text = lead + "% from the club's scorer" + gap + GAME.format(n=1) + "\n" + GAME.format(n=2)
            one, two = pbn.loads(text)
            assert one.comments == (("", "% from the club's scorer"),), (lead, gap)
            assert two.comments == ()
            bad, _ = pbn.iter_records(text.replace('"None"', '"Nobody"', 1), "t.pbn")
            line = (lead + "% x" + gap).count("\n") + 3
            assert isinstance(bad, Exception) and bad.line == line  # type: ignore[attr-defined]


def test_tags_keep_the_files_order_whatever_path_reads_the_game() -> None:
    # a comment anywhere sends every game the general way (line by line); the tags of
    # a board (and so the JSON and YAML written) are in the file's order either way
    game = '[Board "1"]\n[OptimumScore "NS 400"]\n[Competition "Teams"]\n[Deal ""]\n[Room "Open"]\n'
    order = ["OptimumScore", "Competition", "Deal", "Room"]
    (quick,) = pbn.loads(game)
    (general,) = pbn.loads("{c}\n" + game)
    assert list(general.tags) == order
    assert list(quick.tags) == order


def test_a_game_of_unknown_values_is_a_board_and_a_later_hash_takes_them() -> None:
    # a game whose tags all say "unknown" ("?") is still a game (a board with nothing
    # known), and "#" takes the value of the latest game that had the tag (PBN 4.8),
    # "?" included, on the per-game fast path as in the general one
    text = ('[Event "x"]\n[Site "Paris"]\n\n[Site "?"]\n\n[Event "y"]\n[Site "?"]\n[Board "2"]\n\n'
            '[Event "z"]\n[Site "#"]\n[Board "3"]\n')
    for given in (text, "{c}\n" + text):
        boards = pbn.loads(given)
        assert [b.tags for b in boards] == [{"Event": "x", "Site": "Paris"}, {}, {"Event": "y"}, {"Event": "z"}]
    # the same after an export-style game with an unknown Site
    export = pbn.board_text(Board(number=1, tags={"Event": "Club", "Site": "Paris"}))
    later = '[Event "#"]\n[Site "#"]\n[Board "3"]\n'
    first, second, third = pbn.loads(export + "\n" + export.replace("Paris", "?") + "\n" + later)
    assert first.tags["Site"] == "Paris" and "Site" not in second.tags
    assert third.tags == {"Event": "Club"}


def test_a_seeded_slice_of_the_differential_fuzzer() -> None:
    pool = tool.seeds()
    found = []
    with warnings.catch_warnings(), tempfile.TemporaryDirectory() as tmp:
        warnings.simplefilter("ignore")
        for i in range(60):
            got = tool.case(i, 20261202, pool, Path(tmp))
            if got is not None:
                found.append((i, got[0], got[1][0], got[3][:500]))
    assert found == []


def test_the_general_mode_switches_every_lane_off_and_back_on() -> None:
    # the tool's reference really is the general path: no LazyBoard, no copy as read
    text = (ROOT / "sample_deals" / "valid" / "club_session.pbn").read_text(encoding="utf-8")
    again = pbn.dumps(pbn.loads(text))
    with tool.general():
        assert not fastpaths.ON
        boards = pbn.loads(again)
        assert all(type(b) is Board for b in boards)
    assert fastpaths.ON
    boards = pbn.loads(again)
    assert any(isinstance(b, pbn.LazyBoard) and getattr(b, "game_source", None) for b in boards)


def test_the_tool_s_general_path_is_the_switch_off() -> None:
    # every fast lane asks fastpaths.ON, so general() is the switch and nothing else
    before = fastpaths.ON
    with tool.general():
        assert fastpaths.ON is False
    assert fastpaths.ON is before


def test_a_seeded_slice_of_the_replay_fuzzer() -> None:
    # plays with cards swapped (revokes, cards not held, out of turn), replaced, dropped,
    # cut, claims, Results like "^9", other contracts and leaders, "-" and "?" plays:
    # the play check, score's contract and tricks, the JSON line and the PBN game are
    # the same read the fast way and the general way
    games = tool.played_games()
    assert len(games) > 20
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = [(i, got) for i in range(150) if (got := tool.replay_case(i, 20261202, games)) is not None]
    assert found == []


def test_workers_read_a_first_game_after_a_byte_order_mark_as_one_process_does(tmp_path: Path) -> None:
    # a BOM left after the one the decoder drops (a file with two), in a file that the
    # full reader reads (a "{" comment): the first game is read the same with --jobs 2
    from bridgecli.checks.auctions import check_auctions

    path = tmp_path / "two_boms.pbn"
    path.write_bytes(("\ufeff\ufeff% PBN 2.1\n" + GAME.format(n=1) + "{c}\n\n" + GAME.format(n=2)).encode())
    one = [v.board.number if v.board is not None else None for v in check_auctions(path, jobs=1)]
    two = [v.board.number if v.board is not None else None for v in check_auctions(path, jobs=2)]
    assert one == [1, 2] and two == one
