"""RQ tasks for a fleet: one task per OAI-PMH page, full-text files as tasks of their own.

A page task runs one page of a `HarvestPlan` whose state, pacing and output live in Redis,
then enqueues the next page. A deferral (Retry-After longer than a worker should sleep, the
host held by another job, Redis briefly gone) becomes RQ's own delayed job
(``enqueue_in``), so no worker sleeps through a 5-minute wait. Start workers with
``--with-scheduler`` so delayed jobs run; a full-text file that cannot be had now
(``retry-later``) is asked for again the same way, after the policy's ``backoff``. A task
that raises (a refused address, a bug) fails as RQ fails it; `HarvestPlan.run_page` has
given the host back by then, so a corrected job runs at once on the same worker. See
README.md beside this file.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from typing import Any

import attrs
from redis import Redis
from rq import Queue, get_current_job

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

#: The harvest has a queue of its own, so short jobs (mail, virus scans) never wait behind it.
HARVEST_QUEUE = os.environ.get("PH_HARVEST_QUEUE", "harvest")
FILES_QUEUE = os.environ.get("PH_FILES_QUEUE", "harvest-files")
#: Where the full-text tasks store the records' files (``PH_FETCH_FILES=1``).
FILES_DIR = os.environ.get("PH_FILES_DIR", "files")
#: The longest wait a task sleeps inside the worker; a longer one (Retry-After, the host held
#: by another job) becomes a delayed job, so no worker sleeps through a 5-minute wait.
INLINE_WAIT = float(os.environ.get("PH_MAX_INLINE_WAIT", "5"))


def _policy(policy_json: str | None) -> Politeness:
    """The job's own policy; else the worker's ``PH_POLICY`` file; else the default."""
    if policy_json:
        return Politeness.from_mapping(json.loads(policy_json))
    policy_file = os.environ.get("PH_POLICY")
    return Politeness.from_file(policy_file) if policy_file else Politeness()


def _queue(name: str) -> Queue:
    job = get_current_job()
    connection = job.connection if job is not None else Redis.from_url(os.environ["RQ_REDIS_URL"])
    return Queue(name, connection=connection)


def _later(until: dt.datetime) -> dt.timedelta:
    return max(dt.timedelta(seconds=0.2), until - dt.datetime.now(dt.timezone.utc))


def harvest_page(
    endpoint: str,
    state: str,
    sink: str,
    cursor: str | None = None,
    policy_json: str | None = None,
) -> dict[str, Any]:
    """Run one page of the harvest of `endpoint` and enqueue the next one.

    Args:
        endpoint: the repository's OAI-PMH base URL.
        state: ``redis://host:6379/0`` (pacing lives there too).
        sink: where records go: the same Redis URL (its exactly-once stream) or a file.
        cursor: the page to run (None: start a run).
        policy_json: a `Politeness` as JSON (otherwise the worker's ``PH_POLICY`` file, or
            the default policy).
    """
    args = (endpoint, state, sink)
    plan = HarvestPlan(
        endpoint,
        state=state,
        sink=sink,
        policy=_policy(policy_json),
        max_inline_wait=INLINE_WAIT,
    )
    with plan:
        position = PlanCursor.from_json(cursor) if cursor else None
        try:
            position = position if position is not None else plan.start()
            result = plan.run_page(position)
        except Deferred as exc:  # the host is busy, or Redis is away: try again later
            again = position.to_json() if position is not None else None
            _queue(HARVEST_QUEUE).enqueue_in(
                _later(exc.until), harvest_page, *args, again, policy_json
            )
            return {"deferred": exc.reason}
    queue = _queue(HARVEST_QUEUE)
    if result.deferred_until is not None:
        queue.enqueue_in(
            _later(result.deferred_until), harvest_page, *args, position.to_json(), policy_json
        )
        return {"deferred": result.reason}
    if os.environ.get("PH_FETCH_FILES"):
        # full text as tasks of their own, on their own queue, under the same per-host pacing
        for record in result.records:
            if not record.deleted:
                _queue(FILES_QUEUE).enqueue(
                    fetch_fulltext,
                    record.identifier,
                    {name: list(values) for name, values in record.metadata.items()},
                    state,
                    policy_json,
                )
    if result.next_cursor is not None:
        queue.enqueue(harvest_page, *args, result.next_cursor.to_json(), policy_json)
    return {"records": len(result.records), "done": result.next_cursor is None}


def fetch_fulltext(
    identifier: str,
    metadata: dict[str, list[str]],
    state: str,
    policy_json: str | None = None,
    attempt: int = 0,
) -> dict[str, Any] | None:
    """Find and fetch one record's own full-text file into ``PH_FILES_DIR`` (a full-text task).

    The same step as ``harvest --files``: the landing page is read, the file found, fetched
    and checked against the record's metadata, under the fleet's per-host pacing. Returns
    the record's ``fulltext`` object as ``harvest --files`` writes it (RQ keeps it as the
    job's result).

    A file that cannot be had now (``retry-later``: a wait longer than ``PH_MAX_INLINE_WAIT``,
    a Retry-After, a 503, a network error) becomes the same job again, delayed
    (``enqueue_in``) by the policy's ``backoff`` waits one after the other, `attempt` counting
    them; no request goes out before the host's hold ends, since every worker shares it.
    When they are spent, the ``retry-later`` object is the result (as ``harvest`` leaves the
    file to its next run). Delayed jobs need a worker started ``--with-scheduler``.
    """
    record = OaiRecord(
        identifier=identifier,
        datestamp="",
        metadata={name: tuple(values) for name, values in metadata.items()},
    )
    policy = _policy(policy_json)
    pace = RedisPaceStore(state)
    args = (identifier, metadata, state, policy_json)
    with PoliteSession(policy, pace_store=pace, max_inline_wait=INLINE_WAIT) as s:
        try:
            fulltext = FullTextStep(s, FullText(directory=FILES_DIR)).for_record(record)
        except Deferred as exc:  # one the step did not report as retry-later: its moment
            _queue(FILES_QUEUE).enqueue_in(_later(exc.until), fetch_fulltext, *args, attempt)
            return {"deferred": exc.reason}
    later = fulltext is not None and fulltext["status"] == "retry-later"
    countdown = policy.retry_wait(attempt) if later else None
    if fulltext is not None and countdown is not None:
        _queue(FILES_QUEUE).enqueue_in(
            dt.timedelta(seconds=countdown), fetch_fulltext, *args, attempt + 1
        )
        return {"deferred": fulltext["reason"], "countdown": countdown}
    return fulltext


def start(endpoint: str, state: str, sink: str, policy: Politeness | None = None) -> Any:
    """Enqueue the first page of a harvest (from the command line: python -m tasks URL)."""
    queue = Queue(HARVEST_QUEUE, connection=Redis.from_url(state.split("?", 1)[0]))
    return queue.enqueue(
        harvest_page,
        endpoint,
        state,
        sink,
        None,
        json.dumps(policy.to_mapping()) if policy else None,
    )


def main(argv: list[str]) -> None:
    """``python tasks.py ENDPOINT [USER_AGENT]``: enqueue a harvest and print its job id.

    Redis is named by ``PH_REDIS``; ``PH_POLICY`` may name a ``.toml``/``.json`` policy file
    (the CLI's ``--policy`` format), on which the user agent, if given, is set.
    """
    url = os.environ.get("PH_REDIS", "redis://127.0.0.1:6379/0")
    policy_file = os.environ.get("PH_POLICY")
    policy = Politeness.from_file(policy_file) if policy_file else None
    if len(argv) > 1:
        policy = attrs.evolve(policy or Politeness(), user_agent=argv[1])
    job = start(argv[0], url, url, policy)
    print(json.dumps({"enqueued": job.id, "queue": HARVEST_QUEUE}))


if __name__ == "__main__":
    import sys

    # RQ refuses functions of the ``__main__`` module (a worker could not import them): the
    # jobs must name ``tasks.harvest_page``, so the module enqueues through its importable self.
    import tasks

    tasks.main(sys.argv[1:])
