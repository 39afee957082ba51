"""The values an OAI-PMH answer holds (core), and how each is read from its element.

`OaiRecord` (a record, or a bare header), `OaiSet`, `OaiFormat`, `OaiIdentify`, and
`OaiPage`, one page of a listing. Records are read in one pass over their header (the hot
path of a harvest); sets and formats through sickle's models.
"""

from __future__ import annotations

import base64
from collections.abc import Container, Mapping
from typing import Any

import attrs
from lxml import etree

from politeharvest._reprs import value_repr

from ._cursor import OaiCursor
from ._datestamps import DAY
from ._xml import DAMAGED, OAI_NS, RAW

__all__ = [
    "OaiFormat",
    "OaiIdentify",
    "OaiPage",
    "OaiRecord",
    "OaiSet",
    "child_text",
    "read_format",
    "read_identify",
    "read_record",
    "read_records",
    "read_set",
]

_Q = "{" + OAI_NS + "}"
_DC_ROOT = "{http://www.openarchives.org/OAI/2.0/oai_dc/}dc"


@attrs.frozen(repr=False)
class OaiRecord:
    """One record (or, from ListIdentifiers, one header).

    Attributes:
        identifier: the OAI identifier.
        datestamp: the datestamp as the repository wrote it.
        deleted: a tombstone (``status="deleted"``); never silently dropped.
        set_specs: the sets it belongs to, in order.
        metadata: for oai_dc, element name to values, in order (all 15 elements,
            repeated values kept); empty for other formats and for tombstones.
        raw_xml: the record's XML (every format: MARC21, MODS, DataCite, EDM, JATS...);
            for a damaged record, its bytes as the repository sent them.
        damaged: why the record could not be read (its XML is not well-formed); its header
            was read on its own, and `raw_xml` keeps what was sent. Empty for sound records.
    """

    __repr__ = value_repr

    identifier: str
    datestamp: str
    deleted: bool = False
    set_specs: tuple[str, ...] = ()
    metadata: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    raw_xml: bytes = b""
    damaged: str = ""


@attrs.frozen(repr=False)
class OaiSet:
    """One set: spec, name, and the description's XML if any."""

    __repr__ = value_repr

    spec: str
    name: str = ""
    description_xml: bytes = b""


@attrs.frozen(repr=False)
class OaiFormat:
    """One metadata format offered by the repository."""

    __repr__ = value_repr

    prefix: str
    schema: str = ""
    namespace: str = ""


@attrs.frozen(repr=False)
class OaiIdentify:
    """The repository's Identify answer.

    Attributes:
        granularity: ``"YYYY-MM-DD"`` or ``"YYYY-MM-DDThh:mm:ssZ"``.
        deleted_record: ``"no"``, ``"transient"`` or ``"persistent"``.
    """

    __repr__ = value_repr

    repository_name: str
    base_url: str
    protocol_version: str
    earliest_datestamp: str
    deleted_record: str
    granularity: str
    admin_emails: tuple[str, ...] = ()
    compression: tuple[str, ...] = ()
    raw_xml: bytes = b""


@attrs.frozen(repr=False)
class OaiPage:
    """One page of a listing (or the single page of GetRecord/Identify...).

    Attributes:
        items: the page's records, headers, sets or formats, in order.
        next_cursor: the cursor of the next page, or None when the listing is complete.
        complete_list_size: the repository's count of the whole list, if given.
        cursor_position: the repository's ``cursor`` attribute, if given.
        response_date: the repository's ``responseDate``.
        repairs: what had to be repaired to parse the page (empty when clean).
        url: the final URL requested.
        raw: the page's bytes, when the pager keeps them.
        skipped: records left out because they were already delivered before a restart.
        moved_to: the endpoint's new address when it moved from http to https (the pager
            uses it from then on), else None.
        out_of_scope: records of the page left out because they were not asked for
            (a lenient pager; a strict one raises `RepositoryMisbehaves`).
        violations: how the page broke its request (`Violation.describe` clauses).
        doubt: why the listing so far cannot be taken as complete (the repository
            answered outside its request on this or an earlier page); "" when it can.
    """

    __repr__ = value_repr

    items: tuple[Any, ...]
    next_cursor: OaiCursor | None
    complete_list_size: int | None = None
    cursor_position: int | None = None
    response_date: str = ""
    repairs: tuple[str, ...] = ()
    url: str = ""
    raw: bytes | None = None
    skipped: int = 0
    moved_to: str | None = None
    out_of_scope: int = 0
    violations: tuple[str, ...] = ()
    doubt: str = ""

    @property
    def records(self) -> tuple[Any, ...]:
        """The page's items (records for ListRecords/ListIdentifiers)."""
        return self.items


# -- parsing items ----------------------------------------------------------------------------


def child_text(element: Any, name: str) -> str:
    """The stripped text of `element`'s OAI-PMH child `name` ("" when it has none)."""
    found = element.find(_Q + name)
    return (found.text or "").strip() if found is not None else ""


_HEADER = _Q + "header"
_IDENTIFIER = _Q + "identifier"
_DATESTAMP = _Q + "datestamp"
_SETSPEC = _Q + "setSpec"
_METADATA = _Q + "metadata"
#: An element's tag to its local name (the key of an oai_dc field), filled as tags are seen.
_NAMES: dict[Any, str] = {}


def read_record(
    element: Any,
    *,
    with_metadata: bool,
    xml: bool = True,
    damaged: Container[Any] = frozenset(),
) -> OaiRecord:
    """Read one record (or bare header) in a single pass over its children.

    This is the hot path of a harvest: the header's fields and the oai_dc elements are
    read straight from the children (no path lookups; each tag is compared once), and
    nothing else of the tree is visited. A header is the record's first ``header``
    child, its metadata the first ``metadata`` child; the result is the same as
    sickle's models give (tests/oai/test_oai_fixtures.py cross-checks, and
    tests/oai/test_record_reader.py checks against the reader this one replaced).

    With `xml` False, `raw_xml` is serialised only where the record's XML is all there is
    of it (no oai_dc metadata, not a tombstone: what a harvest's row writes), and is b""
    otherwise: serialising it is a fifth of the cost of reading a record (`OaiPager`'s
    ``keep_xml``). A damaged record keeps its bytes either way; only the elements in
    `damaged` (`ParsedPage.damaged`, made by the page's salvage) are read as damaged.
    """
    header = container = None
    if element.tag == _HEADER:
        header = element
    else:
        for child in element:
            tag = child.tag
            if tag == _HEADER:
                if header is None:
                    header = child
            elif tag == _METADATA and container is None:
                container = child
    if header is None:
        return OaiRecord("", "", raw_xml=_tostring(element))
    identifier = datestamp = ""
    specs: list[str] = []
    for child in header:
        tag = child.tag
        if tag == _IDENTIFIER:
            identifier = (child.text or "").strip()
        elif tag == _DATESTAMP:
            datestamp = (child.text or "").strip()
        elif tag == _SETSPEC:
            specs.append((child.text or "").strip())
    deleted = header.get("status") == "deleted"
    note = element.get(DAMAGED) if damaged and element in damaged else None
    if note is not None:
        raw = element.find(RAW)
        data = base64.b64decode(raw.text or "") if raw is not None else b""
        return OaiRecord(identifier, datestamp, deleted, tuple(specs), {}, data, note)
    metadata: dict[str, Any] = {}
    if with_metadata and not deleted and container is not None:
        for payload in container:
            tag = payload.tag
            if tag == _DC_ROOT:
                metadata = _dc(payload)
            if tag.__class__ is str:
                break
    source = _tostring(element) if xml or not (deleted or metadata) else b""
    return OaiRecord(identifier, datestamp, deleted, tuple(specs), metadata, source)


def read_records(
    list_el: Any,
    item: str,
    *,
    with_metadata: bool,
    xml: bool = True,
    damaged: Container[Any] = frozenset(),
) -> list[OaiRecord]:
    """The records (``item="record"``) or headers (``"header"``) of a listing's element."""
    return [
        read_record(element, with_metadata=with_metadata, xml=xml, damaged=damaged)
        for element in list_el.iterchildren(_Q + item)
    ]


def _dc(payload: Any) -> dict[str, tuple[str, ...]]:
    """oai_dc as element name to values, in document order (repeated values kept).

    Values are gathered as tuples (no second pass to convert lists); past eight of one
    name, the rest go to a list joined on at the end, so a name repeated without end
    costs linear time, not quadratic.
    """
    fields: dict[str, Any] = {}
    many: dict[str, list[str]] | None = None
    names = _NAMES
    for child in payload:
        tag = child.tag
        name = names.get(tag)
        if name is None:
            if tag.__class__ is not str:
                continue  # comments, processing instructions, entities
            name = tag.rpartition("}")[2]
            if len(names) < 4096:  # a bound: tags are the repository's to choose
                names[tag] = name
        text = child.text
        value = text.strip() if text else ""
        values = fields.get(name)
        if values is None:
            fields[name] = (value,)
        elif len(values) < 8:
            fields[name] = (*values, value)
        elif many is None:
            many = {name: [value]}
        else:
            many.setdefault(name, []).append(value)
    if many is not None:
        for name, rest in many.items():
            fields[name] += tuple(rest)
    return fields


def _tostring(element: Any) -> bytes:
    return bytes(etree.tostring(element, encoding="UTF-8"))


def read_set(element: Any) -> OaiSet:
    """One ``<set>`` of ListSets."""
    from sickle.models import Set  # sets and formats only: not a listing's start-up

    item = Set(element)
    description = element.find(_Q + "setDescription")
    return OaiSet(
        spec=str(getattr(item, "setSpec", "") or "").strip(),
        name=str(getattr(item, "setName", "") or "").strip(),
        description_xml=_tostring(description) if description is not None else b"",
    )


def read_format(element: Any) -> OaiFormat:
    """One ``<metadataFormat>`` of ListMetadataFormats."""
    from sickle.models import MetadataFormat

    item = MetadataFormat(element)
    return OaiFormat(
        prefix=str(getattr(item, "metadataPrefix", "") or "").strip(),
        schema=str(getattr(item, "schema", "") or "").strip(),
        namespace=str(getattr(item, "metadataNamespace", "") or "").strip(),
    )


def read_identify(element: Any) -> OaiIdentify:
    """The ``<Identify>`` answer (day granularity when it names none)."""
    return OaiIdentify(
        repository_name=child_text(element, "repositoryName"),
        base_url=child_text(element, "baseURL"),
        protocol_version=child_text(element, "protocolVersion"),
        earliest_datestamp=child_text(element, "earliestDatestamp"),
        deleted_record=child_text(element, "deletedRecord"),
        granularity=child_text(element, "granularity") or DAY,
        admin_emails=tuple((e.text or "").strip() for e in element.findall(_Q + "adminEmail")),
        compression=tuple((e.text or "").strip() for e in element.findall(_Q + "compression")),
        raw_xml=_tostring(element),
    )
