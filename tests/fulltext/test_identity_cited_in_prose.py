"""A record's title cited in prose, quoted over lines, numbered as a part, set on an offprint.

Written after identity63 (written outside the project, scored once): a journal's obituary of
the record's author cites her article's title in a sentence run over two lines; the next
part of a serialised article numbers its part in Han numerals, "(二)" for the record's
"(一)"; an offprint's cover sets the author over the quoted title of her own chapter; a
Korean title glosses each word's Hanja in brackets. The pages are written here; none is
copied from a corpus.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from politeharvest.fulltext import check_identity
from politeharvest.fulltext._identity import FIRST_PAGES, _quoted_title, facts_of, read_layout
from politeharvest.fulltext._scripts import han_as_record

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from tests.fulltext.test_identity_kinds import body, make_pdf

_WORK = {
    "title": ["The Vineyard Parable and the Labourers Hired Late in Matthew 20"],
    "creator": ["Aldridge, Marian C."],
    "date": ["1981"],
    "type": ["info:eu-repo/semantics/article"],
    "source": ["Journal of Gospel Studies; Vol. 30 No. 2 (1981); 201-219"],
}


def test_an_obituary_citing_the_records_title_in_prose_is_not_the_record() -> None:
    page = [
        ("Journal of Gospel Studies 71.1 (2022): 95-98", 7.5),
        ("IN MEMORIAM", 9.0),
        ("Marian C. Aldridge (1935-2021)", 16.0),
        (
            "Marian Clare Aldridge, who died in March 2021 at the age of eighty-six, was one of",
            10.0,
        ),
        ("the most careful readers of the parables of her generation. Her article \u201cThe", 10.0),
        ("Vineyard Parable and the Labourers Hired Late in Matthew 20\u201d, published in", 10.0),
        ("this journal in 1981, opened a new field of study of the Gospels. Her article on", 10.0),
        ("the vineyard parable and the labourers hired late, published in this journal, has", 10.0),
        ("been reprinted several times. She is survived by her sister and many students.", 10.0),
        *body(20),
    ]
    assert check_identity(make_pdf(page, body(40)), _WORK).verdict != "matched"


def test_the_title_opening_a_line_over_two_lines_with_its_author_is_still_matched() -> None:
    # the guard: the title set in the body's size at a line's start, run on to the next,
    # its author below: a heading, not a citation
    heading = ["The Vineyard Parable and the Labourers Hired Late in", "Matthew 20"]
    lines = [(line, 10.0) for line in [*heading, "Marian C. Aldridge"]]
    page = [("Journal of Gospel Studies 30.2 (1981): 201-219", 7.5), *body(6), *lines, *body(30)]
    identity = check_identity(make_pdf(page, body(40)), _WORK)
    assert identity.verdict == "matched"
    assert "opens a line" in identity.evidence


_SERIAL = {
    "title": ["西田幾多郎における「場所」の論理と宗教哲学（一）"],
    "creator": ["上田, 健一"],
    "date": ["2018"],
    "type": ["departmental bulletin paper"],
}


@pytest.mark.parametrize(("part", "verdict"), [("（二）", "mismatch"), ("（一）", "matched")])
def test_a_serials_part_numbered_in_han_numerals(part: str, verdict: str) -> None:
    page = [
        (f"西田幾多郎における「場所」の論理と宗教哲学{part}", 15.0, "HeiseiMin-W3"),
        ("上田 健一", 11.0, "HeiseiMin-W3"),
        *body(30),
    ]
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))
    assert check_identity(make_pdf(page), _SERIAL).verdict == verdict


_CHAPTER = {
    "title": ["Reading Esther as Court Tale"],
    "creator": ["Kowalczyk-Brandt, Joanna"],
    "date": ["2019"],
    "type": ["info:eu-repo/semantics/bookPart"],
}


def _offprint(byline: str) -> bytes:
    cover = [
        ("SCRIPTURE, CANON, AND COMMUNITY", 24.0),
        ("Essays in Honour of Harold E. Whitmore", 14.0),
        ("OFFPRINT", 13.0),
        (byline, 12.0),
        ("\u201cReading Esther as Court Tale\u201d", 12.0),
        ("pp. 143-162", 11.0),
        ("Scriptural Texts and Traditions 41", 10.0),
        ("ISBN 978-0-00-000841-2", 10.0),
        ("HARROWGATE ACADEMIC PRESS", 12.0),
        ("LEUVEN - PARIS - BRISTOL, CT 2019", 9.5),
        ("This offprint is supplied for the author's personal use only. It may be deposited", 8.5),
        ("in an institutional repository twelve months after publication, with full", 8.5),
    ]
    chapter = [
        ("READING ESTHER AS COURT TALE", 14.0),
        ("Joanna Kowalczyk-Brandt", 11.0),
        *body(30),
    ]
    return make_pdf(cover, chapter)


def test_an_offprints_cover_setting_the_author_over_the_quoted_title_is_the_records() -> None:
    assert check_identity(_offprint("Joanna Kowalczyk-Brandt"), _CHAPTER).verdict == "matched"


def test_a_quoted_title_under_other_words_is_still_a_document_about_it() -> None:
    # the guard: words that are no author's name around the quoted title ("Response to")
    names = frozenset({"joanna", "kowalczyk", "brandt"})
    title = _CHAPTER["title"][0]
    block = "Joanna Kowalczyk-Brandt \u201cReading Esther as Court Tale\u201d"
    assert _quoted_title(block, title, names) is None
    reply = "Response to \u201cReading Esther as Court Tale\u201d"
    assert _quoted_title(reply, title, names) is not None
    assert _quoted_title(f"Joanna Kowalczyk-Brandt: {reply}", title, names) is not None


def test_a_hanja_gloss_after_a_hangul_word_is_read_away() -> None:
    record = "퇴계 이황의 이기호발설 재검토"
    assert han_as_record("퇴계(退溪) 이황(李滉)의 이기호발설(理氣互發說) 재검토", record) == record
    # Hanja standing alone (no Hangul before it) is read in Hangul, as before
    assert han_as_record("退溪 李滉", record) == "퇴계 이황"


_CASE = {
    "title": ["Harbour Lights Hotel (A): pricing rooms after the pandemic"],
    "creator": ["Ferrer i Roca, Laia", "Mensah, Kwame"],
    "date": ["2022"],
    "type": ["Teaching case", "info:eu-repo/semantics/other"],
}


def test_a_teaching_case_with_its_exhibits_tables_is_the_case() -> None:
    """A business school's case: its title set over two lines, the first ending in a colon
    ("Harbour Lights Hotel (A):"), its exhibits' tables of figures on a later page. The
    first line is the title's own, no field's caption; a table's rows ending in numbers are
    no list of contents."""
    first = [
        ("SM-0212-E", 10.0),
        ("Harbour Lights Hotel (A):", 17.0),
        ("Pricing Rooms after the Pandemic", 12.0),
        *body(34),
    ]
    months = ["April", "May", "June", "July", "August", "September", "October", "November"]
    rows = [
        (f"{m} {50 + i}% {90 + 9 * i} {45 + 7 * i} {35 + i}% {84 + i}", 8.5)
        for i, m in enumerate(months)
    ]
    hotels = [
        (f"Hotel {n} 4* {100 + 7 * i} {150 + 3 * i} 8.{i}", 8.5)
        for i, n in enumerate(["Harbour Lights", "Bayview", "Marina", "Seafront", "Old Mill"])
    ]
    exhibits = [
        ("Exhibit 1 Monthly operating statistics, 2019 and 2021", 9.5),
        *rows,
        ("Exhibit 2 Competitive set, summer 2021", 9.5),
        *hotels,
    ]
    assert check_identity(make_pdf(first, body(40), exhibits), _CASE).verdict == "matched"


@pytest.mark.parametrize(
    ("line", "row"),
    [
        ("May 66% 104 69 50% 95 48", True),
        ("Hotel Almirante 4* 118 159 8.7", True),
        ("2.1. Diagnostics of the level of professional identity . . . . . 67", False),
        ("Chapter 3. The crisis of 1929-1933 and its aftermath ........ 112", False),
    ],
)
def test_a_tables_row_is_no_entry_of_contents(line: str, row: bool) -> None:
    from politeharvest.fulltext._docfacts import _table_row

    assert _table_row(line) is row


_PHD = {
    "title": ["Hope deferred : eschatology and political theology in Moltmann and Metz"],
    "creator": ["MacAulay, Catriona"],
    "date": ["2022"],
    "type": ["Thesis or Dissertation", "Doctoral"],
}
_DECLARATION = [
    ("Declaration", 16.0),
    ("I declare that this thesis has been composed solely by myself and that it has not", 11.5),
    ("been submitted, in whole or in part, in any previous application for a degree.", 11.5),
    ("Catriona MacAulay", 11.5),
]


def test_a_theses_declaration_after_its_own_title_page_is_the_thesis() -> None:
    title_page = [
        ("Hope Deferred:", 17.0),
        ("Eschatology and Political Theology", 17.0),
        ("in Moltmann and Metz", 17.0),
        ("Catriona MacAulay", 13.0),
        ("Doctor of Philosophy", 12.0),
        ("The University of Lothian", 12.0),
        ("2022", 12.0),
    ]
    pdf = make_pdf(title_page, _DECLARATION, body(40), body(40))
    assert check_identity(pdf, _PHD).verdict == "matched"


def test_a_deposit_form_naming_the_thesis_in_a_field_is_still_a_form() -> None:
    # the guard: the page before the declaration is a form whose field holds the title
    form = [
        ("THE UNIVERSITY OF LOTHIAN", 12.0),
        ("Thesis Deposit Agreement and Declaration", 15.0),
        ("Full name of author", 8.5),
        ("Catriona MacAulay", 10.0),
        ("Title of thesis", 8.5),
        ("Hope Deferred: Eschatology and Political Theology in Moltmann and Metz", 9.0),
        ("Degree", 8.5),
        ("PhD Divinity", 10.0),
    ]
    pdf = make_pdf(form, _DECLARATION)
    assert check_identity(pdf, _PHD).verdict != "matched"


_FULL_PAPER = {
    "title": ["Vitamin D status and grip strength in adults aged 65 years and over : a survey"],
    "creator": ["Dunmore, Alison", "Patel, Rakesh"],
    "date": ["2014"],
    "type": ["Journal article"],
    "identifier": [
        "Dunmore, A & Patel, R 2014, 'Vitamin D status and grip strength in adults aged 65 "
        "years and over : a survey', Journal of Applied Nutrition, vol. 111, pp. 1962-1971. "
        "https://doi.org/10.5555/S0007114514000712"
    ],
}


def test_a_journals_citation_line_ending_in_its_doi_gives_the_documents_own_doi() -> None:
    """A society's meeting abstract by the same authors under the record's title (less its
    subtitle): its running head "Proceedings of the ... Society (2013), 72 (OCE4), E212
    doi:<its DOI>" gives its own DOI, another than the record's, though the line reads as a
    sentence's words."""
    abstract = [
        (
            "Proceedings of the Fenland Nutrition Society (2013), 72 (OCE4), E212 "
            "doi:10.5555/S0029665113002474",
            8.0,
        ),
        ("Summer Meeting, 15-18 July 2013, Nutrition and healthy ageing", 9.0),
        ("Vitamin D status and grip strength in adults aged 65 years and over", 11.0),
        ("A. Dunmore and R. Patel", 9.5),
        *body(30),
    ]
    pdf = make_pdf(abstract, body(40))
    assert check_identity(pdf, _FULL_PAPER).verdict != "matched"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "abstract.pdf"
        path.write_bytes(pdf)
        facts = facts_of(read_layout(path, max_pages=FIRST_PAGES))
    assert facts.own_dois == ("10.5555/s0029665113002474",)


_SURVEY = {
    "title": ["小学校教員の働き方改革に関する意識調査"],
    "creator": ["山田, 太郎"],
    "date": ["2020"],
    "type": ["departmental bulletin paper"],
}


@pytest.mark.parametrize("marker", ["（第2報）", "(第二報)"])
def test_a_serials_next_report_is_not_the_record(marker: str) -> None:
    """The authors' follow-up paper under the record's title and "(第2報)" (the second
    report), when the record's title numbers no part: another paper of the series."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3"))
    page = [
        (f"小学校教員の働き方改革に関する意識調査{marker}", 14.5, "HeiseiMin-W3"),
        ("―中学校教員との比較―", 10.6, "HeiseiMin-W3"),
        ("山田 太郎", 10.1, "HeiseiMin-W3"),
        *body(30),
    ]
    assert check_identity(make_pdf(page, body(40)), _SURVEY).verdict != "matched"


def test_a_theses_summary_whose_title_page_says_so_is_not_the_thesis() -> None:
    """A thesis's summary booklet ("TÓM TẮT LUẬN ÁN TIẾN SĨ" on its title page) under the
    thesis's title, for a record whose type no vocabulary here reads: a summary published
    apart, not a report opening with its summary."""
    from tests.fulltext.test_identity_kinds import _dejavu

    font = _dejavu()
    record = {
        "title": ["Nghiên cứu giải pháp nâng cao chất lượng nguồn nhân lực ngành du lịch"],
        "creator": ["Phạm Thị Hồng Nhung"],
        "date": ["2019"],
        "type": ["Luận án Tiến sĩ"],
    }
    title_page = [
        ("BỘ GIÁO DỤC VÀ ĐÀO TẠO", 12.0, font),
        ("PHẠM THỊ HỒNG NHUNG", 13.0, font),
        ("NGHIÊN CỨU GIẢI PHÁP NÂNG CAO CHẤT LƯỢNG", 15.0, font),
        ("NGUỒN NHÂN LỰC NGÀNH DU LỊCH", 15.0, font),
        ("TÓM TẮT LUẬN ÁN TIẾN SĨ", 14.0, font),
        ("HÀ NỘI - 2019", 12.0, font),
    ]
    text = [("MỞ ĐẦU", 13.0, font), *body(34)]
    assert check_identity(make_pdf(title_page, text, body(40)), record).verdict != "matched"


def test_a_surveys_second_wave_named_on_its_cover_is_not_the_record() -> None:
    """A report series' follow-up: its cover sets the record's title and "(第二輪)" (the
    second round), its contents page comes next; the record's title numbers no round."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.cidfonts import UnicodeCIDFont

    pdfmetrics.registerFont(UnicodeCIDFont("MSung-Light"))
    font = "MSung-Light"
    record = {
        "title": ["香港長者數碼共融狀況調查報告"],
        "creator": ["黃, 嘉敏"],
        "date": ["2021"],
        "type": ["Report"],
    }
    cover = [
        ("Research Report Series No. 19", 9.5),
        ("香港長者數碼共融狀況調查報告（第二輪）", 22.0, font),
        ("Survey Report on Digital Inclusion of Older Adults: Second Wave", 14.0),
        ("黃嘉敏", 11.0, font),
    ]
    contents = [("CONTENTS", 14.0)] + [
        (f"{n}. Section {n} of the report . . . . . . . . . . . . . {3 * n}", 10.0)
        for n in range(1, 12)
    ]
    pdf = make_pdf(cover, contents, body(40))
    assert check_identity(pdf, record).verdict != "matched"
