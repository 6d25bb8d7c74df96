"""Where validate-auction's time goes on boards WITH full play (issue #19): reading vs checking.

Generates the file of ``bench/bench_memory.py`` (the sample session's boards with auctions
and full play, renumbered), then measures in process, CPU time, best of ``--repeat``:

* read: ``checks.auctions.files.auction_records`` (the command's one read step);
* check: ``checks.auctions.check_records`` over the boards read (engine, contract, tags);
* render: the ``--json`` line and the text line of each verdict;

and the whole command ``validate-auction FILE --json --jobs 1`` as a subprocess (wall, CPU,
peak RSS). Writes ``bench/results/auction_split.md``.

    python bench/bench_auction_split.py --boards 100000
    python bench/bench_auction_split.py --file /tmp/b100000.pbn --repeat 1
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def main() -> None:
    import bench_memory

    from bridgecli.checks.auctions import check_auctions, check_records, verdict_json_line
    from bridgecli.checks.auctions.files import auction_records
    from bridgecli.core.notation import ENGLISH
    from bridgecli.formats.stream import text_chunks
    from bridgecli.render.auctions import verdict_text, write_checks

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--file", type=Path, default=None, help="a file bench_memory.py generated, to reuse")
    ap.add_argument("--out", default=str(ROOT / "bench/results/auction_split.md"))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bridgecli-split-") as tmp:
        if args.file is not None:
            path = args.file
            with open(path, encoding="utf-8") as fp:
                args.boards = sum(line.startswith("[Board ") for line in fp)
        else:
            path = bench_memory.generate(Path(tmp), args.boards, bench_memory.templates(), {"pbn"})["pbn"]
        n = args.boards

        # the command first: a child forked from a process that holds boards counts them in its peak RSS
        runs = [bench_memory.run(["validate-auction", str(path), "--json", "--jobs", "1"]) for _ in range(args.repeat)]
        rss, wall, cpu, code = min(runs, key=lambda r: r[2])

        def stream() -> tuple[float, float, float, float]:
            # board by board as the command runs, timed a thousand boards at a time:
            # (read, check, JSON line, text line) CPU seconds
            from itertools import islice

            clock = time.process_time
            spent = [0.0, 0.0, 0.0, 0.0]
            with open(path, "rb") as fp:
                records = auction_records(text_chunks(fp, str(path)), str(path))
                while True:
                    t0 = clock()
                    batch = list(islice(records, 1000))
                    t1 = clock()
                    if not batch:
                        break
                    verdicts = list(check_records(batch))
                    t2 = clock()
                    for v in verdicts:
                        verdict_json_line(v)
                    t3 = clock()
                    for v in verdicts:
                        verdict_text(v, ENGLISH)
                    t4 = clock()
                    for i, t in enumerate((t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
                        spent[i] += t
            return spent[0], spent[1], spent[2], spent[3]

        def whole(collect: bool) -> float:
            # the command's work in process (check_auctions(...).write), cyclic GC on or off
            import gc

            was = gc.isenabled()
            if not collect:
                gc.disable()
            try:
                with open(os.devnull, "w", encoding="utf-8") as out:
                    t0 = time.process_time()
                    write_checks(out, check_auctions(path), as_json=True)
                    return time.process_time() - t0
            finally:
                if was:
                    gc.enable()

        import gc

        gc.disable()  # the split without the collector (the reader pauses it too), which is measured below
        try:
            t_read, t_check, t_json, t_text = min((stream() for _ in range(args.repeat)), key=sum)
        finally:
            gc.enable()
        t_gc_on = min(whole(True) for _ in range(args.repeat))
        t_gc_off = min(whole(False) for _ in range(args.repeat))
    load = os.getloadavg()[0]
    whole = t_read + t_check + t_json
    rows = [
        ("read: `auction_records` (the one read step)", t_read),
        ("check: `check_records` (engine, contract, tags)", t_check),
        ("render: `--json` line", t_json),
        ("render: text line (instead of JSON)", t_text),
    ]
    lines = [
        "# validate-auction: reading vs checking, boards with full play (issue #19)",
        "",
        (f"`python bench/bench_auction_split.py {' '.join(sys.argv[1:])}`: {n:,} boards with auctions and full play "
         f"(bench_memory's file); Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
         f"{load:.1f} at the end (a shared machine: CPU times, best of {args.repeat})."),
        "",
        ("| stage (in process, streamed as the command runs, timed 1,000 boards at a time, cyclic GC paused) "
         "| CPU s | µs a board | share of read + check + JSON |"),
        "| --- | ---: | ---: | ---: |",
        *(f"| {name} | {t:.2f} | {t / n * 1e6:.1f} | {t / whole:.0%} |" for name, t in rows),
        "",
        (f"The cyclic garbage collector on top: `write_checks(devnull, check_auctions(FILE), as_json=True)` in process "
         f"takes {t_gc_on:.2f} s CPU with it, {t_gc_off:.2f} s without ({(t_gc_on - t_gc_off) / n * 1e6:.1f} µs a "
         "board): it traverses the boards the reader made while they are alive."),
        "",
        "| the command, `validate-auction FILE --json --jobs 1` | wall | CPU | boards/s (CPU) | peak RSS | exit |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
        f"| {n:,} boards | {wall:.1f} s | {cpu:.1f} s | {n / cpu:,.0f} | {rss:.0f} MB | {code} |",
        "",
        (f"At 15,000 boards/s the whole budget is {1e6 / 15000:.0f} µs a board; checking and JSON take "
         f"{(t_check + t_json) / n * 1e6:.0f} µs of it, reading the rest."),
    ]
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
