"""Words mixing look-alike letters of two scripts read in one (identity45, after its scoring).

An OCR's text layer sets Latin letters that look like Cyrillic ones among a Cyrillic title's
(a Latin "P", "M", "H", "T" and "i" in a Ukrainian title in capitals), and a record typed on
two keyboards a Cyrillic "o" in an English word: each such word is read in the script most
of its letters are in, by Unicode's confusables (`confusable_homoglyphs`), so the title's
comparison keys are the same. The guards: a science's Greek letter among Latin ones
("TGFβ1"), a word whose scripts count alike, and words of one script are left as they are.
"""

from __future__ import annotations

from politeharvest.quality._text import keys, one_script

# (the look-alike letters are the point of these strings)
OCR = "ГIДPОХIMIЧНИЙ РЕЖИМ РIЧКИ СУЛИ В HИЖHІЙ TЕЧIЇ"
TYPED = "the rоle of сentral banks"


def test_an_ocr_titles_look_alike_letters_read_in_its_script() -> None:
    assert keys(OCR) == keys("Гідрохімічний режим річки Сули в нижній течії")


def test_a_cyrillic_letter_in_a_latin_word_reads_latin() -> None:
    assert one_script(TYPED) == "the role of central banks"
    assert keys(TYPED) == keys("The role of central banks")


def test_one_script_and_a_sciences_greek_are_left_alone() -> None:
    for text in ("TGFβ1 and IFNγ signalling", "xα", "Гідрохімічний режим", "plain words"):
        assert one_script(text) == text
