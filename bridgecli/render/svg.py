"""A board's compass diagram as one standalone SVG image (for a web page or a book).

:func:`render_svg` draws the four hands around a compass (North on top), the
board number, dealer and vulnerability in the top-left corner, players' names
above their hands, ♥ and ♦ in red, ♠ and ♣ in black; the vulnerable seats'
letters on the compass are red and the dealer's is underlined. Every text
taken from the file is escaped. Pure: returns a string.
"""

from __future__ import annotations

import re
from html import escape as _html_escape

from bridgecli.core.board import Board
from bridgecli.core.cards import SUITS_DESC, Seat, Suit
from bridgecli.core.notation import ENGLISH, Language

from .text import rank_text, suit_text

#: Fill colour of each suit's symbol.
SUIT_FILL: dict[Suit, str] = {
    Suit.SPADES: "#000000", Suit.HEARTS: "#d00000", Suit.DIAMONDS: "#d00000", Suit.CLUBS: "#000000",
}

WIDTH = 340
"""Width of the image in user units (px)."""
HEIGHT = 300
"""Height of the image in user units (px)."""

_LINE = 17
_FONT = 14
# top-left corner of each hand block (its first line's baseline)
_HAND_AT: dict[Seat, tuple[int, int]] = {
    Seat.NORTH: (130, 22), Seat.WEST: (8, 118), Seat.EAST: (238, 118), Seat.SOUTH: (130, 212),
}
_ROSE = (135, 120, 70)  # x, y, size of the compass square


# characters XML 1.0 forbids (C0 controls but tab, LF, CR; surrogates; U+FFFE/F) and C1 controls
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def escape(text: str, quote: bool = True) -> str:
    """``text`` safe inside XML or HTML: ``& < > " '`` escaped, and each control
    character (which no XML parser accepts) shown as U+FFFD instead."""
    return _html_escape(_NOT_XML.sub("\ufffd", text), quote)


def _attr(text: str) -> str:
    return escape(text, quote=True)


def _hand(board: Board, seat: Seat, lang: Language, ascii: bool, tens: bool) -> list[str]:
    x, y = _HAND_AT[seat]
    out = []
    name = board.player(seat)
    if name and name.strip() not in ("", "#", "?"):
        out.append(f'<text x="{x}" y="{y}" class="player">{escape(name)}</text>')
    y += _LINE
    hand = board.deal[seat] if board.deal is not None else None
    if hand is None:
        out.append(f'<text x="{x}" y="{y}">&#8211;</text>')
        return out
    for suit in SUITS_DESC:
        ranks = "".join(rank_text(c.rank, lang=lang, tens=tens) for c in hand.suit(suit))
        symbol = escape(suit_text(suit, lang=lang, ascii=ascii))
        out.append(f'<text x="{x}" y="{y}"><tspan fill="{SUIT_FILL[suit]}" class="suit">{symbol}</tspan>'
                   f'<tspan x="{x + 16}">{escape(ranks) if ranks else "&#8211;"}</tspan></text>')
        y += _LINE
    return out


def _rose(board: Board, lang: Language) -> list[str]:
    x, y, size = _ROSE
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
    number = "?" if board.number is None else str(board.number)
    out = [(f'<text x="8" y="22" font-size="18" font-weight="bold" class="board-no">'
            f'{escape(lang.word("board"))} {number}</text>')]
    y = 22 + _LINE + 2
    dealer = board.effective_dealer
    if dealer is not None:
        out.append(f'<text x="8" y="{y}" font-size="12">{escape(lang.word("dealer"))}: '
                   f'{escape(lang.seat_names[dealer])}</text>')
        y += _LINE - 2
    vul = board.effective_vulnerability
    if vul is not None:
        out.append(f'<text x="8" y="{y}" font-size="12">{escape(lang.word("vulnerable"))}: '
                   f'{escape(lang.vul_str(vul))}</text>')
    return out


def render_svg(board: Board, *, lang: Language = ENGLISH, ascii: bool = False, tens: bool = True) -> str:
    """The board's compass diagram as a standalone SVG document (with XML declaration).

    A board without a deal still gets its number, dealer, vulnerability and compass.
    """
    number = "?" if board.number is None else str(board.number)
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{WIDTH}" height="{HEIGHT}" '
         f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" font-size="{_FONT}" '
         'font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif">'),
        f"<title>{escape(lang.word('board'))} {number}</title>",
        "<style>.player { font-style: italic; font-size: 12px; }</style>",
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
    ]
    parts += _info(board, lang)
    parts += _rose(board, lang)
    if board.deal is not None:
        for seat in (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH):
            parts += _hand(board, seat, lang, ascii, tens)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def svg_name(board: Board, index: int, width: int = 2) -> str:
    """File name of a board's diagram: ``board-01.svg`` from its number, else from its
    place ``index`` (1-based) in the input, zero-padded to ``width`` digits.
    """
    n = board.number if board.number is not None else index
    return f"board-{n:0{width}d}.svg"
