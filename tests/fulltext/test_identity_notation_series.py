"""Sibling items of a journal's DOI series across years, a supplement's own record, a reply.

Written after identity81 (written outside the project, scored once on 8209d16):
- A paper of the same authors in the same journal, its title differing from the record's in
  a locant or an energy ("3-substituted" for "2-substituted", "13 TeV" for "13.6 TeV"),
  gives a DOI of its own in the record's series but of another year
  (``10.5555/j.tsl.2020.151892`` for ``10.5555/j.tsl.2019.151107``): the year in a DOI's
  stem is the item's, so it is another item of the record's journal, not another DOI of the
  same work.
- A record that is itself an article's supplement, deposited apart under the article's DOI
  with ``.s001`` after it (ACS's and PLOS's supplements), has the supplement as its file.
- A record titled "<title>: Reply" whose file's own title ends in ": Reply" is that reply;
  the document says what it is in its title.
The pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

_THIOPHENES = {
    "title": ["Regioselective C–H arylation of 3-substituted thiophenes under palladium catalysis"],
    "creator": ["Girard, Amélie", "Steiner, Lukas"],
    "identifier": ["https://doi.org/10.5555/j.tsl.2019.151107"],
    "type": ["info:eu-repo/semantics/article"],
}


def _paper(title: list[str], doi: str) -> bytes:
    return make_pdf(
        [
            ("Tetrahedron Science Letters (example)", 9.0),
            *[(line, 16.0) for line in title],
            ("Amélie Girard, Lukas Steiner", 11.0),
            (f"https://doi.org/{doi}", 9.0),
            *body(30),
        ]
    )


def test_a_sibling_in_the_journals_series_of_another_year_is_not_the_work() -> None:
    pdf = _paper(
        ["Regioselective C–H arylation of 2-substituted", "thiophenes under palladium catalysis"],
        "10.5555/j.tsl.2020.151892",
    )
    assert check_identity(pdf, _THIOPHENES).verdict != "matched"


def test_the_record_s_own_doi_on_the_same_page_is_the_work() -> None:
    pdf = _paper(
        ["Regioselective C–H arylation of 3-substituted", "thiophenes under palladium catalysis"],
        "10.5555/j.tsl.2019.151107",
    )
    assert check_identity(pdf, _THIOPHENES).verdict == "matched"


def _supplement() -> bytes:
    return make_pdf(
        [
            ("S1", 9.0),
            ("Supporting Information", 14.0),
            ("Regioselective C–H arylation of 3-substituted", 13.0),
            ("thiophenes under palladium catalysis", 13.0),
            ("Amélie Girard, Lukas Steiner", 11.0),
            ("Table of Contents", 11.0),
            *body(30),
        ]
    )


def test_a_supplements_own_record_has_the_supplement_as_its_file() -> None:
    record = {**_THIOPHENES, "identifier": ["https://doi.org/10.5555/j.tsl.2019.151107.s001"]}
    record["type"] = ["Text"]
    assert check_identity(_supplement(), record).verdict == "matched"
    # the article's record does not take it
    assert check_identity(_supplement(), _THIOPHENES).verdict != "matched"


_REPLY = {
    "title": ["Investment, Tobin's Q, and Financial Frictions: Reply"],
    "creator": ["Vogel, Hendrik", "Moreau, Clara"],
    "identifier": ["https://doi.org/10.5555/j.qrae.2019.1312"],
    "type": ["article"],
}


def _letter(title: str) -> bytes:
    return make_pdf(
        [
            ("Quarterly Review of Applied Economics 33 (2019) 1312-1313", 9.0),
            (title, 16.0),
            ("Hendrik Vogel, Clara Moreau", 11.0),
            ("https://doi.org/10.5555/j.qrae.2019.1312", 9.0),
            *body(20),
        ]
    )


def test_a_reply_titled_as_one_is_the_reply_record_s_file() -> None:
    pdf = _letter("Investment, Tobin’s q, and financial frictions: Reply")
    assert check_identity(pdf, _REPLY).verdict == "matched"


def test_the_paper_under_the_reply_s_title_without_its_kind_is_not() -> None:
    record = {**_REPLY, "identifier": []}
    pdf = _letter("Investment, Tobin’s q, and financial frictions")
    assert check_identity(pdf, record).verdict != "matched"
