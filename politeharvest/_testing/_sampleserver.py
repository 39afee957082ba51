"""The demo's sample repository served on loopback (``politeharvest demo``, notebooks, tests).

`serve_sample` starts a `LoopbackServer` in a background thread of the calling process
with OAI-PMH at ``/oai``, a robots.txt, a landing page and a PDF for every record of
`OaiTestRepository.demo`. The sample is the same on every run, and so is its endpoint
on a fixed port: a harvest of it into a state file resumes, and once complete finds
nothing new. Public through `politeharvest.testing`.
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from urllib.parse import quote

from ._loopback import LoggedRequest, LoopbackServer, Reply
from ._samples import DEMO_NAME, OaiTestRepository, serve_fulltext

__all__ = ["DEMO_NAME", "DEMO_PORT", "SampleServer", "serve_sample"]

#: The sample's port when none is given.
DEMO_PORT = 8765


class SampleServer:
    """The sample repository on loopback: its URLs, and `stop`.

    Attributes:
        host: the address it is served on.
        port: its port.
        repository: the `OaiTestRepository` served at ``/oai`` (its records).
        server: the `LoopbackServer`, or None when another process serves the sample
            (`serve_sample` with ``reuse=True``).
    """

    def __init__(
        self, host: str, port: int, repository: OaiTestRepository, server: LoopbackServer | None
    ) -> None:
        self.host = host
        self.port = port
        self.repository = repository
        self.server = server

    def url(self, path: str = "/") -> str:
        """The absolute URL of `path` on the sample's server."""
        return f"http://{self.host}:{self.port}{path}"

    @property
    def endpoint(self) -> str:
        """The OAI-PMH base URL."""
        return self.url("/oai")

    def landing_url(self, identifier: str) -> str:
        """The URL of a record's landing page."""
        return self.url("/landing/" + identifier)

    def file_url(self, identifier: str) -> str:
        """The URL of a record's PDF."""
        return self.url("/files/" + quote(identifier) + ".pdf")

    def stop(self) -> None:
        """Stop serving (a sample another process serves is left running)."""
        if self.server is not None:
            self.server.stop()
            self.server = None

    def __enter__(self) -> SampleServer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


def serve_sample(
    host: str = "127.0.0.1",
    port: int | None = DEMO_PORT,
    *,
    reuse: bool = False,
    count: int = 120,
    on_request: Callable[[LoggedRequest], None] | None = None,
    standing: bool = True,
) -> SampleServer:
    """Serve the demo's sample repository on `host` in a background thread.

    Args:
        host: the address to serve on (its links name it).
        port: the port; 0 picks a free one; None: `DEMO_PORT` when it is free, else a free one.
        reuse: when the port is taken by a standing sample repository already
            (``politeharvest demo --serve``, or a notebook cell run before), use that one
            (the same endpoint, so a harvest of it stays incremental) instead of failing or
            taking another port.
        count: how many records the sample has.
        on_request: called with each request once it is answered (to show them).
        standing: others may harvest this server with ``reuse=True`` (False for a server
            that stops when its own harvest ends, as a ``politeharvest demo`` run's does).

    Returns:
        The `SampleServer`; call `SampleServer.stop` (or use it as a context manager).

    Raises:
        OSError: the port is taken (by something other than the sample, with `reuse`), or
            `host` is not an address of this machine.
    """
    repository = OaiTestRepository.demo(count)
    asked = DEMO_PORT if port is None else port
    try:
        server = LoopbackServer(host, asked, keep_log=False, on_request=on_request)
    except OSError as exc:
        if reuse and exc.errno == errno.EADDRINUSE and _serves_sample(host, asked):
            return SampleServer(host, asked, repository, None)
        if port is not None:
            raise
        server = LoopbackServer(host, 0, keep_log=False, on_request=on_request)
    server.start()
    server.add("/robots.txt", Reply(200, body="User-agent: *\nDisallow: /admin\n"))
    server.add("/oai", repository)
    serve_fulltext(server, repository)  # landing pages and PDFs, for --files
    if standing:
        server.add(_STANDING, Reply(200, {"Content-Type": "text/plain"}, _STANDING_BODY))
    return SampleServer(host, server.port, repository, server)


#: Where a standing sample (one others may harvest) says so.
_STANDING = "/.well-known/politeharvest-sample"
_STANDING_BODY = f"{DEMO_NAME}: standing\n"


def _serves_sample(host: str, port: int) -> bool:
    """Whether the server on `host`:`port` is a standing sample repository."""
    import urllib.request

    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: no proxy
    try:
        with opener.open(f"http://{host}:{port}{_STANDING}", timeout=3) as reply:
            body = reply.read(1024)
    except OSError:
        return False
    return bool(body == _STANDING_BODY.encode())
