"""Documents about a work that carry its title, DOI and authors are not the work.

A form whose fields name the article (a disclosure form, an offprint order), a case study
that lists the article's DOI among its references, a sibling article that gives the record's
DOI over a title of its own, and a report of an earlier year under the same title: each
carries the record's identifiers, none as the document's own. Small PDFs made here.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import ARTICLE, AUTHORS, TITLE, article, body, make_pdf

DOI = "10.5555/epcc.2022.102761"
RECORD = {**ARTICLE, "identifier": [f"https://doi.org/{DOI}"]}


def _fields(*pairs: tuple[str, str]) -> list[tuple[str, float]]:
    """A form's fields: each caption set small over its value."""
    return [item for caption, value in pairs for item in ((caption, 7.5), (value, 9.5))]


def test_a_disclosure_form_naming_the_manuscript_is_not_the_article() -> None:
    form = make_pdf(
        [
            ("ICMJE Form for Disclosure of Potential Conflicts of Interest", 13.0),
            *_fields(
                ("Date", "14 March 2022"),
                ("Your Name", "Elif Karaman"),
                ("Manuscript Title", TITLE),
                ("Manuscript Number (if known)", "EPCC-2022-0107"),
            ),
            *_fields(
                ("1. All support for the present manuscript", "None"),
                ("2. Grants or contracts from any entity", "None"),
                ("3. Royalties or licenses", "None"),
            ),
        ]
    )
    identity = check_identity(form, RECORD)
    assert identity.verdict != "matched", identity.evidence
    assert "cover sheet" in identity.evidence


def test_an_order_form_with_the_articles_doi_is_not_the_article() -> None:
    form = make_pdf(
        [
            ("Estuarine Processes and Coastal Change - Offprint Order Form", 13.0),
            *_fields(("Article", TITLE), ("Author", AUTHORS), ("DOI", DOI)),
            ("Quantity: [ ] 25 [ ] 50 [ ] 100 Covers: [ ] yes [ ] no", 9.5),
            ("Invoice address", 7.5),
            ("Delivery address", 7.5),
            ("Return this form to the editorial office within 14 days of receiving proofs.", 9.0),
        ]
    )
    identity = check_identity(form, RECORD)
    assert identity.verdict != "matched", identity.evidence


def test_the_article_with_captioned_keywords_stays_the_article() -> None:
    # a paper's page has a few captioned values ("Keywords", "Received"): no form
    items = [
        *article(doi=DOI)[:4],
        *_fields(("Keywords", "estuary; hypoxia; salt wedge"), ("Received", "3 May 2022")),
        ("Abstract", 10.0),
        *body(),
    ]
    identity = check_identity(make_pdf(items), RECORD)
    assert identity.verdict == "matched", identity.evidence


def test_a_doi_in_a_list_of_references_is_not_the_documents_own() -> None:
    study = make_pdf(
        [
            ("Impact case study (template)", 9.0),
            ("Impact case study: Early warning of hypoxia for Black Sea fisheries", 14.0),
            ("Unit of assessment: 7 Earth Systems · Lead researcher: Elif Karaman", 10.0),
            ("1. Summary of the impact", 10.0),
            ("Fishing cooperatives now plan their trips with a hypoxia warning.", 10.0),
            ("2. Underpinning research", 10.0),
            ("Karaman and Brenner (2022) measured salt-wedge intrusion in the estuary.", 10.0),
            ("3. References to the research", 10.0),
            (f"[R1] https://doi.org/{DOI}", 10.0),
        ],
        [("4. Details of the impact", 10.0), *body(6)],
    )
    identity = check_identity(study, RECORD)
    assert identity.verdict != "matched", identity.evidence
    assert "is the document's own" not in identity.evidence


def test_a_sibling_title_over_the_records_doi_is_not_matched() -> None:
    # the same authors' other article of the subject, printing the record's DOI
    sibling = "Salt-wedge intrusion and fish kills in the Sakarya River delta lagoons"
    identity = check_identity(make_pdf(article(title=sibling, doi=DOI)), RECORD)
    assert identity.verdict == "unverifiable", identity.evidence
    assert "another title in the same words" in identity.evidence


def test_the_records_doi_over_its_title_in_another_language_stays_matched() -> None:
    # a translation shares the record's names only: the DOI decides
    turkish = "Sakarya Nehri haliçinde tuz kaması girişimi ve dip suyu oksijensizliği"
    identity = check_identity(make_pdf(article(title=turkish, doi=DOI)), RECORD)
    assert identity.verdict == "matched", identity.evidence


def _report(year: str) -> bytes:
    cover = [
        ("REPORT DOCUMENTATION PAGE", 11.0),
        *_fields(
            ("1. REPORT NUMBER", "CFDL-88-04"),
            ("2. PERFORMING ORGANIZATION", "Coastal Fluid Dynamics Laboratory"),
            ("3. TITLE", "Turbulent Mixing in Stratified Shear Flows"),
            ("4. PERSONAL AUTHOR(S)", "Hendricks, Paul R."),
            ("5. DATE OF REPORT", f"{year} August"),
            ("6. PAGE COUNT", "38"),
        ),
    ]
    title_page = [
        ("TURBULENT MIXING IN STRATIFIED SHEAR FLOWS", 15.0),
        ("Paul R. Hendricks", 11.0),
        ("Technical report", 11.0),
        ("Prepared for the Office of Naval Research under Contract N00014-87-K-0999", 10.0),
        ("Approved for public release; distribution unlimited.", 10.0),
    ]
    return make_pdf(cover, title_page, [("1. INTRODUCTION", 11.0), *body()])


def test_a_report_dated_years_before_the_record_is_another_issue() -> None:
    record = {
        "title": ["Turbulent Mixing in Stratified Shear Flows"],
        "creator": ["Hendricks, Paul R."],
        "date": ["1990-07"],
        "type": ["info:eu-repo/semantics/report"],
    }
    earlier = check_identity(_report("1988"), record)
    assert earlier.verdict != "matched", earlier.evidence
    assert "1988" in earlier.evidence
    # a report's record is dated as the report is: the year before is another issue
    assert check_identity(_report("1989"), record).verdict != "matched"
    assert check_identity(_report("1990"), record).verdict == "matched"
    # an article's versions are dated otherwise (a preprint years before its issue)
    assert check_identity(_report("1988"), {**record, "type": ["article"]}).verdict == "matched"


def _row(top: float, *cells: str) -> list[tuple[str, float, str, float, float]]:
    """A table row drawn cell by cell, as a table renderer does; "|" wraps a cell's lines."""
    return [
        (text, 8.0, "Helvetica", left, top - 10.4 * n)
        for cell, left in zip(cells, (60, 250, 340, 450), strict=False)
        for n, text in enumerate(cell.split("|"))
    ]


def test_a_doi_in_a_table_of_works_is_not_the_documents_own() -> None:
    # an award list (or a promotion form) lists the article in a row of its table
    rows = [
        *_row(
            690, "1 Coastal lagoon salinity|in Thrace", "Demir, A.", "J. Coastal Res.|7(2)", "5000"
        ),
        *_row(
            660, "2 Sediment budgets of|the Kizilirmak", "Aydin, S.", "Turk. J. Earth|19", "7500"
        ),
        *_row(
            630,
            "3 Salt-wedge intrusion|and bottom-water hypoxia|in the Sakarya River estuary",
            "Karaman, E.;|Brenner, T.",
            f"Estuarine Processes|18, doi:{DOI}",
            "7500",
        ),
        *_row(
            590, "4 Dune migration on|the Kilyos coast", "Yilmaz, B.", "Geomorphology|88", "3000"
        ),
    ]
    award = make_pdf(
        [
            ("RECTOR'S DECISION No. 412/2022", 11.0, "Helvetica", 60, 780),
            ("Annex: recipients of the publication incentive", 9.0, "Helvetica", 60, 750),
            ("No Title Authors Journal / DOI Amount", 8.0, "Helvetica", 60, 715),
            *rows,
            *[
                (line, 9.0, "Helvetica", 60, 540 - 14 * n)
                for n, line in enumerate(
                    [
                        "The incentive is paid to the first author of each article in the list,",
                        "after the faculty has checked that the article is in an accredited journal.",
                        "The amounts are paid from the research budget of the year of the decision.",
                        "This decision takes effect on the date it is signed by the rector.",
                    ]
                )
            ],
        ]
    )
    identity = check_identity(award, RECORD)
    assert identity.verdict != "matched", identity.evidence
    assert "is the document's own" not in identity.evidence


def test_a_usage_report_naming_the_article_and_its_doi_is_not_the_article() -> None:
    report = make_pdf(
        [
            ("Quarterly article usage statistics", 18.0),
            (f"DOI: {DOI}", 10.0),
            ("Prepared for the corresponding author by the publisher's analytics team.", 10.0),
            ("Period covered: January to March 2023, all platforms and formats.", 10.0),
            (f"This report counts the readers of the article \u201c{TITLE}\u201d", 10.0),
            ("on the journal's site and in the aggregators that host its full text.", 10.0),
            ("Full-text downloads were highest in the month after the press release.", 10.0),
            ("Most readers came from universities in Turkey, Germany and the Netherlands.", 10.0),
        ]
    )
    identity = check_identity(report, RECORD)
    assert identity.verdict != "matched", identity.evidence


def test_a_paper_under_its_byline_printing_the_records_title_in_its_abstract_stays_matched() -> (
    None
):
    # a paper in Turkish whose record has its English title, printed over the abstract
    items = [
        ("Estuarine Processes and Coastal Change 18 (2022) 102761", 8.0),
        ("Sakarya Nehri haliçinde tuz kaması girişimi ve dip suyu", 16.0),
        (AUTHORS, 11.0),
        (f"DOI: {DOI}", 8.0),
        (f"Abstract \u2014 {TITLE}", 9.0),
        *body(),
    ]
    identity = check_identity(make_pdf(items), RECORD)
    assert identity.verdict == "matched", identity.evidence


def test_a_line_ending_in_a_count_repeated_makes_no_list_of_contents() -> None:
    # a page whose text says "... of 240" again and again is no list of contents
    repeated = [
        ("The survey reached young families in the city, a sample of 240", 10.0),
        ("families.", 10.0),
        ("Parents chose the language at home more often than their children did.", 10.0),
    ] * 12
    items = [
        ("Estuarine Processes and Coastal Change · Vol 18 (2022) · pp. 141-156", 8.0),
        (TITLE, 16.0),
        (AUTHORS, 11.0),
        (f"DOI: {DOI}", 8.5),
        ("Abstract", 10.0),
        ("Salt-wedge intrusion was measured in the estuary over three seasons, 2019", 9.5),
        ("Keywords: estuary, salt wedge, hypoxia, Black Sea, monitoring since 1998", 9.0),
        *repeated,
    ]
    identity = check_identity(make_pdf(items), RECORD)
    assert identity.verdict == "matched", identity.evidence


def test_a_letter_in_one_size_naming_the_article_and_its_doi_is_not_the_article() -> None:
    # an e-mail printed in one size: no title block, the DOI labelled, the title in a field
    letter = make_pdf(
        [
            ("From: Editorial Office <office@epcc.example.org>", 10.0),
            ("Subject: Your article is now online", 10.0),
            (f"DOI: {DOI}", 10.0),
            ("Dear Dr Karaman,", 10.0),
            (f"we are pleased to tell you that your article \u201c{TITLE}\u201d", 10.0),
            ("is now published online in Estuarine Processes and Coastal Change.", 10.0),
            ("Please share the link with your co-authors and on your institution's pages.", 10.0),
            ("You can order printed copies through the journal's offprint service.", 10.0),
            ("With kind regards, the editorial office of the journal", 10.0),
        ]
    )
    identity = check_identity(letter, RECORD)
    assert identity.verdict != "matched", identity.evidence


def test_an_accepted_manuscript_citing_its_published_version_is_the_records() -> None:
    # the title changed at proof: the manuscript states it is the accepted version of the record
    manuscript = make_pdf(
        [
            ("Accepted manuscript", 7.5),
            ("This is the accepted version of: Karaman, E. & Brenner, T. (2022).", 8.0),
            (f"{TITLE}. Estuarine Processes and Coastal Change 18, 102761.", 8.0),
            (f"https://doi.org/{DOI}", 8.0),
            ("Bottom-water oxygen under a salt wedge in the lower Sakarya", 14.0),
            (AUTHORS, 11.0),
            ("Abstract", 10.0),
            *body(),
        ]
    )
    identity = check_identity(manuscript, RECORD)
    assert identity.verdict == "matched", identity.evidence
    assert identity.version == "accepted"
    # a reading list citing the record states no version of itself
    listing = make_pdf(
        [
            ("Reading list: estuaries and coastal change (autumn term)", 14.0),
            ("Week 3. Karaman, E. & Brenner, T. (2022).", 10.0),
            (f"{TITLE}. Estuarine Processes and Coastal Change 18, 102761.", 10.0),
            (f"https://doi.org/{DOI}", 10.0),
            *body(8),
        ]
    )
    assert check_identity(listing, RECORD).verdict != "matched"


def test_a_doi_ending_an_entry_of_a_publication_list_is_not_the_documents_own() -> None:
    # a department's annual report: its second page lists the year's papers (the DOI ends
    # the entry it wraps from the line above, at the top of the page)
    report = make_pdf(
        [("Department of Coastal Studies - Annual report 2022", 10.0), *body(30)],
        [
            ("Publications 2022 (selection)", 12.0),
            ("\u2022 Karaman, E. & Brenner, T. (2022). Salt-wedge intrusion and bottom-water", 9.5),
            ("hypoxia in the Sakarya River estuary.", 9.5),
            ("\u2022 Brenner, T. (2022). Bottom-water oxygen in the Sakarya River estuary.", 9.5),
            (f"Estuarine Processes 18: 102761. doi:{DOI}", 9.5),
            (
                "\u2022 Demir, A. (2022). Coastal lagoon salinity in Thrace. J. Coast. Res. 7: 1-9.",
                9.5,
            ),
            *body(),
        ],
    )
    identity = check_identity(report, RECORD)
    assert identity.verdict != "matched", identity.evidence


def test_a_part_numbered_on_the_line_under_the_title_is_another_part() -> None:
    # the sequel: the record's title, then "II. <subtitle>" on a line of its own
    items = [
        ("Estuarine Processes and Coastal Change 19 (2023) 104411", 8.0),
        (TITLE, 16.0),
        ("II. Dissolved nutrients below the halocline", 14.0),
        (AUTHORS, 11.0),
        ("https://doi.org/10.5555/epcc.2023.104411", 8.0),
        ("Abstract", 10.0),
        *body(),
    ]
    identity = check_identity(make_pdf(items), RECORD)
    assert identity.verdict != "matched", identity.evidence
    # (its DOI, the next year's item of the record's journal, says so first since identity81)
    assert "another item of the same venue" in identity.evidence
    # without its DOI, the part's number under the title says it
    identity = check_identity(make_pdf([i for i in items if "doi.org" not in i[0]]), RECORD)
    assert identity.verdict != "matched", identity.evidence
    assert "numbers a part" in identity.evidence
