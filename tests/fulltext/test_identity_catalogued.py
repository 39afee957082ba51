"""Catalogued titles, issuers, inflected and quoted titles: identity35, after its scoring.

A blind corpus of library and legal records showed:

- a Russian autoreferat (a thesis's summary) refused for its own record, whose catalogue
  writes the kind after the title ("<title> : автореферат дис. ... канд. экон. наук"), and
  the dissertation matched to that record; the same record transliterated ("avtoreferat
  dys.") against a Cyrillic file whose author's name has a soft sign ("Мельник", "Melnyk");
- a case note matched to the court resolution it comments on: "Glosa do uchwały ..." (the
  title's first word inflected after the preposition);
- a standard's drafting notes matched to the standard: its title in book-title marks
  ("《<title>》") over "(征求意见稿)编制说明" (set in full-width brackets);
- a court decision refused because its issuer's name (the record's creator) heads the page;
- a case note refused whose record joins a long subtitle to the title the file sets apart.

Each case fails on the code before; each guard keeps an old answer.
"""

from __future__ import annotations

import pytest

from politeharvest.fulltext import check_identity

pytest.importorskip("reportlab")
pytest.importorskip("pypdfium2")

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont

from tests.fulltext.test_identity_layout import DEJAVU, Item, body, make_pdf

needs_dejavu = pytest.mark.skipif(not DEJAVU.is_file(), reason="no DejaVu font for Cyrillic")

RU_TITLE = "Оценка устойчивости региональных рынков труда в условиях структурных изменений"
RU_PROSE = (
    "Актуальность темы исследования определяется изменениями на рынках труда регионов, "
    "которые происходят в условиях структурной перестройки экономики."
)


def _ru(items: list[Item]) -> bytes:
    pdfmetrics.registerFont(TTFont("DejaVu", str(DEJAVU)))
    return make_pdf([(t, s, "DejaVu") for t, s, *_ in items] + [(RU_PROSE, 10.0, "DejaVu")] * 18)


def _ru_title_page(label: str, degree: str) -> list[Item]:
    return [
        ("Уральский федеральный университет", 10.0),
        ("На правах рукописи", 9.0),
        ("БЕЛОУСОВА Анна Викторовна", 12.0),
        (RU_TITLE.upper()[:60], 15.0),
        (RU_TITLE.upper()[60:], 15.0),
        ("Специальность 08.00.05", 10.0),
        (label, 14.0),
        (degree, 11.0),
        ("Екатеринбург – 2019", 10.0),
    ]


AUTOREFERAT = {
    "title": [f"{RU_TITLE} : автореферат дис. ... канд. экон. наук : 08.00.05"],
    "creator": ["Белоусова, Анна Викторовна"],
    "type": ["info:eu-repo/semantics/other"],
    "date": ["2019"],
}


@needs_dejavu
def test_an_autoreferat_s_catalogued_record_names_its_file() -> None:
    pdf = _ru(
        _ru_title_page(
            "АВТОРЕФЕРАТ", "диссертации на соискание ученой степени кандидата экономических наук"
        )
    )
    identity = check_identity(pdf, AUTOREFERAT)
    assert identity.verdict == "matched", identity.evidence


@needs_dejavu
def test_the_dissertation_is_not_its_autoreferat_s_file() -> None:
    pdf = _ru(
        _ru_title_page("Диссертация на соискание ученой степени", "кандидата экономических наук")
    )
    identity = check_identity(pdf, AUTOREFERAT)
    assert identity.verdict == "mismatch", identity.evidence
    assert "a thesis, not the record's summary" in identity.evidence


#: A Ukrainian autoreferat's record in Latin letters (KMU 2010), as a catalogue writes it.
UK_AUTOREFERAT = {
    "title": [
        "Hidrokhimichnyi rezhym malykh richok Podillia v umovakh antropohennoho "
        "navantazhennia : avtoreferat dys. ... kand. heohr. nauk : 11.00.07"
    ],
    "creator": ["Melnyk, Oksana Petrivna"],
    "type": ["info:eu-repo/semantics/other"],
    "date": ["2016"],
}


@needs_dejavu
def test_a_transliterated_catalogue_record_names_the_cyrillic_autoreferat() -> None:
    # the record in Latin letters (KMU 2010), the file in Cyrillic with a soft sign in the
    # author's name: "Мельник" is "Melnyk", one word, not "mel" and "nik"
    record = UK_AUTOREFERAT
    items: list[Item] = [
        ("ХМЕЛЬНИЦЬКИЙ НАЦІОНАЛЬНИЙ УНІВЕРСИТЕТ", 11.0),
        ("МЕЛЬНИК ОКСАНА ПЕТРІВНА", 12.0),
        ("ГІДРОХІМІЧНИЙ РЕЖИМ МАЛИХ РІЧОК ПОДІЛЛЯ В", 15.0),
        ("УМОВАХ АНТРОПОГЕННОГО НАВАНТАЖЕННЯ", 15.0),
        ("АВТОРЕФЕРАТ", 14.0),
        ("дисертації на здобуття наукового ступеня кандидата географічних наук", 11.0),
    ]
    identity = check_identity(_ru(items), record)
    assert identity.verdict == "matched", identity.evidence


SN_TITLE = "Uchwała składu siedmiu sędziów Sądu Najwyższego z dnia 25 lutego 2021 r., III CZP 17/20"
RESOLUTION = {
    "title": [SN_TITLE],
    "creator": ["Sąd Najwyższy"],
    "type": ["info:eu-repo/semantics/other"],
    "date": ["2021-02-25"],
}


def _glosa(heading: list[str]) -> bytes:
    items: list[Item] = [
        ("Przegląd Prawa Cywilnego 2021, nr 4 219", 8.0),
        ("GLOSY", 10.0),
        ("Marek Zieliński", 11.0),
        ("Uniwersytet Wrocławski", 9.0),
        *[(line, 15.0) for line in heading],
        ("Teza: Roszczenie o zwrot nakładów przedawnia się na zasadach ogólnych.", 10.0),
        *body(16),
    ]
    return make_pdf(_latin1(items))


def _latin1(items: list[Item]) -> list[Item]:
    pdfmetrics.registerFont(TTFont("DejaVu", str(DEJAVU)))
    return [(t, s, "DejaVu") for t, s, *_ in items]


@needs_dejavu
def test_a_note_on_the_resolution_inflecting_its_first_word_is_not_the_resolution() -> None:
    pdf = _glosa(
        [
            "Glosa do uchwały składu siedmiu sędziów Sądu Najwyższego z dnia",
            "25 lutego 2021 r., III CZP 17/20",
        ]
    )
    identity = check_identity(pdf, RESOLUTION)
    assert identity.verdict == "mismatch", identity.evidence
    assert "'glosa do'" in identity.evidence


@needs_dejavu
def test_the_note_s_own_record_names_it() -> None:
    """The guard: the note's record, titled with its label, is the note's."""
    record = dict(
        RESOLUTION, title=[f"Glosa do uchwały {SN_TITLE[7:]}"], creator=["Zieliński, Marek"]
    )
    pdf = _glosa(
        [
            "Glosa do uchwały składu siedmiu sędziów Sądu Najwyższego z dnia",
            "25 lutego 2021 r., III CZP 17/20",
        ]
    )
    assert check_identity(pdf, record).verdict == "matched"


STANDARD = {
    "title": ["城市地下水监测井建设技术规范"],
    "creator": ["中国水文地质学会"],
    "type": ["info:eu-repo/semantics/other"],
    "date": ["2020"],
}


def _zh(lines: list[tuple[str, float]]) -> bytes:
    pdfmetrics.registerFont(UnicodeCIDFont("STSong-Light"))
    prose = (
        "本标准规定了城市地下水监测井的设计、施工、验收和维护的技术要求，适用于新建和改建的监测井。"
    )
    return make_pdf(
        [(t, s, "STSong-Light") for t, s in lines] + [(prose, 10.0, "STSong-Light")] * 14
    )


def test_a_title_in_book_title_marks_over_drafting_notes_is_not_the_standard() -> None:
    pdf = _zh([("《城市地下水监测井建设技术规范》", 16.0), ("（征求意见稿）编制说明", 14.0)])
    identity = check_identity(pdf, STANDARD)
    assert identity.verdict == "mismatch", identity.evidence
    assert "quoted inside another title" in identity.evidence


def test_the_standard_s_own_title_is_still_matched() -> None:
    pdf = _zh(
        [
            ("T/CHGS 012—2020", 10.0),
            ("城市地下水监测井建设技术规范", 16.0),
            ("2020-06-15 发布", 10.0),
        ]
    )
    assert check_identity(pdf, STANDARD).verdict == "matched"


def test_the_issuer_s_name_heading_its_decision_is_no_other_title() -> None:
    record = {
        "title": [
            "Decision 1187/2020 (Plenary): environmental terms for the extension of a lignite mine"
        ],
        "creator": ["Council of the State of the Republic"],
        "type": ["info:eu-repo/semantics/other"],
        "date": ["2020"],
    }
    items: list[Item] = [
        ("COUNCIL OF THE STATE OF THE REPUBLIC", 16.0),
        ("PLENARY", 12.0),
        ("Number 1187/2020", 12.0),
        *body(18),
    ]
    identity = check_identity(make_pdf(items), record)
    assert identity.verdict != "mismatch", identity.evidence


def test_another_body_s_name_heading_the_file_is_still_another_title() -> None:
    """The guard: a title block naming no creator of the record stays evidence against."""
    record = {
        "title": [
            "Decision 1187/2020 (Plenary): environmental terms for the extension of a lignite mine"
        ],
        "creator": ["Council of the State of the Republic"],
        "type": ["info:eu-repo/semantics/other"],
        "date": ["2020"],
    }
    items: list[Item] = [
        ("COURT OF AUDIT OF THE KINGDOM", 16.0),
        ("Annual Report on Public Procurement", 14.0),
        *body(18),
    ]
    assert check_identity(make_pdf(items), record).verdict == "mismatch"


CASE_NOTE = {
    "title": [
        "Haftung des Grundstückseigentümers für Wurzelschäden am Nachbargrundstück. "
        "Anmerkung zu BGH, Urt. v. 12.3.2019 – VI ZR 281/18"
    ],
    "creator": ["Lindemann, Tobias"],
    "type": ["info:eu-repo/semantics/article"],
    "date": ["2019"],
}


def _note(under: str) -> bytes:
    items: list[Item] = [
        ("JR Heft 10/2019 Entscheidungen 512", 8.0),
        ("Haftung des Grundstückseigentümers für Wurzelschäden am Nachbargrundstück", 15.0),
        (under, 10.0),
        ("BGH, Urt. v. 12.3.2019 - VI ZR 281/18 (LG Passau)", 10.0),
        ("Anmerkung", 13.0),
        ("Tobias Lindemann", 11.0),
        *body(16),
    ]
    return make_pdf(_latin1(items))


@needs_dejavu
def test_a_record_s_long_subtitle_the_file_sets_apart_still_names_it() -> None:
    identity = check_identity(_note("Leitsatz der Redaktion"), CASE_NOTE)
    assert identity.verdict != "mismatch", identity.evidence
    assert "its title is the title block" in identity.evidence


@needs_dejavu
def test_a_subtitle_of_the_file_s_own_in_its_place_is_no_match() -> None:
    """The guard: a line under the title sharing some of the record's subtitle, not all."""
    identity = check_identity(_note("Anmerkung zu einem Urteil des OLG München"), CASE_NOTE)
    assert identity.verdict != "matched", identity.evidence


NOTA = {
    "title": [
        "Danno da perdita del rapporto parentale e tabelle milanesi. "
        "Nota a Cass. civ., sez. III, 10 novembre 2020, n. 25187"
    ],
    "creator": ["Ferraresi, Chiara"],
    "type": ["info:eu-repo/semantics/article"],
    "date": ["2021"],
}


def _nota(decision: str) -> bytes:
    items: list[Item] = [
        ("GIURISPRUDENZA RDR 2/2021 512", 8.0),
        (decision, 10.0),
        ("Danno non patrimoniale - Perdita del rapporto parentale - Liquidazione.", 10.0),
        ("DANNO DA PERDITA DEL RAPPORTO PARENTALE E TABELLE MILANESI", 15.0),
        ("di Chiara Ferraresi", 11.0),
        *body(40),
    ]
    return make_pdf(items)


def test_a_case_note_whose_decision_the_record_abbreviates_is_matched() -> None:
    # identity49, after its scoring: "Cass. civ., sez. III" in the record, "CASSAZIONE
    # CIVILE, Sez. III" on the page, and "Nota a" the record's own label the page omits
    pdf = _nota("CASSAZIONE CIVILE, Sez. III, 10 novembre 2020, n. 25187 - Pres. Rossi")
    identity = check_identity(pdf, NOTA)
    assert identity.verdict == "matched", identity.evidence


def test_a_note_on_another_decision_is_not_matched() -> None:
    """The guard: the same title over another decision's citation (another number, date)."""
    pdf = _nota("CASSAZIONE CIVILE, Sez. VI, 3 marzo 2019, n. 6118 - Pres. Bianchi")
    assert check_identity(pdf, NOTA).verdict != "matched"


REPORT = {
    "title": ["Flomberegning for Vosso ved Bulken (062.Z)"],
    "creator": ["Hansen, Ingrid Sæther"],
    "date": ["2018"],
    "type": ["info:eu-repo/semantics/report"],
}


def _nve(number: str, issn: str) -> bytes:
    items: list[Item] = [
        ("Norges vassdrags- og energidirektorat", 10.0),
        (f"RAPPORT Nr {number}", 11.0),
        ("Flomberegning for Vosso ved Bulken", 17.0),
        ("(062.Z)", 13.0),
        ("Ingrid Saether Hansen", 11.0),
        (f"ISSN {issn}", 9.0),
        *body(30),
    ]
    return make_pdf(items, body(40))


def test_a_report_s_issn_is_no_year_and_its_number_of_the_year_dates_it() -> None:
    # identity35, after its scoring: "ISSN 1501-2832" was read as the year 1501 and
    # "Nr 12/2018" as no year: the report looked like an issue of an earlier year
    identity = check_identity(_nve("12/2018", "1501-2832"), REPORT)
    assert identity.verdict == "matched", identity.evidence


def test_a_report_numbered_in_an_earlier_year_is_still_another_issue() -> None:
    """The other side: "Nr 7/2015" on a report whose record is dated 2018 is dated 2015."""
    identity = check_identity(_nve("7/2015", "1501-2832"), REPORT)
    assert identity.verdict != "matched", identity.evidence
    assert "2015" in identity.evidence


# -- redteam5 (a black-box review of the rules above), after its scoring ----------------------


@needs_dejavu
def test_a_review_of_the_autoreferat_quoting_its_title_is_not_the_autoreferat() -> None:
    # "ОТЗЫВ / на автореферат диссертации ... «<title>»," (the title quoted over two
    # lines, the reviewer's prose about it in smaller print): the words over the quoted
    # title name what is about it (matched once the catalogued title proper was read)
    record = dict(AUTOREFERAT, creator=["Belousova, Anna Viktorovna"])
    prose = (
        "Автореферат диссертации А. В. Белоусовой посвящён актуальной проблеме оценки "
        "устойчивости региональных рынков труда."
    )
    items: list[Item] = [
        ("ОТЗЫВ", 14.0),
        ("на автореферат диссертации Белоусовой Анны Викторовны", 11.5),
        ("«Оценка устойчивости региональных рынков труда в", 12.0),
        ("условиях структурных изменений»,", 12.0),
        ("представленной на соискание ученой степени кандидата экономических наук", 11.0),
        ("по специальности 08.00.05", 11.0),
    ]
    pdfmetrics.registerFont(TTFont("DejaVu", str(DEJAVU)))
    pdf = make_pdf([(t, z, "DejaVu") for t, z, *_ in items] + [(prose, 9.5, "DejaVu")] * 18)
    identity = check_identity(pdf, record)
    assert identity.verdict != "matched", identity.evidence


@needs_dejavu
def test_a_ukrainian_dissertation_is_not_its_autoreferat_s_file() -> None:
    record = UK_AUTOREFERAT
    items: list[Item] = [
        ("ХМЕЛЬНИЦЬКИЙ НАЦІОНАЛЬНИЙ УНІВЕРСИТЕТ", 11.0),
        ("Кваліфікаційна наукова праця на правах рукопису", 10.0),
        ("МЕЛЬНИК ОКСАНА ПЕТРІВНА", 12.0),
        ("ГІДРОХІМІЧНИЙ РЕЖИМ МАЛИХ РІЧОК ПОДІЛЛЯ В", 15.0),
        ("УМОВАХ АНТРОПОГЕННОГО НАВАНТАЖЕННЯ", 15.0),
        ("Дисертація на здобуття наукового ступеня кандидата географічних наук", 11.0),
    ]
    identity = check_identity(_ru(items), record)
    assert identity.verdict == "mismatch", identity.evidence


CASE = {
    "title": ["Lakeside Dairy Cooperative: Pricing Raw Milk in a Falling Market"],
    "creator": ["Okafor, Chidinma", "Reinholt, Sven"],
    "type": ["info:eu-repo/semantics/other"],
    "date": ["2023"],
}


def _case(head: str, title: list[str], under: str | None) -> bytes:
    items: list[Item] = [
        (head, 8.0),
        *[(line, 17.0) for line in title],
        *([(under, 12.0)] if under else []),
        ("Chidinma Okafor and Sven Reinholt", 11.0),
        *body(20),
    ]
    return make_pdf(items)


TITLE_LINES = ["Lakeside Dairy Cooperative: Pricing Raw Milk in a", "Falling Market"]


def test_the_sequel_case_lettered_b_is_not_the_record_s_case() -> None:
    title = ["Lakeside Dairy Cooperative (B): Pricing Raw Milk", "in a Falling Market"]
    identity = check_identity(_case("Nordic Case Centre CS-23-0418", title, None), CASE)
    assert identity.verdict == "mismatch", identity.evidence
    assert "(B)" in identity.evidence


def test_the_sequel_b_is_not_the_record_of_case_a() -> None:
    # identity49, after its scoring: the record "... (A)" and the sequel's file "... (B)"
    record = {
        **CASE,
        "title": ["Lakeside Dairy Cooperative (A): Pricing Raw Milk in a Falling Market"],
    }
    title = ["Lakeside Dairy Cooperative (B): Pricing Raw Milk", "in a Falling Market"]
    identity = check_identity(_case("Nordic Case Centre CS-23-0418", title, None), record)
    assert identity.verdict == "mismatch", identity.evidence
    assert "(B)" in identity.evidence
    # and case (A)'s own file, lettered as its record is, is matched
    own = ["Lakeside Dairy Cooperative (A): Pricing Raw Milk", "in a Falling Market"]
    assert (
        check_identity(_case("Nordic Case Centre CS-23-0417", own, None), record).verdict
        == "matched"
    )


def test_a_label_in_capitals_under_the_case_s_title_is_no_match() -> None:
    for label in ("INSTRUCTOR'S MANUAL", "NOTA DE ENSEÑANZA"):
        pdf = _case("Nordic Case Centre IM-23-0417", TITLE_LINES, label)
        identity = check_identity(pdf, CASE)
        assert identity.verdict != "matched", (label, identity.evidence)


def test_the_case_itself_with_its_authors_in_capitals_is_still_matched() -> None:
    """The guard: the case's own file; a line in capitals naming the record's own authors, or
    with a number (a code), is no label."""
    pdf = _case("Nordic Case Centre CS-23-0417", TITLE_LINES, None)
    assert check_identity(pdf, CASE).verdict == "matched"
    pdf = _case("Nordic Case Centre CS-23-0417", TITLE_LINES, "CHIDINMA OKAFOR")
    assert check_identity(pdf, CASE).verdict == "matched"
