"""Test helpers for politeharvest and for your own tests of code that uses it.

- `FakeClock`: advances instantly and records every sleep with its reason.
- `ScriptedAdapter`: a requests transport adapter answering from a script, with
  simulated download times on a `FakeClock` (mount it on a `requests.Session`).
- `LoopbackServer`: a real HTTP(S) server on a loopback address (127.0.0.x) that
  logs each request's arrival and the end of its response, so tests can check
  politeness from the server's side.

These helpers are for tests: `LoopbackServer.start` runs the server in a
background thread of the test process. The library itself never starts one.
"""

from __future__ import annotations

import io
import itertools
import socket
import ssl
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

import attrs
import requests
from requests.adapters import HTTPAdapter
from urllib3.response import HTTPResponse

from ._corpus import DedupeCorpus, dedupe_corpus

__all__ = [
    "ConditionalReply",
    "DedupeCorpus",
    "FakeClock",
    "LoggedRequest",
    "LoopbackServer",
    "OaiTestRepository",
    "Reply",
    "SampleRecord",
    "ScriptedAdapter",
    "SleepRecord",
    "dedupe_corpus",
    "end_to_start_gaps",
    "free_loopback",
    "serve_fulltext",
    "text_pdf",
]

#: 2026-01-01T00:00:00Z, the default start of a `FakeClock`'s wall clock.
FAKE_EPOCH = 1_767_225_600.0


@attrs.frozen
class SleepRecord:
    """One sleep on a `FakeClock`: when it began (monotonic), how long, and why."""

    at: float
    seconds: float
    reason: str


class FakeClock:
    """A clock that advances instantly and records every sleep (thread-safe).

    Args:
        start: wall-clock seconds since the epoch at monotonic 0.
    """

    def __init__(self, start: float = FAKE_EPOCH) -> None:
        self._start = start
        self._elapsed = 0.0
        self._lock = threading.Lock()
        self.records: list[SleepRecord] = []

    @property
    def sleeps(self) -> list[float]:
        """The seconds of every sleep, in order."""
        return [record.seconds for record in self.records]

    def now(self) -> float:
        """Wall-clock seconds since the epoch."""
        with self._lock:
            return self._start + self._elapsed

    def monotonic(self) -> float:
        """Seconds since the clock was made."""
        with self._lock:
            return self._elapsed

    def sleep(self, seconds: float, reason: str = "") -> None:
        """Record the sleep and advance the clock by `seconds` at once."""
        with self._lock:
            self.records.append(SleepRecord(self._elapsed, max(0.0, seconds), reason))
            self._elapsed += max(0.0, seconds)

    def advance(self, seconds: float) -> None:
        """Move time forward without recording a sleep (time spent elsewhere)."""
        with self._lock:
            self._elapsed += max(0.0, seconds)

    def __repr__(self) -> str:
        return f"FakeClock(monotonic={self._elapsed:.3f}, sleeps={len(self.records)})"


@attrs.frozen
class Reply:
    """A scripted answer.

    Attributes:
        status: HTTP status.
        headers: response headers.
        body: response body (bytes or text, sent as UTF-8).
        duration_s: how long the response takes to arrive in full (the fake
            clock advances by it; a `LoopbackServer` sleeps it before answering).
        truncate_at: send only this many body bytes while announcing the full
            length (a broken download); `LoopbackServer` only.
        trickle_s: send the body one byte at a time, this many seconds apart (a server
            that keeps a connection busy forever); `LoopbackServer` only.
    """

    status: int = 200
    headers: Mapping[str, str] = attrs.field(factory=dict)
    body: bytes | str = b""
    duration_s: float = 0.0
    truncate_at: int | None = None
    trickle_s: float = 0.0

    def body_bytes(self) -> bytes:
        """The body as bytes."""
        return self.body.encode("utf-8") if isinstance(self.body, str) else self.body


@attrs.frozen
class LoggedRequest:
    """A request as the server (or adapter) saw it.

    Attributes:
        method: HTTP method.
        url: the full URL (scheme, host, port, path and query).
        headers: request headers.
        arrival: monotonic time the request arrived.
        end: monotonic time the response was fully sent.
        status: the status answered.
        body: the request body.
    """

    method: str
    url: str
    headers: Mapping[str, str]
    arrival: float
    end: float
    status: int
    body: bytes = b""

    @property
    def path(self) -> str:
        """Path and query of the URL."""
        parts = urlsplit(self.url)
        return parts.path + (f"?{parts.query}" if parts.query else "")

    @property
    def host(self) -> str:
        """The hostname of the URL."""
        return urlsplit(self.url).hostname or ""


Responder = Callable[[LoggedRequest], Reply]


@attrs.frozen
class ConditionalReply:
    """A file with an ETag: 200 with the body, or 304 when the request carries the ETag.

    Picklable, so it also works in a server running in another process.
    """

    body: bytes
    etag: str
    content_type: str = "application/pdf"

    def __call__(self, request: LoggedRequest) -> Reply:
        """Answer `request`, conditionally."""
        if request.headers.get("If-None-Match") == self.etag:
            return Reply(304, {"ETag": self.etag})
        return Reply(200, {"Content-Type": self.content_type, "ETag": self.etag}, self.body)


Route = Reply | list[Reply] | Responder


def end_to_start_gaps(log: Iterable[LoggedRequest]) -> list[tuple[LoggedRequest, float]]:
    """Return each request after the first with its gap: its arrival minus the previous end.

    Pass the log of one host; the gaps are what politeness is measured by.
    """
    ordered = sorted(log, key=lambda r: r.arrival)
    return [(nxt, nxt.arrival - prev.end) for prev, nxt in itertools.pairwise(ordered)]


class _Routes:
    """Routes shared by the adapter and the server: path (with or without query) to replies."""

    def __init__(self) -> None:
        self._routes: dict[str, Route] = {}
        self._lock = threading.Lock()

    def set(self, key: str, route: Route) -> None:
        with self._lock:
            self._routes[key] = list(route) if isinstance(route, list) else route

    def answer(self, keys: Iterable[str], request: LoggedRequest) -> Reply:
        keys = list(keys)
        with self._lock:
            # A route ending in "*" answers every path that starts with what precedes it.
            keys += sorted(
                (
                    k
                    for k in self._routes
                    if k.endswith("*") and keys and keys[-1].startswith(k[:-1])
                ),
                key=len,
                reverse=True,
            )
            for key in keys:
                route = self._routes.get(key)
                if route is None:
                    continue
                if isinstance(route, list):
                    return route.pop(0) if len(route) > 1 else route[0]
                if isinstance(route, Reply):
                    return route
                responder = route
                break
            else:
                return Reply(404, {"Content-Type": "text/plain"}, b"not found")
        return responder(request)


class ScriptedAdapter(HTTPAdapter):
    """A transport adapter that answers from a script, on a `FakeClock`.

    Routes are keyed by full URL (``"https://ex.org/a?b=1"``) or by URL without
    query; a list of replies is answered in order, its last reply repeating.
    Unknown URLs answer 404 (so robots.txt is "allow all" unless scripted).

    Example:
        >>> clock = FakeClock()
        >>> adapter = ScriptedAdapter(clock)
        >>> adapter.add("https://ex.org/a", [Reply(503, {"Retry-After": "7"}), Reply(200)])
        >>> http = requests.Session(); http.mount("https://", adapter)
    """

    def __init__(self, clock: FakeClock | None = None) -> None:
        super().__init__(max_retries=0)
        self.clock = clock or FakeClock()
        self.log: list[LoggedRequest] = []
        self._routes = _Routes()

    def add(self, url: str, route: Route) -> None:
        """Answer `url` with a reply, a list of replies (in order), or a callable."""
        self._routes.set(url, route)

    def send(
        self,
        request: requests.PreparedRequest,
        stream: bool = False,
        timeout: Any = None,
        verify: Any = True,
        cert: Any = None,
        proxies: Any = None,
    ) -> requests.Response:
        """Answer `request` from the script; the clock advances by the reply's duration."""
        url = str(request.url)
        arrival = self.clock.monotonic()
        body = request.body or b""
        seen = LoggedRequest(
            str(request.method),
            url,
            dict(request.headers),
            arrival,
            arrival,
            0,
            body.encode() if isinstance(body, str) else body,
        )
        reply = self._routes.answer((url, url.split("?", 1)[0]), seen)
        self.clock.advance(reply.duration_s)
        data = reply.body_bytes() if request.method != "HEAD" else b""
        headers = {"Content-Length": str(len(reply.body_bytes())), **reply.headers}
        raw = HTTPResponse(
            body=io.BytesIO(data),
            headers=headers,
            status=reply.status,
            preload_content=False,
            decode_content=True,
            request_method=str(request.method),
            enforce_content_length=False,
        )
        self.log.append(attrs.evolve(seen, end=self.clock.monotonic(), status=reply.status))
        return self.build_response(request, raw)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go out in two writes
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the server keeps its own structured log

    def _serve(self) -> None:
        server = self.server
        arrival = time.monotonic()
        with server.owner._lock:
            server.owner._in_flight += 1
            server.owner.max_in_flight = max(server.owner.max_in_flight, server.owner._in_flight)
        try:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            url = f"{server.owner.base_url}{self.path}"
            seen = LoggedRequest(
                self.command, url, dict(self.headers.items()), arrival, arrival, 0, body
            )
            reply = server.owner.routes.answer((self.path, self.path.split("?", 1)[0]), seen)
            if reply.duration_s > 0:
                time.sleep(reply.duration_s)
            data = reply.body_bytes()
            self.send_response(reply.status)
            names = {name.lower() for name in reply.headers}
            for name, value in reply.headers.items():
                self.send_header(name, value)
            if "content-length" not in names:
                self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            if self.command != "HEAD":
                if reply.truncate_at is not None:
                    self.wfile.write(data[: reply.truncate_at])
                    self.wfile.flush()
                    self.close_connection = True
                elif reply.trickle_s > 0:
                    try:
                        for index in range(len(data)):
                            self.wfile.write(data[index : index + 1])
                            self.wfile.flush()
                            time.sleep(reply.trickle_s)
                    except OSError:  # the client gave up: stop trickling
                        self.close_connection = True
                        return
                else:
                    self.wfile.write(data)
            self.wfile.flush()
            end = time.monotonic()
            with server.owner._lock:
                server.owner._log.append(attrs.evolve(seen, end=end, status=reply.status))
        finally:
            with server.owner._lock:
                server.owner._in_flight -= 1

    do_GET = do_HEAD = do_POST = _serve


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    owner: LoopbackServer


class LoopbackServer:
    """A real HTTP(S) server on a loopback address that logs every request.

    Args:
        host: a loopback address; 127.0.0.2, 127.0.0.3, ... act as separate hosts.
        port: 0 picks a free port.
        ssl_context: a server `ssl.SSLContext` (e.g. from trustme) for https.

    Use as a context manager (`with LoopbackServer("127.0.0.2") as server:`) or
    call `start` and `stop`. Add routes by path: ``server.add("/a", Reply(...))``.
    """

    def __init__(
        self, host: str = "127.0.0.1", port: int = 0, *, ssl_context: ssl.SSLContext | None = None
    ) -> None:
        self.host = host
        self.routes = _Routes()
        self._log: list[LoggedRequest] = []
        self.max_in_flight = 0
        self._in_flight = 0
        self._lock = threading.Lock()
        self._server = _Server((host, port), _Handler, bind_and_activate=True)
        self._server.owner = self
        self._tls = ssl_context is not None
        if ssl_context is not None:
            self._server.socket = ssl_context.wrap_socket(self._server.socket, server_side=True)
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        """The port the server listens on."""
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        """``http(s)://host:port``."""
        return f"{'https' if self._tls else 'http'}://{self.host}:{self.port}"

    def url(self, path: str = "/") -> str:
        """The absolute URL of `path` on this server."""
        return self.base_url + path

    def add(self, path: str, route: Route) -> None:
        """Answer `path` (with or without its query) with a reply, a list, or a callable.

        A path ending in ``*`` answers every path that starts with the rest.
        """
        self.routes.set(path, route)

    @property
    def log(self) -> list[LoggedRequest]:
        """Every request served so far, in order of completion.

        A client can read a response before the server thread has logged it, so
        this first waits (up to 2 s) until no request is being served.
        """
        deadline = time.monotonic() + 2.0
        while True:
            with self._lock:
                if self._in_flight == 0 or time.monotonic() > deadline:
                    return list(self._log)
            time.sleep(0.001)

    def requests_for(self, path_prefix: str = "") -> list[LoggedRequest]:
        """Logged requests whose path starts with `path_prefix`."""
        return [r for r in self.log if r.path.startswith(path_prefix)]

    def start(self) -> LoopbackServer:
        """Serve in a background thread of the test process."""
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the socket."""
        self._server.shutdown()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> LoopbackServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def free_loopback(host: str) -> bool:
    """Whether `host` (e.g. ``"127.0.0.5"``) can be bound on this machine."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.bind((host, 0))
        return True
    except OSError:
        return False


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
    """

    identifier: str
    datestamp: float
    sets: tuple[str, ...] = ()
    deleted: bool = False
    title: str = ""


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
            f"<dc:identifier>{_esc(self.link_base)}{_esc(record.identifier)}</dc:identifier>"
            f"<dc:date>{self._stamp(record.datestamp)[:10]}</dc:date>"
            "</oai_dc:dc></metadata></record>"
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
        The PDF's bytes; ``pypdf`` extracts the lines as text.
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
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += (
        f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    )
    return bytes(out)


def serve_fulltext(server: LoopbackServer, repository: OaiTestRepository) -> None:
    """Serve a landing page and a PDF for every record of `repository` on `server`.

    The records' ``dc:identifier`` then names their landing page
    (``/landing/<identifier>``), which links its PDF in ``citation_pdf_url``
    (``/files/<identifier>.pdf``); the PDF's first page carries the record's title and
    year, so the identity check matches it. For offline demos and tests of ``--files``.
    """
    from urllib.parse import quote, unquote

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
        return Reply(
            200,
            {"Content-Type": "text/html; charset=utf-8"},
            f'<html><head><meta name="citation_title" content="{_esc(found.title)}">'
            f'<meta name="citation_pdf_url" content="{pdf}"></head><body>'
            f'<h1>{_esc(found.title)}</h1><a href="{pdf}">Download PDF</a></body></html>',
        )

    def pdf(request: LoggedRequest) -> Reply:
        found = record_for(request, "/files/", ".pdf")
        if found is None:
            return Reply(404)
        year = time.strftime("%Y", time.gmtime(found.datestamp))
        body = text_pdf([found.title, "The demo repository", year, "Abstract. A sample record."])
        return Reply(200, {"Content-Type": "application/pdf"}, body)

    server.add("/landing/*", landing)
    server.add("/files/*", pdf)
