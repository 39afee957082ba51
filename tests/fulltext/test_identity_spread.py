"""A title set over several lines, and a title whose parts the file sets in another order.

- A masthead over its subtitle line ("Freshwater Notes" / "Newsletter of ... No. 47 ·
  Spring 2022"), a question paper's header lines that a librarian joined into the record's
  title: the record's title, word for word, over consecutive top lines of different sizes.
  Another issue, year or part (one key the title does not have) is never that title.
- "<project> - Data Management Plan" for the record's "Data Management Plan: <project>":
  the words before the title's opening are the title's own later words, no label.

Real PDFs (reportlab) for the documents; property tests build the layout directly.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._docfacts import DocumentFacts, facts_of
from politeharvest.fulltext._identity import judge
from politeharvest.quality._text import STOP, content_words, keys

pytest.importorskip("reportlab")

from tests.fulltext.test_identity_kinds import body, make_pdf
from tests.fulltext.test_identity_title_zone import LABELS, WORDS, _layout

NEWSLETTER = {
    "title": [
        "Freshwater Notes: Newsletter of the Nordic Freshwater Society, No. 47 (Spring 2022)"
    ],
    "creator": ["Nordic Freshwater Society"],
    "date": ["2022-04"],
    "type": ["info:eu-repo/semantics/other"],
    "identifier": ["https://nordfresh.example.org/newsletter/47"],
}
PAPER = {
    "title": [
        "B.Sc. Degree Examination, Third Semester, Chemistry Paper III: Organic Chemistry "
        "(CBCS), November 2019"
    ],
    "creator": ["University of Mysore"],
    "date": ["2019-11"],
    "type": ["info:eu-repo/semantics/other"],
    "identifier": ["https://eprints.example.ac.in/qp/4471/"],
}


def _newsletter(subtitle: str) -> bytes:
    return make_pdf(
        [
            ("Freshwater Notes", 30.0, "Helvetica-Bold"),
            (subtitle, 10.0, "Helvetica"),
            ("In this issue: Message from the President - Research highlight", 9.0, "Helvetica"),
            *body(22),
        ]
    )


def test_a_newsletter_issue_under_its_masthead_is_its_records() -> None:
    """The masthead set large, the rest of the record's title on the line under it."""
    pdf = _newsletter("Newsletter of the Nordic Freshwater Society - No. 47 - Spring 2022")
    identity = check_identity(pdf, NEWSLETTER)
    assert identity.verdict == "matched", identity.evidence


@pytest.mark.parametrize(
    "subtitle",
    [
        "Newsletter of the Nordic Freshwater Society - No. 48 - Spring 2022",
        "Newsletter of the Nordic Freshwater Society - No. 47 - Autumn 2022",
        "Newsletter of the Nordic Freshwater Society - No. 47 - Spring 2021",
    ],
)
def test_another_issue_under_the_same_masthead_is_never_matched(subtitle: str) -> None:
    """Another number, season or year on the subtitle line: another issue."""
    identity = check_identity(_newsletter(subtitle), NEWSLETTER)
    assert identity.verdict != "matched", identity.evidence
    # the same with the masthead and the subtitle line as two runs of the title block
    facts = facts_of(_layout(("Freshwater Notes", 30.0), (subtitle, 12.0)))
    identity = judge(RecordHints.from_metadata(NEWSLETTER), facts)
    assert identity.verdict != "matched", identity.evidence


def _paper(semester: str, *, instruction: float | None = None) -> DocumentFacts:
    """A question paper's first page; `instruction`: the size of a line of instructions in
    the paper's other language, set below the header."""
    rows = [
        ("Reg. No. : ______________ Q.P. Code: 73219", 9.5),
        ("ಮೈಸೂರು ವಿಶ್ವವಿದ್ಯಾಲಯ / UNIVERSITY OF MYSORE", 18.7),
        ("B.Sc. Degree Examination, November 2019", 11.5),
        (semester, 10.5),
        ("CHEMISTRY - Paper III: Organic Chemistry", 11.0),
        ("Time : 3 Hours Max. Marks : 70", 10.0),
        ("Instructions: Answer ALL questions in Part A and any FIVE in Part B.", 9.5),
    ]
    if instruction is not None:
        rows.append(("ಸೂಚನೆ: ಎಲ್ಲಾ ಪ್ರಶ್ನೆಗಳಿಗೆ ಉತ್ತರಿಸಿ.", instruction))
    return facts_of(_layout(*rows, ("PART - A", 11.0)))


def test_a_question_paper_whose_header_lines_make_the_records_title_is_its_records() -> None:
    """The record's title joins the paper's header lines in another order, under the
    university's name (the record's creator): before, that name was read as another title
    and the paper refused."""
    hints = RecordHints.from_metadata(PAPER)
    identity = judge(hints, _paper("Third Semester (CBCS)", instruction=10.0))
    assert identity.verdict == "matched", identity.evidence
    # a line set larger than the header, in words no field of the record has, may be the
    # document's own title wherever it stands: never refused, no longer matched
    identity = judge(hints, _paper("Third Semester (CBCS)", instruction=14.8))
    assert identity.verdict == "unverifiable", identity.evidence


@pytest.mark.parametrize("semester", ["Fifth Semester (CBCS)", "Third Semester (CBCS) Repeat"])
def test_the_paper_of_another_semester_is_never_matched(semester: str) -> None:
    identity = judge(RecordHints.from_metadata(PAPER), _paper(semester))
    assert identity.verdict != "matched", identity.evidence


def test_a_data_management_plan_titled_project_first_is_its_records() -> None:
    """ "<project> - SNSF Data Management Plan" for the record's "Data Management Plan:
    <project>": the words in front of the title's opening are its own later words and one
    acronym; they were read as a label of another document's kind."""
    record = {
        "title": ["Data Management Plan: Microplastic Transport in Alpine Rivers (MICROALP)"],
        "creator": ["Brunner, Lea", "Moretti, Luca"],
        "date": ["2023-03-10"],
        "type": ["info:eu-repo/semantics/other"],
        "identifier": ["https://doi.org/10.5555/zenodo.7712345"],
    }
    pdf = make_pdf(
        [
            ("Microplastic Transport in Alpine Rivers (MICROALP) - SNSF", 14.0, "Helvetica-Bold"),
            ("Data Management Plan", 14.0, "Helvetica-Bold"),
            ("1. Data collection and documentation", 11.0, "Helvetica"),
            *body(22),
        ]
    )
    identity = check_identity(pdf, record)
    assert identity.verdict == "matched", identity.evidence


TITLES = [
    "Groundwater quality in the lower Danube floodplain",
    "Freshwater Notes: Newsletter of the Nordic Freshwater Society, No. 47 (Spring 2022)",
    "Оценка качества подземных вод в бассейне реки Оби",
    "北海道における地下水質の長期変動と気候要因",
]


def _hints(title: str) -> RecordHints:
    return RecordHints.from_metadata(
        {"title": [title], "creator": ["Tesfaye, Alemu"], "date": ["2024"], "type": ["other"]}
    )


@settings(max_examples=150, deadline=None)
@given(
    title=st.sampled_from(TITLES[:3]),
    cut=st.floats(min_value=0.2, max_value=0.8),
    label=LABELS,
    which=st.floats(min_value=0.0, max_value=0.999),
)
def test_a_title_spread_over_lines_with_a_word_replaced_never_matches(
    title: str, cut: float, label: str, which: float
) -> None:
    """The record's title over two runs of different sizes (a masthead and the line under
    it), one of its words replaced by any words it does not have (another issue, season,
    place): never matched. (A run holding most of the title over a line too short to be a
    run, or over a line read as its byline, is read as the run alone: a title with a
    subtitle the file leaves out.)"""
    mine = {k for k in keys(title) if k not in STOP}
    assume(all(k not in mine for k in keys(label)))
    assume(any(k not in STOP for k in keys(label)))
    words = title.split()
    i = int(len(words) * which)
    assume(bool(content_words(words[i])) and words[i].strip(",.:;()").isalpha())
    words[i] = label
    at = min(len(words) - 1, max(1, int(len(words) * cut)))
    head, tail = " ".join(words[:at]), " ".join(words[at:])
    facts = facts_of(_layout((head, 24.0), (tail, 14.0)))
    assume(len(facts.runs) >= 2)  # both parts set as title runs (a line of one number is not)
    assume(not facts.byline)  # a line read as names under the title is its byline, not its end
    assert judge(_hints(title), facts).verdict != "matched"


@settings(max_examples=150, deadline=None)
@given(
    title=st.sampled_from(TITLES[:3]), label=st.lists(WORDS, min_size=2, max_size=4).map(" ".join)
)
def test_label_words_before_a_reordered_title_never_match(title: str, label: str) -> None:
    """The title's later half set first, behind label words none of the record's fields has
    (as many as the moved words or more): a label, never matched."""
    words = title.split()
    moved = " ".join(words[-2:])
    assume(
        len([k for k in keys(label) if k not in STOP and len(k) >= 2 and not k.isdigit()])
        >= len([k for k in keys(moved) if k not in STOP and len(k) >= 2])
    )
    assume(all(k not in set(keys(title)) for k in keys(label)))
    block = f"{label} {moved} - {title}"
    facts = facts_of(_layout((block, 16.0), ("Version 1.2", 9.0)))
    assert judge(_hints(title), facts).verdict != "matched"


@pytest.mark.parametrize(
    ("head", "tail"),
    [
        ("九州における", "地下水質の長期変動と気候要因"),
        ("北海道における", "地下水質の短期変動と気候要因"),
    ],
)
def test_a_japanese_title_over_two_sizes_with_other_characters_never_matches(
    head: str, tail: str
) -> None:
    """Another place or another span in a title set over two sizes, in a script without
    spaces."""
    facts = facts_of(_layout((head, 24.0), (tail, 11.0)))
    assert judge(_hints(TITLES[3]), facts).verdict != "matched"


def _short(*rows: tuple[str, float]) -> DocumentFacts:
    """A title page with almost no text (a score's, a graphical abstract's)."""
    from politeharvest.fulltext._pdflayout import Layout, Line

    lines = tuple(
        Line(0, text, size, 800.0 - 30.0 * i, 800.0 - 30.0 * i - size, 60.0, 400.0)
        for i, (text, size) in enumerate(rows)
    )
    return facts_of(Layout((lines,), 1))


SCORE = {
    "title": ["Keelpillikvartett nr 2 „Rändlinnud“"],
    "creator": ["Tamm, Kadri"],
    "date": ["2016"],
    "type": ["info:eu-repo/semantics/other", "Notated music"],
}


def test_a_scores_title_page_with_the_composer_set_over_the_title_is_its_records() -> None:
    """Too little text to trust, but the record's title is the title block and its creator
    is named in a run of it (the composer set large over the title, where no byline is
    looked for)."""
    facts = _short(
        ("Kadri Tamm", 16.0),
        ("KEELPILLIKVARTETT nr 2", 22.0),
        ("„Rändlinnud“", 18.0),
        ("String Quartet No. 2", 12.0),
        ("Partituur / Score", 11.0),
        ("© Kadri Tamm 2016 · Eesti Muusika Infokeskus", 8.0),
    )
    assert not facts.trusted
    identity = judge(RecordHints.from_metadata(SCORE), facts)
    assert identity.verdict == "matched", identity.evidence
    assert "short text" in identity.evidence


def test_the_composers_other_quartet_is_never_matched() -> None:
    facts = _short(
        ("Kadri Tamm", 16.0),
        ("KEELPILLIKVARTETT nr 1", 22.0),
        ("„Talvine meri“", 18.0),
        ("String Quartet No. 1", 12.0),
        ("Partituur / Score", 11.0),
    )
    assert judge(RecordHints.from_metadata(SCORE), facts).verdict != "matched"


def test_a_short_document_of_another_kind_is_never_matched() -> None:
    """A graphical abstract with the article's title and authors: too short to trust, and
    another kind of document. It was matched by its title block and byline before (the
    short text's match read neither its kind nor the other rules)."""
    title = "Nitrate leaching under autumn grazing on volcanic soils"
    facts = _short(
        ("Graphical abstract", 16.0),
        (title, 13.0),
        ("Ana Medeiros, João Sousa", 11.0),
        ("Terceira, Azores · 18 lysimeters · 2019-2022", 11.0),
    )
    assert not facts.trusted and facts.kind == "summary"
    record = {
        "title": [title],
        "creator": ["Medeiros, Ana", "Sousa, João"],
        "date": ["2022"],
        "type": ["info:eu-repo/semantics/article"],
    }
    identity = judge(RecordHints.from_metadata(record), facts)
    assert identity.verdict != "matched", identity.evidence


@settings(max_examples=150, deadline=None)
@given(title=st.sampled_from(TITLES[:3]), label=LABELS, cut=st.floats(0.3, 0.7))
def test_a_larger_label_over_a_title_set_in_two_sizes_never_matches(
    title: str, label: str, cut: float
) -> None:
    """Any label of up to three words set larger over the record's title, the title over
    two lines of different sizes: never matched (the label is read against the title's
    largest run, as over a title of one size)."""
    mine = set(keys(title))
    # a word of the label's own of three letters or more, as the title-zone tests ask
    # (`_foreign`): one that folds to two letters ("Aae", "Zz") reads as initials or a
    # logo's letters, which the check leaves to the other evidence
    assume(any(k not in mine and k not in STOP and len(k) >= 3 for k in keys(label)))
    words = title.split()
    at = min(len(words) - 1, max(1, int(len(words) * cut)))
    head, tail = " ".join(words[:at]), " ".join(words[at:])
    facts = facts_of(_layout((label, 22.0), (head, 16.0), (tail, 12.0), ("Version 1.2", 9.0)))
    assert judge(_hints(title), facts).verdict != "matched"


def test_a_larger_label_over_a_newsletters_masthead_and_subtitle_line_is_not_matched() -> None:
    """The record's title word for word over the masthead and the line under it, under a
    run set larger in words none of the record's fields has: the document's own title may
    be that one (as over a title of one run)."""
    facts = facts_of(
        _layout(
            ("Jahresbericht der Vereinsleitung", 40.0),
            ("Freshwater Notes", 30.0),
            ("Newsletter of the Nordic Freshwater Society - No. 47 - Spring 2022", 10.0),
        )
    )
    identity = judge(RecordHints.from_metadata(NEWSLETTER), facts)
    assert identity.verdict != "matched", identity.evidence


MAORI = {
    "title": ["Te whakaora i te reo Maaori i ngaa kura kaupapa Maaori o Taamaki Makaurau"],
    "creator": ["Ngata, Heemi"],
    "date": ["2021"],
    "type": ["info:eu-repo/semantics/masterThesis"],
}


def test_long_vowels_with_macrons_in_the_file_and_doubled_in_the_record_are_one_title() -> None:
    """ "Māori" on the page, "Maaori" in the record (a convention of some institutions): the
    same title, read with long vowels alike on both sides (Unicode's combining macron)."""
    facts = facts_of(
        _layout(
            ("Te whakaora i te reo Māori i ngā kura kaupapa", 16.0),
            ("Māori o Tāmaki Makaurau", 16.0),
            ("Hēmi Ngata", 10.5),
        )
    )
    identity = judge(RecordHints.from_metadata(MAORI), facts)
    assert identity.verdict == "matched", identity.evidence
    assert "long vowels" in identity.evidence


@pytest.mark.parametrize(
    "title",
    [
        "Te whakaora i te reo Māori i ngā kura tuarua o Te Tai Tokerau",
        "Te whakaora i te reo Māori i ngā whare wānanga o Tāmaki Makaurau",
    ],
)
def test_another_title_with_long_vowels_is_never_matched(title: str) -> None:
    facts = facts_of(_layout((title, 16.0), ("Hēmi Ngata", 10.5)))
    identity = judge(RecordHints.from_metadata(MAORI), facts)
    assert identity.verdict != "matched", identity.evidence
