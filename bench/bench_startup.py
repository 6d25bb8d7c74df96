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


def timed(argv: list[str], env: dict[str, str], runs: int) -> tuple[float, float]:
    """Best and median wall time in seconds of ``runs`` runs (after one warm-up)."""
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - t0)
        if proc.returncode != 0:
            raise SystemExit(f"{' '.join(argv)} failed with exit code {proc.returncode}")
    return min(times), statistics.median(times)


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
    base = None
    for label, argv in cases:
        best, median = timed(argv, env, args.runs)
        base = base or best
        rows.append((label, best, median, best / base))
        print(f"{label:34} best {best * 1000:7.1f} ms  median {median * 1000:7.1f} ms  {best / base:4.2f}x")
    lines = [
        "# Start-up time",
        "",
        f"Measured by `bench/bench_startup.py`: best and median of {args.runs} subprocess runs each, after a warm-up;",
        "`bridgecli` runs the console script's code path (`from bridgecli.cli import main; main()`) from this checkout.",
        (f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, "
         f"{os.cpu_count()} CPUs. Goal: `bridgecli --help` within 4x of `python -c pass`."),
        "",
        "| command | best (ms) | median (ms) | best / `python -c pass` |",
        "| --- | ---: | ---: | ---: |",
    ]
    lines += [f"| `{label}` | {best * 1000:.1f} | {median * 1000:.1f} | {ratio:.2f}x |" for label, best, median, ratio in rows]
    if not any(label.startswith("bridgecli score") for label, *_ in rows):
        lines += ["", "`bridgecli score` is not measured: the score command is not in this checkout."]
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
