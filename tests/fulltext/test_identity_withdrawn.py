"""A withdrawn work's notice under the work's own title (issue 34, identity78).

Written after identity78 (written outside the project, scored once on 7aa3420): a preprint
server serves, in place of a withdrawn version, one page with the work's title block,
byline and DOI over one short section, "Withdrawal Statement". It is a notice, not the
record's work. The pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

_PREPRINT = {
    "title": ["Daily step counts and sleep quality in night-shift nurses: a cohort study"],
    "creator": ["Okafor, Chidi", "Lindqvist, Maja"],
    "identifier": ["https://doi.org/10.5555/2022.03.14.22272301"],
    "type": ["Preprint"],
}

_STATEMENT = [
    ("The authors have withdrawn this manuscript because an error was found in the", 10.0),
    ("linkage of the sleep diaries to the step records of two of the wards in the", 10.0),
    ("analysis. The corrected analysis no longer supports the conclusions of the", 10.0),
    ("manuscript, and the authors do not wish this work to be cited.", 10.0),
]


def _page(heading: str, after: list[tuple[str, float]]) -> bytes:
    return make_pdf(
        [
            ("doi: https://doi.org/10.5555/2022.03.14.22272301; this version posted 2 May", 8.0),
            ("Daily Step Counts and Sleep Quality in", 18.0),
            ("Night-Shift Nurses: a Cohort Study", 18.0),
            ("Chidi Okafor, Maja Lindqvist", 11.0),
            ("1 School of Nursing, Northern University", 9.0),
            (heading, 12.0),
            *after,
        ]
    )


@pytest.mark.parametrize("heading", ["Withdrawal Statement", "Retraction Notice"])
def test_a_one_page_notice_under_the_work_s_title_is_not_the_work(heading: str) -> None:
    identity = check_identity(_page(heading, _STATEMENT), _PREPRINT)
    assert identity.verdict == "mismatch"
    assert "notice" in identity.evidence


def test_the_work_s_first_page_opening_with_its_abstract_is_matched() -> None:
    # (the guard: a section of another name, the abstract, over the page's text)
    assert check_identity(_page("Abstract", body(40)), _PREPRINT).verdict == "matched"


def test_a_notice_s_own_record_is_not_refused() -> None:
    record = {**_PREPRINT, "type": ["Retraction"], "title": ["Withdrawal statement"]}
    assert check_identity(_page("Withdrawal Statement", _STATEMENT), record).verdict != "mismatch"
