"""A session's results as a static site: the pages of ``bridgecli results SESSION -o DIR``.

:func:`site_pages` returns every file of the site by name: ``index.html`` (the ranking, a
table a direction when every pair kept its direction, the boards and who met whom),
``board-N.html`` a board (its diagram with the double-dummy table and par when the deal
carries them, and its traveller), ``pair-K.html`` a pair (its score card) and one
``style.css``. No script, no font or file from the network: the pages read on a phone
(one column, tables scroll sideways) and print on A4 (the links bar is left out).
Every text taken from the session (names, the event, contracts) is escaped.

Pure: takes the session scored and a language, returns texts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from bridgecli.core.events import ResultScore, board_key
from bridgecli.core.notation import ENGLISH, Language

from .html import paint_suits
from .svg import escape

if TYPE_CHECKING:
    from bridgecli.core.events import PairsEvent, PairStanding, TableResult
    from bridgecli.results.session import Session

__all__ = ["site_pages"]

_CSS = """\
@page { size: A4 portrait; margin: 12mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0 auto; max-width: 60rem; padding: 0.75rem; color: #000; background: #fff; line-height: 1.35;
  font-family: "DejaVu Sans", "Liberation Sans", Arial, Helvetica, sans-serif; font-size: 1rem; }
h1 { font-size: 1.4rem; margin: 0.2rem 0; overflow-wrap: anywhere; }
h2 { font-size: 1.15rem; margin: 1.2rem 0 0.4rem 0; overflow-wrap: anywhere; }
p.where { margin: 0 0 0.6rem 0; color: #333; overflow-wrap: anywhere; }
nav { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; margin: 0 0 0.6rem 0; padding: 0.4rem 0;
  border-bottom: 1px solid #999; }
a { color: #0645ad; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 0 0 0.6rem 0; }
th, td { border: 1px solid #aaa; padding: 0.15rem 0.4rem; text-align: left; vertical-align: top; }
th { background: #eee; white-space: nowrap; }
td.num, th.num { text-align: right; white-space: nowrap; }
td.name { min-width: 8rem; overflow-wrap: anywhere; }
.hearts, .diamonds { color: #d00000; }
.spades, .clubs { color: #000; }
.diagram svg { max-width: 100%; height: auto; }
.boards { display: flex; flex-wrap: wrap; gap: 0.3rem 0.6rem; }
.boards a { display: inline-block; min-width: 2.2rem; text-align: center; padding: 0.2rem; border: 1px solid #aaa; }
@media print {
  body { max-width: none; padding: 0; font-size: 10pt; }
  nav, .boards { display: none; }
  a { color: #000; text-decoration: none; }
  .scroll { overflow: visible; }
  table, .diagram { break-inside: avoid; page-break-inside: avoid; }
  h2 { break-after: avoid; page-break-after: avoid; }
}
"""


class _Site:
    def __init__(self, session: Session, event: PairsEvent, lang: Language, code: str) -> None:
        self.session, self.event, self.lang, self.code = session, event, lang, code
        from bridgecli.results.session import SITE_WORDS

        self.words = SITE_WORDS.get(code, SITE_WORDS["en"])
        numbers = [p.pair for p in event.standings]
        simple = all(re.fullmatch(r"[A-Za-z0-9]{1,20}", n) for n in numbers) and \
            len({n.lower() for n in numbers}) == len(numbers)
        self.pair_file = {n: f"pair-{n if simple else i}.html" for i, n in enumerate(numbers, 1)}
        self.boards = sorted({rs.result.board for rs in event.results}, key=board_key)
        self.board_file = {b: f"board-{b if re.fullmatch(r'[A-Za-z0-9]{1,20}', b) else i}.html"
                           for i, b in enumerate(self.boards, 1)}
        self.standing = {p.pair: p for p in event.standings}

    def w(self, key: str) -> str:
        return self.words.get(key) or self.lang.word(key)

    def title(self) -> str:
        return self.session.name or self.w("results")

    def page(self, title: str, body: Iterable[str]) -> str:
        s = self.session
        where = " · ".join(escape(x) for x in (s.club, s.date) if x)
        return "\n".join([
            "<!DOCTYPE html>", f'<html lang="{self.code}">', "<head>", '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{escape(title)}</title>", '<link rel="stylesheet" href="style.css">', "</head>", "<body>",
            f'<nav><a href="index.html">{escape(self.w("index"))}</a></nav>',
            f"<h1>{escape(title)}</h1>", *([f'<p class="where">{where}</p>'] if where else []),
            *body, "</body>", "</html>", ""])

    def pair_link(self, number: str, with_number: bool = True) -> str:
        """A link to the pair's page: its number and players, or (``with_number`` False, for
        the narrow tables) its number alone, the players in the link's title."""
        info = self.session.pair(number)
        if not with_number:
            title = f' title="{escape(info.label)}"' if info.names else ""
            return f'<a href="{self.pair_file[number]}"{title}>{escape(number)}</a>'
        text = f"{escape(number)} {escape(info.label)}" if info.names else escape(number)
        return f'<a href="{self.pair_file[number]}">{text}</a>'

    def contract(self, r: TableResult) -> tuple[str, str, str]:
        from bridgecli.formats.traveller import result_text

        c = r.contract
        text = "" if c is None else paint_suits(escape(self.lang.contract_str(c)))
        by = "" if c is None or c.declarer is None else escape(self.lang.seat_str(c.declarer))
        return text, by, escape(result_text(r.contract, r.tricks))

    def lead(self, r: TableResult) -> str:
        if not r.lead:
            return ""
        from bridgecli.core.cards import Card
        from bridgecli.core.errors import BridgeError

        try:
            return paint_suits(escape(self.lang.card_str(Card.from_str(r.lead))))
        except (BridgeError, ValueError, AttributeError):
            return escape(r.lead)


def _table(headers: Sequence[str], rows: Iterable[Sequence[str]], numeric: Iterable[int] = (),
           caption: str | None = None) -> str:
    nums = set(numeric)
    cls = [' class="num"' if i in nums else ' class="name"' if i == 1 else "" for i in range(len(headers))]
    out = ['<div class="scroll"><table>']
    if caption:
        out.append(f"<caption>{caption}</caption>")
    out.append("<thead><tr>" + "".join(f"<th{cls[i]}>{h}</th>" for i, h in enumerate(headers)) + "</tr></thead>")
    out.append("<tbody>")
    for row in rows:
        out.append("<tr>" + "".join(f"<td{cls[i]}>{v}</td>" for i, v in enumerate(row)) + "</tr>")
    out.append("</tbody></table></div>")
    return "\n".join(out)


def _num(x: float) -> str:
    from bridgecli.results.tables import fmt_num

    return str(fmt_num(round(x, 2)))


def _score_cells(r: TableResult, side: str) -> str:
    if r.adjusted is not None:
        ns_text, _, ew_text = r.adjusted.text.partition("/")
        return escape(ns_text if side == "NS" else ew_text or ns_text)
    if r.assigned is not None:
        return escape(r.assigned.text)
    return str(r.score if side == "NS" else -r.score)


def _index(site: _Site) -> str:
    from bridgecli.core.events import field_parts
    from bridgecli.results.session import standings_by_direction

    w, lang = site.w, site.lang
    body: list[str] = []
    groups = standings_by_direction(site.event.standings)
    for direction, group in groups:
        section, side = field_parts(direction)  # a section's ranking: "A NS"
        side = " ".join(x for x in (section, {"NS": lang.word("ns"), "EW": lang.word("ew")}.get(side, side)) if x)
        body.append(f"<h2>{escape(w('ranking'))}{f' ({escape(side)})' if direction else ''}</h2>")
        body.append(_table(
            [escape(w("rank")), escape(w("pair")), escape(w("boards")), escape(w("mp")), escape(w("percent"))],
            ([escape(p.rank), site.pair_link(p.pair), str(p.boards), _num(p.mp), _num(p.percentage)]
             for p in group), numeric=(2, 3, 4)))
    body.append(f"<h2>{escape(w('boards_played'))}</h2>")
    body.append('<p class="boards">' + " ".join(
        f'<a href="{site.board_file[b]}">{escape(b)}</a>' for b in site.boards) + "</p>")
    body.append(f"<h2>{escape(w('movement'))}</h2>")
    body.append(_movement(site))
    return site.page(site.title(), body)


def _meetings(site: _Site, pair: str) -> list[tuple[str, list[ResultScore]]]:
    """The pair's results in round order (when the results say) and board order, grouped by
    opponents (a round each)."""
    rounds: list[tuple[str, list[ResultScore]]] = []
    mine = sorted((rs for rs in site.event.results if pair in (rs.result.ns, rs.result.ew)),
                  key=lambda rs: (board_key(rs.result.round or ""), board_key(rs.result.board)))
    for rs in mine:
        other = rs.result.ew if rs.result.ns == pair else rs.result.ns
        if rounds and rounds[-1][0] == other:
            rounds[-1][1].append(rs)
        else:
            rounds.append((other, [rs]))
    return rounds


def _board_range(labels: Sequence[str]) -> str:
    if len(labels) > 2 and all(b.isdigit() for b in labels) and \
            [int(b) for b in labels] == list(range(int(labels[0]), int(labels[0]) + len(labels))):
        return f"{labels[0]}–{labels[-1]}"
    return ", ".join(labels)


def _movement(site: _Site) -> str:
    """The movement as the results show it: with their ``round`` and ``table``, a row a
    round and table (the pairs there and the boards they played); else a row a N-S pair,
    whom it met on which boards, in board order."""
    w = site.w
    results = [rs.result for rs in site.event.results]
    if any(r.round or r.table for r in results):
        seats: dict[tuple[tuple[int, int | str], tuple[int, int | str]], tuple[str, str, str, str, list[str]]] = {}
        for r in results:
            key = (board_key(r.round or ""), board_key(r.table or ""))
            seats.setdefault(key, (r.round or "", r.table or "", r.ns, r.ew, []))[4].append(r.board)
        rows = [[escape(rnd), escape(table), site.pair_link(ns, with_number=False),
                 site.pair_link(ew, with_number=False), escape(_board_range(sorted(boards, key=board_key)))]
                for (rnd, table, ns, ew, boards) in (seats[k] for k in sorted(seats))]
        return _table([escape(w("round")), escape(w("table")), escape(site.lang.word("ns")),
                       escape(site.lang.word("ew")), escape(w("boards"))], rows, numeric=(0, 1))
    ns_pairs = sorted({r.ns for r in results}, key=board_key)
    rows = []
    for pair in ns_pairs:
        cells = []
        for other, rss in _meetings(site, pair):
            if any(rs.result.ns != pair for rs in rss):
                continue
            labels = [rs.result.board for rs in rss]
            cells.append(f"{site.pair_link(other, with_number=False)}: {escape(_board_range(labels))}")
        rows.append([site.pair_link(pair), "<br>".join(cells)])
    return _table([escape(w("pair")) + f" {escape(site.lang.word('ns'))}", escape(w("met"))], rows)


def _board_page(site: _Site, index: int, label: str) -> str:
    from .svg import render_svg

    w = site.w
    body: list[str] = []
    links = []
    if index > 0:
        links.append(f'<a href="{site.board_file[site.boards[index - 1]]}">{escape(w("previous"))}</a>')
    if index + 1 < len(site.boards):
        links.append(f'<a href="{site.board_file[site.boards[index + 1]]}">{escape(w("next"))}</a>')
    if links:
        body.append("<nav>" + " ".join(links) + "</nav>")
    board = site.session.boards.get(label)
    if board is not None:
        svg = render_svg(board, lang=site.lang)
        body.append(f'<div class="diagram">{svg[svg.find("<svg"):]}</div>')
    else:
        body.append(f"<p>{escape(w('no_deal'))}</p>")
    body.append(f"<h2>{escape(w('traveller'))}</h2>")
    ns, ew = escape(site.lang.word("ns")), escape(site.lang.word("ew"))
    rows = []
    for rs in site.event.results:
        r = rs.result
        if r.board != label:
            continue
        contract, by, result = site.contract(r)
        rows.append([site.pair_link(r.ns, with_number=False), site.pair_link(r.ew, with_number=False), contract, by,
                     site.lead(r), result, _score_cells(r, "NS"), _num(rs.mp_ns), _num(rs.mp_ew)])
    body.append(_table([ns, ew, escape(w("contract")), escape(w("declarer")), escape(w("opening_lead")),
                        escape(w("result")), f"{escape(w('score'))} {ns}", f"{escape(w('mp'))} {ns}",
                        f"{escape(w('mp'))} {ew}"], rows, numeric=(6, 7, 8)))
    return site.page(f"{w('board')} {label}", body)


def _pair_page(site: _Site, pair: str) -> str:
    w, lang = site.w, site.lang
    p: PairStanding = site.standing[pair]
    info = site.session.pair(pair)
    body: list[str] = []
    facts = [f"{escape(w('rank'))}: {escape(p.rank)}", f"{escape(w('mp'))}: {_num(p.mp)}",
             f"{escape(w('percent'))}: {_num(p.percentage)}"]
    if info.club:
        facts.insert(0, escape(info.club))
    if info.members:
        facts.append(f"{escape(w('member'))}: {escape(', '.join(info.members))}")
    body.append("<p>" + " · ".join(facts) + "</p>")
    body.append(f"<h2>{escape(w('score_card'))}</h2>")
    rows = []
    rounds = any(rs.result.round for rs in site.event.results)  # a Round column when the results say
    for other, rss in _meetings(site, pair):
        for k, rs in enumerate(rss):
            r = rs.result
            side = "NS" if r.ns == pair else "EW"
            contract, by, result = site.contract(r)
            mp = rs.mp_ns if side == "NS" else rs.mp_ew
            pct = 100.0 * mp / rs.top if rs.top else 50.0
            rows.append([*([escape(r.round or "") if k == 0 else ""] if rounds else []),
                         site.pair_link(other) if k == 0 else "",
                         f'<a href="{site.board_file[r.board]}">{escape(r.board)}</a>',
                         escape(lang.word("ns" if side == "NS" else "ew")), contract, by, site.lead(r), result,
                         _score_cells(r, side), _num(mp), _num(pct)])
    first = 1 if rounds else 0
    rows.append([*[""] * (first + 7), escape(w("total")), _num(p.mp), _num(p.percentage)])
    body.append(_table([*([escape(w("round"))] if rounds else []), escape(w("opponents")), escape(w("board")),
                        escape(w("direction")), escape(w("contract")), escape(w("declarer")), escape(w("opening_lead")),
                        escape(w("result")), escape(w("score")), escape(w("mp")), escape(w("percent"))], rows,
                       numeric=(*((0,) if rounds else ()), first + 1, first + 7, first + 8, first + 9)))
    title = f"{w('pair')} {pair}" + (f": {info.label}" if info.names else "")
    return site.page(title, body)


def site_pages(session: Session, event: PairsEvent, lang: Language = ENGLISH, code: str = "en") -> dict[str, str]:
    """Every file of the results site by name (see the module docstring): ``lang`` is the
    language of the words and ``code`` its code (``en``, ``pl``, ``hu``)."""
    site = _Site(session, event, lang, code)
    pages = {"style.css": _CSS, "index.html": _index(site)}
    for i, label in enumerate(site.boards):
        pages[site.board_file[label]] = _board_page(site, i, label)
    for pair in site.pair_file:
        pages[site.pair_file[pair]] = _pair_page(site, pair)
    return pages
