"""``bridgecli play``: replay and check the play of boards, finish it with a bot, or play at the terminal."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import IO, Any

import click

from bridgecli.cli import BridgeCliError, ExitCode, error_from
from bridgecli.cli.common import (
    FORMAT_NAMES,
    AtomicOutput,
    BoardNumbers,
    board_option,
    get_lang,
    input_argument,
    json_option,
    keep_going_option,
    output_format,
    output_option,
    parse_board_numbers,
    read_records,
    records_done,
    variant_option,
)
from bridgecli.core.board import Board
from bridgecli.core.calls import Contract
from bridgecli.core.cards import Card, Seat, Side, Vulnerability, dealer_of_board
from bridgecli.core.deal import Deal
from bridgecli.core.errors import BridgeError, IllegalPlayError, ParseError, RuleError
from bridgecli.core.notation import Language
from bridgecli.core.play import (
    PlayState,
    Replay,
    contract_of,
    end_position,
    replay_board,
    replay_cards,
    revoke_transfer,
    state_after,
)

_SIDE_NAMES = ("N-S", "E-W")


# -- what a replay means -------------------------------------------------------


def _score(contract: Contract, tricks: int, vul: Vulnerability | None) -> int:
    from bridgecli.core.scoring import score

    assert contract.declarer is not None
    vulnerable = vul.is_vul(contract.declarer) if vul is not None else False
    return int(score(contract, tricks, vulnerable))


def law64(board: Board, rep: Replay) -> tuple[int, int] | None:
    """For a recorded revoke: (tricks transferred, declarer's tricks after Law 64A) if the
    play, with the revoke let stand, is otherwise legal and finished; else None.
    """
    if rep.error is None or rep.error.reason != "revoke" or board.play is None:
        return None
    again = replay_board(board, rep.contract, allow_revokes=True)
    if not again.legal or not again.complete or again.claimed:
        return None
    declarer = rep.contract.declarer
    assert declarer is not None
    moved = revoke_transfer(again.tricks, again.revokes, declarer.partner)
    side = declarer.side
    return (moved[0] + moved[1], again.declarer_tricks + moved[side] - moved[1 - side])


def outcome(board: Board, rep: Replay, *, with_tricks: bool = False) -> dict[str, Any]:
    """The JSON object of one replayed board (keys of issue #5, plus ``complete`` and ``mismatch``)."""
    contract = rep.contract
    assert contract.declarer is not None
    finished = rep.legal and rep.complete
    obj: dict[str, Any] = {
        "board": board.number,
        "legal": rep.legal,
        "contract": contract.pbn,
        "declarer": contract.declarer.letter,
        "declarer_tricks": rep.declarer_tricks,
        "result": rep.declarer_tricks - contract.required_tricks if finished else None,
        "score": _score(contract, rep.declarer_tricks, board.effective_vulnerability) if finished else None,
        "claimed": rep.claimed,
        "complete": rep.complete,
    }
    if rep.error is not None:
        obj["error"] = {
            "trick": rep.error.trick,
            "seat": rep.error_seat.letter if rep.error_seat is not None else None,
            "card": str(rep.error_card) if rep.error_card is not None else None,
            "reason": rep.error.reason,
            "message": rep.error.message,
        }
        transfer = law64(board, rep)
        if transfer is not None:
            obj["error"]["law64"] = {"transferred": transfer[0], "declarer_tricks": transfer[1]}
    if rep.mismatch is not None:
        obj["mismatch"] = {"recorded": board.result, "message": rep.mismatch}
    if with_tricks:
        obj["tricks"] = [
            {"leader": t.leader.letter, "cards": [str(c) for c in t.cards], "winner": t.winner.letter}
            for t in rep.tricks
        ]
    return obj


def _result_words(over: int, lang: Language) -> str:
    if over == 0:
        return f"{lang.word('made')} (=)"
    if over > 0:
        return f"{lang.word('made')} (+{over})"
    return f"{lang.word('down')} {-over} ({over})"


def summary_line(board: Board, rep: Replay, lang: Language) -> str:
    """``Board 5: 4S by S, 10 tricks, made (=), N-S +420`` (or what went wrong)."""
    contract = rep.contract
    assert contract.declarer is not None
    head = f"{lang.word('board')} {board.number}" if board.number is not None else lang.word("play")
    text = f"{head}: {lang.contract_str(contract, declarer=True)}, "
    if rep.error is not None:
        seat = lang.seat_str(rep.error_seat) if rep.error_seat is not None else "?"
        msg = rep.error.message
        tag = "" if msg.startswith(rep.error.reason) else f" [{rep.error.reason}]"
        msg = lang.translate_error(msg)
        text += lang.word("illegal_play").format(trick=rep.error.trick, seat=seat) + f": {msg}{tag}"
        transfer = law64(board, rep)
        if transfer is not None:
            text += (f"; if the revoke stands, Law 64A transfers {transfer[0]} trick{'' if transfer[0] == 1 else 's'}:"
                     f" declarer {transfer[1]}")
        return text
    if not rep.complete:
        n = rep.tricks_played
        text += lang.word("play_stops_1" if n == 1 else "play_stops_n").format(n=n, d=rep.declarer_tricks)
    else:
        over = rep.declarer_tricks - contract.required_tricks
        pts = _score(contract, rep.declarer_tricks, board.effective_vulnerability)
        claim = " " + lang.word("claimed_after").format(n=rep.tricks_played) if rep.claimed else ""
        text += (f"{rep.declarer_tricks} {lang.word('tricks')}{claim}, {_result_words(over, lang)},"
                 f" {lang.word(('side_ns', 'side_ew')[contract.declarer.side])} {pts:+d}")
    if rep.mismatch is not None:
        text += f"; mismatch: {rep.mismatch}"
    return text


def tricks_table(rep: Replay, lang: Language, tablefmt: str) -> str:
    """The tricks as a table: leader, the cards in play order, winner, running count."""
    from tabulate import tabulate

    assert rep.contract.declarer is not None
    side = rep.contract.declarer.side
    rows: list[list[Any]] = []
    decl = defs = 0
    for t in rep.tricks:
        if t.winner.side == side:
            decl += 1
        else:
            defs += 1
        rows.append([t.number, lang.seat_str(t.leader), *(lang.card_str(c) for c in t.cards),
                     lang.seat_str(t.winner), decl, defs])
    cur = rep.current_trick
    if cur:
        cards = [lang.card_str(c) for _, c in cur] + [""] * (4 - len(cur))
        rows.append([rep.tricks_played + 1, lang.seat_str(cur[0][0]), *cards[:4], "", decl, defs])
    headers = [lang.word(f"col_{k}") for k in ("trick", "lead", "1st", "2nd", "3rd", "4th", "won", "decl", "def")]
    return tabulate(rows, headers=headers, tablefmt=tablefmt)


def _passed_out(board: Board) -> bool:
    """Whether the board's contract (tags, else a complete auction) is a pass-out; never raises."""
    try:
        contract = contract_of(board)
    except BridgeError:
        return False
    return contract is not None and contract.is_passout


def passout_outcome(board: Board) -> dict[str, Any]:
    """The JSON object of a passed-out board: no declarer, no play, score 0."""
    return {"board": board.number, "legal": True, "contract": "Pass", "declarer": None, "declarer_tricks": None,
            "result": None, "score": 0, "claimed": False, "complete": True}


def passout_line(board: Board, lang: Language) -> str:
    """``Board 9: passed out``."""
    head = f"{lang.word('board')} {board.number}" if board.number is not None else lang.word("play")
    return f"{head}: {lang.word('auction_passed_out')}"


def end_position_report(board: Board, rep: Replay, lang: Language, as_json: bool) -> str:
    """The line (or JSON object) of a replayed end position (PBN 3.10): no contract
    level, so no result or score, only the tricks each side took."""
    contract = rep.contract
    leader = board.play_leader
    won = rep.tricks_won
    if as_json:
        obj: dict[str, Any] = {
            "board": board.number, "legal": rep.legal, "end_position": True,
            "strain": board.tags.get("Contract", "").strip().upper(),
            "leader": leader.letter if leader is not None else None,
            "tricks_played": rep.tricks_played, "tricks_ns": won[0], "tricks_ew": won[1],
        }
        if rep.error is not None:
            obj["error"] = {"trick": rep.error.trick, "reason": rep.error.reason, "message": rep.error.message}
        return json.dumps(obj, ensure_ascii=False)
    head = f"{lang.word('board')} {board.number}" if board.number is not None else lang.word("play")
    strain = lang.strain_str(contract.strain)
    who = f", {lang.seat_str(leader)} leads" if leader is not None else ""
    text = f"{head}: end position in {strain}{who}: "
    if rep.error is not None:
        seat = lang.seat_str(rep.error_seat) if rep.error_seat is not None else "?"
        return text + lang.word("illegal_play").format(trick=rep.error.trick, seat=seat) + f": {rep.error.message}"
    return (text + f"{rep.tricks_played} {lang.word('tricks')} played, {lang.word('side_ns')} {won[0]},"
            f" {lang.word('side_ew')} {won[1]}")


def no_card_report(board: Board, lang: Language, as_json: bool) -> str:
    """A play record that holds no card yet (a lead problem: ``[Play "W"]`` then ``+``)."""
    leader = board.play_leader
    if as_json:
        return json.dumps({"board": board.number, "legal": True, "tricks_played": 0, "no_card": True,
                           "leader": leader.letter if leader is not None else None})
    head = f"{lang.word('board')} {board.number}" if board.number is not None else lang.word("play")
    who = f"{lang.seat_str(leader)} to lead" if leader is not None else "the lead to come"
    return f"{head}: no card played yet ({who})"


# -- reading -------------------------------------------------------------------


class _Lines:
    """Stdout lines written in batches (one write per many boards); flushed before any stderr message."""

    def __init__(self, size: int = 512, keep: bool = False) -> None:
        self.buf: list[str] = []
        self.size = size
        self.keep = keep
        """Hold every line for :meth:`write` (``-o FILE``) instead of echoing batches
        (in a temporary file past the first batches: memory stays flat)."""
        self.spool: IO[str] | None = None

    def add(self, line: str) -> None:
        self.buf.append(line)
        if len(self.buf) >= self.size:
            self.flush()

    def write(self, output: str) -> None:
        """Write the held lines to ``output`` at once (atomically)."""
        with AtomicOutput(output) as fp:
            if self.spool is not None:
                import shutil

                self.spool.seek(0)
                shutil.copyfileobj(self.spool, fp)
                self.spool.close()
                self.spool = None
            fp.write("".join(line + "\n" for line in self.buf))
        self.buf.clear()

    def flush(self) -> None:
        if self.buf and self.keep and len(self.buf) >= self.size:
            if self.spool is None:
                import tempfile

                self.spool = tempfile.SpooledTemporaryFile(1 << 20, mode="w+", encoding="utf-8", newline="")  # noqa: SIM115
            self.spool.write("".join(line + "\n" for line in self.buf))
            self.buf.clear()
        if self.buf and not self.keep:
            click.echo("\n".join(self.buf))
            self.buf.clear()


class _Boards:
    """Boards kept for writing at the end (``--complete``), pickled to a temporary file
    past the first few hundred so that memory stays flat."""

    def __init__(self, size: int = 256) -> None:
        self.buf: list[Board] = []
        self.size = size
        self.spool: IO[bytes] | None = None

    def append(self, board: Board) -> None:
        self.buf.append(board)
        if len(self.buf) >= self.size:
            import pickle

            if self.spool is None:
                import tempfile

                self.spool = tempfile.SpooledTemporaryFile(1 << 20)  # noqa: SIM115
            pickle.dump(self.buf, self.spool, protocol=pickle.HIGHEST_PROTOCOL)
            self.buf = []

    def __iter__(self) -> Iterator[Board]:
        if self.spool is not None:
            import pickle

            self.spool.seek(0)
            while True:
                try:
                    batch = pickle.load(self.spool)
                except EOFError:
                    break
                yield from batch
        yield from self.buf


def _report(exc: BridgeError, source: str, board: Board | None = None) -> int:
    exc.located(source=source, board=str(board.number) if board is not None and board.number is not None else None)
    from bridgecli.cli.common import report_capped

    err = error_from(exc)
    report_capped(f"bridgecli: error: {err.format_message()}", source)
    return int(err.exit_code)


def _parse_cards(text: str, lang: Language) -> list[Card]:
    return [lang.parse_card(tok) for tok in text.replace(",", " ").split()]


def _inline_deal(text: str, lang: Language) -> Deal:
    """A PBN deal string, its ranks read in ``lang`` too (``N:AKDW.10...``)."""
    try:
        return Deal.from_pbn(text)
    except ParseError:
        t = text.strip()
        if len(t) < 2 or t[1] != ":":
            raise
        first = lang.parse_seat(t[0])
        hands = [lang.parse_hand(h) if h != "-" else None for h in t[2:].split()]
        if len(hands) != 4:
            raise
        return Deal.from_pbn(f"{first.letter}:" + " ".join("-" if h is None else h.to_pbn() for h in hands))


def _inline_board(deal_text: str, contract_text: str | None, declarer_text: str | None, number: int | None,
                  vul_text: str | None, lang: Language) -> Board:
    deal = _inline_deal(deal_text, lang)
    if contract_text is None:
        raise ParseError("--deal needs --contract (e.g. --contract 4S --declarer S)")
    contract = lang.parse_contract(contract_text)
    if declarer_text is not None:
        contract = contract.with_declarer(lang.parse_seat(declarer_text))
    if contract.declarer is None and not contract.is_passout:
        raise ParseError(f"contract {contract_text!r} needs a declarer (--declarer S or '4S by S')")
    vul = lang.parse_vul(vul_text) if vul_text is not None else (None if number is not None else Vulnerability.NONE)
    dealer = dealer_of_board(number) if number is not None else None
    return Board(number=number, dealer=dealer, vulnerability=vul, deal=deal, contract=contract)


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
@click.option("--fmt", "tablefmt", default="simple", show_default=True, metavar="STYLE",
              help="tabulate style of --tricks (plain, simple, grid, github...).")
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
         from_: str | None,
         to: str | None, output: str | None, keep_going: bool = False, variant_name: str | None = None) -> None:
    """Replay the play of boards: legal or not, tricks, result and score.

    Reads every board with a deal, a contract and declarer (or an auction) and a
    play record; exit 1 if any play is illegal or disagrees with [Result].
    A record that cannot be read gives exit 2 and leaves -o FILE as it was,
    unless --keep-going (the rest is written, exit 1).
    """
    if not (complete or interactive):
        as_json = output_format(output, "json" if as_json else None, ("text", "json"), "text",
                                option="--json") == "json"
    lang = get_lang(ctx)
    wanted = parse_board_numbers(board_specs)
    if tablefmt != "simple":
        from tabulate import tabulate_formats

        if tablefmt not in tabulate_formats:
            raise click.BadParameter(f"unknown table style {tablefmt!r}", param_hint="--fmt")
    if variant_name is not None:
        if (deal_text or contract_text or declarer_text or cards_text or complete or interactive or show_tricks
                or analyse):
            raise click.UsageError("--variant replays the boards of FILE: no --deal, --contract, --declarer,"
                                   " --cards, --complete, --interactive, --analyse or --tricks")
        from bridgecli.cli.variants import run_play

        ctx.exit(run_play(variant_name, infile, from_, as_json, wanted or None, output))
    if complete and interactive:
        raise click.UsageError("--complete and --interactive do not go together")
    if analyse:
        if complete or interactive:
            raise click.UsageError("--analyse does not go with --complete or --interactive")
        from bridgecli.cli import play_analyse

        play_analyse.require_solver()
    # 1. the boards
    source = "<inline>"
    in_fmt = "pbn"
    if deal_text is not None:
        board = _inline_board(deal_text, contract_text, declarer_text, wanted.single(), vul_text, lang)
        records: Iterator[Board | BridgeError] = iter([board])
        inline_cards = _parse_cards(cards_text, lang) if cards_text else []
    else:
        if contract_text or declarer_text or cards_text:
            raise click.UsageError("--contract, --declarer and --cards go with --deal")
        records, source, in_fmt = read_records(infile, from_)
        inline_cards = None
    out_fmt = (output_format(output, to, FORMAT_NAMES, in_fmt, option="--to") or in_fmt
               if complete or interactive else in_fmt)

    if interactive:
        board = _pick_one(records, wanted, source)
        seat = lang.parse_seat(seat_text) if seat_text else None
        code = _interactive(board, inline_cards, seat, lang, output, out_fmt)
        ctx.exit(code)

    code = int(ExitCode.OK)
    report_to_file = output not in (None, "-") and not complete
    out = _Lines(keep=report_to_file)
    finished = _Boards()
    seen = skipped = read = lost = no_deal = 0
    for rec in records:
        read += 1
        if isinstance(rec, BridgeError):
            out.flush()
            code = max(code, _report(rec, source))
            lost += 1
            continue
        board = rec
        if wanted and deal_text is None and board.number not in wanted:
            continue
        seen += 1
        if not complete and (inline_cards is None or not inline_cards) and board.play is None:
            if _passed_out(board):
                out.add(json.dumps(passout_outcome(board)) if as_json else passout_line(board, lang))
                continue
            if inline_cards is None:
                skipped += 1
                continue
        if not complete and inline_cards is None and board.play is not None:
            if board.deal is None:
                no_deal += 1  # nothing to replay the cards against: not an error in the record
                continue
            if not any(pc.card is not None for row in board.play for pc in row):
                out.add(no_card_report(board, lang, as_json))
                continue
            stand_in = end_position(board)
            if stand_in is not None:
                try:
                    rep = replay_board(board, stand_in)
                except BridgeError as exc:
                    out.flush()
                    code = max(code, _report(exc, source, board))
                    continue
                if not rep.legal:
                    code = max(code, ExitCode.RULES)
                out.add(end_position_report(board, rep, lang, as_json))
                continue
        try:
            contract = contract_of(board)
            if complete and (contract is None or contract.is_passout or board.deal is None):
                finished.append(board)
                if contract is not None and contract.is_passout:
                    click.echo(passout_line(board, lang), err=True)
                    continue
                raise RuleError(f"{board.label}: needs a deal and a contract with declarer to complete")
            if inline_cards is not None:
                assert board.deal is not None and contract is not None
                rep = replay_cards(board.deal, contract, inline_cards, board=board)
            else:
                rep = replay_board(board, contract)
        except BridgeError as exc:
            out.flush()
            code = max(code, _report(exc, source, board))
            continue
        if complete:
            if not rep.legal:
                finished.append(board)
                code = max(code, ExitCode.RULES)
                click.echo(summary_line(board, rep, lang), err=True)
                continue
            assert board.deal is not None
            state = state_after(rep, board.deal)
            if rep.claimed:
                state = state.claim(rep.declarer_tricks - state.tricks_won[state.declarer.side])
            from bridgecli.core.playbot import play_out

            state = play_out(state)
            done = state.to_board(board)
            finished.append(done)
            click.echo(summary_line(done, replay_board(done, state.contract), lang), err=True)
            continue
        if not rep.legal or rep.mismatch is not None:
            code = max(code, ExitCode.RULES)
        if analyse:
            try:
                verdict = play_analyse.analyse(board, rep)
            except BridgeError as exc:
                out.flush()
                code = max(code, _report(exc, source, board))
                continue
            out.add(play_analyse.render(board, rep, verdict, lang, as_json))
            continue
        if as_json:
            out.add(json.dumps(outcome(board, rep, with_tricks=show_tricks), ensure_ascii=False))
        else:
            out.add(summary_line(board, rep, lang))
            if show_tricks:
                out.add(tricks_table(rep, lang, tablefmt))
    out.flush()
    if read == 0:
        raise BridgeCliError(f"{source}: no boards", ExitCode.USAGE)
    if skipped and skipped == seen:
        click.echo(f"bridgecli: note: {source}: no board has a play record ({skipped} read)", err=True)
    if no_deal:
        click.echo(f"bridgecli: note: {source}: {no_deal} board{'s' if no_deal > 1 else ''} with a play record"
                   " but no deal not replayed", err=True)
    if wanted and seen == 0:
        raise BridgeCliError(f"{source}: no board {wanted}", ExitCode.USAGE)
    if code >= ExitCode.USAGE and (report_to_file or (complete and output not in (None, "-")) or keep_going):
        # a record that could not be read: -o keeps its old content, unless --keep-going
        code = records_done(code, keep_going and (seen > 0 or deal_text is not None), output)
    if report_to_file:
        assert output is not None
        out.write(output)
    if complete:
        _write(finished, out_fmt, output)
    ctx.exit(code)


def _write(boards: Iterable[Board], fmt: str, output: str | None) -> None:
    from bridgecli.formats import iter_write

    with AtomicOutput(output) as fp:
        for chunk in iter_write(boards, fmt):
            fp.write(chunk)


def _pick_one(records: Iterator[Board | BridgeError], wanted: BoardNumbers, source: str) -> Board:
    """The first board of ``records`` among ``wanted`` (any board when none is asked for;
    a board without a number is taken as the one meant)."""
    for rec in records:
        if isinstance(rec, BridgeError):
            raise rec.located(source=source)
        if not wanted or rec.number in wanted or rec.number is None:
            return rec
    raise BridgeCliError(f"{source}: no board {wanted}" if wanted else f"{source}: no board", ExitCode.USAGE)


# -- playing at the terminal -------------------------------------------------------


def draw_table(state: PlayState, visible: set[Seat], you: set[Seat], lang: Language) -> str:
    """A compass drawing (``bridgecli.render.text``): the hands as far as visible, the trick so far and the count."""
    from bridgecli.render.text import render_diagram

    labels = {}
    for seat in Seat:
        tags = []
        if seat == state.declarer:
            tags.append("declarer")
        if seat == state.dummy:
            tags.append("dummy")
        if seat in you:
            tags.append("you")
        if tags:
            labels[lang.seat_names[seat]] = ", ".join(tags)
    hands = tuple(state.hand(s) if s in visible else None for s in Seat)
    view = Board(deal=Deal(hands), tags=labels)  # type: ignore[arg-type]
    out = [render_diagram(view, lang=lang)]
    trick = state.current_trick
    shown = "  ".join(f"{lang.seat_str(s)} {lang.card_str(c)}" for s, c in trick) or lang.word("no_card_yet")
    out.append(f"Trick {state.trick_number}: {shown}")
    won = state.tricks_won
    out.append(f"{lang.contract_str(state.contract, declarer=True)}; {lang.word('tricks')} "
               f"{lang.word('side_ns')} {won[Side.NS]}, {lang.word('side_ew')} {won[Side.EW]}")
    return "\n".join(out)


def _interactive(board: Board, cards: list[Card] | None, seat: Seat | None, lang: Language, output: str | None,
                 out_fmt: str) -> int:
    contract = contract_of(board)
    if contract is None or contract.is_passout or board.deal is None:
        raise RuleError(f"{board.label}: needs a deal and a contract with declarer to play")
    if cards:
        rep = replay_cards(board.deal, contract, cards, board=board)
    elif board.play:
        rep = replay_board(board, contract)
    else:
        rep = replay_cards(board.deal, contract, [], board=board)
    if rep.error is not None:
        click.echo(summary_line(board, rep, lang), err=True)
        return int(ExitCode.RULES)
    state = state_after(rep, board.deal)
    from bridgecli.core.playbot import choose_card

    you_seat = seat if seat is not None else state.declarer
    if you_seat == state.dummy:
        you_seat = state.declarer
    you = {you_seat, state.dummy} if you_seat == state.declarer else {you_seat}
    marks: list[PlayState] = []
    quit_early = False
    drawn: PlayState | None = None
    title = f"{lang.word('board')} {board.number}" if board.number is not None else lang.word("play")
    click.echo(f"{title}: {lang.contract_str(contract, declarer=True)}; {lang.word('you_play')}"
               f" {(' ' + lang.word('and') + ' ').join(lang.seat_names[s] for s in sorted(you))}."
               f" {lang.word('play_hint')}")
    while not state.is_complete:
        who = state.to_play
        assert who is not None
        if who not in you:
            card = choose_card(state)
            state = state.play(card)
            click.echo(f"{lang.seat_names[who]} {lang.word('plays')} {lang.card_str(card)}")
            _announce_trick(state, lang)
            continue
        visible = set(you)
        if state.tricks or state.current_trick:
            visible.add(state.dummy)
        if drawn is not state:
            click.echo(draw_table(state, visible, you, lang))
            drawn = state
        try:
            text = click.prompt(f"{lang.seat_names[who]} {lang.word('to_play')}", prompt_suffix="> ", default="",
                                show_default=False)
        except click.exceptions.Abort as exc:
            from bridgecli.cli import interrupts

            if not interrupts.quit_at_prompt(exc):
                raise  # SIGTERM or SIGHUP: end the run (exit 143, 129), nothing saved
            quit_early = True  # Ctrl-C or end of input: stop here, as 'quit'
            break
        text = text.strip()
        words = text.lower().split()
        if not words:
            legal = " ".join(lang.card_str(c) for c in reversed(state.legal_cards()))
            click.echo(f"legal cards: {legal}")
            continue
        if words[0] in ("quit", "q", "exit"):
            quit_early = True
            break
        if words[0] == "undo":
            if not marks:
                click.echo("nothing to undo")
            else:
                state = marks.pop()
                click.echo("undone")
            continue
        if words[0] == "claim":
            try:
                n = int(words[1]) if len(words) == 2 else -1
                side = you_seat.side
                state = state.claim(n, side)
            except (ValueError, RuleError) as exc:
                msg = exc.message if isinstance(exc, RuleError) else f"not a number: {text!r}"
                click.echo(f"refused: {msg} (claim N, N = 0..{state.remaining_tricks})")
                continue
            click.echo(f"claim of {n} more tricks accepted")
            break
        try:
            card = lang.parse_card(text)
            new = state.play(card, seat=who)
        except ParseError as exc:
            click.echo(f"refused: {exc.message}")
            continue
        except IllegalPlayError as exc:
            click.echo(f"refused: {exc.message} [{exc.reason}]")
            continue
        marks.append(state)
        state = new
        _announce_trick(state, lang)
    done = state.to_board(board)
    if state.is_complete:
        click.echo(summary_line(done, replay_board(done, state.contract), lang))
    else:
        click.echo(f"stopped after {len(state.tricks)} tricks")
    if output is not None:
        if quit_early and not state.history:
            click.echo("nothing played; nothing saved", err=True)
        else:
            _write([done], out_fmt, output)
            click.echo(f"saved to {output}", err=True)
    return int(ExitCode.OK)


def _announce_trick(state: PlayState, lang: Language) -> None:
    if state.current_trick or not state.tricks:
        return
    t = state.tricks[-1]
    won = state.tricks_won
    click.echo(lang.word("trick_to").format(n=t.number, seat=lang.seat_names[t.winner])
               + f" ({lang.word('side_ns')} {won[0]}, {lang.word('side_ew')} {won[1]})")


__all__ = ["draw_table", "outcome", "play", "summary_line", "tricks_table"]
