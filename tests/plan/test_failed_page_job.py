"""A page job that raises gives the host back at once, and the corrected job continues.

In a queue the worker process lives on after a job failed (Celery's prefork pool, RQ's
SimpleWorker): the host's lease of the failed job must not outlive it, or every corrected job
is deferred until the lease's time runs out (25 minutes with the default budget). The real
workers are in tests/fleet/test_failed_jobs.py; here the plan itself, on a FakeClock.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
import requests

from politeharvest import HarvestPlan, PlanCursor, Politeness
from politeharvest.store._sinks import Row
from politeharvest.testing import FakeClock, OaiTestRepository, ScriptedAdapter
from tests.support import UA
from tests.support.plans import HOST, plan_maker, scripted_repository

POLICY = Politeness(user_agent=UA)


@pytest.fixture
def repo(clock: FakeClock, adapter: ScriptedAdapter) -> OaiTestRepository:
    return scripted_repository(adapter, clock, 75)


@pytest.fixture
def make_plan(
    http: requests.Session, clock: FakeClock, tmp_path: Path
) -> Callable[..., HarvestPlan]:
    return plan_maker(http, clock, tmp_path, policy=POLICY)


class Broken(RuntimeError):
    """The job's own code failed (a bug, a full disk, a queue's time limit)."""


def failing_sink(rows: list[Row]) -> None:
    raise Broken("the job's sink failed")


def identifiers(path: Path) -> list[str]:
    return [json.loads(line)["identifier"] for line in path.read_text().splitlines()]


def test_a_page_job_that_raises_gives_the_host_back_and_the_next_job_continues(
    make_plan: Callable[..., HarvestPlan],
    repo: OaiTestRepository,
    clock: FakeClock,
    tmp_path: Path,
) -> None:
    out = tmp_path / "out.jsonl"
    first = make_plan()
    cursor = first.start()
    page = first.run_page(cursor)  # page 1 is durable: its checkpoint is written
    assert page.next_cursor is not None and page.deferred_until is None
    first.close()
    broken = make_plan(sink=failing_sink)
    with pytest.raises(Broken):
        broken.run_page(page.next_cursor)  # the same process lives on, as a queue's worker does
    # The host is free at once (not after the lease's 25 minutes), for any other job:
    taken = broken.store.acquire_lease(HOST, "another-job", clock.now(), 10.0)
    assert taken is not None
    broken.store.release_lease(HOST, "another-job")
    run = next(r for r in broken.store.runs() if r.run_id == cursor.run_id)
    assert run.status == "failed" and "Broken" in run.reason
    broken.close()
    # The corrected job: a new run, on the same state, in the same process, not deferred,
    # continuing after page 1 (nothing of the failed page was committed).
    with make_plan() as corrected:
        summary = corrected.run()
    assert summary.complete and summary.deferred_until is None
    assert summary.records == 50
    assert identifiers(out) == sorted(r.identifier for r in repo.records)


def test_the_failed_cursor_enqueued_again_continues_its_run(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, tmp_path: Path
) -> None:
    """A queue's retry of the same job (the same cursor) runs, and finishes the run."""
    plan = make_plan()
    payload = plan.start().to_json()
    plan.close()
    with make_plan(sink=failing_sink) as broken, pytest.raises(Broken):
        broken.run_page(PlanCursor.from_json(payload))
    delivered = 0
    while payload is not None:
        with make_plan() as job:
            result = job.run_page(PlanCursor.from_json(payload))
        assert result.deferred_until is None, result.reason
        delivered += len(result.records)
        payload = result.next_cursor.to_json() if result.next_cursor else None
    assert delivered == 75
    assert identifiers(tmp_path / "out.jsonl") == sorted(r.identifier for r in repo.records)


def test_a_raised_deferral_closes_the_run_as_deferred_and_frees_the_host(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, clock: FakeClock
) -> None:
    """A deferral raised out of the page (the shared store away), not returned."""
    import datetime as dt

    from politeharvest.exceptions import StoreUnavailable

    def away(rows: list[Row]) -> None:
        until = dt.datetime.fromtimestamp(clock.now() + 30, tz=dt.timezone.utc)
        raise StoreUnavailable("redis://127.0.0.1:9/0", until, "connection refused")

    with make_plan(sink=away) as plan:
        cursor = plan.start()
        with pytest.raises(StoreUnavailable):
            plan.run_page(cursor)
        run = next(r for r in plan.store.runs() if r.run_id == cursor.run_id)
        assert run.status == "deferred"
        assert plan.store.acquire_lease(HOST, "another-job", clock.now(), 10.0) is not None
