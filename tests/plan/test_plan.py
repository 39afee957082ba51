"""HarvestPlan and the SQLite StateStore on a FakeClock with the scriptable test repository."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import attrs
import pytest
import requests

from politeharvest import (
    CallbackSink,
    HarvestPlan,
    JsonlSink,
    PlanCursor,
    Politeness,
    SQLiteSink,
    SQLiteStateStore,
)
from politeharvest.plan import Lane, PageResult
from politeharvest.store._state import Lease
from politeharvest.testing import (
    FakeClock,
    LoggedRequest,
    OaiTestRepository,
    Reply,
    SampleRecord,
    ScriptedAdapter,
)
from tests.support import UA
from tests.support.plans import ENDPOINT, plan_maker, scripted_repository

FAKE_START = 1_767_225_600.0  # FakeClock's default wall-clock start
POLICY = Politeness(user_agent=UA, job_budget=10**6)


@pytest.fixture
def repo(clock: FakeClock, adapter: ScriptedAdapter) -> OaiTestRepository:
    return scripted_repository(adapter, clock, 230)


@pytest.fixture
def make_plan(
    http: requests.Session, clock: FakeClock, tmp_path: Path
) -> Callable[..., HarvestPlan]:
    return plan_maker(http, clock, tmp_path, policy=POLICY)


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def oai_requests(adapter: ScriptedAdapter) -> list[dict[str, str]]:
    return [
        {k: v[0] for k, v in parse_qs(urlsplit(r.url).query).items()}
        for r in adapter.log
        if urlsplit(r.url).path == "/oai"
    ]


def test_run_writes_every_record_once(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, tmp_path: Path
) -> None:
    summary = make_plan().run()
    rows = lines(tmp_path / "out.jsonl")
    assert [r["identifier"] for r in rows] == sorted(r.identifier for r in repo.records)
    assert summary.complete
    assert (summary.records, summary.pages) == (230, 10)
    assert summary.deleted == sum(r.deleted for r in repo.records)
    assert summary.requests == 11  # robots.txt + 10 pages
    assert summary.waits == 10
    assert summary.wait_s == pytest.approx(10.0)
    first = rows[0]
    assert set(first) >= {
        "identifier",
        "datestamp",
        "deleted",
        "sets",
        "metadata",
        "endpoint",
        "metadata_prefix",
    }


def test_run_page_chain_reproduces_the_harvest(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, tmp_path: Path
) -> None:
    """One page per job: cursors go through JSON between jobs, as in a queue."""
    plan = make_plan(sink=tmp_path / "jobs.jsonl")
    payload: str | None = plan.start().to_json()
    delivered: list[str] = []
    jobs = 0
    while payload is not None:
        result = make_plan(sink=tmp_path / "jobs.jsonl").run_page(PlanCursor.from_json(payload))
        jobs += 1
        delivered += [r.identifier for r in result.records]
        payload = result.next_cursor.to_json() if result.next_cursor else None
    assert jobs == 10
    assert sorted(delivered) == sorted(r.identifier for r in repo.records)
    assert sorted(r["identifier"] for r in lines(tmp_path / "jobs.jsonl")) == sorted(delivered)


def test_sets_are_taken_in_turn(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, adapter: ScriptedAdapter
) -> None:
    """Pages of two sets on one host alternate: A, B, A, B, never A, A while B is ready."""
    import base64

    make_plan(sets=("math", "physics")).run()
    order = []
    for query in oai_requests(adapter):
        if "set" in query:
            order.append(query["set"])
        else:  # the test repository's token carries the listing's arguments
            order.append(json.loads(base64.b64decode(query["resumptionToken"][:-3]))[2]["set"])
    pages = {s: -(-sum(s in r.sets for r in repo.records) // 25) for s in ("math", "physics")}
    expected = []
    for turn in range(max(pages.values())):
        expected += [s for s in ("math", "physics") if turn < pages[s]]
    assert order == expected
    assert len(order) == sum(pages.values()) >= 6


def test_records_is_resumable(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository
) -> None:
    plan = make_plan(sink=None)
    seen: list[str] = []
    iterator = plan.records()
    for record in iterator:
        seen.append(record.identifier)
        if len(seen) == 60:  # in the middle of page 3
            break
    iterator.close()
    rest = [r.identifier for r in make_plan(sink=None).records()]
    assert rest[0] == seen[50]  # resumes at page 3: pages 1-2 were checkpointed
    assert sorted(set(seen) | set(rest)) == sorted(r.identifier for r in repo.records)
    assert len(rest) == 230 - 50


class CrashAfterWrite(JsonlSink):
    """Writes the page durably, then dies before the checkpoint (the worst moment)."""

    def write_page(self, rows, *, before_write=None):  # type: ignore[no-untyped-def]
        mark = super().write_page(rows, before_write=before_write)
        if mark is not None and mark.size > 8000:
            raise KeyboardInterrupt("killed after the write, before the checkpoint")
        return mark


class TornWrite(JsonlSink):
    """Dies in the middle of writing its third page: half a page, half a line, on disk."""

    pages = 0

    def write_page(self, rows, *, before_write=None):  # type: ignore[no-untyped-def]
        TornWrite.pages += 1
        if TornWrite.pages < 3:
            return super().write_page(rows, before_write=before_write)
        payload = "".join(json.dumps(r, sort_keys=True) + "\n" for r in rows).encode()
        import os

        info = os.fstat(self._fd)
        from politeharvest.store._sinks import PendingWrite

        assert before_write is not None
        before_write(PendingWrite(self.path, info.st_dev, info.st_ino, info.st_size, payload))
        os.write(self._fd, payload[: len(payload) // 2 + 7])
        raise KeyboardInterrupt("killed in the middle of a write")


def test_crash_between_write_and_checkpoint_loses_and_repeats_nothing(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, tmp_path: Path
) -> None:
    out = tmp_path / "crash.jsonl"
    with pytest.raises(KeyboardInterrupt):
        make_plan(sink=CrashAfterWrite(out)).run()
    written_before = len(lines(out))
    make_plan(sink=out).run()
    identifiers = [r["identifier"] for r in lines(out)]
    assert written_before > 0
    assert len(identifiers) == len(set(identifiers)) == 230


def test_a_torn_last_line_is_cut_on_resume(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, tmp_path: Path
) -> None:
    out = tmp_path / "torn.jsonl"
    TornWrite.pages = 0
    with pytest.raises(KeyboardInterrupt):
        make_plan(sink=TornWrite(out)).run()
    assert not out.read_bytes().endswith(b"\n")  # half a page, the last line torn
    summary = make_plan(sink=out).run()
    identifiers = [r["identifier"] for r in lines(out)]
    assert len(identifiers) == len(set(identifiers)) == 230
    assert any("took back" in note for note in summary.notes)


def test_a_file_ending_inside_a_line_that_is_not_ours_is_refused(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, tmp_path: Path
) -> None:
    """Someone else's half line is not ours to cut, and appending would break it."""
    from politeharvest.exceptions import SinkError

    out = tmp_path / "theirs.jsonl"
    out.write_bytes(b'{"mine": 1}\n{"half": ')
    with pytest.raises(SinkError, match="does not end with a newline"):
        make_plan(sink=out).run()
    assert out.read_bytes() == b'{"mine": 1}\n{"half": '


def test_second_plan_on_the_host_waits_for_the_lease(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, clock: FakeClock
) -> None:
    first, second = make_plan(lease_ttl=100.0), make_plan(sink=None, lease_ttl=100.0)
    one = first.start()
    assert first.run_page(one).deferred_until is None
    two = second.start()
    blocked = second.run_page(two)
    assert blocked.deferred_until is not None
    assert "another harvest job" in blocked.reason
    assert blocked.next_cursor == two
    clock.advance(101)  # the first holder went silent: its lease expires
    assert second.run_page(two).deferred_until is None


def test_lease_outlives_the_job_budget_and_is_renewed(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, clock: FakeClock
) -> None:
    plan = make_plan(policy=Politeness(job_budget=1200))
    cursor = plan.start()
    result = plan.run_page(cursor)
    assert result.next_cursor is not None
    lease = plan.store.acquire_lease("repo.example.org", "someone-else", clock.now(), 10)
    assert lease is None
    clock.advance(1300)  # past the budget, inside the lease
    assert plan.store.acquire_lease("repo.example.org", "someone-else", clock.now(), 10) is None


def test_stuck_runs_are_closed_as_failed(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, clock: FakeClock
) -> None:
    plan = make_plan()
    stuck = plan.start()
    plan.run_page(stuck)
    clock.advance(12 * 3600 + 1)
    plan.start()
    runs = {r.run_id: r for r in plan.store.runs()}
    assert runs[stuck.run_id].status == "failed"
    assert "stuck" in runs[stuck.run_id].reason


def test_a_recent_run_is_not_closed(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, clock: FakeClock
) -> None:
    plan = make_plan()
    running = plan.start()
    clock.advance(11 * 3600)
    plan.start()
    assert {r.run_id: r for r in plan.store.runs()}[running.run_id].status == "running"


def test_incremental_second_run_fetches_only_changes(
    make_plan: Callable[..., HarvestPlan],
    repo: OaiTestRepository,
    adapter: ScriptedAdapter,
    clock: FakeClock,
    tmp_path: Path,
) -> None:
    make_plan().run()
    clock.advance(86400)
    repo.records.append(
        SampleRecord("oai:test.example.org:fresh", clock.now(), ("math",), title="fresh")
    )
    changed = repo.records[7]
    repo.records[7] = SampleRecord(changed.identifier, clock.now(), changed.sets, title="changed")
    before = len(adapter.log)
    summary = make_plan().run()
    assert summary.records == 2
    new_requests = [r for r in adapter.log[before:] if "ListRecords" in r.url]
    assert len(new_requests) == 1
    query = parse_qs(urlsplit(new_requests[0].url).query)
    assert query["from"][0] < changed_stamp(
        clock
    )  # from the repository's clock at the first run, minus overlap
    rows = lines(tmp_path / "out.jsonl")
    assert [r["identifier"] for r in rows[-2:]] == sorted(
        [changed.identifier, "oai:test.example.org:fresh"]
    )


def changed_stamp(clock: FakeClock) -> str:
    import time

    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(clock.now()))


def test_redelivered_records_are_deduplicated_keeping_the_newest(
    make_plan: Callable[..., HarvestPlan],
    adapter: ScriptedAdapter,
    clock: FakeClock,
    tmp_path: Path,
) -> None:
    """DDB sorts records updated during a harvest to the end of the list: the same
    identifier comes again, newer (kept) or unchanged (left out)."""
    repo = OaiTestRepository.sample(40, page_size=20, now=clock.now)
    first, rest = repo.records[:20], repo.records[20:]
    updated = SampleRecord(first[3].identifier, rest[-1].datestamp + 10, first[3].sets, title="v2")
    unchanged = first[4]

    def page(records: list[SampleRecord], token: str) -> str:
        body = "".join(repo._record(r) for r in records)
        end = f"<resumptionToken>{token}</resumptionToken>" if token else "<resumptionToken/>"
        return (
            '<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><responseDate>2026-01-01T00:00:00Z'
            f"</responseDate><request>x</request><ListRecords>{body}{end}</ListRecords></OAI-PMH>"
        )

    def listing(request: LoggedRequest) -> Reply:
        if "resumptionToken" in request.url:
            return Reply(200, body=page([*rest, updated, unchanged], ""))
        return Reply(200, body=page(first, "p2"))

    adapter.add(ENDPOINT, listing)
    summary = make_plan().run()
    rows = lines(tmp_path / "out.jsonl")
    ids = [r["identifier"] for r in rows]
    assert ids.count(updated.identifier) == 2  # the first version, then the newer one
    assert ids.count(unchanged.identifier) == 1
    assert summary.skipped == 1
    assert rows[-1]["metadata"]["title"] == ["v2"]
    assert len(set(ids)) == 40


def test_long_retry_after_defers_the_job(
    make_plan: Callable[..., HarvestPlan], adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    repo = OaiTestRepository.sample(
        60, page_size=20, now=clock.now, replies={2: Reply(503, {"Retry-After": "3600"})}
    )
    adapter.add(ENDPOINT, repo)
    summary = make_plan().run()
    assert not summary.complete
    assert summary.deferred_until is not None
    assert summary.deferred_until.timestamp() >= clock.now() + 3590
    assert summary.records == 20
    assert "3600" in summary.reason
    clock.advance(3600)
    again = make_plan().run()
    assert again.complete
    assert again.records == 40


def test_job_budget_defers_and_the_next_job_continues(
    make_plan: Callable[..., HarvestPlan],
    adapter: ScriptedAdapter,
    clock: FakeClock,
    tmp_path: Path,
) -> None:
    # Each page is a job with its own budget (45 s); a Retry-After of 50 s (within the
    # longest wait) would end after the page job's deadline: that job is deferred.
    repository = OaiTestRepository.sample(
        230, page_size=25, now=clock.now, replies={4: Reply(503, {"Retry-After": "50"})}
    )
    adapter.add(ENDPOINT, repository)
    policy = Politeness(user_agent=POLICY.user_agent, request_interval=10, job_budget=45)
    summary = make_plan(policy=policy).run()
    assert not summary.complete
    assert summary.deferred_until is not None
    assert "job budget ends" in summary.reason
    assert 0 < summary.records < 230
    clock.advance(60)
    while not make_plan(policy=policy).run().complete:
        pass
    identifiers = [r["identifier"] for r in lines(tmp_path / "out.jsonl")]
    assert len(identifiers) == len(set(identifiers)) == 230


def test_max_records_stops_with_a_consistent_checkpoint(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, tmp_path: Path
) -> None:
    first = make_plan(max_records=30).run()
    assert (first.records, first.complete) == (50, False)  # whole pages only
    second = make_plan().run()
    assert second.records == 180
    assert len({r["identifier"] for r in lines(tmp_path / "out.jsonl")}) == 230


def test_callback_and_sqlite_sinks(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, tmp_path: Path
) -> None:
    pages: list[int] = []
    make_plan(
        sink=CallbackSink(lambda rows: pages.append(len(rows))), state=tmp_path / "a.sqlite"
    ).run()
    assert sum(pages) == 230
    table = SQLiteSink(tmp_path / "records.sqlite")
    make_plan(sink=table, state=tmp_path / "b.sqlite").run()
    assert len(table.rows()) == 230
    table.write_page([{**table.rows()[0], "datestamp": "1999-01-01"}])  # older: ignored
    assert len(table.rows()) == 230


def test_state_store_round_trips(tmp_path: Path) -> None:
    store = SQLiteStateStore(tmp_path / "s.sqlite")
    from politeharvest import Checkpoint, UrlOutcome
    from politeharvest.plan._planning import Span
    from politeharvest.store._state import PageCommit

    checkpoint = Checkpoint("lane|w", "lane", "L1", "run", '{"x": 1}', pages=1, records=2)
    store.commit(PageCommit("scope", (("a", "2020"), ("b", "2021")), "L1", checkpoint, "lane|w"))
    assert store.listing("lane|w") == checkpoint
    assert store.listings("lane") == [checkpoint]
    assert store.filter_new("scope", [("a", "2020"), ("b", "2022"), ("c", "2019")]) == {"b", "c"}
    # a full harvest (another listing) delivers again what other listings delivered
    assert store.filter_new("scope", [("a", "2020")], listing_id="L2") == {"a"}
    assert store.filter_new("scope", [("a", "2020")], listing_id="L1") == set()
    spans = (Span(None, 100.0, "r", False),)
    store.commit(PageCommit("scope", (), "L1", None, "lane|w", coverage=("lane", spans)))
    assert store.listing("lane|w") is None
    assert store.coverage("lane") == spans
    store.set_url_outcome(
        UrlOutcome("https://x/a.pdf", "retry-later", "429", 100.0, extra={"n": 1})
    )
    assert store.retry_later(99.0) == []
    assert [o.url for o in store.retry_later(100.0)] == ["https://x/a.pdf"]
    reopened = SQLiteStateStore(tmp_path / "s.sqlite")
    assert reopened.url_outcome("https://x/a.pdf") == UrlOutcome(
        "https://x/a.pdf", "retry-later", "429", 100.0, extra={"n": 1}
    )
    lease = reopened.acquire_lease("h", "me", 0.0, 10.0)
    assert lease is not None
    assert reopened.acquire_lease("h", "you", 5.0, 10.0) is None
    taken = reopened.acquire_lease("h", "you", 11.0, 10.0)
    assert taken is not None
    assert taken.token == lease.token + 1  # a new holder gets a new fencing token


def test_unwritable_sink_is_a_clear_error(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, tmp_path: Path
) -> None:
    from politeharvest.exceptions import SinkError

    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(SinkError, match="cannot write records"):
        make_plan(sink=blocker / "out.jsonl").run()


def test_incremental_from_the_day_when_the_repository_stamps_days(
    make_plan: Callable[..., HarvestPlan], adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    """DergiPark announces seconds but stamps days: the next harvest starts from the day."""
    repo = OaiTestRepository.sample(
        30, page_size=10, now=clock.now, datestamp_granularity="YYYY-MM-DD"
    )
    adapter.add(ENDPOINT, repo)
    make_plan().run()
    clock.advance(3 * 3600)
    make_plan().run()
    last = [q for q in oai_requests(adapter) if q.get("verb") == "ListRecords"][-1]
    assert len(last["from"]) == 10  # YYYY-MM-DD, not a second
    assert last["from"] == time.strftime("%Y-%m-%d", time.gmtime(FAKE_START))


def test_a_token_of_an_earlier_run_is_not_trusted_after_the_source_changed(
    http: requests.Session, clock: FakeClock, adapter: ScriptedAdapter, tmp_path: Path
) -> None:
    """Found by the stateful test: offset tokens, a listing stopped after one page (its
    datestamp order not yet proven), a record changed before the next run. The stored
    token then points one record too far; the next run must not skip it."""
    repo = OaiTestRepository.sample(12, page_size=4, now=clock.now)
    adapter.add(ENDPOINT, repo)

    def plan(**kwargs: object) -> HarvestPlan:
        return HarvestPlan(
            ENDPOINT,
            state=tmp_path / "state.sqlite",
            sink=tmp_path / "out.jsonl",
            http=http,
            clock=clock,
            policy=POLICY,
            **kwargs,  # type: ignore[arg-type]
        )

    assert plan(max_records=3).run().records == 4
    clock.advance(2.0)
    changed = repo.records[0]
    repo.records[0] = SampleRecord(changed.identifier, clock.now(), changed.sets, title="v2")
    plan().run()
    rows = lines(tmp_path / "out.jsonl")
    assert {r["identifier"] for r in rows} == {r.identifier for r in repo.records}
    pairs = [(r["identifier"], r["datestamp"]) for r in rows]
    assert len(pairs) == len(set(pairs))


def test_a_token_of_an_earlier_run_is_kept_when_nothing_changed(
    http: requests.Session, clock: FakeClock, adapter: ScriptedAdapter, tmp_path: Path
) -> None:
    repo = OaiTestRepository.sample(12, page_size=4, now=clock.now)
    adapter.add(ENDPOINT, repo)
    settings = {"state": tmp_path / "s.sqlite", "sink": tmp_path / "o.jsonl", "http": http}
    HarvestPlan(ENDPOINT, clock=clock, policy=POLICY, max_records=3, **settings).run()  # type: ignore[arg-type]
    before = len(oai_requests(adapter))
    clock.advance(60.0)
    HarvestPlan(ENDPOINT, clock=clock, policy=POLICY, **settings).run()  # type: ignore[arg-type]
    asked = [q for q in oai_requests(adapter)[before:] if q["verb"] != "Identify"]
    assert asked[0]["verb"] == "ListIdentifiers" and "from" in asked[0]  # one question first
    assert "resumptionToken" in asked[1]  # then the token, kept: nothing was listed twice
    assert len(lines(tmp_path / "o.jsonl")) == 12


class _WritesCounted(SQLiteStateStore):
    """The SQLite state, noting when the lease and the heartbeat are written (and what)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.leases: list[float] = []
        self.beats: list[float] = []

    def acquire_lease(self, host: str, holder: str, now: float, ttl: float) -> Lease | None:
        lease = super().acquire_lease(host, holder, now, ttl)
        if lease is not None:
            self.leases.append(now)
        return lease

    def heartbeat(self, run_id: str, now: float) -> None:
        super().heartbeat(run_id, now)
        self.beats.append(now)


@pytest.mark.parametrize("page_s", [0.3, 1.0])
def test_a_fast_harvest_writes_its_lease_and_heartbeat_once_a_second_never_less(
    make_plan: Callable[..., HarvestPlan],
    repo: OaiTestRepository,
    clock: FakeClock,
    tmp_path: Path,
    page_s: float,
) -> None:
    """Pages come faster than a second apart: the lease and the heartbeat are written
    again only once a second has passed, so the lease never ends sooner than its ttl
    less a second after any page; pages a second apart write both every page."""
    store = _WritesCounted(tmp_path / "counted.sqlite")
    plan = make_plan(
        state=store, policy=attrs.evolve(POLICY, request_interval=0.0), lease_ttl=100.0
    )
    holds: list[float] = []

    def on_page(result: PageResult, lane: Lane) -> bool:
        holds.append(clock.now())
        clock.advance(page_s)  # the next page's job starts this much later
        return True

    summary = plan.run(on_page=on_page)
    assert summary.complete and summary.pages == 10
    for moment in holds:  # the lease, when the page's job began, was renewed within 1 s
        last = max(t for t in store.leases if t <= moment)
        assert moment - last < 1.0
    gaps = [b - a for a, b in itertools.pairwise(store.leases[1:])]  # after start()'s
    assert gaps and all(gap >= min(1.0, page_s) - 1e-9 for gap in gaps)
    beats = store.beats
    assert all(b - a >= min(1.0, page_s) - 1e-9 for a, b in itertools.pairwise(beats))
    if page_s >= 1.0:
        assert len(store.leases) == 1 + summary.pages  # start(), then before every page
        assert len(beats) == summary.pages - 1  # the last page finishes the run instead
    else:
        assert len(store.leases) < 1 + summary.pages and len(beats) < summary.pages - 1
    assert store.runs()[0].status == "finished"
