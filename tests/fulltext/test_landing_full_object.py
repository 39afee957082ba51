"""A download button for "the full <object>" in any language (issue 34, landing39 and landing41).

A button's words and one word naming what the work is, with a word saying "full", give
the record's whole file: Hebrew "להורדת הדו"ח המלא" (to download the full report, its
abbreviation written with a quotation mark), Vietnamese "Tải báo cáo đầy đủ". Guards: an
object with a number is another object ("Descargar el Boletín 31 completo"), two words of
its own are a name, and a button without "full" says nothing of the whole.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._words import BAD_TEXT, FILE_HREF, button_text, says_full


@pytest.mark.parametrize(
    ("text", "full"),
    [
        ('להורדת הדו"ח המלא', "המלא"),
        ("Tải báo cáo đầy đủ", "đầy"),
        ("Muat Turun Artikel Penuh", "penuh"),
        ("Descargar el Boletín completo", "completo"),
        ("Descargar el Boletín 31 completo", None),  # the bulletin 31: an object of its own
        ("Descargar el Boletín Oficial completo", None),  # two words of its own: a name
        ("Tải về", None),  # no "full"
    ],
)
def test_says_full(text: str, full: str | None) -> None:
    assert says_full(text) == full


def test_the_full_report_button_on_a_hashed_cdn_is_the_record_s_file() -> None:
    cdn = "https://d8b5a2c1-7e3f-4a90-b1c6-0f9e2d8a7b34.filesusr.com/ugd"
    title = "סקר ארכאולוגי ימי בחוף עתלית 2022"
    page = (
        f"<html lang='he' dir='rtl'><head><title>{title} | מוזיאון</title>"
        "<link rel='stylesheet' href='https://static.parastorage.com/x.css'></head><body><main>"
        f"<h1>{title}</h1><p>ממצאי עונת הצלילות, תוכניות האתר והמלצות לשימור.</p>"
        f"<a class='wixui-button' href='{cdn}/7c3e91_4f8a2b6d1e9c4735a0b8d2e6f1c3a597.pdf'>"
        'להורדת הדו"ח המלא</a> '
        f"<a class='wixui-button' href='{cdn}/7c3e91_b02e6c4d9a1f47e3bd58c0a2e7f91d64.pdf'>"
        "English summary</a></main></body></html>"
    )
    found = find_candidates(page, "https://www.example-museum.org.il/atlit-survey-2022")
    assert [c.url for c in found.candidates][:1] == [
        f"{cdn}/7c3e91_4f8a2b6d1e9c4735a0b8d2e6f1c3a597.pdf"
    ]


@pytest.mark.parametrize(
    ("text", "full"),
    [
        ("Laadi alla kogu raamat (PDF, 7,8 MB)", "kogu"),  # Estonian: the whole book
        ("Laai die PDF van hierdie artikel af", None),  # Afrikaans: a button, no "full"
    ],
)
def test_estonian_and_afrikaans_buttons(text: str, full: str | None) -> None:
    assert button_text(text)
    assert says_full(text) == full


def test_an_estonian_press_release_is_another_document() -> None:
    assert BAD_TEXT.search("TLU Kirjastus pressiteade") is not None


# -- landing43, after its scoring ------------------------------------------------------------


def _page(body: str, title: str) -> str:
    return (
        f"<html><head><title>{title}</title></head><body><main><h1>{title}</h1>{body}"
        "</main></body></html>"
    )


def test_the_full_object_named_without_a_button_s_word_is_the_record_s_file() -> None:
    files = "https://www.example-stat.sn/sites/default/files/2024-02"
    body = (
        f"<a class='et_pb_button' href='{files}/SES-2021_rapport-integral.pdf'>Rapport intégral</a>"
        f"<ul><li><a href='{files}/SES-2021_ch01.pdf'>Chapitre 1 – Démographie</a></li></ul>"
    )
    found = find_candidates(
        _page(body, "Situation économique et sociale 2021"),
        "https://www.example-stat.sn/publications/situation-economique",
    )
    assert [c.url for c in found.candidates] == [f"{files}/SES-2021_rapport-integral.pdf"]


def test_the_full_paper_of_another_work_its_item_names_is_refused() -> None:
    files = "https://semnas.example.ac.id/files/2024"
    body = (
        "<ul><li>SN-HUT-077 Struktur dan komposisi vegetasi hutan kerangas "
        f"<a href='{files}/SN-HUT-077-makalah.pdf'>makalah lengkap</a></li></ul>"
    )
    title = "SN-HUT-078: Dinamika Cadangan Karbon Tegakan Ulin pada Areal Bekas Tebangan"
    found = find_candidates(_page(body, title), "https://semnas.example.ac.id/sn-hut-078")
    assert found.candidates == ()


def test_a_download_manager_s_card_of_fields_is_no_other_work() -> None:
    base = "https://www.example-ine.gob.bo/index.php/download"
    title = "Encuesta de Hogares 2023: Resultados principales"
    body = (
        "<div class='wpdm-card'><div>5.8 MB Tamaño</div><div>3,412 Descargas</div>"
        "<div>5 de abril de 2024 Fecha de publicación</div>"
        "<div>Dirección de Estadísticas e Indicadores Sociales Autor</div>"
        f"<a class='wpdm-download-link btn' href='{base}/eh-2023/?wpdmdl=8841'>Descargar</a></div>"
    )
    found = find_candidates(
        _page(body, title), "https://www.example-ine.gob.bo/publicaciones/eh-2023/"
    )
    assert [c.url for c in found.candidates] == [f"{base}/eh-2023/?wpdmdl=8841"]


def test_a_liferay_document_without_an_extension_is_a_file() -> None:
    url = (
        "https://www.example.gub.uy/documents/10181/1920421/Estimaci%C3%B3n+de+la+pobreza"
        "+2023/9a1c2b7e-4f0d-4c5e-9b2a-6e8d31f0c7a4"
    )
    assert FILE_HREF.search(url) is not None
    assert FILE_HREF.search("https://www.example.gub.uy/documents/10181/1920421/informe") is None
