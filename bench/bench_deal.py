"""Benchmark ``bridgecli deal`` against the C dealer and endplay (run: python bench/bench_deal.py).

(a) 1,000,000 unconstrained deals written as PBN to /dev/null;
(b) 10,000 accepted deals with North 15-17 HCP and 4333/4432/5332.
Every command runs as a subprocess, as a user would run it, output to
/dev/null; wall time is the best of REPEAT runs, CPU time (user + sys of
the child) is reported too because the machine may be shared. endplay is
measured on fewer deals for (a) and scaled. Results go to
bench/results/deal.md.
"""

from __future__ import annotations

import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "deal.md"
REPEAT = int(os.environ.get("BENCH_REPEAT", "3"))
DEALER = shutil.which("dealer") or ("/usr/games/dealer" if os.path.exists("/usr/games/dealer") else None)

COND = "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)"
ENDPLAY_A_DEALS = 2_000
ENDPLAY_B_DEALS = 100

ENDPLAY_SCRIPT = """
import sys
from endplay.dealer import generate_deals
from endplay.types import Board, Vul, Player
from endplay.parsers import pbn
n, cond = int(sys.argv[1]), sys.argv[2]
cons = [cond] if cond else []
deals = generate_deals(*cons, produce=n, seed=1, max_attempts=-1)
boards = [Board(d, board_num=i + 1) for i, d in enumerate(deals)]
with open('/dev/null', 'w') as fp:
    pbn.dump(boards, fp)
"""


def run(cmd: list[str]) -> tuple[float, float]:
    """Best wall time and the CPU time of that run."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    best: tuple[float, float] | None = None
    for _ in range(REPEAT):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if best is None or wall < best[0]:
            best = (wall, cpu)
    assert best is not None
    return best


def main() -> None:
    # byte-compile first, as an installed package would be
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "bridgecli")], check=True)
    tmp = Path(tempfile.mkdtemp(prefix="bench-deal-"))
    bridgecli = [sys.executable, "-m", "bridgecli", "deal", "--seed", "1", "--jobs", "1", "--no-progress"]
    rows: list[tuple[str, str, int, float, float, float]] = []

    def add(task: str, tool: str, n: int, wall: float, cpu: float, scale: float = 1.0) -> None:
        rows.append((task, tool, n, wall * scale, cpu * scale, n / (wall * scale)))
        print(f"{task} {tool:28s} {n:>9,} deals  wall {wall * scale:7.3f} s  cpu {cpu * scale:7.3f} s  "
              f"{n / (wall * scale):>10,.0f} deals/s", flush=True)

    # (a) one million unconstrained deals as PBN
    wall, cpu = run(bridgecli + ["-n", "1000000"])
    add("a", "bridgecli --jobs 1", 1_000_000, wall, cpu)
    wall, cpu = run(bridgecli[:-3] + ["--jobs", "2", "--no-progress", "-n", "1000000"])
    add("a", "bridgecli --jobs 2", 1_000_000, wall, cpu)
    if DEALER:
        script = tmp / "a.dl"
        script.write_text("generate 1000000\nproduce 1000000\naction printpbn\n")
        wall, cpu = run([DEALER, "-s", "1", str(script)])
        add("a", "C dealer (printpbn)", 1_000_000, wall, cpu)
    ep = tmp / "ep.py"
    ep.write_text(ENDPLAY_SCRIPT)
    try:
        wall, cpu = run([sys.executable, str(ep), str(ENDPLAY_A_DEALS), ""])
        add("a", f"endplay (x{1_000_000 // ENDPLAY_A_DEALS} from {ENDPLAY_A_DEALS:,})", 1_000_000, wall, cpu,
            1_000_000 / ENDPLAY_A_DEALS)
    except (subprocess.CalledProcessError, FileNotFoundError) as exc:
        print("endplay (a) failed:", exc)

    # (b) 10,000 accepted deals, North 15-17 balanced
    wall, cpu = run(bridgecli + ["-n", "10000", "--where", COND])
    add("b", "bridgecli --jobs 1", 10_000, wall, cpu)
    wall, cpu = run(bridgecli + ["-n", "100000", "--where", COND])
    add("b", "bridgecli --jobs 1 (100,000)", 100_000, wall, cpu)
    if DEALER:
        script = tmp / "b.dl"
        script.write_text(f"generate 100000000\nproduce 10000\ncondition {COND}\naction printpbn\n")
        wall, cpu = run([DEALER, "-s", "1", str(script)])
        add("b", "C dealer (printpbn)", 10_000, wall, cpu)
        script = tmp / "b2.dl"
        script.write_text(f"generate 100000000\nproduce 100000\ncondition {COND}\naction printpbn\n")
        wall, cpu = run([DEALER, "-s", "1", str(script)])
        add("b", "C dealer (100,000)", 100_000, wall, cpu)
    try:
        wall, cpu = run([sys.executable, str(ep), str(ENDPLAY_B_DEALS), COND])
        add("b", f"endplay (x{10_000 // ENDPLAY_B_DEALS} from {ENDPLAY_B_DEALS:,})", 10_000, wall, cpu,
            10_000 / ENDPLAY_B_DEALS)
    except (subprocess.CalledProcessError, FileNotFoundError) as exc:
        print("endplay (b) failed:", exc)

    def rate(task: str, tool: str) -> float | None:
        for r in rows:
            if r[0] == task and r[1].startswith(tool):
                return r[5]
        return None

    def cpu_rate(task: str, tool: str) -> float | None:
        for r in rows:
            if r[0] == task and r[1].startswith(tool):
                return r[2] / r[4]
        return None

    lines = [
        "# bench: deal",
        "",
        (f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
        f"best of {REPEAT} runs; each command a subprocess with output to /dev/null "
        "(wall time includes interpreter start-up and imports). CPU = user + sys of the child process; "
        "the machine was shared with other jobs, so CPU time is the steadier figure."),
        "",
        ("(a) 1,000,000 unconstrained deals as PBN. (b) accepted deals with "
        f"`{COND}`."),
        "",
        "| task | tool | deals | wall s | CPU s | deals/s (wall) |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for task, tool, n, wall, cpu, r in rows:
        lines.append(f"| {task} | {tool} | {n:,} | {wall:.3f} | {cpu:.3f} | {r:,.0f} |")
    lines.append("")
    for task, goal in (("a", 1.5), ("b", 1.0)):
        ours, c = rate(task, "bridgecli --jobs 1"), rate(task, "C dealer (printpbn)")
        ep_rate = rate(task, "endplay")
        if ours and c:
            verdict = "met" if ours / c >= goal else "not met"
            extra = f"; {ours / ep_rate:.0f}x endplay" if ep_rate else ""
            ours_cpu, c_cpu = cpu_rate(task, "bridgecli --jobs 1"), cpu_rate(task, "C dealer (printpbn)")
            cpu_ratio = f"; by CPU time {ours_cpu / c_cpu:.2f}x" if ours_cpu and c_cpu else ""
            lines.append(f"- ({task}) bridgecli / C dealer = {ours / c:.2f}x by wall time (goal {goal}x: {verdict})"
                         f"{cpu_ratio}{extra}.")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
