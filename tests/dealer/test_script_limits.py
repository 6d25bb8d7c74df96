"""Scripts and conditions that cost gigabytes or the whole stack (issue #32): refused with
their place, or read without deep recursion."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli
from bridgecli.core.errors import ParseError
from bridgecli.dealer.expr import MAX_DEPTH
from bridgecli.dealer.script import MAX_FREQUENCY_ROWS, MAX_FREQUENCY_TOTAL, parse_script
from bridgecli.dealer.session import deal


def _chain(n: int, step: str = "v{p} + 1", use: str = "condition v{last} >= 0") -> str:
    """A script of ``n`` variables, each defined through the one before."""
    lines = ["v0 = hcp(north)"] + [f"v{i} = " + step.format(p=i - 1) for i in range(1, n)]
    return "\n".join(lines) + "\n" + use.format(last=n - 1) + "\nproduce 1\n"


def test_frequency_tables_are_bounded_in_all() -> None:
    # each table within its own limit, but a 33 KB script of them reached 3 GB
    wide = f"frequency (hcp(north), 0, {MAX_FREQUENCY_ROWS - 1})"
    tables = MAX_FREQUENCY_TOTAL // MAX_FREQUENCY_ROWS
    parse_script("produce 1\naction " + ", ".join([wide] * tables) + "\n")  # exactly the limit
    text = "produce 1\naction " + ", ".join([wide] * tables) + ",\n  frequency (hcp(south), 0, 0)\n"
    with pytest.raises(ParseError, match=f"{MAX_FREQUENCY_TOTAL + 1:,} rows in all") as info:
        parse_script(text, "f.dl")
    assert (info.value.source, info.value.line, info.value.column) == ("f.dl", 3, 3)


def test_a_thousand_where_options_are_anded() -> None:
    # ANDed as a chain, a batch went 1,000 calls deep ("input nested too deeply", no place)
    wheres = ["hcp(north) >= 0"] * 999 + ["hcp(north) >= 20"]
    (board,) = deal(1, where=wheres, seed=3)
    assert board.deal is not None
    assert board.deal.hands[0].hcp >= 20  # type: ignore[union-attr]


@pytest.mark.parametrize("step", ["v{p} + 1", "-v{p}", "v{p} ? 1 : 0", "v{p} > 3 && v{p} < 30"])
def test_a_long_variable_chain_is_refused_at_its_place(tmp_path: Path, runner: CliRunner, step: str) -> None:
    script = tmp_path / "chain.dl"
    script.write_text(_chain(400, step))
    r = runner.invoke(cli, ["deal", "--script", str(script), "--seed", "1"])
    assert r.exit_code == 2, r.output
    line = r.stderr.strip()
    assert line.startswith(f"bridgecli: error: {script}:") and "too deep once its variables" in line
    assert "nested too deeply to read" not in line
    # just within the limit (each step 3 levels at most): dealt, never out of Python's stack
    script.write_text(_chain(MAX_DEPTH // 3 - 1, step))
    r = runner.invoke(cli, ["deal", "--script", str(script), "--seed", "1"])
    assert r.exit_code == 0 and r.stdout.startswith("   1.\n"), r.output


def test_a_chain_in_an_action_is_refused_at_its_place(tmp_path: Path, runner: CliRunner) -> None:
    script = tmp_path / "avg.dl"
    script.write_text(_chain(400, use="action average v{last}"))
    r = runner.invoke(cli, ["deal", "--script", str(script), "--seed", "1"])
    assert r.exit_code == 2 and f"{script}:" in r.stderr and "too deep" in r.stderr


def test_a_variable_compiled_before_counts_its_depth() -> None:
    # the second v154 is compiled already (by the first: 310 levels), but put in place under 95 more
    shallow = _chain(155, use="condition v{last} >= 0 && v{last} < 1000")
    parse_script(shallow).compiler().compile(parse_script(shallow).condition)  # type: ignore[arg-type]
    deep = _chain(155, use="condition v{last} >= 0 && " + "-" * 95 + "v{last} < 1000")
    script = parse_script(deep)
    with pytest.raises(ParseError, match="too deep") as info:
        script.compiler().compile(script.condition)  # type: ignore[arg-type]
    assert info.value.line == 156
