"""A verdict belongs to a (record, file) pair, on every path a file reaches a record.

Unit cases for each path (a 304 for a copy another record stored, a copy gone or changed
on disk, the same bytes for two records, a retry later, verdicts kept per pair), and a
hypothesis state machine for the promise itself: across any sequence of records and
landing pages sharing file URLs, servers that answer 200 or 304 (or change a file, or lose
it), files removed or damaged on disk, retries and reruns, no record is ever given a file
whose identity check against *that* record is not ``matched``.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
import requests
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from politeharvest import (
    FullText,
    FullTextStep,
    PdfFetcher,
    Politeness,
    PoliteSession,
    SQLiteStateStore,
    safe_filename,
)
from politeharvest.fulltext._identity import RecordHints, identify
from politeharvest.fulltext._pdf import VERDICTS
from politeharvest.testing import FakeClock, LoggedRequest, Reply, ScriptedAdapter, text_pdf

SITE = "https://journal.example.org"
UA = "politeharvest-tests/1.0 (+mailto:tests@example.org)"

#: Three articles of one journal: title, authors, DOI.
ARTICLES = (
    ("Soil moisture retention in semi-arid terraces of Anatolia", ("Ayse Yilmaz", "Mehmet Demir")),
    ("Medieval trade routes along the Black Sea coast", ("Elif Kaya", "Orhan Sahin")),
    ("Glacial lake outburst floods in the eastern Pontides", ("Deniz Arslan",)),
)
RECORDS = range(len(ARTICLES))


def key(record: int) -> str:
    return f"oai:journal.example.org:article/{record}"


def doi(record: int) -> str:
    return f"10.5555/lb.{1000 + record}"


def own_pdf(record: int) -> bytes:
    title, authors = ARTICLES[record]
    return text_pdf(
        [
            "Journal of Loopback Studies",
            f"https://doi.org/{doi(record)}",
            title,
            ", ".join(authors),
            "Loopback University, Department of Geography",
            "Abstract. We surveyed the study area over two seasons and report what the",
            "measurements show about the question in the title, with a short discussion.",
        ]
    )


PDFS = {r: own_pdf(r) for r in RECORDS}
SHA = {r: hashlib.sha256(PDFS[r]).hexdigest() for r in RECORDS}
HINTS = {
    r: RecordHints(
        titles=(ARTICLES[r][0],),
        doi=doi(r),
        surnames=tuple(a.split()[-1].lower() for a in ARTICLES[r][1]),
        year="2020",
    )
    for r in RECORDS
}


def test_the_articles_are_told_apart_by_the_identity_check() -> None:
    """The ground truth the other tests rely on: own file matched, any other one a mismatch."""
    for record in RECORDS:
        for other in RECORDS:
            verdict = identify(HINTS[record], PDFS[other]).verdict
            assert verdict == ("matched" if record == other else "mismatch"), (record, other)


class Site:
    """File URLs and landing pages on a scripted transport; files keep ETag/Last-Modified."""

    def __init__(self, adapter: ScriptedAdapter) -> None:
        self.serving: dict[int, int | None] = {u: u for u in RECORDS}  # URL -> whose bytes
        self.honours: dict[int, bool] = dict.fromkeys(RECORDS, True)  # answers 304
        self.button: dict[int, int] = {r: r for r in RECORDS}  # page -> the URL its button names
        self.version: dict[int, int] = dict.fromkeys(RECORDS, 0)
        for n in RECORDS:
            adapter.add(self.file_url(n), self._file(n))
            adapter.add(self.page_url(n), self._page(n))

    @staticmethod
    def file_url(number: int) -> str:
        return f"{SITE}/download/article-file/{number}"

    @staticmethod
    def page_url(number: int) -> str:
        return f"{SITE}/article/{number}"

    def _file(self, number: int) -> Any:
        def reply(request: LoggedRequest) -> Reply:
            whose = self.serving[number]
            if whose is None:
                return Reply(404, {"Content-Type": "text/html"}, "<html>gone</html>")
            etag = f'"{SHA[whose][:12]}-{self.version[number]}"'
            validators = {"ETag": etag, "Last-Modified": "Tue, 01 Sep 2020 00:00:00 GMT"}
            headers = {k.lower(): v for k, v in request.headers.items()}
            if self.honours[number] and headers.get("if-none-match") == etag:
                return Reply(304, validators)
            return Reply(200, {"Content-Type": "application/pdf", **validators}, PDFS[whose])

        return reply

    def _page(self, number: int) -> Any:
        def reply(request: LoggedRequest) -> Reply:
            title = ARTICLES[number][0]
            similar = "".join(
                f'<li><a href="/article/{n}">{ARTICLES[n][0]}</a> '
                f'<a href="/download/article-file/{n}">PDF</a></li>'
                for n in RECORDS
                if n != number
            )
            page = (
                f'<html><head><meta name="citation_title" content="{title}">'
                f'<meta name="citation_doi" content="{doi(number)}"></head><body>'
                f"<main><article><h1>{title}</h1>"
                f'<div class="toolbar"><a class="article-tool pdf" '
                f'href="/download/article-file/{self.button[number]}">Full text (PDF)</a></div>'
                "<p>Abstract. We surveyed the study area over two seasons.</p></article></main>"
                f"<aside><h3>Similar articles</h3><ul>{similar}</ul></aside></body></html>"
            )
            return Reply(200, {"Content-Type": "text/html; charset=utf-8"}, page)

        return reply


def make_session(clock: FakeClock, adapter: ScriptedAdapter) -> PoliteSession:
    http = requests.Session()
    http.mount("https://", adapter)
    policy = Politeness(user_agent=UA, request_interval=0.0, file_interval=0.0, job_budget=10.0**9)
    return PoliteSession(policy, http=http, clock=clock)


@pytest.fixture
def site(adapter: ScriptedAdapter) -> Site:
    return Site(adapter)


@pytest.fixture
def fetcher(
    clock: FakeClock, adapter: ScriptedAdapter, state: SQLiteStateStore, tmp_path: Path
) -> PdfFetcher:
    return PdfFetcher(make_session(clock, adapter), tmp_path / "files", state=state)


@pytest.fixture
def state(tmp_path: Path) -> SQLiteStateStore:
    return SQLiteStateStore(tmp_path / "state.sqlite")


def file_requests(adapter: ScriptedAdapter) -> list[tuple[int, str | None]]:
    return [
        (r.status, {k.lower(): v for k, v in r.headers.items()}.get("if-none-match"))
        for r in adapter.log
        if "/download/" in r.path
    ]


def test_a_304_for_another_records_copy_is_judged_for_this_record(
    site: Site, fetcher: PdfFetcher, adapter: ScriptedAdapter
) -> None:
    first = fetcher.fetch(site.file_url(0), key(0), hints=HINTS[0])
    assert (first.status, first.identity and first.identity.verdict) == ("downloaded", "matched")
    # record 1's page names record 0's file: the server says "not modified"
    second = fetcher.fetch(site.file_url(0), key(1), hints=HINTS[1], require="matched")
    assert [s for s, _ in file_requests(adapter)] == [200, 304]
    assert second.status == "wrong-file"
    assert second.identity is not None and second.identity.verdict == "mismatch"
    assert "10.5555/lb.1000" in second.reason
    assert second.path is None
    assert sorted(p.name for p in fetcher.directory.iterdir()) == [safe_filename(key(0))]
    # the refusal left the URL's copy and validators: record 0 still costs a 304
    third = fetcher.fetch(site.file_url(0), key(0), hints=HINTS[0])
    assert (third.status, third.path) == ("unchanged", first.path)
    assert [s for s, _ in file_requests(adapter)] == [200, 304, 304]


def test_the_same_bytes_for_two_records_are_judged_and_stored_under_each(
    site: Site, fetcher: PdfFetcher, adapter: ScriptedAdapter, state: SQLiteStateStore
) -> None:
    """Two records of one article (a duplicate across sets): a 304 copies the bytes over."""
    twin = f"{key(0)}-twin"
    first = fetcher.fetch(site.file_url(0), key(0), hints=HINTS[0])
    second = fetcher.fetch(site.file_url(0), twin, hints=HINTS[0])
    assert second.status == "unchanged"
    assert second.path is not None and second.path.name == safe_filename(twin)
    assert second.path.read_bytes() == PDFS[0] and first.path != second.path
    # one verdict per (bytes, record), each judged: none keyed by the URL
    assert sorted(state.values(VERDICTS)) == sorted(f"{SHA[0]} {k}" for k in (key(0), twin))
    assert "identity" not in (state.url_outcome(site.file_url(0)) or ()).extra  # type: ignore[union-attr]


def test_a_copy_gone_or_changed_on_disk_is_fetched_again_unconditionally(
    site: Site, fetcher: PdfFetcher, adapter: ScriptedAdapter
) -> None:
    first = fetcher.fetch(site.file_url(0), key(0), hints=HINTS[0])
    assert first.path is not None
    first.path.unlink()  # gone: no conditional request at all
    again = fetcher.fetch(site.file_url(0), key(1), hints=HINTS[1])
    assert again.status == "wrong-file"
    assert file_requests(adapter)[-1] == (200, None)
    fresh = fetcher.fetch(site.file_url(0), key(0), hints=HINTS[0])
    assert fresh.status == "downloaded" and fresh.path == first.path
    # changed behind the library's back, same size: the 304 is not taken for its bytes
    fresh.path.write_bytes(PDFS[1][: len(PDFS[0])].ljust(len(PDFS[0]), b" "))
    before = len(file_requests(adapter))
    redone = fetcher.fetch(site.file_url(0), key(0), hints=HINTS[0])
    assert [s for s, _ in file_requests(adapter)[before:]] == [304, 200]
    assert redone.status == "downloaded" and redone.path == first.path
    assert first.path.read_bytes() == PDFS[0]


def test_a_records_own_copy_judged_another_documents_now_is_removed(
    site: Site, fetcher: PdfFetcher, adapter: ScriptedAdapter
) -> None:
    """The record's DOI was corrected since: its old file is another article's."""
    first = fetcher.fetch(site.file_url(1), key(0), hints=HINTS[1])  # stored under record 0
    assert first.status == "downloaded" and first.path is not None
    corrected = fetcher.fetch(site.file_url(1), key(0), hints=HINTS[0])
    assert [s for s, _ in file_requests(adapter)] == [200, 304]
    assert corrected.status == "wrong-file"
    assert not first.path.exists()


def test_a_kept_verdict_is_for_its_record_and_hints_only(
    site: Site, fetcher: PdfFetcher, state: SQLiteStateStore
) -> None:
    fetcher.fetch(site.file_url(0), key(0), hints=HINTS[0])
    # a verdict kept for (bytes, record 0) says nothing about record 1 ...
    state.set_value(
        VERDICTS,
        f"{SHA[0]} {key(1)}",
        '{"hints": "not these hints", "identity": {"verdict": "matched", "evidence": "x"}}',
    )
    other = fetcher.fetch(site.file_url(0), key(1), hints=HINTS[1])
    assert other.status == "wrong-file"  # judged again: the kept row was for other hints


def test_a_retry_later_is_judged_as_strictly_for_its_own_record(
    site: Site, clock: FakeClock, adapter: ScriptedAdapter, state: SQLiteStateStore, tmp_path: Path
) -> None:
    """A weak candidate's file must match its record, on the retry as on the first try."""
    unknown = SITE + "/download/article-file/9"
    adapter.add(unknown, [Reply(503, {"Retry-After": "99999"}), Reply(200, {}, PDFS[1])])
    step = FullTextStep(
        make_session(clock, adapter), FullText(directory=tmp_path, max_probes=1), state
    )
    result = step.fetcher.fetch(unknown, key(0), hints=HINTS[0], require="matched")
    assert result.status == "retry-later"
    mark = state.url_outcome(unknown)
    assert mark is not None and mark.extra["require"] == "matched"
    clock.advance(200_000)
    (row,) = list(step.retry_due(clock.now()))
    assert row["identifier"] == key(0)
    assert row["fulltext"]["status"] == "wrong-file"
    assert row["fulltext"]["path"] is None


# -- the promise, over any sequence -------------------------------------------------------------


class Pairs(RuleBasedStateMachine):
    """Records whose pages name each other's files; servers that change; reruns."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="pairs-"))
        self.clock = FakeClock()
        self.adapter = ScriptedAdapter(self.clock)
        self.site = Site(self.adapter)
        self.state = SQLiteStateStore(self.folder / "state.sqlite")
        self.files = self.folder / "files"
        self.damaged: set[int] = set()  # records whose file on disk the test itself spoiled
        self.attached = 0
        self.step = self._step()

    def _step(self) -> FullTextStep:
        session = make_session(self.clock, self.adapter)
        return FullTextStep(session, FullText(directory=self.files), self.state)

    def teardown(self) -> None:
        self.state.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def check(self, record: int, path: object, sha256: object, verdict: object) -> None:
        """A file attached to `record`: its own bytes, under its own name, matched."""
        if path is None:
            return
        self.attached += 1
        stored = Path(str(path))
        assert stored.name == safe_filename(key(record)), (record, stored)
        assert sha256 == SHA[record], (record, sha256)
        assert stored.read_bytes() == PDFS[record], record
        assert verdict == "matched", (record, verdict)
        self.damaged.discard(record)

    # the site changes
    @rule(page=st.sampled_from(RECORDS), url=st.sampled_from(RECORDS))
    def point_button(self, page: int, url: int) -> None:
        self.site.button[page] = url

    @rule(url=st.sampled_from(RECORDS), whose=st.sampled_from([*RECORDS, None]))
    def serve(self, url: int, whose: int | None) -> None:
        self.site.serving[url] = whose
        self.site.version[url] += 1

    @rule(url=st.sampled_from(RECORDS), honours=st.booleans())
    def validators(self, url: int, honours: bool) -> None:
        self.site.honours[url] = honours

    # the user's disk changes
    @rule(record=st.sampled_from(RECORDS), how=st.sampled_from(["remove", "spoil", "swap"]))
    def tamper(self, record: int, how: str) -> None:
        path = self.files / safe_filename(key(record))
        if not path.exists():
            return
        if how == "remove":
            path.unlink()
        elif how == "spoil":
            path.write_bytes(b"%PDF-1.4\n" + b"x" * (path.stat().st_size - 9))
        else:  # another article's bytes under its name (same length or not)
            path.write_bytes(PDFS[(record + 1) % len(ARTICLES)])
        self.damaged.add(record)

    # the harvest
    @rule(record=st.sampled_from(RECORDS))
    def harvest(self, record: int) -> None:
        row = self.step.for_url(self.site.page_url(record), key(record), hints=HINTS[record])
        self.check(record, row["path"], row["sha256"], (row["identity"] or {}).get("verdict"))

    @rule(
        record=st.sampled_from(RECORDS),
        url=st.sampled_from(RECORDS),
        require=st.sampled_from(["not-mismatch", "matched"]),
    )
    def fetch(self, record: int, url: int, require: Any) -> None:
        result = self.step.fetcher.fetch(
            self.site.file_url(url), key(record), hints=HINTS[record], require=require
        )
        verdict = result.identity.verdict if result.identity else None
        self.check(record, result.path, result.sha256, verdict)

    @rule()
    def rerun(self) -> None:
        self.step = self._step()

    @precondition(lambda self: bool(self.state.retry_later(10.0**12)))
    @rule()
    def retry(self) -> None:
        self.clock.advance(10.0**6)
        for row in self.step.retry_due(self.clock.now()):
            record = next(r for r in RECORDS if key(r) == row["identifier"])
            fulltext = row["fulltext"]
            verdict = (fulltext["identity"] or {}).get("verdict")
            self.check(record, fulltext["path"], fulltext["sha256"], verdict)
        self.step.reported()

    @invariant()
    def only_own_files_on_disk(self) -> None:
        """Every file the library left under a record's name is that record's own."""
        if not self.files.exists():
            return
        for path in self.files.iterdir():
            assert not path.name.startswith(".part-"), path
            record = next(r for r in RECORDS if safe_filename(key(r)) == path.name)
            if record not in self.damaged:
                assert path.read_bytes() == PDFS[record], path


TestPairs = Pairs.TestCase
TestPairs.settings = settings(
    max_examples=60,
    stateful_step_count=14,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
