"""Every file a console example of the docs or the README reads is one the repository ships
(docs/examples/ for the command pages, the repository root for the README), or one an
earlier example of the same page wrote (``-o FILE``, ``> FILE``)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from .conftest import ROOT

FILE = re.compile(r"^[\w./-]+\.(pbn|yaml|yml|json|jsonl|lin|txt|csv)$")
WRITES = ("-o", "--output", ">")


def _pages() -> list[tuple[Path, Path]]:
    pages = [(p, ROOT / "docs" / "examples" / ("variants" if p.stem == "variants" else ""))
             for p in sorted((ROOT / "docs" / "commands").glob("*.md"))]
    return pages + [(ROOT / "README.md", ROOT)]


def read_files(page: Path) -> list[str]:
    """Files the page's console examples read and did not write before."""
    text = page.read_text(encoding="utf-8")
    written: set[str] = set()
    read: list[str] = []
    for block in re.findall(r"```console\n(.*?)```", text, re.DOTALL):
        for line in block.replace("\\\n", " ").splitlines():
            if not line.startswith("$ "):
                continue
            try:
                tokens = shlex.split(line[2:].replace("|", " | ").replace(">", " > "))
            except ValueError:
                continue
            for prev, tok in zip(["", *tokens], tokens):
                if not FILE.match(tok):
                    continue
                if prev in WRITES:
                    written.add(tok)
                elif tok not in written:
                    read.append(tok)
    return read


@pytest.mark.parametrize("page, folder", _pages(), ids=[p.name for p, _ in _pages()])
def test_examples_read_shipped_files(page: Path, folder: Path) -> None:
    missing = sorted({f for f in read_files(page) if not (folder / f).exists()})
    assert missing == [], f"{page.name} reads files the repository does not ship: {missing}"
