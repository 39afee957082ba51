"""`StateStore`: what must outlive a process (SQLite by default; Redis for fleets later).

- coverage per lane (endpoint, metadata prefix, set): the datestamp intervals
  known to be harvested (`Span`), see `_planning`;
- unfinished listings, keyed on the whole request (lane and window): each one's
  checkpoint (next cursor, counters) and the `SinkMark` of the file it last wrote;
- delivered records per repository and format (identifier, newest datestamp, and
  the listing that delivered it) for deduplication, compact but exact (`_deliveries`:
  state schema 2; a file of schema 1 is migrated when it is opened);
- pending writes (a page being appended to a file, undone after a crash);
- per-URL outcomes (retry-later marks with reason and not-before, ETag, Last-Modified);
- runs (started, heartbeat, finished, failed), with stuck runs closed as failed;
- per-host leases (one harvest job per host at a time), with fencing tokens.

`SQLiteStateStore` uses WAL, so several processes on one machine can share a
file; every method is one transaction.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import uuid
from collections.abc import Hashable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import attrs

from politeharvest._process import owner_id, process_alive
from politeharvest._reprs import value_repr
from politeharvest._sqlite import FileState, connect, inspect_file, storage_error, transaction
from politeharvest.exceptions import StateCorrupt
from politeharvest.oai._datestamps import parse_datestamp

from . import _deliveries as dv
from ._coverage import Checkpoint, Span

__all__ = [
    "Checkpoint",
    "Lease",
    "PageCommit",
    "Run",
    "SQLiteStateStore",
    "StateStore",
    "UrlOutcome",
]

logger = logging.getLogger(__name__)

#: The kv namespace of pending writes (one per file path).
PENDING = "pending-write"
#: The kv entry (namespace, key) saying how a state began: ``"new"`` (no file) or
#: ``"empty"`` (a zero-length file); absent in states written before it existed.
ORIGIN = ("state", "origin")


@attrs.frozen(repr=False)
class PageCommit:
    """Everything one durable page changes in the state, written in one transaction.

    Attributes:
        scope: what delivery is deduplicated across (endpoint and prefix).
        delivered: the page's (identifier, datestamp) pairs.
        listing_id: the listing that delivered them.
        checkpoint: the listing's new checkpoint, or None when the listing completed.
        listing: the listing's key (dropped when `checkpoint` is None).
        coverage: when the listing completed: its lane and the lane's new coverage.
        pending: the pending write to clear (a file path), if any.
        urls: URL outcomes the page sets (a stopped page's files marked retry-later): taken
            back with the page when it is not committed.
    """

    __repr__ = value_repr

    scope: str
    delivered: tuple[tuple[str, str], ...]
    listing_id: str
    checkpoint: Checkpoint | None
    listing: str
    coverage: tuple[str, tuple[Span, ...]] | None = None
    pending: str | None = None
    urls: tuple[UrlOutcome, ...] = ()


@attrs.frozen(repr=False)
class UrlOutcome:
    """What happened last time to a URL (a file, a landing page)."""

    __repr__ = value_repr

    url: str
    status: str
    reason: str = ""
    not_before: float | None = None
    etag: str | None = None
    last_modified: str | None = None
    extra: Mapping[str, Any] = attrs.field(factory=dict)


@attrs.frozen(repr=False)
class Run:
    """One harvest run."""

    __repr__ = value_repr

    run_id: str
    key: str
    started: float
    heartbeat: float
    status: str
    finished: float | None = None
    reason: str = ""


@attrs.frozen(repr=False)
class Lease:
    """A host held by one harvest job until `expires` (wall clock); `token` fences writers."""

    __repr__ = value_repr

    host: str
    holder: str
    expires: float
    token: int


@runtime_checkable
class StateStore(Protocol):
    """The state a harvest needs to survive crashes; every method is atomic."""

    def listing(self, key: str) -> Checkpoint | None:
        """The checkpoint of the unfinished listing `key`, or None."""
        ...

    def listings(self, lane: str) -> list[Checkpoint]:
        """Every unfinished listing of a lane."""
        ...

    def drop_listing(self, key: str) -> None:
        """Forget an unfinished listing (it was covered by another, or abandoned)."""
        ...

    def commit(self, commit: PageCommit) -> None:
        """Write a page's checkpoint, deliveries, coverage, URL outcomes, pending clear at once."""
        ...

    def filter_new(
        self, scope: str, records: Iterable[tuple[str, str]], *, listing_id: str | None = None
    ) -> set[str]:
        """Return the identifiers among (identifier, datestamp) pairs that are new.

        New means never delivered in the scope, or delivered with an older datestamp
        (deduplication keeps the newest). With `listing_id` (a full harvest), only
        deliveries by that listing count.
        """
        ...

    def coverage(self, lane: str) -> tuple[Span, ...]:
        """The lane's covered datestamp intervals, oldest first."""
        ...

    def url_outcome(self, url: str) -> UrlOutcome | None:
        """The last outcome recorded for a URL."""
        ...

    def set_url_outcome(self, outcome: UrlOutcome) -> None:
        """Record a URL's outcome."""
        ...

    def retry_later(self, now: float) -> list[UrlOutcome]:
        """URLs marked retry-later whose not-before time has come."""
        ...

    def start_run(self, key: str, now: float, *, stuck_after: float) -> Run:
        """Close runs older than `stuck_after` as failed, then start a run."""
        ...

    def heartbeat(self, run_id: str, now: float) -> None:
        """Note that a run is alive."""
        ...

    def finish_run(self, run_id: str, now: float, *, status: str, reason: str = "") -> None:
        """Close a run (``"finished"``, ``"failed"``, ``"deferred"``)."""
        ...

    def runs(self, key: str | None = None) -> list[Run]:
        """Runs, newest first."""
        ...

    def acquire_lease(self, host: str, holder: str, now: float, ttl: float) -> Lease | None:
        """Take or renew the host's lease; None if another holder's lease is still valid."""
        ...

    def get_value(self, namespace: str, key: str) -> str | None:
        """A small stored value (learned site structure, for example), or None."""
        ...

    def set_value(self, namespace: str, key: str, value: str | None) -> None:
        """Store a small value (None deletes it)."""
        ...

    def values(self, namespace: str) -> dict[str, str]:
        """Every value stored under `namespace`."""
        ...

    def release_lease(self, host: str, holder: str) -> None:
        """Give the host back."""
        ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS listings (
    listing TEXT PRIMARY KEY, lane TEXT NOT NULL, listing_id TEXT NOT NULL, run_id TEXT NOT NULL,
    cursor TEXT NOT NULL, window TEXT NOT NULL, sink TEXT NOT NULL, outputs TEXT NOT NULL,
    pages INTEGER NOT NULL, records INTEGER NOT NULL, response_date TEXT NOT NULL,
    max_datestamp TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS listings_lane ON listings (lane);
CREATE TABLE IF NOT EXISTS coverage (lane TEXT PRIMARY KEY, spans TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS marks (lane TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS urls (
    url TEXT PRIMARY KEY, status TEXT NOT NULL, reason TEXT NOT NULL, not_before REAL,
    etag TEXT, last_modified TEXT, extra TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS runs (
    run_id TEXT PRIMARY KEY, key TEXT NOT NULL, started REAL NOT NULL, heartbeat REAL NOT NULL,
    finished REAL, status TEXT NOT NULL, reason TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS kv (
    namespace TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (namespace, key)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS leases (
    host TEXT PRIMARY KEY, holder TEXT NOT NULL, expires REAL NOT NULL, token INTEGER NOT NULL,
    owner TEXT NOT NULL DEFAULT ''
);
"""

_LISTING_COLUMNS = (
    "listing, lane, listing_id, run_id, cursor, window, sink, outputs, pages, records, "
    "response_date, max_datestamp"
)


def is_new(stamp: str, seen: tuple[str, Hashable] | None, listing_id: Hashable | None) -> bool:
    """Whether a record at datestamp `stamp` is to be delivered (`StateStore.filter_new`).

    `seen` is the datestamp and listing of its last delivery, if any. A later datestamp is
    new; with `listing_id`, so is a record another listing delivered (a full harvest
    delivers what other listings delivered).
    """
    if seen is None or stamp > seen[0]:
        return True
    return listing_id is not None and seen[1] != listing_id


class SQLiteStateStore:
    """The embedded StateStore: one SQLite file (WAL), or ``":memory:"``.

    Args:
        path: the database file (its folder is created), or ``":memory:"``.
    """

    def __init__(self, path: str | Path = ":memory:") -> None:
        self.path = str(path)
        self._lock = threading.RLock()
        #: What was at `path` before it was opened: ``"new"`` (nothing), ``"empty"`` (a
        #: zero-length file: a full disk, a failed copy) or ``"sqlite"``.
        self.found: FileState = inspect_file(self.path)
        #: Scope -> (id, identifier prefix) and listing id -> id, as committed (never reused).
        self._scopes: dict[str, tuple[int, str]] = {}
        self._listing_ids: dict[str, int] = {}
        #: The keys `filter_new` computed last: (scope, prefix, identifier -> key).
        self._keys: tuple[str, str, dict[str, int | str | bytes]] | None = None
        try:
            self._db = connect(self.path, synchronous="FULL")  # a checkpoint survives power loss
            dv.install(self._db)
            self._db.executescript(_SCHEMA)
            self._upgrade()
            if self.found != "sqlite":
                # How this state began, for good: a state recreated over an empty file must
                # not pass, one run later, for an old state that predates this note.
                self._db.execute(
                    "INSERT OR IGNORE INTO kv VALUES (?, ?, ?)", (ORIGIN[0], ORIGIN[1], self.found)
                )
        except (sqlite3.Error, OSError) as exc:
            raise storage_error(exc, self.path) from exc

    def _upgrade(self) -> None:
        """Bring the file to this version's schema (one transaction; see `_deliveries`).

        Raises:
            StateCorrupt: the file was written by a newer politeharvest (a state this
                version cannot use: refused, as a damaged one is, before any request).
        """
        version = dv.schema_version(self._db)
        if version > dv.SCHEMA_VERSION:
            raise StateCorrupt(
                self.path,
                f"was written by a newer politeharvest (state schema {version}; this one "
                f"reads {dv.SCHEMA_VERSION} and older)",
                "upgrade politeharvest (pip install -U politeharvest), or give --state "
                "another file",
            )
        if version == dv.SCHEMA_VERSION:
            return
        with transaction(self._db, self._lock) as db:
            if dv.schema_version(db) < dv.SCHEMA_VERSION:  # another process may have done it
                moved = dv.migrate(db)
                if moved:
                    logger.info("%s: %d deliveries moved to state schema 2", self.path, moved)

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    def __repr__(self) -> str:
        return f"SQLiteStateStore({self.path!r})"

    @contextmanager
    def _tx(self, *, durable: bool = True) -> Iterator[sqlite3.Connection]:
        """One write transaction; an SQLite error is a `StorageError` naming the file.

        `durable=False` commits without waiting for the disk (``synchronous=NORMAL``, which
        in WAL mode survives a killed process but not a power cut): for what a power cut
        makes moot (a heartbeat, a lease's renewal: every process holding one is gone).
        The next durable commit syncs the log, these frames with it.
        """
        try:
            with self._lock:
                if not durable:
                    self._db.execute("PRAGMA synchronous=NORMAL")
                try:
                    with transaction(self._db, self._lock) as db:
                        yield db
                finally:
                    if not durable:
                        self._db.execute("PRAGMA synchronous=FULL")
        except sqlite3.Error as exc:
            raise storage_error(exc, self.path) from exc

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """Reads under the lock; an SQLite error is a `StorageError` naming the file."""
        with self._lock:
            try:
                yield self._db
            except sqlite3.Error as exc:
                raise storage_error(exc, self.path) from exc

    # -- listings, coverage and deduplication ------------------------------------------------

    def listing(self, key: str) -> Checkpoint | None:
        """See `StateStore.listing`."""
        with self._read():
            row = self._db.execute(
                f"SELECT {_LISTING_COLUMNS} FROM listings WHERE listing = ?", (key,)
            ).fetchone()
        return None if row is None else Checkpoint(*row)

    def listings(self, lane: str) -> list[Checkpoint]:
        """See `StateStore.listings`."""
        with self._read():
            rows = self._db.execute(
                f"SELECT {_LISTING_COLUMNS} FROM listings WHERE lane = ? ORDER BY listing",
                (lane,),
            ).fetchall()
        return [Checkpoint(*row) for row in rows]

    def drop_listing(self, key: str) -> None:
        """See `StateStore.drop_listing`."""
        with self._tx() as db:
            db.execute("DELETE FROM listings WHERE listing = ?", (key,))

    def commit(self, commit: PageCommit) -> None:
        """See `StateStore.commit`."""
        learned: dict[str, tuple[int, str]] = {}
        listing_ids: dict[str, int] = {}
        with self._tx() as db:
            if commit.delivered:
                number, prefix = self._scope(db, commit.scope, commit.delivered, learned)
                listing = self._listing_id(db, commit.listing_id, listing_ids)
                db.executemany(dv.UPSERT, self._rows(commit, number, prefix, listing))
            if commit.checkpoint is None:
                db.execute("DELETE FROM listings WHERE listing = ?", (commit.listing,))
            else:
                db.execute(
                    "INSERT OR REPLACE INTO listings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    attrs.astuple(commit.checkpoint),
                )
            if commit.coverage is not None:
                lane, spans = commit.coverage
                text = json.dumps([s.to_dict() for s in spans], sort_keys=True)
                db.execute("INSERT OR REPLACE INTO coverage VALUES (?, ?)", (lane, text))
            if commit.pending is not None:
                db.execute(
                    "DELETE FROM kv WHERE namespace = ? AND key = ?", (PENDING, commit.pending)
                )
            if commit.urls:
                db.executemany(_SET_URL, [_url_row(outcome) for outcome in commit.urls])
        # Remembered once committed: an id rolled back may be given to another scope.
        self._scopes.update(learned)
        self._listing_ids.update(listing_ids)

    def _rows(
        self, commit: PageCommit, number: int, prefix: str, listing: int
    ) -> list[tuple[int, int | str | bytes, int | str, int]]:
        """The page's rows of ``delivered``, each identifier's key as `filter_new` found it."""
        keys = self._keys
        self._keys = None
        key_of = keys[2].get if keys is not None and keys[:2] == (commit.scope, prefix) else None
        encode, ident_key = dv.encode_stamp, dv.ident_key
        if key_of is None:
            return [(number, ident_key(i, prefix), encode(d), listing) for i, d in commit.delivered]
        rows = []
        for ident, stamp in commit.delivered:
            key = key_of(ident)
            if key is None:  # not on the page filtered last (a caller's own commit)
                key = ident_key(ident, prefix)
            rows.append((number, key, encode(stamp), listing))
        return rows

    def _scope(
        self,
        db: sqlite3.Connection,
        scope: str,
        first: Iterable[tuple[str, str]],
        learned: dict[str, tuple[int, str]],
    ) -> tuple[int, str]:
        """The scope's id and identifier prefix; a new scope's prefix is its first page's."""
        found = self._scopes.get(scope) or self._find_scope(scope)
        if found is None:
            prefix = dv.choose_prefix(i for i, _ in first)
            db.execute(
                "INSERT OR IGNORE INTO scopes (scope, prefix) VALUES (?, ?)", (scope, prefix)
            )
            found = self._find_scope(scope)
            assert found is not None
            learned[scope] = found
        return found

    def _find_scope(self, scope: str) -> tuple[int, str] | None:
        row = self._db.execute("SELECT id, prefix FROM scopes WHERE scope = ?", (scope,)).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    def _listing_id(self, db: sqlite3.Connection, listing_id: str, learned: dict[str, int]) -> int:
        """The listing's small id, given on its first delivery."""
        number = self._listing_ids.get(listing_id)
        if number is None:
            db.execute("INSERT OR IGNORE INTO listing_ids (listing_id) VALUES (?)", (listing_id,))
            row = db.execute(
                "SELECT id FROM listing_ids WHERE listing_id = ?", (listing_id,)
            ).fetchone()
            number = learned[listing_id] = int(row[0])
        return number

    def filter_new(
        self, scope: str, records: Iterable[tuple[str, str]], *, listing_id: str | None = None
    ) -> set[str]:
        """See `StateStore.filter_new`."""
        pairs = list(records)
        if not pairs:
            return set()
        known: dict[str, tuple[str, int]] = {}
        only: int | None = None
        with self._read():
            found = self._scopes.get(scope) or self._find_scope(scope)
            if found is not None:
                self._scopes[scope] = found  # read as committed: ids are never reused
                number, prefix = found
                if listing_id is not None:
                    row = self._db.execute(
                        "SELECT id FROM listing_ids WHERE listing_id = ?", (listing_id,)
                    ).fetchone()
                    only = -1 if row is None else int(row[0])  # -1: a listing with no rows
                ident_key = dv.ident_key
                by_ident = {ident: ident_key(ident, prefix) for ident, _ in pairs}
                # Each key once a page: the page's commit takes them from here.
                self._keys = (scope, prefix, by_ident)
                known = self._known(number, {key: ident for ident, key in by_ident.items()})
        if not known:  # nothing of the page delivered before (a first harvest): all new
            return {ident for ident, _ in pairs}
        return {ident for ident, stamp in pairs if is_new(stamp, known.get(ident), only)}

    def _known(self, scope: int, keys: dict[int | str | bytes, str]) -> dict[str, tuple[str, int]]:
        """The stored datestamp and listing of each of `keys` delivered (key -> identifier)."""
        known: dict[str, tuple[str, int]] = {}
        idents = list(keys)
        for start in range(0, len(idents), 500):
            chunk = idents[start : start + 500]
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(
                "SELECT ident, stamp, listing FROM delivered WHERE scope = ? "
                f"AND ident IN ({marks})",
                (scope, *chunk),
            ).fetchall()
            for key, stamp, by in rows:
                known[keys[key]] = (dv.decode_stamp(stamp), int(by))
        return known

    def coverage(self, lane: str) -> tuple[Span, ...]:
        """See `StateStore.coverage`.

        A state file written before coverage existed holds one high-water mark per
        lane: it reads as one span from the beginning to that mark.
        """
        with self._read():
            row = self._db.execute("SELECT spans FROM coverage WHERE lane = ?", (lane,)).fetchone()
            if row is None:
                old = self._db.execute("SELECT value FROM marks WHERE lane = ?", (lane,)).fetchone()
        if row is not None:
            return tuple(Span.from_dict(item) for item in json.loads(row[0]))
        if old is None:
            return ()
        mark = str(old[0])
        moment = parse_datestamp(mark)
        if moment is None:
            return ()
        return (Span(None, moment.timestamp(), mark, len(mark) == 10),)

    # -- URLs -----------------------------------------------------------------------------

    def url_outcome(self, url: str) -> UrlOutcome | None:
        """See `StateStore.url_outcome`."""
        with self._read():
            row = self._db.execute(
                "SELECT url, status, reason, not_before, etag, last_modified, extra FROM urls "
                "WHERE url = ?",
                (url,),
            ).fetchone()
        if row is None:
            return None
        return UrlOutcome(
            url=row[0],
            status=row[1],
            reason=row[2],
            not_before=row[3],
            etag=row[4],
            last_modified=row[5],
            extra=json.loads(row[6]),
        )

    def set_url_outcome(self, outcome: UrlOutcome) -> None:
        """See `StateStore.set_url_outcome`."""
        with self._tx() as db:
            db.execute(_SET_URL, _url_row(outcome))

    def retry_later(self, now: float) -> list[UrlOutcome]:
        """See `StateStore.retry_later`."""
        with self._read():
            rows = self._db.execute(
                "SELECT url FROM urls WHERE status = 'retry-later' AND "
                "(not_before IS NULL OR not_before <= ?) ORDER BY url",
                (now,),
            ).fetchall()
        return [o for (url,) in rows if (o := self.url_outcome(url)) is not None]

    # -- runs -----------------------------------------------------------------------------

    def start_run(self, key: str, now: float, *, stuck_after: float) -> Run:
        """See `StateStore.start_run`."""
        run = Run(uuid.uuid4().hex, key, now, now, "running")
        with self._tx() as db:
            db.execute(
                "UPDATE runs SET status = 'failed', finished = ?, "
                "reason = 'stuck: older than ' || ? || ' s, closed when next seen' "
                "WHERE status = 'running' AND started < ?",
                (now, int(stuck_after), now - stuck_after),
            )
            db.execute(
                "INSERT INTO runs VALUES (?, ?, ?, ?, NULL, ?, '')",
                (run.run_id, key, now, now, run.status),
            )
        return run

    def heartbeat(self, run_id: str, now: float) -> None:
        """See `StateStore.heartbeat`."""
        with self._tx(durable=False) as db:
            db.execute("UPDATE runs SET heartbeat = ? WHERE run_id = ?", (now, run_id))

    def finish_run(self, run_id: str, now: float, *, status: str, reason: str = "") -> None:
        """See `StateStore.finish_run`."""
        with self._tx() as db:
            db.execute(
                "UPDATE runs SET status = ?, finished = ?, reason = ?, heartbeat = ? "
                "WHERE run_id = ?",
                (status, now, reason, now, run_id),
            )

    def runs(self, key: str | None = None) -> list[Run]:
        """See `StateStore.runs`."""
        query = "SELECT run_id, key, started, heartbeat, status, finished, reason FROM runs"
        args: tuple[Any, ...] = ()
        if key is not None:
            query += " WHERE key = ?"
            args = (key,)
        with self._read():
            rows = self._db.execute(query + " ORDER BY started DESC", args).fetchall()
        return [Run(*row) for row in rows]

    # -- small values ----------------------------------------------------------------------

    def get_value(self, namespace: str, key: str) -> str | None:
        """See `StateStore.get_value`."""
        with self._read():
            row = self._db.execute(
                "SELECT value FROM kv WHERE namespace = ? AND key = ?", (namespace, key)
            ).fetchone()
        return None if row is None else str(row[0])

    def set_value(self, namespace: str, key: str, value: str | None) -> None:
        """See `StateStore.set_value`."""
        with self._tx() as db:
            if value is None:
                db.execute("DELETE FROM kv WHERE namespace = ? AND key = ?", (namespace, key))
            else:
                db.execute("INSERT OR REPLACE INTO kv VALUES (?, ?, ?)", (namespace, key, value))

    def values(self, namespace: str) -> dict[str, str]:
        """See `StateStore.values`."""
        with self._read():
            rows = self._db.execute(
                "SELECT key, value FROM kv WHERE namespace = ? ORDER BY key", (namespace,)
            ).fetchall()
        return {str(k): str(v) for k, v in rows}

    # -- leases ----------------------------------------------------------------------------

    def acquire_lease(self, host: str, holder: str, now: float, ttl: float) -> Lease | None:
        """See `StateStore.acquire_lease`.

        A lease expires after `ttl`; on one machine, a lease whose holding process
        has died (killed, crashed) is taken over at once. Committed without waiting for the
        disk (a lease is moot after a power cut: its holder is gone too).
        """
        with self._tx(durable=False) as db:
            row = db.execute(
                "SELECT holder, expires, token, owner FROM leases WHERE host = ?", (host,)
            ).fetchone()
            if row is not None and row[0] != holder and row[1] > now and process_alive(row[3]):
                return None
            token = (row[2] + (0 if row[0] == holder else 1)) if row is not None else 1
            db.execute(
                "INSERT OR REPLACE INTO leases VALUES (?, ?, ?, ?, ?)",
                (host, holder, now + ttl, token, owner_id()),
            )
        return Lease(host, holder, now + ttl, token)

    def release_lease(self, host: str, holder: str) -> None:
        """See `StateStore.release_lease`."""
        with self._tx() as db:
            db.execute("DELETE FROM leases WHERE host = ? AND holder = ?", (host, holder))


_SET_URL = "INSERT OR REPLACE INTO urls VALUES (?, ?, ?, ?, ?, ?, ?)"


def _url_row(outcome: UrlOutcome) -> tuple[Any, ...]:
    """A URL outcome as a row of the ``urls`` table."""
    return (
        outcome.url,
        outcome.status,
        outcome.reason,
        outcome.not_before,
        outcome.etag,
        outcome.last_modified,
        json.dumps(dict(outcome.extra), sort_keys=True),
    )
