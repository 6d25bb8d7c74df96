"""Shared mutable state only where it is declared (issue #29 item 6).

A module-level dict, list or set that a function changes at run time is state every caller
shares. Each one in ``bridgecli/`` is listed in :data:`DECLARED` with what it is (a cache,
a registry, or the process's own state: signals, workers, temp files) and must carry a
comment where it is defined. A new one fails :func:`test_shared_state_is_declared` until it
is listed (or made a local, an argument or a constant); an entry whose name is gone fails too,
so the list stays true. Tables filled once at import (in the module's own body) are not state.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "bridgecli"

#: (module path, name) -> what it is
DECLARED: dict[tuple[str, str], str] = {
    # caches: the text or value of an object met before, bounded or one entry per kind
    ("checks/auctions/verdicts.py", "_CONTRACT_JSON"): "cache: a contract's JSON, by identity",
    ("checks/play.py", "_JSON_TAIL"): "cache: the end of play --json's line, bounded",
    ("core/notation.py", "_READERS"): "cache: a reader a language",
    ("core/play/replay.py", "_PLAIN_IDX"): "cache: a played card's index, by identity",
    ("core/play/replay.py", "_PLAIN_KEEP"): "cache: the cards whose ids _PLAIN_IDX holds",
    ("core/scoring.py", "_TABLES"): "cache: a scheme's score table, bounded",
    ("formats/json_format.py", "_TAG_JSON"): "cache: a tag's JSON",
    ("formats/json_format.py", "_TOKEN_JSON"): "cache: a shared call's or card's JSON",
    ("formats/json_format.py", "_LATELY_JSON"): "cache: calls and cards written lately, bounded",
    ("formats/json_format.py", "_CONTRACT_JSON"): "cache: a contract's JSON, by identity",
    ("formats/json_format.py", "_UNIT_JSON"): "cache: a call of auction rows' JSON",
    ("formats/lin/common.py", "_CONTRACTS"): "cache: a LIN contract's value",
    ("formats/lin/fast.py", "_FAST_CARD"): "table filled by the first board (start-up time)",
    ("formats/lin/fast.py", "_FAST_CALLS"): "table filled by the first board (start-up time)",
    ("formats/lin/fast.py", "_SUIT_SETS"): "cache: a suit's cards as a set",
    ("formats/pbn/build.py", "_WITH_DECLARER"): "cache: a contract with its declarer",
    ("formats/pbn/canon.py", "_HOLDING_MASK"): "table filled on first use (start-up time)",
    ("formats/pbn/canon.py", "_CANON_CALLS"): "cache: a call of auction rows read",
    ("formats/pbn/escape.py", "ESCAPED"): "cache: a tag value escaped",
    ("formats/pbn/tokens.py", "_CONTRACTS"): "cache: a Contract tag's value",
    ("formats/pbn/tokens.py", "HOLD_TXT"): "table filled on first use (start-up time)",
    ("formats/pbn/write.py", "_SAFE_NAMES"): "cache: a tag name checked",
    ("formats/schema.py", "PLAIN_OUT"): "cache: a shared token's output, by identity",
    ("formats/schema.py", "_KEEP"): "cache: the tokens whose ids PLAIN_OUT holds",
    ("formats/schema.py", "SHARED_FROM"): "cache: which modules' tokens PLAIN_OUT holds",
    ("formats/traveller.py", "_NS_SCORES"): "cache: a result's N-S score, bounded",
    ("render/text.py", "_CALL_CELLS"): "cache: a call's cell text, bounded",
    ("render/text.py", "_BRIEF_MEMOS"): "cache: show --brief's memo a language",
    # registries: what a program adds by a public call
    ("core/scoring.py", "RULES"): "registry: scoring schemes by name (register_rules)",
    # the process's own state
    ("cli/interrupts.py", "_handled"): "process: the signals the handler was given",
    ("launch.py", "_armed"): "process: the signals the launcher took over",
    ("output.py", "TEMP_FILES"): "process: temp files to remove on a signal",
    ("dealer/workers.py", "FORKED"): "process: the forked workers to stop and reap",
}

_CONTAINERS = ("dict", "list", "set", "defaultdict", "OrderedDict", "bytearray")
_CHANGERS = {"append", "add", "update", "setdefault", "pop", "clear", "extend", "insert", "remove", "discard",
             "popitem", "sort", "reverse", "appendleft"}


def _module_containers(tree: ast.Module) -> dict[str, int]:
    """Names bound at module level to a new dict, list or set -> their line."""
    out: dict[str, int] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        new = isinstance(value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)) or (
            isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in _CONTAINERS)
        if new:
            out.update((t.id, node.lineno) for t in targets if isinstance(t, ast.Name))
    return out


def changed_at_run_time(source: str) -> dict[str, int]:
    """The module-level containers of ``source`` that a function changes -> their line."""
    tree = ast.parse(source)
    names = _module_containers(tree)
    hit: dict[str, int] = {}
    functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for node in (inner for f in functions for inner in ast.walk(f)):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for t in targets:
                if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id in names:
                    hit[t.value.id] = names[t.value.id]
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _CHANGERS
              and isinstance(node.func.value, ast.Name) and node.func.value.id in names):
            hit[node.func.value.id] = names[node.func.value.id]
    return hit


def _found() -> dict[tuple[str, str], tuple[Path, int]]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for name, line in changed_at_run_time(path.read_text(encoding="utf-8")).items():
            out[(path.relative_to(PACKAGE).as_posix(), name)] = (path, line)
    return out


def test_the_scan_sees_state_changed_in_a_function_and_not_a_table_filled_at_import():
    source = ("A = {}\nB: list[int] = []\nC = dict()\nD = {}\nD['x'] = 1\nE = set()\n"
              "def f():\n    A['k'] = 1\n    B.append(2)\n    C.setdefault('k', 3)\n    local = {}\n    local['k'] = 1\n"
              "def g():\n    return E\n")
    assert changed_at_run_time(source) == {"A": 1, "B": 2, "C": 3}


def test_shared_state_is_declared():
    found = _found()
    undeclared = sorted(set(found) - set(DECLARED))
    assert not undeclared, f"shared mutable state not declared in {__name__}.DECLARED (a cache? say so): {undeclared}"
    gone = sorted(set(DECLARED) - set(found))
    assert not gone, f"declared shared state no longer found (remove it from DECLARED): {gone}"


def test_each_piece_of_shared_state_says_what_it_is_where_it_is_defined():
    for (module, name), (path, line) in _found().items():
        lines = path.read_text(encoding="utf-8").splitlines()
        here = lines[line - 1]
        above = lines[line - 2].strip() if line >= 2 else ""
        assert "#" in here or above.startswith("#"), f"{module}:{line}: {name} has no comment saying what it is"
