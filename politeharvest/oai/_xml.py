"""OAI-PMH response parsing: parse once, repair without losing records (core, no I/O).

Pages are parsed with a strict, safe lxml parser (no entity resolution, no
network, `huge_tree` for pages over 10 MB). When that fails, repairs are tried
in order, each recorded on the page:

1. drop whitespace before the XML declaration (lossless);
2. strip XML-illegal C0 control characters (TAB, LF and CR are kept);
3. re-decode a body whose bytes do not match its declared encoding
   (Latin-1/cp1252 bytes declared as UTF-8, or UTF-8 declared as Latin-1);
4. cut anything after ``</OAI-PMH>`` (PHP notices, trailing garbage);
5. salvage record by record: each record is parsed strictly on its own; one that
   is not well-formed is delivered with its header, its raw bytes and a
   ``damaged`` note (never cut silently, as sickle does), so a page is refused only
   when its envelope or a record's header cannot be read;
6. lxml's recovering parser, accepted only for pages without records
   (Identify, errors, sets): after an error libxml2 may silently alter later
   text, so records are never taken from a recovered tree.

sickle's own parser recovers silently and can lose records (sickle PR #55);
ours never does: a page that cannot be parsed with all its records raises
`BadResponse` carrying the raw bytes. Items are read with sickle's models
(`Header`, `Set`, `MetadataFormat`) and its `xml_to_dict`.
"""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Callable, Iterator
from typing import Any

import attrs
from lxml import etree

from politeharvest._reprs import value_repr
from politeharvest.exceptions import BadResponse

__all__ = ["DAMAGED", "OAI_NS", "RAW", "STREAM_OVER", "ParsedPage", "parse_page", "stream_items"]

OAI_NS = "http://www.openarchives.org/OAI/2.0/"
_Q = "{" + OAI_NS + "}"
#: The attribute a salvaged record carries (why it is damaged) and the element holding
#: its raw bytes (base64), in politeharvest's own namespace.
_PH = "{urn:politeharvest}"
DAMAGED = _PH + "damaged"
RAW = _PH + "raw"

_STRICT = etree.XMLParser(
    resolve_entities=False, no_network=True, huge_tree=True, remove_blank_text=False
)
_RECOVER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True, recover=True)
#: `_STRICT` without the whitespace between elements (libxml2's "ignorable" blanks): a third
#: fewer nodes to build, read and free, for pages whose records are read, not serialised.
_LEAN = etree.XMLParser(
    resolve_entities=False, no_network=True, huge_tree=True, remove_blank_text=True
)
_C0 = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_DECL = re.compile(rb"^\s*<\?xml[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9._-]+)[\"'][^>]*\?>", re.I)
_END = re.compile(rb"</(?:[A-Za-z_][\w.-]*:)?OAI-PMH\s*>")


@attrs.frozen(repr=False)
class ParsedPage:
    """A parsed OAI-PMH response.

    Attributes:
        root: the ``OAI-PMH`` element.
        repairs: what had to be repaired, in order (empty for a clean page).
        items: for a page parsed as a stream, its items already built (their elements
            were cleared from the tree as they were read); None otherwise.
        damaged: the record elements salvage made for records that are not well-formed
            (the only ones whose damage note is read: a repository's own record that
            carries politeharvest's attribute is an ordinary record).
        lean: the whitespace between elements was left out (`parse_page` with
            ``blanks=False``): the tree reads as the page, but does not serialise as it.
    """

    __repr__ = value_repr

    root: Any
    repairs: tuple[str, ...] = ()
    items: list[Any] | None = None
    damaged: frozenset[Any] = frozenset()
    lean: bool = False


#: Listing pages larger than this are parsed as a stream (`stream_items`).
STREAM_OVER = 1 * 2**20


def stream_items(data: bytes, verb: str, build: Callable[[Any], Any]) -> ParsedPage | None:
    """Parse a listing page strictly as a stream, building each item as soon as it ends.

    Each record (or header) element is turned into a value by `build` and removed from
    the tree at once, so memory holds the page's bytes, the values, and about one
    element, never the whole page's tree. Returns None when the page is not a clean,
    well-formed, namespaced OAI-PMH page (the caller then parses it as a whole, with
    every repair).
    """
    list_tag = _Q + verb
    item_tag = _Q + ("header" if verb == "ListIdentifiers" else "record")
    items: list[Any] = []
    try:
        context = etree.iterparse(
            io.BytesIO(data),
            events=("end",),
            resolve_entities=False,
            no_network=True,
            huge_tree=True,
            remove_blank_text=False,
        )
        for _, element in context:
            if element.tag != item_tag:
                continue
            parent = element.getparent()
            if parent is None or parent.tag != list_tag:
                continue
            items.append(build(element))
            parent.remove(element)
        root = context.root
    except etree.XMLSyntaxError:
        return None
    if root is None or root.tag != _Q + "OAI-PMH":
        return None
    if len(items) < _expected_items(data):
        return None
    return ParsedPage(root, (), items)


def _expected_items(data: bytes) -> int:
    """OAI headers the raw bytes hold (one per record or identifier), for the loss check.

    The check catches records the parse left out or that are not where an OAI-PMH record
    is (in another namespace: ``<record xmlns="">``), so it is taken on every page. What
    CDATA sections and comments hold is text, not records (an HTML abstract in CDATA holds
    ``<header>``): those are left out of the count.

    Headers, not records, are counted: MARCXML and other payloads have their
    own ``<record>`` elements, but no common format has a plain ``<header>``. The usual
    page (nothing hidden, the namespace only the default one) is counted in one pass that
    also finds whether anything is hidden; any other page, as follows. Each
    spelling (``<header``, ``<oai:header``...) is counted on its own, a literal the regex
    engine skips to (two spellings never match at one place: the count is the same as
    one pattern of alternatives, in a third of the time). A page declaring the namespace
    under more than a few prefixes is read once, every header's prefix looked up, so the
    count stays linear in the page whatever it declares.
    """
    plain = _plain_headers(data)
    if plain is not None:
        # The usual page, counted in one pass: nothing hidden, and the namespace declared
        # as the default one only, so every header is spelled ``<header``.
        prefixes = _oai_prefixes(data)
        if len(prefixes) == 1:
            return plain
    else:
        data = _strip_hidden(data)
        prefixes = _oai_prefixes(data)
    if len(prefixes) <= _LITERALS:
        return sum(_count(_header_of(prefix), data) for prefix in prefixes)
    return sum(1 for found in _ANY_HEADER.finditer(data) if found.group(1) in prefixes)


def _windows(data: bytes) -> Iterator[tuple[int, int]]:
    """`data` as spans of about `_WINDOW` bytes, each ending before a ``<``.

    The counts here are lists of matches, a window at a time, so the matches held at once
    stay few whatever the page holds (a page of nothing but ``<!--`` would make a list of
    twelve times its size). Every pattern counted starts with ``<`` and holds no other, so
    no match is cut in two.
    """
    start, size = 0, len(data)
    while start < size:
        end = data.find(b"<", start + _WINDOW) if size - start > _WINDOW else -1
        end = size if end < 0 else end
        yield start, end
        start = end


def _count(pattern: re.Pattern[bytes], data: bytes) -> int:
    return sum(len(pattern.findall(data, start, end)) for start, end in _windows(data))


def _plain_headers(data: bytes) -> int | None:
    """Headers spelled ``<header`` in `data`; None if a CDATA section or a comment opens."""
    count = 0
    for start, end in _windows(data):
        found = _PLAIN.findall(data, start, end)
        if _COMMENT in found or _CDATA in found:
            return None
        count += len(found)
    return count


#: What one pass finds: where a CDATA section or a comment opens, and headers spelled
#: without a prefix (none of them can hold another, so each is found wherever it is).
_PLAIN = re.compile(rb"<(?:!\[CDATA\[|!--|header[\s>/])")
#: The bytes `_plain_headers` reads at a time (a page below it, at once).
_WINDOW = 1 << 18
#: Where a CDATA section and a comment open (`_strip_hidden`).
_CDATA, _COMMENT = b"<![CDATA[", b"<!--"
#: Up to this many spellings, each is counted on its own; past it, one pass over the page.
_LITERALS = 4
#: Any header's start tag, with its prefix (``b""`` for none) as group 1.
_ANY_HEADER = re.compile(rb"<((?:[A-Za-z_][\w.-]*:)?)header[\s>/]")


def _strip_hidden(data: bytes) -> bytes:
    """`data` without its CDATA sections and comments, in time linear in its size.

    A section runs from its opener (``<![CDATA[``, ``<!--``) to the first end after it
    (``]]>``, ``-->``); the first to open wins, so one never holds the other; an opener with
    no end after it is left as it is, text among text. The same bytes as a regex of the
    two, each opener to the first end after it (lazily, DOTALL), would leave; but a regex
    looks for an end again from every opener, so a page of unclosed ``<!--`` took quadratic
    time (5 s for 64 KB). Here each kind's next opener and each end are looked for once
    (with no end after an opener, none comes after a later opener of its kind either), and
    what is kept is gathered into one buffer, not a piece a section.
    """
    ends = {_CDATA: b"]]>", _COMMENT: b"-->"}
    ahead = {kind: data.find(kind) for kind in ends}  # each kind's next opener
    kept = bytearray()
    last = 0
    while True:
        live = [(at, kind) for kind, at in ahead.items() if at >= 0]
        if not live:
            break
        start, kind = min(live)
        end = data.find(ends[kind], start + len(kind))
        if end < 0:
            del ahead[kind]  # unclosed: it and every later opener of its kind stay text
            continue
        kept += memoryview(data)[last:start]
        last = end + len(ends[kind])
        for other, at in ahead.items():
            if 0 <= at < last:
                ahead[other] = data.find(other, last)
    if last == 0:
        return data
    kept += memoryview(data)[last:]
    return bytes(kept)


#: The OAI-PMH namespace as an attribute's value ends: where a prefix may be declared.
_OAI_VALUE = re.compile(rb"http://www\.openarchives\.org/OAI/2\.0/[\"']")
_DECLARES = re.compile(rb"xmlns:([A-Za-z_][\w.-]*)\s*=\s*[\"']")


def _oai_prefixes(data: bytes) -> set[bytes]:
    """``b""`` and every ``prefix:`` the bytes declare for the OAI-PMH namespace.

    Every ``xmlns:prefix="http://www.openarchives.org/OAI/2.0/"`` (spaces around ``=``, either
    quote), found from the namespace's few places (a page declares it once or twice) instead
    of from every ``xmlns:`` of every record: a declaration's ``xmlns:`` is the last one
    before its value (a name holds no colon) and after the value before it (which holds a
    slash), so each byte is looked at a bounded number of times, whatever the page.
    """
    prefixes = {b""}
    floor = 0
    for value in _OAI_VALUE.finditer(data):
        end = value.start()
        start = data.rfind(b"xmlns:", floor, end)
        floor = value.end()
        if start >= 0:
            declared = _DECLARES.fullmatch(data, start, end)
            if declared is not None:
                prefixes.add(declared.group(1) + b":")
    return prefixes


_HEADERS: dict[bytes, re.Pattern[bytes]] = {}


def _header_of(prefix: bytes) -> re.Pattern[bytes]:
    """The start tag of a header spelled with `prefix` (compiled once; a bounded cache)."""
    pattern = _HEADERS.get(prefix)
    if pattern is None:
        pattern = re.compile(rb"<" + re.escape(prefix) + rb"header[\s>/]")
        if len(_HEADERS) < 64:
            _HEADERS[prefix] = pattern
    return pattern


def _found_items(root: Any) -> int:
    return len(root.findall(f".//{_Q}header"))


def _declared(data: bytes) -> str | None:
    match = _DECL.match(data[:512])
    return match.group(1).decode("ascii").lower() if match else None


def _try_strict(data: bytes, parser: Any = _STRICT) -> Any:
    """The strictly parsed root, or None if the bytes are not well-formed XML."""
    try:
        return etree.fromstring(data, parser=parser)
    except etree.XMLSyntaxError:
        return None


def _strip_leading(data: bytes) -> tuple[bytes, str] | None:
    """Drop whitespace before the XML declaration (a lossless repair)."""
    stripped = data.lstrip(b" \t\r\n")
    if stripped is data or len(stripped) == len(data) or not stripped.startswith(b"<?xml"):
        return None
    return stripped, "removed whitespace before the XML declaration"


# What salvage looks for. Each is found in time linear in the page, whatever it holds:
# no pattern here scans on from a place to an end that may never come (a page of unclosed
# comments or headers made the patterns this replaced take quadratic time).
_RECORD_OPEN = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?record[\s>]")
_HEADER_OPEN = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?header[\s>/]")
_HEADER_CLOSE = re.compile(rb"</(?:[A-Za-z_][\w.-]*:)?header\s*>")
_LIST_END = re.compile(
    rb"<(?:[A-Za-z_][\w.-]*:)?resumptionToken[\s>/]|</(?:[A-Za-z_][\w.-]*:)?(?:ListRecords|GetRecord)\s*>"
)
_ROOT_NAME = re.compile(rb"<((?:[A-Za-z_][\w.-]*:)?OAI-PMH)(?=[\s>])")
#: What may come between a record's start tag and its header's, besides comments: what
#: ``\s`` matches in a bytes pattern, and ``>``.
_BETWEEN = frozenset(b" \t\n\r\x0b\x0c>")


def _record_starts(data: bytes) -> list[int]:
    """Where each record starts: its start tag, then its header's (past blanks, ``>``, comments).

    A comment ends at the first ``-->`` after it, as in XML. Each such end is looked for
    once: the last one found answers every comment that opens before it, and with none
    after a place there is none after any later place either.
    """
    starts: list[int] = []
    pos, size = 0, len(data)
    asked, found = len(data) + 1, -1  # the last end looked for: from where, and where
    while (opened := _RECORD_OPEN.search(data, pos)) is not None:
        at = opened.end()
        while at < size:
            if data[at] in _BETWEEN:
                at += 1
                continue
            if not data.startswith(b"<!--", at):
                break
            if not (asked <= at + 4 and (found < 0 or at + 4 <= found)):
                asked, found = at + 4, data.find(b"-->", at + 4)
            if found < 0:
                break  # an unclosed comment: no header follows it
            at = found + 3
        header = _HEADER_OPEN.match(data, at)
        if header is None:
            pos = opened.start() + 1
            continue
        starts.append(opened.start())
        pos = header.end()
    return starts


def _root_open(data: bytes) -> tuple[bytes, bytes] | None:
    """The first ``OAI-PMH`` start tag, and its name (with its prefix, if any)."""
    found = _ROOT_NAME.search(data)
    if found is None:
        return None
    end = data.find(b">", found.end())
    if end < 0:
        return None  # no ">" after it: none after a later one either
    return data[found.start() : end + 1], found.group(1)


def _header_span(chunk: bytes) -> bytes | None:
    """The record's header, from its first start tag to the first end tag after it."""
    opened = _HEADER_OPEN.search(chunk)
    if opened is None:
        return None
    closed = _HEADER_CLOSE.search(chunk, opened.end())
    return None if closed is None else chunk[opened.start() : closed.end()]


def _salvage(data: bytes) -> tuple[Any, list[Any]] | None:
    """Parse a page record by record; returns the root and the damaged records it made.

    None when this does not help: no records, or an envelope or a record header that
    does not parse on its own.
    """
    starts = _record_starts(data)
    opened = _root_open(data)
    if not starts or opened is None:
        return None
    root_tag, root_name = opened
    end = _LIST_END.search(data, starts[-1])
    if end is None:
        return None
    root = _try_strict(data[: starts[0]] + data[end.start() :])
    if root is None:
        return None
    holder = next(
        (
            e
            for e in root.iter()
            if isinstance(e.tag, str) and e.tag.endswith(("ListRecords", "GetRecord"))
        ),
        None,
    )
    if holder is None:
        return None
    position = next(
        (i for i, e in enumerate(holder) if str(e.tag).endswith("resumptionToken")), len(holder)
    )
    close = b"</" + root_name + b">"
    damaged: list[Any] = []
    for first, last in zip(starts, [*starts[1:], end.start()], strict=True):
        chunk = data[first:last]
        try:
            wrapped = etree.fromstring(root_tag + chunk + close, parser=_STRICT)
            record = wrapped[0]
        except (etree.XMLSyntaxError, IndexError) as exc:
            record = _damaged_record(root_tag, close, chunk, str(exc))
            if record is None:
                return None
            damaged.append(record)
        holder.insert(position, record)
        position += 1
    return root, damaged


def _damaged_record(opened: bytes, close: bytes, chunk: bytes, error: str) -> Any:
    """A record that is not well-formed: its header (parsed on its own) and its raw bytes."""
    span = _header_span(chunk)
    if span is None:
        return None
    header = _try_strict(opened + span + close)
    if header is None or len(header) == 0:
        return None
    record = etree.Element(_Q + "record", {DAMAGED: f"not well-formed: {error}"[:300]})
    record.append(header[0])
    raw = etree.SubElement(record, RAW)
    raw.text = base64.b64encode(chunk.strip()).decode("ascii")
    return record


def _strip_controls(data: bytes) -> tuple[bytes, str] | None:
    """Remove XML-illegal C0 control characters (TAB, LF and CR are legal and kept)."""
    cleaned, count = _C0.subn(b"", data)
    return (cleaned, f"removed {count} invalid control character(s)") if count else None


def _cut_trailing(data: bytes) -> tuple[bytes, str] | None:
    """Cut whatever follows the last ``</OAI-PMH>`` (PHP notices, stray output)."""
    ends = list(_END.finditer(data))
    if not ends or not data[ends[-1].end() :].strip():
        return None
    return data[: ends[-1].end()], "cut trailing bytes after </OAI-PMH>"


def _redecoded(data: bytes) -> tuple[bytes, str] | None:
    """Re-encode the body as UTF-8 when its bytes contradict its declaration."""
    declared = _declared(data) or "utf-8"
    body = _DECL.sub(b"", data, count=1)
    if declared.replace("-", "").replace("_", "") in ("utf8",):
        try:
            body.decode("utf-8")
        except UnicodeDecodeError:
            text = body.decode("cp1252", errors="replace")
            return text.encode("utf-8"), "body is not UTF-8 as declared; read as Windows-1252"
        return None
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if text.isascii():
        return None
    return text.encode("utf-8"), f"body is UTF-8 although it declares {declared}"


def _namespaced(root: Any) -> Any:
    """Put a namespaceless OAI-PMH envelope (seen at arXiv) into the OAI namespace."""
    envelope = [
        "OAI-PMH",
        "responseDate",
        "request",
        "error",
        "Identify",
        "ListRecords",
        "ListIdentifiers",
        "ListSets",
        "ListMetadataFormats",
        "GetRecord",
        "record",
        "header",
        "identifier",
        "datestamp",
        "setSpec",
        "metadata",
        "about",
        "resumptionToken",
        "set",
        "setName",
        "setDescription",
        "metadataFormat",
        "metadataPrefix",
        "schema",
        "metadataNamespace",
        "repositoryName",
        "baseURL",
        "protocolVersion",
        "adminEmail",
        "earliestDatestamp",
        "deletedRecord",
        "granularity",
        "compression",
        "description",
    ]
    names = set(envelope)

    payloads = (_Q + "metadata", _Q + "about", _Q + "description")
    # Depth first without recursion (a hostile page may nest deeper than Python's stack);
    # nothing inside a payload is renamed, so a payload's children are not visited.
    stack = [root]
    while stack:
        element = stack.pop()
        if not isinstance(element.tag, str):
            continue
        if element.tag in names:
            element.tag = _Q + element.tag
            if element.tag in payloads:
                continue
        stack.extend(element)
    return root


def parse_page(data: bytes, *, url: str = "", blanks: bool = True) -> ParsedPage:
    """Parse one OAI-PMH response, repairing it if needed without losing records.

    Args:
        data: the response body (decompressed).
        url: the request URL, for error messages.
        blanks: keep the whitespace between elements. Without it (`ParsedPage.lean`, only
            where the page parses whole, at once or once repaired, and declares no DTD)
            every element, text and attribute reads the same once stripped, but an element
            serialises without its indentation: for pages whose records are read, not kept
            as XML.

    Returns:
        The parsed page and the repairs made.

    Raises:
        BadResponse: the page cannot be parsed with every record it holds.
    """
    repairs: list[str] = []
    damaged: frozenset[Any] = frozenset()
    current = data
    declared = _declared(current)
    if declared is not None and declared.replace("-", "").replace("_", "") != "utf8":
        # A well-formed page that declares Latin-1 but carries UTF-8 parses without
        # error into mojibake; catch it before parsing.
        redecoded = _redecoded(current)
        if redecoded is not None:
            current, note = redecoded
            repairs.append(note)
    parser = _STRICT if blanks else _LEAN
    root = _try_strict(current, parser)
    for repair in (_strip_leading, _strip_controls, _redecoded, _cut_trailing):
        if root is not None:
            break
        fixed = repair(current)
        if fixed is not None:
            current, note = fixed
            repairs.append(note)
            root = _try_strict(current, parser)
    lean = root is not None and not blanks
    if lean and root.getroottree().docinfo.internalDTD is not None:
        # A DTD that declares an element's content makes libxml2 drop whitespace *inside*
        # its text (between two character references): such a page is parsed whole.
        root, lean = _try_strict(current), False
    if root is None:
        salvaged = _salvage(current)
        if salvaged is not None:
            root, made = salvaged
            damaged = frozenset(made)
            repairs.append(
                f"{len(made)} record(s) not well-formed: delivered with their header and raw "
                "bytes, marked damaged"
            )
    if root is None:
        try:
            root = etree.fromstring(current, parser=_RECOVER)
        except etree.XMLSyntaxError:
            root = None
        if root is None:
            raise BadResponse(
                url,
                "the response is not XML and could not be repaired; the raw bytes are kept "
                "on this exception (.raw). Report it to the repository's operator.",
                raw=data,
            )
        repairs.append("recovered with lxml's recovering parser")
        if _expected_items(current) or root.find(f".//{_Q}record") is not None:
            # libxml2's recovery keeps going after an error, but what it builds
            # afterwards cannot be trusted (seen: entity references silently
            # dropped from later text). Records are never taken from such a tree.
            raise BadResponse(
                url,
                "the page is not well-formed and only a recovering parse could read it, which "
                "may alter records; nothing from it was used. The raw bytes are kept on this "
                "exception (.raw); report the page to the repository's operator.",
                raw=data,
            )
    if not isinstance(root.tag, str) or not root.tag.endswith("OAI-PMH"):
        raise BadResponse(
            url,
            f"the response is XML but not OAI-PMH (root element {root.tag!r}); "
            "is this the repository's OAI-PMH base URL?",
            raw=data,
        )
    if root.tag == "OAI-PMH":
        root = _namespaced(root)
        repairs.append("added the missing OAI-PMH namespace")
    expected, found = _expected_items(current), _found_items(root)
    if found < expected:
        raise BadResponse(
            url,
            f"the page holds {expected} records but only {found} could be parsed "
            f"(repairs tried: {', '.join(repairs) or 'none'}); nothing from it was used. "
            "The raw bytes are kept on this exception (.raw).",
            raw=data,
        )
    return ParsedPage(root, tuple(repairs), damaged=damaged, lean=lean)
