"""Titles and names across scripts: right-to-left text layers read backwards (small PDFs made here).

A producer that sets a right-to-left line's letters left to right in their written order
(reportlab does, as many tools without a bidi layout do) leaves a text layer that pdfium
reads right to left: the record's Arabic or Hebrew title comes back reversed, and the
record's own file was refused ("its byline ... names none of the record's authors").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._identity import decide, logical_order
from politeharvest.fulltext._pdflayout import read_layout
from politeharvest.fulltext._scripts import in_word_mirrored, mirrored, order_evidence

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from tests.fulltext.test_identity_kinds import Item, body, make_pdf

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
needs_dejavu = pytest.mark.skipif(not DEJAVU.is_file(), reason="no DejaVu font for Arabic")

AR_TITLE = "أثر التحول الرقمي على جودة الخدمات المصرفية في الجزائر: دراسة ميدانية"
AR_RECORD = {
    "title": [AR_TITLE],
    "creator": ["بن علي، فاطمة الزهراء", "مزياني، عبد القادر"],
    "date": ["2023"],
}
AR_PROSE = [
    "تهدف هذه الدراسة إلى قياس أثر التحول الرقمي على جودة الخدمات في البنوك العمومية",
    "واعتمدت الدراسة على استبيان وزع على عينة من عملاء البنوك في ولايات الوسط",
    "وأظهرت النتائج وجود أثر إيجابي ذي دلالة إحصائية للخدمات الرقمية على رضا العملاء",
]


def _dejavu() -> str:
    pdfmetrics.registerFont(TTFont("DejaVu", str(DEJAVU)))
    return "DejaVu"


def _visual(line: str) -> str:
    """The line as a bidi layout sets it, left to right on the page (a right-to-left line)."""
    return mirrored(line)


def arabic_article(
    title: str = AR_TITLE,
    authors: str = "فاطمة الزهراء بن علي، عبد القادر مزياني",
    *,
    label: str = "",
    laid_out: bool = False,
) -> bytes:
    """An Arabic article; `laid_out`: set as a bidi layout sets it (the text layer reads right).

    The title is set on two lines, as a long title is; its first letter carries a hamza
    (the glyph rises above the font's box).
    """
    font = _dejavu()
    cut = title.index(" ", len(title) // 2)
    lines: list[Item] = [("مجلة الاقتصاد والتنمية البشرية، المجلد 14، العدد 2 (2023)", 7.5, font)]
    if label:
        lines.append((label, 9.0, font))
    lines += [(title[:cut], 17.0, font), (title[cut + 1 :], 17.0, font)]
    if authors:
        lines.append((authors, 11.0, font))
    lines += [("الملخص", 11.0, font), *[(AR_PROSE[i % 3], 9.5, font) for i in range(24)]]
    if laid_out:
        lines = [(_visual(str(item[0])), *item[1:]) for item in lines]
    return make_pdf(lines, *[body(30)])


# -- the text layer as pdfium gives it, read back ------------------------------------------


@pytest.mark.parametrize(
    ("as_read", "written"),
    [
        # what pdfium returned for each line set left to right in its written order
        ("تامدخلا ةدوج ىلع يمقرلا لوحتلا رثأ", "أثر التحول الرقمي على جودة الخدمات"),
        (
            "3 vol ةيرشبلا ةيمنتلاو داصتقالا ةلجم :Journal",
            "Journal: مجلة الاقتصاد والتنمية البشرية vol 3",
        ),
        ("ةلاقم ةيثحب DOI 10.1234/abc", "مقالة بحثية DOI 10.1234/abc"),
        ("(2023) ءارهزلا ةمطاف ،يلع نب", "بن علي، فاطمة الزهراء (2023)"),
        ("داصتقالا ةلجم 2023", "2023 مجلة الاقتصاد"),
        ("ةيرشبلا - داصتقالا «ةلجم»", "«مجلة» الاقتصاد - البشرية"),
        ("רפס םלוע םולש", "שלום עולם ספר"),
        ("Soil moisture and yield", "Soil moisture and yield"),
    ],
)
def test_a_line_read_backwards_is_read_back(as_read: str, written: str) -> None:
    assert mirrored(as_read) == written
    assert mirrored(written) == as_read  # its own inverse


def test_the_letters_that_end_words_tell_the_order() -> None:
    """Teh marbuta, alef maksura and Hebrew final letters end words: read backwards, they open them."""
    assert order_evidence(AR_TITLE) > 0
    assert order_evidence(mirrored(AR_TITLE)) < 0
    assert order_evidence("שלום עולם ספר") > 0 > order_evidence(mirrored("שלום עולם ספר"))
    assert order_evidence("Soil moisture") == 0
    # each word's letters turned, the words in place
    assert in_word_mirrored("ةلاقم ةيثحب DOI") == "مقالة بحثية DOI"


# -- the record's own file, and others ------------------------------------------------------


@needs_dejavu
@pytest.mark.parametrize("authors", ["فاطمة الزهراء بن علي، عبد القادر مزياني", ""])
def test_an_arabic_article_read_backwards_is_the_records_own(authors: str) -> None:
    """The ASJP case (landing4): its names lost (a font without Arabic glyphs), the title's
    second line was measured smaller than its first (a hamza rises above the font's box), read
    as the byline, and the record's own file refused: "its byline ... names none of the
    record's authors"."""
    pdf = arabic_article(authors=authors)
    layout = read_layout(pdf, max_pages=1)
    assert layout is not None
    assert layout.pages[0][1].text.startswith("تامدخلا")  # the text layer reads it backwards
    identity = check_identity(pdf, AR_RECORD)
    assert identity.verdict == "matched", identity.evidence
    assert "title block" in identity.evidence
    assert "right-to-left lines read back" in identity.evidence


@needs_dejavu
def test_both_title_lines_are_one_size_despite_a_hamza() -> None:
    """A glyph that rises above the font's box is one of five measured: the title is one run."""
    layout = read_layout(arabic_article(), max_pages=1)
    assert layout is not None
    sizes = [line.size for line in layout.pages[0][1:3]]
    assert sizes[0] == sizes[1] == 17.0, sizes


@needs_dejavu
def test_an_arabic_article_laid_out_right_is_read_as_it_is() -> None:
    identity = check_identity(arabic_article(laid_out=True), AR_RECORD)
    assert identity.verdict == "matched", identity.evidence
    assert "read back" not in identity.evidence


@needs_dejavu
@pytest.mark.parametrize("laid_out", [False, True])
def test_another_arabic_article_stays_another(laid_out: bool) -> None:
    """Read backwards or not, another article's title is not the record's."""
    other = arabic_article(
        "تحليل العوامل المؤثرة في الادخار العائلي لدى الأسر الريفية في ولاية سطيف",
        "كريم بوعلام، سمية حداد",
        laid_out=laid_out,
    )
    identity = check_identity(other, AR_RECORD)
    assert identity.verdict == "mismatch", identity.evidence


@needs_dejavu
def test_a_label_read_backwards_is_read_where_it_stands() -> None:
    """A Persian extended abstract of the record's work, read back: its label says what it is."""
    title = "بررسی اثر تغییر اقلیم بر منابع آب زیرزمینی دشت قزوین با مدل‌سازی عددی"
    record = {"title": [title], "creator": ["رضایی، محمد", "کریمی، زهرا"]}
    pdf = arabic_article(title, "محمد رضایی، زهرا کریمی", label="چکیده گسترده")
    identity = check_identity(pdf, record)
    assert identity.verdict == "mismatch", identity.evidence
    assert identity.kind == "summary"


def test_the_record_chooses_the_reading_and_plain_text_too() -> None:
    """`decide` (plain text) reads a reversed layer back by the record's words."""
    hints = RecordHints(titles=(AR_TITLE,), surnames=("الزهراء", "مزياني"))
    text = "\n".join(
        [
            mirrored(AR_TITLE),
            mirrored("فاطمة الزهراء بن علي، عبد القادر مزياني"),
            *[mirrored(line) for line in AR_PROSE * 6],
        ]
    )
    identity = decide(hints, text)
    assert identity.verdict == "matched", identity.evidence
    # as written, nothing is turned
    written = "\n".join([AR_TITLE, "فاطمة الزهراء بن علي", *AR_PROSE * 6])
    layout, turned = logical_order(hints, read_layout_of_text(written))
    assert turned is None
    assert layout.text.splitlines()[0] == AR_TITLE


def read_layout_of_text(text: str):  # type: ignore[no-untyped-def]
    from politeharvest.fulltext._docfacts import layout_of_text

    return layout_of_text(text)


def test_reading_a_hostile_line_back_stays_linear() -> None:
    """A page's line of 20,000 characters (the cut) is read back in well under a second."""
    import time

    for line in ["ةلاقم ab " * 2300, "ة" * 20_000, "(" * 20_000, "ab " * 7000]:
        started = time.perf_counter()
        assert mirrored(mirrored(line)) == line
        in_word_mirrored(line)
        order_evidence(line)
        assert time.perf_counter() - started < 2.0


# -- Japanese without the ja extra -----------------------------------------------------------


def test_without_pykakasi_japanese_stays_incomparable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``ja`` extra missing: kanji against romaji say nothing either way, as before."""
    from politeharvest.fulltext import _scripts

    monkeypatch.setattr(_scripts, "_KAKASI", [None])
    _scripts._latin_japanese.cache_clear()
    try:
        romaji = "Yūsetsuki ni okeru senjōchi kasen no ryūshutsu tokusei"
        japanese = "融雪期における扇状地河川の流出特性"
        assert not _scripts.comparable(romaji, japanese, japanese=True)
        assert not _scripts.similar_across(romaji, japanese, japanese=True)
        text = f"{japanese}\n高田 浩二・森 由紀\n" + "富山平野の扇状地河川を対象に解析した。\n" * 12
        hints = RecordHints(titles=(romaji,), surnames=("takada", "mori"))
        assert decide(hints, text).verdict == "unverifiable"
    finally:
        _scripts._latin_japanese.cache_clear()
