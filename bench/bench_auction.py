"""Benchmark: ``validate-auction FILE --json --jobs 1`` and ``show FILE --brief`` on one core.

Issue #19's measure: each at >= 15,000 boards/s on the 100,000-board PBN file of
boards with auctions and full play (the file ``bench/bench_memory.py`` generates:
the played boards of ``sample_deals/valid/club_session.pbn`` over and over, each
with its own number). Times each command as a real subprocess from this checkout
(CPU time, user + sys, best of ``--repeat``; wall clock beside it), then, in process,
the stages after reading (judging, the JSON line, the brief line) and the time the
cyclic garbage collector takes with and without :func:`bridgecli.executors.streaming_gc`.
Writes ``bench/results/auction.md``.

\b
Usage:
  python bench/bench_auction.py [--boards 100000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import bench_memory  # the generator of the #19 files

GOAL = 15_000

COMMANDS: dict[str, list[str]] = {
    "validate-auction": ["validate-auction", "{f}", "--json", "--jobs", "1"],
    "show-brief": ["show", "{f}", "--brief"],
}


def time_cli(argv: list[str], repeat: int) -> tuple[float, float]:
    """Best CPU time (user + sys) and best wall time of the whole command, as a subprocess."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    best_cpu = best_wall = float("inf")
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        with open(os.devnull, "w") as devnull:
            rc = subprocess.run([sys.executable, "-m", "bridgecli", *argv], check=False, stdout=devnull,
                                env=env).returncode
        wall = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        assert rc in (0, 1), f"{argv[0]} exited {rc}"
        best_cpu, best_wall = min(best_cpu, cpu), min(best_wall, wall)
    return best_cpu, best_wall


def _cpu(f: Callable[[], Any], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        f()
        best = min(best, time.process_time() - t0)
    return best


def _records(path: Path) -> Iterator[Any]:
    from bridgecli.checks.auctions.files import auction_records, text_chunks_of

    with open(path, "rb") as fp:
        yield from auction_records(text_chunks_of(fp, str(path)), str(path))


def time_stages(path: Path, n: int) -> dict[str, float]:
    """CPU seconds of reading and of each stage after it, in process (the stages on
    boards already read, the collector paused as in the commands)."""
    from bridgecli.checks.auctions import check_records, verdict_json_line
    from bridgecli.executors import streaming_gc
    from bridgecli.render.text import render_brief

    sample = max(1, min(n, 20_000))
    parts: dict[str, float] = {}
    with streaming_gc():
        parts["read"] = _cpu(lambda: sum(1 for _ in _records(path)), 2)
        boards = [b for _, b in zip(range(sample), _records(path))]
        verdicts = list(check_records(boards))
        scale = n / len(boards)
        parts["judge"] = _cpu(lambda: list(check_records(boards))) * scale
        parts["json"] = _cpu(lambda: [verdict_json_line(v) for v in verdicts]) * scale
        parts["brief"] = _cpu(lambda: [render_brief(b) for b in boards]) * scale
    return parts


def gc_seconds(path: Path, paused: bool) -> tuple[float, int]:
    """CPU seconds the cyclic collector takes (and its passes) while validate-auction's
    loop checks ``path`` in process, with or without :func:`streaming_gc`."""
    import contextlib

    from bridgecli.checks.auctions import check_auctions
    from bridgecli.executors import streaming_gc
    from bridgecli.render.auctions import write_checks

    spent = [0.0, 0.0, 0]

    def watch(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            spent[0] = time.process_time()
        else:
            spent[1] += time.process_time() - spent[0]
            spent[2] += 1

    gc.collect()
    gc.callbacks.append(watch)
    try:
        with streaming_gc() if paused else contextlib.nullcontext():
            write_checks(io.StringIO(), check_auctions(str(path), jobs=1), as_json=True)
    finally:
        gc.callbacks.remove(watch)
    return spent[1], int(spent[2])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    n = args.boards

    with tempfile.TemporaryDirectory(prefix="bridgecli-auction-") as tmp:
        path = bench_memory.generate(Path(tmp), n, bench_memory.templates(), {"pbn"})["pbn"]
        size = path.stat().st_size
        timed = {name: time_cli([a.replace("{f}", str(path)) for a in argv], args.repeat)
                 for name, argv in COMMANDS.items()}
        startup = time_cli(["validate-auction", "--dealer", "N", "--calls", "P P P P"], args.repeat)
        stages = time_stages(path, n)
        gc_off = gc_seconds(path, paused=False)
        gc_on = gc_seconds(path, paused=True)

    load = os.getloadavg()
    rows = "\n".join(
        f"| `bridgecli {' '.join(COMMANDS[name]).replace('{f}', 'FILE')}` | {cpu:.2f} | **{n / cpu:,.0f}** "
        f"| {wall:.2f} | {'met' if n / cpu >= GOAL else 'not met'} ({n / cpu / GOAL:.2f}×) |"
        for name, (cpu, wall) in timed.items())
    per = {k: v / n * 1e6 for k, v in stages.items()}
    report = f"""# validate-auction and show --brief: throughput on one core

`python bench/bench_auction.py {" ".join(sys.argv[1:])}`
on {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()};
load average while measuring: {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} (1 / 5 / 15 min).
The machine is shared: CPU time (user + sys) is the measure, wall clock is beside it.

Input: {n:,} boards with auctions and full play, PBN, {size / 1e6:.1f} MB, made by
`bench/bench_memory.py` (the played boards of `sample_deals/valid/club_session.pbn`,
numbered 1 to {n:,}).

Goal (#19): each command at ≥ {GOAL:,} boards/s on one core, start-up included.

| command | CPU s (best of {args.repeat}) | boards/s | wall s | goal |
| --- | ---: | ---: | ---: | --- |
{rows}

Start-up alone (`validate-auction --dealer N --calls "P P P P"`): {startup[0]:.2f} s CPU.

Where a board's time goes, in process, CPU µs a board (the stages after reading on
the first {min(n, 20_000):,} boards already read, scaled):

| stage | µs a board |
| --- | ---: |
| read: the PBN stream reader (`formats.pbn.iter_stream`, as both commands read) | {per['read']:.1f} |
| judge: `checks.auctions.check_records` (engine, contract, tag check) | {per['judge']:.1f} |
| the JSON line: `verdict_json_line` | {per['json']:.1f} |
| the brief line: `render.text.render_brief` | {per['brief']:.1f} |

The cyclic garbage collector during validate-auction's loop, in process: {gc_off[0]:.3f} s
in {gc_off[1]} passes with Python's thresholds; {gc_on[0]:.3f} s in {gc_on[1]} passes inside
`bridgecli.executors.streaming_gc()` (what is alive is frozen, a young pass every
10,000 allocations), which both commands use around their loops.

Notes. Reading is most of a board's time; the reader is shared with every command
(`formats/pbn/`). After it, the auction is replayed over plain ints
(`core.auction._run`); the JSON line is written directly for a legal board and held
to `json.dumps` of the verdict's object by a hypothesis test; the brief line takes
its call cells and contract/result text from a memo by identity (the reader shares
one object for each plain call and contract), held to the general path
(`render.text._render_brief_general`) by a hypothesis test. validate-auction in one
process reads the PBN stream a run of games at a time, as show does; the text is cut
into games only for worker processes (`--jobs 2`).
"""
    out = ROOT / "bench" / "results" / "auction.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(report, encoding="utf-8")
    print(report)


if __name__ == "__main__":
    main()
