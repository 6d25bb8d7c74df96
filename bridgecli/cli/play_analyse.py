"""``bridgecli play --analyse``: the double-dummy result after every card of a played board.

Kept apart from :mod:`bridgecli.cli.play` so that the play command imports
the solver only when asked to analyse.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from bridgecli.cli import BridgeCliError, ExitCode
from bridgecli.core.board import Board
from bridgecli.core.errors import RuleError
from bridgecli.core.notation import Language

if TYPE_CHECKING:
    from bridgecli.core.play import Replay
    from bridgecli.solver.analysis import PlayAnalysis

#: The one-line hint when the solver is missing.
HINT = "play --analyse needs the DDS solver: pip install 'bridgecli[dds]'"


def require_solver() -> None:
    """Load DDS now, or stop with exit code 2 and the install hint."""
    from bridgecli.solver import dds

    try:
        dds.load()
    except dds.SolverMissingError as exc:
        raise BridgeCliError(HINT, ExitCode.USAGE) from exc


def analyse(board: Board, rep: Replay) -> PlayAnalysis:
    """Judge the legal cards of ``rep`` (up to an illegal or unknown card) double-dummy.

    Raises RuleError when the board's deal is not four known hands of equal size.
    """
    from bridgecli.solver.analysis import analyse_played

    contract = rep.contract
    if board.deal is None:
        raise RuleError(f"{board.label}: play analysis needs the deal")
    assert contract.declarer is not None
    return analyse_played(board.deal, contract.strain, contract.declarer, contract.pbn, rep.sequence)


def render(board: Board, rep: Replay, a: PlayAnalysis, lang: Language, as_json: bool) -> str:
    """One JSON line, or a heading and one line a trick: each card with declarer's DD tricks after it.

    A card that gave tricks away is marked ``*`` (``*2`` for two).
    """
    if as_json:
        obj: dict[str, Any] = {"board": board.number, **a.as_json(), "legal": rep.legal}
        return json.dumps(obj, ensure_ascii=False)
    assert rep.contract.declarer is not None
    head = f"Board {board.number}" if board.number is not None else "Play"
    tricks = f"{a.tricks_start} trick{'' if a.tricks_start == 1 else 's'}"
    first = (f"{head}: {lang.contract_str(rep.contract, declarer=True)}, double-dummy {tricks} at the start; "
             f"declarer gave away {a.declarer_cost}, the defence {a.defence_cost}")
    lines = [first]
    by_trick: dict[int, list[str]] = {}
    for v in a.cards:
        mark = "" if not v.cost else ("*" if v.cost == 1 else f"*{v.cost}")
        text = f"{lang.seat_str(v.seat)} {lang.card_str(v.card)} {v.tricks_after}{mark}"
        by_trick.setdefault(v.trick, []).append(text)
    for trick, cards in by_trick.items():
        lines.append(f"{trick:>3}  " + "  ".join(cards))
    if not rep.legal and rep.error is not None:
        lines.append(f"     stops at the illegal card of trick {rep.error.trick}")
    return "\n".join(lines)
