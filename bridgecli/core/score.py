"""The score of one result, however it is given: the Python API of ``bridgecli score CONTRACT``
(``bc.score``, ``bc.breakdown``).

A result comes as text (``"4SX-1"``), as a :class:`~bridgecli.core.contract.Contract` with the
tricks declarer won, or as a :class:`~bridgecli.core.board.Board`; the rules that turn it into
points (trick values, bonuses, penalties, the schemes) are in :mod:`bridgecli.core.scoring`.
"""

from __future__ import annotations

from bridgecli.core.board import Board
from bridgecli.core.cards import Seat, Vulnerability
from bridgecli.core.contract import Contract
from bridgecli.core.errors import ParseError
from bridgecli.core.notation import default_reader
from bridgecli.core.scoring import Score, ScoreBreakdown, ScoringRules, find_rules, parse_result
from bridgecli.core.scoring import breakdown as breakdown_of

__all__ = ["breakdown", "score"]


def _result(result: str | Contract | Board, tricks: int | None, declarer: str | Seat | None,
            vul: str | Vulnerability | None, scoring: str | ScoringRules
            ) -> tuple[Contract, int, Seat | None, bool, ScoringRules]:
    """(contract, tricks, declarer or None, declarer vulnerable, scheme) of what :func:`score` takes."""
    reader = default_reader()
    if tricks is not None and (isinstance(tricks, bool) or not isinstance(tricks, int)):
        raise TypeError(f"tricks is the number of tricks declarer won (an int 0 to 13), not {type(tricks).__name__}")
    board_vul = Vulnerability.NONE
    if isinstance(result, Board):
        if result.contract is None:
            raise ParseError(f"board {result.number} has no contract to score" if result.number is not None
                             else "the board has no contract to score")
        contract = result.contract
        if tricks is None:
            tricks = 0 if contract.is_passout else result.result
        if tricks is None:
            raise ParseError(f"board {result.number} records no result (tricks): give tricks="
                             if result.number is not None else "the board records no result (tricks): give tricks=")
        board_vul = result.effective_vulnerability or Vulnerability.NONE
    elif isinstance(result, Contract):
        contract = result
        if tricks is None:
            if not contract.is_passout:
                raise TypeError(f"score({contract!r}) needs the tricks declarer won: score(contract, 10)")
            tricks = 0
    elif isinstance(result, str):
        words = result.split()
        contract, tricks = parse_result(words if tricks is None else [*words, str(tricks)], reader.parse_contract)
    else:
        raise TypeError(f"score() takes a result text ('4SX-1'), a Contract with tricks, or a Board,"
                        f" not {type(result).__name__}")
    seat = contract.declarer
    if declarer is not None:
        given = declarer if isinstance(declarer, Seat) else reader.parse_seat(declarer)
        if seat is not None and seat != given:
            raise ParseError(f"declarer {str(declarer)!r} but the contract says {seat.letter!r}")
        seat = given
    if vul is None:
        v = board_vul
    else:
        v = vul if isinstance(vul, Vulnerability) else reader.parse_vul(vul)
    rules = scoring if isinstance(scoring, ScoringRules) else find_rules(scoring)
    if contract.is_passout:
        return contract, 0, None, False, rules
    return contract, tricks, seat, v.is_vul(Seat.NORTH if seat is None else seat), rules


def score(result: str | Contract | Board, tricks: int | None = None, *,
          vul: str | Vulnerability | None = None, declarer: str | Seat | None = None,
          scoring: str | ScoringRules = "duplicate") -> Score:
    """The score of one result for declarer's side, as ``bridgecli score`` prints it.

    ``result`` is one of:

    - a contract and its result as text (``"4SX-1"``, ``"3NT="``, ``"4S +1"``,
      ``"6NT 12"``, ``"pass"``; a declarer may follow the contract: ``"4SXE-1"``), or a
      contract text with ``tricks`` (``score("4S", 10)``);
    - a :class:`~bridgecli.Contract` (its declarer counts) with ``tricks``, the tricks
      declarer won (``score(board.contract, 10)``);
    - a :class:`~bridgecli.Board`: its contract, its result (tricks) and its vulnerability
      (the one its number implies when it records none); ``tricks`` and ``vul`` override them.

    ``vul`` is ``none`` (the default but for a board), ``ns``, ``ew``, ``both`` or a
    :class:`~bridgecli.Vulnerability`; the declarer (``declarer=`` or the contract's,
    default North) decides which side's vulnerability counts. ``scoring`` names a
    scheme (``duplicate``, ``rubber``, ``chicago`` ...) or is a :class:`~bridgecli.ScoringRules`.

    Returns a :class:`~bridgecli.Score`: an ``int`` (declarer's side, negative when the
    contract failed) with ``.breakdown`` (its parts), ``.declarer`` and ``.ns`` (the score
    from North-South's side; with no declarer given, North is taken as declarer).

    Raises:
        ParseError: a bad result, seat, vulnerability or scheme; a declarer that
            contradicts the contract's; tricks outside 0..13; a board with no contract,
            or no result and no ``tricks``.
        TypeError: ``result`` of another type; a Contract without ``tricks``; ``tricks``
            that is not an ``int``.
    """
    contract, tricks, seat, vulnerable, rules = _result(result, tricks, declarer, vul, scoring)
    if seat is None and not contract.is_passout:
        seat = Seat.NORTH
    return Score(breakdown_of(contract, tricks, vulnerable, rules), seat)


def breakdown(result: str | Contract | Board, tricks: int | None = None, *,
              vul: str | Vulnerability | None = None, declarer: str | Seat | None = None,
              scoring: str | ScoringRules = "duplicate") -> ScoreBreakdown:
    """The parts of :func:`score` (trick score, bonuses, undertricks ...), as ``score --json``
    lists them: ``score(...).breakdown``.

    Takes and raises what :func:`score` does.
    """
    return score(result, tricks, vul=vul, declarer=declarer, scoring=scoring).breakdown
