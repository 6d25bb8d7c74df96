"""Tag values as the writer writes them: escaped between the quotes (:func:`escape_value`),
the Note tags (:func:`note_lines`), and the Declarer, Contract and Result values of a
board (:func:`outcome_text`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from bridgecli.core.contract import Contract
from bridgecli.core.errors import ParseError

#: A cache: each tag value written lately -> its text between the quotes (emptied past 4096
#: values); board_text looks values up in it before it calls escape_value.
ESCAPED: dict[str, str] = {}
_NEEDS_ESCAPE = re.compile(r'["\\\n\r]')
_ESCAPE = re.compile(r'\\(?=[\\"]|\Z)|"')


def escape_value(value: str, name: str) -> str:
    """``value`` ready to go between the quotes of a tag. Raises ParseError on a line break."""
    t = ESCAPED.get(value)
    if t is not None:
        return t
    t = value
    if value[:1] == "#" and (value == "#" or value[:2] == "##"):
        raise ParseError(f"tag {name} value {value!r} would read back as PBN inheritance ('#' / '##')")
    if _NEEDS_ESCAPE.search(value):
        if "\n" in value or "\r" in value:
            raise ParseError(f"tag {name} holds a line break, which PBN cannot write: {value!r}")
        t = _ESCAPE.sub(r"\\\g<0>", value)
    if len(ESCAPED) > 4096:
        ESCAPED.clear()
    ESCAPED[value] = t
    return t


def note_lines(notes: Iterable[tuple[int, str]], out: list[str]) -> None:
    for n, text in sorted(notes):
        out.append(f'[Note "{n}:{escape_value(text, "Note")}"]')


def outcome_text(contract: Contract | None, result: int | None, get: Any) -> tuple[str, str, str]:
    """The Declarer, Contract and Result values written for a board (``get`` its tags' get).
    Raises ParseError for a kept tag value PBN cannot hold."""
    esc = escape_value
    if contract is None:
        declarer_v = esc(get("Declarer", ""), "Declarer")
        contract_v = esc(get("Contract", ""), "Contract")
        result_v = esc(get("Result", ""), "Result") if result is None else str(result)
    else:
        d = contract.declarer
        declarer_v = "NESW"[d] if d is not None else ("" if contract.level == 0 else esc(get("Declarer", "?"), "D"))
        if d is not None and get("Declarer", "") == "^" + declarer_v:
            declarer_v = "^" + declarer_v  # declarer and dummy swapped (PBN 3.4.13)
        contract_v = contract.pbn
        if result is not None:
            result_v = str(result)
            if get("Result", "") == "^" + result_v:
                result_v = "^" + result_v
        else:
            result_v = esc(get("Result", "" if contract.level == 0 else "?"), "Result")
    return declarer_v, contract_v, result_v
