"""The examples in docs/commands/results.md are real: rerun them in docs/examples and compare."""

from __future__ import annotations

from typing import Any

import pytest

from .._docs import check_example, examples
from ..conftest import ROOT

DOC = ROOT / "docs" / "commands" / "results.md"
EXAMPLES = ROOT / "docs" / "examples"
CASES = [ex for ex in examples(DOC) if ex[0].startswith("bridgecli ") and "|" not in ex[0] and " -o " not in ex[0]]


def test_doc_has_examples() -> None:
    assert len(CASES) >= 2


@pytest.mark.parametrize("command,expected,code", CASES, ids=[c[0][:40] for c in CASES])
def test_doc_example(runner: Any, command: str, expected: str, code: int) -> None:
    check_example(runner, EXAMPLES, command, expected, code)


def test_the_json_example_is_the_first_records() -> None:
    """The piped ``--json | head -3`` example: its lines are the first three records."""
    from click.testing import CliRunner

    from bridgecli.cli import cli

    block = DOC.read_text(encoding="utf-8").split("$ bridgecli results session.yaml --json | head -3\n")[1]
    shown = block.split("```")[0].splitlines()
    import os

    old = os.getcwd()
    os.chdir(EXAMPLES)
    try:
        out = CliRunner().invoke(cli, ["results", "session.yaml", "--json"]).output
    finally:
        os.chdir(old)
    assert out.splitlines()[:3] == shown
