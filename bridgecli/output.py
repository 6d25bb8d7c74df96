"""The ``-o`` target of every command: output written atomically, or directly where it must be.

:class:`AtomicOutput` (:func:`bridgecli.write` writes through it too): a regular file
replaced atomically (temp file beside it, then rename; mode kept), a device, FIFO or socket
written directly, a symlink's target replaced and the link kept. Reading FILE or stdin is
:mod:`bridgecli.formats.inputs`.

Importing this module costs only the standard library, so that every command may import it
at start.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable
from types import TracebackType
from typing import IO, Any

#: Temp files of :class:`AtomicOutput` blocks still open (the CLI's signal handling
#: removes them when it must end the process at once).
TEMP_FILES: set[str] = set()


class AtomicOutput:
    """Context manager for an output target: where the output goes, and when.

    * ``None``: stdout.
    * A regular file or a new path: a temp file beside it, renamed over it when
      the block ends normally, removed otherwise (an exception, an interrupt):
      a failed run never replaces the target, and the target may be the input
      file. The file keeps its permission bits (and, where allowed, owner) but
      set-user-ID, and set-group-ID where the group may execute it, which a
      write clears; a new one gets 0666 less the umask.
    * A symlink: the same for the file it points to (created if missing); the
      link stays.
    * A character or block device (``/dev/null``), FIFO or Unix socket: opened
      and written directly, as the shell's ``>`` would; never replaced or
      removed. Output written before a failure has then gone out already.

    Text is written as UTF-8 with ``\\n`` line ends; ``binary=True`` gives a
    byte stream. Entering raises OSError (naming the path asked for, not the
    temp file) when the target cannot be written, also for a directory, a name
    ending in ``/`` and an empty name. A write or the final flush that fails (a
    full disk) raises OSError naming the path too, and the temp file is removed.

    Example::

        with AtomicOutput("record.pbn") as fp:
            fp.write(text)
    """

    def __init__(self, path: str | os.PathLike[str] | None, *, binary: bool = False) -> None:
        self.path = None if path is None else os.fspath(path)
        """The target; None for stdout."""
        self.binary = binary
        """Bytes rather than text."""
        self._tmp: str | None = None
        self._target: str | None = None
        self._fp: IO[Any] | None = None
        self._raised: list[OSError] = []

    def _error(self, exc: OSError) -> Exception:
        """The exception for a target that cannot be written (the CLI words it as one line)."""
        return type(exc)(exc.errno, exc.strerror or str(exc), self.path)

    def _succeeded(self, exc_type: type[BaseException] | None, exc: BaseException | None) -> bool:
        """Whether a block that ended so has its output kept (the target replaced)."""
        return exc_type is None

    def __enter__(self) -> IO[Any]:
        if self.path is None:
            self._fp = sys.stdout.buffer if self.binary else sys.stdout
            return self._fp
        import errno
        import stat

        if not self.path:  # realpath("") is the working folder: the temp file would go into its parent
            raise self._error(FileNotFoundError(errno.ENOENT, "No such file or directory"))
        if self.path.endswith(("/", os.sep)):  # a folder's name, existing or not (as the shell's > says)
            raise self._error(IsADirectoryError(errno.EISDIR, "Is a directory"))

        try:
            st: os.stat_result | None = os.stat(self.path)  # through symlinks
        except FileNotFoundError:
            st = None  # a new file, or a dangling symlink: its target is created
        except OSError as exc:
            raise self._error(exc) from exc
        target = os.path.realpath(self.path)
        if st is not None and stat.S_ISDIR(st.st_mode):
            raise self._error(IsADirectoryError(21, "is a directory"))
        fd = _fd_path(self.path)
        if st is not None and (fd is not None or not stat.S_ISREG(st.st_mode) or target.startswith("/proc/")):
            # a device, FIFO or socket (or /dev/stdout and the like): write to it directly
            try:
                self._fp = self._open_direct(stat.S_ISSOCK(st.st_mode), fd)
            except OSError as exc:
                raise self._error(exc) from exc
            return self._fp
        self._target = target
        fd, tmp = self._create_temp(os.path.dirname(target))
        try:
            self._fp = self._wrap(fd)
        except BaseException:  # (an interrupt before the block is entered: no __exit__ to clean up)
            os.close(fd)
            _unlink(tmp)
            TEMP_FILES.discard(tmp)
            raise
        return self._fp

    def _create_temp(self, folder: str) -> tuple[int, str]:
        """Create the temp file beside the target (mode 0600, a name no other file has): its
        descriptor and name. The name is in :data:`TEMP_FILES` before the file exists, so
        that a signal at any moment finds it there (``tempfile.mkstemp`` would hold the name
        to itself until it returns)."""
        while True:
            name = os.path.join(folder, ".bridgecli-" + os.urandom(6).hex())
            self._tmp = name
            TEMP_FILES.add(name)
            try:
                return os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600), name
            except FileExistsError:
                TEMP_FILES.discard(name)
            except OSError as exc:
                TEMP_FILES.discard(name)
                raise self._error(exc) from exc
            except BaseException:
                _unlink(name)  # (an interrupt as the file was made)
                TEMP_FILES.discard(name)
                raise

    def _wrap(self, fd: int) -> IO[Any]:
        """A file object writing to ``fd`` (which it owns): text or binary, buffered, its failed writes
        naming :attr:`path` (a full disk, an I/O error), not the temp file or nothing."""
        raw = _OutputFile(fd, self._write_failed)
        buffered = io.BufferedWriter(raw)
        if self.binary:
            return buffered
        return io.TextIOWrapper(buffered, encoding="utf-8", newline="")

    def _write_failed(self, exc: OSError) -> OSError:
        """The error for a failed write to the target: ``exc`` naming :attr:`path`, remembered so
        that :meth:`__exit__` can word it as a failure of the output (:meth:`_error`)."""
        named = type(exc)(exc.errno, exc.strerror or str(exc), self.path)
        self._raised.append(named)
        return named

    def _open_direct(self, socket_path: bool, fd: int | None) -> IO[Any]:
        assert self.path is not None
        if fd is not None:
            # /dev/stdout, /dev/fd/N: the open descriptor itself, keeping its offset and append mode
            raw: IO[Any] = os.fdopen(os.dup(fd), "wb")
        elif socket_path:
            import socket

            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.connect(self.path)
            except OSError:
                sock.close()
                raise
            raw = sock.makefile("wb")
            sock.close()  # the file object keeps the connection open
        else:
            # no O_CREAT: a device that vanished meanwhile is an error, not a new regular file
            return self._wrap(os.open(self.path, os.O_WRONLY | getattr(os, "O_NOCTTY", 0)))
        if self.binary:
            return raw
        return io.TextIOWrapper(raw, encoding="utf-8", newline="")

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self.path is None:
            if self._fp is not None:
                try:
                    self._fp.flush()
                except BrokenPipeError:
                    pass
            return
        assert self._fp is not None
        if self._tmp is None:
            # written directly: nothing to rename or remove
            try:
                self._fp.close()
            except BrokenPipeError:
                if exc_type is None:
                    raise
            except OSError as err:
                if exc_type is None:
                    raise self._error(err) from None
            self._raise_named(exc)
            return
        tmp, target = self._tmp, self._target
        assert target is not None
        succeeded = self._succeeded(exc_type, exc)
        replaced = False
        try:
            try:
                self._fp.close()
            except OSError as err:
                if succeeded:  # a full disk, found when the last of the output is written
                    raise self._error(err) from None
            if succeeded:
                _copy_mode(target, tmp)
                try:
                    os.replace(tmp, target)
                except OSError as err:
                    raise self._error(err) from None
                replaced = True
        finally:
            # a failed run, a failed close or rename, or an interrupt right now: keep the old target
            if not replaced:
                _unlink(tmp)
            TEMP_FILES.discard(tmp)
        self._raise_named(exc)

    def _raise_named(self, exc: BaseException | None) -> None:
        """Word a failed write of the block's output (:meth:`_write_failed`) as :meth:`_error` does."""
        for raised in self._raised:
            if exc is raised and not isinstance(raised, BrokenPipeError):
                raise self._error(raised) from raised


#: The system's write under :class:`_OutputFile` (the tests put a full disk in its place).
_raw_write = io.FileIO.write


class _OutputFile(io.FileIO):
    """The raw file under an :class:`AtomicOutput`'s stream: a write that fails raises what
    ``failed`` makes of the error (the same error naming the output)."""

    def __init__(self, fd: int, failed: Callable[[OSError], OSError]) -> None:
        super().__init__(fd, "wb")
        self._failed = failed

    def write(self, data: Any, /) -> int:
        try:
            return _raw_write(self, data)
        except BlockingIOError:
            raise  # the buffer above deals with it
        except OSError as exc:
            raise self._failed(exc) from None


def _fd_path(path: str) -> int | None:
    """The descriptor named by ``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N`` or ``/proc/self/fd/N``, else None."""
    for prefix in ("/dev/fd/", "/proc/self/fd/"):
        if path.startswith(prefix) and path[len(prefix):].isdigit() and path[len(prefix):].isascii():
            return int(path[len(prefix):])
    return {"/dev/stdout": 1, "/dev/stderr": 2}.get(path)


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _copy_mode(target: str, tmp: str) -> None:
    """Give ``tmp`` the permission bits (and owner, where allowed) of ``target``, or for a
    new file 0666 less the umask (mkstemp made it 0600)."""
    try:
        st = os.stat(target)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        return
    if hasattr(os, "chown") and (st.st_uid, st.st_gid) != (os.getuid(), os.getgid()):
        try:
            os.chown(tmp, st.st_uid, st.st_gid)
        except OSError:
            pass  # not root: the file becomes ours, as with any editor's save
    os.chmod(tmp, _kept_mode(st.st_mode))


def _kept_mode(mode: int) -> int:
    """The permission bits new content keeps of a file's ``mode``: all but set-user-ID, and
    set-group-ID where the group may execute it, which the kernel clears when a file is written
    (without it, set-group-ID marks mandatory locking, and stays)."""
    import stat

    kept = mode & 0o7777 & ~stat.S_ISUID
    if kept & stat.S_IXGRP:
        kept &= ~stat.S_ISGID
    return kept
