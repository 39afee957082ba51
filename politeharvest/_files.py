"""One way to write a file atomically, and the folders such files are written into.

A temporary file beside it, fsync, rename, fsync the folder: a reader sees the old file or
the whole new one, never a part, even after a crash. A crash (SIGKILL, power) can leave
the temporary file: `claim_folder` removes such leftovers when a run starts, and
`check_writable` tells before the first request that a folder cannot take files.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from .exceptions import StorageError

__all__ = [
    "FolderClaim",
    "atomic_write",
    "check_writable",
    "claim_folder",
    "fsync_dir",
    "temp_beside",
]

#: The names of temporary files this library writes (a PDF download, an atomic write).
TEMP_PATTERNS = (".part-*", ".*.part")


def fsync_dir(directory: str | Path) -> None:
    """Make a rename in `directory` durable (no-op where folders cannot be opened)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _umask() -> int:
    """The process's umask (read from /proc where it can be, without changing it)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)  # elsewhere: read it by setting it, and put it back at once
    os.umask(mask)
    return mask


def temp_beside(folder: str | Path, *, prefix: str, suffix: str = "") -> tuple[int, str]:
    """A temporary file in `folder`, open for writing, with the mode a new file would get.

    `tempfile.mkstemp` makes files only their owner can read (0600); a file renamed into
    place from it would keep that. This one gets 0666 less the umask, as `open` gives.
    """
    handle, name = tempfile.mkstemp(prefix=prefix, suffix=suffix, dir=folder)
    with contextlib.suppress(OSError):  # file systems without modes keep theirs
        os.fchmod(handle, 0o666 & ~_umask())
    return handle, name


def atomic_write(path: str | Path, data: bytes | Iterable[bytes | str]) -> Path:
    """Write `data` (bytes, or chunks of bytes or text) to `path` atomically; return it."""
    target = Path(path)
    folder = target.resolve().parent
    handle, temp = temp_beside(folder, prefix=f".{target.name}.", suffix=".part")
    try:
        with os.fdopen(handle, "wb") as out:
            for chunk in [data] if isinstance(data, bytes) else data:
                out.write(chunk.encode("utf-8") if isinstance(chunk, str) else chunk)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    fsync_dir(folder)
    return target


def check_writable(
    folder: str | Path, *, option: str, holds: str = "a writable folder", leave: bool = True
) -> None:
    """Create `folder` if needed and write (then remove) a file in it: no request is wasted.

    `leave`: keep the folders made for the check (False: remove them again, for a check
    before the first request, so that a run that fails then leaves no empty folder; what
    writes there later makes them again).

    Raises:
        StorageError: the folder cannot be created or written (named with `option`; the
            remedy offers `holds`).
    """
    target = Path(folder)
    made = [p for p in (target, *target.parents) if not p.exists()]
    try:
        target.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(prefix=".part-probe-", dir=target)
        os.close(handle)
        os.unlink(probe)
    except OSError as exc:
        raise _folder_error(target, exc, option, holds) from exc
    finally:
        for path in made if not leave else ():  # the deepest first
            try:
                path.rmdir()
            except OSError:
                break


def _folder_error(folder: Path, exc: OSError, option: str, holds: str) -> StorageError:
    blocking = next((p for p in (folder, *folder.parents) if p.exists()), folder)
    if exc.errno in (errno.ENOTDIR, errno.EEXIST) or not blocking.is_dir():
        return StorageError(
            str(blocking),
            "is a file, not a folder",
            f"give {option} {holds}" if blocking == folder else f"give {option} another path",
        )
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return StorageError(
            str(folder),
            "the disk is full",
            f"free space, or give {option} a folder on another disk",
        )
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return StorageError(
            str(folder),
            f"cannot be written ({exc.strerror})",
            f"make it writable, or give {option} {holds}",
        )
    return StorageError(str(folder), f"cannot be used ({exc.strerror})", f"check {option}")


class FolderClaim:
    """A run's hold on a folder it writes files into (a shared ``flock`` on the folder).

    Created by `claim_folder`; `release` (or closing the process) gives it back.

    Attributes:
        folder: the folder.
        removed: the leftover temporary files removed when it was claimed.
    """

    def __init__(self, folder: Path, fd: int, removed: list[str]) -> None:
        self.folder = folder
        self.removed = removed
        self._fd: int | None = fd

    def release(self) -> None:
        """Give the folder back."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def claim_folder(folder: str | Path, *, now: float, stale_after: float) -> FolderClaim:
    """Hold `folder` for a run and remove the temporary files crashed runs left in it.

    When no other run holds the folder, every leftover temporary file is removed: nobody
    is writing one. When another run does, only those untouched for `stale_after`
    seconds (the longest a file may take to arrive) before `now` (wall clock) are.
    """
    target = Path(folder)
    fd = os.open(target, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        alone = True
    except BlockingIOError:
        alone = False
    removed: list[str] = []
    cutoff = now - stale_after  # `now` is the wall clock: file times are wall clock
    for pattern in TEMP_PATTERNS:
        for leftover in target.rglob(pattern):  # the folder and its own (html/)
            try:
                if leftover.is_file() and (alone or leftover.stat().st_mtime < cutoff):
                    leftover.unlink()
                    removed.append(leftover.name)
            except OSError:
                continue  # gone already, or not ours to remove: left as it is
    fcntl.flock(fd, fcntl.LOCK_SH)  # other runs may share the folder from now on
    return FolderClaim(target, fd, removed)
