"""Golden files: every ``sample_deals/valid/*.pbn`` has siblings in the other formats that
read to the same boards, and is canonical; every file in ``invalid/`` is refused with exit 2
and one line, never a traceback. Adding a case means adding a file."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from bridgecli.cli import cli
from bridgecli.core.auction import Auction
from bridgecli.core.play import replay_board
from bridgecli.formats import read_boards
from tests.conftest import SAMPLES, bridgecli_cmd, subprocess_env

VALID = sorted((SAMPLES / "valid").glob("*.pbn"))
INVALID = sorted(p for p in (SAMPLES / "invalid").iterdir() if p.is_file())


def test_there_are_samples() -> None:
    assert VALID and INVALID
    boards = read_boards((SAMPLES / "valid" / "club_session.pbn").read_text(encoding="utf-8"), "pbn")
    assert len(boards) >= 16
    assert any(b.auction_notes for b in boards) and any(b.play_end == "*" for b in boards)


@pytest.mark.parametrize("pbn", VALID, ids=lambda p: p.name)
def test_pbn_is_canonical(pbn: Path) -> None:
    from bridgecli.formats import write_boards

    text = pbn.read_text(encoding="utf-8")
    assert write_boards(read_boards(text, "pbn"), "pbn") == text


@pytest.mark.parametrize("pbn", VALID, ids=lambda p: p.name)
@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_siblings_read_the_same(pbn: Path, fmt: str) -> None:
    sibling = pbn.with_suffix("." + fmt)
    assert sibling.exists(), f"{sibling.name} missing"
    assert read_boards(sibling.read_text(encoding="utf-8"), fmt) == read_boards(pbn.read_text(encoding="utf-8"), "pbn")


@pytest.mark.parametrize("pbn", VALID, ids=lambda p: p.name)
def test_lin_sibling_keeps_the_game(pbn: Path) -> None:
    """LIN carries deal, board, dealer, vulnerability, players, auction and play."""
    lin = pbn.with_suffix(".lin")
    assert lin.exists()
    a = read_boards(pbn.read_text(encoding="utf-8"), "pbn")
    b = read_boards(lin.read_text(encoding="utf-8"), "lin")
    assert len(a) == len(b)
    for x, y in zip(a, b):
        assert (x.number, x.dealer, x.vulnerability, x.deal) == (y.number, y.dealer, y.vulnerability, y.deal)
        assert x.calls == y.calls
        assert x.played_cards == y.played_cards
        assert (x.contract, x.result) == (y.contract, y.result)


@pytest.mark.parametrize("pbn", VALID, ids=lambda p: p.name)
def test_samples_follow_the_laws(pbn: Path) -> None:
    """The sample boards' auctions are legal and give the recorded contract; the play is legal
    and gives the recorded result."""
    for board in read_boards(pbn.read_text(encoding="utf-8"), "pbn"):
        assert board.dealer is not None
        auction = Auction.from_calls(board.dealer, board.calls)
        assert auction.is_complete and auction.contract == board.contract
        if board.play:
            replay = replay_board(board)
            assert replay.legal


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_is_refused(runner, path: Path) -> None:
    r = runner.invoke(cli, ["convert", str(path), "--to", "yaml"])
    assert r.exit_code == 2, r.output
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"bridgecli: error: {path}"), r.stderr
    assert "Traceback" not in r.stderr


def test_one_bad_board_names_board_and_line(runner) -> None:
    path = SAMPLES / "invalid" / "one_bad_board.pbn"
    r = runner.invoke(cli, ["convert", str(path), "--to", "json"])
    assert r.exit_code == 2
    assert f"{path}:183: board 6:" in r.stderr
    r = runner.invoke(cli, ["convert", str(path), "--to", "json", "--skip-bad"])
    assert r.exit_code == 1
    assert len(r.stdout.strip().splitlines()) == 17  # JSON Lines: every good board kept
    assert "board 6" in r.stderr


def test_real_process_rejects_garbage_without_traceback() -> None:
    path = SAMPLES / "invalid" / "garbage.pbn"
    p = subprocess.run([*bridgecli_cmd(), "show", str(path)], capture_output=True, text=True, env=subprocess_env())
    assert p.returncode == 2
    assert p.stderr.startswith("bridgecli: error:") and "Traceback" not in p.stderr
