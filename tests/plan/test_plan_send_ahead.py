"""`HarvestPlan.run` sends each next page's request ahead; `run_page` alone never does.

Read from the loopback server's own log: while `run` is at a page's `on_page` (the page is
durable), the next page has already been asked for, once; every page is still asked once,
one request in flight at a time, and every record is written once. A run stopped by
`max_records` drops what it sent ahead, and the next run delivers the rest exactly once.
With a pause between requests, or page by page (`run_page`, a job queue), nothing is sent
ahead.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import attrs
import pytest

from politeharvest import HarvestPlan
from politeharvest.plan import Lane, PageResult
from politeharvest.testing import LoggedRequest, LoopbackServer, Reply
from tests.support import SCALED
from tests.support.providers import generate, pyoai_route

pytestmark = pytest.mark.integration

ITEMS = generate(600)  # 6 pages of 100
PAGES = 6
FAST = attrs.evolve(SCALED, request_interval=0.0, file_interval=0.0, jitter=0.0)


@pytest.fixture(scope="module")
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer("127.0.0.6") as srv:
        srv.add("/oai", pyoai_route(ITEMS, batch_size=100))
        srv.add("/robots.txt", Reply(200, {"Content-Type": "text/plain"}, ""))
        yield srv


def listings(server: LoopbackServer, since: int) -> list[LoggedRequest]:
    return [
        r
        for r in server.log[since:]
        if urlsplit(r.url).path == "/oai"
        and dict(parse_qsl(urlsplit(r.url).query)).get("verb") == "ListRecords"
    ]


def asked_within(server: LoopbackServer, since: int, count: int, seconds: float) -> int:
    """How many ListRecords requests the server has seen, waiting up to `seconds` for `count`."""
    deadline = time.monotonic() + seconds
    while len(listings(server, since)) < count and time.monotonic() < deadline:
        time.sleep(0.01)
    return len(listings(server, since))


def identifiers(out: Path) -> list[str]:
    return [json.loads(line)["identifier"] for line in out.read_text().splitlines()]


def plan_for(server: LoopbackServer, tmp_path: Path, **changes: object) -> HarvestPlan:
    settings: dict[str, object] = {
        "policy": FAST,
        "state": tmp_path / "state.sqlite",
        "sink": tmp_path / "records.jsonl",
        **changes,
    }
    return HarvestPlan(server.url("/oai"), **settings)  # type: ignore[arg-type]


def test_run_asks_for_the_next_page_while_this_one_is_committed(
    server: LoopbackServer, tmp_path: Path
) -> None:
    start = len(server.log)
    seen: list[int] = []

    def on_page(result: PageResult, lane: Lane) -> bool:
        done = len(seen) + 1
        if result.next_cursor is not None and not result.next_cursor.done:
            # the page is durable, the next page's request already left
            seen.append(asked_within(server, start, done + 1, 2.0) - done)
        else:
            seen.append(len(listings(server, start)) - done)
        return True

    with plan_for(server, tmp_path) as plan:
        summary = plan.run(on_page=on_page)
    assert summary.complete and summary.records == len(ITEMS)
    assert seen == [1] * (PAGES - 1) + [0]  # one page ahead, never two, none after the last
    asked = listings(server, start)
    tokens = [dict(parse_qsl(urlsplit(r.url).query)).get("resumptionToken") for r in asked]
    assert len(asked) == PAGES == len(set(tokens))  # every page asked once
    ordered = sorted(server.log[start:], key=lambda r: r.arrival)
    for before, after in itertools.pairwise(ordered):
        assert after.arrival >= before.end  # one request in flight at a time
    ids = identifiers(tmp_path / "records.jsonl")
    assert len(ids) == len(set(ids)) == len(ITEMS)


def test_a_run_stopped_by_max_records_drops_what_it_sent_ahead(
    server: LoopbackServer, tmp_path: Path
) -> None:
    start = len(server.log)
    with plan_for(server, tmp_path, max_records=150) as plan:
        first = plan.run()
    assert first.stopped and first.records == 200
    assert len(listings(server, start)) == 3  # the third page was asked ahead, then dropped
    with plan_for(server, tmp_path) as plan:
        rest = plan.run()
    assert rest.complete and rest.records == len(ITEMS) - 200
    ids = identifiers(tmp_path / "records.jsonl")
    assert len(ids) == len(set(ids)) == len(ITEMS)


def test_page_by_page_nothing_is_sent_ahead(server: LoopbackServer, tmp_path: Path) -> None:
    start = len(server.log)
    with plan_for(server, tmp_path) as plan:
        cursor = plan.start()
        pages = 0
        while cursor is not None and not cursor.done:
            result = plan.run_page(cursor)
            pages += 1
            assert asked_within(server, start, pages + 1, 0.3) == pages
            cursor = result.next_cursor
    assert pages == PAGES
    assert len(identifiers(tmp_path / "records.jsonl")) == len(ITEMS)


def test_with_a_pause_between_requests_nothing_is_sent_ahead(
    server: LoopbackServer, tmp_path: Path
) -> None:
    start = len(server.log)
    ahead: list[int] = []
    paced = attrs.evolve(FAST, request_interval=0.4)

    def on_page(result: PageResult, lane: Lane) -> bool:
        ahead.append(len(listings(server, start)) - len(ahead) - 1)
        return len(ahead) < 3

    with plan_for(server, tmp_path, policy=paced) as plan:
        plan.run(on_page=on_page)
    assert ahead == [0, 0, 0]


def test_with_several_sets_each_page_is_asked_once(server: LoopbackServer, tmp_path: Path) -> None:
    """Two sets' pages take turns: a page sent ahead would be the wrong lane's, asked again
    later (a token used twice, which many repositories refuse). Nothing is sent ahead while
    two lanes list; once one is done, the other's pages may go ahead again."""
    start = len(server.log)
    with plan_for(server, tmp_path, sets=("cs", "bio")) as plan:
        summary = plan.run()
    assert summary.complete
    asked = [tuple(sorted(parse_qsl(urlsplit(r.url).query))) for r in listings(server, start)]
    assert len(asked) == len(set(asked)) == summary.pages
    wanted = {i.identifier for i in ITEMS if {"cs", "bio"} & set(i.sets)}
    assert sorted(identifiers(tmp_path / "records.jsonl")) == sorted(wanted)
