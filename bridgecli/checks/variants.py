"""The Polish variants board by board: dealing, point auctions and plays of many boards.

The library behind ``--variant NAME`` of ``deal``, ``validate-auction`` and ``play``: each
function takes the variant (a name or a :class:`~bridgecli.variants.Variant`) and an
iterable of boards, which may hold the errors met reading them (as
:func:`bridgecli.formats.inputs.read_records` gives records), and yields one result a board, in
order, so that a file of any size goes through in flat memory.
"""

from __future__ import annotations

import random
from collections.abc import Container, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.results.rubber_sessions import check_variant, find_game

if TYPE_CHECKING:
    from bridgecli.core.board import Board
    from bridgecli.variants import Variant

__all__ = ["VariantPlay", "check_variant_play", "point_auction_verdicts", "variant_deals", "with_dealers"]


def variant_deals(variant: str | Variant, count: int, *, seed: int | None = None, start: int = 1,
                  generator: str | None = None) -> Iterator[Board]:
    """``count`` freshly dealt boards of the variant, numbered from ``start``.

    Args:
        variant: the variant or its name (``"booby"``, ``"szlem"`` ...).
        count: how many boards.
        seed: the same seed gives the same boards; None draws one from the system.
        start: the first board's number.
        generator: the text of each board's Generator tag (none when None).

    Raises:
        ParseError: an unknown variant.
    """
    game = find_game(variant)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    for number in range(start, start + count):
        board = game.deal_board(rng, number)
        yield board.replace(tags={"Generator": generator}) if generator is not None else board


def with_dealers(variant: str | Variant, records: Iterable[Board | BridgeError]) -> Iterator[Board | BridgeError]:
    """The records with the variant's dealer filled in (by board number) and its data checked.

    A board of another game, or whose dealer is not one of the variant's players, becomes
    the BridgeError that says so; errors pass through.
    """
    game = find_game(variant)
    for i, rec in enumerate(records, 1):
        if isinstance(rec, BridgeError):
            yield rec
            continue
        try:
            check_variant(game, rec)
            dealer = game.auction_dealer(rec, i)
        except BridgeError as exc:
            yield exc
            continue
        yield rec.replace(dealer=dealer)


def point_auction_verdicts(variant: str | Variant, records: Iterable[tuple[Board | BridgeError, str]]
                           ) -> Iterator[tuple[str, dict[str, Any] | BridgeError]]:
    """The verdict of each round of point bids (Szlem): ``(heading, verdict)`` a record.

    ``records`` pairs each board (or reading error) with the heading its report line
    carries. A verdict is the variant's dict (``ok``, ``complete`` ...); a record that could
    not be read, or that is another game's board, is its BridgeError instead.

    Raises:
        ParseError: the variant has no point auction.
    """
    game = find_game(variant)
    if not game.point_auction:
        raise ParseError(f"{game.name} bids on the bridge ladder, not in points")
    for i, (rec, head) in enumerate(records, 1):
        if isinstance(rec, BridgeError):
            yield head, rec
            continue
        try:
            check_variant(game, rec)
        except ParseError as exc:
            yield head, exc
            continue
        yield head, game.verdict(rec, i)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class VariantPlay:
    """One record of :func:`check_variant_play`.

    Attributes:
        board: the board (None for a record that could not be read).
        outcome: the variant's JSON object of the play (``legal``, the tricks, the score
            ...), or None when there is no play or an error.
        error: the BridgeError reading or replaying the board raised, else None.
    """

    board: Board | None
    outcome: dict[str, Any] | None = None
    error: BridgeError | None = None

    @property
    def has_play(self) -> bool:
        """False for a board without a play record."""
        return self.outcome is not None or self.error is not None

    @property
    def ok(self) -> bool:
        """True for a legal play that agrees with the board's recorded result."""
        return self.error is None and self.outcome is not None and bool(self.outcome["legal"]) \
            and "mismatch" not in self.outcome


def check_variant_play(variant: str | Variant, records: Iterable[Board | BridgeError], *,
                       numbers: Container[int] | None = None) -> Iterator[VariantPlay]:
    """Replay every board's play under the variant's rules: one :class:`VariantPlay` a board.

    Args:
        variant: the variant or its name.
        records: boards, or the errors met reading them (passed on as a VariantPlay
            with ``board=None``).
        numbers: only the boards with these numbers (all when None).
    """
    game = find_game(variant)
    for i, rec in enumerate(records, 1):
        if isinstance(rec, BridgeError):
            yield VariantPlay(None, error=rec)
            continue
        if numbers is not None and rec.number not in numbers:
            continue
        if rec.play is None and "play" not in rec.extra:
            yield VariantPlay(rec)
            continue
        board = rec if rec.dealer is not None else rec.replace(dealer=game.dealer(rec.number or i))
        try:
            check_variant(game, board)
            yield VariantPlay(board, outcome=game.outcome(board))
        except BridgeError as exc:
            yield VariantPlay(board, error=exc)
