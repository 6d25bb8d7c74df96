"""Start-up time of bridgecli commands against ``python -c "import click"`` (not a test).

Each command runs as a real subprocess paired with the peer: every round runs
the peer and then the command, so both see the same background load, and the
ratio of the round is command / peer. Reported: the median of the paired
ratios (wall time and CPU time, user + sys of the child), and the medians
of the times themselves. Goals (issue #19): ``bridgecli score 3NT=`` within
1.5x and ``bridgecli deal -n 32`` within 2x of the peer. Writes
``bench/results/startup.md``.

``--against DIR`` runs another checkout's code (DIR holds its ``bridgecli/``, e.g.
``git archive main bridgecli | tar -x -C DIR``) in the same rounds, after the peer and
before this checkout, for a before/after under the same load.

    python bench/bench_startup.py [--runs 30] [--against DIR]
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "startup.md"

#: (label, arguments after ``bridgecli``, goal as a ratio to the peer or None)
CASES: list[tuple[str, list[str], float | None]] = [
    ("bridgecli score 3NT=", ["score", "3NT="], 1.5),
    ("bridgecli deal -n 32", ["deal", "-n", "32", "--seed", "1"], 2.0),
    ("bridgecli --help", ["--help"], None),
    ("bridgecli deal --help", ["deal", "--help"], None),
    ("bridgecli show --help", ["show", "--help"], None),
    ("bridgecli score --help", ["score", "--help"], None),
]


def env_of(root: Path) -> dict[str, str]:
    """The environment that runs the checkout ``root`` (its directory first on PYTHONPATH)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def run_once(argv: list[str], root: Path) -> tuple[float, float]:
    """Wall and CPU time (s) of one run of ``argv`` with the code of the checkout ``root``
    (run from there too: ``python -c`` puts the working directory first on sys.path)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(argv, env=env_of(root), cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed with exit code {proc.returncode}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def paired(peer: list[str], argv: list[str], roots: list[Path], runs: int) -> list[dict[str, float]]:
    """Medians over ``runs`` paired rounds (after a warm-up round) of times and ratios, one dict
    for each checkout of ``roots``: every round runs the peer, then ``argv`` with each checkout's
    code in turn, and each is paired with that round's peer."""
    walls: list[list[float]] = [[] for _ in roots]
    cpus: list[list[float]] = [[] for _ in roots]
    ratios: list[list[float]] = [[] for _ in roots]
    cpu_ratios: list[list[float]] = [[] for _ in roots]
    peer_walls, peer_cpus = [], []
    for rnd in range(runs + 1):
        pw, pc = run_once(peer, roots[-1])
        got = [run_once(argv, root) for root in roots]
        if rnd:
            peer_walls.append(pw)
            peer_cpus.append(pc)
            for i, (w, c) in enumerate(got):
                walls[i].append(w)
                cpus[i].append(c)
                ratios[i].append(w / pw)
                cpu_ratios[i].append(c / pc if pc else float("nan"))
    med = statistics.median
    return [{"wall": med(walls[i]), "cpu": med(cpus[i]), "peer_wall": med(peer_walls), "peer_cpu": med(peer_cpus),
             "ratio": med(ratios[i]), "cpu_ratio": med(cpu_ratios[i])} for i in range(len(roots))]


def import_costs(env: dict[str, str], argv: list[str], top: int = 6, repeat: int = 5) -> list[tuple[str, int]]:
    """The ``top`` costliest bridgecli/click/numpy modules of ``argv``: cumulative microseconds, the
    least of ``repeat`` runs (one run on a loaded machine says more about the load than the import)."""
    best: dict[str, int] = {}
    for _ in range(repeat):
        proc = subprocess.run([argv[0], "-X", "importtime", *argv[1:]], env=env, cwd=ROOT, capture_output=True,
                              text=True, check=False)
        for line in proc.stderr.splitlines():
            parts = line.split("|")
            if len(parts) == 3 and parts[1].strip().isdigit():
                name = parts[2].strip()
                if name.split(".")[0] in ("bridgecli", "click", "tabulate", "yaml", "numpy"):
                    best[name] = min(best.get(name, int(parts[1])), int(parts[1]))
    return sorted(best.items(), key=lambda c: -c[1])[:top]


def main() -> None:
    """Measure and write the results table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--against", type=Path, default=None, metavar="DIR",
                        help="another checkout (DIR/bridgecli) to run in the same rounds, for a before/after")
    args = parser.parse_args()

    env = env_of(ROOT)
    roots = [ROOT] if args.against is None else [args.against.resolve(), ROOT]
    py = sys.executable
    for root in roots:
        subprocess.run([py, "-m", "compileall", "-q", str(root / "bridgecli")], check=True)
    peer = [py, "-c", "import click"]
    # the console script's entry point (``main`` in checkouts older than ``entry``)
    script = [py, "-c", "import sys; sys.argv[0] = 'bridgecli'; import bridgecli.cli as c; getattr(c, 'entry', c.main)()"]
    load_before = os.getloadavg()[0]
    rows = []
    for label, extra, goal in CASES:
        results = paired(peer, script + extra, roots, args.runs)
        for root, got in zip(roots, results):
            shown = label if root == ROOT else f"{label} ({args.against})"
            rows.append((shown, goal if root == ROOT else None, got))
            print(f"{shown:26} {got['wall'] * 1000:6.1f} ms (cpu {got['cpu'] * 1000:6.1f})  peer "
                  f"{got['peer_wall'] * 1000:6.1f} ms  ratio {got['ratio']:.2f}x (cpu {got['cpu_ratio']:.2f}x)",
                  flush=True)
    load_after = os.getloadavg()[0]
    lines = [
        "# Start-up time",
        "",
        (f"Measured by `bench/bench_startup.py`: {args.runs} paired rounds a command (after a warm-up round), "
         "each round running the peer `python -c \"import click\"` and then the command as subprocesses; "
         "the ratio is the median of the rounds' ratios. `bridgecli` is the console script's code path "
         "(`bridgecli.cli.entry()`, `main()` in a checkout without it) from this checkout, byte-compiled. CPU = user + sys of the child."
         + ("" if args.against is None else
            f" Rows marked `({args.against})` run that checkout's code in the same rounds, between the peer and"
            " this checkout: the before of a before/after under the same load.")),
        (f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, "
         f"{os.cpu_count()} CPUs, load average {load_before:.1f} before and {load_after:.1f} after the run"
         + (" (the machine was shared and loaded: times are noisy, the paired ratios less so)."
            if max(load_before, load_after) > 1.0 else ".")),
        "",
        "| command | wall ms | CPU ms | peer wall ms | peer CPU ms | ratio (wall) | ratio (CPU) | goal |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for label, goal, g in rows:
        verdict = "" if goal is None else f"≤ {goal}x: {'met' if g['ratio'] <= goal else 'not met'}"
        lines.append(f"| `{label}` | {g['wall'] * 1000:.1f} | {g['cpu'] * 1000:.1f} | {g['peer_wall'] * 1000:.1f} "
                     f"| {g['peer_cpu'] * 1000:.1f} | {g['ratio']:.2f}x | {g['cpu_ratio']:.2f}x | {verdict} |")
    for label, extra in (("bridgecli score 3NT=", ["score", "3NT="]), ("bridgecli deal -n 32", ["deal", "-n", "32"])):
        lines += ["", f"Costliest imports of `{label}` (`python -X importtime`, cumulative, least of 5 runs):", ""]
        lines += [f"- `{name}`: {us / 1000:.1f} ms" for name, us in import_costs(env, script + extra)]
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
