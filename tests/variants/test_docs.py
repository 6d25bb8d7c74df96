"""The examples of docs/commands/variants.md are real: rerun them in docs/examples/variants."""

from __future__ import annotations

from typing import Any

import pytest

from .._docs import check_example, examples
from ..conftest import ROOT

DOC = ROOT / "docs" / "commands" / "variants.md"
EXAMPLES = ROOT / "docs" / "examples" / "variants"
CASES = [ex for ex in examples(DOC) if ex[0].startswith("bridgecli ")]


def test_doc_has_examples() -> None:
    assert len(CASES) >= 15


@pytest.mark.parametrize("command,expected,code", CASES, ids=[c[0] for c in CASES])
def test_doc_example(runner: Any, command: str, expected: str, code: int) -> None:
    check_example(runner, EXAMPLES, command, expected, code)
