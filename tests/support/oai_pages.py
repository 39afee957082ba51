"""OAI-PMH pages as hypothesis writes them, with what repositories put in them.

Comments, processing instructions, entities, CDATA, prefixes, nested payload records,
repeated and missing header fields, tombstones, sets, other formats, empty oai_dc
(tests/oai/test_record_reader.py, tests/plan/test_record_lines.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from politeharvest.exceptions import BadResponse
from politeharvest.oai._xml import OAI_NS, ParsedPage, parse_page

from . import SHARED

__all__ = ["fixture_files", "fixture_pages", "fixture_roots", "pages"]

FIXTURE_DIRS = [SHARED / "fixtures" / "oai", SHARED / "fixtures" / "oai-peers"]


def fixture_files() -> list[Path]:
    """Every page of ../shared/fixtures/oai and oai-peers."""
    return sorted(p for d in FIXTURE_DIRS if d.is_dir() for p in d.rglob("*.xml"))


def fixture_pages() -> Iterator[ParsedPage]:
    """Every shared fixture page that parses, parsed (others are left out)."""
    for path in fixture_files():
        try:
            yield parse_page(path.read_bytes(), url=str(path))
        except BadResponse:
            continue


def fixture_roots() -> Iterator[Any]:
    """The parsed root of every shared fixture page that parses (others are left out)."""
    for parsed in fixture_pages():
        yield parsed.root


_text = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00\ufffe\uffff"),
    max_size=12,
).map(lambda s: "".join(c for c in s if c in "\t\n\r" or ord(c) >= 0x20))


def _escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@st.composite
def _content(draw: st.DrawFn) -> str:
    """Text as repositories write it: escaped, as a character reference, in CDATA."""
    text = draw(_text)
    form = draw(st.sampled_from(["plain", "charref", "cdata", "spaced", "comment", "pi"]))
    if form == "charref":
        return "".join(f"&#{ord(c)};" if c not in "\r" else c for c in text)
    if form == "cdata" and "]]>" not in text:
        return f"<![CDATA[{text}]]>"
    if form == "spaced":
        return f"  \n {_escaped(text)}\t "
    if form == "comment":
        return f"<!-- a note -->{_escaped(text)}"
    if form == "pi":
        return f"<?note here?>{_escaped(text)}"
    return _escaped(text)


@st.composite
def _header(draw: st.DrawFn, oai: str) -> str:
    fields = []
    for name in draw(
        st.lists(st.sampled_from(["identifier", "datestamp", "setSpec", "other"]), max_size=6)
    ):
        if name == "other":
            fields.append(f"<x:other xmlns:x='urn:x'>{_escaped(draw(_text))}</x:other>")
        else:
            fields.append(f"<{oai}{name}>{draw(_content())}</{oai}{name}>")
    if draw(st.booleans()):
        fields.insert(0, "<!-- header comment -->")
    status = draw(st.sampled_from(["", ' status="deleted"', " status='other'"]))
    return f"<{oai}header{status}>{''.join(fields)}</{oai}header>"


@st.composite
def _payload(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["dc", "dc-empty", "marc", "other", "comment-first"]))
    if kind == "marc":
        return (
            '<collection xmlns="http://www.loc.gov/MARC21/slim"><record>'
            f"<datafield tag='245'><subfield code='a'>{draw(_content())}</subfield></datafield>"
            "</record></collection>"
        )
    if kind == "other":
        return f"<mods xmlns='urn:mods'><title>{draw(_content())}</title></mods>"
    names = draw(
        st.lists(st.sampled_from(["title", "creator", "date", "subject", "x:odd"]), max_size=6)
    )
    fields = "".join(
        f"<x:odd xmlns:x='urn:x'>{draw(_content())}</x:odd>"
        if name == "x:odd"
        else f"<dc:{name}>{draw(_content())}</dc:{name}>"
        for name in names
    )
    if kind == "dc-empty":
        fields = ""
    dc = (
        '<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" '
        f'xmlns:dc="http://purl.org/dc/elements/1.1/">{fields}</oai_dc:dc>'
    )
    return ("<!-- first -->" + dc) if kind == "comment-first" else dc


@st.composite
def pages(draw: st.DrawFn) -> bytes:
    """A ListRecords page: records with headers, payloads, abouts, comments between."""
    oai = draw(st.sampled_from(["", "oai:"]))
    declare = f'xmlns="{OAI_NS}"' if oai == "" else f'xmlns:oai="{OAI_NS}"'
    records = []
    for _ in range(draw(st.integers(0, 5))):
        parts = []
        if draw(st.booleans()):
            parts.append(draw(_header(oai)))
        if draw(st.booleans()):
            parts.append(f"<{oai}metadata>{draw(_payload())}</{oai}metadata>")
        if draw(st.booleans()):
            parts.append(f"<{oai}about><p xmlns='urn:p'>{draw(_content())}</p></{oai}about>")
        if draw(st.booleans()):
            parts.insert(draw(st.integers(0, len(parts))), "<!-- between -->")
        records.append(f"<{oai}record>{''.join(parts)}</{oai}record>")
    separator = draw(st.sampled_from(["", "\n  ", "<!-- r -->", "\r\n", "<?pi between?>"]))
    body = (
        f"<?xml version='1.0' encoding='UTF-8'?><{oai}OAI-PMH {declare}>"
        f"<{oai}responseDate>2024-01-01T00:00:00Z</{oai}responseDate>"
        f"<{oai}ListRecords>{separator.join(records)}{separator}"
        f"<{oai}resumptionToken>t</{oai}resumptionToken></{oai}ListRecords></{oai}OAI-PMH>"
    )
    return body.encode("utf-8")
