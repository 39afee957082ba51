"""A page or two under the work's title, byline and DOI is no proof that a file is the work.

Documents about an article (a takedown notice, a request to translate it, a review form, a
report back to a community) print its title as their heading, its authors under it and its
DOI, as the article does, and fill a page or two with their own business: no label, no
salutation, no caption need tell them apart. The article's own text does: it runs longer.
A plain article's record against a file of one or two pages with less text than an
article's page is therefore left `unverifiable` (stored only from strong evidence, never
refused). A record that names a short genre in words ("Short Communication", "Letter to the
Editor"), a citation that gives the work one or two pages, or a record of
another kind keeps such a file matched. Small PDFs made here; each case fails on the code
before the rule.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._identity import cited_pages

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import (
    ARTICLE,
    AUTHORS,
    TITLE,
    _dejavu,
    body,
    make_pdf,
    needs_dejavu,
)

DOI = "10.5555/epcc.2022.102761"
RECORD = {**ARTICLE, "identifier": [f"https://doi.org/{DOI}"]}

#: A notice of a page about the article: its title as the heading, its byline and its
#: citation with the DOI, then the notice's own fields and a few sentences, in no label
#: any vocabulary reads.
NOTICE = [
    ("14 August 2024", 9.0),
    ("Matter 88120451 · received by the designated agent", 10.0),
    (TITLE, 14.0),
    (AUTHORS, 10.5),
    (f"Estuarine Processes and Coastal Change 18(2), 2022 · https://doi.org/{DOI}", 8.5),
    ("Where it was found", 10.0),
    ("https://docshare.example.com/doc/88120451 (full text, uploaded by a user)", 10.0),
    ("I have a good faith belief that the use of the material in the manner complained", 10.0),
    ("of is not authorised by the owner of the rights, its agent, or the law, and that", 10.0),
    ("the information given here is accurate, under penalty of perjury.", 10.0),
    ("Name Rights and Permissions, Earth Science Press", 8.5),
    ("Signature /s/ R. Holloway", 8.5),
]


def test_a_page_about_the_article_under_its_title_byline_and_doi_is_not_matched() -> None:
    identity = check_identity(make_pdf(NOTICE), RECORD)
    assert identity.verdict == "unverifiable", identity.evidence
    assert "shorter than an article's page" in identity.evidence


def test_two_short_pages_are_not_matched_either() -> None:
    second = [("Contact", 10.0), ("Questions go to the rights desk of the press.", 10.0)]
    identity = check_identity(make_pdf(NOTICE, second), RECORD)
    assert identity.verdict == "unverifiable", identity.evidence


def test_the_article_of_a_page_of_running_text_is_matched() -> None:
    own = make_pdf([*NOTICE[2:5], ("Abstract", 10.0), *body()])
    identity = check_identity(own, RECORD)
    assert identity.verdict == "matched", identity.evidence


def test_a_long_file_with_a_short_first_page_is_matched() -> None:
    # three pages: the rule is for files of a page or two
    own = make_pdf([*NOTICE[2:5], ("Abstract", 10.0), *body(6)], body(40), body(40))
    assert check_identity(own, RECORD).verdict == "matched"


@pytest.mark.parametrize(
    "kind",
    [
        ["info:eu-repo/semantics/article", "Short Communication"],
        ["info:eu-repo/semantics/article", "Letter to the Editor"],
        ["Obituary"],
    ],
)
def test_a_record_naming_a_short_genre_keeps_a_short_file_matched(kind: list[str]) -> None:
    own = make_pdf([*NOTICE[2:5], *body(8)])
    identity = check_identity(own, {**RECORD, "type": kind})
    assert identity.verdict == "matched", identity.evidence


@pytest.mark.parametrize("source", ["Estuarine Processes 18(2): 88", "Estuar. Proc. 18, pp. 88-89"])
def test_a_citation_of_a_page_or_two_keeps_a_short_file_matched(source: str) -> None:
    own = make_pdf([*NOTICE[2:5], *body(8)])
    identity = check_identity(own, {**RECORD, "source": [source]})
    assert identity.verdict == "matched", identity.evidence


def test_a_citation_of_more_pages_than_the_file_has_is_not_enough() -> None:
    identity = check_identity(make_pdf(NOTICE), {**RECORD, "source": ["Estuar. 18(2): 77-101"]})
    assert identity.verdict == "unverifiable", identity.evidence


def test_a_record_without_a_type_is_not_held_to_an_articles_length() -> None:
    record = {k: v for k, v in RECORD.items() if k != "type"}
    assert check_identity(make_pdf([*NOTICE[2:5], *body(8)]), record).verdict == "matched"


def test_the_words_are_words_in_any_script() -> None:
    """A script without spaces between words is measured by its characters, not its blanks."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))
    prose = "調査地域では三つの季節に連続して試料を採取し、海岸林の管理強度に対する応答を調べた。"
    title = "東部海岸林の防風効果に関する研究"
    record = {
        "title": [title],
        "creator": ["田中, 一郎"],
        "date": ["2022"],
        "type": ["info:eu-repo/semantics/article"],
    }
    head = [(title, 15.0, "HeiseiMin-W3"), ("田中 一郎", 10.5, "HeiseiMin-W3")]
    page = [(prose[i:] + prose[:i], 9.0, "HeiseiMin-W3") for i in range(24)]
    assert check_identity(make_pdf([*head, *page]), record).verdict == "matched"
    assert check_identity(make_pdf([*head, *page[:3]]), record).verdict == "unverifiable"


@pytest.mark.parametrize(
    ("citation", "pages"),
    [
        ("Revista de Lenguas Indígenas 5(2): 77–101", 25),
        ("Mizoram Science Journal 9(2): 88", 1),
        ("J. X; Vol 5 No 2 (2023); 77-101", 25),
        ("Zeitschrift 12, S. 5–9", 5),
        ("Вестник 2019. № 3. С. 45–60", 16),
        ("Journal des Océanistes 156", None),
        ("Proceedings 2020–2023", None),
        ("Journal 12(3-4), 2019", None),
        ("Annals 3(4), pp. 101-99", None),
    ],
)
def test_the_pages_a_citation_gives(citation: str, pages: int | None) -> None:
    assert cited_pages(citation) == pages


@pytest.mark.parametrize(
    ("types", "genre"),
    [
        (["info:eu-repo/semantics/article"], False),
        (["Journal article"], False),
        (["Artículo de revista"], False),
        (["Text", "Peer-reviewed article"], False),
        # EPrints' status in one word: a plain article, refereed or not (identity60)
        (["Article", "PeerReviewed"], False),
        (["Article", "NonPeerReviewed"], False),
        (["info:eu-repo/semantics/article", "Short Communication"], True),
        (["ShortCommunication"], True),
        (["Essai photographique"], True),
    ],
)
def test_a_genre_is_a_type_in_words_beyond_an_article(types: list[str], genre: bool) -> None:
    assert RecordHints.from_metadata({"title": [TITLE], "type": types}).genre is genre


def test_a_table_ending_its_rows_in_counts_is_no_list_of_contents() -> None:
    """A one-page short communication with its table under the record's title and DOI: rows
    ending in numbers read as a list of contents, but the page is the record's own."""
    table = [
        ("Local name Scientific name Villages", 9.0),
        ("ume Naso unicornis, adult fish of the reef 3", 9.0),
        ("ohu Naso unicornis, young fish of the lagoon 2", 9.0),
        ("manini Acanthurus triostegus, all sizes alike 3", 9.0),
        ("fala Scarus species, named by colour 3", 9.0),
    ]
    head = [
        ("Estuarine Processes and Coastal Change 18 (2022) 88", 8.0),
        (f"https://doi.org/{DOI}", 8.0),
        (TITLE, 14.0),
        (AUTHORS, 10.5),
    ]
    pdf = make_pdf([*head, ("Abstract", 10.0), *body(8), *table])
    record = {**RECORD, "type": ["info:eu-repo/semantics/article", "Short Communication"]}
    identity = check_identity(pdf, record)
    assert identity.verdict == "matched", identity.evidence


def test_a_running_head_citing_the_issue_names_its_section_not_the_documents_kind() -> None:
    """ "Volume 51, Issue Supplement 1, 2022 · Poster abstracts" over a meeting abstract: the
    supplement's section, not a poster; the abstract is no longer refused as one."""
    head = [
        ("Age and Ageing, Volume 51, Issue Supplement 1, 2022 · Poster abstracts", 7.5),
        (TITLE, 15.0),
        (AUTHORS, 10.5),
        (f"https://doi.org/{DOI}", 8.5),
    ]
    identity = check_identity(make_pdf([*head, *body()]), RECORD)
    assert identity.verdict == "matched", identity.evidence
    poster = [("Coastal Days 2022 · Poster Bildiri · P-23", 7.5), *head[1:]]
    assert check_identity(make_pdf([*poster, *body()]), RECORD).verdict == "mismatch"


@pytest.mark.parametrize(
    "kind",
    [
        ["info:eu-repo/semantics/conferenceObject", "Abstract"],
        ["info:eu-repo/semantics/conferencePoster"],
    ],
)
def test_the_full_paper_is_not_the_record_of_its_abstract_or_poster(kind: list[str]) -> None:
    """The twelve-page journal paper the work grew into, under the same title and authors,
    for the record of its conference abstract or poster: not the record's file."""
    record = {k: v for k, v in RECORD.items() if k != "identifier"} | {"type": kind}
    first = [*NOTICE[2:4], ("Abstract", 10.0), *body()]
    paper = make_pdf(first, *[body(44) for _ in range(11)])
    identity = check_identity(paper, record)
    assert identity.verdict == "unverifiable", identity.evidence
    # the abstract itself, on its page, stays the record's
    assert check_identity(make_pdf([*NOTICE[2:4], *body(8)]), record).verdict == "matched"


@pytest.mark.parametrize(
    ("source", "verdict"), [("J. 66(1-2): 34-36", "unverifiable"), ("J. 16(1): 58-59", "matched")]
)
def test_a_genres_citation_of_more_pages_than_the_file_has_is_no_short_work(
    source: str, verdict: str
) -> None:
    """A "Technical Note" of pages 34-36, against a one-page file under its title: a note about
    it (a media briefing), not the note; a range of two pages may hold one page's text."""
    record = {**RECORD, "type": ["info:eu-repo/semantics/article", "Technical Note"]}
    identity = check_identity(make_pdf([*NOTICE[2:5], *body(8)]), {**record, "source": [source]})
    assert identity.verdict == verdict, identity.evidence


def test_a_chapter_cited_at_twenty_pages_is_no_page_of_text() -> None:
    """A book's chapter (``bookPart``, "pp. 40-59") against one page of a funder's output
    report under its title: any record whose citation gives the work two pages more than a
    short file has."""
    record = {**RECORD, "type": ["info:eu-repo/semantics/bookPart"], "source": ["pp. 40-59"]}
    identity = check_identity(make_pdf(NOTICE), record)
    assert identity.verdict == "unverifiable", identity.evidence
    assert (
        check_identity(make_pdf([*NOTICE[2:4], *body()], body(40), body(40)), record).verdict
        == "matched"
    )


@pytest.mark.parametrize(
    "kind", [["info:eu-repo/semantics/report"], ["Report", "Technical Report"]]
)
def test_a_page_under_a_reports_title_is_not_the_report(kind: list[str]) -> None:
    record = {**RECORD, "type": kind}
    assert check_identity(make_pdf(NOTICE), record).verdict == "unverifiable"


def test_a_range_of_days_is_no_range_of_pages() -> None:
    assert cited_pages("Book of abstracts, Thohoyandou, 5-7 September 2022") is None
    assert cited_pages("Book of Abstracts; Maiduguri, 14-18 November 2022, p. 87") == 1


#: A record of a short genre that names where the work appeared: its file may be a page.
LETTER = {
    **RECORD,
    "type": ["info:eu-repo/semantics/article", "Letter"],
    "source": ["Estuarine Processes and Coastal Change 18(2): 88"],
    "publisher": ["Earth Science Press"],
}
#: A page about the letter: two header lines of its own over the letter's title, byline
#: and DOI (an institution and the document's kind), then a few lines of its business.
ORDER = [
    ("Instituto de Oceanografía · Coordinación de Publicaciones", 9.0),
    ("Orden de compra de servicios n.º OC-2023-0917 · traducción", 10.0),
    (TITLE, 14.0),
    (AUTHORS, 10.5),
    (f"https://doi.org/{DOI}", 8.5),
    ("Proveedor Traductora certificada, expediente 3361", 9.0),
    ("Extensión 1 450 palabras · Importe $ 4 350.00 MXN + IVA", 9.0),
    ("Entrega 15 de diciembre de 2023 · Autoriza la coordinación", 9.0),
]


def test_a_short_page_under_a_header_of_its_own_is_not_matched_to_a_short_genre() -> None:
    identity = check_identity(make_pdf(ORDER), LETTER)
    assert identity.verdict == "unverifiable", identity.evidence
    assert "header of its own" in identity.evidence


def test_the_short_work_under_its_journals_header_is_matched() -> None:
    head = [
        ("Estuarine Processes and Coastal Change 18 (2022) 88 · Earth Science Press", 8.5),
        ("Correspondence", 9.0),
        *ORDER[2:5],
    ]
    identity = check_identity(make_pdf([*head, *body(8)]), LETTER)
    assert identity.verdict == "matched", identity.evidence


def test_a_running_head_naming_the_authors_is_the_works_own() -> None:
    head = [
        ("(12) Registered Design Publication · Karaman et al.", 8.5),
        ("(45) Date of Publication Mar. 12, 2022 · Karaman et al.", 8.5),
        *ORDER[2:5],
    ]
    identity = check_identity(make_pdf([*head, *body(8)]), LETTER)
    assert identity.verdict == "matched", identity.evidence


@needs_dejavu
def test_the_works_title_in_its_other_language_over_it_is_no_header() -> None:
    font = _dejavu()
    head = [
        ("Συνέδριο Ακτών 2022 · Βιβλίο περιλήψεων εργασιών", 9.0, font),
        ("Διείσδυση αλμυρού νερού και υποξία στις εκβολές", 15.0, font),
        ("του ποταμού Σαγγάριου στη Μαύρη Θάλασσα", 15.0, font),
        (TITLE, 14.0, font),
        (AUTHORS, 10.5, font),
    ]
    identity = check_identity(make_pdf([*head, *body(8)]), LETTER)
    assert identity.verdict == "matched", identity.evidence


def test_a_record_naming_no_journal_nor_publisher_keeps_a_short_file_matched() -> None:
    # nothing tells a journal's header from another document's: no evidence either way
    record = {k: v for k, v in LETTER.items() if k not in ("source", "publisher")}
    assert check_identity(make_pdf(ORDER), record).verdict == "matched"


def test_a_record_titled_by_its_kinds_label_owns_a_document_of_that_kind() -> None:
    """A book's "Foreword" deposited as its own record, typed as the book's chapter: the file
    headed "Foreword" is that record's (an editorial by its heading), never refused as
    another kind than a chapter."""
    record = {
        "title": ["Foreword"],
        "creator": ["Lopez, Daniel"],
        "date": ["2020"],
        "type": ["info:eu-repo/semantics/bookPart", "Book chapter"],
        "source": ["Songs of the desert seasons, ed. by M. Ramon, 2020, pp. ix-xii"],
    }
    pdf = make_pdf([("Foreword", 16.0), *body(14), ("— DANIEL LOPEZ", 10.0)])
    assert check_identity(pdf, record).verdict != "mismatch"


@needs_dejavu
def test_a_reviews_byline_naming_the_book_its_record_is_titled_by_is_no_other_author() -> None:
    """A book review's record titled by the book ("Jana Procházková: Řeka a město"), its
    creator the reviewer: the file's line under its heading names the book's author, whom
    the record's title names, not another author of the review."""
    font = _dejavu()
    record = {
        "title": ["Jana Procházková: Řeka a město. Praha: Academia, 2021. 312 s."],
        "creator": ["Novotný, Pavel"],
        "date": ["2022"],
        "type": ["info:eu-repo/semantics/review", "recenze"],
        "source": ["Český časopis historický 120(2), s. 455–457"],
    }
    head = [
        ("ČESKÝ ČASOPIS HISTORICKÝ 120 | 2022 | 2", 8.0, font),
        ("RECENZE", 9.0, font),
        ("Jana PROCHÁZKOVÁ", 10.5, font),
        ("Řeka a město", 15.0, font),
        ("Praha, Academia 2021, 312 s., ISBN 978-80-200-0000-0", 9.0, font),
    ]
    pdf = make_pdf([*head, *body(20, font), ("Pavel Novotný", 10.0, font)])
    assert check_identity(pdf, record).verdict != "mismatch"


# -- the record's own genre, read from its own fields (identity28, after its scoring) ---------


def test_a_journals_editorial_label_over_the_records_title_is_the_records_editorial() -> None:
    """An editorial recorded as an article (as journals record them): its file heads the page
    "EDITORIAL" over the record's title and byline. It is the record's, not another kind."""
    record = {
        "title": ["Extreme heat is a public health emergency in coastal cities"],
        "creator": ["Raghavan, Lakshmi"],
        "date": ["2024"],
        "type": ["info:eu-repo/semantics/article"],
        "source": ["Journal of Community and Tropical Medicine 49(3): 281-282"],
    }
    head = [
        ("Journal of Community and Tropical Medicine · Volume 49 · Issue 3 · 2024", 8.0),
        ("EDITORIAL", 11.0),
        ("Extreme Heat is a Public Health Emergency in Coastal Cities", 16.0),
        ("Lakshmi Raghavan", 10.5),
    ]
    assert check_identity(make_pdf([*head, *body(30)]), record).verdict == "matched"


def test_an_editorial_under_its_own_title_is_still_no_articles_file() -> None:
    # the guard: an editorial with a title of its own, for a research article's record
    head = [
        ("EDITORIAL", 11.0),
        ("Why coastal change needs long records", 16.0),
        ("M. Ortega", 10.5),
    ]
    assert check_identity(make_pdf([*head, *body(30)]), RECORD).verdict != "matched"


def test_a_record_titled_review_of_a_book_owns_a_book_review() -> None:
    """ "Review of: <book>, by <author>": the record is a review, and its file under the
    journal's "BOOK REVIEWS" and the book's citation is that review."""
    record = {
        "title": [
            "Review of: Rivers of debt: hydropower finance in the Mekong Basin, by Somchai Wongsakul"
        ],
        "creator": ["Fairbairn, Helen"],
        "date": ["2022"],
        "type": ["info:eu-repo/semantics/article"],
        "source": ["Journal of Southeast Asian Economies 39(2): 254-256"],
    }
    head = [
        ("Journal of Southeast Asian Economies Vol. 39, No. 2 (2022), pp. 254-56", 8.0),
        ("BOOK REVIEWS", 11.0),
        ("Rivers of Debt: Hydropower Finance in the Mekong Basin. By Somchai Wongsakul.", 12.0),
        ("Singapore: Straits University Press, 2021. Hardcover: xvi + 284 pp.", 9.0),
    ]
    pdf = make_pdf([*head, *body(30), ("HELEN FAIRBAIRN", 10.0)])
    assert check_identity(pdf, record).verdict != "mismatch"


def test_review_of_opens_a_review_articles_title_too() -> None:
    from politeharvest.fulltext._labels import kind_of_title

    assert kind_of_title("Review of: Rivers of debt, by Somchai Wongsakul") == "review"
    assert kind_of_title("Review of recent advances in estuarine sediment transport") is None
    assert kind_of_title("Review of the literature: a survey of methods") is None


def test_the_records_publisher_where_a_byline_stands_is_no_other_author() -> None:
    """A teaching case published by a case centre, its name set under the title: the
    record's own publisher, not an author the record lacks."""
    record = {
        "title": ["KilatRide: surge pricing and driver welfare in Jakarta"],
        "creator": ["Hartono, Dewi", "Lim, Wei Ling"],
        "date": ["2023"],
        "type": ["Case Study"],
        "publisher": ["Straits Business School Case Centre"],
    }
    head = [
        ("KilatRide: Surge Pricing and Driver Welfare in Jakarta", 16.0),
        ("STRAITS BUSINESS SCHOOL CASE CENTRE", 10.0),
    ]
    pdf = make_pdf([*head, *body(30)])  # its authors only on a back page not read
    assert check_identity(pdf, record).verdict == "matched"


def test_the_records_place_in_its_series_before_its_title_is_no_label() -> None:
    """Lecture notes whose record gives the course and "(Lecture 7)" as its source: the title
    block "Lecture 7: <title>" names the record's place, not another document's kind."""
    record = {
        "title": ["Forced convection in internal flows"],
        "creator": ["Sharma, Anil K."],
        "date": ["2021"],
        "type": ["Learning Object"],
        "source": ["MECHENG 371 Heat Transfer: lecture notes, Semester 1 2021 (Lecture 7)"],
    }
    pdf = make_pdf([("Lecture 7: Forced Convection in Internal Flows", 16.0), *body(30)])
    assert check_identity(pdf, record).verdict == "matched"
    # the guard: a label the record's fields do not give stays another document's
    other = make_pdf([("Tutorial sheet: Forced Convection in Internal Flows", 16.0), *body(30)])
    assert check_identity(other, record).verdict != "matched"


_REPORT = {
    "title": ["Harbour Point seawater desalination facility draft environmental impact statement"],
    "creator": ["Board of Water Supply", "Tetra Ecology Pacific"],
    "date": ["2020"],
    "type": ["Report"],
}


def _report(cover_label: str | None) -> bytes:
    cover = [
        ("DRAFT ENVIRONMENTAL IMPACT STATEMENT", 18.0),
        ("Harbour Point Seawater Desalination Facility", 18.0),
        *([(cover_label, 16.0)] if cover_label else []),
        ("Proposing Agency: Board of Water Supply", 10.0),
        ("October 2020", 10.0),
    ]
    summary = [("EXECUTIVE SUMMARY", 16.0), *body(34)]
    return make_pdf(cover, summary, body(40))


def test_a_reports_executive_summary_after_its_title_page_is_the_report() -> None:
    """A report opens with its executive summary: the label heading the page after the
    report's title page (its title set over two lines, in another order) is the report's first
    section, not a summary published apart."""
    assert check_identity(_report(None), _REPORT).verdict == "matched"


def test_a_summary_published_apart_carries_its_label_on_its_title_page() -> None:
    # the guard: the title page itself says "Executive summary"
    assert check_identity(_report("Executive summary"), _REPORT).verdict == "mismatch"


_THESIS = {
    "title": ["Le vignoble de la vallée de la Dheune : étude de géographie agraire"],
    "creator": ["Marchal, Odile"],
    "date": ["1958"],
    "type": ["Thèse", "info:eu-repo/semantics/doctoralThesis"],
}


def _thesis(kind_line: str | None) -> bytes:
    lines = ["UNIVERSITÉ DE BESANÇON", "FACULTÉ DES LETTRES", kind_line, "présentée par"]
    title_page = [(line, 15.0 if line == kind_line else 9.5) for line in lines if line]
    title_page += [("Odile MARCHAL", 12.0), ("LE VIGNOBLE", 17.0)]
    title_page += [("DE LA VALLÉE DE LA DHEUNE", 17.0), ("ÉTUDE DE GÉOGRAPHIE AGRAIRE", 11.0)]
    # a dedication on the title page's verso: "à la mémoire" is no "mémoire" (a thesis)
    dedication = [("1958", 9.0), ("À la mémoire de mon père, vigneron", 9.0)]
    return make_pdf([*title_page, *dedication], [("AVANT-PROPOS", 14.0), *body(34)], body(40))


def test_a_theses_foreword_after_its_own_thesis_title_page_is_the_thesis() -> None:
    """A scanned thesis opens with its title page ("THÈSE POUR LE DOCTORAT"), then its
    foreword: the foreword's label heads the thesis's first page of text, not an editorial."""
    assert check_identity(_thesis("THÈSE POUR LE DOCTORAT ÈS LETTRES"), _THESIS).verdict == (
        "matched"
    )


def test_a_foreword_behind_a_title_page_that_says_no_thesis_is_still_refused() -> None:
    # the guard: a title page that does not say it is a thesis's (a book's front matter,
    # published apart with its foreword) stays another kind of document for a thesis's record
    assert check_identity(_thesis(None), _THESIS).verdict != "matched"


_NOTICE_DOI = "10.5555/j.ctbm.2020.118722"
_ORIGINAL_DOI = "10.5555/j.ctbm.2019.04.061"
_WORK = "Graphene oxide-modified bitumen for improved rutting resistance of asphalt pavements"
_RETRACTION = {
    "title": [f"Retraction note: {_WORK}"],
    "creator": ["Al-Mutairi, Nasser", "Qureshi, Imran"],
    "date": ["2020"],
    "type": ["info:eu-repo/semantics/article", "Retraction"],
    "identifier": [f"https://doi.org/{_NOTICE_DOI}"],
    "source": ["Construction and Transport Building Materials 245 (2020) 118722"],
}


def _notice(own_doi: str) -> bytes:
    return make_pdf(
        [
            ("Construction and Transport Building Materials 245 (2020) 118722", 8.0),
            ("RETRACTION NOTICE", 11.0),
            (f"Retraction notice to \u201c{_WORK}\u201d", 14.0),
            ("[Constr. Transp. Build. Mater. 212 (2019) 455-467]", 14.0),
            ("Nasser Al-Mutairi, Imran Qureshi", 10.5),
            *body(8),
            (f"DOI of original article: https://doi.org/{_ORIGINAL_DOI}", 8.0),
            (f"https://doi.org/{own_doi}", 8.0),
        ]
    )


def test_a_notice_giving_the_records_doi_after_its_subjects_is_the_records_notice() -> None:
    """A retraction's record and its one-page notice: the notice quotes the work it retracts
    and gives that work's DOI first, then its own, the record's."""
    assert check_identity(_notice(_NOTICE_DOI), _RETRACTION).verdict == "matched"


def test_a_notice_of_another_doi_is_not_the_records() -> None:
    # the guard: the notice gives another DOI than the record's as its own
    other = _notice("10.5555/j.ctbm.2020.119999")
    assert check_identity(other, _RETRACTION).verdict != "matched"


# -- patents, standards and a course's chapters (identity28 and identity30, after scoring) ----


def test_a_patents_numbered_title_field_is_no_label_of_another_kind() -> None:
    """A patent's front page gives its title in a numbered field ("(54) Título: ..."): the
    document's own title field, never a label saying the file is about the record."""
    record = {
        "title": ["Dispositivo de riego por goteo subterráneo con sistema de autolimpieza"],
        "creator": ["Navarro Gil, Lucía"],
        "date": ["2022"],
        "type": ["info:eu-repo/semantics/patent"],
    }
    pdf = make_pdf(
        [
            ("(54) Título: DISPOSITIVO DE RIEGO POR GOTEO SUBTERRÁNEO CON SISTEMA DE", 12.0),
            ("AUTOLIMPIEZA", 12.0),
            ("(72) Inventores: NAVARRO GIL, Lucía", 10.0),
            *body(30),
        ]
    )
    assert check_identity(pdf, record).verdict != "mismatch"


def test_a_chapters_file_headed_by_the_chapters_title_is_the_chapters_record() -> None:
    """Lecture notes deposited a chapter a record, titled "<course notes>. Chapter 3: <its
    title>": the chapter's file heads its page with the chapter's title, the rest of the
    record's title in its running head."""
    record = {
        "title": ["Lecture notes in statistical physics. Chapter 3: The canonical ensemble"],
        "creator": ["Haugland, Eirik"],
        "date": ["2022"],
        "type": ["Lecture notes"],
    }
    head = [
        ("PHY4230 Statistical physics · Lecture notes · Autumn 2022 · Chapter 3", 8.0),
        ("Eirik Haugland, Department of Physics", 8.0),
        ("Chapter 3", 14.0),
        ("The Canonical Ensemble", 18.0),
    ]
    assert check_identity(make_pdf([*head, *body(30)]), record).verdict == "matched"
    # the guard: the next chapter's file, under the same running head
    other = [*head[:2], ("Chapter 4", 14.0), ("The Grand Canonical Ensemble", 18.0)]
    assert check_identity(make_pdf([*other, *body(30)]), record).verdict != "matched"


def test_a_standards_amendment_numbered_under_the_standard_is_not_the_standard() -> None:
    """A standard's amendment carries the standard's titles under its own number, the
    standard's with "/A1:2024" after it: an addition to the record, not the record."""
    record = {
        "title": ["EVS 915:2023 Assessment of fire resistance of timber structures"],
        "creator": ["Estonian Centre for Standardisation and Accreditation"],
        "date": ["2023"],
        "type": ["Standard"],
    }

    def standard(number: str) -> bytes:
        cover = [
            (number, 14.0),
            ("ASSESSMENT OF FIRE RESISTANCE OF TIMBER STRUCTURES", 18.0),
            ("ICS 13.220.50", 9.0),
        ]
        text = "The clauses below give the charring rates of cross-laminated timber in fire."
        return make_pdf(cover, [(text, 10.0)] * 36)

    assert check_identity(standard("EVS 915:2023/A1:2024"), record).verdict == "mismatch"
    assert check_identity(standard("EVS 915:2023"), record).verdict == "matched"


# -- redteam4 (a black-box review of this session's rules), after its scoring ---------------


def test_a_record_titled_editorial_alone_is_not_matched_by_another_issues_editorial() -> None:
    """A record titled "Editorial" names no one document: the same editor's editorial of the
    next issue, titled so too, is not matched by its title and byline alone."""
    record = {
        "title": ["Editorial"],
        "creator": ["Okonkwo, Adaeze"],
        "date": ["2022"],
        "type": ["info:eu-repo/semantics/article"],
        "publisher": ["Sahel Agronomy Society"],
    }
    head = [("Sahel Journal of Agronomy · Vol. 10 · No. 3 · 2022", 8.0), ("Editorial", 18.0)]
    pdf = make_pdf([*head, ("Adaeze Okonkwo", 10.5), *body(30)])
    assert check_identity(pdf, record).verdict != "matched"


def test_an_amendment_labelled_over_the_standards_number_is_not_the_standard() -> None:
    record = {
        "title": ["SNB 915:2023 Road markings: retroreflection and colour requirements"],
        "creator": ["Standards and Norms Board"],
        "date": ["2023"],
        "type": ["Standard"],
    }
    text = "The clauses below give the retroreflection classes of road marking materials."
    cover = [
        ("AMENDMENT 1", 14.0),
        ("SNB 915:2023", 14.0),
        ("ROAD MARKINGS: RETROREFLECTION AND COLOUR REQUIREMENTS", 18.0),
        ("Amendment 1 (2024-03)", 12.0),  # where a subtitle stands
    ]
    pdf = make_pdf([*cover, *[(text, 10.0)] * 30])
    assert check_identity(pdf, record).verdict == "mismatch"


# -- identity27 and identity29, after their scoring ------------------------------------------

_STANDARD = {
    "title": ["Dried amaranth leaves: specification"],
    "creator": ["Regional Standards Community"],
    "date": ["2021"],
    "type": ["info:eu-repo/semantics/other"],
    "identifier": ["RS 1187:2021"],
}


def _standard(number: str, edition: str) -> bytes:
    cover = [
        ("Dried amaranth leaves: specification", 18.0),
        (number, 14.0),
        (edition, 10.0),
    ]
    foreword = [
        ("Foreword", 16.0),
        *[("This standard was prepared by the technical committee on fruits and vegetables.", 10.0)]
        * 30,
    ]
    return make_pdf(cover, foreword, body(30))


def test_a_standards_foreword_after_its_title_page_is_the_standard() -> None:
    assert check_identity(_standard("RS 1187:2021", "Third edition 2021"), _STANDARD).verdict == (
        "matched"
    )


def test_the_superseded_edition_dated_on_its_title_page_is_not_the_record() -> None:
    old = _standard("RS 1187:2015", "Second edition 2015")
    assert check_identity(old, _STANDARD).verdict != "matched"


def test_an_editorial_recorded_as_other_under_the_journals_label_is_the_records() -> None:
    record = {
        "title": ["Les savoirs paysans face au changement climatique"],
        "creator": ["Ouédraogo, Aminata"],
        "date": ["2023"],
        "type": ["info:eu-repo/semantics/other"],
        "source": ["Cahiers d'études agraires 12"],
    }
    head = [
        ("Cahiers d'études agraires · 12 · 2023", 8.0),
        ("ÉDITORIAL", 11.0),
        ("Les savoirs paysans face au changement climatique", 16.0),
        ("Aminata Ouédraogo", 10.5),
    ]
    assert check_identity(make_pdf([*head, *body(30)]), record).verdict == "matched"


def test_a_standards_number_is_no_year_of_its_title_page() -> None:
    from politeharvest.fulltext._identity import _DATED

    assert _DATED.findall("complements EVS-EN 1995-1-2 and gives") == []
    assert _DATED.findall("Second edition 2015, replaces 2008") == ["2015", "2008"]
