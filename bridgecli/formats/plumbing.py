"""Shared plumbing behind each format module's ``loads``/``load``/``dump``.

Every format module implements ``iter_records`` (boards and errors, one a
record) and ``iter_dumps`` (text chunks); the list-returning and file-taking
functions of its public API are the same few lines around those two, kept here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import IO

from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError


def collect(records: Iterable[Board | BridgeError]) -> list[Board]:
    """The boards of ``records``. Raises the first error among them."""
    boards: list[Board] = []
    for rec in records:
        if isinstance(rec, BridgeError):
            raise rec
        boards.append(rec)
    return boards


def file_source(fp: IO[str], source: str | None) -> str | None:
    """``source`` if given, else the open file's name when it has a text one."""
    if source is not None:
        return source
    name = getattr(fp, "name", None)
    return name if isinstance(name, str) else None


def each_board(boards: Iterable[Board], dump_board: Callable[[Board], str], empty: str) -> Iterator[str]:
    """``dump_board`` of each board; ``empty`` alone when there are no boards."""
    none = True
    for board in boards:
        none = False
        yield dump_board(board)
    if none:
        yield empty


def write_chunks(chunks: Iterable[str], fp: IO[str], gather: int = 0) -> None:
    """Write text chunks to an open text file, as they come, or gathered into
    writes of more than ``gather`` characters."""
    buf: list[str] = []
    size = 0
    for chunk in chunks:
        buf.append(chunk)
        size += len(chunk)
        if size > gather:
            fp.write("".join(buf))
            buf, size = [], 0
    if buf:
        fp.write("".join(buf))
