"""Reading cost of the language readers: calls and cards per second, own tokens and fallbacks.

Run: python bench/bench_languages.py  (writes bench/results/languages.md)
"""

from __future__ import annotations

import platform
import timeit
from pathlib import Path

from bridgecli.core.notation import ENGLISH, get_language

CASES = [
    ("ENGLISH (bare table)", ENGLISH, "parse_call", "4S"),
    ("en reader, English call", get_language("en"), "parse_call", "4S"),
    ("en reader, Polish call (3rd tier)", get_language("en"), "parse_call", "3BA"),
    ("pl reader, Polish call", get_language("pl"), "parse_call", "3BA"),
    ("pl reader, English call (2nd tier)", get_language("pl"), "parse_call", "4S"),
    ("hu reader, Hungarian call", get_language("hu"), "parse_call", "3szan"),
    ("en reader, English card", get_language("en"), "parse_card", "SQ"),
    ("pl reader, Polish card", get_language("pl"), "parse_card", "♠D"),
    ("en reader, Polish card (3rd tier)", get_language("en"), "parse_card", "SW"),
]


def main() -> None:
    n = 50_000
    lines = ["# Language readers", "", f"Python {platform.python_version()}, {n:,} reads each, best of 3.", "",
             "| case | token | µs per read | reads/s |", "|---|---|---:|---:|"]
    for name, lang, method, token in CASES:
        fn = getattr(lang, method)
        best = min(timeit.repeat(lambda fn=fn, token=token: fn(token), number=n, repeat=3)) / n
        lines.append(f"| {name} | `{token}` | {best * 1e6:.2f} | {1 / best:,.0f} |")
    text = "\n".join(lines) + "\n"
    out = Path(__file__).parent / "results" / "languages.md"
    out.parent.mkdir(exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
