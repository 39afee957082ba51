"""The title zone decides, not a word list: labels, numbers and citations in any script.

A document that shares the record's title (and DOI, and authors) is another document when
its title zone says so by its structure:

- a run set larger than the record's title, in words none of the record's fields has ("a
  statistical analysis plan" over the results paper's title);
- words none of the record's fields has in front of the title, in the title's own run;
- a short numbered label right above the title ("Chapter 4") for an article's record;
- another number in the frame of the record's title ("... 2021" for "... 2022");
- the record's DOI at the end of a citation of the record (a reading list), or given after
  another DOI of the document's own.

Small PDFs are made here with reportlab in scripts none of the identity corpora has
(Ethiopic, Thai, Devanagari, Tamil) and some they have; the labels are invented words of
those languages, which no list of the library holds. Property tests build the layout
directly (no PDF) and try any label words.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._docfacts import facts_of
from politeharvest.fulltext._identity import judge
from politeharvest.fulltext._pdflayout import Layout, Line
from politeharvest.quality._text import STOP, keys

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont

from tests.fulltext.test_identity_kinds import body, make_pdf

FONTS = Path("/usr/share/fonts/truetype")
_FILES = {
    "DejaVu": FONTS / "dejavu" / "DejaVuSans.ttf",
    "Abyssinica": FONTS / "abyssinica" / "AbyssinicaSIL-Regular.ttf",
    "Garuda": FONTS / "tlwg" / "Garuda.ttf",
    "LohitDevanagari": FONTS / "lohit-devanagari" / "Lohit-Devanagari.ttf",
    "LohitTamil": FONTS / "lohit-tamil" / "Lohit-Tamil.ttf",
}


def _font(name: str) -> str:
    if name == "HeiseiMin-W3":
        pdfmetrics.registerFont(UnicodeCIDFont(name))
        return name
    path = _FILES[name]
    if not path.is_file():
        pytest.skip(f"no {name} font at {path}")
    pdfmetrics.registerFont(TTFont(name, str(path)))
    return name


#: (language, font, the record's title, a label of another kind of document in that language
#: (invented for the test: no list holds it), a numbered label, a chapter's)
SCRIPTS = [
    (
        "en",
        "DejaVu",
        "Groundwater quality in the lower Danube floodplain",
        "Data management plan",
        "Chapter 4",
    ),
    (
        "ru",
        "DejaVu",
        "Оценка качества подземных вод в бассейне реки Оби",
        "План статистического анализа",
        "Глава 4",
    ),
    (
        "el",
        "DejaVu",
        "Εκτίμηση της ποιότητας των υπόγειων υδάτων στη Θεσσαλία",
        "Σχέδιο στατιστικής ανάλυσης",
        "Κεφάλαιο 4",
    ),
    (
        "am",
        "Abyssinica",
        "በኢትዮጵያ ደጋማ አካባቢዎች የአፈር መሸርሸር ግምገማ",
        "የመረጃ ትንተና እቅድ",
        "ምዕራፍ 4",
    ),
    (
        "th",
        "Garuda",
        "การประเมินคุณภาพน้ำใต้ดินในภาคตะวันออกเฉียงเหนือ",
        "แผนการวิเคราะห์ทางสถิติ",
        "บทที่ 4",
    ),
    (
        "hi",
        "LohitDevanagari",
        "भारत के शुष्क क्षेत्रों में भूजल गुणवत्ता का मूल्यांकन",
        "सांख्यिकीय विश्लेषण योजना",
        "अध्याय 4",
    ),
    (
        "ta",
        "LohitTamil",
        "தமிழ்நாட்டின் வறண்ட பகுதிகளில் நிலத்தடி நீர் தரத்தின் மதிப்பீடு",
        "புள்ளியியல் பகுப்பாய்வுத் திட்டம்",
        "அத்தியாயம் 4",
    ),
    (
        "ja",
        "HeiseiMin-W3",
        "北海道における地下水質の長期変動と気候要因",
        "統計解析計画書",
        "第四章",
    ),
]
IDS = [s[0] for s in SCRIPTS]
DOI = "10.5555/tz.2024.0117"
BYLINE = "Alemu Tesfaye, Sara Lindqvist"
HEADER = "Example Journal of Hydrology 12 (2024) 117-131"


def _record(title: str, kind: str = "info:eu-repo/semantics/article") -> dict[str, list[str]]:
    return {
        "title": [title],
        "creator": ["Tesfaye, Alemu", "Lindqvist, Sara"],
        "identifier": [f"https://doi.org/{DOI}"],
        "date": ["2024"],
        "type": [kind],
    }


def _pdf(*items: tuple[object, ...]) -> bytes:
    return make_pdf([(HEADER, 7.5), *items, ("Abstract", 10.0), *body()])


@pytest.mark.parametrize(("lang", "font", "title", "label", "numbered"), SCRIPTS, ids=IDS)
def test_the_records_own_file_is_matched(
    lang: str, font: str, title: str, label: str, numbered: str
) -> None:
    """The control: the title as the title block, the authors under it, no DOI printed."""
    name = _font(font)
    pdf = _pdf((title, 16.0, name), (BYLINE, 11.0))
    identity = check_identity(pdf, _record(title))
    assert identity.verdict == "matched", identity.evidence


@pytest.mark.parametrize(("lang", "font", "title", "label", "numbered"), SCRIPTS, ids=IDS)
def test_a_larger_label_over_the_records_title_is_not_matched(
    lang: str, font: str, title: str, label: str, numbered: str
) -> None:
    """ "<a plan>" set larger over the results paper's title, its authors further down."""
    name = _font(font)
    pdf = _pdf((label, 21.0, name), (title, 15.0, name), ("Version 1.2 · 3 March 2023", 9.0))
    identity = check_identity(pdf, _record(title))
    assert identity.verdict == "unverifiable", identity.evidence
    assert "set larger" in identity.evidence


@pytest.mark.parametrize(("lang", "font", "title", "label", "numbered"), SCRIPTS, ids=IDS)
def test_label_words_in_front_of_the_records_title_are_not_matched(
    lang: str, font: str, title: str, label: str, numbered: str
) -> None:
    """The label in the title's own size, on the line before it: one run, label first."""
    name = _font(font)
    pdf = _pdf((label, 16.0, name), (title, 16.0, name), ("Version 1.2 · 3 March 2023", 9.0))
    identity = check_identity(pdf, _record(title))
    assert identity.verdict == "unverifiable", identity.evidence
    assert "before the record's title" in identity.evidence


@pytest.mark.parametrize(("lang", "font", "title", "label", "numbered"), SCRIPTS, ids=IDS)
def test_a_numbered_label_over_an_articles_title_is_a_part_of_a_longer_work(
    lang: str, font: str, title: str, label: str, numbered: str
) -> None:
    """ "Chapter 4" in any language right above the title: not the article, a book part's."""
    name = _font(font)
    pdf = _pdf((numbered, 15.0, name), (title, 18.0, name), (BYLINE, 11.0))
    identity = check_identity(pdf, _record(title))
    assert identity.verdict == "unverifiable", identity.evidence
    assert "numbered part" in identity.evidence
    part = check_identity(pdf, _record(title, "info:eu-repo/semantics/bookPart"))
    assert part.verdict == "matched", part.evidence


@pytest.mark.parametrize(("lang", "font", "title", "label", "numbered"), SCRIPTS, ids=IDS)
def test_the_records_doi_ending_a_citation_of_it_is_not_the_documents_own(
    lang: str, font: str, title: str, label: str, numbered: str
) -> None:
    """A handout under its own title that lists the record, with its DOI, as reading (high
    on its first page, where a document's own DOI may stand)."""
    name = _font(font)  # all of it in the script's font: its glyphs' height is the page's
    pdf = make_pdf(
        [
            ("HYD 4120 · week 8 · 1", 7.5),
            ("Lecture 8: field methods", 16.0),
            *body(3, font=name),
            ("Reading", 11.0),
            ("Tesfaye, A., Lindqvist, S. (2024).", 9.0),
            (title, 9.0),
            (f"Example Journal of Hydrology 12, 117-131. https://doi.org/{DOI}", 9.0),
        ],
        font=name,
    )
    identity = check_identity(pdf, _record(title))
    assert identity.verdict != "matched", identity.evidence
    assert "is the document's own" not in identity.evidence


@pytest.mark.parametrize(
    ("font", "title", "other"),
    [
        ("DejaVu", "Годовой отчёт Института почвоведения за 2022", "2021"),
        ("DejaVu", "Ετήσια έκθεση του Ινστιτούτου Εδαφολογίας 2022", "2021"),
        ("Abyssinica", "የአፈር ምርምር ተቋም ዓመታዊ ሪፖርት 2022", "2019"),
        ("HeiseiMin-W3", "土壌研究所年次報告書 2022", "2021"),
    ],
)
def test_another_number_in_the_frame_of_the_records_title_is_not_matched(
    font: str, title: str, other: str
) -> None:
    """Another year's report (another edition) under the same words: refused."""
    name = _font(font)
    record = _record(title, "info:eu-repo/semantics/report")
    record.pop("identifier")
    own = _pdf((title, 16.0, name), (BYLINE, 11.0))
    assert check_identity(own, record).verdict == "matched"
    previous = _pdf((title.replace("2022", other), 16.0, name), (BYLINE, 11.0))
    identity = check_identity(previous, record)
    assert identity.verdict == "mismatch", identity.evidence
    assert f"{other!r} where the record's title has '2022'" in identity.evidence


def test_the_records_doi_given_after_the_documents_own_is_referred_to() -> None:
    """ "<label>: <the record's DOI>" under the article's own DOI, whatever the label says."""
    title = SCRIPTS[0][2]
    record = {**_record(title), "type": ["info:eu-repo/semantics/other"]}
    for label in ("Preregistration", "Предварительная регистрация", "ቅድመ ምዝገባ"):
        pdf = _pdf(
            (title, 16.0),
            (BYLINE, 11.0),
            ("DOI: 10.5555/ejh.2025.0042", 8.5),
            (f"{label}: https://doi.org/{DOI}", 8.5, _font("DejaVu")),
        )
        identity = check_identity(pdf, record)
        assert identity.verdict == "unverifiable", identity.evidence
        assert f"cites the record's {DOI}" in identity.evidence


SIBLINGS = [
    (
        "LohitDevanagari",
        "राजस्थान के शुष्क क्षेत्रों में भूजल गुणवत्ता का मूल्यांकन",
        "गुजरात के शुष्क क्षेत्रों में भूजल गुणवत्ता का मूल्यांकन",
    ),
    (
        "LohitTamil",
        "தஞ்சாவூர் மாவட்டத்தில் நிலத்தடி நீர் தரத்தின் மதிப்பீடு",
        "மதுரை மாவட்டத்தில் நிலத்தடி நீர் தரத்தின் மதிப்பீடு",
    ),
]


@pytest.mark.parametrize(("font", "title", "sibling"), SIBLINGS)
def test_a_sibling_in_a_script_of_vowel_signs_is_another_work(
    font: str, title: str, sibling: str
) -> None:
    """Words of Devanagari and Tamil are read whole, vowel signs and all: another place name
    in the same frame is another work (read as consonants, most "words" agreed)."""
    name = _font(font)
    record = _record(title)
    record.pop("identifier")
    own = _pdf((title, 16.0, name), (BYLINE, 11.0))
    assert check_identity(own, record).verdict == "matched"
    other = check_identity(_pdf((sibling, 16.0, name), (BYLINE, 11.0)), record)
    assert other.verdict == "mismatch", other.evidence


# -- properties: any label words, built as a layout -------------------------------------------

TITLES = [
    "Groundwater quality in the lower Danube floodplain",
    "Оценка качества подземных вод в бассейне реки Оби",
    "በኢትዮጵያ ደጋማ አካባቢዎች የአፈር መሸርሸር ግምገማ",
    "भारत के शुष्क क्षेत्रों में भूजल गुणवत्ता का मूल्यांकन",
    "北海道における地下水質の長期変動と気候要因",
    "Microplastic retention in constructed wetlands treating road runoff",
]
#: Letters of several scripts for label words, one script a word, of three letters or more
#: (a shorter "word" is no title-like text of its own).
_ALPHABETS = [
    "abcdefghijklmnopqrstuvwxyz",
    "абвгдежзиклмнопрстуфхцчшщыэюя",
    "ሀለሐመሠረሰቀበተኀነአከወዐዘየደገጠጰጸፀፈፐ",
    "αβγδεζηθικλμνξοπρστυφχψω",
]
_DEVANAGARI = st.lists(
    st.tuples(
        st.sampled_from("कखगघचछजझटठडढणतथदधनपफबभमयरलवशसह"),
        st.sampled_from(["", "\u093e", "\u093f", "\u0940", "\u0941", "\u094d"]),
    ),
    min_size=3,
    max_size=6,
).map(lambda pairs: "".join(a + b for a, b in pairs))
WORDS = st.one_of(
    *[st.text(alphabet=letters, min_size=3, max_size=10) for letters in _ALPHABETS],
    _DEVANAGARI,
)
LABELS = st.lists(WORDS, min_size=1, max_size=3).map(" ".join)


def _line(text: str, size: float, index: int) -> Line:
    top = 800.0 - 22.0 * index
    return Line(0, text, size, top, top - size, 60.0, 60.0 + 6.0 * len(text))


def _layout(*items: tuple[str, float]) -> Layout:
    prose = [(line[0], 10.0) for line in body()]
    rows = [("Example Journal of Hydrology 12 (2024) 117-131", 7.5), *items, *prose]
    return Layout((tuple(_line(t, s, i) for i, (t, s) in enumerate(rows)),), 1)


def _hints(title: str) -> RecordHints:
    return RecordHints.from_metadata(_record(title))


def _foreign(label: str, title: str) -> bool:
    """The label has a word of three letters or more that none of the record's fields has.

    A label whose only such word folds to two letters ("Aae" to "aa", "Zz") reads as
    initials or a logo's letters over the title, which the check leaves to the other
    evidence (found by Hypothesis: such a label over the record's title is matched).
    """
    hints = _hints(title)
    known = {k for text in (*hints.titles, *hints.surnames, "2024") for k in keys(text)}
    return any(k not in known and k not in STOP and len(k) >= 3 for k in keys(label))


@settings(max_examples=150, deadline=None)
@given(title=st.sampled_from(TITLES), label=LABELS)
def test_label_words_in_front_of_the_title_never_match(title: str, label: str) -> None:
    """For any record and any label words set before its title, in its run: never matched."""
    assume(_foreign(label, title))
    facts = facts_of(_layout((label, 16.0), (title, 16.0), ("Version 1.2", 9.0)))
    assert judge(_hints(title), facts).verdict != "matched"


@settings(max_examples=150, deadline=None)
@given(title=st.sampled_from(TITLES), label=LABELS)
def test_a_larger_label_over_the_title_never_matches(title: str, label: str) -> None:
    """For any label of up to three words set larger over the record's title: never matched."""
    assume(_foreign(label, title))
    facts = facts_of(_layout((label, 22.0), (title, 16.0), ("Version 1.2", 9.0)))
    assert judge(_hints(title), facts).verdict != "matched"


@settings(max_examples=150, deadline=None)
@given(title=st.sampled_from(TITLES), label=LABELS)
def test_label_words_in_small_print_above_the_own_title_keep_it_matched(
    title: str, label: str
) -> None:
    """The safety side: a label line in small print ("Research article", any words) over the
    record's title and authors leaves the record's own file matched.

    Unless the words spell a label of another kind of document ("Zertifikat", a
    certificate's): by design the label then says what the document is (found by
    Hypothesis; the vocabularies are not excluded from the words drawn).
    """
    facts = facts_of(_layout((label, 8.5), (title, 16.0), (BYLINE, 11.0)))
    assume(facts.kind == "article")
    identity = judge(_hints(title), facts)
    assert identity.verdict == "matched", identity.evidence


def test_the_records_own_cite_as_box_over_a_title_block_not_found_is_left_undecided() -> None:
    """The record's citation with its DOI in a "Cite as" box, its title block not found (a
    journal's name set larger): the DOI ending the citation is no evidence for (a reading
    list prints it so), and no refusal either. The price of the rule: this file was matched
    by that DOI before; it is now unverifiable (kept from strong evidence only)."""
    title = SCRIPTS[0][2]
    pdf = make_pdf(
        [
            ("Example Hydrology", 22.0),
            ("Academic Editor: Maria Rossi", 11.0),
            ("Citation: Tesfaye, A.; Lindqvist, S.", 8.0),
            (f"{title}.", 8.0),
            (f"Example Hydrology 2024, 12, 117. https://doi.org/{DOI}", 8.0),
            *body(20),
        ]
    )
    identity = check_identity(pdf, _record(title))
    assert identity.verdict == "unverifiable", identity.evidence


def test_a_label_over_a_title_read_through_its_ocr_errors_is_refused_once_and_for_all() -> None:
    """One reading decides: a usage report whose title block, "Download statistics:
    <the record's title>", is found only with the letters OCR confuses read alike, over a
    citation of the record ending in its DOI. The refusal came from the OCR reading, and
    the citation rule re-read the title without it (title block not found) and turned the
    refusal into "unverifiable" (stored from strong evidence)."""
    title = "Dynamics of Groundwater Recharge in Lake Ohrid"
    facts = facts_of(
        _layout(
            ("Download statistics: DYNAMlCS 0F GR0UNDWATER RECHARGE lN LAKE 0HRlD", 16.0),
            ("Submission checked 2024-03-02", 9.0),
            ("Tesfaye, A. (2024). Dynamics of groundwater recharge in Lake Ohrid.", 8.0),
            (f"Example Journal of Hydrology 12, 117. https://doi.org/{DOI}", 8.0),
        )
    )
    assert DOI in facts.own_dois  # the DOI is read where the document's own stands
    identity = judge(_hints(title), facts)
    assert identity.verdict == "mismatch", identity.evidence
    assert "set before the record's title" in identity.evidence


def test_the_record_is_read_once_for_every_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """The record's words (titles, names, year, DOI) are worked out once per record, not once
    per rule that reads them (three did), nor again for each file judged against it."""
    import politeharvest.fulltext._identity as identity_module

    calls: list[RecordHints] = []
    original = identity_module._record_words

    def counted(hints: RecordHints) -> set[str]:
        calls.append(hints)
        return original(hints)

    monkeypatch.setattr(identity_module, "_record_words", counted)
    title = "Effect of grazing on soil carbon in semi-arid rangelands of Central Anatolia"
    hints = _hints(title)
    layouts = [
        _layout(("Data management plan", 22.0), (title, 16.0), ("Chapter 4", 12.0)),
        _layout(("Chapter 4", 12.0), (title, 16.0), ("Version 1.2", 9.0)),
        _layout(("Report: " + title, 16.0), ("Version 1.2", 9.0)),
    ]
    for layout in layouts:
        judge(hints, facts_of(layout))
    assert len([h for h in calls if h == hints]) <= 1
