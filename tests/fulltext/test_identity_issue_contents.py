"""Identity: a whole issue whose contents list each title over its authors and page (identity43).

A journal issue's contents set each article's title on a line of its own and its authors
with the first page under it ("Devolution and the right to health ..." over "Grace Nyambura
Wanjiru ..... 145"). The lines ending in page numbers are the author lines, of three
words each, which read like a work's own headings ("Introduction ..... 1"): the issue was
taken for one work, and matched to the record of its fifth article by the title and an
author on its contents page. Entries set under a title's line of their own are a list of
other works: the issue is a compilation, never the article. Guard: a work's own contents
of short headings stays its own.

Small PDFs made here (reportlab).
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_layout import Item, body, make_pdf

TITLE = "Devolution and the right to health: county health budgets before the courts in Kenya"
ENTRIES = [
    (
        "Judicial independence and the Supreme Court's annulment jurisprudence",
        "Peter Kamau Njoroge",
        1,
    ),
    (
        "Land restitution claims of the Ogiek after the African Court's judgment",
        "Salome Chepkoech",
        37,
    ),
    ("Tax expenditure and transparency in the East African Community", "Hamisi Juma Mwinyi", 71),
    (
        "Public participation in county legislation: a decade of litigation",
        "Mercy Achieng Odhiambo",
        109,
    ),
    (TITLE, "Grace Nyambura Wanjiru and Felix Ouma Otieno", 145),
    ("Book review: Constitutionalism in Africa revisited", "Daniel Mutua", 177),
]


def _issue() -> bytes:
    cover: list[Item] = [
        ("EAST AFRICAN GOVERNANCE LAW JOURNAL", 22.0),
        ("Volume 7 · Number 2 · December 2021", 12.0),
    ]
    contents: list[Item] = [("CONTENTS", 14.0), ("Editorial ..... v", 10.0)]
    for title, authors, page in ENTRIES:
        contents += [(title, 10.0), (f"{authors} ..... {page}", 10.0)]
    return make_pdf(cover, contents, body(30))


def test_an_issue_listing_titles_over_authors_and_pages_is_no_article() -> None:
    record = RecordHints(titles=(TITLE,), surnames=("wanjiru", "otieno"), year="2021")
    identity = check_identity(_issue(), record)
    assert identity.verdict == "mismatch"
    assert "list of contents" in identity.evidence


def test_a_work_s_own_contents_of_headings_stays_its_own() -> None:
    own = "Hospital waiting lists and the reform of county health financing"
    first: list[Item] = [(own, 20.0), ("Achieng Odhiambo", 11.0)]
    contents: list[Item] = [("Contents", 14.0)] + [
        (f"{heading} ..... {page}", 10.0)
        for heading, page in (
            ("1 Introduction", 1),
            ("2 Data and methods", 4),
            ("3 Waiting lists by county", 9),
            ("4 Financing reforms", 15),
            ("5 Discussion", 22),
        )
    ]
    record = RecordHints(titles=(own,), surnames=("odhiambo",), year="2021")
    assert check_identity(make_pdf(first + contents + body(20)), record).verdict != "mismatch"
