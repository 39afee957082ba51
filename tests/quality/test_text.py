"""The text decisions quality and full text share (quality/_text): DOIs, stop words, folds."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from politeharvest.quality._text import (
    DOI_IN_URL,
    DOI_VALUE,
    STOP,
    TITLE_STOP,
    content_words,
    dois_in,
    find_dois,
    fold,
    fold_all_scripts,
    keys,
)

# -- find_dois: record values (identifiers, relations, a field that says "doi") -----------


@pytest.mark.parametrize(
    ("values", "dois"),
    [
        (["https://doi.org/10.1234/ABC.5"], ("10.1234/abc.5",)),
        (["http://dx.doi.org/10.1234/abc.5"], ("10.1234/abc.5",)),
        (["https://doi.org/10.1234/ABC.5", "http://dx.doi.org/10.1234/abc.5"], ("10.1234/abc.5",)),
        (["doi:10.5555/x-y(z)"], ("10.5555/x-y(z",)),  # a closing bracket at the end goes
        (["see 10.1000/xyz123."], ("10.1000/xyz123",)),
        (["DOI: 10.1000/xyz123; 10.2000/abc,"], ("10.1000/xyz123", "10.2000/abc")),
        (["https://doi.org/10.1234%2Fabc"], ("10.1234/abc",)),  # percent-encoded
        (["https://doi.org/10.1234/a&amp;b"], ("10.1234/a&b",)),  # an HTML entity
        (["info:eu-repo/semantics/altIdentifier/doi/10.1234/x"], ("10.1234/x",)),
        (['<a href="https://doi.org/10.1234/x">'], ("10.1234/x",)),  # a quote ends it
        (["x10.1234/y"], ("10.1234/y",)),  # anywhere in the value, not only as a token
        (["10.123/x"], ()),  # a registrant code of 3 digits
        (["10.1234567890/x"], ()),  # of 10 digits
        (["10.1234"], ()),  # no suffix
        (["https://repo.example.org/1", "oai:repo:1"], ()),
    ],
)
def test_find_dois(values: list[str], dois: tuple[str, ...]) -> None:
    assert find_dois(values) == dois


# -- dois_in: running text (a line of a PDF), whole tokens --------------------------------


@pytest.mark.parametrize(
    ("text", "dois"),
    [
        ("doi: 10.1234/TBD.2021.001", ["10.1234/tbd.2021.001"]),
        ("doi:10.1234/tbd.2021.009", ["10.1234/tbd.2021.009"]),
        ("https://doi.org/10.4321/jds.2021.3", ["10.4321/jds.2021.3"]),
        ("DOI: 10.4321/jds.2021.31", ["10.4321/jds.2021.31"]),  # not cut to a shorter DOI
        ("(see 10.1234/abc).", ["10.1234/abc"]),
        ("[10.1234/abc]", ["10.1234/abc"]),
        ("doi 10.1234/abc: a study", ["10.1234/abc"]),  # a colon at the end goes too
        ("10.1234/ab)c)", ["10.1234/ab"]),  # a closing bracket without its opening one
        ("10.5555/x-y(z)", ["10.5555/x-y(z"]),
        ("10.1234/a and 10.1234/a", ["10.1234/a", "10.1234/a"]),  # in order, each time
        ("x10.1234/y", []),  # inside a word
        ("110.1234/y", []),  # inside a number
        ("p.10.1234/y", []),
        ("10.123/x 10.1234567890/x", []),
        ("no DOI here", []),
    ],
)
def test_dois_in(text: str, dois: list[str]) -> None:
    assert dois_in(text) == dois


# -- DOI_VALUE: a value that is one DOI (a doi.org link is built from it) -----------------


@pytest.mark.parametrize(
    ("value", "doi"),
    [
        ("10.1234/abc", "10.1234/abc"),
        ("doi:10.1234/ABC", "10.1234/ABC"),  # the case as written
        ("DOI:10.1234/x", "10.1234/x"),
        ("https://doi.org/10.5555/x", "10.5555/x"),
        ("http://dx.doi.org/10.5555/x", "10.5555/x"),
        ('10.1234/a"b', '10.1234/a"b'),  # the whole value, whatever it holds
        ("https://repo.org/1", None),
        ("https://repo.org/10.1234/abc", None),  # a DOI in another host's address
        ("see 10.1234/abc", None),
        ("10.1234/abc def", None),
        ("oai:x:1", None),
        ("10.123/x", None),
    ],
)
def test_doi_value(value: str, doi: str | None) -> None:
    match = DOI_VALUE.match(value)
    assert (match.group(1) if match else None) == doi


# -- DOI_IN_URL: in an address or a citation_doi meta tag ----------------------------------


@pytest.mark.parametrize(
    ("text", "doi"),
    [
        ("https://journal.example.org/doi/pdf/10.5555/other.2020.1", "10.5555/other.2020.1"),
        ("https://x.org/article?doi=10.1234/abc&lang=en", "10.1234/abc"),
        ("https://x.org/10.1234/abc?download=true", "10.1234/abc"),
        ("https://x.org/10.1234/abc#page=2", "10.1234/abc"),
        ("10.5555/alps.2021.7", "10.5555/alps.2021.7"),
        ("https://x.org/paper/12345", None),
    ],
)
def test_doi_in_url(text: str, doi: str | None) -> None:
    match = DOI_IN_URL.search(text)
    assert (match.group(0) if match else None) == doi


# -- stop words and folds ------------------------------------------------------------------


def test_one_base_list_of_stop_words_and_the_words_of_prose() -> None:
    """Titles drop TITLE_STOP; the identity check, reading PDF prose, drops STOP besides."""
    assert TITLE_STOP < STOP
    assert {"the", "of", "using", "based", "via", "zur", "ve", "icin", "pour"} <= TITLE_STOP
    assert {"that", "or", "it", "para", "che", "mit"} <= STOP - TITLE_STOP
    assert "study" not in STOP


def test_content_words_drop_stop_words_and_short_words() -> None:
    assert content_words("The effect of using water on Tarım") == ["effect", "water", "tarim"]


@pytest.mark.parametrize(
    ("text", "record", "document"),
    [
        ("Çalışma İSTANBUL'da", "calisma istanbul da", "calisma istanbul da"),
        ("Straße", "strasse", "strasse"),
        ("ﬁnal hyph-\nenation", "final hyphenation", "final hyphenation"),
        ("T?rkiye", "trkiye", "t rkiye"),  # the record fold drops a lost character
        # the record fold writes every script in Latin letters; a character of a script
        # without spaces is a word
        ("Привет мир", "privet mir", "привет мир"),
        ("日本語の論文", "ri ben yu no lun wen", "日本語の論文"),
    ],
)
def test_the_record_fold_and_the_document_fold(text: str, record: str, document: str) -> None:
    assert (fold(text), fold_all_scripts(text)) == (record, document)


@pytest.mark.parametrize(
    ("old", "modern"),
    [
        # yat, decimal i, a hard sign ending words, the old genitive ending (identity60)
        (
            "О черноземныхъ почвахъ Острогожскаго уѣзда Воронежской губерніи",
            "О черноземных почвах Острогожского уезда Воронежской губернии",
        ),
        ("Ѳеодоръ и мѵро синяго цвѣта", "Феодор и миро синего цвета"),
    ],
)
def test_pre_reform_russian_folds_to_today_s_spelling(old: str, modern: str) -> None:
    assert fold_all_scripts(old) == fold_all_scripts(modern)


@pytest.mark.parametrize(
    "text",
    [
        "Українська мова і література",  # Ukrainian's decimal i is a letter of its own
        "объект съезда",  # a hard sign inside a word
        "Білоруская мова",
    ],
)
def test_a_modern_text_keeps_its_letters(text: str) -> None:
    assert "і" in fold_all_scripts(text) or "ъ" in fold_all_scripts(text)


def test_a_korean_word_of_two_syllables_carries_meaning() -> None:
    # identity62: "메탄 배출" (methane emissions) and "질소 유출" (nitrogen runoff) told
    # two leaflets' titles apart; only the longer word was kept
    assert content_words("논 물관리에 따른 메탄 배출 저감 기술") == [
        "물관리에",
        "따른",
        "메탄",
        "배출",
        "저감",
        "기술",
    ]


def test_a_zero_width_joiner_keeps_one_word_whole() -> None:
    # Persian writes "کم‌خونی" (anaemia) with a zero-width non-joiner inside the word; a
    # PDF's text layer mostly drops it (identity56)
    assert fold_all_scripts("کم\u200cخونی فقر آهن") == fold_all_scripts("کمخونی فقر آهن")
    assert fold_all_scripts("क्\u200dष") == fold_all_scripts("क्ष")
    assert len(fold_all_scripts("مراجعه\u200cکننده").split()) == 1


# -- quality stands below full text ---------------------------------------------------------

GROUND = {
    "exceptions",
    "_clock",
    "_policy",
    "_process",
    "_files",
    "_sqlite",
    "_version",
    "_paths",
    "_extras",
    "_rows",
}


def test_quality_imports_only_ground_modules_and_itself() -> None:
    folder = Path(__file__).resolve().parents[2] / "politeharvest" / "quality"
    wrong = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level > 1:
                wrong.append(f"{path.name}: from {'.' * node.level}{node.module or ''}")
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom) and node.level == 0
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            for name in names:
                parts = name.split(".")
                if parts[0] == "politeharvest" and (
                    len(parts) < 2 or parts[1] not in GROUND | {"quality"}
                ):
                    wrong.append(f"{path.name}: {name}")
    assert wrong == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # vowel signs and viramas are combining marks: a word keeps them, whole
        ("भारत में भूजल गुणवत्ता", ["भारत", "में", "भूजल", "गुणवत्ता"]),
        ("நிலத்தடி நீர் தரத்தின்", ["நிலத்தடி", "நீர்", "தரத்தின்"]),
        ("অধ্যায় ৪", ["অধ্যায়", "4"]),
        ("සිංහල භාෂාව", ["සිංහල", "භාෂාව"]),
        # scripts without spaces between words are read in pairs of letters, marks left out
        ("บทที่ 4", ["บท", "ทท", "4"]),
        ("ລາວ", ["ລາ", "າວ"]),
        # Latin marks still go
        ("Ảnh hưởng", ["anh", "huong"]),
    ],
)
def test_keys_read_words_of_scripts_with_combining_marks_whole(
    text: str, expected: list[str]
) -> None:
    assert keys(text) == expected


def test_a_word_of_vowel_signs_differs_from_its_consonants() -> None:
    """Two Devanagari place names that share their consonants are two words."""
    assert keys("राजस्थान") != keys("रजसथन")
    assert keys("गुजरात") != keys("राजस्थान")
