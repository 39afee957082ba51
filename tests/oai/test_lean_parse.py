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


def with_dtd(page: bytes) -> bytes:
    """The page with an internal DTD declaring element content for what records hold."""
    names = ("identifier", "datestamp", "setSpec", "oai:identifier", "dc:title", "title")
    dtd = b"<!DOCTYPE OAI-PMH [" + b"".join(b"<!ELEMENT %s (b)>" % n.encode() for n in names)
    cut = page.find(b"?>") + 2 if page.startswith(b"<?xml") else 0
    return page[:cut] + dtd + b"]>" + page[cut:]


def indented(page: bytes) -> bytes:
    """The page with whitespace after every ``>`` (still well-formed if the page was)."""
    return page.replace(b">", b">\n    ")


@pytest.mark.shared("fixtures/oai", "fixtures/oai-peers")
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
    assert_lean_reads_the_same(with_dtd(page))


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


def test_only_oai_dc_listings_that_keep_no_xml_are_parsed_lean() -> None:
    """Other formats are kept as XML (a lean parse would be parsed again), so never lean."""
    from types import SimpleNamespace

    from politeharvest.oai._pager import _lean

    def lean(keep_xml: bool, verb: str, prefix: str, token: str | None = None) -> bool:
        cursor = attrs.evolve(OaiCursor(verb, {"metadataPrefix": prefix}), resumption_token=token)
        return _lean(SimpleNamespace(keep_xml=keep_xml), cursor)  # type: ignore[arg-type]

    assert lean(False, "ListRecords", "oai_dc")
    assert lean(False, "ListRecords", "oai_dc", token="t")  # the listing's format, not the URL's
    assert not lean(True, "ListRecords", "oai_dc")
    assert not lean(False, "ListRecords", "mods")
    assert not lean(False, "ListIdentifiers", "oai_dc")


# A DTD declaring element content makes libxml2 drop whitespace inside text, between two
# character references (found by review): such a page is read whole.
DTD = (
    '<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE OAI-PMH [<!ELEMENT identifier (b)>'
    "<!ELEMENT dc:title (b)><!ELEMENT resumptionToken (b)><!ELEMENT error (b)>]>"
    f'<OAI-PMH xmlns="{OAI_NS}"><responseDate>2026-01-01T00:00:00Z</responseDate>'
    f'<request verb="ListRecords">{URL}</request><ListRecords><record><header>'
    "<identifier>&#111;ai:x:1&#32; &#49;</identifier><datestamp>2024-01-01</datestamp></header>"
    '<metadata><oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>&#1055;&#1088;&#1080; &#1085;&#1072;'
    "</dc:title></oai_dc:dc></metadata></record><resumptionToken>&#97; &#98;</resumptionToken>"
    "</ListRecords></OAI-PMH>"
).encode()
PARAMETER_DTD = DTD.replace(
    b"[<!ELEMENT identifier (b)>",
    b'[<!ENTITY % p "<!ELEMENT identifier (b)>"> %p;',
)


@pytest.mark.parametrize("page", [DTD, PARAMETER_DTD])
def test_a_page_with_a_dtd_keeps_the_spaces_inside_its_values(page: bytes) -> None:
    from politeharvest.oai._answer import resumption_token

    lean = parse_page(page, url=URL, blanks=False)
    assert not lean.lean
    taken = read(page, lean)
    assert taken is not None and taken == read(page, parse_page(page, url=URL))
    (record,) = taken.items
    if page is DTD:
        assert record.identifier == "oai:x:1  1"
        assert record.metadata["title"] == ("\u041f\u0440\u0438 \u043d\u0430",)
        token = resumption_token(lean.root.find(_Q + "ListRecords"))
        assert token[0] == "a b"
