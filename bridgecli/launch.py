"""The ``bridgecli`` script's entry point (and ``python -m bridgecli``'s).

It runs before click or any command is imported, for one reason: a dealing
run with workers (``bridgecli deal -n 100000 --jobs 2``) starts them here, so
that they import numpy while this process imports click and reads the options
(:func:`bridgecli.dealer.run.start_early`). The command line is only
glanced at (:func:`early_jobs`): the command itself still reads and checks
everything, and workers it does not take are ended. Everything else goes to
:func:`bridgecli.cli.interrupts.entry`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

#: Deals a worker deals at a time (:data:`bridgecli.dealer.plain.BATCH_SIZE`, not imported here:
#: the glance must cost nothing). A run of fewer deals than two of them needs no workers.
_BATCH = 8192

#: ``deal`` options after which early workers would not be taken, or not be needed: output to a
#: file (the workers write to the standard output they inherit), a variant's own procedure, help.
_NOT_EARLY = frozenset(("--output", "--variant", "-h", "--help", "--"))


def entry() -> None:
    """Start early dealing workers where :func:`early_jobs` says so, then run the command.

    A Ctrl-C that comes while modules are still loading, before the command's own handling
    (:mod:`bridgecli.cli.interrupts`) is in place, ends the run as that handling would: one
    ``bridgecli: interrupted`` line and exit 130, no traceback."""
    try:
        jobs = early_jobs(sys.argv[1:])
        if jobs:
            from bridgecli.dealer.run import start_early

            start_early(jobs)
        from bridgecli.cli.interrupts import entry as run_command

        run_command()
    except KeyboardInterrupt:
        sys.stderr.write("bridgecli: interrupted\n")
        sys.exit(130)
    finally:
        workers = sys.modules.get("bridgecli.dealer.workers")
        if workers is not None:
            workers.discard_early()


def early_jobs(args: Sequence[str]) -> int:
    """How many dealing workers the command line ``args`` (without the program name) will surely
    use: ``deal`` with ``--jobs J`` (at most the cores) and ``-n N`` of at least two batches of
    deals, writing to the standard output; 0 otherwise, or when unsure."""
    if not args or args[0] != "deal":
        return 0
    values: dict[str, str] = {}
    i = 1
    while i < len(args):
        arg = args[i]
        if arg in _NOT_EARLY or arg.startswith(("--output=", "--variant=", "-o")):
            return 0
        name, value = arg, None
        if arg.startswith("--") and "=" in arg:
            name, value = arg.split("=", 1)
        elif arg[:2] in ("-j", "-n") and len(arg) > 2:
            name, value = arg[:2], arg[2:]
        if name in ("--jobs", "-j", "--count", "-n"):
            if value is None:
                i += 1
                value = args[i] if i < len(args) else ""
            values["jobs" if name in ("--jobs", "-j") else "count"] = value
        i += 1
    try:
        jobs, count = int(values.get("jobs", "1")), int(values.get("count", "1"))
    except ValueError:
        return 0
    from bridgecli.files import usable_cores

    jobs = min(jobs, usable_cores(), -(-count // _BATCH))
    return jobs if jobs >= 2 else 0
