"""Files whose addresses a page's script builds, and a record's own entry above a list (issue 34).

landing94 (21 of 24 own files found when scored once on 24c816f) held a national citation
index whose "원문보기" button calls a function joining an address's start with the file's
id (the whole address only in a hidden field named for it), and an aggregator's document
page whose own entry (its title a heading, no link) stands above a list of the journal's
other articles, each entry shaped alike. The pages are written here; none is copied from
a corpus.
"""

from __future__ import annotations

from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._links import link_sources

INDEX = "https://www.index.example.kr/portal/ci/articleView.do?artiId=ART002987654"
OWN = "https://www.index.example.kr/portal/co/download/popup/poDownload.do?fileId=FI002987654"


def _kept(page: str, url: str) -> list[str]:
    return [c.url for c in find_candidates(page, url).candidates if c.rejected is None]


def _index_page(hidden: str) -> str:
    return (
        "<html lang='ko'><head><title>학습자 논증 쓰기 - 학술지 인용색인</title></head><body>"
        "<main><h1>학습자 논증 쓰기에 나타난 반론 전략 분석</h1><p>김민지</p>"
        "<a href='javascript:void(0);' id='btnView' class='btn_blue' "
        "data-file-id='FI002987654' onclick='viewFile(this); return false;'>원문보기</a>"
        f"{hidden}</main><script>var CONTEXT = '/portal';"
        "function viewFile(el) { var fileId = $(el).data('file-id');"
        " var url = CONTEXT + '/co/download/popup/poDownload.do?fileId=' + fileId;"
        " window.open(url, 'view', 'width=1000'); }</script></body></html>"
    )


def test_the_start_of_an_address_a_function_builds_is_no_address() -> None:
    soup = BeautifulSoup(_index_page(""), "lxml")
    built = [href for _, href, where in link_sources(soup) if "function" in where]
    assert not any(href.endswith("fileId=") for href in built)


def test_a_hidden_field_named_for_the_file_s_address_gives_the_file() -> None:
    page = _index_page(f"<input type='hidden' id='fileUrl' value='{OWN}'>")
    assert _kept(page, INDEX) == [OWN]


def test_a_hidden_field_of_another_name_is_no_evidence() -> None:
    page = _index_page(f"<input type='hidden' id='returnTo' value='{OWN}'>")
    assert OWN not in _kept(page, INDEX)


def test_a_form_s_action_a_function_sets_before_submitting_is_no_link() -> None:
    page = (
        "<html><head><title>Article</title><script>"
        "function openService(id) { var frm = document.serviceForm;"
        " frm.elements['artiId'].value = id;"
        " frm.action = '/portal/ci/articleServiceHistoryAjax.do'; frm.submit(); }"
        "</script></head><body><h1>An article</h1>"
        "<a href='#' class='btn_download' onclick=\"openService('ART1'); return false;\">원문</a>"
        "<form name='serviceForm' method='post'><input type='hidden' name='artiId'></form>"
        "</body></html>"
    )
    soup = BeautifulSoup(page, "lxml")
    assert not [href for _, href, where in link_sources(soup) if "function" in where]


AGGREGATOR = "https://portal.example.go.id/documents/detail/3456789"
TITLE = "Efektivitas Edukasi Berbasis Video terhadap Kepatuhan Minum Obat Pasien Hipertensi"


def _entry(number: int, title: str, *, own: bool) -> str:
    head = (
        f"<h4 class='title-article'>{title}</h4>"
        if own
        else f"<a class='title-article' href='/documents/detail/{number}'>{title}</a>"
    )
    return (
        f"<div class='article-item'>{head}<p class='author'>Rahmadani, Fitri</p>"
        "<p class='subtitle'><a href='/journal/view/18842?issue=9-2'>Jurnal Keperawatan "
        "Vol 9 No 2 (2023): Oktober 2023</a></p><div class='links'>"
        f"<a class='title-citation' href='https://download.portal.example.go.id/article.php"
        f"?article={number}&amp;val=18842'><i class='fa fa-download'></i> Download Original "
        "PDF</a></div></div>"
    )


def test_the_record_s_own_entry_headed_by_its_title_is_no_other_document() -> None:
    page = (
        f"<html><head><title>{TITLE} | Portal</title></head><body><main>"
        + _entry(3456789, TITLE, own=True)
        + "<h5>Articles</h5>"
        + _entry(3456790, "Hubungan Dukungan Keluarga dengan Kualitas Hidup Lansia", own=False)
        + _entry(3456781, "Pengaruh Senam Hipertensi terhadap Tekanan Darah Lansia", own=False)
        + "</main></body></html>"
    )
    kept = _kept(page, AGGREGATOR)
    assert kept == ["https://download.portal.example.go.id/article.php?article=3456789&val=18842"]
