"""A site rule is strong evidence only where it names the article's own file.

DergiPark's third selector, ``a[href*="/download/article-file/"]``, matches *any* file link
on the page: on a page without the article's file it picked the similarity report
("Benzerlik Raporu") as strong evidence, and a file that could not be matched to the record
was stored as the article. A selector that says nothing but the link's address is weak
evidence now: its file is kept only when its text matches the record.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from politeharvest import LandingPageResolver, PdfFetcher, PoliteSession
from politeharvest.fulltext._identity import RecordHints
from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._rules import RULES, SiteRule
from politeharvest.testing import Reply, ScriptedAdapter, text_pdf

HERE = Path(__file__).resolve().parent.parent / "data" / "landing-corpus" / "heldout"
PAGE = (HERE / "dergipark_similarity_report_null.html").read_bytes()
URL = "https://dergipark.org.tr/tr/pub/egetid/issue/84112/1412233"
REPORT = "https://dergipark.org.tr/tr/download/article-file/3912044"
HINTS = RecordHints(
    titles=("Osmanlı Son Döneminde İzmir Limanında Tütün Ticareti (1880-1914)",),
    doi="10.18513/egetid.1412233",
    surnames=("yıldırım",),
    year="2024",
)
#: The similarity report: a PDF that names no article (the identity check cannot match it).
REPORT_PDF = text_pdf(
    [
        "Benzerlik Raporu",
        "Turnitin Originality Report",
        "Similarity Index 12%",
        "Internet Sources 9%  Publications 4%  Student Papers 2%",
        "Processed on 14 February 2024",
        "Submission ID 2291837465",
    ]
)


@pytest.mark.parametrize(
    ("selector", "own"),
    [
        ('a[href*="/download/article-file/"]', False),
        ('a[href*="/bitstream/"][href*=".pdf"]', False),
        ("a[href$='.pdf' i]", False),
        ("[href*=sci_pdf]", False),
        ("a[href]", False),
        ('a[href*="/doi/pdf/"], a[href*="/doi/pdfdirect/"]', False),
        ("a.article-tool.pdf[href]", True),
        ('#article-toolbar a[title="Makale PDF linki"][href]', True),
        ("a#downloadPdfUrl[href]", True),
        ('a[data-download-type="pdf-article"][href]', True),
        ('a[href*="/doi/pdf/"], a#pdf', False),
        ("a#pdf, a.pdf-download[href]", True),
    ],
)
def test_a_selector_names_the_own_file_only_when_it_says_more_than_the_address(
    selector: str, own: bool
) -> None:
    assert SiteRule.names_own_file(selector) is own


def test_a_rule_that_matches_any_file_link_is_weak_evidence() -> None:
    analysis = find_candidates(PAGE, URL)
    (report,) = [c for c in analysis.candidates if c.url == REPORT]
    assert report.source == "rule:dergipark"
    assert not report.strong
    assert "matches any file link" in report.evidence
    # the rules that name the article's own button are still strong
    dergipark = next(r for r in RULES if r.name == "dergipark")
    assert [SiteRule.names_own_file(s) for s in dergipark.selectors] == [True, True, False]


def test_a_page_without_the_articles_file_keeps_no_report_as_the_article(
    make_session: Callable[..., PoliteSession], adapter: ScriptedAdapter, tmp_path: Path
) -> None:
    session = make_session()
    adapter.add(URL, Reply(200, {"Content-Type": "text/html; charset=utf-8"}, PAGE))
    adapter.add(REPORT, Reply(200, {"Content-Type": "application/pdf"}, REPORT_PDF))
    fetcher = PdfFetcher(session, tmp_path / "files")
    resolution = LandingPageResolver(session, fetcher=fetcher).resolve(
        URL, key="oai:dergipark.org.tr:article/1412233", hints=HINTS
    )
    assert resolution.status == "no-fulltext"
    assert resolution.file_url is None
    assert "unconfirmed" in resolution.reason
    assert not (tmp_path / "files").exists() or list((tmp_path / "files").iterdir()) == []
