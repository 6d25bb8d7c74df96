"""Instructions a board of the file commands, by callgrind (issue #19: throughput on one core).

CPU time on a shared host moves by a sixth from minute to minute, more than one round of
speed work changes it; the number of instructions a command executes does not. This script
runs each command under ``valgrind --tool=callgrind`` on the first 2,048 and the first
4,096 boards of ``bench_memory.py``'s generated PBN (auctions and full play) and reports
``(Ir(4096) - Ir(2048)) / 2048``: the instructions a board, start-up cancelled out. With
``--base CHECKOUT`` the same runs are made with that checkout's code, for a before/after
table. Writes ``bench/results/instructions.md``. Needs valgrind (Debian package ``valgrind``).

    python bench/bench_instructions.py --base /path/to/an/older/checkout
    python bench/bench_instructions.py --only score,convert-json

At 15,000 boards/s (the goal), a board has 67 us; on the host of bench/RESULTS.md a board of
~250,000 instructions ran in ~55 us, ~320,000 in ~70 us (both with start-up spread over
100,000 boards).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

COMMANDS: dict[str, list[str]] = {
    "convert-json": ["convert", "--to", "json"],
    "convert-pbn": ["convert", "--to", "pbn"],
    "show-brief": ["show", "--brief"],
    "validate-auction": ["validate-auction", "--json", "--jobs", "1"],
    "play-json": ["play", "--json"],
    "score": ["score"],
}
SMALL, BIG = 2048, 4096


def instructions(checkout: Path, args: list[str], path: Path, out: Path) -> int:
    """Instructions callgrind counts for one run of ``bridgecli ARGS PATH`` with ``checkout``'s code."""
    env = dict(os.environ, PYTHONPATH=str(checkout), PYTHONHASHSEED="0")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(checkout / "bridgecli")], check=True, env=env)
    prof = out / "callgrind.out"
    subprocess.run(["valgrind", "--tool=callgrind", "--dump-instr=no", f"--callgrind-out-file={prof}",
                    sys.executable, "-m", "bridgecli", *args, str(path)],
                   cwd=checkout, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    for line in prof.read_text().splitlines():
        if line.startswith("summary:"):
            prof.unlink()
            return int(line.split()[1])
    raise SystemExit(f"no summary in callgrind's output for {args}")


def per_board(checkout: Path, args: list[str], files: dict[int, Path], out: Path) -> int:
    return (instructions(checkout, args, files[BIG], out) - instructions(checkout, args, files[SMALL], out)) // (BIG - SMALL)


def _revision(checkout: Path) -> str:
    got = subprocess.run(["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                         check=False)
    return got.stdout.strip() or "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, help="an older checkout to compare with (its code, same inputs)")
    parser.add_argument("--only", help="comma-separated command names: " + ", ".join(COMMANDS))
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "instructions.md")
    opts = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian package valgrind)")
    import bench_memory

    names = opts.only.split(",") if opts.only else list(COMMANDS)
    rev, base_rev = _revision(ROOT), _revision(opts.base) if opts.base else ""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        tmpl = bench_memory.templates()
        files = {}
        for n in (SMALL, BIG):
            sub = folder / str(n)
            sub.mkdir()
            files[n] = bench_memory.generate(sub, n, tmpl, {"pbn"})["pbn"]
        for name in names:
            args = COMMANDS[name]
            now = per_board(ROOT, args, files, folder)
            before = per_board(opts.base, args, files, folder) if opts.base else None
            rows.append((name, args, before, now))
            print(f"{name}: {before if before is not None else '-'} -> {now}", flush=True)
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    lines = ["# Instructions a board of the file commands (callgrind; issue #19)", "",
             f"{stamp}, Python {sys.version.split()[0]}; this code {rev}" + (f", base {base_rev}" if opts.base else "")
             + f". (Ir({BIG}) - Ir({SMALL})) / {BIG - SMALL} on bench_memory.py's generated PBN (auctions and full play),",
             "`PYTHONHASHSEED=0`, byte-compiled; the same on any load, unlike CPU time.", "",
             "| command | " + ("base | " if opts.base else "") + "this code | " + ("change |" if opts.base else ""),
             "| --- | " + ("---: | " if opts.base else "") + "---: |" + (" ---: |" if opts.base else "")]
    for name, args, before, now in rows:
        cells = [f"`bridgecli {' '.join(args)} FILE`"]
        if before is not None:
            cells.append(f"{before:,}")
        cells.append(f"{now:,}")
        if before is not None:
            cells.append(f"{(now - before) / before:+.1%}")
        lines.append("| " + " | ".join(cells) + " |")
    opts.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {opts.out}")


if __name__ == "__main__":
    main()
