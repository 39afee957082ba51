"""PoliteSession on a FakeClock with a scripted transport: section 13 A, B, C, D, E, H.

Gaps are measured the way a server would: from the end of one response on a
host to the arrival of the next request (the adapter logs both on the clock).
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable
from email.utils import format_datetime
from typing import Any

import pytest
import requests

from politeharvest import MemoryPaceStore, PoliteSession, RequestEvent
from politeharvest.exceptions import (
    BudgetExhausted,
    Disallowed,
    HostStopped,
    RedirectRefused,
    ResponseTooLarge,
    RetriesExhausted,
    RobotsUnavailable,
    WaitRequired,
)
from politeharvest.testing import (
    FakeClock,
    LoggedRequest,
    Reply,
    ScriptedAdapter,
    end_to_start_gaps,
)

H = "https://repo.example.org"
Make = Callable[..., PoliteSession]


def sent(events: list[RequestEvent]) -> list[RequestEvent]:
    return [e for e in events if e.started is not None]


def assert_paced(
    events: list[RequestEvent], interval: float = 1.0, file_interval: float = 6.0
) -> int:
    """Every end-to-start gap per host is at least the floor times the multiplier then in force."""
    checked = 0
    by_host: dict[str, list[RequestEvent]] = {}
    for event in sent(events):
        by_host.setdefault(event.host, []).append(event)
    for host_events in by_host.values():
        ordered = sorted(host_events, key=lambda e: e.started or 0.0)
        for prev, nxt in itertools.pairwise(ordered):
            floor = (file_interval if nxt.kind == "file" else interval) * nxt.multiplier
            assert nxt.started is not None and prev.ended is not None
            assert nxt.started - prev.ended >= floor - 1e-9, (prev, nxt)
            checked += 1
    return checked


def paths(log: list[LoggedRequest]) -> list[str]:
    return [r.path for r in log]


# -- A. pacing --------------------------------------------------------------------------


def test_a1_fifty_mixed_requests_all_paced(make_session: Make, adapter: ScriptedAdapter) -> None:
    """robots.txt, pages, redirects, retries and HEADs: every gap >= 1 s x m (A1)."""
    adapter.add(
        f"{H}/robots.txt", Reply(200, body="User-agent: *\nDisallow: /private\n", duration_s=0.2)
    )
    for n in range(20):
        adapter.add(f"{H}/page/{n}", Reply(200, body=f"page {n}", duration_s=0.05 * n))
        adapter.add(f"{H}/r/{n}", Reply(302, {"Location": f"/page/{n}"}))
    adapter.add(f"{H}/busy", [Reply(503, {"Retry-After": "2"}), Reply(200, body="ok")])
    events: list[RequestEvent] = []
    session = make_session(events)
    for n in range(10):
        session.get(f"{H}/page/{n}")
        session.head(f"{H}/page/{n}")
        session.get(f"{H}/r/{n}")
    session.get(f"{H}/busy")
    for n in range(10, 18):
        session.get(f"{H}/r/{n}")
    assert len(adapter.log) >= 50
    assert paths(adapter.log)[0] == "/robots.txt"
    assert assert_paced(events) == len(adapter.log) - 1
    # the server's view agrees: gaps >= 1 s, and >= 2 s once the 503 doubled the interval
    doubled = False
    for request, gap in end_to_start_gaps(adapter.log):
        assert gap >= (2.0 if doubled else 1.0)
        doubled = doubled or request.path == "/busy"


def test_a2_files_wait_six_seconds_after_html_and_after_a_slow_file(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    """A PDF waits >= 6 s after an HTML page and after a 30 s download (end-to-start) (A2)."""
    adapter.add(f"{H}/landing", Reply(200, body="<html>"))
    adapter.add(f"{H}/a.pdf", Reply(200, body=b"%PDF-1.7", duration_s=30.0))
    adapter.add(f"{H}/b.pdf", Reply(200, body=b"%PDF-1.7"))
    events: list[RequestEvent] = []
    session = make_session(events)
    session.get(f"{H}/landing")
    session.get(f"{H}/a.pdf", kind="file")
    session.get(f"{H}/b.pdf", kind="file")
    session.get(f"{H}/landing")
    gaps = [gap for _, gap in end_to_start_gaps(adapter.log)]
    # after robots.txt: landing, tdmrep.json, a.pdf, b.pdf (after 30 s), page
    assert gaps[1:] == [1.0, 6.0, 6.0, 1.0]
    assert [e.wait_reason for e in sent(events)][2:] == [
        "request-interval",
        "file-interval",
        "file-interval",
        "request-interval",
    ]


def test_a2_streamed_file_holds_the_host_until_closed(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    adapter.add(f"{H}/a.pdf", Reply(200, body=b"%PDF-1.7 " + b"x" * 1000))
    adapter.add(f"{H}/next", Reply(200))
    session = make_session()
    body = b""
    with session.get(f"{H}/a.pdf", kind="file", stream=True) as response:
        for chunk in session.iter_body(response, chunk_size=100):
            body += chunk
            clock.advance(1.0)  # a slow download: the response ends when the last byte is read
    assert body.startswith(b"%PDF-")
    session.get(f"{H}/next")
    headers_arrived = adapter.log[2].end  # after robots.txt and tdmrep.json
    assert adapter.log[3].arrival >= headers_arrived + 11.0 + 1.0


def test_a5_crawl_delay_raises_the_floor(make_session: Make, adapter: ScriptedAdapter) -> None:
    adapter.add(f"{H}/robots.txt", Reply(200, body="User-agent: *\nCrawl-delay: 10\n"))
    session = make_session()
    for n in range(3):
        session.get(f"{H}/p{n}")
    assert [gap for _, gap in end_to_start_gaps(adapter.log)] == [10.0, 10.0, 10.0]


@pytest.mark.parametrize(
    ("value", "gap"),
    [
        ("0.5", 1.0),
        ("1e9", 300.0),
        ("400", 300.0),
        ("inf", 1.0),
        ("-1", 1.0),
        ("nan", 1.0),
        ("soon", 1.0),
    ],
)
def test_a5_crawl_delay_junk_and_cap(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock, value: str, gap: float
) -> None:
    """Junk is ignored; above the 300 s cap the host is paced at the cap (Heritrix) (A5)."""
    adapter.add(f"{H}/robots.txt", Reply(200, body=f"User-agent: *\nCrawl-delay: {value}\n"))
    session = make_session()
    session.get(f"{H}/a")
    session.get(f"{H}/b")
    assert [g for _, g in end_to_start_gaps(adapter.log)] == [gap, gap]
    assert max(clock.sleeps) <= 300.0


def test_a6_http_and_https_share_a_pacer_robots_stay_per_origin(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    adapter.add(
        "https://repo.example.org/robots.txt", Reply(200, body="User-agent: *\nDisallow: /s\n")
    )
    adapter.add(
        "http://repo.example.org/robots.txt", Reply(200, body="User-agent: *\nDisallow: /p\n")
    )
    session = make_session(https_only=False)
    session.get("https://repo.example.org/p")
    session.get("http://repo.example.org/s")
    session.get("https://repo.example.org/x")
    session.get("http://repo.example.org/y")
    assert paths(adapter.log) == ["/robots.txt", "/p", "/robots.txt", "/s", "/x", "/y"]
    assert all(gap >= 1.0 for _, gap in end_to_start_gaps(adapter.log))
    with pytest.raises(Disallowed):
        session.get("http://repo.example.org/p")
    with pytest.raises(Disallowed):
        session.get("https://repo.example.org/s")


def test_different_hosts_do_not_wait_for_each_other(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    session = make_session()
    session.get("https://a.example.org/1")
    session.get("https://b.example.org/1")
    session.get("https://c.example.org/1")
    assert clock.sleeps == [1.0, 1.0, 1.0]  # only the gap after each host's own robots.txt


# -- B. retry, backoff, Retry-After -----------------------------------------------------


def test_b1_retry_after_seconds(make_session: Make, adapter: ScriptedAdapter) -> None:
    """503 with Retry-After: 7 resends the same request >= max(7, 1 x 2) s later, once (B1)."""
    adapter.add(f"{H}/oai", [Reply(503, {"Retry-After": "7"}), Reply(200, body="ok")])
    session = make_session()
    assert session.get(f"{H}/oai").text == "ok"
    log = adapter.log[1:]
    assert paths(log) == ["/oai", "/oai"]
    assert log[1].arrival - log[0].end == 7.0


@pytest.mark.parametrize("form", ["imf", "rfc850", "asctime"])
def test_b2_retry_after_dates(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock, form: str
) -> None:
    """Each HTTP-date form is honoured to within 1 s (B2)."""
    when = dt.datetime.fromtimestamp(clock.now() + 90, tz=dt.timezone.utc)
    value = {
        "imf": format_datetime(when, usegmt=True),
        "rfc850": when.strftime("%A, %d-%b-%y %H:%M:%S GMT"),
        "asctime": when.strftime("%a %b %e %H:%M:%S %Y"),
    }[form]
    adapter.add(f"{H}/oai", [Reply(503, {"Retry-After": value}), Reply(200)])
    make_session().get(f"{H}/oai")
    assert adapter.log[2].arrival - adapter.log[1].end == pytest.approx(90.0, abs=1.0)


def test_b2_past_date_keeps_the_base_gap(make_session: Make, adapter: ScriptedAdapter) -> None:
    adapter.add(
        f"{H}/oai", [Reply(429, {"Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"}), Reply(200)]
    )
    make_session().get(f"{H}/oai")
    assert adapter.log[2].arrival - adapter.log[1].end == 2.0  # 1 s x 2 after the 429


@pytest.mark.parametrize("junk", ["1.5", "-5", "1m0s", "soon", "", "7, 9"])
def test_b3_junk_falls_back_to_schedule(
    make_session: Make, adapter: ScriptedAdapter, junk: str
) -> None:
    adapter.add(f"{H}/oai", [Reply(429, {"Retry-After": junk}), Reply(200, body="ok")])
    assert make_session().get(f"{H}/oai").text == "ok"
    assert adapter.log[2].arrival - adapter.log[1].end == 30.0


def test_b4_schedule_then_retry_later_with_no_fifth_request(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    adapter.add(f"{H}/oai", Reply(503))
    session = make_session()
    with pytest.raises(RetriesExhausted) as caught:
        session.get(f"{H}/oai")
    oai = [r for r in adapter.log if r.path == "/oai"]
    assert len(oai) == 4
    gaps = [b.arrival - a.end for a, b in itertools.pairwise(oai)]
    assert gaps == [30.0, 60.0, 120.0]
    assert sum(gaps) >= 210.0
    assert caught.value.statuses == (503, 503, 503, 503)
    assert caught.value.until > dt.datetime.fromtimestamp(clock.now(), tz=dt.timezone.utc)


@pytest.mark.parametrize(
    "value", ["86400", "99999999999999999999", "Fri, 31 Dec 2099 23:59:59 GMT"]
)
def test_b5_huge_retry_after_defers_and_holds_the_host(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock, value: str
) -> None:
    """No sleep over 300 s, never retried before the server's time, no overflow (B5)."""
    adapter.add(f"{H}/oai", [Reply(503, {"Retry-After": value}), Reply(200)])
    session = make_session()
    with pytest.raises(WaitRequired) as caught:
        session.get(f"{H}/oai")
    assert caught.value.until >= dt.datetime.fromtimestamp(clock.now() + 86399, tz=dt.timezone.utc)
    with pytest.raises(WaitRequired):  # the host stays held for this job
        session.get(f"{H}/other")
    assert [r.path for r in adapter.log].count("/oai") == 1
    assert all(s <= 300.0 for s in clock.sleeps)


def test_b6_multiplier_x2_x4_x8_then_8_other_hosts_untouched(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{H}/oai", [Reply(429, {"Retry-After": "0"}) for _ in range(4)] + [Reply(200)])
    adapter.add(f"{H}/f.pdf", Reply(200, body=b"%PDF-"))
    events: list[RequestEvent] = []
    session = make_session(events, backoff=(5, 5, 5, 5, 5))
    session.get(f"{H}/oai")
    oai = [e for e in sent(events) if e.url.endswith("/oai")]
    assert [e.multiplier for e in oai] == [1.0, 2.0, 4.0, 8.0, 8.0]
    session.get(f"{H}/page")
    session.get(f"{H}/f.pdf", kind="file")
    gaps = [gap for _, gap in end_to_start_gaps(adapter.log)]
    assert gaps[-2:] == [8.0, 48.0]  # 1 s x 8 and 6 s x 8
    assert session.multiplier("https://other.example.org") == 1.0
    assert assert_paced(events) >= 7


def test_b6_multiplier_shared_by_sessions_of_one_job_new_job_starts_at_one(
    http: requests.Session, clock: FakeClock, adapter: ScriptedAdapter, policy: object
) -> None:
    """Two workers (sessions) of one job share the slow-down; a new job starts at x1 (B6)."""
    adapter.add(f"{H}/oai", [Reply(503, {"Retry-After": "1"}), Reply(200)])
    store = MemoryPaceStore()
    first = PoliteSession(policy, http=http, clock=clock, pace_store=store, job_id="job-1")  # type: ignore[arg-type]
    first.get(f"{H}/oai")
    restarted = PoliteSession(policy, http=http, clock=clock, pace_store=store, job_id="job-1")  # type: ignore[arg-type]
    assert restarted.multiplier(H) == 2.0
    new_job = PoliteSession(policy, http=http, clock=clock, pace_store=store, job_id="job-2")  # type: ignore[arg-type]
    assert new_job.multiplier(H) == 1.0


def test_b7_retry_after_zero_still_waits_the_gap(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{H}/oai", [Reply(503, {"Retry-After": "0"}), Reply(200)])
    make_session().get(f"{H}/oai")
    assert adapter.log[2].arrival - adapter.log[1].end == 2.0


def test_b7_retries_are_robots_checked_and_bound_by_the_deadline(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    adapter.add(f"{H}/oai", Reply(503, {"Retry-After": "200"}))
    session = make_session(job_budget=250.0)
    with pytest.raises(BudgetExhausted):
        session.get(f"{H}/oai")  # 1st retry at ~201 s fits, the 2nd at ~402 s does not
    assert [r.path for r in adapter.log].count("/oai") == 2


def test_b8_403_stops_the_host(make_session: Make, adapter: ScriptedAdapter) -> None:
    adapter.add(f"{H}/oai", Reply(403))
    events: list[RequestEvent] = []
    session = make_session(events)
    with pytest.raises(HostStopped) as caught:
        session.get(f"{H}/oai")
    assert caught.value.status == 403
    with pytest.raises(HostStopped):
        session.get(f"{H}/other")
    assert paths(adapter.log) == ["/robots.txt", "/oai"]
    assert any(e.decision == "stopped" for e in events)


@pytest.mark.parametrize(
    "reply",
    [
        Reply(403, {"cf-mitigated": "challenge"}, "<html>"),
        Reply(503, {"cf-mitigated": "challenge"}, "<html>"),
        Reply(
            503,
            {},
            "<html><head><title>Just a moment...</title></head><script>window._cf_chl_opt={}</script>",
        ),
    ],
)
def test_b8_challenges_stop_after_one_request(
    make_session: Make, adapter: ScriptedAdapter, reply: Reply
) -> None:
    adapter.add(f"{H}/article", reply)
    session = make_session()
    with pytest.raises(HostStopped, match="challenge"):
        session.get(f"{H}/article")
    assert paths(adapter.log) == ["/robots.txt", "/article"]


def test_b8_413_with_retry_after_is_not_retried(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{H}/big", Reply(413, {"Retry-After": "1"}))
    assert make_session().get(f"{H}/big").status_code == 413
    assert paths(adapter.log) == ["/robots.txt", "/big"]


# -- C. job budget ------------------------------------------------------------------------


def test_c1_no_request_starts_after_the_deadline(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    session = make_session()
    with pytest.raises(BudgetExhausted):
        for n in range(2000):
            session.get(f"{H}/p{n}")
    assert all(r.arrival < 1200.0 for r in adapter.log)
    assert max(r.arrival for r in adapter.log) >= 1198.0


def test_c2_a_wait_that_crosses_the_deadline_is_never_begun(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    adapter.add(f"{H}/oai", Reply(503))
    session = make_session()
    session.get(f"{H}/warmup")
    clock.advance(1185.0 - clock.monotonic())  # t = 19:45
    sleeps_before = len(clock.sleeps)
    with pytest.raises(BudgetExhausted) as caught:
        session.get(f"{H}/oai")
    assert clock.monotonic() < 1200.0
    assert all(s < 30.0 for s in clock.sleeps[sleeps_before:])
    assert caught.value.deadline == session.deadline


def test_c2_a_file_gap_at_19_58_is_never_begun(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    session = make_session()
    session.get(f"{H}/landing")
    adapter.add(f"{H}/landing2", Reply(200, duration_s=1.0))
    clock.advance(1197.0 - clock.monotonic())
    session.get(f"{H}/landing2")  # ends at t = 19:58
    assert clock.monotonic() == 1198.0
    session_requests = len(adapter.log)
    with pytest.raises(BudgetExhausted):
        session.get(f"{H}/a.pdf", kind="file")
    # the origin's tdmrep.json (a page gap, at 19:59), then the file's gap is never begun
    assert len(adapter.log) == session_requests + 1
    assert clock.monotonic() == 1199.0


def test_c4_callers_own_budget_gives_wait_required(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    session = make_session()
    session.get(f"{H}/landing")
    with pytest.raises(WaitRequired) as caught:
        session.get(f"{H}/a.pdf", kind="file", max_inline_wait=5.0)
    expected = dt.datetime.fromtimestamp(clock.now() + 6.0, tz=dt.timezone.utc)
    assert abs((caught.value.until - expected).total_seconds()) < 0.01
    assert clock.sleeps == [1.0, 1.0]  # only the page gaps (landing, tdmrep.json) were slept
    assert session.get(f"{H}/a.pdf", kind="file").status_code == 404  # now it may wait


def test_job_started_earlier_has_less_budget(
    http: requests.Session, clock: FakeClock, policy: object
) -> None:
    session = PoliteSession(policy, http=http, clock=clock, job_started_at=clock.now() - 1190)  # type: ignore[arg-type]
    assert (session.deadline.timestamp() - clock.now()) == pytest.approx(10.0)


# -- D. robots.txt through the door -------------------------------------------------------


@pytest.mark.parametrize("reply", [Reply(500), Reply(503), Reply(429)])
def test_d_unreachable_robots_means_zero_other_requests(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock, reply: Reply
) -> None:
    adapter.add(f"{H}/robots.txt", [reply, Reply(200, body="User-agent: *\nDisallow: /x\n")])
    session = make_session()
    with pytest.raises(RobotsUnavailable):
        session.get(f"{H}/oai")
    with pytest.raises(RobotsUnavailable):
        session.get(f"{H}/oai")  # not re-fetched before the short TTL
    assert paths(adapter.log) == ["/robots.txt"]
    clock.advance(600.0)
    assert session.get(f"{H}/oai").status_code == 404
    assert paths(adapter.log) == ["/robots.txt", "/robots.txt", "/oai"]


def test_d_robots_network_error_fails_closed(make_session: Make, adapter: ScriptedAdapter) -> None:
    def refuse(request: LoggedRequest) -> Reply:
        raise requests.ConnectionError("connection refused")

    adapter.add(f"{H}/robots.txt", refuse)
    with pytest.raises(RobotsUnavailable, match="connection refused"):
        make_session().get(f"{H}/oai")
    assert paths(adapter.log) == []


def test_d_robots_cache_24_hours(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    adapter.add(f"{H}/robots.txt", Reply(200, body="User-agent: *\nDisallow: /x\n"))
    session = make_session(job_budget=200000.0)
    session.get(f"{H}/a")
    clock.advance(86400.0 - 60.0 - clock.monotonic())
    session.get(f"{H}/b")
    clock.advance(86400.0 - clock.monotonic())
    session.get(f"{H}/c")
    assert paths(adapter.log) == ["/robots.txt", "/a", "/b", "/robots.txt", "/c"]


def test_d_robots_redirects_five_hops_across_hosts(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    """Up to 5 hops (other hosts too) give rules for the original host; each hop is paced."""
    adapter.add(f"{H}/robots.txt", Reply(301, {"Location": "https://h1.example.net/robots.txt"}))
    for n in range(1, 5):
        adapter.add(
            f"https://h{n}.example.net/robots.txt",
            Reply(301, {"Location": f"https://h{n + 1}.example.net/robots.txt"}),
        )
    adapter.add(
        "https://h5.example.net/robots.txt", Reply(200, body="User-agent: *\nDisallow: /secret\n")
    )
    events: list[RequestEvent] = []
    session = make_session(events)
    with pytest.raises(Disallowed):
        session.get(f"{H}/secret")
    assert len(adapter.log) == 6
    assert all(e.kind == "robots" for e in sent(events))


def test_d_robots_sixth_hop_means_allow_all(make_session: Make, adapter: ScriptedAdapter) -> None:
    adapter.add(f"{H}/robots.txt", Reply(301, {"Location": "https://h1.example.net/robots.txt"}))
    for n in range(1, 7):
        adapter.add(
            f"https://h{n}.example.net/robots.txt",
            Reply(301, {"Location": f"https://h{n + 1}.example.net/robots.txt"}),
        )
    session = make_session()
    assert session.get(f"{H}/secret").status_code == 404
    assert [r.path for r in adapter.log].count("/robots.txt") == 6


def test_d_robots_fetch_has_short_timeout_and_identity(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    make_session().get(f"{H}/a")
    robots = adapter.log[0]
    assert robots.path == "/robots.txt"
    assert robots.headers["User-Agent"].startswith("politeharvest-tests/1.0 (+mailto:")
    assert robots.headers["From"] == "tests@example.org"


def test_d_deny_pattern_costs_no_request(make_session: Make, adapter: ScriptedAdapter) -> None:
    with pytest.raises(Disallowed, match="deny list"):
        make_session(deny_patterns=("/*/login",)).get(f"{H}/tr/login")
    assert adapter.log == []


def test_d_disallowed_oai_endpoint_reports_rule_and_line(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{H}/robots.txt", Reply(200, body="User-agent: *\nAllow: /$\nDisallow: /*?\n"))
    with pytest.raises(Disallowed) as caught:
        make_session().get(f"{H}/oai", params={"verb": "Identify"})
    assert (caught.value.rule, caught.value.line) == ("Disallow: /*?", 3)
    assert caught.value.robots_url == f"{H}/robots.txt"
    assert paths(adapter.log) == ["/robots.txt"]


# -- E. redirects through the door ------------------------------------------------------------


def test_e3_three_hops_followed_fourth_refused(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    for n in range(4):
        adapter.add(f"{H}/r{n}", Reply(302, {"Location": f"/r{n + 1}"}))
    adapter.add(f"{H}/r4", Reply(200))
    with pytest.raises(RedirectRefused) as caught:
        make_session().get(f"{H}/r0")
    assert caught.value.code == "too-many-hops"
    assert paths(adapter.log) == ["/robots.txt", "/r0", "/r1", "/r2", "/r3"]


def test_e3_final_url_is_the_address(make_session: Make, adapter: ScriptedAdapter) -> None:
    adapter.add(f"{H}/tr/article/1", Reply(301, {"Location": "/en/article/1"}))
    adapter.add(f"{H}/en/article/1", Reply(200, body="here"))
    response = make_session().get(f"{H}/tr/article/1")
    assert response.url == f"{H}/en/article/1"
    assert response.text == "here"


def test_e1_https_to_http_refused_with_zero_requests(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{H}/a", Reply(301, {"Location": "http://repo.example.org/a"}))
    with pytest.raises(RedirectRefused, match="https only"):
        make_session().get(f"{H}/a")
    assert [r.url for r in adapter.log if r.url.startswith("http:")] == []


def test_e4_every_hop_robots_checked_and_paced(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{H}/a", Reply(302, {"Location": "https://files.example.org/f"}))
    adapter.add(
        "https://files.example.org/robots.txt", Reply(200, body="User-agent: *\nDisallow: /f\n")
    )
    with pytest.raises(Disallowed):
        make_session().get(f"{H}/a")
    assert [r.url for r in adapter.log] == [
        f"{H}/robots.txt",
        f"{H}/a",
        "https://files.example.org/robots.txt",
    ]


def test_e4_retry_after_on_a_redirect_delays_the_hop(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{H}/a", Reply(302, {"Location": "/b", "Retry-After": "5"}))
    make_session().get(f"{H}/a")
    assert adapter.log[2].arrival - adapter.log[1].end == 5.0


def test_e5_credentials_never_reach_another_origin(
    make_session: Make, adapter: ScriptedAdapter, http: requests.Session
) -> None:
    http.headers["Authorization"] = "Bearer secret"
    http.headers["X-Api-Key"] = "k"
    adapter.add(f"{H}/a", Reply(302, {"Location": "https://files.example.org/f"}))
    make_session(sensitive_headers=("X-Api-Key",)).get(f"{H}/a", headers={"Cookie": "s=1"})
    first = next(r for r in adapter.log if r.url == f"{H}/a")
    hop = next(r for r in adapter.log if r.url == "https://files.example.org/f")
    assert first.headers["Authorization"] == "Bearer secret"
    lowered = {k.lower() for k in hop.headers}
    assert not lowered & {"authorization", "cookie", "proxy-authorization", "x-api-key"}


def test_e5_upgrade_to_https_keeps_no_credentials(
    make_session: Make, adapter: ScriptedAdapter, http: requests.Session
) -> None:
    http.headers["Authorization"] = "Basic eDp5"
    adapter.add("http://repo.example.org/a", Reply(301, {"Location": "https://repo.example.org/a"}))
    make_session().get("http://repo.example.org/a")
    hop = adapter.log[-1]
    assert hop.url == "https://repo.example.org/a"
    assert "Authorization" not in hop.headers


def test_e5_credentials_origin_is_the_first_requests_unless_given(
    make_session: Make, adapter: ScriptedAdapter, http: requests.Session
) -> None:
    """`session.credentials_origin` reads the origin in use: given, or the first request's."""
    adapter.add(f"{H}/a", Reply(200))
    session = make_session()
    assert session.credentials_origin is None
    session.get(f"{H}/a")
    assert session.credentials_origin == f"{H}/a"
    http.headers["Authorization"] = "Bearer secret"
    given = make_session(session_kwargs={"credentials_origin": "https://files.example.org/"})
    assert given.credentials_origin == "https://files.example.org/"
    given.get(f"{H}/a")
    assert given.credentials_origin == "https://files.example.org/"
    assert "Authorization" not in adapter.log[-1].headers


def test_pace_store_set_after_construction_is_used(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    """Like `http` and `on_event`, a session's parts set later apply from the next request."""
    adapter.add(f"{H}/robots.txt", Reply(404))
    adapter.add(f"{H}/a", Reply(200))
    session = make_session()
    store = MemoryPaceStore()
    session.pace_store = store
    store.stop_host("repo.example.org", job=session.job_id, reason="stopped by hand")
    with pytest.raises(HostStopped, match="by hand"):
        session.get(f"{H}/a")


def test_e6_login_wall_refused_with_evidence(make_session: Make, adapter: ScriptedAdapter) -> None:
    adapter.add(f"{H}/a", Reply(302, {"Location": "/Shibboleth.sso/Login?target=/a"}))
    with pytest.raises(RedirectRefused) as caught:
        make_session().get(f"{H}/a")
    assert caught.value.code == "auth-wall"
    assert "Shibboleth" in caught.value.location


def test_e6_loop_refused(make_session: Make, adapter: ScriptedAdapter) -> None:
    adapter.add(f"{H}/a", Reply(302, {"Location": "/b"}))
    adapter.add(f"{H}/b", Reply(302, {"Location": "/a"}))
    with pytest.raises(RedirectRefused, match="loop"):
        make_session().get(f"{H}/a")


def test_e7_redirect_to_a_name_resolving_to_loopback_is_refused(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{H}/a", Reply(302, {"Location": "https://localhost/admin"}))
    with pytest.raises(RedirectRefused) as caught:
        make_session(redirect_scope="any").get(f"{H}/a")
    assert caught.value.code == "private-address"


# -- H. identity and audit ---------------------------------------------------------------


def test_h1_same_identity_on_every_request(
    make_session: Make, adapter: ScriptedAdapter, http: requests.Session
) -> None:
    http.headers["User-Agent"] = "python-requests/evil"
    adapter.add(f"{H}/r", Reply(302, {"Location": "/p"}))
    adapter.add(f"{H}/p", [Reply(503, {"Retry-After": "1"}), Reply(200)])
    session = make_session()
    session.get(f"{H}/r")
    session.head(f"{H}/p")
    session.get(f"{H}/f.pdf", kind="file")
    assert len(adapter.log) == 7  # with the origin's tdmrep.json before the file
    for request in adapter.log:
        assert (
            request.headers["User-Agent"] == "politeharvest-tests/1.0 (+mailto:tests@example.org)"
        )
        assert request.headers["From"] == "tests@example.org"


def test_h2_event_log_explains_every_request(make_session: Make, adapter: ScriptedAdapter) -> None:
    adapter.add(f"{H}/robots.txt", Reply(200, body="User-agent: *\nDisallow: /no\n"))
    adapter.add(f"{H}/p", [Reply(503, {"Retry-After": "3"}), Reply(200)])
    events: list[RequestEvent] = []
    session = make_session(events)
    session.get(f"{H}/p")
    with pytest.raises(Disallowed):
        session.get(f"{H}/no")
    summary = [
        (e.kind, e.decision, e.status, e.wait_s, e.wait_reason, e.multiplier) for e in events
    ]
    assert summary == [
        ("robots", "sent", 200, 0.0, "none", 1.0),
        ("page", "retry", 503, 1.0, "request-interval", 1.0),
        ("page", "sent", 200, 3.0, "retry-after", 2.0),
        ("page", "disallowed", None, 0.0, "", 1.0),
    ]
    assert "Disallow: /no" in events[-1].detail
    assert session.stats.requests == 3
    assert session.stats.retries == 1
    assert session.stats.refused == 1


# -- size caps ------------------------------------------------------------------------------


def test_body_over_the_cap_is_refused(make_session: Make, adapter: ScriptedAdapter) -> None:
    adapter.add(f"{H}/big", Reply(200, body=b"x" * 2000))
    with pytest.raises(ResponseTooLarge):
        make_session(max_response_bytes=1000).get(f"{H}/big")


def test_gzip_body_is_capped_after_decompression(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    import gzip

    adapter.add(
        f"{H}/bomb", Reply(200, {"Content-Encoding": "gzip"}, gzip.compress(b"\0" * 200_000))
    )
    adapter.add(f"{H}/small", Reply(200, {"Content-Encoding": "gzip"}, gzip.compress(b"hello")))
    session = make_session(max_response_bytes=100_000)
    assert session.get(f"{H}/small").text == "hello"
    with pytest.raises(ResponseTooLarge):
        session.get(f"{H}/bomb")


def test_brotli_body_is_decoded(make_session: Make, adapter: ScriptedAdapter) -> None:
    import brotli

    adapter.add(f"{H}/br", Reply(200, {"Content-Encoding": "br"}, brotli.compress(b"<OAI-PMH/>")))
    session = make_session()
    assert session.get(f"{H}/br").content == b"<OAI-PMH/>"
    assert "br" in adapter.log[-1].headers["Accept-Encoding"]


def test_streamed_file_over_the_cap(make_session: Make, adapter: ScriptedAdapter) -> None:
    adapter.add(f"{H}/a.pdf", Reply(200, body=b"%PDF-" + b"x" * 5000))
    session = make_session()
    with (
        pytest.raises(ResponseTooLarge),
        session.get(f"{H}/a.pdf", kind="file", stream=True) as response,
    ):
        for _ in session.iter_body(response, limit=1000):
            pass
    assert session.get(f"{H}/next").status_code == 404  # the host's turn was released


def test_b8_403_on_a_file_is_the_files_outcome_not_the_hosts(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{H}/restricted.pdf", Reply(403, {}, "Forbidden"))
    adapter.add(f"{H}/challenged.pdf", Reply(403, {"cf-mitigated": "challenge"}, "<html>"))
    session = make_session()
    assert session.get(f"{H}/restricted.pdf", kind="file").status_code == 403
    assert session.get(f"{H}/oai").status_code == 404  # the host is still open
    with pytest.raises(HostStopped, match="challenge"):
        session.get(f"{H}/challenged.pdf", kind="file")
    with pytest.raises(HostStopped):
        session.get(f"{H}/oai")


def test_hooks_and_http_set_after_construction_are_used(
    make_session: Make, adapter: ScriptedAdapter, http: requests.Session
) -> None:
    """`on_event` and `http` are read when a request is made, not when the session was built."""
    adapter.add(f"{H}/robots.txt", Reply(404))
    adapter.add(f"{H}/a", Reply(200, body="a"))
    session = make_session()
    seen: list[RequestEvent] = []
    session.on_event = (seen.append,)
    session.http = http
    assert session.get(f"{H}/a").text == "a"
    assert [e.url for e in sent(seen)] == [f"{H}/robots.txt", f"{H}/a"]


@pytest.mark.parametrize(
    "read",
    [
        pytest.param(lambda r: r.content, id="content"),
        pytest.param(lambda r: r.text, id="text"),
        pytest.param(lambda r: r.json(), id="json"),
        pytest.param(lambda r: list(r.iter_content(16)), id="iter_content"),
        pytest.param(lambda r: list(r.iter_lines()), id="iter_lines"),
    ],
)
def test_streamed_body_read_to_its_end_releases_the_host(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock, read: Callable[[Any], Any]
) -> None:
    """`get(stream=True)` then `.content` (no close) ends the turn: the next get is not held."""
    adapter.add(f"{H}/a.json", Reply(200, body=b'{"a": [1, 2, 3]}\n'))
    adapter.add(f"{H}/next", Reply(200))
    session = make_session()
    response = session.get(f"{H}/a.json", stream=True)
    clock.advance(2.0)  # reading the body takes 2 s: the gap counts from its end
    read(response)
    assert session.get(f"{H}/next").status_code == 200
    read_end = adapter.log[1].end + 2.0
    assert adapter.log[2].arrival >= read_end + 1.0  # the policy's 1 s, end-to-start
    assert adapter.log[2].arrival < read_end + 5.0  # not held until a budget ran out


def test_streamed_body_read_in_part_keeps_the_turn_until_closed(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    """A body read only in part still holds the host until the response is closed."""
    adapter.add(f"{H}/a.pdf", Reply(200, body=b"%PDF-" + b"x" * 5000))
    adapter.add(f"{H}/next", Reply(200))
    session = make_session()
    response = session.get(f"{H}/a.pdf", kind="file", stream=True)
    next(response.iter_content(100))
    clock.advance(3.0)
    response.close()
    session.get(f"{H}/next")
    assert adapter.log[2].arrival >= adapter.log[1].end + 3.0 + 1.0


class _OrderedStore(MemoryPaceStore):
    """A pace store that notes when a host is held and when a turn on it is given back."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[str] = []

    def hold(self, host: str, until: float, *, reason: str) -> None:
        self.calls.append("hold")
        super().hold(host, until, reason=reason)

    def release(self, slot: Any, *, end: float | None) -> None:
        self.calls.append("release")
        super().release(slot, end=end)


def test_b9_a_refused_turn_holds_the_host_before_giving_it_back(
    http: requests.Session, clock: FakeClock, adapter: ScriptedAdapter, policy: object
) -> None:
    """A 503's hold is set while its turn still holds the host (B9).

    Given back first, another worker of the fleet could reserve the host in between and be
    handed a slot a gap after the refusal, not after its Retry-After (a request 23 ms after
    a 503 with Retry-After: 2, seen once in the Celery example's test).
    """
    adapter.add(f"{H}/oai", [Reply(503, {"Retry-After": "3"}), Reply(200, body="ok")])
    store = _OrderedStore()
    session = PoliteSession(policy, http=http, clock=clock, pace_store=store, job_id="j")  # type: ignore[arg-type]
    assert session.get(f"{H}/oai").text == "ok"
    # robots.txt's turn, then the refused one: held, then given back; then the retry's
    assert store.calls == ["release", "hold", "release", "release"]
