"""OAI-PMH 2.0, one page at a time, through the polite door.

`OaiPager` speaks all six verbs. HTTP goes through `PoliteSession`; pages are
parsed once (`_oaixml.parse_page`, repairs reported) and read with sickle's
models. Listings are driven by small, JSON-serializable `OaiCursor` values, so
each page can be one job of the caller's queue:

    pager = OaiPager(session, "https://repo.example.org/oai")
    cursor = pager.first_cursor()
    while cursor is not None:
        page = pager.fetch(cursor)          # one request (plus waits and retries)
        store(page.records)                 # make them durable first ...
        cursor = page.next_cursor           # ... then checkpoint cursor.to_json()

Robustness (OAI-PMH 2.0 section 3.5 and the failures in research/oai-harvesters.md):
an empty or missing resumptionToken ends a list; a token seen before in the
listing, or too many empty pages in a row, stops with `ListingLoop`;
`noRecordsMatch` is an empty listing; OAI errors are read from the body whatever
the HTTP status (400 at DDB, 422 at Zenodo); a `badResumptionToken` restarts the
listing so that nothing can be skipped (from the last datestamp seen when the records
prove datestamp order, else from its start), leaving out records already delivered,
and a date window that fails twice is split in two. Every page is checked against its
request (`_listing.check_page`): a page outside it raises `RepositoryMisbehaves`, or
with `lenient` keeps only the records asked for.
"""

from __future__ import annotations

import base64
import logging
import re
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Literal, Protocol, cast
from urllib.parse import urlsplit

import attrs
from lxml import etree
from sickle.models import MetadataFormat, Set

from politeharvest.exceptions import (
    BadArgument,
    BadResponse,
    BadResumptionToken,
    BadVerb,
    CannotDisseminateFormat,
    IdDoesNotExist,
    NoMetadataFormats,
    NoRecordsMatch,
    NoSetHierarchy,
    OaiError,
    RepositoryMisbehaves,
    ResponseTooLarge,
)

from . import _listing as listing
from ._decode import DecodedTooLarge, decode_undeclared
from ._listing import (
    DAY,
    SECONDS,
    DateLike,
    GranularityNeeded,
    OaiCursor,
    Progress,
    Taken,
    format_datestamp,
    to_int,
    windows,
)
from ._xml import DAMAGED, OAI_NS, RAW, STREAM_OVER, ParsedPage, parse_page, stream_items

__all__ = [
    "OaiCursor",
    "OaiFormat",
    "OaiIdentify",
    "OaiPage",
    "OaiPager",
    "OaiRecord",
    "OaiSet",
    "format_datestamp",
    "windows",
]

logger = logging.getLogger(__name__)

_Q = "{" + OAI_NS + "}"
_DC_ROOT = "{http://www.openarchives.org/OAI/2.0/oai_dc/}dc"

#: Every OAI-PMH error code, mapped explicitly (CONVENTIONS section 7).
ERRORS: dict[str, type[OaiError]] = {
    "badArgument": BadArgument,
    "badResumptionToken": BadResumptionToken,
    "badVerb": BadVerb,
    "cannotDisseminateFormat": CannotDisseminateFormat,
    "idDoesNotExist": IdDoesNotExist,
    "noMetadataFormats": NoMetadataFormats,
    "noRecordsMatch": NoRecordsMatch,
    "noSetHierarchy": NoSetHierarchy,
}


@attrs.frozen
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

    identifier: str
    datestamp: str
    deleted: bool = False
    set_specs: tuple[str, ...] = ()
    metadata: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    raw_xml: bytes = b""
    damaged: str = ""


@attrs.frozen
class OaiSet:
    """One set: spec, name, and the description's XML if any."""

    spec: str
    name: str = ""
    description_xml: bytes = b""


@attrs.frozen
class OaiFormat:
    """One metadata format offered by the repository."""

    prefix: str
    schema: str = ""
    namespace: str = ""


@attrs.frozen
class OaiIdentify:
    """The repository's Identify answer.

    Attributes:
        granularity: ``"YYYY-MM-DD"`` or ``"YYYY-MM-DDThh:mm:ssZ"``.
        deleted_record: ``"no"``, ``"transient"`` or ``"persistent"``.
    """

    repository_name: str
    base_url: str
    protocol_version: str
    earliest_datestamp: str
    deleted_record: str
    granularity: str
    admin_emails: tuple[str, ...] = ()
    compression: tuple[str, ...] = ()
    raw_xml: bytes = b""


@attrs.frozen
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


def _text(element: Any, name: str) -> str:
    found = element.find(_Q + name)
    return (found.text or "").strip() if found is not None else ""


_HEADER = _Q + "header"
_IDENTIFIER = _Q + "identifier"
_DATESTAMP = _Q + "datestamp"
_SETSPEC = _Q + "setSpec"
_METADATA = _Q + "metadata"


def _record(element: Any, *, with_metadata: bool) -> OaiRecord:
    """Read one record (or bare header) in a single pass over its children.

    This is the hot path of a harvest, so it reads the few header fields
    directly instead of through sickle's `Header`/`Record` (which look each
    field up with a regex-built path); the result is the same (see
    tests/shell/test_oai_fixtures.py, which cross-checks against sickle).
    """
    header = element if element.tag == _HEADER else element.find(_HEADER)
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
    note = element.get(DAMAGED)
    if note is not None:
        raw = element.find(RAW)
        data = base64.b64decode(raw.text or "") if raw is not None else b""
        return OaiRecord(identifier, datestamp, deleted, tuple(specs), {}, data, note)
    metadata: dict[str, tuple[str, ...]] = {}
    if with_metadata and not deleted:
        container = element.find(_METADATA)
        if container is not None:
            for payload in container:
                if payload.tag == _DC_ROOT:
                    metadata = _dc(payload)
                if isinstance(payload.tag, str):
                    break
    return OaiRecord(identifier, datestamp, deleted, tuple(specs), metadata, _tostring(element))


def _dc(payload: Any) -> dict[str, tuple[str, ...]]:
    """oai_dc as element name to values, in document order (repeated values kept)."""
    fields: dict[str, list[str]] = {}
    for child in payload:
        tag = child.tag
        if not isinstance(tag, str):
            continue  # comments, processing instructions
        fields.setdefault(tag.rpartition("}")[2], []).append((child.text or "").strip())
    return {name: tuple(values) for name, values in fields.items()}


def _tostring(element: Any) -> bytes:
    return bytes(etree.tostring(element, encoding="UTF-8"))


def _set(element: Any) -> OaiSet:
    item = Set(element)
    description = element.find(_Q + "setDescription")
    return OaiSet(
        spec=str(getattr(item, "setSpec", "") or "").strip(),
        name=str(getattr(item, "setName", "") or "").strip(),
        description_xml=_tostring(description) if description is not None else b"",
    )


def _format(element: Any) -> OaiFormat:
    item = MetadataFormat(element)
    return OaiFormat(
        prefix=str(getattr(item, "metadataPrefix", "") or "").strip(),
        schema=str(getattr(item, "schema", "") or "").strip(),
        namespace=str(getattr(item, "metadataNamespace", "") or "").strip(),
    )


def _identify(element: Any) -> OaiIdentify:
    return OaiIdentify(
        repository_name=_text(element, "repositoryName"),
        base_url=_text(element, "baseURL"),
        protocol_version=_text(element, "protocolVersion"),
        earliest_datestamp=_text(element, "earliestDatestamp"),
        deleted_record=_text(element, "deletedRecord"),
        granularity=_text(element, "granularity") or DAY,
        admin_emails=tuple((e.text or "").strip() for e in element.findall(_Q + "adminEmail")),
        compression=tuple((e.text or "").strip() for e in element.findall(_Q + "compression")),
        raw_xml=_tostring(element),
    )


def raise_for_oai_error(root: Any, url: str) -> None:
    """Raise the mapped `OaiError` if the page carries ``<error>`` elements.

    `noRecordsMatch` is raised too; listings catch it and end empty.
    """
    errors = root.findall(_Q + "error")
    if not errors:
        return
    first = errors[0]
    code = (first.get("code") or "").strip()
    message = " ".join((first.text or "").split())
    if len(errors) > 1:
        message += (
            " (also: "
            + "; ".join(f"{e.get('code')}: {' '.join((e.text or '').split())}" for e in errors[1:])
            + ")"
        )
    cls = ERRORS.get(code, OaiError)
    raise cls(message, url=url, code=code or "unknown")


# -- the pager --------------------------------------------------------------------------------


_ITEM = {"ListRecords": "record", "ListIdentifiers": "header", "ListSets": "set"}


class OaiSession(Protocol):
    """What the pager needs of a session: PoliteSession's ``request`` (and ``close``)."""

    def request(
        self,
        method: str,
        url: str,
        *,
        params: Mapping[str, str] | None = None,
        data: Mapping[str, str] | bytes | None = None,
    ) -> Any: ...
    def close(self) -> None: ...


@attrs.define
class OaiPager:
    """OAI-PMH 2.0 over a `PoliteSession`, one page per call.

    Attributes:
        session: the polite door (any object with PoliteSession's ``request``).
        endpoint: the repository's base URL.
        metadata_prefix: for ListRecords/ListIdentifiers/GetRecord.
        set_spec: restrict listings to one set.
        from_: only records changed on or after this moment.
        until: only records changed on or before it.
        method: ``"GET"`` (default) or ``"POST"``.
        keep_raw: keep each page's bytes on `OaiPage.raw`.
        max_empty_pages: consecutive empty pages with a token before `ListingLoop`.
        max_restarts: badResumptionToken restarts of a window before it is split.
        max_stale_pages: pages in a row that only repeat records of the listing (with
            fresh tokens) before `ListingLoop`; seen_window: how many records it remembers.
        owns_session: `close` (and a ``with`` block's end) closes the session too (`from_url`).
        lenient: a page that answers outside its request (a datestamp outside the window,
            a record outside the set, a changing completeListSize...) keeps only the
            records asked for and marks the listing in doubt (`OaiPage.doubt`), instead
            of raising `RepositoryMisbehaves`.
        max_remembered: records of a listing the pager remembers (identifier hash and
            datestamp, about 140 bytes each), so that a listing restarted from its start
            after a refused token delivers nothing twice, and a record coming back older
            is noticed; records past it may come twice after such a restart (never
            missing). `HarvestPlan` sets it to 0: its state leaves them out.
    """

    session: OaiSession
    endpoint: str
    metadata_prefix: str = "oai_dc"
    set_spec: str | None = None
    from_: DateLike | None = None
    until: DateLike | None = None
    method: Literal["GET", "POST"] = "GET"
    keep_raw: bool = False
    max_empty_pages: int = 10
    max_restarts: int = 2
    max_stale_pages: int = 5
    seen_window: int = 50_000
    owns_session: bool = False
    lenient: bool = False
    max_remembered: int = 100_000
    _identity: OaiIdentify | None = attrs.field(default=None, init=False, repr=False)
    _progress: dict[tuple[Any, ...], Progress] = attrs.field(factory=dict, init=False, repr=False)
    _moved: str | None = attrs.field(default=None, init=False, repr=False)
    _ahead: Sent | None = attrs.field(default=None, init=False, repr=False)
    _memory: dict[tuple[Any, ...], dict[int, str]] = attrs.field(
        factory=dict, init=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        parts = urlsplit(self.endpoint)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(
                f"{self.endpoint!r} is not an http(s) URL; give the repository's OAI-PMH base URL, "
                "e.g. https://export.arxiv.org/oai2"
            )

    @classmethod
    def from_url(cls, url: str, *, contact: str, policy: Any = None, **options: Any) -> OaiPager:
        """A pager with a polite session of its own (as in sickle); close it or use ``with``.

        Args:
            url: the repository's OAI-PMH base URL.
            contact: your e-mail address or URL, sent in the User-Agent.
            policy: a `Politeness` to start from (its User-Agent is replaced).
            options: listing arguments, also in sickle's spelling (``metadataPrefix``, ``set``).
        """
        from ._quick import pager_from_url

        return pager_from_url(url, contact=contact, policy=policy, **options)

    def close(self) -> None:
        """Close the session when this pager built it (`from_url`)."""
        if self.owns_session:
            self.session.close()

    def __enter__(self) -> OaiPager:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def identify(self) -> OaiIdentify:
        """Identify the repository (the answer is cached on the pager)."""
        if self._identity is None:
            parsed, _, url = self._request({"verb": "Identify"})
            element = parsed.root.find(f".//{_Q}Identify")
            if element is None:
                raise BadResponse(url, "Identify answered without an <Identify> element")
            self._identity = _identify(element)
        return self._identity

    def granularity(self) -> str:
        """The repository's datestamp granularity, from Identify (day if it says nothing else)."""
        return SECONDS if self.identify().granularity == SECONDS else DAY

    def list_metadata_formats(self, identifier: str | None = None) -> list[OaiFormat]:
        """The metadata formats the repository (or one of its items) offers."""
        params = {"verb": "ListMetadataFormats"}
        if identifier:
            params["identifier"] = identifier
        parsed, _, _ = self._request(params)
        return [_format(e) for e in parsed.root.iter(_Q + "metadataFormat")]

    def get_record(self, identifier: str, *, metadata_prefix: str | None = None) -> OaiRecord:
        """One record by identifier (a tombstone if it was deleted).

        Raises:
            IdDoesNotExist: no such item.
            CannotDisseminateFormat: not in that format.
        """
        params = {
            "verb": "GetRecord",
            "identifier": identifier,
            "metadataPrefix": metadata_prefix or self.metadata_prefix,
        }
        parsed, _, url = self._request(params)
        element = parsed.root.find(f"{_Q}GetRecord/{_Q}record")
        if element is None:
            raise BadResponse(url, "GetRecord answered without a <record>")
        return _record(element, with_metadata=True)

    def list_records(self, **overrides: Any) -> Iterator[OaiRecord]:
        """Every record of the listing, politely, page by page (tombstones included)."""
        return self.records(self.first_cursor("ListRecords", **overrides))

    def list_identifiers(self, **overrides: Any) -> Iterator[OaiRecord]:
        """Every header of the listing (`OaiRecord` without metadata)."""
        return self.records(self.first_cursor("ListIdentifiers", **overrides))

    def list_sets(self) -> Iterator[OaiSet]:
        """Every set (paged too)."""
        return self.records(self.first_cursor("ListSets"))

    def first_cursor(
        self,
        verb: str = "ListRecords",
        *,
        metadata_prefix: str | None = None,
        set_spec: str | None = None,
        from_: DateLike | None = None,
        until: DateLike | None = None,
        windows: Sequence[tuple[DateLike, DateLike]] = (),
    ) -> OaiCursor:
        """The cursor of a listing's first page.

        Dates are sent at the repository's granularity (asking Identify once),
        always in UTC. With `windows`, the listing runs window by window.
        """
        cursor = self._step(
            listing.first_cursor,
            verb,
            metadata_prefix=metadata_prefix or self.metadata_prefix,
            set_spec=set_spec if set_spec is not None else self.set_spec,
            from_=from_ if from_ is not None else self.from_,
            until=until if until is not None else self.until,
            windows=windows,
        )
        # A tag of its own: what the pager delivered of this listing is remembered by it.
        return attrs.evolve(cast(OaiCursor, cursor), tag=uuid.uuid4().hex[:16])

    def fetch(self, cursor: OaiCursor, *, send_ahead: bool = False) -> OaiPage:
        """Fetch and parse the page `cursor` points at; its `next_cursor` points at the next.

        With `send_ahead` (`pages`), the next page's request leaves before this page's
        records are built if its host's turn is open at once; the next `fetch` reads it.

        Raises:
            OaiError: the repository answered an error (noRecordsMatch is an empty page).
            ListingLoop: the repository repeats itself (a token seen before, endless empty pages).
            BadResponse: the page cannot be parsed without losing records.
            HarvestError: anything PoliteSession raises (robots, waits, budget...).
        """
        ahead_of = cursor if send_ahead else None
        try:
            parsed, raw, url = self._request(
                cursor.request_params(), verb=cursor.verb, ahead_of=ahead_of
            )
        except NoRecordsMatch:
            end = self._step(listing.after_list, cursor)
            return OaiPage((), end, url=self.endpoint, doubt=cursor.doubt)
        except BadResumptionToken as exc:
            if cursor.resumption_token is None:
                raise
            recovered = self._step(listing.recover, cursor, exc, max_restarts=self.max_restarts)
            return OaiPage((), recovered, url=exc.url, doubt=cursor.doubt)
        list_el = _list_element(parsed, cursor.verb, url, raw)
        taken = _taken(cursor, list_el, parsed.items)
        listing.check_progress(
            self._progress, cursor, taken, url, self.seen_window, self.max_stale_pages
        )
        token, size, position = _token(list_el)
        items, skipped, check = taken.items, taken.skipped, None
        if cursor.verb != "ListSets":
            memory = self._remembered(cursor)
            check = listing.check_page(
                cursor, taken.items, size=size, position=position, remembered=_Recalled(memory)
            )
            if check.violations and not self.lenient:
                first = check.violations[0]
                raise RepositoryMisbehaves(
                    url,
                    page=first.page,
                    kind=first.kind,
                    asked=first.asked,
                    came=first.came,
                    violations=tuple(v.describe() for v in check.violations),
                )
            items, again = self._remember(memory, check.kept)
            skipped += again
        violations = tuple(v.describe() for v in check.violations) if check else ()
        doubt = cursor.doubt or ("; ".join(violations) if violations else "")
        if violations:
            # once per listing as a warning; the later pages of a listing in doubt quietly
            logger.log(
                logging.DEBUG if cursor.doubt else logging.WARNING,
                "%s: the repository answered outside the request (%s); kept only the %d "
                "records asked for, and the listing is not taken as complete",
                url,
                "; ".join(violations),
                len(items),
            )
        following = self._step(
            listing.advance,
            cursor,
            taken,
            token=token,
            url=url,
            max_empty_pages=self.max_empty_pages,
        )
        if following is not None:
            same = following.resumption_token is not None  # the same list goes on
            following = listing.noted(
                following,
                size=size if same else None,
                position=position if same else None,
                doubt=doubt,
                set_reported=check is not None and check.set_reported,
            )
        return OaiPage(
            items=items,
            next_cursor=following,
            complete_list_size=size,
            cursor_position=position,
            response_date=_text(parsed.root, "responseDate"),
            repairs=parsed.repairs,
            url=url,
            raw=raw if self.keep_raw else None,
            skipped=skipped,
            moved_to=self._moved,
            out_of_scope=check.out_of_scope if check else 0,
            violations=violations,
            doubt=doubt,
        )

    def _remembered(self, cursor: OaiCursor) -> dict[int, str]:
        """What this pager delivered of `cursor`'s listing: identifier to datestamp."""
        key = (cursor.verb, cursor.tag) if cursor.tag else (cursor.verb, *cursor.origin)
        memory = self._memory.get(key)
        if memory is None:
            while len(self._memory) >= 8:  # the oldest listings are forgotten first
                del self._memory[next(iter(self._memory))]
            memory = self._memory[key] = {}
        return memory

    def _remember(
        self, memory: dict[int, str], records: Sequence[Any]
    ) -> tuple[tuple[Any, ...], int]:
        """The records not delivered before in the listing (now remembered), and how many were."""
        fresh: list[Any] = []
        again = 0
        for record in records:
            if not record.identifier:  # nothing to know it again by: delivered as it came
                fresh.append(record)
                continue
            key = hash(record.identifier)  # an int, not the string: a third of the memory
            before = memory.get(key)
            if before is not None and not listing._later(record.datestamp, before):
                again += 1  # delivered before a restart from the start (or repeated)
                continue
            fresh.append(record)
            if before is not None or len(memory) < self.max_remembered:
                memory[key] = record.datestamp
        return tuple(fresh), again

    def pages(self, cursor: OaiCursor | None = None) -> Iterator[OaiPage]:
        """Every page from `cursor` (default: a new ListRecords listing) to the end."""
        current: OaiCursor | None = cursor or self.first_cursor()
        try:
            while current is not None:
                page = self.fetch(current, send_ahead=True)
                yield page
                current = page.next_cursor
        finally:
            _drop(self._ahead)
            self._ahead = None

    def records(self, cursor: OaiCursor | None = None) -> Iterator[Any]:
        """Every item from `cursor` to the end of the listing."""
        for page in self.pages(cursor):
            yield from page.items

    def _request(
        self, params: Mapping[str, str], *, verb: str = "", ahead_of: OaiCursor | None = None
    ) -> tuple[ParsedPage, bytes, str]:
        """Ask (with `ahead_of`, send the next page's request as soon as its token is read)."""
        sent, self._ahead = self._ahead, None
        response = _ask(self.session, self.method, self.endpoint, params, sent)
        if moved := _upgraded(self.endpoint, str(response.url)):
            self.endpoint = self._moved = moved
        limit = int(getattr(getattr(self.session, "policy", None), "max_response_bytes", 2**26))

        def send_next(raw: bytes) -> None:
            assert ahead_of is not None
            self._ahead = _send_ahead(self.session, self.method, self.endpoint, ahead_of, raw)

        return _answer(
            response,
            verb,
            limit,
            send_next if ahead_of else None,
            token_sent="resumptionToken" in params,
        )

    def _step(self, step: Any, *args: Any, **kwargs: Any) -> Any:
        """Take a listing step; if it needs the granularity, ask Identify (once) and retake it."""
        known = self._identity
        try:
            return step(*args, granularity=self.granularity() if known else None, **kwargs)
        except GranularityNeeded:
            return step(*args, granularity=self.granularity(), **kwargs)

    def changed_since(self, cursor: OaiCursor, moment: str) -> bool:
        """Whether any record of `cursor`'s listing changed since `moment` (one request).

        Asks ``ListIdentifiers`` with the listing's format and set from `moment` (at the
        repository's granularity; no upper bound, since a record changed out of a window
        also moves the records after it). True when a header comes back, or when there is
        no `moment` to ask from; False on ``noRecordsMatch``. `HarvestPlan` asks it before
        it continues a listing with a token issued in an earlier run: an offset-based token
        points past records that moved when the list changed.
        """
        if not moment.strip():
            return True
        stamp = moment.strip()[:10] if self.granularity() == DAY else moment.strip()
        asked = cursor.original_arguments
        params = {"verb": "ListIdentifiers", "from": stamp}
        params.update({k: asked[k] for k in ("metadataPrefix", "set") if k in asked})
        try:
            parsed, _, _ = self._request(params, verb="ListIdentifiers")
        except NoRecordsMatch:
            return False
        except OaiError:  # the repository cannot say: take it as changed (a restart is safe)
            return True
        if parsed.items is not None:
            return bool(parsed.items)
        return parsed.root.find(f".//{_Q}header") is not None

    def restart(self, cursor: OaiCursor) -> OaiCursor:
        """The same listing without its token, asked again so that nothing can be skipped.

        A listing whose records prove datestamp order continues from the last datestamp
        seen (records of that day already delivered are skipped); any other starts again
        from its original arguments (this pager leaves out what it delivered of it).
        Used after an expired token, and by `HarvestPlan` when a listing is resumed in a
        later run: a token issued before the repository changed can point past records
        that moved.
        """
        return cast(OaiCursor, self._step(listing.restart, cursor))


class _Recalled(Mapping[str, str]):
    """A pager's memory of a listing (identifier hashes) read by identifier."""

    def __init__(self, memory: dict[int, str]) -> None:
        self._memory = memory

    def __getitem__(self, identifier: str) -> str:
        return self._memory[hash(identifier)]

    def get(self, identifier: str, default: Any = None) -> Any:
        return self._memory.get(hash(identifier), default)

    def __iter__(self) -> Iterator[str]:
        raise TypeError("a listing's memory holds hashes, not identifiers")

    def __len__(self) -> int:
        return len(self._memory)


@attrs.frozen
class Sent:
    """A request sent ahead by the pager: what it asked, and the session's `Ahead`."""

    method: str
    endpoint: str
    params: Mapping[str, str]
    ahead: Any


def _upgraded(endpoint: str, final_url: str) -> str | None:
    """The base URL moved http -> https (DDB does): the new one, used from now on."""
    base = final_url.split("?", 1)[0]
    if endpoint.startswith("http://") and base == "https://" + endpoint[7:]:
        logger.info("%s moved to %s; using the https address", endpoint, base)
        return base
    return None


#: The resumptionToken that closes a listing, read from the bytes before the page is parsed.
_TOKEN_AT_END = re.compile(
    rb"<(?:[\w.-]+:)?resumptionToken\b[^>]*>([^<&]*)</(?:[\w.-]+:)?resumptionToken\s*>"
    rb"\s*</(?:[\w.-]+:)?List(?:Records|Identifiers|Sets)\s*>"
)


def _sniffed_token(raw: bytes) -> str:
    """The page's resumption token as its bytes end, or "" when it is not plain text.

    Only a hint for sending the next request early: the parsed page decides, and a
    request sent ahead with another token is dropped (escaped or CDATA tokens: not read).
    """
    found = list(_TOKEN_AT_END.finditer(raw, max(0, len(raw) - 16384)))
    if not found:
        return ""
    try:
        return found[-1].group(1).decode("ascii").strip()
    except UnicodeDecodeError:
        return ""


def _send_ahead(
    session: Any, method: str, endpoint: str, cursor: OaiCursor, raw: bytes
) -> Sent | None:
    """Send the request for the page after this one, if the session can now (else None)."""
    token = _sniffed_token(raw)
    send = getattr(session, "send_ahead", None)
    if not token or send is None or token in (cursor.resumption_token, *cursor.recent_tokens):
        return None  # the end, a session that cannot, or a loop the listing step reports
    params = {"verb": cursor.verb, "resumptionToken": token}
    if method == "POST":
        ahead = send("POST", endpoint, data=params)
    else:
        ahead = send("GET", endpoint, params=params)
    return None if ahead is None else Sent(method, endpoint, params, ahead)


def _ask(
    session: Any, method: str, endpoint: str, params: Mapping[str, str], sent: Sent | None
) -> Any:
    """Send one request, or read its answer if it was sent ahead (else that one is dropped)."""
    if sent is not None and (sent.method, sent.endpoint, sent.params) == (method, endpoint, params):
        return sent.ahead.result()
    _drop(sent)
    if method == "POST":
        return session.request("POST", endpoint, data=dict(params))
    return session.request("GET", endpoint, params=dict(params))


def _drop(sent: Sent | None) -> None:
    if sent is not None:
        sent.ahead.cancel()


def _answer(
    response: Any,
    verb: str,
    limit: int,
    on_raw: Callable[[bytes], None] | None = None,
    *,
    token_sent: bool = False,
) -> tuple[ParsedPage, bytes, str]:
    """Read an OAI-PMH answer: decode, parse, raise its OAI error, report its repairs.

    The body is decoded within `limit` (then handed to `on_raw`) and parsed as a stream
    when large; an OAI-PMH error is raised whatever the HTTP status.
    """
    url = str(response.url)
    try:
        raw, note = decode_undeclared(response.content, limit)
    except DecodedTooLarge as exc:
        raise ResponseTooLarge(url, limit) from exc
    if on_raw is not None and response.status_code < 300:
        on_raw(raw)
    streamed = None
    if verb in ("ListRecords", "ListIdentifiers") and len(raw) > STREAM_OVER:
        with_metadata = verb == "ListRecords"
        streamed = stream_items(raw, verb, lambda e: _record(e, with_metadata=with_metadata))
    try:
        parsed = streamed if streamed is not None else parse_page(raw, url=url)
    except BadResponse:
        if response.status_code >= 400 and token_sent:
            # Repositories that forget a token (a restart, a purge) often fail on it with
            # a bare HTTP error: the listing restarts as after badResumptionToken.
            raise BadResumptionToken(
                f"HTTP {response.status_code} without an OAI-PMH answer to a resumption "
                "token: the repository no longer knows the token (it expired, or the "
                "repository restarted)",
                url=url,
            ) from None
        if response.status_code >= 400:
            raise BadResponse(
                url,
                f"HTTP {response.status_code} without an OAI-PMH answer; "
                "check the base URL and the arguments",
                raw=raw,
            ) from None
        raise
    raise_for_oai_error(parsed.root, url)
    if response.status_code >= 400:
        raise BadResponse(
            url, f"HTTP {response.status_code} with an OAI-PMH body and no <error>", raw=raw
        )
    if note:
        parsed = attrs.evolve(parsed, repairs=(note, *parsed.repairs))
    if parsed.repairs:
        logger.warning("%s: page repaired: %s", url, "; ".join(parsed.repairs))
    return parsed, raw, url


def _list_element(parsed: ParsedPage, verb: str, url: str, raw: bytes) -> Any:
    list_el = parsed.root.find(_Q + verb)
    if list_el is None:
        raise BadResponse(url, f"{verb} answered without a <{verb}> element", raw=raw)
    return list_el


def _taken(cursor: OaiCursor, list_el: Any, built: list[Any] | None) -> Taken:
    """The page's items (`built` when parsed as a stream), less those delivered before."""
    verb = cursor.verb
    if verb == "ListSets":
        return Taken(tuple(_set(e) for e in list_el.iterfind(_Q + "set")), 0, None, ())
    with_metadata = verb == "ListRecords"
    records = (
        built
        if built is not None
        else (_record(e, with_metadata=with_metadata) for e in list_el.iterfind(_Q + _ITEM[verb]))
    )
    return listing.take_items(cursor, records)


def _token(list_el: Any) -> tuple[str, int | None, int | None]:
    """The resumption token's text, completeListSize and cursor."""
    token_el = list_el.find(_Q + "resumptionToken")
    if token_el is None:
        return "", None, None
    token = (token_el.text or "").strip()
    return token, to_int(token_el.get("completeListSize")), to_int(token_el.get("cursor"))
