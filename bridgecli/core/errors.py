"""The one error hierarchy of bridgecli.

Every error carries an optional place (``source``, ``line``, ``column``) so
that the command line can point at the bad input.
"""

from __future__ import annotations

import re
import sys
from functools import cache

#: The longest piece of a user's input an error message echoes.
ECHO_LIMIT = 80


@cache
def _quoted() -> re.Pattern[str]:
    """A quoted value as ``repr`` writes it, starting a word (so "north's" is not a quote);
    compiled when a message first needs it, not at import (start-up time).

    Where ``re`` has possessive repeats (Python 3.11+) the pattern uses them: it matches
    the same, but keeps no backtracking state per character, which took ~120 bytes a
    character of a long value (a 5 MB line echoed in an error took 640 MB)."""
    if sys.version_info >= (3, 11):
        return re.compile(r"""(?<![\w'"])(?:'(?:[^'\\\n]++|\\.)*+'|"(?:[^"\\\n]++|\\.)*+")""")
    return re.compile(r"""(?<![\w'"])(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")""")


def cut(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` itself when at most ``limit`` characters, else its start and an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


@cache
def _control() -> re.Pattern[str]:
    """A control character a terminal acts on (C0 but tab and newline, DEL, C1)."""
    return re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def visible(text: str) -> str:
    """``text`` with every control character but tab and newline written as ``\\xNN``, so
    a name or comment from a file cannot send escape sequences to the user's terminal
    (clear the screen, retitle the window) when a command prints it as text."""
    if _control().search(text) is None:
        return text
    return _control().sub(lambda m: f"\\x{ord(m.group(0)):02x}", text)


def cut_quoted(message: str, limit: int = ECHO_LIMIT) -> str:
    """``message`` with every quoted value (``'...'``, ``"..."``) longer than ``limit``
    characters cut short with an ellipsis inside its quotes, and the whole message cut
    at ten times ``limit``: a user's input is echoed, never repeated at length."""

    def short(m: re.Match[str]) -> str:
        q = m.group(0)
        if len(q) <= limit:
            return q
        body = q[1 : limit - 2]
        # never end on half an escape (``\``) that would swallow the closing quote
        body = body[:-1] if (len(body) - len(body.rstrip("\\"))) % 2 else body
        return q[0] + body + "\u2026" + q[0]

    if len(message) <= limit:
        return message  # no quoted value in it can be longer than the limit
    out = _quoted().sub(short, message)
    return cut(out, 10 * limit)


def short_repr(value: object, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)`` for a message, where :func:`cut_quoted` then cuts it: the same text
    when short, but never the whole value formatted when long (a list aliasing a 1 MB
    string 20,000 times took gigabytes). A string longer than ``limit`` is written cut as
    :func:`cut_quoted` cuts it, and a list, tuple or mapping stops once its text passes
    ten times ``limit`` (the start only: the message is cut there anyway)."""
    out: list[str] = []
    size = 0
    budget = 10 * limit + 1
    active: set[int] = set()  # ids of the containers being written (a list or dict cannot be a key)

    class Full(Exception):
        pass

    def put(text: str) -> None:
        nonlocal size
        out.append(text)
        size += len(text)
        if size > budget:
            raise Full

    def string(s: str) -> str:
        if len(s) <= limit:
            r = repr(s)
            if len(r) <= limit:
                return r
        quote = '"' if "'" in s and '"' not in s else "'"
        head = s[: limit + 2]
        body = repr(head + '"')[1:-2] if quote == "'" else repr(head)[1:-1]
        body = body[: limit - 3]
        # never end on half an escape (as cut_quoted cuts)
        body = body[:-1] if (len(body) - len(body.rstrip("\\"))) % 2 else body
        return quote + body + "\u2026" + quote

    def walk(v: object) -> None:
        kind = type(v)
        if kind is str:
            put(string(str(v)))
            return
        if kind not in (list, tuple, dict):  # (a subclass writes its own repr)
            put(repr(v))
            return
        if id(v) in active:
            put("[...]" if kind is list else "(...)" if kind is tuple else "{...}")
            return
        active.add(id(v))
        if isinstance(v, dict):
            put("{")
            for k, (key, item) in enumerate(v.items()):
                if k:
                    put(", ")
                walk(key)
                put(": ")
                walk(item)
            put("}")
        elif isinstance(v, (list, tuple)):
            put("[" if kind is list else "(")
            for k, item in enumerate(v):
                if k:
                    put(", ")
                walk(item)
            put("]" if kind is list else ",)" if len(v) == 1 else ")")
        active.discard(id(v))

    try:
        walk(value)
    except Full:
        pass
    return "".join(out)


def os_error_text(exc: Exception) -> str:
    """An OSError as ``FILE: reason`` (without "[Errno 2]"), other exceptions as ``str``.
    A name over 320 characters is written as its start and end: whole, it pushed the
    reason ("file name too long") off the line the message is cut to."""
    if not (isinstance(exc, OSError) and exc.filename is not None and exc.strerror):
        return str(exc)
    name = str(exc.filename)
    if len(name) > 4 * ECHO_LIMIT:
        name = name[:40] + "\u2026" + name[-39:]
    return f"{name}: {exc.strerror.lower()}"


class BridgeError(Exception):
    """Base of every bridgecli error: a message and where it came from."""

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        board: str | None = None,
    ) -> None:
        message = cut_quoted(message)
        super().__init__(message)
        self.message = message
        """The short, lower-case description of what is wrong."""
        self.source = source
        """The file (or ``-``) the bad input came from, when known."""
        self.line = line
        """1-based line of the bad input, when known."""
        self.column = column
        """1-based column of the bad input, when known."""
        self.board = board
        """The board the bad input belongs to, when known."""

    def located(
        self,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        board: str | None = None,
    ) -> BridgeError:
        """Fill in the place fields that are still unknown; return ``self``."""
        if self.source is None:
            self.source = source
        if self.line is None:
            self.line = line
        if self.column is None:
            self.column = column
        if self.board is None:
            self.board = board
        return self

    def where(self) -> str:
        """``source:line:column`` as far as known (may be empty)."""
        parts = [p for p in (self.source, self.line, self.column) if p is not None]
        return ":".join(str(p) for p in parts)

    def __str__(self) -> str:
        msg = self.message
        if self.board is not None and f"board {self.board}" not in msg:
            msg = f"board {cut(self.board, 40)}: {msg}"
        return msg


class ParseError(BridgeError, ValueError):
    """Text that is not valid notation: ``8H`` as a bid, a bad PBN tag."""


class RuleError(BridgeError):
    """Well-formed input that the rules do not allow here."""


class IllegalCallError(RuleError):
    """An insufficient bid, a double of partner, a call after the auction closed."""

    def __init__(self, message: str, *, reason: str = "illegal", index: int | None = None, **kw: object) -> None:
        super().__init__(message, **kw)  # type: ignore[arg-type]
        self.reason = reason
        """A word from a fixed vocabulary (``insufficient``, ``double-own-side`` ...)."""
        self.index = index
        """0-based position of the offending call in the auction, when known."""


class IllegalPlayError(RuleError):
    """A revoke, a card not held or already played, a lead out of turn."""

    def __init__(self, message: str, *, reason: str = "illegal", trick: int | None = None, **kw: object) -> None:
        super().__init__(message, **kw)  # type: ignore[arg-type]
        self.reason = reason
        """A word from a fixed vocabulary (``revoke``, ``not-held`` ...)."""
        self.trick = trick
        """1-based trick number of the offending card, when known."""


class InvalidDealError(RuleError):
    """A deal with a card twice, a card missing, or a hand of the wrong size."""


class MismatchError(RuleError):
    """Two records of the same board disagree (a Contract tag and the auction)."""


class ReadWarning(UserWarning):
    """Input read leniently: not valid notation, but read the way other programs read it
    (a PBN tag value without quotes). Issued with :func:`warnings.warn`; the command line
    prints it as one ``bridgecli: warning: ...`` line on stderr."""
