"""Identity: a file whose text cannot be read, judged by the title stored in it.

A font without a character map for its glyphs (a title set in a script the font maps to
nothing, a legacy font) draws a title that no text layer gives, and a scan has no text at
all: the identity check cannot compare what the file says. The title the producer stored
in the document information then stands in for it, when it is the record's title, and
only then: a file whose text can be read is judged by its text alone (a page printed from
the record's landing page stores the record's title too).

The PDFs are written by hand here (no font file is needed): a Type 3 font whose glyphs
have names no reader maps to a character.
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from politeharvest.fulltext import RecordHints, check_identity
from politeharvest.fulltext._identity import UNMAPPED_GLYPHS, same_title
from politeharvest.fulltext._pdflayout import read_layout

pytest.importorskip("pypdfium2")

TITLE = "การประมงพื้นบ้านในทะเลสาบสงขลา: ความรู้ท้องถิ่น ทรัพยากร และการจัดการร่วม"
PROSE = "The survey covered the fishing villages around the lake over two seasons."


def _string(text: str) -> bytes:
    return b"<FEFF" + text.encode("utf-16-be").hex().encode() + b">"


def pdf(
    *,
    unread: int = 24,
    lines: tuple[str, ...] = (PROSE,) * 20,
    info: str | None = TITLE,
    pages: int = 3,
    size: tuple[int, int] = (595, 842),
    content: bytes = b"",
) -> bytes:
    """`pages` pages: `unread` glyphs without characters set large as the title, then prose.

    `content`: drawn first (``/F1``: the font without characters, ``/F2``: Helvetica).
    """
    glyph = b"0 0 0 0 500 700 d1 0 0 400 600 re f"
    if unread:
        codes = bytes([2, 3] * (unread // 2) + [2] * (unread % 2))
        content += b"BT /F1 24 Tf 60 760 Td <" + codes.hex().encode() + b"> Tj ET\n"
    y = 700
    for line in lines:
        escaped = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        content += b"BT /F2 10 Tf 60 %d Td (%s) Tj ET\n" % (y, escaped.encode("cp1252"))
        y -= 14
    first = 8  # the pages' objects come after the seven shared ones
    kids = b" ".join(b"%d 0 R" % (first + i) for i in range(pages))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, pages),
        b"<< >>",  # (unused: keeps the numbers of the objects below)
        b"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 500 700] "
        b"/FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /g1 7 0 R >> "
        b"/Encoding << /Type /Encoding /Differences [2 /g1 /g1] >> "
        b"/FirstChar 2 /LastChar 3 /Widths [500 500] >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(glyph), glyph),
    ]
    objects += [
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] "
        b"/Resources << /Font << /F1 4 0 R /F2 6 0 R >> >> /Contents 5 0 R >>" % size
    ] * pages
    if info is not None:
        objects.append(b"<< /Title " + _string(info) + b" /Producer (hand) >>")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    info_ref = b" /Info %d 0 R" % len(objects) if info is not None else b""
    out += b"trailer\n<< /Size %d /Root 1 0 R%s >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        info_ref,
        xref,
    )
    return bytes(out)


RECORD = RecordHints(titles=(TITLE,))


def test_the_layout_counts_the_glyphs_no_character_gives_and_reads_the_stored_title() -> None:
    layout = read_layout(pdf(unread=30))
    assert layout is not None
    assert layout.unmapped == (30, 30, 30)
    assert layout.title == TITLE
    readable = read_layout(pdf(unread=0, info=None, pages=1))
    assert readable is not None
    assert readable.unmapped == (0,)
    assert readable.title == ""


def test_an_unreadable_title_is_decided_by_the_stored_title() -> None:
    identity = check_identity(pdf(), RECORD)
    assert identity.verdict == "matched"
    assert "document information" in identity.evidence
    # the record's title without its subtitle, and the stored title with it
    assert check_identity(pdf(), RecordHints(titles=(TITLE.split(":")[0],))).verdict == ("matched")


@pytest.mark.parametrize(
    "stored",
    [
        f"บทสรุปผู้บริหาร: {TITLE}",  # the executive summary's title, words before the record's
        "Microsoft Word - report_final_v3.docx",  # a producer's placeholder
        "การประเมินโปรแกรมการให้คำปรึกษาด้านยาทางโทรศัพท์",  # another work's title
        "",
    ],
)
def test_another_stored_title_leaves_the_file_undecided(stored: str) -> None:
    assert check_identity(pdf(info=stored), RECORD).verdict == "unverifiable"


def test_a_few_unmapped_glyphs_in_readable_text_are_no_unreadable_text() -> None:
    # a ligature or a symbol without a character in a text that reads: its text decides
    few = UNMAPPED_GLYPHS - 1
    assert check_identity(pdf(unread=few), RECORD).verdict == "unverifiable"


def test_a_readable_file_is_judged_by_its_text_whatever_its_stored_title() -> None:
    # a page printed from the record's landing page stores the record's title: its text,
    # another work's title block, decides
    other = ("Public trust in local government after administrative mergers", *(PROSE,) * 20)
    record = RecordHints(titles=("Salt-wedge intrusion and bottom-water hypoxia in estuaries",))
    printed = pdf(
        unread=0, lines=other, info="Salt-wedge intrusion and bottom-water hypoxia in estuaries"
    )
    assert check_identity(printed, record).verdict != "matched"


def _byline_page(names: bytes) -> bytes:
    """A title in Latin letters, `names` under it, then a journal's line: its name in the
    font without characters, its volume and number in Helvetica."""
    return (
        b"BT /F2 18 Tf 60 800 Td (Reading Comprehension through Cooperative Learning) Tj ET\n"
        + names
        + b"BT /F1 9 Tf 60 752 Td <"
        + b"0203" * 8
        + b"> Tj ET\n"
        + b"BT /F2 9 Tf 134 752 Td (, Vol. 25, No. 3, 2023) Tj ET\n"
    )


THAI_RECORD = RecordHints.from_row(
    {
        "title": [TITLE, "Reading Comprehension through Cooperative Learning"],
        "authors": ["ณัฐธิดา ศรีสุวรรณ", "วิไลวรรณ ทองคำ"],
        "year": "2023",
    }
)


def test_a_byline_of_glyphs_without_characters_names_no_one_else() -> None:
    # the record's names in Thai, set in a font that maps its glyphs to no character: what
    # is left under the title (the journal's line) names no other author (landing63)
    names = b"BT /F1 11 Tf 60 770 Td <" + b"0203" * 10 + b"> Tj ET\n"
    identity = check_identity(pdf(unread=0, info=None, content=_byline_page(names)), THAI_RECORD)
    assert identity.verdict == "matched", identity.evidence


def test_a_readable_byline_of_others_still_counts_where_other_glyphs_are_unread() -> None:
    # the record's authors in Latin letters, which any font reads: a byline of other names
    # is against it, whatever glyphs elsewhere on the page give no character
    names = b"BT /F2 11 Tf 60 770 Td (Peter Brandt, Ilse Markovic) Tj ET\n"
    names += b"BT /F1 11 Tf 300 120 Td <" + b"0203" * 10 + b"> Tj ET\n"
    record = RecordHints.from_row(
        {
            "title": ["Reading Comprehension through Cooperative Learning"],
            "authors": ["Nguyen, Lan Anh", "Okafor, Chidi"],
            "year": "2023",
        }
    )
    identity = check_identity(pdf(unread=0, info=None, content=_byline_page(names)), record)
    assert identity.verdict == "mismatch", identity.evidence
    assert "byline" in identity.evidence


def test_a_scan_is_never_decided_by_its_stored_title() -> None:
    # a scanned summary or cover keeps the work's stored title: nothing in a scan's text
    # tells them apart (redteam7)
    assert check_identity(pdf(unread=0, lines=()), RECORD).verdict == "unverifiable"


def test_a_record_titled_in_a_script_the_file_reads_is_not_decided_by_the_stored_title() -> None:
    # a Bengali translation of an English report keeps the English file's stored title: the
    # glyphs it cannot read are not the record's title (redteam7)
    english = "Flood risk and informal settlements in Dhaka: household survey report"
    assert check_identity(pdf(info=english), RecordHints(titles=(english,))).verdict == (
        "unverifiable"
    )
    # nor when the file reads no letter at all (its year alone): a title in Latin letters
    # is read by any font, so the glyphs it cannot read are never it
    bare = pdf(info=english, lines=("2021",))
    assert check_identity(bare, RecordHints(titles=(english,))).verdict == "unverifiable"


@pytest.mark.parametrize(
    "shape",
    [{"pages": 1}, {"size": (842, 595)}],
    ids=["a sheet", "landscape"],
)
def test_a_sheet_or_slides_are_not_decided_by_the_stored_title(
    shape: dict[str, object],
) -> None:
    assert check_identity(pdf(**shape), RECORD).verdict == "unverifiable"  # type: ignore[arg-type]


def test_a_thesis_of_one_unreadable_page_is_still_no_thesis() -> None:
    # the stored title stands in for the title block, not for what a thesis is
    thesis = RecordHints(titles=(TITLE,), monograph=True)
    assert check_identity(pdf(pages=1), thesis).verdict == "unverifiable"


@pytest.mark.parametrize(
    ("record", "stored", "same"),
    [
        ("Water tariffs and informal vendors", "WATER TARIFFS AND INFORMAL VENDORS.", True),
        ("Ｗater tariffs and informal vendors", "Water tariffs and informal vendors", True),
        ("Water tariffs and informal vendors", "Water tariffs and informal vendors: Kenya", True),
        ("Water tariffs and informal vendors: Kenya", "Water tariffs and informal vendors", True),
        (
            "Water tariffs and informal vendors",
            "Summary: Water tariffs and informal vendors",
            False,
        ),
        ("Water tariffs and informal vendors", "Water tariffs and informal", False),
        ("Water tariffs: Kenya", "Water tariffs", False),  # too short to stand alone
        ("Water tariffs and informal vendors", "", False),
    ],
)
def test_same_title(record: str, stored: str, same: bool) -> None:
    assert same_title(record, stored) is same


_WORDS = st.text(alphabet=st.characters(categories=("Ll", "Lu", "Lo")), min_size=3, max_size=12)


@given(
    title=st.lists(_WORDS, min_size=2, max_size=8).map(" ".join),
    label=st.lists(_WORDS, min_size=1, max_size=3).map(" ".join),
)
def test_words_before_the_record_s_title_never_make_it_the_record_s(title: str, label: str) -> None:
    def folded(text: str) -> str:
        return unicodedata.normalize("NFKC", text).casefold().replace(" ", "")

    assume(folded(label) != folded(title))
    for mark in (": ", " - ", " "):
        assert not same_title(title, f"{label}{mark}{title}")
