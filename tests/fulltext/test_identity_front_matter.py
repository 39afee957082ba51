"""A whole work's front matter read as the work's (identity45, after its scoring).

- A thesis opens with its title page, then its supervisor's certificate ("CERTIFICATE: This
  is to certify that the thesis entitled ..."): the page after a title page carrying the
  record's title is the work's front matter, not a letter about it. The guards: a
  certificate published apart (no title page before it) is still a letter, and an
  article's record still refuses one after a title page.
- A reproduction service's notice before a title page set in one size throughout, its title
  a line of it (identity88): the title page decides when it names the record's author.
- (An OCR's look-alike letters: tests/quality/test_one_script.py.)

PDFs made here with reportlab; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

TITLE = (
    "Assessment of groundwater quality and its suitability for irrigation in the Ken basin of "
    "Madhya Pradesh"
)
THESIS = {
    "title": [TITLE],
    "creator": ["Sharma, Priya"],
    "date": ["2019"],
    "type": ["thesis"],
    "identifier": ["http://hdl.handle.net/10603/998877"],
}
TITLE_PAGE = [
    # (set as a title page is: its title's lines close together, the rest spaced below)
    ("ASSESSMENT OF GROUNDWATER QUALITY AND ITS", 16.0, "Helvetica-Bold", 90.0, 760.0),
    ("SUITABILITY FOR IRRIGATION IN THE KEN BASIN", 16.0, "Helvetica-Bold", 90.0, 741.0),
    ("OF MADHYA PRADESH", 16.0, "Helvetica-Bold", 90.0, 722.0),
    ("A THESIS SUBMITTED FOR THE AWARD OF THE DEGREE OF", 11.0, "Helvetica", 90.0, 640.0),
    ("DOCTOR OF PHILOSOPHY IN ENVIRONMENTAL SCIENCE", 11.0, "Helvetica", 90.0, 620.0),
    ("By", 11.0, "Helvetica", 90.0, 560.0),
    ("PRIYA SHARMA", 12.0, "Helvetica", 90.0, 540.0),
    ("Under the Supervision of Dr. R. K. VERMA", 11.0, "Helvetica", 90.0, 480.0),
    ("REGIONAL UNIVERSITY, JHANSI (M.P.)", 10.0, "Helvetica", 90.0, 300.0),
    ("2019", 11.0, "Helvetica", 90.0, 280.0),
]
# (the same title page set with its lines spaced apart, as a typewriter's: read as a page
# passed over before the first page of text, the certificate's)
SPACED_TITLE_PAGE = [
    ("ASSESSMENT OF GROUNDWATER QUALITY AND ITS", 16.0),
    ("SUITABILITY FOR IRRIGATION IN THE KEN BASIN", 16.0),
    ("OF MADHYA PRADESH", 16.0),
    ("A THESIS", 12.0),
    ("SUBMITTED FOR THE AWARD OF THE DEGREE OF", 11.0),
    ("DOCTOR OF PHILOSOPHY", 14.0),
    ("IN ENVIRONMENTAL SCIENCE", 12.0),
    ("By", 11.0),
    ("PRIYA SHARMA", 12.0),
    ("Under the Supervision of", 11.0),
    ("Dr. R. K. VERMA", 11.0),
    ("REGIONAL UNIVERSITY, JHANSI (M.P.)", 10.0),
    ("2019", 11.0),
]
# (the certificate quotes the title as its supervisor typed it: "Ground Water", "M.P.")
CERTIFICATE = [
    ("CERTIFICATE", 18.0),
    (
        "This is to certify that the thesis entitled \u201cAssessment of Ground Water Quality and",
        11.0,
    ),
    ("its Suitability for Irrigation in the Ken Basin of M.P.\u201d submitted by Ms. Priya", 11.0),
    ("Sharma for the award of the degree of Doctor of Philosophy in Environmental Science", 11.0),
    ("is a record of bonafide research work carried out by her under my supervision.", 11.0),
    ("The work has not been submitted elsewhere for any degree.", 11.0),
    ("(Dr. R. K. Verma)", 11.0),
    ("Supervisor", 11.0),
]
DECLARATION = [
    ("DECLARATION", 18.0),
    ("I hereby declare that the work presented in this thesis is original and has been", 11.0),
    ("carried out by me under the supervision of Dr. R. K. Verma.", 11.0),
    ("(Priya Sharma)", 11.0),
]


def _judge(metadata: dict[str, list[str]], pdf: bytes) -> str:
    return check_identity(pdf, RecordHints.from_metadata(metadata)).verdict


def test_a_certificate_after_the_theses_title_page_is_its_front_matter() -> None:
    # (not refused: its title page, passed over, is read as the work's; how surely it is
    # the record's is the title page's to say)
    pdf = make_pdf(SPACED_TITLE_PAGE, CERTIFICATE, DECLARATION, body(40))
    assert _judge(THESIS, pdf) != "mismatch"


def test_a_certificate_published_apart_is_still_a_letter() -> None:
    pdf = make_pdf(CERTIFICATE, body(40))
    assert _judge(THESIS, pdf) == "mismatch"


def test_an_articles_record_still_refuses_a_certificate_after_a_title_page() -> None:
    article = {**THESIS, "type": ["info:eu-repo/semantics/article"]}
    pdf = make_pdf(SPACED_TITLE_PAGE, CERTIFICATE, DECLARATION, body(40))
    assert _judge(article, pdf) == "mismatch"


# -- front matter before the title page (identity46, after its scoring) ----------------------

ORIGINALITY = [
    ("Acknowledgement of Country", 16.0),
    (
        "I acknowledge the Traditional Custodians of the land on which this thesis was written,",
        11.0,
    ),
    ("and pay my respects to Elders past and present.", 11.0),
    ("Statement of originality", 14.0),
    ("This thesis is my own original work, except where otherwise acknowledged. It has not", 11.0),
    ("been submitted for a degree at any other university.", 11.0),
]


def test_a_theses_title_page_after_its_front_matter_decides() -> None:
    pdf = make_pdf(ORIGINALITY, TITLE_PAGE, body(40))
    assert _judge(THESIS, pdf) == "matched"
    pdf = make_pdf(DECLARATION, TITLE_PAGE, body(40))
    assert _judge(THESIS, pdf) == "matched"


def test_an_articles_record_reads_no_page_before_its_first() -> None:
    article = {**THESIS, "type": ["info:eu-repo/semantics/article"]}
    assert _judge(article, make_pdf(DECLARATION, TITLE_PAGE, body(40))) != "matched"


# -- a reproduction's notice before a title page set in one size (identity88, after its
# scoring) ---------------------------------------------------------------------------------

NOTICE = [
    ("ProQuest Number: 10151234", 10.3),
    ("All rights reserved", 10.3),
    ("INFORMATION TO ALL USERS", 9.4),
    ("The quality of this reproduction is dependent upon the quality of the", 8.9),
    ("copy submitted. In the unlikely event that the author did not send a", 8.9),
    ("complete manuscript and there are missing pages, these will be noted.", 8.9),
    ("ProQuest 10151234", 11.3),
    ("Published by ProQuest LLC (2016). Copyright of the Dissertation is held by the Author.", 8.4),
    ("All rights reserved.", 8.4),
    ("ProQuest LLC.", 8.4),
    ("789 East Eisenhower Parkway", 8.4),
]


DISSERTATION = {
    "title": ["Essays on household debt and consumption after the Great Recession"],
    "creator": ["Whitaker, Daniel R."],
    "date": ["2016"],
    "type": ["Dissertation"],
}


def _one_size_title_page(author: str) -> list[tuple[str, float]]:
    return [
        ("CASCADIA STATE UNIVERSITY", 11.0),
        ("Essays on Household Debt and Consumption after the Great Recession", 11.0),
        ("A dissertation submitted in partial satisfaction of the", 11.0),
        ("requirements for the degree Doctor of Philosophy", 11.0),
        ("in", 11.0),
        ("Economics", 11.0),
        ("by", 11.0),
        (author, 11.0),
        ("Committee in charge:", 11.0),
        ("Professor Helen Marsh, Chair", 11.0),
        ("2016", 11.0),
    ]


def test_a_title_page_in_one_size_after_a_reproductions_notice_decides() -> None:
    """A dissertation as a reproduction service sends it: its notice, then a title page set
    in one size throughout, the title a line of it (read as a heading, not a block)."""
    pdf = make_pdf(NOTICE, _one_size_title_page("Daniel Robert Whitaker"), body(40))
    assert _judge(DISSERTATION, pdf) == "matched"


def test_a_title_page_in_one_size_naming_another_author_is_not_matched() -> None:
    pdf = make_pdf(NOTICE, _one_size_title_page("Priya Sharma"), body(40))
    assert _judge(DISSERTATION, pdf) != "matched"
