"""PoliteSession against real servers on loopback, on the real clock, with a scaled policy.

Every assertion about politeness is read from the servers' own logs: arrival
of each request and the end of each response, per host.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
import requests

from politeharvest import PoliteSession, RequestEvent
from politeharvest.exceptions import (
    Disallowed,
    HarvestError,
    RedirectRefused,
    RetriesExhausted,
    RobotsUnavailable,
    TransportError,
)
from politeharvest.testing import Reply
from tests.support import SCALED, SERVER_SLACK, server_gaps, server_lag

pytestmark = pytest.mark.integration

Serve = Callable[..., Any]
ROBOTS = "User-agent: *\nDisallow: /private\nDisallow: /*.bak$\nAllow: /private/open\n"
# The server stamps a response's end after its write returns, so a server thread
# that waits for a CPU stamps late and the gap it sees is short by that wait
# (0.1-0.3 ms seen on a busy 2-core machine; 5 ms allowed, or what the server measured of
# its own lag when longer: `server_gaps`, `server_lag`). The floor is checked exactly, with
# no tolerance, on the client's own clock (`assert_events_paced`) and on the
# FakeClock tests; the server's view gets this much for its own latency.
SLACK = SERVER_SLACK


def assert_events_paced(events: list[RequestEvent]) -> int:
    """Zero-tolerance check on the session's own timestamps: start - previous end >= floor x m."""
    by_host: dict[str, list[RequestEvent]] = {}
    for event in events:
        if event.started is not None and event.ended is not None:
            by_host.setdefault(event.host, []).append(event)
    checked = 0
    for host_events in by_host.values():
        ordered = sorted(host_events, key=lambda e: e.started or 0.0)
        for prev, nxt in itertools.pairwise(ordered):
            interval = SCALED.file_interval if nxt.kind == "file" else SCALED.request_interval
            assert nxt.started is not None and prev.ended is not None
            assert nxt.started - prev.ended >= interval * nxt.multiplier, (prev.url, nxt.url)
            checked += 1
    return checked


def floor_for(path: str) -> float:
    return SCALED.file_interval if path.endswith(".pdf") else SCALED.request_interval


def assert_server_saw_polite_gaps(server: Any, multiplier: float = 1.0) -> int:
    gaps = server_gaps(server.log)
    for request, gap in gaps:
        assert gap >= floor_for(request.path) * multiplier - SLACK, (request.path, gap)
    return len(gaps)


def test_mixed_harvest_on_three_tls_hosts_is_paced_and_obeys_robots(
    serve: Serve, http: requests.Session
) -> None:
    servers = [serve(host) for host in ("127.0.0.2", "127.0.0.3", "127.0.0.4")]
    for server in servers:
        server.add("/robots.txt", Reply(200, body=ROBOTS))
        server.add("/slow", Reply(200, body="slow", duration_s=0.1))
        server.add("/r", Reply(302, {"Location": "/slow"}))
    wanted = [
        "/a",
        "/private/x",
        "/b.pdf",
        "/r",
        "/private/open/1",
        "/c.bak",
        "/c.bak?v=1",
        "/slow",
        "/d.pdf",
    ]
    refused = 0
    events: list[RequestEvent] = []
    with PoliteSession(SCALED, http=http, on_event=(events.append,)) as session:
        for path in wanted * 2:
            for server in servers:
                kind = "file" if path.endswith(".pdf") else "page"
                try:
                    session.get(server.url(path), kind=kind)
                except Disallowed:
                    refused += 1
    assert refused == 3 * 2 * 2
    assert assert_events_paced(events) == sum(len(s.log) for s in servers) - 3
    for server in servers:
        seen = {r.path for r in server.log}
        assert "/private/x" not in seen
        assert "/c.bak" not in seen
        assert {"/private/open/1", "/c.bak?v=1", "/slow"} <= seen
        assert [r.path for r in server.log].count("/robots.txt") == 1
        assert assert_server_saw_polite_gaps(server) == len(server.log) - 1
        assert server.max_in_flight == 1
        assert all(r.headers["User-Agent"] == SCALED.user_agent for r in server.log)


def test_threads_share_one_session_hosts_in_parallel_each_host_in_turn(
    serve: Serve, http: requests.Session
) -> None:
    servers = [serve(host) for host in ("127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5")]
    events: list[RequestEvent] = []
    session = PoliteSession(SCALED, http=http, on_event=(events.append,))
    per_host = 12
    errors: list[BaseException] = []

    def work(server: Any) -> None:
        try:
            for n in range(per_host):
                session.get(server.url(f"/p{n}"))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    # two threads per host: they must take turns on their host
    threads = [threading.Thread(target=work, args=(s,)) for s in servers for _ in range(2)]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - started
    assert not errors
    assert assert_events_paced(events) == 4 * 2 * per_host
    for server in servers:
        assert len(server.log) == 1 + 2 * per_host
        assert server.max_in_flight == 1
        assert_server_saw_polite_gaps(server)
    # one host alone would need ~24 x 50 ms; four hosts in parallel must not take 4x that
    assert elapsed < 4 * (2 * per_host * SCALED.request_interval) * 0.75


def test_http_and_https_of_one_host_share_the_pacer(serve: Serve, http: requests.Session) -> None:
    tls = serve("127.0.0.5")
    plain = serve("127.0.0.5", tls=False)
    session = PoliteSession(attrs.evolve(SCALED, https_only=False), http=http)
    for n in range(6):
        session.get(tls.url(f"/s{n}"))
        session.get(plain.url(f"/p{n}"))
    merged = [*tls.log, *plain.log]
    robots = [r for r in merged if r.path == "/robots.txt"]
    assert len(robots) == 2  # robots.txt stays per origin
    for request, gap in server_gaps(merged):
        assert gap >= SCALED.request_interval - SLACK, (request.url, gap)  # two pacers: ~0


def test_retry_after_on_the_wire(serve: Serve, http: requests.Session) -> None:
    server = serve()
    server.add("/oai", [Reply(503, {"Retry-After": "1"}), Reply(200, body="ok")])
    server.add("/busy", Reply(429))
    session = PoliteSession(SCALED, http=http)
    assert session.get(server.url("/oai")).text == "ok"
    oai = server.requests_for("/oai")
    # the server's gaps may read a little short of the client's (SLACK; exact on the client's
    # clock: tests/net/test_session.py)
    slack = SLACK
    assert oai[1].arrival - oai[0].end >= 1.0 - max(slack, server_lag(oai[0]))
    with pytest.raises(RetriesExhausted):
        session.get(server.url("/busy"))
    busy = server.requests_for("/busy")
    assert len(busy) == 4
    gaps = [gap for _, gap in server_gaps(busy)]
    # backoff 0.1/0.2/0.4 s, but the interval is already x2, x4, x8 of 50 ms by then
    assert gaps[0] >= max(0.1, 0.05 * 4) - slack
    assert gaps[1] >= max(0.2, 0.05 * 8) - slack
    assert gaps[2] >= max(0.4, 0.05 * 8) - slack


def test_robots_unavailable_means_no_other_request_until_it_can_be_read(
    serve: Serve, http: requests.Session
) -> None:
    server = serve()
    server.add("/robots.txt", [Reply(503), Reply(200, body="User-agent: *\nDisallow: /x\n")])
    session = PoliteSession(SCALED, http=http)
    with pytest.raises(RobotsUnavailable):
        session.get(server.url("/oai"))
    with pytest.raises(RobotsUnavailable):
        session.get(server.url("/oai"))
    assert [r.path for r in server.log] == ["/robots.txt"]
    time.sleep(SCALED.robots_error_s)
    session.get(server.url("/oai"))
    assert [r.path for r in server.log] == ["/robots.txt", "/robots.txt", "/oai"]


def test_truncated_robots_fails_closed(serve: Serve, http: requests.Session) -> None:
    server = serve()
    server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n" * 10, truncate_at=20))
    with pytest.raises(RobotsUnavailable, match="truncated"):
        PoliteSession(SCALED, http=http).get(server.url("/oai"))
    assert [r.path for r in server.log] == ["/robots.txt"]


def test_unreachable_host_fails_closed(http: requests.Session) -> None:
    with pytest.raises(RobotsUnavailable):
        PoliteSession(SCALED, http=http).get("https://127.0.0.9:1/oai")


def test_robots_redirect_to_another_host_applies_to_the_original(
    serve: Serve, http: requests.Session
) -> None:
    first, second = serve("127.0.0.2"), serve("127.0.0.3")
    first.add("/robots.txt", Reply(301, {"Location": second.url("/shared-robots.txt")}))
    second.add("/shared-robots.txt", Reply(200, body="User-agent: *\nDisallow: /secret\n"))
    session = PoliteSession(SCALED, http=http)
    with pytest.raises(Disallowed):
        session.get(first.url("/secret"))
    session.get(first.url("/open"))
    assert [r.path for r in first.log] == ["/robots.txt", "/open"]
    assert [r.path for r in second.log] == ["/shared-robots.txt"]


def test_redirects_on_the_wire(serve: Serve, http: requests.Session) -> None:
    a, b = serve("127.0.0.2"), serve("127.0.0.3")
    plain = serve("127.0.0.2", tls=False)
    a.add("/tr/article", Reply(301, {"Location": "/en/article"}))
    a.add("/en/article", Reply(200, body="article"))
    a.add("/to-http", Reply(302, {"Location": plain.url("/x")}))
    a.add("/off-site", Reply(302, {"Location": b.url("/file.pdf")}))
    for n in range(5):
        a.add(f"/hop{n}", Reply(302, {"Location": f"/hop{n + 1}"}))
    session = PoliteSession(attrs.evolve(SCALED, redirect_scope="host"), http=http)
    response = session.get(a.url("/tr/article"))
    assert (response.url, response.text) == (a.url("/en/article"), "article")
    with pytest.raises(RedirectRefused, match="https only"):
        session.get(a.url("/to-http"))
    assert plain.log == []
    with pytest.raises(RedirectRefused) as caught:
        session.get(a.url("/off-site"))
    assert caught.value.code == "off-site"
    assert b.log == []
    with pytest.raises(RedirectRefused) as caught:
        session.get(a.url("/hop0"))
    assert caught.value.code == "too-many-hops"
    assert len(a.requests_for("/hop")) == 4
    allowed = PoliteSession(
        attrs.evolve(SCALED, redirect_scope="host", allowed_hosts=("127.0.0.3",)),
        http=http,
        pace_store=session.pace_store,  # one job, one pacer per host
    )
    assert allowed.get(a.url("/off-site")).status_code == 404
    assert [r.path for r in b.log] == ["/robots.txt", "/file.pdf"]
    assert_server_saw_polite_gaps(a)


def test_truncated_download_is_a_transport_error(serve: Serve, http: requests.Session) -> None:
    server = serve()
    server.add("/a.pdf", Reply(200, body=b"%PDF-" + b"x" * 10000, truncate_at=100))
    session = PoliteSession(SCALED, http=http)
    with (
        pytest.raises(TransportError),
        session.get(server.url("/a.pdf"), kind="file", stream=True) as response,
    ):
        b"".join(session.iter_body(response))
    session.get(server.url("/next"))
    assert_server_saw_polite_gaps(server)


def test_env_ca_bundle_is_honoured(
    serve: Serve, ca_bundle: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """REQUESTS_CA_BUNDLE applies to the prepared requests the session sends."""
    server = serve()
    monkeypatch.setenv("REQUESTS_CA_BUNDLE", str(ca_bundle))
    assert PoliteSession(SCALED).get(server.url("/x")).status_code == 404
    monkeypatch.delenv("REQUESTS_CA_BUNDLE")
    monkeypatch.delenv("CURL_CA_BUNDLE", raising=False)
    with pytest.raises(HarvestError):
        PoliteSession(SCALED).get(server.url("/y"))


def test_event_log_matches_the_server_log(serve: Serve, http: requests.Session) -> None:
    server = serve()
    server.add("/r", Reply(302, {"Location": "/p"}))
    events: list[RequestEvent] = []
    session = PoliteSession(SCALED, http=http, on_event=(events.append,))
    session.get(server.url("/r"))
    session.get(server.url("/f.pdf"), kind="file")
    assert [e.url for e in events if e.started is not None] == [r.url for r in server.log]
    assert [e.wait_reason for e in events][1:] == [
        "request-interval",
        "request-interval",
        "request-interval",  # the origin's tdmrep.json, before the file
        "file-interval",
    ]


def test_env_proxy_and_no_proxy_are_honoured(
    serve_here: Serve, monkeypatch: pytest.MonkeyPatch
) -> None:
    """HTTP_PROXY carries the prepared requests (robots.txt too); NO_PROXY bypasses it."""
    proxy = serve_here("127.0.0.5", tls=False)
    proxy.add("http://origin.invalid/robots.txt", Reply(200, body="User-agent: *\nDisallow: /no\n"))
    proxy.add("http://origin.invalid/page", Reply(200, body="via the proxy"))
    monkeypatch.setenv("HTTP_PROXY", proxy.base_url)
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    monkeypatch.delenv("http_proxy", raising=False)
    session = PoliteSession(attrs.evolve(SCALED, https_only=False))
    assert session.get("http://origin.invalid/page").text == "via the proxy"
    # the proxy saw absolute-form requests for the origin (logged after its own address)
    seen = [r.url.removeprefix(proxy.base_url) for r in proxy.log]
    assert seen == ["http://origin.invalid/robots.txt", "http://origin.invalid/page"]
    monkeypatch.setenv("NO_PROXY", "origin.invalid")
    with pytest.raises(HarvestError):  # direct: the name does not resolve
        PoliteSession(attrs.evolve(SCALED, https_only=False)).get("http://origin.invalid/page")
    assert len(proxy.log) == 2


def test_a_page_body_cut_short_is_a_transport_error_and_frees_the_host(
    serve: Serve, http: requests.Session
) -> None:
    server = serve()
    server.add("/cut", Reply(200, body="x" * 5000, truncate_at=10))
    session = PoliteSession(SCALED, http=http)
    with pytest.raises(TransportError, match="interrupted"):
        session.get(server.url("/cut"))
    assert session.get(server.url("/next")).status_code == 404  # the host's turn was released
    assert_server_saw_polite_gaps(server)
