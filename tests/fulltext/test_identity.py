"""Is this file the record's own? Folding, decisions and bounded PDF text, as tables."""

from __future__ import annotations

import time
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from politeharvest.fulltext._identity import RecordHints, decide, fold, pdf_text
from politeharvest.testing import text_pdf

ABSTRACT = (
    "Abstract. We measured soil moisture at forty stations during three dry summers and "
    "compared the series with satellite estimates; the agreement was weakest on steep "
    "slopes and strongest on irrigated plains, which suggests a correction by terrain."
)


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Kuraklık Koşullarında Toprak Nemi", "kuraklik kosullarinda toprak nemi"),
        ("İSTANBUL'DA İKLİM", "istanbul da iklim"),
        ("Über die Größe", "uber die grosse"),
        ("ﬁeld eﬃciency", "field efficiency"),  # ligatures
        ("hydro-\nlogical models", "hydrological models"),  # a word broken at a line end
        ("Café  —  résumé", "cafe resume"),
    ],
)
def test_fold(text: str, folded: str) -> None:
    assert fold(text) == folded


OWN = RecordHints(
    titles=("Kuraklık koşullarında toprak nemi ölçümleri",),
    doi="10.1234/tbd.2021.001",
    surnames=("yilmaz",),
    year="2021",
)


@pytest.mark.parametrize(
    ("hints", "text", "verdict", "words"),
    [
        (OWN, "Tarım Dergisi\ndoi: 10.1234/TBD.2021.001\n" + ABSTRACT, "matched", "DOI"),
        (
            RecordHints(titles=OWN.titles, surnames=("yilmaz",)),
            "KURAKLIK KOŞULLARINDA TOPRAK NEMİ ÖLÇÜMLERİ\nAyşe YILMAZ\n" + ABSTRACT,
            "matched",
            "author yilmaz",
        ),
        (
            RecordHints(titles=("Über die Größe der Wälder",), year="1998"),
            "Uber die Grosse der\nWalder\n1998\n" + ABSTRACT,
            "matched",
            "title block",
        ),
        (
            OWN,
            "Buğday verimi ve gübreleme\nMehmet Kaya\ndoi:10.1234/tbd.2021.009\n" + ABSTRACT,
            "mismatch",
            "10.1234/tbd.2021.009",
        ),
        (
            RecordHints(titles=("Coastal erosion in the Baltic",), surnames=("berg",)),
            "Dune migration on sandy coasts\nP. Novak\n" + ABSTRACT,
            "mismatch",
            "none of the record's authors",
        ),
        (OWN, None, "unverifiable", "no readable text"),
        (RecordHints(), ABSTRACT, "unverifiable", "no title or DOI"),
        (
            RecordHints(titles=("Coastal erosion in the Baltic",), surnames=("berg",)),
            "Dune migration\nA. Berg\n" + ABSTRACT,  # another title, but the record's author
            "unverifiable",
            "author berg",
        ),
        (
            RecordHints(titles=("Soil",), surnames=("kaya",)),
            "Soil\n" + ABSTRACT,  # a one-word title alone is not enough
            "unverifiable",
            "",
        ),
        (
            RecordHints(titles=("Coastal erosion in the Baltic",)),
            "Scan 0001",  # too little text to say anything
            "unverifiable",
            "too little",
        ),
    ],
)
def test_decide(hints: RecordHints, text: str | None, verdict: str, words: str) -> None:
    identity = decide(hints, text)
    assert identity.verdict == verdict, identity.evidence
    assert words in identity.evidence


def test_a_title_in_another_language_among_the_record_s_titles_matches() -> None:
    hints = RecordHints(
        titles=("Kuraklık ve toprak nemi", "Drought and soil moisture"), surnames=("demir",)
    )
    assert decide(hints, "Drought and soil moisture\nC. Demir\n" + ABSTRACT).verdict == "matched"


def test_hints_from_oai_dc_and_batch_rows() -> None:
    hints = RecordHints.from_metadata(
        {
            "title": ["Kuraklık"],
            "creator": ["Yılmaz, Ayşe", "Hans Müller"],
            "identifier": ["https://doi.org/10.1234/ABC.1", "https://repo.example.org/1"],
            "date": ["2021-05-03"],
        }
    )
    assert hints == RecordHints(
        ("Kuraklık",),
        "10.1234/abc.1",
        ("yilmaz", "muller"),
        "2021",
        forenames=("hans muller",),
        creators=("Yılmaz, Ayşe", "Hans Müller"),
        addresses=("repo.example.org/1",),  # its web address (the DOI's is its DOI)
    )
    row = RecordHints.from_row(
        {"title": "A", "doi": "doi:10.5555/x", "authors": "Smith, J.; Lee K"}
    )
    assert (row.doi, row.surnames) == ("10.5555/x", ("smith", "lee"))
    assert row.creators == ("Smith, J.", "Lee K")


def test_pdf_text_reads_the_first_pages_only() -> None:
    data = text_pdf(["First page title"], ["Second page"], ["Third page secret"])
    text = pdf_text(data)
    assert text is not None
    assert "First page title" in text and "Second page" in text
    assert "secret" not in text


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"%PDF-1.7\n" + b"\x00" * 5000,  # broken
        b"<html>not a pdf</html>",
        text_pdf(["Scan 0001"]).replace(b"Scan 0001", b"         "),  # no text at all
        # a compression bomb: a page stream that inflates to 200 MB of spaces
        b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
        b"2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
        b"3 0 obj << /Type /Page /Parent 2 0 R /Contents 4 0 R >> endobj\n"
        b"4 0 obj << /Filter /FlateDecode /Length 0 >> stream\n"
        + zlib.compress(b" " * 200_000_000, 9)
        + b"\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    ],
)
def test_a_broken_or_hostile_pdf_is_no_text_never_an_exception(data: bytes) -> None:
    started = time.perf_counter()
    assert pdf_text(data) is None
    assert time.perf_counter() - started < 10


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=3000), st.integers(0, 2000))
def test_mutated_pdfs_never_raise(noise: bytes, cut: int) -> None:
    base = text_pdf(["A title about rivers", "An author"])
    mutated = base[:cut] + noise + base[cut + len(noise) :]
    result = pdf_text(mutated)
    assert result is None or isinstance(result, str)


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=200))
def test_fold_is_idempotent(text: str) -> None:
    assert fold(fold(text)) == fold(text)
