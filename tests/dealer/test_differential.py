"""Differential test: on the C dealer's own deals, every dealer-compatible function gives dealer's values."""

from __future__ import annotations

import os
import shutil
import subprocess

import numpy as np
import pytest

from bridgecli.dealer.expr import Compiler, Hands, parse

DEALER = shutil.which("dealer") or ("/usr/games/dealer" if os.path.exists("/usr/games/dealer") else None)

SEATS = ("north", "east", "south", "west")
SUITS = ("spades", "hearts", "diamonds", "clubs")

EXPRESSIONS: list[str] = []
for _seat in SEATS:
    EXPRESSIONS += [f"hcp({_seat})", f"control({_seat})", f"loser({_seat})", f"cccc({_seat})",
                    f"top2({_seat})", f"top3({_seat})", f"top4({_seat})", f"top5({_seat})", f"c13({_seat})",
                    f"tens({_seat})", f"jacks({_seat})", f"queens({_seat})", f"kings({_seat})", f"aces({_seat})",
                    f"shape({_seat}, any 4333 + any 4432 + any 5332)", f"shape({_seat}, 5xxx - any 0xxx + any 6331)"]
    for _suit in SUITS:
        EXPRESSIONS += [f"hcp({_seat}, {_suit})", f"control({_seat}, {_suit})", f"loser({_seat}, {_suit})",
                        f"quality({_seat}, {_suit})", f"{_suit}({_seat})", f"top3({_seat}, {_suit})",
                        f"pt0({_seat}, {_suit})", f"c13({_seat}, {_suit})"]
EXPRESSIONS += ["score(nv, x3N, 9)", "score(vul, x4S, 7)", "score(nv, x7C, 13)", "score(vul, x6H, 12)",
                "imps(hcp(north) * 10 - 100)", "7 / 2", "-7 / 2", "-7 % 3", "1 ? 0 ? 3 : 2 : 1", "!0 * 2"]


def _owner_from_oneline(line: str) -> list[int]:
    parts = line.split()
    owner = [-1] * 52
    for i in range(0, 8, 2):
        seat = "nesw".index(parts[i])
        for s, holding in zip((3, 2, 1, 0), parts[i + 1].split(".")):
            for ch in holding:
                owner[13 * s + "23456789TJQKA".index(ch.upper())] = seat
    return owner


CONDITIONS = [
    "1",
    # long suits everywhere, so that the 7-card rules of quality and cccc are exercised
    "spades(north) >= 7 || hearts(east) >= 7 || diamonds(south) >= 7 || clubs(west) >= 7",
]


@pytest.mark.skipif(DEALER is None, reason="the C dealer (Debian package 'dealer') is not installed")
@pytest.mark.parametrize("condition", CONDITIONS)
def test_functions_match_c_dealer(tmp_path: object, condition: str) -> None:
    import pathlib

    script = pathlib.Path(str(tmp_path)) / "diff.dl"
    printes = ", \" \", ".join(EXPRESSIONS)
    script.write_text(f'produce 300\ncondition {condition}\n'
                      f'action printoneline, printes ({printes}, "\n")\n')
    assert DEALER is not None
    out = subprocess.run([DEALER, "-s", "7", str(script)], capture_output=True, text=True, check=True).stdout
    lines = [ln for ln in out.splitlines() if ln.strip()]
    deals, values = [], []
    for a, b in zip(lines[0::2], lines[1::2]):
        if not a.startswith("n "):
            break
        deals.append(_owner_from_oneline(a))
        values.append([int(x) for x in b.split()])
    assert len(deals) == 300
    owner = np.array(deals, dtype=np.uint8).T.copy()
    hands = Hands(owner)
    compiler = Compiler()
    expected = np.array(values, dtype=np.int64)
    for k, text in enumerate(EXPRESSIONS):
        got = compiler.compile(parse(text)).values(hands)
        bad = np.flatnonzero(got != expected[:, k])
        assert len(bad) == 0, f"{text}: deal {bad[0]} ours {got[bad[0]]} dealer {expected[bad[0], k]}"
