"""Every public name has a reference entry with text (issue #28 item 8): the docstring
mkdocstrings shows for it (a def's or class's own, or the string under an assignment), and
every class or alias named in a public signature is public too."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

import bridgecli as bc

#: names a signature may use that are not bridgecli's (and the aliases Source, Style, Warn: each module
#: that takes one defines it, and its docstring says what it takes)
OUTSIDE = {"None", "Any", "Iterable", "Iterator", "Sequence", "Mapping", "IO", "Callable", "Literal", "TextIO",
           "Path", "PathLike", "Generator", "Collection", "ForwardRef", "Container", "Random", "Source", "Style", "Warn"}


def _docstring(name: str, module: str) -> str | None:
    """The docstring the module's source gives ``name`` (None when it has none)."""
    path = Path(importlib.import_module(module).__file__ or "")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    body = tree.body
    for i, node in enumerate(body):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == name:
            return ast.get_docstring(node)
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            after = body[i + 1] if i + 1 < len(body) else None
            if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) and isinstance(after.value.value, str):
                return after.value.value
            return None
    return "re-exported"  # defined elsewhere and imported into the module: its own module has it


def test_every_public_name_has_reference_text() -> None:
    empty = [name for name, module in bc._EXPORTS.items() if not (_docstring(name, module) or "").strip()]
    assert empty == []


def test_every_type_of_a_public_signature_is_public() -> None:
    public = set(bc.__all__) | OUTSIDE
    missing: dict[str, str] = {}

    def scan(obj: object, where: str) -> None:
        try:
            sig = inspect.signature(obj)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return
        texts = [str(p.annotation) for p in sig.parameters.values()] + [str(sig.return_annotation)]
        for text in texts:
            for word in re.findall(r"\b([A-Z][A-Za-z0-9_]+)\b", text):
                if word not in public and not word.isupper():
                    missing.setdefault(word, where)

    for name in bc.__all__:
        obj = getattr(bc, name)
        if inspect.isclass(obj):
            scan(obj, name)
            for attr, member in vars(obj).items():
                if not attr.startswith("_") and callable(member):
                    scan(member, f"{name}.{attr}")
        elif callable(obj):
            scan(obj, name)
    assert missing == {}, sorted(missing.items())
