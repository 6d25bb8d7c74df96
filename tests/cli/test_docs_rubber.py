"""The examples in docs/commands/rubber.md are real: rerun them (in docs/examples/) and compare."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from .._docs import EXAMPLES, check_example, examples
from ..conftest import ROOT

DOC = ROOT / "docs" / "commands" / "rubber.md"
ALL = examples(DOC)
CASES = [ex for ex in ALL if ex[0].startswith("bridgecli ")]


def test_doc_has_examples() -> None:
    assert len(CASES) >= 5


@pytest.mark.parametrize(("command", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_doc_example(runner: CliRunner, command: str, expected: str, code: int) -> None:
    check_example(runner, EXAMPLES, command, expected, code)


@pytest.mark.parametrize(("command", "expected"), [(c, e) for c, e, _ in ALL if c.startswith("cat ")])
def test_doc_inputs_are_the_files(command: str, expected: str) -> None:
    assert (EXAMPLES / command.split()[1]).read_text(encoding="utf-8").rstrip("\n") == expected
