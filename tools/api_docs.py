"""Write docs/API.md, the reference of ``import bridgecli as bc``, from the docstrings.

Run from anywhere: ``python tools/api_docs.py`` rewrites the page;
``python tools/api_docs.py --check`` exits 1 when the page is not current
(the test suite runs the same check). The page lists every name of
``bridgecli.__all__``, grouped below, with its signature and docstring; a
name missing from the groups (or a group naming an unknown one) is an error.
"""

from __future__ import annotations

import enum
import inspect
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "API.md"

#: (command, what it does, the functions that do it)
COMMANDS: list[tuple[str, str, str]] = [
    ("convert", "boards between formats", "`bc.read(path)` then `bc.write(boards, path, fmt)`; `bc.loads` / `bc.dumps`"),
    ("show", "diagrams, hand records", ("`bc.read`, then `bc.render_board(board)`, `bc.render_html(boards)`, "
                                       "`bc.render_svg(board)`")),
    ("deal", "deal at random or to conditions", "`bc.deal(n, where=..., predeal=..., seed=...)`"),
    ("validate-auction", "auctions against the Laws", ("`bc.check_auctions(path)` (`.write(fp)` for the lines); "
                                                       "`bc.check_auction(\"1NT P 3NT P P P\", \"N\")`; "
                                                       "`bc.check_calls(dealer, calls)`")),
    ("play", "replay and check the play", "`bc.replay_board(board)`; `bc.PlayState.start(deal, contract)`"),
    ("score CONTRACT", "one result", "`bc.score(\"4SX-1\", vul=\"both\")`, `bc.breakdown(...)`"),
    ("score --imps", "IMPs of a difference", "`bc.imps(diff)`"),
    ("score --event", "pairs and teams events", ("`bc.score_pairs(results)`, `bc.team_match(results)`, "
                                                 "`bc.matchpoints(scores)` over `bc.TableResult`s")),
    ("rubber", "rubber bridge and Chicago", ("`bc.Session(rules=bc.find_rules(\"rubber\"))`, `bc.Rubber`, "
                                           "`bc.DealResult`")),
    ("solve", "double dummy and par", "`bc.solve(deal)` -> `bc.Solution(table, par)`"),
    ("--variant NAME", "the Polish variants", "`bc.find_variant(name)`"),
    ("--lang CODE", "Polish and Hungarian notation", "`bc.get_language(code)`"),
]

#: heading -> the public names under it, in order
GROUPS: list[tuple[str, list[str]]] = [
    ("Boards in and out", ["read", "write", "loads", "dumps"]),
    ("Scoring", ["score", "breakdown", "ScoreBreakdown", "imps", "find_rules", "ScoringRules",
                 "TableResult", "score_pairs", "team_match", "matchpoints",
                 "Session", "Rubber", "DealResult", "Honours"]),
    ("Dealing and solving", ["deal", "solve", "Solution", "DDTable", "ParResult"]),
    ("Auctions and play", ["Auction", "check_calls", "AuctionCheck", "PlayState", "replay_board", "Replay"]),
    ("Checking auctions", ["check_auction", "check_auctions", "AuctionVerdict"]),
    ("Drawing boards", ["render_board", "render_html", "render_svg"]),
    ("Values", ["Board", "Deal", "Hand", "Card", "Rank", "Suit", "Strain", "Seat", "Side", "Vulnerability",
                "Contract", "Call", "Bid", "Pass", "Double", "Redouble", "PASS", "DOUBLE", "REDOUBLE", "parse_call"]),
    ("Variants and languages", ["find_variant", "get_language"]),
    ("Errors", ["BridgeError", "ParseError", "RuleError", "IllegalCallError", "IllegalPlayError",
                "InvalidDealError", "MismatchError", "SolverMissingError"]),
]

INTRO = """\
# Python API

Everything the commands do starts as a call into the `bridgecli` package:

```pycon
>>> import bridgecli as bc
>>> bc.score("3NT+1", vul="none")
430
>>> boards = list(bc.read("sample_deals/valid/club_session.pbn"))
>>> print(bc.dumps(boards[:1], "json")[:27])
{"board": 1, "dealer": "N",
>>> [b.deal[bc.Seat.NORTH].hcp >= 15 for b in bc.deal(3, where="hcp(north) >= 15", seed=1)]
[True, True, True]
```

`import bridgecli` loads no module of its own and none of numpy, PyYAML,
tabulate or endplay: each name below is imported on first use, so a script
that only scores never loads the format readers, and `bc.deal` without
conditions never loads numpy. The names listed here are the stable API; the
modules behind them may move. The package ships its type hints (`py.typed`).

Every error is a `bc.BridgeError` carrying `source`, `line`, `column` and
`board` where known: `bc.ParseError` (also a `ValueError`) for text that is
not valid notation, `bc.RuleError` and its subclasses for input the rules do
not allow. Each docstring below says what the function raises.

This page is generated from the docstrings by `python tools/api_docs.py`;
the test suite checks that it is current.
"""


class _Text:
    """An annotation kept as the text it was written as."""

    def __init__(self, text: Any) -> None:
        self.text = text if isinstance(text, str) else getattr(text, "__name__", repr(text))

    def __repr__(self) -> str:
        return str(self.text)


def signature(obj: Any) -> str | None:
    """``(a: int, *, b: str = 'x') -> int`` as written in the source, or None."""
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    params = [p.replace(annotation=_Text(p.annotation)) if p.annotation is not p.empty else p
              for p in sig.parameters.values()]
    # a default whose repr is a whole object (a language table) is shown by its type: Language(...)
    params = [p.replace(default=_Text(f"{type(p.default).__name__}(...)"))
              if p.default is not p.empty and len(repr(p.default)) > 60 else p for p in params]
    ret = sig.return_annotation
    new = sig.replace(parameters=params,
                      return_annotation=_Text(ret) if ret is not sig.empty and not inspect.isclass(obj) else sig.empty)
    return str(new)


def entry(name: str, obj: Any) -> str:
    """The reference entry of ``bc.<name>``."""
    out = [f"#### `bc.{name}`", ""]
    doc = inspect.getdoc(obj) if (inspect.isclass(obj) or callable(obj)) else None
    if inspect.isclass(obj) and issubclass(obj, enum.Enum):
        bases = ", ".join(b.__name__ for b in obj.__bases__)
        members = ", ".join(m.name for m in obj)
        out += ["```python", f"class {name}({bases})  # {members}", "```"]
    elif inspect.isclass(obj) and issubclass(obj, BaseException):
        bases = ", ".join(b.__name__ for b in obj.__bases__)
        out += ["```python", f"class {name}({bases})", "```"]
    elif inspect.isclass(obj):
        sig = signature(obj)
        out += ["```python", f"class {name}{sig or ''}", "```"]
    elif callable(obj):
        out += ["```python", f"def {name}{signature(obj) or '(...)'}", "```"]
    else:
        out += ["```python", f"{name} = {obj!r}", "```"]
        doc = f"A constant of type `{type(obj).__name__}`."
    if doc:
        out += ["", doc]
    return "\n".join(out) + "\n"


def page() -> str:
    """The text of docs/API.md."""
    sys.path.insert(0, str(ROOT))
    import bridgecli as bc

    grouped = [n for _title, names in GROUPS for n in names]
    missing = sorted(set(bc.__all__) - set(grouped))
    unknown = sorted(set(grouped) - set(bc.__all__))
    if missing or unknown:
        raise SystemExit(f"api_docs: not in a group: {missing}; not in bridgecli.__all__: {unknown}")
    parts = [INTRO, "## Commands and functions\n", "| command | job | Python |", "|---|---|---|"]
    parts += [f"| `bridgecli {cmd}` | {job} | {funcs} |" for cmd, job, funcs in COMMANDS]
    parts += ["", "## Reference\n"]
    for title, names in GROUPS:
        parts.append(f"### {title}\n")
        parts += [entry(n, getattr(bc, n)) for n in names]
    return "\n".join(parts).rstrip("\n") + "\n"


def main(argv: list[str]) -> int:
    text = page()
    if "--check" in argv:
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
        if current != text:
            print("docs/API.md is not current: run python tools/api_docs.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
