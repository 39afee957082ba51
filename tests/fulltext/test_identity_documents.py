"""What the document is, read from its structure, against what the record says it is.

Small PDFs made here: a list of contents set run-in (each work with its first page) that
carries the record's DOI; a conference programme that is its own record's file; a whole
book with its ISBN under its title; the original article served for its correction's
record; an extended abstract, an executive summary and an autoreferat of the record's work;
a software guide that repeats the record's title in its text; a Greek scan whose title is
set in capitals and whose byline opens with a word in lower case.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._docfacts import facts_of, layout_of_text
from politeharvest.quality._text import keys

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from tests.fulltext.test_identity_kinds import DEJAVU, PROSE, Item, body, make_pdf

TITLE = "Graph neural networks for real-time leak localisation in water distribution networks"
AUTHORS = "Ines Carvalho, Tomas Ribeiro, Hugo Almeida"
DOI = "10.5555/jhl.2024.0301"
ARTICLE = {
    "title": [TITLE],
    "creator": ["Carvalho, Ines", "Ribeiro, Tomas", "Almeida, Hugo"],
    "identifier": [f"https://doi.org/{DOI}"],
    "date": ["2024"],
    "type": ["info:eu-repo/semantics/article"],
}


def article(
    title: str = TITLE,
    doi: str | None = DOI,
    label: str = "Research article",
    header: str = "Journal of Hydroinformatics Letters 9 (2024) 301-322",
    pages: int = 1,
    section: str = "",
) -> bytes:
    first: list[Item] = [(header, 7.5), (label, 8.5), (title, 16.0), (AUTHORS, 10.5)]
    if doi:
        first.append((f"DOI: {doi}", 8.5))
    first += [("Abstract", 10.0), *body(12)]
    if section:
        first.append((section, 12.0))
    first += body(18)
    return make_pdf(first, *[body(44) for _ in range(pages - 1)])


# -- a list of works: a compilation, unless it is the record ---------------------------------


def _run_in_contents() -> bytes:
    """An issue's contents set as running text: title, authors, first page, one after another."""
    entries = [
        (TITLE, "I. Carvalho, T. Ribeiro", 45, f" - doi:{DOI}"),
        ("Pressure transients in ageing cast-iron mains of Porto", "L. Sousa", 63, ""),
        ("Demand forecasting for small utilities with sparse meters", "M. Pinto", 79, ""),
        ("Energy use of booster stations in hilly networks", "R. Costa", 95, ""),
        ("A survey of non-revenue water in Iberian towns", "A. Lopes", 111, ""),
    ]
    lines: list[Item] = [
        ("Journal of Hydroinformatics Letters, Volume 9", 7.5),
        ("Contents", 16.0),
        ("Journal of Hydroinformatics Letters - Volume 9 (2024)", 10.5),
    ]
    for title, authors, page, doi in entries:
        lines.append((f"{title} - {authors}", 9.5))
        lines.append((f"- p. {page}{doi} -", 9.5))
    return make_pdf(lines)


def test_a_run_in_list_of_contents_with_the_records_doi_is_a_compilation() -> None:
    """Works listed one after another, each with its first page: the record's DOI in its entry
    is no evidence that the list is the record's article."""
    identity = check_identity(_run_in_contents(), ARTICLE)
    assert identity.verdict == "mismatch", identity.evidence
    assert identity.kind == "compilation"
    assert "each with its first page" in identity.evidence


def test_an_article_citing_its_figures_in_order_is_no_compilation() -> None:
    """Figures cited in order ("Fig. 3" to "Fig. 11") and works by year ("et al. 2001" to
    "et al. 2021") at the ends of many lines: an article, not a list of works."""
    lines = [
        TITLE,
        AUTHORS,
        *[f"{PROSE[i % len(PROSE)]} (Fig. {2 * i + 3})" for i in range(5)],
        *[f"{PROSE[i % len(PROSE)]} (Smith et al. {2001 + 5 * i})." for i in range(5)],
        *PROSE,
    ]
    facts = facts_of(layout_of_text("\n".join(lines)))
    assert facts.kind == "article", facts.kind_evidence


def _programme() -> bytes:
    sessions: list[Item] = []
    talks = [
        "Digital twins for pump scheduling under energy price uncertainty - A. Rossi",
        "A benchmark of pressure sensor placement heuristics - M. Novak, P. Horvat",
        f"{TITLE} - I. Carvalho, T. Ribeiro",
        "Open data standards for smart water metering - E. Martin, L. Dubois",
    ]
    for day, room in (("Monday 8 July", 6), ("Tuesday 9 July", 4), ("Wednesday 10 July", 2)):
        sessions.append((day, 12.0))
        for part in (1, 2):
            sessions.append((f"Session {part}: Machine learning - Room {room}", 9.5))
            sessions += [(f"{10 + i}:15 {talk}", 9.0) for i, talk in enumerate(talks)]
    return make_pdf(
        [
            ("12th International Conference on Hydroinformatics - HIC 2024", 16.0),
            ("Final Programme, Lisbon, 8-12 July 2024", 12.0),
            *sessions,
        ]
    )


PROGRAMME = {
    "title": ["HIC 2024 Final Programme"],
    "creator": ["HIC 2024 Organising Committee"],
    "date": ["2024"],
    "type": ["info:eu-repo/semantics/other"],
}


@pytest.mark.parametrize(
    ("metadata", "verdict", "says"),
    [
        # the programme is its own record's file: the record's title heads the list
        (PROGRAMME, "matched", "heads the compilation"),
        # ... and not the file of a paper it lists
        (ARTICLE, "mismatch", "a compilation"),
        # nor of the next year's programme (the year is part of the title)
        ({**PROGRAMME, "title": ["HIC 2025 Final Programme"]}, "mismatch", "a compilation"),
    ],
    ids=["programme-record", "paper-record", "other-year"],
)
def test_a_compilation_is_the_file_of_the_record_it_is(
    metadata: dict[str, list[str]], verdict: str, says: str
) -> None:
    identity = check_identity(_programme(), metadata)
    assert identity.verdict == verdict, identity.evidence
    assert says in identity.evidence


BOOK_TITLE = "Coastal Lagoons of the Mediterranean: Processes, Pressures and Management"
BOOK = {
    "title": [BOOK_TITLE],
    "creator": ["Kovac, Ana", "Moreau, Louise"],
    "identifier": ["https://doi.org/10.5555/978-0-00-123456-7"],
    "date": ["2023"],
    "type": ["info:eu-repo/semantics/book"],
}


def _book(pages: int) -> bytes:
    first: list[Item] = [
        ("Book", 8.5),
        (BOOK_TITLE, 16.0),
        ("Ana Kovac, Louise Moreau", 10.5),
        ("Springhill Academic, 2023 - ISBN 978-0-00-123456-7", 8.5),
        ("DOI: 10.5555/978-0-00-123456-7", 8.5),
        *body(30),
    ]
    return make_pdf(first, *[body(44) for _ in range(pages - 1)])


def test_a_whole_book_is_not_a_review_of_itself() -> None:
    """Its ISBN under its title on a file of many pages: the book's own title page (a book's
    length: 49 pages or more, `RecordHints.book`)."""
    identity = check_identity(_book(60), BOOK)
    assert identity.verdict == "matched", identity.evidence
    # two pages with a book's citation under the title stay a review of that book
    short = check_identity(_book(2), BOOK)
    assert short.verdict == "mismatch", short.evidence
    assert "a review of a book" in short.evidence


# -- a record about a work, a document about a work ------------------------------------------

CORRECTION = {
    **ARTICLE,
    "title": [f"Author Correction: {TITLE}"],
    "identifier": ["https://doi.org/10.5555/jhl.2024.0455"],
}


def test_the_original_article_is_not_its_corrections_file() -> None:
    """The record is the correction ('Author Correction: <title>'); the file is the article it
    corrects (its title without the label, its own DOI)."""
    identity = check_identity(article(), CORRECTION)
    assert identity.verdict == "mismatch", identity.evidence
    assert "the work the record's notice" in identity.evidence
    # the correction itself is its record's file
    notice = article(f"Author Correction: {TITLE}", doi="10.5555/jhl.2024.0455", label="")
    assert check_identity(notice, CORRECTION).verdict == "matched"
    # a correction titled as the article, its label only in the running head: not refused
    headed = article(doi=None, label="", header="Author Correction - Hydroinformatics Letters")
    identity = check_identity(headed, CORRECTION)
    assert identity.verdict == "unverifiable", identity.evidence


EXTENDED_ABSTRACTS = {
    "title": [TITLE],
    "creator": ["Carvalho, Ines", "Ribeiro, Tomas", "Almeida, Hugo"],
    "date": ["2024"],
    "type": ["info:eu-repo/semantics/conferenceObject"],
    "source": ["HIC 2024 Extended Abstracts"],
}


@pytest.mark.parametrize(
    ("make", "metadata", "verdict"),
    [
        # the extended abstract of the record's article, labelled above its title
        (lambda: article(doi=None, label="Extended abstract", pages=2), ARTICLE, "mismatch"),
        # ... is the file of the extended abstract's own record (its container says so)
        (
            lambda: article(doi=None, label="Extended abstract", pages=2),
            EXTENDED_ABSTRACTS,
            "matched",
        ),
        # an executive summary: the label opens the title block
        (
            lambda: article(f"Executive Summary \u2014 {TITLE}", doi=None, label=""),
            ARTICLE,
            "mismatch",
        ),
        # the article itself, with "Extended abstract" heading a later section of its first page
        (lambda: article(section="Extended abstract"), ARTICLE, "matched"),
    ],
    ids=["extended-abstract", "extended-abstract-record", "executive-summary", "article"],
)
def test_a_summary_of_the_work_is_not_the_work(make, metadata, verdict: str) -> None:  # type: ignore[no-untyped-def]
    identity = check_identity(make(), metadata)
    assert identity.verdict == verdict, identity.evidence
    if verdict == "mismatch":
        assert identity.kind == "summary"


def test_a_guide_that_names_the_record_in_its_text_is_not_the_record() -> None:
    """A software guide under its own title; its text opens with the record's title."""
    title = "hydrotwin: a Python package for digital twins of pressurised water networks"
    record = {**ARTICLE, "title": [title], "creator": ["Eriksen, Jonas", "Petersen, Maja"]}
    guide = make_pdf(
        [
            ("hydrotwin documentation - Release 2.1, March 2024", 7.5),
            ("Documentation", 8.5),
            ("hydrotwin User Guide - Release 2.1", 16.0),
            ("Jonas Eriksen, Maja Petersen and contributors", 10.5),
            ("Abstract", 10.0),
            (f"{title}. This guide explains installation, configuration and the API.", 9.5),
            *body(30),
        ]
    )
    identity = check_identity(guide, record)
    assert identity.verdict != "matched", identity.evidence
    assert "only in its text" in identity.evidence


# -- scripts and scans -----------------------------------------------------------------------

needs_dejavu = pytest.mark.skipif(not DEJAVU.is_file(), reason="no DejaVu font")

GREEK = "Η υδρολογία της λίμνης Τριχωνίδας"


@needs_dejavu
def test_a_greek_title_in_capitals_and_a_byline_opening_in_lower_case() -> None:
    """A scan's OCR layer: the title in capitals (no tonos), 'υπό' (by) before the author's
    name in the genitive; the record in lower case with accents."""
    pdfmetrics.registerFont(TTFont("DejaVu", str(DEJAVU)))
    greek_body = (
        "Η αβεβαιότητα των εκτιμήσεων αξιολογήθηκε με επαναδειγματοληψία και οι μετρήσεις "
        "επαναλήφθηκαν σε σταθερά σημεία της λίμνης κατά τη διάρκεια τριών ετών."
    )
    pdf = make_pdf(
        [
            ("ΠΡΑΚΤΙΚΑ ΤΗΣ ΑΚΑΔΗΜΙΑΣ 47 (1972)", 8.0, "DejaVu"),
            ("Η ΥΔΡΟΛΟΓΙΑ ΤΗΣ ΛΙΜΝΗΣ ΤΡΙΧΩΝΙΔΑΣ", 14.0, "DejaVu"),
            ("υπό Γεωργίου Αθανασίου", 11.0, "DejaVu"),
            *[(greek_body[i * 60 : i * 60 + 60], 10.0, "DejaVu") for i in range(3)] * 16,
        ]
    )
    record = {
        "title": [GREEK],
        "creator": ["Αθανασίου, Γεώργιος"],
        "date": ["1972"],
        "type": ["info:eu-repo/semantics/article"],
    }
    identity = check_identity(pdf, record)
    assert identity.verdict == "matched", identity.evidence


def test_greek_letters_with_and_without_their_marks_give_one_key() -> None:
    assert keys(GREEK) == keys(GREEK.upper())
    assert keys("Αθανασίου") == keys("ΑΘΑΝΑΣΙΟΥ") == keys("αθανασιου")


def test_a_records_container_of_abstracts_makes_it_a_summary() -> None:
    assert RecordHints.from_metadata(EXTENDED_ABSTRACTS).kind == "summary"
    assert RecordHints.from_metadata({**ARTICLE, "source": ["Water Research 58"]}).kind is None


@needs_dejavu
def test_an_autoreferat_is_not_its_dissertation() -> None:
    """The thesis's printed summary: same title and author, 'Автореферат' where the thesis
    reads 'Диссертация'."""
    pdfmetrics.registerFont(TTFont("DejaVu", str(DEJAVU)))
    title = "Влияние осушительной мелиорации на сток углерода с болот Западной Сибири"
    russian = "Измерения повторялись на постоянных площадках для снижения изменчивости стока."

    def thesis(label: str) -> bytes:
        return make_pdf(
            [
                ("Томский государственный университет, 2022", 7.5, "DejaVu"),
                (label, 8.5, "DejaVu"),
                (title[:40], 16.0, "DejaVu"),
                (title[40:], 16.0, "DejaVu"),
                ("Иванова Мария Сергеевна", 10.5, "DejaVu"),
                *[(russian, 9.5, "DejaVu")] * 20,
            ],
            [(russian, 9.5, "DejaVu")] * 40,  # a thesis is never a page or two
            [(russian, 9.5, "DejaVu")] * 40,
        )

    record = {
        "title": [title],
        "creator": ["Иванова, Мария Сергеевна"],
        "date": ["2022"],
        "type": ["info:eu-repo/semantics/doctoralThesis"],
    }
    summary = check_identity(thesis("Автореферат"), record)
    assert summary.verdict == "mismatch", summary.evidence
    assert summary.kind == "summary"
    assert check_identity(thesis("Диссертация"), record).verdict == "matched"


def test_an_ocr_layer_that_misreads_i_and_o_in_the_title() -> None:
    """A 1976 scan: 'l' read for 'I' and '0' for 'O' in a title set in capitals."""
    record = {
        "title": ["Seasonal dynamics of zooplankton in Lake Ohrid"],
        "creator": ["Stankovic, Dragan", "Mitic, Vera"],
        "date": ["1976"],
        "type": ["info:eu-repo/semantics/article"],
    }
    scan = make_pdf(
        [
            ("ACTA HYDROBIOLOGICA BALCANICA 4 (1976) 85-101", 8.0),
            ("SEASONAL DYNAMlCS OF ZOOPLANKTON lN LAKE 0HRID", 14.0),
            ("D. Stankovic and V. Mitic", 11.0),
            ("Hydrobiological lnstitute, 0hrid", 9.0),
            *body(),
        ]
    )
    identity = check_identity(scan, record)
    assert identity.verdict == "matched", identity.evidence
    assert "OCR confuses" in identity.evidence
    # the record of another article of the volume is not matched to it
    other = {**record, "title": ["On the benthic fauna of Lake Prespa"], "creator": ["Kostov, L."]}
    assert check_identity(scan, other).verdict == "mismatch"


def test_arabic_and_persian_twins_and_digits_of_every_script_give_one_key() -> None:
    """A record typed with Arabic yeh and kaf, a PDF set with Persian ones; Persian digits."""
    assert keys("ارزيابي فرسايش خاك ١٤٠٠") == keys("ارزیابی فرسایش خاک ۱۴۰۰")
    assert keys("۱۴۰۰") == keys("1400")


def test_a_persian_record_in_arabic_letters_against_its_persian_text() -> None:
    from politeharvest.fulltext._identity import decide

    title = "ارزیابی فرسایش خاک در حوضه آبخیز کرج با استفاده از مدل تجربی"
    typed = title.replace("ی", "ي").replace("ک", "ك")
    sentence = "نتایج نشان داد که فرسایش خاک در بخش‌های شمالی حوضه بیشتر از بخش‌های جنوبی است و"
    text = "\n".join([title, "علی رضایی، مریم احمدی", *[sentence] * 12])
    hints = RecordHints((typed,), None, ("رضايي",), "2023")
    identity = decide(hints, text)
    assert identity.verdict == "matched", identity.evidence


def test_a_conference_contributions_file_may_be_its_extended_abstract() -> None:
    """A conference object's record without a container: its extended abstract is not refused;
    the label may share its line with the conference's name."""
    record = {**EXTENDED_ABSTRACTS}
    del record["source"]
    pdf = article(doi=None, label="Extended abstract \u00b7 HIC 2024", pages=2)
    assert check_identity(pdf, record).verdict == "matched"
    identity = check_identity(pdf, ARTICLE)
    assert identity.verdict == "mismatch", identity.evidence
    assert identity.kind == "summary"


def test_the_authors_reply_under_the_papers_title_is_not_the_paper() -> None:
    """'Reply' above the paper's own title, by its authors, under the reply's own DOI: not
    another version of the paper."""
    reply = article(doi="10.5555/jhl.2024.0388", label="Reply")
    identity = check_identity(reply, ARTICLE)
    assert identity.verdict == "mismatch", identity.evidence
    assert identity.kind == "comment"


def test_an_entry_named_as_its_compilation_is_not_the_compilation() -> None:
    """A special issue's contents headed by the issue's name; the record is the guest
    editors' introduction under the same name, listed as an entry."""
    name = "Advances in urban flood hydrology"
    lines: list[Item] = [("Special issue", 12.0), (name, 16.0)]
    for i, (title, author) in enumerate(
        [
            (name, "J. Smith, K. Brown"),
            ("Radar nowcasting of convective storms over cities", "L. Sousa"),
            ("Green roofs and the peak of urban runoff", "M. Pinto"),
            ("Sewer surcharge under compound flooding", "R. Costa"),
            ("Flood insurance and the value of drainage", "A. Lopes"),
        ]
    ):
        lines.append((f"{title} - {author}", 9.5))
        lines.append((f"- p. {1 + 14 * i} -", 9.5))
    record = {**ARTICLE, "title": [name], "creator": ["Smith, John"], "identifier": []}
    identity = check_identity(make_pdf(lines), record)
    assert identity.verdict == "mismatch", identity.evidence
    assert identity.kind == "compilation"


def test_a_poster_on_a_page_of_a4_by_its_label() -> None:
    """A poster abstract on one A4 page: no poster's shape, 'Poster' where its label stands."""
    poster = article(doi=None, label="Poster")
    identity = check_identity(poster, ARTICLE)
    assert identity.verdict == "mismatch", identity.evidence
    assert identity.kind == "poster"
    record = {**ARTICLE, "type": ["info:eu-repo/semantics/conferencePoster"], "identifier": []}
    assert check_identity(poster, record).verdict == "matched"
    # "Poster presentations" heading a section of an article is no label
    assert check_identity(article(section="Poster presentations"), ARTICLE).verdict == "matched"


def test_a_one_page_erratum_whose_title_outweighs_its_text() -> None:
    """Three lines of a large title, two of text: the title is still the title (its label
    read), not the page's body."""
    erratum = make_pdf(
        [
            ("HIC 2024 Extended abstracts", 7.5),
            ("Erratum to extended abstract EA-117: Graph neural", 16.0),
            ("networks for real-time leak localisation in water", 16.0),
            ("distribution networks", 16.0),
            ("I. Carvalho, T. Ribeiro, H. Almeida", 10.5),
            ("The affiliation of the third author was given wrongly.", 9.5),
            ("It is Porto.", 9.5),
        ]
    )
    identity = check_identity(erratum, EXTENDED_ABSTRACTS)
    assert identity.verdict == "mismatch", identity.evidence
    assert identity.kind == "notice"
