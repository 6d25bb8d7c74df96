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
    # the other shapes the readers accept (shape_templates/generate_shapes)
    "convert-yaml-flow-pbn": ("yaml-flow", ["convert", "{f}", "--to", "pbn"]),
    "convert-yaml-boards-pbn": ("yaml-boards", ["convert", "{f}", "--to", "pbn"]),
    "convert-yaml-docs-pbn": ("yaml-docs", ["convert", "{f}", "--to", "pbn"]),
    "convert-json-object-pbn": ("json-object", ["convert", "{f}", "--to", "pbn"]),
    "convert-json-pretty-pbn": ("json-pretty", ["convert", "{f}", "--to", "pbn"]),
    "score-event-csv": ("csv", ["score", "--event", "{f}", "--json"]),
    "score-event-csv-text": ("csv", ["score", "--event", "{f}"]),
    "score-event-csv-tables": ("csv-tables", ["score", "--event", "{f}", "--json"]),
    "score-event-yaml": ("yaml", ["score", "--event", "{f}", "--json"]),
    # YAML that ties boards together: an anchor in the first board that every later board
    # aliases, a block list cut into documents by "---" every 1,000 boards, and a YAML traveller
    "convert-yaml-anchors-json": ("yaml-anchors", ["convert", "{f}", "--to", "json"]),
    "convert-yaml-doclists-json": ("yaml-doclists", ["convert", "{f}", "--to", "json"]),
    "score-event-yaml-traveller": ("yaml-traveller", ["score", "--event", "{f}", "--json"]),
}
#: The kinds generate_shapes writes (the others: generate).
SHAPES = {"yaml-flow": ".yaml", "yaml-boards": ".yaml", "yaml-docs": ".yaml", "json-object": ".json",
          "json-pretty": ".json", "csv": ".csv", "csv-tables": ".csv", "yaml-anchors": ".yaml",
          "yaml-doclists": ".yaml", "yaml-traveller": ".yaml"}


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


def shape_templates() -> dict[str, list[str]]:
    """Text of the sample session's boards in the other shapes the readers accept, ``{n}``
    for the board number: a YAML flow list's items, a block list's items under ``boards:``,
    YAML documents, the items of a JSON ``boards`` array, pretty-printed JSON objects. And
    CSV traveller rows (``{n}`` a row number): ten tables a board, pairs 1-10 N-S and
    11-20 E-W (``csv-tables``: the same rows a table at a time, every board of table 1 first)."""
    import json

    import yaml

    from bridgecli import formats

    boards = formats.read_boards((ROOT / "sample_deals/valid/club_session.pbn").read_text("utf-8"), "pbn")
    out: dict[str, list[str]] = {kind: [] for kind in SHAPES}

    def numbered(text: str, old: str, new: str) -> str:
        text = text.replace("{", "{{").replace("}", "}}")
        assert old in text, (old, text[:80])
        return text.replace(old, new, 1)

    for b in (b for b in boards if b.play):
        n = b.number
        data = json.loads(formats.write_boards([b], "json"))
        flow = yaml.safe_dump([data], default_flow_style=True, sort_keys=False, allow_unicode=True, width=100)
        out["yaml-flow"].append(numbered(flow.strip()[1:-1], f"board: {n},", "board: {n},"))
        block = formats.write_boards([b], "yaml")
        out["yaml-boards"].append(numbered(block, f"- board: {n}\n", "- board: {n}\n"))
        out["yaml-docs"].append(numbered("---\n" + block.replace("\n  ", "\n")[2:], f"board: {n}\n", "board: {n}\n"))
        line = json.dumps(data, ensure_ascii=False)
        out["json-object"].append(numbered(line, f'"board": {n},', '"board": {n},'))
        pretty = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
        out["json-pretty"].append(numbered(pretty, f'"board": {n},', '"board": {n},'))
        event = "    Event: Thursday Club Pairs\n"
        assert event in block
        out["yaml-anchors"].append(numbered(block.replace(event, "    Event: *event\n"), f"- board: {n}\n",
                                            "- board: {n}\n"))
        out["yaml-doclists"].append(out["yaml-boards"][-1])
    contracts = ["3NT,N,=,SQ", "4S,E,-1,HK", "4SX,E,-2,HK", "2H,S,+1,D3", "pass,,,", "3NT,S,+2,C4", "5D,W,=,SA"]
    out["csv"] = out["csv-tables"] = [f"{{b}},{t},{t + 10},{c}\n" for t in range(1, 11) for c in contracts]
    out["yaml-traveller"] = []
    for t in range(1, 11):
        for c in contracts:
            contract, declarer, result, lead = c.split(",")
            more = f", declarer: {declarer}, result: '{result}', lead: {lead}" if declarer else ""
            out["yaml-traveller"].append(f"- {{{{board: {{b}}, ns: {t}, ew: {t + 10}, contract: {contract}{more}}}}}\n")
    return out


def generate_shapes(folder: Path, n: int, tmpl: dict[str, list[str]], kinds: set[str]) -> dict[str, Path]:
    """Files of ``n`` boards (of ``n`` rows for ``csv``) in ``kinds`` of :data:`SHAPES`."""
    paths = {k: folder / f"b{n}-{k}{ext}" for k, ext in SHAPES.items() if k in kinds}
    for kind, path in paths.items():
        parts = tmpl[kind]
        with open(path, "w", encoding="utf-8") as fp:
            if kind in ("csv", "csv-tables", "yaml-traveller"):
                if kind != "yaml-traveller":
                    fp.write("board,ns,ew,contract,declarer,result,lead\n")
                # row i: board i // 10 + 1 at table i % 10 + 1, one of seven results
                rows = range(n) if kind != "csv-tables" else (i for t in range(10) for i in range(t, n, 10))
                fp.writelines(parts[(i % 10) * 7 + (i // 10 + i % 10 * 3) % 7].format(b=i // 10 + 1)
                              for i in rows)
                continue
            if kind == "yaml-anchors":  # the first board holds the anchor every later one aliases
                first = parts[0].replace("Event: *event", "Event: &event Thursday Club Pairs")
                fp.writelines(parts[i % len(parts)].format(n=i + 1) if i else first.format(n=1) for i in range(n))
                continue
            if kind == "yaml-doclists":  # a block list, a new document every 1,000 boards
                fp.writelines(("---\n" if i and i % 1000 == 0 else "") + parts[i % len(parts)].format(n=i + 1)
                              for i in range(n))
                continue
            head, sep, tail = {"yaml-flow": ("[", ",\n ", "]\n"), "yaml-boards": ("boards:\n", "", ""),
                               "json-object": ('{{"boards": [\n', ",\n", "\n]}}\n")}.get(kind, ("", "", ""))
            fp.write(head.replace("{{", "{").replace("}}", "}"))
            fp.writelines((sep if i else "") + parts[i % len(parts)].format(n=i + 1) for i in range(n))
            fp.write(tail.replace("{{", "{").replace("}}", "}"))
    return paths


#: The checkout whose code the commands run (``--checkout``: another one, for a paired run).
CHECKOUT = ROOT


def run(argv: list[str]) -> tuple[float, float, float, int]:
    """(peak RSS MB, wall s, CPU s, exit code) of one subprocess run, its output dropped."""
    env = dict(os.environ, PYTHONPATH=str(CHECKOUT))
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        # (from the checkout's folder: "python -m" puts the working folder first on sys.path)
        proc = subprocess.Popen([sys.executable, "-m", "bridgecli", *argv], stdout=null, stderr=null, env=env,
                                cwd=CHECKOUT)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    return usage.ru_maxrss / 1024, wall, usage.ru_utime + usage.ru_stime, proc.returncode


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100000,1000000")
    ap.add_argument("--only", default="", help="comma-separated command names (default: all)")
    ap.add_argument("--out", default=str(ROOT / "bench/results/memory.md"))
    ap.add_argument("--checkout", default=str(ROOT), help="run the commands from this checkout (e.g. /work/main)")
    args = ap.parse_args()
    global CHECKOUT
    CHECKOUT = Path(args.checkout)
    sizes = [int(x) for x in args.sizes.split(",")]
    names = [x for x in args.only.split(",") if x] or list(COMMANDS)
    tmpl = templates()
    results: dict[tuple[str, int], tuple[float, float, float, int]] = {}
    with tempfile.TemporaryDirectory(prefix="bridgecli-mem-") as tmp:
        for n in sizes:
            t0 = time.perf_counter()
            kinds = {COMMANDS[name][0] for name in names}
            paths = generate(Path(tmp), n, tmpl, kinds)
            if kinds & set(SHAPES):
                paths.update(generate_shapes(Path(tmp), n, shape_templates(), kinds))
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
        (f"`python bench/bench_memory.py --sizes {args.sizes}` (code of {CHECKOUT}); boards with auctions and full play "
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
