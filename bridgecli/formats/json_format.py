"""JSON boards: the schema of :mod:`bridgecli.formats.schema`, one object a line.

Output is JSON Lines: one board object per line, keys in schema order, UTF-8
text (no ``\\u`` escapes). An empty list of boards is written as ``[]``.
Input may be JSON Lines (also concatenated, pretty-printed objects), one
JSON array of boards, or an object ``{"boards": [...]}``.

Errors carry the line where the bad record starts (the line of the syntax
error for malformed JSON). In JSON Lines a bad line does not stop reading:
reading goes on at the next line that starts with ``{``.

Every shape streams (issue #19, :func:`iter_stream`): JSON Lines a run of lines
at a time, pretty-printed objects an object at a time, an array and the array
of a ``boards`` object an item at a time.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping
from typing import IO, Any

from bridgecli.core import fastpaths
from bridgecli.core.board import AnnotatedCall, Board
from bridgecli.core.cards import Seat, Vulnerability
from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.formats import plumbing

from . import schema

_WS = re.compile(r"[ \t\r\n]*")
class _DuplicateKey(Exception):
    """A JSON object names the same key twice."""


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return out


_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates)
_RECORD_START = re.compile(r"^\{", re.MULTILINE)


class _Lines:
    """Line numbers of offsets in a text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._pos = 0
        self._line = 1

    def line(self, offset: int) -> int:
        if offset < self._pos:
            self._pos, self._line = 0, 1
        self._line += self.text.count("\n", self._pos, offset)
        self._pos = offset
        return self._line


def _error_text(e: ValueError | RecursionError) -> str:
    """What the decoder's other errors say (a number of more digits than Python converts:
    its advice to a programmer left out)."""
    if isinstance(e, RecursionError):
        return "nested too deeply"
    return str(e).lower().partition("; use sys.set_int_max_str_digits()")[0]


def _decode(text: str, pos: int, source: str | None, lines: _Lines) -> tuple[object, int]:
    """One JSON value at ``pos``: (value, end). Raises ParseError (never a json error)."""
    try:
        value, end = _DECODER.raw_decode(text, pos)
    except json.JSONDecodeError as e:
        raise ParseError(f"json syntax error: {e.msg.lower()}", source=source, line=e.lineno, column=e.colno) from None
    except _DuplicateKey as e:
        raise ParseError(f"key {e.args[0]!r} given twice", source=source, line=lines.line(pos)) from None
    except (ValueError, RecursionError) as e:
        raise ParseError(f"json error: {_error_text(e)}", source=source, line=lines.line(pos)) from None
    return value, int(end)


def _record(data: object, line: int, source: str | None) -> Board | BridgeError:
    try:
        return schema.from_dict(data)
    except BridgeError as e:
        return e.located(source=source, line=line, board=schema.board_label(data))


def _array(text: str, pos: int, lines: _Lines, source: str | None) -> Iterator[Board | BridgeError]:
    """Records of a JSON array starting at ``text[pos] == '['``; stops at a syntax error."""
    pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
    if text.startswith("]", pos):
        end = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
        if end != len(text):
            yield ParseError("json syntax error: extra data after the array", source=source, line=lines.line(end))
        return
    while True:
        try:
            data, end = _decode(text, pos, source, lines)
        except ParseError as e:
            yield e
            return
        yield _record(data, lines.line(pos), source)
        pos = _WS.match(text, end).end()  # type: ignore[union-attr]
        if text.startswith(",", pos):
            pos = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
            continue
        if text.startswith("]", pos):
            end = _WS.match(text, pos + 1).end()  # type: ignore[union-attr]
            if end != len(text):
                yield ParseError("json syntax error: extra data after the array", source=source, line=lines.line(end))
            return
        yield ParseError("json syntax error: expected ',' or ']' in the array", source=source, line=lines.line(pos))
        return


_BOARDS_KEY = re.compile(r'\{\s*"boards"\s*:\s*(?=\[)')


def iter_records(text: str, source: str | None = None) -> Iterator[Board | BridgeError]:
    """Every board of a JSON text in order; a bad record is yielded as its error.

    An empty text is an error (no boards); ``[]`` is an empty list of boards.
    """
    text = text.lstrip("\ufeff")
    lines = _Lines(text)
    pos = _WS.match(text).end()  # type: ignore[union-attr]
    if pos == len(text):
        yield ParseError("empty input: no boards", source=source, line=1)
        return
    if text.startswith("[", pos):
        yield from _array(text, pos, lines, source)
        return
    m = _BOARDS_KEY.match(text, pos)
    if m:
        # {"boards": [...]}: the array's items, then the closing brace
        try:
            _, array_end = _decode(text, m.end(), source, lines)
        except ParseError:
            yield from _array(text, m.end(), lines, source)  # reports the error where it is
            return
        yield from _array(text[:array_end], m.end(), lines, source)
        rest = _WS.match(text, array_end).end()  # type: ignore[union-attr]
        if not text.startswith("}", rest) or _WS.match(text, rest + 1).end() != len(text):  # type: ignore[union-attr]
            yield ParseError("a 'boards' object holds nothing else", source=source, line=lines.line(rest))
        return
    # JSON Lines (or concatenated objects)
    while pos < len(text):
        start_line = lines.line(pos)
        try:
            data, end = _decode(text, pos, source, lines)
        except ParseError as e:
            yield e
            nxt = _RECORD_START.search(text, text.find("\n", pos) + 1 if "\n" in text[pos:] else len(text))
            if nxt is None:
                return
            pos = nxt.start()
            continue
        yield _record(data, start_line, source)
        pos = _WS.match(text, end).end()  # type: ignore[union-attr]


def iter_stream(chunks: Iterable[str], source: str | None = None) -> Iterator[Board | BridgeError]:
    """Like :func:`iter_records` for a text given in pieces (``chunks``), in memory that
    does not grow with the number of boards. JSON Lines is read a run of lines at a
    time while every line is one whole object; from the first line that is not
    (pretty-printed objects), an object at a time (:func:`_objects_stream`). An array,
    and the array of a ``boards`` object, are read an item at a time (:func:`_items`)."""
    from bridgecli.formats.stream import lines_of, peek

    head, rest = peek(chunks)
    start = head.lstrip("\ufeff \t\r\n")
    if start.startswith("["):
        yield from _array_stream(rest, source)
        return
    if not start.startswith("{"):
        yield from iter_records("".join(rest), source)
        return
    boards, rest = _is_boards_object(rest)
    if boards:
        yield from _boards_stream(rest, source)
        return
    line = 1
    any_record = False
    pieces = lines_of(rest)
    for piece in pieces:
        if not _one_object_a_line(piece):
            # the piece's list of lines is gone by now: _objects_stream holds a piece at most
            yield from _objects_stream(_chain([piece], pieces), source, line)
            return
        if not piece.isspace():
            any_record = True
            bad = yield from _whole_objects(piece, source, line)
            if bad >= 0:
                # an object that does not decode may go on past the piece, and after its error
                # reading goes on at the next line starting with "{", maybe in a later piece
                column = bad - piece.rfind("\n", 0, bad) - 1
                yield from _objects_stream(_chain([piece[bad:]], pieces), source,
                                           line + piece.count("\n", 0, bad), column)
                return
        line += piece.count("\n")
    if not any_record:
        yield ParseError("empty input: no boards", source=source, line=1)


def _one_object_a_line(piece: str) -> bool:
    """Whether every line of ``piece`` that is not blank starts with ``{`` and ends with ``}``."""
    for one in piece.split("\n"):
        one = one.strip()
        if one and not (one[0] == "{" and one[-1] == "}"):
            return False
    return True


def _whole_objects(text: str, source: str | None, line: int) -> Generator[Board | BridgeError, None, int]:
    """The records of ``text`` (lines each holding whole objects, the first line numbered
    ``line``), as :func:`iter_records` reads JSON Lines, up to the first object that does
    not decode: returns where it starts (-1: every one did)."""
    lines = _Lines(text)
    pos = _WS.match(text).end()  # type: ignore[union-attr]
    while pos < len(text):
        try:
            data, end = _DECODER.raw_decode(text, pos)
        except (ValueError, RecursionError, _DuplicateKey):
            return pos
        yield _record(data, line - 1 + lines.line(pos), source)
        pos = _WS.match(text, end).end()  # type: ignore[union-attr]
    return -1


def _chain(first: list[str], rest: Iterator[str]) -> Iterator[str]:
    yield from first
    yield from rest


# a prefix of what _BOARDS_KEY matches, up to the end of the text read so far
_BOARDS_KEY_START = re.compile(r'\{\s*(?:"(?:b(?:o(?:a(?:r(?:d(?:s(?:"\s*(?::\s*)?)?)?)?)?)?)?)?)?\Z')


def _is_boards_object(chunks: Iterable[str]) -> tuple[bool, Iterator[str]]:
    """Whether the text of ``chunks`` (white space and a "{" first) is a ``boards`` object,
    as :func:`iter_records` tells; and an iterator over all of ``chunks`` again."""
    from bridgecli.formats.stream import peek_until

    def key_at(text: str) -> tuple[bool, bool]:
        """(a ``"boards":`` key opens the object, the text so far can tell)"""
        pos = _WS.match(text, len(text) - len(text.lstrip("\ufeff"))).end()  # type: ignore[union-attr]
        found = _BOARDS_KEY.match(text, pos) is not None
        return found, found or (pos < len(text) and not _BOARDS_KEY_START.match(text, pos))

    text, again = peek_until(chunks, lambda text: key_at(text)[1])
    return key_at(text)[0], again


class _Buffer:
    """The unread part of a text given in pieces: :attr:`text` from line :attr:`line`
    on, its first character in column :attr:`column` + 1 of that line."""

    def __init__(self, chunks: Iterable[str], line: int = 1) -> None:
        self.chunks = iter(chunks)
        self.text = ""
        self.line = line
        self.column = 0
        self.lines = _Lines("")

    def more(self) -> bool:
        """Append the next piece; False at the end of the input."""
        chunk = next(self.chunks, None)
        if chunk is None:
            return False
        self.text += chunk
        self.lines.text = self.text
        return True

    def skip_ws(self, pos: int) -> int:
        """The first position at or after ``pos`` that is not white space (reading on as
        needed); ``len(text)`` at the end of the input."""
        while True:
            pos = _WS.match(self.text, pos).end()  # type: ignore[union-attr]
            if pos < len(self.text) or not self.more():
                return pos

    def line_of(self, pos: int) -> int:
        return self.line + self.lines.line(pos) - 1

    def drop(self, pos: int) -> int:
        """Forget the text before ``pos`` (once that is a good part of the text: cutting
        copies the rest); the new ``pos``."""
        if pos < 1 << 16 and pos * 2 < len(self.text):
            return pos
        newlines = self.text.count("\n", 0, pos)
        if newlines:
            self.line += newlines
            self.column = pos - self.text.rfind("\n", 0, pos) - 1
        else:
            self.column += pos
        self.text = self.text[pos:]
        self.lines = _Lines(self.text)
        return 0

    def decode(self, pos: int, source: str | None) -> tuple[object, int]:
        """One JSON value at ``pos`` (reading on while the value may go on in the next
        piece): (value, end). Raises ParseError, worded and placed as :func:`_decode`."""
        while True:
            try:
                value, end = _DECODER.raw_decode(self.text, pos)
            except json.JSONDecodeError as e:
                # an error on the last line read may be the piece's end: read on (a JSON
                # value has no newline in a string, and no other error looks past its line)
                if self.text.find("\n", e.pos) < 0 and self.more():
                    continue
                raise ParseError(f"json syntax error: {e.msg.lower()}", source=source, line=self.line + e.lineno - 1,
                                 column=e.colno + (self.column if e.lineno == 1 else 0)) from None
            except _DuplicateKey as e:
                raise ParseError(f"key {e.args[0]!r} given twice", source=source, line=self.line_of(pos)) from None
            except (ValueError, RecursionError) as e:
                raise ParseError(f"json error: {_error_text(e)}", source=source, line=self.line_of(pos)) from None
            if end == len(self.text) and isinstance(value, (int, float)) and self.more():
                continue  # a number may go on in the next piece
            return value, int(end)


def _start(chunks: Iterable[str]) -> tuple[_Buffer, int]:
    """A buffer over ``chunks`` (a byte order mark dropped) and its first position that is not white space."""
    buf = _Buffer(chunks)
    while buf.more():
        buf.text = buf.text.lstrip("\ufeff")
        buf.lines.text = buf.text
        if buf.text:
            break
    return buf, buf.skip_ws(0)


def _items(buf: _Buffer, pos: int, source: str | None) -> Generator[Board | BridgeError, None, int]:
    """The records of the JSON array at ``buf.text[pos] == "["``, an item at a time, as
    :func:`_array` yields them; returns the position after its "]" (-1 after an error)."""
    pos = buf.skip_ws(pos + 1)
    if buf.text.startswith("]", pos):
        return pos + 1
    while True:
        try:
            data, end = buf.decode(pos, source)
        except ParseError as e:
            yield e
            return -1
        yield _record(data, buf.line_of(pos), source)
        pos = buf.skip_ws(end)
        if buf.text.startswith(",", pos):
            pos = buf.skip_ws(buf.drop(pos + 1))
            continue
        if buf.text.startswith("]", pos):
            return pos + 1
        yield ParseError("json syntax error: expected ',' or ']' in the array", source=source,
                         line=buf.line_of(pos))
        return -1


def _array_stream(chunks: Iterable[str], source: str | None) -> Iterator[Board | BridgeError]:
    """The records of one JSON array given in pieces, an item at a time: what
    :func:`_array` yields for the whole text, in memory that does not grow with the
    number of items (also when it is written on one line)."""
    buf, pos = _start(chunks)
    end = yield from _items(buf, pos, source)
    if end >= 0:  # after the closing "]": only white space
        pos = buf.skip_ws(buf.drop(end))
        if pos < len(buf.text):
            yield ParseError("json syntax error: extra data after the array", source=source, line=buf.line_of(pos))


def _boards_stream(chunks: Iterable[str], source: str | None) -> Iterator[Board | BridgeError]:
    """The records of a ``{"boards": [...]}`` object given in pieces, a board at a time,
    as :func:`iter_records` reads the whole text."""
    buf, pos = _start(chunks)
    m = _BOARDS_KEY.match(buf.text, pos)
    while m is None and buf.more():
        m = _BOARDS_KEY.match(buf.text, pos)
    assert m is not None  # told by _is_boards_object
    end = yield from _items(buf, m.end(), source)
    if end >= 0:
        rest = buf.skip_ws(buf.drop(end))
        if not buf.text.startswith("}", rest) or buf.skip_ws(rest + 1) != len(buf.text):
            yield ParseError("a 'boards' object holds nothing else", source=source, line=buf.line_of(rest))


def _objects_stream(chunks: Iterable[str], source: str | None, line: int,
                    column: int = 0) -> Iterator[Board | BridgeError]:
    """The records of JSON objects one after another (pretty-printed, or JSON Lines) given
    in pieces, the first on line ``line`` after ``column`` characters, an object at a time,
    as the JSON Lines part of :func:`iter_records` reads them: after a bad object, reading
    goes on at the next line that starts with "{"."""
    buf = _Buffer(chunks, line)
    buf.column = column
    buf.more()
    if line == 1:
        buf.text = buf.text.lstrip("\ufeff")
        buf.lines.text = buf.text
    pos = buf.skip_ws(0)
    while pos < len(buf.text):
        start_line = buf.line_of(pos)
        try:
            data, end = buf.decode(pos, source)
        except ParseError as e:
            yield e
            pos = _next_record(buf, pos)
            if pos < 0:
                return
            continue
        yield _record(data, start_line, source)
        pos = buf.skip_ws(buf.drop(end))


def _next_record(buf: _Buffer, pos: int) -> int:
    """The start of the first line after the one at ``pos`` that starts with "{" (-1: none)."""
    while (nl := buf.text.find("\n", pos)) < 0:
        pos = buf.drop(pos)
        if not buf.more():
            return -1
    pos = buf.drop(nl + 1)
    while (m := _RECORD_START.search(buf.text, pos)) is None:
        # on from the start of the last line read (cut there, so that "^" is a line's start)
        pos = buf.drop(max(pos, buf.text.rfind("\n") + 1))
        if not buf.more():
            return -1
    return m.start()


def loads(text: str, source: str | None = None) -> list[Board]:
    """All boards of a JSON text. Raises the first ParseError/RuleError."""
    return plumbing.collect(iter_records(text, source))


def load(fp: IO[str], source: str | None = None) -> list[Board]:
    """All boards of an open JSON text file."""
    return loads(fp.read(), plumbing.file_source(fp, source))


_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})

# -- the JSON of a board written by hand --------------------------------------
# ``_ENCODE(schema.to_dict(board))`` builds a dict of lists of strings and has the
# encoder walk it; for the fields every board has, the text is put together here
# instead, a field at a time, in the same key order, with the same separators
# (", " and ": ") and the same string escapes (json's own encode_basestring, which
# the encoder uses with ensure_ascii=False). A board with anything else (sections,
# comments, a variant) goes the general way.

_QUOTE: Callable[[str], str] = json.encoder.encode_basestring
# The caches of this writer (values repeat from board to board), each emptied past a bound;
# keyed by identity where a dataclass hash would cost twice the lookup on every call and card.
_TAG_JSON: dict[tuple[str, str], str] = {}  # (name, value) of a tag -> its JSON (names and players repeat)
_SEAT_JSON = tuple(f'"{s.letter}"' for s in Seat)
_VUL_JSON = tuple(f'"{v.pbn}"' for v in Vulnerability)
_TOKEN_JSON: dict[int, str] = {}  # id of a shared plain call or card (schema.PLAIN_OUT) -> its JSON
# id of another call or card written lately -> (it, its JSON): the PBN reader shares the
# annotated calls it reads in the writer's form (``1NT =1= $1``); each kept alive while here,
# so that its id is no other object's; at most _LATELY_MAX entries
_LATELY_JSON: dict[int, tuple[Any, str]] = {}
_CONTRACT_JSON: dict[int, tuple[Any, str]] = {}  # the same for contracts (the PBN reader shares them)
_LATELY_MAX = 1024


def _tag_json(item: tuple[str, str]) -> str:
    """``"name": "value"`` of a tag (names and values repeat from board to board: kept)."""
    t = _TAG_JSON.get(item)
    if t is None:
        name, value = item
        t = f"{_QUOTE(name)}: {_QUOTE(value)}"
        if len(_TAG_JSON) > 4096:
            _TAG_JSON.clear()
        _TAG_JSON[item] = t
    return t


def _token_json(item: Any) -> str:
    """The JSON of a call or card of an auction or play, as to_dict writes it."""
    key = id(item)
    t = _TOKEN_JSON.get(key)
    if t is not None:
        return t
    if key in schema.PLAIN_OUT:  # a shared token (kept alive by schema): its text is kept
        out = schema.PLAIN_OUT[key]
        t = _TOKEN_JSON[key] = "null" if out is None else _ENCODE(out)  # (None: the unknown card)
        return t
    lately = _LATELY_JSON.get(key)
    if lately is not None:
        return lately[1]
    t = _ENCODE(schema.call_out(item) if isinstance(item, AnnotatedCall) else schema.card_out(item))
    if len(_LATELY_JSON) >= _LATELY_MAX:
        _LATELY_JSON.clear()
    _LATELY_JSON[key] = (item, t)
    return t


def _tokens_json(items: Iterable[Any]) -> str:
    get = _TOKEN_JSON.get
    got = list(map(get, map(id, items)))
    if None in got:
        got = [t if t is not None else _token_json(a) for t, a in zip(got, items)]
    return f"[{', '.join(got)}]"  # type: ignore[arg-type]


_SEAT_INDEX = {s.letter: int(s) for s in Seat}
# a call of auction rows in the writer's form, its marks joined by NUL ("1NT\0=1=\0$1") -> its JSON
_UNIT_JSON: dict[str, str] = {}


def _rows_json(rows: str) -> str:
    """The JSON of the calls of auction rows in the PBN writer's form (``pbn.canon.CANON_AUCTION``:
    lines ending in LF, a call with at most a note and a NAG, an end mark on a line of
    its own), as to_dict writes the calls the reader builds from them."""
    if rows[-2:] in ("*\n", "+\n"):
        rows = rows[:-2]  # the end mark: a field of its own
    if not rows:
        return "[]"
    if "=" not in rows and "$" not in rows:
        # plain calls, written as the writer spells them: "Pass", "X", "XX", "1NT"
        return '["' + rows[:-1].replace("\n", " ").replace(" ", '", "') + '"]'
    units = rows.replace(" =", "\0=").replace(" $", "\0$").split()
    try:
        return "[" + ", ".join(map(_UNIT_JSON.get, units)) + "]"  # type: ignore[arg-type]
    except TypeError:  # a call not seen lately (None)
        return "[" + ", ".join(map(_unit_json, units)) + "]"


def _unit_json(unit: str) -> str:
    """The JSON of a call of :func:`_rows_json` (kept: notes and NAGs repeat)."""
    t = _UNIT_JSON.get(unit)
    if t is not None:
        return t
    from bridgecli.formats.pbn.canon import canon_calls_of

    (call,) = canon_calls_of(unit.replace("\0", " "))
    t = _ENCODE(schema.call_out(call))
    if len(_UNIT_JSON) >= 4096:
        _UNIT_JSON.clear()
    _UNIT_JSON[unit] = t
    return t


def _notes_json(notes: Mapping[int, str]) -> str:
    """The JSON of a board's notes, as to_dict gives them (the numbers as keys)."""
    if all(type(k) is int and type(v) is str for k, v in notes.items()):
        return "{" + ", ".join([f'"{k}": {_QUOTE(v)}' for k, v in notes.items()]) + "}"
    return _ENCODE({int(k): v for k, v in notes.items()})  # a caller's own values: the encoder words them


def board_json(board: Board) -> str:
    """The JSON text of ``board`` (no newline): byte for byte ``json.dumps`` of
    :func:`schema.to_dict` with the options of this writer, built field by field."""
    if not fastpaths.ON or board.sections or board.comments or board.variant is not None or board.extra:
        return _ENCODE(schema.to_dict(board))  # (the general path; the rest is a fast lane)
    tags = board.tags
    if "OptimumScore" in tags or "OpeningLeads" in tags or "DoubleDummyPosition" in tags:  # may be a field of
        # solve's findings (schema.to_dict: formats.findings)
        return _ENCODE(schema.to_dict(board))
    number = board.number
    result = board.result
    if (number is not None and type(number) is not int) or (result is not None and type(result) is not int):
        return _ENCODE(schema.to_dict(board))  # an int subclass: the encoder words it
    if "pbn" not in schema.SHARED_FROM:
        schema.shared_tokens()  # as to_dict does: the PBN reader's shared tokens are known
    out: list[str] = []
    add = out.append
    dealer = board.dealer
    vul = board.vulnerability
    if number is not None and dealer is not None and vul is not None:  # (the commonest: one piece)
        add(f'"board": {number}, "dealer": {_SEAT_JSON[dealer]}, "vulnerable": {_VUL_JSON[vul]}')
    else:
        if number is not None:
            add(f'"board": {number}')
        if dealer is not None:
            add(f'"dealer": {_SEAT_JSON[dealer]}')
        if vul is not None:
            add(f'"vulnerable": {_VUL_JSON[vul]}')
    deal_v = auction_v = play_v = None
    if type(board) is not Board:
        texts = getattr(board, "source_texts", None)  # a LazyBoard of the PBN reader: parts still text
        if texts is not None:
            deal_v, auction_v, play_v = texts()
    if deal_v is not None:
        hands = deal_v[2:].split(" ")  # canonical hands from the seat named first: nothing to escape
        first = _SEAT_INDEX[deal_v[0]]
        if first:
            hands = hands[4 - first:] + hands[:4 - first]
        n, e, s, w = hands
        add(f'"deal": {{"N": "{n}", "E": "{e}", "S": "{s}", "W": "{w}"}}')
    elif board.deal is not None:
        add('"deal": ' + _ENCODE({seat.letter: None if hand is None else hand.to_pbn() for seat, hand in board.deal}))
    if board.auction_from is not None:
        add(f'"auction_from": {_SEAT_JSON[board.auction_from]}')
    if auction_v is not None:
        add('"auction": ' + _rows_json(auction_v))
    elif board.auction is not None:
        add('"auction": ' + _tokens_json(board.auction))
    if board.auction_end:
        add('"auction_end": ' + _QUOTE(board.auction_end))
    if board.auction_notes:
        add('"auction_notes": ' + _notes_json(board.auction_notes))
    contract = board.contract
    if contract is not None:
        lately = _CONTRACT_JSON.get(id(contract))
        if lately is None:
            t = f'"contract": "{contract.pbn}"'
            if contract.declarer is not None:
                t += f', "declarer": {_SEAT_JSON[contract.declarer]}'
            if len(_CONTRACT_JSON) >= _LATELY_MAX:
                _CONTRACT_JSON.clear()
            lately = _CONTRACT_JSON[id(contract)] = (contract, t)
        add(lately[1])
    if result is not None:
        add(f'"result": {result}')
    if board.play_leader is not None:
        add(f'"play_leader": {_SEAT_JSON[board.play_leader]}')
    if play_v is not None:
        # canonical rows, a trick a line, the cards one space apart; the end mark's line not a row
        if play_v[-2:] == "*\n":
            play_v = play_v[:-2]
        add('"play": [["' + play_v[:-1].replace(" ", '", "').replace("\n", '"], ["') + '"]]' if play_v
            else '"play": []')
    elif board.play is not None:
        add('"play": [' + ", ".join(map(_tokens_json, board.play)) + "]")
    if board.play_end:
        add('"play_end": ' + _QUOTE(board.play_end))
    if board.play_notes:
        add('"play_notes": ' + _notes_json(board.play_notes))
    if tags:
        try:
            add('"tags": {' + ", ".join(map(_TAG_JSON.get, tags.items())) + "}")  # type: ignore[arg-type]
        except TypeError:  # a tag not seen lately (None), or not str (a caller's own board)
            try:
                add('"tags": {' + ", ".join(map(_tag_json, tags.items())) + "}")
            except TypeError:  # not str: the encoder says what it makes of it
                return _ENCODE(schema.to_dict(board))
    return "{" + ", ".join(out) + "}"


def dump_board(board: Board) -> str:
    """One board as one line of JSON (with the newline).

    Text is UTF-8 except the Unicode line breaks U+0085, U+2028 and U+2029,
    written as escapes so that no line-splitting tool cuts a record.
    """
    text = board_json(board)
    if "\x85" in text or "\u2028" in text or "\u2029" in text:  # rare: str.translate is slow
        text = text.translate(_LINE_BREAKS)
    return text + "\n"


def iter_dumps(boards: Iterable[Board]) -> Iterator[str]:
    """JSON Lines, a board a line (``[]`` when there are no boards)."""
    return plumbing.each_board(boards, dump_board, empty="[]\n")


def dumps(boards: Iterable[Board]) -> str:
    """The boards as JSON Lines."""
    return "".join(iter_dumps(boards))


def dump(boards: Iterable[Board], fp: IO[str]) -> None:
    """Write the boards as JSON Lines to an open text file."""
    plumbing.write_chunks(iter_dumps(boards), fp)
