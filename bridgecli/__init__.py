"""bridgecli: a contract bridge toolkit for the shell."""

__version__ = "0.1.0"
