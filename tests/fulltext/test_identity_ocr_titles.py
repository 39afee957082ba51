"""A title block as an OCR read it (issue 34, identity73).

Written after identity73 (written outside the project, scored once): scans of old journals
whose text layer misreads letters of the title ("Untcrsuchungen ... Kiefcrnbestanden") or
loses its spaces ("PERIGLACIALSTRUCTURESINTHEBRECKLAND"). Compared letter by letter, the
block is the record's title; another part's number, or a title of other words, is not. The
pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity
from politeharvest.fulltext._identity import _read_alike

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf


@pytest.mark.parametrize(
    ("title", "block", "alike"),
    [
        ("Notes on the birds of Lundy Island", "Notes on the birds of Lundy Islaud.", True),
        (
            "Periglacial structures in the Breckland: new exposures near Thetford",
            "PERIGLACIALSTRUCTURESINTHEBRECKLAND: NEWEXPOSURESNEARTHETFORD",
            True,
        ),
        (
            "Untersuchungen über die Bodenfeuchtigkeit unter Kiefernbeständen",
            "Untcrsuchungen über die Bodenfeuchtigkeit unter Kiefcrnbestanden",
            True,
        ),
        # another part, another year, other words: not alike
        ("Bird migration over Heligoland in 1911", "Bird migration over Heligoland in 1912", False),
        ("Notes on the birds of Lundy Island", "Notes on the mosses of Lundy Island", False),
        ("Birds of Lundy", "Birds of Lundi", False),  # too short to read so
    ],
)
def test_a_title_read_through_ocr(title: str, block: str, alike: bool) -> None:
    assert _read_alike(title, block) is alike


def test_a_scans_title_without_its_spaces_is_the_records() -> None:
    record = {
        "title": ["Periglacial structures in the Breckland: new exposures near Thetford"],
        "creator": ["Holloway, J. R."],
        "type": ["Article"],
    }
    page = [
        ("PERIGLACIALSTRUCTURESINTHEBRECKLAND:", 14.0),
        ("NEWEXPOSURESNEARTHETFORD", 14.0),
        ("By J. R. HOLLOWAY", 10.0),
        *body(30),
    ]
    assert check_identity(make_pdf(page), record).verdict == "matched"


def test_a_word_in_two_scripts_is_one_word() -> None:
    """identity76: a record romanised in ALA-LC ("... 2018 goda") and a title block in
    Cyrillic ("... 2018 ГОДА"): the word is the same, read in Latin letters; another word in
    another script is still another."""
    from politeharvest.fulltext._identity import _unlike

    assert not _unlike("года", "goda")
    assert _unlike("года", "dela")
    assert _unlike("леща", "plotvy")
