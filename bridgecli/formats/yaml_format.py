"""YAML boards: the schema of :mod:`bridgecli.formats.schema` as a YAML list.

A file is a block list with one mapping a board (``- board: 1``). On input
also accepted: ``{boards: [...]}``, a single board mapping, and a stream of
documents (``---``) each holding a board or a list of boards. ``yaml`` is
imported lazily, and the libyaml loader/dumper is used when present.

Errors carry the line of the bad value (from the YAML node marks). A bad
board does not stop reading; a YAML syntax error does, except in a plain
top-level list before its first anchor or ``---``, where each item is then
read on its own.

Reading streams (issue #19): a top-level block list is read a run of items
at a time up to the item holding its first anchor or document marker; from
there, and any other shape (a flow list, ``boards:``, a stream of documents)
from the start, a board at a time from the parser's events
(:class:`_EventReader`, which keeps anchored nodes for later aliases and
nothing else of the boards read), so memory does not grow with the number of
boards. There an error that ends the reading (a syntax error, nesting too
deep, an alias bomb) comes at its place, after the boards before it.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Generator, Iterable, Iterator
from typing import IO, Any

from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.core.numbers import is_digits
from bridgecli.formats import _api

from . import schema

_ITEM_START = re.compile(r"^-(?:[ \t]|$)", re.MULTILINE)


def _yaml() -> Any:
    import yaml

    return yaml


def _safe_subclass(kind: str) -> Any:
    """A new subclass of yaml's safe ``Loader`` or ``Dumper`` (``kind``), libyaml's when present,
    to add constructors or representers to without changing yaml's own."""
    yaml = _yaml()
    return type(kind, (getattr(yaml, f"CSafe{kind}", getattr(yaml, f"Safe{kind}")),), {})


_LOADER: Any = None

#: Deepest nesting of lists and mappings read (a board needs 4; deeper input could
#: overflow the YAML composer's stack).
MAX_DEPTH = 200
#: Most nodes that aliases may add to a document when expanded ("billion laughs"); read
#: a board at a time (:class:`_EventReader`), to each item of a list.
MAX_ALIAS_NODES = 100_000
#: Most characters (of the scalars) that aliases may add to a document when expanded, counted
#: as MAX_ALIAS_NODES is: a 1 MB anchor named 20,000 times adds few values but 20 GB.
MAX_ALIAS_CHARS = 1_000_000


#: A whole number as YAML 1.2 and every other reader of bridgecli write one: ASCII digits,
#: a sign. YAML 1.1's other forms (``0x1F``, ``0b101``, ``017`` octal, ``1_000``, ``1:20:30``
#: base 60) stay text, which the field's own reader then refuses or keeps.
_INT = r"[-+]?[0-9]+"


def _decimal_ints(loader_class: Any) -> None:
    """Make ``loader_class`` resolve only :data:`_INT` plain scalars as whole numbers."""
    tag = "tag:yaml.org,2002:int"
    loader_class.yaml_implicit_resolvers = {
        first: [(t, rx) for t, rx in resolvers if t != tag]
        for first, resolvers in loader_class.yaml_implicit_resolvers.items()}
    loader_class.add_implicit_resolver(tag, re.compile(f"^(?:{_INT})$"), list("-+0123456789"))


def _construct_int(loader: Any, node: Any) -> int:
    """A whole number in decimal (``017`` is 17, not YAML 1.1's octal 15); ValueError for
    anything else (an explicit ``!!int 0x1F``)."""
    value = loader.construct_scalar(node)
    if not re.fullmatch(_INT, value, re.ASCII):
        raise ValueError(value)
    return int(value, 10)


def _loader_class() -> Any:
    """The safe loader (libyaml's when present) whose number constructors reject what
    they cannot read (``!!int ""``, 5,000 digits) with a YAML error, not an IndexError."""
    global _LOADER
    if _LOADER is None:
        yaml = _yaml()
        loader_class = _safe_subclass("Loader")

        def checked(kind: str, construct: Any) -> Any:
            def run(loader: Any, node: Any) -> Any:
                try:
                    return construct(loader, node)
                except (ValueError, IndexError, TypeError, AttributeError, OverflowError) as exc:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"not {kind}: {str(node.value)[:40]!r}", node.start_mark) from exc

            return run

        _decimal_ints(loader_class)
        for tag, kind, construct in (
            ("int", "a whole number", _construct_int),
            ("float", "a number", loader_class.construct_yaml_float),
            ("bool", "true or false", loader_class.construct_yaml_bool),
            ("binary", "base64 data", loader_class.construct_yaml_binary),
            ("timestamp", "a date", loader_class.construct_yaml_timestamp),
        ):
            loader_class.add_constructor(f"tag:yaml.org,2002:{tag}", checked(kind, construct))
        _LOADER = loader_class
    return _LOADER


def _check_events(text: str, source: str | None, offset: int) -> ParseError | bool:
    """A ParseError when the text nests lists and mappings deeper than MAX_DEPTH,
    found from the parser's events (which need no stack) before anything is composed;
    else whether the text uses aliases at all."""
    yaml = _yaml()
    loader = _loader_class()(text)
    start = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
    end = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    depth = 0
    aliases = False
    try:
        while True:
            event = loader.get_event()
            if event is None:
                return aliases
            if isinstance(event, start):
                depth += 1
                if depth > MAX_DEPTH:
                    return ParseError(f"yaml error: lists and mappings nested more than {MAX_DEPTH} deep",
                                      source=source, line=event.start_mark.line + 1 + offset)
            elif isinstance(event, end):
                depth -= 1
            elif isinstance(event, yaml.AliasEvent):
                aliases = True
    except (yaml.YAMLError, ValueError):
        return True  # a syntax error: the composer reports it, at its place
    finally:
        loader.dispose()


def _children(node: Any) -> list[Any]:
    """The nodes right under a list or mapping node (a mapping's keys and values)."""
    return node.value if isinstance(node, _yaml().SequenceNode) else [n for kv in node.value for n in kv]


def _alias_bomb(root: Any, source: str | None, offset: int) -> ParseError | None:
    """A ParseError when aliases expand the node tree under ``root`` by more than
    MAX_ALIAS_NODES nodes or MAX_ALIAS_CHARS characters, or refer to themselves; sizes
    are counted once a node (without expanding anything) and without recursion."""
    yaml = _yaml()
    size: dict[int, int] = {}
    chars: dict[int, int] = {}
    distinct = 0
    distinct_chars = 0
    stack: list[tuple[Any, bool]] = [(root, False)]
    open_: set[int] = set()
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            open_.discard(key)
            children = _children(node)
            size[key] = 1 + sum(size[id(k)] for k in children)
            chars[key] = sum(chars[id(k)] for k in children)
            continue
        if key in size:
            continue
        if key in open_:
            return ParseError("yaml error: an alias refers to the list or mapping that holds it",
                              source=source, line=_line(node, offset))
        distinct += 1
        if isinstance(node, yaml.ScalarNode):
            size[key] = 1
            chars[key] = len(node.value)
            distinct_chars += chars[key]
            continue
        open_.add(key)
        stack.append((node, True))
        stack.extend((k, False) for k in _children(node) if id(k) not in size)
    if size[id(root)] - distinct > MAX_ALIAS_NODES:
        return ParseError(f"yaml error: aliases expand to more than {MAX_ALIAS_NODES:,} extra values "
                          "(an alias bomb)", source=source,
                          line=_line(root, offset))
    if chars[id(root)] - distinct_chars > MAX_ALIAS_CHARS:
        return ParseError(f"yaml error: aliases expand to more than {MAX_ALIAS_CHARS:,} extra characters "
                          "(an alias bomb)", source=source, line=_line(root, offset))
    return None


def safe_load(text: str, source: str | None = None) -> object:
    """The plain data of one YAML document, read as :func:`iter_records` reads boards:
    safe tags only, nesting and alias expansion bounded. Raises ParseError."""
    yaml = _yaml()
    checked = _check_events(text, source, 0)
    if isinstance(checked, ParseError):
        raise checked
    loader = _loader_class()(text)
    try:
        root = loader.get_single_node()
        if root is None:
            return None
        bad = _alias_bomb(root, source, 0) if checked else None
        if bad is not None:
            raise bad
        return loader.construct_document(root)
    except (yaml.YAMLError, ValueError, RecursionError) as exc:
        raise _yaml_error(exc, source, 0, 1) from None
    finally:
        loader.dispose()


_DUMPER: Any = None


class _Flow(list):  # type: ignore[type-arg]
    """A list written in flow style (``[a, b, c]``): auction and play rows."""


class _FlowMap(dict):  # type: ignore[type-arg]
    """A mapping written in flow style (``{NT: 7, S: 9}``): a row of the ``dd`` table."""


def _dumper() -> Any:
    global _DUMPER
    if _DUMPER is None:
        dumper_class = _safe_subclass("Dumper")

        def flow(dumper: Any, data: _Flow) -> Any:
            return dumper.represent_sequence("tag:yaml.org,2002:seq", list(data), flow_style=True)

        def flow_map(dumper: Any, data: _FlowMap) -> Any:
            return dumper.represent_mapping("tag:yaml.org,2002:map", list(data.items()), flow_style=True)

        dumper_class.add_representer(_Flow, flow)
        dumper_class.add_representer(_FlowMap, flow_map)
        # a text that bridgecli's reader takes for a number (``09``, which YAML 1.1 reads as
        # text) is quoted, as is one YAML 1.1 readers take for a number (``0x1F``)
        dumper_class.add_implicit_resolver("tag:yaml.org,2002:int", re.compile(f"^(?:{_INT})$"),
                                           list("-+0123456789"))
        _DUMPER = dumper_class
    return _DUMPER


# -- reading -----------------------------------------------------------------


def _node_at(node: Any, path: tuple[object, ...]) -> Any:
    """The deepest node along ``path`` (keys and indexes) under ``node``."""
    yaml = _yaml()
    for step in path:
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if isinstance(key_node, yaml.ScalarNode) and key_node.value == str(step):
                    node = value_node
                    break
            else:
                return node
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and 0 <= step < len(node.value):
            node = node.value[step]
        else:
            return node
    return node


def _line(node: Any, offset: int) -> int:
    return int(node.start_mark.line) + 1 + offset


class _SyntaxError(ParseError):
    """A YAML syntax error (the text is not YAML at all)."""


def _yaml_error(exc: Exception, source: str | None, offset: int, fallback: int, syntax: bool = True) -> ParseError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = mark.line + 1 + offset if mark is not None else fallback
    problem = getattr(exc, "problem", None) or str(exc).split("\n")[0]
    context = getattr(exc, "context", None)
    msg = ("yaml syntax error: " if syntax else "yaml error: ") + str(problem) + (f" ({context})" if context else "")
    return (_SyntaxError if syntax else ParseError)(msg, source=source, line=line)


_STR = "tag:yaml.org,2002:str"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_NULL = "tag:yaml.org,2002:null"


class _Slow(Exception):
    """The node tree needs the full constructor (aliases, merge keys, unusual tags)."""


class _Duplicate(Exception):
    """A mapping names the same key twice."""

    def __init__(self, node: Any) -> None:
        super().__init__(node.value)
        self.node = node


def _plain_data(node: Any, seen: set[int]) -> object:
    """Plain data of a node tree of strings, ints, nulls, lists and mappings, built
    quickly; raises _Slow for anything else (the loader's constructor handles it)."""
    tag = node.tag
    if tag == _STR:
        return node.value
    if tag == _SEQ or tag == _MAP:
        if id(node) in seen:
            raise _Slow
        seen.add(id(node))
        if tag == _SEQ:
            return [_plain_data(n, seen) for n in node.value]
        out: dict[object, object] = {}
        for k, v in node.value:
            if k.tag != _STR and k.tag != "tag:yaml.org,2002:int":
                raise _Slow
            key = _plain_data(k, seen)
            if key in out:
                raise _Duplicate(k)
            out[key] = _plain_data(v, seen)
        return out
    if tag == _NULL:
        return None
    if tag == "tag:yaml.org,2002:int":
        v = node.value
        if isinstance(v, str) and 0 < len(v) <= 18 and is_digits(v) and (v == "0" or v[0] != "0"):
            return int(v)
    raise _Slow


def _item(loader: Any, node: Any, source: str | None, offset: int) -> Board | BridgeError:
    yaml = _yaml()
    try:
        try:
            data = _plain_data(node, set())
        except _Slow:
            data = loader.construct_object(node, deep=True)
        except _Duplicate as d:
            return ParseError(f"key {d.node.value!r} given twice", source=source, line=_line(d.node, offset))
    except (yaml.YAMLError, ValueError, TypeError, RecursionError) as e:
        return _yaml_error(e, source, offset, _line(node, offset), syntax=False)
    except Exception as e:  # noqa: BLE001  (a constructor of an odd tag failing its own way)
        return ParseError(f"yaml error: cannot read this value ({type(e).__name__})", source=source,
                          line=_line(node, offset))
    try:
        return schema.from_dict(data)
    except BridgeError as e:
        path = getattr(e, "path", ())
        return e.located(source=source, line=_line(_node_at(node, path), offset), board=schema.board_label(data))


def _board_nodes(root: Any, source: str | None, offset: int) -> Iterator[Any]:
    """The board nodes of one document; a non-board yields a ParseError instead."""
    yaml = _yaml()
    if isinstance(root, yaml.SequenceNode):
        yield from root.value
        return
    if isinstance(root, yaml.MappingNode):
        for key_node, value_node in root.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == "boards":
                if len(root.value) != 1:
                    yield ParseError("a 'boards' mapping holds nothing else", source=source, line=_line(root, offset))
                elif isinstance(value_node, yaml.SequenceNode):
                    yield from value_node.value
                elif not (isinstance(value_node, yaml.ScalarNode) and value_node.tag.endswith(":null")):
                    yield ParseError("'boards' holds a list of boards", source=source, line=_line(value_node, offset))
                return
        yield root
        return
    if isinstance(root, yaml.ScalarNode) and root.tag.endswith(":null"):
        return
    yield ParseError(
        f"expected a list of boards, got {str(getattr(root, 'value', ''))[:30]!r}",
        source=source,
        line=_line(root, offset),
    )


def _documents(text: str, source: str | None, offset: int) -> Iterator[Board | BridgeError]:
    yaml = _yaml()
    try:
        loader = _loader_class()(text)
    except ValueError as e:  # text a codec cannot carry (lone surrogates)
        yield ParseError(f"yaml cannot read this text: {e}", source=source, line=1)
        return
    checked = _check_events(text, source, offset)
    if isinstance(checked, ParseError):
        loader.dispose()
        yield checked
        return
    try:
        while True:
            try:
                if not loader.check_node():
                    break
                root = loader.get_node()
            except (yaml.YAMLError, ValueError, RecursionError) as e:
                yield _yaml_error(e, source, offset, offset + 1)
                return
            if root is None:
                continue
            bomb = _alias_bomb(root, source, offset) if checked else None
            if bomb is not None:
                yield bomb
                return
            for node in _board_nodes(root, source, offset):
                yield node if isinstance(node, BridgeError) else _item(loader, node, source, offset)
    finally:
        loader.dispose()


def _by_items(text: str, source: str | None) -> Iterator[Board | BridgeError]:
    """Read a top-level block list item by item (after a syntax error somewhere)."""
    starts = [m.start() for m in _ITEM_START.finditer(text)]
    head = text[: starts[0]] if starts else text
    if head.strip() and not all(ln.lstrip().startswith("#") or not ln.strip() for ln in head.splitlines()):
        return
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(text)
        offset = text.count("\n", 0, start)
        yield from _documents(text[start:end], source, offset)


def iter_records(text: str, source: str | None = None) -> Iterator[Board | BridgeError]:
    """Every board of a YAML text in order; a bad board is yielded as its error.

    An empty text is an error (no boards); ``[]`` is an empty list of boards. A
    top-level block list is read whole (an item at a time after a syntax error) up
    to the item that holds its first anchor or document marker, and from there, like
    any other shape, a board at a time, as :func:`iter_stream` reads it.
    """
    if not text.strip():
        yield ParseError("empty input: no boards", source=source, line=1)
        return
    if not _is_block_list(text):
        yield from _EventReader((text,), source).records()
        return
    if _WHOLE_FROM_HERE.search(text):
        yield from iter_stream((text,), source)
        return
    produced = False
    for rec in _documents(text, source, 0):
        if not produced and isinstance(rec, _SyntaxError):
            if len(_ITEM_START.findall(text)) > 1:
                recovered = list(_by_items(text, source))
                if recovered:
                    yield from recovered
                    return
            yield rec
            return
        produced = True
        yield rec


_BLANK_LINES = re.compile(r"(?:[ \t\r]*\n)*")


def _first_line(text: str, final: bool) -> str | None:
    """The first line of ``text`` that holds more than white space and is no comment
    (enough of it to tell whether it starts a block list item). None when there is
    none yet; when ``final`` (``text`` is all there is), "" when there is none."""
    pos = 0
    while text.startswith("\ufeff", pos):
        pos += 1
    pos = _BLANK_LINES.match(text, pos).end()  # type: ignore[union-attr]  # (at once: a line at a time was slow)
    while pos < len(text):
        end = text.find("\n", pos)
        if end < 0:
            line = text[pos:]
            if final or (line.strip() and not line.lstrip().startswith("#") and len(line) > 1):
                return line if line.strip() and not line.lstrip().startswith("#") else ""
            return None
        line = text[pos:end]
        if line.strip() and not line.lstrip().startswith("#"):
            return line
        pos = end + 1
    return "" if final else None


def _is_block_list(text: str) -> bool:
    """Whether the first line of ``text`` that is not blank or a comment starts a
    top-level block list item (``- ``): the shape :func:`dumps` writes."""
    return _ITEM_START.match(_first_line(text, True) or "") is not None


def loads(text: str, source: str | None = None) -> list[Board]:
    """All boards of a YAML text. Raises the first ParseError/RuleError."""
    return _api.collect(iter_records(text, source))


def load(fp: IO[str], source: str | None = None) -> list[Board]:
    """All boards of an open YAML text file."""
    return loads(fp.read(), _api.file_source(fp, source))


# -- writing -----------------------------------------------------------------


def _styled(board: Board) -> dict[str, object]:
    d = schema.to_dict(board)
    if "auction" in d:
        d["auction"] = _Flow(d["auction"])  # type: ignore[call-overload]
    if "play" in d:
        d["play"] = [_Flow(row) for row in d["play"]]  # type: ignore[attr-defined]
    if "dd" in d:
        d["dd"] = {seat: _FlowMap(row) for seat, row in d["dd"].items()}  # type: ignore[attr-defined]
    return d


def dump_board(board: Board) -> str:
    """One board as a YAML list item (``- board: 1`` ...)."""
    yaml = _yaml()
    text: str = yaml.dump(
        [_styled(board)],
        Dumper=_dumper(),
        default_flow_style=False,
        sort_keys=False,
        allow_unicode=True,
        width=100,
    )
    return text


def iter_dumps(boards: Iterable[Board]) -> Iterator[str]:
    """YAML text a board at a time; together one block list (``[]`` when no boards)."""
    return _api.each_board(boards, dump_board, empty="[]\n")


def dumps(boards: Iterable[Board]) -> str:
    """The boards as one YAML block list."""
    return "".join(iter_dumps(boards))


def dump(boards: Iterable[Board], fp: IO[str]) -> None:
    """Write the boards to an open text file, a board at a time."""
    _api.write_chunks(iter_dumps(boards), fp)


# -- reading in pieces (issue #19) ------------------------------------------------

#: Characters of YAML parsed at a time when a list is read in pieces.
_PIECE = 1 << 16
# where a top-level list item starts (a "-" in the first column)
_NEXT_ITEM = re.compile(r"\n(?=-(?:[ \t]|\n))")
# what ties items together (an anchor), or starts another document: read the rest by events
_WHOLE_FROM_HERE = re.compile(r"(?:^|[\s\[{,:-])&[^\s\[\]{},]|^(?:---|\.\.\.)(?:[ \t]|$)", re.MULTILINE)


def iter_stream(chunks: Iterable[str], source: str | None = None) -> Iterator[Board | BridgeError]:
    """Like :func:`iter_records` for a text given in pieces (``chunks``). A top-level
    block list (what :func:`dumps` writes) is read a run of items at a time, each run
    as its own text (as :func:`iter_records` reads the items of a list with a syntax
    error), up to the item that holds its first anchor or document marker: an alias
    may name any anchor before it, and a marker starts a document of any shape, so
    from that item on the list is read a board at a time from the parser's events
    (:class:`_EventReader`, which keeps the anchored nodes alive and nothing else of
    the boards read). Any other shape (a flow list, ``boards:``, documents, one board)
    is read that way from the start."""
    head, rest = _head(chunks)
    if not _ITEM_START.match(_first_line(head, True) or ""):
        yield from _EventReader(rest, source).records()
        return
    carry = ""
    cut = 0  # where the last item seen in the carry starts (0: none but its first)
    line = 1
    read_any = False
    for chunk in rest:
        text = carry + chunk if carry else chunk
        # (a marker or anchor may begin in the last few characters of the carry)
        tied = _WHOLE_FROM_HERE.search(text, max(0, len(carry) - 4))
        end = len(text) if tied is None else tied.start()
        # runs of whole items of about _PIECE characters (a node tree is many times its text)
        done = 0
        for m in _NEXT_ITEM.finditer(text, max(0, len(carry) - 1)):
            if m.end() > end:
                break
            cut = m.end()
            if cut - done < _PIECE:
                continue
            read_any |= yield from _run(text[done:cut], source, line)
            line += text.count("\n", done, cut)
            done = cut
        if tied is not None:
            # the items before the one that holds the anchor or marker, then the rest by events
            if cut > done:
                read_any |= yield from _run(text[done:cut], source, line)
                line += text.count("\n", done, cut)
                done = cut
            yield from _shifted(_EventReader(_chain_text(text[done:], rest), source).records(), line - 1)
            return
        carry, cut = text[done:], cut - done
    if carry.strip() or not read_any:
        yield from _shifted(iter_records(carry, source), line - 1)


def _run(piece: str, source: str | None, line: int) -> Generator[Board | BridgeError, None, bool]:
    """The records of a run of whole list items starting on ``line``; whether it held any."""
    if not piece.strip():
        return False
    yield from _shifted(iter_records(piece, source), line - 1)
    return True


def _chain_text(first: str, rest: Iterator[str]) -> Iterator[str]:
    yield first
    yield from rest


def _head(chunks: Iterable[str]) -> tuple[str, Iterator[str]]:
    """The start of ``chunks`` through its first line that is not blank or a comment (or
    all of it), and an iterator over all of ``chunks`` again."""
    from bridgecli.formats.stream import peek_until

    return peek_until(chunks, lambda head: _first_line(head, False) is not None)


def _shifted(records: Iterator[Board | BridgeError], lines: int) -> Iterator[Board | BridgeError]:
    for rec in records:
        if lines and isinstance(rec, BridgeError) and rec.line is not None:
            rec.line += lines
        yield rec


# -- reading a board at a time from the parser's events (issue #19) ------------


class _Feed:
    """Text pieces as the file the YAML parser reads (UTF-8 bytes, a piece a read)."""

    def __init__(self, chunks: Iterable[str], source: str | None) -> None:
        self._chunks = iter(chunks)
        self._source = source
        self._offset = 0  # characters handed out before the current piece
        self.blank = True  # nothing but white space so far

    def read(self, size: int = -1) -> bytes:
        for chunk in self._chunks:
            if not chunk:
                continue
            if self.blank and chunk.strip():
                self.blank = False
            try:
                data = chunk.encode("utf-8")
            except UnicodeEncodeError as e:  # lone surrogates: worded as for the whole text
                at = (f"character {chunk[e.start]!r} in position {self._offset + e.start}" if e.end - e.start == 1
                      else f"characters in position {self._offset + e.start}-{self._offset + e.end - 1}")
                raise ParseError(f"yaml cannot read this text: 'utf-8' codec can't encode {at}: {e.reason}",
                                 source=self._source, line=1) from None
            self._offset += len(chunk)
            return data
        return b""


class _Fatal(Exception):
    """An error that ends the reading (yielded as its ParseError)."""

    def __init__(self, error: ParseError) -> None:
        super().__init__(str(error))
        self.error = error


class _EventReader:
    """The boards of a YAML text given in pieces, a board at a time: the parser's events
    are composed into one board's node tree at a time (never the whole document), with
    the checks :func:`_documents` makes on a whole document: nesting no deeper than
    MAX_DEPTH, aliases adding no more than MAX_ALIAS_NODES values to a document (to
    each item of a list: a board is read and dropped before the next, so a file of
    any length may alias an anchor in every board) and never referring to a list or
    mapping that holds them. Each error comes at its place:
    the boards before it are yielded first.

    A block list (or a ``boards:`` list) is read an item at a time; any other document
    (one board, ``boards:`` with other keys, a list with an anchor of its own) is
    composed whole and read as :func:`_board_nodes` reads it."""

    def __init__(self, chunks: Iterable[str], source: str | None) -> None:
        self.source = source
        self.feed = _Feed(chunks, source)
        self.loader: Any = None
        yaml = _yaml()
        self.yaml = yaml
        self.anchors: dict[str, Any] = {}
        self.sizes: dict[int, tuple[int, int]] = {}  # expanded size of each anchored node (by id): values, characters
        self.open: set[int] = set()  # anchored lists and mappings still being composed
        self.extra = 0  # values the aliases of this document add when expanded
        self.extra_chars = 0  # and characters
        self.root: Any = None  # the document's first event (the root's start)

    def records(self) -> Iterator[Board | BridgeError]:
        yaml = self.yaml
        self.loader = loader = _loader_class()(self.feed)
        try:
            try:
                loader.get_event()  # the stream's start
                while not isinstance(loader.peek_event(), yaml.StreamEndEvent):
                    loader.get_event()  # the document's start
                    self.anchors, self.sizes, self.open, self.extra, self.extra_chars = {}, {}, set(), 0, 0
                    self.root = loader.peek_event()
                    for node in self._document():
                        yield node if isinstance(node, BridgeError) else self._board(node)
                    loader.get_event()  # the document's end
            except _Fatal as f:
                yield f.error
                return
            except ParseError as e:  # from the feed
                yield e
                return
            except (yaml.YAMLError, ValueError, RecursionError) as e:
                yield _yaml_error(e, self.source, 0, 1)
                return
            if self.feed.blank:
                yield ParseError("empty input: no boards", source=self.source, line=1)
        finally:
            loader.dispose()

    def _board(self, node: Any) -> Board | BridgeError:
        rec = _item(self.loader, node, self.source, 0)
        if self.loader.constructed_objects:  # the full constructor ran: forget what it built
            self.loader.constructed_objects = {}
        return rec

    def _document(self) -> Iterator[Any]:
        """The board nodes (or errors) of the document whose first event is next."""
        yaml = self.yaml
        loader = self.loader
        first = loader.peek_event()
        kind = type(first)
        if kind is yaml.SequenceStartEvent and first.anchor is None:
            yield from self._items(0)
            return
        if kind is yaml.MappingStartEvent and first.anchor is None:
            start = loader.get_event()
            root = self._new(yaml.MappingNode, start, 1)
            key = loader.peek_event()
            if type(key) is yaml.ScalarEvent and key.value == "boards":
                key_node = self._node(1)
                value = loader.peek_event()
                if type(value) is yaml.SequenceStartEvent and value.anchor is None:
                    yield from self._items(1)
                    if not isinstance(loader.peek_event(), yaml.MappingEndEvent):
                        yield ParseError("a 'boards' mapping holds nothing else", source=self.source,
                                         line=_line(root, 0))
                        self._pairs(root, 1)  # read (and checked) but not used
                    loader.get_event()
                    return
                root.value.append((key_node, self._node(1)))
            self._pairs(root, 1)
            root.end_mark = loader.get_event().end_mark
        else:
            root = self._node(0)
        yield from _board_nodes(root, self.source, 0)

    def _items(self, depth: int) -> Iterator[Any]:
        """The nodes of the list whose start is the next event, one at a time."""
        yaml = self.yaml
        loader = self.loader
        start = loader.get_event()
        self._deeper(start, depth + 1)
        while not isinstance(loader.peek_event(), yaml.SequenceEndEvent):
            self.extra = self.extra_chars = 0  # (a board is read and dropped: its aliases are counted alone)
            yield self._node(depth + 1)
        loader.get_event()

    def _deeper(self, event: Any, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise _Fatal(ParseError(f"yaml error: lists and mappings nested more than {MAX_DEPTH} deep",
                                    source=self.source, line=event.start_mark.line + 1))

    def _new(self, node_class: Any, event: Any, depth: int) -> Any:
        """A list or mapping node for its start ``event``, children to come."""
        self._deeper(event, depth)
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.loader.resolve(node_class, None, event.implicit)
        node = node_class(tag, [], event.start_mark, None, flow_style=event.flow_style)
        if event.anchor is not None:
            self._anchor(event, node)
            self.open.add(id(node))
        return node

    def _anchor(self, event: Any, node: Any) -> None:
        first = self.anchors.get(event.anchor)
        if first is not None:
            raise self.yaml.composer.ComposerError("found duplicate anchor; first occurrence", first.start_mark,
                                                   "second occurrence", event.start_mark)
        self.anchors[event.anchor] = node

    def _node(self, depth: int) -> Any:
        """The node whose first event is next, composed (as yaml's composer does)."""
        yaml = self.yaml
        loader = self.loader
        event = loader.get_event()
        kind = type(event)
        if kind is yaml.ScalarEvent:
            tag = event.tag
            if tag is None or tag == "!":
                tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
            node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, style=event.style)
            if event.anchor is not None:
                self._anchor(event, node)
                self.sizes[id(node)] = (1, len(event.value))
            return node
        if kind is yaml.AliasEvent:
            return self._alias(event)
        if kind is yaml.SequenceStartEvent:
            node = self._new(yaml.SequenceNode, event, depth + 1)
            items = node.value
            while not isinstance(loader.peek_event(), yaml.SequenceEndEvent):
                items.append(self._node(depth + 1))
        else:
            node = self._new(yaml.MappingNode, event, depth + 1)
            self._pairs(node, depth + 1)
        node.end_mark = loader.get_event().end_mark
        if event.anchor is not None:
            self.open.discard(id(node))
            self.sizes[id(node)] = self._size(node)
        return node

    def _pairs(self, node: Any, depth: int) -> None:
        """Compose the keys and values of the mapping ``node`` up to its end (not read)."""
        end = self.yaml.MappingEndEvent
        pairs = node.value
        while not isinstance(self.loader.peek_event(), end):
            key = self._node(depth)
            pairs.append((key, self._node(depth)))

    def _alias(self, event: Any) -> Any:
        """The node an alias names, checked as :func:`_alias_bomb` checks a document."""
        node = self.anchors.get(event.anchor)
        if node is None:
            raise self.yaml.composer.ComposerError(None, None, "found undefined alias", event.start_mark)
        if id(node) in self.open:
            raise _Fatal(ParseError("yaml error: an alias refers to the list or mapping that holds it",
                                    source=self.source, line=_line(node, 0)))
        # a document's values once expanded, less its distinct nodes, is what its aliases add
        values, chars = self.sizes[id(node)]
        self.extra += values
        self.extra_chars += chars
        if self.extra > MAX_ALIAS_NODES:
            raise _Fatal(ParseError(f"yaml error: aliases expand to more than {MAX_ALIAS_NODES:,} extra values "
                                    "(an alias bomb)", source=self.source, line=self.root.start_mark.line + 1))
        if self.extra_chars > MAX_ALIAS_CHARS:
            raise _Fatal(ParseError(f"yaml error: aliases expand to more than {MAX_ALIAS_CHARS:,} extra characters "
                                    "(an alias bomb)", source=self.source, line=self.root.start_mark.line + 1))
        return node

    def _size(self, node: Any) -> tuple[int, int]:
        """How many nodes and characters ``node`` stands for once its aliases are expanded."""
        known = self.sizes.get(id(node))
        if known is not None:
            return known
        if isinstance(node, self.yaml.ScalarNode):
            return 1, len(node.value)
        values, chars = 1, 0
        for n in _children(node):
            v, c = self._size(n)
            values += v
            chars += c
        return values, chars


# -- the items of one list, for a reader that tells a text's kind by its start -------


class ItemReader(_EventReader):
    """The items of a list in a YAML text given in pieces, read an item at a time from the
    parser's events as :class:`_EventReader` reads boards (nesting and aliases checked,
    anchored nodes kept for later aliases, nothing else of an item once read): the first
    document's root list, or the list under ``key`` of a root mapping (its first ``key``,
    before any ``boards``). A traveller (:mod:`bridgecli.formats.traveller`) is told from
    boards this way: the pieces read are kept until :meth:`forget`, and :meth:`again`
    gives every piece again from the start, for the board reader.

    :meth:`start` reads up to the list, :meth:`items` the items, then checks that the
    text ends with that document. Errors are raised as ParseError."""

    def __init__(self, chunks: Iterable[str], source: str | None, key: str) -> None:
        self._pieces = iter(chunks)
        self._seen: list[str] | None = []
        super().__init__(self._keep(), source)
        self.key = key
        self.loader = _loader_class()(self.feed)
        self._depth = 0  # of the list's items
        self._mapping = False  # the list is under key of a root mapping

    def _keep(self) -> Iterator[str]:
        for piece in self._pieces:
            if self._seen is not None:
                self._seen.append(piece)
            yield piece

    def again(self) -> Iterator[str]:
        """Every piece of the text from the start (before :meth:`forget` only)."""
        assert self._seen is not None
        seen, self._seen = self._seen, None
        yield from seen
        yield from self._pieces

    def forget(self) -> None:
        """Keep no more of the pieces read."""
        self._seen = None

    def _is_key(self, node: Any) -> bool:
        return type(node) is self.yaml.ScalarNode and node.tag == _STR and node.value == self.key

    def start(self) -> str | None:
        """Read up to the list's first item: ``"list"`` for a root list, :attr:`key` for
        the list under it; None when the first document holds neither (no document, a
        scalar, a tagged root, a mapping whose ``key`` holds no list or comes after a
        ``boards`` key or not at all)."""
        yaml = self.yaml
        loader = self.loader
        with self._errors():
            loader.get_event()  # the stream's start
            if isinstance(loader.peek_event(), yaml.StreamEndEvent):
                return None
            loader.get_event()  # the document's start
            self.root = first = loader.peek_event()
            plain = (None, "!")
            if type(first) is yaml.SequenceStartEvent and first.tag in (*plain, _SEQ):
                self._new(yaml.SequenceNode, loader.get_event(), 1)
                self._depth = 1
                return "list"
            if type(first) is not yaml.MappingStartEvent or first.tag not in (*plain, _MAP):
                return None
            self._new(yaml.MappingNode, loader.get_event(), 1)
            while not isinstance(loader.peek_event(), yaml.MappingEndEvent):
                key = self._node(1)
                value = loader.peek_event()
                if self._is_key(key):
                    if type(value) is yaml.SequenceStartEvent and value.tag in (*plain, _SEQ):
                        self._new(yaml.SequenceNode, loader.get_event(), 2)
                        self._depth, self._mapping = 2, True
                        return self.key
                    return None
                if type(key) is yaml.ScalarNode and key.tag == _STR and key.value == "boards":
                    return None
                self._node(1)  # another key's value: read, checked, dropped
            return None

    def items(self) -> Iterator[tuple[int, object]]:
        """Each item's line and plain data (as yaml's safe loader builds it), then the rest
        of the document and of the text read: another ``key`` in the mapping, or another
        document, is an error."""
        yaml = self.yaml
        loader = self.loader
        with self._errors():
            while not isinstance(loader.peek_event(), yaml.SequenceEndEvent):
                self.extra = 0
                node = self._node(self._depth)
                yield _line(node, 0), self._data(node)
            loader.get_event()
            if self._mapping:
                while not isinstance(loader.peek_event(), yaml.MappingEndEvent):
                    key = self._node(1)
                    if self._is_key(key):
                        raise ParseError(f"key {self.key!r} given twice", source=self.source, line=_line(key, 0))
                    self._node(1)
                loader.get_event()
            document = loader.get_event()
            if not isinstance(loader.peek_event(), yaml.StreamEndEvent):
                raise yaml.composer.ComposerError("expected a single document in the stream", document.start_mark,
                                                  "but found another document", loader.get_event().start_mark)

    def _data(self, node: Any) -> object:
        """The plain data of an item's node tree (yaml's constructor for anything unusual)."""
        yaml = self.yaml
        try:
            try:
                return _plain_data(node, set())
            except (_Slow, _Duplicate):  # (a key twice: the last one, as yaml's safe loader keeps it)
                return self.loader.construct_object(node, deep=True)
            finally:
                self.loader.constructed_objects = {}
        except (yaml.YAMLError, ValueError, TypeError, RecursionError) as e:
            raise _yaml_error(e, self.source, 0, _line(node, 0), syntax=False) from None
        except Exception as e:  # noqa: BLE001  (a constructor of an odd tag failing its own way)
            raise ParseError(f"yaml error: cannot read this value ({type(e).__name__})", source=self.source,
                             line=_line(node, 0)) from None

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        """YAML's errors (and an alias bomb, nesting too deep) raised as ParseError."""
        try:
            yield
        except _Fatal as f:
            raise f.error from None
        except ParseError:
            raise
        except (self.yaml.YAMLError, ValueError, RecursionError) as e:
            raise _yaml_error(e, self.source, 0, 1) from None

    def close(self) -> None:
        """Let the parser go."""
        self.loader.dispose()
