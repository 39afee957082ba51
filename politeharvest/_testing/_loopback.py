"""A real HTTP(S) server on loopback that logs each request (tests and the demo).

`LoopbackServer` runs in a background thread of the process that starts it: the test
process, or the `politeharvest demo` command. The library's harvesting code never starts
one. Public through `politeharvest.testing`.
"""

from __future__ import annotations

import itertools
import socket
import ssl
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

import attrs


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
        sent: monotonic time just before the response's last bytes were written (the client
            cannot have had the whole response sooner); None where nothing goes over a wire.
            ``end - sent`` bounds how late `end` is: a server thread that waits for a CPU
            after its write stamps the end late, and a gap measured from it is short by that.
    """

    method: str
    url: str
    headers: Mapping[str, str]
    arrival: float
    end: float
    status: int
    body: bytes = b""
    sent: float | None = None

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


class RouteTable:
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
            sent = time.monotonic()  # the headers may be the last bytes
            self.end_headers()
            if self.command != "HEAD":
                if reply.truncate_at is not None:
                    sent = time.monotonic()
                    self.wfile.write(data[: reply.truncate_at])
                    self.wfile.flush()
                    self.close_connection = True
                elif reply.trickle_s > 0:
                    try:
                        for index in range(len(data)):
                            sent = time.monotonic()
                            self.wfile.write(data[index : index + 1])
                            self.wfile.flush()
                            time.sleep(reply.trickle_s)
                    except OSError:  # the client gave up: stop trickling
                        self.close_connection = True
                        return
                else:
                    if data:
                        sent = time.monotonic()
                    self.wfile.write(data)
            self.wfile.flush()
            end = time.monotonic()
            done = attrs.evolve(seen, end=end, status=reply.status, sent=sent)
            with server.owner._lock:
                if server.owner.keep_log:
                    server.owner._log.append(done)
            if server.owner.on_request is not None:
                server.owner.on_request(done)
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
        keep_log: keep every request in `log` (False for a server that runs for long, such
            as ``politeharvest demo --serve``).
        on_request: called with each request once it is answered (in the server's thread).

    Use as a context manager (`with LoopbackServer("127.0.0.2") as server:`) or
    call `start` and `stop`. Add routes by path: ``server.add("/a", Reply(...))``.
    """

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        ssl_context: ssl.SSLContext | None = None,
        keep_log: bool = True,
        on_request: Callable[[LoggedRequest], None] | None = None,
    ) -> None:
        self.host = host
        self.keep_log = keep_log
        self.on_request = on_request
        self.routes = RouteTable()
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
