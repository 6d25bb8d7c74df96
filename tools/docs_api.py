"""mkdocs hook: the API reference pages list the public names of ``bridgecli``.

Each page ``docs/reference/<area>.md`` is prose plus one marker line, ``<!-- api: AREA -->``;
at build time the marker becomes an mkdocstrings block (``::: module.name``) for every
name of ``bridgecli._EXPORTS`` in that area, in the order ``_EXPORTS`` lists them. A
name added to ``_EXPORTS`` therefore appears on its page without editing the page.

The area of a name comes from, in order: the name (an ``...Error`` is an error), the
module that defines it (:data:`MODULE_AREAS`), then keywords (:data:`KEYWORDS`) in the module's path or in the
comment heading its block of ``_EXPORTS``. A name no rule places stops the build, as
does an area without its page or a page without its marker.

``_EXPORTS`` is read from the source with ``ast`` (nothing is imported), as
mkdocstrings reads the docstrings.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
INIT = ROOT / "bridgecli" / "__init__.py"

#: area -> title of its page (docs/reference/<area>.md)
AREAS: dict[str, str] = {
    "boards": "Boards in and out",
    "scoring": "Scoring and events",
    "rubber": "Rubber and variants",
    "dealing": "Dealing",
    "solving": "Solving",
    "play": "Play and auctions",
    "movements": "Movements",
    "rendering": "Rendering",
    "core": "Rules core types",
    "errors": "Errors",
}

#: module (or package prefix) -> area; the longest matching prefix wins
MODULE_AREAS: dict[str, str] = {
    "bridgecli.formats": "boards",
    "bridgecli.core.scoring": "scoring",
    "bridgecli.core.score": "scoring",
    "bridgecli.core.imps": "scoring",
    "bridgecli.core.events": "scoring",
    "bridgecli.core.rubber": "rubber",
    "bridgecli.variants": "rubber",
    "bridgecli.dealer": "dealing",
    "bridgecli.solver": "solving",
    "bridgecli.core.ddtable": "solving",
    "bridgecli.simulate": "solving",
    "bridgecli.core.auction": "play",
    "bridgecli.core.play": "play",
    "bridgecli.render": "rendering",
    "bridgecli.movements": "movements",
    "bridgecli.core.cards": "core",
    "bridgecli.core.enums": "core",
    "bridgecli.core.calls": "core",
    "bridgecli.core.contract": "core",
    "bridgecli.core.deal": "core",
    "bridgecli.core.board": "core",
    "bridgecli.core.notation": "core",
    "bridgecli.core.errors": "errors",
}

#: (keyword, area), tried in order on the module path, then on the block's comment
KEYWORDS: list[tuple[str, str]] = [
    ("error", "errors"),
    ("render", "rendering"), ("draw", "rendering"),
    ("event", "scoring"), ("scor", "scoring"), ("imp", "scoring"),
    ("rubber", "rubber"), ("chicago", "rubber"), ("variant", "rubber"),
    ("solv", "solving"), ("par", "solving"), ("dds", "solving"), ("simul", "solving"),
    ("deal", "dealing"),
    ("play", "play"), ("auction", "play"),
    ("boards in", "boards"), ("format", "boards"), ("read", "boards"), ("write", "boards"),
    ("core", "core"), ("language", "core"), ("notation", "core"),
]

MARKER = re.compile(r"^<!-- api: (\w+) -->$", re.MULTILINE)


class ApiDocsError(Exception):
    """The reference cannot be laid out (a name without an area, a page without a marker)."""


def exports(source: str) -> list[tuple[str, str, str]]:
    """(name, module, comment heading its block) of each entry of ``_EXPORTS`` in ``source``."""
    tree = ast.parse(source)
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.AnnAssign | ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "_EXPORTS"
                        for t in (n.targets if isinstance(n, ast.Assign) else [n.target])))
    table = node.value
    if not isinstance(table, ast.Dict):
        raise ApiDocsError("bridgecli._EXPORTS is not a dict display")
    comments = {tok.start[0]: tok.string.lstrip("#").strip()
                for tok in tokenize.generate_tokens(io.StringIO(source).readline) if tok.type == tokenize.COMMENT}

    def heading(line: int) -> str:
        above = [n for n in comments if table.lineno <= n < line]
        return comments[max(above)] if above else ""

    found: list[tuple[str, str, str]] = []
    for key, value in zip(table.keys, table.values):
        if key is None:  # **dict.fromkeys((names...), "module")
            if not (isinstance(value, ast.Call) and len(value.args) == 2):
                raise ApiDocsError(f"line {value.lineno}: expected **dict.fromkeys((names...), module)")
            names = [ast.literal_eval(e) for e in value.args[0].elts]  # type: ignore[attr-defined]
            module = ast.literal_eval(value.args[1])
        else:
            names, module = [ast.literal_eval(key)], ast.literal_eval(value)
        found += [(name, module, heading(value.lineno)) for name in names]
    return found


def area_of(name: str, module: str, comment: str) -> str:
    """The area whose page documents ``name``."""
    if name.endswith(("Error", "Warning", "Exception")):
        return "errors"
    prefixes = [p for p in MODULE_AREAS if module == p or module.startswith(p + ".")]
    if prefixes:
        return MODULE_AREAS[max(prefixes, key=len)]
    for text in (module.lower(), comment.lower()):
        for word, area in KEYWORDS:
            if word in text:
                return area
    raise ApiDocsError(f"bridgecli.{name} ({module}, block {comment!r}) belongs to no API page: "
                       "add its module to MODULE_AREAS in tools/docs_api.py")


def layout(source: str | None = None) -> dict[str, list[tuple[str, str]]]:
    """area -> [(name, module)] in ``_EXPORTS`` order."""
    pages: dict[str, list[tuple[str, str]]] = {area: [] for area in AREAS}
    for name, module, comment in exports(source if source is not None else INIT.read_text(encoding="utf-8")):
        pages[area_of(name, module, comment)].append((name, module))
    return pages


def block(name: str, module: str) -> str:
    """The mkdocstrings block of ``bc.<name>``."""
    return "\n".join([f"::: {module}.{name}", "    options:", f'      heading: "bc.{name}"',
                      f'      toc_label: "bc.{name}"', ""])


# -- mkdocs hooks ------------------------------------------------------------------------------

_LAYOUT: dict[str, list[tuple[str, str]]] = {}


def on_pre_build(config: Any) -> None:
    _LAYOUT.clear()
    _LAYOUT.update(layout())
    docs = Path(config["docs_dir"])
    for area in AREAS:
        page = docs / "reference" / f"{area}.md"
        if not page.exists() or f"<!-- api: {area} -->" not in page.read_text(encoding="utf-8"):
            raise ApiDocsError(f"docs/reference/{area}.md must exist and hold the line <!-- api: {area} -->")


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    def fill(m: re.Match[str]) -> str:
        area = m.group(1)
        if area not in AREAS:
            raise ApiDocsError(f"{page.file.src_uri}: unknown API area {area!r} (known: {', '.join(AREAS)})")
        names = _LAYOUT.get(area) or layout()[area]
        return "\n".join(block(name, module) for name, module in names) or "*No public names yet.*"

    return MARKER.sub(fill, markdown)


#: ``:func:`name``` and its kin, as a docstring written for Sphinx shows them once rendered
_ROLE = re.compile(r":(?:func|meth|class|attr|data|mod|exc|obj):(<code>)")


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    # docstrings are Markdown here; a Sphinx role left in one is dropped, its name kept as code
    return _ROLE.sub(r"\1", html)
