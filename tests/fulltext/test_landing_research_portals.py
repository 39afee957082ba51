"""Research-information portals (CRIS) list a record's files by version (issue 34).

landing95 (17 of 24 own files found when scored once on 3f8a652) held CRIS portals (Pure,
Cristin...) whose file lists label each file by its version and its size without brackets
("Accepteret forfatter manuskript 812 KB") and whose national portal links the full text
in a repository ("Fulltekst fra NTNU Open"). The pages are written here; none is copied
from a corpus.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._words import FULL_TEXT_WORD, names_document, without_file_description


@pytest.mark.parametrize(
    ("label", "left"),
    [
        ("Kustantajan versio 3,1 MB", "Kustantajan versio"),
        ("Accepteret forfatter manuskript 812 KB", "Accepteret forfatter manuskript"),
        ("Final published version, 2.1 MB", "Final published version,"),
    ],
)
def test_a_size_ending_a_label_without_brackets_describes_the_file(label: str, left: str) -> None:
    assert " ".join(without_file_description(label).split()) == left


def test_a_number_in_a_title_is_no_size() -> None:
    # (the guard: a number without a unit of bytes ends a title)
    title = "Household debt in 27 member states 2010"
    assert without_file_description(title) == title


def test_a_version_label_and_its_size_is_no_title() -> None:
    link = BeautifulSoup(
        "<a href='/ws/portalfiles/portal/1/aam.pdf'>Accepteret forfatter manuskript 812 KB</a>",
        "lxml",
    ).a
    assert link is not None and names_document(link) is None


@pytest.mark.parametrize("label", ["Fulltekst fra NTNU Open", "Fuldtekst", "Täistekst"])
def test_the_nordic_full_text_words_say_the_whole_text(label: str) -> None:
    assert FULL_TEXT_WORD.match(label)


PORTAL = "https://app.portal.example.no/results/show.jsf?id=2198765"
OWN = (
    "https://open.example.no/xmlui/bitstream/handle/11250/3151234/Samferdsel-2024-2.pdf"
    "?sequence=1&isAllowed=y"
)


def test_a_label_opening_with_fulltekst_links_the_record_s_file_in_a_repository() -> None:
    page = (
        "<html lang='nb'><head><title>Skred og stengte veger - Portal</title></head><body>"
        "<main><h1>Skred og stengte veger i Vestland 2010–2023</h1><p>Haugland, Kari</p>"
        "<table><tr><th>FULLTEKST</th>"
        f"<td><a href='{OWN}'>Fulltekst fra NTNU Open</a></td></tr></table>"
        "</main></body></html>"
    )
    kept = [c.url for c in find_candidates(page, PORTAL).candidates if c.rejected is None]
    assert kept == [OWN]


VIVO = "https://vivo.example.eu/fis/display/n4f1c2a07"
REPOSITORY = "https://www.repo.example.de/bitstream/handle/123456789/17342/Meyer_2024.pdf"
OTHER = "https://www.repo.example.de/bitstream/handle/123456789/15118/Schroeder_2023.pdf"


def _property(heading: str, items: str) -> str:
    return (
        f"<article class='property'><h3>{heading}</h3>"
        f"<ul class='property-list'>{items}</ul></article>"
    )


def _group(name: str, properties: str) -> str:
    return f"<article class='property-group'><h2>{name}</h2>{properties}</article>"


def _vivo_page(full_text_heading: str) -> str:
    overview = _group(
        "Überblick",
        _property("Autor*innen", "<li><a href='/fis/display/n1'>Meyer, Anna</a></li>")
        + _property("Zeitschrift", "<li><a href='/fis/display/n3'>Natur und Landschaft</a></li>"),
    )
    bibliographic = _group(
        "Bibliographische Angaben",
        _property("DOI", "<li><a href='https://doi.org/10.5555/nul.2024.6'>10.5555/nul</a></li>")
        + _property("Erscheinungsjahr", "<li>2024</li>")
        + _property(
            full_text_heading,
            "<li><a href='https://www.repo.example.de/handle/123456789/17342'>"
            "Repositorium der Universität</a></li>"
            f"<li><a href='{REPOSITORY}' title='Link'>Link</a></li>",
        ),
    )
    research = _group(
        "Forschung",
        _property(
            "Weitere Publikationen der Autor*innen",
            "<li><a href='/fis/display/n2'>Lichtverschmutzung an Querungsbauwerken: eine "
            f"Literaturübersicht</a> (2023) - <a href='{OTHER}'>Volltext</a></li>",
        ),
    )
    other = _group(
        "Sonstiges",
        _property("Export", "<li><a href='/fis/individual/n8/n8.rdf'>RDF/XML</a></li>"),
    )
    return (
        "<html lang='de'><head><title>Grünbrücken und Fledermäuse - FIS</title></head><body>"
        "<main><h1>Grünbrücken und Fledermäuse: Nutzung und Wirkung</h1>"
        f"{overview}{bibliographic}{research}{other}</main></body></html>"
    )


def test_a_file_in_the_record_s_field_headed_full_text_is_the_record_s() -> None:
    kept = [c.url for c in find_candidates(_vivo_page("Volltext"), VIVO).candidates]
    assert kept[:1] == [REPOSITORY]
    assert OTHER not in kept


def test_a_field_of_another_heading_gives_no_such_evidence() -> None:
    # (the guard: a field headed "Links" says nothing of the file it holds)
    found = find_candidates(_vivo_page("Weblinks"), VIVO)
    assert REPOSITORY not in [c.url for c in found.candidates if "Volltext" in c.evidence]
