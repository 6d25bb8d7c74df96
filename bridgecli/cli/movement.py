"""``bridgecli movement``: movements for a duplicate evening (list, show, check, cards).

MOVEMENT is a built-in name (``bridgecli movement list``), a movement file (YAML, see
docs/commands/movement.md) or ``-``. The work is :mod:`bridgecli.movements` (the data, the
checks, the rules) and :mod:`bridgecli.render.movement` (the printouts); this module translates.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from bridgecli.cli import BridgeCliError, ExitCode
from bridgecli.cli.common import add_lang_option, get_lang, json_option, output_format, output_option
from bridgecli.cli.common.options import Count

if TYPE_CHECKING:
    from bridgecli.movements import Movement, MovementReport

F = TypeVar("F", bound=Callable[..., Any])

EXAMPLES = (
    "\b\nExamples:\n"
    "  bridgecli movement list\n"
    "  bridgecli movement show howell --tables 4\n"
    "  bridgecli movement show howell --tables 5 --yaml -o mine.yaml\n"
    "  bridgecli movement check mine.yaml\n"
    "  bridgecli movement cards mitchell --tables 5 --guide --html -o cards.html\n"
)
"""The examples at the end of ``bridgecli movement --help``."""


def _rounds_list(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[int, ...]:
    if not value:
        return ()
    from bridgecli.core.numbers import is_digits, small_int

    rounds = [small_int(x) if is_digits(x) else None for x in value.replace(" ", "").split(",")]  # ASCII digits
    if None in rounds:
        raise click.BadParameter(f"round numbers separated by commas (6,7), not {value!r}")
    return tuple(r for r in rounds if r is not None)


def movement_options(f: F) -> F:
    """MOVEMENT and the options that pick a built-in's size and shape."""
    for deco in reversed((
        click.argument("spec", metavar="MOVEMENT"),
        click.option("--tables", "-t", type=Count(1, 200), default=None, help="Tables (built-ins)."),
        click.option("--teams", type=Count(1, 200), default=None, help="Teams (teams-round-robin)."),
        click.option("--rounds", "-r", type=Count(1, 200), default=None,
                     help="Play only the first R rounds (a shortened movement; a teams match: its stanzas)."),
        click.option("--arrow-switch", "arrow_switch", callback=_rounds_list, default=None, metavar="R,R",
                     help="Swap N-S and E-W at every table in these rounds (one winner)."),
        click.option("--half-table", is_flag=True, help="Built-ins: the highest pair is missing (a sit-out)."),
        click.option("--boards-per-round", "-b", "boards", type=Count(1, 50), default=None,
                     help="Boards a round (default: the movement's, 2 for pairs, 8 for teams)."),
    )):
        f = deco(f)
    return f


def load_movement(spec: str, tables: int | None, teams: int | None, rounds: int | None,
                  arrow_switch: tuple[int, ...], half_table: bool, boards: int | None) -> tuple[Movement, str]:
    """The movement MOVEMENT names (:func:`bridgecli.movements.find`), and the name errors go under."""
    from bridgecli import movements
    from bridgecli.cli.common import read_text

    return movements.find(spec, tables, teams=teams, rounds=rounds, arrow_switch=arrow_switch,
                          half_table=half_table, boards_per_round=boards, read=read_text)


def _refuse_broken(report: MovementReport, source: str) -> None:
    """One error line each on stderr and exit 1 when the movement breaks the checks."""
    if report.ok:
        return
    _error_lines(report, source)
    raise click.exceptions.Exit(ExitCode.RULES)


def _error_lines(report: MovementReport, source: str) -> None:
    """One ``bridgecli: error: FILE:LINE: round R, table T: ...`` line an error (past a few, a count)."""
    from bridgecli.cli.common import report_capped
    from bridgecli.core.errors import visible

    for f in report.errors:
        where = f"{source}:{f.line}" if f.line is not None and source != report.movement.name else source
        report_capped(f"bridgecli: error: {visible(where)}: {f.message}", source)


class _Group(click.Group):
    """A group whose sub-command's usage errors name the sub-command (click's parser gives a missing
    option value no context: the hint would name the group)."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            sub = self.get_command(ctx, ctx.invoked_subcommand or "")
            if exc.ctx is None and sub is not None:
                exc.ctx = click.Context(sub, info_name=ctx.invoked_subcommand, parent=ctx)
            raise


@click.group(cls=_Group, epilog=EXAMPLES)
def movement() -> None:
    """Movements for a duplicate evening: who sits where with which boards.

    MOVEMENT is a built-in name (movement list), a movement file (YAML: rounds,
    tables, N-S and E-W pair, board set; docs/commands/movement.md) or -.
    A movement that reads but breaks the checks gives exit 1.
    """


@movement.command("list")
@json_option
def list_(as_json: bool) -> None:
    """List the built-in movements and the table counts each is made for."""
    from bridgecli.movements import BUILTINS

    if as_json:
        import json

        click.echo(json.dumps([{"name": b.name, "description": b.description, "tables": list(b.tables)}
                               for b in BUILTINS.values()]))
        return
    width = max(len(n) for n in BUILTINS)
    for b in BUILTINS.values():
        sizes = f"{b.tables[0]}-{b.tables[-1]}" if len(b.tables) > 1 else str(b.tables[0])
        step = " (even)" if len(b.tables) > 1 and b.tables[1] - b.tables[0] == 2 else ""
        what = "teams" if b.name == "teams-round-robin" else "tables"
        click.echo(f"{b.name:<{width}}  {sizes} {what}{step}: {b.description}")


@movement.command(epilog="\b\nExamples:\n  bridgecli movement show howell --tables 4\n"
                          "  bridgecli movement show mitchell --tables 6 --yaml -o mine.yaml\n")
@movement_options
@click.option("--yaml", "as_yaml", is_flag=True, help="Write the movement file (to edit or keep).")
@json_option
@click.option("--html", "as_html", is_flag=True, help="A printable HTML page (A4).")
@output_option
@click.pass_context
def show(ctx: click.Context, /, spec: str, as_yaml: bool, as_json: bool, as_html: bool, output: str | None,
         **opts: Any) -> None:
    """Show a movement: a row a round, a column a table (N-S-E-W: boards).

    With --yaml, write it as a movement file, to keep or to change.
    """
    from bridgecli.cli.common import AtomicOutput
    from bridgecli.movements import check, dumps
    from bridgecli.render import movement as render

    chosen = _one_of(as_yaml=as_yaml, as_json=as_json, as_html=as_html)
    fmt = output_format(output, chosen, ("text", "json", "yaml", "html"), "text", option="--yaml, --json or --html")
    m, source = load_movement(spec, **opts)
    _refuse_broken(check(m), source)
    lang = get_lang(ctx)
    if fmt == "yaml":
        text = dumps(m)
    elif fmt == "json":
        import json

        text = json.dumps(m.to_dict(), ensure_ascii=False) + "\n"
    elif fmt == "html":
        text = render.render_html(m, render.overview(m, lang), lang)
    else:
        from bridgecli.core.errors import visible

        text = visible(render.render_text(m, render.overview(m, lang), lang))
    with AtomicOutput(output) as fp:
        fp.write(text)


@movement.command("check", epilog="\b\nExamples:\n  bridgecli movement check mine.yaml\n"
                                   "  bridgecli movement check mitchell --tables 7 --arrow-switch 6,7 --json\n")
@movement_options
@json_option
@output_option
def check_(spec: str, as_json: bool, output: str | None, **opts: Any) -> None:
    """Check a movement: each pair plays each board once, boards are never at two
    tables at once, pairs meet at most once (a complete Howell: exactly once),
    boards played equally often; and the comparison balance as a figure.

    Exit 0 when it keeps the rules, 1 when it breaks them (one error line each on stderr).
    """
    from bridgecli.cli.common import AtomicOutput
    from bridgecli.movements import check
    from bridgecli.render.movement import render_report

    fmt = output_format(output, "json" if as_json else None, ("text", "json"), "text", option="--json")
    m, source = load_movement(spec, **opts)
    report = check(m)
    if fmt == "json":
        import json

        text = json.dumps(report.to_dict(), ensure_ascii=False) + "\n"
    else:
        from bridgecli.core.errors import visible

        text = visible(render_report(report))
    with AtomicOutput(output) as fp:
        fp.write(text)
    if not report.ok:
        _error_lines(report, source)
        raise click.exceptions.Exit(ExitCode.RULES)


@movement.command(epilog="\b\nExamples:\n  bridgecli movement cards howell-3.5 --guide\n"
                          "  bridgecli movement cards mine.yaml --html -o cards.html --lang pl\n")
@movement_options
@click.option("--guide", is_flag=True, help="Guide cards: a card a pair (round: table, direction, boards, opponents).")
@click.option("--table-cards", is_flag=True, help="Table cards: a card a table (round: pairs, boards, where they go).")
@click.option("--board-sheet", is_flag=True, help="The board-movement sheet: where each set is, round by round.")
@click.option("--html", "as_html", is_flag=True, help="A printable HTML page (A4) instead of text.")
@click.option("--one-a-page", is_flag=True, help="HTML: each card on a page of its own.")
@output_option
@click.pass_context
def cards(ctx: click.Context, /, spec: str, guide: bool, table_cards: bool, board_sheet: bool, as_html: bool,
          one_a_page: bool, output: str | None, **opts: Any) -> None:
    """Print the cards for the tables: guide cards, table cards and the
    board-movement sheet (all three unless some are asked for).
    """
    from bridgecli.cli.common import AtomicOutput
    from bridgecli.movements import check
    from bridgecli.render import movement as render

    fmt = output_format(output, "html" if as_html else None, ("text", "html"), "text", option="--html")
    if one_a_page and fmt != "html":
        raise click.UsageError("--one-a-page is for --html")
    m, source = load_movement(spec, **opts)
    _refuse_broken(check(m), source)
    lang = get_lang(ctx)
    asked = [p for p, on in (("guide", guide), ("table", table_cards), ("boards", board_sheet)) if on]
    chosen = render.cards(m, asked or ["guide", "table", "boards"], lang)
    if fmt == "html":
        text = render.render_html(m, chosen, lang, one_a_page=one_a_page)
    else:
        from bridgecli.core.errors import visible

        text = visible(render.render_text(m, chosen, lang))
    with AtomicOutput(output) as fp:
        fp.write(text)


def _one_of(**flags: bool) -> str | None:
    on = [name.removeprefix("as_") for name, value in flags.items() if value]
    if len(on) > 1:
        raise BridgeCliError(f"choose one of {', '.join('--' + n for n in on)}")
    return on[0] if on else None


for _command in movement.commands.values():
    add_lang_option(_command)

__all__ = ["movement"]
