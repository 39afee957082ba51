"""The record's file among the page's own sections (issue 34, landing19's misses).

Three classes of page where the resolver left the record's own file: a table layout whose
title is a styled span (no heading), its rows read as a list of other documents; a sidebar's
"Download" card beside an "Also in this volume" card, its file read as another article's
neighbour; a digital library's two resolutions labelled in two languages with their sizes
("High resolution / دقة عالية (212 MB)"), read as titles, and its item id
(``cornell_aco001187``) not read as the record's. All pages are written here; none is copied
from a corpus.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import _ids_of
from politeharvest.fulltext._words import names_document

TITLE = "Sanctions, rerouting and the geography of trade after 2022"


def _page(body: str, head: str = "") -> str:
    meta = f"<meta name='citation_title' content='{TITLE}'>"
    return f"<html><head><title>{TITLE}</title>{meta}{head}</head><body>{body}</body></html>"


def _chosen(html: str, url: str) -> list[str]:
    return [c.url for c in find_candidates(html, url).candidates]


def test_the_rows_of_the_table_holding_the_title_are_no_list() -> None:
    own = "https://www.institute.example.org/PDF_PUB/wp/2023/wp2023-17.pdf"
    body = (
        "<table><tr><td class='rubric'>Working papers</td></tr>"
        f"<tr><td><span class='titre'>{TITLE}</span></td></tr>"
        "<tr><td>Lionel Fontaine, Beatriz Rocha</td></tr>"
        f"<tr><td><a href='{own}'>Download the paper (English)</a> "
        "<a href='/DATA/wp2023-17_replication.zip'>Replication files</a></td></tr>"
        "<tr><td>See also: <a href='/pb/abstract.asp?NoDoc=13520'>Policy brief 44: Getting "
        "round the sanctions</a> <a href='/PDF_PUB/pb/2023/pb2023-44.pdf'>pdf</a></td></tr>"
        "</table>"
    )
    url = "https://www.institute.example.org/publications/wp/abstract.asp?NoDoc=13512"
    assert own in _chosen(_page(body), url)


def test_rows_of_a_list_of_other_documents_stay_a_list() -> None:
    rows = "".join(
        f"<tr><td><a href='/wp/{n}'>{title}</a> <a href='/PDF_PUB/wp/{n}.pdf'>pdf</a></td></tr>"
        for n, title in (
            (101, "Tariffs and the trade of small firms in Europe"),
            (102, "Exchange rates and export prices in Asia"),
            (103, "Global value chains after the pandemic shock"),
        )
    )
    html = _page(f"<h1>{TITLE}</h1><div class='list'><table>{rows}</table></div>")
    url = "https://www.institute.example.org/wp/100"
    assert "https://www.institute.example.org/PDF_PUB/wp/102.pdf" not in _chosen(html, url)


def test_a_download_card_beside_an_also_in_this_volume_card() -> None:
    own = "https://www.museum.example.org/sites/default/files/TRB_vol9_Verri_et_al.pdf"
    body = (
        f"<main><h1>{TITLE}</h1><p>Giovanni Verri, Thorsten Opper</p>"
        "<aside><div class='download-card'><h3>Download</h3>"
        f"<a href='{own}'><span>Read the paper</span><span>PDF 3.9MB</span></a>"
        "<a href='/sites/default/files/TRB_vol9_complete.pdf'><span>Download the complete "
        "volume</span><span>PDF 48MB</span></a></div>"
        "<div class='related-card'><h3>Also in volume 9</h3>"
        "<a href='/research/publications/bulletin/volume-9/ancient-egyptian-wood-identification'>Identification"
        " of wood in Egyptian coffins</a> <a href='/sites/default/files/TRB_vol9_Cartwright.pdf'"
        " aria-label='PDF'></a></div></aside></main>"
    )
    url = (
        "https://www.museum.example.org/research/publications/bulletin/volume-9/"
        "egyptian-blue-in-roman-wall-painting"
    )
    assert own in _chosen(_page(body), url)


def test_a_file_in_two_languages_with_its_size_is_a_files_label() -> None:
    item = "cornell_aco001187"
    high = f"http://dlib.example.edu/aco/media/{item}/{item}_hi.pdf"
    body = (
        f"<h1>{TITLE}</h1><ul class='downloads'>"
        f"<li><a href='{high}'>High resolution / دقة عالية (212 MB)</a></li>"
        f"<li><a href='/aco/media/{item}/{item}_lo.pdf'>Low resolution / دقة منخفضة (24 MB)</a>"
        "</li></ul>"
    )
    assert high in _chosen(_page(body), f"http://dlib.example.edu/aco/book/{item}")


def test_a_collections_item_id_is_read_from_the_address() -> None:
    assert _ids_of("http://dlib.example.edu/aco/book/cornell_aco001187") == ["cornell_aco001187"]
    assert _ids_of("https://example.org/papers/spring_issue2023") == []  # a year is no id


def test_the_pages_numbered_item_names_its_file() -> None:
    """/rhifyn-36/erthygl-3/ ("issue 36, article 3" in Welsh): the file named
    gwerddon-36-erthygl-3.pdf is the page's item, beside the whole issue's file, whatever
    language the buttons speak."""
    own = "https://journal.example.cymru/media/2214/gwerddon-36-erthygl-3.pdf"
    body = (
        f"<h1>{TITLE}</h1><p>Angharad Huws, Dafydd Pritchard</p>"
        f"<div class='lawrlwytho'><a class='botwm' href='{own}'>Lawrlwytho’r erthygl (PDF)</a> "
        "<a class='botwm' href='/media/2210/gwerddon-36-cyfan.pdf'>Lawrlwytho’r rhifyn cyfan "
        "(PDF)</a></div>"
    )
    url = "https://journal.example.cymru/cy/rhifynnau/rhifyn-36/erthygl-3/"
    assert _chosen(_page(body), url)[:1] == [own]
    assert _ids_of(url) == ["erthygl-3"]


def test_a_file_carrying_the_records_id_is_its_own_beside_a_previous_article_link() -> None:
    own = "https://quod.example.edu/j/jep/images/3336451.0027.103.pdf"
    body = (
        f"<h1>{TITLE}</h1><div class='tools'><a href='/j/jep/3336451.0027.102?view=text'>"
        f"« Previous article</a> <a href='{own}'>PDF</a></div>"
    )
    url = "https://quod.example.edu/j/jep/3336451.0027.103?view=text;rgn=main"
    assert own in _chosen(_page(body), url)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Download rapport (PDF | 98 pagina's | 2,4 MB)", False),
        ("Exhibition catalogue PDF 38.4 MB", False),
        ("Annual report of the institute 2022 (PDF | 3 MB)", True),
    ],
)
def test_a_files_description_makes_a_label_not_a_title(text: str, named: bool) -> None:
    """A file's format with its pages and size, in parentheses or not: the words before it
    are a button's when they are few, a title's when they are many."""
    link = BeautifulSoup(f"<a href='/f.pdf'>{text}</a>", "html.parser").a
    assert link is not None
    assert (names_document(link) is not None) is named
