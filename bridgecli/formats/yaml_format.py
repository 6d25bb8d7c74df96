"""YAML boards: the schema of :mod:`bridgecli.formats.schema` as a YAML list.

A file is a block list with one mapping a board (``- board: 1``). On input
also accepted: ``{boards: [...]}``, a single board mapping, and a stream of
documents (``---``) each holding a board or a list of boards. ``yaml`` is
imported lazily, and the libyaml loader/dumper is used when present.

Errors carry the line of the bad value (from the YAML node marks). A bad
board does not stop reading; a YAML syntax error does, except in a plain
top-level list, where each item is then read on its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
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
#: Most nodes that aliases may add to a document when expanded ("billion laughs").
MAX_ALIAS_NODES = 100_000


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

        for tag, kind, construct in (
            ("int", "a whole number", loader_class.construct_yaml_int),
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
    MAX_ALIAS_NODES nodes, or refer to themselves; sizes are counted once a node
    (without expanding anything) and without recursion."""
    yaml = _yaml()
    size: dict[int, int] = {}
    distinct = 0
    stack: list[tuple[Any, bool]] = [(root, False)]
    open_: set[int] = set()
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            open_.discard(key)
            size[key] = 1 + sum(size[id(k)] for k in _children(node))
            continue
        if key in size:
            continue
        if key in open_:
            return ParseError("yaml error: an alias refers to the list or mapping that holds it",
                              source=source, line=_line(node, offset))
        distinct += 1
        if isinstance(node, yaml.ScalarNode):
            size[key] = 1
            continue
        open_.add(key)
        stack.append((node, True))
        stack.extend((k, False) for k in _children(node) if id(k) not in size)
    if size[id(root)] - distinct > MAX_ALIAS_NODES:
        return ParseError(f"yaml error: aliases expand to more than {MAX_ALIAS_NODES:,} extra values "
                          "(an alias bomb)", source=source,
                          line=_line(root, offset))
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


def _dumper() -> Any:
    global _DUMPER
    if _DUMPER is None:
        dumper_class = _safe_subclass("Dumper")

        def flow(dumper: Any, data: _Flow) -> Any:
            return dumper.represent_sequence("tag:yaml.org,2002:seq", list(data), flow_style=True)

        dumper_class.add_representer(_Flow, flow)
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

    An empty text is an error (no boards); ``[]`` is an empty list of boards.
    """
    if not text.strip():
        yield ParseError("empty input: no boards", source=source, line=1)
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
# what ties items together (an anchor), or starts another document: read the rest whole
_WHOLE_FROM_HERE = re.compile(r"(?:^|[\s\[{,:-])&[^\s\[\]{},]|^(?:---|\.\.\.)(?:[ \t]|$)", re.MULTILINE)


def iter_stream(chunks: Iterable[str], source: str | None = None) -> Iterator[Board | BridgeError]:
    """Like :func:`iter_records` for a text given in pieces (``chunks``). A top-level
    block list (what :func:`dumps` writes) is read a run of items at a time, each run
    as its own text (as :func:`iter_records` reads the items of a list with a syntax
    error); from the first anchor or document marker on, and for any other shape
    (``boards:``, documents, one board), the rest is read whole."""
    from bridgecli.formats.stream import peek

    head, rest = peek(chunks)
    lines = [ln for ln in head.lstrip("\ufeff").split("\n") if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines or not _ITEM_START.match(lines[0]) or _WHOLE_FROM_HERE.search(head):
        yield from iter_records("".join(rest), source)
        return
    carry = ""
    line = 1
    held: list[str] | None = None
    read_any = False
    for chunk in rest:
        if held is not None:
            held.append(chunk)
            continue
        text = carry + chunk if carry else chunk
        if _WHOLE_FROM_HERE.search(text):
            held, carry = [text], ""
            continue
        # runs of whole items of about _PIECE characters (a node tree is many times its text)
        done = 0
        for m in _NEXT_ITEM.finditer(text, max(0, len(carry) - 1)):
            if m.end() - done < _PIECE:
                continue
            piece, done = text[done:m.end()], m.end()
            if piece.strip():
                read_any = True
                yield from _shifted(iter_records(piece, source), line - 1)
            line += piece.count("\n")
        carry = text[done:]
    tail = "".join(held) if held is not None else carry
    if tail.strip() or not read_any:
        yield from _shifted(iter_records(tail, source), line - 1)


def _shifted(records: Iterator[Board | BridgeError], lines: int) -> Iterator[Board | BridgeError]:
    for rec in records:
        if lines and isinstance(rec, BridgeError) and rec.line is not None:
            rec.line += lines
        yield rec
