"""A review platform's exported review of the record's preprint (issue 34, identity80).

Written after identity80 (written outside the project, scored once on cbf8f8d): a
reviewer's report as the platform exports it heads its page "Review by <name>, <date>"
over the preprint's title, DOI and authors, which the record's article shares. It is a
peer review, not the work. The pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

_ARTICLE = {
    "title": ["Warming advances caterpillar emergence more than oak budburst in the Pyrenees"],
    "creator": ["Dubois, Claire", "Etxeberria, Inaki"],
    "identifier": ["https://doi.org/10.5555/2023.03.14.532601"],
    "type": ["info:eu-repo/semantics/article"],
}


def _export(heading: str) -> bytes:
    return make_pdf(
        [
            ("Peer Community (example) - Reviews", 9.0),
            (heading, 13.0),
            ("Round #1", 10.0),
            ("Submission Warming advances caterpillar emergence more than oak", 10.0),
            ("budburst in the Pyrenees (bioRxiv, https://doi.org/10.5555/2023.03.14.532601)", 10.0),
            ("Authors Claire Dubois, Inaki Etxeberria", 10.0),
            *body(30),
        ]
    )


def test_a_review_exported_by_its_platform_is_not_the_work() -> None:
    identity = check_identity(_export("Review by Rosa Martinez, 12 Jun 2023 09:41"), _ARTICLE)
    assert identity.verdict != "matched"
    assert identity.kind == "peer-review"


def test_the_work_s_own_first_page_is_still_the_work() -> None:
    # (the guard: the same page without the review's heading)
    pdf = make_pdf(
        [
            ("Warming advances caterpillar emergence more than oak", 18.0),
            ("budburst in the Pyrenees", 18.0),
            ("Claire Dubois, Inaki Etxeberria", 11.0),
            ("https://doi.org/10.5555/2023.03.14.532601", 9.0),
            *body(30),
        ]
    )
    assert check_identity(pdf, _ARTICLE).verdict == "matched"
