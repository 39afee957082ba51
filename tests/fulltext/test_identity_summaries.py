"""Identity: a thesis's summary booklet and a report's other part (identity54, after its scoring).

- a title page whose label of a thesis's summary carries a qualifier in brackets
  ("DOKTORI (PhD) ÉRTEKEZÉS TÉZISEI") or goes on with the degree and field ("TÓM TẮT LUẬN
  VĂN THẠC SĨ KINH TẾ NÔNG NGHIỆP"), on a page read as the work's first, is the summary,
  not the thesis; the thesis's own title page (its label "LUẬN VĂN THẠC SĨ") is matched,
  and a heading of the text ("Summary of the thesis" over its first paragraph) is no label;
- a record titled "<title>. Del 1, <subtitle>" (a part numbered before a comma) and a file
  whose title page reads "Del 2: <another subtitle>" are two parts of one report.

Small PDFs made here (reportlab, DejaVu for the Vietnamese and Hungarian letters).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from politeharvest.fulltext import RecordHints, check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from tests.fulltext.test_identity_layout import Item, body, make_pdf

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
pytestmark = pytest.mark.skipif(not DEJAVU.exists(), reason=f"no DejaVu font at {DEJAVU}")

VI_TITLE = "Đánh giá hiệu quả mô hình canh tác lúa – tôm vùng ven biển tỉnh Bạc Liêu"
VI_PROSE = (
    "Nghiên cứu đánh giá hiệu quả kinh tế của mô hình lúa tôm tại các huyện ven biển của tỉnh, "
    "dựa trên số liệu điều tra nông hộ."
)


def _font() -> str:
    pdfmetrics.registerFont(TTFont("DejaVuSans", str(DEJAVU)))
    return "DejaVuSans"


def _vi_title_page(label: str) -> list[Item]:
    font = _font()
    return [
        ("BỘ GIÁO DỤC VÀ ĐÀO TẠO", 9.0, font),
        ("TRƯỜNG ĐẠI HỌC NÔNG NGHIỆP ĐỒNG THÁP MƯỜI", 9.0, font),
        ("NGUYỄN THỊ THU HÀ", 9.0, font),
        ("ĐÁNH GIÁ HIỆU QUẢ MÔ HÌNH CANH TÁC LÚA –", 11.0, font),
        ("TÔM VÙNG VEN BIỂN TỈNH BẠC LIÊU", 11.0, font),
        (label, 9.0, font),
        ("Chuyên ngành: Kinh tế nông nghiệp", 8.0, font),
        ("Mã số: 8620115", 8.0, font),
        ("Cao Lãnh – 2020", 8.0, font),
        *[(VI_PROSE, 9.0, font)] * 4,
    ]


def _vi_record() -> RecordHints:
    return RecordHints.from_metadata(
        {
            "title": [VI_TITLE],
            "creator": ["Nguyễn Thị Thu Hà"],
            "date": ["2020"],
            "type": ["info:eu-repo/semantics/masterThesis"],
        }
    )


def test_a_summary_booklet_whose_label_goes_on_with_the_degree_is_not_the_thesis() -> None:
    pdf = make_pdf(_vi_title_page("TÓM TẮT LUẬN VĂN THẠC SĨ KINH TẾ NÔNG NGHIỆP"))
    identity = check_identity(pdf, _vi_record())
    assert identity.verdict == "mismatch", identity
    assert identity.kind == "summary"


def test_the_thesis_s_own_title_page_is_the_thesis() -> None:
    pdf = make_pdf(_vi_title_page("LUẬN VĂN THẠC SĨ KINH TẾ NÔNG NGHIỆP"), *[body(40)] * 3)
    identity = check_identity(pdf, _vi_record())
    assert identity.verdict == "matched", identity


HU_TITLE = "A szikes talajok javításának hatása a talaj vízgazdálkodására a Tiszántúlon"


def _hu_title_page(label: str) -> list[Item]:
    font = _font()
    return [
        (label, 13.0, font),
        ("A szikes talajok javításának hatása a talaj", 12.0, font),
        ("vízgazdálkodására a Tiszántúlon", 12.0, font),
        ("Kovács Eszter", 12.0, font),
        ("Témavezető: Dr. Szabó László egyetemi tanár", 10.0, font),
        ("Szarvas, 2020", 10.0, font),
    ]


def test_a_theses_booklet_with_a_qualifier_in_brackets_is_a_summary() -> None:
    record = RecordHints.from_metadata(
        {
            "title": [HU_TITLE],
            "creator": ["Kovács, Eszter"],
            "date": ["2020"],
            "type": ["info:eu-repo/semantics/doctoralThesis"],
        }
    )
    booklet = make_pdf(_hu_title_page("DOKTORI (PhD) ÉRTEKEZÉS TÉZISEI"), body(40))
    identity = check_identity(booklet, record)
    assert identity.verdict == "mismatch", identity
    assert identity.kind == "summary"
    thesis = make_pdf(_hu_title_page("DOKTORI (PhD) ÉRTEKEZÉS"), body(40), body(40))
    assert check_identity(thesis, record).verdict == "matched"


REPORT = "Kartläggning av småskalig livsmedelsförädling på landsbygden"


def _part(number: int, subtitle: str) -> bytes:
    font = _font()
    return make_pdf(
        [
            ("RAPPORT 2020:1" + str(number + 3), 10.0, font),
            ("Kartläggning av småskalig", 22.0, font),
            ("livsmedelsförädling på", 22.0, font),
            ("landsbygden", 22.0, font),
            (f"Del {number}: {subtitle}", 15.0, font),
            ("Johanna Lindberg och Anders Eriksson", 11.0, font),
            ("Statens institut för landsbygdsforskning", 10.0, font),
        ],
        body(40),
    )


def test_a_report_s_other_part_is_not_the_record_s_part() -> None:
    record = RecordHints.from_metadata(
        {
            "title": [f"{REPORT}. Del 1, Enkätstudie och statistisk analys"],
            "creator": ["Lindberg, Johanna", "Eriksson, Anders"],
            "date": ["2020"],
            "type": ["info:eu-repo/semantics/report"],
        }
    )
    other = check_identity(_part(2, "Fallstudier i Jämtland och Västerbotten"), record)
    assert other.verdict == "mismatch", other
    assert "'del' 2" in other.evidence
    own = check_identity(_part(1, "Enkätstudie och statistisk analys"), record)
    assert own.verdict == "matched", own


BOOK = "Living with Rising Seas: Governance, Adaptation and Justice in Coastal Cities"


def _book_record(kind: str) -> RecordHints:
    return RecordHints.from_metadata(
        {
            "title": [BOOK],
            "creator": ["Nguyen, Thi Lan", "Okafor, Chinedu"],
            "date": ["2022"],
            "type": [kind],
            "identifier": ["https://doi.org/10.5555/hup.9781999912345"],
        }
    )


def _book(pages: int) -> bytes:
    title_page: list[Item] = [
        ("Living with Rising Seas", 22.0),
        ("Governance, Adaptation and Justice in Coastal Cities", 13.0),
        ("Edited by Thi Lan Nguyen and Chinedu Okafor", 12.0),
        ("HARBOURSIDE UNIVERSITY PRESS", 9.0),
        ("DOI: 10.5555/hup.9781999912345", 8.0),
    ]
    return make_pdf(title_page, *[body(40)] * (pages - 1))


@pytest.mark.parametrize(
    ("kind", "book"),
    [
        ("info:eu-repo/semantics/book", True),
        ("Book", True),
        ("http://purl.org/coar/resource_type/c_2f33", True),
        ("info:eu-repo/semantics/bookPart", False),
        ("Book chapter", False),
        ("info:eu-repo/semantics/doctoralThesis", False),
    ],
)
def test_a_whole_book_s_type(kind: str, book: bool) -> None:
    assert _book_record(kind).book is book


def test_nine_pages_for_a_whole_book_s_record_are_a_part_of_it() -> None:
    """A book runs 49 pages or more (UNESCO): its front matter or a publisher's preview,
    with the book's title page and DOI, is never matched to the whole book's record."""
    identity = check_identity(_book(9), _book_record("info:eu-repo/semantics/book"))
    assert identity.verdict == "unverifiable", identity
    assert "cannot be the record's whole book" in identity.evidence


def test_the_whole_book_and_a_chapter_s_short_file_are_still_matched() -> None:
    assert check_identity(_book(60), _book_record("info:eu-repo/semantics/book")).verdict == (
        "matched"
    )
    part = check_identity(_book(9), _book_record("info:eu-repo/semantics/bookPart"))
    assert part.verdict == "matched", part


RU_TITLE = (
    "Формирование профессиональной идентичности будущих специалистов по социальной работе "
    "в процессе вузовского обучения"
)


def _ru_title_page(label: str) -> list[Item]:
    """A Russian dissertation's title page: its institution in a line of small words (read as
    running text), the author, the title in capitals, the specialty, then the label."""
    font = _font()
    return [
        (
            "Федеральное государственное бюджетное образовательное учреждение высшего образования",
            7.0,
            font,
        ),
        ("«Верхневолжский государственный педагогический университет»", 7.2, font),
        ("На правах рукописи", 7.2, font),
        ("ПЕТРОВА Ольга Игоревна", 8.3, font),
        ("ФОРМИРОВАНИЕ ПРОФЕССИОНАЛЬНОЙ ИДЕНТИЧНОСТИ БУДУЩИХ", 8.3, font),
        ("СПЕЦИАЛИСТОВ ПО СОЦИАЛЬНОЙ РАБОТЕ В ПРОЦЕССЕ ВУЗОВСКОГО ОБУЧЕНИЯ", 8.3, font),
        ("5.8.7. Методология и технология профессионального образования", 7.8, font),
        (label, 8.3, font),
        ("диссертации на соискание ученой степени", 7.8, font),
        ("кандидата педагогических наук", 7.8, font),
        ("Ярославль – 2022", 7.8, font),
    ]


def _ru_record() -> RecordHints:
    return RecordHints.from_metadata(
        {
            "title": [RU_TITLE],
            "creator": ["Петрова, Ольга Игоревна"],
            "date": ["2022"],
            "type": ["info:eu-repo/semantics/doctoralThesis"],
        }
    )


def test_an_autoreferat_labelled_alone_under_the_title_is_not_the_dissertation() -> None:
    # identity61: the label on a line of its own, below the specialty, after a line of the
    # institution's name that reads as running text
    pdf = make_pdf(_ru_title_page("АВТОРЕФЕРАТ"), body(40))
    identity = check_identity(pdf, _ru_record())
    assert identity.verdict == "mismatch", identity
    assert identity.kind == "summary"


def test_the_dissertation_s_own_title_page_is_still_the_dissertation() -> None:
    pdf = make_pdf(_ru_title_page("ДИССЕРТАЦИЯ"), *[body(40)] * 3)
    assert check_identity(pdf, _ru_record()).kind != "summary"


def _ru_typed_title_page() -> list[Item]:
    """A dissertation's typed title page: every line in one of two close sizes."""
    font = _font()
    return [
        ("«Верхневолжский государственный педагогический университет»", 10.0, font),
        ("На правах рукописи", 10.0, font),
        ("Петрова Ольга Игоревна", 11.6, font),
        ("ФОРМИРОВАНИЕ ПРОФЕССИОНАЛЬНОЙ ИДЕНТИЧНОСТИ БУДУЩИХ", 11.6, font),
        ("СПЕЦИАЛИСТОВ ПО СОЦИАЛЬНОЙ РАБОТЕ В ПРОЦЕССЕ", 11.6, font),
        ("ВУЗОВСКОГО ОБУЧЕНИЯ", 11.6, font),
        ("5.8.7. Методология и технология профессионального образования", 10.9, font),
        ("Диссертация на соискание ученой степени", 10.9, font),
        ("кандидата педагогических наук", 10.9, font),
        ("Научный руководитель:", 10.9, font),
        ("доктор педагогических наук, профессор", 10.9, font),
        ("Белова Наталья Михайловна", 10.9, font),
        ("Ярославль – 2022", 10.9, font),
    ]


def _ru_contents() -> list[Item]:
    font = _font()
    dots = " . . . . . . . . . . . . . . . . . . . ."
    return [
        ("ОГЛАВЛЕНИЕ", 11.6, font),
        (f"ВВЕДЕНИЕ{dots} 3", 10.9, font),
        (f"ГЛАВА 1. ТЕОРЕТИЧЕСКИЕ ОСНОВЫ{dots} 17", 10.9, font),
        (f"1.1. Профессиональная идентичность{dots} 17", 10.9, font),
        (f"1.2. Модель формирования идентичности{dots} 41", 10.9, font),
        (f"ГЛАВА 2. ОПЫТНО-ЭКСПЕРИМЕНТАЛЬНАЯ РАБОТА{dots} 66", 10.9, font),
        (f"2.1. Диагностика уровня{dots} 66", 10.9, font),
        (f"ЗАКЛЮЧЕНИЕ{dots} 112", 10.9, font),
        (f"СПИСОК ЛИТЕРАТУРЫ{dots} 120", 10.9, font),
    ]


def test_a_dissertation_s_own_contents_page_after_its_plain_title_page_is_no_compilation() -> None:
    # identity61: a typed title page (no line set apart by size) carrying every word of the
    # record's title, then the dissertation's own contents page
    pdf = make_pdf(_ru_typed_title_page(), _ru_contents(), body(40), body(40))
    assert check_identity(pdf, _ru_record()).verdict != "mismatch"


def test_a_contents_page_after_a_title_page_lacking_a_title_word_is_still_a_compilation() -> None:
    # a series' next volume: one word of its own in place of the record's ("школьного")
    record = RecordHints.from_metadata(
        {
            "title": [RU_TITLE.replace("вузовского", "школьного")],
            "creator": ["Петрова, Ольга Игоревна"],
            "date": ["2022"],
            "type": ["info:eu-repo/semantics/doctoralThesis"],
        }
    )
    pdf = make_pdf(_ru_typed_title_page(), _ru_contents(), body(40), body(40))
    assert check_identity(pdf, record).verdict == "mismatch"
