"""The examples in docs/commands/rubber.md are real: rerun them (in docs/examples/) and compare."""

from __future__ import annotations

import os
import shlex

import pytest
from click.testing import CliRunner

from bridgecli.cli import cli

from ..conftest import ROOT
from .test_docs_show_convert import EXAMPLES, examples

DOC = ROOT / "docs" / "commands" / "rubber.md"
ALL = examples(DOC)
CASES = [ex for ex in ALL if ex[0].startswith("bridgecli ")]


def test_doc_has_examples() -> None:
    assert len(CASES) >= 5


@pytest.mark.parametrize(("command", "expected", "code"), CASES, ids=[c[0] for c in CASES])
def test_doc_example(runner: CliRunner, command: str, expected: str, code: int) -> None:
    old = os.getcwd()
    os.chdir(EXAMPLES)
    try:
        res = runner.invoke(cli, shlex.split(command)[1:], prog_name="bridgecli")
    finally:
        os.chdir(old)
    assert (res.stdout + res.stderr).rstrip("\n") == expected
    assert res.exit_code == code


@pytest.mark.parametrize(("command", "expected"), [(c, e) for c, e, _ in ALL if c.startswith("cat ")])
def test_doc_inputs_are_the_files(command: str, expected: str) -> None:
    assert (EXAMPLES / command.split()[1]).read_text(encoding="utf-8").rstrip("\n") == expected
