"""A whole issue around the record's article, and works set on landscape pages.

- A newsletter's first page opens with its lead article and boxes the issue's contents ("In
  this issue": each item and its page). The file holding every page the box lists is the
  whole issue (identity87, after its scoring: matched to the lead article's record). The
  guards: the article's own pages (fewer than the box lists) are still the article's, and a
  record of the issue itself is not refused for it.
- Landscape pages of few words are slides of an article by their shape alone; a record typed
  as something else ("Artistic output", "Design") may be a work set so: its shape cannot
  tell (identity89, after its scoring: an artist's book of spreads, a graphic score and a
  competition's boards were refused as slides or a poster). Records typed as articles, and
  records without a type, are still refused.

PDFs made here with reportlab; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

TITLE = "Soil moisture probes: are growers using the data?"
RECORD = {
    "title": [TITLE],
    "creator": ["Greaves, Hannah", "Vo, Tom"],
    "type": ["Contribution to newsletter"],
}
FIRST_PAGE = [
    ("Soil moisture probes: are growers", 22.0),
    ("using the data?", 22.0),
    ("Hannah Greaves and Tom Vo", 11.0),
    *body(14),
    ("In this issue", 12.0),
    (f"{TITLE} 1", 9.0),
    ("From the chair 2", 9.0),
    ("Trial update: deficit irrigation of processing tomatoes 3", 9.0),
    ("Field day report: Finley 4", 9.0),
    ("Events 5", 9.0),
    ("Irrigation Matters: Newsletter of the Murray Valley Irrigation Research Network", 9.0),
]


def _judge(metadata: dict[str, list[str]], pdf: bytes) -> tuple[str, str]:
    identity = check_identity(pdf, RecordHints.from_metadata(metadata))
    return identity.verdict, identity.evidence


def test_the_whole_issue_around_the_records_article_is_a_compilation() -> None:
    pdf = make_pdf(FIRST_PAGE, *(body(40) for _ in range(5)))
    verdict, evidence = _judge(RECORD, pdf)
    assert verdict == "mismatch", evidence
    assert "a whole issue" in evidence


def test_the_articles_own_pages_are_still_its_own() -> None:
    pdf = make_pdf(FIRST_PAGE, body(40))
    assert _judge(RECORD, pdf)[0] == "matched"


def test_the_issue_s_own_record_is_not_refused_for_its_box() -> None:
    issue = {
        "title": ["Irrigation Matters, issue 42"],
        "creator": ["Murray Valley Irrigation Research Network"],
        "type": ["Newsletter"],
    }
    pdf = make_pdf(FIRST_PAGE, *(body(40) for _ in range(5)))
    assert "a whole issue" not in _judge(issue, pdf)[1]


LANDSCAPE = (842.0, 595.0)
WORK = "Tidewater: an artist's book of the Severn estuary"


def _spreads() -> bytes:
    first = [("Tidewater", 30.0), ("an artist's book of the Severn estuary", 14.0)]
    later = [[("mud, light, the turn of the tide", 12.0)] for _ in range(4)]
    return make_pdf(first, *later, size=LANDSCAPE)


@pytest.mark.parametrize("typed", ["Artistic output", "Design", "Composition"])
def test_a_work_typed_as_no_article_is_not_refused_by_its_shape(typed: str) -> None:
    record = {"title": [WORK], "creator": ["Morgan, Eira"], "type": [typed]}
    verdict, evidence = _judge(record, _spreads())
    assert verdict == "unverifiable", evidence
    assert "its shape cannot tell" in evidence


@pytest.mark.parametrize("typed", [["info:eu-repo/semantics/article"], []])
def test_an_articles_record_or_an_untyped_one_still_refuses_slides(typed: list[str]) -> None:
    record = {"title": [WORK], "creator": ["Morgan, Eira"], "type": typed}
    verdict, evidence = _judge(record, _spreads())
    assert verdict == "mismatch", evidence
