"""Identity: a congress abstract as its abstract book prints it (identity56, after its scoring).

The record of a congress abstract (type ``conferenceObject``, ``Abstract``, with its own
DOI), and its one page from the congress's supplement: the session's label over the title
("2315 | Poster"), a structured abstract ("Background: ...", "Methods: ..."), a copyright
line at the page's foot that the text layer reads before the title. Three readings had it
refused or undecided:

- the label "Poster" read as the document's kind, a poster: a poster is a sheet of a
  poster's size; on a page of ordinary size the label names the session;
- the abstract's labelled paragraphs read as a cover sheet's fields;
- the copyright line at the foot read as a header over the title.

The guards: a poster's sheet is still no abstract's file; a cover sheet of fields is still
passed over; the next abstract of the session is still refused. Small PDFs made here
(reportlab).
"""

from __future__ import annotations

import io

import pytest

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._docfacts import facts_of
from politeharvest.fulltext._pdflayout import read_layout

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from reportlab.pdfgen import canvas

TITLE = "Bedside lung ultrasound for community-acquired pneumonia in rural Zambian children"
DOI = "10.5555/irc.2023.4107"
SOURCE = "International Respiratory Congress Abstracts 2023; 62: Suppl. 67, 4107"

SECTIONS = [
    (
        "Background: Chest radiographs are rarely available in rural hospitals, and clinicians",
        "treat children with cough and fast breathing on the clinical signs alone.",
    ),
    (
        "Methods: We enrolled children aged two to fifty-nine months at three district",
        "hospitals; nurses performed the scans after a short course of training.",
    ),
    (
        "Results: Of the 388 children enrolled, 161 had pneumonia on the radiograph, and",
        "the scans found it in most of them with few false alarms among the rest.",
    ),
    (
        "Conclusions: Bedside scans by trained nurses are accurate for pneumonia in the",
        "young children of district hospitals where no radiograph can be taken.",
    ),
]


def _record(kind: str = "Abstract") -> RecordHints:
    return RecordHints.from_metadata(
        {
            "title": [TITLE],
            "creator": ["Mwale, Chanda", "Tembo, Grace", "Okello, James"],
            "date": ["2023"],
            "type": ["info:eu-repo/semantics/conferenceObject", kind],
            "identifier": [f"https://doi.org/{DOI}"],
            "source": [SOURCE],
        }
    )


def _abstract(
    *,
    label: str = "4107 | Poster",
    title: str = TITLE,
    doi: str = DOI,
    size: tuple[float, float] = (595, 842),
    sections: list[tuple[str, str]] = SECTIONS,
) -> bytes:
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=size, invariant=1)
    top = size[1]
    pdf.setFont("Helvetica", 9)
    pdf.drawString(50, top - 27, SOURCE)
    # written before the title, set at the page's foot
    pdf.setFont("Helvetica", 7)
    pdf.drawString(50, 35, "Copyright (c) the authors 2023")
    pdf.setFont("Helvetica", 9)
    pdf.drawString(50, top - 65, label)
    pdf.setFont("Helvetica", 8.5)
    pdf.drawString(50, top - 79, "Session: Paediatric respiratory infections")
    pdf.setFont("Helvetica-Bold", 14)
    pdf.drawString(50, top - 102, title[:60])
    pdf.drawString(50, top - 120, title[60:])
    pdf.setFont("Helvetica", 10)
    pdf.drawString(50, top - 144, "Chanda Mwale1, Grace Tembo1, James Okello2")
    pdf.setFont("Helvetica", 8)
    pdf.drawString(50, top - 158, "1Department of Paediatrics, Chipata General Hospital, Zambia")
    pdf.drawString(50, top - 169, "2School of Public Health, Makerere University, Kampala, Uganda")
    y = top - 194
    pdf.setFont("Helvetica", 10.2)
    for first, second in sections:
        pdf.drawString(50, y, first)
        pdf.drawString(50, y - 14, second)
        y -= 36
    pdf.setFont("Helvetica", 8)
    pdf.drawString(50, y - 20, f"Cite this article as: {SOURCE}.")
    pdf.drawString(50, y - 32, f"DOI: {doi}")
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def test_the_congress_abstract_under_its_session_label_is_the_record_s() -> None:
    identity = check_identity(_abstract(), _record())
    assert identity.verdict == "matched", identity


def test_a_poster_s_sheet_is_still_no_abstract() -> None:
    # the same words on a sheet of A1: the poster presented, not the abstract
    identity = check_identity(_abstract(size=(1684, 2384)), _record())
    assert identity.verdict != "matched", identity


def test_the_next_abstract_of_the_session_is_still_refused() -> None:
    other = "Lung ultrasound findings in children with severe acute malnutrition in Zambia"
    identity = check_identity(_abstract(title=other, doi="10.5555/irc.2023.4108"), _record())
    assert identity.verdict == "mismatch", identity


def test_labelled_paragraphs_are_sections_not_a_cover_sheet_s_fields() -> None:
    layout = read_layout(_abstract(), max_pages=2)
    assert layout is not None
    assert facts_of(layout).skipped == ()


def test_a_cover_sheet_of_fields_is_still_passed_over() -> None:
    fields = [
        (
            "Title: Bedside lung ultrasound for community-acquired pneumonia",
            "in rural Zambian children",
        ),
        ("Author(s): Mwale, Chanda; Tembo, Grace; Okello, James", "Zambia"),
        ("Source: International Respiratory Congress Abstracts 2023", "Suppl. 67"),
        ("Published by: International Respiratory Society", "Lausanne"),
        ("Stable URL: https://repository.example.org/handle/123/4107", "Accessed 2024"),
    ]
    layout = read_layout(_abstract(sections=fields), max_pages=2)
    assert layout is not None
    assert facts_of(layout).skipped == ("cover sheet",)
