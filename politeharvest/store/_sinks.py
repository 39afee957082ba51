"""Where harvested records go: a JSONL file, a callback, or an SQLite table.

A sink writes one page at a time and makes it durable before returning, so the
plan can checkpoint after it. A file sink owns only the bytes it wrote:

- before a page is written, the plan records a `PendingWrite` (the file's
  identity, where the page starts, the page's bytes) in its state;
- after the write, the sink returns a `SinkMark` (the file's identity, its size
  and a fingerprint of the last line written), which the checkpoint keeps;
- after a crash between the write and the checkpoint, the plan cuts the page
  off again only if the file is the same file and still ends with (a prefix of)
  exactly those bytes (`pending_action`); a resumed listing continues only if
  the file it wrote still ends the way the checkpoint left it (`mark_problem`).

So no byte that someone else wrote, in this file or any other, is ever changed.
"""

from __future__ import annotations

import base64
import errno
import fcntl
import hashlib
import json
import os
import select
import sqlite3
import stat
import sys
import termios
import threading
import zlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import attrs
import lz4.block
import msgspec

from politeharvest._reprs import value_repr
from politeharvest._rows import is_file_update
from politeharvest._sqlite import connect, storage_error, transaction
from politeharvest.exceptions import OutputLocked, SinkError

__all__ = [
    "ENCODER",
    "CallbackSink",
    "EncodedRows",
    "FileView",
    "JsonlSink",
    "PendingWrite",
    "SQLiteSink",
    "Sink",
    "SinkMark",
    "count_rows",
    "encode_rows",
    "field",
    "mark_problem",
    "pending_action",
    "probe_lock",
    "rows_of",
    "view_file",
]

Row = Mapping[str, Any]

#: The rows' value encoder: compact, object keys sorted, strings escaped as the standard
#: library's ``ensure_ascii=False`` escapes them.
ENCODER = msgspec.json.Encoder(order="sorted")
_encode = ENCODER.encode
_FIELDS: dict[str, bytes] = {}
#: A row's keys in their order to its fields sorted, each with its encoded ``"name": ``.
_SHAPES: dict[tuple[str, ...], tuple[tuple[str, bytes], ...]] = {}


def _field(name: str) -> bytes:
    known = _FIELDS.get(name)
    if known is None:
        known = _FIELDS[name] = _encode(name) + b": "
    return known


def field(name: str) -> bytes:
    """A row's field name as `encode_rows` writes it before the value: ``"name": ``."""
    return _field(name)


class EncodedRows(Sequence[Row]):
    """A page's rows with their JSON lines already written: `encode_rows` gives `lines`.

    They read as rows (a sequence of mappings); a JSON-lines sink needs only the bytes,
    which a subclass writes when it is made, straight from what the rows are made of (the
    plan's record rows, from their records), so the sink calls nothing of the layer above
    it. `lines` must be exactly what `encode_rows` writes for the same rows, and the last
    line (tests/plan/test_record_lines.py compares).
    """

    lines: tuple[bytes, bytes] = (b"", b"")


def encode_rows(rows: Sequence[Row]) -> tuple[bytes, bytes]:
    """A page's rows as JSON lines (UTF-8), and its last line; both b"" for no rows.

    A row's fields are sorted and written ``"name": value, `` as the standard library
    writes them (``"endpoint": "..."`` is what `count_rows` looks for); each value is
    encoded by msgspec, compact, its object keys sorted, its strings escaped exactly as
    ``json.dumps(..., ensure_ascii=False)`` escapes them. `EncodedRows` write themselves.
    """
    if isinstance(rows, EncodedRows):
        return rows.lines
    if not rows:
        return b"", b""
    shapes = _SHAPES
    encode = _encode
    lines = []
    for row in rows:
        keys = tuple(row)
        shape = shapes.get(keys)
        if shape is None:
            shape = tuple((name, _field(name)) for name in sorted(keys))
            if len(shapes) < 256:  # rows of a harvest have a few shapes; a bound all the same
                shapes[keys] = shape
        lines.append(
            b"{" + b", ".join([field + encode(row[name]) for name, field in shape]) + b"}\n"
        )
    return b"".join(lines), lines[-1]


@attrs.frozen(repr=False)
class SinkMark:
    """Where a plan left a file it wrote: the file's identity and how it ended.

    Attributes:
        path: the file's resolved path.
        device: its device number (with `inode`, the file's identity: a file deleted
            and created again under the same name is another file).
        inode: its inode number.
        size: its size after the plan's last write.
        tail_len: the length of the last line the plan wrote (its newline included).
        tail_sha256: that line's SHA-256.
    """

    __repr__ = value_repr

    path: str
    device: int
    inode: int
    size: int
    tail_len: int
    tail_sha256: str

    def to_json(self) -> str:
        """Serialize for a checkpoint."""
        return json.dumps(attrs.asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> SinkMark:
        """Rebuild from `to_json`."""
        return cls(**json.loads(text))


@attrs.frozen(repr=False)
class PendingWrite:
    """A page about to be appended to a file: what to cut off if the process dies.

    Attributes:
        path: the file's resolved path.
        device: its device number.
        inode: its inode number.
        start: the file's size before the write (where the page begins).
        data: the page's bytes.
    """

    __repr__ = value_repr

    path: str
    device: int
    inode: int
    start: int
    data: bytes = attrs.field(repr=lambda d: f"<{len(d)} bytes>")

    def to_json(self) -> str:
        """Serialize (the page compressed: LZ4, or zlib past LZ4's size limit) for the state."""
        if len(self.data) <= LZ4_LIMIT:
            codec, packed = "lz4", lz4.block.compress(self.data)
        else:
            codec, packed = "zlib", zlib.compress(self.data, 1)
        fields = {"path": self.path, "device": self.device, "inode": self.inode}
        head = json.dumps({**fields, "start": self.start, "codec": codec}, sort_keys=True)
        # base64 needs no escaping: written as it is, not scanned by the encoder
        return f'{head[:-1]}, "data": "{base64.b64encode(packed).decode("ascii")}"}}'

    @classmethod
    def from_json(cls, text: str) -> PendingWrite:
        """Rebuild from `to_json` (a note without a codec, written before LZ4, is zlib's)."""
        raw = json.loads(text)
        packed = base64.b64decode(raw["data"])
        if raw.get("codec", "zlib") == "lz4":
            data = lz4.block.decompress(packed)
        else:
            data = zlib.decompress(packed)
        return cls(raw["path"], int(raw["device"]), int(raw["inode"]), int(raw["start"]), data)


#: The largest page `PendingWrite` compresses with LZ4 (its block format takes under 2 GiB).
LZ4_LIMIT = 1 << 30


@attrs.frozen(repr=False)
class FileView:
    """What is on disk now at a path: identity, size, and the bytes of one region."""

    __repr__ = value_repr

    exists: bool
    device: int = 0
    inode: int = 0
    size: int = 0
    offset: int = 0
    region: bytes = b""


def view_file(path: str, offset: int, length: int) -> FileView:
    """Look at a file: its identity and size, and up to `length` bytes from `offset`."""
    try:
        with open(path, "rb") as handle:
            info = os.fstat(handle.fileno())
            handle.seek(max(0, offset))
            region = handle.read(max(0, length))
    except (FileNotFoundError, NotADirectoryError):
        return FileView(False)
    return FileView(True, info.st_dev, info.st_ino, info.st_size, max(0, offset), region)


def mark_problem(mark: SinkMark, view: FileView) -> str | None:
    """Why the file no longer ends as `mark` left it, or None when it does.

    `view` must show the region ``[mark.size - mark.tail_len, mark.size)``. Lines
    appended after the mark by someone else are allowed (nothing the plan wrote is
    lost); anything else (deleted, replaced, truncated, edited) is a problem.
    """
    if not view.exists:
        return "is gone"
    if (view.device, view.inode) != (mark.device, mark.inode):
        return "was replaced by another file"
    if view.size < mark.size:
        return f"was cut short ({view.size} bytes; the harvest had written {mark.size})"
    if hashlib.sha256(view.region).hexdigest() != mark.tail_sha256:
        return "was changed (its last harvested line is not what the harvest wrote)"
    return None


def pending_action(pending: PendingWrite, view: FileView) -> int | str | None:
    """What to do about a page written before a crash, without a checkpoint.

    `view` must show the file from ``pending.start``.

    Returns:
        the size to truncate the file back to (the file ends with the page's bytes,
        or a prefix of them: ours alone); None when there is nothing to undo (the
        write never began); or a reason (str) when the page cannot be taken back:
        the file is gone or replaced (its rows may have been read: they would come
        twice), or the page's bytes are followed or replaced by someone else's.
    """
    if not view.exists:
        return "is gone, with a page that an interrupted harvest was writing into it"
    if (view.device, view.inode) != (pending.device, pending.inode):
        return "was replaced by another file while a page written into it was unfinished"
    if view.size <= pending.start:
        return None
    written = view.size - pending.start
    if written <= len(pending.data) and view.region[:written] == pending.data[:written]:
        return pending.start
    return (
        "was written by someone else after a page that an interrupted harvest had begun "
        f"(at byte {pending.start})"
    )


@runtime_checkable
class Sink(Protocol):
    """A destination for harvested records, written one page at a time."""

    def write_page(
        self, rows: Sequence[Row], *, before_write: Callable[[PendingWrite], None] | None = None
    ) -> SinkMark | None:
        """Write one page's records durably.

        Args:
            rows: the page's records.
            before_write: a file sink calls it with the page's `PendingWrite` before
                writing, so the plan can undo the page after a crash.

        Returns:
            For a file sink, a `SinkMark` after the write (None when `rows` is empty);
            None for sinks that need no rewind (idempotent or at-least-once).
        """
        ...

    def close(self) -> None:
        """Release the destination."""
        ...


def write_problem(path: str, exc: OSError) -> str:
    """A failed open or write of an output file in words: the cause and the remedy."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return (
            f"cannot write records to {path}: the disk is full; free space and run the same "
            "command (the page not fully written was taken back), or write to another disk"
        )
    if exc.errno == errno.EFBIG:
        return (
            f"cannot write records to {path}: the file reached its size limit (ulimit -f); "
            "raise the limit or free space and run the same command (the page not fully "
            "written was taken back), or write to another --out"
        )
    if exc.errno == errno.EISDIR or os.path.isdir(path):
        return f"cannot write records to {path}: it is a folder; give --out a file path"
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return (
            f"cannot write records to {path}: it is read-only ({exc.strerror}); make it "
            "writable or choose a writable --out path"
        )
    return f"cannot write records to {path}: {exc.strerror or exc}; choose a writable --out path"


def count_rows(path: str | Path, endpoint: str, *, start: int = 0, chunk: int = 1 << 20) -> int:
    """How many rows of `endpoint` a JSONL file holds from byte `start` (as `JsonlSink` writes).

    Rows of other repositories and lines of the user's own are not counted: only rows of
    this endpoint could be delivered again. One pass over the file, no parse.
    """
    needle = b'"endpoint": ' + json.dumps(endpoint, ensure_ascii=False).encode("utf-8")
    count, carry = 0, b""
    try:
        with open(path, "rb") as handle:
            handle.seek(start)
            while block := handle.read(chunk):
                data = carry + block
                count += data.count(needle)
                # keep a tail that cannot hold a whole match, so none is counted twice
                carry = data[-(len(needle) - 1) :] if len(needle) > 1 else b""
    except OSError:
        return 0
    return count


def rows_of(
    path: str | Path, endpoint: str, metadata_prefix: str, *, start: int = 0
) -> list[tuple[str, str]]:
    """The (identifier, datestamp) of every row of `endpoint` and format in a JSONL file.

    From byte `start`; lines that are not such rows (the user's own, other repositories',
    a torn last line) are passed over.
    """
    needle = b'"endpoint": ' + json.dumps(endpoint, ensure_ascii=False).encode("utf-8")
    found: list[tuple[str, str]] = []
    try:
        with open(path, "rb") as handle:
            handle.seek(start)
            for line in handle:
                if needle not in line:
                    continue
                try:
                    row = json.loads(line)
                except ValueError:
                    continue
                if (
                    isinstance(row, dict)
                    and row.get("endpoint") == endpoint
                    and row.get("metadata_prefix") == metadata_prefix
                    and isinstance(row.get("identifier"), str)
                ):
                    found.append((row["identifier"], str(row.get("datestamp") or "")))
    except OSError:
        return []
    return found


#: The output files this process holds locked: resolved path -> [lock fd, sinks open on it].
#: The lock is the process's, shared by its sinks (a job queue's jobs in one worker).
_HELD: dict[str, list[int]] = {}
_HELD_LOCK = threading.Lock()


def probe_lock(path: str | Path) -> None:
    """Raise `OutputLocked` if another process holds `path`'s lock (no change made)."""
    if str(Path(path).resolve()) in _HELD:
        return
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return  # no such file (or unreadable): nobody is writing it
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise OutputLocked(str(path)) from None
    finally:
        os.close(fd)  # closing releases the probe's lock


def _hold(path: str) -> None:
    """Take `path`'s lock for this process (or count one more sink on it)."""
    with _HELD_LOCK:
        held = _HELD.get(path)
        if held is not None:
            held[1] += 1
            return
        fd = os.open(path, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise OutputLocked(path) from None
        _HELD[path] = [fd, 1]


def _let_go(path: str) -> None:
    with _HELD_LOCK:
        held = _HELD.get(path)
        if held is None:
            return
        held[1] -= 1
        if held[1] == 0:
            del _HELD[path]
            os.close(held[0])


class JsonlSink:
    """One JSON object per line, appended a page at a time, fsynced.

    A file is locked (``flock``, exclusive) while the sink is open: a second writer is
    refused (`OutputLocked`). On standard output a page counts as written only once the
    reader of a pipe has read it; a reader that went away ends the write with
    `BrokenPipeError`, so that page is not checkpointed.

    Args:
        path: the file (its folder is created), or ``"-"`` for standard output
            (nothing can be undone there: a crash may repeat the last page).

    Raises:
        SinkError: the file cannot be opened for appending.
        OutputLocked: another process is writing the file.
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
            raise SinkError(write_problem(self.path, exc)) from exc
        self.path = str(Path(self.path).resolve())
        try:
            _hold(self.path)
        except BaseException:
            os.close(self._fd)
            raise
        self._held = True

    @property
    def is_file(self) -> bool:
        """False for standard output."""
        return self.path != "-"

    def position(self) -> int:
        """The file's size (durable: every page is fsynced)."""
        if not self.is_file:
            return 0
        return os.fstat(self._fd).st_size

    def rewind(self, position: int) -> None:
        """Truncate the file to `position` (batch mode cuts a torn last line this way)."""
        if not self.is_file:
            return
        with self._lock:
            if os.fstat(self._fd).st_size > position:
                os.ftruncate(self._fd, position)
                os.fsync(self._fd)

    def write_page(
        self, rows: Sequence[Row], *, before_write: Callable[[PendingWrite], None] | None = None
    ) -> SinkMark | None:
        """Append the page as one write, then fsync; see `Sink.write_page`."""
        payload, tail = encode_rows(rows)
        if not payload:
            return None
        with self._lock:
            if not self.is_file:
                _write_all(self._fd, payload)
                _drained(self._fd)
                return None
            info = os.fstat(self._fd)
            if before_write is not None:
                before_write(
                    PendingWrite(self.path, info.st_dev, info.st_ino, info.st_size, payload)
                )
            try:
                _write_all(self._fd, payload)
                os.fsync(self._fd)
            except OSError as exc:
                # Take the page back at once (a full disk still allows a truncation); the
                # pending write noted above covers a failure of this too.
                try:
                    os.ftruncate(self._fd, info.st_size)
                    os.fsync(self._fd)
                except OSError:
                    pass
                raise SinkError(write_problem(self.path, exc)) from exc
            size = os.fstat(self._fd).st_size
        digest = hashlib.sha256(tail).hexdigest()
        return SinkMark(self.path, info.st_dev, info.st_ino, size, len(tail), digest)

    def close(self) -> None:
        """Close the file (and give its lock back)."""
        if self.is_file and self._held:
            self._held = False
            os.close(self._fd)
            _let_go(self.path)


def _write_all(fd: int, payload: bytes) -> None:
    view = memoryview(payload)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _drained(fd: int) -> None:
    """Return once the reader of the pipe `fd` has read everything written to it.

    A pipe cannot confirm that its reader used the bytes, but it can tell that they were
    read: until then a page on standard output is not counted as delivered. Not a pipe
    (a terminal, a file): returns at once.

    Raises:
        BrokenPipeError: the reader went away (``harvest | head``).
    """
    try:
        if not stat.S_ISFIFO(os.fstat(fd).st_mode):
            return
    except OSError:
        return
    probe = select.poll()
    probe.register(fd, 0)  # only an error (the reader gone) wakes it: the poll is the wait
    unread = bytearray(4)
    wait_ms = 0
    while True:
        if any(event & select.POLLERR for _, event in probe.poll(wait_ms)):
            raise BrokenPipeError(errno.EPIPE, "the reader of standard output went away")
        try:
            fcntl.ioctl(fd, termios.FIONREAD, unread)
        except OSError:
            return  # the platform cannot tell: the write itself is all we know
        if int.from_bytes(unread, sys.byteorder) == 0:
            return
        wait_ms = min(wait_ms * 2 + 1, 50)


class CallbackSink:
    """Hands each page's records to a callable (at least once: a crash may repeat a page).

    Args:
        callback: called with the list of record dicts of one page.
    """

    def __init__(self, callback: Callable[[list[Row]], object]) -> None:
        self.callback = callback

    def write_page(
        self, rows: Sequence[Row], *, before_write: Callable[[PendingWrite], None] | None = None
    ) -> SinkMark | None:
        """Call the callback with the page."""
        self.callback(list(rows))
        return None

    def close(self) -> None:
        """Nothing to close."""


class SQLiteSink:
    """An SQLite table of records keyed by identifier, keeping the newest datestamp.

    Writing a page twice changes nothing, so no rewind is needed. A retried file's row
    (``{"identifier": ..., "fulltext": {...}, "retry": true}``, written by a later run with
    ``--files``) has no datestamp of its own: its ``fulltext`` replaces the stored record's
    (what a reader of JSON lines does with such a line). One whose record is not in the
    table yet is kept under the identifier with an empty datestamp, and the record, when it
    comes, takes that file unless it brings one of its own.
    """

    def __init__(self, path: str | Path, table: str = "records") -> None:
        if not table.isidentifier():
            raise ValueError(f"table name {table!r} is not an identifier")
        self.path, self.table = str(path), table
        try:
            self._db = connect(self.path, synchronous="FULL")
            self._db.execute(
                f"CREATE TABLE IF NOT EXISTS {table} (identifier TEXT PRIMARY KEY, "
                "datestamp TEXT NOT NULL, deleted INTEGER NOT NULL, record TEXT NOT NULL)"
            )
        except (sqlite3.Error, OSError) as exc:
            raise storage_error(exc, self.path, what="output", option="--out") from exc
        self._lock = threading.Lock()

    def write_page(
        self, rows: Sequence[Row], *, before_write: Callable[[PendingWrite], None] | None = None
    ) -> SinkMark | None:
        """Upsert the page in one transaction, keeping each identifier's newest datestamp."""
        try:
            self._upsert(rows)
        except sqlite3.Error as exc:
            raise storage_error(exc, self.path, what="output", option="--out") from exc
        return None

    def _upsert(self, rows: Sequence[Row]) -> None:
        records = [r for r in rows if not is_file_update(r)]
        with transaction(self._db, self._lock) as db:
            pending = self._pending(db, [str(r["identifier"]) for r in records])
            db.executemany(
                f"INSERT INTO {self.table} VALUES (?, ?, ?, ?) ON CONFLICT (identifier) DO "
                "UPDATE SET datestamp = excluded.datestamp, deleted = excluded.deleted, "
                f"record = excluded.record WHERE excluded.datestamp >= {self.table}.datestamp",
                [
                    (
                        r["identifier"],
                        r["datestamp"],
                        int(bool(r["deleted"])),
                        json.dumps(_with_pending(r, pending), ensure_ascii=False, sort_keys=True),
                    )
                    for r in records
                ],
            )
            for r in rows:
                if is_file_update(r):
                    self._merge_retry(db, r)

    def _pending(self, db: sqlite3.Connection, identifiers: list[str]) -> dict[str, Any]:
        """The files retried before their records came (rows with an empty datestamp)."""
        found: dict[str, Any] = {}
        for start in range(0, len(identifiers), 500):
            chunk = identifiers[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for ident, record in db.execute(
                f"SELECT identifier, record FROM {self.table} "
                f"WHERE datestamp = '' AND identifier IN ({marks})",
                chunk,
            ):
                found[ident] = json.loads(record).get("fulltext")
        return found

    def _merge_retry(self, db: sqlite3.Connection, row: Row) -> None:
        """A retried file's row: its ``fulltext`` replaces the stored record's."""
        ident = str(row["identifier"])
        stored = db.execute(
            f"SELECT record FROM {self.table} WHERE identifier = ?", (ident,)
        ).fetchone()
        if stored is None:
            db.execute(
                f"INSERT INTO {self.table} VALUES (?, '', 0, ?)",
                (ident, json.dumps(dict(row), ensure_ascii=False, sort_keys=True)),
            )
            return
        record = json.loads(stored[0])
        record["fulltext"] = row.get("fulltext")
        db.execute(
            f"UPDATE {self.table} SET record = ? WHERE identifier = ?",
            (json.dumps(record, ensure_ascii=False, sort_keys=True), ident),
        )

    def rows(self) -> list[dict[str, Any]]:
        """Every stored record."""
        with self._lock:
            return [json.loads(r) for (r,) in self._db.execute(f"SELECT record FROM {self.table}")]

    def close(self) -> None:
        """Close the database."""
        self._db.close()


def _with_pending(row: Row, pending: dict[str, Any]) -> Row:
    """The record, holding the file retried before it came unless it brings one."""
    ident = str(row["identifier"])
    if ident not in pending or row.get("fulltext") is not None:
        return row
    return {**row, "fulltext": pending[ident]}
