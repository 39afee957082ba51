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

Run: python bench/state_pages.py [--sizes 10000,50000,200000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

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


def measure(count: int) -> dict[str, float]:
    """One harvest's state calls; bytes per record and milliseconds per page."""
    times: dict[str, list[float]] = {"filter_new": [], "note_pending": [], "commit": []}
    with tempfile.TemporaryDirectory() as name:
        path = Path(name) / "state.sqlite"
        out = str(Path(name) / "out.jsonl")
        store = SQLiteStateStore(path)
        recovery = Recovery(store, ENDPOINT, "oai_dc", out, notes=[])
        scope = recovery.scope
        lane = f"{ENDPOINT}|oai_dc|"
        listing = f"{lane}||"
        size = 0
        all_pages = pages(count)
        for number, page in enumerate(all_pages, 1):
            data = page_bytes(page)
            started = time.perf_counter()
            new = store.filter_new(scope, page)
            times["filter_new"].append(time.perf_counter() - started)
            assert len(new) == len(page), "every record is new"
            started = time.perf_counter()
            key = recovery.note_pending(PendingWrite(out, 1, 2, size, data))
            times["note_pending"].append(time.perf_counter() - started)
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
            started = time.perf_counter()
            store.commit(
                PageCommit(
                    scope=scope,
                    delivered=tuple(page),
                    listing_id="a" * 32,
                    checkpoint=None if last else checkpoint,
                    listing=listing,
                    pending=key,
                )
            )
            times["commit"].append(time.perf_counter() - started)
        store.close()
        files = (path, Path(f"{path}-wal"))
        state_bytes = sum(p.stat().st_size for p in files if p.exists())
        check = SQLiteStateStore(path)
        again = check.filter_new(scope, [p for page in all_pages for p in page])
        check.close()
        assert not again, "nothing is new the second time"
    result = {"bytes_per_record": state_bytes / count}
    for call, values in times.items():
        result[call] = statistics.median(values) * 1000
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="10000,50000,200000")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(
        f"{'records':>8} | {'B/record':>8} | ms per page: {'filter_new':>10} {'note':>6} {'commit':>7}"
    )
    for size in (int(s) for s in args.sizes.split(",")):
        runs = [measure(size) for _ in range(args.repeat)]
        row = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        print(
            f"{size:>8} | {row['bytes_per_record']:>8.1f} | {'':>12} {row['filter_new']:>10.2f} "
            f"{row['note_pending']:>6.2f} {row['commit']:>7.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
