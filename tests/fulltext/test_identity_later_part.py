"""A later part of a work under the record's title (issue 34, identity75).

Written after identity75 (written outside the project, scored once): a technical report's
follow-up repeats its title and sets "Part 2: Hinge and Release Mechanism Life Test" under
it; the record's title numbers no part. The second part is not shown to be the record's.
The pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

_REPORT = {
    "title": ["Thermal-vacuum qualification testing of a deployable solar array for 3U CubeSats"],
    "creator": ["Aalto, Henrik", "Raman, Priya"],
    "type": ["Technical Report", "info:eu-repo/semantics/report"],
}


def _cover(under: str) -> bytes:
    return make_pdf(
        [
            ("Northern Aerospace Research Establishment", 10.0),
            ("Thermal-Vacuum Qualification Testing", 20.0),
            ("of a Deployable Solar Array for 3U CubeSats", 20.0),
            (under, 13.0),
            ("Henrik Aalto, Priya Raman and Oscar Lindgren", 11.0),
            *body(24),
        ]
    )


@pytest.mark.parametrize("under", ["Part 2: Hinge and Release Mechanism Life Test", "Teil II"])
def test_a_later_part_is_not_matched_to_a_record_numbering_none(under: str) -> None:
    assert check_identity(_cover(under), _REPORT).verdict != "matched"


@pytest.mark.parametrize("under", ["Part 1: Panel Thermal Cycling", "Final report, April 2021"])
def test_the_first_part_or_a_plain_subtitle_is_matched(under: str) -> None:
    assert check_identity(_cover(under), _REPORT).verdict == "matched"


def test_the_later_parts_own_record_is_matched() -> None:
    record = {**_REPORT, "title": [_REPORT["title"][0] + ". Part 2: Hinge and release test"]}
    cover = _cover("Part 2: Hinge and Release Mechanism Life Test")
    assert check_identity(cover, record).verdict != "mismatch"
