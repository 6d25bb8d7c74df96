"""What a printed hand record shows besides the hands, shared by the HTML and SVG renderers.

Everything here reads a :class:`~bridgecli.core.board.Board` as recorded: the
double-dummy table and par come from the supplemental tags ``solve`` writes
(``DoubleDummyTricks``, the ``OptimumResultTable`` section, ``ParContract``,
``OptimumScore``), so no solver is needed to draw them. Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from bridgecli.core.board import Board
from bridgecli.core.cards import Seat, Strain
from bridgecli.core.ddtable import EMPTY_VALUES, PBN_SEATS, PBN_STRAINS, DDTable
from bridgecli.core.errors import ParseError
from bridgecli.core.notation import ENGLISH, Language

#: Declarer rows of a printed double-dummy table (N, S, E, W as hand records print them).
DD_SEATS: tuple[Seat, ...] = PBN_SEATS

#: Strain columns of a printed double-dummy table (NT, ♠, ♥, ♦, ♣).
DD_STRAINS: tuple[Strain, ...] = PBN_STRAINS

#: Tag values that mean "no value" (PBN's ``#`` repeats the previous game's; ``?`` is unknown).
_EMPTY = EMPTY_VALUES


def dd_cell(table: DDTable, seat: Seat, strain: Strain) -> str:
    """A printed cell of the makeable-contracts table: the level ``seat`` makes
    in ``strain`` (tricks - 6), or ``-`` when it makes no contract there.
    """
    level = table[seat, strain] - 6
    return str(level) if level >= 1 else "-"


@dataclass(frozen=True, slots=True)
class ParLine:
    """Par as a hand record prints it: the score and the contracts."""

    score: str
    """``NS 430``, ``EW 100`` or empty when the file gives no ``OptimumScore``."""
    contracts: tuple[str, ...]
    """``4♠ NS``, ``5♦X EW`` or ``Pass``; empty when no ``ParContract``."""

    def text(self, lang: Language = ENGLISH) -> str:
        """``Par: NS 430 (4♠ NS, 4♥ NS)``; the score or the contracts alone when only one is known."""
        body = self.score
        if self.contracts:
            listed = ", ".join(self.contracts)
            body = f"{body} ({listed})" if body else listed
        return f"{lang.word('par')}: {body}"


def side_text(side: str, lang: Language) -> str:
    """``NS``/``EW`` (or one seat, as BridgeComposer writes ``S 6N=``) in ``lang``."""
    side = side.upper()
    if side == "NS":
        return lang.word("ns")
    if side == "EW":
        return lang.word("ew")
    if len(side) == 1 and side in "NESW":
        return lang.seat_str(Seat.from_str(side))
    return side


#: A par contract's result after the contract: ``=``, ``+2`` or ``-1``.
_RESULT = re.compile(r"(=|[+-]\d{1,2})$")


def par_line(board: Board, *, lang: Language = ENGLISH, ascii: bool = False) -> ParLine | None:
    """The board's par from its ``OptimumScore`` and ``ParContract`` tags; None when it has neither.

    ``ParContract`` parts are ``EW 1H+2``, ``NS 4S=``, ``S 6N=``, ``EW 5DX-1`` (with or
    without the result), separated by ``;``. A contract that cannot be read is shown as written.
    """
    return par_of_tags(board.tag("OptimumScore") or "", board.tag("ParContract") or "", lang=lang, ascii=ascii)


def par_of_tags(score_tag: str, par_tag: str, *, lang: Language = ENGLISH, ascii: bool = False) -> ParLine | None:
    """Par from the texts of ``OptimumScore`` (``NS 430``) and ``ParContract`` (``NS 4S=; NS 4H=``),
    as :func:`par_line` reads them from a board and ``solve`` gets them from
    :class:`bridgecli.solver.par.ParResult` (one way to write par: ``Par: NS 430 (4♠= NS, 4♥= NS)``)."""
    score_tag, par_tag = score_tag.strip(), par_tag.strip()
    if score_tag in _EMPTY and par_tag in _EMPTY:
        return None
    score = ""
    if score_tag not in _EMPTY:
        side, _, points = score_tag.partition(" ")
        score = f"{side_text(side, lang)} {points.strip()}" if points else score_tag
    contracts: list[str] = []
    if par_tag not in _EMPTY:
        for part in par_tag.split(";"):
            part = part.strip()
            if not part:
                continue
            side, _, text = part.partition(" ")
            text = text.strip()
            if not text:
                side, text = "", side
            found = _RESULT.search(text)
            result = found.group(1) if found else ""
            try:
                contract = ENGLISH.parse_contract(text[: len(text) - len(result)] if result else text)
            except ParseError:
                contracts.append(part)
                continue
            if contract.is_passout:
                item = lang.call_out[0]
            else:
                item = lang.contract_str(contract, symbols=not ascii) + result
                if side:
                    item += f" {side_text(side, lang)}"
            if item not in contracts:
                contracts.append(item)
    return ParLine(score, tuple(contracts))


@dataclass(frozen=True, slots=True)
class Heading:
    """The heading of a session sheet: event, site and date as the file wrote them."""

    event: str = ""
    """The ``Event`` tag."""
    site: str = ""
    """The ``Site`` tag."""
    date: str = ""
    """The ``Date`` tag (PBN writes ``2026.11.26``; printed as ``2026-11-26`` when complete)."""

    def __bool__(self) -> bool:
        return bool(self.event or self.site or self.date)


def _date_text(value: str) -> str:
    parts = value.split(".")
    if len(parts) == 3 and all(p.isdigit() for p in parts):
        return "-".join(parts)
    return value


def session_heading(boards: Iterable[Board]) -> Heading:
    """Event, site and date: the first value of each tag among ``boards`` that says something
    (one pass over ``boards``, which may be a stream: see :class:`HeadingScan`)."""
    scan = HeadingScan()
    for b in boards:
        if scan.add(b):
            break
    return scan.heading


class HeadingScan:
    """:func:`session_heading` a board at a time, for boards read as a stream."""

    def __init__(self) -> None:
        self.found: dict[str, str] = {}

    def add(self, board: Board) -> bool:
        """Take the tags ``board`` has and no earlier board had; True once all three are known."""
        for name in ("Event", "Site", "Date"):
            if name not in self.found:
                value = (board.tag(name) or "").strip()
                if value not in _EMPTY and not value.startswith("?"):
                    self.found[name] = value
        return len(self.found) == 3

    @property
    def heading(self) -> Heading:
        """The heading of the boards added so far."""
        found = self.found
        return Heading(found.get("Event", ""), found.get("Site", ""), _date_text(found.get("Date", "")))
