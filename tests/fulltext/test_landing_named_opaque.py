"""An address that names no file, said to give one: by a PDF file's name as its label, or by
HTML's download attribute; and a form's radio choice checked by default among its files.

A CRIS portal lists a record's files by their names over opaque addresses
(``getfile?id=4412087`` shown as "[pdf icon] Virtanen_Korhonen_2023.pdf"): the link gives
that PDF, whatever the name's words (landing107, after its scoring: the record's file was
refused as weak evidence, an icon alone). Each such file is a weak candidate, kept only
when it matches the record.

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext._landing import find_candidates

PORTAL = "https://cris.example.fi"
TITLE = "Oppilaiden toimijuus kemian tutkimuksellisissa oppimistehtävissä"


def _page(rows: list[tuple[str, str]]) -> str:
    body = "".join(
        f"<tr><td><a href='{href}'><img src='/images/filetypes/pdf.png' alt=''> {name}</a></td>"
        f"<td>CC BY 4.0</td></tr>"
        for href, name in rows
    )
    return (
        f"<html><head><title>{TITLE}</title></head><body><main><h1>{TITLE}</h1>"
        f"<h2>Tiedostot</h2><table class='fileTable'>{body}</table></main></body></html>"
    )


def test_named_pdfs_over_opaque_addresses_are_weak_candidates() -> None:
    rows = [
        ("/converis/getfile?id=4412099&portal=true", "aineistokuvaus_LUMAT_2023.pdf"),
        ("/converis/getfile?id=4412087&portal=true", "Virtanen_Korhonen_2023.pdf"),
    ]
    found = find_candidates(_page(rows), f"{PORTAL}/portal/detail/Publication/178234567")
    urls = [c.url for c in found.candidates]
    assert urls == [f"{PORTAL}{href}" for href, _ in rows]
    assert not any(c.strong for c in found.candidates)


@pytest.mark.parametrize(
    "name",
    [
        "aineisto_2023.xlsx",  # another format's file
        "Virtanen_Korhonen_2023",  # no file's name
    ],
)
def test_a_label_that_names_no_pdf_file_adds_nothing(name: str) -> None:
    rows = [("/converis/getfile?id=4412087&portal=true", name)]
    found = find_candidates(_page(rows), f"{PORTAL}/portal/detail/Publication/178234567")
    assert found.candidates == ()


def _hero(attribute: str) -> str:
    return (
        "<html><head><title>River Towns and Railroads</title></head><body><main>"
        "<section class='hero'><h1>River Towns and Railroads</h1>"
        "<p>Eleanor M. Fitzgibbon and Darnell Achebe-Ross</p><div class='callouts'>"
        f"<a class='button-secondary' href='/api/proxy/action_callouts/b1c7/attachment'{attribute}>"
        "Download</a></div></section></main></body></html>"
    )


def test_a_download_attribute_says_an_opaque_address_gives_a_file() -> None:
    """A book platform's "Download" button with HTML's download attribute over an address
    that names no file (landing108, after its scoring: refused as weak evidence)."""
    found = find_candidates(_hero(" download"), "https://books.example.org/projects/rtr")
    assert [c.url for c in found.candidates] == [
        "https://books.example.org/api/proxy/action_callouts/b1c7/attachment"
    ]
    assert not found.candidates[0].strong


def test_the_same_button_without_the_attribute_is_still_too_weak() -> None:
    found = find_candidates(_hero(""), "https://books.example.org/projects/rtr")
    assert found.candidates == ()


def _radio_form(checked: int) -> str:
    files = ["it_tema_1432.pdf", "appendice_tema_1432.pdf"]
    choices = "".join(
        f"<div><input type='radio' name='url' id='dl{i}' "
        f"value='https://www.bank.example.it/pubblicazioni/2024/{name}'"
        f"{' checked' if i == checked else ''}><label for='dl{i}'>File URL: {name}</label></div>"
        for i, name in enumerate(files)
    )
    return (
        "<html><head><title>Tema di discussione 1432</title></head><body><main>"
        "<h1>Tema di discussione 1432</h1><form method='post' action='/cgi-bin/get_doc.pl'>"
        f"{choices}<input type='submit' value='Download the selected file'></form>"
        "</main></body></html>"
    )


def test_a_forms_radio_choice_checked_by_default_is_the_pages_file() -> None:
    """An aggregator's page offers the record's files as a form's radio choices, the full
    text checked by default, the online appendix beside it (landing106, after its scoring:
    both were too weak on another host)."""
    found = find_candidates(_radio_form(0), "https://ideas.example.org/p/bdi/wptemi/td_1432.html")
    assert [c.url for c in found.candidates] == [
        "https://www.bank.example.it/pubblicazioni/2024/it_tema_1432.pdf"
    ]
    assert not found.candidates[0].strong
    found = find_candidates(_radio_form(1), "https://ideas.example.org/p/bdi/wptemi/td_1432.html")
    assert [c.url for c in found.candidates] == [
        "https://www.bank.example.it/pubblicazioni/2024/appendice_tema_1432.pdf"
    ]
