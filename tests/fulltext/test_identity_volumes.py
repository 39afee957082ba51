"""Identity: another volume of a series, named on the line under the series' title (identity39).

A report in volumes prints the series' title large and its part on the line under it
("Deel 1: Hoofdrapport", "Band 1: Wirbeltiere"); the record names its own part the same way
("... Deel 2: Bijlagen"). The same word with another number is another volume, whatever the
language, on the document's first page or on a title page passed over before it. Guards:
the record's own volume is matched, and a line numbering a part with a word the record's
title does not use is no evidence.

Small PDFs made here (reportlab).
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._identity import _other_numbered_part, _worded_parts

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_layout import Item, body, make_pdf

SERIES = "Evaluatie van de Wet langdurige zorg"
RECORD = RecordHints(
    titles=(f"{SERIES}. Deel 2: Bijlagen",), surnames=("vermeulen", "bakker"), year="2022"
)


def _volume(part: str) -> bytes:
    cover: list[Item] = [
        ("Instituut voor Zorgonderzoek", 12.0),
        (SERIES, 22.0),
        (part, 16.0),
        ("J. Vermeulen", 11.0),
        ("S. Bakker", 11.0),
        ("Utrecht, september 2022", 10.0),
    ]
    return make_pdf(cover, body(30))


def test_the_record_s_own_volume_is_matched() -> None:
    assert check_identity(_volume("Deel 2: Bijlagen"), RECORD).verdict == "matched"


def test_another_volume_of_the_series_is_refused() -> None:
    identity = check_identity(_volume("Deel 1: Hoofdrapport"), RECORD)
    assert identity.verdict == "mismatch"
    assert "'deel' 1, the record's title 2" in identity.evidence


@pytest.mark.parametrize(
    ("line", "title", "other"),
    [
        ("Band 1: Wirbeltiere", "Rote Liste. Band 3: Wirbellose Tiere (Teil 1)", True),
        ("Tome II : Annexes", "Atlas des zones humides. Tome I : Rapport", True),
        ("Часть 2", "Опыт реформ. Часть 1", True),
        (
            "Band 3: Wirbellose Tiere (Teil 1)",
            "Rote Liste. Band 3: Wirbellose Tiere (Teil 1)",
            False,
        ),
        ("Heft 70 (1)", "Rote Liste. Band 3: Wirbellose Tiere", False),  # another word
        ("Utrecht, september 2022", f"{SERIES}. Deel 2: Bijlagen", False),
    ],
)
def test_a_line_naming_another_part_with_the_record_s_word(
    line: str, title: str, other: bool
) -> None:
    assert (_other_numbered_part(line, [title]) is not None) is other


def test_worded_parts() -> None:
    assert _worded_parts("Band 3: Wirbellose Tiere (Teil 1)") == {"band": {3}, "teil": {1}}
    assert _worded_parts("Deel IV") == {"deel": {4}}
    assert _worded_parts("Report 2022-2023") == {}


def test_the_record_s_title_under_a_larger_sentence_of_its_own_is_undecided() -> None:
    # a press release's headline over the report's name and date (landing40, after its
    # scoring: the previous report was stored on such a match)
    record = RecordHints(titles=("Monetary Policy Report 2023-2024",))
    headline = (
        "The Report examines inflation in the euro area and in Greece, the pass-through of "
        "monetary tightening to bank lending rates and the outlook for 2024-2025"
    )
    words = headline.split()
    release: list[Item] = [
        ("www.bank.example.gr, 2023", 7.5),
        *[(" ".join(words[i : i + 6]), 17.0) for i in range(0, len(words), 6)],
        ("Monetary Policy Report 2023-2024 27/06/2024", 11.0),
        *body(25),
    ]
    identity = check_identity(make_pdf(release), record)
    assert identity.verdict == "unverifiable"
    assert "set larger above it" in identity.evidence
    # the report itself, its title the largest run, is matched
    report: list[Item] = [("Monetary Policy Report 2023-2024", 20.0), ("June 2024", 11.0)]
    assert check_identity(make_pdf([*report, *body(30)]), record).verdict == "matched"
