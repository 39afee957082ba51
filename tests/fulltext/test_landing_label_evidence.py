"""A file link's label read from what names it: a drawn icon's accessible name, the title's words.

Two kinds of label the anchor reading had no evidence from (landing44, after its scoring):

- a site builder's file icon drawn as an SVG whose accessible name says PDF
  (``<svg role="img" aria-label="pdf">``, a Wix page), as an ``<img alt="PDF">`` does;
- a short label made only of the record's title's words, the words that say what the work
  is ("Výzkumná zpráva" on the page of "...: výzkumná zpráva").

The guards: a drawn icon named otherwise says nothing; a label of the title's words and
one of its own ("Shrnutí pro praxi") is another document's; a link of the title's words to
a web page is no file.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates

SITE = "https://www.centre.example.org"


def _page(title: str, body: str) -> str:
    return (
        f"<html><head><title>{title}</title></head><body><main><h1>{title}</h1>"
        f"{body}</main></body></html>"
    )


def _icon(href: str, name: str, caption: str) -> str:
    return (
        f"<div class='item'><a href='{href}'><svg viewBox='0 0 64 64' role='img' "
        f"aria-label='{name}'><path d='M12 4h28'/></svg></a><p>{caption}</p></div>"
    )


def _titled_icon(href: str, name: str) -> str:
    return f"<div><a href='{href}'><svg viewBox='0 0 9 9'><title>{name}</title></svg></a></div>"


def test_a_drawn_icon_named_pdf_is_a_pdf_link() -> None:
    report = f"{SITE}/_files/ugd/3c5f2a_9f1e2d7b4a6c48e0.pdf"
    html = _page(
        "Rapport : Accès aux soins maternels dans la région (2023)",
        _icon(report, "pdf", "Rapport complet")
        + _icon(f"{SITE}/_files/ugd/3c5f2a_1b7d3f9a0c2e4a6c.pdf", "pdf", "Note de synthèse"),
    )
    found = find_candidates(html, f"{SITE}/rapport-kolda-2023")
    assert [c.url for c in found.candidates] == [report]
    assert "image saying PDF" in found.candidates[0].evidence


def test_an_svg_titled_pdf_is_a_pdf_link() -> None:
    # (its <title> is the link's text: read as a label mentioning PDF, before and now)
    report = f"{SITE}/files/7c1e0a.pdf"
    other = f"{SITE}/files/9a4b2d.pdf"
    html = _page(
        "Annual survey of small harbours",
        _titled_icon(report, "PDF document") + _titled_icon(other, "arrow"),
    )
    found = find_candidates(html, f"{SITE}/survey")
    assert [c.url for c in found.candidates] == [report]


def test_a_drawn_icon_named_otherwise_says_nothing() -> None:
    html = _page(
        "Annual survey of small harbours",
        _icon(f"{SITE}/_files/ugd/3c5f2a_9f1e2d7b4a6c48e0.pdf", "arrow", "")
        + _icon(f"{SITE}/_files/ugd/3c5f2a_1b7d3f9a0c2e4a6c.pdf", "arrow", ""),
    )  # (two: the page's only file link would be tried for being the only one)
    found = find_candidates(html, f"{SITE}/survey")
    assert found.candidates == ()


def test_a_label_in_the_title_words_names_the_work() -> None:
    title = "Bydlení seniorů v malých obcích: výzkumná zpráva"
    own = f"{SITE}/index.php?eID=dumpFile&t=f&f=4817&token=3b9e1c5a"
    body = (
        f"<ul><li><a href='{own}'>Výzkumná zpráva</a></li>"
        f"<li><a href='{SITE}/index.php?eID=dumpFile&t=f&f=4818&token=8d0f2b4a'>"
        "Shrnutí pro praxi</a></li></ul>"
    )
    found = find_candidates(_page(title, body), f"{SITE}/vyzkum/bydleni-senioru")
    assert [c.url for c in found.candidates] == [own]
    assert "words of the record's title" in found.candidates[0].evidence


def test_before_the_title_words_it_was_too_weak() -> None:
    # the same link labelled with words of its own is only a file's address: not tried
    title = "Bydlení seniorů v malých obcích: výzkumná zpráva"
    link = f"{SITE}/index.php?eID=dumpFile&t=f&f=4817&token=3b9e1c5a"
    other = f"{SITE}/index.php?eID=dumpFile&t=f&f=4818&token=8d0f2b4a"
    body = f"<p><a href='{link}'>Dokument</a></p><p><a href='{other}'>Shrnutí pro praxi</a></p>"
    found = find_candidates(_page(title, body), f"{SITE}/v")
    assert found.candidates == ()


def test_title_words_to_a_web_page_are_no_file() -> None:
    title = "Bydlení seniorů v malých obcích: výzkumná zpráva"
    body = f"<p><a href='{SITE}/vyzkum/zpravy.html'>Výzkumná zpráva</a></p>"
    found = find_candidates(_page(title, body), f"{SITE}/vyzkum/bydleni-senioru")
    assert found.candidates == ()
