"""The writers' fast paths agree with the general ones: the JSON line put together by
hand is ``json.dumps`` of ``schema.to_dict`` (same options), and a PBN game copied
as read is what :func:`pbn.board_text` writes for the board."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from bridgecli.core.board import AnnotatedCall, Board, PlayedCard
from bridgecli.core.calls import PASS
from bridgecli.core.cards import DECK
from bridgecli.core.deal import Deal
from bridgecli.core.errors import BridgeError
from bridgecli.formats import json_format, pbn, schema
from bridgecli.formats.pbn import export, lazy

from .strategies import auctions, boards, complete_deals, contracts, names, seats, texts, vuls

pytestmark = pytest.mark.usefixtures("fast_lanes_on")  # (the writers' copies of games read in the export style: lanes, in both passes)


def _reference(board: Board) -> str:
    """What the JSON writer wrote before it was put together by hand."""
    return json.dumps(schema.to_dict(board), ensure_ascii=False)


@settings(max_examples=60, deadline=None)
@given(boards())
def test_json_by_hand_is_json_dumps_of_to_dict(board: Board) -> None:
    assert json_format.board_json(board) == _reference(board)


def _read_back(board: Board) -> Board | None:
    """The board written as PBN and read again (a LazyBoard where its deal or play is
    canonical); None when PBN cannot hold it."""
    try:
        text = pbn.board_text(board)  # no header: the game is read as the reader's fast path reads it
    except BridgeError:
        return None
    records = list(pbn.iter_records(text))
    return records[0] if len(records) == 1 and isinstance(records[0], Board) else None


@st.composite
def export_boards(draw: st.DrawFn) -> Board:
    """Boards as the PBN writer writes them in its plainest form (the export-style
    games of the reader's fast path), with now and then something less plain."""
    board: Board = draw(boards())
    n = draw(st.integers(0, 52))
    cards = [PlayedCard(c) for c in draw(st.permutations(DECK))[:n]]
    play = tuple(tuple(cards[i:i + 4]) for i in range(0, n, 4))
    tags = {k: v for k, v in board.tags.items() if k.isascii() and k.isalnum() and "\n" not in v and "\r" not in v}
    if draw(st.booleans()):  # values that need no escapes: the export-style games of the fast path
        tags = {k: v for k, v in tags.items() if not ('"' in v or "\\" in v or v[:1] == "#")}
    plain = draw(st.booleans())
    return dataclasses.replace(
        board, variant=None, extra={}, sections=() if plain else draw(st.sampled_from([(), board.sections])),
        comments=() if plain else draw(st.sampled_from([(), (), board.comments])), tags=tags,
        play_notes={} if plain else board.play_notes,
        deal=draw(st.sampled_from([board.deal, draw(complete_deals())])),
        play=draw(st.sampled_from([board.play, play, play])),
        play_end=draw(st.sampled_from(["", "*", board.play_end])),
    )


@settings(max_examples=80, deadline=None)
@given(export_boards())
def test_json_by_hand_of_boards_read_from_pbn(board: Board) -> None:
    again = _read_back(board)
    assume(again is not None)
    assert again is not None
    assert json_format.board_json(again) == _reference(again)


@settings(max_examples=80, deadline=None)
@given(boards().map(lambda b: dataclasses.replace(b, sections=(), comments=(), variant=None, extra={})))
def test_json_by_hand_of_plain_boards(board: Board) -> None:
    # the fields written by hand (no sections, comments or variant, which go the general way)
    assert json_format.board_json(board) == _reference(board)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(names, texts, max_size=6), complete_deals())
def test_json_by_hand_escapes_as_json_does(tags: dict[str, str], deal: object) -> None:
    # names as players write them, quotes, backslashes, control and non-ASCII characters
    tags = {**tags, "West": "Wiśniewska, Ewa", "Event": 'say "hi"\\ \x01\t\u2028'}
    board = Board(number=3, deal=deal, tags=tags)  # type: ignore[arg-type]
    assert json_format.board_json(board) == _reference(board)


def test_json_by_hand_of_odd_values_a_caller_may_give() -> None:
    # (tags that are not str, a bool number or result: refused when the board is made,
    # tests/test_api.py)
    board = Board(auction=(AnnotatedCall(PASS, alert=True, note=2, nags=(3,)),),
                  play=((PlayedCard(None), PlayedCard(DECK[0], note=1)),))
    assert json_format.board_json(board) == _reference(board)


SAMPLES = Path(__file__).resolve().parents[2] / "sample_deals"
DEAL = Deal.from_pbn("N:AT9.K73.KT62.QJ3 KQJ7.9.Q85.A9652 .AQJT852.AJ4.KT8 865432.64.973.74")


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("valid/*.pbn")), ids=lambda p: p.name)
def test_json_by_hand_of_lazy_boards_read_from_pbn(path: Path) -> None:
    for board in pbn.iter_records(path.read_text(encoding="utf-8"), source=str(path)):
        if isinstance(board, Board):
            assert json_format.board_json(board) == _reference(board)


# -- PBN: a game in the export style copied as read ---------------------------

# values put in place of the ones the writer wrote: plain, odd and wrong ones
_SWAPS = {
    "Board": ["?", "7", "07", "", "x"],
    "Dealer": ["N", "E", "S", "W", "?", "", "n"],
    "Vulnerable": ["None", "NS", "EW", "All", "?", "Both", ""],
    "Declarer": ["", "?", "N", "E", "S", "W", "^S", "n"],
    "Contract": ["", "?", "Pass", "4S", "3NTX", "2HXX", "1N", "4s"],
    "Result": ["", "?", "0", "9", "13", "^9", "NS 9", "14"],
    "Auction": ["N", "E", "S", "W", "?", "", "n"],
    "Play": ["N", "E", "S", "W", "?", "", "w"],
    "Event": ["?", "", "#", "Club", "Ünï"],
    "Room": ["Open", "?", ""],
    "Note": ["1:x", "2:y", "01:z", "1:#", "0:w"],
}
_TOKEN_SWAPS = {"Pass": ["pass", "PASS", "P"], "1NT": ["1N", "1nt"], "X": ["x", "X!"], "SA": ["sa", "S A"],
                "D2": ["d2"], "*": ["+", "* "]}


_PLAIN_TAGS = {"Event": "Club", "Site": "Kraków", "West": "Wiśniewska, Ewa", "Scoring": "MP", "Room": "Open",
               "Score": "NS 420", "Annotator": "?", "Table": "2"}


@st.composite
def plain_boards(draw: st.DrawFn) -> Board:
    """Boards that the writer writes as the export-style games the reader copies."""
    maybe = lambda s: draw(st.none() | s)
    calls = draw(auctions())
    n = draw(st.integers(0, 52))
    cards = [PlayedCard(c) for c in draw(st.permutations(DECK))[:n]]
    return Board(
        number=maybe(st.integers(1, 40)), dealer=maybe(seats), vulnerability=maybe(vuls),
        deal=maybe(complete_deals()), auction=maybe(st.just(calls)),
        auction_notes=draw(st.sampled_from([{}, {1: "15-17"}, {2: "x", 1: "y"}])) if calls else {},
        contract=maybe(contracts), result=maybe(st.integers(0, 13)),
        play=maybe(st.just(tuple(tuple(cards[i:i + 4]) for i in range(0, n, 4)))),
        play_leader=maybe(seats), play_end=draw(st.sampled_from(["", "", "*"])),
        tags={k: v for k, v in _PLAIN_TAGS.items() if draw(st.booleans())},
    )


def _edit(text: str, rng: random.Random, edits: int) -> str:
    """``text`` (a game) with ``edits`` edits: values changed, tag lines swapped or added,
    calls and cards spelled otherwise, annotations added, tokens dropped, the deal
    written from another seat."""
    lines = text.split("\n")[:-1]
    for _ in range(edits):
        tag_lines = [i for i, line in enumerate(lines) if line.startswith("[")]
        k = rng.choice(tag_lines) if tag_lines and rng.random() < 0.5 else rng.randrange(len(lines))
        line = lines[k]
        kind = rng.randrange(5)
        if line.startswith("[") and '"' in line:
            name = line[1:line.index(" ")]
            if kind <= 1 and name in _SWAPS:
                lines[k] = f'[{name} "{rng.choice(_SWAPS[name])}"]'
            elif kind == 2 and name == "Deal" and line[7:8] in "NESW" and line[8:9] == ":":
                hands = line[9:-2].split(" ")
                shift = rng.randrange(1, 4)
                seat = "NESW"[("NESW".index(line[7]) + shift) % 4]
                lines[k] = f'[Deal "{seat}:{" ".join(hands[shift:] + hands[:shift])}"]'
            elif kind == 3 and k + 1 < len(lines) and lines[k + 1].startswith("["):
                lines[k], lines[k + 1] = lines[k + 1], lines[k]
            elif kind == 4:
                lines.insert(k + 1, f'[{rng.choice(["Room", "Annotator", "Score", "Note", "Aa", "Zz"])} "1:a"]')
        elif line:
            toks = line.split(" ")
            j = rng.randrange(len(toks))
            if kind <= 2 and toks[j] in _TOKEN_SWAPS:
                toks[j] = rng.choice(_TOKEN_SWAPS[toks[j]])
            elif kind == 3:
                toks[j] += rng.choice([" =1=", " $1", " $5", " =1= $1", " $1 =1=", " =2= $3 $4", "!", " $0", " =01="])
            elif len(toks) > 1:
                del toks[j]
            lines[k] = " ".join(toks)
    return "\n".join(lines) + "\n"


@st.composite
def edited_games(draw: st.DrawFn) -> str:
    """A game as the writer writes it, then edited here and there (:func:`_edit`)."""
    board = draw(st.one_of(plain_boards(), plain_boards(), export_boards()))
    try:
        text = pbn.board_text(board)
    except BridgeError:
        text = pbn.board_text(Board(number=1))
    return _edit(text, random.Random(draw(st.integers(0, 2**32))), draw(st.sampled_from([0, 1, 1, 1, 2, 3])))


def _general(board: Board) -> str:
    """What the writer writes for ``board`` the long way (a copy keeps no text read)."""
    return pbn.board_text(dataclasses.replace(board))


def _copied(board: Board) -> str | None:
    """The text the PBN writer copies for ``board``, if any."""
    return lazy.copy_text(board) if isinstance(board, pbn.LazyBoard) else None


def _check_copies(text: str) -> int:
    """Check that each board of ``text`` is written as the writer writes it the long way;
    the number of boards copied as read."""
    copied = 0
    for board in pbn.iter_records(text):
        if not isinstance(board, Board):
            continue
        try:
            expected = _general(board)
        except BridgeError:
            assert _copied(board) is None  # the writer refuses it: no copy either
            continue
        copied += _copied(board) is not None
        assert pbn.board_text(board) == expected
    return copied


@settings(max_examples=100, deadline=None)
@given(st.lists(edited_games(), min_size=1, max_size=3))
def test_a_game_copied_as_read_is_what_the_writer_writes(games: list[str]) -> None:
    _check_copies("\n".join(games))


def test_fuzz_games_copied_as_read() -> None:
    # many realistic games (full deals, auctions, full play), most with an edit or two
    # that the copy must notice (or that leave the game as the writer writes it)
    rng = random.Random(2026)
    pool = list(DECK)
    calls = ["Pass", "1C", "1NT", "2H", "X", "XX", "3NT", "4S"]
    games = []
    for k in range(600):
        rng.shuffle(pool)
        hands = [".".join("".join(r for r in "AKQJT98765432" if f"{s}{r}" in {str(c) for c in pool[i * 13:i * 13 + 13]})
                          for s in "SHDC") for i in range(4)]
        first = "NESW"[k % 4]
        auction = [rng.choice(calls) for _ in range(rng.randrange(0, 11))]
        play = [str(c) for c in pool[:rng.randrange(0, 53)]]
        tags = sorted(rng.sample(["Annotator", "Room", "Score", "Table", "Time"], rng.randrange(0, 4)))
        text = "".join(f'[{name} "{value}"]\n' for name, value in (
            ("Event", rng.choice(["Club", "?"])), ("Site", "?"), ("Date", "2026.12.01"), ("Board", str(k + 1)),
            ("West", "Wiśniewska, Ewa"), ("North", "?"), ("East", "B"), ("South", "C"), ("Dealer", first),
            ("Vulnerable", rng.choice(["None", "NS", "EW", "All"])), ("Deal", f"{first}:{' '.join(hands)}"),
            ("Scoring", "MP"), ("Declarer", rng.choice("NESW")), ("Contract", rng.choice(["4S", "3NTX", "1C"])),
            ("Result", str(rng.randrange(14))), *((t, "x") for t in tags), ("Auction", first)))
        text += "".join(" ".join(auction[i:i + 4]) + "\n" for i in range(0, len(auction), 4))
        text += rng.choice(["", "", '[Note "1:15-17"]\n', '[Note "1:a"]\n[Note "2:b"]\n', '[Note "2:b"]\n[Note "1:a"]\n',
                            '[Note "1:##x"]\n', '[Note "1:#"]\n', '[Note "01:a"]\n', '[Note " 1:a"]\n', '[Note "1:a"]\n[Note "1:b"]\n'])
        text += f'[Play "{rng.choice("NESW")}"]\n'
        text += "".join(" ".join(play[i:i + 4]) + "\n" for i in range(0, len(play), 4))
        text += rng.choice(["", "", "*\n"])
        games.append(_edit(text, rng, rng.choice([0, 1, 1, 1, 2])))
    copied = _check_copies("\n".join(games))
    assert copied > 80  # the copy is used (the edits spoil most of the rest)


def test_games_in_the_export_style_are_copied() -> None:
    # the games the writer writes are copied when read again (the first of a file too,
    # after the header lines)
    text = (SAMPLES / "valid" / "club_session.pbn").read_text(encoding="utf-8")
    boards = [b for b in pbn.iter_records(pbn.dumps(pbn.loads(text))) if isinstance(b, Board)]
    again = [b for b in pbn.iter_records(pbn.dumps(boards)) if isinstance(b, Board)]
    copied = [_copied(b) is not None for b in again]
    assert len(again) > 2 and all(copied)
    assert pbn.dumps(again) == pbn.dumps([dataclasses.replace(b) for b in again])


def test_a_game_after_an_export_style_game_inherits_its_values() -> None:
    # the values of a game read by the export-style path are there for a later "#"
    first = '[Event "Club"]\n[Site "?"]\n[Date "?"]\n[Board "1"]\n[West "?"]\n[North "?"]\n[East "?"]\n' \
            '[South "?"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "?"]\n[Scoring "?"]\n[Declarer ""]\n' \
            '[Contract ""]\n[Result ""]\n[Room "Open"]\n'
    assert export.export_groups(first) is not None
    later = '[Event "#"]\n[Board "2"]\n[Room "#"]\n[Site "#"]\n'
    one, two = pbn.loads(first + "\n" + later)
    assert one.tags == {"Event": "Club", "Room": "Open"}
    # Event and Room as the first game gave them; Site it gave as "?": unknown again, not kept
    # (not "", which is "not applicable"), as the general path reads it (PBN 4.8)
    assert two.tags == {"Event": "Club", "Room": "Open"}


def test_a_hash_takes_the_value_of_the_latest_game_that_had_the_tag() -> None:
    # two export-style games, the second without Room: a later "#" still finds the first one's
    # (PBN 4.8: back to the nearest game with a value), as when every game was read the general way
    game = '[Event "Club"]\n[Site "?"]\n[Date "?"]\n[Board "{}"]\n[West "?"]\n[North "?"]\n[East "?"]\n' \
           '[South "?"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "?"]\n[Scoring "?"]\n[Declarer ""]\n' \
           '[Contract ""]\n[Result ""]\n'
    first, second = game.format(1) + '[Room "Open"]\n', game.format(2)
    assert export.export_groups(first) is not None and export.export_groups(second) is not None
    *_, third = pbn.loads(first + "\n" + second + '\n[Event "#"]\n[Board "3"]\n[Room "#"]\n')
    assert third.tags == {"Event": "Club", "Room": "Open"}


def test_the_first_game_after_the_header_lines_is_read_in_the_export_style() -> None:
    # the writer's own header lines do not keep the first game from the export-style path
    # (nor from the copy); a "#" after it takes what that game gave, "?" (unknown) included
    game = pbn.board_text(Board(number=1, tags={"Event": "Club", "Room": "Open"}, deal=DEAL))
    assert '[Site "?"]' in game
    text = pbn.HEADER + game + '\n[Event "#"]\n[Site "#"]\n[Board "2"]\n[Room "#"]\n'
    first, second = pbn.loads(text)
    assert _copied(first) == game
    assert second.tags == {"Event": "Club", "Room": "Open"}  # Site: "?" again, unknown, so not kept
    (commented,) = pbn.loads("% PBN 2.1\n% made by hand\n" + game)  # another % line: kept as a comment
    assert commented == dataclasses.replace(first, comments=(("", "% made by hand"),))


@pytest.mark.parametrize("gap", ["\n\n", "\n\n\n", "\n \n", "\n\t\n\n", "\n  \n \n"])
def test_errors_after_gaps_of_any_blank_lines_are_at_their_line(gap: str) -> None:
    # games split at blank lines of any kind; the line of an error in a later game counts them all
    games = [pbn.board_text(Board(number=n, deal=DEAL, auction=(AnnotatedCall(PASS),) * 4)) for n in (1, 2, 3)]
    bad = games[2].replace("Pass", "Pasx", 1)
    text = gap.join(g[:-1] for g in (games[0], games[1], bad)) + "\n"
    records = list(pbn.iter_records(text))
    assert [type(r) for r in records[:2]] == [pbn.LazyBoard, pbn.LazyBoard]
    err = records[2]
    assert isinstance(err, BridgeError)
    assert err.line == text.split("\n").index("Pasx Pass Pass Pass") + 1
