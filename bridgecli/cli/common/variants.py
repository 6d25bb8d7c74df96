"""``--variant NAME`` for the commands: dealing, auctions, play and scoring of the variants.

The command modules add the option with :func:`bridgecli.cli.common.variant_option` and
hand the work to the functions here when it is given; contract bridge never comes here.
The games are :mod:`bridgecli.variants`, their text :mod:`bridgecli.render.variants` and
:mod:`bridgecli.render.scoresheet`; these functions read, loop, report and write.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import click

from bridgecli.cli import BridgeCliError, ExitCode, localise
from bridgecli.cli.common import AtomicOutput, find_variant_option, note, read_records, records_done
from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.render.variants import play_line, render_variant_board, score_line, verdict_line
from bridgecli.results.rubber_sessions import check_variant

if TYPE_CHECKING:
    from bridgecli.core.board import Board


# -- deal -------------------------------------------------------------------------


def run_deal(name: str, count: int, seed: int | None, start_board: int, fmt: str | None,
             output: str | None) -> int:
    """Deal ``count`` boards of the variant (YAML by default, or JSON); the seed goes into
    each board's Generator tag. PBN cannot hold the variant data: usage error.
    """
    import random

    from bridgecli.checks.variants import variant_deals
    from bridgecli.cli.common import output_format
    from bridgecli.formats import iter_write
    from bridgecli.version import __version__

    variant = find_variant_option(name)
    fmt = (output_format(output, fmt, ("pbn", "yaml", "json", "lin", "text")) or "yaml").lower()
    if fmt not in ("yaml", "json"):
        raise BridgeCliError(f"a {variant.name} deal needs --format yaml or json ({fmt} cannot hold its"
                             " talon, discards or dummies)", ExitCode.USAGE)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    boards = variant_deals(variant, count, seed=seed, start=start_board,
                           generator=f"bridgecli {__version__} variant={variant.name} seed={seed}")
    with AtomicOutput(output) as fp:
        for chunk in iter_write(boards, fmt):
            fp.write(chunk)
    return int(ExitCode.OK)


# -- validate-auction ---------------------------------------------------------------


def with_dealers(records: Iterable[Board | BridgeError], name: str) -> Iterator[Board | BridgeError]:
    """The records with the variant's dealer filled in: :func:`bridgecli.checks.variants.with_dealers`."""
    from bridgecli.checks.variants import with_dealers as fill

    return fill(find_variant_option(name), records)


def auction_rules(name: str) -> Any:
    """The :class:`AuctionRules` of the variant."""
    return find_variant_option(name).auction


def run_point_validate(name: str, infile: str, dealer: str | None, calls_text: str | None, fmt: str | None,
                       require_complete: bool, as_json: bool, output: str | None, lang: Any) -> int:
    """``validate-auction --variant szlem``: judge rounds of point bids (inline or from FILE)."""
    import json

    variant = find_variant_option(name)
    boards: list[tuple[Board | BridgeError, str]] = []
    if calls_text is not None or dealer is not None:
        if calls_text is None or dealer is None:
            raise click.UsageError("--dealer and --calls go together")
        seat = lang.parse_seat(dealer)
        from bridgecli.core.board import Board

        boards.append((Board(dealer=seat, variant=variant.name, extra={"auction": calls_text}), "Auction"))
    else:
        records, _source, _fmt = read_records(infile, fmt)
        for i, rec in enumerate(records, 1):
            label = "record" if isinstance(rec, BridgeError) else f"Board {rec.number if rec.number else i}"
            boards.append((rec, label))
    from bridgecli.checks.variants import point_auction_verdicts

    code = int(ExitCode.OK)
    lines = []
    for head, v in point_auction_verdicts(variant, boards):
        if isinstance(v, BridgeError):
            click.echo(f"bridgecli: error: {localise(str(v))}", err=True)
            code = max(code, int(ExitCode.USAGE))
            continue
        if not v["ok"] or (require_complete and not v["complete"]):
            code = max(code, int(ExitCode.RULES))
        lines.append(json.dumps(v, ensure_ascii=False) if as_json else verdict_line(v, head))
    with AtomicOutput(output) as fp:
        for line in lines:
            fp.write(line + "\n")
        code = records_done(code, None, output)  # exit 2: -o keeps its old content
    return code


def is_point_auction(name: str) -> bool:
    """True for a variant whose auction is not on the bridge ladder (Szlem)."""
    return bool(find_variant_option(name).point_auction)


# -- play ---------------------------------------------------------------------------


def _where(exc: BridgeError, source: str, board: Board | None) -> str:
    label = board.label if board is not None else "record"
    message = str(exc.message if hasattr(exc, "message") else exc)
    if message.startswith(label):
        return f"bridgecli: error: {localise(f'{source}: {message}')}"
    return f"bridgecli: error: {localise(f'{source}: {label}: {message}')}"


def run_play(name: str, infile: str, from_fmt: str | None, as_json: bool, board_no: Container[int] | None,
             output: str | None) -> int:
    """``play --variant NAME``: replay every board's play under the variant's rules
    (only the boards numbered in ``board_no`` when given)."""
    import json

    from bridgecli.checks.variants import check_variant_play

    variant = find_variant_option(name)
    records, source, _fmt = read_records(infile, from_fmt)
    code = int(ExitCode.OK)
    lines: list[str] = []
    seen = skipped = 0
    for item in check_variant_play(variant, records, numbers=board_no):
        if item.board is None:
            click.echo(f"bridgecli: error: {localise(str(item.error))}", err=True)
            code = max(code, int(ExitCode.USAGE))
            continue
        seen += 1
        if not item.has_play:
            skipped += 1
            continue
        if item.error is not None:
            click.echo(_where(item.error, source, item.board), err=True)
            code = max(code, int(ExitCode.USAGE) if isinstance(item.error, ParseError) else int(ExitCode.RULES))
            continue
        assert item.outcome is not None
        if not item.ok:
            code = max(code, int(ExitCode.RULES))
        lines.append(json.dumps(item.outcome, ensure_ascii=False) if as_json else play_line(item.outcome))
    if board_no is not None and seen == 0:
        raise BridgeCliError(f"{source}: no board {board_no}", ExitCode.USAGE)
    if skipped and skipped == seen:
        note(f"{source}: no board has a play record ({skipped} read)")
    with AtomicOutput(output) as fp:
        for line in lines:
            fp.write(line + "\n")
        code = records_done(code, None, output)  # exit 2: -o keeps its old content
    return code


# -- score -----------------------------------------------------------------------------


def run_score(name: str, words: Sequence[str], vulnerable: bool, as_json: bool, lang: Any) -> str:
    """``score --variant NAME CONTRACT RESULT``: one deal under the variant's scale.

    Text: ``below N, above M`` from declarer's side (negative above = the
    defenders' premium). Raises ParseError for bad words or a strain the variant
    has no bid in.
    """
    import json

    rec = find_variant_option(name).score_words(words, vulnerable, lang.parse_contract)
    return json.dumps(rec, ensure_ascii=False) if as_json else score_line(rec)


# -- show ---------------------------------------------------------------------------------


def run_show(name: str, infile: str, from_fmt: str | None, ascii_: bool, output: str | None) -> int:
    """``show --variant NAME``: draw each board's table."""
    variant = find_variant_option(name)
    records, source, _fmt = read_records(infile, from_fmt)
    code = int(ExitCode.OK)
    blocks: list[str] = []
    for rec in records:
        if isinstance(rec, BridgeError):
            click.echo(f"bridgecli: error: {localise(str(rec))}", err=True)
            code = max(code, int(ExitCode.USAGE))
            continue
        try:
            check_variant(variant, rec)
            blocks.append(render_variant_board(variant, rec, ascii_))
        except BridgeError as exc:
            click.echo(_where(exc, source, rec), err=True)
            code = max(code, int(ExitCode.USAGE) if isinstance(exc, ParseError) else int(ExitCode.RULES))
    with AtomicOutput(output) as fp:
        fp.write("\n\n".join(blocks) + ("\n" if blocks else ""))
        code = records_done(code, None, output)  # exit 2: -o keeps its old content
    return code


# -- score FILE: the rubber sheet ------------------------------------------------------


def run_rubber(name: str, path: str, from_fmt: str | None, as_json: bool, output: str | None) -> int:
    """``score --variant NAME FILE``: keep the rubbers of FILE's played boards, a column a player."""
    import json

    from bridgecli.render.scoresheet import variant_rubber_lines, variant_rubber_record
    from bridgecli.results.rubber_sessions import played_deals
    from bridgecli.variants.rubber import keep_rubbers

    variant = find_variant_option(name)
    records, source, _fmt = read_records(path, from_fmt)
    deals = []
    code = int(ExitCode.OK)
    for rec, deal in played_deals(variant, records):
        if isinstance(deal, BridgeError):
            click.echo(f"bridgecli: error: {localise(str(deal))}" if rec is None else _where(deal, source, rec), err=True)
            code = max(code, int(ExitCode.USAGE) if rec is None or isinstance(deal, ParseError)
                       else int(ExitCode.RULES))
            continue
        if deal is not None:
            deals.append(deal)
    sheets = keep_rubbers(variant.players, variant.rubber_scale, deals) if deals else []
    out: list[str] = []
    for i, sheet in enumerate(sheets, 1):
        if as_json:
            out.append(json.dumps(variant_rubber_record(i, variant, sheet), ensure_ascii=False))
        else:
            out.extend(variant_rubber_lines(i, sheet))
    with AtomicOutput(output) as fp:
        for line in out:
            fp.write(line + "\n")
        code = records_done(code, None, output)  # exit 2: -o keeps its old content
    if not sheets:
        note(f"{source}: no board with a finished play")
    return code
