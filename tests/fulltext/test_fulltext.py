"""LandingPageResolver, PdfFetcher, FullTextStep and their HarvestPlan integration on a FakeClock."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests

from politeharvest import (
    FullText,
    FullTextStep,
    HarvestPlan,
    LandingPageResolver,
    PdfFetcher,
    Politeness,
    PoliteSession,
    SQLiteStateStore,
    candidate_urls,
    looks_like_pdf,
    run_batch,
    safe_filename,
)
from politeharvest.fulltext._identity import RecordHints
from politeharvest.testing import (
    FakeClock,
    LoggedRequest,
    OaiTestRepository,
    Reply,
    ScriptedAdapter,
    text_pdf,
)

SITE = "https://journal.example.org"
PDF = b"%PDF-1.7\n" + b"x" * 5000 + b"\n%%EOF\n"
#: The record "An article" by Ada Lovelace, 2021, and its own file; and another article's file.
HINTS = RecordHints(
    titles=("An article on computing engines",), surnames=("lovelace",), year="2021"
)
OWN = text_pdf(["An article on computing engines", "Ada Lovelace", "2021"])
STRANGER = text_pdf(
    [
        "Seasonal variation of groundwater nitrate in karst aquifers",
        "Q. Zhang, M. Okafor",
        "doi:10.9999/x.1",
        "Abstract. We sampled thirty springs monthly during two hydrological years and",
        "measured nitrate, chloride and stable isotopes to separate fertilizer inputs from",
        "wastewater sources; concentrations peaked after autumn rainfall events.",
    ]
)
LANDING = """<html><head><title>An article</title>
<meta name="citation_title" content="An article">
<meta name="citation_pdf_url" content="/files/1.pdf"></head>
<body><div class="tools"><a href="/files/1.pdf">Download PDF</a></div></body></html>"""
Make = Callable[..., PoliteSession]


@pytest.fixture
def session(make_session: Make) -> PoliteSession:
    return make_session(job_budget=10**6)


@pytest.fixture
def state(tmp_path: Path) -> SQLiteStateStore:
    return SQLiteStateStore(tmp_path / "state.sqlite")


def files_requested(adapter: ScriptedAdapter) -> list[str]:
    return [r.path for r in adapter.log if r.path != "/robots.txt"]


def test_looks_like_pdf_and_safe_names() -> None:
    assert looks_like_pdf(b"%PDF-1.4")
    assert looks_like_pdf(b"\n\n junk preamble %PDF-1.4")
    assert not looks_like_pdf(b"<!DOCTYPE html><html>%PDF-"[:10])
    assert not looks_like_pdf(b"<html>" + b" " * 2000 + b"%PDF-")
    name = safe_filename("oai:repo.org:article/../../etc/passwd")
    assert "/" not in name and ".." not in name.split("-")[0]
    assert name.endswith(".pdf")
    assert safe_filename("a") != safe_filename("A")  # distinct keys, distinct files


def test_resolver_finds_and_verifies_with_one_probe(
    session: PoliteSession, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{SITE}/article/1", Reply(200, {"Content-Type": "text/html"}, LANDING))
    adapter.add(f"{SITE}/files/1.pdf", Reply(200, {"Content-Type": "application/pdf"}, PDF))
    resolution = LandingPageResolver(session).resolve(f"{SITE}/article/1")
    assert (resolution.status, resolution.kind) == ("found", "pdf")
    assert resolution.file_url == f"{SITE}/files/1.pdf"
    assert (resolution.requests, resolution.probes) == (2, 1)
    assert "citation_pdf_url" in resolution.reason
    assert files_requested(adapter) == ["/article/1", "/.well-known/tdmrep.json", "/files/1.pdf"]


def test_html_served_as_pdf_is_rejected_then_the_next_candidate_wins(
    session: PoliteSession, adapter: ScriptedAdapter
) -> None:
    page = LANDING.replace(
        '<a href="/files/1.pdf">Download PDF</a>', '<a href="/files/1-print.pdf">PDF</a>'
    )
    adapter.add(f"{SITE}/article/1", Reply(200, {}, page))
    adapter.add(
        f"{SITE}/files/1.pdf",
        Reply(200, {"Content-Type": "application/pdf"}, "<html>Please sign in</html>"),
    )
    adapter.add(f"{SITE}/files/1-print.pdf", Reply(200, {"Content-Type": "application/pdf"}, OWN))
    resolution = LandingPageResolver(session).resolve(f"{SITE}/article/1", hints=HINTS)
    assert resolution.file_url == f"{SITE}/files/1-print.pdf"
    assert resolution.probes == 2
    assert resolution.file is not None and resolution.file.identity is not None
    assert resolution.file.identity.verdict == "matched"  # a second probe must match
    rejected = [c for c in resolution.candidates if c.rejected and c.url.endswith("/files/1.pdf")]
    assert "not-pdf" in str(rejected[0].rejected)


def test_no_fallback_to_a_stranger_after_a_refused_first_candidate(
    session: PoliteSession, adapter: ScriptedAdapter
) -> None:
    """The second probe takes only a file whose text matches the record."""
    page = LANDING.replace(
        '<a href="/files/1.pdf">Download PDF</a>', '<a href="/files/other.pdf">PDF</a>'
    )
    adapter.add(f"{SITE}/article/1", Reply(200, {}, page))
    adapter.add(f"{SITE}/files/1.pdf", Reply(404, {}, "gone"))
    adapter.add(f"{SITE}/files/other.pdf", Reply(200, {}, STRANGER))
    resolution = LandingPageResolver(session).resolve(f"{SITE}/article/1", hints=HINTS)
    assert resolution.file_url is None
    assert resolution.status == "no-fulltext"
    refused = [c for c in resolution.candidates if c.url.endswith("/files/other.pdf")]
    assert "wrong-file" in str(refused[0].rejected)


def test_at_most_three_probes(session: PoliteSession, adapter: ScriptedAdapter) -> None:
    page = LANDING.replace(
        "</body>",
        '<a href="/b.pdf">PDF</a><a href="/c.pdf">Full text PDF</a>'
        '<a href="/d.pdf">Download PDF</a></body>',
    )
    adapter.add(f"{SITE}/article/1", Reply(200, {}, page))
    resolution = LandingPageResolver(session).resolve(f"{SITE}/article/1", hints=HINTS)
    assert resolution.status == "no-fulltext"
    assert resolution.probes == 3
    assert len(files_requested(adapter)) == 5  # the page, tdmrep.json, three probes


def test_without_hints_weak_candidates_are_not_probed(
    session: PoliteSession, adapter: ScriptedAdapter
) -> None:
    """An anchor's file can only be kept when it matches the record: no hints, no probe."""
    page = '<html><body><h1>X</h1><a href="/b.pdf">PDF</a></body></html>'
    adapter.add(f"{SITE}/article/1", Reply(200, {}, page))
    resolution = LandingPageResolver(session).resolve(f"{SITE}/article/1")
    assert (resolution.status, resolution.probes) == ("no-fulltext", 0)
    assert "no title or DOI" in resolution.reason


def test_direct_file_is_recognised_by_its_bytes(
    session: PoliteSession, adapter: ScriptedAdapter, tmp_path: Path
) -> None:
    adapter.add(f"{SITE}/record/9", Reply(200, {"Content-Type": "application/octet-stream"}, PDF))
    fetcher = PdfFetcher(session, tmp_path / "files")
    resolution = LandingPageResolver(session, fetcher=fetcher).resolve(
        f"{SITE}/record/9", key="rec-9"
    )
    assert (resolution.status, resolution.file_url) == ("found", f"{SITE}/record/9")
    assert resolution.requests == 1
    assert resolution.file is not None and resolution.file.path is not None
    assert resolution.file.path.read_bytes() == PDF


def test_rewrite_rule_needs_no_landing_request(
    session: PoliteSession, adapter: ScriptedAdapter
) -> None:
    adapter.add("https://arxiv.org/pdf/2101.00001", Reply(200, {}, PDF))
    resolution = LandingPageResolver(session).resolve("https://arxiv.org/abs/2101.00001")
    assert resolution.file_url == "https://arxiv.org/pdf/2101.00001"
    assert files_requested(adapter) == ["/.well-known/tdmrep.json", "/pdf/2101.00001"]
    assert "rule:arxiv" in resolution.reason


def test_problematic_url_costs_nothing(session: PoliteSession, adapter: ScriptedAdapter) -> None:
    resolution = LandingPageResolver(session).resolve("https://www.facebook.com/sharer.php?u=1")
    assert resolution.status == "failed"
    assert adapter.log == []


def test_challenge_page_is_blocked_not_missing(
    session: PoliteSession, adapter: ScriptedAdapter
) -> None:
    adapter.add(
        f"{SITE}/article/1",
        Reply(403, {"cf-mitigated": "challenge"}, "<title>Just a moment...</title>"),
    )
    resolution = LandingPageResolver(session).resolve(f"{SITE}/article/1")
    assert (resolution.kind, resolution.status) == ("blocked", "blocked")
    again = LandingPageResolver(session).resolve(f"{SITE}/article/2")
    assert again.kind == "blocked"  # the host is stopped for the job: no second request
    assert len(files_requested(adapter)) == 1


def test_html_only_reads_the_page_and_reports_unverified(
    session: PoliteSession, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{SITE}/article/1", Reply(200, {}, LANDING))
    resolution = LandingPageResolver(session).resolve(f"{SITE}/article/1", html_only=True)
    assert (resolution.status, resolution.file_url) == ("unverified", f"{SITE}/files/1.pdf")
    assert files_requested(adapter) == ["/article/1"]
    assert resolution.html is not None


def test_resolve_html_needs_no_request(session: PoliteSession, adapter: ScriptedAdapter) -> None:
    resolution = LandingPageResolver(session).resolve_html(LANDING, f"{SITE}/article/1")
    assert (resolution.status, resolution.file_url, resolution.requests) == (
        "unverified",
        f"{SITE}/files/1.pdf",
        0,
    )
    assert adapter.log == []


def test_learned_structure_is_stored_and_used(
    session: PoliteSession, adapter: ScriptedAdapter, state: SQLiteStateStore
) -> None:
    first = '<html><body><div class="dl"><a href="/get/1">Download PDF</a></div></body></html>'
    second = '<html><body><div class="dl"><a href="/get/2">Article 2</a></div></body></html>'
    adapter.add(f"{SITE}/a/1", Reply(200, {}, first))
    adapter.add(f"{SITE}/a/2", Reply(200, {}, second))
    adapter.add(f"{SITE}/get/1", Reply(200, {}, OWN))
    second_hints = RecordHints(titles=("Engines of difference",), surnames=("babbage",))
    adapter.add(f"{SITE}/get/2", Reply(200, {}, text_pdf(["Engines of difference", "C. Babbage"])))
    resolver = LandingPageResolver(session, learned=state)
    assert resolver.resolve(f"{SITE}/a/1", hints=HINTS).status == "found"
    learned = resolver.resolve(f"{SITE}/a/2", hints=second_hints)
    assert learned.file_url == f"{SITE}/get/2"
    assert learned.reason.startswith("learned")


def test_learning_happens_only_from_matched_files_and_a_mismatch_unlearns(
    session: PoliteSession, adapter: ScriptedAdapter, state: SQLiteStateStore
) -> None:
    signature = "body > div.dl > a"
    page = '<html><body><div class="dl"><a href="/get/3">Article 3</a></div></body></html>'
    adapter.add(f"{SITE}/a/3", Reply(200, {}, page))
    adapter.add(f"{SITE}/get/3", Reply(200, {}, STRANGER))
    state.set_value("landing-structure", "journal.example.org", json.dumps([signature]))
    resolver = LandingPageResolver(session, learned=state)
    resolution = resolver.resolve(f"{SITE}/a/3", hints=HINTS)
    assert resolution.file_url is None
    assert state.get_value("landing-structure", "journal.example.org") is None  # forgotten


def test_fetcher_stores_atomically_with_sha256_and_uses_conditional_requests(
    session: PoliteSession, adapter: ScriptedAdapter, state: SQLiteStateStore, tmp_path: Path
) -> None:
    def pdf_with_etag(request: LoggedRequest) -> Reply:
        if request.headers.get("If-None-Match") == '"v1"':
            return Reply(304, {"ETag": '"v1"'})
        return Reply(200, {"Content-Type": "application/pdf", "ETag": '"v1"'}, PDF)

    adapter.add(f"{SITE}/files/1.pdf", pdf_with_etag)
    fetcher = PdfFetcher(session, tmp_path / "files", state=state)
    first = fetcher.fetch(f"{SITE}/files/1.pdf", "oai:journal:1")
    assert first.status == "downloaded"
    assert first.sha256 == hashlib.sha256(PDF).hexdigest()
    assert first.path is not None and first.path.read_bytes() == PDF
    assert list((tmp_path / "files").glob(".part-*")) == []
    second = fetcher.fetch(f"{SITE}/files/1.pdf", "oai:journal:1")
    assert (second.status, second.sha256, second.path) == ("unchanged", first.sha256, first.path)
    statuses = [r.status for r in adapter.log if r.path == "/files/1.pdf"]
    assert statuses == [200, 304]


def test_fetcher_refuses_html_and_caps_size(
    session: PoliteSession, adapter: ScriptedAdapter, tmp_path: Path
) -> None:
    adapter.add(
        f"{SITE}/fake.pdf",
        Reply(200, {"Content-Type": "application/pdf"}, "<!DOCTYPE html><html>" + " " * 3000),
    )
    adapter.add(f"{SITE}/big.pdf", Reply(200, {}, PDF * 10))
    fetcher = PdfFetcher(session, tmp_path / "files", max_bytes=20_000)
    fake = fetcher.fetch(f"{SITE}/fake.pdf", "k1")
    assert fake.status == "not-pdf"
    assert "application/pdf" in fake.reason
    big = fetcher.fetch(f"{SITE}/big.pdf", "k2")
    assert big.status == "too-large"
    assert not (tmp_path / "files").exists() or list((tmp_path / "files").iterdir()) == []


def test_429_marks_retry_later_and_the_next_run_picks_it_up(
    make_session: Make,
    adapter: ScriptedAdapter,
    clock: FakeClock,
    state: SQLiteStateStore,
    tmp_path: Path,
) -> None:
    adapter.add(
        f"{SITE}/files/1.pdf", [Reply(429), Reply(429), Reply(429), Reply(429), Reply(200, {}, PDF)]
    )
    session = make_session(job_budget=10**6)
    step = FullTextStep(session, FullText(directory=tmp_path, resolve_landing_pages=False), state)
    first = step.for_url(f"{SITE}/files/1.pdf", "rec-1")
    assert (first["status"], first["retriable"]) == ("retry-later", True)
    marks = state.retry_later(clock.now() + 10**6)
    assert [m.url for m in marks] == [f"{SITE}/files/1.pdf"]
    assert state.retry_later(clock.now()) == []  # not before its time
    clock.advance(4000)
    later = FullTextStep(
        make_session(job_budget=10**6),
        FullText(directory=tmp_path, resolve_landing_pages=False),
        state,
    )
    rows = list(later.retry_due(clock.now()))
    assert [(r["identifier"], r["fulltext"]["status"]) for r in rows] == [("rec-1", "downloaded")]
    assert state.retry_later(clock.now() + 10**6) == []


def test_a_retry_row_carries_the_whole_fulltext_object(
    make_session: Make,
    adapter: ScriptedAdapter,
    clock: FakeClock,
    state: SQLiteStateStore,
    tmp_path: Path,
) -> None:
    """The landing page, the identity and the record's hints survive until the retry."""
    adapter.add(f"{SITE}/article/1", Reply(200, {}, LANDING))
    adapter.add(
        f"{SITE}/files/1.pdf", [Reply(429), Reply(429), Reply(429), Reply(429), Reply(200, {}, OWN)]
    )
    step = FullTextStep(make_session(job_budget=10**6), FullText(directory=tmp_path), state)
    first = step.for_url(f"{SITE}/article/1", "rec-1", hints=HINTS)
    assert first["status"] == "retry-later"
    clock.advance(4000)
    later = FullTextStep(make_session(job_budget=10**6), FullText(directory=tmp_path), state)
    (row,) = later.retry_due(clock.now())
    fulltext = row["fulltext"]
    assert fulltext["landing_url"] == f"{SITE}/article/1"
    assert fulltext["status"] == "downloaded"
    assert fulltext["identity"]["verdict"] == "matched"  # checked against the stored hints
    assert set(fulltext) == set(first)  # the same object as a first attempt's row
    assert Path(fulltext["path"]).parent == tmp_path  # files go into the directory itself


def test_budget_exhausted_leaves_files_for_the_next_attempt(
    make_session: Make,
    adapter: ScriptedAdapter,
    clock: FakeClock,
    state: SQLiteStateStore,
    tmp_path: Path,
) -> None:
    for n in range(5):
        adapter.add(f"{SITE}/files/{n}.pdf", Reply(200, {}, PDF))
    session = make_session(job_budget=20.0)
    step = FullTextStep(session, FullText(directory=tmp_path, resolve_landing_pages=False), state)
    results = [step.for_url(f"{SITE}/files/{n}.pdf", f"rec-{n}") for n in range(5)]
    statuses = [r["status"] for r in results]
    assert statuses.count("downloaded") >= 2
    assert statuses[-1] == "retry-later"
    left = {m.extra["key"] for m in state.retry_later(clock.now() + 10**6)}
    assert left == {f"rec-{n}" for n, s in enumerate(statuses) if s == "retry-later"}
    assert all("budget" in r["reason"] for r in results if r["status"] == "retry-later")


def test_candidate_urls() -> None:
    record = {
        "metadata": {
            "identifier": [
                "oai:x:1",
                "https://repo.org/1",
                "10.1234/abc",
                "https://doi.org/10.5555/x",
            ],
            "relation": ["http://repo.org/1.pdf"],
        }
    }
    assert candidate_urls(record) == ["https://repo.org/1", "http://repo.org/1.pdf"]
    assert candidate_urls(record, resolve_dois=True) == [
        "https://repo.org/1",
        "https://doi.org/10.1234/abc",
        "https://doi.org/10.5555/x",
        "http://repo.org/1.pdf",
    ]


def test_plan_adds_a_fulltext_object_to_each_row(
    http: requests.Session, clock: FakeClock, adapter: ScriptedAdapter, tmp_path: Path
) -> None:
    repo = OaiTestRepository.sample(6, page_size=10, deleted_every=0, now=clock.now)
    adapter.add("https://test.example.org/oai", repo)
    for record in repo.records:
        landing = f"https://test.example.org/{record.identifier}"
        adapter.add(
            landing,
            Reply(200, {}, LANDING.replace("/files/1.pdf", f"/files/{record.identifier[-3:]}.pdf")),
        )
        adapter.add(
            f"https://test.example.org/files/{record.identifier[-3:]}.pdf", Reply(200, {}, PDF)
        )
    plan = HarvestPlan(
        "https://test.example.org/oai",
        state=tmp_path / "s.sqlite",
        sink=tmp_path / "out.jsonl",
        http=http,
        clock=clock,
        policy=Politeness(job_budget=10**6),
        fulltext=FullText(directory=tmp_path / "ft"),
    )
    summary = plan.run()
    assert summary.records == 6
    rows = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    for row in rows:
        fulltext = row["fulltext"]
        assert fulltext["status"] == "downloaded"
        assert fulltext["landing_url"] == f"https://test.example.org/{row['identifier']}"
        assert (tmp_path / fulltext["path"]).read_bytes() == PDF
        assert fulltext["sha256"] == hashlib.sha256(PDF).hexdigest()
    file_gaps = [
        b.arrival - a.end
        for a, b in zip(adapter.log, adapter.log[1:], strict=False)
        if "/files/" in b.path
    ]
    assert min(file_gaps) >= 6.0  # the file interval


def test_batch_mode_is_resumable_and_runs_on_an_executor(
    session: PoliteSession, adapter: ScriptedAdapter, state: SQLiteStateStore, tmp_path: Path
) -> None:
    for n in range(6):
        host = f"https://h{n % 3}.example.org"
        adapter.add(f"{host}/a/{n}", Reply(200, {}, LANDING))
        adapter.add(f"{host}/files/1.pdf", Reply(200, {}, PDF))
    lines = [
        json.dumps({"id": f"w{n}", "url": f"https://h{n % 3}.example.org/a/{n}"}) for n in range(6)
    ]
    step = FullTextStep(session, FullText(directory=tmp_path / "ft"), state)
    written: list[dict[str, object]] = []
    with ThreadPoolExecutor(max_workers=3) as pool:
        count = run_batch(lines[:4], step, out=written.extend, batch_size=2, executor=pool)
    assert count == 4
    more = run_batch(lines, step, out=written.extend, done={str(r["id"]) for r in written})
    assert more == 2
    assert sorted(str(r["id"]) for r in written) == [f"w{n}" for n in range(6)]
    assert all(r["fulltext"]["status"] in ("downloaded", "unchanged") for r in written)
    # a malformed line gets a row of its own and the rest goes on
    bad: list[dict[str, object]] = []
    count = run_batch(["not json", '{"id": "x"}', lines[0]], step, out=bad.extend, done=set())
    assert count == 3
    assert [r.get("line") for r in bad[:2]] == [1, 2]
    assert "line 1 is not a JSON object" in str(bad[0]["error"])
    assert bad[2]["fulltext"]["status"] in ("downloaded", "unchanged")  # type: ignore[index]


def test_datasets_when_asked_for(
    session: PoliteSession, adapter: ScriptedAdapter, tmp_path: Path
) -> None:
    zipped = b"PK\x03\x04" + b"\x00" * 3000
    page = LANDING.replace("/files/1.pdf", "/files/data.zip")
    adapter.add(f"{SITE}/article/1", Reply(200, {}, page))
    adapter.add(f"{SITE}/files/data.zip", Reply(200, {"Content-Type": "application/zip"}, zipped))
    only_pdf = PdfFetcher(session, tmp_path / "a").fetch(f"{SITE}/files/data.zip", "d1")
    assert only_pdf.status == "not-pdf"
    fetcher = PdfFetcher(session, tmp_path / "b", file_types=("pdf", "zip"))
    resolution = LandingPageResolver(session, fetcher=fetcher).resolve(
        f"{SITE}/article/1", key="d2"
    )
    assert (resolution.status, resolution.kind) == ("found", "dataset")
    assert resolution.file is not None and resolution.file.path is not None
    assert resolution.file.path.suffix == ".zip"


def test_retry_rows_survive_a_crash_before_the_checkpoint(
    http: requests.Session, clock: FakeClock, adapter: ScriptedAdapter, tmp_path: Path
) -> None:
    """A file retried at the start of a run that then crashes is reported by the next run."""
    from politeharvest import JsonlSink

    repo = OaiTestRepository.sample(3, page_size=10, deleted_every=0, now=clock.now)
    adapter.add("https://test.example.org/oai", repo)
    adapter.add("https://test.example.org/robots.txt", Reply(404))

    def landing(request: LoggedRequest) -> Reply:
        number = request.path.rsplit(":", 1)[-1]
        return Reply(200, {}, LANDING.replace("/files/1.pdf", f"/files/{number}.pdf"))

    adapter.add("https://test.example.org/oai:*", landing)
    adapter.add(
        "https://test.example.org/files/000000.pdf", [Reply(503)] * 4 + [Reply(200, {}, PDF)]
    )
    adapter.add("https://test.example.org/files/*", Reply(200, {}, PDF))
    out = tmp_path / "out.jsonl"

    def plan(sink: object) -> HarvestPlan:
        return HarvestPlan(
            "https://test.example.org/oai",
            state=tmp_path / "s.sqlite",
            sink=sink,
            http=http,
            clock=clock,
            policy=Politeness(job_budget=10**6),
            fulltext=FullText(directory=tmp_path / "ft"),
        )

    first = plan(out).run()
    assert first.records == 3
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    # the 4 refusals go to the first record's file; the others get theirs at once
    assert [r["fulltext"]["status"] for r in rows] == ["retry-later", "downloaded", "downloaded"]

    class Crash(JsonlSink):
        def write_page(self, rows, *, before_write=None):  # type: ignore[no-untyped-def]
            super().write_page(rows, before_write=before_write)
            raise KeyboardInterrupt("killed after the write")

    clock.advance(7200)
    with pytest.raises(KeyboardInterrupt):
        plan(Crash(out)).run()
    clock.advance(60)
    plan(out).run()
    updates = [json.loads(line) for line in out.read_text().splitlines() if '"retry": true' in line]
    assert updates
    assert all(u["fulltext"]["status"] == "downloaded" for u in updates)


def test_stored_files_get_the_mode_a_new_file_gets(tmp_path: Path) -> None:
    """Files written atomically are readable by others as the umask allows (not 0600)."""
    import os
    import stat

    from politeharvest._files import atomic_write

    old = os.umask(0o022)
    try:
        written = atomic_write(tmp_path / "a.txt", b"data")
        assert stat.S_IMODE(written.stat().st_mode) == 0o644
        os.umask(0o077)
        private = atomic_write(tmp_path / "b.txt", b"data")
        assert stat.S_IMODE(private.stat().st_mode) == 0o600
    finally:
        os.umask(old)
