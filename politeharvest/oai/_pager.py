"""OAI-PMH 2.0, one page at a time, through `PoliteSession`.

`OaiPager` speaks all six verbs. HTTP goes through `PoliteSession`; pages are
parsed once (`_xml.parse_page`, repairs reported; `_answer`) and read into
`_records`' values. Listings are driven by small, JSON-serializable `OaiCursor` values, so
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

import logging
import uuid
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Literal, Protocol, cast
from urllib.parse import urlsplit

import attrs

from politeharvest._policy import Politeness
from politeharvest._reprs import value_repr
from politeharvest.exceptions import (
    BadResponse,
    BadResumptionToken,
    NoRecordsMatch,
    OaiError,
    RepositoryMisbehaves,
)
from politeharvest.net._session import PoliteSession

from . import _listing as listing
from ._answer import list_element, read_answer, resumption_token, sniffed_token
from ._contact import listing_arguments, policy_for
from ._cursor import OaiCursor
from ._datestamps import DAY, SECONDS, DateLike, later
from ._listing import GranularityNeeded, Progress, Taken
from ._records import (
    OaiFormat,
    OaiIdentify,
    OaiPage,
    OaiRecord,
    OaiSet,
    child_text,
    read_format,
    read_identify,
    read_record,
    read_records,
    read_set,
)
from ._xml import OAI_NS, ParsedPage, parse_page

# OaiCursor, OaiPage and OaiRecord are `_cursor`'s and `_records`': they stay importable
# from here for plan/, fulltext/ and cli/ until those import them from there.
__all__ = ["OaiCursor", "OaiPage", "OaiPager", "OaiRecord", "OaiSession"]

logger = logging.getLogger(__name__)

_Q = "{" + OAI_NS + "}"


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


@attrs.define(repr=False)
class OaiPager:
    """OAI-PMH 2.0 over a `PoliteSession`, one page per call.

    Attributes:
        session: the `PoliteSession` (any object with PoliteSession's ``request``).
        endpoint: the repository's base URL.
        metadata_prefix: for ListRecords/ListIdentifiers/GetRecord.
        set_spec: restrict listings to one set.
        from_: only records changed on or after this moment.
        until: only records changed on or before it.
        method: ``"GET"`` (default) or ``"POST"``.
        keep_raw: keep each page's bytes on `OaiPage.raw`.
        keep_xml: every record's `OaiRecord.raw_xml` (the default). False serialises it only
            where a record's XML is all there is of it (no oai_dc metadata, not a
            tombstone), else leaves b"": a fifth of the cost of reading a record. Its
            oai_dc ListRecords pages are parsed without the whitespace between elements (a
            third fewer nodes), and again with it when a record is kept as XML after all.
            `HarvestPlan.run` sets it for runs whose records no caller sees.
        max_empty_pages: consecutive empty pages with a token before `ListingLoop`.
        max_restarts: badResumptionToken restarts of a window before it is split.
        max_stale_pages: pages in a row that only repeat records of the listing (with
            fresh tokens) before `ListingLoop`; seen_window: how many records it remembers
            at least (as 32-bit hashes, at most 16 bytes a record).
        owns_session: `close` (and a ``with`` block's end) closes the session too (`from_url`).
        lenient: a page that answers outside its request (a datestamp outside the window,
            a record outside the set, a changing completeListSize...) keeps only the
            records asked for and marks the listing in doubt (`OaiPage.doubt`), instead
            of raising `RepositoryMisbehaves`.
        max_remembered: records of a listing the pager remembers (identifier hash and
            datestamp, about 140 bytes each), so that a listing restarted from its start
            after a refused token delivers nothing twice, and a record coming back older
            is noticed; records past it may come twice after such a restart (never
            missing). It bounds the records of the last datestamp's day a cursor carries
            too (a restart from that day skips them). `HarvestPlan` sets it to 0: its
            state leaves them out.
        send_ahead: every `fetch` sends the next page's request as soon as this page's
            token is read (as `pages` does), when its host's turn is open at once;
            `HarvestPlan.run` sets it for its run and `drop_ahead` at its end.
    """

    __repr__ = value_repr

    session: OaiSession
    endpoint: str
    metadata_prefix: str = "oai_dc"
    set_spec: str | None = None
    from_: DateLike | None = None
    until: DateLike | None = None
    method: Literal["GET", "POST"] = "GET"
    keep_raw: bool = False
    keep_xml: bool = True
    max_empty_pages: int = 10
    max_restarts: int = 2
    max_stale_pages: int = 5
    seen_window: int = 50_000
    owns_session: bool = False
    lenient: bool = False
    max_remembered: int = 100_000
    send_ahead: bool = False
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
    def from_url(
        cls, url: str, *, contact: str, policy: Politeness | None = None, **options: Any
    ) -> OaiPager:
        """A pager with a polite session of its own (as in sickle); close it or use ``with``.

        Args:
            url: the repository's OAI-PMH base URL.
            contact: your e-mail address or URL, sent in the User-Agent.
            policy: a `Politeness` to start from (its User-Agent is replaced).
            options: listing arguments, also in sickle's spelling (``metadataPrefix``, ``set``,
                ``from``).

        Raises:
            ValueError: `contact` is neither an e-mail address nor an http(s) URL.
            TypeError: an option is not a listing argument.
        """
        session = PoliteSession(policy_for(contact, base=policy))
        return cls(session, url, owns_session=True, **listing_arguments(options))

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
            self._identity = read_identify(element)
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
        return [read_format(e) for e in parsed.root.iter(_Q + "metadataFormat")]

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
        return read_record(element, with_metadata=True, damaged=parsed.damaged)

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

    def fetch(self, cursor: OaiCursor, *, send_ahead: bool | None = None) -> OaiPage:
        """Fetch and parse the page `cursor` points at; its `next_cursor` points at the next.

        With `send_ahead` (`pages`; default: the pager's `send_ahead`), the next page's
        request leaves before this page's records are built if its host's turn is open at
        once; the next `fetch` reads it.

        Raises:
            OaiError: the repository answered an error (noRecordsMatch is an empty page).
            ListingLoop: the repository repeats itself (a token seen before, endless empty pages).
            BadResponse: the page cannot be parsed without losing records.
            HarvestError: anything PoliteSession raises (robots, waits, budget...).
        """
        ahead = self.send_ahead if send_ahead is None else send_ahead
        ahead_of = cursor if ahead else None
        try:
            parsed, raw, url = self._request(
                cursor.request_params(),
                verb=cursor.verb,
                ahead_of=ahead_of,
                lean=_lean(self, cursor),
            )
        except NoRecordsMatch:
            end = self._step(listing.after_list, cursor)
            return OaiPage((), end, url=self.endpoint, doubt=cursor.doubt)
        except BadResumptionToken as exc:
            if cursor.resumption_token is None:
                raise
            recovered = self._step(listing.recover, cursor, exc, max_restarts=self.max_restarts)
            return OaiPage((), recovered, url=exc.url, doubt=cursor.doubt)
        list_el = list_element(parsed, cursor.verb, url, raw)
        taken = _taken(
            cursor, list_el, parsed, xml=self.keep_xml, limit=self.max_remembered, raw=raw, url=url
        )
        listing.check_progress(
            self._progress, cursor, taken, url, self.seen_window, self.max_stale_pages
        )
        token, size, position = resumption_token(list_el)
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
            response_date=child_text(parsed.root, "responseDate"),
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
        if not memory and self.max_remembered <= 0:
            return tuple(records), 0  # nothing is remembered (HarvestPlan's state is the memory)
        fresh: list[Any] = []
        again = 0
        read: dict[str, Any] = {}  # the datestamps parsed, each once (`later`)
        for record in records:
            if not record.identifier:  # nothing to know it again by: delivered as it came
                fresh.append(record)
                continue
            key = hash(record.identifier)  # an int, not the string: a third of the memory
            before = memory.get(key)
            if before is not None and not later(record.datestamp, before, read):
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
            self.drop_ahead()

    def drop_ahead(self) -> None:
        """Drop the request sent ahead, if any: its answer is never read."""
        _drop(self._ahead)
        self._ahead = None

    def records(self, cursor: OaiCursor | None = None) -> Iterator[Any]:
        """Every item from `cursor` to the end of the listing."""
        for page in self.pages(cursor):
            yield from page.items

    def _request(
        self,
        params: Mapping[str, str],
        *,
        verb: str = "",
        ahead_of: OaiCursor | None = None,
        lean: bool = False,
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

        return read_answer(
            response,
            verb,
            limit,
            send_next if ahead_of else None,
            token_sent="resumptionToken" in params,
            xml=self.keep_xml,
            lean=lean,
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


@attrs.frozen(repr=False)
class Sent:
    """A request sent ahead by the pager: what it asked, and the session's `Ahead`."""

    __repr__ = value_repr

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


def _send_ahead(
    session: Any, method: str, endpoint: str, cursor: OaiCursor, raw: bytes
) -> Sent | None:
    """Send the request for the page after this one, if the session can now (else None)."""
    token = sniffed_token(raw)
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


def _lean(pager: OaiPager, cursor: OaiCursor) -> bool:
    """Whether the page is parsed without its whitespace (`read_answer`'s ``lean``).

    Only oai_dc listings whose records are read and not kept as XML: their records are read
    from the tree, while a record of any other format is kept as its XML, which needs the
    page parsed whole (`_taken`).
    """
    return (
        not pager.keep_xml
        and cursor.verb == "ListRecords"
        and cursor.arguments.get("metadataPrefix") == "oai_dc"
    )


def _taken(
    cursor: OaiCursor,
    list_el: Any,
    parsed: ParsedPage,
    *,
    xml: bool,
    limit: int,
    raw: bytes,
    url: str,
) -> Taken:
    """The page's items (already built when parsed as a stream), less those delivered before.

    A page parsed without its whitespace (`ParsedPage.lean`) is parsed again with it when
    one of its records is kept as XML after all (its metadata is not oai_dc), so that XML
    is the repository's, indentation and all.
    """
    verb = cursor.verb
    if verb == "ListSets":
        return Taken(tuple(read_set(e) for e in list_el.iterfind(_Q + "set")), 0, None, ())
    built = parsed.items
    if built is None:
        item, with_metadata = _ITEM[verb], verb == "ListRecords"
        built = read_records(
            list_el, item, with_metadata=with_metadata, xml=xml, damaged=parsed.damaged
        )
        if parsed.lean and any(record.raw_xml for record in built):
            whole = parse_page(raw, url=url)
            built = read_records(
                list_element(whole, verb, url, raw),
                item,
                with_metadata=with_metadata,
                xml=xml,
                damaged=whole.damaged,
            )
    return listing.take_items(cursor, built, limit=max(limit, 0))
