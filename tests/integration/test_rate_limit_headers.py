"""A server that announces its rate limit is never made to answer 429.

The loopback repository allows 4 requests in each 1-second window and says so in every answer
(one header style per case); a request beyond the quota gets 429. Harvested through
`OaiPager` with no interval of its own, politeharvest paces itself by the headers: 0 answers
429, every record once. With `rate_limit_headers=False` the same harvest runs into the limit,
which shows the test can fail.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import attrs
import pytest

from politeharvest import OaiPager, Politeness, PoliteSession
from politeharvest.testing import LoggedRequest, LoopbackServer, OaiTestRepository, Reply

from .conftest import UA

pytestmark = pytest.mark.integration

QUOTA, WINDOW = 4, 1.0


def styles() -> dict[str, Callable[[int, float], dict[str, str]]]:
    return {
        "ietf-structured": lambda left, reset: {
            "RateLimit": f'"default";r={left};t={max(1, round(reset))}',
            "RateLimit-Policy": f'"default";q={QUOTA};w={WINDOW:g}',
        },
        "draft-fields": lambda left, reset: {
            "RateLimit-Limit": str(QUOTA),
            "RateLimit-Remaining": str(left),
            "RateLimit-Reset": f"{reset:.3f}",
        },
        "x-ratelimit-epoch": lambda left, reset: {
            "X-RateLimit-Limit": str(QUOTA),
            "X-RateLimit-Remaining": str(left),
            "X-RateLimit-Reset": f"{time.time() + reset:.3f}",
        },
    }


class Limited:
    """A fixed-window limiter in front of a repository, announcing what is left."""

    def __init__(self, repo: OaiTestRepository, style: Callable[[int, float], dict[str, str]]):
        self.repo, self.style = repo, style
        self.lock = threading.Lock()
        self.window_start = time.monotonic()
        self.used = 0
        self.refused = 0

    def __call__(self, request: LoggedRequest) -> Reply:
        with self.lock:
            now = time.monotonic()
            if now - self.window_start >= WINDOW:
                self.window_start, self.used = now, 0
            reset = WINDOW - (now - self.window_start)
            if self.used >= QUOTA:
                self.refused += 1
                return Reply(429, {"Retry-After": "1", **self.style(0, reset)}, b"slow down")
            self.used += 1
            left = QUOTA - self.used
        reply = self.repo(request)
        return attrs.evolve(reply, headers={**reply.headers, **self.style(left, reset)})


@pytest.fixture(params=sorted(styles()))
def limited(request: pytest.FixtureRequest) -> Iterator[tuple[LoopbackServer, Limited]]:
    repo = OaiTestRepository.sample(40, page_size=5)
    gate = Limited(repo, styles()[request.param])
    with LoopbackServer("127.0.0.2") as server:
        server.add("/oai", gate)
        server.add("/robots.txt", Reply(404, {}, b""))
        yield server, gate


def harvest(server: LoopbackServer, **policy: object) -> list[str]:
    rules = Politeness(
        user_agent=UA,
        request_interval=0.0,
        allow_private_addresses=True,
        backoff=(0.2, 0.4, 0.8, 1.6),
        max_wait=5.0,
        **policy,  # type: ignore[arg-type]
    )
    with PoliteSession(policy=rules) as session:
        pager = OaiPager(session, server.url("/oai"))
        return [record.identifier for record in pager.list_records()]


def test_announced_limits_are_kept(limited: tuple[LoopbackServer, Limited]) -> None:
    server, gate = limited
    ids = harvest(server)
    assert len(ids) == len(set(ids)) == 40
    assert gate.refused == 0
    assert all(r.status != 429 for r in server.log)


def test_without_the_headers_the_limit_is_hit(limited: tuple[LoopbackServer, Limited]) -> None:
    server, gate = limited
    ids = harvest(server, rate_limit_headers=False)
    assert len(set(ids)) == 40  # the 429s are waited out, nothing lost
    assert gate.refused > 0
