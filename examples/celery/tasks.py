"""Celery tasks for a fleet: one task per OAI-PMH page, full-text files as tasks of their own.

Start workers with ``celery -A tasks worker -Q harvest`` (``-Q harvest,harvest-files`` for full
text); see README.md beside this file. A deferral becomes Celery's own delayed task
(``apply_async(countdown=...)``), so no worker sleeps through a long wait. State, pacing,
records and the tasks' results live in Redis (docs/fleet.md).
"""

from __future__ import annotations

import datetime as dt
import json
import os
from typing import Any

import attrs
from celery import Celery

from politeharvest import (
    Deferred,
    FullText,
    HarvestPlan,
    OaiRecord,
    PlanCursor,
    Politeness,
    PoliteSession,
)
from politeharvest.fleet import RedisPaceStore
from politeharvest.fulltext import FullTextStep

REDIS = os.environ.get("PH_REDIS", "redis://127.0.0.1:6379/0")
#: A policy file in the CLI's ``--policy`` format (``.toml`` or ``.json``): read by
#: ``python tasks.py`` (the job carries the policy), and by a worker for jobs that carry none.
POLICY_FILE = os.environ.get("PH_POLICY")

#: The harvest has a queue of its own, so short jobs (mail, virus scans) never wait behind
#: it; the full-text tasks another, so a worker can be started for either or both.
HARVEST_QUEUE = "harvest"
FILES_QUEUE = "harvest-files"
#: Where the full-text tasks store the records' files (workers started with ``PH_FETCH_FILES=1``).
FILES_DIR = os.environ.get("PH_FILES_DIR", "files")

# Results in Redis too: a full-text task's result is the record's `fulltext` object, and
# `result_extended` keeps the task's name and arguments (the record's identifier) beside it.
app = Celery("politeharvest_fleet", broker=REDIS, backend=REDIS)
app.conf.task_routes = {
    "tasks.harvest_page": {"queue": HARVEST_QUEUE},
    "tasks.fetch_fulltext": {"queue": FILES_QUEUE},
}
app.conf.result_extended = True
app.conf.task_acks_late = True  # a worker killed mid-page: the page runs again elsewhere
app.conf.worker_prefetch_multiplier = 1


#: The longest wait a task sleeps inside the worker, in seconds (``PH_MAX_INLINE_WAIT``).
INLINE_WAIT = float(os.environ.get("PH_MAX_INLINE_WAIT", "5"))


def _policy(policy_json: str | None) -> Politeness:
    """The task's own policy; else the worker's ``PH_POLICY`` file; else the default."""
    if policy_json:
        return Politeness.from_mapping(json.loads(policy_json))
    return Politeness.from_file(POLICY_FILE) if POLICY_FILE else Politeness()


def _countdown(until: dt.datetime) -> float:
    return max(0.2, (until - dt.datetime.now(dt.timezone.utc)).total_seconds())


@app.task(name="tasks.harvest_page")
def harvest_page(
    endpoint: str, cursor: str | None = None, policy_json: str | None = None
) -> dict[str, Any]:
    """Run one page of the harvest of `endpoint` and queue the next one.

    On a worker started with ``PH_FETCH_FILES=1``, each record of the page that is not
    deleted also gets a `fetch_fulltext` task (the ``harvest-files`` queue) once the page is
    committed.

    A task that raises (a refused address, a bug) fails as Celery fails it; `run_page` has
    given the host back by then, so a corrected task runs at once on the same worker.
    """
    policy = _policy(policy_json)
    # A wait longer than INLINE_WAIT (Retry-After, the host held by another job) comes back
    # as a deferral and becomes a task with a countdown: no worker sleeps through it.
    plan = HarvestPlan(
        endpoint, state=REDIS, sink=REDIS, policy=policy, max_inline_wait=INLINE_WAIT
    )
    with plan:
        position = PlanCursor.from_json(cursor) if cursor else None
        try:
            position = position if position is not None else plan.start()
            result = plan.run_page(position)
        except Deferred as exc:  # the host is busy, or Redis is away: try again later
            again = position.to_json() if position is not None else None
            harvest_page.apply_async(
                (endpoint, again, policy_json), countdown=_countdown(exc.until)
            )
            return {"deferred": exc.reason}
    if result.deferred_until is not None:
        harvest_page.apply_async(
            (endpoint, position.to_json(), policy_json), countdown=_countdown(result.deferred_until)
        )
        return {"deferred": result.reason}
    if os.environ.get("PH_FETCH_FILES"):
        # full text as tasks of their own, on their own queue, under the same per-host pacing
        for record in result.records:
            if not record.deleted:
                fetch_fulltext.delay(
                    record.identifier,
                    {name: list(values) for name, values in record.metadata.items()},
                    policy_json,
                )
    if result.next_cursor is not None:
        harvest_page.delay(endpoint, result.next_cursor.to_json(), policy_json)
    return {"records": len(result.records), "done": result.next_cursor is None}


@app.task(name="tasks.fetch_fulltext")
def fetch_fulltext(
    identifier: str,
    metadata: dict[str, list[str]],
    policy_json: str | None = None,
    attempt: int = 0,
) -> dict[str, Any] | None:
    """Find and fetch one record's own full-text file into ``PH_FILES_DIR`` (a full-text task).

    The same step as ``harvest --files``: the landing page is read, the file found, fetched
    and checked against the record's metadata, under the fleet's per-host pacing. Returns
    the record's ``fulltext`` object as ``harvest --files`` writes it (the task's result).

    A file that cannot be had now (``retry-later``: a wait longer than ``PH_MAX_INLINE_WAIT``,
    a Retry-After, a 503, a network error) becomes the same task with a countdown, the
    policy's ``backoff`` waits one after the other; no request goes out before the host's
    hold ends, since every worker shares it. When they are spent, the ``retry-later`` object
    is the result (as ``harvest`` leaves the file to its next run). A task that raises (cut
    off by a ``soft_time_limit`` in the middle of a request, a bug) fails as Celery fails
    it, and its turn on the host ends with it, so the next task runs at once.
    """
    record = OaiRecord(
        identifier=identifier,
        datestamp="",
        metadata={name: tuple(values) for name, values in metadata.items()},
    )
    policy = _policy(policy_json)
    pace = RedisPaceStore(REDIS)
    with PoliteSession(policy, pace_store=pace, max_inline_wait=INLINE_WAIT) as session:
        try:
            fulltext = FullTextStep(session, FullText(directory=FILES_DIR)).for_record(record)
        except Deferred as exc:  # one the step did not report as retry-later: its moment
            fetch_fulltext.apply_async(
                (identifier, metadata, policy_json, attempt), countdown=_countdown(exc.until)
            )
            return {"deferred": exc.reason}
    later = fulltext is not None and fulltext["status"] == "retry-later"
    countdown = policy.retry_wait(attempt) if later else None
    if fulltext is not None and countdown is not None:
        fetch_fulltext.apply_async(
            (identifier, metadata, policy_json, attempt + 1), countdown=countdown
        )
        return {"deferred": fulltext["reason"], "countdown": countdown}
    return fulltext


def main(argv: list[str]) -> None:
    """``python tasks.py ENDPOINT [USER_AGENT]``: enqueue a harvest and print its task id.

    Redis is named by ``PH_REDIS``; ``PH_POLICY`` may name a ``.toml``/``.json`` policy file
    (the CLI's ``--policy`` format), on which the user agent, if given, is set.
    """
    policy = Politeness.from_file(POLICY_FILE) if POLICY_FILE else None
    if len(argv) > 1:
        policy = attrs.evolve(policy or Politeness(), user_agent=argv[1])
    job = harvest_page.delay(argv[0], None, json.dumps(policy.to_mapping()) if policy else None)
    print(json.dumps({"enqueued": job.id, "queue": HARVEST_QUEUE}))


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])  # the task's name is explicit: a worker that imports tasks runs it
