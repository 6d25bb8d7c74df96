"""Par: the result of perfect bidding by both sides who know the double-dummy table.

Model (RULES.md §9, dealer-aware as DDS ``DealerPar``): the two sides take
turns on the bidding ladder, the dealer's side first; each may pass or bid
higher. The auction ends after three passes following a bid (four passes with
no bid: passed out, 0). A final contract that makes is played undoubled and
scores its overtricks; one that fails is doubled. Each side plays a strain
with its better declarer. The par score is the minimax value of that game.

The par contracts are the final contracts worth exactly the par score that
the other side cannot improve on by bidding any higher contract of its own
(making it, or going down doubled for less), at the lowest such level in
each strain. Pure Python: no solver import.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgecli.core.calls import Risk
from bridgecli.core.cards import STRAINS, Seat, Side, Strain, Vulnerability

from .tables import DDTable

_TRICK_VALUE = {Strain.CLUBS: 20, Strain.DIAMONDS: 20, Strain.HEARTS: 30, Strain.SPADES: 30, Strain.NOTRUMP: 30}


def contract_score(level: int, strain: Strain, risk: Risk, vulnerable: bool, tricks: int) -> int:
    """Duplicate score (Law 77) of a contract for declarer's side; negative when it fails.

    ``tricks`` is the number declarer's side took (0..13).
    """
    need = level + 6
    mult = risk.multiplier
    if tricks >= need:
        odd = level * _TRICK_VALUE[strain] + (10 if strain == Strain.NOTRUMP else 0)
        trick_score = odd * mult
        score = trick_score
        score += (500 if vulnerable else 300) if trick_score >= 100 else 50
        if level == 6:
            score += 750 if vulnerable else 500
        elif level == 7:
            score += 1500 if vulnerable else 1000
        over = tricks - need
        if risk == Risk.UNDOUBLED:
            score += over * _TRICK_VALUE[strain]
        else:
            score += over * (200 if vulnerable else 100) * (mult // 2)
            score += 50 * (mult // 2)
        return score
    down = need - tricks
    if risk == Risk.UNDOUBLED:
        return -down * (100 if vulnerable else 50)
    if vulnerable:
        penalty = 200 + 300 * (down - 1)
    else:
        penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return -penalty * (mult // 2)


@dataclass(frozen=True, slots=True)
class ParContract:
    """One par contract: a bid, whether it is doubled, who may declare it and the tricks they take."""

    level: int
    """1..7."""
    strain: Strain
    """The denomination."""
    doubled: bool
    """True for a sacrifice (a doubled contract that fails)."""
    declarers: tuple[Seat, ...]
    """The seats of the declaring side that achieve the par score (one or both)."""
    tricks: int
    """Tricks declarer takes double-dummy."""

    @property
    def side(self) -> Side:
        """The declaring side."""
        return self.declarers[0].side

    @property
    def pbn(self) -> str:
        """``4S`` or ``5DX``: the contract as PBN writes it."""
        return f"{self.level}{self.strain.letter}{'X' if self.doubled else ''}"

    @property
    def result(self) -> int:
        """Over- (positive) or undertricks (negative) relative to the contract."""
        return self.tricks - self.level - 6

    @property
    def result_text(self) -> str:
        """``=`` when the contract makes exactly, else ``+2`` or ``-1`` (as BridgeComposer writes it)."""
        return f"{self.result:+d}" if self.result else "="

    @property
    def who(self) -> str:
        """``NS``/``EW`` when both partners take the par tricks, else the one seat (``S``)."""
        return self.side.name if len(self.declarers) > 1 else self.declarers[0].letter

    def labels(self) -> list[str]:
        """One ``4SN`` / ``5DXE`` label a declarer."""
        return [f"{self.pbn}{seat.letter}" for seat in self.declarers]

    def dds_text(self) -> str:
        """DDS ``DealerPar`` style: ``4S-NS+1``, ``5H*-EW-1``, ``6N-E``."""
        strain = "N" if self.strain == Strain.NOTRUMP else self.strain.letter
        seats = "".join(s.letter for s in sorted(self.declarers, key=lambda s: (s % 2, s)))
        r = self.result
        return f"{self.level}{strain}{'*' if self.doubled else ''}-{seats}{f'{r:+d}' if r else ''}"

    def __str__(self) -> str:
        return f"{self.pbn} by {'/'.join(s.letter for s in self.declarers)}"


@dataclass(frozen=True, slots=True)
class ParResult:
    """The par score (N-S view) and the par contracts; no contracts when par is a pass-out."""

    score: int
    """Par score from North-South's point of view (negative: East-West score)."""
    contracts: tuple[ParContract, ...]
    """The contracts achieving par, highest bid first; empty when the deal is passed out at par."""

    @property
    def is_passout(self) -> bool:
        """True when no contract beats passing the deal out."""
        return not self.contracts

    def labels(self) -> list[str]:
        """``["4SN", "4SS"]``, ``["5DXE"]`` or ``["Pass"]``."""
        if not self.contracts:
            return ["Pass"]
        return [label for c in self.contracts for label in c.labels()]

    @property
    def optimum_score(self) -> str:
        """PBN ``OptimumScore``: ``NS 420``, ``EW 620`` (the side that scores), ``NS 0``."""
        return f"NS {self.score}" if self.score >= 0 else f"EW {-self.score}"

    @property
    def par_contract(self) -> str:
        """PBN ``ParContract`` as BridgeComposer writes it: ``NS 4S=``, ``EW 1H+2``,
        ``EW 5DX-1``, ``S 6NT=`` (one declarer only), ``NS 3S=; NS 3H=``, ``NS Pass``.

        Each par contract is given at its lowest level with the over- or undertricks
        double-dummy play gives it, so the text carries the par score.
        """
        if not self.contracts:
            return "NS Pass"
        parts: list[str] = []
        for c in self.contracts:
            text = f"{c.who} {c.pbn}{c.result_text}"
            if text not in parts:
                parts.append(text)
        return "; ".join(parts)

    def dds_text(self) -> list[str]:
        """DDS ``DealerPar`` contract strings, e.g. ``["3S-NS", "3H-NS"]`` or ``["pass"]``."""
        return [c.dds_text() for c in self.contracts] or ["pass"]


def _final_scores(table: DDTable, vul: Vulnerability) -> list[tuple[int, int]]:
    """For each of the 35 bids, the N-S score if N-S or E-W end up playing it."""
    best = {(side, strain): table.best(side, strain) for side in (Side.NS, Side.EW) for strain in STRAINS}
    vulnerable = {side: vul.is_vul(side) for side in (Side.NS, Side.EW)}
    out = []
    for level in range(1, 8):
        for strain in STRAINS:
            pair = []
            for side in (Side.NS, Side.EW):
                tricks = best[side, strain]
                risk = Risk.UNDOUBLED if tricks >= level + 6 else Risk.DOUBLED
                s = contract_score(level, strain, risk, vulnerable[side], tricks)
                pair.append(s if side == Side.NS else -s)
            out.append((pair[0], pair[1]))
    return out


def par_score(table: DDTable, vul: Vulnerability, dealer: Seat) -> int:
    """The par score (N-S view) of a full-deal table; see the module docstring."""
    return _minimax(_final_scores(table, vul), dealer.side)


def _minimax(final: list[tuple[int, int]], first: Side) -> int:
    def better(side: int, a: int, b: int | None) -> int:
        if b is None:
            return a
        return max(a, b) if side == 0 else min(a, b)

    # best_above[m]: the best value side m can reach by bidding anything above the current bid
    best_above: list[int | None] = [None, None]
    for t in range(34, -1, -1):
        after_bid = []
        for owner in (0, 1):
            opp = 1 - owner
            v = better(opp, final[t][owner], best_above[opp])
            v = better(owner, v, best_above[owner])
            v = better(opp, v, best_above[opp])
            after_bid.append(v)
        for m in (0, 1):
            best_above[m] = better(m, after_bid[m], best_above[m])
    d, e = int(first), 1 - int(first)
    v = better(e, 0, best_above[e])
    v = better(d, v, best_above[d])
    v = better(e, v, best_above[e])
    return better(d, v, best_above[d])


def par(table: DDTable, vul: Vulnerability, dealer: Seat) -> ParResult:
    """Par score and par contracts of a full deal (``table.total == 13``).

    Raises ValueError for the table of an end position.
    """
    if table.total != 13:
        raise ValueError("par needs the table of a full deal")
    final = _final_scores(table, vul)
    score = _minimax(final, dealer.side)
    contracts: list[ParContract] = []
    for strain in STRAINS:
        for side in (Side.NS, Side.EW):
            for level in range(1, 8):
                t = 5 * (level - 1) + strain
                if final[t][side] != score:
                    continue
                opp = side.opponents
                if opp == Side.NS:
                    stable = all(final[j][opp] <= score for j in range(t + 1, 35))
                else:
                    stable = all(final[j][opp] >= score for j in range(t + 1, 35))
                if not stable:
                    continue
                tricks = table.best(side, strain)
                seats = tuple(s for s in side.seats if table[s, strain] == tricks)
                contracts.append(ParContract(level, strain, tricks < level + 6, seats, tricks))
                break
    contracts.sort(key=lambda c: (-c.level, -c.strain, c.side))
    return ParResult(score, tuple(contracts))
