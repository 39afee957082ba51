"""What a report's publisher prints beside it, under its title (issue 34, identity69).

Written after identity69 (written outside the project, scored once): a report's press kit
and its highlights insert carry the report's title whole, and a quarterly note's next issue
carries the series' title with another quarter. None is the report's own file; the insert
is its own record's. The pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

_REPORT = {
    "title": ["State of Coastal Wetlands 2024: Tides of Change"],
    "creator": ["Coastal Habitats Observatory"],
    "date": ["2024"],
    "type": ["Report"],
}


def test_a_press_kit_under_the_reports_title_is_not_the_report() -> None:
    page = [
        ("COASTAL HABITATS OBSERVATORY", 9.5),
        ("PRESS KIT", 9.0),
        ("State of Coastal Wetlands 2024: Tides of Change", 22.0),
        ("Launch: Tuesday 4 June 2024, 11:00 CEST", 12.5),
        *body(20),
    ]
    identity = check_identity(make_pdf(page), _REPORT)
    assert identity.verdict == "mismatch"


def _insert() -> bytes:
    page = [
        ("State of Coastal Wetlands 2024", 17.5),
        ("Tides of Change", 11.0),
        ("REPORT HIGHLIGHTS", 11.0),
        ("Coastal Habitats Observatory", 8.5),
        ("Salt marsh loss", 12.0),
        *body(12),
        ("Restoration", 12.0),
        *body(12),
    ]
    return make_pdf(page)


def test_a_highlights_insert_is_not_the_reports_own_file() -> None:
    assert check_identity(_insert(), _REPORT).verdict == "mismatch"


def test_a_highlights_insert_is_its_own_records_file() -> None:
    record = {**_REPORT, "title": ["State of Coastal Wetlands 2024: report highlights"]}
    assert check_identity(_insert(), record).verdict != "mismatch"


_NOTE = {
    "title": ["Note trimestrielle sur l'emploi salarié. IIIe trimestre 2024"],
    "creator": ["Observatoire régional de l'emploi"],
    "date": ["2024"],
    "type": ["Text"],
}


@pytest.mark.parametrize(
    ("quarter", "verdict"), [("II trimestre", "mismatch"), ("2e trimestre", "mismatch")]
)
def test_a_series_next_issue_numbered_before_its_word_is_another_issue(
    quarter: str, verdict: str
) -> None:
    record = {**_NOTE, "title": ["Note trimestrielle sur l'emploi salarié. III trimestre 2024"]}
    page = [
        ("NOTE TRIMESTRIELLE SUR L'EMPLOI SALARIÉ", 14.5),
        (f"{quarter} 2024", 11.0),
        ("Observatoire régional de l'emploi", 8.5),
        *body(30),
    ]
    assert check_identity(make_pdf(page), record).verdict == verdict


def test_the_same_quarter_is_not_another_issue() -> None:
    record = {**_NOTE, "title": ["Note trimestrielle sur l'emploi salarié. III trimestre 2024"]}
    page = [
        ("NOTE TRIMESTRIELLE SUR L'EMPLOI SALARIÉ", 14.5),
        ("III trimestre 2024", 11.0),
        ("Observatoire régional de l'emploi", 8.5),
        *body(30),
    ]
    assert check_identity(make_pdf(page), record).verdict != "mismatch"


def test_a_journals_line_with_its_volume_under_the_title_is_no_byline() -> None:
    # a bulletin's line under the title ("<journal>, Vol. 37, 2022") names no authors: the
    # title decides, not a byline read from the journal's name (landing85)
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))
    font = "HeiseiMin-W3"
    title = "中学校理科における観察記録の書き方と科学的思考の育成"
    record = {"title": [title], "creator": ["山田, 花子"], "date": ["2022"]}
    journal = "教育実践研究紀要, Vol. 37, 2022"
    page = [
        (journal, 8.0, font),
        (title, 15.0, font),
        ("山田 花子", 11.0, font),
        (journal, 8.0, font),
        ("Abstract", 12.0),
        *body(20),
    ]
    identity = check_identity(make_pdf(page), record)
    assert identity.verdict == "matched", identity.evidence


def test_the_theses_of_a_dissertation_are_its_summary_not_the_thesis() -> None:
    # a Hungarian doctoral school's booklet in English: "Theses of the doctoral (PhD)
    # dissertation", the dissertation's summary published apart (identity70)
    record = {
        "title": ["Causes of soil salinisation on the Great Plain"],
        "creator": ["Kiss, Anna"],
        "date": ["2019"],
        "type": ["info:eu-repo/semantics/doctoralThesis"],
    }
    page = [
        ("Theses of the doctoral (PhD) dissertation", 12.0),
        ("Causes of soil salinisation on the Great Plain", 14.0),
        ("Anna Kiss", 12.0),
        ("Supervisor:", 10.0),
        ("Dr. Péter Nagy", 10.0),
        ("Doctoral School of Earth Sciences", 10.0),
    ]
    identity = check_identity(make_pdf(page, body(30)), record)
    assert identity.verdict == "mismatch", identity.evidence
