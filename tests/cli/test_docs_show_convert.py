"""The examples in docs/commands/show.md and convert.md are real: rerun them and compare.

Only single ``bridgecli ...`` invocations without pipes or ``-o`` are rerun
(in docs/examples/); their stdout, stderr and exit code must match the text.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

import pytest

from bridgecli.cli import cli

from ..conftest import ROOT

DOCS = [ROOT / "docs" / "commands" / "show.md", ROOT / "docs" / "commands" / "convert.md"]
EXAMPLES = ROOT / "docs" / "examples"


def examples(path: Path) -> list[tuple[str, str, int]]:
    """(command, expected output, expected exit code) of each console example."""
    out: list[tuple[str, str, int]] = []
    in_block = False
    current: list = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```console"):
            in_block = True
            continue
        if in_block and line.startswith("```"):
            in_block = False
            continue
        if not in_block:
            continue
        if line.startswith("$ "):
            cmd = line[2:]
            if cmd == "echo $?":
                current.append("echo")
            else:
                current = [cmd, [], 0]
                out.append(current)  # type: ignore[arg-type]
        elif current and current[-1] == "echo":
            current.pop()
            current[2] = int(line)
        elif current:
            current[1].append(line)
    return [(c, "\n".join(lines), code) for c, lines, code in out]  # type: ignore[misc]


CASES = [(p.name, *ex) for p in DOCS for ex in examples(p)
         if ex[0].startswith("bridgecli ") and "|" not in ex[0] and " -o " not in ex[0]]


def test_docs_have_examples():
    assert len(CASES) >= 6


@pytest.mark.parametrize("doc,command,expected,code", CASES, ids=[c[1] for c in CASES])
def test_doc_example(runner, doc, command, expected, code):
    old = os.getcwd()
    os.chdir(EXAMPLES)
    try:
        res = runner.invoke(cli, shlex.split(command)[1:], prog_name="bridgecli")
    finally:
        os.chdir(old)
    assert (res.stdout + res.stderr).rstrip("\n") == expected
    assert res.exit_code == code
