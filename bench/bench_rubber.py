"""Benchmark ``bridgecli rubber``: an evening's worth and a long session of random results.

Run from the repository root:  python bench/bench_rubber.py [--deals N]

* Core: N random deals (default 20,000) through ``Session.add`` (rubbers start and
  end as games are won), then ``close``; deals per second.
* CLI: the same results as lines through ``python -m bridgecli rubber FILE --json``
  and the text sheet, wall time including start-up (best of 3).

Writes bench/results/rubber.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridgecli.core.rubber import DealResult, Session


def random_lines(n: int, rng: random.Random) -> list[str]:
    out = []
    for _ in range(n):
        if rng.random() < 0.05:
            out.append("pass")
            continue
        level = rng.choice([1, 2, 2, 3, 3, 4, 4, 4, 5, 6, 7])
        strain = rng.choice(["C", "D", "H", "S", "NT"])
        risk = rng.choice(["", "", "", "", "X", "XX"])
        tricks = max(0, min(13, level + 6 + rng.choice([-2, -1, -1, 0, 0, 0, 0, 1, 1, 2])))
        diff = tricks - level - 6
        result = "=" if diff == 0 else f"{diff:+d}"
        out.append(f"{level}{strain}{risk}{result} -d {rng.choice('NESW')}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=20_000)
    args = ap.parse_args()
    rng = random.Random(7)
    lines = random_lines(args.deals, rng)
    from bridgecli.core.scoring import parse_result

    results = []
    for line in lines:
        words = line.split()
        c, t = parse_result(words[:1])
        if not c.is_passout:
            c = c.with_declarer(__import__("bridgecli.core.cards", fromlist=["Seat"]).Seat.from_str(words[2]))
        results.append(DealResult(c, t))
    t0 = time.perf_counter()
    s = Session()
    for r in results:
        s = s.add(r)
    s = s.close()
    core = time.perf_counter() - t0
    rows = [(f"| core `Session.add` | {args.deals:,} deals, {len(s.rubbers):,} rubbers | {core:.3f} s | "
            f"{args.deals / core:,.0f} deals/s |")]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as fp:
        fp.write("\n".join(lines) + "\n")
        path = fp.name
    try:
        for extra in (["--json"], []):
            best = float("inf")
            for _ in range(3):
                t0 = time.perf_counter()
                subprocess.run([sys.executable, "-m", "bridgecli", "rubber", path, *extra], env=env, check=True,
                               stdout=subprocess.DEVNULL)
                best = min(best, time.perf_counter() - t0)
            what = "CLI `--json`" if extra else "CLI text sheet"
            rows.append(f"| {what} | {args.deals:,} lines | {best:.3f} s | {args.deals / best:,.0f} lines/s |")
        best = float("inf")
        small = "\n".join(lines[:12]) + "\n"
        for _ in range(5):
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-m", "bridgecli", "rubber", "-"], env=env, check=True,
                           input=small.encode(), stdout=subprocess.DEVNULL)
            best = min(best, time.perf_counter() - t0)
        rows.append(f"| CLI, an evening (12 lines, stdin) | 12 lines | {best:.3f} s | start-up bound |")
    finally:
        os.unlink(path)
    text = "\n".join([
        "# rubber",
        "",
        f"Machine: {platform.machine()}, Python {platform.python_version()}, load {os.getloadavg()[0]:.2f}.",
        "`python bench/bench_rubber.py` (random results, seed 7; wall time, best of 3/5 for the CLI).",
        "",
        "| what | size | time | rate |",
        "| --- | --- | --- | --- |",
        *rows,
        "",
    ])
    out = ROOT / "bench" / "results" / "rubber.md"
    out.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
