"""One deal a line: the text that ``deal --format text``, GIB and dealer write.

Each line holding a deal is read as one board::

    N:T3.T965.8.AKQJ98 J7.K8742.654.752 62.AQJ3.AKT73.43 AKQ9854..QJ92.T6
    7 E:Q975.873.K765.QJ AKJT82.J42.83.52 43.AQT965.Q9.A97 6.K.AJT42.KT8643
    n AKQ.T98.5432.K2 e ... s ... w ...

The PBN deal (the first seat, a colon, four hands clockwise, ``-`` for an
unknown hand; in English, or in the language ``deal --lang pl|hu`` wrote it in) may follow a board number (``7``, ``7:``, ``7.`` or ``Board
7:``); dealer's ``printoneline`` form names each seat in lower case before its
hand. A line without a number gets the next number (the first is 1, or one
more than the line before); dealer and vulnerability are the ones the board
number implies, as ``deal`` numbers its boards. Blank lines and lines starting with ``#`` are
skipped. Nothing else is kept: a board read here holds its number and deal.

:func:`is_deal_line` is the cheap look :func:`bridgecli.formats.sniff` takes at
the first line. Writing gives the lines ``deal --format text`` writes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import IO

from bridgecli.core.board import Board
from bridgecli.core.cards import Hand, Seat, Vulnerability, dealer_of_board
from bridgecli.core.deal import Deal
from bridgecli.core.errors import BridgeError, ParseError, cut
from bridgecli.formats import plumbing

_HAND = r"(?:-|[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*)"
# ranks in English and in the languages deal --lang writes (D, W: Polish; D, B: Hungarian), tens as 10 too
_HAND_10 = r"(?:-|[AKQJTDWB0-9]*\.[AKQJTDWB0-9]*\.[AKQJTDWB0-9]*\.[AKQJTDWB0-9]*)"
_SEAT = r"(?:[NESWnesw]|[ÉéKkDd]|[Nn]y)"
_NUMBER = r"(?:(?:[Bb]oard\s+)?(?P<number>\d{1,9})\s*[:.]?\s+)?"
_PBN_LINE = re.compile(rf"\s*{_NUMBER}(?P<deal>{_SEAT}:{_HAND_10}(?:\s+{_HAND_10}){{3}})\s*", re.ASCII)
_DEALER_LINE = re.compile(
    rf"\s*{_NUMBER}n\s+(?P<n>{_HAND})\s+e\s+(?P<e>{_HAND})\s+s\s+(?P<s>{_HAND})\s+w\s+(?P<w>{_HAND})\s*",
    re.ASCII | re.IGNORECASE)
# the look taken at a first line: a seat and colon then a hand, or dealer's "n hand"
_LOOK = re.compile(r"\s*(?:(?:[Bb]oard\s+)?\d{1,9}\s*[:.]?\s+)?(?:(?:[NESWnesw]|[ÉéKkDd]|[Nn]y):|[nN]\s+[AKQJT0-9-]*\.)",
                   re.ASCII)


def is_deal_line(line: str) -> bool:
    """Whether ``line`` (the first line of an input holding more than white space) starts a one-line deal."""
    return _LOOK.match(line) is not None and (_PBN_LINE.fullmatch(line) is not None
                                                or _DEALER_LINE.fullmatch(line) is not None)


def _board(line: str, number: int) -> Board:
    """The board of one line (``number`` unless the line gives its own). Raises BridgeError."""
    m = _PBN_LINE.fullmatch(line)
    if m is not None:
        deal = _deal(m["deal"])
    else:
        m = _DEALER_LINE.fullmatch(line)
        if m is None:
            raise ParseError(f"not a deal line ('N:' and four hands): {cut(line.strip())!r}")
        deal = Deal.from_pbn("N:" + " ".join(m[s] for s in "nesw"))
    if m["number"] is not None:
        number = int(m["number"])
        if number < 1:
            raise ParseError(f"a board number is at least 1, not {m['number']!r}")
    return Board(number=number, dealer=dealer_of_board(number), vulnerability=Vulnerability.from_board(number), deal=deal)


def _deal(text: str) -> Deal:
    """The deal of ``N:hand hand hand hand``: in English, else in the language ``deal --lang``
    wrote it in (Polish ``AKDW10``, Hungarian ``É:`` and ``AKDB10``). Raises BridgeError."""
    from bridgecli.core.notation import LANGUAGES

    seat, _, rest = text.partition(":")
    try:
        return Deal.from_pbn(seat.upper() + ":" + rest)
    except ParseError as english:
        parts = rest.split()
        for lang in LANGUAGES.values():
            hands: list[Hand | None] = [None, None, None, None]
            try:
                first = lang.parse_seat(seat)
                for i, part in enumerate(parts):
                    hands[(first + i) % 4] = None if part == "-" else lang.parse_hand(part)
            except ParseError:
                continue
            return Deal(tuple(hands))  # type: ignore[arg-type]
        raise english from None


def iter_stream(chunks: Iterable[str], source: str | None = None) -> Iterator[Board | BridgeError]:
    """Boards of the text ``chunks``, a line at a time; a bad line is yielded as its error."""
    from bridgecli.formats.stream import lines_of

    number = 0
    line_no = 0
    for piece in lines_of(chunks):
        for line in piece.splitlines():
            line_no += 1
            text = line.lstrip("\ufeff") if line_no == 1 else line
            if not text.strip() or text.lstrip().startswith("#"):
                continue
            try:
                board = _board(text, number + 1)
            except BridgeError as exc:
                number += 1
                yield exc.located(source=source, line=line_no, board=str(number))
                continue
            number = board.number or number + 1
            yield board


def iter_records(text: str, source: str | None = None) -> Iterator[Board | BridgeError]:
    """Boards of ``text``, a bad line yielded as its error."""
    return iter_stream([text], source)


def loads(text: str, source: str | None = None) -> list[Board]:
    """All boards of ``text``. Raises the first error."""
    return plumbing.collect(iter_records(text, source))


def load(fp: IO[str], source: str | None = None) -> list[Board]:
    """All boards of an open text file. Raises the first error."""
    return loads(fp.read(), plumbing.file_source(fp, source))


def dump_board(board: Board) -> str:
    """One line: the deal from North, as ``deal --format text`` writes it.

    Raises ValueError for a board without a deal."""
    if board.deal is None:
        raise ValueError(f"{board.label} has no deal to write on a line")
    return board.deal.to_pbn(Seat.NORTH) + "\n"


def iter_dumps(boards: Iterable[Board]) -> Iterator[str]:
    """The lines of ``boards``, one a board."""
    return plumbing.each_board(boards, dump_board, "")


def dumps(boards: Iterable[Board]) -> str:
    """The lines of ``boards`` as one string."""
    return "".join(iter_dumps(boards))


def dump(boards: Iterable[Board], fp: IO[str]) -> None:
    """Write the lines of ``boards`` to an open text file."""
    plumbing.write_chunks(iter_dumps(boards), fp)


__all__ = ["dump", "dump_board", "dumps", "is_deal_line", "iter_dumps", "iter_records", "iter_stream", "load", "loads"]
