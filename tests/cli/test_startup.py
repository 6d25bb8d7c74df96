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


#: The board readers and writers. The package bridgecli.formats itself is light (every command
#: reads its FILE through formats.inputs), and loads a reader only when asked for its format.
READERS = ["bridgecli.formats.pbn", "bridgecli.formats.yaml_format", "bridgecli.formats.json_format",
           "bridgecli.formats.lin", "bridgecli.formats.oneline", "bridgecli.formats.stream",
           "bridgecli.formats.traveller"]

HEAVY = ["numpy", "yaml", "tabulate", "endplay", *READERS, "bridgecli.dealer", "bridgecli.solver"]


def test_every_help_is_cheap():
    from bridgecli.cli import COMMANDS

    for name in COMMANDS:
        assert loaded([name, "--help"], HEAVY) == [], name


def test_small_deal_imports_no_numpy_and_no_readers():
    assert loaded(["deal", "-n", "32", "--seed", "1"],
                  ["numpy", "yaml", "tabulate", *READERS, "bridgecli.core.notation",
                   "bridgecli.dealer.generate"]) == []


def test_score_one_contract_imports_no_readers_or_tables():
    assert loaded(["score", "3NT="], ["numpy", "yaml", "tabulate", *READERS, "bridgecli.dealer"]) == []


def test_conditions_need_numpy():
    # the other side of the rule: a condition is evaluated with numpy
    assert loaded(["deal", "-n", "1", "--seed", "1", "--where", "hcp(north) >= 10"], ["numpy"]) == ["numpy"]
