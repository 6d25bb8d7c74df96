"""Benchmark: full double-dummy tables of 200 random deals, bridgecli's layer vs endplay's own.

Run from the repository root: ``python bench/bench_solve.py [--deals 200] [--seed 1]``.
Writes ``bench/results/solve.md``.

Measured in the same run, on the same deals, batch by batch (40 deals, the
DDS limit) and alternating which side goes first, so that load from other
processes hits both alike:

* endplay: ``endplay.dds.calc_all_tables`` on endplay ``Deal`` objects;
* bridgecli tables: ``bridgecli.solver.dds.solve_tables`` on our ``Deal`` objects;
* bridgecli pipeline (``solve``'s own path: tables + par + JSON-ready objects)
  in one process with DDS threads, and with two worker processes of one thread each.
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
    batch = 40
    t_ep = t_ours = 0.0
    mismatches = 0
    for k, start in enumerate(range(0, len(deals), batch)):
        ours_first = k % 2 == 1
        for side in ((1, 0) if ours_first else (0, 1)):
            if side == 0:
                t = time.perf_counter()
                ep_tables = epdds.calc_all_tables(ep_deals[start:start + batch])
                t_ep += time.perf_counter() - t
            else:
                t = time.perf_counter()
                our_tables = dds.solve_tables(deals[start:start + batch])
                t_ours += time.perf_counter() - t
        for ept, ot in zip(ep_tables, our_tables):
            if ept.to_list() != ot.to_dds():
                mismatches += 1

    boards = [Board(number=i + 1, deal=d) for i, d in enumerate(deals)]
    runs = {}
    for label, jobs, threads in (("pipeline, 1 process, DDS 2 threads", 1, 2),
                                 ("pipeline, 2 processes x 1 DDS thread", 2, 1)):
        t = time.perf_counter()
        n = sum(1 for a in analyse_stream(boards, jobs=jobs, threads=threads) if isinstance(a, BoardAnalysis))
        runs[label] = (n, time.perf_counter() - t)
    dds.set_threads(0)

    n = len(deals)
    lines = [
        "# solve benchmark",
        "",
        f"{n} random deals (seed {args.seed}), full double-dummy tables (20 cells each).",
        (f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
         f"endplay {getattr(sys.modules.get('endplay'), '__version__', '?')}."),
        (f"Load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())} "
         "(other jobs shared the machine; both sides of each comparison ran batch by batch alternately)."),
        "",
        "| path | seconds | deals/s | s/deal |",
        "| --- | ---: | ---: | ---: |",
        f"| endplay `calc_all_tables` (40 a call) | {t_ep:.2f} | {n / t_ep:.2f} | {t_ep / n:.3f} |",
        f"| bridgecli `solver.dds.solve_tables` | {t_ours:.2f} | {n / t_ours:.2f} | {t_ours / n:.3f} |",
    ]
    for label, (count, secs) in runs.items():
        lines.append(f"| bridgecli {label} (tables + par) | {secs:.2f} | {count / secs:.2f} | {secs / count:.3f} |")
    lines += [
        "",
        f"Ratio bridgecli / endplay (deals/s, tables only): **{t_ep / t_ours:.2f}x** (goal >= 0.9x).",
        f"Tables differing between the two: {mismatches}.",
        (f"Loading the solver: bridgecli {load_ours * 1000:.0f} ms (binding only, no matplotlib); "
         f"`import endplay.dds` {load_endplay * 1000:.0f} ms."),
        "",
    ]
    Path(args.out).write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
