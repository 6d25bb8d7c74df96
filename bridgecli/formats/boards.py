"""Boards in and out in any format: :func:`read`, :func:`write`, :func:`loads` and :func:`dumps`,
the Python API of ``bridgecli convert`` and ``show`` (``bc.read`` ...).

The format comes from the caller, a path's extension or the content
(:func:`bridgecli.formats.resolve_format`); each format module (``bridgecli.formats.pbn`` ...)
does the reading and writing. Nothing here is imported before it is used.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import IO

from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.formats.inputs import names_a_file

__all__ = ["dumps", "loads", "read", "write"]

Source = str | os.PathLike[str] | IO[str]
"""What :func:`read` takes: a path, a text, or an open text file."""


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
