"""How a command ends on SIGINT (Ctrl-C), SIGTERM and SIGHUP: the same way for all three.

:func:`install` (run by ``main()``) makes each of them raise :class:`Interrupted`
(a ``KeyboardInterrupt``) in the main thread, so that ``with``/``finally``
blocks run: ``-o`` temp files are removed, worker processes ended, and the old
``-o`` target is left as it was. ``main()`` then prints ``bridgecli: interrupted``
and exits 128 + the signal number (130 for Ctrl-C).

A second signal while the first is being handled ends the process at once,
without a traceback: the temp files of :class:`bridgecli.output.AtomicOutput` blocks
still open are removed first. Processes forked from the command (worker pools) get the
system's handling back at once, at the fork: they ignore SIGINT (the parent
stops them) and die quietly on SIGTERM and SIGHUP, also when stuck on a lock
where no Python handler could run (``Pool.terminate`` relies on that).

Importing this module costs only ``signal`` (start-up time matters).
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType

_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
#: The first signal received (0: none yet).
_received = 0
#: ``bridgecli: interrupted`` has been printed.
_told = False
#: The signals given to :func:`_handler` (the others were ignored from the start).
_handled: list[int] = []


class Interrupted(KeyboardInterrupt):
    """Raised in the main thread on SIGINT, SIGTERM or SIGHUP."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        """The signal received."""


#: Set by :func:`allow_quick_exit`, read by :func:`entry`.
_quick_exit = False


def allow_quick_exit() -> None:
    """Say that the running command is done and holds nothing that needs a normal shutdown (no
    worker processes or threads, no files of its own left open): :func:`entry` may then end the
    process as soon as stdout and stderr are flushed, without tearing down the loaded modules
    (numpy's teardown alone is tens of milliseconds, a tenth of a short ``deal`` run)."""
    global _quick_exit
    _quick_exit = True


def entry() -> None:
    """The ``bridgecli`` script and ``python -m bridgecli``: ``bridgecli.cli.main()``, ended at once
    where the command allowed it (:func:`allow_quick_exit`). Code that calls ``main()`` itself
    and goes on afterwards keeps the normal ending."""
    from bridgecli.cli import main

    try:
        main()
    except SystemExit as exc:
        code = 0 if exc.code is None else exc.code
        if _quick_exit and isinstance(code, int):
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            except (OSError, ValueError):
                raise exc from None  # the normal ending deals with a stream that cannot be flushed
            workers = sys.modules.get("bridgecli.dealer.workers")  # early dealing workers no run took
            if workers is not None:
                workers.discard_early()
            os._exit(code)
        if not _received:
            _end_quietly()  # (after a signal they stay ignored: the run is being ended)
        raise


def _end_quietly() -> None:
    """The command is over and the interpreter shuts down (threads joined, modules torn down):
    a signal now ends the process at once, as one during the run would, not with a traceback
    from wherever the shutdown was."""
    for signum in _handled:
        try:
            signal.signal(signum, _late)
        except (OSError, ValueError):
            return


def _late(signum: int, frame: FrameType | None) -> None:
    global _received
    _received = _received or signum
    leave_now()


def install() -> None:
    """Handle SIGINT, SIGTERM and SIGHUP as described in the module docstring (and forget an
    earlier :func:`allow_quick_exit`).

    A signal the process was started with ignored (``nohup``, a background
    job of a script) stays ignored. Does nothing outside the main thread.
    """
    global _quick_exit
    _quick_exit = False
    for name in _SIGNALS:
        signum = getattr(signal, name, None)
        if signum is None:  # no SIGHUP on Windows
            continue
        try:
            if signal.getsignal(signum) == signal.SIG_IGN:
                continue
            signal.signal(signum, _handler)
        except (OSError, ValueError):  # not the main thread
            return
        _handled.append(signum)
    if _handled and hasattr(os, "register_at_fork"):
        os.register_at_fork(after_in_child=_in_child)
    if _handled and sys.unraisablehook is not _unraisable:
        global _unraisable_before
        _unraisable_before = sys.unraisablehook
        sys.unraisablehook = _unraisable


#: The hook :func:`_unraisable` passes other exceptions on to.
_unraisable_before = sys.unraisablehook


def raise_cause(exc: BaseException) -> None:
    """Raise the :class:`Interrupted` among ``exc``'s causes and contexts, if one is: a signal
    that came inside code which wrapped it in another error (Python 3.11 wraps one raised in
    ``__set_name__`` in a RuntimeError) still ends the run as an interrupt."""
    seen: set[int] = set()  # by id: an exception class may define __eq__ and leave itself unhashable
    at: BaseException | None = exc
    while at is not None and id(at) not in seen:
        if isinstance(at, Interrupted):
            raise at
        seen.add(id(at))
        at = at.__cause__ or at.__context__


def _unraisable(args: object) -> None:
    """A signal that came while Python ran a callback it cannot raise from (a weak
    reference's, an import lock's: "Exception ignored in ...", a traceback, and the run went
    on) ends the run at once, as a second one does (:func:`leave_now`: temp files removed,
    workers ended, the one line). Raising it again from here would land in this hook."""
    exc = getattr(args, "exc_value", None)
    if isinstance(exc, Interrupted):
        leave_now()
        return
    _unraisable_before(args)  # type: ignore[arg-type]


def _in_child() -> None:
    """Right after a fork, in the child (a worker): SIGINT ignored, SIGTERM and SIGHUP as the system does."""
    for signum in _handled:
        signal.signal(signum, signal.SIG_IGN if signum == signal.SIGINT else signal.SIG_DFL)
    _handled.clear()


def _handler(signum: int, frame: FrameType | None) -> None:
    global _received
    if _received:
        leave_now()
    _received = signum
    raise Interrupted(signum)


def ignore_further() -> None:
    """Ignore SIGINT, SIGTERM and SIGHUP from now on: the run is over and exits (the
    interpreter's own shutdown would otherwise let a late Ctrl-C kill it by the signal)."""
    for name in _SIGNALS:
        signum = getattr(signal, name, None)
        if signum is not None:
            try:
                signal.signal(signum, signal.SIG_IGN)
            except (OSError, ValueError):
                pass


def quit_at_prompt(exc: BaseException) -> bool:
    """For click's ``Abort`` at a prompt: True when it came from Ctrl-C or the end of input,
    which an interactive command may take as "quit" (the Ctrl-C is then forgotten, so a
    later one is a first one again); False for SIGTERM and SIGHUP, which end the run."""
    global _received
    signum = _signum(exc)
    if signum and signum != signal.SIGINT:
        return False
    _received = 0
    return True


def exit_code(exc: BaseException | None = None) -> int:
    """128 + the signal that stopped the run (130 for Ctrl-C, also when ``exc`` is not a signal)."""
    signum = _signum(exc) or _received or signal.SIGINT
    return 128 + int(signum)


def _signum(exc: BaseException | None) -> int:
    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, Interrupted):
            return exc.signum
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return 0


def tell(exc: BaseException | None = None) -> None:
    """Print ``bridgecli: interrupted`` (naming SIGTERM or SIGHUP) on stderr, once."""
    global _told
    if _told:
        return
    _told = True
    signum = _signum(exc) or _received or signal.SIGINT
    text = "bridgecli: interrupted"
    if signum != signal.SIGINT:
        text += f" ({signal.Signals(signum).name})"
    try:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # the terminal went away (SIGHUP)
        pass


def leave_now(code: int | None = None) -> None:
    """End the process at once: remove the temp files of open AtomicOutput blocks, kill worker processes,
    say so, ``os._exit``.

    For a second signal, and for a first one while a native call (DDS) still
    runs in another thread, which a normal interpreter exit could crash on.
    """
    output = sys.modules.get("bridgecli.output")  # AtomicOutput's temp files, if it was ever loaded
    for path in list(getattr(output, "TEMP_FILES", ())):
        try:
            os.unlink(path)
        except OSError:
            pass
    workers = sys.modules.get("bridgecli.dealer.workers")  # deal --jobs forks its workers itself
    if workers is not None:
        workers.kill_workers()
    mp = sys.modules.get("multiprocessing")
    if mp is not None:
        # worker processes would go on, then fail to hand results to a parent that is gone
        for child in mp.active_children():
            try:
                child.kill()
            except (OSError, AttributeError):
                pass
    tell()  # stdout is not flushed: its reader may be stuck, and the run is cut short anyway
    os._exit(exit_code() if code is None else code)
