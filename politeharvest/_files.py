"""One way to write a file atomically.

A temporary file beside it, fsync, rename, fsync the folder: a reader sees the old file or
the whole new one, never a part, even after a crash.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

__all__ = ["atomic_write", "fsync_dir"]


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


def atomic_write(path: str | Path, data: bytes | Iterable[bytes | str]) -> Path:
    """Write `data` (bytes, or chunks of bytes or text) to `path` atomically; return it."""
    target = Path(path)
    folder = target.resolve().parent
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=folder)
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
