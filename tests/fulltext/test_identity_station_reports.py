"""Identity: initials in a byline, another institute of the same council, a volume's contents.

Written after identity91 (agricultural research stations and extension services, written
outside the project, scored once on ec44f88), where three foreign documents were matched:
- another team's article whose title opens with the record's whole title ("Biological
  control of Phytophthora foot rot of black pepper: screening of ...") under the byline
  "M. Anandaraj, S. Nisha and R. Praveena": seven words with "and", so read as a line of
  prose and no byline; the names are four words, the rest initials;
- another institute's "Annual Report 2020-21" for the record of a sister institute's: the
  creator "ICAR-Central Inland Fisheries Research Institute" (five capitalised words) was
  read as a person's name, and the cover's "ICAR - Central Research Institute for Dryland
  Agriculture" names the council's frame in another order;
- a proceedings volume (a cover, then a page of contents whose entries run over two lines,
  title, authors and page) for the record of one paper in it, the file shorter than the
  pages its contents list.
The documents are written here; none is copied from the corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity
from politeharvest.fulltext._identity import _corporate

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

PEPPER = {
    "title": ["Biological control of Phytophthora foot rot of black pepper"],
    "creator": ["Bhai, R. Suseela", "Thomas, Lijo", "Jeevalatha, A."],
    "date": ["2020"],
    "type": ["info:eu-repo/semantics/article"],
}


def _pepper(byline: str) -> bytes:
    return make_pdf(
        [
            ("Indian Phytopathology Vol. 71 (3): 401-409 (2018)", 7.5),
            ("Biological control of Phytophthora foot rot of black pepper:", 14.0),
            ("screening of rhizosphere actinomycetes under greenhouse", 14.0),
            ("conditions", 14.0),
            (byline, 10.5),
            ("ICAR-Indian Institute of Spices Research, Kozhikode", 8.5),
            ("Abstract", 10.5),
            *body(30),
        ],
        body(40),
    )


def test_three_names_with_initials_and_and_are_a_byline() -> None:
    identity = check_identity(_pepper("M. Anandaraj, S. Nisha and R. Praveena"), PEPPER)
    assert identity.verdict == "mismatch", identity.evidence
    assert "anandaraj" in identity.evidence.lower()


def test_the_records_authors_so_written_are_its_byline() -> None:
    identity = check_identity(_pepper("R. S. Bhai, L. Thomas and A. Jeevalatha"), PEPPER)
    assert identity.verdict == "matched", identity.evidence


@pytest.mark.parametrize(
    ("creator", "body_"),
    [
        ("ICAR-Central Inland Fisheries Research Institute", True),
        ("CSIR-National Botanical Research Institute", True),
        ("Jean-Pierre Dupont", False),
        ("DUPONT-MOREAU Anne", False),
        ("Anne Dupont-Moreau", False),
    ],
)
def test_an_acronym_joined_to_a_word_names_a_body(creator: str, body_: bool) -> None:
    assert _corporate(creator) is body_


REPORT = {
    "title": ["Annual Report 2020-21"],
    "creator": ["ICAR-Central Inland Fisheries Research Institute"],
    "date": ["2021"],
    "type": ["Annual Report"],
}


def _report(institute: str) -> bytes:
    return make_pdf(
        [
            ("ANNUAL REPORT 2020-21", 24.0),
            (institute, 12.0),
            ("Hyderabad 500059", 10.0),
        ],
        [("Executive Summary", 14.0), *body(40)],
        body(45),
    )


def test_another_institute_of_the_council_is_another_bodys_report() -> None:
    identity = check_identity(
        _report("ICAR - Central Research Institute for Dryland Agriculture, Santoshnagar"), REPORT
    )
    assert identity.verdict == "mismatch", identity.evidence
    assert "dryland" in identity.evidence


def test_the_records_own_institute_on_the_cover_is_not_refused() -> None:
    identity = check_identity(
        _report("ICAR - Central Inland Fisheries Research Institute, Barrackpore"), REPORT
    )
    assert identity.verdict != "mismatch", identity.evidence


MILLET = (
    "Genetic variability and heritability for yield traits in finger millet "
    "(Eleusine coracana (L.) Gaertn.) germplasm"
)
PAPER = {
    "title": [MILLET],
    "creator": ["Kumsa, Tesfaye", "Dessalegn, Kebede", "Nepir, Gudeta"],
    "date": ["2021"],
    "type": ["Conference Paper"],
}


def _paper_page() -> list[tuple[object, ...]]:
    return [
        ("Genetic variability and heritability for yield traits in finger millet", 14.0),
        ("(Eleusine coracana (L.) Gaertn.) germplasm", 14.0),
        ("Tesfaye Kumsa, Kebede Dessalegn and Gudeta Nepir", 10.5),
        ("Bako Agricultural Research Center, Bako, Ethiopia", 9.0),
        ("Abstract", 10.5),
        *body(30),
    ]


def test_a_volume_opening_with_its_contents_is_not_one_papers() -> None:
    volume = make_pdf(
        [
            ("PROCEEDINGS", 24.0),
            ("Proceedings of the 9th Biennial Conference of the Crop", 16.0),
            ("Science Society of Ethiopia, 12-13 April 2021, Addis Ababa", 16.0),
        ],
        [
            ("Contents", 14.0),
            ("Genetic variability and heritability for yield traits in finger millet", 10.0),
            ("(Eleusine coracana (L.) Gaertn.) germplasm - Tesfaye Kumsa and Gudeta Nepir 3", 10.0),
            ("Participatory variety selection of food barley in the highlands of West", 10.0),
            ("Shewa - Berhanu Bekele and Tesfaye Kumsa 9", 10.0),
            ("Effect of NPS fertilizer rates on yield of teff in Ada'a district - Hailu", 10.0),
            ("Gebre and Abebe Fikre 15", 10.0),
        ],
        _paper_page(),
        body(40),
    )
    identity = check_identity(volume, PAPER)
    assert identity.verdict == "mismatch", identity.evidence
    assert identity.kind == "compilation"


def test_the_papers_own_pages_are_its_own() -> None:
    identity = check_identity(make_pdf(_paper_page(), body(40)), PAPER)
    assert identity.verdict == "matched", identity.evidence
