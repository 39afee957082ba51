"""SQLite plumbing shared by the state store, the pace store and the SQLite sink.

Also what SQLite's and the file system's errors mean for a state file: `inspect_file`
tells a new, an empty and a damaged file apart before SQLite opens it (SQLite takes an
empty file for a new database), and `storage_error` turns an error into a typed one that
names the file and what to do.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Literal

from .exceptions import StateCorrupt, StorageError

__all__ = ["FileState", "connect", "inspect_file", "storage_error", "transaction"]

#: What `inspect_file` found: no file, an empty one, or one that looks like SQLite.
FileState = Literal["new", "empty", "sqlite"]

_MAGIC = b"SQLite format 3\x00"

#: How to start again without delivering a record twice (for a state that cannot be used).
START_OVER = (
    "restore it from a backup, or harvest again from the start into a new file "
    "(--state NEW.sqlite --full --out NEW.jsonl) so no record is delivered twice"
)


def inspect_file(path: str | Path) -> FileState:
    """What is at `path`, before SQLite opens it (no change made).

    Raises:
        StorageError: a folder where the file should be, or a file that cannot be read.
        StateCorrupt: a file that is not an SQLite database (overwritten, cut inside its
            header) or is shorter than its header says (cut short).
    """
    target = str(path)
    if target == ":memory:":
        return "new"
    if os.path.isdir(target):
        raise StorageError(
            target, "is a folder, not a state file", "give --state a file path (FILE.sqlite)"
        )
    try:
        with open(target, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            header = handle.read(100)
    except FileNotFoundError:
        return "new"
    except OSError as exc:
        raise storage_error(exc, target) from exc
    if size == 0:
        return "empty"
    if len(header) < 100 or not header.startswith(_MAGIC):
        raise StateCorrupt(target, "is not a state file (not an SQLite database)", START_OVER)
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    counted = header[24:28] == header[92:96]  # the page count is valid (SQLite 3.7.0+)
    if counted and pages and size < pages * page_size and not _healthy(target):
        raise StateCorrupt(
            target,
            f"is cut short ({size} bytes of {pages * page_size}: a failed copy or a full disk?)",
            START_OVER,
        )
    return "sqlite"


def _healthy(path: str) -> bool:
    """SQLite's own quick check (a live checkpoint may extend the file a moment late)."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30.0)
        try:
            row = db.execute("PRAGMA quick_check(1)").fetchone()
        finally:
            db.close()
    except sqlite3.Error:
        return False
    return bool(row) and row[0] == "ok"


def storage_error(
    exc: BaseException, path: str | Path, *, what: str = "state", option: str = "--state"
) -> StorageError:
    """A typed error for an SQLite or file-system error on `path`: the cause and the remedy.

    Args:
        exc: the error.
        path: the file or folder it happened to.
        what: what the file is, for the message (``"state"``, ``"output"``).
        option: the command-line option that chooses the path, for the remedy.
    """
    target = str(path)
    text = str(exc).lower()
    code = exc.errno if isinstance(exc, OSError) else None
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return StateCorrupt(target, f"is not a usable {what} file ({exc})", START_OVER)
    if code == errno.ENOSPC or "disk is full" in text or code == errno.EDQUOT:
        return StorageError(
            target,
            "the disk is full",
            "free space on it and run the same command (what was written is kept), or "
            f"give {option} a path on another disk",
        )
    if code in (errno.EROFS, errno.EACCES, errno.EPERM) or "readonly" in text:
        return StorageError(
            target,
            "cannot be written (a read-only file, folder or disk)",
            f"make it writable, or give {option} a writable path",
        )
    if code == errno.EISDIR or os.path.isdir(target):
        return StorageError(target, "is a folder, not a file", f"give {option} a file path")
    if "locked" in text or "busy" in text:
        return StorageError(
            target,
            "stayed locked by another process for 30 s",
            "run again when the other harvest has finished",
        )
    if "unable to open" in text:
        folder = os.path.dirname(os.path.abspath(target))
        why = "its folder cannot be written" if not os.access(folder, os.W_OK) else str(exc)
        return StorageError(
            target, f"cannot be opened ({why})", f"give {option} a path in a writable folder"
        )
    reason = getattr(exc, "strerror", None) or str(exc)
    return StorageError(target, f"cannot be used ({reason})", f"check the path given to {option}")


def connect(
    path: str | Path, *, synchronous: Literal["FULL", "NORMAL"] = "FULL"
) -> sqlite3.Connection:
    """Open (creating its folder) an SQLite file in WAL mode, for use from several threads.

    Statements run in autocommit mode; group them with `transaction`. `FULL` makes a
    committed transaction survive a power cut (checkpoints, records); `NORMAL` is
    enough for state that may be lost (pacing).
    """
    target = str(path)
    if target != ":memory:":
        Path(target).parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(target, timeout=30.0, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(f"PRAGMA synchronous={synchronous}")
    return db


@contextmanager
def transaction(
    db: sqlite3.Connection, lock: threading.Lock | threading.RLock
) -> Iterator[sqlite3.Connection]:
    """One write transaction (``BEGIN IMMEDIATE``), serialised with the connection's lock."""
    with lock:
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            with suppress(sqlite3.Error):  # SQLite may have rolled back already (a full disk)
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
