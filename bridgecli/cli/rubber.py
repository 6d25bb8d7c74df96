"""``bridgecli rubber``: rubber bridge and Chicago score sheets.

Input is either result lines, each parsed like ``score``'s arguments
(``4SX-1 --declarer N --honors NS:100``, ``pass``; ``players: Ann, Bob, Cid,
Dan`` seats players N, E, S, W for the next rubber), or a PBN/YAML/JSON/LIN
file of boards with Contract, Declarer and Result (or an auction and a play
to derive them from); an ``Honours`` tag such as ``NS:100`` gives honours,
or ``--honors auto`` finds them in the deal. The work is
:func:`bridgecli.results.rubber_sessions.rubber_session` (``variant_session`` with ``--variant``)
and :func:`bridgecli.render.scoresheet.render_sheet`; this module translates.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from bridgecli.cli import ExitCode, localise
from bridgecli.cli.common import (
    Count,
    echo_warning,
    find_variant_option,
    format_option,
    get_lang,
    json_option,
    output_format,
    output_option,
    variant_option,
)
from bridgecli.core.errors import ParseError
from bridgecli.core.rubber import ROUNDINGS

CHICAGO_RULE_CHOICES = ("carry", "each", "a", "b")
"""What ``--chicago-rule`` accepts."""


EXAMPLES = (
    "\b\nExamples:\n"
    "  bridgecli rubber docs/examples/evening.txt\n"
    "  bridgecli rubber --chicago docs/examples/chicago.txt --json\n"
    "  printf '2S= -d N\\n2H= -d E\\n2D= -d N\\n' | bridgecli rubber\n"
)
"""The examples at the end of ``bridgecli rubber --help`` (run by the tests, from the repository root)."""


@click.command(epilog=EXAMPLES)
@click.argument("infile", metavar="FILE", default="-", type=click.Path(allow_dash=True))
@json_option
@click.option("--players", default=None, metavar="N,E,S,W",
              help="Player names at N, E, S, W for the first rubber (a 'players:' line changes them);"
                   " with --variant, the game's players in its seating order.")
@click.option("--chicago", is_flag=True, help="Chicago: rounds of four deals, vulnerability by deal.")
@click.option("--chicago-rule", "chicago_rule", type=click.Choice(CHICAGO_RULE_CHOICES, case_sensitive=False),
              default="carry", show_default=True,
              help="Chicago part-scores: carry = carry to game, 100 on deal 4 (the ACBL's four-deal bridge);"
                   " each = each deal alone, 50 each (as in duplicate). 'a' and 'b' are accepted too."
                   " See docs/commands/rubber.md.")
@variant_option
@click.option("--partscore-bonus", type=Count(0), default=None, metavar="N",
              help="Part-score premium: unfinished rubber (default 100; 50 in the other reading), "
                   "or Chicago's (carry: 100 on deal 4, each: 50).")
@click.option("--rounding", type=click.Choice(ROUNDINGS, case_sensitive=False), default="nearest",
              show_default=True, help="Settlement: difference / 100 rounded so (50 up or down, down, up, exact).")
@click.option("--honors", "--honours", "honours_mode", type=click.Choice(["given", "auto"], case_sensitive=False),
              default="given", show_default=True, help="auto: find honours in the deals of a board file.")
@click.option("--passout", type=click.Choice(["redeal", "count"], case_sensitive=False), default=None,
              help="Passed-out deal: dealt again (Chicago default) or counted as a deal (rubber).")
@click.option("--dealer", default=None, metavar="SEAT", help="Chicago: dealer of each round's first deal (N).")
@click.option("--chicago-honours", is_flag=True, help="Chicago: score honours too (off by default).")
@format_option("--from", "Format of a board FILE (default: from extension or content).")
@output_option
@click.pass_context
def rubber(ctx: click.Context, /, infile: str, as_json: bool, players: str | None, chicago: bool,
           chicago_rule: str, variant_name: str | None, partscore_bonus: int | None, rounding: str, honours_mode: str, passout: str | None,
           dealer: str | None, chicago_honours: bool, output: str | None, **kw: Any) -> None:
    """Keep a rubber bridge (or Chicago) score sheet from results in order.

    FILE holds one result a line, written as score's arguments: CONTRACT
    RESULT --declarer SEAT [--honors SIDE:POINTS], or 'pass'; '#' starts a
    comment; 'players: Ann, Bob, Cid, Dan' seats players N, E, S, W for the
    next rubber. Or FILE is a PBN, YAML or JSON file of boards. Vulnerability
    comes from the rubber (a side with a game), or from the deal in Chicago.
    With --variant NAME the results (a player as declarer) or played boards
    are of that game, kept a column a player; --players names its players.
    """
    import io

    from bridgecli.cli.common import AtomicOutput, read_text
    from bridgecli.core.errors import visible
    from bridgecli.render.scoresheet import render_sheet
    from bridgecli.results import rubber_sessions as sessions

    as_json = output_format(output, "json" if as_json else None, ("text", "json"), "text", option="--json") == "json"
    lang = get_lang(ctx)
    fmt = "json" if as_json else "text"
    # control characters of a name made visible in the text sheet; JSON escapes its own
    # (a "\\x9b" written into a JSON string would make it invalid)
    shown = (lambda text: text) if as_json else visible
    if variant_name is not None:
        _variant_only(ctx, variant_name)
        variant = find_variant_option(variant_name)
        try:
            names = sessions.variant_players(variant, players)
        except ParseError as exc:
            raise click.UsageError(localise(exc.message), ctx) from None
        text, source = read_text(infile)
        vsession = sessions.variant_session(variant, io.StringIO(text), players=names, fmt=kw.get("from"), name=source,
                                            lang=lang, warn=echo_warning)
        with AtomicOutput(output) as fp:
            fp.write(shown(render_sheet(vsession, rounding=rounding.lower(), lang=lang, fmt=fmt)))
        ctx.exit(ExitCode.OK)
    try:  # a bad --players or --dealer: a usage error, with the help's name
        session = sessions.start_session(chicago=chicago, chicago_rule=chicago_rule, players=players,
                                         partscore_bonus=partscore_bonus, passout=passout, dealer=dealer,
                                         chicago_honours=chicago_honours, lang=lang)
    except ParseError as exc:
        raise click.UsageError(localise(exc.message), ctx) from None
    repeats = _write_sheet(session, infile, honours_mode, kw.get("from"), dealer is not None, lang, output,
                           rounding=rounding.lower(), out_fmt=fmt, shown=shown, rounds=not chicago)
    ctx.exit(ExitCode.RULES if repeats else ExitCode.OK)


def _write_sheet(session: Any, infile: str, honours_mode: str, fmt: str | None, keep_dealer: bool, lang: Any,
                 output: str | None, *, rounding: str, out_fmt: str, shown: Callable[[str], str],
                 rounds: bool) -> int:
    """Write the sheet of FILE's results, a rubber at a time as each is over (result lines
    and boards are read a piece at a time: memory does not grow with the input); warn of
    partners who pair again in a round. Returns how many do."""
    import io

    from bridgecli.cli.common import AtomicOutput, close_input, open_input
    from bridgecli.core.errors import visible
    from bridgecli.core.rubber import PartnershipRounds
    from bridgecli.formats.result_lines import BOARD_EXTENSIONS, text_or_lines
    from bridgecli.formats.stream import text_chunks
    from bridgecli.render.scoresheet import iter_sheet
    from bridgecli.results import rubber_sessions as sessions

    partners, repeats = PartnershipRounds(), []

    def watched(rubbers: Any) -> Any:
        for r in rubbers:
            if rounds:
                repeats.extend(partners.add(r))
            yield r

    stream, source = open_input(infile)
    try:
        data = text_or_lines(text_chunks(stream, source, 1 << 16), source,  # (64 KiB pieces: a line is short)
                             boards=bool(fmt) or source.lower().endswith(BOARD_EXTENSIONS), fmt=fmt)
        rubbers = sessions.iter_rubbers(session, io.StringIO(data) if isinstance(data, str) else data,
                                        honours=honours_mode, fmt=fmt, name=source, keep_dealer=keep_dealer,
                                        lang=lang, warn=echo_warning)
        with AtomicOutput(output) as fp:
            for piece in iter_sheet(watched(rubbers), session.rules, rounding=rounding, lang=lang, fmt=out_fmt):
                fp.write(shown(piece))
    finally:
        close_input(stream)
    for rep in repeats:
        a, b = rep.partners
        message = (f"{source}: {a} and {b} partner again in rubber {rep.rubber},"
                   f" as in rubber {rep.earlier} of the same round of three")
        click.echo(f"bridgecli: warning: {visible(localise(message))}", err=True)
    return len(repeats)


def _variant_only(ctx: click.Context, variant_name: str) -> None:
    """Usage errors for ``--variant`` with a contract-bridge option (or a Chicago rule's old name)."""
    from click.core import ParameterSource

    from bridgecli.results.rubber_sessions import CHICAGO_RULES

    if variant_name.strip().lower() in CHICAGO_RULES:
        raise click.BadParameter(f"{variant_name!r} is a Chicago part-score rule now: use"
                                 f" --chicago-rule {CHICAGO_RULES[variant_name.strip().lower()]}",
                                 param_hint="--variant")
    bridge_only = [opt for n, opt in (("chicago", "--chicago"), ("chicago_rule", "--chicago-rule"),
                                      ("partscore_bonus", "--partscore-bonus"), ("honours_mode", "--honors"),
                                      ("passout", "--passout"), ("dealer", "--dealer"),
                                      ("chicago_honours", "--chicago-honours"))
                   if ctx.get_parameter_source(n) not in (ParameterSource.DEFAULT, None)]
    if bridge_only:
        raise click.UsageError(f"--variant keeps the game's own rubber: no {', '.join(bridge_only)}")


__all__ = ["rubber"]
