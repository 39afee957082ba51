"""The record's main file first among the files of its own work (issue 34, file requests wasted).

A report's page offers its full text beside its technical notes, fact sheet, summary and
the previous edition, each "(PDF, size)"; a request spent on any of them is one the
repository pays for. Each class of page below tried another document first (or only): the
full text's link names the title after a button's word ("Download <title> (PDF 3.1MB)");
the previous edition is named by its own year or version; a list's items in a script
written without spaces (Thai) were read as unnamed; the previous post's attachment in a
"previous / next" field; a whole report's label that says "full text" beside its summary's.
Each has a guard that the old answer holds where it should. All pages are written here;
none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import PageFacts
from politeharvest.fulltext._words import button_text

TITLE = "Cardiovascular disease among coastal communities 2025"
SITE = "https://www.institute.example.gov"
PAGE = f"{SITE}/reports/coastal/cardiovascular-disease-2025/contents/summary"


def _page(body: str, title: str = TITLE) -> str:
    return (
        f"<html><head><title>{title}</title></head><body><main><h1>{title}</h1>{body}</main>"
        "</body></html>"
    )


def _kept(html: str, url: str = PAGE) -> list[str]:
    return [c.url for c in find_candidates(html, url).candidates]


def _rejected(html: str, link: str, url: str = PAGE) -> str | None:
    return next((c.rejected for c in find_candidates(html, url).rejected if c.url == link), None)


_OWN = f"{SITE}/media/3c8f2a1b/ihw-312.pdf?v=20250612"
_NOTES = f"{SITE}/media/9d1e4b72/ihw-312-technical-notes.pdf?v=20250612"
_FACTS = f"{SITE}/media/c07a5e93/ihw-312-fact-sheet.pdf?v=20250612"
_OLD = f"{SITE}/media/ee4f7a10/ihw-287.pdf?v=20230929"


def _downloads(own_label: str) -> str:
    return (
        "<aside class='report-downloads'><h2>Downloads</h2><ul class='download-list'>"
        f"<li><a class='download pdf' href='{_OWN}'>{own_label} <span>(PDF 3.1MB)</span></a></li>"
        f"<li><a class='download pdf' href='{_NOTES}'>Technical notes <span>(PDF 640Kb)</span></a></li>"
        f"<li><a class='download pdf' href='{_FACTS}'>Fact sheet <span>(PDF 290Kb)</span></a></li>"
        "</ul><h2>Report editions</h2><ul class='editions'><li>This release: 12 Jun 2025</li>"
        "<li><a href='/reports/coastal/cardiovascular-disease-2023/contents/summary'>"
        "Cardiovascular disease among coastal communities 2023</a> — "
        f"<a class='download pdf' href='{_OLD}'>(PDF 2.8MB)</a></li>"
        "<li><a href='/reports/coastal/cardiovascular-disease-2021/contents/summary'>"
        "Cardiovascular disease among coastal communities 2021</a> — "
        f"<a class='download pdf' href='{SITE}/media/aa11/ihw-250.pdf'>(PDF 2.2MB)</a></li>"
        "</ul></aside>"
    )


def test_the_title_after_a_buttons_word_ranks_the_full_text_over_its_notes() -> None:
    kept = _kept(_page(_downloads(f"Download {TITLE}")))
    assert kept[0] == _OWN
    # (the fact sheet, kept after them before landing48, is another kind of document now)
    assert set(kept) == {_OWN, _NOTES}
    assert "another kind" in str(_rejected(_page(_downloads(f"Download {TITLE}")), _FACTS))


def test_the_title_alone_ranks_first_as_before() -> None:
    assert _kept(_page(_downloads(TITLE)))[0] == _OWN


def test_a_label_of_other_words_before_the_title_keeps_a_titles_weight() -> None:
    # "In brief: <title>" names another document of the work, not the work's file
    kept = _kept(_page(_downloads(f"In brief: {TITLE}")))
    assert kept[0] != _OWN


def test_the_row_after_the_title_rows_own_file_is_no_listings_file_row() -> None:
    analysis = find_candidates(_page(_downloads(f"Download {TITLE}")), PAGE)
    notes = next(c for c in analysis.candidates if c.url == _NOTES)
    assert "row after the record's title" not in notes.evidence


def test_the_previous_editions_file_is_another_documents() -> None:
    # its neighbour names the work by another year: another edition, not the record
    assert _rejected(_page(_downloads(TITLE)), _OLD) is not None


def test_a_title_with_other_numbers_is_not_the_records() -> None:
    facts = PageFacts(PAGE, titles=(TITLE,))
    assert facts.is_title(TITLE)
    assert facts.is_title(f"{TITLE} (PDF 3.1 MB)")  # a file's size is no number of the work's
    assert not facts.is_title("Cardiovascular disease among coastal communities 2023")
    manual = PageFacts(
        PAGE, titles=("Emission estimation technique manual for mining, version 3.1",)
    )
    assert not manual.is_title("Emission estimation technique manual for mining, version 4.0")
    assert manual.is_title("Emission estimation technique manual for mining, version 3.1")
    # a title without numbers: a link's number decides nothing
    plain = PageFacts(PAGE, titles=("Cardiovascular disease among coastal communities",))
    assert plain.is_title("Cardiovascular disease among coastal communities 2023")


def test_a_superseded_versions_page_offers_the_new_version_as_another_document() -> None:
    title = "Emission estimation technique manual for mining, version 3.1"
    new = f"{SITE}/sites/default/files/documents/eet-manual-mining-v4-2025.pdf"
    body = (
        "<p class='notice'>This publication has been superseded.</p>"
        "<h2>Current version</h2><ul>"
        f"<li><a href='{new}'>Emission estimation technique manual for mining, version 4.0 "
        "(PDF 2.4 MB)</a></li></ul>"
    )
    assert new not in _kept(_page(body, title), f"{SITE}/resources/eet-manuals/mining-v3-1")


# -- a script written without spaces ---------------------------------------------------------

_THAI_TITLE = "การพัฒนาระบบเบิกจ่ายค่ารักษาพยาบาลแบบดิจิทัลในระบบหลักประกันสุขภาพ"


def test_a_thai_download_label_with_its_format_is_a_buttons() -> None:
    # a word's vowel signs are part of it: "ดาวน์โหลดรายงานฉบับสมบูรณ์" is one run, not six
    assert button_text("ดาวน์โหลดรายงานฉบับสมบูรณ์ (PDF)")
    assert not button_text(_THAI_TITLE)


def test_a_thai_list_of_other_posts_is_a_list_of_other_documents() -> None:
    site = "https://think.example.or.th"
    own = f"{site}/wp-content/uploads/2025/04/Final_Report_Digital_Claims_2025.pdf"
    older = f"{site}/wp-content/uploads/2024/11/Report_UCS_Financing_2024.pdf"
    body = (
        f"<div class='wp-block-button'><a class='wp-block-button__link' href='{own}'>"
        "ดาวน์โหลดรายงานฉบับสมบูรณ์ (PDF)</a></div>"
        "<section class='related-posts'><h2>บทความที่เกี่ยวข้อง</h2><ul>"
        "<li><a href='/2024/11/ucs-financing-2024/'>การคลังระบบหลักประกันสุขภาพถ้วนหน้าในระยะยาว</a>"
        f" — <a href='{older}'>รายงาน (PDF)</a></li>"
        "<li><a href='/2025/02/telemedicine-rural/'>การแพทย์ทางไกลในพื้นที่ชนบท</a></li></ul></section>"
    )
    html = _page(body, _THAI_TITLE)
    assert _kept(html, f"{site}/2025/04/digital-claims/") == [own]


# -- a board's "previous post" field ---------------------------------------------------------


def test_the_previous_posts_attachment_in_a_field_is_another_records() -> None:
    site = "https://www.bank.example.kr"
    url = f"{site}/portal/bbs/P0002454/view.do?nttId=10091234&menuNo=200433"
    own = f"{site}/portal/cmmn/file/fileDown.do?atchFileId=KO_198765&fileSn=1"
    other = f"{site}/portal/cmmn/file/fileDown.do?atchFileId=KO_197311&fileSn=1"
    body = (
        "<div class='bbs-view'><div class='title'>제2025-12호 인구구조 변화와 잠재성장률</div>"
        f"<dl class='file'><dt>첨부파일</dt><dd><ul><li><a class='file pdf' href='{own}'>"
        "제2025-12호 인구구조 변화와 잠재성장률.pdf</a> [2.1MB]</li></ul></dd></dl>"
        "<div class='prev-next'><dl class='prev'><dt>이전글</dt><dd>"
        "<a href='/portal/bbs/P0002454/view.do?nttId=10090877&amp;menuNo=200433'>"
        "제2025-11호 기후 물리적 위험과 은행 대출</a> "
        f"<a class='file pdf' href='{other}'>첨부</a></dd></dl></div></div>"
    )
    html = _page(body, "경제연구 | 연구자료")
    assert other not in _kept(html, url)
    assert own in _kept(html, url)


def test_a_field_linking_the_records_journal_is_still_a_field() -> None:
    # a field's link to a page shaped like the record's, in another field than the file's
    site = "https://records.example.org"
    own = "https://files.example.net/journal/article/download/571/345"
    body = (
        "<dl><dt>Revista</dt><dd><a href='/Record/cv113'>Cuadernos de Turismo</a></dd>"
        f"<dt>Acceso</dt><dd><a class='fulltext pdf' href='{own}'>Texto completo (pdf)</a></dd></dl>"
    )
    assert own in _kept(_page(body), f"{site}/Record/oai_articulo571-salinity")


# -- the whole work's label -----------------------------------------------------------------


def test_a_label_saying_full_text_ranks_over_the_summary_described_alike() -> None:
    site = "https://www.nies.example.jp"
    own = f"{site}/kanko/kenkyu/pdf/r-168-2025.pdf"
    summary = f"{site}/kanko/kenkyu/pdf/r-168-2025_gaiyo.pdf"
    body = (
        "<p><a href='pdf/r-168-2025_gaiyo.pdf'>概要版（PDF 1.1MB）</a></p>"
        "<table><tr><th>全文一括</th><td><a href='pdf/r-168-2025.pdf'>研究報告 第168号（全文）"
        "（PDF 12.6MB）</a></td></tr></table>"
    )
    kept = _kept(_page(body, "海岸漂着ごみの実態に関する研究"), f"{site}/kanko/kenkyu/r-168.html")
    # (the summary edition, 概要版, is named as another document's, as "Summary" is)
    assert kept[:1] == [own]
    assert summary not in kept


def test_a_rows_shown_file_name_carrying_the_title_ranks_first_among_its_works_files() -> None:
    """A repository lists a thesis's four files, each an opaque ``/file/File_<uuid>`` behind a
    "Download" button, told apart by the names their rows show: the one named by the
    record's title is its own, before the presentation, the reflection and the drawings."""
    site = "https://repository.example.nl"
    title = "Stacking the Polder: mid-rise timber housing on reclaimed land"
    rows = [
        ("P4_Presentation_vanderMeulen.pdf", "48.2 MB", "0a9d"),
        ("P5_Reflection_vanderMeulen.pdf", "0.4 MB", "1c2d"),
        ("Research_Paper_Stacking_the_Polder.pdf", "6.1 MB", "9e8d"),
        ("Drawing_Booklet_P5.pdf", "112.7 MB", "7f6e"),
    ]
    items = "".join(
        f"<li class='file'><span class='file-name'>{name}</span> <span class='file-size'>{size}"
        f"</span> <a class='btn' href='{site}/file/File_{uid}'>Download</a></li>"
        for name, size, uid in rows
    )
    html = _page(f"<ul class='files'>{items}</ul>", title)
    assert _kept(html, f"{site}/record/uuid:5b1c")[0] == f"{site}/file/File_9e8d"
