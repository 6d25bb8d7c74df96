"""The solver's findings as board fields: ``dd``, ``par`` and ``leads`` of the board schema.

A board keeps what ``solve`` found in the tags and section PBN carries it in,
so that every format holds it the same way:

* ``dd`` (tricks for each declarer in each strain) is the ``DoubleDummyTricks``
  tag with the ``OptimumResultTable`` section;
* ``par`` (``score`` for North-South, the ``contract`` text) is the
  ``OptimumScore`` and ``ParContract`` tags;
* ``leads`` (each opening lead against a contract and the tricks the defence
  then takes) is the ``OpeningLeads`` tag, ``4SX E: SA 2, H7 3; ...``;
* ``position`` (where an unfinished play record stops, solved from there) is
  the ``DoubleDummyPosition`` tag, ``1NT W after 4 cards: 0 won, 1 in all``.

An ending (hands of fewer than 13 cards) has its ``dd`` in the section only:
the ``DoubleDummyTricks`` tag describes full deals.

:func:`split` takes them out of a board's tags and sections for
:func:`~bridgecli.formats.schema.to_dict`, but only when they are in the
canonical form solve writes (anything else stays a tag, as read, so that
nothing changes on the way through); :func:`merge` puts the fields back for
:func:`~bridgecli.formats.schema.from_dict`. Pure: plain data in and out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from bridgecli.core.board import Board, Section
from bridgecli.core.cards import SEATS, Card, Seat
from bridgecli.core.errors import BridgeError, ParseError

#: The tags these fields are kept in.
TAGS = ("DoubleDummyTricks", "OptimumScore", "ParContract", "OpeningLeads", "DoubleDummyPosition")
#: The section the double-dummy table is kept in (with the ``DoubleDummyTricks`` tag).
SECTION = "OptimumResultTable"
#: Strains of a ``dd`` row, in the order written.
STRAIN_KEYS = ("NT", "S", "H", "D", "C")

_SCORE = re.compile(r"(NS|EW) (0|[1-9][0-9]{0,5})")
_LEAD_GROUP = re.compile(r"([1-7](?:NT|[SHDC])X{0,2}) ([NESW]): (.+)")
_LEAD = re.compile(r"([SHDC][AKQJT2-9]) ([0-9]|1[0-3])")
_POSITION = re.compile(r"([1-7](?:NT|[SHDC])X{0,2}) ([NESW]) after ([0-9]|[1-4][0-9]|5[0-2]) cards?: "
                       r"([0-9]|1[0-3]) won, ([0-9]|1[0-3]) in all")
POSITION_KEYS = ("contract", "declarer", "cards_played", "declarer_tricks", "dd_tricks")


def _ending(deal: Any) -> bool:
    """Whether ``deal`` is a position of fewer than 13 cards a hand."""
    return deal is not None and all(h is not None and len(h) < 13 for _, h in deal)


def _table(board: Board) -> Any:
    """The board's DDTable when its tag and section are both as solve writes them, else None."""
    value = board.tags.get("DoubleDummyTricks")
    sections = [s for s in board.sections if s.name == SECTION]
    if len(sections) != 1 or (value is None) != _ending(board.deal):
        return None
    from bridgecli.core.ddtable import DDTable

    try:
        table = DDTable.from_pbn(value) if value is not None else DDTable.from_optimum_result_table(sections[0])
    except BridgeError:
        return None
    if (value is not None and table.to_pbn() != value) or table.optimum_result_table() != sections[0]:
        return None
    return table


def _par(tags: Mapping[str, str]) -> dict[str, object] | None:
    score, contract = tags.get("OptimumScore"), tags.get("ParContract")
    if score is None or contract is None or not contract or contract != contract.strip():
        return None
    m = _SCORE.fullmatch(score)
    if m is None or (m[1] == "EW" and m[2] == "0"):
        return None
    return {"score": int(m[2]) if m[1] == "NS" else -int(m[2]), "contract": contract}


def _leads(value: str | None) -> list[dict[str, object]] | None:
    if not value:
        return None
    out: list[dict[str, object]] = []
    for group in value.split("; "):
        m = _LEAD_GROUP.fullmatch(group)
        if m is None:
            return None
        tricks: dict[str, int] = {}
        for item in m[3].split(", "):
            lm = _LEAD.fullmatch(item)
            if lm is None or lm[1] in tricks:
                return None
            tricks[lm[1]] = int(lm[2])
        declarer = Seat.from_str(m[2])
        out.append({"contract": m[1], "declarer": m[2], "leader": declarer.lho.letter, "tricks": tricks})
    return out if leads_tag(out) == value else None


def _position(value: str | None) -> dict[str, object] | None:
    m = _POSITION.fullmatch(value) if value else None
    if m is None:
        return None
    out: dict[str, object] = {"contract": m[1], "declarer": m[2], "cards_played": int(m[3]),
                              "declarer_tricks": int(m[4]), "dd_tricks": int(m[5])}
    return out if position_tag(out) == value else None


def position_tag(position: Mapping[str, Any]) -> str:
    """The ``DoubleDummyPosition`` tag of a ``position`` field."""
    n = position["cards_played"]
    return (f"{position['contract']} {position['declarer']} after {n} card{'' if n == 1 else 's'}: "
            f"{position['declarer_tricks']} won, {position['dd_tricks']} in all")


def leads_tag(leads: Sequence[Mapping[str, Any]]) -> str:
    """The ``OpeningLeads`` tag of ``leads`` fields (``contract``, ``declarer``, ``tricks``)."""
    return "; ".join(f"{la['contract']} {la['declarer']}: " + ", ".join(f"{c} {t}" for c, t in la["tricks"].items())
                     for la in leads)


def split(board: Board) -> tuple[dict[str, object], Mapping[str, str], tuple[Section, ...]]:
    """``(fields, other tags, other sections)``: the findings of ``board`` that are in canonical
    form as ``dd``/``par``/``leads`` fields, and the tags and sections left."""
    tags = board.tags
    if ("DoubleDummyTricks" not in tags and "OptimumScore" not in tags and "OpeningLeads" not in tags
            and "DoubleDummyPosition" not in tags and not (board.sections and _ending(board.deal))):
        return {}, tags, board.sections
    fields: dict[str, object] = {}
    drop: set[str] = set()
    sections = board.sections
    table = _table(board)
    if table is not None:
        fields["dd"] = table.as_dict()
        drop.add("DoubleDummyTricks")
        sections = tuple(s for s in sections if s.name != SECTION)
    par = _par(tags)
    if par is not None:
        fields["par"] = par
        drop.update(("OptimumScore", "ParContract"))
    leads = _leads(tags.get("OpeningLeads"))
    if leads is not None:
        fields["leads"] = leads
        drop.add("OpeningLeads")
    position = _position(tags.get("DoubleDummyPosition"))
    if position is not None:
        fields["position"] = position
        drop.add("DoubleDummyPosition")
    if not fields:
        return {}, tags, sections
    return fields, {k: v for k, v in tags.items() if k not in drop}, sections


# -- reading -------------------------------------------------------------------------------


class FieldError(ParseError):
    """A bad ``dd``/``par``/``leads``/``position`` value; :attr:`path` locates it in the board mapping
    (the schema words it as its SchemaError)."""

    def __init__(self, message: str, path: tuple[object, ...]) -> None:
        super().__init__(message)
        self.path = path
        """Keys and indexes from the board mapping down to the bad value."""


def _fail(path: tuple[object, ...], message: str) -> FieldError:
    return FieldError(message, path)


def _tricks(value: object, path: tuple[object, ...], top: int = 13) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise _fail(path, f"expected tricks from 0 to {top}, got {value!r}")
    return value


def _dd(value: object) -> tuple[str, Section]:
    from bridgecli.core.ddtable import DDTable

    path: tuple[object, ...] = ("dd",)
    if not isinstance(value, Mapping):
        raise _fail(path, f"expected a mapping of seats (N, E, S, W) to tricks by strain, got {value!r}")
    seats = {s.letter for s in SEATS}
    for key in value:
        if key not in seats:
            raise _fail(path + (key,), f"unknown seat {key!r} (known: N, E, S, W)")
    rows: dict[str, dict[str, int]] = {}
    for seat in SEATS:
        row = value.get(seat.letter)
        rpath = path + (seat.letter,)
        if not isinstance(row, Mapping):
            raise _fail(rpath, f"expected tricks by strain ({', '.join(STRAIN_KEYS)}), got {row!r}")
        _keys(row, STRAIN_KEYS, rpath, "strain", "no tricks for ")
        rows[seat.letter] = {k: _tricks(row[k], rpath + (k,)) for k in STRAIN_KEYS}
    table = DDTable.from_dict(rows)
    return table.to_pbn(), table.optimum_result_table()


def _par_tags(value: object) -> dict[str, str]:
    path: tuple[object, ...] = ("par",)
    if not isinstance(value, Mapping):
        raise _fail(path, f"expected a mapping (score, contract), got {value!r}")
    for key in value:
        if key not in ("score", "contract"):
            raise _fail(path + (key,), f"unknown key {key!r} (known: score, contract)")
    score, contract = value.get("score"), value.get("contract")
    if isinstance(score, bool) or not isinstance(score, int) or abs(score) >= 10**6:
        raise _fail(path + ("score",), f"expected North-South's par score (an integer), got {score!r}")
    if not isinstance(contract, str) or not contract.strip():
        raise _fail(path + ("contract",), f"expected the par contract as text ('EW 4SX-2'), got {contract!r}")
    return {"OptimumScore": f"NS {score}" if score >= 0 else f"EW {-score}", "ParContract": contract}


def _leads_tag(value: object) -> str:
    from bridgecli.core.contract import Contract

    path: tuple[object, ...] = ("leads",)
    if not isinstance(value, (list, tuple)) or not value:
        raise _fail(path, f"expected a list of opening-lead records, got {value!r}")
    out: list[dict[str, Any]] = []
    for i, la in enumerate(value):
        ipath = path + (i,)
        if not isinstance(la, Mapping):
            raise _fail(ipath, f"expected a mapping (contract, declarer, leader, tricks), got {la!r}")
        for key in la:
            if key not in ("contract", "declarer", "leader", "tricks"):
                raise _fail(ipath + (key,), f"unknown key {key!r} (known: contract, declarer, leader, tricks)")
        try:
            contract = Contract.from_str(str(la.get("contract")))
            declarer = Seat.from_str(str(la.get("declarer")))
        except BridgeError as exc:
            raise _fail(ipath, exc.message) from None
        if contract.is_passout or contract.declarer not in (None, declarer):
            raise _fail(ipath + ("contract",), f"expected a contract without its declarer ('4SX'), got {la.get('contract')!r}")
        if "leader" in la and la["leader"] != declarer.lho.letter:
            raise _fail(ipath + ("leader",), f"the leader against {declarer.letter} is {declarer.lho.letter}, not {la['leader']!r}")
        tricks = la.get("tricks")
        if not isinstance(tricks, Mapping) or not tricks:
            raise _fail(ipath + ("tricks",), f"expected tricks for the defence by lead ('SA': 2), got {tricks!r}")
        cards: dict[str, int] = {}
        for card, t in tricks.items():
            try:
                text = str(Card.from_str(str(card)))
            except BridgeError as exc:
                raise _fail(ipath + ("tricks", card), exc.message) from None
            cards[text] = _tricks(t, ipath + ("tricks", card))
        out.append({"contract": contract.pbn, "declarer": declarer.letter, "tricks": cards})
    return leads_tag(out)


def _keys(value: Mapping[Any, Any], known: Sequence[str], path: tuple[object, ...], what: str, lack: str) -> None:
    """Raise ParseError at ``path`` for a key of ``value`` not ``known`` (an unknown ``what``), or
    for known ones it lacks (``lack`` and their names)."""
    for key in value:
        if key not in known:
            raise _fail(path + (key,), f"unknown {what} {key!r} (known: {', '.join(known)})")
    missing = [k for k in known if k not in value]
    if missing:
        raise _fail(path, f"{lack}{', '.join(missing)}")


def _position_tag(value: object) -> str:
    from bridgecli.core.contract import Contract

    path: tuple[object, ...] = ("position",)
    if not isinstance(value, Mapping):
        raise _fail(path, f"expected a mapping ({', '.join(POSITION_KEYS)}), got {value!r}")
    _keys(value, POSITION_KEYS, path, "key", "no ")
    try:
        contract = Contract.from_str(str(value["contract"]))
        declarer = Seat.from_str(str(value["declarer"]))
    except BridgeError as exc:
        raise _fail(path, exc.message) from None
    tag = position_tag({"contract": contract.pbn, "declarer": declarer.letter,
                        "cards_played": _tricks(value["cards_played"], path + ("cards_played",), 52),
                        "declarer_tricks": _tricks(value["declarer_tricks"], path + ("declarer_tricks",)),
                        "dd_tricks": _tricks(value["dd_tricks"], path + ("dd_tricks",))})
    if _position(tag) is None:
        raise _fail(path, f"not a position of a contract: {value!r}")
    return tag


def merge(data: Mapping[str, Any], tags: dict[str, str], sections: list[Section], deal: Any = None) -> None:
    """Put the ``dd``, ``par``, ``leads`` and ``position`` fields of a board mapping into ``tags``
    and ``sections`` (``deal``: the board's, which tells an ending). Raises :class:`FieldError`
    for a bad value, or a field also given as its tag."""
    added: dict[str, str] = {}
    if data.get("dd") is not None:
        tag, section = _dd(data["dd"])
        if any(s.name == SECTION for s in sections):
            raise _fail(("dd",), f"the table is given twice: 'dd' and the {SECTION} section")
        if not _ending(deal):
            added["DoubleDummyTricks"] = tag
        sections.append(section)
    if data.get("par") is not None:
        added.update(_par_tags(data["par"]))
    if data.get("leads") is not None:
        added["OpeningLeads"] = _leads_tag(data["leads"])
    if data.get("position") is not None:
        added["DoubleDummyPosition"] = _position_tag(data["position"])
    for name in added:
        if name in tags:
            field = {"DoubleDummyTricks": "dd", "OpeningLeads": "leads", "DoubleDummyPosition": "position"}.get(name, "par")
            raise _fail((field,), f"given twice: {field!r} and the tag {name}")
    tags.update(added)


__all__ = ["POSITION_KEYS", "SECTION", "STRAIN_KEYS", "TAGS", "FieldError", "leads_tag", "merge", "position_tag", "split"]
