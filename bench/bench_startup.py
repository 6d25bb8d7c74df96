"""Start-up time of bridgecli against a bare interpreter (not a test).

Runs each command N times as a real subprocess and records the best and the
median wall time. Goal (issue #2): ``bridgecli --help`` within 4x of
``python -c pass``. Writes ``bench/results/startup.md``.

    python bench/bench_startup.py [--runs 20]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "startup.md"


def timed(cases: list[list[str]], env: dict[str, str], runs: int) -> list[tuple[float, float]]:
    """Best and median wall time (s) of each command over ``runs`` rounds.

    The commands run round-robin (one of each per round, after a warm-up
    round), so that background load falls on all of them alike.
    """
    times: list[list[float]] = [[] for _ in cases]
    for rnd in range(runs + 1):
        for i, argv in enumerate(cases):
            t0 = time.perf_counter()
            proc = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            elapsed = time.perf_counter() - t0
            if proc.returncode != 0:
                raise SystemExit(f"{' '.join(argv)} failed with exit code {proc.returncode}")
            if rnd:
                times[i].append(elapsed)
    return [(min(t), statistics.median(t)) for t in times]


def import_costs(env: dict[str, str], argv: list[str], top: int = 6) -> list[tuple[str, int]]:
    """The ``top`` costliest bridgecli/click modules (cumulative microseconds) of ``argv``,
    from ``python -X importtime``.
    """
    proc = subprocess.run([argv[0], "-X", "importtime", *argv[1:]], env=env, capture_output=True, text=True,
                          check=False)
    costs = []
    for line in proc.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            name = parts[2].strip()
            if name.split(".")[0] in ("bridgecli", "click", "tabulate", "yaml", "numpy"):
                costs.append((name, int(parts[1])))
    return sorted(costs, key=lambda c: -c[1])[:top]


def main() -> None:
    """Measure and write the results table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()

    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    py = sys.executable
    # the console script's own code path: import bridgecli.cli and call main()
    script = [py, "-c", "import sys; sys.argv[0] = 'bridgecli'; from bridgecli.cli import main; main()"]
    cases: list[tuple[str, list[str]]] = [
        ("python -c pass", [py, "-c", "pass"]),
        ("bridgecli --help", script + ["--help"]),
        ("python -m bridgecli --help", [py, "-m", "bridgecli", "--help"]),
    ]
    if (ROOT / "bridgecli" / "cli" / "score.py").exists():
        cases.append(("bridgecli score 4S= --vul none", script + ["score", "4S=", "--vul", "none"]))
    rows = []
    results = timed([argv for _, argv in cases], env, args.runs)
    base = results[0][0]
    for (label, _), (best, median) in zip(cases, results):
        rows.append((label, best, median, best / base))
        print(f"{label:34} best {best * 1000:7.1f} ms  median {median * 1000:7.1f} ms  {best / base:4.2f}x")
    costs = import_costs(env, script + ["--help"])
    lines = [
        "# Start-up time",
        "",
        (f"Measured by `bench/bench_startup.py`: best and median of {args.runs} subprocess runs each, run "
         "round-robin after a warm-up round;"),
        "`bridgecli` runs the console script's code path (`from bridgecli.cli import main; main()`) from this checkout.",
        (f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, "
         f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end of the run "
         "(other jobs inflate all times alike; compare the ratios). Goal: `bridgecli --help` within 4x of `python -c pass`."),
        "",
        "| command | best (ms) | median (ms) | best / `python -c pass` |",
        "| --- | ---: | ---: | ---: |",
    ]
    lines += [f"| `{label}` | {best * 1000:.1f} | {median * 1000:.1f} | {ratio:.2f}x |" for label, best, median, ratio in rows]
    lines += ["", "Costliest imports of `bridgecli --help` (`python -X importtime`, cumulative, one run):", ""]
    lines += [f"- `{name}`: {us / 1000:.1f} ms" for name, us in costs]
    if not any(label.startswith("bridgecli score") for label, *_ in rows):
        lines += ["", "`bridgecli score` is not measured: the score command is not in this checkout."]
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
