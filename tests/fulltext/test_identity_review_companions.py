"""A reviewed preprint's assessment and author response; a captioned title; a summary's record.

Written after identity68 (written outside the project, scored once):
- a reviewed preprint's published assessment ("Editors' assessment", the reviewers' public
  reviews) and its authors' response, each under the paper's title and authors, are
  documents of their own, not the paper;
- a manuscript's title page captions its title's field ("Title: <the title>"): the
  document's own title, not a label of another document set before it;
- a record whose title says it is "a plain language summary of" a trial is a summary: its
  summary is its own file.

The pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

_PREPRINT = {
    "title": ["Tidal mixing sets the spring bloom onset in a stratified fjord"],
    "creator": ["Halvorsen, Ingrid", "Mbeki, Thandiwe", "Salazar, Rubén"],
    "date": ["2024"],
    "type": ["info:eu-repo/semantics/preprint"],
    "identifier": ["https://doi.org/10.5555/2024.02.11.579902"],
}


def _companion(heading: str, doi: str) -> bytes:
    page = [
        (f"https://doi.org/{doi} 1/1", 7.5),
        ("Marine Sciences Reports \u00b7 Reviewed Preprint", 8.5),
        ("Tidal mixing sets the spring bloom onset in a", 15.0),
        ("stratified fjord", 15.0),
        ("Ingrid Halvorsen, Thandiwe Mbeki, Rub\u00e9n Salazar", 10.0),
        (heading, 12.0),
        *body(8),
        ("Reviewer #1 (Public Review):", 11.0),
        *body(12),
        ("Reviewer #2 (Public Review):", 11.0),
        *body(12),
    ]
    return make_pdf(page)


@pytest.mark.parametrize("heading", ["Editors' assessment", "Author response", "Public reviews"])
def test_a_reviewed_preprints_assessment_or_response_is_not_the_paper(heading: str) -> None:
    identity = check_identity(_companion(heading, "10.5555/msr.40117.1.sa1"), _PREPRINT)
    assert identity.verdict == "mismatch"
    assert "peer-review" in identity.evidence


_TRIAL = {
    "title": ["Early oral feeding after caesarean section: a multicentre randomised trial"],
    "creator": ["Okafor, Adaeze", "Lindqvist, Per"],
    "date": ["2023"],
    "type": ["info:eu-repo/semantics/article", "info:eu-repo/semantics/acceptedVersion"],
}


@pytest.mark.parametrize("caption", ["Title:", "Article title:", "T\u00edtulo:", "Titel:"])
def test_a_manuscripts_captioned_title_is_its_own(caption: str) -> None:
    page = [
        (f"{caption} Early oral feeding after caesarean section: a multicentre", 13.0),
        ("randomised trial", 13.0),
        ("Running title: Early feeding after caesarean section", 11.0),
        ("Adaeze Okafor1, Per Lindqvist2", 10.0),
        *body(30),
    ]
    assert check_identity(make_pdf(page, body(40)), _TRIAL).verdict == "matched"


def test_another_label_before_the_title_still_says_another_document() -> None:
    # the guard: a kind's label behind the colon is not the title's caption
    page = [
        ("Statistical analysis plan: Early oral feeding after caesarean section: a", 13.0),
        ("multicentre randomised trial", 13.0),
        ("Adaeze Okafor, Per Lindqvist", 10.0),
        *body(30),
    ]
    assert check_identity(make_pdf(page, body(40)), _TRIAL).verdict != "matched"


_SUMMARY_RECORD = {
    "title": ["Eating sooner after a caesarean: a plain language summary of the FEED trial"],
    "creator": ["Okafor, Adaeze", "Nwosu, Chidi"],
    "date": ["2023"],
    "type": ["info:eu-repo/semantics/other"],
}


def test_a_record_titled_as_a_summary_of_a_trial_matches_its_summary() -> None:
    page = [
        ("PLAIN LANGUAGE SUMMARY", 10.0),
        ("Eating sooner after a caesarean: a plain language summary of the", 16.0),
        ("FEED trial", 16.0),
        ("Adaeze Okafor, Chidi Nwosu", 10.0),
        *body(30),
    ]
    assert check_identity(make_pdf(page), _SUMMARY_RECORD).verdict == "matched"


def test_a_summary_is_still_not_the_trials_own_record() -> None:
    page = [
        ("PLAIN LANGUAGE SUMMARY", 10.0),
        ("Early oral feeding after caesarean section: a multicentre randomised", 16.0),
        ("trial", 16.0),
        ("Adaeze Okafor, Per Lindqvist", 10.0),
        *body(30),
    ]
    assert check_identity(make_pdf(page), _TRIAL).verdict != "matched"


def test_a_reply_titled_so_still_matches_its_own_record() -> None:
    # the guard: "<title>: a reply" names the record's kind in its title, and the
    # document's title says it too; the reply is the record's own file
    record = {
        "title": ["Early oral feeding after caesarean section: a reply"],
        "creator": ["Okafor, Adaeze"],
        "date": ["2024"],
        "type": ["Journal article (letter)"],
    }
    page = [
        ("Early oral feeding after caesarean section: a reply", 14.0),
        ("Editor,", 8.8),
        *body(30),
    ]
    assert check_identity(make_pdf(page), record).verdict == "matched"
