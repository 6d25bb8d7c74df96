"""The examples in docs/commands/languages.md are real: rerun them in docs/examples/ and compare."""

from __future__ import annotations

import pytest

from .._docs import check_example, examples
from ..conftest import ROOT

DOC = ROOT / "docs" / "commands" / "languages.md"
EXAMPLES = ROOT / "docs" / "examples"
CASES = [ex for ex in examples(DOC) if ex[0].startswith("bridgecli ") and "|" not in ex[0]]


def test_doc_has_examples() -> None:
    assert len(CASES) >= 10


@pytest.mark.parametrize("command,expected,code", CASES, ids=[c[0] for c in CASES])
def test_doc_example(runner, command: str, expected: str, code: int) -> None:
    check_example(runner, EXAMPLES, command, expected, code)
