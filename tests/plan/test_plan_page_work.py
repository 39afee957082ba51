"""A page's work does not grow with the listing's length: counted, not timed.

`HarvestPlan.run` over a 60-page listing on loopback, counting between one page's `on_page`
and the next the Python calls this thread makes (a profile hook, C calls included) and the
instructions SQLite's virtual machine runs for the state (a progress handler on its
connection). A scan of what the listing delivered so far, a list or a table walked per
page, would make the late pages cost more than the early ones; the B-tree searches of the
deliveries do not (a search is one instruction, whatever the table's depth). The statements
a page sends to the state are counted too (a trace callback; the deliveries' upsert counts
once however many rows it takes): ten, at most, in three transactions.
"""

from __future__ import annotations

import sqlite3
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from politeharvest import HarvestPlan
from politeharvest.plan import Lane, PageResult
from politeharvest.store import _state
from politeharvest.testing import LoopbackServer, Reply
from tests.support import SCALED
from tests.support.providers import generate, pyoai_route

pytestmark = pytest.mark.integration

PAGES = 60
ITEMS = generate(PAGES * 50)
FAST = attrs.evolve(SCALED, request_interval=0.0, file_interval=0.0, jitter=0.0)


@pytest.fixture(scope="module")
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer("127.0.0.6") as srv:
        srv.add("/oai", pyoai_route(ITEMS, batch_size=50))
        srv.add("/robots.txt", Reply(200, {"Content-Type": "text/plain"}, ""))
        yield srv


def test_a_page_costs_the_same_at_the_end_of_a_listing_as_at_its_start(
    server: LoopbackServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    counts = {"python": 0, "sqlite": 0, "statements": 0}

    def counted(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        db = connect(*args, **kwargs)

        def step() -> int:
            counts["sqlite"] += 1  # every 10 instructions
            return 0

        def statement(sql: str) -> None:
            if not sql.startswith("INSERT INTO delivered"):  # the upsert's rows, one by one
                counts["statements"] += 1

        db.set_progress_handler(step, 10)
        db.set_trace_callback(statement)
        return db

    connect = _state.connect
    monkeypatch.setattr(_state, "connect", counted)
    per_page: list[tuple[int, int, int]] = []

    def on_page(result: PageResult, lane: Lane) -> bool:
        per_page.append((counts["python"], counts["sqlite"], counts["statements"]))
        counts["python"] = counts["sqlite"] = counts["statements"] = 0
        return True

    def hook(frame: Any, event: str, arg: Any) -> None:
        if event in ("call", "c_call"):
            counts["python"] += 1

    plan = HarvestPlan(
        server.url("/oai"),
        policy=FAST,
        state=tmp_path / "state.sqlite",
        sink=tmp_path / "records.jsonl",
    )
    sys.setprofile(hook)
    try:
        summary = plan.run(on_page=on_page)
    finally:
        sys.setprofile(None)
    assert summary.records == len(ITEMS) and len(per_page) == PAGES
    early, late = per_page[5:15], per_page[-12:-2]  # not the first pages nor the last
    for kind in (0, 1):
        before = statistics.median(p[kind] for p in early)
        after = statistics.median(p[kind] for p in late)
        assert before > 0
        assert after <= before * 1.05, (kind, before, after, per_page)
    # A page: the listing's checkpoint read, the filter's one SELECT, the pending write
    # (BEGIN, INSERT, COMMIT), the commit (BEGIN, the deliveries' upsert, the checkpoint,
    # the pending write cleared, COMMIT); the lease and the heartbeat once a second.
    statements = [p[2] for p in (*early, *late)]
    assert statistics.median(statements) <= 10, per_page
