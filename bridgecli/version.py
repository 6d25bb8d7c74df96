"""The package's own facts: its version and where it is installed.

A leaf (it imports nothing of bridgecli), so that any layer may ask for the version (a PBN
``Generator`` tag, ``--version``) or the package's directory without importing the package
top, which sits above every layer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

__version__ = "0.2.0"
"""bridgecli's version (also in pyproject.toml, which a test keeps equal)."""


def package_dir() -> Path:
    """The directory of the installed ``bridgecli`` package (symlinks resolved)."""
    from pathlib import Path

    return Path(__file__).resolve().parent
