"""The examples in docs/commands/score.md are real: rerun them in docs/examples and compare.

Single ``bridgecli ...`` invocations are rerun with CliRunner, and ``cat FILE`` lines must
show the file as it is, so every file an example names is one the repository ships.
"""

from __future__ import annotations

import pytest

from .._docs import EXAMPLES, check_example, examples
from ..conftest import ROOT

DOC = ROOT / "docs" / "commands" / "score.md"
ALL = examples(DOC)
CASES = [ex for ex in ALL if ex[0].startswith("bridgecli ") and "|" not in ex[0] and " -o " not in ex[0]]
CATS = [ex for ex in ALL if ex[0].startswith("cat ")]


def test_doc_has_examples():
    assert len(CASES) >= 6 and CATS


@pytest.mark.parametrize("command,expected,code", CASES, ids=[c[0][:50] for c in CASES])
def test_doc_example(runner, command, expected, code):
    check_example(runner, EXAMPLES, command, expected, code)


@pytest.mark.parametrize("command,expected,code", CATS, ids=[c[0] for c in CATS])
def test_doc_shows_a_shipped_file(command, expected, code):
    path = EXAMPLES / command.split()[1]
    assert path.exists(), f"{path.name} is not in docs/examples"
    assert path.read_text(encoding="utf-8").rstrip("\n") == expected
