"""The functions of bridgecli's Python API, one for each command's main job.

Import them from the package (``import bridgecli as bc``; ``bc.read``,
``bc.score`` ...): :mod:`bridgecli` loads this module, and what it needs
(format readers, numpy, the DDS solver), only when a name is first used.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING

from bridgecli.core.board import Board
from bridgecli.core.cards import Seat, Vulnerability
from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.formats.inputs import names_a_file

if TYPE_CHECKING:
    from bridgecli.core.calls import Contract
    from bridgecli.core.deal import Deal
    from bridgecli.core.scoring import Score, ScoreBreakdown, ScoringRules
    from bridgecli.solver.par import ParResult
    from bridgecli.solver.tables import DDTable

__all__ = ["Solution", "breakdown", "dumps", "imps", "loads", "read", "score", "solve", "write"]

Source = str | os.PathLike[str] | IO[str]
"""What :func:`read` takes: a path, a text, or an open text file."""


# -- reading and writing boards ---------------------------------------------------


def read(source: str | os.PathLike[str] | IO[str], fmt: str | None = None) -> Iterator[Board]:
    """The boards of ``source``, one at a time, as ``bridgecli show`` or ``convert`` read them.

    A file is read a piece at a time as the boards are asked for, so that memory does not
    grow with its size (a path is closed when the boards run out or the iterator is closed).

    ``source`` is a path (``str`` or :class:`os.PathLike`), an open text file,
    or the text itself (a ``str`` holding a newline, or one that names no
    file). ``fmt`` is ``pbn``, ``yaml``, ``json`` or ``lin``; by default it
    comes from the file's extension, else from the content.

    Raises, at once:
        TypeError: ``source`` is none of those: ``None``, a number, ``bytes`` (decode them,
            or give the path), or a binary file such as ``open(path, "rb")`` or
            :class:`io.BytesIO` (open it in text mode, or give its path).
        ValueError: a closed file; a path holding a NUL byte.

    Raises, as the boards are asked for:
        OSError: a path that cannot be read (FileNotFoundError, IsADirectoryError,
            PermissionError); FileNotFoundError too for a one-word ``str`` that names no
            file (``read("nosuchfile")``: no board text is a single word).
        ParseError: bad notation or an unknown format; RuleError: a board the rules forbid
            (a deal with a card twice), when the bad board is reached.
    """
    _check_source(source)
    return _read(source, fmt)


def _check_source(source: object) -> None:
    """Raise TypeError or ValueError for a ``source`` :func:`read` cannot take (see there)."""
    import io

    if isinstance(source, (bytes, bytearray, memoryview)):
        raise TypeError(f"read() takes a path, a text (str) or an open text file, not {type(source).__name__}:"
                        " decode the bytes, or give the file's path")
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        if isinstance(path, bytes):
            raise TypeError("read() takes a path as str or os.PathLike[str], not bytes")
        if "\0" in path and (isinstance(source, os.PathLike) or names_a_file(path.replace("\0", ""))):
            raise ValueError(f"a path cannot hold a NUL byte: {path!r}")
        return
    if not callable(getattr(source, "read", None)):
        raise TypeError(f"read() takes a path, a text (str) or an open text file, not {type(source).__name__}")
    if getattr(source, "closed", False):
        raise ValueError(f"read() was given a closed file{_named(source)}: give it open, or give its path")
    if isinstance(source, (io.RawIOBase, io.BufferedIOBase)) or "b" in str(getattr(source, "mode", "")):
        raise TypeError(f"read() takes a file opened in text mode, not a binary one{_named(source)}:"
                        " open(path) rather than open(path, 'rb'), or give its path")


def _named(source: object) -> str:
    name = getattr(source, "name", None)
    return f" ({name!r})" if isinstance(name, str) else ""


def _read(source: str | os.PathLike[str] | IO[str], fmt: str | None) -> Iterator[Board]:
    if isinstance(source, str) and os.path.isdir(source) and "\n" not in source:
        raise IsADirectoryError(21, "Is a directory", source)
    if isinstance(source, str) and _looks_like_a_path(source) and not os.path.exists(source):
        raise FileNotFoundError(2, "No such file or directory", source)
    if isinstance(source, os.PathLike) or (isinstance(source, str) and names_a_file(source)):
        from bridgecli.formats.inputs import read_records

        records, _name, _fmt = read_records(os.fspath(source), fmt)
    elif isinstance(source, str):
        from bridgecli.formats import iter_records, resolve_format

        records = iter_records(source, resolve_format(None, source, fmt), source=None)
    else:
        from bridgecli.formats import resolve_format
        from bridgecli.formats.stream import iter_file, peek

        name = getattr(source, "name", None)
        name = name if isinstance(name, str) else None
        head, chunks = peek(_text_pieces(source))
        records = iter_file(chunks, resolve_format(name, head, fmt), name)
    try:
        for rec in records:
            if isinstance(rec, BridgeError):
                raise rec
            yield rec
    finally:
        close = getattr(records, "close", None)
        if close is not None:
            close()


def _looks_like_a_path(text: str) -> bool:
    """A ``str`` that can only be a path: one word, none of the characters that start a board
    text (``[`` PBN, ``{`` JSON, ``|`` LIN, ``%`` a PBN comment, ``:`` a YAML key or a deal)."""
    word = text.strip()
    return bool(word) and not any(ch.isspace() for ch in word) and not any(ch in word for ch in '[{|%:"')


def _text_pieces(stream: IO[str]) -> Iterator[str]:
    """The text of an open file a megabyte at a time (TypeError for one that gives bytes)."""
    while True:
        piece = stream.read(1 << 20)
        if not isinstance(piece, str):
            raise TypeError(f"read() takes a file opened in text mode, not one that gives"
                            f" {type(piece).__name__}{_named(stream)}: open(path) rather than open(path, 'rb')")
        if not piece:
            return
        yield piece


def loads(text: str, fmt: str | None = None) -> list[Board]:
    """All boards of ``text`` (format ``fmt``, else guessed from the content).

    Raises ParseError or RuleError for the first bad board.
    """
    from bridgecli.formats import read_boards, resolve_format

    return read_boards(text, resolve_format(None, text, fmt))


def dumps(boards: Iterable[Board], fmt: str = "pbn") -> str:
    """``boards`` written in ``fmt`` (``pbn``, ``yaml``, ``json`` or ``lin``), as ``convert --to`` writes them.

    Raises ParseError for an unknown format.
    """
    from bridgecli.formats import write_boards

    return write_boards(boards, fmt)


def write(boards: Iterable[Board], dest: str | os.PathLike[str] | IO[str], fmt: str | None = None) -> None:
    """Write ``boards`` to ``dest``, a path or an open text file, in ``fmt``
    (by default from the path's extension), as ``convert -o`` writes them.

    A path is written atomically (:class:`bridgecli.output.AtomicOutput`): the
    boards go to a temp file beside it, renamed over the file once all are
    written, keeping its permission bits; if anything fails on the way (a bad
    board read lazily from ``boards``, a full disk, Ctrl-C) the file is left as
    it was and the temp file removed. A symlink's target is replaced, the link
    kept; a device or FIFO (``/dev/null``) is written directly.

    Raises ParseError when no format is given or implied, or it is unknown;
    OSError when the file cannot be written; whatever ``boards`` raises.
    """
    from bridgecli.formats import format_from_path, iter_write, module
    from bridgecli.output import AtomicOutput

    if fmt is None:
        name = os.fspath(dest) if isinstance(dest, (str, os.PathLike)) else getattr(dest, "name", None)
        fmt = format_from_path(name) if isinstance(name, str) else None
        if fmt is None:
            raise ParseError("no format: give fmt='pbn', 'yaml', 'json' or 'lin' (or a path with that extension)")
    module(fmt)  # an unknown format fails before a file is opened
    if isinstance(dest, (str, os.PathLike)):
        with AtomicOutput(dest) as fp:
            fp.writelines(iter_write(boards, fmt))
    else:
        dest.writelines(iter_write(boards, fmt))


# -- scoring --------------------------------------------------------------------


def _result(result: str | Contract | Board, tricks: int | None, declarer: str | Seat | None,
            vul: str | Vulnerability | None, scoring: str | ScoringRules
            ) -> tuple[Contract, int, Seat | None, bool, ScoringRules]:
    """(contract, tricks, declarer or None, declarer vulnerable, scheme) of what :func:`score` takes."""
    from bridgecli.core.calls import Contract
    from bridgecli.core.notation import default_reader
    from bridgecli.core.scoring import ScoringRules, find_rules, parse_result

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
    from bridgecli.core.scoring import Score
    from bridgecli.core.scoring import breakdown as breakdown_of

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


def imps(difference: int) -> int:
    """The IMPs of a score difference (WBF scale, sign kept), as ``score --imps`` prints them.

    Raises ValueError for a difference that is not an integer.
    """
    from bridgecli.core.imps import imps as imps_of

    return imps_of(difference)


# -- solving --------------------------------------------------------------------


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
