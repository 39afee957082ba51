"""OAI-PMH throughput: politeharvest's OaiPager against plain sickle 0.7.0, side by side.

A local `oaipmh` 4.x BatchingServer (100 records a page) serves N records of
oai_dc on loopback, from a separate process; every page is rendered once in
advance, so the server costs the same tiny amount for both clients and the
comparison measures the clients. Pacing is off (interval 0): this measures
parsing and per-request overhead, not politeness.

Each client harvests all N records in a fresh subprocess; the bench prints
records per second, the peak resident memory of that subprocess, and the
ratios. Goal: at least 1.3x sickle's records/s, and peak memory that does not
grow with the number of records harvested (compare --records 10000 and 50000).

Run: python bench/oai_throughput.py [--records 50000] [--repeat 3]

End-to-end mode (--end-to-end): what a user waits for. Each client is a fresh process timed
from its start (interpreter, imports, then the harvest), and the `oaipmh` server renders every
page as it is asked for (no cache), 20,000 records in pages of 500 by default. Goal: at least
1.5x sickle. The repository behind the server keeps its records in datestamp order, as a
database index would (tests/support/providers.py), so a page costs its own records, not
a scan of all of them. Pacing is off here too (interval 0), so politeharvest sends each next
page's request as soon as the current page's token has arrived (`OaiPager.pages`): the server
renders while the client parses; with the default 1 s interval the pause comes first and the
two clients wait alike.

    python bench/oai_throughput.py --end-to-end [--records 20000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import statistics
import subprocess
import sys
import time
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)


def serve(count: int, conn: Any, batch: int = 100, render: bool = False) -> None:
    """Serve `count` records with oaipmh's BatchingServer, every page cached after first use
    (or rendered afresh for every request when `render`)."""
    from urllib.parse import parse_qsl, urlsplit

    from politeharvest.testing import LoopbackServer, Reply
    from tests.support.providers import generate, pyoai_route

    route = pyoai_route(generate(count), batch_size=batch)
    cache: dict[tuple[tuple[str, str], ...], Reply] = {}

    def cached(request: Any) -> Reply:
        key = tuple(sorted(parse_qsl(urlsplit(request.url).query)))
        if key not in cache:
            cache[key] = route(request)
        return cache[key]

    server = LoopbackServer("127.0.0.2").start()
    server.add("/oai", route if render else cached)
    conn.send(server.url("/oai"))
    conn.recv()
    server.stop()


CLIENTS = {
    "politeharvest": """
import sys, time, resource
from politeharvest import OaiPager, PoliteSession, Politeness
policy = Politeness(request_interval=0, file_interval=0, allow_private_addresses=True)
started = time.perf_counter()
count = titles = 0
with PoliteSession(policy) as session:
    for record in OaiPager(session, sys.argv[1]).list_records():
        count += 1
        titles += len(record.metadata.get("title", ()))
elapsed = time.perf_counter() - started
print(count, titles, elapsed, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
""",
    "sickle": """
import sys, time, resource
from sickle import Sickle
started = time.perf_counter()
count = titles = 0
for record in Sickle(sys.argv[1], max_retries=0).ListRecords(metadataPrefix="oai_dc"):
    count += 1
    titles += len(getattr(record, "metadata", {}).get("title", ()))
elapsed = time.perf_counter() - started
print(count, titles, elapsed, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
""",
}


def run_client(name: str, url: str) -> dict[str, float]:
    started = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", CLIENTS[name], url],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout.split()
    wall = time.perf_counter() - started  # process start, imports and the harvest
    count, titles, elapsed, rss_kib = int(out[0]), int(out[1]), float(out[2]), int(out[3])
    return {
        "wall": wall,
        "wall_rate": count / wall,
        "records": count,
        "titles": titles,
        "seconds": elapsed,
        "rate": count / elapsed,
        "rss_mib": rss_kib / 1024,
    }


def measure(
    count: int, repeat: int, batch: int = 100, render: bool = False
) -> dict[str, dict[str, float]]:
    parent, child = mp.Pipe()
    process = mp.get_context("spawn").Process(
        target=serve, args=(count, child, batch, render), daemon=True
    )
    process.start()
    url = parent.recv()
    try:
        run_client("sickle", url)  # warm the server's page cache for both clients
        results: dict[str, list[dict[str, float]]] = {name: [] for name in CLIENTS}
        for _ in range(repeat):
            for name in CLIENTS:  # interleaved, so drift affects both alike
                results[name].append(run_client(name, url))
    finally:
        parent.send("stop")
        process.join()
    summary = {}
    for name, runs in results.items():
        summary[name] = {
            "records": runs[0]["records"],
            "rate": statistics.median(r["rate"] for r in runs),
            "seconds": statistics.median(r["seconds"] for r in runs),
            "wall": statistics.median(r["wall"] for r in runs),
            "wall_rate": statistics.median(r["wall_rate"] for r in runs),
            "rss_mib": max(r["rss_mib"] for r in runs),
        }
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--records", type=int, default=50_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON too")
    parser.add_argument(
        "--end-to-end",
        action="store_true",
        help="fresh processes timed from their start, every page rendered by the server",
    )
    args = parser.parse_args(argv)
    if args.end_to_end:
        return end_to_end(args)
    ok = True
    small = measure(max(1000, args.records // 5), 1)
    big = measure(args.records, args.repeat)
    for label, summary in (
        (f"{args.records // 5} records", small),
        (f"{args.records} records", big),
    ):
        print(f"== {label}")
        for name, row in summary.items():
            print(
                f"  {name:<14} {row['records']:>7} records  {row['seconds']:7.2f} s  "
                f"{row['rate']:9.0f} records/s  peak RSS {row['rss_mib']:6.1f} MiB"
            )
    ours, theirs = big["politeharvest"], big["sickle"]
    speed = ours["rate"] / theirs["rate"]
    growth = ours["rss_mib"] / small["politeharvest"]["rss_mib"]
    print(f"records/s ratio politeharvest / sickle = {speed:.2f}x (goal >= 1.3x)")
    print(
        f"politeharvest peak RSS at {args.records} vs {args.records // 5} records = {growth:.2f}x "
        "(goal: flat, <= 1.10x)"
    )
    ok &= ours["records"] == theirs["records"] == args.records
    ok &= speed >= 1.3 and growth <= 1.10
    if args.json:
        print(json.dumps({"small": small, "big": big, "speed_ratio": speed, "rss_growth": growth}))
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


def end_to_end(args: argparse.Namespace) -> int:
    count = args.records if args.records != 50_000 else 20_000
    summary = measure(count, args.repeat, batch=500, render=True)
    print(f"== end to end: {count} records in pages of 500, every page rendered by oaipmh")
    for name, row in summary.items():
        print(
            f"  {name:<14} {row['records']:>7} records  {row['wall']:7.2f} s from process start"
            f"  {row['wall_rate']:9.0f} records/s"
        )
    speed = summary["politeharvest"]["wall_rate"] / summary["sickle"]["wall_rate"]
    print(f"end-to-end records/s ratio politeharvest / sickle = {speed:.2f}x (goal >= 1.5x)")
    ok = summary["politeharvest"]["records"] == summary["sickle"]["records"] == count
    if args.json:
        print(json.dumps({"end_to_end": summary, "speed_ratio": speed}))
    print("PASS" if ok and speed >= 1.5 else "FAIL")
    return 0 if ok and speed >= 1.5 else 1


if __name__ == "__main__":
    sys.exit(main())
