"""The origin's /.well-known/tdmrep.json on the wire: asked for before a file, as robots.txt is.

On by default (`tdmrep_json`): requested once per origin before its first file (never for
pages, so a metadata-only harvest never sends it), paced with the robots.txt Crawl-delay,
refused by robots.txt and the deny list like any other request, and "no rules" whenever
it is missing, an HTML page, too large or malformed. A failed answer is asked for again
after `robots_error_s`, a good one after `robots_cache_s`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest

from politeharvest import PoliteSession, RequestEvent
from politeharvest.exceptions import RightsReserved
from politeharvest.net._rights import TDMREP_MAX_BYTES
from politeharvest.testing import FakeClock, Reply, ScriptedAdapter

Make = Callable[..., PoliteSession]
H = "https://repo.example.org"
WELL_KNOWN = "/.well-known/tdmrep.json"
PDF = {"Content-Type": "application/pdf"}
RESERVES = b'[{"location": "/files/*", "tdm-reservation": 1}]'


def paths(adapter: ScriptedAdapter) -> list[str]:
    return [r.path for r in adapter.log]


def test_requested_once_per_origin_before_its_first_file(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{H}{WELL_KNOWN}", Reply(200, {}, b"[]"))
    session = make_session()
    session.get(f"{H}/oai?verb=Identify")
    session.get(f"{H}/landing")
    assert WELL_KNOWN not in paths(adapter)  # pages never ask for it
    session.get(f"{H}/a.pdf", kind="file")
    session.get(f"{H}/b.pdf", kind="file")
    session.get("https://cdn.example.org/c.pdf", kind="file")
    assert paths(adapter) == [
        "/robots.txt",
        "/oai?verb=Identify",
        "/landing",
        WELL_KNOWN,
        "/a.pdf",
        "/b.pdf",
        "/robots.txt",
        WELL_KNOWN,
        "/c.pdf",
    ]


@pytest.mark.parametrize(
    "reply",
    [
        Reply(404, {}, RESERVES),
        Reply(200, {"Content-Type": "text/html"}, b"<html><body>Welcome</body></html>"),
        Reply(200, {}, RESERVES + b" " * TDMREP_MAX_BYTES),  # over the cap
        Reply(200, {}, RESERVES[:-3]),  # malformed
        Reply(200, {}, b'{"location": "/files/*", "tdm-reservation": 1}'),  # not a list
        Reply(410, {}, b""),
    ],
)
def test_a_missing_html_oversized_or_malformed_file_has_no_rules(
    make_session: Make, adapter: ScriptedAdapter, reply: Reply
) -> None:
    adapter.add(f"{H}{WELL_KNOWN}", reply)
    adapter.add(f"{H}/files/a.pdf", Reply(200, PDF, b"%PDF-1.7"))
    response = make_session().get(f"{H}/files/a.pdf", kind="file")
    assert response.status_code == 200
    assert paths(adapter) == ["/robots.txt", WELL_KNOWN, "/files/a.pdf"]


def test_robots_txt_refuses_it_like_any_other_request(
    make_session: Make, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{H}/robots.txt", Reply(200, {}, b"User-agent: *\nDisallow: /.well-known/\n"))
    adapter.add(f"{H}/files/a.pdf", Reply(200, PDF, b"%PDF-1.7"))
    events: list[RequestEvent] = []
    session = make_session(events)
    assert session.get(f"{H}/files/a.pdf", kind="file").status_code == 200
    session.get(f"{H}/files/b.pdf", kind="file")
    assert paths(adapter) == ["/robots.txt", "/files/a.pdf", "/files/b.pdf"]
    refused = [e for e in events if e.decision == "disallowed"]
    assert [(e.url, e.kind) for e in refused] == [(f"{H}{WELL_KNOWN}", "robots")]  # once


def test_the_deny_list_refuses_it_too(make_session: Make, adapter: ScriptedAdapter) -> None:
    session = make_session(deny_patterns=("/.well-known/",))
    session.get(f"{H}/files/a.pdf", kind="file")
    assert paths(adapter) == ["/robots.txt", "/files/a.pdf"]


def test_paced_with_the_crawl_delay(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    adapter.add(f"{H}/robots.txt", Reply(200, {}, b"User-agent: *\nCrawl-delay: 10\n"))
    session = make_session()
    session.get(f"{H}/landing")
    session.get(f"{H}/files/a.pdf", kind="file")
    starts = [r.arrival for r in adapter.log]
    assert [later - earlier for earlier, later in itertools.pairwise(starts)] == [10.0, 10.0, 10.0]


def test_a_failed_answer_is_asked_again_after_robots_error_s(
    make_session: Make, adapter: ScriptedAdapter, clock: FakeClock
) -> None:
    adapter.add(f"{H}{WELL_KNOWN}", [Reply(503, {}, b"busy"), Reply(200, {}, RESERVES), Reply(404)])
    adapter.add(f"{H}/files/a.pdf", Reply(200, PDF, b"%PDF-1.7"))
    session = make_session(robots_error_s=600.0, job_budget=10**6)
    assert session.get(f"{H}/files/a.pdf", kind="file").status_code == 200  # no rules yet
    clock.advance(500.0)
    session.get(f"{H}/files/a.pdf", kind="file")
    assert paths(adapter).count(WELL_KNOWN) == 1
    clock.advance(100.0)
    with pytest.raises(RightsReserved, match=r"tdmrep\.json reserves /files/"):
        session.get(f"{H}/files/a.pdf", kind="file")
    assert paths(adapter).count(WELL_KNOWN) == 2
    clock.advance(86000.0)  # a good answer stands a day (robots_cache_s)
    with pytest.raises(RightsReserved, match=r"tdmrep\.json reserves"):
        session.get(f"{H}/files/a.pdf", kind="file")
    assert paths(adapter).count(WELL_KNOWN) == 2
    assert paths(adapter).count("/files/a.pdf") == 2


def test_switched_off_it_is_never_asked_for(
    make_session: Make, adapter: ScriptedAdapter, policy: Any
) -> None:
    assert policy.tdmrep_json is True  # the default
    for changes in ({"tdmrep_json": False}, {"tdm_reservations": False}, {"tdm_licence": "L"}):
        make_session(**changes).get(f"{H}/files/a.pdf", kind="file")
    assert WELL_KNOWN not in paths(adapter)
