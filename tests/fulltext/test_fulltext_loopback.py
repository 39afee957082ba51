"""Full text against real TLS servers on loopback: robots, redirects, fake PDFs, 429s,
truncated downloads, atomic storage, retry-later marks, and 304s on the second run."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
import requests

from politeharvest import FullText, FullTextStep, PoliteSession, SQLiteStateStore
from politeharvest.fulltext._identity import RecordHints
from politeharvest.testing import ConditionalReply, Reply, text_pdf
from tests.support import SCALED, SERVER_SLACK, server_gaps

pytestmark = pytest.mark.integration

Serve = Callable[..., Any]
PDF = b"%PDF-1.7\n" + bytes(range(256)) * 200 + b"\n%%EOF\n"
ROBOTS = "User-agent: *\nDisallow: /private/\nDisallow: /tr/login\n"
POLICY = attrs.evolve(SCALED, redirect_scope="host", robots_error_s=60.0)
#: Article 2's file lives on another host: kept only when its text matches the record.
HINTS_2 = RecordHints(titles=("Kıyı erozyonu ve kum tepeleri",), surnames=("yilmaz",))
CDN_PDF = text_pdf(["Kiyi erozyonu ve kum tepeleri", "Ayse Yilmaz", "2024"])


def landing(pdf_href: str) -> str:
    return (
        '<html><head><meta name="citation_title" content="Makale">'
        f'<meta name="citation_pdf_url" content="{pdf_href}"></head>'
        f'<body><div id="article-toolbar"><a class="article-tool pdf" href="{pdf_href}">Tam Metin</a></div></body></html>'
    )


@pytest.fixture
def site(serve: Serve) -> Any:
    """A journal site in the DergiPark style, its http twin, and a CDN on another host,
    each host served from a process of its own (so its log times are exact)."""
    main = serve("127.0.0.2")
    cdn = serve("127.0.0.3")
    plain = serve("127.0.0.2", tls=False)
    main.add("/robots.txt", Reply(200, body=ROBOTS))
    cdn.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
    # Turkish interface moves to the English one on the same host
    main.add("/tr/pub/j/article/1", Reply(301, {"Location": "/en/pub/j/article/1"}))
    main.add(
        "/en/pub/j/article/1",
        Reply(200, {"Content-Type": "text/html"}, landing("/en/download/article-file/501")),
    )
    main.add("/en/download/article-file/501", ConditionalReply(PDF, '"a501"'))
    # a page whose PDF lives on the CDN (another host: allowed only when allow-listed)
    main.add("/en/pub/j/article/2", Reply(200, {}, landing(cdn.url("/files/502.pdf"))))
    cdn.add("/files/502.pdf", ConditionalReply(CDN_PDF, '"a502"'))
    # http refused, four hops refused, robots-disallowed file
    main.add("/en/pub/j/article/3", Reply(200, {}, landing("/to-http/503.pdf")))
    main.add("/to-http/503.pdf", Reply(302, {"Location": plain.url("/files/503.pdf")}))
    main.add("/en/pub/j/article/4", Reply(200, {}, landing("/hop/1")))
    for n in range(1, 5):
        main.add(f"/hop/{n}", Reply(302, {"Location": f"/hop/{n + 1}"}))
    main.add("/hop/5", Reply(200, {}, PDF))
    main.add("/en/pub/j/article/5", Reply(200, {}, landing("/private/505.pdf")))
    # HTML served as "PDF", a 429 on a file, a truncated download
    main.add("/en/pub/j/article/6", Reply(200, {}, landing("/fake/506.pdf")))
    main.add(
        "/fake/506.pdf",
        Reply(
            200,
            {"Content-Type": "application/pdf"},
            "<!DOCTYPE html><html><body>Please log in" + " " * 2000,
        ),
    )
    main.add("/en/pub/j/article/7", Reply(200, {}, landing("/busy/507.pdf")))
    main.add(
        "/busy/507.pdf",
        [
            Reply(429, {"Retry-After": "1"}),
            Reply(429, {"Retry-After": "1"}),
            Reply(429, {"Retry-After": "1"}),
            Reply(429, {"Retry-After": "1"}),
            Reply(200, {}, PDF + b"7"),
        ],
    )
    main.add("/en/pub/j/article/8", Reply(200, {}, landing("/cut/508.pdf")))
    main.add(
        "/cut/508.pdf",
        [
            Reply(200, {"Content-Type": "application/pdf"}, PDF, truncate_at=3000),
            Reply(200, {}, PDF + b"8"),
        ],
    )
    return main, cdn, plain


def step_for(
    http: requests.Session, state: SQLiteStateStore, folder: Path, **policy: Any
) -> FullTextStep:
    session = PoliteSession(attrs.evolve(POLICY, **policy), http=http)
    return FullTextStep(session, FullText(directory=folder), state)


def test_full_text_on_the_wire(site: Any, http: requests.Session, tmp_path: Path) -> None:
    main, cdn, plain = site
    state = SQLiteStateStore(tmp_path / "state.sqlite")
    step = step_for(http, state, tmp_path / "ft")
    got = {
        n: step.for_url(
            main.url(f"/tr/pub/j/article/{n}" if n == 1 else f"/en/pub/j/article/{n}"),
            f"rec-{n}",
            hints=HINTS_2 if n == 2 else None,
        )
        for n in range(1, 9)
    }

    # 1: Turkish -> English redirect; the final URL is the record's address; stored atomically
    one = got[1]
    assert one["status"] == "downloaded"
    assert one["landing_url"] == main.url("/en/pub/j/article/1")
    assert Path(one["path"]).read_bytes() == PDF
    assert one["sha256"] == hashlib.sha256(PDF).hexdigest()
    # 2: the page links a file on another host directly: the page chose it, so it is fetched
    #    (with that host's robots.txt and pacing); redirects off-site are what is refused
    #    and kept because its text matches the record (another host's file is weak evidence)
    assert got[2]["status"] == "downloaded"
    assert got[2]["identity"]["verdict"] == "matched"
    assert [r.path for r in cdn.log] == [
        "/robots.txt",
        "/.well-known/tdmrep.json",
        "/files/502.pdf",
    ]
    # 3: a redirect from https to http is refused, and nothing reaches the http server
    assert got[3]["status"] == "no-fulltext"
    assert "https only" in got[3]["reason"]
    assert plain.log == []
    # 4: four hops refused; the server saw the first request and three hops only
    assert got[4]["status"] == "no-fulltext"
    assert len([r for r in main.log if r.path.startswith("/hop/")]) == 4
    assert "/hop/5" not in [r.path for r in main.log]
    # 5: robots.txt forbids the file: never requested
    assert got[5]["status"] == "no-fulltext"
    assert "/private/505.pdf" not in [r.path for r in main.log]
    # 6: HTML served as "PDF" is not stored
    assert got[6]["status"] == "no-fulltext"
    assert "not a pdf file" in got[6]["reason"]
    # 7: 429 after every retry: retry-later mark with a not-before time
    assert (got[7]["status"], got[7]["retriable"]) == ("retry-later", True)
    # 8: a truncated download: retry-later, nothing half-written
    assert got[8]["status"] == "retry-later"
    stored = sorted(p.name for p in (tmp_path / "ft").glob("*.pdf"))
    assert not [n for n in stored if n.startswith(".part-")]
    assert len(stored) == 2  # rec-1 and rec-2
    # politeness held from the server's side: file gaps >= the file interval
    for request, gap in server_gaps(main.log):
        floor = (
            POLICY.file_interval
            if "/download/" in request.path or request.path.endswith(".pdf")
            else POLICY.request_interval
        )
        assert gap >= floor - SERVER_SLACK, (request.path, gap)

    marks = {m.extra.get("key") for m in state.retry_later(10**12)}
    assert marks == {"rec-7", "rec-8"}

    # the next run: retry-later marks are picked up, and unchanged files cost a 304
    again = step_for(http, state, tmp_path / "ft")
    retried = {row["identifier"]: row["fulltext"]["status"] for row in again.retry_due(10**12)}
    assert retried == {"rec-7": "downloaded", "rec-8": "downloaded"}
    before = len(main.log)
    second = again.for_url(main.url("/tr/pub/j/article/1"), "rec-1")
    assert second["status"] == "unchanged"
    file_requests = [r for r in main.log[before:] if r.path == "/en/download/article-file/501"]
    assert [r.status for r in file_requests] == [304]


def test_allow_listed_file_host(site: Any, http: requests.Session, tmp_path: Path) -> None:
    main, cdn, _ = site
    state = SQLiteStateStore(tmp_path / "state.sqlite")
    step = step_for(http, state, tmp_path / "ft")
    # a direct link to another host is requested as the page chose it; redirects to it
    # are what the allow-list governs
    main.add("/en/pub/j/article/9", Reply(200, {}, landing("/to-cdn/509.pdf")))
    main.add("/to-cdn/509.pdf", Reply(302, {"Location": cdn.url("/files/502.pdf")}))
    refused = step.for_url(main.url("/en/pub/j/article/9"), "rec-9", hints=HINTS_2)
    assert refused["status"] == "no-fulltext"
    assert cdn.log == []
    allowed = step_for(http, state, tmp_path / "ft2", allowed_hosts=("127.0.0.3",))
    ok = allowed.for_url(main.url("/en/pub/j/article/9"), "rec-9b", hints=HINTS_2)
    assert ok["status"] == "downloaded"
    assert ok["file_url"] == cdn.url("/files/502.pdf")


def test_cli_batch_mode(site: Any, tmp_path: Path, ca_bundle: Path) -> None:
    main, _, _ = site
    inputs = tmp_path / "in.jsonl"
    inputs.write_text(
        "\n".join(
            json.dumps({"id": f"w{n}", "url": main.url(f"/en/pub/j/article/{n}")}) for n in (1, 6)
        )
        + "\n"
    )
    policy = tmp_path / "policy.json"
    policy.write_text(json.dumps({**attrs.evolve(POLICY).to_mapping()}))
    out = tmp_path / "results.jsonl"
    args = [
        sys.executable,
        "-m",
        "politeharvest",
        "fulltext",
        str(inputs),
        "--out",
        str(out),
        "--files",
        str(tmp_path / "files"),
        "--policy",
        str(policy),
        "--state",
        str(tmp_path / "s.sqlite"),
    ]
    env = {"REQUESTS_CA_BUNDLE": str(ca_bundle), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(args, capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    rows = {json.loads(line)["id"]: json.loads(line) for line in out.read_text().splitlines()}
    # the same nested fulltext object as harvest rows
    assert rows["w1"]["fulltext"]["status"] == "downloaded"
    assert rows["w1"]["fulltext"]["landing_url"] == main.url("/en/pub/j/article/1")
    assert rows["w6"]["fulltext"]["status"] == "no-fulltext"
    again = subprocess.run(args, capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path)
    assert again.returncode == 0
    assert "0 results" in again.stderr  # resumable: done ids are skipped
    assert len(out.read_text().splitlines()) == 2
