"""A quick read of the auction fields of a PBN text, for ``validate-auction``.

:func:`iter_auction_records` yields, for every game, a :class:`Board` that
holds only what an auction check reads: number, dealer, vulnerability,
auction (with its end mark) and contract with declarer. Games in the plain
export style (one tag a line, plain call tokens, a plain deal) are read here
with a few regular expressions; anything else (comments, ``#`` inheritance,
escapes, annotations, play or table rows, notes, unusual values) is handed
to the full reader :mod:`bridgecli.formats.pbn`, game by game or for the whole
text, so the results, errors and line numbers are the full reader's. The
deal is checked (notation, no card twice, at most 13 a hand) but not kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from types import ModuleType

from bridgecli.core.board import AnnotatedCall, Board
from bridgecli.core.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Contract, Pass, Risk
from bridgecli.core.cards import Seat, Vulnerability
from bridgecli.core.errors import BridgeError
from bridgecli.core.numbers import is_digits

# Characters that need the full reader wherever they appear: comments,
# inheritance, escapes, irregularities.
_FULL_READER_CHARS = "{};#\\^"
_GAP = re.compile(r"\n(?:[ \t]*\n)+")
_BLANKISH = re.compile(r"\n[ \t]+\n")
_TAG = re.compile(r'^\[([A-Za-z0-9_]+) "([^"]*)"\]$', re.MULTILINE)
_RANKS = "([2-9TJQKA]*)"
_HAND = rf"(?=[^ ]{{0,16}}(?: |\Z)){_RANKS}\.{_RANKS}\.{_RANKS}\.{_RANKS}"
_DEAL = re.compile(rf"[NESW]:{_HAND} {_HAND} {_HAND} {_HAND}")
_RESULT = re.compile(r"[0-9]|1[0-3]")

_SEATS = {s.letter: s for s in Seat}
_VULS = {v.pbn: v for v in Vulnerability}
_CALLS: dict[str, AnnotatedCall] = {"Pass": AnnotatedCall(PASS), "X": AnnotatedCall(DOUBLE),
                                    "XX": AnnotatedCall(REDOUBLE)}
_CALLS.update({str(b): AnnotatedCall(b) for b in ALL_BIDS})
_CALL_TOKENS = frozenset(_CALLS)
_BAD = object()  # a value the full reader must judge
_SEAT_VALUE: dict[str, object] = {"": None, "?": None, **_SEATS}
_VUL_VALUE: dict[str, object] = {"": None, "?": None, **_VULS}
_CONTRACTS: dict[str, Contract] = {"Pass": Contract.passed_out()}
_CONTRACTS.update({f"{b}{r}": Contract(b.level, b.strain, r) for b in ALL_BIDS for r in Risk})
# (Contract tag, Declarer tag) -> contract with declarer, for the plain values
_OUTCOME: dict[tuple[str, str], object] = {(c, d): None for c in ("", "?") for d in ("", "?")}
for _text, _c in _CONTRACTS.items():
    for _d in ("", "?"):
        _OUTCOME[_text, _d] = _c
    for _seat in Seat:
        _OUTCOME[_text, _seat.letter] = Contract(_c.level, _c.strain, _c.risk, _seat)


def iter_auction_records(text: str, source: str | None = None) -> Iterator[Board | BridgeError]:
    """The games of a PBN ``text``, each as a Board with its auction fields, or as
    the error that spoils it (from the full reader), in order.
    """
    games = split_games(text)
    if games is None:
        yield from _full_reader().iter_records(text, source=source)
    else:
        yield from iter_game_records(games, source)


def split_games(text: str) -> list[tuple[str, int]] | None:
    """The games of ``text`` as (text, first line) pairs, split at blank lines; None
    when the text has what only the full reader can follow across games (comments,
    ``#`` inheritance, escapes). A game of only ``%`` lines gives no record; any
    other game gives exactly one.
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = text.removeprefix("\ufeff")
    if any(ch in text for ch in _FULL_READER_CHARS):
        return None
    if "\n\n\n" in text or _BLANKISH.search(text) is not None:
        chunks = _GAP.split(text)  # blank lines of spaces, or several: count lines the slow way
        starts = [1]
        line, pos = 1, 0
        for gap in _GAP.finditer(text):
            line += text.count("\n", pos, gap.end())
            pos = gap.end()
            starts.append(line)
    else:
        chunks = text.split("\n\n")
        starts = []
        line = 1
        for chunk in chunks:
            starts.append(line)
            line += chunk.count("\n") + 2
    return [(chunk, line) for chunk, line in zip(chunks, starts) if chunk and not chunk.isspace()]


def iter_game_records(games: list[tuple[str, int]], source: str | None = None,
                      found: list[tuple[str, int, str]] | None = None) -> Iterator[Board | BridgeError]:
    """The records of games from :func:`split_games`, in order. What the full reader
    reads leniently is warned about at the end, or added to ``found`` when given (a
    caller reading a file in pieces warns once for the whole file)."""
    plain = _plain_game
    own = found is None
    seen: list[tuple[str, int, str]] = [] if found is None else found  # lines in the file
    for chunk, line in games:
        board = plain(chunk) if chunk[0] == "[" else None
        if board is not None:
            yield board
        else:
            yield from _game(chunk, line, source, seen)
    if own and seen:
        _full_reader().warn_lenient(seen, source)


def _game(chunk: str, line: int, source: str | None,
          found: list[tuple[str, int, str]]) -> Iterator[Board | BridgeError]:
    """The record of one game (text between blank lines) starting at ``line``."""
    while chunk.startswith("%"):
        # directive lines before the tags (``% PBN 2.1``, ``% EXPORT``)
        cut = chunk.find("\n")
        if cut < 0:
            return
        chunk = chunk[cut + 1:]
        line += 1
    board = _plain_game(chunk)
    if board is not None:
        yield board
        return
    # the full reader decides, its line numbers moved to where the game sits
    full = _full_reader()
    k = len(found)
    with full.lenient_into(found):
        recs = list(full.iter_records(chunk, source=source))
    found[k:] = [(kind, at + line - 1, message) for kind, at, message in found[k:]]
    for rec in recs:
        if isinstance(rec, BridgeError) and rec.line is not None:
            rec.line += line - 1
        yield rec


def _full_reader() -> ModuleType:
    """The full PBN reader module (through the format registry)."""
    from bridgecli.formats import module

    return module("pbn")


def _plain_game(chunk: str) -> Board | None:
    """The Board of a game in plain export style, or None when the full reader must
    decide (anything unusual, including every error)."""
    tags = _TAG.findall(chunk)
    if not tags:
        return None
    seen = dict(reversed(tags))  # the first of a repeated tag counts (PBN 3.4)
    lines = chunk.count("\n") + 1 - chunk.endswith("\n")
    rows = lines - len(tags)
    if "Note" in seen or "Play" in seen:
        return None
    auction_v = seen.get("Auction")
    calls: tuple[AnnotatedCall, ...] | None = None
    end = ""
    if auction_v is None:
        if rows:
            return None
    else:
        # the auction rows run from the Auction tag to the next tag (or the end)
        at = chunk.index(f'[Auction "{auction_v}"]')
        body_start = chunk.find("\n", at)
        body_end = chunk.find("\n[", body_start) if body_start >= 0 else -1
        body = "" if body_start < 0 else chunk[body_start + 1:body_end if body_end >= 0 else len(chunk)]
        if body.count("\n") + (1 if body and not body.endswith("\n") else 0) != rows:
            return None
        tokens = body.split()
        if _CALL_TOKENS.issuperset(tokens):
            calls = tuple(map(_CALLS.__getitem__, tokens))
        else:
            special = _special_tokens(body)
            if special is None:
                return None
            calls, end = tuple(special[0]), special[1]
    # values: only the plain forms; anything else goes to the full reader
    v = seen.get("Board", "")
    if v in ("", "?"):
        number: int | None = None
    elif is_digits(v) and v[0] != "0" and len(v) <= 18:
        number = int(v)
    else:
        return None
    dealer = _SEAT_VALUE.get(seen.get("Dealer", ""), _BAD)
    vul = _VUL_VALUE.get(seen.get("Vulnerable", ""), _BAD)
    contract = _OUTCOME.get((seen.get("Contract", ""), seen.get("Declarer", "")), _BAD)
    if dealer is _BAD or vul is _BAD or contract is _BAD:
        return None
    v = seen.get("Deal", "")
    if v not in ("", "?") and not _plain_deal(v):
        return None
    v = seen.get("Result", "")
    if v not in ("", "?") and _RESULT.fullmatch(v) is None:
        return None
    auction_from = None
    if auction_v not in (None, "", "?"):
        # the Auction tag's seat: the dealer's when a Dealer tag names one, else it names the
        # first caller (never the board number's dealer)
        start = _SEAT_VALUE.get(auction_v, _BAD)
        if start is _BAD or (dealer is not None and start != dealer):
            return None
        if dealer is None and (number is None or start != Seat((number - 1) % 4)):
            auction_from = start  # kept only where the board number would say another
    return Board(number=number, dealer=dealer, vulnerability=vul,  # type: ignore[arg-type]
                 auction=calls, auction_end=end, contract=contract, auction_from=auction_from)  # type: ignore[arg-type]


def _special_tokens(body: str) -> tuple[list[AnnotatedCall], str] | None:
    """Calls of an auction body with ``AP`` expanded, and the end mark (a final ``*``
    or ``+``, else empty); None for any other token."""
    out: list[AnnotatedCall] = []
    end = ""
    for tok in body.split():
        if end:
            return None
        a = _CALLS.get(tok)
        if a is not None:
            out.append(a)
        elif tok == "AP":
            out.extend([_CALLS["Pass"]] * _ap(out))
        elif tok in ("*", "+"):
            end = tok
        else:
            return None
    return out, end


def _ap(calls: list[AnnotatedCall]) -> int:
    """Passes ``AP`` stands for: up to three after a call, four when there is none."""
    trailing = 0
    for a in reversed(calls):
        if type(a.call) is not Pass:
            break
        trailing += 1
    has_call = trailing < len(calls)
    return max(0, (3 if has_call else 4) - trailing)


def _plain_deal(value: str) -> bool:
    """True for a deal in plain form that is a deal: four known hands ``S.H.D.C`` in
    upper case, at most 13 cards a hand (16 characters with the dots), no card twice."""
    m = _DEAL.fullmatch(value)
    if m is None:
        return False
    g = m.groups()
    for ranks in (g[0] + g[4] + g[8] + g[12], g[1] + g[5] + g[9] + g[13],
                  g[2] + g[6] + g[10] + g[14], g[3] + g[7] + g[11] + g[15]):
        if len(set(ranks)) != len(ranks):
            return False
    return True
