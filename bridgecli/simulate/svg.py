"""``--svg FILE``: the trick distributions (and the payoffs) of a simulation as one SVG picture."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from .report import contract_text, localized
from .stats import Z95

if TYPE_CHECKING:
    from bridgecli.core.notation import Language

_COLOURS = ("#4878a8", "#d0743c", "#5a9e5a", "#b04a5a", "#8c6bb1", "#7f7f7f")


def render_svg(summary: dict[str, Any], lang: Language | None = None) -> str:
    """An SVG with one bar chart of declarer's tricks per contract (percent of deals), side by side
    bars per trick count, then the payoff of each contract against the first (bars with 95% whiskers)."""
    contracts = summary.get("contracts", [])
    width, left, top, plot_h = 640, 50, 40, 220
    parts: list[str] = []
    y = top
    title = localized(lang, "Tricks taken by declarer (% of deals)")
    parts.append(f'<text x="{left}" y="{y - 15}" font-size="14" font-family="sans-serif">{escape(title)}</text>')
    tricks = sorted({int(t) for c in contracts for t in c["distribution"]})
    if tricks:
        lo, hi = tricks[0], tricks[-1]
        slots = hi - lo + 1
        peak = max(max(c["distribution"].values()) for c in contracts) or 1.0
        slot_w = (width - left - 20) / slots
        bar_w = slot_w * 0.8 / max(1, len(contracts))
        base = y + plot_h
        parts.append(f'<line x1="{left}" y1="{base}" x2="{width - 20}" y2="{base}" stroke="#333"/>')
        for t in range(lo, hi + 1):
            x0 = left + (t - lo) * slot_w
            parts.append(f'<text x="{x0 + slot_w / 2:.1f}" y="{base + 15}" font-size="11" text-anchor="middle" '
                         f'font-family="sans-serif">{t}</text>')
            for i, c in enumerate(contracts):
                pct = c["distribution"].get(str(t), 0.0)
                h = plot_h * pct / peak
                x = x0 + slot_w * 0.1 + i * bar_w
                parts.append(f'<rect x="{x:.1f}" y="{base - h:.1f}" width="{bar_w:.1f}" height="{h:.1f}" '
                             f'fill="{_COLOURS[i % len(_COLOURS)]}"><title>{escape(c["contract"])}: {t} '
                             f'({pct:.1f}%)</title></rect>')
        for i, c in enumerate(contracts):
            ly = top + 15 * i
            parts.append(f'<rect x="{width - 150}" y="{ly - 9}" width="10" height="10" '
                         f'fill="{_COLOURS[i % len(_COLOURS)]}"/>')
            parts.append(f'<text x="{width - 135}" y="{ly}" font-size="11" font-family="sans-serif">'
                         f'{escape(contract_text(c["contract"], lang))}</text>')
        y = base + 50
    payoffs = summary.get("payoffs")
    if payoffs and summary.get("deals", 1):  # no deal, no payoff to draw
        rows = payoffs["matrix"]
        names = payoffs["items"]
        items = [(names[i], rows[0][i]) for i in range(1, len(names))]
        scale = max([abs(e["mean"]) + Z95 * (e["se"] or 0.0) for _, e in items] + [1e-9])
        mid = left + (width - left - 20) / 2
        half = (width - left - 20) / 2 - 10
        parts.append(f'<text x="{left}" y="{y}" font-size="14" font-family="sans-serif">'
                     f'{escape(contract_text(names[0], lang))} − … ({escape(summary["payoff"])})</text>')
        y += 15
        parts.append(f'<line x1="{mid}" y1="{y}" x2="{mid}" y2="{y + 25 * len(items)}" stroke="#333"/>')
        for k, (name, _) in enumerate(items):
            # the first contract against this one (row 0 of the table)
            m = rows[0][k + 1]["mean"]
            se = rows[0][k + 1]["se"] or 0.0
            x1, x2 = sorted((mid, mid + half * m / scale))
            yy = y + 25 * k + 5
            parts.append(f'<rect x="{x1:.1f}" y="{yy}" width="{x2 - x1:.1f}" height="14" fill="{_COLOURS[0]}"/>')
            lo_x, hi_x = mid + half * (m - Z95 * se) / scale, mid + half * (m + Z95 * se) / scale
            parts.append(f'<line x1="{lo_x:.1f}" y1="{yy + 7}" x2="{hi_x:.1f}" y2="{yy + 7}" stroke="#000"/>')
            parts.append(f'<text x="{left - 5}" y="{yy + 11}" font-size="11" text-anchor="end" '
                         f'font-family="sans-serif">{escape(contract_text(name, lang))}</text>')
            parts.append(f'<text x="{width - 25}" y="{yy + 11}" font-size="11" text-anchor="end" '
                         f'font-family="sans-serif">{m:+.2f}</text>')
        y += 25 * len(items) + 20
    height = int(y + 10)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">\n<rect width="100%" height="100%" fill="white"/>\n'
            + "\n".join(parts) + "\n</svg>\n")
