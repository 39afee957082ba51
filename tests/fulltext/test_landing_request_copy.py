"""A restricted file's entry offers a request for a copy, not the file (issue 34).

Repository software asks a visitor to write to the author for a file it keeps from them
(EPrints's ``/cgi/request_doc?docid=``, DSpace's ``request-a-copy``): the file's link beside
such a request, or a link that is the request itself, leads to no file a harvester may
fetch. Decided by the request's address, in any language of the page. All pages are
written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._landing import find_candidates

SITE = "https://eprints.example.ac.id"
TITLE = "Analisis kepatuhan pajak usaha mikro di kota pesisir"
RESTRICTED = f"{SITE}/81234/3/TESIS_LENGKAP.pdf"
OPEN = f"{SITE}/81234/1/SAMPUL.pdf"


def _page(rows: str, head: str = "") -> str:
    return (
        f"<html><head><title>{TITLE}</title>{head}</head><body><main><h1>{TITLE}</h1>"
        f"<table class='files'>{rows}</table></main></body></html>"
    )


def _row(url: str, label: str, extra: str = "") -> str:
    return (
        f"<tr><td><a class='doc' href='{url}'><img src='{SITE}/style/pdf.png' alt='[img]'></a></td>"
        f"<td><span>{label}</span><br><a class='doc' href='{url}'>Unduh (2MB)</a>{extra}</td></tr>"
    )


def _why(html: str, link: str) -> str | None:
    analysis = find_candidates(html, f"{SITE}/81234/")
    if any(c.url == link for c in analysis.candidates):
        return None
    return next((c.rejected for c in analysis.rejected if c.url == link), "not found at all")


@pytest.mark.parametrize(
    "request_href", [f"{SITE}/cgi/request_doc?docid=402117", "/request-a-copy/10803/691?bit=1"]
)
def test_a_file_whose_row_offers_a_request_for_a_copy_is_walled(request_href: str) -> None:
    html = _page(
        _row(RESTRICTED, "Tesis lengkap", f" | <a href='{request_href}'>Minta salinan</a>"),
        head=f"<meta name='citation_pdf_url' content='{RESTRICTED}'>",
    )
    assert "request for a copy" in (_why(html, RESTRICTED) or "")


def test_a_link_that_is_the_request_form_is_walled() -> None:
    link = f"{SITE}/bitstreams/e51c8a2f/request-a-copy"
    html = _page(f"<tr><td><a href='{link}'>Thordardottir_accepted.pdf (1.02 MB)</a></td></tr>")
    assert "asks for a copy" in (_why(html, link) or "")


def test_an_open_file_beside_another_rows_request_stays_open() -> None:
    # the request sits in the restricted file's row, not the open file's
    html = _page(
        _row(OPEN, "Tesis lengkap")
        + _row(RESTRICTED, "Lampiran", f" | <a href='{SITE}/cgi/request_doc?docid=9'>Minta</a>")
    )
    assert _why(html, OPEN) is None
