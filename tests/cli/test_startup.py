"""Start-up stays cheap: `bridgecli --help` imports neither the core nor the heavy libraries."""

from __future__ import annotations

import subprocess
import sys

from ..conftest import subprocess_env

PROBE = """
import sys
sys.argv = ["bridgecli", *{args!r}]
from bridgecli.cli import main
try:
    main()
except SystemExit:
    pass
heavy = sorted(m for m in {modules!r} if m in sys.modules)
print("LOADED:" + ",".join(heavy))
"""


def loaded(args: list[str], modules: list[str]) -> list[str]:
    code = PROBE.format(args=args, modules=modules)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=subprocess_env(),
                          timeout=60, check=True)
    line = [x for x in proc.stdout.splitlines() if x.startswith("LOADED:")][-1]
    return [m for m in line[len("LOADED:"):].split(",") if m]


def test_group_help_skips_core_and_heavy_modules():
    assert loaded(["--help"], ["bridgecli.core", "tabulate", "yaml", "numpy"]) == []


def test_show_help_skips_tabulate_and_yaml():
    assert loaded(["show", "--help"], ["tabulate", "yaml", "numpy", "bridgecli.render.text"]) == []
