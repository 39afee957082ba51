"""Report pages of the English-language grey literature (landing48, after its scoring).

- A label saying it is the whole work with a count of its pages and no format ("Full Report
  (58 pages)") is a file's label, not another document's title, as "(PDF, 47 pages)" was;
  another part's label counted so ("Highlights (1 page)") still names that part.
- A record's value in the page's address and in its file's differ only by a file's
  extension ("Dockey=P1019XKQ.txt" on the page, "Dockey=P1019XKQ.PDF" its PDF): one record.
- A fact sheet is another kind of document, by its label or its file's name.

The guards: another record's value with an extension is still another record's; a title with
words of its own after the full report's is still another document's.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from bs4 import BeautifulSoup, Tag

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._words import names_document

GAO = "https://www.gao.example.gov"
TITLE = "Wildland Fire: Federal Agencies Need Better Data on Firefighter Pay"


def _page(body: str, title: str = TITLE) -> str:
    head = f"<title>{title}</title><meta name='citation_title' content='{title}'>"
    return f"<html><head>{head}</head><body><main><h1>{title}</h1>{body}</main></body></html>"


def _files(*links: tuple[str, str]) -> str:
    return "<div class='files'>" + "".join(f"<a href='{h}'>{t}</a>" for h, t in links) + "</div>"


def test_a_label_with_a_page_count_is_a_files_label() -> None:
    report = f"{GAO}/assets/gao-24-106412.pdf"
    html = _page(
        _files(
            (f"{GAO}/assets/d24106412.pdf", "Highlights Page (1 page)"),
            (report, "Full Report <span class='file-size'>(58 pages)</span>"),
        )
    )
    found = find_candidates(html, f"{GAO}/products/gao-24-106412")
    assert found.candidates[0].url == report
    # another part's label counted so still names that part
    assert names_document(_anchor("Full Report (58 pages)")) is None
    assert names_document(_anchor("Highlights (1 page)")) == "Highlights (1 page)"


def _anchor(text: str) -> Tag:
    found = BeautifulSoup(f"<a href='/f.pdf'>{text}</a>", "html.parser").a
    assert found is not None
    return found


def test_a_titled_link_with_a_count_still_names_another_document() -> None:
    other = f"{GAO}/assets/gao-22-105017.pdf"
    body = _files(
        (other, "Barriers to Recruitment and Retention of Federal Firefighters (64 pages)")
    )
    found = find_candidates(_page(body), f"{GAO}/products/gao-24-106412")
    assert other not in [c.url for c in found.candidates]


EPA = "https://nepis.epa.example.gov"
PAGE = f"{EPA}/Exe/ZyNET.exe/P1019XKQ.TXT?ZyActionD=ZyDocument&Dockey=P1019XKQ.txt"


def test_a_records_value_with_another_extension_is_the_same_record() -> None:
    own = f"{EPA}/Exe/ZyPDF.cgi?Dockey=P1019XKQ.PDF"
    other = f"{EPA}/Exe/ZyPDF.cgi?Dockey=P1017ZQN.PDF"
    body = f"<p><a href='{own}'>Download PDF</a></p><p><a href='{other}'>Download PDF</a></p>"
    found = find_candidates(_page(body, "Air Sensor Performance Targets"), PAGE)
    assert [c.url for c in found.candidates] == [own]
    refused = {c.url: str(c.rejected) for c in found.rejected}
    assert "names another record" in refused[other]


def test_a_fact_sheet_is_another_kind() -> None:
    sheet = f"{GAO}/reports/heat-health-factsheet_508.pdf"
    body = f"<p><a href='{sheet}'>Download fact sheet (PDF, 412 KB)</a></p>"
    found = find_candidates(_page(body, "Heat and Health Research Needs"), f"{GAO}/heat")
    assert found.candidates == ()


UNIGE = "https://archive.example.ch"


def _attachments(label: str, second: str) -> str:
    own = f"{UNIGE}/unige:171234/ATTACHMENT01"
    rows = (
        f"<tr><td>attachment01.pdf (1.3 MB)</td><td>Texte intégral</td>"
        f"<td><a class='btn' href='{own}'>{label}</a></td></tr>"
        f"<tr><td>attachment02.pdf (640 KB)</td><td>Annexe en ligne</td>"
        f"<td><a class='btn' href='{UNIGE}/unige:171234/ATTACHMENT02'>{second}</a></td></tr>"
    )
    head = f"<meta name='citation_pdf_url' content='{own}'>"
    title = "Vieillir entre deux pays : trajectoires résidentielles"
    meta = f"<title>{title}</title><meta name='citation_title' content='{title}'>{head}"
    return (
        f"<html><head>{meta}</head><body><main><h1>{title}</h1>"
        f"<table>{rows}</table></main></body></html>"
    )


def test_a_label_on_several_files_links_is_a_controls_not_a_title() -> None:
    # (landing49, after its scoring: the declaration was refused for its link's "title")
    html = _attachments("Lien vers le document", "Lien vers le document")
    found = find_candidates(html, f"{UNIGE}/unige:171234")
    assert found.candidates[0].url == f"{UNIGE}/unige:171234/ATTACHMENT01"


def test_a_title_on_one_link_still_names_another_document() -> None:
    html = _attachments("Les frontaliers du Grand Genève en 2019", "Lien vers le document")
    found = find_candidates(html, f"{UNIGE}/unige:171234")
    assert f"{UNIGE}/unige:171234/ATTACHMENT01" not in [c.url for c in found.candidates]
