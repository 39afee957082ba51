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
listing from the last datestamp seen, skipping records already delivered, and a
date window that fails twice is split in two.
"""

from __future__ import annotations

import base64
import datetime as _dt
import hashlib
import json
import logging
import re
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal

import attrs
from lxml import etree
from sickle.models import MetadataFormat, Set

from ._decode import DecodedTooLarge, decode_undeclared
from ._oaixml import DAMAGED, OAI_NS, RAW, STREAM_OVER, ParsedPage, parse_page, stream_items
from .exceptions import (
    BadArgument,
    BadResponse,
    BadResumptionToken,
    BadVerb,
    CannotDisseminateFormat,
    IdDoesNotExist,
    ListingLoop,
    NoMetadataFormats,
    NoRecordsMatch,
    NoSetHierarchy,
    OaiError,
    ResponseTooLarge,
)

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
DAY = "YYYY-MM-DD"
SECONDS = "YYYY-MM-DDThh:mm:ssZ"
LIST_VERBS = ("ListRecords", "ListIdentifiers", "ListSets")

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

DateLike = _dt.date | _dt.datetime | str


# -- dates ----------------------------------------------------------------------------------


def parse_datestamp(value: str) -> _dt.datetime | None:
    """Read an OAI datestamp (day or seconds; Z, offsets, fractions) as UTC; None if junk."""
    text = value.strip()
    if not text:
        return None
    try:
        if len(text) == 10:
            day = _dt.date.fromisoformat(text)
            return _dt.datetime(day.year, day.month, day.day, tzinfo=_dt.timezone.utc)
        moment = _dt.datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=_dt.timezone.utc)
    return moment.astimezone(_dt.timezone.utc)


def format_datestamp(value: DateLike, granularity: str = SECONDS, *, end: bool = False) -> str:
    """Format a date for a from/until argument at the repository's granularity, in UTC.

    Args:
        value: a `date`, a `datetime` (naive ones are taken as UTC) or an OAI datestamp string.
        granularity: ``"YYYY-MM-DD"`` or ``"YYYY-MM-DDThh:mm:ssZ"`` (from Identify).
        end: the value ends a range (``until``): a whole day given to a repository
            with seconds granularity then means the day's last second, so the
            day's records are included (ruby-oai#52).

    Raises:
        ValueError: the string is not a datestamp.
    """
    whole_day = (isinstance(value, str) and len(value.strip()) == 10) or (
        isinstance(value, _dt.date) and not isinstance(value, _dt.datetime)
    )
    if isinstance(value, str):
        moment = parse_datestamp(value)
        if moment is None:
            raise ValueError(f"{value!r} is not an OAI-PMH datestamp (YYYY-MM-DD[Thh:mm:ssZ])")
    elif isinstance(value, _dt.datetime):
        moment = value if value.tzinfo else value.replace(tzinfo=_dt.timezone.utc)
        moment = moment.astimezone(_dt.timezone.utc)
    else:
        moment = _dt.datetime(value.year, value.month, value.day, tzinfo=_dt.timezone.utc)
    if granularity == DAY:
        return moment.strftime("%Y-%m-%d")
    if end and whole_day:
        return moment.strftime("%Y-%m-%dT23:59:59Z")
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def windows(
    start: DateLike, end: DateLike, size: Literal["year", "month", "week", "day"] = "month"
) -> list[tuple[str, str]]:
    """Split [start, end] into consecutive date windows (inclusive, day granularity).

    Huge archives are harvested window by window, so a failing window costs
    little and each window's listing stays short-lived.

    Returns:
        ``(from, until)`` pairs of ``YYYY-MM-DD`` strings covering every day once.
    """
    first = _as_date(start)
    last = _as_date(end)
    out: list[tuple[str, str]] = []
    current = first
    while current <= last:
        if size == "day":
            stop = current
        elif size == "week":
            stop = current + _dt.timedelta(days=6)
        elif size == "month":
            following = (current.replace(day=1) + _dt.timedelta(days=32)).replace(day=1)
            stop = following - _dt.timedelta(days=1)
        elif size == "year":
            stop = _dt.date(current.year, 12, 31)
        else:
            raise ValueError(f"window size must be year, month, week or day, not {size!r}")
        stop = min(stop, last)
        out.append((current.isoformat(), stop.isoformat()))
        current = stop + _dt.timedelta(days=1)
    return out


def _as_date(value: DateLike) -> _dt.date:
    if isinstance(value, _dt.datetime):
        return value.astimezone(_dt.timezone.utc).date() if value.tzinfo else value.date()
    if isinstance(value, _dt.date):
        return value
    moment = parse_datestamp(value)
    if moment is None:
        raise ValueError(f"{value!r} is not a date")
    return moment.date()


def _split(window: tuple[str, str]) -> list[tuple[str, str]]:
    first, last = _as_date(window[0]), _as_date(window[1])
    if first >= last:
        return [window]
    middle = first + (last - first) // 2
    return [
        (first.isoformat(), middle.isoformat()),
        ((middle + _dt.timedelta(days=1)).isoformat(), last.isoformat()),
    ]


# -- values ---------------------------------------------------------------------------------


def _pairs(value: Mapping[str, str] | Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted((str(k), str(v)) for k, v in items))


@attrs.frozen
class OaiCursor:
    """Where a listing stands: a small frozen value, JSON round-trippable.

    Attributes:
        verb: ``ListRecords``, ``ListIdentifiers`` or ``ListSets`` (or a single-page verb).
        params: the listing's own arguments (metadataPrefix, set, from, until), sorted pairs.
        resumption_token: the token for the next page, or None for the first page.
        last_datestamp: the highest datestamp delivered so far in this listing.
        delivered_at_last: ``"identifier datestamp"`` of the records delivered on the day of
            `last_datestamp`; a restart skips them, so nothing is delivered twice.
        page: pages fetched so far in this listing.
        recent_tokens: the last tokens seen (loop guard).
        empty_pages: consecutive pages with no items but a token.
        restarts: badResumptionToken restarts in the current window.
        windows: date windows still to harvest after the current one.
        ordered: every record so far came in datestamp order (a restart from
            `last_datestamp` then loses nothing).
        token_mark: a hash of the token seen at the last power-of-two page (Brent's cycle
            check: a token cycle of any length is caught with constant memory).
    """

    verb: str
    params: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_pairs)
    resumption_token: str | None = None
    last_datestamp: str | None = None
    delivered_at_last: tuple[str, ...] = ()
    page: int = 0
    recent_tokens: tuple[str, ...] = ()
    empty_pages: int = 0
    restarts: int = 0
    windows: tuple[tuple[str, str], ...] = ()
    ordered: bool = True
    token_mark: str = ""

    @property
    def arguments(self) -> dict[str, str]:
        """The listing's arguments as a dict."""
        return dict(self.params)

    def request_params(self) -> dict[str, str]:
        """The query of the next request (the token is exclusive, OAI-PMH section 3.5)."""
        if self.resumption_token is not None:
            return {"verb": self.verb, "resumptionToken": self.resumption_token}
        return {"verb": self.verb, **self.arguments}

    def to_json(self) -> str:
        """Serialize (for a job queue or a checkpoint)."""
        data = attrs.asdict(self, recurse=False)
        data["params"] = [list(p) for p in self.params]
        data["windows"] = [list(w) for w in self.windows]
        data["delivered_at_last"] = list(self.delivered_at_last)
        data["recent_tokens"] = list(self.recent_tokens)
        return json.dumps(data, sort_keys=True, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> OaiCursor:
        """Rebuild a cursor from `to_json` output.

        Raises:
            ValueError: the text is not a cursor.
        """
        try:
            data = json.loads(text)
            return cls(
                verb=data["verb"],
                params=[tuple(p) for p in data.get("params", [])],
                resumption_token=data.get("resumption_token"),
                last_datestamp=data.get("last_datestamp"),
                delivered_at_last=tuple(data.get("delivered_at_last", ())),
                page=int(data.get("page", 0)),
                recent_tokens=tuple(data.get("recent_tokens", ())),
                empty_pages=int(data.get("empty_pages", 0)),
                restarts=int(data.get("restarts", 0)),
                windows=tuple(tuple(w) for w in data.get("windows", ())),
                ordered=bool(data.get("ordered", True)),
                token_mark=str(data.get("token_mark", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not an OaiCursor: {exc}") from exc


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
        max_stale_pages: consecutive pages whose records were all seen before in the
            listing (fresh tokens, the same records) before `ListingLoop`.
        seen_window: how many recent records (hashed) a listing remembers for that check.
        owns_session: `close` (and the end of a ``with`` block) closes the session too;
            set by `from_url`, which builds it.
    """

    session: Any
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
    _identity: OaiIdentify | None = attrs.field(default=None, init=False, repr=False)
    _progress: dict[tuple[Any, ...], _Progress] = attrs.field(factory=dict, init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        from urllib.parse import urlsplit

        parts = urlsplit(self.endpoint)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(
                f"{self.endpoint!r} is not an http(s) URL; give the repository's OAI-PMH base URL, "
                "e.g. https://export.arxiv.org/oai2"
            )

    # -- single-page verbs -----------------------------------------------------------------

    @classmethod
    def from_url(cls, url: str, *, contact: str, policy: Any = None, **options: Any) -> OaiPager:
        """A pager with a polite session of its own, for a one-line start (as in sickle).

        Args:
            url: the repository's OAI-PMH base URL.
            contact: your e-mail address or URL, sent in the User-Agent.
            policy: a `Politeness` to start from (its User-Agent is replaced).
            options: listing arguments, also in sickle's spelling (``metadataPrefix``,
                ``set``, ``from``).

        Use it in a ``with`` block, or call `close`, to close its session.
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

    # -- listings ---------------------------------------------------------------------------

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
        if verb not in LIST_VERBS:
            raise ValueError(f"{verb!r} is not a listing verb; use one of {', '.join(LIST_VERBS)}")
        params: dict[str, str] = {}
        pending: list[tuple[str, str]] = []
        if verb != "ListSets":
            params["metadataPrefix"] = metadata_prefix or self.metadata_prefix
            spec = set_spec if set_spec is not None else self.set_spec
            if spec:
                params["set"] = spec
            start = from_ if from_ is not None else self.from_
            end = until if until is not None else self.until
            granularity = self.granularity() if (start or end or windows) else SECONDS
            if start is not None:
                params["from"] = format_datestamp(start, granularity)
            if end is not None:
                params["until"] = format_datestamp(end, granularity, end=True)
            pending = [(format_datestamp(a, DAY), format_datestamp(b, DAY)) for a, b in windows]
        cursor = OaiCursor(verb=verb, params=params)
        if pending:
            cursor = _enter_window(cursor, pending[0], tuple(pending[1:]), self)
        return cursor

    def fetch(self, cursor: OaiCursor) -> OaiPage:
        """Fetch and parse the page `cursor` points at; its `next_cursor` points at the next.

        Raises:
            OaiError: the repository answered an error (noRecordsMatch is an empty page).
            ListingLoop: the repository repeats itself (a token seen before, endless empty pages).
            BadResponse: the page cannot be parsed without losing records.
            HarvestError: anything PoliteSession raises (robots, waits, budget...).
        """
        try:
            parsed, raw, url = self._request(cursor.request_params(), verb=cursor.verb)
        except NoRecordsMatch:
            return OaiPage((), self._after_list(cursor), url=self.endpoint)
        except BadResumptionToken as exc:
            if cursor.resumption_token is None:
                raise
            return OaiPage((), self._recover(cursor, exc), url=exc.url)
        list_el = parsed.root.find(_Q + cursor.verb)
        if list_el is None:
            raise BadResponse(
                url, f"{cursor.verb} answered without a <{cursor.verb}> element", raw=raw
            )
        items, skipped, last, delivered = self._items(cursor, list_el, parsed.items)
        ordered = cursor.ordered and _in_order(cursor.last_datestamp, items)
        self._check_progress(cursor, items, skipped, url)
        token_el = list_el.find(_Q + "resumptionToken")
        token = (token_el.text or "").strip() if token_el is not None and token_el.text else ""
        size = _int(token_el.get("completeListSize")) if token_el is not None else None
        position = _int(token_el.get("cursor")) if token_el is not None else None
        advanced = attrs.evolve(
            cursor,
            page=cursor.page + 1,
            last_datestamp=last,
            delivered_at_last=delivered,
            ordered=ordered,
        )
        next_cursor = self._next(advanced, token, len(items) + skipped, url)
        return OaiPage(
            items=tuple(items),
            next_cursor=next_cursor,
            complete_list_size=size,
            cursor_position=position,
            response_date=_text(parsed.root, "responseDate"),
            repairs=parsed.repairs,
            url=url,
            raw=raw if self.keep_raw else None,
            skipped=skipped,
        )

    def pages(self, cursor: OaiCursor | None = None) -> Iterator[OaiPage]:
        """Every page from `cursor` (default: a new ListRecords listing) to the end."""
        current: OaiCursor | None = cursor or self.first_cursor()
        while current is not None:
            page = self.fetch(current)
            yield page
            current = page.next_cursor

    def records(self, cursor: OaiCursor | None = None) -> Iterator[Any]:
        """Every item from `cursor` to the end of the listing."""
        for page in self.pages(cursor):
            yield from page.items

    # -- internals -------------------------------------------------------------------------

    def _request(
        self, params: Mapping[str, str], *, verb: str = ""
    ) -> tuple[ParsedPage, bytes, str]:
        if self.method == "POST":
            response = self.session.request("POST", self.endpoint, data=dict(params))
        else:
            response = self.session.request("GET", self.endpoint, params=dict(params))
        raw = response.content
        url = str(response.url)
        self._follow_upgrade(url)
        limit = int(getattr(self.session.policy, "max_response_bytes", 64 * 2**20))
        try:
            raw, note = decode_undeclared(raw, limit)
        except DecodedTooLarge as exc:
            raise ResponseTooLarge(url, limit) from exc
        streamed = None
        if verb in ("ListRecords", "ListIdentifiers") and len(raw) > STREAM_OVER:
            with_metadata = verb == "ListRecords"
            streamed = stream_items(raw, verb, lambda e: _record(e, with_metadata=with_metadata))
        try:
            parsed = streamed if streamed is not None else parse_page(raw, url=url)
        except BadResponse:
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

    def _follow_upgrade(self, final_url: str) -> None:
        """The base URL moved http -> https (DDB does): use the new one from now on."""
        base = final_url.split("?", 1)[0]
        if self.endpoint.startswith("http://") and base == "https://" + self.endpoint[7:]:
            logger.info("%s moved to %s; using the https address", self.endpoint, base)
            self.endpoint = base

    def _items(
        self, cursor: OaiCursor, list_el: Any, built: list[Any] | None = None
    ) -> tuple[list[Any], int, str | None, tuple[str, ...]]:
        """The page's items (`built` when parsed as a stream), less those delivered before.

        Records delivered before a restart (or repeated by the repository) are skipped.
        """
        verb = cursor.verb
        if verb == "ListSets":
            return [_set(e) for e in list_el.iterfind(_Q + "set")], 0, None, ()
        with_metadata = verb == "ListRecords"
        last = cursor.last_datestamp
        delivered = set(cursor.delivered_at_last)
        items: list[Any] = []
        skipped = 0
        records = (
            built
            if built is not None
            else (
                _record(e, with_metadata=with_metadata) for e in list_el.iterfind(_Q + _ITEM[verb])
            )
        )
        for record in records:
            key = f"{record.identifier} {record.datestamp}"
            if key in delivered:
                skipped += 1  # delivered before a restart (or repeated by the repository)
                continue
            items.append(record)
            stamp = record.datestamp
            if not stamp:
                continue
            if last is None or _later(stamp, last):
                if last is None or stamp[:10] != last[:10]:
                    # A restart goes back at most to the start of the last day seen:
                    # only that day's deliveries need remembering.
                    delivered = set()
                last = stamp
            if stamp[:10] == last[:10]:
                delivered.add(key)
        return items, skipped, last, tuple(sorted(delivered))

    def _next(self, cursor: OaiCursor, token: str, count: int, url: str) -> OaiCursor | None:
        if not token:  # OAI-PMH 2.0 section 3.5: an empty or missing token ends the list
            if cursor.page == 1 and count in (100, 200, 250, 500, 1000):
                # DergiPark has been seen ending ListSets at exactly 100 sets without a token.
                logger.warning(
                    "%s: the list ended on its first page with exactly %d items and no "
                    "resumption token; it may be partial",
                    url,
                    count,
                )
            return self._after_list(cursor)
        if token == cursor.resumption_token or token in cursor.recent_tokens:
            raise ListingLoop(
                url,
                f"the repository sent the resumption token {token!r} again after {cursor.page} "
                "page(s); the listing would never end. Harvest in date windows, or report it.",
            )
        empty = 0 if count else cursor.empty_pages + 1
        if empty >= self.max_empty_pages:
            raise ListingLoop(
                url,
                f"{empty} pages in a row with no records but a resumption token; stopping. "
                "Harvest in date windows, or report it to the repository.",
            )
        digest = hashlib.blake2b(token.encode("utf-8"), digest_size=12).hexdigest()
        if digest == cursor.token_mark:
            raise ListingLoop(
                url,
                f"the repository's resumption tokens came round to one it sent before "
                f"(page {cursor.page}); the listing would never end. Harvest in date windows, "
                "or report it.",
            )
        mark = digest if cursor.page & (cursor.page - 1) == 0 else cursor.token_mark
        recent = (*cursor.recent_tokens, token)[-32:]
        return attrs.evolve(
            cursor,
            resumption_token=token,
            recent_tokens=recent,
            empty_pages=empty,
            token_mark=mark,
        )

    def _check_progress(
        self, cursor: OaiCursor, items: Sequence[Any], skipped: int, url: str
    ) -> None:
        """Progress means new records: pages that only repeat earlier ones end the listing."""
        if cursor.verb not in ("ListRecords", "ListIdentifiers") or not (items or skipped):
            return
        key = (cursor.verb, cursor.params, cursor.restarts)
        progress = self._progress.get(key)
        if progress is None:
            if len(self._progress) > 16:
                self._progress.clear()
            progress = self._progress[key] = _Progress(self.seen_window)
        progress.see(f"{getattr(r, 'identifier', '')} {getattr(r, 'datestamp', '')}" for r in items)
        if progress.stale >= self.max_stale_pages:
            raise ListingLoop(
                url,
                f"{progress.stale} pages in a row repeated records already listed, with new "
                f"resumption tokens each time (after {cursor.page + 1} pages); the listing "
                "would never end. Harvest in date windows, or report it to the repository.",
            )

    def _after_list(self, cursor: OaiCursor) -> OaiCursor | None:
        """The listing (or window) is complete: the next window, or the end."""
        if not cursor.windows:
            return None
        return _enter_window(cursor, cursor.windows[0], cursor.windows[1:], self)

    def _recover(self, cursor: OaiCursor, exc: BadResumptionToken) -> OaiCursor:
        """badResumptionToken: restart from the last datestamp seen, or split the window."""
        args = cursor.arguments
        if cursor.restarts + 1 >= self.max_restarts and "from" in args and "until" in args:
            # Split what is left of the window: from the last day delivered (whose
            # records are skipped by `delivered_at_last`) to its end.
            start = (cursor.last_datestamp or args["from"])[:10]
            halves = _split((start, args["until"][:10]))
            if len(halves) == 2:
                logger.warning("%s: token expired again; splitting the window %s", exc.url, halves)
                return _enter_window(
                    attrs.evolve(cursor, restarts=0), halves[0], (halves[1], *cursor.windows), self
                )
        if cursor.restarts >= 10:
            raise exc
        logger.warning(
            "%s: resumption token refused (%s); restarting from %s",
            exc.url,
            exc.message,
            cursor.last_datestamp or "the start",
        )
        return attrs.evolve(self.restart(cursor), restarts=cursor.restarts + 1)

    def restart(self, cursor: OaiCursor) -> OaiCursor:
        """The same listing without its token: a fresh request from the last datestamp seen.

        Records of that datestamp's day already delivered are skipped
        (`OaiCursor.delivered_at_last`), so nothing comes twice. Used after an expired
        token, and by `HarvestPlan` when a listing is resumed in a later run: a token
        issued before the repository changed can point past records that moved.
        """
        args = cursor.arguments
        if cursor.last_datestamp is None:
            return _fresh_listing(cursor, params=args)
        params = {**args, "from": format_datestamp(cursor.last_datestamp, self.granularity())}
        return _fresh_listing(cursor, params=params)


def _enter_window(
    cursor: OaiCursor, window: tuple[str, str], rest: tuple[tuple[str, str], ...], pager: OaiPager
) -> OaiCursor:
    granularity = pager.granularity()
    params = {**cursor.arguments}
    params["from"] = format_datestamp(window[0], granularity)
    params["until"] = format_datestamp(window[1], granularity, end=True)
    return _fresh_listing(cursor, params=params, windows=rest)


def _fresh_listing(cursor: OaiCursor, **changes: Any) -> OaiCursor:
    """A cursor for the first page of a (new or restarted) listing: no token, no loop state."""
    return attrs.evolve(
        cursor, resumption_token=None, recent_tokens=(), empty_pages=0, token_mark="", **changes
    )


class _Progress:
    """The records a listing brought recently, and how many pages in a row brought no new one.

    Records are remembered as hashes, at most `window` of them (memory stays bounded).
    """

    def __init__(self, window: int) -> None:
        self.window = window
        self.order: deque[int] = deque()
        self.seen: set[int] = set()
        self.stale = 0

    def see(self, keys: Iterable[str]) -> int:
        fresh = 0
        for key in keys:
            digest = hash(key)
            if digest in self.seen:
                continue
            fresh += 1
            self.seen.add(digest)
            self.order.append(digest)
            if len(self.order) > self.window:
                self.seen.discard(self.order.popleft())
        self.stale = 0 if fresh else self.stale + 1
        return fresh


def _in_order(last: str | None, items: Sequence[Any]) -> bool:
    """Whether the page's datestamps continue `last` without going back in time."""
    for item in items:
        stamp = getattr(item, "datestamp", "")
        if not stamp:
            continue
        if last is not None and _later(last, stamp):
            return False
        last = stamp
    return True


def _later(a: str, b: str) -> bool:
    if len(a) == len(b) and a[-1:] == b[-1:] and (len(a) == 10 or a[-1:] == "Z"):
        return a > b  # same ISO 8601 form: text order is time order
    left, right = parse_datestamp(a), parse_datestamp(b)
    if left is None or right is None:
        return a > b
    return left > right


def _int(value: str | None) -> int | None:
    if value is None or not re.fullmatch(r"\s*\d+\s*", value):
        return None
    return int(value)
