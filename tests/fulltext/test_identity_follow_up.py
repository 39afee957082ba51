"""Identity: a later work on the record's subject, and a report's summary (identity60).

identity60 (3 of 33 other documents matched when scored once on 855135f):

- a follow-up article by another author, its title nearly the record's, whose first
  sentence names the record's author as the one it follows ("When N. Chr. Kjærgaard gave
  his survey in 1923 ..."): the record's author named in a sentence of the text is cited
  there, and the byline's other name decides; the guard: an own file whose author's name
  stands in a line of names is still matched;
- a report's summary published apart, "Summary Report" under the report's title on its
  cover: a summary, not the report; the guard: a record titled as the summary report.

And identity59 (own files refused when scored once on 855135f): a retraction notice, the
record's own kind, cites the retracted work with that work's DOI under its title; the
notice's own DOI stands in its running head. The guard: the retracted article is still not
its notice.

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


WORK = "Curcumin nanoparticles attenuate cisplatin nephrotoxicity in rats"
NOTICE = RecordHints.from_metadata(
    {
        "title": [f"Retraction Note: {WORK}"],
        "creator": ["Elsayed, Mahmoud A.", "Kamel, Omar S."],
        "date": ["2023"],
        "type": ["info:eu-repo/semantics/article", "Retraction"],
        "identifier": ["https://doi.org/10.5555/jevp.2023.0214"],
    }
)


def _notice() -> bytes:
    """A retraction notice: its label and title, the retracted work's citation under them,
    and its own DOI in the running head, written last at the page's top."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=(595, 842), invariant=1)
    rows = [
        ("RETRACTION NOTE", 9.0),
        (f"Retraction Note: {WORK}", 15.0),
        ("Mahmoud A. Elsayed and Omar S. Kamel", 10.0),
        (
            "Retraction Note: J Exp Vet Pharmacol 21, 87 (2019) "
            "https://doi.org/10.5555/jevp.2019.0087",
            8.5,
        ),
        *body(12),
    ]
    y = 760.0
    for text, size in rows:
        pdf.setFont("Helvetica", size)
        pdf.drawString(50, y, text)
        y -= size * 1.6
    pdf.setFont("Helvetica", 7.5)
    pdf.drawString(
        50,
        810,
        "Elsayed et al. J Exp Vet Pharmacol (2023) 25:214 https://doi.org/10.5555/jevp.2023.0214",
    )
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def test_a_notice_citing_the_work_it_retracts_under_its_title_is_the_notice() -> None:
    # identity59: the retracted article's DOI in the citation under the notice's title is
    # the work's; the notice's own, the record's, stands in its running head
    assert check_identity(_notice(), NOTICE).verdict == "matched"


def test_the_retracted_article_is_still_not_its_notice() -> None:
    pdf = make_pdf(
        [
            ("J Exp Vet Pharmacol 21 (2019) 87-96    https://doi.org/10.5555/jevp.2019.0087", 8.0),
            (WORK, 16.0),
            ("Mahmoud A. Elsayed and Omar S. Kamel", 10.0),
            *body(40),
        ],
        body(40),
    )
    assert check_identity(pdf, NOTICE).verdict != "matched"
