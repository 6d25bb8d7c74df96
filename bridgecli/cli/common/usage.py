"""Click's usage errors as one line: ``bridgecli: error: what; see 'bridgecli CMD --help'``.

Imported by the group (:mod:`bridgecli.cli`) only when a usage error happens.
"""

from __future__ import annotations

from typing import Any

import click

from bridgecli.cli import ExitCode

#: click's "no arguments: show the help" (click >= 8.2), a UsageError that is no error to reword
_NO_ARGS_HELP: type[BaseException] = getattr(click.exceptions, "NoArgsIsHelpError", type("_Never", (Exception,), {}))


class UsageLine(click.ClickException):
    """A click usage error as one line: ``bridgecli: error: what; see 'bridgecli CMD --help'``.
    Its text is click's own (in English: usage errors are not localised), exit code 2."""

    exit_code: int = ExitCode.USAGE

    def show(self, file: Any = None) -> None:
        click.echo(f"bridgecli: error: {self.format_message()}", err=True)


def usage_line(exc: click.UsageError, command_path: str) -> click.ClickException:
    """``exc`` (a bad value, an unknown option, a missing value or argument, a command's
    own :class:`click.UsageError`) as one :class:`UsageLine`: its message in lower case
    without the full stop, echoed values cut short, and where to read the command's
    help; ``command_path`` (``bridgecli deal``) names the command when ``exc`` carries
    no context (click's parser gives none for a missing option value)."""
    from bridgecli.core.errors import cut, cut_quoted

    if isinstance(exc, click.NoSuchOption):
        text = f"no such option {cut(exc.option_name)!r}"
        if exc.possibilities:
            text += f" (did you mean {' or '.join(repr(p) for p in exc.possibilities)}?)"
    else:
        text = exc.format_message().strip()
        if text[:1].isupper() and text[1:2].islower():
            text = text[:1].lower() + text[1:]  # "Invalid value ...", "Missing argument ..."
    # the hint ends the first line; a caret line under an expression stays below it
    head, nl, tail = text.partition("\n")
    if head.endswith(")") and "(" in head:  # click's "unexpected extra arguments (a b ...)"
        at = head.rindex("(")
        head = head[: at + 1] + cut(head[at + 1 : -1]) + ")"
    hint = f"; see '{exc.ctx.command_path if exc.ctx else command_path} --help'"
    line = UsageLine(cut_quoted(head.rstrip(".")) + hint + nl + tail)
    line.exit_code = exc.exit_code
    return line


def reworded(exc: click.ClickException, ctx: click.Context) -> click.ClickException:
    """What the group raises for ``exc``, raised while ``ctx`` (the group's) ran: a usage
    error as :func:`usage_line` (naming the command being started when ``exc`` names
    none); click's help for no arguments as it is; another click error with its echoed
    values cut short, as ours are cut."""
    if isinstance(exc, _NO_ARGS_HELP):
        return exc
    if isinstance(exc, click.UsageError):
        sub = ctx.invoked_subcommand  # set before the command's own options are parsed
        return usage_line(exc, f"{ctx.command_path} {sub}" if sub else ctx.command_path)
    from bridgecli.core.errors import cut_quoted

    exc.message = cut_quoted(exc.message)
    return exc


def show_help(group: click.Group, ctx: click.Context, names: list[str]) -> None:
    """``bridgecli help [COMMAND]``: the help of the command named (the group's without one),
    then exit 0; an unknown name is a usage error as an unknown command is."""
    if not names:
        click.echo(ctx.get_help())
        ctx.exit(ExitCode.OK)
    group.resolve_command(ctx, names[:1])  # an unknown name: the group's own error
    cmd = group.get_command(ctx, names[0])
    assert cmd is not None
    cmd.make_context(names[0], ["--help"], parent=ctx)  # prints the help and exits
