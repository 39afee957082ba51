"""One way to write a file atomically.

A temporary file beside it, fsync, rename, fsync the folder: a reader sees the old file or
the whole new one, never a part, even after a crash.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

__all__ = ["atomic_write", "fsync_dir", "temp_beside"]


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
