"""The dealing calls of the Python API: ``bc.deal`` with scripts and fixed dealer or
vulnerability, ``bc.deal_stats`` and ``bc.DealStats``. Expected values come from the
boards themselves, measured with the core types (``Hand.hcp``, ``Hand.shape``), and
from the command the calls mirror."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

import bridgecli as bc
from bridgecli.cli import cli
from bridgecli.dealer import session
from bridgecli.dealer.stats import AverageResult, FrequencyResult

NT_SCRIPT = """\
generate 200000
produce 6
dealer south
vulnerable EW
predeal north SA, HA
nt = shape(south, any 4333 + any 4432 + any 5332) && hcp(south) >= 15 && hcp(south) <= 17
condition nt
action average "north hcp" hcp(north), frequency "south spades" (spades(south), 2, 5)
"""

BALANCED = {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)}


def _balanced(hand: bc.Hand) -> bool:
    return tuple(sorted(hand.shape, reverse=True)) in BALANCED


def _cli(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, ["deal", *args])
    return r.exit_code, r.stdout, r.stderr


def test_deal_runs_a_script_as_the_command_does(tmp_path: Path) -> None:
    boards = list(bc.deal(script=NT_SCRIPT, seed=4))
    assert len(boards) == 6  # the script's produce
    for b in boards:
        assert b.dealer == bc.Seat.SOUTH and b.vulnerability == bc.Vulnerability.EW
        north, south = b.deal[bc.Seat.NORTH], b.deal[bc.Seat.SOUTH]
        assert {"SA", "HA"} <= {str(c) for c in north.cards}
        assert 15 <= south.hcp <= 17 and _balanced(south)
    path = tmp_path / "nt.dl"
    path.write_text(NT_SCRIPT.replace("action ", "action printpbn, "))
    code, out, _err = _cli("--script", str(path), "--seed", "4", "--format", "text")
    assert code == 0
    assert [b.deal.to_pbn() for b in boards] == out.splitlines()[:6]


def test_deal_with_a_fixed_dealer_and_vulnerability() -> None:
    boards = list(bc.deal(5, seed=2, dealer="west", vul="both", start=3))
    assert [b.number for b in boards] == [3, 4, 5, 6, 7]
    assert {b.dealer for b in boards} == {bc.Seat.WEST}
    assert {b.vulnerability for b in boards} == {bc.Vulnerability.ALL}
    # the deals do not depend on the dealer or vulnerability
    assert [b.deal for b in boards] == [b.deal for b in bc.deal(5, seed=2, start=3)]
    with pytest.raises(bc.ParseError):
        bc.deal(1, dealer="middle")
    with pytest.raises(bc.ParseError):
        bc.deal(1, vul="some")


def test_big_plain_runs_deal_the_same_boards_as_small_ones() -> None:
    small = list(bc.deal(3, seed=9))
    big = bc.deal(session.PLAIN_PYTHON_MAX + 5, seed=9)  # numpy's batch path
    assert [next(big).deal for _ in range(3)] == [b.deal for b in small]


def test_deal_stats_measures_the_deals_bc_deal_gives() -> None:
    where = "hcp(north) >= 18"
    stats = bc.deal_stats(300, seed=6, where=where, stats="hcp(south)")
    boards = list(bc.deal(300, seed=6, where=where))
    south = Counter(b.deal[bc.Seat.SOUTH].hcp for b in boards)
    assert stats.accepted == 300 and stats.complete
    assert stats.counts == dict(south)
    assert stats.total == sum(v * c for v, c in south.items())
    assert stats.mean == pytest.approx(stats.total / 300)
    assert all(b.deal[bc.Seat.NORTH].hcp >= 18 for b in boards)
    # tried counts every deal up to the last one kept: so many tries find them, one fewer does not
    assert stats.tried > stats.accepted and stats.rate == stats.accepted / stats.tried
    assert len(list(bc.deal(300, seed=6, where=where, max_tries=stats.tried))) == 300
    with pytest.raises(bc.RuleError, match="only 299 of 300"):
        list(bc.deal(300, seed=6, where=where, max_tries=stats.tried - 1))


def test_deal_stats_report_is_the_commands_stats_text() -> None:
    stats = bc.deal_stats(2000, seed=3, where="hcp(north) >= 12", stats="spades(south)")
    code, _out, err = _cli("-n", "2000", "--seed", "3", "--where", "hcp(north) >= 12", "--stats", "spades(south)",
                           "--format", "text")
    assert code == 0 and err == stats.report()
    first = stats.report().splitlines()[0]
    assert re.fullmatch(r"accepted 2,000 of [\d,]+ dealt \([\d.]+%\)", first)
    assert sum(stats.counts.values()) == 2000 and min(stats.counts) >= 0 and max(stats.counts) <= 13


def test_script_actions_average_and_frequency() -> None:
    boards = list(bc.deal(script=NT_SCRIPT, seed=8))
    result = bc.deal_stats(script=NT_SCRIPT, seed=8)
    assert result.accepted == len(boards) == 6
    average, frequency = result.actions
    assert isinstance(average, AverageResult) and isinstance(frequency, FrequencyResult)
    assert average.label == "north hcp"
    assert average.mean == pytest.approx(sum(b.deal[bc.Seat.NORTH].hcp for b in boards) / 6)
    spades = Counter(b.deal[bc.Seat.SOUTH].shape[0] for b in boards)
    assert frequency.low == 2 and frequency.high == 5
    assert [frequency.count(v) for v in range(2, 6)] == [spades[v] for v in range(2, 6)]
    assert frequency.below == spades[0] + spades[1] and frequency.above == sum(
        c for v, c in spades.items() if v > 5)
    # the text is dealer's: a mean line, then a tab-separated table
    text = result.actions_text()
    assert text.startswith(f"north hcp: {average.mean:g}\nFrequency south spades:\n")
    assert f"    3\t{spades[3]:8d}\n" in text


def test_deal_stats_errors() -> None:
    with pytest.raises(session.ExpressionError) as info:
        bc.deal_stats(10, stats="hcp(north) +", seed=1)
    assert isinstance(info.value, bc.ParseError) and info.value.option == "--stats"
    with pytest.raises(bc.ParseError):
        bc.deal_stats(10, where="hcp(nowhere) > 3", seed=1)
    with pytest.raises(bc.RuleError, match="only 0 of 2 deals"):
        bc.deal_stats(2, where="hcp(north) > 37", seed=1, max_tries=5000)
    # a script's own generate limit ends the run with what it found: no error
    short = bc.deal_stats(script="generate 3000\nproduce 2\ncondition hcp(north) > 37\n", seed=1)
    assert short.accepted == 0 and short.tried == 3000 and not short.complete
    assert "generate limit" in (short.shortfall() or "")


def test_run_writes_what_the_command_writes() -> None:
    plan = session.plan(40, seed=12, where="hcp(south) >= 10", start_board=7)
    out = io.BytesIO()
    stats = session.run(plan, out)
    code, text, _err = _cli("-n", "40", "--seed", "12", "--where", "hcp(south) >= 10", "--start-board", "7")
    assert code == 0 and out.getvalue().decode() == text
    assert stats.accepted == 40


@pytest.mark.parametrize("args", [
    {"n": 1200, "seed": 3},  # past the plain-Python size: numpy's batches
    {"n": 30, "seed": 3, "where": "hcp(north) >= 16", "predeal": "S:AK.-.-.-", "start": 5},
])
def test_write_deals_writes_the_commands_bytes_for_any_jobs(tmp_path: Path, args: dict[str, object]) -> None:
    cli_args = ["-n", str(args["n"]), "--seed", str(args["seed"])]
    if "where" in args:
        cli_args += ["--where", str(args["where"]), "--predeal", str(args["predeal"]), "--start-board",
                     str(args["start"])]
    target = tmp_path / "cli.pbn"
    code, _out, _err = _cli(*cli_args, "-o", str(target))
    assert code == 0
    for jobs in (1, 2):
        mine = tmp_path / f"mine{jobs}.pbn"
        stats = bc.write_deals(mine, jobs=jobs, **args)  # type: ignore[arg-type]
        assert mine.read_bytes() == target.read_bytes()
        assert stats.accepted == args["n"]


def test_write_deals_formats_and_errors(tmp_path: Path) -> None:
    bc.write_deals(tmp_path / "x.yaml", 3, seed=5)
    boards = list(bc.read(tmp_path / "x.yaml"))
    assert [b.deal for b in boards] == [b.deal for b in bc.deal(3, seed=5)]
    out = io.BytesIO()
    bc.write_deals(out, 4, fmt="text", seed=5)
    assert out.getvalue().decode().splitlines() == [b.deal.to_pbn() for b in bc.deal(4, seed=5)]
    with pytest.raises(bc.ParseError):
        bc.write_deals(io.BytesIO(), 1, fmt="docx")
    found = io.BytesIO()
    with pytest.raises(bc.RuleError, match="only 0 of 2"):
        bc.write_deals(found, 2, fmt="text", where="hcp(north) > 37", seed=1, max_tries=3000)
    assert found.getvalue() == b""
