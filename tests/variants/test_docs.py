"""The examples of docs/commands/variants.md are real: rerun them in docs/examples/variants."""

from __future__ import annotations

import os
import shlex
from typing import Any

import pytest

from bridgecli.cli import cli

from ..cli.test_docs_show_convert import examples
from ..conftest import ROOT

DOC = ROOT / "docs" / "commands" / "variants.md"
EXAMPLES = ROOT / "docs" / "examples" / "variants"
CASES = [ex for ex in examples(DOC) if ex[0].startswith("bridgecli ")]


def test_doc_has_examples() -> None:
    assert len(CASES) >= 15


@pytest.mark.parametrize("command,expected,code", CASES, ids=[c[0] for c in CASES])
def test_doc_example(runner: Any, command: str, expected: str, code: int) -> None:
    old = os.getcwd()
    os.chdir(EXAMPLES)
    try:
        res = runner.invoke(cli, shlex.split(command)[1:], prog_name="bridgecli")
    finally:
        os.chdir(old)
    assert (res.stdout + res.stderr).rstrip("\n") == expected
    assert res.exit_code == code
