"""The examples in docs/commands/solve.md are real: rerun them in docs/examples and compare."""

from __future__ import annotations

import os
import shlex
from typing import Any

import pytest

from bridgecli.cli import cli
from bridgecli.solver import dds

from ..conftest import ROOT
from .test_docs_show_convert import examples

DOC = ROOT / "docs" / "commands" / "solve.md"
EXAMPLES = ROOT / "docs" / "examples"
CASES = [ex for ex in examples(DOC) if ex[0].startswith("bridgecli ") and "|" not in ex[0] and " -o " not in ex[0]]


def test_doc_has_examples() -> None:
    assert len(CASES) >= 2


@pytest.mark.skipif(not dds.available(), reason="the DDS solver (endplay) is not installed")
@pytest.mark.parametrize("command,expected,code", CASES, ids=[c[0][:40] for c in CASES])
def test_doc_example(runner: Any, command: str, expected: str, code: int) -> None:
    old = os.getcwd()
    os.chdir(EXAMPLES)
    try:
        res = runner.invoke(cli, shlex.split(command)[1:], prog_name="bridgecli")
    finally:
        os.chdir(old)
    assert (res.stdout + res.stderr).rstrip("\n") == expected
    assert res.exit_code == code
