"""Lazy boards: a :class:`LazyBoard` keeps a deal, auction or play in canonical export form
as the text read until it is asked for (the reader has checked the text), and the
functions that hand that text, or small ints made from it, to the writers and the
replays without building the parts."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise
from typing import Any

from bridgecli.core.board import AnnotatedCall, Board, PlayedCard
from bridgecli.core.cards import Seat, Vulnerability
from bridgecli.core.contract import Contract
from bridgecli.core.deal import Deal
from bridgecli.core.errors import ParseError
from bridgecli.formats.pbn.canon import CANON_AUCTION, OTHER_TAG, canon_calls_of, hand_masks
from bridgecli.formats.pbn.escape import note_lines, outcome_text
from bridgecli.formats.pbn.tokens import SEAT_OF, Entry, parse_deal, parse_play

_SET = object.__setattr__

PENDING: Any = object()  # a part not parsed yet (LazyBoard)
_DEAL_SLOT: Any = Board.__dict__["deal"]
_PLAY_SLOT: Any = Board.__dict__["play"]
_AUCTION_SLOT: Any = Board.__dict__["auction"]
_FIELD_NAMES = tuple(f.name for f in __import__("dataclasses").fields(Board))


def _make_board(values: tuple[Any, ...]) -> Board:
    return Board(*values)


def _make_lazy(values: tuple[Any, ...], deal: Any, play: Any, deal_waits: bool, play_waits: bool,
               game: str | None = None, auction: Any = None, auction_waits: bool = False,
               copy_keys: tuple[Any, ...] | None = None) -> Board:
    """A LazyBoard again from :meth:`LazyBoard.__reduce__` (``game``: the game read, when the
    PBN writer may write just that for the board, else None; ``copy_keys``: what decides
    that, when not checked yet, else None)."""
    board = LazyBoard(*values)
    if game is not None:
        _SET(board, "game_source", game)
        _SET(board, "game_keys", copy_keys)  # None: checked
    if deal_waits:
        _SET(board, "deal_source", deal)
        deal = PENDING
    if play_waits:
        _SET(board, "play_entry", play)
        play = PENDING
    if auction_waits:
        _SET(board, "auction_source", auction)
        auction = PENDING
    _DEAL_SLOT.__set__(board, deal)
    _PLAY_SLOT.__set__(board, play)
    _AUCTION_SLOT.__set__(board, auction)
    return board


class LazyBoard(Board):
    """A :class:`Board` read from PBN whose deal, auction and play are parsed the first
    time they are read. Only parts in canonical export form wait, and the reader has
    checked them already (notation, no card twice, at most 13 cards a hand, the calls),
    so reading them later never raises. It equals, hashes, prints and pickles as the
    Board with the same fields; :func:`dataclasses.replace` gives one with every
    part parsed."""

    __slots__ = ("auction_source", "deal_source", "game_keys", "game_source", "play_entry", "source_hands")
    # The text read, as the reader keeps it (each set only when that part waits, or the game was read
    # in the export style); the writers and replays take it through deal_text, play_text, lazy_texts,
    # deal_masks and play_ints, which say whether the part is still that text.
    deal_source: str
    """The Deal value read (canonical, four known hands), while the deal waits."""
    source_hands: tuple[int, int, int, int]
    """The card masks of the deal's four hands from the Deal value's first seat (:func:`hand_masks`),
    when the reader kept them (the export style); :func:`deal_masks` works them out otherwise."""
    auction_source: str
    """The Auction section's rows, in the writer's form (``CANON_AUCTION``), while the auction waits."""
    play_entry: Entry
    """The Play section read (``[name, value, line, rows]``), while the play waits."""
    game_source: str | None
    """A game read in the export style: the text read, None once it is known not to be what the
    writer writes for the board (see :func:`copy_text`)."""
    game_keys: tuple[Any, ...] | None
    """What decides that (kept by the export lane, not the groups of the game's match: they hold the
    text again), None once it is checked. Set with :attr:`game_source` or not at all."""

    @property
    def deal(self) -> Deal | None:
        v = _DEAL_SLOT.__get__(self)
        if v is PENDING:
            v = parse_deal(self.deal_source)
            _DEAL_SLOT.__set__(self, v)
        return v  # type: ignore[no-any-return]

    @deal.setter
    def deal(self, value: Deal | None) -> None:
        _DEAL_SLOT.__set__(self, value)

    @property
    def auction(self) -> tuple[AnnotatedCall, ...] | None:
        v = _AUCTION_SLOT.__get__(self)
        if v is PENDING:
            v = canon_calls_of(self.auction_source)
            _AUCTION_SLOT.__set__(self, v)
        return v  # type: ignore[no-any-return]

    @auction.setter
    def auction(self, value: tuple[AnnotatedCall, ...] | None) -> None:
        _AUCTION_SLOT.__set__(self, value)

    @property
    def play(self) -> tuple[tuple[PlayedCard, ...], ...] | None:
        v = _PLAY_SLOT.__get__(self)
        if v is PENDING:
            v = parse_play(self.play_entry)[1]
            _PLAY_SLOT.__set__(self, v)
        return v  # type: ignore[no-any-return]

    @play.setter
    def play(self, value: tuple[tuple[PlayedCard, ...], ...] | None) -> None:
        _PLAY_SLOT.__set__(self, value)

    def source_texts(self) -> tuple[str | None, str | None, str | None]:
        """The parts of this board that are still the text read: (the Deal value, from the
        seat it names first; the Auction rows in the writer's form, ``CANON_AUCTION``, the
        end mark's line included; the Play rows in canonical form, ``CANON_PLAY``, the end
        mark's line included), each None once that part is built (or set, or absent).
        Never raises, never builds a part."""
        return (self.deal_source if _GET_DEAL(self) is PENDING else None,
                self.auction_source if _GET_AUCTION(self) is PENDING else None,
                self.play_entry[3][0][1] if _GET_PLAY(self) is PENDING else None)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in _FIELD_NAMES)

    __hash__ = Board.__hash__

    def __repr__(self) -> str:
        return Board.__repr__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        # parts not built yet travel as their text (to a worker process, say), and so does the
        # game read while the PBN writer may write just that; whether it does is checked here
        # only when it decides what comes back (every part built: a Board, or a LazyBoard that
        # keeps the copy), else on the other side, the first time a writer asks
        deal = _DEAL_SLOT.__get__(self)
        play = _PLAY_SLOT.__get__(self)
        auction = _AUCTION_SLOT.__get__(self)
        waiting = deal is PENDING or play is PENDING or auction is PENDING
        keys = getattr(self, "game_keys", None)
        game = getattr(self, "game_source", None) if waiting else copy_text(self)
        if not waiting and game is None:
            return _make_board, (tuple(getattr(self, f) for f in _FIELD_NAMES),)
        values = tuple(None if f in ("deal", "play", "auction") else getattr(self, f) for f in _FIELD_NAMES)
        return _make_lazy, (values, self.deal_source if deal is PENDING else deal,
                            self.play_entry if play is PENDING else play, deal is PENDING, play is PENDING, game,
                            self.auction_source if auction is PENDING else auction, auction is PENDING,
                            keys if waiting and game is not None else None)


def deal_text(board: Board, first: Seat) -> str | None:
    """The deal of ``board`` as PBN text from ``first`` when it is still the text read
    (a :class:`LazyBoard` not yet asked for its deal), else None."""
    if type(board) is not LazyBoard or _DEAL_SLOT.__get__(board) is not PENDING:
        return None
    t: str = board.deal_source
    shift = (first - SEAT_OF[t[0]]) % 4
    if not shift:
        return t
    parts = t[2:].split(" ")
    return f"{'NESW'[first]}:{' '.join(parts[shift:] + parts[:shift])}"


def deal_masks(board: Board) -> tuple[int, int, int, int] | None:
    """The four hands of ``board`` (North, East, South, West) as 52-bit card masks (bit
    ``13 * suit + rank - 2``) when its deal is still the text read (see :func:`deal_text`),
    else None. Never raises, never builds the Deal."""
    if type(board) is not LazyBoard or _DEAL_SLOT.__get__(board) is not PENDING:
        return None
    t: str = board.deal_source  # checked by the reader: canonical, four known hands
    first = SEAT_OF.get(t[0])
    try:
        hands: tuple[int, int, int, int] | None = board.source_hands  # (kept by the reader)
    except AttributeError:
        parts = t[2:].replace(" ", ".").split(".")
        hands = hand_masks(parts) if len(parts) == 16 and first is not None else None
    if hands is None or not first:  # (not first: the text's hands run from North)
        return hands
    shift = 4 - first  # the text's hands run from ``first``
    return hands[shift:] + hands[:shift]  # type: ignore[return-value]


def play_indices(board: Board) -> bytes | None:
    """The cards of ``board``'s play record as indices 0..51 (``13 * suit + rank - 2``, a
    byte a card), row after row, columns from :attr:`~bridgecli.core.board.Board.play_leader`,
    when the record is still the text read (see :func:`play_text`), else None. The end mark
    (``*``) is :attr:`~bridgecli.core.board.Board.play_end`. Never raises, never builds the play."""
    t = play_text(board)
    if t is None:
        return None
    # each card's two characters as two hex digits, its suit and its rank from 0 (``SA``
    # -> ``3c``): one byte ``16 * suit + rank - 2`` a card, the spaces and newlines skipped
    try:
        return bytes.fromhex(t.translate(_CARD_HEX)).translate(_HEX_INDEX)
    except ValueError:
        return None


#: str.translate table of a card's characters to hex digits: suit C D H S -> 0..3, rank 2..A -> 0..c
_CARD_HEX = str.maketrans("CDHS23456789TJQKA", "01230123456789abc")
#: bytes.translate table: ``16 * suit + rank - 2`` -> ``13 * suit + rank - 2``
_HEX_INDEX = bytes(13 * (b >> 4) + (b & 15) if b < 64 and b & 15 < 13 else 255 for b in range(256))


def play_ints(board: Board) -> tuple[tuple[int, int, int, int], bytes] | None:
    """(:func:`deal_masks`, :func:`play_indices`) of ``board`` when both are known and the
    record has a card, else None: what :func:`~bridgecli.core.play.replay_indices` replays
    without the Deal and the play being built. Never raises."""
    flat = play_indices(board)
    if not flat:
        return None
    hands = deal_masks(board)
    return None if hands is None else (hands, flat)


def play_ints_many(boards: Iterable[object]) -> list[tuple[tuple[int, int, int, int], bytes] | None]:
    """:func:`play_ints` of each of ``boards`` (None for anything else than a board), the
    card indices of all the records converted at once. Never raises.

    The play texts are joined and converted together, then cut by their lengths: a text
    of ``n`` cards as the writer writes it is ``3 * n`` characters, a space or a newline
    after each card. A text not of that form (its length, its separators, not ending in a
    newline), or every text of a batch that does not convert as a whole (a character not
    of a card), is converted on its own by :func:`play_ints`.
    """
    out: list[tuple[tuple[int, int, int, int], bytes] | None] = []
    texts: list[str] = []
    waiting: list[tuple[int, LazyBoard, tuple[int, int, int, int]]] = []  # (slot in out, board, hands) a text
    for board in boards:
        if type(board) is not LazyBoard:
            out.append(None)
            continue
        t = play_text(board)
        hands = deal_masks(board) if t else None
        if hands is None or t is None:
            out.append(None)
        elif t[-1] == "\n" and len(t) == 3 * (t.count(" ") + t.count("\n")):
            waiting.append((len(out), board, hands))
            out.append(None)
            texts.append(t)
        else:
            out.append(play_ints(board))
    if not texts:
        return out
    try:
        flat = bytes.fromhex("".join(texts).encode("ascii").translate(_CARD_HEX_BYTES).decode("ascii"))
    except ValueError:  # (a UnicodeError is one)
        flat = b""
    if 3 * len(flat) != sum(map(len, texts)):
        # (each text ends in a newline: no card's two characters come from two texts, and
        # no text gives more than a third of its length; so the same total is the same cut)
        for k, board, _ in waiting:
            out[k] = play_ints(board)
        return out
    flat = flat.translate(_HEX_INDEX)
    at = 0
    for (k, _, hands), t in zip(waiting, texts):
        end = at + len(t) // 3
        out[k] = (hands, flat[at:end])
        at = end
    return out


#: bytes.translate table of :data:`_CARD_HEX` (the same for ASCII text)
_CARD_HEX_BYTES = bytes.maketrans(b"CDHS23456789TJQKA", b"01230123456789abc")


def play_text(board: Board) -> str | None:
    """The play rows of ``board`` as PBN text (lines ending in LF) when they are still
    the text read, else None."""
    if type(board) is not LazyBoard or _PLAY_SLOT.__get__(board) is not PENDING:
        return None
    t: str = board.play_entry[3][0][1]
    return t[:-2] if t[-2:] == "*\n" else t


def new_board(number: int | None, dealer: Seat | None, vul: Vulnerability | None, deal: Any, deal_text: str,
               contract: Contract | None, result: int | None, tags: dict[str, str], fields: dict[str, Any],
               play_entry: Any, auction_text: str | None = None,
               hands: tuple[int, int, int, int] | None = None) -> Board:
    """A Board, or a LazyBoard when its deal (``deal`` is PENDING, its text ``deal_text``,
    the card masks of its hands ``hands`` when known), its auction (``auction_text``, its
    rows, not None) or its play (``play_entry``, the Play section, not None) is read on
    first use."""
    lazy = deal is PENDING or play_entry is not None or auction_text is not None
    board: Board = _OBJECT_NEW(LazyBoard if lazy else Board)
    get = fields.get
    # the fields in Board's order (a frozen dataclass without checks: what __init__ does,
    # slot by slot, the empty mappings new for each board as its default factories make them)
    (number_, dealer_, vul_, deal_, auction_, auction_end_, auction_notes_, play_, play_leader_, play_end_,
     play_notes_, contract_, result_, tags_, sections_, variant_, extra_, auction_from_, comments_) = SLOT_SETTERS
    number_(board, number)
    dealer_(board, dealer)
    vul_(board, vul)
    deal_(board, deal)
    auction_(board, get("auction"))
    auction_end_(board, get("auction_end", ""))
    auction_notes_(board, get("auction_notes") or {})
    play_(board, get("play"))
    play_leader_(board, get("play_leader"))
    play_end_(board, get("play_end", ""))
    play_notes_(board, get("play_notes") or {})
    contract_(board, contract)
    result_(board, result)
    tags_(board, tags)
    sections_(board, get("sections", ()))
    variant_(board, None)
    extra_(board, {})
    auction_from_(board, get("auction_from"))
    comments_(board, get("comments", ()))
    if lazy:
        if deal is PENDING:
            _SET(board, "deal_source", deal_text)
            if hands is not None:
                _SET(board, "source_hands", hands)
        if play_entry is not None:
            _SET(board, "play_entry", play_entry)
        if auction_text is not None:
            _SET(board, "auction_source", auction_text)
    return board


_OBJECT_NEW = object.__new__
#: The fields of a Board that new_board (and _export_lazy) sets, in order (a field added to Board must be added there).
_NEW_BOARD_FIELDS = ("number", "dealer", "vulnerability", "deal", "auction", "auction_end", "auction_notes", "play",
                     "play_leader", "play_end", "play_notes", "contract", "result", "tags", "sections", "variant",
                     "extra", "auction_from", "comments")
if _NEW_BOARD_FIELDS != _FIELD_NAMES:
    raise ImportError("bridgecli.formats.pbn.lazy.new_board does not know every field of Board")
SLOT_SETTERS = tuple(Board.__dict__[name].__set__ for name in _NEW_BOARD_FIELDS)


# -- added for the JSON writer (session 8, issue #19); nothing above reads it -----------


def lazy_texts(board: LazyBoard) -> tuple[str | None, str | None, str | None]:
    """:meth:`LazyBoard.source_texts` of ``board``. Never raises, never builds a part."""
    return board.source_texts()


# the slots' own getters, bound once (``_DEAL_SLOT.__get__`` makes a bound method a call)
_GET_DEAL, _GET_AUCTION, _GET_PLAY = _DEAL_SLOT.__get__, _AUCTION_SLOT.__get__, _PLAY_SLOT.__get__


# -- added for score FILE's batch (session 8, issue #19) -----------------------------------


def play_texts_many(boards: Iterable[object]) -> list[tuple[tuple[int, int, int, int], str] | None]:
    """(:func:`deal_masks`, :func:`play_text`) of each of ``boards`` when both are known and
    the record has a card, else None (also for anything else than a board): what a caller
    that converts the play texts of many boards at once (``score FILE``) takes, in one
    step a board. Never raises, never builds the Deal or the play."""
    out: list[tuple[tuple[int, int, int, int], str] | None] = []
    append = out.append
    play_of, deal_of, seat_of = _PLAY_SLOT.__get__, _DEAL_SLOT.__get__, SEAT_OF
    for board in boards:
        if type(board) is not LazyBoard or play_of(board) is not PENDING or deal_of(board) is not PENDING:
            append(None)
            continue
        t: str = board.play_entry[3][0][1]
        if t[-2:] == "*\n":
            t = t[:-2]
        hands: tuple[int, int, int, int] | None
        try:
            kept = board.source_hands  # (kept by the reader)
        except AttributeError:
            hands = deal_masks(board)
        else:
            first = seat_of.get(board.deal_source[0])
            # the hands run from ``first``: turned to run from North (as deal_masks does)
            hands = kept[4 - first:] + kept[:4 - first] if first else kept  # type: ignore[assignment]
        append((hands, t) if t and hands is not None else None)
    return out


def rows_indices(text: str) -> bytes | None:
    """The card indices (``13 * suit + rank - 2``, a byte a card) of play rows written as the
    writer writes them, or of several such texts joined (each ending in a newline), or
    None when ``text`` is not of that form: a card (two characters) then a space or a
    newline, again and again. Never raises."""
    try:
        raw = text.encode("ascii")
    except UnicodeError:
        return None
    # (a separator other than a space or a newline, a character of no card; the separators
    # looked at in the bytes: a str sliced by 3 costs ten times as much)
    if len(raw) % 3 or raw[2::3].translate(None, b" \n") or raw.translate(None, b"CDHS23456789TJQKA \n"):
        return None
    try:
        flat = bytes.fromhex(raw.translate(_CARD_HEX_BYTES).decode("ascii"))
    except ValueError:
        return None
    # (white space in a card's place would be skipped by fromhex, giving fewer bytes)
    if 3 * len(flat) != len(text):
        return None
    flat = flat.translate(_HEX_INDEX)
    return None if 255 in flat else flat  # (255: a rank where the suit goes, say)


# -- the copy of a game read in the export style ------------------------------------

def copy_text(board: LazyBoard) -> str | None:
    """The game ``board`` was read from when :func:`board_text` writes just that for it
    (see :func:`_written_as_read`; checked the first time a writer asks), else None."""
    try:
        g = board.game_keys
    except AttributeError:
        return None  # not read in the export style
    if g is not None:
        if not _written_as_read(g, board):
            _SET(board, "game_source", None)
        _SET(board, "game_keys", None)
    return board.game_source


def _written_as_read(keys: tuple[Any, ...], board: Board) -> bool:
    """Whether :func:`board_text` writes the game in the export style (what decides
    it: ``keys``, see :func:`_copy_keys`), read as ``board`` by :func:`export_board`, byte for
    byte as it was read.

    Each value the writer makes is checked against the one read: the order of the other
    tags (the writer sorts them by name), the seat it writes the deal and the auction
    from, its Declarer, Contract and Result values, calls as it spells them, notes as
    it numbers them, the play rows as it writes them. The tag values need no escapes
    and none starts with ``#`` (the regular expression and the caller see to that).
    """
    others, deal_seat, declarer_v, contract_v, result_v, auction_v, auction_other, notes_block, play_v, play_canon \
        = keys
    names = [name for name, _ in OTHER_TAG.findall(others)] if others else []
    if any(a >= b for a, b in pairwise(names)):
        return False  # the writer sorts them by name
    eff = board.effective_dealer  # the seat board_text writes the deal and the auction from
    if deal_seat != "?" and deal_seat != "NESW"[eff or 0]:
        return False  # written from the dealer
    contract = board.contract
    try:
        if (contract is None or contract.declarer is None or board.result is None) and outcome_text(
                contract, board.result, _NO_TAGS.get) != (declarer_v, contract_v, result_v):
            return False  # (a contract with declarer and result is written as the table read it)
        if auction_v is not None:
            if auction_v != ("NESW"[eff] if eff is not None else "?"):
                return False
            if auction_other and CANON_AUCTION.fullmatch(auction_other) is None:
                return False
            if notes_block:
                lines: list[str] = []
                note_lines(board.auction_notes.items(), lines)
                if "\n".join(lines) + "\n" != notes_block:
                    return False
    except ParseError:
        return False  # the writer cannot write it
    if play_v is not None:
        leader = board.play_leader
        if not play_canon or play_v != ("NESW"[leader] if leader is not None else "?"):
            return False
    return True


_NO_TAGS: dict[str, str] = {}
