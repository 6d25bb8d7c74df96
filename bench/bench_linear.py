"""Every reader and command is linear in time and flat in memory on its input (issue #32).

Runs each reading command on generated inputs of 1x, 10x and 100x a base size -- boards
with auctions and full play in PBN, YAML, JSON Lines and LIN (every board on one line),
result lines for ``score -`` and ``rubber -``, three-card endings for ``solve`` -- as a
real process of this checkout, and records its CPU time (user + system) and peak RSS.
Writes ``bench/results/linear.md``.

    python bench/bench_linear.py                       # 200 boards, 2,000 lines at 1x
    python bench/bench_linear.py --boards 1000 --lines 10000 --only score-stdin,rubber-stdin

Linear: the CPU time an item adds (from 1x to 10x, and from 10x to 100x: start-up cancels
out) stays the same, the ratio of the two near 1. Flat: the peak RSS at 100x is within
about 10% of the one at 1x. The peak RSS is read by a small runner process that starts
the command and waits for it (``os.wait4``): a child's peak RSS starts at its parent's, so
the parent is kept small.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

#: Runs argv[1:] and prints "CPU-seconds peak-kB exit-code" on its stdout's last line.
RUNNER = ("import os, sys; f = open(sys.argv[1], 'rb'); pid = os.posix_spawn(sys.argv[2], sys.argv[2:], os.environ,"
          " file_actions=[(os.POSIX_SPAWN_DUP2, f.fileno(), 0), (os.POSIX_SPAWN_OPEN, 1, '/dev/null', os.O_WRONLY, 0)]);"
          " _, s, u = os.wait4(pid, 0); print(u.ru_utime + u.ru_stime, u.ru_maxrss, os.waitstatus_to_exitcode(s))")

#: name -> (input kind, arguments after "bridgecli"; {f} is the input, "-" reads it on stdin)
COMMANDS: dict[str, tuple[str, list[str]]] = {
    "show-brief": ("pbn", ["show", "{f}", "--brief"]),
    "convert-pbn-json": ("pbn", ["convert", "{f}", "--to", "json"]),
    "convert-yaml-pbn": ("yaml", ["convert", "{f}", "--to", "pbn"]),
    "convert-json-pbn": ("json", ["convert", "{f}", "--to", "pbn"]),
    "convert-lin-pbn": ("lin", ["convert", "{f}", "--to", "pbn"]),
    "validate-auction": ("pbn", ["validate-auction", "{f}", "--json", "--jobs", "1"]),
    "play-json": ("pbn", ["play", "{f}", "--json"]),
    "score-file": ("pbn", ["score", "{f}"]),
    "score-stdin": ("score-lines", ["score", "-"]),
    "rubber-stdin": ("rubber-lines", ["rubber", "-"]),
    "solve": ("endings", ["solve", "{f}", "--json", "-j", "1"]),
}

#: What an item of each input kind is, and how many of them a unit of the base size gives.
UNITS = {"pbn": "boards", "yaml": "boards", "json": "boards", "lin": "boards", "score-lines": "lines",
         "rubber-lines": "lines", "endings": "boards"}


def score_lines(n: int) -> str:
    """``n`` lines for ``score -``: results with options, comments and blank lines, 300 distinct."""
    rng = random.Random(1)
    strains, seats, vuls = ["C", "D", "H", "S", "NT"], "NESW", ["none", "ns", "ew", "both"]
    pool = []
    for i in range(300):
        level = rng.randint(1, 7)
        made = rng.randint(-3, 7 - level) if level < 7 else rng.randint(-3, 0)
        res = "=" if made == 0 else f"{made:+d}"
        pool.append(f"{level}{rng.choice(strains)}{rng.choice(['', 'X', 'XX'])}{res} -d {rng.choice(seats)}"
                    f" --vul {rng.choice(vuls)}")
        if i % 25 == 0:
            pool += ["# a comment", "", "pass"]
    return "".join(pool[i % len(pool)] + "\n" for i in range(n))


def rubber_lines(n: int) -> str:
    """``n`` lines of rubbers: results by each seat, a passed-out deal, comments."""
    cycle = ["4S= -d N", "3NT-1 -d E", "2H+1 -d S --honors NS:100", "pass", "# a note", "5DX= -d W",
             "1NT+2 -d E", "4HX-2 -d N", "6S= -d S"]
    return "".join(cycle[i % len(cycle)] + "\n" for i in range(n))


def make_inputs(folder: Path, kinds: set[str], n: int, boards: int, lines: int) -> dict[str, Path]:
    """The inputs at ``n`` times the base sizes (``boards`` boards, ``lines`` lines)."""
    from bench_memory import generate, templates
    from bench_solve_stream import endings

    paths: dict[str, Path] = {}
    formats = kinds & {"pbn", "yaml", "json", "lin"}
    if formats:
        paths.update(generate(folder, boards * n, templates(), formats))
    if "score-lines" in kinds:
        paths["score-lines"] = folder / f"s{n}.txt"
        paths["score-lines"].write_text(score_lines(lines * n))
    if "rubber-lines" in kinds:
        paths["rubber-lines"] = folder / f"r{n}.txt"
        paths["rubber-lines"].write_text(rubber_lines(lines * n // 2))
    if "endings" in kinds:
        paths["endings"] = folder / f"e{n}.pbn"
        paths["endings"].write_text(endings(max(1, boards * n // 10), seed=n))
    return paths


def items(kind: str, n: int, boards: int, lines: int) -> int:
    if kind == "score-lines":
        return lines * n
    if kind == "rubber-lines":
        return lines * n // 2
    if kind == "endings":
        return max(1, boards * n // 10)
    return boards * n


def run(argv: list[str], stdin: Path) -> tuple[float, float, int]:
    """(CPU seconds, peak RSS MB, exit code) of ``bridgecli ARGV`` reading ``stdin``."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", RUNNER, str(stdin), sys.executable, "-m", "bridgecli", *argv],
                         env=env, capture_output=True, text=True, check=True, cwd=ROOT).stdout
    cpu, rss, code = out.split()[-3:]
    return float(cpu), int(rss) / 1024, int(code)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=200, help="boards at 1x (endings: a tenth of them)")
    parser.add_argument("--lines", type=int, default=2000, help="score lines at 1x (rubber: half as many)")
    parser.add_argument("--only", default="", help="commands to run, comma-separated")
    parser.add_argument("--out", default=str(ROOT / "bench/results/linear.md"))
    args = parser.parse_args()
    names = [n for n in COMMANDS if not args.only or n in args.only.split(",")]
    kinds = {COMMANDS[n][0] for n in names}
    rows = []
    started = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        inputs = {n: make_inputs(folder, kinds, n, args.boards, args.lines) for n in (1, 10, 100)}
        for name in names:
            kind, argv = COMMANDS[name]
            measured = []
            for n in (1, 10, 100):
                path = inputs[n][kind]
                cpu, rss, code = run([a.replace("{f}", str(path)) for a in argv], path)
                measured.append((items(kind, n, args.boards, args.lines), cpu, rss, code))
                print(f"{name:18} {n:>3}x {measured[-1][0]:>8} {UNITS[kind]:6} {cpu:7.2f} s {rss:7.1f} MB"
                      f" exit {code}", file=sys.stderr)
            rows.append((name, kind, measured))
    write(rows, args, time.time() - started)


def write(rows: list[tuple[str, str, list[tuple[int, float, float, int]]]], args: argparse.Namespace,
          seconds: float) -> None:
    load = os.getloadavg()[0]
    lines = [
        "# Linear time, flat memory: every reading command at 1x, 10x and 100x",
        "",
        (f"`python bench/bench_linear.py --boards {args.boards} --lines {args.lines}` (issue #32), "
         f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; Python {sys.version.split()[0]}, "
         f"{os.cpu_count()} cores shared with other jobs (load {load:.1f} at the end; {seconds:.0f} s in all)."),
        "",
        "Inputs: boards with auctions and full play (PBN; YAML block list; JSON Lines; LIN with every",
        "board on one line), result lines for `score -` (300 distinct lines with options, comments",
        "and blank lines) and `rubber -` (results, a passed-out deal, honours, comments), random",
        "three-card endings for `solve`. CPU is user + system time of the command's process,",
        "start-up included; peak RSS from `os.wait4` of a small runner (so that the bench's",
        "own memory does not count).",
        "",
        "*µs an item* is the CPU an item adds: from 1x to 10x, and from 10x to 100x (start-up",
        "cancels out); *ratio* is the second over the first (1.0: linear). *RSS 100x/1x* near",
        "1.0 is flat memory.",
        "",
        ("| command | items at 1x / 10x / 100x | CPU s 1x / 10x / 100x | µs an item 1x→10x / 10x→100x | ratio"
         " | peak RSS MB 1x / 10x / 100x | RSS 100x/1x | exit |"),
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for name, kind, m in rows:
        (n1, c1, r1, e1), (n10, c10, r10, e10), (n100, c100, r100, e100) = m
        a = (c10 - c1) / max(1, n10 - n1) * 1e6
        b = (c100 - c10) / max(1, n100 - n10) * 1e6
        ratio = f"{b / a:.2f}" if a > 0 else "-"  # (start-up noise larger than the 1x to 10x step)
        lines.append(
            f"| `{name}` | {n1:,} / {n10:,} / {n100:,} {UNITS[kind]} | {c1:.2f} / {c10:.2f} / {c100:.2f}"
            f" | {a:.1f} / {b:.1f} | {ratio}"
            f" | {r1:.1f} / {r10:.1f} / {r100:.1f} | {r100 / r1:.2f} | {e1} {e10} {e100} |")
    lines += [
        "",
        "Reading the RSS columns: from 1x to 10x the fixed buffers fill (the readers' 1 MiB",
        "pieces, the 1,024 boards `play` and `score FILE` read ahead for the batch replay,",
        "`score FILE`'s 10,000-row table parts, LIN's pieces of a one-line file) and memory",
        "rises to a plateau that does not depend on the input's size; bench_memory.py shows the",
        "same plateau at 100,000 and 1,000,000 boards. `score -` and `rubber -` hold one read",
        "of 64 KiB and the line it cuts (and `rubber` one rubber), whatever the number of lines.",
    ]
    Path(args.out).write_text("\n".join(lines) + "\n")
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
