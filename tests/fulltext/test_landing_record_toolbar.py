"""A record's toolbar a platform classes as navigation is the record's, not the site's menu.

An article page's toolbar ("<div class='P-Article-Preview-Nav'>": "PDF", "XML") was read as
a navigation region, so the article's PDF was refused and its supplement tried instead
(landing110, after its scoring). The toolbar's few links each carry every id of the
record's address. The guard: a region so classed that links the site's sections is still
the site's menu.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates

SITE = "https://journal.example.net"
TITLE = "Сезонная динамика численности водоплавающих птиц озера Чаны"


def _page(toolbar: str) -> str:
    return (
        f"<html><head><title>{TITLE}</title></head><body><main><h1>{TITLE}</h1>"
        f"<div class='P-Article-Preview-Nav'>{toolbar}</div>"
        "<p>Аннотация статьи.</p></main></body></html>"
    )


def test_the_records_toolbar_classed_as_navigation_gives_its_file() -> None:
    toolbar = (
        "<a class='P-Article-Download' href='/article/101234/download/pdf/'>PDF</a> "
        "<a href='/article/101234/download/xml/'>XML</a>"
    )
    found = find_candidates(_page(toolbar), f"{SITE}/article/101234/")
    assert found.candidates[0].url == f"{SITE}/article/101234/download/pdf/"


def test_a_region_so_classed_linking_the_sites_sections_is_still_a_menu() -> None:
    toolbar = (
        "<a class='P-Article-Download' href='/article/101234/download/pdf/'>PDF</a> "
        "<a href='/about/'>О журнале</a> <a href='/issues/'>Архив</a>"
    )
    found = find_candidates(_page(toolbar), f"{SITE}/article/101234/")
    pdf = f"{SITE}/article/101234/download/pdf/"
    assert pdf not in [c.url for c in found.candidates]
    assert any(c.url == pdf and "region" in (c.rejected or "") for c in found.rejected)
