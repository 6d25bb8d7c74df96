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
(:class:`~bridgecli.formats.yaml_events.EventReader`, which keeps anchored nodes
for later aliases and nothing else of the boards read), so memory does not grow
with the number of boards. There an error that ends the reading (a syntax error, nesting too
deep, an alias bomb) comes at its place, after the boards before it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Generator, Iterable, Iterator
from typing import IO, Any

from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.formats import plumbing

from . import schema
from .yaml_events import EventReader
from .yaml_nodes import (
    DECIMAL_INT,
    YamlSyntaxError,
    alias_bomb,
    board_from_node,
    board_nodes,
    check_events,
    loader_class,
    safe_subclass,
    yaml_error,
    yaml_module,
)

_ITEM_START = re.compile(r"^-(?:[ \t]|$)", re.MULTILINE)

def documents(text: str, source: str | None, offset: int) -> Iterator[Board | BridgeError]:
    """The boards of a whole YAML text composed a document at a time (nesting and aliases
    checked first), lines counted from ``offset``; a bad board is yielded as its error."""
    yaml = yaml_module()
    try:
        loader = loader_class()(text)
    except ValueError as e:  # text a codec cannot carry (lone surrogates)
        yield ParseError(f"yaml cannot read this text: {e}", source=source, line=1)
        return
    checked = check_events(text, source, offset)
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
                yield yaml_error(e, source, offset, offset + 1)
                return
            if root is None:
                continue
            bomb = alias_bomb(root, source, offset) if checked else None
            if bomb is not None:
                yield bomb
                return
            for node in board_nodes(root, source, offset):
                yield node if isinstance(node, BridgeError) else board_from_node(loader, node, source, offset)
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
        yield from documents(text[start:end], source, offset)


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
        yield from EventReader((text,), source).records()
        return
    if _WHOLE_FROM_HERE.search(text):
        yield from iter_stream((text,), source)
        return
    produced = False
    for rec in documents(text, source, 0):
        if not produced and isinstance(rec, YamlSyntaxError):
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
    return plumbing.collect(iter_records(text, source))


def load(fp: IO[str], source: str | None = None) -> list[Board]:
    """All boards of an open YAML text file."""
    return loads(fp.read(), plumbing.file_source(fp, source))


# -- writing -----------------------------------------------------------------


class _Flow(list):  # type: ignore[type-arg]
    """A list written in flow style (``[a, b, c]``): auction and play rows."""


class _FlowMap(dict):  # type: ignore[type-arg]
    """A mapping written in flow style (``{NT: 7, S: 9}``): a row of the ``dd`` table."""


@functools.cache
def _dumper() -> Any:
    """The safe dumper (libyaml's when present) that writes :class:`_Flow` and :class:`_FlowMap`
    in flow style. Built once and kept (a cache of one class)."""
    cls = safe_subclass("Dumper")

    def flow(dumper: Any, data: _Flow) -> Any:
        return dumper.represent_sequence("tag:yaml.org,2002:seq", list(data), flow_style=True)

    def flow_map(dumper: Any, data: _FlowMap) -> Any:
        return dumper.represent_mapping("tag:yaml.org,2002:map", list(data.items()), flow_style=True)

    cls.add_representer(_Flow, flow)
    cls.add_representer(_FlowMap, flow_map)
    # a text that bridgecli's reader takes for a number (``09``, which YAML 1.1 reads as
    # text) is quoted, as is one YAML 1.1 readers take for a number (``0x1F``)
    cls.add_implicit_resolver("tag:yaml.org,2002:int", re.compile(f"^(?:{DECIMAL_INT})$"), list("-+0123456789"))
    return cls


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
    yaml = yaml_module()
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
    return plumbing.each_board(boards, dump_board, empty="[]\n")


def dumps(boards: Iterable[Board]) -> str:
    """The boards as one YAML block list."""
    return "".join(iter_dumps(boards))


def dump(boards: Iterable[Board], fp: IO[str]) -> None:
    """Write the boards to an open text file, a board at a time."""
    plumbing.write_chunks(iter_dumps(boards), fp)


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
    (:class:`EventReader`, which keeps the anchored nodes alive and nothing else of
    the boards read). Any other shape (a flow list, ``boards:``, documents, one board)
    is read that way from the start."""
    head, rest = _head(chunks)
    if not _ITEM_START.match(_first_line(head, True) or ""):
        yield from EventReader(rest, source).records()
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
            yield from _shifted(EventReader(_chain_text(text[done:], rest), source).records(), line - 1)
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

