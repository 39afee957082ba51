"""Standard output does not use up the harvest unless asked (HarvestPlan's ``consume``).

A run to standard output records no deliveries, coverage or checkpoints (the next run to a
file delivers everything), yet holds the host's lease, records its run and writes a record
met twice in it once. ``consume=True`` keeps the rule of a file; callables and `records`
confirm delivery and consume. On a FakeClock with the scripted test repository; the
command's side (real pipes, two processes) is in tests/cli/test_cli_stdout.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
import requests

from politeharvest import HarvestPlan, JsonlSink, Politeness, SQLiteStateStore
from politeharvest.plan._planning import lane_key, scope_key
from politeharvest.testing import FakeClock, OaiTestRepository, SampleRecord, ScriptedAdapter

ENDPOINT = "https://repo.example.org/oai"
POLICY = Politeness(
    user_agent="politeharvest-tests/1.0 (+mailto:tests@example.org)", job_budget=10**6
)
START = 1_577_836_800.0  # 2020-01-01


@pytest.fixture
def repo(clock: FakeClock, adapter: ScriptedAdapter) -> OaiTestRepository:
    repository = OaiTestRepository.sample(120, page_size=25, now=clock.now)
    adapter.add(ENDPOINT, repository)
    return repository


@pytest.fixture
def make_plan(
    http: requests.Session, clock: FakeClock, tmp_path: Path
) -> Callable[..., HarvestPlan]:
    def make(**kwargs: Any) -> HarvestPlan:
        settings: dict[str, Any] = {
            "state": tmp_path / "state.sqlite",
            "http": http,
            "clock": clock,
            "policy": POLICY,
        }
        settings.update(kwargs)
        return HarvestPlan(ENDPOINT, **settings)

    return make


def stdout_ids(capfd: pytest.CaptureFixture[str]) -> list[str]:
    return [json.loads(line)["identifier"] for line in capfd.readouterr().out.splitlines()]


def file_ids(path: Path) -> list[str]:
    if not path.exists():
        return []
    return [json.loads(line)["identifier"] for line in path.read_text().splitlines()]


def record_side(path: Path) -> dict[str, Any]:
    """What the next run's deliveries depend on, straight from the state file."""
    store = SQLiteStateStore(path)
    try:
        db = store._db
        return {
            table: db.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
            for table in ("listings", "deliveries", "coverage", "urls")
        } | {
            "kv": db.execute(
                "SELECT * FROM kv WHERE namespace NOT IN ('answered-hosts', 'state') ORDER BY 1, 2"
            ).fetchall()
        }
    finally:
        store.close()


def test_standard_output_leaves_the_harvest_for_the_next_run(
    make_plan: Callable[..., HarvestPlan],
    repo: OaiTestRepository,
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
) -> None:
    """Two runs to stdout each write every record; a file run after them gets them all."""
    everything = sorted(r.identifier for r in repo.records)
    for _ in range(2):
        with make_plan(sink="-") as plan:
            assert not plan.consumes
            summary = plan.run()
        assert summary.complete and not summary.consumed
        assert sorted(stdout_ids(capfd)) == everything
    state = tmp_path / "state.sqlite"
    assert record_side(state) == {
        "listings": [],
        "deliveries": [],
        "coverage": [],
        "urls": [],
        "kv": [],
    }
    store = SQLiteStateStore(state)
    runs = store.runs(ENDPOINT)
    assert [r.status for r in runs] == ["finished", "finished"]  # the runs are recorded
    assert store.get_value("answered-hosts", "repo.example.org") is not None
    store.close()
    with make_plan(sink=tmp_path / "out.jsonl") as plan:
        assert plan.consumes
        assert plan.run().consumed
    assert sorted(file_ids(tmp_path / "out.jsonl")) == everything
    with make_plan(sink="-") as plan:  # a look after a file run still shows everything
        plan.run()
    assert sorted(stdout_ids(capfd)) == everything


def test_no_sink_and_a_jsonl_sink_of_stdout_are_standard_output_too(
    make_plan: Callable[..., HarvestPlan],
    repo: OaiTestRepository,
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
) -> None:
    with make_plan() as plan:
        assert not plan.consumes
        plan.run()
    with make_plan(sink=JsonlSink("-")) as plan:
        assert not plan.consumes
        plan.run()
    assert len(stdout_ids(capfd)) == 2 * len(repo.records)
    assert record_side(tmp_path / "state.sqlite")["deliveries"] == []


def test_consume_true_keeps_the_rule_of_a_file(
    make_plan: Callable[..., HarvestPlan],
    repo: OaiTestRepository,
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
) -> None:
    with make_plan(sink="-", consume=True) as plan:
        assert plan.consumes
        assert plan.run().consumed
    assert len(stdout_ids(capfd)) == len(repo.records)
    with make_plan(sink=tmp_path / "out.jsonl") as plan:
        summary = plan.run()
    assert summary.records == 0 and file_ids(tmp_path / "out.jsonl") == []  # nothing new


def test_a_callable_and_records_confirm_delivery(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository
) -> None:
    """A callback that returns, and a caller asking for the next record, consume."""
    pages: list[list[dict[str, Any]]] = []
    with make_plan(sink=pages.append, max_records=50) as plan:
        assert plan.consumes
        plan.run()
    taken = [row["identifier"] for page in pages for row in page]
    with make_plan() as plan:
        assert not plan.consumes  # no sink: run() would write to standard output
        rest = [record.identifier for record in plan.records()]
        assert not plan.consumes  # only while records() hands them out
    assert sorted(taken + rest) == sorted(r.identifier for r in repo.records)
    with make_plan() as plan:
        assert list(plan.records()) == []  # records() consumed them
    # a callable may also be asked to consume nothing
    looked: list[list[dict[str, Any]]] = []
    with make_plan(sink=looked.append, consume=False) as plan:
        plan.run()
    assert sum(map(len, looked)) == len(repo.records)


@pytest.mark.parametrize("sink", ["out.jsonl", "out.csv", "out.sqlite"])
def test_consume_false_is_for_standard_output_and_callables(
    make_plan: Callable[..., HarvestPlan], tmp_path: Path, sink: str
) -> None:
    with pytest.raises(ValueError, match="consume=False is for standard output"):
        make_plan(sink=tmp_path / sink, consume=False)


def test_a_record_in_two_sets_is_written_once_by_a_run_that_consumes_nothing(
    http: requests.Session,
    clock: FakeClock,
    adapter: ScriptedAdapter,
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
) -> None:
    records = [
        SampleRecord(f"oai:x:{n}", START + n * 3600.0, ("a", "b") if n % 3 else ("a",))
        for n in range(40)
    ]
    adapter.add(ENDPOINT, OaiTestRepository(records, page_size=7, now=clock.now))
    plan = HarvestPlan(
        ENDPOINT,
        sets=("a", "b"),
        state=tmp_path / "state.sqlite",
        sink="-",
        http=http,
        clock=clock,
        policy=POLICY,
    )
    for _ in range(2):  # each run has its own memory: both write every record once
        with plan:
            summary = plan.run()
        ids = stdout_ids(capfd)
        assert sorted(ids) == sorted(r.identifier for r in records)
        assert summary.skipped == sum(1 for r in records if "b" in r.sets)
    assert record_side(tmp_path / "state.sqlite")["deliveries"] == []


def test_stopped_interrupted_or_cut_short_a_look_consumes_nothing(
    make_plan: Callable[..., HarvestPlan],
    repo: OaiTestRepository,
    tmp_path: Path,
    capfd: pytest.CaptureFixture[str],
) -> None:
    """--max-records, Ctrl-C and a reader that went away: the next run starts at the start."""
    first = sorted(r.identifier for r in repo.records)
    with make_plan(sink="-", max_records=30) as plan:
        summary = plan.run()
    assert summary.stopped and not summary.consumed
    shown = stdout_ids(capfd)
    with make_plan(sink="-", max_records=30) as plan:
        plan.run()
    assert stdout_ids(capfd) == shown  # the same first pages again

    def interrupt(result: object, lane: object) -> bool:
        raise KeyboardInterrupt

    with make_plan(sink="-") as plan, pytest.raises(KeyboardInterrupt):
        plan.run(on_page=interrupt)

    def gone(rows: list[dict[str, Any]]) -> None:
        raise BrokenPipeError(32, "the reader of standard output went away")

    with make_plan(sink=gone, consume=False) as plan, pytest.raises(BrokenPipeError):
        plan.run()
    capfd.readouterr()
    state = tmp_path / "state.sqlite"
    assert record_side(state)["deliveries"] == [] and record_side(state)["listings"] == []
    store = SQLiteStateStore(state)
    statuses = [r.status for r in store.runs(ENDPOINT)]
    store.release_lease("repo.example.org", "nobody")
    assert store.acquire_lease("repo.example.org", "next", 0.0, 10.0) is not None  # given back
    store.close()
    assert statuses == ["stopped", "interrupted", "stopped", "stopped"]
    with make_plan(sink=tmp_path / "out.jsonl") as plan:
        plan.run()
    assert sorted(file_ids(tmp_path / "out.jsonl")) == first


def test_a_run_that_consumes_nothing_holds_the_host(
    make_plan: Callable[..., HarvestPlan], repo: OaiTestRepository, clock: FakeClock
) -> None:
    """One harvest per host: a look at standard output holds the lease like any run."""
    looking = make_plan(sink="-", lease_ttl=100.0)
    writing = make_plan(sink=None, lease_ttl=100.0, consume=True)
    one = looking.start()
    assert looking.run_page(one).deferred_until is None
    blocked = writing.run_page(writing.start())
    assert blocked.deferred_until is not None
    assert "another harvest job" in blocked.reason
    looking.close()
    writing.close()


def test_scratch_keeps_host_facts_shared_under_their_real_names() -> None:
    """The namespaces a look shares with the state are the ones their modules use."""
    from politeharvest.fulltext._resolver import _LEARNED
    from politeharvest.net._robots import SharedRobots
    from politeharvest.plan._lease import ANSWERED
    from politeharvest.plan._scratch import HOST_FACTS

    robots = attrs.fields(SharedRobots).namespace.default
    assert {ANSWERED, _LEARNED, robots, "list-sets"} == HOST_FACTS
    assert {"pending-write", "outputs", "fulltext-retry-rows"}.isdisjoint(HOST_FACTS)


def test_lane_and_scope_keys_the_record_side_reads(tmp_path: Path) -> None:
    """A look reads nothing of the real record side: a covered lane is not its coverage."""
    from politeharvest.plan._scratch import ScratchState
    from politeharvest.store._coverage import Span

    real = SQLiteStateStore(tmp_path / "s.sqlite")
    key = lane_key(ENDPOINT, "oai_dc", None)
    from politeharvest.store._state import PageCommit, UrlOutcome

    real.commit(
        PageCommit(
            scope_key(ENDPOINT, "oai_dc"),
            (("oai:x:1", "2020-01-01T00:00:00Z"),),
            "L",
            None,
            "listing",
            coverage=(key, (Span(None, START, "2020-01-01T00:00:00Z", False),)),
        )
    )
    view = ScratchState(real)
    assert view.coverage(key) == ()
    assert view.filter_new(scope_key(ENDPOINT, "oai_dc"), [("oai:x:1", "2020")]) == {"oai:x:1"}
    view.set_value("answered-hosts", "h", "1")
    view.set_value("pending-write", "p", "x")
    assert real.get_value("answered-hosts", "h") == "1"
    assert real.get_value("pending-write", "p") is None
    assert "scratch" not in view.path and view.path == real.path
    stored = UrlOutcome("https://f.example/a.pdf", "downloaded", etag='"1"')
    real.set_url_outcome(stored)
    assert view.url_outcome(stored.url) == stored  # read: the next request is conditional
    view.set_url_outcome(attrs.evolve(stored, status="retry-later", not_before=0.0))
    assert real.url_outcome(stored.url) == stored  # never written
    assert real.retry_later(1.0) == [] and len(view.retry_later(1.0)) == 1
    view.close()
    real.close()
