"""Evidence that holds in any language, and editions told apart by their structure.

- whether a text layer reads as words is told by letter statistics (vowels among the
  letters, words that repeat), not by the common words of some languages: prose in a
  language no word list holds is read;
- names in an abugida (Tamil, Devanagari) transliterate without their vowels: a byline in
  one is no evidence against a romanised record;
- a year of the record's title that the title zone replaces (another term's syllabus), a
  page dated only in other years under a title that is not set as the title (another
  report of the same contract), and an own DOI the record names as a related work (the
  original of a translation) keep a file from being matched;
- numbers of a title cut short (a map sheet's scale on a line of its own) are no other part.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from politeharvest.fulltext import check_identity
from politeharvest.fulltext._scripts import comparable
from politeharvest.quality._text import keys

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from tests.fulltext.test_identity_kinds import body, make_pdf

FONTS = Path("/usr/share/fonts/truetype")

#: Sentences written for the test in Swahili, a language none of the library's lists holds.
SWAHILI = [
    "Utafiti huu ulichunguza jinsi vijana wanavyotumia maneno mapya kwenye simu zao kila siku.",
    "Sampuli ilikusanywa kutoka shule nne za sekondari katika mikoa miwili ya pwani mwaka jana.",
    "Matokeo yanaonyesha kwamba wanafunzi wengi huchanganya lugha mbili wanapoandika ujumbe mfupi.",
    "Walimu walieleza kwamba tabia hii haiathiri uwezo wa wanafunzi kuandika insha darasani.",
    "Hata hivyo wazazi wengi walisema kwamba watoto wao hawasomi vitabu vya hadithi tena.",
    "Tunapendekeza utafiti zaidi kuhusu athari za mitandao kwa lugha ya watoto wadogo nchini.",
]
SW_TITLE = "Matumizi ya maneno mapya katika ujumbe mfupi wa vijana wa pwani"
SW_RECORD = {
    "title": [SW_TITLE],
    "creator": ["Mwanjala, Halima"],
    "date": ["2020"],
    "type": ["info:eu-repo/semantics/article"],
}


def _swahili(title: str, lines: list[str]) -> bytes:
    prose = [(lines[i % len(lines)], 10.0) for i in range(24)]
    return make_pdf(
        [
            ("Jarida la Lugha (mfano) 12 (2020) 45-60", 8.0),
            (title, 18.0),
            ("Halima Mwanjala", 11.0),
            *prose,
        ]
    )


def test_prose_in_a_language_without_a_word_list_is_read() -> None:
    identity = check_identity(_swahili(SW_TITLE, SWAHILI), SW_RECORD)
    assert identity.verdict == "matched", identity.evidence


def test_letters_mapped_to_other_letters_are_still_garbled() -> None:
    """A font's shifted code table ("Wkh" for "The"): the vowels' share of the letters falls."""

    def shifted(text: str) -> str:
        return "".join(
            chr((ord(c) - 97 + 3) % 26 + 97) if "a" <= c <= "z" else c for c in text.lower()
        )

    identity = check_identity(_swahili(shifted(SW_TITLE), [shifted(s) for s in SWAHILI]), SW_RECORD)
    assert identity.verdict == "unverifiable", identity.evidence
    assert "garbled" in identity.evidence


def _font(name: str, path: Path) -> str:
    if not path.is_file():
        pytest.skip(f"no {name} font at {path}")
    pdfmetrics.registerFont(TTFont(name, str(path)))
    return name


@pytest.mark.parametrize(
    ("font", "path", "title", "byline", "creator"),
    [
        (
            "LohitTamil",
            FONTS / "lohit-tamil" / "Lohit-Tamil.ttf",
            "தமிழ்நாட்டின் கடலோர கிராமங்களில் மீன்பிடி தொழிலின் மாற்றங்கள்",
            "முனைவர் இரா. வேலுசாமி",
            "Velusamy, R.",
        ),
        (
            "LohitDevanagari",
            FONTS / "lohit-devanagari" / "Lohit-Devanagari.ttf",
            "राजस्थान के गाँवों में वर्षा जल संचयन की परंपराएँ",
            "डॉ. सुरेश चन्द्र शर्मा",
            "Sharma, Suresh Chandra",
        ),
    ],
    ids=["ta", "hi"],
)
def test_a_byline_in_an_abugida_is_no_evidence_against_a_romanised_record(
    font: str, path: Path, title: str, byline: str, creator: str
) -> None:
    name = _font(font, path)
    assert not comparable(byline, creator)
    pdf = make_pdf(
        [
            ("Journal (example) 7 (2019) 1-12", 8.0),
            (title, 16.0, name),
            (byline, 11.0, name),
            *body(),
        ]
    )
    record = {"title": [title], "creator": [creator], "date": ["2019"]}
    identity = check_identity(pdf, record)
    assert identity.verdict == "matched", identity.evidence


def test_an_apostrophe_letter_and_the_ascii_apostrophe_give_one_key() -> None:
    assert keys("Gʻulomov Oʻzbekiston") == keys("G'ulomov O'zbekiston")
    assert keys("ʻOhana") == keys("'Ohana")


def test_a_latin_letter_with_a_stroke_gives_the_key_of_its_base_letter() -> None:
    """A record typed in ASCII ("Wlasciwosci") against its file's "Właściwości"."""
    assert keys("Właściwości łąkowych Łódź Søren Đorđević") == keys(
        "Wlasciwosci lakowych Lodz Soren Dordevic"
    )


SYLLABUS = {
    "title": ["GEO 2210: Rivers and People (Spring 2023)"],
    "creator": ["Lindqvist, Sara"],
    "date": ["2023-01-16"],
    "type": ["Syllabus"],
}


@pytest.mark.parametrize(
    ("term", "verdict"), [("Spring 2023", "matched"), ("Autumn 2020", "unverifiable")]
)
def test_a_year_of_the_records_title_replaced_in_the_title_zone_is_another_edition(
    term: str, verdict: str
) -> None:
    pdf = make_pdf(
        [
            ("GEO 2210: Rivers and People", 18.0),
            (f"{term} · Section 002 · Tuesdays 10:00-11:45", 10.0),
            ("Instructor: Dr. Sara Lindqvist", 10.0),
            ("Course description", 12.0),
            *body(),
        ]
    )
    identity = check_identity(pdf, SYLLABUS)
    assert identity.verdict == verdict, identity.evidence
    if verdict == "unverifiable":
        assert "year 2020 where the record's title has 2023" in identity.evidence


REPORT = {
    "title": ["Sediment transport in tidal inlets of the Wadden Sea"],
    "creator": ["Brenner, Tobias"],
    "date": ["1994-03"],
    "type": ["info:eu-repo/semantics/report"],
}


def _form(year: str) -> bytes:
    lines = [
        ("REPORT DOCUMENTATION PAGE", 10.0),
        ("1. REPORT NUMBER", 8.0),
        ("CRL-91-07", 10.0),
        ("4. TITLE", 8.0),
        ("Sediment transport in tidal inlets of the Wadden Sea", 10.0),
        ("5. AUTHOR", 8.0),
        ("Brenner, Tobias", 10.0),
        ("7. DATE OF REPORT", 8.0),
        (f"{year} November", 10.0),
        ("8. ABSTRACT", 8.0),
        *body(),
    ]
    return make_pdf(lines)


def test_a_title_opening_a_line_on_a_page_of_other_years_is_not_matched() -> None:
    """Another report of the same contract: its title only a line of a form, dated otherwise."""
    own = check_identity(_form("1994"), REPORT)
    assert own.verdict == "matched", own.evidence
    other = check_identity(_form("1991"), REPORT)
    assert other.verdict == "unverifiable", other.evidence
    assert "not the record's 1994" in other.evidence


TRANSLATION = {
    "title": ["Soil moisture under drought in Anatolia"],
    "creator": ["Yilmaz, Ayse", "Berg, Jon"],
    "date": ["2022"],
    "type": ["info:eu-repo/semantics/article"],
    "identifier": ["https://doi.org/10.5555/tr.2022.0001"],
}


@pytest.mark.parametrize(
    ("relation", "verdict"),
    [([], "matched"), (["https://doi.org/10.5555/or.2021.0033"], "unverifiable")],
)
def test_an_own_doi_the_record_names_as_a_related_work_is_not_matched(
    relation: list[str], verdict: str
) -> None:
    """The original of a translation (its DOI in the record's relation) under the same title."""
    pdf = make_pdf(
        [
            ("Journal of Dryland Studies 12 (2021) 45-60", 8.0),
            ("Soil moisture under drought in Anatolia", 18.0),
            ("Ayse Yilmaz, Jon Berg", 11.0),
            ("DOI: 10.5555/or.2021.0033", 8.0),
            ("Abstract", 10.0),
            *body(),
        ]
    )
    identity = check_identity(pdf, {**TRANSLATION, "relation": relation})
    assert identity.verdict == verdict, identity.evidence


@pytest.mark.parametrize(("sheet", "verdict"), [("1534 II", "matched"), ("1534 III", "mismatch")])
def test_a_map_sheets_scale_is_no_part_number(sheet: str, verdict: str) -> None:
    record = {
        "title": ["Berggrunnskart Tromsø 1534 II, M 1:50 000"],
        "creator": ["Nilsen, Odd"],
        "date": ["2003"],
        "type": ["Map"],
    }
    pdf = make_pdf(
        [
            ("NORGES GEOLOGISKE UNDERSØKELSE", 9.0),
            ("BERGGRUNNSKART", 20.0),
            (f"TROMSØ {sheet}", 20.0),
            ("M 1 : 50 000", 12.0),
            ("Berggrunnsgeologi: Odd Nilsen", 10.0),
            *body(),
        ]
    )
    identity = check_identity(pdf, record)
    assert identity.verdict == verdict, identity.evidence


def test_a_title_quoted_on_a_line_of_a_certificate_is_not_its_heading() -> None:
    """A certificate "for the paper “<title>”" names the paper; it is not the paper."""
    record = {
        "title": ["Microfinance and household resilience in coastal villages of Sulawesi"],
        "creator": ["Pratiwi, Dewi"],
        "date": ["2021"],
        "type": ["info:eu-repo/semantics/conferenceObject"],
    }
    lines = [
        ("CERTIFICATE OF PRESENTATION", 20.0),
        ("No. 214/NSE/XI/2021", 10.0),
        ("awarded to", 10.0),
        ("Dewi Pratiwi", 14.0),
        ("for presenting at the National Seminar on Economics, held online on 13 November", 10.0),
        ("2021, the paper entitled:", 10.0),
        ("“Microfinance and household resilience in coastal villages of Sulawesi”", 10.0),
        *body(),
    ]
    identity = check_identity(make_pdf(lines), record)
    assert identity.verdict != "matched", identity.evidence


def test_a_paper_numbered_in_its_volume_over_three_lines_is_its_title() -> None:
    """A paper's number in its volume, over three lines with long s, is no section heading.

    "XII. Observations on ...", set with the long s: no part of a series either.
    """
    record = {
        "title": ["Observations on the tides of the river Exe, made in the winter of 1787"],
        "creator": ["Hartley, John"],
        "date": ["1789"],
        "type": ["info:eu-repo/semantics/article"],
    }
    name = _font("DejaVu", FONTS / "dejavu" / "DejaVuSans.ttf")
    lines = [
        ("[ 112 ]", 10.0),
        ("XII. Obſervations on the Tides of the", 13.0, name),
        ("River Exe, made in the Winter", 13.0, name),
        ("of 1787.", 13.0, name),
        ("By Mr. JOHN HARTLEY.", 10.5),
        *body(),
    ]
    identity = check_identity(make_pdf(lines), record)
    assert identity.verdict == "matched", identity.evidence


def test_a_title_block_in_another_script_over_the_records_translated_title_is_not_against() -> None:
    """A bilingual first page: the title in the document's script, the record's English
    title heading its English abstract; the record catalogued only the translation."""
    name = _font("DejaVu", FONTS / "dejavu" / "DejaVuSans.ttf")
    record = {
        "title": ["Groundwater quality assessment in the basin of the Ob river"],
        "creator": ["Ivanov, Andrei"],
        "date": ["2019"],
        "type": ["info:eu-repo/semantics/article"],
    }
    lines = [
        ("Вестник гидрологии (пример) 7 (2019) 12-20", 8.0, name),
        ("Оценка качества подземных вод в бассейне реки Оби", 16.0, name),
        ("А. Иванов", 11.0, name),
        ("Groundwater quality assessment in the basin of the Ob river", 10.0),
        *body(),
    ]
    identity = check_identity(make_pdf(lines), record)
    assert identity.verdict == "matched", identity.evidence
    assert "title block reads" not in identity.evidence
