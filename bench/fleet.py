"""Fleet throughput: 4 RQ workers harvesting 1, 2 and 4 hosts, against the politeness limit.

    python bench/fleet.py               # needs redis-server and rq (pip install -e '.[test]')

Each loopback host (127.0.0.2...) serves 2,000 records in pages of 100 under a scaled policy
(0.5 s end-to-start between requests per host). The politeness limit is
hosts x records per page / interval; the ratio printed is the fleet's aggregate records/s over
that limit (1.0 = as fast as the policy allows with instant responses; the server's own
response time and the robots.txt request keep it below). A second ratio compares with the
fastest schedule the policy allows given the server's logged response times. Goal: within
10 % of the limit, and linear in hosts.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import redis

from politeharvest import Politeness
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply

ROOT = Path(__file__).resolve().parents[1]
INTERVAL = 0.5
PAGE = 100
RECORDS = 2000
POLICY = Politeness(
    user_agent="politeharvest-bench/1.0 (mailto:bench@example.org)",
    request_interval=INTERVAL,
    allow_private_addresses=True,
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def run(hosts: int, url: str, folder: Path) -> tuple[float, int, float]:
    sys.path.insert(0, str(ROOT / "examples" / "rq"))
    import tasks

    prefix = f"b{uuid.uuid4().hex[:8]}"
    state = f"{url}?prefix={prefix}"
    servers = []
    for n in range(hosts):
        server = LoopbackServer(f"127.0.0.{n + 2}")
        server.add("/oai", OaiTestRepository.sample(RECORDS, page_size=PAGE))
        server.add("/robots.txt", Reply(404, {}, b""))
        servers.append(server.start())
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "examples" / "rq"), str(ROOT)])}
    rq = str(Path(sys.executable).parent / "rq")
    logs = [(folder / f"w{hosts}-{n}.log").open("wb") for n in range(4)]
    workers = [
        subprocess.Popen(
            [
                rq,
                "worker",
                "--url",
                url,
                "--with-scheduler",
                "-w",
                "rq.worker.SimpleWorker",
                "harvest",
            ],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        for log in logs
    ]
    client = redis.Redis.from_url(url)
    try:
        time.sleep(1.0)  # the workers are up
        started = time.perf_counter()
        for server in servers:
            tasks.start(server.url("/oai"), state, state, POLICY)
        want = hosts * RECORDS
        while client.xlen(f"{prefix}:records") < want:
            time.sleep(0.01)
        elapsed = time.perf_counter() - started
        requests = sum(len(s.log) for s in servers)
        # the fastest the policy allows given the server's own response times: per host,
        # every response's duration plus the interval between consecutive requests
        bound = max(
            sum(r.end - r.arrival for r in s.log) + INTERVAL * (len(s.log) - 1) for s in servers
        )
    finally:
        for worker in workers:
            worker.send_signal(signal.SIGTERM)
        for worker in workers:
            worker.wait(timeout=30)
        for log in logs:
            log.close()
        for server in servers:
            server.stop()
    return elapsed, requests, bound


def main() -> None:
    binary = shutil.which("redis-server")
    if binary is None:
        sys.exit("redis-server is not installed (apt install redis-server)")
    folder = Path(tempfile.mkdtemp(prefix="ph-fleet-bench-"))
    port = free_port()
    server = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--dir", str(folder)],
        stdout=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    try:
        time.sleep(0.5)
        print(f"4 RQ workers; {RECORDS} records per host in pages of {PAGE}; {INTERVAL} s per host")
        rates = {}
        for hosts in (1, 2, 4):
            elapsed, requests, bound = run(hosts, url, folder)
            rate = hosts * RECORDS / elapsed
            limit = hosts * PAGE / INTERVAL
            rates[hosts] = rate
            print(
                f"{hosts} host(s): {hosts * RECORDS} records in {elapsed:5.2f} s = {rate:7.1f} "
                f"records/s; limit {limit:6.0f}/s; ratio {rate / limit:.3f} "
                f"({requests} requests); against the policy with the server's response "
                f"times ({bound:.2f} s): {bound / elapsed:.3f}"
            )
        print(
            f"scaling: 2 hosts {rates[2] / rates[1]:.2f}x, 4 hosts {rates[4] / rates[1]:.2f}x "
            "the rate of 1 host (linear: 2.00x, 4.00x)"
        )
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
