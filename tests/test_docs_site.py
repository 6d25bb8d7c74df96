"""The documentation site (mkdocs.yml): the pages of docs/ and the API reference generated
from the docstrings build with warnings as errors, and every public name has its place."""

from __future__ import annotations

import importlib.util
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

import bridgecli

from .conftest import ROOT, subprocess_env

HOOK = runpy.run_path(str(ROOT / "tools" / "docs_api.py"))


def test_every_public_name_is_on_exactly_one_reference_page() -> None:
    placed = [name for names in HOOK["layout"]().values() for name, _module in names]
    assert sorted(placed) == sorted(bridgecli._EXPORTS)
    assert len(placed) == len(set(placed))


def test_each_area_page_holds_its_marker() -> None:
    for area in HOOK["AREAS"]:
        text = (ROOT / "docs" / "reference" / f"{area}.md").read_text(encoding="utf-8")
        assert f"<!-- api: {area} -->" in text, area


def test_exports_are_read_with_their_block_comment() -> None:
    source = '\n'.join([
        "_EXPORTS: dict[str, str] = {",
        "    # boards in and out (convert)",
        '    **dict.fromkeys(("read", "write"), "bridgecli.formats.boards"),',
        "    # scoring (score, rubber)",
        '    "score_lines": "bridgecli.lines",',
        '    **dict.fromkeys(("Rubber",),',
        '                    "bridgecli.core.rubber"),',
        "}",
    ])
    assert HOOK["exports"](source) == [
        ("read", "bridgecli.formats.boards", "boards in and out (convert)"),
        ("write", "bridgecli.formats.boards", "boards in and out (convert)"),
        ("score_lines", "bridgecli.lines", "scoring (score, rubber)"),
        ("Rubber", "bridgecli.core.rubber", "scoring (score, rubber)"),
    ]


@pytest.mark.parametrize("name, module, comment, area", [
    ("read", "bridgecli.formats.boards", "boards in and out", "boards"),
    ("solve", "bridgecli.solver.solution", "dealing and solving", "solving"),  # the module before the comment
    ("imps", "bridgecli.core.imps", "", "scoring"),
    ("Rubber", "bridgecli.core.rubber", "scoring (score, rubber)", "rubber"),  # the module before the comment
    ("SolverMissingError", "bridgecli.solver.dds", "", "errors"),      # an exception is an error wherever it lives
    ("DDTable", "bridgecli.core.ddtable", "", "solving"),             # its module
    ("rank_event", "bridgecli.event_files", "", "scoring"),             # a new module: keywords of its path
    ("score_lines", "bridgecli.lines", "scoring (score, rubber)", "scoring"),  # else of its block's comment
])
def test_area_of_a_name(name: str, module: str, comment: str, area: str) -> None:
    assert HOOK["area_of"](name, module, comment) == area


def test_a_name_no_rule_places_stops_the_build() -> None:
    with pytest.raises(HOOK["ApiDocsError"], match="belongs to no API page"):
        HOOK["area_of"]("thing", "bridgecli.misc", "more things")


def _have_mkdocs() -> bool:
    return all(importlib.util.find_spec(m) is not None for m in ("mkdocs", "mkdocstrings", "mkdocstrings_handlers"))


@pytest.mark.skipif(not _have_mkdocs(), reason="mkdocs and mkdocstrings[python] are not installed: "
                                                "pip install -e '.[docs]' to build the documentation")
def test_the_site_builds_with_warnings_as_errors(tmp_path: Path) -> None:
    site = tmp_path / "site"
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict",
                           "-f", str(ROOT / "mkdocs.yml"), "-d", str(site)],
                          capture_output=True, text=True, env=subprocess_env(), timeout=180)
    assert proc.returncode == 0, proc.stderr
    assert "WARNING" not in proc.stderr, proc.stderr
    for area, names in HOOK["layout"]().items():
        page = (site / "reference" / area / "index.html").read_text(encoding="utf-8")
        missing = [name for name, _module in names if f"bc.{name}<" not in page]
        assert missing == [], f"reference/{area}: no entry for {missing}"
    for doc in ("API", "FORMATS", "commands/score", "commands/deal"):
        assert (site / doc / "index.html").is_file(), doc
