"""Score sheets kept from what was played: rubber bridge and Chicago sessions, and the
variants' rubbers, from result lines or from a file of boards.

``bridgecli rubber`` is :func:`rubber_session` (or :func:`variant_session` with
``--variant``) followed by :func:`bridgecli.render.scoresheet.render_sheet`.
The rules live in :mod:`bridgecli.core.rubber` and :mod:`bridgecli.variants.rubber`;
this module reads the input (:mod:`bridgecli.formats.result_lines` for lines, the
board formats for boards) and feeds it to them. No I/O beyond reading a path given.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any, cast

from bridgecli.core.board import Board
from bridgecli.core.cards import Seat
from bridgecli.core.errors import BridgeError, ParseError, RuleError
from bridgecli.core.rubber import DealResult, Rubber, Session

if TYPE_CHECKING:
    from bridgecli.core.notation import Language
    from bridgecli.core.rubber import PlayerScore
    from bridgecli.core.scoring import ScoringRules
    from bridgecli.variants import Variant
    from bridgecli.variants.rubber import DealPlayed, RubberSheet

Source = str | os.PathLike[str] | IO[str] | Iterable[str] | Iterable[Board] | Iterable[Board | BridgeError]
"""What a session reads: a path, a text, an open text file, lines, or boards (a reader's records,
a BridgeError among them raised where it stands)."""

Warn = Callable[[str], None]
"""Where a warning's text goes (``print``, a logger's ``warning``, a list's ``append``)."""

CHICAGO_RULES = {"carry": "carry", "each": "each", "a": "carry", "b": "each"}
"""Chicago part-score rules: ``carry`` (the ACBL's four-deal bridge, alias ``a``) and ``each``
(variant B, alias ``b``)."""


# -- the input ---------------------------------------------------------------------------


def _language(lang: Language | str | None) -> Language:
    from bridgecli.core.notation import ENGLISH, get_language

    if lang is None:
        return ENGLISH
    return get_language(lang) if isinstance(lang, str) else lang


def _read(source: Source, name: str | None) -> tuple[str | list[Board] | _BoardStream | Iterator[str], str | None]:
    """(text, boards or lines, name) of a session's source: an iterable of lines stays an
    iterator (read as the results are asked for)."""
    import itertools

    from bridgecli.formats.result_lines import BOARD_EXTENSIONS

    if isinstance(source, os.PathLike) or (isinstance(source, str) and "\n" not in source and source.strip()
                                           and (os.path.isfile(source) or source.lower().endswith(BOARD_EXTENSIONS))):
        path = os.fspath(source)
        with open(path, encoding="utf-8-sig") as fp:
            return fp.read(), name or path
    if isinstance(source, str):
        return source, name
    if hasattr(source, "read"):
        own = getattr(source, "name", None)
        text = source.read()
        if not isinstance(text, str):
            raise TypeError(f"a session reads a file opened in text mode, not one that gives {type(text).__name__}"
                            " (open(path) rather than open(path, 'rb'), or give the path)")
        return text, name or (own if isinstance(own, str) else None)
    if isinstance(source, (bytes, bytearray)) or not hasattr(source, "__iter__"):
        raise TypeError(f"a session reads a path, a text, an open text file, lines or boards,"
                        f" not {type(source).__name__}")
    items = iter(source)
    first = next(items, None)
    if isinstance(first, (Board, BridgeError)):
        # boards (a reader's records: a bad one raises where it stands) are taken one at a time
        return _BoardStream(itertools.chain((first,), cast("Iterator[Board | BridgeError]", items))), name
    if first is None:
        return [], name
    return (str(item) for item in itertools.chain((first,), items)), name


class _BoardStream:
    """Boards of a session's source, read as the rubbers are asked for."""

    __slots__ = ("records",)

    def __init__(self, records: Iterator[Board | BridgeError]) -> None:
        self.records = records


def _is_boards(text: str, name: str | None, fmt: str | None) -> bool:
    from bridgecli.formats.result_lines import BOARD_EXTENSIONS, is_board_text

    return bool(fmt) or (name or "").lower().endswith(BOARD_EXTENSIONS) or is_board_text(text)


# -- rubber bridge and Chicago -------------------------------------------------------------


def start_session(*, chicago: bool = False, chicago_rule: str = "carry",
                  players: str | Sequence[str] | None = None, partscore_bonus: int | None = None,
                  passout: str | None = None, dealer: str | Seat | None = None, chicago_honours: bool = False,
                  lang: Language | str | None = None) -> Session:
    """An empty rubber bridge (or Chicago) session with the options of ``bridgecli rubber``.

    Args: as :func:`rubber_session`.

    Returns:
        The :class:`~bridgecli.core.rubber.Session` before its first deal.

    Raises:
        ParseError: an unknown Chicago rule or passout word, a Chicago-only option
            without ``chicago``, a bad dealer or players.
    """
    from bridgecli.core.scoring import find_rules
    from bridgecli.formats.result_lines import parse_players

    rule = CHICAGO_RULES.get(chicago_rule.strip().lower())
    if rule is None:
        raise ParseError(f"a Chicago rule is carry or each (a or b), not {chicago_rule!r}")
    rules = find_rules(("chicago" if rule == "carry" else "chicago-b") if chicago else "rubber")
    changes: dict[str, Any] = {}
    if partscore_bonus is not None:
        changes["partscore_bonus" if chicago else "unfinished_partscore"] = partscore_bonus
    if passout is not None:
        if passout.lower() not in ("redeal", "count"):
            raise ParseError(f"a passed-out deal is redealt or counted ('redeal' or 'count'), not {passout!r}")
        changes["passout_redeal"] = passout.lower() == "redeal"
    if chicago_honours:
        if not chicago:
            raise ParseError("--chicago-honours needs --chicago (a rubber always scores honours)")
        changes["honours"] = True
    if changes:
        rules = dataclasses.replace(rules, **changes)
    first = Seat.NORTH
    if dealer is not None:
        if not chicago:
            raise ParseError("--dealer is for --chicago (a rubber's vulnerability follows its games)")
        first = dealer if isinstance(dealer, Seat) else _language(lang).parse_seat(dealer)
    session = Session(rules, first)
    if players:
        session = session.seat(parse_players(players) if isinstance(players, str) else players)
    return session


Item = tuple[int | None, str | None, DealResult | tuple[str, ...], Seat | None]
"""(line, board label, a deal result or a players change, the board's dealer)."""


def _boards(records: Iterable[Board | BridgeError], source: str | None, honours_auto: bool,
            rules: ScoringRules) -> Iterator[Item]:
    from bridgecli.core.rubber import honours_in_deal
    from bridgecli.formats.result_lines import parse_honours
    from bridgecli.formats.traveller import contract_and_tricks

    last_players: tuple[str, ...] | None = None
    for item in records:
        if isinstance(item, BridgeError):
            raise item
        board = item
        label = None if board.number is None else str(board.number)
        try:
            names = tuple(board.player(s) or "" for s in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST))
            if all(names) and names != last_players:
                last_players = names
                yield None, label, names, None
            contract, result = contract_and_tricks(board)
            if contract is None:
                raise ParseError("no contract (Contract and Declarer tags, or an auction)")
            tricks = 0
            if not contract.is_passout:
                if contract.declarer is None:
                    raise ParseError(f"no declarer for {contract.pbn!r}")
                if result is None:
                    raise ParseError(f"no result for {contract.pbn!r} (a Result tag, or a complete play)")
                tricks = result
            tag = board.tag("Honours") or board.tag("Honors")
            honours = parse_honours(tag) if tag and tag.strip() not in ("", "-") else None
            if honours_auto and rules.honours:
                if board.deal is None:
                    raise ParseError("--honors auto needs the deal, and this board has none")
                found = honours_in_deal(board.deal, contract, rules)
                if honours is not None and honours != found:
                    from bridgecli.core.errors import MismatchError

                    raise MismatchError(f"honours tag {tag!r} but the deal gives "
                                        f"{str(found) if found else 'none'!r}")
                honours = found
            if contract.is_passout and honours is not None:
                raise ParseError(f"honours {tag!r} on a passed-out deal")
            yield None, label, DealResult(contract, tricks, honours), board.dealer
        except BridgeError as exc:
            raise exc.located(source=source, board=label) from None


def _line_items(lines: str | Iterable[str], source: str | None, lang: Language, warn: Warn | None
                ) -> Iterator[Item]:
    """The items of result lines, then ParseError ``no boards`` (blank input) or ``no results``
    (only comments and ``players:`` lines) when none was a result."""
    from bridgecli.formats.result_lines import iter_rubber_lines

    written = results = 0

    def counted(it: Iterable[str]) -> Iterator[str]:
        nonlocal written
        for line in it:
            if not written and line.strip():
                written = 1
            yield line

    for line, item in iter_rubber_lines(lines if isinstance(lines, str) else counted(lines), source, lang, warn):
        results += isinstance(item, DealResult)
        yield line, None, item, None
    if not results:
        written |= isinstance(lines, str)  # (a blank text never gets here)
        raise ParseError("no results (only blank lines and comments)" if written else "no boards", source=source)


def iter_rubbers(session: Session, source: Source, *, honours: str = "given", fmt: str | None = None,
                 name: str | None = None, keep_dealer: bool = False, lang: Language | str | None = None,
                 warn: Warn | None = None, end: list[Session] | None = None) -> Iterator[Rubber]:
    """The rubbers (Chicago rounds) of ``session`` and the results of ``source``, each as
    soon as it is over, the last one closed (an unfinished rubber scored as stopped).
    Result lines are read as the rubbers are asked for, and no rubber is kept once it has
    been given: memory stays flat however long the input (``bridgecli rubber`` prints each
    sheet so). Takes and raises what :func:`add_results` does (each error when its line is
    reached).

    Args:
        session: the session so far (:func:`start_session`).
        source: result lines or boards (see :func:`rubber_session`).
        honours: ``given`` (lines' ``--honors``, boards' ``Honours`` tags) or ``auto``
            (found in each board's deal; a tag that disagrees is an error).
        fmt: the format of a board file (by default from ``name``'s extension or the content).
        name: the source's name in errors and warnings (a path, ``<stdin>``).
        keep_dealer: in Chicago, the session's first dealer was chosen: a board's dealer must
            follow it (else the first board's dealer starts the rotation).
        lang: the display language (never changes how lines are read; see
            :func:`bridgecli.formats.result_lines.iter_rubber_lines`).
        warn: called with the text of each warning (a line ``lang`` reads otherwise).
        end: a list the session at the end is appended to (closed, its rubbers but the last
            given and dropped): the players seated for the next rubber, the totals.

    Raises:
        ParseError: unreadable input, no results at all, a bad line or board.
        RuleError: a result the session cannot take (a Chicago dealer out of turn,
            players changed mid-rubber); MismatchError for honours that disagree.
    """
    from bridgecli import formats

    data, source_name = _read(source, name)
    auto = honours.strip().lower() == "auto"
    if honours.strip().lower() not in ("given", "auto"):
        raise ParseError(f"honours are 'given' or 'auto', not {honours!r}")
    items: Iterable[Item]
    if isinstance(data, str) and not data.strip():
        raise ParseError("no boards", source=source_name)  # as every other command says of an empty file
    if isinstance(data, list):
        items = _boards(data, source_name, auto, session.rules)
    elif isinstance(data, _BoardStream):
        items = _boards(data.records, source_name, auto, session.rules)
    elif isinstance(data, str) and _is_boards(data, source_name, fmt):
        chosen = formats.resolve_format(source_name, data, fmt)
        items = _boards(formats.iter_records(data, chosen, source_name), source_name, auto, session.rules)
    else:
        if auto:
            raise ParseError("--honors auto needs deals: give a PBN, YAML or JSON file of boards")
        items = _line_items(data, source_name, _language(lang), warn)
    yield from session.done
    session = dataclasses.replace(session, done=())
    chicago = bool(session.rules.deals_per_round)
    for line, label, item, board_dealer in items:
        try:
            if isinstance(item, DealResult):
                if chicago and board_dealer is not None:
                    if session.last is None and not keep_dealer:
                        session = dataclasses.replace(session, first_dealer=board_dealer)
                    cur = session.current
                    expected = cur.dealer if cur is not None else session.first_dealer
                    if board_dealer != expected:
                        raise RuleError(f"dealer {board_dealer.letter} but the Chicago rotation gives "
                                        f"{expected.letter}")
                session = session.add(item)
                if session.done:  # the deal started a rubber: the one before is over
                    yield from session.done
                    session = dataclasses.replace(session, done=())
            else:
                session = session.seat(item)
        except BridgeError as exc:
            raise exc.located(source=source_name, line=line, board=label) from None
    session = session.close()
    if end is not None:
        end.append(session)
    if session.last is not None:
        yield session.last


def add_results(session: Session, source: Source, *, honours: str = "given", fmt: str | None = None,
                name: str | None = None, keep_dealer: bool = False, lang: Language | str | None = None,
                warn: Warn | None = None) -> Session:
    """``session`` after the results of ``source``, closed (an unfinished rubber scored as stopped).

    Args:
        session: the session so far (:func:`start_session`).
        source: result lines or boards (see :func:`rubber_session`).
        honours: ``given`` (lines' ``--honors``, boards' ``Honours`` tags) or ``auto``
            (found in each board's deal; a tag that disagrees is an error).
        fmt: the format of a board file (by default from ``name``'s extension or the content).
        name: the source's name in errors and warnings (a path, ``<stdin>``).
        keep_dealer: in Chicago, the session's first dealer was chosen: a board's dealer must
            follow it (else the first board's dealer starts the rotation).
        lang: the display language (never changes how lines are read; see
            :func:`bridgecli.formats.result_lines.iter_rubber_lines`).
        warn: called with the text of each warning (a line ``lang`` reads otherwise).

    Raises:
        ParseError: unreadable input, no results at all (``no boards`` for a blank input,
            ``no results`` for only comments and ``players:`` lines), a bad line or board.
        RuleError: a result the session cannot take (a Chicago dealer out of turn,
            players changed mid-rubber); MismatchError for honours that disagree.
    """
    end: list[Session] = []
    rubbers = tuple(iter_rubbers(session, source, honours=honours, fmt=fmt, name=name, keep_dealer=keep_dealer,
                                 lang=lang, warn=warn, end=end))
    final = end[0]
    return final if final.last is None else dataclasses.replace(final, done=rubbers[:-1])


def rubber_session(source: Source, *, chicago: bool = False, chicago_rule: str = "carry",
                   players: str | Sequence[str] | None = None, partscore_bonus: int | None = None,
                   passout: str | None = None, dealer: str | Seat | None = None, chicago_honours: bool = False,
                   honours: str = "given", fmt: str | None = None, name: str | None = None,
                   lang: Language | str | None = None, warn: Warn | None = None) -> Session:
    """The rubber bridge (or Chicago) session of the results in ``source``, as ``bridgecli rubber`` keeps it.

    Args:
        source: result lines (``4SX-1 -d N --honors NS:100``, ``pass``, ``players: A, B, C, D``,
            ``#`` comments) or a PBN/YAML/JSON/LIN file of boards with Contract, Declarer and
            Result (or an auction and play), given as a path, a text, an open text file,
            a list of lines or a list of :class:`~bridgecli.core.board.Board`.
        chicago: rounds of four deals, vulnerability by deal.
        chicago_rule: Chicago part-scores, ``carry`` (to game, 100 on deal 4; alias ``a``)
            or ``each`` (each deal alone, 50 each; alias ``b``).
        players: the first rubber's players N, E, S, W (``"Ann, Bob, Cid, Dan"`` or four names).
        partscore_bonus: the unfinished rubber's part-score premium (100), or Chicago's.
        passout: ``redeal`` (Chicago's default) or ``count`` (a rubber's) for a passed-out deal.
        dealer: Chicago: the first deal's dealer (default North, or a board file's first dealer).
        chicago_honours: Chicago: score honours too.
        honours: ``given`` or ``auto`` (found in the deals of a board file).
        fmt: the format of a board file (default: from the extension or the content).
        name: the name errors give (default: the path, if ``source`` is one).
        lang: the display language (a :class:`~bridgecli.core.notation.Language` or code):
            reads ``dealer``; lines are read in English unless their first line says
            ``# lang: pl``, and a line ``lang`` reads otherwise is warned about.
        warn: called with the text of each warning (none by default).

    Returns:
        The closed :class:`~bridgecli.core.rubber.Session` (an unfinished rubber scored as stopped).

    Raises:
        ParseError: a bad option, an unreadable line or board, an empty input.
        RuleError: a result the rules do not allow here (a Chicago dealer out of turn).
        OSError: a path that cannot be read.
        TypeError: a source of another kind: None, bytes, a file opened in binary mode.
    """
    session = start_session(chicago=chicago, chicago_rule=chicago_rule, players=players,
                            partscore_bonus=partscore_bonus, passout=passout, dealer=dealer,
                            chicago_honours=chicago_honours, lang=lang)
    return add_results(session, source, honours=honours, fmt=fmt, name=name, keep_dealer=dealer is not None,
                       lang=lang, warn=warn)


# -- the variants' rubbers -------------------------------------------------------------------


@dataclass(frozen=True)
class VariantSession:
    """The rubbers of a variant, a column a player (``bridgecli rubber --variant``)."""

    variant: Variant
    """The game."""
    sheets: tuple[RubberSheet, ...]
    """Each rubber's sheet, in order; the last may be unfinished."""
    void: tuple[str, ...] = ()
    """The labels of the passed-out (void) deals, which are dealt again."""
    names: Mapping[Seat, str] = field(default_factory=dict)
    """The players' names by seat (none: the seat letters stand for them)."""

    def standings(self, rounding: str = "nearest") -> list[list[PlayerScore]]:
        """For each rubber, every player's points and units, and the running totals.

        Raises ParseError for an unknown rounding."""
        from bridgecli.variants.rubber import standings

        return standings(self.sheets, self.names, rounding)


def find_game(variant: str | Variant) -> Variant:
    """The variant named ``variant`` (or ``variant`` itself). Raises ParseError if unknown."""
    if isinstance(variant, str):
        from bridgecli.variants import find_variant

        return find_variant(variant)
    return variant


def check_variant(variant: Variant, board: Board) -> None:
    """Raise ParseError when ``board`` says it is another game than ``variant``."""
    if board.variant is not None and board.variant.lower() != variant.name:
        raise ParseError(f"{board.label} is a {board.variant} board, not {variant.name}")


def variant_players(variant: Variant, players: str | Sequence[str] | Mapping[Seat, str] | None) -> dict[Seat, str]:
    """The names of a variant's players by seat: ``"Ann, Bob"`` (or a list) in the variant's
    seating order (Booby N, E, S; the two-player games N, S; two-handed bridge S, W).

    Raises:
        ParseError: not one name a player.
    """
    if players is None:
        return {}
    if isinstance(players, Mapping):
        return dict(players)
    names = [n.strip() for n in (players.split(",") if isinstance(players, str) else players)]
    seats = "/".join(p.letter for p in variant.players)
    if len(names) != len(variant.players) or not all(names):
        text = players if isinstance(players, str) else ", ".join(players)
        raise ParseError(f"{variant.name} has {len(variant.players)} players ({seats}): give as many names"
                         f" separated by commas, not {text!r}")
    return dict(zip(variant.players, names))


def played_deals(variant: Variant, records: Iterable[Board | BridgeError]
                 ) -> Iterator[tuple[Board | None, DealPlayed | BridgeError | None]]:
    """Each record as (board, its sheet deal): a :class:`~bridgecli.variants.rubber.DealPlayed`,
    None for a board without a finished play, or the BridgeError reading or replaying it
    raised (the board is None for a record that could not be read)."""
    for rec in records:
        if isinstance(rec, BridgeError):
            yield None, rec
            continue
        try:
            check_variant(variant, rec)
            yield rec, variant.deal_played(rec)
        except BridgeError as exc:
            yield rec, exc


def _board_deals(variant: Variant, records: Iterable[Board | BridgeError], source: str | None
                 ) -> tuple[list[DealPlayed], list[str]]:
    """The sheet deals of boards and the labels of the void (passed-out) deals.

    Raises the first bad board's BridgeError, located: ParseError for an unreadable board,
    another game's board or a play that stops before the end (nothing is dropped),
    RuleError for an illegal play.
    """
    from bridgecli.variants.base import deal_label

    deals = []
    void: list[str] = []
    for rec, deal in played_deals(variant, records):
        label = None if rec is None or rec.number is None else str(rec.number)
        if isinstance(deal, BridgeError):
            raise deal.located(source=source, board=label) from None
        assert rec is not None
        if deal is None:
            if variant.outcome(rec).get("void"):
                void.append(deal_label(rec))
                continue
            raise ParseError(f"{deal_label(rec)}: the play is not finished, so the deal cannot be"
                             " scored").located(source=source, board=label)
        deals.append(deal)
    return deals, void


def _reading_of(words: Sequence[str], declarer: Any, lang: Any) -> str:
    """``4NL by N, 10 tricks``: how ``lang`` reads a result line's words (``declarer`` a seat or
    the text of ``-d``); the empty text when ``lang`` cannot read them."""
    from bridgecli.core.scoring import parse_result

    try:
        contract, tricks = parse_result(words, lang.parse_contract)
        seat = lang.parse_seat(declarer) if isinstance(declarer, str) else declarer
    except BridgeError:
        return ""
    by = f" by {seat.letter}" if seat is not None else ""
    return f"{contract.pbn}{by}, {tricks} tricks"


def _line_deals(variant: Variant, text: str, source: str | None, display: Language,
                warn: Warn | None) -> tuple[list[DealPlayed], list[str]]:
    """The sheet deals of result lines (``4NL= -d N --honors N:100``, ``pass``; ``#``
    comments), each labelled ``Deal K``, and the labels of the passed-out deals.
    Raises ParseError, located at the line, for a bad one."""
    from bridgecli.core.numbers import is_digits
    from bridgecli.formats.result_lines import (
        InputLanguage,
        declared_language,
        is_option_word,
        line_options,
        split_words,
    )

    deals = []
    void: list[str] = []
    count = 0
    reading: InputLanguage | None = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().removeprefix("\ufeff")
        if reading is None and line:
            # read in the language the first line declares (# lang: hu), else English (not --lang)
            try:
                declared = declared_language(line)
            except BridgeError as exc:
                raise exc.located(source=source, line=lineno) from None
            reading = InputLanguage(display, declared, warn)
            if declared is not None:
                continue
        if not line or line.startswith("#"):
            continue
        assert reading is not None
        lang = reading.reader
        count += 1
        label = f"{display.word('deal')} {count}"
        try:
            opts = line_options(split_words(line))
            words = list(opts.words)
            for w in words:
                if is_option_word(w):
                    raise ParseError(f"no such option: {w!r}")
            if len(words) == 1 and words[0].lower() in ("pass", "passed", "p", "-"):
                if opts.honours or opts.declarer:
                    raise ParseError("a passed-out deal has no declarer and no honours")
                void.append(label)
                continue
            declarer = lang.parse_seat(opts.declarer) if opts.declarer else None
            honours: dict[Seat, int] = {}
            if opts.honours:
                held = opts.honours.replace(":", " ").replace("=", " ").split()
                if len(held) != 2 or not is_digits(held[1]) or len(held[1]) > 18:
                    raise ParseError(f"honours are PLAYER:POINTS such as 'N:100', not {opts.honours!r}")
                honours[lang.parse_seat(held[0])] = int(held[1])
            deal = variant.deal_from_words(words, declarer, lang.parse_contract, honours, label)
            if reading.other is not None:
                where = f"{source}:{lineno}" if source is not None else f"line {lineno}"
                reading.check(where, line, _reading_of(words, declarer, lang),
                              _reading_of(words, opts.declarer, reading.other))
            deals.append(deal)
        except BridgeError as exc:
            raise exc.located(source=source, line=lineno) from None
    return deals, void


def variant_session(variant: str | Variant, source: Source, *,
                    players: str | Sequence[str] | Mapping[Seat, str] | None = None, fmt: str | None = None,
                    name: str | None = None, lang: Language | str | None = None,
                    warn: Warn | None = None) -> VariantSession:
    """The rubbers of a variant's results, a column a player, as ``bridgecli rubber --variant`` keeps them.

    Args:
        variant: the game (``booby``, ``nullo``, ``szlem``, ``chinese``, ``two-handed``) or a
            :class:`~bridgecli.variants.Variant`.
        source: result lines (``4NL= -d N --honors N:100``, ``pass`` for a void deal, ``#``
            comments) or a YAML/JSON file of the variant's played boards; a path, a text,
            an open text file, a list of lines or a list of boards.
        players: the players' names in the variant's seating order (``"Ann, Bob"``), or by seat.
        fmt: the format of a board file (default: from the extension or the content).
        name: the name errors give (default: the path, if ``source`` is one).
        lang: the display language: names the deals (``Deal 1``) and warns about a line it
            would read otherwise (lines are read in English unless they declare ``# lang: pl``).
        warn: called with the text of each warning.

    Returns:
        The :class:`VariantSession`: its sheets, void deals and players' names.

    Raises:
        ParseError: an unknown variant, bad players, an unreadable line or board, another
            game's board, a play that stops before its end.
        RuleError: an illegal play.
        OSError: a path that cannot be read.
        TypeError: a source of another kind: None, bytes, a file opened in binary mode.
    """
    from bridgecli.formats import iter_records, resolve_format
    from bridgecli.variants.rubber import keep_rubbers

    game = find_game(variant)
    names = variant_players(game, players)
    data, source_name = _read(source, name)
    if isinstance(data, _BoardStream):
        deals, void = _board_deals(game, data.records, source_name)
    else:
        if not isinstance(data, (str, list)):
            data = "\n".join(data)  # (a variant's lines are read whole)
        if isinstance(data, list):
            deals, void = _board_deals(game, data, source_name)
        elif _is_boards(data, source_name, fmt):
            records = iter_records(data, resolve_format(source_name, data, fmt), source=source_name)
            deals, void = _board_deals(game, records, source_name)
        else:
            deals, void = _line_deals(game, data, source_name, _language(lang), warn)
    sheets = keep_rubbers(game.players, game.rubber_scale, deals) if deals else []
    if sheets:
        sheets[-1].close()  # a session that stops mid-rubber: its premiums (none in Szlem)
    return VariantSession(game, tuple(sheets), tuple(void), names)


__all__ = ["CHICAGO_RULES", "Source", "VariantSession", "add_results", "check_variant", "find_game",
           "iter_rubbers", "played_deals", "rubber_session", "start_session", "variant_players", "variant_session"]
