"""Landing pages: an iframe's address serving the file whose bare name it is given.

Written after landing115 (standards bodies and guideline publishers, written outside the
project, scored once on 44e7bd1): a standard-setter's page embeds its update as
``<iframe src="/Page/ShowPdf?path=ASU%202025-04.pdf#toolbar=1">``. The ``path=`` value was
read as a viewer's file and resolved beside the page (``/Page/ASU 2025-04.pdf``, which
does not exist); the address that is no static page serves the file its parameter names.
A viewer's own page (``viewer.html?file=a.pdf``) still reads the file beside itself.
The pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates

PAGE = "https://www.fasb.example.org/page/document?pdf=ASU-2025-04"


def _page(src: str) -> str:
    return (
        "<html><head><title>ASU 2025-04 Revenue from Contracts with Customers</title></head>"
        "<body><h1>Accounting Standards Update 2025-04</h1><div id='pdfviewer'>"
        f"<iframe src='{src}' title='ASU 2025-04' width='100%'></iframe></div></body></html>"
    )


def test_an_endpoint_given_a_files_bare_name_serves_that_file() -> None:
    found = find_candidates(_page("/Page/ShowPdf?path=ASU%202025-04.pdf#toolbar=1"), PAGE)
    urls = [c.url for c in found.candidates]
    assert urls[0] == "https://www.fasb.example.org/Page/ShowPdf?path=ASU%202025-04.pdf", urls
    assert "https://www.fasb.example.org/Page/ASU 2025-04.pdf" not in urls


def test_a_viewers_page_reads_its_file_beside_itself() -> None:
    found = find_candidates(_page("/pdfjs/web/viewer.html?file=ASU-2025-04.pdf"), PAGE)
    urls = [c.url for c in found.candidates]
    assert urls, "no candidate"
    assert urls[0] == "https://www.fasb.example.org/pdfjs/web/ASU-2025-04.pdf"
