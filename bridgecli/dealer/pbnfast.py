"""Batch text output: PBN deal strings and whole PBN records for thousands of deals at once.

A PBN ``Deal`` value always has the same length (69 characters: the first
seat, a colon, four hands of 13 ranks and 3 dots, three spaces), so a batch
of them is one ``(n, 69)`` byte array, filled by a single scatter of the 52
rank letters of each deal to their computed columns.

Whole records differ only in the board number and the deal (dealer and
vulnerability follow the board number with period 16, or are fixed), so 16
consecutive boards of the same number width always have the same layout:
they are written as rows of a ``(groups, width)`` byte array cut from a
template, and the array's bytes are the output in order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
import numpy.typing as npt

U8Array = npt.NDArray[np.uint8]

#: Length of a PBN deal string ``N:s.h.d.c s.h.d.c s.h.d.c s.h.d.c``.
DEAL_LEN = 69

_RANK_CHARS = np.frombuffer(b"23456789TJQKA" * 4, dtype=np.uint8)[:, None]
_SUIT_COL = (1 + 3 - np.arange(52) // 13).astype(np.uint32)[:, None]
_TEMPLATE = np.frombuffer(b"N:" + b" ".join([b"." * 16] * 4), dtype=np.uint8)
_SEAT_LETTERS = np.frombuffer(b"NESW", dtype=np.uint8)


def deal_strings(owner: U8Array, first: npt.NDArray[np.integer] | int = 0) -> U8Array:
    """PBN deal strings of a complete batch as an ``(n, 69)`` byte array.

    ``owner`` is ``(52, n)`` (seat of each card); ``first`` is the seat the
    string starts with (one per deal, or one for all). Hands are written
    clockwise from ``first``, suits S.H.D.C, ranks descending.
    """
    n = owner.shape[1]
    out = np.empty((n, DEAL_LEN), dtype=np.uint8)
    out[:] = _TEMPLATE
    first_arr = np.asarray(first, dtype=np.uint8)
    out[:, 0] = _SEAT_LETTERS[first_arr]
    if n == 0:
        return out
    # counts[c] holds, one byte a seat, how many cards each seat has at index >= c
    shift = owner.astype(np.uint32)
    shift <<= 3
    counts = np.left_shift(np.uint32(1), shift)
    for c in range(50, -1, -1):
        counts[c] += counts[c + 1]
    counts >>= shift
    counts &= 0xFF
    # column = 17 * slot + (2 + dots before the suit) + (cards above in the hand - 1)
    slot = owner - first_arr
    slot &= 3
    col = slot.astype(np.uint32)
    col *= 17
    col += counts
    col += _SUIT_COL
    col += np.arange(0, n * DEAL_LEN, DEAL_LEN, dtype=np.uint32)
    out.reshape(-1)[col] = _RANK_CHARS
    return out


def rotate(rows: U8Array, first: npt.NDArray[np.integer]) -> U8Array:
    """Deal strings written from North (``deal_strings(owner, 0)``) rewritten from ``first``.

    Fast when ``first`` is constant or repeats with period 4 (the board
    cycle): then whole strided row slices move as blocks.
    """
    n = rows.shape[0]
    first = np.asarray(first, dtype=np.int64)
    out = np.empty_like(rows)
    out[:] = rows
    if n == 0:
        return out
    if (first == first[0]).all():
        groups = [(slice(None), int(first[0]))]
    elif n >= 4 and (first == np.resize(first[:4], n)).all():
        groups = [(slice(k, None, 4), int(first[k])) for k in range(4)]
    else:
        groups = [(np.flatnonzero(first == f), f) for f in range(4)]  # type: ignore[misc]
    for sel, f in groups:
        if f == 0:
            continue
        for k in range(4):
            src = 2 + 17 * ((f + k) % 4)
            out[sel, 2 + 17 * k:2 + 17 * k + 16] = rows[sel, src:src + 16]
        out[sel, 0] = _SEAT_LETTERS[f]
    return out


def text_lines(owner: U8Array) -> bytes:
    """One line a deal: the PBN deal string from North, LF-terminated."""
    return lines_of(deal_strings(owner, 0))


def lines_of(rows: U8Array) -> bytes:
    """Deal strings as LF-terminated lines."""
    lines = np.empty((rows.shape[0], DEAL_LEN + 1), dtype=np.uint8)
    lines[:, :DEAL_LEN] = rows
    lines[:, DEAL_LEN] = 10
    return lines.tobytes()


#: ``render(number, dealer, vulnerability, deal) -> record text`` for one board.
Render = Callable[[str, str, str, str], str]


class RecordWriter:
    """Writes boards numbered consecutively as text records cut from one template.

    ``render`` produces one record (without the separator); ``separator``
    goes before every record but the first of the output. ``dealer_of`` and
    ``vul_of`` give the dealer letter and vulnerability text of a board
    number and must have period 16 (or be constant).
    """

    def __init__(self, render: Render, dealer_of: Callable[[int], int], vul_of: Callable[[int], str],
                 separator: str = "\n") -> None:
        self.render = render
        self.dealer_of = dealer_of
        self.vul_of = vul_of
        self.separator = separator
        self.started = False
        """True once a record was written (so the next one gets the separator)."""
        self._layouts: dict[tuple[int, int], tuple[U8Array, list[int], list[int]]] = {}

    def dealers(self, start: int, n: int) -> npt.NDArray[np.int64]:
        """The dealer seat of boards ``start .. start + n - 1``."""
        cycle = np.array([self.dealer_of(start + k) for k in range(16)], dtype=np.int64)
        return cycle[np.arange(n) % 16]

    def _one(self, number: int, deal: bytes) -> str:
        text = self.render(str(number), "NESW"[self.dealer_of(number)], self.vul_of(number), deal.decode("ascii"))
        if self.started:
            return self.separator + text
        self.started = True
        return text

    def _layout(self, start: int, width: int) -> tuple[U8Array, list[int], list[int]]:
        key = (start % 16, width)
        got = self._layouts.get(key)
        if got is not None:
            return got
        parts: list[str] = []
        num_cols: list[int] = []
        deal_cols: list[int] = []
        pos = 0
        for k in range(16):
            b = start + k
            text = self.separator + self.render("\x00" * width, "NESW"[self.dealer_of(b)], self.vul_of(b), "\x01" * DEAL_LEN)
            num_cols.append(pos + text.index("\x00"))
            deal_cols.append(pos + text.index("\x01"))
            parts.append(text)
            pos += len(text.encode("latin-1"))
        template = np.frombuffer("".join(parts).encode("latin-1"), dtype=np.uint8)
        got = (template, num_cols, deal_cols)
        self._layouts[key] = got
        return got

    def write(self, deals: U8Array, start: int) -> Iterator[bytes | memoryview]:
        """Records of boards ``start, start + 1, ...`` whose deal strings are the rows of ``deals``
        (bytes-like pieces, to write or join)."""
        n = deals.shape[0]
        i = 0
        if n and not self.started:
            yield self._one(start, deals[0].tobytes()).encode("latin-1")
            i = 1
        while i < n:
            number = start + i
            width = len(str(number))
            run_end = min(n, 10 ** width - start)
            groups = (run_end - i) // 16
            if groups:
                template, num_cols, deal_cols = self._layout(number, width)
                block = np.empty((groups, len(template)), dtype=np.uint8)
                block[:] = template
                powers = 10 ** np.arange(width - 1, -1, -1, dtype=np.int64)
                base = number + 16 * np.arange(groups, dtype=np.int64)
                for k in range(16):
                    digits = ((base + k)[:, None] // powers) % 10 + 48
                    block[:, num_cols[k]:num_cols[k] + width] = digits
                    block[:, deal_cols[k]:deal_cols[k] + DEAL_LEN] = deals[i + k:i + 16 * groups:16]
                yield block.data  # no copy
                i += 16 * groups
            rest = [self._one(start + j, deals[j].tobytes()) for j in range(i, run_end)]
            if rest:
                yield "".join(rest).encode("latin-1")
            i = run_end
