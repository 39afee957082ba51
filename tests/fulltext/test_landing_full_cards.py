"""A download card that opens by saying it is the full work is the record's file's card.

landing96 (scored once): an NGO's report page offered cards headed "Full report" ("English ·
148 pages · 12.6 MB") and "Executive summary", each with a bare "Download" button. The full
report's card was read as another work's line (its text four words and more, none of them
the record's title's) and the file refused, so the summaries' translations were tried first.
An item whose text opens with the words for the full work describes the file, as a label
that opens so does. Guard: a card headed by another work's title still names another work.
All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates

TITLE = "The State of Community Seed Banks 2024"
PAGE = "https://www.seeds.example.org/resources/reports/state-community-seed-banks-2024"
FILES = "https://www.seeds.example.org/system/files/reports/2024-05"


def _page(cards: str) -> str:
    return (
        f"<html><head><title>{TITLE}</title></head><body><main><h1>{TITLE}</h1>"
        "<p>Community seed banks in 41 countries were surveyed.</p>"
        f"<section><h2>Downloads</h2>{cards}</section></main></body></html>"
    )


def _card(heading: str, fields: str, name: str) -> str:
    return (
        f"<div class='download-card'><h3>{heading}</h3><p>{fields}</p>"
        f"<a class='download-card__link' href='{FILES}/{name}'>Download</a></div>"
    )


def test_a_card_headed_full_report_gives_the_records_file() -> None:
    cards = _card("Full report", "English · 148 pages · 12.6 MB", "SCSB2024_full.pdf") + _card(
        "Executive summary", "8 pages", "SCSB2024_summary.pdf"
    )
    found = find_candidates(_page(cards), PAGE).candidates
    assert found and found[0].url == f"{FILES}/SCSB2024_full.pdf"


def test_a_card_headed_by_another_works_title_is_another_works() -> None:
    cards = _card(
        "Seed sovereignty and farmer networks in East Africa",
        "English · 96 pages · 8.1 MB",
        "seed_sovereignty_2023.pdf",
    )
    assert [c.url for c in find_candidates(_page(cards), PAGE).candidates] == []
