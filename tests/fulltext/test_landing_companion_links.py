"""A bare file link right after a link naming a document is that document's file (issue 34).

A publication page lists the record's history and related works as "<a>title</a> (<a>pdf</a>)":
the title links to the other document's page, the "pdf" beside it to its file. That file is
not the record's, whatever its address carries; a "pdf" after the record's own title is the
record's. The pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._landing import find_candidates

TITLE = "Guidance on Tamper-Evident Logging for Municipal Water Utilities"
PAGE = "https://pubs.agency.example.gov/series/tr/118/rev2/final"
OWN = "https://files.agency.example.gov/series/TR-118r2.pdf"
OLD = "https://files.agency.example.gov/series/TR-118.pdf"


def _page(history: str) -> str:
    return (
        f"<html lang='en'><head><title>TR 118 Rev. 2 | {TITLE}</title>"
        f"<meta name='citation_title' content='{TITLE}'>"
        "<meta name='citation_author' content='Mireille Tanaka'>"
        "<meta name='citation_publication_date' content='2025/03/04'></head><body><main>"
        f"<h1>TR 118 Rev. 2</h1><h2>{TITLE}</h2>"
        "<p>Guidance on logging that an intruder cannot silently rewrite.</p>"
        f"<div class='downloads'><p><a class='download' href='{OWN}'>Download (PDF, 2.3 MB)</a></p>"
        f"<p><strong>History:</strong><br>{history}</p></div>"
        "</main></body></html>"
    )


@pytest.mark.parametrize("gap", [" (", " [", "(", " \uff08", " ( "])
def test_a_pdf_link_after_another_documents_title_is_not_tried(gap: str) -> None:
    closing = {"[": "]", "\uff08": "\uff09"}.get(gap.strip(), ")")
    history = (
        "<a href='/series/tr/118/final'>Protective Logging in Small Water Systems, 2019</a>"
        f"{gap}<a href='{OLD}'>pdf</a>{closing}"
    )
    found = find_candidates(_page(history), PAGE)
    tried = [c.url for c in found.candidates]
    assert OLD not in tried
    assert tried[:1] == [OWN]
    refused = {c.url: c.rejected for c in found.rejected}
    assert "naming another document" in (refused.get(OLD) or "")


def test_a_pdf_link_after_the_records_own_title_is_kept() -> None:
    page = (
        "<html lang='en'><head>"
        f"<meta name='citation_title' content='{TITLE}'></head><body><main>"
        f"<h1>{TITLE}</h1><ul class='files'><li><a href='/series/tr/118/rev2/final'>{TITLE}</a>"
        f" (<a href='{OWN}'>pdf</a>)</li></ul></main></body></html>"
    )
    found = find_candidates(page, PAGE)
    assert [c.url for c in found.candidates][:1] == [OWN]


def test_toolbar_buttons_side_by_side_are_no_title_and_its_file() -> None:
    history = (
        "<a href='/series/tr/118/final'>Protective Logging in Small Water Systems, 2019</a>"
        f" | <a href='{OLD}'>pdf</a>"
    )
    found = find_candidates(_page(history), PAGE)
    refused = {c.url: c.rejected for c in found.rejected}
    assert "the link before it" not in (refused.get(OLD) or "")


def test_a_pdf_link_after_prose_is_not_taken_for_a_companion() -> None:
    # words, not a link, before the button: nothing names another document
    history = f"The full guidance, as published: <a href='{OLD}'>pdf</a>"
    found = find_candidates(_page(history), PAGE)
    refused = {c.url: c.rejected for c in found.rejected}
    assert "the link before it" not in (refused.get(OLD) or "")


EVENT = "https://events.example.org/event/2210/contributions/88123/"


def _event_page(menu: str) -> str:
    return (
        "<html lang='de'><head><title>Kryogene Strahlführung am Linearbeschleuniger</title>"
        "</head><body><main><h1>Kryogene Strahlführung am Linearbeschleuniger</h1>"
        "<div class='toolbar'><a class='js-dropdown' title='Exportieren'></a>"
        f"<ul class='i-dropdown'>{menu}</ul></div>"
        "<section class='material'><h2>Unterlagen</h2><ul><li>"
        "<a href='/event/2210/contributions/88123/attachments/51/77/Proceedings_Weber.pdf'>"
        "Proceedings_Weber.pdf</a></li></ul></section></main></body></html>"
    )


@pytest.mark.parametrize(
    "calendar",
    [
        "/event/2210/contributions/88123/contribution.ics",
        "/event/2210/contributions/88123/export?format=ical",
        "/event/2210/contributions/88123/talk.vcs",
    ],
)
def test_a_pdf_listed_with_a_calendar_file_is_the_events_printout(calendar: str) -> None:
    printout = "https://events.example.org/event/2210/contributions/88123.pdf"
    menu = f"<li><a href='{calendar}'>iCal</a></li><li><a href='{printout}'>PDF</a></li>"
    found = find_candidates(_event_page(menu), EVENT)
    refused = {c.url: c.rejected for c in found.rejected}
    assert "calendar file" in (refused.get(printout) or "")
    assert printout not in [c.url for c in found.candidates]


def test_a_pdf_in_a_menu_without_a_calendar_file_is_read_as_before() -> None:
    own = "https://events.example.org/event/2210/contributions/88123.pdf"
    menu = f"<li><a href='/event/2210/contributions/88123.bib'>BibTeX</a></li><li><a href='{own}'>PDF</a></li>"
    found = find_candidates(_event_page(menu), EVENT)
    refused = {c.url: c.rejected for c in found.rejected}
    assert "calendar file" not in (refused.get(own) or "")


JA_TITLE = "寒冷地における木造住宅の床下結露に関する実測調査"
JA_PAGE = "http://www.arch.example.ac.jp/~lab/papers/2025_aij_sato.html"


@pytest.mark.parametrize(
    "label",
    ["論文 PDF（著者最終稿）", "論文 PDF【受理版】", "本文 PDF（Accepted manuscript）"],
)
def test_a_button_naming_pdf_with_a_bracketed_qualifier_is_a_files_label(label: str) -> None:
    own = "http://www.arch.example.ac.jp/~lab/papers/pdf/2025_aij_sato_author.pdf"
    page = (
        f"<html lang='ja'><head><title>論文詳細：{JA_TITLE} - 佐藤研究室</title></head><body>"
        f"<div id='main'><h2>{JA_TITLE}</h2><table class='paper'>"
        "<tr><th>著者</th><td>佐藤 美咲，高橋 誠</td></tr>"
        "<tr><th>掲載誌</th><td>日本建築学会環境系論文集，Vol.90，2025年</td></tr></table>"
        "<h3>概要</h3><p>寒冷地の木造住宅 12 棟で床下の温湿度を二冬にわたり実測した。</p>"
        "<h3>ファイル</h3><ul class='files'>"
        f"<li><a href='pdf/2025_aij_sato_author.pdf'>{label}</a> [0.9MB]</li>"
        "<li><a href='pdf/2025_aij_sato_seigo.pdf'>正誤表</a> [40KB]</li>"
        "</ul></div></body></html>"
    )
    found = find_candidates(page, JA_PAGE)
    assert [c.url for c in found.candidates][:1] == [own]


def test_a_title_with_a_bracketed_part_is_still_a_title() -> None:
    # a title with a bracketed qualifier and no format named stays a document's name
    from bs4 import BeautifulSoup

    from politeharvest.fulltext._words import names_document

    link = BeautifulSoup("<a href='x.html'>床下結露の実測調査（その２）</a>", "html.parser").a
    assert link is not None
    assert names_document(link) == "床下結露の実測調査（その２）"


AR_PAGE = "https://portal.example.iq/journal/article/5521"
AR_FILE = "https://portal.example.iq/download/9ad0c21e44b1"


def _actions(other_class: str) -> str:
    title = "التباين المكاني لدرجات الحرارة في مدينة البصرة"
    return (
        f"<html lang='ar' dir='rtl'><head><title>{title}</title>"
        f"<meta name='citation_title' content='{title}'></head><body><main>"
        f"<h1>{title}</h1><div class='actions'>"
        f"<a class='btn btn-danger' href='{AR_FILE}'>تحميل البحث (PDF)</a> "
        f"<a class='{other_class}' href='https://journal.example.edu.iq/article/view/88' "
        "target='_blank'>صفحة البحث في موقع المجلة</a>"
        "<span class='small'>812 · 240</span></div></main></body></html>"
    )


def test_a_button_beside_the_files_button_is_no_other_works_title() -> None:
    # "the article's page on the journal's site", set as a button: an action, no title
    found = find_candidates(_actions("btn btn-outline-secondary"), AR_PAGE)
    assert [c.url for c in found.candidates][:1] == [AR_FILE]


def test_a_plain_link_beside_the_files_button_still_reads_as_a_works_title() -> None:
    found = find_candidates(_actions("title-link"), AR_PAGE)
    assert AR_FILE not in [c.url for c in found.candidates]


def test_a_text_run_in_label_before_a_link_says_what_it_gives() -> None:
    # "Subscribers: View PDF (subscription required)": the link's inline label, plain text
    page = (
        "<html><head><title>Cold-start hydrogen slip in dual-fuel engines</title>"
        "<meta name='citation_title' content='Cold-start hydrogen slip in dual-fuel engines'>"
        "</head><body><main><h1>Cold-start hydrogen slip in dual-fuel engines</h1>"
        "<div class='access'><span class='note'>Subscribers: <a "
        "href='https://platform.example.org/content/2025-01-0042/pdf'>View PDF</a>"
        " (subscription required)</span></div></main></body></html>"
    )
    found = find_candidates(page, "https://www.example.org/papers/2025-01-0042/")
    refused = {c.url: c.rejected for c in found.rejected}
    assert "run-in label 'Subscribers'" in (
        refused.get("https://platform.example.org/content/2025-01-0042/pdf") or ""
    )


def test_a_paragraphs_opening_words_are_no_run_in_label() -> None:
    page = (
        "<html><head><title>Cold-start hydrogen slip in dual-fuel engines</title></head>"
        "<body><main><h1>Cold-start hydrogen slip in dual-fuel engines</h1>"
        "<p>Subscribers: <a href='https://www.example.org/files/paper.pdf'>Download PDF</a></p>"
        "</main></body></html>"
    )
    found = find_candidates(page, "https://www.example.org/papers/2025-01-0042/")
    refused = {c.url: c.rejected for c in found.rejected}
    assert "run-in" not in (refused.get("https://www.example.org/files/paper.pdf") or "")


def _word_export(rows: str) -> str:
    title = "Vliv zhutnění půdy na infiltraci vody"
    return (
        "<html lang='cs'><head><meta name='citation_title' "
        f"content='{title}'></head><body><h1>{title}</h1>"
        f"<p>Abstrakt článku o zhutnění.</p><table class=MsoNormalTable>{rows}</table>"
        "</body></html>"
    )


WE_PAGE = "http://www.sbornik.example.cz/archiv/2006/c3/clanek04.htm"
WE_OWN = "http://www.sbornik.example.cz/archiv/soubory/2006/zt0603d.pdf"
WE_SUMMARY = "http://www.sbornik.example.cz/archiv/soubory/2006/zt0603d_en.pdf"


def test_a_sentence_naming_the_files_format_and_size_is_no_other_works_title() -> None:
    # "Článek ve formátu PDF si můžete stáhnout zde (412 kB)": the article in PDF, download
    # it here; the sentence describes the file of its "zde" (here) link
    rows = (
        "<tr><td><p class=MsoNormal><span>Článek ve formátu PDF si můžete stáhnout "
        "<a href='../../soubory/2006/zt0603d.pdf'><b>zde</b></a> (412 kB).</span></p></td></tr>"
    )
    found = find_candidates(_word_export(rows), WE_PAGE)
    assert [c.url for c in found.candidates][:1] == [WE_OWN]


def test_the_same_sentence_without_the_files_size_still_reads_as_a_works_line() -> None:
    rows = (
        "<tr><td><p><span>Emise amoniaku z provozu stájí pro dojnice ve formátu PDF "
        "<a href='../../soubory/2006/zt0603e.pdf'><b>zde</b></a></span></p></td></tr>"
    )
    found = find_candidates(_word_export(rows), WE_PAGE)
    assert "http://www.sbornik.example.cz/archiv/soubory/2006/zt0603e.pdf" not in [
        c.url for c in found.candidates
    ]


def test_a_run_in_label_of_several_words_typed_before_the_link_says_what_it_gives() -> None:
    # "<span>Extended summary in English: <a>PDF</a> (96 kB)</span>", a Word export's row
    rows = (
        "<tr><td><p><span>Článek ve formátu PDF si můžete stáhnout "
        "<a href='../../soubory/2006/zt0603d.pdf'><b>zde</b></a> (412 kB).</span></p></td></tr>"
        "<tr><td><p><span>Extended\n  summary in English: "
        "<a href='../../soubory/2006/zt0603d_en.pdf'>PDF</a> (96 kB)</span></p></td></tr>"
    )
    found = find_candidates(_word_export(rows), WE_PAGE)
    assert [c.url for c in found.candidates] == [WE_OWN]
    refused = {c.url: c.rejected for c in found.rejected}
    assert "run-in label 'Extended summary in English'" in (refused.get(WE_SUMMARY) or "")
