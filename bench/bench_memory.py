"""Peak memory of the file commands on big inputs (issue #19: memory independent of size).

Generates files of N boards with auctions and full play (PBN, JSON Lines, and LIN with
every board on ONE line) in a temporary folder, runs each command on them as a real
subprocess from this checkout, and reads the child's peak RSS from ``os.wait4``, with
wall and CPU time beside it. Writes ``bench/results/memory.md``.

    python bench/bench_memory.py                      # 100,000 and 1,000,000 boards
    python bench/bench_memory.py --sizes 20000,100000 --only convert-lin-pbn

The goal: peak RSS <= 150 MB for every command, and the same (+-10%) at both sizes.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# name -> (input kind, command arguments after "bridgecli"); {f} is the input file
COMMANDS: dict[str, tuple[str, list[str]]] = {
    "convert-pbn-json": ("pbn", ["convert", "{f}", "--to", "json"]),
    "convert-pbn-pbn": ("pbn", ["convert", "{f}", "--to", "pbn"]),
    "convert-jsonl-pbn": ("json", ["convert", "{f}", "--to", "pbn"]),
    "convert-lin-pbn": ("lin", ["convert", "{f}", "--to", "pbn"]),
    "convert-yaml-pbn": ("yaml", ["convert", "{f}", "--to", "pbn"]),
    "show-brief": ("pbn", ["show", "{f}", "--brief"]),
    "validate-auction": ("pbn", ["validate-auction", "{f}", "--json", "--jobs", "1"]),
    "play-json": ("pbn", ["play", "{f}", "--json"]),
    "score-file": ("pbn", ["score", "{f}"]),
    "score-file-json": ("json", ["score", "{f}", "--json"]),
}


def templates() -> dict[str, list[str]]:
    """Text of the sample session's boards in each format, ``{n}`` for the board number."""
    from bridgecli import formats

    boards = formats.read_boards((ROOT / "sample_deals/valid/club_session.pbn").read_text("utf-8"), "pbn")
    boards = [b for b in boards if b.play]
    out: dict[str, list[str]] = {"pbn": [], "json": [], "lin": [], "yaml": []}
    for b in boards:
        n = b.number
        pbn = formats.module("pbn").board_text(b)
        out["pbn"].append(pbn.replace("{", "{{").replace("}", "}}").replace(f'[Board "{n}"]', '[Board "{n}"]'))
        js = formats.write_boards([b], "json")
        out["json"].append(js.replace("{", "{{").replace("}", "}}").replace(f'"board": {n},', '"board": {n},', 1))
        yml = formats.write_boards([b], "yaml")
        out["yaml"].append(yml.replace("{", "{{").replace("}", "}}").replace(f"- board: {n}\n", "- board: {n}\n", 1))
        lin = formats.write_boards([b], "lin").replace("\n", "")
        out["lin"].append(lin.replace("{", "{{").replace("}", "}}").replace(f"ah|Board {n}|", "ah|Board {n}|"))
    return out


def generate(folder: Path, n: int, tmpl: dict[str, list[str]], kinds: set[str]) -> dict[str, Path]:
    """Files of ``n`` boards in ``kinds``: PBN, JSON Lines, YAML, LIN all on one line."""
    paths = {"pbn": folder / f"b{n}.pbn", "json": folder / f"b{n}.jsonl", "lin": folder / f"b{n}.lin",
             "yaml": folder / f"b{n}.yaml"}
    paths = {k: p for k, p in paths.items() if k in kinds}
    for kind, path in paths.items():
        parts = tmpl[kind]
        with open(path, "w", encoding="utf-8") as fp:
            if kind == "pbn":
                fp.write("% PBN 2.1\n% EXPORT\n")
            sep = "\n" if kind == "pbn" else ""
            fp.writelines((sep if i and sep else "") + parts[i % len(parts)].format(n=i + 1) for i in range(n))
            if kind == "lin":
                fp.write("\n")
    return paths


def run(argv: list[str]) -> tuple[float, float, float, int]:
    """(peak RSS MB, wall s, CPU s, exit code) of one subprocess run, its output dropped."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        proc = subprocess.Popen([sys.executable, "-m", "bridgecli", *argv], stdout=null, stderr=null, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    return usage.ru_maxrss / 1024, wall, usage.ru_utime + usage.ru_stime, proc.returncode


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100000,1000000")
    ap.add_argument("--only", default="", help="comma-separated command names (default: all)")
    ap.add_argument("--out", default=str(ROOT / "bench/results/memory.md"))
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    names = [x for x in args.only.split(",") if x] or list(COMMANDS)
    tmpl = templates()
    results: dict[tuple[str, int], tuple[float, float, float, int]] = {}
    with tempfile.TemporaryDirectory(prefix="bridgecli-mem-") as tmp:
        for n in sizes:
            t0 = time.perf_counter()
            paths = generate(Path(tmp), n, tmpl, {COMMANDS[name][0] for name in names})
            sizes_mb = {k: p.stat().st_size / 1e6 for k, p in paths.items()}
            print(f"{n:,} boards generated in {time.perf_counter() - t0:.1f} s "
                  + ", ".join(f"{k} {v:,.0f} MB" for k, v in sizes_mb.items()), flush=True)
            for name in names:
                kind, argv = COMMANDS[name]
                res = run([a.format(f=paths[kind]) for a in argv])
                results[name, n] = res
                print(f"  {name:18} {n:>9,}  {res[0]:7.1f} MB  {res[1]:7.1f} s wall  {res[2]:7.1f} s CPU  "
                      f"exit {res[3]}  {n / res[1]:,.0f} boards/s", flush=True)
            for p in paths.values():
                p.unlink()
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = float("nan")
    lines = [
        "# Peak memory of the file commands (issue #19)",
        "",
        (f"`python bench/bench_memory.py --sizes {args.sizes}`; boards with auctions and full play "
        "(the sample session's boards, renumbered); LIN with every board on one line. Peak RSS of the "
        f"child process from `os.wait4`; Python {sys.version.split()[0]}, {os.cpu_count()} cores, "
        f"load average {load:.1f} at the end (the machine was shared: wall times are noisy, CPU beside them)."),
        "",
        "| command | boards | peak RSS | wall | CPU | boards/s (wall) | exit |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name in names:
        for n in sizes:
            if (name, n) in results:
                rss, wall, cpu, code = results[name, n]
                lines.append(f"| `{' '.join(COMMANDS[name][1]).replace('{f}', 'FILE')}` "
                             f"({COMMANDS[name][0]}) | {n:,} | {rss:.1f} MB | {wall:.1f} s | {cpu:.1f} s | "
                             f"{n / wall:,.0f} | {code} |")
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
