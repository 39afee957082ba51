"""File labels in any script: sizes, language qualifiers and whole volumes (issue 34).

Three classes found on landing36 after its scoring, each with its guard:

- a file's size written in the page's own script ("(PDF، 9.8 ميغابايت)", "22 ՄԲ") is read as
  the size it is, through its transliteration, as a Latin "MB" is;
- a button's words with a bracketed qualifier and the file's description ("पूर्ण प्रतिवेदन
  (हिंदी) - PDF, 8.4 MB": the full report, in Hindi) are a file's label, no other document's
  name;
- a whole volume or issue is named in more languages ("Ամբողջական հատոր", "სრული ნომერი").

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._evidence import _qualified_button
from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._words import BAD_TEXT, PDF_SIZE, latin_units


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("(PDF، 9.8 ميغابايت)", "(PDF، 9.8 MB)"),  # Arabic
        ("2,4 مگابایت", "2,4 MB"),  # Persian
        ("3 кілобайт", "3 KB"),  # Ukrainian
        ("7 Мбайт", "7 MB"),  # Russian
        ("12 메가바이트", "12 MB"),  # Korean
        ("4 मेगाबाइट", "4 MB"),  # Hindi
        ("3 एमबी", "3 MB"),  # Hindi, the abbreviation
        ("5 เมกะไบต์", "5 MB"),  # Thai
        ("22 ՄԲ", "22 MB"),  # Armenian
        ("1 ГБ", "1 GB"),
    ],
)
def test_a_size_s_unit_in_any_script_is_read_as_its_latin_unit(text: str, read: str) -> None:
    assert latin_units(text) == read


@pytest.mark.parametrize(
    "text",
    ["(PDF، 8 صفحات)", "1995 год", "5 كم", "12 مجلد", "3 сторінки", "10 km", "2 Seiten"],
)
def test_other_words_after_a_number_are_left_as_they_are(text: str) -> None:
    # pages, years, kilometres, volumes: no unit of bytes
    assert latin_units(text) == text


def _page(body: str, title: str, lang: str) -> str:
    return (
        f"<html lang='{lang}'><head><title>{title}</title></head><body><main><h1>{title}</h1>"
        f"{body}</main><footer><a href='/files/privacy.pdf'>Privacy</a></footer></body></html>"
    )


def test_a_button_with_its_size_in_arabic_script_is_the_record_s_file() -> None:
    title = "المونوغرافية الجهوية لجهة سوس ماسة 2023"
    html = _page(
        "<div class='downloads'>"
        "<a class='btn btn-download' href='/uploads/Monographie-2023-AR.pdf'>"
        "تحميل المونوغرافية (PDF، 9.8 ميغابايت)</a>"
        "<a class='btn' href='/uploads/Monographie-2023-FR.pdf'>Version française (PDF)</a>"
        "</div>",
        title,
        "ar",
    )
    candidates = find_candidates(html, "https://invest.example.ma/ar/monographie-2023/").candidates
    assert candidates[0].url.endswith("-AR.pdf")
    assert "MB" in candidates[0].evidence
    # the same page with the size in Latin letters gives the same answer
    latin = html.replace("ميغابايت", "MB")
    assert (
        find_candidates(latin, "https://invest.example.ma/ar/monographie-2023/")
        .candidates[0]
        .url.endswith("-AR.pdf")
    )


def test_the_size_is_read_in_labels_not_in_scripts() -> None:
    # a page's script keeps its own text: only the page's words are read
    html = _page(
        "<script>var size = '9.8 ميغابايت';</script><p>الحجم 9.8 ميغابايت</p>", "عنوان", "ar"
    )
    analysis = find_candidates(html, "https://example.ma/ar/x/")
    assert analysis.candidates == [] or all("ميغابايت" not in c.url for c in analysis.candidates)


@pytest.mark.parametrize(
    ("label", "qualified"),
    [
        ("पूर्ण प्रतिवेदन (हिंदी) – PDF, 8.4 MB", True),  # the full report, in Hindi
        ("Download (English) PDF 2 MB", True),
        ("Policy brief (English) – PDF, 1 MB", False),  # a document's name
        ("Taarifa kwa Vyombo vya Habari (Kiswahili) (PDF, 1 MB)", False),
        ("पूर्ण प्रतिवेदन (हिंदी)", False),  # no file's description: a name with a word in brackets
        ("ບົດລາຍງານສະບັບເຕັມ (ພາສາລາວ) – PDF", True),  # Lao: the full report, its format alone
        ("Policy Brief (English) – PDF", False),
    ],
)
def test_a_button_s_words_with_a_qualifier_and_a_size_are_a_file_s_label(
    label: str, qualified: bool
) -> None:
    assert _qualified_button(label) is qualified


def test_the_full_report_in_the_page_s_language_is_tried_first() -> None:
    title = "आकांक्षी जिला कार्यक्रम: तीन वर्षों का मूल्यांकन"
    html = _page(
        "<ul>"
        "<li><a href='/files/ADP-Hindi.pdf' type='application/pdf'>"
        "पूर्ण प्रतिवेदन (हिंदी) – PDF, 8.4 MB</a></li>"
        "<li><a href='/files/ADP-English.pdf' type='application/pdf' hreflang='en'>"
        "Full report (English version) – PDF</a></li>"
        "<li><a href='/files/ADP-Saransh.pdf' type='application/pdf'>"
        "कार्यकारी सारांश (हिंदी) – PDF</a></li>"
        "</ul>",
        title,
        "hi",
    )
    candidates = find_candidates(html, "https://niti.example.in/hi/reports/adp/").candidates
    kept = [c for c in candidates if c.rejected is None]
    assert kept[0].url.endswith("ADP-Hindi.pdf")
    # the executive summary is still another document
    assert not any(c.url.endswith("ADP-Saransh.pdf") for c in kept)


@pytest.mark.parametrize(
    "label",
    [
        "Ամբողջական հատոր (HAB34_full.pdf, 22 ՄԲ)",  # Armenian: the whole volume
        "ოფიციალური ბიულეტენი № 8 (2024), სრული ნომერი",  # Georgian: the full issue
        "Whole volume (PDF)",
        "Volumen completo",
        "Fascicolo completo",
        "Cały numer (PDF)",
        "Весь номер",
        "العدد كاملا",
    ],
)
def test_a_whole_volume_or_issue_is_another_document(label: str) -> None:
    assert BAD_TEXT.search(label) is not None


@pytest.mark.parametrize(
    "label", ["Texto completo", "Full text", "Artículo completo", "Volume 3", "Повний текст"]
)
def test_the_full_text_is_no_whole_volume(label: str) -> None:
    assert BAD_TEXT.search(label) is None


def test_a_size_in_another_script_makes_a_pdf_s_description() -> None:
    assert PDF_SIZE.search(latin_units("(PDF، 9.8 ميغابايت)")) is not None
    assert PDF_SIZE.search("(PDF، 9.8 ميغابايت)") is None  # unread, the unit is no size


def test_a_full_text_in_another_format_and_an_image_s_info_are_not_tried() -> None:
    # a digital library's viewer: its text layer "Volltext (TXT)" (a full-text word, another
    # format) and its IIIF image's info.json are no PDF; the volume's PDF is
    html = _page(
        "<div id='imageContainer' data-tiles='https://dl.example.de/api/records/34/files/"
        "images/00000001.tif/info.json'></div><ul class='downloads'>"
        "<li><a href='https://dl.example.de/api/records/34/plaintext/'>Volltext (TXT)</a></li>"
        "<li><a href='https://dl.example.de/api/records/34/pdf/'>PDF (612 Seiten)</a></li>"
        "</ul>",
        "Verwaltungsbericht des Magistrats der Stadt Berlin. Zweiter Band",
        "de",
    )
    urls = [c.url for c in find_candidates(html, "https://dl.example.de/viewer/34/").candidates]
    assert not any("plaintext" in u or u.endswith("info.json") for u in urls)
    assert "https://dl.example.de/api/records/34/pdf/" in urls


@pytest.mark.parametrize(
    "label", ["Volltext (PDF)", "Texto completo PDF / HTML", "Full text (pdf, 2 MB)"]
)
def test_a_label_naming_the_pdf_beside_another_format_is_still_the_pdf_s(label: str) -> None:
    html = _page(
        f"<p><a href='/files/article-77.pdf'>{label}</a></p>", "Soil carbon in boreal fens", "en"
    )
    urls = [c.url for c in find_candidates(html, "https://j.example.org/article/77").candidates]
    assert urls == ["https://j.example.org/files/article-77.pdf"]
