"""Sending the next page's request ahead (`PoliteSession.send_ahead`, `OaiPager.pages`).

Each test reads the server's own log: every page asked once, never two requests in flight
on a host, the end-to-start gap kept, and every answer read for the request it belongs to.
"""

from __future__ import annotations

import contextlib
import itertools
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
import requests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from politeharvest import OaiPager, Politeness, PoliteSession, RequestEvent
from politeharvest.exceptions import TransportError
from politeharvest.net import Ahead, GuardedAdapter
from politeharvest.testing import LoggedRequest, LoopbackServer, Reply
from tests.support import server_lag
from tests.support.providers import generate, pyoai_route

pytestmark = pytest.mark.integration

ITEMS = generate(1200)
FAST = Politeness(
    user_agent="politeharvest-tests/1.0 (+mailto:tests@example.org)",
    request_interval=0.0,
    file_interval=0.0,
    jitter=0.0,
    allow_private_addresses=True,
)


@pytest.fixture(scope="module")
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer("127.0.0.2") as srv:
        srv.add("/oai", pyoai_route(ITEMS, batch_size=100))
        srv.add("/echo", lambda r: Reply(200, {"Content-Type": "text/plain"}, r.path))
        srv.add("/robots.txt", lambda r: Reply(200, {"Content-Type": "text/plain"}, ""))
        yield srv


def listing_requests(server: LoopbackServer, since: int) -> list[LoggedRequest]:
    return [r for r in server.log[since:] if urlsplit(r.url).path == "/oai"]


def no_overlap(log: list[LoggedRequest]) -> None:
    """One request in flight at a time: each arrives after the one before was answered."""
    ordered = sorted(log, key=lambda r: r.arrival)
    for before, after in itertools.pairwise(ordered):
        assert after.arrival >= before.end, (before.path, after.path)


class Counting(PoliteSession):
    """A session that counts the requests it sent ahead."""

    sent_ahead = 0

    def send_ahead(self, *args: Any, **kwargs: Any) -> Ahead | None:
        ahead = super().send_ahead(*args, **kwargs)
        if ahead is not None:
            type(self).sent_ahead += 1
        return ahead


def test_a_whole_listing_sends_each_page_once_and_ahead(server: LoopbackServer) -> None:
    events: list[RequestEvent] = []
    start = len(server.log)
    Counting.sent_ahead = 0
    with Counting(FAST, on_event=events.append) as session:
        pager = OaiPager(session, server.url("/oai"))
        records = list(pager.list_records())
    assert len(records) == len(ITEMS) == len({r.identifier for r in records})
    asked = listing_requests(server, start)
    tokens = [dict(parse_qsl(urlsplit(r.url).query)).get("resumptionToken") for r in asked]
    assert len(asked) == 12 and len(set(tokens)) == 12  # 12 pages, none twice
    no_overlap(server.log[start:])
    # the turn of a request sent ahead starts when it is written, before the page before it
    # has been built: its event says it waited for nothing and was sent
    sent = [e for e in events if e.url.startswith(server.url("/oai"))]
    assert [e.decision for e in sent] == ["sent"] * 12
    assert session.stats.requests == len(server.log) - start
    assert Counting.sent_ahead == 11  # every page but the first


def test_leaving_a_listing_early_reads_and_drops_the_answer_sent_ahead(
    server: LoopbackServer,
) -> None:
    events: list[RequestEvent] = []
    start = len(server.log)
    session = PoliteSession(FAST, on_event=events.append)
    pager = OaiPager(session, server.url("/oai"))
    pages = pager.pages()
    first = next(pages)
    assert len(first.items) == 100
    pages.close()  # the caller leaves the loop (a `break` does the same)
    # the answer to the request sent ahead was read (the server was answering it anyway)
    assert [e.decision for e in events if "/oai" in e.url] == ["sent", "sent"]
    # and the host is free at once: the next request does not wait for its lease
    began = time.monotonic()
    assert session.get(server.url("/echo?after")).text == "/echo?after"
    assert time.monotonic() - began < 2.0
    assert len(listing_requests(server, start)) == 2
    no_overlap(server.log[start:])
    session.close()


def test_another_request_to_the_host_reads_the_answer_sent_ahead_first(
    server: LoopbackServer,
) -> None:
    """A harvest script that fetches from the same host inside its loop neither waits for
    the page sent ahead nor reads its answer as its own."""
    start = len(server.log)
    with PoliteSession(FAST) as session:
        pager = OaiPager(session, server.url("/oai"))
        seen = 0
        for n, _record in enumerate(pager.list_records()):
            seen += 1
            if n % 150 == 0:
                path = f"/echo?record={n}"
                assert session.get(server.url(path), max_inline_wait=0).text == path
    assert seen == len(ITEMS)
    assert len(listing_requests(server, start)) == 12
    no_overlap(server.log[start:])


def test_nothing_is_sent_ahead_while_the_policy_asks_for_a_pause(server: LoopbackServer) -> None:
    policy = Politeness(
        user_agent=FAST.user_agent,
        request_interval=0.05,
        jitter=0.0,
        allow_private_addresses=True,
    )
    start = len(server.log)
    with PoliteSession(policy) as session:
        pager = OaiPager(session, server.url("/oai"))
        pages = pager.pages()
        next(pages)
        assert session.send_ahead("GET", server.url("/echo?now")) is None
        pages.close()
    asked = server.log[start:]
    assert len(listing_requests(server, start)) == 1  # nothing was sent ahead
    ordered = sorted(asked, key=lambda r: r.arrival)
    for before, after in itertools.pairwise(ordered):
        assert after.arrival - before.end >= 0.05 - server_lag(before)  # the server stamps late


def test_a_session_of_the_callers_own_never_sends_ahead(server: LoopbackServer) -> None:
    start = len(server.log)
    with PoliteSession(FAST, http=requests.Session()) as session:
        assert session.send_ahead("GET", server.url("/echo?plain")) is None
        records = list(OaiPager(session, server.url("/oai")).list_records())
    assert len(records) == len(ITEMS)
    assert len(listing_requests(server, start)) == 12


def test_through_a_proxy_nothing_is_sent_ahead(
    server: LoopbackServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HTTP_PROXY", "http://127.0.0.1:9")  # the discard port: never reached
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    start = len(server.log)
    with PoliteSession(FAST) as session:
        assert session.send_ahead("GET", server.url("/echo?proxied")) is None
    assert server.log[start:] == []


def test_an_answer_sent_ahead_that_is_a_503_is_retried_politely() -> None:
    calls: list[str] = []
    lock = threading.Lock()

    def route(request: LoggedRequest) -> Reply:
        with lock:
            calls.append(request.path)
            first = len(calls) == 2
        if first:
            return Reply(503, {"Retry-After": "1"}, "busy")
        return Reply(200, {"Content-Type": "text/plain"}, request.path)

    with LoopbackServer("127.0.0.3") as srv:
        srv.add("/p", route)
        srv.add("/robots.txt", lambda r: Reply(404, {}, ""))
        with PoliteSession(FAST) as session:
            assert session.get(srv.url("/p?1")).text == "/p?1"
            ahead = session.send_ahead("GET", srv.url("/p?2"))
            assert ahead is not None
            began = time.monotonic()
            assert ahead.result().text == "/p?2"
            assert time.monotonic() - began >= 0.9  # Retry-After: 1 was waited out
            assert session.multiplier(srv.url("/")) == 2.0  # and the job slowed down
        no_overlap(srv.log)
    assert calls == ["/p?1", "/p?2", "/p?2"]


@contextlib.contextmanager
def raw_host(answer: Callable[[socket.socket, bytes], None]) -> Iterator[str]:
    """A bare HTTP/1.1 host on 127.0.0.4 that misbehaves as `answer` says.

    `answer(conn, path)` runs for each request but robots.txt (a 404); a connection it
    leaves open stays open until the end. Yields the base URL.
    """
    listener = socket.socket()
    listener.bind(("127.0.0.4", 0))
    listener.listen(8)
    listener.settimeout(0.1)
    stop = threading.Event()
    kept: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            kept.append(conn)
            data = b""
            while b"\r\n\r\n" not in data:
                data += conn.recv(4096)
            path = data.split(b" ", 2)[1]
            if path == b"/robots.txt":
                conn.sendall(
                    b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                )
                conn.close()
            else:
                answer(conn, path)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.4:{listener.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(5)
        for conn in kept:
            conn.close()
        listener.close()


def echo(conn: socket.socket, path: bytes) -> None:
    conn.sendall(
        b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(path), path)
    )
    conn.close()


RAW_POLICY = Politeness(
    user_agent=FAST.user_agent,
    request_interval=0.0,
    jitter=0.0,
    allow_private_addresses=True,
    read_timeout_s=0.5,
    connect_timeout_s=0.5,
    page_time_s=0.6,
)


def test_an_answer_sent_ahead_that_breaks_off_is_asked_for_again() -> None:
    """The server closes the connection without answering (as one that times out a slow
    reader does): the request is made again, in its own turn."""
    served: list[bytes] = []

    def answer(conn: socket.socket, path: bytes) -> None:
        served.append(b"GET " + path + b" HTTP/1.1")
        if len(served) == 2:
            conn.close()  # closed without an answer
        else:
            echo(conn, path)

    with raw_host(answer) as base, PoliteSession(RAW_POLICY) as session:
        assert session.get(base + "/a").text == "/a"
        ahead = session.send_ahead("GET", base + "/b")
        assert ahead is not None
        assert ahead.result().text == "/b"
    assert served == [b"GET /a HTTP/1.1", b"GET /b HTTP/1.1", b"GET /b HTTP/1.1"]


ACTIONS = st.lists(
    st.tuples(st.sampled_from(["ahead", "get", "result", "cancel"]), st.integers(0, 99)),
    min_size=1,
    max_size=12,
)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(actions=ACTIONS)
def test_an_answer_is_only_ever_read_for_its_own_request(
    server: LoopbackServer, actions: list[tuple[str, int]]
) -> None:
    """Any mix of requests sent ahead, plain requests, results and drops on one host: every
    answer read is the one to its own request, and no two requests are ever in flight."""
    start = len(server.log)
    pending: list[tuple[str, object]] = []
    with PoliteSession(FAST) as session:
        for action, n in actions:
            path = f"/echo?n={n}&k={len(server.log)}"
            if action == "ahead":
                ahead = session.send_ahead("GET", server.url(path))
                if ahead is not None:
                    pending.append((path, ahead))
            elif action == "get":
                assert session.get(server.url(path), max_inline_wait=0).text == path
            elif pending:
                sent, ahead = pending.pop(0)
                if action == "result":
                    assert ahead.result().text == sent  # type: ignore[attr-defined]
                else:
                    ahead.cancel()  # type: ignore[attr-defined]
    # one request in flight per host: a second send_ahead to the host is refused
    assert len(pending) <= sum(a == "ahead" for a, _ in actions)
    no_overlap([r for r in server.log[start:] if r.path.startswith("/echo")])


def test_sending_ahead_over_tls(serve_here: Callable[..., LoopbackServer], ca_bundle: Path) -> None:
    """The request sent ahead goes over the verified TLS connection the pool keeps."""
    srv = serve_here("127.0.0.5", tls=True)
    srv.add("/oai", pyoai_route(ITEMS, batch_size=300))
    srv.add("/robots.txt", Reply(404, {}, b""))
    Counting.sent_ahead = 0
    http = requests.Session()
    http.mount("https://", GuardedAdapter(allow_private=True))
    http.verify = str(ca_bundle)
    with Counting(FAST, http=http) as session:
        records = list(OaiPager(session, srv.url("/oai")).list_records())
    assert srv.url("/oai").startswith("https://")
    assert len(records) == len(ITEMS)
    assert Counting.sent_ahead == 3
    assert len(listing_requests(srv, 0)) == 4
    no_overlap(srv.log)


def test_threads_sharing_a_session_take_turns_with_answers_sent_ahead(
    server: LoopbackServer,
) -> None:
    """PoliteSession is thread-safe: two listings of one host in two threads, each sending
    ahead, get every record, and the host never has two requests in flight."""
    start = len(server.log)
    results: dict[str, int] = {}
    with PoliteSession(FAST, max_inline_wait=30.0) as session:

        def harvest(name: str, spec: str | None) -> None:
            pager = OaiPager(session, server.url("/oai"), set_spec=spec)
            results[name] = sum(1 for _ in pager.list_records())

        threads = [
            threading.Thread(target=harvest, args=("all", None)),
            threading.Thread(target=harvest, args=("math", "math")),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    assert results["all"] == len(ITEMS)
    assert results["math"] == sum("math" in i.sets for i in ITEMS)
    no_overlap(server.log[start:])


def test_without_the_pool_parts_it_uses_nothing_is_sent_ahead(
    server: LoopbackServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A urllib3 or requests without the parts sending ahead uses: plain requests, same result."""
    import politeharvest.net._transport as transport

    monkeypatch.setattr(transport, "_POOL_PARTS", False)
    start = len(server.log)
    with PoliteSession(FAST) as session:
        assert session.send_ahead("GET", server.url("/echo?parts")) is None
        records = list(OaiPager(session, server.url("/oai")).list_records())
    assert len(records) == len(ITEMS)
    assert len(listing_requests(server, start)) == 12


def test_a_listing_by_post_sends_ahead_and_an_answer_goes_to_its_own_body(
    server: LoopbackServer,
) -> None:
    """OAI-PMH by POST: one path, the arguments in the body. The next page is sent ahead
    too; a POST with another body to the same path never reads its answer."""
    start = len(server.log)
    Counting.sent_ahead = 0
    with Counting(FAST) as session:
        records = list(OaiPager(session, server.url("/oai"), method="POST").list_records())
        assert len(records) == len(ITEMS)
        assert Counting.sent_ahead == 11
        ahead = session.send_ahead("POST", server.url("/oai"), data={"verb": "Identify"})
        assert ahead is not None
        # the caller's requests.Session used directly, with another body, on the same path
        other = session.http.post(server.url("/oai"), data={"verb": "ListSets"})
        assert b"<ListSets>" in other.content
        assert b"<Identify>" in ahead.result().content
    # The listing, ListSets, and Identify asked again on a fresh connection: the first
    # Identify's connection was closed under it (its answer was never read), so the server
    # may log it or not.
    posts = [r.body for r in server.log[start:] if r.method == "POST"]
    assert len(posts) in (14, 15)
    assert posts[12:].count(b"verb=Identify") in (1, 2)


def test_an_answer_sent_ahead_that_never_comes_is_bounded_by_the_read_timeout() -> None:
    """A server that reads the request sent ahead and never answers holds nobody for long:
    the answer is waited for as long as any (read timeout), then asked for once more."""
    held: list[bytes] = []

    def answer(conn: socket.socket, path: bytes) -> None:
        if path == b"/a":
            conn.sendall(
                b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            )
            conn.close()
        else:
            held.append(path)  # read, never answered

    with raw_host(answer) as base, PoliteSession(RAW_POLICY) as session:
        assert session.get(base + "/a").status_code == 404
        ahead = session.send_ahead("GET", base + "/b")
        assert ahead is not None
        began = time.monotonic()
        with pytest.raises(TransportError):
            ahead.result()
        took = time.monotonic() - began
    assert 0.9 <= took < 3.0  # the answer sent ahead, then the request made again: 0.5 s each
    assert len(held) == 2


def test_an_answer_sent_ahead_that_trickles_is_not_asked_for_again() -> None:
    """A body that trickles past the page's time limit is the server's doing: it is refused
    as it would be without sending ahead, and not asked for a second time."""
    asked: list[bytes] = []

    def answer(conn: socket.socket, path: bytes) -> None:
        if path == b"/a":
            echo(conn, path)
            return
        asked.append(path)
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n")
        for _ in range(30):
            try:
                conn.sendall(b"x")
            except OSError:
                return
            time.sleep(0.1)

    with raw_host(answer) as base, PoliteSession(RAW_POLICY) as session:
        assert session.get(base + "/a").text == "/a"
        ahead = session.send_ahead("GET", base + "/b")
        assert ahead is not None
        began = time.monotonic()
        with pytest.raises(TransportError, match="longer than"):
            ahead.result()
        took = time.monotonic() - began
    assert took < 1.5
    assert asked == [b"/b"]


def test_a_request_to_the_host_after_a_503_sent_ahead_does_not_wait_for_its_turn() -> None:
    """The refused answer sent ahead gives the host back when another request reads it first.

    Its turn on the host ends once its hold is written, when its own request reads it; a
    request to the host before that read the answer and then found the host taken by that
    turn until the reservation's lease lapsed.
    """
    calls: list[str] = []
    lock = threading.Lock()

    def route(request: LoggedRequest) -> Reply:
        with lock:
            calls.append(request.path)
            refused = len(calls) == 2
        if refused:
            return Reply(503, {"Retry-After": "1"}, "busy")
        return Reply(200, {"Content-Type": "text/plain"}, request.path)

    with LoopbackServer("127.0.0.3") as srv:
        srv.add("/p", route)
        srv.add("/robots.txt", lambda r: Reply(404, {}, ""))
        with PoliteSession(FAST) as session:
            assert session.get(srv.url("/p?1")).text == "/p?1"
            ahead = session.send_ahead("GET", srv.url("/p?2"))
            assert ahead is not None
            began = time.monotonic()
            assert session.get(srv.url("/p?3"), max_inline_wait=5).text == "/p?3"
            assert time.monotonic() - began < 5
            assert ahead.result().text == "/p?2"  # then asked again, after its Retry-After
        no_overlap(srv.log)
