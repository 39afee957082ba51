"""Conference systems' pages (issue 34, landing89).

Written after landing89 (written outside the project, scored once): a meeting abstract's
page declares the abstract's PDF, labelled "Abstract (PDF)", as its record's file; a
conference site embeds the paper from a file host's viewer; a Korean board (XE/Rhymix) lists
its attachments behind ``act=procFileDownload`` addresses, its logo an h1 like its title. The
pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates

ABSTRACT = "https://meeting.example.org/GA24/GA24-8731-print.pdf"


def _abstract_page(conference: bool) -> str:
    meta = "<meta name='citation_conference_title' content='General Assembly 2024'>"
    return (
        "<html lang='en'><head><title>GA24-8731 - Glacier calving fronts</title>"
        "<meta name='citation_title' content='Glacier calving fronts from radar imagery'>"
        f"{meta if conference else ''}"
        f"<meta name='citation_pdf_url' content='{ABSTRACT}'></head><body><main>"
        "<h1>Glacier calving fronts from radar imagery</h1>"
        f"<a class='btn' href='{ABSTRACT}'>Abstract (PDF)</a></main></body></html>"
    )


def test_a_meeting_abstracts_declared_pdf_is_the_record() -> None:
    found = find_candidates(_abstract_page(True), "https://meeting.example.org/GA24/GA24-8731.html")
    assert [c.url for c in found.candidates][:1] == [ABSTRACT]


def test_an_articles_declared_abstract_is_still_another_document() -> None:
    found = find_candidates(_abstract_page(False), "https://meeting.example.org/GA24/8731.html")
    assert ABSTRACT not in [c.url for c in found.candidates if c.strong]


def test_a_file_hosts_viewer_in_an_iframe_gives_its_file() -> None:
    page = (
        "<html lang='id'><head><title>Analisis sentimen ulasan aplikasi</title></head><body>"
        "<main><h1>Analisis sentimen ulasan aplikasi</h1><div class='embed'>"
        "<iframe src='https://drive.google.com/file/d/1Qx7bV3kLm9PzR2sT8uW4yA6cE0gH5jNd/preview'"
        " title='Artikel lengkap'></iframe></div></main></body></html>"
    )
    found = find_candidates(page, "https://conf.example.ac.id/prosiding/2023/analisis/")
    assert [c.url for c in found.candidates][:1] == [
        "https://drive.google.com/uc?export=download&id=1Qx7bV3kLm9PzR2sT8uW4yA6cE0gH5jNd"
    ]


BOARD = "https://www.society.example.kr/index.php?mid=conference_paper&document_srl=48213"
FILE = "https://www.society.example.kr/index.php?module=file&act=procFileDownload&file_srl="


def test_a_boards_attachments_behind_proc_file_download() -> None:
    title = "초등 인공지능 교육에서 설명 가능한 AI 활동의 효과"
    page = (
        f"<html lang='ko'><head><title>논문집 - {title}</title>"
        f"<meta property='og:title' content='{title}'></head><body>"
        "<header><h1 class='logo'><a href='/'><img src='/logo.png' alt='학회'></a></h1>"
        "</header><div class='rd rd_nav_style2 clear'>"
        f"<h1 class='np_18px'><a href='{BOARD}'>{title}</a></h1><div class='rd_body'>본문</div>"
        "<div class='rd_ft'><ul>"
        f"<li><a class='bubble' href='{FILE}48220&sid=3f9e'>2024동계_A-12_김서연.pdf</a></li>"
        f"<li><a class='bubble' href='{FILE}48221&sid=a81c'>2024동계_A-12_김서연_포스터.pdf</a></li>"
        "</ul></div></div></body></html>"
    )
    found = find_candidates(page, BOARD)
    urls = [c.url for c in found.candidates]
    assert urls[:1] == [f"{FILE}48220&sid=3f9e"]
    assert f"{FILE}48221&sid=a81c" not in urls  # the poster


def test_angulars_escaped_transfer_state_is_read() -> None:
    item = "5f0c2e87-41b6-4d9a-9a3c-7d1e62b0f4a8"
    pdf = "https://repo.example.ac.tz/server/api/core/bitstreams/c4a9/content"
    state = (
        "{&q;item&q;:{&q;uuid&q;:&q;" + item + "&q;,&q;name&q;:&q;Athari za lugha&q;,"
        "&q;files&q;:[{&q;name&q;:&q;thesis.pdf&q;,&q;pdfUrl&q;:&q;" + pdf + "&q;}]}}"
    )
    page = (
        "<html lang='sw'><head><title>Athari za lugha</title></head><body><main>"
        "<h1>Athari za lugha</h1></main>"
        f"<script id='app-state' type='application/json'>{state}</script></body></html>"
    )
    found = find_candidates(page, f"https://repo.example.ac.tz/items/{item}")
    assert pdf in [c.url for c in found.candidates]
