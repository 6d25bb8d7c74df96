"""The play of a board in words: the lines and tables of ``bridgecli play``.

Pure functions from a board and its :class:`~bridgecli.core.play.Replay` (or a
:class:`~bridgecli.checks.play.PlayCheck`) to text, in any
:class:`~bridgecli.core.notation.Language`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bridgecli.core.board import Board
from bridgecli.core.cards import Seat, Side

if TYPE_CHECKING:
    from bridgecli.checks.play import PlayCheck
    from bridgecli.core.notation import Language
    from bridgecli.core.play import PlayState, Replay, Trick
    from bridgecli.core.playbot import BotGame
    from bridgecli.solver.analysis import PlayAnalysis


def _english(lang: Language | None) -> Language:
    from bridgecli.core.notation import ENGLISH

    return lang if lang is not None else ENGLISH


def _head(board: Board, lang: Language) -> str:
    return f"{lang.word('board')} {board.number}" if board.number is not None else lang.word("play")


def _result_words(over: int, lang: Language) -> str:
    if over == 0:
        return f"{lang.word('made')} (=)"
    if over > 0:
        return f"{lang.word('made')} (+{over})"
    return f"{lang.word('down')} {-over} ({over})"


def summary_line(board: Board, rep: Replay, lang: Language | None = None) -> str:
    """``Board 5: 4S by S, 10 tricks, made (=), N-S +620`` (or what went wrong)."""
    from bridgecli.checks.play import law64, play_score

    lang = _english(lang)
    contract = rep.contract
    assert contract.declarer is not None
    text = f"{_head(board, lang)}: {lang.contract_str(contract, declarer=True)}, "
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
        pts = play_score(contract, rep.declarer_tricks, board.effective_vulnerability)
        claim = " " + lang.word("claimed_after").format(n=rep.tricks_played) if rep.claimed else ""
        text += (f"{rep.declarer_tricks} {lang.word('tricks')}{claim}, {_result_words(over, lang)},"
                 f" {lang.word(('side_ns', 'side_ew')[contract.declarer.side])} {pts:+d}")
    if rep.mismatch is not None:
        text += f"; mismatch: {rep.mismatch}"
    return text


def tricks_table(rep: Replay, lang: Language | None = None, tablefmt: str = "simple") -> str:
    """The tricks as a table (tabulate style ``tablefmt``): leader, the cards in play order,
    winner, running count of declarer's and the defenders' tricks."""
    from tabulate import tabulate

    lang = _english(lang)
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


def passout_line(board: Board, lang: Language | None = None) -> str:
    """``Board 9: passed out``."""
    lang = _english(lang)
    return f"{_head(board, lang)}: {lang.word('auction_passed_out')}"


def end_position_line(board: Board, rep: Replay, lang: Language | None = None) -> str:
    """The line of a replayed end position (PBN 3.10): no contract level, so no result
    or score, only the tricks each side took."""
    lang = _english(lang)
    leader = board.play_leader
    won = rep.tricks_won
    strain = lang.strain_str(rep.contract.strain)
    who = f", {lang.seat_str(leader)} leads" if leader is not None else ""
    text = f"{_head(board, lang)}: end position in {strain}{who}: "
    if rep.error is not None:
        seat = lang.seat_str(rep.error_seat) if rep.error_seat is not None else "?"
        return text + lang.word("illegal_play").format(trick=rep.error.trick, seat=seat) + f": {rep.error.message}"
    return (text + f"{rep.tricks_played} {lang.word('tricks')} played, {lang.word('side_ns')} {won[0]},"
            f" {lang.word('side_ew')} {won[1]}")


def no_card_line(board: Board, lang: Language | None = None) -> str:
    """A play record that holds no card yet (a lead problem: ``[Play "W"]`` then ``+``)."""
    lang = _english(lang)
    leader = board.play_leader
    who = f"{lang.seat_str(leader)} to lead" if leader is not None else "the lead to come"
    return f"{_head(board, lang)}: no card played yet ({who})"


def render_play(check: PlayCheck, lang: Language | None = None, tablefmt: str | None = None) -> str | None:
    """The report of one :class:`~bridgecli.checks.play.PlayCheck`, as ``bridgecli play`` prints it.

    Args:
        check: What :func:`~bridgecli.checks.play.check_play` found on a board.
        lang: The notation (default English).
        tablefmt: A tabulate style: add the table of the tricks after a replayed play.

    Returns:
        ``Board 5: 4S by S, 10 tricks, made (=), N-S +620`` and the like; None for a
        board with nothing to report (no play record, no deal, an error).
    """
    board, rep = check.board, check.replay
    if board is None:
        return None
    if check.kind == "played":
        assert rep is not None
        line = summary_line(board, rep, lang)
        return line if tablefmt is None else line + "\n" + tricks_table(rep, lang, tablefmt)
    if check.kind == "passed-out":
        return passout_line(board, lang)
    if check.kind == "end-position":
        assert rep is not None
        return end_position_line(board, rep, lang)
    if check.kind == "no-card":
        return no_card_line(board, lang)
    return None


def analysis_text(board: Board, rep: Replay, a: PlayAnalysis, lang: Language | None = None) -> str:
    """A heading and one line a trick: each card with declarer's double-dummy tricks after it.

    A card that gave tricks away is marked ``*`` (``*2`` for two).
    """
    lang = _english(lang)
    assert rep.contract.declarer is not None
    head = f"Board {board.number}" if board.number is not None else "Play"
    tricks = f"{a.tricks_start} trick{'' if a.tricks_start == 1 else 's'}"
    first = (f"{head}: {lang.contract_str(rep.contract, declarer=True)}, double-dummy {tricks} at the start; "
             f"declarer gave away {a.declarer_cost}, the defence {a.defence_cost}")
    lines = [first]
    by_trick: dict[int, list[str]] = {}
    for v in a.cards:
        mark = "" if not v.cost else ("*" if v.cost == 1 else f"*{v.cost}")
        by_trick.setdefault(v.trick, []).append(f"{lang.seat_str(v.seat)} {lang.card_str(v.card)} {v.tricks_after}{mark}")
    for trick, cards in by_trick.items():
        lines.append(f"{trick:>3}  " + "  ".join(cards))
    if not rep.legal and rep.error is not None:
        lines.append(f"     stops at the illegal card of trick {rep.error.trick}")
    return "\n".join(lines)


def draw_table(state: PlayState, visible: set[Seat], you: set[Seat], lang: Language | None = None) -> str:
    """A compass drawing of a position: the hands as far as ``visible``, the trick so far and the count."""
    from bridgecli.core.deal import Deal
    from bridgecli.render.text import render_diagram

    lang = _english(lang)
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


def game_intro(game: BotGame, lang: Language | None = None) -> str:
    """The first line of a game against the bot: the contract, your seats, the commands."""
    lang = _english(lang)
    you = f" {lang.word('and')} ".join(lang.seat_names[s] for s in sorted(game.you))
    return (f"{_head(game.board, lang)}: {lang.contract_str(game.state.contract, declarer=True)};"
            f" {lang.word('you_play')} {you}. {lang.word('play_hint')}")


def trick_line(trick: Trick, won: tuple[int, int], lang: Language | None = None) -> str:
    """``Trick 3 to South (N-S 2, E-W 1)``: who won a trick, and the count after it."""
    lang = _english(lang)
    return (lang.word("trick_to").format(n=trick.number, seat=lang.seat_names[trick.winner])
            + f" ({lang.word('side_ns')} {won[0]}, {lang.word('side_ew')} {won[1]})")


__all__ = [
    "analysis_text",
    "draw_table",
    "end_position_line",
    "game_intro",
    "no_card_line",
    "passout_line",
    "render_play",
    "summary_line",
    "trick_line",
    "tricks_table",
]
