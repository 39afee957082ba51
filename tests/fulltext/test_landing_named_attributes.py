"""A file's name in an attribute, the record's number in the page's summary, a language link.

landing98 (scored once): a parliament's research service listed its report's files as links
carrying ``data-href`` (the download script) and ``data-file-name`` (the file's name); the
name was read as a second address, which did not exist, and tried first. An attribute named
for a name, with no path in its value, is no address. The link's text, the file's name
``입법정책보고서_142호.pdf``, carries the record's number, which only the page's summary
(``<meta name="description">``: "입법·정책보고서 제142호", report no. 142) gives: the
summary's numbers are the record's too. On an extension service's page, the record's
"Download PDF" sat beside "Ver en español", a link marked ``hreflang="es"`` to the Spanish
edition's page: the record in another language, not another record's entry beside the file.
landing97 (scored once): a doctoral council's table listed the dissertation beside the
theses booklet ("Tézisek"), the examiners' reports ("Bírálat (Dr. ...)") and the defence's
minutes ("Védési jegyzőkönyv"), whose files carried the record's id and were tried first:
the kinds of a thesis's companions, as "Thesen", "posudek" and "PV de soutenance" are.
All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._links import link_sources

SITE = "https://www.assembly-research.example.kr"


def _report(description: str) -> str:
    row = (
        "<li><a href='#none' class='fileDown' data-href='/attachment/fileDownload.do?brd=44123"
        "&amp;fileNo={n}' data-file-name='{name}' title='새 창 열림'>{name}</a></li>"
    )
    return (
        "<html><head><title>기후위기 대응을 위한 지방재정 개편 방안</title>"
        f"<meta name='description' content='{description}'></head><body>"
        "<h1>기후위기 대응을 위한 지방재정 개편 방안</h1><dl><dt>첨부파일</dt><dd><ul>"
        + row.format(n=1, name="입법정책보고서_142호.pdf")
        + row.format(n=2, name="요약본_142호.pdf")
        + "</ul></dd></dl></body></html>"
    )


def test_a_data_file_name_is_no_address() -> None:
    soup = BeautifulSoup(_report("입법·정책보고서 제142호"), "lxml")
    found = {(where, address) for _, address, where in link_sources(soup)}
    assert ("data-href", "/attachment/fileDownload.do?brd=44123&fileNo=1") in found
    assert not any(where == "data-file-name" for where, _ in found)


def test_the_file_named_with_the_number_the_pages_summary_gives_is_the_records() -> None:
    page = f"{SITE}/report/view.do?brdSeq=44123"
    own = f"{SITE}/attachment/fileDownload.do?brd=44123&fileNo=1"
    found = find_candidates(_report("국회입법조사처 입법·정책보고서 제142호"), page).candidates
    assert [c.url for c in found] == [own]
    # without the number in the summary, the file's name says nothing of the record
    found = find_candidates(_report("국회입법조사처 입법·정책보고서"), page).candidates
    assert own not in [c.url for c in found if c.score >= 50]


def test_a_link_to_the_record_in_another_language_is_not_another_records_entry() -> None:
    page = "https://extension.example.edu/catalog/em-9401-managing-western-juniper-rangelands"
    title = "Managing Western Juniper Encroachment on Rangelands"
    other = "/catalog/em-9401-s-manejo-de-la-invasion-del-enebro-occidental"
    html = (
        f"<html><head><title>{title}</title></head><body><header><h1>{title}</h1>"
        "<div class='pub-actions'><a class='button' href='/files/EM9401.pdf'>Download PDF</a>"
        f"<a class='button' href='{other}' hreflang='es'>Ver en español</a></div></header>"
        "<p>Western juniper has expanded into sagebrush steppe.</p></body></html>"
    )
    found = [c.url for c in find_candidates(html, page).candidates]
    assert found == ["https://extension.example.edu/files/EM9401.pdf"]


def test_a_thesis_companions_are_no_dissertation() -> None:
    page = "https://doctoral.example.hu/index.php?menuid=193&vid=24817"
    title = "A városi hősziget térbeli szerkezete Szegeden"
    rows = [
        ("Értekezés", "https://repo.example.hu/eprint/11873/1/Szabo_disszertacio.pdf"),
        ("Tézisek", "/file/tezis/24817.pdf"),
        ("Bírálat (Dr. Mika János)", "/file/biralat/24817_1.pdf"),
        ("Védési jegyzőkönyv", "/file/jegyzokonyv/24817.pdf"),
    ]
    table = "".join(
        f"<tr><td>{label}</td><td>magyar</td><td><a href='{href}'><img src='/i/pdf.gif' "
        "alt='letöltés'></a></td></tr>"
        for label, href in rows
    )
    html = (
        f"<html><head><title>{title}</title></head><body><h1>{title}</h1>"
        f"<h2>Dokumentumok</h2><table>{table}</table></body></html>"
    )
    found = [c.url for c in find_candidates(html, page).candidates]
    assert found == [rows[0][1]]
