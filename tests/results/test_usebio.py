"""USEBIO 1.2 export (``results SESSION --to usebio``, issue #30 item 7).

The published document type definition could not be read while this was written, so the
file is checked against the structure independent producers of USEBIO 1.2 files agree on
(a club scorer's converter, a stratification program, a results appliance, and readers of
such files): :func:`check_structure` below writes those facts down. When a copy of the DTD
is placed at ``shared/reference/usebio_v1_2.dtd`` beside the checkout (or named by
``$USEBIO_DTD``) and lxml is installed, each document is validated against it as well.
"""

from __future__ import annotations

import os
import re
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bridgecli.results.export import results_usebio
from bridgecli.results.session import load_session

from ..conftest import ROOT

# -- the structure the producers agree on -------------------------------------------------

#: EVENT's own elements: they come before the participants and boards.
EVENT_HEADER = {"PROGRAM_NAME", "PROGRAM_VERSION", "EVENT_IDENTIFIER", "EVENT_DESCRIPTION", "DATE",
                "BOARD_SCORING_METHOD", "BOARDS_PLAYED", "WINNER_TYPE", "PAIRS", "EW_PAIRS",
                "MPS_AWARDED_FLAG", "MASTER_POINT_SCALE", "SESSION_COUNT", "SECTION_COUNT"}
#: A traveller line's elements in the one order every producer writes them.
LINE_ORDER = ["NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "CONTRACT", "PLAYED_BY", "LEAD", "TRICKS", "SCORE",
              "NS_MATCH_POINTS", "EW_MATCH_POINTS", "NS_IMPS", "EW_IMPS"]
SCORING_METHODS = {"MATCH_POINTS", "BUTLER_IMPS", "CROSS_IMPS"}


def _tags(elem: ET.Element) -> list[str]:
    return [child.tag for child in elem]


def _check_holder(holder: ET.Element, where: str) -> None:
    """EVENT (one section) or a SECTION: PARTICIPANTS once, before the BOARDs; every pair a
    traveller names is a participant."""
    tags = [t for t in _tags(holder) if t not in EVENT_HEADER]
    assert tags[0] == "PARTICIPANTS" and tags.count("PARTICIPANTS") == 1, where
    assert set(tags[1:]) <= {"BOARD"} and tags[1:], where
    numbers: dict[str, set[str]] = {"NS": set(), "EW": set(), "": set()}
    for pair in holder.find("PARTICIPANTS") or []:
        assert pair.tag == "PAIR"
        kids = _tags(pair)
        assert kids[0] == "PAIR_NUMBER", kids
        if "DIRECTION" in kids:
            assert kids[1] == "DIRECTION" and pair.findtext("DIRECTION") in ("NS", "EW")
        assert "PLACE" in kids and (pair.findtext("PLACE") or "").isdigit()
        assert kids.index("PLACE") < min(kids.index(k) for k in kids if k == "PLAYER") if "PLAYER" in kids else True
        for person in pair.findall("PLAYER"):
            assert _tags(person)[0] == "PLAYER_NAME" and set(_tags(person)) <= {"PLAYER_NAME", "NATIONAL_ID_NUMBER"}
        numbers[pair.findtext("DIRECTION") or ""].add(pair.findtext("PAIR_NUMBER") or "")
    for board in holder.findall("BOARD"):
        kids = _tags(board)
        assert kids[0] == "BOARD_NUMBER" and set(kids[1:]) == {"TRAVELLER_LINE"}, kids
        for line in board.findall("TRAVELLER_LINE"):
            kids = _tags(line)
            assert kids == sorted(kids, key=LINE_ORDER.index), kids  # in the agreed order, none unknown
            assert kids[:2] == ["NS_PAIR_NUMBER", "EW_PAIR_NUMBER"] and "SCORE" in kids
            scored = [k for k in kids if k.endswith(("MATCH_POINTS", "IMPS"))]
            assert scored in (["NS_MATCH_POINTS", "EW_MATCH_POINTS"], ["NS_IMPS", "EW_IMPS"]), kids
            for side, key in (("NS", "NS_PAIR_NUMBER"), ("EW", "EW_PAIR_NUMBER")):
                assert line.findtext(key) in numbers[side] | numbers[""], (where, side, line.findtext(key))


def check_structure(document: bytes) -> ET.Element:
    """Check ``document`` against the USEBIO 1.2 structure the producers agree on; return its root."""
    head = document.split(b"\n", 2)
    assert head[0] == b'<?xml version="1.0" encoding="UTF-8"?>'
    assert head[1].startswith(b"<!DOCTYPE USEBIO SYSTEM ") and b"usebio_v1_2.dtd" in head[1]
    root = ET.fromstring(document)  # well-formed, decoded as declared
    assert root.tag == "USEBIO" and root.attrib == {"Version": "1.2"}
    assert _tags(root) == ["CLUB", "EVENT"]
    assert _tags(root[0]) == ["CLUB_NAME", "CLUB_ID_NUMBER"]
    event = root[1]
    assert event.get("EVENT_TYPE") == "PAIRS"
    kids = _tags(event)
    body = next(i for i, t in enumerate(kids) if t not in EVENT_HEADER)
    assert set(kids[:body]) <= EVENT_HEADER and not set(kids[body:]) & EVENT_HEADER
    assert kids.index("EVENT_DESCRIPTION") < kids.index("DATE")
    assert re.fullmatch(r"\d\d/\d\d/\d{4}", event.findtext("DATE") or "")
    assert event.findtext("BOARD_SCORING_METHOD") in SCORING_METHODS
    assert event.findtext("WINNER_TYPE") in ("1", "2")
    if kids[body] == "SESSION":
        assert kids[body:] == ["SESSION"]
        sections = event[body].findall("SECTION")
        assert sections and _tags(event[body]) == ["SECTION"] * len(sections)
        for section in sections:
            assert section.get("SECTION_ID")
            _check_holder(section, section.get("SECTION_ID") or "")
    else:
        _check_holder(event, "EVENT")
    _validate_with_dtd(document)
    return root


def _dtd_path() -> Path | None:
    for path in (os.environ.get("USEBIO_DTD"), ROOT.parent / "shared" / "reference" / "usebio_v1_2.dtd",
                 ROOT.parent.parent / "shared" / "reference" / "usebio_v1_2.dtd"):
        if path and Path(path).is_file():
            return Path(path)
    return None


def _validate_with_dtd(document: bytes) -> None:
    """Validate against the published DTD when it is there and lxml is installed."""
    path = _dtd_path()
    if path is None:
        return
    try:
        from lxml import etree  # type: ignore[import-not-found]
    except ImportError:
        return
    dtd = etree.DTD(str(path))
    root = etree.fromstring(document)
    assert dtd.validate(root), dtd.error_log.filter_from_errors()


def test_the_published_dtd_when_it_is_there() -> None:
    if _dtd_path() is None:
        pytest.skip("usebio_v1_2.dtd is not in shared/reference (nor $USEBIO_DTD)")
    pytest.importorskip("lxml")
    _validate_with_dtd(results_usebio(*_session(EXAMPLE)).encode("utf-8"))


# -- the sessions ------------------------------------------------------------------------

EXAMPLE = ROOT / "docs" / "examples" / "session.yaml"

# Two tables, two boards, N-S and E-W pairs numbered 1-4 (a Howell-like field of one winner
# unless told). Board 1 none vulnerable: 4S= by N +420, 4S-1 by N -50. Board 2 N-S
# vulnerable: 3NT= by S +600, 3NT+1 by S +630.
TWO_TABLES = """\
event: Wtorek
date: 2026-12-01
club: Klub Brydżowy Łódź
pairs:
  1: {names: [Zażółć Gęślą, Jaźń Świętokrzyska], members: ["PZBS 1", "PZBS 2"]}
  2: {names: [Ödön Győri, Árpád Fűzfa], club: BC Győr}
  3: Jan Kowalski & Anna Nowak
  4: [Éva Szabó, Péter Kiss]
results:
  - {board: 1, ns: 1, ew: 3, contract: 4S, declarer: N, result: "=", lead: HA}
  - {board: 1, ns: 2, ew: 4, contract: 4S, declarer: N, result: "-1"}
  - {board: 2, ns: 1, ew: 4, contract: 3NT, declarer: S, result: "="}
  - {board: 2, ns: 2, ew: 3, contract: 3NT, declarer: S, result: "+1"}
"""

# Two sections of two tables, each numbering its pairs 1-4 (scored apart, ranked per section).
SECTIONS = """\
event: Dwie sekcje
date: 2026-12-02
results:
  - {section: A, board: 1, ns: 1, ew: 3, contract: 4S, declarer: N, result: "="}
  - {section: A, board: 1, ns: 2, ew: 4, contract: 4S, declarer: N, result: "+1"}
  - {section: B, board: 1, ns: 1, ew: 3, contract: 4H, declarer: S, result: "-1"}
  - {section: B, board: 1, ns: 2, ew: 4, contract: 4H, declarer: S, result: "="}
"""


def _session(path_or_text: Path | str, tmp: Path | None = None, **scoring: str):
    from dataclasses import replace

    from bridgecli.core.event_scoring import with_conventions

    if isinstance(path_or_text, str):
        assert tmp is not None
        path = tmp / "session.yaml"
        path.write_text(textwrap.dedent(path_or_text), encoding="utf-8")
        path_or_text = path
    session = load_session(str(path_or_text))
    session = replace(session, scoring=with_conventions(session.scoring, **scoring))
    event = session.event()
    assert event.pairs is not None
    return session, event.pairs


def _document(source: Path | str, tmp: Path | None = None, **scoring: str) -> ET.Element:
    text = results_usebio(*_session(source, tmp, **scoring))
    return check_structure(text.encode("utf-8"))


def test_matchpoint_pairs_two_winners(tmp_path: Path) -> None:
    root = _document(EXAMPLE)
    event = root.find("EVENT")
    assert event is not None
    assert (event.findtext("WINNER_TYPE"), event.findtext("BOARD_SCORING_METHOD"), event.findtext("DATE"),
            event.findtext("BOARDS_PLAYED")) == ("2", "MATCH_POINTS", "26/11/2026", "6")
    pairs = {(p.findtext("PAIR_NUMBER"), p.findtext("DIRECTION")): p for p in event.iter("PAIR")}
    # the docs' ranking: N-S 2 first with 16 of 24 (66.67%), E-W 5 first with 14 of 24
    assert pairs["2", "NS"].findtext("PLACE") == "1" and pairs["2", "NS"].findtext("PERCENTAGE") == "66.67"
    assert pairs["5", "EW"].findtext("PLACE") == "1" and pairs["5", "EW"].findtext("PERCENTAGE") == "58.33"
    # board 1, table 1: 2NT+1 by S, +150, beats the other two N-S scores (-50 and +120): 4 of 4
    line = event.find("BOARD/TRAVELLER_LINE")
    assert line is not None
    assert [(c.tag, c.text) for c in line] == [
        ("NS_PAIR_NUMBER", "1"), ("EW_PAIR_NUMBER", "4"), ("CONTRACT", "2NT"), ("PLAYED_BY", "S"), ("LEAD", "SA"),
        ("TRICKS", "9"), ("SCORE", "150"), ("NS_MATCH_POINTS", "4"), ("EW_MATCH_POINTS", "0")]


def test_polish_and_hungarian_names_survive_in_utf8(tmp_path: Path) -> None:
    root = _document(TWO_TABLES, tmp_path)
    assert root.findtext("CLUB/CLUB_NAME") == "Klub Brydżowy Łódź"
    players = [[p.findtext("PLAYER_NAME") for p in pair.findall("PLAYER")] for pair in root.iter("PAIR")]
    assert ["Zażółć Gęślą", "Jaźń Świętokrzyska"] in players
    assert ["Ödön Győri", "Árpád Fűzfa"] in players  # ő and ű are not in ISO-8859-1
    ids = [p.findtext("NATIONAL_ID_NUMBER") for p in root.iter("PLAYER") if p.find("NATIONAL_ID_NUMBER") is not None]
    assert ids == ["PZBS 1", "PZBS 2"]


@pytest.mark.parametrize("encoding", ["cp1252", "cp1250", "ascii"])
def test_stdout_gets_the_utf8_its_declaration_names_whatever_its_encoding(encoding: str) -> None:
    # a Windows console or an ASCII locale: the document is UTF-8 bytes all the same
    import subprocess
    import sys

    from ..conftest import subprocess_env

    env = dict(subprocess_env(), PYTHONIOENCODING=encoding)
    got = subprocess.run([sys.executable, "-m", "bridgecli", "results", str(ROOT / "docs" / "examples" / "session.yaml"),
                          "--to", "usebio"], capture_output=True, env=env, check=False)
    assert got.returncode == 0, got.stderr
    assert got.stdout.startswith(b'<?xml version="1.0" encoding="UTF-8"?>')
    root = ET.fromstring(got.stdout)  # well-formed as the UTF-8 it says it is
    assert "Małgorzata Wójcik" in [p.findtext("PLAYER_NAME") for p in root.iter("PLAYER")]


def test_one_winner(tmp_path: Path) -> None:
    root = _document(TWO_TABLES, tmp_path, winners="one")
    assert root.findtext("EVENT/WINNER_TYPE") == "1"
    # board 1: +420 (1 v 3) beats -50 (2 v 4): N-S 1 and E-W 4 get 2 of 2, N-S 2 and E-W 3 none;
    # board 2: +630 (2 v 3) beats +600 (1 v 4): N-S 2 and E-W 4 get 2. Pair 4 100%, pairs 1 and
    # 2 50% (tied second: USEBIO's PLACE is the number), pair 3 0%
    places = sorted((p.findtext("PAIR_NUMBER"), p.findtext("PLACE")) for p in root.iter("PAIR"))
    assert places == [("1", "2"), ("2", "2"), ("3", "4"), ("4", "1")]


@pytest.mark.parametrize(("rank_by", "method", "ns_imps"), [
    # board 1: +420 against -50 is 470, 10 IMPs (cross-IMPs: the mean of the one comparison)
    ("cross", "CROSS_IMPS", "10"),
    # Butler: datum (420 - 50) / 2 = 185 -> 190; 230 is 6 IMPs
    ("butler", "BUTLER_IMPS", "6"),
])
def test_imp_pairs(tmp_path: Path, rank_by: str, method: str, ns_imps: str) -> None:
    root = _document(TWO_TABLES, tmp_path, rank_by=rank_by)
    assert root.findtext("EVENT/BOARD_SCORING_METHOD") == method
    line = root.find("EVENT/BOARD/TRAVELLER_LINE")
    assert line is not None
    assert (line.findtext("NS_IMPS"), line.findtext("EW_IMPS")) == (ns_imps, f"-{ns_imps}")
    assert all(p.find("TOTAL_SCORE") is not None and p.find("PERCENTAGE") is None for p in root.iter("PAIR"))


def test_sections_each_in_a_section_element(tmp_path: Path) -> None:
    root = _document(SECTIONS, tmp_path)
    sections = root.findall("EVENT/SESSION/SECTION")
    assert [s.get("SECTION_ID") for s in sections] == ["A", "B"]
    for section in sections:  # each numbers its pairs 1-4, ranked within the section
        assert sorted(p.findtext("PAIR_NUMBER") for p in section.iter("PAIR")) == ["1", "2", "3", "4"]
    # section B: 4H-1 by S (-100) and 4H= by S (+420): N-S 2 is first
    b = {(p.findtext("PAIR_NUMBER"), p.findtext("DIRECTION")): p.findtext("PLACE") for p in sections[1].iter("PAIR")}
    assert b["2", "NS"] == "1" and b["1", "NS"] == "2"


def test_an_artificial_score_is_written_as_its_percentages(tmp_path: Path) -> None:
    text = TWO_TABLES.replace('contract: 4S, declarer: N, result: "-1"}', 'score: "A+/A-"}')
    root = _document(text, tmp_path)
    lines = root.findall("EVENT/BOARD/TRAVELLER_LINE")
    assert [c.tag for c in lines[1]] == ["NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "SCORE", "NS_MATCH_POINTS",
                                         "EW_MATCH_POINTS"]
    assert lines[1].findtext("SCORE") == "A6040"


def test_an_individual_is_refused() -> None:
    from dataclasses import replace

    session, event = _session(EXAMPLE)
    with pytest.raises(ValueError, match="individual"):
        results_usebio(session, replace(event, conventions=replace(event.conventions, individual=True)))
