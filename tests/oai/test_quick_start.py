"""The one-line start for sickle users, and requests' keywords on PoliteSession."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import politeharvest
from politeharvest import OaiPager, Politeness, PoliteSession
from politeharvest.testing import LoopbackServer, OaiTestRepository, Reply

pytestmark = pytest.mark.integration
LOOPBACK = Politeness(request_interval=0, allow_private_addresses=True, https_only=False)


@pytest.fixture(scope="module")
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer("127.0.0.1") as srv:
        srv.add("/oai", OaiTestRepository.sample(60, page_size=20))
        srv.add("/moved", Reply(302, {"Location": "/oai?verb=Identify"}))
        yield srv


def test_harvest_in_one_line_with_sickle_spellings(server: LoopbackServer) -> None:
    records = list(
        politeharvest.harvest(
            server.url("/oai"),
            contact="me@example.org",
            policy=LOOPBACK,
            metadataPrefix="oai_dc",
            set="math",
            **{"from": "2020-01-01"},
        )
    )
    assert records and all("math" in r.set_specs for r in records)
    agent = server.log[-1].headers["User-Agent"]
    assert "mailto:me@example.org" in agent


def test_from_url_closes_its_session(server: LoopbackServer) -> None:
    with OaiPager.from_url(
        server.url("/oai"), contact="https://me.example.org/", policy=LOOPBACK
    ) as pager:
        assert pager.identify().repository_name
        assert pager.owns_session
    with pytest.raises(ValueError, match="e-mail address or a URL"):
        OaiPager.from_url(server.url("/oai"), contact="me")
    with pytest.raises(TypeError, match="unknown listing argument"):
        OaiPager.from_url(server.url("/oai"), contact="me@example.org", sett="x")


def test_requests_keywords_on_a_polite_session(server: LoopbackServer) -> None:
    with PoliteSession(LOOPBACK) as session:
        first = session.get(server.url("/moved"), allow_redirects=False, timeout=5)
        assert first.status_code == 302  # the first hop, not followed
        final = session.get(server.url("/moved"), timeout=(3, 5), verify=True)
        assert final.status_code == 200 and final.url.endswith("verb=Identify")
        assert session.head(server.url("/oai"), timeout=5).status_code in (200, 405)
        posted = session.post(server.url("/oai"), data={"verb": "Identify"})
        assert b"Identify" in posted.content
