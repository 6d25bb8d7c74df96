"""Text tables of scored boards and events: tabulate's output, with a fast path for its
``simple`` style (the default, and the one a file of a million boards is printed in)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from bridgecli.core import fastpaths

MIN_PADDING = 2
"""Spaces tabulate adds to a heading's width (its ``MIN_PADDING``)."""


def fmt_num(x: float, places: int = 2) -> str:
    """``x`` with ``places`` decimals always (``75.00``, ``91.67``), so that a column reads alike."""
    text = f"{x:.{places}f}"
    return text[1:] if text.startswith("-") and not text.strip("-0.") else text


def drop_empty(rows: list[list[Any]], headers: list[str], right: Sequence[int],
               optional: Sequence[int]) -> tuple[list[list[Any]], list[str], tuple[int, ...]]:
    """Leave out the ``optional`` columns that are empty in every row (no lead known, say)."""
    gone = {i for i in optional if all(row[i] in ("", None) for row in rows)}
    keep = [i for i in range(len(headers)) if i not in gone]
    return ([[row[i] for i in keep] for row in rows], [headers[i] for i in keep],
            tuple(k for k, i in enumerate(keep) if i in right))


def table(rows: Sequence[Sequence[Any]], headers: Sequence[str], style: str, right: Sequence[int] = ()) -> str:
    """A table of ``rows`` under ``headers`` in a tabulate ``style``; columns in ``right``
    (numbers) align right, and no cell is re-parsed as a number.

    The ``simple`` style of rows of ASCII one-line cells is written here, the same text
    tabulate writes, at a tenth of its cost (a fast lane: :mod:`bridgecli.core.fastpaths`);
    anything else goes to tabulate.
    """
    if style == "simple" and rows and fastpaths.ON:
        text = _simple(rows, headers, right)
        if text is not None:
            return text
    from tabulate import tabulate

    align = ["right" if i in right else "left" for i in range(len(headers))]
    return str(tabulate(rows, headers=headers, tablefmt=style, disable_numparse=True, colalign=align))


def _simple(rows: Sequence[Sequence[Any]], headers: Sequence[str], right: Sequence[int]) -> str | None:
    """tabulate's ``simple`` table, or None when a cell is not one line of ASCII text (whose
    width tabulate measures otherwise)."""
    n = len(headers)
    if any(len(row) != n or any(type(c) is float for c in row) for row in rows):
        return None  # tabulate pads short rows and formats floats its own way
    if not all(h.isascii() and h.isprintable() for h in headers):
        return None
    cols: list[list[str]] = []
    widths: list[int] = []
    for col, head in zip(zip(*rows), headers):
        text = list(map(str, col)) if None not in col else [("" if c is None else str(c)) for c in col]
        joined = "".join(text)
        if not (joined.isascii() and joined.isprintable()):
            return None
        text = list(map(str.strip, text))  # tabulate strips the white space around a cell
        cols.append(text)
        widths.append(max(len(head) + MIN_PADDING, max(map(len, text))))
    line, out = simple_frame(headers, widths, right)
    out.extend(line(*cells).rstrip() for cells in zip(*cols))
    return "\n".join(out)


def simple_frame(headers: Sequence[str], widths: Sequence[int],
                 right: Sequence[int]) -> tuple[Callable[..., str], list[str]]:
    """The line format of tabulate's ``simple`` table with columns of these ``widths`` (each cell
    justified to its column's width, right for the columns in ``right``, two spaces apart; a
    line is then stripped on the right), and its first two lines: the headings and the rules."""
    line = "  ".join(f"{{:{'>' if i in right else '<'}{w}}}" for i, w in enumerate(widths)).format
    return line, [line(*headers).rstrip(), "  ".join("-" * w for w in widths)]


def streamed_table(rows: Callable[[], Iterable[Sequence[Any]]], headers: Sequence[str], style: str,
                   right: Sequence[int] = (), optional: Sequence[int] = ()) -> Iterator[str]:
    """The lines of ``table(*drop_empty(list(rows()), headers, right, optional), style)``
    (:func:`drop_empty`, :func:`table`), without holding the rows: ``rows()`` gives them
    anew on each call. The ``simple`` style is measured in a first pass over the rows and
    written in a second; anything else (another style, a cell :func:`table` sends to
    tabulate, no row at all) takes the rows once, as a list, to :func:`table`; so does every
    style while the fast lanes are off (:mod:`bridgecli.core.fastpaths`).
    """
    n = len(headers)
    fits = fastpaths.ON and style == "simple" and all(h.isascii() and h.isprintable() for h in headers)
    widths = [len(h) + MIN_PADDING for h in headers]
    empty = [i in optional for i in range(n)]  # an optional column with nothing in it so far
    count = 0
    if fits:
        for row in rows():
            count += 1
            if len(row) != n:
                fits = False
                break
            for i, c in enumerate(row):
                if type(c) is float:
                    fits = False
                    break
                text = "" if c is None else str(c)
                if not (text.isascii() and text.isprintable()):
                    fits = False
                    break
                width = len(text.strip())
                widths[i] = max(widths[i], width)
                if empty[i] and c not in ("", None):
                    empty[i] = False
            if not fits:
                break
    if not fits or not count:
        listed, kept, at = drop_empty([list(row) for row in rows()], list(headers), right, optional)
        yield from table(listed, kept, style, right=at).split("\n")
        return
    keep = [i for i in range(n) if not empty[i]]
    line, head = simple_frame([headers[i] for i in keep], [widths[i] for i in keep],
                              [k for k, i in enumerate(keep) if i in right])
    yield from head
    for row in rows():
        yield line(*(("" if row[i] is None else str(row[i])).strip() for i in keep)).rstrip()
