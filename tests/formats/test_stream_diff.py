"""A seeded slice of tools/stream_diff.py: every streaming reader (PBN, YAML, JSON,
LIN, the CSV traveller) cut into random pieces reads what the whole text gives,
and, where PyYAML or ``json.loads`` reads the whole text, the boards of that load."""

from __future__ import annotations

import importlib.util
import sys
import warnings
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent.parent


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bridgecli_stream_diff", ROOT / "tools" / "stream_diff.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bridgecli_stream_diff"] = module
    spec.loader.exec_module(module)
    return module


tool = _tool()


def test_a_seeded_slice_of_the_stream_fuzzer() -> None:
    pool, boards = tool.seeds(), tool._boards()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        found = [(i, got[0], got[2][:800]) for i in range(150)
                 if (got := tool.case(i, 20261202, pool, boards)) is not None]
    assert found == []


def test_the_reference_readers_see_what_the_files_hold() -> None:
    # the references the fuzzer compares with are not empty-handed
    boards = tool._boards()
    text = "[" + ", ".join(tool.json.dumps(tool.schema.to_dict(b)) for b in boards[:3]) + "]"
    assert tool._json_whole(text) is not None and len(tool._json_whole(text)) == 3
    assert len(tool._yaml_whole(tool.yaml_format.dumps(boards[:2])) or []) == 2
    csv_text = "Board,NS,EW,Contract,Declarer,Result\n1,1,2,4S,N,10\n1,3,4,3NT,S,=\n"
    assert len(tool._csv_whole(csv_text)) == 2 and tool._csv_streamed(list(csv_text)) == tool._csv_whole(csv_text)


def test_the_new_yaml_shapes_and_the_traveller_reference() -> None:
    # the shapes that stream by events from the first anchor or "---" are among the texts
    import random

    boards = tool._boards()
    texts = [tool._yaml_texts(boards, random.Random(i)) for i in range(60)]
    assert any("*a0" in t and "&a0" in t and t.startswith("- board:") for t in texts)
    assert any("\n---\n" in t and t.startswith("- board:") for t in texts)
    row = "- {board: 1, ns: 1, ew: 2, score: 420}\n"
    assert tool._traveller_whole(row) == tool._traveller_keys([row]) and len(tool._traveller_keys([row])) == 1
    assert tool._traveller_whole("- board: 1\n") == ["boards", "- board: 1\n"] == tool._traveller_keys(["- b", "oard: 1\n"])
