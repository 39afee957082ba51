"""A server that announces its rate limit is never made to answer 429.

The loopback repository allows 4 requests in each 1-second window and says so in every answer
(one header style per case); a request beyond the quota gets 429. Harvested through
`OaiPager` with no interval of its own, politeharvest paces itself by the headers: 0 answers
429, every record once. With `rate_limit_headers=False` the same harvest runs into the limit,
which shows the test can fail.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from politeharvest import OaiPager, Politeness, PoliteSession
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply
from tests.support import UA
from tests.support.ratelimit import Limited, styles

pytestmark = pytest.mark.integration


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
