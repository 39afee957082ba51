"""A listing page parsed without its whitespace reads exactly as the page parsed whole.

Where a page's records are read and not kept as XML (the main job: `OaiPager.keep_xml` off),
ListRecords pages are parsed without the whitespace between elements (`parse_page` with
``blanks=False``): a third fewer nodes to build and free. The records must not change by a
byte: the same identifiers, datestamps, sets, oai_dc values and, for a record whose XML is
all there is of it, the same XML (the page is then parsed again, whitespace and all). Checked
on every shared fixture, on pages hypothesis writes, and on both with whitespace put after
every ``>`` (indentation everywhere: between elements, inside values, in mixed content).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings

from politeharvest.exceptions import BadResponse
from politeharvest.oai._cursor import OaiCursor
from politeharvest.oai._listing import Taken
from politeharvest.oai._pager import _taken
from politeharvest.oai._xml import OAI_NS, ParsedPage, parse_page
from tests.support.oai_pages import fixture_files, pages

_Q = "{" + OAI_NS + "}"
URL = "https://repo.example.org/oai"
CURSOR = OaiCursor("ListRecords", {"metadataPrefix": "oai_dc"})


def read(page: bytes, parsed: ParsedPage) -> Taken | None:
    holder = parsed.root.find(_Q + "ListRecords")
    if holder is None:
        return None
    return _taken(CURSOR, holder, parsed, xml=False, limit=10, raw=page, url=URL)


def assert_lean_reads_the_same(page: bytes) -> int:
    """The page's records, lean or whole; how many there were."""
    try:
        whole = parse_page(page, url=URL)
    except BadResponse:
        with pytest.raises(BadResponse):
            parse_page(page, url=URL, blanks=False)
        return 0
    lean = parse_page(page, url=URL, blanks=False)
    assert lean.repairs == whole.repairs
    assert not whole.lean and not (lean.lean and lean.damaged)
    expected, got = read(page, whole), read(page, lean)
    assert got == expected
    return len(expected.items) if expected is not None else 0


def indented(page: bytes) -> bytes:
    """The page with whitespace after every ``>`` (still well-formed if the page was)."""
    return page.replace(b">", b">\n    ")


@pytest.mark.skipif(not fixture_files(), reason="no shared OAI fixtures")
def test_every_shared_fixture_reads_the_same_lean() -> None:
    records = 0
    for path in fixture_files():
        page = path.read_bytes()
        records += assert_lean_reads_the_same(page)
        assert_lean_reads_the_same(indented(page))
    assert records > 500, records


@settings(max_examples=300, deadline=None)
@given(pages())
def test_generated_pages_read_the_same_lean(page: bytes) -> None:
    assert_lean_reads_the_same(page)
    assert_lean_reads_the_same(indented(page))


MIXED = f"""<?xml version="1.0" encoding="UTF-8"?>
<OAI-PMH xmlns="{OAI_NS}">
  <responseDate>2026-01-01T00:00:00Z</responseDate>
  <request verb="ListRecords">{URL}</request>
  <ListRecords>
    <record>
      <header>
        <identifier>oai:x:1</identifier>
        <datestamp>2024-01-01</datestamp>
      </header>
      <metadata>
        <oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/"
            xmlns:dc="http://purl.org/dc/elements/1.1/">
          <dc:title>  A title  </dc:title>
          <dc:subject> </dc:subject>
        </oai_dc:dc>
      </metadata>
    </record>
    <record>
      <header>
        <identifier>oai:x:2</identifier>
        <datestamp>2024-01-02</datestamp>
      </header>
      <metadata>
        <mods xmlns="http://www.loc.gov/mods/v3">
          <titleInfo><title><i>Two</i> <b>words</b></title></titleInfo>
        </mods>
      </metadata>
    </record>
  </ListRecords>
</OAI-PMH>
""".encode()


def test_a_record_kept_as_xml_keeps_the_repositorys_whitespace() -> None:
    """A lean page with a record whose XML is all there is of it: read whole again."""
    lean = parse_page(MIXED, url=URL, blanks=False)
    taken = read(MIXED, lean)
    assert taken is not None
    dc, mods = taken.items
    assert dc.metadata == {"title": ("A title",), "subject": ("",)} and dc.raw_xml == b""
    assert b"<i>Two</i> <b>words</b>" in mods.raw_xml  # the space between two elements
    assert b"\n      <metadata>\n        <mods" in mods.raw_xml
    assert taken == read(MIXED, parse_page(MIXED, url=URL))
    # and without the second parse the space would be gone: the lean tree alone loses it
    alone = _taken(
        CURSOR,
        lean.root.find(_Q + "ListRecords"),
        attrs.evolve(lean, lean=False),
        xml=False,
        limit=10,
        raw=MIXED,
        url=URL,
    )
    assert b"<i>Two</i><b>words</b>" in alone.items[1].raw_xml


def test_only_listrecords_pages_that_keep_no_xml_are_parsed_lean(monkeypatch: Any) -> None:
    from politeharvest.oai import _answer

    seen: list[bool] = []
    real = _answer.parse_page

    def watching(data: bytes, *, url: str = "", blanks: bool = True) -> ParsedPage:
        seen.append(blanks)
        return real(data, url=url, blanks=blanks)

    monkeypatch.setattr(_answer, "parse_page", watching)

    class Response:
        url = URL
        status_code = 200
        content = MIXED

    for verb, xml in (("ListRecords", False), ("ListRecords", True), ("ListIdentifiers", False)):
        _answer.read_answer(Response(), verb, 2**20, xml=xml)
    assert seen == [False, True, True]
