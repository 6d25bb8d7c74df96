"""``bridgecli solve``: double-dummy tables, par and opening leads for every board."""

from __future__ import annotations

import itertools
import json
import sys
import time
from collections.abc import Iterable, Iterator
from typing import Any

import click

from bridgecli.cli import BridgeCliError, ExitCode
from bridgecli.cli.common import (
    FORMAT_NAMES,
    AtomicOutput,
    Count,
    close_input,
    get_lang,
    input_argument,
    json_option,
    keep_going_option,
    open_input,
    output_format,
    output_option,
    records_done,
)
from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError

EXAMPLES = (
    "\b\nExamples:\n"
    "  bridgecli deal -n 2 --seed 1 | bridgecli solve -\n"
    "  bridgecli solve docs/examples/hands.pbn --json\n"
    "  bridgecli deal -n 2 --seed 1 | bridgecli solve - | bridgecli show - --brief\n"
)
"""The examples at the end of ``bridgecli solve --help`` (run by the tests, from the repository root)."""


@click.command("solve", epilog=EXAMPLES)
@input_argument
@click.option("--from", "from_", type=click.Choice(FORMAT_NAMES, case_sensitive=False), default=None,
              help="Input format (default: from extension or content).")
@click.option("-j", "--jobs", type=Count(1), default=None, metavar="J",
              help="Cores to use (default: all): DDS threads, or worker processes with --processes.")
@click.option("--processes", is_flag=True,
              help="Spread batches of 10 boards over J worker processes of one DDS thread each.")
@json_option
@output_option
@click.option("--to", type=click.Choice(FORMAT_NAMES, case_sensitive=False), default=None,
              help="Write the boards back in this format, with the solver's tags added.")
@click.option("--leads", is_flag=True, help="Tricks for the defence for every opening lead of the contract "
              "(or of each par contract).")
@click.option("--progress/--no-progress", default=None, help="Progress on stderr (default: when stderr is a terminal).")
@click.option("--executor", default="local", show_default=True, metavar="SPEC",
              help="local, or batches of 40 boards as tasks on dask-local:N or dask://HOST:PORT "
              "(needs bridgecli[cluster]).")
@click.option("--table", "force_table", is_flag=True,
              help="Print the tables even when stdout is a pipe (where the boards go on by default).")
@keep_going_option
@click.pass_context
def solve(ctx: click.Context, infile: str, from_: str | None, jobs: int | None, processes: bool, as_json: bool,
          output: str | None, to: str | None, leads: bool, progress: bool | None, force_table: bool,
          keep_going: bool = False, executor: str = "local") -> None:
    """Double-dummy tables, par score and par contracts (and opening leads) of every board.

    At a terminal it prints a table a board; into a pipe (or a file by >) it
    passes the boards on as PBN with the solver's tags added, so that
    `bridgecli deal | bridgecli solve - | bridgecli show -` shows the deals with
    their makeable contracts and par; --table prints the tables anyway.

    Needs the optional DDS solver: pip install 'bridgecli[dds]'. Boards are
    read and solved in batches of 40 (DDS's limit) on J threads, and each is
    written as soon as its batch is done, in input order. --processes spreads
    batches of 10 over J worker processes instead (usually no faster).
    With -o FILE.pbn (or --to FORMAT) the boards are written back with the
    tags DoubleDummyTricks, OptimumScore, ParContract (OpeningLeads with
    --leads) and the OptimumResultTable section; --json writes each board in
    the schema of convert, its findings in the fields dd, par and leads. A board that cannot be solved (unknown hand,
    hands of unequal size) is reported on stderr and written back unchanged;
    the exit code is then 1. If some input cannot be read at all, -o FILE is
    left as it was (exit 2); --keep-going writes the rest (exit 1).
    Ctrl-C stops at once, also in the middle of a DDS call.
    """
    from bridgecli.cli import common
    from bridgecli.solver import dds

    try:
        dds.load()
    except dds.SolverMissingError as exc:
        raise BridgeCliError(exc.message, ExitCode.USAGE) from exc

    if as_json and to:
        raise click.UsageError("--json and --to exclude each other")
    kind = output_format(output, "analysis" if as_json else to, (*FORMAT_NAMES, "text"), "text", option="--to")
    out_fmt = None if kind in ("analysis", "text") else kind
    if out_fmt and force_table:
        raise click.UsageError("--table prints tables; it does not go with --to or -o FILE.pbn")
    if not (out_fmt or as_json or force_table) and output in (None, "-") and not common.stdout_is_terminal():
        out_fmt = "pbn"  # in a pipeline the boards go on, annotated
    n_jobs = common.cap_jobs(jobs) or common.usable_cores()

    source = "<stdin>" if infile == "-" else infile
    worst = [ExitCode.OK]

    def report(exc: BridgeError) -> None:
        from bridgecli.cli import error_from
        from bridgecli.cli.common import report_capped

        err = error_from(exc.located(source=source))
        report_capped(f"bridgecli: error: {err.format_message()}", source)
        worst[0] = max(worst[0], ExitCode(err.exit_code))

    from bridgecli.formats import format_from_path, iter_write
    from bridgecli.render.analysis import render_analysis
    from bridgecli.solver import stream as solving
    from bridgecli.solver.analysis import BoardAnalysis, Unsolvable, analyse_stream

    target = _dask_target(executor) if executor != "local" else None
    fp_in, _ = open_input(infile)
    try:
        records = solving.read_pieces(fp_in, from_.lower() if from_ else format_from_path(infile), source)
        if target is not None:
            stream: Iterable[Any] = solving.analyse_on_dask(records, target, leads=leads, source=source)
        else:
            stream = analyse_stream(records, leads=leads, jobs=n_jobs, processes=processes, batch=solving.BATCH,
                                    job_batch=solving.JOB_BATCH, source=source)
        if progress or (progress is None and sys.stderr.isatty()):
            stream = _with_progress(stream)
        items = iter(stream)
        head = next(items, None)
        if head is None:  # said before anything is written, even a PBN header
            raise BridgeCliError(f"{source}: no boards", ExitCode.USAGE)
        stream = itertools.chain([head], items)

        def boards() -> Iterator[Board]:
            for item in stream:
                if isinstance(item, BoardAnalysis):
                    yield item.annotated()
                elif isinstance(item, Unsolvable):
                    report(item.error)
                    yield item.board
                else:
                    report(item)

        with AtomicOutput(output) as fp:
            if out_fmt:
                written = boards()
                opening = next(written, None)  # nothing, not even a PBN header, without a board
                for chunk in iter_write(itertools.chain([opening], written), out_fmt) if opening is not None else ():
                    fp.write(chunk)
                    fp.flush()
            else:
                first = True
                for item in stream:
                    if not isinstance(item, BoardAnalysis):
                        report(item.error if isinstance(item, Unsolvable) else item)
                        continue
                    if as_json:
                        fp.write(json.dumps(item.as_json(), separators=(", ", ": "), ensure_ascii=False) + "\n")
                    else:
                        fp.write(("" if first else "\n") + render_analysis(item, get_lang(ctx)) + "\n")
                        first = False
                    fp.flush()
            # a board that could not be read would be missing: exit 2 keeps the old -o FILE
            code = records_done(int(worst[0]), keep_going, output)
    finally:
        close_input(fp_in)
    ctx.exit(code)


def _dask_target(executor: str) -> str | int:
    """Where ``--executor SPEC`` sends the batches (a usage error for ``local`` spelt otherwise, or a bad SPEC)."""
    from bridgecli.cli.common.options import check_executor
    from bridgecli.executors import parse_executor

    kind, target = parse_executor(check_executor(executor))
    if kind == "local" or target is None:
        raise click.BadParameter("name a Dask executor (dask-local:N, dask://HOST:PORT)", param_hint="--executor")
    return target


def _with_progress(stream: Iterable[Any]) -> Iterator[Any]:
    """Pass ``stream`` through, reporting boards done and the rate on stderr."""
    start = time.perf_counter()
    n = 0
    last = 0.0
    for item in stream:
        n += 1
        now = time.perf_counter()
        if now - last >= 0.5:
            click.echo(f"solve: {n} boards, {now - start:.1f} s, {n / max(now - start, 1e-9):.2f} boards/s", err=True)
            last = now
        yield item
    took = time.perf_counter() - start
    click.echo(f"solve: done, {n} boards in {took:.1f} s ({n / max(took, 1e-9):.2f} boards/s)", err=True)
