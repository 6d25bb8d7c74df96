"""The examples in docs/commands/movement.md are real: rerun them in docs/examples and compare."""

from __future__ import annotations

import pytest

from .._docs import EXAMPLES, check_example, examples
from ..conftest import ROOT

DOC = ROOT / "docs" / "commands" / "movement.md"
ALL = examples(DOC)
CASES = [ex for ex in ALL if ex[0].startswith("bridgecli ")]
CATS = [ex for ex in ALL if ex[0].startswith("cat ")]


def test_doc_has_examples():
    assert len(CASES) >= 8 and CATS


@pytest.mark.parametrize(("command", "expected", "code"), CASES, ids=[c[0][:60] for c in CASES])
def test_doc_example(runner, command, expected, code):
    check_example(runner, EXAMPLES, command, expected, code)


@pytest.mark.parametrize(("command", "expected", "code"), CATS, ids=[c[0] for c in CATS])
def test_doc_shows_a_shipped_file(command, expected, code):
    assert (EXAMPLES / command.split()[1]).read_text(encoding="utf-8").rstrip("\n") == expected
