"""Result lines scored: a contract and its result a line (``4SX -1 --vul both``), scored as
``bridgecli score`` scores its arguments and the lines of ``bridgecli score -``, one output
line a result line. The words of a line (results, options, comments, the language) are read
by :mod:`bridgecli.formats.result_lines`; this module scores them.

A line holds the words of one result (``4S=``, ``4SX -1``, ``3NTE+1``, ``pass``) and
any of the options ``--vul V``, ``--declarer S`` (``-d S``), ``--ns``, ``--json``,
``--imps`` and ``--scoring NAME``, written as on the command line; the defaults of
every line are the keyword arguments of :func:`score_lines`. A blank line and a ``#``
comment line give an empty output line; a first line ``# lang: pl`` declares the
language the lines are written in (English otherwise).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from bridgecli.core import fastpaths
from bridgecli.core.enums import Seat, Side, Vulnerability
from bridgecli.core.errors import BridgeError, ParseError
from bridgecli.core.scoring import find_rules
from bridgecli.core.scoring import score as score_of
from bridgecli.formats.result_lines import (
    BOARD_EXTENSIONS,
    HEAD_LIMIT,
    MAX_LINE,
    InputLanguage,
    declared_language,
    line_too_long,
    result_and_declarer,
    split_words,
    strip_comment,
)

if TYPE_CHECKING:
    from bridgecli.core.notation import Language

__all__ = ["FILE_EXTENSIONS", "LineScorer", "ScoredLine", "imps_line", "iter_lines", "iter_scored_lines",
           "read_head", "result_line", "score_lines"]

FILE_EXTENSIONS = BOARD_EXTENSIONS
"""A lone word ending in one of these names a FILE of boards, not a contract."""

OptionParser = Callable[[list[str]], Mapping[str, Any]]
"""Parses the words of a line that :class:`LineScorer` cannot (``tokens -> params``, the
words under ``"args"``); raises ParseError."""


def _is_number(token: str) -> bool:
    """``-1``, ``-12``: a negative number (a result), not an option."""
    rest = token[1:]
    return token[:1] == "-" and rest.isdigit() and rest.isascii()


def _names_file(words: Sequence[str]) -> bool:
    return list(words) == ["-"] or (len(words) == 1 and words[0].lower().endswith(FILE_EXTENSIONS))


# -- one result ---------------------------------------------------------------


def _one_result(words: Sequence[str], params: Mapping[str, Any], lang: Language,
                memo: dict[Any, Any] | None = None) -> str:
    """The output line for one CONTRACT [RESULT] with the given options.

    ``memo`` (batch mode) remembers parsed contracts, seats, vulnerabilities and scores
    (keys: the words tuple; ``("seat", text, None)``; ``("vul", text, None)``;
    ``(scheme, words tuple)`` -- shapes a words tuple of strings never has).
    """
    if memo is None:
        memo = {}
    key = tuple(words)
    contract, tricks, seat = result_and_declarer(words, params.get("declarer"), lang, memo)
    explicit = seat is not None
    if seat is None:
        seat = Seat.NORTH
    ns = params.get("ns")
    if ns and not explicit and not contract.is_passout:
        raise ParseError("--ns needs --declarer (or a declarer in the contract, as in 4SXE)")
    vul_text = params.get("vul")
    vul: Vulnerability = Vulnerability.NONE
    if vul_text:
        vul = memo.get(("vul", vul_text, None)) or Vulnerability.NONE
        if ("vul", vul_text, None) not in memo:
            try:
                vul = memo[("vul", vul_text, None)] = lang.parse_vul(vul_text)
            except ParseError:
                raise ParseError(f"--vul must be none, ns, ew or both, not {vul_text!r}") from None
    ew_declares = int(seat) & 1
    vulnerable = (int(vul) >> ew_declares) & 1 == 1  # Vulnerability bit 0: N-S, bit 1: E-W
    scoring = params.get("scoring") or "duplicate"
    if not params.get("as_json"):
        # both vulnerabilities' scores, remembered per scheme, contract and result
        pair = memo.get((scoring, key))
        if pair is None:
            rules = find_rules(scoring)
            pair = memo[(scoring, key)] = (score_of(contract, tricks, False, rules),
                                           score_of(contract, tricks, True, rules))
        value = pair[1] if vulnerable else pair[0]
        return str(-value if ns and ew_declares else value)
    rules = find_rules(scoring)
    import json

    from bridgecli.core.scoring import breakdown

    bd = breakdown(contract, tricks, vulnerable, rules)
    ns_value = None
    if explicit or contract.is_passout:
        ns_value = bd.total if seat.side == Side.NS else -bd.total
    record = {
        "contract": contract.pbn,
        "declarer": seat.letter if not contract.is_passout else None,
        "vulnerable": vul.pbn,
        "declarer_vulnerable": vulnerable,
        "result": tricks if not contract.is_passout else None,
        "over_under": bd.over_under if not contract.is_passout else None,
        "made": bd.made,
        "trick_score": bd.trick_score,
        "overtricks": bd.overtricks,
        "game_bonus": bd.game_bonus,
        "partscore_bonus": bd.partscore_bonus,
        "slam_bonus": bd.slam_bonus,
        "insult": bd.insult,
        "undertricks": bd.undertricks,
        "score": bd.total,
        "ns": ns_value,
        "scoring": rules.name,
    }
    return json.dumps(record)


def imps_line(words: Sequence[str], as_json: bool = False) -> str:
    """The output of ``score --imps A [B]``: the IMPs of ``A - B`` (or of ``A``), as a
    number or (``as_json``) a ``{"difference": .., "imps": ..}`` object.

    Raises ParseError unless ``words`` are one or two whole numbers.
    """
    from bridgecli.core.imps import imps

    if not 1 <= len(words) <= 2:
        raise ParseError("--imps takes one score difference or two scores (620 -100)")
    values = []
    for w in words:
        try:
            values.append(int(w.replace("+", "", 1) if w.startswith("+") else w))
        except ValueError:
            raise ParseError(f"not a score: {w!r}") from None
    diff = values[0] - (values[1] if len(values) == 2 else 0)
    n = imps(diff)
    if as_json:
        import json

        return json.dumps({"difference": diff, "imps": n})
    return str(n)


def result_line(words: Sequence[str], params: Mapping[str, Any], lang: Language,
                memo: dict[Any, Any] | None = None, checked: bool = False) -> str:
    """The output line of one result (or, with ``params["imps_mode"]``, of ``--imps``).

    ``params`` holds the options by their parameter names: ``vul``, ``declarer``, ``ns``,
    ``as_json``, ``imps_mode``, ``scoring``. ``checked``: the words are known to hold no
    option. Raises ParseError for bad notation or a word that is an option.
    """
    if params.get("imps_mode"):
        return imps_line(words, bool(params.get("as_json")))
    if not checked:
        for w in words:
            if w.startswith("-") and w != "-" and not _is_number(w):
                raise ParseError(f"no such option: {w!r}")
    return _one_result(words, params, lang, memo)


# -- a line at a time -------------------------------------------------------------


class LineScorer:
    """Scores result lines (the words and options of :func:`score_lines`), remembering the
    output of each distinct line. Calling it with a line returns the output line or raises
    ParseError."""

    #: options whose parse is plain: name -> (parameter, takes a value)
    SIMPLE: Mapping[str, tuple[str, bool]] = {
        "--vul": ("vul", True), "--declarer": ("declarer", True), "-d": ("declarer", True),
        "--ns": ("ns", False), "--json": ("as_json", False), "--imps": ("imps_mode", False),
        "--scoring": ("scoring", True),
    }

    def __init__(self, defaults: Mapping[str, Any], lang: Language, parse_options: OptionParser | None = None) -> None:
        """``defaults``: the options every line starts from (parameter names as in
        :func:`result_line`); ``lang`` reads the contracts; ``parse_options`` reads a line
        in forms the plain parse does not know (by default ``--opt=VALUE``, ``-dS`` and
        ``--`` are read, and any other option is an error)."""
        self.lang = lang
        self.outer = dict(defaults)
        self.parse_options = parse_options
        self.cache: dict[str, str | tuple[str]] = {}
        self.memo: dict[Any, Any] = {}

    def __call__(self, line: str) -> str:
        hit = self.cache.get(line)
        if hit is None:
            try:
                hit = self.evaluate(line)
            except BridgeError as exc:
                hit = (exc.message,)
            if len(self.cache) > 200_000:
                self.cache.clear()
                self.memo.clear()
            self.cache[line] = hit
        if isinstance(hit, tuple):
            raise ParseError(hit[0])
        return hit

    def evaluate(self, line: str) -> str:
        """The output of ``line`` (no cache). Raises ParseError."""
        # a comment (a whole line, or after the result: "6NT= -d W # slam!"), as rubber reads
        # them; a line of only a comment gives an empty output line, like a blank one
        tokens = split_words(strip_comment(line))
        if not tokens:
            return ""
        fast = self.simple_options(tokens) if fastpaths.ON else None
        if fast is not None:
            words, params = fast
            return result_line(words, params, self.lang, self.memo, checked=True)
        return self.with_options(tokens)

    def simple_options(self, tokens: list[str]) -> tuple[list[str], dict[str, Any]] | None:
        """Words and options of a line that uses only ``--opt VALUE`` / ``--flag`` forms of
        :attr:`SIMPLE`; None for anything else (then :meth:`with_options` parses the line).
        Gives what click would give for such a line."""
        words: list[str] = []
        params: dict[str, Any] | None = None
        i, n = 0, len(tokens)
        while i < n:
            t = tokens[i]
            spec = self.SIMPLE.get(t)
            if spec is None:
                if t[:1] == "-" and t != "-" and not _is_number(t):
                    return None
                words.append(t)
                i += 1
                continue
            if params is None:
                params = dict(self.outer)
            name, takes_value = spec
            if takes_value:
                if i + 1 >= n:
                    return None
                params[name] = tokens[i + 1]
                i += 2
            else:
                params[name] = True
                i += 1
        if _names_file(words):
            return None
        return words, (self.outer if params is None else params)

    def with_options(self, tokens: list[str]) -> str:
        """The output of a line read by ``parse_options`` (or :meth:`_parse`)."""
        params = self.parse_options(tokens) if self.parse_options is not None else self._parse(tokens)
        words = list(params["args"])
        if _names_file(words):
            raise ParseError("a batch line holds one result, not a file")
        return result_line(words, params, self.lang, self.memo)

    def _parse(self, tokens: list[str]) -> dict[str, Any]:
        """The options of a line without click: ``--opt VALUE``, ``--opt=VALUE``, ``-dS``, ``--``."""
        params = dict(self.outer)
        words: list[str] = []
        i, n = 0, len(tokens)
        while i < n:
            t = tokens[i]
            i += 1
            if t == "--":
                words.extend(tokens[i:])
                break
            if t[:1] != "-" or t == "-" or _is_number(t):
                words.append(t)
                continue
            name, eq, value = t.partition("=") if t.startswith("--") else (t[:2], "", t[2:])
            spec = self.SIMPLE.get(name)
            if spec is None:
                raise ParseError(f"no such option: {name!r}")
            if not spec[1]:
                if eq or value:
                    raise ParseError(f"option {name!r} does not take a value")
                params[spec[0]] = True
                continue
            if not eq and not value:
                if i >= n:
                    raise ParseError(f"option {name!r} requires an argument")
                value, i = tokens[i], i + 1
            params[spec[0]] = value
        params["args"] = tuple(words)
        return params


class ScoredLine(NamedTuple):
    """The answer to one result line (a named tuple: a million of them are made quickly)."""

    line: int
    """The line's number (1 for the first)."""
    text: str
    """The line as ``bridgecli score -`` prints it: a score, IMPs, or a JSON object for a line
    that asks ``--json``; empty for a blank, comment or ``# lang:`` line; ``error`` for a line
    that could not be scored."""
    error: BridgeError | None = None
    """Why the line could not be scored (with ``keep_going``), located at its line."""

    @property
    def value(self) -> int | None:
        """The line's number as an ``int``: the score (or IMPs) it prints, the ``score`` of
        its JSON object for a line that asks ``--json``; None for a blank, comment or error line."""
        text = self.text
        if text.lstrip("-").isdigit():
            return int(text)
        if text.startswith("{"):
            import json

            score = json.loads(text).get("score")
            return score if isinstance(score, int) else None
        return None


def score_lines(lines: Iterable[str], *, vul: str | None = None, declarer: str | None = None, ns: bool = False,
                imps: bool = False, scoring: str = "duplicate", keep_going: bool = False,
                lang: Language | str | None = None, source: str = "<stdin>",
                warn: Callable[[str], None] | None = None) -> Iterator[ScoredLine]:
    """Score result lines one at a time, as ``bridgecli score -`` scores its stdin.

    Each line is a result with optional options (``4SX -1 --vul both -d E``); the
    keyword arguments are every line's defaults: ``vul`` (``none``, ``ns``, ``ew``,
    ``both``), ``declarer`` (a seat), ``ns`` (sign for N-S), ``imps`` (lines are score
    differences), ``scoring`` (a scheme name). Lines are read in English unless the first
    declares its language (``# lang: pl``); ``lang`` (a
    :class:`~bridgecli.core.notation.Language` or its code) is the language of the caller,
    and a line it would read otherwise is warned about: through ``warn`` (called with the
    warning's text), by default as a :class:`~bridgecli.core.errors.ReadWarning`.

    Returns an iterator of :class:`ScoredLine`, one per line. Raises ParseError for a
    line that cannot be scored, located at ``source`` and its line; with
    ``keep_going`` such a line is yielded with ``text="error"`` and its ``error``
    instead.
    """
    from bridgecli.core.notation import get_language

    language = get_language(lang) if lang is None or isinstance(lang, str) else lang
    defaults = {"vul": vul, "declarer": declarer, "ns": ns, "as_json": False, "imps_mode": imps, "scoring": scoring}
    if warn is None:
        warn = _read_warning
    return map(ScoredLine._make, iter_scored_lines(lines, defaults, language, keep_going, source,
                                                   warn=warn))


def _read_warning(message: str) -> None:
    import warnings

    from bridgecli.core.errors import ReadWarning

    warnings.warn(message, ReadWarning, stacklevel=4)


def iter_scored_lines(lines: Iterable[str], defaults: Mapping[str, Any], display: Language,
                      keep_going: bool = False, source: str = "<stdin>",
                      parse_options: OptionParser | None = None, warn: Callable[[str], None] | None = None,
                      need_result: bool = False) -> Iterator[tuple[int, str, BridgeError | None]]:
    """:func:`score_lines` as plain ``(line, text, error)`` tuples (a million lines are
    scored faster so), with the options by parameter name (see :func:`result_line`), a
    ``parse_options`` for the lines :class:`LineScorer` does not read itself, and ``warn``
    called with the text of each warning about the input language. ``need_result``: lines
    that hold no result at all (none, or only blank lines and comments) raise ParseError
    ``no results`` at their end, as an input of no boards does."""
    results = 0  # lines that held a result (scored, or an error)
    reading: InputLanguage | None = None
    scorer: LineScorer | None = None
    other: LineScorer | None = None
    for lineno, line in enumerate(lines, 1):
        try:
            if reading is None:
                # the first line may declare the language of the lines (# lang: hu)
                line = line.removeprefix("\ufeff")  # a UTF-8 byte order mark, as files may start with
                declared = declared_language(line)
                reading = InputLanguage(display, declared, warn)
                scorer = LineScorer(defaults, reading.reader, parse_options)
                other = LineScorer(defaults, reading.other, parse_options) if reading.other is not None else None
                if declared is not None:
                    yield lineno, "", None
                    continue
            assert scorer is not None
            answer = scorer(line)
            if other is not None:
                try:
                    reading.check(f"{source}:{lineno}", line, answer, other(line))
                except BridgeError:
                    pass
        except BridgeError as exc:
            exc.located(source=source, line=lineno)
            if not keep_going:
                raise
            results += 1
            yield lineno, "error", exc
            continue
        if answer:
            results += 1
        yield lineno, answer, None
    if need_result and not results:
        raise ParseError("no results (only blank lines and comments)", source=source)


# -- lines as they arrive -----------------------------------------------------------


def read_head(read: Callable[[], bytes]) -> tuple[bytes, bool]:
    """What ``read()`` gives up to the first line that is not blank (or all of it when there
    is none, at most about :data:`~bridgecli.formats.result_lines.HEAD_LIMIT` bytes), and whether the input ended there
    (``read()`` gave ``b""``). Reading no further than the first line means never waiting
    longer than scoring it would."""
    parts: list[bytes] = []
    size = 0
    text = False  # a byte that is not white space has been read
    while True:
        chunk = read()
        if not chunk:
            return b"".join(parts), True
        parts.append(chunk)
        size += len(chunk)
        rest = chunk
        if not text:
            rest = chunk.lstrip()
            text = bool(rest)
        if (text and (b"\n" in rest or b"\r" in rest)) or size >= HEAD_LIMIT:
            return b"".join(parts), False


def iter_lines(read: Callable[[], bytes], head: bytes = b"", ended: bool = False,
               on_wait: Callable[[], None] | None = None, source: str = "<stdin>") -> Iterator[str]:
    """The lines of a byte input, ``head`` (already read) first, then what each ``read()``
    gives until it gives ``b""`` (UTF-8, a bad byte replaced; a line ends at ``\\n``,
    ``\\r\\n`` or a lone ``\\r``). Memory stays flat: what is held is one read and the
    end of the line it cuts.

    ``ended``: the input ended after ``head``. ``on_wait()`` is called before each
    ``read()``, when every line so far has been handed out, so that their answers can be
    written before the wait (``tail -f results.txt | bridgecli score -`` answers at once).

    Raises:
        ParseError: located at ``source`` and the line: UTF-16 or UTF-32 text (a byte-order
            mark) at line 1; a line longer than :data:`~bridgecli.formats.result_lines.MAX_LINE`
            bytes, as soon as it is.
    """
    import itertools

    return itertools.chain.from_iterable(_line_lists(read, head, ended, on_wait, source))


def _line_lists(read: Callable[[], bytes], head: bytes, ended: bool,
                on_wait: Callable[[], None] | None, source: str) -> Iterator[list[str]]:
    """:func:`iter_lines` a read at a time."""
    from bridgecli.formats.stream import wide_text_error

    wide = wide_text_error(head, source)
    if wide is not None:  # (Notepad's "Unicode")
        raise wide
    pending = b""    # the start of a line whose end has not been read yet
    after_cr = False  # the last read ended in "\r": a "\n" starting the next one belongs to it
    done = 0         # lines handed out
    chunk = head
    while True:
        if chunk:
            if after_cr and chunk[:1] == b"\n":
                chunk = chunk[1:]
            after_cr = False
            data = pending + chunk if pending else chunk
            cut = max(data.rfind(b"\n"), data.rfind(b"\r"))
            if cut >= 0:
                after_cr = cut == len(data) - 1 and data[cut] == 13
                complete, pending = data[:cut], data[cut + 1:]
                if complete[-1:] == b"\r" and data[cut] == 10:
                    complete = complete[:-1]
                text = complete.decode("utf-8", "replace")
                if "\r" in text:
                    text = text.replace("\r\n", "\n").replace("\r", "\n")
                lines = text.split("\n")
                if len(complete) > MAX_LINE:
                    long = next((i for i, x in enumerate(lines) if len(x.encode("utf-8")) > MAX_LINE), None)
                    if long is not None:
                        raise line_too_long(source, done + long + 1)
                done += len(lines)
                yield lines
            else:
                pending = data
            if len(pending) > MAX_LINE:
                raise line_too_long(source, done + 1)
        if ended:
            break
        if on_wait is not None:
            on_wait()
        chunk = read()
        if not chunk:
            break
    if pending:
        yield [pending.decode("utf-8", "replace")]
