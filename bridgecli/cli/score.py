"""``bridgecli score``: duplicate scores, IMPs, and event results.

Start-up matters here (a player types ``bridgecli score 4S=`` at the
table, a script pipes a million lines): this module imports click and the
scoring core only; files, tables and JSON are imported where they are used.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import IO, Any, cast

import click

from bridgecli.cli import BridgeCliError, ExitCode, localise
from bridgecli.cli.common import (
    echo_warning,
    format_option,
    get_lang,
    json_option,
    output_format,
    output_option,
    parse_line_options,
    variant_option,
)
from bridgecli.core.cards import Seat, Side, Vulnerability
from bridgecli.core.errors import BridgeError, ParseError, RuleError
from bridgecli.core.scoring import find_rules
from bridgecli.core.scoring import score as score_of
from bridgecli.result_lines import InputLanguage, declared_language, is_board_text, result_and_declarer

FILE_EXTENSIONS = (".pbn", ".yaml", ".yml", ".json", ".jsonl", ".ndjson", ".lin")
"""A lone argument ending in one of these is a FILE of boards, not a contract."""


def _is_number(token: str) -> bool:
    """``-1``, ``-12``: a negative number (a result), not an option."""
    rest = token[1:]
    return token[:1] == "-" and rest.isdigit() and rest.isascii()


# -- one result ---------------------------------------------------------------


def _one_result(words: Sequence[str], params: Mapping[str, Any], lang: Any,
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
        "tricks": tricks if not contract.is_passout else None,
        "result": bd.result,
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


def _imps_line(words: Sequence[str], params: Mapping[str, Any]) -> str:
    """``--imps A [B]``: the IMPs of ``A - B`` (or of ``A``)."""
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
    if params.get("as_json"):
        import json

        return json.dumps({"difference": diff, "imps": n})
    return str(n)


def _single(words: Sequence[str], params: Mapping[str, Any], lang: Any, memo: dict[Any, Any] | None = None,
            checked: bool = False) -> str:
    """One line of output for a single-result invocation (a result, or ``--imps``).

    ``checked``: the words are known to hold no option (the batch fast path).
    """
    if params.get("imps_mode"):
        return _imps_line(words, params)
    if not checked:
        for w in words:
            if w.startswith("-") and w != "-" and not _is_number(w):
                raise ParseError(f"no such option: {w!r}")
    return _one_result(words, params, lang, memo)


# -- batch: one result a line ---------------------------------------------------


class _LineScorer:
    """Scores stdin lines with a cache of line -> output (same parser as the command line)."""

    def __init__(self, ctx: click.Context, lang: Any) -> None:
        self.ctx = ctx
        self.lang = lang
        self.outer = dict(ctx.params)
        self.cache: dict[str, str | tuple[str]] = {}
        self.memo: dict[Any, Any] = {}

    def __call__(self, line: str) -> str:
        hit = self.cache.get(line)
        if hit is None:
            try:
                hit = self._evaluate(line)
            except BridgeError as exc:
                hit = (exc.message,)
            if len(self.cache) > 200_000:
                self.cache.clear()
                self.memo.clear()
            self.cache[line] = hit
        if isinstance(hit, tuple):
            raise ParseError(hit[0])
        return hit

    def _evaluate(self, line: str) -> str:
        if line.lstrip().startswith("#"):
            return ""  # a comment line, as rubber reads them: an empty output line, like a blank one
        if "'" in line or '"' in line or "\\" in line:
            import shlex

            try:
                tokens = shlex.split(line)
            except ValueError as exc:
                raise ParseError(f"cannot split the line: {exc}") from None
        else:
            tokens = line.split()
        if not tokens:
            return ""
        fast = self._simple_options(tokens)
        if fast is not None:
            words, params = fast
            return _single(words, params, self.lang, self.memo, checked=True)
        return self._with_options(tokens)

    # options whose click parse is plain: name -> (parameter, takes a value)
    _SIMPLE: Mapping[str, tuple[str, bool]] = {
        "--vul": ("vul", True), "--declarer": ("declarer", True), "-d": ("declarer", True),
        "--ns": ("ns", False), "--json": ("as_json", False), "--imps": ("imps_mode", False),
        "--scoring": ("scoring", True),
    }

    def _simple_options(self, tokens: list[str]) -> tuple[list[str], dict[str, Any]] | None:
        """Words and options of a line that uses only ``--opt VALUE`` / ``--flag`` forms of
        the options above; None for anything else (then click parses the line). Gives what
        click would give for such a line."""
        words: list[str] = []
        params: dict[str, Any] | None = None
        i, n = 0, len(tokens)
        while i < n:
            t = tokens[i]
            spec = self._SIMPLE.get(t)
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
        if words == ["-"] or (len(words) == 1 and words[0].lower().endswith(FILE_EXTENSIONS)):
            return None
        return words, (self.outer if params is None else params)

    def _with_options(self, tokens: list[str]) -> str:
        from click.core import ParameterSource

        sub = parse_line_options(self.ctx.command, tokens, self.ctx.info_name, self.ctx.parent)
        params = dict(self.outer)
        for name, value in sub.params.items():
            if name == "args" or sub.get_parameter_source(name) != ParameterSource.DEFAULT:
                params[name] = value
        for name, what in (("event_file", "--event"), ("output", "-o"), ("keep_going", "--keep-going"),
                           ("lang", "--lang")):
            if sub.get_parameter_source(name) != ParameterSource.DEFAULT:
                raise ParseError(f"{what} is not allowed in a batch line")
        words = list(params["args"])
        if words == ["-"] or (len(words) == 1 and words[0].lower().endswith(FILE_EXTENSIONS)):
            raise ParseError("a batch line holds one result, not a file")
        return _single(words, params, self.lang, self.memo)


def _stdin_fd() -> int:
    try:
        return sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return -1


def _peek_stdin() -> tuple[bytes, bool]:
    """Stdin up to its first line that is not blank (or all of it when there is none),
    and whether stdin has ended (a terminal gives end-of-input once, on Ctrl-D: a
    second read would wait for more).

    Line mode needs that line anyway before it can answer, so peeking never waits
    longer than scoring would (``tail -f`` keeps working).
    """
    fd = _stdin_fd()
    data = b""
    if fd < 0:
        while True:
            line = sys.stdin.readline()
            if not line:
                return data, True
            data += line.encode("utf-8")
            if line.strip():
                return data, False
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return data, True
        data += chunk
        complete = data.rpartition(b"\n")[0]
        if complete.strip():
            return data, False


def _run_batch(ctx: click.Context, keep_going: bool, output: str | None = None, prefix: bytes = b"",
               ended: bool = False) -> int:
    """Score stdin line by line into stdout (or ``output``); returns the exit code.

    ``prefix``: what was already read from stdin (by :func:`_peek_stdin`); ``ended``: stdin ended there.
    """
    from bridgecli.cli.common import stdin_buffer

    stdin_buffer()  # a closed stdin is an error before anything is written
    if output not in (None, "-"):
        from bridgecli.cli.common import AtomicOutput

        with AtomicOutput(output) as fp:
            return _batch_to(ctx, keep_going, fp, prefix, ended)
    return _batch_to(ctx, keep_going, sys.stdout, prefix, ended)


def _batch_to(ctx: click.Context, keep_going: bool, out: Any, prefix: bytes = b"", ended: bool = False) -> int:
    display = get_lang(ctx)
    failures = 0
    lineno = 0
    reading: InputLanguage | None = None
    scorer = other = None

    def handle(lines: list[str]) -> None:
        nonlocal failures, lineno, reading, scorer, other
        outs: list[str] = []
        for line in lines:
            lineno += 1
            try:
                if reading is None:
                    # the first line may declare the language of the lines (# lang: hu)
                    line = line.removeprefix("\ufeff")  # a UTF-8 byte order mark, as files may start with
                    declared = declared_language(line)
                    reading = InputLanguage(display, declared, echo_warning)
                    scorer = _LineScorer(ctx, reading.reader)
                    other = _LineScorer(ctx, reading.other) if reading.other is not None else None
                    if declared is not None:
                        outs.append("")
                        continue
                assert scorer is not None
                answer = scorer(line)
                if other is not None:
                    try:
                        reading.check(f"<stdin>:{lineno}", line, answer, other(line))
                    except BridgeError:
                        pass
                outs.append(answer)
            except BridgeError as exc:
                exc.located(source="<stdin>", line=lineno)
                if not keep_going:
                    if outs:
                        out.write("\n".join(outs) + "\n")
                        out.flush()
                    raise
                failures += 1
                outs.append("error")
                click.echo(f"bridgecli: error: {localise(f'{exc.where()}: {exc}')}", err=True)
        if outs:
            out.write("\n".join(outs) + "\n")
            out.flush()

    fd = _stdin_fd()
    # read what has arrived, answer it all, flush before waiting again (works behind tail -f)
    pending = b""
    chunk = prefix
    while True:
        if chunk:
            complete, nl, pending = (pending + chunk).rpartition(b"\n")
            if nl:
                text = complete.decode("utf-8", "replace")
                if "\r" in text:
                    text = text.replace("\r", "")
                handle(text.split("\n"))
        if ended:
            break
        if fd < 0:
            line = sys.stdin.readline()
            if not line:
                break
            chunk = line.encode("utf-8")
            continue
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            break
    if pending:
        handle([pending.decode("utf-8", "replace").rstrip("\r")])
    return ExitCode.RULES if failures else ExitCode.OK


# -- FILE: every board of a file ---------------------------------------------------


#: ``score FILE`` prints its table this many rows at a time (each part a table with
#: its headings), so that memory does not grow with the file.
TABLE_ROWS = 10_000


class _Prefixed:
    """A binary stream: ``head`` (already read), then the rest of ``rest``."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        self.head = head
        self.rest = rest

    def read(self, size: int = -1) -> bytes:
        if self.head:
            data, self.head = (self.head, b"") if size < 0 else (self.head[:size], self.head[size:])
            return data
        return self.rest.read(size)

    def read1(self, size: int = -1) -> bytes:
        if self.head:
            return self.read(size)
        read1 = getattr(self.rest, "read1", None)
        return read1(size) if read1 is not None else self.rest.read(size)

    def seekable(self) -> bool:
        return False

    def fileno(self) -> int:
        return self.rest.fileno()

    def close(self) -> None:
        pass


def _fmt_num(x: float, places: int = 2) -> str:
    """``x`` with ``places`` decimals always (``75.00``, ``91.67``), so that a column reads alike."""
    text = f"{x:.{places}f}"
    return text[1:] if text.startswith("-") and not text.strip("-0.") else text


def _drop_empty(rows: list[list[Any]], headers: list[str], right: Sequence[int],
                optional: Sequence[int]) -> tuple[list[list[Any]], list[str], tuple[int, ...]]:
    """Leave out the ``optional`` columns that are empty in every row (no lead known, say)."""
    gone = {i for i in optional if all(row[i] in ("", None) for row in rows)}
    keep = [i for i in range(len(headers)) if i not in gone]
    return ([[row[i] for i in keep] for row in rows], [headers[i] for i in keep],
            tuple(k for k, i in enumerate(keep) if i in right))


def _table(rows: list[list[Any]], headers: list[str], style: str, right: Sequence[int] = ()) -> str:
    """A tabulate table; columns in ``right`` (numbers) align right, text is never re-parsed."""
    from tabulate import tabulate

    align = ["right" if i in right else "left" for i in range(len(headers))]
    return str(tabulate(rows, headers=headers, tablefmt=style, disable_numparse=True, colalign=align))


def _board_rules(board: Any, rules: Any, explicit: bool) -> Any:
    """``rules``, or OldMP when the board's PBN ``Scoring`` tag names it and ``--scoring`` was not given."""
    if explicit:
        return rules
    tag = board.tag("Scoring") or ""
    if "oldmp" in [t.strip().lower() for t in tag.split(";")]:
        return find_rules("oldmp")
    return rules


def _run_file(path: str, params: Mapping[str, Any], fmt_override: str | None, output: str | None,
              keep_going: bool, style: str, explicit_rules: bool = False, stdin_head: bytes | None = None) -> int:
    """Score every board of a file; returns the exit code.

    ``stdin_head``: the start of stdin already read (``path`` is then ``-``).
    """
    from bridgecli import formats
    from bridgecli.cli.common import AtomicOutput, close_input, closing_records, open_input
    from bridgecli.formats.stream import iter_file, peek, text_chunks
    from bridgecli.formats.traveller import (
        board_ns_score,
        contract_and_tricks,
        result_text,
        score_tag,
        unscored_reason,
    )

    rules = find_rules(params.get("scoring") or "duplicate")
    lang = get_lang()
    if stdin_head is not None:
        import io

        source = "<stdin>"
        if _stdin_fd() < 0:
            stream: IO[bytes] = io.BytesIO(stdin_head + sys.stdin.read().encode("utf-8"))
        else:
            stream = cast("IO[bytes]", _Prefixed(stdin_head, sys.stdin.buffer))
    else:
        stream, source = open_input(path)
    try:
        head, chunks = peek(text_chunks(stream, source))
        if not head.strip():
            raise ParseError("no boards", source=source)  # as every other command says of an empty file
        fmt = formats.resolve_format(path, head, fmt_override)
        items = closing_records(iter_file(chunks, fmt, source), stream)
    except BaseException:
        close_input(stream)
        raise
    failures = 0
    rows: list[list[Any]] = []
    to_stdout = output != "-"
    as_json = params.get("as_json")
    headers = [lang.word(k) for k in ("board", "vul", "contract", "declarer", "result", "tricks_header", "ns", "ew")]

    printed = [False]

    def print_rows() -> None:
        """The rows so far, as JSON lines or a table (a table a :data:`TABLE_ROWS` rows;
        a table of none when there were no rows at all)."""
        if as_json:
            import json

            if rows:
                click.echo("\n".join(json.dumps(rec[0]) for rec in rows))
        elif rows or not printed[0]:
            click.echo(_table([row[1] for row in rows], headers, style, right=(0, 5, 6, 7)))
        printed[0] = True
        rows.clear()

    def scored() -> Iterator[Any]:
        for item in items:
            yield from score_one(item)
            if to_stdout and len(rows) >= TABLE_ROWS:
                print_rows()

    def score_one(item: Any) -> Iterator[Any]:
        nonlocal failures
        if isinstance(item, BridgeError):
            if not keep_going:
                raise item
            failures += 1
            click.echo(f"bridgecli: error: {localise(f'{item.where()}: {item}')}", err=True)
            return
        board = item
        try:
            ns = board_ns_score(board, _board_rules(board, rules, explicit_rules))
            c, tricks = contract_and_tricks(board)
            reason = unscored_reason(c, tricks) if ns is None else None
            if reason is not None:
                raise RuleError(reason)
        except BridgeError as exc:
            exc.located(source=source, board=None if board.number is None else str(board.number))
            if not keep_going:
                raise
            failures += 1
            click.echo(f"bridgecli: error: {localise(f'{exc.where()}: {exc}')}", err=True)
            yield board
            return
        changes: dict[str, Any] = {}
        if board.contract != c:
            changes["contract"] = c  # derived from the auction
        if board.result != tricks and c is not None and not c.is_passout:
            changes["result"] = tricks  # derived from the play
        if ns is not None:
            new = score_tag(ns)
            old = board.tag("Score")
            if old and len(old.split()) == 2 and _recorded_ns(old) != ns:
                from bridgecli.core.errors import cut_quoted

                click.echo(cut_quoted(f"bridgecli: warning: {source}: {board.label}: Score was {old!r}, now {new!r}"),
                           err=True)
            tags = dict(board.tags)
            tags["Score"] = new
            changes["tags"] = tags
        if changes:
            board = board.replace(**changes)
        yield board
        vul = board.effective_vulnerability
        row = {
            "board": board.number,
            "vulnerable": vul.pbn if vul is not None else None,
            "contract": c.pbn if c is not None else None,
            "declarer": c.declarer.letter if c is not None and c.declarer is not None else None,
            "tricks": tricks,
            "result": result_text(c, tricks) or None,
            "ns": ns,
        }
        rows.append([row, [
            board.number if board.number is not None else "", "" if vul is None else lang.vul_str(vul),
            "" if c is None else lang.contract_str(c),
            "" if c is None or c.declarer is None else lang.seat_str(c.declarer),
            row["result"] or "", "" if tricks is None else tricks,
            "" if ns is None else (ns if ns >= 0 else ""), "" if ns is None else (-ns if ns < 0 else ""),
        ]])
    if output not in (None, "-"):
        out_fmt = output_format(output, None, formats.FORMATS, fmt, option="") or fmt
        with AtomicOutput(output) as fp:
            for chunk in formats.iter_write(scored(), out_fmt):
                fp.write(chunk)
    elif output == "-":
        for chunk in formats.iter_write(scored(), fmt):
            sys.stdout.write(chunk)
    else:
        for _ in scored():
            pass
    if to_stdout:
        print_rows()
    return ExitCode.RULES if failures else ExitCode.OK


# -- events -------------------------------------------------------------------------


def _read_event(path: str, fmt_override: str | None, lang: Any, rules: Any) -> list[Any]:
    """The table results of an event file: CSV or YAML traveller, or boards (PBN, JSON ...)."""
    from bridgecli import formats
    from bridgecli.cli.common import read_text
    from bridgecli.formats import traveller

    text, source = read_text(path)
    ext = os.path.splitext(path)[1].lower()
    first = text.lstrip("\ufeff \t\r\n").split("\n", 1)[0].lower()
    if ext == ".csv" or (ext == "" and not fmt_override and "," in first and first.lstrip().startswith("board")):
        return traveller.loads_csv(text, source, lang, rules)
    fmt = formats.resolve_format(path, text, fmt_override)
    if fmt == "yaml" and traveller.is_traveller_yaml(text):
        return traveller.loads_yaml(text, source, lang, rules)
    return traveller.results_from_boards(formats.read_boards(text, fmt, source), source, rules)


def _run_event(path: str, params: Mapping[str, Any], fmt_override: str | None, output: str | None,
               style: str, lang: Any) -> int:
    """Score an event: pairs (matchpoints, Neuberg, cross-IMPs, Butler) or a team match."""
    import json

    from bridgecli.cli.common import AtomicOutput
    from bridgecli.core.events import is_team_event, score_pairs, team_match
    from bridgecli.formats.traveller import result_text

    rules = find_rules(params.get("scoring") or "duplicate")
    results = _read_event(path, fmt_override, lang, rules)
    if not results:
        raise ParseError("no results in the event file", source=path)
    as_json = bool(params.get("as_json"))
    lines: list[str] = []

    def contract_text(r: Any) -> str:
        return "" if r.contract is None else r.contract.pbn

    def by_text(r: Any) -> str:
        c = r.contract
        return "" if c is None or c.declarer is None else c.declarer.letter

    def shown(r: Any) -> str:
        """Contract and declarer for a text table, in the chosen language."""
        c = r.contract
        if c is None:
            return ""
        return f"{lang.contract_str(c)} {lang.seat_str(c.declarer)}" if c.declarer is not None else lang.contract_str(c)

    def w(*keys: str) -> list[str]:
        return [lang.word(k) for k in keys]

    def adjusted_cells(adj: Any) -> tuple[str, str]:
        """An adjusted score in the +NS/+EW columns: each side's own (``A+`` ``A-``)."""
        ns_text, _, ew_text = adj.text.partition("/")
        return ns_text, ew_text or ns_text

    def room_json(r: Any) -> dict[str, Any]:
        out = {"contract": contract_text(r), "declarer": by_text(r) or None,
               "result": result_text(r.contract, r.tricks) or None, "ns": None if r.adjusted else r.score}
        if r.adjusted is not None:
            out["adjusted"] = r.adjusted.text
        return out

    def ns_shown(r: Any) -> Any:
        return r.adjusted.text if r.adjusted is not None else r.score

    if is_team_event(results):
        match = team_match(results)
        if not match.boards:
            raise RuleError("no board was played in both rooms", source=path)
        if as_json:
            for b in match.boards:
                lines.append(json.dumps({
                    "record": "board", "board": b.board,
                    "open": room_json(b.open), "closed": room_json(b.closed),
                    "imps_home": b.imps_home,
                    **({"imps_visitors": b.imps_visitors} if b.imps_visitors is not None else {}),
                }))
            lines.append(json.dumps({"record": "match", "home": match.home, "visitors": match.visitors,
                                     "home_imps": match.home_imps, "visitors_imps": match.visitors_imps}))
        else:
            rows = []
            for b in match.boards:
                home: int | str
                visitors: int | str
                if b.imps_visitors is not None:  # an adjusted board: each team's own IMPs
                    home, visitors = b.imps_home, b.imps_visitors
                else:
                    home = b.imps_home if b.imps_home > 0 else ""
                    visitors = -b.imps_home if b.imps_home < 0 else ""
                rows.append([b.board,
                             shown(b.open),
                             result_text(b.open.contract, b.open.tricks), ns_shown(b.open),
                             shown(b.closed),
                             result_text(b.closed.contract, b.closed.tricks), ns_shown(b.closed),
                             home, visitors])
            lines.append(_table(rows, w("board", "open", "res", "ns", "closed", "res", "ns", "home", "visitors"),
                                style, right=(0, 3, 6, 7, 8)))
            lines.append("")
            lines.append(_table([[match.home, match.home_imps], [match.visitors, match.visitors_imps]],
                                w("team", "imps"), style, right=(1,)))
    else:
        event = score_pairs(results)
        if as_json:
            for rs in event.results:
                r = rs.result
                lines.append(json.dumps({
                    "record": "result", "board": r.board, "ns": r.ns, "ew": r.ew,
                    "contract": contract_text(r) or None, "declarer": by_text(r) or None,
                    "result": result_text(r.contract, r.tricks) or None, "lead": r.lead,
                    "score_ns": None if r.adjusted else r.score,
                    **({"adjusted": r.adjusted.text} if r.adjusted is not None else {}),
                    "mp_ns": rs.mp_ns, "mp_ew": rs.mp_ew, "top": rs.top,
                    "cross_imps_ns": round(rs.cross_ns, 6), "datum": rs.datum, "butler_ns": rs.butler_ns,
                    **({"cross_imps_ew": round(rs.cross_ew, 6), "butler_ew": rs.butler_ew}
                       if rs.cross_ew is not None else {}),
                }))
            for p in event.standings:
                lines.append(json.dumps({
                    "record": "pair", "rank": p.rank, "pair": p.pair, "direction": p.direction,
                    "boards": p.boards, "mp": round(p.mp, 6), "top": p.top, "percentage": round(p.percentage, 6),
                    "cross_imps": round(p.cross_imps, 6), "butler": p.butler,
                }))
        else:
            rows = []
            for rs in event.results:
                r = rs.result
                c = r.contract
                rows.append([r.board, r.ns, r.ew, "" if c is None else lang.contract_str(c),
                             "" if c is None or c.declarer is None else lang.seat_str(c.declarer),
                             result_text(r.contract, r.tricks), r.lead or "",
                             *(adjusted_cells(r.adjusted) if r.adjusted is not None else
                               (r.score if r.score > 0 else "", -r.score if r.score < 0 else "")),
                             _fmt_num(rs.mp_ns), _fmt_num(rs.mp_ew), _fmt_num(rs.cross_ns), rs.datum, rs.butler_ns])
            ns, ew = lang.word("ns"), lang.word("ew")
            rows, headers, right = _drop_empty(
                rows, [*w("board", "ns", "ew", "contract", "declarer", "result", "opening_lead"), f"+{ns}",
                       f"+{ew}", f"{lang.word('mp')} {ns}", f"{lang.word('mp')} {ew}",
                       f"XIMP {ns}", lang.word("datum"), f"{lang.word('butler')} {ns}"],
                right=(0, 7, 8, 9, 10, 11, 12, 13), optional=(3, 4, 5, 6))
            lines.append(_table(rows, headers, style, right=right))
            order = {"NS": 0, "EW": 1}
            directions = sorted({p.direction for p in event.standings}, key=lambda d: (order.get(d, 2), d))
            for d in directions:
                group = [p for p in event.standings if p.direction == d]
                lines.append("")
                rows = [[p.rank, p.pair, p.boards, _fmt_num(p.mp), p.top, _fmt_num(p.percentage),
                         _fmt_num(p.cross_imps), p.butler] for p in group]
                side = {"NS": lang.word("ns"), "EW": lang.word("ew")}.get(d, d)
                title = lang.word("pair") if "/" in d else f"{lang.word('pair')} ({side})"
                lines.append(_table(rows, [lang.word("rank"), title, *w("boards", "mp", "top", "percent", "ximps",
                                                                        "butler")], style,
                                    right=(2, 3, 4, 5, 6, 7)))
    with AtomicOutput(output) as fp:
        fp.write("\n".join(lines) + "\n")
    return ExitCode.OK


def _stdin_is_terminal() -> bool:
    try:
        return bool(sys.stdin.isatty())
    except (AttributeError, ValueError):
        return False


# -- the command -----------------------------------------------------------------


EXAMPLES = (
    "\b\nExamples:\n"
    "  bridgecli score 4SX -1 --vul both     # -200\n"
    "  printf '4S=\\n3NT-1 --vul both\\n' | bridgecli score -\n"
    "  bridgecli score sample_deals/valid/club_session.pbn\n"
)
"""The examples at the end of ``bridgecli score --help`` (run by the tests, from the repository root)."""


@click.command(context_settings={"ignore_unknown_options": True}, epilog=EXAMPLES)
@click.argument("args", nargs=-1, metavar="CONTRACT [RESULT] | - | FILE")
@click.option("--vul", default=None, metavar="none|ns|ew|both",
              help="Which sides are vulnerable (also all, -, n-s, e-w). Default: none.")
@click.option("--declarer", "-d", default=None, metavar="SEAT", help="Declarer N, E, S or W (default N).")
@click.option("--ns", is_flag=True, help="Print the score signed for N-S (needs --declarer).")
@json_option
@click.option("--imps", "imps_mode", is_flag=True, help="Print the IMPs of a difference: --imps 620 -100.")
@click.option("--event", "event_file", default=None, metavar="FILE",
              help="Score an event: PBN with several tables a board, or a CSV/YAML traveller.")
@click.option("--keep-going", is_flag=True, help="On a bad line or board: write 'error', go on, exit 1.")
@click.option("--scoring", default="duplicate", show_default=True, metavar="NAME",
              help="Scoring scheme (duplicate, oldmp).")
@format_option("--from", "Format of FILE (default: from extension or content).")
@click.option("--fmt", "style", default="simple", show_default=True, metavar="STYLE",
              help="Table style (tabulate: simple, github, grid, plain ...).")
@output_option
@variant_option
@click.pass_context
def score(ctx: click.Context, /, args: tuple[str, ...], vul: str | None, declarer: str | None, ns: bool,
          as_json: bool, imps_mode: bool, event_file: str | None, keep_going: bool, scoring: str,
          style: str, output: str | None, variant_name: str | None = None, **kw: Any) -> None:
    """Score a contract's result (duplicate, Law 77), IMPs, a file of boards, or an event.

    CONTRACT is 4S, 4SX, 3NTXX, 3N, 4♠ or pass; RESULT is =, +1, -2 or the
    tricks taken (10), or joined to the contract (4SX-1). The output is the
    declarer side's score. With - (or no argument and piped input) every
    stdin line is scored like command-line arguments, one output line each
    (empty for a blank line or a '#' comment line).
    """
    fmt_override = kw.get("from")
    if not (variant_name is None and event_file is None and len(args) == 1 and not imps_mode
            and (args[0].lower().endswith(FILE_EXTENSIONS) or (args[0] == "-" and fmt_override is not None))):
        # a file of boards is written back as boards (_run_file); everything else is text or --json
        as_json = output_format(output, "json" if as_json else None, ("text", "json"), "text",
                                option="--json") == "json"
        ctx.params["as_json"] = as_json
    lang = get_lang(ctx)
    if style != "simple":
        from tabulate import tabulate_formats

        if style not in tabulate_formats:
            raise click.BadParameter(f"unknown table style {style!r}", param_hint="--fmt")
    if variant_name is not None:
        if event_file or imps_mode or ns or declarer or not args or args == ("-",):
            raise click.UsageError("--variant scores one CONTRACT RESULT or a FILE: no --event, --imps, --ns,"
                                   " --declarer or stdin")
        from bridgecli.cli.common import AtomicOutput
        from bridgecli.cli.variants import run_rubber, run_score

        if len(args) == 1 and args[0].lower().endswith(FILE_EXTENSIONS):
            ctx.exit(run_rubber(variant_name, args[0], fmt_override, as_json, output))

        vul_words = {"yes": True, "vul": True, "both": True, "all": True, "no": False, "none": False}
        if vul is not None and vul.lower() not in vul_words:
            raise click.BadParameter("with --variant, --vul is yes or no (the declarer's vulnerability)",
                                     param_hint="--vul")
        line = run_score(variant_name, args, vul_words.get((vul or "no").lower(), False), as_json, lang)
        with AtomicOutput(output) as fp:
            fp.write(line + "\n")
        ctx.exit(0)
    find_rules(scoring)
    if event_file is not None:
        if args:
            raise ParseError(f"--event takes no other arguments, not {args[0]!r}")
        try:
            code = _run_event(event_file, ctx.params, fmt_override, output, style, lang)
        except BridgeError as exc:
            # rule errors of the event core know the line, not the file
            raise exc.located(source="<stdin>" if event_file == "-" else event_file) from None
        ctx.exit(code)
        return
    if not args and not imps_mode:
        if _stdin_is_terminal():
            raise BridgeCliError("give CONTRACT [RESULT], - to read results from stdin, or a FILE of boards")
        args = ("-",)
    if args == ("-",) and not imps_mode and fmt_override is None:
        from bridgecli.cli.common import stdin_buffer, stdin_hint

        stdin_buffer()  # a closed stdin is an error before anything is read
        stdin_hint()
        # a board file on stdin (PBN, JSON, YAML, LIN) is scored as a FILE, as show and rubber do
        head, ended = _peek_stdin()
        if is_board_text(head.decode("utf-8", "replace")):
            from click.core import ParameterSource

            explicit = ctx.get_parameter_source("scoring") != ParameterSource.DEFAULT
            ctx.exit(_run_file("-", ctx.params, None, output, keep_going, style, explicit, stdin_head=head))
        ctx.exit(_run_batch(ctx, keep_going, output, head, ended))
        return
    if len(args) == 1 and not imps_mode and (args[0].lower().endswith(FILE_EXTENSIONS) or os.path.isdir(args[0])
                                             or (args[0] == "-" and fmt_override is not None)):
        from click.core import ParameterSource

        explicit = ctx.get_parameter_source("scoring") != ParameterSource.DEFAULT
        ctx.exit(_run_file(args[0], ctx.params, fmt_override, output, keep_going, style, explicit))
        return
    line = _single(args, ctx.params, lang)
    if output not in (None, "-"):
        from bridgecli.cli.common import AtomicOutput

        with AtomicOutput(output) as fp:
            fp.write(line + "\n")
    else:
        click.echo(line)


def _recorded_ns(text: str) -> int | None:
    """The N-S score of a recorded ``Score`` tag (``NS -100`` is ``EW 100``), None if unreadable."""
    from bridgecli.formats.traveller import parse_score_tag

    try:
        return parse_score_tag(text)
    except BridgeError:
        return None
