"""Benchmark: full double-dummy tables of 200 random deals, bridgecli's layer vs endplay's own.

Run from the repository root: ``python bench/bench_solve.py [--deals 200] [--seed 1]``.
Writes ``bench/results/solve.md``.

Measured in the same run on the same deals, the paths alternating chunk by
chunk so that load from other processes hits them alike; wall and CPU time:

* endplay: ``endplay.dds.calc_all_tables`` on endplay ``Deal`` objects, and
  bridgecli: ``bridgecli.solver.dds.solve_tables`` on our ``Deal`` objects,
  10 deals a call, DDS with 2 threads;
* ``solve``'s pipeline (``analyse_stream``: tables + par + result objects) in
  one process with 2 DDS threads, and in 2 worker processes of 1 DDS thread
  (pool start-up included, once per 40 deals).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridgecli.core.board import Board
from bridgecli.core.deal import Deal, deal_from_indices


def random_deals(n: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        owner = [i // 13 for i in range(52)]
        rng.shuffle(owner)
        out.append(deal_from_indices(owner))
    return out


def _cpu_with_children() -> float:
    import resource

    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "solve.md"))
    args = ap.parse_args()

    from bridgecli.solver import dds
    from bridgecli.solver.analysis import BoardAnalysis, analyse_stream

    deals = random_deals(args.deals, args.seed)
    t0 = time.perf_counter()
    dds.load()
    load_ours = time.perf_counter() - t0
    t0 = time.perf_counter()
    import endplay.dds as epdds
    from endplay.types import Deal as EpDeal
    load_endplay = time.perf_counter() - t0

    ep_deals = [EpDeal(d.to_pbn()) for d in deals]
    boards = [Board(number=i + 1, deal=d) for i, d in enumerate(deals)]
    dds.set_threads(2)

    # 1. tables: endplay vs our layer, 10 deals at a time, alternating who goes first
    wall = {"endplay": 0.0, "tables": 0.0}
    cpu = {"endplay": 0.0, "tables": 0.0}
    mismatches = 0
    for k, start in enumerate(range(0, len(deals), 10)):
        for name in (("endplay", "tables") if k % 2 == 0 else ("tables", "endplay")):
            t, c = time.perf_counter(), time.process_time()
            if name == "endplay":
                ep_tables = epdds.calc_all_tables(ep_deals[start:start + 10])
            else:
                our_tables = dds.solve_tables(deals[start:start + 10])
            wall[name] += time.perf_counter() - t
            cpu[name] += time.process_time() - c
        for ept, ot in zip(ep_tables, our_tables):
            if ept.to_list() != ot.to_dds():
                mismatches += 1

    # 2. solve's pipeline (tables + par), 40 deals at a time, alternating: one process with
    #    2 DDS threads (solve -j 2) vs 2 worker processes of 1 thread (solve -j 2 --processes)
    modes = {"threads": {"jobs": 2, "batch": 40},
             "processes": {"jobs": 2, "processes": True, "batch": 10, "job_batch": 10}}
    pwall = dict.fromkeys(modes, 0.0)
    pcpu = dict.fromkeys(modes, 0.0)
    for k, start in enumerate(range(0, len(boards), 40)):
        for name in (list(modes) if k % 2 == 0 else list(reversed(modes))):
            t, c = time.perf_counter(), _cpu_with_children()
            done = [a for a in analyse_stream(boards[start:start + 40], **modes[name])  # type: ignore[arg-type]
                    if isinstance(a, BoardAnalysis)]
            assert len(done) == len(boards[start:start + 40])
            pwall[name] += time.perf_counter() - t
            pcpu[name] += _cpu_with_children() - c
    dds.set_threads(0)
    t_ep, t_ours = wall["endplay"], wall["tables"]

    n = len(deals)
    lines = [
        "# solve benchmark",
        "",
        f"{n} random deals (seed {args.seed}), full double-dummy tables (20 cells each).",
        (f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
         f"endplay {getattr(sys.modules.get('endplay'), '__version__', '?')}; DDS limited to 2 threads."),
        (f"Load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}. Other jobs shared "
         "the machine, so the paths alternate on the same deals and CPU seconds are given beside wall time."),
        "",
        "## Tables: endplay vs bridgecli's layer (10 deals a call, alternating)",
        "",
        "| path | wall s | deals/s | CPU s |",
        "| --- | ---: | ---: | ---: |",
        f"| endplay `calc_all_tables` | {t_ep:.2f} | {n / t_ep:.2f} | {cpu['endplay']:.2f} |",
        f"| bridgecli `solver.dds.solve_tables` | {t_ours:.2f} | {n / t_ours:.2f} | {cpu['tables']:.2f} |",
        "",
        (f"Ratio bridgecli / endplay in deals/s: **{t_ep / t_ours:.2f}x** wall, "
         f"**{cpu['endplay'] / cpu['tables']:.2f}x** CPU (goal >= 0.9x). Tables differing: {mismatches}."),
        "",
        "## solve's pipeline (tables + par), 40 deals at a time, alternating",
        "",
        "| mode | wall s | deals/s | CPU s (incl. workers) |",
        "| --- | ---: | ---: | ---: |",
        (f"| 1 process, 2 DDS threads, 40 deals a call | {pwall['threads']:.2f} | {n / pwall['threads']:.2f} | "
         f"{pcpu['threads']:.2f} |"),
        (f"| 2 worker processes x 1 DDS thread, 10 deals a call | {pwall['processes']:.2f} | "
         f"{n / pwall['processes']:.2f} | {pcpu['processes']:.2f} |"),
        "",
        (f"Loading the solver: bridgecli {load_ours * 1000:.0f} ms (binding only, no matplotlib); "
         f"`import endplay.dds` {load_endplay * 1000:.0f} ms."),
        "",
    ]
    Path(args.out).write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
