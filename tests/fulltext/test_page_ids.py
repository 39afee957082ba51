"""The ids a page's address names its record by: a year on the path before it is a date.

A journal's address ``/2023/1/e45678`` names its article ``e45678`` in volume 1 of 2023;
reading ``2023`` as the article's id made every link of that year "carry the article's id"
(an erratum's ``/2023/1/e51234/PDF`` became strong evidence, and a file request was spent
on it).
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import page_facts

ROWS = [
    ("https://journal.example.org/2023/1/e45678", ("e45678",)),
    ("https://journal.example.org/wp/2019/08/12345", ("12345",)),
    ("https://journal.example.org/article/view/2023", ("2023",)),
    ("https://journal.example.org/article/view/4711", ("4711",)),
]


@pytest.mark.parametrize(("url", "ids"), ROWS, ids=[r[0].split("org")[1] for r in ROWS])
def test_a_year_before_the_records_path_is_no_id(url: str, ids: tuple[str, ...]) -> None:
    soup = BeautifulSoup("<html><body><h1>A title</h1></body></html>", "lxml")
    assert page_facts(soup, url).ids == ids


def test_another_articles_file_of_the_same_year_is_not_the_articles() -> None:
    title = "Mobile health coaching for type 2 diabetes: a randomized trial"
    page = (
        f"<html><head><meta name='citation_title' content='{title}'></head><body>"
        f"<h1>{title}</h1><div class='article'><a href='/2023/1/e45678/PDF'>PDF</a></div>"
        "<div class='notice'><p>This article has been corrected.</p>"
        "<a href='/2023/1/e51234/PDF'>PDF</a></div></body></html>"
    )
    analysis = find_candidates(page, "https://journal.example.org/2023/1/e45678")
    erratum = [c for c in (*analysis.candidates, *analysis.rejected) if "e51234" in c.url]
    assert erratum
    assert not any(c.strong for c in erratum)
    assert all("2023" not in c.evidence for c in erratum)
