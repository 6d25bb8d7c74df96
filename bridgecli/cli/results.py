"""Pieces shared by ``score``, ``rubber`` and the variants' commands: result lines
typed as on the command line (``4SX -1 -d E``), the language a text of them is
read in, and the players' table of a score sheet.

A helper module, not a command: command modules import from here (and from
:mod:`bridgecli.cli.common`), never from each other.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import click

from bridgecli.core.calls import Contract
from bridgecli.core.cards import Seat
from bridgecli.core.errors import ParseError
from bridgecli.core.scoring import parse_result

# -- the language a text of results is read in -----------------------------------

#: ``# lang: hu``: a first line declaring the language of a file of result lines.
_LANG_LINE = re.compile(r"#\s*lang\s*:\s*(\S*)\s*", re.IGNORECASE)

LANGUAGE_NAMES = {"en": "English", "pl": "Polish", "hu": "Hungarian"}
"""Language codes and the names warnings use."""


def declared_language(line: str) -> str | None:
    """The code a ``# lang: CODE`` line declares, None for any other line. Raises ParseError
    for an unknown code."""
    m = _LANG_LINE.fullmatch(line.strip().removeprefix("\ufeff"))
    if m is None:
        return None
    from bridgecli.core.notation import get_language

    return get_language(m.group(1)).code


class InputLanguage:
    """How result lines of a file or stdin are read: in the language the text declares
    (``# lang: hu`` first), else in English (the default reader, which also reads the
    foreign tokens that do not clash) -- never in the display language ``--lang`` alone,
    which must not change a score. Where an undeclared text would read differently in
    ``--lang``, :meth:`check` warns on stderr, naming the reading taken.
    """

    def __init__(self, display: Any, declared: str | None = None) -> None:
        from bridgecli.core.notation import get_language

        self.code = declared or "en"
        self.reader = get_language(self.code)
        self.display_code = str(display.code)
        # a declared language is the author's word: nothing to warn about then
        self.other = get_language(self.display_code) if declared is None and self.display_code != self.code else None
        self.warned: set[str] = set()

    def check(self, where: str, line: str, taken: str, other: str) -> None:
        """Warn once per line text that ``line`` reads as ``taken`` here and as ``other``
        in the display language."""
        if not taken or not other or taken == other or line in self.warned:
            return
        self.warned.add(line)
        name = LANGUAGE_NAMES.get(self.code, self.code)
        other_name = LANGUAGE_NAMES.get(self.display_code, self.display_code)
        click.echo(f"bridgecli: warning: {where}: {line.strip()!r} read in {name}: {taken};"
                   f" {other_name} (--lang {self.display_code}) reads {other}. Put '# lang: {self.display_code}'"
                   f" first to read the input in {other_name}", err=True)


def result_and_declarer(words: Sequence[str], declarer_text: str | None, lang: Any,
                        memo: dict[Any, Any] | None = None) -> tuple[Contract, int, Seat | None]:
    """The contract, declarer's tricks and declarer of the words of one result (``4SX -1``,
    ``4SXN-1``, ``pass``) with a ``--declarer`` text; the declarer is None when neither
    names one. Shared by ``score`` and ``rubber``. Raises ParseError for a bad result or
    seat, or a ``--declarer`` that contradicts the contract.
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


def split_words(line: str) -> list[str]:
    """The words of one input line, quoted as on a shell command line (``shlex`` only when the
    line has quotes or backslashes). Raises ParseError for unbalanced quotes."""
    if "'" in line or '"' in line or "\\" in line:
        import shlex

        try:
            return shlex.split(line)
        except ValueError as exc:
            raise ParseError(f"cannot split the line: {exc}") from None
    return line.split()


def parse_line_options(command: click.Command, tokens: Sequence[str], info_name: str | None = None,
                       parent: click.Context | None = None) -> click.Context:
    """Parse the words of one input line as arguments of ``command`` (click's own parser, as
    on the command line); the returned context holds the values in ``params``. Shared by
    ``score`` and ``rubber``. Raises ParseError for an unknown option, a missing value, or
    ``--help``.
    """
    try:
        return command.make_context(info_name, list(tokens), parent=parent, resilient_parsing=False)
    except click.exceptions.Exit:
        raise ParseError("--help is not a result") from None
    except click.ClickException as exc:
        text = exc.format_message().rstrip(".")
        raise ParseError(text[:1].lower() + text[1:]) from None


BOARD_EXTENSIONS = (".pbn", ".yaml", ".yml", ".json", ".jsonl", ".ndjson", ".lin")
"""FILE names ending so hold boards; anything else holds result lines."""

@click.command(context_settings={"ignore_unknown_options": True}, add_help_option=False)
@click.argument("words", nargs=-1)
@click.option("--declarer", "-d", default=None)
@click.option("--honors", "--honours", "honours", default=None)
def line_command(words: tuple[str, ...], declarer: str | None, honours: str | None) -> None:
    """The options of one result line (parsed only, never run)."""


_SIMPLE = {"-d": "declarer", "--declarer": "declarer", "--honors": "honours", "--honours": "honours"}


def simple_params(tokens: Sequence[str]) -> dict[str, Any] | None:
    """What click gives for a line of words and ``-d X``/``--honors X`` pairs only (the common
    case, without click's per-line cost); None for anything else, which click then parses."""
    words: list[str] = []
    params: dict[str, Any] = {"declarer": None, "honours": None}
    i, n = 0, len(tokens)
    while i < n:
        t = tokens[i]
        name = _SIMPLE.get(t)
        if name is None:
            if t[:1] == "-" and t != "-" and not (t[1:].isdigit() and t[1:].isascii()):
                return None
            words.append(t)
            i += 1
            continue
        if i + 1 >= n or tokens[i + 1][:1] == "-":
            return None
        params[name] = tokens[i + 1]
        i += 2
    params["words"] = tuple(words)
    return params


#: How a board file starts (PBN tags, ``%`` lines or commentary, JSON, YAML); a result line never does.
BOARD_STARTS = ("%", "[", "{", ";", "---", "boards:", "- board", "board:", "number:")


def is_board_text(text: str) -> bool:
    """True when a text whose first lines are ``text`` is a file of boards (PBN, JSON,
    YAML, LIN), not lines of results."""
    for raw in text.lstrip("\ufeff").splitlines():
        line = raw.strip()
        if line:
            from bridgecli import formats

            return line.startswith(BOARD_STARTS) or formats.sniff(line) == "lin"
    return False


def units(x: float) -> str:
    """Points or units as the sheets print them: ``3``, ``2.5``, ``0``."""
    if isinstance(x, float):
        text = f"{x:.2f}".rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else text
    return str(x)


def signed(x: float) -> str:
    """:func:`units` with a sign: ``+3``, ``-2.5``, ``0``."""
    text = units(x)
    return text if text.startswith("-") or text == "0" else "+" + text


def players_table(rows: Sequence[Any], index: str, lang: Any) -> list[str]:
    """The lines of the players' table after a rubber or round ``index``."""
    word = lang.word
    width = max([12, len(word("player"))] + [len(p.name) for p in rows])  # long names keep the columns aligned
    out = [word("players_after").format(what=index),
           f"  {word('player'):<{width}} {word('this'):>8} {word('points'):>8} {word('units'):>7}"]
    for p in rows:
        out.append(f"  {p.name:<{width}} {signed(p.points):>8} {signed(p.total_points):>8}"
                   f" {signed(p.total_units):>7}")
    return out
