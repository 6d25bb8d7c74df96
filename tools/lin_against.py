"""Read mutated LIN texts with this checkout and with another one; print where they differ.

The texts are the real-world LIN files and bridgecli-written boards, each with a random
slice replaced by random text (structural characters mostly), read whole and in small
pieces. Each checkout reads them in its own process; boards are compared as JSON, errors
by type, message, line and board. A fixed seed gives the same texts.

    python tools/lin_against.py --baseline /work/main            # 2,000 texts
    python tools/lin_against.py --baseline /work/main -n 10000 --seed 7
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "realworld" / "lin"
NOISE = "|,\n pcmbnqxdhsvgrt!0123456789SHDCAKQJTNpgah%="

# run in a child with a checkout first on sys.path: texts (JSON list) in, one line a text out
READ = """
import json, sys
from bridgecli.core import BridgeError
from bridgecli.formats import json_format, lin
def key(rec):
    if isinstance(rec, BridgeError):
        return ["error", type(rec).__name__, str(rec), rec.line, rec.board]
    return json_format.dumps([rec])
for text in json.load(open(sys.argv[1], encoding="utf-8")):
    whole = [key(r) for r in lin.iter_records(text, "f.lin")]
    pieces = [key(r) for r in lin.iter_stream([text[i:i + 13] for i in range(0, len(text), 13)], "f.lin")]
    print(json.dumps([whole, pieces]))
"""


def texts(n: int, seed: int) -> list[str]:
    """``n`` mutated texts from the corpus and a few written boards."""
    sys.path.insert(0, str(ROOT))
    from bridgecli import formats

    rng = random.Random(seed)
    base = [p.read_text(encoding="utf-8", errors="replace") for p in sorted(CORPUS.glob("*.lin"))]
    boards = formats.read_boards((ROOT / "sample_deals/valid/club_session.pbn").read_text("utf-8"), "pbn")
    # the players only: an event would write vg|, which this checkout reads on purpose
    # without the tag LinVg where a baseline may add it
    boards = [b.replace(tags={k: v for k, v in b.tags.items() if k in ("South", "West", "North", "East")})
              for b in boards]
    base.append(formats.write_boards(boards[:6], "lin"))
    base.append(formats.write_boards(boards[:6], "lin").replace("\n", ""))
    out = []
    for _ in range(n):
        t = rng.choice(base)
        if len(t) > 6000:
            start = rng.randrange(len(t) - 6000)
            t = t[start:start + 6000]
        for _ in range(rng.randint(1, 3)):
            at, cut = rng.randrange(len(t) + 1), rng.randint(0, 8)
            t = t[:at] + "".join(rng.choice(NOISE) for _ in range(rng.randint(0, 8))) + t[at + cut:]
        out.append(t)
    return out


def read_with(root: Path, path: Path) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(root))
    return subprocess.run([sys.executable, "-c", READ, str(path)], env=env, cwd=root, check=True,
                          capture_output=True, text=True).stdout.splitlines()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", required=True, help="the other checkout (e.g. /work/main)")
    ap.add_argument("-n", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS}", file=sys.stderr)
        return 2
    cases = texts(args.n, args.seed)
    with tempfile.TemporaryDirectory(prefix="bridgecli-lin-") as tmp:
        path = Path(tmp) / "texts.json"
        path.write_text(json.dumps(cases), encoding="utf-8")
        ours, theirs = read_with(ROOT, path), read_with(Path(args.baseline).resolve(), path)
    differ = [i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b]
    for i in differ[:10]:
        a, b = ours[i], theirs[i]
        at = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        print(f"--- text {i}: {cases[i][:300]!r}\n  this:     ...{a[max(0, at - 150):at + 250]}"
              f"\n  baseline: ...{b[max(0, at - 150):at + 250]}")
    print(f"{len(cases)} texts, {len(differ)} read differently")
    for name, got in (("this checkout", ours), ("baseline", theirs)):
        split = sum(1 for line in got if json.loads(line)[0] != json.loads(line)[1])
        print(f"{name}: {split} texts read differently whole and in pieces")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
