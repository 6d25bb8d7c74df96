"""Benchmark: ``bridgecli play FILE --json`` and ``bridgecli score FILE`` on boards with
auctions and full play, one core (issue #19: at least 15,000 boards/s each).

The file is the one the memory and throughput benchmarks use (``bench_memory.py``'s
``templates()`` and ``generate()``: the sample session's boards, numbered 1..N, each
with its auction and play). Each command runs as a fresh process; the CPU time
(user + system) is the figure that does not depend on the load of the machine, best of
``--runs``. ``--baseline DIR`` runs another checkout's code (``/work/main``, say) on the
same file in turns with this one, so that both are measured in the same minutes.
In-process, the CPU time of this checkout is split into reading the file and the work
of each command, a board at a time.

Run from the repository root:  python bench/bench_play.py [--boards 100000] [--runs 3] [--baseline DIR] [--out FILE]
Writes bench/results/play.md (or ``--out``).
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_memory

#: The commands measured, FILE standing for the generated file.
COMMANDS = (("play FILE --json", ["play", "FILE", "--json"]), ("score FILE", ["score", "FILE"]))
GOAL = 15_000
#: Boards of the in-process split (all held in memory at once).
SPLIT_BOARDS = 20_000


def cpu_run(tree: Path, argv: list[str]) -> tuple[float, float]:
    """(CPU s, wall s) of ``python -m bridgecli ARGV`` run with ``tree``'s code, output dropped."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        proc = subprocess.Popen([sys.executable, "-m", "bridgecli", *argv], stdout=null, stderr=subprocess.PIPE,
                                env=env, cwd=tree)
        _, status, usage = os.wait4(proc.pid, 0)
        err = proc.stderr.read().decode() if proc.stderr else ""
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed in {tree}: {err[:500]}")
    return usage.ru_utime + usage.ru_stime, wall


def split(path: Path) -> dict[str, float]:
    """CPU seconds in-process (best of three): reading the file; replaying and writing the
    JSON line of each board (``play --json``); scoring each board and its table row (``score``)."""
    from bridgecli.checks.play import check_play, json_line
    from bridgecli.core.board import Board
    from bridgecli.core.notation import ENGLISH
    from bridgecli.formats import pbn
    from bridgecli.results.boards import board_table, score_boards

    text = path.read_text(encoding="utf-8")
    best: dict[str, float] = {}
    for _ in range(3):
        t0 = time.process_time()
        boards = [b for b in pbn.iter_records(text) if isinstance(b, Board)]
        t1 = time.process_time()
        lines = [json_line(check) for check in check_play(boards)]  # (a batch at a time, as the CLI)
        t2 = time.process_time()
        boards = [b for b in pbn.iter_records(text) if isinstance(b, Board)]
        t3 = time.process_time()
        table = board_table([scored.cells(ENGLISH) for scored in score_boards(boards)], ENGLISH)
        t4 = time.process_time()
        assert len(lines) == len(boards) and table
        for name, dt in (("read", t1 - t0), ("play", t2 - t1), ("score", t4 - t3)):
            best[name] = min(best.get(name, dt), dt)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--baseline", type=Path, default=None, help="another checkout to measure in turns with this one")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "play.md"))
    args = ap.parse_args()
    trees = [("this branch", ROOT)] + ([("baseline", args.baseline.resolve())] if args.baseline else [])

    with tempfile.TemporaryDirectory() as tmp:
        path = bench_memory.generate(Path(tmp), args.boards, bench_memory.templates(), {"pbn"})["pbn"]
        size = path.stat().st_size
        best: dict[tuple[str, str], tuple[float, float]] = {}
        for _ in range(args.runs):
            for label, argv in COMMANDS:
                for name, tree in trees:  # in turns, so that both see the same load
                    cpu, wall = cpu_run(tree, [str(path) if a == "FILE" else a for a in argv])
                    old = best.get((label, name))
                    best[label, name] = (min(cpu, old[0]), min(wall, old[1])) if old else (cpu, wall)
                    print(f"{label} [{name}]: {cpu:.2f} s CPU, {wall:.2f} s wall", flush=True)
        part_n = min(args.boards, SPLIT_BOARDS)
        parts = split(bench_memory.generate(Path(tmp), part_n, bench_memory.templates(), {"pbn"})["pbn"]
                      if part_n < args.boards else path)

    n = args.boards
    lines = [
        "# play and score FILE: boards with auctions and full play, one core",
        "",
        (f"`python bench/bench_play.py --boards {n} --runs {args.runs}"
         + (f" --baseline {args.baseline}" if args.baseline else "") + "`"
         f" on {platform.python_implementation()} {platform.python_version()}, {platform.machine()},"
         f" {os.cpu_count()} CPUs ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}),"
         f" load average {os.getloadavg()[0]:.1f}."),
        "",
        (f"Input: {n:,} boards ({size / 1e6:.1f} MB of PBN) from `bench_memory.py`'s `templates()` and `generate()`:"
         " the sample session's boards with their auctions and play, numbered 1.. N. Each command is a fresh"
         f" process (start-up and imports included); best of {args.runs} runs, the runs of each checkout in turns."
         f" CPU time is user + system: the figure that does not depend on the load. Goal (#19): {GOAL:,}"
         " boards/s on one core, 67 µs a board in all."),
        "",
        "| command | code | CPU | boards/s (CPU) | µs a board (CPU) | wall |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for label, _argv in COMMANDS:
        for name, tree in trees:
            cpu, wall = best[label, name]
            where = name if name == "this branch" else f"{name} ({tree})"
            lines.append(f"| `{label}` | {where} | {cpu:.2f} s | {n / cpu:,.0f} | {1e6 * cpu / n:.0f} | {wall:.2f} s |")
    if args.baseline:
        lines.append("")
        for label, _argv in COMMANDS:
            ratio = best[label, "baseline"][0] / best[label, "this branch"][0]
            lines.append(f"- `{label}`: {ratio:.2f}× the baseline's boards/s (CPU).")
    lines += [
        "",
        f"## Where the time goes (this branch, in-process CPU on {part_n:,} boards, best of three)",
        "",
        "| part | CPU | µs a board |",
        "| --- | ---: | ---: |",
    ]
    for name, what in (("read", "reading the PBN file (`formats.pbn.iter_records`)"),
                       ("play", "`play --json`: replay and JSON line of each board (`check_play`, `to_json`)"),
                       ("score", ("`score FILE`: score and table row of each board, the table (`score_boards`,"
                                  " `cells`, `board_table`)"))):
        lines.append(f"| {what} | {parts[name]:.2f} s | {1e6 * parts[name] / part_n:.1f} |")
    lines += [
        "",
        ("A board read from PBN in the writer's canonical form keeps its deal and play as text until asked for"
         " them. `play` and `score` replay such a board from small ints (`formats.pbn.play_ints`: the hands as"
         " 52-bit masks, the cards as indices; `core.play.replay_indices`) without building the Deal or the"
         " PlayedCard objects; anything irregular (a short row, an unknown or marked card, an illegal card,"
         " a mismatch with the Result) goes the full, checked way, which gives the same answer"
         " (tests/checks/test_play_fast.py). Past a first 1,024 boards, those records are replayed a batch"
         " of 1,024 at a time with numpy (`core.play.batch`: the 13 tricks walked for the whole batch at"
         " once; tests/checks/test_replay_batch.py). The in-process figures hold every board in memory at"
         " once, so the garbage collector works more than in the streaming CLI."),
        "",
    ]
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text("\n".join(lines), encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
