"""The examples in docs/commands/languages.md are real: rerun them in docs/examples/ and compare."""

from __future__ import annotations

import os
import shlex

import pytest

from bridgecli.cli import cli

from ..conftest import ROOT
from .test_docs_show_convert import examples

DOC = ROOT / "docs" / "commands" / "languages.md"
EXAMPLES = ROOT / "docs" / "examples"
CASES = [ex for ex in examples(DOC) if ex[0].startswith("bridgecli ") and "|" not in ex[0]]


def test_doc_has_examples() -> None:
    assert len(CASES) >= 10


@pytest.mark.parametrize("command,expected,code", CASES, ids=[c[0] for c in CASES])
def test_doc_example(runner, command: str, expected: str, code: int) -> None:
    old = os.getcwd()
    os.chdir(EXAMPLES)
    try:
        res = runner.invoke(cli, shlex.split(command)[1:], prog_name="bridgecli")
    finally:
        os.chdir(old)
    assert (res.stdout + res.stderr).rstrip("\n") == expected
    assert res.exit_code == code
