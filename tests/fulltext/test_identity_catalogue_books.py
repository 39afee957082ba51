"""A library catalogue's record of a book, typed only "text" (issue 34, identity72).

Written after identity72 (written outside the project, scored once): a catalogue's record
gives a book's extent in ``format`` ("1 online resource (xii, 186 pages)") or the book's
ISBN as its own identifier, and types it "text". Such a record is of a whole book: its own
file has a contents page (no compilation of other works), and its cover alone, a page or
two, is not the book. The pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._identity import extent_pages

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

_BOOK = {
    "title": ["Rivers of memory :water, ritual and landscape in the early modern Mediterranean /"],
    "creator": ["Hoffmann, Clara, 1974- editor.", "Benedetti, Marco, editor."],
    "date": ["2018."],
    "type": ["text"],
    "format": ["1 online resource (xii, 186 pages) : illustrations, maps"],
    "publisher": ["York :Northmarch University Press,"],
}


@pytest.mark.parametrize(
    ("formats", "pages"),
    [
        (["1 online resource (xii, 186 pages) : illustrations"], 186),
        (["x, 246 s. : il., mapy ; 24 cm"], 246),
        (["312 с. : ил."], 312),
        (["234 p. : mapas ; 23 cm"], 234),
        (["application/pdf"], None),
        (["pp. 45-67"], None),
    ],
)
def test_a_catalogues_extent(formats: list[str], pages: int | None) -> None:
    assert extent_pages(formats) == pages


@pytest.mark.parametrize(
    ("fields", "whole"),
    [
        ({}, True),
        ({"format": ["x, 246 s."], "identifier": []}, True),
        ({"format": [], "identifier": ["URN:ISBN:9785999990549"]}, True),
        ({"format": ["12 p."]}, False),  # a short work's extent
        ({"type": ["info:eu-repo/semantics/article"]}, False),
        ({"source": ["Journal of Water History 12(2): 33-58"]}, False),  # a part, cited
    ],
)
def test_a_catalogues_record_of_a_whole_book(fields: dict[str, list[str]], whole: bool) -> None:
    assert RecordHints.from_metadata({**_BOOK, **fields}).monograph is whole


def test_a_books_cover_is_not_the_book() -> None:
    cover = [
        ("RIVERS OF MEMORY", 26.0),
        ("Water, Ritual and Landscape in the Early Modern Mediterranean", 14.0),
        ("Edited by Clara Hoffmann and Marco Benedetti", 12.0),
        (
            "Springs, rivers and canals were places of memory in the early modern Mediterranean.",
            10.0,
        ),
        ("Northmarch University Press", 10.0),
    ]
    assert check_identity(make_pdf(cover), _BOOK).verdict != "matched"


def test_a_books_own_file_with_its_contents_page_is_the_book() -> None:
    title_page = [
        ("Rivers of Memory", 24.0),
        ("Water, Ritual and Landscape in the Early Modern Mediterranean", 14.0),
        ("Edited by Clara Hoffmann and Marco Benedetti", 12.0),
        ("Northmarch University Press", 11.0),
    ]
    contents = [
        ("Contents", 16.0),
        *[
            (f"{n}. {name} {'.' * 20} {page}", 10.0)
            for n, (name, page) in enumerate(
                [
                    ("Introduction: waters remembered", 1),
                    ("Rain-making processions in Sicilian towns", 15),
                    ("Holy wells and parish boundaries in Calabria", 39),
                    ("The mill and the monastery", 61),
                    ("Fountains and foundations", 88),
                    ("Flood, penance and memory in the Rhone valley", 113),
                ],
                start=1,
            )
        ],
    ]
    chapter = [("Introduction: waters remembered", 16.0), *body(30)]
    record = {**_BOOK, "format": [], "identifier": ["URN:ISBN:9781999991425"]}
    identity = check_identity(make_pdf(title_page, contents, chapter), record)
    assert identity.verdict != "mismatch"
