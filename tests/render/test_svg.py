"""The SVG diagram: well-formed XML, the hands in compass places, red hearts and diamonds, escaping."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bridgecli.core import Board, Deal
from bridgecli.render.svg import HEIGHT, WIDTH, render_svg, svg_name, text_width

NS = "{http://www.w3.org/2000/svg}"
DEAL = Deal.from_pbn("N:AKQ2.J54.K832.A7 T97.AKQ8.Q5.K643 J43.T92.AJT9.QJ2 865.763.764.T985")


def texts(root: ET.Element) -> list[ET.Element]:
    return list(root.iter(f"{NS}text"))


def joined(el: ET.Element) -> str:
    return "".join(el.itertext())


def test_well_formed_standalone_svg():
    svg = render_svg(Board(number=7, deal=DEAL))
    assert svg.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag == f"{NS}svg"
    assert (root.get("width"), root.get("height")) == (str(WIDTH), str(HEIGHT))
    assert root.find(f"{NS}title").text == "Board 7"
    assert "href" not in svg and "<script" not in svg


def test_hands_around_the_compass():
    root = ET.fromstring(render_svg(Board(number=7, deal=DEAL)))
    lines = [joined(t) for t in texts(root)]
    # board 7: dealer South, all vulnerable (Law 2)
    assert lines[:3] == ["Board 7", "Dealer: South", "Vulnerable: All"]
    assert lines[3:7] == ["N", "W", "E", "S"]
    assert lines[7:] == ["♠AKQ2", "♥J54", "♦K832", "♣A7",       # North
                         "♠865", "♥763", "♦764", "♣10985",      # West
                         "♠1097", "♥AKQ8", "♦Q5", "♣K643",      # East
                         "♠J43", "♥1092", "♦AJ109", "♣QJ2"]     # South
    pos = {joined(t): (float(t.get("x")), float(t.get("y"))) for t in texts(root)}
    north, west, east, south = pos["♠AKQ2"], pos["♠865"], pos["♠1097"], pos["♠J43"]
    assert west[0] < north[0] < east[0] and north[0] == south[0]
    assert north[1] < west[1] == east[1] < south[1]
    rose = {t.text: t for t in texts(root) if t.text in ("N", "E", "S", "W")}
    assert {s for s, t in rose.items() if t.get("fill") == "#d00000"} == {"N", "E", "S", "W"}
    assert [s for s, t in rose.items() if t.get("text-decoration") == "underline"] == ["S"]


def test_suit_colours():
    root = ET.fromstring(render_svg(Board(number=1, deal=DEAL)))
    fills = {t.text: t.get("fill") for t in root.iter(f"{NS}tspan") if t.get("class") == "suit"}
    assert fills == {"♠": "#000000", "♥": "#d00000", "♦": "#d00000", "♣": "#000000"}


def test_names_are_escaped():
    board = Board(number=1, deal=DEAL, tags={"North": "<script>alert(1)</script>", "East": "A & B",
                                             "South": '"q" \'s\'', "West": "]]> <!--"})
    svg = render_svg(board)
    assert "<script" not in svg and "<!--" not in svg
    root = ET.fromstring(svg)
    names = [t.text for t in texts(root) if t.get("class") == "player"]
    assert names == ["<script>alert(1)</script>", "]]> <!--", "A & B", '"q" \'s\'']


def test_board_without_deal_or_number():
    root = ET.fromstring(render_svg(Board()))
    assert [joined(t) for t in texts(root)] == ["Board ?", "N", "W", "E", "S"]


def test_partial_deal():
    root = ET.fromstring(render_svg(Board(number=2, deal=Deal.from_pbn("N:AKQ2.J54.K832.A7 - - -"))))
    lines = [joined(t) for t in texts(root)]
    assert lines.count("–") == 3 and "♠AKQ2" in lines


def test_ascii_letters():
    root = ET.fromstring(render_svg(Board(number=1, deal=DEAL), ascii=True, tens=False))
    assert "CT985" in [joined(t) for t in texts(root)]


@pytest.mark.parametrize("number, index, width, name", [
    (3, 9, 2, "board-03.svg"), (12, 1, 2, "board-12.svg"), (7, 1, 3, "board-007.svg"), (None, 5, 2, "board-05.svg"),
])
def test_file_names(number, index, width, name):
    assert svg_name(Board(number=number), index, width) == name


# -- the image is sized from its content ------------------------------------------

FONTS = Path("/usr/share/fonts/truetype/dejavu")


def _metrics():
    """Advance-width functions of DejaVu Sans regular, bold and oblique, read from the font files."""
    ttlib = pytest.importorskip("fontTools.ttLib", reason="fontTools measures the real glyph widths")
    files = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "italic": "DejaVuSans-Oblique.ttf"}
    if not all((FONTS / f).exists() for f in files.values()):
        pytest.skip("DejaVu Sans not installed (Debian package fonts-dejavu-core)")
    out = {}
    for style, name in files.items():
        font = ttlib.TTFont(str(FONTS / name))
        cmap, hmtx, upm = font.getBestCmap(), font["hmtx"], font["head"].unitsPerEm

        def width(text: str, size: float, cmap=cmap, hmtx=hmtx, upm=upm) -> float:
            return sum(hmtx[cmap[ord(ch)]][0] for ch in text) * size / upm

        out[style] = width
    return out


def text_boxes(root: ET.Element) -> list[tuple[str, float, float, float, float]]:
    """(text, left, top, right, bottom) of every <text>, measured with the real font."""
    m = _metrics()
    boxes = []
    for t in texts(root):
        size = float(t.get("font-size", 12 if t.get("class") == "player" else 14))
        style = "bold" if t.get("font-weight") == "bold" else "italic" if t.get("class") == "player" else "regular"
        x, y = float(t.get("x")), float(t.get("y"))
        right = x + m[style](t.text or "", size)
        for span in t.iter(f"{NS}tspan"):
            if span.get("x") is not None:
                right = float(span.get("x"))
            right += m[style](span.text or "", size)
        width = right - x
        if t.get("text-anchor") == "middle":
            x -= width / 2
        elif t.get("text-anchor") == "end":
            x -= width
        boxes.append((joined(t), x, y - 0.8 * size, x + width, y + 0.25 * size))
    return boxes


def overlaps(a, b) -> bool:
    return a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]


LONG = Board(number=12, deal=Deal.from_pbn("N:AKQJT98765.2.2.2 432.AKQJ.AKQ.AKQ - -"),
             tags={"West": "Bartholomew Fitzgerald-Montgomery", "East": "Wiśniewska-Kowalczyk, Małgorzata",
                   "North": "Zsuzsanna Szőke-Hegedűs", "South": "Ng"})


@pytest.mark.parametrize("board, kwargs", [
    (LONG, {}), (LONG, {"ascii": True, "tens": False}), (Board(number=1, deal=DEAL), {}),
    (Board(number=5, deal=Deal.from_pbn("W:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"),
           tags={"North": "x" * 60}), {}),
])
def test_no_text_runs_into_another_or_off_the_edge(board, kwargs):
    svg = render_svg(board, **kwargs)
    root = ET.fromstring(svg.encode("utf-8"))  # well-formed XML
    width, height = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    boxes = text_boxes(root)
    rose = next(r for r in root.iter(f"{NS}rect") if r.get("rx"))
    rose_box = ("rose", float(rose.get("x")), float(rose.get("y")),
                float(rose.get("x")) + float(rose.get("width")), float(rose.get("y")) + float(rose.get("height")))
    inside_rose = {"N", "E", "S", "W"}
    for i, a in enumerate(boxes):
        assert 0 <= a[1] and a[3] <= width and 0 <= a[2] and a[4] <= height, f"{a[0]!r} leaves the image"
        if a[0] not in inside_rose:
            assert not overlaps(a, rose_box), f"{a[0]!r} runs into the compass"
        for b in boxes[i + 1:]:
            if a[0] in inside_rose and b[0] in inside_rose:
                continue
            assert not overlaps(a, b), f"{a[0]!r} runs into {b[0]!r}"


def test_ordinary_board_keeps_the_default_size_and_long_content_widens_it():
    plain = ET.fromstring(render_svg(Board(number=1, deal=DEAL)))
    assert (plain.get("width"), plain.get("height")) == (str(WIDTH), str(HEIGHT))
    wide = ET.fromstring(render_svg(LONG))
    assert int(wide.get("width")) > WIDTH and wide.get("height") == str(HEIGHT)
    assert "♠AKQJ1098765" in [joined(t) for t in texts(wide)]


def test_text_width_is_never_short():
    m = _metrics()
    for text in ("Board 12", "Wiśniewska-Kowalczyk, Małgorzata", "AKQJ1098765", "Vulnerable: None", "Ng", "♠♥♦♣",
                 "Łódź Żółć", "É ő ű"):
        assert text_width(text, 14) >= m["regular"](text, 14)
        assert text_width(text, 18, bold=True) >= m["bold"](text, 18)


def test_makeable_contracts_and_par_in_hand_record_order():
    board = Board(number=1, deal=DEAL, tags={"DoubleDummyTricks": "746b5747b55862758627", "OptimumScore": "NS 430",
                                             "ParContract": "NS 3NT"})
    root = ET.fromstring(render_svg(board))
    table = root.find(f"{NS}g[@class='dd']")
    cells = [joined(t) for t in table.iter(f"{NS}text")]
    # heading NT ♠ ♥ ♦ ♣, then a row a declarer N S E W: level made (tricks - 6) or -
    assert cells[:5] == ["NT", "♠", "♥", "♦", "♣"]
    rows = [cells[5 + 6 * i:11 + 6 * i] for i in range(4)]
    assert rows == [["N", "1", "-", "-", "5", "-"], ["S", "1", "-", "1", "5", "-"],
                    ["E", "-", "2", "-", "-", "1"], ["W", "-", "2", "-", "-", "1"]]
    fills = [t.get("fill") for t in list(table.iter(f"{NS}text"))[:5]]
    assert fills == ["#000000", "#000000", "#d00000", "#d00000", "#000000"]
    assert [t.text for t in texts(root) if t.get("class") == "par"] == ["Par: NS 430", "3NT NS"]
    # nothing runs into anything, even with long names
    long = board.replace(tags={**board.tags, "West": "Bartholomew Fitzgerald-Montgomery",
                               "East": "Wiśniewska-Kowalczyk, Małgorzata"})
    test_no_text_runs_into_another_or_off_the_edge(long, {})
    test_no_text_runs_into_another_or_off_the_edge(board, {"ascii": True})
    assert not ET.fromstring(render_svg(Board(number=1, deal=DEAL))).findall(f"{NS}g")
