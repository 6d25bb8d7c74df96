"""Scoring a contract's result: duplicate (Law 77) and other schemes as data.

A scoring scheme is a frozen :class:`ScoringRules` value (trick values,
undertrick tables, premiums), not code: :data:`DUPLICATE` is Law 77,
:data:`OLDMP` is the pre-1987 duplicate table (PBN ``Scoring "OldMP"``), and
:data:`RUBBER`, :data:`CHICAGO` and :data:`CHICAGO_B` are the rubber and
Chicago schemes (the sheets themselves are kept by :mod:`bridgecli.core.rubber`);
more instances can be registered with :func:`register_rules`. :func:`score` and :func:`breakdown` read the tables;
there is no per-scheme branch.

Scores are from the declarer's side: positive when the contract made,
negative (the defenders' points) when it failed. A passed-out board scores 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from . import kernel
from .contract import Contract, Risk
from .enums import Rank, Strain
from .errors import ParseError
from .imps import imps
from .numbers import is_digits, small_int

if TYPE_CHECKING:
    from .cards import Card
    from .enums import Seat

__all__ = [
    "CHICAGO",
    "CHICAGO_B",
    "DUPLICATE",
    "OLDMP",
    "RUBBER",
    "RULES",
    "Score",
    "ScoreBreakdown",
    "ScoringRules",
    "breakdown",
    "find_rules",
    "honours_points",
    "imps",
    "parse_result",
    "register_rules",
    "score",
    "tricks_from_result",
]

Undertricks = tuple[int, ...]
"""Value of the 1st, 2nd, ..., 13th undertrick (not cumulative)."""


def _undertrick_table(rows: tuple[tuple[int, int, int], ...]) -> tuple[Undertricks, Undertricks, Undertricks]:
    """The undertrick rows of one vulnerability, by risk, from the kernel's (first, second and
    third, each later one) values."""
    a, b, c = (kernel.undertrick_row(*row) for row in rows)
    return a, b, c


@dataclass(frozen=True, slots=True, repr=False)  # own __repr__: a generated one would only cost start-up
class ScoringRules:
    """One scoring scheme, all numbers. Indexes: strain C, D, H, S, NT; vulnerability
    ``[not vulnerable, vulnerable]``; risk ``[undoubled, doubled, redoubled]``.
    """

    name: str
    """Registry name (lower case): ``duplicate``, ``oldmp`` ..."""
    description: str
    """One line for ``--help`` and documentation."""
    first_trick: tuple[int, int, int, int, int]
    """Undoubled value of the first odd trick bid and made, by strain (NT 40)."""
    later_trick: tuple[int, int, int, int, int]
    """Undoubled value of each later odd trick, and of an undoubled overtrick, by strain."""
    undertricks: tuple[tuple[Undertricks, Undertricks, Undertricks], tuple[Undertricks, Undertricks, Undertricks]]
    """``undertricks[vulnerable][risk][k]``: points for the (k+1)-th undertrick."""
    overtrick_doubled: tuple[int, int]
    """Each overtrick of a doubled contract, not vulnerable / vulnerable."""
    overtrick_redoubled: tuple[int, int]
    """Each overtrick of a redoubled contract, not vulnerable / vulnerable."""
    game_threshold: int = kernel.GAME_THRESHOLD
    """Trick score (doubling included) that makes a game."""
    game_bonus: tuple[int, int] = kernel.GAME_BONUS
    """Premium for a game made on the deal, not vulnerable / vulnerable."""
    partscore_bonus: int = kernel.PARTSCORE_BONUS
    """Premium for a part-score made on the deal."""
    bonuses_per_deal: bool = True
    """True when game and part-score premiums are scored deal by deal (duplicate); False
    when the game premium comes from elsewhere (the rubber bonus), so a deal scores none."""
    small_slam: tuple[int, int] = kernel.SMALL_SLAM
    """Premium for a small slam bid and made."""
    grand_slam: tuple[int, int] = kernel.GRAND_SLAM
    """Premium for a grand slam bid and made."""
    insult: tuple[int, int, int] = kernel.INSULT
    """Premium for making a contract, by risk (making doubled 50, redoubled 100)."""
    honours: bool = False
    """True when honours are scored (rubber); duplicate has none."""
    honours_four: int = 100
    """Four of the five trump honours in one hand."""
    honours_five: int = 150
    """All five trump honours in one hand."""
    honours_aces: int = 150
    """All four aces in one hand at notrump."""
    partscores_carry: bool = False
    """True when part-scores add up toward game until a side makes one (rubber, Chicago
    variant A); False when each deal stands alone (duplicate, Chicago variant B)."""
    partscore_bonus_last_deal: bool = False
    """True when the part-score premium is scored only on the last deal of a round (Chicago
    variant A: 100 on deal 4); a single deal's :func:`breakdown` then has none."""
    rubber_bonus: tuple[int, int] = (700, 500)
    """Rubber premium when the losers won no game / one game (RB Law 74)."""
    unfinished_game: int = 300
    """Unfinished rubber: premium to a side that has won one game."""
    unfinished_partscore: int = 100
    """Unfinished rubber: premium to a side with a part-score in the unfinished game (the other
    reading of the law gives 50)."""
    deals_per_round: int = 0
    """Deals in a round with vulnerability by deal (Chicago: 4); 0 for a rubber, where a side
    is vulnerable once it has won a game."""
    dealer_vulnerable: bool = True
    """Chicago deals 2 and 3: True when the dealer's side is vulnerable, False for the
    non-dealer's side (by agreement)."""
    passout_redeal: bool = False
    """True when a passed-out deal is dealt again by the same dealer and does not count as one
    of the round's deals (Chicago); False when it counts as a deal scoring nothing."""

    def __post_init__(self) -> None:
        for vul in self.undertricks:
            for row in vul:
                if len(row) != 13:
                    raise ValueError(f"scoring {self.name!r}: an undertrick row needs 13 values")

    def __repr__(self) -> str:
        return f"find_rules({self.name!r})"


#: Law 77 (WBF Laws of Duplicate Bridge 2017).
DUPLICATE = ScoringRules(
    name="duplicate",
    description="duplicate bridge, Law 77 (2017)",
    first_trick=kernel.TRICK_FIRST,
    later_trick=kernel.TRICK_LATER,
    undertricks=(_undertrick_table(kernel.UNDERTRICKS[0]), _undertrick_table(kernel.UNDERTRICKS[1])),
    overtrick_doubled=kernel.OVERTRICK_DOUBLED,
    overtrick_redoubled=kernel.OVERTRICK_REDOUBLED,
)

#: Duplicate before 1987 (PBN ``OldMP``): no extra 100 (200 redoubled) for the fourth and
#: later undertricks not vulnerable.
OLDMP = replace(
    DUPLICATE,
    name="oldmp",
    description="duplicate before 1987 (PBN OldMP): 4th+ undertrick not vulnerable doubled 200",
    undertricks=(_undertrick_table(kernel.UNDERTRICKS_OLD), DUPLICATE.undertricks[1]),
)

#: Rubber bridge (RB Laws 72-81, RULES.md section 7): trick points below the line add up to
#: game, no per-deal game or part-score premium (the rubber bonus replaces them), honours scored.
RUBBER = replace(
    DUPLICATE,
    name="rubber",
    description="rubber bridge: games of 100 below the line, rubber bonus 700/500, honours",
    bonuses_per_deal=False,
    honours=True,
    partscores_carry=True,
)

#: Chicago, variant A (ACBL four-deal bridge, RULES.md section 8): part-scores carry to game,
#: game premium 300/500 on the deal that completes it, 100 for a part-score on deal 4.
CHICAGO = replace(
    DUPLICATE,
    name="chicago",
    description="Chicago (variant A): part-scores carry, 100 for a part-score on deal 4",
    partscore_bonus=100,
    partscore_bonus_last_deal=True,
    partscores_carry=True,
    deals_per_round=4,
    passout_redeal=True,
)

#: Chicago, variant B (duplicate style, RULES.md section 8): each deal scored alone with the
#: duplicate table, 50 for every part-score.
CHICAGO_B = replace(
    DUPLICATE,
    name="chicago-b",
    description="Chicago (variant B): each deal alone, duplicate premiums, 50 a part-score",
    deals_per_round=4,
    passout_redeal=True,
)

#: Scoring schemes by name; :func:`register_rules` adds one.
RULES: dict[str, ScoringRules] = {r.name: r for r in (DUPLICATE, OLDMP, RUBBER, CHICAGO, CHICAGO_B)}


def register_rules(rules: ScoringRules) -> ScoringRules:
    """Add ``rules`` to :data:`RULES` under its name (replacing one of the same name); return it."""
    RULES[rules.name.lower()] = rules
    return rules


def find_rules(name: str) -> ScoringRules:
    """The scoring scheme called ``name`` (case-insensitive). Raises ParseError if unknown."""
    rules = RULES.get(name.strip().lower())
    if rules is None:
        raise ParseError(f"unknown scoring {name!r} (known: {', '.join(sorted(RULES))})")
    return rules


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """The parts of a score, each signed from the declarer's side; ``total`` is their sum."""

    trick_score: int = 0
    """Odd tricks bid and made, doubling included (below the line in rubber)."""
    overtricks: int = 0
    """Tricks made beyond the contract."""
    game_bonus: int = 0
    """Game premium (0 for a part-score, and when the scheme has no per-deal bonus)."""
    partscore_bonus: int = 0
    """Part-score premium."""
    slam_bonus: int = 0
    """Small or grand slam premium."""
    insult: int = 0
    """Premium for making a doubled or redoubled contract."""
    undertricks: int = 0
    """Penalty for a failed contract, as a negative number (the defenders score its size)."""
    total: int = 0
    """The declarer side's score: the sum of the fields above."""
    made: bool = True
    """True when the contract made (and for a passed-out board)."""
    over_under: int = 0
    """Tricks over (positive) or under (negative) the contract; 0 for exactly made (before
    0.2.0 this field was ``result``, now the word for the tricks declarer won)."""

    @property
    def above_the_line(self) -> int:
        """Everything but the trick score (premium points in rubber scoring)."""
        return self.total - self.trick_score


class Score(int):
    """A score for the declarer's side: an :class:`int` (``Score(...) == 420``, prints as
    ``420``) that also carries its parts and the N-S view.

    What :func:`bridgecli.score` returns. The value is the declarer side's score, negative
    when the contract failed, 0 for a board passed out.
    """

    breakdown: ScoreBreakdown
    """The parts the score is made of (trick score, bonuses, undertricks ...)."""
    declarer: Seat | None
    """The declarer (None for a board passed out)."""

    def __new__(cls, parts: ScoreBreakdown, declarer: Seat | None) -> Score:  # noqa: PYI034
        self = super().__new__(cls, parts.total)
        self.breakdown = parts
        self.declarer = declarer
        return self

    @property
    def ns(self) -> int:
        """The score from North-South's side: the score itself when North or South declared,
        its negative when East or West did (0 for a board passed out)."""
        value = int(self)
        return -value if self.declarer is not None and int(self.declarer) & 1 else value

    @property
    def ew(self) -> int:
        """The score from East-West's side (``-ns``)."""
        return -self.ns

    def __reduce__(self) -> tuple[Any, ...]:
        return (Score, (self.breakdown, self.declarer))


def _check_tricks(tricks: int) -> None:
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ParseError(f"tricks must be 0 to 13, not {tricks!r}")


def _strain_index(contract: Contract) -> int:
    s = int(contract.strain)
    if s > 4:
        raise ParseError(f"strain {contract.strain.letter!r} has no duplicate score")
    return s


def breakdown(contract: Contract, tricks: int, vulnerable: bool, rules: ScoringRules = DUPLICATE) -> ScoreBreakdown:
    """The score of ``contract`` when declarer took ``tricks`` (0..13), part by part.

    ``vulnerable`` is the declarer side's vulnerability. A passed-out board
    scores 0 whatever ``tricks`` says. Raises ParseError for tricks outside 0..13.
    """
    _check_tricks(tricks)
    if contract.level == 0:
        return ScoreBreakdown()
    s = _strain_index(contract)
    v = 1 if vulnerable else 0
    risk = contract.risk
    result = tricks - contract.level - 6
    if result < 0:
        penalty = -sum(rules.undertricks[v][risk][:-result])
        return ScoreBreakdown(undertricks=penalty, total=penalty, made=False, over_under=result)
    # Law 77: odd tricks bid and made, then premiums
    trick_score = (rules.first_trick[s] + rules.later_trick[s] * (contract.level - 1)) * risk.multiplier
    if risk == Risk.UNDOUBLED:
        per_over = rules.later_trick[s]
    elif risk == Risk.DOUBLED:
        per_over = rules.overtrick_doubled[v]
    else:
        per_over = rules.overtrick_redoubled[v]
    overtricks = per_over * result
    game = partscore = 0
    if rules.bonuses_per_deal:
        if trick_score >= rules.game_threshold:
            game = rules.game_bonus[v]
        elif not rules.partscore_bonus_last_deal:
            partscore = rules.partscore_bonus
    slam = rules.small_slam[v] if contract.level == 6 else rules.grand_slam[v] if contract.level == 7 else 0
    insult = rules.insult[risk]
    total = trick_score + overtricks + game + partscore + slam + insult
    return ScoreBreakdown(trick_score, overtricks, game, partscore, slam, insult, 0, total, True, result)


# A cache: the scores of each scheme, each computed on first use and kept: key
# ((((level-1)*5 + strain)*3 + risk)*2 + vulnerable)*14 + tricks. Filled entry by entry
# (not all 2,940 at once), so that one score costs one breakdown (start-up time). At most
# _MAX_SCHEMES schemes are kept: a program may build a scheme a call (``rubber_session``).
# Keyed by the scheme's identity (hashing its tables a call would cost more than the
# score), the scheme kept beside its entry so that a reused id is seen for what it is.
_TABLES: dict[int, tuple[ScoringRules, dict[int, int]]] = {}
_MAX_SCHEMES = 16


def score(contract: Contract, tricks: int, vulnerable: bool, rules: ScoringRules = DUPLICATE) -> int:
    """The declarer side's score for ``contract`` making ``tricks`` (0..13); negative when it failed.

    ``vulnerable`` is the declarer side's vulnerability; a passed-out board
    scores 0. Same numbers as ``breakdown(...).total``, remembered per scheme.
    Raises ParseError for tricks outside 0..13.
    """
    _check_tricks(tricks)
    if contract.level == 0:
        return 0
    s = _strain_index(contract)
    i = ((((contract.level - 1) * 5 + s) * 3 + contract.risk) * 2 + (1 if vulnerable else 0)) * 14 + tricks
    entry = _TABLES.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_TABLES) >= _MAX_SCHEMES:
            _TABLES.clear()
        entry = _TABLES[id(rules)] = (rules, {})
    total = entry[1].get(i)
    if total is None:
        total = entry[1][i] = breakdown(contract, tricks, vulnerable, rules).total
    return total


def tricks_from_result(contract: Contract, result: str | int) -> int:
    """Tricks taken from a result: ``=``, ``+1``, ``-2`` (relative to the contract), or a
    number of tricks ``0``..``13`` (an ``int`` or digits). Raises ParseError if it is not a
    result or leaves tricks outside 0..13.
    """
    if isinstance(result, int) and not isinstance(result, bool):
        tricks, text = result, str(result)
    else:
        text = str(result).strip()
        if text in ("=", "==", "0=") or text.lower() in ("m", "made"):
            tricks = contract.required_tricks
        elif (n := small_int(text)) is not None:
            tricks = contract.required_tricks + n if text[0] in "+-" else n
        else:
            raise ParseError(f"not a result: {text!r} (use =, +1, -2 or tricks 0 to 13)")
    if contract.level == 0:
        if text not in ("=", "0") and tricks != 0:
            raise ParseError(f"a passed-out board has no result, not {text!r}")
        return 0
    if not 0 <= tricks <= 13:
        where = f"{contract.pbn}{text}" if text[:1] in "+-=" else f"{contract.pbn} {text}"
        raise ParseError(f"result {where!r} means {tricks} tricks; declarer takes 0 to 13")
    return tricks


def _split_result(token: str) -> tuple[str, str | None]:
    """Split ``4SX-1`` into ``4SX`` and ``-1``; ``3NT=`` into ``3NT`` and ``=``."""
    t = token.rstrip()
    if t.endswith("="):
        return t[:-1], "="
    i = len(t)
    while i > 0 and is_digits(t[i - 1]):
        i -= 1
    if 0 < i < len(t) and t[i - 1] in "+-":
        return t[: i - 1], t[i - 1:]
    return t, None


def parse_result(tokens: Sequence[str], parse_contract: object = None) -> tuple[Contract, int]:
    """A contract and tricks taken from the words of a result.

    Accepts ``["4SX-1"]``, ``["3NT="]``, ``["4S", "-1"]``, ``["4S", "10"]``,
    ``["4S", "+1"]``, ``["pass"]``; a contract alone (``["4S"]``) made
    exactly. A declarer may follow the contract (``4SXN-1``, ``4S by E =``).
    ``parse_contract`` is a ``str -> Contract`` function (default: English
    notation). Raises ParseError for anything else, or tricks outside 0..13.
    """
    if parse_contract is None:
        from .notation import ENGLISH

        parse_contract = ENGLISH.parse_contract
    words = [w for w in tokens if w.strip()]
    if not words:
        raise ParseError("no contract given")
    result: str | None = None
    contract_words = list(words)
    last = contract_words[-1].strip()
    if len(contract_words) > 1 and (last in ("=", "==") or is_digits(last)
                                    or (last[:1] in "+-" and is_digits(last[1:]))):
        result = last
        contract_words.pop()
    if result is None:
        head, tail = _split_result(contract_words[-1])
        if tail is not None and head:
            contract_words[-1], result = head, tail
    text = " ".join(contract_words)
    try:
        contract: Contract = parse_contract(text)  # type: ignore[operator]
    except ParseError:
        if len(words) > 2 or (len(words) == 2 and result is None):
            raise ParseError(f"not a contract and result: {' '.join(words)!r}") from None
        raise
    if result is None:
        tricks = contract.required_tricks
    else:
        tricks = tricks_from_result(contract, result)
    return contract, tricks


def honours_points(holding: Iterable[Card], strain: Strain, rules: ScoringRules = DUPLICATE) -> int:
    """Honours held in one hand under ``rules``: four or five trump honours (A K Q J T),
    or the four aces at notrump; 0 when the scheme scores no honours (duplicate).
    """
    if not rules.honours:
        return 0
    cards = list(holding)
    if strain == Strain.NOTRUMP:
        aces = sum(1 for c in cards if c.rank == Rank.ACE)
        return rules.honours_aces if aces == 4 else 0
    trumps = sum(1 for c in cards if int(c.suit) == int(strain) and c.rank >= Rank.TEN)
    if trumps == 5:
        return rules.honours_five
    return rules.honours_four if trumps == 4 else 0
