"""examples/celery with ``PH_FETCH_FILES=1``: each record's own file stored by a task of its own.

A real Celery worker (the README's worker command, two prefork processes) on a real
redis-server runs the page tasks and the full-text tasks they enqueue on the files queue; the
harvest is started with the README's enqueue command, on a loopback repository that serves
a landing page and a PDF for every record. Every record's own PDF lands in ``PH_FILES_DIR``
(its bytes the ones served for that record, its identity judged against the record), one
file request each, and each task's result (in Celery's result backend) is the record's
``fulltext`` object as ``harvest --files`` writes it (the same object that a harvest in
this process writes for the record). A full-text task cut off by its time limit in the middle
of a request fails and leaves the host free at once: the harvest's tasks that follow on the
same worker run straight away, none deferred.
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import attrs
import pytest
import redis

from politeharvest import FullText, HarvestPlan, Politeness
from politeharvest._testing._works import demo_pdf
from politeharvest.testing import LoggedRequest, Reply
from tests.fleet.test_fleet import ROOT, readme_command
from tests.support import SERVER_SLACK, UA
from tests.support.plans import scaled_policy, served_with_files
from tests.support.redis import RedisServer

pytestmark = pytest.mark.integration
pytest.importorskip("celery")

RECORDS = 6
FOLDER = ROOT / "examples" / "celery"
POLICY = scaled_policy(UA)


def results(client: redis.Redis, name: str) -> list[dict[str, Any]]:
    """The results Celery's Redis backend holds for the tasks called `name` (extended form)."""
    found = []
    for key in client.scan_iter("celery-task-meta-*"):
        raw = client.get(key)
        meta = json.loads(raw) if raw else {}
        if meta.get("name") == name:
            found.append(meta)
    return found


def poll_results(client: redis.Redis, name: str, count: int, timeout: float) -> list[Any]:
    deadline = time.monotonic() + timeout
    while True:
        done = [m for m in results(client, name) if m["status"] in ("SUCCESS", "FAILURE")]
        if len(done) >= count:
            return done
        if time.monotonic() > deadline:
            raise AssertionError(f"{len(done)} of {count} {name} results after {timeout} s")
        time.sleep(0.2)


def held(client: redis.Redis) -> list[bytes]:
    """The hosts a request is in flight on (a reservation not given back)."""
    return [
        k for k in client.scan_iter("ph:pace:*") if client.hget(k, "in_flight") not in (None, b"")
    ]


class Slow:
    """A landing page that takes longer than the task may run; `arrived`: when asked for."""

    def __init__(self) -> None:
        self.arrived: list[float] = []

    def __call__(self, request: LoggedRequest) -> Reply:
        self.arrived.append(time.monotonic())
        time.sleep(2.5)
        return Reply(200, {"Content-Type": "text/html"}, "<html><body>late</body></html>")


def harvest_files(endpoint: str, policy: Politeness, folder: Path) -> dict[str, Any]:
    """Each record's `fulltext` object as ``harvest --files`` writes it (in this process)."""
    plan = HarvestPlan(
        endpoint,
        policy=policy,
        state=folder / "state.sqlite",
        sink=folder / "out.jsonl",
        fulltext=FullText(directory=folder / "files"),
    )
    with plan:
        plan.run()
    rows = [json.loads(line) for line in (folder / "out.jsonl").read_text().splitlines()]
    return {row["identifier"]: row["fulltext"] for row in rows}


def fleet_env(redis_server: RedisServer, db: int, files_dir: Path) -> tuple[str, dict[str, str]]:
    """The test's own Redis database (emptied), and a worker's environment with full text."""
    url = redis_server.url.rsplit("/", 1)[0] + f"/{db}"
    redis.Redis.from_url(url).flushdb()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(FOLDER), str(ROOT)]),
        "PH_REDIS": url,
        "PH_FETCH_FILES": "1",
        "PH_FILES_DIR": str(files_dir),
    }
    env.pop("PH_POLICY", None)  # the worker's own policy is the default one
    return url, env


@contextmanager
def readme_worker(env: dict[str, str], log_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    """The README's worker command (both queues), with two processes, logging to `log_path`."""
    readme_env, argv = readme_command(FOLDER / "README.md", "PH_FETCH_FILES=1 ")
    assert readme_env.get("PH_FETCH_FILES") == "1" and "PH_FILES_DIR" in readme_env
    assert argv[:4] == ["celery", "-A", "tasks", "worker"], argv
    assert argv[argv.index("-Q") + 1].split(",") == ["harvest", "harvest-files"], argv
    argv[0] = str(Path(sys.executable).parent / "celery")
    argv[argv.index("-c") + 1] = "2"
    with log_path.open("wb") as log:
        worker = subprocess.Popen(
            argv, cwd=log_path.parent, env=env, stdout=log, stderr=subprocess.STDOUT
        )
        try:
            yield worker
        finally:
            worker.send_signal(signal.SIGTERM)
            try:
                worker.wait(timeout=30)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()


def enqueue_harvest(endpoint: str, env: dict[str, str], policy_file: Path) -> None:
    """The README's enqueue command (``python tasks.py ENDPOINT UA``) with a policy file."""
    done = subprocess.run(
        [sys.executable, "tasks.py", endpoint, UA],
        cwd=FOLDER,
        env={**env, "PH_POLICY": str(policy_file)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


def test_full_text_tasks_store_each_records_own_file(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    files_dir = tmp_path / "files"
    url, env = fleet_env(redis_server, 7, files_dir)
    client = redis.Redis.from_url(url)
    policy_file = tmp_path / "policy.json"
    policy_file.write_text(json.dumps(POLICY.to_mapping()))
    log_path = tmp_path / "celery.log"
    with (
        served_with_files(records=RECORDS, page_size=4) as (server, repository),
        readme_worker(env, log_path) as worker,
    ):
        # 1. a full-text task cut off by its time limit in the middle of a request (a
        # landing page that takes long): the task fails, and its turn on the host ends
        slow = Slow()
        server.add("/slow", slow)
        enqueued = subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys, json, tasks; tasks.fetch_fulltext.apply_async("
                "(sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]), soft_time_limit=1)",
                "oai:slow",
                json.dumps({"identifier": [server.url("/slow")]}),
                json.dumps(POLICY.to_mapping()),
            ],
            cwd=FOLDER,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert enqueued.returncode == 0, enqueued.stderr
        (failed,) = poll_results(client, "tasks.fetch_fulltext", 1, timeout=60)
        assert failed["status"] == "FAILURE", failed
        assert failed["result"]["exc_type"] == "SoftTimeLimitExceeded", failed
        assert failed["queue"] == "harvest-files"
        assert len(slow.arrived) == 1  # cut off while its request was in flight
        assert held(client) == [], "the failed task kept its turn on the host"
        assert worker.poll() is None  # the same worker lives on
        client.delete(f"celery-task-meta-{failed['task_id']}")
        # 2. the README's enqueue command with the policy: pages, then a file per record
        enqueue_harvest(server.url("/oai"), env, policy_file)
        poll_results(client, "tasks.fetch_fulltext", RECORDS, timeout=90)
        time.sleep(0.5)  # a task enqueued twice would show now
        done = results(client, "tasks.fetch_fulltext")
        worker.send_signal(signal.SIGTERM)
        worker.wait(timeout=30)
        file_requests = [r.url for r in server.log if r.url.split("?")[0].endswith(".pdf")]
        written = harvest_files(server.url("/oai"), POLICY, tmp_path / "cli")
    tail = log_path.read_text(errors="replace")[-3000:]
    assert client.xlen("ph:records") == RECORDS, tail
    by_record = {meta["args"][0]: meta for meta in done}
    assert len(done) == len(by_record) == RECORDS, (sorted(by_record), tail)
    assert b"deferred" not in log_path.read_bytes()  # the failed task held nothing
    for record in repository.records:
        meta = by_record[record.identifier]
        assert meta["status"] == "SUCCESS" and meta["queue"] == "harvest-files", meta
        fulltext = meta["result"]
        assert fulltext["status"] == "downloaded", fulltext
        # the object `harvest --files` writes for the record, but for the file's folder
        expected = written[record.identifier]
        assert {**fulltext, "path": None} == {**expected, "path": None}, (fulltext, expected)
        assert fulltext["identity"]["verdict"] in ("matched", "unverifiable"), fulltext
        assert fulltext["file_url"] == server.url("/files/" + quote(record.identifier) + ".pdf")
        path = Path(fulltext["path"])
        assert path.parent == files_dir, path
        body = path.read_bytes()
        assert body == demo_pdf(record), f"{path} is not {record.identifier}'s PDF"
        assert fulltext["sha256"] == hashlib.sha256(body).hexdigest()
    stored = sorted(p for p in files_dir.iterdir() if p.suffix == ".pdf")
    assert len(stored) == RECORDS, stored
    assert len(file_requests) == RECORDS  # one file request per record, none wasted


def test_a_file_that_must_wait_is_a_task_with_a_countdown(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    """A 503 with a Retry-After longer than PH_MAX_INLINE_WAIT: no worker sleeps through it.

    The record's task returns a deferral and runs again after the policy's backoff; no
    request reaches the host before the Retry-After is over (the fleet's hold), and the
    file then lands. Before, the task returned ``retry-later`` and the file was never had.
    """
    files_dir = tmp_path / "files"
    url, env = fleet_env(redis_server, 8, files_dir)
    env["PH_MAX_INLINE_WAIT"] = "0.3"
    client = redis.Redis.from_url(url)
    policy_file = tmp_path / "policy.json"
    policy = attrs.evolve(POLICY, backoff=(0.5, 1.0, 2.0))
    policy_file.write_text(json.dumps(policy.to_mapping()))
    log_path = tmp_path / "celery.log"
    with served_with_files(records=2, page_size=4) as (server, repository):
        first = repository.records[0]
        pdf = "/files/" + quote(first.identifier) + ".pdf"
        busy = Reply(503, {"Retry-After": "2", "Content-Type": "text/plain"}, b"busy")
        server.add(pdf, [busy, Reply(200, {"Content-Type": "application/pdf"}, demo_pdf(first))])
        wanted = {r.identifier for r in repository.records}
        with readme_worker(env, log_path):
            enqueue_harvest(server.url("/oai"), env, policy_file)
            deadline = time.monotonic() + 60
            while True:
                done = results(client, "tasks.fetch_fulltext")
                had = {
                    m["args"][0]: m["result"]
                    for m in done
                    if m["status"] == "SUCCESS" and "deferred" not in (m["result"] or {})
                }
                if set(had) == wanted:
                    break
                tail = log_path.read_text(errors="replace")[-4000:]
                assert time.monotonic() < deadline, (done, tail)
                time.sleep(0.2)
        log = server.log
    deferred = [m for m in done if "deferred" in (m["result"] or {})]
    assert any(m["args"][0] == first.identifier for m in deferred), done
    assert all(m["result"]["countdown"] in policy.backoff for m in deferred), deferred
    for record in repository.records:
        fulltext = had[record.identifier]
        assert fulltext["status"] == "downloaded", fulltext
        assert Path(fulltext["path"]).read_bytes() == demo_pdf(record)
    (refused,) = [r for r in log if r.status == 503]
    assert [r.status for r in log if r.path == pdf] == [503, 200]
    after = [r.arrival - refused.end for r in log if r.arrival > refused.end]
    assert after and min(after) >= 2.0 - SERVER_SLACK, after  # Retry-After honoured by all
