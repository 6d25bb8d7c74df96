"""Differential fuzzing of the streaming readers against reading the whole text.

Session 4 made every reader stream: PBN a run of games at a time, YAML a board at a
time from the parser's events, JSON an item or an object at a time, LIN a board at
a time, the CSV traveller of ``score --event`` a row at a time. Each must read what
reading the whole text gives. A case takes a text (the sample and corpus files,
and boards written as YAML and JSON in every shape the readers know: a block list,
a flow list, ``boards:``, documents, JSON Lines, pretty-printed objects, an array,
a ``{"boards": [...]}`` object, on one line or many), mutates it a little, cuts it
into random pieces and compares, record by record (a board as its JSON, an error
as its type, message and line):

* PBN: ``pbn.iter_stream(pieces)`` with ``pbn.iter_records(text)``;
* YAML: ``yaml_format.iter_stream(pieces)`` with ``iter_records(text)``, and, where
  PyYAML loads the whole text without an error, with the boards of that load;
* JSON: ``json_format.iter_stream(pieces)`` with ``iter_records(text)``, and, where
  ``json.loads`` reads the whole text (an array, a ``boards`` object, one object),
  with the boards of that load;
* LIN: ``lin.iter_stream(pieces)`` with ``lin.iter_records(text)``;
* CSV: ``traveller.read_csv(pieces)`` with the rows ``csv.reader`` reads from the
  whole text (``io.StringIO(text, newline=None)``), the way it was read before;
* YAML travellers: ``traveller.yaml_traveller(pieces)`` with the whole text as one
  piece, and, where PyYAML loads the whole text, with the rule used before it streamed
  (traveller or boards from the whole data, then its rows).

YAML boards come in every shape the reader knows, including a block list whose later
boards alias an earlier board's anchor and a block list cut into documents by ``---``.

    python tools/stream_diff.py --cases 5000 --seed 1 [--only N] [--show]

The suite runs a seeded slice (tests/formats/test_stream_diff.py).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import random
import sys
import time
import warnings
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError
from bridgecli.formats import json_format, lin, pbn, schema, traveller, yaml_format, yaml_nodes

CORPUS = ROOT.parent / "shared" / "corpus" / "realworld"


def key(rec: Any) -> Any:
    if isinstance(rec, BridgeError):
        return ("error", type(rec).__name__, str(rec), rec.line)
    if isinstance(rec, Board):
        return json.dumps(schema.to_dict(rec), ensure_ascii=False)
    return ("other", repr(rec))


def keys(records: Iterable[Any]) -> list[Any]:
    try:
        return [key(r) for r in records]
    except Exception as exc:  # noqa: BLE001  (an exception escaping a reader is a finding)
        return [("raised", type(exc).__name__, str(exc))]


def pieces(text: str, rng: random.Random) -> list[str]:
    """``text`` cut at random places (now and then a piece of one character)."""
    out: list[str] = []
    pos = 0
    while pos < len(text):
        n = rng.choice([1, 2, 3, 7, 13, 64, 500, 4096, 1 << 20])
        out.append(text[pos:pos + n])
        pos += n
    return out


# -- texts -------------------------------------------------------------------


def _boards() -> list[Board]:
    out: list[Board] = []
    for path in sorted((ROOT / "sample_deals" / "valid").glob("*.pbn")):
        out += [b for b in pbn.iter_records(path.read_text(encoding="utf-8")) if isinstance(b, Board)]
    return out


def _yaml_texts(boards: list[Board], rng: random.Random) -> str:
    chosen = rng.sample(boards, min(len(boards), rng.randrange(1, 6)))
    block = yaml_format.dumps(chosen)
    shape = rng.randrange(7)
    if shape == 0:
        return block
    if shape == 5:  # a block list whose later boards alias what an earlier one anchors
        items = ["- board:" + item for item in block.split("- board:")[1:]]
        first = rng.randrange(len(items))
        for k, item in enumerate(items):
            line = next((ln for ln in item.split("\n")[1:] if ln.startswith("  ") and ": " in ln), None)
            if line is not None and k == first:
                items[k] = item.replace(line, line.replace(": ", ": &a0 ", 1), 1)
            elif line is not None and k > first and rng.random() < 0.7:
                key = line.split(": ")[0]
                items[k] = item.replace(line, key + ": *a0", 1)
        return "".join(items)
    if shape == 6:  # a block list cut into documents, not starting with one
        items = ["- board:" + item for item in block.split("- board:")[1:]]
        return "".join(("---\n" if k and rng.random() < 0.5 else "") + item for k, item in enumerate(items))
    if shape == 1:  # boards: mapping
        return "boards:\n" + "".join("  " + line + "\n" for line in block.splitlines())
    if shape == 2:  # documents
        return "".join("---\n" + yaml_format.dumps([b])[2:].replace("\n  ", "\n") for b in chosen)
    if shape == 3:  # a flow list
        return "[" + ", ".join(json.dumps(schema.to_dict(b), ensure_ascii=False) for b in chosen) + "]\n"
    return json.dumps(schema.to_dict(chosen[0]), ensure_ascii=False, indent=2) + "\n"  # one board


def _json_texts(boards: list[Board], rng: random.Random) -> str:
    chosen = rng.sample(boards, min(len(boards), rng.randrange(1, 6)))
    dicts = [schema.to_dict(b) for b in chosen]
    indent = rng.choice([None, None, 2, 1])
    shape = rng.randrange(5)
    if shape == 0:
        return json.dumps(dicts, ensure_ascii=False, indent=indent) + "\n"
    if shape == 1:
        return json.dumps({"boards": dicts}, ensure_ascii=False, indent=indent) + "\n"
    if shape == 2:
        return "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in dicts)
    if shape == 3:
        return "".join(json.dumps(d, ensure_ascii=False, indent=2) + rng.choice(["\n", "", " ", "\n\n"]) for d in dicts)
    return json.dumps(dicts[0], ensure_ascii=False, indent=indent)


_CSV_ROWS = [
    "Board,NS,EW,Contract,Declarer,Result,Score", "1,1,2,4S,N,10,420", "1,3,4,4S,N,9,-50", "1,5,6,3NT,S,=,400",
    "2,1,2,Pass,,,0", "2,3,4,2HX,E,8,", '2,"5",6,"1NT",W,7,', "# a comment", "", "3,1,2,4S,N,+1,450",
]


def _csv_text(rng: random.Random) -> str:
    rows = [_CSV_ROWS[0]] + [rng.choice(_CSV_ROWS[1:]) for _ in range(rng.randrange(0, 8))]
    return rng.choice(["\n", "\r\n", "\r"]).join(rows) + rng.choice(["\n", "", "\r\n"])


_TRAVELLER_ROWS = [
    "{board: 1, ns: 1, ew: 2, contract: 4S, declarer: N, result: '=', score: 420}", "{board: 1, ns: 3, ew: 4, score: -50}",
    "{board: 2, ns: &p 1, ew: 2, contract: pass}", "{board: 2, ns: 3, ew: *p, contract: 3NT, declarer: S, result: 9}",
    "{board: 3, pair_ns: 5, ew: 6, contract: 2HX, declarer: E, result: '-1'}", "{board: 3, ns: 1, ew: 2, score: x}",
    "board: 4\n  ns: 7\n  ew: 8\n  score: 'A+'", "{board: 4, nsx: 1}", "7", "{board: 5, ns: 1, ew: 2, score: 0, ns: 3}",
]


def _traveller_text(rng: random.Random) -> str:
    rows = "".join(f"- {rng.choice(_TRAVELLER_ROWS)}\n" for _ in range(rng.randrange(0, 7)))
    head = rng.choice(["", "", "results:\n", "event: Cup\nresults:\n", "# a traveller\n", "boards: []\nresults:\n"])
    return head + rows + rng.choice(["", "", "---\n- {board: 9, ns: 1, ew: 2, score: 0}\n", "other: 1\n"])


def _traveller_keys(chunks: Iterable[str]) -> list[Any]:
    try:
        results, again = traveller.yaml_traveller(chunks, "t.yaml")
        if results is None:
            return ["boards", "".join(again)]
        return [repr(r) for r in results]
    except BridgeError as exc:
        return [("error", exc.message if hasattr(exc, "message") else str(exc), exc.line)]
    except Exception as exc:  # noqa: BLE001
        return [("raised", type(exc).__name__, str(exc))]


def _traveller_whole(text: str) -> list[Any] | None:
    """The results of the whole text loaded at once (as ``yaml_nodes.safe_load`` loads a
    document), by the rule used before the traveller streamed; None where the whole text
    is no YAML, names "results" twice (the first now tells, the last did), or holds a
    "boards" key before "results" (now boards, as the start tells)."""
    if ("\n" + text).count("\nresults:") > 1:
        return None
    try:
        data = yaml_nodes.safe_load(text.lstrip("\ufeff"))
    except BridgeError:
        return None
    if isinstance(data, dict) and isinstance(data.get("results"), list):
        if "boards" in data and list(data).index("boards") < list(data).index("results"):
            return None
        data = data["results"]
    elif not (isinstance(data, list) and data and isinstance(data[0], dict) and traveller.names_a_pair(data[0])):
        return ["boards", text]
    if not all(isinstance(r, dict) for r in data):
        return [("error", "a YAML traveller is a list of results (mappings)", 1)]
    try:
        return [repr(r) for r in traveller.results_from_rows(((None, r) for r in data), "t.yaml")]
    except BridgeError as exc:
        return [("error", exc.message if hasattr(exc, "message") else str(exc), exc.line)]


_NOISE = '[]{}":,-#&*!|>?%@`\'\n\r\t  0123456789abnNESW\\\ufeff'


def mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        r = rng.randrange(6)
        lines = text.split("\n")
        if r == 0 and text:
            pos = rng.randrange(len(text))
            text = text[:pos] + "".join(rng.choice(_NOISE) for _ in range(rng.randrange(1, 4))) + text[pos:]
        elif r == 1 and text:
            pos = rng.randrange(len(text))
            text = text[:pos] + text[pos + rng.randrange(1, 4):]
        elif r == 2 and lines:
            k = rng.randrange(len(lines))
            lines.insert(k, lines[k])
            text = "\n".join(lines)
        elif r == 3 and lines:
            del lines[rng.randrange(len(lines))]
            text = "\n".join(lines)
        elif r == 4:
            text = text.replace("\n", rng.choice(["\r\n", "\n\n", "\n \n", "\r"]), rng.randrange(1, 4))
        else:
            text = text[:rng.randrange(len(text) + 1)]
    return text


def seeds() -> dict[str, list[str]]:
    pool: dict[str, list[str]] = {"pbn": [], "lin": []}
    for kind in ("pbn", "lin"):
        for path in sorted((ROOT / "sample_deals").glob(f"*/*.{kind}")):
            pool[kind].append(path.read_text(encoding="utf-8", errors="replace"))
        if (CORPUS / kind).is_dir():
            for path in sorted((CORPUS / kind).iterdir()):
                pool[kind].append(path.read_text(encoding="utf-8", errors="replace")[:30000])
    return pool


# -- the comparisons -----------------------------------------------------------


def _yaml_whole(text: str) -> list[Any] | None:
    """The boards of the whole text loaded at once (PyYAML), or None when that load
    gives an error (the streaming reader may then read the boards before it)."""
    recs = keys(yaml_format.documents(text, None, 0))
    return None if not recs or any(isinstance(r, tuple) for r in recs) else recs


def _json_whole(text: str) -> list[Any] | None:
    def no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        if len({k for k, _ in pairs}) != len(pairs):
            raise ValueError("a key twice")  # (the reader refuses it, as it should)
        return dict(pairs)

    try:
        data = json.loads(text.lstrip("\ufeff"), object_pairs_hook=no_twice)
    except (ValueError, RecursionError):
        return None
    if data is None or data == []:
        return None  # (no boards: the reader says so)
    if isinstance(data, dict) and list(data) == ["boards"]:
        data = data["boards"]
    items = data if isinstance(data, list) else [data]
    out = []
    for item in items:
        try:
            out.append(key(schema.from_dict(item)))
        except BridgeError:
            return None
        except Exception:  # noqa: BLE001
            return None
    return out


def _csv_whole(text: str) -> list[Any]:
    """The results of the whole CSV text, read as before streaming: rows first."""
    reader = csv.reader(io.StringIO(text, newline=None))
    header: list[str] | None = None
    rows: list[tuple[int | None, dict[str, str]]] = []
    try:
        while True:
            try:
                fields = next(reader, None)
            except csv.Error as exc:
                return [("error", f"csv error: {exc}", max(reader.line_num, 1))]
            if fields is None:
                break
            line = reader.line_num
            if not any(f.strip() for f in fields) or fields[0].lstrip().startswith("#"):
                continue
            if header is None:
                header = fields
                continue
            if len(fields) > len(header):
                return [("error", f"{len(fields)} fields but the header has {len(header)}", line)]
            rows.append((line, dict(zip(header, fields))))
        if header is None:
            return [("error", "empty traveller: no header line", 1)]
        return [repr(r) for r in traveller.results_from_rows(rows, "t.csv")]
    except BridgeError as exc:
        return [("error", exc.message if hasattr(exc, "message") else str(exc), exc.line)]


def _csv_streamed(chunks: list[str]) -> list[Any]:
    try:
        return [repr(r) for r in traveller.read_csv(chunks, "t.csv")]
    except BridgeError as exc:
        return [("error", exc.message if hasattr(exc, "message") else str(exc), exc.line)]
    except Exception as exc:  # noqa: BLE001
        return [("raised", type(exc).__name__, str(exc))]


def case(i: int, seed: int, pool: dict[str, list[str]], boards: list[Board]) -> tuple[str, str, str] | None:
    """Run case ``i``: (kind, text, what differs) of a finding, or None."""
    rng = random.Random(f"{seed}:{i}")
    kind = rng.choice(["pbn", "pbn", "yaml", "json", "json", "lin", "csv", "yaml-traveller"])
    if kind == "yaml-traveller":
        text = mutate(_traveller_text(rng), rng)
        a, b = _traveller_keys(pieces(text, rng)), _traveller_keys([text])
        if a != b:
            return kind, text, f"streamed {a}\nwhole    {b}"
        loaded = _traveller_whole(text)
        return None if loaded is None or loaded == b else (kind, text, f"streamed {b}\nwhole load {loaded}")
    if kind == "yaml":
        text = _yaml_texts(boards, rng)
    elif kind == "json":
        text = _json_texts(boards, rng)
    elif kind == "csv":
        text = _csv_text(rng)
    else:
        text = rng.choice(pool[kind])
    text = mutate(text, rng)
    if kind in ("pbn", "lin"):  # (the commands hand these readers text with "\n" line ends only)
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    chunks = pieces(text, rng)
    if kind == "csv":
        a, b = _csv_streamed(chunks), _csv_whole(text)
        return None if a == b else (kind, text, f"streamed {a}\nwhole    {b}")
    module: Any = {"pbn": pbn, "yaml": yaml_format, "json": json_format, "lin": lin}[kind]
    streamed = keys(module.iter_stream(chunks, None))
    whole = keys(module.iter_records(text, None))
    if streamed != whole:
        return kind, text, _first_difference("iter_stream", streamed, "iter_records", whole)
    if any(r[0] == "raised" for r in whole if isinstance(r, tuple)):
        return kind, text, f"an exception escaped: {whole}"
    loaded = _yaml_whole(text) if kind == "yaml" else _json_whole(text) if kind == "json" else None
    if loaded is not None and loaded != whole:
        return kind, text, _first_difference("iter_records", whole, "whole load", loaded)
    if kind == "pbn":  # what an auction check reads of each board
        games = keys(map(_auction_part, pbn.iter_auction_records(text, None)))
        whole = keys(map(_auction_part, pbn.iter_records(text, None)))
        if games != whole:
            return kind, text, _first_difference("iter_auction_records", games, "iter_records", whole)
    return None


_AUCTION_FIELDS = ("number", "dealer", "vulnerability", "auction", "auction_end", "auction_notes", "auction_from",
                   "contract", "result")


def _auction_part(rec: Any) -> Any:
    if isinstance(rec, Board):
        return Board(**{name: getattr(rec, name) for name in _AUCTION_FIELDS})
    return rec


def _first_difference(a_name: str, a: list[Any], b_name: str, b: list[Any]) -> str:
    k = next((j for j, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return (f"{len(a)} vs {len(b)} records; first difference at record {k + 1}:\n"
            f"  {a_name}: {str(a[k:k + 1])[:1500]}\n  {b_name}: {str(b[k:k + 1])[:1500]}")


def run(cases: Iterator[int], seed: int, show: bool) -> int:
    pool, boards = seeds(), _boards()
    found = 0
    warnings.simplefilter("ignore")
    for i in cases:
        got = case(i, seed, pool, boards)
        if got is None:
            continue
        found += 1
        print(f"case {i}: {got[0]}: streaming and whole differ")
        if show:
            print(repr(got[1][:3000]))
            print(got[2])
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", type=int, default=None)
    parser.add_argument("--show", action="store_true")
    ns = parser.parse_args()
    start = time.monotonic()
    found = run(iter([ns.only] if ns.only is not None else range(ns.cases)), ns.seed, ns.show)
    n = 1 if ns.only is not None else ns.cases
    print(f"{n} cases, {found} findings, {time.monotonic() - start:.0f} s", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
