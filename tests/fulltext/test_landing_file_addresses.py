"""Files behind addresses without ".pdf", labels with notes, words with vowel signs (issue 34).

Each class with its guard (landing41, after its scoring):

- a content system's media file by its id is a file's address: Kentico's
  ``/getmedia/<guid>/<name>.aspx`` (no web page, for all its ``.aspx``) and Drupal's
  ``/media/<id>/download``; a media page (``/media/press``) stays blocked;
- a folder that starts like a sharing page (the Government Site Builder's
  ``/SharedDocs/Downloads/...``) is no sharing page; ``/share`` and ``/share?u=`` are;
- a file's description may end in a note on the file ("(PDF, 3MB, Datei ist nicht
  barrierefrei)"): the label is the word before it; "Kurzfassung" is a summary;
- the words of a title in an Indic script keep their vowel signs ("पूर्ण" is one word, not
  the consonants "प" and "रण"), so "पूर्ण प्रतिवेदन देखें" (view the full report) shares one
  word with a report's title, not most of them.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import PageFacts
from politeharvest.fulltext._words import (
    BAD_HREF,
    BAD_TEXT,
    FILE_HREF,
    without_file_description,
    words_of,
)

GUID = "7c3e9a12-4b5d-4e6f-8a7b-9c0d1e2f3a4b"


@pytest.mark.parametrize(
    ("url", "file", "blocked"),
    [
        (f"https://www.example.org.il/getmedia/{GUID}/Early-Childhood-HEB.aspx", True, False),
        ("https://www.example.org.il/getmedia/news.aspx", False, False),
        ("https://state.example.gov.in/media/2231/download?inline", True, False),
        ("https://state.example.gov.in/media/2232/download", True, False),
        ("https://state.example.gov.in/media/press", False, True),
        (
            "https://www.example.bund.de/SharedDocs/Downloads/Berichte/Abschluss.pdf"
            "?__blob=publicationFile&v=3",
            True,
            False,
        ),
        ("https://www.example.org/share?u=https://x", False, True),
        ("https://www.example.org/article/12/share", False, True),
    ],
)
def test_file_addresses(url: str, file: bool, blocked: bool) -> None:
    assert (FILE_HREF.search(url) is not None) is file
    assert (BAD_HREF.search(url) is not None) is blocked


def test_a_kentico_media_file_behind_a_full_study_button_is_tried() -> None:
    title = "כוח האדם בחינוך לגיל הרך בישראל"
    base = "https://www.example-center.org.il/getmedia"
    page = (
        f"<html lang='he' dir='rtl'><head><title>{title}</title></head><body><main>"
        f"<h1>{title}</h1><p>מחקר על כוח האדם בגני הילדים ובמעונות היום.</p>"
        f"<a class='btn' href='{base}/{GUID}/Early-Childhood-Workforce-HEB.aspx'>"
        "להורדת המחקר המלא</a> "
        f"<a href='{base}/1a2b3c4d-5e6f-4a70-9b8c-0d1e2f3a4b5c/Summary-HEB.aspx'>תקציר</a>"
        "</main></body></html>"
    )
    found = find_candidates(page, "https://www.example-center.org.il/research/early-childhood")
    assert [c.url for c in found.candidates] == [
        f"{base}/{GUID}/Early-Childhood-Workforce-HEB.aspx"
    ]


@pytest.mark.parametrize(
    ("label", "rest"),
    [
        ("Abschlussbericht (PDF, 3MB, Datei ist nicht barrierefrei)", "Abschlussbericht"),
        ("Kurzfassung (PDF, 180KB, barrierefrei)", "Kurzfassung"),
        ("Annual report (PDF, 2.1 MB)", "Annual report"),
        ("Report (2023, second edition)", "Report (2023, second edition)"),  # no size: kept
        # the size in octets, and the format named with a word before it
        ("Rapport (format PDF - 2,1 Moctets)", "Rapport"),
        ("Synthèse (PDF, 412 Ko)", "Synthèse"),
        ("Étude (format PDF - 850 Koctets)", "Étude"),
        ("Rapport (format long)", "Rapport (format long)"),  # no size: kept
    ],
)
def test_a_file_description_may_end_in_a_note(label: str, rest: str) -> None:
    assert " ".join(without_file_description(label).split()) == rest


def test_kurzfassung_is_a_summary() -> None:
    assert BAD_TEXT.search("Kurzfassung") is not None
    assert BAD_TEXT.search("Abschlussbericht") is None


def test_a_government_site_builder_s_report_is_tried_before_its_summary() -> None:
    title = "Belastungssteuerung im Nachwuchsleistungssport"
    folder = "/SharedDocs/Downloads/Publikationen/Projektberichte"
    links = "".join(
        f"<li><a class='downloadLink Publication FTpdf' href='{folder}/{name}.pdf"
        f"?__blob=publicationFile&amp;v=3' title='{label} ({note})'><span>{label}</span> "
        f"<span class='type'>({note})</span></a></li>"
        for name, label, note in (
            (
                "Abschlussbericht_Belastung",
                "Abschlussbericht",
                "PDF, 3MB, Datei ist nicht barrierefrei",
            ),
            ("Kurzfassung_Belastung", "Kurzfassung", "PDF, 180KB, barrierefrei"),
        )
    )
    page = (
        f"<html lang='de'><head><title>Abschlussbericht: {title}</title></head><body><main>"
        f"<h1>{title}</h1><ul>{links}</ul></main></body></html>"
    )
    found = find_candidates(page, "https://www.example.bund.de/Projekte/belastung.html")
    assert [c.url for c in found.candidates] == [
        f"https://www.example.bund.de{folder}/Abschlussbericht_Belastung.pdf"
        "?__blob=publicationFile&v=3"
    ]


def test_indic_words_keep_their_vowel_signs() -> None:
    assert words_of("पूर्ण प्रतिवेदन देखें") == ["पूरण", "परतिवेदन", "देखें"]
    assert words_of("தமிழ் இலக்கியம்") == ["தமிழ", "இலககியம"]
    # (words in Latin letters, CJK pairs and Thai runs read as they were)
    assert words_of("Kowalski_2024 über-Test") == ["kowalski_2024", "uber", "test"]
    assert words_of("研究报告") == ["研究", "究报", "报告"]


def test_view_the_full_report_is_no_report_s_title() -> None:
    facts = PageFacts(
        "https://state.example.gov.in/hi/report/pmksy-2023",
        titles=("प्रधानमंत्री कृषि सिंचाई योजना का मूल्यांकन प्रतिवेदन, मध्यप्रदेश 2023",),
    )
    assert not facts.is_title("पूर्ण प्रतिवेदन देखें")
    assert facts.is_title("प्रधानमंत्री कृषि सिंचाई योजना का मूल्यांकन प्रतिवेदन 2023")


def test_a_report_labelled_by_its_kind_and_size_in_octets_is_the_record_s_file() -> None:
    # a parliament's report page: "Rapport (format PDF - 2,1 Moctets)" is the report's own
    # file, its summary beside it another document
    title = "Rapport d'information sur la gestion de l'eau dans les territoires ruraux"
    page = (
        f"<html lang='fr'><head><title>{title}</title></head><body><main><h1>{title}</h1>"
        "<ul class='docs'><li><a href='/rap/r23-512/r23-5121.pdf'>Rapport "
        "(format PDF - 2,1 Moctets)</a></li>"
        "<li><a href='/rap/r23-512/r23-512-syn.pdf'>Synthèse du rapport "
        "(format PDF - 412 Koctets)</a></li></ul></main></body></html>"
    )
    found = find_candidates(page, "https://www.senat.example.fr/notice-rapport/2023/r23-512.html")
    assert [c.url for c in found.candidates] == [
        "https://www.senat.example.fr/rap/r23-512/r23-5121.pdf"
    ]
