"""State files as politeharvest 0.2 (schema 1, before issue 22) wrote them, for migration tests.

`SCHEMA_1` is `SQLiteStateStore`'s schema of that version, copied verbatim: the fixtures are
built with it and sqlite3 alone, never with the code under test. `to_schema_1` turns a state
a real harvest left (its listings, runs, pending writes and outputs as they are) back into the
file that version would have left: the same rows, its deliveries as text in its own table.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path

#: `SQLiteStateStore._SCHEMA` of schema 1 (politeharvest at commit b9fa4fd), verbatim.
SCHEMA_1 = """
CREATE TABLE IF NOT EXISTS listings (
    listing TEXT PRIMARY KEY, lane TEXT NOT NULL, listing_id TEXT NOT NULL, run_id TEXT NOT NULL,
    cursor TEXT NOT NULL, window TEXT NOT NULL, sink TEXT NOT NULL, outputs TEXT NOT NULL,
    pages INTEGER NOT NULL, records INTEGER NOT NULL, response_date TEXT NOT NULL,
    max_datestamp TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS listings_lane ON listings (lane);
CREATE TABLE IF NOT EXISTS deliveries (
    scope TEXT NOT NULL, identifier TEXT NOT NULL, datestamp TEXT NOT NULL,
    listing_id TEXT NOT NULL, PRIMARY KEY (scope, identifier)
) WITHOUT ROWID;
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

#: The tables schema 2 adds (dropped when a file is turned back into schema 1).
SCHEMA_2_TABLES = ("delivered", "scopes", "listing_ids")


def tables(path: Path) -> dict[str, str]:
    """Every table and view of a state file (name -> its SQL), the pacing's aside."""
    db = sqlite3.connect(path)
    try:
        rows = db.execute(
            "SELECT name, sql FROM sqlite_master WHERE type IN ('table', 'view') "
            "AND name NOT LIKE 'pace%' AND name NOT LIKE 'sqlite%'"
        ).fetchall()
    finally:
        db.close()
    return {str(name): str(sql) for name, sql in rows}


def write_schema_1(path: Path, deliveries: Iterable[tuple[str, str, str, str]]) -> None:
    """A schema-1 state file holding `deliveries` (scope, identifier, datestamp, listing id)."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.executescript(SCHEMA_1)
        db.execute("BEGIN")
        db.executemany("INSERT INTO deliveries VALUES (?, ?, ?, ?)", deliveries)
        db.execute("COMMIT")
    finally:
        db.close()


def to_schema_1(path: Path) -> int:
    """Turn a schema-2 state file back into schema 1, in place; returns its deliveries."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")
        rows = db.execute(
            "SELECT scope, identifier, datestamp, listing_id FROM deliveries"
        ).fetchall()
        db.execute("DROP VIEW deliveries")
        for name in SCHEMA_2_TABLES:
            db.execute(f"DROP TABLE {name}")
        start = SCHEMA_1.index("CREATE TABLE IF NOT EXISTS deliveries")
        db.execute(SCHEMA_1[start : SCHEMA_1.index(";", start)])
        db.executemany("INSERT INTO deliveries VALUES (?, ?, ?, ?)", rows)
        db.execute("PRAGMA user_version = 0")
        db.execute("COMMIT")
    finally:
        db.close()
    return len(rows)
