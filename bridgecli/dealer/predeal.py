"""Predeal specifications as the ``deal`` command and :func:`bridgecli.deal` take them.

``N:AKQJ.AKQ.AKQ.AKQ`` (a PBN hand) or ``north=SAKQ,HA`` (suit holdings) give a
seat its cards before the rest is dealt; card indices are those of
:attr:`bridgecli.core.cards.Card.index`. Pure: no numpy, no I/O.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from bridgecli.core.errors import ParseError

#: Seat words of a predeal, a plan and a script (0 north .. 3 west).
SEATS: MappingProxyType[str, int] = MappingProxyType(
    {"n": 0, "north": 0, "e": 1, "east": 1, "s": 2, "south": 2, "w": 3, "west": 3})


def parse_predeal(text: str, lang: Any = None) -> tuple[int, list[int]]:
    """``N:AKQJ.AKQ.AKQ.AKQ`` or ``north=SAKQ,HA`` -> (seat, card indices); tokens the
    English reading rejects are read in ``lang`` (``N:AKDW...``, ``Północ=PAKD``, ``É:...``).

    Raises ParseError (the English message when no reading succeeds).
    """
    try:
        return _parse_predeal_en(text)
    except ParseError:
        if lang is None:
            raise
        try:
            return _parse_predeal_lang(text, lang)
        except ParseError:
            pass
        raise


def _parse_predeal_lang(text: str, lang: Any) -> tuple[int, list[int]]:
    t = text.strip()
    sep = ":" if ":" in t[:10] else "="
    if sep not in t:
        raise ParseError(f"predeal {text!r}")
    seat_text, spec = t.split(sep, 1)
    seat = int(lang.parse_seat(seat_text))
    if sep == ":":
        return seat, [c.index for c in lang.parse_hand(spec).cards]
    cards: list[int] = []
    for part in spec.replace(" ", "").split(","):
        if not part:
            continue
        for n in range(len(part) - 1, 0, -1):
            try:
                suit = lang.parse_suit(part[:n])
                break
            except ParseError:
                continue
        else:
            raise ParseError(f"predeal {text!r}: bad holding {part!r}")
        hand = lang.parse_hand(".".join(part[n:] if s == suit else "" for s in (3, 2, 1, 0)))
        cards += [c.index for c in hand.cards]
    return seat, cards


def _parse_predeal_en(text: str) -> tuple[int, list[int]]:
    """``N:AKQJ.AKQ.AKQ.AKQ`` (PBN hand) or ``north=SAKQ,HA`` -> (seat, card indices).

    Raises ParseError.
    """
    t = text.strip()
    ranks = "23456789TJQKA"
    if ":" in t[:6]:
        seat_text, hand = t.split(":", 1)
        seat = SEATS.get(seat_text.strip().lower())
        if seat is None:
            raise ParseError(f"predeal {text!r}: unknown seat {seat_text!r}")
        suits = hand.strip().split(".")
        if len(suits) != 4:
            raise ParseError(f"predeal {text!r}: a hand has four suits S.H.D.C")
        cards: list[int] = []
        for s, holding in zip((3, 2, 1, 0), suits):
            for ch in holding.upper().replace("-", ""):
                if ch not in ranks:
                    raise ParseError(f"predeal {text!r}: bad rank {ch!r}")
                cards.append(13 * s + ranks.index(ch))
        return seat, cards
    if "=" in t:
        seat_text, spec = t.split("=", 1)
        seat = SEATS.get(seat_text.strip().lower())
        if seat is None:
            raise ParseError(f"predeal {text!r}: unknown seat {seat_text!r}")
        cards = []
        for part in spec.replace(" ", "").split(","):
            if not part:
                continue
            part = part.upper()
            if part[0] not in "SHDC" or any(ch not in ranks for ch in part[1:]):
                raise ParseError(f"predeal {text!r}: bad holding {part!r} (write SAKQ,HA)")
            s = "CDHS".index(part[0])
            cards += [13 * s + ranks.index(ch) for ch in part[1:]]
        return seat, cards
    raise ParseError(f"predeal {text!r}: write 'N:AKQ.J.T98.76' or 'north=SAKQ,HA'")
