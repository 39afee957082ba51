"""Identity: what a document is, read from how it is set (identity57, after its scoring).

identity57 (3 of 34 other documents matched when scored once on 3560308):

- the paper behind a presentation, at the record of the presentation's slides (the record's
  type ``presentation``, ``slides``): portrait pages set with running text are the paper
  the talk was made from, left unverifiable; the guards: slides (landscape pages of few
  words) are the record's own, and a lecture's notes at a lecture's record (identity58).
- a volume's table of contents whose page numbers stand apart at the right margin, each
  on the line of its entry's authors: read as one line, each entry ends in its page; the
  guard: a chapter's own first page, its page numbers only at the foot, is matched.
- a dissertation's summary whose title page sets its label letter-spaced ("A U T O R E F E
  R A T"): the letters are one word; the guard: the thesis itself is matched.

Small PDFs made here (reportlab).
"""

from __future__ import annotations

import io

import pytest

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._docfacts import (
    _names_joined,
    _numbers_joined,
    facts_of,
    letters_joined,
)
from politeharvest.fulltext._pdflayout import Line, read_layout

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from reportlab.pdfgen import canvas

from tests.fulltext.test_identity_layout import article, body, make_pdf

TALK = "Carbon border adjustment and trade among developing countries: a gravity model"


def _talk_record(kind: str) -> RecordHints:
    return RecordHints.from_metadata(
        {
            "title": [TALK],
            "creator": ["Rahman, Tanvir"],
            "date": ["2022"],
            "type": [kind],
        }
    )


def _slides() -> bytes:
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=(842, 595), invariant=1)
    for n, heading in enumerate((TALK, "Motivation", "Data and model", "Results")):
        pdf.setFont("Helvetica", 28 if n == 0 else 22)
        pdf.drawString(60, 500, heading)
        pdf.setFont("Helvetica", 14)
        pdf.drawString(60, 440, "Tanvir Rahman" if n == 0 else "- exports of covered goods fall")
        pdf.drawString(60, 410, "" if n == 0 else "- diversion to other markets")
        pdf.showPage()
    pdf.save()
    return buffer.getvalue()


@pytest.mark.parametrize("kind", ["info:eu-repo/semantics/lecture; presentation", "Slides"])
def test_the_paper_behind_a_talk_at_the_record_of_its_slides_is_not_matched(kind: str) -> None:
    paper = make_pdf(article(TALK, "Tanvir Rahman"), body(48), body(48))
    identity = check_identity(paper, _talk_record(kind))
    assert identity.verdict == "unverifiable", identity
    assert "the paper the presentation was made from" in identity.evidence, identity


def test_the_slides_themselves_are_the_record_of_the_talk() -> None:
    identity = check_identity(_slides(), _talk_record("presentation"))
    assert identity.verdict == "matched", identity


def test_the_paper_at_an_articles_record_is_still_matched() -> None:
    paper = make_pdf(article(TALK, "Tanvir Rahman"), body(48), body(48))
    identity = check_identity(paper, _talk_record("info:eu-repo/semantics/article"))
    assert identity.verdict == "matched", identity


CHAPTER = "Sharecroppers and stewards: contract disputes in the Chiana valley"
ENTRIES = [
    ("Giulia Ferracci, Lorenzo Baldacci", "Introduction", 7),
    ("Paolo Nencini", "Florentine landed property in the Arezzo countryside", 15),
    ("Chiara Tognetti", "Women and work in sharecropping families", 39),
    ("Marco Valentini", "Rural credit and the pawn banks of Tuscany", 63),
    ("Francesca Pieraccini", CHAPTER, 87),
    ("Andrea Lotti", "Famines and seasonal migration in the Maremma", 113),
]


def _chapter_record() -> RecordHints:
    return RecordHints.from_metadata(
        {
            "title": [CHAPTER],
            "creator": ["Pieraccini, Francesca"],
            "date": ["2019"],
            "type": ["info:eu-repo/semantics/bookPart"],
            "source": ["A social history of the Tuscan countryside"],
        }
    )


def _contents() -> bytes:
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=(482, 680), invariant=1)
    pdf.setFont("Helvetica", 16)
    pdf.drawString(200, 620, "Contents")
    y = 580.0
    for authors, title, page in ENTRIES:
        pdf.setFont("Helvetica-Oblique", 10)
        pdf.drawString(58, y, authors)
        pdf.setFont("Helvetica", 10.5)
        pdf.drawString(58, y - 14, title)
        # the page number apart at the margin, on the authors' line, set after the title
        pdf.drawRightString(424, y - 0.3, str(page))
        y -= 40
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def test_a_contents_page_with_its_numbers_apart_at_the_margin_is_a_compilation() -> None:
    identity = check_identity(_contents(), _chapter_record())
    assert identity.verdict == "mismatch", identity
    assert "list of contents" in identity.evidence, identity


def test_the_chapter_itself_is_still_matched() -> None:
    chapter = make_pdf(article(CHAPTER, "Francesca Pieraccini"), body(48))
    identity = check_identity(chapter, _chapter_record())
    assert identity.verdict == "matched", identity


THESIS = "Manuscript book culture in the eighteenth century"


def _thesis_record() -> RecordHints:
    return RecordHints.from_metadata(
        {
            "title": [THESIS],
            "creator": ["Beridze, Nino"],
            "date": ["2022"],
            "type": ["info:eu-repo/semantics/doctoralThesis"],
        }
    )


def _title_page(label: str) -> list[tuple[str, float]]:
    return [
        ("South Caucasus University of the Humanities", 11.0),
        ("Nino Beridze", 12.0),
        (THESIS, 18.0),
        (label, 12.0),
        ("Tbilisi 2022", 11.0),
    ]


def test_a_letter_spaced_summary_label_names_the_thesis_summary() -> None:
    pdf = make_pdf(_title_page("A U T O R E F E R A T"), body(40), body(40))
    identity = check_identity(pdf, _thesis_record())
    assert identity.verdict == "mismatch", identity
    assert "summary" in identity.evidence, identity


def test_the_thesis_under_a_letter_spaced_label_of_its_own_is_matched() -> None:
    pdf = make_pdf(_title_page("D I S S E R T A T I O N"), body(40), body(40))
    identity = check_identity(pdf, _thesis_record())
    assert identity.verdict == "matched", identity


@pytest.mark.parametrize(
    ("text", "joined"),
    [
        ("A U T O R E F E R A T", "AUTOREFERAT"),
        ("T E Z E   D I S E R T A C E", "TEZE   DISERTACE"),  # words apart by a wider gap
        ("ა ვ ტ ო რ ე ფ ე რ ა ტ ი", "ავტორეფერატი"),
        ("Part A B C of the plan", "Part A B C of the plan"),  # three letters: initials
        ("Vitamin D and bone health", "Vitamin D and bone health"),
    ],
)
def test_a_letter_spaced_word_is_joined_up(text: str, joined: str) -> None:
    assert letters_joined(text) == joined


# -- a line read before the title but set at the page's foot ---------------------------------

LAND = "Land tenure and household debt in upland villages of the northeast"


def _footer_first() -> bytes:
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=(595, 842), invariant=1)
    pdf.setFont("Helvetica", 9)
    pdf.drawString(60, 800, "Journal of Rural Sociology Vol. 15 No. 2 (2021) 112-138")
    # the footer is written before the title: read before it, set at the page's foot
    pdf.setFont("Helvetica", 7)
    pdf.drawString(60, 33, "Received: 12 May 2021 · Revised: 3 August 2021 · Accepted: 20 August")
    pdf.setFont("Helvetica", 20)
    pdf.drawString(60, 740, LAND)
    pdf.setFont("Helvetica", 11)
    # the title in the other language, in sentence case: read as a line of prose
    pdf.drawString(60, 712, "the changing ways villagers hold and lose their land, as told by them")
    pdf.drawString(60, 690, "Somchai Srisuwan and Anucha Phromma")
    y = 650.0
    for line in body(30):
        pdf.setFont("Helvetica", 10)
        pdf.drawString(60, y, line[0])
        y -= 14
    pdf.showPage()
    pdf.save()
    return buffer.getvalue()


def test_a_footer_read_before_the_title_is_not_its_byline() -> None:
    record = RecordHints.from_metadata(
        {
            "title": [LAND],
            "creator": ["Srisuwan, Somchai", "Phromma, Anucha"],
            "date": ["2021"],
            "type": ["info:eu-repo/semantics/article"],
        }
    )
    pdf = _footer_first()
    layout = read_layout(pdf, max_pages=3)
    assert layout is not None
    assert "Received" not in facts_of(layout).byline, facts_of(layout).byline
    identity = check_identity(pdf, record)
    assert identity.verdict == "matched", identity


# -- identity58, after its scoring ----------------------------------------------------------


def test_lecture_notes_at_a_lectures_record_are_matched() -> None:
    # a lecture's record may hold its notes (prose): only a presentation's or slides' type
    # says the record is slides
    notes = make_pdf(article(TALK, "Tanvir Rahman"), body(48), body(48))
    record = _talk_record("info:eu-repo/semantics/lecture")
    assert not record.talk
    identity = check_identity(notes, record)
    assert identity.verdict == "matched", identity


@pytest.mark.parametrize(
    ("kind", "book", "article"),
    [
        ("Chapter in Book/Report/Conference proceeding", False, False),
        ("Article in proceedings", False, True),
        ("Contribution to journal › Article", False, True),
        ("info:eu-repo/semantics/conferenceObject; Article in proceedings", False, True),
        ("Book", True, False),
    ],
)
def test_a_type_in_words_names_the_item_not_its_container(
    kind: str, book: bool, article: bool
) -> None:
    hints = RecordHints.from_metadata({"title": [CHAPTER], "type": [kind]})
    assert (hints.book, hints.article) == (book, article)
    assert hints.kind != "compilation" or book


def test_a_contents_page_at_an_article_in_proceedings_record_is_not_matched() -> None:
    record = RecordHints.from_metadata(
        {
            "title": [CHAPTER],
            "creator": ["Pieraccini, Francesca"],
            "date": ["2019"],
            "type": ["info:eu-repo/semantics/conferenceObject", "Article in proceedings"],
        }
    )
    identity = check_identity(_contents(), record)
    assert identity.verdict == "mismatch", identity


STANDARD = "Information technology — Time-sensitive networking — Part 2: Conformance testing"


def _standard_page(designation: str) -> bytes:
    return make_pdf(
        [
            ("INTERNATIONAL STANDARD", 12.0),
            (designation, 12.0),
            ("2023-06", 10.0),
            (STANDARD, 18.0),
            ("Reference number " + designation + "(E)", 9.0),
        ],
        body(40),
    )


def _standard_record() -> RecordHints:
    return RecordHints.from_metadata(
        {
            "title": [STANDARD],
            "date": ["2021"],
            "type": ["Standard"],
            "identifier": ["IEA 62991-2:2021"],
        }
    )


@pytest.mark.parametrize("suffix", ["/Amd 1", "/AMD1:2023", "/Cor 1", "+A1"])
def test_an_amendment_of_the_records_standard_is_not_the_standard(suffix: str) -> None:
    identity = check_identity(_standard_page(f"IEA 62991-2:2021{suffix}"), _standard_record())
    assert identity.verdict == "mismatch", identity
    assert "amendment" in identity.evidence, identity


def test_the_standard_itself_is_not_read_as_its_amendment() -> None:
    identity = check_identity(_standard_page("IEA 62991-2:2021"), _standard_record())
    assert "amendment" not in identity.evidence, identity


def _rows(figures: tuple[int, ...]) -> list[Line]:
    lines = []
    for n, figure in enumerate(figures):
        top = 700.0 - 18 * n
        lines.append(Line(0, f"Holdings recorded in parish {n}", 10.0, top, top - 10, 60, 250))
        lines.append(Line(0, str(figure), 10.0, top + 0.3, top - 10, 410, 424))
    return lines


def test_page_numbers_rising_down_the_page_are_joined_to_their_entries() -> None:
    joined, origin = _numbers_joined(_rows((7, 15, 39, 63, 87)))
    assert [line.text for line in joined][:2] == [
        "Holdings recorded in parish 0 7",
        "Holdings recorded in parish 1 15",
    ]
    assert origin == [0, 2, 4, 6, 8]


def test_figures_set_apart_in_a_tables_rows_are_no_page_numbers() -> None:
    # a table's column of figures does not rise down the page: its rows stay as they are
    rows = _rows((412, 87, 1310, 56, 298))
    joined, origin = _numbers_joined(rows)
    assert joined == rows
    assert origin == list(range(len(rows)))


@pytest.mark.parametrize(
    ("text", "joined"),
    [
        ("Von J o s e f K e l l e r m a n n", "Von Josef Kellermann"),
        ("И в а н П е т р о в", "Иван Петров"),
        ("by Anna Smith", "by Anna Smith"),  # nothing spaced out
    ],
)
def test_a_name_set_letter_spaced_is_read_as_its_names(text: str, joined: str) -> None:
    assert _names_joined(text) == joined


def test_a_letter_spaced_byline_under_the_title_is_the_byline() -> None:
    # identity60: a 1962 article names its author spaced out under the title; the line of
    # the institute's head over the title is no byline (it was read as one, naming others)
    title = "Die Ertragsleistung von Dauerweiden im Allgäu"
    pdf = make_pdf(
        [
            ("Aus der Versuchsanstalt für Grünland und Futterbau Wildpoldsried", 8.0),
            ("Leiter: Oberlandwirtschaftsrat Dr. F. Bachmaier", 8.0),
            (title, 14.0),
            ("Von J o s e f K e l l e r m a n n", 10.0),
            *body(40),
        ],
        body(40),
    )
    record = RecordHints.from_metadata(
        {"title": [title], "creator": ["Kellermann, Josef"], "date": ["1962"]}
    )
    identity = check_identity(pdf, record)
    assert identity.verdict == "matched", identity
    assert "kellermann" in identity.evidence
