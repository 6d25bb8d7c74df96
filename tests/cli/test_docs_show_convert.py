"""The examples in docs/commands/show.md and convert.md are real: rerun them and compare.

Only single ``bridgecli ...`` invocations without pipes or ``-o`` are rerun
(in docs/examples/); their stdout, stderr and exit code must match the text.
"""

from __future__ import annotations

import pytest

from .._docs import EXAMPLES, check_example, examples
from ..conftest import ROOT

DOCS = [ROOT / "docs" / "commands" / "show.md", ROOT / "docs" / "commands" / "convert.md"]


CASES = [(p.name, *ex) for p in DOCS for ex in examples(p)
         if ex[0].startswith("bridgecli ") and "|" not in ex[0] and " -o " not in ex[0]]


def test_docs_have_examples():
    assert len(CASES) >= 6


@pytest.mark.parametrize("doc,command,expected,code", CASES, ids=[c[1] for c in CASES])
def test_doc_example(runner, doc, command, expected, code):
    if "--solve" in command:
        from bridgecli.solver import dds

        if not dds.available():
            pytest.skip("the DDS solver (endplay) is not installed")
    check_example(runner, EXAMPLES, command, expected, code)
