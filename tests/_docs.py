"""Shared runner for the ``test_docs_*`` modules: the console examples in
docs/commands/*.md are real, so each is rerun and its output compared."""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from click.testing import CliRunner

from bridgecli.cli import cli

from .conftest import ROOT

EXAMPLES = ROOT / "docs" / "examples"
"""The folder the documented commands run in."""


def examples(path: Path) -> list[tuple[str, str, int]]:
    """(command, expected output, expected exit code) of each console example."""
    out: list[list] = []
    in_block = False
    current: list = []
    lines = iter(path.read_text(encoding="utf-8").splitlines())
    for line in lines:
        while line.startswith("$ ") and line.endswith("\\"):
            line = line[:-1] + " " + next(lines, "").strip()
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
                out.append(current)
        elif current and current[-1] == "echo":
            current.pop()
            current[2] = int(line)
        elif current:
            current[1].append(line)
    return [(c, "\n".join(lines), code) for c, lines, code in out]


def check_example(runner: CliRunner, folder: Path, command: str, expected: str, code: int) -> None:
    """Run ``command`` (``bridgecli ...``) in ``folder``; its stdout and stderr
    together must be ``expected`` and its exit code ``code``."""
    from bridgecli.cli import common

    old = os.getcwd()
    os.chdir(folder)
    real = common.stdout_is_terminal
    common.stdout_is_terminal = lambda: True  # the docs show what a terminal shows
    try:
        res = runner.invoke(cli, shlex.split(command)[1:], prog_name="bridgecli")
    finally:
        common.stdout_is_terminal = real
        os.chdir(old)
    assert (res.stdout + res.stderr).rstrip("\n") == expected
    assert res.exit_code == code
