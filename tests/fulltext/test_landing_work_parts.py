"""A work's parts listed on its own page under its main title (issue 34, landing77).

An artistic master's thesis is a container: its written part, its recital's recording and
the concert's programme, each with the same "Download" button. The written part is listed
as "<main title> - <what part it is>"; that label names the record's own work, while a
qualifier naming another kind of document ("- Rezension") or a number ("- Teil 2") does not.
The page is written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._pagefacts import page_facts

TITLE = "Zeit und Raum: Die Klaviertrios von Dora Pejačević in der Aufführungspraxis"
PAGE = "https://repo.kunstuni.example.at/detail/o:5120"
API = "https://services.kunstuni.example.at/api/object"


def _member(pid: str, title: str, caption: str) -> str:
    detail = f"/detail/{pid}"
    parts = [
        f"<h3><a href='{detail}'>{title}</a></h3>",
        f"<p class='caption'>{caption}</p>",
        f"<a class='v-btn' href='{API}/{pid}/download'>Herunterladen</a>",
        f"<a class='v-btn' href='{detail}'>Details</a>",
    ]
    return "<div class='row member'>" + " ".join(parts) + "</div>"


def _page(first: str) -> str:
    return (
        f"<html lang='de'><head><title>{TITLE}</title>"
        f"<meta name='citation_title' content='{TITLE}'>"
        "<meta name='citation_author' content='Horvat, Lena'></head><body><main>"
        f"<h1>{TITLE}</h1><p>Künstlerische Masterarbeit mit Abschlusskonzert.</p>"
        "<section class='members'><h2>Bestandteile</h2>"
        + _member("o:5121", first, "Dokument · application/pdf · 3,1 MB")
        + _member("o:5122", "Abschlusskonzert 2.6.2023, Mitschnitt", "Audio · audio/x-wav")
        + _member("o:5123", "Programmheft zum Abschlusskonzert", "Dokument · application/pdf")
        + "</section></main></body></html>"
    )


def test_the_part_listed_under_the_records_main_title_is_tried() -> None:
    found = find_candidates(_page("Zeit und Raum – schriftlicher Teil der Masterarbeit"), PAGE)
    assert [c.url for c in found.candidates][:1] == [f"{API}/o:5121/download"]
    # the other parts, listed under their own names, are not tried
    assert f"{API}/o:5123/download" not in [c.url for c in found.candidates]


@pytest.mark.parametrize(
    "label",
    [
        "Zeit und Raum – Rezension",  # a review of the work: another kind of document
        "Zeit – schriftlicher Teil",  # one word of the main title is no main title
        "Raum und Zeit – schriftlicher Teil der Masterarbeit",  # another work's title
    ],
)
def test_other_labels_under_a_title_are_not_tried(label: str) -> None:
    found = find_candidates(_page(label), PAGE)
    assert f"{API}/o:5121/download" not in [c.url for c in found.candidates]


def test_the_main_title_and_a_plain_qualifier_names_the_record() -> None:
    facts = page_facts(BeautifulSoup(_page("x"), "lxml"), PAGE)
    assert facts.names_own("Zeit und Raum – schriftlicher Teil der Masterarbeit")
    assert facts.names_own("Zeit und Raum: Textteil")
    # a qualifier with a number names another part or edition, not by this reading
    assert not facts._main_title_part("Zeit und Raum – Teil 2")
    assert not facts._main_title_part("Zeit und Raum – Rezension")
