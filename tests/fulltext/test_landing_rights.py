"""A landing page's rights signals reserve the files found through it (issue 24).

`<meta name="tdm-reservation" content="1">` (with `tdm-policy`) on the record's landing page,
and `<meta name="robots">` values that forbid mining (`noai`, `noimageai`, `none`; for every
robot, or for this harvester by its product token), keep the page's file from being
requested: the row says `reserved`, names the file the page points to (the link choice is
the same) and carries the evidence, the tag and the page's address. `noarchive` for every
robot is a search engines' cache directive and does not count. A stated licence lifts the
TDM reservation, not the robots directive.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from politeharvest import FullText, FullTextStep, PoliteSession, RequestEvent
from politeharvest.testing import Reply, ScriptedAdapter, text_pdf

Make = Callable[..., PoliteSession]
SITE = "https://journal.example.org"
PAGE = f"{SITE}/article/1"
PDF = text_pdf(["An article on computing engines", "Ada Lovelace", "2021"])


def landing(*metas: str) -> str:
    return (
        "<html><head><title>An article</title>"
        '<meta name="citation_title" content="An article">'
        f'<meta name="citation_pdf_url" content="/files/1.pdf">{"".join(metas)}</head>'
        '<body><a href="/files/1.pdf">Download PDF</a><a href="/files/2.pdf">PDF</a></body>'
        "</html>"
    )


def fulltext(
    make_session: Make, adapter: ScriptedAdapter, tmp_path: Path, page: str, **policy: Any
) -> tuple[dict[str, Any], list[RequestEvent]]:
    adapter.add(PAGE, Reply(200, {"Content-Type": "text/html"}, page))
    adapter.add(f"{SITE}/files/1.pdf", Reply(200, {"Content-Type": "application/pdf"}, PDF))
    adapter.add(f"{SITE}/files/2.pdf", Reply(200, {"Content-Type": "application/pdf"}, PDF))
    events: list[RequestEvent] = []
    session = make_session(events, job_budget=10**6, **policy)
    step = FullTextStep(session, FullText(directory=tmp_path / "files"))
    return step.for_url(PAGE, "rec-1"), events


def files(adapter: ScriptedAdapter) -> list[str]:
    return [r.path for r in adapter.log if r.path.startswith("/files/")]


@pytest.mark.parametrize(
    ("meta", "evidence"),
    [
        (
            '<meta name="tdm-reservation" content="1">'
            '<meta name="tdm-policy" content="https://journal.example.org/tdm.json">',
            '<meta name="tdm-reservation" content="1"> in the landing page\'s meta tags',
        ),
        ('<meta name="robots" content="index, follow, noai">', "<meta name=robots> noai"),
        ('<meta name="robots" content="noimageai">', "<meta name=robots> noimageai"),
        ('<meta name="robots" content="none">', "<meta name=robots> none"),
        (
            '<meta name="politeharvest-tests" content="noai">',
            "<meta name=politeharvest-tests> noai",
        ),
    ],
)
def test_the_page_reserves_its_file_which_is_never_requested(
    make_session: Make, adapter: ScriptedAdapter, tmp_path: Path, meta: str, evidence: str
) -> None:
    row, events = fulltext(make_session, adapter, tmp_path, landing(meta))
    assert row["status"] == "reserved"
    assert row["file_url"] == f"{SITE}/files/1.pdf"  # the link the page names, not fetched
    assert row["path"] is None
    assert evidence in row["reason"] and PAGE in row["reason"]
    assert files(adapter) == []
    assert "/.well-known/tdmrep.json" not in [r.path for r in adapter.log]  # nothing sent
    refused = [e for e in events if e.decision == "reserved"]
    assert [(e.url, e.kind) for e in refused] == [(f"{SITE}/files/1.pdf", "file")]
    assert evidence in str(refused[0].detail)
    if "tdm-policy" in meta:
        assert "https://journal.example.org/tdm.json" in row["reason"]
    assert not list((tmp_path / "files").glob("*.pdf"))


@pytest.mark.parametrize(
    "meta",
    [
        "",
        '<meta name="robots" content="noarchive">',  # a search engines' cache directive
        '<meta name="robots" content="INDEX,FOLLOW,NOARCHIVE,NOCACHE,NOODP,NOYDIR">',
        '<meta name="robots" content="noindex,nofollow">',
        '<meta name="googlebot" content="noai">',  # another robot's
        '<meta name="tdm-reservation" content="0">',
    ],
)
def test_other_page_directives_leave_the_file_alone(
    make_session: Make, adapter: ScriptedAdapter, tmp_path: Path, meta: str
) -> None:
    row, _ = fulltext(make_session, adapter, tmp_path, landing(meta))
    assert row["status"] == "downloaded"
    assert files(adapter) == ["/files/1.pdf"]


def test_a_stated_licence_lifts_the_pages_tdm_reservation_not_its_robots_directive(
    make_session: Make, adapter: ScriptedAdapter, tmp_path: Path
) -> None:
    tdm = landing('<meta name="tdm-reservation" content="1">')
    row, _ = fulltext(make_session, adapter, tmp_path, tdm, tdm_licence="our licence")
    assert row["status"] == "downloaded"
    noai = landing('<meta name="robots" content="noai">')
    row, _ = fulltext(make_session, adapter, tmp_path, noai, tdm_licence="our licence")
    assert row["status"] == "reserved"


def test_switched_off_the_pages_signals_do_not_count(
    make_session: Make, adapter: ScriptedAdapter, tmp_path: Path
) -> None:
    page = landing(
        '<meta name="tdm-reservation" content="1">', '<meta name="robots" content="noai">'
    )
    row, _ = fulltext(
        make_session, adapter, tmp_path, page, tdm_reservations=False, robots_tags=False
    )
    assert row["status"] == "downloaded"


def test_a_file_reserved_by_its_own_headers_ends_the_probes(
    make_session: Make, adapter: ScriptedAdapter, tmp_path: Path
) -> None:
    """The page's first file says tdm-reservation: 1: its body is not read, no other is tried."""
    adapter.add(
        f"{SITE}/files/1.pdf",
        Reply(200, {"Content-Type": "application/pdf", "tdm-reservation": "1"}, PDF),
    )
    adapter.add(PAGE, Reply(200, {"Content-Type": "text/html"}, landing()))
    session = make_session(job_budget=10**6)
    row = FullTextStep(session, FullText(directory=tmp_path / "files")).for_url(PAGE, "rec-1")
    assert row["status"] == "reserved"
    assert "tdm-reservation: 1 in the file's headers" in row["reason"]
    assert files(adapter) == ["/files/1.pdf"]  # the second link is not tried


def test_a_file_at_a_pages_address_reserved_by_its_headers_is_not_stored(
    make_session: Make, adapter: ScriptedAdapter, tmp_path: Path
) -> None:
    record = f"{SITE}/record/9"
    adapter.add(
        record, Reply(200, {"Content-Type": "application/pdf", "X-Robots-Tag": "noai"}, PDF)
    )
    session = make_session(job_budget=10**6)
    row = FullTextStep(session, FullText(directory=tmp_path / "files")).for_url(record, "rec-9")
    assert row["status"] == "reserved"
    assert "X-Robots-Tag: noai in the file's headers" in row["reason"]
    assert row["path"] is None
    assert not (tmp_path / "files").exists() or not list((tmp_path / "files").glob("*.pdf"))


def test_html_only_reports_the_link_as_before(
    make_session: Make, adapter: ScriptedAdapter, tmp_path: Path
) -> None:
    adapter.add(
        PAGE,
        Reply(
            200, {"Content-Type": "text/html"}, landing('<meta name="tdm-reservation" content="1">')
        ),
    )
    session = make_session(job_budget=10**6)
    settings = FullText(directory=tmp_path / "files", html_only=True, keep_pages=False)
    row = FullTextStep(session, settings).for_url(PAGE, "rec-1")
    assert (row["status"], row["file_url"]) == ("unverified", f"{SITE}/files/1.pdf")
    assert files(adapter) == []
