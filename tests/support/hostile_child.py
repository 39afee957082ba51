"""One hostile scenario, run in a child process with a memory limit (see test_hostile.py).

    python -m tests.support.hostile_child SCENARIO URL [ARG ...]

Prints one JSON line: the outcome (``"ok"`` or the exception's class), a detail, the
seconds taken (wall and the process's own CPU) and the peak resident memory in MiB.
"""

from __future__ import annotations

import json
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import attrs

from politeharvest import (
    FullText,
    FullTextStep,
    LandingPageResolver,
    OaiPager,
    PdfFetcher,
    Politeness,
    PoliteSession,
)
from politeharvest.fulltext._identity import RecordHints

UA = "politeharvest-hostile/1.0 (+mailto:tests@example.org)"
POLICY = Politeness(
    user_agent=UA,
    request_interval=0.0,
    file_interval=0.0,
    allow_private_addresses=True,
    max_response_bytes=16 * 2**20,
    max_file_bytes=64 * 2**20,
    page_time_s=2.0,
    file_time_s=2.0,
    robots_timeout_s=2.0,
    read_timeout_s=5.0,
    job_budget=60.0,
    https_only=False,
)


def oai_page(url: str) -> Any:
    with PoliteSession(POLICY) as session:
        pager = OaiPager(session, url)
        page = pager.fetch(pager.first_cursor("ListRecords", metadata_prefix="oai_dc"))
        return f"{len(page.records)} records"


def oai_listing(url: str) -> Any:
    with PoliteSession(POLICY) as session:
        pager = OaiPager(session, url)
        pages = 0
        for _ in pager.pages(pager.first_cursor("ListRecords", metadata_prefix="oai_dc")):
            pages += 1
            if pages > 500:
                return f"still going after {pages} pages"
        return f"ended after {pages} pages"


def oai_records(url: str) -> Any:
    """Every record of a listing, counted as it streams (the default 64 MiB page cap)."""
    with PoliteSession(attrs.evolve(POLICY, max_response_bytes=64 * 2**20)) as session:
        pager = OaiPager(session, url)
        count = sum(
            1 for _ in pager.records(pager.first_cursor("ListRecords", metadata_prefix="oai_dc"))
        )
        return f"{count} records"


def robots_then_page(url: str) -> Any:
    with PoliteSession(POLICY) as session:
        response = session.get(url)
        return f"HTTP {response.status_code}"


def direct_file(url: str) -> Any:
    policy = attrs.evolve(POLICY, max_file_bytes=512 * 2**20, file_time_s=60.0)
    with tempfile.TemporaryDirectory() as folder, PoliteSession(policy) as session:
        fetcher = PdfFetcher(session, Path(folder))
        resolution = LandingPageResolver(session, fetcher=fetcher).resolve(
            url, key="big", hints=RecordHints(titles=("A big file",))
        )
        size = resolution.file.size if resolution.file else 0
        return f"{resolution.status} {size} bytes"


def landing(url: str) -> Any:
    with PoliteSession(POLICY) as session:
        resolution = LandingPageResolver(session).resolve(url)
        return f"{resolution.status}: {resolution.reason[:120]}"


def fulltext(url: str) -> Any:
    with tempfile.TemporaryDirectory() as folder, PoliteSession(POLICY) as session:
        step = FullTextStep(session, FullText(directory=Path(folder)))
        row = step.for_url(url, "rec", hints=RecordHints(titles=("Some article",)))
        return f"{row['status']}: {str(row['reason'])[:160]}"


SCENARIOS = {
    "oai_page": oai_page,
    "oai_listing": oai_listing,
    "oai_records": oai_records,
    "robots_then_page": robots_then_page,
    "direct_file": direct_file,
    "landing": landing,
    "fulltext": fulltext,
}


def _peak_mib() -> float:
    """This process's own peak resident memory (VmHWM; ru_maxrss survives exec on Linux)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:  # pragma: no cover - not Linux
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str]) -> int:
    name, url = argv[0], argv[1]
    started, cpu = time.monotonic(), time.process_time()
    try:
        detail = SCENARIOS[name](url)
        outcome = "ok"
    except Exception as exc:
        outcome, detail = type(exc).__name__, str(exc)[:300]
    except MemoryError:  # pragma: no cover - what a regression would show
        outcome, detail = "MemoryError", ""
    peak = _peak_mib()
    print(
        json.dumps(
            {
                "outcome": outcome,
                "detail": str(detail),
                "seconds": round(time.monotonic() - started, 2),
                # this process's own CPU time: the work a hostile body makes it do,
                # whatever else the machine runs (the tests' workers share its cores)
                "cpu_seconds": round(time.process_time() - cpu, 2),
                "rss_mib": round(peak, 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
