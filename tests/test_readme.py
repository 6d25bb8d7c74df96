"""The console examples in README.md are real: each is rerun in a shell (pipes
included) from the repository root, and its output compared."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from ._docs import examples
from .conftest import ROOT

README = ROOT / "README.md"


CASES = [(command, output) for command, output, _code in examples(README)]


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder that looks like the repository root (a link to each of its entries), for the
    examples to run in: what they write (``-o cards.html``, ``-o site/``) stays out of the
    checkout."""
    folder = tmp_path_factory.mktemp("root")
    for entry in ROOT.iterdir():
        if entry.name not in (".git", "site"):
            (folder / entry.name).symlink_to(entry)
    return folder


@pytest.fixture(scope="module")
def shim(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a ``bridgecli`` script that runs this checkout."""
    folder = tmp_path_factory.mktemp("bin")
    script = folder / "bridgecli"
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m bridgecli "$@"\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return folder


def test_readme_has_examples() -> None:
    assert len(CASES) >= 15


@pytest.mark.parametrize("command,expected", CASES, ids=[c for c, _ in CASES])
def test_readme_example(shim: Path, scratch: Path, command: str, expected: str) -> None:
    if "bridgecli solve" in command or "show --solve" in command or "bridgecli simulate" in command:
        pytest.importorskip("endplay", reason="solve needs the dds extra")
    env = dict(os.environ)
    env["PATH"] = str(shim) + os.pathsep + env.get("PATH", "")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("BRIDGECLI_LANG", None)
    proc = subprocess.run(["bash", "-c", command], cwd=scratch, env=env, capture_output=True, text=True, timeout=120)
    assert (proc.stdout + proc.stderr).rstrip("\n") == expected
