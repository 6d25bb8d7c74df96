"""YAML text to node trees, plain data and boards: the safe loader, its limits, located errors.

:func:`loader_class` is yaml's safe loader (libyaml's when present) with whole numbers
read in decimal and number constructors that fail with a YAML error. The limits
(:data:`MAX_DEPTH`, :data:`MAX_ALIAS_NODES`, :data:`MAX_ALIAS_CHARS`) are checked on a
whole document by :func:`check_events` and :func:`alias_bomb`, and a board at a time
by :class:`~bridgecli.formats.yaml_events.EventReader`. :func:`board_from_node` turns
one board's node tree into a :class:`~bridgecli.core.board.Board` (or its error, at the
line of the bad value). ``yaml`` is imported on first use.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.core.numbers import is_digits

from . import schema


def yaml_module() -> Any:
    """The ``yaml`` module, imported on first use (start-up stays light)."""
    import yaml

    return yaml


def safe_subclass(kind: str) -> Any:
    """A new subclass of yaml's safe ``Loader`` or ``Dumper`` (``kind``), libyaml's when present,
    to add constructors or representers to without changing yaml's own."""
    yaml = yaml_module()
    return type(kind, (getattr(yaml, f"CSafe{kind}", getattr(yaml, f"Safe{kind}")),), {})


#: Deepest nesting of lists and mappings read (a board needs 4; deeper input could
#: overflow the YAML composer's stack).
MAX_DEPTH = 200
#: Most nodes that aliases may add to a document when expanded ("billion laughs"); read
#: a board at a time (:class:`~bridgecli.formats.yaml_events.EventReader`), to each item of a list.
MAX_ALIAS_NODES = 100_000
#: Most characters (of the scalars) that aliases may add to a document when expanded, counted
#: as MAX_ALIAS_NODES is: a 1 MB anchor named 20,000 times adds few values but 20 GB.
MAX_ALIAS_CHARS = 1_000_000


#: A whole number as YAML 1.2 and every other reader of bridgecli write one: ASCII digits,
#: a sign. YAML 1.1's other forms (``0x1F``, ``0b101``, ``017`` octal, ``1_000``, ``1:20:30``
#: base 60) stay text, which the field's own reader then refuses or keeps.
DECIMAL_INT = r"[-+]?[0-9]+"


def _decimal_ints(cls: Any) -> None:
    """Make the loader class ``cls`` resolve only :data:`DECIMAL_INT` plain scalars as whole numbers."""
    tag = "tag:yaml.org,2002:int"
    cls.yaml_implicit_resolvers = {
        first: [(t, rx) for t, rx in resolvers if t != tag]
        for first, resolvers in cls.yaml_implicit_resolvers.items()}
    cls.add_implicit_resolver(tag, re.compile(f"^(?:{DECIMAL_INT})$"), list("-+0123456789"))


def _construct_int(loader: Any, node: Any) -> int:
    """A whole number in decimal (``017`` is 17, not YAML 1.1's octal 15); ValueError for
    anything else (an explicit ``!!int 0x1F``)."""
    value = loader.construct_scalar(node)
    if not re.fullmatch(DECIMAL_INT, value, re.ASCII):
        raise ValueError(value)
    return int(value, 10)


@functools.cache
def loader_class() -> Any:
    """The safe loader (libyaml's when present) whose number constructors reject what
    they cannot read (``!!int ""``, 5,000 digits) with a YAML error, not an IndexError.
    Built once and kept (a cache of one class)."""
    yaml = yaml_module()
    cls = safe_subclass("Loader")

    def checked(kind: str, construct: Any) -> Any:
        def run(loader: Any, node: Any) -> Any:
            try:
                return construct(loader, node)
            except (ValueError, IndexError, TypeError, AttributeError, OverflowError) as exc:
                raise yaml.constructor.ConstructorError(
                    None, None, f"not {kind}: {str(node.value)[:40]!r}", node.start_mark) from exc

        return run

    _decimal_ints(cls)
    for tag, kind, construct in (
        ("int", "a whole number", _construct_int),
        ("float", "a number", cls.construct_yaml_float),
        ("bool", "true or false", cls.construct_yaml_bool),
        ("binary", "base64 data", cls.construct_yaml_binary),
        ("timestamp", "a date", cls.construct_yaml_timestamp),
    ):
        cls.add_constructor(f"tag:yaml.org,2002:{tag}", checked(kind, construct))
    return cls


def check_events(text: str, source: str | None, offset: int) -> ParseError | bool:
    """A ParseError when the text nests lists and mappings deeper than MAX_DEPTH,
    found from the parser's events (which need no stack) before anything is composed;
    else whether the text uses aliases at all."""
    yaml = yaml_module()
    loader = loader_class()(text)
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


def children(node: Any) -> list[Any]:
    """The nodes right under a list or mapping node (a mapping's keys and values)."""
    return node.value if isinstance(node, yaml_module().SequenceNode) else [n for kv in node.value for n in kv]


def alias_bomb(root: Any, source: str | None, offset: int) -> ParseError | None:
    """A ParseError when aliases expand the node tree under ``root`` by more than
    MAX_ALIAS_NODES nodes or MAX_ALIAS_CHARS characters, or refer to themselves; sizes
    are counted once a node (without expanding anything) and without recursion."""
    yaml = yaml_module()
    # keyed by the node itself (nodes hash by identity; the tree keeps them alive)
    size: dict[Any, int] = {}
    chars: dict[Any, int] = {}
    distinct = 0
    distinct_chars = 0
    stack: list[tuple[Any, bool]] = [(root, False)]
    open_: set[Any] = set()
    while stack:
        node, done = stack.pop()
        if done:
            open_.discard(node)
            below = children(node)
            size[node] = 1 + sum(size[k] for k in below)
            chars[node] = sum(chars[k] for k in below)
            continue
        if node in size:
            continue
        if node in open_:
            return ParseError("yaml error: an alias refers to the list or mapping that holds it",
                              source=source, line=line_of(node, offset))
        distinct += 1
        if isinstance(node, yaml.ScalarNode):
            size[node] = 1
            chars[node] = len(node.value)
            distinct_chars += chars[node]
            continue
        open_.add(node)
        stack.append((node, True))
        stack.extend((k, False) for k in children(node) if k not in size)
    if size[root] - distinct > MAX_ALIAS_NODES:
        return ParseError(f"yaml error: aliases expand to more than {MAX_ALIAS_NODES:,} extra values "
                          "(an alias bomb)", source=source,
                          line=line_of(root, offset))
    if chars[root] - distinct_chars > MAX_ALIAS_CHARS:
        return ParseError(f"yaml error: aliases expand to more than {MAX_ALIAS_CHARS:,} extra characters "
                          "(an alias bomb)", source=source, line=line_of(root, offset))
    return None


def safe_load(text: str, source: str | None = None) -> object:
    """The plain data of one YAML document, read as :func:`iter_records` reads boards:
    safe tags only, nesting and alias expansion bounded. Raises ParseError."""
    yaml = yaml_module()
    checked = check_events(text, source, 0)
    if isinstance(checked, ParseError):
        raise checked
    loader = loader_class()(text)
    try:
        root = loader.get_single_node()
        if root is None:
            return None
        bad = alias_bomb(root, source, 0) if checked else None
        if bad is not None:
            raise bad
        return loader.construct_document(root)
    except (yaml.YAMLError, ValueError, RecursionError) as exc:
        raise yaml_error(exc, source, 0, 1) from None
    finally:
        loader.dispose()


def _node_at(node: Any, path: tuple[object, ...]) -> Any:
    """The deepest node along ``path`` (keys and indexes) under ``node``."""
    yaml = yaml_module()
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


def line_of(node: Any, offset: int) -> int:
    return int(node.start_mark.line) + 1 + offset


class YamlSyntaxError(ParseError):
    """A YAML syntax error (the text is not YAML at all)."""


def yaml_error(exc: Exception, source: str | None, offset: int, fallback: int, syntax: bool = True) -> ParseError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = mark.line + 1 + offset if mark is not None else fallback
    problem = getattr(exc, "problem", None) or str(exc).split("\n")[0]
    context = getattr(exc, "context", None)
    msg = ("yaml syntax error: " if syntax else "yaml error: ") + str(problem) + (f" ({context})" if context else "")
    return (YamlSyntaxError if syntax else ParseError)(msg, source=source, line=line)


STR_TAG = "tag:yaml.org,2002:str"
SEQ_TAG = "tag:yaml.org,2002:seq"
MAP_TAG = "tag:yaml.org,2002:map"
NULL_TAG = "tag:yaml.org,2002:null"


class NotPlain(Exception):
    """The node tree needs the full constructor (aliases, merge keys, unusual tags)."""


class DuplicateKey(Exception):
    """A mapping names the same key twice."""

    def __init__(self, node: Any) -> None:
        super().__init__(node.value)
        self.node = node


def plain_data(node: Any, seen: set[Any]) -> object:
    """Plain data of a node tree of strings, ints, nulls, lists and mappings, built
    quickly; raises NotPlain for anything else (the loader's constructor handles it)."""
    tag = node.tag
    if tag == STR_TAG:
        return node.value
    if tag == SEQ_TAG or tag == MAP_TAG:
        if node in seen:  # (an alias: nodes hash by identity)
            raise NotPlain
        seen.add(node)
        if tag == SEQ_TAG:
            return [plain_data(n, seen) for n in node.value]
        out: dict[object, object] = {}
        for k, v in node.value:
            if k.tag != STR_TAG and k.tag != "tag:yaml.org,2002:int":
                raise NotPlain
            key = plain_data(k, seen)
            if key in out:
                raise DuplicateKey(k)
            out[key] = plain_data(v, seen)
        return out
    if tag == NULL_TAG:
        return None
    if tag == "tag:yaml.org,2002:int":
        v = node.value
        if isinstance(v, str) and 0 < len(v) <= 18 and is_digits(v) and (v == "0" or v[0] != "0"):
            return int(v)
    raise NotPlain


def board_from_node(loader: Any, node: Any, source: str | None, offset: int) -> Board | BridgeError:
    yaml = yaml_module()
    try:
        try:
            data = plain_data(node, set())
        except NotPlain:
            data = loader.construct_object(node, deep=True)
        except DuplicateKey as d:
            return ParseError(f"key {d.node.value!r} given twice", source=source, line=line_of(d.node, offset))
    except (yaml.YAMLError, ValueError, TypeError, RecursionError) as e:
        return yaml_error(e, source, offset, line_of(node, offset), syntax=False)
    except Exception as e:  # noqa: BLE001  (a constructor of an odd tag failing its own way)
        return ParseError(f"yaml error: cannot read this value ({type(e).__name__})", source=source,
                          line=line_of(node, offset))
    try:
        return schema.from_dict(data)
    except BridgeError as e:
        path = getattr(e, "path", ())
        return e.located(source=source, line=line_of(_node_at(node, path), offset), board=schema.board_label(data))


def board_nodes(root: Any, source: str | None, offset: int) -> Iterator[Any]:
    """The board nodes of one document; a non-board yields a ParseError instead."""
    yaml = yaml_module()
    if isinstance(root, yaml.SequenceNode):
        yield from root.value
        return
    if isinstance(root, yaml.MappingNode):
        for key_node, value_node in root.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == "boards":
                if len(root.value) != 1:
                    yield ParseError("a 'boards' mapping holds nothing else", source=source, line=line_of(root, offset))
                elif isinstance(value_node, yaml.SequenceNode):
                    yield from value_node.value
                elif not (isinstance(value_node, yaml.ScalarNode) and value_node.tag.endswith(":null")):
                    yield ParseError("'boards' holds a list of boards", source=source, line=line_of(value_node, offset))
                return
        yield root
        return
    if isinstance(root, yaml.ScalarNode) and root.tag.endswith(":null"):
        return
    yield ParseError(
        f"expected a list of boards, got {str(getattr(root, 'value', ''))[:30]!r}",
        source=source,
        line=line_of(root, offset),
    )
