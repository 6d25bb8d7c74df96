"""Where validate-auction's time goes on boards WITH full play (issue #19): reading vs checking.

Generates the file of ``bench/bench_memory.py`` (the sample session's boards with auctions
and full play, renumbered), then measures in process, CPU time, best of ``--repeat``:

* read: ``checks.auctions._auction_records`` (the command's one read step);
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
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def _cpu(f: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(repeat):
        t0 = time.process_time()
        out = f()
        best = min(best, time.process_time() - t0)
    return best, out


def main() -> None:
    import bench_memory

    from bridgecli.checks.auctions import _auction_records, check_records, verdict_json_line, verdict_text
    from bridgecli.core.notation import ENGLISH
    from bridgecli.formats.stream import text_chunks

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

        def read() -> list[Any]:
            with open(path, "rb") as fp:
                return list(_auction_records(text_chunks(fp, str(path)), str(path)))

        t_read, records = _cpu(read, args.repeat)
        t_check, verdicts = _cpu(lambda: list(check_records(records)), args.repeat)
        t_json, _ = _cpu(lambda: [verdict_json_line(v) for v in verdicts], args.repeat)
        t_text, _ = _cpu(lambda: [verdict_text(v, ENGLISH) for v in verdicts], args.repeat)
        runs = [bench_memory.run(["validate-auction", str(path), "--json", "--jobs", "1"]) for _ in range(args.repeat)]
        rss, wall, cpu, code = min(runs, key=lambda r: r[2])
    load = os.getloadavg()[0]
    whole = t_read + t_check + t_json
    rows = [
        ("read: `_auction_records` (the one read step)", t_read),
        ("check: `check_records` (engine, contract, tags)", t_check),
        ("render: `--json` line", t_json),
        ("render: text line (instead of JSON)", t_text),
    ]
    lines = [
        "# validate-auction: reading vs checking, boards with full play (issue #19)",
        "",
        (f"`python bench/bench_auction_split.py --boards {n}`: {n:,} boards with auctions and full play "
         f"(bench_memory's file); Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average "
         f"{load:.1f} at the end (a shared machine: CPU times, best of {args.repeat})."),
        "",
        "| stage (in process) | CPU s | µs a board | share of read + check + JSON |",
        "| --- | ---: | ---: | ---: |",
        *(f"| {name} | {t:.2f} | {t / n * 1e6:.1f} | {t / whole:.0%} |" for name, t in rows),
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
