"""The board schema shared by YAML and JSON: :class:`Board` <-> plain data.

Pure: dicts, lists, strings, ints and booleans in and out; no yaml or json
import here. :func:`to_dict` writes the canonical form, :func:`from_dict`
reads it back (plus a few convenient spellings, see ``docs/FORMATS.md``), so
``from_dict(to_dict(b)) == b`` for every well-formed board.

Key order of the canonical form::

    board, dealer, vulnerable, deal, auction_from, auction, auction_end, auction_notes,
    contract, declarer, result, play_leader, play, play_end, play_notes,
    dd, par, leads, position, tags, sections, comments, variant, extra

``dd``, ``par``, ``leads`` and ``position`` are what ``solve`` found, kept on the board in
the tags and section PBN carries them in (:mod:`bridgecli.formats.findings`).

Absent fields are left out; an empty auction or play (recorded, but no
calls/cards) is written as an empty list, so "absent" and "empty" stay apart.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from bridgecli.core.board import AnnotatedCall, Board, PlayedCard, Section, is_quiz_end
from bridgecli.core.calls import ALL_BIDS, DOUBLE, PASS, REDOUBLE, Bid, Call, parse_call
from bridgecli.core.cards import DECK, Card, Hand, Rank, Seat, Suit, Vulnerability
from bridgecli.core.contract import Contract
from bridgecli.core.deal import Deal
from bridgecli.core.errors import BridgeError, InvalidDealError, ParseError, cut, short_repr
from bridgecli.core.numbers import MAX_DIGITS, is_digits
from bridgecli.formats import findings

#: Keys of a board mapping, in the order :func:`to_dict` writes them.
KEYS: tuple[str, ...] = (
    "board", "dealer", "vulnerable", "deal", "auction_from", "auction", "auction_end", "auction_notes",
    "contract", "declarer", "result", "play_leader", "play", "play_end", "play_notes",
    "dd", "par", "leads", "position", "tags", "sections", "comments", "variant", "extra",
)

_ENDS = ("", "*", "+")

# fast paths for the canonical tokens (shared immutable values); anything else
# goes through the notation module, which also words the errors
_PLAIN_CALL: dict[str, AnnotatedCall] = {}
_ALL_CALLS: list[Call] = [*ALL_BIDS, PASS, DOUBLE, REDOUBLE]
for _c in _ALL_CALLS:
    _PLAIN_CALL[str(_c)] = AnnotatedCall(_c)
    _PLAIN_CALL[str(_c) + "!"] = AnnotatedCall(_c, alert=True)
_PLAIN_CARD: dict[object, PlayedCard] = {str(c): PlayedCard(c) for c in DECK}
_PLAIN_CARD[None] = _PLAIN_CARD["-"] = PlayedCard(None)
_RANK_OF = {r.letter: r for r in Rank}
_HAND_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

Path = tuple[object, ...]


class SchemaError(ParseError):
    """A board mapping that does not follow the schema.

    :attr:`path` locates the bad value inside the record (keys and list
    indexes), so that a reader holding the parsed document can turn it into a
    line number.
    """

    def __init__(self, message: str, *, path: Path = (), **kw: Any) -> None:
        super().__init__(message, **kw)
        self.path = path
        """Keys and indexes from the board mapping down to the bad value."""


def path_str(path: Path) -> str:
    """``auction[3].call`` style text of a path (a long key cut short, so the message
    after it stays on the error line)."""
    out = ""
    for p in path:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            out += ("." if out else "") + cut(str(p), 40)
    return out


def _fail(path: Path, message: str) -> SchemaError:
    where = path_str(path)
    return SchemaError(f"{where}: {message}" if where else message, path=path)


def _wrap(path: Path, err: BridgeError) -> BridgeError:
    """Re-raise a core error with the path in front of its message."""
    if isinstance(err, SchemaError):
        return err
    where = path_str(path)
    msg = f"{where}: {err.message}" if where else err.message
    if isinstance(err, ParseError):
        return SchemaError(msg, path=path)
    new = type(err)(msg)
    new.path = path  # type: ignore[attr-defined]
    return new


def _type_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, Mapping):
        return "mapping"
    if isinstance(value, (list, tuple)):
        return "list"
    return type(value).__name__


def _want(value: object, kind: type | tuple[type, ...], what: str, path: Path) -> Any:
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise _fail(path, f"expected {what}, got {_type_name(value)} {short_repr(value)}")
    if not isinstance(value, kind):
        raise _fail(path, f"expected {what}, got {_type_name(value)} {short_repr(value)}")
    return value


# -- writing -----------------------------------------------------------------


def call_out(a: AnnotatedCall) -> object:
    """A call of an auction as :func:`to_dict` writes it: its text, or a mapping with its marks."""
    if a.irregular == "S":
        return "^S"
    text = str(a.call)
    if a.note is None and not a.nags and not a.irregular:
        return text + "!" if a.alert else text
    d: dict[str, object] = {"call": text}
    if a.irregular:
        d["irregular"] = a.irregular
    if a.alert:
        d["alert"] = True
    if a.note is not None:
        d["note"] = a.note
    if a.nags:
        d["nags"] = list(a.nags)
    return d


# text of the shared cards and calls by identity: each is formatted once, not on every board
_CARD_TXT: dict[int, str] = {id(c): str(c) for c in DECK}
#: A cache (documented): the id of each shared plain AnnotatedCall or PlayedCard (this module's and the PBN
#: reader's, kept alive in _KEEP) -> its output in :func:`to_dict`; the JSON writer reads it too.
#: Keyed by identity: a dataclass hash would cost twice the lookup on every call and card.
PLAIN_OUT: dict[int, object] = {}
_KEEP: list[object] = []  # the objects whose ids are keys above, kept alive


def _remember_plain(items: Sequence[object]) -> None:
    """Note the output of shared plain calls or cards (read by the PBN reader or here)."""
    for a in items:
        if id(a) not in PLAIN_OUT:
            _KEEP.append(a)
            PLAIN_OUT[id(a)] = call_out(a) if isinstance(a, AnnotatedCall) else card_out(a)  # type: ignore[arg-type]


#: The modules whose shared tokens are in :data:`PLAIN_OUT` (``"schema"``, ``"pbn"``): see :func:`shared_tokens`.
SHARED_FROM: set[str] = set()


def shared_tokens() -> None:
    """Note the shared tokens of this module and of the PBN reader once it is loaded."""
    import sys

    if "schema" not in SHARED_FROM:
        SHARED_FROM.add("schema")
        _remember_plain([*_PLAIN_CALL.values(), *_PLAIN_CARD.values()])
    pbn = sys.modules.get("bridgecli.formats.pbn.tokens")
    if pbn is not None:
        SHARED_FROM.add("pbn")
        _remember_plain([*pbn.PLAIN_CALL.values(), *pbn.PLAIN_CARD.values()])


def _hand_txt(hand: Hand | None) -> str | None:
    if hand is None:
        return None
    return hand.to_pbn()


def card_out(p: PlayedCard) -> object:
    """A card of a play record as :func:`to_dict` writes it: its text, or a mapping with its marks."""
    c = p.card
    text = None if c is None else _CARD_TXT.get(id(c)) or str(c)
    if p.note is None and not p.nags and not p.irregular:
        return text
    d: dict[str, object] = {"card": text}
    if p.irregular:
        d["irregular"] = p.irregular
    if p.note is not None:
        d["note"] = p.note
    if p.nags:
        d["nags"] = list(p.nags)
    return d


def _plain(value: object) -> object:
    """Variant data as plain JSON-like data: tuples and sets become lists, enums
    their values, other objects their text."""
    if value is None or type(value) in (str, int, float, bool):
        return value
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(v) for v in value), key=repr)
    if isinstance(value, int):  # IntEnum and other int subclasses
        return int(value)
    if isinstance(value, float):
        return float(value)
    return str(value)


def to_dict(board: Board) -> dict[str, object]:
    """The board as plain data in canonical key order (absent fields left out)."""
    d: dict[str, object] = {}
    if board.number is not None:
        d["board"] = board.number
    if board.dealer is not None:
        d["dealer"] = board.dealer.letter
    if board.vulnerability is not None:
        d["vulnerable"] = board.vulnerability.pbn
    if "pbn" not in SHARED_FROM:
        shared_tokens()
    deal_v = play_v = None
    if type(board) is not Board:
        from bridgecli.formats.pbn import deal_text, play_text  # loaded already: the board is its LazyBoard

        deal_v = deal_text(board, Seat.NORTH)
        play_v = play_text(board)
    if deal_v is not None:
        d["deal"] = dict(zip("NESW", deal_v[2:].split(" ")))
    elif board.deal is not None:
        d["deal"] = {seat.letter: _hand_txt(hand) for seat, hand in board.deal}
    if board.auction_from is not None:
        d["auction_from"] = board.auction_from.letter
    if board.auction is not None:
        plain = PLAIN_OUT.get
        d["auction"] = [plain(id(a)) or call_out(a) for a in board.auction]
    if board.auction_end:
        d["auction_end"] = board.auction_end
    if board.auction_notes:
        d["auction_notes"] = {int(k): v for k, v in board.auction_notes.items()}
    if board.contract is not None:
        d["contract"] = board.contract.pbn
        if board.contract.declarer is not None:
            d["declarer"] = board.contract.declarer.letter
    if board.result is not None:
        d["result"] = board.result
    if board.play_leader is not None:
        d["play_leader"] = board.play_leader.letter
    if play_v is not None:
        toks = play_v.split()
        d["play"] = [toks[i:i + 4] for i in range(0, len(toks), 4)]
    elif board.play is not None:
        plain = PLAIN_OUT.get
        d["play"] = [[plain(id(p)) or card_out(p) for p in row] for row in board.play]
    if board.play_end:
        d["play_end"] = board.play_end
    if board.play_notes:
        d["play_notes"] = {int(k): v for k, v in board.play_notes.items()}
    tags, sections = board.tags, board.sections
    if tags or sections:
        found, tags, sections = findings.split(board)
        if found:
            d.update(found)
    if tags:
        d["tags"] = dict(tags)
    if sections:
        d["sections"] = [{"name": s.name, "header": s.header, "rows": list(s.rows)} for s in sections]
    if board.comments:
        d["comments"] = [{"after": after, "text": text} for after, text in board.comments]
    if board.variant is not None:
        d["variant"] = board.variant
    if board.extra:
        d["extra"] = _plain(board.extra)
    return d


# -- reading -----------------------------------------------------------------


def _int(value: object, path: Path, minimum: int = 0) -> int:
    _want(value, int, "an integer", path)
    assert isinstance(value, int)
    if value < minimum:
        raise _fail(path, f"expected an integer of at least {minimum}, got {short_repr(value)}")
    if value >= 10**MAX_DIGITS:  # as every reader bounds its numbers (bridgecli.core.numbers)
        raise _fail(path, f"expected an integer of at most {MAX_DIGITS} digits, got one of {len(str(value))}")
    return value


def _str(value: object, path: Path) -> str:
    return _want(value, str, "a string", path)  # type: ignore[no-any-return]


def _seat(value: object, path: Path) -> Seat:
    try:
        return Seat.from_str(_str(value, path))
    except BridgeError as e:
        raise _wrap(path, e) from None


def _scalar_text(value: object, path: Path) -> str:
    """A tag or note text; numbers and dates (YAML reads them unquoted) become text."""
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    raise _fail(path, f"expected a string, got {_type_name(value)} {short_repr(value)}")


def _fast_hand(text: str) -> Hand | None:
    """A canonical hand (``AKQ.T98..5432``, upper case, no ``10``) quickly; None if not canonical."""
    parts = text.split(".")
    if len(parts) != 4:
        return None
    cards: set[Card] = set()
    n = 0
    for suit, part in zip(_HAND_SUITS, parts):
        for ch in part:
            rank = _RANK_OF.get(ch)
            if rank is None:
                return None
            cards.add(Card(suit, rank))
            n += 1
    return Hand(cards) if len(cards) == n else None


def _hand(value: object, path: Path) -> Hand | None:
    if value is None or value == "-":
        return None
    if isinstance(value, str):
        hand = _fast_hand(value)
        if hand is not None:
            return hand
    try:
        return Hand.from_pbn(_str(value, path))
    except BridgeError as e:
        raise _wrap(path, e) from None


def _deal(value: object, path: Path) -> Deal:
    if isinstance(value, str):
        try:
            return Deal.from_pbn(value)
        except BridgeError as e:
            raise _wrap(path, e) from None
    _want(value, Mapping, "a mapping of seats to hands or a PBN deal string", path)
    assert isinstance(value, Mapping)
    hands: list[Hand | None] = [None, None, None, None]
    seen: set[Seat] = set()
    for key, hand in value.items():
        kpath = path + (key,)
        seat = _seat(key, kpath)
        if seat in seen:
            raise _fail(kpath, f"seat {seat.letter!r} given twice")
        seen.add(seat)
        h = _hand(hand, kpath)
        if h is not None and len(h) > 13:
            raise _wrap(kpath, InvalidDealError(f"{seat.name.lower()} holds {len(h)} cards, more than 13"))
        hands[seat] = h
    try:
        return Deal(tuple(hands))  # type: ignore[arg-type]
    except BridgeError as e:
        raise _wrap(path, e) from None


def _nags(value: object, path: Path) -> tuple[int, ...]:
    _want(value, (list, tuple), "a list of integers", path)
    assert isinstance(value, (list, tuple))
    return tuple(_int(v, path + (i,)) for i, v in enumerate(value))


def _note_ref(value: object, path: Path) -> int | None:
    if value is None:
        return None
    return _int(value, path, 1)


def _check_keys(value: Mapping[Any, Any], allowed: Sequence[str], path: Path) -> None:
    for key in value:
        if key not in allowed:
            raise _fail(path + (key,), f"unknown key {short_repr(key)} (known: {', '.join(allowed)})")


_SKIPPED = AnnotatedCall(PASS, irregular="S")


def _irregular(value: object, allowed: str, path: Path) -> str:
    text = _str(value, path)
    if text not in allowed or len(text) != 1:
        raise _fail(path, f"expected one of {', '.join(repr(c) for c in allowed)}, got {short_repr(text)}")
    return text


def _call(value: object, path: Path) -> AnnotatedCall:
    if isinstance(value, str):
        plain = _PLAIN_CALL.get(value)
        if plain is not None:
            return plain
        if value.strip() == "^S":
            return _SKIPPED
    try:
        if isinstance(value, str):
            text = value.strip()
            alert = text.endswith("!")
            if alert:
                text = text[:-1]
            return AnnotatedCall(parse_call(text), alert=alert)
        _want(value, Mapping, "a call (string or mapping)", path)
        assert isinstance(value, Mapping)
        _check_keys(value, ("call", "alert", "note", "nags", "irregular"), path)
        irregular = _irregular(value["irregular"], "IS", path + ("irregular",)) if "irregular" in value else ""
        if irregular == "S":
            return _SKIPPED
        if "call" not in value:
            raise _fail(path, "a call mapping needs a 'call' key")
        text = _str(value["call"], path + ("call",)).strip()
        alert = value.get("alert", False)
        _want(alert, bool, "true or false", path + ("alert",))
        if text.endswith("!"):
            text, alert = text[:-1], True
        try:
            call = parse_call(text)
        except BridgeError as e:
            raise _wrap(path + ("call",), e) from None
        if irregular and not isinstance(call, Bid):
            raise _fail(path + ("irregular",), f"'I' marks an insufficient bid, not {short_repr(text)}")
        return AnnotatedCall(
            call,
            alert=bool(alert),
            note=_note_ref(value.get("note"), path + ("note",)),
            nags=_nags(value.get("nags", []), path + ("nags",)),
            irregular=irregular,
        )
    except BridgeError as e:
        raise _wrap(path, e) from None


def _all_pass_words() -> set[str]:
    """``AP`` and the words ``show`` prints for the closing passes (All Pass, pasy, mind passz)."""
    from bridgecli.core.notation import LANGUAGES

    return {"AP"} | {" ".join(lang.word("all_pass").upper().split()) for lang in LANGUAGES.values()}


def _closing_passes(calls: list[AnnotatedCall]) -> list[AnnotatedCall]:
    """The passes that close ``calls``: three in a row after a bid, four when nothing was bid (Law 17E, 22)."""
    trailing = 0
    for c in reversed(calls):
        if c.call != PASS:
            break
        trailing += 1
    need = (3 if trailing < len(calls) else 4) - trailing
    return [AnnotatedCall(PASS)] * max(0, need)


def _auction(value: object, path: Path) -> tuple[AnnotatedCall, ...]:
    _want(value, (list, tuple), "a list of calls", path)
    assert isinstance(value, (list, tuple))
    out: list[AnnotatedCall] = []
    closing = _all_pass_words()
    for i, item in enumerate(value):
        # rows of calls are accepted and flattened
        row = [(c, path + (i, j)) for j, c in enumerate(item)] if isinstance(item, (list, tuple)) else [(item, path + (i,))]
        for call, cpath in row:
            if isinstance(call, str) and " ".join(call.upper().split()) in closing:
                out.extend(_closing_passes(out))
            else:
                out.append(_call(call, cpath))
    return tuple(out)


def _card(value: object, path: Path) -> PlayedCard:
    if isinstance(value, str) or value is None:
        plain = _PLAIN_CARD.get(value)
        if plain is not None:
            return plain
    if isinstance(value, str):
        try:
            return PlayedCard(Card.from_str(value.strip()))
        except BridgeError as e:
            raise _wrap(path, e) from None
    _want(value, Mapping, "a card (string, null or mapping)", path)
    assert isinstance(value, Mapping)
    _check_keys(value, ("card", "note", "nags", "irregular"), path)
    inner = _card(value.get("card"), path + ("card",))
    return PlayedCard(
        inner.card,
        note=_note_ref(value.get("note"), path + ("note",)),
        nags=_nags(value.get("nags", []), path + ("nags",)),
        irregular=_irregular(value["irregular"], "RL", path + ("irregular",)) if "irregular" in value else "",
    )


def _play(value: object, path: Path) -> tuple[tuple[PlayedCard, ...], ...]:
    _want(value, (list, tuple), "a list of tricks", path)
    assert isinstance(value, (list, tuple))
    rows: list[tuple[PlayedCard, ...]] = []
    for i, row in enumerate(value):
        _want(row, (list, tuple), "a trick: a list of cards", path + (i,))
        rows.append(tuple(_card(c, path + (i, j)) for j, c in enumerate(row)))
    return tuple(rows)


def _end(value: object, path: Path) -> str:
    text = _str(value, path)
    if text not in _ENDS and not (path == ("auction_end",) and is_quiz_end(text)):
        raise _fail(path, f"expected '*', '+' or '', got {short_repr(text)}")
    return text


def _notes(value: object, path: Path) -> dict[int, str]:
    _want(value, Mapping, "a mapping of note numbers to texts", path)
    assert isinstance(value, Mapping)
    out: dict[int, str] = {}
    for key, text in value.items():
        kpath = path + (key,)
        if isinstance(key, str) and is_digits(key.strip()) and len(key.strip()) <= 18:
            number = int(key)
        elif isinstance(key, int) and not isinstance(key, bool):
            number = key
        else:
            raise _fail(kpath, f"a note number is a positive integer, not {short_repr(key)}")
        if number < 1:
            raise _fail(kpath, f"a note number is a positive integer, not {short_repr(key)}")
        if number in out:
            raise _fail(kpath, f"note {number} given twice")
        out[number] = _scalar_text(text, kpath)
    return out


def _tags(value: object, path: Path) -> dict[str, str]:
    _want(value, Mapping, "a mapping of tag names to values", path)
    assert isinstance(value, Mapping)
    out: dict[str, str] = {}
    for key, text in value.items():
        kpath = path + (key,)
        if not isinstance(key, str) or not key:
            raise _fail(kpath, f"a tag name is a non-empty string, not {short_repr(key)}")
        out[key] = _scalar_text(text, kpath)
    return out


def _sections(value: object, path: Path) -> tuple[Section, ...]:
    _want(value, (list, tuple), "a list of sections", path)
    assert isinstance(value, (list, tuple))
    out: list[Section] = []
    for i, item in enumerate(value):
        ipath = path + (i,)
        _want(item, Mapping, "a section mapping (name, header, rows)", ipath)
        assert isinstance(item, Mapping)
        _check_keys(item, ("name", "header", "rows"), ipath)
        if "name" not in item:
            raise _fail(ipath, "a section needs a 'name'")
        rows = item.get("rows", [])
        _want(rows, (list, tuple), "a list of row strings", ipath + ("rows",))
        out.append(
            Section(
                name=_str(item["name"], ipath + ("name",)),
                header=_scalar_text(item.get("header", ""), ipath + ("header",)),
                rows=tuple(_scalar_text(r, ipath + ("rows", j)) for j, r in enumerate(rows)),
            )
        )
    return tuple(out)


def _comments(value: object, path: Path) -> tuple[tuple[str, str], ...]:
    _want(value, (list, tuple), "a list of comments", path)
    assert isinstance(value, (list, tuple))
    out: list[tuple[str, str]] = []
    for i, item in enumerate(value):
        ipath = path + (i,)
        _want(item, Mapping, "a comment mapping (after, text)", ipath)
        assert isinstance(item, Mapping)
        _check_keys(item, ("after", "text"), ipath)
        if "text" not in item:
            raise _fail(ipath, "a comment needs a 'text'")
        text = _str(item["text"], ipath + ("text",))
        if not (text[:1] in ("%", ";") and "\n" not in text) and not (
                text[:1] == "{" and text[-1:] == "}" and "}" not in text[1:-1]):
            raise _fail(ipath + ("text",), f"a comment is '{{...}}', a '%' line or a ';' one, not {text[:80]!r}")
        out.append((_str(item.get("after", ""), ipath + ("after",)), text))
    return tuple(out)


def from_dict(data: object) -> Board:
    """Build a board from plain data (a parsed YAML or JSON record).

    A key with a null value counts as absent; a mapping with a ``record`` key is
    a report line (``score FILE --json``, ``play --json``), refused as not a
    board. Raises :class:`SchemaError`
    (a ParseError) for a wrong key, type or token and InvalidDealError for a
    deal that breaks the rules (a card twice); both carry ``path``.
    """
    _want(data, Mapping, "a board mapping", ())
    assert isinstance(data, Mapping)
    if "record" in data:  # a report line of score, play (or simulate) --json: not a board
        kind = data["record"]
        what = f"a {kind} report" if isinstance(kind, str) and kind.replace("-", "").isalpha() and len(kind) <= 20 \
            else "a report line"
        raise SchemaError(f"this is {what} (its 'record' key), not boards", path=())
    if "vul" in data:  # the key score and solve --json wrote before: read as "vulnerable"
        vul, vulnerable = data["vul"], data.get("vulnerable")
        if vul is not None and vulnerable is not None and vul != vulnerable:
            raise _fail(("vul",), "'vul' and 'vulnerable' differ; give one")
        data = {k: v for k, v in data.items() if k != "vul"}
        data["vulnerable"] = vulnerable if vulnerable is not None else vul
    _check_keys(data, KEYS, ())
    g = {k: v for k, v in data.items() if v is not None}
    fields: dict[str, Any] = {}
    if "board" in g:
        fields["number"] = _int(g["board"], ("board",), 1)
    if "dealer" in g:
        fields["dealer"] = _seat(g["dealer"], ("dealer",))
    if "vulnerable" in g:
        try:
            fields["vulnerability"] = Vulnerability.from_str(_str(g["vulnerable"], ("vulnerable",)))
        except BridgeError as e:
            raise _wrap(("vulnerable",), e) from None
    if "deal" in g:
        fields["deal"] = _deal(g["deal"], ("deal",))
    if "auction_from" in g:
        fields["auction_from"] = _seat(g["auction_from"], ("auction_from",))
    if "auction" in g:
        fields["auction"] = _auction(g["auction"], ("auction",))
    if "auction_end" in g:
        fields["auction_end"] = _end(g["auction_end"], ("auction_end",))
    if "auction_notes" in g:
        fields["auction_notes"] = _notes(g["auction_notes"], ("auction_notes",))
    if "contract" in g:
        try:
            contract = Contract.from_str(_scalar_text(g["contract"], ("contract",)))
        except BridgeError as e:
            raise _wrap(("contract",), e) from None
        if "declarer" in g:
            declarer = _seat(g["declarer"], ("declarer",))
            if contract.declarer is not None and contract.declarer != declarer:
                raise _fail(("declarer",), f"declarer {declarer.letter!r} differs from the contract's {contract.declarer.letter!r}")
            contract = contract.with_declarer(declarer)
        fields["contract"] = contract
    elif "declarer" in g:
        raise _fail(("declarer",), "a declarer without a contract")
    if "result" in g:
        fields["result"] = _int(g["result"], ("result",))
    if "play_leader" in g:
        fields["play_leader"] = _seat(g["play_leader"], ("play_leader",))
    if "play" in g:
        fields["play"] = _play(g["play"], ("play",))
    if "play_end" in g:
        fields["play_end"] = _end(g["play_end"], ("play_end",))
    if "play_notes" in g:
        fields["play_notes"] = _notes(g["play_notes"], ("play_notes",))
    if "tags" in g:
        fields["tags"] = _tags(g["tags"], ("tags",))
    if "sections" in g:
        fields["sections"] = _sections(g["sections"], ("sections",))
    if "dd" in g or "par" in g or "leads" in g or "position" in g:
        tags, sections = dict(fields.get("tags", {})), list(fields.get("sections", ()))
        try:
            findings.merge(g, tags, sections, fields.get("deal"))
        except findings.FieldError as e:
            raise _fail(e.path, e.message) from None
        fields["tags"], fields["sections"] = tags, tuple(sections)
    if "comments" in g:
        fields["comments"] = _comments(g["comments"], ("comments",))
    if "variant" in g:
        fields["variant"] = _str(g["variant"], ("variant",))
    if "extra" in g:
        extra = _want(g["extra"], Mapping, "a mapping", ("extra",))
        for key in extra:
            if not isinstance(key, str):
                raise _fail(("extra", key), f"an extra key is a string, not {short_repr(key)}")
        fields["extra"] = dict(extra)
    return Board(**fields)


def board_label(data: object) -> str | None:
    """The board number of a raw record as text, when it has a sane one (for messages)."""
    if isinstance(data, Mapping):
        n = data.get("board")
        if isinstance(n, int) and not isinstance(n, bool):
            return str(n)
        if isinstance(n, str) and n.strip():
            return n.strip()[:20]
    return None


__all__ = ["KEYS", "SchemaError", "board_label", "from_dict", "path_str", "to_dict"]
