"""The click options and arguments the commands share: FILE, ``-o``, ``--json``,
``--from``/``--to``, ``--keep-going``, ``--board``, ``--lang``, ``--variant``, and the
parse of an input line's options (score's batch lines) by a command's own parser."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from bridgecli.core import board_numbers
from bridgecli.core.errors import ParseError

if TYPE_CHECKING:
    from bridgecli.core.notation import Language
    from bridgecli.variants import Variant

F = TypeVar("F", bound=Callable[..., Any])

FORMAT_NAMES = ("pbn", "yaml", "json", "lin")


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


class Count(click.IntRange):
    """A whole number from ``low`` of at most 18 digits, as the readers bound numbers
    (:mod:`bridgecli.core.numbers`): ``-n``, ``--seed``, ``--max-tries``, ``--jobs``. ASCII
    digits only (``1_000``, ``٣``, `` 5``, ``+5`` are not numbers here, as nowhere in
    bridgecli); never clamped. The help shows ``x>=low`` as an open ``IntRange`` does."""

    name = "integer range"

    def __init__(self, low: int = 0, high: int | None = None) -> None:
        super().__init__(low, 10**18 - 1 if high is None else high)

    def _describe_range(self) -> str:
        return f"x>={self.min}" if self.max == 10**18 - 1 else super()._describe_range()

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            from bridgecli.core.numbers import MAX_DIGITS, is_digits, small_int

            if not is_digits(value.removeprefix("-")):  # (a negative number: the range names it)
                self.fail(f"{value!r} is not a valid integer range", param, ctx)
            n = small_int(value)
            if n is None:
                self.fail(f"{value!r} has more than {MAX_DIGITS} digits", param, ctx)
            value = n
        return super().convert(value, param, ctx)


class PositiveFloat(click.FloatRange):
    """A finite number above 0 (``inf`` and ``nan``, which ``float()`` reads, are refused)."""

    def __init__(self) -> None:
        super().__init__(0, min_open=True)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        import math

        out = super().convert(value, param, ctx)
        if not math.isfinite(out):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return out


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


class BoardNumbers(board_numbers.BoardNumbers):
    """:class:`bridgecli.core.board_numbers.BoardNumbers` of ``--board``: :meth:`single` is a usage error."""

    def single(self) -> int | None:
        """The one board number asked for; None when none was. Raises click.BadParameter
        for a range or several numbers (where only one board can be meant)."""
        try:
            return super().single()
        except ParseError as exc:
            raise click.BadParameter(exc.message, param_hint="--board") from None


def parse_board_numbers(specs: tuple[str, ...]) -> BoardNumbers:
    """Board numbers from ``--board`` values: ``3``, ``1-4,7``, several options.

    Raises click.BadParameter for anything else (also a value with no number in it, ``,``).
    """
    try:
        return BoardNumbers.parse(specs)
    except ParseError as exc:
        raise click.BadParameter(exc.message, param_hint="--board") from None


def board_option(f: F) -> F:
    """``-b/--board N``: only these boards (``3``, ``1-4,7``; repeatable); read with
    :func:`parse_board_numbers`."""
    return click.option("-b", "--board", "board_specs", multiple=True, metavar="N",
                        help="Only these boards: 3, 1-4,7; may be repeated.")(f)


def parse_line_options(command: click.Command, tokens: Sequence[str], info_name: str | None = None,
                       parent: click.Context | None = None) -> click.Context:
    """Parse the words of one input line as arguments of ``command`` (click's own parser, as
    on the command line); the returned context holds the values in ``params``. Raises
    ParseError for an unknown option, a missing value, or ``--help``.
    """
    try:
        return command.make_context(info_name, list(tokens), parent=parent, resilient_parsing=False)
    except click.exceptions.Exit:
        raise ParseError("--help is not a result") from None
    except click.ClickException as exc:
        text = exc.format_message().rstrip(".")
        raise ParseError(text[:1].lower() + text[1:]) from None


def batch_line_parser(ctx: click.Context, refused: Sequence[tuple[str, str]] = ()
                      ) -> Callable[[list[str]], dict[str, Any]]:
    """The parse of the batch lines the library leaves to click (``--vul=ns``, ``-dE`` ...):
    the command's own parser, as on the command line, over the command line's values;
    each ``(parameter, option)`` of ``refused`` given on a line is a ParseError."""
    from click.core import ParameterSource

    def parse(tokens: list[str]) -> dict[str, Any]:
        sub = parse_line_options(ctx.command, tokens, ctx.info_name, ctx.parent)
        params = dict(ctx.params)
        for name, value in sub.params.items():
            if name == "args" or sub.get_parameter_source(name) != ParameterSource.DEFAULT:
                params[name] = value
        for name, what in refused:
            if sub.get_parameter_source(name) != ParameterSource.DEFAULT:
                raise ParseError(f"{what} is not allowed in a batch line")
        return params

    return parse


#: Names ``--variant`` accepts (checked against the registry when used).
VARIANT_NAMES = "booby|chinese|nullo|szlem|two-handed"


def variant_option(f: F) -> F:
    """The ``--variant NAME`` option (default: contract bridge)."""
    return click.option("--variant", "variant_name", default=None, metavar="NAME",
                        help=f"A variant of the rules text ({VARIANT_NAMES}); default contract bridge.")(f)


def find_variant_option(name: str) -> Variant:
    """The variant ``--variant`` names; an unknown name is a usage error (exit 2)."""
    from bridgecli.variants import find_variant

    try:
        return find_variant(name)
    except ParseError as exc:
        raise click.BadParameter(str(exc), param_hint="--variant") from None


def check_executor(spec: str) -> str:
    """``--executor SPEC`` checked (a usage error naming the option when bad), ``dask-local:N``
    lowered to the cores (with a note on stderr, as :func:`cap_jobs` says it)."""
    from bridgecli.executors import ExecutorError, local_workers, parse_executor

    try:
        kind, arg = parse_executor(spec)
    except ExecutorError as exc:
        raise click.BadParameter(exc.message, param_hint="--executor") from exc
    if kind == "dask-local" and isinstance(arg, int) and local_workers(arg) < arg:
        lowered = f"dask-local:{local_workers(arg)}"
        click.echo(f"bridgecli: note: --executor {spec.strip()} lowered to {lowered}, the cores available", err=True)
        return lowered
    return spec


class _AliasedOption(click.Option):
    """An option whose help names its first spelling only: the others are old names kept
    working for scripts (``--fmt`` of ``--table-style``)."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        opts = self.opts
        self.opts = opts[:1]
        try:
            return super().get_help_record(ctx)
        finally:
            self.opts = opts


def _check_style(ctx: click.Context, param: click.Parameter, value: str) -> str:
    if value != "simple":
        from tabulate import tabulate_formats

        if value not in tabulate_formats:
            raise click.BadParameter(f"unknown table style {value!r} (known: {', '.join(tabulate_formats)})",
                                     ctx=ctx, param_hint="--table-style")
    return value


def table_style_option(help: str = "Table style (tabulate: simple, github, grid, plain ...).") -> Callable[[F], F]:
    """``--table-style STYLE``: a tabulate style for tables (``--fmt``, its old name, still works, unlisted)."""

    return click.option("--table-style", "--fmt", "tablefmt", cls=_AliasedOption, default="simple",
                        show_default=True, metavar="STYLE", callback=_check_style, help=help)


def check_result_words(ctx: click.Context, words: Sequence[str], lang: Language) -> None:
    """Usage errors for what a command line gives beside ``CONTRACT RESULT`` (score, whose
    words click leaves unparsed): an unknown option, with the nearest names; a ``--vul``,
    or ``--declarer`` that does not read (the language's words listed)."""
    import difflib

    from bridgecli.cli import localise

    names = [opt for p in ctx.command.params if isinstance(p, click.Option) for opt in p.opts]
    for w in words:
        if w[:1] == "-" and w != "-" and not w.lstrip("+-").isdigit():
            close = difflib.get_close_matches(w.partition("=")[0], names, n=2, cutoff=0.6)
            raise click.NoSuchOption(w, possibilities=close, ctx=ctx)
    vul, seat = ctx.params.get("vul"), ctx.params.get("declarer")
    try:
        if vul:
            try:
                lang.parse_vul(vul)
            except ParseError:
                raise ParseError(f"--vul must be none, ns, ew or both, not {vul!r}") from None
        if seat:
            try:
                lang.parse_seat(seat)
            except ParseError as exc:
                raise ParseError(f"--declarer: {exc.message}") from None
    except ParseError as exc:
        raise click.UsageError(localise(exc.message), ctx) from None
