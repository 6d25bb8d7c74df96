"""Snapshot every command's output on the shipped and real-world files, to compare checkouts.

Issue #29 moves code between modules and must not change a byte of any output. This tool
runs a matrix of commands (every reading command with its output forms, on every file of
``sample_deals/``, ``docs/examples/`` and ``../shared/corpus/realworld/``, plus the
generating commands with fixed seeds) in one process through click's runner, and writes
one JSON object: case → exit code and the SHA-256 of stdout and of stderr (``--keep DIR``
also keeps the outputs themselves). Run it once in each checkout and compare::

    python tools/outputs_snapshot.py -o /tmp/new.json
    (cd /old/checkout && python /work/main/tools/outputs_snapshot.py --root . -o /tmp/old.json)
    python tools/outputs_snapshot.py --compare /tmp/old.json /tmp/new.json

``--root`` picks the checkout whose package is imported (default: the one holding this
file). ``--no-fast`` runs with the fast paths switched off where the checkout has the
switch (``BRIDGECLI_FAST_PATHS=0``), so that one checkout can be compared with itself.
``--quick`` leaves out the slow commands (solve) on the corpus; without it they run on\nthe first games of each corpus file (:data:`SLOW_GAMES`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def _files(root: Path, corpus: Path) -> list[Path]:
    out: list[Path] = []
    for folder in (root / "sample_deals", root / "docs" / "examples"):
        out += sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix != ".md")
    if corpus.is_dir():
        out += sorted(p for p in corpus.rglob("*") if p.is_file() and p.suffix.lower() in (".pbn", ".lin"))
    return out


#: commands run on every input file ({} is the file)
READERS: list[list[str]] = [
    ["show", "{}"],
    ["show", "{}", "--brief"],
    ["show", "{}", "--json"],
    ["show", "{}", "--lang", "pl"],
    ["convert", "{}", "--to", "pbn"],
    ["convert", "{}", "--to", "yaml"],
    ["convert", "{}", "--to", "json"],
    ["convert", "{}", "--to", "lin"],
    ["validate-auction", "{}"],
    ["validate-auction", "{}", "--json"],
    ["validate-auction", "{}", "--lang", "hu"],
    ["play", "{}"],
    ["play", "{}", "--json"],
    ["score", "{}"],
    ["score", "{}", "--json"],
    ["score", "{}", "--to", "pbn"],
    ["score", "--event", "{}"],
    ["score", "--event", "{}", "--json"],
    ["rubber", "{}"],
    ["results", "{}"],
    ["results", "{}", "--json"],
    ["movement", "check", "{}"],
]

#: slow commands, on the shipped files only (and the corpus without --quick)
SLOW: list[list[str]] = [
    ["solve", "{}"],
    ["solve", "{}", "--json"],
    ["solve", "{}", "--to", "pbn"],
]

#: commands that read no file
GENERATORS: list[list[str]] = [
    ["deal", "-n", "40", "--seed", "7"],
    ["deal", "-n", "40", "--seed", "7", "--format", "yaml"],
    ["deal", "-n", "40", "--seed", "7", "--format", "json"],
    ["deal", "-n", "40", "--seed", "7", "--format", "lin"],
    ["deal", "-n", "40", "--seed", "7", "--format", "text"],
    ["deal", "-n", "20", "--seed", "3", "--north", "hcp>=15 and spades>=5"],
    ["deal", "-n", "20", "--seed", "3", "--jobs", "2"],
    ["score", "3NT=", "4SX-1", "6NT+1", "--vul", "both"],
    ["score", "4HX=", "--json"],
    ["score", "420", "-450", "--imps"],
    ["validate-auction", "--dealer", "N", "--calls", "1NT P 3NT P P P"],
    ["movement", "mitchell", "--tables", "7"],
    ["movement", "mitchell", "--tables", "8", "--json"],
    ["movement", "howell", "--tables", "4"],
    ["movement", "howell", "--tables", "5", "--json"],
    ["simulate", "--contract", "4S:N", "--contract", "3NT:N", "-n", "6", "--seed", "1", "--north", "spades>=5"],
]


#: the games of a corpus file the slow commands solve (the whole corpus takes hours)
SLOW_GAMES = 6


def _head(path: Path, scratch: Path) -> Path:
    """A copy of the first :data:`SLOW_GAMES` games of ``path`` (PBN: up to the seventh
    ``[Board`` tag that starts a line; LIN: the first lines), the same bytes in every checkout."""
    data = path.read_bytes()
    if path.suffix.lower() == ".lin":
        head = b"".join(data.splitlines(keepends=True)[:SLOW_GAMES])
    else:
        cut, at = 0, -1
        for _ in range(SLOW_GAMES + 1):
            at = data.find(b"\n[Board ", at + 1)
            if at < 0:
                break
            cut = at
        head = data if at < 0 else data[:cut + 1]
    out = scratch / path.name
    out.write_bytes(head)
    return out


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:20]


def snapshot(root: Path, quick: bool, keep: Path | None) -> dict[str, Any]:
    sys.path.insert(0, str(root))
    os.environ.setdefault("COLUMNS", "100")
    from click.testing import CliRunner

    from bridgecli.cli import cli

    corpus = root.parent / "shared" / "corpus" / "realworld"
    if not corpus.is_dir():
        corpus = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "realworld"
    runner = CliRunner()
    scratch = Path(tempfile.mkdtemp(prefix="snapshot-"))
    cases: dict[str, Any] = {}

    def run(name: str, argv: list[str]) -> None:
        result = runner.invoke(cli, argv, catch_exceptions=True)

        def plain(data: bytes) -> bytes:  # the paths that differ between checkouts and runs
            for place, mask in ((scratch, b"SCRATCH"), (root, b"ROOT"), (corpus, b"CORPUS")):
                data = data.replace(str(place).encode(), mask)
            return data

        out, err = plain(result.stdout_bytes), plain(result.stderr_bytes or b"")
        crash = None if result.exception is None or isinstance(result.exception, SystemExit) else repr(result.exception)[:200]
        cases[name] = {"exit": result.exit_code, "stdout": _digest(out), "stderr": _digest(err), "crash": crash}
        if keep is not None:
            safe = name.replace("/", "_").replace(" ", "_")[:180]
            (keep / f"{safe}.out").write_bytes(out)
            (keep / f"{safe}.err").write_bytes(err)

    for argv in GENERATORS:
        run(" ".join(argv), argv)
    for path in _files(root, corpus):
        label = str(path.relative_to(root)) if path.is_relative_to(root) else f"corpus/{path.parent.name}/{path.name}"
        for argv in READERS:
            full = [str(path) if a == "{}" else a for a in argv]
            run(f"{label} :: {' '.join('FILE' if a == '{}' else a for a in argv)}", full)
        if quick and not path.is_relative_to(root):
            continue
        slow_input = path if path.is_relative_to(root) else _head(path, scratch)
        for argv in SLOW:
            full = [str(slow_input) if a == "{}" else a for a in argv]
            run(f"{label} :: {' '.join('FILE' if a == '{}' else a for a in argv)}", full)
    return cases


def compare(old: dict[str, Any], new: dict[str, Any]) -> int:
    differ = 0
    for name in sorted(set(old) | set(new)):
        a, b = old.get(name), new.get(name)
        if a != b:
            differ += 1
            print(f"DIFFERENT {name}: {a} -> {b}")
    print(f"{len(set(old) | set(new))} cases, {differ} different")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("-o", "--output", type=Path)
    parser.add_argument("--keep", type=Path)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--no-fast", action="store_true")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("OLD", "NEW"))
    args = parser.parse_args()
    if args.compare:
        old, new = (json.loads(p.read_text()) for p in args.compare)
        return compare(old, new)
    if args.no_fast:
        os.environ["BRIDGECLI_FAST_PATHS"] = "0"
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    cases = snapshot(args.root.resolve(), args.quick, args.keep)
    text = json.dumps(cases, indent=1, sort_keys=True)
    if args.output:
        args.output.write_text(text + "\n")
    else:
        print(text)
    crashes = [n for n, c in cases.items() if c["crash"]]
    print(f"{len(cases)} cases in {time.perf_counter() - start:.0f} s; {len(crashes)} crashed", file=sys.stderr)
    for n in crashes[:20]:
        print(f"  crash: {n}: {cases[n]['crash']}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
