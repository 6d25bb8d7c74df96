"""Benchmark: peak memory of ``bridgecli solve`` against input size, in every input format.

Run from the repository root: ``python bench/bench_solve_stream.py [--sizes 2000 10000]
[--formats pbn yaml lin lin1 json] [--base DIR]``. Writes its section of
``bench/results/solve_stream.md`` (from :data:`HEADING` to the next heading of its level
or the end), leaving the rest of the report as it is.

The inputs are three-card endings (random, seeded), so that DDS solves a board in about
a millisecond and what is measured is the stream around it, not DDS's own tables. The
PBN file is written by bridgecli's writer and converted with ``bridgecli convert``: YAML
as a block list, LIN a board a line, JSON pretty-printed (an object of several lines a
board, read by the streaming reader; JSON Lines is cut by lines like PBN), and ``lin1``
LIN with every board on one line. Each file is
solved with ``solve FILE --json -j 1 > /dev/null`` under ``/usr/bin/time``: peak RSS
(max resident set) and CPU time (user + sys). ``--base DIR`` runs a second checkout
(``python -m bridgecli`` from DIR) on the same files, one run after the other.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RANKS = "AKQJT98765432"
#: The heading of the section this script writes in the report.
HEADING = "## Every input format (bench/bench_solve_stream.py)"


def endings(n: int, seed: int) -> str:
    """PBN text of ``n`` boards, each a random three-card ending (12 cards dealt round)."""
    rng = random.Random(seed)
    cards = [(s, r) for s in range(4) for r in RANKS]
    games = []
    for number in range(1, n + 1):
        chosen = rng.sample(cards, 12)
        hands = []
        for h in range(4):
            mine = chosen[3 * h: 3 * h + 3]
            hands.append(".".join("".join(r for s2, r in sorted(mine, key=lambda c: RANKS.index(c[1])) if s2 == s)
                                  for s in range(4)))
        games.append(f'[Board "{number}"]\n[Dealer "{"NESW"[(number - 1) % 4]}"]\n[Vulnerable "None"]\n'
                     f'[Deal "N:{" ".join(hands)}"]\n')
    return "\n".join(games)


def write_inputs(folder: Path, n: int, formats: list[str]) -> dict[str, Path]:
    pbn = folder / f"e{n}.pbn"
    pbn.write_text(endings(n, seed=n))
    paths = {"pbn": pbn}
    for fmt in formats:
        if fmt == "pbn":
            continue
        to = "lin" if fmt == "lin1" else fmt
        path = folder / f"e{n}.{fmt}.{to}"
        text = subprocess.run([sys.executable, "-m", "bridgecli", "convert", str(pbn), "--to", to], cwd=ROOT,
                              check=True, capture_output=True, text=True).stdout
        if fmt == "json":  # pretty-printed: the streaming reader's shape, not JSON Lines
            text = "".join(json.dumps(json.loads(line), indent=2) + "\n" for line in text.splitlines() if line)
        elif fmt == "lin1":  # every board on one line
            text = text.replace("\n", "") + "\n"
        path.write_text(text)
        paths[fmt] = path
    return paths


def measure(checkout: Path, path: Path) -> tuple[float, int]:
    """(CPU seconds, peak RSS in KB) of ``solve FILE --json -j 1`` run from ``checkout``."""
    with tempfile.TemporaryFile() as err:
        subprocess.run(["/usr/bin/time", "-f", "%U %S %M", sys.executable, "-m", "bridgecli", "solve", str(path),
                        "--json", "-j", "1"], cwd=checkout, check=True, stdout=subprocess.DEVNULL, stderr=err,
                       env={**os.environ, "PYTHONPATH": str(checkout)})
        err.seek(0)
        user, system, peak = err.read().decode().split()[-3:]
    return float(user) + float(system), int(peak)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000, 10000])
    parser.add_argument("--formats", nargs="+", default=["pbn", "yaml", "lin", "lin1", "json"])
    parser.add_argument("--base", type=Path, help="another checkout to measure on the same files")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "solve_stream.md")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.sizes:
            for fmt, path in write_inputs(Path(tmp), n, args.formats).items():
                for label, checkout in [("this", ROOT)] + ([("base", args.base)] if args.base else []):
                    cpu, peak = measure(checkout, path)
                    rows.append((fmt, n, label, path.stat().st_size, cpu, peak))
                    print(rows[-1], flush=True)
    write_report(rows, args)


def write_report(rows: list[tuple[str, int, str, int, float, int]], args: argparse.Namespace) -> None:
    """Write (or replace) this script's section of the report ``args.out``."""
    lines = [
        HEADING,
        "",
        (f"Machine: {platform.machine()}, {os.cpu_count()} cores shared with other jobs, Python "
        f"{platform.python_version()}. `python bench/bench_solve_stream.py "
        f"--sizes {' '.join(map(str, args.sizes))} --formats {' '.join(args.formats)}"
        f"{' --base BASE' if args.base else ''}`: "
        "`solve FILE --json -j 1 > /dev/null` under `/usr/bin/time` on three-card endings "
        "(DDS takes about a millisecond a board, so the stream around it is what is measured); "
        "CPU = user + sys. `base` is the checkout given with `--base`."),
        "",
        "| format | boards | code | file MB | CPU s | peak RSS MB |",
        "| --- | ---: | --- | ---: | ---: | ---: |",
    ]
    for fmt, n, label, size, cpu, peak in rows:
        lines.append(f"| {fmt} | {n:,} | {label} | {size / 1e6:.1f} | {cpu:.1f} | {peak / 1024:.1f} |")
    lines.append("")
    for fmt in args.formats:
        for label in ["this", "base"] if args.base else ["this"]:
            peaks = [p for f, _, lab, _, _, p in rows if f == fmt and lab == label]
            if len(peaks) >= 2:
                lines.append(f"- {fmt}, {label}: peak RSS {peaks[-1] / peaks[0] - 1:+.1%} from "
                             f"{args.sizes[0]:,} to {args.sizes[-1]:,} boards.")
    section = "\n".join(lines) + "\n"
    report = args.out.read_text() if args.out.exists() else ""
    start = report.find(HEADING)
    if start < 0:
        report = report.rstrip("\n") + ("\n\n" if report else "") + section
    else:
        end = report.find("\n## ", start + len(HEADING))
        report = report[:start] + section + (report[end:] if end >= 0 else "")
    args.out.write_text(report)
    print(section)


if __name__ == "__main__":
    main()
