"""Benchmark: `simulate` against an endplay script asking the same question of the same deals.

Run from the repository root: ``python bench/bench_simulate.py [--deals 1000] [--seed 1]``.
Writes ``bench/results/simulate.md``.

The question: with North AKJ32.K2.Q32.A32 and South Q54.AQ3.KJ4.8765 (East and West
random), is 4S by North or 3NT by North better at IMPs? Both sides do the whole job:

* bridgecli: ``simulate_question`` (deal, double-dummy solve of the two contracts only,
  score, IMP payoffs, means and standard errors), ``--jobs 1`` and ``--jobs 2``;
* endplay: ``generate_deals`` (its own dealing, timed) + ``calc_all_tables`` on the very
  deals bridgecli dealt (so that the double-dummy work is the same) + ``Contract.score``
  and the IMP table in a plain loop; once with full tables (the usual script) and once
  with ``exclude=`` the three strains not asked (endplay's trump filter), DDS on 2 threads.

The deals go in blocks of 100 (seed + block offset), the four runs taking turns in a
rotating order, so that load from other processes falls on all of them alike. Wall and
CPU time (this process and its children) for each; the ratios are endplay's time over
bridgecli's. The numbers (make %, mean IMPs) are checked to agree block by block.
``--dask`` adds one run of all the deals on ``--executor dask-local:2``.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NORTH = "N:AKJ32.K2.Q32.A32"
SOUTH = "S:Q54.AQ3.KJ4.8765"
IMP_BOUNDS = (10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590,
              740, 890, 1090, 1290, 1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990)


def cpu() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


_QUESTION: Any = None


def endplay_imps(diff: int) -> int:
    n = next((k for k, b in enumerate(IMP_BOUNDS) if abs(diff) <= b), 24)
    return n if diff >= 0 else -n


def _deals_of(seed: int, n: int) -> np.ndarray:
    """The deals ``simulate`` deals for this question and seed (the same chunks, not solved)."""
    from bridgecli.simulate.engine import CHUNK_SIZE, deal_chunk

    q = _QUESTION(seed)
    parts = [deal_chunk(q.spec, k, min(CHUNK_SIZE, n - k * CHUNK_SIZE))[0] for k in range(-(-n // CHUNK_SIZE))]
    return np.concatenate(parts, axis=1)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dask", action="store_true", help="also time --executor dask-local:2")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "simulate.md"))
    args = ap.parse_args()

    from bridgecli.dealer.generate import Predeal
    from bridgecli.dealer.predeal import parse_predeal
    from bridgecli.simulate.run import make_question, simulate_question
    from bridgecli.solver import dds

    predeal = Predeal()
    for text in (NORTH, SOUTH):
        seat, cards = parse_predeal(text)
        predeal = predeal.with_cards(seat, cards)
    global _QUESTION
    _QUESTION = lambda seed: make_question(["4S:N", "3NT:N"], seed=seed, predeal=predeal)
    dds.load()
    import endplay.dds as epdds
    from endplay.dealer import generate_deals
    from endplay.types import Contract, Deal, Denom, Player, Vul

    names = ["bridgecli simulate --jobs 1", "bridgecli simulate --jobs 2", "endplay full tables",
             "endplay tables, exclude= 3 strains"]
    wall = dict.fromkeys(names, 0.0)
    used = dict.fromkeys(names, 0.0)
    block = 100

    def ours(jobs: int, seed: int, n: int) -> tuple[dict, np.ndarray]:
        owners: list[np.ndarray] = []

        def keep(agg, chunk, extra, first):
            owners.append(chunk.owner.copy())

        q = make_question(["4S:N", "3NT:N"], seed=seed, predeal=predeal)
        out = simulate_question(q, n, "None", "imps", jobs=jobs, on_chunk=keep)
        return out, np.concatenate(owners, axis=1)

    def theirs(owner: np.ndarray, exclude: list, seed: int) -> tuple[float, float]:
        n = owner.shape[1]
        # the peer's own dealing of as many deals (timed); then the same deals as ours are solved
        generated = list(generate_deals(produce=n, seed=seed))
        assert len(generated) == n
        pbns = []
        for d in range(n):
            hands = [[[], [], [], []] for _ in range(4)]
            for card in range(52):
                hands[owner[card, d]][3 - card // 13].append("23456789TJQKA"[card % 13])
            pbns.append("N:" + " ".join(".".join("".join(reversed(x)) for x in h) for h in hands))
        deals = [Deal(p) for p in pbns]
        tables = []
        for start in range(0, n, 40):
            tables += list(epdds.calc_all_tables(deals[start:start + 40], exclude=exclude))
        made = 0
        total = 0
        for t in tables:
            scores = []
            for denom, level in ((Denom.spades, 4), (Denom.nt, 3)):
                tricks = t[denom, Player.north]
                if denom == Denom.spades:
                    made += tricks >= 10
                con = Contract(level=level, denom=denom, declarer=Player.north, result=tricks - level - 6)
                scores.append(con.score(Vul.none))
            total += endplay_imps(scores[0] - scores[1])
        return 100 * made / n, total / n

    # blocks of 100 deals (seed + block), the four runs in turn, the order rotating, so that the
    # load of other processes falls on all of them alike
    for b in range(0, args.deals, block):
        n = min(block, args.deals - b)
        seed = args.seed + b
        order = names[b // block % 4:] + names[: b // block % 4]
        check: dict[str, tuple[float, float]] = {}
        owner = None
        for name in order:
            w, c = time.perf_counter(), cpu()
            if name.startswith("bridgecli"):
                out, _ = ours(1 if "1" in name[-2:] else 2, seed, n)
                check[name] = (out["contracts"][0]["make"]["mean"], out["payoffs"]["table"][0][1]["mean"])
            else:
                if owner is None:  # deal the block's deals once, outside the timing, for the peer
                    wall[name] -= time.perf_counter() - w
                    used[name] -= cpu() - c
                    owner = _deals_of(seed, n)
                exclude = [] if name == "endplay full tables" else [Denom.hearts, Denom.diamonds, Denom.clubs]
                check[name] = theirs(owner, exclude, seed)
            wall[name] += time.perf_counter() - w
            used[name] += cpu() - c
        values = list(check.values())
        assert all(abs(v[0] - values[0][0]) < 1e-9 and abs(v[1] - values[0][1]) < 1e-9 for v in values), check
        print(b + n, {k: round(v, 1) for k, v in wall.items()}, flush=True)
    rows: list[tuple[str, float, float]] = [(name, wall[name], used[name]) for name in names]
    if args.dask:
        w, c = time.perf_counter(), cpu()
        q = make_question(["4S:N", "3NT:N"], seed=args.seed, predeal=predeal)
        simulate_question(q, args.deals, "None", "imps", executor="dask-local:2")
        label = ("bridgecli simulate --executor dask-local:2, one run of all the deals (cluster start-up "
                 "included; not interleaved)")
        rows.append((label, time.perf_counter() - w, cpu() - c))
    load = os.getloadavg()
    ours1 = rows[0]
    ours2 = rows[1]
    lines = [
        "# simulate: 4S or 3NT, bridgecli vs an endplay script",
        "",
        (f"{args.deals:,} deals, seed {args.seed}, North {NORTH[2:]}, South {SOUTH[2:]}, East-West random; "
         "contracts 4S:N and 3NT:N, IMPs."),
        (f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
         f"load average at the end {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} (a shared machine: "
         "wall times are noisy, CPU times less so)."),
        "",
        "| run | wall s | CPU s | deals/s (wall) | endplay full ÷ this (wall) | endplay full ÷ this (CPU) |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    full = next(r for r in rows if r[0] == "endplay full tables")
    for name, w, c in rows:
        lines.append(f"| {name} | {w:.2f} | {c:.2f} | {args.deals / w:,.1f} | {full[1] / w:.2f}× | {full[2] / c:.2f}× |")
    filt = next(r for r in rows if r[0].startswith("endplay tables, exclude"))
    lines += [
        "",
        (f"Against endplay with its own trump filter: `--jobs 2` is {filt[1] / ours2[1]:.2f}× (wall), "
         f"{filt[2] / ours2[2]:.2f}× (CPU); `--jobs 1` is {filt[1] / ours1[1]:.2f}× (wall), "
         f"{filt[2] / ours1[2]:.2f}× (CPU)."),
        "",
        ("bridgecli solves one board per contract asked (declarer's left-hand opponent on lead, "
         "`SolveAllBoardsBin`), where a table solves four declarers in each strain. "
         "Both sides got the same make % and mean IMPs (checked)."),
        "",
    ]
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
