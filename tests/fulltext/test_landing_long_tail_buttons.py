"""Buttons, file hosts and lists on long-tail sites (issue 34, landing37 after its scoring).

Each class with its guard:

- a press release or a review of the work, named in the page's language ("Comunicato
  stampa (PDF)"), is another document: landing37 stored a press release as a book's file;
- the record's own name with a button's words ("Quaderno 18 - testo integrale" for
  "Quaderno 18 - Il cinema industriale lombardo") names the record's file;
- a button saying "full" in any language it is read in ("Muat Turun Artikel Penuh"), and in
  the scripts written without spaces ("ดาวน์โหลดบทความฉบับเต็ม"), gives the whole work;
- a site's own space on its platform's files host (Webflow's, Squarespace's CDN) is the
  site's, not another host;
- a framework's list item (``div role=listitem``) is an item, and a slug with its year is a
  slug: another study in the page's list is another record's.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._addresses import asset_space
from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._regions import _shape
from politeharvest.fulltext._words import BAD_TEXT, button_text, says_full
from tests.fulltext.test_landing_button_languages import _kept


def _page(body: str, title: str, head: str = "", lang: str = "en") -> str:
    return (
        f"<html lang='{lang}'><head><title>{title}</title>{head}</head><body><main>"
        f"<h1>{title}</h1>{body}</main><footer><a href='/privacy'>Privacy</a></footer>"
        "</body></html>"
    )


@pytest.mark.parametrize(
    "label",
    [
        "Comunicato stampa (PDF)",
        "Press release (PDF, 200 KB)",
        "Pressemitteilung",
        "Nota de prensa",
        "Persbericht",
        "Recensione (PDF)",
        "Book review",
        "プレスリリース",
    ],
)
def test_a_press_release_or_a_review_is_another_document(label: str) -> None:
    assert BAD_TEXT.search(label) is not None


def test_a_book_s_page_whose_pdfs_are_about_it_keeps_none() -> None:
    body = (
        "<ul><li><a href='/uploads/Comunicato_stampa_La_laguna_dei_naturalisti.pdf'>"
        "Comunicato stampa (PDF)</a></li>"
        "<li><a href='/uploads/Recensione_Bollettino_laguna_naturalisti.pdf'>Recensione "
        "(PDF)</a></li></ul>"
    )
    html = _page(body, "La laguna dei naturalisti", lang="it")
    assert _kept(html, "https://museo.example.it/pubblicazioni/la-laguna-dei-naturalisti/") == []


def test_the_record_s_name_with_full_text_names_its_file() -> None:
    title = "Quaderno 18 – Il cinema industriale lombardo 1950–1975"
    own = "https://cineteca.example.it/quaderni/q18/quaderno-18-testo-integrale.pdf"
    body = (
        f"<ul><li><a class='contenttype-file' href='{own}'>Quaderno 18 – testo integrale</a>"
        " <span>(PDF, 14,6 MB)</span></li>"
        "<li><a href='https://cineteca.example.it/quaderni/q17/quaderno-17.pdf'>"
        "Quaderno 17 – testo integrale</a></li></ul>"
    )
    kept = _kept(_page(body, title, lang="it"), "https://cineteca.example.it/quaderni/q18")
    assert kept[:1] == [own]
    assert "https://cineteca.example.it/quaderni/q17/quaderno-17.pdf" not in kept


@pytest.mark.parametrize(
    ("label", "full"),
    [
        ("Muat Turun Artikel Penuh", "penuh"),
        ("Pobierz pełny tekst", "pełny"),
        ("ดาวน์โหลดบทความฉบับเต็ม", "ฉบับเต็ม"),
        ("Download", None),
        ("Download the abstract", None),
        ("Descargar el Boletín 31 completo", None),  # the whole bulletin: an object of its own
    ],
)
def test_a_button_saying_full_in_any_language(label: str, full: str | None) -> None:
    assert says_full(label) == full


@pytest.mark.parametrize(
    ("label", "button"),
    [
        ("ดาวน์โหลดบทความฉบับเต็ม", True),  # Thai: download the article, the full version
        ("ດາວໂຫລດບົດຄວາມ", True),  # Lao: download the article
        ("ទាញយកអត្ថបទ", True),  # Khmer: download the text
        ("ฤดูกาลเพาะปลูกข้าวในภาคอีสาน", False),  # Thai: a title, no button
    ],
)
def test_buttons_in_scripts_written_without_spaces(label: str, button: bool) -> None:
    assert button_text(label) is button


def test_an_icon_button_labelled_full_article_in_thai_is_tried() -> None:
    own = "https://journal.example.ac.th/files/2024/v29n2/SNJ_29_2_07_fulltext.pdf"
    body = (
        f"<div class='tools'><a href='{own}' class='icon-btn' aria-label='"
        "ดาวน์โหลดบทความฉบับเต็ม'><svg width='28' height='28'><path d='M12 16z'/></svg>"
        "</a><a href='https://journal.example.ac.th/files/2024/v29n2/SNJ_29_2_07_ga.pdf'>"
        "Graphical abstract</a></div>"
    )
    title = "ปัจจัยทำนายภาวะหกล้มในผู้สูงอายุหลังผ่าตัดข้อสะโพก"
    assert _kept(_page(body, title, lang="th"), "https://journal.example.ac.th/article/507") == [
        own
    ]


def test_a_site_s_own_space_on_its_platform_s_files_host_is_the_site_s() -> None:
    cdn = "https://cdn.prod.website-files.com/63f1a2b3c4d5e6f708192a3b"
    assert asset_space(f"{cdn}/css/site.webflow.css") == (
        "cdn.prod.website-files.com",
        "63f1a2b3c4d5e6f708192a3b",
    )
    assert asset_space("https://static1.squarespace.com/static/5f2a8c1e9b3d4e00/t/a.pdf") == (
        "static1.squarespace.com",
        "5f2a8c1e9b3d4e00",
    )
    assert asset_space("https://example.org/files/report.pdf") is None
    own = f"{cdn}/65c0d1e2f3a4b5c6d7e8f901_Stadslab_rapport_2024.pdf"
    head = f"<link href='{cdn}/css/stadslab.webflow.css' rel='stylesheet'>"
    body = f"<div class='hero'><a href='{own}' class='button-primary'>Download rapport</a></div>"
    url = "https://www.stadslab.example.nl/onderzoek/hitte-eilanden-rotterdamse-wijken"
    title = "Hitte-eilanden in Rotterdamse wijken"
    assert _kept(_page(body, title, head, "nl"), url) == [own]
    # another site's space on the same host is another host
    other = "https://cdn.prod.website-files.com/7777aaaa8888bbbb9999cccc/x_rapport_2024.pdf"
    body = f"<div class='hero'><a href='{other}' class='button-primary'>Download rapport</a></div>"
    assert _kept(_page(body, title, head, "nl"), url) == []


def test_a_slug_with_its_year_is_shaped_as_a_slug() -> None:
    assert _shape("https://x.example.nl/onderzoek/groene-daken-2023") == _shape(
        "https://x.example.nl/onderzoek/hitte-eilanden-rotterdamse-wijken"
    )
    assert _shape("https://x.example.org/w3-article-98765.html") != _shape(
        "https://x.example.org/w3-propertyvalue-697.html"
    )


def test_a_pdf_beside_another_study_in_a_list_item_role_is_another_record_s() -> None:
    url = "https://www.stadslab.example.nl/onderzoek/hitte-eilanden-rotterdamse-wijken"
    own = "https://www.stadslab.example.nl/files/hitte-eilanden-rapport-2024.pdf"
    body = (
        f"<div class='hero'><a href='{own}' class='button-primary'>Download rapport</a></div>"
        "<section><h2>Eerder onderzoek</h2><div role='list'><div role='listitem'>"
        "<a href='/onderzoek/groene-daken-2023'><div>Groene daken en regenwater (2023)</div>"
        "</a><a href='/files/groene-daken-2023.pdf' class='link-pdf'>PDF</a></div></div>"
        "</section>"
    )
    kept = _kept(_page(body, "Hitte-eilanden in Rotterdamse wijken", lang="nl"), url)
    assert kept[:1] == [own]
    assert "https://www.stadslab.example.nl/files/groene-daken-2023.pdf" not in kept


def test_the_whole_issue_named_by_a_word_of_the_page_s_title_is_not_the_record_s() -> None:
    # the page's title names the issue ("Gwerddon - Rhifyn 36 - Erthygl 2: ..."): "Y rhifyn
    # cyfan" (the whole issue) has that word and a word of its own, no button's
    head = "<meta name='citation_title' content='Dwyieithrwydd a gofal dementia'>"
    body = (
        "<section><h2>Yn y rhifyn hwn</h2><p><a href='/media/gwerddon-36-rhifyn-cyfan.pdf'>"
        "Y rhifyn cyfan (PDF)</a></p></section>"
    )
    html = _page(body, "Gwerddon – Rhifyn 36 – Erthygl 2: Dwyieithrwydd a gofal dementia", head)
    candidates = find_candidates(html, "https://gwerddon.example.cymru/rhifyn-36/erthygl-2/")
    assert all(c.score < 100 for c in candidates.candidates)
    assert "anchor text is the article's title" not in " ".join(
        c.evidence for c in candidates.candidates
    )


def test_a_file_listed_in_the_value_of_a_record_s_field_is_the_record_s() -> None:
    # a discovery layer's record (VuFind): the "Online access" field lists its links in a
    # list inside the value's cell, on the repository's host
    own = "https://julkaisut.example.fi/bitstream/handle/10024/165432/VN_2024_15.pdf"
    body = (
        "<table class='record-fields'>"
        "<tr><th>Tekijä</th><td>Virtanen, Aino</td></tr>"
        "<tr><th>Julkaistu</th><td>Valtioneuvoston kanslia, 2024</td></tr>"
        "<tr><th>Sarja</th><td>Julkaisusarja ; 2024:15</td></tr>"
        "<tr><th>Verkkoaineisto</th><td><ul class='online-urls'><li>"
        f"<a href='{own}' class='fulltext'>Linkki verkkoaineistoon (PDF)</a></li>"
        "<li><a href='https://julkaisut.example.fi/bitstream/handle/10024/165432/"
        "VN_2024_15_sammandrag.pdf'>Sammandrag på svenska (PDF)</a></li></ul></td></tr>"
        "</table>"
    )
    html = _page(body, "Ilmastotoimet kunnissa", lang="fi")
    assert _kept(html, "https://www.finna.example.fi/Record/helka.9932145678906253") == [own]


def test_a_sidebar_section_of_its_own_is_tried_after_the_page_s_file() -> None:
    # an archive's item: its scan linked by a thumbnail under the title, and in the sidebar,
    # under a heading of its own, an exhibition's catalogue described as a PDF
    own = "https://archive.example.org/files/original/7f3ca21e9b0d4c55.pdf"
    body = (
        f"<div id='itemfiles'><a class='download-file' href='{own}'><img src='/t/7f3c.jpg' "
        "alt='boletim45_abr1980.pdf'></a></div>"
    )
    aside = (
        "<aside id='sidebar'><h2>Exposição virtual</h2><p><a href='/files/original/"
        "catalogo_2019.pdf'>Catálogo da exposição (PDF, 12 MB)</a></p></aside>"
    )
    html = _page(body, "Boletim do Metalúrgico nº 45", lang="pt").replace(
        "</main>", f"</main>{aside}"
    )
    candidates = find_candidates(html, "https://archive.example.org/items/show/1873").candidates
    assert candidates[0].url == own
    catalogue = next(c for c in candidates if "catalogo" in c.url)
    assert "in a sidebar's section 'Exposição virtual'" in catalogue.evidence
    # a sidebar's download card, headed by a button's words, is the record's
    card = aside.replace("Exposição virtual", "Download").replace("catalogo_2019", "boletim45")
    html = _page("", "Boletim do Metalúrgico nº 45", lang="pt").replace("</main>", f"</main>{card}")
    found = find_candidates(html, "https://archive.example.org/items/show/1873").candidates
    assert "sidebar" not in found[0].evidence


@pytest.mark.parametrize(
    "label",
    [
        "Programma",  # an event's programme, its one word
        "Programa final (PDF)",
        "Locandina",  # an event's poster
        "Tríptico informativo (PDF)",  # a leaflet
        "Презентація на конференції (PDF, 2,1 МБ)",  # a presentation
        "מצגת (PDF)",
        "แบบสอบถาม (PDF)",  # a questionnaire
        "Nota metodológica",
        "Kasutustingimused (PDF)",  # the site's terms of use
        "Inventario (PDF)",  # an archive's inventory
        "Najważniejsze wnioski (PDF, 2 s.)",  # the key findings
        "სარჩევი (PDF)",  # a table of contents
    ],
)
def test_an_event_s_or_a_survey_s_documents_are_other_documents(label: str) -> None:
    assert BAD_TEXT.search(label) is not None


@pytest.mark.parametrize(
    "label",
    [
        "Program evaluation report (PDF)",  # a report's name with the word in it
        "Research programme report 2023",
        "Informe final del programa",
        "Representation of women in local councils",
    ],
)
def test_words_of_those_kinds_inside_a_report_s_name_leave_it_a_name(label: str) -> None:
    assert BAD_TEXT.search(label) is None


@pytest.mark.parametrize(
    "label",
    [
        "Full Bulletin (PDF - 9.8 MB)",  # a whole issue
        "Quaderno n. 14 completo (PDF, 18 MB)",  # a whole issue by its number, "complete"
        "第133号 全文一括（PDF：24MB）",
        "Preliminary pages (PDF)",  # front matter
        "Tavole fuori testo (PDF, 18 MB)",  # plates
        "National Health Survey methodology, 2024-25",
        "Metodické vysvětlivky",  # explanatory notes
        "はじめに（立ち読み・PDF）",  # a sample to browse
    ],
)
def test_a_whole_issue_front_matter_plates_and_notes_are_other_documents(label: str) -> None:
    assert BAD_TEXT.search(label) is not None


@pytest.mark.parametrize("label", ["Texto completo", "Artículo completo", "Relatório completo"])
def test_the_work_complete_is_still_the_work(label: str) -> None:
    assert BAD_TEXT.search(label) is None


def test_a_file_s_name_as_its_label_is_read_with_its_underscores_as_spaces() -> None:
    # a thesis's page in a university information system: its reviews and its defence's
    # record, each labelled by its file's name, and no thesis file (embargoed)
    body = (
        "<ul><li><a href='/th/1/posudek_vedouciho.pdf'>posudek_vedouciho.pdf</a> (PDF, 142 kB)"
        "</li><li><a href='/th/1/prubeh_obhajoby.pdf'>prubeh_obhajoby.pdf</a> (PDF, 88 kB)"
        "</li><li><a href='/th/1/Infographic_Inclusive_Education_2024.pdf'>"
        "Infographic_Inclusive_Education_2024.pdf</a></li></ul>"
    )
    html = _page(body, "Vliv sucha na výnosy pšenice", lang="cs")
    assert _kept(html, "https://is.example.cz/th/1/") == []


def test_the_record_s_name_with_a_language_is_no_full_text_label() -> None:
    from bs4 import BeautifulSoup

    from politeharvest.fulltext._pagefacts import page_facts

    html = "<html><head><title>Quaderno 18 – Il cinema industriale</title></head><body></body>"
    facts = page_facts(BeautifulSoup(html, "lxml"), "https://cineteca.example.it/q18")
    assert facts._titled_button("Quaderno 18 – testo integrale")
    assert not facts._titled_button("Quaderno 18 – English version")  # its translation's
    assert not facts._titled_button("Quaderno 17 – testo integrale")  # another issue's


def test_a_site_s_id_names_its_space_on_each_of_its_platform_s_hosts() -> None:
    # Squarespace: the page's images on images.squarespace-cdn.com, its files on
    # static1.squarespace.com, both under the site's id
    site = "5f3a9c2e1b7d4a6e8c0f1a2b"
    own = f"https://static1.squarespace.com/static/{site}/t/66a1f3c0/1721912345678/Etude_2024.pdf"
    body = (
        f"<img src='https://images.squarespace-cdn.com/content/v1/{site}/logo.png' alt='Logo'>"
        f"<div class='sqs-block-button'><a href='{own}' class='sqs-block-button-element'>"
        "Télécharger l'étude complète</a></div>"
    )
    url = "https://www.federation.example.fr/observatoire-2024"
    assert _kept(_page(body, "Observatoire économique de la scierie 2024", lang="fr"), url) == [own]
