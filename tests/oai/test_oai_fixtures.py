"""OaiPager over real-world responses from ../shared/fixtures/oai (skipped when absent).

The pages are served by a ScriptedAdapter on a FakeClock, so every request
still goes through PoliteSession (robots.txt, pacing) as in production.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from politeharvest import OaiCursor, OaiPager, PoliteSession
from politeharvest import exceptions as exc
from politeharvest.testing import LoggedRequest, Reply, ScriptedAdapter
from tests.support import SHARED

FIXTURES = SHARED / "fixtures" / "oai"
pytestmark = pytest.mark.shared("fixtures/oai")

ENDPOINT = "https://repo.example.org/oai"
Make = Callable[..., PoliteSession]


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def serve(adapter: ScriptedAdapter, pages: dict[str | None, str], status: int = 200) -> None:
    """Answer by resumption token (None: the first request) with fixture files."""

    def answer(request: LoggedRequest) -> Reply:
        query = parse_qs(urlsplit(request.url).query)
        token = query.get("resumptionToken", [None])[0]
        name = pages.get(token) if token in pages else pages.get("*")
        if name is None:
            return Reply(500, body="no such page in the test")
        return Reply(status, {"Content-Type": "text/xml"}, fixture(name))

    adapter.add(ENDPOINT, answer)


@pytest.fixture
def pager(make_session: Make) -> OaiPager:
    return OaiPager(make_session(), ENDPOINT)


def test_sickle_listrecords_chain_keeps_tombstones_and_dc(
    pager: OaiPager, adapter: ScriptedAdapter
) -> None:
    serve(adapter, {None: "sickle/ListRecords.xml", "ListRecords2.xml": "sickle/ListRecords4.xml"})
    pages = list(pager.pages())
    assert len(pages) == 2
    first = pages[0]
    assert (first.complete_list_size, first.cursor_position) == (8, 0)
    assert first.next_cursor is not None
    assert first.next_cursor.resumption_token == "ListRecords2.xml"
    records = [r for p in pages for r in p.records]
    # ListRecords4 lists 1585322 again, unchanged: delivered once, the repeat counted
    assert len(records) == 3 and pages[1].skipped == 1
    deleted = [r for r in records if r.deleted]
    assert deleted
    assert all(r.metadata == {} for r in deleted)
    live = next(r for r in records if not r.deleted)
    assert live.metadata["title"]
    assert all(isinstance(v, tuple) for v in live.metadata.values())
    assert live.raw_xml.startswith(b"<record")
    # ListRecords4: a deleted header with no identifier/datestamp must not crash
    assert any(r.identifier == "" for r in pages[1].records)
    assert pages[1].next_cursor is None


def test_nsdl_four_page_chain_with_self_closing_last_token(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    serve(
        adapter,
        {
            None: "phpoaipmh/GoodResponseFourPage_1.xml",
            "0/200/733/nsdl_dc/null/2012-07-26/null": "phpoaipmh/GoodResponseFourPage_2.xml",
            "200/400/733/nsdl_dc/null/2012-07-26/null": "phpoaipmh/GoodResponseFourPage_3.xml",
            "400/600/733/nsdl_dc/null/2012-07-26/null": "phpoaipmh/GoodResponseFourPage_4.xml",
        },
    )
    pager = OaiPager(make_session(), ENDPOINT, metadata_prefix="nsdl_dc")
    pages = list(pager.pages(pager.first_cursor("ListIdentifiers")))
    assert [len(p.records) for p in pages] == [200, 200, 200, 133]
    assert [p.cursor_position for p in pages] == [0, 200, 400, 600]
    assert {p.complete_list_size for p in pages} == {733}
    identifiers = [r.identifier for p in pages for r in p.records]
    assert len(identifiers) == len(set(identifiers)) == 733
    # the token went back verbatim: slashes survived encoding
    tokens = [
        parse_qs(urlsplit(r.url).query).get("resumptionToken", [None])[0]
        for r in adapter.log
        if "/oai" in r.url
    ]
    assert tokens[1:] == [
        "0/200/733/nsdl_dc/null/2012-07-26/null",
        "200/400/733/nsdl_dc/null/2012-07-26/null",
        "400/600/733/nsdl_dc/null/2012-07-26/null",
    ]


def test_bnf_token_with_bangs_round_trips(pager: OaiPager, adapter: ScriptedAdapter) -> None:
    serve(adapter, {None: "phpoaipmh/NamespacedSample.xml"})
    page = pager.fetch(pager.first_cursor())
    assert page.next_cursor is not None
    token = page.next_cursor.resumption_token
    assert token == "1!53691!20513471!2505879!100!2402263!oai_dc"
    assert page.complete_list_size == 2402263
    assert all(r.metadata for r in page.records if not r.deleted)


@pytest.mark.parametrize(
    ("name", "error", "code"),
    [
        ("sickle/badArgument.xml", exc.BadArgument, "badArgument"),
        (
            "sickle/cannotDisseminateFormat.xml",
            exc.CannotDisseminateFormat,
            "cannotDisseminateFormat",
        ),
        ("sickle/idDoesNotExist.xml", exc.IdDoesNotExist, "idDoesNotExist"),
        ("sickle/noSetHierarchy.xml", exc.NoSetHierarchy, "noSetHierarchy"),
        ("sickle/undefinedError.xml", exc.OaiError, "undefinedError"),
        ("vufindharvest/arbitrary_error_response.xml", exc.OaiError, "foo"),
        ("phpoaipmh/BadResponseNonExistentVerb.xml", exc.BadVerb, "badVerb"),
        ("oai-pmh-rs/err_bad_prefix.xml", exc.CannotDisseminateFormat, "cannotDisseminateFormat"),
    ],
)
@pytest.mark.parametrize("status", [200, 400, 404, 422])
def test_error_codes_map_to_exceptions_whatever_the_status(
    pager: OaiPager,
    adapter: ScriptedAdapter,
    name: str,
    error: type[exc.OaiError],
    code: str,
    status: int,
) -> None:
    serve(adapter, {"*": name, None: name}, status=status)
    with pytest.raises(error) as caught:
        pager.fetch(pager.first_cursor())
    assert caught.value.code == code
    assert caught.value.url.startswith(ENDPOINT)


@pytest.mark.parametrize(
    "name", ["sickle/noRecordsMatch.xml", "invenio-oaiharvester/sample_empty_response.xml"]
)
def test_no_records_match_is_an_empty_listing(
    pager: OaiPager, adapter: ScriptedAdapter, name: str
) -> None:
    serve(adapter, {None: name})
    assert list(pager.list_records()) == []


def test_zenodo_422_bad_resumption_token_on_first_page_raises(
    pager: OaiPager, adapter: ScriptedAdapter
) -> None:
    serve(
        adapter, {None: "oaipmh-scythe/zenodo_ListSets_badResumptionToken_http422.xml"}, status=422
    )
    with pytest.raises(exc.BadResumptionToken):
        list(pager.list_sets())


def test_list_sets_many(pager: OaiPager, adapter: ScriptedAdapter) -> None:
    serve(adapter, {None: "sickle/ListSets.xml"})
    sets = list(pager.list_sets())
    assert len(sets) == 131
    assert all(s.spec for s in sets)


def test_hierarchical_sets_and_odd_specs(pager: OaiPager, adapter: ScriptedAdapter) -> None:
    serve(adapter, {None: "pyoai/fake1/00000.xml"})
    specs = [s.spec for s in pager.list_sets()]
    assert "3:5" in specs
    adapter.add(ENDPOINT, Reply(200, body=fixture("vufindharvest/list_sets_response.xml")))
    specs = [s.spec for s in pager.list_sets()]
    assert any(" " in s for s in specs)


def test_identify_and_granularity(pager: OaiPager, adapter: ScriptedAdapter) -> None:
    serve(adapter, {None: "sickle/Identify.xml"})
    identity = pager.identify()
    assert identity.granularity == "YYYY-MM-DD"
    assert pager.granularity() == "YYYY-MM-DD"
    assert identity.repository_name
    pager.identify()
    assert sum(1 for r in adapter.log if "verb=Identify" in r.url) == 1  # cached


def test_identify_with_junk_datestamp_and_compression(
    pager: OaiPager, adapter: ScriptedAdapter
) -> None:
    serve(adapter, {None: "pyoai/fake5/00001.xml"})
    identity = pager.identify()
    assert identity.earliest_datestamp == "aaaa-bb-cc"
    assert identity.compression == ("gzip", "deflate")


@pytest.mark.parametrize("name", ["pyoai/fake3/00001.xml", "pyoai/fake4/00001.xml"])
def test_broken_identify_is_recovered_and_reported(
    pager: OaiPager, adapter: ScriptedAdapter, name: str
) -> None:
    serve(adapter, {None: name})
    assert pager.identify().repository_name


def test_not_xml_at_all_is_bad_response_with_raw_bytes(
    pager: OaiPager, adapter: ScriptedAdapter
) -> None:
    serve(adapter, {None: "sickle/ListRecordsBroken.xml"})
    with pytest.raises(exc.BadResponse) as caught:
        pager.fetch(pager.first_cursor())
    assert caught.value.raw == b"broken xml"


def test_get_record_utf8_and_deleted(pager: OaiPager, adapter: ScriptedAdapter) -> None:
    serve(adapter, {None: "sickle/GetRecord_utf8test.xml"})
    record = pager.get_record("oai:test:1")
    assert "某人" in record.metadata["creator"]
    serve(adapter, {None: "pyoai/fake2/00000.xml"})
    tomb = pager.get_record("oai:test:2")
    assert tomb.deleted
    assert len(tomb.set_specs) == 2


def test_arxiv_without_namespace_is_read(pager: OaiPager, adapter: ScriptedAdapter) -> None:
    serve(adapter, {None: "invenio-oaiharvester/sample_arxiv_response_no_namespace.xml"})
    record = pager.get_record("oai:arXiv.org:1")
    assert record.identifier.startswith("oai:arXiv.org:")
    assert b"arXiv" in record.raw_xml


def test_marcxml_records_keep_raw_xml(pager: OaiPager, adapter: ScriptedAdapter) -> None:
    serve(adapter, {None: "invenio-oaiharvester/sample_inspire_response_listrecords.xml"})
    records = list(pager.list_records(metadata_prefix="marcxml"))
    assert records
    assert all(b"marc" in r.raw_xml for r in records)
    assert all(r.metadata == {} for r in records)


def test_header_without_datestamp_and_bare_token(pager: OaiPager, adapter: ScriptedAdapter) -> None:
    serve(
        adapter,
        {None: "vufindharvest/list_records_token_response.xml", "more": "sickle/ListRecords4.xml"},
    )
    pages = list(pager.pages())
    assert pages[0].next_cursor is not None
    assert pages[0].next_cursor.resumption_token == "more"
    assert pages[0].records[0].datestamp == ""


def test_cursor_json_round_trip(pager: OaiPager, adapter: ScriptedAdapter) -> None:
    serve(adapter, {None: "sickle/ListRecords.xml", "ListRecords2.xml": "sickle/ListRecords4.xml"})
    page = pager.fetch(pager.first_cursor())
    assert page.next_cursor is not None
    restored = OaiCursor.from_json(page.next_cursor.to_json())
    assert restored == page.next_cursor
    second = pager.fetch(restored)
    assert second.next_cursor is None


def test_every_fixture_parses_or_fails_loudly(pager: OaiPager) -> None:
    """Every file parses (possibly repaired) or raises BadResponse, never a stray exception."""
    from politeharvest.oai._xml import parse_page

    parsed = failed = 0
    for path in sorted(Path(FIXTURES).rglob("*.xml")):
        try:
            parse_page(path.read_bytes(), url=str(path))
            parsed += 1
        except exc.BadResponse:
            failed += 1
    assert parsed >= 38
    assert failed == 1  # sickle/ListRecordsBroken.xml, the 10 bytes "broken xml"


@pytest.mark.parametrize(
    "name",
    [
        "sickle/ListRecords.xml",
        "sickle/ListRecords4.xml",
        "sickle/GetRecord_utf8test.xml",
        "phpoaipmh/NamespacedSample.xml",
        "phpoaipmh/GoodResponseFourPage_1.xml",
        "pyoai/fake1/00003.xml",
        "vufindharvest/subjectsplus.xml",
        "invenio-oaiharvester/sample_inspire_response_listrecords.xml",
    ],
)
def test_records_read_as_sickle_reads_them(name: str) -> None:
    """Our one-pass record reader agrees with sickle's Header/Record models field by field."""
    from sickle.models import Header, Record

    from politeharvest.oai._records import read_record as _record
    from politeharvest.oai._xml import OAI_NS, parse_page

    root = parse_page(fixture(name)).root
    records = list(root.iter(f"{{{OAI_NS}}}record"))
    elements = records or list(root.iter(f"{{{OAI_NS}}}header"))
    assert elements
    for element in elements:
        ours = _record(element, with_metadata=True)
        header = Header(
            element if element.tag.endswith("header") else element.find(f"{{{OAI_NS}}}header")
        )
        assert ours.identifier == (header.identifier or "").strip()
        assert ours.datestamp == (header.datestamp or "").strip()
        assert ours.deleted == header.deleted
        assert list(ours.set_specs) == [(s or "").strip() for s in header.setSpecs]
        if records and ours.metadata:
            theirs = Record(element).metadata
            assert {k: tuple((v or "").strip() for v in vs) for k, vs in theirs.items()} == dict(
                ours.metadata
            )
