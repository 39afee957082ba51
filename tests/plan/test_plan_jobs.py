"""A run is many jobs: each page a job with its own budget; a stop between a page's files.

Issue 33: the seeds make each page a job with its own 20-minute budget (a run is stuck only
after 12 hours); a later run of a plan never starts faster than its earlier runs ended;
`run(stop=...)` / `run_page(stop=...)` leave a page's files not yet asked for to the next
run, with the page written and checkpointed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import requests

from politeharvest import HarvestPlan, PlanCursor, Politeness, RequestEvent
from politeharvest.testing import (
    FakeClock,
    LoopbackServer,
    OaiTestRepository,
    Reply,
    ScriptedAdapter,
)
from tests.support import UA
from tests.support.plans import (
    ENDPOINT,
    files_plan_maker,
    plan_maker,
    scripted_repository,
    served_with_files,
)


@pytest.fixture
def repo(clock: FakeClock, adapter: ScriptedAdapter) -> OaiTestRepository:
    return scripted_repository(adapter, clock, 230)


@pytest.fixture
def make_plan(
    http: requests.Session, clock: FakeClock, tmp_path: Path
) -> Callable[..., HarvestPlan]:
    return plan_maker(http, clock, tmp_path)


def identifiers(path: Path) -> list[str]:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    return [row["identifier"] for row in rows if not row.get("retry")]


def test_each_page_of_a_run_is_a_job_with_its_own_budget(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, tmp_path: Path
) -> None:
    # 10 pages 10 s apart: the run takes about 100 s, a job's budget is 45 s
    policy = Politeness(user_agent=UA, request_interval=10, job_budget=45)
    summary = make_plan(policy=policy).run()
    assert summary.complete, summary.reason
    assert summary.deferred_until is None
    assert summary.duration_s > 2 * policy.job_budget
    ids = identifiers(tmp_path / "out.jsonl")
    assert len(ids) == len(set(ids)) == 230


def test_a_page_job_long_after_the_run_began_has_its_own_budget(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, clock: FakeClock
) -> None:
    policy = Politeness(user_agent=UA, request_interval=1, job_budget=60)
    plan = make_plan(policy=policy)
    cursor: PlanCursor | None = plan.start()
    assert cursor is not None
    started = cursor.job_started_at
    pages = 0
    while cursor is not None:
        # a queue takes each page job later than the budget of the run's first one allows
        clock.advance(3 * policy.job_budget)
        text = cursor.to_json()
        assert json.loads(text)["job_started_at"] == started  # the JSON is as it was
        with make_plan(policy=policy) as worker:  # a worker process of its own
            result = worker.run_page(PlanCursor.from_json(text))
        assert result.deferred_until is None, result.reason
        cursor = result.next_cursor
        pages += 1
    assert pages == 10
    plan.close()


def test_a_later_run_of_a_plan_starts_at_the_slowdown_the_earlier_one_reached(
    make_plan: Callable[..., HarvestPlan], adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    # the 3rd request is refused for longer than the policy waits: the run is deferred
    repository = OaiTestRepository.sample(
        100, page_size=25, now=clock.now, replies={3: Reply(503, {"Retry-After": "600"})}
    )
    adapter.add(ENDPOINT, repository)
    events: list[RequestEvent] = []
    policy = Politeness(user_agent=UA, request_interval=1, max_wait=60)
    with make_plan(policy=policy, on_event=events.append) as plan:
        first = plan.run()
        assert first.deferred_until is not None
        assert "600" in first.reason
        clock.advance(601)
        seen = len(events)
        second = plan.run()
        assert second.complete
        sent = [e for e in events[seen:] if e.decision == "sent" and e.kind == "page"]
        assert sent
        # never faster than where the first run ended: x2 after one 503
        assert min(e.multiplier for e in sent) == policy.slowdown_factor


# -- a stop between a page's files ---------------------------------------------------------------


@pytest.fixture
def files_repo() -> Iterator[tuple[LoopbackServer, OaiTestRepository]]:
    with served_with_files() as served:
        yield served


@pytest.mark.integration
def test_a_stop_leaves_the_pages_other_files_to_the_next_run(
    files_repo: tuple[LoopbackServer, OaiTestRepository], tmp_path: Path
) -> None:
    server, _ = files_repo
    stored: list[str] = []
    make = files_plan_maker(server, tmp_path, UA, stored)

    with make() as plan:
        summary = plan.run(stop=lambda: len(stored) >= 3)  # asked, say, by a signal handler
    assert summary.stopped and not summary.complete
    assert summary.pages == 1 and summary.records == 10  # the page is written
    assert len(stored) == 3  # the file in hand was finished; no other was asked for
    rows = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    statuses = [row["fulltext"]["status"] for row in rows]
    assert statuses == ["downloaded"] * 3 + ["retry-later"] * 7
    assert {row["fulltext"]["reason"] for row in rows[3:]} == {"interrupted"}
    assert all(row["fulltext"]["retriable"] for row in rows[3:])
    with make() as plan:
        again = plan.run()
    assert again.complete
    rows = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    retried = [row for row in rows if row.get("retry")]
    assert sorted(row["identifier"] for row in retried) == sorted(
        r["identifier"] for r in rows[3:10]
    )
    assert {row["fulltext"]["status"] for row in retried} == {"downloaded"}
    ids = identifiers(tmp_path / "out.jsonl")
    assert len(ids) == len(set(ids)) == 20
    assert len(stored) == 20  # each file asked for once over both runs
    assert len(list((tmp_path / "files").glob("*.pdf"))) == 20
    before = (tmp_path / "out.jsonl").read_text()
    with make() as plan:
        third = plan.run()  # nothing left: the retried landing pages are retried no more
    assert third.complete and third.records == 0 and not third.files
    assert (tmp_path / "out.jsonl").read_text() == before
    assert len(stored) == 20
