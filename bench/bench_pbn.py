"""Benchmark: read and write a 10,000-board PBN file, bridgecli beside endplay.

Run from the repository root::

    python bench/bench_pbn.py [--boards 10000] [--seed 2] [--repeat 3]

It builds a file of random boards (fixed seed) with tags, an auction with an
alert and a note now and then, a 13-trick play record (each trick one card
from each hand, following suit when possible, so the rows are plausible) and
a result; then times, in the same run, bridgecli's ``pbn.loads``/``pbn.dumps``
and endplay's ``endplay.parsers.pbn.loads``/``dumps`` on that text (best of
``--repeat`` runs by CPU time of the process, wall time beside it), prints boards per second
and writes the table to ``bench/results/pbn.md``. bridgecli's reader builds a deal or play in
the export style on first use, so reading is timed twice: as read, and with every deal and
play built. Last, what ``bridgecli convert --to pbn|json`` does a board (the boards read,
then written a board at a time), against the goal of issue #19: 15,000 boards a second.
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

from bridgecli.core import DECK, PASS, AnnotatedCall, Board, Contract, Hand, PlayedCard, Seat, Vulnerability
from bridgecli.core.calls import ALL_BIDS, DOUBLE
from bridgecli.core.contract import Risk
from bridgecli.core.deal import Deal
from bridgecli.formats import pbn

NAMES = ["Smith", "Jones", "Nowak", "Kowalski", "Dupont", "Martin", "Rossi", "Bianchi", "Meier", "Jansen"]


def make_board(rng: random.Random, n: int) -> Board:
    """One random board with an auction, a 13-trick play and a result."""
    order = list(range(52))
    rng.shuffle(order)
    hands = [sorted(order[13 * k:13 * k + 13]) for k in range(4)]
    deal = Deal(tuple(Hand(DECK[i] for i in h) for h in hands))  # type: ignore[arg-type]
    dealer = Seat((n - 1) % 4)
    # auction: a few rising bids, maybe a double, three passes
    calls: list[AnnotatedCall] = []
    notes: dict[int, str] = {}
    idx = rng.randrange(0, 12)
    for _ in range(rng.randrange(1, 6)):
        call = AnnotatedCall(ALL_BIDS[idx])
        if rng.random() < 0.15:
            note = len(notes) + 1
            notes[note] = rng.choice(["transfer", "weak two", "Michaels: both majors", "forcing"])
            call = AnnotatedCall(ALL_BIDS[idx], note=note)  # endplay cannot read NAGs ($1)
        calls.append(call)
        calls.append(AnnotatedCall(PASS))
        idx = min(34, idx + rng.randrange(1, 5))
    last = calls[-2].call
    risk = Risk.UNDOUBLED
    if rng.random() < 0.1:
        calls[-1] = AnnotatedCall(DOUBLE)
        risk = Risk.DOUBLED
    calls.extend([AnnotatedCall(PASS)] * 3)
    declarer = dealer.next(len(calls) - 5)  # the seat of the last bid
    contract = Contract(last.level, last.strain, risk, declarer)  # type: ignore[union-attr]
    # play: from the opening leader, columns fixed; one card of each hand per trick
    leader = declarer.lho
    held = [list(hands[(leader + k) % 4]) for k in range(4)]
    rows = []
    for _ in range(13):
        row = []
        lead_suit = None
        for k in range(4):
            h = held[k]
            pool = [c for c in h if c // 13 == lead_suit] if lead_suit is not None else h
            c = rng.choice(pool or h)
            h.remove(c)
            if k == 0:
                lead_suit = c // 13
            row.append(PlayedCard(DECK[c]))
        rows.append(tuple(row))
    players = rng.sample(NAMES, 4)
    return Board(
        number=n, dealer=dealer, vulnerability=Vulnerability.from_board(n), deal=deal,
        auction=tuple(calls), auction_notes=notes, play=tuple(rows), play_leader=leader,
        contract=contract, result=rng.randrange(5, 14),
        tags={"Event": "Benchmark club session", "Site": "Somewhere", "Date": "2026.11.30",
              "West": players[0], "North": players[1], "East": players[2], "South": players[3],
              "Scoring": "MP", "Room": "Open", "Score": f"NS {rng.randrange(-15, 16) * 10}"},
    )


def best(fn, repeat: int) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """(CPU, wall) seconds of the run with the least CPU time of ``repeat`` runs of
    ``fn()`` (process time is steadier than wall time on a busy machine, and the same
    clock for both libraries; the wall time of that run is given beside it)."""
    times = []
    for _ in range(repeat):
        w0 = time.perf_counter()
        t0 = time.process_time()
        fn()
        times.append((time.process_time() - t0, time.perf_counter() - w0))
    return min(times)


def built(text: str) -> None:
    """Read ``text`` and build every deal and play (the reader builds them on first use)."""
    for b in pbn.loads(text):
        b.deal, b.play  # noqa: B018


def converted(text: str, fmt: str) -> None:
    """Read ``text`` and write the boards read in ``fmt``, a board at a time, as
    ``bridgecli convert --to FMT`` does (without the file reading and writing)."""
    from bridgecli.formats import iter_write

    for _ in iter_write(pbn.iter_records(text), fmt):
        pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--boards", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "pbn.md"))
    args = ap.parse_args()

    rng = random.Random(args.seed)
    boards = [make_board(rng, n) for n in range(1, args.boards + 1)]
    text = pbn.dumps(boards)
    assert pbn.loads(text) == boards, "round trip failed"
    size_mb = len(text.encode()) / 1e6

    import endplay.parsers.pbn as ep

    n = args.boards
    bc_read = best(lambda: pbn.loads(text), args.repeat)
    bc_built = best(lambda: built(text), args.repeat)
    bc_write = best(lambda: pbn.dumps(boards), args.repeat)
    bc_to_pbn = best(lambda: converted(text, "pbn"), args.repeat)
    bc_to_json = best(lambda: converted(text, "json"), args.repeat)
    ep_boards = ep.loads(text)
    assert len(ep_boards) == n
    ep_read = best(lambda: ep.loads(text), args.repeat)
    ep_write = best(lambda: ep.dumps(ep_boards), args.repeat)
    ep_to_pbn = best(lambda: ep.dumps(ep.loads(text)), args.repeat)

    rows = [
        ("read (`pbn.loads`: deal and play built on first use)", bc_read, ep_read),
        ("read, then every deal and play built", bc_built, ep_read),
        ("write (`pbn.dumps` of built boards)", bc_write, ep_write),
        ("read and write the boards read (`convert --to pbn`)", bc_to_pbn, ep_to_pbn),
    ]
    import endplay

    lines = [
        "# PBN read/write benchmark",
        "",
        (
            f"`python bench/bench_pbn.py --boards {n} --seed {args.seed} --repeat {args.repeat}`: "
            f"{n} random boards with tags, auction (notes), 13-trick play and result; "
            f"{size_mb:.1f} MB of PBN; best CPU time of {args.repeat} runs, same process."
        ),
        (f"Python {platform.python_version()}, endplay {getattr(endplay, '__version__', '?')}, {platform.machine()},"
        f" {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} (wall times are noisy on a shared machine;"
        " the ratios are of CPU times)."),
        "",
        "| operation | bridgecli boards/s (CPU) | (wall) | endplay boards/s (CPU) | (wall) | bridgecli / endplay (CPU) |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for op, (a_cpu, a_wall), (b_cpu, b_wall) in rows:
        lines.append(f"| {op} | {n / a_cpu:,.0f} | {n / a_wall:,.0f} | {n / b_cpu:,.0f} | {n / b_wall:,.0f} | "
                     f"{b_cpu / a_cpu:.1f}x |")
    ratio = ep_read[0] / bc_read[0]
    lines += ["", (f"Goal (#19): reading at least 10x endplay's `pbn.loads`: {'met' if ratio >= 10 else 'NOT met'}"
              f" ({ratio:.1f}x; {ep_read[0] / bc_built[0]:.1f}x with every deal and play built).")]
    lines += ["", "What `convert` does a board, in process (no file reading or writing; the CLI adds start-up and I/O):", "",
              "| conversion | boards/s (CPU) | (wall) | µs a board (CPU) |", "| --- | ---: | ---: | ---: |"]
    for op, (cpu, wall) in (("PBN to PBN (`convert --to pbn`)", bc_to_pbn), ("PBN to JSON (`convert --to json`)",
                                                                              bc_to_json)):
        lines.append(f"| {op} | {n / cpu:,.0f} | {n / wall:,.0f} | {cpu / n * 1e6:.0f} |")
    met = min(n / bc_to_pbn[0], n / bc_to_json[0]) >= 15000
    lines += ["", ("Goal (#19): `convert --to pbn|json` at least 15,000 boards/s on one core (67 µs a board in all):"
                   f" {'met' if met else 'NOT met'} in process.")]
    report = "\n".join(lines) + "\n"
    print(report)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(report)


if __name__ == "__main__":
    main()
