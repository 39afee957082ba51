"""Issue 36, point 2: slow down when the server does; ``RateLimit-Policy`` paces from the start.

A loopback server answers in 20 ms, then in 400 ms for a spell, then in 20 ms again: the gaps
it sees (end of one answer to the start of the next request) grow while it is slow and come
back after, and none is ever below the policy's interval. A server that announces only
``RateLimit-Policy: "default";q=4;w=2`` is paced at 0.5 s from its first answer, although the
policy's own interval is 0.05 s.
"""

from __future__ import annotations

import threading
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from politeharvest import OaiPager, Politeness, PoliteSession
from politeharvest.net._latency import LatencyBook, LatencyWatch
from politeharvest.net._ratelimit import announced_hold
from politeharvest.testing import (
    FakeClock,
    LoggedRequest,
    LoopbackServer,
    OaiTestRepository,
    Reply,
    end_to_start_gaps,
)
from tests.support import SERVER_SLACK, UA, server_gaps

INTERVAL = 0.05


# -- the decision -----------------------------------------------------------------------------


def test_no_stretch_while_the_host_answers_at_its_level() -> None:
    watch = LatencyWatch()
    for seconds in [0.02, 0.025, 0.018, 0.03, 0.02, 0.022]:
        watch = watch.observe(seconds)
    assert watch.factor(cap=8.0) == 1.0


def test_stretch_while_slow_and_back_after() -> None:
    watch = LatencyWatch()
    for _ in range(5):
        watch = watch.observe(0.02)
    for _ in range(3):
        watch = watch.observe(0.4)
    assert watch.factor(cap=8.0) == 8.0  # 20x its level, capped at the policy's x8
    for _ in range(6):
        watch = watch.observe(0.02)
    assert watch.factor(cap=8.0) == 1.0


def test_small_absolute_jumps_are_noise() -> None:
    """2 ms to 6 ms is three times the level but no sign of load."""
    watch = LatencyWatch()
    for seconds in [0.002] * 5 + [0.006] * 5:
        watch = watch.observe(seconds)
    assert watch.factor(cap=8.0) == 1.0


@given(st.lists(st.floats(min_value=0.0, max_value=30.0), max_size=60), st.floats(1.0, 16.0))
def test_the_stretch_is_never_below_one_nor_above_the_cap(samples: list[float], cap: float) -> None:
    """Never faster than the policy, never slower than its largest slow-down."""
    book = LatencyBook()
    for seconds in samples:
        book.observe("h", seconds)
        assert 1.0 <= book.factor("h", cap) <= cap


@pytest.mark.parametrize(
    ("policy", "expected"),
    [
        ('"default";q=100;w=60', 0.6),
        ('"default";q=100;w=60, "daily";q=1000;w=86400', 86.4),  # the strictest
        ('"bytes";q=100000;w=1;qu="content-bytes"', None),  # not a count of requests
        ('"default";q=0;w=60', None),
        ("nonsense", None),
        ('"default";q=10', None),  # no window: nothing to pace by
    ],
)
def test_ratelimit_policy_paces_before_any_ratelimit_answer(
    policy: str, expected: float | None
) -> None:
    hold = announced_hold(
        {"RateLimit-Policy": policy}, status=200, now=0.0, retry_statuses=(429, 503)
    )
    assert (hold.delay if hold else None) == (pytest.approx(expected) if expected else None)


def test_the_longer_of_policy_and_ratelimit_wins() -> None:
    headers = {"RateLimit-Policy": '"default";q=10;w=10', "RateLimit": '"default";r=0;t=5'}
    hold = announced_hold(headers, status=200, now=0.0, retry_statuses=(429, 503))
    assert hold is not None and hold.delay == 5.0
    headers = {"RateLimit-Policy": '"default";q=1;w=10', "RateLimit": '"default";r=5;t=5'}
    hold = announced_hold(headers, status=200, now=0.0, retry_statuses=(429, 503))
    assert hold is not None and hold.delay == 10.0


def test_a_slow_host_stretches_the_gaps_on_the_fake_clock() -> None:
    """The door measures each answer on the session's clock and stretches the next gap."""
    import requests

    from politeharvest.testing import ScriptedAdapter

    clock = FakeClock()
    adapter = ScriptedAdapter(clock)
    adapter.add("https://repo.example.org/robots.txt", Reply(404))
    durations = [0.02] * 5 + [0.4] * 4 + [0.02] * 8
    adapter.add(
        "https://repo.example.org/x", [Reply(200, body="ok", duration_s=d) for d in durations]
    )
    http = requests.Session()
    http.mount("https://", adapter)
    policy = Politeness(user_agent=UA, request_interval=1.0, max_slowdown=4.0)
    with PoliteSession(policy, http=http, clock=clock) as session:
        for _ in durations:
            session.get("https://repo.example.org/x")
    waits = [s for s in clock.sleeps if s > 0]
    assert max(waits) == pytest.approx(4.0, abs=0.05)  # x4 (the cap) while slow
    assert waits[-1] == pytest.approx(1.0, abs=0.05)  # back to the interval after
    assert min(waits) >= 1.0 - 1e-9


# -- on loopback, real clock -------------------------------------------------------------------


class SlowSpell:
    """A repository that answers in 20 ms, then in 400 ms for requests 6-10, then 20 ms."""

    def __init__(self, repo: OaiTestRepository) -> None:
        self.repo = repo
        self.count = 0
        self.lock = threading.Lock()

    def __call__(self, request: LoggedRequest) -> Reply:
        with self.lock:
            self.count += 1
            n = self.count
        time.sleep(0.4 if 6 <= n <= 10 else 0.02)
        return self.repo(request)


@pytest.mark.integration
def test_gaps_grow_while_the_server_is_slow_and_return_after() -> None:
    spell = SlowSpell(OaiTestRepository.sample(90, page_size=5))
    with LoopbackServer("127.0.0.2") as server:
        server.add("/oai", spell)
        server.add("/robots.txt", Reply(404))
        policy = Politeness(user_agent=UA, request_interval=INTERVAL, allow_private_addresses=True)
        with PoliteSession(policy) as session:
            ids = [r.identifier for r in OaiPager(session, server.url("/oai")).list_records()]
        log = server.requests_for("/oai")
    assert len(ids) == len(set(ids)) == 90
    # the politeness proof holds throughout (allowing for the server's own late stamps)
    assert min(gap for _, gap in server_gaps(log)) >= INTERVAL - SERVER_SLACK
    gaps = [gap for _, gap in end_to_start_gaps(log)]
    before = gaps[1:4]  # answers 2-4: the usual level
    during = gaps[7:11]  # after slow answers 6-10
    after = gaps[-4:]
    assert max(before) < 3 * INTERVAL
    assert min(during) > 3 * INTERVAL  # stretched while slow
    assert max(after) < 3 * INTERVAL  # and back once it recovered


@pytest.mark.integration
def test_ratelimit_policy_alone_paces_from_the_first_answer() -> None:
    repo = OaiTestRepository.sample(30, page_size=5)

    def announcing(request: LoggedRequest) -> Reply:
        reply = repo(request)
        return Reply(
            reply.status, {**reply.headers, "RateLimit-Policy": '"default";q=4;w=2'}, reply.body
        )

    with LoopbackServer("127.0.0.2") as server:
        server.add("/oai", announcing)
        server.add("/robots.txt", Reply(404))
        policy = Politeness(user_agent=UA, request_interval=INTERVAL, allow_private_addresses=True)
        with PoliteSession(policy) as session:
            ids = [r.identifier for r in OaiPager(session, server.url("/oai")).list_records()]
        gaps = [gap for _, gap in end_to_start_gaps(server.requests_for("/oai"))]
    assert len(set(ids)) == 30
    assert len(gaps) >= 5 and min(gaps[1:]) >= 0.5 - 0.01  # w / q, from the first answer on
