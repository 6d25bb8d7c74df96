"""``python -m bridgecli``."""

from bridgecli.cli import main

if __name__ == "__main__":
    main()
