"""A page that keeps no candidate: its best weak file, probed once, kept only if it matches.

Own files missed on unseen platforms (issue 34) sat behind evidence too weak to keep a
candidate: a download label in an unread language on another host, a file row among the
work's copies labelled alike. `PageAnalysis.fallback` lists the links the page's own
evidence says are files and that only their weak evidence rejected; the resolve flow
probes the best one once, and its file must match the record, so another document's file
is never stored.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from politeharvest import LandingPageResolver, PoliteSession
from politeharvest.fulltext._identity import RecordHints
from politeharvest.fulltext._landing import find_candidates
from politeharvest.testing import Reply, ScriptedAdapter, text_pdf

SITE = "https://records.example.org"
FILES = "https://files.example.net"
TITLE = "Cooperative dairies in the interwar countryside"
DOI = "10.5555/coop.2022.4"
HINTS = RecordHints(titles=(TITLE,), doi=DOI, surnames=("jankauskaite",), year="2022")
OWN = text_pdf([TITLE, "Ruta Jankauskaite", f"doi:{DOI}", "2022"])
OTHER = text_pdf(["Farmers' unions in the western region", "Petras Kazlauskas", "2021"])
Make = Callable[..., PoliteSession]


def _page(body: str) -> str:
    return (
        f"<html><head><meta name='citation_title' content='{TITLE}'>"
        f"<meta name='citation_doi' content='{DOI}'></head>"
        f"<body><div class='record'><h1>{TITLE}</h1>{body}</div></body></html>"
    )


#: A datastream with no file extension on another host, its link an icon and a word no
#: vocabulary here reads ("Atsisiųsti": download), labelled "Visas tekstas:" (full text).
DATASTREAM = f"{FILES}/objects/obj:176/datastreams/MAIN/content"
ACCESS = (
    "<h3>Prieiga</h3><ul class='access'>"
    f"<li>Visas tekstas: <a href='{DATASTREAM}'><img src='/pdf.png' alt='PDF'> Atsisiųsti</a></li>"
    f"<li>Santrauka anglų kalba: <a href='{FILES}/objects/obj:176/datastreams/ATT_1/content'>"
    "Summary (PDF)</a></li></ul>"
)
#: The work's copies, each item a host's name and the same label ("Article · Open Access").
COPY = "https://zenodo.example/records/8123456/files/Jankauskaite_2022_cooperative_dairies.pdf"
COPIES = (
    "<h6>Download from</h6><ul class='download-from'>"
    f"<li><a href='{COPY}'>ZENODO</a> <span class='meta'>Article · Open Access</span></li>"
    "<li><a href='https://repo.example.edu/bitstream/1/15501/x.pdf'>Kaunas University "
    "Institutional Repository</a> <span class='meta'>Article · Open Access</span></li></ul>"
)

ROWS: list[tuple[str, str, list[str]]] = [
    ("an extension-less datastream behind a PDF icon on another host", ACCESS, [DATASTREAM]),
    ("a file among the work's copies labelled alike", COPIES, [COPY]),
    (
        "a guide whose only evidence is its file's address",
        f"<p><a href='{SITE}/help/user_guide.pdf'>Help</a></p>",
        [],
    ),
    (
        "the record's other page (its id in a page's address) is no file",
        f"<p><a href='{SITE}/en/content/98765'>EN</a></p>",
        [],
    ),
    (
        "a weak file in another document's block",
        "<h3>Similar records</h3><ul><li><a href='/content/98001'>Farmers' unions in the western "
        f"region</a> <a href='{FILES}/objects/obj:170/datastreams/MAIN/content'>PDF</a></li></ul>",
        [],
    ),
]


@pytest.mark.parametrize(("body", "fallback"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_the_weak_files_worth_a_probe(body: str, fallback: list[str]) -> None:
    analysis = find_candidates(_page(body), f"{SITE}/content/98765")
    assert analysis.kind == "none"
    assert [c.url for c in analysis.fallback] == fallback
    for candidate in analysis.fallback:
        assert (candidate.rejected or "").startswith("weak evidence")


def test_a_summary_is_another_kind_of_document() -> None:
    analysis = find_candidates(_page(ACCESS), f"{SITE}/content/98765")
    summary = [c for c in analysis.rejected if "ATT_1" in c.url]
    assert summary
    assert all("another kind of document" in (c.rejected or "") for c in summary)


def test_a_label_ending_in_a_colon_is_no_title_of_another_document() -> None:
    analysis = find_candidates(_page(ACCESS), f"{SITE}/content/98765")
    own = [c for c in analysis.rejected if c.url == DATASTREAM]
    assert own
    assert all("list of other documents" not in (c.rejected or "") for c in own)


def test_a_badge_repeated_by_a_list_of_other_articles_keeps_it_a_list() -> None:
    """Items with a link to an article's page beside their file are other documents' items."""
    others = (
        "<h3>Other articles of this issue</h3><ul>"
        "<li><a href='/content/98001/'>Preface</a> <span class='badge'>Open access</span> "
        "(<a href='/content/98001.pdf'>PDF</a>)</li>"
        "<li><a href='/content/98003/'>Farmers' unions in the western region</a></li>"
        "<li><a href='/content/98007/'>Reviews</a> <span class='badge'>Open access</span> "
        "(<a href='/content/98007.pdf'>PDF</a>)</li></ul>"
    )
    analysis = find_candidates(_page(others), f"{SITE}/content/98765")
    assert analysis.fallback == ()
    files = [c for c in analysis.rejected if c.url.endswith(".pdf")]
    assert files
    assert all("list of other documents" in (c.rejected or "") for c in files)


@pytest.fixture
def session(make_session: Make) -> PoliteSession:
    return make_session(job_budget=10**6)


def test_the_weak_file_is_found_when_it_matches_the_record(
    session: PoliteSession, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{SITE}/content/98765", Reply(200, {}, _page(ACCESS)))
    adapter.add(DATASTREAM, Reply(200, {"Content-Type": "application/octet-stream"}, OWN))
    resolution = LandingPageResolver(session).resolve(f"{SITE}/content/98765", hints=HINTS)
    assert resolution.status == "found"
    assert resolution.file_url == DATASTREAM
    assert resolution.probes == 1


def test_a_weak_file_of_another_document_is_refused_after_one_request(
    session: PoliteSession, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{SITE}/content/98765", Reply(200, {}, _page(ACCESS)))
    adapter.add(DATASTREAM, Reply(200, {"Content-Type": "application/pdf"}, OTHER))
    resolution = LandingPageResolver(session).resolve(f"{SITE}/content/98765", hints=HINTS)
    assert resolution.status == "no-fulltext"
    assert resolution.file_url is None
    assert resolution.probes == 1
    assert resolution.reason.startswith("no full-text file link on the page; its best weak file")


def test_no_weak_file_is_probed_without_a_record_to_match(
    session: PoliteSession, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{SITE}/content/98765", Reply(200, {}, _page(ACCESS)))
    adapter.add(DATASTREAM, Reply(200, {"Content-Type": "application/pdf"}, OWN))
    resolution = LandingPageResolver(session).resolve(f"{SITE}/content/98765")
    assert resolution.status == "no-fulltext"
    assert resolution.probes == 0


#: Links a page shows some sign of a wall for: none is worth the last-resort probe.
WALLED_ROWS: list[tuple[str, str]] = [
    (
        "a sign-in endpoint by its path's shape (a camel-cased segment)",
        "<div class='fulltext-box'><p>Available to subscribers only.</p>"
        "<a class='btn' href='/MyResearch/UserLogin?followup=98765'>"
        "<i class='fa fa-file-pdf-o'></i> Full text (PDF)</a></div>",
    ),
    (
        "the article's block marks its own file closed (a lock icon, an embargo class)",
        "<h5>Files</h5><div class='file'><span><i class='fas fa-lock'></i> Thesis.pdf</span>"
        "<div class='embargo'>Embargo until 2026-12-31</div></div>"
        f"<ul><li>Priedas: <a href='{DATASTREAM}'><img src='/pdf.png' alt='PDF'> Atsisiųsti</a>"
        "</li></ul>",
    ),
    (
        "a file whose address carries the id of a link naming another document",
        "<table><tr><th>Projects</th><td><a href='/projects/display/33cc44dd-5566-7788'>"
        "PRG1234 Forest wildlife protection</a> (<a href='/projects/report/33cc44dd-5566-7788'>"
        "Final report, PDF</a>)</td></tr></table>",
    ),
]


@pytest.mark.parametrize("body", [r[1] for r in WALLED_ROWS], ids=[r[0] for r in WALLED_ROWS])
def test_no_probe_for_a_weak_file_the_page_shows_walled(body: str) -> None:
    analysis = find_candidates(_page(body), f"{SITE}/content/98765")
    assert analysis.kind == "none"
    assert analysis.fallback == ()


def test_an_open_lock_or_a_toggle_leaves_the_weak_file_worth_its_probe() -> None:
    """A lock-open icon marks nothing closed; a "Download" menu toggle alone is no wall."""
    body = (
        "<p><i class='fa fa-unlock'></i> Open access</p>"
        "<div class='dropdown'><button class='dropdown-toggle'>Download</button>"
        f"<ul><li><a href='{DATASTREAM}'><img src='/pdf.png' alt='PDF'> Atsisiųsti</a></li>"
        "</ul></div>"
    )
    analysis = find_candidates(_page(body), f"{SITE}/content/98765")
    assert [c.url for c in analysis.fallback] == [DATASTREAM]


def test_a_price_beside_a_weak_file_walls_it() -> None:
    """The price in the link's own block, outside another link's text, prices the file."""
    body = (
        "<table><tr><th>Full text</th><td><a href='/library/journal/download?GoodsID=98765'>"
        "<img src='/img/btn_pdf.gif' alt='PDF'></a> Paid (1,100円): log in to buy.<br>"
        "<a href='/library/journal/preview?GoodsID=98765'>Show page 1</a></td></tr></table>"
    )
    analysis = find_candidates(_page(body), f"{SITE}/library/journal/abstract?GoodsID=98765")
    assert analysis.kind == "none"
    assert analysis.candidates == ()
    assert "price is written beside its link (1,100円)" in analysis.reason


def test_a_price_of_another_link_leaves_the_file() -> None:
    """ "Buy the issue (PDF) - 22,00 €" is a link of its own: it prices the issue."""
    body = (
        "<div class='tools'><a href='/load_pdf?ID=98765&amp;download=1'>"
        "<img src='/pdf.png' alt='PDF'> Download</a> "
        "<a href='/buy-issue?ID=9876'>Buy the issue (PDF) - 22,00 €</a></div>"
    )
    analysis = find_candidates(_page(body), f"{SITE}/content/98765")
    assert [c.url for c in analysis.candidates] == [f"{SITE}/load_pdf?ID=98765&download=1"]
