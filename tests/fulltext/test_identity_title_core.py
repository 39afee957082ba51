"""Identity: a title block that is only the middle of the record's title (identity41).

A policy brief is titled with a phrase around its study's title ("Memperkuat perlindungan
sosial bagi pekerja informal di Indonesia": strengthening ... in Indonesia); the study
sets the core alone in capitals, its subtitle on a run of its own. The block holds most of
the record's words, but those it lacks stand on both sides of it: another title sharing
its core, never matched. Guards: a record that adds a subtitle the file leaves out, or a
label or number before the title, is still matched by the block.

Small PDFs made here (reportlab).
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._identity import _opens_or_ends

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_layout import Item, body, make_pdf

CORE = "Perlindungan sosial bagi pekerja informal"
AUTHORS = ("siregar", "pratama", "hutapea")


def _study() -> bytes:
    cover: list[Item] = [
        ("Lembaga Penelitian Sosial Nusantara", 11.0),
        ("LAPORAN PENELITIAN", 12.0),
        (CORE.upper(), 22.0),
        ("Studi di Lima Provinsi", 15.0),
        ("Rina Wahyuni Siregar, Dimas Aditya Pratama, Maria Hutapea", 11.0),
        ("Jakarta, Mei 2022", 10.0),
    ]
    return make_pdf(cover, body(30))


def test_the_core_of_the_record_s_title_is_no_match() -> None:
    brief = RecordHints(
        titles=(f"Memperkuat {CORE.lower()} di Indonesia",), surnames=AUTHORS, year="2022"
    )
    assert check_identity(_study(), brief).verdict != "matched"


@pytest.mark.parametrize(
    "title",
    [
        f"{CORE}: studi di lima provinsi",  # with the subtitle the file sets apart
        f"{CORE}",
    ],
)
def test_the_record_s_title_opening_with_the_block_is_matched(title: str) -> None:
    record = RecordHints(titles=(title,), surnames=AUTHORS, year="2022")
    assert check_identity(_study(), record).verdict == "matched"


@pytest.mark.parametrize(
    ("words", "block", "kept"),
    [
        (
            ["memperkuat", "perlindungan", "sosial", "pekerja", "indonesia"],
            {"perlindungan", "sosial", "pekerja"},
            False,
        ),
        (
            ["perlindungan", "sosial", "pekerja", "indonesia"],
            {"perlindungan", "sosial", "pekerja"},
            True,
        ),
        (
            ["evs", "915", "puitkonstruktsioonide", "hindamine"],
            {"puitkonstruktsioonide", "hindamine"},
            True,
        ),
        (["2023", "perlindungan", "sosial", "2024"], {"perlindungan", "sosial"}, True),  # numbers
        (["alpha", "tocopherol", "beta", "carotene"], {"tocopherol", "carotene"}, True),
        (["a", "b"], {"c"}, False),
    ],
)
def test_opens_or_ends(words: list[str], block: set[str], kept: bool) -> None:
    assert _opens_or_ends(words, block) is kept
