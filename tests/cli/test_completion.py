"""Shell completion (docs/completion.md): the scripts click writes for bash, zsh and fish,
and what they complete, from a real process as a shell runs it."""

from __future__ import annotations

import subprocess

import pytest

from ..conftest import ROOT, bridgecli_cmd, subprocess_env


def run(**env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(bridgecli_cmd(), env={**subprocess_env(), **env}, capture_output=True, text=True,
                          timeout=60, check=False)


@pytest.mark.parametrize("shell, marks", [
    ("bash", ["_bridgecli_completion()", "complete -o nosort -F _bridgecli_completion bridgecli"]),
    ("zsh", ["#compdef bridgecli", "compdef _bridgecli_completion bridgecli"]),
    ("fish", ["complete --no-files --command bridgecli"]),
])
def test_completion_script(shell, marks):
    res = run(_BRIDGECLI_COMPLETE=f"{shell}_source")
    assert res.returncode == 0, res.stderr
    for mark in marks:
        assert mark in res.stdout
    assert "_BRIDGECLI_COMPLETE" in res.stdout  # the script calls bridgecli back under the same variable


@pytest.mark.parametrize("words, cword, expected", [
    ("bridgecli so", 1, ["solve"]),
    ("bridgecli show --from ", 3, ["pbn", "yaml", "json", "lin"]),
    ("bridgecli --lang ", 2, ["en", "pl", "hu"]),
    ("bridgecli show --per-page ", 3, ["1", "2", "4", "6"]),
])
def test_bash_completes(words, cword, expected):
    res = run(_BRIDGECLI_COMPLETE="bash_complete", COMP_WORDS=words, COMP_CWORD=str(cword))
    assert res.returncode == 0, res.stderr
    assert [line.split(",", 1)[1] for line in res.stdout.splitlines()] == expected


def test_documented():
    doc = (ROOT / "docs" / "completion.md").read_text(encoding="utf-8")
    for shell in ("bash", "zsh", "fish"):
        assert f"_BRIDGECLI_COMPLETE={shell}_source bridgecli" in doc
    assert "docs/completion.md" in (ROOT / "README.md").read_text(encoding="utf-8")
