"""The version lives in one leaf module, equal to the one pyproject.toml ships."""

from __future__ import annotations

import tomllib

import bridgecli
from bridgecli import version

from .conftest import ROOT


def test_the_version_is_the_one_pyproject_ships() -> None:
    with (ROOT / "pyproject.toml").open("rb") as fp:
        assert tomllib.load(fp)["project"]["version"] == version.__version__ == bridgecli.__version__


def test_package_dir_holds_this_package() -> None:
    assert (version.package_dir() / "__init__.py").samefile(bridgecli.__file__)
