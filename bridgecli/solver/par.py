"""Par: the result of perfect bidding by both sides who know the double-dummy table.

Model (RULES.md §9, dealer-aware as DDS ``DealerPar``): the four seats call in
turn from the dealer, each passing or bidding higher. The auction ends after
three passes following a bid (four passes with no bid: passed out, 0). A final
contract that makes is played undoubled and scores its overtricks; one that
fails is doubled. The declarer is the partner who named the strain first, so a
side gets its better declarer in a strain only if that partner bids it in time
(with South dealing, West calls before North). The par score is the minimax
value of that game; where partners take the same tricks in every strain it is
the game of the two sides taking turns, the dealer's side first.

The par contracts are the final contracts worth exactly the par score that
the other side cannot improve on by bidding any higher contract of its own
(making it, or going down doubled for less), at the lowest such level in
each strain. Pure Python: no solver import.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from bridgecli.core.cards import STRAINS, Seat, Side, Strain, Vulnerability
from bridgecli.core.contract import Risk
from bridgecli.core.ddtable import DDTable

_TRICK_VALUE = MappingProxyType(
    {Strain.CLUBS: 20, Strain.DIAMONDS: 20, Strain.HEARTS: 30, Strain.SPADES: 30, Strain.NOTRUMP: 30})


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
    if _partners_alike(table):
        return _minimax(_final_scores(table, vul), dealer.side)
    return _seat_minimax(table, vul, dealer)


def _partners_alike(table: DDTable) -> bool:
    """Whether partners take the same tricks in every strain (then who names a strain first
    does not matter, and the game of the two sides is the game of the four seats)."""
    t = table.tricks
    return t[0] == t[2] and t[1] == t[3]


def _seat_minimax(table: DDTable, vul: Vulnerability, dealer: Seat) -> int:
    """The minimax value of the auction played seat by seat, where a side's declarer in a
    strain is whichever partner bid it first.

    Solved exactly with the (side, strain) cells where partners differ followed one by one
    (:func:`_seat_game`): a cell not followed gets its better declarer for North-South and its
    worse one for East-West in one bound, the other way round in the other (each holds, as
    minimax is monotone in the final scores). Cells are followed in the order in which
    swapping their declarer moves the bounds most, until the bounds meet; with every cell
    followed they are equal.
    """
    tricks = table.tricks
    cells = [(side, k) for side in (0, 1) for k in range(5) if tricks[side][k] != tricks[side + 2][k]]
    vulnerable = (vul.is_vul(Side.NS), vul.is_vul(Side.EW))
    # N-S view scores of each bid for each side with its better (True) or worse declarer
    finals: dict[tuple[int, int, bool], list[int]] = {}
    for side in (0, 1):
        for k in range(5):
            for best in (True, False):
                took = (max if best else min)(tricks[side][k], tricks[side + 2][k])
                row = []
                for level in range(1, 8):
                    risk = Risk.UNDOUBLED if took >= level + 6 else Risk.DOUBLED
                    score = contract_score(level, STRAINS[k], risk, vulnerable[side], took)
                    row.append(score if side == 0 else -score)
                finals[side, k, best] = row

    def side_game(high: bool, swapped: tuple[int, int] | None = None) -> int:
        """The game of the two sides with a fixed declarer a strain (:func:`_seat_game` with
        no cell followed); ``swapped``: one cell given the other bound's declarer."""
        rows = [[finals[side, k, ((side == 0) == high) != ((side, k) == swapped)] for k in range(5)]
                for side in (0, 1)]
        return _minimax([(rows[0][t % 5][t // 5], rows[1][t % 5][t // 5]) for t in range(35)], dealer.side)

    high, low = side_game(True), side_game(False)
    if high == low:
        return high
    moved = {c: high - side_game(True, c) + side_game(False, c) - low for c in cells}
    order = sorted(cells, key=lambda c: -moved[c])
    for n in range(1, len(order) + 1):
        high = _seat_game(table, vul, dealer, order[:n], True)
        low = _seat_game(table, vul, dealer, order[:n], False)
        if high == low:
            break
    return high


def _seat_game(table: DDTable, vul: Vulnerability, dealer: Seat, followed: list[tuple[int, int]],
               high: bool) -> int:
    """The seat-by-seat auction's value where only the ``followed`` (side, strain) cells know
    which partner named the strain first; in the others a side plays with a fixed declarer:
    North-South's better and East-West's worse when ``high`` (an upper bound of the game's
    value), the other way round when not (a lower bound).

    ``v(t, x, n)``: the value just after seat ``x`` bid ``t`` (0..34), ``n`` holding a base-3
    digit a followed cell (not named yet, named by the side's first seat, by its second). Its
    left-hand opponent, partner and right-hand opponent then each pass or bid higher; three
    passes leave the contract. ``b(y, t, n)``: the best seat ``y`` reaches by bidding anything
    above ``t``.
    """
    tricks = table.tricks
    vulnerable = (vul.is_vul(Side.NS), vul.is_vul(Side.EW))
    digit: dict[tuple[int, int], int] = {cell: int(3 ** i) for i, cell in enumerate(followed)}
    fixed = [[max(tricks[side][k], tricks[side + 2][k]) if (side == 0) == high
              else min(tricks[side][k], tricks[side + 2][k]) for k in range(5)] for side in (0, 1)]
    scores: dict[tuple[int, int], int] = {}  # (bid, declarer or -1 - side) -> N-S score

    def final(t: int, who: int) -> int:
        got = scores.get((t, who))
        if got is None:
            level, k = t // 5 + 1, t % 5
            side = who & 1 if who >= 0 else -1 - who
            took = tricks[who][k] if who >= 0 else fixed[side][k]
            risk = Risk.UNDOUBLED if took >= level + 6 else Risk.DOUBLED
            got = contract_score(level, STRAINS[k], risk, vulnerable[side], took)
            got = scores[t, who] = got if side == 0 else -got
        return got

    def named(n: int, seat: int, t: int) -> int:
        unit = digit.get((seat & 1, t % 5))
        if unit is None or (n // unit) % 3:
            return n
        return n + unit * (1 if seat < 2 else 2)

    def declarer(n: int, seat: int, t: int) -> int:
        unit = digit.get((seat & 1, t % 5))
        if unit is None:
            return seat if tricks[seat & 1][t % 5] == tricks[(seat & 1) + 2][t % 5] else -1 - (seat & 1)
        return (seat & 1) + (0 if (n // unit) % 3 == 1 else 2)

    def pick(seat: int, a: int, b: int | None) -> int:
        if b is None:
            return a
        return (max(a, b)) if seat & 1 == 0 else (min(a, b))

    v_memo: dict[tuple[int, int, int], int] = {}
    b_memo: dict[tuple[int, int, int], int | None] = {}

    def v(t: int, x: int, n: int) -> int:
        key = (t, x, n)
        got = v_memo.get(key)
        if got is None:
            r = final(t, declarer(n, x, t))
            for y in ((x + 3) % 4, (x + 2) % 4, (x + 1) % 4):  # innermost first: RHO, partner, LHO
                r = pick(y, r, b(y, t, n))
            got = v_memo[key] = r
        return got

    def b(y: int, t: int, n: int) -> int | None:
        if t >= 34:
            return None
        key = (y, t, n)
        if key in b_memo:
            return b_memo[key]
        got = pick(y, v(t + 1, y, named(n, y, t + 1)), b(y, t + 1, n))
        b_memo[key] = got
        return got

    r = 0  # four passes
    d = int(dealer)
    for y in ((d + 3) % 4, (d + 2) % 4, (d + 1) % 4, d):
        r = pick(y, r, b(y, -1, 0))
    return r


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
    score = par_score(table, vul, dealer)
    vulnerable = {side: vul.is_vul(side) for side in (Side.NS, Side.EW)}

    def listed(stable_only: bool) -> list[ParContract]:
        out: list[ParContract] = []
        for strain in STRAINS:
            for side in (Side.NS, Side.EW):
                # a declarer a trick count: both partners when they take the same
                for tricks in sorted({table[s, strain] for s in side.seats}, reverse=True):
                    seats = tuple(s for s in side.seats if table[s, strain] == tricks)
                    for level in range(1, 8):
                        risk = Risk.UNDOUBLED if tricks >= level + 6 else Risk.DOUBLED
                        value = contract_score(level, strain, risk, vulnerable[side], tricks)
                        if (value if side == Side.NS else -value) != score:
                            continue
                        t = 5 * (level - 1) + strain
                        opp = side.opponents
                        if opp == Side.NS:
                            stable = all(final[j][opp] <= score for j in range(t + 1, 35))
                        else:
                            stable = all(final[j][opp] >= score for j in range(t + 1, 35))
                        if stable or not stable_only:
                            out.append(ParContract(level, strain, tricks < level + 6, seats, tricks))
                            break
        return out

    # the contracts the other side cannot outbid with its better declarer; when par rests on
    # the order of bidding (the other side cannot name its strain in time), those at par
    contracts = (listed(True) or listed(False)) if score else []
    contracts.sort(key=lambda c: (-c.level, -c.strain, c.side))
    return ParResult(score, tuple(contracts))
