"""Names and titles typed otherwise than printed, in Persian and Azerbaijani (identity82).

Written after identity82 (written outside the project, scored once on a860153: 0 of 33
foreign documents matched, 8 own files refused):
- a Persian record joins a surname's parts with a zero-width non-joiner ("صالحی‌فرد") where
  the byline typed a space, and sets the affiliation number against the name in Persian
  digits ("فرد۱"): reversed with the right-to-left word, the digit stood first;
- an Azerbaijani record writes the schwa "ə" where the PDF prints the Turkish spelling's
  "e" ("Məmmədov", "MEMMEDOV"), or types the look-alike "ǝ" (turned e) for it: a vowel
  letter of its own is the Latin vowel transliteration gives it.
Guards: a byline of other people stays another byline; Icelandic "ð" keeps its reading.
The pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity
from politeharvest.quality._text import keys

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from tests.fulltext.test_identity_kinds import DEJAVU, body, make_pdf

needs_dejavu = pytest.mark.skipif(not DEJAVU.is_file(), reason="no DejaVu font")


def test_an_affiliation_digit_against_a_right_to_left_name_is_no_part_of_it() -> None:
    assert keys("صالحی فرد۱*، نیک بخت۲") == keys("صالحی فرد، نیک بخت")
    assert keys("۱۴۰۰") == ["1400"]  # a number alone stays a number


def test_a_vowel_letter_of_its_own_is_the_latin_vowel() -> None:
    assert keys("Məmmədov") == keys("MEMMEDOV") == ["memmedov"]
    assert keys("dǝrǝcǝsinin") == keys("DƏRƏCƏSİNİN")
    assert keys("Guðrún") == keys("Guðrún")  # (unchanged: "ð" is no vowel)
    assert keys("Łukasz Søren") == ["lukasz", "soren"]


_TITLE = "ارزیابی شاخص‌های پایداری اجتماعی در محله‌های حاشیه‌نشین شهر مشهد"


def _persian(byline: str) -> bytes:
    pdfmetrics.registerFont(TTFont("DejaVu", str(DEJAVU)))
    return make_pdf(
        [
            ("فصلنامه پژوهش های روستایی غرب ایران", 9.0, "DejaVu"),
            ("ارزیابی شاخص های پایداری اجتماعی", 16.0, "DejaVu"),
            ("در محله های حاشیه نشین شهر مشهد", 16.0, "DejaVu"),
            (byline, 11.0, "DejaVu"),
            *body(40),
        ],
        [*body(60)],
    )


_RECORD = {
    "title": [_TITLE],
    "creator": ["صالحی‌فرد, امیرحسین", "نیک‌بخت, الهه"],
    "type": ["info:eu-repo/semantics/article"],
    "language": ["fa"],
}


@needs_dejavu
def test_a_surname_joined_by_a_non_joiner_is_found_typed_with_a_space() -> None:
    identity = check_identity(_persian("امیرحسین صالحی فرد۱*، الهه نیک بخت۲"), _RECORD)
    assert identity.verdict == "matched", identity.evidence


@needs_dejavu
def test_a_byline_of_other_people_is_still_another_byline() -> None:
    identity = check_identity(_persian("محمد رضایی۱*، زهرا احمدی۲"), _RECORD)
    assert identity.verdict != "matched", identity.evidence
