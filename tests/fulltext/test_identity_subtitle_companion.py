"""Identity: another subtitle under the record's main title is a companion document.

Written after identity96 (education documents, written outside the project, scored once
on 44e7bd1): the teacher's guide of a reading course, "Lire et écrire au CE1" over
"Guide pédagogique (livre du maître)" over its authors, was matched to the record of the
pupil's workbook, "Lire et écrire au CE1 : fichier de l'élève", by the same authors: the
title block is the record's main title, and the line where the subtitle stands, right
above the byline, shares no word with the record's subtitle. A section's heading under a
title ("Summary"), after the byline, is no subtitle.
The documents are written here; none is copied from the corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

WORKBOOK = {
    "title": ["Lire et écrire au CE1 : fichier de l'élève"],
    "creator": ["Marchand, Sophie", "Benali, Karim"],
    "date": ["2021"],
    "type": ["Text"],
    "language": ["fre"],
}


def _book(subtitle: str) -> bytes:
    return make_pdf(
        [
            ("Collection Plume - Cycle 2", 12.0),
            ("Lire et écrire au CE1", 26.0),
            (subtitle, 16.0),
            ("Sophie Marchand · Karim Benali", 13.0),
            ("Éditions Plume Scolaire", 11.0),
        ],
        [("Présentation de la méthode", 14.0), *body(40)],
        body(45),
    )


def test_another_subtitle_over_the_byline_is_a_companion() -> None:
    identity = check_identity(_book("Guide pédagogique (livre du maître)"), WORKBOOK)
    assert identity.verdict == "mismatch", identity.evidence
    assert "Guide pédagogique" in identity.evidence


def test_the_records_own_subtitle_is_its_own() -> None:
    identity = check_identity(_book("Fichier de l'élève"), WORKBOOK)
    assert identity.verdict == "matched", identity.evidence


def test_a_sections_heading_after_the_byline_is_no_subtitle() -> None:
    report = make_pdf(
        [
            ("Report of the Special Rapporteur on the right to education", 12.0),
            ("Digital technologies and the right to education in crisis settings", 16.0),
            ("Summary", 12.0),
            *body(30),
        ],
        body(45),
    )
    record = {
        "title": [
            "Digital technologies and the right to education in crisis settings : report of "
            "the Special Rapporteur on the right to education"
        ],
        "creator": ["Ferreyra, Ana Lucía"],
        "type": ["Report"],
    }
    assert check_identity(report, record).verdict != "mismatch"
