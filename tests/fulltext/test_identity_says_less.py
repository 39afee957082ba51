"""Identity: a title that says less under another DOI, and a guideline's dated summary label.

identity56, after its scoring (2 of 34 other documents matched):

- a trial's results article at the record of its protocol paper: the record's title less
  "study protocol for", the same authors, a DOI of its own. A document under another DOI
  whose title block lacks words of the record's title (and that does not say it is a
  version) is left unverifiable: the missing words may name what the record is. The guard:
  the same title under another DOI (the publisher's DOI of a repository's record) is still
  matched as another DOI of the same work.
- a guideline's one-page summary sheet under the guideline's exact title, at the record of
  the guideline (a report), its label dated over the title ("FICHE MÉMO Novembre 2019"): a
  label followed by its date alone stands as the document's label (and a guideline's
  summary sheet, "fiche mémo", "quick reference guide", names a summary). The guard: the
  guideline itself, dated over its title, is matched.

Small PDFs made here (reportlab).
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_layout import article, body, make_pdf

TRIAL = "Community nurse-led care of heart failure in rural Ghana (CARE-GH)"
PROTOCOL = f"{TRIAL}: study protocol for a stepped-wedge cluster-randomised trial"
RESULTS = f"{TRIAL}: a stepped-wedge cluster-randomised trial"
AUTHORS = "Kwame Mensah1, Efua Boateng2, Lars Holm Mortensen3"


def _protocol_record() -> RecordHints:
    return RecordHints.from_metadata(
        {
            "title": [PROTOCOL],
            "creator": ["Mensah, Kwame", "Boateng, Efua", "Mortensen, Lars Holm"],
            "date": ["2019"],
            "type": ["info:eu-repo/semantics/article"],
            "identifier": ["https://doi.org/10.5555/tpc.2019.0356"],
        }
    )


def test_a_results_article_at_its_protocol_s_record_is_not_matched() -> None:
    pdf = make_pdf(article(RESULTS, AUTHORS, "10.5555/ghp.2022.00418"), body(40))
    identity = check_identity(pdf, _protocol_record())
    assert identity.verdict == "unverifiable", identity
    assert "lacks 'study protocol'" in identity.evidence, identity


def test_the_same_title_under_another_doi_is_still_the_same_work() -> None:
    pdf = make_pdf(article(PROTOCOL, AUTHORS, "10.5555/ghp.2019.77"), body(40))
    identity = check_identity(pdf, _protocol_record())
    assert identity.verdict == "matched", identity
    assert "another DOI of the same work" in identity.evidence, identity


GUIDELINE = "Prise en charge de la bronchiolite aiguë du nourrisson de moins de 12 mois"


def _guideline_record() -> RecordHints:
    return RecordHints.from_metadata(
        {
            "title": [GUIDELINE],
            "creator": ["Conseil national des bonnes pratiques"],
            "date": ["2019"],
            "type": ["Recommandation de bonne pratique", "info:eu-repo/semantics/report"],
        }
    )


def _sheet(label: str) -> list[tuple[str, float]]:
    return [(label, 11.0), (GUIDELINE, 17.0), *body(30)]


@pytest.mark.parametrize("label", ["FICHE MÉMO Novembre 2019", "Quick reference guide 2019"])
def test_a_guideline_s_summary_sheet_dated_over_its_title_is_not_matched(label: str) -> None:
    identity = check_identity(make_pdf(_sheet(label)), _guideline_record())
    assert identity.verdict == "mismatch", identity
    assert identity.kind == "summary", identity


def test_the_guideline_dated_over_its_title_is_matched() -> None:
    pdf = make_pdf(_sheet("RECOMMANDATION Novembre 2019"), body(40), body(40))
    identity = check_identity(pdf, _guideline_record())
    assert identity.verdict == "matched", identity
