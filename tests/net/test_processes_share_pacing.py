"""Several processes on one machine share pacing through an SQLite PaceStore (section 13 A4, F3)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support import SCALED, SERVER_SLACK, server_gaps

pytestmark = pytest.mark.integration

WORKER = """
import json, sys, threading
import requests
from politeharvest import Politeness, PoliteSession, SQLitePaceStore
policy = Politeness.from_mapping(json.loads(sys.argv[1]))
urls = json.loads(sys.argv[2])
http = requests.Session(); http.verify = sys.argv[4]
session = PoliteSession(policy, http=http, pace_store=SQLitePaceStore(sys.argv[3]), job_id="job-1")
def work(part):
    for url in part:
        session.get(url)
threads = [threading.Thread(target=work, args=(urls[n::4],)) for n in range(4)]
[t.start() for t in threads]; [t.join() for t in threads]
"""


def test_three_processes_with_four_threads_never_overlap_on_a_host(
    serve: Callable[..., Any], tmp_path: Path, ca_bundle: Path
) -> None:
    busy, other = serve("127.0.0.2"), serve("127.0.0.3")
    store = tmp_path / "pace.sqlite"
    policy = json.dumps(SCALED.to_mapping())
    processes = []
    started = time.monotonic()
    for worker in range(3):
        urls = [busy.url(f"/w{worker}/p{n}") for n in range(8)]
        processes.append(
            subprocess.Popen(
                [sys.executable, "-c", WORKER, policy, json.dumps(urls), str(store), str(ca_bundle)]
            )
        )
    lone = subprocess.Popen(
        [
            sys.executable,
            "-c",
            WORKER,
            policy,
            json.dumps([other.url(f"/solo/{n}") for n in range(8)]),
            str(store),
            str(ca_bundle),
        ]
    )
    for process in [*processes, lone]:
        assert process.wait(timeout=120) == 0
    elapsed = time.monotonic() - started
    log = busy.log
    assert len([r for r in log if r.path != "/robots.txt"]) == 24
    assert busy.max_in_flight == 1
    for request, gap in server_gaps(log):
        assert gap >= SCALED.request_interval - SERVER_SLACK, (request.path, gap)
    # the other host was not slowed by the busy one: its 8 requests took about 8 gaps
    other_log = other.log
    span = max(r.end for r in other_log) - min(r.arrival for r in other_log)
    assert span < (len(other_log) + 4) * SCALED.request_interval + 1.0
    assert elapsed < 60
