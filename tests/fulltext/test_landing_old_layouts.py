"""An old table layout's record page: its content row, and a button's bracketed note.

A JSP journal page of the 2000s lays out its banner, its menu and its content as rows of
one table; the content row holds a sidebar (the issue's contents, the authors' forms) and
the record's fields, among them "檔案下載" (file download) with two links both reading
"下載" (download), each followed by a note in full-width brackets: "全文, 1.4MB" (the full
text) and "英文摘要, 88KB" (the English abstract). The pages are written here (issue 34).
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, Tag

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import page_facts
from politeharvest.fulltext._regions import Regions
from politeharvest.fulltext._words import FILE_HREF

SITE = "http://www.journal.example.org.tw"
SESSION = ";jsessionid=8F3A2C1D9B7E6F50"
PAGE = f"{SITE}/journal/ArticleDetail.jsp{SESSION}?articleId=2317"
FULL = f"{SITE}/journal/FileDownload.jsp{SESSION}?fileId=9921&type=full"
ABSTRACT = f"{SITE}/journal/FileDownload.jsp{SESSION}?fileId=9922&type=abstract"


def _page(first: str = "全文", second: str = "英文摘要") -> str:
    menu = "".join(
        f"<a href='/journal/{name}.jsp{SESSION}'>{label}</a> "
        for name, label in (
            ("About", "期刊簡介"),
            ("Editorial", "編輯委員會"),
            ("Submit", "投稿須知"),
        )
    )
    return (
        "<html><head><title>體育學術研究 - 論文詳細資料</title></head><body>"
        "<table width='960'>"
        f"<tr><td><a href='/journal/index.jsp{SESSION}'><img src='logo.gif' alt='體育學術研究'></a>"
        f"</td><td><a href='/journal/index.jsp{SESSION}'>首頁</a> | "
        f"<a href='/journal/SiteMap.jsp{SESSION}'>網站導覽</a></td></tr>"
        f"<tr><td class='menu'>{menu}</td></tr>"
        "<tr><td><table><tr><td width='200'><b>本期目次</b><br>"
        f"<a href='/journal/IssueToc.jsp{SESSION}?issueId=42'>本期論文列表</a><br>"
        f"<a href='/journal/FileDownload.jsp{SESSION}?fileId=17&amp;type=form'>投稿格式範本（DOC）</a>"
        "</td><td><table>"
        "<tr><td class='label'>篇名</td><td><b>大專排球選手跳躍發球之運動學分析與訓練建議</b></td></tr>"
        "<tr><td class='label'>作者</td><td>陳志明、林美華、黃建文</td></tr>"
        "<tr><td class='label'>卷期</td><td>第42期，頁 41-58，2007年6月</td></tr>"
        "<tr><td class='label'>中文摘要</td><td>本研究以十二名大專甲組男子排球選手為對象，使用四部高速攝影機"
        "進行三維影像分析，探討跳躍發球之動作特徵，並提出訓練建議。結果顯示快速發球組之擊球高度較高。</td></tr>"
        "<tr><td class='label'>檔案下載</td><td>"
        f"<a href='/journal/FileDownload.jsp{SESSION}?fileId=9921&amp;type=full'>下載</a>（{first}，1.4MB）"
        f"<a href='/journal/FileDownload.jsp{SESSION}?fileId=9922&amp;type=abstract'>下載</a>"
        f"（{second}，88KB）</td></tr></table></td></tr></table></td></tr></table></body></html>"
    )


def test_the_button_noted_as_the_full_text_is_the_records_file() -> None:
    found = find_candidates(_page(), PAGE)
    assert [c.url for c in found.candidates] == [FULL]
    assert "its note says '全文'" in found.candidates[0].evidence
    refused = {c.url: c.rejected for c in found.rejected}
    assert "its note '英文摘要，88KB' names another kind" in (refused.get(ABSTRACT) or "")


def test_the_layouts_content_row_is_no_item_of_a_list() -> None:
    # (the banner's and the menu's rows name something each, as the content row does; the
    # content row holds most of the page's words: it is the page, not one of three items)
    soup = BeautifulSoup(_page(), "html.parser")
    regions = Regions(soup, page_facts(soup, PAGE), PAGE)
    link = soup.find("a", href=re.compile("type=full"))
    assert isinstance(link, Tag)
    assert regions.outside(link) is None
    menu = soup.find("a", href=re.compile("About"))
    assert isinstance(menu, Tag)
    assert "alike blocks" in (regions.outside(menu) or "")


def test_a_script_named_for_downloading_is_a_files_address() -> None:
    assert FILE_HREF.search(FULL) is not None
    assert FILE_HREF.search(f"{SITE}/cgi-bin/DoDownload.aspx?id=4") is not None
    assert FILE_HREF.search(f"{SITE}/journal/ArticleDetail.jsp?articleId=2317") is None


def test_a_note_in_its_own_small_element_after_the_link_is_no_other_works_title() -> None:
    # "<a>다운로드</a> &nbsp;<span class='small'>(회원/비회원 무료 열람, 1.2MB)</span>": free to
    # read for members and others, its size; a note on the file, not another work's line
    site = "http://www.society.example.or.kr"
    page = (
        "<html><head><base href='http://www.society.example.or.kr/data/journal/'>"
        "<title>학회지</title></head><body><table>"
        "<tr><td class='th'>제목</td><td>폭발 위험 장소의 환기 설계 기준에 관한 연구</td></tr>"
        "<tr><td class='th'>저자</td><td>김철수, 이영희</td></tr>"
        "<tr><td class='th'>원문</td><td><a href='2007/v21n4/21_4_07.pdf'>"
        "<img src='/images/icon_pdf.gif' alt=''> 다운로드</a> &nbsp;"
        "<span class='small'>(회원/비회원 무료 열람, 1.2MB)</span></td></tr></table></body></html>"
    )
    found = find_candidates(page, f"{site}/sub04/journal_view.asp?vol=21&no=4&seq=7")
    assert [c.url for c in found.candidates] == [f"{site}/data/journal/2007/v21n4/21_4_07.pdf"]


def test_a_note_in_its_own_element_naming_another_kind_is_refused() -> None:
    site = "https://www.society.example.org"
    page = (
        "<html><head><title>Journal</title></head><body><table>"
        "<tr><th>Title</th><td>Ventilation of hazardous areas in underground works</td></tr>"
        "<tr><th>Files</th><td><a href='/files/a07.pdf'>Download</a> "
        "<span>(full text, 1.2 MB)</span><br><a href='/files/a07s.pdf'>Download</a> "
        "<span class='small'>(supplementary tables)</span></td></tr></table></body></html>"
    )
    found = find_candidates(page, f"{site}/view.asp?seq=7")
    assert [c.url for c in found.candidates] == [f"{site}/files/a07.pdf"]
    refused = {c.url: c.rejected for c in found.rejected}
    assert "its note 'supplementary tables'" in (refused.get(f"{site}/files/a07s.pdf") or "")
