"""SQLite plumbing shared by the state store, the pace store and the SQLite sink."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal

__all__ = ["connect", "transaction"]


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
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
