"""Short titles: the record's, another document's, and a file's name with its size (issue 34).

Each class with its guard (landing41, after its scoring):

- a short text with a few of the title's words and a word of its own in place of one of
  them ("Note du troisième trimestre 2023" beside the record "Note d'information sur ...
  au quatrième trimestre 2023") is another document's short title; words before or after
  the title's (a series' label, "(Gesamtbericht)") make none;
- the title's opening words and a bracketed qualifier ("Note d'information (version
  française)") name the record's file;
- a link's text that is a file's name followed by its size ("(2023-PR-41) 1인가구
  주거빈곤_최종.pdf [4.12 MB]") is a file's label, no document's title.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import PageFacts
from politeharvest.fulltext._words import BAD_TEXT, button_text, names_document

NOTE = "Note d'information sur la situation du marché du travail au quatrième trimestre 2023"
DOCMAN = "https://www.example-plan.ma/index.php?option=com_docman&task=doc_download&Itemid=73&gid="


@pytest.mark.parametrize(
    ("text", "title", "own"),
    [
        ("Note du troisième trimestre 2023", NOTE, False),  # another quarter's
        ("Note d'information", NOTE, True),  # the title's opening, short
        ("Note d'information (version française)", NOTE, True),
        ("Note méthodologique de l'Enquête nationale sur l'emploi", NOTE, False),
        (
            "IHK-Studie: Digitalisierungsumfrage 2024 (Gesamtbericht)",
            "Digitalisierungsumfrage 2024: Wie digital ist die oberbayerische Wirtschaft? "
            "- IHK München",
            True,  # words before and after the title's: a label, not another title
        ),
    ],
)
def test_the_record_s_short_title_and_another_s(text: str, title: str, own: bool) -> None:
    assert PageFacts("https://example.org/p", titles=(title,)).names_own(text) is own


def _docman_page() -> str:
    rows = "".join(
        f"<tr><td><img src='/components/com_docman/icons/pdf.png' alt=''> "
        f"<a href='{DOCMAN}{gid}'>{label}</a></td><td>{size}</td></tr>"
        for gid, label, size in (
            (4127, "Note d'information (version française)", "412.33 Kb"),
            (4130, "Tableaux statistiques T4-2023", "88.10 Kb"),
        )
    )
    return (
        f"<html lang='fr'><head><title>{NOTE} - HCP</title></head><body><main>"
        f"<h1>{NOTE}</h1><table>{rows}</table>"
        f"<p>Voir aussi : <a href='{DOCMAN}4015'>Note du troisième trimestre 2023</a></p>"
        "</main></body></html>"
    )


def test_a_docman_table_s_short_title_is_the_record_s_file() -> None:
    found = find_candidates(_docman_page(), "https://www.example-plan.ma/note-t4-2023")
    assert [c.url for c in found.candidates] == [f"{DOCMAN}4127"]


@pytest.mark.parametrize(
    ("label", "titled"),
    [
        ("(2023-PR-41) 1인가구 주거빈곤_최종.pdf <span>[4.12 MB]</span>", False),
        ("Jahresbericht_2023_final.pdf (2,4 MB)", False),
        ("Jahresbericht der Stiftung für das Jahr 2023", True),
    ],
)
def test_a_file_s_name_with_its_size_names_no_document(label: str, titled: bool) -> None:
    anchor = BeautifulSoup(f"<a href='/f'>{label}</a>", "html.parser").a
    assert anchor is not None
    assert (names_document(anchor) is not None) is titled


# -- after the red team (redteam8L) and landing42 ------------------------------------------


@pytest.mark.parametrize(
    ("text", "own"),
    [
        ("Informe de Sostenibilidad (2021)", False),  # another year's, in brackets
        ("Informe de Sostenibilidad (edición 2022)", False),
        ("Informe de Sostenibilidad (versión en inglés)", False),  # words of its own
    ],
)
def test_a_qualifier_with_a_number_or_words_of_its_own_is_no_version(text: str, own: bool) -> None:
    facts = PageFacts(
        "https://example.org/p", titles=("Informe de Sostenibilidad 2023 de Aguas del Valle",)
    )
    assert facts.names_own(text) is own


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Rapport annuel (synthèse)", True),
        ("Synthese du rapport", True),
        ("Преузмите текст одлуке (PDF)", False),
    ],
)
def test_a_summary_in_french_and_a_serbian_download_button(text: str, kind: bool) -> None:
    assert (BAD_TEXT.search(text) is not None) is kind
    if not kind:
        assert button_text(text)
