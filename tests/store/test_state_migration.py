"""A schema-1 state file (politeharvest before issue 22) opens, migrates once, all or nothing."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from politeharvest.exceptions import StateCorrupt
from politeharvest.store import Span, SQLiteStateStore
from politeharvest.store import _deliveries as dv
from politeharvest.store._state import PageCommit
from tests.support.oldstate import tables, to_schema_1, write_schema_1
from tests.support.stamps import identifiers, stamps

SCOPE = "https://repo.example.org/oai|oai_dc"


def old_rows(count: int) -> list[tuple[str, str, str, str]]:
    """Deliveries of two scopes, with identifiers and datestamps of every kind."""
    rows = []
    for n in range(count):
        stamp = f"20{n % 30:02d}-0{1 + n % 9}-1{n % 10}T0{n % 10}:1{n % 10}:2{n % 10}Z"
        if n % 97 == 0:
            stamp = stamp[:10]  # a day
        if n % 89 == 0:
            stamp = stamp.replace("Z", ".25Z")  # not canonical: kept as text
        ident = f"oai:repo.example.org:{n:07d}" if n % 50 else f"urn:other:{n}"
        rows.append(
            (SCOPE if n % 3 else "https://b.example.org/oai|marc", ident, stamp, f"L{n % 4}")
        )
    return rows


def view_rows(path: Path) -> set[tuple[str, str, str, str]]:
    """The deliveries a file holds, as text, read without migrating it (schema 1 or 2)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return set(db.execute("SELECT scope, identifier, datestamp, listing_id FROM deliveries"))
    finally:
        db.close()


def version(path: Path) -> int:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return dv.schema_version(db)
    finally:
        db.close()


def test_the_fixture_is_schema_1(tmp_path: Path) -> None:
    """`to_schema_1` leaves what schema 1 created: the same tables, the same SQL."""
    fresh, turned = tmp_path / "fresh.sqlite", tmp_path / "turned.sqlite"
    write_schema_1(fresh, [])
    store = SQLiteStateStore(turned)
    store.commit(PageCommit(SCOPE, (("oai:repo.example.org:1", "2024-01-01"),), "L", None, "k"))
    store.close()
    assert version(turned) == 2
    assert to_schema_1(turned) == 1
    assert tables(turned) == tables(fresh)
    assert version(turned) == version(fresh) == 1


def test_a_schema_1_file_is_migrated_and_reads_the_same(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    rows = old_rows(3000)
    write_schema_1(path, rows)
    db = sqlite3.connect(path)
    db.execute("INSERT INTO marks VALUES (?, ?)", (f"{SCOPE}|", "2024-05-01"))  # older still
    db.commit()
    db.close()
    store = SQLiteStateStore(path)
    assert version(path) == 2
    assert "deliveries" not in {
        n for n, sql in tables(path).items() if sql.startswith("CREATE TABLE")
    }
    assert view_rows(path) == set(rows)
    prefixes = dict(store._db.execute("SELECT scope, prefix FROM scopes"))
    assert prefixes == {SCOPE: "", "https://b.example.org/oai|marc": ""}  # urn:... and oai:...
    for scope in (SCOPE, "https://b.example.org/oai|marc"):
        pairs = [(i, s) for sc, i, s, _ in rows if sc == scope]
        assert store.filter_new(scope, pairs) == set()  # nothing delivered again
        newer = [(i, "2099-01-01") for i, _ in pairs[:5]]
        assert store.filter_new(scope, newer) == {i for i, _ in newer}
        assert store.filter_new(scope, pairs, listing_id="L1") == {
            i for sc, i, _, by in rows if sc == scope and by != "L1"
        }
    # the coverage of a state older than schema 1's coverage table: its high-water mark
    (span,) = store.coverage(f"{SCOPE}|")
    assert span == Span(None, span.end, "2024-05-01", True)
    store.close()
    again = SQLiteStateStore(path)  # nothing left to migrate
    assert view_rows(path) == set(rows)
    again.close()


def test_a_prefix_is_chosen_from_all_of_a_scopes_identifiers(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    rows = [(SCOPE, f"oai:repo.example.org:{n}", "2024-01-01", "L") for n in range(20)]
    rows.append((SCOPE, "oai:repo.example.org:007", "2024-01-01", "L"))
    write_schema_1(path, rows)
    store = SQLiteStateStore(path)
    assert store._db.execute("SELECT prefix FROM scopes").fetchall() == [("oai:repo.example.org:",)]
    assert {r[0] for r in store._db.execute("SELECT ident FROM delivered")} == {
        *range(20),  # plain numbers as integers
        "007",  # not written plainly: text
    }
    assert view_rows(path) == set(rows)


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    SQLiteStateStore(path).close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()
    with pytest.raises(StateCorrupt, match=r"newer politeharvest.*schema 3") as info:
        SQLiteStateStore(path)
    assert info.value.path == str(path)
    assert "upgrade politeharvest" in info.value.remedy


CHILD = """
import sys
from politeharvest.store import SQLiteStateStore, _deliveries
copy = _deliveries._copy_v1

def copying(db):
    print("copying", flush=True)  # inside the migration's transaction
    return copy(db)

_deliveries._copy_v1 = copying
SQLiteStateStore(sys.argv[1]).close()
print("done", flush=True)
"""


def test_sigkill_during_the_migration_leaves_a_file_the_next_run_migrates(tmp_path: Path) -> None:
    """Killed at random moments while it migrates: the file is schema 1 or 2, never between,
    always with every delivery; the next open migrates it."""
    rows = old_rows(60_000)
    source = tmp_path / "source.sqlite"
    write_schema_1(source, rows)
    expected = set(rows)
    path = tmp_path / "old.sqlite"
    started = time.perf_counter()
    path.write_bytes(source.read_bytes())
    SQLiteStateStore(path).close()
    took = time.perf_counter() - started
    rng = random.Random(22)
    outcomes = []
    for attempt in range(6):
        if attempt % 2 == 0:  # from schema 1 again, or from what the last kill left
            for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
                name.unlink(missing_ok=True)
            path.write_bytes(source.read_bytes())
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, text=True
        )
        assert child.stdout is not None
        first = child.stdout.readline().strip()
        time.sleep(rng.uniform(0.0, took))
        child.kill()
        child.wait()
        child.stdout.close()
        outcomes.append((first, version(path)))
        assert view_rows(path) == expected  # all of schema 1, or all of schema 2
    # most kills came inside the migration, before its commit
    assert outcomes.count(("copying", 1)) >= 3, outcomes
    store = SQLiteStateStore(path)
    assert version(path) == 2
    assert view_rows(path) == expected
    assert store.filter_new(SCOPE, [(i, s) for sc, i, s, _ in rows if sc == SCOPE]) == set()
    store.close()


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.dictionaries(
        st.tuples(st.sampled_from(["a|oai_dc", "b|marc"]), identifiers),
        st.tuples(stamps, st.sampled_from(["L1", "L2"])),
        max_size=40,
    )
)
def test_a_migration_never_loses_or_changes_a_delivery(
    tmp_path_factory: pytest.TempPathFactory,
    rows: dict[tuple[str, str], tuple[str, str]],
) -> None:
    path = tmp_path_factory.mktemp("m") / "old.sqlite"
    old = [(scope, ident, stamp, by) for (scope, ident), (stamp, by) in rows.items()]
    write_schema_1(path, old)
    store = SQLiteStateStore(path)
    assert view_rows(path) == set(old)
    for scope in ("a|oai_dc", "b|marc"):
        mine = [(i, s) for sc, i, s, _ in old if sc == scope]
        assert store.filter_new(scope, mine) == set()
        assert store.filter_new(scope, mine, listing_id="L1") == {
            i for sc, i, _, by in old if sc == scope and by != "L1"
        }
    store.close()
