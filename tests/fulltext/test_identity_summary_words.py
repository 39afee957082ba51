"""A summary's label of one word next to a report's title (issue 34, identity71).

Written after identity71 (written outside the project, scored once): a guideline's short
version sets "Kurzfassung" right under its title, a national guideline's summary sets
"Summary" right over it on a cover in large type. Alone next to the title, the one word is
the document's label; it heads an article's section too, so it counts nowhere else. A record
whose own title closes with the word is of that summary. The pages are written here; none is
copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity
from politeharvest.fulltext._labels import kind_of_title

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

_GUIDELINE = {
    "title": ["S3-Leitlinie Prävention und Therapie des postoperativen Delirs bei Erwachsenen"],
    "creator": ["Deutsche Gesellschaft für Altersmedizin", "Lindemann, Friederike"],
    "date": ["2022"],
    "type": ["info:eu-repo/semantics/other", "Leitlinie"],
}


def _cover(label: str, *, over: bool) -> bytes:
    title = [
        ("S3-Leitlinie", 16.0),
        ("Prävention und Therapie", 21.0),
        ("des postoperativen Delirs bei Erwachsenen", 21.0),
    ]
    marked = [(label, 15.0), *title] if over else [*title, (label, 15.0)]
    cover = [
        ("AMF", 20.0),
        ("Register Nr. 129-004", 9.0),
        *marked,
        ("Version 2.0 – Stand: 15.06.2022", 11.0),
        ("Gültig bis: 14.06.2027", 11.0),
    ]
    inside = [("Herausgeber", 14.0), *body(14), ("Koordination", 14.0), *body(14)]
    return make_pdf(cover, inside)


def test_a_short_versions_label_under_the_title_is_not_the_guideline() -> None:
    assert check_identity(_cover("Kurzfassung", over=False), _GUIDELINE).verdict != "matched"


def test_a_summary_label_over_a_covers_title_is_not_the_guideline() -> None:
    record = {
        "title": ["Management of acute bleeding in adults: National Clinical Guideline No. 31"],
        "creator": ["Department of Health", "National Clinical Guidance Committee (NCGC)"],
        "type": ["Report"],
    }
    cover = [
        ("Department of Health", 11.0),
        ("National Clinical Guideline No. 31", 16.0),
        ("Summary", 22.0),
        ("Management of acute", 28.0),
        ("bleeding in adults", 28.0),
        ("September 2021", 13.0),
        ("National Clinical Guidance Committee (NCGC)", 9.0),
    ]
    inside = [("Disclaimer", 14.0), *body(30)]
    assert check_identity(make_pdf(cover, inside), record).verdict != "matched"


def test_the_summary_is_its_own_records_file() -> None:
    record = {**_GUIDELINE, "title": [_GUIDELINE["title"][0] + " : Kurzfassung"]}
    assert check_identity(_cover("Kurzfassung", over=False), record).verdict != "mismatch"


def test_an_articles_abstract_heading_under_its_title_is_no_label() -> None:
    record = {
        "title": ["Delir nach Operationen bei älteren Erwachsenen"],
        "creator": ["Lindemann, Friederike"],
        "type": ["info:eu-repo/semantics/article"],
    }
    page = [
        ("Delir nach Operationen bei älteren Erwachsenen", 18.0),
        ("Zusammenfassung", 11.0),
        *body(30),
    ]
    assert check_identity(make_pdf(page), record).verdict != "mismatch"


@pytest.mark.parametrize(
    ("title", "kind"),
    [
        ("S3-Leitlinie Delir : Kurzfassung", "summary"),
        ("Management of bleeding - Summary", "summary"),
        ("Summary statistics of bleeding in adults", None),
        ("Kurzfassung", None),
    ],
)
def test_a_record_titled_as_a_summary(title: str, kind: str | None) -> None:
    assert kind_of_title(title) == kind
