"""A page's other addresses for its own record name it too (canonical, alternate links).

Pure (no server): a catalogue's work page at an opaque address (``/works/k8t2p4wq``)
declares its record's representation (``<link rel="alternate" href=".../b31459872">``);
the record's file carries that id, a related work's file another one. The page's address
alone says nothing of either.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import page_facts

PAGE = "https://collection.example.org/works/k8t2p4wq"
OWN = "https://media.example.org/pdf/b31459872"
OTHER = "https://media.example.org/pdf/b31459884"
TITLE = "[Report 1889] / Medical Officer of Health, Riverside Parish."


def html(head: str) -> str:
    return (
        f"<html><head><title>{TITLE}</title>{head}</head><body>"
        f"<main><div><h1>{TITLE}</h1><p>Date: 1889</p>"
        f'<ul><li><a href="{OWN}">Whole item (PDF)</a></li></ul></div>'
        '<section><h2>More like this</h2><a href="/works/u3m9xq7d">'
        "[Report 1890] / Medical Officer of Health, Riverside Parish.</a> "
        f'<a href="{OTHER}" title="PDF"><svg class="icon icon-pdf"></svg></a></section>'
        "</main></body></html>"
    )


ALTERNATE = (
    '<link rel="alternate" type="application/ld+json" '
    'href="https://media.example.org/presentation/v3/b31459872">'
)


def test_an_alternate_representation_names_the_pages_record() -> None:
    facts = page_facts(BeautifulSoup(html(ALTERNATE), "html.parser"), PAGE)
    assert "b31459872" in facts.ids
    assert facts.named_in(OWN) is not None
    assert facts.named_in(OTHER) is None


def test_the_file_carrying_the_alternates_id_is_the_records_and_the_others_is_not() -> None:
    analysis = find_candidates(html(ALTERNATE), PAGE)
    assert [c.url for c in analysis.candidates][:1] == [OWN]
    assert OTHER not in [c.url for c in analysis.candidates]


@pytest.mark.parametrize(
    "head",
    [
        "",
        '<link rel="alternate" type="application/rss+xml" href="https://media.example.org/feed/b31459872">',
        '<link rel="stylesheet" href="https://media.example.org/css/b31459872">',
    ],
)
def test_a_feed_or_another_kind_of_link_names_no_record(head: str) -> None:
    facts = page_facts(BeautifulSoup(html(head), "html.parser"), PAGE)
    assert "b31459872" not in facts.ids
