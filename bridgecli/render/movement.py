"""Movements printed for the tables: guide cards (one a pair), table cards (one a table), the
board-movement sheet, the movement's overview, and the report of its checks; as text or as one
printable HTML page (A4), in the language asked.

Each printout is a list of :class:`Card` (a title and a table of rows) made by
:func:`guide_cards`, :func:`table_cards`, :func:`board_sheet` or :func:`overview`;
:func:`render_text` and :func:`render_html` lay them out. Pure: a movement in, a string out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgecli.core.enums import Seat
from bridgecli.core.notation import ENGLISH, Language
from bridgecli.movements.checks import MovementReport
from bridgecli.movements.model import Movement, Seating

from .svg import escape

WIDE = 10
"""Columns past which an HTML table is set smaller, to fit A4 portrait (a 10-table Howell's board
sheet has 21)."""

PRINTOUTS = ("overview", "guide", "table", "boards")
"""What :func:`cards` makes: the overview, guide cards, table cards, the board-movement sheet."""


@dataclass(frozen=True)
class Card:
    """One card: a title, column headings and rows of cells (all text)."""

    title: str
    """The card's heading."""
    header: tuple[str, ...]
    """The column headings."""
    rows: tuple[tuple[str, ...], ...]
    """The cells, a tuple a row."""
    note: str = ""
    """A line under the table (what a mark in it means), or nothing."""


def _boards(m: Movement, s: Seating) -> str:
    b = m.board_numbers(s.set)
    return str(b[0]) if len(b) == 1 else f"{b[0]}-{b[-1]}"


def _side(lang: Language, ns: bool) -> str:
    a, b = (Seat.NORTH, Seat.SOUTH) if ns else (Seat.EAST, Seat.WEST)
    return f"{lang.seat_str(a)}-{lang.seat_str(b)}"


def _partner_table(m: Movement, s: Seating) -> int | None:
    if not s.shared:
        return None
    return next((o.table for o in m.round(s.round) if o.set == s.set and o is not s), None)


def _boards_cell(m: Movement, s: Seating, lang: Language) -> str:
    text = _boards(m, s)
    other = _partner_table(m, s)
    return text if other is None else f"{text} ({lang.word('mv_shared').format(t=other)})"


def guide_cards(m: Movement, lang: Language = ENGLISH) -> list[Card]:
    """A guide card for each pair: round, table, direction, boards, opponents."""
    w = lang.word
    header = (w("mv_round"), w("mv_table"), w("mv_direction"), w("mv_boards"), w("mv_opponents"))
    out = []
    for pair in m.pairs:
        rows = []
        for s in m.of_pair(pair):
            if m.sits_out(s) == pair:
                rows.append((str(s.round), "", "", "", w("mv_sits_out")))
                continue
            ns = s.ns == pair
            rows.append((str(s.round), str(s.table), _side(lang, ns), _boards_cell(m, s, lang), str(s.ew if ns else s.ns)))
        out.append(Card(w("mv_guide_card").format(p=pair), header, tuple(rows)))
    return out


def table_cards(m: Movement, lang: Language = ENGLISH) -> list[Card]:
    """A card for each table: round, N-S pair, E-W pair, boards, where the boards go next."""
    w = lang.word
    header: tuple[str, ...] = (w("mv_round"), _side(lang, True), _side(lang, False), w("mv_boards"))
    if not m.duplicated:
        header += (w("mv_next"),)
    out = []
    for table in range(1, m.tables + 1):
        rows = []
        for s in m.seatings:
            if s.table != table:
                continue
            out_pair = m.sits_out(s)
            ns = str(s.ns) if s.ns not in m.phantoms else "-"
            ew = str(s.ew) if s.ew not in m.phantoms else "-"
            if out_pair is not None:
                ns, ew = (f"{ns} ({w('mv_sits_out')})", ew) if out_pair == s.ns else (ns, f"{ew} ({w('mv_sits_out')})")
            row: tuple[str, ...] = (str(s.round), ns, ew, _boards_cell(m, s, lang))
            if not m.duplicated:
                row += (_next(m, s, lang),)
            rows.append(row)
        out.append(Card(w("mv_table_card").format(t=table), header, tuple(rows)))
    return out


def _next(m: Movement, s: Seating, lang: Language) -> str:
    if s.round == m.rounds:
        return lang.word("mv_end")
    nxt = m.next_place(s)
    if nxt is not None:
        return lang.word("mv_table_n").format(t=nxt.table)
    later = next((o for o in m.seatings if o.round > s.round + 1 and o.set == s.set), None)
    if later is None:
        return lang.word("mv_not_in_play")
    return lang.word("mv_later").format(t=later.table, r=later.round)


def board_sheet(m: Movement, lang: Language = ENGLISH) -> list[Card]:
    """The board-movement sheet: for each set, the table (or tables) it is at in each round."""
    w = lang.word
    header = (w("mv_set"), w("mv_boards")) + tuple(f"{w('mv_round')} {r}" for r in range(1, m.rounds + 1))
    rows = []
    for number in m.sets:
        b = m.board_numbers(number)
        cells = [str(number), str(b[0]) if len(b) == 1 else f"{b[0]}-{b[-1]}"]
        for r in range(1, m.rounds + 1):
            tables = [str(s.table) for s in m.round(r) if s.set == number]
            cells.append("+".join(tables) if tables else "-")
        rows.append(tuple(cells))
    return [Card(w("mv_board_sheet"), header, tuple(rows))]


def overview(m: Movement, lang: Language = ENGLISH) -> list[Card]:
    """The whole movement on one card: a row a round, a column a table (N-S pair, E-W pair: boards)."""
    w = lang.word
    header = (w("mv_round"),) + tuple(f"{w('mv_table')} {t}" for t in range(1, m.tables + 1))
    rows = []
    for r in range(1, m.rounds + 1):
        by_table = {s.table: s for s in m.round(r)}
        cells = [str(r)]
        for t in range(1, m.tables + 1):
            s = by_table.get(t)
            cells.append("" if s is None else f"{s.ns}-{s.ew}: {_boards(m, s)}{'*' if s.shared else ''}")
        rows.append(tuple(cells))
    note = w("mv_shared_mark") if any(s.shared for s in m.seatings) else ""
    return [Card(f"{m.name}: {m.description}" if m.description else m.name, header, tuple(rows), note)]


def cards(m: Movement, printouts: Sequence[str], lang: Language = ENGLISH) -> list[Card]:
    """The cards of the ``printouts`` asked (:data:`PRINTOUTS`), in that order."""
    makers = {"overview": overview, "guide": guide_cards, "table": table_cards, "boards": board_sheet}
    return [card for p in printouts for card in makers[p](m, lang)]


def summary(m: Movement, lang: Language = ENGLISH) -> list[str]:
    """The movement's facts as lines: tables, rounds, boards, pairs; missing pairs; arrow switch; copies."""
    w = lang.word
    pairs = m.pairs
    span = f"{pairs[0]}-{pairs[-1]}" if pairs == tuple(range(pairs[0], pairs[-1] + 1)) else ", ".join(map(str, pairs))
    out = [w("mv_summary").format(tables=m.tables, rounds=m.rounds, boards=m.boards, per=m.boards_per_round,
                                  pairs=span)]
    if m.phantoms:
        out.append(w("mv_missing").format(pairs=", ".join(map(str, m.phantoms))))
    if m.arrow_switch:
        out.append(w("mv_arrow").format(rounds=", ".join(map(str, m.arrow_switch))))
    if m.duplicated:
        out.append(w("mv_copies"))
    return out


# -- layout --------------------------------------------------------------------


def _table_lines(card: Card) -> list[str]:
    widths = [max(len(row[i]) for row in (card.header, *card.rows)) for i in range(len(card.header))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(widths[i]) for i, c in enumerate(cells)).rstrip()

    return [line(card.header), line(["-" * n for n in widths]), *(line(r) for r in card.rows)]


def render_text(m: Movement, chosen: Sequence[Card], lang: Language = ENGLISH, *, heading: bool = True) -> str:
    """The cards as text, one after another with a blank line between; ``heading``: the movement's
    summary first. Ends in a newline."""
    out: list[str] = []
    if heading:
        out += summary(m, lang) + [""]
    for i, card in enumerate(chosen):
        if i:
            out.append("")
        out += [card.title, *_table_lines(card)] + ([card.note] if card.note else [])
    return "\n".join(out) + "\n"


_CSS = """@page { size: A4 portrait; margin: 12mm; }
body { font-family: sans-serif; font-size: 11pt; margin: 0; }
header p { margin: 0 0 2mm 0; }
section.card { break-inside: avoid; page-break-inside: avoid; margin: 0 0 8mm 0; }
section.card h2 { font-size: 13pt; margin: 0 0 2mm 0; }
table { border-collapse: collapse; }
th, td { border: 0.3mm solid #444; padding: 1mm 2mm; text-align: center; }
th { background: #eee; }
table.wide { font-size: 7.5pt; }
table.wide th, table.wide td { padding: 0.5mm 0.8mm; }
@media print { section.card.page { break-after: page; page-break-after: always; } }
"""


def render_html(m: Movement, chosen: Sequence[Card], lang: Language = ENGLISH, *, one_a_page: bool = False) -> str:
    """The cards as one self-contained HTML page, printable on A4; ``one_a_page``: each card on a
    page of its own (cut and hand out). Every text is escaped."""
    parts = ["<!DOCTYPE html>", f'<html lang="{escape(lang.code)}">', "<head>", '<meta charset="utf-8">',
             f"<title>{escape(m.name)}</title>", f"<style>\n{_CSS}</style>", "</head>", "<body>", "<header>",
             f"<h1>{escape(m.name)}</h1>"]
    if m.description:
        parts.append(f"<p>{escape(m.description)}</p>")
    parts += [f"<p>{escape(line)}</p>" for line in summary(m, lang)]
    parts.append("</header>")
    for card in chosen:
        parts.append(f'<section class="card{" page" if one_a_page else ""}">')
        parts.append(f"<h2>{escape(card.title)}</h2>")
        parts.append('<table class="wide">' if len(card.header) > WIDE else "<table>")
        parts.append("<tr>" + "".join(f"<th>{escape(h)}</th>" for h in card.header) + "</tr>")
        parts += ["<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in card.rows]
        parts.append("</table>")
        if card.note:
            parts.append(f"<p>{escape(card.note)}</p>")
        parts.append("</section>")
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"


def render_report(report: MovementReport) -> str:
    """The report of ``movement check`` as text: the movement, each finding, the board plays, the
    comparison balance, and ``ok`` or how many errors. Ends in a newline."""
    m = report.movement
    head = (f"movement {m.name}: {m.kind}, {m.tables} table{'s' if m.tables != 1 else ''}, {m.rounds}"
            f" round{'s' if m.rounds != 1 else ''}, boards 1-{m.boards}")
    out = [head]
    out += [f"{f.level}: {f.message}" for f in report.findings]
    counts = sorted(set(report.plays.values()))
    if len(counts) == 1:
        out.append(f"board plays: every set {counts[0]} time{'s' if counts[0] != 1 else ''}")
    else:
        out.append(f"board plays: {counts[0]} to {counts[-1]} times a set")
    b = report.balance
    if b is not None:
        out.append(f"comparison balance: {b.figure:.1f} (two pairs of a field compared on {b.least} to {b.most}"
                   f" boards, mean {b.mean:.2f}, over {b.pairs} two-pair combinations)")
    n = len(report.errors)
    out.append("ok" if report.ok else f"broken: {n} error{'s' if n != 1 else ''}")
    return "\n".join(out) + "\n"
