"""The variants of the Polish rules text, as data plugged into the core.

``find_variant("nullo")`` returns the :class:`~bridgecli.variants.base.Variant`
of that name (like python-chess's ``chess.variant.find_variant``); commands take
``--variant NAME``. Available: Booby (``booby``), Chinese bridge (``chinese``), two-handed
Nullo (``nullo``), Szlem (``szlem``) and two-handed bridge (``two-handed``).
"""

from __future__ import annotations

from types import MappingProxyType

from bridgecli.core.errors import ParseError

from .base import TRADITIONAL, Table, Variant, required_tricks, result_of, traditional_breakdown
from .booby import BOOBY
from .chinese import CHINESE
from .nullo import NULLO
from .szlem import SZLEM
from .two_handed import TWO_HANDED

__all__ = [
    "BOOBY",
    "CHINESE",
    "NULLO",
    "SZLEM",
    "TRADITIONAL",
    "TWO_HANDED",
    "VARIANTS",
    "Table",
    "Variant",
    "find_variant",
    "required_tricks",
    "result_of",
    "traditional_breakdown",
]

#: The variants by name.
VARIANTS: MappingProxyType[str, Variant] = MappingProxyType({v.name: v for v in (BOOBY, CHINESE, NULLO, SZLEM, TWO_HANDED)})

_ALIASES = MappingProxyType({"chinese-bridge": "chinese", "two-handed-bridge": "two-handed", "twohanded": "two-handed",
                             "two_handed": "two-handed"})


def find_variant(name: str) -> Variant:
    """The variant called ``name`` (case-insensitive). Raises ParseError if unknown."""
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    variant = VARIANTS.get(key)
    if variant is None:
        raise ParseError(f"unknown variant {name!r} (known: {', '.join(sorted(VARIANTS))})")
    return variant
