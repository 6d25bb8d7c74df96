"""``bridgecli show --html`` / ``--svg``: output places, option checks, ``--solve``, and a real
print of the sheet by headless Chromium (page count, no board cut across pages).
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bridgecli.cli import cli
from bridgecli.core import Board, Deal, parse_call
from bridgecli.core.board import AnnotatedCall

from ..conftest import SAMPLES, bridgecli_cmd, subprocess_env
from ..render._dom import parse
from ._boards import BOARDS, DEALS, write

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def boards_json(tmp_path):
    return write(tmp_path / "boards.json", BOARDS, "json")


def board_count(html: str) -> int:
    return len(parse(html).find_all("article", "board"))


# -- HTML ---------------------------------------------------------------------


def test_html_to_stdout(runner, boards_json):
    res = runner.invoke(cli, ["show", str(boards_json), "--html"])
    assert res.exit_code == 0, res.stderr
    assert res.stderr == ""
    doc = parse(res.stdout)
    assert len(doc.find_all("article", "board")) == 3
    assert len(doc.find_all("section", "page")) == 1
    assert doc.find("h1").text() == "Club pairs"
    assert doc.find("div", "north").find("div", "player").text() == "Smith"


def test_html_to_file_with_selection(runner, boards_json, tmp_path):
    out = tmp_path / "sheet.html"
    res = runner.invoke(cli, ["show", str(boards_json), "--html", "--per-page", "6", "-b", "2-3", "-o", str(out)])
    assert res.exit_code == 0, res.stderr
    assert res.stdout == "" and res.stderr == ""
    doc = parse(out.read_text(encoding="utf-8"))
    assert [b.attrs["data-board"] for b in doc.find_all("article", "board")] == ["2", "3"]
    assert "repeat(2, minmax(0, 1fr))" not in doc.find("style").text()  # rows are flex, columns 2
    assert "calc((100% - 3mm) / 2)" in doc.find("style").text()


def test_html_of_the_sample_session(runner):
    res = runner.invoke(cli, ["show", str(SAMPLES / "valid" / "club_session.pbn"), "--html", "--per-page", "4"])
    assert res.exit_code == 0, res.stderr
    doc = parse(res.stdout)
    assert len(doc.find_all("article", "board")) == 18
    assert len(doc.find_all("section", "page")) == 5
    assert doc.find("span", "site").text() == "Kraków POL" and doc.find("span", "date").text() == "2026-11-26"


def test_html_with_a_bad_record(runner):
    res = runner.invoke(cli, ["show", str(SAMPLES / "invalid" / "one_bad_board.pbn"), "--html"])
    assert res.exit_code == 2
    assert res.stderr.startswith("bridgecli: error: ")
    assert board_count(res.stdout) >= 1


@pytest.mark.parametrize("args, message", [
    (["--html", "--svg"], "--html and --svg exclude each other"),
    (["--html", "--json"], "--json and --html exclude each other"),
    (["--svg", "--brief"], "--brief and --svg exclude each other"),
    (["--per-page", "4"], "--per-page goes with --html"),
    (["--brief", "--solve"], "--solve and --brief exclude each other"),
    (["--html", "--per-page", "5"], "'5' is not one of"),
])
def test_option_conflicts(runner, boards_json, args, message):
    res = runner.invoke(cli, ["show", str(boards_json), *args])
    assert res.exit_code == 2
    assert res.stdout == ""
    assert message in res.stderr


def test_html_output_cannot_be_a_folder(runner, boards_json, tmp_path):
    res = runner.invoke(cli, ["show", str(boards_json), "--html", "-o", str(tmp_path)])
    assert res.exit_code == 2 and "is a directory" in res.stderr
    res = runner.invoke(cli, ["show", str(boards_json), "-o", str(tmp_path)])
    assert res.exit_code == 2 and "is a directory" in res.stderr


def test_no_board_selected(runner, boards_json):
    res = runner.invoke(cli, ["show", str(boards_json), "--html", "-b", "9"])
    assert res.exit_code == 1 and res.stdout == ""
    assert "no board numbered 9" in res.stderr


# -- SVG ----------------------------------------------------------------------


def test_svg_folder(runner, boards_json, tmp_path):
    folder = tmp_path / "diagrams"
    res = runner.invoke(cli, ["show", str(boards_json), "--svg", "-o", str(folder)])
    assert res.exit_code == 0, res.stderr
    assert res.stdout == "" and res.stderr == ""
    assert sorted(p.name for p in folder.iterdir()) == ["board-01.svg", "board-02.svg", "board-03.svg"]
    for n in (1, 2, 3):
        root = ET.parse(folder / f"board-{n:02d}.svg").getroot()
        assert root.find(f"{SVG}title").text == f"Board {n}"
    # an existing folder is reused; a board number met twice gets a suffix
    twice = write(tmp_path / "twice.json", [BOARDS[0], BOARDS[0]], "json")
    res = runner.invoke(cli, ["show", str(twice), "--svg", "-o", str(folder)])
    assert res.exit_code == 0, res.stderr
    assert (folder / "board-01-2.svg").exists()


def test_svg_one_board(runner, boards_json, tmp_path):
    res = runner.invoke(cli, ["show", str(boards_json), "--svg", "-b", "2"])
    assert res.exit_code == 0, res.stderr
    assert ET.fromstring(res.stdout).find(f"{SVG}title").text == "Board 2"
    out = tmp_path / "two.svg"
    res = runner.invoke(cli, ["show", str(boards_json), "--svg", "-b", "2", "-o", str(out)])
    assert res.exit_code == 0 and res.stdout == ""
    assert ET.parse(out).getroot().find(f"{SVG}title").text == "Board 2"


def test_svg_several_boards_need_a_folder(runner, boards_json, tmp_path):
    res = runner.invoke(cli, ["show", str(boards_json), "--svg"])
    assert res.exit_code == 2 and res.stdout == ""
    assert "3 boards cannot go to stdout" in res.stderr
    res = runner.invoke(cli, ["show", str(boards_json), "--svg", "-o", str(tmp_path / "all.svg")])
    assert res.exit_code == 2 and not (tmp_path / "all.svg").exists()
    plain = tmp_path / "plain.txt"
    plain.write_text("x")
    res = runner.invoke(cli, ["show", str(boards_json), "--svg", "-o", str(plain)])
    assert res.exit_code == 2 and "not a folder" in res.stderr


# -- --solve ------------------------------------------------------------------

# North holds every spade, East every heart, South every diamond, West every club.
SOLID = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")


def test_solve_without_the_solver(runner, boards_json, monkeypatch):
    from bridgecli.solver import dds

    def missing() -> None:
        raise dds.SolverMissingError(dds.INSTALL_HINT)

    monkeypatch.setattr(dds, "load", missing)
    res = runner.invoke(cli, ["show", str(boards_json), "--html", "--solve"])
    assert res.exit_code == 2 and res.stdout == ""
    assert "--solve: solve needs the DDS solver" in res.stderr


def test_solve_computes_table_and_par(runner, tmp_path):
    from bridgecli.solver import dds

    if not dds.available():
        pytest.skip("the DDS solver (endplay) is not installed")
    path = write(tmp_path / "solid.json", [Board(number=1, deal=SOLID), Board(number=2, deal=Deal.from_pbn(
        "N:AKQ2.J54.K832.A7 - - -"))], "json")
    res = runner.invoke(cli, ["show", str(path), "--html", "--solve"])
    assert res.exit_code == 0
    assert "bridgecli: warning: board 2: not solved" in res.stderr
    first, second = parse(res.stdout).find_all("article", "board")
    cells = {tr.find("th").text(): [td.attrs["data-tricks"] for td in tr.find_all("td")]
             for tr in first.find("table", "dd").find("tbody").find_all("tr")}
    # columns NT S H D C: a side with the trump suit takes all 13 (the other hand ruffs the lead);
    # in notrump the opening leader runs a solid suit
    assert cells == {"N": ["0", "13", "0", "13", "0"], "S": ["0", "13", "0", "13", "0"],
                     "E": ["0", "0", "13", "0", "13"], "W": ["0", "0", "13", "0", "13"]}
    # board 1, nobody vulnerable: 7♠ = 210 + 300 + 1000; EW's only higher bid, 7NT, goes 13 down
    assert first.find("p", "par").text() == "Par: NS 1510 (7♠= NS)"
    assert not second.find_all("table", "dd")


def test_solve_for_text_and_json(runner, tmp_path):
    from bridgecli.solver import dds

    if not dds.available():
        pytest.skip("the DDS solver (endplay) is not installed")
    path = write(tmp_path / "solid.json", [Board(number=1, deal=SOLID), Board(number=2, deal=Deal.from_pbn(
        "N:AKQ2.J54.K832.A7 - - -")), Board(number=3, deal=SOLID)], "json")
    res = runner.invoke(cli, ["show", str(path), "--solve", "-b", "1-2"])
    assert res.exit_code == 0, res.stderr
    assert "bridgecli: warning: board 2: not solved" in res.stderr
    lines = res.stdout.splitlines()
    head = lines.index(next(line for line in lines if line.split()[:1] == ["NT"]))
    # strains in hand-record order NT S H D C; N and S take 13 tricks in spades and diamonds
    assert lines[head].split() == ["NT", "S", "H", "D", "C", "makes"]
    assert lines[head + 1].split()[:6] == ["N", "0", "13", "0", "13", "0"]
    assert lines[head + 3].split()[:6] == ["E", "0", "0", "13", "0", "13"]
    assert "Par: NS 1510 (7♠= NS)" in lines
    assert res.stdout.count("Board ") == 2  # board 3 not asked for
    res = runner.invoke(cli, ["show", str(path), "--solve", "--json", "-b", "1"])
    assert res.exit_code == 0, res.stderr
    import json

    record = json.loads(res.stdout)
    assert record["board"] == 1 and record["par"] == {"score": 1510, "contract": "NS 7S="}
    res = runner.invoke(cli, ["show", str(path), "--solve", "-b", "9"])
    assert res.exit_code == 1 and "no board numbered 9" in res.stderr
    res = runner.invoke(cli, ["show", str(path), "--solve", "--svg", "-b", "1"])
    assert res.exit_code == 0, res.stderr
    table = ET.fromstring(res.stdout).find(f"{SVG}g[@class='dd']")
    cells = ["".join(t.itertext()) for t in table.iter(f"{SVG}text")]
    assert cells[:11] == ["NT", "♠", "♥", "♦", "♣", "N", "-", "7", "-", "7", "-"]


# -- a real print in headless Chromium -----------------------------------------

BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def _browser() -> str:
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("no headless browser: install the Debian package 'chromium' to run the print test")


def _poppler() -> None:
    for tool in ("pdfinfo", "pdftotext"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} not found: install the Debian package 'poppler-utils' to check the printed PDF")


def marked_boards(n: int, long_auction: bool = False) -> list[Board]:
    """Boards 1..n whose top (number), North name and bottom (note) carry words unique to them."""
    ladder = [f"{level}{s}" for level in range(1, 8) for s in ("C", "D", "H", "S", "NT")]
    text = " P ".join(ladder) + " P P P" if long_auction else "1C P 1H P 2NT P 4H P P P"
    out = []
    for i in range(1, n + 1):
        calls = [AnnotatedCall(parse_call(t)) for t in text.split()]
        calls[0] = AnnotatedCall(calls[0].call, alert=True, note=1)
        out.append(Board(number=i, deal=Deal.from_pbn(DEALS[i % 3]), auction=tuple(calls),
                         auction_notes={1: f"endnote{i}"},
                         tags={"Event": "Print test", "North": f"Nplayer{i}", "South": f"Splayer{i}"}))
    return out


def print_pdf(html: Path, pdf: Path, profile: Path) -> None:
    cmd = [_browser(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={profile}", "--no-pdf-header-footer", "--print-to-pdf-no-header",
           f"--print-to-pdf={pdf}", html.as_uri()]
    try:
        subprocess.run(cmd, capture_output=True, timeout=60, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail("chromium did not print the sheet within 60 s")
    assert pdf.exists() and pdf.stat().st_size > 0, "chromium wrote no PDF"


def pdf_pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, timeout=30, check=True).stdout
    m = re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE)
    assert m, info
    return int(m.group(1))


def page_texts(pdf: Path, pages: int) -> list[str]:
    return [subprocess.run(["pdftotext", "-f", str(p), "-l", str(p), str(pdf), "-"], capture_output=True,
                           text=True, timeout=30, check=True).stdout for p in range(1, pages + 1)]


def pages_of(texts: list[str], word: str) -> list[int]:
    """Pages (1-based) where ``word`` stands as a whole word, once for each occurrence."""
    pattern = re.compile(rf"(?<![\w]){re.escape(word)}(?![\w])")
    return [p for p, text in enumerate(texts, 1) for _ in pattern.finditer(text)]


def check_whole_boards(texts: list[str], n: int) -> dict[int, int]:
    """Every board's number, North player and closing note on one and the same page; board -> page."""
    where = {}
    for i in range(1, n + 1):
        top = pages_of(texts, f"Board {i}")
        assert len(top) == 1, f"board {i} heading on pages {top}"
        assert pages_of(texts, f"Nplayer{i}") == top, f"board {i}: North's name not on page {top[0]}"
        assert pages_of(texts, f"Splayer{i}") == top, f"board {i}: South's name not on page {top[0]}"
        assert pages_of(texts, f"endnote{i}") == top, f"board {i} is cut: its last line is not on page {top[0]}"
        where[i] = top[0]
    return where


@pytest.mark.parametrize("per_page, n", [(4, 9), (6, 13), (2, 3)])
def test_printed_sheet_pages(tmp_path, per_page, n):
    _browser()
    _poppler()
    src = write(tmp_path / "boards.json", marked_boards(n), "json")
    sheet = tmp_path / "sheet.html"
    subprocess.run([*bridgecli_cmd(), "show", str(src), "--html", "--per-page", str(per_page), "-o", str(sheet)],
                   env=subprocess_env(), check=True, timeout=60)
    pdf = tmp_path / "sheet.pdf"
    print_pdf(sheet, pdf, tmp_path / "profile")
    pages = pdf_pages(pdf)
    assert pages == math.ceil(n / per_page)
    where = check_whole_boards(page_texts(pdf, pages), n)
    assert where == {i: (i - 1) // per_page + 1 for i in range(1, n + 1)}
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "shot")],
                       check=True, timeout=30)
        png = next(tmp_path.glob("shot*.png"))
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_printed_sheet_never_cuts_a_board(tmp_path):
    # auctions of 19 rounds do not fit a sixth of a page: boards move to later pages, whole
    _browser()
    _poppler()
    n = 6
    from bridgecli.render.html import render_html

    sheet = tmp_path / "long.html"
    sheet.write_text(render_html(marked_boards(n, long_auction=True), per_page=6), encoding="utf-8")
    pdf = tmp_path / "long.pdf"
    print_pdf(sheet, pdf, tmp_path / "profile")
    pages = pdf_pages(pdf)
    assert pages > 1
    where = check_whole_boards(page_texts(pdf, pages), n)
    assert sorted(where.values()) == list(where.values())


def printed_sizes(pdf: Path) -> list[tuple[str, float]]:
    """Every piece of text in the PDF with its font size in points (poppler's pdftohtml at zoom 3: to 1/3 pt)."""
    if shutil.which("pdftohtml") is None:
        pytest.skip("pdftohtml not found: install the Debian package 'poppler-utils' to read printed sizes")
    xml = subprocess.run(["pdftohtml", "-xml", "-i", "-stdout", "-q", "-zoom", "3", str(pdf)],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    root = ET.fromstring(xml.split("\n", 2)[2] if xml.startswith("<?xml") else xml)
    sizes: dict[str, float] = {}
    out = []
    for page in root.iter("page"):
        for spec in page.iter("fontspec"):
            sizes[spec.attrib["id"]] = int(spec.attrib["size"]) / 3  # the largest zoom pdftohtml takes
        for text in page.iter("text"):
            out.append(("".join(text.itertext()), sizes[text.attrib["font"]]))
    return out


@pytest.mark.parametrize("per_page, n", [(4, 8), (6, 12)])
def test_printed_sizes_read_at_arms_length(tmp_path, per_page, n):
    # cards at 10 pt or more, the makeable-contracts table and par at 8 pt or more, at both
    # densities, and still whole boards on the pages expected
    _browser()
    _poppler()
    boards = [b.replace(tags={**b.tags, "DoubleDummyTricks": "746b5747b55862758627", "OptimumScore": "NS 430",
                              "ParContract": "NS 3NT"}) for b in marked_boards(n)]
    sheet = tmp_path / "sheet.html"
    from bridgecli.render.html import render_html

    sheet.write_text(render_html(boards, per_page=per_page), encoding="utf-8")
    pdf = tmp_path / "sheet.pdf"
    print_pdf(sheet, pdf, tmp_path / "profile")
    pages = pdf_pages(pdf)
    assert pages == n // per_page
    check_whole_boards(page_texts(pdf, pages), n)
    texts = printed_sizes(pdf)
    holdings = {suit.replace("T", "10") for d in DEALS for hand in d[2:].split() for suit in hand.split(".")
                if len(suit) >= 2}
    cards = [size for text, size in texts if text.strip("♠♥♦♣ ") in holdings]
    assert len(cards) >= 4 * n, texts[:40]
    assert min(cards) >= 10.0
    table = [size for text, size in texts if text.strip() in ("Makeable", "Makeable contracts", "contracts", "NT")]
    par = [size for text, size in texts if text.startswith("Par:")]
    assert table and par
    assert min(table) >= 8.0 and min(par) >= 8.0
    assert min(size for _, size in texts) >= 8.0  # nothing on the sheet is printed smaller


def text_boxes(pdf: Path) -> list[list[tuple[str, float, float, float, float]]]:
    """(text, left, top, right, bottom) in points of every piece of text, a list a page, and the page widths."""
    xml = subprocess.run(["pdftohtml", "-xml", "-i", "-stdout", "-q", "-zoom", "1", str(pdf)],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    root = ET.fromstring(xml.split("\n", 2)[2] if xml.startswith("<?xml") else xml)
    pages = []
    for page in root.iter("page"):
        boxes = []
        for t in page.iter("text"):
            left, top, width, height = (float(t.attrib[k]) for k in ("left", "top", "width", "height"))
            boxes.append(("".join(t.itertext()).strip(), left, top, left + width, top + height))
        pages.append((float(page.attrib["width"]), boxes))
    return pages


@pytest.mark.parametrize("per_page", [4, 6])
def test_printed_long_suits_and_names_stay_inside(tmp_path, per_page):
    # a 13-card and a 10-card suit and names longer than a column: suits wrap between cards,
    # names between words; no text runs into another or past the page's margin
    _browser()
    _poppler()
    if shutil.which("pdftohtml") is None:
        pytest.skip("pdftohtml not found: install the Debian package 'poppler-utils'")
    boards = marked_boards(6)
    long_names = {"West": "Bartholomew Fitzgerald-Montgomery", "East": "Wiśniewska-Kowalczyk, Małgorzata",
                  "DoubleDummyTricks": "746b5747b55862758627", "OptimumScore": "EW 980", "ParContract": "EW 6S;EW 6H"}
    boards = [b.replace(tags={**b.tags, **long_names}) for b in boards]
    boards[0] = boards[0].replace(deal=Deal.from_pbn("N:AKQJT98765.2.2.2 432.AKQJ.AKQ.AKQ - -"))
    boards[1] = boards[1].replace(deal=Deal.from_pbn(
        "W:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"))
    from bridgecli.render.html import render_html

    sheet = tmp_path / "long.html"
    sheet.write_text(render_html(boards, per_page=per_page), encoding="utf-8")
    pdf = tmp_path / "long.pdf"
    print_pdf(sheet, pdf, tmp_path / "profile")
    check_whole_boards(page_texts(pdf, pdf_pages(pdf)), 6)
    rose = {"N", "S", "W E", "W", "E"}
    for width, boxes in text_boxes(pdf):
        margin = width - 10 / 25.4 * 72  # the 10 mm page margin
        for text, left, top, right, bottom in boxes:
            assert right <= margin + 3, f"{text!r} runs past the margin"  # pdftohtml rounds to whole points
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                if a[0] in rose and b[0] in rose:
                    continue  # the compass letters' boxes (ascent to descent) touch inside the little square
                overlap = a[1] < b[3] - 1 and b[1] < a[3] - 1 and a[2] < b[4] - 1 and b[2] < a[4] - 1
                assert not overlap, f"{a[0]!r} runs into {b[0]!r}"


def test_html_from_stdin_is_the_html_from_the_file(tmp_path):
    """stdin can be read once only: the two passes of the hand record (count, then draw)
    go over a temp copy, and give the same document as the file."""
    import sys

    from ..conftest import ROOT, subprocess_env

    src = ROOT / "sample_deals" / "valid" / "club_session.pbn"
    run = [sys.executable, "-m", "bridgecli", "show", "--html", "--per-page", "2"]
    from_file = subprocess.run([*run, str(src)], capture_output=True, env=subprocess_env(), cwd=tmp_path)
    from_stdin = subprocess.run([*run, "-"], input=src.read_bytes(), capture_output=True, env=subprocess_env(),
                                cwd=tmp_path)
    assert from_file.returncode == 0 and from_stdin.returncode == 0, from_stdin.stderr
    assert from_stdin.stdout == from_file.stdout
    assert from_file.stdout.count(b'<section class="page">') == 9  # 18 boards, 2 a page


def test_a_lenient_read_is_warned_about_once_in_the_two_passes(tmp_path):
    deal = "N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J76.AKQ.AK .5432.JT98.QJT98"
    f = tmp_path / "tm.pbn"
    f.write_text("".join(f'[Event Random Deal #]\n[Board "{n}"]\n[Deal "{deal}"]\n\n' for n in (1, 2)),
                 encoding="utf-8")
    from click.testing import CliRunner

    res = CliRunner().invoke(cli, ["show", "--html", str(f)])
    assert res.exit_code == 0, res.stderr
    assert res.stderr.count("tag value without quotes") == 1
    assert "<title>Random Deal #</title>" in res.stdout
