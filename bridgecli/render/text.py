"""Boards as terminal text: compass diagram, auction grid, contract and result, play.

Every function is pure and takes its options as keyword arguments:

* ``ascii``: suit letters (S H D C) instead of the symbols ♠♥♦♣;
* ``tens``: write the ten as ``10`` (the default, as players do) or as the
  language's letter (``T`` in English);
* ``lang``: a :class:`~bridgecli.core.notation.Language`; every word and token
  printed comes from its tables;
* ``red``: a function that styles a red suit symbol (the CLI passes
  ``click.style(..., fg="red")`` on a terminal); applied after layout, so
  widths are never thrown off by escape codes;
* ``tablefmt``: the tabulate style of the auction and play grids.

tabulate is imported only when a grid is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from bridgecli.core import fastpaths
from bridgecli.core.board import AnnotatedCall, Board
from bridgecli.core.calls import Bid, Call, Pass
from bridgecli.core.cards import SUITS_DESC, Card, Hand, Rank, Seat, Suit, Vulnerability
from bridgecli.core.contract import Contract
from bridgecli.core.notation import ENGLISH, Language

if TYPE_CHECKING:
    from bridgecli.core.ddtable import DDTable

#: A function that styles a piece of text (e.g. colours it red).
Style = Callable[[str], str]

#: Seats in the column order of the auction and play grids.
GRID_SEATS: tuple[Seat, ...] = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)

_RED_SYMBOLS = (Suit.HEARTS.symbol, Suit.DIAMONDS.symbol)
_GAP = 4


# -- tokens ---------------------------------------------------------------


def rank_text(rank: Rank, *, lang: Language = ENGLISH, tens: bool = True) -> str:
    """A rank as printed: ``10`` for the ten when ``tens``, else the language's letter."""
    if tens and rank == Rank.TEN:
        return "10"
    return lang.rank_str(rank)


def suit_text(suit: Suit, *, lang: Language = ENGLISH, ascii: bool = False) -> str:
    """A suit as printed: its symbol, or the language's letter when ``ascii``."""
    return lang.suit_str(suit, symbols=not ascii)


def card_text(card: Card, *, lang: Language = ENGLISH, ascii: bool = False, tens: bool = True) -> str:
    """A card as printed: suit then rank, ``♠A``, ``♥10`` or ``HT``."""
    return suit_text(card.suit, lang=lang, ascii=ascii) + rank_text(card.rank, lang=lang, tens=tens)


#: A cache: the text of each of the 38 calls (the bids, pass, double, redouble) for a
#: language and ``ascii``, made on first use (at most 64 tables: a language made on the fly
#: by ``merge_tables`` is not kept for ever).
_CALL_CELLS: dict[tuple[Language, bool], dict[Call, str]] = {}


def _call_cells(lang: Language, ascii: bool) -> dict[Call, str]:
    got = _CALL_CELLS.get((lang, ascii))
    if got is not None:
        return got
    from bridgecli.core.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE

    table: dict[Call, str] = {b: f"{b.level}{lang.strain_str(b.strain, symbols=not ascii)}" for b in ALL_BIDS}
    table.update({c: lang.call_str(c) for c in (PASS, DOUBLE, REDOUBLE)})
    if len(_CALL_CELLS) > 64:
        _CALL_CELLS.clear()
    _CALL_CELLS[lang, ascii] = table
    return table


def call_text(call: AnnotatedCall, *, lang: Language = ENGLISH, ascii: bool = False) -> str:
    """A recorded call: ``1♣``, ``Pass``, ``X``; ``!`` marks an alert, ``(n)`` a note;
    PBN irregularities show as ``^S`` (a skipped turn) and ``^I 1♣`` (an accepted insufficient bid)."""
    if call.irregular == "S":
        return "^S"
    c = call.call
    known = _call_cells(lang, ascii).get(c)
    if known is not None:
        text = known
    elif isinstance(c, Bid):
        text = f"{c.level}{lang.strain_str(c.strain, symbols=not ascii)}"
    else:
        text = lang.call_str(c)
    if call.alert:
        text += "!"
    if call.note is not None:
        text += f"({call.note})"
    return f"^{call.irregular} {text}" if call.irregular else text


def hand_lines(hand: Hand, *, lang: Language = ENGLISH, ascii: bool = False, tens: bool = True) -> list[str]:
    """Four lines, spades first: ``♠ AK1093``; ``-`` for a void."""
    lines = []
    for suit in SUITS_DESC:
        ranks = "".join(rank_text(c.rank, lang=lang, tens=tens) for c in hand.suit(suit))
        lines.append(f"{suit_text(suit, lang=lang, ascii=ascii)} {ranks or '-'}")
    return lines


def paint_red(text: str, red: Style | None) -> str:
    """``text`` with every ♥ and ♦ passed through ``red`` (unchanged when None)."""
    if red is None:
        return text
    for sym in _RED_SYMBOLS:
        if sym in text:
            text = text.replace(sym, red(sym))
    return text


# -- parts of a board -----------------------------------------------------


def render_header(board: Board, *, lang: Language = ENGLISH) -> str:
    """``Board 1   Dealer: North   Vulnerable: None`` (parts that are unknown are left out)."""
    parts = []
    if board.number is not None:
        parts.append(f"{lang.word('board')} {board.number}")
    dealer = board.effective_dealer
    if dealer is not None:
        parts.append(f"{lang.word('dealer')}: {lang.seat_names[dealer]}")
    vul = board.effective_vulnerability
    if vul is not None:
        parts.append(f"{lang.word('vulnerable')}: {lang.vul_str(vul)}")
    return "   ".join(parts)


def _hand_block(board: Board, seat: Seat, lang: Language, ascii: bool, tens: bool) -> list[str]:
    label = lang.seat_names[seat]
    name = board.player(seat)
    if name:
        label += f": {name}"
    hand = board.deal[seat] if board.deal is not None else None
    if hand is None:
        return [label, "-"]
    return [label] + hand_lines(hand, lang=lang, ascii=ascii, tens=tens)


def render_diagram(board: Board, *, lang: Language = ENGLISH, ascii: bool = False, tens: bool = True) -> str:
    """The four hands in compass layout: North on top, West left, East right, South below.

    An unknown hand (partial deal) shows its seat and ``-``. Empty when the
    board has no deal.
    """
    if board.deal is None:
        return ""
    north, east, south, west = (_hand_block(board, s, lang, ascii, tens) for s in Seat)
    west_w = max(len(s) for s in west)
    mid_w = max(len(s) for s in north + south)
    indent = " " * (west_w + _GAP)
    out = [indent + s for s in north]
    for i in range(max(len(west), len(east))):
        left = west[i] if i < len(west) else ""
        right = east[i] if i < len(east) else ""
        line = left.ljust(west_w + _GAP + mid_w + _GAP) + right if right else left
        out.append(line.rstrip())
    out += [indent + s for s in south]
    return "\n".join(out)


def auction_rows(board: Board, *, lang: Language = ENGLISH, ascii: bool = False) -> list[list[str]]:
    """The auction as rows of four cells in W N E S order, blank cells before the dealer.

    Three closing passes after a bid are shown as one ``All Pass`` (unless one is
    annotated or marked, as a ``^S``); an auction recorded as unfinished (``*``/``+``)
    ends with ``...``.
    """
    calls = list(board.auction or ())
    table = _call_cells(lang, ascii)
    cells = []
    for c in calls:
        t = table.get(c.call)
        if t is None or c.alert or c.note is not None or c.irregular:
            t = call_text(c, lang=lang, ascii=ascii)
        cells.append(t)
    bids = [c for c in calls if isinstance(c.call, Bid)]
    passes = [c for c in calls[-3:] if isinstance(c.call, Pass)]
    if (not board.auction_end and bids and len(passes) == 3
            and all(not c.alert and c.note is None and not c.irregular for c in calls[-3:])):
        cells = cells[:-3] + [lang.word("all_pass")]
    if board.auction_end:
        cells.append("...")
    dealer = board.effective_dealer
    first = GRID_SEATS.index(dealer) if dealer is not None else 0
    cells = [""] * first + cells
    return [(cells[i:i + 4] + [""] * 4)[:4] for i in range(0, len(cells), 4)]


def _notes(notes: Mapping[int, str]) -> list[str]:
    return [f"({n}) {notes[n]}" for n in sorted(notes)]


def render_auction(board: Board, *, lang: Language = ENGLISH, ascii: bool = False, tablefmt: str = "simple") -> str:
    """The auction as a W N E S grid, then its notes; empty when no auction was recorded."""
    if board.auction is None:
        return ""
    from tabulate import tabulate

    headers = [lang.seat_names[s] for s in GRID_SEATS]
    rows = auction_rows(board, lang=lang, ascii=ascii) or [[""] * 4]
    grid = tabulate(rows, headers=headers, tablefmt=tablefmt, disable_numparse=True)
    lines = [grid] + _notes(board.auction_notes)
    return "\n".join(lines)


def shown_contract(board: Board) -> Contract | None:
    """The contract to show: the board's Contract and Declarer, else the one its complete
    auction reaches (as ``validate-auction`` and ``score`` derive it); never raises."""
    contract = board.contract
    if (contract is not None and (contract.declarer is not None or contract.is_passout)) or not board.auction:
        return contract
    from bridgecli.core.errors import BridgeError
    from bridgecli.core.play import contract_of

    try:
        return contract_of(board)
    except BridgeError:  # an illegal auction: validate-auction tells
        return contract


def result_text(board: Board, *, lang: Language = ENGLISH, ascii: bool = False) -> str:
    """``4♠ by S, made 10 tricks``, ``3NTX by W, down 2``, ``Passed out``; empty if unknown.

    Without Contract/Declarer tags, the contract is the one the auction reaches."""
    contract, result = shown_contract(board), board.result
    if contract is None:
        if result is None:
            return ""
        return f"{lang.word('result')}: {lang.word('result_tricks').format(tricks=result, tricks_word=lang.word('tricks'))}"
    if contract.is_passout:
        return lang.word("board_passed_out")
    text = lang.contract_str(contract, symbols=not ascii, declarer=True)
    if result is not None:
        if result >= contract.required_tricks:
            text = lang.word("result_made").format(contract=text, tricks=result, made=lang.word("made"),
                                                   tricks_word=lang.word("tricks"))
        else:
            text = lang.word("result_down").format(contract=text, under=contract.required_tricks - result,
                                                   down=lang.word("down"))
    return f"{lang.word('contract')}: {text}"


def trick_winner(cards: Sequence[tuple[Seat, Card]], trump: Suit | None) -> Seat:
    """The seat winning a trick; ``cards`` in play order, the lead first (Law 44E-F).

    The highest trump wins if any was played, else the highest card of the suit
    led (:func:`bridgecli.core.play.trick_winner`).
    """
    from bridgecli.core.play import trick_winner as winner_index

    return cards[winner_index([c for _, c in cards], trump)][0]


def play_rows(board: Board, *, lang: Language = ENGLISH, ascii: bool = False, tens: bool = True) -> list[list[str]]:
    """Tricks as rows: number, leader, the four cards in W N E S order, winner.

    The record's columns are fixed from the opening leader; each later trick is
    led by the previous winner. Winners are computed from the contract's trump
    suit; they are left blank when the contract or a card is unknown.
    """
    if board.play is None or board.play_leader is None:
        return []
    contract = shown_contract(board)
    known = contract is not None and not contract.is_passout
    trump = contract.strain.suit if contract is not None else None
    first = board.play_leader
    leader: Seat | None = first
    rows = []
    for number, row in enumerate(board.play, 1):
        cards: dict[Seat, Card | None] = {}
        cells: dict[Seat, str] = {}
        for i, pc in enumerate(row):
            seat = first.next(i)
            cards[seat] = pc.card
            text = "-" if pc.card is None else card_text(pc.card, lang=lang, ascii=ascii, tens=tens)
            if pc.note is not None:
                text += f"({pc.note})"
            if pc.irregular:
                text = f"^{pc.irregular} {text}"  # a revoke (^R) or lead out of turn (^L) as recorded
            cells[seat] = text
        winner: Seat | None = None
        if known and leader is not None:
            order = [leader.next(k) for k in range(4)]
            played = [(s, cards.get(s)) for s in order]
            if all(c is not None for _, c in played):
                winner = trick_winner([(s, c) for s, c in played if c is not None], trump)
        rows.append([
            str(number),
            lang.seat_str(leader) if leader is not None else "",
            *(cells.get(s, "") for s in GRID_SEATS),
            lang.seat_str(winner) if winner is not None else "",
        ])
        leader = winner
    return rows


def render_play(board: Board, *, lang: Language = ENGLISH, ascii: bool = False, tens: bool = True,
                tablefmt: str = "simple") -> str:
    """The play record as a grid of tricks, then its notes; empty when none was recorded."""
    rows = play_rows(board, lang=lang, ascii=ascii, tens=tens)
    if not rows:
        return ""
    from tabulate import tabulate

    headers = [lang.word("trick"), lang.word("lead"), *(lang.seat_names[s] for s in GRID_SEATS), lang.word("won")]
    grid = tabulate(rows, headers=headers, tablefmt=tablefmt, disable_numparse=True)
    return "\n".join([grid] + _notes(board.play_notes))


# -- whole boards ---------------------------------------------------------


def render_dd_table(table: DDTable, *, lang: Language = ENGLISH) -> str:
    """The double-dummy tricks of each declarer in each strain, with the contracts
    each makes (for a full deal), as ``solve`` and ``show`` print them: declarers
    N S E W, strains NT ♠ ♥ ♦ ♣ as hand records print them (and as the HTML sheet does)."""
    from tabulate import tabulate

    from bridgecli.render.sheet import DD_SEATS, DD_STRAINS

    full = table.total == 13
    rows: list[list[object]] = []
    for seat in DD_SEATS:
        row: list[object] = [lang.seat_str(seat)] + [table[seat, strain] for strain in DD_STRAINS]
        if full:
            row.append(" ".join(lang.call_str(bid) for bid in reversed(table.makeable(seat))) or "-")
        rows.append(row)
    headers = [""] + [lang.strain_str(s) for s in DD_STRAINS] + ([lang.word("makes")] if full else [])
    return str(tabulate(rows, headers=headers, tablefmt="plain", disable_numparse=True,
                        colalign=("left",) + ("right",) * 5 + (("left",) if full else ())))


def render_analysis(board: Board, *, lang: Language = ENGLISH, ascii: bool = False) -> str:
    """The double-dummy table and par that the board's tags record (``solve`` writes
    them), or an empty string when it has none."""
    from bridgecli.core.ddtable import dd_table
    from bridgecli.render.sheet import par_line

    parts = []
    table = dd_table(board)
    if table is not None:
        parts.append(render_dd_table(table, lang=lang))
    par = par_line(board, lang=lang, ascii=ascii)
    if par is not None:
        parts.append(par.text(lang))
    return "\n".join(parts)


def brief_analysis(board: Board, *, lang: Language = ENGLISH, ascii: bool = False) -> str:
    """What a ``--brief`` line adds for a solved board: par and the contracts each side
    makes, as the table of ``show`` lists them, ``Par: NS 300 (4♠X-2 EW); makes NS 4H 2D 3C, EW 2S``; empty when the board has
    neither a double-dummy table nor par."""
    from bridgecli.core.ddtable import dd_table
    from bridgecli.render.sheet import par_line, side_text

    parts = []
    par = par_line(board, lang=lang, ascii=ascii)
    if par is not None:
        parts.append(par.text(lang))
    table = dd_table(board)
    if table is not None:
        sides = []
        for a, b in ((Seat.NORTH, Seat.SOUTH), (Seat.EAST, Seat.WEST)):
            rows = [" ".join(lang.call_str(bid) for bid in reversed(table.makeable(seat))) or "-"
                    for seat in (a, b)]
            if rows[0] == rows[1]:
                sides.append(f"{side_text(a.letter + b.letter, lang)} {rows[0]}")
            else:
                sides.extend(f"{lang.seat_str(seat)} {row}" for seat, row in zip((a, b), rows))
        parts.append(f"{lang.word('makes')} {', '.join(sides)}")
    return "; ".join(parts)


def _solved(board: Board) -> bool:
    """Whether the board may carry par or a double-dummy table (a cheap look for --brief)."""
    tags = board.tags
    return bool(board.sections) or "OptimumScore" in tags or "ParContract" in tags or "DoubleDummyTricks" in tags


def render_board(board: Board, *, lang: Language = ENGLISH, ascii: bool = False, tens: bool = True,
                 red: Style | None = None, tablefmt: str = "simple", play: bool = True) -> str:
    """One board for the terminal: header, diagram, auction, contract and result, play.

    Parts the board does not record are left out. ``red`` styles ♥ and ♦
    (not used with ``ascii``).
    """
    parts = [
        render_header(board, lang=lang),
        render_diagram(board, lang=lang, ascii=ascii, tens=tens),
        render_auction(board, lang=lang, ascii=ascii, tablefmt=tablefmt),
        result_text(board, lang=lang, ascii=ascii),
        render_analysis(board, lang=lang, ascii=ascii),
    ]
    if play:
        parts.append(render_play(board, lang=lang, ascii=ascii, tens=tens, tablefmt=tablefmt))
    text = "\n\n".join(p for p in parts if p)
    return text if ascii else paint_red(text, red)


def render_brief(board: Board, *, lang: Language = ENGLISH, ascii: bool = False, red: Style | None = None) -> str:
    """One line: board, dealer, vulnerability, contract and result, the calls, and for a
    solved board par and the contracts each side makes (:func:`brief_analysis`).

    e.g. ``Board   1  N  None  4♠ by S, made 10 tricks     1♣ Pass 4♠ All Pass``
    (the columns as wide as the language's widest seat, vulnerability and result, so that
    they line up in every language: :func:`brief_widths`).
    """
    if not fastpaths.ON:  # (the memo below is a fast lane; this is the path it stands in for)
        return _render_brief_general(board, lang=lang, ascii=ascii, red=red)
    memo = _brief_memo(lang, ascii)
    number = board.number
    dealer = board.effective_dealer
    vul = board.effective_vulnerability
    contract, tricks = board.contract, board.result
    if contract is None or (contract.declarer is None and not contract.is_passout):
        result = result_text(board, lang=lang, ascii=ascii).removeprefix(memo.lang.word("contract") + ": ") or "-"
    else:
        result = memo.results.get((contract, tricks)) or memo.learn_result(board)
    auction = board.auction
    head = (f"{memo.board} {board.tags.get('Board') or '?' if number is None else str(number):>3}  "
            f"{memo.seats[4 if dealer is None else dealer]}  {memo.vuls[4 if vul is None else vul]}  ")
    if not auction:
        line = head + result
    else:
        line = f"{head}{result:<{memo.width}}  {_brief_calls(board, auction, memo)}"
    if _solved(board):
        found = brief_analysis(board, lang=lang, ascii=ascii)
        if found:
            line += "  " + found
    return line if ascii else paint_red(line, red)


def _brief_calls(board: Board, auction: tuple[AnnotatedCall, ...], memo: _BriefMemo) -> str:
    """The calls of a brief line: the cells of :func:`auction_rows` without the blanks."""
    cells = memo.cells
    if len(cells) > _MEMO_SIZE:
        cells.clear()  # (never during the loop: the last three are looked up again after it)
    texts: list[str] = []
    add = texts.append
    bid = False
    for a in auction:
        got = cells.get(id(a))
        if got is None or got[0] is not a:
            got = memo.learn_call(a)
        add(got[1])
        bid = bid or got[2] == _BID
    if (bid and not board.auction_end and len(auction) >= 3
            and cells[id(auction[-1])][2] == cells[id(auction[-2])][2] == cells[id(auction[-3])][2] == _PLAIN_PASS):
        texts[-3:] = [memo.all_pass]
    if board.auction_end:
        add("...")
    return " ".join(filter(None, texts))


_OTHER, _BID, _PLAIN_PASS = 0, 1, 2


def brief_widths(lang: Language, ascii: bool = False) -> tuple[int, int, int]:
    """The widths of the seat, vulnerability and result columns of :func:`render_brief` in
    ``lang``: its longest seat and vulnerability words (4 at least), and its longest result
    (a redoubled grand slam made with 13 tricks or 13 down; 26 at least, English's)."""
    from bridgecli.core.cards import Strain
    from bridgecli.core.contract import Contract, Risk

    seat_w = max(len(lang.seat_str(s)) for s in Seat)
    vul_w = max(4, *(len(lang.vul_str(v)) for v in Vulnerability))
    width = 26
    for seat in Seat:
        text = lang.contract_str(Contract(7, Strain.NOTRUMP, Risk.REDOUBLED, seat), symbols=not ascii, declarer=True)
        made = lang.word("result_made").format(contract=text, tricks=13, made=lang.word("made"),
                                               tricks_word=lang.word("tricks"))
        down = lang.word("result_down").format(contract=text, under=13, down=lang.word("down"))
        width = max(width, len(made), len(down))
    return seat_w, vul_w, width


class _BriefMemo:
    """What :func:`render_brief` writes again and again, for one language and ``ascii``:
    its words, and two caches: the texts of the results met so far (by contract and
    tricks), and of the calls, by identity (the readers share one object for each plain
    call, and hashing a recorded call by value would cost more than the text saves). Each
    call's entry keeps its object, so that the id stays its own; a table grown past
    :data:`_MEMO_SIZE` starts again."""

    __slots__ = ("all_pass", "ascii", "board", "cells", "lang", "results", "seats", "vuls", "width")

    def __init__(self, lang: Language, ascii: bool) -> None:
        self.lang = lang
        self.ascii = ascii
        self.board = lang.word("board")
        seat_w, vul_w, self.width = brief_widths(lang, ascii)
        self.seats = tuple(lang.seat_str(Seat(i)).ljust(seat_w) for i in range(len(Seat))) + ("-".ljust(seat_w),)
        self.vuls = tuple(lang.vul_str(Vulnerability(i)).ljust(vul_w) for i in range(len(Vulnerability))) + (
            "-".ljust(vul_w),)
        self.all_pass = lang.word("all_pass")
        self.cells: dict[int, tuple[AnnotatedCall, str, int]] = {}
        self.results: dict[tuple[Contract, int | None], str] = {}

    def learn_call(self, a: AnnotatedCall) -> tuple[AnnotatedCall, str, int]:
        """The cell of call ``a``, its kind (a bid, a pass with no note, alert or mark, other), remembered."""
        c = a.call
        kind = (_BID if isinstance(c, Bid)
                else _PLAIN_PASS if isinstance(c, Pass) and not a.alert and a.note is None and not a.irregular
                else _OTHER)
        got = (a, call_text(a, lang=self.lang, ascii=self.ascii), kind)
        self.cells[id(a)] = got
        return got

    def learn_result(self, board: Board) -> str:
        """The contract and result part of a brief line for ``board``'s contract (with
        declarer, or passed out) and result, remembered."""
        assert board.contract is not None
        text = result_text(board, lang=self.lang, ascii=self.ascii).removeprefix(self.lang.word("contract") + ": ")
        if len(self.results) > _MEMO_SIZE:
            self.results.clear()
        self.results[board.contract, board.result] = text = text or "-"
        return text


_MEMO_SIZE = 4096
#: A cache: the memo of each language and ``ascii`` (at most 64, as :data:`_CALL_CELLS`).
_BRIEF_MEMOS: dict[tuple[Language, bool], _BriefMemo] = {}


def _brief_memo(lang: Language, ascii: bool) -> _BriefMemo:
    got = _BRIEF_MEMOS.get((lang, ascii))
    if got is None:
        if len(_BRIEF_MEMOS) > 64:
            _BRIEF_MEMOS.clear()
        got = _BRIEF_MEMOS[lang, ascii] = _BriefMemo(lang, ascii)
    return got


def _render_brief_general(board: Board, *, lang: Language = ENGLISH, ascii: bool = False,
                          red: Style | None = None) -> str:
    """:func:`render_brief` built from the parts :func:`render_board` shows, without
    the memo: the reference the tests hold the memo to."""
    number = board.tags.get("Board") or "?" if board.number is None else str(board.number)
    dealer = board.effective_dealer
    vul = board.effective_vulnerability
    seat_w, vul_w, width = brief_widths(lang, ascii)
    fields = [
        f"{lang.word('board')} {number:>3}",
        (lang.seat_str(dealer) if dealer is not None else "-").ljust(seat_w),
        (lang.vul_str(vul) if vul is not None else "-").ljust(vul_w),
    ]
    result = result_text(board, lang=lang, ascii=ascii)
    prefix = lang.word("contract") + ": "
    result = result.removeprefix(prefix)
    fields.append(result or "-")
    if board.auction:
        fields[-1] = fields[-1].ljust(width)
        cells = [c for row in auction_rows(board, lang=lang, ascii=ascii) for c in row if c]
        fields.append(" ".join(cells))
    found = brief_analysis(board, lang=lang, ascii=ascii)
    if found:
        fields.append(found)
    line = "  ".join(fields)
    return line if ascii else paint_red(line, red)
