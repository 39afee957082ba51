"""A document that names itself another kind, on the record's own DOI or address (issue 34).

Written after identity74 (written outside the project, scored once): a review essay under
its own title and DOI, "REVIEW ESSAY" over it, is the record a repository types as an
article; a review printed from the portal that publishes it, its print header giving the
record's own address, is the portal's review, its only file. The pages are written here;
none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

TITLE = "Beyond the achievement gap? School choice, segregation and the new politics of education"


def _essay(doi: str) -> bytes:
    return make_pdf(
        [
            (
                f"COMPARATIVE EDUCATION FORUM 2020, VOL. 18, NO. 3, 401-403 https://doi.org/{doi}",
                8.0,
            ),
            ("REVIEW ESSAY", 10.0),
            ("Beyond the achievement gap? School choice,", 16.0),
            ("segregation and the new politics of education", 16.0),
            ("CHIDI OKONKWO", 10.0),
            ("The Sorting Machine Revisited, by Hanna Lindqvist-Berg, Harbour Press, 2019", 9.0),
            *body(24),
        ]
    )


_ESSAY = {
    "title": [TITLE],
    "creator": ["Okonkwo, Chidi"],
    "identifier": ["https://doi.org/10.5555/cef.2020.0318"],
    "type": ["info:eu-repo/semantics/article"],
}


def test_a_review_essay_under_its_own_doi_is_the_record() -> None:
    assert check_identity(_essay("10.5555/cef.2020.0318"), _ESSAY).verdict == "matched"


def test_a_review_essay_under_another_doi_is_still_a_review() -> None:
    assert check_identity(_essay("10.5555/cef.2020.0412"), _ESSAY).verdict != "matched"


PORTAL = "https://www.reviews.example.de/reviews/id/reb-31206"


def _printed(address: str) -> bytes:
    return make_pdf(
        [
            ("14.03.2022 Zeitgeschichte-Rezensionen", 8.0, "Helvetica", 40, 820),
            (f"{address} 1/2", 8.0, "Helvetica", 40, 20),
            ("Schule als Integrationsort", 18.0),
            ("Rezensiert von Anna Brandt", 11.0),
            *body(24),
        ]
    )


def test_a_page_printed_from_the_records_own_address_is_its_file() -> None:
    record = {
        "title": ["Schule als Integrationsort"],
        "creator": ["Brandt, Anna"],
        "identifier": [PORTAL],
        "type": ["info:eu-repo/semantics/review"],
    }
    assert RecordHints.from_metadata(record).addresses == (
        "www.reviews.example.de/reviews/id/reb-31206",
    )
    assert check_identity(_printed(PORTAL), record).verdict != "mismatch"
    other = "https://www.reviews.example.de/reviews/id/reb-31207"
    assert check_identity(_printed(other), record).verdict == "mismatch"
