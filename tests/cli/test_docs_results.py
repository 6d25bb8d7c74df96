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


PIPED = [ex for ex in examples(DOC) if ex[0].startswith("bridgecli ") and "|" in ex[0]]


@pytest.mark.parametrize("command,expected,code", PIPED, ids=[c[0][:40] for c in PIPED])
def test_piped_doc_example(command: str, expected: str, code: int) -> None:
    """The examples that pipe into ``head`` or ``sed``, run in a shell from docs/examples."""
    import subprocess
    import sys

    from ..conftest import subprocess_env

    shell = command.replace("bridgecli ", f"{sys.executable} -m bridgecli ", 1)
    res = subprocess.run(shell, shell=True, capture_output=True, text=True, cwd=EXAMPLES, env=subprocess_env(),
                         timeout=60, check=False)
    assert (res.stdout + res.stderr).rstrip("\n") == expected
    assert res.returncode == code
