"""The script's entry point (bridgecli.launch): a Ctrl-C while modules still load."""

from __future__ import annotations

import sys

import pytest

from bridgecli import launch
from bridgecli.cli import interrupts


def test_ctrl_c_before_the_commands_own_handling_ends_with_130_and_one_line(monkeypatch, capsys):
    def loading() -> None:
        raise KeyboardInterrupt  # as when Ctrl-C lands during an import, before install()

    monkeypatch.setattr(interrupts, "entry", loading)
    monkeypatch.setattr(sys, "argv", ["bridgecli", "score", "3NT="])
    with pytest.raises(SystemExit) as exc:
        launch.entry()
    assert exc.value.code == 130
    assert capsys.readouterr().err == "bridgecli: interrupted\n"


def test_other_endings_pass_through(monkeypatch):
    def failing() -> None:
        sys.exit(2)

    monkeypatch.setattr(interrupts, "entry", failing)
    monkeypatch.setattr(sys, "argv", ["bridgecli", "score", "3NT="])
    with pytest.raises(SystemExit) as exc:
        launch.entry()
    assert exc.value.code == 2


@pytest.mark.parametrize("argv, orig_argv, main_file, expected", [
    (["-m"], ["python", "-m", "bridgecli", "score"], None, True),  # python -m bridgecli, while the package loads
    (["-m"], ["python3", "-S", "-X", "utf8", "-m", "bridgecli"], None, True),
    (["/venv/bin/bridgecli", "show"], ["python", "/venv/bin/bridgecli", "show"], "/venv/bin/bridgecli", True),
    (["-m"], ["python", "-m", "mytool"], None, False),  # another program's package imports bridgecli
    (["/venv/bin/pytest"], ["python", "/venv/bin/pytest"], "/venv/bin/pytest", False),
    (["bridgecli", "score"], ["python", "-c", "..."], None, False),  # a test that sets sys.argv itself
    ([], [], None, False),  # embedded
])
def test_started_as_program(argv, orig_argv, main_file, expected):
    assert launch.started_as_program(argv, orig_argv, main_file) is expected
