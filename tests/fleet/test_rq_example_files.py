"""examples/rq with ``PH_FETCH_FILES=1``: each record's own file stored by a task of its own.

The README's enqueue command starts the harvest; a burst RQ worker runs the page tasks and
the full-text tasks they enqueue, on queues of the test's own. Every record's PDF lands in
``PH_FILES_DIR``, found through its landing page and checked against the record, one file
request each. A file that must wait (a 503 with a Retry-After longer than a worker should
sleep) becomes the same job again, delayed by the policy's backoff, under a worker started
with the README's command (``--with-scheduler``): the file lands after the hold, and no
request reaches the host within it. When the hold outlasts the backoff, the last job's
result is the ``retry-later`` object and nothing is left scheduled.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import quote

import attrs
import pytest
import redis

from politeharvest import Politeness
from politeharvest._testing._works import demo_pdf
from politeharvest.testing import Reply
from tests.fleet.test_fleet import readme_command
from tests.support import SERVER_SLACK, UA
from tests.support.plans import scaled_policy, served_with_files

pytestmark = pytest.mark.integration
pytest.importorskip("rq")

from rq import Queue  # noqa: E402
from rq.job import Job  # noqa: E402
from rq.registry import FinishedJobRegistry  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "examples" / "rq"
RECORDS = 6
#: RQ's worker, ending as soon as it is done (tests/support/rqworker.py: RQ's own could wait
#: 60 s more on its pub/sub thread after the last job).
PROMPT_WORKER = "tests.support.rqworker.Worker"

POLICY = scaled_policy(UA)


def test_full_text_tasks_store_each_records_own_file(redis_url: str, tmp_path: Path) -> None:
    policy_file = tmp_path / "policy.json"
    policy_file.write_text(json.dumps(POLICY.to_mapping()))
    tag = uuid.uuid4().hex[:8]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "examples" / "rq"), str(ROOT)]),
        "PH_REDIS": redis_url,
        "PH_POLICY": str(policy_file),
        "PH_FETCH_FILES": "1",
        "PH_FILES_DIR": str(tmp_path / "files"),
        "PH_HARVEST_QUEUE": f"harvest-{tag}",
        "PH_FILES_QUEUE": f"files-{tag}",
    }
    with served_with_files(records=RECORDS, page_size=4) as (server, _repository):
        enqueued = subprocess.run(
            [sys.executable, "tasks.py", server.url("/oai"), UA],
            cwd=ROOT / "examples" / "rq",
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert enqueued.returncode == 0, enqueued.stderr
        rq = str(Path(sys.executable).parent / "rq")
        worker = subprocess.run(
            [
                rq,
                "worker",
                "--burst",
                "-w",
                PROMPT_WORKER,
                "--url",
                redis_url.split("?")[0],
                f"harvest-{tag}",
                f"files-{tag}",
            ],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert worker.returncode == 0, worker.stdout + worker.stderr
        files = [r for r in server.log if r.url.split("?")[0].endswith(".pdf")]
    stored = sorted(p.name for p in (tmp_path / "files").iterdir() if p.suffix == ".pdf")
    assert len(stored) == RECORDS, (stored, worker.stdout[-2000:])
    assert len(files) == RECORDS  # one file request per record, none wasted


def finished(client: redis.Redis, queue: str) -> list[tuple[tuple[Any, ...], Any]]:
    """The finished jobs of `queue`: each job's arguments and its result."""
    registry = FinishedJobRegistry(queue=Queue(queue, connection=client))
    jobs = [Job.fetch(job_id, connection=client) for job_id in registry.get_job_ids()]
    return [(tuple(job.args), job.return_value()) for job in jobs]


def attempt(args: tuple[Any, ...]) -> int:
    """A full-text job's `attempt` argument (the page task enqueues the first without it)."""
    return int(args[4]) if len(args) > 4 else 0


def harvest_with_scheduler(
    redis_url: str, tmp_path: Path, policy: Politeness, endpoint: str, wanted: set[str]
) -> tuple[list[tuple[tuple[Any, ...], Any]], int]:
    """The README's worker command (``--with-scheduler``) runs a harvest with full text.

    Waits until every record in `wanted` has a full-text job whose result is not a
    deferral, then stops the worker. Returns the files queue's finished jobs (arguments and
    result) and how many of its jobs were still scheduled (delayed) at that moment.
    """
    policy_file = tmp_path / "policy.json"
    policy_file.write_text(json.dumps(policy.to_mapping()))
    tag = uuid.uuid4().hex[:8]
    harvest_queue, files_queue = f"harvest-{tag}", f"files-{tag}"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(FOLDER), str(ROOT)]),
        "PH_REDIS": redis_url,
        "PH_POLICY": str(policy_file),
        "PH_FETCH_FILES": "1",
        "PH_FILES_DIR": str(tmp_path / "files"),
        "PH_HARVEST_QUEUE": harvest_queue,
        "PH_FILES_QUEUE": files_queue,
        "PH_MAX_INLINE_WAIT": "0.3",
    }
    # the README's worker command, on the test's Redis and queues
    _, argv = readme_command(FOLDER / "README.md", "rq worker ")
    assert "--with-scheduler" in argv, argv
    assert argv[-1] == "harvest", argv
    argv[0] = str(Path(sys.executable).parent / "rq")
    argv[argv.index("--url") + 1] = redis_url.split("?")[0]
    argv[-1:] = [harvest_queue, files_queue]
    client = redis.Redis.from_url(redis_url.split("?")[0])
    log_path = tmp_path / "rq.log"
    with log_path.open("wb") as output:
        worker = subprocess.Popen(
            argv, cwd=tmp_path, env=env, stdout=output, stderr=subprocess.STDOUT
        )
        try:
            enqueued = subprocess.run(
                [sys.executable, "tasks.py", endpoint, UA],
                cwd=FOLDER,
                env=env,
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert enqueued.returncode == 0, enqueued.stderr
            deadline = time.monotonic() + 60
            while True:
                done = finished(client, files_queue)
                had = {args[0] for args, result in done if "deferred" not in (result or {})}
                if had >= wanted:
                    break
                tail = log_path.read_text(errors="replace")[-4000:]
                assert worker.poll() is None, tail
                assert time.monotonic() < deadline, (done, tail)
                time.sleep(0.2)
            scheduled = int(Queue(files_queue, connection=client).scheduled_job_registry.count)
        finally:
            # the results are in Redis by now; RQ 3.0's warm shutdown sometimes hangs for a
            # minute after "unsubscribing from channel" (rq/rq#2201), so it gets 5 s
            worker.send_signal(signal.SIGTERM)
            try:
                worker.wait(timeout=5)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()
    return done, scheduled


def test_a_file_that_must_wait_is_a_delayed_job(redis_url: str, tmp_path: Path) -> None:
    """A 503 with a Retry-After longer than PH_MAX_INLINE_WAIT: no worker sleeps through it.

    The record's job returns a deferral and is enqueued again (``enqueue_in``) after the
    policy's backoff, `attempt` counting; the README's worker (``--with-scheduler``) runs it.
    No request reaches the host before the Retry-After is over (the fleet's hold), and the
    file then lands. Before, the job returned ``retry-later`` and the file was never had.
    """
    policy = attrs.evolve(POLICY, backoff=(0.5, 1.0, 2.0))
    with served_with_files(records=2, page_size=4) as (server, repository):
        first = repository.records[0]
        pdf = "/files/" + quote(first.identifier) + ".pdf"
        busy = Reply(503, {"Retry-After": "2", "Content-Type": "text/plain"}, b"busy")
        server.add(pdf, [busy, Reply(200, {"Content-Type": "application/pdf"}, demo_pdf(first))])
        wanted = {r.identifier for r in repository.records}
        done, _ = harvest_with_scheduler(redis_url, tmp_path, policy, server.url("/oai"), wanted)
        log = server.log
    deferred = [(args, result) for args, result in done if "deferred" in (result or {})]
    assert any(args[0] == first.identifier for args, _ in deferred), done
    # each delay is the backoff's next value, and the job after it counts one attempt more
    for args, result in deferred:
        assert result["countdown"] == policy.backoff[attempt(args)], (args, result)
    attempts = sorted(attempt(args) for args, _ in done if args[0] == first.identifier)
    assert attempts == list(range(len(attempts))) and len(attempts) >= 2, attempts
    had = {args[0]: result for args, result in done if "deferred" not in (result or {})}
    for record in repository.records:
        fulltext = had[record.identifier]
        assert fulltext["status"] == "downloaded", fulltext
        assert Path(fulltext["path"]).read_bytes() == demo_pdf(record)
    (refused,) = [r for r in log if r.status == 503]
    assert [r.status for r in log if r.path == pdf] == [503, 200]
    after = [r.arrival - refused.end for r in log if r.arrival > refused.end]
    assert after and min(after) >= 2.0 - SERVER_SLACK, after  # Retry-After honoured by all


def test_a_file_whose_backoff_is_spent_ends_retry_later(redis_url: str, tmp_path: Path) -> None:
    """A hold longer than the whole backoff: the last job's result is the retry-later object.

    One delayed attempt (``backoff=(0.2,)``) meets the host still held by a Retry-After of
    10 s, so the job stops there: its result is the ``retry-later`` object, nothing is left
    scheduled, and the file was asked for once.
    """
    policy = attrs.evolve(POLICY, backoff=(0.2,))
    with served_with_files(records=1, page_size=4) as (server, repository):
        (record,) = repository.records
        pdf = "/files/" + quote(record.identifier) + ".pdf"
        busy = Reply(503, {"Retry-After": "10", "Content-Type": "text/plain"}, b"busy")
        server.add(pdf, [busy, busy])
        done, scheduled = harvest_with_scheduler(
            redis_url, tmp_path, policy, server.url("/oai"), {record.identifier}
        )
        log = server.log
    by_attempt = {attempt(args): result for args, result in done}
    assert sorted(by_attempt) == [0, 1], done
    assert by_attempt[0]["countdown"] == 0.2, by_attempt[0]
    assert by_attempt[1]["status"] == "retry-later", by_attempt[1]
    assert by_attempt[1]["retriable"] is True, by_attempt[1]
    assert scheduled == 0
    assert [r.status for r in log if r.path == pdf] == [503]
