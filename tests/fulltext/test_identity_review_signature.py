"""Identity: a book review signed at its end by another reviewer is not matched.

Written after identity95 (a journal issue's small items, written outside the project,
scored once on 6e9b1fd): another journal's review of the same book, headed as every
review of it is ("Nikos Papadopoulos, I nea metanastefsi ...") and signed at its end by
another reviewer, was matched to the record's review by its heading alone. The first line
of names after the review's text is its signature; the next item's signature on a shared
last page, or a running foot with its page number, is not.
The documents are written here; none is copied from the corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity
from politeharvest.fulltext._identity import _record_kind

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import PROSE, make_pdf

REVIEW = {
    "title": ["Anna Holmberg, Salt marshes of the Baltic: a natural history"],
    "creator": ["Okafor, Chinedu"],
    "date": ["2021"],
    "type": ["info:eu-repo/semantics/review"],
}


def _review(*ending: str) -> bytes:
    text = [(PROSE[i % len(PROSE)], 10.0) for i in range(12)]
    return make_pdf(
        [
            ("Anna Holmberg, Salt marshes of the Baltic: a natural history", 15.0),
            ("Uppsala: Fjord Press, 2020. 312 pp.", 10.0),
            *text,
            *((line, 10.0) for line in ending),
        ]
    )


def test_a_review_signed_by_another_reviewer_is_undecided() -> None:
    identity = check_identity(_review("Maja Lindqvist"), REVIEW)
    assert identity.verdict == "unverifiable", identity.evidence
    assert "Lindqvist" in identity.evidence


def test_the_records_reviewer_signing_it_keeps_the_match() -> None:
    identity = check_identity(_review("Chinedu Okafor", "Maja Lindqvist"), REVIEW)
    assert identity.verdict == "matched", identity.evidence


def test_a_running_foot_is_no_signature() -> None:
    identity = check_identity(_review("Book Reviews 233"), REVIEW)
    assert identity.verdict == "matched", identity.evidence


# identity92 (peer review and editorial documents, scored once on 5d29f9d): records typed
# "peer review" or "peer-review" were read as a book's review (their last word), so the
# referee report that is the record's own file was refused as "a peer-review report, not
# the record's review". A compound written as two words is the compound.
@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ("peer review", "peer-review"),
        ("peer-review", "peer-review"),
        ("Peer Review", "peer-review"),
        ("info:eu-repo/semantics/review", "review"),
        ("Book review", "review"),
        ("web page", "webpage"),
        ("info:eu-repo/semantics/conferencePoster", "poster"),
    ],
)
def test_a_type_written_as_two_words_names_its_compound(value: str, kind: str) -> None:
    assert _record_kind(value) == kind
