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
        stdin_hint()
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

    The records are read lazily, a piece of the file at a time, as they are
    asked for (see :mod:`bridgecli.formats.stream`); a file that turns out to be
    binary further on raises ParseError then.

    Returns ``(records, source_name, format)``. With ``skip_empty`` a file of
    nothing but white space gives no records (and format ``""``) instead of the
    format's "empty input" error. Raises ParseError if the file cannot be read
    or its format is unknown.
    """
    from bridgecli.formats import resolve_format
    from bridgecli.formats.stream import iter_file, peek, text_chunks

    fp, source = open_input(infile)
    try:
        head, chunks = peek(text_chunks(fp, source))
        if skip_empty and not head.strip():
            close_input(fp)
            return iter(()), source, ""
        name = resolve_format(infile, head, fmt)
        records = iter_file(chunks, name, source)
    except BaseException:
        close_input(fp)
        raise
    return closing_records(records, fp), source, name


def open_input(path: str) -> tuple[IO[bytes], str]:
    """FILE or ``-`` (stdin) opened for reading bytes, and the name to give it in messages."""
    if path == "-":
        buffer = stdin_buffer()  # a closed stdin is an error naming it
        stdin_hint()
        return buffer, "<stdin>"
    return open(path, "rb"), path


def close_input(fp: IO[bytes]) -> None:
    if fp is not getattr(sys.stdin, "buffer", None):
        fp.close()


def closing_records(records: Iterator[Board | BridgeError], fp: IO[bytes]) -> Iterator[Board | BridgeError]:
    """``records``, then ``fp`` closed (also when the reader stops early)."""
    try:
        yield from records
    finally:
        close_input(fp)


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
    """Context manager for ``-o``: where the output goes, and when.

    * ``None`` or ``-``: stdout.
    * A regular file or a new path: a temp file beside it, renamed over it when
      the block ends normally (or by ``ctx.exit`` with 0 or 1: the input was
      read), removed otherwise (an exception, exit 2, an interrupt): a failed
      run never replaces the target, and ``-o`` may name the input file. The
      file keeps its permission bits (and, where allowed, owner); a new one
      gets 0666 less the umask.
    * A symlink: the same for the file it points to (created if missing); the
      link stays.
    * A character or block device (``/dev/null``), FIFO or Unix socket: opened
      and written directly, as the shell's ``>`` would; never replaced or
      removed. Output written before a failure has then gone out already.
    """

    def __init__(self, path: str | None, *, binary: bool = False) -> None:
        self.path = None if path in (None, "-") else path
        self.binary = binary
        self._tmp: str | None = None
        self._target: str | None = None
        self._fp: IO[Any] | None = None

    def _error(self, exc: OSError) -> Exception:
        # name the file asked for, not the temporary one beside it
        from bridgecli.cli import BridgeCliError

        return BridgeCliError(f"cannot write {self.path!r}: {exc.strerror or exc}")

    def __enter__(self) -> IO[Any]:
        if self.path is None:
            self._fp = sys.stdout.buffer if self.binary else sys.stdout
            return self._fp
        import stat

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
        from bridgecli.cli import interrupts

        self._target = target
        try:
            fd, self._tmp = tempfile.mkstemp(prefix=".bridgecli-", dir=os.path.dirname(target))
        except OSError as exc:
            raise self._error(exc) from exc
        interrupts.add_temp_file(self._tmp)
        self._fp = os.fdopen(fd, "wb" if self.binary else "w", encoding=None if self.binary else "utf-8",
                             newline=None if self.binary else "")
        return self._fp

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
            raw = os.fdopen(os.open(self.path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0)), "wb")
        if self.binary:
            return raw
        import io

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
            return
        from bridgecli.cli import interrupts

        tmp, target = self._tmp, self._target
        assert target is not None
        succeeded = exc_type is None or (isinstance(exc, click.exceptions.Exit) and exc.exit_code in (0, 1))
        try:
            self._fp.close()
            if succeeded:
                _copy_mode(target, tmp)
                os.replace(tmp, target)
        except BaseException:
            # a failed close (disk full), or an interrupt right now: keep the old target
            _unlink(tmp)
            raise
        finally:
            if not succeeded:
                _unlink(tmp)
            interrupts.remove_temp_file(tmp)


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
    os.chmod(tmp, st.st_mode & 0o7777)


def records_done(code: int, keep_going: bool | None = None, output: str | None = None) -> int:
    """The exit code of a run over records, decided inside its :class:`AtomicOutput` block
    (or before ``-o`` is opened).

    ``code`` 2 means some record could not be read: the run then ends here with
    exit 2, so that ``-o`` keeps its old content (stdout has had the rest already;
    an ``output`` FILE named is said to be left alone), unless ``keep_going``
    (``--keep-going``; None: that option of the running command), which writes
    what was read and gives exit 1, as ``convert --skip-bad`` and ``score
    --keep-going`` do. Other codes are returned as they are.
    """
    from bridgecli.cli import ExitCode

    if code < ExitCode.USAGE:
        return code
    if keep_going is None:
        ctx = click.get_current_context(silent=True)
        keep_going = bool(ctx is not None and ctx.params.get("keep_going"))
    if not keep_going:
        if output not in (None, "-"):
            click.echo(f"bridgecli: error: {output} not written: some input could not be read"
                       " (--keep-going writes the rest)", err=True)
        raise click.exceptions.Exit(code)
    return int(ExitCode.RULES)


def keep_going_option(f: F) -> F:
    """``--keep-going``: records that cannot be read are reported and skipped, the rest is written (exit 1)."""
    return click.option(
        "--keep-going", is_flag=True,
        help="Skip records that cannot be read (reported on stderr), write the rest even to -o FILE, exit 1.",
    )(f)


def output_option(f: F) -> F:
    """``-o/--output FILE``: write there atomically instead of stdout."""
    return click.option(
        "-o", "--output", "output", type=click.Path(dir_okay=False, writable=True, allow_dash=True),
        default=None, help="Write to FILE (atomically) instead of stdout; a known extension picks the format.",
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
        if isinstance(ctx.obj, dict) and "lang_code" in ctx.obj and "lang" not in ctx.obj:
            from bridgecli.core.notation import get_language

            ctx.obj["lang"] = get_language(ctx.obj["lang_code"])  # loaded on first use (start-up time)
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


#: The format each ``-o`` extension names; ``text`` is a command's text output.
OUTPUT_EXTENSIONS = {
    ".pbn": "pbn", ".yaml": "yaml", ".yml": "yaml", ".json": "json", ".jsonl": "json", ".ndjson": "json",
    ".lin": "lin", ".txt": "text", ".html": "html", ".htm": "html", ".svg": "svg",
}


def output_format(output: str | None, chosen: str | None, writes: tuple[str, ...], default: str | None = None,
                  *, option: str = "--format") -> str | None:
    """The format to write to ``-o OUTPUT``: the one rule of every command with ``-o``.

    ``chosen`` (what ``--format``/``--to``/``--json`` said) wins. Else the
    extension of OUTPUT picks the format when it is one of ``writes`` (the
    formats the command can write); stdout, a name without extension, a folder
    and a device or FIFO take ``default`` (which may be None: no format).
    ``option`` names the option that would say what to write, for the error.

    Raises BridgeCliError (exit 2, one line) for an extension that names no
    format, or one this command does not write.
    """
    if chosen:
        return chosen.lower()
    if output in (None, "-"):
        return default
    assert output is not None
    ext = os.path.splitext(output)[1].lower()
    if not ext or (os.path.exists(output) and not os.path.isfile(output)):
        return default
    from bridgecli.cli import BridgeCliError

    fmt = OUTPUT_EXTENSIONS.get(ext)
    if fmt is not None and fmt in writes:
        return fmt
    known = ", ".join(e for e, f in OUTPUT_EXTENSIONS.items() if f in writes)
    ctx = click.get_current_context(silent=True)
    command = ctx.info_name if ctx is not None and ctx.info_name else "this command"
    what = f"{command} does not write {fmt} ({ext})" if fmt is not None else f"unknown extension {ext!r}"
    raise BridgeCliError(f"-o {output}: {what}; use {known}" + (f", or give {option}" if option else ""))


#: What a command waits for on stdin, for :func:`stdin_hint` (boards by default).
STDIN_EXPECTS = {
    "deal": "a dealer script",
    "score": "results, one a line (4S= --vul none)",
    "rubber": "results, one a line (2S= -d N), or boards",
    "validate-auction": "boards (PBN, YAML, JSON or LIN; --dealer and --calls for one auction)",
    "play": "boards (PBN, YAML, JSON or LIN; --deal for one inline board)",
}


def stdin_hint() -> None:
    """Say on stderr what the running command waits for, and how to end the input,
    when it is about to read stdin and stdin is a terminal (else it would wait in silence)."""
    try:
        if not sys.stdin.isatty():
            return
    except (AttributeError, ValueError):
        return
    ctx = click.get_current_context(silent=True)
    name = ctx.info_name if ctx is not None and ctx.info_name else ""
    what = STDIN_EXPECTS.get(name, "boards (PBN, YAML, JSON or LIN)")
    click.echo(f"bridgecli {name}: reading {what} from the terminal; end with Ctrl-D,"
               f" or give FILE (bridgecli {name} --help)", err=True)


#: Problems of one file reported on stderr before the rest are only counted (a file
#: read with the wrong --from would otherwise give an error a line).
REPORT_LIMIT = 5


def report_capped(line: str, source: str | None) -> None:
    """Echo ``line``, one problem of the file ``source``, on stderr; past
    :data:`REPORT_LIMIT` problems of that file only count them, and say how many
    more there were when the command ends."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        click.echo(line, err=True)
        return
    counts: dict[str, int] = ctx.meta.setdefault("bridgecli.reported", {})
    key = source or "<input>"
    counts[key] = counts.get(key, 0) + 1
    if counts[key] <= REPORT_LIMIT:
        click.echo(line, err=True)
    elif counts[key] == REPORT_LIMIT + 1:

        def say_hidden() -> None:
            hidden = counts[key] - REPORT_LIMIT
            click.echo(f"bridgecli: {key}: {hidden} more error{'s' * (hidden != 1)} not shown", err=True)

        ctx.call_on_close(say_hidden)


def _set_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is None:
        return
    from bridgecli.core.errors import BridgeError
    from bridgecli.core.notation import get_language

    try:
        language = get_language(value)
    except BridgeError as exc:
        raise click.BadParameter(str(exc), ctx=ctx, param=param) from exc
    # a copy for this command (and its children): the group's object stays as it was
    ctx.obj = {**(ctx.obj if isinstance(ctx.obj, dict) else {}), "lang": language}


def add_lang_option(command: click.Command) -> click.Command:
    """Give ``command`` its own ``--lang``, so that ``bridgecli show --lang pl FILE``
    works as ``bridgecli --lang pl show FILE`` does (the one after the command wins)."""
    if not any(p.name == "lang" for p in command.params):
        command.params.append(click.Option(
            ["--lang"], metavar="en|pl|hu", default=None, expose_value=False, is_eager=True, callback=_set_lang,
            help="Language of text output and of ambiguous input: en, pl, hu; as bridgecli --lang LANG COMMAND."))
    return command


# -- --board N, 1-4,7 -------------------------------------------------------------


class BoardNumbers:
    """The board numbers ``--board`` asked for, kept as ranges (``1-1000000000`` costs nothing).

    Supports ``n in numbers``; false when no board was asked for (then every board is wanted).
    """

    def __init__(self, ranges: list[tuple[int, int]]) -> None:
        self.ranges = ranges
        """Inclusive ``(first, last)`` ranges."""

    def __contains__(self, number: object) -> bool:
        return isinstance(number, int) and any(lo <= number <= hi for lo, hi in self.ranges)

    def __bool__(self) -> bool:
        return bool(self.ranges)

    def __str__(self) -> str:
        return ",".join(str(lo) if lo == hi else f"{lo}-{hi}" for lo, hi in self.ranges)

    def single(self) -> int | None:
        """The one board number asked for; None when none was. Raises click.BadParameter
        for a range or several numbers (where only one board can be meant)."""
        if not self.ranges:
            return None
        if len(self.ranges) == 1 and self.ranges[0][0] == self.ranges[0][1]:
            return self.ranges[0][0]
        raise click.BadParameter(f"one board number here, not {str(self)!r}", param_hint="--board")


def parse_board_numbers(specs: tuple[str, ...]) -> BoardNumbers:
    """Board numbers from ``--board`` values: ``3``, ``1-4,7``, several options.

    Raises click.BadParameter for anything else (also a value with no number in it, ``,``).
    """
    ranges: list[tuple[int, int]] = []
    for spec in specs:
        parts = [part for part in spec.replace(" ", "").split(",") if part]
        if not parts:
            raise click.BadParameter(f"not a board number or range: {spec!r}", param_hint="--board")
        for part in parts:
            lo, dash, hi = part.partition("-")
            try:
                first = int(lo)
                last = int(hi) if dash else first
            except ValueError:
                raise click.BadParameter(f"not a board number or range: {part!r}", param_hint="--board") from None
            if first < 1 or last < first:
                raise click.BadParameter(f"not a board number or range: {part!r}", param_hint="--board")
            ranges.append((first, last))
    return BoardNumbers(ranges)


def board_option(f: F) -> F:
    """``-b/--board N``: only these boards (``3``, ``1-4,7``; repeatable); read with
    :func:`parse_board_numbers`."""
    return click.option("-b", "--board", "board_specs", multiple=True, metavar="N",
                        help="Only these boards: 3, 1-4,7; may be repeated.")(f)


def usable_cores() -> int:
    """Cores this process may run on: its CPU affinity where the system has one, else the count."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def cap_jobs(jobs: int | None, option: str = "--jobs") -> int | None:
    """``jobs`` lowered to :func:`usable_cores` (with a note on stderr when lowered); None stays None."""
    if jobs is None:
        return None
    cores = usable_cores()
    if jobs <= cores:
        return jobs
    click.echo(f"bridgecli: note: {option} {jobs:,} lowered to {cores}, the cores available", err=True)
    return cores


def report(ctx: click.Context, exc: BridgeError) -> int:
    """Print a record that could not be read as ``bridgecli: error: FILE:LINE: ...``
    (re-raise it under ``--debug``) and return the exit code: always 2, since a
    file holding it (bad notation, or a deal such as a 14-card hand) is not a
    valid file of its format.
    """
    if ctx.find_root().params.get("debug"):
        raise exc
    from bridgecli.cli import ExitCode, error_from

    report_capped(f"bridgecli: error: {error_from(exc).format_message()}", exc.source)
    return ExitCode.USAGE


def where_error(exc: ParseError, text: str, option: str) -> click.ClickException:
    """The usage error (exit 2) for a dealer-language expression given to ``option``
    (``--where``, ``--stats``) that does not parse: the message and a caret under
    its column, as ``deal`` and ``simulate`` both say it."""
    from bridgecli.cli import BridgeCliError, ExitCode
    from bridgecli.dealer.expr import caret

    return BridgeCliError(f"{option} {text!r}: {exc.message} (column {exc.column})\n{caret(text, 1, exc.column)}",
                          ExitCode.USAGE)


# -- stdin as it arrives (score -) ------------------------------------------------


def stdin_fd() -> int:
    """Stdin's file descriptor, -1 when it has none (a test runner's stream)."""
    try:
        return sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return -1


def stdin_reader() -> Callable[[], bytes]:
    """A function reading what stdin has now, ``b""`` at its end (a line at a time when
    stdin has no file descriptor)."""
    fd = stdin_fd()
    if fd < 0:
        return lambda: sys.stdin.readline().encode("utf-8")
    return lambda: os.read(fd, 1 << 16)


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
