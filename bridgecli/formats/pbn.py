"""PBN 2.1 (Portable Bridge Notation) <-> :class:`~bridgecli.core.board.Board`.

Reading follows the *import* rules of the standard: games separated by
semi-empty lines (outside ``{}`` comments), tag pairs with ``\\"``/``\\\\``
escapes (several per line, or one split over lines), ``;`` and ``{}``
comments, ``%`` directive lines, CRLF or LF, ``#``/``##`` inheritance,
case-insensitive tokens, the Auction and Play sections with suffixes, note
references, NAGs, ``AP``, ``*`` and ``+``, the irregularities ``^I ^S ^R ^L``,
and table sections such as ``OptimumResultTable``. ``{}`` and ``;`` comments and
``%`` lines are kept in :attr:`Board.comments` with the tag they followed (a ``;``
comment is written back on a line of its own).

Writing emits the *export* style of the standard: ``% PBN 2.1`` and
``% EXPORT``, the 15 mandatory tags in their order, the other tags sorted by
name, the auction from the dealer four calls a line, the play from the
opening leader, then the table sections; each comment after its tag or
section. Lines end with LF unless
``crlf=True``. See ``docs/commands/pbn-format.md`` for the exact rules.

Reading neither checks the auction nor the play against the Laws; it checks
notation (tokens, seats, cards) and that a deal is a deal (no card twice, at
most 13 a hand).
"""

from __future__ import annotations

import gc
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import islice, pairwise
from typing import IO, Any

from bridgecli.core.board import STRUCTURED_TAGS, AnnotatedCall, Board, PlayedCard, Section
from bridgecli.core.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Bid, Call, Pass
from bridgecli.core.cards import DECK, Card, Hand, Seat, Vulnerability
from bridgecli.core.contract import Contract, Risk
from bridgecli.core.deal import Deal
from bridgecli.core.errors import BridgeError, ParseError, ReadWarning, cut
from bridgecli.core.notation import ENGLISH
from bridgecli.core.numbers import count, is_digits, small_int
from bridgecli.formats import _api

__all__ = ["HEADER", "MTS_TAGS", "LazyBoard", "board_text", "deal_text", "dump", "dumps", "iter_auction_records",
           "iter_dumps", "iter_game_records", "iter_records", "iter_stream", "load", "loads", "play_text",
           "split_games"]

#: The Mandatory Tag Set of PBN 2.x, in export order.
MTS_TAGS: tuple[str, ...] = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)

# mandatory tags kept as text in Board.tags
_MTS_TEXT = frozenset({"Event", "Site", "Date", "West", "North", "East", "South", "Scoring"})

#: The table sections of PBN 2.1 (§5): a tag with one of these names starts a
#: section of data rows. Another name ending in ``Table`` is a section only
#: when data rows follow it; ``[Table "2"]`` (the table number, §4.4.7) is a tag.
TABLE_SECTIONS = frozenset({
    "ActionTable", "AuctionTimeTable", "InstantScoreTable", "OptimumPlayTable", "OptimumResultTable",
    "PlayTimeTable", "ScoreTable", "TotalScoreTable",
})


def _is_section(name: str, rows: object) -> bool:
    """Whether tag ``name`` (with data ``rows`` after it, or None) starts a table section."""
    return name in TABLE_SECTIONS or (rows is not None and name[-5:] == "Table" and name != "Table")


# values of structured tags kept as text when they are "" (not applicable):
# a writer must not turn them into "?" (unknown), PBN §3.4
_EMPTY_KEPT = frozenset({"Board", "Dealer", "Vulnerable", "Deal", "Auction", "Play"})

# ``%`` lines the writer makes itself (version and export/import directives, PBN §2.4)
_OWN_DIRECTIVE = re.compile(r"%\s*(?:PBN\s+\d+\.\d+\s*|EXPORT\s*|IMPORT\s*)\Z", re.IGNORECASE)

#: Tags that may not use ``#``/``##`` inheritance (PBN §4.8).
_NO_INHERIT = frozenset({"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"})

# ---------------------------------------------------------------------------
# token tables (built once; values are shared immutable objects)

_SEAT_BY_INDEX: tuple[Seat, ...] = tuple(Seat)
_SEAT_OF: dict[str, Seat] = {s.letter: s for s in Seat}
_SEAT_OF.update({k.lower(): v for k, v in _SEAT_OF.items()})

_RANK_BIT: dict[str, int] = {ch: 1 << i for i, ch in enumerate("23456789TJQKA")}

_CALL_OF: dict[str, Call] = {"PASS": PASS, "X": DOUBLE, "XX": REDOUBLE}
for _bid in ALL_BIDS:
    _CALL_OF[str(_bid)] = _bid
    if _bid.strain == 4:
        _CALL_OF[f"{_bid.level}N"] = _bid
_PLAIN_CALL: dict[str, AnnotatedCall] = {}
for _tok, _call in list(_CALL_OF.items()):
    _PLAIN_CALL[_tok] = _PLAIN_CALL[_tok.lower()] = _PLAIN_CALL[_tok.capitalize()] = AnnotatedCall(_call)

_CARD_OF: dict[str, Card] = {}
for _c in DECK:
    _s = str(_c)
    _CARD_OF[_s] = _CARD_OF[_s.lower()] = _CARD_OF[_s[0] + _s[1].lower()] = _CARD_OF[_s[0].lower() + _s[1]] = _c
_PLAIN_CARD: dict[str, PlayedCard] = {k: PlayedCard(v) for k, v in _CARD_OF.items()}
_UNKNOWN_CARD = PlayedCard(None)
_PLAIN_CARD["-"] = _UNKNOWN_CARD

# suffix annotations -> NAG numbers (PBN §3.7); for calls "!" is an alert
_CALL_SUFFIX = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
_CARD_SUFFIX = {"!": 7, "?": 8, "!!": 9, "??": 10, "!?": 11, "?!": 12}

# ---------------------------------------------------------------------------
# regular expressions

_TAG_LINE = re.compile(r'[ \t]*\[[ \t]*([A-Za-z0-9_]+)[ \t]+"([^"\\]*(?:\\.[^"\\]*)*)"[ \t]*\][ \t]*\Z')
_SPECIAL = re.compile(r'[\[\]"{};]')
_UNESCAPE = re.compile(r'\\([\\"])')  # only \" and \\ are escapes; "\2R" stays as it is
_ESCAPE = re.compile(r'\\(?=[\\"]|\Z)|"')
_LINE_TOKEN = re.compile(
    r"""(?P<ws>\s+)
    |(?P<semi>;.*)
    |(?P<brace>\{[^}]*\}?)
    |(?P<str>"[^"\\]*(?:\\.[^"\\]*)*")
    |(?P<ustr>")
    |(?P<open>\[)
    |(?P<close>\])
    |(?P<word>[^\s\[\]{};"]+)
    |(?P<bad>.)""",
    re.VERBOSE,
)
_NAME = re.compile(r"[A-Za-z0-9_]+\Z")
# an unquoted tag value: words up to the closing "]" with no quote, brace, bracket or ";"
_UNQUOTED_END = re.compile(r'([^"\[\]{};]*)\]')
_SUB_TOKEN = re.compile(r"([A-Za-z0-9-]+)|([!?]{1,2})|=(\d+)=|\$(\d+)|([*+])|(\^[A-Za-z]?)|(.)")
_NOTE = re.compile(r"\s*(\d+)\s*:(.*)\Z", re.DOTALL)
_QUIZ_PART = re.compile(r"_+|\$\d{1,3}")
_RESULT_SIDES = re.compile(r"(NS|EW)\s+(\d+)(?:\s+(NS|EW)\s+(\d+))?\Z", re.IGNORECASE)
_OPTIMUM_SCORE = re.compile(r"\s*(NS|EW)\s+[+-]?\d+(?:\s+(NS|EW)\s+[+-]?\d+)?\s*\Z", re.IGNORECASE)
_CONTRACT = re.compile(r"([1-7])(C|D|H|S|NT|N)(X{0,2})\Z", re.IGNORECASE)

# ---------------------------------------------------------------------------
# reading


# whole-game fast path: a game whose lines are all lone tags, plain data or
# ``%`` directives is read with two regular expressions and no per-line Python
_VALUE = r'"([^"\\\n]*(?:\\.[^"\\\n]*)*)"'
_GAME_TAGS = re.compile(
    r'^(?:[ \t]*\[[ \t]*([A-Za-z0-9_]+)[ \t]+' + _VALUE + r'[ \t]*\][ \t]*\n((?:[ \t]*[^\s\[][^\n]*\n)*)'
    r'|%[^\n]*\n|([^\n]*\n))',
    re.MULTILINE,
)  # groups: name, value, data lines after the tag, a line of any other kind (not for the fast path)
_DATA_SPECIAL = re.compile(r'[\[\]"{};]')
_GAME_SEP = re.compile(r"(\n[ \t\n]*\n)")  # one class repeated: no memory a line (see _CUT)

# an entry is a list [name, value, line, rows]: one tag pair and the data lines
# after it, rows being [(line, text), ...] or None; line is None on the fast path
_Entry = list[Any]

_KIND = {name: name for name in STRUCTURED_TAGS}


#: Where the reader of the running ``iter_records`` collects what it read leniently
#: (kind, line, message); outside one, each case is warned at once.
_LENIENT: ContextVar[list[tuple[str, int, str]] | None] = ContextVar("pbn_lenient", default=None)


def _lenient(kind: str, line: int | None, message: str) -> None:
    """Note that input was read leniently (not valid PBN, but read as other programs
    read it). Raises ParseError when the line is not known (the whole-game fast path),
    so that the game is read again line by line."""
    if line is None:
        raise ParseError(message)
    sink = _LENIENT.get()
    if sink is None:
        import warnings

        warnings.warn(f"{line}: {message}", ReadWarning, stacklevel=2)
    else:
        sink.append((kind, line, message))


def _unescape(value: str) -> str:
    return _UNESCAPE.sub(r"\1", value) if "\\" in value else value


def _own_directives(chunk: str) -> int:
    """Where the ``%`` lines that start ``chunk`` end, when they are all the writer's own
    (``% PBN 2.1``, ``% EXPORT``: not kept as comments); 0 when there are none, or others."""
    pos = 0
    while chunk.startswith("%", pos):
        nl = chunk.find("\n", pos)
        if nl < 0 or not _OWN_DIRECTIVE.match(chunk[pos:nl].rstrip()):
            return 0
        pos = nl + 1
    return pos


def _nests(comment: str, _last: list[object] = [None, False]) -> bool:  # noqa: B006
    """Whether ``comment`` holds more than one '{' (remembered for the last comment asked
    about: a run of stray '}' after one comment counted its braces once each, which took
    25 s for 200 KB)."""
    if _last[0] is not comment:
        _last[0], _last[1] = comment, comment.count("{") > 1
    return bool(_last[1])


class _Reader:
    """Splits a PBN text into games and turns each into a Board."""

    def __init__(self, text: str, source: str | None) -> None:
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        text = text.removeprefix("\ufeff")
        self.text = text
        self.source = source
        self._last: dict[str, str] = {}  # value of each tag in the latest good game that had it (see last)
        self._last_export: tuple[str, ...] | None = None  # the groups of the latest game, when read the export way
        self.defaults: dict[str, str] = {}  # ``##`` values
        self._brace: list[str] = []  # lines of the brace comment being read

    @property
    def last(self) -> dict[str, str]:
        """The value of each tag in the latest good game that had it (what a later ``#``
        takes). A game read the export way adds its values only when this is next asked
        for: most texts never ask."""
        g = self._last_export
        if g is not None:
            self._last_export = None
            _remember_export(self._last, g)
        return self._last

    # -- splitting ---------------------------------------------------------

    def games(self, text: str | None = None, first_line: int = 1) -> Iterator[Board | BridgeError]:
        """Every game of the text (or of ``text``, a piece of a stream whose first line
        is ``first_line``), as a Board or the error that spoils it."""
        if text is None:
            text = self.text
        elif "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        if "{" in text:  # brace comments may hold blank lines: go line by line
            yield from self._line_games(text.split("\n"), first_line)
            return
        if "\n\n\n" in text or " \n" in text or ("\t" in text and "\t\n" in text):  # (a tab: rare, found at once)
            parts = _GAME_SEP.split(text)
            chunks = parts[::2]
            gaps = [gap.count("\n") - 1 for gap in parts[1::2]]  # the blank lines after each game
        else:
            chunks = text.split("\n\n")  # (the quicker way, when every gap is one empty line)
            gaps = None
        line = first_line  # the first line of chunks[counted]: counted only for a game read the general way
        counted = 0
        export = _export_groups
        held = ""  # ``%`` lines alone before a blank line: commentary of the next game
        held_at = 0  # the chunk where the held lines start
        for k, chunk in enumerate(chunks):
            if not chunk:
                continue
            if chunk[-1] != "\n":
                chunk += "\n"
            start = k
            if held or chunk[0] != "[":
                # (blank lines too: the text may open with them, and _line_games skips them)
                if (held or "%" in chunk) and all(s[:1] == "%" or not s or s.isspace() for s in chunk[:-1].split("\n")):
                    if k + 1 < len(chunks):  # (lines at the very end go with no game)
                        held_at = k if not held else held_at
                        held += chunk + ("\n" if gaps is None else parts[2 * k + 1][1:])
                    continue
                if held:
                    chunk, held, start = held + chunk, "", held_at
            # a game in the export style, read at once (no generator a game)
            if not self.defaults:  # (a value starting with "#" is not in the export style)
                game = chunk[_own_directives(chunk):] if chunk[0] == "%" else chunk
                g = export(game) if game[:7] == "[Event " else None
                if g is not None:
                    board = _export_board(g, game)
                    if board is not None:
                        before = self._last_export
                        if before is not None and not _covers(g, before):
                            _remember_export(self._last, before)  # (a tag of the game before that this one lacks)
                        self._last_export = g
                        yield board
                        continue
            for j in range(counted, start):  # (a chunk before another ends before its last newline)
                line += chunks[j].count("\n") + (2 if gaps is None else 1 + gaps[j])
            counted = start
            yield from self._fast_game(chunk, line)

    def _fast_game(self, chunk: str, first_line: int) -> Iterator[Board | BridgeError]:
        inherit = bool(self.defaults) or '"#' in chunk
        entries: list[_Entry] = []  # every tag when inheriting, else the ones _build must look at
        tags: dict[str, str] = {}
        unknown: list[str] = []  # mandatory tags given as "?": not kept, but what a later "#" takes
        kinds = _KIND
        for name, value, data, other in _GAME_TAGS.findall(chunk):
            if not name:
                break  # another kind of line or a % line (kept as commentary): read the game line by line
            if "\\" in value:
                value = _UNESCAPE.sub(r"\1", value)
            if data:
                if _DATA_SPECIAL.search(data) or "%" in data:
                    break
                entries.append([name, value, None, [(None, data)] if data else None])
            elif not inherit and (name == "OptimumScore" or not value and name in _EMPTY_KEPT) and name not in tags \
                    and all(e[0] != name for e in entries):
                # a tag _build would put among the plain ones: here, in the file's order
                if value and value != "?" and _OPTIMUM_SCORE.match(value) is None:
                    break  # (a bad OptimumScore: the general path words the error)
                tags[name] = value
            elif inherit or name in kinds or name in tags or name in TABLE_SECTIONS or name == "OptimumScore":
                entries.append([name, value, None, None])
            elif value != "?" or name not in _MTS_TEXT:
                tags[name] = value
            else:
                unknown.append(name)
        else:
            if not entries and not tags and not unknown:
                return
            try:
                if inherit:
                    self._inherit(entries)
                board = self._build(entries, tags)
            except BridgeError:
                board = None  # read the game again line by line, to locate the error
            if board is not None:
                self.last.update(dict.fromkeys(unknown, "?"))
                self.last.update(tags)
                self._remember(entries)
                yield board
                return
        yield from self._line_games(chunk.split("\n"), first_line)

    def _line_games(self, lines: list[str], first_line: int) -> Iterator[Board | BridgeError]:
        """Games of ``lines`` (numbered from ``first_line``), tokenized line by line."""
        entries: list[_Entry] = []
        comments: list[tuple[int, str]] = []  # (number of tags before it, text) of each comment kept
        brace: list[str] = []  # the lines of an open brace comment so far
        self._brace = brace
        cur: _Entry | None = None
        in_brace = 0  # line where an open brace comment started, 0 = none
        pending: list[object] | None = None  # a tag split over lines: [line, name, value]
        error: BridgeError | None = None
        tag_line = _TAG_LINE.match
        special = _SPECIAL.search
        for i, line in enumerate(lines, first_line):
            if in_brace:
                j = line.find("}")
                if j < 0:
                    brace.append(line)
                    continue
                in_brace = 0
                brace.append(line[:j + 1])
                comments.append((len(entries), "\n".join(brace)))
                brace.clear()
                line = line[j + 1:]
                if not line or line.isspace():
                    continue
            elif not line or line.isspace():
                if entries or error is not None or pending is not None:
                    if error is None and pending is not None:
                        error = self._error("unterminated tag (no closing ']')", pending[0], entries)  # type: ignore[arg-type]
                    yield error if error is not None else self._board(entries, comments)
                    entries, cur, pending, error = [], None, None, None
                    comments = []
                continue  # comments before the first tag stay for the next game
            elif line[0] == "%":
                if not _OWN_DIRECTIVE.match(line.rstrip()):
                    comments.append((len(entries), line.rstrip()))
                continue
            if error is not None:
                continue
            if pending is None:
                m = tag_line(line)
                if m is not None:
                    cur = [m.group(1), _unescape(m.group(2)), i, None]
                    entries.append(cur)
                    continue
                if special(line) is None:
                    if cur is None:
                        error = self._error(f"unexpected text {line.strip()!r} before the first tag", i, entries)
                    elif cur[3] is None:
                        cur[3] = [(i, line)]
                    else:
                        cur[3].append((i, line))
                    continue
            try:
                cur, pending, in_brace = self._slow_line(line, i, entries, cur, pending, comments)
            except ParseError as exc:
                error = exc.located(source=self.source, line=i, board=self._board_tag(entries))
        if in_brace and error is None:
            error = self._error("unterminated comment (no closing '}')", in_brace, entries)
        if error is None and pending is not None:
            error = self._error("unterminated tag (no closing ']')", pending[0], entries)  # type: ignore[arg-type]
        if entries or error is not None:
            yield error if error is not None else self._board(entries, comments)

    def _slow_line(
        self, line: str, i: int, entries: list[_Entry], cur: _Entry | None, pending: list[object] | None,
        comments: list[tuple[int, str]],
    ) -> tuple[_Entry | None, list[object] | None, int]:
        """Tokenize a line that is not a lone tag nor plain data."""
        words: list[str] = []
        spans: list[int] = []
        clean = True  # the data words are not interrupted by tags or comments
        in_brace = 0
        skip = 0  # the end of an unquoted tag value: its words are not tokens
        for m in _LINE_TOKEN.finditer(line):
            kind = m.lastgroup
            if kind == "ws":
                continue
            if kind == "semi":
                if pending is None:
                    comments.append((len(entries), m.group().rstrip()))  # a rest-of-line comment (PBN 3.8)
                break
            if kind == "brace":
                if not m.group().endswith("}"):
                    in_brace = i
                    self._brace.append(line[m.start():])
                    break
                if pending is None:
                    comments.append((len(entries), m.group()))
                if words:
                    clean = False
                continue
            if kind == "ustr":
                raise ParseError(f"unterminated string in {line.strip()!r}", column=m.start() + 1)
            if kind == "bad":
                if m.group() == "}" and pending is None and comments and _nests(comments[-1][1]):
                    # the "}" of a comment written as if comments nested ({... {...} ...}):
                    # the comment ended at the first "}" (PBN 3.8), this one closes nothing
                    _lenient("brace", i, "'}' with no comment open ignored (a comment holds '{'; "
                                         "comments do not nest, PBN 3.8)")
                    continue
                raise ParseError(f"unexpected {m.group()!r}", column=m.start() + 1)
            if pending is not None:
                if m.start() < skip:
                    continue  # inside an unquoted tag value read below
                if kind == "word" and pending[1] is not None and pending[2] is None:
                    # a value without quotes (Table Manager: [Event Random Deal #]): the text
                    # up to the closing ']', read as other programs read it, with a warning
                    close = _UNQUOTED_END.match(line, m.start())
                    if close is None:
                        raise ParseError(f"tag value {m.group()!r} without quotes and no closing ']'",
                                         column=m.start() + 1)
                    value = close.group(1).rstrip()
                    pending[2] = value
                    skip = close.end(1)
                    _lenient("unquoted", i, f"tag value without quotes, read as {cut(value, 60)!r} "
                                            '(PBN 3.2 wants "...")')
                elif kind == "word" and pending[1] is None:
                    if not _NAME.match(m.group()):
                        raise ParseError(f"bad tag name {m.group()!r}", column=m.start() + 1)
                    pending[1] = m.group()
                elif kind == "str" and pending[1] is not None and pending[2] is None:
                    pending[2] = _unescape(m.group()[1:-1])
                elif kind == "close" and pending[2] is not None:
                    cur = [pending[1], pending[2], pending[0], None]
                    entries.append(cur)
                    pending = None
                else:
                    raise ParseError(f"unterminated tag: unexpected {m.group()!r}", column=m.start() + 1)
                continue
            if kind == "open":
                pending = [i, None, None]
                if words:
                    clean = False
                continue
            if kind == "close":
                raise ParseError("unexpected ']'", column=m.start() + 1)
            # a data word (or a quoted string in a table row)
            if cur is None:
                raise ParseError(f"unexpected text {m.group()!r} before the first tag", column=m.start() + 1)
            words.append(m.group())
            spans.append(m.start())
            spans.append(m.end())
        if words and cur is not None:
            text = line[spans[0]:spans[-1]] if clean else " ".join(words)
            if cur[3] is None:
                cur[3] = [(i, text)]
            else:
                cur[3].append((i, text))
        if pending is not None and in_brace:
            raise ParseError("unterminated tag (comment inside a tag)")
        return cur, pending, in_brace

    @staticmethod
    def _board_tag(entries: list[_Entry]) -> str | None:
        for e in entries:
            if e[0] == "Board":
                return e[1]  # type: ignore[no-any-return]
        return None

    def _error(self, message: str, line: int | None, entries: list[_Entry]) -> ParseError:
        return ParseError(message, source=self.source, line=line, board=self._board_tag(entries))

    # -- building ----------------------------------------------------------

    def _inherit(self, entries: list[_Entry]) -> None:
        """Apply ``#`` and ``##`` (PBN §4.8)."""
        defaults = self.defaults
        for e in entries:
            v = e[1]
            if v[:1] == "#" and (v == "#" or v[:2] == "##"):
                name = e[0]
                if name in _NO_INHERIT:
                    raise ParseError(f"tag {name} may not use {v[:2]!r} inheritance (PBN 4.8)").located(line=e[2])
                if v == "#":
                    e[1] = self.last.get(name, "")
                else:
                    e[1] = defaults[name] = v[2:]
        if defaults:
            present = {e[0] for e in entries}
            for name, value in defaults.items():
                if name not in present:
                    entries.append([name, value, None, None])

    def _remember(self, entries: list[_Entry]) -> None:
        """Keep this game's values for a later ``#``."""
        last = self.last
        for e in entries:
            last[e[0]] = e[1]

    def _board(self, entries: list[_Entry], comments: list[tuple[int, str]] | None = None) -> Board | BridgeError:
        line: int | None = entries[0][2]
        try:
            self._inherit(entries)
            board = self._build(entries, {}, comments)
        except BridgeError as exc:
            return exc.located(source=self.source, line=line, board=self._board_tag(entries))
        self._remember(entries)
        return board

    @staticmethod
    def _build(entries: list[_Entry], tags: dict[str, str], comments: list[tuple[int, str]] | None = None) -> Board:
        """The Board of a game's tags; ``tags`` may already hold the plain ones.
        ``comments`` are (number of entries before it, text)."""
        number: int | None = None
        dealer: Seat | None = None
        vul: Vulnerability | None = None
        deal: Deal | None = None
        deal_v = ""
        contract_e: _Entry | None = None
        declarer_e: _Entry | None = None
        result_e: _Entry | None = None
        auction_e: _Entry | None = None
        play_e: _Entry | None = None
        notes: list[list[_Entry]] = [[], []]
        section = 0  # 0: notes go with the auction, 1: with the play
        sections: list[Section] = []
        seen: set[str] = set()
        firsts: dict[str, str] = {}  # the Board and Deal values taken
        kinds = _KIND
        for e in entries:
            name = e[0]
            kind = kinds.get(name)
            if kind is None and not _is_section(name, e[3]):
                if e[3]:
                    try:
                        _unexpected(e)
                    except BridgeError as exc:
                        raise exc.located(line=e[2])
                if name not in tags:
                    v = e[1]
                    if name == "OptimumScore" and v not in ("", "?") and _OPTIMUM_SCORE.match(v) is None:
                        raise ParseError(f"bad OptimumScore {v!r} (expected like 'NS 420' or 'EW -100',"
                                         " PBN 4.2)").located(line=e[2])
                    if v != "?" or name not in _MTS_TEXT:
                        tags[name] = v  # "?" in a mandatory tag means unknown: the same as absent
                continue
            if kind == "Note":
                notes[section].append(e)
                if e[3]:
                    _unexpected(e)
                continue
            if name in seen or name in tags:
                # a repeated tag is ignored (PBN §3.4); a second Board or Deal that differs is
                # said: two games with no blank line between them (two files joined) read as one
                if (kind == "Board" or kind == "Deal") and e[1] != firsts.get(name):
                    _lenient("repeat", e[2], f"a second {name} tag {cut(e[1], 60)!r} in one game ignored"
                                             " (PBN 3.4): two games with no blank line between them?")
                continue
            seen.add(name)
            v = e[1]
            if kind == "Board" or kind == "Deal":
                firsts[name] = v
            if v == "" and kind in _EMPTY_KEPT and not e[3]:
                tags[name] = ""  # "" (not applicable) is not "?" (unknown): keep which one it was
                continue
            try:
                if kind is not None:
                    if kind == "Auction":
                        auction_e = e
                        section = 0
                        continue
                    if kind == "Play":
                        play_e = e
                        section = 1
                        continue
                    if e[3]:
                        _unexpected(e)
                    if kind == "Deal":
                        if _lazy_deal(v):
                            deal = _PENDING
                            deal_v = v
                        else:
                            deal = _parse_deal(v)
                    elif kind == "Board":
                        number = _parse_number(v)
                        if number is None and v not in ("", "?"):
                            tags["Board"] = v  # a label ("1-1"): kept as written
                            _lenient("label", e[2], f"board label {v!r} kept as written: no board number "
                                     "(dealer and vulnerability from their tags)")
                    elif kind == "Dealer":
                        dealer = _parse_seat(v, "dealer")
                    elif kind == "Vulnerable":
                        vul = _parse_vul(v)
                    elif kind == "Contract":
                        contract_e = e
                    elif kind == "Declarer":
                        declarer_e = e
                    elif kind == "Result":
                        result_e = e
                else:
                    rows = tuple(
                        s for _, t in e[3] or () for s in (r.strip() for r in t.split("\n")) if s and s[0] != "%"
                    )
                    sections.append(Section(name, v, rows))
            except BridgeError as exc:
                raise exc.located(line=e[2])

        contract, result = _outcome(contract_e, declarer_e, result_e, tags)
        fields: dict[str, object] = {}
        if auction_e is not None:
            _auction_fields(fields, auction_e, dealer, number)
        play_lazy = False
        if play_e is not None:
            rows = play_e[3]
            play_lazy = _play_fields(fields, play_e, rows[0][1] if rows and len(rows) == 1 else None)
        if notes[0]:
            fields["auction_notes"] = _parse_notes(notes[0])
        if notes[1]:
            fields["play_notes"] = _parse_notes(notes[1])
        if sections:
            fields["sections"] = tuple(sections)
        if comments:
            fields["comments"] = _anchor_comments(entries, comments)
        return _new_board(number, dealer, vul, deal, deal_v, contract, result, tags, fields,
                          play_e if play_lazy else None)


# ---------------------------------------------------------------------------
# lazy parts: a deal or play in canonical export form is checked when read (so
# that every error is found, and located, as the game is read) but its objects
# are built only when asked for; the writers copy the text instead

_H = "([AKQJT98765432]*)"
_CANON_HAND = rf"{_H}\.{_H}\.{_H}\.{_H}"
#: A Deal value of four known hands in upper case; that the ranks run from the ace
#: down (as the writer writes them), at most 13 cards a hand and no card twice are
#: checked apart (:func:`_lazy_deal`).
_CANON_DEAL = re.compile(rf"[NESW]:{_CANON_HAND} {_CANON_HAND} {_CANON_HAND} {_CANON_HAND}")
_HOLDING_MASK: dict[str, int] = {}  # each of the 8192 holdings of a suit written from the ace down -> its ranks


def _holding_masks() -> dict[str, int]:
    if not _HOLDING_MASK:
        _HOLDING_MASK.update((text, mask) for mask, text in enumerate(_hold_table()))
    return _HOLDING_MASK


_C = "[SHDC][2-9TJQKA]"
_PLAY_ROWS = rf"(?:{_C} {_C} {_C} {_C}\n)*(?:{_C}(?: {_C}){{0,2}}\n)?(?:\*\n)?"
#: Play rows as the writer writes them: four upper-case cards a line, one space apart.
_CANON_PLAY = re.compile(_PLAY_ROWS)

_PENDING: Any = object()  # a part not parsed yet (LazyBoard)
_DEAL_SLOT: Any = Board.__dict__["deal"]
_PLAY_SLOT: Any = Board.__dict__["play"]
_AUCTION_SLOT: Any = Board.__dict__["auction"]
_FIELD_NAMES = tuple(f.name for f in __import__("dataclasses").fields(Board))


def _hand_masks(holdings: Iterable[str]) -> tuple[int, int, int, int] | None:
    """The four hands of a Deal value's 16 suit holdings (spades to clubs, hand after hand)
    as 52-bit card masks (bit ``13 * suit + rank - 2``); None when a holding's ranks do
    not run from the ace down."""
    try:  # each holding's ranks (13 bits)
        s0, h0, d0, c0, s1, h1, d1, c1, s2, h2, d2, c2, s3, h3, d3, c3 = map(
            (_HOLDING_MASK or _holding_masks()).__getitem__, holdings)
    except KeyError:
        return None
    return (s0 << 39 | h0 << 26 | d0 << 13 | c0, s1 << 39 | h1 << 26 | d1 << 13 | c1,
            s2 << 39 | h2 << 26 | d2 << 13 | c2, s3 << 39 | h3 << 26 | d3 << 13 | c3)


def _lazy_deal(v: str) -> bool:
    """Whether the Deal value ``v`` is canonical and a deal (no card twice): then it is
    parsed only when asked for."""
    m = _CANON_DEAL.fullmatch(v)
    return m is not None and _is_deal(m.groups())


def _is_deal(holdings: Iterable[str]) -> bool:
    """Whether the 16 suit holdings of a canonical Deal value (spades to clubs, hand after
    hand) are a deal: ranks from the ace down, at most 13 cards a hand, no card twice."""
    return _deal_hands(holdings) is not None


def _deal_hands(holdings: Iterable[str]) -> tuple[int, int, int, int] | None:
    """The card masks of the four hands (:func:`_hand_masks`, from the Deal value's first
    seat) when the 16 suit holdings are a deal (see :func:`_is_deal`), else None."""
    hands = _hand_masks(holdings)
    if hands is None:
        return None
    # at most 13 cards a hand, and no card in two hands
    a, b, c, d = hands
    na, nb, nc, nd = a.bit_count(), b.bit_count(), c.bit_count(), d.bit_count()
    if na <= 13 and nb <= 13 and nc <= 13 and nd <= 13 and (a | b | c | d).bit_count() == na + nb + nc + nd:
        return hands
    return None


def _make_board(values: tuple[Any, ...]) -> Board:
    return Board(*values)


def _make_lazy(values: tuple[Any, ...], deal: Any, play: Any, deal_waits: bool, play_waits: bool,
               game: str | None = None, auction: Any = None, auction_waits: bool = False,
               copy_keys: tuple[Any, ...] | None = None) -> Board:
    """A LazyBoard again from :meth:`LazyBoard.__reduce__` (``game``: the game read, when the
    PBN writer may write just that for the board, else None; ``copy_keys``: what decides
    that, when not checked yet, else None)."""
    board = LazyBoard(*values)
    if game is not None:
        _SET(board, "_game_text", game)
        _SET(board, "_game_groups", copy_keys)  # None: checked
    if deal_waits:
        _SET(board, "_deal_text", deal)
        deal = _PENDING
    if play_waits:
        _SET(board, "_play_entry", play)
        play = _PENDING
    if auction_waits:
        _SET(board, "_auction_text", auction)
        auction = _PENDING
    _DEAL_SLOT.__set__(board, deal)
    _PLAY_SLOT.__set__(board, play)
    _AUCTION_SLOT.__set__(board, auction)
    return board


class LazyBoard(Board):
    """A :class:`Board` read from PBN whose deal, auction and play are parsed the first
    time they are read. Only parts in canonical export form wait, and the reader has
    checked them already (notation, no card twice, at most 13 cards a hand, the calls),
    so reading them later never raises. It equals, hashes, prints and pickles as the
    Board with the same fields; :func:`dataclasses.replace` gives one with every
    part parsed."""

    __slots__ = ("_auction_text", "_deal_text", "_game_groups", "_game_text", "_hands", "_play_entry")
    _deal_text: str
    # the card masks of the deal's four hands from the Deal value's first seat (_hand_masks),
    # when the reader kept them (the export style); deal_masks works them out otherwise
    _hands: tuple[int, int, int, int]
    _auction_text: str  # the Auction section's rows, in the writer's form (_CANON_AUCTION)
    _play_entry: _Entry
    # a game read in the export style (both set, or neither): the text read, None once it is
    # known not to be what the writer writes for the board; what decides that (_copy_keys, not
    # the groups of the game's match: they hold the text again),
    # None once that is checked (_copy_text)
    _game_text: str | None
    _game_groups: tuple[Any, ...] | None

    @property
    def deal(self) -> Deal | None:
        v = _DEAL_SLOT.__get__(self)
        if v is _PENDING:
            v = _parse_deal(self._deal_text)
            _DEAL_SLOT.__set__(self, v)
        return v  # type: ignore[no-any-return]

    @deal.setter
    def deal(self, value: Deal | None) -> None:
        _DEAL_SLOT.__set__(self, value)

    @property
    def auction(self) -> tuple[AnnotatedCall, ...] | None:
        v = _AUCTION_SLOT.__get__(self)
        if v is _PENDING:
            v = _canon_calls_of(self._auction_text)
            _AUCTION_SLOT.__set__(self, v)
        return v  # type: ignore[no-any-return]

    @auction.setter
    def auction(self, value: tuple[AnnotatedCall, ...] | None) -> None:
        _AUCTION_SLOT.__set__(self, value)

    @property
    def play(self) -> tuple[tuple[PlayedCard, ...], ...] | None:
        v = _PLAY_SLOT.__get__(self)
        if v is _PENDING:
            v = _parse_play(self._play_entry)[1]
            _PLAY_SLOT.__set__(self, v)
        return v  # type: ignore[no-any-return]

    @play.setter
    def play(self, value: tuple[tuple[PlayedCard, ...], ...] | None) -> None:
        _PLAY_SLOT.__set__(self, value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in _FIELD_NAMES)

    __hash__ = Board.__hash__

    def __repr__(self) -> str:
        return Board.__repr__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        # parts not built yet travel as their text (to a worker process, say), and so does the
        # game read while the PBN writer may write just that; whether it does is checked here
        # only when it decides what comes back (every part built: a Board, or a LazyBoard that
        # keeps the copy), else on the other side, the first time a writer asks
        deal = _DEAL_SLOT.__get__(self)
        play = _PLAY_SLOT.__get__(self)
        auction = _AUCTION_SLOT.__get__(self)
        waiting = deal is _PENDING or play is _PENDING or auction is _PENDING
        keys = getattr(self, "_game_groups", None)
        game = getattr(self, "_game_text", None) if waiting else _copy_text(self)
        if not waiting and game is None:
            return _make_board, (tuple(getattr(self, f) for f in _FIELD_NAMES),)
        values = tuple(None if f in ("deal", "play", "auction") else getattr(self, f) for f in _FIELD_NAMES)
        return _make_lazy, (values, self._deal_text if deal is _PENDING else deal,
                            self._play_entry if play is _PENDING else play, deal is _PENDING, play is _PENDING, game,
                            self._auction_text if auction is _PENDING else auction, auction is _PENDING,
                            keys if waiting and game is not None else None)


def deal_text(board: Board, first: Seat) -> str | None:
    """The deal of ``board`` as PBN text from ``first`` when it is still the text read
    (a :class:`LazyBoard` not yet asked for its deal), else None."""
    if type(board) is not LazyBoard or _DEAL_SLOT.__get__(board) is not _PENDING:
        return None
    t: str = board._deal_text
    shift = (first - _SEAT_OF[t[0]]) % 4
    if not shift:
        return t
    parts = t[2:].split(" ")
    return f"{'NESW'[first]}:{' '.join(parts[shift:] + parts[:shift])}"


def deal_masks(board: Board) -> tuple[int, int, int, int] | None:
    """The four hands of ``board`` (North, East, South, West) as 52-bit card masks (bit
    ``13 * suit + rank - 2``) when its deal is still the text read (see :func:`deal_text`),
    else None. Never raises, never builds the Deal."""
    if type(board) is not LazyBoard or _DEAL_SLOT.__get__(board) is not _PENDING:
        return None
    t: str = board._deal_text  # checked by the reader: canonical, four known hands
    first = _SEAT_OF.get(t[0])
    try:
        hands: tuple[int, int, int, int] | None = board._hands  # (kept by the reader)
    except AttributeError:
        parts = t[2:].replace(" ", ".").split(".")
        hands = _hand_masks(parts) if len(parts) == 16 and first is not None else None
    if hands is None or not first:  # (not first: the text's hands run from North)
        return hands
    shift = 4 - first  # the text's hands run from ``first``
    return hands[shift:] + hands[:shift]  # type: ignore[return-value]


def play_indices(board: Board) -> bytes | None:
    """The cards of ``board``'s play record as indices 0..51 (``13 * suit + rank - 2``, a
    byte a card), row after row, columns from :attr:`~bridgecli.core.board.Board.play_leader`,
    when the record is still the text read (see :func:`play_text`), else None. The end mark
    (``*``) is :attr:`~bridgecli.core.board.Board.play_end`. Never raises, never builds the play."""
    t = play_text(board)
    if t is None:
        return None
    # each card's two characters as two hex digits, its suit and its rank from 0 (``SA``
    # -> ``3c``): one byte ``16 * suit + rank - 2`` a card, the spaces and newlines skipped
    try:
        return bytes.fromhex(t.translate(_CARD_HEX)).translate(_HEX_INDEX)
    except ValueError:
        return None


#: str.translate table of a card's characters to hex digits: suit C D H S -> 0..3, rank 2..A -> 0..c
_CARD_HEX = str.maketrans("CDHS23456789TJQKA", "01230123456789abc")
#: bytes.translate table: ``16 * suit + rank - 2`` -> ``13 * suit + rank - 2``
_HEX_INDEX = bytes(13 * (b >> 4) + (b & 15) if b < 64 and b & 15 < 13 else 255 for b in range(256))


def play_ints(board: Board) -> tuple[tuple[int, int, int, int], bytes] | None:
    """(:func:`deal_masks`, :func:`play_indices`) of ``board`` when both are known and the
    record has a card, else None: what :func:`~bridgecli.core.play.replay_indices` replays
    without the Deal and the play being built. Never raises."""
    flat = play_indices(board)
    if not flat:
        return None
    hands = deal_masks(board)
    return None if hands is None else (hands, flat)


def play_ints_many(boards: Iterable[object]) -> list[tuple[tuple[int, int, int, int], bytes] | None]:
    """:func:`play_ints` of each of ``boards`` (None for anything else than a board), the
    card indices of all the records converted at once. Never raises.

    The play texts are joined and converted together, then cut by their lengths: a text
    of ``n`` cards as the writer writes it is ``3 * n`` characters, a space or a newline
    after each card. A text not of that form (its length, its separators, not ending in a
    newline), or every text of a batch that does not convert as a whole (a character not
    of a card), is converted on its own by :func:`play_ints`.
    """
    out: list[tuple[tuple[int, int, int, int], bytes] | None] = []
    texts: list[str] = []
    waiting: list[tuple[int, LazyBoard, tuple[int, int, int, int]]] = []  # (slot in out, board, hands) a text
    for board in boards:
        if type(board) is not LazyBoard:
            out.append(None)
            continue
        t = play_text(board)
        hands = deal_masks(board) if t else None
        if hands is None or t is None:
            out.append(None)
        elif t[-1] == "\n" and len(t) == 3 * (t.count(" ") + t.count("\n")):
            waiting.append((len(out), board, hands))
            out.append(None)
            texts.append(t)
        else:
            out.append(play_ints(board))
    if not texts:
        return out
    try:
        flat = bytes.fromhex("".join(texts).encode("ascii").translate(_CARD_HEX_BYTES).decode("ascii"))
    except ValueError:  # (a UnicodeError is one)
        flat = b""
    if 3 * len(flat) != sum(map(len, texts)):
        # (each text ends in a newline: no card's two characters come from two texts, and
        # no text gives more than a third of its length; so the same total is the same cut)
        for k, board, _ in waiting:
            out[k] = play_ints(board)
        return out
    flat = flat.translate(_HEX_INDEX)
    at = 0
    for (k, _, hands), t in zip(waiting, texts):
        end = at + len(t) // 3
        out[k] = (hands, flat[at:end])
        at = end
    return out


#: bytes.translate table of :data:`_CARD_HEX` (the same for ASCII text)
_CARD_HEX_BYTES = bytes.maketrans(b"CDHS23456789TJQKA", b"01230123456789abc")


def play_text(board: Board) -> str | None:
    """The play rows of ``board`` as PBN text (lines ending in LF) when they are still
    the text read, else None."""
    if type(board) is not LazyBoard or _PLAY_SLOT.__get__(board) is not _PENDING:
        return None
    t: str = board._play_entry[3][0][1]
    return t[:-2] if t[-2:] == "*\n" else t


# ---------------------------------------------------------------------------
# the export style in one regular expression: a game as the writer (and most
# programs) write it, the 15 mandatory tags in their order, other tags, the
# auction with its notes, the play; read without a Python loop over its lines.
# The deal, the auction and the play have a branch of their own for the form the
# writer writes them in, so that the match says whether they are in that form.

_V = r'"((?!#)[^"\\\n]*)"'  # a tag value; one starting with "#" (inheritance?) goes the general way
_DATA = r'(?:[^\[\]"{};%\n]+\n)'  # a line of data: no tag, string, comment or directive in it
_PLAIN_CALL_TXT = r"(?:Pass|XX?|[1-7](?:[CDHS]|NT))"
_CALL_TXT = _PLAIN_CALL_TXT + r"(?: =[1-9][0-9]?=)?(?: \$[1-9][0-9]?)?"


def _auction_rows(call: str) -> str:
    """Auction rows as the writer writes them: four ``call``s a line, one space apart,
    an end mark on a line of its own."""
    return rf"(?:{call} {call} {call} {call}\n)*(?:{call}(?: {call}){{0,2}}\n)?(?:[*+]\n)?"


#: Auction rows as the writer writes them, the calls with a note and a NAG (``$1``: the alert).
_CANON_AUCTION = re.compile(_auction_rows(_CALL_TXT))
#: One call of such rows, with its note and NAG.
_CALL_UNIT = re.compile(_CALL_TXT)
_EXPORT_HEAD_TEXT = (
    "".join(rf"\[{name} {_V}\]\n" for name in MTS_TAGS[:3])
    + r'\[Board "([1-9][0-9]{0,5}|\?)"\]\n'  # a number as the writer writes it, or unknown
    + "".join(rf"\[{name} {_V}\]\n" for name in MTS_TAGS[4:10])
    # the deal: canonical (its 16 holdings in groups of their own), or another value
    + rf'\[Deal "(?:([NESW]:{_CANON_HAND} {_CANON_HAND} {_CANON_HAND} {_CANON_HAND})|([^"\\\n]*))"\]\n'
    + "".join(rf"\[{name} {_V}\]\n" for name in MTS_TAGS[11:])
)
_EXPORT_TAIL_TEXT = (
    r'((?:\[[A-Za-z0-9_]+ "(?!#)[^"\\\n]*"\]\n)*)'
    # the auction: plain calls as the writer writes them, or other data lines; its notes
    + rf"(?:\[Auction {_V}\]\n(?:({_auction_rows(_PLAIN_CALL_TXT)})|({_DATA}*))((?:\[Note \"(?!#)[^\"\\\n]*\"\]\n)*))?"
    # the play: canonical rows (_CANON_PLAY), or other data lines
    + rf"(?:\[Play {_V}\]\n(?:({_PLAY_ROWS})|({_DATA}*)))?"
)
# A game in the export style is _EXPORT_HEAD_TEXT + _EXPORT_TAIL_TEXT, matched in two parts
# (_export_groups). The head, the mandatory tags, matches one way only and ends where it
# ends (each tag line is read one way; the deal's two branches end at the same place), so
# the tail matched from there finds what the whole pattern would. Two parts, because the
# regular expression engine copies the marks of every group matched so far at each try of
# a repeated group: the tail's rows after the head's 27 groups cost ~40% more.
_EXPORT_HEAD = re.compile(_EXPORT_HEAD_TEXT)
_EXPORT_TAIL = re.compile(_EXPORT_TAIL_TEXT)


def _export_groups(game: str) -> tuple[str, ...] | None:
    """The groups of a game in the export style (the head's, then the tail's: see
    ``_G_*`` below), or None when ``game`` is not one."""
    head = _EXPORT_HEAD.match(game)
    if head is None:
        return None
    tail = _EXPORT_TAIL.fullmatch(game, head.end())
    return None if tail is None else head.groups() + tail.groups()


# the groups of _export_groups: the mandatory tags (the deal in three parts: the canonical
# value, its holdings, another value), the other tags, the auction's seat, its rows (plain or
# other) and notes, the play's seat and its rows (canonical or other)
(_G_EVENT, _G_SITE, _G_DATE, _G_BOARD, _G_WEST, _G_NORTH, _G_EAST, _G_SOUTH, _G_DEALER, _G_VUL, _G_DEAL) = range(11)
_G_HOLDINGS = slice(11, 27)
(_G_DEAL_OTHER, _G_SCORING, _G_DECLARER, _G_CONTRACT, _G_RESULT, _G_OTHERS, _G_AUCTION, _G_AUCTION_PLAIN,
 _G_AUCTION_OTHER, _G_NOTES, _G_PLAY, _G_PLAY_CANON, _G_PLAY_OTHER) = range(27, 40)
_OTHER_TAG = re.compile(r'\[([A-Za-z0-9_]+) "([^"\\\n]*)"\]\n')
_NOTE_VALUE = re.compile(r'\[Note "([^"\\\n]*)"\]\n')
# other tags that need the general path: structured, mandatory (a repeat), sections
_NOT_OTHER = STRUCTURED_TAGS | frozenset(MTS_TAGS) | TABLE_SECTIONS | {"OptimumScore"}

_FAST_SEAT: dict[str, Seat | None] = {"?": None, **{s.letter: s for s in Seat}}
_FAST_VUL: dict[str, Vulnerability | None] = {"?": None, **{v.pbn: v for v in Vulnerability}}
_FAST_RESULT: dict[str, int | None] = {"": None, "?": None, **{str(n): n for n in range(14)}}
_FAST_OUTCOME: dict[tuple[str, str], Contract | None] = {}


def _fast_outcome_table() -> dict[tuple[str, str], Contract | None]:
    """(Contract, Declarer) values -> the contract with declarer, for the plain values."""
    t = _FAST_OUTCOME
    for c in ("", "?"):
        for d in ("", "?"):
            t[c, d] = None
    t["Pass", ""] = t["Pass", "?"] = Contract.passed_out()
    for bid in ALL_BIDS:
        for risk in Risk:
            plain = Contract(bid.level, bid.strain, risk)
            t[plain.pbn, ""] = t[plain.pbn, "?"] = plain
            for seat in Seat:
                t[plain.pbn, seat.letter] = plain.with_declarer(seat)
    return t


def _new_board(number: int | None, dealer: Seat | None, vul: Vulnerability | None, deal: Any, deal_text: str,
               contract: Contract | None, result: int | None, tags: dict[str, str], fields: dict[str, Any],
               play_entry: Any, auction_text: str | None = None,
               hands: tuple[int, int, int, int] | None = None) -> Board:
    """A Board, or a LazyBoard when its deal (``deal`` is _PENDING, its text ``deal_text``,
    the card masks of its hands ``hands`` when known), its auction (``auction_text``, its
    rows, not None) or its play (``play_entry``, the Play section, not None) is read on
    first use."""
    lazy = deal is _PENDING or play_entry is not None or auction_text is not None
    board: Board = _OBJECT_NEW(LazyBoard if lazy else Board)
    get = fields.get
    # the fields in Board's order (a frozen dataclass without checks: what __init__ does,
    # slot by slot, the empty mappings new for each board as its default factories make them)
    (number_, dealer_, vul_, deal_, auction_, auction_end_, auction_notes_, play_, play_leader_, play_end_,
     play_notes_, contract_, result_, tags_, sections_, variant_, extra_, auction_from_, comments_) = _SLOT_SETTERS
    number_(board, number)
    dealer_(board, dealer)
    vul_(board, vul)
    deal_(board, deal)
    auction_(board, get("auction"))
    auction_end_(board, get("auction_end", ""))
    auction_notes_(board, get("auction_notes") or {})
    play_(board, get("play"))
    play_leader_(board, get("play_leader"))
    play_end_(board, get("play_end", ""))
    play_notes_(board, get("play_notes") or {})
    contract_(board, contract)
    result_(board, result)
    tags_(board, tags)
    sections_(board, get("sections", ()))
    variant_(board, None)
    extra_(board, {})
    auction_from_(board, get("auction_from"))
    comments_(board, get("comments", ()))
    if lazy:
        if deal is _PENDING:
            _SET(board, "_deal_text", deal_text)
            if hands is not None:
                _SET(board, "_hands", hands)
        if play_entry is not None:
            _SET(board, "_play_entry", play_entry)
        if auction_text is not None:
            _SET(board, "_auction_text", auction_text)
    return board


_OBJECT_NEW = object.__new__
#: The fields of a Board that _new_board (and _export_lazy) sets, in order (a field added to Board must be added there).
_NEW_BOARD_FIELDS = ("number", "dealer", "vulnerability", "deal", "auction", "auction_end", "auction_notes", "play",
                     "play_leader", "play_end", "play_notes", "contract", "result", "tags", "sections", "variant",
                     "extra", "auction_from", "comments")
if _NEW_BOARD_FIELDS != _FIELD_NAMES:
    raise ImportError("bridgecli.formats.pbn._new_board does not know every field of Board")
_SLOT_SETTERS = tuple(Board.__dict__[name].__set__ for name in _NEW_BOARD_FIELDS)


def _export_board(g: tuple[str, ...], text: str) -> Board | None:
    """The Board of a game in the export style (its groups ``g`` from :func:`_export_groups`; ``text`` the game),
    or None when a value is not plain: the general path then reads the game (and words
    any error); :func:`_remember_export` keeps the game's values for a later ``#``. A LazyBoard keeps
    ``text`` and ``g``: the writer copies the text when it would write just that for the
    board (:func:`_copy_text`)."""
    event, site, date, board_v, west, north, east, south, dealer_v, vul_v, deal_v = g[:_G_HOLDINGS.start]
    (deal_other, scoring, declarer_v, contract_v, result_v, others, auction_v, auction_plain, auction_other,
     notes_block, play_v, play_canon, play_other) = g[_G_DEAL_OTHER:]
    dealer = _FAST_SEAT.get(dealer_v, _BAD)
    vul = _FAST_VUL.get(vul_v, _BAD)
    contract = (_FAST_OUTCOME or _fast_outcome_table()).get((contract_v, declarer_v), _BAD)
    result = _FAST_RESULT.get(result_v, _BAD)
    if dealer is _BAD or vul is _BAD or contract is _BAD or result is _BAD:
        return None
    if deal_v is not None:
        hands = _deal_hands(g[_G_HOLDINGS])
        if hands is None:
            return None
        deal = _PENDING
    elif deal_other == "?":
        deal, deal_v, hands = None, "?", None
    else:
        return None
    number = None if board_v == "?" else int(board_v)
    tags = {"Event": event, "Site": site, "Date": date, "West": west, "North": north, "East": east,
            "South": south, "Scoring": scoring}
    if "?" in (event, site, date, west, north, east, south, scoring):
        tags = {name: v for name, v in tags.items() if v != "?"}  # unknown: the same as absent
    if others:
        for name, v in _OTHER_TAG.findall(others):
            if name in _NOT_OTHER or name in tags:
                return None
            tags[name] = v
    if deal is _PENDING and (auction_v is None or (auction_plain and not notes_block)) \
            and (play_v is None or play_canon):
        board = _export_lazy(g, text, number, dealer, vul, deal_v, hands, contract, result, tags)
        if board is not None:
            return board
    fields: dict[str, Any] = {}
    notes: list[Any] = []
    play_e: Any = None
    play_lazy = False
    auction_text = None
    try:
        if auction_v is not None:
            if not auction_v:
                return None
            rows = auction_other if auction_plain is None else auction_plain
            if rows and (auction_plain is not None or _CANON_AUCTION.fullmatch(rows) is not None):
                auction_text = rows  # the calls in the writer's form: built on first use
                _lazy_auction_fields(fields, auction_v, rows, dealer, number)
            else:
                _auction_fields(fields, ["Auction", auction_v, None, [(None, rows)] if rows else None], dealer, number)
            if notes_block:
                notes = [["Note", v, None, None] for v in _NOTE_VALUE.findall(notes_block)]
                fields["auction_notes"] = _parse_notes(notes)
        if play_v is not None:
            if not play_v:
                return None
            rows = play_canon or play_other
            play_e = ["Play", play_v, None, [(None, rows)] if rows else None]
            play_lazy = _play_fields(fields, play_e, rows, bool(play_canon))
    except BridgeError:
        return None
    board = _new_board(number, dealer, vul, deal, deal_v, contract, result, tags, fields,
                       play_e if play_lazy else None, auction_text, hands)
    if type(board) is LazyBoard:
        _SET(board, "_game_text", text)
        # (only what decides the copy: the groups hold the game's text again)
        _SET(board, "_game_groups", _copy_keys(g, auction_text is not None))
    return board


_BAD: Any = object()


def _export_lazy(g: tuple[str, ...], text: str, number: int | None, dealer: Seat | None, vul: Vulnerability | None,
                 deal_v: str, hands: tuple[int, int, int, int], contract: Contract | None, result: int | None,
                 tags: dict[str, str]) -> Board | None:
    """The LazyBoard of the commonest game :func:`_export_board` reads (its groups ``g``; the
    values it has read from them): a canonical deal, no auction or one of plain calls in
    the writer's form without notes, no play or canonical play rows, their seats ``N``,
    ``E``, ``S``, ``W`` or ``?``. Its fields are those :func:`_new_board` sets for the game,
    set here at once; None for anything else (:func:`_export_board` goes the general way)."""
    auction_v, rows, play_v, play_rows = g[_G_AUCTION], g[_G_AUCTION_PLAIN], g[_G_PLAY], g[_G_PLAY_CANON]
    auction: Any = None
    end = ""
    start = None
    if auction_v is not None:
        start = _FAST_SEAT.get(auction_v, _BAD)
        if start is _BAD or (start is not None and dealer is not None and start != dealer):
            return None  # (a seat spelt otherwise, or the error: the general way)
        auction = _PENDING
        if rows[-2:] in ("*\n", "+\n"):
            end = rows[-2]
        if dealer is None and start is not None and number is not None and start == (number - 1) % 4:
            start = None  # (the first caller the board number gives: not kept)
        elif dealer is not None:
            start = None
    play: Any = None
    leader = None
    play_end = ""
    if play_v is not None:
        leader = _FAST_SEAT.get(play_v, _BAD)
        if leader is _BAD:
            return None
        play = _PENDING
        if play_rows[-2:] == "*\n":
            play_end = "*"
    board = _OBJECT_NEW(LazyBoard)
    (number_, dealer_, vul_, deal_, auction_, auction_end_, auction_notes_, play_, play_leader_, play_end_,
     play_notes_, contract_, result_, tags_, sections_, variant_, extra_, auction_from_, comments_) = _SLOT_SETTERS
    number_(board, number)
    dealer_(board, dealer)
    vul_(board, vul)
    deal_(board, _PENDING)
    auction_(board, auction)
    auction_end_(board, end)
    auction_notes_(board, {})
    play_(board, play)
    play_leader_(board, leader)
    play_end_(board, play_end)
    play_notes_(board, {})
    contract_(board, contract)
    result_(board, result)
    tags_(board, tags)
    sections_(board, ())
    variant_(board, None)
    extra_(board, {})
    auction_from_(board, start)
    comments_(board, ())
    deal_text_, hands_, play_entry_, auction_text_, game_text_, game_groups_ = _LAZY_SETTERS
    deal_text_(board, deal_v)
    hands_(board, hands)
    if play is not None:
        play_entry_(board, ["Play", play_v, None, [(None, play_rows)]])
    if auction is not None:
        auction_text_(board, rows)
    game_text_(board, text)
    game_groups_(board, _copy_keys(g, True))
    return board


#: The slots of a LazyBoard that :func:`_export_lazy` sets.
_LAZY_SETTERS = tuple(LazyBoard.__dict__[name].__set__
                      for name in ("_deal_text", "_hands", "_play_entry", "_auction_text", "_game_text", "_game_groups"))


_TAG_NAME = re.compile(r"\[([A-Za-z0-9_]+) ")


def _covers(g: tuple[str, ...], before: tuple[str, ...]) -> bool:
    """Whether the game that :func:`_export_board` read (its groups ``g``) gives a value to
    every tag of the game ``before`` it (its groups), the other tags in the same order: then
    the values of ``g`` alone are what :func:`_remember_export` leaves after both."""
    if (before[_G_AUCTION] is not None and g[_G_AUCTION] is None) or (before[_G_NOTES] and not g[_G_NOTES]) \
            or (before[_G_PLAY] is not None and g[_G_PLAY] is None):
        return False
    a, b = before[_G_OTHERS], g[_G_OTHERS]
    return not a or a == b or _TAG_NAME.findall(a) == _TAG_NAME.findall(b)


def _remember_export(last: dict[str, str], g: tuple[str, ...]) -> None:
    """Put into ``last`` the values of a game that :func:`_export_board` read (its groups
    ``g``), as a later ``#`` takes them: every tag's, ``"?"`` and the Deal value included."""
    last.update(zip(("Event", "Site", "Date", "West", "North", "East", "South", "Scoring"),
                    (g[_G_EVENT], g[_G_SITE], g[_G_DATE], g[_G_WEST], g[_G_NORTH], g[_G_EAST], g[_G_SOUTH],
                     g[_G_SCORING])))
    others = g[_G_OTHERS]
    if others:
        last.update(_OTHER_TAG.findall(others))
    last["Board"] = g[_G_BOARD]
    last["Dealer"] = g[_G_DEALER]
    last["Vulnerable"] = g[_G_VUL]
    last["Deal"] = g[_G_DEAL] or g[_G_DEAL_OTHER]
    last["Declarer"] = g[_G_DECLARER]
    last["Contract"] = g[_G_CONTRACT]
    last["Result"] = g[_G_RESULT]
    auction = g[_G_AUCTION]
    if auction is not None:
        last["Auction"] = auction
        notes = g[_G_NOTES]
        if notes:
            last["Note"] = _NOTE_VALUE.findall(notes)[-1]
    play = g[_G_PLAY]
    if play is not None:
        last["Play"] = play


def _copy_text(board: LazyBoard) -> str | None:
    """The game ``board`` was read from when :func:`board_text` writes just that for it
    (see :func:`_written_as_read`; checked the first time a writer asks), else None."""
    try:
        g = board._game_groups
    except AttributeError:
        return None  # not read in the export style
    if g is not None:
        if not _written_as_read(g, board):
            _SET(board, "_game_text", None)
        _SET(board, "_game_groups", None)
    return board._game_text


def _copy_keys(g: tuple[str, ...], auction_checked: bool) -> tuple[Any, ...]:
    """What :func:`_written_as_read` needs of the groups ``g`` of a game in the export style
    (``auction_checked``: its auction rows are known to be in the writer's form):
    the groups hold most of the game's text again, kept until a writer asks."""
    deal = g[_G_DEAL]
    return (g[_G_OTHERS], "?" if deal is None else deal[0], g[_G_DECLARER], g[_G_CONTRACT], g[_G_RESULT],
            g[_G_AUCTION], None if auction_checked else g[_G_AUCTION_OTHER], g[_G_NOTES], g[_G_PLAY],
            g[_G_PLAY_CANON] is not None)


def _written_as_read(keys: tuple[Any, ...], board: Board) -> bool:
    """Whether :func:`board_text` writes the game in the export style (what decides
    it: ``keys``, see :func:`_copy_keys`), read as ``board`` by :func:`_export_board`, byte for
    byte as it was read.

    Each value the writer makes is checked against the one read: the order of the other
    tags (the writer sorts them by name), the seat it writes the deal and the auction
    from, its Declarer, Contract and Result values, calls as it spells them, notes as
    it numbers them, the play rows as it writes them. The tag values need no escapes
    and none starts with ``#`` (the regular expression and the caller see to that).
    """
    others, deal_seat, declarer_v, contract_v, result_v, auction_v, auction_other, notes_block, play_v, play_canon \
        = keys
    names = [name for name, _ in _OTHER_TAG.findall(others)] if others else []
    if any(a >= b for a, b in pairwise(names)):
        return False  # the writer sorts them by name
    eff = board.effective_dealer  # the seat board_text writes the deal and the auction from
    if deal_seat != "?" and deal_seat != "NESW"[eff or 0]:
        return False  # written from the dealer
    contract = board.contract
    try:
        if (contract is None or contract.declarer is None or board.result is None) and _outcome_text(
                contract, board.result, _NO_TAGS.get) != (declarer_v, contract_v, result_v):
            return False  # (a contract with declarer and result is written as the table read it)
        if auction_v is not None:
            if auction_v != ("NESW"[eff] if eff is not None else "?"):
                return False
            if auction_other and _CANON_AUCTION.fullmatch(auction_other) is None:
                return False
            if notes_block:
                lines: list[str] = []
                _note_lines(board.auction_notes.items(), lines)
                if "\n".join(lines) + "\n" != notes_block:
                    return False
    except ParseError:
        return False  # the writer cannot write it
    if play_v is not None:
        leader = board.play_leader
        if not play_canon or play_v != ("NESW"[leader] if leader is not None else "?"):
            return False
    return True


_NO_TAGS: dict[str, str] = {}


def _anchor_comments(entries: list[_Entry], comments: list[tuple[int, str]]) -> tuple[tuple[str, str], ...]:
    """Each comment with the tag or section it followed: Note tags belong to the
    Auction or Play section before them; "" is the start of the game."""
    after = [""]
    section = "Auction"
    for e in entries:
        name = e[0]
        if name == "Note":
            after.append(section)
            continue
        if name in ("Auction", "Play"):
            section = name
        after.append(name)
    anchored = [(after[min(k, len(after) - 1)], text) for k, text in comments]
    sections = {e[0] for e in entries if e[0] not in _KIND and _is_section(e[0], e[3])}
    # in the order the writer puts the tags (and so a written board reads back the same)
    return tuple(sorted(anchored, key=lambda c: _writer_rank(c[0], sections)))


_MTS_RANK = {name: k for k, name in enumerate(MTS_TAGS)}


def _writer_rank(after: str, sections: set[str]) -> tuple[int, int, str]:
    """Where :func:`board_text` writes the tag or section ``after``: the start, the mandatory
    tags in their order, the others by name, the auction, the play, the table sections by name."""
    if not after:
        return (0, 0, "")
    k = _MTS_RANK.get(after)
    if k is not None:
        return (1, k, "")
    if after in ("Auction", "Play"):
        return (3, after == "Play", "")
    return (4, 0, after) if after in sections else (2, 0, after)


def _unexpected(e: _Entry) -> None:
    for line, text in e[3]:
        words = [w for w in text.split() if w[:1] != "%"]
        if words:
            raise ParseError(f"unexpected text {words[0]!r} after tag {e[0]}").located(line=line)


def _number_like(v: str) -> bool:
    """Whether a Board value reads as a number (``0``, ``-3``, ``²``: refused when it is no
    positive one in ASCII digits) rather than a label (``1-1``, ``12a``, ``A3``: BridgeComposer's
    lessons)."""
    t = v.strip()
    t = t[1:] if t[:1] in ("+", "-") else t
    return not t or t.isnumeric()


def _parse_number(v: str) -> int | None:
    """The board number of a Board value; None for unknown, "" and a label (the caller keeps it)."""
    if v in ("", "?"):
        return None
    t = v.strip()
    n = small_int(t) if is_digits(t) else None
    if n is None or n < 1:
        if not _number_like(v):
            return None
        raise ParseError(f"board number must be a positive integer, not {v!r}")
    return n


def _parse_seat(v: str, what: str) -> Seat | None:
    if v in ("", "?"):
        return None
    seat = _SEAT_OF.get(v)
    if seat is None:
        try:
            seat = ENGLISH.parse_seat(v)
        except ParseError:
            raise ParseError(f"unknown seat {v!r} for the {what} (expected N, E, S or W)") from None
    return seat


def _parse_vul(v: str) -> Vulnerability | None:
    if v in ("", "?"):
        return None
    return ENGLISH.parse_vul(v)


_HOLDINGS: list[dict[str, tuple[frozenset[Card], int]]] = [{}, {}, {}, {}]  # spades, hearts, diamonds, clubs
_SUIT_BASE = (39, 26, 13, 0)  # DECK index of the two of each suit, spades first
_NOT_PLAIN: tuple[frozenset[Card], int] = (frozenset(), -1)


def _holding(k: int, text: str) -> tuple[frozenset[Card], int]:
    """Cards of suit ``k`` (0 = spades) from ``AKT``-style ranks, with their
    bit mask over DECK indices; mask -1 when the text is not plain ranks."""
    bits = 0
    for ch in text.upper():
        b = _RANK_BIT.get(ch)
        if b is None or bits & b:
            return _NOT_PLAIN
        bits |= b
    base = _SUIT_BASE[k]
    held = (frozenset([DECK[base + r] for r in range(13) if bits >> r & 1]), bits << base)
    cache = _HOLDINGS[k]
    if len(cache) > 50000:
        cache.clear()
    cache[text] = held
    return held


_HAND_NEW = Hand.__new__
_SET = object.__setattr__


def _parse_deal(v: str) -> Deal | None:
    """A Deal tag value; the fast path builds hands from cached suit holdings."""
    t = v.strip()
    if t in ("", "?"):
        return None
    if len(t) < 2 or t[1] != ":":
        raise ParseError(f"bad deal {v!r}: it starts with a seat and a colon, like 'N:'")
    first = _SEAT_OF.get(t[0])
    if first is None:
        raise ParseError(f"bad deal {v!r}: unknown seat {t[0]!r}")
    parts = t[2:].split()
    if len(parts) != 4:
        raise ParseError(f"bad deal {v!r}: four hands expected, found {len(parts)}")
    hands: list[Hand | None] = [None, None, None, None]
    total = 0
    mask = 0
    h0, h1, h2, h3 = _HOLDINGS
    for i, part in enumerate(parts):
        if part == "-":
            continue
        suits = part.split(".")
        cards = None
        if len(suits) == 4:
            a, b, c, d = suits
            s0, m0 = h0.get(a) or _holding(0, a)
            s1, m1 = h1.get(b) or _holding(1, b)
            s2, m2 = h2.get(c) or _holding(2, c)
            s3, m3 = h3.get(d) or _holding(3, d)
            if m0 >= 0 and m1 >= 0 and m2 >= 0 and m3 >= 0:
                cards = s0.union(s1, s2, s3)
                m = m0 | m1 | m2 | m3
        if cards is None:
            try:
                cards = frozenset([DECK[c.index] for c in ENGLISH.parse_hand(part).cards])
            except ParseError as exc:
                raise ParseError(f"bad deal {v!r}: {exc.message}") from None
            m = sum(1 << c.index for c in cards)
        n = len(cards)
        if n > 13 or mask & m:
            break  # Deal() below says what is wrong
        hand = _HAND_NEW(Hand)
        _SET(hand, "cards", cards)
        hands[(first + i) % 4] = hand
        total += n
        mask |= m
    else:
        deal = _DEAL_NEW(Deal)  # invariants checked above, as Deal.__post_init__ does
        _SET(deal, "hands", tuple(hands))
        return deal
    hands = [None if p == "-" else Hand.from_pbn(p) for p in parts]
    return Deal(tuple(hands[(4 - first + i) % 4] for i in range(4)))  # type: ignore[arg-type]  # raises


_DEAL_NEW = Deal.__new__


_CONTRACTS: dict[str, Contract] = {}


def _parse_contract(v: str) -> Contract | None:
    """A Contract tag value without declarer; None for a bare strain (end position)."""
    c = _CONTRACTS.get(v)
    if c is not None:
        return c
    t = v.strip().upper()
    if t == "PASS":
        c = Contract.passed_out()
    else:
        m = _CONTRACT.match(t)
        if m is not None:
            c = Contract(int(m.group(1)), ENGLISH.parse_strain(m.group(2)), Risk(len(m.group(3))))
        elif t in ("C", "D", "H", "S", "NT", "N"):
            return None
        else:
            raise ParseError(f"bad contract {v!r} (expected like '4S', '3NTX', 'Pass')")
    if len(_CONTRACTS) < 1000:
        _CONTRACTS[v] = c
    return c


_WITH_DECLARER: dict[tuple[Contract, Seat], Contract] = {}


def _outcome(
    contract_e: _Entry | None, declarer_e: _Entry | None, result_e: _Entry | None, tags: dict[str, str]
) -> tuple[Contract | None, int | None]:
    """Contract (with declarer) and declarer's tricks; values that do not fit
    those fields (an end-position strain, ``^`` marks, side-only results) stay
    in ``tags`` so that nothing is lost."""
    contract: Contract | None = None
    declarer: Seat | None = None
    if contract_e is not None and contract_e[1] not in ("", "?"):
        try:
            contract = _parse_contract(contract_e[1])
        except ParseError as exc:
            raise exc.located(line=contract_e[2])
        if contract is None:
            tags["Contract"] = contract_e[1]
    if declarer_e is not None and declarer_e[1] not in ("", "?"):
        v = declarer_e[1]
        try:
            if v[:1] == "^":
                # "^S": declarer and dummy were swapped (PBN 3.4.13); S plays the hand
                tags["Declarer"] = v
                if contract is not None and contract.level > 0 and len(v) == 2:
                    declarer = _parse_seat(v[1], "declarer")
                    contract = contract.with_declarer(declarer)
                else:
                    _parse_seat(v[1:], "declarer")
            elif contract is None:
                _parse_seat(v, "declarer")
                tags["Declarer"] = v
            else:
                declarer = _parse_seat(v, "declarer")
                key = (contract, declarer)
                c = _WITH_DECLARER.get(key)  # type: ignore[arg-type]
                if c is None:
                    c = contract.with_declarer(declarer)
                    if len(_WITH_DECLARER) < 2000:
                        _WITH_DECLARER[key] = c  # type: ignore[index]
                contract = c
        except ParseError as exc:
            raise exc.located(line=declarer_e[2])
    result: int | None = None
    if result_e is not None and result_e[1] not in ("", "?"):
        v = result_e[1].strip()
        agreed = v[:1] == "^" and is_digits(v[1:])  # "^9": tricks agreed, not as played (PBN 3.4.15)
        if is_digits(v) or agreed:
            result = small_int(v[1:] if agreed else v)
            if result is None or result > 13:
                raise ParseError(f"bad result {result_e[1]!r}: at most 13 tricks").located(line=result_e[2])
            if agreed:
                tags["Result"] = result_e[1]
        else:
            m = _RESULT_SIDES.match(v)
            if m is None and v[:1] != "^":
                raise ParseError(
                    f"bad result {result_e[1]!r} (expected tricks like '9' or 'NS 9')"
                ).located(line=result_e[2])
            if m is not None and declarer is not None:
                side = "NS" if declarer in (Seat.NORTH, Seat.SOUTH) else "EW"
                for s, n in ((m.group(1), m.group(2)), (m.group(3), m.group(4))):
                    if s is not None and s.upper() == side and is_digits(n) and len(n) <= 2 and int(n) <= 13:
                        result = int(n)
            if result is None:
                tags["Result"] = result_e[1]
    return contract, result


def _section_tokens(e: _Entry) -> list[str]:
    rows = e[3]
    if not rows:
        return []
    if len(rows) == 1:
        return rows[0][1].split()  # type: ignore[no-any-return]
    return " ".join(t for _, t in rows).split()


def _parse_auction(e: _Entry, dealer: Seat | None) -> tuple[tuple[AnnotatedCall, ...], str, Seat | None]:
    """The calls of an Auction section, from the dealer on, its end mark and the
    seat of its first call (None when the tag gives no seat). Raises ParseError
    when a Dealer tag (``dealer``) says another seat starts."""
    try:
        seat = _parse_seat(e[1], "auction")
    except ParseError as exc:
        raise exc.located(line=e[2])
    try:
        out, fillers, end = list(map(_PLAIN_CALL.__getitem__, _section_tokens(e))), 0, ""
    except KeyError:
        rows = e[3]
        canon = _canon_auction(rows[0][1]) if len(rows) == 1 else None
        if canon is None:
            out, fillers, end = _parse_auction_tokens(e)
        else:
            (out, end), fillers = canon, 0
    start = None if seat is None else _SEAT_BY_INDEX[(seat + fillers) % 4]
    if start is not None and dealer is not None and start != dealer:
        raise ParseError(
            f"the auction starts with {start.letter} but the dealer is {dealer.letter}"
        ).located(line=e[2])
    return tuple(out), end, start


#: Each call of auction rows in the writer's form (``1NT =1= $1``, ``Pass``) -> the call read
#: (shared: the calls are frozen); the plain calls from the start, annotated ones as they come.
_CANON_CALLS: dict[str, AnnotatedCall] = {}


def _canon_auction(text: str) -> tuple[list[AnnotatedCall], str] | None:
    """The calls and end mark of auction rows ``text`` (lines ending in LF) when they are
    in the writer's form (``_CANON_AUCTION``: a call with at most a note and a NAG, ``$1``
    being the alert), as :func:`_parse_auction_tokens` reads them; else None."""
    if _CANON_AUCTION.fullmatch(text) is None:
        return None
    get = (_CANON_CALLS or _canon_calls()).get
    return [get(unit) or _canon_call(unit) for unit in _CALL_UNIT.findall(text)], \
        text[-2] if text[-2:] in ("*\n", "+\n") else ""


def _canon_calls_of(text: str) -> tuple[AnnotatedCall, ...]:
    """The calls of auction rows ``text`` known to be in the writer's form (``_CANON_AUCTION``),
    as :func:`_canon_auction` reads them."""
    get = (_CANON_CALLS or _canon_calls()).get
    return tuple([get(unit) or _canon_call(unit) for unit in _CALL_UNIT.findall(text)])


def _canon_calls() -> dict[str, AnnotatedCall]:
    for word in ("Pass", "X", "XX", *map(str, ALL_BIDS)):
        _CANON_CALLS[word] = _PLAIN_CALL[word]
    return _CANON_CALLS


def _canon_call(unit: str) -> AnnotatedCall:
    """The call of a unit like ``1NT =1= $1`` (a call of ``_CALL_UNIT``)."""
    word, *marks = unit.split(" ")
    note = None
    nags: tuple[int, ...] = ()
    alert = False
    for mark in marks:
        if mark[0] == "=":
            note = int(mark[1:-1])
        elif mark == "$1":
            alert = True
        else:
            nags = (int(mark[1:]),)
    a = AnnotatedCall(_PLAIN_CALL[word].call, alert, note, nags)
    if len(_CANON_CALLS) < 5000:
        _CANON_CALLS[unit] = a
    return a


def _parse_auction_tokens(e: _Entry) -> tuple[list[AnnotatedCall], int, str]:
    """Token by token: fillers, ``AP``, suffixes, notes, NAGs, end marks and the
    irregularities ``^I`` (before an accepted insufficient bid) and ``^S`` (a
    skipped turn), PBN §3.9."""
    out: list[AnnotatedCall] = []
    fillers = 0
    end = ""
    plain = _PLAIN_CALL
    line = e[2]
    ann: list[object] | None = None  # [call, alert, note, nags, irregular] of the last call while annotating
    mark_i = False  # a "^I" waits for its bid
    try:
        for line, text in e[3] or ():
            for tok in text.split():
                a = plain.get(tok)
                if a is not None and not end and not mark_i:
                    if ann is not None:
                        out[-1] = _annotated(ann)
                        ann = None
                    out.append(a)
                    continue
                if tok[0] in "_$" and _QUIZ_PART.fullmatch(tok) and (tok[0] == "_" or end[:1] in ("+", "_")):
                    # a quiz's question (BridgeComposer): "____" where the next call goes, a NAG after it
                    # or after "+"; kept with the end mark, as written
                    if ann is not None:
                        out[-1] = _annotated(ann)
                        ann = None
                    if tok[0] == "_" and (end or mark_i):
                        raise ParseError(f"unexpected {tok!r} after {'^I' if mark_i else end!r} in the auction")
                    end = f"{end} {tok}" if end else tok
                    continue
                for m in _SUB_TOKEN.finditer(tok):
                    word, suffix, note, nag, mark, irr, bad = m.groups()
                    if irr is not None and irr.upper() in ("^I", "^S"):
                        if ann is not None:
                            out[-1] = _annotated(ann)
                            ann = None
                        if end or mark_i:
                            raise ParseError(f"unexpected {irr!r} after {'^I' if mark_i else end!r} in the auction")
                        if irr.upper() == "^S":
                            out.append(_SKIPPED)
                        else:
                            mark_i = True
                        continue
                    if word is not None or mark is not None:
                        if ann is not None:
                            out[-1] = _annotated(ann)
                            ann = None
                        if end:
                            raise ParseError(f"unexpected {m.group()!r} after {end!r} in the auction")
                        if mark_i and (mark is not None or word == "-" or word.upper() == "AP"):
                            raise ParseError(f"'^I' must stand before an insufficient bid, not {m.group()!r}")
                        if mark is not None:
                            end = mark
                        elif word == "-":
                            if out:
                                raise ParseError("'-' is only allowed before the dealer's first call")
                            fillers += 1
                        elif word.upper() == "AP":
                            bid = any(not isinstance(c.call, Pass) for c in out)
                            trailing = 0
                            for c in reversed(out):
                                if not isinstance(c.call, Pass):
                                    break
                                trailing += 1
                            out.extend([plain["PASS"]] * max(0, (3 if bid else 4) - trailing))
                        else:
                            a = plain.get(word.upper())
                            if a is None:
                                try:
                                    a = AnnotatedCall(ENGLISH.parse_call(word))
                                except ParseError:
                                    raise ParseError(f"not a call: {word!r}") from None
                            if mark_i:
                                if not isinstance(a.call, Bid):
                                    raise ParseError(f"'^I' must stand before an insufficient bid, not {word!r}")
                                a = AnnotatedCall(a.call, irregular="I")
                                mark_i = False
                            out.append(a)
                        continue
                    if irr is not None:
                        raise ParseError(f"irregularity {irr!r} does not belong in the auction (^I or ^S)")
                    if bad is not None:
                        raise ParseError(f"unexpected {bad!r} in the auction")
                    if not out or end or mark_i or out[-1].irregular == "S":
                        raise ParseError(f"annotation {m.group()!r} without a call before it")
                    if ann is None:
                        last = out[-1]
                        ann = [last.call, last.alert, last.note, list(last.nags), last.irregular]
                    if suffix is not None:
                        code = _CALL_SUFFIX.get(suffix)
                        if code is None:
                            raise ParseError(f"bad suffix {suffix!r}")
                        if code == 1:
                            ann[1] = True
                        else:
                            ann[3].append(code)  # type: ignore[attr-defined]
                    elif note is not None:
                        if ann[2] is not None:
                            raise ParseError(f"second note {m.group()!r} on one call")
                        number = _NOTE_NUMBER.get(note) or count(note, "a note number")
                        if number < 1:
                            _note_zero(m.group(), line)
                            continue
                        ann[2] = number
                    else:
                        n = count(nag, "a NAG")
                        if n == 1:
                            ann[1] = True
                        else:
                            ann[3].append(n)  # type: ignore[attr-defined]
        if ann is not None:
            out[-1] = _annotated(ann)
        if mark_i:
            raise ParseError("'^I' at the end of the auction, with no bid after it")
    except ParseError as exc:
        raise exc.located(line=line)
    return out, fillers, end


_NOTE_NUMBER = {str(n): n for n in range(1, 100)}  # the usual note numbers (count() words the errors)


def _note_zero(token: str, line: int | None) -> None:
    """``=0=`` (BBO's alert with no explanation): no note can have number 0 (PBN 3.5
    numbers them from 1), so the reference is dropped, with a warning."""
    _lenient("note0", line, f"note reference {token!r} ignored (notes are numbered from 1, PBN 3.5)")


def _annotated(ann: list[object]) -> AnnotatedCall:
    return AnnotatedCall(ann[0], bool(ann[1]), ann[2], tuple(sorted(set(ann[3]))),  # type: ignore[arg-type, call-overload]
                         ann[4])  # type: ignore[arg-type]


#: The place of a player whose turn was skipped by a call out of rotation (``^S``).
_SKIPPED = AnnotatedCall(PASS, irregular="S")


def _parse_leader(e: _Entry) -> Seat | None:
    """The seat of a Play tag."""
    try:
        return _parse_seat(e[1], "play")
    except ParseError as exc:
        raise exc.located(line=e[2])


def _auction_fields(fields: dict[str, Any], entry: Any, dealer: Seat | None, number: int | None) -> None:
    """Set the auction fields of a game from its Auction section ``entry``."""
    fields["auction"], fields["auction_end"], start = _parse_auction(entry, dealer)
    if dealer is None and start is not None and (number is None or start != (number - 1) % 4):
        fields["auction_from"] = start  # the Auction tag names the first caller: never guess another


def _lazy_auction_fields(fields: dict[str, Any], seat: str, rows: str, dealer: Seat | None,
                         number: int | None) -> None:
    """Set the auction fields of a game whose Auction section (its value ``seat``, its rows
    ``rows``) is in the writer's form (``_CANON_AUCTION``, a call a unit: no filler), as
    :func:`_auction_fields` sets them, the calls to be built on first use. Raises
    ParseError as :func:`_parse_auction` does (without a line)."""
    start = _parse_seat(seat, "auction")
    if start is not None and dealer is not None and start != dealer:
        raise ParseError(f"the auction starts with {start.letter} but the dealer is {dealer.letter}")
    fields["auction"] = _PENDING
    fields["auction_end"] = rows[-2] if rows[-2:] in ("*\n", "+\n") else ""
    if dealer is None and start is not None and (number is None or start != (number - 1) % 4):
        fields["auction_from"] = start


def _play_fields(fields: dict[str, Any], entry: Any, rows: str | None, canonical: bool | None = None) -> bool:
    """Set the play fields of a game from its Play section ``entry``: when its one row of
    text ``rows`` is canonical (``canonical``, when the caller knows), the leader now and
    the cards on first use (True); else all of it parsed now (False)."""
    if canonical is None:
        canonical = bool(rows) and _CANON_PLAY.fullmatch(rows) is not None  # type: ignore[arg-type]
    if not canonical:
        fields["play_leader"], fields["play"], fields["play_end"] = _parse_play(entry)
        return False
    fields["play_leader"] = _parse_leader(entry)
    fields["play"] = _PENDING
    if rows[-2:] == "*\n":  # type: ignore[index]
        fields["play_end"] = "*"
    return True


def _parse_play(e: _Entry) -> tuple[Seat | None, tuple[tuple[PlayedCard, ...], ...], str]:
    """Leader, rows of four cards (columns in seat order from the leader) and end mark."""
    leader = _parse_leader(e)
    try:
        cards, end = list(map(_PLAIN_CARD.__getitem__, _section_tokens(e))), ""
    except KeyError:
        cards, end = _parse_play_tokens(e)
    n = len(cards)
    full = n - n % 4
    rows = tuple(zip(*[iter(cards[:full] if n % 4 else cards)] * 4))
    if full < n:
        rows += (tuple(cards[full:]),)
    return leader, rows, end


def _parse_play_tokens(e: _Entry) -> tuple[list[PlayedCard], str]:
    """Token by token: suffixes, notes, NAGs, ``*`` and ``+``.

    A ``+`` followed by more cards holds the place of the card to be played
    next (``S3 C3 + SA``): it becomes an unknown card in its column.
    """
    cards: list[PlayedCard] = []
    end = ""
    plus_open = False  # a "+" seen and no card after it yet
    plain = _PLAIN_CARD
    line = e[2]
    ann: list[object] | None = None  # [card, note, nags, irregular]
    irr_mark = ""  # "R" or "L": a "^R"/"^L" waits for its card
    try:
        for line, text in e[3] or ():
            for tok in text.split():
                p = plain.get(tok)
                if p is not None and end != "*" and not irr_mark:
                    if ann is not None:
                        cards[-1] = _played(ann)
                        ann = None
                    if plus_open:
                        cards.append(_UNKNOWN_CARD)
                        plus_open = False
                    cards.append(p)
                    continue
                for m in _SUB_TOKEN.finditer(tok):
                    word, suffix, note, nag, mark, irr, bad = m.groups()
                    if irr is not None and irr.upper() in ("^R", "^L"):
                        if ann is not None:
                            cards[-1] = _played(ann)
                            ann = None
                        if end == "*" or irr_mark:
                            raise ParseError(f"unexpected {irr!r} after {'^' + irr_mark if irr_mark else end!r}"
                                             " in the play")
                        irr_mark = irr[1].upper()
                        continue
                    if word is not None or mark is not None:
                        if ann is not None:
                            cards[-1] = _played(ann)
                            ann = None
                        if end == "*" or (mark is not None and end):
                            raise ParseError(f"unexpected {m.group()!r} after {end!r} in the play")
                        if irr_mark and (mark is not None or word == "-"):
                            raise ParseError(f"'^{irr_mark}' must stand before a card, not {m.group()!r}")
                        if mark is not None:
                            end = mark
                            plus_open = mark == "+"
                            continue
                        if plus_open:
                            cards.append(_UNKNOWN_CARD)
                            plus_open = False
                        p = plain.get(word) or plain.get(word.upper())
                        if p is None and word.strip("-") == "":
                            # "--" (a BBO converter's unknown card): read as "-", PBN 3.6
                            _lenient("dashes", line, f"card {word!r} read as '-' (an unknown card, PBN 3.6)")
                            p = _UNKNOWN_CARD
                        if p is None:
                            try:
                                p = PlayedCard(DECK[ENGLISH.parse_card(word).index])
                            except ParseError:
                                raise ParseError(f"not a card: {word!r}") from None
                        if irr_mark:
                            p = PlayedCard(p.card, irregular=irr_mark)
                            irr_mark = ""
                        cards.append(p)
                        continue
                    if irr is not None:
                        raise ParseError(f"irregularity {irr!r} does not belong in the play (^R or ^L)")
                    if bad is not None:
                        raise ParseError(f"unexpected {bad!r} in the play")
                    if not cards or end == "*" or plus_open or irr_mark:
                        raise ParseError(f"annotation {m.group()!r} without a card before it")
                    if ann is None:
                        last = cards[-1]
                        ann = [last.card, last.note, list(last.nags), last.irregular]
                    if suffix is not None:
                        code = _CARD_SUFFIX.get(suffix)
                        if code is None:
                            raise ParseError(f"bad suffix {suffix!r}")
                        ann[2].append(code)  # type: ignore[attr-defined]
                    elif note is not None:
                        if ann[1] is not None:
                            raise ParseError(f"second note {m.group()!r} on one card")
                        number = _NOTE_NUMBER.get(note) or count(note, "a note number")
                        if number < 1:
                            _note_zero(m.group(), line)
                            continue
                        ann[1] = number
                    else:
                        ann[2].append(count(nag, "a NAG"))  # type: ignore[attr-defined]
        if ann is not None:
            cards[-1] = _played(ann)
        if irr_mark:
            raise ParseError(f"'^{irr_mark}' at the end of the play, with no card after it")
    except ParseError as exc:
        raise exc.located(line=line)
    return cards, end


def _played(ann: list[object]) -> PlayedCard:
    return PlayedCard(ann[0], ann[1], tuple(sorted(set(ann[2]))), ann[3])  # type: ignore[arg-type, call-overload]


def _parse_notes(entries: list[_Entry]) -> dict[int, str]:
    notes: dict[int, str] = {}
    for e in entries:
        m = _NOTE.match(e[1])
        number = count(m.group(1), "a note number") if m is not None else 0
        if m is None or number < 1:
            raise ParseError(f"bad note {e[1]!r} (expected 'number:text', numbers from 1)").located(line=e[2])
        notes.setdefault(number, m.group(2))
    return notes


def iter_records(text: str, source: str | None = None) -> Iterator[Board | BridgeError]:
    """Every game of a PBN text in order: a :class:`Board`, or the error
    (ParseError / InvalidDealError with ``source``, ``line`` and ``board``)
    that spoils that game; reading goes on with the next game.
    An empty text (or one of comments only) yields nothing."""
    return _batched(_Reader(text, source).games(), source)


def _batched(games: Iterator[Board | BridgeError], source: str | None,
             found: list[tuple[str, int, str]] | None = None) -> Iterator[Board | BridgeError]:
    """``games`` read 500 at a time with the garbage collector paused. What is read
    leniently goes to ``found`` (given by :func:`iter_stream`, which warns once at the
    end), else to the list of a caller's :func:`lenient_into`, else it is warned about
    here when the games run out."""
    own = False
    if found is None:
        outer = _LENIENT.get()  # a caller reading game by game (lenient_into) warns for the whole file
        own = outer is None
        found = [] if outer is None else outer  # one warning a kind at the end
    while True:
        # Reading allocates many small objects that all stay alive; the cyclic
        # garbage collector would scan them again and again for nothing, so
        # it is paused while a batch is read (never while the caller runs).
        was_enabled = gc.isenabled()
        gc.disable()
        sink = _LENIENT.set(found)
        try:
            batch = list(islice(games, 500))
        finally:
            _LENIENT.reset(sink)
            if was_enabled:
                gc.enable()
        if not batch:
            if own:
                warn_lenient(found, source)
            return
        yield from batch


@contextmanager
def lenient_into(found: list[tuple[str, int, str]]) -> Iterator[None]:
    """Inside the block, :func:`iter_records` adds what it reads leniently to ``found``
    ((kind, line, message) items) instead of warning: for a caller that reads a file
    game by game and warns once for the whole file with :func:`warn_lenient`."""
    token = _LENIENT.set(found)
    try:
        yield
    finally:
        _LENIENT.reset(token)


def warn_lenient(found: list[tuple[str, int, str]], source: str | None) -> None:
    """One :class:`ReadWarning` for each kind of thing read leniently in a file: the
    first place, and how many more."""
    import warnings

    counts: dict[str, int] = {}
    for kind, _, _ in found:
        counts[kind] = counts.get(kind, 0) + 1
    for kind, line, message in found:
        n = counts.pop(kind, 0)
        if n:
            more = f" ({n - 1} more)" if n > 1 else ""
            warnings.warn(f"{source or '-'}:{line}: {message}{more}", ReadWarning, stacklevel=3)


# a place to cut a stream between games: blank lines (then a tag, checked apart: with the
# tag in the pattern, each newline of a run not followed by one was a new start that read
# the run to its end again, and 1,100,000 blank lines took hours); one character class
# repeated, from the first newline to the last of the run: a repeated group, (?:[ \t]*\n)+,
# kept a backtracking entry a line (122 MB a million blank lines)
_CUT = re.compile(r"\n[ \t\n]*\n")


def _last_cut(text: str, start: int) -> int:
    """The end of the last blank run in ``text`` (from about ``start``) before which every
    game is whole: not inside a brace comment, and after a line of a game, not after
    commentary (which would belong to the next game); 0 if there is none.

    The last :data:`_CUT_TAIL` characters are looked at first: a match found there that
    starts inside a run of blank lines (the tail cut one) follows a blank line, so it is
    refused as the whole search refuses nothing it would take; the whole search runs only
    when the tail holds no cut."""
    lo = max(0, start - 1000)
    tail = len(text) - _CUT_TAIL
    if tail > lo:
        cut = _last_cut_from(text, tail)
        if cut:
            return cut
    return _last_cut_from(text, lo)


#: How much of a piece's end :func:`_last_cut` looks at first (some games' worth).
_CUT_TAIL = 1 << 14


def _last_cut_from(text: str, lo: int) -> int:
    """:func:`_last_cut` over the matches from ``lo`` on."""
    for m in reversed([m for m in _CUT.finditer(text, lo) if text.startswith("[", m.end())]):
        at = m.start()
        if "{" in text and text.rfind("{", 0, at) > text.rfind("}", 0, at):
            continue
        prev = text[text.rfind("\n", 0, at) + 1:at].strip()
        if not prev or prev[0] in "%{;" or prev[-1] == "}":
            continue
        return m.end()
    return 0


def _pieces(chunks: Iterable[str]) -> Iterator[tuple[str, int]]:
    """``(text, first line)`` pieces of the stream ``chunks``, each a run of whole games."""
    carry = ""
    line = 1
    for chunk in chunks:
        text = carry + chunk if carry else chunk
        cut = _last_cut(text, len(carry))
        if not cut:
            carry = text
            continue
        piece, carry = text[:cut], text[cut:]
        yield piece, line
        line += piece.count("\n")
    if carry:
        yield carry, line


def iter_stream(chunks: Iterable[str], source: str | None = None) -> Iterator[Board | BridgeError]:
    """Like :func:`iter_records` for a text given in pieces (``chunks``), read a run of
    games at a time: memory does not grow with the length of the text."""
    reader = _Reader("", source)
    outer = _LENIENT.get()
    found: list[tuple[str, int, str]] = [] if outer is None else outer
    for piece, line in _pieces(chunks):
        if line == 1:
            piece = piece.removeprefix("\ufeff")
        yield from _batched(reader.games(piece, line), source, found)
    if outer is None:
        warn_lenient(found, source)  # once for the whole stream, not once a piece


# ---------------------------------------------------------------------------
# games one at a time (validate-auction hands batches of games to worker processes)

# what only a reading of the whole text can follow across games: comments (which may
# hold blank lines), ``#`` inheritance, escapes; and irregularities, read as ever
_WHOLE_TEXT_CHARS = "{};#\\^"
_GAP = re.compile(r"\n[ \t\n]*\n")  # as _CUT: no memory a line
_BLANKISH = re.compile(r"\n[ \t]+\n")


def split_games(text: str) -> list[tuple[str, int]] | None:
    """The games of ``text`` as ``(text, first line)`` pairs, split at blank lines, for
    :func:`iter_game_records`; None when the text holds what only :func:`iter_records`
    can follow across games (comments, ``#`` inheritance, escapes). A game of only
    ``%`` lines gives no record; any other game gives exactly one."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = text.removeprefix("\ufeff")
    if any(ch in text for ch in _WHOLE_TEXT_CHARS):
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


def iter_game_records(games: Iterable[tuple[str, int]], source: str | None = None,
                      found: list[tuple[str, int, str]] | None = None) -> Iterator[Board | BridgeError]:
    """The records of games from :func:`split_games` (each ``(text, first line)``), in
    order, as :func:`iter_records` reads them. What is read leniently is warned about at
    the end, or added to ``found`` when given (a caller reading a file in pieces warns
    once for the whole file with :func:`warn_lenient`)."""
    reader = _Reader("", source)
    seen: list[tuple[str, int, str]] = [] if found is None else found

    def each() -> Iterator[Board | BridgeError]:
        for chunk, line in games:
            yield from reader.games(chunk, line)

    yield from _batched(each(), source, seen)
    if found is None and seen:
        warn_lenient(seen, source)


def iter_auction_records(text: str, source: str | None = None) -> Iterator[Board | BridgeError]:
    """The games of a PBN ``text`` in order, as :func:`iter_records` reads them, each a
    Board or the error that spoils it; read a game at a time with
    :func:`iter_game_records` where :func:`split_games` can cut the text."""
    games = split_games(text)
    if games is None:
        yield from iter_records(text, source=source)
    else:
        yield from iter_game_records(games, source)


def loads(text: str, source: str | None = None) -> list[Board]:
    """All boards of a PBN text. Raises the first game's error (ParseError or
    InvalidDealError)."""
    return _api.collect(iter_records(text, source))


def load(fp: IO[str], source: str | None = None) -> list[Board]:
    """All boards of an open PBN text file. Raises like :func:`loads`."""
    return loads(fp.read(), _api.file_source(fp, source))


# ---------------------------------------------------------------------------
# writing

#: The header lines of every file the writer emits.
HEADER = "% PBN 2.1\n% EXPORT\n"

_HOLD_TXT: list[str] = []  # 13-bit rank mask -> ranks, ace first
_BIT_BY_ID: dict[int, int] = {id(c): 1 << i for i, c in enumerate(DECK)}
_CARD_TXT_BY_ID: dict[int, str] = {id(c): str(c) for c in DECK}
_CALL_TXT_BY_ID: dict[int, str] = {id(b): str(b) for b in ALL_BIDS}
_CALL_TXT_BY_ID.update({id(PASS): "Pass", id(DOUBLE): "X", id(REDOUBLE): "XX"})
# the shared plain calls and cards the reader hands out, by identity
_ANN_TXT_BY_ID: dict[int, str] = {id(a): str(a.call) for a in _PLAIN_CALL.values()}
_PLAYED_TXT_BY_ID: dict[int, str] = {id(p): str(p) for p in _PLAIN_CARD.values()}
_SAFE_NAMES: set[str] = set()
_ESCAPED: dict[str, str] = {}  # tag value -> its text between the quotes
_NEEDS_ESCAPE = re.compile(r'["\\\n\r]')
_MTS_SET = frozenset(MTS_TAGS)
_SKIP_TAGS = _MTS_SET | STRUCTURED_TAGS


def _hold_table() -> list[str]:
    if not _HOLD_TXT:
        letters = "23456789TJQKA"
        _HOLD_TXT.extend("".join(letters[r] for r in range(12, -1, -1) if m >> r & 1) for m in range(8192))
    return _HOLD_TXT


def _deal_txt(deal: Deal, first: Seat) -> str:
    hold = _HOLD_TXT or _hold_table()
    hs = deal.hands
    parts = []
    for i in range(4):
        h = hs[(first + i) % 4]
        if h is None:
            parts.append("-")
            continue
        try:
            m = sum(map(_BIT_BY_ID.__getitem__, map(id, h.cards)))
        except KeyError:  # cards not from DECK
            m = sum(1 << c.index for c in h.cards)
        parts.append(f"{hold[m >> 39]}.{hold[m >> 26 & 8191]}.{hold[m >> 13 & 8191]}.{hold[m & 8191]}")
    return f"{'NESW'[first]}:{' '.join(parts)}"


def _esc(value: str, name: str) -> str:
    """``value`` ready to go between the quotes of a tag. Raises ParseError on a line break."""
    t = _ESCAPED.get(value)
    if t is not None:
        return t
    t = value
    if value[:1] == "#" and (value == "#" or value[:2] == "##"):
        raise ParseError(f"tag {name} value {value!r} would read back as PBN inheritance ('#' / '##')")
    if _NEEDS_ESCAPE.search(value):
        if "\n" in value or "\r" in value:
            raise ParseError(f"tag {name} holds a line break, which PBN cannot write: {value!r}")
        t = _ESCAPE.sub(r"\\\g<0>", value)
    if len(_ESCAPED) > 4096:
        _ESCAPED.clear()
    _ESCAPED[value] = t
    return t


def _call_txt(a: AnnotatedCall) -> str:
    if a.irregular == "S":
        return "^S"
    call = a.call
    t = _CALL_TXT_BY_ID.get(id(call))
    if t is None:
        t = "Pass" if isinstance(call, Pass) else str(call)
    if a.alert or a.note is not None or a.nags:
        if a.note is not None:
            t += f" ={a.note}="
        nags = sorted(set(a.nags) | ({1} if a.alert else set()))
        for n in nags:
            t += f" ${n}"
    if a.irregular:
        t = f"^{a.irregular} {t}"
    return t


def _card_txt(p: PlayedCard) -> str:
    c = p.card
    if c is None:
        t = "-"
    else:
        t = _CARD_TXT_BY_ID.get(id(c)) or str(c)
    if p.note is not None or p.nags:
        if p.note is not None:
            t += f" ={p.note}="
        for n in sorted(set(p.nags)):
            t += f" ${n}"
    if p.irregular:
        t = f"^{p.irregular} {t}"
    return t


def _note_lines(notes: Iterable[tuple[int, str]], out: list[str]) -> None:
    for n, text in sorted(notes):
        out.append(f'[Note "{n}:{_esc(text, "Note")}"]')


def board_text(b: Board) -> str:
    """One board in canonical PBN export style, lines ending with LF (no header).

    Rules for the mandatory tags: a missing Event, Site, Date, player or
    Scoring tag, board number, dealer, vulnerability or deal is written as
    ``"?"`` (unknown); with no contract, Declarer, Contract and Result are
    ``""``; a passed-out board has ``[Declarer ""]`` and ``[Result ""]``; a
    contract without declarer or result has ``"?"`` for them.
    Raises ParseError for a tag value or name PBN cannot hold, and for a board of a
    variant (talon, discards, dummies have no PBN tags; use YAML or JSON).
    """
    if type(b) is LazyBoard:
        same = _copy_text(b)
        if same is not None:
            return same  # read in the export style, and this is what the lines below write for it
    if b.variant is not None:
        raise ParseError(f"PBN cannot hold a {b.variant} board (its variant data has no PBN tags);"
                         " write YAML or JSON")
    tags = b.tags
    get = tags.get
    esc = _esc
    eg = _ESCAPED.get  # the text of a value seen before (esc() checks and adds new ones)
    dealer = b.dealer
    number = b.number
    if dealer is not None:
        eff = dealer
    elif b.auction_from is not None:
        eff = b.auction_from
    elif number:
        eff = Seat((number - 1) % 4)
    else:
        eff = None  # nobody says who dealt: the deal is written from N, the auction from "?"
    declarer_v, contract_v, result_v = _outcome_text(b.contract, b.result, get)
    vul = b.vulnerability
    deal_v = deal_text(b, eff or Seat.NORTH)
    if deal_v is None:
        deal = b.deal
        deal_v = _deal_txt(deal, eff or Seat.NORTH) if deal is not None else get("Deal", "?") and "?"
    head = (
        f'[Event "{(eg(v := get("Event", "?")) or esc(v, "Event"))}"]\n'
        f'[Site "{(eg(v := get("Site", "?")) or esc(v, "Site"))}"]\n'
        f'[Date "{(eg(v := get("Date", "?")) or esc(v, "Date"))}"]\n'
        f'[Board "{number if number is not None else _board_value(get("Board", "?"))}"]\n'
        f'[West "{(eg(v := get("West", "?")) or esc(v, "West"))}"]\n'
        f'[North "{(eg(v := get("North", "?")) or esc(v, "North"))}"]\n'
        f'[East "{(eg(v := get("East", "?")) or esc(v, "East"))}"]\n'
        f'[South "{(eg(v := get("South", "?")) or esc(v, "South"))}"]\n'
        f'[Dealer "{"NESW"[dealer] if dealer is not None else get("Dealer", "?") and "?"}"]\n'
        f'[Vulnerable "{("None", "NS", "EW", "All")[vul] if vul is not None else get("Vulnerable", "?") and "?"}"]\n'
        f'[Deal "{deal_v}"]\n'
        f'[Scoring "{(eg(v := get("Scoring", "?")) or esc(v, "Scoring"))}"]\n'
        f'[Declarer "{declarer_v}"]\n'
        f'[Contract "{contract_v}"]\n'
        f'[Result "{result_v}"]'
    )
    out = [head]
    if tags:
        for name in sorted(tags):
            if name in _SKIP_TAGS:
                continue
            if name not in _SAFE_NAMES:
                if not _NAME.match(name):
                    raise ParseError(f"tag name {name!r} is not a PBN name (letters, digits, '_')")
                if len(_SAFE_NAMES) < 10000:
                    _SAFE_NAMES.add(name)
            v = tags[name]
            out.append(f'[{name} "{eg(v) or esc(v, name)}"]')
    auction = b.auction
    if auction is not None:
        out.append(f'[Auction "{"NESW"[eff] if eff is not None else "?"}"]')
        got = list(map(_ANN_TXT_BY_ID.get, map(id, auction)))
        if None in got:
            got = [t if t is not None else _call_txt(a) for t, a in zip(got, auction)]
        toks: list[str] = got  # type: ignore[assignment]
        for i in range(0, len(toks), 4):
            out.append(" ".join(toks[i:i + 4]))
        if b.auction_end:
            out.append(b.auction_end)
        if b.auction_notes:
            _note_lines(b.auction_notes.items(), out)
    else:
        if get("Auction") is not None:
            out.append(f'[Auction "{get("Auction") and "?"}"]')
        if b.auction_notes:
            _note_lines(b.auction_notes.items(), out)
    play_v = play_text(b)
    play = None if play_v is not None else b.play
    if play_v is not None or play is not None or b.play_leader is not None:  # a leader alone is kept: [Play "W"]
        leader = b.play_leader
        out.append(f'[Play "{"NESW"[leader] if leader is not None else "?"}"]')
        if play_v:
            out.append(play_v[:-1])
        ptxt = _PLAYED_TXT_BY_ID.get
        for row in play or ():
            got = list(map(ptxt, map(id, row)))
            if None in got:
                out.append(" ".join([t if t is not None else _card_txt(p) for t, p in zip(got, row)]))
            else:
                out.append(" ".join(got))  # type: ignore[arg-type]
        if b.play_end:
            out.append(b.play_end)
        if b.play_notes:
            _note_lines(b.play_notes.items(), out)
    elif get("Play") is not None:
        out.append(f'[Play "{get("Play") and "?"}"]')
    if b.sections:
        for s in sorted(b.sections, key=lambda s: s.name):
            out.append(f'[{s.name} "{esc(s.header, s.name)}"]')
            for text in s.rows:
                text = text.strip()
                if text:
                    if "\n" in text or "\r" in text:
                        raise ParseError(f"a row of {s.name} holds a line break: {text!r}")
                    out.append(text)
    out.append("")
    text = "\n".join(out)
    return _place_comments(text, b.comments) if b.comments else text


def _board_value(v: str) -> str:
    """The Board tag of a board without number: "" kept, a label as read, else "?"."""
    return v if v in ("", "?") else "?" if _number_like(v) else _esc(v, "Board")


def _outcome_text(contract: Contract | None, result: int | None, get: Any) -> tuple[str, str, str]:
    """The Declarer, Contract and Result values written for a board (``get`` its tags' get).
    Raises ParseError for a kept tag value PBN cannot hold."""
    esc = _esc
    if contract is None:
        declarer_v = esc(get("Declarer", ""), "Declarer")
        contract_v = esc(get("Contract", ""), "Contract")
        result_v = esc(get("Result", ""), "Result") if result is None else str(result)
    else:
        d = contract.declarer
        declarer_v = "NESW"[d] if d is not None else ("" if contract.level == 0 else esc(get("Declarer", "?"), "D"))
        if d is not None and get("Declarer", "") == "^" + declarer_v:
            declarer_v = "^" + declarer_v  # declarer and dummy swapped (PBN 3.4.13)
        contract_v = contract.pbn
        if result is not None:
            result_v = str(result)
            if get("Result", "") == "^" + result_v:
                result_v = "^" + result_v
        else:
            result_v = esc(get("Result", "" if contract.level == 0 else "?"), "Result")
    return declarer_v, contract_v, result_v


_TAG_NAME = re.compile(r"\[([A-Za-z0-9_]+) ")


def _place_comments(text: str, comments: Iterable[tuple[str, str]]) -> str:
    """``text`` (a board as the writer makes it) with each comment on its own
    line(s) after the tag or section it belongs to; at the start for ``""``,
    at the end when that tag is not written."""
    lines = text.split("\n")[:-1]
    end_of: dict[str, int] = {}  # anchor -> index of the last line of its block
    anchor = ""
    for k, line in enumerate(lines):
        m = _TAG_NAME.match(line)
        if m is not None and not (m.group(1) == "Note" and anchor in ("Auction", "Play")):
            anchor = m.group(1)
        end_of[anchor] = k
    by_line: dict[int, list[str]] = {}
    for after, body in comments:
        if not (body[:1] in ("%", ";") and "\n" not in body) and not (
                body[:1] == "{" and body[-1:] == "}" and "}" not in body[1:-1]):
            raise ParseError(f"a PBN comment is '{{...}}', a '%' line or a ';' one, not {body[:80]!r}")
        by_line.setdefault(end_of.get(after, len(lines) - 1) if after else -1, []).append(body)
    out = by_line.get(-1, [])
    for k, line in enumerate(lines):
        out.append(line)
        out.extend(by_line.get(k, ()))
    out.append("")
    return "\n".join(out)


def iter_dumps(boards: Iterable[Board], crlf: bool = False) -> Iterator[str]:
    """Text chunks of ``boards`` in PBN export style: the header, then each
    board (an empty line before every board but the first). Raises ParseError
    for a value PBN cannot hold."""
    nl = "\r\n" if crlf else "\n"
    yield HEADER.replace("\n", nl)
    sep = ""
    for b in boards:
        text = board_text(b)
        if crlf:
            text = text.replace("\n", "\r\n")
        yield sep + text
        sep = nl


def dumps(boards: Iterable[Board], crlf: bool = False) -> str:
    """``boards`` as one PBN text (LF line ends, CRLF with ``crlf=True``)."""
    return "".join(iter_dumps(boards, crlf))


def dump(boards: Iterable[Board], fp: IO[str], crlf: bool = False) -> None:
    """Write ``boards`` as PBN to an open text file, in chunks."""
    _api.write_chunks(iter_dumps(boards, crlf), fp, gather=1 << 16)


# -- added for the JSON writer (session 8, issue #19); nothing above reads it -----------


def lazy_texts(board: LazyBoard) -> tuple[str | None, str | None, str | None]:
    """The parts of ``board`` that are still the text read: (the Deal value, from the seat
    it names first; the Auction rows in the writer's form, ``_CANON_AUCTION``, the end
    mark's line included; the Play rows in canonical form, ``_CANON_PLAY``, the end
    mark's line included), each None once that part is built (or set, or absent).
    Never raises, never builds a part."""
    return (board._deal_text if _GET_DEAL(board) is _PENDING else None,
            board._auction_text if _GET_AUCTION(board) is _PENDING else None,
            board._play_entry[3][0][1] if _GET_PLAY(board) is _PENDING else None)


# the slots' own getters, bound once (``_DEAL_SLOT.__get__`` makes a bound method a call)
_GET_DEAL, _GET_AUCTION, _GET_PLAY = _DEAL_SLOT.__get__, _AUCTION_SLOT.__get__, _PLAY_SLOT.__get__


# -- added for score FILE's batch (session 8, issue #19) -----------------------------------


def play_texts_many(boards: Iterable[object]) -> list[tuple[tuple[int, int, int, int], str] | None]:
    """(:func:`deal_masks`, :func:`play_text`) of each of ``boards`` when both are known and
    the record has a card, else None (also for anything else than a board): what a caller
    that converts the play texts of many boards at once (``score FILE``) takes, in one
    step a board. Never raises, never builds the Deal or the play."""
    out: list[tuple[tuple[int, int, int, int], str] | None] = []
    append = out.append
    play_of, deal_of, seat_of = _PLAY_SLOT.__get__, _DEAL_SLOT.__get__, _SEAT_OF
    for board in boards:
        if type(board) is not LazyBoard or play_of(board) is not _PENDING or deal_of(board) is not _PENDING:
            append(None)
            continue
        t: str = board._play_entry[3][0][1]
        if t[-2:] == "*\n":
            t = t[:-2]
        hands: tuple[int, int, int, int] | None
        try:
            kept = board._hands  # (kept by the reader)
        except AttributeError:
            hands = deal_masks(board)
        else:
            first = seat_of.get(board._deal_text[0])
            # the hands run from ``first``: turned to run from North (as deal_masks does)
            hands = kept[4 - first:] + kept[:4 - first] if first else kept  # type: ignore[assignment]
        append((hands, t) if t and hands is not None else None)
    return out


def rows_indices(text: str) -> bytes | None:
    """The card indices (``13 * suit + rank - 2``, a byte a card) of play rows written as the
    writer writes them, or of several such texts joined (each ending in a newline), or
    None when ``text`` is not of that form: a card (two characters) then a space or a
    newline, again and again. Never raises."""
    try:
        raw = text.encode("ascii")
    except UnicodeError:
        return None
    # (a separator other than a space or a newline, a character of no card; the separators
    # looked at in the bytes: a str sliced by 3 costs ten times as much)
    if len(raw) % 3 or raw[2::3].translate(None, b" \n") or raw.translate(None, b"CDHS23456789TJQKA \n"):
        return None
    try:
        flat = bytes.fromhex(raw.translate(_CARD_HEX_BYTES).decode("ascii"))
    except ValueError:
        return None
    # (white space in a card's place would be skipped by fromhex, giving fewer bytes)
    if 3 * len(flat) != len(text):
        return None
    flat = flat.translate(_HEX_INDEX)
    return None if 255 in flat else flat  # (255: a rank where the suit goes, say)
