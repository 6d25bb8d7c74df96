"""Shared fixtures: a CliRunner that keeps stdout and stderr apart, paths to samples."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_deals"


@pytest.fixture
def runner() -> CliRunner:
    """A CliRunner with separate stderr (click >= 8.2 always separates)."""
    try:
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        return CliRunner()


@pytest.fixture
def samples() -> Path:
    """The sample_deals folder."""
    return SAMPLES


def bridgecli_cmd() -> list[str]:
    """argv prefix to run bridgecli as a real subprocess from this checkout."""
    return [sys.executable, "-m", "bridgecli"]


def subprocess_env() -> dict[str, str]:
    """Environment for subprocess runs: this checkout first on sys.path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env
