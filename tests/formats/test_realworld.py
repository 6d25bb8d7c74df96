"""The real-world corpus (70 files from 11 producers) reads, round-trips and replays
as a correct tool would. Runs when ``../shared/corpus/realworld`` exists next to the
checkout; the round trips take the first boards of the big files (``tools/realworld.py``
checks every board)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.formats.realworld import EXPECTED, check_file, corpus_root

ROOT = Path(__file__).resolve().parents[2]
CORPUS = corpus_root(ROOT)

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason=f"no real-world corpus at {CORPUS}")


def test_the_corpus_is_the_one_described() -> None:
    found = sorted(f"{p.parent.name}/{p.name}" for p in CORPUS.glob("*/*") if p.suffix in (".pbn", ".lin"))
    assert found == sorted(EXPECTED)


@pytest.mark.parametrize("rel", sorted(EXPECTED))
def test_real_file(rel: str) -> None:
    out = check_file(CORPUS / rel, rel, sample=200, yaml_sample=40)
    assert out.ok, "\n".join(out.failures or [])
