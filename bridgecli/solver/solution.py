"""The double-dummy solution of one deal: its table and its par (``bc.solve``, the Python
API of ``bridgecli solve`` for a single deal; :func:`bridgecli.solver.stream.solve_boards`
solves a stream of boards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bridgecli.core.board import Board
from bridgecli.core.cards import Seat, Vulnerability
from bridgecli.core.errors import ParseError

if TYPE_CHECKING:
    from bridgecli.core.ddtable import DDTable
    from bridgecli.core.deal import Deal
    from bridgecli.solver.par import ParResult

__all__ = ["Solution", "solve"]


@dataclass(frozen=True, slots=True)
class Solution:
    """What :func:`solve` finds for one deal."""

    table: DDTable
    """Double-dummy tricks by declarer and strain."""
    par: ParResult
    """Par score (N-S view) and par contracts, for the vulnerability and dealer given."""


def solve(deal: Deal | Board | str, *, vul: str | Vulnerability | None = None,
          dealer: str | Seat | None = None) -> Solution:
    """The double-dummy table and par of a deal, as ``bridgecli solve`` finds them.

    ``deal`` is a :class:`~bridgecli.core.Deal`, a :class:`~bridgecli.core.Board`
    (whose vulnerability and dealer are the defaults) or a PBN deal string
    (``"N:AKQ... ..."``). Without a board, ``vul`` defaults to none and
    ``dealer`` to North. Needs the DDS solver (``pip install 'bridgecli[dds]'``).

    Raises SolverMissingError (a BridgeError) when the solver is not installed,
    ParseError for a bad deal, seat or vulnerability text, RuleError for a deal
    that is not four hands of equal size.
    """
    from bridgecli.core.deal import Deal
    from bridgecli.core.notation import default_reader
    from bridgecli.solver.dds import solve_tables
    from bridgecli.solver.par import par

    reader = default_reader()
    board_vul, board_dealer = Vulnerability.NONE, Seat.NORTH
    if isinstance(deal, Board):
        board_vul = deal.vulnerability if deal.vulnerability is not None else Vulnerability.NONE
        board_dealer = deal.dealer if deal.dealer is not None else Seat.NORTH
        if deal.deal is None:
            raise ParseError("the board has no deal")
        the_deal = deal.deal
    elif isinstance(deal, str):
        the_deal = Deal.from_pbn(deal)
    else:
        the_deal = deal
    v = board_vul if vul is None else vul if isinstance(vul, Vulnerability) else reader.parse_vul(vul)
    d = board_dealer if dealer is None else dealer if isinstance(dealer, Seat) else reader.parse_seat(dealer)
    table = solve_tables([the_deal])[0]
    return Solution(table, par(table, v, d))
