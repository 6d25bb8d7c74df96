"""The ``bridgecli`` command group: lazy sub-commands, one error path, exit codes.

Sub-command modules are imported only when their command runs, so that
``bridgecli score 4S=`` pays for click and the scoring core and nothing else.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
from collections.abc import Iterator, Mapping
from enum import IntEnum
from typing import TYPE_CHECKING, Any

import click

from bridgecli.cli.interrupts import entry as entry  # the script's entry point: main(), ended quickly
from bridgecli.version import __version__

if TYPE_CHECKING:
    # the core is imported when a command runs, not for `bridgecli --help` (start-up time)
    from bridgecli.core.errors import BridgeError


class ExitCode(IntEnum):
    """Process exit codes of every command."""

    OK = 0
    """All input read and within the rules."""
    RULES = 1
    """Input read fine but breaks the rules (illegal call, revoke, mismatch, no deal found)."""
    USAGE = 2
    """Usage error, or input that is not readable or not valid notation."""
    INTERRUPTED = 130
    """Stopped by Ctrl-C (SIGTERM and SIGHUP give 128 + their number, 143 and 129)."""


#: name -> (module under bridgecli.cli, attribute, one-line help: here so that --help imports no command).
COMMANDS: Mapping[str, tuple[str, str, str]] = {
    "convert": ("convert", "convert", "Convert boards between PBN, YAML, JSON and LIN."),
    "show": ("show", "show", "Draw hand diagrams, auctions and results."),
    "deal": ("deal", "deal", "Deal boards, at random or to constraints."),
    "validate-auction": ("validate_auction", "validate_auction", "Check auctions against the Laws."),
    "play": ("play", "play", "Replay and check the play of boards."),
    "score": ("score", "score", "Score contracts (duplicate), IMPs and events."),
    "rubber": ("rubber", "rubber", "Keep a rubber bridge or Chicago score sheet."),
    "solve": ("solve", "solve", "Double-dummy tables, par and leads (needs bridgecli[dds])."),
    "simulate": ("simulate", "simulate", "Compare contracts and leads by double-dummy simulation."),
    "movement": ("movement", "movement", "Movements for a duplicate evening: check them, print cards."),
    "results": ("results", "results", "A duplicate session's results: text, JSON or a static site."),
}


def localise(message: str, ctx: click.Context | None = None) -> str:
    """``message`` (an English error text, perhaps ``FILE:LINE: ...``) in the
    language of the group's ``--lang`` (``Language.translate_error``); unchanged
    in English or outside a command."""
    ctx = ctx or click.get_current_context(silent=True)
    if ctx is None:
        return message
    from bridgecli.cli.common import get_lang

    return str(get_lang(ctx).translate_error(message))


class BridgeCliError(click.ClickException):
    """A user-facing error: printed as ``bridgecli: error: WHERE: message``,
    the message in the ``--lang`` of the running command (:func:`localise`)."""

    def __init__(self, message: str, exit_code: int = ExitCode.USAGE) -> None:
        from bridgecli.core.errors import cut_quoted

        super().__init__(cut_quoted(localise(cut_quoted(message))))
        self.exit_code = exit_code

    def show(self, file: Any = None) -> None:
        click.echo(f"bridgecli: error: {self.format_message()}", err=True)


def error_from(exc: BridgeError) -> BridgeCliError:
    """Turn a core error into the one-line CLI error with the right exit code."""
    from bridgecli.core.errors import InvalidDealError, RuleError

    where = exc.where()
    text = f"{where}: {exc}" if where else str(exc)
    # a deal with a card twice or 14 cards is input that cannot be read: exit 2
    invalid_input = isinstance(exc, InvalidDealError)
    code = ExitCode.RULES if isinstance(exc, RuleError) and not invalid_input else ExitCode.USAGE
    return BridgeCliError(text, code)


class LazyGroup(click.Group):
    """A group whose sub-commands live in modules imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        import importlib.util

        names = []
        for name, (mod, _attr, _help) in COMMANDS.items():
            if importlib.util.find_spec(f"bridgecli.cli.{mod}") is not None:
                names.append(name)
        return names

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        mod, attr, _ = entry
        try:
            module = importlib.import_module(f"bridgecli.cli.{mod}")
        except ModuleNotFoundError as exc:
            if exc.name == f"bridgecli.cli.{mod}":
                return None
            raise
        cmd: click.Command = getattr(module, attr)
        from bridgecli.cli.common import add_lang_option

        return add_lang_option(cmd)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None,
                                                                         list[str]]:
        name = args[0]
        if name.startswith("-") or name in COMMANDS or ctx.resilient_parsing:
            return super().resolve_command(ctx, args)
        if name == "help":  # `bridgecli help [COMMAND]`, as git and pip take it
            importlib.import_module("bridgecli.cli.common.usage").show_help(self, ctx, args[1:])
        # an unknown command: one line, with the nearest names when a typo is likely
        import difflib

        from bridgecli.core.errors import cut

        close = difflib.get_close_matches(name, list(COMMANDS), n=2, cutoff=0.6)
        hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
        raise BridgeCliError(f"no such command {cut(name)!r}{hint}; see 'bridgecli --help'")

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.ClickException as exc:  # ``bridgecli --foo``: one line, as in a command
            raise importlib.import_module("bridgecli.cli.common.usage").reworded(exc, ctx)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        from bridgecli.core.errors import BridgeError

        debug = bool(ctx.params.get("debug"))
        try:
            with _read_warnings():
                return super().invoke(ctx)
        except BridgeError as exc:
            if debug:
                raise
            raise error_from(exc) from exc
        except BrokenPipeError:
            # the reader of stdout went away (`| head`): stop quietly, as cat does
            from bridgecli.cli.common import quiet_stdout

            quiet_stdout()
            ctx.exit(ExitCode.OK)
        except (UnicodeDecodeError, OSError) as exc:
            if debug:
                raise
            from bridgecli.core.errors import os_error_text

            text = os_error_text(exc)
            raise BridgeCliError(text, ExitCode.USAGE) from exc
        except click.ClickException as exc:  # a usage error on one line; echoed values cut short
            raise importlib.import_module("bridgecli.cli.common.usage").reworded(exc, ctx)
        except (click.exceptions.Exit, click.exceptions.Abort):
            raise
        except RecursionError as exc:
            if debug:
                raise
            raise BridgeCliError("input nested too deeply to read", ExitCode.USAGE) from exc
        except Exception as exc:
            # a safety net only: each reader turns bad input into a BridgeError itself,
            # and the fuzz test (tools/fuzz.py) reports any case that lands here
            if debug:
                raise
            importlib.import_module("bridgecli.cli.interrupts").raise_cause(exc)  # a signal behind it
            from bridgecli.core.errors import cut
            raise BridgeCliError(f"internal error: {type(exc).__name__}: {cut(str(exc))} "
                                 "(a bug in bridgecli: --debug shows where)", ExitCode.USAGE) from exc


@contextlib.contextmanager
def _read_warnings() -> Iterator[None]:
    """Show each ReadWarning (input read leniently) as one ``bridgecli: warning:`` line
    on stderr, every time it is issued; other warnings as Python shows them."""
    import warnings

    from bridgecli.core.errors import ReadWarning, cut_quoted, visible

    with warnings.catch_warnings():
        shown = warnings.showwarning

        def show(message: Warning | str, category: type[Warning], *args: Any, **kw: Any) -> None:
            if issubclass(category, ReadWarning):
                click.echo(f"bridgecli: warning: {visible(cut_quoted(localise(str(message))))}", err=True)
            else:
                shown(message, category, *args, **kw)

        warnings.simplefilter("always", ReadWarning)
        warnings.showwarning = show
        yield


EXAMPLES = (
    "\b\nExamples:\n"
    "  bridgecli deal -n 4 --seed 1 | bridgecli show -\n"
    "  bridgecli score 4SX-1 --vul both\n"
    '  bridgecli validate-auction --dealer N --calls "1NT P 3NT P P P"\n'
)
"""The examples at the end of ``bridgecli --help`` (run by the tests, from the repository root)."""


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXAMPLES)
# message and help as click words them: its defaults go through gettext, a search for
# message catalogues each (start-up time)
@click.version_option(__version__, prog_name="bridgecli", message="%(prog)s, version %(version)s",
                      help="Show the version and exit.")
@click.option("--debug", is_flag=True, help="Show Python tracebacks for errors.")
@click.option(
    "--lang",
    envvar="BRIDGECLI_LANG",
    default="en", show_default=True,
    metavar="en|pl|hu",
    shell_complete=lambda ctx, param, incomplete: [c for c in ("en", "pl", "hu") if c.startswith(incomplete)],
    help="Language of text output and of ambiguous input: en (English), pl (Polish), hu (Hungarian); "
         "env BRIDGECLI_LANG; may also follow the command.",
)
@click.pass_context
def cli(ctx: click.Context, debug: bool, lang: str) -> None:
    """A contract bridge toolkit for the shell.

    Each command reads FILE or - (stdin) and writes stdout or -o FILE;
    bridgecli COMMAND --help tells more.
    """
    ctx.ensure_object(dict)
    ctx.obj["debug"] = debug
    if lang == "en":
        ctx.obj["lang_code"] = lang  # get_lang() reads the notation tables when a command needs them
        return
    from bridgecli.core.errors import BridgeError
    from bridgecli.core.notation import get_language

    try:
        ctx.obj["lang"] = get_language(lang)
    except BridgeError as exc:
        env = ctx.get_parameter_source("lang") == click.core.ParameterSource.ENVIRONMENT
        raise click.BadParameter(str(exc), param_hint="BRIDGECLI_LANG" if env else "--lang") from exc


def main() -> None:
    """Runs the group and maps every ending to an exit code (the script runs it through ``entry``)."""
    from bridgecli.cli import interrupts

    interrupts.install()
    try:
        _run()
    except (click.exceptions.Abort, KeyboardInterrupt) as exc:
        # Ctrl-C, SIGTERM or SIGHUP (interrupts.Interrupted): the with blocks have cleaned up
        _interrupted(exc)


def _interrupted(exc: BaseException) -> None:
    """Say ``bridgecli: interrupted`` and exit 128 + the signal (130 for Ctrl-C)."""
    from bridgecli.cli import interrupts

    interrupts.tell(exc)
    interrupts.ignore_further()
    dds = sys.modules.get("bridgecli.solver.dds")
    if dds is not None and dds.busy():
        # a DDS call still runs in its thread: a normal exit could crash under it
        interrupts.leave_now(interrupts.exit_code(exc))
    sys.exit(interrupts.exit_code(exc))


def _run() -> None:
    try:
        rv = cli.main(prog_name="bridgecli", standalone_mode=False)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except BrokenPipeError:
        # the reader went away (e.g. `| head`): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(ExitCode.OK)
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(rv if isinstance(rv, int) else ExitCode.OK)
