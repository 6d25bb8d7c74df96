"""Reading a PBN text or stream: lines, tag pairs and comments into games, each game into a
Board or the error that spoils it (:class:`Reader`), and the public readers
(:func:`iter_records`, :func:`iter_stream`, :func:`loads` ...)."""

from __future__ import annotations

import gc
import re
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import IO

from bridgecli.core import fastpaths
from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError, ParseError, cut
from bridgecli.formats import plumbing
from bridgecli.formats.pbn.build import build_board
from bridgecli.formats.pbn.export import covers, export_board, export_groups, remember_export
from bridgecli.formats.pbn.tokens import (
    EMPTY_KEPT,
    KIND,
    LENIENT,
    MTS_TEXT,
    NAME_TOKEN,
    OPTIMUM_SCORE,
    TABLE_SECTIONS,
    Entry,
    lenient,
    warn_lenient,
)

#: Tags that may not use ``#``/``##`` inheritance (PBN §4.8).
_NO_INHERIT = frozenset({"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"})

# ---------------------------------------------------------------------------
# regular expressions

_TAG_LINE = re.compile(r'[ \t]*\[[ \t]*([A-Za-z0-9_]+)[ \t]+"([^"\\]*(?:\\.[^"\\]*)*)"[ \t]*\][ \t]*\Z')
_SPECIAL = re.compile(r'[\[\]"{};]')
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
# an unquoted tag value: words up to the closing "]" with no quote, brace, bracket or ";"
_UNQUOTED_END = re.compile(r'([^"\[\]{};]*)\]')

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
_UNESCAPE = re.compile(r'\\([\\"])')  # only \" and \\ are escapes; "\2R" stays as it is


def _unescape(value: str) -> str:
    return _UNESCAPE.sub(r"\1", value) if "\\" in value else value

# ``%`` lines the writer makes itself (version and export/import directives, PBN §2.4)
_OWN_DIRECTIVE = re.compile(r"%\s*(?:PBN\s+\d+\.\d+\s*|EXPORT\s*|IMPORT\s*)\Z", re.IGNORECASE)


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


class Reader:
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
        self._nested: tuple[str | None, bool] = (None, False)  # the last comment _nests was asked about

    @property
    def last(self) -> dict[str, str]:
        """The value of each tag in the latest good game that had it (what a later ``#``
        takes). A game read the export way adds its values only when this is next asked
        for: most texts never ask."""
        g = self._last_export
        if g is not None:
            self._last_export = None
            remember_export(self._last, g)
        return self._last

    # -- splitting ---------------------------------------------------------

    def games(self, text: str | None = None, first_line: int = 1) -> Iterator[Board | BridgeError]:
        """Every game of the text (or of ``text``, a piece of a stream whose first line
        is ``first_line``), as a Board or the error that spoils it."""
        if text is None:
            text = self.text
        elif "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        if "{" in text or not fastpaths.ON:
            # brace comments may hold blank lines: go line by line; and so does the general path, with the
            # fast lanes off (the export style read whole, a game's tags read by one regular expression)
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
        export = export_groups
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
                    board = export_board(g, game)
                    if board is not None:
                        before = self._last_export
                        if before is not None and not covers(g, before):
                            remember_export(self._last, before)  # (a tag of the game before that this one lacks)
                        self._last_export = g
                        yield board
                        continue
            for j in range(counted, start):  # (a chunk before another ends before its last newline)
                line += chunks[j].count("\n") + (2 if gaps is None else 1 + gaps[j])
            counted = start
            yield from self._fast_game(chunk, line)

    def _fast_game(self, chunk: str, first_line: int) -> Iterator[Board | BridgeError]:
        inherit = bool(self.defaults) or '"#' in chunk
        entries: list[Entry] = []  # every tag when inheriting, else the ones _build must look at
        tags: dict[str, str] = {}
        unknown: list[str] = []  # mandatory tags given as "?": not kept, but what a later "#" takes
        kinds = KIND
        for name, value, data, other in _GAME_TAGS.findall(chunk):
            if not name:
                break  # another kind of line or a % line (kept as commentary): read the game line by line
            if "\\" in value:
                value = _UNESCAPE.sub(r"\1", value)
            if data:
                if _DATA_SPECIAL.search(data) or "%" in data:
                    break
                entries.append([name, value, None, [(None, data)] if data else None])
            elif not inherit and (name == "OptimumScore" or not value and name in EMPTY_KEPT) and name not in tags \
                    and all(e[0] != name for e in entries):
                # a tag _build would put among the plain ones: here, in the file's order
                if value and value != "?" and OPTIMUM_SCORE.match(value) is None:
                    break  # (a bad OptimumScore: the general path words the error)
                tags[name] = value
            elif inherit or name in kinds or name in tags or name in TABLE_SECTIONS or name == "OptimumScore":
                entries.append([name, value, None, None])
            elif value != "?" or name not in MTS_TEXT:
                tags[name] = value
            else:
                unknown.append(name)
        else:
            if not entries and not tags and not unknown:
                return
            try:
                if inherit:
                    self._inherit(entries)
                board = build_board(entries, tags)
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
        entries: list[Entry] = []
        comments: list[tuple[int, str]] = []  # (number of tags before it, text) of each comment kept
        brace: list[str] = []  # the lines of an open brace comment so far
        self._brace = brace
        cur: Entry | None = None
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
        self, line: str, i: int, entries: list[Entry], cur: Entry | None, pending: list[object] | None,
        comments: list[tuple[int, str]],
    ) -> tuple[Entry | None, list[object] | None, int]:
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
                if m.group() == "}" and pending is None and comments and self._nests(comments[-1][1]):
                    # the "}" of a comment written as if comments nested ({... {...} ...}):
                    # the comment ended at the first "}" (PBN 3.8), this one closes nothing
                    lenient("brace", i, "'}' with no comment open ignored (a comment holds '{'; "
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
                    lenient("unquoted", i, f"tag value without quotes, read as {cut(value, 60)!r} "
                                            '(PBN 3.2 wants "...")')
                elif kind == "word" and pending[1] is None:
                    if not NAME_TOKEN.match(m.group()):
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

    def _nests(self, comment: str) -> bool:
        """Whether ``comment`` holds more than one '{' (remembered for the last comment asked
        about: a run of stray '}' after one comment counted its braces once each, which took
        25 s for 200 KB)."""
        last, nests = self._nested
        if last is not comment:
            nests = comment.count("{") > 1
            self._nested = (comment, nests)
        return nests

    @staticmethod
    def _board_tag(entries: list[Entry]) -> str | None:
        for e in entries:
            if e[0] == "Board":
                return e[1]  # type: ignore[no-any-return]
        return None

    def _error(self, message: str, line: int | None, entries: list[Entry]) -> ParseError:
        return ParseError(message, source=self.source, line=line, board=self._board_tag(entries))

    # -- building ----------------------------------------------------------

    def _inherit(self, entries: list[Entry]) -> None:
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

    def _remember(self, entries: list[Entry]) -> None:
        """Keep this game's values for a later ``#``."""
        last = self.last
        for e in entries:
            last[e[0]] = e[1]

    def _board(self, entries: list[Entry], comments: list[tuple[int, str]] | None = None) -> Board | BridgeError:
        line: int | None = entries[0][2]
        try:
            self._inherit(entries)
            board = build_board(entries, {}, comments)
        except BridgeError as exc:
            return exc.located(source=self.source, line=line, board=self._board_tag(entries))
        self._remember(entries)
        return board



def iter_records(text: str, source: str | None = None) -> Iterator[Board | BridgeError]:
    """Every game of a PBN text in order: a :class:`Board`, or the error
    (ParseError / InvalidDealError with ``source``, ``line`` and ``board``)
    that spoils that game; reading goes on with the next game.
    An empty text (or one of comments only) yields nothing."""
    return batched_games(Reader(text, source).games(), source)


def batched_games(games: Iterator[Board | BridgeError], source: str | None,
             found: list[tuple[str, int, str]] | None = None) -> Iterator[Board | BridgeError]:
    """``games`` read 500 at a time with the garbage collector paused. What is read
    leniently goes to ``found`` (given by :func:`iter_stream`, which warns once at the
    end), else to the list of a caller's :func:`lenient_into`, else it is warned about
    here when the games run out."""
    own = False
    if found is None:
        outer = LENIENT.get()  # a caller reading game by game (lenient_into) warns for the whole file
        own = outer is None
        found = [] if outer is None else outer  # one warning a kind at the end
    while True:
        # Reading allocates many small objects that all stay alive; the cyclic
        # garbage collector would scan them again and again for nothing, so
        # it is paused while a batch is read (never while the caller runs).
        was_enabled = gc.isenabled()
        gc.disable()
        sink = LENIENT.set(found)
        try:
            batch = list(islice(games, 500))
        finally:
            LENIENT.reset(sink)
            if was_enabled:
                gc.enable()
        if not batch:
            if own:
                warn_lenient(found, source)
            return
        yield from batch


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


def stream_pieces(chunks: Iterable[str]) -> Iterator[tuple[str, int]]:
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
    reader = Reader("", source)
    outer = LENIENT.get()
    found: list[tuple[str, int, str]] = [] if outer is None else outer
    for piece, line in stream_pieces(chunks):
        if line == 1:
            piece = piece.removeprefix("\ufeff")
        yield from batched_games(reader.games(piece, line), source, found)
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
    reader = Reader("", source)
    seen: list[tuple[str, int, str]] = [] if found is None else found

    def each() -> Iterator[Board | BridgeError]:
        for chunk, line in games:
            yield from reader.games(chunk, line)

    yield from batched_games(each(), source, seen)
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
    return plumbing.collect(iter_records(text, source))


def load(fp: IO[str], source: str | None = None) -> list[Board]:
    """All boards of an open PBN text file. Raises like :func:`loads`."""
    return loads(fp.read(), plumbing.file_source(fp, source))
