"""`politeharvest.testing.article_pdf`: a hand-written PDF the identity check reads as an article."""

from __future__ import annotations

from politeharvest.fulltext import check_identity
from politeharvest.fulltext._pdflayout import read_layout
from politeharvest.testing import article_pdf

TITLE = "Sediment transport in braided rivers under seasonal flow"
RECORD = {
    "title": [TITLE],
    "creator": ["Yılmaz, Ayşe", "Babbage, Charles"],
    "identifier": ["https://doi.org/10.5072/rivers.7"],
    "date": ["2021"],
}
TEXT = (
    "We measured how the sediment of braided rivers moves under seasonal flow, and what the "
    "bars of the channel do when the discharge rises and falls over the year. "
)


def pdf(**changes: object) -> bytes:
    arguments: dict[str, object] = {
        "doi": "10.5072/rivers.7",
        "journal": "Journal of Rivers (2021)",
        "abstract": TEXT * 2,
        "sections": [("1 Introduction", TEXT * 6), ("2 Data", "\n".join([TEXT * 5] * 6))],
    }
    arguments.update(changes)
    return article_pdf(TITLE, ["Ayşe Yılmaz", "Charles Babbage"], **arguments)  # type: ignore[arg-type]


def test_its_layout_is_an_articles() -> None:
    layout = read_layout(pdf())
    assert layout is not None
    assert layout.page_count >= 2  # long sections run on to the next pages
    first = layout.pages[0]
    title = [
        line for line in first if line.text in (TITLE, "Sediment transport in braided rivers under")
    ]
    assert title and title[0].size > 1.5 * first[-1].size  # set large
    texts = [line.text for line in first]
    assert "Ayse Yilmaz and Charles Babbage" in texts or "Ayşe Yilmaz and Charles Babbage" in texts
    assert "https://doi.org/10.5072/rivers.7" in texts


def test_the_identity_check_matches_it_to_its_record_only() -> None:
    verdict = check_identity(pdf(), RECORD)
    assert verdict.verdict == "matched", verdict
    assert "10.5072/rivers.7" in verdict.evidence
    without_doi = check_identity(pdf(doi=None), {**RECORD, "identifier": []})
    assert without_doi.verdict == "matched", without_doi
    other = {
        "title": ["Lichen cover on boulder fields of the high Alps"],
        "creator": ["Keller, Bruno"],
        "identifier": ["https://doi.org/10.5072/lichen.2"],
    }
    assert check_identity(pdf(), other).verdict == "mismatch"
