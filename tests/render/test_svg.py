"""The SVG diagram: well-formed XML, the hands in compass places, red hearts and diamonds, escaping."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from bridgecli.core import Board, Deal
from bridgecli.render.svg import HEIGHT, WIDTH, render_svg, svg_name

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
