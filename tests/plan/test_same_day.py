"""A repository that stamps its records with one day (a bulk import, a migration).

A restart after a refused token starts again from the last datestamp's day, so the records
of that day are remembered to be skipped. Remembering every one of them made each cursor
and checkpoint as long as the listing (each page's work, and the state's bytes, grew with
it). `HarvestPlan`'s state leaves delivered records out by itself and remembers none; an
`OaiPager` remembers at most `max_remembered` and may deliver past that again, never miss.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import attrs
import requests

from politeharvest import HarvestPlan, MemoryPaceStore, OaiPager, PoliteSession
from politeharvest.testing import FakeClock, OaiTestRepository, ScriptedAdapter
from tests.support import harvests as stateful

ENDPOINT = "https://oneday.example.org/oai"
COUNT = 3000


def _repository(clock: FakeClock) -> OaiTestRepository:
    # every record within the same minute of one day; page 20's token refused once
    return OaiTestRepository.sample(
        COUNT, page_size=100, step_s=0.01, deleted_every=0, refuse_token_once={20}, now=clock.now
    )


def test_a_plan_over_one_day_carries_no_list_of_it_and_delivers_each_record_once(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    adapter = ScriptedAdapter(clock)
    adapter.add(ENDPOINT, _repository(clock))
    http = requests.Session()
    http.mount("https://", adapter)
    out = tmp_path / "out.jsonl"
    sizes: list[int] = []
    with HarvestPlan(
        ENDPOINT,
        state=tmp_path / "state.sqlite",
        pace_store=MemoryPaceStore(),
        http=http,
        clock=clock,
        policy=attrs.evolve(stateful.POLICY, request_interval=0.0),
        sink=out,
    ) as plan:
        cursor = plan.start()
        while cursor is not None:
            result = plan.run_page(cursor)
            cursor = result.next_cursor
            if cursor is not None:
                sizes.append(len(cursor.to_json()))
    lines = out.read_text(encoding="utf-8").splitlines()
    seen = Counter(json.loads(line)["identifier"] for line in lines)
    assert len(seen) == COUNT and set(seen.values()) == {1}
    assert len(sizes) > 30  # the refused token restarted the listing
    assert max(sizes) < 4096, max(sizes)  # a page's 100 keys alone are about 4 KB


def test_a_pager_remembers_at_most_its_limit_and_never_misses_a_record() -> None:
    for limit, exact in ((100_000, True), (250, False)):
        clock = FakeClock()
        adapter = ScriptedAdapter(clock)
        adapter.add(ENDPOINT, _repository(clock))
        http = requests.Session()
        http.mount("https://", adapter)
        policy = attrs.evolve(stateful.POLICY, request_interval=0.0)
        session = PoliteSession(policy, http=http, clock=clock)
        pager = OaiPager(session, ENDPOINT, max_remembered=limit)
        seen: Counter[str] = Counter()
        carried = 0
        for page in pager.pages():
            seen.update(r.identifier for r in page.records)
            if page.next_cursor is not None:
                carried = max(carried, len(page.next_cursor.delivered_at_last))
        assert len(seen) == COUNT  # nothing missing
        assert carried <= limit
        if exact:
            assert set(seen.values()) == {1}
        else:
            assert carried == limit and max(seen.values()) == 2  # past its memory: again
