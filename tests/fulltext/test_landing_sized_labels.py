"""A short label with a file's size on a link whose address names a PDF is a PDF file's label.

landing95 (scored once): a research portal listed the record's documents as "Kustantajan
versio 3,1 MB" and "Hyväksytty käsikirjoitus 1,2 MB" (the publisher's version, the accepted
manuscript) on ``.../main.pdf`` addresses; no word of the label is read here, so neither
was a candidate. The size says the link gives a file and the address says which format, as
"<words> (PDF, 3,1 MB)" says both in the label. On another page, the record's only file was
in its "Links" field as a bare address (``.../9921/1/WP361.pdf``, in the portal's
repository) on the page of working paper 361: a file's name carrying the record's number in
its series names the record's file. A third listed its files by name ("0587123-aoa.pdf" on
the page of record 0587123) on a download script's address: the name carries the record's
id, as a label naming the record does. And an aggregator's access box listed "Full text"
beside "(Published version, PDF)" as one of three alike items: the bracketed note describes
the link's file, it names no other document. Guards: the same label on a ``.docx`` or on a page's
address, a long label (another document's title), and another number of the series, give
no such evidence. All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._regions import _own_text

TITLE = "Lowering district-heating return temperatures in apartment blocks"
SITE = "https://portal.example.fi"
PAGE = f"{SITE}/fi/publications/lowering-return-temperatures"


def _page(items: str) -> str:
    return (
        f"<html><head><title>{TITLE}</title><meta name='citation_title' content='{TITLE}'>"
        f"</head><body><main><h1>{TITLE}</h1><p>Tiivistelmä ...</p></main>"
        f"<aside><div class='documents'><h2>Asiakirjat</h2><ul>{items}</ul></div></aside>"
        "</body></html>"
    )


def _item(href: str, label: str, size: str) -> str:
    return f"<li><a href='{href}'><span>{label}</span> <span>{size}</span></a></li>"


def _kept(html: str) -> list[str]:
    return [c.url for c in find_candidates(html, PAGE).candidates]


def test_sized_labels_on_pdf_addresses_are_the_records_files() -> None:
    own = f"{SITE}/files/1345/main.pdf"
    accepted = f"{SITE}/files/1187/manuscript.pdf"
    items = (
        _item(own, "Kustantajan versio", "3,1 MB")
        + _item(accepted, "Hyväksytty käsikirjoitus", "(1,2 MB)")
        + _item(f"{SITE}/files/1346/mmc1.docx", "Liite A", "88 KB")
    )
    assert _kept(_page(items)) == [own, accepted]


@pytest.mark.parametrize(
    ("href", "label"),
    [
        ("/files/1345/main.docx", "Kustantajan versio"),  # another format
        ("/fi/publications/other-record", "Kustantajan versio"),  # a page, not a file
        # another document's title, not a short label
        ("/files/1345/report.pdf", "Kaukolämmön hinnoittelu ja kuluttajien valinnat Suomessa"),
    ],
)
def test_a_size_says_nothing_without_a_pdf_address_and_a_short_label(href: str, label: str) -> None:
    assert _kept(_page(_item(f"{SITE}{href}", label, "3,1 MB"))) == []


def _linked(report: str, links: str) -> str:
    return (
        f"<html><head><title>{TITLE}</title><meta name='citation_title' content='{TITLE}'>"
        f"<meta name='citation_technical_report_number' content='{report}'></head><body>"
        f"<main><h1>{TITLE}</h1></main><aside><div class='links'><h2>Links</h2><ul>{links}"
        "</ul></div></aside></body></html>"
    )


def test_a_bare_address_whose_file_carries_the_records_number() -> None:
    own = "https://epub.example.fi/9921/1/WP361.pdf"
    links = (
        "<li><a href='https://epub.example.fi/9921/'>https://epub.example.fi/9921/</a></li>"
        f"<li><a href='{own}'>{own}</a></li>"
    )
    assert _kept(_linked("Department of Economics Working Paper Series 361", links)) == [own]


def test_a_bare_address_of_another_number_in_the_series_is_not_the_records() -> None:
    other = "https://epub.example.fi/8734/1/WP329.pdf"
    links = f"<li><a href='{other}'>{other}</a></li>"
    assert _kept(_linked("Department of Economics Working Paper Series 361", links)) == []


def test_a_file_named_by_the_records_id_on_a_scripts_address() -> None:
    page = "https://catalogue.example.cz/arl/cs/detail-un_epca-0587123-Groundwater-levels/"
    row = "<tr><td><a href='/arl/cs/csg/?repo=r1&key={key}' title='Stáhnout'>{name}</a></td></tr>"
    html = (
        f"<html><head><title>{TITLE}</title></head><body><h1>{TITLE}</h1>"
        "<table><caption>Elektronické dokumenty</caption>"
        + row.format(key=4812, name="0587123-aoa.pdf")
        + "</table><table><caption>Související</caption>"
        + row.format(key=4813, name="0562210-aoa.pdf")
        + "</table></body></html>"
    )
    found = [c.url for c in find_candidates(html, page).candidates]
    assert found == ["https://catalogue.example.cz/arl/cs/csg/?repo=r1&key=4812"]


def test_a_bracketed_note_naming_the_format_is_no_other_documents_title() -> None:
    item = "<li><a href='/r/1'>Volledige tekst</a> <span>(Gepubliceerde versie, PDF)</span></li>"
    other = "<li><a href='/r/2'>PDF</a> <span>Digitale drempels in lokale besturen</span></li>"
    assert _own_text(BeautifulSoup(item, "lxml").li) is None
    assert _own_text(BeautifulSoup(other, "lxml").li) == "Digitale drempels in lokale besturen"
