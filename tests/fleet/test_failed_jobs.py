"""A job that raised, then a corrected job, on the same real worker: not deferred.

The examples' workers live on after a job failed (RQ's SimpleWorker, Celery's prefork pool).
The first harvest is enqueued as a user forgets the policy file: the default policy refuses
the loopback repository's address (`AddressRefused`) and the job fails. Right after the
failure the host's lease is gone from Redis; the corrected job (the README's command with
``PH_POLICY`` naming a TOML policy file) runs at once on the same worker and delivers every
record exactly once. Before, the failed job's lease held the host for the lease's time (job
budget + 5 min) and the corrected job was deferred again and again.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis

from tests.fleet.test_fleet import (
    ROOT,
    Host,
    check_exactly_once,
    check_politeness,
    readme_command,
    wait_for,
)
from tests.support import UA
from tests.support.redis import RedisServer

pytestmark = pytest.mark.integration
pytest.importorskip("rq")

#: The policy file a user writes (the CLI's --policy format), scaled down for loopback.
POLICY_TOML = f"""\
user_agent = "{UA}"
request_interval = 0.05
file_interval = 0.05
backoff = [0.5, 1.0, 2.0]
max_wait = 5.0
job_budget = 120.0
allow_private_addresses = true
"""


@pytest.fixture
def host() -> Iterator[Host]:
    made = Host("127.0.0.2")
    made.server.start()
    try:
        yield made
    finally:
        made.server.stop()


@pytest.fixture
def policy_toml(tmp_path: Path) -> Path:
    path = tmp_path / "policy.toml"
    path.write_text(POLICY_TOML)
    return path


def poll(check: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout} s")
        time.sleep(0.05)


def leases(client: redis.Redis, prefix: str) -> list[bytes]:
    return list(client.scan_iter(f"{prefix}:lease:*"))


def enqueue(folder: Path, host: Host, env: dict[str, str]) -> dict[str, str]:
    """The README's enqueue command (`python tasks.py ENDPOINT UA`), on the loopback host."""
    readme_env, argv = readme_command(folder / "README.md", "PH_REDIS=redis://127.0.0.1:6379/0 PH_")
    assert argv[:2] == ["python", "tasks.py"], argv
    assert argv[2].startswith("https://") and "mailto:" in argv[3]
    assert readme_env.get("PH_POLICY", "").endswith(".toml"), "the README shows no policy file"
    done = subprocess.run(
        [sys.executable, "tasks.py", host.url, UA],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def stop(worker: subprocess.Popen[bytes]) -> None:
    if worker.poll() is None:
        worker.send_signal(signal.SIGTERM)
    try:
        worker.wait(timeout=30)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait()


def test_rq_simple_worker_a_failed_job_then_a_corrected_one(
    host: Host, redis_url: str, tmp_path: Path, policy_toml: Path
) -> None:
    from rq import Queue
    from rq.job import Job

    folder = ROOT / "examples" / "rq"
    url = redis_url.split("?")[0]
    prefix = redis_url.split("prefix=")[1]
    client = redis.Redis.from_url(url)
    queue_name = f"harvest-{uuid.uuid4().hex[:8]}"  # the test's own queue on the shared Redis
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(folder), str(ROOT)]),
        "PH_HARVEST_QUEUE": queue_name,
        "PH_REDIS": redis_url,
    }
    env.pop("PH_POLICY", None)
    rq = str(Path(sys.executable).parent / "rq")
    with (tmp_path / "worker.log").open("wb") as log:
        worker = subprocess.Popen(
            [
                rq,
                "worker",
                "--url",
                url,
                "-w",
                "tests.support.rqworker.SimpleWorker",  # rq.worker's, ending at once
                "--with-scheduler",
                queue_name,
            ],
            cwd=tmp_path,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            queue = Queue(queue_name, connection=client)
            # 1. no policy file: the default policy refuses the loopback address
            failed = Job.fetch(enqueue(folder, host, env)["enqueued"], connection=client)
            poll(lambda: failed.get_status(refresh=True) == "failed", 60, "the job failing")
            assert "AddressRefused" in (failed.latest_result().exc_string or "")
            assert leases(client, prefix) == [], "the failed job kept the host's lease"
            assert worker.poll() is None  # the same worker lives on
            # 2. the README's command with the policy file: runs at once on the same worker
            first = Job.fetch(
                enqueue(folder, host, {**env, "PH_POLICY": str(policy_toml)})["enqueued"],
                connection=client,
            )
            poll(lambda: first.get_status(refresh=True) == "finished", 60, "the corrected job")
            assert "deferred" not in first.return_value(), first.return_value()
            wait_for(len(host.repo.records), redis_url, f"{prefix}:records", timeout=120)
        finally:
            stop(worker)
    assert queue.failed_job_registry.count == 1  # the first job only
    check_politeness(host)
    check_exactly_once(redis_url, f"{prefix}:records", [host])


def test_celery_prefork_worker_a_failed_task_then_a_corrected_one(
    host: Host, redis_server: RedisServer, tmp_path: Path, policy_toml: Path
) -> None:
    pytest.importorskip("celery")
    folder = ROOT / "examples" / "celery"
    url = redis_server.url.rsplit("/", 1)[0] + "/6"
    client = redis.Redis.from_url(url)
    client.flushdb()
    env = {
        **os.environ,
        "PH_REDIS": url,
        "PYTHONPATH": os.pathsep.join([str(folder), str(ROOT)]),
    }
    env.pop("PH_POLICY", None)
    celery = str(Path(sys.executable).parent / "celery")
    log_path = tmp_path / "celery.log"
    with log_path.open("wb") as log:
        worker = subprocess.Popen(
            [
                celery,
                "-A",
                "tasks",
                "worker",
                "-Q",
                "harvest",
                "-c",
                "1",
                "-P",
                "prefork",
                "--loglevel=info",
            ],
            cwd=tmp_path,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            # 1. no policy file: the task raises AddressRefused in the pool's child process
            enqueue(folder, host, env)
            poll(lambda: b"AddressRefused" in log_path.read_bytes(), 90, "the task failing")
            assert leases(client, "ph") == [], "the failed task kept the host's lease"
            assert worker.poll() is None
            # 2. the README's command with the policy file: not deferred, every record
            enqueue(folder, host, {**env, "PH_POLICY": str(policy_toml)})
            wait_for(len(host.repo.records), url, "ph:records", timeout=45)
        finally:
            stop(worker)
    assert b"deferred" not in log_path.read_bytes()
    check_politeness(host)
    check_exactly_once(url, "ph:records", [host])
