"""A book's whole edition, offered under a heading that names it (issue 34, landing84).

On a monograph press's page of a whole book, the book's file (its `citation_pdf_url`, and a
reader's download link) sits under "Gesamtausgabe" (the complete edition) above the
chapters' files. The record is the book: that file is its
own. On a chapter's page the same heading names another document, the whole volume. The
pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._landing import find_candidates

PAGE = "https://press.example.de/catalog/book/418"
BOOK_PDF = "https://press.example.de/reader/download/418/418-4-9001-1-10.pdf"
TITLE = "Wasserwirtschaft im Wandel: Konflikte, Institutionen und Anpassung"


def _page(kind: str, heading: str) -> str:
    ld = f'{{"@context": "https://schema.org", "@type": "{kind}", "name": "{TITLE}"}}'
    return (
        f"<html lang='de'><head><title>{TITLE}</title>"
        f"<meta name='citation_title' content='{TITLE}'>"
        f"<meta name='citation_pdf_url' content='{BOOK_PDF}'>"
        f"<script type='application/ld+json'>{ld}</script></head><body><main>"
        f"<h1>{TITLE}</h1><p>Herausgegeben von Anna Keller und Jonas Brandt.</p>"
        f"<div class='files'><h2>{heading}</h2>"
        f"<a class='btn' href='{BOOK_PDF}'>PDF herunterladen</a></div>"
        "<div class='chapters'><h2>Inhaltsverzeichnis</h2><ul>"
        "<li><a href='/catalog/book/418/chapter/1'>Einleitung</a></li>"
        "<li><a href='/catalog/book/418/chapter/2'>Flussgebiete als Institutionen</a></li>"
        "</ul></div></main></body></html>"
    )


@pytest.mark.parametrize("heading", ["Gesamtausgabe", "Complete edition", "Edição completa"])
def test_the_whole_edition_of_a_book_that_is_the_record_is_its_own(heading: str) -> None:
    found = find_candidates(_page("Book", heading), PAGE)
    assert [c.url for c in found.candidates][:1] == [BOOK_PDF]


def test_the_whole_edition_on_a_chapters_page_is_another_document() -> None:
    found = find_candidates(_page("Chapter", "Gesamtausgabe"), PAGE)
    assert BOOK_PDF not in [c.url for c in found.candidates]
