"""A byline of initials and post-nominal letters is a byline, not prose (issue 34, identity73).

Written after identity73 (written outside the project, scored once): an old journal's paper
under the record's title, its byline "By F. W. BURGOYNE, M.B.O.U.", names the record's author
only in a sentence of its text (the earlier notes it follows up). Folded into words, the
byline's initials and letters made it as long as a line of prose, and it was not read, so
the author named in the text was taken for the paper's. The pages are written here; none
is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

TITLE = "Notes on the birds of Lundy Island"


def _paper(byline: str) -> bytes:
    return make_pdf(
        [
            ("NOTES ON THE BIRDS OF LUNDY ISLAND 201", 7.5),
            ("NOTES ON THE BIRDS OF LUNDY ISLAND.", 12.0),
            (byline, 9.5),
            (
                "The following notes were made during a stay of three weeks on the island in May",
                9.6,
            ),
            ("and June, 1926. Since the Rev. W. H. Trelawny-Ross published his notes on the", 9.6),
            ("birds of the island in 1898, several changes have taken place on its cliffs.", 9.6),
            *body(24),
        ]
    )


def test_another_authors_paper_under_the_same_title_is_not_the_records() -> None:
    record = {"title": [TITLE], "creator": ["Trelawny-Ross, W. H."], "type": ["Article"]}
    identity = check_identity(_paper("By F. W. BURGOYNE, M.B.O.U."), record)
    assert identity.verdict != "matched"
    assert "burgoyne" in identity.evidence.lower()


def test_the_bylines_own_author_is_matched() -> None:
    record = {"title": [TITLE], "creator": ["Burgoyne, F. W."], "type": ["Article"]}
    assert check_identity(_paper("By F. W. BURGOYNE, M.B.O.U."), record).verdict == "matched"
