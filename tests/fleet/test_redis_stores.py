"""RedisPaceStore and RedisStateStore against a real redis-server."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import attrs
import pytest
import requests
from hypothesis import HealthCheck, settings

from politeharvest import HarvestPlan, MemoryPaceStore
from politeharvest.exceptions import LeaseLost, StoreUnavailable
from politeharvest.fleet import RedisPaceStore, RedisStateStore
from politeharvest.plan._planning import Checkpoint
from politeharvest.store._state import PageCommit, UrlOutcome
from politeharvest.testing import LoopbackServer, OaiTestRepository
from tests.support import SCALED
from tests.support import harvests as stateful
from tests.support.redis import RedisServer

pytestmark = pytest.mark.integration


def reserve(store: RedisPaceStore, host: str = "h", gap: float = 0.2, lease_s: float = 30.0) -> Any:
    return store.reserve(
        host,
        job="j",
        now=time.monotonic(),
        gap=gap,
        gap_reason="request-interval",
        jitter=0.0,
        lease_s=lease_s,
    )


#: How much later than asked a start may be read back on a loaded machine (CI's four workers
#: on two cores made one 25 ms late); never sooner.
_LATE = 0.1


def test_pace_one_in_flight_and_end_to_start_gap(redis_url: str) -> None:
    store = RedisPaceStore(redis_url)
    first = reserve(store)
    assert first.start_at <= time.monotonic()
    assert type(reserve(store)).__name__ == "Busy"  # one request in flight per host
    assert type(reserve(store, "other")).__name__ == "Slot"  # other hosts go on
    ended = time.monotonic()
    store.release(first, end=ended)
    second = reserve(store)
    assert second.wait_reason == "request-interval"
    # never sooner than the gap; later only by the time the store's calls took (a loaded
    # machine's scheduling: the start is read back through Redis's clock)
    assert 0.2 - 0.02 <= second.start_at - ended <= 0.2 + _LATE


def test_pace_holds_slowdown_and_stops(redis_url: str) -> None:
    store = RedisPaceStore(redis_url)
    now = time.monotonic()
    store.hold("h", now + 0.5, reason="retry-after")
    store.hold("h", now + 0.1, reason="backoff")  # never shortens
    slot = reserve(store)
    assert slot.wait_reason == "retry-after"
    assert 0.5 - 0.02 <= slot.start_at - now <= 0.5 + _LATE  # never before the hold ends
    assert [store.slow_down("h", job="j", factor=2.0, cap=8.0) for _ in range(4)] == [
        2.0,
        4.0,
        8.0,
        8.0,
    ]
    assert store.multiplier("h", job="j") == 8.0
    assert store.multiplier("h", job="other-job") == 8.0  # a fleet slows down together
    assert RedisPaceStore(redis_url, shared_slowdown=False).multiplier("h", job="j") == 1.0
    store.release(slot, end=time.monotonic())
    assert reserve(store).wait_reason == "request-interval x8"
    store.stop_host("h", job="j", reason="403")
    assert store.stopped("h", job="j") == "403"
    assert store.stopped("h", job="k") is None


def test_pace_lapsed_reservation_is_taken_over(redis_url: str) -> None:
    store = RedisPaceStore(redis_url)
    reserve(store, lease_s=0.3)  # a worker that never comes back
    assert type(reserve(store)).__name__ == "Busy"
    time.sleep(0.35)
    assert type(reserve(store)).__name__ == "Slot"


CHILD = """
import json, sys, time
from politeharvest.fleet import RedisPaceStore
store = RedisPaceStore(sys.argv[1])
spans = []
stop = time.monotonic() + 1.5
while time.monotonic() < stop:
    slot = store.reserve("shared", job="j", now=time.monotonic(), gap=0.02,
                         gap_reason="request-interval", jitter=0.0, lease_s=5.0)
    if type(slot).__name__ == "Busy":
        time.sleep(max(0.0, slot.retry_at - time.monotonic()))
        continue
    time.sleep(max(0.0, slot.start_at - time.monotonic()))
    began = time.monotonic()
    time.sleep(0.005)  # the request
    ended = time.monotonic()
    store.release(slot, end=ended)
    spans.append((began, ended))
print(json.dumps(spans))
"""


def test_processes_share_one_pacing(redis_url: str, tmp_path: Path) -> None:
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    children = [
        subprocess.Popen([sys.executable, str(script), redis_url], stdout=subprocess.PIPE)
        for _ in range(4)
    ]
    spans = sorted(s for c in children for s in json.loads(c.communicate(timeout=30)[0]))
    assert len(spans) > 20
    for (_, end), (start, _) in itertools.pairwise(spans):
        assert start >= end  # never two in flight
        assert start - end >= 0.02 - 0.002  # the end-to-start gap holds across processes


def test_state_lease_fencing(redis_url: str) -> None:
    a, b = RedisStateStore(redis_url), RedisStateStore(redis_url)
    assert a.acquire_lease("h", "run-a", time.time(), 0.3) is not None
    assert b.acquire_lease("h", "run-b", time.time(), 10.0) is None  # one job per host
    time.sleep(0.35)
    lease = b.acquire_lease("h", "run-b", time.time(), 10.0)
    assert lease is not None and lease.token == 2
    commit = PageCommit(
        scope="s", delivered=(("id1", "2020"),), listing_id="l", checkpoint=None, listing="k"
    )
    with pytest.raises(LeaseLost):
        a.commit(commit)  # its lease lapsed: it cannot commit over run-b
    assert a.filter_new("s", [("id1", "2020")]) == {"id1"}  # nothing of it landed
    b.commit(commit)
    assert a.filter_new("s", [("id1", "2020")]) == set()


def test_a_pages_url_outcomes_land_with_its_commit_or_not_at_all(redis_url: str) -> None:
    a, b = RedisStateStore(redis_url), RedisStateStore(redis_url)
    assert a.acquire_lease("h", "run-a", time.time(), 0.3) is not None
    mark = UrlOutcome("https://x/landing/1", "retry-later", "interrupted", extra={"key": "id1"})
    done = UrlOutcome("https://x/landing/2", "downloaded")
    b.set_url_outcome(attrs.evolve(done, status="retry-later"))
    commit = PageCommit(
        scope="s",
        delivered=(("id1", "2020"),),
        listing_id="l",
        checkpoint=None,
        listing="k",
        urls=(mark, done),
    )
    time.sleep(0.35)
    assert b.acquire_lease("h", "run-b", time.time(), 10.0) is not None
    with pytest.raises(LeaseLost):
        a.commit(commit)  # not committed: its marks are not either
    assert a.url_outcome(mark.url) is None
    assert [o.url for o in a.retry_later(time.time())] == [done.url]
    b.commit(commit)
    assert b.url_outcome(mark.url) == mark
    assert b.url_outcome(done.url) == done
    assert [o.url for o in b.retry_later(time.time())] == [mark.url]  # set and cleared


def test_state_values_runs_and_urls(redis_url: str) -> None:
    store = RedisStateStore(redis_url)
    old = store.start_run("k", 1000.0, stuck_after=100.0)
    new = store.start_run("k", 2000.0, stuck_after=100.0)  # closes the stuck one
    runs = {r.run_id: r for r in store.runs("k")}
    assert runs[old.run_id].status == "failed" and "stuck" in runs[old.run_id].reason
    assert runs[new.run_id].status == "running"
    store.finish_run(new.run_id, 2001.0, status="finished")
    assert store.runs("k")[0].status == "finished"
    store.set_value("ns", "a", "1")
    store.set_value("ns", "b", "2")
    store.set_value("ns", "a", None)
    assert store.values("ns") == {"b": "2"}
    store.set_url_outcome(UrlOutcome("https://x/1", "retry-later", "503", not_before=10.0))
    store.set_url_outcome(UrlOutcome("https://x/2", "retry-later", "503", not_before=99.0))
    store.set_url_outcome(UrlOutcome("https://x/3", "stored"))
    assert [o.url for o in store.retry_later(50.0)] == ["https://x/1"]
    cp = Checkpoint("lk", "lane", "lid", "run", "cur", "{}", "", "{}", 1, 5, "2020", "2020")
    store.commit(PageCommit(scope="s", delivered=(), listing_id="lid", checkpoint=cp, listing="lk"))
    assert store.listing("lk") == cp
    assert store.listings("lane") == [cp]
    store.drop_listing("lk")
    assert store.listings("lane") == []


def test_unreachable_redis_defers(tmp_path: Path) -> None:
    with pytest.raises(StoreUnavailable) as caught:
        RedisStateStore("redis://127.0.0.1:1/0").listing("x")
    assert "run it again when the store is back" in str(caught.value)


class RedisHarvests(stateful.Harvests):
    """The stateful harvest machine (crashes, torn writes, windows, moved files) on Redis."""

    url = ""

    def plan(self, **kwargs: Any) -> HarvestPlan:
        if not hasattr(self, "store"):
            base = self.url[: self.url.index("?")]
            self.store = RedisStateStore(f"{base}?prefix=s{id(self)}-{time.monotonic_ns()}")
        return HarvestPlan(
            stateful.ENDPOINT,
            state=self.store,
            pace_store=MemoryPaceStore(),
            http=self.http,
            clock=self.clock,
            policy=stateful.POLICY,
            **kwargs,
        )


def test_stateful_harvests_on_redis(redis_server: RedisServer) -> None:
    RedisHarvests.url = redis_server.url + "?prefix=x"
    case = RedisHarvests.TestCase
    case.settings = settings(
        max_examples=25,
        stateful_step_count=10,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    case("runTest").runTest()


def test_stream_sink_exactly_once_through_the_plan(redis_url: str) -> None:
    repo = OaiTestRepository.sample(120, page_size=25)
    with LoopbackServer("127.0.0.2") as server:
        server.add("/oai", repo)
        for _ in range(2):  # the second run delivers nothing again
            with HarvestPlan(
                server.url("/oai"), state=redis_url, sink=redis_url, policy=SCALED
            ) as plan:
                plan.run()
                stream = plan._open_sink()
                rows = stream.rows()  # type: ignore[attr-defined]
    assert sorted(r["identifier"] for r in rows) == sorted(r.identifier for r in repo.records)


def test_a_look_at_standard_output_leaves_a_redis_state_as_it_was(
    redis_url: str, tmp_path: Path
) -> None:
    """consume=False on a fleet's state: the lease and the run in Redis, the records not."""
    from politeharvest.plan._planning import lane_key
    from politeharvest.testing import FakeClock, ScriptedAdapter

    clock = FakeClock()
    adapter = ScriptedAdapter(clock)
    adapter.add(stateful.ENDPOINT, OaiTestRepository.sample(45, page_size=10, now=clock.now))
    http = requests.Session()
    http.mount("https://", adapter)
    store = RedisStateStore(redis_url)
    common: dict[str, Any] = {
        "state": store,
        "pace_store": MemoryPaceStore(),
        "http": http,
        "clock": clock,
        "policy": stateful.POLICY,
    }
    shown: list[dict[str, Any]] = []
    with HarvestPlan(stateful.ENDPOINT, sink=shown.extend, consume=False, **common) as look:
        assert look.run().complete
    assert len(shown) == 45
    assert store.coverage(lane_key(stateful.ENDPOINT, "oai_dc", None)) == ()
    assert [r.status for r in store.runs(stateful.ENDPOINT)] == ["finished"]
    out = tmp_path / "records.jsonl"
    with HarvestPlan(stateful.ENDPOINT, sink=out, **common) as plan:
        assert plan.run().records == 45
    assert len(out.read_text().splitlines()) == 45


def test_a_heartbeat_is_one_round_trip_and_changes_nothing_else(redis_url: str) -> None:
    """The heartbeat script rewrites the run's heartbeat alone, to the float given, exactly."""
    store = RedisStateStore(redis_url)
    key = 'https://repo.example.org/oai?x="heartbeat": 1'  # the field's name inside a value
    run = store.start_run(key, 1_764_614_400.25, stuck_after=60.0)
    store.finish_run(run.run_id, 1_764_614_401.5, status="running", reason='"heartbeat": 2')
    calls = []
    call = store._call
    store._call = lambda action: calls.append(1) or call(action)  # type: ignore[method-assign]
    store.heartbeat(run.run_id, 1_764_614_999.123456789)
    assert len(calls) == 1
    (after,) = store.runs(key)
    assert after.heartbeat == 1_764_614_999.123456789
    assert (after.key, after.reason, after.started) == (key, '"heartbeat": 2', 1_764_614_400.25)
    store.heartbeat("no-such-run", 1.0)  # nothing to beat: nothing written
    assert [r.run_id for r in store.runs()] == [run.run_id]


def test_a_renewed_lease_is_one_round_trip_and_a_taken_one_is_not_renewed(
    redis_url: str,
) -> None:
    a, b = RedisStateStore(redis_url), RedisStateStore(redis_url)
    assert a.acquire_lease("h", "run-a", time.time(), 10.0) is not None
    calls = []
    call = a._call
    a._call = lambda action: calls.append(1) or call(action)  # type: ignore[method-assign]
    renewed = a.acquire_lease("h", "run-a", time.time(), 0.3)
    assert renewed is not None and renewed.token == 1 and len(calls) == 1
    time.sleep(0.35)
    assert b.acquire_lease("h", "run-b", time.time(), 10.0) is not None  # a's lapsed
    assert a.acquire_lease("h", "run-a", time.time(), 10.0) is None  # b holds it, alive
    commit = PageCommit(scope="s", delivered=(), listing_id="l", checkpoint=None, listing="k")
    with pytest.raises(LeaseLost):
        a.commit(commit)  # still fenced by the token it held


def test_a_job_whose_host_was_taken_asks_for_it_again_before_its_next_page(
    redis_url: str, tmp_path: Path
) -> None:
    """A page's commit refused (another job holds the host now): the plan's next page does
    not go out on the lease it renewed a moment ago (renewals are written once a second),
    it asks for the host again and is deferred."""
    from politeharvest.net._pacing import host_key
    from politeharvest.testing import FakeClock, ScriptedAdapter

    clock = FakeClock()  # it stands still: every page comes within a second of the first
    adapter = ScriptedAdapter(clock)
    adapter.add(stateful.ENDPOINT, OaiTestRepository.sample(45, page_size=10, now=clock.now))
    http = requests.Session()
    http.mount("https://", adapter)
    store = RedisStateStore(redis_url)
    with HarvestPlan(
        stateful.ENDPOINT,
        state=store,
        pace_store=MemoryPaceStore(),
        http=http,
        clock=clock,
        policy=attrs.evolve(stateful.POLICY, request_interval=0.0),
        sink=tmp_path / "out.jsonl",
        lease_ttl=60.0,
    ) as plan:
        first = plan.run_page(plan.start())
        assert first.next_cursor is not None and len(first.records) == 10
        taken = {"holder": "run-b", "token": "99", "expires": str(time.time() + 60)}
        store.client.hset(
            store._k("lease", host_key(stateful.ENDPOINT)),
            mapping={**taken, "owner": "another-machine:1"},
        )
        with pytest.raises(LeaseLost):
            plan.run_page(first.next_cursor)
        sent = len(adapter.log)
        again = plan.run_page(first.next_cursor)
        assert again.deferred_until is not None and again.records == ()
        assert "another harvest job" in again.reason
        assert len(adapter.log) == sent  # nothing was asked of the repository
    delivered = store.filter_new(plan.scope, [(r.identifier, r.datestamp) for r in first.records])
    assert delivered == set()  # the first page stays delivered; no other page was committed


def test_plans_sharing_a_store_ask_for_their_host_again_after_any_lost_lease(
    redis_url: str, tmp_path: Path
) -> None:
    """Two plans on one `RedisStateStore` (hosts X and Y): another job takes Y, and plan X's
    commit is the one refused (the store fences every host it holds), which drops Y's fence.
    Plan Y renewed its lease a moment ago, yet its next page must not go out unfenced: it
    asks for the host again and is deferred, nothing sent, nothing committed."""
    from politeharvest.net._pacing import host_key
    from politeharvest.testing import FakeClock, ScriptedAdapter

    x, y = "https://x.example.org/oai", "https://y.example.org/oai"
    clock = FakeClock()  # it stands still: every page comes within a second of the first
    adapter = ScriptedAdapter(clock)
    for endpoint in (x, y):
        adapter.add(endpoint, OaiTestRepository.sample(45, page_size=10, now=clock.now))
    http = requests.Session()
    http.mount("https://", adapter)
    store = RedisStateStore(redis_url)

    def plan(endpoint: str, name: str) -> HarvestPlan:
        return HarvestPlan(
            endpoint,
            state=store,
            pace_store=MemoryPaceStore(),
            http=http,
            clock=clock,
            policy=attrs.evolve(stateful.POLICY, request_interval=0.0),
            sink=tmp_path / f"{name}.jsonl",
            lease_ttl=60.0,
        )

    with plan(x, "x") as on_x, plan(y, "y") as on_y:
        first_y = on_y.run_page(on_y.start())
        first_x = on_x.run_page(on_x.start())
        assert first_x.next_cursor is not None and first_y.next_cursor is not None
        store.client.hset(
            store._k("lease", host_key(y)),
            mapping={
                "holder": "run-b",
                "token": "99",
                "expires": str(time.time() + 60),
                "owner": "another-machine:1",
            },
        )
        with pytest.raises(LeaseLost):
            on_x.run_page(first_x.next_cursor)
        sent = len(adapter.log)
        again = on_y.run_page(first_y.next_cursor)
        assert again.deferred_until is not None and again.records == ()
        assert len(adapter.log) == sent  # nothing was asked of Y's repository
    assert store.client.hget(store._k("lease", host_key(y)), "holder") == b"run-b"
    assert (
        store.filter_new(on_y.scope, [(r.identifier, r.datestamp) for r in first_y.records])
        == set()
    )
