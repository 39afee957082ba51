"""A thesis or a book is never one page: a page that prints its title is about it, not it.

A defence announcement, a publisher's flyer or an abstract sheet prints a thesis's or a
book's title, author and abstract as its own title block; served for the record, it is
left unverifiable, whatever its language, when the record's type (eu-repo, COAR, plain
words) names a whole thesis or book. The thesis's own file, of many pages, stays matched,
and so does a one-page part of a book (an encyclopedia entry).
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._identity import _monograph

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import Item, body, make_pdf

TITLE = "Nitrogen leaching from arable land under a changing climate"

THESIS = {
    "title": [TITLE],
    "creator": ["Lindqvist, Karin"],
    "date": ["2023"],
    "type": ["info:eu-repo/semantics/doctoralThesis"],
}


def title_page(words: list[str]) -> list[Item]:
    return [
        ("Nitrogen leaching from arable land", 18.0),
        ("under a changing climate", 18.0),
        ("Karin Lindqvist", 12.0),
        *[(w, 11.0) for w in words],
        ("Abstract", 11.0),
        *body(),
    ]


ANNOUNCEMENT = title_page(["Public defence on 12 May 2023 at 09:15", "ISBN 978-91-8046-000-0"])


@pytest.mark.parametrize(
    "kind",
    [
        "info:eu-repo/semantics/doctoralThesis",
        "info:eu-repo/semantics/masterThesis",
        "http://purl.org/coar/resource_type/c_db06",
        "Thesis (PhD)",
        "info:eu-repo/semantics/book",
    ],
)
def test_one_page_with_the_title_of_a_thesis_or_book_is_not_it(kind: str) -> None:
    identity = check_identity(make_pdf(ANNOUNCEMENT), {**THESIS, "type": [kind]})
    assert identity.verdict == "unverifiable", identity.evidence
    assert "one page" in identity.evidence


def test_two_pages_with_the_title_of_a_thesis_are_not_it_either() -> None:
    # a thesis's printed summary or a publisher's flyer of two pages
    identity = check_identity(make_pdf(ANNOUNCEMENT, body(40)), THESIS)
    assert identity.verdict == "unverifiable", identity.evidence
    assert "2 pages" in identity.evidence


def test_a_batch_line_of_a_thesis_is_weighed_alike() -> None:
    row = {"title": TITLE, "authors": ["Karin Lindqvist"], "kind": "doctoralThesis"}
    assert check_identity(make_pdf(ANNOUNCEMENT), row).verdict == "unverifiable"


def test_the_thesis_itself_stays_matched() -> None:
    pages = [title_page(["Doctoral thesis", "ISBN 978-91-8046-000-0"]), body(40), body(40)]
    identity = check_identity(make_pdf(*pages), THESIS)
    assert identity.verdict == "matched", identity.evidence


@pytest.mark.parametrize(
    "kind", ["info:eu-repo/semantics/bookPart", "info:eu-repo/semantics/article", "Book review"]
)
def test_one_page_of_another_kind_stays_matched(kind: str) -> None:
    identity = check_identity(make_pdf(ANNOUNCEMENT), {**THESIS, "type": [kind]})
    assert identity.verdict == "matched", identity.evidence


@pytest.mark.parametrize(
    ("value", "whole"),
    [
        ("info:eu-repo/semantics/doctoralThesis", True),
        ("info:eu-repo/semantics/bachelorThesis", True),
        ("Dissertation", True),
        ("http://purl.org/coar/resource_type/c_2f33", True),
        ("info:eu-repo/semantics/book", True),
        ("Monograph", True),
        ("info:eu-repo/semantics/bookPart", False),
        ("info:eu-repo/semantics/bookReview", False),
        ("Book chapter", False),
        ("http://purl.org/coar/resource_type/c_6501", False),
        ("info:eu-repo/semantics/article", False),
        ("Text", False),
    ],
)
def test_which_types_name_a_whole_thesis_or_book(value: str, whole: bool) -> None:
    assert _monograph(value) is whole
    assert RecordHints.from_metadata({"title": [TITLE], "type": [value]}).monograph is whole


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ("info:eu-repo/semantics/review", "review"),
        ("info:eu-repo/semantics/peerReview", "peer-review"),
        ("info:eu-repo/semantics/article", None),
    ],
)
def test_the_eu_repo_review_types_name_their_kinds(value: str, kind: str | None) -> None:
    # "review": a review of others' published work (a book's), never the article it reviews
    assert RecordHints.from_metadata({"title": [TITLE], "type": [value]}).kind == kind
