"""A file as the value of one of the record's fields is the record's file.

Pure (no server): a national library's item page (no citation metadata, a generic heading,
the record in a table of labelled fields) links the record's thesis from its "Electronic
thesis" row, on the harvesting archive's host. The field is evidence of its own; a file in
a list's table (rows without labels) or a lone labelled row gains none.
"""

from __future__ import annotations

from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import page_facts
from politeharvest.fulltext._regions import Regions

PAGE = "https://library.example.gov/eng/theses/Pages/item.aspx?idNumber=1019283746"
OWN = "https://archive.example.gov/obj/s4/f2/OKQ/TC-OKQ-6123.pdf"
FIELDS = (
    '<table summary="Thesis record">'
    "<tr><th>Title</th><td>Ice-shove ridges and shoreline erosion, 1950-2008</td></tr>"
    "<tr><th>Author</th><td>Beaudoin, Marc-André</td></tr>"
    "<tr><th>Degree</th><td>Ph.D. -- Queen's University, 2010</td></tr>"
    f'<tr><th>Electronic thesis</th><td><a href="{OWN}">TC-OKQ-6123.pdf</a> (PDF, 14.6 MB)</td></tr>'
    "</table>"
)


def html(body: str) -> str:
    return (
        "<html><head><title>Theses - Item</title></head><body>"
        f"<main><h1>Theses</h1><p>Search the theses collection.</p>{body}</main></body></html>"
    )


def test_a_file_in_a_field_of_the_records_table_is_a_candidate() -> None:
    analysis = find_candidates(html(FIELDS), PAGE)
    assert [c.url for c in analysis.candidates][:1] == [OWN]
    assert "record's field 'Electronic thesis'" in analysis.candidates[0].evidence


def test_a_file_in_a_lists_rows_or_a_lone_field_gains_nothing() -> None:
    rows = (
        "<table><tr><td>Ice-shove ridges and shoreline erosion</td>"
        f'<td><a href="{OWN}">TC-OKQ-6123.pdf</a></td></tr>'
        "<tr><td>Nearshore ice processes</td>"
        '<td><a href="https://archive.example.gov/obj/TC-OKQ-6129.pdf">TC-OKQ-6129.pdf</a></td></tr>'
        "</table>"
    )
    lone = f'<table><tr><th>File</th><td><a href="{OWN}">TC-OKQ-6123.pdf</a></td></tr></table>'
    for body in (rows, lone):
        soup = BeautifulSoup(html(body), "html.parser")
        regions = Regions(soup, page_facts(soup, PAGE), PAGE)
        anchor = soup.find("a", href=OWN)
        assert anchor is not None
        assert regions.record_field(anchor) is None
        assert OWN not in [c.url for c in find_candidates(html(body), PAGE).candidates]


LIBRARY = "https://dl.example.org/cgi-bin/library.cgi?a=d&c=hdl&d=HASH01f3c7a2e4d19b6a8c0e5d12"
MINE = "https://dl.example.org/collect/hdl/assoc/HASH01f3.dir/doc.pdf"
THEIRS = "https://dl.example.org/collect/hdl/assoc/HASH7b21.dir/doc.pdf"
BOOK = "Small-scale Rainwater Harvesting for Rural Households"


def listing(first: str, second: str) -> str:
    """A digital library's document page: the shelf's listing, each document a title row
    and a file row behind an icon, and no citation metadata but a Dublin Core title."""
    return (
        f'<html><head><title>Library - {BOOK}</title><meta name="DC.Title" content="{BOOK}">'
        "</head><body><table>"
        f"<tr><td><b>{first} (IT Publications, 1999, 124 p.)</b></td></tr>"
        f'<tr><td><a href="{MINE}"><img src="/i/ipdf.gif" alt="" title="Open the document as PDF">'
        "</a></td><td>(source document)</td></tr>"
        f"<tr><td>{second} (SKAT, 1996, 86 p.)</td></tr>"
        f'<tr><td><a href="{THEIRS}"><img src="/i/ipdf.gif" alt="" title="Open the document as PDF">'
        "</a></td><td>(source document)</td></tr>"
        "</table></body></html>"
    )


def test_the_file_row_under_the_records_title_row_is_its_file() -> None:
    analysis = find_candidates(listing(BOOK, "Manual on Ferrocement Water Tanks"), LIBRARY)
    assert [c.url for c in analysis.candidates] == [MINE]


def test_the_file_row_under_another_title_row_gains_nothing() -> None:
    """The same rows with the record's title second: the file under it is the record's, the
    one under another title stays below the bar."""
    analysis = find_candidates(listing("Manual on Ferrocement Water Tanks", BOOK), LIBRARY)
    assert [c.url for c in analysis.candidates] == [THEIRS]
