"""The durable state alone: what the page job asks of `SQLiteStateStore`, page after page.

No server and no parsing: for each page of 500 records (the identifiers and datestamps of
`tests/support/providers.generate`, in datestamp order as the bench server lists them), the
same calls a CLI harvest makes, on a state file on disk, in this order:

* ``filter_new`` (what was delivered before),
* the pending write noted (``Recovery.note_pending``: the page's JSONL bytes, about 355 bytes
  a record, as the plan notes them before the page goes out),
* ``commit`` (the deliveries, the checkpoint, the pending write cleared: one transaction).

It prints, per size, the state's bytes per record (the file and its WAL after the store is
closed, as `cli_throughput.py` counts them) and the milliseconds per page of each call
(medians), so the schema's size and its time can be compared before and after a change.

With ``--redis URL`` the same calls go to a `RedisStateStore` (keys under a prefix of their
own, deleted afterwards): the bytes per record are Redis's own ``MEMORY USAGE`` of every key
the harvest left, and each call's round trips to the server are counted (the packets
redis-py sends: a pipeline or a script is one).

Run: python bench/state_pages.py [--sizes 10000,50000,200000] [--repeat 3] [--redis URL]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from politeharvest.plan._recovery import Recovery  # noqa: E402
from politeharvest.store import SQLiteStateStore  # noqa: E402
from politeharvest.store._sinks import PendingWrite  # noqa: E402
from politeharvest.store._state import Checkpoint, PageCommit  # noqa: E402
from tests.support.providers import generate  # noqa: E402

ENDPOINT = "http://127.0.0.2:34263/oai"
PAGE = 500


def pages(count: int) -> list[list[tuple[str, str]]]:
    """The (identifier, datestamp) pairs of `count` records, in datestamp order, by page."""
    items = sorted(generate(count), key=lambda i: (i.datestamp, i.identifier))
    pairs = [(i.identifier, i.datestamp.strftime("%Y-%m-%dT%H:%M:%SZ")) for i in items]
    return [pairs[start : start + PAGE] for start in range(0, len(pairs), PAGE)]


def page_bytes(page: list[tuple[str, str]]) -> bytes:
    """A JSONL page of about the CLI's size (355 bytes a record)."""
    lines = []
    for identifier, stamp in page:
        row = {
            "datestamp": stamp,
            "deleted": False,
            "endpoint": ENDPOINT,
            "identifier": identifier,
            "metadata": {
                "creator": ["Author 0", "Yazar 0"],
                "identifier": [f"https://int.example.org/{identifier}"],
                "title": [
                    f"Article {identifier[-5:]}: \u00c7al\u0131\u015fma \u00fcber Gr\u00f6\u00dfen"
                ],
            },
            "metadata_prefix": "oai_dc",
            "sets": ["math"],
        }
        lines.append(json.dumps(row, ensure_ascii=False) + "\n")
    return "".join(lines).encode()


#: Round trips to Redis, counted by the call they serve (see `count_round_trips`).
TRIPS: Counter[str] = Counter()
CALL = ["-"]


def count_round_trips() -> None:
    """Count every packet redis-py sends (one per command, pipeline or script)."""
    from redis.connection import Connection

    send = Connection.send_packed_command

    def counted(self: Any, command: Any, check_health: bool = True) -> None:
        TRIPS[CALL[0]] += 1
        send(self, command, check_health)

    Connection.send_packed_command = counted  # type: ignore[method-assign]


def timed(times: dict[str, list[float]], call: str, action: Any) -> Any:
    CALL[0] = call
    started = time.perf_counter()
    result = action()
    times[call].append(time.perf_counter() - started)
    CALL[0] = "-"
    return result


def redis_bytes(client: Any, prefix: str) -> int:
    """What Redis holds under `prefix`: every key's ``MEMORY USAGE`` (all its samples)."""
    keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
    total = sum(int(client.memory_usage(k, samples=0) or 0) for k in keys)
    client.delete(*keys)
    return total


def measure(count: int, redis_url: str | None = None) -> dict[str, float]:
    """One harvest's state calls; bytes per record and milliseconds per page."""
    times: dict[str, list[float]] = {"filter_new": [], "note_pending": [], "commit": []}
    TRIPS.clear()
    with tempfile.TemporaryDirectory() as name:
        path = Path(name) / "state.sqlite"
        out = str(Path(name) / "out.jsonl")
        prefix = f"bench{uuid.uuid4().hex[:8]}"
        if redis_url is not None:
            from politeharvest.fleet import RedisStateStore

            store: Any = RedisStateStore(redis_url, prefix=prefix)
        else:
            store = SQLiteStateStore(path)
        recovery = Recovery(store, ENDPOINT, "oai_dc", out, notes=[])
        scope = recovery.scope
        lane = f"{ENDPOINT}|oai_dc|"
        listing = f"{lane}||"
        size = 0
        all_pages = pages(count)
        for number, page in enumerate(all_pages, 1):
            data = page_bytes(page)
            new = timed(times, "filter_new", lambda page=page: store.filter_new(scope, page))
            assert len(new) == len(page), "every record is new"
            pending = PendingWrite(out, 1, 2, size, data)
            key = timed(times, "note_pending", lambda p=pending: recovery.note_pending(p))
            size += len(data)
            last = number == len(all_pages)
            checkpoint = Checkpoint(
                listing,
                lane,
                "a" * 32,
                "b" * 32,
                json.dumps({"token": f"page-{number}"}),
                "{}",
                json.dumps({"path": out, "size": size}),
                json.dumps([{"path": out, "pages": number, "records": number * PAGE}]),
                number,
                number * PAGE,
                "2024-06-01T00:00:00Z",
                page[-1][1],
            )
            commit = PageCommit(
                scope=scope,
                delivered=tuple(page),
                listing_id="a" * 32,
                checkpoint=None if last else checkpoint,
                listing=listing,
                pending=key,
            )
            timed(times, "commit", lambda c=commit: store.commit(c))
        again = store.filter_new(scope, [p for page in all_pages for p in page])
        assert not again, "nothing is new the second time"
        if redis_url is not None:
            state_bytes = redis_bytes(store.client, prefix)
        else:
            store.close()
            files = (path, Path(f"{path}-wal"))
            state_bytes = sum(p.stat().st_size for p in files if p.exists())
    result = {"bytes_per_record": state_bytes / count}
    for call, values in times.items():
        result[call] = statistics.median(values) * 1000
        result[f"{call}_trips"] = TRIPS[call] / len(values)
    return result


def page_job_round_trips(redis_url: str, count: int = 10_000) -> float:
    """Round trips to the Redis state per page of a whole plan's run (pages of 100, JSONL)."""
    from politeharvest import HarvestPlan, Politeness
    from politeharvest.fleet import RedisStateStore
    from politeharvest.fleet._connection import RedisConnection
    from politeharvest.testing import LoopbackServer, OaiTestRepository

    trips = Counter[str]()
    call = RedisConnection._call

    def counted(self: Any, action: Any) -> Any:
        if isinstance(self, RedisStateStore):
            trips["state"] += 1
        return call(self, action)

    RedisConnection._call = counted  # type: ignore[method-assign]
    policy = Politeness(
        user_agent="bench/1.0 (mailto:bench@example.org)",
        request_interval=0,
        allow_private_addresses=True,
    )
    url = f"{redis_url}?prefix=bench{uuid.uuid4().hex[:8]}"
    try:
        with tempfile.TemporaryDirectory() as name, LoopbackServer("127.0.0.2") as server:
            server.add("/oai", OaiTestRepository.sample(count, page_size=100))
            with HarvestPlan(
                server.url("/oai"), state=url, sink=f"{name}/o.jsonl", policy=policy
            ) as plan:
                summary = plan.run()
    finally:
        RedisConnection._call = call  # type: ignore[method-assign]
    return trips["state"] / max(1, summary.pages)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="10000,50000,200000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--redis", default=None, help="redis://... : RedisStateStore instead")
    args = parser.parse_args(argv)
    if args.redis:
        count_round_trips()
    calls = ("filter_new", "note_pending", "commit")
    print(f"{'records':>8} | {'B/record':>8} | ms per page (round trips): " + "  ".join(calls))
    for size in (int(s) for s in args.sizes.split(",")):
        runs = [measure(size, args.redis) for _ in range(args.repeat)]
        row = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        cells = [
            f"{row[c]:.2f}" + (f" ({row[c + '_trips']:.0f})" if args.redis else "") for c in calls
        ]
        print(f"{size:>8} | {row['bytes_per_record']:>8.1f} | " + "  ".join(cells))
    if args.redis:
        trips = page_job_round_trips(args.redis)
        print(f"a whole plan's run on Redis: {trips:.1f} round trips to the state per page")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
