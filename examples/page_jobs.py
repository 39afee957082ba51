"""One OAI-PMH page per job: the pattern for Celery, RQ, Dramatiq or cron.

A `HarvestPlan` gives a JSON cursor; each job runs one page and hands the next
cursor to the next job. Long waits are never slept in a worker: a deferred page
comes back with `deferred_until`, and the queue schedules the job for then.

This sketch runs the jobs with a tiny in-process queue (a list ordered by the
time each job may run) against the offline sample repository. With Celery the
same task would read:

    @app.task
    def harvest_page(payload: str) -> None:
        plan = make_plan()                      # the same settings in every worker
        result = plan.run_page(PlanCursor.from_json(payload))
        if result.deferred_until is not None:
            harvest_page.apply_async((payload,), eta=result.deferred_until)
        elif result.next_cursor is not None:
            harvest_page.delay(result.next_cursor.to_json())

and with RQ: ``queue.enqueue_at(result.deferred_until, harvest_page, payload)``.
Workers of a fleet share pacing and state through the plan's stores.
"""

from __future__ import annotations

import heapq
import sys
import time
from pathlib import Path

from politeharvest import HarvestPlan, PlanCursor, Politeness
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply

POLICY = Politeness(
    user_agent="politeharvest-example/0.1 (mailto:politeharvest-example@example.org)",
    request_interval=0.05,
    max_wait=1.0,  # so the sample's Retry-After of 2 s defers the job instead of sleeping
    allow_private_addresses=True,  # the sample repository runs on loopback
)


def main(argv: list[str] | None = None) -> int:
    workdir = Path(argv[0]) if argv else Path(".politeharvest/page-jobs")
    workdir.mkdir(parents=True, exist_ok=True)
    out = workdir / "records.jsonl"
    out.unlink(missing_ok=True)
    with LoopbackServer("127.0.0.1") as server:
        # the repository is busy once: its 3rd answer is a 503 asking for 2 s
        server.add(
            "/oai",
            OaiTestRepository.sample(
                100, page_size=20, replies={3: Reply(503, {"Retry-After": "2"})}
            ),
        )

        def make_plan() -> HarvestPlan:  # every worker builds the same plan
            return HarvestPlan(
                server.url("/oai"),
                sets=("math", "cs"),
                policy=POLICY,
                state=workdir / "state.sqlite",
                sink=out,
            )

        queue: list[tuple[float, int, str]] = [(time.time(), 0, make_plan().start().to_json())]
        jobs = deferred = 0
        while queue:
            not_before, _, payload = heapq.heappop(queue)
            time.sleep(max(0.0, not_before - time.time()))  # the queue's scheduler, not the worker
            result = make_plan().run_page(PlanCursor.from_json(payload))
            jobs += 1
            if result.deferred_until is not None:
                deferred += 1
                print(
                    f"job {jobs}: deferred until {result.deferred_until:%H:%M:%S} ({result.reason})"
                )
                heapq.heappush(queue, (result.deferred_until.timestamp(), jobs, payload))
            elif result.next_cursor is not None:
                print(f"job {jobs}: {len(result.records)} records")
                heapq.heappush(queue, (time.time(), jobs, result.next_cursor.to_json()))
            else:
                print(f"job {jobs}: {len(result.records)} records, harvest complete")
    lines = out.read_text().splitlines()
    print(f"{jobs} jobs ({deferred} deferred), {len(lines)} records in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
