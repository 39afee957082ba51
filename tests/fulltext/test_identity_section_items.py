"""Identity: a journal section's file holding the record's item and the next ones.

Written after identity95 (a journal issue's small items, written outside the project,
scored once on 6e9b1fd): the whole "Book Reviews" section, the record's review first with
its DOI "...18.2.r1", then three more reviews each under its own DOI ("...r2", "...r3",
"...r4"), was matched to the first review's record by its DOI. Two DOIs or more of the
record's series, each a later page's own, make the file the section. A book's chapters
under the book's own DOI ("<the book's DOI>.ch01") are parts of the record's work.
The documents are written here; none is copied from the corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

REVIEW = {
    "title": ["Beaches in a Warming World: Processes, Hazards and Adaptation"],
    "creator": ["MacLeod, Fiona"],
    "identifier": ["https://doi.org/10.5555/jcg.2021.18.2.r1"],
    "date": ["2021"],
    "type": ["info:eu-repo/semantics/review"],
}


def _item(title: str, doi: str, reviewer: str) -> list[tuple[object, ...]]:
    return [
        (title, 15.0),
        ("Edited by Miriam Thale. Cambridge: Littoral Press, 2020. 412 pp.", 10.0),
        (f"https://doi.org/{doi}", 9.0),
        *body(25),
        (reviewer, 10.0),
    ]


def _section(*dois: str) -> bytes:
    first = _item(
        "Beaches in a Warming World: Processes, Hazards and Adaptation",
        "10.5555/jcg.2021.18.2.r1",
        "Fiona MacLeod",
    )
    others = [
        _item(f"Another book on coasts, volume {n}", d, "Ana Tuilagi")
        for n, d in enumerate(dois, 2)
    ]
    return make_pdf(first, *others)


def test_a_section_going_on_with_the_venues_next_items_is_not_the_item() -> None:
    section = _section("10.5555/jcg.2021.18.2.r2", "10.5555/jcg.2021.18.2.r3")
    identity = check_identity(section, REVIEW)
    assert identity.verdict == "mismatch", identity.evidence
    assert identity.kind == "compilation"


def test_the_next_items_start_on_a_shared_last_page_keeps_the_match() -> None:
    identity = check_identity(_section("10.5555/jcg.2021.18.2.r2"), REVIEW)
    assert identity.verdict == "matched", identity.evidence


def test_parts_under_the_records_own_doi_are_its_work() -> None:
    section = _section("10.5555/jcg.2021.18.2.r1.ch1", "10.5555/jcg.2021.18.2.r1.ch2")
    assert check_identity(section, REVIEW).verdict != "mismatch"
