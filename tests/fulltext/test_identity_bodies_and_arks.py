"""An ARK's authority number, sibling names that open alike, another body's same title.

Written after landing100 and identity83 (written outside the project, scored once on
932a506):
- a national library's page ``ark:/12148/bpt6k7634521q.item`` read the ARK's naming
  authority's number (12148, on every object the library names) as the record's id, so
  another issue's PDF (``ark:/12148/bpt6k716264d/f1n8.pdf``) carried "the record's id", was
  tried as a strong candidate and stored (its title block, the newspaper's name, was the
  record's title): the one wrong file of that round. The object's name is the record's id;
  the authority's number is none.
- the same centre's report on another river ("Дністер" for "Дніпро") was matched: the two
  names, 0.62 alike as letters, were read as one word spelt two ways; less the opening they
  share, their letters are unlike.
- a region's "Regional Biodiversity Action Plan 2021-2030" was matched to another region's
  record of the same title: the cover names "SOUTH AEGEAN REGIONAL AUTHORITY" where the
  record's creator is the North Aegean's.
The pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity
from politeharvest.fulltext._identity import _unlike
from politeharvest.fulltext._landing import find_candidates

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

GALLICA = "https://gallica.example.fr/ark:/12148"


def test_an_arks_authority_number_is_no_records_id() -> None:
    page = (
        "<html><head><title>Le Petit journal (Paris. 1863) 1898-03-12</title></head><body>"
        "<h1>Le Petit journal</h1><p>12 mars 1898</p><ul>"
        f"<li><a href='{GALLICA}/bpt6k7634521q/f1n4.pdf?download=1'>Télécharger le document "
        "complet (PDF, 4 vues, 9,2 Mo)</a></li></ul><h2>Voir aussi</h2><ul>"
        f"<li><a href='{GALLICA}/bpt6k716264d.item'>Le Petit journal. Supplément du dimanche, "
        f"13 mars 1898</a> · <a href='{GALLICA}/bpt6k716264d/f1n8.pdf?download=1'>PDF</a></li>"
        "</ul></body></html>"
    )
    found = find_candidates(page, f"{GALLICA}/bpt6k7634521q.item").candidates
    assert found[0].url == f"{GALLICA}/bpt6k7634521q/f1n4.pdf?download=1"
    assert "bpt6k7634521q" in found[0].evidence
    other = [c for c in found if "bpt6k716264d" in c.url]
    assert all(not c.strong and "12148" not in c.evidence for c in other)


@pytest.mark.parametrize(
    ("a", "b", "unlike"),
    [
        ("дніпро", "дністер", True),  # two rivers
        ("modelling", "modeling", False),  # one word, two spellings
        ("dynamlcs", "dynamics", False),  # a letter misread
        ("дніпра", "дніпро", False),  # one name, two cases
    ],
)
def test_words_opening_alike_and_going_on_otherwise_are_two_words(
    a: str, b: str, unlike: bool
) -> None:
    assert _unlike(a, b) is unlike


_PLAN = {
    "title": ["Regional Biodiversity Action Plan 2021-2030"],
    "creator": ["North Aegean Regional Authority. Directorate of Environment"],
    "type": ["Text"],
}


def _plan(authority: str) -> bytes:
    return make_pdf(
        [
            (authority, 12.0),
            ("DIRECTORATE OF ENVIRONMENT", 11.0),
            ("Regional Biodiversity Action Plan", 20.0),
            ("2021–2030", 20.0),
            ("Mytilene, May 2021", 10.0),
        ],
        [("Executive summary", 14.0), *body(40)],
        [*body(50)],
    )


def test_another_bodys_document_under_the_same_title_is_not_the_records() -> None:
    identity = check_identity(_plan("SOUTH AEGEAN REGIONAL AUTHORITY"), _PLAN)
    assert identity.verdict == "mismatch", identity.evidence
    assert "south" in identity.evidence


def test_the_records_own_body_on_its_cover_is_the_records() -> None:
    identity = check_identity(_plan("NORTH AEGEAN REGIONAL AUTHORITY"), _PLAN)
    assert identity.verdict != "mismatch", identity.evidence
