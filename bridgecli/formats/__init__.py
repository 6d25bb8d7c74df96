"""Text formats at the edge: PBN, YAML, JSON and LIN <-> :class:`~bridgecli.core.Board`.

Each format module ``bridgecli.formats.<name>`` offers:

* ``iter_records(text, source=None)`` -> iterator of ``Board`` or ``BridgeError``:
  every board of the text in order; a bad board is yielded as its error
  (located with source, line and board) and reading goes on where the format
  allows, so nothing a user gave is silently dropped;
* ``loads(text, source=None)`` -> ``list[Board]``: strict, raises the first error;
* ``load(fp, source=None)``, ``dumps(boards)`` -> ``str``, ``dump(boards, fp)``;
* ``iter_dumps(boards)`` -> iterator of ``str`` chunks, for streaming output.

Writers emit canonical text, so ``dumps(loads(x)) == x`` for canonical ``x``.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable, Iterator
from types import ModuleType
from typing import TYPE_CHECKING

from bridgecli.core.errors import BridgeError, ParseError

if TYPE_CHECKING:
    from bridgecli.core.board import Board

FORMATS = ("pbn", "yaml", "json", "lin")
#: Formats read (found by content) besides :data:`FORMATS`: ``text``, one deal a line
#: (:mod:`bridgecli.formats.oneline`).
READ_ONLY = ("text",)

# module names avoid shadowing the standard ``json`` and the ``yaml`` package
_MODULES = {"pbn": "pbn", "yaml": "yaml_format", "json": "json_format", "lin": "lin", "text": "oneline"}

_EXTENSIONS = {
    ".pbn": "pbn",
    ".yaml": "yaml",
    ".yml": "yaml",
    ".json": "json",
    ".jsonl": "json",
    ".ndjson": "json",
    ".lin": "lin",
}


def module(name: str) -> ModuleType:
    """The format module for ``name`` (imported lazily). Raises ParseError if unknown."""
    name = name.lower()
    if name not in FORMATS and name not in READ_ONLY:
        raise ParseError(f"unknown format {name!r} (known: {', '.join(FORMATS)})")
    return importlib.import_module(f"bridgecli.formats.{_MODULES[name]}")


def format_from_path(path: str | None) -> str | None:
    """The format a file name's extension implies, or None."""
    if not path or path == "-":
        return None
    return _EXTENSIONS.get(os.path.splitext(path)[1].lower())


def sniff(text: str) -> str:
    """Guess the format from content: JSON, LIN, YAML, ``text`` (one deal a line) or PBN (the default)."""
    head = text.lstrip("\ufeff \t\r\n")
    if head.startswith(("{", "[{", "[\n", "[ ")) or head == "[]":
        return "json"
    first = head.split("\n", 1)[0]
    if "|" in first and any(first.startswith(k) or f"|{k}|" in first for k in ("pn|", "md|", "qx|", "st|", "vg|", "sv|", "ah|", "rh|")):
        return "lin"
    if head.startswith(("%", "[", ";", "{")):
        return "pbn"
    if head[:1] in "NESWnesw0123456789BbÉéKkDd" and head[:1]:
        from bridgecli.formats.oneline import is_deal_line

        if is_deal_line(first):
            return "text"
    if head.startswith(("---", "- ", "boards:", "variant:", "board:", "number:")) or first.rstrip().endswith(":"):
        return "yaml"
    return "pbn"


def resolve_format(path: str | None, text: str | None, override: str | None) -> str:
    """``override`` if given, else the extension, else the content."""
    if override:
        return override.lower()
    fmt = format_from_path(path)
    if fmt:
        return fmt
    return sniff(text or "")


def iter_records(text: str, fmt: str, source: str | None = None) -> Iterator[Board | BridgeError]:
    """Boards of ``text`` in format ``fmt``, a bad board yielded as its error."""
    return module(fmt).iter_records(text, source=source)  # type: ignore[no-any-return]


def read_boards(text: str, fmt: str, source: str | None = None) -> list[Board]:
    """All boards of ``text`` (strict: raises the first error)."""
    return module(fmt).loads(text, source=source)  # type: ignore[no-any-return]


def iter_write(boards: Iterable[Board], fmt: str) -> Iterator[str]:
    """Text chunks of ``boards`` written in ``fmt``, for streaming."""
    return module(fmt).iter_dumps(boards)  # type: ignore[no-any-return]


def write_boards(boards: Iterable[Board], fmt: str) -> str:
    """``boards`` written in ``fmt`` as one string."""
    return module(fmt).dumps(boards)  # type: ignore[no-any-return]
