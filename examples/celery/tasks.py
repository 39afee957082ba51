"""Celery tasks for a fleet: one task per OAI-PMH page, the harvest on a queue of its own.

Start workers with ``celery -A tasks worker -Q harvest``; see README.md beside this file. A
deferral becomes Celery's own delayed retry (``apply_async(countdown=...)``), so no worker
sleeps through a long wait. State, pacing and records live in Redis (docs/fleet.md).
"""

from __future__ import annotations

import datetime as dt
import json
import os
from typing import Any

from celery import Celery

from politeharvest import Deferred, HarvestPlan, PlanCursor, Politeness

REDIS = os.environ.get("PH_REDIS", "redis://127.0.0.1:6379/0")

app = Celery("politeharvest_fleet", broker=REDIS)
app.conf.task_routes = {"tasks.harvest_page": {"queue": "harvest"}}
app.conf.task_acks_late = True  # a worker killed mid-page: the page runs again elsewhere
app.conf.worker_prefetch_multiplier = 1


def _countdown(until: dt.datetime) -> float:
    return max(0.2, (until - dt.datetime.now(dt.timezone.utc)).total_seconds())


@app.task(name="tasks.harvest_page")
def harvest_page(
    endpoint: str, cursor: str | None = None, policy_json: str | None = None
) -> dict[str, Any]:
    """Run one page of the harvest of `endpoint` and queue the next one."""
    policy = Politeness.from_mapping(json.loads(policy_json)) if policy_json else Politeness()
    with HarvestPlan(endpoint, state=REDIS, sink=REDIS, policy=policy) as plan:
        try:
            position = PlanCursor.from_json(cursor) if cursor else plan.start()
        except Deferred as exc:  # the host is busy, or Redis is away: try again later
            harvest_page.apply_async(
                (endpoint, cursor, policy_json), countdown=_countdown(exc.until)
            )
            return {"deferred": exc.reason}
        result = plan.run_page(position)
    if result.deferred_until is not None:
        harvest_page.apply_async(
            (endpoint, position.to_json(), policy_json), countdown=_countdown(result.deferred_until)
        )
        return {"deferred": result.reason}
    if result.next_cursor is not None:
        harvest_page.delay(endpoint, result.next_cursor.to_json(), policy_json)
    return {"records": len(result.records), "done": result.next_cursor is None}


if __name__ == "__main__":
    import sys

    policy = Politeness(user_agent=sys.argv[2]) if len(sys.argv) > 2 else None
    job = harvest_page.delay(sys.argv[1], None, json.dumps(policy.to_mapping()) if policy else None)
    print(json.dumps({"enqueued": job.id, "queue": "harvest"}))
