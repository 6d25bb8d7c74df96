"""``bridgecli deal``: output, reproducibility, --jobs, scripts, statistics and errors."""

from __future__ import annotations

import re
import signal
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgecli import __version__
from bridgecli.cli import cli
from bridgecli.core.deal import Deal
from tests.conftest import alive, bridgecli_cmd, live_processes, subprocess_env

COND = "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)"


def deals_of(pbn: str) -> list[str]:
    return re.findall(r'\[Deal "([^"]+)"\]', pbn)


def test_default_one_board(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["deal", "--seed", "5"])
    assert r.exit_code == 0, r.output
    assert r.stderr == ""
    lines = r.stdout.splitlines()
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"]
    tags = [re.match(r"\[(\w+) ", ln).group(1) for ln in lines[2:]]  # type: ignore[union-attr]
    assert tags == ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
                    "Deal", "Scoring", "Declarer", "Contract", "Result", "Generator"]
    assert '[Board "1"]' in lines and '[Dealer "N"]' in lines and '[Vulnerable "None"]' in lines
    assert '[Generator "bridgecli 0.2.0 seed=5"]' in lines
    deal = Deal.from_pbn(deals_of(r.stdout)[0])
    assert deal.is_complete


def test_board_cycle_and_overrides(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["deal", "-n", "3", "--seed", "1", "--start-board", "7"])
    assert r.exit_code == 0
    assert re.findall(r'\[Dealer "(\w)"\]', r.stdout) == ["S", "W", "N"]
    assert re.findall(r'\[Vulnerable "(\w+)"\]', r.stdout) == ["All", "None", "EW"]
    assert [d[0] for d in deals_of(r.stdout)] == ["S", "W", "N"]
    r = runner.invoke(cli, ["deal", "-n", "2", "--seed", "1", "--dealer", "W", "--vul", "both"])
    assert re.findall(r'\[Dealer "(\w)"\]', r.stdout) == ["W", "W"]
    assert re.findall(r'\[Vulnerable "(\w+)"\]', r.stdout) == ["All", "All"]


def test_random_seed_is_written(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["deal", "--format", "pbn"])
    seed = re.search(r"seed=(\d+)", r.stdout).group(1)  # type: ignore[union-attr]
    again = runner.invoke(cli, ["deal", "--seed", seed])
    assert again.stdout == r.stdout


def test_random_seed_on_stderr_for_text(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["deal", "-n", "2", "--format", "text"])
    seed = re.fullmatch(r"bridgecli: note: seed (\d+) \(repeat with --seed \d+\)\n", r.stderr).group(1)  # type: ignore[union-attr]
    again = runner.invoke(cli, ["deal", "-n", "2", "--format", "text", "--seed", seed])
    assert again.stdout == r.stdout and again.stderr == ""


@pytest.mark.parametrize("extra", [["--where", COND], ["--start-board", "3"], ["--format", "text"],
                                   ["--dealer", "E", "--stats", "hcp(north)"], ["--format", "json"],
                                   ["--predeal", "N:AKQJ.AKQ.AKQ.AKQ", "--vul", "EW"]])
def test_same_seed_same_bytes_whatever_jobs(tmp_path: Path, extra: list[str]) -> None:
    outs = []
    for jobs in ("1", "2", "3") if extra[0] == "--where" else ("1", "2"):
        target = tmp_path / f"out{jobs}"
        args = ["deal", "-n", "20000" if "json" not in extra else "100", "--seed", "11", "--jobs", jobs,
                "-o", str(target), *extra]
        subprocess.run(bridgecli_cmd() + args, check=True, env=subprocess_env(), capture_output=True)
        outs.append(target.read_bytes())
    assert all(out == outs[0] for out in outs)
    if "--format" not in extra:
        assert len(deals_of(outs[0].decode())) == 20000


@pytest.mark.parametrize("fmt", ["pbn", "text"])
def test_jobs_write_the_same_bytes_into_a_pipe(fmt: str) -> None:
    # with --jobs the workers write the output themselves, in turn: into a pipe here
    outs = [subprocess.run(bridgecli_cmd() + ["deal", "-n", "40000", "--seed", "8", "--format", fmt,
                                              "--start-board", "9990", "--jobs", jobs],
                           env=subprocess_env(), capture_output=True, check=True).stdout for jobs in ("1", "2")]
    assert outs[0] == outs[1]
    if fmt == "pbn":
        numbers = [int(n) for n in re.findall(rb'\[Board "(\d+)"\]', outs[0])]
        assert numbers == list(range(9990, 9990 + 40000))
    else:
        assert outs[0].count(b"\n") == 40000


@pytest.mark.parametrize("fmt", ["pbn", "text", "yaml", "lin"])
def test_small_runs_without_numpy_deal_the_same_boards(runner: CliRunner, fmt: str) -> None:
    # up to PLAIN_PYTHON_MAX deals are dealt in plain Python, more with numpy: the boards of a
    # seed are the same either way
    from bridgecli.dealer.session import PLAIN_PYTHON_MAX
    from bridgecli.formats import read_boards

    args = ["deal", "--seed", "31", "--format", fmt, "--dealer", "W", "--predeal", "south=SAK,HQ"]
    small = runner.invoke(cli, [*args, "-n", str(PLAIN_PYTHON_MAX)])
    big = runner.invoke(cli, [*args, "-n", str(PLAIN_PYTHON_MAX + 1)])
    assert small.exit_code == big.exit_code == 0
    if fmt == "text":
        assert big.stdout.startswith(small.stdout)
        return
    a, b = read_boards(small.stdout, fmt), read_boards(big.stdout, fmt)
    assert len(a) == PLAIN_PYTHON_MAX and len(b) == PLAIN_PYTHON_MAX + 1
    assert a == b[:-1]
    if fmt == "pbn":
        assert big.stdout.startswith(small.stdout)


def test_small_run_imports_no_numpy() -> None:
    code = ("import sys; sys.argv = ['bridgecli', 'deal', '-n', '32', '--seed', '1', '--format', 'text']\n"
            "from bridgecli.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "assert 'numpy' not in sys.modules, 'numpy imported'")
    r = subprocess.run([bridgecli_cmd()[0], "-c", code], env=subprocess_env(), capture_output=True, check=True)
    assert r.stdout.count(b"\n") == 32


@pytest.mark.parametrize("fmt", ["text", "lin"])
def test_seed_note_comes_first(fmt: str) -> None:
    # `| head` must not lose it: it is on stderr before any board is written
    r = subprocess.run(bridgecli_cmd() + ["deal", "-n", "3", "--format", fmt], env=subprocess_env(),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=True)
    first = r.stdout.decode().splitlines()[0]
    assert re.fullmatch(r"bridgecli: note: seed \d+ \(repeat with --seed \d+\)", first)


def test_where_is_met_and_text_format(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["deal", "-n", "50", "--seed", "3", "--where", "hcp(north) >= 20",
                            "--where", "spades(south) >= 4", "--format", "text"])
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert len(lines) == 50
    for line in lines:
        d = Deal.from_pbn(line)
        assert d.hands[0] is not None and d.hands[0].hcp >= 20
        assert d.hands[2] is not None and d.hands[2].shape[0] >= 4


def test_predeal(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["deal", "-n", "20", "--seed", "2", "--format", "text",
                            "--predeal", "S:AKQJ.AKQ.AKQ.AKQ", "--predeal", "west=S2,HT9"])
    assert r.exit_code == 0, r.output
    for line in r.stdout.splitlines():
        d = Deal.from_pbn(line)
        assert d.hands[2].to_pbn() == "AKQJ.AKQ.AKQ.AKQ"  # type: ignore[union-attr]
        west = {str(c) for c in d.hands[3]}  # type: ignore[union-attr]
        assert {"S2", "HT", "H9"} <= west


def test_predeal_with_a_condition_on_the_same_seat(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["deal", "-n", "30", "--seed", "6", "--format", "text", "--predeal", "north=SA,HK",
                            "--where", "hcp(north) >= 20 && hascard(north, AS) && !hascard(north, AH)"])
    assert r.exit_code == 0, r.stderr
    for line in r.stdout.splitlines():
        north = Deal.from_pbn(line).hands[0]
        assert north is not None and north.hcp >= 20
        cards = {str(c) for c in north}
        assert {"SA", "HK"} <= cards and "HA" not in cards


def test_predeal_conflicts_exit_2(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["deal", "--predeal", "N:AK.-.-.-", "--predeal", "east=SA"])
    assert r.exit_code == 2
    assert "'SA'" in r.stderr and "north and east" in r.stderr
    r = runner.invoke(cli, ["deal", "--predeal", "north=SAKQJT98765432,HA"])
    assert r.exit_code == 2
    assert "more than 13" in r.stderr
    assert r.stdout == ""


def test_syntax_error_has_a_caret(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["deal", "--where", "hcp(north) >= 15 &&"])
    assert r.exit_code == 2
    assert r.stdout == ""
    lines = r.stderr.splitlines()
    assert lines[0].startswith("bridgecli: error: --where 'hcp(north) >= 15 &&': expression ends too early")
    assert lines[1] == "  hcp(north) >= 15 &&"
    assert lines[2] == "  " + " " * 19 + "^"


def test_unknown_function_lists_known(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["deal", "--where", "points(north) > 3"])
    assert r.exit_code == 2
    assert "unknown name 'points'" in r.stderr and "hcp" in r.stderr and "cccc" in r.stderr


def test_impossible_constraint_exits_1(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["deal", "-n", "2", "--seed", "1", "--where", "hcp(north) > 37", "--max-tries", "5000"])
    assert r.exit_code == 1
    assert "only 0 of 2 deals" in r.stderr and "5,000 tries" in r.stderr and "acceptance rate 0%" in r.stderr


def test_stats(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["deal", "-n", "2000", "--seed", "4", "--stats", "hcp(south)", "--format", "text",
                            "--where", "hcp(north) >= 12"])
    assert r.exit_code == 0
    assert len(r.stdout.splitlines()) == 2000
    assert re.search(r"accepted 2,000 of [\d,]+ dealt \(\d", r.stderr)
    assert re.search(r"hcp\(south\): mean \d+\.?\d* over 2,000 deals", r.stderr)
    r = runner.invoke(cli, ["deal", "-n", "10", "--seed", "4", "--stats", "--format", "text"])
    assert r.stderr == "accepted 10 of 10 dealt (100%)\n"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_stats_count_the_deals_examined(runner: CliRunner, jobs: str) -> None:
    # dealt = the deals up to and including the last one accepted, not whole batches: so exactly
    # that many tries find all of them, and one fewer does not
    where = ["--where", "hcp(north) >= 16", "--seed", "6", "--format", "text", "--jobs", jobs]
    r = runner.invoke(cli, ["deal", "-n", "7", "--stats", *where])
    assert r.exit_code == 0, r.stderr
    m = re.fullmatch(r"accepted 7 of ([\d,]+) dealt \(([\d.]+)%\)\n", r.stderr)
    assert m, r.stderr
    tried = int(m.group(1).replace(",", ""))
    assert 7 <= tried < 8192
    assert float(m.group(2)) == pytest.approx(100 * 7 / tried, rel=1e-3)
    enough = runner.invoke(cli, ["deal", "-n", "7", "--max-tries", str(tried), *where])
    assert enough.exit_code == 0 and enough.stdout == r.stdout
    short = runner.invoke(cli, ["deal", "-n", "7", "--max-tries", str(tried - 1), *where])
    assert short.exit_code == 1 and "only 6 of 7 deals" in short.stderr


def test_progress_only_when_asked_and_not_for_short_runs(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    r = runner.invoke(cli, ["deal", "-n", "5", "--seed", "1", "--format", "text"])
    assert r.stderr == ""
    r = runner.invoke(cli, ["deal", "-n", "5", "--seed", "1", "--format", "text", "--progress"])
    assert r.exit_code == 0 and r.stderr == ""  # done in under a second: no progress line
    from bridgecli.cli import deal as deal_mod

    monkeypatch.setattr(deal_mod._Progress, "DELAY", 0.0)
    r = runner.invoke(cli, ["deal", "-n", "5", "--seed", "1", "--format", "text", "--progress",
                            "--where", "hcp(north) >= 10"])
    assert re.search(r"deal: 5/\d+ accepted \(", r.stderr), r.stderr


def test_output_file(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "x.pbn"
    r = runner.invoke(cli, ["deal", "-n", "3", "--seed", "8", "-o", str(target)])
    assert r.exit_code == 0 and r.stdout == ""
    assert len(deals_of(target.read_text())) == 3


SCRIPT = """\
# a 1NT opener in the south
generate 200000
produce 15
dealer south
vulnerable EW
predeal north SA, HA
nt = shape(south, any 4333 + any 4432 + any 5332) && hcp(south) >= 15 && hcp(south) <= 17
condition nt and not hascard(south, KS)
action printpbn, average "south hcp" hcp(south), frequency "spades" (spades(south), 2, 5)
"""


def test_script(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "nt.dl"
    path.write_text(SCRIPT)
    r = runner.invoke(cli, ["deal", "--script", str(path), "--seed", "9"])
    assert r.exit_code == 0, r.stderr
    deals = deals_of(r.stdout)
    assert len(deals) == 15
    assert set(re.findall(r'\[Dealer "(\w)"\]', r.stdout)) == {"S"}
    assert set(re.findall(r'\[Vulnerable "(\w+)"\]', r.stdout)) == {"EW"}
    for text in deals:
        d = Deal.from_pbn(text)
        south, north = d.hands[2], d.hands[0]
        assert south is not None and north is not None
        assert 15 <= south.hcp <= 17 and sorted(south.shape) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])
        assert {"SA", "HA"} <= {str(c) for c in north} and "SK" not in {str(c) for c in south}
    assert re.search(r"^south hcp: 1[5-7](\.\d+)?$", r.stdout, re.MULTILINE)
    assert "Frequency spades:" in r.stdout and re.search(r"^    3\t +\d+$", r.stdout, re.MULTILINE)
    # -n on the command line overrides produce; --where adds to the condition
    r = runner.invoke(cli, ["deal", "--script", str(path), "--seed", "9", "-n", "3", "--where", "hcp(north) >= 10"])
    assert len(deals_of(r.stdout)) == 3


def test_script_printall_and_generate_limit(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "all.dl"
    path.write_text("generate 100\nproduce 2\ncondition hcp(north) > 37\naction printall\n")
    r = runner.invoke(cli, ["deal", "--script", str(path), "--seed", "1"])
    assert r.exit_code == 0
    assert "generate limit" in r.stderr
    path.write_text("produce 2\n")  # no action: printall, as in dealer
    r = runner.invoke(cli, ["deal", "--script", str(path), "--seed", "1"])
    blocks = r.stdout.split("\n\n")
    assert blocks[0].splitlines()[0] == "   1." and len(blocks[0].splitlines()) == 5
    cells = blocks[0].splitlines()[1]
    assert len(cells) > 60


def test_script_unsupported_keyword_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "bad.dl"
    path.write_text("produce 5\n\naction printoneline\n")
    r = runner.invoke(cli, ["deal", "--script", str(path)])
    assert r.exit_code == 2
    assert f"{path}:3:8: unsupported action 'printoneline'" in r.stderr
    path.write_text("produce 5\ncondition hcp(north) > 10 &&\n")
    r = runner.invoke(cli, ["deal", "--script", str(path)])
    assert r.exit_code == 2 and f"{path}:3:" in r.stderr


def test_fast_pbn_equals_the_pbn_writer(runner: CliRunner) -> None:
    from bridgecli.formats import pbn

    r = runner.invoke(cli, ["deal", "-n", "40", "--seed", "21", "--start-board", "90"])
    assert r.exit_code == 0
    boards = pbn.loads(r.stdout)
    assert [b.number for b in boards] == list(range(90, 130))
    assert pbn.dumps(boards) == r.stdout
    # the batch writer and the PBN writer give the same text for the same boards
    from bridgecli.dealer.generate import Dealer, batch_generator
    from bridgecli.dealer.output import boards_of

    owner = Dealer(batch_size=20).deal(batch_generator(1, 0))[0]
    # (the PBN roster left empty, as deal's PBN writes it; YAML and JSON leave those tags out)
    roster = dict.fromkeys(("Event", "Site", "Date", "West", "North", "East", "South", "Scoring"), "")
    made = [b.replace(tags={**roster, **b.tags})
            for b in boards_of(iter([(7 + k, owner[:, k].tolist()) for k in range(20)]), 1)]
    from bridgecli.dealer.pbnfast import RecordWriter, deal_strings
    from bridgecli.dealer.plain import pbn_render

    writer = RecordWriter(pbn_render(f"bridgecli {__version__} seed=1"), lambda b: (b - 1) % 4,
                          lambda b: ("None", "NS", "EW", "All")[((b - 1) + (b - 1) // 4) % 4])
    text = b"".join(writer.write(deal_strings(owner, writer.dealers(7, 20)), 7)).decode()
    assert "% PBN 2.1\n% EXPORT\n" + text == pbn.dumps(made)


def test_other_formats(runner: CliRunner) -> None:
    from bridgecli.formats import read_boards

    base = runner.invoke(cli, ["deal", "-n", "5", "--seed", "13", "--format", "text"]).stdout.splitlines()
    for fmt in ("yaml", "json", "lin"):
        r = runner.invoke(cli, ["deal", "-n", "5", "--seed", "13", "--format", fmt])
        assert r.exit_code == 0, r.stderr
        boards = read_boards(r.stdout, fmt)
        assert [b.deal.to_pbn() for b in boards] == base  # type: ignore[union-attr]
        assert [b.number for b in boards] == [1, 2, 3, 4, 5]


def test_numpy_only_when_dealing() -> None:
    code = ("import sys, bridgecli.cli, bridgecli.cli.deal, bridgecli.cli.score, bridgecli.dealer; "
            "assert 'numpy' not in sys.modules, 'numpy imported'")
    subprocess.run([bridgecli_cmd()[0], "-c", code], check=True, env=subprocess_env())


def test_script_pointcount_altcount_and_predeal_errors(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "pc.dl"
    # controls through pointcount; top honours through a replaced alternate count
    path.write_text("produce 30\npointcount 2, 1\naltcount 0 1 1 1\n"
                    "condition hcp(north) >= 5 && pt0(north) >= 3\naction printpbn\n")
    r = runner.invoke(cli, ["deal", "--script", str(path), "--seed", "2"])
    assert r.exit_code == 0, r.stderr
    for text in deals_of(r.stdout):
        north = Deal.from_pbn(text).hands[0]
        assert north is not None
        ranks = [c.rank.letter for c in north]
        assert 2 * ranks.count("A") + ranks.count("K") >= 5
        assert sum(ranks.count(x) for x in "AKQ") >= 3
    path.write_text("predeal north SAK, HA\npredeal south SK\n")
    r = runner.invoke(cli, ["deal", "--script", str(path)])
    assert r.exit_code == 2
    assert f"{path}:2:" in r.stderr and "'SK'" in r.stderr


def test_script_stats_only_runs_to_generate(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "st.dl"
    path.write_text("generate 20000\naction average hcp(north), frequency (spades(south), 3, 4)\n")
    r = runner.invoke(cli, ["deal", "--script", str(path), "--seed", "5"])
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert 9.5 < float(lines[0]) < 10.5  # mean HCP of a hand is 10
    assert lines[1] == "Frequency :"
    total = sum(int(ln.split("\t")[1]) for ln in lines[2:])
    assert total == 20000


def test_jobs_stop_cleanly_with_batches_in_flight() -> None:
    # stopping with large results still in the pipes once deadlocked the pool
    r = subprocess.run(bridgecli_cmd() + ["deal", "-n", "100000", "--seed", "3", "--jobs", "2", "--format", "text"],
                       env=subprocess_env(), capture_output=True, timeout=120, check=False)
    assert r.returncode == 0
    assert r.stdout.count(b"\n") == 100000


def test_tricks_condition(runner: CliRunner) -> None:
    from bridgecli.solver import dds

    if not dds.available():
        r = runner.invoke(cli, ["deal", "--where", "tricks(north, notrump) >= 9"])
        assert r.exit_code == 2 and "DDS" in r.stderr
        return
    r = runner.invoke(cli, ["deal", "-n", "2", "--seed", "2", "--format", "text",
                            "--where", "hcp(north) + hcp(south) >= 30 && tricks(south, notrump) >= 10"])
    assert r.exit_code == 0, r.stderr
    deals = [Deal.from_pbn(line) for line in r.stdout.splitlines()]
    assert len(deals) == 2
    from bridgecli.core.cards import Seat, Strain

    for deal, table in zip(deals, dds.solve_tables(deals)):
        assert deal.hands[0].hcp + deal.hands[2].hcp >= 30  # type: ignore[union-attr]
        assert table[Seat.SOUTH, Strain.NOTRUMP] >= 10


def _signal_the_group(proc: subprocess.Popen[bytes], signals: list[int]) -> tuple[bytes, float]:
    """Send ``signals`` to ``proc``'s process group, as a terminal's Ctrl-C does, 50 ms apart;
    its stderr and the seconds it took to end."""
    import os
    import time

    start = time.monotonic()
    for sig in signals:
        os.killpg(proc.pid, sig)
        time.sleep(0.05)
    _out, err = proc.communicate(timeout=30)
    return err, time.monotonic() - start


def _end(proc: subprocess.Popen[bytes]) -> None:
    """Kill ``proc`` if it still runs (a failed test leaves nothing behind)."""
    if proc.poll() is None:
        proc.kill()
        proc.wait()


def _interrupt_a_running_deal(tmp_path: Path, signals: list[int], extra: list[str]) -> None:
    """Start a long `deal --jobs 2 -o FILE`, send ``signals`` once it deals, check it stops cleanly."""
    import time

    if not Path("/proc/self/stat").exists():
        pytest.skip("needs /proc to find the worker processes")
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    proc = subprocess.Popen(bridgecli_cmd() + ["deal", "-n", "100000000", "--seed", "1", "--jobs", "2",
                                               "--format", "text", "-o", str(target), *extra],
                            env=subprocess_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while time.monotonic() < deadline and proc.poll() is None:
            workers = live_processes(1, proc.pid)
            if len(workers) >= 2 and list(tmp_path.glob(".bridgecli-*")):
                break
            time.sleep(0.05)
        assert len(workers) == 2, "the workers did not start"
        # dealing and writing (workers up, the temp file open): no fixed wait on top, in which a
        # fast machine reaches the end of the tries (10,000,000) before the signal
        err, took = _signal_the_group(proc, signals)
    finally:
        _end(proc)
    # 130; a second Ctrl-C landing as Python exits may end it by the signal itself, which a shell
    # also reports as 130
    # 128 + the signal's number (130 for Ctrl-C, 143 for SIGTERM), as a shell reports a process
    # the signal ended
    assert proc.returncode in (128 + signals[-1], -signals[-1]), err
    note = "" if signals[-1] == signal.SIGINT else f" ({signal.Signals(signals[-1]).name})"
    assert err.decode().endswith(f"bridgecli: interrupted{note}\n") and b"Traceback" not in err, err
    assert err.count(b"interrupted") == 1
    assert took < 3.0  # within a second when the machine is not loaded
    deadline = time.monotonic() + 10  # killed at once, reaped by the system a moment later
    while [w for w in workers if alive(w)] and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not [w for w in workers if alive(w)], "workers left running"
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]  # no temp file


def test_ctrl_c_stops_jobs_at_once(tmp_path: Path) -> None:
    import signal

    _interrupt_a_running_deal(tmp_path, [signal.SIGINT], [])


def test_second_ctrl_c_prints_no_traceback(tmp_path: Path) -> None:
    import signal

    _interrupt_a_running_deal(tmp_path, [signal.SIGINT, signal.SIGINT], ["--where", "hcp(north) >= 10"])


def test_sigterm_stops_jobs_like_ctrl_c(tmp_path: Path) -> None:
    import signal

    _interrupt_a_running_deal(tmp_path, [signal.SIGTERM], [])


def _needs_early_workers() -> None:
    from bridgecli.executors import usable_cores

    if not Path("/proc/self/stat").exists():
        pytest.skip("needs /proc to find the worker processes")
    if usable_cores() < 2:
        pytest.skip("one core: --jobs 2 is lowered to 1")


def test_ctrl_c_stops_early_workers_at_once() -> None:
    """Output to stdout: the script's entry point forks the workers before click is imported."""
    import time

    _needs_early_workers()
    proc = subprocess.Popen(bridgecli_cmd() + ["deal", "-n", "100000000", "--seed", "1", "--jobs", "2",
                                               "--format", "text"],
                            env=subprocess_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while time.monotonic() < deadline and proc.poll() is None and len(workers) < 2:
            # the first worker is the run's child, the second the first one's
            workers = [pid for pid in live_processes(3, proc.pid) if pid != proc.pid]
            time.sleep(0.05)
        assert len(workers) == 2, "the workers did not start"  # dealing: signalled at once (see above)
        err, took = _signal_the_group(proc, [signal.SIGINT])
    finally:
        _end(proc)
    assert proc.returncode in (130, -signal.SIGINT), err
    assert err.decode().endswith("bridgecli: interrupted\n") and b"Traceback" not in err, err
    assert took < 3.0  # within a second when the machine is not loaded
    deadline = time.monotonic() + 2.0
    while live_processes(3, proc.pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not [w for w in workers if alive(w)], "workers left running"
    assert not live_processes(3, proc.pid)


@pytest.mark.parametrize("extra, code", [(["--bogus"], 2), (["--max-tries", "5000"], 1)],
                         ids=["usage error", "one batch"])
def test_early_workers_a_run_does_not_take_are_ended(extra: list[str], code: int) -> None:
    """The entry point's glance at the command line started workers the run then did not use."""
    import time

    _needs_early_workers()
    cmd = bridgecli_cmd() + ["deal", "-n", "100000", "--seed", "5", "--jobs", "2", "--format", "text"]
    proc = subprocess.Popen(cmd + extra, env=subprocess_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == code, err
    # the first worker is reaped before the run ends; the others die with it (at once, but asynchronously)
    deadline = time.monotonic() + 2.0
    while live_processes(3, proc.pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not live_processes(3, proc.pid), "workers outlived the run"
    if code == 1:  # too few deals in the try limit: the ones found, as one process deals them
        alone = subprocess.run(cmd[:-4] + extra + ["--format", "text"], env=subprocess_env(), capture_output=True,
                               check=False)
        assert out == alone.stdout and out.count(b"\n") == 5000


def test_the_console_script_starts_early_workers(tmp_path: Path) -> None:
    """pyproject.toml's script runs bridgecli.launch:entry, which may fork the workers before click
    is imported: the bytes are the same as one process deals."""
    import sys

    from ..conftest import ROOT

    found = re.search(r'^bridgecli\s*=\s*"([\w.]+):(\w+)"', (ROOT / "pyproject.toml").read_text(), re.MULTILINE)
    assert found is not None and found.groups() == ("bridgecli.launch", "entry")
    script = tmp_path / "bridgecli"
    script.write_text("import sys\nfrom bridgecli.launch import entry\nsys.exit(entry())\n")
    args = ["deal", "-n", "20000", "--seed", "7", "--format", "text"]
    two = subprocess.run([sys.executable, str(script), *args, "--jobs", "2"], capture_output=True,
                         env=subprocess_env(), timeout=120, check=False)
    one = subprocess.run(bridgecli_cmd() + args, capture_output=True, env=subprocess_env(), timeout=120, check=False)
    assert two.returncode == 0 and two.stderr == b"", two.stderr
    assert two.stdout == one.stdout and two.stdout.count(b"\n") == 20000


def test_jobs_capped_at_the_cores(runner: CliRunner) -> None:
    from bridgecli.cli.common import usable_cores

    r = runner.invoke(cli, ["deal", "-n", "3", "--seed", "2", "--format", "text", "--jobs", "10000"])
    assert r.exit_code == 0
    assert r.stderr == f"bridgecli: note: --jobs 10,000 lowered to {usable_cores()}, the cores available\n"
    assert r.stdout == runner.invoke(cli, ["deal", "-n", "3", "--seed", "2", "--format", "text"]).stdout
    r = runner.invoke(cli, ["deal", "-n", "3", "--seed", "2", "--format", "text", "--jobs", str(usable_cores())])
    assert r.stderr == ""


def test_start_board_stays_readable(runner: CliRunner) -> None:
    # the readers refuse board numbers of more than 18 digits, so deal never writes one
    r = runner.invoke(cli, ["deal", "-n", "2", "--start-board", str(10**18 - 1)])
    assert r.exit_code == 2 and "--start-board" in r.stderr and "[Board" not in r.stdout
    r = runner.invoke(cli, ["deal", "-n", "1", "--seed", "1", "--start-board", str(10**18 - 1)])
    assert r.exit_code == 0 and f'[Board "{10**18 - 1}"]' in r.stdout


QUICK = """
import atexit, sys
atexit.register(lambda: print("torn down"))
sys.argv = ["bridgecli", "deal", *{args!r}]
from bridgecli.cli import {function}
{function}()
"""


@pytest.mark.parametrize(("function", "args", "code", "torn_down"), [
    ("entry", ["-n", "1200", "--seed", "1", "--format", "text"], 0, False),  # done: ended at once
    ("main", ["-n", "1200", "--seed", "1", "--format", "text"], 0, True),  # main() itself ends normally
    ("entry", ["-n", "3", "--seed", "1", "--where", "hcp(north) > 37", "--max-tries", "9000", "--format", "text"],
     1, True),  # a run that fails ends normally
])
def test_the_script_ends_a_finished_deal_at_once(function: str, args: list[str], code: int, torn_down: bool) -> None:
    r = subprocess.run(bridgecli_cmd()[:1] + ["-c", QUICK.format(args=args, function=function)], env=subprocess_env(),
                       capture_output=True, text=True, timeout=120, check=False)
    assert r.returncode == code, r.stderr
    lines = r.stdout.splitlines()
    assert ("torn down" in lines) == torn_down
    assert len([ln for ln in lines if ln.startswith("N:")]) == (1200 if code == 0 else 0)  # all of it flushed


# -- issue #31, the first hour --------------------------------------------------------


@pytest.mark.parametrize("limit, eta", [(1_000_000, "ETA 99 s at --max-tries"), (100_000_000, "ETA 499 s")])
def test_progress_eta_is_the_sooner_of_the_target_and_max_tries(monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str],
                                                                  limit: int, eta: str) -> None:
    from bridgecli.cli import deal as deal_mod

    clock = [100.0]
    monkeypatch.setattr(deal_mod.time, "monotonic", lambda: clock[0])
    meter = deal_mod._Progress(True, 50_000, limit)
    clock[0] = 101.0  # one second in: 100 accepted a second, 10,000 tried a second
    meter.update(100, 10_000)
    # 49,900 boards to go take 499 s; the tries left before the cap take (limit - 10,000) / 10,000 s
    assert capsys.readouterr().err.rstrip().endswith(eta)


def test_zero_boards_is_a_usage_error(runner: CliRunner) -> None:
    # a header without boards is no file any reader takes back: -n counts from 1
    r = runner.invoke(cli, ["deal", "-n", "0", "--seed", "1"])
    assert r.exit_code == 2 and r.stdout == ""
    assert r.stderr.startswith("bridgecli: error: invalid value for '-n'")
    assert "deal --help'" in r.stderr


def test_the_seed_note_has_the_bridgecli_prefix(runner: CliRunner) -> None:
    r = runner.invoke(cli, ["deal", "-n", "1", "--format", "text"])
    assert r.exit_code == 0 and r.stderr.startswith("bridgecli: note: seed ")


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_yaml_and_json_leave_out_the_empty_tags_and_read_back_identically(runner: CliRunner, fmt: str) -> None:
    # issue #31: `Event: ''`, `Site: ''`... are PBN's roster, not something the user gave
    r = runner.invoke(cli, ["deal", "-n", "3", "--seed", "5", "--format", fmt])
    assert r.exit_code == 0
    assert "''" not in r.stdout and '""' not in r.stdout and "Event" not in r.stdout
    assert "bridgecli" in r.stdout and "seed=5" in r.stdout  # the Generator tag stays
    back = runner.invoke(cli, ["convert", "-", "--from", fmt, "--to", fmt], input=r.stdout)
    assert back.exit_code == 0 and back.stdout == r.stdout
    # and the PBN of the same seed still has the roster PBN asks for
    pbn = runner.invoke(cli, ["deal", "-n", "1", "--seed", "5"]).stdout
    assert '[Event "' in pbn and '[Site "' in pbn


def test_text_format_says_what_it_does_not_write(runner: CliRunner) -> None:
    # one deal a line carries no board number: read back, the boards are 1, 2 ... (r1's finding:
    # --start-board 7 read back as boards 1 and 2, with their dealers and vulnerability)
    plain = runner.invoke(cli, ["deal", "-n", "2", "--seed", "5", "--format", "text"])
    assert plain.exit_code == 0 and plain.stderr == ""
    for extra in (["--start-board", "7"], ["--dealer", "S"], ["--vul", "both"]):
        r = runner.invoke(cli, ["deal", "-n", "2", "--seed", "5", "--format", "text", *extra])
        assert r.exit_code == 0 and r.stdout == plain.stdout
        assert "--format text writes the deals alone" in r.stderr
