"""Issue 24, must-show 1: a harvest with files keeps the site's limits and its rights.

One loopback repository announces its rate limit on every answer (OAI-PMH pages, landing
pages, files, robots.txt and tdmrep.json: ``RateLimit``/``RateLimit-Policy`` of the IETF
draft, or ``X-RateLimit-*``, 4 requests a second) and answers 429 beyond it. Its records'
landing pages lead to files, some of them reserved for text and data mining: by the file's
own ``tdm-reservation: 1`` header, by a rule of the origin's ``/.well-known/tdmrep.json``,
by the landing page's ``<meta name="tdm-reservation">``, or by robots directives
(``X-Robots-Tag: noai`` on the file, ``<meta name="robots" content="noai">`` on the page).
Harvested through `HarvestPlan` with full text (the path of ``politeharvest harvest
--files DIR``) on a scaled-down policy, the server's log shows 0 answers 429, no GET of a
file reserved before its request and no body of one reserved by its headers stored, every
refusal's row carries its evidence, and the unreserved files are stored. With the
rate-limit headers ignored, the same harvest is answered 429: the test can fail.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from politeharvest import FullText, HarvestPlan
from politeharvest.testing import (
    LoggedRequest,
    LoopbackServer,
    OaiTestRepository,
    Reply,
    SampleRecord,
    text_pdf,
)
from tests.support import SCALED
from tests.support.ratelimit import Limited, styles

pytestmark = pytest.mark.integration

POLICY_URL = "https://rights.example.org/tdm-policy.json"
TDMREP = b"""[
  {"location": "/reserved/*", "tdm-reservation": 1, "tdm-policy": "%s"},
  {"location": "/*", "tdm-reservation": 0}
]""" % POLICY_URL.encode()
PDF = {"Content-Type": "application/pdf"}

#: record -> (what its landing page adds to its head, the file it links, the file's headers)
RECORDS: dict[str, tuple[str, str, dict[str, str]]] = {
    "open-1": ("", "/files/open-1.pdf", {}),
    "open-2": ("", "/files/open-2.pdf", {}),
    # said to every robot, noarchive is a search engines' cache directive: harvested
    "noarchive": ('<meta name="robots" content="noarchive">', "/files/noarchive.pdf", {}),
    "header": ("", "/files/header.pdf", {"tdm-reservation": "1", "tdm-policy": POLICY_URL}),
    "noai-file": ("", "/files/noai-file.pdf", {"X-Robots-Tag": "noai"}),
    "tdmrep": ("", "/reserved/tdmrep.pdf", {}),
    "meta": (
        f'<meta name="tdm-reservation" content="1"><meta name="tdm-policy" content="{POLICY_URL}">',
        "/files/meta.pdf",
        {},
    ),
    "noai-page": ('<meta name="robots" content="index, follow, noai">', "/files/noai-page.pdf", {}),
}
STORED = {"open-1", "open-2", "noarchive"}
#: what each reserved record's row must say, besides "reserved"
EVIDENCE = {
    "header": ["tdm-reservation: 1 in the file's headers", POLICY_URL],
    "noai-file": ["X-Robots-Tag: noai in the file's headers"],
    "tdmrep": ["/.well-known/tdmrep.json reserves /reserved/*", POLICY_URL],
    "meta": ['<meta name="tdm-reservation" content="1">', "/item/meta", POLICY_URL],
    "noai-page": ["<meta name=robots> noai", "/item/noai-page"],
}
#: files reserved before any request for them: the server never sees them asked for
NEVER_ASKED = {"/reserved/tdmrep.pdf", "/files/meta.pdf", "/files/noai-page.pdf"}


def title(name: str) -> str:
    return f"Lichen cover on scree slopes, part {name}"


def dispatch(routes: dict[str, Reply | OaiTestRepository]) -> Callable[[LoggedRequest], Reply]:
    """One route for the whole site, so one rate limit covers every path."""

    def answer(request: LoggedRequest) -> Reply:
        route = routes[request.path.split("?", 1)[0]]
        return route if isinstance(route, Reply) else route(request)

    return answer


@pytest.fixture(params=["ietf-structured", "x-ratelimit-epoch"])
def site(request: pytest.FixtureRequest) -> Iterator[tuple[LoopbackServer, Limited]]:
    with LoopbackServer("127.0.0.2") as server:
        routes: dict[str, Reply | OaiTestRepository] = {
            "/oai": OaiTestRepository(
                records=[
                    SampleRecord(name, 1_600_000_000.0 + n * 3600.0, title=title(name))
                    for n, name in enumerate(RECORDS)
                ],
                page_size=3,
                link_base=server.url("/item/"),
            ),
            "/robots.txt": Reply(200, {}, b"User-agent: *\nAllow: /\n"),
            "/.well-known/tdmrep.json": Reply(200, {"Content-Type": "application/json"}, TDMREP),
        }
        for name, (head, link, headers) in RECORDS.items():
            routes[f"/item/{name}"] = Reply(
                200,
                {"Content-Type": "text/html"},
                f"<html><head><title>{title(name)}</title>"
                f'<meta name="citation_title" content="{title(name)}">'
                f'<meta name="citation_pdf_url" content="{link}">{head}</head>'
                f'<body><h1>{title(name)}</h1><a href="{link}">Download PDF</a></body></html>',
            )
            body = text_pdf(
                [title(name), "A. Moss, B. Stone", "2020", "Abstract. " + "Text. " * 40]
            )
            routes[link] = Reply(200, {**PDF, **headers}, body)
        # the limiter of test_rate_limit_headers, in front of the whole site (4 a second)
        limit = Limited(dispatch(routes), styles()[request.param])  # type: ignore[arg-type]
        for path in routes:
            server.add(path, limit)
        yield server, limit


def harvest(server: LoopbackServer, folder: Path, **policy: Any) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    rules = attrs.evolve(SCALED, https_only=False, **policy)
    with HarvestPlan(
        server.url("/oai"),
        policy=rules,
        state=folder / "state.sqlite",
        sink=rows.extend,
        fulltext=FullText(directory=folder / "files"),
    ) as plan:
        plan.run()
    return rows


def test_a_harvest_keeps_the_announced_limits_and_every_reservation(
    site: tuple[LoopbackServer, Limited], tmp_path: Path
) -> None:
    server, limit = site
    rows = harvest(server, tmp_path)
    fulltext = {row["identifier"]: row["fulltext"] for row in rows}
    assert set(fulltext) == set(RECORDS)

    # the announced limits: never answered 429
    assert limit.refused == 0
    assert [r.status for r in server.log if r.status == 429] == []

    # the unreserved files are stored, each the record's own
    for name in STORED:
        assert fulltext[name]["status"] == "downloaded", fulltext[name]
        stored = Path(fulltext[name]["path"]).read_bytes()
        assert stored.startswith(b"%PDF-")
        assert fulltext[name]["sha256"] == hashlib.sha256(stored).hexdigest()
    stored_files = sorted(p.name for p in (tmp_path / "files").glob("*.pdf"))
    assert len(stored_files) == len(STORED)

    # no reserved file downloaded; every refusal's row says which signal, where, and why
    for name, evidence in EVIDENCE.items():
        row = fulltext[name]
        assert row["status"] == "reserved", row
        assert row["path"] is None and row["sha256"] is None
        assert row["file_url"] == server.url(RECORDS[name][1])  # the file named, not fetched
        for said in evidence:
            assert said in row["reason"], (name, said, row["reason"])
    asked = [r.path for r in server.log]
    assert not NEVER_ASKED & set(asked)  # reserved before any request
    assert asked.count("/.well-known/tdmrep.json") == 1  # once for the origin
    assert asked.index("/.well-known/tdmrep.json") < min(
        i for i, path in enumerate(asked) if path.startswith("/files/")
    )


def test_ignoring_the_headers_the_same_harvest_is_answered_429(
    site: tuple[LoopbackServer, Limited], tmp_path: Path
) -> None:
    server, limit = site
    harvest(server, tmp_path, rate_limit_headers=False, request_interval=0.0, file_interval=0.0)
    assert limit.refused > 0
