"""The options of how a pairs event is scored, shared by ``score --event`` and ``results``:
the conventions of :class:`~bridgecli.core.event_scoring.EventScoring` that scoring programs differ
on. Each defaults to what the file says (a PBN ``Scoring`` tag, a SESSION's ``scoring:``),
else to bridgecli's convention named in the help; an option given overrides the file."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import click

from bridgecli.cli.common.options import Count

if TYPE_CHECKING:
    from bridgecli.core.event_scoring import EventScoring

F = TypeVar("F", bound=Callable[..., Any])

#: (parameter, option) of each convention, as ``score`` refuses them on a batch line.
EVENT_SCORING_OPTIONS = (("rank_by", "--rank-by"), ("butler_trim_from", "--butler-trim"),
                         ("cross", "--cross-imps"), ("totals", "--imp-totals"), ("mp_top", "--mp-top"),
                         ("winners", "--winners"), ("sections", "--sections"), ("butler_round", "--butler-round"),
                         ("mp_scale", "--mp-scale"))


def event_scoring_options(f: F) -> F:
    """``--rank-by``, ``--butler-trim``, ``--butler-round``, ``--cross-imps``,
    ``--imp-totals``, ``--mp-scale``, ``--mp-top``, ``--winners`` and ``--sections`` (each
    None unless given)."""
    options = (
        click.option("--rank-by", "rank_by", type=click.Choice(("mp", "cross", "butler")), default=None,
                     help="Rank the pairs by matchpoint percentage (mp, the default), cross-IMPs or Butler IMPs."),
        click.option("--butler-trim", "butler_trim_from", type=Count(3), default=None, metavar="N",
                     help="Leave a board's top and bottom score out of its Butler datum from N results"
                          " (default 5; 3: always; a large N: never)."),
        click.option("--butler-round", "butler_round", type=click.Choice(("10", "1", "none")), default=None,
                     help="Round a board's Butler datum to the nearest 10 (the default), to the nearest 1,"
                          " or not at all (none)."),
        click.option("--cross-imps", "cross", type=click.Choice(("mean", "sum")), default=None,
                     help="A result's cross-IMPs: the mean of its IMPs against each other result"
                          " (the default) or their sum."),
        click.option("--imp-totals", "totals", type=click.Choice(("sum", "factored", "per-board")), default=None,
                     help="A pair's IMP totals: the sum over its boards (the default), factored to every"
                          " board of the event, or the mean per board."),
        click.option("--mp-scale", "mp_scale", type=click.Choice(("mp1", "mp2")), default=None,
                     help="Matchpoints 2 a score beaten and 1 a tie (mp1, the default; EBU, Europe) or"
                          " 1 and 1/2 (mp2, ACBL)."),
        click.option("--mp-top", "mp_top", type=Count(1), default=None, metavar="N",
                     help="Scale each board's matchpoints to a top of N (100: a percentage a board);"
                          " default: 2 a score beaten, 1 a score equalled, top 2(n-1)."),
        click.option("--winners", "winners", type=click.Choice(("one", "two")), default=None,
                     help="One ranking of all pairs, or two (one a direction); default: two when no"
                          " pair changed direction, else one."),
        click.option("--sections", "sections", type=click.Choice(("apart", "across")), default=None,
                     help="Results with a section: scored and ranked per section (apart), or across the"
                          " field; default: across unless a pair number stands in two sections."),
    )
    for option in reversed(options):
        f = option(f)
    return f


def event_scoring_given(params: Mapping[str, Any], used: bool = True) -> dict[str, Any]:
    """The conventions given on the command line (field name -> value); a UsageError when
    some were given where no event is scored (``used`` False)."""
    given = {name: params[name] for name, _ in EVENT_SCORING_OPTIONS if params.get(name) is not None}
    if given and not used:
        names = [opt for name, opt in EVENT_SCORING_OPTIONS if name in given]
        raise click.UsageError(f"{names[0]} scores an event: give --event FILE")
    return given


def event_conventions(base: EventScoring | None, params: Mapping[str, Any]) -> EventScoring:
    """``base`` (what the file says; None: bridgecli's conventions) with the conventions
    given on the command line in its place."""
    from bridgecli.core.event_scoring import with_conventions

    try:
        return with_conventions(base, **event_scoring_given(params))
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
