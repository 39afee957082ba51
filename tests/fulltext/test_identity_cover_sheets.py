"""A repository's cover sheet with its values indented under their captions (issue 34).

Written after identity76 (written outside the project, scored once on b860c4a): a
repository prints a cover sheet before the deposited article, its fields' captions
("Title", "Creator", "Date", "Type", "URI") each over its value, the values indented. The
sheet is passed over; the article under it is compared with the record. And where the
sheet names the record but the pages under it open with another work's title (a wrong
upload), the file is another work's. The pages are written here; none is copied from a
corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

_RECORD = {
    "title": ["Salinization of coastal aquifers in the Almyros basin, Magnesia"],
    "creator": ["Kouris, Athanasios", "Papathanasiou, Eftychia"],
    "identifier": ["http://repository.example.gr/handle/11615/48907"],
    "type": ["journalArticle"],
}


def _sheet(title: str) -> list[tuple[object, ...]]:
    fields = [
        ("Title", title),
        ("Creator", "Kouris, Athanasios; Papathanasiou, Eftychia"),
        ("Date", "2020"),
        ("Type", "Journal article"),
        ("URI", "http://repository.example.gr/handle/11615/48907"),
    ]
    items: list[tuple[object, ...]] = [
        ("Institutional Repository of Central Greece", 16.0, "Helvetica", 62.0, 790.0),
    ]
    y = 700.0
    for caption, value in fields:
        items.append((caption, 9.5, "Helvetica-Bold", 62.0, y))
        # (a long value runs on over a second line, as the title in two languages does)
        lines = [value] if len(value) < 40 else [value[: len(value) // 2], value[len(value) // 2 :]]
        for line in lines:
            y -= 13.0
            items.append((line.strip(), 10.5, "Helvetica", 82.0, y))
        y -= 24.0
    note = (
        "This item was downloaded from the Institutional Repository of Central Greece and "
        "is made available under the terms chosen by its creator, as the repository's "
        "licence sets them out for every item it holds."
    )
    for i in range(0, len(note), 90):
        y -= 11.0
        items.append((note[i : i + 90], 8.0, "Helvetica", 62.0, y))
    return items


def _article(title: str, authors: str) -> list[tuple[object, ...]]:
    return [
        ("Journal of Hydrogeology of the Eastern Mediterranean 8(1) (2020) 12-19", 8.0),
        (title, 15.0),
        (authors, 11.0),
        ("Department of Environmental Sciences, University of Central Greece", 9.0),
        *body(30),
    ]


OWN_TITLE = "Salinization of coastal aquifers in the Almyros basin, Magnesia"
OTHER_TITLE = "Groundwater nitrate pollution in the Thessaly plain: sources and trends"


def test_a_cover_sheet_with_indented_values_is_passed_over() -> None:
    pdf = make_pdf(
        _sheet(OWN_TITLE), _article(OWN_TITLE, "Athanasios Kouris, Eftychia Papathanasiou")
    )
    assert check_identity(pdf, _RECORD).verdict == "matched"


def test_a_cover_sheet_over_another_work_s_pages_is_another_work() -> None:
    pdf = make_pdf(
        _sheet(OWN_TITLE), _article(OTHER_TITLE, "Athanasios Kouris, Despoina Nikolaidou")
    )
    identity = check_identity(pdf, _RECORD)
    assert identity.verdict == "mismatch"
    assert "cover sheet" in identity.evidence


def test_a_title_page_over_a_section_s_heading_stays_the_work_s() -> None:
    # (the guard: the pages under the sheet open with a section of the work, no title)
    pdf = make_pdf(_sheet(OWN_TITLE), _article("Non-technical summary", ""))
    assert "cover sheet" not in check_identity(pdf, _RECORD).evidence
