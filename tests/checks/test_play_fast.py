"""The replay of boards read from PBN without building their deal and play (their text
turned into ints, :func:`bridgecli.core.play.replay_indices`) agrees with the full
replay of the same boards, built: random legal and illegal plays, the sample deals
and the real-world corpus."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.checks.play import check_board, json_line
from bridgecli.core import DECK, Board, Contract, PlayedCard, Seat, Strain, Vulnerability, fastpaths
from bridgecli.core.deal import deal_from_indices
from bridgecli.core.errors import BridgeError
from bridgecli.core.play import PlayState, replay_board, replay_indices
from bridgecli.formats import pbn
from bridgecli.formats.traveller import contract_and_tricks

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus" / "realworld"

pytestmark = pytest.mark.usefixtures("fast_lanes_on")  # (the lane against the full replay, in both passes)


def _replay_key(rep: Any) -> object:
    if rep is None:
        return None
    err = rep.error
    return (rep.legal, err and (err.message, err.reason, err.trick), rep.error_seat, rep.error_card, rep.claimed,
            rep.tricks_won, rep.declarer_tricks, rep.complete, rep.mismatch, rep.tricks, rep.current_trick,
            rep.sequence, rep.tricks_played, rep.revokes)


def _verdict(board: Board) -> object:
    """Everything ``play`` and ``score`` take from one board."""
    check = check_board(board)
    try:
        scored: object = contract_and_tricks(board)
    except BridgeError as exc:
        scored = (type(exc).__name__, str(exc))
    err = check.error
    obj = check.as_dict()
    if obj is not None:  # the direct JSON line (twice: its remembered part too) is json.dumps of the object
        for _ in range(2):
            assert json_line(check) == json.dumps(obj, ensure_ascii=check.kind in ("passed-out", "no-card"))
    return (check.kind, check.ok, _replay_key(check.replay), err and (type(err).__name__, str(err)),
            json_line(check), json_line(check, with_tricks=True), scored)


def _records(text: str) -> list[Board | BridgeError]:
    """The records of ``text``, up to an error that stops the reader (kept last)."""
    out: list[Board | BridgeError] = []
    try:
        out.extend(pbn.iter_records(text))
    except BridgeError as exc:
        out.append(exc)
    return out


def _two_ways(text: str) -> tuple[list[Board | BridgeError], list[Board | BridgeError]]:
    """The records of ``text`` read twice: as read, and with every deal and play built."""
    lazy = _records(text)
    built = _records(text)
    for b in built:
        if isinstance(b, Board):
            _ = (b.deal, b.play)
    return lazy, built


def _agree(text: str) -> int:
    """Assert both readings of ``text`` give the same verdicts, the built boards replayed
    card by card (no fast path); the number of boards the fast lane could take."""
    lazy, built = _two_ways(text)
    assert len(lazy) == len(built)
    fast = 0
    for a, b in zip(lazy, built):
        if isinstance(a, BridgeError):
            assert isinstance(b, BridgeError) and str(a) == str(b)
            continue
        assert isinstance(b, Board)
        assert pbn.play_ints(b) is None  # built: nothing left for the fast lane
        fast += pbn.play_ints(a) is not None
        with fastpaths.off():  # the full replay, card by card
            full = _verdict(b)
        assert _verdict(a) == full, a.label
    return fast


# -- random plays -----------------------------------------------------------------


def _random_board(rng: random.Random, strain: Strain, declarer: Seat, tricks: int) -> Board:
    owner = [i // 13 for i in range(52)]
    rng.shuffle(owner)
    deal = deal_from_indices(owner)
    state = PlayState(deal, Contract(rng.randint(1, 7), strain, declarer=declarer))
    while len(state.tricks) < tricks:
        state = state.play(rng.choice(state.legal_cards()))
    number = rng.randint(1, 32)
    return state.to_board(Board(number=number, deal=deal, vulnerability=Vulnerability.from_board(number)))


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), strain=st.sampled_from(list(Strain)[:5]), declarer=st.sampled_from(list(Seat)),
       tricks=st.integers(1, 13), swaps=st.integers(0, 2), damage=st.sampled_from(
           ["none", "twice", "not-held", "short", "leader", "claim", "result"]))
def test_fast_lane_agrees_with_the_full_replay(seed: int, strain: Strain, declarer: Seat, tricks: int, swaps: int,
                                               damage: str) -> None:
    """Random plays, some legal, some with cards swapped (revokes, cards not held), a card
    twice, a short last row, the wrong first column, a claim or a Result off the play."""
    rng = random.Random(seed)
    board = _random_board(rng, strain, declarer, tricks)
    rows = [list(row) for row in board.play or ()]
    for _ in range(swaps):
        r1, r2 = rng.randrange(len(rows)), rng.randrange(len(rows))
        c1, c2 = rng.randrange(4), rng.randrange(4)
        rows[r1][c1], rows[r2][c2] = rows[r2][c2], rows[r1][c1]
    changes: dict[str, Any] = {}
    r, c = rng.randrange(len(rows)), rng.randrange(4)
    if damage == "twice":
        rows[r][c] = rows[rng.randrange(len(rows))][rng.randrange(4)]
    elif damage == "not-held":
        rows[r][c] = PlayedCard(DECK[rng.randrange(52)])
    elif damage == "short":
        rows[-1] = rows[-1][:rng.randrange(1, 4)]
    elif damage == "leader":
        changes["play_leader"] = Seat(rng.randrange(4))
    elif damage == "claim" and tricks < 13:
        changes["play_end"] = "*"
        changes["result"] = rng.randrange(14)
    elif damage == "result":
        changes["result"] = rng.randrange(14)
    board = board.replace(play=tuple(tuple(row) for row in rows), **changes)
    text = pbn.dumps([board, board])  # (the reader may build the first game of a file at once)
    fast = _agree(text)
    if damage != "short":
        assert fast >= 1  # the record is canonical text: the fast lane must have been offered it
    if damage == "none" and not swaps:
        lazy = list(pbn.iter_records(text))[-1]
        assert isinstance(lazy, Board)
        check = check_board(lazy)
        assert check.kind == "played" and check.replay is not None and check.replay.legal
        assert pbn.play_text(lazy) is not None and pbn.deal_text(lazy, Seat.NORTH) is not None  # nothing built


def test_deal_masks_and_play_indices_are_the_built_cards() -> None:
    rng = random.Random(7)
    boards = [_random_board(rng, Strain(rng.randrange(5)), Seat(rng.randrange(4)), rng.randint(1, 13))
              for _ in range(40)]
    for lazy in list(pbn.iter_records(pbn.dumps(boards)))[1:]:
        assert isinstance(lazy, Board)
        masks, flat = pbn.deal_masks(lazy), pbn.play_indices(lazy)
        assert masks is not None and flat is not None
        assert lazy.deal is not None and lazy.play is not None
        assert masks == tuple(sum(1 << c.index for c in h.cards) for h in lazy.deal.hands if h is not None)
        assert list(flat) == [pc.card.index for row in lazy.play for pc in row if pc.card is not None]
        assert pbn.deal_masks(lazy) is None and pbn.play_indices(lazy) is None  # built now


def test_replay_indices_refuses_what_is_not_regular() -> None:
    board = _random_board(random.Random(3), Strain.HEARTS, Seat.SOUTH, 13)
    assert board.deal is not None and board.contract is not None
    hands = [sum(1 << c.index for c in h.cards) for h in board.deal.hands if h is not None]
    flat = [pc.card.index for row in board.play or () for pc in row if pc.card is not None]
    rep = replay_indices(board, board.contract, hands, flat)
    with fastpaths.off():
        assert rep is not None and _replay_key(rep) == _replay_key(replay_board(board))
    contract = board.contract
    assert replay_indices(board, contract, hands, flat[:-1]) is None  # a short row
    assert replay_indices(board, contract, hands, []) is None
    assert replay_indices(board, contract, hands, flat + flat[:4]) is None  # 14 rows
    assert replay_indices(board, contract, hands, [-1] + flat[1:]) is None
    assert replay_indices(board, contract, [hands[0] | hands[1], *hands[1:]], flat) is None  # a card in two hands
    assert replay_indices(board, contract.with_declarer(Seat.WEST), hands, flat) is None  # wrong leader's column
    assert replay_indices(board, Contract(4, Strain.HEARTS), hands, flat) is None  # no declarer


def _writable(board: Board) -> bool:
    try:
        pbn.dumps([board])
    except BridgeError:
        return False
    return True


# -- files ----------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted((ROOT / "sample_deals").rglob("*.pbn")), ids=lambda p: p.name)
def test_fast_lane_agrees_on_the_sample_deals(path: Path) -> None:
    _agree(path.read_text(encoding="utf-8", errors="replace"))


@pytest.mark.filterwarnings("ignore::bridgecli.core.errors.ReadWarning")  # other programs' files: warned of, read
def test_fast_lane_agrees_on_the_realworld_corpus() -> None:
    if not CORPUS.is_dir():
        pytest.skip(f"no real-world corpus at {CORPUS}")
    fast = 0
    for path in sorted(CORPUS.rglob("*.pbn")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if len(text) > 60_000:  # a fast slice: the games of a big file's first 60 KB
            text = text[:max(text.rfind("\n\n", 0, 60_000), 0)] or text
        _agree(text)
        # the same boards written out canonically, so that their plays take the fast lane
        boards = [b for b in _records(text) if isinstance(b, Board)]
        try:
            fast += _agree(pbn.dumps(boards))
        except BridgeError:
            fast += sum(_agree(pbn.dumps([b, b])) for b in boards if _writable(b))
    assert fast > 0
