"""Whole numbers in user text: ASCII digits only, and never more than a sane count.

``str.isdigit`` is true for ``'²'`` and ``'٣'``, which ``int()`` then rejects or
reads; and ``int()`` of more than 4,300 digits raises. Every reader of numbers
in bridge notation asks here instead.
"""

from __future__ import annotations

#: More digits than any count in bridge (boards, tricks, scores) ever needs.
MAX_DIGITS = 18


def is_digits(text: str) -> bool:
    """True when ``text`` is one or more ASCII digits ``0``..``9`` (no sign, no space)."""
    return bool(text) and text.isascii() and text.isdigit()


def small_int(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """The value of ASCII digits with an optional ``+``/``-`` sign, or None when
    ``text`` is anything else or has more than ``max_digits`` significant digits.
    """
    t = text[1:] if text[:1] in ("+", "-") else text
    if not is_digits(t) or len(t.lstrip("0")) > max_digits:
        return None
    n = int(t)
    return -n if text[:1] == "-" else n


def count(text: str, what: str) -> int:
    """The value of ASCII digits (a note number, a board number ...). Raises ParseError
    naming ``what`` for anything else, or for more than :data:`MAX_DIGITS` digits."""
    from .errors import ParseError

    n = small_int(text) if is_digits(text) else None
    if n is None:
        raise ParseError(f"{what} must be a whole number of at most {MAX_DIGITS} digits, not {text!r}")
    return n
