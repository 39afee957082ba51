"""Which commits of the SQLite state wait for the disk."""

from __future__ import annotations

from pathlib import Path

from politeharvest.store import SQLiteStateStore

FULL = 2


def test_heartbeats_and_leases_leave_the_connection_durable(tmp_path: Path) -> None:
    store = SQLiteStateStore(tmp_path / "s.sqlite")
    db = store._db
    run = store.start_run("k", 1.0, stuck_after=60.0)
    assert db.execute("PRAGMA synchronous").fetchone()[0] == FULL
    store.heartbeat(run.run_id, 2.0)
    assert store.acquire_lease("host", "me", 2.0, 60.0) is not None
    assert db.execute("PRAGMA synchronous").fetchone()[0] == FULL  # checkpoints stay FULL
    store.close()
    again = SQLiteStateStore(tmp_path / "s.sqlite")
    assert [r.heartbeat for r in again.runs()] == [2.0]  # committed, as every commit is
    assert again.acquire_lease("host", "other", 3.0, 60.0) is None  # held by a live process
    again.close()
