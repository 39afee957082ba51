"""A scriptable OAI-PMH repository with full-text pages and PDFs (tests and the demo).

Public through `politeharvest.testing`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

import attrs

from ._loopback import LoggedRequest, LoopbackServer, Reply

#: The name the demo's sample repository gives in its Identify answer.
DEMO_NAME = "politeharvest demo repository"

# -- a scriptable OAI-PMH repository ------------------------------------------------------------

_OAI_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
)


def _esc(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


@attrs.frozen
class SampleRecord:
    """One record of an `OaiTestRepository`.

    Attributes:
        identifier: the OAI identifier.
        datestamp: seconds since the epoch (UTC) of the last change.
        sets: set specs.
        deleted: a tombstone.
        title: the dc:title.
        creators: dc:creator values ("Family, Given").
        subjects: dc:subject values.
        doi: the work's DOI (``10.x/...``), given as a dc:identifier ``https://doi.org/`` link.
        description: the dc:description (an abstract).
        date: the dc:date (the publication date); the datestamp's day when empty.
        kind: the dc:type, if any.
    """

    identifier: str
    datestamp: float
    sets: tuple[str, ...] = ()
    deleted: bool = False
    title: str = ""
    creators: tuple[str, ...] = ()
    subjects: tuple[str, ...] = ()
    doi: str | None = None
    description: str = ""
    date: str = ""
    kind: str = ""


@attrs.define
class OaiTestRepository:
    """A small OAI-PMH 2.0 data provider that misbehaves on cue, for tests.

    Use it as a route: ``server.add("/oai", repo)`` on a `LoopbackServer`, or
    ``adapter.add(url, repo)`` on a `ScriptedAdapter`. It answers all six verbs,
    pages with resumption tokens (which contain ``+``, ``/``, ``=`` and ``%`` to
    test encoding), filters by set and from/until at its granularity, and keeps
    deleted records as tombstones.

    Misbehaviour (all off by default):
        replies: request number (1-based, over all requests) to a `Reply` sent
            instead, e.g. ``{3: Reply(503, {"Retry-After": "1"})}``.
        expire_tokens: resumption tokens issued before this many tokens ago are
            refused with badResumptionToken (tokens that expire quickly).
        refuse_token_once: page numbers (1-based within a listing) whose token is
            refused the first time it is used.
        mangle: page number to a function applied to that page's bytes (broken XML).
        page_delay_s: how long each page takes (a slow server).
        now: the repository's clock for responseDate (pass a FakeClock's ``now``).
        link_base: each record's dc:identifier is this plus its OAI identifier (a landing page).
        datestamp_granularity: stamp records at this granularity while Identify announces
            `granularity` (DergiPark announces seconds and stamps days).
    """

    records: list[SampleRecord] = attrs.field(factory=list)
    page_size: int = 50
    granularity: str = "YYYY-MM-DDThh:mm:ssZ"
    name: str = "politeharvest test repository"
    replies: dict[int, Reply] = attrs.field(factory=dict)
    expire_tokens: int | None = None
    refuse_token_once: set[int] = attrs.field(factory=set)
    mangle: dict[int, Callable[[bytes], bytes]] = attrs.field(factory=dict)
    page_delay_s: float = 0.0
    now: Callable[[], float] = time.time
    link_base: str = "https://test.example.org/"
    datestamp_granularity: str | None = None
    requests_seen: int = attrs.field(default=0, init=False)
    _issued: int = attrs.field(default=0, init=False)
    _refused: set[int] = attrs.field(factory=set, init=False)
    _lock: threading.Lock = attrs.field(factory=threading.Lock, init=False, repr=False)

    @classmethod
    def sample(
        cls,
        count: int = 120,
        *,
        sets: Iterable[str] = ("math", "physics", "cs"),
        deleted_every: int = 17,
        start: float = 1_577_836_800.0,
        step_s: float = 86_400.0 / 7,
        **kwargs: Any,
    ) -> OaiTestRepository:
        """A repository of `count` records spread over sets and time (every Nth deleted)."""
        names = tuple(sets)
        records = [
            SampleRecord(
                identifier=f"oai:test.example.org:{n:06d}",
                datestamp=start + n * step_s,
                sets=(names[n % len(names)],) if names else (),
                deleted=bool(deleted_every) and n % deleted_every == deleted_every - 1,
                title=f"Record {n} — ünïcode & <markup>",
            )
            for n in range(count)
        ]
        return cls(records=records, **kwargs)

    @classmethod
    def demo(cls, count: int = 120, **kwargs: Any) -> OaiTestRepository:
        """The demo's repository: `count` articles with rich, varied metadata.

        Every record has creators, subjects, an abstract, a publication year and a DOI
        (under the test prefix 10.5072); the sets are ``math``, ``physics`` and ``cs``, every
        seventh record is in two of them, every 17th is deleted, and every 20th is another
        record of an earlier work in another set (the same DOI, in capitals every other time,
        its title cased and punctuated otherwise, its authors as initials), so
        ``clean --dedupe`` has work. The same `count` always gives the same records, so a
        harvest of it can be resumed.
        """
        from ._works import demo_record

        kwargs.setdefault("page_size", 30)
        kwargs.setdefault("name", DEMO_NAME)
        return cls(records=[SampleRecord(**demo_record(n)) for n in range(count)], **kwargs)

    # -- answering ---------------------------------------------------------------------------

    def __call__(self, request: LoggedRequest) -> Reply:
        """Answer one request (GET query or POST form)."""
        from urllib.parse import parse_qs

        with self._lock:
            self.requests_seen += 1
            number = self.requests_seen
        if number in self.replies:
            return self.replies[number]
        query = urlsplit(request.url).query
        if request.method == "POST":
            query = request.body.decode("utf-8", "replace")
        args = {k: v[0] for k, v in parse_qs(query, keep_blank_values=True).items()}
        if self.page_delay_s:
            time.sleep(self.page_delay_s)
        body, page = self._answer(args, request.url)
        data = (_OAI_HEAD + body + "</OAI-PMH>").encode("utf-8")
        if page in self.mangle:
            data = self.mangle[page](data)
        return Reply(200, {"Content-Type": "text/xml; charset=utf-8"}, data)

    def _stamp(self, seconds: float) -> str:
        fmt = "%Y-%m-%d" if self.granularity == "YYYY-MM-DD" else "%Y-%m-%dT%H:%M:%SZ"
        return time.strftime(fmt, time.gmtime(seconds))

    def _envelope(self, args: Mapping[str, str], url: str) -> str:
        attributes = "".join(f' {k}="{_esc(v)}"' for k, v in sorted(args.items()))
        now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self.now()))
        base = _esc(url.split("?")[0])
        return f"<responseDate>{now}</responseDate><request{attributes}>{base}</request>"

    def _error(self, args: Mapping[str, str], url: str, code: str, message: str) -> tuple[str, int]:
        return self._envelope(args, url) + f'<error code="{code}">{_esc(message)}</error>', 0

    def _parse_date(self, value: str, *, end: bool) -> float | None:
        import calendar

        for fmt in ("%Y-%m-%dT%H:%M:%SZ", "%Y-%m-%d"):
            try:
                parsed = time.strptime(value, fmt)
            except ValueError:
                continue
            if fmt == "%Y-%m-%dT%H:%M:%SZ" and self.granularity == "YYYY-MM-DD":
                return None  # finer than the repository supports: badArgument
            seconds = float(calendar.timegm(parsed))
            if fmt == "%Y-%m-%d" and end:
                seconds += 86_399.0
            return seconds
        return None

    def _header(self, record: SampleRecord) -> str:
        status = ' status="deleted"' if record.deleted else ""
        sets = "".join(f"<setSpec>{_esc(s)}</setSpec>" for s in record.sets)
        stamp = self._stamp(record.datestamp)
        if self.datestamp_granularity == "YYYY-MM-DD":
            stamp = stamp[:10]
        return (
            f"<header{status}><identifier>{_esc(record.identifier)}</identifier>"
            f"<datestamp>{stamp}</datestamp>{sets}</header>"
        )

    def _record(self, record: SampleRecord) -> str:
        if record.deleted:
            return f"<record>{self._header(record)}</record>"
        return (
            f"<record>{self._header(record)}<metadata>"
            '<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" '
            'xmlns:dc="http://purl.org/dc/elements/1.1/">'
            f"<dc:title>{_esc(record.title)}</dc:title>"
            + "".join(f"<dc:creator>{_esc(c)}</dc:creator>" for c in record.creators)
            + "".join(f"<dc:subject>{_esc(s)}</dc:subject>" for s in record.subjects)
            + (
                f"<dc:description>{_esc(record.description)}</dc:description>"
                if record.description
                else ""
            )
            + f"<dc:identifier>{_esc(self.link_base)}{_esc(record.identifier)}</dc:identifier>"
            + (
                f"<dc:identifier>https://doi.org/{_esc(record.doi)}</dc:identifier>"
                if record.doi
                else ""
            )
            + f"<dc:date>{_esc(record.date or self._stamp(record.datestamp)[:10])}</dc:date>"
            + (f"<dc:type>{_esc(record.kind)}</dc:type>" if record.kind else "")
            + "</oai_dc:dc></metadata></record>"
        )

    def _token(self, offset: int, args: Mapping[str, str]) -> str:
        import base64
        import json as _json

        with self._lock:
            self._issued += 1
            issued = self._issued
        state = _json.dumps([offset, issued, {k: v for k, v in args.items() if k != "verb"}])
        # standard base64 (with + / =) plus a literal %: tokens must travel verbatim
        return base64.b64encode(state.encode()).decode() + "%7E"

    def _read_token(self, token: str) -> tuple[int, int, dict[str, str]] | None:
        import base64
        import json as _json

        if not token.endswith("%7E"):
            return None
        try:
            offset, issued, args = _json.loads(base64.b64decode(token[:-3], validate=True))
        except ValueError:
            return None
        return int(offset), int(issued), dict(args)

    def _answer(self, args: dict[str, str], url: str) -> tuple[str, int]:
        verb = args.get("verb", "")
        head = self._envelope(args, url)
        if verb == "Identify":
            earliest = min((r.datestamp for r in self.records), default=0.0)
            return head + (
                f"<Identify><repositoryName>{_esc(self.name)}</repositoryName>"
                f"<baseURL>{_esc(url.split('?')[0])}</baseURL><protocolVersion>2.0</protocolVersion>"
                "<adminEmail>admin@test.example.org</adminEmail>"
                f"<earliestDatestamp>{self._stamp(earliest)}</earliestDatestamp>"
                f"<deletedRecord>persistent</deletedRecord><granularity>{self.granularity}</granularity>"
                "</Identify>"
            ), 0
        if verb == "ListMetadataFormats":
            return head + (
                "<ListMetadataFormats><metadataFormat><metadataPrefix>oai_dc</metadataPrefix>"
                "<schema>http://www.openarchives.org/OAI/2.0/oai_dc.xsd</schema>"
                "<metadataNamespace>http://www.openarchives.org/OAI/2.0/oai_dc/</metadataNamespace>"
                "</metadataFormat></ListMetadataFormats>"
            ), 0
        if verb == "GetRecord":
            if args.get("metadataPrefix") != "oai_dc":
                return self._error(args, url, "cannotDisseminateFormat", "only oai_dc")
            found = next((r for r in self.records if r.identifier == args.get("identifier")), None)
            if found is None:
                return self._error(args, url, "idDoesNotExist", f"no item {args.get('identifier')}")
            return head + f"<GetRecord>{self._record(found)}</GetRecord>", 0
        if verb == "ListSets":
            specs = sorted({s for r in self.records for s in r.sets})
            if not specs:
                return self._error(args, url, "noSetHierarchy", "no sets")
            sets = "".join(
                f"<set><setSpec>{_esc(s)}</setSpec><setName>{_esc(s.title())}</setName></set>"
                for s in specs
            )
            return head + f"<ListSets>{sets}</ListSets>", 0
        if verb not in ("ListRecords", "ListIdentifiers"):
            return self._error(args, url, "badVerb", f"illegal verb {verb!r}")
        return self._list(verb, args, url, head)

    def _list(self, verb: str, args: dict[str, str], url: str, head: str) -> tuple[str, int]:
        offset = 0
        if "resumptionToken" in args:
            if set(args) != {"verb", "resumptionToken"}:
                return self._error(args, url, "badArgument", "resumptionToken is exclusive")
            state = self._read_token(args["resumptionToken"])
            if state is None:
                return self._error(args, url, "badResumptionToken", "unknown token")
            offset, issued, query = state
            page = offset // self.page_size + 1
            with self._lock:
                expired = (
                    self.expire_tokens is not None and self._issued - issued >= self.expire_tokens
                )
                refuse = page in self.refuse_token_once and page not in self._refused
                if refuse:
                    self._refused.add(page)
            if expired or refuse:
                return self._error(args, url, "badResumptionToken", "the token has expired")
        else:
            query = {k: v for k, v in args.items() if k != "verb"}
            if "metadataPrefix" not in query:
                return self._error(args, url, "badArgument", "metadataPrefix is required")
        if query.get("metadataPrefix") != "oai_dc":
            return self._error(args, url, "cannotDisseminateFormat", "only oai_dc")
        start = self._parse_date(query["from"], end=False) if "from" in query else float("-inf")
        end = self._parse_date(query["until"], end=True) if "until" in query else float("inf")
        if start is None or end is None:
            return self._error(args, url, "badArgument", "bad from/until for this granularity")
        chosen = [
            r
            for r in sorted(self.records, key=lambda r: (r.datestamp, r.identifier))
            if start
            <= float(self._parse_date(self._stamp(r.datestamp), end=False) or r.datestamp)
            <= end
            and ("set" not in query or query["set"] in r.sets)
        ]
        if not chosen:
            return self._error(args, url, "noRecordsMatch", "no records match")
        window = chosen[offset : offset + self.page_size]
        render = self._record if verb == "ListRecords" else self._header
        items = "".join(render(r) for r in window)
        more = offset + self.page_size < len(chosen)
        attrs_ = f' completeListSize="{len(chosen)}" cursor="{offset}"'
        if more:
            text = self._token(offset + self.page_size, {**query, "verb": verb})
            token = f"<resumptionToken{attrs_}>{text}</resumptionToken>"
        else:  # the last page ends the list with an empty token (section 3.5)
            token = f"<resumptionToken{attrs_}/>" if offset else ""
        return head + f"<{verb}>{items}{token}</{verb}>", offset // self.page_size + 1


def _latin1(char: str) -> str:
    import unicodedata

    return unicodedata.normalize("NFKD", char).encode("latin-1", "ignore").decode("latin-1")


def _pdf_string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return "(" + escaped + ")"


def text_pdf(*pages: Sequence[str] | str, extra_pages: int = 0) -> bytes:
    """A small, valid PDF with real text, for full-text tests (no dependency).

    Args:
        pages: each page's lines (a string is one line on its own page). Letters outside
            Latin-1 are written without their diacritics.
        extra_pages: blank-ish pages appended (to test page bounds).

    Returns:
        The PDF's bytes; ``pypdfium2`` extracts the lines as text.
    """
    import unicodedata

    contents: list[bytes] = []
    for page in [*pages, *(["(continued)"] * extra_pages)]:
        lines = [page] if isinstance(page, str) else list(page)
        ops = ["BT", "/F1 11 Tf", "14 TL", "50 780 Td"]
        for line in lines:
            plain = "".join(
                c if ord(c) < 256 else _latin1(c)
                for c in unicodedata.normalize("NFC", line.replace("ı", "i"))  # noqa: RUF001
            )
            ops.append(f"{_pdf_string(plain)} Tj T*")
        ops.append("ET")
        contents.append("\n".join(ops).encode("cp1252", "replace"))
    count = len(contents)
    objects: list[bytes] = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        (
            "<< /Type /Pages /Kids ["
            + " ".join(f"{4 + 2 * i} 0 R" for i in range(count))
            + f"] /Count {count} >>"
        ).encode(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ]
    for index, content in enumerate(contents):
        stream_id = 5 + 2 * index
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents {stream_id} 0 R "
            "/Resources << /Font << /F1 3 0 R >> >> >>".encode()
        )
        objects.append(
            f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream"
        )
    from ._pdfwriter import pdf_file

    return pdf_file(objects)


def serve_fulltext(server: LoopbackServer, repository: OaiTestRepository) -> None:
    """Serve a landing page and a PDF for every record of `repository` on `server`.

    The records' ``dc:identifier`` then names their landing page
    (``/landing/<identifier>``), which links its PDF in ``citation_pdf_url``
    (``/files/<identifier>.pdf``); the PDF's first page is set as an
    article's (`demo_pdf`: the title large, the authors, the DOI, the abstract), so the
    identity check matches it. For offline demos and tests of ``--files``.
    """
    from urllib.parse import quote, unquote

    from ._works import demo_pdf

    repository.link_base = server.url("/landing/")

    def record_for(request: LoggedRequest, prefix: str, suffix: str = "") -> SampleRecord | None:
        name = unquote(urlsplit(request.url).path[len(prefix) :])
        name = name[: -len(suffix)] if suffix and name.endswith(suffix) else name
        return next((r for r in repository.records if r.identifier == name), None)

    def landing(request: LoggedRequest) -> Reply:
        found = record_for(request, "/landing/")
        if found is None or found.deleted:
            return Reply(404, {"Content-Type": "text/html"}, "<html><body>gone</body></html>")
        pdf = "/files/" + quote(found.identifier) + ".pdf"
        authors = "".join(
            f'<meta name="citation_author" content="{_esc(c)}">' for c in found.creators
        )
        doi = f'<meta name="citation_doi" content="{_esc(found.doi)}">' if found.doi else ""
        return Reply(
            200,
            {"Content-Type": "text/html; charset=utf-8"},
            f'<html><head><meta name="citation_title" content="{_esc(found.title)}">'
            f'{authors}{doi}<meta name="citation_pdf_url" content="{pdf}"></head><body>'
            f"<h1>{_esc(found.title)}</h1><p>{_esc('; '.join(found.creators))}</p>"
            f"<p>{_esc(found.description)}</p>"
            f'<a href="{pdf}">Download PDF</a></body></html>',
        )

    def pdf(request: LoggedRequest) -> Reply:
        found = record_for(request, "/files/", ".pdf")
        if found is None:
            return Reply(404)
        return Reply(200, {"Content-Type": "application/pdf"}, demo_pdf(found))

    server.add("/landing/*", landing)
    server.add("/files/*", pdf)
