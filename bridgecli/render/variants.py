"""The variants' boards and results as text: a board's table, a replayed play, an auction's verdict.

What ``show``, ``play`` and ``validate-auction`` print with ``--variant``. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bridgecli.core.board import Board
    from bridgecli.core.cards import Card
    from bridgecli.variants import Variant


def _cards_text(cards: Sequence[Card], ascii_: bool) -> str:
    from bridgecli.core.cards import Hand, Suit
    from bridgecli.core.errors import BridgeError

    try:
        hand = Hand(cards)
    except BridgeError:
        return " ".join(str(c) for c in cards)
    parts = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        held = "".join(c.rank.letter for c in sorted(hand.suit(suit), key=lambda c: -c.rank)) or "-"
        parts.append(f"{suit.letter if ascii_ else suit.symbol} {held}")
    return "  ".join(parts)


def render_variant_board(variant: Variant, board: Board, ascii_: bool = False) -> str:
    """A variant board as text: header, what lies on the table, the auction or contract
    (``show --variant``)."""
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


def play_line(obj: Mapping[str, Any]) -> str:
    """One text line for a replayed variant board (``play --variant``; ``obj`` is
    :meth:`~bridgecli.variants.Variant.outcome`'s record)."""
    head = f"Board {obj['board']}" if obj.get("board") is not None else "Play"
    if obj.get("void"):
        return f"{head}: passed out, the deal is void (redeal)"
    text = f"{head}: {obj['contract']} by {obj['declarer']}, "
    if "error" in obj:
        err = obj["error"]
        return text + f"illegal play at trick {err['trick']} by {err['seat']}: {err['message']}"
    if "result" not in obj:
        return text + f"play stops after {len(obj['played_tricks'])} tricks, declarer has {obj['declarer_tricks']}"
    verdict = "made" if obj["made"] else "down"
    res = obj["over_under"]
    text += (f"{obj['declarer_tricks']} tricks, {verdict} ({res:+d}), below the line {obj['below']},"
             f" above {obj['above']}")
    if obj.get("honours"):
        held = obj["honours"]
        text += ", honours " + " ".join(f"{seat} {pts}" for seat, pts in held.items() if pts)
    if "each_defender_above" in obj:
        text += f", each defender {obj['each_defender_above']} above"
    if "mismatch" in obj:
        text += f"; mismatch: {obj['mismatch']['message']}"
    return text


def verdict_line(v: Mapping[str, Any], head: str) -> str:
    """One text line for a point auction's verdict (``validate-auction --variant szlem``)."""
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


def score_line(record: Mapping[str, Any]) -> str:
    """``below N, above M`` (and each defender's premium): one scored variant result
    (``score --variant``; ``record`` is :meth:`~bridgecli.variants.Variant.score_words`'s)."""
    text = f"below {record['below']}, above {record['above']}"
    if record.get("each_defender_above") is not None:
        text += f", each defender {record['each_defender_above']} above"
    return text


__all__ = ["play_line", "render_variant_board", "score_line", "verdict_line"]
