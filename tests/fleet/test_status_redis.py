"""`politeharvest status --state redis://...`: what a fleet's failed job left, as docs/fleet.md says.

A page job fails on a broken second page; the run is closed as failed with the error, and
the listing stays unfinished at page 1. `status` on the Redis state says so (text and JSON),
as it does for a SQLite state; it changes nothing in Redis.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import redis

from politeharvest import HarvestPlan, Politeness
from politeharvest.exceptions import HarvestError
from politeharvest.testing import LoggedRequest, LoopbackServer, OaiTestRepository, Reply
from tests.support import UA

pytestmark = pytest.mark.integration


def test_status_of_a_redis_state_names_the_failed_run_and_the_unfinished_listing(
    redis_url: str, tmp_path: Path
) -> None:
    repository = OaiTestRepository.sample(60, page_size=25)
    asked = []

    def broken_second_page(request: LoggedRequest) -> Reply:
        asked.append(request)
        if "resumptionToken" in request.url:
            return Reply(
                200, {"Content-Type": "text/html"}, "<html><body>Server error</body></html>"
            )
        return repository(request)

    policy = Politeness(
        user_agent=UA,
        request_interval=0.01,
        jitter=0.0,
        backoff=(0.05, 0.05, 0.05),
        allow_private_addresses=True,
    )
    with LoopbackServer("127.0.0.1") as server:
        server.add("/oai", broken_second_page)
        server.add("/robots.txt", Reply(200, body="User-agent: *\n"))
        plan = HarvestPlan(
            server.url("/oai"), policy=policy, state=redis_url, sink=tmp_path / "out.jsonl"
        )
        with plan, pytest.raises(HarvestError):
            plan.run()
        endpoint = server.url("/oai")
    client = redis.Redis.from_url(redis_url.split("?")[0])
    prefix = redis_url.split("prefix=")[1]
    before = {k: client.dump(k) for k in client.scan_iter(f"{prefix}*")}

    def status(*extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "politeharvest", "status", "--state", redis_url, *extra],
            capture_output=True,
            text=True,
            timeout=60,
        )

    text = status()
    assert text.returncode == 0, text.stderr
    assert endpoint in text.stdout
    assert "unfinished listing: 1 pages, 25 records so far" in text.stdout
    assert "failed" in text.stdout and "1 runs in all" in text.stdout
    data = json.loads(status("--json").stdout)
    (harvest,) = data["harvests"]
    assert harvest["endpoint"] == endpoint
    assert harvest["unfinished"]["records"] == 25
    assert harvest["last_run"]["status"] == "failed" and harvest["last_run"]["reason"]
    assert harvest["records"] is None  # not counted for a Redis state, not a made-up 0
    assert {k: client.dump(k) for k in client.scan_iter(f"{prefix}*")} == before
