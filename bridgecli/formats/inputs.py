"""FILE or stdin read as text or as records: opened, decoded, its format sniffed.

What every command does with its ``FILE`` argument, for Python callers too:

* :func:`read_records`, :func:`read_text`, :func:`open_input`: a path, or ``-``
  for stdin, read as bytes and decoded as :func:`decode_bytes` says (UTF-8,
  else Latin-1, PBN's own charset; binary input is a ParseError); the format
  taken from ``fmt``, the name's extension or the content
  (:func:`bridgecli.formats.resolve_format`);
* :func:`names_a_file`: whether a ``str`` given as a source is a path or the text itself;
* stdin as it arrives (``score -``): :func:`stdin_reader`, :func:`whole_input`,
  :func:`stdin_is_terminal`.

Writing ``-o`` is :mod:`bridgecli.output`. Importing this module costs only the standard
library (the format readers are loaded when records are read), so that every command may
import it at start.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from typing import IO, TYPE_CHECKING, Literal, cast

from bridgecli.core.errors import ParseError

if TYPE_CHECKING:
    from bridgecli.core.board import Board
    from bridgecli.core.errors import BridgeError

STDIN = "-"
"""The path that names stdin."""


def read_text(path: str, *, on_stdin: Callable[[], None] | None = None) -> tuple[str, str]:
    """Read FILE or ``-`` (stdin) as text: UTF-8, else Latin-1 (PBN's own charset).

    Args:
        path: a file name, or ``-`` for stdin.
        on_stdin: called just before stdin is read (the CLI says there what it waits for).

    Returns:
        ``(text, source_name)``, the name ``<stdin>`` for stdin.

    Raises:
        ParseError: for binary input (NUL bytes) or a closed stdin.
        OSError: for a file that cannot be read.
    """
    if path == STDIN:
        buffer = stdin_buffer()
        if on_stdin is not None:
            on_stdin()
        data = buffer.read()
        source = "<stdin>"
    else:
        with open(path, "rb") as fp:
            data = fp.read()
        source = path
    return decode_bytes(data, source), source


def stdin_buffer() -> IO[bytes]:
    """The byte stream of stdin.

    Raises:
        ParseError: when there is none (the process was started with stdin closed, ``<&-``).
    """
    stream = sys.stdin
    buffer: IO[bytes] | None = getattr(stream, "buffer", None) if stream is not None else None
    if buffer is None:
        raise ParseError("stdin is closed: give a FILE, or pipe the input in", source="<stdin>")
    return buffer


def read_records(
    infile: str, fmt: str | None, skip_empty: bool = False, *, on_stdin: Callable[[], None] | None = None
) -> tuple[Iterator[Board | BridgeError], str, str]:
    """The records (boards, or errors for bad ones) of FILE or ``-`` in the format
    ``fmt`` or the one its name or content shows.

    The records are read lazily, a piece of the file at a time, as they are
    asked for (see :mod:`bridgecli.formats.stream`); a file that turns out to be
    binary further on raises ParseError then. The file is closed when the
    records are exhausted or the iterator is closed.

    Args:
        infile: a file name, or ``-`` for stdin.
        fmt: ``pbn``, ``yaml``, ``json`` or ``lin``; None to take it from the name or content.
        skip_empty: a file of nothing but white space gives no records (and
            format ``""``) instead of the format's "empty input" error.
        on_stdin: called just before stdin is read.

    Returns:
        ``(records, source_name, format)``.

    Raises:
        ParseError: if the file cannot be read as text, or its format is unknown.
        OSError: for a file that cannot be opened.
    """
    fp, source = open_input(infile, on_stdin=on_stdin)
    return _closing_stream_records(fp, source, infile, fmt, empty="skip" if skip_empty else "read")


def _closing_stream_records(stream: IO[bytes], source: str, path: str, fmt: str | None, *,
                            empty: Literal["read", "skip", "error"]
                            ) -> tuple[Iterator[Board | BridgeError], str, str]:
    """The records of ``stream``, closed when they are exhausted (or at once when none
    come or an error is raised), its ``source`` name and its format. An input of nothing
    but white space gives no records (``empty="skip"``), raises ParseError ``no boards``
    (``"error"``), or is read as the format says (``"read"``)."""
    from bridgecli.formats import resolve_format
    from bridgecli.formats.stream import iter_file, peek, text_chunks

    try:
        head, chunks = peek(text_chunks(stream, source))
        if empty != "read" and not head.strip():
            if empty == "error":
                raise ParseError("no boards", source=source)  # as every other command says of an empty file
            close_input(stream)
            return iter(()), source, ""
        name = resolve_format(path, head, fmt)
        records = iter_file(chunks, name, source)
    except BaseException:
        close_input(stream)
        raise
    return closing_records(records, stream), source, name


def names_a_file(text: str, extensions: tuple[str, ...] = ()) -> bool:
    """Whether a ``str`` given as a source is a path rather than the text itself: one line
    that names an existing file, or ends in a board file's extension (or one of
    ``extensions``, such as ``(".csv",)``)."""
    from bridgecli.formats import format_from_path

    if "\n" in text or not text.strip():
        return False
    return os.path.isfile(text) or text.lower().endswith(extensions) or format_from_path(text) is not None


def records_of(stream: IO[bytes], source: str, fmt: str | None = None, path: str | None = None
               ) -> Iterator[Board | BridgeError]:
    """The records of an open binary ``stream`` (named ``source`` in messages), read a piece
    at a time, in ``fmt`` or the one ``path``'s extension or the content shows. The stream
    stays open (its owner closes it).

    Raises:
        ParseError: if the stream cannot be read as text, or its format is unknown.
    """
    from bridgecli.formats import resolve_format
    from bridgecli.formats.stream import iter_file, peek, text_chunks

    head, chunks = peek(text_chunks(stream, source))
    return iter_file(chunks, resolve_format(path, head, fmt), source)


def open_input(path: str, *, on_stdin: Callable[[], None] | None = None) -> tuple[IO[bytes], str]:
    """FILE or ``-`` (stdin) opened for reading bytes, and the name to give it in messages.

    Raises:
        ParseError: for a closed stdin.
        OSError: for a file that cannot be opened.
    """
    if path == STDIN:
        buffer = stdin_buffer()  # a closed stdin is an error naming it
        if on_stdin is not None:
            on_stdin()
        return buffer, "<stdin>"
    return open(path, "rb"), path


def close_input(fp: IO[bytes]) -> None:
    """Close what :func:`open_input` opened (stdin itself stays open)."""
    if fp is not getattr(sys.stdin, "buffer", None):
        fp.close()


def closing_records(records: Iterator[Board | BridgeError], fp: IO[bytes]) -> Iterator[Board | BridgeError]:
    """``records``, then ``fp`` closed (also when the reader stops early)."""
    try:
        yield from records
    finally:
        close_input(fp)


def decode_bytes(data: bytes, source: str) -> str:
    """Decode input bytes: strip a UTF-8 BOM, try UTF-8, then Windows-1250 when a letter only
    it has shows it (with a warning), then Latin-1 (warning when the Latin-1 text holds
    UTF-8: :func:`~bridgecli.formats.stream.warn_mixed`).

    Raises:
        ParseError: for binary data (a NUL byte, or many control characters).
    """
    return decode_piece(data, source, 1, False)[0]


def decode_piece(data: bytes, source: str, line: int, warned: bool) -> tuple[str, bool]:
    """:func:`decode_bytes` of a piece of a file that starts on ``line`` (each piece
    decoded on its own), and whether the mixed-charset warning has been given: it is given
    once a file (``warned``: already given for an earlier piece), naming its file line."""
    if b"\x00" in data:
        from bridgecli.formats.stream import nul_error

        raise nul_error(data, source, line, start=True)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8"), warned
    except UnicodeDecodeError:
        pass
    from bridgecli.formats.stream import charset_of, warn_charset, warn_mixed

    charset = charset_of(data)
    text = data.decode(charset)
    bad = sum(1 for ch in text if ord(ch) < 32 and ch not in "\t\r\n\f\v" or 0x7F <= ord(ch) < 0xA0)
    if bad > max(4, len(text) // 100):
        raise ParseError("binary data, not a text file", source=source, line=line)
    if charset == "cp1250":
        if not warned:
            warn_charset(data, source, line)
        return text, True
    return text, warned or warn_mixed(data, source, line)



# -- stdin as it arrives (score -) ------------------------------------------------------


def stdin_fd() -> int:
    """Stdin's file descriptor, -1 when it has none (a test runner's stream)."""
    try:
        return sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return -1


def stdin_reader() -> Callable[[], bytes]:
    """A function reading what stdin has now, ``b""`` at its end (a line at a time, at most
    64 KiB of it, when stdin has no file descriptor)."""
    fd = stdin_fd()
    if fd < 0:
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is not None:
            return lambda: bytes(buffer.readline(1 << 16))
        return lambda: sys.stdin.readline(1 << 16).encode("utf-8")
    return lambda: os.read(fd, 1 << 16)


def whole_input(path: str) -> bool:
    """Whether input ``path`` (``-``: stdin) is a regular file: all there to be read, where a
    pipe, a terminal or a device may bring more only later (a reader may then read ahead)."""
    import stat

    try:
        fd = stdin_fd() if path == "-" else None
        mode = os.stat(path).st_mode if fd is None else os.fstat(fd).st_mode if fd >= 0 else 0
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(mode)


def stdin_is_terminal() -> bool:
    """True when stdin is a terminal (nothing piped in)."""
    try:
        return bool(sys.stdin.isatty())
    except (AttributeError, ValueError):
        return False


class PrefixedStream:
    """A binary stream: ``head`` (already read from ``rest``), then the rest of ``rest``."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        self.head, self.rest = head, rest

    def read(self, size: int = -1) -> bytes:
        if self.head:
            data, self.head = (self.head, b"") if size < 0 else (self.head[:size], self.head[size:])
            return data
        return self.rest.read(size)

    def read1(self, size: int = -1) -> bytes:
        read1 = getattr(self.rest, "read1", None)
        return self.read(size) if self.head or read1 is None else bytes(read1(size))

    def seekable(self) -> bool:
        return False

    def fileno(self) -> int:
        return self.rest.fileno()

    def close(self) -> None:
        pass


def open_records(path: str, fmt: str | None = None, stdin_head: bytes | None = None
                 ) -> tuple[Iterator[Board | BridgeError], str, str]:
    """The records of FILE (or ``-``), its name and format, as :func:`read_records` gives them,
    for a caller that already read ``stdin_head`` from stdin (to tell boards from result
    lines): the records start with those bytes.

    Raises:
        ParseError: for an empty input (``no boards``), text that is not boards, an unknown format.
        OSError: for a file that cannot be opened.
    """
    if stdin_head is None:
        stream, source = open_input(path)
    else:  # stdin without a file descriptor (a test runner's) was read a line at a time: read the rest alike
        import io

        rest = sys.stdin.buffer if stdin_fd() >= 0 else io.BytesIO(sys.stdin.read().encode("utf-8"))
        stream, source = cast("IO[bytes]", PrefixedStream(stdin_head, rest)), "<stdin>"
    return _closing_stream_records(stream, source, path, fmt, empty="error")
