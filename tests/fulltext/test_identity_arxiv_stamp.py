"""Identity: a file stamped with another arXiv identifier than the record's is another paper.

Written after identity94 (mathematics, physics and computing, written outside the project,
scored once on ec485c0): a collaboration's Run 3 search, titled as its Run 2 search up to
"13.6 TeV" and by the same "author" (the collaboration), was matched to the Run 2 record
"arxiv.org/abs/2205.01234": its first page carries arXiv's stamp "arXiv:2404.10777v1
[hep-ex] 16 Apr 2024". An arXiv paper keeps one identifier through its versions. An
identifier the text cites ("see arXiv:1901.00001") is no stamp.
The documents are written here; none is copied from the corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

SEARCH = {
    "title": ["Search for long-lived neutral particles decaying into displaced jets"],
    "creator": ["Okafor, Chinedu", "Lindgren, Maja"],
    "identifier": ["http://arxiv.org/abs/2205.01234"],
    "date": ["2022-05-02"],
    "type": ["text"],
}


def _paper(stamp: str) -> bytes:
    return make_pdf(
        [
            (stamp, 8.0),
            ("Search for long-lived neutral particles decaying", 17.0),
            ("into displaced jets", 17.0),
            ("Chinedu Okafor, Maja Lindgren", 11.0),
            ("Abstract", 11.0),
            *body(30),
        ],
        body(40),
    )


def test_another_arxiv_stamp_is_another_paper() -> None:
    identity = check_identity(_paper("arXiv:2404.10777v1 [hep-ex] 16 Apr 2024"), SEARCH)
    assert identity.verdict == "mismatch", identity.evidence
    assert "2404.10777" in identity.evidence


@pytest.mark.parametrize(
    "stamp",
    [
        "arXiv:2205.01234v3 [hep-ex] 9 Feb 2023",  # the record's, another version
        "This work extends the search of arXiv:1901.00001 to longer lifetimes.",  # cited
    ],
)
def test_the_records_stamp_or_a_cited_identifier_refuses_nothing(stamp: str) -> None:
    identity = check_identity(_paper(stamp), SEARCH)
    assert identity.verdict == "matched", identity.evidence
