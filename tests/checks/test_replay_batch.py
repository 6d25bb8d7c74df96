"""Many play records replayed at once (:mod:`bridgecli.core.play.batch`) give what
:func:`~bridgecli.core.play.replay_indices` gives for each, and what the full replay
(card by card, :func:`~bridgecli.core.play.replay_board`) gives for the regular ones;
``play`` and ``score`` give the same bytes whether boards go by batch or one by one."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.cli import cli
from bridgecli.core import DECK, Board, Card, Contract, PlayedCard, Seat, Strain, Vulnerability, fastpaths
from bridgecli.core.deal import Deal, deal_from_indices
from bridgecli.core.play import PlayState, batch, replay_board, replay_indices
from bridgecli.formats import pbn

from ..conftest import bridgecli_cmd, subprocess_env

pytestmark = pytest.mark.usefixtures("fast_lanes_on")  # (the batch replays boards the PBN reader kept as text: its lanes, in both passes)

DAMAGE = ["none", "none", "revoke", "twice", "not-held", "short", "leader", "claim", "result", "range", "sizes",
          "end"]


def _key(rep: Any) -> object:
    if rep is None:
        return None
    err = rep.error
    return (rep.contract, rep.legal, err and (err.message, err.reason, err.trick), rep.claimed, rep.tricks_won,
            rep.declarer_tricks, rep.complete, rep.mismatch, rep.tricks, rep.current_trick, rep.sequence,
            rep.tricks_played, rep.revokes)


def _job(rng: random.Random, damage: str) -> tuple[Board, Contract, list[int], bytes]:
    """A random board (a legal play, then ``damage`` done to it) and its ints."""
    owner = [i // 13 for i in range(52)]
    rng.shuffle(owner)
    deal = deal_from_indices(owner)
    contract = Contract(rng.randint(1, 7), Strain(rng.randrange(5)), declarer=Seat(rng.randrange(4)))
    state = PlayState(deal, contract)
    tricks = rng.choice([13, 13, rng.randint(1, 13)])
    while len(state.tricks) < tricks:
        state = state.play(rng.choice(state.legal_cards()))
    number = rng.randint(1, 32)
    board = state.to_board(Board(number=number, deal=deal, vulnerability=Vulnerability.from_board(number)))
    rows = [[pc.card.index for pc in row if pc.card is not None] for row in board.play or ()]
    hands = [sum(1 << c.index for c in h.cards) for h in deal.hands if h is not None]
    changes: dict[str, Any] = {}
    r, c = rng.randrange(len(rows)), rng.randrange(4)
    if damage == "revoke":  # two cards of one column swapped: often a revoke
        r2 = rng.randrange(len(rows))
        rows[r][c], rows[r2][c] = rows[r2][c], rows[r][c]
    elif damage == "twice":
        rows[r][c] = rows[rng.randrange(len(rows))][rng.randrange(4)]
    elif damage == "not-held":
        rows[r][c] = rng.randrange(52)
    elif damage == "short":
        rows[-1] = rows[-1][:rng.randrange(0, 4)]
    elif damage == "leader":
        changes["play_leader"] = Seat(rng.randrange(4))
    elif damage == "claim":
        changes["play_end"] = "*"
        changes["result"] = rng.randrange(14)
    elif damage == "result":
        changes["result"] = rng.randrange(14)
    elif damage == "range":
        rows[r][c] = rng.choice([52, 60, 255])
    elif damage == "sizes":  # a card moved from one hand to another, or dropped
        k = rng.randrange(4)
        low = hands[k] & -hands[k]
        hands[k] ^= low
        if rng.random() < 0.5:
            hands[(k + 1) % 4] |= low
    elif damage == "end":  # an end position: the first tricks taken out of the hands and the record
        cut = rng.randrange(len(rows))
        for row in rows[:cut]:
            for i in row:
                hands = [h & ~(1 << i) for h in hands]
        rows = rows[cut:]
        first = (contract.declarer + 1) % 4  # type: ignore[operator]
        changes["play_leader"] = Seat(first)
    flat = bytes(i for row in rows for i in row)
    played = tuple(tuple(PlayedCard(DECK[i]) if i < 52 else PlayedCard(None) for i in row) for row in rows)
    board = board.replace(play=played, **changes)
    return board, contract, hands, flat


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_batch_gives_what_replay_indices_and_the_full_replay_give(seed: int) -> None:
    rng = random.Random(seed)
    jobs: list[Any] = [_job(rng, rng.choice(DAMAGE)) for _ in range(24)]
    jobs.insert(rng.randrange(len(jobs)), None)  # a record the caller had nothing for
    got = batch.replay_jobs(jobs)
    assert len(got) == len(jobs)
    for job, rep in zip(jobs, got):
        if job is None:
            assert rep is None
            continue
        assert _key(rep) == _key(replay_indices(*job)), job[0]
        if rep is not None:
            assert max(job[3]) < 52
            with fastpaths.off():  # card by card
                full = replay_board(job[0], job[1])
            # the hands of an end position are not the board's deal: only a whole deal is compared
            if sum(h.bit_count() for h in job[2]) == 52:
                assert _key(rep) == _key(full)


def test_every_kind_of_record_is_met() -> None:
    """The damage above reaches both answers of the batch, for every strain and declarer."""
    rng = random.Random(3)
    seen: set[tuple[str, bool]] = set()
    for damage in DAMAGE * 12:
        job = _job(rng, damage)
        seen.add((damage, batch.replay_jobs([job])[0] is not None))
    assert {d for d, ok in seen if ok} >= {"none", "revoke", "claim", "result", "end"}
    assert {d for d, ok in seen if not ok} >= {"revoke", "twice", "not-held", "short", "leader", "range", "sizes"}


def test_the_winners_follow_the_laws() -> None:
    # 4S or 3NT by S, W leads: DJ D5 D2 DA (S's ace wins), then S leads HJ under E's HA
    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.AK .5432.JT98.QJT98")
    hands = [sum(1 << c.index for c in h.cards) for h in deal.hands if h is not None]
    flat = bytes(Card.from_str(t).index for t in "DJ D5 D2 DA H2 HT HA HJ".split())  # columns W N E S
    for strain in (Strain.SPADES, Strain.NOTRUMP):
        rep = batch.replay_jobs([(Board(deal=deal), Contract(4, strain, declarer=Seat.SOUTH), hands, flat)])[0]
        assert rep is not None and [t.winner for t in rep.tricks] == [Seat.SOUTH, Seat.EAST]
        assert rep.tricks_won == (1, 1) and not rep.complete
    # W ruffs the third trick in spades (S leads DK, W out of diamonds? no: W still holds D8):
    # a club from W is a revoke, not a ruff
    flat += bytes(Card.from_str(t).index for t in "C8 D6 D4 DK".split())
    assert batch.replay_jobs([(Board(deal=deal), Contract(4, Strain.SPADES, declarer=Seat.SOUTH), hands, flat)]) == [None]


def test_no_batch_for_a_few_boards_and_no_numpy() -> None:
    code = ("import sys; from bridgecli.checks.play import check_play; from bridgecli.formats import pbn; "
            "text = open(sys.argv[1]).read(); "
            "n = sum(c.kind == 'played' for c in check_play(pbn.iter_records(text))); "
            "print(n, 'numpy' in sys.modules)")
    path = Path(__file__).resolve().parents[2] / "sample_deals" / "valid" / "club_session.pbn"
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True,
                         env=subprocess_env(), check=True).stdout.split()
    assert out[1] == "False" and int(out[0]) > 0


# -- the commands ---------------------------------------------------------------------


def _file(tmp_path: Path, count: int, bad_at: tuple[int, ...] = ()) -> Path:
    """A PBN file of ``count`` boards (legal and illegal plays, claims), a broken record
    at each of ``bad_at``."""
    rng = random.Random(count)
    pool = [_job(rng, d)[0] for d in ("none", "none", "none", "revoke", "claim", "result", "not-held") * 4]
    boards = []
    for k in range(count):
        b = pool[k % len(pool)]
        boards.append(b.replace(number=k % 32 + 1, vulnerability=Vulnerability.from_board(k % 32 + 1)))
    games = pbn.dumps(boards).split("\n\n")
    for k in bad_at:
        games[k] = games[k].replace("[Vulnerable ", "[Vulnerable \"Nobody\"]\n[X ", 1)
    games[3] = games[3].replace('[Site "', "[Site ", 1).replace('"]\n[Date', "]\n[Date", 1)  # warned about at the end
    path = tmp_path / f"b{count}.pbn"
    path.write_text("\n\n".join(games))
    return path


def _run(argv: list[str], size: int) -> tuple[int, str, str]:
    """``argv`` run with a batch of ``size`` boards (0: no reading ahead at all, as before batches)."""
    with pytest.MonkeyPatch.context() as m:
        m.setattr(batch, "BATCH", size)
        m.setattr(batch, "FEW", 1)
        if not size:
            m.setattr(batch, "replayed_ahead", lambda records, job, prepare, ahead=True: ((rec, None) for rec in records))
            m.setattr(batch, "worked_ahead", lambda records, work, ahead=True: ((rec, None) for rec in records))
        from click.testing import CliRunner

        r = CliRunner().invoke(cli, argv, catch_exceptions=False)
    return r.exit_code, r.stdout, r.stderr


@pytest.mark.parametrize("bad_at", [(), (5, 70, 71)])
def test_play_and_score_give_the_same_bytes_by_batch_and_one_by_one(tmp_path: Path, bad_at: tuple[int, ...]) -> None:
    path = _file(tmp_path, 160, bad_at)
    for argv in (["play", str(path), "--json"], ["play", str(path)], ["score", str(path)],
                 ["score", str(path), "--json", "--keep-going"], ["score", str(path), "--keep-going"],
                 ["play", str(path), "--json", "--keep-going", "--board", "3-9"]):
        one = _run(argv, 0)
        assert _run(argv, 1 << 30) == one, argv
        assert _run(argv, 16 if bad_at else 7) == one, argv
        assert one[0] in (1, 2) and ("bridgecli: error:" in one[2] or not bad_at), argv
        if argv[0] == "play" or "--keep-going" in argv:  # (score stops at the first Result off the play)
            assert one[1].count("\n") > (1 if "--board" in argv else 100), argv


def test_a_file_past_the_batch_in_a_real_run(tmp_path: Path) -> None:
    path = _file(tmp_path, batch.BATCH + 40, (batch.BATCH + 9,))
    assert batch.FEW < batch.BATCH * 0.8  # (most of the file's boards can be replayed)
    for argv in (["play", str(path), "--json"],):
        real = subprocess.run([*bridgecli_cmd(), *argv], capture_output=True, text=True, env=subprocess_env())
        assert (real.returncode, real.stdout, real.stderr) == _run(argv, 0), argv
    # and that run did replay a batch
    calls: list[int] = []
    many = batch._replayed
    with pytest.MonkeyPatch.context() as m:
        m.setattr(batch, "_replayed", lambda *args: calls.append(len(args[1])) or many(*args))
        m.setattr(fastpaths, "ON", True)  # (the lane itself, whatever BRIDGECLI_FAST_PATHS says)
        from click.testing import CliRunner

        CliRunner().invoke(cli, ["play", str(path), "--json"])
    assert calls and calls[0] > batch.FEW


def test_boards_without_an_int_lane_never_reach_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgecli.checks.play import check_play, json_line

    def refuse(*args: object) -> None:
        raise AssertionError("numpy's replay called")

    rng = random.Random(5)
    boards = [_job(rng, "none")[0] for _ in range(12)]  # built Boards: replayed the full way
    want = [json_line(c) for c in check_play(boards)]
    monkeypatch.setattr(batch, "BATCH", 4)
    monkeypatch.setattr(batch, "FEW", 1)
    monkeypatch.setattr(batch, "_replayed", refuse)
    assert [json_line(c) for c in check_play(boards)] == want


def _with_play_text(board: Any, text: str) -> Any:
    """``board`` (a LazyBoard) with its waiting play text replaced by ``text``."""
    entry = board.play_entry
    object.__setattr__(board, "play_entry", (*entry[:3], ((entry[3][0][0], text), *entry[3][1:]), *entry[4:]))
    return board


@pytest.mark.parametrize("seed", range(6))
def test_play_ints_many_gives_what_play_ints_gives_for_each(seed: int) -> None:
    rng = random.Random(seed)
    pool = [_job(rng, d)[0] for d in ("none", "none", "short", "twice", "claim", "end") * 2]
    boards: list[Any] = list(pbn.loads(pbn.dumps(pool)))
    assert all(type(b) is pbn.LazyBoard and pbn.play_text(b) for b in boards)
    # texts of other forms (converted on their own), one that does not convert (the whole
    # batch on its own), anything else than a waiting record
    odd = ["  ", "\t", "x", "é", "s", "\n", ""]
    built = boards[0].replace(number=2)
    for b in rng.sample(boards[1:], 4):  # (boards[0] is built now)
        t = pbn.play_text(b)
        assert t is not None
        at = rng.randrange(len(t))
        _with_play_text(b, t[:at] + rng.choice(odd) + t[at + 1:] if seed % 2 else t[:at] + rng.choice(odd) + t[at:])
    boards += [None, Board(number=1), built]
    rng.shuffle(boards)
    assert pbn.play_ints_many(boards) == [pbn.play_ints(b) for b in boards]
    assert pbn.play_ints_many(boards[:1]) == [pbn.play_ints(boards[0])]
    kept = [b for b in boards if pbn.play_ints(b) is not None]
    assert len(kept) > 4 and pbn.play_ints_many(kept) == [pbn.play_ints(b) for b in kept]


def test_play_ints_many_does_not_cut_by_lengths_that_only_add_up() -> None:
    rng = random.Random(7)
    boards: list[Any] = list(pbn.loads(pbn.dumps([_job(rng, "none")[0] for _ in range(3)])))
    a, b = (pbn.play_text(x) for x in boards[:2])
    assert a and b and " " in a and " " in b
    _with_play_text(boards[0], a.replace(" ", "  ", 1))  # one character more, one card less than a third
    _with_play_text(boards[1], b.replace(" ", "", 1))  # one character less
    got = pbn.play_ints_many(boards)
    assert got == [pbn.play_ints(x) for x in boards] and all(got)


@pytest.mark.parametrize("seed", range(4))
def test_score_many_gives_what_contract_and_tricks_gives(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgecli.core.errors import MismatchError
    from bridgecli.formats.traveller import contract_and_tricks, score_many

    rng = random.Random(seed)
    kinds_of = ["none", "none", "claim", "result", "end", "leader"]
    built = [_job(rng, rng.choice(kinds_of))[0] for _ in range(60)]
    built += [b.replace(result=None) for b in built[:20]]  # no Result: tricks from the play
    boards: list[Any] = list(pbn.loads(pbn.dumps(built)))
    boards += [None, Board(number=1), built[0]]  # not read from PBN: not replayed here
    monkeypatch.setattr(batch, "FEW", 1)
    got = score_many(boards)
    assert got is not None and len(got) == len(boards)
    kinds = set()
    for board, found in zip(boards, got):
        if found is None:
            continue
        try:
            want: object = contract_and_tricks(board)
        except MismatchError:
            want = None
        assert found == want, board
        kinds.add(found[1] is None)
    assert kinds == {True, False}  # tricks unknown, tricks known
    # every board that is not scored here is one the batch could not replay, or one the full way refuses
    refused = sum(1 for b, f in zip(boards[:80], got) if f is None)
    assert refused > 5
    monkeypatch.setattr(batch, "FEW", 81)
    assert score_many(boards) is None  # too few to replay together
