"""Benchmark ``bridgecli results``: a 30-table, 27-board Mitchell session scored and its
results site written (issue #30: scored in under 1 s, the site in under 2 s).

Run from the repository root:  python bench/bench_results.py [--rounds 3]

The session is generated here by a simple rule: N-S pair t sits at table t all evening,
E-W pair 30 + e moves up one table a round (at table (e + r) mod 30 in round r), nine
rounds of three boards, every table playing the round's set (boards duplicated, as a
dealing machine makes them). Every pair meets
nine others and plays all 27 boards; each board is played 30 times (810 results). The
deals are ``bridgecli deal -n 27 --seed 30``; contracts and tricks come from a seeded
random generator. Timed, best of ``--rounds``:

* in process: reading and scoring the session (``load_session`` + ``Session.event``), and
  drawing and writing the site (``site_pages`` + ``write_site``);
* the commands, start-up included: ``bridgecli results S --json -o FILE`` and
  ``bridgecli results S -o DIR/``.

Writes bench/results/results.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TABLES, ROUNDS, PER_ROUND = 30, 9, 3


def movement() -> list[tuple[int, int, int]]:
    """(board, N-S pair, E-W pair) of every table result of the session."""
    out = []
    for r in range(ROUNDS):
        for t in range(TABLES):
            ew = (t - r) % TABLES  # the E-W pair that is at table t in round r
            board_set = r  # duplicated boards: every table plays the round's set
            for k in range(PER_ROUND):
                out.append((board_set * PER_ROUND + k + 1, t + 1, TABLES + ew + 1))
    return sorted(out)


def write_session(folder: Path, rng: random.Random) -> Path:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-m", "bridgecli", "deal", "-n", str(ROUNDS * PER_ROUND), "--seed", "30",
                    "-o", str(folder / "boards.pbn")], check=True, env=env)
    rows = ["board,ns,ew,contract,declarer,result"]
    for board, ns, ew in movement():
        level = rng.choice([1, 2, 2, 3, 3, 4, 4, 4, 5, 6])
        strain = rng.choice(["C", "D", "H", "S", "NT"])
        tricks = max(0, min(13, level + 6 + rng.choice([-2, -1, -1, 0, 0, 0, 1, 1, 2])))
        diff = tricks - level - 6
        rows.append(f"{board},{ns},{ew},{level}{strain},{rng.choice('NESW')},{'=' if diff == 0 else f'{diff:+d}'}")
    (folder / "results.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    first = ["Jan", "Anna", "Éva", "Péter", "Łukasz", "Zsófia", "Józef", "Małgorzata"]
    last = ["Kowalski", "Nowak", "Szabó", "Kiss", "Dąbrowski", "Kovács", "Wójcik", "Szűcs"]
    pairs = "\n".join(f"  {p}: [{rng.choice(first)} {rng.choice(last)}, {rng.choice(first)} {rng.choice(last)}]"
                      for p in range(1, 2 * TABLES + 1))
    session = folder / "session.yaml"
    session.write_text(f"event: Bench Mitchell\ndate: 2026-12-06\nclub: Bench Club\npairs:\n{pairs}\n"
                       "results: results.csv\nboards: boards.pbn\n", encoding="utf-8")
    return session


def best(fn, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    from bridgecli.render.site import site_pages
    from bridgecli.results.session import load_session, write_site

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        session_path = write_session(folder, random.Random(30))
        session = load_session(str(session_path))
        event = session.event()
        assert event.pairs is not None and len(event.results) == TABLES * ROUNDS * PER_ROUND
        score_s = best(lambda: load_session(str(session_path)).event(), args.rounds)
        site_dir = folder / "site"

        def site() -> None:
            assert event.pairs is not None
            write_site(site_pages(session, event.pairs), str(site_dir))

        site_s = best(site, args.rounds)
        pages = len(list(site_dir.iterdir()))
        size = sum(p.stat().st_size for p in site_dir.iterdir())
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        cmd = [sys.executable, "-m", "bridgecli", "results", str(session_path)]
        json_s = best(lambda: subprocess.run([*cmd, "--json", "-o", str(folder / "out.jsonl")], check=True,
                                             env=env), args.rounds)
        shutil.rmtree(site_dir)
        cli_site_s = best(lambda: subprocess.run([*cmd, "-o", f"{site_dir}/"], check=True, env=env), args.rounds)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    report = f"""# `bridgecli results`: a 30-table, 27-board Mitchell session

Generated by `bench/bench_results.py` (N-S pair t at table t, E-W pairs moving up one table a
round, nine rounds of three boards: {TABLES * ROUNDS * PER_ROUND} results, 60 pairs). Python
{platform.python_version()} on {platform.machine()}, load average {load:.2f}; best of {args.rounds}.

| what | time | goal |
| --- | ---: | --- |
| read and score the session (in process: `load_session` + `event`) | {score_s:.3f} s | < 1 s: {"met" if score_s < 1 else "NOT met"} |
| draw and write the site ({pages} files, {size / 1e6:.1f} MB; in process) | {site_s:.3f} s | < 2 s: {"met" if site_s < 2 else "NOT met"} |
| `bridgecli results S --json -o FILE` (start-up included) | {json_s:.3f} s | |
| `bridgecli results S -o DIR/` (start-up included) | {cli_site_s:.3f} s | |
"""
    out = ROOT / "bench" / "results" / "results.md"
    out.write_text(report, encoding="utf-8")
    print(report)


if __name__ == "__main__":
    main()
