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
from politeharvest.fulltext._words import BAD_TEXT, button_text, says_full


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
