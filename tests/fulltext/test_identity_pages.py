"""The record's own file, or none: each failure class on a page of its own (tests/data/landing).

Every link on the page answers with another article's PDF, except the article's own
file (when it has one), which carries the record's title. The resolver must store
the own file or nothing: never a neighbour's.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urljoin

import pytest
import requests
from bs4 import BeautifulSoup

from politeharvest import LandingPageResolver, PdfFetcher, Politeness, PoliteSession
from politeharvest.fulltext._identity import RecordHints
from politeharvest.fulltext._rules import RULES
from politeharvest.testing import FakeClock, Reply, ScriptedAdapter, text_pdf
from tests.support import UA

DATA = Path(__file__).resolve().parents[1] / "data" / "landing"
CASES = json.loads((DATA / "cases.json").read_text(encoding="utf-8"))
# A HAL notice without a file: the /document guess is a candidate on its own (not in
# cases.json, whose expectation is "no candidate at all").
CASES["hal_notice"] = {"file": "hal_notice.html", "url": "https://hal.science/hal-04999999"}


def stranger(n: int) -> bytes:
    return text_pdf(
        [
            f"Groundwater nitrate in karst aquifer number {n}",
            "Q. Zhang, M. Okafor",
            f"doi:10.9999/karst.{n}",
            "Abstract. We sampled thirty springs monthly during two hydrological years and",
            "measured nitrate, chloride and stable isotopes to separate fertilizer inputs from",
            "wastewater sources; concentrations peaked after autumn rainfall events.",
        ]
    )


def serve_page(name: str, own: str | None, tmp_path: Path) -> tuple[object, bytes]:
    case = CASES[name]
    html = (DATA / case["file"]).read_text(encoding="utf-8")
    soup = BeautifulSoup(html, "lxml")
    title = str(soup.find("meta", attrs={"name": "citation_title"})["content"])  # type: ignore[index]
    own_pdf = text_pdf([title, "A. Author", "2024", "Abstract. " + "Findings of this study. " * 6])
    clock = FakeClock()
    adapter = ScriptedAdapter(clock)
    adapter.add(case["url"], Reply(200, {"Content-Type": "text/html"}, html))
    links = {urljoin(case["url"], str(a["href"])) for a in soup.find_all("a", href=True)}
    links |= {
        urljoin(case["url"], str(m["content"]))
        for m in soup.find_all("meta", attrs={"name": "citation_pdf_url"})
    }
    for rule in RULES:  # the addresses rules would guess
        match = rule.matches(case["url"]) if rule.rewrite else None
        if match is not None:
            links.add(rule.build(rule.rewrite, case["url"], match))
    for number, link in enumerate(sorted(links)):
        adapter.add(link, Reply(200, {"Content-Type": "application/pdf"}, stranger(number)))
    if own is not None:
        adapter.add(own, Reply(200, {"Content-Type": "application/pdf"}, own_pdf))
    http = requests.Session()
    http.mount("https://", adapter)
    http.mount("http://", adapter)
    session = PoliteSession(Politeness(https_only=False, user_agent=UA), http=http, clock=clock)
    fetcher = PdfFetcher(session, tmp_path / "files")
    resolver = LandingPageResolver(session, fetcher=fetcher)
    hints = RecordHints(titles=(title,), surnames=("author",), year="2024")
    return resolver.resolve(case["url"], key="rec", hints=hints), own_pdf


@pytest.mark.parametrize(
    ("name", "own"),
    [
        # a "Benzer Makaleler" sidebar with other articles' PDFs; the article has no file yet
        ("dergipark_similar", None),
        ("dergipark_similar_own", "https://dergipark.org.tr/tr/download/article-file/444001"),
        # other articles of the issue, under their heading
        ("issue_related", None),
        # a PDF in the citation list of an early-view article without a file
        ("early_view", None),
        # an HTML galley only; a journal style sheet PDF in a custom sidebar block
        ("ojs_stylesheet", None),
        # a licence form among DSpace 7 bitstreams; citation_pdf_url on localhost:4000
        (
            "dspace7_license",
            "https://repo.example.edu/bitstreams/1b2c3d4e-0000-1111-2222-333344445555/download",
        ),
        # a guessed /document on a HAL notice without a file answers another document
        ("hal_notice", None),
        # Wiley's pdfdirect inside a download menu
        ("wiley_menu", "https://onlinelibrary.wiley.com/doi/pdfdirect/10.1002/mar.99999"),
        # JSTOR and SAGE: the address is built from an id
        ("jstor", "https://www.jstor.org/stable/pdf/20189999.pdf?acceptTC=1"),
        ("sage", "https://journals.sagepub.com/doi/pdf/10.1177/0018720899990001?download=true"),
    ],
)
def test_the_record_s_own_file_or_none(name: str, own: str | None, tmp_path: Path) -> None:
    resolution, own_pdf = serve_page(name, own, tmp_path)
    assert resolution.file_url == own, (resolution.reason, resolution.candidates)
    stored = list((tmp_path / "files").glob("*.pdf")) if (tmp_path / "files").exists() else []
    if own is None:
        assert stored == []
    else:
        assert [p.read_bytes() for p in stored] == [own_pdf]
        assert resolution.file is not None and resolution.file.identity is not None
