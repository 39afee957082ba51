"""Every response of ../shared/fixtures/oai-peers, served as recorded: what a correct client gets.

71 bodies recorded from real repositories by other projects' test suites, each served
with its recorded HTTP status and Content-Type; `manifest.json` says what a correct
client must get from each: its records and tombstones (nothing cut silently, damaged
records delivered with a note), its OAI error, or a typed refusal of a non-OAI body.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import requests

from politeharvest import OaiPager, Politeness, PoliteSession
from politeharvest.exceptions import BadResponse, NoRecordsMatch, OaiError
from politeharvest.testing import FakeClock, Reply, ScriptedAdapter
from tests.support import SHARED

PEERS = SHARED / "fixtures" / "oai-peers"
MANIFEST = (
    json.loads((PEERS / "manifest.json").read_text()) if (PEERS / "manifest.json").exists() else []
)
ENDPOINT = "https://peer.example.org/oai"

pytestmark = pytest.mark.shared("fixtures/oai-peers/manifest.json")


def pager_for(entry: dict[str, Any]) -> OaiPager:
    body = (PEERS / entry["file"]).read_bytes()
    clock = FakeClock()
    adapter = ScriptedAdapter(clock)
    adapter.add(
        ENDPOINT,
        Reply(entry["http_status"], {"Content-Type": entry["content_type"]}, body),
    )
    http = requests.Session()
    http.mount("https://", adapter)
    session = PoliteSession(Politeness(request_interval=0), http=http, clock=clock)
    return OaiPager(session, ENDPOINT, metadata_prefix=entry["metadata_prefix"] or "oai_dc")


def outcome(entry: dict[str, Any]) -> tuple[str, Any]:
    """What the client got: ("items", records or counts), ("oai_error", code), ("not_oai", why)."""
    pager = pager_for(entry)
    call = entry["call"]
    try:
        if call in ("ListRecords", "ListIdentifiers"):
            cursor = pager.first_cursor(call, metadata_prefix=entry["metadata_prefix"] or "oai_dc")
            page = pager.fetch(cursor)
            return "items", (list(page.records), page.skipped)
        if call == "GetRecord":
            record = pager.get_record(
                "oai:any", metadata_prefix=entry["metadata_prefix"] or "oai_dc"
            )
            return "items", ([record], 0)
        if call == "Identify":
            return "items", pager.identify()
        if call == "ListSets":
            return "items", list(pager.list_sets())
        if call == "ListMetadataFormats":
            return "items", pager.list_metadata_formats()
    except NoRecordsMatch:
        return "oai_error", "noRecordsMatch"
    except OaiError as exc:
        return "oai_error", exc.code
    except BadResponse as exc:
        return "not_oai", str(exc)
    raise AssertionError(f"unknown call {call}")


@pytest.mark.parametrize("entry", MANIFEST, ids=[e["file"] for e in MANIFEST])
def test_peer_response(entry: dict[str, Any]) -> None:
    kind, got = outcome(entry)
    expect = entry["expect"]
    if expect == "not_oai":
        assert kind == "not_oai", got
        return
    if expect == "oai_error":
        if entry["error_code"] == "noRecordsMatch" and kind == "items":
            assert got == ([], 0)  # an empty result, not an error
            return
        assert (kind, got) == ("oai_error", entry["error_code"])
        return
    assert kind == "items", got
    if entry["call"] in ("ListRecords", "ListIdentifiers", "GetRecord"):
        records, skipped = got
        distinct = entry.get("expected_distinct")
        if distinct:  # a page that repeats records: each delivered once, the repeats counted
            assert len(records) == distinct
            assert skipped == entry["expected_records"] - distinct
        else:
            assert len(records) == entry["expected_records"]
        assert sum(1 for r in records if r.deleted) == entry["expected_deleted"]
        assert all(r.identifier for r in records)
        if not entry["well_formed"]:  # salvaged: nothing cut silently
            damaged = [r for r in records if r.damaged]
            assert all(r.raw_xml for r in damaged)
    elif entry["call"] in ("ListSets", "ListMetadataFormats"):
        assert len(got) == entry["expected_items"]
