"""What the commands share (the one home of shared CLI code): reading FILE or ``-``,
atomic ``-o``, exit codes of a run over records, error reporting, ``--jobs``; the shared
click options (:mod:`.options`), the ``--variant`` mode (:mod:`.variants`) and the hand
record of ``show``/``solve`` (:mod:`.hand_records`)."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import IO, TYPE_CHECKING

import click

from bridgecli import output
from bridgecli.cli.common.options import FORMAT_NAMES as FORMAT_NAMES
from bridgecli.cli.common.options import BoardNumbers as BoardNumbers
from bridgecli.cli.common.options import Count as Count
from bridgecli.cli.common.options import add_lang_option as add_lang_option
from bridgecli.cli.common.options import board_option as board_option
from bridgecli.cli.common.options import check_result_words as check_result_words
from bridgecli.cli.common.options import find_variant_option as find_variant_option
from bridgecli.cli.common.options import format_option as format_option
from bridgecli.cli.common.options import get_lang as get_lang
from bridgecli.cli.common.options import input_argument as input_argument
from bridgecli.cli.common.options import json_option as json_option
from bridgecli.cli.common.options import keep_going_option as keep_going_option
from bridgecli.cli.common.options import output_option as output_option
from bridgecli.cli.common.options import parse_board_numbers as parse_board_numbers
from bridgecli.cli.common.options import parse_line_options as parse_line_options
from bridgecli.cli.common.options import table_style_option as table_style_option
from bridgecli.cli.common.options import variant_option as variant_option
from bridgecli.core.errors import ParseError
from bridgecli.executors import streaming_gc as streaming_gc
from bridgecli.executors import usable_cores as usable_cores
from bridgecli.formats import inputs
from bridgecli.formats.inputs import close_input as close_input
from bridgecli.formats.inputs import stdin_buffer as stdin_buffer
from bridgecli.formats.inputs import whole_input as whole_input

if TYPE_CHECKING:
    from collections.abc import Iterator

    from bridgecli.core.board import Board
    from bridgecli.core.errors import BridgeError



def read_text(path: str) -> tuple[str, str]:
    """:func:`bridgecli.formats.inputs.read_text`, saying what the command waits for when stdin is a terminal."""
    return inputs.read_text(path, on_stdin=stdin_hint)


def read_records(
    infile: str, fmt: str | None, skip_empty: bool = False
) -> tuple[Iterator[Board | BridgeError], str, str]:
    """:func:`bridgecli.formats.inputs.read_records`, with the :func:`stdin_hint` at a terminal."""
    return inputs.read_records(infile, fmt, skip_empty, on_stdin=stdin_hint)


def open_input(path: str) -> tuple[IO[bytes], str]:
    """:func:`bridgecli.formats.inputs.open_input`, with the :func:`stdin_hint` at a terminal."""
    return inputs.open_input(path, on_stdin=stdin_hint)


class AtomicOutput(output.AtomicOutput):
    """:class:`bridgecli.output.AtomicOutput` for ``-o``: ``-`` is stdout; a block ended by
    ``ctx.exit`` with 0 or 1 (the input was read) keeps its output, one with 2 does not;
    a target that cannot be written is the one-line error ``cannot write 'FILE': ...`` (exit 2).
    """

    def __init__(self, path: str | None, *, binary: bool = False) -> None:
        super().__init__(None if path == "-" else path, binary=binary)

    def _error(self, exc: OSError) -> Exception:
        from bridgecli.cli import BridgeCliError

        return BridgeCliError(f"cannot write {self.path!r}: {exc.strerror or exc}")

    def _succeeded(self, exc_type: type[BaseException] | None, exc: BaseException | None) -> bool:
        return exc_type is None or (isinstance(exc, click.exceptions.Exit) and exc.exit_code in (0, 1))


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
OUTPUT_EXTENSIONS: Mapping[str, str] = {
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
STDIN_EXPECTS: Mapping[str, str] = {
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






# -- --board N, 1-4,7 -------------------------------------------------------------








def cap_jobs(jobs: int | None, option: str = "--jobs") -> int | None:
    """``jobs`` lowered to :func:`usable_cores` (with a note on stderr when lowered); None stays None."""
    if jobs is None:
        return None
    cores = usable_cores()
    if jobs <= cores:
        return jobs
    note(f"{option} {jobs:,} lowered to {cores}, the cores available")
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


# -- result lines and --variant (score, rubber, and the commands that take --variant) ------------


def echo_warning(message: str, kind: str = "warning") -> None:
    """Print a library warning's text as ``bridgecli: warning: ...`` (``kind``: or ``note``)
    on stderr, in the ``--lang`` of the command where a translation table reads it."""
    from bridgecli.cli import localise
    from bridgecli.core.errors import visible

    click.echo(f"bridgecli: {kind}: {visible(localise(message))}", err=True)


def note(message: str) -> None:
    """``bridgecli: note: ...`` on stderr, as :func:`echo_warning` prints a warning."""
    echo_warning(message, "note")
