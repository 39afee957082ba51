"""Where harvested records go: a JSONL file, a callback, or an SQLite table.

A sink writes one page at a time and makes it durable before returning, so
the plan can checkpoint after it. `position` is what the checkpoint stores:
after a crash the plan rewinds the sink to the last checkpoint's position
(a JSONL file is truncated back to it) and fetches the page again, so no
record is lost and none is written twice.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ._sqlite import connect, transaction
from .exceptions import SinkError

__all__ = ["CallbackSink", "JsonlSink", "SQLiteSink", "Sink", "open_sink"]

Row = Mapping[str, Any]


@runtime_checkable
class Sink(Protocol):
    """A destination for harvested records, written one page at a time."""

    def position(self) -> int:
        """How far the sink is durably written (bytes for files; 0 where idempotent)."""
        ...

    def rewind(self, position: int) -> None:
        """Drop whatever was written after `position` (after a crash)."""
        ...

    def write_page(self, rows: Sequence[Row]) -> int:
        """Write one page's records durably; return the new position."""
        ...

    def close(self) -> None:
        """Release the destination."""
        ...


class JsonlSink:
    """One JSON object per line, appended a page at a time, fsynced.

    Args:
        path: the file (its folder is created), or ``"-"`` for standard output
            (no rewind possible there: a crash may repeat the last page).

    Raises:
        SinkError: the file cannot be opened for appending.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        if self.path == "-":
            self._fd = sys.stdout.fileno()
            return
        try:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        except OSError as exc:
            raise SinkError(
                f"cannot write records to {self.path}: {exc.strerror}; choose a writable --out path"
            ) from exc

    def position(self) -> int:
        """The file's size (durable: every page is fsynced)."""
        if self.path == "-":
            return 0
        return os.fstat(self._fd).st_size

    def rewind(self, position: int) -> None:
        """Truncate the file to `position`, dropping a page written after the last checkpoint."""
        if self.path == "-":
            return
        with self._lock:
            if os.fstat(self._fd).st_size > position:
                os.ftruncate(self._fd, position)
                os.fsync(self._fd)

    def write_page(self, rows: Sequence[Row]) -> int:
        """Append the page as one write, then fsync."""
        data = "".join(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n" for row in rows)
        payload = data.encode("utf-8")
        with self._lock:
            view = memoryview(payload)
            while view:
                written = os.write(self._fd, view)
                view = view[written:]
            if self.path == "-":
                return 0
            os.fsync(self._fd)
            return os.fstat(self._fd).st_size

    def close(self) -> None:
        """Close the file."""
        if self.path != "-":
            os.close(self._fd)


class CallbackSink:
    """Hands each page's records to a callable (at least once: a crash may repeat a page).

    Args:
        callback: called with the list of record dicts of one page.
    """

    def __init__(self, callback: Callable[[list[Row]], object]) -> None:
        self.callback = callback

    def position(self) -> int:
        """Always 0: a callback cannot be rewound."""
        return 0

    def rewind(self, position: int) -> None:
        """Nothing to rewind."""

    def write_page(self, rows: Sequence[Row]) -> int:
        """Call the callback with the page."""
        self.callback(list(rows))
        return 0

    def close(self) -> None:
        """Nothing to close."""


class SQLiteSink:
    """An SQLite table of records keyed by identifier, keeping the newest datestamp.

    Writing a page twice changes nothing, so no rewind is needed.
    """

    def __init__(self, path: str | Path, table: str = "records") -> None:
        if not table.isidentifier():
            raise ValueError(f"table name {table!r} is not an identifier")
        self.path, self.table = str(path), table
        self._db = connect(self.path, synchronous="FULL")
        self._db.execute(
            f"CREATE TABLE IF NOT EXISTS {table} (identifier TEXT PRIMARY KEY, "
            "datestamp TEXT NOT NULL, deleted INTEGER NOT NULL, record TEXT NOT NULL)"
        )
        self._lock = threading.Lock()

    def position(self) -> int:
        """Always 0: writes are idempotent."""
        return 0

    def rewind(self, position: int) -> None:
        """Nothing to rewind."""

    def write_page(self, rows: Sequence[Row]) -> int:
        """Upsert the page in one transaction, keeping each identifier's newest datestamp."""
        with transaction(self._db, self._lock) as db:
            db.executemany(
                f"INSERT INTO {self.table} VALUES (?, ?, ?, ?) ON CONFLICT (identifier) DO "
                "UPDATE SET datestamp = excluded.datestamp, deleted = excluded.deleted, "
                f"record = excluded.record WHERE excluded.datestamp >= {self.table}.datestamp",
                [
                    (
                        r["identifier"],
                        r["datestamp"],
                        int(bool(r["deleted"])),
                        json.dumps(r, ensure_ascii=False, sort_keys=True),
                    )
                    for r in rows
                ],
            )
        return 0

    def rows(self) -> list[dict[str, Any]]:
        """Every stored record."""
        with self._lock:
            return [json.loads(r) for (r,) in self._db.execute(f"SELECT record FROM {self.table}")]

    def close(self) -> None:
        """Close the database."""
        self._db.close()


def open_sink(target: Sink | str | Path | Callable[[list[Row]], object]) -> Sink:
    """Return a sink for `target`.

    A path gives JSONL (``.jsonl``, or ``"-"`` for stdout) or SQLite (``.sqlite``,
    ``.db``); a callable gives a CallbackSink; a Sink is returned as is.
    """
    if isinstance(target, (str, Path)):
        suffix = Path(str(target)).suffix.lower()
        if suffix in (".sqlite", ".sqlite3", ".db"):
            return SQLiteSink(target)
        return JsonlSink(target)
    if isinstance(target, Sink):
        return target
    if callable(target):
        return CallbackSink(target)
    raise TypeError(f"not a sink: {target!r}")
