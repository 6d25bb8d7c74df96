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

TYPE_CHECKING = False  # typing, collections.abc: not loaded here, the package's first import
if TYPE_CHECKING:
    from collections.abc import Sequence

#: Deals a worker deals at a time (:data:`bridgecli.dealer.plain.BATCH_SIZE`, not imported here:
#: the glance must cost nothing). A run of fewer deals than two of them needs no workers.
_BATCH = 8192

#: ``deal`` options after which early workers would not be taken, or not be needed: output to a
#: file (the workers write to the standard output they inherit), a variant's own procedure, help.
_NOT_EARLY = frozenset(("--output", "--variant", "-h", "--help", "--"))


#: The signals :func:`arm` took over, with the handling each had before.
_armed: dict[int, object] = {}


def started_as_program(argv: Sequence[str], orig_argv: Sequence[str], main_file: str | None) -> bool:
    """Whether this interpreter runs the ``bridgecli`` program: ``python -m bridgecli`` (while
    the package loads, ``argv[0]`` is ``-m``), or the script pip writes (``argv[0]``, named
    ``bridgecli``, is the file being run). An import of ``bridgecli`` as a library is neither."""
    if not argv:
        return False
    if argv[0] == "-m":
        return "-m" in orig_argv and list(orig_argv[orig_argv.index("-m") + 1:][:1]) == ["bridgecli"]
    return main_file is not None and argv[0] == main_file and argv[0].rpartition("/")[2] == "bridgecli"


def arm() -> None:
    """From the first line of the package on, before anything is imported: SIGINT, SIGTERM and
    SIGHUP end the run at once with its one ``bridgecli: interrupted`` line and 128 + the signal.
    Nothing is open yet that would need cleaning up; :func:`entry` hands over to the command's
    own handling. A signal the process was started with ignored (``nohup``) stays ignored."""
    # the builtin half of ``signal``: signal.py would load enum first, milliseconds of this
    # start-up window at a fresh interpreter's pace
    import _signal  # type: ignore[import-not-found]

    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        signum = getattr(_signal, name, None)
        if signum is None:
            continue
        before = _signal.getsignal(signum)
        if before != _signal.SIG_IGN:
            _armed[signum] = before
            _signal.signal(signum, _leave)


def _leave(signum: int, frame: object) -> None:
    import os

    name = {1: " (SIGHUP)", 15: " (SIGTERM)"}.get(signum, "")
    try:
        os.write(2, f"bridgecli: interrupted{name}\n".encode())
    finally:
        os._exit(128 + signum)


def _disarm() -> None:
    """Give the signals :func:`arm` took back their former handling (a KeyboardInterrupt for SIGINT)."""
    import signal

    while _armed:
        signum, before = _armed.popitem()
        signal.signal(signum, before)  # type: ignore[arg-type]


def entry() -> None:
    """Start early dealing workers where :func:`early_jobs` says so, then run the command.

    A Ctrl-C that comes while modules are still loading, before the command's own handling
    (:mod:`bridgecli.cli.interrupts`) is in place, ends the run as that handling would: one
    ``bridgecli: interrupted`` line and exit 130, no traceback (before this function, from the
    package's first line on, :func:`arm` does the same)."""
    try:
        _disarm()
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
    from bridgecli.executors import usable_cores

    jobs = min(jobs, usable_cores(), -(-count // _BATCH))
    return jobs if jobs >= 2 else 0
