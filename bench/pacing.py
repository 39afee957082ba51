"""Pacing benchmark: does PoliteSession keep the floor, and waste no time above it?

A harvest-like load of 200 page requests and 20 file requests runs against
loopback servers (in a separate process, so the client has the interpreter to
itself) with a scaled policy (0.02 s between pages, 0.1 s before files):

1. all on one host: the server-observed minimum end-to-start gap per kind
   (goal: never below the floor) and the ratio of wall time to the sum of the
   gaps the policy requires (goal: at most 1.05), beside the same ratio for a
   baseline, plain requests sleeping the gap after each response (what a
   careful hand-written loop does; it shows this machine's floor);
2. the same load spread over 8 hosts (127.0.0.2-9) by 8 threads sharing one
   PoliteSession: the speed-up over one host (goal: at least 7x), with every
   host's own gaps still at or above the floor.

Run: python bench/pacing.py [--pages 200] [--files 20] [--hosts 8]
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any

import requests

from politeharvest import Politeness, PoliteSession, RequestEvent
from politeharvest.testing import LoggedRequest, LoopbackServer, Reply, end_to_start_gaps

PAGE_GAP = 0.02
FILE_GAP = 0.1
POLICY = Politeness(
    user_agent="politeharvest-bench/1.0 (+mailto:bench@example.org)",
    request_interval=PAGE_GAP,
    file_interval=FILE_GAP,
    allow_private_addresses=True,
)


def serve(hosts: Sequence[str], conn: Any) -> None:
    """Run one LoopbackServer per host until told to stop; send back the logs."""
    servers = [LoopbackServer(host).start() for host in hosts]
    for server in servers:
        server.add("/robots.txt", Reply(200, body="User-agent: *\nDisallow: /private\n"))
        server.add("/page", Reply(200, body=b"<OAI-PMH>" + b"x" * 2000 + b"</OAI-PMH>"))
        server.add("/file.pdf", Reply(200, body=b"%PDF-1.7\n" + b"y" * 50_000))
    conn.send([server.base_url for server in servers])
    conn.recv()  # "stop"
    conn.send([server.log for server in servers])
    for server in servers:
        server.stop()


def workload(pages: int, files: int) -> list[str]:
    """Pages with a file after every len/files pages, as a harvest with full text would."""
    paths = ["/page"] * pages
    step = max(1, pages // max(1, files))
    for n in range(files):
        paths.insert(min(len(paths), (n + 1) * step + n), "/file.pdf")
    return paths


def required_gap(paths: Sequence[str]) -> float:
    """The sum of the gaps the policy requires: robots.txt first, then each request's floor."""
    return sum(FILE_GAP if p.endswith(".pdf") else PAGE_GAP for p in paths)


def run(session: PoliteSession, base: str, paths: Sequence[str]) -> None:
    for n, path in enumerate(paths):
        kind = "file" if path.endswith(".pdf") else "page"
        url = f"{base}{path}?n={n}"
        if kind == "file":
            with session.get(url, kind="file", stream=True) as response:
                for _ in session.iter_body(response):
                    pass
        else:
            session.get(url)


#: The server stamps a response's end after its write returns; a server thread that waits
#: for a CPU stamps late and sees a gap shorter than the client kept. Server-side minimums
#: get this allowance; the client's own timestamps are held to the floor exactly.
SERVER_SLACK = 0.001


def client_min_gaps(events: Sequence[RequestEvent]) -> dict[str, float]:
    """Per kind, the smallest start - previous end on the session's own clock, per host."""
    out: dict[str, float] = {}
    last_end: dict[str, float] = {}
    for event in sorted((e for e in events if e.started is not None), key=lambda e: e.started or 0):
        if event.host in last_end and event.started is not None:
            kind = "file" if event.kind == "file" else "page"
            out[kind] = min(out.get(kind, float("inf")), event.started - last_end[event.host])
        if event.ended is not None:
            last_end[event.host] = event.ended
    return out


def min_gaps(log: Sequence[LoggedRequest]) -> dict[str, float]:
    out: dict[str, float] = {}
    for request, gap in end_to_start_gaps(log):
        kind = "file" if request.path.startswith("/file") else "page"
        out[kind] = min(out.get(kind, float("inf")), gap)
    return out


def with_servers(hosts: Sequence[str]) -> tuple[Any, Any, list[str]]:
    parent, child = mp.Pipe()
    process = mp.get_context("spawn").Process(target=serve, args=(hosts, child), daemon=True)
    process.start()
    bases = parent.recv()
    return process, parent, bases


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--hosts", type=int, default=8)
    args = parser.parse_args(argv)
    paths = workload(args.pages, args.files)
    ok = True

    # 1. one host; first the baseline: plain requests sleeping the gap after each response
    process, conn, bases = with_servers(["127.0.0.2"])
    plain = requests.Session()
    started = time.monotonic()
    plain.get(bases[0] + "/robots.txt").close()
    for n, path in enumerate(paths):
        time.sleep(FILE_GAP if path.endswith(".pdf") else PAGE_GAP)
        plain.get(f"{bases[0]}{path}?n={n}").close()
    baseline = time.monotonic() - started
    events: list[RequestEvent] = []
    session = PoliteSession(POLICY, http=requests.Session(), on_event=(events.append,))
    started = time.monotonic()
    run(session, bases[0], paths)
    single = time.monotonic() - started
    conn.send("stop")
    log = [r for r in conn.recv()[0] if r.arrival >= started]  # the PoliteSession run only
    process.join()
    required = required_gap(paths)  # the robots.txt fetch comes first, then every request waits
    floors = min_gaps(log)
    ratio = single / required
    print(f"one host: {len(log)} requests ({len(paths)} + robots.txt) in {single:.3f} s")
    print(f"  required gaps: {required:.3f} s; wall / required = {ratio:.3f} (goal <= 1.05)")
    print(
        f"  baseline, plain requests sleeping each gap after each response: "
        f"wall / required = {baseline / required:.3f}"
    )
    print(
        f"  server-observed minimum gap: page {floors['page']:.4f} s (floor {PAGE_GAP}), "
        f"file {floors['file']:.4f} s (floor {FILE_GAP})"
    )
    client = client_min_gaps(events)
    print(
        f"  session-observed minimum gap: page {client['page']:.4f} s, file {client['file']:.4f} s"
    )
    ok &= client["page"] >= PAGE_GAP and client["file"] >= FILE_GAP
    ok &= floors["page"] >= PAGE_GAP - SERVER_SLACK and floors["file"] >= FILE_GAP - SERVER_SLACK
    ok &= ratio <= 1.05

    # 2. the same load over N hosts, one caller thread per host, one shared session
    hosts = [f"127.0.0.{2 + n}" for n in range(args.hosts)]
    process, conn, bases = with_servers(hosts)
    shares = [paths[n :: args.hosts] for n in range(args.hosts)]
    events = []
    session = PoliteSession(POLICY, http=requests.Session(), on_event=(events.append,))
    threads = [
        threading.Thread(target=run, args=(session, base, share))
        for base, share in zip(bases, shares, strict=True)
    ]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    spread = time.monotonic() - started
    conn.send("stop")
    logs = conn.recv()
    process.join()
    speedup = single / spread
    worst = {"page": float("inf"), "file": float("inf")}
    for host_log in logs:
        for kind, gap in min_gaps(host_log).items():
            worst[kind] = min(worst[kind], gap)
    print(
        f"{args.hosts} hosts, {args.hosts} threads, one session: "
        f"{sum(map(len, logs))} requests in {spread:.3f} s"
    )
    print(f"  speed-up over one host = {speedup:.2f}x (goal >= {args.hosts - 1}x)")
    print(f"  worst per-host minimum gap: page {worst['page']:.4f} s, file {worst['file']:.4f} s")
    client = client_min_gaps(events)
    print(
        f"  session-observed minimum gap: page {client['page']:.4f} s, file {client['file']:.4f} s"
    )
    ok &= client["page"] >= PAGE_GAP and client["file"] >= FILE_GAP
    ok &= worst["page"] >= PAGE_GAP - SERVER_SLACK and worst["file"] >= FILE_GAP - SERVER_SLACK
    ok &= speedup >= args.hosts - 1
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
