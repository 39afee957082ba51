"""A site's own files on the content-delivery host it loads its stylesheets from.

landing96 (scored once): a think tank's WordPress page loaded its theme's stylesheet from
``ifw-cdn.b-cdn.net/wp-content/themes/...`` and offered its policy brief as
``ifw-cdn.b-cdn.net/wp-content/uploads/2024/06/a91f3c07e2.pdf`` behind a "Herunterladen"
(download) button; the file's host was counted against it as another site's. The folder the
page's own stylesheets come from on another host is the site's: its uploads lie there too.
Guards: a public CDN serving a library's stylesheet from another folder, and an image host,
make no host the site's. All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._addresses import theme_folder
from politeharvest.fulltext._landing import find_candidates

TITLE = "Mietpreisbremse in Mittelstädten: Wirkung nach acht Jahren"
PAGE = "https://www.wohnpolitik.example.de/publikationen/policy-brief-07-2024/"
FILE = "https://wp-cdn.example-cdn.net/wp-content/uploads/2024/06/a91f3c07e2.pdf"


def _page(head: str) -> str:
    return (
        f"<html><head><title>{TITLE}</title>{head}</head><body><main><h1>{TITLE}</h1>"
        "<p>Dieser Policy Brief wertet 38.214 Wohnungsinserate aus 24 Mittelstädten aus.</p>"
        f"<a class='button' href='{FILE}'>Herunterladen</a></main></body></html>"
    )


def _kept(html: str) -> list[str]:
    return [c.url for c in find_candidates(html, PAGE).candidates]


def test_a_file_in_the_folder_the_sites_stylesheet_comes_from_is_the_sites() -> None:
    theme = "https://wp-cdn.example-cdn.net/wp-content/themes/hello/style.min.css"
    assert _kept(_page(f"<link rel='stylesheet' href='{theme}'>")) == [FILE]


@pytest.mark.parametrize(
    "head",
    [
        "",  # nothing of the site's on that host
        # a public CDN's stylesheet in another folder of the same host
        "<link rel='stylesheet' href='https://wp-cdn.example-cdn.net/npm/bootstrap/b.css'>",
        # an image from the host, no stylesheet
        "<img src='https://wp-cdn.example-cdn.net/wp-content/uploads/logo.svg'>",
    ],
)
def test_another_hosts_file_stays_another_hosts(head: str) -> None:
    assert _kept(_page(head)) == []


def test_theme_folder_reads_the_first_folder_only() -> None:
    assert theme_folder("https://cdn.example.net/wp-content/a/b.css") == (
        "cdn.example.net",
        "wp-content",
    )
    assert theme_folder("https://fonts.example.com/css?family=Inter") is None
