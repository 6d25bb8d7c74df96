"""Boards as a printable hand record: one self-contained HTML page.

:func:`render_html` turns a list of boards into one HTML document with its
CSS inline: no network, no script, no fonts to fetch. On screen the boards
stand in pages one below the other; printed (A4 portrait) every page holds
``per_page`` boards in a fixed grid, so a board is never cut across pages
(each page is a block of fixed height that ends with a page break, and each
board a grid cell with ``break-inside: avoid``).

Each board shows its compass diagram (♠ ♣ black, ♥ ♦ red), number, dealer and
vulnerability, and when recorded the auction with its notes, the contract and
result, the makeable contracts from the double-dummy table and par. Every text
taken from the file (names, event, notes...) is escaped.

Pure: takes boards and options, returns a string.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from types import MappingProxyType

from bridgecli.core.board import Board
from bridgecli.core.cards import SUITS_DESC, Seat, Suit
from bridgecli.core.ddtable import dd_table
from bridgecli.core.notation import ENGLISH, Language

from .sheet import DD_SEATS, DD_STRAINS, Heading, dd_cell, par_line, session_heading
from .svg import escape
from .text import GRID_SEATS, auction_rows, card_text, rank_text, result_text, suit_text

#: Boards a printed page can hold, and the grid (columns, rows) each uses.
LAYOUTS: MappingProxyType[int, tuple[int, int]] = MappingProxyType({1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)})

#: CSS class of each suit's symbol (``.hearts`` and ``.diamonds`` print red).
SUIT_CLASS: MappingProxyType[Suit, str] = MappingProxyType({
    Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs",
})

#: Printed sizes (pt) at each density: the cards of the hands, the double-dummy table and par,
#: and the rest (heading, auction, result). Cards stay at 10 pt or more and the tables at 8 pt
#: or more, so that a sheet on the table reads at arm's length.
SIZES_PT: MappingProxyType[int, tuple[float, float, float]] = MappingProxyType({
    1: (15.0, 11.0, 13.0), 2: (13.0, 10.0, 11.0), 4: (12.5, 9.0, 10.5), 6: (10.0, 8.0, 9.0),
})

_SYMBOL_SUIT = MappingProxyType({s.symbol: s for s in Suit})

# A4 portrait less 10 mm margins: 190 x 277 mm; pages are kept 1 mm short of it.
_PAGE_W_MM = 190
_PAGE_H_MM = 276
_HEAD_H_MM = 12
_GAP_MM = 3

# The diagram is a grid of three columns and 13 rows one card line high: North takes rows
# 1-5 (name and four suits), West and East rows 4-8 beside it, South rows 9-13; the board's
# number sits above West, the compass between North and South, par below West and the
# makeable contracts below East. Rows grow when a block needs more (a name that wraps).
_CSS = """\
@page { size: A4 portrait; margin: 10mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; color: #000; background: #fff; font-size: %(font).1fpt; line-height: 1.2;
  font-family: "DejaVu Sans", "Liberation Sans", Arial, Helvetica, sans-serif; }
.page { width: %(page_w)dmm; margin: 0 auto; }
.sheet-head { height: %(head_h)dmm; margin-bottom: %(gap)dmm; border-bottom: 0.4mm solid #000;
  display: flex; align-items: flex-end; justify-content: space-between; gap: 4mm;
  white-space: nowrap; overflow: hidden; font-size: %(table).1fpt; }
.sheet-head h1 { font-size: 1.6em; margin: 0 0 1mm 0; overflow: hidden; text-overflow: ellipsis; }
.sheet-head .where { margin: 0 0 1mm 0; overflow: hidden; text-overflow: ellipsis; }
.sheet-head .page-no { margin: 0 0 1mm 0; color: #444; }
.row { display: flex; gap: %(gap)dmm; margin-bottom: %(gap)dmm; break-inside: avoid; page-break-inside: avoid; }
.board { flex: 0 0 calc((100%% - %(gaps)dmm) / %(cols)d); min-width: 0; break-inside: avoid;
  page-break-inside: avoid; border: 0.3mm solid #777; border-radius: 1.5mm; padding: 1.5mm 2mm; }
table { border-collapse: collapse; }
.diagram { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr));
  grid-auto-rows: minmax(1.15em, auto); font-size: %(cards).1fpt; line-height: 1.15; }
.diagram > div { min-width: 0; padding: 0 0.5mm; }
.diagram .info { grid-column: 1; grid-row: 1 / 4; font-size: %(table).1fpt; line-height: 1.2; }
.diagram .north { grid-column: 2; grid-row: 1 / 6; }
.diagram .west { grid-column: 1; grid-row: 4 / 9; }
.diagram .east { grid-column: 3; grid-row: 4 / 9; }
.diagram .compass { grid-column: 2; grid-row: 6 / 9; align-self: center; }
.diagram .south { grid-column: 2; grid-row: 9 / 14; }
.diagram .par-cell { grid-column: 1; grid-row: 9 / 14; align-self: end; font-size: %(table).1fpt;
  line-height: 1.2; padding-top: 1mm; }
.diagram .dd-cell { grid-column: 3; grid-row: 9 / 14; align-self: end; font-size: %(table).1fpt;
  line-height: 1.1; padding-top: 0.5mm; }
.info .board-no { font-size: 1.4em; font-weight: bold; }
.player { font-style: italic; font-size: 0.9em; overflow-wrap: anywhere; }
.holding { padding-left: 1.15em; text-indent: -1.15em; }
.sym { display: inline-block; width: 1.15em; text-indent: 0; }
.spades, .clubs { color: #000; }
.hearts, .diamonds { color: #d00000; }
.rose { position: relative; width: 3.3em; height: 3.3em; margin: 0 auto; border: 0.3mm solid #555;
  border-radius: 1mm; background: #f4f4f4; font-weight: bold; font-size: %(table).1fpt; }
.rose span { position: absolute; line-height: 1; }
.rose .north { top: 0.5mm; left: 50%%; transform: translateX(-50%%); }
.rose .south { bottom: 0.5mm; left: 50%%; transform: translateX(-50%%); }
.rose .west { left: 0.7mm; top: 50%%; transform: translateY(-50%%); }
.rose .east { right: 0.7mm; top: 50%%; transform: translateY(-50%%); }
.rose .vul { color: #d00000; }
.rose .dealer { text-decoration: underline; }
.dd { margin-left: auto; }
.per-4 .dd, .per-6 .dd { width: 100%%; }
.dd caption { text-align: right; }
.dd th, .dd td { border: 0.2mm solid #999; padding: 0 0.4mm; text-align: center; min-width: 1.25em; }
.auction { margin-top: 1mm; width: 100%%; table-layout: fixed; }
.auction th { text-align: left; border-bottom: 0.2mm solid #999; font-weight: bold; }
.auction td, .auction th { padding: 0 1mm; white-space: nowrap; }
.notes { margin: 0.5mm 0 0 0; padding: 0; list-style: none; }
.result, .irregular { margin: 0.8mm 0 0 0; }
.par { margin: 0; font-weight: bold; }
@media screen {
  body { background: #e8e8e8; }
  .page { background: #fff; margin: 6mm auto; padding: 6mm; box-shadow: 0 0 2mm #999; }
}
@media print {
  .page { break-after: page; page-break-after: always; }
  .page:last-child { break-after: auto; page-break-after: auto; }
  .row { min-height: %(row_h).2fmm; }
  .row:last-child { margin-bottom: 0; }
}
"""


def page_count(boards: int, per_page: int) -> int:
    """Printed pages a sheet of ``boards`` boards takes at ``per_page`` a page."""
    return math.ceil(boards / per_page) if boards else 0


def paint_suits(text: str) -> str:
    """HTML text with every suit symbol wrapped in ``<span class="sym hearts">`` etc.

    ``text`` must already be escaped.
    """
    if not any(sym in text for sym in _SYMBOL_SUIT):
        return text
    out = []
    for ch in text:
        suit = _SYMBOL_SUIT.get(ch)
        out.append(f'<span class="{SUIT_CLASS[suit]}">{ch}</span>' if suit is not None else ch)
    return "".join(out)


def _suit_label(suit: Suit, lang: Language, ascii: bool) -> str:
    return f'<span class="sym {SUIT_CLASS[suit]}">{escape(suit_text(suit, lang=lang, ascii=ascii))}</span>'


def _hand_html(board: Board, seat: Seat, lang: Language, ascii: bool, tens: bool) -> str:
    # the seat is told by the hand's place around the compass; a player's name heads the hand
    name = board.player(seat)
    parts = []
    if name and name.strip() not in ("", "#", "?"):
        parts.append(f'<div class="player" title="{escape(lang.seat_names[seat])}">{escape(name)}</div>')
    hand = board.deal[seat] if board.deal is not None else None
    if hand is None:
        parts.append('<div class="holding unknown">&#8211;</div>')
    else:
        for suit in SUITS_DESC:
            # a long suit may wrap between two cards (never inside the 10), under its first card
            ranks = "<wbr>".join(escape(rank_text(c.rank, lang=lang, tens=tens)) for c in hand.suit(suit))
            parts.append(f'<div class="holding">{_suit_label(suit, lang, ascii)}{ranks or "&#8211;"}</div>')
    return "".join(parts)


def _rose_html(board: Board, lang: Language) -> str:
    dealer = board.effective_dealer
    vul = board.effective_vulnerability
    spans = []
    for seat in (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH):
        classes = [seat.name.lower()]
        if vul is not None and vul.is_vul(seat.side):
            classes.append("vul")
        if seat == dealer:
            classes.append("dealer")
        spans.append(f'<span class="{" ".join(classes)}">{escape(lang.seat_str(seat))}</span>')
    return f'<div class="rose">{"".join(spans)}</div>'


def _info_html(board: Board, lang: Language) -> str:
    number = "?" if board.number is None else str(board.number)
    parts = [f'<div class="board-no">{escape(lang.word("board"))} {number}</div>']
    dealer = board.effective_dealer
    if dealer is not None:
        parts.append(f'<div class="dealer">{escape(lang.word("dealer"))}: {escape(lang.seat_names[dealer])}</div>')
    vul = board.effective_vulnerability
    if vul is not None:
        parts.append(f'<div class="vulnerability">{escape(lang.word("vulnerable"))}: {escape(lang.vul_str(vul))}</div>')
    return "".join(parts)


def dd_html(board: Board, *, lang: Language = ENGLISH, ascii: bool = False) -> str:
    """The makeable-contracts table (declarers N S E W by NT ♠ ♥ ♦ ♣) from the
    board's tags; empty when the board has no double-dummy table.

    Each cell shows the level made (``-``: none) and holds the tricks in ``data-tricks``.
    """
    table = dd_table(board)
    if table is None:
        return ""
    head = "".join(
        f"<th>{paint_suits(escape(lang.strain_str(strain, symbols=not ascii)))}</th>" for strain in DD_STRAINS)
    rows = []
    for seat in DD_SEATS:
        cells = "".join(
            f'<td data-tricks="{table[seat, strain]}">{dd_cell(table, seat, strain)}</td>' for strain in DD_STRAINS)
        rows.append(f"<tr><th>{escape(lang.seat_str(seat))}</th>{cells}</tr>")
    return (f'<table class="dd"><caption>{escape(lang.word("makeable"))}</caption>'
            f'<thead><tr><th></th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


def auction_html(board: Board, *, lang: Language = ENGLISH, ascii: bool = False) -> str:
    """The auction as a W N E S table with its notes below; empty when none was recorded."""
    if board.auction is None:
        return ""
    head = "".join(f"<th>{escape(lang.seat_names[s])}</th>" for s in GRID_SEATS)
    rows = auction_rows(board, lang=lang, ascii=ascii) or [[""] * 4]
    body = "".join("<tr>" + "".join(f"<td>{paint_suits(escape(c))}</td>" for c in row) + "</tr>" for row in rows)
    html = f'<table class="auction"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
    if board.auction_notes:
        notes = "".join(f"<li>({n}) {escape(board.auction_notes[n])}</li>" for n in sorted(board.auction_notes))
        html += f'<ul class="notes">{notes}</ul>'
    return html


def marks_html(board: Board, *, lang: Language = ENGLISH, ascii: bool = False, tens: bool = True) -> str:
    """The cards the play record marks (PBN 3.9: ``^R`` a revoke, ``^L`` a lead out of
    turn), as the text renderer's play table shows them: a hand record prints no play,
    so they get a line of their own. Empty when none is marked."""
    if not board.play or board.play_leader is None:
        return ""
    marks = []
    for n, row in enumerate(board.play, 1):
        for i, pc in enumerate(row):
            if pc.irregular:
                card = "-" if pc.card is None else card_text(pc.card, lang=lang, ascii=ascii, tens=tens)
                seat = lang.seat_str(board.play_leader.next(i))
                marks.append(lang.word("trick_mark").format(n=n, seat=seat, card=f"^{pc.irregular} {card}"))
    if not marks:
        return ""
    text = lang.word("irregular_play").format(marks=", ".join(marks))
    return f'<p class="irregular">{paint_suits(escape(text))}</p>'


def board_html(board: Board, *, lang: Language = ENGLISH, ascii: bool = False, tens: bool = True) -> str:
    """One board as an ``<article class="board">``: diagram, auction, result, makeable contracts, par."""
    hands = {seat: _hand_html(board, seat, lang, ascii, tens) for seat in Seat} if board.deal is not None else {}
    empty = ""
    par = par_line(board, lang=lang, ascii=ascii)
    par_html = f'<p class="par">{paint_suits(escape(par.text(lang)))}</p>' if par is not None else ""
    diagram = (
        '<div class="diagram">'
        f'<div class="info">{_info_html(board, lang)}</div>'
        f'<div class="hand north">{hands.get(Seat.NORTH, empty)}</div>'
        f'<div class="hand west">{hands.get(Seat.WEST, empty)}</div>'
        f'<div class="compass">{_rose_html(board, lang)}</div>'
        f'<div class="hand east">{hands.get(Seat.EAST, empty)}</div>'
        f'<div class="hand south">{hands.get(Seat.SOUTH, empty)}</div>'
        f'<div class="par-cell">{par_html}</div>'
        f'<div class="dd-cell">{dd_html(board, lang=lang, ascii=ascii)}</div>'
        "</div>"
    )
    parts = [diagram, auction_html(board, lang=lang, ascii=ascii)]
    result = result_text(board, lang=lang, ascii=ascii)
    if result:
        parts.append(f'<p class="result">{paint_suits(escape(result))}</p>')
    parts.append(marks_html(board, lang=lang, ascii=ascii, tens=tens))
    number = "" if board.number is None else f' id="board-{board.number}" data-board="{board.number}"'
    return f'<article class="board"{number}>{"".join(p for p in parts if p)}</article>'


def _heading_html(heading: Heading, lang: Language, page: int, pages: int) -> str:
    title = escape(heading.event) if heading.event else escape(lang.word("hand_record"))
    where = " &#183; ".join(
        f'<span class="{cls}">{escape(value)}</span>'
        for cls, value in (("site", heading.site), ("date", heading.date)) if value)
    return (f'<header class="sheet-head"><h1 class="event">{title}</h1>'
            f'<p class="where">{where}</p><p class="page-no">{page}/{pages}</p></header>')


def render_html(boards: Sequence[Board], *, lang: Language = ENGLISH, per_page: int = 4, ascii: bool = False,
                tens: bool = True) -> str:
    """A whole hand record: one HTML document holding ``boards`` at ``per_page`` a printed page.

    ``per_page`` is 1, 2, 4 or 6 (see :data:`LAYOUTS`); raises ValueError otherwise.
    """
    return "".join(iter_html(boards, count=len(boards), heading=session_heading(boards), lang=lang,
                             per_page=per_page, ascii=ascii, tens=tens))


def iter_html(boards: Iterable[Board], *, count: int, heading: Heading, lang: Language = ENGLISH,
              per_page: int = 4, ascii: bool = False, tens: bool = True) -> Iterator[str]:
    """:func:`render_html` a page at a time, for boards read as a stream: the document's
    text in pieces, each page as soon as its boards are read, so that memory holds one page.

    The heading and the page numbers (``2/5``) need to know the whole session first:
    ``count`` is the number of boards and ``heading`` their :func:`session_heading`, found
    by an earlier pass over the same boards. Raises ValueError for a ``per_page`` not in
    :data:`LAYOUTS`, or when ``boards`` are more than ``count``.
    """
    if per_page not in LAYOUTS:
        raise ValueError(f"boards per page must be one of {sorted(LAYOUTS)}, not {per_page!r}")
    cols, rows = LAYOUTS[per_page]
    cards_pt, table_pt, text_pt = SIZES_PT[per_page]
    css = _CSS % {
        "font": text_pt, "cards": cards_pt, "table": table_pt, "page_w": _PAGE_W_MM, "page_h": _PAGE_H_MM, "head_h": _HEAD_H_MM,
        "gap": _GAP_MM, "cols": cols, "gaps": _GAP_MM * (cols - 1),
        "row_h": (_PAGE_H_MM - _HEAD_H_MM - _GAP_MM * rows) / rows,
    }
    title = heading.event or lang.word("hand_record")
    pages = page_count(count, per_page)
    yield ("<!DOCTYPE html>\n"
           f'<html lang="{escape(lang.code)}">\n<head>\n<meta charset="utf-8">\n'
           '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
           '<meta name="generator" content="bridgecli">\n'
           f"<title>{escape(title)}</title>\n<style>\n{css}</style>\n</head>\n<body>\n")
    page: list[Board] = []
    done = 0

    def page_html(chunk: list[Board]) -> str:
        lines = []
        for r in range(0, len(chunk), cols):
            cards = "\n".join(board_html(b, lang=lang, ascii=ascii, tens=tens) for b in chunk[r:r + cols])
            lines.append(f'<div class="row">\n{cards}\n</div>')
        return ("\n" if done else "") + (
            f'<section class="page">{_heading_html(heading, lang, done + 1, pages)}\n'
            f'<div class="boards per-{per_page}">\n' + "\n".join(lines) + '\n</div></section>')

    for board in boards:
        page.append(board)
        if len(page) == per_page:
            if done == pages:
                raise ValueError(f"more boards than the {count} counted")
            yield page_html(page)
            done += 1
            page = []
    if page:
        if done == pages:
            raise ValueError(f"more boards than the {count} counted")
        yield page_html(page)
    yield "\n</body>\n</html>\n"
