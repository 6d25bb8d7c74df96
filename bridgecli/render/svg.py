"""A board's compass diagram as one standalone SVG image (for a web page or a book).

:func:`render_svg` draws the four hands around a compass (North on top), the
board number, dealer and vulnerability in the top-left corner, players' names
above their hands, ♥ and ♦ in red, ♠ and ♣ in black; the vulnerable seats'
letters on the compass are red and the dealer's is underlined. Every text
taken from the file is escaped. Pure: returns a string.

When the board records them (the tags ``solve`` writes), the makeable contracts stand
below East (declarers N S E W by strains NT ♠ ♥ ♦ ♣, as hand records print them) and
par below West.

The image is sized from its content: each column (West, North/South, East) is as wide
as the widest text in it, measured with the advance widths of DejaVu Sans (the first
font asked for, and wider than Liberation Sans or Arial), so a long name or a long suit
never runs into the next hand or off the edge. A board of ordinary names and suits gets
the default :data:`WIDTH` x :data:`HEIGHT`.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from html import escape as _html_escape
from types import MappingProxyType

from bridgecli.core.board import Board
from bridgecli.core.cards import SUITS_DESC, Seat, Suit
from bridgecli.core.ddtable import dd_table
from bridgecli.core.notation import ENGLISH, Language

from .sheet import DD_SEATS, DD_STRAINS, dd_cell, par_line
from .text import rank_text, suit_text

#: Fill colour of each suit's symbol.
SUIT_FILL: MappingProxyType[Suit, str] = MappingProxyType({
    Suit.SPADES: "#000000", Suit.HEARTS: "#d00000", Suit.DIAMONDS: "#d00000", Suit.CLUBS: "#000000",
})

WIDTH = 340
"""Width of the image in user units (px) when its content fits (the least width)."""
HEIGHT = 300
"""Height of the image in user units (px)."""

_LINE = 17
_FONT = 14
_NAME_FONT = 12
_MARGIN = 8
_GAP = 10
_RANKS_AT = 16  # the ranks start this far right of the suit symbol
# first line's baseline of each hand block; the columns' left edges are computed
_HAND_Y: MappingProxyType[Seat, int] = MappingProxyType({Seat.NORTH: 22, Seat.WEST: 118, Seat.EAST: 118, Seat.SOUTH: 212})
_MID_X, _RIGHT_X = 130, 238  # the least left edges of the middle and right columns
_ROSE_Y, _ROSE_SIZE = 120, 70
# the makeable-contracts table below East and par below West (when the board records them)
_SMALL = 11
_DD_Y, _DD_ROW = 214, 14  # baseline of the table's heading row; row pitch
_PAR_Y = 266  # baseline of par's first line

# DejaVu Sans advance widths of " " to "~" in 1/100 em (regular and oblique; then bold)
_ASCII_EM = (
    32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 34, 34,
    84, 84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 29, 66, 56, 86, 75, 79, 60, 79, 69, 63, 61, 73, 68, 99,
    69, 61, 69, 39, 34, 39, 84, 50, 50, 61, 63, 55, 63, 62, 35, 63, 63, 28, 28, 58, 28, 97, 63, 61, 63, 63, 41, 52,
    39, 63, 59, 82, 59, 59, 52, 64, 34, 64, 84)
_ASCII_BOLD_EM = (
    35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70, 70, 70, 70, 40, 40,
    84, 84, 84, 58, 100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64, 100, 84, 85, 73, 85, 77, 72, 68, 81, 77, 110,
    77, 72, 73, 46, 37, 46, 84, 50, 50, 67, 72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34, 104, 71, 69, 72, 72, 49, 60,
    48, 71, 65, 92, 65, 65, 58, 71, 37, 71, 84)


def text_width(text: str, size: float, *, bold: bool = False) -> int:
    """The width in px of ``text`` set at ``size`` px in DejaVu Sans, rounded up.

    ASCII uses the font's own advance widths; other characters are taken wide enough
    (1.2 em for East Asian wide ones, 0.9 em for suit symbols, 0.75 em otherwise, as
    wide as any accented Latin letter but a few), so the width is never short for text
    DejaVu Sans sets.
    """
    table = _ASCII_BOLD_EM if bold else _ASCII_EM
    em = 0.0
    for ch in text:
        code = ord(ch)
        if 32 <= code < 127:
            em += table[code - 32] / 100
        elif unicodedata.combining(ch) or unicodedata.category(ch) in ("Cc", "Cf", "Mn"):
            continue
        elif unicodedata.east_asian_width(ch) in ("W", "F"):
            em += 1.2
        elif "\u2660" <= ch <= "\u2667":
            em += 0.9
        else:
            em += 0.8 if bold else 0.75
    return math.ceil(em * size)


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where the columns start and how large the image is."""

    left: int
    mid: int
    right: int
    width: int


# characters XML 1.0 forbids (C0 controls but tab, LF, CR; surrogates; U+FFFE/F) and C1 controls
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def escape(text: str, quote: bool = True) -> str:
    """``text`` safe inside XML or HTML: ``& < > " '`` escaped, and each control
    character (which no XML parser accepts) shown as U+FFFD instead."""
    return _html_escape(_NOT_XML.sub("\ufffd", text), quote)


def _attr(text: str) -> str:
    return escape(text, quote=True)


def _name(board: Board, seat: Seat) -> str | None:
    name = board.player(seat)
    return name if name and name.strip() not in ("", "#", "?") else None


def _suit_lines(board: Board, seat: Seat, lang: Language, ascii: bool, tens: bool) -> list[tuple[Suit, str, str]]:
    """(suit, symbol, ranks) of each suit of the seat's hand, spades first; none when unknown."""
    hand = board.deal[seat] if board.deal is not None else None
    if hand is None:
        return []
    return [(suit, suit_text(suit, lang=lang, ascii=ascii),
             "".join(rank_text(c.rank, lang=lang, tens=tens) for c in hand.suit(suit))) for suit in SUITS_DESC]


def _ranks_at(board: Board, lang: Language, ascii: bool) -> int:
    """How far right of the suit symbol the ranks start (a letter of another language may be wider)."""
    widest = max(text_width(suit_text(suit, lang=lang, ascii=ascii), _FONT) for suit in SUITS_DESC)
    return max(_RANKS_AT, widest + 4)


def _hand_width(board: Board, seat: Seat, lang: Language, ascii: bool, tens: bool) -> int:
    """The width of a hand block: its player's name and its longest suit line."""
    widths = [text_width("\u2013", _FONT)]
    name = _name(board, seat)
    if name is not None:
        widths.append(text_width(name, _NAME_FONT))
    at = _ranks_at(board, lang, ascii)
    widths += [at + text_width(ranks or "\u2013", _FONT) for _, _, ranks in _suit_lines(board, seat, lang, ascii, tens)]
    return max(widths)


def _info_lines(board: Board, lang: Language) -> list[tuple[str, int, bool]]:
    """(text, font size, bold) of the top-left block: board number, dealer, vulnerability."""
    number = "?" if board.number is None else str(board.number)
    out = [(f"{lang.word('board')} {number}", 18, True)]
    dealer = board.effective_dealer
    if dealer is not None:
        out.append((f"{lang.word('dealer')}: {lang.seat_names[dealer]}", 12, False))
    vul = board.effective_vulnerability
    if vul is not None:
        out.append((f"{lang.word('vulnerable')}: {lang.vul_str(vul)}", 12, False))
    return out


def _dd_cells(board: Board, lang: Language, ascii: bool) -> tuple[list[str], list[list[str]]] | None:
    """The makeable-contracts table: heading (strains NT ♠ ♥ ♦ ♣) and rows (declarer, five
    levels) as a hand record prints it; None when the board records no table."""
    table = dd_table(board)
    if table is None:
        return None
    head = [lang.strain_str(strain, symbols=not ascii) for strain in DD_STRAINS]
    rows = [[lang.seat_str(seat)] + [dd_cell(table, seat, strain) for strain in DD_STRAINS] for seat in DD_SEATS]
    return head, rows


def _dd_widths(cells: tuple[list[str], list[list[str]]]) -> tuple[int, int]:
    """Widths of the table's declarer column and of each strain column."""
    head, rows = cells
    first = max(text_width(row[0], _SMALL, bold=True) for row in rows) + 4
    column = max([text_width(t, _SMALL, bold=True) for t in head]
                 + [text_width(c, _SMALL) for row in rows for c in row[1:]]) + 5
    return first, column


def _par_lines(board: Board, lang: Language, ascii: bool) -> list[str]:
    """Par as one or two lines: ``Par: NS 990`` and the contracts; none when not recorded."""
    par = par_line(board, lang=lang, ascii=ascii)
    if par is None:
        return []
    if par.score and par.contracts:
        return [f"{lang.word('par')}: {par.score}", ", ".join(par.contracts)]
    return [par.text(lang)]


def _layout(board: Board, lang: Language, ascii: bool, tens: bool) -> _Layout:
    """Columns as wide as their widest text, never narrower than the default image's."""
    hands = {seat: _hand_width(board, seat, lang, ascii, tens) if board.deal is not None else 0 for seat in Seat}
    info = max(text_width(text, size, bold=bold) for text, size, bold in _info_lines(board, lang))
    par = max((text_width(line, _SMALL, bold=True) for line in _par_lines(board, lang, ascii)), default=0)
    cells = _dd_cells(board, lang, ascii)
    table = 0
    if cells is not None:
        first, column = _dd_widths(cells)
        table = first + column * len(DD_STRAINS)
    left = _MARGIN
    mid = max(_MID_X, left + max(info, hands[Seat.WEST], par) + _GAP)
    middle = max(hands[Seat.NORTH], hands[Seat.SOUTH], _ROSE_SIZE + 5)
    right = max(_RIGHT_X - _MID_X + mid, mid + middle + _GAP)
    width = max(WIDTH, right + max(hands[Seat.EAST], table) + _MARGIN)
    return _Layout(left, mid, right, width)


def _dd(board: Board, lang: Language, ascii: bool, layout: _Layout) -> list[str]:
    """The makeable-contracts table below East: declarers N S E W, strains NT ♠ ♥ ♦ ♣."""
    cells = _dd_cells(board, lang, ascii)
    if cells is None:
        return []
    head, rows = cells
    first, column = _dd_widths(cells)
    x0 = layout.width - _MARGIN - first - column * len(DD_STRAINS)
    out = ['<g class="dd">']
    for i, (strain, text) in enumerate(zip(DD_STRAINS, head)):
        fill = SUIT_FILL[strain.suit] if strain.suit is not None else "#000000"
        out.append(f'<text x="{x0 + first + column * i + column // 2}" y="{_DD_Y}" text-anchor="middle" '
                   f'font-size="{_SMALL}" font-weight="bold" fill="{fill}">{escape(text)}</text>')
    for r, row in enumerate(rows, 1):
        y = _DD_Y + _DD_ROW * r
        out.append(f'<text x="{x0}" y="{y}" font-size="{_SMALL}" font-weight="bold">{escape(row[0])}</text>')
        for i, text in enumerate(row[1:]):
            out.append(f'<text x="{x0 + first + column * i + column // 2}" y="{y}" text-anchor="middle" '
                       f'font-size="{_SMALL}">{escape(text)}</text>')
    out.append("</g>")
    return out


def _par(board: Board, lang: Language, ascii: bool) -> list[str]:
    """Par below West."""
    return [f'<text x="{_MARGIN}" y="{_PAR_Y + _DD_ROW * i}" font-size="{_SMALL}" font-weight="bold" class="par">'
            f'{escape(line)}</text>' for i, line in enumerate(_par_lines(board, lang, ascii))]


def _hand(board: Board, seat: Seat, lang: Language, ascii: bool, tens: bool, layout: _Layout) -> list[str]:
    x = {Seat.NORTH: layout.mid, Seat.SOUTH: layout.mid, Seat.WEST: layout.left, Seat.EAST: layout.right}[seat]
    y = _HAND_Y[seat]
    out = []
    name = _name(board, seat)
    if name is not None:
        out.append(f'<text x="{x}" y="{y}" class="player">{escape(name)}</text>')
    y += _LINE
    lines = _suit_lines(board, seat, lang, ascii, tens)
    if not lines:
        out.append(f'<text x="{x}" y="{y}">&#8211;</text>')
        return out
    at = _ranks_at(board, lang, ascii)
    for suit, symbol, ranks in lines:
        out.append(f'<text x="{x}" y="{y}"><tspan fill="{SUIT_FILL[suit]}" class="suit">{escape(symbol)}</tspan>'
                   f'<tspan x="{x + at}">{escape(ranks) if ranks else "&#8211;"}</tspan></text>')
        y += _LINE
    return out


def _rose(board: Board, lang: Language, layout: _Layout) -> list[str]:
    x, y, size = layout.mid + 5, _ROSE_Y, _ROSE_SIZE
    dealer = board.effective_dealer
    vul = board.effective_vulnerability
    out = [f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="5" fill="#f4f4f4" stroke="#555555"/>']
    mid_x, mid_y = x + size // 2, y + size // 2
    places = {
        Seat.NORTH: (mid_x, y + 16, "middle"), Seat.WEST: (x + 6, mid_y + 5, "start"),
        Seat.EAST: (x + size - 6, mid_y + 5, "end"), Seat.SOUTH: (mid_x, y + size - 6, "middle"),
    }
    for seat, (sx, sy, anchor) in places.items():
        fill = "#d00000" if vul is not None and vul.is_vul(seat.side) else "#000000"
        deco = ' text-decoration="underline"' if seat == dealer else ""
        out.append(f'<text x="{sx}" y="{sy}" text-anchor="{anchor}" fill="{fill}" font-weight="bold"{deco}>'
                   f'{escape(lang.seat_str(seat))}</text>')
    return out


def _info(board: Board, lang: Language) -> list[str]:
    out = []
    y = 22
    for i, (text, size, bold) in enumerate(_info_lines(board, lang)):
        weight = ' font-weight="bold" class="board-no"' if bold else ""
        out.append(f'<text x="{_MARGIN}" y="{y}" font-size="{size}"{weight}>{escape(text)}</text>')
        y += _LINE + 2 if i == 0 else _LINE - 2
    return out


def render_svg(board: Board, *, lang: Language = ENGLISH, ascii: bool = False, tens: bool = True) -> str:
    """The board's compass diagram as a standalone SVG document (with XML declaration).

    A board without a deal still gets its number, dealer, vulnerability and compass.
    The image is :data:`WIDTH` wide, or wider when a name or a suit needs it.
    """
    number = "?" if board.number is None else str(board.number)
    layout = _layout(board, lang, ascii, tens)
    width = layout.width
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{HEIGHT}" '
         f'viewBox="0 0 {width} {HEIGHT}" role="img" font-size="{_FONT}" '
         'font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif">'),
        f"<title>{escape(lang.word('board'))} {number}</title>",
        f"<style>.player {{ font-style: italic; font-size: {_NAME_FONT}px; }}</style>",
        f'<rect width="{width}" height="{HEIGHT}" fill="#ffffff"/>',
    ]
    parts += _info(board, lang)
    parts += _rose(board, lang, layout)
    if board.deal is not None:
        for seat in (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH):
            parts += _hand(board, seat, lang, ascii, tens, layout)
    parts += _dd(board, lang, ascii, layout)
    parts += _par(board, lang, ascii)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def svg_name(board: Board, index: int, width: int = 2) -> str:
    """File name of a board's diagram: ``board-01.svg`` from its number, else from its
    place ``index`` (1-based) in the input, zero-padded to ``width`` digits.
    """
    n = board.number if board.number is not None else index
    return f"board-{n:0{width}d}.svg"
