"""``bridgecli rubber``: rubber bridge and Chicago score sheets.

Input is either result lines, each parsed like ``score``'s arguments
(``4SX-1 --declarer N --honors NS:100``, ``pass``; ``players: Ann, Bob, Cid,
Dan`` seats players N, E, S, W for the next rubber), or a PBN/YAML/JSON/LIN
file of boards with Contract, Declarer and Result (or an auction and a play
to derive them from); an ``Honours`` tag such as ``NS:100`` gives honours,
or ``--honors auto`` finds them in the deal.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import click

from bridgecli.cli import ExitCode, localise
from bridgecli.cli.common import format_option, get_lang, json_option, output_format, output_option
from bridgecli.cli.results import (
    BOARD_EXTENSIONS,
    InputLanguage,
    declared_language,
    parse_line_options,
    result_and_declarer,
    split_words,
)
from bridgecli.cli.results import is_board_text as _is_board_text
from bridgecli.cli.results import line_command as _line_command
from bridgecli.cli.results import players_table as _players_table
from bridgecli.cli.results import simple_params as _simple_params
from bridgecli.cli.results import units as _units
from bridgecli.cli.variants import variant_option
from bridgecli.core.cards import SEATS, Seat, Side
from bridgecli.core.errors import BridgeError, ParseError, RuleError
from bridgecli.core.numbers import is_digits
from bridgecli.core.rubber import (
    ROUNDINGS,
    DealResult,
    Honours,
    Rubber,
    Session,
    repeated_partnerships,
    settlement,
    standings,
)

if TYPE_CHECKING:
    from bridgecli.core.notation import Language

CHICAGO_RULES = {"carry": "carry", "each": "each", "a": "carry", "b": "each"}
"""``--chicago-rule`` values: ``carry`` (the ACBL's four-deal bridge, alias ``a``) and ``each``
(variant B, alias ``b``)."""
CHICAGO_RULE_CHOICES = ["carry", "each", "a", "b"]
"""What ``--chicago-rule`` accepts."""

_SIDES = {"NS": Side.NS, "N-S": Side.NS, "N": Side.NS, "S": Side.NS,
          "EW": Side.EW, "E-W": Side.EW, "E": Side.EW, "W": Side.EW}


def parse_honours(text: str) -> Honours:
    """``NS:100``, ``EW 150``, ``N:100`` (a seat stands for its side). Raises ParseError."""
    t = text.strip().replace(":", " ").replace("=", " ").split()
    if len(t) == 2 and t[0].upper() in _SIDES and is_digits(t[1]) and len(t[1]) <= 18:
        return Honours(_SIDES[t[0].upper()], int(t[1]))
    raise ParseError(f"honours are SIDE:POINTS such as 'NS:100' or 'EW:150', not {text!r}")


def parse_players(text: str) -> tuple[str, ...]:
    """Four names N, E, S, W separated by commas. Raises ParseError."""
    names = tuple(n.strip() for n in text.split(","))
    if len(names) != 4 or not all(names):
        raise ParseError(f"players are four names N, E, S, W separated by commas, not {text!r}")
    return names


def _line_result(line: str, lang: Language) -> DealResult:
    """One result line -> a deal result (parsed like ``score``'s arguments)."""
    tokens = split_words(line)
    params = _simple_params(tokens)
    if params is None:
        params = parse_line_options(_line_command, tokens, "result line").params
    words = list(params["words"])
    for w in words:
        if w.startswith("-") and w != "-" and not (w[1:].isdigit() and w[1:].isascii()):
            if w in ("--vul", "-v"):
                raise ParseError("no --vul here: vulnerability comes from the rubber's state")
            raise ParseError(f"no such option: {w!r}")
    contract, tricks, seat = result_and_declarer(words, params.get("declarer"), lang)
    if seat is not None:
        contract = contract.with_declarer(seat)
    honours = None
    text = params.get("honours")
    if text:
        if text.strip().lower() == "auto":
            raise ParseError("--honors auto needs the deal: give a PBN, YAML or JSON file of boards")
        honours = parse_honours(text)
    if contract.is_passout and honours is not None:
        raise ParseError(f"honours {text!r} on a passed-out deal")
    return DealResult(contract, tricks, honours)


Item = tuple[int | None, str | None, DealResult | tuple[str, ...], Seat | None]
"""(line, board label, a deal result or a players change, the board's dealer)."""

_PLAYERS_LINE = re.compile(r"players\b\s*:?\s*(.*)$", re.IGNORECASE)


def _describe(r: DealResult) -> str:
    c = r.contract
    if c.is_passout:
        return "pass"
    return f"{c.pbn} by {c.declarer.letter if c.declarer is not None else '?'}, {r.tricks} tricks"


def _lines(text: str, source: str, lang: Language) -> Iterator[Item]:
    """The players and results of a text file, read in the language its first line declares
    (``# lang: hu``), else in English; ``lang`` (the display language) never changes a
    reading, and a line it would read differently is warned about."""
    reading: InputLanguage | None = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().removeprefix("\ufeff")
        try:
            if reading is None and line:
                declared = declared_language(line)
                reading = InputLanguage(lang, declared)
                if declared is not None:
                    continue
            if not line or line.startswith("#"):
                continue
            m = _PLAYERS_LINE.match(line)
            if m:
                yield lineno, None, parse_players(m.group(1)), None
                continue
            assert reading is not None
            result = _line_result(line, reading.reader)
            if reading.other is not None:
                try:
                    other = _line_result(line, reading.other)
                except BridgeError:
                    other = result
                if other != result:
                    reading.check(f"{source}:{lineno}", line, _describe(result), _describe(other))
            yield lineno, None, result, None
        except BridgeError as exc:
            raise exc.located(source=source, line=lineno) from None


def _boards(text: str, source: str, fmt: str, honours_auto: bool, rules: Any) -> Iterator[Item]:
    from bridgecli import formats
    from bridgecli.core.rubber import honours_in_deal
    from bridgecli.formats.traveller import contract_and_tricks

    last_players: tuple[str, ...] | None = None
    for item in formats.iter_records(text, fmt, source):
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


# -- text sheet -------------------------------------------------------------------

_W = 30


def _side(lang: Language, side: Side) -> str:
    """``N-S`` / ``E-W`` with the language's seat letters (``É-D`` in Hungarian)."""
    a, b = side.seats
    return f"{lang.seat_str(a)}-{lang.seat_str(b)}"


def _reason(lang: Language, reason: str) -> str:
    return lang.word("reason_" + reason.replace(" ", "_").replace("-", "_"))


def _deal_text(r: Rubber, number: int | None, lang: Language) -> str:
    for d in r.deals:
        if d.number == number and number is not None:
            c = d.result.contract
            return lang.contract_str(c, declarer=False) + (
                f" {lang.seat_str(c.declarer)}" if c.declarer is not None else "")
    return ""


def _cell(r: Rubber, e: Any, lang: Language) -> str:
    what = _deal_text(r, e.deal, lang) if e.reason == "tricks" else _reason(lang, e.reason)
    tag = f" ({e.deal})" if e.deal is not None else ""
    return f"{e.amount:>6}  {what}{tag}"


def _columns(left: list[str], right: list[str]) -> list[str]:
    rows = []
    for i in range(max(len(left), len(right))):
        a = left[i] if i < len(left) else ""
        b = right[i] if i < len(right) else ""
        rows.append(f"{a:<{_W}}|{(' ' + b) if b else ''}".rstrip())
    return rows


def _result_text(d: Any, lang: Language) -> str:
    from bridgecli.formats.traveller import result_text

    c = d.result.contract
    if c.is_passout:
        return lang.word("auction_passed_out") + (", " + lang.word("dealt_again") if d.number is None else "")
    return f"{lang.contract_str(c, declarer=True)} {result_text(c, d.result.tricks)}"


def _sheet(r: Rubber, index: int, rounding: str, rules_name: str, lang: Language) -> list[str]:
    word = lang.word
    kind = word("chicago_round") if r.is_chicago else word("rubber")
    if r.finished:
        w = r.winner
        if r.is_chicago:
            state = word("four_deals_played") + (
                ", " + word("ahead").format(side=_side(lang, w)) if w is not None else ", " + word("level"))
        else:
            assert w is not None
            state = word("won_it").format(side=_side(lang, w), a=r.games[w], b=r.games[w.opponents])
    else:
        state = word("unfinished") + (" " + word("scored_as_stopped") if r.closed and not r.is_chicago else "")
    out = [f"{kind} {index}: {state} [{_named(lang, 'scheme', rules_name)}]"]
    if r.players:
        n, e, s, w_ = r.players
        N, E, S, W = (lang.seat_str(x) for x in SEATS)
        out.append(f"{_side(lang, Side.NS)}: {n} ({N}) & {s} ({S})    {_side(lang, Side.EW)}: {e} ({E}) & {w_} ({W})")
    for d in r.deals:
        num = f"{d.number:>2}" if d.number is not None else " -"
        extra = f"{word('dealer_lc')} {lang.seat_str(d.dealer)}, " if d.dealer is not None else ""
        game = f", {_reason(lang, 'game')} {_side(lang, d.game_won)}" if d.game_won is not None else ""
        hon = f", {word('honours')} {d.result.honours}" if d.result.honours else ""
        out.append(f"  {num}. {_result_text(d, lang):<24} ({extra}{word('vul_lc')} {lang.vul_str(d.vulnerability)}"
                   f"{hon}{game})")
    out.append("")
    out.append(_columns([f"{word('we_col'):>{_W - 2}}"], [" " + word("they_col")])[0])
    above = [e for e in r.entries if e.place == "above"][::-1]
    out += _columns([_cell(r, e, lang) for e in above if e.side == Side.NS],
                    [_cell(r, e, lang) for e in above if e.side == Side.EW])
    out.append("=" * _W + "+" + "=" * _W)
    last_game = max((e.game for e in r.entries), default=1)
    for g in range(1, max(last_game, r.game) + 1):
        below = [e for e in r.entries if e.place == "below" and e.game == g]
        if not below:
            continue
        out += _columns([_cell(r, e, lang) for e in below if e.side == Side.NS],
                        [_cell(r, e, lang) for e in below if e.side == Side.EW])
        won = next((d.game_won for d in r.deals if d.game_won is not None
                    and any(e.deal == d.number and e.place == "below" and e.game == g for e in below)), None)
        if won is not None:
            out.append("-" * _W + "+" + "-" * _W + " " + word("game_n").format(n=g) + f": {_side(lang, won)}")
    if not out[-1].startswith("-"):
        out.append("-" * _W + "+" + "-" * _W)
    out += _columns([f"{r.ns_total:>6}  {word('total_lc')}"], [f"{r.ew_total:>6}  {word('total_lc')}"])
    diff = r.difference
    if diff == 0:
        out.append(f"{word('difference')}: 0, {word('settlement')} 0")
    else:
        side = _side(lang, Side.NS if diff > 0 else Side.EW)
        out.append(f"{word('difference')}: {side} {word('by')} {abs(diff)}, {word('settlement')} "
                   f"{_units(abs(settlement(diff, rounding)))} ({_named(lang, 'rounding', rounding)})"
                   .replace("  ", " "))
    return out


def _named(lang: Language, kind: str, name: str) -> str:
    """A scheme or rounding name in ``lang`` (the ``scheme_rubber`` word...), else as it is."""
    key = f"{kind}_{name}"
    text = lang.word(key)
    return name if text == key else text


def _render_text(session: Session, rounding: str, lang: Language) -> str:
    out: list[str] = []
    table = standings(session.rubbers, rounding)
    chicago = bool(session.rules.deals_per_round)
    for i, (r, rows) in enumerate(zip(session.rubbers, table), 1):
        if out:
            out.append("")
        out += _sheet(r, i, rounding, session.rules.name, lang)
        if rows:
            out.append("")
            out += _players_table(rows, f"{lang.word('round_lc' if chicago else 'rubber_lc')} {i}", lang)
    if len(session.rubbers) > 1:
        out.append("")
        out.append(f"{lang.word('all_rounds' if chicago else 'all_rubbers')}: {_side(lang, Side.NS)} "
                   f"{session.ns_total}, {_side(lang, Side.EW)} {session.ew_total}")
    if not session.rubbers:
        out.append(lang.word("no_deals_round" if chicago else "no_deals_rubber"))
    return "\n".join(out) + "\n"


def _render_json(session: Session, rounding: str) -> str:
    import json

    rubbers = []
    for r in session.rubbers:
        w = r.winner
        rubbers.append({
            "ns_total": r.ns_total,
            "ew_total": r.ew_total,
            "finished": r.finished,
            "winner": None if w is None else w.name,
            "games": {"NS": r.games[0], "EW": r.games[1]},
            "rubber_bonus": r.rubber_bonus,
            "entries": [{"side": e.side.name, "place": e.place, "amount": e.amount, "reason": e.reason,
                         "deal": e.deal, "game": e.game} for e in r.entries],
        })
    record: dict[str, Any] = {"rubbers": rubbers, "ns_total": session.ns_total, "ew_total": session.ew_total}
    table = [rows for rows in standings(session.rubbers, rounding) if rows]
    if table:
        record["players"] = [{"name": p.name, "points": p.total_points, "units": p.total_units} for p in table[-1]]
    return json.dumps(record)


# -- the command ---------------------------------------------------------------


EXAMPLES = (
    "\b\nExamples:\n"
    "  bridgecli rubber docs/examples/evening.txt\n"
    "  bridgecli rubber --chicago docs/examples/chicago.txt --json\n"
    "  printf '2S= -d N\\n2H= -d E\\n2D= -d N\\n' | bridgecli rubber\n"
)
"""The examples at the end of ``bridgecli rubber --help`` (run by the tests, from the repository root)."""


@click.command(epilog=EXAMPLES)
@click.argument("infile", metavar="FILE", default="-", type=click.Path(allow_dash=True))
@json_option
@click.option("--players", default=None, metavar="N,E,S,W",
              help="Player names at N, E, S, W for the first rubber (a 'players:' line changes them);"
                   " with --variant, the game's players in its seating order.")
@click.option("--chicago", is_flag=True, help="Chicago: rounds of four deals, vulnerability by deal.")
@click.option("--chicago-rule", "chicago_rule", type=click.Choice(CHICAGO_RULE_CHOICES, case_sensitive=False),
              default="carry", show_default=True,
              help="Chicago part-scores: carry = carry to game, 100 on deal 4 (the ACBL's four-deal bridge);"
                   " each = each deal alone, 50 each (as in duplicate). 'a' and 'b' are accepted too."
                   " See docs/commands/rubber.md.")
@variant_option
@click.option("--partscore-bonus", type=click.IntRange(min=0), default=None, metavar="N",
              help="Part-score premium: unfinished rubber (default 100; 50 in the other reading), "
                   "or Chicago's (carry: 100 on deal 4, each: 50).")
@click.option("--rounding", type=click.Choice(ROUNDINGS, case_sensitive=False), default="nearest",
              show_default=True, help="Settlement: difference / 100 rounded so (50 up or down, down, up, exact).")
@click.option("--honors", "--honours", "honours_mode", type=click.Choice(["given", "auto"], case_sensitive=False),
              default="given", show_default=True, help="auto: find honours in the deals of a board file.")
@click.option("--passout", type=click.Choice(["redeal", "count"], case_sensitive=False), default=None,
              help="Passed-out deal: dealt again (Chicago default) or counted as a deal (rubber).")
@click.option("--dealer", default=None, metavar="SEAT", help="Chicago: dealer of each round's first deal (N).")
@click.option("--chicago-honours", is_flag=True, help="Chicago: score honours too (off by default).")
@format_option("--from", "Format of a board FILE (default: from extension or content).")
@output_option
@click.pass_context
def rubber(ctx: click.Context, /, infile: str, as_json: bool, players: str | None, chicago: bool,
           chicago_rule: str, variant_name: str | None, partscore_bonus: int | None, rounding: str, honours_mode: str, passout: str | None,
           dealer: str | None, chicago_honours: bool, output: str | None, **kw: Any) -> None:
    """Keep a rubber bridge (or Chicago) score sheet from results in order.

    FILE holds one result a line, written as score's arguments: CONTRACT
    RESULT --declarer SEAT [--honors SIDE:POINTS], or 'pass'; '#' starts a
    comment; 'players: Ann, Bob, Cid, Dan' seats players N, E, S, W for the
    next rubber. Or FILE is a PBN, YAML or JSON file of boards. Vulnerability
    comes from the rubber (a side with a game), or from the deal in Chicago.
    With --variant NAME the results (a player as declarer) or played boards
    are of that game, kept a column a player; --players names its players.
    """
    import dataclasses

    from bridgecli.cli.common import AtomicOutput, read_text
    from bridgecli.core.scoring import find_rules

    as_json = output_format(output, "json" if as_json else None, ("text", "json"), "text", option="--json") == "json"
    lang = get_lang(ctx)
    if variant_name is not None:
        if variant_name.strip().lower() in CHICAGO_RULES:
            raise click.BadParameter(f"{variant_name!r} is a Chicago part-score rule now: use"
                                     f" --chicago-rule {CHICAGO_RULES[variant_name.strip().lower()]}",
                                     param_hint="--variant")
        from click.core import ParameterSource

        bridge_only = [opt for n, opt in (("chicago", "--chicago"), ("chicago_rule", "--chicago-rule"),
                                          ("partscore_bonus", "--partscore-bonus"), ("honours_mode", "--honors"),
                                          ("passout", "--passout"), ("dealer", "--dealer"),
                                          ("chicago_honours", "--chicago-honours"))
                       if ctx.get_parameter_source(n) not in (ParameterSource.DEFAULT, None)]
        if bridge_only:
            raise click.UsageError(f"--variant keeps the game's own rubber: no {', '.join(bridge_only)}")
        from bridgecli.cli.variants import run_variant_rubber

        ctx.exit(run_variant_rubber(variant_name, infile, kw.get("from"), players, rounding.lower(), as_json,
                                    output, lang))
    rule = CHICAGO_RULES[chicago_rule.lower()]
    rules = find_rules(("chicago" if rule == "carry" else "chicago-b") if chicago else "rubber")
    changes: dict[str, Any] = {}
    if partscore_bonus is not None:
        changes["partscore_bonus" if chicago else "unfinished_partscore"] = partscore_bonus
    if passout is not None:
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
        first = lang.parse_seat(dealer)
    session = Session(rules, first)
    if players:
        session = session.seat(parse_players(players))

    text, source = read_text(infile)
    if not text.strip():
        raise ParseError("no boards", source=source)  # as every other command says of an empty file
    fmt_override = kw.get("from")
    if fmt_override or infile.lower().endswith(BOARD_EXTENSIONS) or _is_board_text(text):
        from bridgecli import formats

        fmt = formats.resolve_format(infile, text, fmt_override)
        items: Iterator[Item] = _boards(text, source, fmt, honours_mode.lower() == "auto", rules)
    else:
        if honours_mode.lower() == "auto":
            raise ParseError("--honors auto needs deals: give a PBN, YAML or JSON file of boards")
        items = _lines(text, source, lang)
    for line, label, item, board_dealer in items:
        try:
            if isinstance(item, DealResult):
                if chicago and board_dealer is not None:
                    if not session.rubbers and dealer is None:
                        session = dataclasses.replace(session, first_dealer=board_dealer)
                    cur = session.current
                    expected = cur.dealer if cur is not None else session.first_dealer
                    if board_dealer != expected:
                        raise RuleError(f"dealer {board_dealer.letter} but the Chicago rotation gives "
                                        f"{expected.letter}")
                session = session.add(item)
            else:
                session = session.seat(item)
        except BridgeError as exc:
            raise exc.located(source=source, line=line, board=label) from None
    session = session.close()
    if as_json:
        rendered = _render_json(session, rounding.lower()) + "\n"
    else:
        rendered = _render_text(session, rounding.lower(), lang)
    with AtomicOutput(output) as fp:
        fp.write(rendered)
    repeats = [] if chicago else repeated_partnerships(session.rubbers)
    for rep in repeats:
        a, b = rep.partners
        message = (f"{source}: {a} and {b} partner again in rubber {rep.rubber},"
                   f" as in rubber {rep.earlier} of the same round of three")
        click.echo(f"bridgecli: warning: {localise(message)}", err=True)
    ctx.exit(ExitCode.RULES if repeats else ExitCode.OK)


__all__ = ["parse_honours", "parse_players", "rubber"]
