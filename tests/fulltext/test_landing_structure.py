"""Candidates from a page's structure: script state, version labels, file labels, file hosts.

Each test is a class of page the resolver used to miss or probe wastefully (issue 34): the
article's file only in a Next.js or Nuxt state, a link labelled with the work's version and
size, a download button whose label names the file, a Google Drive file, and a second
request to an endpoint that already answered with a page.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from politeharvest import LandingPageResolver, PoliteSession
from politeharvest.fulltext._identity import RecordHints
from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import PageFacts
from politeharvest.fulltext._rules import problematic_url
from politeharvest.fulltext._state import state_files
from politeharvest.testing import Reply, ScriptedAdapter, text_pdf

SITE = "https://journal.example.org"
TITLE = "Flood buyouts and the fiscal health of small towns"
DOI = "10.5555/flood.118342"
HINTS = RecordHints(titles=(TITLE,), doi=DOI, surnames=("halvorsen",), year="2024")
OWN = text_pdf([TITLE, "Dana Halvorsen", f"doi:{DOI}", "2024"])
Make = Callable[..., PoliteSession]


@pytest.fixture
def session(make_session: Make) -> PoliteSession:
    return make_session(job_budget=10**6)


# -- the script state ----------------------------------------------------------------------

NEXT_DATA = {
    "props": {
        "pageProps": {
            "journal": {"name": "Journal", "guidePdfUrl": "https://cdn.example.org/guide.pdf"},
            "article": {
                "title": TITLE,
                "doi": DOI,
                "pdf": {"fileName": "a.pdf", "url": "https://cdn.example.org/118342/a.pdf"},
                "attachments": [
                    {"title": "Online appendix A", "url": "https://cdn.example.org/118342/app.pdf"}
                ],
            },
            "moreFromIssue": [
                {
                    "title": "Mutual aid after the hurricane",
                    "pdfUrl": "https://cdn.example.org/9/b.pdf",
                }
            ],
        }
    }
}
NUXT = (
    'window.__NUXT__=(function(a,b){return {data:[{article:{title:"' + TITLE + '",'
    'doi:"10.5555\\u002Fflood.118342",pdf:{url:"https:\\u002F\\u002Fcdn.example.org'
    '\\u002F118342\\u002Fv2.pdf"},supplementaryFiles:[{title:"TablesS1.pdf",'
    'url:"https:\\u002F\\u002Fcdn.example.org\\u002F118342\\u002Fs1.pdf"}],'
    'versions:[{version:1,pdfUrl:b}]}}]}}(null,"https:\\u002F\\u002Fcdn.example.org\\u002Fv1.pdf"));'
)


def _own(kind: str, value: str) -> bool | None:
    return value.lower() == DOI if kind == "doi" else value == TITLE


def _pdf(key: str, url: str) -> bool:
    return "pdf" in (key + url).lower()


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        (
            json.dumps(NEXT_DATA),
            {
                "https://cdn.example.org/guide.pdf": None,
                "https://cdn.example.org/118342/a.pdf": True,
                "https://cdn.example.org/118342/app.pdf": False,
                "https://cdn.example.org/9/b.pdf": False,
            },
        ),
        (
            NUXT,
            {
                "https://cdn.example.org/118342/v2.pdf": True,
                "https://cdn.example.org/118342/s1.pdf": False,
            },
        ),
    ],
    ids=["next-data", "nuxt-iife"],
)
def test_state_files_are_judged_by_the_object_that_holds_them(
    script: str, expected: dict[str, bool | None]
) -> None:
    found = {f.url: f.own for f in state_files(script, _own, _pdf)}
    assert found == expected  # the IIFE argument (v1) is in no object: not a state file


def _next_page(article: str = "") -> str:
    return (
        f"<html><head><title>{TITLE}</title><meta name='citation_title' content='{TITLE}'>"
        f"<meta name='citation_doi' content='{DOI}'></head><body><h1>{TITLE}</h1>"
        "<button>Download PDF</button>"
        f'<script id="__NEXT_DATA__" type="application/json">{json.dumps(NEXT_DATA)}</script>'
        "</body></html>"
    )


def test_the_articles_file_in_the_script_state_is_tried_first_and_others_never(
    session: PoliteSession, adapter: ScriptedAdapter
) -> None:
    adapter.add(f"{SITE}/article/118342", Reply(200, {}, _next_page()))
    adapter.add("https://cdn.example.org/118342/a.pdf", Reply(200, {}, OWN))
    resolution = LandingPageResolver(session).resolve(f"{SITE}/article/118342", hints=HINTS)
    assert resolution.status == "found"
    assert resolution.file_url == "https://cdn.example.org/118342/a.pdf"
    assert resolution.probes == 1
    assert resolution.evidence.startswith("script-state:")
    rejected = {c.url: c.rejected for c in resolution.candidates if c.rejected}
    assert "another document" in str(rejected["https://cdn.example.org/9/b.pdf"])
    assert "another document" in str(rejected["https://cdn.example.org/118342/app.pdf"])


# -- labels that name the article's own file -----------------------------------------------


@pytest.mark.parametrize(
    ("label", "own"),
    [
        ("Halvorsen et al 2024 AAM", True),
        ("Preprint (3146 KB)", True),
        ("Accepted manuscript", True),
        (TITLE, True),
        ("Halvorsen et al 2023 Earlier survey of levees", False),
        ("Supplementary data S1-S5", False),
        ("Annual report of the network", False),
        ("Author guidelines", False),
    ],
)
def test_a_label_names_the_article_by_its_authors_year_version_and_size(
    label: str, own: bool
) -> None:
    facts = PageFacts(f"{SITE}/a", (TITLE,), DOI, (), ("halvorsen",))
    assert facts.names_own(label) is own


def test_a_citation_pdf_url_labelled_with_the_works_version_stays_strong() -> None:
    page = (
        f"<html><head><meta name='citation_title' content='{TITLE}'>"
        "<meta name='citation_author' content='Halvorsen, Dana'>"
        f"<meta name='citation_pdf_url' content='{SITE}/file/1/Halvorsen%202024%20AAM.pdf'>"
        f"</head><body><h1>{TITLE}</h1><ul class='files'>"
        f"<li><a href='{SITE}/file/1/Halvorsen%202024%20AAM.pdf'>Halvorsen et al 2024 AAM</a></li>"
        "</ul></body></html>"
    )
    analysis = find_candidates(page, f"{SITE}/output/1")
    top = analysis.candidates[0]
    assert top.url.endswith("Halvorsen%202024%20AAM.pdf") and top.strong


def test_a_download_button_whose_label_names_a_pdf_is_a_candidate() -> None:
    page = (
        f"<html><head><base href='/portal/'></head><body><h1>{TITLE}</h1>"
        "<a class='mat-button' href='../view/cover?file=1318&amp;download=true' "
        "aria-label='Download Halvorsen_2024_accepted_manuscript.pdf'>Download</a></body></html>"
    )
    analysis = find_candidates(page, f"{SITE}/portal/outputs/1")
    assert [c.url for c in analysis.candidates] == [f"{SITE}/view/cover?file=1318&download=true"]
    assert "names a PDF file" in analysis.candidates[0].evidence


# -- file hosts ----------------------------------------------------------------------------


def test_a_google_drive_file_is_a_file_and_a_folder_is_not() -> None:
    drive = "https://drive.google.com/file/d/1Qw3ErTy7UiOp9AsDfGhJkLz/view?usp=sharing"
    assert problematic_url(drive) is None
    assert problematic_url("https://drive.google.com/drive/folders/1AbCdEfGhIjKlMn") is not None
    assert problematic_url("https://www.google.com/search?q=x") is not None
    page = f"<html><body><h1>{TITLE}</h1><p><a href='{drive}'>Full text (PDF)</a></p></body></html>"
    analysis = find_candidates(page, f"{SITE}/working-papers/3/")
    assert analysis.candidates[0].url == (
        "https://drive.google.com/uc?export=download&id=1Qw3ErTy7UiOp9AsDfGhJkLz"
    )


# -- the request budget --------------------------------------------------------------------


def test_an_endpoint_that_answered_with_a_page_is_not_asked_again(
    session: PoliteSession, adapter: ScriptedAdapter
) -> None:
    page = (
        f"<html><head><meta name='citation_title' content='{TITLE}'></head><body><h1>{TITLE}</h1>"
        f"<a class='pdf' href='{SITE}/dl.aspx?file=118342&amp;view=1'>Download PDF</a>"
        f"<a class='pdf' href='{SITE}/dl.aspx?file=118342&amp;save=1'>PDF</a>"
        "</body></html>"
    )
    adapter.add(f"{SITE}/article/118342", Reply(200, {}, page))
    adapter.add(f"{SITE}/dl.aspx", Reply(200, {"Content-Type": "text/html"}, "<html>Buy</html>"))
    resolution = LandingPageResolver(session).resolve(f"{SITE}/article/118342", hints=HINTS)
    assert resolution.status == "no-fulltext"
    assert resolution.probes == 1
    skipped = [c for c in resolution.candidates if c.rejected and "only in its query" in c.rejected]
    assert len(skipped) == 1


def test_a_sign_up_page_is_never_requested() -> None:
    assert problematic_url("https://www.academia.edu/signup?a_id=1&download=true") is not None


def test_a_label_naming_another_format_or_kind_of_file_is_not_a_candidate() -> None:
    page = (
        f"<html><body><h1>{TITLE}</h1>"
        f"<a class='download' href='{SITE}/article/1/galley/2/download/'>Download XML</a>"
        f"<a class='download' href='{SITE}/ndownloader/files/3' aria-label='codebook.pdf'>"
        "download file</a>"
        f"<a class='download' href='{SITE}/article/1/galley/1/download/'>Download PDF</a>"
        "</body></html>"
    )
    analysis = find_candidates(page, f"{SITE}/article/1")
    assert [c.url for c in analysis.candidates] == [f"{SITE}/article/1/galley/1/download/"]
    why = {c.url: c.rejected for c in analysis.rejected}
    assert "another format" in str(why[f"{SITE}/article/1/galley/2/download/"])
    assert "another kind of file" in str(why[f"{SITE}/ndownloader/files/3"])


def test_a_datasets_page_tries_only_the_file_it_declares(
    session: PoliteSession, adapter: ScriptedAdapter
) -> None:
    jsonld = json.dumps({"@context": "https://schema.org", "@type": "Dataset", "name": TITLE})
    page = (
        f"<html><head><script type='application/ld+json'>{jsonld}</script></head><body>"
        f"<h1>{TITLE}</h1><a class='download' href='{SITE}/files/7'>Download PDF</a>"
        "</body></html>"
    )
    adapter.add(f"{SITE}/dataset/7", Reply(200, {}, page))
    resolution = LandingPageResolver(session).resolve(f"{SITE}/dataset/7", hints=HINTS)
    assert resolution.status == "no-fulltext"
    assert resolution.probes == 0
    assert "Dataset" in resolution.reason


def test_the_other_rows_of_a_declared_files_table_are_candidates_on_a_known_platform() -> None:
    rows = "".join(
        f"<tr><td><a href='https://repo.example.org/retrieve/1/{n}.pdf'>{n}.pdf</a></td>"
        f"<td>{kind}</td></tr>"
        for n, kind in (("Rossi_2023_a", "Open access"), ("Rossi_2023_b", "Open access"))
    )
    page = (
        f"<html><head><meta name='citation_title' content='{TITLE}'>"
        "<meta name='citation_author' content='Rossi, Ada'>"
        "<meta name='citation_pdf_url' content='https://repo.example.org/retrieve/1/"
        f"Rossi_2023_a.pdf'></head><body><h1>{TITLE}</h1><table>{rows}</table></body></html>"
    )
    analysis = find_candidates(page, "https://repo.example.org/handle/123/456")  # DSpace
    urls = [c.url for c in analysis.candidates]
    assert urls[0].endswith("Rossi_2023_a.pdf")
    assert "https://repo.example.org/retrieve/1/Rossi_2023_b.pdf" in urls


def test_the_submitted_version_in_a_version_table_is_no_longer_strong() -> None:
    def page(rows: tuple[tuple[str, str], ...]) -> str:
        table = "".join(
            f"<tr><td><a href='https://repo.example.org/retrieve/1/{n}.pdf'>{n}.pdf</a></td>"
            f"<td>{kind}</td></tr>"
            for n, kind in rows
        )
        return (
            f"<html><head><meta name='citation_title' content='{TITLE}'>"
            "<meta name='citation_pdf_url' content='https://repo.example.org/retrieve/1/"
            f"Rossi_a.pdf'></head><body><h1>{TITLE}</h1><table>{table}</table></body></html>"
        )

    versions = (("Rossi_a", "Pre-print (submitted)"), ("Rossi_b", "Post-print, accepted"))
    declared = find_candidates(page(versions), "https://repo.example.org/handle/123/456")
    preprint = next(c for c in declared.candidates if c.url.endswith("Rossi_a.pdf"))
    assert not preprint.strong
    assert "submitted version" in preprint.evidence
    # a preprint server's page lists only preprints: its declared file stays strong
    alone = find_candidates(page(versions[:1]), "https://repo.example.org/handle/123/456")
    assert alone.candidates[0].url.endswith("Rossi_a.pdf") and alone.candidates[0].strong


def test_a_button_calling_a_page_function_and_a_latin1_page() -> None:
    page = (
        "<html><head><meta http-equiv='Content-Type' content='text/html; charset=ISO-8859-1'>"
        f"<meta name='citation_title' content='{TITLE}'>"
        "<script>function openPdf() { track('4711', 'pdf');"
        " window.open('https://journal.example.org/pdf/4711.pdf', '_blank'); }</script>"
        f"</head><body><h1>{TITLE}</h1>"
        "<a href='javascript:void(0);' onclick='return openPdf();'>Descargar artículo (PDF)</a>"
        "</body></html>"
    ).encode("iso-8859-1")
    analysis = find_candidates(page, f"{SITE}/articulo.oa?id=4711")
    top = analysis.candidates[0]
    assert top.url == "https://journal.example.org/pdf/4711.pdf"
    assert "function openPdf" in top.source
    # read as UTF-8, "artículo" loses its letter and the label is no button's
    from politeharvest.fulltext._landing import _decoded

    assert "Descargar artículo" in _decoded(page, {})
    assert "Descargar artículo" in _decoded(page, {"Content-Type": "text/html; charset=latin-1"})
    assert _decoded("Kıyı".encode(), {"Content-Type": "text/html; charset=iso-8859-1"}) == "Kıyı"


def test_a_declared_charset_that_is_no_codec_name_reads_the_page_anyway() -> None:
    """A NUL in `<meta charset>` made Python's decode raise ValueError (found by test_fuzz)."""
    from politeharvest.fulltext._landing import _decoded

    page = b'<html><head><meta charset="utf\x008"></head><body>Art\xedculo</body></html>'
    assert "Art" in _decoded(page, {})
    assert find_candidates(page, f"{SITE}/a").candidates == ()


@pytest.mark.parametrize("label", ["Full text URL", "フルテキストURL"])
def test_a_link_written_as_its_address_is_labelled_by_its_row(label: str) -> None:
    file = "https://repo.example.ac.jp/record/23/files/Ronshu_3_23.pdf"
    page = (
        f"<html><head><meta name='citation_title' content='{TITLE}'></head><body><h1>{TITLE}</h1>"
        "<table><tr><th>URI</th><td><a href='https://doi.org/10.5555/x'>"
        f"https://doi.org/10.5555/x</a></td></tr><tr><th>{label}</th><td><a href='{file}'>"
        f"{file}</a></td></tr></table></body></html>"
    )
    analysis = find_candidates(page, "https://irdb.example.ac.jp/01152/0004567891")
    assert analysis.candidates[0].url == file


def test_a_link_that_is_only_a_pdf_icon_titled_to_say_so_is_a_candidate() -> None:
    page = (
        f"<html><head><title>{TITLE}</title></head><body><h1>{TITLE}</h1><table><tr><td>"
        "<a href='Show?key=Yq3mZ8rL1vTk7PbX9cN0' title='812345 numbered thesis as PDF'>"
        "<img src='images/pdf_icon.png' alt='PDF'></a></td></tr></table></body></html>"
    )
    analysis = find_candidates(page, f"{SITE}/Centre/detail.jsp?id=Kx3mQ9")
    assert analysis.candidates[0].url == f"{SITE}/Centre/Show?key=Yq3mZ8rL1vTk7PbX9cN0"
    assert "image saying PDF" in analysis.candidates[0].evidence


@pytest.mark.parametrize(
    ("declared", "codec"),
    [("windows-874", "cp874"), ("x-euc-jp", "euc_jp"), ("tis-620", "tis_620")],
)
def test_a_page_in_a_web_encoding_label_python_lacks_is_read(declared: str, codec: str) -> None:
    # WHATWG labels: "windows-874" (Thai) is Python's cp874; an "x-" prefix names the rest
    from politeharvest.fulltext._landing import _decoded

    text = "ฉบับเต็ม" if "874" in declared or "620" in declared else "全文"
    page = f'<html><head><meta charset="{declared}"></head><body>{text}</body></html>'
    assert text in _decoded(page.encode(codec), {})
    headers = {"Content-Type": f"text/html; charset={declared}"}
    assert text in _decoded(page.encode(codec), headers)


def test_a_download_menus_options_are_candidates() -> None:
    pdf = "https://tile.example.org/storage/2024555187/2024555187.pdf"
    page = (
        f"<html><head><title>{TITLE}</title></head><body><h1>{TITLE}</h1>"
        "<select name='select-resource0'>"
        f"<option value='{pdf}'>PDF (1.9 MB)</option>"
        "<option value='https://tile.example.org/storage/2024555187/2024555187.txt'>Text</option>"
        "</select><button>GO</button></body></html>"
    )
    analysis = find_candidates(page, f"{SITE}/item/2024555187/")
    assert [c.url for c in analysis.candidates][:1] == [pdf]
    assert "option value" in analysis.candidates[0].source


def test_a_record_under_a_search_servlet_is_no_search_page() -> None:
    # the query is the record's bare identifier, not a search's terms
    assert problematic_url("https://jopss.example.go.jp/search/servlet/search?5081234") is None
    assert problematic_url("https://repo.example.org/search?page=2") is not None
    assert problematic_url("https://repo.example.org/search") is not None
