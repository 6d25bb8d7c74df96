"""The movement file format (YAML): read and write movements.

A movement file is one YAML mapping::

    movement: howell-4          # its name
    kind: howell                # mitchell, howell or teams
    tables: 4
    rounds: 7                   # optional: checked against the seatings when given
    boards-per-round: 2         # optional (2)
    complete: true              # optional: a complete Howell (every pair meets every other)
    phantoms: [8]               # optional: missing pairs; whoever meets one sits out
    arrow-switch: [7]           # optional: rounds whose N-S and E-W are swapped (as written below)
    duplicated: false           # optional: every table has its own copy of the boards
    teams: [[1, 2], [3, 4]]     # optional: the pairs of each team
    description: a line for the director
    seatings:                   # round -> table -> who sits N-S, who E-W, which board set
      1:
        1: {ns: 8, ew: 1, set: 1}
        2: {ns: 2, ew: 7, set: 3}
        3: {ns: 3, ew: 6, set: 5, shared: true}   # shared: two tables share the set this round

Board set ``s`` holds boards ``(s-1)*B+1 .. s*B`` for ``B`` boards a round. Every key is
checked: an unknown one, an alias, a key given twice or a value of the wrong type is a
:class:`~bridgecli.core.errors.ParseError` naming its line. :func:`dumps` writes the
canonical form, and ``loads(dumps(m)) == m``.
"""

from __future__ import annotations

import json
import re
from typing import IO, Any

from bridgecli.core.errors import ParseError
from bridgecli.movements.model import KINDS, Movement, Seating

#: The keys of a movement file, in the order :func:`dumps` writes them.
KEYS = ("movement", "kind", "tables", "rounds", "boards-per-round", "complete", "phantoms", "arrow-switch",
        "duplicated", "teams", "description", "seatings")
MAX_SIZE = 1_000_000
"""The longest movement file read, in characters (the largest movement, 200 tables of 200 rounds, is far
shorter in practice; a file this long is not a movement)."""
_ROW_KEYS = ("ns", "ew", "set", "shared")
_NEEDED = ("movement", "kind", "tables", "seatings")
_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 ._/½()+-]*")
_YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


class _Node:
    """A YAML node as read: its value (scalars as text), its tag and line."""

    __slots__ = ("line", "node")

    def __init__(self, node: Any) -> None:
        self.node = node
        self.line: int = node.start_mark.line + 1


def loads(text: str, source: str | None = None) -> Movement:
    """The movement in ``text`` (a movement file).

    Raises:
        ParseError: not YAML, not a movement file, or a movement of a shape that cannot be
            (a table twice, a number out of range): the message names the line.
    """
    import yaml

    if "\x00" in text:
        raise ParseError("a movement file is text, not binary data", source=source)
    if len(text) > MAX_SIZE:
        raise ParseError(f"a movement file is at most {MAX_SIZE // 1000} kB", source=source)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml where installed: the same nodes, faster
    try:
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, yaml.AliasEvent):  # aliases would let a short file grow without bound
                line = event.start_mark.line + 1 if event.start_mark is not None else None
                raise ParseError("a movement file has no aliases", source=source, line=line)
        root = yaml.compose(text, Loader=loader)
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow (a control character)
        raise ParseError(f"not a movement file: character {chr(exc.character)!r} is not allowed in YAML",
                         source=source, line=text.count("\n", 0, exc.position) + 1) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or "not valid YAML"
        raise ParseError(f"not a movement file: {problem}", source=source,
                         line=mark.line + 1 if mark is not None else None) from None
    if root is None:
        raise ParseError("an empty movement file", source=source, line=1)
    try:
        return _movement(_Node(root))
    except ParseError as exc:
        exc.source = exc.source or source
        raise


def load(fp: IO[str], source: str | None = None) -> Movement:
    """:func:`loads` of an open text file."""
    return loads(fp.read(), source or getattr(fp, "name", None))


def _mapping(n: _Node, what: str) -> list[tuple[_Node, _Node]]:
    import yaml

    if not isinstance(n.node, yaml.MappingNode):
        raise ParseError(f"{what} is a mapping (key: value lines)", line=n.line)
    items = [(_Node(k), _Node(v)) for k, v in n.node.value]
    seen: set[str] = set()
    for k, v in items:
        key = _scalar(k)
        if key in seen:
            raise ParseError(f"{key!r} given twice in {what}", line=k.line)
        seen.add(key)
    return items


def _scalar(n: _Node) -> str:
    import yaml

    if not isinstance(n.node, yaml.ScalarNode):
        raise ParseError("a single value is expected here", line=n.line)
    return str(n.node.value)


def _int(n: _Node, what: str) -> int:
    text = _scalar(n)
    if not re.fullmatch(r"[0-9]{1,4}", text):
        raise ParseError(f"{what} is a whole number, not {text!r}", line=n.line)
    return int(text)


def _bool(n: _Node, what: str) -> bool:
    text = _scalar(n).lower()
    if text not in ("true", "false"):
        raise ParseError(f"{what} is true or false, not {_scalar(n)!r}", line=n.line)
    return text == "true"


def _ints(n: _Node, what: str) -> tuple[int, ...]:
    import yaml

    if not isinstance(n.node, yaml.SequenceNode):
        raise ParseError(f"{what} is a list of numbers ([1, 2])", line=n.line)
    return tuple(_int(_Node(x), what) for x in n.node.value)


def _movement(root: _Node) -> Movement:
    import yaml

    fields: dict[str, _Node] = {}
    for k, v in _mapping(root, "a movement file"):
        key = _scalar(k)
        if key not in KEYS:
            raise ParseError(f"unknown key {key!r} (a movement file has {', '.join(KEYS)})", line=k.line)
        fields[key] = v
    for key in _NEEDED:
        if key not in fields:
            raise ParseError(f"a movement file needs {key!r}", line=root.line)
    meta: dict[str, Any] = {"line": root.line}
    kind = _scalar(fields["kind"])
    if kind not in KINDS:
        raise ParseError(f"kind is one of {', '.join(KINDS)}, not {kind!r}", line=fields["kind"].line)
    if "boards-per-round" in fields:
        meta["boards_per_round"] = _int(fields["boards-per-round"], "boards-per-round")
    for key in ("complete", "duplicated"):
        if key in fields:
            meta[key] = _bool(fields[key], key)
    for key, attr in (("phantoms", "phantoms"), ("arrow-switch", "arrow_switch")):
        if key in fields:
            meta[attr] = _ints(fields[key], key)
    if "teams" in fields:
        node = fields["teams"]
        if not isinstance(node.node, yaml.SequenceNode):
            raise ParseError("teams is a list of lists of pairs ([[1, 2], [3, 4]])", line=node.line)
        meta["teams"] = tuple(_ints(_Node(x), "a team") for x in node.node.value)
    if "description" in fields:
        meta["description"] = _scalar(fields["description"])
    rows = []
    for rk, rv in _mapping(fields["seatings"], "seatings"):
        number = _int(rk, "a round")
        for tk, tv in _mapping(rv, f"round {number}"):
            table = _int(tk, "a table")
            row = {_scalar(k): (k, v) for k, v in _mapping(tv, f"round {number}, table {table}")}
            for key, (k, _v) in row.items():
                if key not in _ROW_KEYS:
                    raise ParseError(f"round {number}, table {table}: unknown key {key!r} (a table has"
                                     f" ns, ew, set and perhaps shared)", line=k.line)
            for key in ("ns", "ew", "set"):
                if key not in row:
                    raise ParseError(f"round {number}, table {table}: no {key!r}", line=tv.line)
            shared = _bool(row["shared"][1], "shared") if "shared" in row else False
            rows.append(Seating(number, table, _int(row["ns"][1], "a pair"), _int(row["ew"][1], "a pair"),
                                _int(row["set"][1], "a board set"), shared, tv.line))
    movement = Movement(_scalar(fields["movement"]), kind, _int(fields["tables"], "tables"),
                        tuple(rows), **meta)
    if "rounds" in fields and _int(fields["rounds"], "rounds") != movement.rounds:
        raise ParseError(f"rounds says {_scalar(fields['rounds'])} but the seatings have {movement.rounds}",
                         line=fields["rounds"].line)
    return movement


def _text(value: str) -> str:
    if _PLAIN.fullmatch(value) and value.lower() not in _YAML_WORDS and not value.endswith(" "):
        return value
    return json.dumps(value, ensure_ascii=False)


def dumps(movement: Movement) -> str:
    """``movement`` as a movement file (canonical: keys in the order of :data:`KEYS`)."""
    d = movement.to_dict()
    out = []
    for key in KEYS[:-1]:
        if key not in d:
            continue
        value = d[key]
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, int):
            text = str(value)
        elif isinstance(value, str):
            text = _text(value)
        else:
            text = json.dumps(value).replace(",", ", ").replace(",  ", ", ")
        out.append(f"{key}: {text}")
    out.append("seatings:")
    for number, tables in d["seatings"].items():
        out.append(f"  {number}:")
        for table, row in tables.items():
            cells = ", ".join(f"{k}: {'true' if v is True else v}" for k, v in row.items())
            out.append(f"    {table}: {{{cells}}}")
    return "\n".join(out) + "\n"


def dump(movement: Movement, fp: IO[str]) -> None:
    """Write :func:`dumps` of ``movement`` to ``fp``."""
    fp.write(dumps(movement))
