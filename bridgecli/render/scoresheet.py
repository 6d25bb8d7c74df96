"""Score sheets as text and JSON: rubber bridge and Chicago sessions (the we/they sheet),
and the variants' rubbers (a column a player), as ``bridgecli rubber`` prints them.

Pure: a session in, a string out (:func:`render_sheet`), or rubbers in and the sheet's
pieces out as they come (:func:`iter_sheet`); no I/O.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bridgecli.core.cards import SEATS, Seat, Side
from bridgecli.core.rubber import ROUNDINGS, PlayerScore, Rubber, Session, Standings, settlement

if TYPE_CHECKING:
    from bridgecli.core.notation import Language
    from bridgecli.core.scoring import ScoringRules
    from bridgecli.results.rubber_sessions import VariantSession
    from bridgecli.variants import Variant
    from bridgecli.variants.rubber import RubberSheet


def render_sheet(session: Session | VariantSession, *, rounding: str = "nearest", lang: Language | None = None,
                 fmt: str = "text") -> str:
    """The score sheet of a session, as ``bridgecli rubber`` (``--json``) prints it.

    Args:
        session: a rubber bridge or Chicago :class:`~bridgecli.core.rubber.Session`
            (:func:`bridgecli.results.rubber_sessions.rubber_session`), or a variant's
            :class:`~bridgecli.results.rubber_sessions.VariantSession`.
        rounding: how the difference is settled in hundreds: ``nearest`` (50 up),
            ``half-down``, ``down``, ``up`` or ``exact``.
        lang: the language of the text sheet's words (English by default).
        fmt: ``text`` (each rubber's sheet, then the players' standings) or ``json`` (one
            JSON object on one line).

    Returns:
        The sheet, ending in a newline.

    Raises:
        ParseError: an unknown rounding or format.
    """
    from bridgecli.core.notation import ENGLISH

    _check(rounding, fmt)
    if isinstance(session, Session):
        return "".join(iter_sheet(session.rubbers, session.rules, rounding=rounding, lang=lang, fmt=fmt))
    if fmt == "json":
        return _variant_json(session, rounding)
    return _variant_text(session, rounding, lang or ENGLISH)


# -- numbers and the players' table ------------------------------------------------------


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


def players_table(rows: Sequence[Any], index: str, lang: Language) -> list[str]:
    """The lines of the players' table after a rubber or round ``index``: each player's
    points this rubber, running points and units (``rows``: :class:`~bridgecli.core.rubber.PlayerScore`)."""
    word = lang.word
    width = max([12, len(word("player"))] + [len(p.name) for p in rows])  # long names keep the columns aligned
    out = [word("players_after").format(what=index),
           f"  {word('player'):<{width}} {word('this'):>8} {word('points'):>8} {word('units'):>7}"]
    for p in rows:
        out.append(f"  {p.name:<{width}} {signed(p.points):>8} {signed(p.total_points):>8}"
                   f" {signed(p.total_units):>7}")
    return out


# -- rubber bridge and Chicago: the we/they sheet -----------------------------------------

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
                   f"{units(abs(settlement(diff, rounding)))} ({_named(lang, 'rounding', rounding)})"
                   .replace("  ", " "))
    return out


def _named(lang: Language, kind: str, name: str) -> str:
    """A scheme or rounding name in ``lang`` (the ``scheme_rubber`` word...), else as it is."""
    key = f"{kind}_{name}"
    text = lang.word(key)
    return name if text == key else text


def iter_sheet(rubbers: Iterable[Rubber], rules: ScoringRules, *, rounding: str = "nearest",
               lang: Language | None = None, fmt: str = "text") -> Iterator[str]:
    """:func:`render_sheet` of a rubber bridge or Chicago session given as its rubbers, in
    pieces: each rubber's sheet (its part of the JSON object) as soon as the rubber is
    given, keeping only running totals, so that a session of any length is written in
    flat memory (:func:`bridgecli.results.rubber_sessions.iter_rubbers` gives the rubbers so).

    Args:
        rubbers: the session's rubbers (Chicago rounds), in order.
        rules: the session's scoring scheme (it names the sheets; Chicago or not).
        rounding, lang, fmt: as :func:`render_sheet`.

    Returns:
        The pieces; joined, they are :func:`render_sheet`'s text.

    Raises:
        ParseError: an unknown rounding or format (before the first piece).
    """
    from bridgecli.core.notation import ENGLISH

    _check(rounding, fmt)
    if fmt == "json":
        return _rubbers_json(rubbers, rounding)
    return _rubbers_text(rubbers, rules, rounding, lang or ENGLISH)


def _check(rounding: str, fmt: str) -> None:
    from bridgecli.core.errors import ParseError

    if fmt not in ("text", "json"):
        raise ParseError(f"a score sheet is text or json, not {fmt!r}")
    if rounding not in ROUNDINGS:
        raise ParseError(f"rounding is one of {', '.join(ROUNDINGS)}, not {rounding!r}")


def _rubbers_text(rubbers: Iterable[Rubber], rules: ScoringRules, rounding: str, lang: Language) -> Iterator[str]:
    chicago = bool(rules.deals_per_round)
    running = Standings(rounding)
    ns = ew = count = 0
    for i, r in enumerate(rubbers, 1):
        out = [""] if i > 1 else []
        out += _sheet(r, i, rounding, rules.name, lang)
        rows = running.add(r)
        if rows:
            out.append("")
            out += players_table(rows, f"{lang.word('round_lc' if chicago else 'rubber_lc')} {i}", lang)
        ns, ew, count = ns + r.ns_total, ew + r.ew_total, i
        yield "\n".join(out) + "\n"
    if count > 1:
        yield (f"\n{lang.word('all_rounds' if chicago else 'all_rubbers')}: {_side(lang, Side.NS)} "
               f"{ns}, {_side(lang, Side.EW)} {ew}\n")
    if not count:
        yield lang.word("no_deals_round" if chicago else "no_deals_rubber") + "\n"


def _rubbers_json(rubbers: Iterable[Rubber], rounding: str) -> Iterator[str]:
    """One JSON object on one line, as ``json.dumps`` writes it, a rubber at a time."""
    running = Standings(rounding)
    ns = ew = 0
    last: list[PlayerScore] = []
    start = '{"rubbers": ['  # written with the first rubber: an error before it leaves no output
    for r in rubbers:
        w = r.winner
        item = {
            "ns_total": r.ns_total,
            "ew_total": r.ew_total,
            "finished": r.finished,
            "winner": None if w is None else w.name,
            "games": {"NS": r.games[0], "EW": r.games[1]},
            "rubber_bonus": r.rubber_bonus,
            "entries": [{"side": e.side.name, "place": e.place, "amount": e.amount, "reason": e.reason,
                         "deal_number": e.deal, "game": e.game} for e in r.entries],
        }
        yield start + json.dumps(item, ensure_ascii=False)
        start = ", "
        last = running.add(r) or last
        ns, ew = ns + r.ns_total, ew + r.ew_total
    tail: dict[str, Any] = {"ns_total": ns, "ew_total": ew}
    if last:
        tail["players"] = [{"name": p.name, "points": p.total_points, "units": p.total_units} for p in last]
    yield ('{"rubbers": [' if start != ", " else "") + "], " + json.dumps(tail, ensure_ascii=False)[1:] + "\n"


# -- the variants' rubbers: a column a player ---------------------------------------------


def _who(seat: Seat, names: Mapping[Seat, str], lang: Language) -> str:
    return names.get(seat) or lang.seat_str(seat)


def _variant_sheet(variant: Variant, index: int, sheet: RubberSheet, names: Mapping[Seat, str],
                   rounding: str, lang: Language) -> list[str]:
    """The text lines of one variant rubber: its deals, the columns, the settlement."""
    from bridgecli.variants.rubber import player_points

    word = lang.word
    if sheet.winner is not None:
        others = max(c.games for p, c in sheet.columns.items() if p != sheet.winner)
        state = word("won_it").format(side=_who(sheet.winner, names, lang), a=2, b=others)
    else:
        state = word("unfinished")
    out = [f"{word('rubber')} {index}: {state} [{variant.name}]"]
    if names:
        out.append("  " + ", ".join(f"{lang.seat_str(p)} = {n}" for p, n in names.items()))
    games = 0
    for line in sheet.lines:
        bd = line.breakdown
        who = _who(line.declarer, names, lang)
        head = f"  {line.label}: {word('declarer')} {who}" + (f" ({word('vul_lc')})" if line.vulnerable else "")
        if bd.made:
            text = f"{word('made')}, {bd.trick_score} {word('below')}, {bd.above_the_line} {word('above')}"
        else:
            losers = ", ".join(_who(p, names, lang) for p in sheet.players if p != line.declarer)
            text = f"{word('down')}, {-bd.undertricks} {word('above')}: {losers}"
        if line.game_won:
            games += 1
            text += f"; {word('game_n').format(n=games)}: {who}"
        out.append(f"{head}: {text}")
    width = max([14] + [len(_who(p, names, lang)) + 2 for p in sheet.players])
    label_w = max(len(word(k)) for k in ("below", "above", "rubber_bonus", "total_lc", "units")) + 2
    out.append("")
    out.append(" " * label_w + "".join(f"{_who(p, names, lang):>{width}}" for p in sheet.players))
    rows = [("below", [c.below for c in sheet.columns.values()]),
            ("above", [c.above for c in sheet.columns.values()]),
            ("total_lc", [c.total for c in sheet.columns.values()])]
    for key, values in rows:
        out.append(f"{word(key):<{label_w}}" + "".join(f"{v:>{width}}" for v in values))
    if sheet.winner is not None:
        out.append(f"({word('rubber_bonus')} {sheet.rubber_bonus}: {_who(sheet.winner, names, lang)})")
    for p, premium in sheet.unfinished.items():
        col = sheet.columns[p]
        what = [word(k) for k, on in (("reason_unfinished_game", col.games), ("reason_unfinished_part_score",
                                                                          col.game)) if on]
        out.append(f"({' + '.join(what)} {premium}: {_who(p, names, lang)})")
    points = player_points(sheet, rounding)
    if len(sheet.players) == 2:
        a, b = sheet.players
        diff = points[a][0]
        if diff == 0:
            out.append(f"{word('difference')}: 0, {word('settlement')} 0")
        else:
            lead = a if diff > 0 else b
            out.append(f"{word('difference')}: {_who(lead, names, lang)} {word('by')} {abs(diff)}, "
                       f"{word('settlement')} {units(abs(points[lead][1]))} ({rounding})".replace("  ", " "))
    else:
        out.append(f"{word('settlement')} ({rounding}): " + ", ".join(
            f"{_who(p, names, lang)} {'+' if u > 0 else ''}{units(u)}" for p, (_pts, u) in points.items()))
    return out




def _variant_text(session: VariantSession, rounding: str, lang: Language) -> str:
    out: list[str] = []
    for i, (sheet, rows) in enumerate(zip(session.sheets, session.standings(rounding)), 1):
        if out:
            out.append("")
        out += _variant_sheet(session.variant, i, sheet, session.names, rounding, lang)
        out.append("")
        out += players_table(rows, f"{lang.word('rubber_lc')} {i}", lang)
    if session.void:
        out += ["", f"{lang.word('auction_passed_out')}, {lang.word('dealt_again')}: {', '.join(session.void)}"]
    if not session.sheets:
        out.append(lang.word("no_deals_rubber"))
    return "\n".join(out) + "\n"


def _variant_json(session: VariantSession, rounding: str) -> str:
    from bridgecli.variants.rubber import player_points

    rubbers = []
    for sheet in session.sheets:
        points = player_points(sheet, rounding)
        rubbers.append({
            "finished": sheet.winner is not None,
            "winner": None if sheet.winner is None else sheet.winner.letter,
            "games": {p.letter: c.games for p, c in sheet.columns.items()},
            "rubber_bonus": sheet.rubber_bonus,
            "unfinished": {p.letter: premium for p, premium in sheet.unfinished.items()},
            "totals": {p.letter: c.total for p, c in sheet.columns.items()},
            "columns": {p.letter: {"below": c.below, "above": c.above, "games": c.games, "total": c.total}
                        for p, c in sheet.columns.items()},
            "settlement": {p.letter: u for p, (_pts, u) in points.items()},
            "lines": [{"deal_label": ln.label, "declarer": ln.declarer.letter, "declarer_vulnerable": ln.vulnerable,
                       "made": ln.breakdown.made, "below": ln.breakdown.trick_score,
                       "above": ln.breakdown.above_the_line,
                       "defenders_above": 0 if ln.breakdown.made else -ln.breakdown.undertricks,
                       "game_won": ln.game_won} for ln in sheet.lines],
        })
    table = session.standings(rounding)
    totals = {p.letter: sum(s.columns[p].total for s in session.sheets) for p in session.variant.players}
    record: dict[str, Any] = {"variant": session.variant.name, "rubbers": rubbers, "totals": totals,
                              "players": [{"name": row.name, "points": row.total_points,
                                           "units": row.total_units} for row in table[-1]] if table else [],
                              "void_deals": list(session.void)}
    return json.dumps(record, ensure_ascii=False) + "\n"


# -- score --variant NAME FILE: each rubber's columns, without settlement ---------------------------


def variant_rubber_lines(index: int, sheet: RubberSheet) -> list[str]:
    """The text lines ``score --variant NAME FILE`` prints for rubber ``index``."""
    if sheet.winner is not None:
        others = sum(c.games for p, c in sheet.columns.items() if p != sheet.winner)
        head = f"Rubber {index}: won by {sheet.winner.letter}, 2-{others}"
    else:
        head = f"Rubber {index}: not finished"
    lines = [head]
    for line in sheet.lines:
        bd = line.breakdown
        who = line.declarer.letter
        vul = " (vulnerable)" if line.vulnerable else ""
        if bd.made:
            text = f"{who} {bd.trick_score} below, {bd.above_the_line} above"
        else:
            text = f"down: {-bd.undertricks} above for {who}'s opponent{'s' if len(sheet.players) > 2 else ''}"
        game = f"; game {who}" if line.game_won else ""
        lines.append(f"  {line.label or 'deal'}: declarer {who}{vul}: {text}{game}")
    if sheet.unfinished:
        lines.append("  unfinished: " + ", ".join(f"{p.letter} {premium} above" for p, premium in
                                                  sheet.unfinished.items()))
    lines.append("  totals: " + ", ".join(f"{p.letter} {t}" for p, t in sheet.totals().items()))
    return lines


def variant_rubber_record(index: int, variant: Variant, sheet: RubberSheet) -> dict[str, Any]:
    """The JSON record ``score --variant NAME FILE --json`` prints for rubber ``index``."""
    return {
        "rubber": index, "variant": variant.name,
        "winner": sheet.winner.letter if sheet.winner is not None else None,
        "unfinished": {p.letter: premium for p, premium in sheet.unfinished.items()},
        "players": {p.letter: {"below": c.below, "above": c.above, "games": c.games, "total": c.total}
                    for p, c in sheet.columns.items()},
        "lines": [{"deal_label": ln.label, "declarer": ln.declarer.letter, "declarer_vulnerable": ln.vulnerable,
                   "made": ln.breakdown.made, "below": ln.breakdown.trick_score,
                   "above": ln.breakdown.above_the_line, "game_won": ln.game_won} for ln in sheet.lines],
    }


__all__ = ["players_table", "render_sheet", "signed", "units", "variant_rubber_lines", "variant_rubber_record"]
