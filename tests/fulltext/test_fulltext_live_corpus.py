"""A live harvest of the landing corpora: a real PDF behind every link, no foreign file stored.

One loopback server plays every site of the corpora (tests/data/landing-corpus/dev
and ../shared/fixtures/landing-peers, read and served as bench/landing_eval.py does,
with the same documents behind the links): a transport adapter connects each page's own
host to it, so pages keep their real addresses (and site rules their hosts). Each
landing page is served with its HTTP headers, and every URL it links answers with a
real PDF of the document behind it: the article's own file carries the record's
title, authors and DOI on page one; a sibling article, the issue's table of contents,
an erratum, a supplement, guidelines or a form carry theirs. Every other address
answers 404.

An OAI-PMH endpoint on the same server lists one record per page (its title,
authors, DOI, year, and the landing page as ``dc:identifier``), and a `HarvestPlan`
with `FullText` harvests it as ``--files`` does. From the stored bytes and the server's
log: no record holds another document's file, every record has at most three file
requests, and the requests spent on documents that are not the record's are counted.
"""

from __future__ import annotations

import hashlib
import runpy
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlsplit

import attrs
import pytest
import requests
from requests.adapters import HTTPAdapter

from politeharvest import FullText, HarvestPlan
from politeharvest.testing import (
    LoggedRequest,
    LoopbackServer,
    OaiTestRepository,
    Reply,
    SampleRecord,
)
from tests.support import SCALED

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
POLICY = attrs.evolve(SCALED, https_only=False, request_interval=0.0, file_interval=0.0)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


#: The bench's documents: the same PDFs the evaluation serves behind every link.
BENCH = runpy.run_path(str(ROOT / "bench" / "landing_eval.py"))
document = BENCH["document_pdf"]
OWN_ROLES = BENCH["OWN_ROLES"]
#: The corpus pages with their records and the documents behind their links (absent: skipped).
PAGES = [*BENCH["fixtures"]("dev"), *BENCH["fixtures"]("landing-peers")]


class CorpusRepository(OaiTestRepository):
    """The OAI endpoint: one record per page, with its title, authors, DOI and page."""

    entries: dict[str, dict[str, Any]] = {}

    def _record(self, record: SampleRecord) -> str:
        entry = self.entries[record.identifier]
        meta = entry["record"]
        titles = meta["title"] if isinstance(meta["title"], list) else [meta["title"]]
        fields = [f"<dc:title>{_esc(t)}</dc:title>" for t in titles]
        fields += [f"<dc:creator>{_esc(a)}</dc:creator>" for a in meta.get("authors") or []]
        fields.append(f"<dc:identifier>{_esc(entry['url'])}</dc:identifier>")
        if meta.get("doi"):
            fields.append(f"<dc:identifier>https://doi.org/{_esc(meta['doi'])}</dc:identifier>")
        if meta.get("year"):
            fields.append(f"<dc:date>{meta['year']}</dc:date>")
        return (
            f"<record>{self._header(record)}<metadata>"
            '<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" '
            'xmlns:dc="http://purl.org/dc/elements/1.1/">' + "".join(fields) + "</oai_dc:dc>"
            "</metadata></record>"
        )


class ToLoopback(HTTPAdapter):
    """Connects every host but the loopback's own to the loopback server, under
    ``/site/<scheme>/<host>/<path>``; responses keep their real addresses."""

    def __init__(self, server: LoopbackServer) -> None:
        super().__init__()
        self.server = server

    def send(self, request: requests.PreparedRequest, **kwargs: Any) -> requests.Response:  # type: ignore[override]
        original = str(request.url)
        parts = urlsplit(original)
        if parts.hostname != self.server.host:
            query = f"?{parts.query}" if parts.query else ""
            request.url = self.server.url(
                f"/site/{parts.scheme}/{parts.netloc}{quote(unquote(parts.path))}{query}"
            )
            request.headers["Host"] = parts.netloc
        response = super().send(request, **kwargs)
        response.url = original
        request.url = original
        return response


def original_url(logged: LoggedRequest) -> str:
    path = urlsplit(logged.url).path + (
        f"?{urlsplit(logged.url).query}" if urlsplit(logged.url).query else ""
    )
    _, _, scheme, rest = path.split("/", 3)
    return f"{scheme}://{rest}"


def canonical(url: str) -> str:
    parts = urlsplit(url)
    query = f"?{parts.query}" if parts.query else ""
    return f"{parts.scheme}://{parts.netloc}{unquote(parts.path)}{query}"


@pytest.fixture(scope="module")
def harvest(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    if not PAGES:
        pytest.skip("no landing corpus (tests/data/landing-corpus/dev, ../shared/fixtures)")
    out = tmp_path_factory.mktemp("live-corpus")
    routes: dict[str, Reply] = {}
    served: dict[str, str] = {}  # sha256 of every PDF served -> its URL
    entries: dict[str, dict[str, Any]] = {}
    for n, entry in enumerate(PAGES):
        html = entry["path"].read_bytes()
        headers = {"Content-Type": "text/html; charset=utf-8", **(entry.get("headers") or {})}
        routes[canonical(entry["url"])] = Reply(200, headers, html)
        for url, doc in (entry.get("links") or {}).items():
            body = document(doc, entry["record"]) + f"% {url}\n".encode()
            served[hashlib.sha256(body).hexdigest()] = url
            routes.setdefault(canonical(url), Reply(200, {"Content-Type": "application/pdf"}, body))
        entries[f"oai:corpus:{n:04d}"] = entry

    def site(request: LoggedRequest) -> Reply:
        url = canonical(original_url(request))
        if urlsplit(url).path == "/robots.txt":
            return Reply(200, {"Content-Type": "text/plain"}, "User-agent: *\nAllow: /\n")
        return routes.get(url) or Reply(404, {"Content-Type": "text/html"}, "<html>not here</html>")

    repository = CorpusRepository(
        records=[SampleRecord(i, 1_600_000_000.0 + k) for k, i in enumerate(entries)],
        page_size=500,
    )
    CorpusRepository.entries = entries
    with LoopbackServer("127.0.0.1") as server:
        server.add("/robots.txt", Reply(200, body="User-agent: *\nAllow: /\n"))
        server.add("/oai", repository)
        server.add("/site/*", site)
        http = requests.Session()
        adapter = ToLoopback(server)
        http.mount("http://", adapter)
        http.mount("https://", adapter)
        rows: list[dict[str, Any]] = []
        with HarvestPlan(
            server.url("/oai"),
            policy=POLICY,
            state=out / "state.sqlite",
            sink=rows.extend,
            fulltext=FullText(directory=out / "files"),
            http=http,
        ) as plan:
            plan.run()
        yield {"rows": rows, "entries": entries, "served": served, "log": server.log}


def test_no_foreign_file_is_stored(harvest: dict[str, Any]) -> None:
    wrong = []
    for row in harvest["rows"]:
        entry = harvest["entries"][row["identifier"]]
        fulltext = row.get("fulltext") or {}
        if not fulltext.get("path"):
            continue
        digest = hashlib.sha256(Path(fulltext["path"]).read_bytes()).hexdigest()
        source = harvest["served"].get(digest)
        role = (entry.get("links") or {}).get(source or "", {}).get("role")
        if role not in OWN_ROLES:
            wrong.append((entry["path"].name, source, role))
    assert wrong == []


def test_file_requests_per_record_are_bounded_and_counted(harvest: dict[str, Any]) -> None:
    by_url: dict[str, str] = {}
    for key, entry in harvest["entries"].items():
        for url in entry.get("links") or {}:
            by_url.setdefault(canonical(url), key)
    files: Counter[str] = Counter()
    foreign: Counter[str] = Counter()
    for logged in harvest["log"]:
        if not logged.path.startswith("/site/"):
            continue
        url = canonical(original_url(logged))
        key = by_url.get(url)
        if key is None:
            continue
        entry = harvest["entries"][key]
        files[key] += 1
        doc = next(d for u, d in entry["links"].items() if canonical(u) == url)
        foreign[key] += doc.get("role") not in OWN_ROLES
    assert max(files.values(), default=0) <= 3, files.most_common(3)
    total, wasted = sum(files.values()), sum(foreign.values())
    print(
        f"\n{len(harvest['entries'])} records, {total} file requests, {wasted} on other documents"
    )
    # a request for another document costs the host's file interval: at most one in ten
    assert wasted <= max(1, total // 10), foreign.most_common(5)


def test_own_files_are_found_and_walls_reported(harvest: dict[str, Any]) -> None:
    found = missed = 0
    for row in harvest["rows"]:
        entry = harvest["entries"][row["identifier"]]
        fulltext = row.get("fulltext") or {}
        if entry["challenge"]:
            assert fulltext.get("status") == "blocked", (entry["path"].name, fulltext.get("reason"))
        if entry.get("acceptable"):
            if fulltext.get("path"):
                found += 1
                assert fulltext["evidence"], entry["path"].name  # which evidence decided
            else:
                missed += 1
    print(f"\nown files stored {found}, missed {missed}")
    assert found >= 0.85 * (found + missed)
