"""``bridgecli results``: a duplicate session's results, as text, JSON records or a static site.

The command translates; :mod:`bridgecli.results.session` reads and scores the session and
:mod:`bridgecli.render.site` draws the site.
"""

from __future__ import annotations

import os
from typing import Any

import click

from bridgecli.cli import BridgeCliError, ExitCode
from bridgecli.cli.common import AtomicOutput, event_options, get_lang, table_style_option

EXAMPLES = (
    "\b\nExamples:\n"
    "  bridgecli results docs/examples/session.yaml\n"
    "  bridgecli results docs/examples/session.yaml --json\n"
    "  bridgecli results docs/examples/session.yaml -o site/\n"
    "  bridgecli results docs/examples/session.yaml --to pbn -o session-results.pbn\n"
)
"""The examples at the end of ``bridgecli results --help``."""

_TO = ("text", "json", "pbn", "usebio", "site")


def _target(to: str | None, as_json: bool, output: str | None) -> str:
    """What to write: ``--to``, else JSON for ``--json``, a site for ``-o DIR/`` (or an existing
    directory), else text."""
    if to is not None and as_json and to != "json":
        raise click.UsageError(f"--json and --to {to} do not go together")
    if to is None:
        if as_json:
            return "json"
        if output not in (None, "-") and (output.endswith(("/", os.sep)) or os.path.isdir(output)):
            return "site"
        return "text"
    return to


@click.command("results", epilog=EXAMPLES)
@click.argument("session_file", metavar="SESSION", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("-o", "--output", default=None, metavar="FILE|DIR",
              help="Write to FILE (atomically), or the site into DIR (ending in / or existing).")
@click.option("--to", "to", type=click.Choice(_TO), default=None,
              help="What to write: text (default), json (records a line), pbn (ScoreTables and the"
                   " TotalScoreTable), usebio (USEBIO 1.2 XML, for master points) or site (needs -o DIR).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable JSON records (as --to json).")
@click.option("--solve", is_flag=True, help="Solve the deals double-dummy for the site (needs bridgecli[dds]).")
@table_style_option("Table style of the text (tabulate's: simple, github, grid, plain...).")
@event_options.event_scoring_options
@click.pass_context
def results(ctx: click.Context, /, session_file: str, output: str | None, to: str | None, as_json: bool,
            solve: bool, tablefmt: str, **conventions: Any) -> None:
    """Score a duplicate SESSION and write its results: the ranking and travellers as text,
    JSON records, or a static results site (a page a board and a pair).

    SESSION is a session file (YAML: event, pairs with their names, results, boards,
    scoring), a bare results file (a CSV/YAML traveller, or PBN with ScoreTables), or -
    for the standard input. The scoring options override the file's scoring: (or its
    PBN Scoring tag).
    """
    from dataclasses import replace

    from bridgecli.core.errors import BridgeError
    from bridgecli.results.session import load_session

    what = _target(to, as_json, output)
    if what == "site" and output in (None, "-"):
        raise click.UsageError("a site needs -o DIR")
    lang = get_lang(ctx)
    try:
        if session_file == "-":
            from bridgecli.cli.common import close_input, open_input
            from bridgecli.results.session import decode

            stream, source = open_input("-")
            try:
                raw = stream.read()
            finally:
                close_input(stream)
            session = load_session(source, solve=solve, text=decode(raw, source))
        else:
            session = load_session(session_file, solve=solve)
        session = replace(session, scoring=event_options.event_conventions(session.scoring, conventions))
        event = session.event()
    except OSError as exc:
        raise BridgeCliError(f"cannot read {session_file!r}: {exc.strerror or exc}") from None
    except BridgeError as exc:
        if exc.source is None:
            exc = exc.located(source=session_file)
        raise exc from None
    except _solver_missing() as exc:
        raise BridgeCliError(str(exc)) from None
    if what == "site":
        _write_site(session, event, lang, output or "")
        ctx.exit(_problems(session))
    if what == "usebio":  # UTF-8 bytes, as its XML declaration says, whatever stdout's encoding
        from bridgecli.results.export import results_usebio
        from bridgecli.version import __version__

        assert event.pairs is not None
        try:
            document = results_usebio(session, event.pairs, __version__)
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
        with AtomicOutput(output, binary=True) as out:
            out.write(document.encode("utf-8"))
        ctx.exit(_problems(session))
    with AtomicOutput(output) as fp:
        if what == "pbn":
            from bridgecli.results.export import results_pbn

            assert event.pairs is not None  # a session is a pairs event
            fp.write(results_pbn(session, event.pairs))
        elif what == "json":
            import json

            from bridgecli.results.session import session_records

            for record in session_records(session, event):
                fp.write(json.dumps(record, ensure_ascii=False) + "\n")
        else:
            fp.write(_text(session, event, lang, tablefmt) + "\n")
    ctx.exit(_problems(session))


def _problems(session: Any) -> int:
    """Report what the results break of the movement (after the rest is written): exit 1 if any."""
    from bridgecli.cli import localise

    for problem in session.problems:
        click.echo(f"bridgecli: error: {localise(f'{problem.where()}: {problem}')}", err=True)
    return ExitCode.RULES if session.problems else ExitCode.OK


def _solver_missing() -> type[Exception]:
    from bridgecli.solver import dds

    return dds.SolverMissingError


def _text(session: Any, event: Any, lang: Any, style: str) -> str:
    from bridgecli.results.session import text_report

    return str(text_report(session, event, lang, style))


def _write_site(session: Any, event: Any, lang: Any, output: str) -> None:
    from bridgecli.core.errors import BridgeError
    from bridgecli.render.site import site_pages
    from bridgecli.results.session import write_site

    pages = site_pages(session, event.pairs, lang, lang.code)
    try:
        write_site(pages, output)
    except BridgeError as exc:
        raise BridgeCliError(str(exc)) from None
    except OSError as exc:
        raise BridgeCliError(f"cannot write {output!r}: {exc.strerror or exc}") from None
