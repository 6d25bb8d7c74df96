"""Reading PBN a game at a time (``split_games`` + ``iter_game_records``, as
validate-auction does in batches) gives what reading the whole text gives:
the same boards, the same errors at the same lines."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgecli.core.auction import Auction
from bridgecli.core.board import AnnotatedCall, Board
from bridgecli.core.calls import PASS, Bid, Call
from bridgecli.core.cards import Vulnerability, dealer_of_board
from bridgecli.core.deal import deal_from_indices
from bridgecli.core.errors import BridgeError
from bridgecli.formats import pbn
from bridgecli.formats.pbn import iter_auction_records, iter_game_records, split_games


def _auction(rng: random.Random, dealer: Any) -> list[Call]:
    a = Auction(dealer)
    while not a.is_complete:
        legal = a.legal_calls()
        a = a.add(PASS if rng.random() < 0.6 else rng.choice(legal[: 6]))
    return list(a.calls)


def _boards(n: int) -> list[Board]:
    rng = random.Random(7)
    owners = [s for s in range(4) for _ in range(13)]
    out = []
    for number in range(1, n + 1):
        rng.shuffle(owners)
        dealer = dealer_of_board(number)
        calls = _auction(rng, dealer)
        contract = Auction.from_calls(dealer, calls).contract
        out.append(Board(number=number, dealer=dealer, vulnerability=Vulnerability.from_board(number),
                         deal=deal_from_indices(owners), auction=tuple(AnnotatedCall(c) for c in calls),
                         contract=contract, tags={"Event": "t"}))
    return out


BOARDS = _boards(12)
TEXT = pbn.dumps(BOARDS)
GAMES = TEXT.rstrip("\n").split("\n\n")


def key(rec: Board | BridgeError) -> tuple[Any, ...]:
    if isinstance(rec, BridgeError):
        return ("error", type(rec).__name__, str(rec), rec.source, rec.line, rec.column)
    calls = None if rec.auction is None else tuple(a.call for a in rec.auction)
    return ("board", rec, rec.number, rec.dealer, rec.vulnerability, calls, rec.auction_end, rec.contract,
            rec.auction_from, rec.effective_dealer)


def same_as_full_reader(text: str) -> None:
    full = [key(r) for r in pbn.iter_records(text, source="t.pbn")]
    quick = [key(r) for r in iter_auction_records(text, source="t.pbn")]
    assert quick == full
    games = split_games(text)
    if games is not None:
        assert [key(r) for r in iter_game_records(games, source="t.pbn")] == full


def test_split_games_gives_each_game_with_its_first_line() -> None:
    games = split_games(TEXT)
    assert games is not None
    # the header "% PBN 2.1" / "% EXPORT" is part of the first game; each game after
    # a blank line starts on the line after it
    lines = TEXT.split("\n")
    starts = [1] + [i + 2 for i, line in enumerate(lines) if line == "" and i + 1 < len(lines) and lines[i + 1]]
    assert [line for _, line in games] == starts
    assert [lines[line - 1] for _, line in games][1:] == ['[Event "t"]'] * (len(BOARDS) - 1)
    assert len(games) == len(BOARDS)
    assert split_games(TEXT.replace('"t"', '"#"', 1)) is None  # inheritance reaches across games
    assert split_games(TEXT + "{comment}\n") is None


def test_plain_export_same_as_full_reader() -> None:
    same_as_full_reader(TEXT)
    same_as_full_reader(TEXT.replace("\n", "\r\n"))
    same_as_full_reader("\ufeff" + TEXT)


# Edits that make a game unusual (or wrong) in one way; the quick reader must
# either read it the same or hand it to the full reader.
EDITS: list[tuple[str, str]] = [
    ('[Auction "', '{a comment}\n[Auction "'),
    ("Pass", "pass"),
    ("Pass", "Pass!"),
    ("Pass", "Pass =1="),
    ("Pass", "Pass $2"),
    ("Pass", "Pas"),
    ("Pass", "8C"),
    ("Pass\n", "Pass *\n"),
    ("Pass\n", "Pass +\n"),
    ("Pass Pass Pass", "AP"),
    ("Pass Pass Pass\n", "Pass Pass Pass Pass\n"),
    ('[Deal "N:', '[Deal "N:A'),
    ('[Deal "N:', '[Deal "N:2'),
    ('[Deal "', '[Deal "X'),
    ('[Deal "', '[Deal "?'),
    ('[Contract "', '[Contract "Q'),
    ('[Contract "', '[Contract "?'),
    ('[Contract "', '[Contract ""]\n[Old "'),
    ('[Declarer "', '[Declarer "Z'),
    ('[Declarer "', '[Declarer ""]\n[Ignored "'),
    ('[Board "', '[Board "0'),
    ('[Board "', '[Board "x'),
    ('[Board "', '[Board ""]\n[B "'),
    ('[Dealer "', '[Dealer "?'),
    ('[Dealer "', '[Dealer ""]\n[Old "'),
    ('[Vulnerable "', '[Vulnerable "Q'),
    ('[Vulnerable "None"]', '[Vulnerable "Love"]'),
    ('[Result "', '[Result "1'),
    ('[Auction "N"]', '[Auction "E"]'),
    ('[Auction "E"]', '[Auction "S"]'),
    ('[Auction "', '[Auction "?'),
    ('[Event "t"]', '[Event "t"]  '),
    ('[Event "t"]', '[Event "#"]'),
    ('[Event "t"]', '[Event "t"] [Site "x"]'),
    ('[Event "t"]', '[Event "t"]\nstray text'),
    ('[Event "t"]', '%directive\n[Event "t"]'),
    ('[Event "t"]', '[Event "t"]\n[Event "again"]'),
    ('[Event "t"]', '[Event "a \\"quote\\""]'),
    ('[Event "t"]', '[Note "1:x"]'),
    ('[Event "t"]', '[Play "W"]\nSA S2 S3 S4\n*'),
    ('[Event "t"]', '[Auction "N"]\nPass'),
    ('[Event "t"]', '[Event "t'),
]


def _duplicate_card(game: str) -> str:
    """The game with one card of the deal given to two hands (hand sizes unchanged)."""
    start = game.index('[Deal "') + 7
    end = game.index('"', start)
    seat, hands = game[start:end].split(":")
    parts = [h.split(".") for h in hands.split()]
    for k in range(4):
        holders = [i for i in range(4) if parts[i][k]]
        if len(holders) >= 2:
            a, b = holders[:2]
            parts[b][k] = parts[a][k][0] + parts[b][k][1:]
            break
    deal = seat + ":" + " ".join(".".join(p) for p in parts)
    return game[:start] + deal + game[end:]


def test_duplicate_card_in_deal() -> None:
    for g in range(4):
        games = list(GAMES)
        games[g] = _duplicate_card(games[g])
        text = "\n\n".join(games) + "\n"
        assert isinstance(list(pbn.iter_records(text))[g], BridgeError)
        same_as_full_reader(text)


@settings(max_examples=120, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(GAMES) - 1), st.integers(0, len(EDITS) - 1)), max_size=4))
def test_edited_games_read_as_the_full_reader_reads_them(edits: list[tuple[int, int]]) -> None:
    games = list(GAMES)
    for g, e in edits:
        old, new = EDITS[e]
        games[g] = games[g].replace(old, new, 1)
    same_as_full_reader("\n\n".join(games) + "\n")


def test_each_edit_alone() -> None:
    for old, new in EDITS:
        for g in range(4):
            games = list(GAMES)
            games[g] = games[g].replace(old, new, 1)
            same_as_full_reader("\n\n".join(games) + "\n")


def test_directive_only_and_empty_texts() -> None:
    for text in ("", "\n\n", "% PBN 2.1\n", "% PBN 2.1\n\n\n" + TEXT, TEXT + "\n\n\n", "\n" + TEXT, "  \n" + TEXT,
                 TEXT.replace("\n\n", "\n \t\n", 3), TEXT.replace("\n\n", "\n\n\n", 2), TEXT.rstrip("\n"),
                 TEXT + "\n\n"):
        same_as_full_reader(text)


def test_ap_expands_like_the_full_reader() -> None:
    for auction in ("AP", "1C AP", "1C Pass AP", "Pass AP", "1C X XX AP"):
        text = f'[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n{auction}\n'
        same_as_full_reader(text)
    (b,) = iter_auction_records('[Board "2"]\n[Dealer "E"]\n[Auction "E"]\n1C AP\n')
    assert isinstance(b, Board)
    assert [a.call for a in b.auction or ()] == [Bid(1, 0), PASS, PASS, PASS]  # type: ignore[arg-type]


def test_auction_seat_names_the_first_caller_when_no_dealer_tag() -> None:
    # board 1 is dealt by N, but no Dealer tag says so: the Auction tag's E starts
    text = '[Board "1"]\n[Auction "E"]\n1C Pass Pass Pass\n\n[Board "1"]\n[Dealer "N"]\n[Auction "E"]\n1C AP\n'
    same_as_full_reader(text)
    first, second = iter_auction_records(text)
    assert isinstance(first, Board) and first.auction_from is not None
    assert first.effective_dealer is not None and first.effective_dealer.letter == "E"
    assert isinstance(second, BridgeError)  # a Dealer tag that disagrees is still an error
