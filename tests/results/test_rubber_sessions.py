"""The Python calls under ``bridgecli rubber``: ``bc.rubber_session``, ``bc.variant_session``
and ``bc.render_sheet``, and the result-line reader beneath them.

Expected numbers are worked out by hand from the rules (shared/reference/RULES.md sections 7
and 8 for rubber bridge and Chicago, docs/VARIANTS.md for Booby), not read from the program.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import bridgecli as bc
from bridgecli.formats.result_lines import line_options

# Two 4S= by N: 120 below the line twice, each a game (the second vulnerable, trick score the
# same); two games to none win the rubber: 700 above. N-S 940, E-W 0; 940 / 100 -> 9 units.
TWO_GAMES = "4S= -d N\n4S= -d N\n"

PBN = """\
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Contract "4S"]
[Declarer "N"]
[Result "10"]

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Contract "4S"]
[Declarer "S"]
[Result "10"]
"""


def test_a_rubber_from_lines() -> None:
    session = bc.rubber_session(TWO_GAMES)
    (rubber,) = session.rubbers
    assert rubber.finished and rubber.winner == bc.Side.NS
    assert rubber.games == (2, 0)
    assert rubber.rubber_bonus == 700
    assert (session.ns_total, session.ew_total) == (940, 0)


def test_lines_as_a_list_an_open_file_and_a_path(tmp_path: Path) -> None:
    path = tmp_path / "evening.txt"
    path.write_text(TWO_GAMES)
    for source in (TWO_GAMES.splitlines(), io.StringIO(TWO_GAMES), path, str(path)):
        assert bc.rubber_session(source).ns_total == 940, source


def test_a_rubber_from_boards() -> None:
    # the same two games, from Contract/Declarer/Result tags (4S by N, 4S by S: both N-S)
    assert bc.rubber_session(PBN).ns_total == 940
    assert bc.rubber_session(bc.loads(PBN, "pbn")).ns_total == 940


def test_chicago_round_of_four_games() -> None:
    # 3NT= by N on each deal: deal 1 nobody vulnerable (100 + 300), deal 2 E deals and only
    # E-W are vulnerable (400), deal 3 S deals, N-S vulnerable (100 + 500), deal 4 all (600)
    session = bc.rubber_session(["3NT= -d N"] * 4, chicago=True)
    (round_,) = session.rubbers
    assert round_.finished and round_.winner == bc.Side.NS
    assert (session.ns_total, session.ew_total) == (400 + 400 + 600 + 600, 0)


def test_players_and_standings_in_the_sheet() -> None:
    session = bc.rubber_session(TWO_GAMES, players="Ann, Bob, Cid, Dan")
    text = bc.render_sheet(session)
    lines = text.splitlines()
    assert lines[0] == "Rubber 1: N-S won it 2-0 [rubber]"
    assert "N-S: Ann (N) & Cid (S)    E-W: Bob (E) & Dan (W)" in lines
    assert "Difference: N-S by 940, settlement 9 (nearest)" in lines
    # rounded up, 940 is 10 hundreds
    assert "Difference: N-S by 940, settlement 10 (up)" in bc.render_sheet(session, rounding="up").splitlines()
    doc = json.loads(bc.render_sheet(session, fmt="json"))
    assert doc["ns_total"] == 940
    assert doc["players"] == [{"name": "Ann", "points": 940, "units": 9}, {"name": "Bob", "points": -940, "units": -9},
                              {"name": "Cid", "points": 940, "units": 9}, {"name": "Dan", "points": -940, "units": -9}]


def test_the_sheet_in_another_language() -> None:
    text = bc.render_sheet(bc.rubber_session(TWO_GAMES), lang=bc.get_language("pl"))
    assert text.splitlines()[0].startswith("Rober 1: ")


def test_lines_are_read_in_english_and_a_different_reading_warns() -> None:
    # Polish C is hearts (kier): the line is read in English (3 clubs, 60 below) and the
    # display language's other reading is a warning, not a different score
    seen: list[str] = []
    session = bc.rubber_session("3C= -d N\n", lang="pl", warn=seen.append)
    assert session.ns_total == 60 + 100  # the part-score of an unfinished rubber: 100
    assert len(seen) == 1 and "read in English" in seen[0] and "3H" in seen[0]
    # a first line '# lang: pl' reads it as hearts: 90 below
    assert bc.rubber_session("# lang: pl\n3C= -d N\n").ns_total == 90 + 100


def test_errors_are_located() -> None:
    with pytest.raises(bc.ParseError) as caught:
        bc.rubber_session("4S= -d N\n4Q= -d N\n", name="evening.txt")
    assert (caught.value.source, caught.value.line) == ("evening.txt", 2)
    with pytest.raises(bc.ParseError, match="no --vul here"):
        bc.rubber_session("4S= -d N --vul ns\n")
    with pytest.raises(bc.ParseError, match="no boards"):
        bc.rubber_session("\n")
    with pytest.raises(bc.ParseError, match="needs --chicago"):
        bc.rubber_session(TWO_GAMES, chicago_honours=True)
    with pytest.raises(bc.ParseError, match="Chicago rule"):
        bc.rubber_session(TWO_GAMES, chicago=True, chicago_rule="c")
    with pytest.raises(bc.ParseError):
        bc.render_sheet(bc.rubber_session(TWO_GAMES), rounding="sideways")
    # a Chicago board dealt by the wrong seat breaks the rotation (N, E, S, W)
    with pytest.raises(bc.RuleError, match="rotation"):
        bc.rubber_session(PBN.replace('[Dealer "E"]', '[Dealer "W"]'), chicago=True)


def test_a_booby_session_from_lines() -> None:
    # 4 nullo by N = 4 x 30 = 120 below, a game (twice: rubber, 700); a passed-out deal is
    # void; 1S-2 by E not vulnerable: 100 to each defender; S's honours 100
    text = "4NL= -d N\npass\n1S-2 -d E --honors S:100\n4NL 3 -d N\n"
    session = bc.variant_session("booby", text, players="Ann, Bob, Cid")
    assert isinstance(session, bc.VariantSession)
    (sheet,) = session.sheets
    assert sheet.totals() == {bc.Seat.NORTH: 120 + 100 + 120 + 700, bc.Seat.EAST: 0, bc.Seat.SOUTH: 100 + 100}
    assert session.void == ("Deal 2",)
    # each pair settles apart: N 1040 - 0 -> 10, N 1040 - 200 = 840 -> 8, S 200 - 0 -> 2
    rows = {row.name: row.units for row in session.standings()[0]}
    assert rows == {"Ann": 18, "Bob": -12, "Cid": -6}
    doc = json.loads(bc.render_sheet(session, fmt="json"))
    assert doc["variant"] == "booby" and doc["void_deals"] == ["Deal 2"]
    assert bc.render_sheet(session).splitlines()[0] == "Rubber 1: Ann won it 2-0 [booby]"


def test_a_variant_session_checks_its_players() -> None:
    with pytest.raises(bc.ParseError, match="3 players"):
        bc.variant_session("booby", "4NL= -d N\n", players="Ann, Bob")
    with pytest.raises(bc.ParseError):
        bc.variant_session("whist", "4NL= -d N\n")


@pytest.mark.parametrize(("tokens", "words", "declarer", "honours"), [
    (["4S=", "-d", "N"], ("4S=",), "N", None),
    (["4S", "-1", "-dE"], ("4S", "-1"), "E", None),
    (["4S=", "--declarer=W", "--honours", "NS:100"], ("4S=",), "W", "NS:100"),
    (["4S=", "-d", "N", "-d", "S"], ("4S=",), "S", None),  # the last one counts, as on a command line
    (["4S=", "--", "-d", "N"], ("4S=", "-d", "N"), None, None),  # after --, words only
    (["4S=", "--vul", "ns"], ("4S=", "--vul", "ns"), None, None),  # unknown: kept, for the caller to refuse
])
def test_line_options(tokens: list[str], words: tuple[str, ...], declarer: str | None, honours: str | None) -> None:
    opts = line_options(tokens)
    assert (opts.words, opts.declarer, opts.honours) == (words, declarer, honours)


def test_line_option_without_its_value() -> None:
    with pytest.raises(bc.ParseError, match="option '--honors' requires an argument"):
        line_options(["4S=", "--honors"])


def test_iter_rubbers_gives_each_rubber_once_and_the_sheet_in_pieces() -> None:
    # issue #32: bridgecli rubber writes a rubber's sheet as it ends, keeping none
    from bridgecli.core.rubber import Session
    from bridgecli.render.scoresheet import iter_sheet
    from bridgecli.results.rubber_sessions import add_results, iter_rubbers, start_session

    text = "players: A, B, C, D\n7NT= -d N\n7NT= -d N\nplayers: A, C, B, D\n7NT= -d E\n7NT= -d E\nplayers: D, C, B, A\n"
    whole = add_results(start_session(), text)
    given = list(iter_rubbers(start_session(), text))
    assert given == list(whole.rubbers) and len(given) == 2
    assert whole.players == ("D", "C", "B", "A")  # the next rubber's players are kept
    for fmt in ("text", "json"):
        pieces = list(iter_sheet(iter(given), whole.rules, fmt=fmt))
        assert len(pieces) >= 2 and "".join(pieces) == bc.render_sheet(whole, fmt=fmt)
    assert "".join(iter_sheet([], Session().rules, fmt="json")) == bc.render_sheet(Session(), fmt="json")
