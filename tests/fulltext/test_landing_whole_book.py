"""A whole book's record: the whole volume's file is its own, a part's file is not.

Pure (no server): `find_candidates` on small pages with the structure of a publisher's
open-access book page (a "Download the entire book (PDF)" button whose address carries the
book's DOI, chapters' files under the contents). The same button on a chapter's or an
article's page names another document, the whole book.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._candidate import PageAnalysis
from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import page_facts

DOI = "10.5771/9783748941231"
PAGE = f"https://books.example.org/{DOI}/digital-sovereignty"
BOOK = f"https://books.example.org/{DOI}.pdf?download_full_pdf=1"
CHAPTER = f"https://books.example.org/{DOI}-17.pdf?download_chapter_pdf=1"
TITLE = "Digital Sovereignty in the European Union"
LABEL = "Download Gesamtes Buch (PDF)"


def book_page(head: str, declared: bool = True) -> PageAnalysis:
    meta = f'<meta name="citation_pdf_url" content="{BOOK}">' if declared else ""
    html = (
        f'<html><head><meta name="citation_title" content="{TITLE}">'
        f'<meta name="citation_author" content="Hoffmann, Katharina">'
        f'<meta name="citation_doi" content="{DOI}">{head}{meta}</head><body>'
        f"<main><h1>{TITLE}</h1><p>Katharina Hoffmann · 2024 · 412 pages</p>"
        f'<div class="actions"><a class="btn" href="{BOOK}">{LABEL}</a></div>'
        "<h2>Contents</h2><ul>"
        f'<li>Chapter 1: Introduction <a href="{CHAPTER}">PDF</a></li>'
        "</ul></main></body></html>"
    )
    return find_candidates(html, PAGE)


@pytest.mark.parametrize(
    "head",
    [
        '<meta name="citation_isbn" content="978-3-7489-4123-1">',
        '<meta property="og:type" content="book">',
        '<script type="application/ld+json">{"@type": "Book", "name": "x"}</script>',
    ],
)
@pytest.mark.parametrize("declared", [True, False])
def test_the_whole_volume_is_a_books_records_file(head: str, declared: bool) -> None:
    """The record is the book (an ISBN and no journal or host book, a book type): the link
    labelled as the whole book, carrying the book's DOI whole, is its file."""
    analysis = book_page(head, declared)
    assert [c.url for c in analysis.candidates][:1] == [BOOK]
    assert CHAPTER not in [c.url for c in analysis.candidates][:1]


@pytest.mark.parametrize(
    "head",
    [
        "",  # nothing says the record is a book
        '<meta name="citation_isbn" content="978-3-7489-4123-1">'
        '<meta name="citation_inbook_title" content="Digital Sovereignty">',  # a chapter
        '<meta name="citation_journal_title" content="Europarecht">',  # an article
    ],
)
def test_the_whole_volume_stays_another_document_for_a_part(head: str) -> None:
    """A chapter's or an article's record (or one nothing calls a book): the whole book's
    button names another document, as before."""
    analysis = book_page(head)
    assert BOOK not in [c.url for c in analysis.candidates]
    reasons = {str(c.rejected) for c in analysis.rejected if c.url == BOOK}
    assert any("names another document" in r for r in reasons)


def test_a_parts_address_does_not_carry_the_books_doi_whole() -> None:
    soup = BeautifulSoup(
        f'<meta name="citation_doi" content="{DOI}">'
        '<meta name="citation_isbn" content="978-3-7489-4123-1">',
        "html.parser",
    )
    facts = page_facts(soup, PAGE)
    assert facts.book
    assert facts.whole_book(BOOK) is not None
    assert facts.whole_book(CHAPTER) is None
    assert facts.whole_book(f"https://books.example.org/{DOI}.2.pdf") is None
