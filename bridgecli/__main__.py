"""``python -m bridgecli``."""

from bridgecli.cli import entry

if __name__ == "__main__":
    entry()
