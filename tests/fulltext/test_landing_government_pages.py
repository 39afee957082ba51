"""Government, court and parliament pages (landing74, after its scoring; issue 34).

landing74 (20 of 24 own files found and one wrong file stored when scored once on 7fb1558):

- a gazette's item page under its issue's folder (``/gongbao/2024/issue_11312/202405/
  content_6951230.html``) took the issue's folder for the record's id, so the whole
  issue's PDF in that folder ("本期PDF下载": this issue's PDF) was a strong candidate and,
  left unverifiable, was stored. A folder named by a word and a number before the page's
  own such name is a container's, and "本期" names the issue;
- a digital library's file described "PDF (全13コマ・1.2MB)" (all 13 frames, 1.2 MB): the
  Japanese middle dot parts a file's description as a comma does;
- a court's judgment among its attachments, its link's title repeating its file's name with
  a note ("(另開新視窗)": opens in a new window): the visible name is the record's.

And landing75 (scored once on 5589b29): a parliament library's page whose address names
its record in a matrix parameter (``display.w3p;query=Id:"library/prspub/9612345"``).

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import _ids_of
from politeharvest.fulltext._words import names_document

SITE = "https://www.gazette.example.cn"


@pytest.mark.parametrize(
    ("url", "ids"),
    [
        (f"{SITE}/gongbao/2024/issue_11312/202405/content_6951230.html", ["content_6951230"]),
        (f"{SITE}/issue_11312/", ["issue_11312"]),
        ("https://j.example.org/index.php/j/article/view/1234/5678", ["1234", "5678"]),
        ("https://hal.example.org/hal-01234567/document", ["hal-01234567"]),
        (f"{SITE}/records/202405", ["202405"]),  # the last segment: the record's number
        # a path's matrix parameters are fields: the record's number in one (ParlInfo), a
        # session's id none
        (
            "https://parl.example.au/parlInfo/search/display/display.w3p;"
            "query=Id%3A%22library%2Fprspub%2F9612345%22",
            ["9612345"],
        ),
        ("https://x.example.org/app/record/12345;jsessionid=A1B2C3456789", ["12345"]),
    ],
)
def test_a_container_s_folder_before_the_page_s_own_name_is_no_id(url: str, ids: list[str]) -> None:
    assert _ids_of(url) == ids


def test_the_issue_s_pdf_beside_a_gazette_item_is_not_the_item_s_file() -> None:
    page_url = f"{SITE}/gongbao/2024/issue_11312/202405/content_6951230.html"
    issue = f"{SITE}/gongbao/2024/issue_11312/gwyb2024_14.pdf"
    page = (
        "<html><head><title>国务院关于修改和废止部分行政法规的决定</title></head><body><main>"
        "<h1>国务院关于修改和废止部分行政法规的决定</h1><p>（正文）</p>"
        f"<aside><p><a class='pdf_down' href='{issue}'>本期PDF下载</a></p></aside>"
        "</main></body></html>"
    )
    analysis = find_candidates(page, page_url)
    assert all(c.url != issue or c.rejected is not None for c in analysis.candidates)
    assert not any(c.strong for c in analysis.candidates)


@pytest.mark.parametrize(
    "label", ["PDF (全13コマ・1.2MB)", "PDF (13コマ、1.2MB)", "PDF (13 pages, 1.2 MB)"]
)
def test_a_file_s_description_parted_by_a_middle_dot_names_no_document(label: str) -> None:
    link = BeautifulSoup(f"<a href='/view/download/a.pdf'>{label}</a>", "lxml").a
    assert link is not None
    assert names_document(link) is None


def test_a_judgment_among_the_attachments_is_the_record_s_by_its_visible_name() -> None:
    page_url = "https://court.example.tw/docdata.aspx?fid=38&id=349012"
    judgment = "https://court.example.tw/download/download.aspx?id=2381234"
    opinion = "https://court.example.tw/download/download.aspx?id=2381235"
    page = (
        "<html><head><title>113年憲判字第5號【地方自治團體財政收支劃分案】</title></head><body>"
        "<main><h1>113年憲判字第5號【地方自治團體財政收支劃分案】</h1>"
        "<div class='file-list'><h3>相關附件</h3><ul class='list-unstyled'>"
        f"<li class='file pdf'><a href='{judgment}' title='113年憲判字第5號判決.pdf(另開新視窗)'>"
        "113年憲判字第5號判決.pdf</a> <span class='size'>(856 KB)</span></li>"
        f"<li class='file pdf'><a href='{opinion}' title='協同意見書.pdf(另開新視窗)'>"
        "許宗翰大法官提出之協同意見書.pdf</a> <span class='size'>(312 KB)</span></li>"
        "</ul></div></main></body></html>"
    )
    found = [c.url for c in find_candidates(page, page_url).candidates if c.rejected is None]
    assert found == [judgment]
