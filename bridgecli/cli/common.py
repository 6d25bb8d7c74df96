"""What every command shares: reading FILE or ``-``, atomic ``-o``, format options."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any, TypeVar

import click

from bridgecli.core.errors import ParseError

if TYPE_CHECKING:
    from collections.abc import Iterator

    from bridgecli.core.board import Board
    from bridgecli.core.errors import BridgeError
    from bridgecli.core.notation import Language

F = TypeVar("F", bound=Callable[..., Any])

FORMAT_NAMES = ("pbn", "yaml", "json", "lin")


def read_text(path: str) -> tuple[str, str]:
    """Read FILE or ``-`` (stdin) as text: UTF-8, else Latin-1 (PBN's own charset).

    Returns ``(text, source_name)``. Raises ParseError for binary input
    (NUL bytes) and OSError for unreadable files.
    """
    if path == "-":
        data = stdin_buffer().read()
        source = "<stdin>"
    else:
        with open(path, "rb") as fp:
            data = fp.read()
        source = path
    return decode_bytes(data, source), source


def stdin_buffer() -> IO[bytes]:
    """The byte stream of stdin. Raises ParseError when there is none (``<&-``)."""
    stream = sys.stdin
    buffer: IO[bytes] | None = getattr(stream, "buffer", None) if stream is not None else None
    if buffer is None:
        raise ParseError("stdin is closed: give a FILE, or pipe the input in", source="<stdin>")
    return buffer


def read_records(
    infile: str, fmt: str | None, skip_empty: bool = False
) -> tuple[Iterator[Board | BridgeError], str, str]:
    """The records (boards, or errors for bad ones) of FILE or ``-`` in the format
    ``fmt`` or the one its name or content shows.

    Returns ``(records, source_name, format)``. With ``skip_empty`` a file of
    nothing but white space gives no records (and format ``""``) instead of the
    format's "empty input" error. Raises ParseError if the file cannot be read
    or its format is unknown.
    """
    from bridgecli.formats import iter_records, resolve_format

    text, source = read_text(infile)
    if skip_empty and not text.strip():
        return iter(()), source, ""
    name = resolve_format(infile, text, fmt)
    return iter_records(text, name, source), source, name


def decode_bytes(data: bytes, source: str) -> str:
    """Decode input bytes: strip a UTF-8 BOM, try UTF-8 then Latin-1; reject binary."""
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise ParseError("binary data (a NUL byte), not a text file", source=source, line=line)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    bad = sum(1 for ch in text if ord(ch) < 32 and ch not in "\t\r\n\f\v" or 0x7F <= ord(ch) < 0xA0)
    if bad > max(4, len(text) // 100):
        raise ParseError("binary data, not a text file", source=source, line=1)
    return text


class AtomicOutput:
    """Context manager: stdout for ``None``/``-``, else a temp file renamed over
    ``path`` on success and removed on failure, so a failed run never truncates
    the output and ``-o`` may name the input file.
    """

    def __init__(self, path: str | None, *, binary: bool = False) -> None:
        self.path = None if path in (None, "-") else path
        self.binary = binary
        self._tmp: str | None = None
        self._fp: IO[Any] | None = None

    def __enter__(self) -> IO[Any]:
        if self.path is None:
            self._fp = sys.stdout.buffer if self.binary else sys.stdout
            return self._fp
        directory = os.path.dirname(os.path.abspath(self.path))
        try:
            fd, self._tmp = tempfile.mkstemp(prefix=".bridgecli-", dir=directory)
        except OSError as exc:
            # name the file asked for, not the temporary one beside it
            from bridgecli.cli import BridgeCliError

            raise BridgeCliError(f"cannot write {self.path!r}: {exc.strerror or exc}") from exc
        self._fp = os.fdopen(fd, "wb" if self.binary else "w", encoding=None if self.binary else "utf-8",
                             newline=None if self.binary else "")
        return self._fp

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self.path is None:
            if self._fp is not None:
                try:
                    self._fp.flush()
                except BrokenPipeError:
                    pass
            return
        assert self._fp is not None and self._tmp is not None
        self._fp.close()
        if exc_type is None:
            if os.path.exists(self.path):
                try:
                    os.chmod(self._tmp, os.stat(self.path).st_mode & 0o7777)
                except OSError:
                    pass
            else:
                os.chmod(self._tmp, 0o644)
            os.replace(self._tmp, self.path)
        else:
            os.unlink(self._tmp)


def output_option(f: F) -> F:
    """``-o/--output FILE``: write there atomically instead of stdout."""
    return click.option(
        "-o", "--output", "output", type=click.Path(dir_okay=False, writable=True, allow_dash=True),
        default=None, help="Write to FILE (atomically) instead of stdout.",
    )(f)


def json_option(f: F) -> F:
    """``--json``: machine-readable output, one JSON object a record a line."""
    return click.option("--json", "as_json", is_flag=True, help="Machine-readable JSON output.")(f)


def input_argument(f: F) -> F:
    """``FILE`` argument defaulting to ``-`` (stdin)."""
    return click.argument("infile", metavar="FILE", default="-", type=click.Path(allow_dash=True))(f)


def format_option(name: str = "--from", help: str = "Input format (default: from extension or content).") -> Callable[[F], F]:
    """A ``--from``/``--to``/``--format`` choice of pbn, yaml, json, lin."""

    def deco(f: F) -> F:
        return click.option(name, type=click.Choice(FORMAT_NAMES, case_sensitive=False), default=None, help=help)(f)

    return deco


def get_lang(ctx: click.Context | None = None) -> Language:
    """The Language chosen with the group's ``--lang`` (English by default)."""
    from bridgecli.core.notation import ENGLISH

    ctx = ctx or click.get_current_context(silent=True)
    while ctx is not None:
        if isinstance(ctx.obj, dict) and "lang" in ctx.obj:
            lang: Language = ctx.obj["lang"]
            return lang
        ctx = ctx.parent
    return ENGLISH


def quiet_stdout() -> None:
    """The reader of stdout went away (``| head``): send the rest to /dev/null so
    that the command ends quietly with its own exit code (click would exit 1).
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    finally:
        os.close(devnull)


def stdout_is_terminal() -> bool:
    """True when stdout is a terminal (a person reads it), False in a pipe or file."""
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False
