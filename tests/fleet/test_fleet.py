"""Fleets end to end: real workers (RQ, plain CLI processes), two hosts, one politeness.

Two loopback hosts (127.0.0.2 and 127.0.0.3) serve 1,000 records each; one answers a 429.
From the servers' own logs: never two requests in flight on a host, no end-to-start gap
shorter than the policy's interval times the slow-down a 429 caused, and every record exactly
once in the shared Redis stream.
"""

from __future__ import annotations

import itertools
import json
import os
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from politeharvest import Politeness
from politeharvest.testing import LoggedRequest, LoopbackServer, OaiTestRepository, Reply
from tests.support import UA, server_lag
from tests.support.redis import RedisServer

pytestmark = pytest.mark.integration
pytest.importorskip("rq")

ROOT = Path(__file__).resolve().parents[2]
INTERVAL = 0.05
#: Up to six processes (workers, the server, Redis) share two cores here, so the server's
#: stamp of a response's end can be late by a scheduler's wait, measured up to 8 ms (beyond
#: `SERVER_SLACK`): the gaps allow for the lag the server measured itself (`server_lag`). A
#: pace the workers did not share shows gaps near 0, a slow-down not applied gaps 0.05 s
#: short: both far beyond this allowance.
RECORDS = 1000
POLICY = Politeness(
    user_agent=UA,
    request_interval=INTERVAL,
    file_interval=INTERVAL,
    backoff=(0.5, 1.0, 2.0),
    max_wait=5.0,
    job_budget=120.0,
    allow_private_addresses=True,
    connect_timeout_s=5.0,
    read_timeout_s=10.0,
    robots_timeout_s=5.0,
)


class Host:
    """A loopback OAI-PMH repository; `slow` makes one request take long (to kill a worker)."""

    def __init__(self, address: str, *, throttle: bool = False) -> None:
        replies = {5: Reply(429, {"Retry-After": "1"}, b"slow down")} if throttle else {}
        self.repo = OaiTestRepository.sample(RECORDS, page_size=50, replies=replies)
        self.server = LoopbackServer(address)
        self.slow: dict[int, float] = {}
        self.count = 0
        self.lock = threading.Lock()
        self.server.add("/oai", self.answer)
        self.server.add("/robots.txt", Reply(404, {}, b""))

    def answer(self, request: LoggedRequest) -> Reply:
        with self.lock:
            self.count += 1
            delay = self.slow.get(self.count, 0.0)
        time.sleep(delay)
        return self.repo(request)

    @property
    def url(self) -> str:
        return self.server.url("/oai")


@pytest.fixture
def hosts() -> Iterator[list[Host]]:
    made = [Host("127.0.0.2", throttle=True), Host("127.0.0.3")]
    for host in made:
        host.server.start()
    try:
        yield made
    finally:
        for host in made:
            host.server.stop()


def check_politeness(host: Host, abandoned: int | None = None) -> None:
    """From the server's log: one in flight, and every end-to-start gap long enough.

    `abandoned`: the number (1-based) of an OAI request whose worker was killed while the
    server worked on it; the server finishes it for nobody, so it is left out.
    """
    log = sorted(host.server.log, key=lambda r: r.arrival)
    if abandoned is not None:
        oai = [r for r in log if r.path.startswith("/oai")]
        log.remove(oai[abandoned - 1])
    else:
        assert host.server.max_in_flight <= 1
    slowed = False
    for before, after in itertools.pairwise(log):
        slowed = slowed or before.status == 429
        floor = INTERVAL * (2 if slowed else 1)
        assert after.arrival >= (before.sent or before.end), "two requests in flight"
        assert after.arrival - before.end >= floor - server_lag(before), (before, after)
    if any(r.status == 429 for r in log):
        assert slowed


def check_exactly_once(url: str, stream: str, hosts: list[Host]) -> None:
    client = redis.Redis.from_url(url.split("?")[0])
    rows = [json.loads(fields[b"row"]) for _, fields in client.xrange(stream)]
    keys = [(r["endpoint"], r["identifier"]) for r in rows]
    assert len(keys) == len(set(keys)), "a record delivered twice"
    expected = {(h.url, r.identifier) for h in hosts for r in h.repo.records}
    assert set(keys) == expected, f"{len(expected - set(keys))} records missing"


def run_until_done(argv: list[str], cwd: Path, env: dict[str, str], deadline: float) -> list[int]:
    """Run a CLI harvest again after each deferral (exit 75), as a cron job would."""
    codes = []
    while time.monotonic() < deadline:
        code = subprocess.run(argv, cwd=cwd, env=env, capture_output=True).returncode
        codes.append(code)
        if code == 0:
            return codes
        assert code == 75, codes
        time.sleep(0.3)
    raise AssertionError(f"not done in time: {codes}")


def cli_argv(host: Host, url: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "politeharvest",
        "harvest",
        host.url,
        "--state",
        url,
        "--out",
        url,
        "--policy",
        str(Path(os.environ["PH_FLEET_POLICY"])),
        "--quiet",
        "--once",  # one job per process, as cron runs it (exit 75 when deferred)
    ]


@pytest.fixture
def policy_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "policy.json"
    path.write_text(json.dumps(POLICY.to_mapping()))
    monkeypatch.setenv("PH_FLEET_POLICY", str(path))
    return path


def run_processes(jobs: list[Callable[[], Any]]) -> None:
    errors: list[BaseException] = []

    def guard(job: Callable[[], Any]) -> None:
        try:
            job()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=guard, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    if errors:
        raise errors[0]


def test_four_cli_processes_share_politeness(
    hosts: list[Host], redis_url: str, tmp_path: Path, policy_file: Path
) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    deadline = time.monotonic() + 240
    jobs = []
    for n in range(4):
        host = hosts[n % 2]
        cwd = tmp_path / f"worker{n}"
        cwd.mkdir()
        jobs.append(lambda h=host, c=cwd: run_until_done(cli_argv(h, redis_url), c, env, deadline))
    run_processes(jobs)
    for host in hosts:
        check_politeness(host)
    prefix = redis_url.split("prefix=")[1]
    check_exactly_once(redis_url, f"{prefix}:records", hosts)
    assert any(r.status == 429 for r in hosts[0].server.log)


#: RQ's worker, ending at once on SIGTERM (tests/support/rqworker.py: RQ's own could wait
#: 60 s more on its pub/sub thread, past the test's 20 s, and be killed).
PROMPT = ["-w", "tests.support.rqworker.Worker"]


class Workers:
    """RQ worker processes (``rq worker --with-scheduler harvest``), each logging to a file."""

    def __init__(self, count: int, url: str, folder: Path) -> None:
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(ROOT / "examples" / "rq"), str(ROOT)]),
        }
        rq = str(Path(sys.executable).parent / "rq")
        self.logs = [(folder / f"worker{n}.log").open("wb") for n in range(count)]
        self.processes = [
            subprocess.Popen(
                [rq, "worker", "--url", url.split("?")[0], "--with-scheduler", "harvest", *PROMPT],
                cwd=folder,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
            for log in self.logs
        ]

    def stop(self) -> None:
        for worker in self.processes:
            if worker.poll() is None:
                worker.send_signal(signal.SIGTERM)
        for worker in self.processes:
            try:
                worker.wait(timeout=20)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()
        for log in self.logs:
            log.close()


def wait_for(rows: int, url: str, stream: str, timeout: float) -> None:
    client = redis.Redis.from_url(url.split("?")[0])
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if client.xlen(stream) >= rows:
            time.sleep(0.5)  # anything still arriving would be a duplicate: let it show
            return
        time.sleep(0.2)
    raise AssertionError(f"{client.xlen(stream)} of {rows} rows after {timeout} s")


def readme_command(readme: Path, marker: str) -> tuple[dict[str, str], list[str]]:
    """The shell command of an example's README that starts with `marker`, as env and argv."""
    lines = readme.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(marker))
    text = ""
    for line in lines[start:]:
        text += line.rstrip("\\").strip() + " "
        if not line.rstrip().endswith("\\"):
            break
    words = shlex.split(text)
    env = dict(w.split("=", 1) for w in itertools.takewhile(lambda w: "=" in w, words))
    return env, words[len(env) :]


def enqueue(host: Host, url: str, policy_file: Path) -> None:
    """Enqueue a harvest with the README's own command, on a loopback host and test Redis."""
    folder = ROOT / "examples" / "rq"
    env, argv = readme_command(folder / "README.md", "PH_REDIS=")
    assert argv[:2] == ["python", "tasks.py"], argv
    endpoint, user_agent = argv[2:]  # the README's endpoint is replaced by the loopback host
    assert endpoint.startswith("https://") and "mailto:" in user_agent
    done = subprocess.run(
        [sys.executable, "tasks.py", host.url, UA],
        cwd=folder,
        env={**os.environ, **env, "PH_REDIS": url, "PH_POLICY": str(policy_file)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["queue"] == "harvest"


def test_rq_workers_one_task_per_page(
    hosts: list[Host], redis_url: str, tmp_path: Path, policy_file: Path
) -> None:
    """The README's commands: `python tasks.py ENDPOINT UA` enqueues, RQ workers harvest."""
    workers = Workers(4, redis_url, tmp_path)
    try:
        for host in hosts:
            enqueue(host, redis_url, policy_file)
        prefix = redis_url.split("prefix=")[1]
        wait_for(2 * RECORDS, redis_url, f"{prefix}:records", timeout=180)
    finally:
        workers.stop()
    for host in hosts:
        check_politeness(host)
    check_exactly_once(redis_url, f"{prefix}:records", hosts)


def test_worker_killed_mid_request_and_redis_restarted(
    hosts: list[Host], tmp_path: Path, policy_file: Path
) -> None:
    own = RedisServer(tmp_path)  # a server of its own: this test stops it
    own.start()
    url = f"{own.url}?prefix=fault"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    host = hosts[1]
    # the 6th request takes 1.5 s: the worker is killed inside it; later pages take 0.15 s,
    # so that Redis goes away while the next worker is harvesting
    host.slow = {6: 1.5, **dict.fromkeys(range(7, 40), 0.15)}
    victim = subprocess.Popen(cli_argv(host, url), cwd=tmp_path, env=env)
    try:
        deadline = time.monotonic() + 30
        while host.count < 6 and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.2)
        victim.send_signal(signal.SIGKILL)  # in the middle of the request
        victim.wait(timeout=10)
        # Redis goes away for a few seconds while another worker harvests
        done: list[list[int]] = []
        worker = threading.Thread(
            target=lambda: done.append(
                run_until_done(cli_argv(host, url), tmp_path, env, time.monotonic() + 120)
            )
        )
        worker.start()
        time.sleep(0.5)
        own.stop()
        time.sleep(3.0)
        own.start()
        worker.join(timeout=150)
        assert done, "the second worker did not finish"
        assert 75 in done[0], done  # it deferred while Redis was away, then finished
    finally:
        own.stop()
        own.start()
    try:
        check_exactly_once(url, "fault:records", [host])
        check_politeness(host, abandoned=6)
    finally:
        own.stop()


def test_celery_example(hosts: list[Host], redis_server: RedisServer, tmp_path: Path) -> None:
    """examples/celery/tasks.py with a real Celery worker (2 processes) on its own Redis db."""
    pytest.importorskip("celery")
    url = redis_server.url.rsplit("/", 1)[0] + "/5"
    client = redis.Redis.from_url(url)
    client.flushdb()
    folder = ROOT / "examples" / "celery"
    env = {
        **os.environ,
        "PH_REDIS": url,
        "PYTHONPATH": os.pathsep.join([str(folder), str(ROOT)]),
    }
    celery = str(Path(sys.executable).parent / "celery")
    with (tmp_path / "celery.log").open("wb") as log:
        worker = subprocess.Popen(
            [celery, "-A", "tasks", "worker", "-Q", "harvest", "-c", "2", "--loglevel=info"],
            cwd=tmp_path,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            policy = json.dumps(POLICY.to_mapping())
            for host in hosts:
                subprocess.run(
                    [
                        sys.executable,
                        "-c",
                        f"import tasks; tasks.harvest_page.delay({host.url!r}, None, {policy!r})",
                    ],
                    cwd=folder,
                    env=env,
                    check=True,
                )
            wait_for(2 * RECORDS, url, "ph:records", timeout=180)
        finally:
            worker.send_signal(signal.SIGTERM)
            try:
                worker.wait(timeout=30)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()
    for host in hosts:
        check_politeness(host)
    check_exactly_once(url, "ph:records", hosts)
