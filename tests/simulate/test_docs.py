"""The examples in docs/commands/simulate.md are real: rerun them in docs/examples and compare."""

from __future__ import annotations

from typing import Any

import pytest

from bridgecli.solver import dds

from .._docs import check_example, examples
from ..conftest import ROOT

DOC = ROOT / "docs" / "commands" / "simulate.md"
EXAMPLES = ROOT / "docs" / "examples"
CASES = [ex for ex in examples(DOC) if ex[0].startswith("bridgecli ")]


def test_doc_has_examples() -> None:
    assert len(CASES) >= 4


@pytest.mark.skipif(not dds.available(), reason="the DDS solver (endplay) is not installed")
@pytest.mark.parametrize("command,expected,code", CASES, ids=[c[0][:40] for c in CASES])
def test_doc_example(runner: Any, command: str, expected: str, code: int) -> None:
    check_example(runner, EXAMPLES, command, expected, code)
