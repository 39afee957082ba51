"""A volume's title page in front of one of its papers: the paper's own first page decides.

An extract of a proceedings volume or an edited book opens with the volume's title page (its
title set large, its editors, its publisher and ISBN, "Extract: pages 211-224"): no sentence,
no DOI of its own, over forty words, so it is not passed over as a cover. Its title block is
the volume's, not the record's; the record's paper follows on the next page. Small PDFs made
here; the first case fails on the code before the rule.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import AUTHORS, TITLE, Item, body, make_pdf

RECORD = {
    "title": [TITLE],
    "creator": ["Karaman, Elif", "Brenner, Tobias"],
    "date": ["2022"],
    "type": ["info:eu-repo/semantics/conferenceObject"],
    "source": ["Proceedings of the 9th Coastal Symposium, pp. 211-224"],
}

VOLUME: list[Item] = [
    ("PROCEEDINGS OF THE NINTH COASTAL SYMPOSIUM ON ESTUARIES AND LAGOONS", 15.0),
    ("Varna, 24-26 November 2021", 11.0),
    ("Estuaries under pressure: water, sediment and people", 17.0),
    ("Edited by Krasimir Petrov, Albena Dimitrova and Elena Stoyanova", 10.0),
    ("Varna University Press (example), 2022 · ISBN 978-954-9332-55-1", 9.0),
    ("Extract: pages 211-224", 9.0),
]


def _paper(title: str = TITLE, authors: str = AUTHORS) -> list[Item]:
    return [("Proceedings of the 9th Coastal Symposium (2022) 211", 7.5), (title, 16.0),
            (authors, 10.5), ("Abstract", 10.0), *body()]  # fmt: skip


def test_the_paper_behind_its_volumes_title_page_is_matched() -> None:
    identity = check_identity(make_pdf(VOLUME, _paper()), RECORD)
    assert identity.verdict == "matched", identity.evidence
    assert "behind a title page" in identity.evidence


def test_another_paper_behind_the_title_page_is_still_refused() -> None:
    other = _paper("Benthic foraminifera as indicators of hypoxia in the Varna lakes", "Ivan Kolev")
    assert check_identity(make_pdf(VOLUME, other), RECORD).verdict == "mismatch"


def test_a_first_page_with_text_is_no_title_page() -> None:
    # a foreword of the volume (sentences) in front of the paper: a document, not a title page
    foreword = [*VOLUME[:3], ("Foreword", 12.0), *body(30)]
    identity = check_identity(make_pdf(foreword, _paper()), RECORD)
    assert identity.verdict != "matched", identity.evidence
