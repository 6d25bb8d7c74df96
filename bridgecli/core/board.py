"""A board: one deal with everything recorded about it.

A :class:`Board` is what every format reads and writes. It keeps the
structured parts (deal, auction, play, contract, result) as core values and
every other tag, known or not, as text in :attr:`Board.tags`, so that no
information a file carried is lost on the way through.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .calls import Call
from .cards import Card, Seat, Vulnerability, dealer_of_board
from .contract import Contract
from .deal import Deal

#: Tags held in structured fields of :class:`Board`, not in ``tags``.
STRUCTURED_TAGS = frozenset(
    {"Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result", "Auction", "Play", "Note"}
)


@dataclass(frozen=True, slots=True)
class AnnotatedCall:
    """A call as recorded, with its alert, note reference and NAGs."""

    call: Call
    """The call itself."""
    alert: bool = False
    """Alerted (PBN ``!`` suffix / BridgeComposer ``$1``, LIN ``!``)."""
    note: int | None = None
    """Number of the explaining note (PBN ``=n=``), if any."""
    nags: tuple[int, ...] = ()
    """Other numeric annotation glyphs (PBN ``$n``)."""
    irregular: str = ""
    """PBN 3.9 irregularity mark: ``"I"`` (an insufficient bid that was accepted) or
    ``"S"`` (the turn of a player skipped by a call out of rotation; :attr:`call`
    is then a placeholder pass); empty for a regular call."""

    def __str__(self) -> str:
        if self.irregular == "S":
            return "^S"
        return ("^I " if self.irregular == "I" else "") + str(self.call) + ("!" if self.alert else "")


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card of the play record; ``card`` is None where the record has ``-``."""

    card: Card | None
    """The card, or None when unknown / not played."""
    note: int | None = None
    """Number of the explaining note, if any."""
    nags: tuple[int, ...] = ()
    """Numeric annotation glyphs."""
    irregular: str = ""
    """PBN 3.9 irregularity mark: ``"R"`` (a revoke) or ``"L"`` (a lead out of turn); empty when regular."""

    def __str__(self) -> str:
        mark = f"^{self.irregular} " if self.irregular else ""
        return mark + ("-" if self.card is None else str(self.card))


@dataclass(frozen=True, slots=True)
class Section:
    """A supplemental table section kept verbatim (``OptimumResultTable`` ...)."""

    name: str
    """The tag name."""
    header: str
    """The tag value (column header list)."""
    rows: tuple[str, ...] = ()
    """The data lines as read."""


def _as(kind: type[Seat | Vulnerability], value: object, what: str) -> Any:
    """``value`` as a ``kind`` (an IntEnum member, or its name read by ``from_str``)."""
    if isinstance(value, kind):
        return kind(value)
    if isinstance(value, str):
        try:
            return kind.from_str(value)
        except ValueError as exc:
            raise ValueError(f"a board's {what} {value!r}: {exc}") from None
    raise TypeError(f"a board's {what} is a {kind.__name__} or its name, not {value!r}")


def is_quiz_end(text: str) -> bool:
    """Whether ``text`` is an auction's end mark that asks a quiz's question (BridgeComposer's
    lessons): ``____`` where the next call goes, or ``+``/``____`` with NAGs (``+ $2``)."""
    words = text.split(" ")
    return (bool(words[0]) and (words[0] == "+" or words[0] == "_" * len(words[0]))
            and (len(words) > 1 or words[0] != "+")
            and all(w[:1] == "$" and w[1:].isdigit() and w[1:].isascii() and len(w) <= 4 for w in words[1:]))


@dataclass(frozen=True, slots=True)
class Board:
    """One board and what was recorded about it. Every field may be absent."""

    number: int | None = None
    """Board number (positive)."""
    dealer: Seat | None = None
    """The dealer."""
    vulnerability: Vulnerability | None = None
    """Which sides are vulnerable."""
    deal: Deal | None = None
    """The four hands."""
    auction: tuple[AnnotatedCall, ...] | None = None
    """Calls from the dealer on; None when no auction was recorded."""
    auction_end: str = ""
    """``*`` (no more calls given), ``+`` (next call to come) or empty; or a quiz's question
    mark, which says the next call is to come (:func:`is_quiz_end`: ``____``, ``+ $2``)."""
    auction_notes: Mapping[int, str] = field(default_factory=dict)
    """Note texts of the auction by number."""
    play: tuple[tuple[PlayedCard, ...], ...] | None = None
    """Play record: one row a trick, columns in seat order from :attr:`play_leader`."""
    play_leader: Seat | None = None
    """Seat of the first column of the play record (the opening leader)."""
    play_end: str = ""
    """``*`` (no more cards given, e.g. a claim), ``+`` or empty."""
    play_notes: Mapping[int, str] = field(default_factory=dict)
    """Note texts of the play by number."""
    contract: Contract | None = None
    """Final contract with declarer; None when not recorded."""
    result: int | None = None
    """Tricks won by declarer; None when not recorded."""
    tags: Mapping[str, str] = field(default_factory=dict)
    """Every other tag, in file order (``Event``, ``West``, ``Scoring``, unknown ones)."""
    sections: tuple[Section, ...] = ()
    """Supplemental table sections kept verbatim."""
    variant: str | None = None
    """Name of the game variant (None = contract bridge)."""
    extra: Mapping[str, object] = field(default_factory=dict)
    """Variant data that has no place above (talon, discards, ...)."""
    auction_from: Seat | None = None
    """Seat of the first call when no Dealer tag names the dealer (the PBN
    Auction tag's seat), kept where the board number would imply another
    dealer; the dealer field wins when both are given."""
    comments: tuple[tuple[str, str], ...] = ()
    """Commentary as read, each ``(after, text)``: ``text`` verbatim with its
    delimiters (``{...}`` or a ``%`` line), ``after`` the tag or section it
    followed (``""`` = the start of the board; ``Auction``/``Play`` for the
    sections, their notes included)."""

    def __post_init__(self) -> None:
        # a seat or vulnerability may be given by name (dealer="N", vulnerability="NS"); any
        # other wrong type is refused here, not when the board is written
        dealer, vul, number = self.dealer, self.vulnerability, self.number
        if dealer is not None and type(dealer) is not Seat:
            object.__setattr__(self, "dealer", _as(Seat, dealer, "dealer"))
        if self.auction_from is not None and type(self.auction_from) is not Seat:
            object.__setattr__(self, "auction_from", _as(Seat, self.auction_from, "auction_from"))
        if vul is not None and type(vul) is not Vulnerability:
            object.__setattr__(self, "vulnerability", _as(Vulnerability, vul, "vulnerability"))
        if number is not None and (type(number) is not int or number < 1):
            raise (TypeError if type(number) is not int else ValueError)(
                f"a board number is a positive int, not {number!r}")
        result = self.result
        if result is not None and (type(result) is not int or result < 0):
            raise (TypeError if type(result) is not int else ValueError)(
                f"a board's result is the tricks declarer won, an int from 0, not {result!r}")
        if self.tags and not all(type(k) is str and type(v) is str for k, v in self.tags.items()):
            raise TypeError("a board's tags map tag names to values, both str")
        if self.deal is not None and not isinstance(self.deal, Deal):
            raise TypeError(f"a board's deal is a Deal (Deal.from_pbn('N:...')), not {type(self.deal).__name__}")
        if self.contract is not None and not isinstance(self.contract, Contract):
            raise TypeError(f"a board's contract is a Contract (Contract.from_str('4SX')), "
                            f"not {type(self.contract).__name__}")

    def __repr__(self) -> str:
        # one line: what tells boards apart (a board holds hundreds of objects; a generated
        # repr ran to thousands of characters, and so did every result holding a board)
        parts = []
        if self.number is not None:
            parts.append(f"number={self.number}")
        if self.dealer is not None:
            parts.append(f"dealer={self.dealer.letter}")
        if self.vulnerability is not None:
            parts.append(f"vul={self.vulnerability.pbn}")
        if self.contract is not None:
            by = self.contract.declarer
            parts.append(f"contract={self.contract.pbn}" + (f" by {by.letter}" if by is not None else ""))
        if self.result is not None:
            parts.append(f"result={self.result}")
        if self.variant is not None:
            parts.append(f"variant={self.variant}")
        return f"<Board {' '.join(parts)}>" if parts else "<Board>"

    def replace(self, **changes: object) -> Board:
        """A copy with some fields changed."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    @property
    def effective_dealer(self) -> Seat | None:
        """The dealer, else the first caller of the auction, else the one the board number implies."""
        if self.dealer is not None:
            return self.dealer
        if self.auction_from is not None:
            return self.auction_from
        return dealer_of_board(self.number) if self.number else None

    @property
    def effective_vulnerability(self) -> Vulnerability | None:
        """The vulnerability, else the one the board number implies."""
        if self.vulnerability is not None:
            return self.vulnerability
        return Vulnerability.from_board(self.number) if self.number else None

    @property
    def irregular(self) -> bool:
        """Whether the auction or play carries a PBN irregularity mark (``^I ^S ^R ^L``)."""
        return any(a.irregular for a in self.auction or ()) or any(
            p.irregular for row in self.play or () for p in row)

    @property
    def calls(self) -> list[Call]:
        """The bare calls of the auction (empty when none)."""
        return [a.call for a in self.auction or ()]

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of another tag, e.g. ``board.tag("Event")``."""
        return self.tags.get(name, default)

    def player(self, seat: Seat) -> str | None:
        """The player name at ``seat`` (tags West/North/East/South)."""
        return self.tags.get(("North", "East", "South", "West")[seat])

    @property
    def played_cards(self) -> list[tuple[Seat, Card | None]]:
        """The play record as (seat, card) by rows and columns, not in time order."""
        out: list[tuple[Seat, Card | None]] = []
        if self.play is None or self.play_leader is None:
            return out
        for row in self.play:
            for i, pc in enumerate(row):
                out.append((self.play_leader.next(i), pc.card))
        return out

    @property
    def label(self) -> str:
        """``board 3``, ``board 1-1`` (a label as the Board tag gave it) or ``board ?`` for messages."""
        return f"board {self.number if self.number is not None else self.tags.get('Board') or '?'}"
