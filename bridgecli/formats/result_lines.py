"""Result lines: the plain-text language of ``score``'s batch input and ``rubber``'s files.

One result a line, typed as ``bridgecli score``'s arguments: ``4SX -1 -d E``,
``4SXN-1``, ``3NT= --declarer S --honors NS:100``, ``pass``; ``#`` starts a
comment, at the start of a line or after a space (``6NT= -d W # slam!``); a first line ``# lang: hu`` declares the language the lines are
written in (English otherwise); ``players: Ann, Bob, Cid, Dan`` seats four
players N, E, S, W. Pure text to core values: no click, no printing (a
warning goes to the ``warn`` callable the caller gives).

``bridgecli score 3NT=`` reads its one result with :func:`result_and_declarer`, and
must not load the board readers (tests/test_imports.py): this module imports none of
them, and :mod:`bridgecli.formats` loads a reader only when asked for its format.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import IO, TYPE_CHECKING, Any

from bridgecli.core.enums import Seat, Side
from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.core.numbers import is_digits
from bridgecli.core.scoring import parse_result

if TYPE_CHECKING:
    from bridgecli.core.board import Board
    from bridgecli.core.contract import Contract
    from bridgecli.core.notation import Language
    from bridgecli.core.rubber import DealResult, Honours

# -- the language a text of results is read in -----------------------------------

@cache
def _lang_line() -> re.Pattern[str]:
    """``# lang: hu``: a first line declaring the language of a file of result lines
    (compiled on first use, not at import: start-up time)."""
    return re.compile(r"#\s*lang\s*:\s*(\S*)\s*", re.IGNORECASE)


LANGUAGE_NAMES = {"en": "English", "pl": "Polish", "hu": "Hungarian"}
"""Language codes and the names warnings use."""


def declared_language(line: str) -> str | None:
    """The code a ``# lang: CODE`` line declares.

    Args:
        line: one line of input (a UTF-8 byte order mark before it is ignored).

    Returns:
        The language code, or None for any other line.

    Raises:
        ParseError: the line declares an unknown language.
    """
    m = _lang_line().fullmatch(line.strip().removeprefix("\ufeff"))
    if m is None:
        return None
    from bridgecli.core.notation import get_language

    return get_language(m.group(1)).code


class InputLanguage:
    """How result lines of a file or stdin are read: in the language the text declares
    (``# lang: hu`` first), else in English (the default reader, which also reads the
    foreign tokens that do not clash) -- never in the display language ``--lang`` alone,
    which must not change a score. Where an undeclared text would read differently in
    the display language, :meth:`check` warns through ``warn``, naming the reading taken.

    Args:
        display: the display language (anything with a ``code``).
        declared: the code the text declares, None when it declares none.
        warn: called with each warning's text; None keeps them in :attr:`warnings` only.
    """

    def __init__(self, display: Any, declared: str | None = None,
                 warn: Callable[[str], None] | None = None) -> None:
        from bridgecli.core.notation import get_language

        self.code = declared or "en"
        self.reader = get_language(self.code)
        self.display_code = str(display.code)
        # a declared language is the author's word: nothing to warn about then
        self.other = get_language(self.display_code) if declared is None and self.display_code != self.code else None
        self.warned: set[str] = set()
        self.warn = warn
        self.warnings: list[str] = []

    def check(self, where: str, line: str, taken: str, other: str) -> str | None:
        """Warn once per line text that ``line`` reads as ``taken`` here and as ``other``
        in the display language.

        Returns:
            The warning's text (``WHERE: 'LINE' read in English: ...``), None when there is none.
        """
        if not taken or not other or taken == other or line in self.warned:
            return None
        self.warned.add(line)
        name = LANGUAGE_NAMES.get(self.code, self.code)
        other_name = LANGUAGE_NAMES.get(self.display_code, self.display_code)
        message = (f"{where}: {line.strip()!r} read in {name}: {taken};"
                   f" {other_name} (--lang {self.display_code}) reads {other}. Put '# lang: {self.display_code}'"
                   f" first to read the input in {other_name}")
        self.warnings.append(message)
        if self.warn is not None:
            self.warn(message)
        return message


# -- the words of one line -----------------------------------------------------------


def result_and_declarer(words: Sequence[str], declarer_text: str | None, lang: Any,
                        memo: dict[Any, Any] | None = None) -> tuple[Contract, int, Seat | None]:
    """The contract, declarer's tricks and declarer of the words of one result.

    Args:
        words: ``["4SX", "-1"]``, ``["4SXN-1"]``, ``["pass"]``.
        declarer_text: the text of ``--declarer``, or None.
        lang: the :class:`~bridgecli.core.notation.Language` the words are read in.
        memo: a dict kept between calls to skip parsing the same words twice.

    Returns:
        ``(contract, tricks, declarer)``; the declarer is None when neither names one.

    Raises:
        ParseError: a bad result or seat, or a ``--declarer`` that contradicts the contract.
    """
    if memo is None:
        memo = {}
    key = tuple(words)
    parsed = memo.get(key)
    if parsed is None:
        parsed = memo[key] = parse_result(words, lang.parse_contract)
    contract, tricks = parsed
    seat = contract.declarer
    if declarer_text:
        given = memo.get(("seat", declarer_text, None))
        if given is None:
            given = memo[("seat", declarer_text, None)] = lang.parse_seat(declarer_text)
        if seat is not None and seat != given:
            raise ParseError(f"declarer {declarer_text!r} but the contract says {seat.letter!r}")
        seat = given
    return contract, tricks, seat


@cache
def _comment() -> re.Pattern[str]:
    """A ``#`` at the start of a line or after white space (compiled on first use)."""
    return re.compile(r"(?:^|(?<=\s))#")


def strip_comment(line: str) -> str:
    """``line`` without its comment: a ``#`` at the start or after white space starts one
    (``6NT= -d W # slam!``); a ``#`` inside a word (``A#1``) does not."""
    if "#" not in line:
        return line
    m = _comment().search(line)
    return line if m is None else line[:m.start()]


def split_words(line: str) -> list[str]:
    """The words of one input line, quoted as on a shell command line (``shlex`` only when
    the line has quotes or backslashes).

    Raises:
        ParseError: unbalanced quotes.
    """
    if "'" in line or '"' in line or "\\" in line:
        import shlex

        try:
            return shlex.split(line)
        except ValueError as exc:
            raise ParseError(f"cannot split the line: {exc}") from None
    return line.split()


@dataclass(frozen=True, slots=True)
class LineOptions:
    """The words and options of one result line."""

    words: tuple[str, ...]
    """What is not an option or its value, in order (``4SX``, ``-1``; an unknown ``-x`` too)."""
    declarer: str | None = None
    """The value of ``-d``/``--declarer`` (the last one given)."""
    honours: str | None = None
    """The value of ``--honors``/``--honours`` (the last one given)."""


_LONG = {"--declarer": "declarer", "--honors": "honours", "--honours": "honours"}


def line_options(tokens: Sequence[str]) -> LineOptions:
    """Split the words of one result line into its words and its options, as a command line
    is parsed: ``-d N``, ``-dN``, ``--declarer N``, ``--declarer=N``, ``--honors NS:100``
    (``--honours``); an option's value may start with ``-``; ``--`` ends the options;
    an unknown option (``-1``, ``--vul``) is kept among the words.

    Raises:
        ParseError: an option without its value (``option '-d' requires an argument``).
    """
    words: list[str] = []
    values: dict[str, str] = {}
    rest = list(tokens)
    while rest:
        arg = rest.pop(0)
        if arg == "--":
            break
        if arg[:1] != "-" or len(arg) == 1:
            words.append(arg)
            continue
        name, eq, explicit = arg.partition("=")
        dest = _LONG.get(name)
        if dest is not None:
            if eq:
                rest.insert(0, explicit)
            values[dest] = _value(name, rest)
        elif arg[:2] == "--":
            words.append(arg)
        else:  # short options run together: -d, -dN, and unknown letters kept as a word (-1, -x)
            unknown = []
            for i, ch in enumerate(arg[1:], 2):
                if ch != "d":
                    unknown.append(ch)
                    continue
                if i < len(arg):
                    rest.insert(0, arg[i:])
                values["declarer"] = _value("-d", rest)
                break
            if unknown:
                words.append("-" + "".join(unknown))
    words += rest
    return LineOptions(tuple(words), values.get("declarer"), values.get("honours"))


def _value(option: str, rest: list[str]) -> str:
    if not rest:
        raise ParseError(f"option {option!r} requires an argument")
    return rest.pop(0)


def is_option_word(word: str) -> bool:
    """True for a word that looks like an option (``--vul``, ``-x``), not a number (``-1``) or ``-``."""
    return word.startswith("-") and word != "-" and not (word[1:].isdigit() and word[1:].isascii())


# -- board files or lines --------------------------------------------------------------

BOARD_EXTENSIONS = (".pbn", ".yaml", ".yml", ".json", ".jsonl", ".ndjson", ".lin")
"""FILE names ending so hold boards; anything else holds result lines."""

#: How a board file starts (PBN tags, ``%`` lines or commentary, JSON, YAML); a result line never does.
BOARD_STARTS = ("%", "[", "{", ";", "---", "boards:", "- board", "board:", "number:")


def is_board_text(text: str) -> bool:
    """True when a text whose first lines are ``text`` is a file of boards (PBN, JSON,
    YAML, LIN, one deal a line), not lines of results."""
    for raw in text.lstrip("\ufeff").splitlines():
        line = raw.strip()
        if line:
            from bridgecli import formats

            return line.startswith(BOARD_STARTS) or formats.sniff(line) in ("lin", "text")
    return False


def names_board_file(arg: str, fmt: str | None) -> bool:
    """Whether ``score``'s one argument names a FILE (of boards or of result lines: see
    :func:`open_result_lines`), not a contract: a board file's extension, any argument
    with ``--from`` (``fmt``), a directory, a name with an extension (``results.txt``,
    whether it exists or not: no contract has a ``.``), an existing file whose name has a
    ``.``, or a path that exists and has a
    directory part (a shell's ``<(...)``, ``./session``: no contract has a ``/``)."""
    if fmt is not None or arg.lower().endswith(BOARD_EXTENSIONS) or os.path.isdir(arg):
        return True
    stem, ext = os.path.splitext(arg)
    if stem and ext[1:].isalnum() and not ext[1:].isdigit() or "." in arg and os.path.isfile(arg):
        return True  # (a name with an extension that names no file: "cannot open", not "not a contract")
    return os.sep in arg and os.path.exists(arg)


def open_result_lines(path: str, fmt: str | None) -> IO[bytes] | None:
    """A FILE of result lines (``score results.txt``) opened for reading bytes, or None
    when ``path`` is a file of boards or not a regular file: found by content (its first
    64 KiB), as ``score -`` tells them apart; a board file's extension or ``fmt``
    (``--from``) says boards at once."""
    if fmt is not None or path == "-" or path.lower().endswith(BOARD_EXTENSIONS) or not os.path.isfile(path):
        return None
    fp = open(path, "rb")  # noqa: SIM115 (the caller closes it)
    if is_board_text(fp.read(1 << 16).decode("utf-8", "replace")):
        fp.close()
        return None
    fp.seek(0)
    return fp


#: The longest result line (in bytes of UTF-8) the readers of result lines take: a longer
#: one is refused at its line number as soon as it is seen, never held whole.
MAX_LINE = 1 << 20

#: How much white space at the start of an input is looked through for its first line
#: (whether it holds boards or result lines); input blank for longer holds result lines.
HEAD_LIMIT = 1 << 16


def line_too_long(source: str | None, line: int) -> ParseError:
    """The error for a line longer than :data:`MAX_LINE` bytes, at ``line``."""
    return ParseError(f"line longer than {MAX_LINE:,} bytes: not a result line", source=source, line=line)


def _long(line: str) -> bool:
    return len(line) > MAX_LINE or (len(line) > MAX_LINE // 4 and len(line.encode("utf-8")) > MAX_LINE)


def iter_text_lines(chunks: Iterable[str], source: str | None = None) -> Iterator[str]:
    """The lines of text pieces whose line ends are ``\\n`` (as
    :func:`bridgecli.formats.stream.text_chunks` gives them), holding one piece and the
    end of the line it cuts at a time: memory stays flat whatever the input's size.

    Raises:
        ParseError: a line longer than :data:`MAX_LINE` bytes, at its line of ``source``.
    """
    done = 0  # lines handed out
    pending = ""
    for chunk in chunks:
        text = pending + chunk if pending else chunk
        cut = text.rfind("\n")
        if cut < 0:
            pending = text
        else:
            lines = text[:cut].split("\n")
            pending = text[cut + 1:]
            if cut > MAX_LINE // 4:
                long = next((i for i, line in enumerate(lines) if _long(line)), None)
                if long is not None:
                    raise line_too_long(source, done + long + 1)
            done += len(lines)
            yield from lines
        if len(pending) > MAX_LINE // 4 and _long(pending):
            raise line_too_long(source, done + 1)
    if pending:
        yield pending


def text_or_lines(chunks: Iterable[str], source: str | None = None, boards: bool = False,
                  fmt: str | None = None) -> str | Iterator[str] | Iterator[Board | BridgeError]:
    """The boards of ``chunks`` (text pieces), read one at a time as they are asked for
    (a bad one as the BridgeError in its place), else an iterator of their result lines
    (:func:`iter_text_lines`); a blank input as its text. Boards when ``boards`` says so (an
    extension, ``--from``: ``fmt``) or :func:`is_board_text` does of the first line that
    is not blank (sought through at most :data:`HEAD_LIMIT` characters of white space)."""
    from bridgecli.formats import resolve_format
    from bridgecli.formats.stream import iter_file, peek_until

    def enough(head: str) -> bool:
        stripped = head.lstrip()
        return len(head) > HEAD_LIMIT or (bool(stripped) and "\n" in stripped)

    head, rest = peek_until(chunks, enough)
    if not head.strip() and len(head) <= HEAD_LIMIT:
        return head  # the whole input, blank: no boards
    if boards or is_board_text(head):
        return iter_file(rest, resolve_format(source, head, fmt), source)
    return iter_text_lines(rest, source)


# -- rubber results -----------------------------------------------------------------------

_SIDES = {"NS": Side.NS, "N-S": Side.NS, "N": Side.NS, "S": Side.NS,
          "EW": Side.EW, "E-W": Side.EW, "E": Side.EW, "W": Side.EW}


def parse_honours(text: str) -> Honours:
    """Honours as a line or a tag gives them: ``NS:100``, ``EW 150``, ``N:100`` (a seat
    stands for its side).

    Raises:
        ParseError: anything else.
    """
    from bridgecli.core.rubber import Honours

    t = text.strip().replace(":", " ").replace("=", " ").split()
    if len(t) == 2 and t[0].upper() in _SIDES and is_digits(t[1]) and len(t[1]) <= 18:
        return Honours(_SIDES[t[0].upper()], int(t[1]))
    raise ParseError(f"honours are SIDE:POINTS such as 'NS:100' or 'EW:150', not {text!r}")


def parse_players(text: str) -> tuple[str, ...]:
    """Four names N, E, S, W separated by commas.

    Raises:
        ParseError: not four non-empty names.
    """
    names = tuple(n.strip() for n in text.split(","))
    if len(names) != 4 or not all(names):
        raise ParseError(f"players are four names N, E, S, W separated by commas, not {text!r}")
    return names


def deal_result(line: str, lang: Language) -> DealResult:
    """One result line of a rubber (``4SX-1 -d N --honors NS:100``, ``pass``) as a deal result.

    Args:
        line: the line, without its comment.
        lang: the language its words are read in.

    Raises:
        ParseError: a bad result, seat or honours, ``--vul`` (a rubber's state gives it),
            ``--honors auto`` (that needs the deal), or an unknown option.
    """
    from bridgecli.core.rubber import DealResult

    opts = line_options(split_words(line))
    for w in opts.words:
        if is_option_word(w):
            if w in ("--vul", "-v"):
                raise ParseError("no --vul here: vulnerability comes from the rubber's state")
            raise ParseError(f"no such option: {w!r}")
    contract, tricks, seat = result_and_declarer(opts.words, opts.declarer, lang)
    if seat is not None:
        contract = contract.with_declarer(seat)
    honours = None
    text = opts.honours
    if text:
        if text.strip().lower() == "auto":
            raise ParseError("--honors auto needs the deal: give a PBN, YAML or JSON file of boards")
        honours = parse_honours(text)
    if contract.is_passout and honours is not None:
        raise ParseError(f"honours {text!r} on a passed-out deal")
    return DealResult(contract, tricks, honours)


def _describe(r: DealResult) -> str:
    c = r.contract
    if c.is_passout:
        return "pass"
    return f"{c.pbn} by {c.declarer.letter if c.declarer is not None else '?'}, {r.tricks} tricks"


@cache
def _players_line() -> re.Pattern[str]:
    """``players: Ann, Bob, Cid, Dan`` (compiled on first use, not at import)."""
    return re.compile(r"players\b\s*:?\s*(.*)$", re.IGNORECASE)


def iter_rubber_lines(text: str | Iterable[str], source: str | None = None, display: Language | None = None,
                      warn: Callable[[str], None] | None = None
                      ) -> Iterator[tuple[int, DealResult | tuple[str, ...]]]:
    """The players and results of a text of rubber result lines, in order.

    The text is read in the language its first line declares (``# lang: hu``), else in
    English; ``display`` (the display language) never changes a reading, and a line
    it would read differently is warned about through ``warn``.

    Args:
        text: the lines: a text, or an iterable of lines (read as they are asked for:
            :func:`iter_text_lines`).
        source: the name errors and warnings give (a path, ``<stdin>``).
        display: the display language (English by default).
        warn: called with each warning's text.

    Returns:
        An iterator of ``(line number, item)``: a :class:`DealResult`, or the four
        names of a ``players:`` line.

    Raises:
        ParseError: a bad line, located at its line.
    """
    from bridgecli.core.notation import ENGLISH

    lang = display or ENGLISH
    reading: InputLanguage | None = None
    for lineno, raw in enumerate(text.splitlines() if isinstance(text, str) else text, 1):
        line = raw.strip().removeprefix("\ufeff")
        try:
            if reading is None and line:
                declared = declared_language(line)
                reading = InputLanguage(lang, declared, warn)
                if declared is not None:
                    continue
            line = strip_comment(line).rstrip()
            if not line:
                continue
            m = _players_line().match(line)
            if m:
                yield lineno, parse_players(m.group(1))
                continue
            assert reading is not None
            result = deal_result(line, reading.reader)
            if reading.other is not None:
                try:
                    other = deal_result(line, reading.other)
                except BridgeError:
                    other = result
                if other != result:
                    where = f"{source}:{lineno}" if source is not None else f"line {lineno}"
                    reading.check(where, line, _describe(result), _describe(other))
            yield lineno, result
        except BridgeError as exc:
            raise exc.located(source=source, line=lineno) from None


__all__ = [
    "BOARD_EXTENSIONS",
    "BOARD_STARTS",
    "HEAD_LIMIT",
    "LANGUAGE_NAMES",
    "MAX_LINE",
    "InputLanguage",
    "LineOptions",
    "deal_result",
    "declared_language",
    "is_board_text",
    "is_option_word",
    "iter_rubber_lines",
    "iter_text_lines",
    "line_options",
    "line_too_long",
    "parse_honours",
    "parse_players",
    "result_and_declarer",
    "split_words",
    "strip_comment",
    "text_or_lines",
]
