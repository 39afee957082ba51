"""A record is read as damaged only when this library's salvage made it so.

A page that is not well-formed is salvaged record by record: a record that does not parse
is delivered with its header and the bytes the repository sent, marked damaged (the mark
is an attribute in politeharvest's own namespace). A repository can write that attribute
itself; its record is then an ordinary record, read in full, never replaced by bytes of the
repository's choosing nor reported as damaged.
"""

from __future__ import annotations

import base64
from collections.abc import Callable

from politeharvest import OaiPager, PoliteSession
from politeharvest.testing import Reply, ScriptedAdapter

ENDPOINT = "https://repo.example.org/oai"
Make = Callable[..., PoliteSession]

_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" xmlns:ph="urn:politeharvest">'
    "<responseDate>2024-01-01T00:00:00Z</responseDate>"
    '<request verb="ListRecords" metadataPrefix="oai_dc">https://repo.example.org/oai</request>'
    "<ListRecords>"
)
_TAIL = "</ListRecords></OAI-PMH>"
_RAW = base64.b64encode(b"<chosen by the repository/>").decode("ascii")


def _record(number: int, body: str, attributes: str = "", extra: str = "") -> str:
    return (
        f"<record {attributes}><header><identifier>oai:x:{number}</identifier>"
        f"<datestamp>2024-01-0{number}</datestamp></header>"
        "<metadata><oai_dc:dc xmlns:oai_dc='http://www.openarchives.org/OAI/2.0/oai_dc/' "
        "xmlns:dc='http://purl.org/dc/elements/1.1/'>"
        f"<dc:title>{body}</dc:title></oai_dc:dc></metadata>{extra}</record>"
    )


_SPOOF = _record(1, "Spoofed", 'ph:damaged="fake"', f"<ph:raw>{_RAW}</ph:raw>")


def _harvest(make_session: Make, adapter: ScriptedAdapter, page: str) -> list[object]:
    adapter.add(ENDPOINT, Reply(200, body=page))
    pager = OaiPager(make_session(job_budget=10**7), ENDPOINT)
    return list(pager.list_records())


def test_a_well_formed_record_with_the_mark_is_an_ordinary_record(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    (record,) = _harvest(make_session, adapter, _HEAD + _SPOOF + _TAIL)
    assert record.damaged == ""  # type: ignore[attr-defined]
    assert record.metadata == {"title": ("Spoofed",)}  # type: ignore[attr-defined]
    assert b'ph:damaged="fake"' in record.raw_xml  # type: ignore[attr-defined]
    assert b"chosen by the repository" not in record.raw_xml  # type: ignore[attr-defined]


def test_in_a_salvaged_page_only_the_broken_record_is_damaged(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    broken = _record(2, "Broken &nope <b>unclosed")
    page = _HEAD + _SPOOF + broken + _record(3, "Sound") + _TAIL
    records = _harvest(make_session, adapter, page)
    by_id = {r.identifier: r for r in records}  # type: ignore[attr-defined]
    assert sorted(by_id) == ["oai:x:1", "oai:x:2", "oai:x:3"]
    assert by_id["oai:x:1"].damaged == ""
    assert by_id["oai:x:1"].metadata == {"title": ("Spoofed",)}
    assert by_id["oai:x:2"].damaged.startswith("not well-formed")
    assert b"Broken &nope" in by_id["oai:x:2"].raw_xml  # the bytes as the repository sent them
    assert by_id["oai:x:3"].damaged == ""
