"""A record's file offered in parts (issue 34, landing37 after its scoring).

A large work offered as two or three files ("Parte 1 (pp. 1-86): …", "Parte 2 (pp. 87-164):
…", the Sinhala "I කොටස (පිටු 55-73)") is one document cut in pieces: the labels are the
same words around a part's number and the parts' pages run on. The first part is the
record's file and is tried; the later parts are its continuation, never tried first, and
the blocks beside the first are not other documents. Guards: a list of contents (each entry
its own title before its pages), pages that do not run on, numbering that does not start
at one, and a work cut into more than three parts (chapters) are no parts.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._parts import MAX_PARTS, FilePart, file_parts


def _labels(html: str) -> dict[str, FilePart]:
    soup = BeautifulSoup(html, "html.parser")
    parts = file_parts(soup)
    return {
        " ".join(a.get_text(" ", strip=True).split()): parts[id(a)]
        for a in soup.find_all("a")
        if id(a) in parts
    }


def _list(*labels: str) -> str:
    return (
        "<ul>"
        + "".join(f"<li><a href='/f/{i}.pdf'>{t}</a></li>" for i, t in enumerate(labels))
        + "</ul>"
    )


@pytest.mark.parametrize(
    "labels",
    [
        ("Parte 1 (pp. 1–86): introducción y catálogo", "Parte 2 (pp. 87–164): láminas, índice"),
        ("I කොටස (පිටු 55–73)", "II කොටස (පිටු 74–92, සිතුවම් ඡායාරූප)"),
        ("Teil 1, S. 1-120", "Teil 2, S. 121-240", "Teil 3, S. 241-301"),
        ("Часть I (с. 5–98)", "Часть II (с. 99–187)"),
    ],
)
def test_labels_numbering_parts_whose_pages_run_on_are_one_file(labels: tuple[str, ...]) -> None:
    found = _labels(_list(*labels))
    assert [found[" ".join(t.split())].number for t in labels] == list(range(1, len(labels) + 1))
    assert {p.count for p in found.values()} == {len(labels)}


@pytest.mark.parametrize(
    "labels",
    [
        # a list of contents: each entry's own title before its pages
        ("Soil moisture under drought (pp. 1–14)", "Water tariffs and vendors (pp. 15–30)"),
        # pages that do not run on: two parts of different works
        ("Parte 1 (pp. 1–86)", "Parte 2 (pp. 95–164)"),
        # numbering that does not open the file
        ("Parte 2 (pp. 87–164)", "Parte 3 (pp. 165–200)"),
        # more parts than a file is cut into for its size: chapters
        tuple(f"Chapter {i} (pp. {20 * i - 19}–{20 * i})" for i in range(1, MAX_PARTS + 2)),
        # a single part
        ("Parte 1 (pp. 1–86)",),
    ],
)
def test_links_that_only_share_a_shape_are_no_parts(labels: tuple[str, ...]) -> None:
    assert _labels(_list(*labels)) == {}


def _page(files: str) -> str:
    return (
        "<html lang='es'><head><title>Mogotes de Cuba central: flora y vegetación</title>"
        "<meta name='citation_title' content='Mogotes de Cuba central: flora y vegetación'>"
        "</head><body><main><h1>Mogotes de Cuba central: flora y vegetación</h1>"
        f"<div class='field'><div class='field__label'>Texto completo</div>{files}</div>"
        "</main><footer><a href='/privacy'>Privacidad</a></footer></body></html>"
    )


PAGE = "https://jardin.example.cu/publicaciones/boletin/14/mogotes"
PART1 = "https://jardin.example.cu/files/boletin14_mogotes_parte1.pdf"
PART2 = "https://jardin.example.cu/files/boletin14_mogotes_parte2.pdf"


def test_the_first_part_is_tried_and_the_later_parts_are_not() -> None:
    files = (
        "<div class='field__items'>"
        f"<div class='field__item'><a href='{PART1}' type='application/pdf'>Parte 1 (pp. 1–86):"
        " introducción, métodos y catálogo</a> <span>12.3 MB</span></div>"
        f"<div class='field__item'><a href='{PART2}' type='application/pdf'>Parte 2 (pp. 87–164):"
        " láminas y referencias</a> <span>18.5 MB</span></div></div>"
    )
    found = find_candidates(_page(files), PAGE)
    assert [c.url for c in found.candidates][:1] == [PART1]
    assert PART2 not in [c.url for c in found.candidates]
    rejected = {c.url: c.rejected for c in found.rejected}
    assert "part 2 of 2" in str(rejected.get(PART2))


def test_without_parts_the_same_labels_name_other_documents() -> None:
    # the guard: pages that do not run on are two documents, as before
    files = (
        f"<ul><li><a href='{PART1}'>Parte 1 (pp. 1–86): introducción</a></li>"
        f"<li><a href='{PART2}'>Parte 2 (pp. 95–164): láminas</a></li></ul>"
    )
    found = find_candidates(_page(files), PAGE)
    assert PART1 not in [c.url for c in found.candidates]


def test_a_series_volumes_are_no_parts_of_the_record_s_file() -> None:
    # the record is one of the volumes ("..., Volume II"), numbered with the parts' word:
    # the pages run on across the series, but volume I is another record (redteam7L)
    labels = ("Volume I (pp. 1–312)", "Volume II (pp. 313–618)", "Volume III (pp. 619–904)")
    soup = BeautifulSoup(_list(*labels), "html.parser")
    assert file_parts(soup, ("Anais da Câmara de Vila Rica, Volume II (1735–1760)",)) == {}
    assert len(file_parts(soup, ("Anais da Câmara de Vila Rica (1735–1760)",))) == 3
