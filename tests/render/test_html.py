"""The HTML hand record: document structure, suit colours, makeable contracts, par, escaping, languages."""

from __future__ import annotations

import dataclasses
import math
import re

import pytest

from bridgecli.core import Board, Contract, Deal, Seat, Vulnerability, parse_call
from bridgecli.core.board import AnnotatedCall, Section
from bridgecli.core.ddtable import dd_table
from bridgecli.core.notation import ENGLISH
from bridgecli.render.html import LAYOUTS, page_count, paint_suits, render_html
from bridgecli.render.sheet import par_line, session_heading

from ._dom import Node, parse

DEAL = Deal.from_pbn("N:AKQ2.J54.K832.A7 T97.AKQ8.Q5.K643 J43.T92.AJT9.QJ2 865.763.764.T985")
# PBN DoubleDummyTricks: declarers N, S, E, W, each NT S H D C, base-14 digits
DD_TAG = "746b5747b55862758627"


def calls(text: str) -> tuple[AnnotatedCall, ...]:
    out = [AnnotatedCall(parse_call(t)) for t in text.split()]
    out[0] = dataclasses.replace(out[0], alert=True, note=1)
    return tuple(out)


SOLVED = Board(
    number=1, deal=DEAL, auction=calls("1C P 1D P 1NT P 3NT P P P"), auction_notes={1: "could be short"},
    contract=Contract.from_str("3NT by N"), result=10,
    tags={"Event": "Club Pairs", "Site": "Kraków", "Date": "2024.03.05", "North": "Ann", "South": "Bob",
          "DoubleDummyTricks": DD_TAG, "OptimumScore": "NS 430", "ParContract": "NS 3NT"},
)


def plain(number: int) -> Board:
    return Board(number=number, deal=DEAL)


def boards_of(doc: Node) -> list[Node]:
    return doc.find_all("article", "board")


def test_document_is_self_contained():
    html = render_html([SOLVED, plain(2)])
    assert html.startswith("<!DOCTYPE html>\n")
    doc = parse(html)
    assert doc.find("html").attrs["lang"] == "en"
    assert doc.find("meta").attrs == {"charset": "utf-8"}
    # no script, nothing fetched from anywhere
    assert not doc.find_all("script") and not doc.find_all("link") and not doc.find_all("img")
    assert not re.search(r"(src|href)=|url\(|@import|https?:", html)
    css = doc.find("style").text()
    assert "@page { size: A4 portrait; margin: 10mm; }" in css
    assert "break-inside: avoid" in css and "break-after: page" in css


def test_heading_from_tags():
    doc = parse(render_html([SOLVED, plain(2)]))
    assert doc.find("title").text() == "Club Pairs"
    head = doc.find("header", "sheet-head")
    assert head.find("h1").text() == "Club Pairs"
    assert head.find("span", "site").text() == "Kraków"
    assert head.find("span", "date").text() == "2024-03-05"
    assert head.find("p", "page-no").text() == "1/1"


def test_heading_without_tags():
    doc = parse(render_html([plain(1)]))
    assert doc.find("h1").text() == "Hand record"
    assert not doc.find_all("span", "site") and not doc.find_all("span", "date")
    assert session_heading([plain(1)]).__bool__() is False


@pytest.mark.parametrize("per_page, n", [(4, 1), (4, 4), (4, 9), (6, 6), (6, 13), (1, 3), (2, 5)])
def test_pages_hold_per_page_boards(per_page, n):
    cols, _rows = LAYOUTS[per_page]
    doc = parse(render_html([plain(i) for i in range(1, n + 1)], per_page=per_page))
    pages = doc.find_all("section", "page")
    assert len(pages) == math.ceil(n / per_page) == page_count(n, per_page)
    numbers = []
    for i, page in enumerate(pages):
        held = boards_of(page)
        assert len(held) == (per_page if i < len(pages) - 1 else n - per_page * (len(pages) - 1))
        for row in page.find_all("div", "row"):
            assert 1 <= len(boards_of(row)) <= cols
        assert page.find("p", "page-no").text() == f"{i + 1}/{len(pages)}"
        numbers += [int(b.attrs["data-board"]) for b in held]
    assert numbers == list(range(1, n + 1))
    assert [b.attrs["id"] for b in boards_of(doc)] == [f"board-{i}" for i in range(1, n + 1)]


def test_bad_per_page():
    with pytest.raises(ValueError, match="boards per page"):
        render_html([plain(1)], per_page=5)


def test_compass_diagram_with_coloured_suits():
    doc = parse(render_html([SOLVED]))
    board = boards_of(doc)[0]
    info = board.find("div", "info")
    assert info.find("div", "board-no").text() == "Board 1"
    assert info.find("div", "dealer").text() == "Dealer: North"
    assert info.find("div", "vulnerability").text() == "Vulnerable: None"
    expected = {
        "north": ["♠AKQ2", "♥J54", "♦K832", "♣A7"],
        "east": ["♠1097", "♥AKQ8", "♦Q5", "♣K643"],
        "south": ["♠J43", "♥1092", "♦AJ109", "♣QJ2"],
        "west": ["♠865", "♥763", "♦764", "♣10985"],
    }
    for seat, lines in expected.items():
        cell = board.find("div", seat)
        assert [h.text() for h in cell.find_all("div", "holding")] == lines
        assert [s.classes - {"sym"} for s in cell.find_all("span", "sym")] == [
            {"spades"}, {"hearts"}, {"diamonds"}, {"clubs"}]
    assert board.find("div", "north").find("div", "player").text() == "Ann"
    assert not board.find("div", "east").find_all("div", "player")
    css = doc.find("style").text()
    assert ".hearts, .diamonds { color: #d00000; }" in css and ".spades, .clubs { color: #000; }" in css
    # compass: dealer North underlined; no side vulnerable on board 1
    rose = board.find("div", "rose")
    assert [s.text() for s in rose.find_all("span")] == ["N", "W", "E", "S"]
    assert "dealer" in rose.find("span", "north").classes
    assert not rose.find_all("span", "vul")


def test_vulnerable_seats_on_the_compass():
    board = Board(number=2, deal=DEAL)  # board 2: dealer East, N-S vulnerable (Law 2)
    rose = boards_of(parse(render_html([board])))[0].find("div", "rose")
    assert {s.text() for s in rose.find_all("span", "vul")} == {"N", "S"}
    assert rose.find("span", "dealer").text() == "E"


def test_auction_result_and_notes():
    board = boards_of(parse(render_html([SOLVED])))[0]
    auction = board.find("table", "auction")
    assert [th.text() for th in auction.find_all("th")] == ["West", "North", "East", "South"]
    rows = [[td.text() for td in tr.find_all("td")] for tr in auction.find("tbody").find_all("tr")]
    assert rows == [["", "1♣!(1)", "Pass", "1♦"], ["Pass", "1NT", "Pass", "3NT"], ["All Pass", "", "", ""]]
    assert auction.find("span", "clubs").text() == "♣"
    assert [li.text() for li in board.find("ul", "notes").find_all("li")] == ["(1) could be short"]
    assert board.find("p", "result").text() == "Contract: 3NT by N, made 10 tricks"


def test_makeable_contracts_from_double_dummy_tricks():
    board = boards_of(parse(render_html([SOLVED])))[0]
    dd = board.find("table", "dd")
    assert dd.find("caption").text() == "Makeable contracts"
    assert [th.text() for th in dd.find("thead").find_all("th")] == ["", "NT", "♠", "♥", "♦", "♣"]
    rows = {tr.find("th").text(): tr.find_all("td") for tr in dd.find("tbody").find_all("tr")}
    assert list(rows) == ["N", "S", "E", "W"]
    # 746b5 / 747b5 / 58627 / 58627: tricks; a cell shows tricks - 6 when at least 1
    assert [int(td.attrs["data-tricks"]) for td in rows["N"]] == [7, 4, 6, 11, 5]
    assert [td.text() for td in rows["N"]] == ["1", "-", "-", "5", "-"]
    assert [td.text() for td in rows["S"]] == ["1", "-", "1", "5", "-"]
    assert [td.text() for td in rows["E"]] == ["-", "2", "-", "-", "1"]
    assert [td.text() for td in rows["W"]] == ["-", "2", "-", "-", "1"]
    assert board.find("p", "par").text() == "Par: NS 430 (3NT NS)"


def test_makeable_contracts_from_optimum_result_table():
    # BridgeComposer's section: every declarer and strain, any order; W takes 13 in spades
    rows = tuple(f"{seat} {strain} {13 if (seat, strain) == ('W', 'S') else 6}"
                 for seat in "NSEW" for strain in ("NT", "S", "H", "D", "C"))
    board = Board(number=3, deal=DEAL,
                  sections=(Section("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R", rows),))
    assert dd_table(board) is not None
    dd = boards_of(parse(render_html([board])))[0].find("table", "dd")
    cells = {tr.find("th").text(): [td.text() for td in tr.find_all("td")] for tr in dd.find("tbody").find_all("tr")}
    assert cells == {"N": ["-"] * 5, "S": ["-"] * 5, "E": ["-"] * 5, "W": ["-", "7", "-", "-", "-"]}


def test_no_table_or_par_without_tags():
    board = boards_of(parse(render_html([plain(1)])))[0]
    assert not board.find_all("table", "dd") and not board.find_all("p", "par")
    assert not board.find_all("table", "auction") and not board.find_all("p", "result")
    bad = Board(number=1, deal=DEAL, tags={"DoubleDummyTricks": "zz"})
    assert dd_table(bad) is None
    assert not boards_of(parse(render_html([bad])))[0].find_all("table", "dd")


@pytest.mark.parametrize("tags, text", [
    ({"OptimumScore": "EW 100", "ParContract": "EW 4SX"}, "Par: EW 100 (4♠X EW)"),
    ({"OptimumScore": "NS 420", "ParContract": "NS 4S;NS 4H"}, "Par: NS 420 (4♠ NS, 4♥ NS)"),
    ({"OptimumScore": "NS 0", "ParContract": "NS Pass"}, "Par: NS 0 (Pass)"),
    ({"ParContract": "EW 3NT"}, "Par: 3NT EW"),
    ({"OptimumScore": "NS 50"}, "Par: NS 50"),
    ({"OptimumScore": "NS 50", "ParContract": "NS 9Z"}, "Par: NS 50 (NS 9Z)"),
    # results as BridgeComposer and solve write them (issue 15)
    ({"OptimumScore": "EW 140", "ParContract": "EW 1H+2"}, "Par: EW 140 (1♥+2 EW)"),
    ({"OptimumScore": "NS 100", "ParContract": "EW 5HX-1; EW 5DX-1"}, "Par: NS 100 (5♥X-1 EW, 5♦X-1 EW)"),
    ({"OptimumScore": "NS 1440", "ParContract": "S 6N="}, "Par: NS 1440 (6NT= S)"),
])
def test_par_line(tags, text):
    line = par_line(Board(number=1, tags=tags))
    assert line is not None and line.text() == text
    assert par_line(Board(number=1)) is None


@pytest.mark.parametrize("code, text", [
    # nobody vulnerable: the sides are named, not a vulnerability ("NS po" means NS vulnerable)
    ("pl", "Par: NS 990 (6BA= NS)"),
    ("hu", "Par: É-D 990 (6SA= É-D)"),
])
def test_par_line_names_sides_not_vulnerability(code, text):
    from bridgecli.core.notation import get_language as language

    board = Board(number=1, vulnerability=Vulnerability.NONE,
                  tags={"OptimumScore": "NS 990", "ParContract": "NS 6NT="})
    line = par_line(board, lang=language(code))
    assert line is not None and line.text(language(code)) == text


def test_partial_deal_and_no_deal():
    partial = Board(number=4, deal=Deal.from_pbn("N:AKQ2.J54.K832.A7 - - -"))
    doc = parse(render_html([partial, Board(number=5)]))
    first, second = boards_of(doc)
    assert first.find("div", "east").find("div", "holding").text() == "–"
    assert not second.find_all("div", "holding")
    assert second.find("div", "board-no").text() == "Board 5"


def test_every_text_from_the_file_is_escaped():
    evil = "<script>alert(1)</script>"
    board = Board(
        number=1, deal=DEAL, auction=calls("1C P P P"), auction_notes={1: "<b>bold</b> & co"},
        tags={"Event": 'Smith & "Jones" <Cup>', "Site": "O'Hare <i>", "Date": "<2024>",
              "North": evil, "East": "A & B", "South": '"quoted"', "West": "it's"},
    )
    html = render_html([board])
    assert "<script" not in html and "<b>" not in html and "<i>" not in html and "<Cup>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    doc = parse(html)
    assert doc.find("title").text() == 'Smith & "Jones" <Cup>'
    assert doc.find("h1").text() == 'Smith & "Jones" <Cup>'
    assert doc.find("span", "site").text() == "O'Hare <i>"
    players = [p.text() for p in doc.find_all("div", "player")]
    assert players == [evil, "it's", "A & B", '"quoted"']  # N, W, E, S in page order
    assert doc.find("ul", "notes").text() == "(1) <b>bold</b> & co"


def test_paint_suits():
    assert paint_suits("4♥ by S") == '4<span class="hearts">♥</span> by S'
    assert paint_suits("3NT") == "3NT"


def test_ascii_and_tens():
    board = boards_of(parse(render_html([SOLVED], ascii=True, tens=False)))[0]
    assert [h.text() for h in board.find("div", "west").find_all("div", "holding")] == ["S865", "H763", "D764", "CT985"]
    assert board.find("p", "result").text() == "Contract: 3NT by N, made 10 tricks"


def test_every_word_comes_from_the_language():
    words = dict(ENGLISH.words)
    words.update(board="Rozdanie", dealer="Rozdaje", vulnerable="Po partii", makeable="Kontrakty", par="Par",
                 hand_record="Protokół", contract="Kontrakt", made="ugrane", tricks="lew", all_pass="pas pas pas")
    lang = dataclasses.replace(ENGLISH, code="xx", words=words,
                               seat_names=("Północ", "Wschód", "Południe", "Zachód"), seat_out=tuple("NESW"))
    doc = parse(render_html([dataclasses.replace(SOLVED, tags={"DoubleDummyTricks": DD_TAG}),
                             plain(2).replace(vulnerability=Vulnerability.ALL, dealer=Seat.WEST)], lang=lang))
    assert doc.find("html").attrs["lang"] == "xx"
    assert doc.find("h1").text() == "Protokół"
    first, second = boards_of(doc)
    assert first.find("div", "board-no").text() == "Rozdanie 1"
    assert first.find("div", "dealer").text() == "Rozdaje: Północ"
    assert first.find("table", "dd").find("caption").text() == "Kontrakty"
    assert [th.text() for th in first.find("table", "auction").find_all("th")] == [
        "Zachód", "Północ", "Wschód", "Południe"]
    assert first.find("p", "result").text() == "Kontrakt: 3NT by N, ugrane 10 lew"
    assert second.find("div", "dealer").text() == "Rozdaje: Zachód"


def test_iter_html_is_render_html_a_page_at_a_time():
    """The streamed document is the same text, and asks for a page's boards only when it
    writes that page (so memory holds one page, not the session)."""
    from bridgecli.render.html import iter_html

    boards = [SOLVED] + [plain(i) for i in range(2, 12)]
    taken: list[int] = []

    def stream():
        for b in boards:
            taken.append(b.number)
            yield b

    pieces = iter_html(stream(), count=len(boards), heading=session_heading(boards), per_page=4)
    head = next(pieces)
    assert head.startswith("<!DOCTYPE html>") and taken == []
    first_page = next(pieces)
    assert "1/3" in first_page and taken == [1, 2, 3, 4]
    assert head + first_page + "".join(pieces) == render_html(boards, per_page=4)


def test_iter_html_refuses_more_boards_than_counted():
    from bridgecli.render.html import iter_html

    with pytest.raises(ValueError, match="more boards"):
        "".join(iter_html([plain(1), plain(2)], count=1, heading=session_heading([]), per_page=1))


def test_the_heading_is_found_in_one_pass_over_a_stream():
    later = dataclasses.replace(plain(2), tags={"Site": "Pécs"})
    first = dataclasses.replace(plain(1), tags={"Event": "?", "Date": "2024.01.02"})
    heading = session_heading(iter([first, later, SOLVED]))
    assert (heading.event, heading.site, heading.date) == ("Club Pairs", "Pécs", "2024-01-02")
