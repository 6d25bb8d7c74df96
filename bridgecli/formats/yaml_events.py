"""Reading YAML a board at a time from the parser's events (issue #19).

:class:`EventReader` composes one board's node tree at a time from a text given in
pieces (never the whole document), with the checks :mod:`~bridgecli.formats.yaml_nodes`
makes on a whole document; :class:`ItemReader` reads the items of one list the same way,
for a reader that tells a text's kind by its start (the YAML traveller).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from typing import Any

from bridgecli.core import fastpaths
from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError, ParseError

from .yaml_nodes import (
    MAP_TAG,
    MAX_ALIAS_CHARS,
    MAX_ALIAS_NODES,
    MAX_DEPTH,
    SEQ_TAG,
    STR_TAG,
    DuplicateKey,
    NotPlain,
    board_from_node,
    board_nodes,
    children,
    line_of,
    loader_class,
    plain_data,
    yaml_error,
    yaml_module,
)


class Feed:
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


class Fatal(Exception):
    """An error that ends the reading (yielded as its ParseError)."""

    def __init__(self, error: ParseError) -> None:
        super().__init__(str(error))
        self.error = error


class EventReader:
    """The boards of a YAML text given in pieces, a board at a time: the parser's events
    are composed into one board's node tree at a time (never the whole document), with
    the checks :func:`~bridgecli.formats.yaml_format.documents` makes on a whole document: nesting no deeper than
    MAX_DEPTH, aliases adding no more than MAX_ALIAS_NODES values to a document (to
    each item of a list: a board is read and dropped before the next, so a file of
    any length may alias an anchor in every board) and never referring to a list or
    mapping that holds them. Each error comes at its place:
    the boards before it are yielded first.

    A block list (or a ``boards:`` list) is read an item at a time; any other document
    (one board, ``boards:`` with other keys, a list with an anchor of its own) is
    composed whole and read as :func:`board_nodes` reads it."""

    def __init__(self, chunks: Iterable[str], source: str | None) -> None:
        self.source = source
        self.feed = Feed(chunks, source)
        self.loader: Any = None
        yaml = yaml_module()
        self.yaml = yaml
        self.anchors: dict[str, Any] = {}
        # anchored nodes, keyed by the node (nodes hash by identity; self.anchors keeps them)
        self.sizes: dict[Any, tuple[int, int]] = {}  # expanded size of each: values, characters
        self.open: set[Any] = set()  # anchored lists and mappings still being composed
        self.extra = 0  # values the aliases of this document add when expanded
        self.extra_chars = 0  # and characters
        self.root: Any = None  # the document's first event (the root's start)

    def records(self) -> Iterator[Board | BridgeError]:
        yaml = self.yaml
        self.loader = loader = loader_class()(self.feed)
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
            except Fatal as f:
                yield f.error
                return
            except ParseError as e:  # from the feed
                yield e
                return
            except (yaml.YAMLError, ValueError, RecursionError) as e:
                yield yaml_error(e, self.source, 0, 1)
                return
            if self.feed.blank:
                yield ParseError("empty input: no boards", source=self.source, line=1)
        finally:
            loader.dispose()

    def _board(self, node: Any) -> Board | BridgeError:
        rec = board_from_node(self.loader, node, self.source, 0)
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
                                         line=line_of(root, 0))
                        self._pairs(root, 1)  # read (and checked) but not used
                    loader.get_event()
                    return
                root.value.append((key_node, self._node(1)))
            self._pairs(root, 1)
            root.end_mark = loader.get_event().end_mark
        else:
            root = self._node(0)
        yield from board_nodes(root, self.source, 0)

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
            raise Fatal(ParseError(f"yaml error: lists and mappings nested more than {MAX_DEPTH} deep",
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
            self.open.add(node)
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
                self.sizes[node] = (1, len(event.value))
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
            self.open.discard(node)
            self.sizes[node] = self._size(node)
        return node

    def _pairs(self, node: Any, depth: int) -> None:
        """Compose the keys and values of the mapping ``node`` up to its end (not read)."""
        end = self.yaml.MappingEndEvent
        pairs = node.value
        while not isinstance(self.loader.peek_event(), end):
            key = self._node(depth)
            pairs.append((key, self._node(depth)))

    def _alias(self, event: Any) -> Any:
        """The node an alias names, checked as :func:`~bridgecli.formats.yaml_nodes.alias_bomb` checks a document."""
        node = self.anchors.get(event.anchor)
        if node is None:
            raise self.yaml.composer.ComposerError(None, None, "found undefined alias", event.start_mark)
        if node in self.open:
            raise Fatal(ParseError("yaml error: an alias refers to the list or mapping that holds it",
                                    source=self.source, line=line_of(node, 0)))
        # a document's values once expanded, less its distinct nodes, is what its aliases add
        values, chars = self.sizes[node]
        self.extra += values
        self.extra_chars += chars
        if self.extra > MAX_ALIAS_NODES:
            raise Fatal(ParseError(f"yaml error: aliases expand to more than {MAX_ALIAS_NODES:,} extra values "
                                    "(an alias bomb)", source=self.source, line=self.root.start_mark.line + 1))
        if self.extra_chars > MAX_ALIAS_CHARS:
            raise Fatal(ParseError(f"yaml error: aliases expand to more than {MAX_ALIAS_CHARS:,} extra characters "
                                    "(an alias bomb)", source=self.source, line=self.root.start_mark.line + 1))
        return node

    def _size(self, node: Any) -> tuple[int, int]:
        """How many nodes and characters ``node`` stands for once its aliases are expanded."""
        known = self.sizes.get(node)
        if known is not None:
            return known
        if isinstance(node, self.yaml.ScalarNode):
            return 1, len(node.value)
        values, chars = 1, 0
        for n in children(node):
            v, c = self._size(n)
            values += v
            chars += c
        return values, chars


# -- the items of one list, for a reader that tells a text's kind by its start -------


class ItemReader(EventReader):
    """The items of a list in a YAML text given in pieces, read an item at a time from the
    parser's events as :class:`EventReader` reads boards (nesting and aliases checked,
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
        self.loader = loader_class()(self.feed)
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
        return type(node) is self.yaml.ScalarNode and node.tag == STR_TAG and node.value == self.key

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
            if type(first) is yaml.SequenceStartEvent and first.tag in (*plain, SEQ_TAG):
                self._new(yaml.SequenceNode, loader.get_event(), 1)
                self._depth = 1
                return "list"
            if type(first) is not yaml.MappingStartEvent or first.tag not in (*plain, MAP_TAG):
                return None
            self._new(yaml.MappingNode, loader.get_event(), 1)
            while not isinstance(loader.peek_event(), yaml.MappingEndEvent):
                key = self._node(1)
                value = loader.peek_event()
                if self._is_key(key):
                    if type(value) is yaml.SequenceStartEvent and value.tag in (*plain, SEQ_TAG):
                        self._new(yaml.SequenceNode, loader.get_event(), 2)
                        self._depth, self._mapping = 2, True
                        return self.key
                    return None
                if type(key) is yaml.ScalarNode and key.tag == STR_TAG and key.value == "boards":
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
                yield line_of(node, 0), self._data(node)
            loader.get_event()
            if self._mapping:
                while not isinstance(loader.peek_event(), yaml.MappingEndEvent):
                    key = self._node(1)
                    if self._is_key(key):
                        raise ParseError(f"key {self.key!r} given twice", source=self.source, line=line_of(key, 0))
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
                if not fastpaths.ON:
                    raise NotPlain
                return plain_data(node, set())
            except (NotPlain, DuplicateKey):  # (a key twice: the last one, as yaml's safe loader keeps it)
                return self.loader.construct_object(node, deep=True)
            finally:
                self.loader.constructed_objects = {}
        except (yaml.YAMLError, ValueError, TypeError, RecursionError) as e:
            raise yaml_error(e, self.source, 0, line_of(node, 0), syntax=False) from None
        except Exception as e:  # noqa: BLE001  (a constructor of an odd tag failing its own way)
            raise ParseError(f"yaml error: cannot read this value ({type(e).__name__})", source=self.source,
                             line=line_of(node, 0)) from None

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        """YAML's errors (and an alias bomb, nesting too deep) raised as ParseError."""
        try:
            yield
        except Fatal as f:
            raise f.error from None
        except ParseError:
            raise
        except (self.yaml.YAMLError, ValueError, RecursionError) as e:
            raise yaml_error(e, self.source, 0, 1) from None

    def close(self) -> None:
        """Let the parser go."""
        self.loader.dispose()
