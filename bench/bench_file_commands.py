"""CPU time of the six file commands and of start-up, this code beside an older checkout, in turns.

Issues #28 and #29 ask for "no speed lost": the six file commands at 15,000 boards a second
or more, and start-up within the goals of bench/RESULTS.md, compared in the same run with
the code a session started from. This script makes ``--boards`` boards with auctions and
full play (``bench_memory.py``'s generator), then runs each command on them with this
checkout's code and with ``--base``'s code in turns, ``--rounds`` times, and keeps the best
CPU time (user + system of the child) of each, wall time beside it. Start-up is the median
of ``--startup`` runs of ``score 3NT=`` and ``deal -n 32`` each, beside ``python -c "import
click"``. Both checkouts are byte-compiled first. Writes a Markdown table to ``--out``.

    python bench/bench_file_commands.py --base /path/to/older/checkout [--boards 20000]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

STARTUP: dict[str, list[str]] = {
    "score 3NT=": ["-m", "bridgecli", "score", "3NT="],
    "deal -n 32": ["-m", "bridgecli", "deal", "-n", "32", "--seed", "1"],
    "import click": ["-c", "import click"],
}


def timed(checkout: Path, argv: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of ``python ARGV`` run with ``checkout``'s code."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, *argv], cwd=checkout, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, required=True, help="the older checkout (its code, same inputs)")
    parser.add_argument("--boards", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--startup", type=int, default=21)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "file_commands.md")
    opts = parser.parse_args()
    import bench_memory
    from bench_instructions import COMMANDS  # the same six commands, the same arguments

    checkouts = {"this": ROOT, "base": opts.base.resolve()}
    for path in checkouts.values():
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(path / "bridgecli")], check=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        data = bench_memory.generate(Path(tmp), opts.boards, bench_memory.templates(), {"pbn"})["pbn"]
        for name, args in COMMANDS.items():
            best: dict[str, tuple[float, float]] = {}
            for _ in range(opts.rounds):
                for who, path in checkouts.items():
                    cpu, wall = timed(path, ["-m", "bridgecli", *args, str(data)])
                    if who not in best or cpu < best[who][0]:
                        best[who] = (cpu, wall)
            rows.append((name, best))
            print(f"{name}: this {best['this'][0]:.2f} s CPU, base {best['base'][0]:.2f} s", flush=True)
    starts = {}
    for name, argv in STARTUP.items():
        runs: dict[str, list[float]] = {"this": [], "base": []}
        for _ in range(opts.startup):
            for who, path in checkouts.items():
                runs[who].append(timed(path, argv)[0])
        starts[name] = {who: statistics.median(v) for who, v in runs.items()}
        print(f"{name}: this {starts[name]['this'] * 1000:.1f} ms, base {starts[name]['base'] * 1000:.1f} ms", flush=True)
    load = os.getloadavg()[0]
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    lines = ["# The six file commands and start-up, beside an older checkout (issues #28, #29)", "",
             (f"{stamp}, Python {sys.version.split()[0]}, load {load:.1f}; {opts.boards:,} boards with auctions and "
             f"full play; best CPU time (user + system) of {opts.rounds} rounds in turns, wall beside it; "
             f"base: {opts.base}."), "",
             "| command | this code: CPU s (wall) | boards/s by CPU | base: CPU s (wall) | this / base |",
             "| --- | ---: | ---: | ---: | ---: |"]
    for name, best in rows:
        (cpu, wall), (bcpu, bwall) = best["this"], best["base"]
        lines.append(f"| `{name}` | {cpu:.2f} ({wall:.2f}) | {opts.boards / cpu:,.0f} | {bcpu:.2f} ({bwall:.2f}) "
                     f"| {cpu / bcpu:.3f} |")
    lines += ["", f"Start-up, median CPU of {opts.startup} runs each, in turns:", "",
              "| command | this code | base | this / `import click` |", "| --- | ---: | ---: | ---: |"]
    click_ms = starts["import click"]["this"]
    for name, got in starts.items():
        lines.append(f"| `{name}` | {got['this'] * 1000:.1f} ms | {got['base'] * 1000:.1f} ms "
                     f"| {got['this'] / click_ms:.2f}x |")
    opts.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {opts.out}")


if __name__ == "__main__":
    main()
