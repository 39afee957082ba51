"""Test helpers for politeharvest and for your own tests of code that uses it.

- `FakeClock`: advances instantly and records every sleep with its reason.
- `ScriptedAdapter`: a requests transport adapter answering from a script, with
  simulated download times on a `FakeClock` (mount it on a `requests.Session`).
- `LoopbackServer`: a real HTTP(S) server on a loopback address (127.0.0.x) that
  logs each request's arrival and the end of its response, so tests can check
  politeness from the server's side.
- The zoo (`ZOO`, `MisbehavingRepository`): OAI-PMH repositories that answer outside
  their request (a set or a date window dropped from the tokens, a completeListSize
  that changes) or list in identifier order with tokens they forget.
- `serve_sample`: the demo's sample repository (`OaiTestRepository.demo`: articles with
  creators, subjects, DOIs, records in two sets, duplicate works) with landing pages and
  PDFs the identity check matches, on a fixed port (``politeharvest demo --serve`` serves
  the same); `article_pdf` writes such a PDF.

These helpers are for tests: `LoopbackServer.start` runs the server in a
background thread of the test process. The library itself never starts one.
"""

import io
import threading
from typing import Any

import attrs
import requests
from requests.adapters import HTTPAdapter
from urllib3.response import HTTPResponse

from ._testing._corpus import DedupeCorpus, dedupe_corpus
from ._testing._loopback import (
    ConditionalReply,
    LoggedRequest,
    LoopbackServer,
    Reply,
    Route,
    RouteTable,
    end_to_start_gaps,
    free_loopback,
)
from ._testing._pdfwriter import article_pdf
from ._testing._samples import OaiTestRepository, SampleRecord, serve_fulltext, text_pdf
from ._testing._sampleserver import SampleServer, serve_sample
from ._testing._zoo import (
    ZOO,
    MisbehavingRepository,
    identifier_ordered,
    set_dropped_from_tokens,
    size_changing,
    window_broken_after_first_page,
)

__all__ = [
    "ZOO",
    "ConditionalReply",
    "DedupeCorpus",
    "FakeClock",
    "LoggedRequest",
    "LoopbackServer",
    "MisbehavingRepository",
    "OaiTestRepository",
    "Reply",
    "SampleRecord",
    "SampleServer",
    "ScriptedAdapter",
    "SleepRecord",
    "article_pdf",
    "dedupe_corpus",
    "end_to_start_gaps",
    "free_loopback",
    "identifier_ordered",
    "serve_fulltext",
    "serve_sample",
    "set_dropped_from_tokens",
    "size_changing",
    "text_pdf",
    "window_broken_after_first_page",
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
        self._routes = RouteTable()

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
