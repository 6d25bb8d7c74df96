"""``--variant NAME`` for the commands: dealing, auctions, play and scoring of the variants.

The command modules add the option with :func:`variant_option` and hand the
work to the functions here when it is given; contract bridge never comes here.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from bridgecli.cli import BridgeCliError, ExitCode, localise
from bridgecli.cli.common import AtomicOutput, read_records, read_text, records_done
from bridgecli.core.errors import BridgeError, ParseError, RuleError
from bridgecli.core.numbers import is_digits

if TYPE_CHECKING:
    from bridgecli.core.board import Board
    from bridgecli.variants import Variant

F = TypeVar("F", bound=Callable[..., Any])

#: Names ``--variant`` accepts (checked against the registry when used).
VARIANT_NAMES = "booby|chinese|nullo|szlem|two-handed"


def variant_option(f: F) -> F:
    """The ``--variant NAME`` option (default: contract bridge)."""
    return click.option("--variant", "variant_name", default=None, metavar="NAME",
                        help=f"A variant of the rules text ({VARIANT_NAMES}); default contract bridge.")(f)


def find(name: str) -> Variant:
    """The variant ``name``; an unknown name is a usage error (exit 2)."""
    from bridgecli.variants import find_variant

    try:
        return find_variant(name)
    except ParseError as exc:
        raise click.BadParameter(str(exc), param_hint="--variant") from None


def same_variant(variant: Variant, board: Board) -> None:
    """Raise ParseError when ``board`` says it is another game than ``variant``."""
    if board.variant is not None and board.variant.lower() != variant.name:
        raise ParseError(f"{board.label} is a {board.variant} board, not {variant.name}")


# -- deal -------------------------------------------------------------------------


def run_deal(name: str, count: int, seed: int | None, start_board: int, fmt: str | None,
             output: str | None) -> int:
    """Deal ``count`` boards of the variant (YAML by default, or JSON); the seed goes into
    each board's Generator tag. PBN cannot hold the variant data: usage error.
    """
    import random

    from bridgecli import __version__
    from bridgecli.cli.common import output_format
    from bridgecli.formats import iter_write

    variant = find(name)
    fmt = (output_format(output, fmt, ("pbn", "yaml", "json", "lin", "text")) or "yaml").lower()
    if fmt not in ("yaml", "json"):
        raise BridgeCliError(f"a {variant.name} deal needs --format yaml or json ({fmt} cannot hold its"
                             " talon, discards or dummies)", ExitCode.USAGE)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    tags = {"Generator": f"bridgecli {__version__} variant={variant.name} seed={seed}"}
    boards = (variant.deal_board(rng, n).replace(tags=dict(tags)) for n in range(start_board, start_board + count))
    with AtomicOutput(output) as fp:
        for chunk in iter_write(boards, fmt):
            fp.write(chunk)
    return int(ExitCode.OK)


# -- validate-auction ---------------------------------------------------------------


def with_dealers(records: Iterable[Board | BridgeError], name: str) -> Iterator[Board | BridgeError]:
    """The records with the variant's dealer filled in (by board number) and its data
    checked; a board whose dealer is not a player becomes an error record.
    """
    variant = find(name)
    for i, rec in enumerate(records, 1):
        if isinstance(rec, BridgeError):
            yield rec
            continue
        try:
            same_variant(variant, rec)
            dealer = variant.auction_dealer(rec, i)
        except BridgeError as exc:
            yield exc
            continue
        yield rec.replace(dealer=dealer)


def auction_rules(name: str) -> Any:
    """The :class:`AuctionRules` of the variant."""
    return find(name).auction


def _verdict_line(v: dict[str, Any], head: str) -> str:
    if not v["ok"]:
        err = v["error"]
        return f"{head}: illegal call {err['index'] + 1 if err['index'] is not None else '?'}: {err['message']}" \
               f" [{err['reason']}]"
    if v["void"]:
        return f"{head}: nobody bid, the deal is void"
    if not v["complete"]:
        return f"{head}: incomplete"
    text = f"{head}: {v.get('contract') or v['points']} by {v['declarer']}"
    return text + (" (slam bid past the limit)" if v["slam_bid"] else "")


def run_point_validate(name: str, infile: str, dealer: str | None, calls_text: str | None, fmt: str | None,
                       require_complete: bool, as_json: bool, output: str | None, lang: Any) -> int:
    """``validate-auction --variant szlem``: judge rounds of point bids (inline or from FILE)."""
    import json

    variant = find(name)
    boards: list[tuple[Board | BridgeError, str]] = []
    if calls_text is not None or dealer is not None:
        if calls_text is None or dealer is None:
            raise click.UsageError("--dealer and --calls go together")
        seat = lang.parse_seat(dealer)
        from bridgecli.core.board import Board

        boards.append((Board(dealer=seat, variant=variant.name, extra={"auction": calls_text}), "Auction"))
    else:
        records, _source, _fmt = read_records(infile, fmt)
        for i, rec in enumerate(records, 1):
            label = "record" if isinstance(rec, BridgeError) else f"Board {rec.number if rec.number else i}"
            boards.append((rec, label))
    code = int(ExitCode.OK)
    lines = []
    for i, (rec, head) in enumerate(boards, 1):
        if isinstance(rec, BridgeError):
            click.echo(f"bridgecli: error: {localise(str(rec))}", err=True)
            code = max(code, int(ExitCode.USAGE))
            continue
        try:
            same_variant(variant, rec)
        except ParseError as exc:
            click.echo(f"bridgecli: error: {localise(str(exc))}", err=True)
            code = max(code, int(ExitCode.USAGE))
            continue
        v = variant.verdict(rec, i)  # type: ignore[attr-defined]
        if not v["ok"] or (require_complete and not v["complete"]):
            code = max(code, int(ExitCode.RULES))
        lines.append(json.dumps(v) if as_json else _verdict_line(v, head))
    with AtomicOutput(output) as fp:
        for line in lines:
            fp.write(line + "\n")
        code = records_done(code, None, output)  # exit 2: -o keeps its old content
    return code


def is_point_auction(name: str) -> bool:
    """True for a variant whose auction is not on the bridge ladder (Szlem)."""
    return bool(find(name).point_auction)


# -- play ---------------------------------------------------------------------------


def _where(exc: BridgeError, source: str, board: Board | None) -> str:
    label = board.label if board is not None else "record"
    message = str(exc.message if hasattr(exc, "message") else exc)
    if message.startswith(label):
        return f"bridgecli: error: {localise(f'{source}: {message}')}"
    return f"bridgecli: error: {localise(f'{source}: {label}: {message}')}"


def play_line(obj: dict[str, Any]) -> str:
    """One text line for a replayed variant board."""
    head = f"Board {obj['board']}" if obj.get("board") is not None else "Play"
    if obj.get("void"):
        return f"{head}: passed out, the deal is void (redeal)"
    text = f"{head}: {obj['contract']} by {obj['declarer']}, "
    if "error" in obj:
        err = obj["error"]
        return text + f"illegal play at trick {err['trick']} by {err['seat']}: {err['message']}"
    if "result" not in obj:
        return text + f"play stops after {len(obj['tricks'])} tricks, declarer has {obj['declarer_tricks']}"
    verdict = "made" if obj["made"] else "down"
    res = obj["result"]
    text += (f"{obj['declarer_tricks']} tricks, {verdict} ({res:+d}), below the line {obj['below']},"
             f" above {obj['above']}")
    if obj.get("honours"):
        held = obj["honours"]
        text += ", honours " + " ".join(f"{seat} {pts}" for seat, pts in held.items() if pts)
    if "each_defender_above" in obj:
        text += f", each defender {obj['each_defender_above']} above"
    if "mismatch" in obj:
        text += f"; mismatch: {obj['mismatch']}"
    return text


def run_play(name: str, infile: str, from_fmt: str | None, as_json: bool, board_no: Container[int] | None,
             output: str | None) -> int:
    """``play --variant NAME``: replay every board's play under the variant's rules
    (only the boards numbered in ``board_no`` when given)."""
    import json

    variant = find(name)
    records, source, _fmt = read_records(infile, from_fmt)
    code = int(ExitCode.OK)
    lines: list[str] = []
    seen = skipped = 0
    for i, rec in enumerate(records, 1):
        if isinstance(rec, BridgeError):
            click.echo(f"bridgecli: error: {localise(str(rec))}", err=True)
            code = max(code, int(ExitCode.USAGE))
            continue
        if board_no is not None and rec.number not in board_no:
            continue
        seen += 1
        if rec.play is None and "play" not in rec.extra:
            skipped += 1
            continue
        board = rec if rec.dealer is not None else rec.replace(dealer=variant.dealer(rec.number or i))
        try:
            same_variant(variant, board)
            obj = variant.outcome(board)
        except ParseError as exc:
            click.echo(_where(exc, source, board), err=True)
            code = max(code, int(ExitCode.USAGE))
            continue
        except RuleError as exc:
            click.echo(_where(exc, source, board), err=True)
            code = max(code, int(ExitCode.RULES))
            continue
        if not obj["legal"] or "mismatch" in obj:
            code = max(code, int(ExitCode.RULES))
        if as_json:
            lines.append(json.dumps(obj, ensure_ascii=False))
        else:
            lines.append(play_line(obj))
    if board_no is not None and seen == 0:
        raise BridgeCliError(f"{source}: no board {board_no}", ExitCode.USAGE)
    if skipped and skipped == seen:
        click.echo(f"bridgecli: note: {source}: no board has a play record ({skipped} read)", err=True)
    with AtomicOutput(output) as fp:
        for line in lines:
            fp.write(line + "\n")
        code = records_done(code, None, output)  # exit 2: -o keeps its old content
    return code


# -- score -----------------------------------------------------------------------------


def run_score(name: str, words: Sequence[str], vulnerable: bool, as_json: bool, lang: Any) -> str:
    """``score --variant NAME CONTRACT RESULT``: one deal under the variant's scale.

    Text: ``below N, above M`` from declarer's side (negative above = the
    defenders' premium). Raises ParseError for bad words or a strain the variant
    has no bid in.
    """
    import json

    variant = find(name)
    rec = variant.score_words(words, vulnerable, lang.parse_contract)
    if as_json:
        return json.dumps(rec)
    text = f"below {rec['below']}, above {rec['above']}"
    if rec.get("each_defender_above") is not None:
        text += f", each defender {rec['each_defender_above']} above"
    return text


# -- show ---------------------------------------------------------------------------------


def _cards_text(cards: Sequence[Any], ascii_: bool) -> str:
    from bridgecli.core.cards import Hand, Suit
    from bridgecli.core.errors import BridgeError as _Err

    try:
        hand = Hand(cards)
    except _Err:
        return " ".join(str(c) for c in cards)
    parts = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        held = "".join(c.rank.letter for c in sorted(hand.suit(suit), key=lambda c: -c.rank)) or "-"
        parts.append(f"{suit.letter if ascii_ else suit.symbol} {held}")
    return "  ".join(parts)


def render_board(variant: Variant, board: Board, ascii_: bool = False) -> str:
    """A variant board as text: header, what lies on the table, the auction or contract."""
    head = f"Board {board.number if board.number is not None else '?'} · {variant.title}"
    if board.dealer is not None:
        head += f" · dealer {board.dealer.letter}"
    lines = [head]
    rows = variant.layout(board)
    width = max((len(label) for label, _ in rows), default=0)
    for label, value in rows:
        text = value if isinstance(value, str) else (
            _cards_text(value, ascii_) if len(value) <= 17 and "talon" not in label
            else " ".join(str(c) for c in value))
        lines.append(f"  {label.ljust(width)}  {text}")
    if board.auction:
        lines.append("  auction  " + " ".join(str(a.call) for a in board.auction))
    elif "auction" in board.extra:
        from bridgecli.variants.szlem import parse_rounds

        rounds = parse_rounds(board.extra["auction"])
        lines.append("  auction  " + " / ".join(" ".join("Pass" if c is None else str(c) for c in r)
                                                for r in rounds))
    if isinstance(board.extra.get("declaration"), str):
        lines.append(f"  declared {board.extra['declaration']}")
    return "\n".join(lines)


def run_show(name: str, infile: str, from_fmt: str | None, ascii_: bool, output: str | None) -> int:
    """``show --variant NAME``: draw each board's table."""
    variant = find(name)
    records, source, _fmt = read_records(infile, from_fmt)
    code = int(ExitCode.OK)
    blocks: list[str] = []
    for rec in records:
        if isinstance(rec, BridgeError):
            click.echo(f"bridgecli: error: {localise(str(rec))}", err=True)
            code = max(code, int(ExitCode.USAGE))
            continue
        try:
            same_variant(variant, rec)
            blocks.append(render_board(variant, rec, ascii_))
        except BridgeError as exc:
            click.echo(_where(exc, source, rec), err=True)
            code = max(code, int(ExitCode.USAGE) if isinstance(exc, ParseError) else int(ExitCode.RULES))
    with AtomicOutput(output) as fp:
        fp.write("\n\n".join(blocks) + ("\n" if blocks else ""))
        code = records_done(code, None, output)  # exit 2: -o keeps its old content
    return code


# -- score FILE: the rubber sheet ------------------------------------------------------


def _sheet_text(index: int, sheet: Any) -> list[str]:
    """The text lines of one rubber sheet."""
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
    lines.append("  totals: " + ", ".join(f"{p.letter} {t}" for p, t in sheet.totals().items()))
    return lines


def _played(variant: Variant, records: Iterable[Board | BridgeError]
            ) -> Iterator[tuple[Board | None, Any]]:
    """Each record as (board, its sheet deal): a :class:`DealPlayed`, None for a board
    without a finished play, or the BridgeError that reading or replaying it raised."""
    for rec in records:
        if isinstance(rec, BridgeError):
            yield None, rec
            continue
        try:
            same_variant(variant, rec)
            yield rec, variant.deal_played(rec)
        except BridgeError as exc:
            yield rec, exc


def run_rubber(name: str, path: str, from_fmt: str | None, as_json: bool, output: str | None) -> int:
    """``score --variant NAME FILE``: keep the rubbers of FILE's played boards, a column a player."""
    import json

    from bridgecli.variants.rubber import keep_rubbers

    variant = find(name)
    records, source, _fmt = read_records(path, from_fmt)
    deals = []
    code = int(ExitCode.OK)
    for rec, deal in _played(variant, records):
        if isinstance(deal, BridgeError):
            click.echo(f"bridgecli: error: {localise(str(deal))}" if rec is None else _where(deal, source, rec), err=True)
            code = max(code, int(ExitCode.USAGE) if rec is None or isinstance(deal, ParseError)
                       else int(ExitCode.RULES))
            continue
        if deal is not None:
            deals.append(deal)
    sheets = keep_rubbers(variant.players, variant.rubber_scale, deals) if deals else []
    out: list[str] = []
    for i, sheet in enumerate(sheets, 1):
        if as_json:
            out.append(json.dumps({
                "rubber": i, "variant": variant.name,
                "winner": sheet.winner.letter if sheet.winner is not None else None,
                "players": {p.letter: {"below": c.below, "above": c.above, "games": c.games, "total": c.total}
                            for p, c in sheet.columns.items()},
                "deals": [{"deal": ln.label, "declarer": ln.declarer.letter, "declarer_vulnerable": ln.vulnerable,
                           "made": ln.breakdown.made, "below": ln.breakdown.trick_score,
                           "above": ln.breakdown.above_the_line, "game": ln.game_won} for ln in sheet.lines],
            }))
        else:
            out.extend(_sheet_text(i, sheet))
    with AtomicOutput(output) as fp:
        for line in out:
            fp.write(line + "\n")
        code = records_done(code, None, output)  # exit 2: -o keeps its old content
    if not sheets:
        click.echo(f"bridgecli: note: {source}: no board with a finished play", err=True)
    return code


# -- rubber --variant: the sheet with settlement ------------------------------------------


def variant_players(variant: Variant, text: str | None) -> dict[Any, str]:
    """``--players`` for a variant: one name a player, in the variant's seating order
    (Booby N, E, S; the two-player games N, S; two-handed bridge S, W). Raises ParseError."""
    if text is None:
        return {}
    names = [n.strip() for n in text.split(",")]
    seats = "/".join(p.letter for p in variant.players)
    if len(names) != len(variant.players) or not all(names):
        raise ParseError(f"{variant.name} has {len(variant.players)} players ({seats}): give as many names"
                         f" separated by commas, not {text!r}")
    return dict(zip(variant.players, names))


def _board_deals(variant: Variant, text: str, source: str, fmt: str) -> tuple[list[Any], list[str]]:
    """The sheet deals of a file of boards, and the labels of the void (passed-out) deals.

    Raises the first bad board's BridgeError, located: ParseError for an unreadable board,
    another game's board or a play that stops before the end (nothing is dropped),
    RuleError for an illegal play.
    """
    from bridgecli.formats import iter_records
    from bridgecli.variants.base import deal_label

    deals = []
    void: list[str] = []
    for rec, deal in _played(variant, iter_records(text, fmt, source=source)):
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
    the text of ``-d``); the first reading's text when ``lang`` cannot read them."""
    from bridgecli.core.scoring import parse_result

    try:
        contract, tricks = parse_result(words, lang.parse_contract)
        seat = lang.parse_seat(declarer) if isinstance(declarer, str) else declarer
    except BridgeError:
        return ""
    by = f" by {seat.letter}" if seat is not None else ""
    return f"{contract.pbn}{by}, {tricks} tricks"


def _line_deals(variant: Variant, text: str, source: str, lang: Any) -> tuple[list[Any], list[str]]:
    """The sheet deals of result lines (``4NL= -d N --honors N:100``, ``pass``; ``#``
    comments), each labelled ``Deal K``, and the labels of the passed-out deals.
    Raises ParseError, located at the line, for a bad one."""
    from bridgecli.cli.results import InputLanguage, declared_language, parse_line_options, split_words
    from bridgecli.cli.results import line_command as _line_command
    from bridgecli.cli.results import simple_params as _simple_params

    deals = []
    void: list[str] = []
    count = 0
    reading: InputLanguage | None = None
    display = lang
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().removeprefix("\ufeff")
        if reading is None and line:
            # read in the language the first line declares (# lang: hu), else English (not --lang)
            try:
                declared = declared_language(line)
            except BridgeError as exc:
                raise exc.located(source=source, line=lineno) from None
            reading = InputLanguage(display, declared)
            if declared is not None:
                continue
        if not line or line.startswith("#"):
            continue
        assert reading is not None
        lang = reading.reader
        count += 1
        label = f"{display.word('deal')} {count}"
        try:
            tokens = split_words(line)
            params = _simple_params(tokens)
            if params is None:
                params = parse_line_options(_line_command, tokens, "result line").params
            words = list(params["words"])
            for w in words:
                if w.startswith("-") and w != "-" and not (w[1:].isdigit() and w[1:].isascii()):
                    raise ParseError(f"no such option: {w!r}")
            if len(words) == 1 and words[0].lower() in ("pass", "passed", "p", "-"):
                if params.get("honours") or params.get("declarer"):
                    raise ParseError("a passed-out deal has no declarer and no honours")
                void.append(label)
                continue
            declarer = lang.parse_seat(params["declarer"]) if params.get("declarer") else None
            honours: dict[Any, int] = {}
            if params.get("honours"):
                held = params["honours"].replace(":", " ").replace("=", " ").split()
                if len(held) != 2 or not is_digits(held[1]) or len(held[1]) > 18:
                    raise ParseError(f"honours are PLAYER:POINTS such as 'N:100', not {params['honours']!r}")
                honours[lang.parse_seat(held[0])] = int(held[1])
            deal = variant.deal_from_words(words, declarer, lang.parse_contract, honours, label)
            if reading.other is not None:
                reading.check(f"{source}:{lineno}", line, _reading_of(words, declarer, lang),
                              _reading_of(words, params.get("declarer"), reading.other))
            deals.append(deal)
        except BridgeError as exc:
            raise exc.located(source=source, line=lineno) from None
    return deals, void


def _who(seat: Any, names: dict[Any, str], lang: Any) -> str:
    return names.get(seat) or lang.seat_str(seat)


def _variant_sheet(variant: Variant, index: int, sheet: Any, names: dict[Any, str], rounding: str,
                   lang: Any) -> list[str]:
    """The text lines of one variant rubber: its deals, the columns, the settlement."""
    from bridgecli.cli.results import units as _units
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
            others = ", ".join(_who(p, names, lang) for p in sheet.players if p != line.declarer)
            text = f"{word('down')}, {-bd.undertricks} {word('above')}: {others}"
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
    points = player_points(sheet, rounding)
    if len(sheet.players) == 2:
        a, b = sheet.players
        diff = points[a][0]
        if diff == 0:
            out.append(f"{word('difference')}: 0, {word('settlement')} 0")
        else:
            lead = a if diff > 0 else b
            out.append(f"{word('difference')}: {_who(lead, names, lang)} {word('by')} {abs(diff)}, "
                       f"{word('settlement')} {_units(abs(points[lead][1]))} ({rounding})".replace("  ", " "))
    else:
        out.append(f"{word('settlement')} ({rounding}): " + ", ".join(
            f"{_who(p, names, lang)} {'+' if u > 0 else ''}{_units(u)}" for p, (_pts, u) in points.items()))
    return out


def run_variant_rubber(name: str, infile: str, from_fmt: str | None, players: str | None, rounding: str,
                       as_json: bool, output: str | None, lang: Any) -> int:
    """``rubber --variant NAME FILE``: the rubbers of FILE's played boards of the variant (or of
    its result lines), a column a player, with each rubber settled in hundreds (difference /
    100, ``rounding``).

    Raises ParseError (exit 2) or RuleError (exit 1) for the first bad board.
    """
    import json

    from bridgecli.cli.results import BOARD_EXTENSIONS
    from bridgecli.cli.results import is_board_text as _is_board_text
    from bridgecli.formats import resolve_format
    from bridgecli.variants.rubber import keep_rubbers, player_points, standings

    variant = find(name)
    names = variant_players(variant, players)
    text, source = read_text(infile)
    if from_fmt or infile.lower().endswith(BOARD_EXTENSIONS) or _is_board_text(text):
        deals, void = _board_deals(variant, text, source, resolve_format(infile, text, from_fmt))
    else:
        deals, void = _line_deals(variant, text, source, lang)
    sheets = keep_rubbers(variant.players, variant.rubber_scale, deals) if deals else []
    table = standings(sheets, names, rounding)
    if as_json:
        rubbers = []
        for sheet in sheets:
            points = player_points(sheet, rounding)
            rubbers.append({
                "finished": sheet.winner is not None,
                "winner": None if sheet.winner is None else sheet.winner.letter,
                "games": {p.letter: c.games for p, c in sheet.columns.items()},
                "rubber_bonus": sheet.rubber_bonus,
                "totals": {p.letter: c.total for p, c in sheet.columns.items()},
                "columns": {p.letter: {"below": c.below, "above": c.above, "games": c.games, "total": c.total}
                            for p, c in sheet.columns.items()},
                "settlement": {p.letter: u for p, (_pts, u) in points.items()},
                "deals": [{"deal": ln.label, "declarer": ln.declarer.letter, "declarer_vulnerable": ln.vulnerable,
                           "made": ln.breakdown.made, "below": ln.breakdown.trick_score,
                           "above": ln.breakdown.above_the_line,
                           "defenders_above": 0 if ln.breakdown.made else -ln.breakdown.undertricks,
                           "game": ln.game_won} for ln in sheet.lines],
            })
        totals = {p.letter: sum(s.columns[p].total for s in sheets) for p in variant.players}
        record: dict[str, Any] = {"variant": variant.name, "rubbers": rubbers, "totals": totals,
                                  "players": [{"name": row.name, "points": row.total_points,
                                               "units": row.total_units} for row in table[-1]] if table else [],
                                  "void": void}
        rendered = json.dumps(record, ensure_ascii=False) + "\n"
    else:
        from bridgecli.cli.results import players_table as _players_table

        out: list[str] = []
        for i, (sheet, rows) in enumerate(zip(sheets, table), 1):
            if out:
                out.append("")
            out += _variant_sheet(variant, i, sheet, names, rounding, lang)
            out.append("")
            out += _players_table(rows, f"{lang.word('rubber_lc')} {i}", lang)
        if void:
            out += ["", f"{lang.word('auction_passed_out')}, {lang.word('dealt_again')}: {', '.join(void)}"]
        if not sheets:
            out.append(lang.word("no_deals_rubber"))
        rendered = "\n".join(out) + "\n"
    with AtomicOutput(output) as fp:
        fp.write(rendered)
    return int(ExitCode.OK)
