"""Shared fixtures: a CliRunner that keeps stdout and stderr apart, paths to samples."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgecli.core import fastpaths

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


@pytest.fixture(scope="module")
def fast_lanes_on() -> Iterator[None]:
    """The fast lanes on, whatever ``BRIDGECLI_FAST_PATHS`` says, for a module that holds a
    lane to its general path or checks that the lane is taken (``pytestmark =
    pytest.mark.usefixtures("fast_lanes_on")``): the suite's pass with the lanes off would
    otherwise compare the general path with itself, or find the lane not taken."""
    before = fastpaths.ON
    fastpaths.set_on(True)
    try:
        yield
    finally:
        fastpaths.set_on(before)


def bridgecli_cmd() -> list[str]:
    """argv prefix to run bridgecli as a real subprocess from this checkout."""
    return [sys.executable, "-m", "bridgecli"]


def subprocess_env() -> dict[str, str]:
    """Environment for subprocess runs: this checkout first on sys.path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def live_processes(field: int, value: int) -> list[int]:
    """Live (not zombie) processes whose /proc stat field ``field`` (counted after the
    name: 1 the parent, 3 the session) is ``value``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            if int(fields[field]) == value and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2:].split()[0] != "Z"
