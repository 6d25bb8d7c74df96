"""``bridgecli play``: replay and check the play of boards, finish it with a bot, or play at the terminal.

Translates options into calls of :mod:`bridgecli.checks.play`, :mod:`bridgecli.render.play` and
:class:`bridgecli.core.playbot.BotGame`, and prints.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import IO

import click

from bridgecli.cli import BridgeCliError, ExitCode, error_from, interrupts
from bridgecli.cli.common import (
    FORMAT_NAMES,
    AtomicOutput,
    board_option,
    get_lang,
    input_argument,
    json_option,
    keep_going_option,
    note,
    output_format,
    output_option,
    parse_board_numbers,
    read_records,
    records_done,
    report_capped,
    table_style_option,
    variant_option,
    whole_input,
)
from bridgecli.core.board import Board
from bridgecli.core.cards import Card, Seat
from bridgecli.core.errors import BridgeError
from bridgecli.core.notation import Language
from bridgecli.executors import streaming_gc

HINT = "play --analyse needs the DDS solver: pip install 'bridgecli[dds]'"  # when the solver is missing


def _report(exc: BridgeError, source: str, board: Board | None = None) -> int:
    exc.located(source=source, board=str(board.number) if board is not None and board.number is not None else None)
    err = error_from(exc)
    report_capped(f"bridgecli: error: {err.format_message()}", source)
    return int(err.exit_code)


# -- the command -----------------------------------------------------------------

EXAMPLES = (
    "\b\nExamples:\n"
    "  bridgecli play sample_deals/valid/club_session.pbn\n"
    "  bridgecli play sample_deals/valid/club_session.pbn --board 2 --tricks\n"
    '  bridgecli play --contract 4S --declarer S --cards "DJ D5 D2 DA" \\\n'
    '      --deal "N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.AK .5432.JT98.QJT98"\n'
)
"""The examples at the end of ``bridgecli play --help`` (run by the tests, from the repository root)."""


@click.command("play", epilog=EXAMPLES)
@input_argument
@board_option
@json_option
@click.option("--tricks", "show_tricks", is_flag=True, help="Also show the tricks as a table.")
@table_style_option("tabulate style of --tricks (plain, simple, grid, github...).")
@click.option("--deal", "deal_text", default=None, metavar="PBN", help='Inline deal, e.g. "N:AKQ.. ... ... ...".')
@click.option("--contract", "contract_text", default=None, metavar="CONTRACT", help="Inline contract, e.g. 4S or 3NTX.")
@click.option("--declarer", "declarer_text", default=None, metavar="N|E|S|W", help="Inline declarer seat.")
@click.option("--vul", "vul_text", default=None, metavar="none|ns|ew|all", help="Inline vulnerability: None, NS, EW, All.")
@click.option("--cards", "cards_text", default=None, metavar="CARDS", help='Inline cards in time order, e.g. "HK H2 H5 HA".')
@click.option("--complete", is_flag=True, help="Finish unfinished play with the bot and write the boards out.")
@click.option("--analyse", "--analyze", "analyse", is_flag=True,
              help="Double-dummy tricks after every card; mark cards that cost a trick (needs bridgecli[dds]).")
@click.option("--interactive", is_flag=True, help="Play one board at the terminal against the bot.")
@click.option("--seat", "seat_text", default=None, metavar="N|E|S|W", help="Seat you play with --interactive (default: declarer).")
@click.option("--from", "from_", type=click.Choice(FORMAT_NAMES, case_sensitive=False), default=None,
              help="Input format (default: from extension or content).")
@click.option("--to", "to", type=click.Choice(FORMAT_NAMES, case_sensitive=False), default=None,
              help="Output format of --complete/--interactive (default: from -o, else the input's).")
@output_option
@keep_going_option
@variant_option
@click.pass_context
def play(ctx: click.Context, infile: str, board_specs: tuple[str, ...], as_json: bool, show_tricks: bool, tablefmt: str,
         deal_text: str | None, contract_text: str | None, declarer_text: str | None, vul_text: str | None,
         cards_text: str | None, complete: bool, analyse: bool, interactive: bool, seat_text: str | None,
         from_: str | None, to: str | None, output: str | None, keep_going: bool = False,
         variant_name: str | None = None) -> None:
    """Replay the play of boards: legal or not, tricks, result and score.

    Reads every board with a deal, a contract and declarer (or an auction) and a
    play record; exit 1 if any play is illegal or disagrees with [Result].
    A record that cannot be read gives exit 2 and leaves -o FILE as it was,
    unless --keep-going (the rest is written, exit 1).
    """
    from bridgecli.checks import play as checks

    if not (complete or interactive):
        as_json = output_format(output, "json" if as_json else None, ("text", "json"), "text",
                                option="--json") == "json"
    lang = get_lang(ctx)
    wanted = parse_board_numbers(board_specs)
    if variant_name is not None:
        if (deal_text or contract_text or declarer_text or cards_text or complete or interactive or show_tricks
                or analyse):
            raise click.UsageError("--variant replays the boards of FILE: no --deal, --contract, --declarer,"
                                   " --cards, --complete, --interactive, --analyse or --tricks")
        from bridgecli.cli.common.variants import run_play

        ctx.exit(run_play(variant_name, infile, from_, as_json, wanted or None, output))
    if complete and interactive:
        raise click.UsageError("--complete and --interactive do not go together")
    if analyse:
        if complete or interactive:
            raise click.UsageError("--analyse does not go with --complete or --interactive")
        from bridgecli.solver import dds

        try:
            dds.load()
        except dds.SolverMissingError as exc:
            raise BridgeCliError(HINT, ExitCode.USAGE) from exc
    # 1. the boards
    source = "<inline>"
    in_fmt = "pbn"
    inline_cards: list[Card] | None = None
    if deal_text is not None:
        board = checks.inline_board(deal_text, contract_text, declarer=declarer_text, number=wanted.single(),
                                    vul=vul_text, lang=lang)
        records: Iterator[Board | BridgeError] = iter([board])
        inline_cards = checks.parse_cards(cards_text, lang) if cards_text else []
    else:
        if contract_text or declarer_text or cards_text:
            raise click.UsageError("--contract, --declarer and --cards go with --deal")
        records, source, in_fmt = read_records(infile, from_)
    out_fmt = (output_format(output, to, FORMAT_NAMES, in_fmt, option="--to") or in_fmt
               if complete or interactive else in_fmt)
    if interactive:
        picked = checks.first_board(records, wanted, source=source)
        if picked is None:
            raise BridgeCliError(f"{source}: no board {wanted}" if wanted else f"{source}: no board", ExitCode.USAGE)
        board = picked
        seat = lang.parse_seat(seat_text) if seat_text else None
        ctx.exit(_interactive(board, inline_cards, seat, lang, output, out_fmt))

    # 2. the replays: report lines to stdout (or -o FILE, atomically); --complete: boards to the output
    code = int(ExitCode.OK)
    tally = checks.PlayTally()
    finished = checks.BoardSpool()
    no_deal = no_play = 0
    from bridgecli.render import play as words

    with AtomicOutput(None if complete else output) as fp, streaming_gc():
        lines = _Lines(None if output in (None, "-") or complete else fp)
        for check in checks.check_play(records, numbers=wanted if deal_text is None else None, cards=inline_cards,
                                       complete=complete, tally=tally, batched=whole_input(infile)):
            this = check.board
            if check.finished is not None:
                finished.append(check.finished)
            if check.kind == "error":
                assert check.error is not None
                lines.flush()
                code = max(code, _report(check.error, source, this))
                continue
            no_play += check.kind == "no-play"
            no_deal += check.kind == "no-deal"
            if not check.ok:
                code = max(code, ExitCode.RULES)
            if complete:
                text = words.render_play(check, lang)
                if text is not None:
                    click.echo(text, err=True)
            elif analyse and check.kind == "played":
                assert this is not None and check.replay is not None
                try:
                    verdict = checks.analyse_play(this, check.replay)
                except BridgeError as exc:
                    lines.flush()
                    code = max(code, _report(exc, source, this))
                    continue
                lines.add(checks.analysis_json(this, check.replay, verdict) if as_json
                          else words.analysis_text(this, check.replay, verdict, lang))
            elif as_json:
                if check.kind not in ("no-play", "no-deal"):
                    lines.add(checks.json_line(check, with_tricks=show_tricks))
            else:
                text = words.render_play(check, lang, tablefmt if show_tricks else None)
                if text is not None:
                    lines.add(text)
        lines.flush()
        if tally.read == 0:
            raise BridgeCliError(f"{source}: no boards", ExitCode.USAGE)
        if no_play:  # (a board with no play record has no line: said, not dropped silently)
            note(f"{source}: " + (f"{no_play} of {tally.selected} boards have no play record"
                        if no_play < tally.selected else f"no board has a play record ({no_play} read)"))
        if no_deal:
            note(f"{source}: {no_deal} board{'s' if no_deal > 1 else ''} with a play record"
                        " but no deal not replayed")
        if wanted and tally.selected == 0:
            raise BridgeCliError(f"{source}: no board {wanted}", ExitCode.USAGE)
        if code >= ExitCode.USAGE and (output not in (None, "-") or keep_going):
            # a record that could not be read: -o keeps its old content, unless --keep-going
            code = records_done(code, keep_going and (tally.selected > 0 or deal_text is not None), output)
    if complete:
        _write(finished, out_fmt, output)
    ctx.exit(code)


class _Lines:
    """Report lines written in batches (to stdout by ``click.echo`` when ``fp`` is None);
    flushed before any message on stderr."""

    def __init__(self, fp: IO[str] | None, size: int = 512) -> None:
        self.fp, self.size = fp, size
        self.buf: list[str] = []

    def add(self, line: str) -> None:
        self.buf.append(line)
        if len(self.buf) >= self.size:
            self.flush()

    def flush(self) -> None:
        if self.buf:
            if self.fp is None:
                click.echo("\n".join(self.buf))
            else:
                self.fp.write("\n".join(self.buf) + "\n")
            self.buf.clear()


def _write(boards: Iterable[Board], fmt: str, output: str | None) -> None:
    from bridgecli.formats import iter_write

    with AtomicOutput(output) as fp:
        for chunk in iter_write(boards, fmt):
            fp.write(chunk)


# -- playing at the terminal -------------------------------------------------------


def _interactive(board: Board, cards: list[Card] | None, seat: Seat | None, lang: Language, output: str | None,
                 out_fmt: str) -> int:
    from bridgecli.core.play import replay_board
    from bridgecli.core.playbot import BotGame
    from bridgecli.render import play as words

    game = BotGame(board, cards, seat, lang)
    if game.replay.error is not None:
        click.echo(words.summary_line(board, game.replay, lang), err=True)
        return int(ExitCode.RULES)
    click.echo(words.game_intro(game, lang))
    drawn = None
    while not game.is_over:
        who = game.state.to_play
        assert who is not None
        if game.bot_to_play:
            _, card = game.bot_move()
            click.echo(f"{lang.seat_names[who]} {lang.word('plays')} {lang.card_str(card)}")
        else:
            if drawn is not game.state:
                click.echo(words.draw_table(game.state, game.visible(), game.you, lang))
                drawn = game.state
            try:
                text = click.prompt(f"{lang.seat_names[who]} {lang.word('to_play')}", prompt_suffix="> ", default="",
                                    show_default=False)
            except click.exceptions.Abort as exc:
                if not interrupts.quit_at_prompt(exc):
                    raise  # SIGTERM or SIGHUP: end the run (exit 143, 129), nothing saved
                game.stopped = True  # Ctrl-C or end of input: stop here, as 'quit'
                break
            kind, message = game.enter(text)
            if message:
                click.echo(message)
            if kind != "played":
                continue
        trick = game.trick_just_won()
        if trick is not None:
            click.echo(words.trick_line(trick, game.state.tricks_won, lang))
    state = game.state
    done = game.board_now()
    if state.is_complete:
        click.echo(words.summary_line(done, replay_board(done, state.contract), lang))
    else:
        click.echo(f"stopped after {len(state.tricks)} tricks")
    if output is not None:
        if game.stopped and not state.history:
            click.echo("nothing played; nothing saved", err=True)
        else:
            _write([done], out_fmt, output)
            click.echo(f"saved to {output}", err=True)
    return int(ExitCode.OK)


__all__ = ["play"]
