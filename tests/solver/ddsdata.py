"""Reader of ``data/dds_list10.txt``: deals from DDS's own test files with their stored results."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

from bridgecli.core.cards import Card, Rank, Seat, Strain, Suit, Vulnerability
from bridgecli.core.deal import Deal

DATA = Path(__file__).parent / "data" / "dds_list10.txt"

#: DDS codes: vulnerability 0 None, 1 Both, 2 NS, 3 EW; strains S H D C NT; suits S H D C.
DDS_VUL = (Vulnerability.NONE, Vulnerability.ALL, Vulnerability.NS, Vulnerability.EW)
DDS_STRAIN = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
DDS_SUIT = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@dataclass
class Case:
    """One deal of the file."""

    deal: Deal
    dealer: Seat
    vul: Vulnerability
    trump: Strain
    first: Seat
    leads: dict[Card, int]
    """Every card of ``first`` and the tricks its side takes leading it in ``trump``."""
    table: dict[tuple[Seat, Strain], int]
    par_score: int
    par_contracts: list[str]
    play: list[Card]
    """A whole play in time order (first two deals only), else empty."""
    trace: list[int]
    """DDS AnalysePlay results for ``play``, else empty."""


def cases() -> list[Case]:
    """All deals of the data file, in order."""
    out: list[Case] = []
    cur: dict[str, list[str]] = {}
    for line in DATA.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        key, rest = line.split(" ", 1)
        cur[key] = shlex.split(rest)
        if key == "PAR2":
            out.append(_case(cur))
            cur = {}
    return out


def _case(f: dict[str, list[str]]) -> Case:
    dealer, vul, trump, first, deal = f["PBN"]
    fut = [int(x) for x in f["FUT"]]
    n = fut[0]
    suits, ranks, equals, scores = (fut[1 + i * n:1 + (i + 1) * n] for i in range(4))
    leads: dict[Card, int] = {}
    for s, r, eq, sc in zip(suits, ranks, equals, scores):
        for rank in [r] + [x for x in range(2, 15) if eq & (1 << x)]:
            leads[Card(DDS_SUIT[s], Rank(rank))] = sc
    t = [int(x) for x in f["TABLE"]]
    table = {(Seat(h), DDS_STRAIN[s]): t[4 * s + h] for s in range(5) for h in range(4)}
    play: list[Card] = []
    trace: list[int] = []
    if "PLAY" in f:
        text = f["PLAY"][1]
        play = [Card.from_str(text[i:i + 2]) for i in range(0, len(text), 2)]
        trace = [int(x) for x in f["TRACE"][1:]]
    return Case(Deal.from_pbn(deal), Seat(int(dealer)), DDS_VUL[int(vul)], DDS_STRAIN[int(trump)], Seat(int(first)),
                leads, table, int(f["PAR2"][0]), f["PAR2"][1:], play, trace)
