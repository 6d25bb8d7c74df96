"""Benchmark: read and write N boards with auctions and plays in YAML, JSON and LIN.

Usage: ``python bench/formats_bench.py [N]`` (default 10000). Prints a table
and writes it to ``bench/results/formats.md``. Not a test.
"""

from __future__ import annotations

import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bridgecli.core import (
    DECK,
    PASS,
    AnnotatedCall,
    Board,
    Card,
    Deal,
    Hand,
    PlayedCard,
    Seat,
    Vulnerability,
    dealer_of_board,
)
from bridgecli.core.calls import ALL_BIDS
from bridgecli.formats import json_format, lin, yaml_format
from bridgecli.formats.lin import trick_winner
from bridgecli.formats.lin.common import final_contract


def make_board(rng: random.Random, number: int) -> Board:
    """A random complete deal, a legal auction and a full legal play (suit followed)."""
    cards = list(DECK)
    rng.shuffle(cards)
    deal = Deal(tuple(Hand(cards[i * 13:(i + 1) * 13]) for i in range(4)))  # type: ignore[arg-type]
    dealer = dealer_of_board(number)
    calls: list[AnnotatedCall] = []
    idx = -1
    for _ in range(rng.randint(1, 5)):
        idx = rng.randint(idx + 1, min(idx + 5, 34))
        calls.append(AnnotatedCall(ALL_BIDS[idx], alert=rng.random() < 0.1, note=1 if not calls else None))
        if idx == 34:
            break
        calls.append(AnnotatedCall(PASS))
    calls.extend(AnnotatedCall(PASS) for _ in range(3))
    contract = final_contract([a.call for a in calls], dealer)
    assert contract is not None and contract.declarer is not None
    leader = contract.declarer.lho
    hands = {s: sorted(deal[s].cards) for s in Seat}  # type: ignore[union-attr]
    rows = []
    trick_leader = leader
    for _ in range(13):
        row: list[PlayedCard] = [PlayedCard(None)] * 4
        trick: list[Card] = []
        for i in range(4):
            seat = trick_leader.next(i)
            follow = [c for c in hands[seat] if trick and c.suit == trick[0].suit]
            card = rng.choice(follow or hands[seat])
            hands[seat].remove(card)
            trick.append(card)
            row[(seat - leader) % 4] = PlayedCard(card)
        rows.append(tuple(row))
        trick_leader = trick_winner(trick, trick_leader, contract.strain.suit)
    return Board(
        number=number, dealer=dealer, vulnerability=Vulnerability.from_board(number), deal=deal,
        auction=tuple(calls), auction_notes={1: "natural"}, contract=contract,
        result=rng.randint(0, 13), play=tuple(rows), play_leader=leader,
        tags={"Event": "Bench", "West": "w", "North": "n", "East": "e", "South": "s"},
    )


def timed(fn, *args):  # type: ignore[no-untyped-def]
    """Result and CPU seconds of the best of three runs (CPU time: other jobs on the machine do not count)."""
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        out = fn(*args)
        best = min(best, time.process_time() - t0)
    return out, best


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    rng = random.Random(2024)
    boards = [make_board(rng, i % 32 + 1) for i in range(n)]
    rows = []
    from bridgecli.formats import pbn

    for name, mod in (("PBN", pbn), ("YAML", yaml_format), ("JSON", json_format), ("LIN", lin)):
        text, t_write = timed(mod.dumps, boards)
        back, t_read = timed(mod.loads, text)
        if name != "LIN":
            assert back == boards, name
        else:
            assert [b.deal for b in back] == [b.deal for b in boards]
            assert [b.play for b in back] == [b.play for b in boards]
        rows.append((name, len(text.encode()) / n, n / t_write, n / t_read))
    import yaml

    lines = [
        f"# Formats benchmark: {n} boards with auctions and full plays",
        "",
        (
            f"Python {platform.python_version()}, PyYAML {yaml.__version__} "
            f"(libyaml: {'yes' if getattr(yaml, '__with_libyaml__', False) else 'no'}), {platform.machine()}."
        ),
        "Command: `python bench/formats_bench.py " + str(n) + "`. CPU time, best of three runs;",
        "each board has a complete deal, an auction with a note, a full 13-trick play and 5 tags.",
        "PBN (another module) is listed for comparison; its own benchmark is elsewhere.",
        "",
        "| format | bytes/board | write boards/s | read boards/s |",
        "|---|---:|---:|---:|",
    ]
    for name, size, w, r in rows:
        lines.append(f"| {name} | {size:.0f} | {w:,.0f} | {r:,.0f} |")
    report = "\n".join(lines) + "\n"
    print(report)
    out = ROOT / "bench" / "results" / "formats.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(report, encoding="utf-8")


if __name__ == "__main__":
    main()
