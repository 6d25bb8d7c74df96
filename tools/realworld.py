"""Walk the real-world corpus (../shared/corpus/realworld) and print a pass/fail table.

Every board of every file: it reads (games and refused games as expected), round-trips
PBN -> PBN, PBN -> JSON -> PBN and PBN -> YAML -> PBN without loss, LIN -> PBN keeps
vg|/rs|/nt|, and the play records replay as a correct tool would. The test suite runs
a fast slice of the same checks (tests/formats/test_realworld.py).

    python tools/realworld.py            # every board (a few minutes: YAML of 10,000 boards)
    python tools/realworld.py --quick    # the test suite's slice
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.formats.realworld import EXPECTED, check_file, corpus_root


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    corpus = corpus_root(ROOT)
    if not corpus.is_dir():
        print(f"no corpus at {corpus}", file=sys.stderr)
        return 2
    passed = 0
    start = time.perf_counter()
    print(f"{'file':45} {'games':>6} {'refused':>7} {'replayed':>8} {'broken':>6}  result")
    for rel in sorted(EXPECTED):
        t = time.perf_counter()
        out = check_file(corpus / rel, rel, sample=300 if quick else None, yaml_sample=60 if quick else None)
        passed += out.ok
        verdict = "pass" if out.ok else "FAIL: " + "; ".join(out.failures or [])[:300]
        print(f"{rel:45} {out.games:6} {out.read_errors:7} {out.replayed:8} {out.broken:6}  {verdict}"
              f"  ({time.perf_counter() - t:.1f}s)")
    print(f"{passed} of {len(EXPECTED)} files pass ({time.perf_counter() - start:.0f}s)")
    return 0 if passed == len(EXPECTED) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
