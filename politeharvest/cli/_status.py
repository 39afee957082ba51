"""What a state file holds: every harvest, its coverage, records, runs and files (shell).

`read_status` opens a SQLite state read-only (nothing in it changes, and a harvest running at
the same time is not disturbed) and reports, per harvest (a repository, a format and a set):
the windows covered, an unfinished listing if there is one, the records delivered for that
repository and format, the last run and its outcome; and the full-text files by status.
`read_redis_status` reports the same of a fleet's Redis state (``redis://``), but for the
counts of records delivered and of files, which a Redis state keeps in forms not counted
here.
"""

from __future__ import annotations

import datetime as _dt
import json
import sqlite3
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from politeharvest.net._urls import host_key
from politeharvest.plan._lease import ANSWERED

__all__ = ["HarvestStatus", "StateStatus", "answered_in", "read_redis_status", "read_status"]


@attrs.frozen
class HarvestStatus:
    """One harvest a state holds.

    Attributes:
        endpoint: the repository's base URL.
        metadata_prefix: the format; None for a repository whose runs harvested nothing yet
            (a first run that failed on its first page): only its runs are known.
        set_spec: the set, or None for the whole repository.
        coverage: the windows covered, as ``(from, until)`` dates (None: open).
        unfinished: an unfinished listing: its window, pages and records so far, or None.
        records: records delivered for this repository and format (all its sets); None
            when the state does not count them (a Redis state).
        runs: runs recorded for the repository.
        last_run: the last run: started, finished, status and reason, or None.
    """

    endpoint: str
    metadata_prefix: str | None
    set_spec: str | None
    coverage: tuple[tuple[str | None, str | None], ...]
    unfinished: dict[str, Any] | None
    records: int | None
    runs: int
    last_run: dict[str, Any] | None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return attrs.asdict(self)


@attrs.frozen
class StateStatus:
    """Everything a state file holds, for `politeharvest status`.

    Attributes:
        path: the state file.
        harvests: one entry per repository, format and set.
        files: full-text files by status.
        landing_pages: landing pages marked for the next run (a file left by a stop, a page
            that could not be read), by status: once retried, the outcome of their file.
    """

    path: str
    harvests: tuple[HarvestStatus, ...]
    files: dict[str, int]
    landing_pages: dict[str, int] = attrs.field(factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "state": self.path,
            "harvests": [h.to_dict() for h in self.harvests],
            "files": self.files,
            "landing_pages": self.landing_pages,
        }


def _when(epoch: float | None) -> str | None:
    if epoch is None:
        return None
    return _dt.datetime.fromtimestamp(epoch, tz=_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _rows(db: sqlite3.Connection, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    try:
        return db.execute(sql, args).fetchall()
    except sqlite3.OperationalError:  # a table an older (or newer) state does not have
        return []


def _span(span: dict[str, Any]) -> tuple[str | None, str | None]:
    start, end = span.get("start"), span.get("end")
    return (
        _when(float(start)) if isinstance(start, (int, float)) else start,
        _when(float(end)) if isinstance(end, (int, float)) else end,
    )


def read_status(path: str | Path) -> StateStatus:
    """Read a SQLite state file without changing it.

    Raises:
        sqlite3.DatabaseError: the file is not a readable SQLite database.
        FileNotFoundError: there is no such file.
    """
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(str(path))
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        lanes: dict[str, list[tuple[str | None, str | None]]] = {}
        for lane, spans in _rows(db, "SELECT lane, spans FROM coverage"):
            try:
                lanes[lane] = [_span(s) for s in json.loads(spans)]
            except (ValueError, TypeError, AttributeError):
                lanes[lane] = []
        unfinished: dict[str, dict[str, Any]] = {}
        for lane, window, pages, records in _rows(
            db, "SELECT lane, window, pages, records FROM listings"
        ):
            unfinished[lane] = {"window": window, "pages": pages, "records": records}
            lanes.setdefault(lane, [])
        delivered = dict(_rows(db, "SELECT scope, count(*) FROM deliveries GROUP BY scope"))
        runs: dict[str, list[tuple[Any, ...]]] = {}
        for row in _rows(
            db, "SELECT key, started, finished, status, reason FROM runs ORDER BY started"
        ):
            runs.setdefault(str(row[0]), []).append(row)
        files: Counter[str] = Counter()
        landing_pages: Counter[str] = Counter()
        for status, extra, n in _rows(
            db, "SELECT status, extra, count(*) FROM urls GROUP BY status, extra"
        ):
            kind = landing_pages if _is_landing(extra) else files
            kind[str(status)] += int(n)
    finally:
        db.close()
    harvests = []
    for lane in sorted(lanes):
        endpoint, prefix, set_spec = [*lane.split("|"), "", ""][:3]
        endpoint_runs = runs.get(endpoint, [])
        last = endpoint_runs[-1] if endpoint_runs else None
        harvests.append(
            HarvestStatus(
                endpoint=endpoint,
                metadata_prefix=prefix,
                set_spec=set_spec or None,
                coverage=tuple(lanes[lane]),
                unfinished=unfinished.get(lane),
                records=int(delivered.get(f"{endpoint}|{prefix}", 0)),
                runs=len(endpoint_runs),
                last_run=None if last is None else _last_run(*last[1:5]),
            )
        )
    for endpoint, endpoint_runs in runs.items():
        if not any(h.endpoint == endpoint for h in harvests):
            _, started, finished, status, reason = endpoint_runs[-1]
            harvests.append(
                _runs_only(endpoint, len(endpoint_runs), started, finished, status, reason, 0)
            )
    return StateStatus(str(path), tuple(harvests), dict(files), dict(landing_pages))


def _last_run(started: float, finished: float | None, status: str, reason: str) -> dict[str, Any]:
    """A run as `HarvestStatus.last_run` holds it: its times in UTC, status and reason."""
    return {
        "started": _when(started),
        "finished": _when(finished),
        "status": status,
        "reason": reason,
    }


def _runs_only(
    endpoint: str,
    runs: int,
    started: float,
    finished: float | None,
    status: str,
    reason: str,
    records: int | None,
) -> HarvestStatus:
    """A repository whose runs harvested nothing yet: its runs, the last one's outcome."""
    return HarvestStatus(
        endpoint=endpoint,
        metadata_prefix=None,
        set_spec=None,
        coverage=(),
        unfinished=None,
        records=records,
        runs=runs,
        last_run=_last_run(started, finished, status, reason),
    )


def read_redis_status(url: str) -> StateStatus:
    """Read a fleet's Redis state (``redis://host:port/db[?prefix=...]``) without changing it.

    The harvests (lanes with coverage or an unfinished listing) and their runs, the last
    one's outcome first: what a failed queue job left. Records delivered and files are not
    counted (``records`` None, no files).

    Raises:
        StoreUnavailable: Redis cannot be reached.
    """
    from politeharvest.fleet import RedisStateStore

    store = RedisStateStore(url)
    try:
        by_endpoint: dict[str, list[Any]] = {}
        for run in store.runs():  # newest first
            by_endpoint.setdefault(run.key, []).append(run)
        harvests = []
        for lane in store.lanes():
            endpoint, prefix, set_spec = [*lane.split("|"), "", ""][:3]
            listings = store.listings(lane)
            unfinished = None
            if listings:
                listing = listings[0]
                unfinished = {
                    "window": listing.window,
                    "pages": listing.pages,
                    "records": listing.records,
                }
            endpoint_runs = by_endpoint.get(endpoint, [])
            last = endpoint_runs[0] if endpoint_runs else None
            harvests.append(
                HarvestStatus(
                    endpoint=endpoint,
                    metadata_prefix=prefix,
                    set_spec=set_spec or None,
                    coverage=tuple(_span(s.to_dict()) for s in store.coverage(lane)),
                    unfinished=unfinished,
                    records=None,
                    runs=len(endpoint_runs),
                    last_run=None
                    if last is None
                    else _last_run(last.started, last.finished, last.status, last.reason),
                )
            )
        for endpoint, endpoint_runs in by_endpoint.items():
            if not any(h.endpoint == endpoint for h in harvests):
                last = endpoint_runs[0]
                harvests.append(
                    _runs_only(
                        endpoint,
                        len(endpoint_runs),
                        last.started,
                        last.finished,
                        last.status,
                        last.reason,
                        None,
                    )
                )
    finally:
        store.close()
    return StateStatus(url, tuple(harvests), {}, {})


def _is_landing(extra: object) -> bool:
    """Whether a URL's outcome is a landing page's (its ``extra`` says so), not a file's."""
    try:
        value = json.loads(str(extra or "{}"))
    except ValueError:
        return False
    return isinstance(value, dict) and bool(value.get("landing"))


def render_status(status: StateStatus) -> str:
    """The text `politeharvest status` prints: a block per harvest, then the files."""
    lines = [f"state {status.path}"]
    if not status.harvests:
        lines.append("  no harvests yet")
    for h in status.harvests:
        scope = f" set {h.set_spec}" if h.set_spec else ""
        if h.metadata_prefix is None:  # runs only: nothing was harvested
            lines.append(f"{h.endpoint}")
            lines.append("  nothing harvested yet")
        else:
            lines.append(f"{h.endpoint} [{h.metadata_prefix}]{scope}")
            covered = ", ".join(f"{a or '(start)'} .. {b or '(open)'}" for a, b in h.coverage)
            lines.append(f"  covered:  {covered or 'nothing yet'}")
        if h.unfinished:
            u = h.unfinished
            lines.append(
                f"  unfinished listing: {u['pages']} pages, {u['records']} records so far "
                "(the same command continues it)"
            )
        if h.records is not None:
            lines.append(f"  records delivered (this repository and format): {h.records}")
        if h.last_run:
            r = h.last_run
            reason = f" ({r['reason']})" if r["reason"] else ""
            lines.append(
                f"  last run of this repository: {r['started']} -> {r['finished'] or '...'} "
                f"{r['status']}{reason}; {h.runs} runs in all"
            )
    if status.files:
        lines.append(
            "files: " + ", ".join(f"{n} {name}" for name, n in sorted(status.files.items()))
        )
    if status.landing_pages:
        pages = sorted(status.landing_pages.items())
        lines.append("landing pages: " + ", ".join(f"{n} {name}" for name, n in pages))
    return "\n".join(lines) + "\n"


def answered_in(path: Path) -> Callable[[str], bool]:
    """Whether a host ever answered a harvest with the state file `path` (read-only).

    What a command that keeps no state of its own (``identify``, ``sets``...) asks, so that a
    host refusing connections that never answered is an error (a typo'd port, exit 1) as in
    ``harvest``, and a host that answered before and now refuses is one that may come back.
    A missing or unreadable file knows no host.
    """

    def answered(host: str) -> bool:
        if not path.is_file():
            return False
        try:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
            try:
                row = db.execute(
                    "SELECT 1 FROM kv WHERE namespace = ? AND key = ?", (ANSWERED, host_key(host))
                ).fetchone()
            finally:
                db.close()
        except sqlite3.Error:
            return False
        return row is not None

    return answered
