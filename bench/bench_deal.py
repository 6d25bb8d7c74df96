"""Benchmark ``bridgecli deal`` against the C dealer (run: python bench/bench_deal.py [--runs 5]).

Tasks, each run by bridgecli and by its peer in the same round, one after
the other, so that both see the same background load:

(a) 1,000,000 unconstrained deals as PBN: bridgecli ``--jobs 1`` against the
    C dealer (``printpbn``), and ``--jobs 2`` against ``--jobs 1``;
(b) accepted deals with North 15-17 HCP and 4333/4432/5332, 10,000 and
    100,000 of them, against the C dealer.

Every command is a subprocess, as a user would run it, with its output to
/dev/null (by redirection: never ``-o /dev/null``): the ``bridgecli`` script of
a regular install (:func:`regular_install`: a fresh virtual environment in a
temporary folder holding a copy of the package, byte-compiled, its
dependencies linked in from this interpreter's environment), so that
start-up is what a user's ``pip install`` gives, without what a development
environment adds to every interpreter start (an editable install's import
hook, ``.pth`` files of other tools). The C dealer runs with
``TZ=UTC`` (otherwise it stats /etc/localtime for every deal). Reported: the
median of the per-round ratios (peer time / bridgecli time, by wall time and
by CPU time, user + sys of the child and its workers) and the median times.
``--endplay`` adds endplay's ``generate_deals`` + PBN writer (scaled from
fewer deals). ``--baseline DIR`` also pairs every bridgecli task with the same
command run from another checkout (installed the same way, in its own
environment): the before/after of a change, on the same load.
Results go to bench/results/deal.md (``--jobs-only``: the ``--jobs 2`` task alone, with
``--baseline`` the baseline's in alternate rounds, to bench/results/deal_jobs.md).
"""

from __future__ import annotations

import argparse
import compileall
import importlib.metadata
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "deal.md"
DEALER = shutil.which("dealer") or ("/usr/games/dealer" if os.path.exists("/usr/games/dealer") else None)

COND = "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)"

ENDPLAY_SCRIPT = """
import sys
from endplay.dealer import generate_deals
from endplay.types import Board
from endplay.parsers import pbn
n, cond = int(sys.argv[1]), sys.argv[2]
cons = [cond] if cond else []
deals = generate_deals(*cons, produce=n, seed=1, max_attempts=-1)
boards = [Board(d, board_num=i + 1) for i, d in enumerate(deals)]
with open('/dev/null', 'w') as fp:
    pbn.dump(boards, fp)
"""


#: The distributions ``bridgecli`` needs at run time (pyproject.toml's ``dependencies``).
DEPENDENCIES = ("click", "PyYAML", "tabulate", "numpy")


def regular_install(checkout: Path, dest: Path) -> Path:
    """Install the ``bridgecli`` package of ``checkout`` into a new virtual environment at ``dest``
    as ``pip install`` would leave it; returns the path of its ``bridgecli`` script.

    The package is copied and byte-compiled, the console script (pyproject.toml's) written as pip writes it,
    and the dependencies linked in from this interpreter's environment (the same files a
    ``pip install`` would put there: no network needed). The environment does not see the
    system's site-packages, so none of its ``.pth`` files run at start-up.
    """
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(dest)], check=True)
    python = dest / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    for name in DEPENDENCIES:
        dist = importlib.metadata.distribution(name)
        tops = {Path(f).parts[0] for f in dist.files or () if Path(f).parts and Path(f).parts[0] not in ("..", "__pycache__")}
        for top in sorted(tops):
            source = Path(str(dist.locate_file(top)))
            if source.exists() and not (site / top).exists():
                (site / top).symlink_to(source)
    shutil.copytree(checkout / "bridgecli", site / "bridgecli", ignore=shutil.ignore_patterns("__pycache__"))
    compileall.compile_dir(str(site / "bridgecli"), quiet=1)
    found = re.search(r'^bridgecli\s*=\s*"([\w.]+):(\w+)"', (checkout / "pyproject.toml").read_text(), re.MULTILINE)
    module, function = found.groups() if found else ("bridgecli.cli", "main")
    script = dest / "bin" / "bridgecli"
    script.write_text(f"#!{python}\n# -*- coding: utf-8 -*-\nimport re\nimport sys\nfrom {module} import {function}\n"
                      "if __name__ == '__main__':\n"
                      "    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])\n"
                      f"    sys.exit({function}())\n")
    script.chmod(0o755)
    return script


def runnable_others() -> float:
    """Processes running or waiting for a CPU right now, besides this one (Linux's
    ``procs_running``; NaN elsewhere): a load average is a minute's mean, this is the moment's."""
    try:
        with open("/proc/stat") as fp:
            for line in fp:
                if line.startswith("procs_running "):
                    return max(0, int(line.split()[1]) - 1)
    except OSError:
        pass
    return float("nan")


def run_once(cmd: list[str], env: dict[str, str], cwd: str | None = None) -> tuple[float, float]:
    """Wall and CPU time (s) of one run, output to /dev/null."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env, cwd=cwd)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def paired(ours: list[str], peer: list[str], env: dict[str, str], peer_env: dict[str, str],
           runs: int, peer_cwd: str | None = None) -> dict[str, float]:
    """Medians over ``runs`` rounds (each: peer, then ours) of the times and of the ratios peer / ours."""
    got: dict[str, list[float]] = {k: [] for k in ("wall", "cpu", "peer_wall", "peer_cpu", "ratio", "cpu_ratio",
                                                     "busy")}
    for _ in range(runs):
        pw, pc = run_once(peer, peer_env, peer_cwd)
        busy = runnable_others()
        w, c = run_once(ours, env)
        for key, value in (("wall", w), ("cpu", c), ("peer_wall", pw), ("peer_cpu", pc),
                           ("ratio", pw / w), ("cpu_ratio", pc / c), ("busy", busy)):
            got[key].append(value)
    return {k: statistics.median(v) for k, v in got.items()}


def _merged(rows: list[tuple[str, str, str, int, dict[str, float], float | None]]
            ) -> list[tuple[str, str, str, int, dict[str, float], float | None]]:
    """Rows of single rounds of the same task merged into one: the medians of the rounds (and the
    highest load seen)."""
    merged: dict[tuple[str, str, str], list[tuple[str, str, str, int, dict[str, float], float | None]]] = {}
    for row in rows:
        merged.setdefault(row[:3], []).append(row)
    out = []
    for (label, name, peer), group in merged.items():
        got = {key: statistics.median(r[4][key] for r in group) for key in group[0][4] if key != "load"}
        got["load"] = max(r[4]["load"] for r in group)
        out.append((label, name, peer, group[0][3], got, group[0][5]))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="paired rounds a task (default 5)")
    parser.add_argument("--endplay", action="store_true", help="also time endplay (slow; scaled)")
    parser.add_argument("--baseline", metavar="DIR", default=None,
                        help="another checkout to pair each bridgecli task with (e.g. the main branch)")
    parser.add_argument("--baseline-label", metavar="TEXT", default=None,
                        help="what the baseline checkout is, for the report (e.g. 'main at 264524e')")
    parser.add_argument("--jobs-only", action="store_true",
                        help="only the --jobs 2 vs --jobs 1 task (with --baseline: the baseline's too, in the same rounds)")
    args = parser.parse_args()
    if DEALER is None:
        raise SystemExit("the C dealer is not installed (Debian package dealer, /usr/games/dealer)")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    dealer_env = dict(os.environ, TZ="UTC")
    tmp = Path(tempfile.mkdtemp(prefix="bench-deal-"))
    ours = [str(regular_install(ROOT, tmp / "env")), "deal", "--seed", "1", "--no-progress"]
    load_before = os.getloadavg()[0]
    rows: list[tuple[str, str, str, int, dict[str, float], float | None]] = []

    def task(label: str, ours_name: str, peer_name: str, n: int, mine: list[str], peer: list[str],
             peer_env: dict[str, str], goal: float | None, peer_cwd: str | None = None, runs: int = 0) -> None:
        load = os.getloadavg()[0]
        got = paired(mine, peer, env, peer_env, runs or args.runs, peer_cwd)
        got["load"] = max(load, os.getloadavg()[0])
        rows.append((label, ours_name, peer_name, n, got, goal))
        print(f"{label}: {ours_name} {got['wall']:.3f} s (cpu {got['cpu']:.3f}) vs {peer_name} "
              f"{got['peer_wall']:.3f} s (cpu {got['peer_cpu']:.3f}): {got['ratio']:.2f}x wall, "
              f"{got['cpu_ratio']:.2f}x cpu", flush=True)

    script = tmp / "a.dl"
    script.write_text("generate 1000000\nproduce 1000000\naction printpbn\n")
    if not args.jobs_only:
        task("(a) 1,000,000 deals as PBN", "bridgecli --jobs 1", "C dealer", 1_000_000,
             ours + ["-n", "1000000", "--jobs", "1"], [DEALER, "-s", "1", str(script)], dealer_env, 3.0)
    base: list[str] = []
    if args.baseline:
        base_dir = str(Path(args.baseline).resolve())
        base = [str(regular_install(Path(base_dir), tmp / "baseline")), "deal", "--seed", "1", "--no-progress"]
    # with --jobs-only and a baseline, the two checkouts take turns round by round (the same minutes)
    rounds, per_round = (args.runs, 1) if args.jobs_only else (1, args.runs)
    for _ in range(rounds):
        task("(a) 1,000,000 deals as PBN", "bridgecli --jobs 2", "bridgecli --jobs 1", 1_000_000,
             ours + ["-n", "1000000", "--jobs", "2"], ours + ["-n", "1000000", "--jobs", "1"], env, 1.7,
             runs=per_round)
        if args.jobs_only and base:
            task("(a) 1,000,000 deals as PBN", "baseline --jobs 2", "baseline --jobs 1", 1_000_000,
                 base + ["-n", "1000000", "--jobs", "2"], base + ["-n", "1000000", "--jobs", "1"], env, None,
                 runs=per_round)
    if args.jobs_only:
        rows[:] = _merged(rows)
    # the part of every run that --jobs cannot share: interpreter, click, numpy, planning, exit
    small = [run_once(ours + ["-n", "1001", "--jobs", "1"], env) for _ in range(args.runs)]
    startup = (statistics.median(w for w, _ in small), statistics.median(c for _, c in small))
    for n, goal in (() if args.jobs_only else ((10_000, 0.8), (100_000, 3.0))):
        script = tmp / f"b{n}.dl"
        script.write_text(f"generate 100000000\nproduce {n}\ncondition {COND}\naction printpbn\n")
        task(f"(b) {n:,} deals, North 15-17 balanced", "bridgecli --jobs 1", "C dealer", n,
             ours + ["-n", str(n), "--jobs", "1", "--where", COND], [DEALER, "-s", "1", str(script)],
             dealer_env, goal)
    if args.baseline and not args.jobs_only:
        base_env = env
        for label, n, extra in (("(a) 1,000,000 deals as PBN", 1_000_000, ["--jobs", "1"]),
                                ("(a) 1,000,000 deals as PBN", 1_000_000, ["--jobs", "2"]),
                                ("(b) 10,000 deals, North 15-17 balanced", 10_000, ["--jobs", "1", "--where", COND]),
                                ("(b) 100,000 deals, North 15-17 balanced", 100_000, ["--jobs", "1", "--where", COND])):
            task(label, f"bridgecli {' '.join(extra[:2])}", "baseline, same options", n, ours + ["-n", str(n), *extra],
                 base + ["-n", str(n), *extra], base_env, None)
    endplay_lines: list[str] = []
    if args.endplay:
        ep = tmp / "ep.py"
        ep.write_text(ENDPLAY_SCRIPT)
        for label, n, cond, full in (("(a)", 2_000, "", 1_000_000), ("(b)", 100, COND, 10_000)):
            try:
                wall, cpu = run_once([sys.executable, str(ep), str(n), cond], env)
            except (subprocess.CalledProcessError, FileNotFoundError) as exc:
                endplay_lines.append(f"- endplay {label} failed: {exc}")
                continue
            endplay_lines.append(f"- endplay {label}: {n:,} deals in {wall:.2f} s (CPU {cpu:.2f} s); "
                                 f"scaled to {full:,}: {wall * full / n:.0f} s")
    load_after = os.getloadavg()[0]
    loaded = max(load_before, load_after, *(g["load"] for *_r, g, _goal in rows)) > 1.0
    lines = [
        "# bench: deal",
        "",
        (f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; load average "
         f"{load_before:.1f} before and {load_after:.1f} after the run (column `load`: the highest one-minute "
         "load average seen around each task)"
         + (". The machine was shared with other jobs: wall times are noisy and, above a load of about 2 on"
            " 2 CPUs, longer than the CPU times; the paired ratios and the CPU times are steadier." if loaded
            else ".")),
        (f"{args.runs} paired rounds a task: each round runs the peer and then bridgecli, as subprocesses with "
         "output to /dev/null (wall time includes interpreter start-up and imports; CPU = user + sys of the "
         "child and its workers). bridgecli runs as the `bridgecli` script of a regular install (a fresh "
         "virtual environment with the package copied in and byte-compiled, its dependencies linked), the "
         "baseline likewise. The C dealer runs with TZ=UTC. Ratio = peer time / bridgecli time, the "
         "median of the rounds' ratios."),
        "",
        ("" if args.jobs_only else f"(b) is `--where '{COND}'`.")
        + (f" Baseline: the same command from the checkout `{args.baseline}`"
           + (f" ({args.baseline_label})." if args.baseline_label else ".") if args.baseline else ""),
        "",
        ("Column `busy`: other processes running or waiting for a CPU just before bridgecli's runs (the "
         "median of the rounds; /proc/stat's procs_running): a ratio of wall times needs it at 0."),
        "",
        "| task | bridgecli | wall s | CPU s | peer | wall s | CPU s | ratio (wall) | ratio (CPU) | goal | load | busy |",
        "| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |",
    ]
    for label, ours_name, peer_name, _n, g, goal in rows:
        verdict = "" if goal is None else f"≥ {goal}x: {'met' if g['ratio'] >= goal else 'not met'}"
        lines.append(f"| {label} | {ours_name} | {g['wall']:.3f} | {g['cpu']:.3f} | {peer_name} | "
                     f"{g['peer_wall']:.3f} | {g['peer_cpu']:.3f} | {g['ratio']:.2f}x | {g['cpu_ratio']:.2f}x | "
                     f"{verdict} | {g['load']:.1f} | {g['busy']:.1f} |")
    two = next((g for _l, name, _p, _n, g, _g in rows if name == "bridgecli --jobs 2"), None)
    if two is not None:
        jobs1 = two["peer_wall"]
        bound = jobs1 / (startup[0] + (jobs1 - startup[0]) / 2)
        lines += ["", (f"Serial part: `deal -n 1001` (the smallest run dealt in numpy batches: interpreter, click, "
                       f"numpy, planning, exit) takes {startup[0]:.3f} s wall, {startup[1]:.3f} s CPU (medians). "
                       f"With `--jobs 1` at {jobs1:.3f} s, two workers that shared everything else perfectly, "
                       f"after all of that, would give at most {bound:.2f}x (Amdahl); `--jobs 2` measured "
                       f"{two['ratio']:.2f}x. It can pass that bound because its script starts the first worker "
                       "before click is imported (bridgecli.launch): numpy's import, most of the serial part, "
                       "then runs on the second core while the main process starts."),
                  "",
                  ("The wall ratio needs a second core free"
                   + ("; at a load of 2 or more there is none, and the CPU times (`--jobs 2` pays numpy's "
                      "import once, as `--jobs 1` does) are the steadier figures." if two["load"] >= 2 else "."))]
    if endplay_lines:
        lines += ["", *endplay_lines]
    shutil.rmtree(tmp, ignore_errors=True)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    target = RESULTS.with_name("deal_jobs.md") if args.jobs_only else RESULTS
    target.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
