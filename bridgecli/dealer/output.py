"""Writing dealt boards: PBN and one-line text from whole batches, dealer's ``printall``
layout, and the general format writers (YAML, JSON, LIN) for the rest.

A dealing run hands its batches over as :data:`Produced` tuples; :func:`write_batches`
turns them into bytes on a binary handle. Board numbering follows the 16-board
cycle unless the dealer or vulnerability is fixed (:func:`board_dealer`,
:func:`board_vul`). No click, no printing: the caller owns the handle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any

from . import plain
from .plain import board_dealer, board_vul

if TYPE_CHECKING:
    from bridgecli.core.board import Board

__all__ = ["FORMATS", "PBN_HEADER", "Produced", "board_dealer", "board_vul", "boards_of", "coalesce", "direct_ok",
           "generator_tag", "localizer", "printall", "write_batches", "write_boards", "write_plain"]

#: Formats a run writes (``printall`` and ``none`` come from a script's actions).
FORMATS = ("pbn", "yaml", "json", "lin", "text")

#: The first lines of every PBN file ``deal`` writes.
PBN_HEADER = b"% PBN 2.1\n% EXPORT\n"

Produced = tuple[Any, int, Any, "bytes | None"]
"""One accepted batch: ``(owner (52, n) or None, first board, deal strings or None, finished bytes or None)``."""

Localize = Callable[[bytes], bytes]
"""Rewrites ``text`` lines (a deal string a line) in another language."""


def generator_tag(seed: int) -> str:
    """The value of the PBN ``Generator`` tag of a run with ``seed``."""
    from bridgecli.version import __version__

    return f"bridgecli {__version__} seed={seed}"


def localizer(lang: Any = None) -> Localize:
    """A bytes -> bytes function writing the ``text`` lines' seat and ranks in ``lang``
    (a :class:`~bridgecli.core.notation.Language`; the identity for English or None)."""
    if lang is None:
        return unchanged
    from bridgecli.core.notation import ENGLISH

    english = "".join(ENGLISH.rank_out) + ENGLISH.seat_out[0]
    mine = "".join(lang.rank_out) + lang.seat_out[0]
    if mine == english:
        return unchanged
    table = {ord(e): lang.rank_out[i] for i, e in enumerate(ENGLISH.rank_out)}
    table[ord(ENGLISH.seat_out[0])] = lang.seat_out[0]
    return lambda data: data.decode("ascii").translate(table).encode("utf-8")


def unchanged(data: bytes) -> bytes:
    """The identity :data:`Localize`: English output written as it is."""
    return data


def direct_ok(fmt: str, localize: Localize = unchanged) -> bool:
    """Whether workers may write ``fmt`` straight to the output (pbn, and text left in English)."""
    if fmt == "pbn":
        return True
    probe = b"N:AKQJT98765432"
    return fmt == "text" and localize(probe) == probe


def printall(owner: Any, start: int) -> str:
    """dealer's ``printall`` layout of the deals of ``owner`` ``(52, n)``: four hands side by side, N E S W."""
    lines: list[str] = []
    ranks = "23456789TJQKA"
    for k in range(owner.shape[1]):
        col = owner[:, k]
        lines.append(f"{start + k:4d}.")
        for s in (3, 2, 1, 0):
            cells = []
            for seat in range(4):
                held = [ranks[r] for r in range(12, -1, -1) if col[13 * s + r] == seat]
                cells.append(" ".join(held) + " " if held else "- ")
            lines.append("".join(c.ljust(20) for c in cells[:3]) + cells[3])
        lines.append("")
    return "\n".join(lines) + "\n"


def write_plain(fmt: str, out: IO[bytes], seed: int, fixed: Sequence[int], n: int, start_board: int,
                dealer: int | None, vul: str | None, localize: Localize = unchanged) -> None:
    """Deal ``n`` boards without conditions in plain Python (no numpy) and write them in ``fmt``:
    the same boards as the batch path deals for ``seed``."""
    key = plain.stream_key(seed)
    owners = (plain.owner_of(key, j, fixed) for j in range(n))
    if fmt == "pbn":
        render = plain.pbn_render(generator_tag(seed))
        out.write(PBN_HEADER)
        for j, owner in enumerate(owners):
            number = start_board + j
            first = board_dealer(number, dealer)
            record = render(str(number), "NESW"[first], board_vul(number, vul), plain.deal_string(owner, first))
            out.write((record if j == 0 else "\n" + record).encode("ascii"))
    elif fmt == "text":
        out.write(localize("".join(plain.deal_string(o, 0) + "\n" for o in owners).encode("ascii")))
    else:
        numbered = ((start_board + j, o) for j, o in enumerate(owners))
        write_boards(fmt, out, boards_of(numbered, seed, dealer, vul))


def coalesce(produced: Iterable[Produced], min_deals: int = 8192, max_wait: float = 0.25) -> Iterator[Produced]:
    """``produced`` with consecutive small batches of deals (no finished bytes) joined, so that the
    writers pay their per-batch cost once for thousands of deals: a joined batch goes out when it
    holds ``min_deals`` deals, when ``max_wait`` seconds passed since its first part came in, or at
    the end. The deals and their order do not change."""
    import time

    parts: list[Produced] = []
    held = 0
    since = 0.0
    for batch in produced:
        owner, _start, rows, data = batch
        if data is not None:
            if parts:
                yield _joined(parts)
                parts, held = [], 0
            yield batch
            continue
        if not parts:
            since = time.monotonic()
        parts.append(batch)
        held += rows.shape[0] if rows is not None else owner.shape[1]
        if held >= min_deals or time.monotonic() - since >= max_wait:
            yield _joined(parts)
            parts, held = [], 0
    if parts:
        yield _joined(parts)


def _joined(parts: list[Produced]) -> Produced:
    if len(parts) == 1:
        return parts[0]
    import numpy as np

    start = parts[0][1]
    owners = [p[0] for p in parts]
    rows = [p[2] for p in parts]
    owner = None if any(o is None for o in owners) else np.concatenate(owners, axis=1)
    joined_rows = None if any(r is None for r in rows) else np.concatenate(rows, axis=0)
    return owner, start, joined_rows, None


def write_batches(fmt: str, out: IO[bytes], seed: int, dealer: int | None, vul: str | None,
                  produced: Iterable[Produced], complete: Callable[[], bool], header: bool = False,
                  localize: Localize = unchanged) -> None:
    """Stream the produced batches to ``out`` in ``fmt``; ``complete()`` says whether all were found.

    A PBN file gets its header before the first board (unless ``header`` says it is
    written), or at the end of a complete run without boards (``-n 0``); a run that
    found nothing writes nothing. ``fmt`` ``none`` writes nothing at all.
    """
    if fmt == "pbn":
        records = None
        for owner, start, rows, data in produced:
            if not header:
                out.write(PBN_HEADER)
                header = True
            if data is not None:
                out.write(data)
                continue
            from . import pbnfast

            if records is None:
                records = pbnfast.RecordWriter(plain.pbn_render(generator_tag(seed)),
                                               lambda b: board_dealer(b, dealer), lambda b: board_vul(b, vul))
            if rows is None:
                deals = pbnfast.deal_strings(owner, records.dealers(start, owner.shape[1]))
            else:
                deals = pbnfast.rotate(rows, records.dealers(start, rows.shape[0]))
            for chunk in records.write(deals, start):
                out.write(chunk)
        if not header and complete():
            out.write(PBN_HEADER)
    elif fmt == "text":
        for owner, _start, rows, data in produced:
            if data is None:
                from . import pbnfast

                data = pbnfast.text_lines(owner) if rows is None else pbnfast.lines_of(rows)
            out.write(localize(data))
    elif fmt == "printall":
        for owner, start, _rows, _data in produced:
            out.write(printall(owner, start).encode("ascii"))
    elif fmt == "none":
        for _batch in produced:
            pass
    else:
        owners = ((start + k, owner[:, k].tolist()) for owner, start, _rows, _data in produced
                  for k in range(owner.shape[1]))
        write_boards(fmt, out, boards_of(owners, seed, dealer, vul))


def write_boards(fmt: str, out: IO[bytes], boards: Iterable[Board]) -> None:
    """``boards`` written by the general writer of ``fmt`` (yaml, json, lin) as UTF-8.

    Raises ModuleNotFoundError when the format's writer needs a package that is not installed.
    """
    from bridgecli.formats import iter_write

    for text in iter_write(boards, fmt):
        out.write(text.encode("utf-8"))


def boards_of(owners: Iterable[tuple[int, Sequence[int]]], seed: int, dealer: int | None = None,
              vul: str | None = None) -> Iterator[Board]:
    """:class:`~bridgecli.core.board.Board` objects of ``(board number, seat of each card)`` pairs,
    with the dealer, vulnerability and the ``Generator`` tag ``deal`` writes (the PBN roster's
    empty tags are PBN's: YAML and JSON leave out what nobody gave)."""
    from bridgecli.core.board import Board
    from bridgecli.core.cards import Seat, Vulnerability
    from bridgecli.core.deal import deal_from_indices

    tags = {"Generator": generator_tag(seed)}
    for number, owner in owners:
        yield Board(number=number, dealer=Seat(board_dealer(number, dealer)),
                    vulnerability=Vulnerability.from_str(board_vul(number, vul)),
                    deal=deal_from_indices(list(owner)), tags=dict(tags))
