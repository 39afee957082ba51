"""Own files the resolver did not try, on long-tail sites (issue 34, landing27-31 after scoring).

Four classes, each with its guard:

- a download button in a language the button vocabulary did not read ("Descarcă articolul
  integral (PDF)", "Pakua makala (PDF)", "दानलोड"-style loanwords of "download" in other
  scripts), read as another document's name;
- a listing's link citing the record by its authors and its title shortened ("Berthelot,
  Moreau-Lefèvre - Les ateliers de potiers de Chinon (article complet)");
- file addresses of download managers and file handlers (``?download=214:alias``,
  ``ElectronicFile.aspx?docid=``, Sitecore's ``/-/media/<path>.ashx``);
- and, made possible by the wider vocabulary, a button whose file is named as another kind
  of document (``54321_abstract.pdf`` behind "Download") is that document.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import PageFacts, page_facts
from politeharvest.fulltext._words import FILE_HREF, button_text

TITLE = "Răspunderea autorităților locale pentru transportul școlar în mediul rural"


def _page(body: str, title: str = TITLE, head: str = "") -> str:
    return (
        f"<html><head><title>{title}</title>{head}</head><body><main><h1>{title}</h1>{body}"
        "</main><footer><a href='/files/privacy.pdf'>Privacy</a></footer></body></html>"
    )


def _kept(html: str, url: str) -> list[str]:
    return [c.url for c in find_candidates(html, url).candidates]


# -- download buttons in more languages ------------------------------------------------------


@pytest.mark.parametrize(
    "label",
    [
        "Descarcă articolul integral (PDF)",  # Romanian
        "Descargá el cuaderno completo acá (PDF)",  # Rioplatense Spanish
        "Pakua makala (PDF)",  # Swahili
        "Pobierz pełny tekst",  # Polish
        "Stáhnout plný text",  # Czech
        "Scarica il testo integrale",  # Italian
        "Λήψη πλήρους κειμένου",  # Greek: one word left over, the button's object
        "Завантажити повний текст",  # Ukrainian
        "Teljes szöveg letöltése",  # Hungarian
        "पूर्ण बुलेटिन डाउनलोड करें (PDF)",  # Hindi, "download" borrowed
        "دانلود متن کامل گزارش",  # Persian, "download" borrowed
        "ডাউনলোড করুন",  # Bengali
        "ดาวน์โหลด",  # Thai
        "Clique aqui para baixar o arquivo",  # Portuguese (landing75)
        "Transferir o ficheiro (PDF)",  # European Portuguese
    ],
)
def test_a_download_button_in_more_languages_is_a_button(label: str) -> None:
    assert button_text(label)


@pytest.mark.parametrize(
    "label",
    [
        "Download Gesamtes Buch",  # the whole book: two words of its own
        "Posudek vedoucího (PDF, 142 kB)",  # a supervisor's review, no download word
        "Resumen ejecutivo (PDF)",
        "Dendrology of the western Carpathians",
        "ڈاکٹر کا خط",  # Urdu words that only look alike in Latin letters
        "Last issue (PDF)",  # English words that are button words elsewhere stay English
        "Her thesis (PDF)",
    ],
)
def test_a_documents_name_is_still_no_button(label: str) -> None:
    assert not button_text(label)


def test_a_romanian_download_button_gives_the_record_s_file_not_its_abstract() -> None:
    site = "https://www.rrdp.example.ro"
    own = f"{site}/download.php?id=1187&tip=articol"
    body = (
        "<p><a href='download.php?id=1187&amp;tip=articol'>Descarcă articolul integral (PDF)</a>"
        "<br><a href='download.php?id=1187&amp;tip=rezumat'>Rezumat extins în limba engleză"
        " (PDF)</a></p>"
        "<h3>Alte articole</h3><p><a href='articol.php?id=1186'>Controlul de legalitate "
        "exercitat de prefect asupra actelor locale</a> – "
        "<a href='download.php?id=1186&amp;tip=articol'>PDF</a></p>"
    )
    kept = _kept(_page(body), f"{site}/articol.php?id=1187")
    assert kept[:1] == [own]


def test_a_swahili_download_button_beside_the_whole_issue() -> None:
    site = "https://tataki.example.ac.tz"
    own = f"{site}/wp-content/uploads/2024/07/Kioo-22-1-Mwakalinga.pdf"
    body = (
        f"<p><a class='button' href='{own}'>Pakua makala (PDF)</a></p>"
        f"<p><a href='{site}/wp-content/uploads/2024/07/Kioo-22-1-toleo-zima.pdf'>Toleo zima "
        "la Kioo cha Lugha 22(1) (PDF)</a></p>"
    )
    title = "Matumizi ya methali katika riwaya za Kiswahili za karne ya ishirini na moja"
    assert _kept(_page(body, title), f"{site}/2024/07/methali-riwaya/")[:1] == [own]


# -- a citation of the record in a listing ---------------------------------------------------

CHINON = "Les ateliers de potiers du faubourg Saint-Jacques à Chinon (XIVe-XVIe siècles)"


@pytest.mark.parametrize(
    ("text", "own"),
    [
        ("Berthelot, Moreau-Lefèvre – Les ateliers de potiers de Chinon (article complet)", True),
        ("Berthelot – Les ateliers de potiers à Chinon", True),
        # another work: a word of its own in the short title
        ("Dupont – Les ateliers de potiers de Tours (article complet)", False),
        # a label before the short title is no one's name
        ("Table des matières – Les ateliers de potiers de Chinon", False),
        # the title's words out of order
        ("Berthelot – Chinon: les potiers et leurs ateliers", False),
    ],
)
def test_a_link_citing_the_record_by_authors_and_short_title(text: str, own: bool) -> None:
    facts = PageFacts(url="https://sat.example.fr/bulletin/70", titles=(CHINON,))
    assert facts.short_title(text) is own


def test_a_short_title_with_another_edition_s_number_is_not_the_record_s() -> None:
    facts = PageFacts(
        url="https://www.gov.example.au/npi/manual-mining-v3-1",
        titles=("Emission estimation technique manual for mining, version 3.1",),
    )
    assert not facts.short_title("Emission estimation technique manual for mining, version 4.0")
    assert facts.short_title("Emission estimation technique manual for mining, version 3.1 (PDF)")


def test_a_docman_listing_gives_the_file_its_link_cites() -> None:
    site = "https://www.sat.example.fr"
    dl = f"{site}/index.php?option=com_docman&task=doc_download&Itemid=87&gid="
    body = (
        "<table>"
        f"<tr><td><a href='{dl}213'>Bulletin tome LXX 2024 – sommaire et résumés</a></td></tr>"
        f"<tr><td><a href='{dl}214'>Berthelot, Moreau-Lefèvre – Les ateliers de potiers de "
        "Chinon (article complet)</a></td></tr>"
        f"<tr><td><a href='{dl}215'>Aubry – Une maison canoniale méconnue du cloître "
        "Saint-Gatien</a></td></tr></table>"
    )
    assert _kept(_page(body, CHINON), f"{site}/index.php/bulletin/item/412") == [f"{dl}214"]


# -- file addresses ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "file"),
    [
        ("https://www.iae.example.am/hy/files?download=214:hovhannisyan-gyumri", True),
        ("https://www.site.example.org/?download=1234", True),
        ("https://weblink.city.example.gov/WebLink/ElectronicFile.aspx?docid=214587&dbid=0", True),
        ("https://portal.example.org/handlers/GetFile.ashx?id=7", True),
        ("https://forum.example.org/attachment.php?attachmentid=55", True),
        (
            "https://www.doh.example.ae/-/media/Feature/Resources/Standards/Telemedicine-V2.ashx",
            True,
        ),
        # not files: a profile page, a page that merely offers downloads
        ("https://www.uni.example.edu/profile.php?id=55", False),
        ("https://www.site.example.org/?download=true", False),
        ("https://www.site.example.org/DocView.aspx?id=214587", False),
    ],
)
def test_file_handlers_and_download_managers_address_files(url: str, file: bool) -> None:
    assert (FILE_HREF.search(url) is not None) is file


def test_a_sitecore_standard_s_file_is_tried_first() -> None:
    site = "https://www.doh.example.ae"
    media = f"{site}/-/media/Feature/Resources"
    body = (
        "<ul class='downloads'>"
        f"<li><a class='file pdf' href='{media}/Standards/Standard-on-Telemedicine-V2.ashx'>"
        "Standard on Telemedicine Services (English, PDF 1.9 MB)</a></li>"
        f"<li><a class='file pdf' href='{media}/Forms/Telemedicine-Licensing-Checklist.ashx'>"
        "Telemedicine facility licensing checklist</a></li></ul>"
    )
    kept = _kept(
        _page(body, "Standard on Telemedicine Services"),
        f"{site}/en/resources/standards/standard-on-telemedicine-services",
    )
    assert kept[:1] == [f"{media}/Standards/Standard-on-Telemedicine-V2.ashx"]
    assert f"{media}/Forms/Telemedicine-Licensing-Checklist.ashx" not in kept


def test_a_laserfiche_download_button_gives_the_document() -> None:
    site = "https://weblink.city.example.gov"
    own = f"{site}/WebLink/ElectronicFile.aspx?docid=214587&dbid=0&repo=LF8"
    body = (
        "<div class='toolbar'><a class='download' href='ElectronicFile.aspx?docid=214587&amp;"
        "dbid=0&amp;repo=LF8'>Download</a></div>"
    )
    kept = _kept(
        _page(body, "Boulder Creek culvert hydraulic study"),
        f"{site}/WebLink/DocView.aspx?id=214587&dbid=0&repo=LF8",
    )
    assert kept == [own]


# -- a button whose file is named as another kind of document --------------------------------


def test_a_download_button_to_a_file_named_as_an_abstract_is_not_tried() -> None:
    site = "https://repo.example.edu"
    body = (
        "<table><tr><td>thesis_77_abstract.pdf</td><td>"
        f"<a href='{site}/files/77/thesis_77_abstract.pdf'>Download</a></td></tr></table>"
    )
    assert _kept(_page(body, "Coastal aquifers under abstraction"), f"{site}/record/77") == []


def test_a_download_button_to_a_file_named_by_the_title_is_tried() -> None:
    """A name with the title's words is the work's, though it says "abstraction"."""
    site = "https://repo.example.edu"
    own = f"{site}/files/77/coastal_aquifers_abstract_model.pdf"
    body = f"<table><tr><td><a href='{own}'>Download</a></td></tr></table>"
    assert _kept(_page(body, "Coastal aquifers: an abstract model"), f"{site}/record/77") == [own]


# -- a file's kind in its query, a series' folder, an aggregator's field ---------------------


def test_a_file_whose_query_asks_for_the_abstract_goes_after_the_full_text() -> None:
    site = "https://digital.library.example.ac.th"
    get = f"{site}/tu_dc/frontend/DownloadFile.aspx?itemid=298451"
    body = (
        f"<table><tr><td>บทคัดย่อ</td><td><a href='{get}&amp;fileid=2&amp;type=abstract'>"
        "ดาวน์โหลด (pdf)</a></td></tr>"
        f"<tr><td>ฉบับเต็ม</td><td><a href='{get}&amp;fileid=3&amp;type=fulltext'>"
        "ดาวน์โหลด (pdf)</a></td></tr></table>"
    )
    kept = _kept(_page(body, "Diabetes self-care by smartphone"), f"{site}/tu_dc/item/298451")
    assert kept[:1] == [f"{get}&fileid=3&type=fulltext"]


def test_a_series_folder_s_slug_is_not_the_record_s_id() -> None:
    page = (
        "https://www.museum.example.se/forskning/art-bulletin-of-the-museum/volume-31/"
        "a-rediscovered-portrait-by-ulrika-pasch"
    )
    facts = PageFacts(url=page, ids=())
    from politeharvest.fulltext._pagefacts import _ids_of

    assert _ids_of(page) == ["a-rediscovered-portrait-by-ulrika-pasch"]
    # a slug last in the address, or before a number, still names the record
    assert _ids_of("https://www.s2.example.org/paper/deep-sea-mining-and-its-impacts/183") == [
        "deep-sea-mining-and-its-impacts",
        "183",
    ]
    assert facts.url == page


def test_a_museum_article_s_file_is_tried_before_its_volume_s() -> None:
    site = "https://www.museum.example.se"
    folder = f"{site}/globalassets/forskning/art-bulletin/vol-31"
    own = f"{folder}/art-bulletin-31_2024_lindqvist-pasch.pdf"
    body = (
        f"<p><a class='pdf' href='{own}'>Artikeln som PDF (1,9 MB)</a></p>"
        f"<p><a class='pdf' href='{folder}/art-bulletin-of-the-museum-volume-31-2024.pdf'>"
        "Hela volymen 31 som PDF (38 MB)</a></p>"
    )
    page = (
        f"{site}/forskning/art-bulletin-of-the-museum/volume-31/a-rediscovered-portrait-by-ulrika"
    )
    assert _kept(_page(body, "A rediscovered portrait by Ulrika Pasch"), page)[:1] == [own]


def test_an_aggregator_s_record_field_names_the_file_held_elsewhere() -> None:
    site = "https://www.aggregator.example.info"
    own = "https://repositorio.example.edu.co/bitstream/handle/unal/86412/1098745123.pdf"
    body = (
        "<table class='record-details'><tr><th>Autor:</th><td>Rincón Peña, Laura</td></tr>"
        "<tr><th>Formato:</th><td>tesis de maestría</td></tr>"
        "<tr><th>Fecha de publicación:</th><td>2024</td></tr><tr><th>Idioma:</th><td>español"
        "</td></tr>"
        "<tr><th>Acceso en línea:</th><td>"
        "<a href='https://repositorio.example.edu.co/handle/unal/86412'>"
        "https://repositorio.example.edu.co/handle/unal/86412</a><br>"
        f"<a href='{own}'>{own}</a></td></tr></table>"
    )
    kept = _kept(_page(body, "La escuela nueva en la ruralidad andina"), f"{site}/Record/CO_7b2f")
    assert kept == [own]
    # the same file beside the record's fields, in no field of it, is still another host's
    body = body.replace("<th>Acceso en línea:</th><td>", "</table><p>").replace(
        "</td></tr></table>", "</p>"
    )
    assert _kept(_page(body, "La escuela nueva en la ruralidad andina"), f"{site}/Record/CO") == []


# -- landing32, after its scoring -------------------------------------------------------------


def test_typo3_s_file_dump_is_a_file_and_a_named_file_ranks_over_its_siblings() -> None:
    site = "https://www.hs.example.de"
    dump = f"{site}/index.php?eID=dumpFile&t=f&f="
    icon = "<img src='/typo3/sysext/frontend/Resources/Public/Icons/FileIcons/pdf.gif' alt=''>"
    body = (
        "<ul class='ce-uploads'>"
        f"<li><a href='{dump}48812&amp;token=9c1f'>{icon}<span>HEKO_Abschlussbericht_2024.pdf"
        "</span></a><span>Abschlussbericht (Langfassung)</span></li>"
        f"<li><a href='{dump}48813&amp;token=1a6e'>{icon}<span>HEKO_Kurzfassung.pdf</span></a>"
        "<span>Kurzfassung für die Praxis (4 Seiten)</span></li>"
        f"<li><a href='{site}/fileadmin/HEKO/HEKO_Anhang_Messdaten.pdf'>{icon}<span>"
        "HEKO_Anhang_Messdaten.pdf</span></a><span>Anhang: Messdaten und Karten</span></li></ul>"
    )
    title = "Agroforst-Hecken als Erosionsschutz: Abschlussbericht des Projekts HEKO"
    kept = _kept(_page(body, title), f"{site}/forschung/projekte/heko")
    assert kept[:1] == [f"{dump}48812&token=9c1f"]
    assert FILE_HREF.search(f"{dump}48812&token=9c1f") is not None


def test_a_turkish_label_declined_is_a_button() -> None:
    assert button_text("Makalenin tamamı (PDF)")
    assert not button_text("Bülten Sayı 58 – tamamını indir")  # the whole issue's name


def test_a_bare_button_beside_another_work_s_title_is_not_the_record_s() -> None:
    site = "https://www.arqueologia.example.org"
    own = f"{site}/_files/ugd/8f2c1a_4d9e7b31.pdf"
    other = f"{site}/_files/ugd/8f2c1a_c91d3e7a.pdf"
    title = "Tumbas de tiro en Los Guachimontones: nuevas fechas de radiocarbono"
    body = (
        f"<div class='wixui-button'><a href='{own}'><span>Descargar artículo</span></a></div>"
        "<div class='wixui-rich-text'><h3>También en este número</h3>"
        "<p><span>Cerámica Aztatlán en la costa de Nayarit, por Rosa Elena Lugo</span> · "
        f"<a href='{other}'>PDF</a></p></div>"
    )
    analysis = find_candidates(_page(body, title), f"{site}/post/tumbas-de-tiro")
    # (since landing35: rejected, not tried last; on a page without the record's file it was
    # a request wasted on another record's)
    assert [c.url for c in analysis.candidates] == [own]
    assert any(
        c.url == other and "its item names another work" in (c.rejected or "")
        for c in analysis.rejected
    )
    # the record's own title beside a bare button names the record: no penalty
    body = f"<p><span>{title}</span> · <a href='{own}'>PDF</a></p>"
    analysis = find_candidates(_page(body, title), f"{site}/post/tumbas-de-tiro")
    assert "another work" not in analysis.candidates[0].evidence


# -- landing33, after its scoring -------------------------------------------------------------


def test_a_liferay_document_s_full_text_is_its_file() -> None:
    site = "https://www.crea.example.it"
    docs = f"{site}/documents/68457/0"
    own = f"{docs}/Quaderno_tecnico_22_peronospora.pdf/1a2b3c4d-5e6f-7a8b-9c0d-e1f2a3b4c5d6?t=17"
    body = (
        "<h3>Allegati</h3><ul>"
        f"<li><a href='{docs}/Sintesi_per_i_viticoltori.pdf/9f8e7d6c-5b4a-3f2e-1d0c-b9a8f7e6d5c4'>"
        "Sintesi per i viticoltori</a></li>"
        f"<li><a href='{own}'>Quaderno tecnico n. 22 (testo integrale)</a></li></ul>"
    )
    title = "Quaderno tecnico n. 22 – Resistenza alla peronospora dei vitigni autoctoni campani"
    kept = _kept(_page(body, title), f"{site}/web/viticoltura/-/quaderno-22")
    assert kept[:1] == [own]
    assert FILE_HREF.search(own) is not None


@pytest.mark.parametrize(
    ("label", "own"),
    [
        ("Наукова вкладка №14 (PDF, 8 с.)", True),  # the record's name and its file
        ("Full report (PDF, 47 pages)", True),  # a button's words
        ("Leseprobe (PDF, 12 Seiten)", False),  # another document's name: a sample
    ],
)
def test_a_label_with_its_format_and_a_count_describes_a_pdf(label: str, own: bool) -> None:
    site = "https://wz.example.lviv.ua"
    link = f"{site}/uploads/vkladka/2024/file-14.pdf"
    title = "Наукова вкладка №14: Екологічний стан річки Полтви у межах Львова"
    analysis = find_candidates(_page(f"<p><a href='{link}'>{label}</a></p>", title), f"{site}/n/1")
    described = [c for c in analysis.candidates if "describes a PDF file" in c.evidence]
    assert bool(described) is own


# -- landing34, after its scoring: four other documents' files stored ----------------------


@pytest.mark.parametrize(
    "label",
    ["Tiivistelmä (PDF)", "Ringkasan Eksekutif (PDF)", "Съдържание (PDF)", "Samenvatting (PDF)"],
)
def test_a_summary_s_or_contents_label_in_more_languages_names_another_document(
    label: str,
) -> None:
    site = "https://www.city.example.fi"
    link = f"{site}/static/julkaisut/2024/file_3.pdf"
    title = "Nuorten asumisen polut Helsingissä 2010–2022"
    body = f"<ul><li class='doc'><a href='{link}'>{label}</a></li></ul>"
    assert link not in _kept(_page(body, title), f"{site}/julkaisut/nuorten-asumisen-polut")


def test_files_sharing_the_page_s_id_are_not_strong_evidence() -> None:
    """A course's code in each module's file: none is the record's by its address alone."""
    site = "https://bahanajar.example.ac.id"
    title = "PWKL4301 Perencanaan Wilayah – Modul 3: Analisis Ekonomi Wilayah"
    body = (
        "<ul>"
        + "".join(
            f"<li class='doc'><a href='/files/PWKL4301/PWKL4301_M{n}.pdf'>Modul {n} (PDF)</a></li>"
            for n in (2, 3, 4)
        )
        + "</ul>"
    )
    analysis = find_candidates(_page(body, title), f"{site}/pwkl4301/modul-3")
    assert analysis.candidates and not any(c.strong for c in analysis.candidates)
    # one file carrying the page's id is still strong
    body = "<p><a href='/files/PWKL4301/PWKL4301_M3.pdf'>Unduh Modul 3 (PDF)</a></p>"
    analysis = find_candidates(_page(body, title), f"{site}/pwkl4301/modul-3")
    assert analysis.candidates[0].strong


# -- landing35, after its scoring: Norwegian "last ned", a word's feminine form ---------------


@pytest.mark.parametrize(
    ("label", "button"),
    [
        ("Last ned publikasjonen (pdf)", True),  # Norwegian: "last ned" is one verb
        ("Last ned rapporten", True),
        ("تحميل الدراسة كاملة (PDF)", True),  # Arabic: "the full study", كاملة of كامل
        ("Last issue (PDF)", False),  # the guard: "last" alone is English
        ("Last year's report (PDF)", False),
    ],
)
def test_norwegian_last_ned_and_a_feminine_full_are_button_words(label: str, button: bool) -> None:
    assert button_text(label) is button


def test_the_norwegian_download_link_gives_the_report_not_its_english_summary() -> None:
    url = "https://www.ssb.no/befolkning/artikler/innvandreres-arbeid"
    html = _page(
        "<div class='download-links'><h2>Last ned</h2>"
        f"<a class='download' href='{url}/_/attachment/download/6b1f:2f8a/RAPP2025-14.pdf'>"
        "Last ned publikasjonen (pdf)</a> "
        f"<a class='download' href='{url}/_/attachment/download/3e4f:1b2c/RAPP2025-14_engl.pdf'>"
        "English summary pdf</a></div>",
        title="Innvandreres arbeidsmarkedstilknytning over tid",
    )
    kept = _kept(html, url)
    assert kept and kept[0].endswith("RAPP2025-14.pdf"), kept


def test_a_link_naming_the_record_by_its_series_number_and_year_is_its_file() -> None:
    # landing35, after its scoring: "WP/08/2024 - Dokumen Lengkap" (the full document) for
    # ``WP_08_2024.pdf`` on the page ``WP-08-2024.aspx``; a number of two digits with its
    # year names the record as a number of three digits does
    url = "https://www.bi.go.id/id/publikasi/kajian/Pages/WP-08-2024.aspx"
    files = "https://www.bi.go.id/id/publikasi/kajian/Documents"
    html = _page(
        "<table><tr><td><img src='/icpdf.png' alt='pdf'></td>"
        f"<td><a href='{files}/Ringkasan_Eksekutif_WP_08_2024.pdf'>Ringkasan Eksekutif</a></td></tr>"
        f"<tr><td><img src='/icpdf.png' alt='pdf'></td><td><a href='{files}/WP_08_2024.pdf'>"
        "WP/08/2024 – Dokumen Lengkap</a></td></tr></table>",
        title="Transmisi Kebijakan Makroprudensial terhadap Penyaluran Kredit UMKM",
    )
    assert _kept(html, url)[:1] == [f"{files}/WP_08_2024.pdf"]


def test_another_number_of_the_series_still_names_another_document() -> None:
    """The guard: the previous paper's number in the link is another record's."""
    url = "https://www.bi.go.id/id/publikasi/kajian/Pages/WP-08-2024.aspx"
    files = "https://www.bi.go.id/id/publikasi/kajian/Documents"
    html = _page(
        f"<p><a href='{files}/WP_07_2024.pdf'>WP/07/2024 – Dokumen Lengkap</a></p>",
        title="Transmisi Kebijakan Makroprudensial terhadap Penyaluran Kredit UMKM",
    )
    assert f"{files}/WP_07_2024.pdf" not in _kept(html, url)


def test_a_full_text_button_beside_another_thesis_sharing_a_subject_word_is_not_tried() -> None:
    # landing35, after its scoring: "Otras tesis del grupo" lists another thesis, whose
    # "Texto completo (PDF)" was probed on a page whose own thesis is available on request
    site = "https://www.iislafe.example.es"
    page = f"{site}/es/publicaciones/tesis/2024/efectividad-de-la-prehabilitacion-multimodal"
    other = f"{site}/media/tesis/2023/Tesis_Ferrer_Pla_2023.pdf"
    body = (
        "<p>Tesis disponible bajo petición.</p><h3>Otras tesis del grupo</h3><ul>"
        "<li>Ferrer Pla, A. (2023). Cirugía robótica frente a laparoscópica en cáncer de "
        f"recto bajo. <a href='{other}'>Texto completo (PDF)</a></li></ul>"
    )
    title = "Efectividad de la prehabilitación multimodal en cirugía colorrectal"
    analysis = find_candidates(_page(body, title), page)
    assert other not in [c.url for c in analysis.candidates]
    assert other not in [c.url for c in analysis.fallback]


def test_the_record_s_own_citation_beside_its_full_text_button_is_still_its_file() -> None:
    """The guard: the record's title, shortened, beside the button names the record."""
    site = "https://www.iislafe.example.es"
    page = f"{site}/es/publicaciones/tesis/2024/efectividad-de-la-prehabilitacion-multimodal"
    own = f"{site}/media/tesis/2024/Tesis_Martinez_2024.pdf"
    body = (
        "<ul><li>Martínez Soler, L. (2024). Efectividad de la prehabilitación multimodal en "
        f"cirugía colorrectal. <a href='{own}'>Texto completo (PDF)</a></li></ul>"
    )
    title = "Efectividad de la prehabilitación multimodal en cirugía colorrectal"
    assert [c.url for c in find_candidates(_page(body, title), page).candidates] == [own]


def test_a_year_s_folder_before_the_record_s_own_part_of_the_address_is_no_id() -> None:
    # landing35: ``/kyyeu-2025/bai-bao/HN2025-147`` (the 2025 proceedings' folder, then the
    # paper): another paper's file under ``/uploads/kyyeu-2025/`` is not made strong by it
    page = "https://hoinghi.example.vn/kyyeu-2025/bai-bao/HN2025-147"
    facts = page_facts(BeautifulSoup("<html></html>", "html.parser"), page)
    assert "kyyeu-2025" not in facts.ids
    assert "hn2025-147" in facts.ids


@pytest.mark.parametrize(
    ("label", "button"),
    [
        # landing34, after its scoring: the Han button words as Korean reads them (全文 전문)
        ("보고서 전문 (PDF)", True),  # the report's full text
        ("원문 열람", True),  # 原文 閲覧: view the original
        ("연구윤리규정 PDF", False),  # the guard: a compound name (research ethics rules)
        ("경기도 청년 창업 생태계 (보고서 전문)", False),  # another report's title
    ],
)
def test_korean_reads_the_han_button_words_in_hangul(label: str, button: bool) -> None:
    assert button_text(label) is button
