"""LIN reading speed and memory (issue #19): boards/s of CPU and peak RSS.

Generates LIN files of N boards with auctions and full play, every board on ONE line
(bench/bench_memory.py's templates: the sample session's boards, renumbered), then for
this checkout, and for a baseline checkout when given (``--baseline /work/main``), in
turns within the same minute, best of ``--repeat``:

* ``read``: ``lin.iter_stream`` over the file in 1 MB pieces, in a child process
  (``time.process_time`` around the loop: the reader alone);
* ``convert FILE --to pbn`` as a real subprocess: CPU (user + sys) and peak RSS of the
  child from ``os.wait4`` (start-up and the PBN writer included).

Writes ``bench/results/lin.md``. The goal: reading at least 5x the baseline a board, in
memory that does not grow with the file.

    python bench/bench_lin.py --baseline /work/main                 # 20,000 and 100,000 boards
    python bench/bench_lin.py --sizes 1000000 --repeat 1
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

# the reader alone, in a child with the checkout first on sys.path: prints boards and CPU seconds
READ = """
import sys, time
from bridgecli.formats import lin
def pieces(path):
    with open(path, encoding="utf-8") as fp:
        while True:
            chunk = fp.read(1 << 20)
            if not chunk:
                return
            yield chunk
start = time.process_time()
n = sum(1 for _ in lin.iter_stream(pieces(sys.argv[1]), sys.argv[1]))
print(n, time.process_time() - start)
"""


def read_cpu(root: Path, path: Path) -> tuple[int, float]:
    """(boards, CPU seconds) of reading ``path`` with the checkout at ``root``."""
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run([sys.executable, "-c", READ, str(path)], env=env, cwd=root, check=True,
                         capture_output=True, text=True).stdout.split()
    return int(out[0]), float(out[1])


def convert_run(root: Path, path: Path) -> tuple[float, float, int]:
    """(CPU seconds, peak RSS MB, exit code) of ``convert FILE --to pbn`` run from ``root``."""
    env = dict(os.environ, PYTHONPATH=str(root))
    with open(os.devnull, "wb") as null:
        proc = subprocess.Popen([sys.executable, "-m", "bridgecli", "convert", str(path), "--to", "pbn"],
                                stdout=null, stderr=null, env=env, cwd=root)
        _, status, usage = os.wait4(proc.pid, 0)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="20000,100000")
    ap.add_argument("--baseline", default="", help="another checkout to compare with (e.g. /work/main)")
    ap.add_argument("--repeat", type=int, default=3, help="best of this many runs of each")
    ap.add_argument("--out", default=str(ROOT / "bench/results/lin.md"))
    args = ap.parse_args()
    import bench_memory

    roots = {"this checkout": ROOT}
    if args.baseline:
        roots["baseline"] = Path(args.baseline).resolve()
    tmpl = bench_memory.templates()
    rows: list[str] = []
    with tempfile.TemporaryDirectory(prefix="bridgecli-lin-") as tmp:
        for n in (int(x) for x in args.sizes.split(",")):
            path = bench_memory.generate(Path(tmp), n, tmpl, {"lin"})["lin"]
            print(f"{n:,} boards, {path.stat().st_size / 1e6:,.0f} MB on one line", flush=True)
            best: dict[str, dict[str, float]] = {name: {} for name in roots}
            for _ in range(args.repeat):
                for name, root in roots.items():  # in turns, so both see the same load
                    boards, cpu = read_cpu(root, path)
                    assert boards == n, (name, boards)
                    conv_cpu, rss, code = convert_run(root, path)
                    assert code == 0, (name, code)
                    got = best[name]
                    got["read"] = min(got.get("read", cpu), cpu)
                    got["convert"] = min(got.get("convert", conv_cpu), conv_cpu)
                    got["rss"] = max(got.get("rss", rss), rss)
            for name, got in best.items():
                line = (f"| {name} | {n:,} | {n / got['read']:,.0f} | {got['read'] / n * 1e6:,.0f} µs | "
                        f"{n / got['convert']:,.0f} | {got['rss']:.1f} MB |")
                rows.append(line)
                print(line, flush=True)
            if args.baseline:
                ratio = best["baseline"]["read"] / best["this checkout"]["read"]
                conv = best["baseline"]["convert"] / best["this checkout"]["convert"]
                rows.append(f"| ratio | {n:,} | {ratio:.1f}x | | {conv:.1f}x | |")
                print(rows[-1], flush=True)
            path.unlink()
    try:
        load = os.getloadavg()[0]
    except OSError:
        load = float("nan")
    base = f" against `{args.baseline}`" if args.baseline else ""
    lines = [
        "# LIN reading (issue #19)",
        "",
        (f"`python bench/bench_lin.py --sizes {args.sizes}{' --baseline ' + args.baseline if args.baseline else ''}`"
         f"{base}: LIN files with every board on one line (the sample session's boards with auctions and full "
         f"play, renumbered). CPU time, best of {args.repeat}, the checkouts in turns; `read` is `lin.iter_stream` "
         "over 1 MB pieces, `convert` is `bridgecli convert FILE --to pbn` as a subprocess (start-up and the PBN "
         f"writer included), peak RSS its child's from `os.wait4`. Python {sys.version.split()[0]}, "
         f"{os.cpu_count()} cores, load average {load:.1f} at the end (a shared machine)."),
        "",
        "| code | boards | read: boards/s CPU | read: CPU a board | convert --to pbn: boards/s CPU | peak RSS |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
        *rows,
    ]
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
