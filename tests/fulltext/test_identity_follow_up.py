"""Identity: a later work on the record's subject, and a report's summary (identity60).

identity60 (3 of 33 other documents matched when scored once on 855135f):

- a follow-up article by another author, its title nearly the record's, whose first
  sentence names the record's author as the one it follows ("When N. Chr. Kjærgaard gave
  his survey in 1923 ..."): the record's author named in a sentence of the text is cited
  there, and the byline's other name decides; the guard: an own file whose author's name
  stands in a line of names is still matched;
- a report's summary published apart, "Summary Report" under the report's title on its
  cover: a summary, not the report; the guard: a record titled as the summary report.

Small PDFs made here (reportlab).
"""

from __future__ import annotations

import io

import pytest

from politeharvest.fulltext import RecordHints, check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from reportlab.pdfgen import canvas

from tests.fulltext.test_identity_layout import body, make_pdf

TITLE = "The development of farming on the western heathlands"
RECORD = RecordHints.from_metadata(
    {
        "title": [TITLE],
        "creator": ["Kjærgaard, Niels Christian"],
        "date": ["1923"],
        "type": ["info:eu-repo/semantics/article"],
    }
)


def _follow_up(byline: str, opening: str) -> bytes:
    return make_pdf(
        [
            ("YEARBOOK OF WESTERN HEATHLAND CULTURE 1951", 7.5),
            ("The development of farming on the western heathlands 1920-1950", 16.0),
            (byline, 9.5),
            (opening, 9.6),
            ("the heathlands, the reclamation of the moors was still in full swing, and", 9.6),
            *body(20),
        ]
    )


def test_the_record_s_author_cited_in_a_sentence_is_not_the_follow_up_s_author() -> None:
    pdf = _follow_up(
        "By Poul Morup Hansen, consultant, Ringkobing.",
        "When N. Chr. Kjærgaard gave his survey of farming in this yearbook for 1923 on",
    )
    identity = check_identity(pdf, RECORD)
    assert identity.verdict == "mismatch", identity
    assert "byline" in identity.evidence


def test_the_record_s_author_in_a_line_of_names_is_still_its_author() -> None:
    # a line of names with particles is set like prose (no byline is read under the title):
    # the record's author found in it still counts, and no other name is against it
    pdf = make_pdf(
        [
            ("YEARBOOK OF WESTERN HEATHLAND CULTURE 1923", 7.5),
            (TITLE, 16.0),
            ("Hans de Vries, Pieter van den Berg en Niels Christian Kjærgaard", 9.5),
            *body(40),
        ],
        body(40),
    )
    assert check_identity(pdf, RECORD).verdict == "matched"


REPORT = "Rural services in the Western Isles: access, cost and change"


def _cover(label: str) -> bytes:
    """A report's cover (its title, a label under it, the body at the foot), then its text
    under a running head of the title and the label."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=(595, 842), invariant=1)
    pdf.setFont("Helvetica", 24)
    pdf.drawString(50, 740, "Rural Services in the Western Isles:")
    pdf.drawString(50, 710, "Access, Cost and Change")
    pdf.setFont("Helvetica", 14)
    pdf.drawString(50, 663, label)
    pdf.setFont("Helvetica", 12)
    pdf.drawString(50, 129, "WESTERN ISLES RURAL FORUM")
    pdf.setFont("Helvetica", 10)
    pdf.drawString(50, 112, "in association with the Hebridean Policy Research Unit")
    pdf.drawString(50, 88, "June 1996")
    pdf.showPage()
    pdf.setFont("Helvetica", 8)
    pdf.drawString(191, 788, f"Rural Services in the Western Isles: {label}")
    pdf.setFont("Helvetica", 15)
    pdf.drawString(64, 754, "Summary")
    pdf.setFont("Helvetica", 10)
    for n, (line, _) in enumerate(body(40)):
        pdf.drawString(64, 726 - 14 * n, line)
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def test_a_report_s_summary_report_is_not_the_report() -> None:
    record = RecordHints.from_metadata(
        {
            "title": [REPORT],
            "creator": ["Western Isles Rural Forum"],
            "date": ["1996"],
            "type": ["info:eu-repo/semantics/report"],
        }
    )
    identity = check_identity(_cover("Summary Report"), record)
    assert identity.verdict == "mismatch", identity
    assert identity.kind == "summary"


def test_a_record_titled_as_the_summary_report_takes_it() -> None:
    record = RecordHints.from_metadata(
        {
            "title": [f"{REPORT}: summary report"],
            "creator": ["Western Isles Rural Forum"],
            "date": ["1996"],
            "type": ["info:eu-repo/semantics/report"],
        }
    )
    assert check_identity(_cover("Summary Report"), record).verdict != "mismatch"
