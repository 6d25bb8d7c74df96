"""The Python examples of the README and docs/API.md are real: each ```pycon block is
run as a doctest from the repository root, and docs/API.md is the page that
tools/api_docs.py writes from the docstrings today."""

from __future__ import annotations

import doctest
import os
import re
import runpy
from pathlib import Path

import pytest

from .conftest import ROOT

PAGES = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").rglob("*.md") if "```pycon" in p.read_text(encoding="utf-8"))]


def blocks(page: Path) -> list[tuple[str, str]]:
    """(id, source) of each ```pycon block of ``page``."""
    text = page.read_text(encoding="utf-8")
    found = re.findall(r"```pycon\n(.*?)```", text, re.DOTALL)
    return [(f"{page.name}-{i}", block) for i, block in enumerate(found, 1)]


def test_the_readme_has_python_examples() -> None:
    assert len(blocks(ROOT / "README.md")) >= 2


def _has_solver() -> bool:
    import importlib.util

    return importlib.util.find_spec("endplay") is not None


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_python_examples(page: Path) -> None:
    """The blocks of one page run in order and share their names, as a reader types them."""
    globs: dict[str, object] = {}
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out: list[str] = []
    old = os.getcwd()
    os.chdir(ROOT)
    try:
        for name, source in blocks(page):
            if "bc.solve" in source and not _has_solver():
                continue  # solve needs the dds extra
            test = doctest.DocTestParser().get_doctest(source, globs, name, name, 0)
            runner.run(test, out=out.append, clear_globs=False)
            globs = test.globs  # a DocTest works on a copy
    finally:
        os.chdir(old)
    assert runner.failures == 0, "".join(out)
    assert runner.tries > 0


def test_api_page_is_current() -> None:
    tool = runpy.run_path(str(ROOT / "tools" / "api_docs.py"))
    assert (ROOT / "docs" / "API.md").read_text(encoding="utf-8") == tool["page"]()
