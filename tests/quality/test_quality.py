"""The metadata normalizers as tables of real-world-shaped inputs, and their properties."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from politeharvest.quality import (
    clean_text,
    find_dois,
    language_code,
    normalize,
    normalize_date,
    parse_name,
    strip_markup,
    valid_isbn,
    valid_issn,
)


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("B&#246;hlen", "Böhlen"),
        ("B&amp;#246;hlen", "Böhlen"),  # escaped twice
        ("SjÃ¶strÃ¶m", "Sjöström"),  # UTF-8 read as Latin-1
        ("KuraklÄ±k ve toprak", "Kuraklık ve toprak"),
        ("<p>Die <i>Größe</i> der\n   Wälder</p>", "Die Größe der Wälder"),
        ("Ce\u0301sar et l\u2019e\u0301cole", "César et l\u2019école"),  # NFC
        ("  Étude   des   sols  ", "Étude des sols"),
        ("Çevre &amp; Şehir", "Çevre & Şehir"),
        # only real markup goes: text that merely looks like a tag is kept
        ("Bounds for x<y and y>z", "Bounds for x<y and y>z"),
        ("On <p>-adic numbers", "On <p>-adic numbers"),
        ("On &lt;p&gt;-adic numbers", "On <p>-adic numbers"),
        ("If a<b and c>d then", "If a<b and c>d then"),
        ("<i>Note</i>: a<b and c>d", "Note: a<b and c>d"),
        ("H<sub>2</sub>O and CO<sub>2</sub>", "H2O and CO2"),
        ("<jats:p>Soil <jats:italic>in situ</jats:italic></jats:p>", "Soil in situ"),
        ("<mml:math><mml:msup><mml:mi>x</mml:mi><mml:mn>2</mml:mn></mml:msup></mml:math>", "x2"),
        ('<span class="title">Kuraklık</span>', "Kuraklık"),
        ("first line<br>second line<br/>third", "first line second line third"),
        ("&lt;b&gt;Bold&lt;/b&gt; claim", "Bold claim"),  # escaped markup is markup
        ("<!-- generated -->Title", "Title"),
    ],
)
def test_clean_text(raw: str, clean: str) -> None:
    assert clean_text(raw) == clean


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="<>/=\"' abipxy-", max_size=60))
def test_markup_stripping_keeps_every_letter_outside_tags_and_is_idempotent(text: str) -> None:
    once = strip_markup(text)
    assert clean_text(clean_text(text)) == clean_text(text)
    # nothing but markup is removed: text without a known element name keeps every letter
    if not any(f"<{n}" in text or f"</{n}" in text for n in ("a", "b", "i", "p")):
        assert once == text


@pytest.mark.parametrize(
    ("raw", "iso", "precision"),
    [
        ("2023", "2023", "year"),
        ("2023-01", "2023-01", "month"),
        ("2023-1", "2023-01", "month"),
        ("2023-01-15", "2023-01-15", "day"),
        ("2023-01-15T10:00:00Z", "2023-01-15", "day"),
        ("2023-01-15T10:00:00+03:00", "2023-01-15", "day"),
        ("15.01.2023", "2023-01-15", "day"),
        ("15/01/2023", "2023-01-15", "day"),
        ("January 2023", "2023-01", "month"),
        ("15 January 2023", "2023-01-15", "day"),
        ("January 15, 2023", "2023-01-15", "day"),
        ("Ocak 2023", "2023-01", "month"),
        ("15 Şubat 2021", "2021-02-15", "day"),
        ("März 2023", "2023-03", "month"),
        ("1. Dezember 2020", "2020-12-01", "day"),
        ("décembre 2019", "2019-12", "month"),
        ("mars 2018", "2018-03", "month"),
    ],
)
def test_normalize_date(raw: str, iso: str, precision: str) -> None:
    date = normalize_date(raw)
    assert date is not None, raw
    assert (date.iso, date.precision, date.original) == (iso, precision, raw)


@pytest.mark.parametrize(
    "raw", ["", "n.d.", "31.02.2023", "2023-13", "sometime in spring", "0999", "12/31/2023"]
)
def test_normalize_date_refuses(raw: str) -> None:
    assert normalize_date(raw) is None


@pytest.mark.parametrize(
    ("raw", "family", "given", "initials"),
    [
        ("Smith, John", "Smith", "John", "J."),
        ("John Smith", "Smith", "John", "J."),
        ("J. Smith", "Smith", "J.", "J."),
        ("SMITH J", "Smith", "J", "J."),
        ("SMITH JK", "Smith", "J. K.", "J. K."),
        ("van der Berg, Anna", "van der Berg", "Anna", "A."),
        ("Anna van der Berg", "van der Berg", "Anna", "A."),
        ("Yılmaz, Ayşe", "Yılmaz", "Ayşe", "A."),
        ("Müller, Hans-Peter", "Müller", "Hans-Peter", "H. P."),
        ("de la Fontaine, Jean", "de la Fontaine", "Jean", "J."),
    ],
)
def test_parse_name(raw: str, family: str, given: str, initials: str) -> None:
    name = parse_name(raw)
    assert (name.family, name.given, name.initials, name.original) == (
        family,
        given,
        initials,
        raw,
    )


def test_find_dois_anywhere() -> None:
    assert find_dois(
        [
            "https://doi.org/10.1234/ABC.5",
            "http://dx.doi.org/10.1234/abc.5",  # the same DOI once
            "doi:10.5555/x-y(z)",
            "see 10.1000/xyz123.",
            "https://repo.example.org/1",
        ]
    ) == ("10.1234/abc.5", "10.5555/x-y(z", "10.1000/xyz123")


@pytest.mark.parametrize(
    ("raw", "issn"),
    [
        ("0378-5955", "0378-5955"),
        ("ISSN 2049-3630", "2049-3630"),
        ("0378-5954", None),
        ("1234", None),
    ],
)
def test_valid_issn(raw: str, issn: str | None) -> None:
    assert valid_issn(raw) == issn


@pytest.mark.parametrize(
    ("raw", "isbn"),
    [
        ("978-3-16-148410-0", "9783161484100"),
        ("ISBN 0-306-40615-2", "0306406152"),
        ("978-3-16-148410-1", None),
        ("0-8044-2957-X", "080442957X"),
    ],
)
def test_valid_isbn(raw: str, isbn: str | None) -> None:
    assert valid_isbn(raw) == isbn


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("Türkçe", "tr"),
        ("tur", "tr"),
        ("English", "en"),
        ("en-US", "en"),
        ("ger", "de"),
        ("Deutsch", "de"),
        ("français", "fr"),
        ("fre", "fr"),
        ("Klingon", None),
    ],
)
def test_language_code(raw: str, code: str | None) -> None:
    assert language_code(raw) == code


def test_normalize_a_harvested_row_keeps_the_original() -> None:
    row = {
        "identifier": "oai:repo:1",
        "metadata": {
            "title": ["Kuraklık &amp; <i>toprak</i> nemi"],
            "creator": ["Yılmaz, Ayşe", "SMITH J"],
            "date": ["Ocak 2023"],
            "identifier": ["https://doi.org/10.1234/TBD.1", "ISSN 0378-5955"],
            "language": ["Türkçe"],
        },
    }
    original = copy.deepcopy(row)
    record = normalize(row)
    assert record.raw == original and row == original  # the row itself is never changed
    assert record.titles == ("Kuraklık & toprak nemi",)
    assert [n.family for n in record.creators] == ["Yılmaz", "Smith"]
    assert [d.iso for d in record.dates] == ["2023-01"]
    assert record.dois == ("10.1234/tbd.1",)
    assert record.issns == ("0378-5955",)
    assert record.languages == ("tr",)
    assert record.fixes == ("title: 1 value(s) cleaned",)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=120))
def test_clean_text_is_idempotent(text: str) -> None:
    once = clean_text(text)
    assert clean_text(once) == once


@settings(max_examples=100, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["title", "creator", "date", "identifier", "language", "subject"]),
        st.lists(st.text(max_size=40), max_size=3),
    )
)
def test_normalize_never_loses_the_original_and_is_idempotent(
    metadata: dict[str, list[str]],
) -> None:
    row = {"identifier": "oai:x", "metadata": metadata}
    frozen = json.dumps(row, sort_keys=True)
    record = normalize(row)
    assert json.dumps(record.raw, sort_keys=True) == frozen
    again = normalize(
        {"identifier": "oai:x", "metadata": {k: list(v) for k, v in record.metadata.items()}}
    )
    assert again.metadata == record.metadata
    assert [d.iso for d in again.dates] == [d.iso for d in record.dates]
