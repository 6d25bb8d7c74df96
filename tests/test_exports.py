"""The public names of ``bridgecli`` are listed once, in ``bridgecli._EXPORTS`` (name -> module):
``__all__`` and the lazy loading come from it, and the imports under ``TYPE_CHECKING`` (what
type checkers read) must say exactly the same."""

from __future__ import annotations

import ast
import importlib
import inspect

import bridgecli as bc

from .conftest import ROOT


def _typing_imports() -> dict[str, str]:
    """name -> module of each ``from M import N as N`` under ``if TYPE_CHECKING:`` in bridgecli/__init__.py."""
    tree = ast.parse((ROOT / "bridgecli" / "__init__.py").read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If) and getattr(n.test, "id", None) == "TYPE_CHECKING")
    found: dict[str, str] = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom) and node.module, ast.dump(node)
        for alias in node.names:
            assert alias.asname == alias.name, f"{alias.name}: re-exported as itself (X as X) for type checkers"
            assert alias.name not in found, f"{alias.name} imported twice"
            found[alias.name] = node.module
    return found


def test_the_typing_imports_say_what_the_table_says() -> None:
    assert _typing_imports() == {**bc._EXPORTS, "__version__": "bridgecli.version"}


def test_all_is_the_table() -> None:
    assert bc.__all__ == list(bc._EXPORTS)
    assert len(bc.__all__) == len(set(bc.__all__))


def test_each_name_is_defined_where_the_table_says() -> None:
    for name, module in bc._EXPORTS.items():
        value = getattr(importlib.import_module(module), name)
        assert getattr(bc, name) is value
        if (inspect.isclass(value) or inspect.isfunction(value)) and value.__name__ == name:  # not a renamed one
            # one home: the module that defines it
            owner = value.__module__
            assert owner == module, f"bc.{name} is defined in {owner}, the table says {module}"


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        bc.no_such_name  # noqa: B018
    except AttributeError as err:
        assert "no_such_name" in str(err)
    else:
        raise AssertionError("bc.no_such_name did not raise")
    assert bc.__version__ == importlib.import_module("bridgecli.version").__version__
