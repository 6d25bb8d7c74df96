"""The public names of ``bridgecli`` (and of ``bridgecli.core``) are listed once, in the
package's ``_EXPORTS`` (name -> module): ``__all__`` and the lazy loading come from it, and
the imports under ``TYPE_CHECKING`` (what type checkers read) must say exactly the same."""

from __future__ import annotations

import ast
import importlib
import inspect
from types import ModuleType

import pytest

import bridgecli as bc
import bridgecli.core

from .conftest import ROOT

#: package -> what its TYPE_CHECKING imports hold besides _EXPORTS
PACKAGES: list[tuple[ModuleType, dict[str, str]]] = [
    (bc, {"__version__": "bridgecli.version"}),
    (bridgecli.core, {}),
]


def _typing_imports(package: ModuleType) -> dict[str, str]:
    """name -> module of each ``from M import N as N`` under ``if TYPE_CHECKING:`` in the package's ``__init__``."""
    tree = ast.parse((ROOT / package.__name__.replace(".", "/") / "__init__.py").read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If) and getattr(n.test, "id", None) == "TYPE_CHECKING")
    found: dict[str, str] = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom) and node.module, ast.dump(node)
        module = node.module if not node.level else f"{package.__name__}.{node.module}"
        for alias in node.names:
            assert alias.asname == alias.name, f"{alias.name}: re-exported as itself (X as X) for type checkers"
            assert alias.name not in found, f"{alias.name} imported twice"
            found[alias.name] = module
    return found


def _table(package: ModuleType) -> dict[str, str]:
    """The package's _EXPORTS with full module names (``bridgecli.core`` names its submodules)."""
    prefix = "" if package is bc else f"{package.__name__}."
    return {name: prefix + module for name, module in package._EXPORTS.items()}


@pytest.mark.parametrize(("package", "extra"), PACKAGES, ids=lambda p: getattr(p, "__name__", ""))
def test_the_typing_imports_say_what_the_table_says(package: ModuleType, extra: dict[str, str]) -> None:
    assert _typing_imports(package) == {**_table(package), **extra}


@pytest.mark.parametrize(("package", "extra"), PACKAGES, ids=lambda p: getattr(p, "__name__", ""))
def test_all_is_the_table(package: ModuleType, extra: dict[str, str]) -> None:
    assert package.__all__ == list(package._EXPORTS)


@pytest.mark.parametrize(("package", "extra"), PACKAGES, ids=lambda p: getattr(p, "__name__", ""))
def test_each_name_is_defined_where_the_table_says(package: ModuleType, extra: dict[str, str]) -> None:
    for name, module in _table(package).items():
        value = getattr(importlib.import_module(module), name)
        assert getattr(package, name) is value
        if (inspect.isclass(value) or inspect.isfunction(value)) and value.__name__ == name:  # not a renamed one
            # one home: the module that defines it
            assert value.__module__ == module, f"{name} is defined in {value.__module__}, the table says {module}"


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        bc.no_such_name  # noqa: B018
    with pytest.raises(AttributeError, match="no_such_name"):
        bridgecli.core.no_such_name  # noqa: B018
    assert bc.__version__ == importlib.import_module("bridgecli.version").__version__
