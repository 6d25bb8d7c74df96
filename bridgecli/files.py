"""Files in and out: reading FILE or stdin as boards or text, and writing atomically.

What every command does with its ``FILE`` argument and its ``-o`` target, for
Python callers too (:func:`bridgecli.write` writes through :class:`AtomicOutput`):

* :func:`read_records`, :func:`read_text`, :func:`open_input`: a path, or ``-``
  for stdin, read as bytes and decoded as :func:`decode_bytes` says (UTF-8,
  else Latin-1, PBN's own charset; binary input is a ParseError);
* :class:`AtomicOutput`: a regular file replaced atomically (temp file beside
  it, then rename; mode kept), a device, FIFO or socket written directly, a
  symlink's target replaced and the link kept.

Importing this module costs only the standard library (the format readers are
loaded when records are read), so that every command may import it at start.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Iterator
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any, Literal, cast

from bridgecli.core.errors import ParseError

if TYPE_CHECKING:
    from bridgecli.core.board import Board
    from bridgecli.core.errors import BridgeError

#: Temp files of :class:`AtomicOutput` blocks still open (the CLI's signal handling
#: removes them when it must end the process at once).
TEMP_FILES: set[str] = set()

STDIN = "-"
"""The path that names stdin (for reading) or stdout (for the CLI's ``-o``)."""


# -- reading ---------------------------------------------------------------------------


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


# -- writing ---------------------------------------------------------------------------


class AtomicOutput:
    """Context manager for an output target: where the output goes, and when.

    * ``None``: stdout.
    * A regular file or a new path: a temp file beside it, renamed over it when
      the block ends normally, removed otherwise (an exception, an interrupt):
      a failed run never replaces the target, and the target may be the input
      file. The file keeps its permission bits (and, where allowed, owner) but
      set-user-ID, and set-group-ID where the group may execute it, which a
      write clears; a new one gets 0666 less the umask.
    * A symlink: the same for the file it points to (created if missing); the
      link stays.
    * A character or block device (``/dev/null``), FIFO or Unix socket: opened
      and written directly, as the shell's ``>`` would; never replaced or
      removed. Output written before a failure has then gone out already.

    Text is written as UTF-8 with ``\\n`` line ends; ``binary=True`` gives a
    byte stream. Entering raises OSError (naming the path asked for, not the
    temp file) when the target cannot be written, also for a directory, a name
    ending in ``/`` and an empty name. A write or the final flush that fails (a
    full disk) raises OSError naming the path too, and the temp file is removed.

    Example::

        with AtomicOutput("record.pbn") as fp:
            fp.write(text)
    """

    def __init__(self, path: str | os.PathLike[str] | None, *, binary: bool = False) -> None:
        self.path = None if path is None else os.fspath(path)
        """The target; None for stdout."""
        self.binary = binary
        """Bytes rather than text."""
        self._tmp: str | None = None
        self._target: str | None = None
        self._fp: IO[Any] | None = None
        self._raised: list[OSError] = []

    def _error(self, exc: OSError) -> Exception:
        """The exception for a target that cannot be written (the CLI words it as one line)."""
        return type(exc)(exc.errno, exc.strerror or str(exc), self.path)

    def _succeeded(self, exc_type: type[BaseException] | None, exc: BaseException | None) -> bool:
        """Whether a block that ended so has its output kept (the target replaced)."""
        return exc_type is None

    def __enter__(self) -> IO[Any]:
        if self.path is None:
            self._fp = sys.stdout.buffer if self.binary else sys.stdout
            return self._fp
        import errno
        import stat

        if not self.path:  # realpath("") is the working folder: the temp file would go into its parent
            raise self._error(FileNotFoundError(errno.ENOENT, "No such file or directory"))
        if self.path.endswith(("/", os.sep)):  # a folder's name, existing or not (as the shell's > says)
            raise self._error(IsADirectoryError(errno.EISDIR, "Is a directory"))

        try:
            st: os.stat_result | None = os.stat(self.path)  # through symlinks
        except FileNotFoundError:
            st = None  # a new file, or a dangling symlink: its target is created
        except OSError as exc:
            raise self._error(exc) from exc
        target = os.path.realpath(self.path)
        if st is not None and stat.S_ISDIR(st.st_mode):
            raise self._error(IsADirectoryError(21, "is a directory"))
        fd = _fd_path(self.path)
        if st is not None and (fd is not None or not stat.S_ISREG(st.st_mode) or target.startswith("/proc/")):
            # a device, FIFO or socket (or /dev/stdout and the like): write to it directly
            try:
                self._fp = self._open_direct(stat.S_ISSOCK(st.st_mode), fd)
            except OSError as exc:
                raise self._error(exc) from exc
            return self._fp
        self._target = target
        import tempfile  # here: its import costs ~20 ms, and most runs write to stdout

        try:
            fd, self._tmp = tempfile.mkstemp(prefix=".bridgecli-", dir=os.path.dirname(target))
        except OSError as exc:
            raise self._error(exc) from exc
        TEMP_FILES.add(self._tmp)
        self._fp = self._wrap(fd)
        return self._fp

    def _wrap(self, fd: int) -> IO[Any]:
        """A file object writing to ``fd`` (which it owns): text or binary, buffered, its failed writes
        naming :attr:`path` (a full disk, an I/O error), not the temp file or nothing."""
        raw = _OutputFile(fd, self._write_failed)
        buffered = io.BufferedWriter(raw)
        if self.binary:
            return buffered
        return io.TextIOWrapper(buffered, encoding="utf-8", newline="")

    def _write_failed(self, exc: OSError) -> OSError:
        """The error for a failed write to the target: ``exc`` naming :attr:`path`, remembered so
        that :meth:`__exit__` can word it as a failure of the output (:meth:`_error`)."""
        named = type(exc)(exc.errno, exc.strerror or str(exc), self.path)
        self._raised.append(named)
        return named

    def _open_direct(self, socket_path: bool, fd: int | None) -> IO[Any]:
        assert self.path is not None
        if fd is not None:
            # /dev/stdout, /dev/fd/N: the open descriptor itself, keeping its offset and append mode
            raw: IO[Any] = os.fdopen(os.dup(fd), "wb")
        elif socket_path:
            import socket

            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.connect(self.path)
            except OSError:
                sock.close()
                raise
            raw = sock.makefile("wb")
            sock.close()  # the file object keeps the connection open
        else:
            # no O_CREAT: a device that vanished meanwhile is an error, not a new regular file
            return self._wrap(os.open(self.path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0)))
        if self.binary:
            return raw
        return io.TextIOWrapper(raw, encoding="utf-8", newline="")

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self.path is None:
            if self._fp is not None:
                try:
                    self._fp.flush()
                except BrokenPipeError:
                    pass
            return
        assert self._fp is not None
        if self._tmp is None:
            # written directly: nothing to rename or remove
            try:
                self._fp.close()
            except BrokenPipeError:
                if exc_type is None:
                    raise
            except OSError as err:
                if exc_type is None:
                    raise self._error(err) from None
            self._raise_named(exc)
            return
        tmp, target = self._tmp, self._target
        assert target is not None
        succeeded = self._succeeded(exc_type, exc)
        replaced = False
        try:
            try:
                self._fp.close()
            except OSError as err:
                if succeeded:  # a full disk, found when the last of the output is written
                    raise self._error(err) from None
            if succeeded:
                _copy_mode(target, tmp)
                try:
                    os.replace(tmp, target)
                except OSError as err:
                    raise self._error(err) from None
                replaced = True
        finally:
            # a failed run, a failed close or rename, or an interrupt right now: keep the old target
            if not replaced:
                _unlink(tmp)
            TEMP_FILES.discard(tmp)
        self._raise_named(exc)

    def _raise_named(self, exc: BaseException | None) -> None:
        """Word a failed write of the block's output (:meth:`_write_failed`) as :meth:`_error` does."""
        for raised in self._raised:
            if exc is raised and not isinstance(raised, BrokenPipeError):
                raise self._error(raised) from raised


#: The system's write under :class:`_OutputFile` (the tests put a full disk in its place).
_raw_write = io.FileIO.write


class _OutputFile(io.FileIO):
    """The raw file under an :class:`AtomicOutput`'s stream: a write that fails raises what
    ``failed`` makes of the error (the same error naming the output)."""

    def __init__(self, fd: int, failed: Callable[[OSError], OSError]) -> None:
        super().__init__(fd, "wb")
        self._failed = failed

    def write(self, data: Any, /) -> int:
        try:
            return _raw_write(self, data)
        except BlockingIOError:
            raise  # the buffer above deals with it
        except OSError as exc:
            raise self._failed(exc) from None


def _fd_path(path: str) -> int | None:
    """The descriptor named by ``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N`` or ``/proc/self/fd/N``, else None."""
    for prefix in ("/dev/fd/", "/proc/self/fd/"):
        if path.startswith(prefix) and path[len(prefix):].isdigit() and path[len(prefix):].isascii():
            return int(path[len(prefix):])
    return {"/dev/stdout": 1, "/dev/stderr": 2}.get(path)


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _copy_mode(target: str, tmp: str) -> None:
    """Give ``tmp`` the permission bits (and owner, where allowed) of ``target``, or for a
    new file 0666 less the umask (mkstemp made it 0600)."""
    try:
        st = os.stat(target)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        return
    if hasattr(os, "chown") and (st.st_uid, st.st_gid) != (os.getuid(), os.getgid()):
        try:
            os.chown(tmp, st.st_uid, st.st_gid)
        except OSError:
            pass  # not root: the file becomes ours, as with any editor's save
    os.chmod(tmp, _kept_mode(st.st_mode))


def _kept_mode(mode: int) -> int:
    """The permission bits new content keeps of a file's ``mode``: all but set-user-ID, and
    set-group-ID where the group may execute it, which the kernel clears when a file is written
    (without it, set-group-ID marks mandatory locking, and stays)."""
    import stat

    kept = mode & 0o7777 & ~stat.S_ISUID
    if kept & stat.S_IXGRP:
        kept &= ~stat.S_ISGID
    return kept
