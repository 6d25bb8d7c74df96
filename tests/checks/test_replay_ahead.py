"""The batch replay's reading ahead (:mod:`bridgecli.core.play.batch`) as a user meets it:
on every numpy the project allows, never on a pipe (a record's answer is due when it is
read), and a bug met while looking ahead meets the records in their order."""

from __future__ import annotations

import re
import subprocess
import threading
from pathlib import Path

import pytest

from bridgecli.core import fastpaths
from bridgecli.core.board import Board
from bridgecli.core.play import batch

from ..conftest import bridgecli_cmd, subprocess_env
from .test_replay_batch import _file, _job

pytestmark = pytest.mark.usefixtures("fast_lanes_on")  # (the look-ahead replays boards the PBN reader kept as text: its lanes, in both passes)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _lanes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are of the batch lane itself: it is on whatever BRIDGECLI_FAST_PATHS says."""
    monkeypatch.setattr(fastpaths, "ON", True)


def test_the_batch_runs_on_every_numpy_the_project_allows(monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    import numpy as np

    floor = re.search(r'"numpy>=([0-9]+)', (ROOT / "pyproject.toml").read_text())
    assert floor is not None
    if int(floor.group(1)) >= 2:
        return  # (the floor was raised: numpy has bitwise_count)
    _, contract, hands, flat = _job(random.Random(1), "none")
    assert contract.declarer is not None
    args = ([hands], [flat], [(contract.declarer + 1) & 3], [min(int(contract.strain), 4)])
    want = batch.replay_many(*args)
    assert want[0] is not None  # (a regular record)
    monkeypatch.delattr(np, "bitwise_count")  # as on numpy 1.24 to 1.26
    assert batch.replay_many(*args) == want


@pytest.mark.parametrize("argv", [["play", "-", "--json"], ["score", "-", "--keep-going"]])
def test_an_error_on_a_slow_stdin_is_said_before_the_input_ends(tmp_path: Path, argv: list[str]) -> None:
    # 600 boards, the 6th broken (play) or its Result off the play (score), then the
    # producer stalls with stdin still open: the message is due now, not at EOF
    text = _file(tmp_path, 600, (5,)).read_bytes()
    proc = subprocess.Popen([*bridgecli_cmd(), *argv], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env=subprocess_env())
    assert proc.stdin is not None and proc.stderr is not None
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(proc.stderr.readline()), daemon=True)  # type: ignore[union-attr]
    try:
        reader.start()
        proc.stdin.write(text)
        proc.stdin.flush()
        reader.join(20)  # board by board: well under a second
        said_in_time = bool(got) and b"bridgecli: error:" in got[0]
    finally:
        proc.stdin.close()
        try:
            proc.wait(60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        reader.join(5)
    assert said_in_time


@pytest.mark.filterwarnings("ignore::bridgecli.core.errors.ReadWarning")
def test_a_failure_while_looking_ahead_comes_after_the_records_before_it(monkeypatch: pytest.MonkeyPatch,
                                                                         tmp_path: Path) -> None:
    import bridgecli.checks.play as checks_play
    from bridgecli.formats import pbn

    records = list(pbn.iter_records(_file(tmp_path, batch.BATCH + 10).read_text()))
    real = checks_play._job_of

    def failing(board: Board, ints: object) -> object:
        if board.number == 10:
            raise RuntimeError("a bug")
        return real(board, ints)  # type: ignore[arg-type]

    # the batch's look-ahead meets the bug first: board 10 is left to its own path, which
    # meets it again in its place, after the nine boards before it (both fast lanes, so on)
    monkeypatch.setattr(checks_play, "_job_of", failing)
    monkeypatch.setattr(fastpaths, "ON", True)
    done = 0
    with pytest.raises(RuntimeError):
        for _ in checks_play.check_play(records):
            done += 1
    assert done == 9


def _shown_while_read(path: Path, action: str, ahead: bool) -> list[tuple[object, ...]]:
    """What a user of the API sees, in order, reading ``path`` twice with ``check_play`` and
    once with ``score_boards``, the warning filters as Python starts (``default``) or set to
    ``action``: each warning shown (its category and message) among the boards passed on."""
    import warnings

    import bridgecli as bc

    seen: list[tuple[object, ...]] = []
    with warnings.catch_warnings():
        warnings.resetwarnings()  # (Python's own filters are for other categories)
        if action != "default":
            warnings.simplefilter(action)
        warnings.showwarning = lambda message, category, *args, **kw: seen.append((category, str(message)))
        for _ in range(2):
            seen.extend(("board", check.board and check.board.number) for check in
                        bc.check_play(bc.read(path), batched=ahead))
        seen.extend(("scored", s.board and s.board.number) for s in
                    bc.score_boards(path, keep_going=True, batched=ahead))
    return seen


@pytest.mark.parametrize("action", ["default", "always"])
def test_read_ahead_shows_an_api_user_the_warnings_reading_board_by_board_shows(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, action: str) -> None:
    from bridgecli.core.errors import ReadWarning

    # a tag without quotes: warned of when the input ends; the same message, from the same
    # place, on each read: the default filter shows it once, "always" each time
    monkeypatch.setattr(batch, "BATCH", 64)  # (three batches, each replayed)
    monkeypatch.setattr(batch, "FEW", 1)
    path = _file(tmp_path, 150)
    lines = path.read_text().splitlines()
    where = f"{path}:{lines.index('[Site ?]') + 1}: tag value without quotes"
    want = _shown_while_read(path, action, ahead=False)
    got = _shown_while_read(path, action, ahead=True)
    warned = [w for w in got if w[0] not in ("board", "scored")]
    assert all(category is ReadWarning and message.startswith(where) for category, message in warned)
    assert len(warned) == (1 if action == "default" else 3)
    assert got == want  # the same warnings, in the same places among the boards


@pytest.mark.parametrize("end", ["raises", "interrupted", "closed early", "nested"])
def test_showwarning_is_put_back_on_every_way_out(monkeypatch: pytest.MonkeyPatch, end: str) -> None:
    import warnings
    from collections.abc import Iterator

    monkeypatch.setattr(batch, "BATCH", 4)
    seen: list[str] = []

    def records() -> Iterator[int]:
        for k in range(10):
            warnings.warn(f"read {k}", UserWarning, stacklevel=1)
            if k == 6 and end in ("raises", "interrupted"):
                raise ValueError("bad input") if end == "raises" else KeyboardInterrupt
            yield k

    def ahead(items: object) -> Iterator[tuple[int, object]]:
        return batch.replayed_ahead(items, lambda rec, p: None, lambda recs: [None] * len(recs))  # type: ignore[arg-type]

    def show(message: Warning | str, *args: object, **kw: object) -> None:
        seen.append(str(message))

    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = show
        got: list[object] = []
        if end == "closed early":
            gen = ahead(records())
            got.append(next(gen)[0])
            gen.close()  # type: ignore[attr-defined]
        elif end == "nested":
            got.extend(rec for rec, _ in ahead(rec for rec, _ in ahead(records())))
        else:
            with pytest.raises(ValueError if end == "raises" else KeyboardInterrupt):
                for rec, _ in ahead(records()):
                    got.append(rec)
        assert warnings.showwarning is show
    # the warnings of the records passed on were shown, each just before its record
    n = len(got)
    assert got == list(range(n)) and seen[:n] == [f"read {k}" for k in range(n)]
    assert n == {"raises": 6, "interrupted": 4, "closed early": 1, "nested": 10}[end]
