"""Reading a file board by board: decoded text in pieces, never the whole file at once.

:func:`text_chunks` turns an open binary file into text pieces of about a
megabyte: a UTF-8 BOM dropped, ``\\r\\n`` and a lone ``\\r`` made ``\\n``, a NUL
byte reported as binary input on its line. The charset is chosen per file as
:func:`decode_bytes` does for a whole text: UTF-8, else Windows-1250 when a letter only
it has shows it (:func:`charset_of`, said in a warning), else Latin-1 (PBN's own).
A regular file is checked for UTF-8 first (one quick pass); a pipe is read
as UTF-8 until a byte proves it is not, then as Latin-1 from that piece on.

:func:`iter_file` gives the boards (and errors) of such pieces in a format;
each format module's ``iter_stream(chunks, source)`` does the work: PBN is
cut between games, JSON Lines between lines (pretty-printed objects an object
at a time), a JSON array and the array of a ``{"boards": [...]}`` object an item
at a time (also on one line), a YAML block list a run of items at a time (from
its first anchor or ``---`` on, and any other YAML shape, a board at a time from
the parser's events, keeping only anchored nodes for later aliases), and LIN
between ``key|value|`` pairs, so memory stays flat however big the input (and a
LIN file of a million boards on one line streams too).
"""

from __future__ import annotations

import codecs
import os
import re
import stat
import warnings
from collections.abc import Callable, Iterable, Iterator
from typing import IO

from bridgecli.core.board import Board
from bridgecli.core.errors import BridgeError, ParseError, ReadWarning

#: Bytes read at a time.
CHUNK = 1 << 20

#: The error for UTF-16 text (a byte-order mark, then NUL bytes): said as such, not as binary data.
UTF16 = "UTF-16 text (a byte-order mark): save it as UTF-8 (iconv -f UTF-16 -t UTF-8)"

#: The error for UTF-32 text (its byte-order mark, whose little-endian form starts as UTF-16's does).
UTF32 = "UTF-32 text (a byte-order mark): save it as UTF-8 (iconv -f UTF-32 -t UTF-8)"


def wide_text_error(data: bytes, source: str) -> ParseError | None:
    """The error for an input that starts with ``data`` when it is UTF-32 or UTF-16 text
    (a byte-order mark and a NUL byte), at line 1; None for any other start."""
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return ParseError(UTF32, source=source, line=1)
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) and b"\x00" in data:
        return ParseError(UTF16, source=source, line=1)
    return None


def nul_error(data: bytes, source: str, line: int, start: bool) -> ParseError:
    """The error for input ``data`` that holds a NUL byte (``line``: the line ``data``
    starts on; ``start``: ``data`` starts the input): UTF-32 or UTF-16 text when it starts
    with a byte-order mark, else binary data, at the NUL's line."""
    wide = wide_text_error(data, source) if start else None
    if wide is not None:
        return wide
    at = line + data[: data.index(b"\x00")].count(b"\n")
    return ParseError("binary data (a NUL byte), not a text file", source=source, line=at)


# control bytes that mark a Latin-1 "text" as binary (as in decode_bytes)
_CONTROL = bytes(b for b in range(256) if (b < 32 and b not in b"\t\r\n\f\v") or 0x7F <= b < 0xA0)


# a UTF-8 sequence of two to four bytes (Latin-1 text rarely holds one: a capital
# letter with an accent followed by a C1 control or a sign such as "©")
_UTF8_SEQ = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")


def _likely_utf8(m: re.Match[bytes]) -> bool:
    """Whether a match of ``_UTF8_SEQ`` is UTF-8 text rather than two Latin-1 (or
    cp1250, Latin-2) characters: valid UTF-8, and a two-byte one a Latin, Greek or basic
    Cyrillic letter or sign, or a combining accent. Two bytes that would be an IPA letter
    or a rare Cyrillic, Arabic... one are Latin-1 text: ``É»`` (``«ÉTÉ»``), Polish
    ``ÓŁ`` in cp1250 (``PÓŁFINAŁ``)."""
    try:
        ch = m.group().decode("utf-8")
    except UnicodeDecodeError:
        return False
    cp = ord(ch)
    return cp > 0x7FF or cp < 0x250 or 0x300 <= cp < 0x370 or 0x386 <= cp < 0x3D0 or 0x400 <= cp < 0x460


def warn_mixed(data: bytes, source: str, line: int) -> bool:
    """Warn (ReadWarning) when ``data``, read as Latin-1 because the input is not all
    UTF-8, holds UTF-8 text: such a file mixes two charsets and its UTF-8 letters come
    out as two or three Latin-1 ones (``Szabó`` as ``SzabÃ³``). ``line`` is the line
    ``data`` starts on. Whether it warned."""
    m = next(filter(_likely_utf8, _UTF8_SEQ.finditer(data)), None)
    if m is None:
        return False
    seq = m.group()
    at = line + data.count(b"\n", 0, m.start())
    warnings.warn(f"{source or '-'}:{at}: UTF-8 text (bytes {seq.hex(' ')}) in a file that is not all UTF-8: "
                  f"read as Latin-1, it reads {seq.decode('latin-1')!r} (save the file in one charset)",
                  ReadWarning, stacklevel=3)
    return True


# Windows-1250 (Central European: a Polish, Czech, Hungarian... PBN saved on Windows) against
# Latin-1, for a text that is not UTF-8. Its letters Š Ś Ť Ž Ź š ś ť ž ź are C1 control codes
# in Latin-1, and Ł Ą Ż ł ą ż Ľ ľ are signs there (£ ¥ ¯ ³ ¹ ¿ ¼ ¾), which Latin-1 text does
# not put inside a word: one of them is enough, unless a byte Windows-1250 leaves undefined
# shows the text is not in it.
_CP1250_ONLY = re.compile(rb"[\x8a\x8c-\x8f\x9a\x9c-\x9f]")
_CP1250_SIGNS = rb"[\xa3\xa5\xaf\xb3\xb9\xbf\xbc\xbe]"
_CP1250_IN_WORD = re.compile(rb"[A-Za-z\xc0-\xff]" + _CP1250_SIGNS + rb"|" + _CP1250_SIGNS + rb"[a-z\xdf-\xff]")
_NOT_CP1250 = re.compile(rb"[\x81\x83\x88\x90\x98]")
#: control bytes that mark a Windows-1250 "text" as binary
_CONTROL_1250 = bytes(b for b in range(256) if (b < 32 and b not in b"\t\r\n\f\v") or b == 0x7F)


def charset_of(data: bytes) -> str:
    """``"cp1250"`` when the bytes ``data`` (not UTF-8) hold a letter only Windows-1250 has
    (``Łukasz``, ``Żak``: Latin-1 would read ``£ukasz``, ``¯ak``), else ``"latin-1"`` (PBN's own)."""
    if _NOT_CP1250.search(data):
        return "latin-1"
    data = _without_utf8(data)
    return "cp1250" if _CP1250_ONLY.search(data) or _CP1250_IN_WORD.search(data) else "latin-1"


def _without_utf8(data: bytes) -> bytes:
    """``data`` with its likely UTF-8 letters (``ó`` as ``c3 b3``: UTF-8 text in a file that is not
    all UTF-8, which :func:`warn_mixed` tells of) blanked: they are no Windows-1250 letters."""
    return _UTF8_SEQ.sub(lambda m: b" " * len(m.group()) if _likely_utf8(m) else m.group(), data)


def warn_charset(data: bytes, source: str, line: int) -> None:
    """Say (ReadWarning) that the input, not UTF-8, is read as Windows-1250, naming the first
    letter that tells it (``line``: where ``data`` starts)."""
    data = _without_utf8(data)
    found = [m for m in (_CP1250_ONLY.search(data), _CP1250_IN_WORD.search(data)) if m is not None]
    m = min(found, key=lambda m: m.start()) if found else None
    at = line + (data.count(b"\n", 0, m.start()) if m else 0)
    seen = m.group().decode("cp1250") if m else ""
    warnings.warn(f"{source or '-'}:{at}: not UTF-8: read as Windows-1250 (Central European), which "
                  f"{seen!r} shows (Latin-1 would read {m.group().decode('latin-1') if m else ''!r})",
                  ReadWarning, stacklevel=3)


def _read(fp: IO[bytes], size: int) -> bytes:
    """Up to ``size`` bytes: what a pipe has now (never waiting to fill the block), a block from a file."""
    read1 = getattr(fp, "read1", None)
    data: bytes = read1(size) if read1 is not None else fp.read(size)
    return data


def _regular(fp: IO[bytes]) -> bool:
    try:
        return stat.S_ISREG(os.fstat(fp.fileno()).st_mode) and fp.seekable()
    except (AttributeError, OSError, ValueError):
        try:
            return fp.seekable()
        except (AttributeError, OSError, ValueError):
            return False


def _is_utf8(fp: IO[bytes]) -> bool:
    """Whether the rest of the seekable ``fp`` is UTF-8 (it is read, then sought back)."""
    start = fp.tell()
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        while True:
            block = fp.read(CHUNK)
            if not block:
                decoder.decode(b"", final=True)
                return True
            decoder.decode(block)
    except UnicodeDecodeError:
        return False
    finally:
        fp.seek(start)


def _file_charset(fp: IO[bytes], source: str) -> str:
    """:func:`charset_of` the start of the seekable ``fp`` (its first 4 MB; then sought back),
    said when it is Windows-1250."""
    start = fp.tell()
    try:
        data = fp.read(4 * CHUNK)
    finally:
        fp.seek(start)
    charset = charset_of(data)
    if charset == "cp1250":
        warn_charset(data, source, 1)
    return charset


def text_chunks(fp: IO[bytes], source: str, size: int = CHUNK) -> Iterator[str]:
    """Decoded text of the binary ``fp`` in pieces of about ``size`` bytes (see the module docstring).

    Raises ParseError for binary input (a NUL byte; Latin-1 text with many control bytes).
    """
    regular = _regular(fp)
    utf8 = _is_utf8(fp) if regular else True
    charset = "utf-8" if utf8 else _file_charset(fp, source)
    first = b""
    while len(first) < 3:
        block = _read(fp, size)
        if not block:
            break
        first += block
    if first.startswith(b"\xef\xbb\xbf"):
        first = first[3:] or _read(fp, size)
    decoder = codecs.getincrementaldecoder(charset)()
    latin = not utf8
    newlines = 0      # newlines before the current block
    mixed = False     # warned of UTF-8 text read as Latin-1
    total = bad = 0   # bytes and control bytes read as Latin-1
    cr = ""           # a "\r" held back: a "\n" may start the next piece
    block = first
    while True:
        if b"\x00" in block:
            raise nul_error(block, source, newlines + 1, start=not newlines)
        if latin:
            text = decoder.decode(block, final=not block)
        else:
            try:
                text = decoder.decode(block, final=not block)
            except UnicodeDecodeError:
                # a pipe that is not UTF-8 after all: Latin-1 from here on
                pending = decoder.getstate()[0]
                block = pending + block
                charset = charset_of(block)
                if charset == "cp1250":
                    warn_charset(block, source, newlines + 1)
                decoder = codecs.getincrementaldecoder(charset)()
                latin = True
                text = decoder.decode(block, final=not block)
        if latin:
            if charset != "cp1250" and not mixed:
                mixed = warn_mixed(block, source, newlines + 1)
            total += len(block)
            bad += len(block) - len(block.translate(None, _CONTROL if charset != "cp1250" else _CONTROL_1250))
            if bad > max(4, total // 100):
                raise ParseError("binary data, not a text file", source=source, line=newlines + 1)
        newlines += block.count(b"\n")
        text = cr + text
        cr = ""
        if text.endswith("\r") and block:
            text, cr = text[:-1], "\r"
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        if text:
            yield text
        if not block:
            return
        block = _read(fp, size)


def peek(chunks: Iterable[str]) -> tuple[str, Iterator[str]]:
    """The start of ``chunks`` (through the first line holding more than white space, or
    all of it), and an iterator over all of ``chunks`` again."""

    def enough(head: str) -> bool:
        stripped = head.lstrip("\ufeff \t\r\n")
        # a long first line (a LIN file on one line) is enough to tell the format
        return bool(stripped) and ("\n" in stripped or len(head) > CHUNK * 4)

    return peek_until(chunks, enough)


def peek_until(chunks: Iterable[str], enough: Callable[[str], bool]) -> tuple[str, Iterator[str]]:
    """The start of ``chunks``, read a piece at a time until ``enough(start)`` (or to the
    end), and an iterator over all of ``chunks`` again: a reader's look ahead at a
    stream that it then reads from its beginning."""
    it = iter(chunks)
    seen: list[str] = []
    head = ""
    blank = True  # the start so far is white space only: nothing to tell from
    for chunk in it:
        seen.append(chunk)
        head += chunk
        # (asked again at each piece of a long blank start, ``enough`` read it all again each time)
        if blank and not (chunk.lstrip("\ufeff") if len(seen) == 1 else chunk).strip(" \t\r\n"):
            continue
        blank = False
        if enough(head):
            break
    return head, _chain(seen, it)


def _chain(seen: list[str], rest: Iterator[str]) -> Iterator[str]:
    while seen:
        yield seen.pop(0)
    yield from rest


def iter_file(chunks: Iterable[str], fmt: str, source: str | None = None) -> Iterator[Board | BridgeError]:
    """Boards of the text ``chunks`` in format ``fmt``, a bad board yielded as its error."""
    from bridgecli.formats import module

    mod = module(fmt)
    stream = getattr(mod, "iter_stream", None)
    if stream is None:
        return mod.iter_records("".join(chunks), source=source)  # type: ignore[no-any-return]
    return stream(chunks, source=source)  # type: ignore[no-any-return]


def lines_of(chunks: Iterable[str]) -> Iterator[str]:
    """Pieces of ``chunks`` cut after a newline (a piece with no newline in it stays whole)."""
    carry = ""
    for chunk in chunks:
        text = carry + chunk if carry else chunk
        cut = text.rfind("\n") + 1
        if cut == 0:
            carry = text
            continue
        carry = text[cut:]
        yield text[:cut]
    if carry:
        yield carry
