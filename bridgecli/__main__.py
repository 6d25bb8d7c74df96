"""``python -m bridgecli``."""

from bridgecli.launch import entry

if __name__ == "__main__":
    entry()
