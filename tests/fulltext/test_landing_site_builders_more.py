"""Research on sites built with content systems and site builders (issue 34, landing96).

landing96 (19 of 24 own files found when scored once on cbf8f8d) held reports of museums,
NGOs and foundations on Drupal, Squarespace and Wix: a Drupal media field typed
"field--type-entity-reference" (no list of references), a button "Read the report", and
a Hebrew button "לקריאה" (to read). The pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._words import button_text

PAGE = "https://www.heritage.example.nl/publicaties/conserveringsrapport-2024-17"
OWN = "https://www.heritage.example.nl/sites/default/files/2024-02/EK-CR-2024-17_def.pdf"


def _kept(page: str, url: str = PAGE) -> list[str]:
    return [c.url for c in find_candidates(page, url).candidates if c.rejected is None]


def _drupal(field_classes: str) -> str:
    return (
        "<html lang='nl'><head><title>Conserveringsrapport 2024-17</title></head><body>"
        "<main><h1>Conserveringsrapport: het altaarstuk van de Sint-Janskerk</h1>"
        f"<div class='{field_classes}'><div class='field__item'>"
        "<article class='media media--type-document'><span class='file file--application-pdf'>"
        f"<a href='{OWN}' type='application/pdf'>Rapport (PDF)</a></span></article>"
        "</div></div></main></body></html>"
    )


def test_a_drupal_media_field_of_entity_references_is_the_record_s() -> None:
    page = _drupal("field field--name-field-rapport field--type-entity-reference field__items")
    assert _kept(page) == [OWN]


def test_a_list_of_references_is_still_one() -> None:
    # (the guard: a block classed as the references holds cited works)
    page = _drupal("field references field__items")
    assert OWN not in _kept(page)


@pytest.mark.parametrize(
    "label", ["Read the report", "Lire le rapport", "Leer el informe", "לקריאה"]
)
def test_a_verb_to_read_and_its_object_is_a_button(label: str) -> None:
    assert button_text(label)


@pytest.mark.parametrize("label", ["Read the full story of our founders", "Report a problem"])
def test_longer_labels_or_other_verbs_stay_labels(label: str) -> None:
    assert not button_text(label)
