"""A page's rows written straight from its records: the same bytes as the rows they replace.

The main job skips two steps where nothing needs them: a record's XML is serialised only
where its row holds it (`OaiPager.keep_xml`), and a JSON-lines sink's bytes are written from
the records (`RecordRows.lines`) instead of from `record_row`'s dicts. Both must change no
byte: checked on every page of ../shared/fixtures/oai and oai-peers, on pages hypothesis
writes (tombstones, damaged records, empty oai_dc, other formats, sets, comments and
processing instructions, unicode), on records of any value, and through `HarvestPlan.run`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
import requests
from hypothesis import given, settings
from hypothesis import strategies as st

from politeharvest import HarvestPlan, Politeness
from politeharvest.exceptions import BadResponse, HarvestError
from politeharvest.oai._records import OaiRecord, read_records
from politeharvest.oai._xml import OAI_NS, parse_page
from politeharvest.plan._cursor import RecordRows, record_row
from politeharvest.store._sinks import SinkMark, encode_rows
from politeharvest.store._tables import lines_only
from politeharvest.testing import FakeClock, Reply, ScriptedAdapter
from tests.support.oai_pages import fixture_files, fixture_roots, pages

_Q = "{" + OAI_NS + "}"
ENDPOINT = "https://repo.example.org/oai"
POLICY = Politeness(
    user_agent="politeharvest-tests/1.0 (+mailto:tests@example.org)", job_budget=10**6
)


def assert_lean_rows_match(root: Any, endpoint: str = ENDPOINT, prefix: str = "oai_dc") -> int:
    """Every ListRecords holder of `root`: lean records and lines give the rows as before."""
    count = 0
    for holder in root.iter(_Q + "ListRecords"):
        full = read_records(holder, "record", with_metadata=True)
        lean = read_records(holder, "record", with_metadata=True, xml=False)
        assert len(lean) == len(full)
        for before, after in zip(full, lean, strict=True):
            row = record_row(before, endpoint=endpoint, metadata_prefix=prefix)
            assert record_row(after, endpoint=endpoint, metadata_prefix=prefix) == row
            # the XML is left out only where the row does not hold it
            assert after == (before if "xml" in row else attrs.evolve(before, raw_xml=b""))
        expected = encode_rows(
            [record_row(r, endpoint=endpoint, metadata_prefix=prefix) for r in full]
        )
        for records in (lean, full):
            rows = RecordRows(records, endpoint=endpoint, metadata_prefix=prefix)
            assert rows.lines == expected
            assert encode_rows(rows) == expected
            assert list(rows) == [
                record_row(r, endpoint=endpoint, metadata_prefix=prefix) for r in full
            ]
        count += len(full)
    return count


@pytest.mark.shared("fixtures/oai", "fixtures/oai-peers")
def test_every_shared_fixture_gives_the_same_rows() -> None:
    """Every record of every shared fixture: the same row, the same bytes, lean or not."""
    parsed = records = 0
    for root in fixture_roots():
        parsed += 1
        records += assert_lean_rows_match(root)
    assert parsed > 50 and records > 500, (parsed, records)


@settings(max_examples=300, deadline=None)
@given(pages(), st.sampled_from([ENDPOINT, 'https://ex.org/o"ai?x=\u00e9\\']), st.text())
def test_generated_pages_give_the_same_rows(page: bytes, endpoint: str, prefix: str) -> None:
    """Whatever a page holds (and whatever the endpoint and format), no byte changes."""
    try:
        parsed = parse_page(page)
    except BadResponse:
        return
    assert_lean_rows_match(parsed.root, endpoint, prefix)


_strings = st.text(st.characters(blacklist_categories=("Cs",)), max_size=8)
_records = st.builds(
    OaiRecord,
    identifier=_strings,
    datestamp=_strings,
    deleted=st.booleans(),
    set_specs=st.lists(_strings, max_size=3).map(tuple),
    metadata=st.dictionaries(_strings, st.lists(_strings, max_size=3).map(tuple), max_size=4),
    raw_xml=st.binary(max_size=8) | st.just(b"<r>\xc3\xa9\xff</r>"),
    damaged=st.just("") | _strings,
)


@given(st.lists(_records, max_size=6), _strings, _strings)
def test_any_records_write_the_lines_of_their_rows(
    records: list[OaiRecord], endpoint: str, prefix: str
) -> None:
    """Records of any value (tombstones with metadata, damaged, no metadata, odd text)."""
    rows = [record_row(r, endpoint=endpoint, metadata_prefix=prefix) for r in records]
    page = RecordRows(records, endpoint=endpoint, metadata_prefix=prefix)
    assert page.lines == encode_rows(rows)
    assert len(page) == len(rows) and list(page) == rows and page[1:] == rows[1:]


def test_only_json_lines_sinks_take_lines(tmp_path: Path) -> None:
    """A sink of the user's, CSV or SQLite is given dicts; JSON lines are given the records."""
    from politeharvest import CallbackSink, JsonlSink, SQLiteSink
    from politeharvest.store._tables import CsvSink, FreshJsonlSink

    class Mine(JsonlSink):
        pass

    assert lines_only(JsonlSink(tmp_path / "a.jsonl"))
    assert lines_only(FreshJsonlSink(tmp_path / "b.jsonl"))
    for sink in (
        CsvSink(tmp_path / "c.csv"),
        SQLiteSink(tmp_path / "d.sqlite"),
        CallbackSink(print),
        Mine(tmp_path / "e.jsonl"),
    ):
        assert not lines_only(sink)


# -- through the plan ----------------------------------------------------------------------------

_TOKEN = re.compile(
    rb"<(?:[\w.-]+:)?resumptionToken\b[^>]*?(?:/>|>.*?</(?:[\w.-]+:)?resumptionToken\s*>)", re.S
)


class Keeper:
    """A `Sink` of the user's: keeps the rows it is given (dicts, as every other sink)."""

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []

    def write_page(self, rows: Sequence[Any], *, before_write: Any = None) -> SinkMark | None:
        assert all(type(row) is dict for row in rows)
        self.rows.extend(rows)
        return None

    def close(self) -> None:
        pass


def one_page(body: bytes) -> Callable[[Any], Reply]:
    def answer(request: Any) -> Reply:
        return Reply(200, body=body, headers={"Content-Type": "text/xml"})

    return answer


def listing_fixtures() -> list[Path]:
    found = []
    for path in fixture_files():
        data = path.read_bytes()
        if b"ListRecords" in data and b"<error" not in data and b":error" not in data:
            found.append(path)
    return found


def watched(plan: HarvestPlan) -> tuple[Keeper, list[OaiRecord], list[OaiRecord]]:
    """Run `plan` watched by `on_page`: its sink, the records the hook saw, a pager's records."""
    seen: list[OaiRecord] = []

    def watch(result: Any, lane: Any) -> bool:
        seen.extend(result.records)
        return True

    with plan:
        plan.run(on_page=watch)
        full = list(plan.pager().list_records())  # a pager of the API keeps the XML
    assert isinstance(plan.sink, Keeper)
    return plan.sink, seen, full


@pytest.mark.shared("fixtures/oai", "fixtures/oai-peers")
def test_a_harvest_writes_each_fixture_as_before(
    http: requests.Session, adapter: ScriptedAdapter, clock: FakeClock, tmp_path: Path
) -> None:
    """`run` into JSON lines (lean records, lines) writes what a run seen by `on_page` gives.

    The run watched by `on_page` keeps every record's XML (its records are the caller's);
    its rows go to a `Sink` of the user's as dicts, and encoded they are the file's bytes.
    """
    harvested = 0
    for number, path in enumerate(listing_fixtures()):
        body = _TOKEN.sub(b"", path.read_bytes())  # one page: the listing ends with it
        endpoint = f"https://repo{number}.example.org/oai"
        adapter.add(endpoint, one_page(body))
        out = tmp_path / f"{number}.jsonl"
        try:
            with HarvestPlan(
                endpoint,
                state=tmp_path / f"{number}a.sqlite",
                sink=out,
                http=http,
                clock=clock,
                policy=POLICY,
            ) as plan:
                plan.run()
        except HarvestError:
            continue  # a page the harvest refuses (misbehaving, not OAI-PMH) is refused alike
        keeper, seen, full = watched(
            HarvestPlan(
                endpoint,
                state=tmp_path / f"{number}b.sqlite",
                sink=Keeper(),
                http=http,
                clock=clock,
                policy=POLICY,
            )
        )
        assert out.read_bytes() == encode_rows(keeper.rows)[0], path
        assert all(record in full for record in seen), path
        harvested += len(seen)
    assert harvested > 300, harvested


def test_record_xml_false_leaves_out_only_what_no_row_holds(
    http: requests.Session, adapter: ScriptedAdapter, clock: FakeClock, tmp_path: Path
) -> None:
    """`run(on_page=..., record_xml=False)`: the hook's records lack XML their rows do not hold.

    The rows are the bytes a run keeping the XML writes; `records()` afterwards (another run)
    gives every record its XML again.
    """
    from politeharvest.testing import OaiTestRepository

    adapter.add(ENDPOINT, OaiTestRepository.sample(60, page_size=25, now=clock.now))

    def plan(name: str, sink: object) -> HarvestPlan:
        return HarvestPlan(
            ENDPOINT, state=tmp_path / name, sink=sink, http=http, clock=clock, policy=POLICY
        )

    seen: list[OaiRecord] = []
    lean = tmp_path / "lean.jsonl"
    with plan("a.sqlite", lean) as first:
        first.run(
            on_page=lambda result, lane: seen.extend(result.records) or True, record_xml=False
        )
    assert len(seen) == 60 and any(r.deleted for r in seen)
    assert all(r.raw_xml == b"" for r in seen)  # every record has oai_dc or is a tombstone
    keeper, kept, _ = watched(plan("b.sqlite", Keeper()))
    assert lean.read_bytes() == encode_rows(keeper.rows)[0]
    assert [attrs.evolve(r, raw_xml=b"") for r in kept] == seen and all(r.raw_xml for r in kept)
    with plan("c.sqlite", None) as again:
        assert all(r.raw_xml for r in again.records())
